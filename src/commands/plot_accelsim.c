/* plot_accelsim.c -- gpudse against Accel-Sim, predicted versus simulated (see plot_accelsim.h). */
#include "commands/plot_accelsim.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "plot/plot.h"

#define MAX_COLS 64

/* The quantities drawn: the CSV's ref_ and model_ columns, the axis text, log or linear, and the
 * band.  Bands are issue 20's agreement targets for the GPU model against Accel-Sim: IPC (so
 * cycles, at fixed instructions) within 10% relative, L1 and L2 hit rates within 0.03; DRAM
 * bandwidth has no target there, so no band. */
static const struct accel_metric {
	const char *name, *ref, *model, *axis;
	int log;
	double rel, abs;   /* band half-width: relative (rel > 0) or absolute (abs > 0), none if both 0 */
	const char *band;
} metrics[] = {
	{ "ipc", "ref_ipc", "model_ipc", "IPC (warp instructions per cycle)", 1, 0.10, 0, "+-10% (issue 20's IPC target)" },
	{ "l1_hit", "ref_l1_hit", "model_l1_hit", "L1 hit rate", 0, 0, 0.03, "+-0.03 (issue 20's hit-rate target)" },
	{ "l2_hit", "ref_l2_hit", "model_l2_hit", "L2 hit rate", 0, 0, 0.03, "+-0.03 (issue 20's hit-rate target)" },
	{ "dram_gbs", "ref_dram_gbs", "model_dram_gbs", "DRAM bandwidth, GB/s", 1, 0, 0, NULL },
};

/* Split a CSV line (no quoting: validate --accelsim writes none) in place. */
static int split_csv(char *line, char **f)
{
	int n = 0;
	line[strcspn(line, "\r\n")] = 0;
	for (char *s = line; n < MAX_COLS;) {
		f[n++] = s;
		char *c = strchr(s, ',');
		if (!c)
			break;
		*c = 0;
		s = c + 1;
	}
	return n;
}

static int col_of(char **h, int nh, const char *name)
{
	for (int i = 0; i < nh; i++)
		if (!strcmp(h[i], name))
			return i;
	return -1;
}

