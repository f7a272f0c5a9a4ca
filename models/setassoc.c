/* setassoc.c -- set-associative hit rates from per-set stack distances; see setassoc.h. */
#include "setassoc.h"

#include <math.h>

const char *const sa_method_name[SA_M_NONE + 1] = {
	"exact (per-set LRU stack distances)",
	"per-set fixed point on the per-set LRU stack distances",
	"fully associative (LRU stack-distance histogram)",
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

/* Miss ratio m minus the right-hand side of the fixed point. */
static double fp_gap(const double *row, double n, int ways, int fifo, double m)
{
	double miss = row[PROFILE_SA_WAYS];
	for (int d = 0; d < PROFILE_SA_WAYS; d++)
		if (row[d] > 0)
			miss += row[d] * (1 - gap_hit(d * m, ways, fifo));
	return m - miss / n;
}

static double perset_fixed_point(const double *row, int ways, int fifo)
{
	double n = row_total(row);
	if (!(n > 0))
		return 0;
	double lo = row[PROFILE_SA_WAYS] / n, hi = 1;               /* misses at least the tail */
	if (fp_gap(row, n, ways, fifo, lo) >= 0)
		return 1 - lo;
	for (int it = 0; it < 60; it++) {                             /* fp_gap rises through 0 */
		double mid = 0.5 * (lo + hi);
		if (fp_gap(row, n, ways, fifo, mid) < 0)
			lo = mid;
		else
			hi = mid;
	}
	return 1 - 0.5 * (lo + hi);
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
		return perset_fixed_point(row, ways, pol == REUSE_FIFO);
	}
	if (pol == REUSE_LRU) {
		if (!sd || !(sd->total > 0))
			return -1;
		*method = ways == 0 ? SA_M_FULL : SA_M_SMITH;
		return reuse_hit_smith(sd, blocks, ways);                 /* [Smith 1978] fallback */
	}
	double h = reuse_hit(s, blocks, ways, pol);
	if (h >= 0)
		*method = SA_M_REUSE_TIME;
	return h;
}
