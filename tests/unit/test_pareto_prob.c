/*
 * test_pareto_prob.c -- fronts under the model error (src/stats/pareto_prob.h).
 *
 * 1. The demo study (studies/demo.json, swept into a temporary database): every design's
 *    probability of being non-dominated equals a brute-force recount over the same draws
 *    (same seed, same pprob_draw stream), the front of each draw found by the O(n^2)
 *    definition of dominance written here, not by pareto_front.
 * 2. Exact properties of the error model: with no error, or with all of it shared per
 *    workload and objective (a common factor cancels under the geometric mean), the
 *    probabilities are 1 on the nominal front and 0 off it.
 * 3. Ties: two front designs 0.1% apart tie under a 10% error and separate under a 0.01%
 *    error; a design 2x away never ties.  The closed-form order probability the ties use
 *    equals the frequency over draws on the demo front (to binomial noise).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gsl/gsl_rng.h>

#include "pareto.h"
#include "stats/pareto_prob.h"
#include "store/store.h"
#include "support/check.h"
#include "sweep.h"

static int dominated_by_any(const double *p, size_t n, int k, size_t i)
{
	for (size_t j = 0; j < n; j++) {
		if (j == i)
			continue;
		int ge = 1, gt = 0;
		for (int c = 0; c < k; c++) {
			ge &= p[j * k + c] >= p[i * k + c];
			gt |= p[j * k + c] > p[i * k + c];
		}
		if (ge && gt)
			return 1;
	}
	return 0;
}

static void brute_force(const pprob_in_t *in, const pprob_model_t *m, double *prob)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, m->seed);
	double *pts = malloc(in->nd * in->k * sizeof *pts);
	long *cnt = calloc(in->nd, sizeof *cnt);
	for (long t = 0; t < m->draws; t++) {
		pprob_draw(in, m, r, NULL, in->nd, pts);
		for (size_t i = 0; i < in->nd; i++)
			cnt[i] += !dominated_by_any(pts, in->nd, in->k, i);
	}
	for (size_t i = 0; i < in->nd; i++)
		prob[i] = (double)cnt[i] / m->draws;
	free(pts);
	free(cnt);
	gsl_rng_free(r);
}

static void demo_study(void)
{
	char path[] = "/tmp/test_pareto_prob_XXXXXX";
	int fd = mkstemp(path);
	close(fd);
	unlink(path);
	sweep_opts_t so = { .study_path = "studies/demo.json", .db_path = path, .jobs = 1, .shard_k = 1, .shard_n = 1,
		.argv = "test_pareto_prob" };
	CHECK_INT(sweep_run(&so), 0, "sweep of studies/demo.json");
	store_t *st;
	CHECK_INT(store_open(path, STORE_READ, &st), 0, "the swept database");
	const char *cols[] = { "speedup", "energy_j", "area_mm2" };
	int signs[] = { 1, -1, -1 };
	int64_t *dids;
	int *wids;
	double *vals;
	size_t n;
	CHECK_INT(store_fetch(st, 1, NULL, cols, 3, &dids, &wids, &vals, &n), 0, "fetch run 1");
	pprob_in_t in;
	size_t bad;
	CHECK_INT(pprob_build(&in, dids, wids, vals, n, 3, signs, &bad), 0, "every design on every workload");
	CHECK_INT((long long)in.nd, 84, "demo: 96 points - 12 illegal");
	CHECK_INT(in.nw, 8, "demo: 8 workloads");
	pprob_model_t m = { 0.10, 0.5, 400, 7, 0.9, NULL, NULL };
	double *p = malloc(in.nd * sizeof *p), *q = malloc(in.nd * sizeof *q);
	CHECK_INT(pprob_front_prob(&in, &m, p), 0, "P(front) of the demo study");
	brute_force(&in, &m, q);
	int same = 0;
	double maxdiff = 0;
	for (size_t d = 0; d < in.nd; d++) {
		same += p[d] == q[d];
		maxdiff = fmax(maxdiff, fabs(p[d] - q[d]));
	}
	CHECK_INT(same, (long long)in.nd, "P(front) = brute-force recount over the same draws, every design");
	CHECK_NEAR(maxdiff, 0, 0, "exactly the same counts");
	/* the nominal front (the front `gpudse pareto` prints) is non-degenerate under the model */
	double *nom = malloc(in.nd * 3 * sizeof *nom);
	size_t *idx = malloc(in.nd * sizeof *idx);
	pprob_nominal(&in, nom);
	size_t f = pareto_front(nom, in.nd, 3, idx);
	/* 8: with p-2mm at 1024 and all 96 t-alexnet maps (issue 18 inputs, 2026-11-26) Sh68+C17
	 * with Dy-FUSE falls to 0.96x and no longer dominates the private-L1 SRAM baseline, which is
	 * back on the front (it had left it at 7 with issue 20's pending hits;
	 * tests/data/golden/demo.front) */
	CHECK_INT((long long)f, 9, "demo front: 9 designs (make run)");
	int *g = malloc(f * sizeof *g);
	int ng = pprob_ties(&in, &m, idx, f, g);
	CHECK(ng >= 1 && ng <= (int)f, "tie groups between 1 and the front size");
	/* the closed form of P(order holds) that the ties use agrees with counting over draws */
	double *pe = malloc(f * f * 3 * sizeof *pe), *pd = malloc(f * f * 3 * sizeof *pd);
	pprob_model_t many = m;
	many.draws = 4000;
	CHECK_INT(pprob_order_prob(&in, &many, idx, f, 1, pe), 0, "closed form");
	CHECK_INT(pprob_order_prob(&in, &many, idx, f, 0, pd), 0, "over 4000 draws");
	double worst = 0;
	for (size_t i = 0; i < f * f * 3; i++)
		worst = fmax(worst, fabs(pe[i] - pd[i]));
	/* binomial sd of a frequency over 4000 draws <= 0.0079; 4.5 sd over 243 pairs x objectives */
	CHECK_NEAR(worst, 0, 0.036, "Phi(|log a - log b| / sd) = the draws' frequency (demo front)");
	/* the stored error of issue 23: a different sd per workload and objective (shared part
	 * 0.02 + 0.01 w, independent part 0.03 (1 + w) + 0.02 c) -- P(front) is still the brute-force
	 * recount, and the closed form sqrt(sum_w 2 sd_in^2) / nw still the draws' frequency */
	double sh[8 * 3], sd_in[8 * 3];
	for (int w = 0; w < 8; w++)
		for (int c = 0; c < 3; c++) {
			sh[w * 3 + c] = 0.02 + 0.01 * w;
			sd_in[w * 3 + c] = 0.03 * (1 + w) + 0.02 * c;
		}
	pprob_model_t per = many;
	per.sd_sh = sh;
	per.sd_in = sd_in;
	per.draws = 400;
	CHECK_INT(pprob_front_prob(&in, &per, p), 0, "P(front) under per-workload sds");
	brute_force(&in, &per, q);
	same = 0;
	for (size_t d = 0; d < in.nd; d++)
		same += p[d] == q[d];
	CHECK_INT(same, (long long)in.nd, "per-workload sds: P(front) = brute-force recount, every design");
	per.draws = 4000;
	CHECK_INT(pprob_order_prob(&in, &per, idx, f, 1, pe), 0, "closed form, per-workload sds");
	CHECK_INT(pprob_order_prob(&in, &per, idx, f, 0, pd), 0, "over 4000 draws, per-workload sds");
	worst = 0;
	for (size_t i = 0; i < f * f * 3; i++)
		worst = fmax(worst, fabs(pe[i] - pd[i]));
	CHECK_NEAR(worst, 0, 0.036, "per-workload sds: Phi(|log a - log b| / sd) = the draws' frequency");
	free(pe);
	free(pd);
	free(g); free(nom); free(idx); free(p); free(q);
	pprob_free(&in);
	free(dids); free(wids); free(vals);
	store_close(st);
	unlink(path);
}

