/* store.c -- opening the results database, its schema, runs and batched writes (store.h). */
#include "store/store.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "columns.h"
#include "knobs.h"
#include "store/store_int.h"

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
	OUT("CREATE TABLE IF NOT EXISTS shards(      -- progress of each shard a run holds\n"
		"  run_id INTEGER NOT NULL, k INTEGER NOT NULL, n INTEGER NOT NULL,\n"
		"  n_points INTEGER NOT NULL,     -- points of shard k of n\n"
		"  next_index INTEGER NOT NULL DEFAULT 0, -- its points stored so far (resume point)\n"
		"  n_illegal INTEGER NOT NULL DEFAULT 0,\n"
		"  PRIMARY KEY(run_id, k)) WITHOUT ROWID;\n");
	/* issue 23: the error of the stored results (src/stats/uncert_src.h): per workload, metric
	 * and named source, a log-normal factor truth = value x exp(N(log_bias, log_sd^2)); a
	 * design point's interval is its value times exp(log_bias +- z log_sd) (results_error) */
	OUT("CREATE TABLE IF NOT EXISTS uncertainty(    -- error of every stored result, by source\n"
		"  run_id INTEGER NOT NULL, workload_id INTEGER NOT NULL,\n"
		"  metric TEXT NOT NULL,        -- a results column\n"
		"  source TEXT NOT NULL CHECK(source IN ('calibration','sampling','model')),\n"
		"  log_bias REAL NOT NULL,      -- mean of log(truth / stored value)\n"
		"  log_sd REAL NOT NULL,        -- its standard deviation\n"
		"  shared REAL NOT NULL,        -- share of log_sd^2 common to every design on the workload\n"
		"  n INTEGER NOT NULL,          -- draws or reference runs it was estimated from\n"
		"  detail TEXT NOT NULL,        -- how, with provenance\n"
		"  PRIMARY KEY(run_id, workload_id, metric, source)) WITHOUT ROWID;\n");
	OUT("CREATE VIEW IF NOT EXISTS results_error AS   -- the sources combined (independent: variances add)\n"
		"  SELECT u.run_id AS run_id, u.workload_id AS workload_id, w.name AS workload, u.metric AS metric,\n"
		"  sum(u.log_bias) AS log_bias, sqrt(sum(u.log_sd * u.log_sd)) AS log_sd,\n"
		"  CASE WHEN sum(u.log_sd * u.log_sd) > 0 THEN sum(u.shared * u.log_sd * u.log_sd) / sum(u.log_sd * u.log_sd) ELSE 1 END AS shared,\n"
		"  group_concat(u.source, '+') AS sources\n"
		"  FROM uncertainty u JOIN workloads w ON w.run_id = u.run_id AND w.id = u.workload_id\n"
		"  GROUP BY u.run_id, u.workload_id, u.metric;\n");
#undef OUT
	return schema_buf;
}

