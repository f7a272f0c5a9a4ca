/* shards_resample.c -- draws of a sampled profile's SHARDS error from its random groups (see
 * shards_resample.h). */
#include "stats/shards_resample.h"

#include "profiling/shards.h"

#include <gsl/gsl_randist.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct rs_hist {
	reuse_hist_t *h;
	const double *rows;       /* k x (1 + n): the groups' raw counts, cold first */
	double *base;             /* 1 + n: the scaled counts before SHARDS_adj, e_bar = sum_k rows / R */
	double *b;                /* 1 + n: each count's regression coefficient on the total (shards.h) */
	double adj;               /* this draw's N - T^ of its stream */
	double *count0, *lo0, *hi0;   /* the profile's own, restored after the draws */
	double cold0, total0;
	int saved;                /* count0, lo0, hi0 hold the profile's own */
	int shift;                /* a distance histogram: its edges carry the scaled distances' error */
} rs_hist_t;

typedef struct rs_stream {
	profile_stream_t *st;
	int sd, rt, we, cls[RL_NCLASS];  /* indices into hist (-1: absent) */
	double acc0, wr0, foot0, wbase;  /* saved scalars; wbase = sum_k writes / R */
	const double *wrows;             /* k: the groups' writes */
	double traw[PROFILE_RG_MAX_K];   /* the groups' raw sd totals (the regression's T) */
	double tbase;                    /* sum_k traw / R */
} rs_stream_t;

struct shards_resample {
	double rate, offered;
	int k;
	double *a;                /* per draw: group g's weight a_g (shards_resample.h, DRAW) */
	int nh;
	rs_hist_t *hist;
	size_t nst;
	rs_stream_t *st;
};

/* Register histogram h with its groups' rows (NULL rows: a histogram without groups). */
static int add_hist(shards_resample_t *rs, reuse_hist_t *h, const double *rows, const double *traw, int shift,
	const char **why)
{
	if (h->n == 0 && !(h->cold > 0))
		return -2;                                     /* absent: nothing to draw */
	if (!rows) {
		*why = "a histogram of the sampled profile has no random groups";
		return -1;
	}
	rs_hist_t *e = &rs->hist[rs->nh];
	memset(e, 0, sizeof *e);
	e->h = h;
	e->rows = rows;
	e->shift = shift;
	size_t n = h->n, k = (size_t)rs->k;
	e->base = malloc((1 + n) * sizeof *e->base);
	e->b = malloc((1 + n) * sizeof *e->b);
	e->count0 = malloc((n ? n : 1) * sizeof *e->count0);
	e->lo0 = malloc((n ? n : 1) * sizeof *e->lo0);
	e->hi0 = malloc((n ? n : 1) * sizeof *e->hi0);
	rs->nh++;                                              /* freed with the others from here */
	if (!e->base || !e->b || !e->count0 || !e->lo0 || !e->hi0) {
		*why = "out of memory";
		return -1;
	}
	if (n) {                                               /* an empty histogram has NULL arrays */
		memcpy(e->count0, h->count, n * sizeof *e->count0);
		memcpy(e->lo0, h->lo, n * sizeof *e->lo0);
		memcpy(e->hi0, h->hi, n * sizeof *e->hi0);
	}
	e->cold0 = h->cold;
	e->total0 = h->total;
	e->saved = 1;
	for (size_t b = 0; b <= n; b++) {
		double s = 0;
		for (size_t g = 0; g < k; g++)
			s += rows[g * (1 + n) + b];
		e->base[b] = s / rs->rate;                     /* the full sample's count, 1/R each */
	}
	shards_reg_coef(rows, rs->k, n, traw, e->b);       /* REGRESSION ADJUSTMENT (shards.h) */
	return rs->nh - 1;
}

static int hist_index(shards_resample_t *rs, reuse_hist_t *h, const double *rows, const double *traw, int shift,
	const char **why, int *out)
{
	int i = add_hist(rs, h, rows, traw, shift, why);
	if (i == -1)
		return -1;
	*out = i;                                              /* -2: absent */
	return 0;
}

