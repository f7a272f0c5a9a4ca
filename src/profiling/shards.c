/* shards.c -- SHARDS sampling and its correction; see shards.h. */
#include "profiling/shards.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void shards_init(shards_t *s, double rate)
{
	s->salt = 0;
	if (!(rate > 0 && rate < 1)) {
		s->rate = 1;
		s->threshold = UINT64_MAX;
		return;
	}
	s->rate = rate;
	s->threshold = (uint64_t)ldexp(rate, 64);     /* T / P with P = 2^64 [SHARDS §3] */
}

void shards_scale_hist(reuse_hist_t *h, double rate, double adj)
{
	double inv = 1.0 / rate;
	h->total = 0;
	for (size_t i = 0; i < h->n; i++) {
		h->lo[i] *= inv;                      /* d_sampled / R estimates d [SHARDS Eq. 2] */
		h->hi[i] *= inv;
		h->count[i] *= inv;                   /* each sampled reference stands for 1/R */
	}
	h->cold *= inv;
	if (h->n > 0 && adj != 0) {
		h->count[0] += adj;                   /* SHARDS_adj [§4.3]: first bucket */
		if (h->count[0] < 0)
			h->count[0] = 0;
	}
	for (size_t i = 0; i < h->n; i++)
		h->total += h->count[i];
	h->total += h->cold;
}

void shards_fit_total(reuse_hist_t *h, double total)
{
	if (!(h->total > 0))
		return;
	double f = total / h->total;
	for (size_t i = 0; i < h->n; i++)
		h->count[i] *= f;
	h->cold *= f;
	h->total = total;
}

void shards_correct(profile_t *p, double rate, double offered)
{
	double inv = 1.0 / rate;
	for (size_t k = 0; k < p->n_streams; k++) {
		profile_stream_t *s = &p->streams[k];
		/* expected minus actual sampled references, in scaled units: (N R - N_s) / R */
		double adj = (offered * rate - s->accesses) * inv;
		s->accesses *= inv;
		s->writes *= inv;
		s->footprint *= inv;
		shards_scale_hist(&s->sd, rate, adj);
		if (s->rt.n > 0 || s->rt.cold > 0)
			shards_scale_hist(&s->rt, rate, adj);
		if (s->sd_we.n > 0 || s->sd_we.cold > 0) {    /* write-evict: the same sampled blocks */
			shards_scale_hist(&s->sd_we, rate, 0);
			shards_fit_total(&s->sd_we, s->sd.total);
		}
		/* the class histograms are scaled so that together they describe the stream's
		 * corrected accesses (each keeping its sampled share) */
		double cls_sum = 0;
		for (int c = 0; c < RL_NCLASS; c++) {
			if (s->cls_sd[c].n > 0 || s->cls_sd[c].cold > 0)
				shards_scale_hist(&s->cls_sd[c], rate, 0);
			cls_sum += s->cls_sd[c].total;
		}
		for (int c = 0; c < RL_NCLASS && cls_sum > 0; c++)
			shards_fit_total(&s->cls_sd[c], s->cls_sd[c].total * s->sd.total / cls_sum);
		/* after the correction the histogram describes `offered` accesses */
		s->accesses = s->sd.total;
	}
}

double shards_source_rate(const profile_t *p)
{
	const char *s = strstr(p->source, "--sample ");
	double r = s ? strtod(s + 9, NULL) : 1;
	return r > 0 && r < 1 ? r : 1;
}

double shards_offered(const profile_t *p, int *exact)
{
	double lo = INFINITY;
	int lo_exact = 0;
	for (size_t k = 0; k < p->n_streams; k++) {
		const reuse_hist_t *h = &p->streams[k].sd;
		if (!(h->total > 0))
			continue;
		int unclamped = h->n > 0 && h->count[0] > 0;    /* its total is N (shards.h) */
		if (h->total < lo || (h->total == lo && unclamped)) {
			lo = h->total;
			lo_exact = unclamped;
		}
	}
	*exact = lo_exact;
	/* the profiler's offered count, stored as mem_insts = insts when the trace had no
	 * instruction counts (profiler.c); a clamp only raises a total, so N <= lo */
	if (p->mem_insts > 0 && p->insts == p->mem_insts && p->mem_insts <= lo * (1 + 1e-12)) {
		*exact = 1;
		return p->mem_insts;
	}
	return isfinite(lo) ? lo : 0;
}

