/*
 * rodinia.c -- Rodinia 3.1 CUDA benchmarks (Che et al., IISWC 2009).
 *
 * Each generator follows the benchmark's .cu kernels: launch shapes, thread -> element
 * mapping, loop order, and the global reads/writes (texture and read-only loads count as L1
 * accesses: the L1 and texture cache are unified on Volta/Ampere; __constant__ reads and
 * shared memory are not L1 accesses and count as non-memory instructions).  The host loops
 * (BFS levels, SRAD iterations, NW diagonals, Gaussian elimination steps, CFD RK stages) are
 * reproduced; their data-dependent control (BFS frontiers) is computed on the generated input.
 * Non-memory instruction counts are SASS estimates per section (documented per kernel).
 */
#include "profiling/generators/gen.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define F 4

#define TRY(x) do { if ((x) < 0) return -1; } while (0)

/* Array contents (gen_content, for BDI compressibility): what the host stores before the
 * kernels run (the data a kernel first reads), per benchmark below; synthetic where Rodinia
 * reads an input file (then a stand-in with the file's type and range). */

/* Common parameter block: array bases and a few integers. */
typedef struct rk {
	uint64_t a[16];
	long n[8];
	const void *d[4];   /* generator-side data (graphs, masks) */
} rk_t;

static uint32_t lanes_below(const gen_warp_t *w, long lim)
{
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++)
		if ((w->valid >> l & 1) && w->gx[l] < lim)
			m |= gen_lane_bit(l);
	return m;
}

/* ------------------------------------------------------------------ kmeans
 * invert_mapping<<<npoints/256, 256>>>: for i < nfeatures: output[pid + npoints*i] =
 *   input[pid*nfeatures + i] runs once per application, before the k-means iterations; the
 *   stream models the steady state (the kmeansPoint iterations) and leaves it out: its
 *   uncoalesced reads (32 lines per warp load) would otherwise dominate a short trace.
 * kmeansPoint<<<npoints/256, 256>>>: for i < nclusters: for j < nfeatures:
 *   diff = tex1Dfetch(t_features, pid + j*npoints) - c_clusters[i*nfeatures + j] (constant
 *   memory); then membership[pid] = index                      (once per k-means iteration)
 * n[0] = npoints, n[1] = nfeatures, n[2] = nclusters. a[0] input, a[1] features, a[2] membership */
#define KM_NF 34
#define KM_NC 5
#define KM_ITERS 4     /* k-means iterations (steady state: first touches 1/4 of the stream) */
static const gen_inst_t km_inv_pre[] = { I_ALUN(8) };
static const gen_inst_t km_inv_loop[] = {
	I_LD(0, 4, 2), I_ST(1, 6, 4), I_ALU(2, 2, -1, -1), I_ALU(6, 6, 7, -1),
	I_ALU(8, 8, -1, -1), I_ALU(-1, 8, 9, -1), I_ALU(-1, -1, -1, -1),
};
static const gen_inst_t km_pre[] = { I_ALUN(10) };
static const gen_inst_t km_loop[] = {
	I_LD(0, 4, 2),              /* tex1Dfetch(t_features, pid + j*npoints) */
	I_ALU(5, 10, -1, -1),       /* LDC c_clusters[i*nf + j] */
	I_ALU(6, 4, 5, -1),         /* FADD diff */
	I_ALU(7, 6, 6, 7),          /* FFMA ans += diff*diff */
	I_ALU(2, 2, 11, -1),        /* address += npoints*4 */
	I_ALU(10, 10, -1, -1),      /* constant index++ */
	I_ALU(12, 12, -1, -1), I_ALU(-1, 12, 13, -1), I_ALU(-1, -1, -1, -1),
};
static const gen_inst_t km_post[] = { I_ALUN(4), I_ST(1, 14, 15) };

static uint32_t km_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const rk_t *p = L->p;
	long np = p->n[0], nf = p->n[1];
	uint32_t m = lanes_below(w, np);
	int inv = L->pc_base == 0x1000;
	for (int l = 0; l < GEN_WARP; l++) {
		long pid = w->gx[l];
		if (inv)
			a[l] = op == 0 ? p->a[0] + (uint64_t)(pid * nf + w->iter) * F
			               : p->a[1] + (uint64_t)(pid + np * w->iter) * F;
		else if (sec == 1)
			a[l] = p->a[1] + (uint64_t)(pid + np * (w->iter % nf)) * F;
		else
			a[l] = p->a[2] + (uint64_t)pid * F;
	}
	return m;
}

static int run_kmeans(gen_t *g, long np)
{
	rk_t p = { .n = { np, KM_NF, KM_NC } };
	p.a[0] = gen_alloc(g, np * KM_NF * F); p.a[1] = gen_alloc(g, np * KM_NF * F);
	p.a[2] = gen_alloc(g, np * F);
	/* features: floats of the input file (synthetic: uniform in [0, 1)); membership: int
	 * cluster ids in [0, nclusters) */
	TRY(gen_content_urand(g, p.a[0], (uint64_t)(np * KM_NF), 0, 1));
	TRY(gen_content_urand(g, p.a[1], (uint64_t)(np * KM_NF), 0, 1));
	TRY(gen_content_irand(g, p.a[2], (uint64_t)np, 0, KM_NC));
	gen_launch_t L = {
		.kname = "invert_mapping", .grid = { (int)((np + 255) / 256), 1, 1 }, .block = { 256, 1, 1 },
		.sec = { km_inv_pre, km_inv_loop, NULL }, .nsec = { 1, 7, 0 }, .trips = KM_NF,
		.addr = km_addr, .has_regs = 1, .pc_base = 0x1000, .p = &p,
	};
	(void)km_inv_pre; (void)km_inv_loop;   /* invert_mapping: see above, not in the stream */
	L.kname = "kmeansPoint"; L.pc_base = 0x2000;
	L.sec[0] = km_pre; L.sec[1] = km_loop; L.sec[2] = km_post;
	L.nsec[0] = 1; L.nsec[1] = 9; L.nsec[2] = 2;
	L.trips = KM_NF * KM_NC;
	for (int it = 0; it < KM_ITERS; it++)
		if (gen_launch(g, &L) < 0)
			return -1;
	return 0;
}

/* ------------------------------------------------------------------ bfs
 * Kernel<<<n/512, 512>>>: if (mask[tid]) { mask[tid] = false;
 *   for (i = nodes[tid].starting; i < starting + nodes[tid].no_of_edges; i++) {
 *     id = edges[i]; if (!visited[id]) { cost[id] = cost[tid] + 1; updating[id] = true; } } }
 * Kernel2<<<n/512, 512>>>: if (updating[tid]) { mask[tid] = visited[tid] = true; *over = true;
 *   updating[tid] = false; }
 * The host repeats both until no vertex is updated.  Node = {int starting, no_of_edges}; the
 * masks are bool (1 byte).  a[]: 0 nodes, 1 edges, 2 mask, 3 updating, 4 visited, 5 cost, 6 over */
