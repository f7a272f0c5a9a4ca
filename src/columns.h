/*
 * columns.h -- the results columns: one entry per stored metric, mapping a column name to
 * its metrics_t field.  The schema, the sweep's inserts, pareto's objectives, query's filters,
 * explain's metrics and the bench's bare insert loop all use this one table.  A mechanism's own
 * columns are named again in its row's `columns` list (models/mech.h: mech_of_column); the
 * mechanism test (tests/unit/test_mech.c) checks that every such name is a row here.
 */
#ifndef GPUDSE_COLUMNS_H
#define GPUDSE_COLUMNS_H

#include <stddef.h>

#include "gpu.h"

typedef struct metric_col {
	const char *name;     /* column name */
	size_t offset;        /* offsetof(metrics_t, ...) of a double */
	int higher_better;    /* 1 maximise by default, 0 minimise */
	const char *doc;      /* unit and meaning */
} metric_col_t;

extern const metric_col_t metric_cols[];
extern const size_t n_metric_cols;

const metric_col_t *metric_col_find(const char *name);
static inline double metric_value(const metric_col_t *c, const metrics_t *m)
{
	return *(const double *)((const char *)m + c->offset);
}

#define GPUDSE_MODEL_VERSION "gpudse-models-1"

#endif
