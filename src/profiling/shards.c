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

int shards_is_sampled(const profile_t *p)
{
	for (size_t k = 0; k < p->n_streams; k++)
		if (p->streams[k].rg)
			return 1;
	const char *s = strstr(p->source, "--sample ");
	if (!s)
		return 0;
	double r = strtod(s + 9, NULL);
	return r > 0 && r < 1;
}

double shards_offered(const profile_t *p, int *exact)
{
	double lo = INFINITY;
	int lo_exact = 0;
	for (size_t k = 0; k < p->n_streams; k++) {
		const reuse_hist_t *h = &p->streams[k].sd;
		if (!(h->total > 0))
			continue;
		int unclamped = h->n > 0 && h->count[0] > 0;    /* its total is N (SIGNED ADJUSTMENT) */
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

int shards_signed_adj(profile_t *p)
{
	if (!shards_is_sampled(p))
		return 0;
	int exact = 0;
	double n = shards_offered(p, &exact);
	if (!(n > 0))
		return 0;
	for (size_t k = 0; k < p->n_streams; k++) {
		profile_stream_t *s = &p->streams[k];
		if (!(s->sd.total > n))
			continue;
		shards_take_excess(&s->sd, n);
		shards_take_excess(&s->rt, n);
		if (s->sd_we.n > 0 || s->sd_we.cold > 0)
			shards_fit_total(&s->sd_we, s->sd.total);
		double cls_sum = 0;
		for (int c = 0; c < RL_NCLASS; c++)
			cls_sum += s->cls_sd[c].total;
		for (int c = 0; c < RL_NCLASS && cls_sum > 0; c++)
			shards_fit_total(&s->cls_sd[c], s->cls_sd[c].total * s->sd.total / cls_sum);
		s->accesses = s->sd.total;
		s->writes = fmin(s->writes, s->accesses);
	}
	return exact;
}
