/* mva_memo.c -- the memoised network solve (see mva_memo.h). */
#include "mva_memo.h"

#include <math.h>
#include <string.h>

#include "memo.h"

#define MVA_MEMO_SLOTS 2048                               /* per workload */
#define MVA_MEMO_KEYS (2 + 2 * MVA_MEMO_STATIONS)         /* n, population, 2 words a station */
#define MVA_MEMO_VALS (3 + 3 * MVA_MEMO_STATIONS)         /* X, cycle, iterations, 3 per station */

struct memo *mva_memo_alloc(void)
{
	return memo_alloc_sized(MVA_MEMO_SLOTS, MVA_MEMO_KEYS, MVA_MEMO_VALS);
}

static uint64_t bits(double x)
{
	uint64_t u;
	memcpy(&u, &x, sizeof u);
	return u;
}

static double from_bits(uint64_t u)
{
	double x;
	memcpy(&x, &u, sizeof x);
	return x;
}

int mva_linearizer_memo(const struct memo *m, const queue_station_t *st, int n, double population,
                        queue_mva_t *out)
{
	if (!m || !st || !out || n < 1 || n > MVA_MEMO_STATIONS || !(population > 0.0))
		return queue_mva_linearizer(st, n, population, out);
	uint64_t key[MVA_MEMO_KEYS], val[MVA_MEMO_VALS];
	int nk = 0;
	key[nk++] = (uint64_t)n;
	key[nk++] = bits(population);
	for (int k = 0; k < n; k++) {
		if (st[k].copies < 1 || st[k].servers < 1)     /* queue.c refuses it: no memo */
			return queue_mva_linearizer(st, n, population, out);
		key[nk++] = bits(st[k].demand);
		/* copies in the high 32 bits, servers (< 2^31) shifted over the delay flag */
		key[nk++] = (uint64_t)(uint32_t)st[k].copies << 32 |
		            (uint64_t)(uint32_t)st[k].servers << 1 | (st[k].is_delay != 0);
	}
	int nv = 3 + 3 * n;
	if (memo_get_bits(m, key, nk, val, nv)) {
		/* the fields queue_mva_linearizer writes, and only those */
		out->X = from_bits(val[0]);
		out->cycle = from_bits(val[1]);
		out->iterations = (int)val[2];
		for (int k = 0; k < n; k++) {
			out->resid[k] = from_bits(val[3 + k]);
			out->util[k] = from_bits(val[3 + n + k]);
			out->qlen[k] = from_bits(val[3 + 2 * n + k]);
		}
		return QUEUE_OK;
	}
	int rc = queue_mva_linearizer(st, n, population, out);
	if (rc != QUEUE_OK)
		return rc;
	val[0] = bits(out->X);
	val[1] = bits(out->cycle);
	val[2] = (uint64_t)out->iterations;
	for (int k = 0; k < n; k++) {
		val[3 + k] = bits(out->resid[k]);
		val[3 + n + k] = bits(out->util[k]);
		val[3 + 2 * n + k] = bits(out->qlen[k]);
	}
	memo_put_bits(m, key, nk, val, nv);
	return QUEUE_OK;
}
