/* sensitivity_data.c -- a stored run as factors and responses (see sensitivity_data.h). */
#include "stats/sensitivity_data.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "columns.h"
#include "knobs.h"

#define NCAND (1 + 64)   /* variant + knobs */

typedef struct column_levels {
	char name[48];
	int n;
	char *label[SENS_MAX_LEVELS];
	int overflow;
} column_levels_t;

typedef struct load_ctx {
	sens_data_t *d;
	int ncand;
	column_levels_t *cand;
	int *clev;            /* [cap x ncand] */
	size_t cap;
	int64_t last_id;
	int rc;
} load_ctx_t;

static int level_of(column_levels_t *c, const char *text)
{
	const char *t = text ? text : "";
	for (int i = 0; i < c->n; i++)
		if (!strcmp(c->label[i], t))
			return i;
	if (c->n == SENS_MAX_LEVELS) {
		c->overflow = 1;
		return 0;
	}
	c->label[c->n] = strdup(t);
	return c->n++;
}

static int workload_index(const sens_data_t *d, const char *name)
{
	for (int w = 0; w < d->nw; w++)
		if (!strcmp(d->wname[w], name))
			return w;
	return -1;
}

/* Row: design_id, workload, variant, knobs..., metrics... (rows ordered by design). */
static int on_row(void *vctx, int ncols, const char *const *names, const char *const *text, const double *num)
{
	load_ctx_t *c = vctx;
	sens_data_t *d = c->d;
	int64_t id = (int64_t)num[0];
	if (d->nd == 0 || id != c->last_id) {
		if (d->nd == c->cap) {
			size_t cap = c->cap ? 2 * c->cap : 256;
			int *nl = realloc(c->clev, cap * (size_t)c->ncand * sizeof *nl);
			int64_t *ni = realloc(d->design_id, cap * sizeof *ni);
			double *ny = malloc(cap * (size_t)d->nm * (size_t)d->nw * sizeof *ny);
			if (!nl || !ni || !ny) {
				free(ny);
				c->clev = nl ? nl : c->clev;
				d->design_id = ni ? ni : d->design_id;
				return c->rc = err_internal("sensitivity: out of memory");
			}
			for (size_t i = 0; i < cap * (size_t)d->nm * (size_t)d->nw; i++)
				ny[i] = NAN;
			for (int m = 0; m < d->nm; m++)
				for (int w = 0; w < d->nw; w++)
					for (size_t i = 0; i < d->nd; i++)
						ny[((size_t)m * d->nw + w) * cap + i] = d->y[((size_t)m * d->nw + w) * c->cap + i];
			free(d->y);
			d->y = ny;
			c->clev = nl;
			d->design_id = ni;
			c->cap = cap;
		}
		for (int k = 0; k < c->ncand; k++)
			c->clev[d->nd * c->ncand + k] = level_of(&c->cand[k], text[2 + k]);
		d->design_id[d->nd++] = id;
		c->last_id = id;
	}
	int w = workload_index(d, text[1]);
	if (w < 0)
		return c->rc = err_internal("sensitivity: result of an unknown workload \"%s\"", text[1]);
	for (int m = 0; m < d->nm; m++)
		d->y[((size_t)m * d->nw + w) * c->cap + d->nd - 1] = num[2 + c->ncand + m];
	(void)ncols;
	(void)names;
	return 0;
}

