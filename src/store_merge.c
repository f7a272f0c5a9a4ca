/* store_merge.c -- joining databases (sharded sweeps) into one (see store.h).
 *
 * Runs are matched by identity (study, preset, model version, calibration, profiles).  A
 * source run with no match is copied as a new run; one with a match adds its rows to it (a
 * design id is the same point in every shard, so INSERT OR IGNORE joins without duplicates)
 * and its shard to the run's shard set ("1,3/4").  When the set covers 1..N the run becomes
 * whole ("1/1").  A run's status is 'done' when every shard it holds is done. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "columns.h"
#include "knobs.h"
#include "store_int.h"

/* Shard set "a,b,c/N" as a bit mask (N <= 64). */
static int shard_parse(const char *s, unsigned long long *mask, int *n)
{
	const char *slash = strchr(s, '/');
	if (!slash)
		return -1;
	*n = atoi(slash + 1);
	if (*n < 1 || *n > 64)
		return -1;
	*mask = 0;
	for (const char *p = s; p < slash;) {
		int k = atoi(p);
		if (k < 1 || k > *n)
			return -1;
		*mask |= 1ULL << (k - 1);
		p = strchr(p, ',');
		if (!p || p > slash)
			break;
		p++;
	}
	return 0;
}

static void shard_format(unsigned long long mask, int n, char *buf, size_t len)
{
	unsigned long long all = n == 64 ? ~0ULL : (1ULL << n) - 1;
	if (mask == all) {
		snprintf(buf, len, "1/1");
		return;
	}
	size_t used = 0;
	for (int k = 1; k <= n; k++)
		if (mask & (1ULL << (k - 1)))
			used += snprintf(buf + used, len - used, "%s%d", used ? "," : "", k);
	snprintf(buf + used, len - used, "/%d", n);
}

static int copy_rows(store_t *st, int64_t to, int64_t from)
{
	char sql[8192];
	sqlite3_stmt *q;
	const char *tpl[3];
	char dsql[4096], rsql[4096];
	size_t n = snprintf(dsql, sizeof dsql, "INSERT OR IGNORE INTO main.designs SELECT ?1, id, variant");
	for (size_t i = 0; i < n_knobs; i++)
		n += snprintf(dsql + n, sizeof dsql - n, ", %s", knobs[i].name);
	snprintf(dsql + n, sizeof dsql - n, " FROM src.designs WHERE run_id = ?2");
	n = snprintf(rsql, sizeof rsql, "INSERT OR IGNORE INTO main.results SELECT ?1, design_id, workload_id");
	for (size_t i = 0; i < n_metric_cols; i++)
		n += snprintf(rsql + n, sizeof rsql - n, ", %s", metric_cols[i].name);
	snprintf(rsql + n, sizeof rsql - n, " FROM src.results WHERE run_id = ?2");
	tpl[0] = "INSERT OR IGNORE INTO main.workloads SELECT ?1, id, name, path, profile_hash FROM src.workloads WHERE run_id = ?2";
	tpl[1] = dsql;
	tpl[2] = rsql;
	for (int i = 0; i < 3; i++) {
		snprintf(sql, sizeof sql, "%s", tpl[i]);
		if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
			return store_sql_error(st, "merging rows");
		sqlite3_bind_int64(q, 1, to);
		sqlite3_bind_int64(q, 2, from);
		int rc = sqlite3_step(q);
		sqlite3_finalize(q);
		if (rc != SQLITE_DONE)
			return store_sql_error(st, "merging rows");
	}
	return 0;
}

