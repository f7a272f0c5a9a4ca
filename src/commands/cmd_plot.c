/* cmd_plot.c -- `gpudse plot`: a run's designs as a Pareto front over the cloud of designs,
 * or a sweep curve of a metric against a knob, drawn by src/plot/ in SVG, PNG or PDF. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "columns.h"
#include "commands/commands.h"
#include "knobs.h"
#include "pareto.h"
#include "commands/plot_accelsim.h"
#include "commands/plot_json.h"
#include "plot/plot.h"
#include "plot/staircase.h"
#include "runsel.h"
#include "store/store.h"

const char help_plot[] =
	"usage: gpudse plot --x COL --y METRIC [--db FILE] [--run ID|latest] [--workload W] -o FILE\n"
	"                   [--color KNOB|variant] [--by KNOB|variant] [--label-front] [--logx] [--logy]\n"
	"                   [--width N] [--height N] [--font-size PT] [--title TEXT] [--density N]\n"
	"                   [--format svg|png|pdf]\n"
	"       gpudse plot --stack cpi|energy|area --explain FILE.json[,FILE.json...] -o FILE\n"
	"       gpudse plot --validation FILE.json [--paper P] -o FILE\n"
	"       gpudse plot --accelsim FILE.csv [--metric ipc|l1_hit|l2_hit|dram_gbs] -o FILE\n"
	"\n"
	"Draws every design of a run as a point: the geometric mean over the run's workloads (the\n"
	"arithmetic mean for a metric with a value <= 0; the title says which), or one workload with\n"
	"--workload.  The format follows the file name (.svg .png .pdf) unless --format is given.\n"
	"\n"
	"When X and Y are both metrics, the Pareto front is drawn as a staircase over the cloud,\n"
	"each metric maximised or minimised as gpudse help pareto lists (speedup up, energy down...);\n"
	"--label-front writes each front design's id beside it (for gpudse explain).\n"
	"When X is a knob or variant, the plot is a sweep curve: a line joins the best Y at each X,\n"
	"one line per value of the --by knob.  Enum knobs, booleans and variant are categorical axes.\n"
	"--color colours the cloud by a knob's values or by variant (at most 12 values).\n"
	"Beyond --density points (default 5000) the cloud is drawn as binned density, not one mark\n"
	"per design.  Size in pixels (PNG) or points (SVG, PDF), default 720 x 480, font 12.\n"
	"\n"
	"--stack draws stacked bars of the CPI stack, energy or area by component, one bar per\n"
	"gpudse explain --json output.  --validation draws gpudse validate --format json's percentage\n"
	"rows as gpudse against the paper, each with its tolerance band, coloured by status.\n"
	"--accelsim draws gpudse validate --accelsim --format csv (calibration/accelsim/results.csv)\n"
	"as predicted versus simulated, one point per Accel-Sim run: IPC (default; log axes), L1 or L2\n"
	"hit rate, or DRAM GB/s, with the identity line and issue 20's agreement band (IPC +-10%,\n"
	"hit rates +-0.03); development and held-out runs marked when the file has a half column.\n"
	"\n"
	"example: gpudse plot --x energy_j --y speedup --color variant --label-front -o front.png\n"
	"example: gpudse plot --x mor_cache_sms --y speedup --by mor_compress -o cache-sms.pdf\n";

#define MAX_CATS 12

/* A set of category names, in a display order fixed by cats_sort. */
typedef struct cats {
	char *name[64];
	double key[64];      /* sort key: enum index, numeric value, or 0 (alphabetical) */
	size_t n;
	int overflow;
} cats_t;

static int cats_add(cats_t *c, const char *name, double key)
{
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->name[i], name))
			return (int)i;
	if (c->n == 64) {
		c->overflow = 1;
		return 0;
	}
	c->name[c->n] = strdup(name);
	c->key[c->n] = key;
	return (int)c->n++;
}

