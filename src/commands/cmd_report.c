/* cmd_report.c -- `gpudse report`: one self-contained HTML page about a run (plots inlined as
 * base64 PNG): the study, its Pareto front (plot and table), each front design per workload,
 * the CPI stack of the front's designs, and the validation rows that gpudse does not reproduce. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

#include "cli.h"
#include "columns.h"
#include "commands/commands.h"
#include "jsonutil.h"
#include "knobs.h"
#include "pareto.h"
#include "plot/plot.h"
#include "runsel.h"
#include "store/store.h"

const char help_report[] =
	"usage: gpudse report [--db FILE] [--run ID|latest] -o FILE.html\n"
	"\n"
	"Writes one self-contained HTML page (no external files: plots are inlined PNG) about a run:\n"
	"the study and its workloads; the Pareto front of speedup (max) against energy_j (min) over\n"
	"the geometric mean of the workloads, as a plot and a table; the sensitivity of speedup and\n"
	"energy_j to each knob and pair of knobs (gpudse sensitivity: the terms' shares of the\n"
	"variance, as a table and a chart); each front design's results per workload; the CPI stack\n"
	"of the front designs (arithmetic mean over workloads of the stored cpi_* columns); the rows\n"
	"of gpudse validate that are off (outside the paper's tolerance) and gpudse's IPC against\n"
	"Accel-Sim's (gpudse validate --accelsim), the caveats that apply to any conclusion drawn\n"
	"from the models.\n"
	"\n"
	"example: gpudse report --db study.db -o report.html\n";

#define MAX_FRONT 12
#define SENS_TOP 8      /* sensitivity terms per metric in the chart and the table */
#define SENS_TOP_S "8"

/* One row of gpudse sensitivity --format json; ok = 0 when it lacks a metric, term or share.
 * rank and df are -1 where the row has none (the residual). */
typedef struct sens_row {
	int ok, rank, df;
	const char *metric, *method, *term;
	double share;
} sens_row_t;

static sens_row_t sens_row(const cJSON *r)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(r, "metric");
	const cJSON *me = cJSON_GetObjectItemCaseSensitive(r, "method");
	const cJSON *rank = cJSON_GetObjectItemCaseSensitive(r, "rank");
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(r, "term");
	const cJSON *df = cJSON_GetObjectItemCaseSensitive(r, "df");
	const cJSON *sh = cJSON_GetObjectItemCaseSensitive(r, "share");
	sens_row_t o = { cJSON_IsString(m) && cJSON_IsString(t) && cJSON_IsNumber(sh),
		cJSON_IsNumber(rank) ? rank->valueint : -1, cJSON_IsNumber(df) ? df->valueint : -1,
		cJSON_IsString(m) ? m->valuestring : "", cJSON_IsString(me) ? me->valuestring : "",
		cJSON_IsString(t) ? t->valuestring : "", cJSON_IsNumber(sh) ? sh->valuedouble : 0 };
	return o;
}

/* A bar chart (stacked when nseries > 1) over the categories names[0..n) into path as PNG. */
static int write_bars(const char *path, const char *title, const char *xlabel, const char *const *names, size_t n,
		      const char *ylabel, const char *const *series, size_t nseries, const double *v, int height,
		      double font)
{
	double tops[64] = { 0 };
	if (n > 63)
		return err_internal("report: %zu bars in one chart (at most 63)", n);
	for (size_t g = 0; g < n; g++)
		for (size_t s = 0; s < nseries; s++)
			tops[g] += v[s * n + g];
	plot_bars_t b = { series, nseries, v, n };
	plot_t p;
	memset(&p, 0, sizeof p);
	p.width = 900;
	p.height = height;
	p.font_size = font;
	p.title = title;
	p.x = (plot_axis_t){ AXIS_CATEGORY, xlabel, names, n, 0, 0 };
	p.y = (plot_axis_t){ AXIS_LINEAR, ylabel, NULL, 0, 0, 0 };
	p.bars = &b;
	char err[300];
	if (axis_fit(&p.x, NULL, 0, err, sizeof err) || axis_fit(&p.y, tops, n + 1, err, sizeof err)
		|| plot_write(&p, path, PLOT_PNG, err, sizeof err))
		return err_user("report: %s", err);
	return 0;
}