shards_resample_t *shards_resample_alloc(profile_t *p, double rate, const char **why)
{
	*why = "out of memory";
	if (!(rate > 0 && rate < 1)) {
		*why = "the SHARDS rate is not in (0, 1)";
		return NULL;
	}
	shards_resample_t *rs = calloc(1, sizeof *rs);
	if (!rs)
		return NULL;
	rs->rate = rate;
	rs->nst = p->n_streams;
	rs->st = calloc(p->n_streams ? p->n_streams : 1, sizeof *rs->st);
	rs->hist = calloc((p->n_streams ? p->n_streams : 1) * (3 + RL_NCLASS), sizeof *rs->hist);
	if (!rs->st || !rs->hist) {
		shards_resample_free(rs);
		return NULL;
	}
	int rc = 0;
	for (size_t s = 0; s < p->n_streams && !rc; s++) {
		profile_stream_t *st = &p->streams[s];
		const profile_rgroups_t *g = st->rg;
		rs_stream_t *q = &rs->st[s];
		q->st = st;
		q->acc0 = st->accesses;
		q->wr0 = st->writes;
		q->foot0 = st->footprint;
		q->sd = q->rt = q->we = -2;
		for (int c = 0; c < RL_NCLASS; c++)
			q->cls[c] = -2;
		if (!g) {
			*why = "its streams carry no random groups (a sampled profile written before them): regenerate it "
			       "with --sample, or leave the source out (--uncert model,calibration)";
			rc = -1;
			break;
		}
		if (rs->k == 0)
			rs->k = g->k;
		if (g->k != rs->k || g->k < 2 || g->k > PROFILE_RG_MAX_K) {
			*why = "the streams' random groups differ in number";
			rc = -1;
			break;
		}
		q->wrows = g->writes;
		double ws = 0;
		for (int k = 0; k < g->k; k++)
			ws += g->writes[k];
		q->wbase = ws / rate;
		size_t n = st->sd.n;
		for (int k = 0; k < g->k && g->sd; k++) {
			q->traw[k] = 0;
			for (size_t i = 0; i <= n; i++)
				q->traw[k] += g->sd[(size_t)k * (1 + n) + i];
			q->tbase += q->traw[k] / rate;
		}
		rc = hist_index(rs, &st->sd, g->sd, q->traw, 1, why, &q->sd) ||
		     hist_index(rs, &st->rt, g->rt, q->traw, 0, why, &q->rt) ||
		     hist_index(rs, &st->sd_we, g->sd_we, q->traw, 1, why, &q->we);
		for (int c = 0; c < RL_NCLASS && !rc; c++)
			rc = hist_index(rs, &st->cls_sd[c], g->cls[c], q->traw, 1, why, &q->cls[c]);
	}
	/* the offered accesses N every stream's sd and rt totals keep (SHARDS_adj, signed:
	 * src/profiling/shards.h SIGNED ADJUSTMENT) */
	if (!rc) {
		int exact;
		rs->offered = shards_offered(p, &exact);
	}
	if (!rc && !(rs->a = malloc((size_t)rs->k * sizeof *rs->a))) {
		*why = "out of memory";
		rc = -1;
	}
	if (rc) {
		shards_resample_free(rs);
		return NULL;
	}
	*why = NULL;
	return rs;
}

/* One histogram's draw: base + sum_g a_g rows_g (DRAW), plus b (N - T) with the drawn total T of
 * its stream (the REGRESSION ADJUSTMENT of src/profiling/shards.h, as on load), kept >= 0. */
static void draw_counts(const shards_resample_t *rs, rs_hist_t *e)
{
	reuse_hist_t *h = e->h;
	size_t n = h->n;
	for (size_t b = 0; b <= n; b++) {
		double v = e->base[b];
		for (int g = 0; g < rs->k; g++)
			v += rs->a[g] * e->rows[(size_t)g * (1 + n) + b];
		v = fmax(v + e->b[b] * e->adj, 0.0);
		if (b == 0)
			h->cold = v;
		else
			h->count[b - 1] = v;
	}
	h->total = h->cold;
	for (size_t b = 0; b < n; b++)
		h->total += h->count[b];
}

/* What the clamps at 0 added above N comes out of the shortest distances (shards.h). */
static void adjust(reuse_hist_t *h, double offered)
{
	if (h->n > 0)
		shards_take_excess(h, offered);
}

static void scale_to(reuse_hist_t *h, double total)
{
	if (!(h->total > 0))
		return;
	double f = total / h->total;
	for (size_t b = 0; b < h->n; b++)
		h->count[b] *= f;
	h->cold *= f;
	h->total = total;
}

