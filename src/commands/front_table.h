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
#include "store/store.h"

/* Default relative tolerance under which two front designs are one row of the table. */
#define FRONT_TOLERANCE 1e-9

/* What pareto --prob and the tie groups add (pareto_prob.h): fnom of the rows are the nominal
 * front; with prob, the rows after them are designs non-dominated in some draw. */
typedef struct front_extra {
	size_t fnom;            /* nominal front size (the heading's count) */
	int want_prob;          /* p_front, front and tie_group columns; no collapsing */
	const double *prob;     /* per design (np) */
	const int *group;       /* per row (idx order): tie group, -1 none */
	long draws;
	/* pareto --interval (issue 23): per objective the factors the stored error puts around a
	 * design's aggregate, value x lo[c] .. value x hi[c]; NULL, or NAN for an objective without
	 * a stated error: no columns */
	const double *lo, *hi;
} front_extra_t;

/* pts: np x k (objective values times signs[c]: larger is better), pid: the design ids,
 * idx[0..f): the front in print order.  Prints the heading line (table only) and the rows;
 * 0 or EXIT_*. */
int front_print(store_t *st, const store_run_t *run, const char *workload, enum out_format fmt,
	const char *const *names, const int *signs, int k, const double *pts, const int64_t *pid,
	size_t np, const size_t *idx, size_t f, long limit, double tol, const front_extra_t *fx);

#endif
