/* plot_json.c -- plots from explain and validate JSON (see plot_json.h). */
#include "commands/plot_json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "jsonutil.h"
#include "plot/plot.h"

#define MAX_BARS 32
#define MAX_SERIES 16

static int write_plot(plot_t *p, const plot_opts_t *o, const double *xs, size_t nx, const double *ys, size_t ny)
{
	char err[512];
	p->width = o->width;
	p->height = o->height;
	p->font_size = o->font_size;
	if (o->title)
		p->title = o->title;
	if (axis_fit(&p->x, xs, nx, err, sizeof err) || axis_fit(&p->y, ys, ny, err, sizeof err))
		return err_user("plot: %s", err);
	if (plot_write(p, o->out, (plot_format_t)o->fmt, err, sizeof err))
		return err_user("plot: %s", err);
	return 0;
}

/* The value of component c in an explain report for `what`: cpi.c, energy.c.joules, area_mm2.c. */
static const cJSON *component_value(const cJSON *c, const char *what)
{
	return !strcmp(what, "energy") ? cJSON_GetObjectItemCaseSensitive(c, "joules") : c;
}

int plot_explain_stack(const char *what, const char *files, const plot_opts_t *o)
{
	const char *key = !strcmp(what, "cpi") ? "cpi" : !strcmp(what, "energy") ? "energy" : !strcmp(what, "area") ? "area_mm2" : NULL;
	if (!key)
		return err_user("plot: --stack: \"%s\" is not cpi, energy or area", what);
	char *list = strdup(files), *save = NULL;
	char *group[MAX_BARS] = { 0 }, *wls[MAX_BARS] = { 0 }, *series[MAX_SERIES] = { 0 };
	double v[MAX_SERIES * MAX_BARS] = { 0 }, tops[MAX_BARS] = { 0 };
	size_t ng = 0, ns = 0;
	int rc = 0;
	for (char *f = strtok_r(list, ",", &save); f && !rc; f = strtok_r(NULL, ",", &save)) {
		if (ng == MAX_BARS) {
			rc = err_user("plot: --explain: more than %d files", MAX_BARS);
			break;
		}
		cJSON *j = json_load_file(f, NULL);
		if (!j) {
			rc = 1;
			break;
		}
		const cJSON *obj = cJSON_GetObjectItemCaseSensitive(j, key);
		const cJSON *design = cJSON_GetObjectItemCaseSensitive(j, "design");
		const cJSON *wl = cJSON_GetObjectItemCaseSensitive(j, "workload");
		if (!cJSON_IsObject(obj)) {
			rc = json_type_error(f, key, "an object (gpudse explain --json output)", obj);
			cJSON_Delete(j);
			break;
		}
		group[ng] = strdup(cJSON_IsString(design) ? design->valuestring : f);
		wls[ng] = strdup(cJSON_IsString(wl) ? wl->valuestring : "");
		size_t s = 0;
		for (const cJSON *c = obj->child; c && !rc; c = c->next, s++) {
			const cJSON *num = component_value(c, what);
			char path[96];
			snprintf(path, sizeof path, "%s.%s%s", key, c->string, !strcmp(what, "energy") ? ".joules" : "");
			if (!cJSON_IsNumber(num)) {
				rc = json_type_error(f, path, "a number", num);
				break;
			}
			if (ng == 0) {
				if (ns == MAX_SERIES) {
					rc = err_user("plot: %s: %s: more than %d components", f, key, MAX_SERIES);
					break;
				}
				series[ns++] = strdup(c->string);
			} else if (s >= ns || strcmp(series[s], c->string)) {
				rc = err_user("plot: %s: %s: components differ from %s's (\"%s\")", f, path, group[0], s < ns ? series[s] : "");
				break;
			}
			v[s * MAX_BARS + ng] = num->valuedouble;
			tops[ng] += num->valuedouble > 0 ? num->valuedouble : 0;
		}
		ng++;
		cJSON_Delete(j);
	}
	double vv[MAX_SERIES * MAX_BARS];
	for (size_t s = 0; s < ns; s++)
		for (size_t g = 0; g < ng; g++)
			vv[s * ng + g] = v[s * MAX_BARS + g];
	/* bars are named by design; by design and workload when the workloads differ */
	int same_wl = 1;
	for (size_t g = 1; g < ng; g++)
		same_wl &= !strcmp(wls[g], wls[0]);
	for (size_t g = 0; !same_wl && g < ng; g++) {
		char *l = malloc(strlen(group[g]) + strlen(wls[g]) + 4);
		if (l) {
			sprintf(l, "%s / %s", group[g], wls[g]);
			free(group[g]);
			group[g] = l;
		}
	}
	if (!rc) {
		plot_bars_t b = { (const char *const *)series, ns, vv, ng };
		plot_t p;
		memset(&p, 0, sizeof p);
		static const char *const ylabel[] = { "CPI: core cycles per warp instruction", "energy, joules", "area, mm^2" };
		int k = key[0] == 'c' ? 0 : key[0] == 'e' ? 1 : 2;
		char title[128];
		snprintf(title, sizeof title, "%s by component (gpudse explain%s%s)", k == 0 ? "CPI stack" : k == 1 ? "energy" : "area",
			same_wl && ng && *wls[0] ? ", workload " : "", same_wl && ng ? wls[0] : "");
		p.title = title;
		p.x = (plot_axis_t){ AXIS_CATEGORY, same_wl ? "design" : "design / workload", (const char *const *)group, ng, 0, 0 };
		p.y = (plot_axis_t){ AXIS_LINEAR, ylabel[k], NULL, 0, 0, 0 };
		p.bars = &b;
		double ys[MAX_BARS + 1];
		memcpy(ys, tops, ng * sizeof *ys);
		ys[ng] = 0;
		if (!(rc = write_plot(&p, o, NULL, 0, ys, ng + 1)))
			printf("wrote %s: %zu bars of %zu components\n", o->out, ng, ns);
	}
	for (size_t i = 0; i < MAX_BARS; i++) {
		free(group[i]);
		free(wls[i]);
	}
	for (size_t i = 0; i < MAX_SERIES; i++)
		free(series[i]);
	free(list);
	return rc;
}

