/*
 * model_setup.h -- the skeleton the `gpudse model` commands for one mechanism on a GPU preset
 * share (dcl1, fuse, rfcache): load the preset; optionally a profile and its workload context;
 * evaluate the baseline design (design_default) and the asked design through the GPU model,
 * keeping both memory systems.  What they print goes through json_tables.h's field tables.
 * Every error is one line "gpudse: CMD: ..." and a non-zero return (cli.h's exit statuses).
 */
#ifndef GPUDSE_MODEL_SETUP_H
#define GPUDSE_MODEL_SETUP_H

#include "design.h"
#include "gpu.h"
#include "json_writer.h"
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
/* Set `knob` of design `d` to the text `value` given with option `opt`; 0, or the error line
 * "CMD: OPT: why" and EXIT_USER. */
int model_setup_knob(const char *cmd, design_t *d, const char *opt, const char *knob, const char *value);
/* Add `parent`.memsys: the design's memory system (memsys_json's `keys`) and its mechanism
 * stations (station_json's `station_keys`, with the solved utilisation and residence per
 * instruction when `with_util`); numbers in `fmt` (NULL: cJSON's). */
void model_setup_memsys_json(cJSON *parent, const model_setup_t *s, const char *keys,
	const char *station_keys, int with_util, const char *fmt);
/* Free what the calls above built (safe on a cleared or partly built setup). */
void model_setup_free(model_setup_t *s);

#endif
