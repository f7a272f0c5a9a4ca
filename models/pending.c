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

void pending_share(const pending_ctx_t *c, double window, double *share, double *wait_req)
{
	*share = 0.0;
	*wait_req = 0.0;
	if (!c || !(window > 1.0))
		return;
	double u = window - 1.0;       /* pending iff r + 1 < window: r < u (pending.h) */
	double r_end = ceil(u);        /* the integers r < u are r <= r_end - 1 */
	double n = 0.0, wsum = 0.0;
	const reuse_hist_t *h = c->rt;
	for (size_t i = 0; i < h->n && h->lo[i] < u; i++) {
		/* the bin's reuse times are the integers lo .. hi - 1, equally likely (pending.h) */
		double width = h->hi[i] - h->lo[i];
		double k = (r_end < h->hi[i] ? r_end : h->hi[i]) - h->lo[i];   /* of them below u */
		double cnt = h->count[i] * k / width;
		n += cnt;
		wsum += cnt * (u - (h->lo[i] + 0.5 * (k - 1.0)));        /* W: window - (r + 1), mean r */
	}
	if (n > 0.0) {
		*share = n / c->accesses;                              /* p_pend (pending.h) */
		*wait_req = wsum / n;                                  /* W, in requests (pending.h) */
	}
}
