/* runsel.h -- `--run ID|latest` for the read commands. */
#ifndef GPUDSE_RUNSEL_H
#define GPUDSE_RUNSEL_H

#include "store.h"

/* Resolve "latest" or a run id; 0, or EXIT_USER after naming the problem. */
int run_select(store_t *st, const char *db, const char *spec, store_run_t *run);

#endif
