/*
 * workload.h -- a study's workloads loaded once: profiles, their hashes and the per-workload
 * model contexts (curves).  Shared by sweep, explain and calibrate.
 */
#ifndef GPUDSE_WORKLOAD_H
#define GPUDSE_WORKLOAD_H

#include "gpu.h"
#include "profile.h"

typedef struct workload {
	char path[1024];
	char hash[17];         /* hash of the profile file's bytes */
	profile_t prof;
	wctx_t *ctx;
} workload_t;

/* Load profile `path` and build its context on GPU g.  0 or EXIT_USER (one line printed). */
int workload_load(const char *path, const gpu_t *g, workload_t *w);
void workload_free(workload_t *w);
/* Load paths[0..n-1] on g into wl (n zeroed entries) on `threads` threads (0: one per CPU, at
 * most 8).  0, or the first failure's status by index (after a failure the threads take no
 * more work, so one error line; every loaded workload freed). */
int workload_load_all(const char *const *paths, int n, const gpu_t *g, workload_t *wl, int threads);
/* Resolve `spec` (a profile name, glob or path; see workload_resolve in study.h) to exactly
 * one profile and load it; errors name `cmd` and the option `opt`.  0 or EXIT_USER. */
int workload_load_one(const char *cmd, const char *opt, const char *spec, const gpu_t *g, workload_t *w);

/* 64-bit FNV-1a hash of a file's bytes into out[17]; 0 or EXIT_USER. */
int file_hash(const char *path, char out[17]);

#endif
