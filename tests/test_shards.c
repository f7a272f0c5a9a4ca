/*
 * test_shards.c -- SHARDS sampling (src/shards.c, profiler_opts_t.sample_rate) against exact
 * profiling of the same generated traces (tests/tracegen.h, seeded).
 *
 * The bar (issue 8): mean absolute error of the miss-ratio curve of fully-associative LRU,
 * over log-spaced capacities, <= 0.01 at rate 0.01.  Waldspurger et al. (FAST 2015, §5)
 * report mean absolute errors around 0.002-0.006 at R = 0.01 with SHARDS_adj on real block
 * traces.  Capacities: 40 log-spaced points from 16 blocks to
 * 2^18 blocks (32 MiB of LLC); below ~1/R blocks a sampled curve has no resolution.
 *
 * Where the bar holds and where it does not (measured, docs/trace-formats.md): on a
 * GPU-shaped mix (streams, tiles of 20k-60k blocks, random and mildly skewed data over
 * 10^5-10^6 blocks) the MAE at R = 0.01 is ~0.003.  On tracegen's standard mix, half of the
 * references go to loops over 24 and 300 blocks, of which R = 0.01 samples ~0 and ~3 blocks:
 * the MAE is ~0.04-0.065 there, and ~0.02 at R = 0.1.  Both are checked below, the second as
 * a known limitation with its measured bound.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "profiler.h"
#include "reuse.h"
#include "shards.h"
#include "tracegen.h"

#define NREF 1200000

static int build(const tg_ref_t *t, size_t n, int n_sm, double rate, profile_t *p)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = n_sm;
	o.n_groups = 0;
	o.sample_rate = rate;
	profiler_t *pb = profiler_alloc(&o);
	if (!pb)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (profiler_access(pb, t[i].sm, t[i].is_write, t[i].block * 128, 0))
			break;
	int rc = profiler_finish(pb, p);
	profiler_free(pb);
	return rc;
}

/* Mean |miss_exact(C) - miss_sampled(C)| over 40 capacities 2^4 .. 2^18 blocks (log-spaced). */
static double mrc_mae(const reuse_hist_t *exact, const reuse_hist_t *sampled, double *worst)
{
	double sum = 0;
	*worst = 0;
	int n = 40;
	for (int i = 0; i < n; i++) {
		double c = pow(2.0, 4 + 14.0 * i / (n - 1));
		double e = fabs(reuse_hit_full_lru(exact, c) - reuse_hit_full_lru(sampled, c));
		sum += e;
		if (e > *worst)
			*worst = e;
	}
	return sum / n;
}

static void test_keep_rate(void)
{
	shards_t s;
	shards_init(&s, 0.01);
	long kept = 0, n = 1000000;
	for (long b = 0; b < n; b++)
		kept += shards_keep(&s, (uint64_t)b);
	/* binomial(1e6, 0.01): sd = 99.5; 5 sd = 500 */
	CHECK_NEAR((double)kept, 0.01 * n, 500, "binomial mean N R, 5 standard deviations");
	shards_init(&s, 1.0);
	CHECK(s.rate == 1 && shards_keep(&s, 12345), "rate 1 keeps everything");
	shards_init(&s, 0);
	CHECK(s.rate == 1, "rate 0 means exact");
}

static void test_scale_hist(void)
{
	double lo[2] = { 0, 5 }, hi[2] = { 1, 6 }, cnt[2] = { 3, 4 };
	reuse_hist_t h = { 2, lo, hi, cnt, 2, 9 };
	shards_scale_hist(&h, 0.5, 1.0);
	CHECK_NEAR(h.lo[1], 10, 0, "d / R");
	CHECK_NEAR(h.hi[0], 2, 0, "bin edges scale");
	CHECK_NEAR(h.count[0], 7, 0, "3 / 0.5 + adj 1 (SHARDS_adj on the first bucket)");
	CHECK_NEAR(h.count[1], 8, 0, "4 / 0.5");
	CHECK_NEAR(h.cold, 4, 0, "2 / 0.5");
	CHECK_NEAR(h.total, 19, 1e-12, "total recomputed");
}

