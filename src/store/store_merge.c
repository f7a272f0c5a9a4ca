/* store_merge.c -- joining databases (sharded sweeps) into one (see store.h).
 *
 * Runs are matched by identity (study, preset, model version, calibration, profiles).  A
 * source run with no match is copied as a new run; one with a match adds its rows to it (a
 * design id is the same point in every shard, so INSERT OR IGNORE joins without duplicates)
 * and its shards to the run's shards table.  Each shard keeps its own progress: the rows of a
 * shard are a prefix of its points in id order, so two copies of one shard join to the longer
 * prefix (the larger next_index), and a merge of partial shards is finished by sweep
 * --resume (which runs exactly the missing points) or by merging the finished shard in.
 * Nothing limits the split: job arrays of thousands of tasks merge in any order and in any
 * number of steps (a merged database merges like a shard).  The runs row summarises: shard
 * is the set held ("1-3,7/4096", "1/1" when every shard is there), n_points, next_index and
 * n_illegal the sums over its shards, status done when every shard it holds is finished. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "columns.h"
#include "knobs.h"
#include "store/store_int.h"

/* Rows of source run `from` into run `to`; *added counts the new result rows. */
static int copy_rows(store_t *st, int64_t to, int64_t from, int64_t *added)
{
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
		if (sqlite3_prepare_v2(st->db, tpl[i], -1, &q, NULL) != SQLITE_OK)
			return store_sql_error(st, "merging rows");
		sqlite3_bind_int64(q, 1, to);
		sqlite3_bind_int64(q, 2, from);
		int rc = sqlite3_step(q);
		sqlite3_finalize(q);
		if (rc != SQLITE_DONE)
			return store_sql_error(st, "merging rows");
		if (i == 2)
			*added += sqlite3_changes(st->db);
	}
	/* the error of the rows (issue 23), when the source database has it */
	if (sqlite3_prepare_v2(st->db, "SELECT count(*) FROM src.sqlite_master WHERE type = 'table' AND name = 'uncertainty'",
			-1, &q, NULL) != SQLITE_OK)
		return store_sql_error(st, "merging rows");
	int has = sqlite3_step(q) == SQLITE_ROW && sqlite3_column_int(q, 0) > 0;
	sqlite3_finalize(q);
	if (!has)
		return 0;
	if (sqlite3_prepare_v2(st->db, "INSERT OR IGNORE INTO main.uncertainty SELECT ?1, workload_id, metric, source,"
			" log_bias, log_sd, shared, n, detail FROM src.uncertainty WHERE run_id = ?2", -1, &q, NULL) != SQLITE_OK)
		return store_sql_error(st, "merging rows");
	sqlite3_bind_int64(q, 1, to);
	sqlite3_bind_int64(q, 2, from);
	int rc = sqlite3_step(q);
	sqlite3_finalize(q);
	return rc == SQLITE_DONE ? 0 : store_sql_error(st, "merging rows");
}

/* The shards of run `id` in schema `db` ("main" or "src"), in k order; a run written before
 * the shards table is one shard described by its runs row (a merged set of that era has
 * no per-shard progress and is refused).  0, or EXIT_* after one line. */
