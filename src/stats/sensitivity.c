/* sensitivity.c -- ANOVA and least-squares effect sizes (see sensitivity.h). */
#include "stats/sensitivity.h"

#include <gsl/gsl_linalg.h>
#include <gsl/gsl_permutation.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int sens_is_full_factorial(const int *lev, size_t nd, int nf, const int *nlev)
{
	size_t cells = 1;
	for (int f = 0; f < nf; f++) {
		if (nlev[f] < 1 || cells > nd / (size_t)nlev[f] + 1)
			return 0;
		cells *= (size_t)nlev[f];
	}
	if (cells != nd)
		return 0;
	unsigned char *seen = calloc(cells ? cells : 1, 1);
	if (!seen)
		return 0;
	int ok = 1;
	for (size_t i = 0; i < nd && ok; i++) {
		size_t c = 0;
		for (int f = 0; f < nf; f++)
			c = c * (size_t)nlev[f] + (size_t)lev[i * nf + f];   /* mixed-radix cell index */
		ok = !seen[c];
		seen[c] = 1;
	}
	free(seen);
	return ok;
}

static int cmp_term(const void *x, const void *y)
{
	const sens_term_t *a = x, *b = y;
	if (a->ss != b->ss)
		return a->ss < b->ss ? 1 : -1;
	if (a->b != b->b)
		return a->b < b->b ? -1 : 1;   /* main effects before pairs on a tie */
	return a->a != b->a ? (a->a < b->a ? -1 : 1) : 0;
}

/* Means of y per level of factor a (and per cell of a x b when b >= 0); sums and counts. */
static void group_means(const int *lev, size_t nd, int nf, const int *nlev, const double *y,
	int a, int b, double *mean, size_t *cnt)
{
	size_t ncell = (size_t)nlev[a] * (b >= 0 ? (size_t)nlev[b] : 1);
	memset(mean, 0, ncell * sizeof *mean);
	memset(cnt, 0, ncell * sizeof *cnt);
	for (size_t i = 0; i < nd; i++) {
		size_t c = (size_t)lev[i * nf + a];
		if (b >= 0)
			c = c * (size_t)nlev[b] + (size_t)lev[i * nf + b];
		mean[c] += y[i];
		cnt[c]++;
	}
	for (size_t c = 0; c < ncell; c++)
		mean[c] = cnt[c] ? mean[c] / (double)cnt[c] : 0;
}

static int anova(const int *lev, size_t nd, int nf, const int *nlev, const double *y, sens_result_t *r)
{
	int maxl = 1;
	for (int f = 0; f < nf; f++)
		maxl = nlev[f] > maxl ? nlev[f] : maxl;
	double *ma = malloc((size_t)maxl * sizeof *ma), *mb = malloc((size_t)maxl * sizeof *mb);
	double *mab = malloc((size_t)maxl * maxl * sizeof *mab);
	size_t *ca = malloc((size_t)maxl * sizeof *ca), *cb = malloc((size_t)maxl * sizeof *cb);
	size_t *cab = malloc((size_t)maxl * maxl * sizeof *cab);
	int rc = (ma && mb && mab && ca && cb && cab) ? 0 : -2;
	double g = gsl_stats_mean(y, 1, nd);
	double explained = 0;
	for (int a = 0; a < nf && !rc; a++) {
		group_means(lev, nd, nf, nlev, y, a, -1, ma, ca);
		double ss = 0;
		for (int i = 0; i < nlev[a]; i++)
			ss += (double)ca[i] * (ma[i] - g) * (ma[i] - g);
		r->term[r->nterm++] = (sens_term_t){ a, -1, nlev[a] - 1, ss, 0 };
		explained += ss;
		for (int b = a + 1; b < nf; b++) {
			group_means(lev, nd, nf, nlev, y, b, -1, mb, cb);
			group_means(lev, nd, nf, nlev, y, a, b, mab, cab);
			double sp = 0;
			for (int i = 0; i < nlev[a]; i++)
				for (int j = 0; j < nlev[b]; j++) {
					double d = mab[i * nlev[b] + j] - ma[i] - mb[j] + g;
					sp += (double)cab[i * nlev[b] + j] * d * d;
				}
			r->term[r->nterm++] = (sens_term_t){ a, b, (nlev[a] - 1) * (nlev[b] - 1), sp, 0 };
			explained += sp;
		}
	}
	free(ma); free(mb); free(mab); free(ca); free(cb); free(cab);
	r->rest = r->tss - explained;
	if (r->rest < 0)
		r->rest = 0;   /* rounding: the terms are orthogonal, so the rest is >= 0 exactly */
	r->r2 = r->tss > 0 ? explained / r->tss : 0;
	return rc;
}

/* The columns of a model: intercept, the main effects of factors with use[f] set, and the
 * interaction of factors pa x pb when pa >= 0.  Dummy (treatment) coding, level 0 the
 * reference.  Returns the residual sum of squares of the least-squares fit and the numerical
 * rank of the columns, or NAN on allocation failure.
 * Rank-revealing QR with column pivoting (GSL gsl_linalg_QRPT_decomp): with rank r, the first
 * r columns of Q span the model's column space, so RSS = sum over i >= r of (Q^T y)_i^2.
 * Columns made redundant by the design (aliased knobs, empty cells) have |R_ii| at rounding
 * level and drop out of r. */
