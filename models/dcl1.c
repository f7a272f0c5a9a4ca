/*
 * dcl1.c -- DC-L1 organisations, replication, NoC cost and the GPU-model seam.
 *
 * Equations, assumptions and sources are in dcl1.h's header comment (paper 001: Ibrahim et
 * al., HPCA 2021; section numbers below are the paper's).  Pure functions; the only
 * allocations are the per-workload footprint tables and dcl1_ctx_t.
 */
#include "dcl1.h"
#include "mech.h"
#include "area.h"
#include "reuse.h"
#include "tech.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int ceil_log2(int v)
{
	int b = 0;
	while ((1 << b) < v)
		b++;
	return b;
}

int dcl1_shape(int org, int x, int y, int z, int l, dcl1_shape_t *s, const char **why)
{
	static const char *dummy;
	if (!why)
		why = &dummy;
	memset(s, 0, sizeof *s);
	s->org = org;
	s->x = x;
	s->l = l;
	if (x < 1 || l < 1) {
		*why = "dcl1: the GPU needs at least one core and one LLC slice";
		return -1;
	}
	switch (org) {
	case DCL1_BASE:   /* private L1 per core, one X x L crossbar (Table I "Baseline") */
		s->y = x; s->z = x; s->m = 1; s->n = 1; s->o = l;
		s->group = 1; s->domains = x; s->home_bits = 0;
		s->noc2 = (dcl1_xbar_t){ 1, x, l };
		return 0;
	case DCL1_PR:     /* §IV-A: Y nodes of X*C/Y, N = X/Y cores each via N x 1 crossbars */
		if (y < 1 || y > x || x % y != 0) {
			*why = "dcl1: dcl1_nodes (Y) must divide the core count X (paper §IV-A)";
			return -1;
		}
		s->y = y; s->z = y; s->m = 1; s->n = x / y; s->o = l;
		s->group = x / y; s->domains = y; s->home_bits = 0;
		s->noc1 = (dcl1_xbar_t){ y, x / y, 1 };       /* Table I: (xY) N x 1 (N = 1: direct links) */
		s->noc2 = (dcl1_xbar_t){ 1, y, l };           /* Table I: (x1) Y x L */
		return 0;
	case DCL1_SH:     /* §V-A: X x Y crossbar, ceil(log2 Y) home bits */
		if (y < 1 || y > x || x % y != 0) {
			*why = "dcl1: dcl1_nodes (Y) must divide the core count X (paper §IV-A)";
			return -1;
		}
		s->y = y; s->z = 1; s->m = y; s->n = x; s->o = l;
		s->group = x; s->domains = 1; s->home_bits = ceil_log2(y);
		s->noc1 = (dcl1_xbar_t){ 1, x, y };           /* §V-A: 80 x 40 for Sh40 */
		s->noc2 = (dcl1_xbar_t){ 1, y, l };           /* §V-B: 40 x 32 */
		return 0;
	case DCL1_SHC:    /* §VI-A: Z clusters of M = Y/Z nodes */
		if (y < 1 || y > x || x % y != 0) {
			*why = "dcl1: dcl1_nodes (Y) must divide the core count X (paper §IV-A)";
			return -1;
		}
		if (z < 1 || y % z != 0) {
			*why = "dcl1: dcl1_clusters (Z) must divide dcl1_nodes (Y) (paper §VI-A)";
			return -1;
		}
		if (l % (y / z) != 0) {
			*why = "dcl1: nodes per cluster M = Y/Z must divide the LLC slice count L (paper §VI-A)";
			return -1;
		}
		s->y = y; s->z = z; s->m = y / z; s->n = x / z; s->o = l / (y / z);
		s->group = x / z; s->domains = z; s->home_bits = ceil_log2(y / z); /* §VI-A: ceil(log2(Y/Z)) */
		s->noc1 = (dcl1_xbar_t){ z, x / z, y / z };   /* §VI-A: Z crossbars N x M */
		s->noc2 = (dcl1_xbar_t){ y / z, z, l / (y / z) }; /* §VI-A: M crossbars Z x O */
		return 0;
	default:
		*why = "dcl1: unknown dcl1_org";
		return -1;
	}
}

double dcl1_peak_bw(const dcl1_shape_t *s, double l1_bytes_per_cycle, double flit_bytes,
                    double clock_mult)
{
	if (s->org == DCL1_BASE)
		return s->x * l1_bytes_per_cycle;         /* Table I: 128 B / 1 cycle x 80 */
	return s->y * flit_bytes * clock_mult;            /* Table I: 128 B / 4 cycles x Y (32 B links) */
}

