/*
 * block_moments.h -- the per-block second moments a SHARDS-sampled profile needs for its own
 * sampling error (profile_t.bm_*; src/stats/shards_resample.h, MEASURED BLOCKS).
 *
 * A sampled profile's counts are Horvitz-Thompson sums over the sampled blocks,
 * Y^ = (1/R) sum_b X_b y_b, with covariances Cov(Y^, Z^) = (1 - R)/R sum_b y_b z_b over all
 * blocks, estimated without bias by (1 - R)/R^2 times the same sum over the sampled blocks
 * [Horvitz & Thompson, JASA 1952; SHARDS, Waldspurger et al. FAST 2015, §3 for the sampling].
 * The models read counts cumulative over reuse distance and the streams' first touches, so
 * per sampled block b the vector v_b = (y_b0 .. y_b,K-1, u_b0 .. u_b,S-1) is kept: y_bc its
 * non-cold accesses in reuse-time class c (octaves of the reuse time t >= 1 in the sampled
 * merged stream, c = floor(log2 t), the last class open-ended), u_bs the units of stream s
 * (SMs / the stream's group) that touched it (one first touch each); at the end
 * sum_b v_b and sum_b v_b v_b^T (profile_t.bm_sum, bm_m), unscaled.  Memory: PROFILE_BM_BINS
 * counters and a PROFILE_BM_MAX_SM-bit SM map per sampled block; not measured (bm_n = 0) for
 * more SMs or streams.
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
/* The moments into out (bm_k, bm_n, bm_sum, bm_m), after out's streams are built (their group
 * sizes give the units). */
void block_moments_finish(const block_moments_t *m, profile_t *out);

#endif
