/*
 * gen_input.c -- synthetic inputs of the data-dependent kernels, seeded through gen_t's GSL
 * mt19937 generator so that one seed gives one trace.
 *
 *  - R-MAT graphs [Chakrabarti, Zhan, Faloutsos, SDM 2004] with the Graph500 parameters
 *    (a, b, c, d) = (0.57, 0.19, 0.19, 0.05): skewed (power-law) degrees and community
 *    structure, the structure of the social/web graphs bfs and pagerank run on.  Vertex
 *    labels are randomly permuted (Graph500 does the same) so that degree is not correlated
 *    with the label.
 *  - sparse matrices with power-law row lengths (Pareto, alpha = 2.2) and columns mostly
 *    near the diagonal (finite-element-like bands) plus uniform fill: the shape of the
 *    Parboil spmv inputs (irregular row lengths, clustered columns).
 */
#include "profiling/generators/gen.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>

void gen_csr_free(gen_csr_t *c)
{
	free(c->row);
	free(c->col);
	memset(c, 0, sizeof *c);
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;
	return x < y ? -1 : x > y;
}

/* Build CSR from an edge list (src[i] -> dst[i]); sorts and removes duplicates per row. */
static int csr_build(long n, long m, const long *src, const long *dst, gen_csr_t *out)
{
	memset(out, 0, sizeof *out);
	out->n = n;
	out->row = calloc((size_t)n + 1, sizeof *out->row);
	out->col = malloc((size_t)(m ? m : 1) * sizeof *out->col);
	if (!out->row || !out->col) {
		gen_csr_free(out);
		return -1;
	}
	for (long i = 0; i < m; i++)
		out->row[src[i] + 1]++;
	for (long v = 0; v < n; v++)
		out->row[v + 1] += out->row[v];
	long *fill = malloc((size_t)n * sizeof *fill);
	if (!fill) {
		gen_csr_free(out);
		return -1;
	}
	memcpy(fill, out->row, (size_t)n * sizeof *fill);
	for (long i = 0; i < m; i++)
		out->col[fill[src[i]]++] = dst[i];
	free(fill);
	/* sort and dedupe each row, compacting in place */
	long w = 0;
	for (long v = 0; v < n; v++) {
		long b = out->row[v], e = out->row[v + 1];
		qsort(out->col + b, (size_t)(e - b), sizeof *out->col, cmp_long);
		out->row[v] = w;
		for (long i = b; i < e; i++)
			if (i == b || out->col[i] != out->col[i - 1])
				out->col[w++] = out->col[i];
	}
	out->row[n] = w;
	out->nnz = w;
	return 0;
}

int gen_rmat(gen_t *g, int scale, int edgefactor, gen_csr_t *out)
{
	long n = 1L << scale, m = (long)edgefactor << scale;
	long *src = malloc((size_t)(2 * m) * sizeof *src), *dst = malloc((size_t)(2 * m) * sizeof *dst);
	long *perm = malloc((size_t)n * sizeof *perm);
	int rc = -1;
	if (!src || !dst || !perm)
		goto out;
	for (long v = 0; v < n; v++)
		perm[v] = v;
	gsl_ran_shuffle(g->rng, perm, (size_t)n, sizeof *perm);
	const double A = 0.57, B = 0.19, C = 0.19;   /* Graph500 R-MAT parameters */
	long k = 0;
	for (long e = 0; e < m; e++) {
		long u = 0, v = 0;
		for (int b = 0; b < scale; b++) {
			double r = gsl_rng_uniform(g->rng);
			int ub = r >= A + B, vb = (r >= A && r < A + B) || r >= A + B + C;
			u = u << 1 | ub;
			v = v << 1 | vb;
		}
		if (u == v)
			continue;                           /* no self loops */
		u = perm[u]; v = perm[v];
		src[k] = u; dst[k] = v; k++;
		src[k] = v; dst[k] = u; k++;            /* undirected: both directions */
	}
	rc = csr_build(n, k, src, dst, out);
out:
	free(src); free(dst); free(perm);
	return rc;
}

int gen_powerlaw(gen_t *g, long n, double mean_len, long max_len, long band, gen_csr_t *out)
{
	const double alpha = 2.2;                   /* Pareto tail exponent */
	double xmin = mean_len * (alpha - 1) / alpha;  /* mean of Pareto(xmin, alpha) = mean_len */
	long *len = malloc((size_t)n * sizeof *len);
	if (!len)
		return -1;
	long m = 0;
	for (long r = 0; r < n; r++) {
		double x = gsl_ran_pareto(g->rng, alpha, xmin);
		long l = (long)floor(x);
		if (l < 1) l = 1;
		if (l > max_len) l = max_len;
		len[r] = l;
		m += l;
	}
	long *src = malloc((size_t)m * sizeof *src), *dst = malloc((size_t)m * sizeof *dst);
	int rc = -1;
	if (!src || !dst)
		goto out;
	long k = 0;
	for (long r = 0; r < n; r++)
		for (long i = 0; i < len[r]; i++) {
			long c;
			if (gsl_rng_uniform(g->rng) < 0.7) {
				c = r + (long)gsl_rng_uniform_int(g->rng, (unsigned long)(2 * band + 1)) - band;
				if (c < 0) c = -c;
				if (c >= n) c = 2 * (n - 1) - c;
			} else {
				c = (long)gsl_rng_uniform_int(g->rng, (unsigned long)n);
			}
			src[k] = r; dst[k] = c; k++;
		}
	rc = csr_build(n, k, src, dst, out);
out:
	free(len); free(src); free(dst);
	return rc;
}
