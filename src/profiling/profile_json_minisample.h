/*
 * profile_json_minisample.h -- the "fuse_sample" member of a profile file (docs/profile-format.md
 * "fuse_sample"; models/profile.h profile_minisample_t): the FUSE miniature-simulation stream.
 *
 *   "fuse_sample": { "rate": R, "sms": [id, ...], "keys": K,
 *                    "key_hash": "<base64: 3 bytes little-endian per key>",
 *                    "refs": ["<base64: LEB128 varints key << 1 | is_write>", ... one per SM] }
 */
#ifndef GPUDSE_PROFILE_JSON_MINISAMPLE_H
#define GPUDSE_PROFILE_JSON_MINISAMPLE_H

#include <stdio.h>

#include <cjson/cJSON.h>

#include "profile.h"

/* v: the "fuse_sample" object.  0, or EXIT_USER / EXIT_INTERNAL after one line on stderr. */
int minisample_json_load(const char *file, const cJSON *v, profile_minisample_t *s);
/* Writes ",\n  \"fuse_sample\": {...}" when present (n_sm > 0), else nothing. */
void minisample_json_write(FILE *f, const profile_minisample_t *s);

#endif
