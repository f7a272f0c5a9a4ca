/*
 * sector_rec.h -- the sector-granular L1 record (issue 20): what a sectored L1 (Volta and
 * later; GPGPU-Sim's "S:" caches) hits, counted per 32 B sector access, as Accel-Sim counts.
 *
 * A sectored cache allocates 128 B lines and fetches the requested 32 B sectors on demand: a
 * sector access hits iff its line is resident and the sector has been fetched since the line
 * was allocated; an access to a resident line whose sector is absent is GPGPU-Sim's
 * SECTOR_MISS.  In a fully associative LRU cache of C lines, line L stays resident from one
 * access to sector s of L to the next iff none of L's line-level reuses in between (and the
 * reuse that brings s back) has LRU stack distance >= C.  So per sector access the record
 * keeps
 *     g = max over the accesses to L since s's previous access (this one included) of their
 *         line stack distances (cold: never; a cold line or sector: cold)
 * and an LRU cache of C lines hits exactly the sector accesses with g < C: the histogram of g
 * is to the sectored cache what the stack-distance histogram is to a line cache (exact for
 * fully associative LRU; the model takes set-associativity with Smith's binomial model as it
 * does for the line histograms).  Writes allocate like reads (GPGPU-Sim's L1D counts a write
 * to a valid sector as a hit, lazy fetch-on-read allocation: the written sectors are valid);
 * requests that bypass the L1 (global atomics, models/atomics.h) are not fed.
 *
 * The same record over all SMs merged (the LLC's stream, the profile's "global" stream) is
 * kept too: sector_rec_hist_global; and, when asked (sector_rec_groups), over groups of G
 * consecutive SMs merged, pooled over the groups (the profile's "group:G" streams): the LLC of
 * a GPU running the kernel's work on fewer SMs, which the model interpolates between as it does
 * the line-granular group streams (models/gpu.c HIT RATES).
 * The L1s are flushed at the end of every kernel (sector_rec_flush, fed by the generators'
 * launch boundaries).  One record per SM (the profile's "l1" stream), pooled.  Distances below SECREC_EXACT are
 * exact bins [d, d + 1), then one bin per power of two.
 */
#ifndef GPUDSE_SECTOR_REC_H
#define GPUDSE_SECTOR_REC_H

#include <stdint.h>

#include "profile.h"

#define SECREC_EXACT 8192
#define SECREC_MAX_GROUPS 16

typedef struct sector_rec sector_rec_t;

sector_rec_t *sector_rec_alloc(void);
void sector_rec_free(sector_rec_t *r);
/* One L1 request of SM `sm` to the 128 B line `line` (line index, not bytes) touching the
 * sectors in `mask` (bit i: bytes 32 i .. 32 i + 31 of the line; 1..15); bypass_l1: a global
 * atomic, fed to the LLC's record only; is_write: a store (the l1 record keeps the stores'
 * counts apart too: sector_rec_hist_writes).  0, or -1 out of memory or a bad argument (the
 * record then keeps failing). */
int sector_rec_access(sector_rec_t *r, int sm, uint64_t line, unsigned mask, int is_write, int bypass_l1);
/* Prefetch the hash slots sector_rec_access(r, sm, line, ..., bypass_l1) will probe (a hint:
 * the profiler issues it a few requests ahead, profiler.c SECTOR QUEUE). */
void sector_rec_prefetch(const sector_rec_t *r, int sm, uint64_t line, int bypass_l1);
/* A kernel ended: every L1 is flushed (GPGPU-Sim -gpgpu_flush_l1_cache 1; NVIDIA's L1s are
 * not coherent and are invalidated between kernels), so each sector's next access is a miss
 * (counted cold).  The line stacks are kept: line distances only ever matter since a sector's
 * own previous access, which is now forgotten. */
void sector_rec_flush(sector_rec_t *r);
/* The pooled histogram of g (sector accesses; cold = first touches of a sector).  0, or -1
 * out of memory.  `out` is overwritten; free with reuse_hist_free. */
int sector_rec_hist(const sector_rec_t *r, reuse_hist_t *out);
/* The same record of the LLC: every SM's requests merged in trace order, atomics included,
 * never flushed (the L2 keeps its contents between kernels: GPGPU-Sim -gpgpu_flush_l2_cache 0),
 * for a sectored LLC of C lines shared by all the profile's SMs. */
int sector_rec_hist_global(const sector_rec_t *r, reuse_hist_t *out);
/* Also keep the merged record of every group of g[i] >= 2 consecutive SMs (units k: SMs
 * [k g[i], (k + 1) g[i])), never flushed, atomics included, pooled over k.  Before the first
 * access; 0, or -1 (fed already, n > SECREC_MAX_GROUPS or a size below 2). */
int sector_rec_groups(sector_rec_t *r, const int *g, int n);
/* The pooled record of the groups of g SMs; -1 when g was not asked for or out of memory. */
int sector_rec_hist_group(const sector_rec_t *r, int g, reuse_hist_t *out);
/* The l1 record of the stores' sector accesses only (a write-through L1 forwards every store;
 * the LLC holds the ones that hit the L1). */
int sector_rec_hist_writes(const sector_rec_t *r, reuse_hist_t *out);
/* The LLC's record (sector_rec_hist_global) of the plain stores' sector accesses only (global
 * atomics read the line too, so they are not in it): a write-allocating LLC's store hits, on
 * the merged, never-flushed stream the LLC sees (models/gpu.c LLC WRITE POLICY). */
int sector_rec_hist_global_writes(const sector_rec_t *r, reuse_hist_t *out);
/* The LLC's write-back record (models/llc_write.h [W6]): one entry per sector write to the
 * merged stream (plain stores and global atomics: both leave the sector modified in a
 * write-back LLC), the value
 *     G = max over the accesses to its line after the write, up to and including the sector's
 *         next write, of their line stack distances; for the sector's last write, also the
 *         line's depth at the end of the run (the distinct lines accessed after its last access)
 * A fully associative LRU cache of C lines evicts the line while the sector is modified, and so
 * writes the sector back to DRAM once, exactly when G >= C: a reuse at distance >= C misses
 * because the line was evicted before it, and a line deeper than C at the end was evicted
 * before the end (the LLC is not flushed: GPGPU-Sim writes back only on eviction).  Two writes
 * in one residency count once (the first's G < C).  No cold entries. */
int sector_rec_hist_global_wb(const sector_rec_t *r, reuse_hist_t *out);
/* The sharing-degree record (profile_shape.h sharers; models/llc_mshr.h [N]): the sectors
 * whose first access in the merged stream (the LLC's cold miss, its fill) is a load, binned by
 * d = the SMs whose first access to the sector in the kernel of that fill (between the same two
 * flushes) is a load: the L1 read misses that reach the LLC for it, each SM once (an SM's L1
 * holds the sector afterwards; a store first makes its later loads L1 hits).  Sectors first
 * stored or reached by a global atomic are not counted (no read fill: GPGPU-Sim's LLC writes a
 * store's bytes without a fill, lazy fetch-on-read); later kernels' readers are not (the LLC
 * holds the sector then: an LLC hit, not a merge).  out[i] = (d, sectors), d ascending, sectors
 * > 0; *n = 0 when no load was fed.  0, or -1 out of memory (out NULL).  Free *out. */
int sector_rec_sharers(const sector_rec_t *r, shape_sharers_t **out, size_t *n);

#endif
