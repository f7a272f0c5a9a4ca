/*
 * explain_db.h -- `gpudse explain --db FILE --design ID --workload W`: a stored design
 * explained without retyping its knobs.  The run's own preset (runs.gpu_json), calibration
 * (the study's params, checked against runs.calib_hash), the workload's profile (checked
 * against workloads.profile_hash) and the design's knobs come from the database; the model is
 * evaluated again and every stored metric is compared with the re-evaluation.
 */
#ifndef GPUDSE_EXPLAIN_DB_H
#define GPUDSE_EXPLAIN_DB_H

#include <cjson/cJSON.h>
#include <stdint.h>

#include "design.h"
#include "gpu.h"
#include "store/store.h"
#include "workload.h"

typedef struct explain_stored {
	char db[1024];
	int64_t run_id;
	char study[64];
	int64_t design_id;
	char variant[64];
	char workload[128];
	metrics_t m;              /* the stored results row */
	char units[64][32];       /* per metric_cols[] entry, from the database's metrics table */
	store_uncert_t *unc;      /* the workload's stored error rows (issue 23; malloc'd, may be NULL) */
	int n_unc;
} explain_stored_t;

/* Everything explain needs, from the database.  0 or EXIT_USER after one line. */
int explain_db_load(const char *db, const char *run_spec, const char *design_id, const char *workload,
	gpu_t *g, design_t *d, workload_t *wl, explain_stored_t *out);
/* The stored row beside the re-evaluation (speedup is relative to the study's baseline, so
 * only the stored one is shown). */
void explain_db_print(const explain_stored_t *s, const metrics_t *now);
void explain_db_json(cJSON *report, const explain_stored_t *s, const metrics_t *now);

#endif
