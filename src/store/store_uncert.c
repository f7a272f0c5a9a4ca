/* store_uncert.c -- the uncertainty table: the error of stored results, per source (store.h). */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "store/store_int.h"

int store_put_uncert(store_t *st, int64_t run_id, const store_uncert_t *u)
{
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(st->db, "INSERT OR REPLACE INTO uncertainty(run_id, workload_id, metric, source,"
			" log_bias, log_sd, shared, n, detail) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)", -1, &q, NULL) != SQLITE_OK)
		return store_sql_error(st, "preparing the uncertainty insert");
	sqlite3_bind_int64(q, 1, run_id);
	sqlite3_bind_int(q, 2, u->workload_id);
	sqlite3_bind_text(q, 3, u->metric, -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 4, u->source, -1, SQLITE_STATIC);
	sqlite3_bind_double(q, 5, u->log_bias);
	sqlite3_bind_double(q, 6, u->log_sd);
	sqlite3_bind_double(q, 7, u->shared);
	sqlite3_bind_int64(q, 8, u->n);
	sqlite3_bind_text(q, 9, u->detail, -1, SQLITE_STATIC);
	int rc = sqlite3_step(q);
	sqlite3_finalize(q);
	return rc == SQLITE_DONE ? 0 : store_sql_error(st, "storing the uncertainty");
}

int store_get_uncert(store_t *st, int64_t run_id, int workload_id, const char *metric,
	store_uncert_t **out, int *n)
{
	sqlite3_stmt *q;
	*out = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(st->db, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'uncertainty'",
			-1, &q, NULL) != SQLITE_OK)
		return store_sql_error(st, "reading the schema");
	int has = sqlite3_step(q) == SQLITE_ROW && sqlite3_column_int(q, 0) > 0;
	sqlite3_finalize(q);
	if (!has)
		return 0;
	if (sqlite3_prepare_v2(st->db, "SELECT workload_id, metric, source, log_bias, log_sd, shared, n, detail"
			" FROM uncertainty WHERE run_id = ?1 AND (?2 < 0 OR workload_id = ?2) AND (?3 IS NULL OR metric = ?3)"
			" ORDER BY workload_id, metric, source", -1, &q, NULL) != SQLITE_OK)
		return store_sql_error(st, "reading the uncertainty");
	sqlite3_bind_int64(q, 1, run_id);
	sqlite3_bind_int(q, 2, workload_id);
	if (metric)
		sqlite3_bind_text(q, 3, metric, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(q, 3);
	int cap = 0, step;
	while ((step = sqlite3_step(q)) == SQLITE_ROW) {
		if (*n == cap) {
			store_uncert_t *nb = realloc(*out, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *nb);
			if (!nb) {
				sqlite3_finalize(q);
				free(*out);
				*out = NULL;
				*n = 0;
				return err_internal("store: out of memory");
			}
			*out = nb;
		}
		store_uncert_t *u = &(*out)[(*n)++];
		memset(u, 0, sizeof *u);
		u->workload_id = sqlite3_column_int(q, 0);
		snprintf(u->metric, sizeof u->metric, "%s", (const char *)sqlite3_column_text(q, 1));
		snprintf(u->source, sizeof u->source, "%s", (const char *)sqlite3_column_text(q, 2));
		u->log_bias = sqlite3_column_double(q, 3);
		u->log_sd = sqlite3_column_double(q, 4);
		u->shared = sqlite3_column_double(q, 5);
		u->n = (long)sqlite3_column_int64(q, 6);
		const unsigned char *d = sqlite3_column_text(q, 7);
		snprintf(u->detail, sizeof u->detail, "%s", d ? (const char *)d : "");
	}
	sqlite3_finalize(q);
	if (step != SQLITE_DONE) {
		free(*out);
		*out = NULL;
		*n = 0;
		return store_sql_error(st, "reading the uncertainty");
	}
	return 0;
}
