/*
 * calibrate_accelsim.c -- `gpudse calibrate --accelsim`: Accel-Sim simulation logs as the
 * observations of a calibration (docs/calibration.md "From Accel-Sim logs").
 *
 * The logs are read as `gpudse validate --accelsim` reads them (validate_accelsim.h): each
 * log gives, for its kernel's profile and the preset imported from its own options echo, the
 * observations ipc (the profile's instructions over Accel-Sim's kernel cycles), l1_hit and
 * llc_hit (Accel-Sim's sector hit rates).  They are handed to the ordinary fit (calibrate.h)
 * through a scratch directory: one preset file per configuration, one profile per (GPU,
 * kernel) named KERNEL@GPU carrying its observations.  With --split the kernels listed in
 * calibration/accelsim/heldout.txt (RUNS/../heldout.txt) are held out, the others fitted: the
 * held-out kernels' observations are predicted with the shared parameter (dram_eff) and their
 * own model defaults, and their error is the transfer error to unseen kernels.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "calibration/calibrate.h"
#include "cli.h"
#include "presets/gpu_json.h"
#include "profiling/profile_json.h"
#include "validation/calibrate_accelsim.h"
#include "validation/validate_accelsim.h"

/* Hit-rate observations are weighted as absolute errors in units of 5 points (a hit rate can
 * be 0, where a relative error is undefined); the fitted parameters do not move hit rates, so
 * the weight changes chi^2 and R^2, not the parameters. */
#define HIT_SIGMA 0.05

static int write_preset(const gpu_t *g, const char *path)
{
	cJSON *root = cJSON_CreateObject();
	if (!root)
		return err_internal("calibrate --accelsim: out of memory");
	for (size_t i = 0; i < n_gpu_fields; i++) {
		const char *base = (const char *)g + gpu_fields[i].offset;
		if (gpu_fields[i].type == GF_STRING)
			cJSON_AddStringToObject(root, gpu_fields[i].key, base);
		else
			cJSON_AddNumberToObject(root, gpu_fields[i].key,
			                        gpu_fields[i].type == GF_INT ? (double)*(const int *)base : *(const double *)base);
	}
	char *text = cJSON_Print(root);
	cJSON_Delete(root);
	FILE *f = text ? fopen(path, "w") : NULL;
	int bad = !f || fputs(text, f) < 0;
	if (f && fclose(f) != 0)
		bad = 1;
	free(text);
	return bad ? err_user("%s: cannot write the preset", path) : 0;
}

/* Same preset numbers (every field but the name and source)? */
static int gpu_same(const gpu_t *a, const gpu_t *b)
{
	for (size_t i = 0; i < n_gpu_fields; i++) {
		const gpu_field_t *f = &gpu_fields[i];
		if (f->type == GF_STRING)
			continue;
		const char *x = (const char *)a + f->offset, *y = (const char *)b + f->offset;
		if (f->type == GF_INT ? *(const int *)x != *(const int *)y : *(const double *)x != *(const double *)y)
			return 0;
	}
	return 1;
}

static int add_obs(profile_t *p, const char *gpu, const char *metric, double v, double sigma)
{
	if (!isfinite(v))
		return 0;
	profile_obs_t *no = realloc(p->obs, (p->n_obs + 1) * sizeof *no);
	if (!no)
		return -1;
	p->obs = no;
	profile_obs_t *o = &p->obs[p->n_obs++];
	memset(o, 0, sizeof *o);
	snprintf(o->gpu, sizeof o->gpu, "%s", gpu);
	snprintf(o->metric, sizeof o->metric, "%s", metric);
	o->value = v;
	o->sigma = sigma;
	return 0;
}

