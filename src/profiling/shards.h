/*
 * shards.h -- spatially hashed sampling of reuse-distance profiles: SHARDS [Waldspurger,
 * Park, Garthwaite, Ahmad: "Efficient MRC Construction with SHARDS", FAST 2015].
 *
 * A block b is sampled iff hash(b) mod P < T; the sampling rate is R = T / P.  Every access
 * to a sampled block is processed exactly (all streams see the same sampled blocks), every
 * other access is dropped before any stack work.  Because the sampled blocks are a uniform
 * random 1/R-th of the address space, a reuse distance d measured among sampled blocks
 * estimates the full distance d / R, and every count (accesses, cold misses, footprint,
 * histogram bins) is scaled by 1 / R  [SHARDS §3, Eq. 1-2].
 *
 * SHARDS_adj [§4.3]: the number of sampled references N_s fluctuates around its expectation
 * N R (a few hot blocks hashed in or out shift it).  The difference N R - N_s is added to the
 * first histogram bucket before scaling, so the scaled histogram sums to the true N and the
 * miss-ratio curve is not biased by the sampled share of references.
 *
 * The profiler (src/profiling/profiler.c) applies this when profiler_opts_t.sample_rate is in (0, 1):
 * shards_keep() at the top of profiler_access, shards_correct() at the end of
 * profiler_finish.  Not sampled: register reuse distances, instruction counts (not
 * address-based).
 */
#ifndef GPUDSE_SHARDS_H
#define GPUDSE_SHARDS_H

#include <stdint.h>

#include "profile.h"
#include "hash64.h"

typedef struct shards {
	double rate;           /* R in (0, 1] */
	uint64_t threshold;    /* keep iff hash(block) < threshold (P = 2^64) */
	uint64_t salt;         /* hashed with the block: another salt, another random set of sampled
	                        * blocks (0, the default, is the historical hash; tests/unit/
	                        * test_shards_err.c repeats the sampling over salts) */
} shards_t;

/* R outside (0, 1] means exact (rate 1); the salt starts at 0. */
void shards_init(shards_t *s, double rate);

/* The hash SHARDS needs only to be uniform over blocks: a 64-bit finaliser (splitmix64). */
static inline uint64_t shards_hash(uint64_t block)
{
	return hash64_splitmix(block + 0x9e3779b97f4a7c15ULL);
}

/* Is block sampled? */
static inline int shards_keep(const shards_t *s, uint64_t block)
{
	return shards_hash(block ^ s->salt) < s->threshold;
}

/* The random group of a sampled block, 0 .. k-1 (k <= 2^32; models/profile.h profile_rgroups_t):
 * a second hash of the salted block, the splitmix finaliser on another input than
 * shards_hash's, so that a block's group is independent of whether it is sampled (the
 * groups are then k independent SHARDS samples at rate R / k) [Wolter, Introduction to
 * Variance Estimation, 2nd ed., 2007, §2.2: random groups].  The high 32 bits, taken mod k by
 * a multiply (Lemire), not the low bits the sampling threshold also sees. */
static inline int shards_group(const shards_t *s, uint64_t block, int k)
{
	uint64_t h = hash64_splitmix((block ^ s->salt) + 0xd1b54a32d192ed03ULL) >> 32;
	return (int)((h * (uint64_t)k) >> 32);
}

/* Scale a profile built from the sampled accesses: distances and counts by 1 / rate, and
 * the SHARDS_adj correction on every stream's stack-distance and reuse-time histograms,
 * given the number of accesses offered (sampled or not), `offered`.  rate in (0, 1). */
void shards_correct(profile_t *p, double rate, double offered);

/* Multiply every count of h (bins and cold) by total / h->total so that it sums to total: the
 * write-evict and per-class histograms of a sampled stream are fitted to the stream's corrected
 * accesses this way (a SHARDS_adj on their own first buckets could be clamped at 0, leaving
 * their total off the stream's).  Nothing when h is empty. */
void shards_fit_total(reuse_hist_t *h, double total);

/* Scale one histogram: bins [lo, hi) -> [lo / rate, hi / rate), counts / rate, cold / rate;
 * then add `adj` (already in scaled units) to the first bin (clamped at 0). */
void shards_scale_hist(reuse_hist_t *h, double rate, double adj);

