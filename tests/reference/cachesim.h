/*
 * cachesim.h -- exact trace-driven set-associative cache simulator (test reference).
 *
 * Blocks (not byte addresses) go in; each access returns hit or miss and fills on a miss
 * (write-allocate, no bypass).  Any number of sets and ways; sets == 1 is fully associative.
 * Policies: LRU (evict the least recently used), FIFO (evict the earliest inserted; hits do
 * not reorder), random (evict a uniformly chosen way, GSL mt19937 seeded by `seed`).
 * Set index: block mod sets (CACHESIM_MOD), or a 64-bit mix of the block mod sets
 * (CACHESIM_HASH: the uniform-hashing assumption of the analytical models), or GPGPU-Sim's
 * IPOLY polynomial residue (CACHESIM_IPOLY, sets a power of two <= 2^16; src/profiling/set_index.h).
 * CACHESIM_MOD with a power-of-two set count is bit selection (GPGPU-Sim's linear index).
 * Every operation is O(1) (hash map block -> way, per-set doubly linked recency list), so
 * fully-associative caches of 10^5 ways are as fast as small ones.
 *
 *   cachesim_t *c = cachesim_alloc(64, 4, CACHESIM_LRU, CACHESIM_HASH, 1);
 *   for (...) cachesim_access(c, block);
 *   double h = cachesim_hit_ratio(c);
 *   cachesim_free(c);
 */
#ifndef GPUDSE_CACHESIM_H
#define GPUDSE_CACHESIM_H

#include <stdint.h>

enum cachesim_policy { CACHESIM_LRU = 0, CACHESIM_FIFO, CACHESIM_RANDOM };
enum cachesim_index { CACHESIM_MOD = 0, CACHESIM_HASH, CACHESIM_IPOLY };

typedef struct cachesim cachesim_t;

/* sets >= 1, ways >= 1.  NULL on allocation failure. */
cachesim_t *cachesim_alloc(uint64_t sets, uint32_t ways, enum cachesim_policy pol,
			   enum cachesim_index idx, uint64_t seed);
void cachesim_free(cachesim_t *c);
/* Access one block: 1 on a hit, 0 on a miss (the block is then inserted). */
int cachesim_access(cachesim_t *c, uint64_t block);
/* A store to a write-evict cache (DC-L1 Table II): counted as an access and a miss; the
 * block, if present, is invalidated (its way is refilled first by the set's next miss) and
 * nothing is allocated.  cachesim_access is then the load.  Always returns 0. */
int cachesim_write_evict(cachesim_t *c, uint64_t block);
/* A store to a write-through, write-no-allocate cache (GPGPU-Sim 'N' write-allocate policy):
 * a hit counts as a hit and updates the recency (LRU); a miss allocates nothing.  Returns 1 on
 * a hit. */
int cachesim_write_noalloc(cachesim_t *c, uint64_t block);
/* Forget the contents and the counters (the RNG keeps its state). */
void cachesim_reset(cachesim_t *c);
uint64_t cachesim_hits(const cachesim_t *c);
uint64_t cachesim_accesses(const cachesim_t *c);
double cachesim_hit_ratio(const cachesim_t *c);   /* hits / accesses; 0 when no access */

/* The 64-bit mixer used for CACHESIM_HASH (also handy for hashed partitions in tests). */
uint64_t cachesim_mix(uint64_t x);

#endif
