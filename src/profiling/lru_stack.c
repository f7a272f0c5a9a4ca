/* lru_stack.c -- one LRU stack; see lru_stack.h. */
#include "profiling/lru_stack.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define CHUNK_SHIFT 9          /* chunks of 512 positions (8 words of the bit map) */
#define SUPER_SHIFT 15         /* super chunks of 64 chunks */
#define MIN_CAP 4096u
#define HOLE UINT32_MAX        /* owner[] of a hole in a write-evict stack */

/* Zeroed memory, written here: calloc (which GCC also makes of malloc + memset) leaves fresh
 * pages untouched, the map is read before it is written, so each such page is mapped to the
 * shared zero page and faulted again on the first write, and with two threads each of those
 * faults flushes the other CPU's TLB (5% of a threaded profile's time).  aligned_alloc is not
 * folded into calloc.  Big blocks go on 2 MiB boundaries with transparent huge pages
 * requested, since the hash maps are probed at random and 4 KiB pages would make most probes
 * a TLB miss. */
static void *big_calloc(size_t n, size_t size)
{
	size_t bytes = n * size, huge = (size_t)2 << 20;
	size_t align = bytes < 2 * huge ? 64 : huge;
	bytes = (bytes + align - 1) / align * align;
	void *p = aligned_alloc(align, bytes);
	if (!p)
		return NULL;
#ifdef MADV_HUGEPAGE
	if (align == huge)
		madvise(p, bytes, MADV_HUGEPAGE);
#endif
	memset(p, 0, bytes);
	return p;
}

static size_t n_chunks(uint32_t cap) { return cap >> CHUNK_SHIFT; }
static size_t n_supers(uint32_t cap) { return (cap >> SUPER_SHIFT) + 1; }
static size_t n_fen(uint32_t cap) { return n_supers(cap) + 1; }        /* c2[0] unused */

lru_stack_t *lru_alloc(void)
{
	lru_stack_t *u = calloc(1, sizeof *u);
	if (!u)
		return NULL;
	u->hmask = 1023;
	for (int i = 0; i < FRONT; i++)
		u->front[i] = FRONT_NONE;
	u->map = calloc(u->hmask + 1, sizeof *u->map);
	u->cap = MIN_CAP;
	u->bits = calloc(u->cap / 64, sizeof *u->bits);
	u->c1 = calloc(n_chunks(u->cap), sizeof *u->c1);
	u->c2 = calloc(n_fen(u->cap), sizeof *u->c2);
	u->owner = malloc(u->cap * sizeof *u->owner);
	if (!u->map || !u->bits || !u->c1 || !u->c2 || !u->owner) {
		free(u->map); free(u->bits); free(u->c1); free(u->c2); free(u->owner); free(u);
		return NULL;
	}
	return u;
}

void lru_free(lru_stack_t *u)
{
	if (!u)
		return;
	free(u->map); free(u->bits); free(u->c1); free(u->c2); free(u->owner); free(u->holes);
	free(u);
}

/*
 * Live positions: a bit map, counts per chunk (512 positions) and a Fenwick tree over the
 * counts per super chunk (32768 positions).  Counting the live positions on one side of t
 * reads at most 8 words and 63 chunk counts, independent loads, plus log2(cap / 32768) steps
 * of the tree: O(log M) per access for a footprint of M blocks, and in practice a handful of
 * loads (GPU reuses are mostly recent).  (A Fenwick tree over the chunks themselves makes every
 * access two chains of log2(cap / 512) dependent loads and stores: 20% slower here.)
 */
static void sup_add(lru_stack_t *u, uint32_t g, uint32_t v)
{
	uint32_t n = (uint32_t)n_supers(u->cap);
	for (uint32_t i = g + 1; i <= n; i += i & -i)
		u->c2[i] += v;                     /* unsigned wrap-around: v = -1 subtracts */
}

/* Live positions in super chunks [0, g). */
static uint32_t sup_below(const lru_stack_t *u, uint32_t g)
{
	uint32_t s = 0;
	for (uint32_t i = g; i > 0; i -= i & -i)
		s += u->c2[i];
	return s;
}

/* Bit and chunk count only; the caller updates the super chunk's count. */
static void pos_set_chunk(lru_stack_t *u, uint32_t p)
{
	u->bits[p >> 6] |= 1ULL << (p & 63);
	u->c1[p >> CHUNK_SHIFT]++;
}

