/* store_read.c -- read-only access for query, export and pareto (see store.h).  Every value
 * from the user is bound as a parameter; column names are checked against the schema and
 * only then written into SQL. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "columns.h"
#include "knobs.h"
#include "store/store_int.h"

/* SQL expression for a user-visible column name, or NULL. */
static const char *column_sql(const char *name, char *buf, size_t len)
{
	if (strcmp(name, "design_id") == 0)
		return "d.id";
	if (strcmp(name, "variant") == 0)
		return "d.variant";
	if (strcmp(name, "workload") == 0)
		return "w.name";
	if (knob_find(name)) {
		snprintf(buf, len, "d.%s", name);
		return buf;
	}
	if (metric_col_find(name)) {
		snprintf(buf, len, "r.%s", name);
		return buf;
	}
	return NULL;
}

int store_is_column(const char *name)
{
	char buf[64];
	return column_sql(name, buf, sizeof buf) != NULL;
}

int store_workload_names(store_t *st, int64_t run_id, char ***names)
{
	sqlite3_stmt *q;
	*names = NULL;
	if (sqlite3_prepare_v2(st->db, "SELECT name FROM workloads WHERE run_id = ?1 ORDER BY id", -1, &q, NULL) != SQLITE_OK)
		return -store_sql_error(st, "reading workloads");
	sqlite3_bind_int64(q, 1, run_id);
	int n = 0;
	while (sqlite3_step(q) == SQLITE_ROW) {
		*names = realloc(*names, (n + 1) * sizeof **names);
		(*names)[n++] = strdup((const char *)sqlite3_column_text(q, 0));
	}
	sqlite3_finalize(q);
	return n;
}

