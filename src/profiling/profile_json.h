/*
 * profile_json.h -- profile files (docs/profile-format.md) to and from profile_t.
 * The only code that sees a profile's JSON.
 */
#ifndef GPUDSE_PROFILE_JSON_H
#define GPUDSE_PROFILE_JSON_H

#include "profile.h"

/* Load and validate a profile file.  0 on success; EXIT_USER after printing one line
 * "gpudse: FILE: .json.path: what is wrong" (negative or NaN counts, empty histograms, unknown
 * keys, wrong types, truncated JSON); p is left zeroed on failure. */
int profile_load(const char *path, profile_t *p);
/* Write p as JSON to path atomically (temp file + rename).  0 or EXIT_USER/EXIT_INTERNAL. */
int profile_save(const char *path, const profile_t *p);

#endif
