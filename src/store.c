/* store.c -- opening the results database, its schema, runs and batched writes (store.h). */
#include "store.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "columns.h"
#include "knobs.h"
#include "store_int.h"

static char schema_buf[65536];

const char *store_schema_sql(void)
{
	if (schema_buf[0])
		return schema_buf;
	size_t n = 0;
#define OUT(...) n += snprintf(schema_buf + n, sizeof schema_buf - n, __VA_ARGS__)
	OUT("-- gpudse results database, schema version %d (generated: gpudse list schema)\n", STORE_SCHEMA_VERSION);
	OUT("CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);\n");
	OUT("CREATE TABLE IF NOT EXISTS runs(\n"
		"  id INTEGER PRIMARY KEY,\n"
		"  study TEXT NOT NULL,          -- study name\n"
		"  study_json TEXT NOT NULL,     -- the full study spec\n"
		"  study_hash TEXT NOT NULL,\n"
		"  gpu TEXT NOT NULL,            -- preset name\n"
		"  gpu_json TEXT NOT NULL,       -- the full preset\n"
		"  model_version TEXT NOT NULL,\n"
		"  calib_hash TEXT NOT NULL,     -- parameter set hash, 'none' without one\n"
		"  identity TEXT NOT NULL,       -- hash of study, preset, model version, calibration, profiles\n"
		"  shard TEXT NOT NULL,          -- 'K/N' of a sharded sweep, '1/1' when whole\n"
		"  argv TEXT,\n"
		"  started TEXT, finished TEXT,\n"
		"  status TEXT NOT NULL CHECK(status IN ('running','done','interrupted')),\n"
		"  n_points INTEGER NOT NULL,     -- points in this shard\n"
		"  next_index INTEGER NOT NULL DEFAULT 0, -- points stored so far (resume point)\n"
		"  n_illegal INTEGER NOT NULL DEFAULT 0   -- points rejected by constraints or legality\n"
		");\n");
	OUT("CREATE TABLE IF NOT EXISTS workloads(\n"
		"  run_id INTEGER NOT NULL REFERENCES runs(id), id INTEGER NOT NULL,\n"
		"  name TEXT NOT NULL, path TEXT, profile_hash TEXT,\n"
		"  PRIMARY KEY(run_id, id)) WITHOUT ROWID;\n");
	OUT("CREATE TABLE IF NOT EXISTS designs(\n  run_id INTEGER NOT NULL, id INTEGER NOT NULL, variant TEXT");
	for (size_t i = 0; i < n_knobs; i++)
		OUT(",\n  %s %s", knobs[i].name, knobs[i].type == KNOB_ENUM ? "TEXT"
			: knobs[i].type == KNOB_DOUBLE ? "REAL" : "INTEGER");
	OUT(",\n  PRIMARY KEY(run_id, id)) WITHOUT ROWID;\n");
	OUT("CREATE TABLE IF NOT EXISTS results(\n  run_id INTEGER NOT NULL, design_id INTEGER NOT NULL, workload_id INTEGER NOT NULL");
	for (size_t i = 0; i < n_metric_cols; i++)
		OUT(",\n  %s REAL", metric_cols[i].name);
	OUT(",\n  PRIMARY KEY(run_id, design_id, workload_id)) WITHOUT ROWID;\n");
	OUT("CREATE TABLE IF NOT EXISTS metrics(\n"
		"  name TEXT PRIMARY KEY,        -- a results column\n"
		"  unit TEXT NOT NULL,           -- 'x': ratio to the study's baseline; 'fraction': in [0, 1]\n"
		"  direction TEXT NOT NULL CHECK(direction IN ('max','min')), -- the better way\n"
		"  description TEXT NOT NULL) WITHOUT ROWID;\n");
	OUT("CREATE VIEW IF NOT EXISTS results_named AS\n"
		"  SELECT w.name AS workload, r.* FROM results r\n"
		"  JOIN workloads w ON w.run_id = r.run_id AND w.id = r.workload_id;\n");
	/* results_wide: one row per design and workload, with names, never ids alone */
	OUT("CREATE VIEW IF NOT EXISTS results_wide AS\n  SELECT r.run_id AS run_id, r.design_id AS design_id, d.variant AS variant");
	for (size_t i = 0; i < n_knobs; i++)
		OUT(", d.%s AS %s", knobs[i].name, knobs[i].name);
	OUT(",\n  w.name AS workload");
	for (size_t i = 0; i < n_metric_cols; i++)
		OUT(", r.%s AS %s", metric_cols[i].name, metric_cols[i].name);
	OUT("\n  FROM results r JOIN designs d ON d.run_id = r.run_id AND d.id = r.design_id\n"
		"  JOIN workloads w ON w.run_id = r.run_id AND w.id = r.workload_id;\n");
	/* design_summary: each metric over the workloads by the one definition pareto uses
	 * (cmd_pareto.c, help pareto): the geometric mean, the arithmetic mean when a value is <= 0 */
	OUT("CREATE VIEW IF NOT EXISTS design_summary AS\n  SELECT run_id, design_id, variant");
	for (size_t i = 0; i < n_knobs; i++)
		OUT(", %s", knobs[i].name);
	OUT(", count(*) AS n_workloads");
	for (size_t i = 0; i < n_metric_cols; i++)
		OUT(",\n  CASE WHEN min(%s) > 0 THEN exp(avg(ln(%s))) ELSE avg(%s) END AS %s",
			metric_cols[i].name, metric_cols[i].name, metric_cols[i].name, metric_cols[i].name);
	OUT(",\n  min(speedup) AS min_speedup, max(speedup) AS max_speedup\n"
		"  FROM results_wide GROUP BY run_id, design_id;\n");
	/* best_per_workload: the fastest design of each workload (ties: the lower design id) */
	OUT("CREATE VIEW IF NOT EXISTS best_per_workload AS\n  SELECT run_id, workload, design_id, variant");
	for (size_t i = 0; i < n_knobs; i++)
		OUT(", %s", knobs[i].name);
	for (size_t i = 0; i < n_metric_cols; i++)
		OUT(", %s", metric_cols[i].name);
	OUT("\n  FROM (SELECT *, row_number() OVER (PARTITION BY run_id, workload ORDER BY speedup DESC, design_id) AS rank_in_workload\n"
		"        FROM results_wide) WHERE rank_in_workload = 1;\n");
#undef OUT
	return schema_buf;
}

