/* calibrate.c -- weighted nonlinear least squares over the GPU model; see calibrate.h. */
#include "calibration/calibrate.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_multifit_nlinear.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_vector.h>

#include "cli.h"
#include "presets/gpu_json.h"
#include "knobs.h"
#include "profiling/profile_json.h"

const char *const calib_kind_name[CK_N] = { "dram_eff", "dep_cycles", "mlp" };

static const double kind_lo[CK_N] = { 0.05, 0.05, 0.05 };
static const double kind_hi[CK_N] = { 1.0, 2000.0, 256.0 };

void calib_opts_default(calib_opts_t *o)
{
	memset(o, 0, sizeof *o);
	o->kinds = (1u << CK_N) - 1;
	o->seed = 1;
	o->max_iter = 200;
}

/* ------------------------------------------------------------------ transforms */

static double logistic(double u) { return 1.0 / (1.0 + exp(-u)); }

/* u -> x within [lo, hi]: linear logistic for dram_eff, logistic in log space otherwise */
static double to_x(const calib_par_t *p, double u)
{
	if (p->kind == CK_DRAM_EFF)
		return p->lo + (p->hi - p->lo) * logistic(u);
	double a = log(p->lo), b = log(p->hi);
	return exp(a + (b - a) * logistic(u));
}

static double to_u(const calib_par_t *p, double x)
{
	double s;
	if (p->kind == CK_DRAM_EFF)
		s = (x - p->lo) / (p->hi - p->lo);
	else
		s = (log(x) - log(p->lo)) / (log(p->hi) - log(p->lo));
	if (s < 1e-6)
		s = 1e-6;
	if (s > 1 - 1e-6)
		s = 1 - 1e-6;
	return log(s / (1 - s));
}

double calib_par_x(const calib_par_t *p, double u)
{
	return to_x(p, u);
}

/* dx/du */
static double dxdu(const calib_par_t *p, double u)
{
	double s = logistic(u), ds = s * (1 - s);
	if (p->kind == CK_DRAM_EFF)
		return (p->hi - p->lo) * ds;
	double a = log(p->lo), b = log(p->hi);
	return to_x(p, u) * (b - a) * ds;
}

/* ------------------------------------------------------------------ model */

static void set_params(calib_problem_t *P, const double *x)
{
	for (int i = 0; i < P->n_par; i++) {
		const calib_par_t *p = &P->par[i];
		double v = x ? x[i] : p->start;
		for (int g = 0; g < P->n_gpu; g++) {
			if (p->kind == CK_DRAM_EFF) {
				P->gpu[g].dram_eff = v;
				continue;
			}
			wctx_t *c = P->w[g * P->n_wl + p->wl].ctx;
			if (!c)
				continue;
			if (p->kind == CK_DEP_CYCLES)
				c->dep_cycles = v;
			else
				c->mlp = v;
		}
	}
	for (int g = 0; g < P->n_gpu; g++)
		for (int k = 0; k < P->n_wl; k++)
			P->base_ipc[g * P->n_wl + k] = -1;      /* recomputed on demand */
}

static double eval_ob(calib_problem_t *P, int i)
{
	const calib_ob_t *o = &P->ob[i];
	const wctx_t *c = P->w[o->gpu * P->n_wl + o->wl].ctx;
	const gpu_t *g = &P->gpu[o->gpu];
	metrics_t m;
	const char *why = NULL;
	if (gpu_eval(g, &o->d, c, &m, &why) != 0)
		return NAN;
	if (o->col)
		return metric_value(o->col, &m);
	double *b = &P->base_ipc[o->gpu * P->n_wl + o->wl];       /* speedup over the default design */
	if (*b < 0) {
		design_t d0;
		design_default(&d0);
		metrics_t m0;
		*b = gpu_eval(g, &d0, c, &m0, &why) == 0 ? m0.ipc : NAN;
	}
	return *b > 0 ? m.ipc / *b : NAN;
}

double calib_problem_eval(calib_problem_t *P, const double *x, int i)
{
	if (x) {
		set_params(P, x);
	} else {
		for (int k = 0; k < P->n_gpu * P->n_wl; k++)
			P->base_ipc[k] = -1;            /* the caller may have changed the state */
	}
	return eval_ob(P, i);
}

/* ------------------------------------------------------------------ loading */

