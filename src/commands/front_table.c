/* front_table.c -- printing a Pareto front (front_table.h). */
#include "commands/front_table.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "knobs.h"

#define MAX_COLS 96
#define CELL 160

/* Do designs a and b agree within tol (relative) in every objective? */
static int equivalent(const double *pts, int k, size_t a, size_t b, double tol)
{
	for (int c = 0; c < k; c++) {
		double x = pts[a * k + c], y = pts[b * k + c];
		double scale = fmax(fabs(x), fabs(y));
		if (fabs(x - y) > tol * scale)
			return 0;
	}
	return 1;
}

/* Append `v` to a cell holding a|b|... unless it is there already. */
static void cell_add(char *cell, const char *v)
{
	size_t vl = strlen(v);
	for (const char *p = cell; *p;) {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);
		if (len == vl && !strncmp(p, v, vl))
			return;
		p += len + (bar != NULL);
	}
	size_t used = strlen(cell);
	if (used)
		snprintf(cell + used, CELL - used, "|%s", v);
	else
		snprintf(cell, CELL, "%s", v);
}

int front_print(store_t *st, const store_run_t *run, const char *workload, enum out_format fmt,
	const char *const *names, const int *signs, int k, const double *pts, const int64_t *pid,
	size_t np, const size_t *idx, size_t f, long limit, double tol, const front_extra_t *fx)
{
	int varies[256];
	int rc = store_varying_knobs(st, run->id, varies);
	if (rc)
		return rc;
	/* the table shows the knobs the run varies; CSV and JSON, read by programs, carry every
	 * knob (the same value a table would print for it: knob_format) */
	int show[64], ns = 0;
	for (size_t kk = 0; kk < n_knobs && ns < 64; kk++)
		if (varies[1 + kk] || fmt != OUT_TABLE)
			show[ns++] = (int)kk;
	int table = fmt == OUT_TABLE;
	int collapse = table && !fx->want_prob;   /* --prob: every design has its own probability */

	/* rows: the table groups equivalent designs (group[i] = the row of front design i) */
	size_t *group = malloc((f ? f : 1) * sizeof *group);
	size_t *lead = malloc((f ? f : 1) * sizeof *lead);
	size_t *count = calloc(f ? f : 1, sizeof *count);
	size_t nrows = 0;
	for (size_t i = 0; i < f; i++) {
		size_t g = nrows;
		if (collapse)
			for (size_t r = 0; r < nrows; r++)
				if (equivalent(pts, k, idx[lead[r]], idx[i], tol)) {
					g = r;
					break;
				}
		if (g == nrows)
			lead[nrows++] = i;
		group[i] = g;
		count[g]++;
	}
	size_t shown = limit > 0 && (size_t)limit < nrows ? (size_t)limit : nrows;
	int any_same = 0;
	for (size_t r = 0; r < shown; r++)
		any_same |= count[r] > 1;

	/* the cells of each shown row: knob values of every member (a|b where they differ) */
	int ncell = 2 + ns;
	char (*cells)[CELL] = calloc((shown ? shown : 1) * (size_t)ncell, sizeof *cells);
	int any_variant = 0;
	for (size_t i = 0; i < f && !rc; i++) {
		size_t r = group[i];
		if (r >= shown)
			continue;
		design_t d;
		char var[64];
		if ((rc = store_get_design(st, run->id, pid[idx[i]], &d, var, sizeof var)))
			break;
		any_variant |= var[0] != 0;
		char (*row)[CELL] = &cells[r * ncell];
		cell_add(row[1], var);
		for (int s = 0; s < ns; s++) {
			char v[64];
			knob_format(&knobs[show[s]], &d, v, sizeof v);
			cell_add(row[2 + s], v);
		}
	}
	if (rc)
		goto out;

	const char *cols[MAX_COLS];
	char heads[MAX_COLS][96];
	int isnum[MAX_COLS], nc = 0;
	cols[nc] = "design_id";
	isnum[nc++] = 1;
	if (any_same) {
		cols[nc] = "same";
		isnum[nc++] = 1;
	}
	if (any_variant && varies[0]) {
		cols[nc] = "variant";
		isnum[nc++] = 0;
	}
	for (int s = 0; s < ns && nc < MAX_COLS - 16; s++) {
		cols[nc] = knobs[show[s]].name;
		isnum[nc++] = knobs[show[s]].type == KNOB_ENUM ? OUT_TEXT : knobs[show[s]].type == KNOB_BOOL ? OUT_BOOL : OUT_NUM;
	}
	for (int c = 0; c < k && nc < MAX_COLS; c++) {
		if (table)
			store_metric_header(st, names[c], heads[nc], sizeof heads[nc]);
		else
			snprintf(heads[nc], sizeof heads[nc], "%s", names[c]);
		cols[nc] = heads[nc];
		isnum[nc++] = 1;
	}
	for (int c = 0; c < k && fx->lo && nc + 2 <= MAX_COLS; c++) {
		if (isnan(fx->lo[c]))
			continue;
		for (int side = 0; side < 2; side++) {
			snprintf(heads[nc], sizeof heads[nc], "%s_%s", names[c], side ? "hi" : "lo");
			cols[nc] = heads[nc];
			isnum[nc++] = 1;
		}
	}
	if (fx->want_prob) {
		static const char *const pc[] = { "p_front", "front", "tie_group" };
		for (int i = 0; i < 3 && nc < MAX_COLS; i++) {
			cols[nc] = pc[i];
			isnum[nc++] = 1;
		}
	}
	if (table) {
		printf("run %lld (%s): %zu of %zu designs on the Pareto front (%s; %s)\n", (long long)run->id,
			run->study, fx->fnom, np, workload ? workload : "geomean over workloads", "max/min as asked");
		if (fx->want_prob)
			printf("--prob: %zu designs non-dominated in at least one of %ld draws (rows: the front, then by p_front)\n",
				f, fx->draws);
		if (nrows < f && collapse)
			printf("%zu row%s: designs whose objectives agree within %g (relative) are one row, "
				"\"same\" counts the others\n", nrows, nrows == 1 ? "" : "s", tol);
	}
	output_t *o = out_begin(fmt, nc, cols);
	const char *text[MAX_COLS];
	char buf[MAX_COLS][CELL];
	for (size_t r = 0; r < shown; r++) {
		size_t i = lead[r];
		const char (*row)[CELL] = (const char (*)[CELL])&cells[r * ncell];
		int c = 0;
		snprintf(buf[c++], CELL, "%lld", (long long)pid[idx[i]]);
		if (any_same) {
			if (count[r] > 1)
				snprintf(buf[c++], CELL, "+%zu", count[r] - 1);
			else
				buf[c++][0] = '\0';
		}
		if (any_variant && varies[0])
			snprintf(buf[c++], CELL, "%s", row[1]);
		for (int s = 0; s < ns && c < MAX_COLS - 16; s++)
			snprintf(buf[c++], CELL, "%s", row[2 + s]);
		for (int j = 0; j < k && c < MAX_COLS; j++) {
			double v = signs[j] * pts[idx[i] * k + j];
			if (table)
				snprintf(buf[c++], CELL, "%.6g", v);
			else
				out_double(v, buf[c++], CELL);
		}
		for (int j = 0; j < k && fx->lo && c + 2 <= MAX_COLS; j++) {
			if (isnan(fx->lo[j]))
				continue;
			for (int side = 0; side < 2; side++) {
				double v = signs[j] * pts[idx[i] * k + j] * (side ? fx->hi[j] : fx->lo[j]);
				if (table)
					snprintf(buf[c++], CELL, "%.6g", v);
				else
					out_double(v, buf[c++], CELL);
			}
		}
		if (fx->want_prob && c + 3 <= MAX_COLS) {
			snprintf(buf[c++], CELL, "%.4f", fx->prob[idx[i]]);
			snprintf(buf[c++], CELL, "%d", i < fx->fnom);
			if (fx->group && fx->group[i] >= 0)
				snprintf(buf[c++], CELL, "%d", fx->group[i] + 1);
			else
				buf[c++][0] = '\0';
		}
		for (int j = 0; j < nc; j++)
			text[j] = buf[j];
		out_row(o, text, isnum);
	}
	rc = out_end(o);
out:
	free(cells);
	free(group);
	free(lead);
	free(count);
	return rc;
}