static int sql_error(store_t *st, const char *what)
{
	int code = sqlite3_errcode(st->db);
	const char *msg = sqlite3_errmsg(st->db);
	if (code == SQLITE_FULL)
		return err_user("%s: database or disk is full (%s)", st->path, what);
	if (code == SQLITE_NOTADB || code == SQLITE_CORRUPT)
		return err_user("%s: not a gpudse database or corrupt (%s)", st->path, msg);
	if (code == SQLITE_READONLY || code == SQLITE_CANTOPEN || code == SQLITE_PERM)
		return err_user("%s: cannot write the database (%s)", st->path, msg);
	if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
		return err_user("%s: database is locked by another process (%s)", st->path, what);
	return err_internal("%s: %s: %s", st->path, what, msg);
}

int store_sql_error(store_t *st, const char *what)
{
	return sql_error(st, what);
}

int store_exec(store_t *st, const char *sql)
{
	char *msg = NULL;
	if (sqlite3_exec(st->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		sqlite3_free(msg);
		return sql_error(st, "executing SQL");
	}
	return 0;
}

static int prepare_inserts(store_t *st)
{
	char sql[8192];
	size_t n = snprintf(sql, sizeof sql, "INSERT INTO designs(run_id, id, variant");
	for (size_t i = 0; i < n_knobs; i++)
		n += snprintf(sql + n, sizeof sql - n, ", %s", knobs[i].name);
	n += snprintf(sql + n, sizeof sql - n, ") VALUES(?, ?, ?");
	for (size_t i = 0; i < n_knobs; i++)
		n += snprintf(sql + n, sizeof sql - n, ", ?");
	snprintf(sql + n, sizeof sql - n, ")");
	if (sqlite3_prepare_v2(st->db, sql, -1, &st->ins_design, NULL) != SQLITE_OK)
		return sql_error(st, "preparing the design insert");
	n = store_results_insert_sql(sql, sizeof sql);
	if (sqlite3_prepare_v2(st->db, sql, -1, &st->ins_result, NULL) != SQLITE_OK)
		return sql_error(st, "preparing the result insert");
	return 0;
}

size_t store_results_insert_sql(char *sql, size_t len)
{
	size_t n = snprintf(sql, len, "INSERT INTO results(run_id, design_id, workload_id");
	for (size_t i = 0; i < n_metric_cols; i++)
		n += snprintf(sql + n, len - n, ", %s", metric_cols[i].name);
	n += snprintf(sql + n, len - n, ") VALUES(?, ?, ?");
	for (size_t i = 0; i < n_metric_cols; i++)
		n += snprintf(sql + n, len - n, ", ?");
	n += snprintf(sql + n, len - n, ")");
	return n;
}

const char *store_pragmas_sql(void)
{
	return "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=OFF;"
		" PRAGMA cache_size=-16384;";
}

/* The schema version a database was written with, 0 for a new (empty) one. */
static int stored_schema_version(store_t *st)
{
	sqlite3_stmt *q;
	int v = 0;
	if (sqlite3_prepare_v2(st->db, "SELECT value FROM meta WHERE key = 'schema_version'", -1, &q, NULL) != SQLITE_OK)
		return 0;
	if (sqlite3_step(q) == SQLITE_ROW)
		v = sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	return v;
}

/* The metrics table: what each results column means, from the one table (columns.c). */
static int put_metrics(store_t *st)
{
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, "INSERT OR REPLACE INTO metrics VALUES(?1, ?2, ?3, ?4)", -1, &q, NULL) != SQLITE_OK)
		return sql_error(st, "describing the metrics");
	for (size_t i = 0; i < n_metric_cols; i++) {
		sqlite3_bind_text(q, 1, metric_cols[i].name, -1, SQLITE_STATIC);
		sqlite3_bind_text(q, 2, metric_cols[i].unit, -1, SQLITE_STATIC);
		sqlite3_bind_text(q, 3, metric_cols[i].higher_better ? "max" : "min", -1, SQLITE_STATIC);
		sqlite3_bind_text(q, 4, metric_cols[i].doc, -1, SQLITE_STATIC);
		int rc = sqlite3_step(q);
		sqlite3_reset(q);
		if (rc != SQLITE_DONE) {
			sqlite3_finalize(q);
			return sql_error(st, "describing the metrics");
		}
	}
	sqlite3_finalize(q);
	return 0;
}

