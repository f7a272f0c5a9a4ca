/* study.c -- study files to study_t, and the mixed-radix design space (see study.h). */
#include "study.h"
#include "stats/doe.h"

#include <errno.h>
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "presets/gpu_json.h"
#include "jsonutil.h"
#include "knobs.h"

static const char *const study_keys[] = { "name", "description", "gpu", "params", "workloads",
	"baseline", "fixed", "space", "variants", "derived", "constraints", "sample", NULL };

/* Convert one JSON value to a knob's numeric value; reports FILE: PATH: ... on error. */
static int knob_value(const char *file, const char *path, const knob_t *k, const cJSON *v, double *out)
{
	char err[256];
	design_t d;
	design_default(&d);
	if (cJSON_IsString(v)) {
		if (knob_set(&d, k->name, v->valuestring, err, sizeof err) < 0)
			return err_user("%s: %s: %s", file, path, strchr(err, ':') ? strchr(err, ':') + 2 : err);
	} else if (cJSON_IsBool(v) && k->type == KNOB_BOOL) {
		if (knob_set_num(k, &d, cJSON_IsTrue(v), err, sizeof err) < 0)
			return err_user("%s: %s: %s", file, path, err);
	} else if (cJSON_IsNumber(v) && k->type != KNOB_ENUM) {
		if (k->type == KNOB_INT && v->valuedouble != floor(v->valuedouble))
			return json_type_error(file, path, "an integer", v);
		if (knob_set_num(k, &d, v->valuedouble, err, sizeof err) < 0)
			return err_user("%s: %s: %s", file, path, strchr(err, ':') ? strchr(err, ':') + 2 : err);
	} else {
		const char *what = k->type == KNOB_ENUM ? "one of the knob's names (a string)"
			: k->type == KNOB_BOOL ? "true or false"
			: k->type == KNOB_INT ? "an integer" : "a number";
		return json_type_error(file, path, what, v);
	}
	*out = knob_get(k, &d);
	return 0;
}

/* An object of knob -> value applied to *d. */
static int parse_settings(const char *file, const char *path, const cJSON *obj, design_t *d,
	int *knob_idx, double *vals, int *n, int max)
{
	if (!cJSON_IsObject(obj))
		return json_type_error(file, path, "an object of knob: value", obj);
	const cJSON *it;
	cJSON_ArrayForEach(it, obj) {
		char p[256];
		snprintf(p, sizeof p, "%s.%s", path, it->string);
		const knob_t *k = knob_find(it->string);
		if (!k)
			return err_user("%s: %s: unknown knob (gpudse list knobs)", file, p);
		double v;
		if (knob_value(file, p, k, it, &v))
			return EXIT_USER;
		char err[256];
		if (d)
			knob_set_num(k, d, v, err, sizeof err);
		if (n) {
			if (*n >= max)
				return err_user("%s: %s: more than %d settings", file, p, max);
			knob_idx[*n] = (int)(k - knobs);
			vals[*n] = v;
			(*n)++;
		}
	}
	return 0;
}

typedef struct val_at {
	double v;
	int i;
} val_at_t;

static int cmp_val_at(const void *a, const void *b)
{
	const val_at_t *x = a, *y = b;
	return x->v < y->v ? -1 : x->v > y->v ? 1 : x->i - y->i;
}

/* The index of the first value equal to an earlier one, or -1: sorted, O(n log n) (the
 * pairwise check took over a minute on a 300,000-value list). */
static int first_duplicate(const double *vals, int n)
{
	val_at_t *s = malloc((size_t)(n ? n : 1) * sizeof *s);
	if (!s)
		return -1;
	for (int i = 0; i < n; i++)
		s[i] = (val_at_t){ vals[i], i };
	qsort(s, (size_t)n, sizeof *s, cmp_val_at);
	int first = -1;
	for (int i = 1; i < n; i++)   /* within a run of equal values, the second is the first repeat */
		if (s[i].v == s[i - 1].v && (i < 2 || s[i - 1].v != s[i - 2].v) && (first < 0 || s[i].i < first))
			first = s[i].i;
	free(s);
	return first;
}