/* Sorts the names; remap[old index] = new index. */
static void cats_sort(cats_t *c, int *remap)
{
	size_t ord[64];
	for (size_t i = 0; i < c->n; i++)
		ord[i] = i;
	for (size_t i = 1; i < c->n; i++)
		for (size_t j = i; j > 0; j--) {
			size_t a = ord[j - 1], b = ord[j];
			int gt = c->key[a] != c->key[b] ? c->key[a] > c->key[b] : strcmp(c->name[a], c->name[b]) > 0;
			if (!gt)
				break;
			ord[j - 1] = b;
			ord[j] = a;
		}
	char *nm[64];
	double k[64];
	for (size_t i = 0; i < c->n; i++) {
		nm[i] = c->name[ord[i]];
		k[i] = c->key[ord[i]];
		remap[ord[i]] = (int)i;
	}
	memcpy(c->name, nm, c->n * sizeof *nm);
	memcpy(c->key, k, c->n * sizeof *k);
}

static void cats_free(cats_t *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->name[i]);
}

/* How a column is read: a metric, a numeric knob, or categories. */
typedef struct colspec {
	const char *name;
	const metric_col_t *m;
	const knob_t *k;
	int categorical;     /* enum, bool or variant */
} colspec_t;

static int colspec(colspec_t *c, const char *opt, const char *name, int metric_ok)
{
	memset(c, 0, sizeof *c);
	c->name = name;
	if (!name)
		return 0;
	if (!strcmp(name, "variant")) {
		c->categorical = 1;
		return 0;
	}
	c->m = metric_ok ? metric_col_find(name) : NULL;
	if (c->m)
		return 0;
	c->k = knob_find(name);
	if (!c->k)
		return err_user("plot: %s: \"%s\" is neither %sa knob nor variant", opt, name, metric_ok ? "a metric, " : "");
	c->categorical = c->k->type == KNOB_ENUM || c->k->type == KNOB_BOOL;
	return 0;
}

/* The category name of a row's value of c, and its sort key. */
static const char *cat_text(const colspec_t *c, const char *text, double num, char *buf, size_t len, double *key)
{
	*key = 0;
	if (!c->k)
		return text ? text : "";
	if (c->k->type == KNOB_BOOL) {
		*key = num != 0;
		return num != 0 ? "true" : "false";
	}
	if (c->k->type == KNOB_ENUM) {
		for (int i = 0; text && c->k->enums[i]; i++)
			if (!strcmp(c->k->enums[i], text))
				*key = i;
		return text ? text : "";
	}
	*key = num;
	snprintf(buf, len, "%g", num);
	return buf;
}

typedef struct acc {
	colspec_t x, y, by, color;
	int ix, iy, iby, icolor;   /* column positions in the query */
	int64_t *id;
	double *x_, *y_, *lx, *ly;  /* sums of values and of logs, per design */
	int *n, *xpos, *ypos, *xcat, *bycat, *colcat;
	size_t len, cap;
	cats_t xc, byc, colc;
	int oom;
} acc_t;

#define GROW(p) do { void *t_ = realloc((p), a->cap * sizeof *(p)); if (!t_) { a->oom = 1; return 1; } (p) = t_; } while (0)

