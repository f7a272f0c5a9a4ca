/*
 * store.h -- the results database (SQLite).  The only interface to sqlite3: src/store*.c.
 *
 * Tables (db/schema.sql is generated from the same code: `gpudse list schema`):
 *   runs(id, study, study_json, study_hash, gpu, gpu_json, model_version, calib_hash,
 *        identity, shard, argv, started, finished, status, n_points, next_index, n_illegal)
 *   workloads(run_id, id, name, path, profile_hash)
 *   designs(run_id, id, variant, <one column per knob>)          id = the point's id
 *   results(run_id, design_id, workload_id, <one column per metric>)
 *   metrics(name, unit, direction, description)                   what each metric means
 *   views: results_named (results + workload name), results_wide (design knobs + workload
 *   name + metrics), design_summary (per design: each metric's geometric mean over the
 *   workloads, pareto's aggregate), best_per_workload (the fastest design of each workload).
 *   uncertainty(run_id, workload_id, metric, source, log_bias, log_sd, shared, n, detail)
 *        the error of every stored result of a workload, per metric and named source
 *        (src/stats/uncert_src.h); view results_error: the sources of a workload and metric
 *        combined (variances add)
 *   shards(run_id, k, n, n_points, next_index, n_illegal)   each shard a run holds: a merge
 *   of partial shards keeps every shard's own progress, so --resume finishes exactly them
 * A sweep writes a batch of points and its progress marker (next_index) in one transaction,
 * so a killed sweep leaves only whole batches and --resume continues after the last one.
 */
#ifndef GPUDSE_STORE_H
#define GPUDSE_STORE_H

#include <stdint.h>

#include "design.h"
#include "gpu.h"

typedef struct store store_t;

enum store_mode { STORE_READ = 0, STORE_WRITE };

/* Open (STORE_WRITE creates the file and schema when missing).  0, or EXIT_USER after one
 * line: missing database for reading, read-only file for writing, not a database. */
int store_open(const char *path, enum store_mode mode, store_t **out);
void store_close(store_t *st);
const char *store_path(const store_t *st);

/* The DDL of the schema (static string). */
const char *store_schema_sql(void);

typedef struct store_run {
	int64_t id;
	char study[64];
	char status[16];        /* running, done, interrupted */
	char identity[17];
	char shard[64];         /* "K/N", or a merged set "1-3,5/8"; "1/1" when whole (a set too
	                         * long for 63 characters ends in "...": store_run_shards has all) */
	int64_t n_points;       /* points of this shard */
	int64_t next_index;     /* points of this shard already stored */
	int64_t n_illegal;
} store_run_t;

typedef struct store_run_info {
	const char *study, *study_json, *study_hash, *gpu, *gpu_json, *model_version, *calib_hash;
	const char *identity, *argv;
	int64_t shard_k, shard_n;
	int64_t n_points;
} store_run_info_t;

/* One shard of a run: shard k of n, its points, progress and illegal count (table shards). */
typedef struct store_shard {
	int64_t k, n, n_points, next_index, n_illegal;
} store_shard_t;
/* The shards run_id holds, in k order (malloc'd; *n 0 for a run written before the table). */
int store_run_shards(store_t *st, int64_t run_id, store_shard_t **out, int64_t *n);
int store_add_shard(store_t *st, int64_t run_id, int64_t k, int64_t n, int64_t n_points,
	int64_t next_index, int64_t n_illegal);

/* Find a run by identity and shard ("" shard matches any); 1 found, 0 not, EXIT_* on error. */
int store_find_run(store_t *st, const char *identity, const char *shard, store_run_t *out);
/* Read run `id` (id <= 0: the latest run).  1 found, 0 not found, EXIT_* on error. */
int store_get_run(store_t *st, int64_t id, store_run_t *out);
/* A new run and its one shard row (inside a batch). */
int store_new_run(store_t *st, const store_run_info_t *info, int64_t *run_id);
int store_add_workload(store_t *st, int64_t run_id, int id, const char *name, const char *path,
	const char *hash);
int store_set_status(store_t *st, int64_t run_id, const char *status);
/* After a failure already reported: roll back, mark the run interrupted, print nothing (a full
 * disk may refuse this too; then the run stays "running", which --resume also accepts). */
void store_mark_interrupted(store_t *st, int64_t run_id);

/* Batched writes: begin, any number of designs/results, commit with the new progress of
 * shard shard_k of the run (the run's next_index and n_illegal become the sums over its shards). */
int store_batch_begin(store_t *st);
int store_put_design(store_t *st, int64_t run_id, uint64_t id, const char *variant, const design_t *d);
int store_put_result(store_t *st, int64_t run_id, uint64_t design_id, int workload_id, const metrics_t *m);
int store_batch_commit(store_t *st, int64_t run_id, int64_t shard_k, int64_t next_index, int64_t n_illegal);
void store_batch_rollback(store_t *st);
/* Commit a batch without progress (a new shard row). */
int store_commit(store_t *st);