static double lsq_rss(const int *lev, size_t nd, int nf, const int *nlev, const double *y,
	const int *use, int pa, int pb, size_t *rank)
{
	size_t p = 1;
	for (int f = 0; f < nf; f++)
		if (use[f])
			p += (size_t)nlev[f] - 1;
	if (pa >= 0)
		p += (size_t)(nlev[pa] - 1) * (size_t)(nlev[pb] - 1);
	size_t mn = nd < p ? nd : p;
	gsl_matrix *X = gsl_matrix_calloc(nd, p);
	gsl_vector *qty = gsl_vector_alloc(nd), *tau = gsl_vector_alloc(mn), *norm = gsl_vector_alloc(p);
	gsl_permutation *perm = gsl_permutation_alloc(p);
	double rss = NAN;
	if (X && qty && tau && norm && perm) {
		for (size_t i = 0; i < nd; i++) {
			gsl_vector_set(qty, i, y[i]);
			size_t col = 0;
			gsl_matrix_set(X, i, col++, 1.0);
			for (int f = 0; f < nf; f++) {
				if (!use[f])
					continue;
				int l = lev[i * nf + f];
				if (l > 0)
					gsl_matrix_set(X, i, col + (size_t)l - 1, 1.0);
				col += (size_t)nlev[f] - 1;
			}
			if (pa >= 0) {
				int la = lev[i * nf + pa], lb = lev[i * nf + pb];
				if (la > 0 && lb > 0)
					gsl_matrix_set(X, i, col + (size_t)(la - 1) * (size_t)(nlev[pb] - 1) + (size_t)(lb - 1), 1.0);
			}
		}
		int signum;
		if (gsl_linalg_QRPT_decomp(X, tau, perm, &signum, norm) == 0 &&
			gsl_linalg_QR_QTvec(X, tau, qty) == 0) {
			double r0 = fabs(gsl_matrix_get(X, 0, 0));
			size_t r = 0;
			while (r < mn && fabs(gsl_matrix_get(X, r, r)) > 1e-9 * r0)
				r++;
			*rank = r;
			rss = 0;
			for (size_t i = r; i < nd; i++)
				rss += gsl_vector_get(qty, i) * gsl_vector_get(qty, i);
		}
	}
	gsl_permutation_free(perm);
	gsl_vector_free(norm);
	gsl_vector_free(tau);
	gsl_vector_free(qty);
	gsl_matrix_free(X);
	return rss;
}

static int lsq(const int *lev, size_t nd, int nf, const int *nlev, const double *y, sens_result_t *r)
{
	int use[SENS_MAX_F];
	size_t p = 1;
	for (int f = 0; f < nf; f++) {
		use[f] = 1;
		p += (size_t)nlev[f] - 1;
	}
	if (nd <= p)
		return -1;
	size_t rank, rk;
	double rss = lsq_rss(lev, nd, nf, nlev, y, use, -1, -1, &rank);
	if (isnan(rss))
		return -2;
	for (int a = 0; a < nf; a++) {
		use[a] = 0;
		double without = lsq_rss(lev, nd, nf, nlev, y, use, -1, -1, &rk);
		use[a] = 1;
		if (isnan(without))
			return -2;
		r->term[r->nterm++] = (sens_term_t){ a, -1, (int)(rank - rk), fmax(without - rss, 0), 0 };
	}
	for (int a = 0; a < nf; a++)
		for (int b = a + 1; b < nf; b++) {
			double with = lsq_rss(lev, nd, nf, nlev, y, use, a, b, &rk);
			if (isnan(with))
				return -2;
			r->term[r->nterm++] = (sens_term_t){ a, b, (int)(rk - rank), fmax(rss - with, 0), 0 };
		}
	r->rest = rss;
	r->r2 = r->tss > 0 ? 1 - rss / r->tss : 0;
	return 0;
}

int sens_analyse(const int *lev, size_t nd, int nf, const int *nlev, const double *y,
	enum sens_method method, sens_result_t *out)
{
	memset(out, 0, sizeof *out);
	if (nf < 1 || nf > SENS_MAX_F || nd < 2)
		return -1;
	out->method = method;
	out->n = nd;
	out->tss = gsl_stats_tss(y, 1, nd);
	int rc;
	if (method == SENS_ANOVA) {
		if (!sens_is_full_factorial(lev, nd, nf, nlev))
			return -1;
		rc = anova(lev, nd, nf, nlev, y, out);
	} else {
		rc = lsq(lev, nd, nf, nlev, y, out);
	}
	if (rc)
		return rc;
	/* sums of squares below the rounding of TSS's own sum (n eps TSS) are rounding, not effects */
	double floor_ss = (double)nd * 2.2e-16 * out->tss;
	for (int t = 0; t < out->nterm; t++) {
		if (out->term[t].ss < floor_ss)
			out->term[t].ss = 0;
		out->term[t].share = out->tss > 0 ? out->term[t].ss / out->tss : 0;
	}
	if (out->rest < floor_ss)
		out->rest = 0;
	qsort(out->term, (size_t)out->nterm, sizeof out->term[0], cmp_term);
	return 0;
}