typedef struct bfs_state {
	const gen_csr_t *gr;
	const unsigned char *frontier, *visited, *updating;
} bfs_state_t;

static const gen_inst_t bfs1_pre[] = {
	I_ALUN(5), I_LD(0, 4, 2), I_ALUN(2), I_ST(1, 2, 0), I_LD(2, 5, 3), I_LD(3, 6, 3), I_ALUN(3),
};
static const gen_inst_t bfs1_loop[] = {
	I_LD(4, 7, 8), I_ALUN(2), I_LD(5, 9, 10), I_ALUN(2), I_LD(6, 11, 12), I_ALUN(2),
	I_ST(7, 13, 11), I_ST(8, 14, 15), I_ALUN(4),
};
static const gen_inst_t bfs2_pre[] = {
	I_ALUN(5), I_LD(0, 4, 2), I_ALUN(2), I_ST(1, 2, 0), I_ST(2, 3, 0), I_ST(3, 5, 0), I_ST(4, 6, 0),
};

static long bfs_trips(const gen_launch_t *L, gen_warp_t *w)
{
	const rk_t *p = L->p;
	const bfs_state_t *s = p->d[0];
	long t = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		long v = w->gx[l];
		if (!(w->valid >> l & 1) || v >= s->gr->n || !s->frontier[v])
			continue;
		long d = s->gr->row[v + 1] - s->gr->row[v];
		if (d > t)
			t = d;
	}
	return t;
}

static uint32_t bfs_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const rk_t *p = L->p;
	const bfs_state_t *s = p->d[0];
	const gen_csr_t *gr = s->gr;
	long n = gr->n;
	uint32_t m = 0;
	int k2 = L->pc_base == 0x2000;
	for (int l = 0; l < GEN_WARP; l++) {
		long v = w->gx[l];
		if (!(w->valid >> l & 1) || v >= n)
			continue;
		if (k2) {
			if (op == 0) { a[l] = p->a[3] + (uint64_t)v; m |= gen_lane_bit(l); continue; }
			if (!s->updating[v])
				continue;
			uint64_t base[5] = { 0, p->a[2], p->a[4], p->a[6], p->a[3] };
			a[l] = op == 3 ? base[3] : base[op] + (uint64_t)v;
			m |= gen_lane_bit(l);
			continue;
		}
		if (op == 0) { a[l] = p->a[2] + (uint64_t)v; m |= gen_lane_bit(l); continue; }
		if (!s->frontier[v])
			continue;
		if (op == 1) { a[l] = p->a[2] + (uint64_t)v; m |= gen_lane_bit(l); continue; }
		if (op == 2 || op == 3) { a[l] = p->a[0] + (uint64_t)v * 8 + (op == 3 ? 4 : 0); m |= gen_lane_bit(l); continue; }
		long e = gr->row[v] + w->iter;
		if (e >= gr->row[v + 1])
			continue;
		long id = gr->col[e];
		if (op == 4) { a[l] = p->a[1] + (uint64_t)e * 4; m |= gen_lane_bit(l); continue; }
		if (op == 5) { a[l] = p->a[4] + (uint64_t)id; m |= gen_lane_bit(l); continue; }
		if (s->visited[id])
			continue;
		if (op == 6) a[l] = p->a[5] + (uint64_t)v * 4;
		else if (op == 7) a[l] = p->a[5] + (uint64_t)id * 4;
		else a[l] = p->a[3] + (uint64_t)id;
		m |= gen_lane_bit(l);
	}
	return m;
}

/* bfs Node {int starting; int no_of_edges;} from the CSR graph */
static uint32_t bfs_node_word(const void *ctx, uint64_t w)
{
	const gen_csr_t *c = ctx;
	long v = (long)(w / 2);
	return (uint32_t)(w % 2 ? c->row[v + 1] - c->row[v] : c->row[v]);
}

static int run_bfs(gen_t *g, long scale)
{
	gen_csr_t gr;
	if (gen_rmat(g, (int)scale, 8, &gr) < 0)
		return -1;
	long n = gr.n;
	int rc = -1;
	unsigned char *front = calloc((size_t)n, 1), *vis = calloc((size_t)n, 1), *upd = calloc((size_t)n, 1);
	if (!front || !vis || !upd)
		goto out;
	rk_t p = { 0 };
	bfs_state_t s = { &gr, front, vis, upd };
	p.d[0] = &s;
	p.a[0] = gen_alloc(g, n * 8); p.a[1] = gen_alloc(g, gr.nnz * 4); p.a[2] = gen_alloc(g, n);
	p.a[3] = gen_alloc(g, n); p.a[4] = gen_alloc(g, n); p.a[5] = gen_alloc(g, n * 4);
	p.a[6] = gen_alloc(g, 4);
	/* host init (bfs.cu): nodes and edges of the graph; masks, updating mask and visited
	 * false (the source's two flags are 1 of n bytes: ignored); cost = -1 (source 0) */
	if (gen_content(g, p.a[0], (uint64_t)(2 * n), bfs_node_word, &gr) < 0 ||
	    gen_content_longs(g, p.a[1], (uint64_t)gr.nnz, gr.col) < 0 ||
	    gen_content_const(g, p.a[2], (uint64_t)(n / 4), 0) < 0 ||
	    gen_content_const(g, p.a[3], (uint64_t)(n / 4), 0) < 0 ||
	    gen_content_const(g, p.a[4], (uint64_t)(n / 4), 0) < 0 ||
	    gen_content_irand(g, p.a[5], (uint64_t)n, -1, 1) < 0 ||
	    gen_content_const(g, p.a[6], 1, 0) < 0)
		goto out;
	long src = 0;                                /* Rodinia starts at node 0; skip isolated ones */
	while (src < n - 1 && gr.row[src + 1] == gr.row[src])
		src++;
	front[src] = vis[src] = 1;
	gen_launch_t k1 = {
		.kname = "Kernel", .grid = { (int)((n + 511) / 512), 1, 1 }, .block = { 512, 1, 1 },
		.sec = { bfs1_pre, bfs1_loop, NULL }, .nsec = { 7, 9, 0 }, .trip_fn = bfs_trips,
		.addr = bfs_addr, .pc_base = 0x1000, .p = &p,
	};
	gen_launch_t k2 = {
		.kname = "Kernel2", .grid = { (int)((n + 511) / 512), 1, 1 }, .block = { 512, 1, 1 },
		.sec = { bfs2_pre, NULL, NULL }, .nsec = { 7, 0, 0 },
		.addr = bfs_addr, .pc_base = 0x2000, .p = &p,
	};
	for (;;) {
		if (gen_launch(g, &k1) < 0)
			goto out;
		long nupd = 0;
		for (long v = 0; v < n; v++)
			if (front[v])
				for (long e = gr.row[v]; e < gr.row[v + 1]; e++)
					if (!vis[gr.col[e]])
						upd[gr.col[e]] = 1;
		for (long v = 0; v < n; v++)
			nupd += upd[v];
		if (gen_launch(g, &k2) < 0)
			goto out;
		for (long v = 0; v < n; v++) {
			front[v] = upd[v];
			if (upd[v])
				vis[v] = 1;
			upd[v] = 0;
		}
		if (!nupd)
			break;
	}
	rc = 0;
out:
	free(front); free(vis); free(upd);
	gen_csr_free(&gr);
	return rc;
}