/* --- reads (store_read.c) --- */

/* Workload names of a run, in id order; returns the count (names freed by store_free_names). */
int store_workload_names(store_t *st, int64_t run_id, char ***names);
void store_free_names(char **names, int n);

/* One filter of query/pareto: column OP value, value bound as a parameter. */
typedef struct store_filter {
	char column[48];
	char op[3];            /* = != < <= > >= */
	char value[128];
} store_filter_t;

/* Rows of run_id (designs joined with results and workload names), filtered, in
 * design/workload order or by `order` (a column, "-col" for descending), at most `limit`
 * (0: all).  For each row calls cb(ctx, ncols, names, values-as-text, numeric values).
 * Column names are validated against the schema; an unknown one is a user error. */
typedef int (*store_row_cb)(void *ctx, int ncols, const char *const *names,
	const char *const *text, const double *num);
int store_select(store_t *st, int64_t run_id, const char *workload, const store_filter_t *f,
	int nf, const char *columns, const char *order, long limit, store_row_cb cb, void *ctx);

/* Numeric columns `cols` of every result of run_id (one workload or all), ordered by design
 * then workload: out arrays are malloc'd: design ids [*n], workload ids [*n], values
 * [*n x ncol] row-major.  For pareto. */
int store_fetch(store_t *st, int64_t run_id, const char *workload, const char *const *cols,
	int ncol, int64_t **design_ids, int **workload_ids, double **vals, size_t *n);

/* Every run, in id order (malloc'd array). */
int store_list_runs(store_t *st, store_run_t **runs, int *n);

/* One stored design (and its variant name, "" if none).  0 or EXIT_*. */
int store_get_design(store_t *st, int64_t run_id, int64_t id, design_t *d, char *variant, size_t len);

/* Is `name` a column of designs or results? (for validating user input) */
int store_is_column(const char *name);

/* What a metric means, as the database describes it (its metrics table; the built-in table
 * for a database written before that table existed). */
typedef struct store_metric {
	char name[48];
	char unit[32];          /* "x" ratio to the baseline, "fraction" in [0, 1], "J", ... */
	int higher_better;      /* direction: 1 max, 0 min */
	char description[160];
} store_metric_t;
/* 1 found, 0 when `name` is not a metric. */
int store_metric(store_t *st, const char *name, store_metric_t *out);
/* A table header for column `name`: "name [unit]" for a metric, the name otherwise. */
void store_metric_header(store_t *st, const char *name, char *buf, size_t len);

/* Text column `column` (study_json, gpu_json, calib_hash, study) of run run_id, malloc'd. */
int store_run_text(store_t *st, int64_t run_id, const char *column, char **out);
/* Workload `name` of a run: its id, profile path and profile hash.  1 found, 0 not, <0 error. */
int store_workload_by_name(store_t *st, int64_t run_id, const char *name, int *id, char *path,
	size_t plen, char *hash, size_t hlen);
/* The stored metrics of one design on one workload.  1 found, 0 not, <0 error. */
int store_get_result(store_t *st, int64_t run_id, int64_t design_id, int workload_id, metrics_t *m);

/* Which columns take more than one value among the run's designs: varies[0] the variant,
 * varies[1 + i] knob i (knobs[]).  What a study's space varies; what it fixes stays 0. */
int store_varying_knobs(store_t *st, int64_t run_id, int *varies);

/* --- uncertainty (store_uncert.c) --- */
typedef struct store_uncert {
	int workload_id;
	char metric[48];
	char source[16];        /* calibration, sampling, model */
	double log_bias, log_sd, shared;
	long n;
	char detail[400];
} store_uncert_t;
/* Insert one row (inside a batch). */
int store_put_uncert(store_t *st, int64_t run_id, const store_uncert_t *u);
/* The rows of run_id (workload_id < 0: every workload; metric NULL: every metric), in
 * workload, metric, source order (malloc'd; *n 0 for a database without the table). */
int store_get_uncert(store_t *st, int64_t run_id, int workload_id, const char *metric,
	store_uncert_t **out, int *n);

/* --- merge (store_merge.c) --- */
/* Rewrite run_id's summary (shard set, point sums, status done iff every shard it holds is
 * finished, else interrupted) from its shards rows. */
int store_run_summarise(store_t *st, int64_t run_id);
/* Copy every run of `src_path` into st, joining shards of the same identity into one run;
 * *added grows by the result rows that were new to st. */
int store_merge_from(store_t *st, const char *src_path, int64_t *added);

#endif