int store_open(const char *path, enum store_mode mode, store_t **out)
{
	*out = NULL;
	struct stat sb;
	int exists = stat(path, &sb) == 0;
	if (mode == STORE_READ && !exists)
		return err_user("%s: no such database (run gpudse sweep first)", path);
	if (mode == STORE_WRITE && exists && !(sb.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)))
		return err_user("%s: database file is read-only (mode %03o): refusing to write", path,
			(unsigned)(sb.st_mode & 0777));
	if (exists && !S_ISREG(sb.st_mode))
		return err_user("%s: not a regular file", path);
	store_t *st = calloc(1, sizeof *st);
	snprintf(st->path, sizeof st->path, "%s", path);
	int flags = mode == STORE_READ ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
	if (sqlite3_open_v2(path, &st->db, flags, NULL) != SQLITE_OK) {
		int rc = err_user("%s: cannot open database (%s)", path, st->db ? sqlite3_errmsg(st->db) : strerror(errno));
		store_close(st);
		return rc;
	}
	sqlite3_busy_timeout(st->db, 5000);
	/* the first read tells a database from any other file */
	int rc = store_exec(st, "SELECT count(*) FROM sqlite_master");
	if (rc)
		goto fail;
	if (mode == STORE_WRITE) {
		if ((rc = store_exec(st, store_pragmas_sql())))
			goto fail;
		/* test hook: cap the file size to exercise the disk-full path (tests/cli/cli_engine.sh) */
		const char *maxp = getenv("GPUDSE_TEST_DB_MAX_PAGES");
		if (maxp) {
			char sql[64];
			snprintf(sql, sizeof sql, "PRAGMA max_page_count=%d", atoi(maxp));
			if ((rc = store_exec(st, sql)))
				goto fail;
		}
		if ((rc = store_exec(st, "BEGIN")))
			goto fail;
		/* a version-1 database: its views had other definitions (design_summary averaged
		 * arithmetically); they are views, so replacing them loses nothing */
		if (stored_schema_version(st) < STORE_SCHEMA_VERSION &&
			(rc = store_exec(st, "DROP VIEW IF EXISTS design_summary; DROP VIEW IF EXISTS best_per_workload;"))) {
			store_exec(st, "ROLLBACK");
			goto fail;
		}
		if ((rc = store_exec(st, store_schema_sql())) || (rc = put_metrics(st))) {
			store_exec(st, "ROLLBACK");
			goto fail;
		}
		char sql[128];
		snprintf(sql, sizeof sql, "INSERT OR REPLACE INTO meta VALUES('schema_version', '%d')", STORE_SCHEMA_VERSION);
		if ((rc = store_exec(st, sql)) || (rc = store_exec(st, "COMMIT")))
			goto fail;
		if ((rc = prepare_inserts(st)))
			goto fail;
	} else {
		sqlite3_stmt *q;
		if (sqlite3_prepare_v2(st->db, "SELECT value FROM meta WHERE key='schema_version'", -1, &q, NULL) != SQLITE_OK) {
			rc = err_user("%s: not a gpudse results database (no meta table)", path);
			goto fail;
		}
		sqlite3_finalize(q);
	}
	*out = st;
	return 0;
