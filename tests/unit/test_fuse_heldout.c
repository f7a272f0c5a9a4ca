/*
 * test_fuse_heldout.c -- the FUSE hybrid-L1 model (models/fuse.c) against the exact hybrid-cache
 * simulator (tests/reference/hybridsim.c) on a HELD-OUT suite: trace families that the model
 * was not developed on (development uses test_fuse.c's three pool-mix families), written and
 * committed before the model was rebuilt (issue 21).  Its FIRST RUN (model of commit f8b841f:
 * 1/8 of the blocks of 4 SMs, one set-index hash, independent index hashes for the two banks)
 * failed the bars (99 of 2164 checks; worst total hit-rate error 0.21, STT-write means up to
 * 20%).  That run showed the banks' index hashes must be one (as in the simulator and the
 * hardware) and how sampling error grows near a loop's cliff; so from then on this suite is
 * DEVELOPMENT data, and the held-out judgement is test_fuse_heldout_b.c, written after it.
 *
 * Families (GSL mt19937, seeded; block numbers disjoint per pool):
 *   loop48, loop200, loop400, loop700, loop1400   a cyclic sweep over L blocks with background
 *       traffic, L below and above each configuration's SRAM bank, STT bank and their sum
 *       (Table I: 128 / 512 / 640 blocks);
 *   zipf0.9, zipf1.2    Zipf popularity over 8192 / 20000 blocks (the verifier's case of issue 21:
 *       hot blocks that reach STT stay there);
 *   gpu-mv    8 SMs, 48 warps each interleaved: a shared vector re-read by every warp, private
 *       matrix rows streamed once, an output block written once then re-read;
 *   gpu-stencil  4 SMs: warps sweep a 2-D tile, each reading three neighbouring rows (reuse by
 *       the next warps within a short window) and writing its output row once;
 *   phases    a loop, then Zipf, then a random write-heavy pool, twice;
 *   worm      producer-consumer: a block written once, then read a geometric number of times at
 *       random later points of a window (write-once-read-many);
 *   wm-mix    accumulators updated often (write-multiple), a read-only pool, a stream.
 * Configurations (per SM, 128 B blocks): the Table I banks with the FA FIFO STT (fa) and with
 * the 2-way set-associative STT (sa), a small 4-way SRAM with a large FA STT, a large 4-way SRAM
 * with a 4-way set-associative STT.  Placements: no predictor (fills to SRAM, victims to STT),
 * the predictor at accuracy 0.95 and at 0.85 (§V-A: mean and worst), the oracle by write count
 * (q = 1), and the oracle with migration off.
 * Reference and bars (issue 21): tests/support/heldout.h, the harness both suites share.
 *
 *   build/tests/test_fuse_heldout --markdown   writes the per-group errors as a markdown table
 *                                              on stdout (docs/validation.md).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "support/heldout.h"

/* ---- families ---- */
#define PER_SM 240000

/* a loop of L blocks (written on every 8th pass when wloop), p_bg background accesses: half a
 * stream of new blocks, half a random pool of 300 blocks written half the time */
static void fam_loop(ho_trace_t *t, gsl_rng *r, int L, double p_bg, int wloop)
{
	ho_trace_alloc(t, 1, PER_SM);
	long pos = 0, stream = 0;
	for (size_t i = 0; i < PER_SM; i++) {
		double u = gsl_rng_uniform(r);
		if (u < p_bg / 2)
			ho_put(t, 0, 9000000 + (uint64_t)stream++, 0);
		else if (u < p_bg)
			ho_put(t, 0, 8000000 + gsl_rng_uniform_int(r, 300), gsl_rng_uniform(r) < 0.5);
		else {
			long k = pos % L, pass = pos / L;
			pos++;
			ho_put(t, 0, 1000000 + (uint64_t)k, wloop && pass % 8 == 0);
		}
	}
}

static void fam_zipf(ho_trace_t *t, gsl_rng *r, int n, double alpha, double pw)
{
	ho_zipf_t z;
	ho_zipf_init(&z, n, alpha);
	ho_trace_alloc(t, 1, PER_SM);
	/* ranks scattered over the block numbers, so popularity is not the set index */
	for (size_t i = 0; i < PER_SM; i++) {
		uint64_t k = (uint64_t)ho_zipf_draw(&z, r);
		ho_put(t, 0, 2000000 + (k * 7919) % (uint64_t)n, gsl_rng_uniform(r) < pw);
	}
	free(z.cdf);
}

