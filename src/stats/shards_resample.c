/* shards_resample.c -- draws of a sampled profile's SHARDS error (see shards_resample.h). */
#include "stats/shards_resample.h"

#include <gsl/gsl_randist.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define RS_MAX_HIST 64

typedef struct rs_hist {
	reuse_hist_t *h;
	double *count0;           /* saved counts */
	double *lo0, *hi0;        /* saved bin edges (distance histograms: is_sd) */
	int is_sd;
	double cold0, total0;
	double noncold;           /* N' = sum(count0) */
	size_t *at;               /* per bin: index of its upper quantile in the merged grid */
} rs_hist_t;

struct shards_resample {
	double rate;
	int nh;
	rs_hist_t hist[RS_MAX_HIST];
	size_t nu;
	double *u;                /* merged quantile grid, sorted, unique, ending at 1 */
	double *g;                /* one draw of G on the grid */
	double *blk;              /* per grid slice: the blocks carrying its accesses, K_j */
	profile_stream_t *st;     /* the profile's streams, and their saved scalar counts */
	size_t n_st;
	double *st0;              /* per stream: accesses, writes, footprint */
	double blk0;              /* blocks with no reuse (a first touch only), K_0 */
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static int add_hist(shards_resample_t *rs, reuse_hist_t *h, int is_sd)
{
	if (h->n == 0 || rs->nh >= RS_MAX_HIST)
		return 0;
	rs_hist_t *e = &rs->hist[rs->nh];
	e->h = h;
	e->count0 = malloc(h->n * sizeof *e->count0);
	e->at = malloc(h->n * sizeof *e->at);
	if (!e->count0 || !e->at) {
		free(e->count0);
		free(e->at);
		return -1;
	}
	memcpy(e->count0, h->count, h->n * sizeof *e->count0);
	e->is_sd = is_sd;
	e->lo0 = e->hi0 = NULL;
	if (is_sd) {
		e->lo0 = malloc(h->n * sizeof *e->lo0);
		e->hi0 = malloc(h->n * sizeof *e->hi0);
		if (!e->lo0 || !e->hi0) {
			free(e->count0);
			free(e->at);
			free(e->lo0);
			free(e->hi0);
			return -1;
		}
		memcpy(e->lo0, h->lo, h->n * sizeof *e->lo0);
		memcpy(e->hi0, h->hi, h->n * sizeof *e->hi0);
	}
	e->cold0 = h->cold;
	e->total0 = h->total;
	e->noncold = 0;
	for (size_t i = 0; i < h->n; i++)
		e->noncold += h->count[i];
	rs->nh++;
	return 0;
}

/* the upper quantile of bin i of hist e on its non-cold axis */
static double bin_u(const rs_hist_t *e, double cum)
{
	return e->noncold > 0 ? fmin(1.0, cum / e->noncold) : 1.0;
}

/* The reuse time at non-cold quantile u of histogram h (bin's geometric middle, >= 1). */
static double time_at(const reuse_hist_t *h, double noncold, double u)
{
	double cum = 0;
	for (size_t b = 0; b < h->n; b++) {
		cum += h->count[b];
		if (cum >= u * noncold || b + 1 == h->n)
			return sqrt(fmax(1.0, h->lo[b]) * fmax(1.0, h->hi[b]));
	}
	return 1;
}

/* K_j per grid slice (shards_resample.h, UNEQUAL BLOCKS): a block reused every t accesses of the
 * merged stream carries N / t of its N accesses, so slice j's N' du_j accesses are carried by
 * K_j = N' du_j t(u_j) / N blocks, t from the global stream's reuse times (its stack distances,
 * t >= d, when the profile has none: fewer, heavier blocks, a larger stated error).  Except
 * re-references within the global stack's first bucket (a burst on one block, or SHARDS_adj's
 * correction): their gap says nothing of how often the block comes back, so those slices get
 * the mean weight, K_j = B du_j. */
static void block_weights(shards_resample_t *rs, const profile_t *p, double blocks)
{
	const profile_stream_t *g = profile_stream(p, "global");
	if (!g)
		g = profile_stream(p, "l1");
	const reuse_hist_t *t = g->rt.n > 0 ? &g->rt : &g->sd;
	double noncold = 0, all = 0, sd_nc = 0;
	for (size_t b = 0; b < t->n; b++)
		noncold += t->count[b];
	for (size_t b = 0; b < g->sd.n; b++)
		sd_nc += g->sd.count[b];
	all = noncold + t->cold;
	double burst = g->sd.n > 0 && sd_nc > 0 ? g->sd.count[0] / sd_nc : 0;   /* quantiles in the first bucket */
	double sum = 0, u0 = 0;
	for (size_t i = 0; i < rs->nu; i++) {
		double du = rs->u[i] - u0, um = 0.5 * (u0 + rs->u[i]);
		if (!(du > 0) || !(all > 0))
			rs->blk[i] = 0;
		else if (um < burst)
			rs->blk[i] = blocks * du;
		else
			rs->blk[i] = noncold * du * time_at(t, noncold, um) / all;
		if (rs->blk[i] > blocks)
			rs->blk[i] = blocks;
		sum += rs->blk[i];
		u0 = rs->u[i];
	}
	rs->blk0 = blocks > sum ? blocks - sum : 0;
}

shards_resample_t *shards_resample_alloc(profile_t *p, double rate, double blocks)
{
	if (!(rate > 0 && rate < 1) || !(blocks * rate >= 1))
		return NULL;
	shards_resample_t *rs = calloc(1, sizeof *rs);
	if (!rs)
		return NULL;
	rs->rate = rate;
	rs->st = p->streams;
	rs->n_st = p->n_streams;
	rs->st0 = malloc((p->n_streams ? p->n_streams : 1) * 3 * sizeof *rs->st0);
	int rc = rs->st0 ? 0 : -1;
	for (size_t s = 0; s < p->n_streams && !rc; s++) {
		rs->st0[3 * s] = p->streams[s].accesses;
		rs->st0[3 * s + 1] = p->streams[s].writes;
		rs->st0[3 * s + 2] = p->streams[s].footprint;
	}
	for (size_t s = 0; s < p->n_streams && !rc; s++) {
		profile_stream_t *st = &p->streams[s];
		rc = add_hist(rs, &st->sd, 1);
		if (!rc)
			rc = add_hist(rs, &st->rt, 0);
		if (!rc)
			rc = add_hist(rs, &st->sd_we, 1);
		for (int c = 0; c < RL_NCLASS && !rc; c++)
			rc = add_hist(rs, &st->cls_sd[c], 1);
	}
	size_t nb = 1;
	for (int i = 0; i < rs->nh; i++)
		nb += rs->hist[i].h->n;
	rs->u = rc ? NULL : malloc(nb * sizeof *rs->u);
	rs->g = rc ? NULL : malloc(nb * sizeof *rs->g);
	rs->blk = rc ? NULL : malloc(nb * sizeof *rs->blk);
	if (!rs->u || !rs->g || !rs->blk) {
		shards_resample_free(rs);
		return NULL;
	}
	size_t n = 0;
	rs->u[n++] = 1.0;
	for (int i = 0; i < rs->nh; i++) {
		const rs_hist_t *e = &rs->hist[i];
		double cum = 0;
		for (size_t b = 0; b < e->h->n; b++) {
			cum += e->count0[b];
			rs->u[n++] = bin_u(e, cum);
		}
	}
	qsort(rs->u, n, sizeof *rs->u, cmp_double);
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (m == 0 || rs->u[i] != rs->u[m - 1])
			rs->u[m++] = rs->u[i];
	rs->nu = m;
	for (int i = 0; i < rs->nh; i++) {
		rs_hist_t *e = &rs->hist[i];
		double cum = 0;
		for (size_t b = 0; b < e->h->n; b++) {
			cum += e->count0[b];
			double key = bin_u(e, cum);
			const double *hit = bsearch(&key, rs->u, rs->nu, sizeof *rs->u, cmp_double);
			e->at[b] = (size_t)(hit - rs->u);   /* present: every bin's quantile was merged */
		}
	}
	block_weights(rs, p, blocks);
	return rs;
}

/* One mean-1 gamma factor for `k` population blocks sampled at R: var (1 - R) / (R k). */
static double block_factor(gsl_rng *r, double k, double rate)
{
	double shape = rate * k / (1 - rate);
	return shape > 0 ? gsl_ran_gamma(r, shape, 1.0 / shape) : 1.0;
}

void shards_resample_draw(shards_resample_t *rs, gsl_rng *r)
{
	/* G on the grid: slice j grows by du_j x (its K_j blocks' sampled share over R); the cold
	 * counts (one first touch per block) by every block's */
	double g = 0, u0 = 0, kb = 0, kall = rs->blk0;
	for (size_t i = 0; i < rs->nu; i++) {
		double du = rs->u[i] - u0;
		if (du > 0) {
			double f = block_factor(r, rs->blk[i], rs->rate);
			g += du * f;
			kb += rs->blk[i] * f;
			kall += rs->blk[i];
		}
		rs->g[i] = g;
		u0 = rs->u[i];
	}
	kb += rs->blk0 * block_factor(r, rs->blk0, rs->rate);
	double g1 = rs->g[rs->nu - 1];        /* u = 1: the sampled accesses over their expectation */
	double c1 = kall > 0 ? kb / kall : 1; /* the sampled blocks over their expectation */
	for (int i = 0; i < rs->nh; i++) {
		rs_hist_t *e = &rs->hist[i];
		reuse_hist_t *h = e->h;
		double prev = 0;
		for (size_t b = 0; b < h->n; b++) {
			double gb = rs->g[e->at[b]];
			h->count[b] = e->noncold * (gb - prev);   /* this bin's slice of the blocks */
			prev = gb;
		}
		h->cold = e->cold0 * c1;                      /* one first touch per block */
		/* SHARDS_adj: the first bucket takes the offered total's difference, clamped at 0 */
		h->count[0] += e->noncold * (1 - g1) + e->cold0 * (1 - c1);
		if (h->count[0] < 0)
			h->count[0] = 0;
		h->total = h->cold;
		for (size_t b = 0; b < h->n; b++)
			h->total += h->count[b];
	}
	/* the scaled distances: d^ = d_s / R counts the sampled blocks among the d a reuse saw,
	 * so d^ - d has sd sqrt(d (1 - R) / R); one normal z per draw for every distance and stream
	 * (the same sampled blocks make the counts high or low: fully correlated, the largest
	 * error of this kind), kept monotone (a bin's edges never cross its neighbours') */
	double z = gsl_ran_gaussian(r, 1.0), a = sqrt((1 - rs->rate) / rs->rate);
	for (int i = 0; i < rs->nh; i++) {
		rs_hist_t *e = &rs->hist[i];
		if (!e->is_sd)
			continue;
		reuse_hist_t *h = e->h;
		double floor = 0;
		for (size_t b = 0; b < h->n; b++) {
			double lo = e->lo0[b] + a * z * sqrt(e->lo0[b]), hi = e->hi0[b] + a * z * sqrt(e->hi0[b]);
			lo = fmax(lo, floor);
			hi = fmax(hi, lo + 1e-6 * (e->hi0[b] - e->lo0[b]));
			h->lo[b] = lo;
			h->hi[b] = hi;
			floor = hi;
		}
	}
	/* the streams' counts as shards_correct leaves them: accesses = the sd histogram's total
	 * (above the offered N when the first bucket was clamped), writes scaled like the sampled
	 * accesses (1/R, no adjustment), footprint like the sampled blocks */
	for (size_t s = 0; s < rs->n_st; s++) {
		profile_stream_t *st = &rs->st[s];
		const reuse_hist_t *h = &st->sd;
		double n0 = rs->st0[3 * s];
		double cold = n0 > 0 ? fmin(1.0, fmax(0.0, h->cold / c1 / n0)) : 0;   /* the cold share, undrawn */
		st->accesses = h->n > 0 ? h->total : n0;
		st->writes = rs->st0[3 * s + 1] * ((1 - cold) * g1 + cold * c1);
		st->footprint = rs->st0[3 * s + 2] * c1;
	}
}

static void restore_edges(rs_hist_t *e)
{
	if (e->is_sd) {
		memcpy(e->h->lo, e->lo0, e->h->n * sizeof *e->lo0);
		memcpy(e->h->hi, e->hi0, e->h->n * sizeof *e->hi0);
	}
}

static void restore_streams(shards_resample_t *rs)
{
	for (size_t s = 0; s < rs->n_st && rs->st0; s++) {
		rs->st[s].accesses = rs->st0[3 * s];
		rs->st[s].writes = rs->st0[3 * s + 1];
		rs->st[s].footprint = rs->st0[3 * s + 2];
	}
}

void shards_resample_restore(shards_resample_t *rs)
{
	restore_streams(rs);
	for (int i = 0; i < rs->nh; i++) {
		rs_hist_t *e = &rs->hist[i];
		memcpy(e->h->count, e->count0, e->h->n * sizeof *e->count0);
		e->h->cold = e->cold0;
		e->h->total = e->total0;
		restore_edges(e);
	}
}

void shards_resample_free(shards_resample_t *rs)
{
	if (!rs)
		return;
	shards_resample_restore(rs);             /* the profile as it was, then the copies go */
	free(rs->st0);
	for (int i = 0; i < rs->nh; i++) {
		rs_hist_t *e = &rs->hist[i];
		free(e->count0);
		free(e->at);
		free(e->lo0);
		free(e->hi0);
	}
	free(rs->u);
	free(rs->g);
	free(rs->blk);
	free(rs);
}