double dcl1_xbar_cost(const dcl1_xbar_t *xb, double beta, double flit_bytes)
{
	if (xb->count == 0 || (xb->n_in == 1 && xb->n_out == 1))
		return 0.0;                               /* direct links: wires only (§IV-B, Pr80) */
	double wr = flit_bytes / 32.0;
	/* dcl1.h: A = n*m*wr^2 + beta*(n+m)*wr per crossbar */
	return xb->count * ((double)xb->n_in * xb->n_out * wr * wr + beta * (xb->n_in + xb->n_out) * wr);
}

static double noc_ratio(const dcl1_shape_t *s, double flit_bytes, double beta)
{
	dcl1_xbar_t base = { 1, s->x, s->l };
	double b = dcl1_xbar_cost(&base, beta, flit_bytes);
	return (dcl1_xbar_cost(&s->noc1, beta, flit_bytes) + dcl1_xbar_cost(&s->noc2, beta, flit_bytes)) / b;
}

double dcl1_noc_area_ratio(const dcl1_shape_t *s, double flit_bytes)
{
	return noc_ratio(s, flit_bytes, DCL1_AREA_BETA);
}

double dcl1_noc_static_ratio(const dcl1_shape_t *s, double flit_bytes)
{
	return noc_ratio(s, flit_bytes, DCL1_POWER_BETA);
}

double dcl1_fmax_ratio(int n_in, int n_out, int x, int l)
{
	if (n_in <= 1 && n_out <= 1)
		return INFINITY;                          /* a direct link has no allocator on its path */
	/* dcl1.h: f_max = kappa * f_noc * sqrt((X + L) / (n + m))  (Fig. 13b trend, assumption) */
	return DCL1_FMAX_HEADROOM * sqrt((double)(x + l) / (double)(n_in + n_out));
}

double dcl1_access_lat(double base_lat, double size_ratio)
{
	if (size_ratio <= 1.0)
		return base_lat;
	return base_lat * (1.0 + DCL1_LAT_PER_DOUBLING * log2(size_ratio)); /* §VIII: 28 -> 30 at 2x */
}

double dcl1_l1_area_ratio(const dcl1_shape_t *s, double l1_bytes)
{
	if (s->org == DCL1_BASE)
		return 1.0;
	/* §VIII Area Analysis: arrays X*C, periphery phi*C16K per bank, queues 2 KB per node */
	double phi = DCL1_BANK_PERIPHERY * l1_bytes;  /* periphery in array-byte equivalents */
	double base = s->x * (l1_bytes + phi);
	double dc = s->x * l1_bytes + s->y * phi + s->y * (double)DCL1_QUEUE_BYTES;
	return dc / base;
}

double dcl1_camping_skew(const profile_t *p, int n_homes, int *found)
{
	const profile_homes_t *best = NULL;
	if (found)
		*found = 0;
	if (n_homes <= 1 || !p)
		return 1.0;
	for (size_t i = 0; i < p->n_homes; i++) {
		const profile_homes_t *h = &p->homes[i];
		if (h->n_homes >= n_homes && h->n_homes % n_homes == 0 &&
		    (!best || h->n_homes > best->n_homes))
			best = h;
	}
	if (!best)
		return 1.0;
	/* fold K homes onto n_homes: block mod n = (block mod K) mod n when n | K (dcl1.h) */
	double mx = 0.0, sum = 0.0;
	for (int j = 0; j < n_homes; j++) {
		double f = 0.0;
		for (int k = j; k < best->n_homes; k += n_homes)
			f += best->frac[k];
		sum += f;
		if (f > mx)
			mx = f;
	}
	if (sum <= 0.0)
		return 1.0;
	if (found)
		*found = 1;
	return n_homes * mx / sum;                        /* hottest home over the mean (§V-B camping) */
}

/* ---- footprint tables (HOTL) ---- */

struct dcl1_fp {
	size_t n;          /* knots */
	double *c;         /* capacity knots, blocks, ascending, c[0] = 0 */
	double *h;         /* hit ratio H(c) at the knots (piecewise linear between) */
	double *t;         /* fill time t(c) at the knots, sub-stream accesses (may end in inf) */
	double total;      /* distinct blocks per sub-stream */
	double tail_mr;    /* miss ratio beyond the last knot (cold share) */
};

void dcl1_fp_free(dcl1_fp_t *f)
{
	if (!f)
		return;
	free(f->c);
	free(f->h);
	free(f->t);
	free(f);
}