void store_free_names(char **names, int n)
{
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static int valid_op(const char *op)
{
	static const char *const ops[] = { "=", "!=", "<", "<=", ">", ">=", NULL };
	for (int i = 0; ops[i]; i++)
		if (strcmp(op, ops[i]) == 0)
			return 1;
	return 0;
}

/* The value a filter compares with, in the column's stored form: a knob's spelling (true,
 * dynamic, shc) becomes what the database holds, a numeric column needs a whole finite
 * number, a text column (workload, variant, enum knobs) takes = and != only.  0, or
 * EXIT_USER after one line naming the column and the value. */
static int filter_value(const store_filter_t *f, int *is_text, double *num, const char **text)
{
	const knob_t *k = knob_find(f->column);
	int eq_only = 0;
	*is_text = 0;
	*text = f->value;
	if (k) {
		char err[256];
		if (knob_parse_value(k, f->value, num, err, sizeof err) < 0)
			return err_user("query: --where: %s", err);
		if (k->type == KNOB_ENUM) {
			*is_text = 1;
			*text = k->enums[(int)*num];
			eq_only = 1;
		}
	} else if (strcmp(f->column, "workload") == 0 || strcmp(f->column, "variant") == 0) {
		*is_text = 1;
		eq_only = 1;
	} else {
		char *end;
		errno = 0;
		*num = strtod(f->value, &end);
		if (end == f->value || *end || errno || !isfinite(*num))
			return err_user("query: --where: %s: expected a number, got \"%s\"", f->column, f->value);
	}
	if (eq_only && strcmp(f->op, "=") != 0 && strcmp(f->op, "!=") != 0)
		return err_user("query: --where: %s: a named value takes = or != only, got \"%s\"", f->column, f->op);
	return 0;
}

/* Builds "FROM ... WHERE ..." with parameters ?2.. for the workload and the filters. */
static int build_where(char *sql, size_t len, size_t *n, const char *workload,
	const store_filter_t *f, int nf)
{
	*n += snprintf(sql + *n, len - *n,
		" FROM designs d JOIN results r ON r.run_id = d.run_id AND r.design_id = d.id"
		" JOIN workloads w ON w.run_id = r.run_id AND w.id = r.workload_id WHERE d.run_id = ?1");
	int p = 2;
	if (workload)
		*n += snprintf(sql + *n, len - *n, " AND w.name = ?%d", p++);
	for (int i = 0; i < nf; i++) {
		char buf[64];
		const char *c = column_sql(f[i].column, buf, sizeof buf);
		if (!c)
			return err_user("query: --where: unknown column \"%s\" (gpudse help query lists them)", f[i].column);
		if (!valid_op(f[i].op))
			return err_user("query: --where: unknown operator \"%s\"", f[i].op);
		int is_text;
		double num;
		const char *text;
		if (filter_value(&f[i], &is_text, &num, &text))
			return EXIT_USER;
		*n += snprintf(sql + *n, len - *n, " AND %s %s ?%d", c, f[i].op, p++);
	}
	return 0;
}

static void bind_where(sqlite3_stmt *q, int64_t run_id, const char *workload, const store_filter_t *f, int nf)
{
	sqlite3_bind_int64(q, 1, run_id);
	int p = 2;
	if (workload)
		sqlite3_bind_text(q, p++, workload, -1, SQLITE_STATIC);
	for (int i = 0; i < nf; i++) {
		int is_text;
		double num;
		const char *text;
		filter_value(&f[i], &is_text, &num, &text);   /* checked by build_where */
		if (is_text)
			sqlite3_bind_text(q, p++, text, -1, SQLITE_STATIC);
		else
			sqlite3_bind_double(q, p++, num);
	}
}

int store_select(store_t *st, int64_t run_id, const char *workload, const store_filter_t *f,
	int nf, const char *columns, const char *order, long limit, store_row_cb cb, void *ctx)
{
	char sql[8192];
	size_t n = snprintf(sql, sizeof sql, "SELECT ");
	char cols[4096];
	if (!columns || !*columns) {
		size_t m = snprintf(cols, sizeof cols, "design_id,workload,variant");
		for (size_t i = 0; i < n_knobs; i++)
			m += snprintf(cols + m, sizeof cols - m, ",%s", knobs[i].name);
		for (size_t i = 0; i < n_metric_cols; i++)
			m += snprintf(cols + m, sizeof cols - m, ",%s", metric_cols[i].name);
	} else {
		snprintf(cols, sizeof cols, "%s", columns);
	}
	if (columns && strlen(columns) >= sizeof cols)
		return err_user("query: --columns: longer than %zu characters", sizeof cols - 1);
	const char *names[256];
	int ncol = 0;
	/* every comma separates two names: ",,", a leading or a trailing comma is an error, not
	 * an empty list (strtok_r would skip them, and an empty list was an SQL syntax error) */
	for (char *tok = cols, *next; tok; tok = next) {
		next = strchr(tok, ',');
		if (next)
			*next++ = '\0';
		char buf[64];
		if (!*tok)
			return err_user("query: --columns: an empty column name in \"%s\"", columns);
		const char *c = column_sql(tok, buf, sizeof buf);
		if (!c)
			return err_user("query: --columns: unknown column \"%s\" (gpudse help query lists them)", tok);
		if (ncol == 256)
			return err_user("query: --columns: more than 256 columns");
		n += snprintf(sql + n, sizeof sql - n, "%s%s", ncol ? ", " : "", c);
		names[ncol++] = tok;
	}
	int rc = build_where(sql, sizeof sql, &n, workload, f, nf);
	if (rc)
		return rc;
	if (order && *order) {
		int desc = order[0] == '-';
		char buf[64];
		const char *c = column_sql(order + desc, buf, sizeof buf);
		if (!c)
			return err_user("--order: unknown column \"%s\"", order + desc);
		n += snprintf(sql + n, sizeof sql - n, " ORDER BY %s %s, d.id, w.id", c, desc ? "DESC" : "ASC");
	} else {
		n += snprintf(sql + n, sizeof sql - n, " ORDER BY d.id, w.id");
	}
	if (limit > 0)
		n += snprintf(sql + n, sizeof sql - n, " LIMIT %ld", limit);
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
		return store_sql_error(st, "querying results");
	bind_where(q, run_id, workload, f, nf);
	const char *text[256];
	double num[256];
	int step;
	rc = 0;
	while ((step = sqlite3_step(q)) == SQLITE_ROW) {
		for (int i = 0; i < ncol; i++) {
			text[i] = (const char *)sqlite3_column_text(q, i);
			num[i] = sqlite3_column_type(q, i) == SQLITE_TEXT || sqlite3_column_type(q, i) == SQLITE_NULL
				? NAN : sqlite3_column_double(q, i);
		}
		if ((rc = cb(ctx, ncol, names, text, num)))
			break;
	}
	if (!rc && step != SQLITE_DONE)
		rc = store_sql_error(st, "querying results");
	sqlite3_finalize(q);
	return rc;
}

int store_fetch(store_t *st, int64_t run_id, const char *workload, const char *const *cols,
	int ncol, int64_t **design_ids, int **workload_ids, double **vals, size_t *n)
{
	char sql[2048];
	size_t m = snprintf(sql, sizeof sql, "SELECT r.design_id, r.workload_id");
	for (int i = 0; i < ncol; i++) {
		if (!metric_col_find(cols[i]))
			return err_user("pareto: unknown metric \"%s\" (gpudse help pareto lists them)", cols[i]);
		m += snprintf(sql + m, sizeof sql - m, ", r.%s", cols[i]);
	}
	if (workload)
		m += snprintf(sql + m, sizeof sql - m, " FROM results r JOIN workloads w ON w.run_id = r.run_id"
			" AND w.id = r.workload_id WHERE r.run_id = ?1 AND w.name = ?2");
	else
		m += snprintf(sql + m, sizeof sql - m, " FROM results r WHERE r.run_id = ?1");
	snprintf(sql + m, sizeof sql - m, " ORDER BY r.design_id, r.workload_id");
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
		return store_sql_error(st, "reading results");
	sqlite3_bind_int64(q, 1, run_id);
	if (workload)
		sqlite3_bind_text(q, 2, workload, -1, SQLITE_STATIC);
	size_t cap = 1024, k = 0;
	*design_ids = malloc(cap * sizeof **design_ids);
	*workload_ids = malloc(cap * sizeof **workload_ids);
	*vals = malloc(cap * ncol * sizeof **vals);
	int step;
	while ((step = sqlite3_step(q)) == SQLITE_ROW) {
		if (k == cap) {
			cap *= 2;
			*design_ids = realloc(*design_ids, cap * sizeof **design_ids);
			*workload_ids = realloc(*workload_ids, cap * sizeof **workload_ids);
			*vals = realloc(*vals, cap * ncol * sizeof **vals);
		}
		(*design_ids)[k] = sqlite3_column_int64(q, 0);
		(*workload_ids)[k] = sqlite3_column_int(q, 1);
		for (int i = 0; i < ncol; i++)   /* NULL (a NaN stored) stays NaN, never 0 */
			(*vals)[k * ncol + i] = sqlite3_column_type(q, 2 + i) == SQLITE_NULL ? NAN
				: sqlite3_column_double(q, 2 + i);
		k++;
	}
	sqlite3_finalize(q);
	*n = k;
	if (step != SQLITE_DONE)
		return store_sql_error(st, "reading results");
	return 0;
}

int store_get_design(store_t *st, int64_t run_id, int64_t id, design_t *d, char *variant, size_t len)
{
	if (!st->get_design) {
		char sql[4096];
		size_t n = snprintf(sql, sizeof sql, "SELECT variant");
		for (size_t i = 0; i < n_knobs; i++)
			n += snprintf(sql + n, sizeof sql - n, ", %s", knobs[i].name);
		snprintf(sql + n, sizeof sql - n, " FROM designs WHERE run_id = ?1 AND id = ?2");
		if (sqlite3_prepare_v2(st->db, sql, -1, &st->get_design, NULL) != SQLITE_OK)
			return store_sql_error(st, "reading designs");
	}
	sqlite3_stmt *q = st->get_design;
	sqlite3_reset(q);
	sqlite3_bind_int64(q, 1, run_id);
	sqlite3_bind_int64(q, 2, id);
	if (sqlite3_step(q) != SQLITE_ROW)
		return store_sql_error(st, "reading designs");
	design_default(d);
	const char *v = (const char *)sqlite3_column_text(q, 0);
	snprintf(variant, len, "%s", v ? v : "");
	char err[256];
	for (size_t i = 0; i < n_knobs; i++) {
		/* a value gpudse never writes (NULL, a wrong spelling, out of range) is the database's
		 * fault, reported as such -- not a crash or a default in its place */
		int col = (int)i + 1, bad;
		if (sqlite3_column_type(q, col) == SQLITE_NULL) {
			snprintf(err, sizeof err, "%s: NULL", knobs[i].name);
			bad = 1;
		} else if (knobs[i].type == KNOB_ENUM) {
			bad = knob_set(d, knobs[i].name, (const char *)sqlite3_column_text(q, col), err, sizeof err) < 0;
		} else {
			bad = knob_set_num(&knobs[i], d, sqlite3_column_double(q, col), err, sizeof err) < 0;
		}
		if (bad)
			return err_user("%s: run %lld, design %lld: %s (not a value gpudse writes)", st->path,
				(long long)run_id, (long long)id, err);
	}
	return 0;
}

int store_list_runs(store_t *st, store_run_t **runs, int *n)
{
	sqlite3_stmt *q;
	*runs = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(st->db, "SELECT " RUN_COLS " FROM runs ORDER BY id", -1, &q, NULL) != SQLITE_OK)
		return store_sql_error(st, "reading runs");
	int step;
	while ((step = sqlite3_step(q)) == SQLITE_ROW) {
		*runs = realloc(*runs, (*n + 1) * sizeof **runs);
		store_read_run(q, &(*runs)[(*n)++]);
	}
	sqlite3_finalize(q);
	return step == SQLITE_DONE ? 0 : store_sql_error(st, "reading runs");
}