static int read_shards(store_t *st, const char *db, const char *file, int64_t id, store_shard_t **out, int64_t *n)
{
	char sql[256];
	sqlite3_stmt *q;
	*out = NULL;
	*n = 0;
	snprintf(sql, sizeof sql, "SELECT count(*) FROM %s.sqlite_master WHERE type = 'table' AND name = 'shards'", db);
	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
		return store_sql_error(st, "reading shards");
	int has_table = sqlite3_step(q) == SQLITE_ROW && sqlite3_column_int(q, 0) > 0;
	sqlite3_finalize(q);
	int64_t cap = 0;
	if (has_table) {
		snprintf(sql, sizeof sql, "SELECT k, n, n_points, next_index, n_illegal FROM %s.shards WHERE run_id = ?1 ORDER BY k", db);
		if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
			return store_sql_error(st, "reading shards");
		sqlite3_bind_int64(q, 1, id);
		int step;
		while ((step = sqlite3_step(q)) == SQLITE_ROW) {
			if (*n == cap) {
				cap = cap ? 2 * cap : 16;
				store_shard_t *nb = realloc(*out, (size_t)cap * sizeof *nb);
				if (!nb) {
					sqlite3_finalize(q);
					return err_internal("merge: out of memory");
				}
				*out = nb;
			}
			store_shard_t *s = &(*out)[(*n)++];
			s->k = sqlite3_column_int64(q, 0);
			s->n = sqlite3_column_int64(q, 1);
			s->n_points = sqlite3_column_int64(q, 2);
			s->next_index = sqlite3_column_int64(q, 3);
			s->n_illegal = sqlite3_column_int64(q, 4);
			if (s->n < 1 || s->k < 1 || s->k > s->n || s->n != (*out)[0].n || s->next_index < 0 || s->next_index > s->n_points) {
				sqlite3_finalize(q);
				return err_user("%s: run %lld: inconsistent shard %lld/%lld (points %lld, stored %lld)", file,
					(long long)id, (long long)s->k, (long long)s->n, (long long)s->n_points, (long long)s->next_index);
			}
		}
		sqlite3_finalize(q);
		if (step != SQLITE_DONE)
			return store_sql_error(st, "reading shards");
		if (*n > 0)
			return 0;
	}
	snprintf(sql, sizeof sql, "SELECT shard, n_points, next_index, n_illegal FROM %s.runs WHERE id = ?1", db);
	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
		return store_sql_error(st, "reading runs");
	sqlite3_bind_int64(q, 1, id);
	if (sqlite3_step(q) != SQLITE_ROW) {
		sqlite3_finalize(q);
		return store_sql_error(st, "reading runs");
	}
	const char *shard = (const char *)sqlite3_column_text(q, 0);
	long long k = 0, nn = 0;
	char extra;
	int ok = shard && sscanf(shard, "%lld/%lld%c", &k, &nn, &extra) == 2 && k >= 1 && nn >= k;
	*out = malloc(sizeof **out);
	if (ok && *out) {
		**out = (store_shard_t){ k, nn, sqlite3_column_int64(q, 1), sqlite3_column_int64(q, 2), sqlite3_column_int64(q, 3) };
		*n = 1;
	}
	int rc = ok ? 0 : err_user("%s: run %lld has shard set \"%s\" without per-shard progress (merged by an older"
		" gpudse): merge the shard databases themselves", file, (long long)id, shard ? shard : "");
	sqlite3_finalize(q);
	return rc;
}

/* The runs row of run_id from its shards: the set held, as ranges ("1-3,7/4096"; "1/1" when
 * it is every shard of the split), the sums of points, progress and illegal points, and
 * status done when every shard held is finished. */
int store_run_summarise(store_t *st, int64_t run_id)
{
	store_shard_t *sh;
	int64_t n;
	int rc = read_shards(st, "main", st->path, run_id, &sh, &n);
	if (rc)
		return rc;
	int64_t points = 0, next = 0, illegal = 0;
	int done = 1;
	size_t cap = 64, len = 0;
	char *txt = malloc(cap);
	for (int64_t i = 0; i < n && txt; i++) {
		points += sh[i].n_points;
		next += sh[i].next_index;
		illegal += sh[i].n_illegal;
		done &= sh[i].next_index >= sh[i].n_points;
	}
	if (txt && n == sh[0].n) {
		snprintf(txt, cap, "1/1");
	} else {
		for (int64_t i = 0; i < n && txt;) {
			int64_t j = i;
			while (j + 1 < n && sh[j + 1].k == sh[j].k + 1)
				j++;
			if (cap - len < 64) {
				cap *= 2;
				char *nb = realloc(txt, cap);
				if (!nb)
					free(txt);
				txt = nb;
				if (!txt)
					break;
			}
			len += j > i ? snprintf(txt + len, cap - len, "%s%lld-%lld", len ? "," : "", (long long)sh[i].k, (long long)sh[j].k)
				: snprintf(txt + len, cap - len, "%s%lld", len ? "," : "", (long long)sh[i].k);
			i = j + 1;
		}
		if (txt)
			snprintf(txt + len, cap - len, "/%lld", (long long)sh[0].n);
	}
	free(sh);
	if (!txt)
		return err_internal("%s: out of memory", st->path);
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, "UPDATE main.runs SET shard = ?1, status = ?2, n_points = ?3,"
			" next_index = ?4, n_illegal = ?5, finished = CASE WHEN ?2 = 'done' THEN"
			" strftime('%Y-%m-%dT%H:%M:%SZ', 'now') ELSE finished END WHERE id = ?6", -1, &q, NULL) != SQLITE_OK) {
		free(txt);
		return store_sql_error(st, "summarising the run");
	}
	sqlite3_bind_text(q, 1, txt, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 2, done ? "done" : "interrupted", -1, SQLITE_STATIC);
	sqlite3_bind_int64(q, 3, points);
	sqlite3_bind_int64(q, 4, next);
	sqlite3_bind_int64(q, 5, illegal);
	sqlite3_bind_int64(q, 6, run_id);
	rc = sqlite3_step(q) == SQLITE_DONE ? 0 : store_sql_error(st, "summarising the run");
	sqlite3_finalize(q);
	free(txt);
	return rc;
}