/* integral of dc / mr over a segment where mr goes linearly from m0 to m1 over dc */
static double seg_fill(double dc, double m0, double m1)
{
	if (dc <= 0.0)
		return 0.0;
	if (m0 <= 0.0 || m1 <= 0.0)
		return INFINITY;
	if (fabs(m0 - m1) < 1e-12 * m0)
		return dc / m0;
	return dc * (log(m0) - log(m1)) / (m0 - m1);      /* HOTL: t(c) = int dc / mr(c) */
}

dcl1_fp_t *dcl1_fp_alloc(const reuse_hist_t *sd, int n_sub)
{
	if (!sd || sd->total <= 0.0 || n_sub < 1)
		return NULL;
	dcl1_fp_t *f = calloc(1, sizeof *f);
	if (!f)
		return NULL;
	size_t cap = 2 * sd->n + 2;
	f->c = malloc(cap * sizeof *f->c);
	f->h = malloc(cap * sizeof *f->h);
	f->t = malloc(cap * sizeof *f->t);
	if (!f->c || !f->h || !f->t) {
		dcl1_fp_free(f);
		return NULL;
	}
	size_t k = 0;
	double cum = 0.0;
	f->c[k] = 0.0; f->h[k] = 0.0; k++;
	for (size_t i = 0; i < sd->n; i++) {
		double lo = sd->lo[i], hi = sd->hi[i];
		if (lo > f->c[k - 1]) {                   /* flat stretch before the bin */
			f->c[k] = lo; f->h[k] = cum; k++;
		}
		cum += sd->count[i] / sd->total;
		if (hi > f->c[k - 1]) {
			f->c[k] = hi; f->h[k] = cum; k++;
		} else {
			f->h[k - 1] = cum;                /* degenerate bin: a jump */
		}
	}
	f->n = k;
	f->total = sd->cold / n_sub;
	f->tail_mr = 1.0 - cum;
	if (f->tail_mr < 0.0)
		f->tail_mr = 0.0;
	f->t[0] = 0.0;
	for (size_t j = 1; j < k; j++)
		f->t[j] = f->t[j - 1] + seg_fill(f->c[j] - f->c[j - 1], 1.0 - f->h[j - 1], 1.0 - f->h[j]);
	return f;
}