/* ------------------------------------------------------------------ hotspot
 * calculate_temp<<<(blockCols, blockRows), (16,16)>>>, pyramid height 2 (the Rodinia run
 * script): small block 12 x 12, blkX = 12*bx - 2, blkY = 12*by - 2; load temp_src[index] and
 * power[index] into shared memory when in range; `iteration` steps in shared memory (~45
 * instructions each: 5 shared loads, the stencil FMAs, range checks, two barriers); the
 * threads of the computed interior store temp_dst[index].  a[0] temp_src, a[1] power,
 * a[2] temp_dst; n[0] grid rows = cols, n[1] iteration. */
#define HS_PYR 2
#define HS_ITERS 4
static const gen_inst_t hs_prog[] = {
	I_ALUN(30), I_LD(0, 4, 2), I_LD(1, 5, 2), I_ALUN(8),
	I_ALUN(45), I_ALUN(45), I_ALUN(6), I_ST(2, 2, 6),
};

static uint32_t hs_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const rk_t *p = L->p;
	long n = p->n[0], it = p->n[1];
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		if (!(w->valid >> l & 1))
			continue;
		long x = 12L * w->cx - 2 + w->tx[l], y = 12L * w->cy - 2 + w->ty[l];
		if (x < 0 || y < 0 || x >= n || y >= n)
			continue;
		if (op == 2 && !(w->tx[l] >= it && w->tx[l] <= 15 - it && w->ty[l] >= it && w->ty[l] <= 15 - it))
			continue;
		a[l] = p->a[op] + (uint64_t)(y * n + x) * F;
		m |= gen_lane_bit(l);
	}
	return m;
}

static int run_hotspot(gen_t *g, long n)
{
	rk_t p = { .n = { n, HS_PYR } };
	p.a[0] = gen_alloc(g, n * n * F); p.a[1] = gen_alloc(g, n * n * F); p.a[2] = gen_alloc(g, n * n * F);
	/* temp_N and power_N input files: float temperatures (synthetic: uniform 322-345 K, the
	 * range of temp_1024) and float powers (uniform [0, 1e-3) W) */
	TRY(gen_content_urand(g, p.a[0], (uint64_t)(n * n), 322, 345));
	TRY(gen_content_urand(g, p.a[1], (uint64_t)(n * n), 0, 1e-3f));
	TRY(gen_content_urand(g, p.a[2], (uint64_t)(n * n), 322, 345));
	int bc = (int)(n / 12 + (n % 12 != 0));
	gen_launch_t L = {
		.kname = "calculate_temp", .grid = { bc, bc, 1 }, .block = { 16, 16, 1 },
		.sec = { hs_prog, NULL, NULL }, .nsec = { 8, 0, 0 }, .addr = hs_addr, .pc_base = 0x1000, .p = &p,
	};
	for (int t = 0; t < HS_ITERS; t += HS_PYR) {
		if (gen_launch(g, &L) < 0)
			return -1;
		uint64_t x = p.a[0]; p.a[0] = p.a[2]; p.a[2] = x;   /* ping-pong buffers */
	}
	return 0;
}

/* ------------------------------------------------------------------ srad (srad_v1)
 * 1-D grids of 512 threads over the Ne = Nr*Nc pixels, column-major (row = ei % Nr,
 * col = ei / Nr).  Once: extract (d_I = exp(d_I/255)).  Per iteration: prepare (sums = I,
 * sums2 = I^2), reduce (tree passes over blocks of 512, stride `mul` growing 512x per pass),
 * srad (reads I at the pixel and its N/S/W/E neighbours through the iN/iS/jW/jE index arrays,
 * writes dN, dS, dW, dE, c; ~70 instructions incl. divisions), srad2 (reads c at the pixel,
 * S and E neighbours and dN..dE, writes I).  a[]: 0 I, 1 sums, 2 sums2, 3 iN, 4 iS, 5 jW,
 * 6 jE, 7 dN, 8 dS, 9 dW, 10 dE, 11 c.  n[0] Nr, n[1] Nc, n[2] reduce stride, n[3] reduce count */
#define SRAD_ITERS 10
static const gen_inst_t srad_extract[] = { I_ALUN(6), I_LD(0, 4, 2), I_ALUN(8), I_ST(1, 2, 4) };
static const gen_inst_t srad_prepare[] = { I_ALUN(6), I_LD(0, 4, 2), I_ST(1, 5, 4), I_ALU(6, 4, 4, -1), I_ST(2, 7, 6) };
static const gen_inst_t srad_reduce[] = { I_ALUN(10), I_LD(0, 4, 2), I_LD(1, 5, 3), I_ALUN(60), I_ST(2, 2, 4), I_ST(3, 3, 5) };
static const gen_inst_t srad_k1[] = {
	I_ALUN(12), I_LD(0, 4, 2), I_LD(1, 5, 3), I_LD(2, 6, 3), I_LD(3, 7, 3), I_LD(4, 8, 3),
	I_LD(5, 9, 5), I_LD(6, 10, 6), I_LD(7, 11, 7), I_LD(8, 12, 8), I_ALUN(30),
	I_ST(9, 2, 9), I_ST(10, 2, 10), I_ST(11, 2, 11), I_ST(12, 2, 12), I_ALUN(40), I_ST(13, 2, 13),
};
static const gen_inst_t srad_k2[] = {
	I_ALUN(12), I_LD(0, 4, 2), I_LD(1, 5, 3), I_LD(2, 6, 3), I_LD(3, 7, 3), I_LD(4, 8, 3),
	I_LD(5, 9, 5), I_LD(6, 10, 6), I_LD(7, 11, 7), I_LD(8, 12, 8), I_LD(9, 13, 9), I_ALUN(20),
	I_ST(10, 2, 13),
};

