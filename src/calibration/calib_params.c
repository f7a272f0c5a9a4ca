/* calib_params.c -- loading and applying calibration parameter sets (see calib.h). */
#include "calibration/calib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "jsonutil.h"

int calib_load(const char *path, calib_t *c)
{
	memset(c, 0, sizeof *c);
	snprintf(c->path, sizeof c->path, "%s", path);
	int rc = file_hash(path, c->hash);
	if (rc)
		return rc;
	cJSON *root = json_load_file(path, NULL);
	if (!root)
		return EXIT_USER;
	rc = EXIT_USER;
	static const char *const keys[] = { "name", "model_version", "created", "profiles", "gpus",
		"gpu", "workloads", "fit", NULL };
	static const char *const gkeys[] = { "dram_eff", NULL };
	static const char *const wkeys[] = { "dep_cycles", "mlp", NULL };
	if (!cJSON_IsObject(root)) {
		json_type_error(path, ".", "an object", root);
		goto out;
	}
	if (json_check_keys(path, "", root, keys) || json_get_str(path, "", root, "name", 1, c->name, sizeof c->name))
		goto out;
	const cJSON *g = cJSON_GetObjectItemCaseSensitive(root, "gpu");
	if (g) {
		if (!cJSON_IsObject(g)) {
			json_type_error(path, ".gpu", "an object", g);
			goto out;
		}
		if (json_check_keys(path, ".gpu", g, gkeys))
			goto out;
		c->has_dram_eff = cJSON_GetObjectItemCaseSensitive(g, "dram_eff") != NULL;
		if (json_get_num(path, ".gpu", g, "dram_eff", 0, 0.01, 1, &c->dram_eff))
			goto out;
	}
	const cJSON *ws = cJSON_GetObjectItemCaseSensitive(root, "workloads");
	if (ws) {
		if (!cJSON_IsObject(ws)) {
			json_type_error(path, ".workloads", "an object of workload: parameters", ws);
			goto out;
		}
		int n = cJSON_GetArraySize(ws);
		c->workloads = calloc(n ? n : 1, sizeof *c->workloads);
		const cJSON *it;
		cJSON_ArrayForEach(it, ws) {
			char p[128];
			snprintf(p, sizeof p, ".workloads.%s", it->string);
			struct calib_workload *cw = &c->workloads[c->n_workloads];
			if (!cJSON_IsObject(it)) {
				json_type_error(path, p, "an object", it);
				goto out;
			}
			if (json_check_keys(path, p, it, wkeys))
				goto out;
			snprintf(cw->name, sizeof cw->name, "%s", it->string);
			cw->has_dep_cycles = cJSON_GetObjectItemCaseSensitive(it, "dep_cycles") != NULL;
			cw->has_mlp = cJSON_GetObjectItemCaseSensitive(it, "mlp") != NULL;
			if (json_get_num(path, p, it, "dep_cycles", 0, 0, 1e4, &cw->dep_cycles) ||
				json_get_num(path, p, it, "mlp", 0, 0.01, 1e3, &cw->mlp))
				goto out;
			c->n_workloads++;
		}
	}
	rc = 0;
out:
	cJSON_Delete(root);
	if (rc)
		calib_free(c);
	return rc;
}

void calib_free(calib_t *c)
{
	free(c->workloads);
	memset(c, 0, sizeof *c);
}

void calib_apply_gpu(const calib_t *c, gpu_t *g)
{
	if (c->has_dram_eff)
		g->dram_eff = c->dram_eff;
}

int calib_apply_workload(const calib_t *c, const gpu_t *g, workload_t *w)
{
	for (int i = 0; i < c->n_workloads; i++) {
		const struct calib_workload *cw = &c->workloads[i];
		if (strcmp(cw->name, w->prof.name) != 0)
			continue;
		if (cw->has_dep_cycles) {
			w->prof.has_dep_cycles = 1;
			w->prof.dep_cycles = cw->dep_cycles;
		}
		if (cw->has_mlp) {
			w->prof.has_mlp = 1;
			w->prof.mlp = cw->mlp;
		}
		const char *why = NULL;
		wctx_t *ctx = wctx_alloc(g, &w->prof, &why);
		if (!ctx)
			return err_user("%s: %s", w->path, why ? why : "cannot build the model context");
		wctx_free(w->ctx);
		w->ctx = ctx;
	}
	return 0;
}