static int find_gpu(calib_problem_t *P, const char *name, const char *file, size_t oi)
{
	for (int g = 0; g < P->n_gpu; g++)
		if (strcmp(P->gpu[g].name, name) == 0)
			return g;
	if (P->n_gpu == CALIB_MAX_GPUS) {
		err_user("%s: .observations[%zu].gpu: more than %d presets", file, oi, CALIB_MAX_GPUS);
		return -1;
	}
	gpu_t *g = &P->gpu[P->n_gpu];
	if (gpu_load(name, g))
		return -1;
	snprintf(g->name, sizeof g->name, "%s", name);     /* match by the name the profile uses */
	return P->n_gpu++;
}

int calib_problem_select(calib_problem_t *P, unsigned kinds)
{
	P->n_par = 0;
	/* dram_eff once, dep_cycles and mlp per workload with fitted observations */
	if (kinds & (1u << CK_DRAM_EFF)) {
		calib_par_t *p = &P->par[P->n_par++];
		snprintf(p->name, sizeof p->name, "gpu.dram_eff");
		p->kind = CK_DRAM_EFF;
		p->wl = -1;
		p->start = P->gpu[0].dram_eff;
	}
	for (int k = 0; k < P->n_wl; k++) {
		const wctx_t *c = NULL;
		for (int i = 0; i < P->n_obs; i++)
			if (P->ob[i].wl == k && !P->ob[i].held && !c)
				c = P->w[P->ob[i].gpu * P->n_wl + k].ctx;
		if (!c)
			continue;
		for (int kind = CK_DEP_CYCLES; kind < CK_N; kind++) {
			if (!(kinds & (1u << kind)))
				continue;
			if (P->n_par == CALIB_MAX_PARS)
				return err_user("calibrate: more than %d parameters", CALIB_MAX_PARS);
			calib_par_t *p = &P->par[P->n_par++];
			snprintf(p->name, sizeof p->name, "%s.%s", P->wl_name[k], calib_kind_name[kind]);
			p->kind = (enum calib_kind)kind;
			p->wl = k;
			p->start = kind == CK_DEP_CYCLES ? c->dep_cycles : c->mlp;
		}
	}
	for (int i = 0; i < P->n_par; i++) {
		calib_par_t *p = &P->par[i];
		p->lo = kind_lo[p->kind];
		p->hi = kind_hi[p->kind];
		if (p->start < p->lo)
			p->start = p->lo;
		if (p->start > p->hi)
			p->start = p->hi;
		p->value = p->start;
	}
	if (P->n_par == 0)
		return err_user("calibrate: nothing to fit (--fit selects no parameter of a workload with observations)");
	return 0;
}