static int parse_dim(const char *file, const cJSON *it, study_dim_t *dim)
{
	char p[256];
	snprintf(p, sizeof p, ".space.%s", it->string);
	const knob_t *k = knob_find(it->string);
	if (!k)
		return err_user("%s: %s: unknown knob (gpudse list knobs)", file, p);
	dim->knob = (int)(k - knobs);
	if (cJSON_IsArray(it)) {
		int n = cJSON_GetArraySize(it);
		if (n == 0)
			return err_user("%s: %s: empty list of values", file, p);
		dim->vals = calloc(n, sizeof *dim->vals);
		int i = 0;
		const cJSON *v;
		cJSON_ArrayForEach(v, it) {
			char pi[280];
			snprintf(pi, sizeof pi, "%s[%d]", p, i);
			if (knob_value(file, pi, k, v, &dim->vals[i]))
				return EXIT_USER;
			i++;
		}
		dim->n = n;
		int dup = first_duplicate(dim->vals, n);
		if (dup >= 0)
			return err_user("%s: %s[%d]: duplicate value", file, p, dup);
		return 0;
	}
	if (cJSON_IsObject(it)) {
		static const char *const range_keys[] = { "from", "to", "step", NULL };
		if (json_check_keys(file, p, it, range_keys))
			return EXIT_USER;
		double from = 0, to = 0, step = 1;
		if (json_get_num(file, p, it, "from", 1, -1e300, 1e300, &from) ||
			json_get_num(file, p, it, "to", 1, -1e300, 1e300, &to) ||
			json_get_num(file, p, it, "step", 0, 1e-12, 1e300, &step))
			return EXIT_USER;
		if (k->type == KNOB_ENUM)
			return err_user("%s: %s: a range needs a numeric knob; list the values instead", file, p);
		if (to < from)
			return err_user("%s: %s.to: %g is below from (%g)", file, p, to, from);
		double count = floor((to - from) / step + 1e-9) + 1;
		if (count > 1e6)
			return err_user("%s: %s: %g values in one dimension (at most 1000000)", file, p, count);
		dim->n = (int)count;
		dim->vals = calloc(dim->n, sizeof *dim->vals);
		for (int i = 0; i < dim->n; i++) {
			double v = from + i * step;
			char err[256];
			design_t d;
			design_default(&d);
			if (knob_set_num(k, &d, v, err, sizeof err) < 0)
				return err_user("%s: %s: %s", file, p, strchr(err, ':') ? strchr(err, ':') + 2 : err);
			dim->vals[i] = v;
		}
		return 0;
	}
	return json_type_error(file, p, "a list of values or {\"from\", \"to\", \"step\"}", it);
}

static int parse_workloads(const char *file, const cJSON *w, study_t *s)
{
	if (!cJSON_IsArray(w) || cJSON_GetArraySize(w) == 0)
		return json_type_error(file, ".workloads", "a non-empty list of profile names", w);
	int i = 0;
	const cJSON *v;
	cJSON_ArrayForEach(v, w) {
		char p[64];
		snprintf(p, sizeof p, ".workloads[%d]", i++);
		if (!cJSON_IsString(v))
			return json_type_error(file, p, "a profile name, glob or path", v);
		char **paths = NULL;
		int n = 0;
		if (!workload_resolve(file, p, v->valuestring, &paths, &n))
			return EXIT_USER;
		for (int j = 0; j < n; j++) {
			int dup = 0;
			for (int k = 0; k < s->n_workloads; k++)
				if (strcmp(s->workloads[k], paths[j]) == 0)
					dup = 1;
			if (dup) {
				free(paths[j]);
				continue;
			}
			s->workloads = realloc(s->workloads, (s->n_workloads + 1) * sizeof *s->workloads);
			s->workloads[s->n_workloads++] = paths[j];
		}
		free(paths);
	}
	return 0;
}

int workload_resolve(const char *file, const char *jpath, const char *spec, char ***paths, int *n)
{
	char pattern[1024];
	int is_path = strchr(spec, '/') || strstr(spec, ".json");
	if (is_path)
		snprintf(pattern, sizeof pattern, "%s", spec);
	else
		snprintf(pattern, sizeof pattern, "%s/calibration/profiles/%s.json", gpudse_root(), spec);
	glob_t g;
	int rc = glob(pattern, 0, NULL, &g);
	if (rc != 0 || g.gl_pathc == 0) {
		if (rc == 0)
			globfree(&g);
		if (file)
			err_user("%s: %s: no profile matches \"%s\" (gpudse list workloads)", file, jpath, spec);
		else
			err_user("%s: no profile matches \"%s\" (gpudse list workloads)", jpath, spec);
		return 0;
	}
	*paths = calloc(g.gl_pathc, sizeof **paths);
	for (size_t i = 0; i < g.gl_pathc; i++)
		(*paths)[i] = strdup(g.gl_pathv[i]);
	*n = (int)g.gl_pathc;
	globfree(&g);
	return *n;
}

