/*
 * bloom.h -- false-positive and overflow rates of Bloom filters, counting Bloom filters and
 * partitioned filters, and the tag-search cost of FUSE's approximate fully-associative bank.
 *
 * Notation: m bits (or counters), k hash functions, n items inserted, hashes independent and
 * uniform over the m positions (the usual idealisation).  Sources:
 *   B. H. Bloom, "Space/time trade-offs in hash coding with allowable errors", CACM 13(7), 1970.
 *   A. Broder, M. Mitzenmacher, "Network applications of Bloom filters: a survey", Internet
 *     Math. 1(4), 2004, §2.1 (exact vs approximate false positives, partitioned filters).
 *   L. Fan, P. Cao, J. Almeida, A. Broder, "Summary cache", IEEE/ACM ToN 8(3), 2000, §V-C
 *     (counting filters, counter overflow).
 *   FUSE (HPCA 2019, ../shared/papers/004), §III-B, §IV-C, §V-B (the CBF-guided tag search).
 * The equations are written out in bloom.c's header comment.  All functions are pure.
 */
#ifndef GPUDSE_BLOOM_H
#define GPUDSE_BLOOM_H

/* False-positive probability of a standard Bloom filter, "exact" form of Bloom 1970 /
 * Broder-Mitzenmacher eq. (1): a given bit is still 0 after k*n uniform hashes with
 * probability p0 = (1 - 1/m)^{kn}; a query for an absent item tests k bits, so
 * FP = (1 - p0)^k.  (This is the textbook formula; it treats the k tested bits as independent,
 * which is accurate for m >> k.)  m_bits >= 1, k >= 1, n_items >= 0 (real: expected loads). */
double bloom_fp_exact(double m_bits, int k, double n_items);

/* The truly exact false-positive probability (Bose et al., IPL 108(4), 2008; Christensen et al.,
 * IPL 110(21), 2010): the number X of set bits after kn throws has the occupancy distribution
 * computed by the recursion P_{t+1}(j) = P_t(j) j/m + P_t(j-1) (m-j+1)/m, and
 * FP = sum_j P(X = j) (j/m)^k.  The textbook (1 - p0)^k above underestimates it for small m
 * (by 3.7% at m = 32, k = 3, n = 4).  Integer m and k n; O(k n m) work, so for k n m > 4e6 it
 * returns bloom_fp_exact (accurate there).  n_items is rounded to the nearest integer. */
double bloom_fp_occupancy(double m_bits, int k, double n_items);

/* The usual approximation FP = (1 - e^{-kn/m})^k [Broder-Mitzenmacher §2.1]. */
double bloom_fp_approx(double m_bits, int k, double n_items);

/* Partitioned Bloom filter: the m bits split into k slices of m/k bits, hash i sets one bit in
 * slice i; FP = (1 - (1 - k/m)^n)^k [Broder-Mitzenmacher §2.1].  Requires m_bits >= k. */
double bloom_fp_partitioned(double m_bits, int k, double n_items);

/* The k minimising the approximate FP: (m/n) ln 2, rounded to the better neighbouring integer
 * (>= 1).  n_items > 0. */
int bloom_k_opt(double m_bits, double n_items);

/* Counting Bloom filter with m counters of b bits each (saturating at 2^b - 1: a saturated
 * counter sticks, as Fan et al. propose).  Each counter's load after n insertions of k hashes
 * is Binomial(kn, 1/m) (Fan et al. §V-C; Poisson(kn/m) for large m). */
typedef struct bloom_cbf {
	double fp;           /* false-positive probability: a counter is nonzero iff its bit would be set,
	                        so this equals the bit filter's, bloom_fp_exact(m, k, n) (saturation does
	                        not change it) */
	double fp_occ;       /* the same by the occupancy distribution, bloom_fp_occupancy */
	double fp_approx;    /* (1 - e^{-kn/m})^k */
	double p_zero;       /* probability a given counter is 0: (1 - 1/m)^{kn} */
	double p_sat;        /* probability a given counter reaches 2^b - 1 (saturates): binomial tail */
	double p_sat_poisson;/* the same from Poisson(kn/m) (Fan et al.'s bound uses this form) */
	double p_any_sat;    /* probability at least one of the m counters saturates, 1 - (1 - p_sat)^m
	                        (independence approximation; an upper bound by the union: m * p_sat) */
	double mean_load;    /* expected count per counter, kn/m */
} bloom_cbf_t;
/* Fills *out.  Returns 0, or -1 for bad arguments (m < 1, k < 1, n < 0, b outside 1..16). */
int bloom_cbf_eval(double m_counters, int k, double n_items, int b_bits, bloom_cbf_t *out);

/* FUSE's approximate fully-associative STT bank (§III-B, Fig. 7; §IV-C; Table I).  The tag array
 * is split into n_filters data sets of `ways / n_filters` blocks each, each data set guarded by a
 * counting filter of `counters` b-bit counters and k hashes.  A lookup tests all filters in
 * parallel (t_filter cycles: one STT-MRAM read, §IV-C), then the polling logic reads, one index
 * per cycle, each positive data set's tags with `comparators` parallel comparators
 * (ceil(set_size / comparators) cycles per data set).  On a hit the true set is positive and the
 * search stops there: in random polling order it is preceded on average by half of the false
 * positives; on a miss every positive set is polled.  Data sets are full in steady state (FIFO
 * replacement keeps every way valid), so each filter holds exactly set_size items. */
typedef struct bloom_tagsearch {
	double set_size;       /* blocks per data set = ways / n_filters */
	double fp;             /* per-filter false-positive probability at that load (occupancy-exact) */
	double false_sets;     /* expected false-positive data sets per lookup, (n_filters - 1) fp (hit) */
	double cyc_per_set;    /* polling cycles per data set, ceil(set_size / comparators) */
	double cycles_hit;     /* expected tag-search cycles of a hit, filter test included */
	double cycles_miss;    /* expected cycles of a miss */
	double p_sat;          /* probability a counter saturates (b-bit counters) */
	double bits;           /* filter storage, n_filters * counters * b bits */
} bloom_tagsearch_t;
/* Returns 0, or -1 for bad arguments (ways < n_filters, any count < 1). */
int bloom_tagsearch_eval(int ways, int n_filters, int counters, int b_bits, int k,
                         int comparators, double t_filter, bloom_tagsearch_t *out);
/* Mean tag-search cycles for a given hit rate of the bank: h * hit + (1 - h) * miss. */
double bloom_tagsearch_cycles(const bloom_tagsearch_t *t, double hit_rate);

#endif
