/* uncert_src.c -- the error of a workload's results by source (see uncert_src.h). */
#include "stats/uncert_src.h"

#include <gsl/gsl_rng.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "columns.h"
#include "jsonutil.h"
#include "presets/gpu_json.h"
#include "stats/node_resample.h"
#include "stats/shards_resample.h"
#include "stats/uncert.h"

const char *const usrc_name[3] = { "calibration", "sampling", "model" };

int usrc_parse(const char *opt, const char *spec, unsigned *mask)
{
	*mask = 0;
	if (!strcmp(spec, "all")) {
		*mask = US_ALL;
		return 0;
	}
	if (!strcmp(spec, "none"))
		return 0;
	char buf[256];
	snprintf(buf, sizeof buf, "%s", spec);
	char *save = NULL;
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		int k = -1;
		for (int i = 0; i < 3; i++)
			if (!strcmp(t, usrc_name[i]))
				k = i;
		if (k < 0)
			return err_user("%s: expected all, none or a comma list of calibration, sampling, model; got \"%s\"", opt, t);
		*mask |= 1u << k;
	}
	return 0;
}

double usrc_sample_rate(const profile_t *p)
{
	const char *s = strstr(p->source, "--sample ");
	double r = s ? atof(s + 9) : 1;
	return r > 0 && r < 1 ? r : 1;
}

/* The calibration draws from a parameter set's fit.transformed (calibrate.c writes it). */
static int load_draws(usrc_t *u, const char *path, unsigned long seed)
{
	cJSON *root = json_load_file(path, NULL);
	if (!root)
		return EXIT_USER;
	const cJSON *fit = cJSON_GetObjectItemCaseSensitive(root, "fit");
	const cJSON *pars = cJSON_GetObjectItemCaseSensitive(fit, "parameters");
	const cJSON *tr = cJSON_GetObjectItemCaseSensitive(fit, "transformed");
	const cJSON *uu = cJSON_GetObjectItemCaseSensitive(tr, "u"), *cv = cJSON_GetObjectItemCaseSensitive(tr, "cov_u");
	int p = cJSON_GetArraySize(pars);
	if (!cJSON_IsObject(pars) || !cJSON_IsArray(uu) || !cJSON_IsArray(cv) || p < 1 || p > CALIB_MAX_PARS ||
		cJSON_GetArraySize(uu) != p || cJSON_GetArraySize(cv) != p) {
		snprintf(u->calib_note, sizeof u->calib_note, "%s has no fit.transformed covariance (written before issue 23)", path);
		cJSON_Delete(root);
		return 0;
	}
	calib_problem_t *P = calloc(1, sizeof *P);
	u->par_name = calloc((size_t)p, sizeof *u->par_name);
	u->x = malloc((size_t)USRC_DRAWS * (size_t)p * sizeof *u->x);
	if (!P || !u->par_name || !u->x) {
		free(P);
		cJSON_Delete(root);
		return err_internal("uncertainty: out of memory");
	}
	P->n_par = p;
	P->cov_u = malloc((size_t)p * (size_t)p * sizeof *P->cov_u);
	int i = 0, rc = P->cov_u ? 0 : err_internal("uncertainty: out of memory");
	for (const cJSON *e = pars ? pars->child : NULL; e && !rc; e = e->next, i++) {
		calib_par_t *q = &P->par[i];
		snprintf(q->name, sizeof q->name, "%s", e->string);
		snprintf(u->par_name[i], sizeof u->par_name[i], "%s", e->string);
		const char *dot = strrchr(e->string, '.');
		q->kind = dot && !strcmp(dot, ".dram_eff") ? CK_DRAM_EFF : dot && !strcmp(dot, ".dep_cycles") ? CK_DEP_CYCLES : CK_MLP;
		const cJSON *b = cJSON_GetObjectItemCaseSensitive(e, "bounds");
		const cJSON *row = cJSON_GetArrayItem(cv, i);
		if (!dot || (strcmp(dot, ".dram_eff") && strcmp(dot, ".dep_cycles") && strcmp(dot, ".mlp")) ||
			cJSON_GetArraySize(b) != 2 || !cJSON_IsArray(row) || cJSON_GetArraySize(row) != p) {
			rc = err_user("%s: .fit.parameters.%s: expected a calibrated parameter with bounds and a covariance row", path, e->string);
			break;
		}
		q->lo = cJSON_GetArrayItem(b, 0)->valuedouble;
		q->hi = cJSON_GetArrayItem(b, 1)->valuedouble;
		P->u_fit[i] = cJSON_GetArrayItem(uu, i)->valuedouble;
		for (int j = 0; j < p; j++)
			P->cov_u[i * p + j] = cJSON_GetArrayItem(row, j)->valuedouble;
	}
	if (!rc) {
		int d = uncert_param_draws(P, USRC_DRAWS, seed, u->x);
		if (d == -1)
			snprintf(u->calib_note, sizeof u->calib_note, "%s: the covariance is not positive definite", path);
		else if (d)
			rc = err_internal("uncertainty: out of memory");
		else
			u->n_par = p;
	}
	free(P->cov_u);
	free(P);
	cJSON_Delete(root);
	return rc;
}