static int on_row(void *ctx, int ncols, const char *const *names, const char *const *text, const double *num)
{
	acc_t *a = ctx;
	int64_t id = (int64_t)num[0];
	if (a->len == 0 || a->id[a->len - 1] != id) {
		if (a->len == a->cap) {
			a->cap = a->cap ? 2 * a->cap : 1024;
			GROW(a->id); GROW(a->x_); GROW(a->y_); GROW(a->lx); GROW(a->ly); GROW(a->n);
			GROW(a->xpos); GROW(a->ypos); GROW(a->xcat); GROW(a->bycat); GROW(a->colcat);
		}
		size_t k = a->len++;
		a->id[k] = id;
		a->x_[k] = a->y_[k] = a->lx[k] = a->ly[k] = 0;
		a->n[k] = 0;
		a->xpos[k] = a->ypos[k] = 1;
		char buf[64];
		double key;
		const char *s;
		a->xcat[k] = a->bycat[k] = a->colcat[k] = -1;
		if (a->x.categorical) {
			s = cat_text(&a->x, text[a->ix], num[a->ix], buf, sizeof buf, &key);
			a->xcat[k] = cats_add(&a->xc, s, key);
		}
		if (a->by.name) {
			s = cat_text(&a->by, text[a->iby], num[a->iby], buf, sizeof buf, &key);
			a->bycat[k] = cats_add(&a->byc, s, key);
		}
		if (a->color.name) {
			s = cat_text(&a->color, text[a->icolor], num[a->icolor], buf, sizeof buf, &key);
			a->colcat[k] = cats_add(&a->colc, s, key);
		}
	}
	size_t k = a->len - 1;
	/* geometric mean when every value is positive, else arithmetic: accumulate both ways */
	double xv = a->x.categorical ? 0 : num[a->ix], yv = num[a->iy];
	a->xpos[k] &= xv > 0;
	a->ypos[k] &= yv > 0;
	a->x_[k] += xv;
	a->y_[k] += yv;
	a->lx[k] += xv > 0 ? log(xv) : 0;
	a->ly[k] += yv > 0 ? log(yv) : 0;
	a->n[k]++;
	return 0;
}

static void acc_free(acc_t *a)
{
	free(a->id); free(a->x_); free(a->y_); free(a->lx); free(a->ly); free(a->n);
	free(a->xpos); free(a->ypos); free(a->xcat); free(a->bycat); free(a->colcat);
	cats_free(&a->xc); cats_free(&a->byc); cats_free(&a->colc);
}

/* Reorders a category set and the per-design indices that point into it. */
static void sort_cats(cats_t *c, int *idx, size_t n)
{
	int remap[64];
	cats_sort(c, remap);
	for (size_t i = 0; i < n; i++)
		if (idx[i] >= 0)
			idx[i] = remap[idx[i]];
}

static int cmp_x;
static const double *sort_px;
static int by_x(const void *a, const void *b)
{
	double u = sort_px[*(const size_t *)a], v = sort_px[*(const size_t *)b];
	(void)cmp_x;
	return (u > v) - (u < v);
}

