/* workload.c -- profiles + contexts loaded once per workload (see workload.h). */
#include "workload.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <gsl/gsl_errno.h>

#include "cli.h"
#include "profiling/profile_json.h"
#include "study.h"

int file_hash(const char *path, char out[17])
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return err_user("%s: %s", path, strerror(errno));
	uint64_t h = 1469598103934665603ULL;      /* FNV-1a 64, as hash_hex */
	unsigned char buf[1 << 16];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		for (size_t i = 0; i < n; i++) {
			h ^= buf[i];
			h *= 1099511628211ULL;
		}
	fclose(f);
	snprintf(out, 17, "%016llx", (unsigned long long)h);
	return 0;
}

int workload_load(const char *path, const gpu_t *g, workload_t *w)
{
	memset(w, 0, sizeof *w);
	snprintf(w->path, sizeof w->path, "%s", path);
	int rc = file_hash(path, w->hash);
	if (rc)
		return rc;
	if ((rc = profile_load(path, &w->prof)))
		return rc;
	const char *why = NULL;
	w->ctx = wctx_alloc(g, &w->prof, &why);
	if (!w->ctx) {
		profile_free(&w->prof);
		return err_user("%s: %s", path, why ? why : "cannot build the model context");
	}
	return 0;
}

void workload_free(workload_t *w)
{
	if (w->ctx)
		wctx_free(w->ctx);
	profile_free(&w->prof);
	memset(w, 0, sizeof *w);
}

int workload_load_one(const char *cmd, const char *opt, const char *spec, const gpu_t *g, workload_t *w)
{
	char **paths = NULL;
	int n = 0;
	if (workload_resolve(NULL, opt, spec, &paths, &n) == 0)
		return EXIT_USER;
	int rc = n == 1 ? workload_load(paths[0], g, w)
		: err_user("%s: %s: \"%s\" matches %d profiles; name one", cmd, opt, spec, n);
	for (int i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	return rc;
}

/* Workloads load in parallel (building a context is the main cost of starting a sweep or a
 * validation report: the reuse curves of large profiles); each is loaded once.  Pure model
 * code and separate profiles: nothing is shared between the threads but the next-index
 * counter. */
typedef struct loader {
	const char *const *paths;
	const gpu_t *g;
	workload_t *wl;
	int *rc;
	int n;
	int next;                  /* next index to load */
	int failed;                /* a load failed: the others stop taking work */
	pthread_mutex_t mu;
} loader_t;

static void *load_worker(void *arg)
{
	loader_t *L = arg;
	for (;;) {
		pthread_mutex_lock(&L->mu);
		int i = L->failed ? L->n : L->next++;   /* after a failure: stop (one error line) */
		pthread_mutex_unlock(&L->mu);
		if (i >= L->n)
			return NULL;
		int rc = workload_load(L->paths[i], L->g, &L->wl[i]);
		pthread_mutex_lock(&L->mu);
		L->rc[i] = rc;
		L->failed |= rc != 0;
		pthread_mutex_unlock(&L->mu);
	}
}

int workload_load_all(const char *const *paths, int n, const gpu_t *g, workload_t *wl, int threads)
{
	int *rc = calloc((size_t)n + 1, sizeof *rc);
	if (!rc)
		return err_internal("out of memory loading %d workloads", n);
	loader_t L = { paths, g, wl, rc, n, 0, 0, PTHREAD_MUTEX_INITIALIZER };
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int nt = threads > 0 ? threads : ncpu < 1 ? 1 : (int)ncpu;
	if (nt > 8)
		nt = 8;
	if (nt > n)
		nt = n;
	/* models/reuse.c swaps GSL's error handler around a root solve; with the handler off for
	 * the whole parallel section, those swaps cannot leave a thread with the aborting default
	 * (a swap racing another thread's restore) */
	gsl_error_handler_t *old = gsl_set_error_handler_off();
	pthread_t th[8];
	int started = 0;
	for (int t = 1; t < nt; t++)
		if (pthread_create(&th[started], NULL, load_worker, &L) == 0)
			started++;
	load_worker(&L);
	for (int t = 0; t < started; t++)
		pthread_join(th[t], NULL);
	gsl_set_error_handler(old);
	int status = 0;
	for (int i = 0; i < n && !status; i++)
		status = rc[i];
	if (status)
		for (int i = 0; i < n; i++)
			if (rc[i] == 0)
				workload_free(&wl[i]);
	free(rc);
	return status;
}