/* "+-N pt" -> N, "+-N% rel" -> N% of |paper|, "+-0" and "identity" -> 0; -1 if not a band. */
static double tolerance(const char *t, double paper)
{
	double n;
	char unit[16] = "";
	if (!strcmp(t, "identity"))
		return 0;
	if (sscanf(t, "+-%lf%15s", &n, unit) >= 1) {
		if (!strcmp(unit, "%"))
			return n / 100 * fabs(paper);
		if (!*unit || !strcmp(unit, "pt") || !strcmp(unit, ""))
			return n;
	}
	if (sscanf(t, "+-%lf%% rel", &n) == 1)
		return n / 100 * fabs(paper);
	return -1;
}

int plot_validation(const char *file, const char *paper, const plot_opts_t *o)
{
	cJSON *j = json_load_file(file, NULL);
	if (!j)
		return 1;
	if (!cJSON_IsArray(j)) {
		int rc = json_type_error(file, "$", "an array (gpudse validate --format json)", j);
		cJSON_Delete(j);
		return rc;
	}
	size_t cap = (size_t)cJSON_GetArraySize(j) + 1, n = 0, skipped = 0;
	double *px = malloc(cap * sizeof *px), *py = malloc(cap * sizeof *py), *bx = malloc(2 * cap * sizeof *bx),
		*by = malloc(2 * cap * sizeof *by), *all = malloc(2 * cap * sizeof *all);
	int *cat = malloc(cap * sizeof *cat);
	plot_line_t *lines = calloc(cap + 1, sizeof *lines);
	int rc = 0;
	if (!px || !py || !bx || !by || !all || !cat || !lines) {
		rc = err_internal("plot: out of memory");
		goto out;
	}
	static const char *const status[] = { "exact", "close", "off" };
	static const int status_colour[] = { 2, 0, 5 };   /* green, blue, vermillion */
	const cJSON *r;
	size_t i = 0;
	cJSON_ArrayForEach(r, j) {
		char path[32];
		snprintf(path, sizeof path, "[%zu]", i++);
		const cJSON *pv = cJSON_GetObjectItemCaseSensitive(r, "paper_value");
		const cJSON *gv = cJSON_GetObjectItemCaseSensitive(r, "gpudse");
		const cJSON *unit = cJSON_GetObjectItemCaseSensitive(r, "unit");
		const cJSON *tol = cJSON_GetObjectItemCaseSensitive(r, "tolerance");
		const cJSON *st = cJSON_GetObjectItemCaseSensitive(r, "status");
		const cJSON *pp = cJSON_GetObjectItemCaseSensitive(r, "paper");
		if (!cJSON_IsString(st) || !cJSON_IsString(tol) || !cJSON_IsString(unit) || !cJSON_IsString(pp)) {
			rc = err_user("plot: %s: %s: expected paper, unit, tolerance and status strings (gpudse validate --format json)", file, path);
			goto out;
		}
		if (paper && strcasecmp(pp->valuestring, paper))
			continue;
		/* the percentage rows share one axis; structural rows (KiB, counts) are other scales */
		double t = cJSON_IsNumber(pv) ? tolerance(tol->valuestring, pv->valuedouble) : -1;
		if (strcmp(unit->valuestring, "%") || !cJSON_IsNumber(gv) || t < 0) {
			skipped++;
			continue;
		}
		int c = -1;
		for (int k = 0; k < 3; k++)
			if (!strcmp(st->valuestring, status[k]))
				c = k;
		if (c < 0) {
			rc = err_user("plot: %s: %s.status: \"%s\" is not exact, close or off", file, path, st->valuestring);
			goto out;
		}
		px[n] = pv->valuedouble;
		py[n] = gv->valuedouble;
		cat[n] = c;
		bx[2 * n] = bx[2 * n + 1] = px[n];
		by[2 * n] = px[n] - t;
		by[2 * n + 1] = px[n] + t;
		lines[n + 1] = (plot_line_t){ n ? NULL : "paper value +- tolerance", bx + 2 * n, by + 2 * n, 2, 9, 0, NULL, NULL, 0 };
		all[2 * n] = px[n];
		all[2 * n + 1] = py[n];
		n++;
	}
	if (n == 0) {
		rc = err_user("plot: %s: no percentage rows with a numeric tolerance%s%s", file, paper ? " for paper " : "", paper ? paper : "");
		goto out;
	}
	double lo = INFINITY, hi = -INFINITY;
	for (size_t k = 0; k < 2 * n; k++) {
		lo = fmin(lo, all[k]);
		hi = fmax(hi, all[k]);
	}
	double dx[2] = { lo - (hi - lo), hi + (hi - lo) }, dy[2] = { dx[0], dx[1] };
	lines[0] = (plot_line_t){ "gpudse = paper", dx, dy, 2, 7, 0, NULL, NULL, 0 };
	plot_t p;
	memset(&p, 0, sizeof p);
	char title[160];
	snprintf(title, sizeof title, "%s%svalidation: gpudse versus the paper (%zu %% rows; %zu others not drawn)",
		paper ? paper : "", paper ? " " : "", n, skipped);
	p.title = title;
	p.x = (plot_axis_t){ AXIS_LINEAR, "the paper's number, %", NULL, 0, 0, 0 };
	p.y = (plot_axis_t){ AXIS_LINEAR, "gpudse, %", NULL, 0, 0, 0 };
	p.px = px;
	p.py = py;
	p.n = n;
	p.cat = cat;
	p.cat_names = status;
	p.ncat = 3;
	p.cat_palette = status_colour;
	p.cat_title = "status";
	p.cat_legend = 1;
	p.density_above = (size_t)-1;
	p.lines = lines;
	p.nlines = n + 1;
	p.lines_under = 1;
	if (!(rc = write_plot(&p, o, all, 2 * n, all, 2 * n)))
		printf("wrote %s: %zu rows drawn, %zu not in %% or without a numeric tolerance\n", o->out, n, skipped);
out:
	free(px); free(py); free(bx); free(by); free(all); free(cat); free(lines);
	cJSON_Delete(j);
	return rc;
}
