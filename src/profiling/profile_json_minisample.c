/* profile_json_minisample.c -- the profile's "fuse_sample" member; see the header. */
#include "profiling/profile_json_minisample.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "cli.h"
#include "jsonutil.h"

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void b64_write(FILE *f, const unsigned char *d, size_t n)
{
	fputc('"', f);
	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)d[i] << 16 | (i + 1 < n ? (unsigned)d[i + 1] << 8 : 0) |
		             (i + 2 < n ? d[i + 2] : 0);
		fputc(b64[v >> 18 & 63], f);
		fputc(b64[v >> 12 & 63], f);
		fputc(i + 1 < n ? b64[v >> 6 & 63] : '=', f);
		fputc(i + 2 < n ? b64[v & 63] : '=', f);
	}
	fputc('"', f);
}

/* Decodes s into a new buffer (*out, *n).  0, or -1 on a malformed string, -2 out of memory. */
static int b64_read(const char *s, unsigned char **out, size_t *n)
{
	size_t len = strlen(s);
	if (len % 4)
		return -1;
	unsigned char *d = malloc(len / 4 * 3 + 1);
	if (!d)
		return -2;
	size_t k = 0;
	for (size_t i = 0; i < len; i += 4) {
		unsigned v = 0;
		int pad = 0;
		for (int j = 0; j < 4; j++) {
			const char *p = s[i + j] ? strchr(b64, s[i + j]) : NULL;
			if (s[i + j] == '=' && i + 4 == len && j >= 2) {
				pad++;
				v <<= 6;
				continue;
			}
			if (!p || pad) {
				free(d);
				return -1;
			}
			v = v << 6 | (unsigned)(p - b64);
		}
		d[k++] = (unsigned char)(v >> 16);
		if (pad < 2)
			d[k++] = (unsigned char)(v >> 8);
		if (pad < 1)
			d[k++] = (unsigned char)v;
	}
	*out = d;
	*n = k;
	return 0;
}

void minisample_json_write(FILE *f, const profile_minisample_t *s)
{
	if (s->n_sm <= 0)
		return;
	fprintf(f, ",\n  \"fuse_sample\": {\"rate\": %.17g, \"sms\": [", s->rate);
	for (int i = 0; i < s->n_sm; i++)
		fprintf(f, "%s%d", i ? ", " : "", s->sm[i]);
	fprintf(f, "], \"keys\": %zu,\n    \"key_hash\": ", s->n_keys);
	unsigned char *buf = malloc(s->n_refs * 5 + 3 * s->n_keys + 1);
	if (!buf) {               /* the writer reports a failed stream on close */
		fputs("null}", f);
		return;
	}
	for (size_t k = 0; k < s->n_keys; k++) {
		buf[3 * k] = (unsigned char)s->key_hash[k];
		buf[3 * k + 1] = (unsigned char)(s->key_hash[k] >> 8);
		buf[3 * k + 2] = (unsigned char)(s->key_hash[k] >> 16);
	}
	b64_write(f, buf, 3 * s->n_keys);
	fputs(",\n    \"refs\": [", f);
	size_t begin = 0;
	for (int i = 0; i < s->n_sm; i++) {
		size_t n = 0;
		for (size_t r = begin; r < s->sm_end[i]; r++) {
			unsigned v = s->ref[r];
			while (v >= 128) {
				buf[n++] = (unsigned char)(v | 128);
				v >>= 7;
			}
			buf[n++] = (unsigned char)v;
		}
		fputs(i ? ",\n      " : "\n      ", f);
		/* 4 bytes little-endian: the varints' length, then their zlib stream */
		uLongf zn = compressBound((uLong)n);
		unsigned char *z = malloc(zn + 4);
		if (!z || compress2(z + 4, &zn, buf, (uLong)n, 9) != Z_OK) {
			free(z);
			fputs("null", f);       /* the loader rejects it: the file is not silently short */
		} else {
			for (int b = 0; b < 4; b++)
				z[b] = (unsigned char)(n >> (8 * b));
			b64_write(f, z, zn + 4);
			free(z);
		}
		begin = s->sm_end[i];
	}
	fputs("]}", f);
	free(buf);
}