/* Streams, large tiles, random and mildly skewed data: the working sets of GPU kernels. */
static void mix_gpu(tg_mix_t *mix, int n_sm, double share)
{
	memset(mix, 0, sizeof *mix);
	tg_comp_t c[] = {
		{ TG_STRIDE, 0.25, 400000, 1, 0, 0.3 },
		{ TG_LOOP, 0.25, 20000, 1, 0, 0.1 },
		{ TG_LOOP, 0.15, 60000, 1, 0, 0.0 },
		{ TG_RANDOM, 0.15, 200000, 1, 0, 0.1 },
		{ TG_ZIPF, 0.20, 1000000, 1, 0.6, 0.05 },
	};
	mix->ncomp = (int)(sizeof c / sizeof c[0]);
	memcpy(mix->comp, c, sizeof c);
	mix->n_sm = n_sm;
	mix->burst = 4;
	mix->share = share;
}

static void test_mrc(int standard, double rate, double bar, int n_sm, double share, uint64_t seed, const char *what)
{
	tg_mix_t mix;
	if (standard)
		tg_mix_standard(&mix, n_sm, share);
	else
		mix_gpu(&mix, n_sm, share);
	tg_ref_t *t = malloc(NREF * sizeof *t);
	if (!t || tg_mix(&mix, seed, t, NREF)) {
		CHECK(0, "trace generation");
		free(t);
		return;
	}
	profile_t ex, sa, s1;
	if (build(t, NREF, n_sm, 0, &ex) || build(t, NREF, n_sm, rate, &sa) || build(t, NREF, n_sm, 1.0, &s1)) {
		CHECK(0, "profiles");
		free(t);
		return;
	}
	static const char *const streams[] = { "l1", "global" };
	for (int k = 0; k < 2; k++) {
		const profile_stream_t *e = profile_stream(&ex, streams[k]), *s = profile_stream(&sa, streams[k]);
		const profile_stream_t *one = profile_stream(&s1, streams[k]);
		if (!e || !s || !one)
			continue;
		double worst, mae = mrc_mae(&e->sd, &s->sd, &worst);
		char src[200];
		snprintf(src, sizeof src, "MRC MAE <= %g at R = %g (%s, %s stream; worst point %.4f)", bar, rate, what,
			 streams[k], worst);
		CHECK_NEAR(mae, 0, bar, src);
		printf("  %-34s R=%-5g %-6s MAE %.4f  worst %.4f\n", what, rate, streams[k], mae, worst);
		/* SHARDS_adj makes the scaled histogram sum to the offered accesses, unless a surplus
		 * of sampled references exceeded the first bucket (clamped at 0) */
		CHECK(s->sd.total >= NREF * (1 - 1e-9) && s->sd.total <= NREF * 1.1,
		      "SHARDS_adj: the scaled histogram describes every access (up to the clamp)");
		if (!standard)
			CHECK_REL(s->footprint, e->footprint, 0.05, "footprint estimate (cold / R) within 5%");
		double w2;
		CHECK_NEAR(mrc_mae(&e->sd, &one->sd, &w2), 0, 0, "rate 1 is exact");
	}
	profile_free(&ex);
	profile_free(&sa);
	profile_free(&s1);
	free(t);
}

int main(void)
{
	test_keep_rate();
	test_scale_hist();
	/* the issue 8 bar */
	test_mrc(0, 0.01, 0.01, 1, 0, 11, "GPU-shaped mix, 1 SM");
	test_mrc(0, 0.01, 0.01, 4, 0.3, 12, "GPU-shaped mix, 4 SMs, 30% shared");
	/* the known limitation: hot sets far below 1/R blocks (measured 0.020 at R = 0.1) */
	test_mrc(1, 0.1, 0.03, 1, 0, 13, "standard mix (tiny hot loops), 1 SM");
	return check_summary("shards");
}
