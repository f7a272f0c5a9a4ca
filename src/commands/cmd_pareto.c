/* cmd_pareto.c -- `gpudse pareto`: the non-dominated designs of a run for any objectives. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "columns.h"
#include "commands/commands.h"
#include "commands/front_table.h"
#include "dbpath.h"
#include "knobs.h"
#include "output.h"
#include "pareto.h"
#include "runsel.h"
#include "store.h"

const char help_pareto[] =
	"usage: gpudse pareto [--db FILE] [--run ID|latest] [--max M,...] [--min M,...]\n"
	"                     [--workload W | --aggregate geomean] [--format table|csv|json|ndjson]\n"
	"                     [--limit N] [--tolerance REL]\n"
	"\n"
	"The designs no other design beats in every objective (two or more objectives, each a\n"
	"results column, maximised or minimised).  Per workload (--workload W), or aggregated over\n"
	"the run's workloads by the geometric mean of each objective (--aggregate geomean, the\n"
	"default; a column with a non-positive value is averaged arithmetically instead).\n"
	"Two objectives use an O(n log n) sweep, more an exact sort-and-filter.\n"
	"\n"
	"  --db FILE       results database (default $GPUDSE_DB, else ./results.db)\n"
	"  --run ID        a run id, or latest (default)\n"
	"  --max M,...     objectives to maximise (default: speedup when neither is given)\n"
	"  --min M,...     objectives to minimise (default: energy_j when neither is given)\n"
	"  --workload W    one workload's results\n"
	"  --aggregate geomean  over all workloads (the default)\n"
	"  --format F      table (default), csv, json or ndjson\n"
	"  --limit N       print at most N front rows (the front is sorted by the first objective)\n"
	"  --tolerance REL the table shows front designs whose objectives all agree within REL\n"
	"                  (relative; default 1e-9) as one row: the lowest id, the others counted in\n"
	"                  \"same\" and differing knobs shown as a|b (e.g. dcl1_boost on private L1s);\n"
	"                  CSV and JSON list every front design\n"
	"\n"
	"The columns: the design, the knobs the run's space varies (those the study fixes are\n"
	"hidden), and the objectives with their units (the database's metrics table) in the table.\n"
	"\n"
	"objectives: ipc speedup cycles time_s energy_j power_w perf_per_watt area_mm2 l1_hit llc_hit\n"
	"  ext_hit l1_apki llc_apki dram_bpki noc_util llc_util dram_util sm_util replication rfc_hit\n"
	"  stt_wpki cpi_issue cpi_dep cpi_rf cpi_l1 cpi_noc cpi_llc cpi_ext cpi_dram\n"
	"\n"
	"example: gpudse pareto --max speedup --min energy_j,area_mm2 --format csv\n";

#define MAX_OBJ 16

static int split_objectives(const char *list, int sign, const char **names, int *signs, int *k, char *buf, size_t len)
{
	if (!list)
		return 0;
	size_t used = strlen(buf);
	snprintf(buf + used, len - used, "%s", list);
	char *save = NULL;
	for (char *t = strtok_r(buf + used, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (!metric_col_find(t))
			return err_user("pareto: %s: unknown objective \"%s\" (gpudse help pareto lists them)",
				sign > 0 ? "--max" : "--min", t);
		for (int i = 0; i < *k; i++)
			if (!strcmp(names[i], t))
				return err_user("pareto: objective \"%s\" given twice", t);
		if (*k >= MAX_OBJ)
			return err_user("pareto: at most %d objectives", MAX_OBJ);
		names[*k] = t;
		signs[(*k)++] = sign;
	}
	return 0;
}

int cmd_pareto(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "pareto", argc - 1, argv + 1);
	char dbbuf[1100];
	const char *db = args_str(&a, "--db", NULL);
	const char *run_s = args_str(&a, "--run", "latest");
	const char *maxs = args_str(&a, "--max", NULL);
	const char *mins = args_str(&a, "--min", NULL);
	const char *workload = args_str(&a, "--workload", NULL);
	const char *agg = args_str(&a, "--aggregate", NULL);
	const char *fmt_s = args_str(&a, "--format", "table");
	long limit = args_long(&a, "--limit", 0, 0, 1L << 40);
	double tol = args_double(&a, "--tolerance", FRONT_TOLERANCE, 0, 1);
	int rc = args_finish(&a, 0);
	if (rc)
		return rc;
	if (!db)
		db = default_db_path(dbbuf, sizeof dbbuf);
	int fmt = out_format_parse(fmt_s);
	if (fmt < 0)
		return err_user("pareto: --format: expected table, csv or json, got \"%s\"", fmt_s);
	if (agg && strcmp(agg, "geomean") != 0)
		return err_user("pareto: --aggregate: expected geomean, got \"%s\"", agg);
	if (agg && workload)
		return err_user("pareto: --workload and --aggregate exclude each other");
	if (!maxs && !mins) {
		maxs = "speedup";
		mins = "energy_j";
	}
	const char *names[MAX_OBJ];
	int signs[MAX_OBJ], k = 0;
	char buf[2048] = "";
	if ((rc = split_objectives(maxs, +1, names, signs, &k, buf, sizeof buf)))
		return rc;
	size_t used = strlen(buf) + 1;
	buf[used - 1] = '\0';
	char *buf2 = buf + used;
	buf2[0] = '\0';
	if ((rc = split_objectives(mins, -1, names, signs, &k, buf2, sizeof buf - used)))
		return rc;
	if (k < 2)
		return err_user("pareto: need at least two objectives (--max and/or --min), got %d", k);

	store_t *st;
	if ((rc = store_open(db, STORE_READ, &st)))
		return rc;
	store_run_t run;
	if ((rc = run_select(st, db, run_s, &run)))
		goto out_close;
	if (workload) {
		char **wn;
		int nwn = store_workload_names(st, run.id, &wn), found = 0;
		for (int i = 0; i < nwn; i++)
			found |= !strcmp(wn[i], workload);
		store_free_names(wn, nwn > 0 ? nwn : 0);
		if (!found) {
			rc = err_user("pareto: --workload: run %lld has no workload \"%s\"", (long long)run.id, workload);
			goto out_close;
		}
	}
	int64_t *dids = NULL;
	int *wids = NULL;
	double *vals = NULL;
	size_t n = 0;
	if ((rc = store_fetch(st, run.id, workload, names, k, &dids, &wids, &vals, &n)))
		goto out_free;
	/* aggregate rows of one design (they are consecutive) into one point */
	size_t np = 0;
	double *pts = malloc((n ? n : 1) * k * sizeof *pts);
	int64_t *pid = malloc((n ? n : 1) * sizeof *pid);
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && dids[j] == dids[i])
			j++;
		for (int c = 0; c < k; c++) {
			double lsum = 0, sum = 0;
			int pos = 1;
			for (size_t r = i; r < j; r++) {
				double v = vals[r * k + c];
				sum += v;
				if (v > 0)
					lsum += log(v);
				else
					pos = 0;
			}
			double m = pos ? exp(lsum / (double)(j - i)) : sum / (double)(j - i);
			pts[np * k + c] = signs[c] * m;
		}
		pid[np++] = dids[i];
		i = j;
	}
	size_t *idx = malloc((np ? np : 1) * sizeof *idx);
	size_t f = pareto_front(pts, np, k, idx);
	if (f == (size_t)-1) {
		rc = err_internal("pareto: out of memory");
		goto out_pts;
	}
	rc = front_print(st, &run, workload, fmt, names, signs, k, pts, pid, np, idx, f, limit, tol);
out_pts:
	free(idx);
	free(pts);
	free(pid);
out_free:
	free(dids);
	free(wids);
	free(vals);
out_close:
	store_close(st);
	return rc;
}
