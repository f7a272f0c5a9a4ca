/* cmd_plot.c -- `gpudse plot`: a run's designs as an SVG scatter with the Pareto front, or a
 * sweep curve of a metric against a knob with its best-value envelope. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "columns.h"
#include "commands/commands.h"
#include "dbpath.h"
#include "knobs.h"
#include "pareto.h"
#include "runsel.h"
#include "store.h"
#include "commands/svg.h"

const char help_plot[] =
	"usage: gpudse plot --x COL --y METRIC [--db FILE] [--run ID|latest] [--workload W] -o FILE.svg\n"
	"\n"
	"Draws every design of a run as a point (geometric mean over the run's workloads, or one\n"
	"workload with --workload).  When X and Y are both metrics the Pareto front is drawn in red,\n"
	"each metric maximised or minimised as gpudse help pareto lists (speedup up, energy down...).\n"
	"When X is a knob, the plot is a sweep curve: the red line joins the best Y at each X.\n"
	"\n"
	"example: gpudse plot --x energy_j --y speedup -o front.svg\n"
	"example: gpudse plot --x mor_cache_sms --y speedup --workload r-kmeans -o cache-sms.svg\n";

typedef struct acc {
	int64_t *id;
	double *x, *y;       /* per design: sums of the values */
	double *lx, *ly;     /* per design: sums of their logs */
	int *n, *ypos, *xpos;
	size_t len, cap;
} acc_t;

static int on_row(void *ctx, int ncols, const char *const *names, const char *const *text, const double *num)
{
	acc_t *a = ctx;
	int64_t id = (int64_t)num[0];
	if (a->len == 0 || a->id[a->len - 1] != id) {
		if (a->len == a->cap) {
			a->cap = a->cap ? 2 * a->cap : 1024;
			a->id = realloc(a->id, a->cap * sizeof *a->id);
			a->x = realloc(a->x, a->cap * sizeof *a->x);
			a->y = realloc(a->y, a->cap * sizeof *a->y);
			a->lx = realloc(a->lx, a->cap * sizeof *a->lx);
			a->ly = realloc(a->ly, a->cap * sizeof *a->ly);
			a->n = realloc(a->n, a->cap * sizeof *a->n);
			a->xpos = realloc(a->xpos, a->cap * sizeof *a->xpos);
			a->ypos = realloc(a->ypos, a->cap * sizeof *a->ypos);
		}
		size_t k = a->len++;
		a->id[k] = id;
		a->x[k] = a->y[k] = a->lx[k] = a->ly[k] = 0;
		a->n[k] = 0;
		a->xpos[k] = a->ypos[k] = 1;
	}
	size_t k = a->len - 1;
	/* geometric mean when every value is positive, else arithmetic: accumulate both ways */
	double xv = num[1], yv = num[2];
	a->xpos[k] &= xv > 0;
	a->ypos[k] &= yv > 0;
	a->x[k] += xv;
	a->y[k] += yv;
	a->lx[k] += xv > 0 ? log(xv) : 0;
	a->ly[k] += yv > 0 ? log(yv) : 0;
	a->n[k]++;
	return 0;
}

