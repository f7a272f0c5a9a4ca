/*
 * profile_json.c -- profile files (docs/profile-format.md) to and from profile_t, fully
 * validated.  Loading goes through jsonutil (file, malformed JSON with line and column);
 * every error names the file and the JSON path.  Saving writes a temporary file in the same
 * directory and renames it over the target, so a reader never sees half a profile.
 */
#include "profiling/profile_json.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "profiling/shards.h"
#include "jsonutil.h"
#include "profiling/profile_json_shape.h"
#include "profiling/profile_json_minisample.h"

#define PROFILE_VERSION 1

/* ---- loading ---- */

typedef struct ld {
	const char *file;
} ld_t;

/* "gpudse: FILE: PATH: msg" */
static int perr(const ld_t *c, const char *path, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int perr(const ld_t *c, const char *path, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return err_user("%s: %s: %s", c->file, path[0] ? path : ".", msg);
}

/* Every key of obj in allowed, no key twice. */
static int check_keys(const ld_t *c, const char *path, const cJSON *obj, const char *const *allowed)
{
	if (json_check_keys(c->file, path, obj, allowed))
		return EXIT_USER;
	const cJSON *a, *b;
	cJSON_ArrayForEach(a, obj)
		for (b = a->next; b; b = b->next)
			if (strcmp(a->string, b->string) == 0)
				return perr(c, path, "duplicate key \"%s\"", a->string);
	return 0;
}

static int want_object(const ld_t *c, const char *path, const cJSON *v)
{
	return cJSON_IsObject(v) ? 0 : json_type_error(c->file, path[0] ? path : ".", "an object", v);
}

/* A non-negative number at v, at most 2^53: every count in a profile (accesses, blocks,
 * instructions, distances) is an integer a double holds exactly, and a larger one (cold:
 * 1e308) would make the model's energy and time infinite and empty every Pareto front. */
#define PROFILE_MAX_COUNT 9007199254740992.0   /* 2^53 */
static int nonneg(const ld_t *c, const char *path, const cJSON *v, double *out)
{
	if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) || v->valuedouble < 0)
		return json_type_error(c->file, path, "a non-negative number", v);
	if (v->valuedouble > PROFILE_MAX_COUNT)
		return json_type_error(c->file, path, "a count of at most 2^53", v);
	*out = v->valuedouble;
	return 0;
}

/* Optional member `key` of obj as a non-negative number; required -> missing is an error. */
static int get_count(const ld_t *c, const char *path, const cJSON *obj, const char *key, int required,
		     double *out)
{
	char p[256];
	snprintf(p, sizeof p, "%s.%s", path, key);
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (!v)
		return required ? perr(c, p, "missing (required)") : 0;
	return nonneg(c, p, v, out);
}

static int get_frac(const ld_t *c, const char *path, const cJSON *obj, const char *key, double *out)
{
	char p[256];
	snprintf(p, sizeof p, "%s.%s", path, key);
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (!v)
		return perr(c, p, "missing (required)");
	if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0 && v->valuedouble <= 1))
		return json_type_error(c->file, p, "a fraction in [0, 1]", v);
	*out = v->valuedouble;
	return 0;
}

/* {"cold": N, "bins": [[lo, hi, count], ...]}: sorted, disjoint, lo < hi, non-empty. */
static int load_hist(const ld_t *c, const char *path, const cJSON *v, reuse_hist_t *h)
{
	static const char *const keys[] = { "cold", "bins", NULL };
	memset(h, 0, sizeof *h);
	if (want_object(c, path, v) || check_keys(c, path, v, keys))
		return EXIT_USER;
	if (get_count(c, path, v, "cold", 0, &h->cold))
		return EXIT_USER;
	char p[256];
	snprintf(p, sizeof p, "%s.bins", path);
	const cJSON *bins = cJSON_GetObjectItemCaseSensitive(v, "bins");
	if (!bins)
		return perr(c, p, "missing (required)");
	if (!cJSON_IsArray(bins))
		return json_type_error(c->file, p, "an array of [lo, hi, count]", bins);
	int n = cJSON_GetArraySize(bins);
	h->total = h->cold;
	if (n > 0) {
		h->lo = malloc((size_t)n * sizeof *h->lo);
		h->hi = malloc((size_t)n * sizeof *h->hi);
		h->count = malloc((size_t)n * sizeof *h->count);
		if (!h->lo || !h->hi || !h->count) {
			reuse_hist_free(h);
			return err_internal("%s: out of memory", c->file);
		}
	}
	const cJSON *b;
	int i = 0;
	cJSON_ArrayForEach(b, bins) {
		char bp[288];
		snprintf(bp, sizeof bp, "%s[%d]", p, i);
		if (!cJSON_IsArray(b) || cJSON_GetArraySize(b) != 3)
			goto bad_type;
		double x[3];
		for (int k = 0; k < 3; k++) {
			char ep[320];
			snprintf(ep, sizeof ep, "%s[%d]", bp, k);
			if (nonneg(c, ep, cJSON_GetArrayItem(b, k), &x[k]))
				goto fail;
		}
		if (!(x[0] < x[1])) {
			perr(c, bp, "expected lo < hi, got lo %g, hi %g", x[0], x[1]);
			goto fail;
		}
		if (i > 0 && x[0] < h->hi[i - 1]) {
			perr(c, bp, "bins must be sorted and disjoint: lo %g is below the previous bin's hi %g",
			     x[0], h->hi[i - 1]);
			goto fail;
		}
		h->lo[i] = x[0];
		h->hi[i] = x[1];
		h->count[i] = x[2];
		h->total += x[2];
		h->n = (size_t)++i;
		continue;
bad_type:
		json_type_error(c->file, bp, "an array [lo, hi, count]", b);
		goto fail;
	}
	if (!(h->total > 0)) {
		perr(c, path, "empty histogram (no cold count and no bin with a count)");
		goto fail;
	}
	return 0;
fail:
	reuse_hist_free(h);
	return EXIT_USER;
}

/* Optional histogram member: absent leaves h zeroed (n == 0, total == 0). */
static int load_hist_opt(const ld_t *c, const char *path, const cJSON *obj, const char *key,
			 reuse_hist_t *h)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	memset(h, 0, sizeof *h);
	if (!v)
		return 0;
	char p[256];
	snprintf(p, sizeof p, "%s.%s", path, key);
	return load_hist(c, p, v, h);
}

/* The rows of one index function of a set-associative record: rows[k], k = 0..ml, each `width`
 * non-negative counts into out[k * stride ..], summing to `accesses` (< 0: no sum to check);
 * rowmsg says what a row holds.  q is the rows' JSON path.  0, or EXIT_USER (reported). */
static int load_rows(const ld_t *c, const char *q, const cJSON *rows, int ml, int width, double *out,
		     size_t stride, double accesses, const char *rowmsg)
{
	if (!cJSON_IsArray(rows) || cJSON_GetArraySize(rows) != ml + 1)
		return perr(c, q, "expected an array of %d rows (one per set count 2^0..2^%d)", ml + 1, ml);
	for (int k = 0; k <= ml; k++) {
		const cJSON *row = cJSON_GetArrayItem(rows, k);
		char r[340];
		snprintf(r, sizeof r, "%s[%d]", q, k);
		if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != width)
			return perr(c, r, "%s", rowmsg);
		double sum = 0, *o = out + (size_t)k * stride;
		for (int d = 0; d < width; d++) {
			char e[360];
			snprintf(e, sizeof e, "%s[%d]", r, d);
			if (nonneg(c, e, cJSON_GetArrayItem(row, d), &o[d]))
				return EXIT_USER;
			sum += o[d];
		}
		if (accesses >= 0 && fabs(sum - accesses) > 1e-9 * accesses + 1e-9)
			return perr(c, r, "counts sum to %g, not the stream's %g accesses", sum, accesses);
	}
	return 0;
}

/* ---- set-associative records (issue 17; docs/profile-format.md "setassoc") ----
 * {"ways": 64, "max_log_sets": K, "linear": [row_0 .. row_K], "ipoly": [...]}, row_k = 65
 * non-negative counts (per-set distance 0..63, then "miss"), each row summing to the stream's
 * accesses. */