int store_metric(store_t *st, const char *name, store_metric_t *out)
{
	memset(out, 0, sizeof *out);
	const metric_col_t *c = metric_col_find(name);
	sqlite3_stmt *q = NULL;
	int found = 0;
	/* the database's own description; a database written before the metrics table existed
	 * (schema version 1) is described by the built-in table */
	if (sqlite3_prepare_v2(st->db, "SELECT unit, direction, description FROM metrics WHERE name = ?1",
		-1, &q, NULL) == SQLITE_OK) {
		sqlite3_bind_text(q, 1, name, -1, SQLITE_STATIC);
		if (sqlite3_step(q) == SQLITE_ROW) {
			snprintf(out->name, sizeof out->name, "%s", name);
			snprintf(out->unit, sizeof out->unit, "%s", (const char *)sqlite3_column_text(q, 0));
			out->higher_better = strcmp((const char *)sqlite3_column_text(q, 1), "max") == 0;
			snprintf(out->description, sizeof out->description, "%s", (const char *)sqlite3_column_text(q, 2));
			found = 1;
		}
		sqlite3_finalize(q);
		if (found)
			return 1;
	}
	if (!c)
		return 0;
	snprintf(out->name, sizeof out->name, "%s", c->name);
	snprintf(out->unit, sizeof out->unit, "%s", c->unit);
	out->higher_better = c->higher_better;
	snprintf(out->description, sizeof out->description, "%s", c->doc);
	return 1;
}