int plot_accelsim(const char *file, const char *metric, const plot_opts_t *o)
{
	const struct accel_metric *m = NULL;
	for (size_t i = 0; i < sizeof metrics / sizeof metrics[0]; i++)
		if (!strcmp(metric, metrics[i].name))
			m = &metrics[i];
	if (!m)
		return err_user("plot: --metric: \"%s\" is not ipc, l1_hit, l2_hit or dram_gbs", metric);
	FILE *f = fopen(file, "r");
	if (!f)
		return err_user("plot: %s: cannot open (gpudse validate --accelsim --format csv writes it)", file);
	char *line = NULL, *hbuf = NULL, *h[MAX_COLS], *c[MAX_COLS];
	size_t cap = 0, n = 0, rcap = 0, skipped = 0;
	double *px = NULL, *py = NULL;
	int *cat = NULL, rc = 0, nh = 0;
	if (getline(&line, &cap, f) < 0 || !(hbuf = strdup(line))) {
		rc = err_user("plot: %s: empty file (expected gpudse validate --accelsim --format csv)", file);
		goto out;
	}
	nh = split_csv(hbuf, h);
	int ir = col_of(h, nh, m->ref), im = col_of(h, nh, m->model), ih = col_of(h, nh, "half");
	if (ir < 0 || im < 0) {
		rc = err_user("plot: %s: line 1: no %s and %s columns (gpudse validate --accelsim --format csv)", file, m->ref, m->model);
		goto out;
	}
	/* categories: the development and held-out halves when the file says (a "half" column,
	 * calibration/accelsim/heldout.txt), else one */
	static const char *const halves[] = { "development half", "held-out half" };
	static const char *const one[] = { "Accel-Sim runs" };
	for (size_t lineno = 2; getline(&line, &cap, f) >= 0; lineno++) {
		if (!line[strspn(line, " \r\n")])
			continue;
		int nc = split_csv(line, c);
		if (nc != nh) {
			rc = err_user("plot: %s: line %zu: %d fields, the header has %d", file, lineno, nc, nh);
			goto out;
		}
		char *e1, *e2;
		double x = strtod(c[ir], &e1), y = strtod(c[im], &e2);
		if (*e1 || *e2 || e1 == c[ir] || e2 == c[im] || !isfinite(x) || !isfinite(y)) {
			rc = err_user("plot: %s: line %zu: %s/%s: not numbers (\"%s\", \"%s\")", file, lineno, m->ref, m->model, c[ir], c[im]);
			goto out;
		}
		if (m->log && (x <= 0 || y <= 0)) {
			skipped++;              /* nothing to place on a log axis */
			continue;
		}
		int k = 0;
		if (ih >= 0) {
			if (!strcmp(c[ih], "heldout"))
				k = 1;
			else if (strcmp(c[ih], "dev")) {
				rc = err_user("plot: %s: line %zu: half: \"%s\" is not dev or heldout", file, lineno, c[ih]);
				goto out;
			}
		}
		if (n == rcap) {
			rcap = rcap ? 2 * rcap : 64;
			double *nx = realloc(px, rcap * sizeof *px), *ny = nx ? realloc(py, rcap * sizeof *py) : NULL;
			int *nk = ny ? realloc(cat, rcap * sizeof *cat) : NULL;
			if (nx)
				px = nx;
			if (ny)
				py = ny;
			if (nk)
				cat = nk;
			if (!nx || !ny || !nk) {
				rc = err_internal("plot: out of memory");
				goto out;
			}
		}
		px[n] = x;
		py[n] = y;
		cat[n++] = k;
	}
	if (n == 0) {
		rc = err_user("plot: %s: no run to draw for %s%s", file, m->name, skipped ? " (every value <= 0 on a log axis)" : "");
		goto out;
	}
	double lo = INFINITY, hi = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		lo = fmin(lo, fmin(px[i], py[i]));
		hi = fmax(hi, fmax(px[i], py[i]));
	}
	if (m->log) {
		lo /= 1.5;
		hi *= 1.5;
	} else {
		lo = fmax(0, lo - 0.05);
		hi = fmin(1, hi + 0.05);
		if (hi <= lo)
			hi = lo + 0.1;
	}
	/* identity and band as lines over the whole range; on a log axis the relative band is a
	 * parallel line, drawn with enough vertices to stay straight after the transform */
	enum { NV = 2 };
	double ix[NV] = { lo, hi }, iy[NV] = { lo, hi }, bl[NV], bh[NV], fit[2 * NV];
	plot_line_t lines[3];
	size_t nl = 0;
	lines[nl++] = (plot_line_t){ "gpudse = Accel-Sim", ix, iy, NV, 7, 0, NULL, NULL, 0 };
	if (m->band) {
		for (int v = 0; v < NV; v++) {
			bl[v] = m->rel > 0 ? ix[v] * (1 - m->rel) : ix[v] - m->abs;
			bh[v] = m->rel > 0 ? ix[v] * (1 + m->rel) : ix[v] + m->abs;
		}
		lines[nl++] = (plot_line_t){ m->band, ix, bl, NV, 9, 0, NULL, NULL, 0 };
		lines[nl++] = (plot_line_t){ NULL, ix, bh, NV, 9, 0, NULL, NULL, 0 };
	}
	fit[0] = fit[2] = lo;
	fit[1] = fit[3] = hi;
	plot_t p;
	memset(&p, 0, sizeof p);
	char title[200], xl[160], yl[160];
	snprintf(title, sizeof title, "gpudse versus Accel-Sim: %s (%zu runs%s%s)", m->axis, n,
		skipped ? ", not drawn: " : "", skipped ? "some <= 0" : "");
	snprintf(xl, sizeof xl, "Accel-Sim: %s", m->axis);
	snprintf(yl, sizeof yl, "gpudse: %s", m->axis);
	p.title = title;
	p.x = (plot_axis_t){ m->log ? AXIS_LOG : AXIS_LINEAR, xl, NULL, 0, 0, 0 };
	p.y = (plot_axis_t){ m->log ? AXIS_LOG : AXIS_LINEAR, yl, NULL, 0, 0, 0 };
	p.px = px;
	p.py = py;
	p.n = n;
	p.cat = cat;
	p.cat_names = ih >= 0 ? halves : one;
	p.ncat = ih >= 0 ? 2 : 1;
	p.cat_title = ih >= 0 ? "calibration/accelsim/heldout.txt" : NULL;
	p.cat_legend = 1;
	p.density_above = (size_t)-1;
	p.lines = lines;
	p.nlines = nl;
	p.lines_under = 1;
	char err[512];
	p.width = o->width;
	p.height = o->height;
	p.font_size = o->font_size;
	if (o->title)
		p.title = o->title;
	if (axis_fit(&p.x, fit, 4, err, sizeof err) || axis_fit(&p.y, fit, 4, err, sizeof err) ||
	    plot_write(&p, o->out, (plot_format_t)o->fmt, err, sizeof err)) {
		rc = err_user("plot: %s", err);
		goto out;
	}
	printf("wrote %s: %zu Accel-Sim runs, %s%s%s\n", o->out, n, m->name, ih >= 0 ? ", development and held-out halves" : "",
		skipped ? "; some runs <= 0 not drawn on the log axes" : "");
out:
	free(line);
	free(hbuf);
	free(px);
	free(py);
	free(cat);
	fclose(f);
	return rc;
}
