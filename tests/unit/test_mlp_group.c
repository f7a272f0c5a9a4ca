/*
 * test_mlp_group.c -- a warp's groups of loads in flight (models/mlp_group.h).
 *
 *  1. The groups from a profile shape: sizes and shares of the histogram, the open last bin's
 *     own mean, a fitted params.mlp as one size, the default without either.
 *  2. [G2] [G3] against a Monte Carlo of the hardware's wait: a group of g loads, r requests
 *     each, every request independently reaching a level of fixed latency d with probability
 *     q; the warp waits for the slowest, so the level costs d when any request reaches it.
 *     The mean wait per instruction over many groups drawn from the histogram must match.
 *     Groups closed by an overwrite (a sliding window) against [G2w]'s closed form.
 *  3. Closed forms: groups of one load and r <= 1 are linear (a_L r q d); q > 1 multiplies;
 *     with every group of g loads of one request and q = 1 the wait per load is d / g (g
 *     independent chains' throughput, the network before this model).
 *  4. FRESH LINES [F1]-[F4] (mlp_fresh_wait) against a Monte Carlo of the rule: groups drawn
 *     from a fresh histogram, each age uniform in its log2 bin, each group waiting as [F1]-[F4]
 *     say; closed forms of the point bins; mlp_group_latency_fresh reducing to [G3] with no
 *     fresh line and q_cap = q, and to the fresh wait alone when every group is fresh.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_rng.h>

#include "mlp_group.h"
#include "support/check.h"

/* 4. FRESH LINES */
static void fresh_lines(void)
{
	static double h[SHAPE_FRESH_BINS][SHAPE_FRESH_BINS];
	memset(h, 0, sizeof h);
	/* a mix: own DRAM misses, DRAM fills in flight of several ages, SM fills in flight, and
	 * groups whose lines are old */
	h[0][0] = 10;
	h[2][5] = 30;
	h[3][9] = 25;
	h[6][12] = 20;
	h[1][20] = 15;
	h[14][18] = 40;
	const double tl = 250, td = 520, tl0 = 160, td0 = 260, lam1 = 0.4, lamg = 30;
	mlp_fresh_wait_t fw;
	mlp_fresh_wait(h, tl, td, tl0, td0, lam1, lamg, &fw);
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rng, 11);
	double tot = 0, pf = 0, ed = 0, el = 0;
	for (int b1 = 0; b1 < SHAPE_FRESH_BINS; b1++)
		for (int bg = 0; bg < SHAPE_FRESH_BINS; bg++)
			tot += h[b1][bg];
	const long n = 2000000;
	for (long i = 0; i < n; i++) {
		double u = gsl_rng_uniform(rng) * tot, c = 0;
		int b1 = 0, bg = 0;
		for (int x = 0; x < SHAPE_FRESH_BINS && c <= u; x++)
			for (int y = 0; y < SHAPE_FRESH_BINS && c <= u; y++) {
				c += h[x][y];
				b1 = x;
				bg = y;
			}
		double a1 = b1 ? ldexp(1, b1 - 1) * (1 + gsl_rng_uniform(rng)) : 0;   /* uniform in [2^(b-1), 2^b) */
		double ag = bg ? ldexp(1, bg - 1) * (1 + gsl_rng_uniform(rng)) : 0;
		if (ag == 0) {                          /* [F1] */
			pf += 1;
			ed += td0;
		} else if (ag / lamg < td) {            /* [F2] */
			pf += 1;
			ed += td - ag / lamg;
		} else if (a1 == 0) {                   /* [F3] */
			pf += 1;
			el += tl0;
		} else if (a1 / lam1 < tl) {            /* [F4] */
			pf += 1;
			el += tl - a1 / lam1;
		}
	}
	gsl_rng_free(rng);
	printf("fresh: p_F %.4f (Monte Carlo %.4f), e_D %.2f (%.2f), e_L %.2f (%.2f) cycles per fork-join group\n",
	       fw.p_fresh, pf / n, fw.e_dram, ed / n, fw.e_llc, el / n);
	CHECK_NEAR(fw.p_fresh, pf / n, 0.002, "[F1]-[F4] share of fresh groups against a Monte Carlo of the rule");
	CHECK_REL(fw.e_dram, ed / n, 0.01, "[F1] [F2] DRAM waits against the Monte Carlo");
	CHECK_REL(fw.e_llc, el / n, 0.01, "[F3] [F4] LLC waits against the Monte Carlo");
	/* closed forms: all own first requests; all old lines */
	memset(h, 0, sizeof h);
	h[0][0] = 7;
	mlp_fresh_wait(h, tl, td, tl0, td0, lam1, lamg, &fw);
	CHECK(fw.p_fresh == 1 && fw.e_dram == td0 && fw.e_llc == 0, "[F1]: every group its own DRAM miss, T_D0");
	memset(h, 0, sizeof h);
	h[0][23] = 7;
	mlp_fresh_wait(h, tl, td, tl0, td0, lam1, lamg, &fw);
	CHECK(fw.p_fresh == 1 && fw.e_dram == 0 && fw.e_llc == tl0, "[F3]: the SM's first request of an old line, T_L0");
	memset(h, 0, sizeof h);
	h[23][23] = 7;
	mlp_fresh_wait(h, tl, td, tl0, td0, lam1, lamg, &fw);
	CHECK(fw.p_fresh == 0 && fw.e_dram == 0 && fw.e_llc == 0, "[F5]: old lines everywhere, no fresh wait");
	/* the latency: no fresh line and q_cap = q is [G3]; every group fresh is the fresh wait */
	mlp_groups_t gr = { .n = 2, .size = { 1, 3 }, .share = { 0.25, 0.75 }, .slide = { 0, 0 }, .mean = 2.5,
	                    .share_fj = 1 };
	CHECK_REL(mlp_group_latency_fresh(&gr, 0.4, 2, 0.2, 0.2, 0.0, 0.0, 100), mlp_group_latency(&gr, 0.4, 2, 0.2, 100), 1e-12,
	          "fresh latency with p_F = 0, q_cap = q, no fresh wait: [G3]");
	CHECK_REL(mlp_group_latency_fresh(&gr, 0.4, 2, 0.2, 0.05, 1.0, 33.0, 100), 0.4 / 2.5 * 33.0, 1e-12,
	          "fresh latency with every fork-join group fresh: a_L / gbar x the fresh wait");
	mlp_groups_t win = { .n = 1, .size = { 4 }, .share = { 1 }, .slide = { 1 }, .mean = 4, .share_fj = 0 };
	CHECK_REL(mlp_group_latency_fresh(&win, 0.4, 2, 0.2, 0.0, 1.0, 33.0, 100), mlp_group_latency(&win, 0.4, 2, 0.2, 100), 1e-12,
	          "sliding windows keep [G2w] under FRESH LINES");
}

