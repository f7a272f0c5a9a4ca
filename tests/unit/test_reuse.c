/*
 * test_reuse.c -- models/reuse.c against closed forms and against the exact simulator
 * (tests/reference/cachesim.c) on seeded synthetic traces (tests/support/tracegen.c), profiled by src/profiling/profiler.c.
 *
 * Targets (issue 2): fully-associative LRU identical to the simulator (hit counts equal at bin
 * edges); set-associative LRU mean absolute miss-ratio error <= 0.01 over 4 KB..4 MB and
 * associativities 1..32; FIFO and random <= 0.03.  Blocks are 128 B; the simulator hashes
 * block addresses over sets (the models' uniform-mapping assumption).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <gsl/gsl_cdf.h>

#include "reference/cachesim.h"
#include "support/check.h"
#include "profiling/profiler.h"
#include "reuse.h"
#include "support/tracegen.h"

#define NREF 300000

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static reuse_hist_t hand_hist(size_t n, const double *lo, const double *hi, const double *cnt, double cold)
{
	reuse_hist_t h = { 0 };
	h.n = n;
	h.lo = malloc(n * sizeof *h.lo); h.hi = malloc(n * sizeof *h.hi); h.count = malloc(n * sizeof *h.count);
	h.cold = cold; h.total = cold;
	for (size_t i = 0; i < n; i++) {
		h.lo[i] = lo[i]; h.hi[i] = hi[i]; h.count[i] = cnt[i]; h.total += cnt[i];
	}
	return h;
}

static void test_closed_forms(void)
{
	/* distances 0 (x2), 3 (x1), [64,67) (x3 spread uniformly), cold 4: N = 10 */
	double lo[] = { 0, 3, 64 }, hi[] = { 1, 4, 67 }, cnt[] = { 2, 1, 3 };
	reuse_hist_t h = hand_hist(3, lo, hi, cnt, 4);
	CHECK_NEAR(reuse_hit_full_lru(&h, 1), 0.2, 1e-15, "Mattson: d < 1 -> 2 of 10");
	CHECK_NEAR(reuse_hit_full_lru(&h, 3), 0.2, 1e-15, "Mattson: d = 3 misses at C = 3");
	CHECK_NEAR(reuse_hit_full_lru(&h, 4), 0.3, 1e-15, "Mattson: d = 3 hits at C = 4");
	CHECK_NEAR(reuse_hit_full_lru(&h, 65), 0.4, 1e-15, "linear inside [64,67): 1 of 3");
	CHECK_NEAR(reuse_hit_full_lru(&h, 1e9), 0.6, 1e-15, "all but cold");
	/* Smith, 4 blocks in 2 sets of 2 ways: d = 0 hits, d = 3: P[Bin(3, 1/2) <= 1] = 1/2,
	 * d in {64, 66} trapezoid of P[Bin(d, 1/2) <= 1] = (d + 1) / 2^d (closed form) */
	double p64 = 65.0 / pow(2, 64), p66 = 67.0 / pow(2, 66);
	CHECK_NEAR(reuse_hit_smith(&h, 4, 2), (2 + 0.5 + 3 * 0.5 * (p64 + p66)) / 10, 1e-12,
		   "Smith 1978 with binomial closed form");
	CHECK_NEAR(reuse_hit_smith(&h, 4, REUSE_FULL), reuse_hit_full_lru(&h, 4), 1e-15, "full = Mattson");
	/* direct-mapped, 8 sets: d = 3 hits with (7/8)^3 */
	CHECK_NEAR(reuse_hit_smith(&h, 8, 1), (2 + pow(7.0 / 8, 3) + 3 * 0.5 * (pow(7.0 / 8, 64) + pow(7.0 / 8, 66))) / 10,
		   1e-12, "Smith, A = 1: (1 - 1/S)^d");
	/* random/FIFO: a histogram with only cold misses hits nothing, only short reuses fit */
	double rlo[] = { 0 }, rhi[] = { 1 }, rc[] = { 6 };
	reuse_hist_t rt = hand_hist(1, rlo, rhi, rc, 4);
	CHECK_NEAR(reuse_hit_random(&rt, 8, REUSE_FULL), 0.6, 1e-9, "footprint 4 fits in 8 blocks: only cold misses");
	CHECK_NEAR(reuse_hit_fifo(&rt, 8, 2), 0.6, 1e-9, "footprint 4 fits in 8 blocks: only cold misses");
	reuse_hist_t empty = { 0 };
	CHECK(reuse_hit_fifo(&empty, 8, 2) == -1, "reuse.h: -1 when rt is absent");
	reuse_hist_free(&h);
	reuse_hist_free(&rt);
}