static int parse_gpu(const char *file, const cJSON *v, study_t *s)
{
	if (cJSON_IsString(v)) {
		char pp[1024];
		if (gpu_preset_path(v->valuestring, pp, sizeof pp) != 0)
			return err_user("%s: .gpu: unknown GPU preset \"%s\" (gpudse list gpus shows them)", file, v->valuestring);
		if (gpu_load(v->valuestring, &s->gpu))
			return EXIT_USER;
		/* canonical preset JSON: reload the file text through cJSON */
		char path[1024];
		if (strchr(v->valuestring, '/') || strstr(v->valuestring, ".json"))
			snprintf(path, sizeof path, "%s", v->valuestring);
		else
			snprintf(path, sizeof path, "%s/studies/gpus/%s.json", gpudse_root(), v->valuestring);
		cJSON *g = json_load_file(path, NULL);
		if (!g)
			return EXIT_USER;
		s->gpu_json = cJSON_PrintUnformatted(g);
		cJSON_Delete(g);
		return 0;
	}
	if (cJSON_IsObject(v)) {
		/* an inline preset: validated like a preset file, its messages naming the study */
		if (gpu_from_json(file, ".gpu", v, &s->gpu))
			return EXIT_USER;
		s->gpu_json = cJSON_PrintUnformatted(v);
		return s->gpu_json ? 0 : err_internal("%s: .gpu: out of memory", file);
	}
	return json_type_error(file, ".gpu", "a preset name or an inline preset object", v);
}

/* Multiply the point count by a dimension's size, refusing a space whose ids do not fit the
 * database's 64-bit signed integers (a wrapped count would sweep a wrong, even empty, space). */
/* "sample": {"kind": "plackett-burman"} or {"kind": "latin-hypercube", "points": N, "seed": S}
 * (src/stats/doe.h): the space's points become the sample's rows.  0 or EXIT_USER. */
static int parse_sample(const char *path, const cJSON *smp, study_t *s)
{
	static const char *const keys[] = { "kind", "points", "seed", NULL };
	if (!cJSON_IsObject(smp))
		return json_type_error(path, ".sample", "an object {\"kind\": ...}", smp);
	if (json_check_keys(path, ".sample", smp, keys))
		return EXIT_USER;
	int rc = json_get_str(path, ".sample", smp, "kind", 1, s->sample_kind, sizeof s->sample_kind);
	if (rc)
		return rc;
	if (s->n_variants)
		return err_user("%s: .sample: not with .variants (sample the knobs the variants set as dimensions)", path);
	if (s->n_dims < 1)
		return err_user("%s: .sample: the space has no dimension to sample", path);
	int n = 0, k = s->n_dims;
	if (!strcmp(s->sample_kind, "plackett-burman")) {
		if (cJSON_GetObjectItemCaseSensitive(smp, "points") || cJSON_GetObjectItemCaseSensitive(smp, "seed"))
			return err_user("%s: .sample: plackett-burman takes neither points nor seed (the size follows from the dimensions)", path);
		if (k > DOE_PB_MAX - 1)
			return err_user("%s: .sample: plackett-burman: at most %d dimensions, got %d", path, DOE_PB_MAX - 1, k);
		s->sample = malloc((size_t)DOE_PB_MAX * (size_t)k * sizeof *s->sample);
		if (!s->sample)
			return err_internal("study: out of memory");
		doe_plackett_burman(k, s->sample, &n);
		/* two levels: each dimension's first and last value */
		for (int r = 0; r < n; r++)
			for (int i = 0; i < k; i++)
				s->sample[r * k + i] = s->sample[r * k + i] ? s->dims[i].n - 1 : 0;
	} else if (!strcmp(s->sample_kind, "latin-hypercube")) {
		int seed = 1;
		if ((rc = json_get_int(path, ".sample", smp, "points", 1, 2, 1000000, &n)) ||
			(rc = json_get_int(path, ".sample", smp, "seed", 0, 0, 2147483647, &seed)))
			return rc;
		int lev[STUDY_MAX_DIMS];
		for (int i = 0; i < k; i++)
			lev[i] = s->dims[i].n;
		s->sample = malloc((size_t)n * (size_t)k * sizeof *s->sample);
		if (!s->sample || doe_latin_hypercube(k, lev, n, (unsigned long)seed, s->sample))
			return err_internal("study: out of memory");
	} else {
		return err_user("%s: .sample.kind: expected plackett-burman or latin-hypercube, got \"%s\"", path, s->sample_kind);
	}
	s->n_points = (uint64_t)n;
	return 0;
}

static int space_grow(const char *file, const char *dim, uint64_t *n_points, uint64_t n)
{
	uint64_t prod;
	if (__builtin_mul_overflow(*n_points, n, &prod) || prod > (uint64_t)INT64_MAX)
		return err_user("%s: .space: the space has more than 2^63-1 points at dimension %s (%llu x %llu):"
			" split the study", file, dim, (unsigned long long)*n_points, (unsigned long long)n);
	*n_points = prod;
	return 0;
}

