/*
 * calib.h -- calibration parameter sets (calibration/params/NAME.json): the fitted values of
 * the GPU model's free parameters, with provenance, and how a sweep applies them.
 *
 * File layout (docs/calibration.md):
 *   { "name": "...", "model_version": "...", "created": "...", "profiles": {name: hash},
 *     "gpus": [...], "gpu": {"dram_eff": x, ...},
 *     "workloads": { "p-2mm": {"dep_cycles": x, "mlp": y}, ... },
 *     "fit": {...statistics, informational...} }
 * A workload absent from "workloads" keeps its profile's values.
 */
#ifndef GPUDSE_CALIB_H
#define GPUDSE_CALIB_H

#include "gpu.h"
#include "workload.h"

#define CALIB_MAX_WORKLOADS 256

typedef struct calib {
	char path[1024];
	char hash[17];              /* hash of the file's bytes: recorded in every run */
	char name[64];
	int has_dram_eff;
	double dram_eff;            /* GPU-level: achievable DRAM bandwidth fraction */
	int n_workloads;
	struct calib_workload {
		char name[64];
		int has_dep_cycles, has_mlp;
		double dep_cycles, mlp;
	} *workloads;
} calib_t;

/* Load and validate; 0 or EXIT_USER (one line naming file and JSON path). */
int calib_load(const char *path, calib_t *c);
void calib_free(calib_t *c);
/* Apply the GPU-level parameters to a preset. */
void calib_apply_gpu(const calib_t *c, gpu_t *g);
/* Apply a workload's parameters: sets the profile's params and rebuilds its context. */
int calib_apply_workload(const calib_t *c, const gpu_t *g, workload_t *w);

#endif