static void pos_clear_chunk(lru_stack_t *u, uint32_t p)
{
	u->bits[p >> 6] &= ~(1ULL << (p & 63));
	u->c1[p >> CHUNK_SHIFT]--;
}

static void pos_set(lru_stack_t *u, uint32_t p)
{
	pos_set_chunk(u, p);
	sup_add(u, p >> SUPER_SHIFT, 1);
}

static void pos_clear(lru_stack_t *u, uint32_t p)
{
	pos_clear_chunk(u, p);
	sup_add(u, p >> SUPER_SHIFT, UINT32_MAX);
}

/* Bits set in x: one instruction in live_after's popcnt clone, a library call elsewhere. */
static inline uint32_t popcount64(uint64_t x)
{
	return (uint32_t)__builtin_popcountll(x);
}

/* c[a] + ... + c[b - 1] (0 when b <= a): one loop bound, so that it is vectorised. */
static inline uint32_t sum16(const uint16_t *c, uint32_t a, uint32_t b)
{
	uint32_t s = 0;
	for (uint32_t i = a; i < b; i++)
		s += c[i];
	return s;
}

/* Live positions above t (positions >= now are never live), counted from t up to `now` or,
 * when t is in the lower half, from 0 up to t and subtracted from `live`, whichever is shorter.
 * Built twice, for CPUs with and without a popcount instruction (picked at load time by an
 * ifunc resolver, which ThreadSanitizer builds cannot run): this is a sixth of the
 * profiler's time. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_THREAD__)
__attribute__((target_clones("popcnt", "default")))
#endif
static uint32_t live_after(const lru_stack_t *u, uint32_t t)
{
	uint32_t wt = t >> 6;
	if (t < u->now / 2) {
		uint32_t s = popcount64(u->bits[wt] & ((2ULL << (t & 63)) - 1));  /* positions <= t */
		s += sup_below(u, t >> SUPER_SHIFT);
		s += sum16(u->c1, (t >> SUPER_SHIFT) << (SUPER_SHIFT - CHUNK_SHIFT), t >> CHUNK_SHIFT);
		for (uint32_t w = (t >> CHUNK_SHIFT) << (CHUNK_SHIFT - 6); w < wt; w++)
			s += popcount64(u->bits[w]);
		return u->live - s;
	}
	uint32_t top = u->now - 1;
	uint32_t wtop = top >> 6;
	uint32_t s = popcount64(u->bits[wt] & ((~0ULL << (t & 63)) << 1));
	uint32_t wend = ((t >> CHUNK_SHIFT) + 1) << (CHUNK_SHIFT - 6);     /* first word after t's chunk */
	uint32_t wlim = wend < wtop + 1 ? wend : wtop + 1;
	for (uint32_t w = wt + 1; w < wlim; w++)
		s += popcount64(u->bits[w]);
	uint32_t ctop = top >> CHUNK_SHIFT;
	uint32_t cend = ((t >> SUPER_SHIFT) + 1) << (SUPER_SHIFT - CHUNK_SHIFT);
	s += sum16(u->c1, (t >> CHUNK_SHIFT) + 1, cend < ctop + 1 ? cend : ctop + 1);
	return s + u->live - sup_below(u, (t >> SUPER_SHIFT) + 1);
}

