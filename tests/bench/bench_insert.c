/*
 * bench_insert.c -- the bare SQLite insert loop `make bench` compares the sweep against:
 * the same schema, the same pragmas, the same prepared results INSERT, rows of the same
 * columns, one transaction, as fast as SQLite honestly goes.
 * usage: bench_insert DB ROWS   -> prints "bare: rows R seconds S rows_per_s X"
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "columns.h"
#include "store/store_int.h"

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: bench_insert DB ROWS\n");
		return 1;
	}
	long rows = atol(argv[2]);
	remove(argv[1]);
	sqlite3 *db;
	if (sqlite3_open(argv[1], &db) != SQLITE_OK)
		return 2;
	char *msg = NULL;
	if (sqlite3_exec(db, store_pragmas_sql(), NULL, NULL, &msg) != SQLITE_OK ||
		sqlite3_exec(db, store_schema_sql(), NULL, NULL, &msg) != SQLITE_OK) {
		fprintf(stderr, "bench_insert: %s\n", msg);
		return 2;
	}
	char sql[8192];
	store_results_insert_sql(sql, sizeof sql);
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(db, sql, -1, &q, NULL) != SQLITE_OK)
		return 2;
	const int nw = 20;
	double t0 = now_s();
	sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
	for (long i = 0; i < rows; i++) {
		sqlite3_bind_int64(q, 1, 1);
		sqlite3_bind_int64(q, 2, i / nw);
		sqlite3_bind_int(q, 3, (int)(i % nw));
		for (size_t c = 0; c < n_metric_cols; c++)
			sqlite3_bind_double(q, (int)c + 4, 1.0 + (double)((i * 31 + c * 7) % 1000) * 1e-3);
		if (sqlite3_step(q) != SQLITE_DONE) {
			fprintf(stderr, "bench_insert: %s\n", sqlite3_errmsg(db));
			return 2;
		}
		sqlite3_reset(q);
	}
	sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	double dt = now_s() - t0;
	sqlite3_finalize(q);
	sqlite3_close(db);
	printf("bare: rows %ld seconds %.3f rows_per_s %.0f\n", rows, dt, rows / dt);
	return 0;
}