static int load_setassoc(const ld_t *c, const char *path, const cJSON *obj, const char *key,
			 double accesses, profile_setassoc_t **out)
{
	static const char *const keys[] = { "ways", "max_log_sets", "linear", "ipoly", "occupancy", NULL };
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	*out = NULL;
	if (!v)
		return 0;
	char p[256], q[300];
	snprintf(p, sizeof p, "%s.%s", path, key);
	if (want_object(c, p, v) || check_keys(c, p, v, keys))
		return EXIT_USER;
	int ways = 0, ml = -1;
	if (json_get_int(c->file, p, v, "ways", 1, 1, 1 << 20, &ways)
	    || json_get_int(c->file, p, v, "max_log_sets", 1, 0, PROFILE_SA_MAX_LOG, &ml))
		return EXIT_USER;
	if (ways != PROFILE_SA_WAYS)
		return perr(c, (snprintf(q, sizeof q, "%s.ways", p), q), "expected %d, got %d", PROFILE_SA_WAYS, ways);
	profile_setassoc_t *sa = calloc(1, sizeof *sa);
	if (!sa)
		return err_internal("out of memory");
	sa->max_log = ml;
	char hist_msg[100], occ_msg[100];
	snprintf(hist_msg, sizeof hist_msg, "expected an array of %d counts (distances 0..%d, then misses)",
		 PROFILE_SA_WAYS + 1, PROFILE_SA_WAYS - 1);
	snprintf(occ_msg, sizeof occ_msg, "expected an array of %d set counts (0..%d distinct blocks, then more)",
		 PROFILE_SA_WAYS + 1, PROFILE_SA_WAYS - 1);
	for (int f = 0; f < SA_NINDEX; f++) {
		const char *name = f == SA_LINEAR ? "linear" : "ipoly";
		const cJSON *rows = cJSON_GetObjectItemCaseSensitive(v, name);
		snprintf(q, sizeof q, "%s.%s", p, name);
		if (!rows) {
			free(sa);
			return perr(c, q, "missing (required)");
		}
		if (load_rows(c, q, rows, ml, PROFILE_SA_WAYS + 1, &sa->hist[f][0][0], PROFILE_SA_WAYS + 1, accesses,
			      hist_msg)) {
			free(sa);
			return EXIT_USER;
		}
	}
	const cJSON *occ = cJSON_GetObjectItemCaseSensitive(v, "occupancy");
	if (occ) {
		static const char *const ok[] = { "linear", "ipoly", NULL };
		snprintf(q, sizeof q, "%s.occupancy", p);
		if (want_object(c, q, occ) || check_keys(c, q, occ, ok)) {
			free(sa);
			return EXIT_USER;
		}
		sa->has_occ = 1;
		for (int f = 0; f < SA_NINDEX; f++) {
			const char *name = f == SA_LINEAR ? "linear" : "ipoly";
			const cJSON *rows = cJSON_GetObjectItemCaseSensitive(occ, name);
			char r[340];
			snprintf(r, sizeof r, "%s.%s", q, name);
			if (load_rows(c, r, rows, ml, PROFILE_SA_WAYS + 1, &sa->occ[f][0][0], PROFILE_SA_WAYS + 1, -1,
				      occ_msg)) {
				free(sa);
				return EXIT_USER;
			}
		}
	}
	*out = sa;
	return 0;
}

/* "setassoc_deep": {"ways": 512, "max_log_sets": 2, "linear": [3 rows], "ipoly": [3 rows]}, a row
 * 513 non-negative counts (per-set distance 0..511, then the rest) summing to the accesses. */
static int load_deep(const ld_t *c, const char *path, const cJSON *obj, double accesses, profile_sa_deep_t **out)
{
	static const char *const keys[] = { "ways", "max_log_sets", "linear", "ipoly", NULL };
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, "setassoc_deep");
	*out = NULL;
	if (!v)
		return 0;
	char p[256], q[300];
	snprintf(p, sizeof p, "%s.setassoc_deep", path);
	if (want_object(c, p, v) || check_keys(c, p, v, keys))
		return EXIT_USER;
	int ways = 0, ml = -1;
	if (json_get_int(c->file, p, v, "ways", 1, 1, 1 << 20, &ways)
	    || json_get_int(c->file, p, v, "max_log_sets", 1, 0, 16, &ml))
		return EXIT_USER;
	if (ways != PROFILE_SA_DEEP_WAYS)
		return perr(c, (snprintf(q, sizeof q, "%s.ways", p), q), "expected %d, got %d", PROFILE_SA_DEEP_WAYS, ways);
	if (ml != PROFILE_SA_DEEP_LOG)
		return perr(c, (snprintf(q, sizeof q, "%s.max_log_sets", p), q), "expected %d, got %d", PROFILE_SA_DEEP_LOG, ml);
	profile_sa_deep_t *sa = calloc(1, sizeof *sa);
	if (!sa)
		return err_internal("out of memory");
	char deep_msg[100];
	snprintf(deep_msg, sizeof deep_msg, "expected an array of %d counts (distances 0..%d, then the rest)",
		 PROFILE_SA_DEEP_WAYS + 1, PROFILE_SA_DEEP_WAYS - 1);
	for (int f = 0; f < SA_NINDEX; f++) {
		const char *name = f == SA_LINEAR ? "linear" : "ipoly";
		const cJSON *rows = cJSON_GetObjectItemCaseSensitive(v, name);
		snprintf(q, sizeof q, "%s.%s", p, name);
		if (load_rows(c, q, rows, ml, PROFILE_SA_DEEP_WAYS + 1, &sa->hist[f][0][0], PROFILE_SA_DEEP_WAYS + 1,
			      accesses, deep_msg)) {
			free(sa);
			return EXIT_USER;
		}
	}
	*out = sa;
	return 0;
}

/* "sd_exact": [[d, count], ...], d integers >= 64 increasing; the counts add up to the sd
 * histogram's accesses at distances >= 64 (docs/profile-format.md). */
static int load_sd_exact(const ld_t *c, const char *path, const cJSON *obj, profile_stream_t *s)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, "sd_exact");
	reuse_hist_t *h = &s->sd_exact;
	memset(h, 0, sizeof *h);
	if (!v)
		return 0;
	char p[256], q[300];
	snprintf(p, sizeof p, "%s.sd_exact", path);
	int n = cJSON_IsArray(v) ? cJSON_GetArraySize(v) : -1;
	if (n < 1)
		return perr(c, p, "expected a non-empty array of [distance, count] pairs");
	h->lo = malloc((size_t)n * sizeof *h->lo);
	h->hi = malloc((size_t)n * sizeof *h->hi);
	h->count = malloc((size_t)n * sizeof *h->count);
	if (!h->lo || !h->hi || !h->count) {
		reuse_hist_free(h);
		return err_internal("out of memory");
	}
	const cJSON *e = v->child;          /* walked, not indexed: GetArrayItem is O(i) */
	for (int i = 0; i < n; i++, e = e->next) {
		snprintf(q, sizeof q, "%s[%d]", p, i);
		const cJSON *d = cJSON_IsArray(e) && cJSON_GetArraySize(e) == 2 ? cJSON_GetArrayItem(e, 0) : NULL;
		double dv = d && cJSON_IsNumber(d) ? d->valuedouble : -1, cnt = 0;
		if (!d || !(dv >= 64) || dv != floor(dv) || dv > 9e15 || (i > 0 && !(dv > h->lo[i - 1]))) {
			reuse_hist_free(h);
			return perr(c, q, "expected [distance, count] with an integer distance >= 64, increasing");
		}
		char r[320];
		snprintf(r, sizeof r, "%s[1]", q);
		if (nonneg(c, r, cJSON_GetArrayItem(e, 1), &cnt)) {
			reuse_hist_free(h);
			return EXIT_USER;
		}
		h->lo[i] = dv;
		h->hi[i] = dv + 1;
		h->count[i] = cnt;
		h->total += cnt;
		h->n++;
	}
	double deep = 0;
	for (size_t i = 0; i < s->sd.n; i++)
		if (s->sd.lo[i] >= 64)
			deep += s->sd.count[i];
	if (fabs(deep - h->total) > 1e-9 * deep + 1e-9) {
		double t = h->total;
		reuse_hist_free(h);
		return perr(c, p, "counts sum to %g, not the sd histogram's %g accesses at distances >= 64", t, deep);
	}
	return 0;
}