fail:
	store_close(st);
	return rc;
}

void store_close(store_t *st)
{
	if (!st)
		return;
	sqlite3_finalize(st->ins_design);
	sqlite3_finalize(st->ins_result);
	sqlite3_finalize(st->get_design);
	sqlite3_close(st->db);
	free(st);
}

const char *store_path(const store_t *st)
{
	return st->path;
}

static void now_iso(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

void store_read_run(sqlite3_stmt *q, store_run_t *r)
{
	memset(r, 0, sizeof *r);
	r->id = sqlite3_column_int64(q, 0);
	snprintf(r->study, sizeof r->study, "%s", (const char *)sqlite3_column_text(q, 1));
	snprintf(r->status, sizeof r->status, "%s", (const char *)sqlite3_column_text(q, 2));
	snprintf(r->identity, sizeof r->identity, "%s", (const char *)sqlite3_column_text(q, 3));
	snprintf(r->shard, sizeof r->shard, "%s", (const char *)sqlite3_column_text(q, 4));
	r->n_points = sqlite3_column_int64(q, 5);
	r->next_index = sqlite3_column_int64(q, 6);
	r->n_illegal = sqlite3_column_int64(q, 7);
}

int store_find_run(store_t *st, const char *identity, const char *shard, store_run_t *out)
{
	sqlite3_stmt *q;
	const char *sql = shard[0]
		? "SELECT " RUN_COLS " FROM runs WHERE identity = ?1 AND shard = ?2 ORDER BY id DESC LIMIT 1"
		: "SELECT " RUN_COLS " FROM runs WHERE identity = ?1 ORDER BY id DESC LIMIT 1";
	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
		return sql_error(st, "looking up runs");
	sqlite3_bind_text(q, 1, identity, -1, SQLITE_STATIC);
	if (shard[0])
		sqlite3_bind_text(q, 2, shard, -1, SQLITE_STATIC);
	int rc = sqlite3_step(q);
	int found = rc == SQLITE_ROW;
	if (found)
		store_read_run(q, out);
	sqlite3_finalize(q);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return sql_error(st, "looking up runs");
	return found;
}

int store_get_run(store_t *st, int64_t id, store_run_t *out)
{
	sqlite3_stmt *q;
	const char *sql = id > 0 ? "SELECT " RUN_COLS " FROM runs WHERE id = ?1"
		: "SELECT " RUN_COLS " FROM runs ORDER BY id DESC LIMIT 1";
	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
		return sql_error(st, "reading runs");
	if (id > 0)
		sqlite3_bind_int64(q, 1, id);
	int rc = sqlite3_step(q);
	int found = rc == SQLITE_ROW;
	if (found)
		store_read_run(q, out);
	sqlite3_finalize(q);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return sql_error(st, "reading runs");
	return found;
}

int store_new_run(store_t *st, const store_run_info_t *in, int64_t *run_id)
{
	sqlite3_stmt *q;
	const char *sql = "INSERT INTO runs(study, study_json, study_hash, gpu, gpu_json, model_version,"
		" calib_hash, identity, shard, argv, started, status, n_points)"
		" VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'running', ?12)";
	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
		return sql_error(st, "creating the run");
	char shard[32], now[32];
	snprintf(shard, sizeof shard, "%d/%d", in->shard_k, in->shard_n);
	now_iso(now, sizeof now);
	const char *vals[] = { in->study, in->study_json, in->study_hash, in->gpu, in->gpu_json,
		in->model_version, in->calib_hash, in->identity, shard, in->argv, now };
	for (int i = 0; i < 11; i++)
		sqlite3_bind_text(q, i + 1, vals[i], -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(q, 12, in->n_points);
	int rc = sqlite3_step(q);
	sqlite3_finalize(q);
	if (rc != SQLITE_DONE)
		return sql_error(st, "creating the run");
	*run_id = sqlite3_last_insert_rowid(st->db);
	return 0;
}

int store_add_workload(store_t *st, int64_t run_id, int id, const char *name, const char *path,
	const char *hash)
{
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, "INSERT OR REPLACE INTO workloads VALUES(?1, ?2, ?3, ?4, ?5)", -1, &q, NULL) != SQLITE_OK)
		return sql_error(st, "recording workloads");
	sqlite3_bind_int64(q, 1, run_id);
	sqlite3_bind_int(q, 2, id);
	sqlite3_bind_text(q, 3, name, -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 4, path, -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 5, hash, -1, SQLITE_STATIC);
	int rc = sqlite3_step(q);
	sqlite3_finalize(q);
	return rc == SQLITE_DONE ? 0 : sql_error(st, "recording workloads");
}