/* n designs x 3 workloads x 2 objectives (both maximised), positive values from a seed */
static void synthetic(pprob_in_t *in, size_t n)
{
	memset(in, 0, sizeof *in);
	in->nd = n;
	in->nw = 3;
	in->k = 2;
	in->sign[0] = in->sign[1] = 1;
	in->val = malloc(n * 3 * 2 * sizeof *in->val);
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 11);
	for (size_t d = 0; d < n; d++) {
		double t = gsl_rng_uniform(r);   /* a trade-off curve with noise: a front of several */
		for (int w = 0; w < 3; w++) {
			in->val[(d * 3 + w) * 2 + 0] = (1 + t) * (0.8 + 0.4 * gsl_rng_uniform(r));
			in->val[(d * 3 + w) * 2 + 1] = (2 - t) * (0.8 + 0.4 * gsl_rng_uniform(r));
		}
	}
	gsl_rng_free(r);
}

static void exact_cases(void)
{
	pprob_in_t in;
	synthetic(&in, 60);
	double nom[120], p[60], q[60];
	size_t idx[60];
	pprob_nominal(&in, nom);
	size_t f = pareto_front(nom, 60, 2, idx);
	CHECK(f >= 3, "the synthetic front has several designs");
	int on[60] = { 0 };
	for (size_t i = 0; i < f; i++)
		on[idx[i]] = 1;
	pprob_model_t none = { 0.0, 0.5, 50, 3, 0.9, NULL, NULL }, shared = { 0.3, 1.0, 200, 3, 0.9, NULL, NULL };
	int ok0 = 1, ok1 = 1;
	pprob_front_prob(&in, &none, p);
	pprob_front_prob(&in, &shared, q);
	for (int d = 0; d < 60; d++) {
		ok0 &= p[d] == on[d];
		ok1 &= q[d] == on[d];
	}
	CHECK(ok0, "no error: P(front) = 1 on the nominal front, 0 off it");
	CHECK(ok1, "30% error, all shared per workload and objective: cancels under the geomean");
	/* an independent error moves designs: some off-front design gets a positive probability */
	pprob_model_t indep = { 0.3, 0.0, 400, 3, 0.9, NULL, NULL };
	pprob_front_prob(&in, &indep, p);
	double off = 0;
	for (int d = 0; d < 60; d++)
		if (!on[d])
			off = fmax(off, p[d]);
	CHECK(off > 0, "30% independent error: some nominally dominated design is on a drawn front");
	brute_force(&in, &indep, q);
	int same = 1;
	for (int d = 0; d < 60; d++)
		same &= p[d] == q[d];
	CHECK(same, "P(front) = brute force on the synthetic space too");
	pprob_free(&in);

	/* ties: A = (1, 3), B = (1.001, 2.997) 0.1% apart, C = (2, 1) far away; one workload */
	double v[] = { 1, 3, 1.001, 2.997, 2, 1 };
	pprob_in_t t = { 3, 1, 2, v, { 1, 1 } };
	size_t front[3] = { 0, 1, 2 };
	int g[3];
	pprob_model_t wide = { 0.10, 0.0, 1000, 5, 0.9, NULL, NULL }, narrow = { 1e-4, 0.0, 1000, 5, 0.9, NULL, NULL };
	CHECK_INT(pprob_ties(&t, &wide, front, 3, g), 2, "10% error: A and B tie, C apart");
	CHECK(g[0] == g[1] && g[2] != g[0], "the tie is A-B");
	CHECK_INT(pprob_ties(&t, &narrow, front, 3, g), 3, "0.01% error: a 0.1% difference is resolved");
}

int main(void)
{
	demo_study();
	exact_cases();
	return check_summary("pareto_prob");
}
