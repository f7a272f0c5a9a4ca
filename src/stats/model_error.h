/*
 * model_error.h -- the composed model's error against the Accel-Sim reference set
 * (calibration/accelsim/results.csv, written by `gpudse validate --accelsim --format csv`),
 * as the "model" source of a result's uncertainty (src/stats/uncert_src.h, issue 23).
 *
 * Error of one run, metric m:  e = log(reference / gpudse)  (natural log; a result v is read
 * as truth = v exp(e)).  Per metric, over the development runs of the split:
 *   bias = mean(e), sd = sd(e) (gsl_stats_mean, gsl_stats_sd), n = runs.
 *   ipc        e = log(ref_ipc / model_ipc)
 *   cycles, time_s   -e of ipc (both runs execute the profile's instructions, README)
 *   dram_util  e = log(ref_dram_gbs / model_dram_gbs) (the same peak divides both)
 *   dram_bpki  e(dram_util) - e(ipc)  (bytes per instruction = bandwidth / IPC / clock)
 *   speedup    e(config) - e(base) for the runs of one preset and kernel: the error of a
 *              ratio to the baseline, what a study's speedup is
 * Shared part (rho): the share of a metric's error variance common to every configuration
 * of one kernel on one preset.  With e = s + u (s per preset and kernel, u per
 * configuration), the difference of two configurations' errors has variance
 * 2 (1 - rho) sd^2, so rho = 1 - var(e_config - e_base) / (2 var(e)), clamped to [0, 1]; for
 * speedup itself (e_c - e_b = u_c - u_b) two designs share u_b: rho = 0.5 exactly.
 * Not given: l1_hit / llc_hit (Accel-Sim counts 32 B sectors, gpudse 128 B requests: not the
 * same quantity, calibration/accelsim/README.md), energy, power, area (no reference).
 *
 * Split (development / held out): calibration/accelsim/heldout.txt when present (one held-out
 * kernel, or preset whose every run is held out, per line, '#' comments), else the rule issue 20 fixed: the kernels of kernels.txt in
 * byte order, odd positions (from 0) held out.  The statistics use the development runs only;
 * the held-out runs measure the coverage of the stated interval (merr_coverage).
 */
#ifndef GPUDSE_MODEL_ERROR_H
#define GPUDSE_MODEL_ERROR_H

#include <stdio.h>

#define MERR_METRICS 6
#define MERR_MAX_KERNELS 64

typedef struct merr_metric {
	char name[24];          /* a results column */
	int n;                  /* development runs with a value */
	double bias, sd;        /* mean and sd of log(reference / gpudse) */
	double shared;          /* rho in [0, 1] */
} merr_metric_t;

typedef struct merr_row {       /* one run of results.csv: the errors, NAN where undefined */
	char preset[64], config[64], kernel[64];
	int held;
	double e[MERR_METRICS];
} merr_row_t;

typedef struct model_err {
	char csv[1024];         /* the results.csv read */
	char hash[17];          /* its bytes' hash: the provenance stored with every run */
	char split[160];        /* where the split came from */
	int n_rows, n_dev, n_held;
	merr_row_t *row;
	int n_metric;
	merr_metric_t m[MERR_METRICS];
} model_err_t;

/* Read DIR/results.csv and the split (DIR = calibration/accelsim).  0, or EXIT_USER after one
 * line naming the file (missing, a column missing, a bad number). */
int merr_load(const char *dir, model_err_t *me);
void merr_free(model_err_t *me);
/* The statistics of results column `metric`, or NULL when the reference does not give it. */
const merr_metric_t *merr_find(const model_err_t *me, const char *metric);

/* Coverage on the held-out runs: of the runs with a value of metric i, how many have
 * |e - bias| <= z sd with z = Phi^-1((1 + level) / 2) (truth inside the stated interval).
 * Returns that count; *n the runs. */
int merr_coverage(const model_err_t *me, int i, double level, int held, int *n);

/* The table `gpudse validate --accelsim --error-model` prints (csv 1: CSV, else text). */
void merr_print(const model_err_t *me, double level, int csv, FILE *out);

#endif