int cmd_plot(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "plot", argc - 1, argv + 1);
	char dbbuf[1100];
	const char *db = args_str(&a, "--db", NULL);
	const char *run_s = args_str(&a, "--run", "latest");
	const char *xs = args_str(&a, "--x", NULL);
	const char *ys = args_str(&a, "--y", NULL);
	const char *workload = args_str(&a, "--workload", NULL);
	const char *out = args_str(&a, "-o", NULL);
	int rc = args_finish(&a, 0);
	if (rc)
		return rc;
	if (!db)
		db = default_db_path(dbbuf, sizeof dbbuf);
	if (!xs || !ys || !out)
		return err_user("plot: --x, --y and -o are required (gpudse help plot)");
	const metric_col_t *ym = metric_col_find(ys);
	if (!ym)
		return err_user("plot: --y: unknown metric \"%s\" (gpudse help pareto lists them)", ys);
	const metric_col_t *xm = metric_col_find(xs);
	const knob_t *xk = knob_find(xs);
	if (!xm && (!xk || xk->type == KNOB_ENUM))
		return err_user("plot: --x: \"%s\" is neither a metric nor a numeric knob", xs);
	store_t *st;
	if ((rc = store_open(db, STORE_READ, &st)))
		return rc;
	store_run_t run;
	acc_t acc;
	memset(&acc, 0, sizeof acc);
	double *px = NULL, *py = NULL;
	size_t *hi = NULL;
	FILE *f = NULL;
	if ((rc = run_select(st, db, run_s, &run)))
		goto out;
	char cols[160];
	snprintf(cols, sizeof cols, "design_id,%s,%s", xs, ys);
	if ((rc = store_select(st, run.id, workload, NULL, 0, cols, NULL, 0, on_row, &acc)))
		goto out;
	if (acc.len == 0) {
		rc = err_user("plot: run %lld has no results%s%s", (long long)run.id, workload ? " for " : "", workload ? workload : "");
		goto out;
	}
	/* the geometric mean over workloads, as pareto aggregates; arithmetic where a value is <= 0 */
	px = malloc(acc.len * sizeof *px);
	py = malloc(acc.len * sizeof *py);
	for (size_t i = 0; i < acc.len; i++) {
		px[i] = acc.xpos[i] ? exp(acc.lx[i] / acc.n[i]) : acc.x[i] / acc.n[i];
		py[i] = acc.ypos[i] ? exp(acc.ly[i] / acc.n[i]) : acc.y[i] / acc.n[i];
	}
	hi = malloc(acc.len * sizeof *hi);
	size_t nhi = 0;
	const char *hi_label;
	if (xm) {
		double *v = malloc(acc.len * 2 * sizeof *v);
		for (size_t i = 0; i < acc.len; i++) {
			v[2 * i] = xm->higher_better ? px[i] : -px[i];
			v[2 * i + 1] = ym->higher_better ? py[i] : -py[i];
		}
		nhi = pareto_front(v, acc.len, 2, hi);
		free(v);
		hi_label = "Pareto front";
	} else {
		/* best y per distinct x, in x order */
		for (size_t i = 0; i < acc.len; i++) {
			size_t j;
			for (j = 0; j < nhi; j++)
				if (px[hi[j]] == px[i])
					break;
			if (j == nhi)
				hi[nhi++] = i;
			else if (ym->higher_better ? py[i] > py[hi[j]] : py[i] < py[hi[j]])
				hi[j] = i;
		}
		for (size_t i = 1; i < nhi; i++)
			for (size_t j = i; j > 0 && px[hi[j]] < px[hi[j - 1]]; j--) {
				size_t t = hi[j];
				hi[j] = hi[j - 1];
				hi[j - 1] = t;
			}
		hi_label = ym->higher_better ? "best at each value" : "lowest at each value";
	}
	char title[256], xl[300], yl[300];
	snprintf(title, sizeof title, "%s: %s (run %lld, %zu designs, %s)", run.study, ys, (long long)run.id,
		acc.len, workload ? workload : "mean over workloads");
	/* axis labels: "name [unit] - meaning", as the database's metrics table describes them */
	store_metric_t xmi, ymi;
	if (xm && store_metric(st, xs, &xmi))
		snprintf(xl, sizeof xl, "%s [%s] - %s", xs, xmi.unit, xmi.description);
	else
		snprintf(xl, sizeof xl, "%s", xs);
	if (store_metric(st, ys, &ymi))
		snprintf(yl, sizeof yl, "%s [%s] - %s", ys, ymi.unit, ymi.description);
	else
		snprintf(yl, sizeof yl, "%s - %s", ys, ym->doc);
	svg_plot_t p = { title, xl, yl, px, py, acc.len, hi, nhi, hi_label };
	f = fopen(out, "w");
	if (!f) {
		rc = err_user("plot: %s: cannot write", out);
		goto out;
	}
	if (svg_write(f, &p) || fclose(f)) {
		f = NULL;
		rc = err_user("plot: %s: write error", out);
		goto out;
	}
	f = NULL;
	printf("wrote %s: %zu designs, %zu highlighted\n", out, acc.len, nhi);
out:
	if (f)
		fclose(f);
	free(px);
	free(py);
	free(hi);
	free(acc.id);
	free(acc.x);
	free(acc.y);
	free(acc.lx);
	free(acc.ly);
	free(acc.n);
	free(acc.xpos);
	free(acc.ypos);
	store_close(st);
	return rc;
}