void shards_take_excess(reuse_hist_t *h, double total)
{
	double ex = h->total - total;
	if (!(ex > 0))
		return;
	for (size_t i = 0; i < h->n && ex > 0; i++) {     /* shortest distances first */
		double t = fmin(h->count[i], ex);
		h->count[i] -= t;
		ex -= t;
	}
	if (ex > 0)
		h->cold = fmax(0.0, h->cold - ex);
	h->total = h->cold;
	for (size_t i = 0; i < h->n; i++)
		h->total += h->count[i];
}

void shards_reg_coef(const double *rows, int k, size_t n, const double *traw, double *b)
{
	double tbar = 0, stt = 0;
	for (int g = 0; g < k; g++)
		tbar += traw[g] / k;
	for (int g = 0; g < k; g++)
		stt += (traw[g] - tbar) * (traw[g] - tbar);
	for (size_t i = 0; i <= n; i++) {
		double ybar = 0, syt = 0;
		for (int g = 0; g < k; g++)
			ybar += rows[(size_t)g * (1 + n) + i] / k;
		for (int g = 0; g < k; g++)
			syt += (rows[(size_t)g * (1 + n) + i] - ybar) * (traw[g] - tbar);
		b[i] = stt > 0 ? syt / stt : 0;               /* [Cochran §7.1] */
	}
}

/* One histogram from its groups: y^ + b (N - T^) per count (shards.h), kept >= 0. */
static int regress_hist(reuse_hist_t *h, const double *rows, int k, double rate, const double *traw, double that,
	double n_off)
{
	if (!rows || (h->n == 0 && !(h->cold > 0)))
		return 0;
	size_t n = h->n;
	double *b = malloc((1 + n) * sizeof *b);
	if (!b)
		return -1;
	shards_reg_coef(rows, k, n, traw, b);
	h->total = 0;
	for (size_t i = 0; i <= n; i++) {
		double y = 0;
		for (int g = 0; g < k; g++)
			y += rows[(size_t)g * (1 + n) + i];
		y = fmax(0.0, y / rate + b[i] * (n_off - that));
		if (i == 0)
			h->cold = y;
		else
			h->count[i - 1] = y;
		h->total += y;
	}
	free(b);
	return 0;
}

int shards_regress_adj(profile_t *p, double rate)
{
	if (!(rate > 0 && rate < 1))
		return 0;
	int exact = 0;
	double n_off = shards_offered(p, &exact);
	if (!(n_off > 0))
		return 0;
	for (size_t s = 0; s < p->n_streams; s++) {
		profile_stream_t *st = &p->streams[s];
		const profile_rgroups_t *g = st->rg;
		/* the classes keep their stored (sampled) shares, which rl_access_frac states too
		 * (profiler.c); the regression shapes each one's histogram */
		double cls0[RL_NCLASS], cls0_sum = 0;
		for (int c = 0; c < RL_NCLASS; c++)
			cls0_sum += cls0[c] = st->cls_sd[c].total;
		if (!g || !g->sd || g->k < 2 || g->k > PROFILE_RG_MAX_K) {   /* no groups: the signed excess only */
			if (st->sd.total > n_off) {
				shards_take_excess(&st->sd, n_off);
				shards_take_excess(&st->rt, n_off);
			}
		} else {
			double traw[PROFILE_RG_MAX_K], that = 0;
			size_t n = st->sd.n;
			for (int k = 0; k < g->k; k++) {
				traw[k] = 0;
				for (size_t i = 0; i <= n; i++)
					traw[k] += g->sd[(size_t)k * (1 + n) + i];
				that += traw[k] / rate;
			}
			int rc = regress_hist(&st->sd, g->sd, g->k, rate, traw, that, n_off) ||
				 regress_hist(&st->rt, g->rt, g->k, rate, traw, that, n_off) ||
				 regress_hist(&st->sd_we, g->sd_we, g->k, rate, traw, that, n_off);
			for (int c = 0; c < RL_NCLASS && !rc; c++)
				rc = regress_hist(&st->cls_sd[c], g->cls[c], g->k, rate, traw, that, n_off);
			if (rc)
				return -1;
			shards_take_excess(&st->sd, n_off);   /* what the clamps at 0 added */
			shards_take_excess(&st->rt, n_off);
		}
		if (fabs(st->sd.total - n_off) <= 1e-9 * n_off)
			st->sd.total = n_off;                   /* N, not N up to the sum's rounding */
		if (st->sd_we.n > 0 || st->sd_we.cold > 0)
			shards_fit_total(&st->sd_we, st->sd.total);
		for (int c = 0; c < RL_NCLASS && cls0_sum > 0; c++)
			shards_fit_total(&st->cls_sd[c], cls0[c] * st->sd.total / cls0_sum);
		st->accesses = st->sd.total;
		st->writes = fmin(st->writes, st->accesses);
	}
	return exact;
}
