/*
 * gpu_json.h -- GPU presets (studies/gpus/NAME.json, docs/gpu-presets.md) to gpu_t.
 */
#ifndef GPUDSE_GPU_JSON_H
#define GPUDSE_GPU_JSON_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "gpu.h"

/* `name_or_path`: a preset name ("rtx3080" -> studies/gpus/rtx3080.json under the gpudse
 * root) or a path to a JSON file.  0, or EXIT_USER after one error line naming the file and
 * JSON path. */
int gpu_load(const char *name_or_path, gpu_t *g);
/* The same from a parsed object at JSON path jp of file (a study's inline "gpu": jp ".gpu"),
 * so that messages name the study and the path.  0, or EXIT_USER after one line. */
int gpu_from_json(const char *file, const char *jp, const cJSON *obj, gpu_t *g);

/* The preset field table (every gpu_t field: JSON key = field name, unit, legal range, doc;
 * defaults from gpu_defaults).  Terminated by a NULL key; n_gpu_fields excludes it. */
enum gpu_ftype { GF_STRING = 0, GF_INT, GF_DOUBLE };
typedef struct gpu_field {
	const char *key;           /* JSON key = gpu_t field name */
	enum gpu_ftype type;
	size_t offset;             /* offsetof(gpu_t, field) */
	const char *unit;          /* "" when dimensionless */
	double lo, hi;             /* legal range (strings: hi = max length) */
	const char *doc;           /* one line */
} gpu_field_t;
extern const gpu_field_t gpu_fields[];
extern const size_t n_gpu_fields;
const gpu_field_t *gpu_field_find(const char *key);
/* Field f of g as text. */
void gpu_field_format(const gpu_field_t *f, const gpu_t *g, char *buf, size_t len);
/* Resolve a preset name to studies/gpus/NAME.json under gpudse_root() (a path is kept as
 * is); 0, or -1 when a named preset does not exist. */
int gpu_preset_path(const char *name_or_path, char *path, size_t len);

/* The directory gpudse's shipped data (studies/, calibration/) lives in: $GPUDSE_ROOT; else the
 * source tree the binary sits in (up to three levels above it); else BINDIR/../share/gpudse
 * (`make install`); else the binary's directory. */
const char *gpudse_root(void);

#endif