/* Profile refs[] as one SM (block_bytes 1, so addresses are blocks). */
static int build_profile(const tg_ref_t *refs, size_t n, profile_t *p, int n_sm)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.block_bytes = 1;
	o.n_sm = n_sm;
	profiler_t *pb = profiler_alloc(&o);
	if (!pb)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (profiler_access(pb, refs[i].sm, refs[i].is_write, refs[i].block, 0))
			return -1;
	int rc = profiler_finish(pb, p);
	profiler_free(pb);
	return rc;
}

static double sim(const tg_ref_t *refs, size_t n, uint64_t sets, uint32_t ways, enum cachesim_policy pol,
		  uint64_t *hits)
{
	cachesim_t *c = cachesim_alloc(sets, ways, pol, CACHESIM_HASH, 7);
	for (size_t i = 0; i < n; i++)
		cachesim_access(c, refs[i].block);
	double h = cachesim_hit_ratio(c);
	if (hits)
		*hits = cachesim_hits(c);
	cachesim_free(c);
	return h;
}

static void test_against_simulator(void)
{
	tg_ref_t *refs = malloc(NREF * sizeof *refs);
	tg_mix_t mix;
	tg_mix_standard(&mix, 1, 0);
	CHECK(tg_mix(&mix, 42, refs, NREF) == 0, "tracegen");
	profile_t p;
	CHECK(build_profile(refs, NREF, &p, 1) == 0, "profiler");
	const profile_stream_t *s = profile_stream(&p, "l1");
	CHECK(s != NULL, "l1 stream");
	if (!s)
		return;

	/* 1. fully-associative LRU: hit counts identical at bin edges (powers of two and others) */
	double caps[] = { 1, 2, 8, 24, 25, 64, 67, 181, 300, 301, 1024, 2500, 2501, 4096, 12000, 12001, 32768 };
	int full_bad = 0;
	for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
		uint64_t simhits;
		sim(refs, NREF, 1, (uint32_t)caps[i], CACHESIM_LRU, &simhits);
		double model = reuse_hit_full_lru(&s->sd, caps[i]) * s->sd.total;
		/* an edge? (exact distances below 64; log bins above) */
		int edge = caps[i] < 64 || profiler_bin_lo(profiler_bin((uint64_t)caps[i])) == (uint64_t)caps[i];
		if (edge && llround(model) != (long long)simhits) {
			full_bad++;
			printf("full LRU C=%g: model %.1f sim %llu\n", caps[i], model, (unsigned long long)simhits);
		}
		if (!edge)
			CHECK_NEAR(model / NREF, (double)simhits / NREF, 0.01, "inside a bin: linear interpolation");
	}
	CHECK_INT(full_bad, 0, "Mattson 1970: fully-associative LRU exact at bin edges");

	/* 2-3. set-associative LRU, FIFO, random over 4 KB..4 MB x 1..32 ways */
	int assocs[] = { 1, 2, 4, 8, 16, 32 };
	double err[3] = { 0 }, worst[3] = { 0 };
	int npts = 0;
	enum cachesim_policy pols[3] = { CACHESIM_LRU, CACHESIM_FIFO, CACHESIM_RANDOM };
	for (uint64_t bytes = 4096; bytes <= 4u << 20; bytes *= 2) {
		uint64_t blocks = bytes / 128;
		for (size_t a = 0; a < sizeof assocs / sizeof assocs[0]; a++) {
			int A = assocs[a];
			npts++;
			for (int k = 0; k < 3; k++) {
				double hs = sim(refs, NREF, blocks / A, (uint32_t)A, pols[k], NULL);
				double hm = reuse_hit(s, (double)blocks, A, (enum reuse_policy)k);
				double e = fabs(hm - hs);                  /* |miss error| = |hit error| */
				err[k] += e;
				if (e > worst[k])
					worst[k] = e;
				if (getenv("REUSE_VERBOSE"))
					printf("%s %6llu blocks A=%2d sim %.4f model %.4f\n", k == 0 ? "lru" : k == 1 ? "fifo" : "rand",
					       (unsigned long long)blocks, A, hs, hm);
			}
		}
	}
	for (int k = 0; k < 3; k++)
		err[k] /= npts;
	printf("miss-ratio MAE over %d points (4KB..4MB x 1..32 ways): LRU %.4f (max %.4f), FIFO %.4f (max %.4f), random %.4f (max %.4f)\n",
	       npts, err[0], worst[0], err[1], worst[1], err[2], worst[2]);
	CHECK(err[0] <= 0.01, "issue 2: set-assoc LRU MAE <= 0.01");
	CHECK(err[1] <= 0.03, "issue 2: FIFO MAE <= 0.03");
	CHECK(err[2] <= 0.03, "issue 2: random MAE <= 0.03");

	/* 4. curves: exact at powers of two, monotone, fast */
	for (int k = 0; k < 3; k++) {
		int A = k == 0 ? 4 : 8;
		reuse_curve_t *c = reuse_curve_alloc(s, A, (enum reuse_policy)k);
		CHECK(c != NULL, "curve");
		if (!c)
			continue;
		double prev = 0, worst_dev = 0;
		int mono = 1;
		for (double b = 0.5; b < 1e6; b *= 1.013) {
			double v = reuse_curve_eval(c, b);
			if (v < prev - 1e-15)
				mono = 0;
			prev = v;
		}
		CHECK(mono, "curve monotone non-decreasing");
		for (double b = 32; b <= 32768; b *= 2) {
			double d = fabs(reuse_curve_eval(c, b) - reuse_hit(s, b, A, (enum reuse_policy)k));
			if (d > worst_dev)
				worst_dev = d;
		}
		CHECK_NEAR(worst_dev, 0, k == 0 ? 1e-12 : 1e-9, "curve = direct model at powers of two (grid points)");
		/* between grid points: close to the direct model */
		double mid_dev = 0;
		for (double b = 40; b <= 30000; b *= 1.37) {
			double d = fabs(reuse_curve_eval(c, b) - reuse_hit(s, b, A, (enum reuse_policy)k));
			if (d > mid_dev)
				mid_dev = d;
		}
		CHECK_NEAR(mid_dev, 0, 0.01, "curve interpolation error off the grid");
		if (k == 0) {
			volatile double sink = 0;
			int n = 2000000;
			double t0 = now_s();
			for (int i = 0; i < n; i++)
				sink += reuse_curve_eval(c, 100.0 + (i & 4095) * 7.3);
			double ns = (now_s() - t0) / n * 1e9;
			printf("reuse_curve_eval: %.1f ns per evaluation\n", ns);
			CHECK(ns < 1000, "curve evaluation is O(1) (target < 50 ns without sanitizers)");
			(void)sink;
		}
		reuse_curve_free(c);
	}

	/* 5. partition property: the blocks hashed into 4 partitions, each with a quarter of the
	 * capacity; each partition should hit like the whole stream at the full capacity.  One
	 * partition alone varies with which hot blocks it drew, so we compare the pooled hits of
	 * all four (each evaluated by the property) with the simulation. */
	reuse_curve_t *full = reuse_curve_alloc(s, REUSE_FULL, REUSE_LRU);
	double perr = 0;
	int np = 0;
	for (uint32_t C = 256; C <= 16384; C *= 4) {
		cachesim_t *part[4];
		for (int k = 0; k < 4; k++)
			part[k] = cachesim_alloc(1, C / 4, CACHESIM_LRU, CACHESIM_MOD, 1);
		for (size_t i = 0; i < NREF; i++)
			cachesim_access(part[cachesim_mix(refs[i].block * 3 + 1) & 3], refs[i].block);
		double hits = 0;
		for (int k = 0; k < 4; k++) {
			hits += (double)cachesim_hits(part[k]);
			cachesim_free(part[k]);
		}
		perr += fabs(hits / NREF - reuse_curve_eval_partition(full, C / 4.0, 0.25));
		np++;
	}
	printf("partition property (f = 1/4): mean |H_part(fC) - H(C)| = %.4f\n", perr / np);
	CHECK_NEAR(perr / np, 0, 0.01, "reuse.h partition property vs simulated hashed partitions");
	reuse_curve_free(full);

	profile_free(&p);
	free(refs);
}