int calib_problem_load(calib_problem_t *P, const char *const *profiles, int n_profiles, const calib_opts_t *o)
{
	memset(P, 0, sizeof *P);
	int rc = 0;
	profile_t *pr = calloc((size_t)n_profiles, sizeof *pr);
	P->wl_path = calloc((size_t)n_profiles, sizeof *P->wl_path);
	P->wl_hash = calloc((size_t)n_profiles, sizeof *P->wl_hash);
	P->wl_name = calloc((size_t)n_profiles, sizeof *P->wl_name);
	if (!pr || !P->wl_path || !P->wl_hash || !P->wl_name) {
		free(pr);
		return err_internal("calibrate: out of memory");
	}
	size_t total = 0;
	/* pass 1: profiles, presets, observation count */
	for (int k = 0; k < n_profiles; k++) {
		if ((rc = profile_load(profiles[k], &pr[k])))
			goto out;
		for (int j = 0; j < k; j++)
			if (strcmp(pr[j].name, pr[k].name) == 0) {
				rc = err_user("%s: workload \"%s\" is also %s", profiles[k], pr[k].name, profiles[j]);
				goto out;
			}
		snprintf(P->wl_path[k], sizeof P->wl_path[k], "%s", profiles[k]);
		snprintf(P->wl_name[k], sizeof P->wl_name[k], "%s", pr[k].name);
		if ((rc = file_hash(profiles[k], P->wl_hash[k])))
			goto out;
		for (size_t i = 0; i < pr[k].n_obs; i++) {
			const char *gn = pr[k].obs[i].gpu;
			if (!gn[0]) {
				rc = err_user("%s: .observations[%zu].gpu: a preset name is required", profiles[k], i);
				goto out;
			}
			if (find_gpu(P, gn, profiles[k], i) < 0) {
				rc = EXIT_USER;
				goto out;
			}
		}
		total += pr[k].n_obs;
		P->n_wl++;
	}
	if (total == 0) {
		rc = err_user("calibrate: the profiles carry no observations (docs/calibration.md: \"observations\")");
		goto out;
	}
	if (o->fit_gpu) {
		int found = 0;
		for (int g = 0; g < P->n_gpu; g++)
			found |= strcmp(P->gpu[g].name, o->fit_gpu) == 0;
		if (!found) {
			rc = err_user("calibrate: --gpu: no observation is on preset \"%s\"", o->fit_gpu);
			goto out;
		}
	}
	/* contexts: every (preset, workload) pair */
	P->w = calloc((size_t)(P->n_gpu * P->n_wl), sizeof *P->w);
	P->base_ipc = calloc((size_t)(P->n_gpu * P->n_wl), sizeof *P->base_ipc);
	P->ob = calloc(total, sizeof *P->ob);
	if (!P->w || !P->base_ipc || !P->ob) {
		rc = err_internal("calibrate: out of memory");
		goto out;
	}
	for (int k = 0; k < P->n_wl; k++)               /* contexts only where observations are */
		for (size_t i = 0; i < pr[k].n_obs; i++) {
			int g = find_gpu(P, pr[k].obs[i].gpu, profiles[k], i);
			if (!P->w[g * P->n_wl + k].ctx &&
			    (rc = workload_load(profiles[k], &P->gpu[g], &P->w[g * P->n_wl + k])))
				goto out;
		}
	/* observations */
	for (int k = 0; k < P->n_wl; k++) {
		for (size_t i = 0; i < pr[k].n_obs; i++) {
			const profile_obs_t *po = &pr[k].obs[i];
			calib_ob_t *ob = &P->ob[P->n_obs];
			ob->wl = k;
			ob->src = (int)i;
			ob->gpu = find_gpu(P, po->gpu, profiles[k], i);
			char err[256];
			if (design_parse(po->design, &ob->d, err, sizeof err)) {
				rc = err_user("%s: .observations[%zu].design: %s", profiles[k], i, err);
				goto out;
			}
			const char *why = NULL;
			if (gpu_design_check(&P->gpu[ob->gpu], &ob->d, &why)) {
				rc = err_user("%s: .observations[%zu].design: illegal on %s: %s", profiles[k], i, po->gpu,
					      why ? why : "");
				goto out;
			}
			if (strcmp(po->metric, "speedup") != 0) {
				ob->col = metric_col_find(po->metric);
				if (!ob->col) {
					rc = err_user("%s: .observations[%zu].metric: unknown metric \"%s\" (see gpudse help query)",
						      profiles[k], i, po->metric);
					goto out;
				}
			}
			if (!isfinite(po->value) || (po->sigma == 0 && po->value == 0)) {
				rc = err_user("%s: .observations[%zu].value: a nonzero value is required without a sigma",
					      profiles[k], i);
				goto out;
			}
			ob->value = po->value;
			ob->sigma = po->sigma;
			P->n_obs++;
		}
	}
	/* held-out selection: --gpu, then a seeded random share of the rest */
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, o->seed);
	for (int i = 0; i < P->n_obs; i++) {
		calib_ob_t *ob = &P->ob[i];
		if (o->fit_gpu && strcmp(P->gpu[ob->gpu].name, o->fit_gpu) != 0)
			ob->held = 1;
		else if (o->holdout > 0 && gsl_rng_uniform(r) < o->holdout)
			ob->held = 1;
		if (ob->held)
			P->n_held++;
		else
			P->n_fit++;
	}
	gsl_rng_free(r);
	rc = calib_problem_select(P, o->kinds);
out:
	for (int k = 0; k < n_profiles; k++)
		profile_free(&pr[k]);
	free(pr);
	if (rc)
		calib_problem_free(P);
	return rc;
}

void calib_problem_free(calib_problem_t *P)
{
	if (P->w)
		for (int i = 0; i < P->n_gpu * P->n_wl; i++)
			if (P->w[i].ctx || P->w[i].prof.streams)
				workload_free(&P->w[i]);
	free(P->w);
	free(P->base_ipc);
	free(P->ob);
	free(P->wl_path);
	free(P->wl_hash);
	free(P->wl_name);
	free(P->cov_u);
	memset(P, 0, sizeof *P);
}

