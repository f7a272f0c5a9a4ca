/* uncert.c -- propagating the calibration covariance to a result (see uncert.h). */
#include "stats/uncert.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>

int uncert_param_draws(const calib_problem_t *P, int n, unsigned long seed, double *x)
{
	int p = P->n_par;
	if (!P->cov_u || p < 1)
		return -1;
	gsl_matrix *L = gsl_matrix_alloc((size_t)p, (size_t)p);
	gsl_vector *mu = gsl_vector_alloc((size_t)p), *u = gsl_vector_alloc((size_t)p);
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	int rc = L && mu && u && r ? 0 : -2;
	if (!rc) {
		for (int i = 0; i < p; i++) {
			gsl_vector_set(mu, (size_t)i, P->u_fit[i]);
			for (int j = 0; j < p; j++)
				gsl_matrix_set(L, (size_t)i, (size_t)j, P->cov_u[i * p + j]);
		}
		gsl_error_handler_t *old = gsl_set_error_handler_off();
		if (gsl_linalg_cholesky_decomp1(L) != GSL_SUCCESS)
			rc = -1;
		gsl_set_error_handler(old);
		gsl_rng_set(r, seed);
	}
	for (int t = 0; t < n && !rc; t++) {
		gsl_ran_multivariate_gaussian(r, mu, L, u);
		for (int i = 0; i < p; i++)
			x[(size_t)t * p + i] = calib_par_x(&P->par[i], gsl_vector_get(u, (size_t)i));
	}
	gsl_matrix_free(L);
	gsl_vector_free(mu);
	gsl_vector_free(u);
	gsl_rng_free(r);
	return rc;
}

int uncert_interval(calib_problem_t *P, int i, const double *x, int n, double level,
	double *sd, double *lo, double *hi)
{
	double *v = malloc((size_t)(n > 0 ? n : 1) * sizeof *v);
	double fit[CALIB_MAX_PARS] = { 0 };
	if (!v)
		return -2;
	int rc = 0;
	for (int t = 0; t < n && !rc; t++) {
		v[t] = calib_problem_eval(P, x + (size_t)t * P->n_par, i);
		if (!isfinite(v[t]))
			rc = -1;
	}
	for (int k = 0; k < P->n_par; k++)
		fit[k] = P->par[k].value;
	calib_problem_eval(P, fit, i);      /* put the fitted values back in force */
	if (!rc) {
		gsl_sort(v, 1, (size_t)n);
		*sd = gsl_stats_sd(v, 1, (size_t)n);
		*lo = gsl_stats_quantile_from_sorted_data(v, 1, (size_t)n, (1 - level) / 2);
		*hi = gsl_stats_quantile_from_sorted_data(v, 1, (size_t)n, 1 - (1 - level) / 2);
	}
	free(v);
	return rc;
}