/* Replace run `to`'s shard rows by sh[0..n) and summarise it. */
static int write_shards(store_t *st, int64_t to, const store_shard_t *sh, int64_t n)
{
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, "DELETE FROM main.shards WHERE run_id = ?1", -1, &q, NULL) != SQLITE_OK)
		return store_sql_error(st, "merging shards");
	sqlite3_bind_int64(q, 1, to);
	int rc = sqlite3_step(q);
	sqlite3_finalize(q);
	if (rc != SQLITE_DONE)
		return store_sql_error(st, "merging shards");
	if (sqlite3_prepare_v2(st->db, "INSERT INTO main.shards VALUES(?1, ?2, ?3, ?4, ?5, ?6)", -1, &q, NULL) != SQLITE_OK)
		return store_sql_error(st, "merging shards");
	for (int64_t i = 0; i < n; i++) {
		int64_t v[] = { to, sh[i].k, sh[i].n, sh[i].n_points, sh[i].next_index, sh[i].n_illegal };
		for (int j = 0; j < 6; j++)
			sqlite3_bind_int64(q, j + 1, v[j]);
		rc = sqlite3_step(q);
		sqlite3_reset(q);
		if (rc != SQLITE_DONE) {
			sqlite3_finalize(q);
			return store_sql_error(st, "merging shards");
		}
	}
	sqlite3_finalize(q);
	return store_run_summarise(st, to);
}

static int all_done(const store_shard_t *sh, int64_t n)
{
	if (n != sh[0].n)
		return 0;
	for (int64_t i = 0; i < n; i++)
		if (sh[i].next_index < sh[i].n_points)
			return 0;
	return 1;
}

/* Union of two shard lists of one split (each in k order): a shard in both keeps the
 * longer prefix. */
static store_shard_t *join_shards(const store_shard_t *a, int64_t na, const store_shard_t *b, int64_t nb, int64_t *n)
{
	store_shard_t *out = malloc((size_t)(na + nb) * sizeof *out);
	if (!out)
		return NULL;
	int64_t i = 0, j = 0;
	*n = 0;
	while (i < na || j < nb) {
		if (j >= nb || (i < na && a[i].k < b[j].k))
			out[(*n)++] = a[i++];
		else if (i >= na || b[j].k < a[i].k)
			out[(*n)++] = b[j++];
		else {
			out[(*n)++] = a[i].next_index >= b[j].next_index ? a[i] : b[j];
			i++;
			j++;
		}
	}
	return out;
}