int usrc_init(usrc_t *u, unsigned mask, const char *params_path, unsigned long seed)
{
	memset(u, 0, sizeof *u);
	u->sources = mask;
	int rc;
	if (mask & US_MODEL) {
		char dir[1100];
		snprintf(dir, sizeof dir, "%s/calibration/accelsim", gpudse_root());
		char csv[1200];
		snprintf(csv, sizeof csv, "%s/results.csv", dir);
		if (access(csv, F_OK) != 0) {
			/* no reference shipped with this installation: the source drops out, said once */
			fprintf(stderr, "gpudse: note: %s is absent: the model-error source is not stored (docs/uncertainty.md)\n", csv);
		} else {
			if ((rc = merr_load(dir, &u->me)))
				return rc;
			u->active |= US_MODEL;
		}
	}
	if (mask & US_CALIBRATION) {
		if (!params_path || !params_path[0])
			snprintf(u->calib_note, sizeof u->calib_note, "the study has no parameter set (\"params\")");
		else if ((rc = load_draws(u, params_path, seed))) {
			usrc_free(u);
			return rc;
		}
		if (u->n_par)
			u->active |= US_CALIBRATION;
	}
	if (mask & US_SAMPLING)
		u->active |= US_SAMPLING;   /* per workload: applies to sampled profiles only */
	return 0;
}

void usrc_free(usrc_t *u)
{
	merr_free(&u->me);
	free(u->par_name);
	free(u->x);
	u->par_name = NULL;
	u->x = NULL;
}

/* Accumulates, per metric, the per-design mean and variance of log(value / nominal). */
typedef struct acc {
	double nominal[USRC_DESIGNS][64];
	double *lv;               /* [draw][design][metric] */
	int nd, nm, draws;
} acc_t;

static void eval_set(const gpu_t *g, const design_t *d, int nd, const wctx_t *c, double out[][64], int *ok)
{
	double base_ipc = 0;
	for (int j = 0; j < nd; j++) {
		metrics_t m;
		const char *why;
		if (gpu_eval(g, &d[j], c, &m, &why)) {
			for (size_t k = 0; k < n_metric_cols; k++)
				out[j][k] = NAN;
			continue;
		}
		if (j == 0)
			base_ipc = m.ipc;
		m.speedup = base_ipc > 0 ? m.ipc / base_ipc : 0;
		for (size_t k = 0; k < n_metric_cols && k < 64; k++)
			out[j][k] = metric_value(&metric_cols[k], &m);
	}
	*ok = 1;
}

/* Rows of one source from the draws: per metric, bias = mean over designs of the draws' mean
 * log ratio, sd = root mean square over designs of the draws' sd. */
