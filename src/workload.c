/* workload.c -- profiles + contexts loaded once per workload (see workload.h). */
#include "workload.h"

#include <errno.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

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
