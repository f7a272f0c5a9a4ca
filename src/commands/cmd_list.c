/* cmd_list.c -- `gpudse list gpus|workloads|knobs|metrics|runs|schema`. */
#include <glob.h>
#include <stdio.h>
#include <string.h>

#include <stdlib.h>

#include "cli.h"
#include "columns.h"
#include "store/dbpath.h"
#include "commands/commands.h"
#include "presets/gpu_json.h"
#include "knobs.h"
#include "output.h"
#include "profiling/profile_json.h"
#include "store/store.h"

const char help_list[] =
	"usage: gpudse list gpus|workloads|knobs|metrics|runs|schema [--format table|csv|json] [--db FILE]\n"
	"\n"
	"  gpus       the GPU presets in studies/gpus/ with their main parameters and source\n"
	"  workloads  the shipped profiles in calibration/profiles/: source kernel, size, and the\n"
	"             fields each carries (streams, read levels, registers, compressibility, homes,\n"
	"             observations)\n"
	"  knobs      every design knob: name, family, type, range or values, meaning\n"
	"  metrics    every results column: unit, direction (max or min is better), meaning; with\n"
	"             --db, as that database's metrics table describes them\n"
	"  runs       the runs in a results database (--db, default $GPUDSE_DB or ./results.db): study, shard,\n"
	"             status (running, done, interrupted), points stored so far\n"
	"  schema     the results database schema (the DDL gpudse creates; db/schema.sql)\n"
	"\n"
	"example: gpudse list gpus\n";

static int list_files(const char *sub, glob_t *g)
{
	char pat[1200];
	snprintf(pat, sizeof pat, "%s/%s/*.json", gpudse_root(), sub);
	int rc = glob(pat, 0, NULL, g);
	if (rc == GLOB_NOMATCH) {
		g->gl_pathc = 0;
		return 0;
	}
	return rc == 0 ? 0 : err_internal("list: cannot read %s", pat);
}

static int list_gpus(enum out_format fmt)
{
	glob_t g;
	int rc = list_files("studies/gpus", &g);
	if (rc)
		return rc;
	const char *cols[] = { "name", "sms", "core_mhz", "l1_kib", "llc_mib", "dram_gbps", "subcores", "source" };
	int isnum[] = { 0, 1, 1, 1, 1, 1, 1, 0 };
	output_t *o = out_begin(fmt, 8, cols);
	for (size_t i = 0; i < g.gl_pathc && !rc; i++) {
		gpu_t gpu;
		if ((rc = gpu_load(g.gl_pathv[i], &gpu)))
			break;
		char c[7][64];
		snprintf(c[0], 64, "%s", gpu.name);
		snprintf(c[1], 64, "%d", gpu.n_sm);
		snprintf(c[2], 64, "%g", gpu.core_mhz);
		snprintf(c[3], 64, "%g", gpu.l1_kib);
		snprintf(c[4], 64, "%g", gpu.llc_kib / 1024);
		snprintf(c[5], 64, "%g", gpu.dram_gbps);
		snprintf(c[6], 64, "%d", gpu.subcores);
		const char *t[8] = { c[0], c[1], c[2], c[3], c[4], c[5], c[6], gpu.source };
		out_row(o, t, isnum);
	}
	globfree(&g);
	int orc = out_end(o);
	return rc ? rc : orc;
}

static int list_workloads(enum out_format fmt)
{
	glob_t g;
	int rc = list_files("calibration/profiles", &g);
	if (rc)
		return rc;
	const char *cols[] = { "name", "sms", "kinsts", "apki", "fields", "source" };
	int isnum[] = { 0, 1, 1, 1, 0, 0 };
	output_t *o = out_begin(fmt, 6, cols);
	for (size_t i = 0; i < g.gl_pathc && !rc; i++) {
		profile_t p;
		if ((rc = profile_load(g.gl_pathv[i], &p)))
			break;
		char c[4][64], fields[256];
		size_t n = 0;
		fields[0] = '\0';
		for (size_t s = 0; s < p.n_streams && n < sizeof fields; s++)
			n += snprintf(fields + n, sizeof fields - n, "%s%s", n ? "," : "", p.streams[s].name);
		if (p.has_rl)
			n += snprintf(fields + n, sizeof fields - n, ",read_levels");
		if (p.reg_rd.n)
			n += snprintf(fields + n, sizeof fields - n, ",registers");
		if (p.n_phases)
			n += snprintf(fields + n, sizeof fields - n, ",phases");
		if (p.has_comp)
			n += snprintf(fields + n, sizeof fields - n, ",compressibility");
		if (p.n_homes)
			n += snprintf(fields + n, sizeof fields - n, ",homes");
		if (p.n_obs)
			snprintf(fields + n, sizeof fields - n, ",observations");
		const profile_stream_t *l1 = profile_stream(&p, "l1");
		snprintf(c[0], 64, "%s", p.name);
		snprintf(c[1], 64, "%d", p.n_sm);
		snprintf(c[2], 64, "%.0f", p.insts / 1e3);
		snprintf(c[3], 64, "%.1f", l1 && p.insts > 0 ? 1000.0 * l1->accesses / p.insts : 0.0);
		const char *t[6] = { c[0], c[1], c[2], c[3], fields, p.source };
		out_row(o, t, isnum);
		profile_free(&p);
	}
	globfree(&g);
	int orc = out_end(o);
	return rc ? rc : orc;
}

