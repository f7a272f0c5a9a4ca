/* pareto.c -- non-dominated sets (see pareto.h). */
#include "pareto.h"

#include <math.h>
#include <stdlib.h>

typedef struct sort_ctx {
	const double *v;
	int k;
} sort_ctx_t;

static int cmp_lex_desc(const void *a, const void *b, void *arg)
{
	const sort_ctx_t *c = arg;
	const double *x = c->v + *(const size_t *)a * c->k;
	const double *y = c->v + *(const size_t *)b * c->k;
	for (int i = 0; i < c->k; i++) {
		if (x[i] > y[i])
			return -1;
		if (x[i] < y[i])
			return 1;
	}
	/* stable tie-break by row index keeps the output deterministic */
	size_t ia = *(const size_t *)a, ib = *(const size_t *)b;
	return ia < ib ? -1 : ia > ib;
}

static int dominates(const double *a, const double *b, int k)
{
	int strict = 0;
	for (int i = 0; i < k; i++) {
		if (a[i] < b[i])
			return 0;
		if (a[i] > b[i])
			strict = 1;
	}
	return strict;
}

size_t pareto_front(const double *v, size_t n, int k, size_t *idx)
{
	size_t *ord = malloc((n ? n : 1) * sizeof *ord);
	if (!ord)
		return (size_t)-1;
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		int ok = 1;
		for (int j = 0; j < k; j++)
			if (isnan(v[i * k + j]))
				ok = 0;
		if (ok)
			ord[m++] = i;
	}
	sort_ctx_t c = { v, k };
	qsort_r(ord, m, sizeof *ord, cmp_lex_desc, &c);
	size_t f = 0;
	if (k == 2) {
		double best1 = -INFINITY, best0_at_best1 = NAN;
		for (size_t t = 0; t < m; t++) {
			const double *p = v + ord[t] * 2;
			if (p[1] > best1) {
				best1 = p[1];
				best0_at_best1 = p[0];
				idx[f++] = ord[t];
			} else if (p[1] == best1 && p[0] == best0_at_best1) {
				idx[f++] = ord[t];   /* an exact duplicate of a front point */
			}
		}
	} else {
		for (size_t t = 0; t < m; t++) {
			const double *p = v + ord[t] * k;
			int dom = 0;
			for (size_t j = 0; j < f && !dom; j++)
				dom = dominates(v + idx[j] * k, p, k);
			if (!dom)
				idx[f++] = ord[t];
		}
	}
	free(ord);
	return f;
}