/* ------------------------------------------------------------------ fit */

typedef struct fitctx {
	calib_problem_t *P;
	int *idx;               /* fitted observation indices */
	double *x;              /* scratch: parameters in x space */
} fitctx_t;

static double scale_of(const calib_ob_t *o)
{
	return o->sigma > 0 ? o->sigma : fabs(o->value);
}

/* f_i = model_i - obs_i (the weights 1 / s_i^2 go to GSL) */
static int fit_f(const gsl_vector *u, void *arg, gsl_vector *f)
{
	fitctx_t *c = arg;
	for (int i = 0; i < c->P->n_par; i++)
		c->x[i] = to_x(&c->P->par[i], gsl_vector_get(u, (size_t)i));
	set_params(c->P, c->x);
	for (size_t i = 0; i < f->size; i++) {
		const calib_ob_t *o = &c->P->ob[c->idx[i]];
		double v = eval_ob(c->P, c->idx[i]);
		if (!isfinite(v))
			return GSL_EDOM;
		gsl_vector_set(f, i, v - o->value);
	}
	return GSL_SUCCESS;
}

static void quiet_handler(const char *reason, const char *file, int line, int err)
{
	(void)reason; (void)file; (void)line; (void)err;
}

int calib_problem_fit(calib_problem_t *P, const calib_opts_t *o)
{
	int n = P->n_fit, p = P->n_par;
	if (n < p) {
		char list[512] = "";
		for (int i = 0; i < p && strlen(list) < 400; i++) {
			strcat(list, i ? ", " : "");
			strncat(list, P->par[i].name, 80);
		}
		return err_user("calibrate: %d fitted observation%s cannot determine %d parameters (%s): add observations, "
				"or fit fewer with --fit", n, n == 1 ? "" : "s", p, list);
	}
	gsl_error_handler_t *old = gsl_set_error_handler(quiet_handler);
	int rc = 0;
	fitctx_t c = { P, malloc((size_t)n * sizeof(int)), malloc((size_t)p * sizeof(double)) };
	gsl_vector *u = gsl_vector_alloc((size_t)p), *wts = gsl_vector_alloc((size_t)n);
	gsl_matrix *cov = gsl_matrix_alloc((size_t)p, (size_t)p);
	gsl_multifit_nlinear_parameters fp = gsl_multifit_nlinear_default_parameters();
	fp.trs = gsl_multifit_nlinear_trs_lm;
	fp.scale = gsl_multifit_nlinear_scale_levenberg;
	gsl_multifit_nlinear_workspace *ws = NULL;
	if (!c.idx || !c.x || !u || !wts || !cov) {
		rc = err_internal("calibrate: out of memory");
		goto out;
	}
	int k = 0;
	P->all_sigma = 1;
	for (int i = 0; i < P->n_obs; i++)
		if (!P->ob[i].held) {
			c.idx[k] = i;
			double s = scale_of(&P->ob[i]);
			gsl_vector_set(wts, (size_t)k++, 1.0 / (s * s));
			P->all_sigma &= P->ob[i].sigma > 0;
		}
	for (int i = 0; i < p; i++)
		gsl_vector_set(u, (size_t)i, to_u(&P->par[i], P->par[i].start));
	ws = gsl_multifit_nlinear_alloc(gsl_multifit_nlinear_trust, &fp, (size_t)n, (size_t)p);
	if (!ws) {
		rc = err_internal("calibrate: out of memory");
		goto out;
	}
	gsl_multifit_nlinear_fdf fdf;
	memset(&fdf, 0, sizeof fdf);
	fdf.f = fit_f;
	fdf.df = NULL;                                /* finite differences */
	fdf.n = (size_t)n;
	fdf.p = (size_t)p;
	fdf.params = &c;
	if (gsl_multifit_nlinear_winit(u, wts, &fdf, ws) != GSL_SUCCESS) {
		rc = err_user("calibrate: the model cannot be evaluated at the starting parameters (an observation's design is illegal?)");
		goto out;
	}
	/* a parameter no observation moves cannot be fitted */
	gsl_matrix *J0 = gsl_multifit_nlinear_jac(ws);
	double cmax = 0, *cn = c.x;
	for (int j = 0; j < p; j++) {
		gsl_vector_view col = gsl_matrix_column(J0, (size_t)j);
		cn[j] = gsl_blas_dnrm2(&col.vector);
		if (cn[j] > cmax)
			cmax = cn[j];
	}
	for (int j = 0; j < p; j++)
		if (!(cn[j] > 1e-9 * cmax) || cmax == 0) {
			rc = err_user("calibrate: parameter %s does not change any fitted observation: it is not determined "
				      "(fit fewer with --fit, or add observations that depend on it)", P->par[j].name);
			goto out;
		}
	/* multi-start: the model's parameters trade off (MLP against DRAM efficiency), so a
	 * trust-region run can stop in a local minimum; keep the lowest chi^2 of a few starts
	 * (DRAM efficiency, MLP and dependence-cycle multipliers), preferring runs that stay off
	 * the bounds */
	static const double starts[][3] = { { 0, 1, 1 }, { 0.5, 2, 1 }, { 0.9, 4, 0.5 }, { 0.3, 1.5, 2 }, { 0.7, 8, 4 } };
	gsl_vector *best = gsl_vector_alloc((size_t)p), *u0 = gsl_vector_alloc((size_t)p);
	double best_chi2 = HUGE_VAL;
	int best_inside = 0, iters = 0;
	for (size_t sidx = 0; best && u0 && sidx < sizeof starts / sizeof starts[0]; sidx++) {
		for (int i = 0; i < p; i++) {
			const calib_par_t *q = &P->par[i];
			double x0 = q->kind == CK_DRAM_EFF ? (starts[sidx][0] > 0 ? starts[sidx][0] : q->start)
				  : q->kind == CK_MLP ? q->start * starts[sidx][1] : q->start * starts[sidx][2];
			gsl_vector_set(u0, (size_t)i, to_u(q, x0));
		}
		if (gsl_multifit_nlinear_winit(u0, wts, &fdf, ws) != GSL_SUCCESS)
			continue;
		int info = 0;
		int st = gsl_multifit_nlinear_driver((size_t)(o->max_iter > 0 ? o->max_iter : 200), 1e-10, 1e-10, 1e-12,
						     NULL, NULL, &info, ws);
		iters += (int)gsl_multifit_nlinear_niter(ws);
		if (st != GSL_SUCCESS && st != GSL_EMAXITER && st != GSL_ENOPROG)
			continue;
		const gsl_vector *fr = gsl_multifit_nlinear_residual(ws);
		double c2;
		gsl_blas_ddot(fr, fr, &c2);
		const gsl_vector *pos = gsl_multifit_nlinear_position(ws);
		int inside = 1;
		for (int i = 0; i < p; i++) {
			double sb = logistic(gsl_vector_get(pos, (size_t)i));
			inside &= sb > 1e-4 && sb < 1 - 1e-4;
		}
		if ((inside && !best_inside) || (inside == best_inside && c2 < best_chi2)) {
			best_chi2 = c2;
			best_inside = inside;
			gsl_vector_memcpy(best, pos);
		}
		/* a run inside the bounds whose chi^2 is what the stated sigmas predict (chi^2/dof
		 * below 2) is statistically consistent: no further start can do meaningfully better */
		if (best_inside && P->all_sigma && n > p && best_chi2 / (n - p) < 2)
			break;
	}
	P->iters = iters;
	if (!best || !u0 || !isfinite(best_chi2) || gsl_multifit_nlinear_winit(best, wts, &fdf, ws) != GSL_SUCCESS) {
		gsl_vector_free(best);
		gsl_vector_free(u0);
		rc = err_user("calibrate: the fit failed from every starting point");
		goto out;
	}
	gsl_vector_free(best);
	gsl_vector_free(u0);
	const gsl_vector *uf = gsl_multifit_nlinear_position(ws);
	gsl_matrix *J = gsl_multifit_nlinear_jac(ws);
	gsl_multifit_nlinear_covar(J, 0.0, cov);
	const gsl_vector *fres = gsl_multifit_nlinear_residual(ws);   /* sqrt(w) f */
	double chi2;
	gsl_blas_ddot(fres, fres, &chi2);
	P->chi2 = chi2;
	P->dof = n - p;
	double s2 = P->all_sigma || P->dof <= 0 ? 1.0 : chi2 / P->dof;
	double t = P->dof > 0 ? gsl_cdf_tdist_Pinv(0.975, P->dof) : 1.959963984540054;
	for (int i = 0; i < p; i++) {
		calib_par_t *q = &P->par[i];
		double ui = gsl_vector_get(uf, (size_t)i), vu = gsl_matrix_get(cov, (size_t)i, (size_t)i);
		double sb = logistic(ui);
		if (sb < 1e-4 || sb > 1 - 1e-4) {
			rc = err_user("calibrate: parameter %s ran to its bound %g: these observations want it outside "
				      "[%g, %g] (the model misses something, or fit it out with --fit)", q->name,
				      to_x(q, ui), q->lo, q->hi);
			goto out;
		}
		if (!(vu > 0)) {
			rc = err_user("calibrate: parameter %s is not determined separately from the others by these "
				      "observations (fit fewer with --fit)", q->name);
			goto out;
		}
		double se_u = sqrt(vu * s2);
		q->value = to_x(q, ui);
		q->se = fabs(dxdu(q, ui)) * se_u;       /* delta method */
		double a = to_x(q, ui - t * se_u), b = to_x(q, ui + t * se_u);
		q->ci_lo = a < b ? a : b;
		q->ci_hi = a < b ? b : a;
		c.x[i] = q->value;
	}
	free(P->cov_u);
	P->cov_u = malloc((size_t)p * (size_t)p * sizeof *P->cov_u);
	if (!P->cov_u) {
		rc = err_internal("calibrate: out of memory");
		goto out;
	}
	for (int i = 0; i < p; i++) {
		P->u_fit[i] = gsl_vector_get(uf, (size_t)i);
		for (int j = 0; j < p; j++)
			P->cov_u[i * p + j] = gsl_matrix_get(cov, (size_t)i, (size_t)j) * s2;
	}
	/* predictions and statistics */
	set_params(P, c.x);
	double mean = 0, ss_res = 0, ss_tot = 0, h_ss = 0, h_rel = 0;
	for (int i = 0; i < P->n_obs; i++) {
		P->ob[i].pred = eval_ob(P, i);
		if (!P->ob[i].held)
			mean += P->ob[i].value / n;
	}
	for (int i = 0; i < P->n_obs; i++) {
		const calib_ob_t *b = &P->ob[i];
		double e = b->pred - b->value;
		if (b->held) {
			h_ss += e * e;
			h_rel += fabs(e) / fabs(b->value);
		} else {
			ss_res += e * e;
			ss_tot += (b->value - mean) * (b->value - mean);
		}
	}
	P->rmse = sqrt(ss_res / n);
	P->r2 = ss_tot > 0 ? 1 - ss_res / ss_tot : 1;
	P->held_rmse = P->n_held ? sqrt(h_ss / P->n_held) : 0;
	P->held_mare = P->n_held ? h_rel / P->n_held : 0;
out:
	if (ws)
		gsl_multifit_nlinear_free(ws);
	gsl_vector_free(u);
	gsl_vector_free(wts);
	gsl_matrix_free(cov);
	free(c.idx);
	free(c.x);
	gsl_set_error_handler(old);
	return rc;
}