/* Renumber the live positions 0..live-1 (in order) and make room for as many new ones. */
__attribute__((noinline, cold)) static int stack_compact(lru_stack_t *u)
{
	uint32_t np = 0, nh = 0;
	uint32_t nw = u->cap / 64;
	for (uint32_t w = 0; w < nw; w++) {
		uint64_t b = u->bits[w];
		while (b) {
			uint32_t p = w * 64 + (uint32_t)__builtin_ctzll(b);
			b &= b - 1;
			uint32_t e = u->owner[p];
			u->owner[np] = e;               /* np <= p: safe in place */
			if (e == HOLE)
				u->holes[nh++] = np++;  /* ascending; reversed below into a max-heap */
			else
				u->map[e].pos = np++;
		}
	}
	/* Room for 3 np new positions: each renumbering stores to every live block's scattered
	 * hash slot, so it is spread over as many accesses as memory allows (owner[] then takes
	 * 16 bytes per block; with 2 np, compaction was 7% of the profiler's time). */
	uint64_t want = (uint64_t)np * 4 + MIN_CAP;
	uint32_t cap = MIN_CAP;
	while (cap < want)
		cap <<= 1;
	if (cap != u->cap) {
		uint64_t *bits = realloc(u->bits, cap / 64 * sizeof *bits);
		if (bits)
			u->bits = bits;
		uint16_t *c1 = realloc(u->c1, n_chunks(cap) * sizeof *c1);
		if (c1)
			u->c1 = c1;
		uint32_t *c2 = realloc(u->c2, n_fen(cap) * sizeof *c2);
		if (c2)
			u->c2 = c2;
		uint32_t *owner = realloc(u->owner, cap * sizeof *owner);
		if (owner)
			u->owner = owner;
		if (!bits || !c1 || !c2 || !owner)
			return -1;
		u->cap = cap;
	}
	/* positions 0 .. np-1 are now the live ones: whole words, chunks and super chunks */
	memset(u->bits, 0, u->cap / 64 * sizeof *u->bits);
	memset(u->bits, 0xff, np / 64 * sizeof *u->bits);
	if (np % 64)
		u->bits[np / 64] = (1ULL << (np % 64)) - 1;
	memset(u->c1, 0, n_chunks(u->cap) * sizeof *u->c1);
	memset(u->c2, 0, n_fen(u->cap) * sizeof *u->c2);
	uint32_t ns = (uint32_t)n_supers(u->cap);
	for (uint32_t c = 0; c << CHUNK_SHIFT < np; c++)
		u->c1[c] = (uint16_t)(np - (c << CHUNK_SHIFT) < (1u << CHUNK_SHIFT) ? np - (c << CHUNK_SHIFT)
										    : 1u << CHUNK_SHIFT);
	for (uint32_t g = 0; g << SUPER_SHIFT < np; g++)
		u->c2[g + 1] = np - (g << SUPER_SHIFT) < (1u << SUPER_SHIFT) ? np - (g << SUPER_SHIFT) : 1u << SUPER_SHIFT;
	for (uint32_t i = 1; i <= ns; i++) {           /* counts -> Fenwick tree, in place */
		uint32_t parent = i + (i & -i);
		if (parent <= ns)
			u->c2[parent] += u->c2[i];
	}
	u->now = np;
	for (uint32_t i = 0; i < nh / 2; i++) {        /* descending order is a max-heap */
		uint32_t x = u->holes[i];
		u->holes[i] = u->holes[nh - 1 - i];
		u->holes[nh - 1 - i] = x;
	}
	return 0;
}

/* Double the hash map; slots move, so the position -> slot map follows. */
__attribute__((noinline, cold)) static int stack_grow_map(lru_stack_t *u)
{
	uint64_t ncap = (u->hmask + 1) * 2;
	lru_entry_t *m = big_calloc(ncap, sizeof *m);
	if (!m)
		return -1;
	for (uint64_t i = 0; i <= u->hmask; i++) {
		if (!u->map[i].used)
			continue;
		uint64_t h = lru_hash(u->map[i].block) & (ncap - 1);
		while (m[h].used)
			h = (h + 1) & (ncap - 1);
		m[h] = u->map[i];
		if (m[h].last_abs != UNSEEN && m[h].pos != IN_FRONT) /* evicted or unseen: no position */
			u->owner[m[h].pos] = (uint32_t)h;
	}
	free(u->map);
	u->map = m;
	u->hmask = ncap - 1;
	for (uint32_t i = 0; i < FRONT; i++) {
		if (u->front[i] == FRONT_NONE)
			continue;
		uint64_t h = lru_hash(u->front[i]) & u->hmask;
		while (m[h].block != u->front[i])
			h = (h + 1) & u->hmask;
		u->front_slot[i] = (uint32_t)h;
	}
	return 0;
}

/* Put slot h (block `block`) on top of the front; when the front is full its oldest block
 * moves to the top of the bit map (it is more recent than every position there).  The ring
 * makes this a move of the head, not of the eight entries (which was 8% of the profiler's
 * instructions).  `freed`: the super chunk of the position the caller has just cleared with
 * pos_clear_chunk, or NO_SUPER; a reuse from the same super chunk as the new position leaves
 * the Fenwick tree as it is (instead of two walks that cancel). */
#define NO_SUPER UINT32_MAX

