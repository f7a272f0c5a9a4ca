/*
 * graph.c -- graph analytics: Pannotia PageRank (Che et al., IISWC 2013), as Morpheus runs it.
 *
 * pagerank1<<<n/256, 256>>>: tid < n: start = row[tid], end = row[tid+1];
 *   for edge in [start, end): nid = col[edge]; atomicAdd(&page_rank2[nid],
 *   page_rank1[tid] / (end - start))      (page_rank1[tid] is reloaded: the atomic may alias)
 * pagerank2<<<n/256, 256>>>: page_rank1[tid] = 0.15/n + 0.85*page_rank2[tid];
 *   page_rank2[tid] = 0
 * The host runs both PR_ITERS times.  Graph: R-MAT (gen_rmat), edge factor 8, seeded.
 * a[0] row, a[1] col, a[2] page_rank1, a[3] page_rank2
 */
#include "profiling/generators/gen.h"

#include <stdlib.h>

#define PR_ITERS 4

typedef struct prk {
	uint64_t a[4];
	const gen_csr_t *gr;
} prk_t;

static const gen_inst_t pr1_pre[] = { I_ALUN(6), I_LD(0, 4, 2), I_LD(1, 5, 2), I_ALUN(6) };
static const gen_inst_t pr1_loop[] = {
	I_LD(2, 6, 7), I_ALUN(2), I_LD(3, 8, 9), I_ALUN(3), I_ATOM(4, 10, 11), I_ALUN(4),
};
static const gen_inst_t pr2_prog[] = { I_ALUN(6), I_LD(5, 4, 2), I_ALUN(3), I_ST(6, 3, 5), I_ST(7, 2, 0) };

static long pr_trips(const gen_launch_t *L, gen_warp_t *w)
{
	const prk_t *p = L->p;
	long t = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		long v = w->gx[l];
		if (!(w->valid >> l & 1) || v >= p->gr->n)
			continue;
		long d = p->gr->row[v + 1] - p->gr->row[v];
		if (d > t)
			t = d;
	}
	return t;
}

static uint32_t pr_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const prk_t *p = L->p;
	const gen_csr_t *gr = p->gr;
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		long v = w->gx[l];
		if (!(w->valid >> l & 1) || v >= gr->n)
			continue;
		switch (op) {
		case 0: a[l] = p->a[0] + (uint64_t)v * 4; break;
		case 1: a[l] = p->a[0] + (uint64_t)(v + 1) * 4; break;
		case 2: case 3: case 4: {
			long e = gr->row[v] + w->iter;
			if (e >= gr->row[v + 1])
				continue;
			a[l] = op == 2 ? p->a[1] + (uint64_t)e * 4
			     : op == 3 ? p->a[2] + (uint64_t)v * 4 : p->a[3] + (uint64_t)gr->col[e] * 4;
			break; }
		case 5: case 7: a[l] = p->a[3] + (uint64_t)v * 4; break;
		default: a[l] = p->a[2] + (uint64_t)v * 4; break;
		}
		m |= gen_lane_bit(l);
	}
	return m;
}

static int run_pagerank(gen_t *g, long scale)
{
	gen_csr_t gr;
	if (gen_rmat(g, (int)scale, 8, &gr) < 0)
		return -1;
	long n = gr.n;
	prk_t p = { .gr = &gr };
	p.a[0] = gen_alloc(g, (n + 1) * 4); p.a[1] = gen_alloc(g, gr.nnz * 4);
	p.a[2] = gen_alloc(g, n * 4); p.a[3] = gen_alloc(g, n * 4);
	/* array contents (BDI): the CSR graph (ints); page_rank1 starts at 1/n and page_rank2 at
	 * 0, but from the first iteration on they hold per-vertex float ranks (uniform stand-in
	 * around 1/n), which is what a run of many iterations mostly reads */
	if (gen_content_longs(g, p.a[0], (uint64_t)(n + 1), gr.row) < 0 ||
	    gen_content_longs(g, p.a[1], (uint64_t)gr.nnz, gr.col) < 0 ||
	    gen_content_urand(g, p.a[2], (uint64_t)n, 0.15f / (float)n, 3.0f / (float)n) < 0 ||
	    gen_content_urand(g, p.a[3], (uint64_t)n, 0.15f / (float)n, 3.0f / (float)n) < 0) {
		gen_csr_free(&gr);
		return -1;
	}
	gen_launch_t k1 = {
		.kname = "pagerank1", .grid = { (int)((n + 255) / 256), 1, 1 }, .block = { 256, 1, 1 },
		.sec = { pr1_pre, pr1_loop, NULL }, .nsec = { 4, 6, 0 }, .trip_fn = pr_trips,
		.addr = pr_addr, .pc_base = 0x1000, .p = &p,
	};
	gen_launch_t k2 = {
		.kname = "pagerank2", .grid = { (int)((n + 255) / 256), 1, 1 }, .block = { 256, 1, 1 },
		.sec = { pr2_prog, NULL, NULL }, .nsec = { 5, 0, 0 }, .addr = pr_addr, .pc_base = 0x2000, .p = &p,
	};
	int rc = 0;
	for (int it = 0; it < PR_ITERS && rc == 0; it++)
		rc = gen_launch(g, &k1) < 0 || gen_launch(g, &k2) < 0 ? -1 : 0;
	gen_csr_free(&gr);
	return rc;
}

const gen_kernel_t gen_graph[] = {
	{ "pagerank", "Pannotia", "PageRank (push, atomics) on an R-MAT graph, 4 iterations", 18, 10, 22, "log2 vertices", "rtx3080", run_pagerank },
	{ NULL, NULL, NULL, 0, 0, 0, NULL, NULL, NULL },
};
