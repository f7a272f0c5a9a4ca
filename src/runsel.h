/* runsel.h -- `--run ID|latest` for the read commands. */
#ifndef GPUDSE_RUNSEL_H
#define GPUDSE_RUNSEL_H

#include "store/store.h"

/* Resolve "latest" or a run id; 0, or EXIT_USER after naming the problem. */
int run_select(store_t *st, const char *db, const char *spec, store_run_t *run);
/* A warning line on stderr when the run is not done (interrupted, or still running or killed)
 * or holds an incomplete shard set ("2/3", "1,2/3"): its answers cover part of the space.
 * run_select calls it; so pareto, query, export and plot warn. */
void run_warn_partial(const char *db, const store_run_t *run);

#endif
