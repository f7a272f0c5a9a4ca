/*
 * uncert.h -- uncertainty of a model result from the calibrated parameters' covariance.
 *
 * Source quantified here: the calibration fit (src/calibration/calibrate.c) leaves the transformed
 * parameters u at the optimum with covariance C = (J^T W J)^-1 (scaled by chi^2/dof when the
 * observations carry no sigmas).  A result's distribution is propagated by drawing u ~ N(u_fit, C)
 * (GSL: Cholesky, gsl_ran_multivariate_gaussian), mapping each draw through the fit's bounded
 * transform and evaluating the model at it: a few draws per workload, not per design point.
 * The interval is the draws' central quantiles (gsl_stats_quantile_from_sorted_data), the
 * standard error their standard deviation (gsl_stats_sd).  Not yet wired: the SHARDS sampling
 * error and the model's validated error (no Accel-Sim reference dataset on main), storage next
 * to the metric and explain (issue 23).
 */
#ifndef GPUDSE_UNCERT_H
#define GPUDSE_UNCERT_H

#include "calibration/calibrate.h"

/* n parameter draws (n x P->n_par, par order) from the fit of P.  0, or -1 (no fit, or its
 * covariance is not positive definite), -2 (allocation). */
int uncert_param_draws(const calib_problem_t *P, int n, unsigned long seed, double *x);

/* The model value of observation i's design at each of the n draws; its standard deviation
 * and central interval at `level` (e.g. 0.9).  The parameters in force are restored to the
 * fitted values afterwards.  0, or -1 when the model fails at a draw, -2 (allocation). */
int uncert_interval(calib_problem_t *P, int i, const double *x, int n, double level,
	double *sd, double *lo, double *hi);

#endif