static int merge_run(store_t *st, const char *src_path, sqlite3_stmt *src_run, int64_t *added)
{
	int64_t src_id = sqlite3_column_int64(src_run, 0);
	const char *identity = (const char *)sqlite3_column_text(src_run, 1);
	store_shard_t *ssh = NULL, *dsh = NULL, *joined = NULL;
	int64_t sn = 0, dn = 0, jn = 0;
	int rc = read_shards(st, "src", src_path, src_id, &ssh, &sn);
	if (rc)
		goto out;
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, "SELECT id FROM main.runs WHERE identity = ?1 ORDER BY id LIMIT 1", -1, &q, NULL) != SQLITE_OK) {
		rc = store_sql_error(st, "merging runs");
		goto out;
	}
	sqlite3_bind_text(q, 1, identity, -1, SQLITE_STATIC);
	int found = sqlite3_step(q) == SQLITE_ROW;
	int64_t to = found ? sqlite3_column_int64(q, 0) : 0;
	sqlite3_finalize(q);
	if (!found) {
		const char *ins = "INSERT INTO main.runs(study, study_json, study_hash, gpu, gpu_json, model_version,"
			" calib_hash, identity, shard, argv, started, finished, status, n_points, next_index, n_illegal)"
			" SELECT study, study_json, study_hash, gpu, gpu_json, model_version, calib_hash, identity, shard,"
			" argv, started, finished, status, n_points, next_index, n_illegal FROM src.runs WHERE id = ?1";
		if (sqlite3_prepare_v2(st->db, ins, -1, &q, NULL) != SQLITE_OK) {
			rc = store_sql_error(st, "merging runs");
			goto out;
		}
		sqlite3_bind_int64(q, 1, src_id);
		rc = sqlite3_step(q) == SQLITE_DONE ? 0 : store_sql_error(st, "merging runs");
		sqlite3_finalize(q);
		if (rc)
			goto out;
		to = sqlite3_last_insert_rowid(st->db);
		if (!(rc = write_shards(st, to, ssh, sn)))
			rc = copy_rows(st, to, src_id, added);
		goto out;
	}
	if ((rc = read_shards(st, "main", store_path(st), to, &dsh, &dn)))
		goto out;
	if (dsh[0].n == ssh[0].n) {
		joined = join_shards(dsh, dn, ssh, sn, &jn);
		if (!joined) {
			rc = err_internal("merge: out of memory");
			goto out;
		}
		rc = write_shards(st, to, joined, jn);
	} else if (all_done(dsh, dn)) {
		rc = 0;   /* the run is complete: the other split's rows are the same points, joined below */
	} else if (all_done(ssh, sn)) {
		rc = write_shards(st, to, ssh, sn);   /* the complete split replaces the partial one */
	} else {
		rc = err_user("merge: %s: run %lld is split %lld ways, run %lld of %s %lld ways, and neither is"
			" complete: merge shards of one split (or finish one with sweep --resume)", src_path,
			(long long)src_id, (long long)ssh[0].n, (long long)to, store_path(st), (long long)dsh[0].n);
	}
	if (!rc)
		rc = copy_rows(st, to, src_id, added);
out:
	free(ssh);
	free(dsh);
	free(joined);
	return rc;
}

int store_merge_from(store_t *st, const char *src_path, int64_t *added)
{
	/* validate the source the same way a reader would */
	store_t *src;
	int rc = store_open(src_path, STORE_READ, &src);
	if (rc)
		return rc;
	store_close(src);
	sqlite3_stmt *q;
	int flags;
	char *uri = store_reader_uri(src_path, &flags);   /* an input on a read-only mount: immutable */
	if (!uri && flags < 0)
		return err_internal("merge: out of memory");
	if (sqlite3_prepare_v2(st->db, "ATTACH DATABASE ?1 AS src", -1, &q, NULL) != SQLITE_OK) {
		free(uri);
		return store_sql_error(st, "attaching");
	}
	char *plain = NULL;
	if (!uri && strncmp(src_path, "file:", 5) == 0 && (plain = malloc(strlen(src_path) + 3)))
		sprintf(plain, "./%s", src_path);
	sqlite3_bind_text(q, 1, uri ? uri : plain ? plain : src_path, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(q);
	sqlite3_finalize(q);
	free(uri);
	free(plain);
	if (rc != SQLITE_DONE)
		return store_sql_error(st, "attaching");
	rc = store_exec(st, "BEGIN IMMEDIATE");
	if (rc)
		goto detach;
	if (sqlite3_prepare_v2(st->db, "SELECT id, identity FROM src.runs ORDER BY id", -1, &q, NULL) != SQLITE_OK) {
		rc = store_sql_error(st, "reading runs");
		store_exec(st, "ROLLBACK");
		goto detach;
	}
	int step;
	while (!rc && (step = sqlite3_step(q)) == SQLITE_ROW)
		rc = merge_run(st, src_path, q, added);
	sqlite3_finalize(q);
	if (rc)
		store_exec(st, "ROLLBACK");
	else
		rc = store_exec(st, "COMMIT");
detach:
	store_exec(st, "DETACH DATABASE src");
	return rc;
}