static uint32_t srad_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const rk_t *p = L->p;
	long Nr = p->n[0], Nc = p->n[1], Ne = Nr * Nc;
	int k = (int)(L->pc_base >> 12);
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		long ei = w->gx[l];
		if (!(w->valid >> l & 1))
			continue;
		long row = ei % Nr, col = ei / Nr;
		long rN = row > 0 ? row - 1 : 0, rS = row < Nr - 1 ? row + 1 : Nr - 1;
		long cW = col > 0 ? col - 1 : 0, cE = col < Nc - 1 ? col + 1 : Nc - 1;
		uint64_t ad = 0;
		switch (k) {
		case 1: /* extract */
			if (ei >= Ne) continue;
			ad = p->a[0] + (uint64_t)ei * F; break;
		case 2: /* prepare */
			if (ei >= Ne) continue;
			ad = p->a[op] + (uint64_t)ei * F; break;
		case 3: { /* reduce: element ei of this pass, stride mul */
			long no = p->n[3], mul = p->n[2];
			if (op < 2) {
				if (ei >= no) continue;
				ad = p->a[1 + op] + (uint64_t)(ei * mul) * F;
			} else {
				if (w->tx[l] != 0) continue;
				ad = p->a[1 + op - 2] + (uint64_t)(w->cx * mul * 512) * F;
			}
			break; }
		case 4: /* srad */
			if (ei >= Ne) continue;
			switch (op) {
			case 0: ad = p->a[0] + (uint64_t)ei * F; break;
			case 1: ad = p->a[0] + (uint64_t)(rN + Nr * col) * F; break;
			case 2: ad = p->a[0] + (uint64_t)(rS + Nr * col) * F; break;
			case 3: ad = p->a[0] + (uint64_t)(row + Nr * cW) * F; break;
			case 4: ad = p->a[0] + (uint64_t)(row + Nr * cE) * F; break;
			case 5: ad = p->a[3] + (uint64_t)row * F; break;
			case 6: ad = p->a[4] + (uint64_t)row * F; break;
			case 7: ad = p->a[5] + (uint64_t)col * F; break;
			case 8: ad = p->a[6] + (uint64_t)col * F; break;
			default: ad = p->a[7 + op - 9] + (uint64_t)ei * F; break;
			}
			break;
		case 5: /* srad2 */
			if (ei >= Ne) continue;
			switch (op) {
			case 0: ad = p->a[11] + (uint64_t)ei * F; break;
			case 1: ad = p->a[11] + (uint64_t)(rS + Nr * col) * F; break;
			case 2: ad = p->a[11] + (uint64_t)(row + Nr * cE) * F; break;
			case 3: ad = p->a[4] + (uint64_t)row * F; break;
			case 4: ad = p->a[6] + (uint64_t)col * F; break;
			case 5: case 6: case 7: case 8: ad = p->a[7 + op - 5] + (uint64_t)ei * F; break;
			case 9: ad = p->a[0] + (uint64_t)ei * F; break;
			default: ad = p->a[0] + (uint64_t)ei * F; break;
			}
			break;
		}
		a[l] = ad;
		m |= gen_lane_bit(l);
	}
	return m;
}

/* srad index arrays: int i + off clamped to [0, n) (iN, iS, jW, jE of main.c) */
static uint32_t srad_ramp(const void *ctx, uint64_t i)
{
	const long *c = ctx;
	long v = (long)i + c[1];
	return (uint32_t)(v < 0 ? 0 : v >= c[0] ? c[0] - 1 : v);
}

static int run_srad(gen_t *g, long nr)
{
	long nc = nr * 458 / 502;       /* the Rodinia input's aspect ratio (502 x 458) */
	long ne = nr * nc;
	rk_t p = { .n = { nr, nc } };
	p.a[0] = gen_alloc(g, ne * F); p.a[1] = gen_alloc(g, ne * F); p.a[2] = gen_alloc(g, ne * F);
	p.a[3] = gen_alloc(g, nr * F); p.a[4] = gen_alloc(g, nr * F); p.a[5] = gen_alloc(g, nc * F);
	p.a[6] = gen_alloc(g, nc * F);
	for (int i = 7; i < 12; i++)
		p.a[i] = gen_alloc(g, ne * F);
	/* srad_v1 main.c: I = exp(image/255) floats in [1, e] (image: synthetic 8-bit pixels);
	 * sums, sums2, dN..dE and c: floats computed from I (stand-in: uniform); iN[i] = i-1,
	 * iS[i] = i+1, jW[j] = j-1, jE[j] = j+1 (clamped at the borders): int ramps */
	TRY(gen_content_urand(g, p.a[0], (uint64_t)ne, 1.0f, 2.7182818f));
	TRY(gen_content_urand(g, p.a[1], (uint64_t)ne, 1.0f, 2.7182818f));
	TRY(gen_content_urand(g, p.a[2], (uint64_t)ne, 1.0f, 7.389f));
	long rm[2] = { nr, -1 }, rp[2] = { nr, 1 }, cm[2] = { nc, -1 }, cp[2] = { nc, 1 };
	TRY(gen_content(g, p.a[3], (uint64_t)nr, srad_ramp, rm));
	TRY(gen_content(g, p.a[4], (uint64_t)nr, srad_ramp, rp));
	TRY(gen_content(g, p.a[5], (uint64_t)nc, srad_ramp, cm));
	TRY(gen_content(g, p.a[6], (uint64_t)nc, srad_ramp, cp));
	for (int i = 7; i < 12; i++)
		TRY(gen_content_urand(g, p.a[i], (uint64_t)ne, -1, 1));
	int blocks = (int)((ne + 511) / 512);
	gen_launch_t L = { .grid = { blocks, 1, 1 }, .block = { 512, 1, 1 }, .addr = srad_addr, .p = &p };
#define SRAD_RUN(nm, pc, prog) do { L.kname = nm; L.pc_base = pc; L.sec[0] = prog; \
		L.nsec[0] = (int)(sizeof prog / sizeof prog[0]); if (gen_launch(g, &L) < 0) return -1; } while (0)
	SRAD_RUN("extract", 0x1000, srad_extract);
	for (int it = 0; it < SRAD_ITERS; it++) {
		L.grid[0] = blocks;
		SRAD_RUN("prepare", 0x2000, srad_prepare);
		long no = ne, mul = 1;
		while (no > 1) {
			long nb = (no + 511) / 512;
			p.n[2] = mul; p.n[3] = no;
			L.grid[0] = (int)nb;
			SRAD_RUN("reduce", 0x3000, srad_reduce);
			no = nb;
			mul *= 512;
		}
		L.grid[0] = blocks;
		SRAD_RUN("srad", 0x4000, srad_k1);
		SRAD_RUN("srad2", 0x5000, srad_k2);
	}
#undef SRAD_RUN
	return 0;
}

/* ------------------------------------------------------------------ backprop
 * bpnn_layerforward_CUDA<<<(1, in/16), (16,16)>>>: index = 17*16*by + 17*ty + tx + 1 + 17;
 *   tx == 0 loads input_cuda[16*by + ty + 1]; every thread loads input_hidden_cuda[index],
 *   multiplies, reduces over ty in shared memory (4 steps), stores input_hidden_cuda[index];
 *   tx == 0 stores hidden_partial_sum[by*16 + ty].
 * bpnn_adjust_weights_cuda<<<same>>>: w[index] += ETA*delta[tx+1]*ly[16*by+ty+1] +
 *   MOMENTUM*oldw[index]; oldw[index] = the same term (reloaded: the pointers may alias).
 * a[]: 0 input, 1 weights, 2 partial, 3 delta, 4 oldw */
static const gen_inst_t bp_fwd[] = {
	I_ALUN(14), I_LD(0, 4, 2), I_ALUN(3), I_LD(1, 5, 3), I_ALUN(8), I_ALUN(28), I_ST(2, 3, 5),
	I_ALUN(4), I_ST(3, 6, 7),
};
static const gen_inst_t bp_adj[] = {
	I_ALUN(14), I_LD(0, 4, 2), I_LD(1, 5, 3), I_LD(2, 6, 7), I_LD(3, 8, 7), I_ALUN(5), I_ST(4, 7, 8),
	I_LD(0, 4, 2), I_LD(1, 5, 3), I_LD(2, 6, 7), I_ALUN(4), I_ST(5, 7, 6),
};

