/* pareto_prob.c -- fronts under a stated model error (see pareto_prob.h). */
#include "stats/pareto_prob.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pareto.h"

int pprob_build(pprob_in_t *in, const int64_t *dids, const int *wids, const double *vals,
	size_t n, int k, const int *signs, size_t *bad)
{
	memset(in, 0, sizeof *in);
	in->k = k;
	for (int c = 0; c < k; c++)
		in->sign[c] = signs[c];
	/* the workloads of the first design fix the cube's workload axis */
	size_t first = 0;
	while (first < n && dids[first] == dids[0])
		first++;
	in->nw = (int)first;
	size_t nd = 0;
	for (size_t i = 0; i < n; i += first) {
		for (size_t r = 0; r < first; r++)
			if (i + r >= n || dids[i + r] != dids[i] || wids[i + r] != wids[r]) {
				*bad = i + r < n ? i + r : i;
				return -1;
			}
		if (i + first < n && dids[i + first] == dids[i]) {
			*bad = i + first;
			return -1;
		}
		nd++;
	}
	in->nd = nd;
	in->val = malloc((n ? n : 1) * (size_t)k * sizeof *in->val);
	if (!in->val)
		return -2;
	memcpy(in->val, vals, n * (size_t)k * sizeof *vals);
	return 0;
}

void pprob_free(pprob_in_t *in)
{
	free(in->val);
	in->val = NULL;
}

/* pareto's aggregation of one design's nw values of objective c (stride k), each times f[w] */
static double aggregate(const double *v, int nw, int k, const double *f)
{
	double lsum = 0, sum = 0;
	int pos = 1;
	for (int w = 0; w < nw; w++) {
		double x = v[(size_t)w * k] * (f ? f[w] : 1.0);
		sum += x;
		if (x > 0)
			lsum += log(x);
		else
			pos = 0;
	}
	return pos ? exp(lsum / nw) : sum / nw;
}

void pprob_nominal(const pprob_in_t *in, double *pts)
{
	for (size_t d = 0; d < in->nd; d++)
		for (int c = 0; c < in->k; c++)
			pts[d * in->k + c] = in->sign[c] * aggregate(in->val + d * in->nw * in->k + c, in->nw, in->k, NULL);
}

void pprob_draw(const pprob_in_t *in, const pprob_model_t *m, gsl_rng *r, const size_t *sub,
	size_t ns, double *pts)
{
	int nw = in->nw, k = in->k;
	double sd_s = m->rel_err * sqrt(m->shared), sd_e = m->rel_err * sqrt(1 - m->shared);
	double shared[nw * k], f[nw];
	for (int i = 0; i < nw * k; i++)
		shared[i] = gsl_ran_gaussian(r, m->sd_sh ? m->sd_sh[i] : sd_s);
	double e[nw * k];
	for (size_t t = 0; t < ns; t++) {
		size_t d = sub ? sub[t] : t;
		for (int i = 0; i < nw * k; i++)
			e[i] = gsl_ran_gaussian(r, m->sd_in ? m->sd_in[i] : sd_e);
		for (int c = 0; c < k; c++) {
			for (int w = 0; w < nw; w++)
				f[w] = exp(shared[w * k + c] + e[w * k + c]);
			pts[t * k + c] = in->sign[c] * aggregate(in->val + d * nw * k + c, nw, k, f);
		}
	}
}

int pprob_front_prob(const pprob_in_t *in, const pprob_model_t *m, double *prob)
{
	size_t nd = in->nd;
	double *pts = malloc((nd ? nd : 1) * in->k * sizeof *pts);
	size_t *idx = malloc((nd ? nd : 1) * sizeof *idx);
	long *cnt = calloc(nd ? nd : 1, sizeof *cnt);
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	int rc = pts && idx && cnt && r ? 0 : -2;
	if (!rc)
		gsl_rng_set(r, m->seed);
	for (long t = 0; t < m->draws && !rc; t++) {
		pprob_draw(in, m, r, NULL, nd, pts);
		size_t f = pareto_front(pts, nd, in->k, idx);
		if (f == (size_t)-1) {
			rc = -2;
			break;
		}
		for (size_t i = 0; i < f; i++)
			cnt[idx[i]]++;
	}
	for (size_t d = 0; d < nd && !rc; d++)
		prob[d] = (double)cnt[d] / (double)m->draws;
	gsl_rng_free(r);
	free(pts);
	free(idx);
	free(cnt);
	return rc;
}