static int rows_from(const acc_t *a, const char *src, int wid, const char *detail, store_uncert_t *rows, int max)
{
	int n = 0;
	double x[USRC_DRAWS];
	for (int k = 0; k < a->nm && n < max; k++) {
		double bias = 0, var = 0;
		int used = 0;
		for (int j = 0; j < a->nd; j++) {
			double v0 = a->nominal[j][k];
			int m = 0;
			for (int t = 0; t < a->draws; t++) {
				double v = a->lv[((size_t)t * USRC_DESIGNS + j) * 64 + k];
				if (v > 0 && v0 > 0 && isfinite(v))
					x[m++] = log(v / v0);
			}
			if (m < a->draws || m < 2)
				continue;     /* a non-positive value: no log-normal factor */
			bias += gsl_stats_mean(x, 1, (size_t)m);
			double s = gsl_stats_sd(x, 1, (size_t)m);
			var += s * s;
			used++;
		}
		if (!used || !(var / used > 1e-24))
			continue;
		store_uncert_t *r = &rows[n++];
		memset(r, 0, sizeof *r);
		r->workload_id = wid;
		snprintf(r->metric, sizeof r->metric, "%s", metric_cols[k].name);
		snprintf(r->source, sizeof r->source, "%s", src);
		r->log_bias = bias / used;
		r->log_sd = sqrt(var / used);
		r->shared = 1;
		r->n = a->draws;
		snprintf(r->detail, sizeof r->detail, "%s; %d draws on %d design%s", detail, a->draws, used, used > 1 ? "s" : "");
	}
	return n;
}

static int calib_rows(usrc_t *u, const gpu_t *g, const design_t *d, int nd, workload_t *w, int wid,
	acc_t *a, store_uncert_t *rows, int max)
{
	wctx_t *c = w->ctx;
	double dep0 = c->dep_cycles, mlp0 = c->mlp;
	gpu_t g2 = *g;
	int moves = 0, ok;
	for (int t = 0; t < USRC_DRAWS; t++) {
		g2.dram_eff = g->dram_eff;
		c->dep_cycles = dep0;
		c->mlp = mlp0;
		for (int i = 0; i < u->n_par; i++) {
			const char *nm = u->par_name[i], *dot = strrchr(nm, '.');
			size_t len = (size_t)(dot - nm);
			double x = u->x[(size_t)t * u->n_par + i];
			if (!strcmp(nm, "gpu.dram_eff")) {
				g2.dram_eff = x;
				moves = 1;
			} else if (strlen(w->prof.name) == len && !strncmp(nm, w->prof.name, len)) {
				if (!strcmp(dot, ".dep_cycles"))
					c->dep_cycles = x;
				else
					c->mlp = x;
				moves = 1;
			}
		}
		eval_set(&g2, d, nd, c, (double (*)[64])(a->lv + (size_t)t * USRC_DESIGNS * 64), &ok);
	}
	c->dep_cycles = dep0;
	c->mlp = mlp0;
	if (!moves)
		return 0;
	return rows_from(a, "calibration", wid, "parameter draws from the fit covariance", rows, max);
}

/* The sampled blocks of a profile: its widest stream's footprint (global, else l1) x R. */
static double sampled_blocks(const profile_t *p, double rate)
{
	const profile_stream_t *g = profile_stream(p, "global");
	if (!g)
		g = profile_stream(p, "l1");
	return g ? g->footprint * rate : 0;
}

/* The error line of a sampled profile whose draws cannot be prepared; -1. */
static int sampling_alloc_error(const workload_t *w, const char *why)
{
	if (why && strcmp(why, "out of memory"))
		err_user("%s: sampling error: %s", w->path, why);
	else
		err_internal("uncertainty: out of memory");
	return -1;
}