static int sql_error(store_t *st, const char *what)
{
	int code = sqlite3_errcode(st->db);
	const char *msg = sqlite3_errmsg(st->db);
	int sys = sqlite3_system_errno(st->db);
	/* a full disk or a file-size limit: ENOSPC/EFBIG/EDQUOT, or a short write (no errno) */
	int full_io = code == SQLITE_IOERR && (sys == ENOSPC || sys == EFBIG || sys == EDQUOT
		|| (sys == 0 && sqlite3_extended_errcode(st->db) == SQLITE_IOERR_WRITE));
	if (code == SQLITE_FULL || full_io)
		return err_user("%s: database or disk is full (%s%s%s)", st->path, what,
			full_io ? ": " : "", full_io ? (sys ? strerror(sys) : "short write") : "");
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

/* How a reader opens `path`, so that an archived result stays readable and nothing is left
 * behind (a read-only connection cannot remove the -wal and -shm files WAL mode creates):
 *  - file and directory writable: read-write with PRAGMA query_only -- the last connection
 *    to close checkpoints and removes -wal and -shm, and no statement can write;
 *  - otherwise (read-only file, directory or mount) with no -wal file: immutable=1 -- the
 *    database is whole in its file, nobody can be writing it (a writer would need the -wal),
 *    and SQLite creates nothing;
 *  - a -wal file in a read-only place: a plain read-only open (SQLite reads an existing -wal
 *    and -shm read-only).
 * Returns the URI to open (malloc'd) or NULL for the plain path; *flags set to match (-1
 * with NULL: out of memory). */
char *store_reader_uri(const char *path, int *flags)
{
	size_t n = strlen(path);
	char *aux = malloc(n + 8);
	if (!aux) {
		*flags = -1;
		return NULL;
	}
	memcpy(aux, path, n);
	memcpy(aux + n, "-wal", 5);
	struct stat sb;
	int has_wal = stat(aux, &sb) == 0;
	/* the directory: path up to its last '/' */
	char *slash = strrchr(path, '/');
	if (slash) {
		memcpy(aux, path, (size_t)(slash - path) + 1);
		aux[slash - path + 1] = '\0';
	} else {
		strcpy(aux, ".");
	}
	int dir_w = access(aux, W_OK) == 0, file_w = access(path, W_OK) == 0;
	free(aux);
	*flags = SQLITE_OPEN_READONLY;
	if (dir_w && file_w) {
		*flags = SQLITE_OPEN_READWRITE;
		return NULL;
	}
	if (has_wal)
		return NULL;
	/* file:PATH?immutable=1, the path %-escaped where URI syntax needs it */
	char *uri = malloc(3 * n + 32);
	if (!uri) {
		*flags = -1;
		return NULL;
	}
	size_t k = (size_t)sprintf(uri, "file:");
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)path[i];
		if (c == '%' || c == '?' || c == '#' || c <= ' ' || c >= 127)
			k += (size_t)sprintf(uri + k, "%%%02X", c);
		else
			uri[k++] = (char)c;
	}
	strcpy(uri + k, "?immutable=1");
	*flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
	return uri;
}

/* Is `col` a column of table `tbl`?  1 yes, 0 no, -1 no such table. */
static int has_column(store_t *st, const char *tbl, const char *col, int *table_exists)
{
	char sql[96];
	sqlite3_stmt *q;
	snprintf(sql, sizeof sql, "SELECT count(*), sum(name = ?1) FROM pragma_table_info('%s')", tbl);
	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_text(q, 1, col, -1, SQLITE_STATIC);
	int r = -1;
	if (sqlite3_step(q) == SQLITE_ROW) {
		*table_exists = sqlite3_column_int(q, 0) > 0;
		r = sqlite3_column_int(q, 1) > 0;
	}
	sqlite3_finalize(q);
	return r;
}

/* The tables gpudse reads have the columns it reads: a file with gpudse's table names but
 * other columns is refused here, in one line, rather than by an SQL error later. */
static int schema_check(store_t *st)
{
	static const char *const fixed[][2] = {
		{ "runs", "id" }, { "runs", "study" }, { "runs", "study_json" }, { "runs", "identity" },
		{ "runs", "shard" }, { "runs", "status" }, { "runs", "n_points" }, { "runs", "next_index" },
		{ "runs", "n_illegal" }, { "runs", "gpu" }, { "runs", "started" }, { "runs", "finished" },
		{ "workloads", "run_id" }, { "workloads", "id" }, { "workloads", "name" }, { "workloads", "path" },
		{ "workloads", "profile_hash" }, { "designs", "run_id" }, { "designs", "id" }, { "designs", "variant" },
		{ "results", "run_id" }, { "results", "design_id" }, { "results", "workload_id" },
	};
	size_t nf = sizeof fixed / sizeof fixed[0];
	for (size_t i = 0; i < nf + n_knobs + n_metric_cols; i++) {
		const char *tbl = i < nf ? fixed[i][0] : i < nf + n_knobs ? "designs" : "results";
		const char *col = i < nf ? fixed[i][1] : i < nf + n_knobs ? knobs[i - nf].name : metric_cols[i - nf - n_knobs].name;
		int exists = 0, r = has_column(st, tbl, col, &exists);
		if (r < 0)
			return sql_error(st, "reading the schema");
		if (!exists)
			return err_user("%s: not a gpudse results database (no table %s)", st->path, tbl);
		if (!r)
			return err_user("%s: not a gpudse results database (table %s has no column %s)", st->path, tbl, col);
	}
	return 0;
}