/* matrix-vector on 8 SMs: warp w of SM s handles rows; per step it reads one block of the
 * shared vector x (256 blocks, in order), one block of its matrix row (streamed once), and at
 * a row's end writes its output block y once, re-read by a reduction 4 times later */
static void fam_gpu_mv(ho_trace_t *t, gsl_rng *r)
{
	const int nsm = 8, warps = 48, per = PER_SM / 2;
	ho_trace_alloc(t, nsm, per + 64);
	for (int s = 0; s < nsm; s++) {
		long xpos[48] = { 0 }, row[48], a = 0;
		long pend[64], npend = 0;
		for (int w = 0; w < warps; w++)
			row[w] = (long)s * 100000 + w * 1000, xpos[w] = gsl_rng_uniform_int(r, 256);
		while (t->n[s] < (size_t)per) {
			int w = (int)gsl_rng_uniform_int(r, warps);
			ho_put(t, s, 3000000 + (uint64_t)(xpos[w] % 256), 0);
			ho_put(t, s, 20000000 + (uint64_t)a++, 0);                 /* A, streamed */
			if (++xpos[w] % 32 == 0) {                              /* a row block done */
				uint64_t y = 4000000 + (uint64_t)row[w]++;
				ho_put(t, s, y, 1);
				if (npend < 64)
					pend[npend++] = (long)y;
			}
			if (npend > 0 && gsl_rng_uniform(r) < 0.1) {           /* reduction reads */
				long k = gsl_rng_uniform_int(r, (unsigned long)npend);
				ho_put(t, s, (uint64_t)pend[k], 0);
				if (gsl_rng_uniform(r) < 0.25)
					pend[k] = pend[--npend];
			}
		}
	}
}

/* 2-D stencil on 4 SMs: a tile of W x H blocks per SM; warps take rows in order, interleaved
 * (8 in flight); each step reads rows y-1, y, y+1 at column x and writes out[y][x] once */
static void fam_gpu_stencil(ho_trace_t *t, gsl_rng *r)
{
	const int nsm = 4, W = 96, inflight = 8;
	ho_trace_alloc(t, nsm, PER_SM / 2 + 8);
	for (int s = 0; s < nsm; s++) {
		long y[8], x[8], next = 1;
		for (int k = 0; k < inflight; k++)
			y[k] = next++, x[k] = 0;
		uint64_t base = 5000000 + (uint64_t)s * 1000000;
		while (t->n[s] + 4 <= (size_t)(PER_SM / 2)) {
			int k = (int)gsl_rng_uniform_int(r, inflight);
			for (int dy = -1; dy <= 1; dy++)
				ho_put(t, s, base + (uint64_t)((y[k] + dy) * W + x[k]), 0);
			ho_put(t, s, base + 500000 + (uint64_t)(y[k] * W + x[k]), 1);
			if (++x[k] == W)
				x[k] = 0, y[k] = next++;
		}
	}
}

static void fam_phases(ho_trace_t *t, gsl_rng *r)
{
	ho_zipf_t z;
	ho_zipf_init(&z, 5000, 0.8);
	ho_trace_alloc(t, 1, PER_SM);
	const size_t ph = PER_SM / 6;
	long pos = 0;
	for (size_t i = 0; i < PER_SM; i++) {
		int p = (int)((i / ph) % 3);
		if (p == 0)
			ho_put(t, 0, 6000000 + (uint64_t)(pos++ % 300), 0);
		else if (p == 1)
			ho_put(t, 0, 6100000 + (uint64_t)ho_zipf_draw(&z, r), gsl_rng_uniform(r) < 0.05);
		else
			ho_put(t, 0, 6200000 + gsl_rng_uniform_int(r, 900), gsl_rng_uniform(r) < 0.3);
	}
	free(z.cdf);
}

/* producer-consumer: each new block is written once, then read Geometric(1/6) times, each read
 * at a uniform delay in [1, 2000] accesses after the write (a pending-read heap by time) */
typedef struct ev { long t; uint64_t b; } ev_t;
static int ev_cmp(const void *a, const void *b)
{
	long x = ((const ev_t *)a)->t, y = ((const ev_t *)b)->t;
	return x < y ? -1 : x > y;
}

