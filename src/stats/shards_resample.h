/*
 * shards_resample.h -- draws of a SHARDS-sampled profile's sampling error, consistent across
 * every histogram the models read (issue 23's "sampling" source; src/stats/uncert_src.h).
 *
 * The error.  Hash sampling keeps each of the B blocks with probability R (X_b ~ Bernoulli(R)),
 * scales every count by 1/R and (SHARDS_adj) moves the difference from the offered total N into
 * the first bucket [SHARDS, Waldspurger et al. FAST 2015, §3, §4.3].  A stream's estimated
 * misses at any capacity C are then a Horvitz-Thompson sum over the sampled blocks,
 * M^(C) = (1/R) sum_b X_b miss_b(C), and the errors of all streams and capacities come from the
 * same X_b: what matters is how each block's accesses spread over the distance axis of each
 * stream.  A profile keeps no per-block counts, so a block model is assumed:
 *
 *   COMONOTONE BLOCKS.  A block's non-cold accesses lie in one slice of every stream's distance
 *   distribution, the same quantile slice in every stream (a block reused at short distances
 *   in its L1 is reused at short distances at the LLC), and each block has one first touch per
 *   unit that sees it.
 *   UNEQUAL BLOCKS.  A block reused every t accesses of the merged stream carries N / t of its N
 *   accesses, so the N' du non-cold accesses at quantiles [u, u + du) are carried by
 *   K = N' du t(u) / N blocks, t(u) the global stream's reuse-time quantile (its stack
 *   distance, t >= d, when the profile has no reuse times: fewer, heavier blocks, a larger
 *   error), except re-references in the global stack's first bucket (d < 1/R: a burst on one
 *   block, whose gap says nothing of how often the block comes back), which get the mean
 *   weight, K = B du.  The blocks never reused, K_0 = B - sum K, carry a first touch only.
 *   Then the scaled sample of the non-cold accesses below quantile u is N' G(u), where G grows
 *   on each slice by du x (its K blocks' sampled count over R K): mean du, variance
 *   du^2 (1 - R) / (R K), drawn as a mean-1 gamma factor of that variance (positive, as counts
 *   are; GSL gsl_ran_gamma).  The cold counts scale by the sampled share of all B blocks
 *   (the same factors); the first bucket takes what keeps the offered total N, clamped at zero
 *   as shards_scale_hist does [SHARDS_adj].  For one stream at capacity C (non-cold hit
 *   quantile F) the hit ratio moves with G(F) and the cold factor; the LLC's local hit ratio
 *   gpu_local_hit(H_g(C2), h1(C1)) moves with G(F_g(C2)) - G(F_1(C1)), the blocks between the
 *   two levels' quantiles, so every level gets its error (the previous model moved every
 *   miss count by one common factor, which cancels in a local hit ratio).
 *   SCALED DISTANCES.  A sampled distance d^ = d_s / R counts the sampled blocks among the d
 *   a reuse saw, so d^ - d has sd sqrt(d (1 - R) / R) [SHARDS §3]; each draw moves every
 *   distance-histogram edge by sqrt(x (1 - R) / R) z, one normal z for all edges and streams
 *   (the same sampled blocks make the counts high or low: fully correlated, the largest error
 *   of this kind), kept monotone.  Reuse-time histograms keep their edges.
 *   The streams' scalar counts follow as shards_correct leaves them: accesses = the sd
 *   histogram's total, writes scaled like the sampled accesses, footprint like the blocks.
 *   Measured against 40 hash salts of real sampled profiles (tests/unit/test_shards_err.c: L1
 *   LRU and 4-way, a 2-SM node, the LLC's local hit ratio, and end to end the GPU model's
 *   l1_hit, llc_hit, dram_bpki and ipc): stated / measured sd 0.96-1.41 on a balanced mix and
 *   0.91-1.19 on tracegen's loop-heavy standard mix; 90% intervals contain the exact value in
 *   0.91 and 0.86 of the cases; the model's metrics 0.90-1.47, 0.88 inside.
 *   Limits, measured on generated p-2mm kernels under 12 salts (tests/bench/shards_err_kernel.c):
 *   size 128, 0.61-1.20 of the spread; size 256, 0.89-3.8: bursts of short gaps beyond the first
 *   bucket are read as heavy blocks, so the error is overstated there (its l1_apki gets a
 *   log-sd of 0.08 where the salts give 0: draws whose first bucket is clamped).  The SMs'
 *   sharing of a block is not drawn (one first touch per unit, in proportion): when every
 *   level misses only first touches (all blocks fit), a local hit ratio gets no error.
 *
 * What is drawn: every stream's sd, rt, sd_we and per-class sd histograms (each on its own
 * quantile axis, one G for all; the distance histograms' edges too) and its accesses, writes
 * and footprint.  Set-associative records (sa, sa_we, sa_wna, sa_deep),
 * and sd_exact are exact-only: the profiler writes none of them for a sampled profile
 * (profiler.c: a spatial sample changes which blocks share a set), and the models then take
 * set-associative hit rates from the sd histograms drawn here (Smith, models/setassoc.h
 * fallback).  The DC-L1 node records of a sampled profile are set-sampled, another sample
 * (src/profiling/nodesample.h), whose error src/stats/node_resample.h draws.  Not drawn: instruction counts (not sampled), the home
 * distribution and read-level shares (shares of the same sampled blocks, second order), and
 * FUSE's miniature-simulation stream (its own spatial sample at its own rate, issue 21).
 */
#ifndef GPUDSE_SHARDS_RESAMPLE_H
#define GPUDSE_SHARDS_RESAMPLE_H

#include <gsl/gsl_rng.h>

#include "profile.h"

typedef struct shards_resample shards_resample_t;

/* Prepare draws for profile p sampled at rate R from its streams' random groups
 * (profile_rgroups_t); the profile's histograms are saved.  NULL, with *why saying why, when
 * R is not in (0, 1), a stream or a histogram has no random groups, or memory runs out. */
shards_resample_t *shards_resample_alloc(profile_t *p, double rate, const char **why);
/* Overwrite p's histograms with one draw (totals kept as SHARDS_adj keeps them). */
void shards_resample_draw(shards_resample_t *rs, gsl_rng *r);
/* Put p's histograms back as they were. */
void shards_resample_restore(shards_resample_t *rs);
/* Restore and free (NULL: nothing). */
void shards_resample_free(shards_resample_t *rs);

#endif
