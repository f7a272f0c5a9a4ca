/*
 * sensitivity_data.h -- a stored run as factors and responses for sensitivity.h.
 *
 * The factors are the design columns that vary over the run: the variant name and every knob.
 * A knob that a variant sets (one value per variant) is aliased with the variant and is not a
 * factor of its own: it is named in `aliased`.  Each factor's levels are its distinct stored
 * values (as text), in order of first appearance.
 */
#ifndef GPUDSE_SENSITIVITY_DATA_H
#define GPUDSE_SENSITIVITY_DATA_H

#include <stddef.h>
#include <stdint.h>

#include "stats/sensitivity.h"
#include "store/store.h"

#define SENS_MAX_LEVELS 256
#define SENS_MAX_METRICS 32

typedef struct sens_data {
	int nf;
	char fname[SENS_MAX_F][48];
	int nlev[SENS_MAX_F];
	char aliased[512];          /* knobs set by the variants, comma-separated ("" if none) */
	size_t nd;                  /* designs */
	int64_t *design_id;         /* [nd] */
	int *lev;                   /* [nd x nf] level index of each factor */
	int nw;
	char **wname;               /* [nw] workload names in id order */
	int nm;
	char mname[SENS_MAX_METRICS][48];
	double *y;                  /* [nm][nw][nd]; NAN where a result is missing or NULL */
} sens_data_t;

/* Read run_id's designs and the metrics' results.  0, or EXIT_USER / EXIT_INTERNAL after one
 * line on stderr (unknown metric, too many factors or levels, a design without a result). */
int sens_load(store_t *st, int64_t run_id, const char *const *metrics, int nm, sens_data_t *out);
void sens_data_free(sens_data_t *d);

/* y[d] of metric m on workload w; NULL when any is missing (NaN). */
const double *sens_response(const sens_data_t *d, int m, int w);
/* Metric m aggregated over workloads per design as pareto does: the geometric mean, or the
 * arithmetic mean when a design has a non-positive value.  0, or -1 when a value is missing. */
int sens_geomean(const sens_data_t *d, int m, double *y);

#endif