static int list_runs(const char *db, enum out_format fmt)
{
	store_t *st;
	int rc = store_open(db, STORE_READ, &st);
	if (rc)
		return rc;
	store_run_t *r;
	int n;
	if ((rc = store_list_runs(st, &r, &n))) {
		store_close(st);
		return rc;
	}
	const char *cols[] = { "run", "study", "shard", "status", "points", "stored", "illegal", "identity" };
	int isnum[] = { 1, 0, 0, 0, 1, 1, 1, 0 };
	output_t *o = out_begin(fmt, 8, cols);
	for (int i = 0; i < n; i++) {
		char c[4][32];
		snprintf(c[0], 32, "%lld", (long long)r[i].id);
		snprintf(c[1], 32, "%lld", (long long)r[i].n_points);
		snprintf(c[2], 32, "%lld", (long long)r[i].next_index);
		snprintf(c[3], 32, "%lld", (long long)r[i].n_illegal);
		const char *t[8] = { c[0], r[i].study, r[i].shard, r[i].status, c[1], c[2], c[3], r[i].identity };
		out_row(o, t, isnum);
	}
	free(r);
	store_close(st);
	return out_end(o);
}

/* The metrics: from a database's metrics table when --db is given, else the built-in one. */
static int list_metrics(const char *db, enum out_format fmt)
{
	store_t *st = NULL;
	int rc;
	if (db && (rc = store_open(db, STORE_READ, &st)))
		return rc;
	const char *cols[] = { "metric", "unit", "direction", "description" };
	int isnum[4] = { 0 };
	output_t *o = out_begin(fmt, 4, cols);
	for (size_t i = 0; i < n_metric_cols; i++) {
		store_metric_t m;
		if (st) {
			store_metric(st, metric_cols[i].name, &m);
		} else {
			snprintf(m.name, sizeof m.name, "%s", metric_cols[i].name);
			snprintf(m.unit, sizeof m.unit, "%s", metric_cols[i].unit);
			m.higher_better = metric_cols[i].higher_better;
			snprintf(m.description, sizeof m.description, "%s", metric_cols[i].doc);
		}
		const char *t[4] = { m.name, m.unit, m.higher_better ? "max" : "min", m.description };
		out_row(o, t, isnum);
	}
	store_close(st);
	return out_end(o);
}

static int list_knobs(enum out_format fmt)
{
	const char *cols[] = { "knob", "family", "type", "values", "default", "meaning" };
	int isnum[6] = { 0 };
	output_t *o = out_begin(fmt, 6, cols);
	design_t def;
	design_default(&def);
	for (size_t i = 0; i < n_knobs; i++) {
		const knob_t *k = &knobs[i];
		char vals[256], dv[64];
		static const char *const tn[] = { "int", "real", "enum", "bool" };
		if (k->type == KNOB_ENUM) {
			size_t n = 0;
			vals[0] = '\0';
			for (int e = 0; k->enums[e]; e++)
				n += snprintf(vals + n, sizeof vals - n, "%s%s", e ? "|" : "", k->enums[e]);
		} else if (k->type == KNOB_BOOL) {
			snprintf(vals, sizeof vals, "true|false");
		} else {
			snprintf(vals, sizeof vals, "%g..%g", k->lo, k->hi);
		}
		knob_format(k, &def, dv, sizeof dv);
		const char *t[6] = { k->name, k->family, tn[k->type], vals, dv, k->doc };
		out_row(o, t, isnum);
	}
	return out_end(o);
}

int cmd_list(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "list", argc - 1, argv + 1);
	const char *fmt_s = args_str(&a, "--format", "table");
	char dbbuf[1100];
	const char *db = args_path(&a, "--db", NULL);
	const char *what = args_pos(&a, 0);
	int rc = args_finish(&a, 1);
	if (rc)
		return rc;
	int fmt = out_format_parse(fmt_s);
	if (fmt < 0)
		return err_user("list: --format: expected table, csv or json, got \"%s\"", fmt_s);
	if (!what)
		return err_user("list: expected gpus, workloads, knobs, metrics, runs or schema");
	if (!strcmp(what, "gpus"))
		return list_gpus(fmt);
	if (!strcmp(what, "workloads"))
		return list_workloads(fmt);
	if (!strcmp(what, "knobs"))
		return list_knobs(fmt);
	if (!strcmp(what, "metrics"))
		return list_metrics(db, fmt);
	if (!strcmp(what, "runs"))
		return list_runs(db ? db : default_db_path(dbbuf, sizeof dbbuf), fmt);
	if (!strcmp(what, "schema")) {
		fputs(store_schema_sql(), stdout);
		return 0;
	}
	return err_user("list: unknown list \"%s\" (expected gpus, workloads, knobs, metrics, runs or schema)", what);
}