/* The l1 stream pools 8 private caches: the models (with the stream's units) against 8
 * simulated caches fed each SM's own accesses. */
static void test_pooled_l1(void)
{
	size_t n = 200000;
	enum { NS = 8 };
	tg_ref_t *r = malloc(n * sizeof *r);
	tg_mix_t mix;
	tg_mix_standard(&mix, NS, 0.2);
	tg_mix(&mix, 21, r, n);
	profile_t p;
	CHECK(build_profile(r, n, &p, NS) == 0, "profiler");
	const profile_stream_t *s = profile_stream(&p, "l1");
	CHECK_INT(s->units, NS, "l1 stream pooled over 8 caches");
	int A[] = { 1, 4, 16 };
	double err[3] = { 0 };
	int np = 0;
	for (uint32_t C = 32; C <= 16384; C *= 4) {
		for (int a = 0; a < 3; a++) {
			np++;
			for (int k = 0; k < 3; k++) {
				cachesim_t *c[NS];
				for (int q = 0; q < NS; q++)
					c[q] = cachesim_alloc(C / A[a], (uint32_t)A[a], (enum cachesim_policy)k, CACHESIM_HASH, (uint64_t)q + 1);
				for (size_t i = 0; i < n; i++)
					cachesim_access(c[r[i].sm], r[i].block);
				double hits = 0;
				for (int q = 0; q < NS; q++) {
					hits += (double)cachesim_hits(c[q]);
					cachesim_free(c[q]);
				}
				err[k] += fabs(hits / n - reuse_hit(s, C, A[a], (enum reuse_policy)k));
			}
		}
	}
	printf("pooled l1 (8 SMs) MAE: LRU %.4f, FIFO %.4f, random %.4f\n", err[0] / np, err[1] / np, err[2] / np);
	CHECK(err[0] / np <= 0.01, "issue 2: LRU MAE <= 0.01 on the pooled l1 stream");
	CHECK(err[1] / np <= 0.03 && err[2] / np <= 0.03, "issue 2: FIFO/random MAE <= 0.03 on the pooled l1 stream");
	profile_free(&p);
	free(r);
}