/* One random-groups histogram at q (profile_rgroups_t): k rows of 1 + n non-negative counts,
 * consistent with the stream's histogram h: its cold count and every bin but the first (which
 * SHARDS_adj moved) are the groups' sum times one factor (1/R, and the fit of sd_we and the
 * class histograms to the stream's accesses).  NULL v with h present: an error. */
static int load_rg_rows(const ld_t *c, const char *q, const cJSON *v, int k, const reuse_hist_t *h, double **out)
{
	*out = NULL;
	int present = h->n > 0 || h->cold > 0;
	if (!v)
		return present ? perr(c, q, "missing: the stream has this histogram, so its random groups need it") : 0;
	if (!present)
		return perr(c, q, "the stream has no such histogram");
	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != k)
		return perr(c, q, "expected an array of k = %d rows", k);
	size_t n = h->n;
	double *r = *out = calloc((size_t)k * (1 + n), sizeof *r);
	if (!r)
		return err_internal("%s: out of memory", c->file);
	char p[320];
	for (int g = 0; g < k; g++) {
		const cJSON *row = cJSON_GetArrayItem(v, g);
		snprintf(p, sizeof p, "%s[%d]", q, g);
		if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != (int)(1 + n))
			return perr(c, p, "expected %zu counts (cold, then one per bin of the histogram)", 1 + n);
		for (size_t b = 0; b <= n; b++) {
			char ep[352];
			snprintf(ep, sizeof ep, "%s[%zu]", p, b);
			if (nonneg(c, ep, cJSON_GetArrayItem(row, (int)b), &r[(size_t)g * (1 + n) + b]))
				return EXIT_USER;
		}
	}
	double factor = -1;
	for (size_t b = 0; b <= n; b++) {
		if (b == 1)
			continue;                               /* the first bin: SHARDS_adj's */
		double sum = 0, x = b == 0 ? h->cold : h->count[b - 1];
		for (int g = 0; g < k; g++)
			sum += r[(size_t)g * (1 + n) + b];
		if ((sum > 0) != (x > 0))
			return perr(c, q, "the groups' %s sum to %g where the histogram has %g", b ? "bin" : "cold counts", sum, x);
		if (!(sum > 0))
			continue;
		if (factor < 0)
			factor = x / sum;
		else if (fabs(x / sum - factor) > 1e-6 * factor)
			return perr(c, q, "the groups' counts do not scale to the histogram's (%s %zu: %g x %g, elsewhere x %g)",
				    b ? "bin" : "cold", b ? b - 1 : 0, sum, x / sum, factor);
	}
	return 0;
}

static int load_rgroups(const ld_t *c, const char *path, const cJSON *v, profile_stream_t *s)
{
	static const char *const keys[] = { "k", "writes", "sd", "rt", "sd_we", "class_sd", NULL };
	const cJSON *o = cJSON_GetObjectItemCaseSensitive(v, "random_groups");
	if (!o)
		return 0;
	char p[256], q[288];
	snprintf(p, sizeof p, "%s.random_groups", path);
	if (want_object(c, p, o) || check_keys(c, p, o, keys))
		return EXIT_USER;
	profile_rgroups_t *rg = s->rg = calloc(1, sizeof *rg);
	if (!rg)
		return err_internal("%s: out of memory", c->file);
	if (json_get_int(c->file, p, o, "k", 1, 2, PROFILE_RG_MAX_K, &rg->k))
		return EXIT_USER;
	const cJSON *w = cJSON_GetObjectItemCaseSensitive(o, "writes");
	snprintf(q, sizeof q, "%s.writes", p);
	if (!cJSON_IsArray(w) || cJSON_GetArraySize(w) != rg->k)
		return perr(c, q, "expected an array of k = %d counts", rg->k);
	if (!(rg->writes = malloc((size_t)rg->k * sizeof *rg->writes)))
		return err_internal("%s: out of memory", c->file);
	for (int g = 0; g < rg->k; g++) {
		char ep[320];
		snprintf(ep, sizeof ep, "%s[%d]", q, g);
		if (nonneg(c, ep, cJSON_GetArrayItem(w, g), &rg->writes[g]))
			return EXIT_USER;
	}
	const char *name[3] = { "sd", "rt", "sd_we" };
	const reuse_hist_t *h[3] = { &s->sd, &s->rt, &s->sd_we };
	double **to[3] = { &rg->sd, &rg->rt, &rg->sd_we };
	for (int i = 0; i < 3; i++) {
		snprintf(q, sizeof q, "%s.%s", p, name[i]);
		if (load_rg_rows(c, q, cJSON_GetObjectItemCaseSensitive(o, name[i]), rg->k, h[i], to[i]))
			return EXIT_USER;
	}
	const cJSON *cls = cJSON_GetObjectItemCaseSensitive(o, "class_sd");
	snprintf(q, sizeof q, "%s.class_sd", p);
	static const char *const ck[] = { "wm", "ri", "worm", "woro", NULL };
	if (cls && (want_object(c, q, cls) || check_keys(c, q, cls, ck)))
		return EXIT_USER;
	for (int k = 0; k < RL_NCLASS; k++) {
		char cq[320];
		snprintf(cq, sizeof cq, "%s.%s", q, rl_class_name[k]);
		if (load_rg_rows(c, cq, cls ? cJSON_GetObjectItemCaseSensitive(cls, rl_class_name[k]) : NULL, rg->k,
				 &s->cls_sd[k], &rg->cls[k]))
			return EXIT_USER;
	}
	for (int g = 0; g < rg->k; g++) {              /* a group's writes are some of its accesses */
		double acc = 0;
		for (size_t b = 0; b <= s->sd.n; b++)
			acc += rg->sd[(size_t)g * (1 + s->sd.n) + b];
		if (rg->writes[g] > acc)
			return perr(c, (snprintf(q, sizeof q, "%s.writes[%d]", p, g), q),
				    "%g writes exceed the group's %g accesses (its sd row)", rg->writes[g], acc);
	}
	return 0;
}