void store_metric_header(store_t *st, const char *name, char *buf, size_t len)
{
	store_metric_t m;
	if (store_metric(st, name, &m) && m.unit[0])
		snprintf(buf, len, "%s [%s]", name, m.unit);
	else
		snprintf(buf, len, "%s", name);
}

int store_run_text(store_t *st, int64_t run_id, const char *column, char **out)
{
	*out = NULL;
	static const char *const allowed[] = { "study_json", "gpu_json", "calib_hash", "study", NULL };
	int ok = 0;
	for (int i = 0; allowed[i]; i++)
		ok |= strcmp(allowed[i], column) == 0;
	if (!ok)
		return err_internal("store_run_text: column %s", column);
	char sql[96];
	snprintf(sql, sizeof sql, "SELECT %s FROM runs WHERE id = ?1", column);
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
		return store_sql_error(st, "reading runs");
	sqlite3_bind_int64(q, 1, run_id);
	if (sqlite3_step(q) == SQLITE_ROW && sqlite3_column_text(q, 0))
		*out = strdup((const char *)sqlite3_column_text(q, 0));
	sqlite3_finalize(q);
	return *out ? 0 : err_user("%s: run %lld has no %s", st->path, (long long)run_id, column);
}

int store_workload_by_name(store_t *st, int64_t run_id, const char *name, int *id, char *path,
	size_t plen, char *hash, size_t hlen)
{
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, "SELECT id, path, profile_hash FROM workloads WHERE run_id = ?1 AND name = ?2",
		-1, &q, NULL) != SQLITE_OK)
		return -store_sql_error(st, "reading workloads");
	sqlite3_bind_int64(q, 1, run_id);
	sqlite3_bind_text(q, 2, name, -1, SQLITE_STATIC);
	int found = sqlite3_step(q) == SQLITE_ROW;
	if (found) {
		*id = sqlite3_column_int(q, 0);
		snprintf(path, plen, "%s", sqlite3_column_text(q, 1) ? (const char *)sqlite3_column_text(q, 1) : "");
		snprintf(hash, hlen, "%s", sqlite3_column_text(q, 2) ? (const char *)sqlite3_column_text(q, 2) : "");
	}
	sqlite3_finalize(q);
	return found;
}