static uint32_t bp_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const rk_t *p = L->p;
	int adj = L->pc_base == 0x2000;
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		if (!(w->valid >> l & 1))
			continue;
		long tx = w->tx[l], ty = w->ty[l], by = w->cy;
		long index = 17 * 16 * by + 17 * ty + tx + 1 + 17;
		if (!adj) {
			if ((op == 0 || op == 3) && tx != 0)
				continue;
			switch (op) {
			case 0: a[l] = p->a[0] + (uint64_t)(16 * by + ty + 1) * F; break;
			case 1: case 2: a[l] = p->a[1] + (uint64_t)index * F; break;
			case 3: a[l] = p->a[2] + (uint64_t)(by * 16 + ty) * F; break;
			}
		} else {
			switch (op) {
			case 0: a[l] = p->a[3] + (uint64_t)(tx + 1) * F; break;
			case 1: a[l] = p->a[0] + (uint64_t)(16 * by + ty + 1) * F; break;
			case 2: case 5: a[l] = p->a[4] + (uint64_t)index * F; break;
			case 3: case 4: a[l] = p->a[1] + (uint64_t)index * F; break;
			}
		}
		m |= gen_lane_bit(l);
	}
	return m;
}

static int run_backprop(gen_t *g, long in)
{
	rk_t p = { 0 };
	p.a[0] = gen_alloc(g, (in + 1) * F); p.a[1] = gen_alloc(g, (in + 1) * 17 * F);
	p.a[2] = gen_alloc(g, in / 16 * 16 * F); p.a[3] = gen_alloc(g, 17 * F);
	p.a[4] = gen_alloc(g, (in + 1) * 17 * F);
	/* backprop.c: input units and weights (float)rand()/RAND_MAX; partial sums and deltas
	 * floats; prev weights zeroed (bpnn_zero_weights) */
	TRY(gen_content_urand(g, p.a[0], (uint64_t)(in + 1), 0, 1));
	TRY(gen_content_urand(g, p.a[1], (uint64_t)((in + 1) * 17), 0, 1));
	TRY(gen_content_urand(g, p.a[2], (uint64_t)(in / 16 * 16), 0, 4));
	TRY(gen_content_urand(g, p.a[3], 17, -0.1f, 0.1f));
	TRY(gen_content_const(g, p.a[4], (uint64_t)((in + 1) * 17), 0));
	gen_launch_t L = {
		.kname = "bpnn_layerforward_CUDA", .grid = { 1, (int)(in / 16), 1 }, .block = { 16, 16, 1 },
		.sec = { bp_fwd, NULL, NULL }, .nsec = { 9, 0, 0 }, .addr = bp_addr, .pc_base = 0x1000, .p = &p,
	};
	if (gen_launch(g, &L) < 0)
		return -1;
	L.kname = "bpnn_adjust_weights_cuda"; L.sec[0] = bp_adj; L.nsec[0] = 12; L.pc_base = 0x2000;
	return gen_launch(g, &L);
}

/* ------------------------------------------------------------------ nw
 * needle_cuda_shared_1<<<i, 16>>> for i = 1..bw, then needle_cuda_shared_2<<<i, 16>>> for
 * i = bw-1..1 (bw = N/16): each 16-thread CTA owns a 16x16 tile (b_x, b_y): tx == 0 reads
 * matrix[index_nw]; 16 rows of reference[index + cols*ty] into shared memory (the loop);
 * matrix[index_w + cols*(tx+1)] (a column: 16 lines); matrix[index_n]; 31 anti-diagonal steps
 * in shared memory (~13 instructions each); then 16 row stores matrix[index + ty*cols].
 * a[0] reference, a[1] matrix; n[0] cols = N+1, n[1] i, n[2] kernel (1|2), n[3] bw */
static gen_inst_t nw_post[4 + 16];
static const gen_inst_t nw_pre[] = { I_ALUN(20), I_LD(0, 4, 2) };
static const gen_inst_t nw_loop[] = { I_LD(1, 5, 3), I_ALUN(4) };

static uint32_t nw_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const rk_t *p = L->p;
	long cols = p->n[0], i = p->n[1], bw = p->n[3], bx = w->cx;
	long bix, biy;
	if (p->n[2] == 1) { bix = bx; biy = i - 1 - bx; }
	else { bix = bx + bw - i; biy = bw - bx - 1; }
	long base = cols * 16 * biy + 16 * bix;
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		if (!(w->valid >> l & 1))
			continue;
		long tx = w->tx[l];
		long index = base + tx + cols + 1;
		switch (op) {
		case 0: if (tx) continue; a[l] = p->a[1] + (uint64_t)base * F; break;
		case 1: a[l] = p->a[0] + (uint64_t)(index + cols * w->iter) * F; break;
		case 2: a[l] = p->a[1] + (uint64_t)(base + cols + cols * tx) * F; break;   /* index_w + cols*(tx+1) */
		case 3: a[l] = p->a[1] + (uint64_t)(base + tx + 1) * F; break;             /* index_n */
		default: a[l] = p->a[1] + (uint64_t)(index + (op - 4) * cols) * F; break;
		}
		m |= gen_lane_bit(l);
	}
	return m;
}