static int load_stream(const ld_t *c, const char *path, const cJSON *v, int n_sm, profile_stream_t *s)
{
	static const char *const keys[] = { "name", "group", "accesses", "writes", "footprint", "sd", "rt",
					    "class_sd", "sd_we", "setassoc", "setassoc_we", "setassoc_wna", "setassoc_deep", "sd_exact",
					    "sd_sector", "sector_sd", "sector_sd_w", "sector_wb", "random_groups", NULL };
	if (want_object(c, path, v) || check_keys(c, path, v, keys))
		return EXIT_USER;
	if (json_get_str(c->file, path, v, "name", 1, s->name, sizeof s->name))
		return EXIT_USER;
	char p[256];
	int want;
	if (strcmp(s->name, "l1") == 0)
		want = 1;
	else if (strcmp(s->name, "global") == 0)
		want = n_sm;
	else {
		char *end;
		long g = strncmp(s->name, "group:", 6) == 0 ? strtol(s->name + 6, &end, 10) : 0;
		if (g < 2 || *end)
			return perr(c, (snprintf(p, sizeof p, "%s.name", path), p),
				    "expected \"l1\", \"global\" or \"group:G\" with an integer G >= 2, got \"%s\"", s->name);
		want = (int)g;
	}
	s->group = want;
	if (json_get_int(c->file, path, v, "group", 0, 1, 1 << 20, &s->group))
		return EXIT_USER;
	if (s->group != want)
		return perr(c, (snprintf(p, sizeof p, "%s.group", path), p), "stream \"%s\" has group %d, got %d",
			    s->name, want, s->group);
	s->units = (n_sm + s->group - 1) / s->group;
	if (get_count(c, path, v, "accesses", 1, &s->accesses) || get_count(c, path, v, "writes", 0, &s->writes)
	    || get_count(c, path, v, "footprint", 0, &s->footprint))
		return EXIT_USER;
	const cJSON *sd = cJSON_GetObjectItemCaseSensitive(v, "sd");
	snprintf(p, sizeof p, "%s.sd", path);
	if (!sd)
		return perr(c, p, "missing (required)");
	if (load_hist(c, p, sd, &s->sd) || load_hist_opt(c, path, v, "rt", &s->rt))
		return EXIT_USER;
	if (s->writes > s->accesses)
		return perr(c, (snprintf(p, sizeof p, "%s.writes", path), p), "%g writes exceed %g accesses",
			    s->writes, s->accesses);
	if (fabs(s->sd.total - s->accesses) > 1e-9 * s->accesses + 1e-9)
		return perr(c, (snprintf(p, sizeof p, "%s.accesses", path), p),
			    "%g does not match the sd histogram's total %g", s->accesses, s->sd.total);
	if (load_hist_opt(c, path, v, "sd_we", &s->sd_we))
		return EXIT_USER;
	if (s->sd_we.total > 0 && fabs(s->sd_we.total - s->accesses) > 1e-9 * s->accesses + 1e-9)
		return perr(c, (snprintf(p, sizeof p, "%s.sd_we", path), p),
			    "total %g does not match the stream's %g accesses", s->sd_we.total, s->accesses);
	if (load_sd_exact(c, path, v, s))
		return EXIT_USER;
	if (load_hist_opt(c, path, v, "sd_sector", &s->sd_sector))   /* sector_reuse.h */
		return EXIT_USER;
	if (s->sd_sector.total > 0 && strcmp(s->name, "l1") && strcmp(s->name, "global"))
		return perr(c, (snprintf(p, sizeof p, "%s.sd_sector", path), p),
			    "only the l1 and global streams carry sector histograms, not \"%s\"", s->name);
	if (load_hist_opt(c, path, v, "sector_sd", &s->sector_sd) || load_hist_opt(c, path, v, "sector_sd_w", &s->sector_sd_w))
		return EXIT_USER;
	if (s->sector_sd_w.total > s->sector_sd.total)
		return perr(c, (snprintf(p, sizeof p, "%s.sector_sd_w", path), p),
			    "%g store sector accesses exceed the record's %g", s->sector_sd_w.total, s->sector_sd.total);
	if (s->sector_sd_w.total > 0 && strcmp(s->name, "l1") != 0 && strcmp(s->name, "global") != 0)
		return perr(c, (snprintf(p, sizeof p, "%s.sector_sd_w", path), p),
			    "only the \"l1\" and \"global\" streams have the stores' sector record, not \"%s\"", s->name);
	if (load_hist_opt(c, path, v, "sector_wb", &s->sector_wb))   /* sector_rec.h, llc_write.h [W6] */
		return EXIT_USER;
	if (s->sector_wb.total > 0 || s->sector_wb.cold > 0) {
		snprintf(p, sizeof p, "%s.sector_wb", path);
		if (strcmp(s->name, "global") != 0)
			return perr(c, p, "only the \"global\" stream has the write-back record, not \"%s\"", s->name);
		if (s->sector_wb.cold > 0)
			return perr(c, p, "cold is %g; the write-back record has no cold entries", s->sector_wb.cold);
		if (s->sector_wb.total > s->sector_sd.total)
			return perr(c, p, "%g sector writes exceed the sector record's %g accesses", s->sector_wb.total,
				    s->sector_sd.total);
	}
	if (load_setassoc(c, path, v, "setassoc", s->accesses, &s->sa)
	    || load_setassoc(c, path, v, "setassoc_we", s->accesses, &s->sa_we)
	    || load_setassoc(c, path, v, "setassoc_wna", s->accesses, &s->sa_wna)
	    || load_deep(c, path, v, s->accesses, &s->sa_deep))
		return EXIT_USER;
	const cJSON *cls = cJSON_GetObjectItemCaseSensitive(v, "class_sd");
	if (cls) {
		snprintf(p, sizeof p, "%s.class_sd", path);
		static const char *const ck[] = { "wm", "ri", "worm", "woro", NULL };
		if (want_object(c, p, cls) || check_keys(c, p, cls, ck))
			return EXIT_USER;
		for (int k = 0; k < RL_NCLASS; k++)
			if (load_hist_opt(c, p, cls, rl_class_name[k], &s->cls_sd[k]))
				return EXIT_USER;
	}
	return load_rgroups(c, path, v, s);   /* after the histograms it is checked against */
}

static int load_class_fracs(const ld_t *c, const char *path, const cJSON *obj, const char *key, double *out)
{
	char p[256];
	snprintf(p, sizeof p, "%s.%s", path, key);
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	static const char *const ck[] = { "wm", "ri", "worm", "woro", NULL };
	if (!v)
		return perr(c, p, "missing (required)");
	if (want_object(c, p, v) || check_keys(c, p, v, ck))
		return EXIT_USER;
	for (int k = 0; k < RL_NCLASS; k++)
		if (get_frac(c, p, v, rl_class_name[k], &out[k]))
			return EXIT_USER;
	return 0;
}

static int load_sum1(const ld_t *c, const char *path, const double *x, int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += x[i];
	if (fabs(s - 1) > 1e-6)
		return perr(c, path, "fractions must sum to 1, got %.9g", s);
	return 0;
}


/* ---- DC-L1 node records (issue 17; docs/profile-format.md "dcl1_nodes") ---- */

/* hist and repl of one record (or one sampled set) at obj: 65 counts each, repl[0] = 0 and
 * repl[A] <= the misses at A ways, sum_{d >= A} hist[d]. */
static int load_hist_repl(const ld_t *c, const char *path, const cJSON *v, double *hist, double *repl)
{
	char q[160];
	for (int part = 0; part < 2; part++) {
		const char *key = part ? "repl" : "hist";
		double *x = part ? repl : hist;
		const cJSON *a = cJSON_GetObjectItemCaseSensitive(v, key);
		snprintf(q, sizeof q, "%s.%s", path, key);
		if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != PROFILE_SA_WAYS + 1) {
			char what[80];
			snprintf(what, sizeof what, "an array of %d counts", PROFILE_SA_WAYS + 1);
			return json_type_error(c->file, q, what, a);
		}
		for (int d = 0; d <= PROFILE_SA_WAYS; d++) {
			char e[200];
			snprintf(e, sizeof e, "%s[%d]", q, d);
			if (nonneg(c, e, cJSON_GetArrayItem(a, d), &x[d]))
				return EXIT_USER;
		}
	}
	/* repl[A] counts misses at A ways: never more than them */
	double miss = hist[PROFILE_SA_WAYS];
	for (int a = PROFILE_SA_WAYS; a >= 1; a--) {
		if (a < PROFILE_SA_WAYS)
			miss += hist[a];
		if (repl[a] > miss * (1 + 1e-12) + 1e-9) {
			snprintf(q, sizeof q, "%s.repl[%d]", path, a);
			return perr(c, q, "%g replicated misses, more than the %g misses at %d ways", repl[a], miss, a);
		}
	}
	if (repl[0] != 0) {
		snprintf(q, sizeof q, "%s.repl[0]", path);
		return perr(c, q, "must be 0 (no cache has 0 ways)");
	}
	return 0;
}

/* "sampled_sets" of a set-sampled record (nodesample.h): at most 2^log_sets sets, each
 * {"hist", "repl"} unscaled; their sums x accesses / (their accesses) must be the record's. */
static int load_node_sets(const ld_t *c, const char *path, const cJSON *v, profile_nodes_t *r)
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(v, "sampled_sets");
	char q[128];
	snprintf(q, sizeof q, "%s.sampled_sets", path);
	if (!arr)
		return 0;
	int k = cJSON_IsArray(arr) ? cJSON_GetArraySize(arr) : 0;
	if (k < 1 || k > 1 << r->log_sets) {
		char what[96];
		snprintf(what, sizeof what, "an array of 1 to %d sampled sets (2^log_sets)", 1 << r->log_sets);
		return json_type_error(c->file, q, what, arr);
	}
	r->set_counts = malloc((size_t)k * NODE_SET_ROW * sizeof *r->set_counts);
	if (!r->set_counts)
		return err_internal("%s: out of memory", c->file);
	r->sets_sampled = k;
	double sum[NODE_SET_ROW] = { 0 }, kept = 0;
	for (int s = 0; s < k; s++) {
		char e[160];
		snprintf(e, sizeof e, "%s[%d]", q, s);
		const cJSON *o = cJSON_GetArrayItem(arr, s);
		static const char *const sk[] = { "hist", "repl", NULL };
		double *x = r->set_counts + (size_t)s * NODE_SET_ROW;
		if (want_object(c, e, o) || check_keys(c, e, o, sk) || load_hist_repl(c, e, o, x, x + PROFILE_SA_WAYS + 1))
			return EXIT_USER;
		for (int i = 0; i < NODE_SET_ROW; i++)
			sum[i] += x[i];
		for (int d = 0; d <= PROFILE_SA_WAYS; d++)
			kept += x[d];
	}
	if (!(kept > 0))
		return perr(c, q, "no access in any sampled set (a record needs at least one)");
	double f = r->accesses / kept;
	for (int i = 0; i < NODE_SET_ROW; i++) {
		double want = i <= PROFILE_SA_WAYS ? r->hist[i] : r->repl[i - PROFILE_SA_WAYS - 1];
		if (fabs(sum[i] * f - want) > 1e-6 * (r->accesses + 1)) {
			snprintf(q, sizeof q, "%s.%s[%d]", path, i <= PROFILE_SA_WAYS ? "hist" : "repl",
				 i <= PROFILE_SA_WAYS ? i : i - PROFILE_SA_WAYS - 1);
			return perr(c, q, "%.17g, but the sampled sets give %.17g (their sum x accesses / their accesses)",
				    want, sum[i] * f);
		}
	}
	return 0;
}

