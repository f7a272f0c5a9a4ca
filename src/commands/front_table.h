/*
 * front_table.h -- how pareto prints a front: the design, the knobs the run's space varies
 * (what the study fixes is hidden), the objectives with their units from the database's
 * metrics table; in the table, designs whose objectives all agree within a relative
 * tolerance are one row (the lowest id first, the others counted, differing knobs as a|b).
 */
#ifndef GPUDSE_FRONT_TABLE_H
#define GPUDSE_FRONT_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "output.h"
#include "store.h"

/* Default relative tolerance under which two front designs are one row of the table. */
#define FRONT_TOLERANCE 1e-9

/* pts: np x k (objective values times signs[c]: larger is better), pid: the design ids,
 * idx[0..f): the front in print order.  Prints the heading line (table only) and the rows;
 * 0 or EXIT_*. */
int front_print(store_t *st, const store_run_t *run, const char *workload, enum out_format fmt,
	const char *const *names, const int *signs, int k, const double *pts, const int64_t *pid,
	size_t np, const size_t *idx, size_t f, long limit, double tol);

#endif
