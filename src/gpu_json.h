/*
 * gpu_json.h -- GPU presets (studies/gpus/NAME.json, docs/gpu-presets.md) to gpu_t.
 */
#ifndef GPUDSE_GPU_JSON_H
#define GPUDSE_GPU_JSON_H

#include "gpu.h"

/* `name_or_path`: a preset name ("rtx3080" -> studies/gpus/rtx3080.json under the gpudse
 * root) or a path to a JSON file.  0, or EXIT_USER after one error line naming the file and
 * JSON path. */
int gpu_load(const char *name_or_path, gpu_t *g);

/* The directory gpudse's shipped data lives in ($GPUDSE_ROOT, else the binary's directory). */
const char *gpudse_root(void);

#endif