/* ----
 * [{"group": g, "homes": M, "gran": G, "index": "linear"|"ipoly", "log_sets": k,
 *   "write": "allocate"|"evict", "domains": D, "hist": [65 counts], "repl": [65 counts]}, ...]
 * repl[0] is 0 and repl[A] <= the misses at A ways, sum_{d >= A} hist[d]. */
static int load_nodes(const ld_t *c, const cJSON *root, profile_t *p)
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "dcl1_nodes");
	if (!arr)
		return 0;
	if (!cJSON_IsArray(arr))
		return json_type_error(c->file, ".dcl1_nodes", "an array", arr);
	p->nodes = calloc((size_t)cJSON_GetArraySize(arr) + 1, sizeof *p->nodes);
	if (!p->nodes)
		return err_internal("%s: out of memory", c->file);
	const cJSON *v;
	cJSON_ArrayForEach(v, arr) {
		static const char *const nk[] = { "group", "homes", "gran", "index", "log_sets", "write", "domains",
						  "hist", "repl", "sampled_sets", NULL };
		char path[64], q[96];
		snprintf(path, sizeof path, ".dcl1_nodes[%zu]", p->n_nodes);
		profile_nodes_t *r = &p->nodes[p->n_nodes++];
		if (want_object(c, path, v) || check_keys(c, path, v, nk)
		    || json_get_int(c->file, path, v, "group", 1, 1, 1 << 20, &r->group)
		    || json_get_int(c->file, path, v, "homes", 1, 1, 1 << 20, &r->homes)
		    || json_get_int(c->file, path, v, "gran", 1, 1, 1 << 20, &r->gran)
		    || json_get_int(c->file, path, v, "log_sets", 1, 0, PROFILE_SA_MAX_LOG, &r->log_sets)
		    || json_get_int(c->file, path, v, "domains", 1, 1, 1 << 20, &r->domains))
			return EXIT_USER;
		const cJSON *ix = cJSON_GetObjectItemCaseSensitive(v, "index");
		snprintf(q, sizeof q, "%s.index", path);
		if (!cJSON_IsString(ix) || (strcmp(ix->valuestring, "linear") && strcmp(ix->valuestring, "ipoly")))
			return json_type_error(c->file, q, "\"linear\" or \"ipoly\"", ix);
		r->index = strcmp(ix->valuestring, "linear") == 0 ? SA_LINEAR : SA_IPOLY;
		const cJSON *wr = cJSON_GetObjectItemCaseSensitive(v, "write");
		snprintf(q, sizeof q, "%s.write", path);
		if (!cJSON_IsString(wr) || (strcmp(wr->valuestring, "allocate") && strcmp(wr->valuestring, "evict")))
			return json_type_error(c->file, q, "\"allocate\" or \"evict\"", wr);
		r->write_evict = strcmp(wr->valuestring, "evict") == 0;
		if (load_hist_repl(c, path, v, r->hist, r->repl))
			return EXIT_USER;
		for (int d = 0; d <= PROFILE_SA_WAYS; d++)
			r->accesses += r->hist[d];
		if (load_node_sets(c, path, v, r))
			return EXIT_USER;
	}
	return 0;
}

