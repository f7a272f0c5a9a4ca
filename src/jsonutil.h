/*
 * jsonutil.h -- reading JSON files with errors that name the file and the JSON path.
 * Used by every loader (studies, presets, profiles, parameter sets) so all errors read
 *   gpudse: studies/x.json: .space.dcl1_clusters[2]: expected a positive integer, got "ten"
 */
#ifndef GPUDSE_JSONUTIL_H
#define GPUDSE_JSONUTIL_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "json_writer.h"

/* Read and parse a whole file.  NULL after printing one error line (missing file, empty,
 * malformed JSON with line and column).  *text (optional) receives the file's bytes. */
cJSON *json_load_file(const char *path, char **text);

/* A short description of a value for messages: "\"ten\"", "3.5", "an object", "null". */
void json_describe(const cJSON *v, char *buf, size_t len);

/* Report "gpudse: FILE: PATH: expected WHAT, got DESCRIPTION"; returns EXIT_USER. */
int json_type_error(const char *file, const char *path, const char *what, const cJSON *got);

/* Every key of object `obj` must be in the NULL-terminated list `allowed`; otherwise report
 * "FILE: PATH.key: unknown key (expected one of ...)" and return EXIT_USER. */
int json_check_keys(const char *file, const char *path, const cJSON *obj, const char *const *allowed);

/* Typed getters for a member: 0 and *out on success; absent -> 0 with *out untouched when
 * !required, else an error; wrong type or out of range -> error naming FILE and PATH.key. */
int json_get_num(const char *file, const char *path, const cJSON *obj, const char *key,
	int required, double lo, double hi, double *out);
int json_get_int(const char *file, const char *path, const cJSON *obj, const char *key,
	int required, long lo, long hi, int *out);
int json_get_str(const char *file, const char *path, const cJSON *obj, const char *key,
	int required, char *out, size_t outlen);

/* Writing JSON (json_add_num, json_print, field tables): json_writer.h. */

/* 64-bit FNV-1a of a byte string, as 16 hex digits in out[17]. */
void hash_hex(const void *data, size_t len, char out[17]);

#endif
