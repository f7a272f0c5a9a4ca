/*
 * test_doe.c -- the sampled designs of src/stats/doe.h, and `gpudse sensitivity`'s
 * least-squares engine recovering known effects from them.
 *
 * Plackett-Burman: for every k = 1..31 the N-run matrix has balanced columns (N/2 high) and
 * orthogonal pairs (two columns agree in exactly N/2 rows) -- the defining properties
 * (Plackett & Burman 1946).  Known effects: k = 11 two-level factors coded x = -1/+1 and
 * y = 10 + sum_f e_f x_f; with orthogonal balanced columns the least-squares main-effect sum
 * of squares of factor f is exactly N e_f^2 (Montgomery, Design and Analysis of Experiments,
 * 2^k designs: SS = N effect^2 / 4 with effect = 2 e_f), so e = (5, -3, 0, 2, ...) must come
 * back as 300, 108, 0, 48, ... in that order.
 *
 * Latin hypercube: every stratum once per dimension (n = levels: a permutation; n = 10 x
 * levels: each level exactly 10 times).  Known effects with an interaction: y = 10 + a_i +
 * b_j + g u_i v_j over three factors of 4, 5 and 3 levels (the third without effect), 400
 * points: the fitted main-effect shares rank b, a, then the null factor, whose share is below
 * 0.01 (its sum of squares comes only from the sample's imbalance against a and b).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/doe.h"
#include "stats/sensitivity.h"
#include "support/check.h"

/* CHECK with a formatted description */
#define CHECKF(cond, ...) do { char b_[256]; snprintf(b_, sizeof b_, __VA_ARGS__); CHECK(cond, b_); } while (0)

static void pb_properties(void)
{
	int rows[DOE_PB_MAX * 31];
	for (int k = 1; k <= 31; k++) {
		int n, bad = 0;
		if (doe_plackett_burman(k, rows, &n)) {
			CHECKF(0, "k=%d refused", k);
			continue;
		}
		bad |= n <= k || n % 4;
		for (int a = 0; a < k; a++) {
			int hi = 0;
			for (int r = 0; r < n; r++)
				hi += rows[r * k + a];
			bad |= hi != n / 2;
			for (int b = a + 1; b < k; b++) {
				int agree = 0;
				for (int r = 0; r < n; r++)
					agree += rows[r * k + a] == rows[r * k + b];
				bad |= agree != n / 2;
			}
		}
		CHECKF(!bad, "Plackett-Burman k=%d (N=%d): balanced, orthogonal columns", k, n);
	}
	int n;
	CHECKF(doe_plackett_burman(32, rows, &n) == -1, "k=32 is refused (N would exceed 32)");
}

static void pb_effects(void)
{
	const double e[11] = { 5, -3, 0, 2, 0, 0, 1, 0, 0, 0, 0.5 };
	int rows[DOE_PB_MAX * 11], n, nlev[11];
	doe_plackett_burman(11, rows, &n);
	CHECKF(n == 12, "11 factors take the 12-run design (got %d)", n);
	double y[DOE_PB_MAX];
	for (int r = 0; r < n; r++) {
		y[r] = 10;
		for (int f = 0; f < 11; f++)
			y[r] += e[f] * (rows[r * 11 + f] ? 1 : -1);
	}
	for (int f = 0; f < 11; f++)
		nlev[f] = 2;
	sens_result_t res;
	int rc;
	/* 6 factors in the 8-run design: least squares with a residual degree of freedom */
	int r8[DOE_PB_MAX * 7], n8;
	doe_plackett_burman(6, r8, &n8);
	const double e6[6] = { 5, -3, 0, 2, 0, 1 };
	double y8[DOE_PB_MAX];
	for (int r = 0; r < n8; r++) {
		y8[r] = 10;
		for (int f = 0; f < 6; f++)
			y8[r] += e6[f] * (r8[r * 6 + f] ? 1 : -1);
	}
	rc = sens_analyse(r8, (size_t)n8, 6, nlev, y8, SENS_LSQ, &res);
	CHECKF(rc == 0, "least squares on the 8-run design for 6 factors: rc %d", rc);
	if (rc)
		return;
	const int want_order[4] = { 0, 1, 3, 5 };
	for (int t = 0; t < 4; t++) {
		const sens_term_t *tm = &res.term[t];
		int f = want_order[t];
		CHECKF(tm->a == f && tm->b < 0 && fabs(tm->ss - n8 * e6[f] * e6[f]) < 1e-9,
			"term %d: factor %d with SS %g (expected factor %d, N e^2 = %g)", t, tm->a, tm->ss, f, n8 * e6[f] * e6[f]);
	}
	double null_ss = 0;
	for (int t = 0; t < res.nterm; t++)
		if (res.term[t].b < 0 && (res.term[t].a == 2 || res.term[t].a == 4))
			null_ss += res.term[t].ss;
	CHECKF(null_ss < 1e-9, "factors without effect: SS %g (expected 0)", null_ss);
	CHECKF(fabs(res.r2 - 1) < 1e-12, "a main-effects-only metric is fitted exactly (R^2 %g)", res.r2);
}

