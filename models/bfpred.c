/*
 * bfpred.c -- the Morpheus two-filter hit/miss predictor as a Markov chain (paper 000, §4.1.2).
 *
 * Set of associativity A, LRU.  Accesses have iid per-set LRU stack distances D with survival
 * S(x) = P(D >= x) (the access hits iff D < A).  Filters: m bits, k hashes;
 * fp(n) = bloom_fp_exact(m, k, n) is the probability that a filter holding n distinct blocks
 * reports an absent block present [Bloom 1970; models/bloom.h (B2)].
 *
 * State between swaps: s = distinct blocks inserted into BF2 since the swap (always the top s
 * of the set's LRU stack, since every access inserts), n = the hardware counter (n <= s: a
 * BF2 false positive on a new block skips the increment), U = distinct blocks in BF1.  BF1
 * holds the blocks that were in BF2 at the last swap (the top T of the stack then) plus every
 * block inserted since; blocks not re-accessed keep their relative stack order, so BF1's
 * members are exactly the top U of the current stack, and U >= s.
 *
 * (E1) level s lasts a geometric number of accesses with mean 1 / S(s): an access with D < s
 *      (already in BF2) changes nothing; the access with D >= s ends the level.
 * (E2) on that access U -> U + 1 iff D >= U, probability S(U) / S(s) (<= 1 since U >= s);
 *      n -> n + 1 with probability 1 - fp(s), independently of U (hash outcomes).
 * (E3) swap at n = A: T = s + 1 (the level count when the counter reaches A), U := T, s = n = 0.
 * Counter chain (bfpred_phase_init, depends only on A, m, k):
 *      P_0(0) = 1;  P_{s+1}(n+1) += P_s(n) (1 - fp(s)),  P_{s+1}(n) += P_s(n) fp(s),  n < A;
 *      R_s = sum_{n<A} P_s(n) (phase still running at level s);
 *      P(T = s+1) = P_s(A-1) (1 - fp(s)).
 * U chain (bfpred_eval): Q_0(U) = P(T = U) (the previous phase's T; phases are independent),
 *      Q_{s+1}(U+1) += Q_s(U) S(U)/S(s),  Q_{s+1}(U) += Q_s(U) (1 - S(U)/S(s)).
 *      U is constant during a level (it changes only on the access that ends the level).
 * Per phase, by Wald's identity (expected accesses at level s = 1/S(s), each with D iid):
 *      accesses  = sum_s R_s / S(s)
 *      misses    = sum_s R_s S(A) / S(s)
 *      stale FP  = sum_s R_s / S(s) sum_U Q_s(U) [S(A) - S(U)]      (A <= D < U: in BF1, evicted)
 *      hash FP   = sum_s R_s / S(s) sum_U Q_s(U) S(U) fp(U)         (D >= U: not in BF1)
 *      fp_rate   = (stale FP + hash FP) / misses.
 * A resident block (D < A <= U) is always in BF1: no false negative (fn_rate = 0), which
 * tests/unit/test_bfpred.c checks on the exact scheme.
 * Assumptions: iid stack distances; the k hash positions of different blocks independent and
 * uniform; fp() evaluated at the filter's distinct-block count (the textbook approximation).
 */
#include "bfpred.h"

#include <math.h>
#include <string.h>

#include "bloom.h"

#define BFPRED_EPS 1e-12
#define BFPRED_TRIM 1e-4   /* states below this probability are dropped: fp rates move <= 0.3%
                            * relative against no trimming (9 workload/design pairs); the
                            * Monte Carlo check in tests/unit/test_bfpred.c still agrees within 1% */

int bfpred_phase_init(bfpred_phase_t *ph, int assoc, int m_bits, int k)
{
	if (assoc < 1 || assoc > BFPRED_MAX_ASSOC || m_bits < 1 || k < 1)
		return -1;
	memset(ph, 0, sizeof *ph);
	ph->assoc = assoc;
	ph->m_bits = m_bits;
	ph->k = k;
	for (int n = 0; n < 2 * BFPRED_MAX_STEPS + 2; n++)
		ph->fp_tab[n] = bloom_fp_exact(m_bits, k, n);       /* (B2) [Bloom 1970] */

	double p[BFPRED_MAX_ASSOC];                  /* counter distribution P_s(n), n < A */
	memset(p, 0, sizeof p);
	p[0] = 1.0;
	int s = 0;
	double r = 1.0;
	for (; s < BFPRED_MAX_STEPS; s++) {
		r = 0.0;
		for (int n = 0; n < assoc; n++)
			r += p[n];
		ph->active[s] = r;                       /* R_s */
		if (r < BFPRED_EPS)
			break;
		double f = ph->fp_tab[s];                /* BF2 holds s distinct blocks */
		ph->swap_at[s + 1] = p[assoc - 1] * (1.0 - f);   /* (E3) */
		for (int n = assoc - 1; n >= 1; n--)     /* (E2), counter part */
			p[n] = p[n] * f + p[n - 1] * (1.0 - f);
		p[0] *= f;
	}
	ph->n_steps = s;
	ph->truncated = s == BFPRED_MAX_STEPS && r >= BFPRED_EPS;
	double tot = 0.0, mt = 0.0;
	for (int t = 0; t <= ph->n_steps; t++) {
		tot += ph->swap_at[t];
		mt += t * ph->swap_at[t];
	}
	ph->mean_T = tot > 0.0 ? mt / tot : NAN;
	return 0;
}