/*
 * THE REGRESSION ADJUSTMENT, on load (profile_load).  SHARDS_adj [§4.3] adds N - T^ (N the
 * offered accesses, T^ = N_s / R the scaled sampled total) to the first bucket, clamped at zero
 * (shards_scale_hist).  Two defects: the clamp keeps a sample's excess references (heavy blocks
 * hashed in) but gives a shortfall to the first bucket as hits, biasing the hit ratio upwards
 * (test_shards_err's loop-heavy mix: l1 LRU hit at 256 blocks 0.3013 over 40 salts against the
 * exact 0.2862); and, unclamped, it states that every missing or extra reference is a hit at any
 * capacity, which moves small hit ratios by the whole fluctuation of T^ (the balanced mix: the
 * l1 hit at 256 blocks, 0.0011 exact, got an sd over salts of 0.012).
 * Both are the regression estimator with the known total N as auxiliary variable [Cochran,
 * Sampling Techniques, 3rd ed., 1977, §7.1-7.2; Sarndal, Swensson and Wretman, Model Assisted
 * Survey Sampling, 1992, §6.4 (GREG)]: every count y (a bin, the cold count) is estimated by
 *   y_reg = y^ + b (N - T^),
 * y^ its Horvitz-Thompson total; b = 1 for the first bucket and 0 elsewhere is SHARDS_adj, b =
 * y^ / T^ the ratio estimator (SHARDS without adj).  The regression coefficient b estimated
 * from the sample minimises the variance; with random groups (profile_rgroups_t, each a SHARDS
 * sample at rate R / k with estimates y_g, T_g) it is
 *   b = sum_g (y_g - y_bar)(T_g - T_bar) / sum_g (T_g - T_bar)^2,
 * the groups' own regression of the count on the total [Wolter, Introduction to Variance
 * Estimation, 2007, ch. 2 for the groups].  The coefficients of a histogram's counts sum to 1
 * (the counts sum to the total in every group), so the adjusted histogram describes N accesses
 * exactly; a count of the excess removed from a bin whose own estimate is small can go below
 * 0 and is clamped there (the excess above N then comes out of the shortest distances,
 * shards_take_excess).  T is the stream's sd total in each group: every access is in its sd,
 * rt, sd_we and, by class, its class histograms, so all of them are adjusted on the same T.
 * Assumptions: the regression of each count on T is linear across samples (its residual is what
 * src/stats/shards_resample.h draws); b carries the groups' sampling noise (k - 1 degrees of
 * freedom), an O(1/k) bias of the estimator [Cochran §7.3].
 *
 * N, the offered accesses, is what every sampled stream's sd total equals unless its first
 * bucket was clamped (a clamp only raises a total): the profiler stores it as mem_insts (and
 * insts) when the trace carries no instruction counts (profiler.c), else it is the smallest
 * stream total, exact when that stream's first bucket is positive (not clamped).  When every
 * stream was clamped and the trace had instruction counts, the smallest total is an upper bound
 * of N (shards_offered says so), and the adjustment toward it is partial.
 * The read-level classes keep their stored (sampled) shares of the stream, the shares
 * rl_access_frac states (the DC-L1 model reads both); the regression shapes each class's
 * histogram within its share.
 * Streams without random groups (a sampled profile written before them): the excess above N is
 * taken from the shortest distances (b = 1 for the first buckets, signed), the shortfall stays.
 * Idempotent only through the groups: the counts are recomputed from them each time.
 */
/* The offered accesses N of sampled profile p (above); *exact = 1 when N is known exactly. */
double shards_offered(const profile_t *p, int *exact);
/* Take the excess above `total` from h's shortest distances first (bins in order, then cold).
 * Nothing when h->total <= total. */
void shards_take_excess(reuse_hist_t *h, double total);
/* The SHARDS rate of a profile from its provenance (" --sample R" in source), 1 when absent. */
double shards_source_rate(const profile_t *p);
/* b[0..n] of a histogram of n bins from its groups' raw rows (k x (1 + n), cold first) and the
 * groups' raw totals traw[k] (the regression's b above; any common scale cancels).  b = 0 when
 * the totals do not vary. */
void shards_reg_coef(const double *rows, int k, size_t n, const double *traw, double *b);
/* The regression adjustment on every stream of profile p sampled at rate (in (0, 1); nothing
 * otherwise).  Returns 1 when N was known exactly, 0 otherwise, -1 when out of memory (p is
 * then unchanged). */
int shards_regress_adj(profile_t *p, double rate);

#endif