int calibrate_accelsim(const char *runs, int split, const calib_opts_t *oin, const char *out, const char *name,
                       const char *argv_line)
{
	calib_opts_t o = *oin;
	asset_t s;
	int rc = asset_load(&s, runs);
	char dir[] = "/tmp/gpudse-calas-XXXXXX";
	if (!rc && !mkdtemp(dir))
		rc = err_internal("calibrate --accelsim: cannot make a scratch directory: %s", strerror(errno));
	char **paths = rc ? NULL : calloc((size_t)s.n_prof, sizeof *paths);
	int made_dir = !rc;
	if (!rc && !paths)
		rc = err_internal("calibrate --accelsim: out of memory");
	/* presets: one file per distinct configuration (p<i>.json, rows sharing the same preset
	 * fields share it); the short path is the observation's "gpu" */
	int np = 0;
	for (int i = 0; i < s.n && !rc; i++) {
		int same = -1;
		for (int j = 0; j < i && same < 0; j++)
			if (gpu_same(&s.row[j].gpu, &s.row[i].gpu))
				same = j;
		if (same >= 0) {
			memcpy(s.row[i].gpu_path, s.row[same].gpu_path, sizeof s.row[i].gpu_path);
			continue;
		}
		char path[64];
		snprintf(path, sizeof path, "%s/p%d.json", dir, np++);
		rc = write_preset(&s.row[i].gpu, path);
		snprintf(s.row[i].gpu_path, sizeof s.row[i].gpu_path, "%s", path);
	}
	if (!rc && np > CALIB_MAX_GPUS)
		rc = err_user("%s: %d distinct configurations, more than calibrate's %d presets: fit a subset (--runs)", runs,
		              np, CALIB_MAX_GPUS);
	/* profiles with their observations */
	for (int k = 0; k < s.n_prof && !rc; k++) {
		profile_t *p = &s.prof[k];
		const asrow_t *any = NULL;
		for (int i = 0; i < s.n && !rc; i++) {
			const asrow_t *r = &s.row[i];
			if (r->prof != k)
				continue;
			any = r;
			/* IPC relative (no sigma); hit rates absolute, in units of HIT_SIGMA */
			if (add_obs(p, r->gpu_path, "ipc", r->ref_ipc, 0) ||
			    add_obs(p, r->gpu_path, "l1_hit", r->ref_l1, HIT_SIGMA) ||
			    add_obs(p, r->gpu_path, "llc_hit", r->ref_l2, HIT_SIGMA))
				rc = err_internal("calibrate --accelsim: out of memory");
		}
		if (rc || !any)
			continue;
		snprintf(p->name, sizeof p->name, "%.30s@%.30s", any->kernel, any->preset);
		paths[k] = malloc(64);
		if (!paths[k]) {
			rc = err_internal("calibrate --accelsim: out of memory");
			break;
		}
		snprintf(paths[k], 64, "%s/w%d.json", dir, k);
		rc = profile_save(paths[k], p);
	}
	calib_problem_t *P = rc ? NULL : calloc(1, sizeof *P);
	if (!rc && !P)
		rc = err_internal("calibrate --accelsim: out of memory");
	o.holdout = 0;
	o.fit_gpu = NULL;
	if (!rc)
		rc = calib_problem_load(P, (const char *const *)paths, s.n_prof, &o);
	if (!rc && split) {
		/* the held-out kernels of DIR/../heldout.txt (validate_accelsim.h), the same split
		 * `gpudse validate --accelsim` reports */
		if (!s.has_split)
			rc = err_user("calibrate --accelsim: --split: %s/../heldout.txt does not exist (no held-out half)", runs);
		P->n_fit = P->n_held = 0;
		for (int i = 0; !rc && i < P->n_obs; i++) {
			calib_ob_t *ob = &P->ob[i];
			const char *wn = P->wl_name[ob->wl];
			ob->held = 0;
			for (int j = 0; j < s.n; j++) {
				size_t kl = strlen(s.row[j].kernel);
				if (s.row[j].held && strncmp(wn, s.row[j].kernel, kl) == 0 && wn[kl] == '@')
					ob->held = 1;
			}
			if (ob->held)
				P->n_held++;
			else
				P->n_fit++;
		}
		if (!rc)
			rc = calib_problem_select(P, o.kinds);
	}
	if (!rc)
		rc = calib_problem_fit(P, &o);
	if (!rc) {
		char nm[64], path[1200];
		snprintf(nm, sizeof nm, "%s", name ? name : "accelsim");
		if (out)
			snprintf(path, sizeof path, "%s", out);
		else
			snprintf(path, sizeof path, "%s/calibration/params/%s.json", gpudse_root(), nm);
		rc = calib_problem_save(P, path, nm, argv_line);
		if (!rc) {
			if (split)
				for (int held = 0; held <= 1; held++) {
					printf(held ? "held-out kernels:" : "fitted kernels:");
					for (int j = 0; j < s.n; j++) {
						int first = s.row[j].held == held;
						for (int k = 0; first && k < j; k++)
							first = strcmp(s.row[k].kernel, s.row[j].kernel) != 0;
						if (first)
							printf(" %s", s.row[j].kernel);
					}
					printf("\n");
				}
			printf("%-32s %12s %25s\n", "parameter", "value", "95% confidence interval");
			for (int i = 0; i < P->n_par; i++)
				printf("%-32s %12.5g   [%10.5g, %10.5g]\n", P->par[i].name, P->par[i].value, P->par[i].ci_lo,
				       P->par[i].ci_hi);
			printf("fit: %d observations, %d parameters, %d iterations, RMSE %.4g, R^2 %.4f\n", P->n_fit, P->n_par,
			       P->iters, P->rmse, P->r2);
			/* per metric: mean relative error (ipc) or mean absolute error (hit rates) */
			static const char *const mets[] = { "ipc", "l1_hit", "llc_hit" };
			for (int held = 0; held <= 1; held++) {
				if (held && !P->n_held)
					break;
				for (int m = 0; m < 3; m++) {
					double sum = 0;
					int n = 0;
					for (int i = 0; i < P->n_obs; i++) {
						const calib_ob_t *b = &P->ob[i];
						if (b->held != held || !b->col || strcmp(b->col->name, mets[m]))
							continue;
						sum += m == 0 ? fabs(b->pred - b->value) / fabs(b->value) : fabs(b->pred - b->value);
						n++;
					}
					if (n)
						printf("%s %-7s: %s %.1f%s over %d observations\n", held ? "held out" : "fitted  ", mets[m],
						       m == 0 ? "mean |relative error|" : "mean |error|", 100 * sum / n,
						       m == 0 ? "%" : " points", n);
				}
			}
			printf("wrote %s\n", path);
		}
	}
	if (P) {
		calib_problem_free(P);
		free(P);
	}
	if (paths) {
		for (int k = 0; k < s.n_prof; k++)
			free(paths[k]);
		free(paths);
	}
	if (made_dir) {
		char cmd[128];
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
		if (system(cmd) != 0 && !rc)
			rc = err_internal("calibrate --accelsim: cannot remove %s", dir);
	}
	asset_free(&s);
	return rc;
}