static int run_nw(gen_t *g, long n)
{
	long cols = n + 1, bw = n / 16;
	rk_t p = { .n = { cols, 0, 1, bw } };
	p.a[0] = gen_alloc(g, cols * cols * F); p.a[1] = gen_alloc(g, cols * cols * F);
	/* needle.cu: reference = blosum62 scores of random residue pairs (ints in [-4, 11]);
	 * input_itemsets zero except the first row and column (-10 i): zeros */
	TRY(gen_content_irand(g, p.a[0], (uint64_t)(cols * cols), -4, 16));
	TRY(gen_content_const(g, p.a[1], (uint64_t)(cols * cols), 0));
	nw_post[0] = (gen_inst_t)I_LD(2, 6, 3);
	nw_post[1] = (gen_inst_t)I_LD(3, 7, 3);
	nw_post[2] = (gen_inst_t)I_ALUN(31 * 13);
	nw_post[3] = (gen_inst_t)I_ALUN(4);
	for (int k = 0; k < 16; k++)
		nw_post[4 + k] = (gen_inst_t)I_ST(4 + k, 3, 8);
	gen_launch_t L = {
		.kname = "needle_cuda_shared_1", .grid = { 1, 1, 1 }, .block = { 16, 1, 1 },
		.sec = { nw_pre, nw_loop, nw_post }, .nsec = { 2, 2, 20 }, .trips = 16,
		.addr = nw_addr, .pc_base = 0x1000, .p = &p,
	};
	for (long i = 1; i <= bw; i++) {
		p.n[1] = i; L.grid[0] = (int)i;
		if (gen_launch(g, &L) < 0)
			return -1;
	}
	L.kname = "needle_cuda_shared_2"; L.pc_base = 0x2000; p.n[2] = 2;
	for (long i = bw - 1; i >= 1; i--) {
		p.n[1] = i; L.grid[0] = (int)i;
		if (gen_launch(g, &L) < 0)
			return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ pathfinder
 * dynproc_kernel<<<cols/216, 256>>> (pyramid height 20, HALO 1: small block 216 columns,
 * blkX = 216*bx - 20): prev[tx] = gpuSrc[xidx] when in range; for i < iteration: threads in
 * [i+1, 254-i] that are valid read gpuWall[cols*(startStep+i) + xidx] (~20 instructions of
 * shared-memory min and barriers per step); computed threads store gpuResults[xidx].  The
 * host launches it for t = 0, 20, 40, ... < rows-1 with iteration = min(20, rows-1-t).
 * a[0] src, a[1] wall, a[2] results; n[0] cols, n[1] iteration, n[2] startStep */
#define PF_ROWS 100
#define PF_PYR 20
static const gen_inst_t pf_pre[] = { I_ALUN(22), I_LD(0, 4, 2), I_ALUN(3) };
static const gen_inst_t pf_loop[] = { I_ALUN(12), I_LD(1, 5, 6), I_ALUN(8) };
static const gen_inst_t pf_post[] = { I_ALUN(2), I_ST(2, 2, 5) };

static uint32_t pf_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const rk_t *p = L->p;
	long cols = p->n[0], iter = p->n[1];
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		if (!(w->valid >> l & 1))
			continue;
		long tx = w->tx[l], x = 216L * w->cx - PF_PYR + tx;
		if (x < 0 || x >= cols)
			continue;
		if (op == 1 && !(tx >= w->iter + 1 && tx <= 254 - w->iter))
			continue;
		if (op == 2 && !(tx >= iter && tx <= 255 - iter))
			continue;
		if (op == 0) a[l] = p->a[0] + (uint64_t)x * F;
		else if (op == 1) a[l] = p->a[1] + (uint64_t)(cols * (p->n[2] + w->iter) + x) * F;
		else a[l] = p->a[2] + (uint64_t)x * F;
		m |= gen_lane_bit(l);
	}
	return m;
}

static int run_pathfinder(gen_t *g, long cols)
{
	rk_t p = { .n = { cols } };
	p.a[0] = gen_alloc(g, cols * F); p.a[1] = gen_alloc(g, cols * PF_ROWS * F);
	p.a[2] = gen_alloc(g, cols * F);
	/* pathfinder.cu: wall[i][j] = rand() % 10 (int); src = result = wall row 0 */
	TRY(gen_content_irand(g, p.a[0], (uint64_t)cols, 0, 10));
	TRY(gen_content_irand(g, p.a[1], (uint64_t)(cols * PF_ROWS), 0, 10));
	TRY(gen_content_irand(g, p.a[2], (uint64_t)cols, 0, 10));
	gen_launch_t L = {
		.kname = "dynproc_kernel", .grid = { (int)(cols / 216 + (cols % 216 != 0)), 1, 1 },
		.block = { 256, 1, 1 }, .sec = { pf_pre, pf_loop, pf_post }, .nsec = { 3, 3, 2 },
		.addr = pf_addr, .pc_base = 0x1000, .p = &p,
	};
	for (long t = 0; t < PF_ROWS - 1; t += PF_PYR) {
		long it = PF_PYR < PF_ROWS - 1 - t ? PF_PYR : PF_ROWS - 1 - t;
		p.n[1] = it; p.n[2] = t; L.trips = it;
		if (gen_launch(g, &L) < 0)
			return -1;
		uint64_t x = p.a[0]; p.a[0] = p.a[2]; p.a[2] = x;
	}
	return 0;
}

/* ------------------------------------------------------------------ gaussian
 * For t = 0 .. N-2:
 *  Fan1<<<N/512, 512>>>: x < N-1-t: m[N*(x+t+1)+t] = a[N*(x+t+1)+t] / a[N*t+t]
 *  Fan2<<<(N/4, N/4), (4,4)>>>: x = bx*4+tx < N-1-t, y = by*4+ty < N-t:
 *    a[N*(x+1+t)+(y+t)] -= m[N*(x+1+t)+t] * a[N*t+(y+t)];
 *    y == 0: b[x+1+t] -= m[N*(x+1+t)+(y+t)] * b[t]
 * (BLOCK_SIZE_XY = 4: 16-thread CTAs whose lanes walk down a column: uncoalesced.)
 * a[0] a, a[1] m, a[2] b; n[0] N, n[1] t */
static const gen_inst_t ga_fan1[] = { I_ALUN(10), I_LD(0, 4, 2), I_LD(1, 5, 3), I_ALUN(12), I_ST(2, 6, 4) };
static const gen_inst_t ga_fan2[] = {
	I_ALUN(14), I_LD(0, 4, 2), I_LD(1, 5, 3), I_LD(2, 6, 7), I_ALUN(2), I_ST(3, 7, 6),
	I_ALUN(3), I_LD(4, 8, 9), I_LD(5, 10, 11), I_LD(6, 12, 13), I_ALUN(2), I_ST(7, 13, 12),
};

static uint32_t ga_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const rk_t *p = L->p;
	long N = p->n[0], t = p->n[1];
	int fan2 = L->pc_base == 0x2000;
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		if (!(w->valid >> l & 1))
			continue;
		long x = w->gx[l], y = w->gy[l];
		if (!fan2) {
			if (x >= N - 1 - t)
				continue;
			if (op == 0) a[l] = p->a[0] + (uint64_t)(N * (x + t + 1) + t) * F;
			else if (op == 1) a[l] = p->a[0] + (uint64_t)(N * t + t) * F;
			else a[l] = p->a[1] + (uint64_t)(N * (x + t + 1) + t) * F;
		} else {
			if (x >= N - 1 - t || y >= N - t)
				continue;
			if (op >= 4 && y != 0)
				continue;
			switch (op) {
			case 0: a[l] = p->a[1] + (uint64_t)(N * (x + 1 + t) + t) * F; break;
			case 1: a[l] = p->a[0] + (uint64_t)(N * t + y + t) * F; break;
			case 2: case 3: a[l] = p->a[0] + (uint64_t)(N * (x + 1 + t) + y + t) * F; break;
			case 4: a[l] = p->a[1] + (uint64_t)(N * (x + 1 + t) + y + t) * F; break;
			case 5: a[l] = p->a[2] + (uint64_t)t * F; break;
			default: a[l] = p->a[2] + (uint64_t)(x + 1 + t) * F; break;
			}
		}
		m |= gen_lane_bit(l);
	}
	return m;
}

static uint32_t ga_word(const void *ctx, uint64_t w)
{
	long n = *(const long *)ctx, i = (long)(w / (uint64_t)n), j = (long)(w % (uint64_t)n);
	float v = (float)(10.0 * exp(-0.01 * (double)labs(i - j)));
	uint32_t u;
	memcpy(&u, &v, 4);
	return u;
}