int main(void)
{
	profile_shape_t s;
	memset(&s, 0, sizeof s);
	s.has_mlp = 1;
	s.mlp_hist[0] = 96;                       /* p-gemm's profile on SM86_RTX3070 */
	s.mlp_hist[2] = 4608;
	s.mlp_groups = 4704;
	s.mlp_loads = 96 + 3 * 4608;
	mlp_groups_t gr;
	mlp_groups_init(&gr, &s, 0.0, 1.0);
	CHECK_INT(gr.n, 2, "two group sizes in the histogram");
	CHECK_NEAR(gr.size[0], 1, 0, "hist[0]: groups of 1");
	CHECK_NEAR(gr.size[1], 3, 0, "hist[2]: groups of 3");
	CHECK_NEAR(gr.share[1], 4608.0 / 4704.0, 1e-15, "share of the groups of 3");
	CHECK_NEAR(gr.mean, s.mlp_loads / s.mlp_groups, 1e-12, "[G1] mean = loads / groups");

	/* the open last bin (groups of >= SHAPE_MLP_BINS loads) keeps the profile's loads */
	profile_shape_t o;
	memset(&o, 0, sizeof o);
	o.has_mlp = 1;
	o.mlp_hist[1] = 10;                       /* 10 groups of 2 */
	o.mlp_hist[SHAPE_MLP_BINS - 1] = 5;       /* 5 groups of >= 64: 400 loads, mean 80 */
	o.mlp_groups = 15;
	o.mlp_loads = 20 + 400;
	mlp_groups_init(&gr, &o, 0.0, 1.0);
	CHECK_NEAR(gr.size[1], 80, 1e-12, "the last bin's mean from the profile's loads");
	CHECK_NEAR(gr.mean, 420.0 / 15.0, 1e-12, "[G1] over the open bin");

	/* groups closed by an overwrite (hist_overwrite): a window of g loads, one load's wait per
	 * group [G2w]; the rest of the bin stays a fork-join [G2] */
	s.has_mlp_over = 1;
	s.mlp_hist_over[2] = 1000;             /* 1000 of the 4608 groups of 3 */
	mlp_groups_init(&gr, &s, 0.0, 1.0);
	CHECK_INT(gr.n, 3, "groups of 1; of 3 closed by a read; of 3 closed by an overwrite");
	CHECK_NEAR(gr.mean, s.mlp_loads / s.mlp_groups, 1e-12, "[G1]: the mean over both kinds");
	{
		double q = 0.3, d = 100, r = 2, want = 0.0;
		want += 96.0 / 4704 * (1 - pow(0.7, 2));          /* groups of 1: one load's 2 requests */
		want += 3608.0 / 4704 * (1 - pow(0.7, 6));        /* [G2]: the group's 6 requests */
		want += 1000.0 / 4704 * (1 - pow(0.7, 2));        /* [G2w]: one load's wait per window */
		want *= 0.36 / gr.mean * d;
		CHECK_NEAR(mlp_group_latency(&gr, 0.36, r, q, d), want, 1e-12, "closed form [G3] with [G2] and [G2w]");
	}
	s.has_mlp_over = 0;
	s.mlp_hist_over[2] = 0;

	mlp_groups_init(&gr, &s, 2.5, 1.0);
	CHECK(gr.n == 1 && gr.size[0] == 2.5 && gr.mean == 2.5, "a fitted params.mlp is one group size");
	mlp_groups_init(&gr, NULL, 0.0, 1.0);
	CHECK(gr.n == 1 && gr.size[0] == 1.0, "no shape, no fit: groups of the default");

	/* 2. Monte Carlo of [G2] [G3]: p-gemm's groups, three levels */
	mlp_groups_init(&gr, &s, 0.0, 1.0);
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rng, 7);
	const double q[3] = { 0.06, 0.3, 0.9 }, d = 100.0, a_l = 0.36;
	for (int lv = 0; lv < 3; lv++) {
		/* requests per load fixed at 2 (an integer, so that the Monte Carlo draws exactly) */
		double r = 2.0, sum = 0.0, loads = 0.0;
		long n = 400000;
		for (long i = 0; i < n; i++) {
			int g = gsl_rng_uniform(rng) < gr.share[0] ? 1 : 3;
			int any = 0;
			for (int k = 0; k < g * (int)r; k++)
				any |= gsl_rng_uniform(rng) < q[lv];
			sum += any ? d : 0.0;
			loads += g;
		}
		double mc = a_l * sum / loads;          /* wait per instruction: per load x loads/inst */
		double model = mlp_group_latency(&gr, a_l, r, q[lv], d);
		printf("q %.2f: model %.4f cycles per instruction, Monte Carlo %.4f (%+.2f%%)\n", q[lv], model, mc,
		       100 * (model / mc - 1));
		CHECK_REL(model, mc, 0.01, "[G2] [G3] against a Monte Carlo of the group's wait for its slowest request");
	}
	gsl_rng_free(rng);

	/* 3. closed forms */
	mlp_groups_t one = { .n = 1, .size = { 1 }, .share = { 1 }, .mean = 1 };
	CHECK_NEAR(mlp_group_latency(&one, 0.5, 0.8, 0.25, 40), 0.5 * 0.8 * 0.25 * 40, 1e-12,
	           "closed form: r <= 1 is linear, a_L r q d");
	CHECK_NEAR(mlp_group_latency(&one, 0.5, 4, 0.25, 40), 0.5 * (1 - pow(0.75, 4)) * 40, 1e-12,
	           "closed form: one load of 4 requests, a_L (1 - (1 - q)^r) d");
	CHECK_NEAR(mlp_group_latency(&one, 0.5, 2, 1.5, 40), 0.5 * 1.5 * 40, 1e-12,
	           "closed form: q > 1 (several visits per request) multiplies");
	mlp_groups_t four = { .n = 1, .size = { 4 }, .share = { 1 }, .mean = 4 };
	CHECK_NEAR(mlp_group_latency(&four, 0.5, 1, 1.0, 40), 0.5 * 40 / 4, 1e-12,
	           "closed form: every load reaching the level, groups of 4 cost d per 4 loads");
	CHECK_NEAR(mlp_group_latency(&four, 0.0, 1, 1.0, 40), 0.0, 0, "no loads, no wait");
	fresh_lines();
	return check_summary("mlp_group");
}
