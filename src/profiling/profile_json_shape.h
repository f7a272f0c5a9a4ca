/*
 * profile_json_shape.h -- the "shape" member of a profile file (docs/profile-format.md
 * "shape"): launch geometry and code shape (models/profile_shape.h), loaded with the same
 * validation as the rest of the profile (every error names the file and the JSON path) and
 * written by profile_save.  Absent blocks load as unknown (has_* = 0, no launches).
 */
#ifndef GPUDSE_PROFILE_JSON_SHAPE_H
#define GPUDSE_PROFILE_JSON_SHAPE_H

#include <stdio.h>

#include <cjson/cJSON.h>

#include "profile_shape.h"

/* v: the "shape" object.  0, or EXIT_USER / EXIT_INTERNAL after one line on stderr. */
int shape_json_load(const char *file, const cJSON *v, profile_shape_t *s);
/* Writes ",\n  \"shape\": {...}" when anything is known, else nothing. */
void shape_json_write(FILE *f, const profile_shape_t *s);

#endif