void shards_resample_draw(shards_resample_t *rs, gsl_rng *r)
{
	/* DRAW (shards_resample.h): a_g = c (k z_g - sum z) / R, c = t sqrt((1 - R) / (k (k - 1))),
	 * t = sqrt((k - 1) / chi2_{k-1}); one set of z for every histogram and stream */
	int k = rs->k;
	double zs = 0;
	for (int g = 0; g < k; g++) {
		rs->a[g] = gsl_ran_gaussian(r, 1.0);
		zs += rs->a[g];
	}
	double chi = gsl_ran_chisq(r, (double)(k - 1));
	double t = chi > 0 ? sqrt((k - 1) / chi) : 1;
	double c = t * sqrt((1 - rs->rate) / ((double)k * (k - 1)));
	for (int g = 0; g < k; g++)
		rs->a[g] = c * (k * rs->a[g] - zs) / rs->rate;
	/* each stream's drawn total T (its sd's groups), and N - T on each of its histograms */
	for (size_t s = 0; s < rs->nst; s++) {
		rs_stream_t *q = &rs->st[s];
		double t_e = q->tbase;
		for (int g = 0; g < k; g++)
			t_e += rs->a[g] * q->traw[g];
		int idx[3 + RL_NCLASS] = { q->sd, q->rt, q->we };
		for (int c2 = 0; c2 < RL_NCLASS; c2++)
			idx[3 + c2] = q->cls[c2];
		for (int j = 0; j < 3 + RL_NCLASS; j++)
			if (idx[j] >= 0)
				rs->hist[idx[j]].adj = rs->offered - t_e;
	}
	for (int i = 0; i < rs->nh; i++)
		draw_counts(rs, &rs->hist[i]);
	/* the corrections shards_correct makes (shards.h), on the draw */
	for (size_t s = 0; s < rs->nst; s++) {
		rs_stream_t *q = &rs->st[s];
		reuse_hist_t *sd = q->sd >= 0 ? rs->hist[q->sd].h : NULL;
		if (sd)
			adjust(sd, rs->offered);
		if (q->rt >= 0)
			adjust(rs->hist[q->rt].h, rs->offered);
		double total = sd ? sd->total : q->acc0;
		if (q->we >= 0)
			scale_to(rs->hist[q->we].h, total);
		double cls_sum = 0;
		for (int c2 = 0; c2 < RL_NCLASS; c2++)
			if (q->cls[c2] >= 0)
				cls_sum += rs->hist[q->cls[c2]].h->total;
		for (int c2 = 0; c2 < RL_NCLASS && cls_sum > 0; c2++)
			if (q->cls[c2] >= 0) {
				reuse_hist_t *h = rs->hist[q->cls[c2]].h;
				scale_to(h, h->total * total / cls_sum);
			}
		/* the scalars as shards_correct leaves them: accesses = the sd total, writes 1/R each
		 * (no adjustment), footprint with the sampled first touches */
		q->st->accesses = sd ? sd->total : q->acc0;
		double w = q->wbase;
		for (int g = 0; g < k; g++)
			w += rs->a[g] * q->wrows[g];
		q->st->writes = fmin(fmax(w, 0.0), q->st->accesses);
		double cold0 = q->sd >= 0 ? rs->hist[q->sd].cold0 : 0;
		q->st->footprint = cold0 > 0 ? q->foot0 * sd->cold / cold0 : q->foot0;
	}
	/* SCALED DISTANCES (shards_resample.h): d^ = d_s / R counts the sampled blocks among the d a
	 * reuse saw, sd sqrt(d (1 - R) / R); one normal z for every distance edge and stream, kept
	 * monotone (reuse times: not drawn) */
	double z = gsl_ran_gaussian(r, 1.0), sa = sqrt((1 - rs->rate) / rs->rate);
	for (int i = 0; i < rs->nh; i++) {
		rs_hist_t *e = &rs->hist[i];
		if (!e->shift)
			continue;
		reuse_hist_t *h = e->h;
		double floor = 0;
		for (size_t b = 0; b < h->n; b++) {
			double lo = e->lo0[b] + sa * z * sqrt(e->lo0[b]), hi = e->hi0[b] + sa * z * sqrt(e->hi0[b]);
			lo = fmax(lo, floor);
			hi = fmax(hi, lo + 1e-6 * (e->hi0[b] - e->lo0[b]));
			h->lo[b] = lo;
			h->hi[b] = hi;
			floor = hi;
		}
	}
}

void shards_resample_restore(shards_resample_t *rs)
{
	for (size_t s = 0; s < rs->nst && rs->st; s++) {
		rs_stream_t *q = &rs->st[s];
		if (!q->st)
			continue;
		q->st->accesses = q->acc0;
		q->st->writes = q->wr0;
		q->st->footprint = q->foot0;
	}
	for (int i = 0; i < rs->nh; i++) {
		rs_hist_t *e = &rs->hist[i];
		if (!e->saved)
			continue;
		if (e->h->n) {                                 /* an empty histogram has NULL arrays */
			memcpy(e->h->count, e->count0, e->h->n * sizeof *e->count0);
			memcpy(e->h->lo, e->lo0, e->h->n * sizeof *e->lo0);
			memcpy(e->h->hi, e->hi0, e->h->n * sizeof *e->hi0);
		}
		e->h->cold = e->cold0;
		e->h->total = e->total0;
	}
}

void shards_resample_free(shards_resample_t *rs)
{
	if (!rs)
		return;
	shards_resample_restore(rs);             /* the profile as it was, then the copies go */
	for (int i = 0; i < rs->nh && rs->hist; i++) {
		rs_hist_t *e = &rs->hist[i];
		free(e->base);
		free(e->b);
		free(e->count0);
		free(e->lo0);
		free(e->hi0);
	}
	free(rs->hist);
	free(rs->st);
	free(rs->a);
	free(rs);
}