/* ------------------------------------------------------------------ output */

int calib_problem_save(const calib_problem_t *P, const char *path, const char *name, const char *argv_line)
{
	cJSON *root = cJSON_CreateObject();
	char date[32];
	time_t now = time(NULL);
	strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	cJSON_AddStringToObject(root, "name", name);
	cJSON_AddStringToObject(root, "model_version", GPUDSE_MODEL_VERSION);
	cJSON_AddStringToObject(root, "created", date);
	cJSON *prof = cJSON_AddObjectToObject(root, "profiles");
	for (int k = 0; k < P->n_wl; k++)
		cJSON_AddStringToObject(prof, P->wl_name[k], P->wl_hash[k]);
	cJSON *gl = cJSON_AddArrayToObject(root, "gpus");
	for (int g = 0; g < P->n_gpu; g++)
		cJSON_AddItemToArray(gl, cJSON_CreateString(P->gpu[g].name));
	cJSON *gp = NULL, *wl = NULL;
	for (int i = 0; i < P->n_par; i++) {
		const calib_par_t *q = &P->par[i];
		if (q->kind == CK_DRAM_EFF) {
			if (!gp)
				gp = cJSON_AddObjectToObject(root, "gpu");
			cJSON_AddNumberToObject(gp, "dram_eff", q->value);
			continue;
		}
		if (!wl)
			wl = cJSON_AddObjectToObject(root, "workloads");
		cJSON *w = cJSON_GetObjectItemCaseSensitive(wl, P->wl_name[q->wl]);
		if (!w)
			w = cJSON_AddObjectToObject(wl, P->wl_name[q->wl]);
		cJSON_AddNumberToObject(w, calib_kind_name[q->kind], q->value);
	}
	cJSON *fit = cJSON_AddObjectToObject(root, "fit");
	cJSON_AddStringToObject(fit, "method", "GSL multifit_nlinear, trust region (Levenberg-Marquardt), transformed bounds");
	if (argv_line)
		cJSON_AddStringToObject(fit, "command", argv_line);
	cJSON_AddNumberToObject(fit, "observations", P->n_fit);
	cJSON_AddNumberToObject(fit, "held_out", P->n_held);
	cJSON_AddNumberToObject(fit, "iterations", P->iters);
	cJSON_AddNumberToObject(fit, "chi2", P->chi2);
	cJSON_AddNumberToObject(fit, "dof", P->dof);
	cJSON_AddStringToObject(fit, "weights", P->all_sigma ? "1/sigma^2 (absolute)" : "1/sigma^2, 1/value^2 without sigma (covariance scaled by chi2/dof)");
	cJSON_AddNumberToObject(fit, "rmse", P->rmse);
	cJSON_AddNumberToObject(fit, "r2", P->r2);
	if (P->n_held) {
		cJSON_AddNumberToObject(fit, "held_out_rmse", P->held_rmse);
		cJSON_AddNumberToObject(fit, "held_out_mean_rel_error", P->held_mare);
	}
	cJSON *pa = cJSON_AddObjectToObject(fit, "parameters");
	for (int i = 0; i < P->n_par; i++) {
		const calib_par_t *q = &P->par[i];
		cJSON *e = cJSON_AddObjectToObject(pa, q->name);
		cJSON_AddNumberToObject(e, "value", q->value);
		cJSON_AddNumberToObject(e, "stderr", q->se);
		cJSON *ci = cJSON_AddArrayToObject(e, "ci95");
		cJSON_AddItemToArray(ci, cJSON_CreateNumber(q->ci_lo));
		cJSON_AddItemToArray(ci, cJSON_CreateNumber(q->ci_hi));
		cJSON_AddNumberToObject(e, "start", q->start);
		cJSON *b = cJSON_AddArrayToObject(e, "bounds");
		cJSON_AddItemToArray(b, cJSON_CreateNumber(q->lo));
		cJSON_AddItemToArray(b, cJSON_CreateNumber(q->hi));
	}
	/* the full covariance, for propagating it to results (src/stats/uncert.h): in the transformed
	 * coordinates u the fit works in, where it is the Gaussian the fit's intervals assume */
	if (P->cov_u) {
		cJSON *tr = cJSON_AddObjectToObject(fit, "transformed");
		cJSON_AddStringToObject(tr, "map", "x = lo + (hi - lo) s(u) for dram_eff, exp(log lo + (log hi - log lo) s(u)) otherwise; s logistic");
		cJSON *uu = cJSON_AddArrayToObject(tr, "u");
		cJSON *cv = cJSON_AddArrayToObject(tr, "cov_u");
		for (int i = 0; i < P->n_par; i++) {
			cJSON_AddItemToArray(uu, cJSON_CreateNumber(P->u_fit[i]));
			cJSON *row = cJSON_CreateDoubleArray(P->cov_u + (size_t)i * P->n_par, P->n_par);
			cJSON_AddItemToArray(cv, row);
		}
	}
	char *txt = cJSON_Print(root);
	cJSON_Delete(root);
	if (!txt)
		return err_internal("calibrate: out of memory");
	char tmp[1100];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	int rc = 0;
	if (!f || fputs(txt, f) < 0 || fputc('\n', f) < 0) {
		rc = err_user("%s: %s", path, strerror(errno));
		if (f)
			fclose(f);
	} else if (fclose(f) != 0 || rename(tmp, path) != 0) {
		rc = err_user("%s: %s", path, strerror(errno));
	}
	if (rc)
		remove(tmp);
	free(txt);
	return rc;
}