int cmd_plot(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "plot", argc - 1, argv + 1);
	char dbbuf[1100];
	const char *db = args_db(&a, dbbuf, sizeof dbbuf);
	const char *run_s = args_str(&a, "--run", "latest");
	const char *xs = args_str(&a, "--x", NULL);
	const char *ys = args_str(&a, "--y", NULL);
	const char *workload = args_str(&a, "--workload", NULL);
	const char *out = args_path(&a, "-o", NULL);
	const char *fmt_s = args_str(&a, "--format", NULL);
	const char *by_s = args_str(&a, "--by", NULL);
	const char *color_s = args_str(&a, "--color", NULL);
	const char *title_s = args_str(&a, "--title", NULL);
	int label_front = args_flag(&a, "--label-front");
	int logx = args_flag(&a, "--logx"), logy = args_flag(&a, "--logy");
	long width = args_long(&a, "--width", 720, 160, 10000);
	long height = args_long(&a, "--height", 480, 120, 10000);
	double font = args_double(&a, "--font-size", 12, 4, 72);
	long density = args_long(&a, "--density", 5000, 0, 100000000);
	const char *stack = args_str(&a, "--stack", NULL);
	const char *explain_files = args_str(&a, "--explain", NULL);
	const char *validation = args_str(&a, "--validation", NULL);
	const char *paper = args_str(&a, "--paper", NULL);
	const char *accelsim = args_str(&a, "--accelsim", NULL);
	const char *metric = args_str(&a, "--metric", NULL);
	int rc = args_finish(&a, 0);
	if (rc)
		return rc;
	if (!out)
		return err_user("plot: -o FILE is required (gpudse help plot)");
	int fmt = fmt_s ? (!strcmp(fmt_s, "svg") ? PLOT_SVG : !strcmp(fmt_s, "png") ? PLOT_PNG : !strcmp(fmt_s, "pdf") ? PLOT_PDF : -1)
		: plot_format_from_name(out);
	if (fmt < 0)
		return fmt_s ? err_user("plot: --format: \"%s\" is not svg, png or pdf", fmt_s)
			: err_user("plot: -o %s: name it .svg, .png or .pdf, or give --format", out);
	plot_opts_t po = { out, fmt, (int)width, (int)height, font, title_s };
	if (stack || explain_files) {
		if (!stack || !explain_files)
			return err_user("plot: --stack cpi|energy|area and --explain FILE,... go together");
		return plot_explain_stack(stack, explain_files, &po);
	}
	if (validation)
		return plot_validation(validation, paper, &po);
	if (metric && !accelsim)
		return err_user("plot: --metric goes with --accelsim FILE.csv");
	if (accelsim)
		return plot_accelsim(accelsim, metric ? metric : "ipc", &po);
	if (!xs || !ys)
		return err_user("plot: --x, --y and -o are required (gpudse help plot)");
	acc_t acc;
	memset(&acc, 0, sizeof acc);
	acc.y.m = metric_col_find(ys);
	if (!acc.y.m)
		return err_user("plot: --y: unknown metric \"%s\" (gpudse help pareto lists them)", ys);
	acc.y.name = ys;
	if ((rc = colspec(&acc.x, "--x", xs, 1)) || (rc = colspec(&acc.by, "--by", by_s, 0))
		|| (rc = colspec(&acc.color, "--color", color_s, 0)))
		return rc;
	if (by_s && acc.x.m)
		return err_user("plot: --by draws one sweep line per value; --x must then be a knob, not the metric \"%s\"", xs);
	if (logx && acc.x.categorical)
		return err_user("plot: --logx: \"%s\" is categorical", xs);
	char cols[256];
	int nc = snprintf(cols, sizeof cols, "design_id,%s,%s", xs, ys);
	acc.ix = 1;
	acc.iy = 2;
	int next = 3;
	if (by_s) {
		nc += snprintf(cols + nc, sizeof cols - nc, ",%s", by_s);
		acc.iby = next++;
	}
	if (color_s) {
		snprintf(cols + nc, sizeof cols - nc, ",%s", color_s);
		acc.icolor = next++;
	}
	store_t *st;
	if ((rc = store_open(db, STORE_READ, &st)))
		return rc;
	store_run_t run;
	double *px = NULL, *py = NULL, *lx = NULL, *ly = NULL, *mx = NULL, *my = NULL;
	size_t *hi = NULL, *ord = NULL;
	int *cat = NULL;
	char **labels = NULL;
	plot_line_t *lines = NULL;
	size_t nhi = 0, nlines = 0;
	int arith_x = 0, arith_y = 0;
	if ((rc = run_select(st, db, run_s, &run)))
		goto out;
	if ((rc = store_select(st, run.id, workload, NULL, 0, cols, NULL, 0, on_row, &acc)))
		goto out;
	if (acc.oom) {
		rc = err_internal("plot: out of memory");
		goto out;
	}
	if (acc.len == 0) {
		rc = err_user("plot: run %lld has no results%s%s", (long long)run.id, workload ? " for " : "", workload ? workload : "");
		goto out;
	}
	if (acc.xc.overflow || acc.byc.overflow || acc.colc.n > MAX_CATS) {
		rc = err_user("plot: %s \"%s\" has more than %d values; colour or split by a knob with fewer",
			acc.colc.n > MAX_CATS ? "--color" : acc.byc.overflow ? "--by" : "--x",
			acc.colc.n > MAX_CATS ? color_s : acc.byc.overflow ? by_s : xs, MAX_CATS);
		goto out;
	}
	if (acc.byc.n > MAX_CATS) {
		rc = err_user("plot: --by \"%s\" has %zu values; at most %d lines fit one legend", by_s, acc.byc.n, MAX_CATS);
		goto out;
	}
	sort_cats(&acc.xc, acc.xcat, acc.len);
	sort_cats(&acc.byc, acc.bycat, acc.len);
	sort_cats(&acc.colc, acc.colcat, acc.len);
	px = malloc(acc.len * sizeof *px);
	py = malloc(acc.len * sizeof *py);
	hi = malloc(acc.len * sizeof *hi);
	ord = malloc(acc.len * sizeof *ord);
	lx = malloc(2 * acc.len * sizeof *lx);
	ly = malloc(2 * acc.len * sizeof *ly);
	mx = malloc(acc.len * sizeof *mx);
	my = malloc(acc.len * sizeof *my);
	lines = calloc(MAX_CATS + 1, sizeof *lines);
	if (!px || !py || !hi || !ord || !lx || !ly || !mx || !my || !lines) {
		rc = err_internal("plot: out of memory");
		goto out;
	}
	/* the geometric mean over workloads, as pareto aggregates; arithmetic where a value is <= 0 */
	for (size_t i = 0; i < acc.len; i++) {
		px[i] = acc.x.categorical ? acc.xcat[i] : acc.xpos[i] ? exp(acc.lx[i] / acc.n[i]) : acc.x_[i] / acc.n[i];
		py[i] = acc.ypos[i] ? exp(acc.ly[i] / acc.n[i]) : acc.y_[i] / acc.n[i];
		arith_x |= acc.x.m && !acc.xpos[i] && acc.n[i] > 1;   /* a knob's value is the same on every workload */
		arith_y |= !acc.ypos[i] && acc.n[i] > 1;
	}
	plot_t p;
	memset(&p, 0, sizeof p);
	char frontname[64];
	if (acc.x.m) {
		double *v = malloc(acc.len * 2 * sizeof *v);
		if (!v) {
			rc = err_internal("plot: out of memory");
			goto out;
		}
		for (size_t i = 0; i < acc.len; i++) {
			v[2 * i] = acc.x.m->higher_better ? px[i] : -px[i];
			v[2 * i + 1] = acc.y.m->higher_better ? py[i] : -py[i];
		}
		nhi = pareto_front(v, acc.len, 2, hi);
		free(v);
		sort_px = px;
		qsort(hi, nhi, sizeof *hi, by_x);
		for (size_t i = 0; i < nhi; i++) {
			mx[i] = px[hi[i]];
			my[i] = py[hi[i]];
		}
		size_t ns = pareto_staircase(mx, my, nhi, acc.x.m->higher_better, acc.y.m->higher_better, lx, ly);
		snprintf(frontname, sizeof frontname, "Pareto front (%zu)", nhi);
		lines[0] = (plot_line_t){ frontname, lx, ly, ns, -1, 1, mx, my, nhi };
		nlines = 1;
		if (label_front) {
			labels = calloc(acc.len, sizeof *labels);
			for (size_t i = 0; labels && i < nhi; i++)
				if ((labels[hi[i]] = malloc(24)))
					snprintf(labels[hi[i]], 24, "#%lld", (long long)acc.id[hi[i]]);
		}
	} else {
		/* per --by group (or one group): the best y at each distinct x, in x order */
		size_t ngroups = by_s ? acc.byc.n : 1, used = 0;
		for (size_t g = 0; g < ngroups; g++) {
			size_t nh = 0;
			for (size_t i = 0; i < acc.len; i++) {
				if (by_s && acc.bycat[i] != (int)g)
					continue;
				size_t j;
				for (j = 0; j < nh; j++)
					if (px[ord[j]] == px[i])
						break;
				if (j == nh)
					ord[nh++] = i;
				else if (acc.y.m->higher_better ? py[i] > py[ord[j]] : py[i] < py[ord[j]])
					ord[j] = i;
			}
			sort_px = px;
			qsort(ord, nh, sizeof *ord, by_x);
			for (size_t j = 0; j < nh; j++) {
				lx[used + j] = px[ord[j]];
				ly[used + j] = py[ord[j]];
			}
			static char names[MAX_CATS][96];
			if (by_s)
				snprintf(names[g], sizeof names[g], "%s = %s", by_s, acc.byc.name[g]);
			else
				snprintf(names[g], sizeof names[g], "%s at each %s", acc.y.m->higher_better ? "best" : "lowest", xs);
			lines[nlines++] = (plot_line_t){ names[g], lx + used, ly + used, nh, by_s ? (int)g : -1, 1, NULL, NULL, 0 };
			used += nh;
			nhi += nh;
		}
	}
	/* a categorical x spreads its cloud a little sideways (deterministic golden-ratio jitter) so
	 * the designs of one category do not all sit on one vertical line; the lines keep x exact */
	if (acc.x.categorical)
		for (size_t i = 0; i < acc.len; i++)
			px[i] += 0.3 * (fmod(i * 0.6180339887, 1.0) - 0.5);
	/* colours: --color, else the --by groups so the cloud matches its lines */
	const cats_t *cc = color_s ? &acc.colc : by_s ? &acc.byc : NULL;
	if (cc) {
		cat = malloc(acc.len * sizeof *cat);
		if (!cat) {
			rc = err_internal("plot: out of memory");
			goto out;
		}
		for (size_t i = 0; i < acc.len; i++)
			cat[i] = color_s ? acc.colcat[i] : acc.bycat[i];
	}
	char title[320], xl[300], yl[300], mean[96];
	if (workload)
		snprintf(mean, sizeof mean, "workload %s", workload);
	else if (arith_x || arith_y)
		snprintf(mean, sizeof mean, "arithmetic mean of %s over workloads (values <= 0)", arith_y ? ys : xs);
	else
		snprintf(mean, sizeof mean, "geometric mean over workloads");
	snprintf(title, sizeof title, "%s: %s vs %s (run %lld, %zu designs, %s)", run.study, ys, xs,
		(long long)run.id, acc.len, mean);
	/* axis labels: "name [unit] - meaning", as the database's metrics table describes them */
	store_metric_t xmi, ymi;
	if (acc.x.m && store_metric(st, xs, &xmi))
		snprintf(xl, sizeof xl, "%s [%s] - %s", xs, xmi.unit, xmi.description);
	else
		snprintf(xl, sizeof xl, "%s", xs);
	if (store_metric(st, ys, &ymi))
		snprintf(yl, sizeof yl, "%s [%s] - %s", ys, ymi.unit, ymi.description);
	else
		snprintf(yl, sizeof yl, "%s - %s", ys, acc.y.m->doc);
	p.width = (int)width;
	p.height = (int)height;
	p.font_size = font;
	p.title = title_s ? title_s : title;
	p.x = (plot_axis_t){ acc.x.categorical ? AXIS_CATEGORY : logx ? AXIS_LOG : AXIS_LINEAR, xl,
		(const char *const *)acc.xc.name, acc.xc.n, 0, 0 };
	p.y = (plot_axis_t){ logy ? AXIS_LOG : AXIS_LINEAR, yl, NULL, 0, 0, 0 };
	p.px = px;
	p.py = py;
	p.n = acc.len;
	p.cat = cat;
	p.cat_names = cc ? (const char *const *)cc->name : NULL;
	p.ncat = cc ? cc->n : 0;
	p.cat_title = color_s;
	p.cat_legend = color_s != NULL;
	p.cloud_name = cc ? NULL : "designs";
	p.density_above = (size_t)density;
	p.lines = lines;
	p.nlines = nlines;
	p.labels = (const char *const *)labels;
	char err[512];
	if (axis_fit(&p.x, px, acc.len, err, sizeof err) || axis_fit(&p.y, py, acc.len, err, sizeof err)) {
		rc = err_user("plot: %s", err);
		goto out;
	}
	if (plot_write(&p, out, (plot_format_t)fmt, err, sizeof err)) {
		rc = err_user("plot: %s", err);
		goto out;
	}
	printf("wrote %s: %zu designs, %zu highlighted; %s%s\n", out, acc.len, nhi, mean,
		acc.len > (size_t)density ? "; cloud drawn as density" : "");
out:
	if (labels)
		for (size_t i = 0; i < acc.len; i++)
			free(labels[i]);
	free(labels);
	free(px); free(py); free(hi); free(ord); free(lx); free(ly); free(mx); free(my);
	free(lines); free(cat);
	acc_free(&acc);
	store_close(st);
	return rc;
}