static size_t fp_seg(const double *a, size_t n, double v)
{
	/* largest j with a[j] <= v (a ascending, a[0] <= v) */
	size_t lo = 0, hi = n - 1;
	while (lo < hi) {
		size_t mid = (lo + hi + 1) / 2;
		if (a[mid] <= v)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

double dcl1_fp_hit(const dcl1_fp_t *f, double blocks)
{
	if (blocks <= 0.0)
		return 0.0;
	if (blocks >= f->c[f->n - 1])
		return f->h[f->n - 1];
	size_t j = fp_seg(f->c, f->n, blocks);
	double u = (blocks - f->c[j]) / (f->c[j + 1] - f->c[j]);
	return f->h[j] + u * (f->h[j + 1] - f->h[j]);
}

double dcl1_fp_fill(const dcl1_fp_t *f, double blocks)
{
	if (blocks <= 0.0)
		return 0.0;
	if (blocks > f->total)
		return INFINITY;                          /* more than the stream ever touches */
	double cl = f->c[f->n - 1];
	if (blocks >= cl)
		return f->t[f->n - 1] + seg_fill(blocks - cl, f->tail_mr, f->tail_mr);
	size_t j = fp_seg(f->c, f->n, blocks);
	return f->t[j] + seg_fill(blocks - f->c[j], 1.0 - f->h[j], 1.0 - dcl1_fp_hit(f, blocks));
}

double dcl1_fp_footprint(const dcl1_fp_t *f, double t)
{
	if (t <= 0.0)
		return 0.0;
	double fp;
	size_t last = f->n - 1;
	if (!(t < f->t[last])) {
		if (isinf(f->t[last]) || f->tail_mr <= 0.0)
			fp = f->c[last];
		else
			fp = f->c[last] + (t - f->t[last]) * f->tail_mr; /* fp' = mr (HOTL) */
	} else {
		size_t j = fp_seg(f->t, f->n, t);
		double u = (t - f->t[j]) / (f->t[j + 1] - f->t[j]);
		fp = f->c[j] + u * (f->c[j + 1] - f->c[j]);
	}
	return fp < f->total ? fp : f->total;
}

double dcl1_fp_total(const dcl1_fp_t *f)
{
	return f->total;
}

void dcl1_share_eval(const dcl1_fp_t *grp, const dcl1_fp_t *all, int domains, double cap,
                     dcl1_share_t *o)
{
	assert(domains >= 1 && cap > 0.0);
	memset(o, 0, sizeof *o);
	o->hit_own = dcl1_fp_hit(grp, cap);
	o->occupancy = cap < dcl1_fp_total(grp) ? cap : dcl1_fp_total(grp);
	o->fill = dcl1_fp_fill(grp, o->occupancy);
	if (domains == 1 || !all) {
		o->hit_any = o->hit_own;
		o->replication = 0.0;
		o->copies = 1.0;
		o->union_blocks = o->occupancy;
		return;
	}
	/* dcl1.h: the union of the caches = blocks any core touched in the last G*T merged accesses */
	double w = isinf(o->fill) ? INFINITY : domains * o->fill;
	o->union_blocks = isinf(w) ? dcl1_fp_total(all) : dcl1_fp_footprint(all, w);
	if (o->union_blocks < o->occupancy)
		o->union_blocks = o->occupancy;
	o->hit_any = dcl1_fp_hit(all, o->union_blocks);
	if (o->hit_any < o->hit_own)
		o->hit_any = o->hit_own;
	o->replication = o->hit_own < 1.0 ? (o->hit_any - o->hit_own) / (1.0 - o->hit_own) : 0.0;
	if (o->replication > 1.0)
		o->replication = 1.0;
	o->copies = domains * o->occupancy / o->union_blocks; /* dcl1.h: G*K / |union| */
	if (o->copies < 1.0)
		o->copies = 1.0;
	if (o->copies > domains)
		o->copies = domains;
}

/* ---- per-workload context ---- */

void dcl1_ctx_free(dcl1_ctx_t *c)
{
	if (!c)
		return;
	free(c->miss);
	free(c->repl);
	free(c->copies);
	free(c->interp);
	free(c->skew);
	free(c->skew_found);
	free(c);
}

/* Sharing outcome for a group size the profile has (stream s), with the profile's SM count. */
static int share_at(const profile_t *p, const profile_stream_t *s, const dcl1_fp_t *all,
                    double cap_core, int assoc, dcl1_share_t *o)
{
	int g = s->group < 1 ? 1 : s->group;
	int nsub = p->n_sm / g;
	if (nsub < 1)
		nsub = 1;
	dcl1_fp_t *f = dcl1_fp_alloc(&s->sd, nsub);
	if (!f)
		return -1;
	double cap = g * cap_core;
	dcl1_share_eval(f, all, nsub, cap, o);
	if (assoc > 0 && assoc < cap)
		o->hit_own = reuse_hit_smith(&s->sd, cap, assoc);  /* the miss table: [Smith 1978] */
	dcl1_fp_free(f);
	return 0;
}

dcl1_ctx_t *dcl1_ctx_alloc(const profile_t *p, int x, double cap_core, int assoc)
{
	if (!p || x < 1 || cap_core <= 0.0 || !profile_stream(p, "l1"))
		return NULL;
	dcl1_ctx_t *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->x = x;
	c->cap_core = cap_core;
	c->assoc = assoc;
	size_t n = (size_t)x + 1;
	c->miss = malloc(n * sizeof *c->miss);
	c->repl = malloc(n * sizeof *c->repl);
	c->copies = malloc(n * sizeof *c->copies);
	c->interp = calloc(n, sizeof *c->interp);
	c->skew = malloc(n * sizeof *c->skew);
	c->skew_found = calloc(n, sizeof *c->skew_found);
	if (!c->miss || !c->repl || !c->copies || !c->interp || !c->skew || !c->skew_found)
		goto out_free;
	for (size_t i = 0; i < n; i++) {
		c->miss[i] = c->repl[i] = c->copies[i] = NAN;
		c->skew[i] = 1.0;
	}
	for (int k = 1; k <= x; k++)
		c->skew[k] = dcl1_camping_skew(p, k, &c->skew_found[k]);

	/* the merged stream of all cores: "global", else the largest group the profile has */
	int n_sm = p->n_sm > 0 ? p->n_sm : x;
	const profile_stream_t *glob = NULL;
	for (size_t i = 0; i < p->n_streams; i++) {
		const profile_stream_t *s = &p->streams[i];
		if (s->group >= 1 && s->group <= n_sm && (!glob || s->group > glob->group))
			glob = s;
	}
	dcl1_fp_t *all = glob ? dcl1_fp_alloc(&glob->sd, 1) : NULL;

	/* outcomes at every group size the profile has, ascending (at most 64 distinct) */
	enum { MAXG = 64 };
	int gs[MAXG];
	double gm[MAXG], gr[MAXG], gc[MAXG];
	int ng = 0;
	for (int g = 1; g <= n_sm && ng < MAXG; g++) {
		const profile_stream_t *s = profile_group(p, g);
		if (g == 1 && !s)
			s = profile_stream(p, "l1");
		if (!s)
			continue;
		dcl1_share_t o;
		if (share_at(p, s, all, cap_core, assoc, &o) != 0)
			continue;
		gs[ng] = g;
		gm[ng] = 1.0 - o.hit_own;
		gr[ng] = o.replication;
		gc[ng] = o.copies;
		ng++;
	}
	dcl1_fp_free(all);
	if (ng == 0)
		goto out_free;

	/* every group size of this GPU (divisors of x), in the profile's SM units where they
	 * differ: g cores of x is the same share as g * n_sm / x of the profile's SMs */
	for (int g = 1; g <= x; g++) {
		if (x % g != 0)
			continue;
		double gp = (double)g * n_sm / x;
		int j = 0;
		while (j < ng && gs[j] < gp - 1e-9)
			j++;
		if (j < ng && fabs(gs[j] - gp) < 1e-9) {
			c->miss[g] = gm[j]; c->repl[g] = gr[j]; c->copies[g] = gc[j];
			continue;
		}
		c->interp[g] = 1;
		if (j == 0) {                                /* below the smallest: nearest */
			c->miss[g] = gm[0]; c->repl[g] = gr[0]; c->copies[g] = gc[0];
		} else if (j == ng) {                        /* above the largest: nearest */
			c->miss[g] = gm[ng - 1]; c->repl[g] = gr[ng - 1]; c->copies[g] = gc[ng - 1];
		} else {                                     /* dcl1.h: linear in log2(g) */
			double u = (log2(gp) - log2(gs[j - 1])) / (log2(gs[j]) - log2(gs[j - 1]));
			c->miss[g] = gm[j - 1] + u * (gm[j] - gm[j - 1]);
			c->repl[g] = gr[j - 1] + u * (gr[j] - gr[j - 1]);
			c->copies[g] = gc[j - 1] + u * (gc[j] - gc[j - 1]);
		}
		if (c->copies[g] > x / g)
			c->copies[g] = x / g;
		if (c->copies[g] < 1.0)
			c->copies[g] = 1.0;
	}
	return c;

out_free:
	dcl1_ctx_free(c);
	return NULL;
}

int dcl1_ctx_nodes(dcl1_ctx_t *c, const profile_t *p, int l1_index, int write_evict)
{
	if (!c || !p)
		return -1;
	c->nodes = p->nodes;
	c->n_nodes = p->n_nodes;
	c->node_sm = p->n_sm;
	c->node_index = l1_index == 1 ? SA_LINEAR : l1_index == 2 ? SA_IPOLY : -1;
	c->node_we = write_evict ? 1 : 0;
	return 0;
}

/* dcl1.h "Exact node records": the record of this design's node geometry, or NULL. */
static const profile_nodes_t *node_record(const dcl1_ctx_t *ctx, const design_t *d, const dcl1_shape_t *s,
                                          int *ways)
{
	if (!ctx->nodes || ctx->node_index < 0 || ctx->node_sm != s->x || ctx->x != s->x || ctx->assoc < 1
	    || ctx->assoc > PROFILE_SA_WAYS)
		return NULL;
	int homes = s->org == DCL1_SH ? s->y : s->org == DCL1_SHC ? s->m : 1;
	int gran = homes > 1 && d->dcl1_gran > 1 ? d->dcl1_gran : 1;
	double node = ctx->cap_core * s->x / s->y;        /* lines per node (§IV-A: X*C/Y) */
	double sets = node / ctx->assoc;
	int k = (int)lround(log2(sets));
	if (sets < 1.0 || fabs(ldexp(1.0, k) - sets) > 1e-9 * sets)
		return NULL;                                   /* not a power-of-two set count */
	for (size_t i = 0; i < ctx->n_nodes; i++) {
		const profile_nodes_t *r = &ctx->nodes[i];
		if (r->group == s->group && r->homes == homes && r->gran == gran && r->index == ctx->node_index
		    && r->log_sets == k && r->write_evict == ctx->node_we && r->accesses > 0) {
			*ways = ctx->assoc;
			return r;
		}
	}
	return NULL;
}

/* ---- one design point ---- */

/* Issue 22: with a technology table (gpu_t.tech), each crossbar's area and fastest clock are
 * the table's (DSENT MultiplexerCrossbar runs, models/tech.h) instead of the fitted area model
 * and the sqrt fmax trend: area and leakage ratios over the X x L baseline crossbar, fmax over
 * f_noc.
 * The crossbar alone: no buffers or allocators (calibration/tech/README.md). */
static int xbar_tab(const gpu_t *g, const dcl1_xbar_t *xb, double flit, double *area, double *leak,
                    double *fmax_ghz, const char **why)
{
	tech_figures_t f;
	char err[320];
	*area = 0.0, *leak = 0.0, *fmax_ghz = INFINITY;
	if (xb->count == 0 || (xb->n_in == 1 && xb->n_out == 1))
		return 0;                                 /* direct links, as dcl1_xbar_cost */
	if (tech_xbar_eval(g->tech, g->tech_node_nm, xb->n_in, xb->n_out, (int)(8 * flit), &f, err, sizeof err)) {
		*why = "a crossbar of this organisation is outside the technology table's radices or nodes "
		       "(gpudse tech xbar shows the range)";
		return -1;
	}
	*area = xb->count * f.area_mm2;
	*leak = xb->count * f.leak_mw;
	*fmax_ghz = f.fmax_ghz;
	return 0;
}

static int tech_noc(const gpu_t *g, const dcl1_shape_t *s, double flit, dcl1_eval_t *e, const char **why)
{
	dcl1_xbar_t bx = { 1, s->x, s->l };
	double ab, a1, a2, lb, l1, l2, fb, f1, f2;
	if (xbar_tab(g, &bx, flit, &ab, &lb, &fb, why) || xbar_tab(g, &s->noc1, flit, &a1, &l1, &f1, why) ||
	    xbar_tab(g, &s->noc2, flit, &a2, &l2, &f2, why))
		return -1;
	e->noc_static_ratio = (l1 + l2) / lb;
	e->noc1_area = a1 / ab;
	e->noc2_area = a2 / ab;
	e->noc_area_ratio = (a1 + a2) / ab;
	e->noc1_fmax_ratio = s->noc1.count ? f1 * 1e3 / g->noc_mhz : INFINITY;
	e->noc2_fmax_ratio = f2 * 1e3 / g->noc_mhz;
	return 0;
}

int dcl1_eval(const gpu_t *g, const design_t *d, const dcl1_ctx_t *ctx, dcl1_eval_t *e,
              const char **why)
{
	memset(e, 0, sizeof *e);
	if (dcl1_shape(d->dcl1_org, g->n_sm, d->dcl1_nodes, d->dcl1_clusters, g->llc_slices, &e->s, why) != 0)
		return -1;
	const dcl1_shape_t *s = &e->s;
	double c = g->l1_kib * 1024.0;
	double flit = g->noc_flit_bytes > 0 ? g->noc_flit_bytes : 32.0;
	int base = s->org == DCL1_BASE;

	e->node_bytes = (double)s->x * c / s->y;            /* §IV-A: X*C/Y */
	e->size_ratio = (double)s->x / s->y;
	e->domain_bytes = s->group * c;
	e->l1_lat = base ? g->l1_lat : dcl1_access_lat(g->l1_lat, e->size_ratio);

	e->noc1_fmax_ratio = s->noc1.count ? dcl1_fmax_ratio(s->noc1.n_in, s->noc1.n_out, s->x, s->l) : INFINITY;
	e->noc2_fmax_ratio = dcl1_fmax_ratio(s->noc2.n_in, s->noc2.n_out, s->x, s->l);
	dcl1_eval_t tn;
	memset(&tn, 0, sizeof tn);
	if (g->tech) {                                    /* issue 22: DSENT crossbars from the table */
		if (tech_noc(g, s, flit, &tn, why))
			return -1;
		e->noc1_fmax_ratio = tn.noc1_fmax_ratio, e->noc2_fmax_ratio = tn.noc2_fmax_ratio;
	}
	e->boost_applied = !base && d->dcl1_boost && e->noc1_fmax_ratio >= 2.0; /* §VI-C */
	double mult = e->boost_applied ? 2.0 : 1.0;
	e->noc1_mhz = g->core_mhz * mult;                 /* dcl1.h: one flit per core cycle (Table I) */
	/* dcl1.h Latency: unloaded round trip, the baseline pipeline depth at the NoC#1 clock */
	e->noc1_lat = base ? 0.0 : 2.0 * g->noc_lat * g->noc_mhz / e->noc1_mhz;
	e->peak_bw_base = s->x * g->l1_bytes_per_cycle;
	e->peak_bw = dcl1_peak_bw(s, g->l1_bytes_per_cycle, flit, mult);
	e->peak_bw_drop = e->peak_bw_base / e->peak_bw;
	/* a line reply is ceil(line / flit) flits at the NoC#1 clock, in core cycles (Table I) */
	e->noc1_service = base ? 0.0 : ceil(g->line_bytes / flit) * g->core_mhz / e->noc1_mhz;

	dcl1_xbar_t bx = { 1, s->x, s->l };
	double bcost = dcl1_xbar_cost(&bx, DCL1_AREA_BETA, flit);
	e->noc1_area = dcl1_xbar_cost(&s->noc1, DCL1_AREA_BETA, flit) / bcost;
	e->noc2_area = dcl1_xbar_cost(&s->noc2, DCL1_AREA_BETA, flit) / bcost;
	e->noc_area_ratio = dcl1_noc_area_ratio(s, flit);
	if (g->tech) {                                    /* issue 22: DSENT crossbars from the table */
		e->noc1_area = tn.noc1_area, e->noc2_area = tn.noc2_area;
		e->noc_area_ratio = tn.noc_area_ratio;
	}
	e->noc_static_ratio = g->tech ? tn.noc_static_ratio : dcl1_noc_static_ratio(s, flit);
	e->queue_bytes = base ? 0.0 : (double)s->y * DCL1_QUEUE_BYTES;
	e->l1_area_ratio = dcl1_l1_area_ratio(s, c);

	e->skew = 1.0;
	e->skew_found = 0;
	e->miss = e->replication = e->copies = NAN;
	if (ctx) {
		int homes = s->org == DCL1_SH ? s->y : s->org == DCL1_SHC ? s->m : 1;
		if (homes > 1 && homes <= ctx->x) {
			e->skew = ctx->skew[homes];
			e->skew_found = ctx->skew_found[homes];
		}
		if (s->group <= ctx->x && ctx->x == s->x) {
			e->miss = ctx->miss[s->group];
			e->replication = s->domains == 1 ? 0.0 : ctx->repl[s->group];
			e->copies = s->domains == 1 ? 1.0 : ctx->copies[s->group];
			e->interp = ctx->interp[s->group];
		}
		int a;
		const profile_nodes_t *r = node_record(ctx, d, s, &a);
		if (r) {
			double miss = 0.0;                    /* dcl1.h: sum_{d >= A} n(d) */
			for (int j = a; j <= PROFILE_SA_WAYS; j++)
				miss += r->hist[j];
			e->miss = miss / r->accesses;
			e->replication = miss > 0.0 ? r->repl[a] / miss : 0.0;   /* R(A) / misses */
			e->interp = 0;
			e->exact = 1;
		}
	}
	return 0;
}

/* ---- the GPU-model seam (mech.h) ---- */

int dcl1_check(const gpu_t *g, const design_t *d, const char **why)
{
	if (d->dcl1_org == DCL1_BASE)
		return 0;
	dcl1_shape_t s;
	return dcl1_shape(d->dcl1_org, g->n_sm, d->dcl1_nodes, d->dcl1_clusters, g->llc_slices, &s, why);
}

/*
 * dcl1_apply -- what a DC-L1 organisation changes in the memory system (nothing for base):
 *   L1 level   l1_count = Y nodes of X*C/Y, l1_hit = wctx_shared_l1_hit(g cores, g*C) (a
 *              domain of g cores hits as their merged stream at g*C, dcl1.h), l1_lat grows
 *              with the node size (§VIII); the node's data port keeps l1_service.
 *   NoC#1      two stations per L1 access (every access now leaves the core, §III):
 *              "dcl1_noc1_resp" the node-side reply port (Y copies, f_resp flits at the NoC#1
 *              clock = core clock, 2x with the boost, Table I; a read reply is the requested
 *              sectors only, §III, so f_resp uses bytes_per_req / flit, not whole lines;
 *              fixed delay the unloaded round trip noc1_lat, dcl1.h Latency), and
 *              "dcl1_noc1_req" the node-side request port (f_req flits).  Both carry the
 *              partition-camping skew of ShY / ShY+CZ (§V-B).  Core-side ports carry 1/N of a
 *              node port's load and are not modelled.
 *   NoC#2      noc_resp_ports = Y (node side); LLC side and clock unchanged (§VI-C footnote:
 *              NoC#2 is not boosted).
 *   energy     NoC#1 bytes x e_noc x link-length ratio (3.3 mm / 12.3 mm for cluster and
 *              private crossbars, 1 for ShY's chip-wide crossbar, §VIII Energy Analysis);
 *              NoC static power x dcl1_noc_static_ratio; node-queue SRAM leakage.
 *   area       NoC x dcl1_noc_area_ratio; L1 arrays x dcl1_l1_area_ratio (banks, queues).
 *   outputs    replication = the ratio of the footprint model (dcl1.h).
 */
unsigned dcl1_apply(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m)
{
	const dcl1_ctx_t *ctx = w ? (const dcl1_ctx_t *)w->mech[MECH_DCL1] : NULL;
	if (d->dcl1_org == DCL1_BASE) {
		/* the private baseline changes nothing, but its replication (X domains of one core,
		 * §II-A) is the number an architect checks first: the node record's when it has one */
		dcl1_eval_t eb;
		const char *whyb;
		if (ctx && m->n_compute == ctx->x && dcl1_eval(g, d, ctx, &eb, &whyb) == 0 && eb.exact) {
			m->replication = eb.replication;
			return MECH_OUTPUTS;
		}
		if (ctx && ctx->repl && ctx->x >= 1 && m->n_compute == ctx->x && isfinite(ctx->repl[1])) {
			m->replication = ctx->repl[1];
			return MECH_OUTPUTS;
		}
		return 0;
	}
	dcl1_eval_t e;
	const char *why;
	if (dcl1_eval(g, d, ctx, &e, &why) != 0)
		return 0;                                 /* gpu_design_check rejects it first */
	const dcl1_shape_t *s = &e.s;
	double c = m->l1_bytes;                           /* per-core L1 as memsys_init built it */
	double scale = d->mem_clock_scale > 0.0 ? d->mem_clock_scale : 1.0;

	m->l1_count = s->y;
	m->l1_bytes = (double)s->x * c / s->y;            /* §IV-A: X*C/Y */
	m->l1_hit = e.exact ? 1.0 - e.miss : wctx_shared_l1_hit(w, s->group, s->group * c);
	m->l1_lat = e.l1_lat;
	m->noc_resp_ports = s->y;

	double flit = g->noc_flit_bytes;
	/* §III: a read reply carries only the sectors the core asked for, so the mean flits per
	 * reply is bytes_per_req / flit (32 B sectors on 32 B flits), at least one */
	double data_flits = m->bytes_per_req / flit;
	if (data_flits < 1.0)
		data_flits = 1.0;
	double f_req = 1.0 + m->write_frac * data_flits;  /* gpu.c: header + write data */
	double f_resp = (1.0 - m->write_frac) * data_flits + m->write_frac;
	double flit_cycles = g->core_mhz / (e.noc1_mhz * scale);
	ms_station_t resp = {
		.name = "dcl1_noc1_resp", .cls = CPI_NOC, .per = MS_PER_L1_ACCESS, .visits = 1.0,
		.service = f_resp * flit_cycles, .delay = e.noc1_lat, .copies = s->y, .skew = e.skew,
	};
	ms_station_t req = {
		.name = "dcl1_noc1_req", .cls = CPI_NOC, .per = MS_PER_L1_ACCESS, .visits = 1.0,
		.service = f_req * flit_cycles, .delay = 0.0, .copies = s->y, .skew = e.skew,
	};
	memsys_add_station(m, &resp);
	memsys_add_station(m, &req);

	double a1 = m->mem_per_inst * m->req_per_mem;
	double link = s->org == DCL1_SH ? 1.0 : DCL1_NOC1_LINK_FRAC;
	m->e_pj_per_inst[EC_NOC] += a1 * (f_req + f_resp) * flit * g->e_noc_pj_per_byte * link;
	m->p_static_w[EC_NOC] *= e.noc_static_ratio;
	m->p_static_w[EC_L1] += e.queue_bytes / 1024.0 * g->p_sram_leak_mw_per_kib * 1e-3;
	m->area_mm2[EC_NOC] *= e.noc_area_ratio;
	m->area_mm2[EC_L1] += g->n_sm * area_sram_mm2(g, g->l1_kib * 1024.0) * (e.l1_area_ratio - 1.0);
	m->replication = isnan(e.replication) ? 0.0 : e.replication;
	return MECH_L1_HIT | MECH_LEVELS | MECH_STATIONS | MECH_ENERGY | MECH_AREA | MECH_OUTPUTS;
}

/* The row's per-workload context: the tables for this GPU's cores and per-core L1. */
static void *mech_ctx_alloc(const gpu_t *g, const profile_t *p)
{
	double bb = p->block_bytes > 0 ? p->block_bytes : g->line_bytes;
	dcl1_ctx_t *c = dcl1_ctx_alloc(p, g->n_sm, g->l1_kib * 1024.0 / bb, g->l1_assoc);
	if (c)
		dcl1_ctx_nodes(c, p, g->l1_index, g->l1_write_evict);
	return c;
}

static void mech_ctx_free(void *ctx)
{
	dcl1_ctx_free(ctx);
}

static const char *const dcl1_columns[] = { "replication", NULL };

const mech_t mech_dcl1 = {
	.name = "dcl1", .level = MECH_LEVEL_L1,
	.ctx_alloc = mech_ctx_alloc, .ctx_free = mech_ctx_free,
	.check = dcl1_check, .apply = dcl1_apply, .columns = dcl1_columns,
};