static void fam_worm(ho_trace_t *t, gsl_rng *r)
{
	ho_trace_alloc(t, 1, PER_SM);
	size_t cap = 1 << 16, n = 0;
	ev_t *ev = malloc(cap * sizeof *ev);
	uint64_t next = 7000000;
	long now = 0;
	while (t->n[0] < PER_SM) {
		/* due reads first (the array kept sorted in batches) */
		if (n > 0 && ev[0].t <= now) {
			ho_put(t, 0, ev[0].b, 0);
			memmove(ev, ev + 1, (n - 1) * sizeof *ev);
			n--;
		} else {
			uint64_t b = next++;
			ho_put(t, 0, b, 1);
			unsigned k = gsl_ran_geometric(r, 1.0 / 6.0);
			for (unsigned j = 0; j < k && n < cap; j++) {
				ev[n].t = now + 1 + (long)gsl_rng_uniform_int(r, 2000);
				ev[n++].b = b;
			}
			qsort(ev, n, sizeof *ev, ev_cmp);
		}
		now++;
	}
	free(ev);
}

static void fam_wm_mix(ho_trace_t *t, gsl_rng *r)
{
	ho_trace_alloc(t, 1, PER_SM);
	long stream = 0;
	for (size_t i = 0; i < PER_SM; i++) {
		double u = gsl_rng_uniform(r);
		if (u < 0.3)
			ho_put(t, 0, 7500000 + gsl_rng_uniform_int(r, 150), gsl_rng_uniform(r) < 0.5);
		else if (u < 0.8)
			ho_put(t, 0, 7600000 + gsl_rng_uniform_int(r, 3000), 0);
		else
			ho_put(t, 0, 7700000 + (uint64_t)stream++, 0);
	}
}

#define NFAM 12
static const char *const fam_name[NFAM] = {
	"loop48", "loop200", "loop400", "loop700", "loop1400", "zipf0.9", "zipf1.2",
	"gpu-mv", "gpu-stencil", "phases", "worm", "wm-mix" };

static void make_family(int f, ho_trace_t *t)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 21000 + (unsigned long)f);
	switch (f) {
	case 0: fam_loop(t, r, 48, 0.10, 1); break;
	case 1: fam_loop(t, r, 200, 0.10, 0); break;
	case 2: fam_loop(t, r, 400, 0.20, 0); break;
	case 3: fam_loop(t, r, 700, 0.10, 1); break;
	case 4: fam_loop(t, r, 1400, 0.05, 0); break;
	case 5: fam_zipf(t, r, 8192, 0.9, 0.10); break;
	case 6: fam_zipf(t, r, 20000, 1.2, 0.0); break;
	case 7: fam_gpu_mv(t, r); break;
	case 8: fam_gpu_stencil(t, r); break;
	case 9: fam_phases(t, r); break;
	case 10: fam_worm(t, r); break;
	default: fam_wm_mix(t, r); break;
	}
	gsl_rng_free(r);
}

/* ---- configurations ---- */
static const ho_conf_t confs[HO_NCONF] = {
	{ "16K 2w + 64K fa", 128, 2, 512, 1, 0 },
	{ "16K 2w + 64K 2w", 128, 2, 512, 0, 2 },
	{ "8K 4w + 96K fa", 64, 4, 768, 1, 0 },
	{ "32K 4w + 32K 4w", 256, 4, 256, 0, 4 },
};

int main(int argc, char **argv)
{
	static const ho_suite_t suite = {
		.test = "test_fuse_heldout", .profile_name = "fuse-heldout", .label = "held-out",
		.n_fam = NFAM, .fam_name = fam_name, .make_family = make_family, .confs = confs,
		.md_heading = "\n### FUSE held-out suite (issue 21): model vs the exact hybrid simulator\n\n",
		.md_intro = "%d trace families (tests/unit/test_fuse_heldout.c), held out until the model's "
		       "first run on them (commit f8b841f: failed, 99 of 2164 checks, worst total error 0.21); "
		       "development data since (the held-out judgement is suite B below).  Per configuration "
		       "and placement: mean / worst absolute error of the total, SRAM "
		       "and STT hit rates, and the mean / worst relative error of STT writes per access "
		       "(floor 0.01). Bars: 0.03 mean and 0.08 worst for hit rates, 10%% mean for writes.\n\n",
	};
	return ho_run(&suite, argc > 1 && strcmp(argv[1], "--markdown") == 0);
}
