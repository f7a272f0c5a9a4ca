/*
 * explain_uncert.h -- explain's uncertainty section (issue 23): every metric that has a stated
 * error, its central interval at --level and the sources it combines (src/stats/uncert_src.h):
 * truth = value x exp(E), E ~ N(sum of biases, sum of variances) over the chosen sources, so
 * the interval is value x exp(bias -+ z sd), z = Phi^-1((1 + level) / 2).
 */
#ifndef GPUDSE_EXPLAIN_UNCERT_H
#define GPUDSE_EXPLAIN_UNCERT_H

#include <cjson/cJSON.h>

#include "gpu.h"
#include "store/store.h"

/* rows: one workload's; only the sources in `mask` count.  origin: where they came from. */
void explain_uncert_print(const metrics_t *m, const store_uncert_t *rows, int n, unsigned mask,
	double level, const char *origin);
void explain_uncert_json(cJSON *report, const metrics_t *m, const store_uncert_t *rows, int n,
	unsigned mask, double level, const char *origin);

/* The combined bias and sd of `metric` over the sources in mask; returns the sources counted. */
int explain_uncert_combine(const store_uncert_t *rows, int n, unsigned mask, const char *metric,
	double *bias, double *sd);

#endif