int bfpred_surv_len(const bfpred_phase_t *ph)
{
	return 2 * ph->n_steps + 2;   /* U <= T + s <= 2 n_steps + 1 */
}

static inline double surv_at(const double *surv, int n, int x)
{
	return x < n ? surv[x] : surv[n - 1];
}

int bfpred_eval(const bfpred_phase_t *ph, const double *surv, int n_surv, bfpred_result_t *out)
{
	if (!ph || !surv || n_surv < 1 || ph->n_steps < 1)
		return -1;
	memset(out, 0, sizeof *out);
	const int A = ph->assoc;
	const int nu = bfpred_surv_len(ph);          /* U <= 2 n_steps + 1 */
	const double sa = surv_at(surv, n_surv, A);
	/* per-U terms that do not depend on the level: S(U) and the FP of a miss at U */
	double su[2 * BFPRED_MAX_STEPS + 2], gu[2 * BFPRED_MAX_STEPS + 2];
	for (int u = 0; u < nu; u++) {
		su[u] = surv_at(surv, n_surv, u);
		gu[u] = u >= A ? (sa - su[u]) + su[u] * ph->fp_tab[u] : 0.0;  /* stale + hash */
	}
	double q[2 * BFPRED_MAX_STEPS + 2];
	int lo = -1, hi = -1;
	double tot = 0.0;
	for (int t = 0; t <= ph->n_steps; t++) {
		q[t] = ph->swap_at[t] > BFPRED_TRIM ? ph->swap_at[t] : 0.0;
		tot += q[t];
		if (q[t] > 0.0) {
			if (lo < 0)
				lo = t;
			hi = t;
		}
	}
	if (!(tot > 0.0))
		return -1;
	for (int u = lo; u <= hi; u++)
		q[u] /= tot;                             /* Q_0 = distribution of T */

	double acc = 0.0, miss = 0.0, fpsum = 0.0, stale = 0.0, ubar = 0.0;
	int stuck = 0;
	for (int s = 0; s < ph->n_steps; s++) {
		double r = ph->active[s];
		if (r < BFPRED_TRIM)
			break;                               /* the phase has ended with certainty */
		double ps = surv_at(surv, n_surv, s);
		if (!(ps > 1e-15)) {                     /* no access ever leaves this level */
			stuck = 1;
			break;
		}
		double inv = 1.0 / ps, wgt = r * inv;    /* (E1) expected accesses at level s */
		double fs = 0.0, st = 0.0, um = 0.0;
		/* contributions at level s, then (E2) the U step, in place from the top */
		q[hi + 1] = 0.0;
		for (int u = hi; u >= lo; u--) {
			double qu = q[u];
			fs += qu * gu[u];
			st += qu * (sa - su[u]);
			um += qu * u;
			double up = su[u] * inv;
			double mv = qu * (up < 1.0 ? up : 1.0);
			q[u + 1] += mv;
			q[u] = qu - mv;
		}
		acc += wgt;
		miss += wgt * sa;
		fpsum += wgt * fs;
		stale += wgt * st;
		ubar += wgt * um;
		if (hi + 1 < nu - 1)
			hi++;
		while (lo < hi && q[lo] < BFPRED_TRIM)   /* drop negligible tails */
			lo++;
		while (hi > lo && q[hi] < BFPRED_TRIM)
			hi--;
	}
	out->miss_rate = sa;
	out->mean_T = ph->mean_T;
	out->truncated = ph->truncated;
	out->fn_rate = 0.0;
	out->phase_accesses = stuck ? INFINITY : acc;
	out->mean_bf1 = acc > 0.0 ? ubar / acc : NAN;
	if (miss > 0.0) {
		out->fp_rate = fpsum / miss;
		out->fp_stale = stale / miss;
		out->fp_hash = out->fp_rate - out->fp_stale;
	}
	return 0;
}