int minisample_json_load(const char *file, const cJSON *v, profile_minisample_t *s)
{
	static const char *const keys[] = { "rate", "sms", "keys", "key_hash", "refs", NULL };
	const char *path = "fuse_sample";
	memset(s, 0, sizeof *s);
	if (!cJSON_IsObject(v))
		return json_type_error(file, path, "an object", v);
	if (json_check_keys(file, path, v, keys))
		return EXIT_USER;
	double rate = 0, nkeys = 0;
	if (json_get_num(file, path, v, "rate", 1, 1e-9, 1, &rate) ||
	    json_get_num(file, path, v, "keys", 1, 0, 1e9, &nkeys))
		return EXIT_USER;
	if (nkeys != floor(nkeys))
		return err_user("%s: fuse_sample.keys: expected an integer, got %g", file, nkeys);
	const cJSON *sms = cJSON_GetObjectItemCaseSensitive(v, "sms");
	const cJSON *refs = cJSON_GetObjectItemCaseSensitive(v, "refs");
	const cJSON *kh = cJSON_GetObjectItemCaseSensitive(v, "key_hash");
	int n_sm = cJSON_IsArray(sms) ? cJSON_GetArraySize(sms) : -1;
	if (n_sm < 1 || n_sm > PROFILE_MS_MAX_SM)
		return json_type_error(file, "fuse_sample.sms", "an array of 1..8 SM ids", sms);
	if (!cJSON_IsArray(refs) || cJSON_GetArraySize(refs) != n_sm)
		return json_type_error(file, "fuse_sample.refs", "an array of base64 strings, one per SM of sms", refs);
	if (!cJSON_IsString(kh))
		return json_type_error(file, "fuse_sample.key_hash", "a base64 string", kh);
	unsigned char *d = NULL;
	size_t n = 0;
	int rc = b64_read(kh->valuestring, &d, &n);
	if (rc == -2)
		return err_internal("out of memory reading %s", file);
	if (rc || n != 3 * (size_t)nkeys) {
		free(d);
		return err_user("%s: fuse_sample.key_hash: expected base64 of 3 bytes per key (%g keys)", file, nkeys);
	}
	s->n_keys = (size_t)nkeys;
	s->key_hash = malloc((s->n_keys ? s->n_keys : 1) * sizeof *s->key_hash);
	if (!s->key_hash) {
		free(d);
		return err_internal("out of memory reading %s", file);
	}
	for (size_t k = 0; k < s->n_keys; k++)
		s->key_hash[k] = d[3 * k] | (unsigned)d[3 * k + 1] << 8 | (unsigned)d[3 * k + 2] << 16;
	free(d);
	size_t cap = 0;
	for (int i = 0; i < n_sm; i++) {
		char p[64];
		snprintf(p, sizeof p, "fuse_sample.sms[%d]", i);
		const cJSON *e = cJSON_GetArrayItem(sms, i);
		if (!cJSON_IsNumber(e) || !(e->valuedouble >= 0 && e->valuedouble < 1e6) ||
		    e->valuedouble != floor(e->valuedouble)) {
			rc = json_type_error(file, p, "an SM id (a non-negative integer)", e);
			goto fail;
		}
		s->sm[i] = (int)e->valuedouble;
		snprintf(p, sizeof p, "fuse_sample.refs[%d]", i);
		e = cJSON_GetArrayItem(refs, i);
		if (!cJSON_IsString(e)) {
			rc = json_type_error(file, p, "a base64 string", e);
			goto fail;
		}
		unsigned char *zd = NULL;
		size_t zn = 0;
		int b = b64_read(e->valuestring, &zd, &zn);
		if (b) {
			rc = b == -2 ? err_internal("out of memory reading %s", file)
			             : err_user("%s: %s: not valid base64", file, p);
			goto fail;
		}
		uLongf raw = zn >= 4 ? (uLongf)zd[0] | (uLongf)zd[1] << 8 | (uLongf)zd[2] << 16 |
		                       (uLongf)zd[3] << 24 : 0;
		d = zn >= 4 && raw <= 5u * (1u << 28) ? malloc(raw + 1) : NULL;
		if (!d || uncompress(d, &raw, zd + 4, (uLong)(zn - 4)) != Z_OK) {
			free(zd);
			free(d);
			rc = err_user("%s: %s: not a length-prefixed zlib stream of varints", file, p);
			goto fail;
		}
		free(zd);
		n = raw;
		for (size_t j = 0; j < n;) {
			uint64_t x = 0;
			int sh = 0;
			while (j < n && d[j] & 128 && sh < 35)
				x |= (uint64_t)(d[j++] & 127) << sh, sh += 7;
			if (j == n || sh >= 35) {
				free(d);
				rc = err_user("%s: %s: truncated or oversized varint", file, p);
				goto fail;
			}
			x |= (uint64_t)d[j++] << sh;
			if ((x >> 1) >= s->n_keys) {
				free(d);
				rc = err_user("%s: %s: reference to key %llu of %zu", file, p,
				              (unsigned long long)(x >> 1), s->n_keys);
				goto fail;
			}
			if (s->n_refs == cap) {
				cap = cap ? 2 * cap : 4096;
				unsigned *q = realloc(s->ref, cap * sizeof *q);
				if (!q) {
					free(d);
					rc = err_internal("out of memory reading %s", file);
					goto fail;
				}
				s->ref = q;
			}
			s->ref[s->n_refs++] = (unsigned)x;
		}
		free(d);
		s->sm_end[i] = s->n_refs;
	}
	s->rate = rate;
	s->n_sm = n_sm;
	return 0;
fail:
	free(s->key_hash);
	free(s->ref);
	memset(s, 0, sizeof *s);
	return rc;
}