static int merge_run(store_t *st, sqlite3_stmt *src_run)
{
	int64_t src_id = sqlite3_column_int64(src_run, 0);
	const char *identity = (const char *)sqlite3_column_text(src_run, 1);
	const char *shard = (const char *)sqlite3_column_text(src_run, 2);
	const char *status = (const char *)sqlite3_column_text(src_run, 3);
	int64_t n_points = sqlite3_column_int64(src_run, 4);
	int64_t next_index = sqlite3_column_int64(src_run, 5);
	int64_t n_illegal = sqlite3_column_int64(src_run, 6);
	unsigned long long smask;
	int sn;
	if (shard_parse(shard, &smask, &sn))
		return err_user("merge: run %lld has a malformed shard \"%s\"", (long long)src_id, shard);
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, "SELECT id, shard, status, n_points, next_index, n_illegal FROM main.runs"
			" WHERE identity = ?1 ORDER BY id LIMIT 1", -1, &q, NULL) != SQLITE_OK)
		return store_sql_error(st, "merging runs");
	sqlite3_bind_text(q, 1, identity, -1, SQLITE_STATIC);
	int found = sqlite3_step(q) == SQLITE_ROW;
	int64_t to;
	int rc = 0;
	if (!found) {
		sqlite3_finalize(q);
		const char *ins = "INSERT INTO main.runs(study, study_json, study_hash, gpu, gpu_json, model_version,"
			" calib_hash, identity, shard, argv, started, finished, status, n_points, next_index, n_illegal)"
			" SELECT study, study_json, study_hash, gpu, gpu_json, model_version, calib_hash, identity, shard,"
			" argv, started, finished, status, n_points, next_index, n_illegal FROM src.runs WHERE id = ?1";
		if (sqlite3_prepare_v2(st->db, ins, -1, &q, NULL) != SQLITE_OK)
			return store_sql_error(st, "merging runs");
		sqlite3_bind_int64(q, 1, src_id);
		rc = sqlite3_step(q) == SQLITE_DONE ? 0 : store_sql_error(st, "merging runs");
		sqlite3_finalize(q);
		if (rc)
			return rc;
		to = sqlite3_last_insert_rowid(st->db);
		return copy_rows(st, to, src_id);
	}
	to = sqlite3_column_int64(q, 0);
	unsigned long long dmask;
	int dn;
	int bad = shard_parse((const char *)sqlite3_column_text(q, 1), &dmask, &dn);
	int dst_done = strcmp((const char *)sqlite3_column_text(q, 2), "done") == 0;
	int64_t d_points = sqlite3_column_int64(q, 3), d_next = sqlite3_column_int64(q, 4),
		d_illegal = sqlite3_column_int64(q, 5);
	sqlite3_finalize(q);
	if (bad)
		return err_user("merge: run %lld has a malformed shard", (long long)to);
	if (dn == 1 && dmask == 1 && sn == 1)
		return copy_rows(st, to, src_id);   /* the same whole run twice: rows join, nothing else changes */
	if (dn == 1 && dmask == 1)
		return 0;                           /* already whole: a shard adds nothing */
	if (dn != sn)
		return err_user("merge: run %lld was sharded %d ways, the other database's %lld ways %d",
			(long long)to, dn, (long long)src_id, sn);
	if (dmask & smask)
		return copy_rows(st, to, src_id);   /* a shard seen before: rows join (OR IGNORE) */
	unsigned long long mask = dmask | smask;
	char nshard[160];
	shard_format(mask, dn, nshard, sizeof nshard);
	/* status of a shard set: done iff every shard in it is done; completeness is in `shard` */
	int done = dst_done && strcmp(status, "done") == 0;
	if (sqlite3_prepare_v2(st->db, "UPDATE main.runs SET shard = ?1, status = ?2, n_points = ?3,"
			" next_index = ?4, n_illegal = ?5 WHERE id = ?6", -1, &q, NULL) != SQLITE_OK)
		return store_sql_error(st, "merging runs");
	sqlite3_bind_text(q, 1, nshard, -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 2, done ? "done" : "interrupted", -1, SQLITE_STATIC);
	sqlite3_bind_int64(q, 3, d_points + n_points);
	sqlite3_bind_int64(q, 4, d_next + next_index);
	sqlite3_bind_int64(q, 5, d_illegal + n_illegal);
	sqlite3_bind_int64(q, 6, to);
	rc = sqlite3_step(q) == SQLITE_DONE ? 0 : store_sql_error(st, "merging runs");
	sqlite3_finalize(q);
	return rc ? rc : copy_rows(st, to, src_id);
}

int store_merge_from(store_t *st, const char *src_path)
{
	/* validate the source the same way a reader would */
	store_t *src;
	int rc = store_open(src_path, STORE_READ, &src);
	if (rc)
		return rc;
	store_close(src);
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, "ATTACH DATABASE ?1 AS src", -1, &q, NULL) != SQLITE_OK)
		return store_sql_error(st, "attaching");
	sqlite3_bind_text(q, 1, src_path, -1, SQLITE_STATIC);
	rc = sqlite3_step(q);
	sqlite3_finalize(q);
	if (rc != SQLITE_DONE)
		return store_sql_error(st, "attaching");
	rc = store_exec(st, "BEGIN IMMEDIATE");
	if (rc)
		goto detach;
	if (sqlite3_prepare_v2(st->db, "SELECT id, identity, shard, status, n_points, next_index, n_illegal"
			" FROM src.runs ORDER BY id", -1, &q, NULL) != SQLITE_OK) {
		rc = store_sql_error(st, "reading runs");
		store_exec(st, "ROLLBACK");
		goto detach;
	}
	int step;
	while (!rc && (step = sqlite3_step(q)) == SQLITE_ROW)
		rc = merge_run(st, q);
	sqlite3_finalize(q);
	if (rc)
		store_exec(st, "ROLLBACK");
	else
		rc = store_exec(st, "COMMIT");
detach:
	store_exec(st, "DETACH DATABASE src");
	return rc;
}