/* Stress: two interleaved pure loops (3000 and 600 blocks), where whole sets overflow near
 * 4096 blocks.  Issue 2's FIFO/random target still holds (measured 0.017 / 0.015 on the full
 * grid; see the limitation in models/reuse.c). */
static void test_two_loops(void)
{
	size_t n = 150000;
	tg_ref_t *r = malloc(n * sizeof *r);
	tg_mix_t mix = { 0 };
	mix.ncomp = 2;
	mix.comp[0] = (tg_comp_t){ TG_LOOP, 0.5, 3000, 1, 0, 0 };
	mix.comp[1] = (tg_comp_t){ TG_LOOP, 0.5, 600, 1, 0, 0 };
	mix.n_sm = 1;
	mix.burst = 1;
	tg_mix(&mix, 9, r, n);
	profile_t p;
	CHECK(build_profile(r, n, &p, 1) == 0, "profiler");
	const profile_stream_t *s = profile_stream(&p, "l1");
	int A[] = { 2, 8, 32 };
	double err[3] = { 0 };
	int np = 0;
	for (uint32_t C = 32; C <= 32768; C *= 2) {
		for (int a = 0; a < 3; a++) {
			np++;
			for (int k = 1; k < 3; k++)
				err[k] += fabs(sim(r, n, C / A[a], (uint32_t)A[a], (enum cachesim_policy)k, NULL)
					       - reuse_hit(s, C, A[a], (enum reuse_policy)k));
		}
	}
	printf("two loops (stress) MAE: FIFO %.4f, random %.4f\n", err[1] / np, err[2] / np);
	CHECK(err[1] / np <= 0.03, "issue 2: FIFO MAE <= 0.03 on two pure loops");
	CHECK(err[2] / np <= 0.03, "issue 2: random MAE <= 0.03 on two pure loops");
	profile_free(&p);
	free(r);
}

int main(void)
{
	test_closed_forms();
	test_against_simulator();
	test_pooled_l1();
	test_two_loops();
	return check_summary("reuse");
}
