/* setassoc.c -- set-associative hit rates from per-set stack distances; see setassoc.h. */
#include "setassoc.h"

#include <math.h>

const char *const sa_method_name[SA_M_NONE + 1] = {
	"exact (per-set LRU stack distances)",
	"per-set eviction model on the per-set LRU stack distances",
	"fully associative (LRU stack-distance histogram, exact at its bin edges)",
	"fully associative (exact LRU stack distances)",
	"Smith binomial model (no per-set record)",
	"reuse-time fixed point (no per-set record)",
	"none",
};

int setassoc_log_sets(const profile_setassoc_t *sa, double blocks, int ways)
{
	if (!sa || ways < 1 || ways > PROFILE_SA_WAYS || !(blocks >= ways))
		return -1;
	double sets = blocks / ways;
	int k = (int)lround(log2(sets));
	if (k < 0 || k > sa->max_log || ldexp(1.0, k) != sets)
		return -1;
	return k;
}

static double row_total(const double *row)
{
	double n = 0;
	for (int d = 0; d <= PROFILE_SA_WAYS; d++)
		n += row[d];
	return n;
}

/* Hit probability of a reuse with lambda misses in its set per gap (setassoc.h). */
static double gap_hit(double lambda, int ways, int fifo)
{
	if (lambda <= 0)
		return 1.0;
	if (!fifo)
		return exp(lambda * log1p(-1.0 / ways));                /* (1 - 1/A)^lambda */
	double H = ceil(ways / lambda) - 1;                              /* hits after an insertion */
	return H <= 0 ? 0.0 : H / (1 + H);
}

/*
 * The intervening blocks' misses.  The d distinct blocks a reuse saw in its set since its last
 * use each came back within the gap, and the reuse interval of each covers the start of the
 * gap: they are a length-biased sample of the set's reuses, a reuse of per-set distance d'
 * spanning about d' + 1 of the set's distinct-block arrivals.  Which of them came back through
 * an evicting miss is taken from LRU at the same geometry, which the record gives exactly
 * (d' >= A misses):
 *     q = [sum_{A <= d' < W} n(d') (d'+1) + T (W+1) + (C - F)] / [sum_{d' < W} n(d') (d'+1) + T (W+1) + C]
 * with T the reuses deeper than W = 64 (misses, weight at least W + 1), C first touches
 * (weight 1: they cover nothing before them) of which F only fill a free way (no eviction);
 * then lambda(d) = d q evicting misses in the set per gap.
 * (A fixed point q = RHS(q) on the policy's own misses was tried first: its slope near q = 0 is
 * the weighted mean d over A, below 1 whenever the set's reuses mostly fit, so it collapses to
 * "no misses" for footprints above the capacity: dev-uniform-20000 at 2 MB 0.89 vs 0.76 exact.)
 */
static double perset_hit(const double *row, const double *occ, double cold, int ways, int fifo)
{
	double fill = 0;
	if (occ)
		for (int j = 1; j <= PROFILE_SA_WAYS; j++)
			fill += occ[j] * (j < ways ? j : ways);               /* sum_sets min(K_s, A) */
	else
		fill = cold;                                             /* unknown: cold misses only fill */
	double tail = row[PROFILE_SA_WAYS] - cold;
	if (tail < 0)
		tail = 0;
	double num = tail * (PROFILE_SA_WAYS + 1) + (cold > fill ? cold - fill : 0);
	double den = tail * (PROFILE_SA_WAYS + 1) + cold;
	for (int d = 0; d < PROFILE_SA_WAYS; d++) {
		den += row[d] * (d + 1);
		if (d >= ways)
			num += row[d] * (d + 1);                          /* LRU misses, length-biased */
	}
	double q = den > 0 ? num / den : 0, hits = 0, n = row[PROFILE_SA_WAYS];
	for (int d = 0; d < PROFILE_SA_WAYS; d++) {
		n += row[d];
		hits += row[d] * gap_hit(d * q, ways, fifo);
	}
	return n > 0 ? hits / n : 0;
}