int sens_load(store_t *st, int64_t run_id, const char *const *metrics, int nm, sens_data_t *d)
{
	memset(d, 0, sizeof *d);
	if (nm < 1 || nm > SENS_MAX_METRICS)
		return err_user("sensitivity: between 1 and %d metrics, got %d", SENS_MAX_METRICS, nm);
	char cols[4096];
	size_t n = snprintf(cols, sizeof cols, "design_id,workload,variant");
	for (size_t k = 0; k < n_knobs; k++)
		n += snprintf(cols + n, sizeof cols - n, ",%s", knobs[k].name);
	for (int m = 0; m < nm; m++) {
		if (!metric_col_find(metrics[m]))
			return err_user("sensitivity: --metric: unknown metric \"%s\" (gpudse help sensitivity lists them)", metrics[m]);
		snprintf(d->mname[m], sizeof d->mname[m], "%s", metrics[m]);
		n += snprintf(cols + n, sizeof cols - n, ",%s", metrics[m]);
	}
	d->nm = nm;
	int nw = store_workload_names(st, run_id, &d->wname);
	if (nw < 0)
		return EXIT_INTERNAL;
	d->nw = nw;
	if (nw == 0)
		return err_user("sensitivity: run %lld has no workloads", (long long)run_id);
	column_levels_t *cand = 1 + n_knobs <= NCAND ? calloc(NCAND, sizeof *cand) : NULL;
	if (!cand) {
		sens_data_free(d);
		return err_internal("sensitivity: no room for %zu knobs", n_knobs);
	}
	load_ctx_t c = { d, 1 + (int)n_knobs, cand, NULL, 0, 0, 0 };
	snprintf(cand[0].name, sizeof cand[0].name, "variant");
	for (size_t k = 0; k < n_knobs; k++)
		snprintf(cand[1 + k].name, sizeof cand[1 + k].name, "%s", knobs[k].name);
	int rc = store_select(st, run_id, NULL, NULL, 0, cols, NULL, 0, on_row, &c);
	if (!rc && c.rc)
		rc = c.rc;
	/* compact y to [nm][nw][nd] */
	if (!rc && d->nd && c.cap != d->nd) {
		for (int m = 0; m < nm; m++)
			for (int w = 0; w < nw; w++)
				memmove(d->y + ((size_t)m * nw + w) * d->nd, d->y + ((size_t)m * nw + w) * c.cap,
					d->nd * sizeof *d->y);
	}
	if (!rc && d->nd < 2)
		rc = err_user("sensitivity: run %lld has %zu stored design(s); nothing varies", (long long)run_id, d->nd);
	/* the factors: varying columns; a knob with one value per variant is aliased with it */
	int nvariant = cand[0].n, variant_varies = !rc && nvariant > 1;
	for (int k = 0; k < c.ncand && !rc; k++) {
		if (cand[k].n < 2)
			continue;
		if (cand[k].overflow) {
			rc = err_user("sensitivity: %s has more than %d distinct values; not a factor with levels",
				cand[k].name, SENS_MAX_LEVELS);
			break;
		}
		if (k > 0 && variant_varies) {
			int *first = malloc((size_t)nvariant * sizeof *first), set_by_variant = 1;
			if (!first) {
				rc = err_internal("sensitivity: out of memory");
				break;
			}
			for (int v = 0; v < nvariant; v++)
				first[v] = -1;
			for (size_t i = 0; i < d->nd && set_by_variant; i++) {
				int v = c.clev[i * c.ncand], l = c.clev[i * c.ncand + k];
				if (first[v] < 0)
					first[v] = l;
				set_by_variant = first[v] == l;
			}
			free(first);
			if (set_by_variant) {
				size_t m = strlen(d->aliased);
				snprintf(d->aliased + m, sizeof d->aliased - m, "%s%s", m ? ", " : "", cand[k].name);
				continue;
			}
		}
		if (d->nf == SENS_MAX_F) {
			rc = err_user("sensitivity: more than %d varying knobs", SENS_MAX_F);
			break;
		}
		snprintf(d->fname[d->nf], sizeof d->fname[d->nf], "%s", cand[k].name);
		d->nlev[d->nf] = cand[k].n;
		cand[k].n = -1 - d->nf;   /* marks the column as factor number nf */
		d->nf++;
	}
	if (!rc && d->nf == 0)
		rc = err_user("sensitivity: no knob varies over run %lld", (long long)run_id);
	if (!rc) {
		d->lev = malloc(d->nd * (size_t)d->nf * sizeof *d->lev);
		if (!d->lev)
			rc = err_internal("sensitivity: out of memory");
		for (int k = 0; k < c.ncand && !rc; k++)
			if (cand[k].n < 0) {
				int f = -1 - cand[k].n;
				for (size_t i = 0; i < d->nd; i++)
					d->lev[i * d->nf + f] = c.clev[i * c.ncand + k];
			}
	}
	for (int k = 0; k < c.ncand; k++)
		for (int i = 0; i < SENS_MAX_LEVELS && cand[k].label[i]; i++)
			free(cand[k].label[i]);
	free(cand);
	free(c.clev);
	if (rc)
		sens_data_free(d);
	return rc;
}

void sens_data_free(sens_data_t *d)
{
	free(d->design_id);
	free(d->lev);
	free(d->y);
	store_free_names(d->wname, d->nw);
	memset(d, 0, sizeof *d);
}

const double *sens_response(const sens_data_t *d, int m, int w)
{
	const double *y = d->y + ((size_t)m * d->nw + w) * d->nd;
	for (size_t i = 0; i < d->nd; i++)
		if (isnan(y[i]))
			return NULL;
	return y;
}

int sens_geomean(const sens_data_t *d, int m, double *y)
{
	for (size_t i = 0; i < d->nd; i++) {
		double lsum = 0, sum = 0;
		int pos = 1;
		for (int w = 0; w < d->nw; w++) {
			double v = d->y[((size_t)m * d->nw + w) * d->nd + i];
			if (isnan(v))
				return -1;
			sum += v;
			if (v > 0)
				lsum += log(v);
			else
				pos = 0;
		}
		y[i] = pos ? exp(lsum / d->nw) : sum / d->nw;
	}
	return 0;
}