static int sampling_rows(const gpu_t *g, const design_t *d, int nd, workload_t *w, int wid, double rate,
	acc_t *a, store_uncert_t *rows, int max)
{
	profile_t *p = &w->prof;
	double blocks = sampled_blocks(p, rate);
	if (!(blocks >= 1))
		return 0;
	const char *why = NULL;
	shards_resample_t *rs = shards_resample_alloc(p, rate, &why);
	if (!rs)
		return sampling_alloc_error(w, why);
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	node_resample_t *nr = node_resample_alloc(p);
	if (!r || !nr) {
		gsl_rng_free(r);
		shards_resample_free(rs);
		node_resample_free(nr);
		return err_internal("uncertainty: out of memory"), -1;
	}
	gsl_rng_set(r, 1);
	int rc = 0;
	for (int t = 0; t < USRC_DRAWS && !rc; t++) {
		/* one draw of the sampled blocks' error in every histogram (src/stats/shards_resample.h)
		 * and of the sampled sets' error in every set-sampled DC-L1 node record
		 * (src/stats/node_resample.h: another sample, drawn independently) */
		shards_resample_draw(rs, r);
		node_resample_draw(nr, r);
		why = NULL;
		wctx_t *c = wctx_alloc(g, p, &why);
		int ok;
		if (!c)
			rc = err_user("%s: resampling the sampled profile: %s", w->path, why ? why : "failed");
		else
			eval_set(g, d, nd, c, (double (*)[64])(a->lv + (size_t)t * USRC_DESIGNS * 64), &ok);
		wctx_free(c);
	}
	int nodes = node_resample_drawn(nr), unq = node_resample_unquantified(nr);
	shards_resample_free(rs);   /* the profile's own histograms back */
	node_resample_free(nr);     /* and its node records */
	gsl_rng_free(r);
	if (rc)
		return -1;
	char det[400], nodes_det[160] = "";
	if (nodes || unq)
		snprintf(nodes_det, sizeof nodes_det, "; %d set-sampled DC-L1 node record%s drawn from the between-set"
			 " spread (src/stats/node_resample.h)%s", nodes, nodes == 1 ? "" : "s",
			 unq ? ", some with one sampled set not quantified" : "");
	snprintf(det, sizeof det, "SHARDS rate %g, %.0f sampled blocks: draws of the sampled blocks' error in every"
		" stream's histograms from the profile's random groups of sampled blocks (src/stats/shards_resample.h)%s", rate,
		blocks, nodes_det);
	int n = rows_from(a, "sampling", wid, det, rows, max);
	/* No bias: every drawn count is centred on the estimate (E z = 0, shards_resample.h), so a
	 * metric's mean over the draws moves off its value only through the model's curvature and
	 * the clamps at zero, and that mean carries the draws' own Monte Carlo noise, log_sd /
	 * sqrt(32) = 0.18 log_sd: a bias estimate that noisy can add more error than it removes
	 * [Efron and Tibshirani, An Introduction to the Bootstrap, 1993, §10.6].  Measured: with
	 * the draws' mean as the bias, or its negative (the bootstrap correction), the stated
	 * intervals held the exact value less often (docs/uncertainty.md). */
	for (int i = 0; i < n; i++)
		rows[i].log_bias = 0;
	return n;
}

int usrc_workload(usrc_t *u, const gpu_t *g, const design_t *d, int nd, workload_t *w, int wid,
	store_uncert_t *rows, int max_rows)
{
	int n = 0;
	if (nd > USRC_DESIGNS)
		nd = USRC_DESIGNS;
	acc_t a;
	memset(&a, 0, sizeof a);
	a.nd = nd;
	a.nm = n_metric_cols < 64 ? (int)n_metric_cols : 64;
	a.draws = USRC_DRAWS;
	int ok;
	if (u->active & (US_CALIBRATION | US_SAMPLING)) {
		a.lv = malloc((size_t)USRC_DRAWS * USRC_DESIGNS * 64 * sizeof *a.lv);
		if (!a.lv)
			return err_internal("uncertainty: out of memory"), -1;
		eval_set(g, d, nd, w->ctx, a.nominal, &ok);
	}
	if (u->active & US_CALIBRATION)
		n += calib_rows(u, g, d, nd, w, wid, &a, rows + n, max_rows - n);
	double rate = usrc_sample_rate(&w->prof);
	if ((u->active & US_SAMPLING) && rate < 1) {
		int k = sampling_rows(g, d, nd, w, wid, rate, &a, rows + n, max_rows - n);
		if (k < 0) {
			free(a.lv);
			return -1;
		}
		n += k;
	}
	free(a.lv);
	if (u->active & US_MODEL)
		for (int i = 0; i < u->me.n_metric && n < max_rows; i++) {
			const merr_metric_t *m = &u->me.m[i];
			if (m->n < 2)
				continue;
			store_uncert_t *r = &rows[n++];
			memset(r, 0, sizeof *r);
			r->workload_id = wid;
			snprintf(r->metric, sizeof r->metric, "%s", m->name);
			snprintf(r->source, sizeof r->source, "model");
			r->log_bias = m->bias;
			r->log_sd = m->sd;
			r->shared = m->shared;
			r->n = m->n;
			snprintf(r->detail, sizeof r->detail, "Accel-Sim reference calibration/accelsim/results.csv (hash %s), "
				"%d development runs; split: %s", u->me.hash, m->n, u->me.split);
		}
	return n;
}