double setassoc_level_hit(const profile_stream_t *s, double blocks, int assoc, int index_code, int write_evict)
{
	if (!s || index_code < 1 || index_code > 2)
		return -1;
	const profile_setassoc_t *sa = write_evict ? s->sa_we : s->sa;
	if (assoc <= 0 || (setassoc_log_sets(sa, blocks, assoc) < 0 && !(assoc > PROFILE_SA_WAYS && !write_evict && s->sa_deep)))
		return -1;
	enum sa_method m;
	double h = setassoc_hit(s, blocks, assoc, index_code == 2 ? SA_IPOLY : SA_LINEAR,
				write_evict ? SA_WRITE_EVICT : SA_WRITE_ALLOCATE, REUSE_LRU, &m);
	return m == SA_M_EXACT ? h : -1;
}

double setassoc_hit(const profile_stream_t *s, double blocks, int ways, enum sa_index idx,
		    enum sa_write wp, enum reuse_policy pol, enum sa_method *method)
{
	enum sa_method dummy;
	if (!method)
		method = &dummy;
	*method = SA_M_NONE;
	if (!s || !(blocks > 0) || idx < 0 || idx >= SA_NINDEX)
		return -1;
	if (ways <= 0 || ways > blocks)
		ways = blocks > PROFILE_SA_WAYS ? 0 : (int)blocks;       /* fully associative */
	const profile_setassoc_t *sa = wp == SA_WRITE_EVICT ? s->sa_we : wp == SA_WRITE_NO_ALLOCATE ? s->sa_wna : s->sa;
	/* Smith's fallback for write-no-allocate has no histogram of its own: none */
	const reuse_hist_t *sd = wp == SA_WRITE_EVICT ? &s->sd_we : wp == SA_WRITE_NO_ALLOCATE ? NULL : &s->sd;
	if (wp != SA_WRITE_ALLOCATE && pol != REUSE_LRU)
		return -1;                                                /* LRU only */
	int k = ways > 0 ? setassoc_log_sets(sa, blocks, ways) : -1;
	if (k < 0 && ways > PROFILE_SA_WAYS && ways <= PROFILE_SA_DEEP_WAYS && wp == SA_WRITE_ALLOCATE
	    && pol == REUSE_LRU && s->sa_deep) {
		/* few sets of many ways: the deep record, exact the same way (setassoc.h) */
		double sets = blocks / ways;
		int kd = (int)lround(log2(sets));
		if (sets >= 1 && kd <= PROFILE_SA_DEEP_LOG && ldexp(1.0, kd) == sets) {
			const double *row = s->sa_deep->hist[idx][kd];
			double n = 0, hits = 0;
			for (int d = 0; d <= PROFILE_SA_DEEP_WAYS; d++) {
				n += row[d];
				if (d < ways)
					hits += row[d];                           /* d < A hits [Mattson 1970] */
			}
			*method = SA_M_EXACT;
			return n > 0 ? hits / n : 0;
		}
	}
	if (k >= 0) {
		const double *row = sa->hist[idx][k];
		double n = row_total(row);
		if (!(n > 0))
			return 0;
		if (pol == REUSE_LRU || ways == 1) {                      /* one way: no choice */
			double hits = 0;
			for (int d = 0; d < ways; d++)
				hits += row[d];                                   /* d < A hits [Mattson 1970] */
			*method = SA_M_EXACT;
			return hits / n;
		}
		*method = SA_M_PERSET;
		/* first touches: the stream's footprint (one per distinct block and unit) */
		double cold = s->footprint > 0 ? s->footprint : s->sd.cold;
		return perset_hit(row, sa->has_occ ? sa->occ[idx][k] : NULL, cold, ways, pol == REUSE_FIFO);
	}
	if (pol == REUSE_LRU) {
		if (!sd || !(sd->total > 0))
			return -1;
		if (ways == 0 && wp == SA_WRITE_ALLOCATE && s->sd_exact.n > 0) {
			*method = SA_M_FULL_EXACT;                        /* exact at any capacity */
			return reuse_hit_full_lru_exact(sd, &s->sd_exact, blocks);
		}
		*method = ways == 0 ? SA_M_FULL : SA_M_SMITH;
		return reuse_hit_smith(sd, blocks, ways);                 /* [Smith 1978] fallback */
	}
	double h = reuse_hit(s, blocks, ways, pol);
	if (h >= 0)
		*method = SA_M_REUSE_TIME;
	return h;
}
