/*
 * model_setup.h -- the skeleton the `gpudse model` commands for one mechanism on a GPU preset
 * share (dcl1, fuse, rfcache): load the preset; optionally a profile and its workload context;
 * evaluate the baseline design (design_default) and the asked design through the GPU model,
 * keeping both memory systems.  What they print goes through model_json.h's field tables.
 * Every error is one line "gpudse: CMD: ..." and a non-zero return (cli.h's exit statuses).
 */
#ifndef GPUDSE_MODEL_SETUP_H
#define GPUDSE_MODEL_SETUP_H

#include "design.h"
#include "gpu.h"
#include "profiling/profile_json.h"

typedef struct model_setup {
	const char *cmd;           /* "model dcl1": the prefix of every error line */
	gpu_t g;
	const char *pfile;         /* the profile's path, NULL without one */
	profile_t p;
	wctx_t *w;                 /* its workload context (NULL without a profile) */
	metrics_t mb, md;          /* GPU-model metrics of the baseline and of the design */
	memsys_t msb, msd;         /* their memory systems, before solving */
	gpu_detail_t det;          /* the design's stations, energy and power */
} model_setup_t;

/* Clear `s` and load the GPU preset `gpu_name` (a name or a JSON path). */
int model_setup_gpu(model_setup_t *s, const char *cmd, const char *gpu_name);
/* Load the profile `pfile` and build its workload context on the preset. */
int model_setup_profile(model_setup_t *s, const char *pfile);
/* Evaluate the baseline and design `d` on the workload.  `rule` (NULL: none) rewrites the
 * reason a design is illegal for the error line. */
int model_setup_eval(model_setup_t *s, const design_t *d, const char *(*rule)(const char *why));
/* Free what the calls above built (safe on a cleared or partly built setup). */
void model_setup_free(model_setup_t *s);

#endif