/* usrc_workloads: the threads take workloads by a shared counter over a cost order. */
typedef struct usrc_par {
	usrc_t *u;
	const gpu_t *g;
	const design_t *d;
	int nd;
	workload_t *w;
	const int *order;          /* workload indices, costliest first */
	int nw, max_rows, next, failed;
	store_uncert_t *rows;
	int *n;
	pthread_mutex_t mu;
} usrc_par_t;

static void *usrc_worker(void *arg)
{
	usrc_par_t *P = arg;
	for (;;) {
		pthread_mutex_lock(&P->mu);
		int k = P->failed ? P->nw : P->next++;
		pthread_mutex_unlock(&P->mu);
		if (k >= P->nw)
			return NULL;
		int i = P->order[k];
		int n = usrc_workload(P->u, P->g, P->d, P->nd, &P->w[i], i, P->rows + (size_t)i * P->max_rows,
			P->max_rows);
		P->n[i] = n;
		if (n < 0) {
			pthread_mutex_lock(&P->mu);
			P->failed = 1;
			pthread_mutex_unlock(&P->mu);
		}
	}
}

int usrc_workloads(usrc_t *u, const gpu_t *g, const design_t *d, int nd, workload_t *w, int nw,
	int threads, store_uncert_t *rows, int max_rows, int *n)
{
	int *order = malloc((size_t)(nw > 0 ? nw : 1) * sizeof *order);
	if (!order)
		return err_internal("uncertainty: out of memory"), -1;
	/* the costliest first, so the last workload a thread takes is a short one: a sampled
	 * workload's cost is its draws' context builds, whose reuse curves grow with the
	 * histograms' bins; the others (one evaluation per design, or 32 under calibration) after */
	double *cost = malloc((size_t)(nw > 0 ? nw : 1) * sizeof *cost);
	if (!cost) {
		free(order);
		return err_internal("uncertainty: out of memory"), -1;
	}
	for (int i = 0; i < nw; i++) {
		order[i] = i;
		cost[i] = 0;
		if (!((u->active & US_SAMPLING) && usrc_sample_rate(&w[i].prof) < 1))
			continue;
		for (size_t j = 0; j < w[i].prof.n_streams; j++)
			cost[i] += 1.0 + (double)(w[i].prof.streams[j].sd.n + w[i].prof.streams[j].sd_we.n);
	}
	for (int i = 1; i < nw; i++) {   /* insertion sort, descending cost, stable */
		int x = order[i], j = i;
		for (; j > 0 && cost[order[j - 1]] < cost[x]; j--)
			order[j] = order[j - 1];
		order[j] = x;
	}
	free(cost);
	for (int i = 0; i < nw; i++)
		n[i] = 0;
	/* What makes a workload's rows fail is its sampled profile's draws not being preparable
	 * (a profile without random groups): checked here first, one workload after another, so
	 * a study with two such profiles gets one error line, the first one's, as usrc_workload on
	 * each in turn gave (not one from each thread).  The check leaves the profile as it was
	 * (shards_resample_free puts every saved histogram back). */
	for (int i = 0; i < nw && (u->active & US_SAMPLING); i++) {
		double rate = usrc_sample_rate(&w[i].prof);
		if (!(rate < 1) || !(sampled_blocks(&w[i].prof, rate) >= 1))
			continue;
		const char *why = NULL;
		shards_resample_t *rs = shards_resample_alloc(&w[i].prof, rate, &why);
		if (!rs) {
			free(order);
			return sampling_alloc_error(&w[i], why);
		}
		shards_resample_free(rs);
	}
	usrc_par_t P = { u, g, d, nd, w, order, nw, max_rows, 0, 0, rows, n, PTHREAD_MUTEX_INITIALIZER };
	int nt = threads < 1 ? 1 : threads > 8 ? 8 : threads;
	if (nt > nw)
		nt = nw;
	pthread_t th[8];
	int started = 0;
	for (int t = 1; t < nt; t++)
		if (pthread_create(&th[started], NULL, usrc_worker, &P) == 0)
			started++;
	usrc_worker(&P);
	for (int t = 0; t < started; t++)
		pthread_join(th[t], NULL);
	pthread_mutex_destroy(&P.mu);
	free(order);
	return P.failed ? -1 : 0;
}