int study_load(const char *path, study_t *s)
{
	memset(s, 0, sizeof *s);
	snprintf(s->path, sizeof s->path, "%s", path);
	cJSON *root = json_load_file(path, NULL);
	if (!root)
		return EXIT_USER;
	int rc = EXIT_USER;
	if (!cJSON_IsObject(root)) {
		json_type_error(path, ".", "an object", root);
		goto out;
	}
	if (json_check_keys(path, "", root, study_keys))
		goto out;
	if (json_get_str(path, "", root, "name", 1, s->name, sizeof s->name))
		goto out;
	const cJSON *gpu = cJSON_GetObjectItemCaseSensitive(root, "gpu");
	if (!gpu) {
		err_user("%s: .gpu: missing (required)", path);
		goto out;
	}
	if (parse_gpu(path, gpu, s))
		goto out;
	if (json_get_str(path, "", root, "params", 0, s->params_path, sizeof s->params_path))
		goto out;
	if (s->params_path[0] && access(s->params_path, R_OK) != 0) {
		err_user("%s: .params: %s: %s", path, s->params_path, strerror(errno));
		goto out;
	}
	if (parse_workloads(path, cJSON_GetObjectItemCaseSensitive(root, "workloads"), s))
		goto out;
	design_default(&s->baseline);
	design_default(&s->fixed);
	const cJSON *base = cJSON_GetObjectItemCaseSensitive(root, "baseline");
	if (base && parse_settings(path, ".baseline", base, &s->baseline, NULL, NULL, NULL, 0))
		goto out;
	const cJSON *fixed = cJSON_GetObjectItemCaseSensitive(root, "fixed");
	if (fixed && parse_settings(path, ".fixed", fixed, &s->fixed, NULL, NULL, NULL, 0))
		goto out;

	const cJSON *space = cJSON_GetObjectItemCaseSensitive(root, "space");
	if (space && !cJSON_IsObject(space)) {
		json_type_error(path, ".space", "an object of knob: values", space);
		goto out;
	}
	s->n_points = 1;
	const cJSON *it;
	cJSON_ArrayForEach(it, space) {
		if (s->n_dims >= STUDY_MAX_DIMS) {
			err_user("%s: .space: more than %d dimensions", path, STUDY_MAX_DIMS);
			goto out;
		}
		/* counted before checking, so study_free releases a half-parsed dimension */
		int bad = parse_dim(path, it, &s->dims[s->n_dims]);
		s->n_dims++;
		if (bad)
			goto out;
		if (space_grow(path, it->string, &s->n_points, (uint64_t)s->dims[s->n_dims - 1].n))
			goto out;
	}
	const cJSON *vars = cJSON_GetObjectItemCaseSensitive(root, "variants");
	if (vars) {
		if (!cJSON_IsArray(vars) || cJSON_GetArraySize(vars) == 0) {
			json_type_error(path, ".variants", "a non-empty list of {\"name\", \"set\"}", vars);
			goto out;
		}
		int i = 0;
		cJSON_ArrayForEach(it, vars) {
			char p[64];
			snprintf(p, sizeof p, ".variants[%d]", i);
			static const char *const vkeys[] = { "name", "set", NULL };
			if (i >= STUDY_MAX_VARIANTS) {
				err_user("%s: %s: more than %d variants", path, p, STUDY_MAX_VARIANTS);
				goto out;
			}
			if (!cJSON_IsObject(it)) {
				json_type_error(path, p, "an object {\"name\", \"set\"}", it);
				goto out;
			}
			study_variant_t *var = &s->variants[i];
			if (json_check_keys(path, p, it, vkeys) ||
				json_get_str(path, p, it, "name", 1, var->name, sizeof var->name))
				goto out;
			char ps[80];
			snprintf(ps, sizeof ps, "%s.set", p);
			const cJSON *set = cJSON_GetObjectItemCaseSensitive(it, "set");
			if (set && parse_settings(path, ps, set, NULL, var->knob, var->val, &var->n_sets, STUDY_MAX_SETS))
				goto out;
			i++;
		}
		s->n_variants = i;
		if (space_grow(path, "variants", &s->n_points, (uint64_t)i))
			goto out;
	}
	const cJSON *smp = cJSON_GetObjectItemCaseSensitive(root, "sample");
	if (smp && parse_sample(path, smp, s))
		goto out;
	const cJSON *der = cJSON_GetObjectItemCaseSensitive(root, "derived");
	if (der) {
		if (!cJSON_IsObject(der)) {
			json_type_error(path, ".derived", "an object of knob: expression", der);
			goto out;
		}
		cJSON_ArrayForEach(it, der) {
			char p[128], err[256];
			snprintf(p, sizeof p, ".derived.%s", it->string);
			const knob_t *k = knob_find(it->string);
			if (!k) {
				err_user("%s: %s: unknown knob (gpudse list knobs)", path, p);
				goto out;
			}
			if (!cJSON_IsString(it)) {
				json_type_error(path, p, "an expression string", it);
				goto out;
			}
			if (s->n_derived >= STUDY_MAX_DERIVED) {
				err_user("%s: %s: more than %d derived knobs", path, p, STUDY_MAX_DERIVED);
				goto out;
			}
			for (int d = 0; d < s->n_dims; d++)
				if (s->dims[d].knob == (int)(k - knobs)) {
					err_user("%s: %s: knob is already a dimension of .space", path, p);
					goto out;
				}
			if (expr_compile(&s->derived[s->n_derived], it->valuestring, err, sizeof err)) {
				err_user("%s: %s: %s", path, p, err);
				goto out;
			}
			s->derived_knob[s->n_derived++] = (int)(k - knobs);
		}
	}
	const cJSON *cons = cJSON_GetObjectItemCaseSensitive(root, "constraints");
	if (cons) {
		if (!cJSON_IsArray(cons)) {
			json_type_error(path, ".constraints", "a list of expression strings", cons);
			goto out;
		}
		int i = 0;
		cJSON_ArrayForEach(it, cons) {
			char p[64], err[256];
			snprintf(p, sizeof p, ".constraints[%d]", i++);
			if (!cJSON_IsString(it)) {
				json_type_error(path, p, "an expression string", it);
				goto out;
			}
			if (s->n_constraints >= STUDY_MAX_CONSTRAINTS) {
				err_user("%s: %s: more than %d constraints", path, p, STUDY_MAX_CONSTRAINTS);
				goto out;
			}
			if (expr_compile(&s->constraints[s->n_constraints++], it->valuestring, err, sizeof err)) {
				err_user("%s: %s: %s", path, p, err);
				goto out;
			}
		}
	}
	s->json = cJSON_PrintUnformatted(root);
	hash_hex(s->json, strlen(s->json), s->hash);
	rc = 0;
out:
	cJSON_Delete(root);
	if (rc)
		study_free(s);
	return rc;
}

