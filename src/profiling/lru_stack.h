/*
 * lru_stack.h -- one LRU stack: exact stack distances [Mattson et al. 1970] and reuse times of
 * one cache's access stream (one SM's L1, a group of SMs, or everything), in O(log M) memory
 * per block and O(1) expected work per access for the GPU streams the profiler sees.
 *
 * The stack is the order of last uses.  Blocks have a position in a bit map (one bit per
 * access time, set while that access is the block's last); the distance of a reuse is the
 * number of live positions above the block's.  Counts per chunk of 512 positions and per super
 * chunk of 32768 make that count a few word loads; when the positions run out they are
 * renumbered densely (amortised O(1)).  The top FRONT blocks are kept apart in an MRU array
 * (src/profiling/lru_stack.c).  A write-evict variant (lru_we_*) keeps invalidated blocks as holes
 * [Thompson & Smith 1989].  Used by src/profiling/profiler.c; one stack is touched by one thread at a time.
 */
#ifndef GPUDSE_LRU_STACK_H
#define GPUDSE_LRU_STACK_H

#include <stdint.h>

#define FRONT 8            /* blocks kept in the MRU front, outside the bit map */
#define IN_FRONT (UINT32_MAX - 1) /* lru_entry_t.pos of a block in the front */
#define UNSEEN UINT64_MAX  /* lru_entry_t.last_abs: no live position (evicted, or not seen again
                              in the class pass) */

/* One block's state in one unit, stored in the hash slot itself (one cache miss per lookup). */
typedef struct lru_entry {
	uint64_t block;      /* block index */
	uint64_t last_abs;   /* stream index of the last access */
	uint32_t pos;        /* live position in the bit map, or IN_FRONT */
	uint32_t r, w;       /* reads and writes (l1 units only) */
	uint32_t used;       /* slot occupied */
} lru_entry_t;

typedef struct lru_stack {
	lru_entry_t *map;    /* open addressing, linear probing; never deletes */
	uint64_t hmask;
	uint32_t nent;       /* distinct blocks */
	uint32_t live;       /* live positions in the bit map (blocks behind the front) */
	uint64_t *bits;      /* live last-use positions */
	uint16_t *c1;        /* live positions per chunk */
	uint32_t *c2;        /* live positions per super chunk */
	uint32_t *owner;     /* position -> slot index */
	uint32_t cap;        /* positions (multiple of 512) */
	uint32_t now;        /* next free position */
	uint64_t abs;        /* accesses so far */
	uint32_t *holes;     /* write-evict stacks: positions of holes, a max-heap */
	uint32_t nholes, hcap;
	/* The MRU front: the stack's top `nfront` blocks as block ids and hash slots, in a ring
	 * (most recent at fhead).  Every block in it is more recent than every position in the bit map, so a block
	 * at bit-map position t has distance nfront + (live positions after t).  A reuse inside
	 * the front (GPU streams: 30-65% of accesses, half of them distance 0) costs a scan of
	 * eight words instead of the bit-map updates.  Not used by write-evict stacks. */
	uint64_t front[FRONT];     /* a ring: logical k (k-th most recent) at (fhead + k) % FRONT;
				      empty places hold FRONT_NONE */
	uint32_t front_slot[FRONT];
	uint32_t nfront, fhead;
} lru_stack_t;

#define FRONT_NONE UINT64_MAX  /* not a block id: blocks are below 2^64 - 1 */


/* The hash that places blocks in the maps (callers may pass it in): one multiply by 2^64 / phi
 * (Fibonacci hashing) with the high half folded onto the low one, which the maps index by.
 * Block indices arrive in strides (coalesced warps, matrix rows): the high half spreads any
 * stride, the fold keeps that for strides of 2^32 blocks and more.  One multiply instead of a
 * 64-bit finaliser matters: every access is hashed once per stream (6% of the time). */
static inline uint64_t lru_hash(uint64_t x)
{
	x *= 0x9e3779b97f4a7c15ULL;
	return x ^ (x >> 32);
}

/* Prefetch the map slot a block with this hash probes first (a hint: harmless at any time, the
 * map may grow before the access).  Exact stack processing is bound by one cache miss per
 * lookup on a large map; callers that know the next accesses issue these ahead. */
static inline void lru_prefetch(const lru_stack_t *u, uint64_t hash)
{
	if (u && u->map)
		__builtin_prefetch(&u->map[hash & u->hmask], 1);
}

lru_stack_t *lru_alloc(void);
void lru_free(lru_stack_t *u);
/* A deep copy (NULL when out of memory). */
lru_stack_t *lru_clone(const lru_stack_t *src);

lru_entry_t *lru_touch_behind(lru_stack_t *u, uint64_t block, uint64_t hash, int *cold, uint64_t *sd, uint64_t *rt);

/* One access to `block`, hash = lru_hash(block) (bits above 32 are ignored).  Returns the
 * block's entry (valid until the next call); *cold = 1 for a first touch, else *sd (stack
 * distance) and *rt (reuse time) are set.  NULL when out of memory.  A reuse inside the front
 * is handled inline (the common case); the rest in lru_stack.c. */
static inline lru_entry_t *lru_touch(lru_stack_t *u, uint64_t block, uint64_t hash, int *cold, uint64_t *sd,
				     uint64_t *rt)
{
	uint32_t p = 0;                    /* physical place; empty places never match */
	while (p < FRONT && u->front[p] != block)
		p++;
	if (p == FRONT)
		return lru_touch_behind(u, block, hash, cold, sd, rt);
	const uint32_t M = FRONT - 1;
	uint32_t i = (p - u->fhead) & M, h = u->front_slot[p];
	for (uint32_t k = i; k > 0; k--) {     /* logical 0 .. i-1 move down one */
		uint32_t to = (u->fhead + k) & M, from = (u->fhead + k - 1) & M;
		u->front[to] = u->front[from];
		u->front_slot[to] = u->front_slot[from];
	}
	u->front[u->fhead] = block;
	u->front_slot[u->fhead] = h;
	lru_entry_t *e = &u->map[h];
	*cold = 0;
	*sd = i;
	*rt = u->abs - e->last_abs - 1;
	e->last_abs = u->abs++;
	return e;
}

/* Forget every block's position (the entries and their counts stay): the stack restarts
 * empty, as for a second pass over the same stream. */
void lru_restart(lru_stack_t *u);

/* Write-evict stacks: a write invalidates the block (0, or -1 out of memory); a read is an
 * access as lru_touch, with holes filled (see lru_stack.c). */
int lru_we_write(lru_stack_t *u, uint64_t block);
int lru_we_read(lru_stack_t *u, uint64_t block, int *cold, uint64_t *sd);

#endif
