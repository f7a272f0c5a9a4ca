/*
 * calibrate.h -- fitting the GPU model's free parameters to the observations profiles carry
 * (`gpudse calibrate`, docs/calibration.md).  The only code that sees GSL's multifit.
 *
 * Parameters (calib.h applies them in sweeps):
 *   gpu.dram_eff         achievable DRAM bandwidth fraction, shared by every preset, in [0.05, 1]
 *   W.dep_cycles         dependence cycles per warp instruction of workload W, in [0.05, 2000]
 *   W.mlp                loads a warp of W keeps in flight (one group, models/mlp_group.h), in [0.05, 256]
 * Observations: profile_t.obs (preset, design "k=v,...", metric name from src/columns.h or
 * "speedup" over the preset's default design, value, sigma).
 *
 * Fit: weighted nonlinear least squares, GSL gsl_multifit_nlinear (trust region,
 * Levenberg-Marquardt step, finite-difference Jacobian), on transformed parameters so the
 * bounds hold: x = lo + (hi - lo) s(u) for dram_eff, x = exp(log lo + (log hi - log lo) s(u))
 * for dep_cycles and mlp, s the logistic function.  Residual i is (model_i - obs_i) / s_i,
 * s_i = sigma_i when given, else |obs_i| (relative error, unit weight); the covariance is
 * (J^T W J)^-1 at the optimum, scaled by chi^2 / dof unless every observation has a sigma;
 * 95% intervals are u +- t(0.975, dof) se(u) mapped back through the transform (so they
 * respect the bounds).  Fit quality: RMSE and R^2 in the metrics' units over the fitted
 * observations, and the error on held-out observations (a seeded random fraction, and/or
 * every observation of a preset other than --gpu).
 *
 * Refused with one clear line (EXIT_USER): fewer fitted observations than parameters, and a
 * parameter the observations do not move (a zero or dependent Jacobian column).
 */
#ifndef GPUDSE_CALIBRATE_H
#define GPUDSE_CALIBRATE_H

#include "columns.h"
#include "design.h"
#include "gpu.h"
#include "workload.h"

enum calib_kind { CK_DRAM_EFF = 0, CK_DEP_CYCLES, CK_MLP, CK_N };
extern const char *const calib_kind_name[CK_N];   /* "dram_eff", "dep_cycles", "mlp" */

typedef struct calib_opts {
	unsigned kinds;         /* bit mask of (1 << calib_kind) to fit (default: all) */
	double holdout;         /* share of observations held out, [0, 0.9] */
	const char *fit_gpu;    /* fit only this preset's observations (others predicted), or NULL */
	unsigned long seed;     /* held-out selection (GSL mt19937) */
	int max_iter;           /* trust-region iterations (default 200) */
} calib_opts_t;

typedef struct calib_par {
	char name[96];          /* "gpu.dram_eff", "p-2mm.mlp" */
	enum calib_kind kind;
	int wl;                 /* workload index (-1 for gpu.*) */
	double lo, hi;          /* bounds */
	double start;           /* starting value (preset / profile / model default) */
	double value;           /* fitted */
	double se;              /* standard error (delta method through the transform) */
	double ci_lo, ci_hi;    /* 95% confidence interval */
} calib_par_t;

typedef struct calib_ob {
	int gpu, wl;            /* indices into the problem's presets and workloads */
	int src;                /* index in its profile's observations */
	design_t d;
	const metric_col_t *col;/* NULL for "speedup" */
	double value, sigma;
	int held;               /* 1: held out (not fitted) */
	double pred;            /* model value at the fitted parameters */
} calib_ob_t;

#define CALIB_MAX_GPUS 32   /* presets in one fit (an Accel-Sim grid has a preset per configuration) */
#define CALIB_MAX_PARS 256

typedef struct calib_problem {
	int n_gpu;
	gpu_t gpu[CALIB_MAX_GPUS];
	int n_wl;
	char (*wl_path)[1024];  /* profile paths */
	char (*wl_hash)[17];
	char (*wl_name)[64];
	workload_t *w;          /* n_gpu x n_wl contexts: w[g * n_wl + k] */
	double *base_ipc;       /* n_gpu x n_wl: IPC of the default design (speedup), refreshed */
	int n_obs;
	calib_ob_t *ob;
	int n_par;
	calib_par_t par[CALIB_MAX_PARS];
	/* results */
	int n_fit, n_held;
	int iters;
	double chi2, dof;
	double rmse, r2;        /* fitted observations, metric units */
	double held_rmse;       /* held-out observations, metric units (0 when none) */
	double held_mare;       /* held-out mean absolute relative error */
	int all_sigma;          /* every fitted observation had a sigma */
	/* the fit in the transformed (unbounded) parameters u, for propagating its uncertainty
	 * (src/stats/uncert.h): u at the optimum and its covariance (J^T W J)^-1, scaled by chi^2/dof
	 * as the intervals are; n_par x n_par row-major, malloc'd (NULL before a fit) */
	double u_fit[CALIB_MAX_PARS];
	double *cov_u;
} calib_problem_t;

void calib_opts_default(calib_opts_t *o);

/* Load the profiles, their presets and observations, build the contexts and choose the
 * parameters.  0 or EXIT_USER (one line: file, JSON path or option).  *P is zeroed first. */
int calib_problem_load(calib_problem_t *P, const char *const *profiles, int n_profiles, const calib_opts_t *o);

/* (Re)choose the parameters to fit (kinds: bit mask of 1 << calib_kind), starting from the
 * values in force: P->gpu[].dram_eff and each workload context's dep_cycles and mlp (which a
 * caller may set first).  0 or EXIT_USER when nothing is left to fit. */
int calib_problem_select(calib_problem_t *P, unsigned kinds);

/* Fit; fills par[].value/se/ci and the statistics, ob[].pred.  0 or EXIT_USER (refused). */
int calib_problem_fit(calib_problem_t *P, const calib_opts_t *o);

/* Model value of observation i at parameters x (par order), or with x NULL at the values in
 * force (P->gpu[].dram_eff, the contexts' dep_cycles and mlp, as a caller may have set them). */
double calib_problem_eval(calib_problem_t *P, const double *x, int i);

/* Write the parameter set (calib.h layout) with provenance; 0 or EXIT_USER. */
int calib_problem_save(const calib_problem_t *P, const char *path, const char *name, const char *argv_line);

void calib_problem_free(calib_problem_t *P);

/* The parameter value of transformed coordinate u (the map the fit uses; bounds respected). */
double calib_par_x(const calib_par_t *p, double u);

#endif
