/*
 * sector_reuse.h -- fully-associative LRU reuse at 32 B sector granularity, beside the
 * profiler's line-granular stacks (issue 18: "reuse at sector granularity alongside lines").
 *
 * A GPU L1/L2 allocates 128 B lines but fetches and moves 32 B sectors (Volta+, GPGPU-Sim's
 * sector caches): a request that touches one sector of a line moves 32 B from DRAM, not 128.
 * The line-granular stack distance answers "is the line resident"; the sector-granular one
 * answers "is the sector resident" for a cache of C / 32 sectors, the DRAM traffic of a
 * sectored cache of C bytes without line fill (every sector is its own block).
 *
 * Streams: "l1" (one FA LRU stack per SM, histograms pooled over SMs, as the line-granular l1
 * stream) and "global" (one stack for all SMs in trace order, the LLC's stream).  Every
 * access of a sector counts once (a request for k sectors of a line counts k accesses, in
 * ascending address order).  Distances are in sectors, binned like the line histograms
 * (profiler_bin).  Exact (Mattson et al. 1970, src/profiling/lru_stack.h) unless the profiler
 * samples (SHARDS): then a sector is kept iff its profiler block is (the same hash decision as
 * the block stacks, so a sampled 128 B block keeps all its sectors), and distances and counts are
 * scaled by 1 / R, with SHARDS_adj (shards.h, Waldspurger et al. §4.3): the expected minus the
 * actual number of sampled sector accesses, (N R - N_s) / R, is added to the first bucket
 * (clamped at 0), so the histogram describes the N offered sector accesses.
 *
 * Runs on the reader's thread (not the profiler's workers): a second stack per SM and one
 * global, fed in trace order.
 */
#ifndef GPUDSE_SECTOR_REUSE_H
#define GPUDSE_SECTOR_REUSE_H

#include <stdint.h>

#include "profile.h"

#define SECTOR_BYTES 32
#define SECTOR_LINE 128   /* a request's sector mask covers the 128 B line holding its address */

typedef struct sector_reuse sector_reuse_t;

/* NULL when out of memory.  global: also build the merged stream. */
sector_reuse_t *sector_reuse_alloc(int global);
void sector_reuse_free(sector_reuse_t *r);

/* One access of SM sm to 32 B sector index `sector` (byte address / 32).  0, or -1 out of
 * memory (sm must be >= 0). */
int sector_reuse_access(sector_reuse_t *r, int sm, uint64_t sector);
/* Prefetch the map slots sector_reuse_access(r, sm, sector) will probe (a hint). */
void sector_reuse_prefetch(const sector_reuse_t *r, int sm, uint64_t sector);

/* Accesses fed so far. */
uint64_t sector_reuse_count(const sector_reuse_t *r);

/* The histograms (caller frees with reuse_hist_free), scaled by 1 / rate when rate < 1, with
 * SHARDS_adj given the sector accesses offered (sampled or not).  glob is left empty when the
 * merged stream was not built.  0, or -1 out of memory. */
int sector_reuse_hists(const sector_reuse_t *r, double rate, double offered, reuse_hist_t *l1,
                       reuse_hist_t *glob);

#endif
