/* cmd_query.c -- `gpudse query` and `gpudse export`: read-only dumps of a run's results. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands/commands.h"
#include "knobs.h"
#include "output.h"
#include "runsel.h"
#include "store/store.h"

const char help_query[] =
	"usage: gpudse query [--db FILE] [--run ID|latest] [--workload W] [--where 'COL OP VALUE']...\n"
	"                    [--columns C,...] [--order [-]COL] [--limit N] [--units]\n"
	"                    [--format table|csv|json|ndjson]\n"
	"\n"
	"Filters a run's results.  The database is opened read-only; every value is bound as an SQL\n"
	"parameter (never spliced into SQL) and column names are checked against the schema.\n"
	"\n"
	"  --where 'COL OP VALUE'  OP one of = != < <= > >=; repeatable (all must hold).  VALUE as\n"
	"                          printed: a number for a numeric column, true/false, dynamic, an\n"
	"                          enum's name (= and != only); anything else is an error\n"
	"  --columns C,...         columns to print (default: every knob and metric)\n"
	"  --order [-]COL          sort by COL (leading - for descending)\n"
	"  --limit N               at most N rows\n"
	"  --units                 headers \"metric [unit]\" (the database's metrics table) in CSV and\n"
	"                          JSON too; the table always shows them\n"
	"CSV and JSON carry every value at full precision (reads back as the same double); the\n"
	"table rounds to 6 significant digits.\n"
	"\n"
	"columns: design_id workload variant, every knob (gpudse list knobs) and every metric\n"
	"  (gpudse help pareto)\n"
	"\n"
	"example: gpudse query --where 'speedup > 1.2' --where 'dcl1_org = shc' --columns design_id,workload,dcl1_clusters,speedup --order -speedup --limit 5\n";

const char help_export[] =
	"usage: gpudse export [--db FILE] [--run ID|latest] [--format csv|json|ndjson] [--workload W] [--units]\n"
	"\n"
	"Dumps every design and result of a run (designs joined with results, one row per design and\n"
	"workload) as CSV (default), JSON (an array of objects) or NDJSON (one object per line).\n"
	"Read-only; streams (memory does not grow with the rows); every value at full precision\n"
	"(the shortest text that reads back as the same double).  --units: headers \"metric [unit]\"\n"
	"from the database's metrics table.\n"
	"\n"
	"example: gpudse export --run latest --format csv > results.csv\n";

typedef struct row_ctx {
	output_t *o;
	int started;
	enum out_format fmt;
	store_t *st;
	int units;              /* headers "name [unit]" from the database's metrics table */
} row_ctx_t;

/* One cell as every command prints it: a knob through knob_format_value (true, dynamic, shc:
 * the spelling a study and pareto use), a metric with 6 significant digits in the table and
 * exactly in CSV and JSON (full), an integer (design_id) exactly. */
static const char *format_cell(const char *name, const char *text, double num, int full, char *buf, size_t len, int *kind)
{
	const knob_t *k = knob_find(name);
	*kind = OUT_TEXT;
	if (!text)
		return NULL;
	if (k) {
		*kind = k->type == KNOB_ENUM ? OUT_TEXT : k->type == KNOB_BOOL ? OUT_BOOL : OUT_NUM;
		if (isnan(num))
			return text;   /* an enum's spelling, stored as text */
		knob_format_value(k, num, buf, len);
		return buf;
	}
	if (isnan(num))
		return text;
	*kind = OUT_NUM;
	if (strcmp(name, "design_id") == 0)
		return text;       /* SQLite's text of an integer is exact */
	/* the table is for reading (6 significant digits, integers whole); CSV and JSON carry the
	 * stored double exactly */
	if (full)
		out_double(num, buf, len);
	else if (num == floor(num) && fabs(num) < 1e15)
		snprintf(buf, len, "%.0f", num);
	else
		snprintf(buf, len, "%.6g", num);
	return buf;
}

static int on_row(void *vctx, int ncols, const char *const *names, const char *const *text, const double *num)
{
	row_ctx_t *c = vctx;
	if (!c->started) {
		char hb[256][96];
		const char *heads[256];
		for (int i = 0; i < ncols; i++) {
			if (c->units)
				store_metric_header(c->st, names[i], hb[i], sizeof hb[i]);
			else
				snprintf(hb[i], sizeof hb[i], "%s", names[i]);
			heads[i] = hb[i];
		}
		c->o = out_begin(c->fmt, ncols, heads);
		c->started = 1;
	}
	int isnum[256];
	char buf[256][32];
	const char *cells[256];
	for (int i = 0; i < ncols; i++)
		cells[i] = format_cell(names[i], text[i], num[i], c->fmt != OUT_TABLE, buf[i], sizeof buf[i], &isnum[i]);
	out_row(c->o, cells, isnum);
	return 0;
}