static void lhs_strata(void)
{
	int lev[3] = { 10, 4, 7 };
	int rows[40 * 3];
	doe_latin_hypercube(3, lev, 10, 7, rows);
	int seen[10] = { 0 }, bad = 0;
	for (int r = 0; r < 10; r++)
		seen[rows[r * 3]]++;
	for (int v = 0; v < 10; v++)
		bad |= seen[v] != 1;
	CHECKF(!bad, "Latin hypercube, n = levels: each level once (a permutation)");
	doe_latin_hypercube(3, lev, 40, 7, rows);
	int cnt[4] = { 0 };
	for (int r = 0; r < 40; r++)
		cnt[rows[r * 3 + 1]]++;
	CHECKF(cnt[0] == 10 && cnt[1] == 10 && cnt[2] == 10 && cnt[3] == 10,
		"Latin hypercube, n = 10 x levels: each level 10 times (%d %d %d %d)", cnt[0], cnt[1], cnt[2], cnt[3]);
	int a[40 * 3];
	doe_latin_hypercube(3, lev, 40, 7, a);
	CHECKF(!memcmp(a, rows, sizeof a), "the same seed gives the same sample");
}

static void lhs_effects(void)
{
	const double A[4] = { -1.5, -0.5, 0.5, 1.5 }, B[5] = { -4, -2, 0, 2, 4 }, U[4] = { -1, -1, 1, 1 }, V[5] = { -1, 0, 0, 0, 1 };
	int lev[3] = { 4, 5, 3 }, n = 400;
	int *rows = malloc((size_t)n * 3 * sizeof *rows);
	double *y = malloc((size_t)n * sizeof *y);
	doe_latin_hypercube(3, lev, n, 11, rows);
	for (int r = 0; r < n; r++) {
		int i = rows[r * 3], j = rows[r * 3 + 1];
		y[r] = 10 + A[i] + B[j] + 0.8 * U[i] * V[j];
	}
	sens_result_t res;
	int rc = sens_analyse(rows, (size_t)n, 3, lev, y, SENS_LSQ, &res);
	CHECKF(rc == 0, "least squares on a 400-point Latin hypercube: rc %d", rc);
	if (!rc) {
		double share[3] = { 0 };
		for (int t = 0; t < res.nterm; t++)
			if (res.term[t].b < 0)
				share[res.term[t].a] = res.term[t].share;
		CHECKF(share[1] > share[0] && share[0] > share[2], "ranking b > a > null: shares %.4f %.4f %.4f",
			share[1], share[0], share[2]);
		CHECKF(share[2] < 0.01, "the factor without effect explains %.5f < 0.01", share[2]);
	}
	free(rows);
	free(y);
}

int main(void)
{
	pb_properties();
	pb_effects();
	lhs_strata();
	lhs_effects();
	return check_summary("test_doe");
}
