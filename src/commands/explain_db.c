/* explain_db.c -- explain a design stored in a results database (explain_db.h). */
#include "commands/explain_db.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "calibration/calib.h"
#include "cli.h"
#include "columns.h"
#include "presets/gpu_json.h"
#include "runsel.h"
#include "store/store.h"

#define CMD "explain"

/* The run's preset as stored: written to a temporary file so gpu_load validates it alike. */
static int stored_gpu_load(const char *db, int64_t run_id, const char *txt, gpu_t *g)
{
	char tmpl[] = "/tmp/gpudse-gpu-XXXXXX.json";
	int fd = mkstemps(tmpl, 5);
	if (fd < 0)
		return err_internal(CMD ": cannot create a temporary file");
	FILE *f = fdopen(fd, "w");
	fputs(txt, f);
	fclose(f);
	int rc = gpu_load(tmpl, g);
	remove(tmpl);
	return rc ? err_user(CMD ": %s: run %lld: its stored preset no longer loads", db, (long long)run_id) : 0;
}

/* The study's calibration, when the run had one: the same parameter set (same hash). */
static int run_calibration(store_t *st, const char *db, int64_t run_id, calib_t *c, int *have)
{
	*have = 0;
	char *hash = NULL, *study = NULL;
	int rc = store_run_text(st, run_id, "calib_hash", &hash);
	if (!rc && strcmp(hash, "none") != 0)
		rc = store_run_text(st, run_id, "study_json", &study);
	if (!rc && study) {
		cJSON *j = cJSON_Parse(study);
		const cJSON *p = j ? cJSON_GetObjectItemCaseSensitive(j, "params") : NULL;
		if (!cJSON_IsString(p))
			rc = err_user(CMD ": %s: run %lld is calibrated (%s) but its study names no params", db,
				(long long)run_id, hash);
		else if (!(rc = calib_load(p->valuestring, c))) {
			*have = 1;
			if (strcmp(c->hash, hash) != 0)
				rc = err_user(CMD ": %s: run %lld used parameter set %s; %s is now %s",
					db, (long long)run_id, hash, p->valuestring, c->hash);
		}
		cJSON_Delete(j);
	}
	free(hash);
	free(study);
	return rc;
}

int explain_db_load(const char *db, const char *run_spec, const char *design_id, const char *workload,
	gpu_t *g, design_t *d, workload_t *wl, explain_stored_t *out)
{
	memset(out, 0, sizeof *out);
	memset(wl, 0, sizeof *wl);
	char *end;
	long long id = strtoll(design_id, &end, 10);
	if (!*design_id || *end || id < 0)
		return err_user(CMD ": --design: with --db, a design id (gpudse query --columns design_id), got \"%s\"",
			design_id);
	if (!workload)
		return err_user(CMD ": --workload is required (a workload of the run: gpudse query --columns workload)");
	store_t *st;
	int rc = store_open(db, STORE_READ, &st);
	if (rc)
		return rc;
	store_run_t run;
	char *gpu_json = NULL;
	calib_t calib;
	memset(&calib, 0, sizeof calib);
	int calibrated = 0;
	if ((rc = run_select(st, db, run_spec, &run)))
		goto out;
	snprintf(out->db, sizeof out->db, "%s", db);
	out->run_id = run.id;
	snprintf(out->study, sizeof out->study, "%s", run.study);
	out->design_id = id;
	snprintf(out->workload, sizeof out->workload, "%s", workload);
	int wid;
	char path[1024], hash[32];
	int found = store_workload_by_name(st, run.id, workload, &wid, path, sizeof path, hash, sizeof hash);
	if (found <= 0) {
		rc = found < 0 ? -found : err_user(CMD ": --workload: run %lld of %s has no workload \"%s\"",
			(long long)run.id, db, workload);
		goto out;
	}
	found = store_get_result(st, run.id, id, wid, &out->m);
	if (found <= 0) {
		rc = found < 0 ? -found : err_user(CMD ": --design: run %lld of %s has no design %lld "
			"(ids of legal points: gpudse query --columns design_id)", (long long)run.id, db, id);
		goto out;
	}
	if ((rc = store_get_design(st, run.id, id, d, out->variant, sizeof out->variant)))
		goto out;
	if ((rc = store_get_uncert(st, run.id, wid, NULL, &out->unc, &out->n_unc)))
		goto out;
	for (size_t i = 0; i < n_metric_cols && i < 64; i++) {
		store_metric_t m;
		if (store_metric(st, metric_cols[i].name, &m))
			snprintf(out->units[i], sizeof out->units[i], "%s", m.unit);
	}
	if ((rc = store_run_text(st, run.id, "gpu_json", &gpu_json)) ||
		(rc = stored_gpu_load(db, run.id, gpu_json, g)) ||
		(rc = run_calibration(st, db, run.id, &calib, &calibrated)))
		goto out;
	if (calibrated)
		calib_apply_gpu(&calib, g);
	if ((rc = workload_load(path, g, wl)))
		goto out;
	if (strcmp(wl->hash, hash) != 0) {
		rc = err_user(CMD ": --workload: %s changed since run %lld (profile hash %s, stored %s)", path,
			(long long)run.id, wl->hash, hash);
		goto out;
	}
	if (calibrated && (rc = calib_apply_workload(&calib, g, wl)))
		goto out;
out:
	if (rc && wl->ctx)
		workload_free(wl);
	if (rc) {
		free(out->unc);
		out->unc = NULL;
		out->n_unc = 0;
	}
	free(gpu_json);
	calib_free(&calib);
	store_close(st);
	return rc;
}

void explain_db_print(const explain_stored_t *s, const metrics_t *now)
{
	printf("\nstored   %s run %lld (%s), design %lld%s%s, workload %s\n", s->db, (long long)s->run_id,
		s->study, (long long)s->design_id, s->variant[0] ? " " : "", s->variant, s->workload);
	int differ = 0;
	for (size_t i = 0; i < n_metric_cols && i < 64; i++) {
		const metric_col_t *c = &metric_cols[i];
		double v = metric_value(c, &s->m);
		int same = strcmp(c->name, "speedup") == 0 || v == metric_value(c, now);
		differ += !same;
		printf("  %-14s %16.10g  %s%s\n", c->name, v, s->units[i],
			same ? "" : "  (re-evaluated differs)");
	}
	printf(differ ? "re-evaluated: %d stored metrics differ (model, preset or profile changed?)\n"
		: "re-evaluated: every stored metric reproduced exactly\n", differ);
}

void explain_db_json(cJSON *report, const explain_stored_t *s, const metrics_t *now)
{
	cJSON *o = cJSON_AddObjectToObject(report, "stored");
	cJSON_AddStringToObject(o, "db", s->db);
	cJSON_AddNumberToObject(o, "run", (double)s->run_id);
	cJSON_AddNumberToObject(o, "design_id", (double)s->design_id);
	cJSON_AddStringToObject(o, "variant", s->variant);
	cJSON_AddStringToObject(o, "workload", s->workload);
	cJSON *m = cJSON_AddObjectToObject(o, "metrics");
	int differ = 0;
	for (size_t i = 0; i < n_metric_cols && i < 64; i++) {
		const metric_col_t *c = &metric_cols[i];
		double v = metric_value(c, &s->m);
		cJSON_AddNumberToObject(m, c->name, v);
		differ += strcmp(c->name, "speedup") != 0 && v != metric_value(c, now);
	}
	cJSON_AddNumberToObject(o, "metrics_differing_from_reevaluation", differ);
}
