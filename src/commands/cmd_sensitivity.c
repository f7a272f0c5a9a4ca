/* cmd_sensitivity.c -- `gpudse sensitivity`: which knobs drive each metric of a stored run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "columns.h"
#include "commands/commands.h"
#include "output.h"
#include "runsel.h"
#include "stats/sensitivity.h"
#include "stats/sensitivity_data.h"
#include "store/store.h"

const char help_sensitivity[] =
	"usage: gpudse sensitivity [--db FILE] [--run ID|latest] [--metric M,...]\n"
	"                          [--workload W | --per-workload] [--method auto|anova|lsq]\n"
	"                          [--top N] [--format table|csv|json]\n"
	"\n"
	"Ranks the knobs of a stored run by their effect on each metric: the sum of squares of\n"
	"each main effect and each two-way interaction and its share of the metric's variance\n"
	"over the designs.  The factors are the knobs that vary over the run (and the variant\n"
	"name; knobs a variant sets are aliased with it and named once).  On a full factorial\n"
	"(every combination of levels stored once) the method is ANOVA: orthogonal terms, the\n"
	"rest is higher-order interactions.  Otherwise (constraints removed cells, variants)\n"
	"the output says so and a least-squares fit of the main effects is used (GSL, pivoted QR): a\n"
	"factor's SS is what the residual grows by without it, a pair's what the residual falls\n"
	"by with its interaction; the rest is the main-effects fit's residual (1 - R^2).\n"
	"By default the metric is aggregated over the run's workloads per design as pareto does\n"
	"(geometric mean; arithmetic when a value is non-positive).\n"
	"\n"
	"  --db FILE       results database (default db/results.db)\n"
	"  --run ID        a run id, or latest (default)\n"
	"  --metric M,...  results columns (default speedup,energy_j)\n"
	"  --workload W    one workload's results instead of the aggregate\n"
	"  --per-workload  the aggregate, then every workload on its own\n"
	"  --method M      auto (default: anova on a full factorial, else lsq), anova or lsq\n"
	"  --top N         at most N terms per metric and workload (largest first)\n"
	"  --format F      table (default), csv or json\n"
	"\n"
	"example: gpudse sensitivity --run latest --metric speedup,energy_j,area_mm2 --per-workload\n";

typedef struct emit {
	output_t *o;
	const sens_data_t *d;
	long top;
} emit_t;

static void emit_rows(emit_t *e, const char *metric, const char *workload, const sens_result_t *r)
{
	static const int isnum[] = { 0, 0, 0, 1, 0, 1, 1, 1 };
	char rank[16], term[112], df[16], ss[32], share[32];
	const char *text[8] = { metric, workload, r->method == SENS_ANOVA ? "anova" : "lsq", rank, term, df, ss, share };
	for (int t = 0; t < r->nterm && (e->top <= 0 || t < e->top); t++) {
		const sens_term_t *s = &r->term[t];
		snprintf(rank, sizeof rank, "%d", t + 1);
		if (s->b < 0)
			snprintf(term, sizeof term, "%s", e->d->fname[s->a]);
		else
			snprintf(term, sizeof term, "%s x %s", e->d->fname[s->a], e->d->fname[s->b]);
		snprintf(df, sizeof df, "%d", s->df);
		snprintf(ss, sizeof ss, "%.6g", s->ss);
		snprintf(share, sizeof share, "%.4f", s->share);
		out_row(e->o, text, isnum);
	}
	rank[0] = '\0';
	df[0] = '\0';
	snprintf(term, sizeof term, "%s", r->method == SENS_ANOVA ? "(higher-order interactions)" : "(residual of main effects)");
	snprintf(ss, sizeof ss, "%.6g", r->rest);
	snprintf(share, sizeof share, "%.4f", r->tss > 0 ? r->rest / r->tss : 0.0);
	const char *rest[8] = { metric, workload, text[2], NULL, term, NULL, ss, share };
	out_row(e->o, rest, isnum);
}

static int analyse_one(emit_t *e, enum sens_method method, const char *metric, const char *workload,
	const double *y)
{
	sens_result_t *r = malloc(sizeof *r);
	if (!r)
		return err_internal("sensitivity: out of memory");
	int rc = sens_analyse(e->d->lev, e->d->nd, e->d->nf, e->d->nlev, y, method, r);
	if (rc == -2)
		rc = err_internal("sensitivity: out of memory");
	else if (rc == -1 && method == SENS_ANOVA)
		rc = err_user("sensitivity: --method anova: the stored designs are not a full factorial (use lsq)");
	else if (rc == -1)
		rc = err_user("sensitivity: %zu designs are too few for a least-squares fit of the main effects", e->d->nd);
	else
		emit_rows(e, metric, workload, r);
	free(r);
	return rc;
}

int cmd_sensitivity(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "sensitivity", argc - 1, argv + 1);
	char dbbuf[1100];
	const char *db = args_db(&a, dbbuf, sizeof dbbuf);
	const char *run_s = args_str(&a, "--run", "latest");
	const char *metric_s = args_str(&a, "--metric", "speedup,energy_j");
	const char *workload = args_str(&a, "--workload", NULL);
	int per_workload = args_flag(&a, "--per-workload");
	const char *method_s = args_str(&a, "--method", "auto");
	long top = args_long(&a, "--top", 0, 1, 1L << 20);
	const char *fmt_s = args_str(&a, "--format", "table");
	int rc = args_finish(&a, 0);
	if (rc)
		return rc;
	int fmt = out_format_parse(fmt_s);
	if (fmt < 0)
		return err_user("sensitivity: --format: expected table, csv or json, got \"%s\"", fmt_s);
	int method = !strcmp(method_s, "auto") ? -1 : !strcmp(method_s, "anova") ? SENS_ANOVA
		: !strcmp(method_s, "lsq") ? SENS_LSQ : -2;
	if (method == -2)
		return err_user("sensitivity: --method: expected auto, anova or lsq, got \"%s\"", method_s);
	if (workload && per_workload)
		return err_user("sensitivity: --workload and --per-workload exclude each other");
	char mbuf[1024];
	snprintf(mbuf, sizeof mbuf, "%s", metric_s);
	const char *metrics[SENS_MAX_METRICS];
	int nm = 0;
	char *save = NULL;
	for (char *t = strtok_r(mbuf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (nm == SENS_MAX_METRICS)
			return err_user("sensitivity: --metric: at most %d metrics", SENS_MAX_METRICS);
		if (!metric_col_find(t))
			return err_user("sensitivity: --metric: unknown metric \"%s\" (gpudse help pareto lists them)", t);
		metrics[nm++] = t;
	}
	if (nm == 0)
		return err_user("sensitivity: --metric: no metric given");

	store_t *st;
	if ((rc = store_open(db, STORE_READ, &st)))
		return rc;
	store_run_t run;
	sens_data_t d;
	memset(&d, 0, sizeof d);
	double *y = NULL;
	if ((rc = run_select(st, db, run_s, &run)))
		goto out;
	if ((rc = sens_load(st, run.id, metrics, nm, &d)))
		goto out;
	int wsel = -1;
	if (workload) {
		for (int w = 0; w < d.nw; w++)
			if (!strcmp(d.wname[w], workload))
				wsel = w;
		if (wsel < 0) {
			rc = err_user("sensitivity: --workload: run %lld has no workload \"%s\"", (long long)run.id, workload);
			goto out;
		}
	}
	int full = sens_is_full_factorial(d.lev, d.nd, d.nf, d.nlev);
	enum sens_method m = method >= 0 ? (enum sens_method)method : full ? SENS_ANOVA : SENS_LSQ;
	if (fmt == OUT_TABLE) {
		printf("run %lld (%s): %zu designs x %d workloads; factors:", (long long)run.id, run.study, d.nd, d.nw);
		double cells = 1;
		for (int f = 0; f < d.nf; f++) {
			printf("%s %s (%d levels)", f ? "," : "", d.fname[f], d.nlev[f]);
			cells *= d.nlev[f];
		}
		printf("\n");
		if (d.aliased[0])
			printf("set by the variants (aliased with variant, not separate factors): %s\n", d.aliased);
		if (full)
			printf("a full factorial (%.0f cells, one design each)", cells);
		else
			printf("NOT a full factorial (%zu designs for %.0f cells: constraints, variants or repeats)", d.nd, cells);
		printf("; method: %s\n", m == SENS_ANOVA ? "ANOVA sums of squares (exact, orthogonal terms)"
			: "least squares, main effects (type II SS) and each pair's interaction added to them");
		printf("over workloads: geometric mean per design, as pareto aggregates\n\n");
	}
	static const char *const cols[] = { "metric", "workload", "method", "rank", "term", "df", "ss", "share" };
	emit_t e = { out_begin(fmt, 8, cols), &d, top };
	y = malloc(d.nd * sizeof *y);
	if (!y) {
		rc = err_internal("sensitivity: out of memory");
		out_end(e.o);
		goto out;
	}
	for (int mi = 0; mi < nm && !rc; mi++) {
		if (wsel < 0) {
			if (sens_geomean(&d, mi, y))
				rc = err_user("sensitivity: %s is missing (NULL) for some design of run %lld", metrics[mi], (long long)run.id);
			else
				rc = analyse_one(&e, m, metrics[mi], "geomean", y);
		}
		for (int w = 0; w < d.nw && !rc; w++) {
			if (!per_workload && w != wsel)
				continue;
			const double *yw = sens_response(&d, mi, w);
			if (!yw)
				rc = err_user("sensitivity: %s is missing (NULL) for some design on %s", metrics[mi], d.wname[w]);
			else
				rc = analyse_one(&e, m, metrics[mi], d.wname[w], yw);
		}
	}
	int orc = out_end(e.o);
	if (!rc)
		rc = orc;
out:
	free(y);
	sens_data_free(&d);
	store_close(st);
	return rc;
}
