/*
 * wbsim.h -- exact trace-driven fully associative LRU write-back cache with the three
 * write-allocate policies of models/llc_write.h (test reference).
 *
 * Blocks are integers in [0, n_blocks); capacity in blocks.  A load that misses reads the block
 * from memory and allocates it clean.  A store that hits marks the block dirty.  A store that
 * misses: LLCW_NONE writes it to memory and allocates nothing; LLCW_FETCH reads the block from
 * memory, allocates it and marks it dirty; LLCW_LAZY allocates it dirty without reading.  An
 * allocation into a full cache evicts the least recently used block, written to memory when
 * dirty.  Nothing is flushed at the end (GPGPU-Sim's L2 keeps its dirty lines).  O(1) per
 * access (arrays indexed by block, a doubly linked recency list).
 */
#ifndef GPUDSE_WBSIM_H
#define GPUDSE_WBSIM_H

#include <stdint.h>

typedef struct wbsim wbsim_t;

/* capacity >= 1 blocks, n_blocks >= 1, policy LLCW_*.  NULL on allocation failure. */
wbsim_t *wbsim_alloc(uint32_t n_blocks, uint32_t capacity, int policy);
void wbsim_free(wbsim_t *c);
/* One access; returns 1 on a hit. */
int wbsim_access(wbsim_t *c, uint32_t block, int is_write);

uint64_t wbsim_accesses(const wbsim_t *c);
uint64_t wbsim_hits(const wbsim_t *c);
uint64_t wbsim_stores(const wbsim_t *c);
uint64_t wbsim_store_hits(const wbsim_t *c);
uint64_t wbsim_mem_reads(const wbsim_t *c);    /* blocks read from memory */
uint64_t wbsim_mem_writes(const wbsim_t *c);   /* blocks written to memory (dirty evictions; NONE: store misses) */
uint64_t wbsim_allocations(const wbsim_t *c);
uint64_t wbsim_evictions(const wbsim_t *c);

#endif