static void html(FILE *f, const char *s)
{
	for (; s && *s; s++)
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
}

/* The file at path as <img src="data:image/png;base64,...">; 0 or -1. */
static int inline_png(FILE *out, const char *path, const char *alt)
{
	static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	fputs("<img class=\"plot\" alt=\"", out);
	html(out, alt);
	fputs("\" src=\"data:image/png;base64,", out);
	unsigned char in[3];
	size_t n;
	while ((n = fread(in, 1, 3, f)) > 0) {
		unsigned v = in[0] << 16 | (n > 1 ? in[1] << 8 : 0) | (n > 2 ? in[2] : 0);
		fputc(b64[v >> 18 & 63], out);
		fputc(b64[v >> 12 & 63], out);
		fputc(n > 1 ? b64[v >> 6 & 63] : '=', out);
		fputc(n > 2 ? b64[v & 63] : '=', out);
	}
	fclose(f);
	fputs("\">\n", out);
	return 0;
}

/* Runs a gpudse command with its stdout going to a file (the plot's "wrote" line, validate's
 * JSON); returns its status. */
static int run_captured(int (*cmd)(int, char **), char **argv, const char *stdout_path)
{
	fflush(stdout);
	int saved = dup(1);
	int fd = open(stdout_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (saved < 0 || fd < 0) {
		if (saved >= 0)
			close(saved);
		if (fd >= 0)
			close(fd);
		return err_user("report: %s: cannot write", stdout_path);
	}
	dup2(fd, 1);
	close(fd);
	int argc = 0;
	while (argv[argc])
		argc++;
	int rc = cmd(argc, argv);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	return rc;
}

typedef struct rows {
	FILE *f;
	int header;
} rows_t;

/* One result row as a table row (numbers to 4 significant digits). */
static int on_row(void *ctx, int ncols, const char *const *names, const char *const *text, const double *num)
{
	rows_t *r = ctx;
	if (!r->header) {
		fputs("<tr>", r->f);
		for (int i = 0; i < ncols; i++) {
			fputs("<th>", r->f);
			html(r->f, names[i]);
			fputs("</th>", r->f);
		}
		fputs("</tr>\n", r->f);
		r->header = 1;
	}
	fputs("<tr>", r->f);
	for (int i = 0; i < ncols; i++) {
		fputs("<td>", r->f);
		if (num[i] == num[i] && strcmp(names[i], "design_id"))
			fprintf(r->f, "%.4g", num[i]);
		else
			html(r->f, text[i] ? text[i] : "");
		fputs("</td>", r->f);
	}
	fputs("</tr>\n", r->f);
	return 0;
}

int cmd_report(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "report", argc - 1, argv + 1);
	char dbbuf[1100];
	const char *db = args_db(&a, dbbuf, sizeof dbbuf);
	const char *run_s = args_str(&a, "--run", "latest");
	const char *out = args_str(&a, "-o", NULL);
	int rc = args_finish(&a, 0);
	if (rc)
		return rc;
	if (!out)
		return err_user("report: -o FILE.html is required (gpudse help report)");
	char dir[] = "/tmp/gpudse-report.XXXXXX";
	if (!mkdtemp(dir))
		return err_user("report: cannot create a temporary directory in /tmp");
	store_t *st = NULL;
	FILE *f = NULL;
	int64_t *ids = NULL, *dids = NULL;
	int *wids = NULL;
	double *vals = NULL, *agg = NULL;
	size_t *front = NULL;
	char **wl = NULL;
	int nwl = 0;
	cJSON *val = NULL, *sens = NULL;
	char path[256], runbuf[32], sink[256];
	snprintf(sink, sizeof sink, "%s/stdout", dir);
	if ((rc = store_open(db, STORE_READ, &st)))
		goto out;
	store_run_t run;
	if ((rc = run_select(st, db, run_s, &run)))
		goto out;
	snprintf(runbuf, sizeof runbuf, "%lld", (long long)run.id);
	nwl = store_workload_names(st, run.id, &wl);
	/* the front: geometric means over workloads of speedup (max) and energy_j (min) */
	const char *cols[] = { "speedup", "energy_j" };
	size_t n;
	if ((rc = store_fetch(st, run.id, NULL, cols, 2, &ids, &wids, &vals, &n)))
		goto out;
	agg = malloc((n + 1) * 2 * sizeof *agg);
	front = malloc((n + 1) * sizeof *front);
	dids = malloc((n + 1) * sizeof *dids);
	if (!agg || !front || !dids) {
		rc = err_internal("report: out of memory");
		goto out;
	}
	size_t nd = 0;
	for (size_t i = 0, cnt = 0; i < n; i++) {
		if (i == 0 || ids[i] != ids[i - 1]) {
			dids[nd] = ids[i];
			agg[2 * nd] = agg[2 * nd + 1] = 0;
			nd++;
			cnt = 0;
		}
		cnt++;
		agg[2 * (nd - 1)] += (log(vals[2 * i]) - agg[2 * (nd - 1)]) / cnt;       /* running mean of logs */
		agg[2 * (nd - 1) + 1] += (log(vals[2 * i + 1]) - agg[2 * (nd - 1) + 1]) / cnt;
	}
	double *obj = malloc((nd + 1) * 2 * sizeof *obj);
	for (size_t i = 0; obj && i < nd; i++) {
		obj[2 * i] = agg[2 * i];            /* log speedup: maximise */
		obj[2 * i + 1] = -agg[2 * i + 1];   /* log energy: minimise */
	}
	size_t nf = obj ? pareto_front(obj, nd, 2, front) : 0;
	free(obj);
	/* sort the front by speedup, best first; keep MAX_FRONT */
	for (size_t i = 1; i < nf; i++)
		for (size_t j = i; j > 0 && agg[2 * front[j]] > agg[2 * front[j - 1]]; j--) {
			size_t t = front[j];
			front[j] = front[j - 1];
			front[j - 1] = t;
		}
	size_t shown = nf < MAX_FRONT ? nf : MAX_FRONT;

	/* plots, through gpudse plot itself */
	snprintf(path, sizeof path, "%s/front.png", dir);
	char *pa[] = { "plot", "--db", (char *)db, "--run", runbuf, "--x", "energy_j", "--y", "speedup",
		"--label-front", "--width", "900", "--height", "560", "-o", path, NULL };
	if ((rc = run_captured(cmd_plot, pa, sink)))
		goto out;
	/* sensitivity: gpudse sensitivity's ranking of the knobs (and pairs) by their share of the
	 * variance of speedup and energy_j over the designs, as JSON, then one bar chart per metric */
	snprintf(path, sizeof path, "%s/sensitivity.json", dir);
	char *sna[] = { "sensitivity", "--db", (char *)db, "--run", runbuf, "--metric", "speedup,energy_j",
		"--top", SENS_TOP_S, "--format", "json", NULL };
	int src = run_captured(cmd_sensitivity, sna, path);
	sens = src == 0 ? json_load_file(path, NULL) : NULL;
	static const char *const sens_metric[] = { "speedup", "energy_j" };
	int sens_charts[2] = { 0, 0 };
	for (int mi = 0; mi < 2 && sens && cJSON_IsArray(sens); mi++) {
		const char *tn[SENS_TOP + 1];
		double share[SENS_TOP + 1];
		size_t nt = 0;
		const cJSON *r;
		const char *method = "";
		cJSON_ArrayForEach(r, sens) {
			sens_row_t sr = sens_row(r);
			if (!sr.ok || strcmp(sr.metric, sens_metric[mi]) || sr.rank < 0 || nt == SENS_TOP)
				continue;
			method = sr.method;
			tn[nt] = sr.term;
			share[nt++] = 100 * sr.share;
		}
		if (nt == 0)
			continue;
		static const char *const series[] = { "share of the variance" };
		char title[160];
		snprintf(title, sizeof title, "What drives %s: each term's share of its variance over the designs (%s)",
			sens_metric[mi], method);
		snprintf(path, sizeof path, "%s/sens-%d.png", dir, mi);
		if ((rc = write_bars(path, title, "knob, or pair of knobs (interaction)", tn, nt, "share of the variance, %",
				     series, 1, share, 420, 11)))
			goto out;
		sens_charts[mi] = 1;
	}
	/* CPI stacks of the shown front designs: the mean over workloads of each cpi_* column */
	static const char *const cpi_cols[] = { "cpi_issue", "cpi_dep", "cpi_rf", "cpi_l1", "cpi_noc", "cpi_llc", "cpi_ext", "cpi_dram" };
	static const char *const cpi_names[] = { "issue", "dep", "rf", "l1", "noc", "llc", "ext", "dram" };
	double cpi[8 * MAX_FRONT] = { 0 };
	char glabel[MAX_FRONT][24];
	const char *gnames[MAX_FRONT];
	int64_t *cids = NULL;
	int *cw = NULL;
	double *cv = NULL;
	size_t cn = 0;
	if ((rc = store_fetch(st, run.id, NULL, (const char *const *)cpi_cols, 8, &cids, &cw, &cv, &cn)))
		goto out;
	for (size_t g = 0; g < shown; g++) {
		int64_t id = dids[front[g]];
		snprintf(glabel[g], sizeof glabel[g], "#%lld", (long long)id);
		gnames[g] = glabel[g];
		size_t c = 0;
		for (size_t i = 0; i < cn; i++)
			if (cids[i] == id) {
				c++;
				for (int s = 0; s < 8; s++)
					cpi[s * shown + g] += cv[8 * i + s];
			}
		for (int s = 0; s < 8 && c; s++)
			cpi[s * shown + g] /= c;
	}
	free(cids);
	free(cw);
	free(cv);
	snprintf(path, sizeof path, "%s/cpi.png", dir);
	if (shown && (rc = write_bars(path, "CPI stack of the front's designs (mean over workloads)", "front design", gnames,
				      shown, "CPI: core cycles per warp instruction", cpi_names, 8, cpi, 480, 12)))
		goto out;
	/* validation: the rows outside their tolerance */
	snprintf(path, sizeof path, "%s/validate.json", dir);
	char *va[] = { "validate", "--format", "json", NULL };
	int vrc = run_captured(cmd_validate, va, path);
	val = vrc == 0 ? json_load_file(path, NULL) : NULL;
	/* gpudse against Accel-Sim: validate --accelsim's rows, drawn as predicted vs simulated IPC */
	snprintf(path, sizeof path, "%s/accelsim.csv", dir);
	char *aa[] = { "validate", "--accelsim", "--format", "csv", NULL };
	int have_accelsim = 0;
	if (run_captured(cmd_validate, aa, path) == 0) {
		char png[300];
		snprintf(png, sizeof png, "%s/accelsim.png", dir);
		char *pa2[] = { "plot", "--accelsim", path, "--metric", "ipc", "--width", "760", "--height", "520", "-o", png, NULL };
		have_accelsim = run_captured(cmd_plot, pa2, sink) == 0;
	}

	f = fopen(out, "w");
	if (!f) {
		rc = err_user("report: %s: cannot write", out);
		goto out;
	}
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>gpudse report: ", f);
	html(f, run.study);
	fputs("</title>\n<style>body{font-family:sans-serif;max-width:960px;margin:2em auto;color:#222}"
		"table{border-collapse:collapse;margin:1em 0;font-size:90%}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
		"th{background:#eee}img.plot{max-width:100%;border:1px solid #ddd}.off{color:#a33}</style></head><body>\n", f);
	fputs("<h1>Study ", f);
	html(f, run.study);
	fprintf(f, "</h1>\n<p>Run %lld (%s, shard %s): %lld points, %lld illegal, %zu designs evaluated on %d workloads: ",
		(long long)run.id, run.status, run.shard, (long long)run.n_points, (long long)run.n_illegal, nd, nwl);
	for (int i = 0; i < nwl; i++) {
		html(f, wl[i]);
		fputs(i + 1 < nwl ? ", " : ".", f);
	}
	fputs("</p>\n<h2>Pareto front: speedup against energy</h2>\n"
		"<p>Each point is a design, at the geometric mean of its workloads; the staircase is the front "
		"(speedup maximised, energy minimised), its designs labelled by id "
		"(<code>gpudse explain</code> gives every intermediate quantity of one).</p>\n", f);
	snprintf(path, sizeof path, "%s/front.png", dir);
	inline_png(f, path, "Pareto front");
	fprintf(f, "<p>%zu designs on the front%s.</p>\n<table><tr><th>design</th><th>variant</th><th>speedup (geo. mean)</th><th>energy_j (geo. mean)</th></tr>\n",
		nf, nf > shown ? "; the fastest shown" : "");
	for (size_t g = 0; g < shown; g++) {
		design_t d;
		char variant[64] = "";
		store_get_design(st, run.id, dids[front[g]], &d, variant, sizeof variant);
		fprintf(f, "<tr><td>#%lld</td><td>", (long long)dids[front[g]]);
		html(f, variant);
		fprintf(f, "</td><td>%.4g</td><td>%.4g</td></tr>\n", exp(agg[2 * front[g]]), exp(agg[2 * front[g] + 1]));
	}
	fputs("</table>\n<h2>Sensitivity to each knob</h2>\n", f);
	if (!sens || !cJSON_IsArray(sens) || !(sens_charts[0] || sens_charts[1])) {
		fputs("<p class=\"off\"><code>gpudse sensitivity</code> found no knob that varies in this run.</p>\n", f);
	} else {
		fputs("<p>From <code>gpudse sensitivity --metric speedup,energy_j</code>: each knob's main effect and each "
			"two-way interaction, ranked by its share of the metric's variance over the designs (geometric "
			"mean over workloads); ANOVA on a full factorial, else a least-squares fit of the main effects, "
			"whose residual is listed last.</p>\n", f);
		for (int mi = 0; mi < 2; mi++) {
			if (!sens_charts[mi])
				continue;
			snprintf(path, sizeof path, "%s/sens-%d.png", dir, mi);
			char alt[64];
			snprintf(alt, sizeof alt, "sensitivity of %s", sens_metric[mi]);
			inline_png(f, path, alt);
		}
		fputs("<table class=\"sensitivity\"><tr><th>metric</th><th>method</th><th>rank</th>"
			"<th style=\"text-align:left\">term</th><th>df</th><th>share of variance</th></tr>\n", f);
		const cJSON *r;
		cJSON_ArrayForEach(r, sens) {
			sens_row_t sr = sens_row(r);
			if (!sr.ok)
				continue;
			fputs("<tr class=\"sens\"><td>", f);
			html(f, sr.metric);
			fputs("</td><td>", f);
			html(f, sr.method);
			fputs("</td><td>", f);
			if (sr.rank >= 0)
				fprintf(f, "%d", sr.rank);
			fputs("</td><td style=\"text-align:left\">", f);
			html(f, sr.term);
			fputs("</td><td>", f);
			if (sr.df >= 0)
				fprintf(f, "%d", sr.df);
			fprintf(f, "</td><td>%.1f%%</td></tr>\n", 100 * sr.share);
		}
		fputs("</table>\n", f);
	}
	fputs("<h2>Front designs per workload</h2>\n", f);
	for (size_t g = 0; g < shown; g++) {
		store_filter_t flt;
		memset(&flt, 0, sizeof flt);
		snprintf(flt.column, sizeof flt.column, "design_id");
		snprintf(flt.op, sizeof flt.op, "=");
		snprintf(flt.value, sizeof flt.value, "%lld", (long long)dids[front[g]]);
		fprintf(f, "<h3>Design #%lld</h3>\n<table>\n", (long long)dids[front[g]]);
		rows_t r = { f, 0 };
		if ((rc = store_select(st, run.id, NULL, &flt, 1, "workload,speedup,energy_j,ipc,l1_hit,llc_hit,power_w,area_mm2", NULL, 0, on_row, &r)))
			goto out;
		fputs("</table>\n", f);
	}
	fputs("<h2>Where the cycles go</h2>\n", f);
	snprintf(path, sizeof path, "%s/cpi.png", dir);
	if (shown)
		inline_png(f, path, "CPI stack");
	fputs("<h2>Validation caveats</h2>\n", f);
	if (!val || !cJSON_IsArray(val)) {
		fputs("<p class=\"off\">gpudse validate did not run here; see docs/validation.md.</p>\n", f);
	} else {
		int total = cJSON_GetArraySize(val), off = 0;
		const cJSON *r;
		cJSON_ArrayForEach(r, val) {
			const cJSON *s = cJSON_GetObjectItemCaseSensitive(r, "status");
			off += cJSON_IsString(s) && !strcmp(s->valuestring, "off");
		}
		fprintf(f, "<p>Of the %d numbers of the four source papers that <code>gpudse validate</code> compares, "
			"%d are outside their tolerance. Conclusions that rest on these mechanisms deserve a simulator run:</p>\n"
			"<table><tr><th>paper</th><th>quantity</th><th>paper</th><th>gpudse</th><th>tolerance</th><th>source</th></tr>\n", total, off);
		cJSON_ArrayForEach(r, val) {
			const cJSON *s = cJSON_GetObjectItemCaseSensitive(r, "status");
			if (!cJSON_IsString(s) || strcmp(s->valuestring, "off"))
				continue;
			static const char *const k[] = { "paper", "quantity", "paper_text", "gpudse_text", "tolerance", "source" };
			fputs("<tr class=\"off\">", f);
			for (int i = 0; i < 6; i++) {
				const cJSON *v = cJSON_GetObjectItemCaseSensitive(r, k[i]);
				fputs(i == 1 ? "<td style=\"text-align:left\">" : "<td>", f);
				html(f, cJSON_IsString(v) ? v->valuestring : "");
				fputs("</td>", f);
			}
			fputs("</tr>\n", f);
		}
		fputs("</table>\n", f);
	}
	fputs("<h2>gpudse against Accel-Sim</h2>\n", f);
	if (have_accelsim) {
		fputs("<p>The GPU model's IPC against Accel-Sim's on the reference set of calibration/accelsim "
			"(<code>gpudse validate --accelsim</code>, one point per simulated run), with the identity line and "
			"issue 20's agreement band of +-10%. Points far from the line are where this report's speedups "
			"are least certain.</p>\n", f);
		snprintf(path, sizeof path, "%s/accelsim.png", dir);
		inline_png(f, path, "gpudse against Accel-Sim");
	} else {
		fputs("<p class=\"off\">The Accel-Sim reference set (calibration/accelsim) was not found here; "
			"see docs/validation.md.</p>\n", f);
	}
	/* the page counts its own decoded plots: the browser test reads data-plots-rendered */
	fputs("<p>Made by <code>gpudse report</code>.</p>\n<script>window.addEventListener('load',function(){"
		"var n=0;document.querySelectorAll('img.plot').forEach(function(i){if(i.complete&&i.naturalWidth>0)n++;});"
		"document.body.setAttribute('data-plots-rendered',n);});</script>\n</body></html>\n", f);
	if (fclose(f)) {
		f = NULL;
		rc = err_user("report: %s: write error", out);
		goto out;
	}
	f = NULL;
	printf("wrote %s: run %lld, %zu designs, %zu on the front\n", out, (long long)run.id, nd, nf);
out:
	free(dids);
	if (f)
		fclose(f);
	cJSON_Delete(val);
	cJSON_Delete(sens);
	free(ids);
	free(wids);
	free(vals);
	free(agg);
	free(front);
	if (wl)
		store_free_names(wl, nwl);
	if (st)
		store_close(st);
	char cmd[320];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "gpudse: report: could not remove %s\n", dir);
	return rc;
}