static int load_body(const ld_t *c, const cJSON *root, profile_t *p)
{
	static const char *const keys[] = { "version", "name", "source", "block_bytes", "n_sm", "insts",
		"mem_insts", "sectors", "streams", "read_levels", "registers", "phases", "compressibility",
		"homes", "dcl1_nodes", "params", "observations", "shape", "fuse_sample", NULL };
	if (want_object(c, "", root) || check_keys(c, "", root, keys))
		return EXIT_USER;
	int version = PROFILE_VERSION;
	if (json_get_int(c->file, "", root, "version", 0, PROFILE_VERSION, PROFILE_VERSION, &version)
	    || json_get_str(c->file, "", root, "name", 0, p->name, sizeof p->name)
	    || json_get_str(c->file, "", root, "source", 0, p->source, sizeof p->source)
	    || json_get_int(c->file, "", root, "block_bytes", 1, 1, 1 << 20, &p->block_bytes)
	    || json_get_int(c->file, "", root, "n_sm", 1, 1, 1 << 20, &p->n_sm)
	    || get_count(c, "", root, "insts", 0, &p->insts)
	    || get_count(c, "", root, "mem_insts", 0, &p->mem_insts)
	    || get_count(c, "", root, "sectors", 0, &p->sectors))
		return EXIT_USER;
	if (p->mem_insts > p->insts)
		return perr(c, ".mem_insts", "%g memory instructions exceed %g instructions", p->mem_insts, p->insts);

	/* streams */
	const cJSON *st = cJSON_GetObjectItemCaseSensitive(root, "streams");
	if (!st)
		return perr(c, ".streams", "missing (required)");
	if (!cJSON_IsArray(st) || cJSON_GetArraySize(st) == 0)
		return json_type_error(c->file, ".streams", "a non-empty array of streams", st);
	p->streams = calloc((size_t)cJSON_GetArraySize(st), sizeof *p->streams);
	if (!p->streams)
		return err_internal("%s: out of memory", c->file);
	const cJSON *v;
	cJSON_ArrayForEach(v, st) {
		char path[64];
		snprintf(path, sizeof path, ".streams[%zu]", p->n_streams);
		profile_stream_t *s = &p->streams[p->n_streams++];
		if (load_stream(c, path, v, p->n_sm, s))
			return EXIT_USER;
		for (size_t i = 0; i + 1 < p->n_streams; i++)
			if (strcmp(p->streams[i].name, s->name) == 0)
				return perr(c, path, "stream \"%s\" appears twice", s->name);
	}
	if (!profile_stream(p, "l1"))
		return perr(c, ".streams", "no \"l1\" stream (required)");

	/* read levels */
	const cJSON *rl = cJSON_GetObjectItemCaseSensitive(root, "read_levels");
	if (rl) {
		static const char *const rk[] = { "block_frac", "access_frac", "write_frac", NULL };
		if (want_object(c, ".read_levels", rl) || check_keys(c, ".read_levels", rl, rk)
		    || load_class_fracs(c, ".read_levels", rl, "block_frac", p->rl_block_frac)
		    || load_class_fracs(c, ".read_levels", rl, "access_frac", p->rl_access_frac)
		    || load_class_fracs(c, ".read_levels", rl, "write_frac", p->rl_write_frac)
		    || load_sum1(c, ".read_levels.block_frac", p->rl_block_frac, RL_NCLASS)
		    || load_sum1(c, ".read_levels.access_frac", p->rl_access_frac, RL_NCLASS))
			return EXIT_USER;
		p->has_rl = 1;
	}

	/* registers */
	const cJSON *rg = cJSON_GetObjectItemCaseSensitive(root, "registers");
	if (rg) {
		static const char *const gk[] = { "reuse", "src_per_inst", "dst_per_inst", "tensor_frac", NULL };
		if (want_object(c, ".registers", rg) || check_keys(c, ".registers", rg, gk)
		    || load_hist_opt(c, ".registers", rg, "reuse", &p->reg_rd)
		    || get_count(c, ".registers", rg, "src_per_inst", 0, &p->src_per_inst)
		    || get_count(c, ".registers", rg, "dst_per_inst", 0, &p->dst_per_inst))
			return EXIT_USER;
		if (cJSON_GetObjectItemCaseSensitive(rg, "tensor_frac")
		    && get_frac(c, ".registers", rg, "tensor_frac", &p->tensor_frac))
			return EXIT_USER;
	}

	/* phases */
	const cJSON *ph = cJSON_GetObjectItemCaseSensitive(root, "phases");
	if (ph) {
		if (!cJSON_IsArray(ph))
			return json_type_error(c->file, ".phases", "an array", ph);
		p->phases = calloc((size_t)cJSON_GetArraySize(ph) + 1, sizeof *p->phases);
		if (!p->phases)
			return err_internal("%s: out of memory", c->file);
		cJSON_ArrayForEach(v, ph) {
			char path[64];
			snprintf(path, sizeof path, ".phases[%zu]", p->n_phases);
			profile_phase_t *f = &p->phases[p->n_phases++];
			static const char *const fk[] = { "insts", "mem_per_inst", "reg_reuse", NULL };
			if (want_object(c, path, v) || check_keys(c, path, v, fk)
			    || get_count(c, path, v, "insts", 1, &f->insts)
			    || get_count(c, path, v, "mem_per_inst", 0, &f->mem_per_inst)
			    || load_hist_opt(c, path, v, "reg_reuse", &f->reg_rd))
				return EXIT_USER;
			if (f->mem_per_inst > 1) {
				char q[80];
				snprintf(q, sizeof q, "%s.mem_per_inst", path);
				return json_type_error(c->file, q, "a fraction in [0, 1]",
						       cJSON_GetObjectItemCaseSensitive(v, "mem_per_inst"));
			}
		}
	}

	/* compressibility */
	const cJSON *cp = cJSON_GetObjectItemCaseSensitive(root, "compressibility");
	if (cp) {
		static const char *const kk[] = { "high", "low", "none", NULL };
		if (want_object(c, ".compressibility", cp) || check_keys(c, ".compressibility", cp, kk))
			return EXIT_USER;
		for (int k = 0; k < 3; k++)
			if (get_frac(c, ".compressibility", cp, kk[k], &p->comp_frac[k]))
				return EXIT_USER;
		if (load_sum1(c, ".compressibility", p->comp_frac, 3))
			return EXIT_USER;
		p->has_comp = 1;
	}

	/* homes */
	const cJSON *hm = cJSON_GetObjectItemCaseSensitive(root, "homes");
	if (hm) {
		if (!cJSON_IsArray(hm))
			return json_type_error(c->file, ".homes", "an array", hm);
		p->homes = calloc((size_t)cJSON_GetArraySize(hm) + 1, sizeof *p->homes);
		if (!p->homes)
			return err_internal("%s: out of memory", c->file);
		cJSON_ArrayForEach(v, hm) {
			char path[64], fp[80];
			snprintf(path, sizeof path, ".homes[%zu]", p->n_homes);
			snprintf(fp, sizeof fp, "%s.frac", path);
			profile_homes_t *h = &p->homes[p->n_homes++];
			static const char *const hk[] = { "n", "frac", NULL };
			if (want_object(c, path, v) || check_keys(c, path, v, hk)
			    || json_get_int(c->file, path, v, "n", 1, 1, 1 << 16, &h->n_homes))
				return EXIT_USER;
			const cJSON *fr = cJSON_GetObjectItemCaseSensitive(v, "frac");
			if (!fr)
				return perr(c, fp, "missing (required)");
			if (!cJSON_IsArray(fr) || cJSON_GetArraySize(fr) != h->n_homes) {
				char what[64];
				snprintf(what, sizeof what, "an array of %d fractions", h->n_homes);
				return json_type_error(c->file, fp, what, fr);
			}
			h->frac = malloc((size_t)h->n_homes * sizeof *h->frac);
			if (!h->frac)
				return err_internal("%s: out of memory", c->file);
			for (int k = 0; k < h->n_homes; k++) {
				char ep[96];
				snprintf(ep, sizeof ep, "%s[%d]", fp, k);
				const cJSON *e = cJSON_GetArrayItem(fr, k);
				if (!cJSON_IsNumber(e) || !(e->valuedouble >= 0 && e->valuedouble <= 1))
					return json_type_error(c->file, ep, "a fraction in [0, 1]", e);
				h->frac[k] = e->valuedouble;
			}
			if (load_sum1(c, fp, h->frac, h->n_homes))
				return EXIT_USER;
		}
	}

	if (load_nodes(c, root, p))
		return EXIT_USER;

	/* params */
	const cJSON *pa = cJSON_GetObjectItemCaseSensitive(root, "params");
	if (pa) {
		static const char *const pk[] = { "dep_cycles", "mlp", NULL };
		if (want_object(c, ".params", pa) || check_keys(c, ".params", pa, pk))
			return EXIT_USER;
		if (cJSON_GetObjectItemCaseSensitive(pa, "dep_cycles")) {
			if (get_count(c, ".params", pa, "dep_cycles", 1, &p->dep_cycles))
				return EXIT_USER;
			p->has_dep_cycles = 1;
		}
		if (cJSON_GetObjectItemCaseSensitive(pa, "mlp")) {
			if (json_get_num(c->file, ".params", pa, "mlp", 1, 1e-9, 1e9, &p->mlp))
				return EXIT_USER;
			p->has_mlp = 1;
		}
	}

	/* launch and code shape (profile_json_shape.c; absent: unknown) */
	const cJSON *sh = cJSON_GetObjectItemCaseSensitive(root, "shape");
	const cJSON *fs = cJSON_GetObjectItemCaseSensitive(root, "fuse_sample");
	int fs_rc = fs ? minisample_json_load(c->file, fs, &p->fuse_sample) : 0;
	if (fs_rc)
		return fs_rc;
	if (sh && shape_json_load(c->file, sh, &p->shape))
		return EXIT_USER;
	if (p->shape.has_sharers) {   /* profile_shape.h sharers: d <= SMs, and the cold counts bound it */
		const shape_sharers_t *b = p->shape.sharers;
		size_t n = p->shape.n_sharers;
		if (b[n - 1].d > p->n_sm)
			return err_user("%s: .shape.sharers: degree %d exceeds the profile's %d SMs", c->file, b[n - 1].d, p->n_sm);
		double sec = 0.0, reads = 0.0;
		for (size_t i = 0; i < n; i++) {
			sec += b[i].sectors;
			reads += b[i].d * b[i].sectors;
		}
		/* per sector with the sector record, else per block (line_sharers.h): the cold counts bound it */
		const profile_stream_t *l1 = profile_stream(p, "l1"), *gl = profile_stream(p, "global");
		int sect = l1 && l1->sector_sd.total > 0;
		const char *unit = sect ? "sectors" : "blocks";
		if (gl && (sect ? gl->sector_sd.total > 0 : gl->sd.total > 0)) {
			double cg = sect ? gl->sector_sd.cold : gl->sd.cold;
			if (sec > cg * (1 + 1e-12))
				return err_user("%s: .shape.sharers: %g %s, more than the global stream's %g cold %s", c->file, sec,
						unit, cg, unit);
		}
		if (l1) {
			double c1 = sect ? l1->sector_sd.cold : l1->sd.cold;
			if (reads > c1 * (1 + 1e-12))
				return err_user("%s: .shape.sharers: %g first reads (sum of d x %s), more than the l1 stream's "
				                "%g cold %s", c->file, reads, unit, c1, unit);
		}
	}

	/* observations */
	const cJSON *ob = cJSON_GetObjectItemCaseSensitive(root, "observations");
	if (ob) {
		if (!cJSON_IsArray(ob))
			return json_type_error(c->file, ".observations", "an array", ob);
		p->obs = calloc((size_t)cJSON_GetArraySize(ob) + 1, sizeof *p->obs);
		if (!p->obs)
			return err_internal("%s: out of memory", c->file);
		cJSON_ArrayForEach(v, ob) {
			char path[64];
			snprintf(path, sizeof path, ".observations[%zu]", p->n_obs);
			profile_obs_t *o = &p->obs[p->n_obs++];
			static const char *const okk[] = { "gpu", "design", "metric", "value", "sigma", NULL };
			if (want_object(c, path, v) || check_keys(c, path, v, okk)
			    || json_get_str(c->file, path, v, "gpu", 1, o->gpu, sizeof o->gpu)
			    || json_get_str(c->file, path, v, "design", 0, o->design, sizeof o->design)
			    || json_get_str(c->file, path, v, "metric", 1, o->metric, sizeof o->metric)
			    || json_get_num(c->file, path, v, "value", 1, -1e300, 1e300, &o->value)
			    || get_count(c, path, v, "sigma", 0, &o->sigma))
				return EXIT_USER;
		}
	}
	return 0;
}

