/*
 * block_moments.h -- the per-block second moments a SHARDS-sampled profile needs for its own
 * sampling error (profile_t.bm_*; src/stats/shards_resample.h, MEASURED BLOCKS).
 *
 * A sampled profile's counts are Horvitz-Thompson sums over the sampled blocks,
 * Y^ = (1/R) sum_b X_b y_b, whose variance (1 - R)/R sum_b y_b^2 over all blocks is estimated
 * without bias by (1 - R)/R^2 sum over the sampled blocks of y_b^2 [Horvitz & Thompson, JASA
 * 1952; SHARDS, Waldspurger et al. FAST 2015, §3 for the sampling].  The counts the models read
 * are cumulative over reuse distance, so per block b and class c (octaves of the block's reuse
 * time t >= 1 in the sampled merged stream, c = floor(log2 t), the last class open-ended) the
 * sampled non-cold accesses y_bc are kept, and at the end, per class,
 *   acc[c] = sum_b y_bc,
 *   dsq[c] = sum_b (Y_bc^2 - Y_b,c-1^2),   Y_bc = sum_{c' <= c} y_bc',
 * so that sum_{c' <= c} dsq[c'] = sum_b Y_bc^2 is the sampled blocks' sum of squares of the
 * cumulative count up to class c, and dsq[c] >= 0.  The streams' cold counts are sums over
 * blocks too (u_sb = the units of stream s that touched block b: one first touch each), so
 * cm_sum[s] = sum_b u_sb and cm[s][t] = sum_b u_sb u_tb give their variances and
 * covariances the same way.  Unscaled (the sampled blocks' own counts).  Memory:
 * PROFILE_BM_BINS counters and a PROFILE_BM_MAX_SM-bit SM map per sampled block.
 */
#ifndef GPUDSE_BLOCK_MOMENTS_H
#define GPUDSE_BLOCK_MOMENTS_H

#include <stdint.h>

#include "profile.h"

typedef struct block_moments block_moments_t;

block_moments_t *block_moments_alloc(void);
void block_moments_free(block_moments_t *m);
/* One sampled access of block by SM sm, in trace order.  0, or -1 out of memory. */
int block_moments_access(block_moments_t *m, uint64_t block, int sm);
/* The classes' acc and dsq into out (PROFILE_BM_BINS each; sets out->has_bm) and, from out's
 * streams (their group sizes), the cold-count moments cm_sum, cm (n_cm). */
void block_moments_finish(const block_moments_t *m, profile_t *out);

#endif