static void front_push(lru_stack_t *u, uint64_t block, uint32_t h, uint32_t freed)
{
	const uint32_t M = FRONT - 1;
	u->fhead = (u->fhead + M) & M;     /* the new head: the oldest's place, or an empty one */
	if (u->nfront == FRONT) {
		uint32_t old = u->front_slot[u->fhead], p = u->now++;
		pos_set_chunk(u, p);
		if (p >> SUPER_SHIFT != freed) {   /* else the super chunk's count is unchanged */
			sup_add(u, p >> SUPER_SHIFT, 1);
			if (freed != NO_SUPER)
				sup_add(u, freed, UINT32_MAX);
		}
		u->owner[p] = old;
		u->map[old].pos = p;
		u->live++;
	} else {
		if (freed != NO_SUPER)
			sup_add(u, freed, UINT32_MAX);
		u->nfront++;
	}
	u->front[u->fhead] = block;
	u->front_slot[u->fhead] = h;
	u->map[h].pos = IN_FRONT;
}

/* Room for one more position and one more entry.  0, or -1 when out of memory.  Inline, with
 * the rare work out of line: as a call it cost 29 instructions per access behind the front. */
static inline int make_room(lru_stack_t *u)
{
	if (u->now == u->cap && stack_compact(u) < 0)
		return -1;
	if ((uint64_t)(u->nent + 1) * 2 > u->hmask + 1 && stack_grow_map(u) < 0)
		return -1;
	return 0;
}

/* The slot of `block`: its entry, or the free slot where it would go. */
static uint64_t probe(const lru_stack_t *u, uint64_t block, uint64_t hash)
{
	uint64_t h = hash & u->hmask;
	while (u->map[h].used && u->map[h].block != block)
		h = (h + 1) & u->hmask;
	return h;
}

/* Claim slot h for `block` if it is free (a first touch). */
static void claim(lru_stack_t *u, uint64_t h, uint64_t block)
{
	lru_entry_t *e = &u->map[h];
	if (e->used)
		return;
	e->used = 1;
	e->block = block;
	e->r = e->w = 0;
	u->nent++;
}

/* lru_touch when the block is not in the front. */
lru_entry_t *lru_touch_behind(lru_stack_t *u, uint64_t block, uint64_t hash, int *cold, uint64_t *sd, uint64_t *rt)
{
	if (make_room(u) < 0)
		return NULL;
	uint64_t h = probe(u, block, hash);
	lru_entry_t *e = &u->map[h];
	uint32_t freed = NO_SUPER;
	if (e->used && e->last_abs != UNSEEN) {
		uint32_t t = e->pos;
		*cold = 0;
		*sd = u->nfront + live_after(u, t);        /* live positions after t [Mattson 1970] */
		*rt = u->abs - e->last_abs - 1;
		pos_clear_chunk(u, t);
		freed = t >> SUPER_SHIFT;
		u->live--;
	} else {
		claim(u, h, block);
		*cold = 1;
	}
	front_push(u, block, (uint32_t)h, freed);
	e->last_abs = u->abs++;
	return e;
}

/*
 * Write-evict stacks (opts.write_evict).  Removing a written block from an LRU stack is not
 * enough: a cache that lost a block to capacity and then has a write free one of its ways
 * does not get the lost block back.  So an invalidated block leaves a hole in the stack
 * [Thompson & Smith 1989, stack processing with invalidations]: the hole keeps its position
 * (it counts in the distances), and the next access that misses in the caches above it
 * fills the topmost hole instead of pushing the stack down:
 *  - write to a block in the stack: its position becomes a hole; its entry is marked unseen
 *    (linear probing never deletes slots), so its next access is cold.  A write to a block
 *    not in the stack changes nothing (no allocation);
 *  - read of a block at position t (distance d = live positions after t): when the topmost
 *    hole th is above it (th > t), the stack above th shifts down into th (th is cleared)
 *    and t becomes a hole: every cache of more than d blocks hit and keeps its free way,
 *    every cache of C <= d blocks with the hole inside filled it, every smaller one evicted
 *    its LRU block.  Otherwise the ordinary move to the top;
 *  - read of a block not in the stack (cold): the topmost hole, if any, is filled the same way.
 * A cache of C blocks then hits exactly the reads with d < C (tests/unit/test_profiler.c checks it
 * against tests/reference/cachesim.c's write-evict mode).  Holes are live positions whose owner is
 * HOLE, kept in a max-heap of positions.
 */