int store_set_status(store_t *st, int64_t run_id, const char *status)
{
	sqlite3_stmt *q;
	const char *sql = strcmp(status, "done") == 0
		? "UPDATE runs SET status = ?1, finished = ?3 WHERE id = ?2"
		: "UPDATE runs SET status = ?1 WHERE id = ?2";
	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
		return sql_error(st, "updating the run");
	char now[32];
	now_iso(now, sizeof now);
	sqlite3_bind_text(q, 1, status, -1, SQLITE_STATIC);
	sqlite3_bind_int64(q, 2, run_id);
	if (strcmp(status, "done") == 0)
		sqlite3_bind_text(q, 3, now, -1, SQLITE_STATIC);
	int rc = sqlite3_step(q);
	sqlite3_finalize(q);
	return rc == SQLITE_DONE ? 0 : sql_error(st, "updating the run");
}

int store_batch_begin(store_t *st)
{
	return store_exec(st, "BEGIN IMMEDIATE");
}

int store_put_design(store_t *st, int64_t run_id, uint64_t id, const char *variant, const design_t *d)
{
	sqlite3_stmt *q = st->ins_design;
	sqlite3_bind_int64(q, 1, run_id);
	sqlite3_bind_int64(q, 2, (sqlite3_int64)id);
	if (variant)
		sqlite3_bind_text(q, 3, variant, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(q, 3);
	for (size_t i = 0; i < n_knobs; i++) {
		const knob_t *k = &knobs[i];
		double v = knob_get(k, d);
		if (k->type == KNOB_ENUM)
			sqlite3_bind_text(q, (int)i + 4, k->enums[(int)v], -1, SQLITE_STATIC);
		else if (k->type == KNOB_DOUBLE)
			sqlite3_bind_double(q, (int)i + 4, v);
		else
			sqlite3_bind_int(q, (int)i + 4, (int)v);
	}
	int rc = sqlite3_step(q);
	sqlite3_reset(q);
	return rc == SQLITE_DONE ? 0 : sql_error(st, "inserting a design");
}

int store_put_result(store_t *st, int64_t run_id, uint64_t design_id, int workload_id, const metrics_t *m)
{
	sqlite3_stmt *q = st->ins_result;
	sqlite3_bind_int64(q, 1, run_id);
	sqlite3_bind_int64(q, 2, (sqlite3_int64)design_id);
	sqlite3_bind_int(q, 3, workload_id);
	for (size_t i = 0; i < n_metric_cols; i++)
		sqlite3_bind_double(q, (int)i + 4, metric_value(&metric_cols[i], m));
	int rc = sqlite3_step(q);
	sqlite3_reset(q);
	return rc == SQLITE_DONE ? 0 : sql_error(st, "inserting a result");
}

int store_batch_commit(store_t *st, int64_t run_id, int64_t next_index, int64_t n_illegal)
{
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, "UPDATE runs SET next_index = ?1, n_illegal = ?2 WHERE id = ?3", -1, &q, NULL) != SQLITE_OK)
		return sql_error(st, "recording progress");
	sqlite3_bind_int64(q, 1, next_index);
	sqlite3_bind_int64(q, 2, n_illegal);
	sqlite3_bind_int64(q, 3, run_id);
	int rc = sqlite3_step(q);
	sqlite3_finalize(q);
	if (rc != SQLITE_DONE)
		return sql_error(st, "recording progress");
	return store_exec(st, "COMMIT");
}

void store_batch_rollback(store_t *st)
{
	sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
}
