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
 * THE SIGNED ADJUSTMENT, on load (profile_load).  SHARDS_adj [§4.3] adds E[N_s] / R - N_s / R
 * = N - (scaled total) to the first bucket; shards_scale_hist clamps that bucket at zero, so a
 * sample that drew more references than expected (heavy blocks hashed in) keeps its excess as
 * extra references, while a sample short of references gets its shortfall as first-bucket
 * hits.  The estimator is then biased upwards (test_shards_err's loop-heavy mix: the l1 hit
 * ratio at 256 blocks averaged 0.3013 over 40 salts against the exact 0.2862; 0.2823 signed).
 * With the signed adjustment the LRU hit ratio at any capacity C above the first bucket is
 *   h(C) = (H_s(C) + N - T_s) / N = 1 - M_s(C) / N,
 * H_s, M_s, T_s the scaled sampled hits, misses and total: the Horvitz-Thompson estimate of the
 * misses over the known N, unbiased for the misses [Horvitz and Thompson 1952], clamped to
 * [0, 1] only as a ratio.  A histogram cannot hold a negative first bucket (the models read
 * counts as non-negative: Smith's model skips them), so the excess T_s - N is taken from the
 * shortest distances first, bin by bin (then the cold count): for every C at or above the
 * first bucket's end this gives exactly max(0, H_s(C) + N - T_s) hits, the signed estimator
 * with its ratio clamped at 0.
 *
 * N, the offered accesses, is what every sampled stream's sd total equals unless its first
 * bucket was clamped (a clamp only raises a total): the profiler stores it as mem_insts (and
 * insts) when the trace carries no instruction counts (profiler.c), else it is the smallest
 * stream total, exact when that stream's first bucket is positive (not clamped).  When every
 * stream was clamped and the trace had instruction counts, the smallest total is an upper
 * bound of N and the excess removed is the part above it (a partial correction; the return
 * value says so).
 * Applied to sd and rt (the histograms SHARDS_adj touches); sd_we and the class histograms are
 * fitted to the new total as shards_correct fits them; accesses = N.  Idempotent: a profile
 * whose totals are N already is unchanged.
 */
/* The offered accesses N of sampled profile p (above); *exact = 1 when N is known exactly. */
double shards_offered(const profile_t *p, int *exact);
/* Take the excess above `total` from h's shortest distances first (bins in order, then cold):
 * the signed SHARDS_adj as a non-negative histogram (above).  Nothing when h->total <= total. */
void shards_take_excess(reuse_hist_t *h, double total);
/* Is p a SHARDS-sampled profile (random groups, or "--sample R" with R < 1 in its source)? */
int shards_is_sampled(const profile_t *p);
/* The signed adjustment on every stream of sampled profile p (nothing on an exact one).
 * Returns 1 when N was known exactly, 0 when it was a bound or p is exact. */
int shards_signed_adj(profile_t *p);

#endif