static int run_gaussian(gen_t *g, long n)
{
	rk_t p = { .n = { n } };
	p.a[0] = gen_alloc(g, n * n * F); p.a[1] = gen_alloc(g, n * n * F); p.a[2] = gen_alloc(g, n * F);
	/* gaussian.cu create_matrix: a[i][j] = 10 exp(-0.01 |i - j|) (float Toeplitz); m zeroed;
	 * b[i] = 1.0 */
	TRY(gen_content(g, p.a[0], (uint64_t)(n * n), ga_word, &n));
	TRY(gen_content_const(g, p.a[1], (uint64_t)(n * n), 0));
	TRY(gen_content_const(g, p.a[2], (uint64_t)n, 1.0f));
	gen_launch_t f1 = {
		.kname = "Fan1", .grid = { (int)((n + 511) / 512), 1, 1 }, .block = { 512, 1, 1 },
		.sec = { ga_fan1, NULL, NULL }, .nsec = { 5, 0, 0 }, .addr = ga_addr, .pc_base = 0x1000, .p = &p,
	};
	int g2 = (int)(n / 4 + (n % 4 != 0));
	gen_launch_t f2 = {
		.kname = "Fan2", .grid = { g2, g2, 1 }, .block = { 4, 4, 1 },
		.sec = { ga_fan2, NULL, NULL }, .nsec = { 12, 0, 0 }, .addr = ga_addr, .pc_base = 0x2000, .p = &p,
	};
	for (long t = 0; t < n - 1; t++) {
		p.n[1] = t;
		if (gen_launch(g, &f1) < 0 || gen_launch(g, &f2) < 0)
			return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ cfd (euler3d)
 * Structure-of-arrays over nelr elements (padded to 192), blocks of 192 threads.  One time
 * step: copy (old_variables = variables, 5 arrays), compute_step_factor (5 variables + areas
 * -> step_factors), then 3 Runge-Kutta stages of compute_flux (own 5 variables; for each of
 * the 4 neighbours: elements_surrounding_elements[i + j*nelr], normals[i + (j + d*4)*nelr]
 * for d = 0..2, and if nb >= 0 the neighbour's 5 variables, a gather; ~165 instructions per
 * neighbour; then 5 flux stores) and time_step (step_factor, 5 x (old, flux) -> variables).
 * Mesh: a synthetic stand-in for fvcorr.domn.097K: elements on a near-cubic grid in index
 * order; each element's 4 neighbours are 4 of its 6 grid neighbours chosen at random (seeded),
 * -1/-2 (wing / far field) outside the grid, and 10% of the neighbours displaced to a random
 * element within +-4096 (the partial locality of a reordered unstructured mesh).
 * a[]: 0 variables, 1 old_variables, 2 areas, 3 step_factors, 4 ese, 5 normals, 6 fluxes */
static const gen_inst_t cfd_copy[] = { I_ALUN(6), I_LD(0, 4, 2), I_ST(1, 3, 4) };
static const gen_inst_t cfd_sf[] = {
	I_ALUN(6), I_LD(0, 4, 2), I_LD(1, 5, 2), I_LD(2, 6, 2), I_LD(3, 7, 2), I_LD(4, 8, 2),
	I_LD(5, 9, 2), I_ALUN(40), I_ST(6, 2, 10),
};
static const gen_inst_t cfd_flux_pre[] = {
	I_ALUN(6), I_LD(0, 4, 2), I_LD(1, 5, 2), I_LD(2, 6, 2), I_LD(3, 7, 2), I_LD(4, 8, 2), I_ALUN(80),
};
static const gen_inst_t cfd_flux_loop[] = {
	I_LD(5, 9, 2), I_LD(6, 10, 2), I_LD(7, 11, 2), I_LD(8, 12, 2), I_ALUN(10),
	I_LD(9, 13, 9), I_LD(10, 14, 9), I_LD(11, 15, 9), I_LD(12, 16, 9), I_LD(13, 17, 9), I_ALUN(150),
};
static const gen_inst_t cfd_flux_post[] = {
	I_ST(14, 2, 20), I_ST(15, 2, 21), I_ST(16, 2, 22), I_ST(17, 2, 23), I_ST(18, 2, 24),
};
static const gen_inst_t cfd_ts[] = {
	I_ALUN(8), I_LD(0, 4, 2),
	I_LD(1, 5, 2), I_LD(2, 6, 2), I_ALUN(2), I_ST(3, 2, 7), I_LD(4, 5, 2), I_LD(5, 6, 2), I_ALUN(2), I_ST(6, 2, 7),
	I_LD(7, 5, 2), I_LD(8, 6, 2), I_ALUN(2), I_ST(9, 2, 7), I_LD(10, 5, 2), I_LD(11, 6, 2), I_ALUN(2), I_ST(12, 2, 7),
	I_LD(13, 5, 2), I_LD(14, 6, 2), I_ALUN(2), I_ST(15, 2, 7),
};

static uint32_t cfd_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const rk_t *p = L->p;
	const long *nbr = p->d[0];
	long n = p->n[0], nelr = p->n[1];
	int k = (int)(L->pc_base >> 12);
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		long i = w->gx[l];
		if (!(w->valid >> l & 1) || i >= n)
			continue;
		uint64_t ad = 0;
		switch (k) {
		case 1: /* copy: 5 arrays, one launch per var (n[2]) */
			ad = p->a[op] + (uint64_t)(i + p->n[2] * nelr) * F; break;
		case 2:
			ad = op < 5 ? p->a[0] + (uint64_t)(i + op * nelr) * F
			   : op == 5 ? p->a[2] + (uint64_t)i * F : p->a[3] + (uint64_t)i * F;
			break;
		case 3:
			if (sec == 0) { ad = p->a[0] + (uint64_t)(i + op * nelr) * F; break; }
			if (sec == 2) { ad = p->a[6] + (uint64_t)(i + (op - 14) * nelr) * F; break; }
			if (op == 5) { ad = p->a[4] + (uint64_t)(i + w->iter * nelr) * F; break; }
			if (op <= 8) { ad = p->a[5] + (uint64_t)(i + (w->iter + (op - 6) * 4) * nelr) * F; break; }
			{
				long nb = nbr[i * 4 + w->iter];
				if (nb < 0)
					continue;
				ad = p->a[0] + (uint64_t)(nb + (op - 9) * nelr) * F;
			}
			break;
		case 4:
			if (op == 0) { ad = p->a[3] + (uint64_t)i * F; break; }
			{
				int v = (op - 1) / 3, r = (op - 1) % 3;
				ad = (r == 0 ? p->a[1] : r == 1 ? p->a[6] : p->a[0]) + (uint64_t)(i + v * nelr) * F;
			}
			break;
		}
		a[l] = ad;
		m |= gen_lane_bit(l);
	}
	return m;
}

/* elements_surrounding_elements[i + j*nelr] from the synthetic mesh (padding: -1) */
typedef struct { const long *nbr; long n, nelr; } cfd_ctx_t;
static uint32_t cfd_ese_word(const void *ctx, uint64_t w)
{
	const cfd_ctx_t *c = ctx;
	long j = (long)(w / (uint64_t)c->nelr), i = (long)(w % (uint64_t)c->nelr);
	return (uint32_t)(i < c->n ? c->nbr[i * 4 + j] : -1);
}

