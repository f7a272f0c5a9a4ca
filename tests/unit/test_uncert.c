/*
 * test_uncert.c -- coverage of the intervals propagated from the calibration covariance
 * (src/stats/uncert.h).
 *
 * Ground truth of known error: the profile tests/data/calib/p-2mm-obs.json (IPC and DRAM
 * utilisation of 12 designs on rtx3080 and a100) gets its observations replaced by the model
 * at known parameters (dram_eff 0.72, mlp 2.0; dep_cycles 6 given) times (1 + N(0, 0.02)),
 * sigmas recorded (2%).  For each of 200 noise seeds: fit dram_eff and mlp (calibrate.c),
 * draw 200 parameter sets from the fit's covariance, and take the 90% interval of the model's
 * IPC and DRAM utilisation at two designs.  The truth is the model at the known parameters;
 * the stated 90% intervals must contain it in 85-95% of the 200 cases (issue 23).
 * dep_cycles is not fitted: with mlp it forms a curved valley of chi^2 where a linearised
 * covariance is not trustworthy (test_calibrate says the same).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "calibration/calibrate.h"
#include "support/check.h"
#include "stats/uncert.h"

#define REPS 200
#define DRAWS 200
#define NTARGET 3

int main(void)
{
	const char *prof[] = { "tests/data/calib/p-2mm-obs.json" };
	calib_opts_t o;
	calib_opts_default(&o);
	o.kinds = 1u << CK_DRAM_EFF | 1u << CK_MLP;
	calib_problem_t *P = calloc(1, sizeof *P);
	int rc = calib_problem_load(P, prof, 1, &o);
	CHECK_INT(rc, 0, "load the fixture");
	if (rc)
		return check_summary("uncert");
	double dram0[CALIB_MAX_GPUS];
	for (int g = 0; g < P->n_gpu; g++)
		dram0[g] = P->gpu[g].dram_eff;
	/* the truth: the model at known parameters */
	for (int g = 0; g < P->n_gpu; g++) {
		P->gpu[g].dram_eff = 0.72;
		for (int k = 0; k < P->n_wl; k++) {
			P->w[g * P->n_wl + k].ctx->dep_cycles = 6.0;
			P->w[g * P->n_wl + k].ctx->mlp = 2.0;
		}
	}
	double *truth = malloc((size_t)P->n_obs * sizeof *truth);
	for (int i = 0; i < P->n_obs; i++)
		truth[i] = calib_problem_eval(P, NULL, i);
	/* targets: IPC at the default design and at another, DRAM utilisation */
	int target[NTARGET], nt = 0;
	for (int i = 0; i < P->n_obs && nt < NTARGET; i++) {
		const char *mname = P->ob[i].col ? P->ob[i].col->name : "speedup";
		if ((nt < 2 && !strcmp(mname, "ipc") && (nt == 0 || P->ob[i].src > P->ob[target[0]].src + 4)) ||
			(nt == 2 && !strcmp(mname, "dram_util")))
			target[nt++] = i;
	}
	CHECK_INT(nt, NTARGET, "two IPC targets and a DRAM utilisation target in the fixture");
	int inside[NTARGET] = { 0 }, done = 0;
	double width[NTARGET] = { 0 };
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	double *x = malloc((size_t)DRAWS * CALIB_MAX_PARS * sizeof *x);
	for (int rep = 0; rep < REPS; rep++) {
		gsl_rng_set(r, 1000 + (unsigned long)rep);
		for (int i = 0; i < P->n_obs; i++) {
			P->ob[i].value = truth[i] * (1 + gsl_ran_gaussian(r, 0.02));
			P->ob[i].sigma = 0.02 * truth[i];
		}
		for (int g = 0; g < P->n_gpu; g++) {
			P->gpu[g].dram_eff = dram0[g];
			for (int k = 0; k < P->n_wl; k++)
				P->w[g * P->n_wl + k].ctx->mlp = 1.0;
		}
		if (calib_problem_select(P, o.kinds) || calib_problem_fit(P, &o))
			continue;
		if (uncert_param_draws(P, DRAWS, 5000 + (unsigned long)rep, x))
			continue;
		int ok = 1;
		for (int t = 0; t < nt && ok; t++) {
			double sd, lo, hi;
			ok = uncert_interval(P, target[t], x, DRAWS, 0.90, &sd, &lo, &hi) == 0;
			if (ok) {
				inside[t] += lo <= truth[target[t]] && truth[target[t]] <= hi;
				width[t] += (hi - lo) / truth[target[t]];
			}
		}
		done += ok;
	}
	CHECK_INT(done, REPS, "every noise seed fits and propagates");
	for (int t = 0; t < nt; t++) {
		double cov = (double)inside[t] / REPS;
		char src[160];
		snprintf(src, sizeof src, "90%% interval of %s (obs %d) covers the truth: %.3f of %d, mean width %.2f%%",
			P->ob[target[t]].col ? P->ob[target[t]].col->name : "speedup", target[t], cov, REPS,
			100 * width[t] / REPS);
		printf("  %s\n", src);
		CHECK(cov >= 0.85 && cov <= 0.95, src);
	}
	free(x);
	free(truth);
	gsl_rng_free(r);
	calib_problem_free(P);
	free(P);
	return check_summary("uncert");
}