int profile_load(const char *path, profile_t *p)
{
	memset(p, 0, sizeof *p);
	cJSON *root = json_load_file(path, NULL);
	if (!root)
		return EXIT_USER;
	ld_t c = { path };
	int rc = load_body(&c, root, p);
	cJSON_Delete(root);
	if (rc) {
		profile_free(p);
		return rc;
	}
	if (shards_regress_adj(p, shards_source_rate(p)) < 0) {   /* a sampled profile's SHARDS_adj (shards.h) */
		profile_free(p);
		return err_internal("%s: out of memory", path);
	}
	if (!p->name[0]) {                     /* default name: the file's base name without .json */
		const char *b = strrchr(path, '/');
		b = b ? b + 1 : path;
		size_t n = strlen(b);
		if (n > 5 && strcmp(b + n - 5, ".json") == 0)
			n -= 5;
		snprintf(p->name, sizeof p->name, "%.*s", (int)n, b);
	}
	return 0;
}

/* ---- saving ---- */

/* Shortest of %.15g / %.17g that reads back exactly. */
static void num(FILE *f, double x)
{
	char b[40];
	snprintf(b, sizeof b, "%.15g", x);
	if (strtod(b, NULL) != x)
		snprintf(b, sizeof b, "%.17g", x);
	fputs(b, f);
}

static void str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

static void hist(FILE *f, const reuse_hist_t *h)
{
	fputs("{\"cold\": ", f);
	num(f, h->cold);
	fputs(", \"bins\": [", f);
	for (size_t i = 0; i < h->n; i++) {
		fputs(i ? ((i % 8) ? ", [" : ",\n        [") : "[", f);
		num(f, h->lo[i]); fputs(", ", f);
		num(f, h->hi[i]); fputs(", ", f);
		num(f, h->count[i]); fputc(']', f);
	}
	fputs("]}", f);
}

/* A random-groups histogram: k rows [cold, bin 0, .., bin n-1] (profile_rgroups_t). */
static void rg_rows(FILE *f, const char *sep, const char *key, const double *rows, int k, size_t n)
{
	fprintf(f, "%s\"%s\": [", sep, key);
	for (int g = 0; g < k; g++) {
		fputs(g ? ",\n          [" : "\n          [", f);
		for (size_t b = 0; b <= n; b++) {
			if (b)
				fputs(", ", f);
			num(f, rows[(size_t)g * (1 + n) + b]);
		}
		fputc(']', f);
	}
	fputc(']', f);
}

static void rgroups_out(FILE *f, const profile_stream_t *s)
{
	const profile_rgroups_t *rg = s->rg;
	fprintf(f, ",\n      \"random_groups\": {\"k\": %d, \"writes\": [", rg->k);
	for (int g = 0; g < rg->k; g++) {
		if (g)
			fputs(", ", f);
		num(f, rg->writes[g]);
	}
	fputc(']', f);
	const char *sep = ",\n        ";
	rg_rows(f, sep, "sd", rg->sd, rg->k, s->sd.n);
	if (s->rt.total > 0 && rg->rt)
		rg_rows(f, sep, "rt", rg->rt, rg->k, s->rt.n);
	if (s->sd_we.total > 0 && rg->sd_we)
		rg_rows(f, sep, "sd_we", rg->sd_we, rg->k, s->sd_we.n);
	int any = 0;
	for (int c = 0; c < RL_NCLASS; c++) {
		if (!(s->cls_sd[c].total > 0) || !rg->cls[c])
			continue;
		rg_rows(f, any ? sep : ",\n        \"class_sd\": {", rl_class_name[c], rg->cls[c], rg->k, s->cls_sd[c].n);
		any = 1;
	}
	if (any)
		fputc('}', f);
	fputc('}', f);
}

static void setassoc_out(FILE *f, const char *key, const profile_setassoc_t *sa)
{
	fprintf(f, ",\n      \"%s\": {\"ways\": %d, \"max_log_sets\": %d", key, PROFILE_SA_WAYS, sa->max_log);
	for (int part = 0; part < 1 + sa->has_occ; part++) {
		if (part)
			fputs(",\n        \"occupancy\": {", f);
		for (int fn = 0; fn < SA_NINDEX; fn++) {
			fprintf(f, "%s\"%s\": [", part ? (fn ? ",\n          " : "") : ",\n        ",
				fn == SA_LINEAR ? "linear" : "ipoly");
			for (int k = 0; k <= sa->max_log; k++) {
				fputs(k ? ",\n          [" : "\n          [", f);
				const double *row = part ? sa->occ[fn][k] : sa->hist[fn][k];
				for (int d = 0; d <= PROFILE_SA_WAYS; d++) {
					if (d)
						fputs(", ", f);
					num(f, row[d]);
				}
				fputc(']', f);
			}
			fputc(']', f);
		}
		if (part)
			fputc('}', f);
	}
	fputc('}', f);
}

static void fracs(FILE *f, const double *x)
{
	fputc('{', f);
	for (int k = 0; k < RL_NCLASS; k++) {
		fprintf(f, "%s\"%s\": ", k ? ", " : "", rl_class_name[k]);
		num(f, x[k]);
	}
	fputc('}', f);
}

