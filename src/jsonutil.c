/* jsonutil.c -- JSON file loading and path-aware errors (see jsonutil.h). */
#include "jsonutil.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

cJSON *json_load_file(const char *path, char **text)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		err_user("%s: %s", path, strerror(errno));
		return NULL;
	}
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	for (;;) {
		if (!buf) {
			fclose(f);
			err_internal("%s: out of memory", path);
			return NULL;
		}
		n += fread(buf + n, 1, cap - n - 1, f);
		if (n < cap - 1)
			break;
		cap *= 2;
		char *nb = realloc(buf, cap);
		if (!nb)
			free(buf);
		buf = nb;
	}
	int rerr = ferror(f);
	fclose(f);
	if (rerr) {
		free(buf);
		err_user("%s: read error", path);
		return NULL;
	}
	buf[n] = '\0';
	const char *end = NULL;
	cJSON *root = cJSON_ParseWithOpts(buf, &end, 1);
	if (!root) {
		size_t off = end ? (size_t)(end - buf) : n;
		if (off > n)
			off = n;
		int line = 1, col = 1;
		for (size_t i = 0; i < off; i++) {
			if (buf[i] == '\n') {
				line++;
				col = 1;
			} else {
				col++;
			}
		}
		if (n == 0)
			err_user("%s: empty file, expected JSON", path);
		else if (off >= n)
			err_user("%s: malformed JSON: unexpected end of file (truncated?) at line %d", path, line);
		else
			err_user("%s: malformed JSON at line %d, column %d", path, line, col);
		free(buf);
		return NULL;
	}
	if (text)
		*text = buf;
	else
		free(buf);
	return root;
}

void json_describe(const cJSON *v, char *buf, size_t len)
{
	if (!v)
		snprintf(buf, len, "nothing");
	else if (cJSON_IsString(v))
		snprintf(buf, len, "\"%.60s\"", v->valuestring);
	else if (cJSON_IsNumber(v))
		snprintf(buf, len, "%.10g", v->valuedouble);
	else if (cJSON_IsBool(v))
		snprintf(buf, len, "%s", cJSON_IsTrue(v) ? "true" : "false");
	else if (cJSON_IsNull(v))
		snprintf(buf, len, "null");
	else if (cJSON_IsArray(v))
		snprintf(buf, len, "an array");
	else
		snprintf(buf, len, "an object");
}

int json_type_error(const char *file, const char *path, const char *what, const cJSON *got)
{
	char d[96];
	json_describe(got, d, sizeof d);
	return err_user("%s: %s: expected %s, got %s", file, path, what, d);
}

int json_check_keys(const char *file, const char *path, const cJSON *obj, const char *const *allowed)
{
	const cJSON *it;
	cJSON_ArrayForEach(it, obj) {
		int ok = 0;
		for (int i = 0; allowed[i]; i++)
			if (it->string && strcmp(it->string, allowed[i]) == 0)
				ok = 1;
		if (!ok) {
			char list[512];
			size_t used = 0;
			list[0] = '\0';
			for (int i = 0; allowed[i] && used < sizeof list; i++)
				used += snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", allowed[i]);
			return err_user("%s: %s.%s: unknown key (expected one of: %s)", file, path,
				it->string ? it->string : "?", list);
		}
	}
	return 0;
}

int json_get_num(const char *file, const char *path, const cJSON *obj, const char *key,
	int required, double lo, double hi, double *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	char p[256], what[96];
	snprintf(p, sizeof p, "%s.%s", path, key);
	if (!v) {
		if (required)
			return err_user("%s: %s: missing (required)", file, p);
		return 0;
	}
	snprintf(what, sizeof what, "a number in [%g, %g]", lo, hi);
	if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) || v->valuedouble < lo || v->valuedouble > hi)
		return json_type_error(file, p, what, v);
	*out = v->valuedouble;
	return 0;
}

int json_get_int(const char *file, const char *path, const cJSON *obj, const char *key,
	int required, long lo, long hi, int *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	char p[256], what[96];
	snprintf(p, sizeof p, "%s.%s", path, key);
	if (!v) {
		if (required)
			return err_user("%s: %s: missing (required)", file, p);
		return 0;
	}
	snprintf(what, sizeof what, "an integer in [%ld, %ld]", lo, hi);
	if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble) || v->valuedouble < lo || v->valuedouble > hi)
		return json_type_error(file, p, what, v);
	*out = (int)v->valuedouble;
	return 0;
}

int json_get_str(const char *file, const char *path, const cJSON *obj, const char *key,
	int required, char *out, size_t outlen)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	char p[256];
	snprintf(p, sizeof p, "%s.%s", path, key);
	if (!v) {
		if (required)
			return err_user("%s: %s: missing (required)", file, p);
		return 0;
	}
	if (!cJSON_IsString(v))
		return json_type_error(file, p, "a string", v);
	if (strlen(v->valuestring) >= outlen)
		return err_user("%s: %s: string longer than %zu characters", file, p, outlen - 1);
	strcpy(out, v->valuestring);
	return 0;
}

void hash_hex(const void *data, size_t len, char out[17])
{
	uint64_t h = 1469598103934665603ULL;   /* FNV-1a 64 offset basis */
	const unsigned char *p = data;
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 1099511628211ULL;            /* FNV-1a 64 prime */
	}
	snprintf(out, 17, "%016llx", (unsigned long long)h);
}
