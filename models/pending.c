/* pending.c -- hits on lines in flight at the L1; see pending.h. */
#include "pending.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "memo.h"

#define PENDING_MEMO_SLOTS 1024   /* per context: pending_share's (window, miss ratio) */

pending_ctx_t *pending_ctx_alloc(const profile_stream_t *l1, double once)
{
	if (!l1 || l1->rt.n == 0 || !(l1->rt.total > 0.0))
		return NULL;   /* no reuse times: no term (pending.h, valid range) */
	pending_ctx_t *c = malloc(sizeof *c);
	if (!c)
		return NULL;
	c->rt = &l1->rt;
	c->accesses = l1->rt.total;
	c->once = once > 0.0 ? once : 0.0;
	c->memo = memo_alloc_sized(PENDING_MEMO_SLOTS, 2, 2);   /* NULL: every call computes */
	return c;
}

double pending_once(const profile_t *p, const profile_stream_t *l1)
{
	if (!p || !l1 || !p->has_rl || !(l1->sd.cold > 0.0) || !(l1->accesses > 0.0))
		return 0.0;
	double b = p->rl_block_frac[RL_WORO] * l1->sd.cold;      /* [U]: one first touch per (SM, block) */
	double a = p->rl_access_frac[RL_WORO] * l1->accesses;
	double u1 = 2.0 * b - a;
	return u1 > 0.0 ? (u1 < b ? u1 : b) : 0.0;
}

void pending_ctx_free(pending_ctx_t *c)
{
	if (c)
		memo_free(c->memo);
	free(c);
}

/* [C]: the chained pending hits per miss, sum_{j >= 2} rho^(j-1) P(S_j < window), and their
 * summed wait sum_j rho^(j-1) E[(window - S_j)^+], S_j the sum of j gaps g = r + 1 drawn from
 * the histogram's reuses (pending.h).  A bin's integers g are spread evenly over [g - 1/2,
 * g + 1/2) (the same mean), binned into K cells of width delta = window / K, a cell's mass at
 * its middle; the renewal equation U = p + rho p * U is solved cell by cell, the sum of two
 * cells' middles (on a cell boundary) split evenly between its two neighbours.  Continuous in
 * the window (the calibration's derivatives need it). */
static void chain_terms(const reuse_hist_t *h, double reuses, double window, double rho, double *count,
                        double *wait)
{
	enum { K = PENDING_CHAIN_CELLS };
	*count = 0.0;
	*wait = 0.0;
	if (!(rho > 0.0) || !(reuses > 0.0) || !(window > 1.0))
		return;
	double delta = window / K;
	double p[K] = { 0 }, u[K] = { 0 };
	for (size_t i = 0; i < h->n && h->lo[i] + 0.5 < window; i++) {
		double g_lo = h->lo[i] + 0.5, g_hi = h->hi[i] + 0.5;   /* gaps g = r + 1, spread +-1/2 */
		double dens = h->count[i] / (g_hi - g_lo) / reuses;
		double top = g_hi < window ? g_hi : window;
		for (int k = (int)floor(g_lo / delta); k < K && k * delta < top; k++) {
			double a = k * delta > g_lo ? k * delta : g_lo, b = (k + 1) * delta < top ? (k + 1) * delta : top;
			if (b > a)
				p[k] += dens * (b - a);
		}
	}
	int lo = 0, hi = K - 1;   /* p's support: the sums below lo + lo are empty */
	while (lo < K && !(p[lo] > 0.0))
		lo++;
	while (hi > lo && !(p[hi] > 0.0))
		hi--;
	if (lo == K)
		return;
	for (int k = 0; k < K; k++) {
		u[k] = p[k];
		if (k < 2 * lo - 1 + (lo == 0))
			continue;                     /* no two gaps sum into this cell */
		/* V[k] = rho (p * U)[k]: pairs (i, k - i) half here, pairs (i, k - 1 - i) half here;
		 * the pair (0, k) holds V[k] itself */
		double s = 0.5 * p[0] * p[k];
		int top = k < hi ? k : hi;
		for (int i = lo > 1 ? lo : 1; i <= top; i++)
			s += 0.5 * p[i] * u[k - i];
		top = k - 1 < hi ? k - 1 : hi;
		for (int i = lo; i <= top; i++)
			s += 0.5 * p[i] * u[k - 1 - i];
		double v = rho * s / (1.0 - 0.5 * rho * p[0]);
		u[k] += v;
		*count += v;
		*wait += v * (window - (k + 0.5) * delta);
	}
}

static void share_calc(const pending_ctx_t *c, double window, double miss_ratio, double *share, double *wait_req)
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
	if (!(n > 0.0))
		return;
	/* [Q]: the reuses whose previous use is the block's miss, one per miss that has a
	 * successor: min(M - U1, R) of the R reuses, M = miss_ratio x accesses, U1 the blocks used
	 * once (a miss without a successor) */
	double reuses = c->accesses - h->cold;
	double misses = miss_ratio > 0.0 ? miss_ratio * c->accesses : 0.0;
	double succ = misses - c->once;
	double first = succ < reuses ? succ : reuses;
	if (!(reuses > 0.0) || !(first > 0.0))
		return;
	double q = first / reuses;
	/* [C]: a hit with a successor continues the chain; the hits' successors are the reuses
	 * not taken by the misses, rho = (R - min(M - U1, R)) / (A - M) */
	double rho = c->accesses > misses ? (reuses - first) / (c->accesses - misses) : 0.0;
	double chain_n, chain_w;
	chain_terms(h, reuses, window, rho, &chain_n, &chain_w);
	double cnt = q * n + first * chain_n, wt = q * wsum + first * chain_w;
	*share = cnt / c->accesses;                               /* p_pend (pending.h) */
	*wait_req = cnt > 0.0 ? wt / cnt : 0.0;                   /* W, in requests (pending.h) */
}

/* share_calc through the context's memo, keyed by the exact bits of window and miss_ratio
 * (the context is the rest of the input): the points of a sweep that differ only in what the
 * GPU model's performance does not read (gate_idle) ask the same twice.  The memo changes no
 * result, only how often the renewal equation is solved. */
void pending_share(const pending_ctx_t *c, double window, double miss_ratio, double *share, double *wait_req)
{
	uint64_t key[2], val[2];
	if (!c || !c->memo) {
		share_calc(c, window, miss_ratio, share, wait_req);
		return;
	}
	memcpy(&key[0], &window, sizeof window);
	memcpy(&key[1], &miss_ratio, sizeof miss_ratio);
	if (memo_get_bits(c->memo, key, 2, val, 2)) {
		memcpy(share, &val[0], sizeof *share);
		memcpy(wait_req, &val[1], sizeof *wait_req);
		return;
	}
	share_calc(c, window, miss_ratio, share, wait_req);
	memcpy(&val[0], share, sizeof *share);
	memcpy(&val[1], wait_req, sizeof *wait_req);
	memo_put_bits(c->memo, key, 2, val, 2);
}