static int holes_push(lru_stack_t *u, uint32_t t)
{
	if (u->nholes == u->hcap) {
		uint32_t nc = u->hcap ? 2 * u->hcap : 64;
		uint32_t *nh = realloc(u->holes, nc * sizeof *nh);
		if (!nh)
			return -1;
		u->holes = nh;
		u->hcap = nc;
	}
	uint32_t i = u->nholes++;
	while (i > 0 && u->holes[(i - 1) / 2] < t) {
		u->holes[i] = u->holes[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	u->holes[i] = t;
	u->owner[t] = HOLE;
	return 0;
}

/* Remove the topmost hole from the heap and from the stack. */
static void holes_fill(lru_stack_t *u)
{
	uint32_t th = u->holes[0], x = u->holes[--u->nholes], i = 0;
	for (;;) {
		uint32_t c = 2 * i + 1;
		if (c >= u->nholes)
			break;
		if (c + 1 < u->nholes && u->holes[c + 1] > u->holes[c])
			c++;
		if (u->holes[c] <= x)
			break;
		u->holes[i] = u->holes[c];
		i = c;
	}
	if (u->nholes > 0)
		u->holes[i] = x;
	pos_clear(u, th);
	u->live--;
}

int lru_we_write(lru_stack_t *u, uint64_t block)
{
	lru_entry_t *e = &u->map[probe(u, block, lru_hash(block))];
	u->abs++;
	if (!e->used || e->last_abs == UNSEEN)
		return 0;
	e->last_abs = UNSEEN;
	return holes_push(u, e->pos);
}

/* A read: as lru_touch, with the holes filled as described above.  0, or -1 out of memory. */
int lru_we_read(lru_stack_t *u, uint64_t block, int *cold, uint64_t *sd)
{
	if (make_room(u) < 0)
		return -1;
	uint64_t h = probe(u, block, lru_hash(block));
	lru_entry_t *e = &u->map[h];
	if (e->used && e->last_abs != UNSEEN) {
		uint32_t t = e->pos;
		*cold = 0;
		*sd = live_after(u, t);                    /* holes count: they hold positions */
		if (u->nholes > 0 && u->holes[0] > t) {
			holes_fill(u);
			if (holes_push(u, t) < 0)          /* t stays live, as a hole */
				return -1;
		} else {
			pos_clear(u, t);
			u->live--;
		}
	} else {
		claim(u, h, block);
		*cold = 1;
		if (u->nholes > 0)
			holes_fill(u);
	}
	uint32_t p = u->now++;
	pos_set(u, p);
	u->live++;
	u->owner[p] = (uint32_t)h;
	e->pos = p;
	e->last_abs = u->abs++;
	return 0;
}

lru_stack_t *lru_clone(const lru_stack_t *src)
{
	lru_stack_t *u = calloc(1, sizeof *u);
	if (!u)
		return NULL;
	*u = *src;
	u->map = big_calloc(src->hmask + 1, sizeof *u->map);
	u->bits = malloc(src->cap / 64 * sizeof *u->bits);
	u->c1 = malloc(n_chunks(src->cap) * sizeof *u->c1);
	u->c2 = malloc(n_fen(src->cap) * sizeof *u->c2);
	u->owner = malloc(src->cap * sizeof *u->owner);
	if (!u->map || !u->bits || !u->c1 || !u->c2 || !u->owner) {
		lru_free(u);
		return NULL;
	}
	memcpy(u->map, src->map, (src->hmask + 1) * sizeof *u->map);
	memcpy(u->bits, src->bits, src->cap / 64 * sizeof *u->bits);
	memcpy(u->c1, src->c1, n_chunks(src->cap) * sizeof *u->c1);
	memcpy(u->c2, src->c2, n_fen(src->cap) * sizeof *u->c2);
	memcpy(u->owner, src->owner, src->cap * sizeof *u->owner);
	return u;
}

void lru_restart(lru_stack_t *u)
{
	memset(u->bits, 0, u->cap / 64 * sizeof *u->bits);
	memset(u->c1, 0, n_chunks(u->cap) * sizeof *u->c1);
	memset(u->c2, 0, n_fen(u->cap) * sizeof *u->c2);
	u->now = u->live = u->nfront = u->fhead = 0;
	for (int i = 0; i < FRONT; i++)
		u->front[i] = FRONT_NONE;
	u->abs = 0;
	for (uint64_t k = 0; k <= u->hmask; k++)
		u->map[k].last_abs = UNSEEN;
}
