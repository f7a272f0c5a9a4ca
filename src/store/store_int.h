/* store_int.h -- private to src/store*.c: the store's state and shared SQL helpers. */
#ifndef GPUDSE_STORE_INT_H
#define GPUDSE_STORE_INT_H

#include <sqlite3.h>
#include <stddef.h>

#include "store/store.h"

/* 2: the metrics table; results_wide; design_summary by pareto's geometric mean */
/* 3: the uncertainty table and results_error view (issue 23) */
#define STORE_SCHEMA_VERSION 3

struct store {
	sqlite3 *db;
	char path[1024];
	sqlite3_stmt *ins_design;   /* prepared once per open (STORE_WRITE) */
	sqlite3_stmt *ins_result;
	sqlite3_stmt *get_design;   /* prepared on first use */
};

int store_exec(store_t *st, const char *sql);
int store_sql_error(store_t *st, const char *what);
/* The results INSERT statement text (also used by the bench's bare loop). */
size_t store_results_insert_sql(char *sql, size_t len);
/* Columns of a runs row as store_read_run reads them, in order. */
#define RUN_COLS "id, study, status, identity, shard, n_points, next_index, n_illegal"
/* One runs row (selected with RUN_COLS) into r. */
void store_read_run(sqlite3_stmt *q, store_run_t *r);
/* How a reader opens path (store.c): a URI to open instead (malloc'd) or NULL for the path,
 * and the open flags; NULL with *flags -1 when out of memory. */
char *store_reader_uri(const char *path, int *flags);
/* The pragmas every writer uses. */
const char *store_pragmas_sql(void);

#endif