/* "COLUMN OP VALUE": COLUMN a name, OP exactly one of = == != < <= > >=, VALUE the rest.
 * Anything else (speedup >> 1, speedup =< 1) is refused here; whether VALUE can match the
 * column (a number for a numeric column, a knob's spelling) is checked by store_select. */
static int parse_where(const char *w, store_filter_t *f)
{
	static const char *const ops[] = { "=", "==", "!=", "<", "<=", ">", ">=", NULL };
	memset(f, 0, sizeof *f);
	const char *p = w;
	while (*p == ' ')
		p++;
	const char *c0 = p;
	while (*p && !strchr(" <>=!", *p))
		p++;
	size_t nc = (size_t)(p - c0);
	while (*p == ' ')
		p++;
	const char *o0 = p;
	while (*p && strchr("<>=!", *p))
		p++;
	size_t no = (size_t)(p - o0);
	while (*p == ' ')
		p++;
	const char *v0 = p;
	size_t nv = strlen(v0);
	while (nv > 0 && v0[nv - 1] == ' ')
		nv--;
	int op = -1;
	for (int i = 0; ops[i] && no; i++)
		if (strlen(ops[i]) == no && strncmp(ops[i], o0, no) == 0)
			op = i;
	if (nc == 0 || nc >= sizeof f->column || op < 0 || nv == 0)
		return err_user("query: --where: expected 'COLUMN OP VALUE' with OP one of = != < <= > >=, got \"%s\"", w);
	if (nv >= sizeof f->value)
		return err_user("query: --where: value longer than %zu characters in \"%s\"", sizeof f->value - 1, w);
	snprintf(f->column, sizeof f->column, "%.*s", (int)nc, c0);
	snprintf(f->op, sizeof f->op, "%s", op == 1 ? "=" : ops[op]);
	snprintf(f->value, sizeof f->value, "%.*s", (int)nv, v0);
	return 0;
}

static int run_query(int argc, char **argv, int is_export)
{
	cli_args_t a;
	args_init(&a, is_export ? "export" : "query", argc - 1, argv + 1);
	char dbbuf[1100];
	const char *db = args_db(&a, dbbuf, sizeof dbbuf);
	const char *run_s = args_str(&a, "--run", "latest");
	const char *workload = args_str(&a, "--workload", NULL);
	const char *fmt_s = args_str(&a, "--format", is_export ? "csv" : "table");
	const char *columns = is_export ? NULL : args_str(&a, "--columns", NULL);
	const char *order = is_export ? NULL : args_str(&a, "--order", NULL);
	long limit = is_export ? 0 : args_long(&a, "--limit", 0, 0, 1L << 40);
	int units = args_flag(&a, "--units");
	store_filter_t f[32];
	int nf = 0;
	if (!is_export) {
		/* --where is repeatable: walk argv ourselves, marking the words used */
		for (int i = 0; i < a.argc; i++) {
			const char *s = a.argv[i];
			const char *val = NULL;
			if (!strcmp(s, "--where") && i + 1 < a.argc) {
				a.used[i] = a.used[i + 1] = 1;
				val = a.argv[++i];
			} else if (!strncmp(s, "--where=", 8)) {
				a.used[i] = 1;
				val = s + 8;
			}
			if (!val)
				continue;
			if (nf >= 32)
				return err_user("query: at most 32 --where filters");
			if (parse_where(val, &f[nf]))
				return EXIT_USER;
			if (!store_is_column(f[nf].column))
				return err_user("query: --where: unknown column \"%s\" (gpudse help query)", f[nf].column);
			nf++;
		}
	}
	int rc = args_finish(&a, 0);
	if (rc)
		return rc;
	int fmt = out_format_parse(fmt_s);
	if (fmt < 0 || (is_export && fmt == OUT_TABLE))
		return err_user("%s: --format: expected %s, got \"%s\"", a.cmd,
			is_export ? "csv, json or ndjson" : "table, csv, json or ndjson", fmt_s);
	store_t *st;
	if ((rc = store_open(db, STORE_READ, &st)))
		return rc;
	store_run_t run;
	if ((rc = run_select(st, db, run_s, &run)))
		goto out;
	row_ctx_t ctx = { NULL, 0, fmt, st, units || fmt == OUT_TABLE };
	rc = store_select(st, run.id, workload, f, nf, columns, order, limit, on_row, &ctx);
	if (!rc && !ctx.started) {
		/* no rows: still print the header (or an empty JSON array) */
		const char *none[1] = { "design_id" };
		ctx.o = out_begin(fmt, 1, none);
		ctx.started = 1;
	}
	if (ctx.started) {
		int orc = out_end(ctx.o);
		if (!rc)
			rc = orc;
	}
out:
	store_close(st);
	return rc;
}

int cmd_query(int argc, char **argv)
{
	return run_query(argc, argv, 0);
}

int cmd_export(int argc, char **argv)
{
	return run_query(argc, argv, 1);
}
