/* validate_common.c -- report rows, study loading and evaluation helpers of `gpudse validate`
 * (see validate.h). */
#include "validation/validate.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "presets/gpu_json.h"
#include "knobs.h"
#include "study.h"

/* A row field, formatted; a row's text never exceeds its field silently: a longer text is a
 * defect of the row's author (a quantity cut in the report would compare something else), so
 * it stops validate with the field and the text. */
static void vr_set(char *dst, size_t len, const char *field, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void vr_set(char *dst, size_t len, const char *field, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(dst, len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= len) {
		fprintf(stderr, "gpudse: validate: internal error: a row's %s is longer than %zu bytes: %s\n",
		        field, len - 1, dst);
		exit(EXIT_INTERNAL);
	}
}

static vrow_t *vr_add(vreport_t *r, const char *paper, const char *quantity, const char *source)
{
	if (r->n == r->cap) {
		int cap = r->cap ? 2 * r->cap : 64;
		vrow_t *p = realloc(r->row, (size_t)cap * sizeof *p);
		if (!p) {
			fprintf(stderr, "gpudse: validate: out of memory\n");
			exit(EXIT_INTERNAL);
		}
		r->row = p;
		r->cap = cap;
	}
	vrow_t *v = &r->row[r->n++];
	memset(v, 0, sizeof *v);
	vr_set(v->paper, sizeof v->paper, "paper", "%s", paper);
	vr_set(v->quantity, sizeof v->quantity, "quantity", "%s", quantity);
	vr_set(v->source, sizeof v->source, "source", "%s", source);
	v->paper_num = NAN;
	v->model_num = NAN;
	return v;
}

static void fmt_val(char *buf, size_t len, double x, const char *unit, int signed_pct, int decimals)
{
	if (isnan(x)) {
		snprintf(buf, len, "-");
		return;
	}
	double y = x;
	if (fabs(y) < 0.5 * pow(10.0, -decimals))
		y = 0.0;                       /* no "-0" */
	const char *sep = (!unit[0] || !strcmp(unit, "%") || !strcmp(unit, "x")) ? "" : " ";
	snprintf(buf, len, signed_pct ? "%+.*f%s%s" : "%.*f%s%s", decimals, y, sep, unit);
}

static void fmt_tol(char *buf, size_t len, enum vr_kind kind, double tol, const char *unit)
{
	switch (kind) {
	case VR_EXACT:
		snprintf(buf, len, "identity");
		break;
	case VR_ABS:
		if (!strcmp(unit, "%"))
			snprintf(buf, len, "+-%g pt", tol);
		else
			snprintf(buf, len, "+-%g%s%s", tol, unit[0] && strcmp(unit, "x") ? " " : "", unit);
		break;
	case VR_REL:
		snprintf(buf, len, "+-%g%% rel", 100 * tol);
		break;
	case VR_RANGE:
		snprintf(buf, len, "in range, rounded");
		break;
	}
}

void vr_num(vreport_t *r, const char *paper, const char *quantity, const char *source,
            const char *unit, int signed_pct, int decimals, double paper_v, double model_v,
            enum vr_kind kind, double tol)
{
	vrow_t *v = vr_add(r, paper, quantity, source);
	v->paper_num = paper_v;
	v->model_num = model_v;
	vr_set(v->unit, sizeof v->unit, "unit", "%s", unit);
	fmt_val(v->paper_txt, sizeof v->paper_txt, paper_v, unit, signed_pct, decimals);
	fmt_val(v->model_txt, sizeof v->model_txt, model_v, unit, signed_pct, decimals);
	fmt_tol(v->tol, sizeof v->tol, kind, tol, unit);
	int ok;
	if (!isfinite(model_v))
		ok = 0;
	else if (kind == VR_EXACT)
		ok = strcmp(v->paper_txt, v->model_txt) == 0;    /* equal as printed */
	else if (kind == VR_ABS)
		ok = fabs(model_v - paper_v) <= tol + 1e-12;
	else
		ok = fabs(model_v - paper_v) <= tol * fabs(paper_v) + 1e-12;
	vr_set(v->status, sizeof v->status, "status", "%s", ok ? (kind == VR_EXACT ? "exact" : "close") : "off");
}

void vr_each(vreport_t *r, const char *paper, const char *quantity, const char *source,
             const char *unit, int signed_pct, int decimals, double paper_v, const double *model_v,
             const char *const *names, int n, enum vr_kind kind, double tol)
{
	if (!r->detail)
		return;
	for (int i = 0; i < n; i++) {
		char q[128];
		snprintf(q, sizeof q, "  %s: %s", names[i], quantity);
		vr_num(r, paper, q, source, unit, signed_pct, decimals, paper_v, model_v[i], kind, tol);
		r->row[r->n - 1].detail = 1;
	}
}

void vr_range(vreport_t *r, const char *paper, const char *quantity, const char *source,
              const char *unit, int decimals, double lo, double hi, double model_v)
{
	vrow_t *v = vr_add(r, paper, quantity, source);
	v->paper_num = NAN;                /* a range: paper_text "lo-hi" carries it */
	v->model_num = model_v;
	vr_set(v->unit, sizeof v->unit, "unit", "%s", unit);
	char a[24], b[24];
	fmt_val(a, sizeof a, lo, "", 0, 0);
	fmt_val(b, sizeof b, hi, unit, 0, 0);
	vr_set(v->paper_txt, sizeof v->paper_txt, "paper_txt", "%s-%s", a, b);
	fmt_val(v->model_txt, sizeof v->model_txt, model_v, unit, 0, decimals);
	fmt_tol(v->tol, sizeof v->tol, VR_RANGE, 0, unit);
	/* compared at the precision the paper states its range (whole units) */
	int ok = isfinite(model_v) && round(model_v) >= lo && round(model_v) <= hi;
	vr_set(v->status, sizeof v->status, "status", "%s", ok ? "close" : "off");
}

void vr_text(vreport_t *r, const char *paper, const char *quantity, const char *source,
             const char *paper_txt, const char *model_txt)
{
	vrow_t *v = vr_add(r, paper, quantity, source);
	vr_set(v->paper_txt, sizeof v->paper_txt, "paper_txt", "%s", paper_txt);
	vr_set(v->model_txt, sizeof v->model_txt, "model_txt", "%s", model_txt);
	vr_set(v->tol, sizeof v->tol, "tol", "identity");
	vr_set(v->status, sizeof v->status, "status", "%s", strcmp(paper_txt, model_txt) ? "off" : "exact");
}

void vr_na(vreport_t *r, const char *paper, const char *quantity, const char *source,
           const char *unit, int signed_pct, int decimals, double paper_v, const char *why)
{
	vrow_t *v = vr_add(r, paper, "", source);
	vr_set(v->quantity, sizeof v->quantity, "quantity", "%s (%s)", quantity, why);
	v->paper_num = paper_v;
	vr_set(v->unit, sizeof v->unit, "unit", "%s", unit);
	fmt_val(v->paper_txt, sizeof v->paper_txt, paper_v, unit, signed_pct, decimals);
	vr_set(v->model_txt, sizeof v->model_txt, "model_txt", "-");
	vr_set(v->tol, sizeof v->tol, "tol", "-");
	vr_set(v->status, sizeof v->status, "status", "n/a");
}

/* ---- studies and workloads ------------------------------------------------------------ */

static int dim_values(const study_t *st, const char *knob, int *out, int max)
{
	for (int i = 0; i < st->n_dims; i++) {
		if (strcmp(knobs[st->dims[i].knob].name, knob))
			continue;
		int n = st->dims[i].n < max ? st->dims[i].n : max;
		for (int j = 0; j < n; j++)
			out[j] = (int)st->dims[i].vals[j];
		return n;
	}
	return 0;
}

int vstudy_load(const char *name, vstudy_t *s)
{
	memset(s, 0, sizeof *s);
	char path[1200];
	snprintf(path, sizeof path, "%s/studies/%s.json", gpudse_root(), name);
	study_t st;
	int rc = study_load(path, &st);
	if (rc)
		return rc;
	s->gpu = st.gpu;
	s->base = st.baseline;
	s->fixed = st.fixed;
	s->n_active = dim_values(&st, "active_sms", s->active, 64);
	s->n_cache = dim_values(&st, "mor_cache_sms", s->cache, 64);
	s->wl = calloc((size_t)st.n_workloads, sizeof *s->wl);
	if (!s->wl) {
		study_free(&st);
		return err_internal("validate: out of memory");
	}
	rc = workload_load_all((const char *const *)st.workloads, st.n_workloads, &s->gpu, s->wl, 0);
	if (rc == 0)
		s->n = st.n_workloads;
	study_free(&st);
	if (rc)
		vstudy_free(s);
	return rc;
}

int vstudy_reload(const vstudy_t *s, const gpu_t *g, vstudy_t *out)
{
	*out = *s;
	out->gpu = *g;
	out->n = 0;
	out->wl = calloc((size_t)s->n + 1, sizeof *out->wl);
	if (!out->wl)
		return err_internal("validate: out of memory");
	const char **paths = calloc((size_t)s->n + 1, sizeof *paths);
	if (!paths) {
		vstudy_free(out);
		return err_internal("validate: out of memory");
	}
	for (int i = 0; i < s->n; i++)
		paths[i] = s->wl[i].path;
	int rc = workload_load_all(paths, s->n, &out->gpu, out->wl, 0);
	free(paths);
	if (rc == 0)
		out->n = s->n;
	else
		vstudy_free(out);
	return rc;
}

void vstudy_free(vstudy_t *s)
{
	for (int i = 0; i < s->n; i++)
		workload_free(&s->wl[i]);
	free(s->wl);
	s->wl = NULL;
	s->n = 0;
}

int vstudy_find(const vstudy_t *s, const char *name)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->wl[i].prof.name, name))
			return i;
	return -1;
}

int v_eval(const gpu_t *g, const design_t *d, const workload_t *w, metrics_t *out)
{
	const char *why = NULL;
	if (gpu_eval(g, d, w->ctx, out, &why) != 0) {
		err_internal("validate: a report design is illegal on %s for %s: %s", g->name,
		             w->prof.name, why ? why : "?");
		return -1;
	}
	return 0;
}

double v_geomean(const double *x, int n)
{
	if (n <= 0)
		return NAN;
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += log(x[i]);
	return exp(s / n);
}
