/*
 * test_pending.c -- hits on lines in flight (models/pending.h) against an exact trace-driven
 * simulation (tests/reference/pending_sim.h): requests at a fixed rate, fills a fixed time after
 * a first touch.
 *
 *  1. Every block used exactly twice (groups of G distinct blocks walked twice, G varying):
 *     the previous use of every reuse is the miss, so p_pend and W are exact.
 *  2. Random reuse from a small pool (blocks reused many times, most while resident): the
 *     model's p_pend is an upper bound (pending.h, assumptions) and the simulation's must not
 *     exceed it.
 *  3. Closed forms: no reuse shorter than the window gives 0; a bin [lo, hi) of width > 1
 *     counts the share of its integers below the window.
 */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "pending.h"
#include "reference/pending_sim.h"
#include "support/check.h"

/* the simulation's exact reuse-time histogram as a profile histogram (bins [r, r + 1)) */
static void to_hist(const pending_sim_t *s, reuse_hist_t *h, double *lo, double *hi, double *cnt)
{
	h->n = 0;
	h->lo = lo;
	h->hi = hi;
	h->count = cnt;
	double sum = 0.0;
	for (size_t r = 0; r < s->rt_max; r++)
		if (s->rt_count[r] > 0.0) {
			lo[h->n] = (double)r;
			hi[h->n] = (double)r + 1.0;
			cnt[h->n++] = s->rt_count[r];
			sum += s->rt_count[r];
		}
	h->cold = s->cold;
	h->total = sum + s->cold;
}

static unsigned lcg(unsigned long long *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)(*x >> 33);
}

static void run(const unsigned *blk, size_t n, unsigned nb, double lambda, double t_fill, int exact,
                const char *label)
{
	pending_sim_t sim;
	if (pending_sim_run(blk, n, nb, lambda, t_fill, &sim)) {
		CHECK(0, "out of memory");
		return;
	}
	double *lo = malloc(sim.rt_max * sizeof *lo), *hi = malloc(sim.rt_max * sizeof *hi),
	       *cnt = malloc(sim.rt_max * sizeof *cnt);
	reuse_hist_t h;
	to_hist(&sim, &h, lo, hi, cnt);
	profile_stream_t st = { .rt = h, .accesses = (double)n };
	pending_ctx_t *c = pending_ctx_alloc(&st);
	double share, wait_req;
	pending_share(c, lambda * t_fill, &share, &wait_req);
	double sim_share = sim.pending / sim.accesses;
	double sim_wait = sim.pending > 0 ? sim.wait / sim.pending : 0.0;
	printf("  %-28s lambda %.3f T %.0f: p_pend model %.5f sim %.5f, W model %.3f sim %.3f cycles\n", label, lambda,
	       t_fill, share, sim_share, wait_req / lambda, sim_wait);
	CHECK(sim.pending > 0, "the case must have pending hits to test anything");
	if (exact) {
		CHECK_NEAR(share, sim_share, 1e-12, "pending_sim: every reuse follows its miss (exact)");
		CHECK_REL(wait_req / lambda, sim_wait, 1e-9, "pending_sim: mean wait of the pending hits (exact)");
	} else {
		CHECK(share >= sim_share - 1e-12, "pending.h: p_pend is an upper bound when blocks are reused while resident");
		printf("    (upper bound: %.1fx the simulation's pending hits)\n", share / sim_share);
	}
	pending_ctx_free(c);
	free(lo);
	free(hi);
	free(cnt);
	pending_sim_free(&sim);
}

int main(void)
{
	enum { N = 200000 };
	unsigned *blk = malloc(N * sizeof *blk);
	unsigned long long x = 12345;
	/* 1. groups of G blocks walked twice: reuse time G - 1 for each block */
	size_t n = 0;
	unsigned next = 0;
	while (n < N - 2 * 300) {
		unsigned g = 1 + lcg(&x) % 300;
		for (int pass = 0; pass < 2; pass++)
			for (unsigned k = 0; k < g; k++)
				blk[n++] = next + k;
		next += g;
	}
	run(blk, n, next, 0.5, 150.0, 1, "twice-used blocks");
	run(blk, n, next, 0.37, 410.0, 1, "twice-used, other window");
	run(blk, n, next, 2.0, 33.3, 1, "twice-used, fractional");
	/* 1b. groups of 200-300 blocks walked 2-31 times (a warp rereading its own rows every
	 * iteration, p-atax's A): with G < window <= 2 G only the first reuse after the miss comes
	 * before the fill, the later ones find the block resident; p_pend counts them all (upper
	 * bound, pending.h assumptions; issue 21 docs/fuse-ordering.md) */
	n = 0;
	next = 0;
	while (n < N - 32 * 300) {
		unsigned g = 200 + lcg(&x) % 100, passes = 2 + lcg(&x) % 30;
		for (unsigned pass = 0; pass < passes; pass++)
			for (unsigned k = 0; k < g; k++)
				blk[n++] = next + k;
		next += g;
	}
	run(blk, n, next, 1.0, 320.0, 0, "blocks reread many times");
	/* 2. random reuse from a pool of 4096 blocks */
	for (size_t i = 0; i < N; i++)
		blk[i] = lcg(&x) % 4096;
	run(blk, N, 4096, 1.0, 3000.0, 0, "random pool (upper bound)");
	run(blk, N, 4096, 0.25, 2000.0, 0, "random pool, slower");
	free(blk);

	/* 3. closed forms */
	double lo[2] = { 10, 100 }, hi[2] = { 20, 200 }, cnt[2] = { 100, 50 };
	profile_stream_t st = { .rt = { 2, lo, hi, cnt, 50, 200 }, .accesses = 200 };
	pending_ctx_t *c = pending_ctx_alloc(&st);
	double share, w;
	pending_share(c, 10.0, &share, &w);    /* r + 1 < 10: no r >= 10 qualifies */
	CHECK_NEAR(share, 0.0, 0.0, "closed form: window below every reuse");
	pending_share(c, 16.0, &share, &w);    /* r < 15: r = 10..14, 5 of the bin's 10 integers */
	CHECK_NEAR(share, 100.0 * 5 / 10 / 200, 1e-15, "closed form: 50 of 200 accesses");
	CHECK_NEAR(w, 15.0 - 12.0, 1e-12, "closed form: W = window - 1 - mean r = 15 - 12 requests");
	pending_share(c, 1000.0, &share, &w);  /* every reuse */
	CHECK_NEAR(share, 150.0 / 200.0, 1e-15, "closed form: all 150 reuses");
	CHECK(pending_ctx_alloc(&(profile_stream_t){ .accesses = 5 }) == NULL, "no rt histogram: no term");
	pending_ctx_free(c);
	return check_summary("pending");
}