int store_get_result(store_t *st, int64_t run_id, int64_t design_id, int workload_id, metrics_t *m)
{
	char sql[4096];
	size_t n = snprintf(sql, sizeof sql, "SELECT ");
	for (size_t i = 0; i < n_metric_cols; i++)
		n += snprintf(sql + n, sizeof sql - n, "%s%s", i ? ", " : "", metric_cols[i].name);
	snprintf(sql + n, sizeof sql - n, " FROM results WHERE run_id = ?1 AND design_id = ?2 AND workload_id = ?3");
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
		return -store_sql_error(st, "reading results");
	sqlite3_bind_int64(q, 1, run_id);
	sqlite3_bind_int64(q, 2, design_id);
	sqlite3_bind_int(q, 3, workload_id);
	int found = sqlite3_step(q) == SQLITE_ROW;
	memset(m, 0, sizeof *m);
	if (found)
		for (size_t i = 0; i < n_metric_cols; i++)
			*(double *)((char *)m + metric_cols[i].offset) = sqlite3_column_double(q, (int)i);
	sqlite3_finalize(q);
	return found;
}

int store_varying_knobs(store_t *st, int64_t run_id, int *varies)
{
	char sql[8192];
	size_t n = snprintf(sql, sizeof sql, "SELECT count(DISTINCT coalesce(variant, ''))");
	for (size_t i = 0; i < n_knobs; i++)
		n += snprintf(sql + n, sizeof sql - n, ", count(DISTINCT %s)", knobs[i].name);
	snprintf(sql + n, sizeof sql - n, " FROM designs WHERE run_id = ?1");
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
		return store_sql_error(st, "reading designs");
	sqlite3_bind_int64(q, 1, run_id);
	int rc = sqlite3_step(q);
	for (size_t i = 0; i <= n_knobs; i++)
		varies[i] = rc == SQLITE_ROW && sqlite3_column_int64(q, (int)i) > 1;
	sqlite3_finalize(q);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : store_sql_error(st, "reading designs");
}
