/* cmd_pareto.c -- `gpudse pareto`: the non-dominated designs of a run for any objectives. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "columns.h"
#include "commands/commands.h"
#include "commands/front_table.h"
#include "knobs.h"
#include "output.h"
#include "pareto.h"
#include "stats/pareto_prob.h"
#include "runsel.h"
#include "store/store.h"

const char help_pareto[] =
	"usage: gpudse pareto [--db FILE] [--run ID|latest] [--max M,...] [--min M,...]\n"
	"                     [--workload W | --aggregate geomean] [--format table|csv|json|ndjson]\n"
	"                     [--limit N] [--tolerance REL]\n"
	"                     [--prob] [--draws N] [--rel-err E] [--shared R] [--seed S] [--level L]\n"
	"\n"
	"The designs no other design beats in every objective (two or more objectives, each a\n"
	"results column, maximised or minimised).  Per workload (--workload W), or aggregated over\n"
	"the run's workloads by the geometric mean of each objective (--aggregate geomean, the\n"
	"default; a column with a non-positive value is averaged arithmetically instead).\n"
	"Two objectives use an O(n log n) sweep, more an exact sort-and-filter.\n"
	"\n"
	"  --db FILE       results database (default db/results.db)\n"
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
	"                  CSV and JSON (and --prob) list every front design\n"
	"  --prob          every design that is non-dominated in some draw of the error model, with\n"
	"                  p_front (share of draws), front (on the nominal front) and tie_group\n"
	"  --draws N       Monte Carlo draws (default 1000)\n"
	"  --rel-err E     model error: sd of the log of each result's error factor (default 0.10,\n"
	"                  an assumed 10%, not a measurement)\n"
	"  --shared R      share of that variance common to all designs on a workload and objective\n"
	"                  (default 0.5; it cancels under the geometric mean)\n"
	"  --seed S        random seed (default 1)   --level L  tie level (default 0.9)\n"
	"\n"
	"Error model (src/stats/pareto_prob.h): each result v of a design on a workload is read as\n"
	"v exp(s + e), s ~ N(0, R E^2) drawn once per workload and objective and shared by every\n"
	"design, e ~ N(0, (1-R) E^2) per design.  Two front designs tie when no objective's order\n"
	"holds with probability at least L (in closed form for positive values, else over the\n"
	"draws); the table's last line counts the groups of tied front designs: how many are\n"
	"distinguishable at all.\n"
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
	const char *db = args_db(&a, dbbuf, sizeof dbbuf);
	const char *run_s = args_str(&a, "--run", "latest");
	const char *maxs = args_str(&a, "--max", NULL);
	const char *mins = args_str(&a, "--min", NULL);
	const char *workload = args_str(&a, "--workload", NULL);
	const char *agg = args_str(&a, "--aggregate", NULL);
	const char *fmt_s = args_str(&a, "--format", "table");
	long limit = args_long(&a, "--limit", 0, 0, 1L << 40);
	double tol = args_double(&a, "--tolerance", FRONT_TOLERANCE, 0, 1);
	int want_prob = args_flag(&a, "--prob");
	pprob_model_t em = { args_double(&a, "--rel-err", 0.10, 0, 5), args_double(&a, "--shared", 0.5, 0, 1),
		args_long(&a, "--draws", 1000, 1, 100000000), (unsigned long)args_long(&a, "--seed", 1, 0, 1L << 40),
		args_double(&a, "--level", 0.9, 0.5, 1) };
	int rc = args_finish(&a, 0);
	if (rc)
		return rc;
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
	/* aggregate rows of one design (they are consecutive) into one point; a design with a
	 * non-finite objective (inf, or NULL in the database) cannot be ranked: it is left out,
	 * and said so, rather than let it dominate or empty the front */
	size_t np = 0, n_nonfinite = 0;
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
		int finite = 1;
		for (int c = 0; c < k; c++)
			finite &= isfinite(pts[np * k + c]);
		if (finite)
			pid[np++] = dids[i];
		else
			n_nonfinite++;
		i = j;
	}
	if (n_nonfinite)
		fprintf(stderr, "gpudse: pareto: %zu design%s left out: an objective is not a finite number (inf or missing)\n",
			n_nonfinite, n_nonfinite == 1 ? "" : "s");
	size_t *idx = malloc((np ? np : 1) * sizeof *idx);
	int *group = NULL, ngroup = -1;   /* tie groups of the front (pareto_prob.h) */
	double *prob = NULL;              /* --prob: P(non-dominated) per design */
	size_t f = pareto_front(pts, np, k, idx);
	if (f == (size_t)-1) {
		rc = err_internal("pareto: out of memory");
		goto out_pts;
	}
	/* the front under the error model: tie groups of the whole front (table and --prob), and
	 * with --prob every design's probability of being non-dominated */
	size_t fnom = f;
	if (fmt == OUT_TABLE || want_prob) {
		pprob_in_t pin;
		size_t bad = 0;
		int prc = pprob_build(&pin, dids, wids, vals, n, k, signs, &bad);
		if (prc == -1 && want_prob) {
			rc = err_user("pareto: --prob: design %lld lacks results on some workload; the error model needs them all",
				(long long)dids[bad]);
			goto out_pts;
		}
		if (prc == -1)
			goto no_ties;   /* the table without its distinguishable count */
		group = malloc((np ? np : 1) * sizeof *group);
		prob = want_prob ? malloc((np ? np : 1) * sizeof *prob) : NULL;
		if (prc || !group || (want_prob && !prob) || (ngroup = pprob_ties(&pin, &em, idx, f, group)) < 0 ||
			(want_prob && pprob_front_prob(&pin, &em, prob))) {
			pprob_free(&pin);
			rc = err_internal("pareto: out of memory");
			goto out_pts;
		}
		pprob_free(&pin);
	}
no_ties:
	if (want_prob) {
		/* rows: every design on the front in some draw, nominal front first, then by p_front */
		size_t *all = malloc((np ? np : 1) * sizeof *all), m = 0;
		int *g2 = malloc((np ? np : 1) * sizeof *g2);
		if (!all || !g2) {
			free(all);
			free(g2);
			rc = err_internal("pareto: out of memory");
			goto out_pts;
		}
		for (size_t i = 0; i < f; i++) {
			g2[m] = group[i];
			all[m++] = idx[i];
		}
		size_t mfront = m;
		for (size_t d = 0; d < np; d++) {
			int on = 0;
			for (size_t i = 0; i < f && !on; i++)
				on = idx[i] == d;
			if (!on && prob[d] > 0) {
				size_t at = m++;
				while (at > mfront && prob[all[at - 1]] < prob[d]) {
					all[at] = all[at - 1];
					at--;
				}
				all[at] = d;
			}
		}
		for (size_t i = mfront; i < m; i++)
			g2[i] = -1;
		free(idx);
		free(group);
		idx = all;
		group = g2;
		f = m;
	}
	front_extra_t fx = { fnom, want_prob, want_prob ? prob : NULL, group, em.draws };
	rc = front_print(st, &run, workload, fmt, names, signs, k, pts, pid, np, idx, f, limit, tol, &fx);
	if (!rc && fmt == OUT_TABLE && ngroup < 0)
		printf("distinguishable: not computed (a design lacks results on some workload)\n");
	else if (!rc && fmt == OUT_TABLE)
		printf("distinguishable: %d of the %zu front designs (ties within a %.3g lognormal model error, %.3g of it"
			" shared per workload: an assumed size, not a measurement; --prob)\n",
			ngroup, fnom, em.rel_err, em.shared);
out_pts:
	free(group);
	free(prob);
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