static int find_root(int *parent, int i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

/* Are all of the front designs' stored values positive (the geometric mean applies)? */
static int front_positive(const pprob_in_t *in, const size_t *front, size_t f)
{
	for (size_t i = 0; i < f; i++)
		for (int j = 0; j < in->nw * in->k; j++)
			if (!(in->val[front[i] * in->nw * in->k + j] > 0))
				return 0;
	return 1;
}

/* Group the front by ties, given po[(i f + j) k + c] = P(the nominal order of front designs
 * i and j in objective c holds); equal nominal values are never resolved.  Returns the number
 * of groups, or -2. */
static int group_ties(size_t f, int k, const double *nom, const size_t *front, const double *po,
	double level, int *group)
{
	int *parent = malloc((f ? f : 1) * sizeof *parent), *num = malloc((f ? f : 1) * sizeof *num);
	if (!parent || !num) {
		free(parent);
		free(num);
		return -2;
	}
	for (size_t i = 0; i < f; i++)
		parent[i] = (int)i;
	for (size_t i = 0; i < f; i++)
		for (size_t j = i + 1; j < f; j++) {
			int resolved = 0;
			for (int c = 0; c < k && !resolved; c++)
				resolved = nom[front[i] * k + c] != nom[front[j] * k + c] && po[(i * f + j) * k + c] >= level;
			if (!resolved)
				parent[find_root(parent, (int)i)] = find_root(parent, (int)j);
		}
	int ng = 0;
	for (size_t i = 0; i < f; i++)
		num[i] = -1;
	for (size_t i = 0; i < f; i++) {
		int root = find_root(parent, (int)i);
		if (num[root] < 0)
			num[root] = ng++;
		group[i] = num[root];
	}
	free(parent);
	free(num);
	return ng;
}

/* P(order holds) exactly, when every value is positive: the log of the ratio of two designs'
 * geometric means moves by the mean over workloads of their independent parts' difference,
 * N(0, 2 (1-rho) sigma^2 / nw) (the shared part cancels), so the nominal order of a and b
 * holds with probability Phi(|log a - log b| / sd).  No draws, O(f^2 k). */
static void order_prob_exact(const pprob_in_t *in, const pprob_model_t *m, const double *nom,
	const size_t *front, size_t f, double *po)
{
	int k = in->k;
	double sd0 = m->rel_err * sqrt(2 * (1 - m->shared) / in->nw);
	for (size_t i = 0; i < f; i++)
		for (size_t j = 0; j < f; j++)
			for (int c = 0; c < k; c++) {
				double sd = sd0;
				if (m->sd_in) {
					double v = 0;
					for (int w = 0; w < in->nw; w++)
						v += 2 * m->sd_in[w * k + c] * m->sd_in[w * k + c];
					sd = sqrt(v) / in->nw;
				}
				double d = fabs(log(fabs(nom[front[i] * k + c])) - log(fabs(nom[front[j] * k + c])));
				po[(i * f + j) * k + c] = d == 0 ? 0 : sd > 0 ? gsl_cdf_ugaussian_P(d / sd) : 1;
			}
}

/* P(order holds) counted over draws (any values: pareto's arithmetic fallback included). */
static int order_prob_draws(const pprob_in_t *in, const pprob_model_t *m, const double *nom,
	const size_t *front, size_t f, double *po)
{
	int k = in->k;
	double *pts = malloc((f ? f : 1) * k * sizeof *pts);
	long *better = calloc((f ? f * f : 1) * k, sizeof *better);   /* i strictly better than j in c */
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	int rc = pts && better && r ? 0 : -2;
	if (!rc) {
		gsl_rng_set(r, m->seed);
		for (long t = 0; t < m->draws; t++) {
			pprob_draw(in, m, r, front, f, pts);
			for (size_t i = 0; i < f; i++)
				for (size_t j = 0; j < f; j++)
					for (int c = 0; c < k; c++)
						better[(i * f + j) * k + c] += pts[i * k + c] > pts[j * k + c];
		}
		for (size_t i = 0; i < f; i++)
			for (size_t j = 0; j < f; j++)
				for (int c = 0; c < k; c++) {
					double a = nom[front[i] * k + c], b = nom[front[j] * k + c];
					long n = a > b ? better[(i * f + j) * k + c] : b > a ? better[(j * f + i) * k + c] : 0;
					po[(i * f + j) * k + c] = (double)n / (double)m->draws;
				}
	}
	free(pts);
	free(better);
	gsl_rng_free(r);
	return rc;
}

int pprob_order_prob(const pprob_in_t *in, const pprob_model_t *m, const size_t *front, size_t f,
	int exact, double *po)
{
	double *nom = malloc((in->nd ? in->nd : 1) * in->k * sizeof *nom);
	if (!nom)
		return -2;
	pprob_nominal(in, nom);
	int rc = 0;
	if (exact && front_positive(in, front, f))
		order_prob_exact(in, m, nom, front, f, po);
	else
		rc = order_prob_draws(in, m, nom, front, f, po);
	free(nom);
	return rc;
}

int pprob_ties(const pprob_in_t *in, const pprob_model_t *m, const size_t *front, size_t f, int *group)
{
	int k = in->k;
	double *nom = malloc((in->nd ? in->nd : 1) * k * sizeof *nom);
	double *po = malloc((f ? f * f : 1) * k * sizeof *po);
	int ng = -2;
	if (nom && po && pprob_order_prob(in, m, front, f, 1, po) == 0) {
		pprob_nominal(in, nom);
		ng = group_ties(f, k, nom, front, po, m->level, group);
	}
	free(nom);
	free(po);
	return ng;
}