/* An existing file sweep or merge is about to write: a gpudse database (or an empty SQLite
 * file), and not damaged -- tables are not added to someone else's database, and no run is
 * written on top of a corrupt one. */
static int writable_check(store_t *st)
{
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, "SELECT count(*), sum(name = 'meta') FROM sqlite_master WHERE type = 'table'",
			-1, &q, NULL) != SQLITE_OK)
		return sql_error(st, "reading the schema");
	int n = 0, meta = 0;
	if (sqlite3_step(q) == SQLITE_ROW) {
		n = sqlite3_column_int(q, 0);
		meta = sqlite3_column_int(q, 1);
	}
	sqlite3_finalize(q);
	if (n == 0)
		return 0;    /* a new or empty file */
	if (!meta)
		return err_user("%s: an SQLite database of something else (%d tables, none of them gpudse's meta):"
			" refusing to add gpudse's tables to it", st->path, n);
	if (sqlite3_prepare_v2(st->db, "PRAGMA quick_check", -1, &q, NULL) != SQLITE_OK)
		return sql_error(st, "checking the database");
	int rc = sqlite3_step(q);
	char first[160] = "";
	if (rc == SQLITE_ROW) {
		/* the first problem, on one line: "*** in database main ***\nPage 20: ..." */
		const char *t = (const char *)sqlite3_column_text(q, 0);
		const char *nl = strchr(t, '\n');
		if (strncmp(t, "***", 3) == 0 && nl)
			t = nl + 1;
		snprintf(first, sizeof first, "%.*s", (int)strcspn(t, "\n"), t);
	}
	sqlite3_finalize(q);
	if (rc != SQLITE_ROW)
		return sql_error(st, "checking the database");
	if (strcmp(first, "ok") != 0)
		return err_user("%s: the database is damaged (quick_check: %s): not writing a run into it", st->path, first);
	return schema_check(st);
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
	/* a writer takes URIs so that merge can ATTACH a read-only input as one (the plain path
	 * keeps its meaning: only names starting with "file:" are URIs, and those get "./") */
	int flags = mode == STORE_READ ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI);
	char *uri = NULL;
	if (mode == STORE_WRITE && strncmp(path, "file:", 5) == 0) {
		uri = malloc(strlen(path) + 3);
		if (uri)
			sprintf(uri, "./%s", path);
	}
	if (mode == STORE_READ && (uri = store_reader_uri(path, &flags)) == NULL && flags < 0) {
		store_close(st);
		return err_internal("%s: out of memory", path);
	}
	/* NOMUTEX: a store_t belongs to one thread at a time (the sweep's workers never touch it,
	 * its writer does), so SQLite's per-call connection mutex is pure cost: two lock/unlock
	 * pairs per bound value, 8% of a sweep's CPU */
	int orc = sqlite3_open_v2(uri ? uri : path, &st->db, flags | SQLITE_OPEN_NOMUTEX, NULL);
	free(uri);
	if (orc == SQLITE_OK && mode == STORE_READ && (flags & SQLITE_OPEN_READWRITE))
		orc = sqlite3_exec(st->db, "PRAGMA query_only = ON", NULL, NULL, NULL);
	if (orc != SQLITE_OK) {
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
		if ((rc = writable_check(st)))
			goto fail;
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
		if ((rc = store_exec(st, "BEGIN IMMEDIATE")))
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
		if ((rc = schema_check(st)))
			goto fail;
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
	const char *sh = (const char *)sqlite3_column_text(q, 4);
	if (strlen(sh) < sizeof r->shard)
		snprintf(r->shard, sizeof r->shard, "%s", sh);
	else   /* a long shard set: its count, not a cut list */
		snprintf(r->shard, sizeof r->shard, "%.*s...", (int)sizeof r->shard - 4, sh);
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
	char shard[48], now[32];
	snprintf(shard, sizeof shard, "%lld/%lld", (long long)in->shard_k, (long long)in->shard_n);
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
	return store_add_shard(st, *run_id, in->shard_k, in->shard_n, in->n_points, 0, 0);
}