static void write_profile(FILE *f, const profile_t *p)
{
	fprintf(f, "{\n  \"version\": %d,\n  \"name\": ", PROFILE_VERSION);
	str(f, p->name);
	fputs(",\n  \"source\": ", f);
	str(f, p->source);
	fprintf(f, ",\n  \"block_bytes\": %d,\n  \"n_sm\": %d,\n  \"insts\": ", p->block_bytes, p->n_sm);
	num(f, p->insts);
	fputs(",\n  \"mem_insts\": ", f);
	num(f, p->mem_insts);
	fputs(",\n  \"sectors\": ", f);
	num(f, p->sectors);
	fputs(",\n  \"streams\": [", f);
	for (size_t i = 0; i < p->n_streams; i++) {
		const profile_stream_t *s = &p->streams[i];
		fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", f);
		str(f, s->name);
		fprintf(f, ", \"group\": %d, \"accesses\": ", s->group);
		num(f, s->accesses);
		fputs(", \"writes\": ", f);
		num(f, s->writes);
		fputs(", \"footprint\": ", f);
		num(f, s->footprint);
		fputs(",\n      \"sd\": ", f);
		hist(f, &s->sd);
		if (s->rt.total > 0) {
			fputs(",\n      \"rt\": ", f);
			hist(f, &s->rt);
		}
		if (s->sd_we.total > 0) {
			fputs(",\n      \"sd_we\": ", f);
			hist(f, &s->sd_we);
		}
		if (s->sd_sector.total > 0) {
			fputs(",\n      \"sd_sector\": ", f);
			hist(f, &s->sd_sector);
		}
		if (s->sector_sd.total > 0) {
			fputs(",\n      \"sector_sd\": ", f);
			hist(f, &s->sector_sd);
		}
		if (s->sector_sd_w.total > 0) {
			fputs(",\n      \"sector_sd_w\": ", f);
			hist(f, &s->sector_sd_w);
		}
		if (s->sector_wb.total > 0) {
			fputs(",\n      \"sector_wb\": ", f);
			hist(f, &s->sector_wb);
		}
		if (s->sd_exact.n > 0) {
			fputs(",\n      \"sd_exact\": [", f);
			for (size_t k = 0; k < s->sd_exact.n; k++) {
				fputs(k ? ((k % 8) ? ", [" : ",\n        [") : "[", f);
				num(f, s->sd_exact.lo[k]);
				fputs(", ", f);
				num(f, s->sd_exact.count[k]);
				fputc(']', f);
			}
			fputc(']', f);
		}
		if (s->sa)
			setassoc_out(f, "setassoc", s->sa);
		if (s->sa_we)
			setassoc_out(f, "setassoc_we", s->sa_we);
		if (s->sa_wna)
			setassoc_out(f, "setassoc_wna", s->sa_wna);
		if (s->sa_deep) {
			fprintf(f, ",\n      \"setassoc_deep\": {\"ways\": %d, \"max_log_sets\": %d", PROFILE_SA_DEEP_WAYS,
				PROFILE_SA_DEEP_LOG);
			for (int fn = 0; fn < SA_NINDEX; fn++) {
				fprintf(f, ",\n        \"%s\": [", fn == SA_LINEAR ? "linear" : "ipoly");
				for (int k = 0; k <= PROFILE_SA_DEEP_LOG; k++) {
					fputs(k ? ",\n          [" : "\n          [", f);
					for (int d = 0; d <= PROFILE_SA_DEEP_WAYS; d++) {
						if (d)
							fputs(", ", f);
						num(f, s->sa_deep->hist[fn][k][d]);
					}
					fputc(']', f);
				}
				fputc(']', f);
			}
			fputc('}', f);
		}
		int any = 0;
		for (int k = 0; k < RL_NCLASS; k++) {
			if (!(s->cls_sd[k].total > 0))
				continue;
			fprintf(f, "%s\"%s\": ", any ? ",\n        " : ",\n      \"class_sd\": {\n        ", rl_class_name[k]);
			hist(f, &s->cls_sd[k]);
			any = 1;
		}
		if (any)
			fputc('}', f);
		if (s->rg && s->sd.n + s->sd.cold > 0)
			rgroups_out(f, s);
		fputc('}', f);
	}
	fputs("\n  ]", f);
	if (p->has_rl) {
		fputs(",\n  \"read_levels\": {\"block_frac\": ", f);
		fracs(f, p->rl_block_frac);
		fputs(",\n    \"access_frac\": ", f);
		fracs(f, p->rl_access_frac);
		fputs(",\n    \"write_frac\": ", f);
		fracs(f, p->rl_write_frac);
		fputc('}', f);
	}
	if (p->reg_rd.total > 0 || p->src_per_inst > 0 || p->dst_per_inst > 0 || p->tensor_frac > 0) {
		fputs(",\n  \"registers\": {", f);
		if (p->reg_rd.total > 0) {
			fputs("\"reuse\": ", f);
			hist(f, &p->reg_rd);
			fputs(", ", f);
		}
		fputs("\"src_per_inst\": ", f);
		num(f, p->src_per_inst);
		fputs(", \"dst_per_inst\": ", f);
		num(f, p->dst_per_inst);
		fputs(", \"tensor_frac\": ", f);
		num(f, p->tensor_frac);
		fputc('}', f);
	}
	if (p->n_phases) {
		fputs(",\n  \"phases\": [", f);
		for (size_t i = 0; i < p->n_phases; i++) {
			const profile_phase_t *ph = &p->phases[i];
			fputs(i ? ",\n    {\"insts\": " : "\n    {\"insts\": ", f);
			num(f, ph->insts);
			fputs(", \"mem_per_inst\": ", f);
			num(f, ph->mem_per_inst);
			if (ph->reg_rd.total > 0) {
				fputs(", \"reg_reuse\": ", f);
				hist(f, &ph->reg_rd);
			}
			fputc('}', f);
		}
		fputs("]", f);
	}
	if (p->has_comp) {
		fputs(",\n  \"compressibility\": {\"high\": ", f);
		num(f, p->comp_frac[0]);
		fputs(", \"low\": ", f);
		num(f, p->comp_frac[1]);
		fputs(", \"none\": ", f);
		num(f, p->comp_frac[2]);
		fputc('}', f);
	}
	if (p->n_homes) {
		fputs(",\n  \"homes\": [", f);
		for (size_t i = 0; i < p->n_homes; i++) {
			fprintf(f, "%s{\"n\": %d, \"frac\": [", i ? ",\n    " : "\n    ", p->homes[i].n_homes);
			for (int k = 0; k < p->homes[i].n_homes; k++) {
				if (k)
					fputs(", ", f);
				num(f, p->homes[i].frac[k]);
			}
			fputs("]}", f);
		}
		fputs("]", f);
	}
	if (p->n_nodes) {
		fputs(",\n  \"dcl1_nodes\": [", f);
		for (size_t i = 0; i < p->n_nodes; i++) {
			const profile_nodes_t *r = &p->nodes[i];
			fprintf(f, "%s{\"group\": %d, \"homes\": %d, \"gran\": %d, \"index\": \"%s\", \"log_sets\": %d, "
				"\"write\": \"%s\", \"domains\": %d", i ? ",\n    " : "\n    ", r->group, r->homes, r->gran,
				r->index == SA_LINEAR ? "linear" : "ipoly", r->log_sets, r->write_evict ? "evict" : "allocate",
				r->domains);
			for (int part = 0; part < 2; part++) {
				const double *x = part ? r->repl : r->hist;
				fprintf(f, ",\n      \"%s\": [", part ? "repl" : "hist");
				for (int d = 0; d <= PROFILE_SA_WAYS; d++) {
					if (d)
						fputs(", ", f);
					num(f, x[d]);
				}
				fputc(']', f);
			}
			if (r->sets_sampled > 0) {      /* the sampled sets' own counts (nodesample.h) */
				fputs(",\n      \"sampled_sets\": [", f);
				for (int k = 0; k < r->sets_sampled; k++) {
					const double *x = r->set_counts + (size_t)k * NODE_SET_ROW;
					fputs(k ? ",\n        {\"hist\": [" : "\n        {\"hist\": [", f);
					for (int d = 0; d < NODE_SET_ROW; d++) {
						if (d == PROFILE_SA_WAYS + 1)
							fputs("], \"repl\": [", f);
						else if (d)
							fputs(", ", f);
						num(f, x[d]);
					}
					fputs("]}", f);
				}
				fputc(']', f);
			}
			fputc('}', f);
		}
		fputs("]", f);
	}
	if (p->has_dep_cycles || p->has_mlp) {
		fputs(",\n  \"params\": {", f);
		if (p->has_dep_cycles) {
			fputs("\"dep_cycles\": ", f);
			num(f, p->dep_cycles);
		}
		if (p->has_mlp) {
			fputs(p->has_dep_cycles ? ", \"mlp\": " : "\"mlp\": ", f);
			num(f, p->mlp);
		}
		fputc('}', f);
	}
	shape_json_write(f, &p->shape);
	minisample_json_write(f, &p->fuse_sample);
	if (p->n_obs) {
		fputs(",\n  \"observations\": [", f);
		for (size_t i = 0; i < p->n_obs; i++) {
			const profile_obs_t *o = &p->obs[i];
			fputs(i ? ",\n    {\"gpu\": " : "\n    {\"gpu\": ", f);
			str(f, o->gpu);
			fputs(", \"design\": ", f);
			str(f, o->design);
			fputs(", \"metric\": ", f);
			str(f, o->metric);
			fputs(", \"value\": ", f);
			num(f, o->value);
			fputs(", \"sigma\": ", f);
			num(f, o->sigma);
			fputc('}', f);
		}
		fputs("]", f);
	}
	fputs("\n}\n", f);
}

int profile_save(const char *path, const profile_t *p)
{
	size_t n = strlen(path);
	char *tmp = malloc(n + 16);
	if (!tmp)
		return err_internal("%s: out of memory", path);
	snprintf(tmp, n + 16, "%s.tmpXXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		int e = errno;
		free(tmp);
		return err_user("%s: cannot write: %s", path, strerror(e));
	}
	mode_t mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0) { /* mkstemp makes 0600; give the usual mode */ }
	FILE *f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		unlink(tmp);
		free(tmp);
		return err_internal("%s: out of memory", path);
	}
	write_profile(f, p);
	int werr = ferror(f);
	if (fflush(f) != 0)
		werr = 1;
	int e = errno;
	if (fclose(f) != 0 && !werr) {
		werr = 1;
		e = errno;
	}
	if (werr) {
		unlink(tmp);
		free(tmp);
		return err_user("%s: write failed: %s", path, strerror(e));
	}
	if (rename(tmp, path) != 0) {
		e = errno;
		unlink(tmp);
		free(tmp);
		return err_user("%s: cannot write: %s", path, strerror(e));
	}
	free(tmp);
	return 0;
}