void study_free(study_t *s)
{
	for (int i = 0; i < s->n_dims; i++)
		free(s->dims[i].vals);
	for (int i = 0; i < s->n_workloads; i++)
		free(s->workloads[i]);
	free(s->workloads);
	free(s->json);
	free(s->gpu_json);
	free(s->sample);
	memset(s, 0, sizeof *s);
}

int study_point(const study_t *s, uint64_t id, design_t *d, int *variant, const char **why)
{
	char err[8];
	*d = s->fixed;
	uint64_t rest = id;
	int var = -1;
	if (s->sample) {
		/* a sampled space: the row's value indices, no variants (parse_sample refuses them) */
		for (int i = 0; i < s->n_dims; i++)
			knob_set_num(&knobs[s->dims[i].knob], d, s->dims[i].vals[s->sample[id * (uint64_t)s->n_dims + i]], err, sizeof err);
		rest = 0;
	} else if (s->n_variants) {
		var = (int)(rest % (uint64_t)s->n_variants);
		rest /= (uint64_t)s->n_variants;
	}
	for (int i = s->n_dims - 1; i >= 0 && !s->sample; i--) {
		const study_dim_t *dim = &s->dims[i];
		knob_set_num(&knobs[dim->knob], d, dim->vals[rest % (uint64_t)dim->n], err, sizeof err);
		rest /= (uint64_t)dim->n;
	}
	if (var >= 0) {
		const study_variant_t *v = &s->variants[var];
		for (int i = 0; i < v->n_sets; i++)
			knob_set_num(&knobs[v->knob[i]], d, v->val[i], err, sizeof err);
	}
	if (variant)
		*variant = var;
	for (int i = 0; i < s->n_derived; i++) {
		double v = expr_eval(&s->derived[i], d);
		if (knob_set_num(&knobs[s->derived_knob[i]], d, v, err, sizeof err) < 0) {
			if (why)
				*why = s->derived[i].text;
			return 0;
		}
	}
	for (int i = 0; i < s->n_constraints; i++)
		if (!(expr_eval(&s->constraints[i], d) != 0)) {
			if (why)
				*why = s->constraints[i].text;
			return 0;
		}
	return 1;
}
