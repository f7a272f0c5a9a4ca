/* pending.c -- hits on lines in flight at the L1; see pending.h. */
#include "pending.h"

#include <math.h>
#include <stdlib.h>

pending_ctx_t *pending_ctx_alloc(const profile_stream_t *l1)
{
	if (!l1 || l1->rt.n == 0 || !(l1->rt.total > 0.0))
		return NULL;   /* no reuse times: no term (pending.h, valid range) */
	pending_ctx_t *c = malloc(sizeof *c);
	if (!c)
		return NULL;
	c->rt = &l1->rt;
	c->accesses = l1->rt.total;
	return c;
}

void pending_ctx_free(pending_ctx_t *c)
{
	free(c);
}

/* S(j) = sum_{k=1..j} F^k and T(j) = sum_{k=1..j} k F^k (pending.h, CHAIN) */
static double geo_s(double f, double j)
{
	return f < 1.0 ? f * (1.0 - pow(f, j)) / (1.0 - f) : j;
}

static double geo_t(double f, double j)
{
	if (!(f < 1.0))
		return 0.5 * j * (j + 1.0);
	double d = 1.0 - f;
	return f * (1.0 - (j + 1.0) * pow(f, j) + j * pow(f, j + 1.0)) / (d * d);
}

void pending_share(const pending_ctx_t *c, double window, double miss, double *share, double *wait_req)
{
	*share = 0.0;
	*wait_req = 0.0;
	if (!c || !(window > 1.0) || !(miss > 0.0) || !(miss < 1.0))
		return;
	double u = window - 1.0;       /* a gap is short iff r + 1 < window: r < u (pending.h) */
	double r_end = ceil(u);        /* the integers r < u are r <= r_end - 1 */
	double n = 0.0, gsum = 0.0;
	const reuse_hist_t *h = c->rt;
	for (size_t i = 0; i < h->n && h->lo[i] < u; i++) {
		/* the bin's reuse times are the integers lo .. hi - 1, equally likely (pending.h) */
		double width = h->hi[i] - h->lo[i];
		double k = (r_end < h->hi[i] ? r_end : h->hi[i]) - h->lo[i];   /* of them below u */
		double cnt = h->count[i] * k / width;
		n += cnt;
		gsum += cnt * (h->lo[i] + 0.5 * (k - 1.0) + 1.0);       /* gap g = r + 1, bin mean */
	}
	double reuses = h->total - h->cold;
	if (!(n > 0.0) || !(reuses > 0.0))
		return;
	double f = n / reuses;                                         /* F (pending.h) */
	if (f > 1.0)
		f = 1.0;
	double g = gsum / n;                                           /* g-bar (pending.h) */
	double kmax = ceil(window / g) - 1.0;                          /* K: k g-bar < window */
	if (kmax < 1.0)
		kmax = 1.0;
	double cap = f * (1.0 - miss) / miss;                          /* L F (pending.h) */
	double mass, wsum;
	if (geo_s(f, kmax) <= cap) {
		mass = geo_s(f, kmax);
		wsum = window * mass - g * geo_t(f, kmax);
	} else {                      /* the chain ends first: the first j terms and a part of j + 1 */
		double j = f < 1.0 ? floor(log(1.0 - cap * (1.0 - f) / f) / log(f)) : floor(cap);
		if (!(j >= 0.0))
			j = 0.0;
		if (j > kmax - 1.0)
			j = kmax - 1.0;
		double part = cap - geo_s(f, j);
		mass = cap;
		wsum = window * cap - g * (geo_t(f, j) + (j + 1.0) * part);
	}
	if (!(mass > 0.0))
		return;
	*share = miss * mass;                                          /* p_pend (pending.h) */
	*wait_req = wsum / mass;                                       /* W, in requests (pending.h) */
	if (*wait_req < 0.0)
		*wait_req = 0.0;
}