int store_add_shard(store_t *st, int64_t run_id, int64_t k, int64_t n, int64_t n_points,
	int64_t next_index, int64_t n_illegal)
{
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, "INSERT INTO shards VALUES(?1, ?2, ?3, ?4, ?5, ?6)", -1, &q, NULL) != SQLITE_OK)
		return sql_error(st, "recording a shard");
	int64_t v[] = { run_id, k, n, n_points, next_index, n_illegal };
	for (int i = 0; i < 6; i++)
		sqlite3_bind_int64(q, i + 1, v[i]);
	int rc = sqlite3_step(q);
	sqlite3_finalize(q);
	return rc == SQLITE_DONE ? 0 : sql_error(st, "recording a shard");
}

int store_run_shards(store_t *st, int64_t run_id, store_shard_t **out, int64_t *n)
{
	sqlite3_stmt *q;
	*out = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(st->db, "SELECT k, n, n_points, next_index, n_illegal FROM shards"
			" WHERE run_id = ?1 ORDER BY k", -1, &q, NULL) != SQLITE_OK)
		return sql_error(st, "reading shards");
	sqlite3_bind_int64(q, 1, run_id);
	int64_t cap = 0;
	int step;
	while ((step = sqlite3_step(q)) == SQLITE_ROW) {
		if (*n == cap) {
			cap = cap ? 2 * cap : 16;
			store_shard_t *nb = realloc(*out, (size_t)cap * sizeof *nb);
			if (!nb) {
				sqlite3_finalize(q);
				return err_internal("%s: out of memory reading shards", st->path);
			}
			*out = nb;
		}
		store_shard_t *sh = &(*out)[(*n)++];
		sh->k = sqlite3_column_int64(q, 0);
		sh->n = sqlite3_column_int64(q, 1);
		sh->n_points = sqlite3_column_int64(q, 2);
		sh->next_index = sqlite3_column_int64(q, 3);
		sh->n_illegal = sqlite3_column_int64(q, 4);
	}
	sqlite3_finalize(q);
	return step == SQLITE_DONE ? 0 : sql_error(st, "reading shards");
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

void store_mark_interrupted(store_t *st, int64_t run_id)
{
	sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);   /* whatever failed is undone first */
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, "UPDATE runs SET status = 'interrupted' WHERE id = ?1", -1, &q, NULL) != SQLITE_OK)
		return;
	sqlite3_bind_int64(q, 1, run_id);
	sqlite3_step(q);
	sqlite3_finalize(q);
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

int store_batch_commit(store_t *st, int64_t run_id, int64_t shard_k, int64_t next_index, int64_t n_illegal)
{
	/* the shard's progress, then the run's totals over its shards, then commit: one
	 * transaction, so a kill leaves the rows and the progress that describes them */
	static const char *const sql[] = {
		"UPDATE shards SET next_index = ?1, n_illegal = ?2 WHERE run_id = ?3 AND k = ?4",
		"UPDATE runs SET next_index = (SELECT sum(next_index) FROM shards WHERE run_id = ?3),"
		" n_illegal = (SELECT sum(n_illegal) FROM shards WHERE run_id = ?3) WHERE id = ?3",
	};
	for (int i = 0; i < 2; i++) {
		sqlite3_stmt *q;
		if (sqlite3_prepare_v2(st->db, sql[i], -1, &q, NULL) != SQLITE_OK)
			return sql_error(st, "recording progress");
		sqlite3_bind_int64(q, 1, next_index);
		sqlite3_bind_int64(q, 2, n_illegal);
		sqlite3_bind_int64(q, 3, run_id);
		if (i == 0)
			sqlite3_bind_int64(q, 4, shard_k);
		int rc = sqlite3_step(q);
		int changed = sqlite3_changes(st->db);
		sqlite3_finalize(q);
		if (rc != SQLITE_DONE)
			return sql_error(st, "recording progress");
		if (!changed)
			return err_internal("%s: run %lld has no shard %lld to record progress in", st->path,
				(long long)run_id, (long long)shard_k);
	}
	return store_exec(st, "COMMIT");
}

int store_commit(store_t *st)
{
	return store_exec(st, "COMMIT");
}

void store_batch_rollback(store_t *st)
{
	sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
}