static int run_cfd(gen_t *g, long n)
{
	long nelr = (n + 191) / 192 * 192;
	long *nbr = malloc((size_t)n * 4 * sizeof *nbr);
	if (!nbr)
		return -1;
	long d = (long)ceil(cbrt((double)n));
	for (long i = 0; i < n; i++) {
		long x = i % d, y = (i / d) % d, z = i / (d * d);
		long cand[6] = { x > 0 ? i - 1 : -1, x < d - 1 ? i + 1 : -1, y > 0 ? i - d : -1,
		                 y < d - 1 ? i + d : -1, z > 0 ? i - d * d : -2, i + d * d < n ? i + d * d : -2 };
		for (int k = 5; k > 0; k--) {     /* Fisher-Yates on the 6 candidates */
			int j = (int)gsl_rng_uniform_int(g->rng, (unsigned long)k + 1);
			long t = cand[k]; cand[k] = cand[j]; cand[j] = t;
		}
		for (int k = 0; k < 4; k++) {
			long nb = cand[k];
			if (nb >= 0 && gsl_rng_uniform(g->rng) < 0.1) {
				nb = i + (long)gsl_rng_uniform_int(g->rng, 8193) - 4096;
				if (nb < 0) nb = -nb;
				if (nb >= n) nb = n - 1;
			}
			nbr[i * 4 + k] = nb;
		}
	}
	rk_t p = { .n = { n, nelr } };
	p.d[0] = nbr;
	p.a[0] = gen_alloc(g, nelr * 5 * F); p.a[1] = gen_alloc(g, nelr * 5 * F);
	p.a[2] = gen_alloc(g, nelr * F); p.a[3] = gen_alloc(g, nelr * F);
	p.a[4] = gen_alloc(g, nelr * 4 * F); p.a[5] = gen_alloc(g, nelr * 12 * F);
	p.a[6] = gen_alloc(g, nelr * 5 * F);
	int rc = -1;
	/* euler3d.cu: variables and old_variables start as the far-field state, one constant per
	 * variable array (density 1.4, momentum x/y/z, energy: SoA, so each block holds one
	 * value); areas, normals (mesh file floats; synthetic uniform), step factors and fluxes
	 * computed floats (stand-in: uniform); the neighbour table from the synthetic mesh */
	static const float ff[5] = { 1.4f, 1.1837f, 0.0f, 0.0f, 2.9463f };
	cfd_ctx_t cc = { nbr, n, nelr };
	for (int v = 0; v < 5; v++)
		if (gen_content_const(g, p.a[0] + (uint64_t)(v * nelr) * F, (uint64_t)nelr, ff[v]) < 0 ||
		    gen_content_const(g, p.a[1] + (uint64_t)(v * nelr) * F, (uint64_t)nelr, ff[v]) < 0)
			goto out;
	if (gen_content_urand(g, p.a[2], (uint64_t)nelr, 0.001f, 0.01f) < 0 ||
	    gen_content_urand(g, p.a[3], (uint64_t)nelr, 0.0001f, 0.001f) < 0 ||
	    gen_content(g, p.a[4], (uint64_t)(nelr * 4), cfd_ese_word, &cc) < 0 ||
	    gen_content_urand(g, p.a[5], (uint64_t)(nelr * 12), -1, 1) < 0 ||
	    gen_content_urand(g, p.a[6], (uint64_t)(nelr * 5), -1, 1) < 0)
		goto out;
	gen_launch_t L = { .grid = { (int)(nelr / 192), 1, 1 }, .block = { 192, 1, 1 }, .addr = cfd_addr, .p = &p };
	L.kname = "copy"; L.pc_base = 0x1000; L.sec[0] = cfd_copy; L.nsec[0] = 3;
	for (p.n[2] = 0; p.n[2] < 5; p.n[2]++)
		if (gen_launch(g, &L) < 0)
			goto out;
	L.kname = "compute_step_factor"; L.pc_base = 0x2000; L.sec[0] = cfd_sf; L.nsec[0] = 9;
	if (gen_launch(g, &L) < 0)
		goto out;
	for (int rk = 0; rk < 3; rk++) {
		gen_launch_t Fx = L;
		Fx.kname = "compute_flux"; Fx.pc_base = 0x3000;
		Fx.sec[0] = cfd_flux_pre; Fx.sec[1] = cfd_flux_loop; Fx.sec[2] = cfd_flux_post;
		Fx.nsec[0] = 7; Fx.nsec[1] = 11; Fx.nsec[2] = 5; Fx.trips = 4;
		if (gen_launch(g, &Fx) < 0)
			goto out;
		gen_launch_t T = L;
		T.kname = "time_step"; T.pc_base = 0x4000; T.sec[0] = cfd_ts;
		T.nsec[0] = (int)(sizeof cfd_ts / sizeof cfd_ts[0]);
		if (gen_launch(g, &T) < 0)
			goto out;
	}
	rc = 0;
out:
	free(nbr);
	return rc;
}

/* ------------------------------------------------------------------ table */

const gen_kernel_t gen_rodinia[] = {
	{ "r-kmeans", "Rodinia", "k-means, 34 features, 5 clusters, 4 iterations of kmeansPoint", 494020, 1024, 1 << 20, "npoints", "rtx3080", run_kmeans },
	{ "r-bfs", "Rodinia", "breadth-first search on an R-MAT graph (edge factor 8)", 20, 10, 22, "log2 vertices", "rtx3080", run_bfs },
	{ "r-hotspot", "Rodinia", "thermal stencil, pyramid height 2, 4 iterations", 1024, 64, 8192, "grid rows=cols", "rtx3080", run_hotspot },
	{ "r-srad", "Rodinia", "srad_v1 speckle reduction, 10 iterations", 502, 64, 4096, "rows (cols = rows*458/502)", "fuse-15", run_srad },
	{ "r-backprop", "Rodinia", "back-propagation, 16 hidden units: forward + weight adjust", 65536, 1024, 1 << 22, "input units", "rtx3080", run_backprop },
	{ "r-nw", "Rodinia", "Needleman-Wunsch, 16x16 tiles along anti-diagonals", 2048, 64, 8192, "sequence length", "rtx3080", run_nw },
	{ "r-pathfinder", "Rodinia", "dynamic programming over 100 rows, pyramid height 20", 100000, 1000, 10000000, "columns", "fuse-15", run_pathfinder },
	{ "r-gaussian", "Rodinia", "Gaussian elimination, Fan1 + Fan2 per step", 1024, 16, 2048, "matrix order N", "fuse-15", run_gaussian },
	{ "r-cfd", "Rodinia", "euler3d: one step (copy, step factor, 3 x flux + time step)", 97046, 1000, 1 << 22, "elements", "rtx3080", run_cfd },
	{ NULL, NULL, NULL, 0, 0, 0, NULL, NULL, NULL },
};
