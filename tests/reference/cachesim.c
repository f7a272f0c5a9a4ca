/* cachesim.c -- exact set-associative cache simulator; see cachesim.h. */
#include "reference/cachesim.h"

#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_rng.h>

#include "profiling/set_index.h"

#define NIL UINT32_MAX

struct cachesim {
	uint64_t sets;          /* number of sets */
	uint32_t ways;          /* ways per set */
	enum cachesim_policy pol;
	enum cachesim_index idx;
	uint64_t nslots;        /* sets * ways */
	uint64_t *tag;          /* block held by each slot */
	uint32_t *prev, *next;  /* recency/insertion list per set: head = newest */
	uint32_t *head, *tail;  /* per set */
	uint32_t *used;         /* filled slots per set */
	uint32_t *inval;        /* of those, invalidated by cachesim_write_evict (at the list tail) */
	uint64_t hmask;         /* hash map: capacity - 1 */
	uint32_t *map;          /* slot index or NIL, open addressing, linear probing */
	uint64_t hits, accesses;
	gsl_rng *rng;
	set_index_t *ix;        /* CACHESIM_IPOLY tables */
	int log_sets;
};

static uint64_t set_of(const cachesim_t *c, uint64_t block)
{
	switch (c->idx) {
	case CACHESIM_HASH: return cachesim_mix(block) % c->sets;
	case CACHESIM_IPOLY: return set_index_ipoly(c->ix, block, c->log_sets);
	default: return block % c->sets;
	}
}

uint64_t cachesim_mix(uint64_t x)
{
	/* splitmix64 finaliser */
	x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27; x *= 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return x;
}

cachesim_t *cachesim_alloc(uint64_t sets, uint32_t ways, enum cachesim_policy pol,
			   enum cachesim_index idx, uint64_t seed)
{
	if (sets < 1 || ways < 1 || sets * ways >= NIL)
		return NULL;
	if (idx == CACHESIM_IPOLY && ((sets & (sets - 1)) || sets > (1u << SETIDX_MAX_LOG)))
		return NULL;
	cachesim_t *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->sets = sets; c->ways = ways; c->pol = pol; c->idx = idx;
	c->nslots = sets * ways;
	uint64_t cap = 16;
	while (cap < 2 * c->nslots)
		cap <<= 1;
	c->hmask = cap - 1;
	c->tag = malloc(c->nslots * sizeof *c->tag);
	c->prev = malloc(c->nslots * sizeof *c->prev);
	c->next = malloc(c->nslots * sizeof *c->next);
	c->head = malloc(sets * sizeof *c->head);
	c->tail = malloc(sets * sizeof *c->tail);
	c->used = malloc(sets * sizeof *c->used);
	c->inval = malloc(sets * sizeof *c->inval);
	c->map = malloc(cap * sizeof *c->map);
	c->rng = gsl_rng_alloc(gsl_rng_mt19937);
	if (!c->tag || !c->prev || !c->next || !c->head || !c->tail || !c->used || !c->inval || !c->map || !c->rng) {
		cachesim_free(c);
		return NULL;
	}
	gsl_rng_set(c->rng, seed);
	if (idx == CACHESIM_IPOLY) {
		if (!(c->ix = malloc(sizeof *c->ix))) {
			cachesim_free(c);
			return NULL;
		}
		set_index_init(c->ix);
		while ((1ULL << c->log_sets) < sets)
			c->log_sets++;
	}
	cachesim_reset(c);
	return c;
}

void cachesim_free(cachesim_t *c)
{
	if (!c)
		return;
	free(c->tag); free(c->prev); free(c->next);
	free(c->head); free(c->tail); free(c->used); free(c->inval); free(c->map);
	if (c->rng)
		gsl_rng_free(c->rng);
	free(c->ix);
	free(c);
}

void cachesim_reset(cachesim_t *c)
{
	memset(c->map, 0xff, (c->hmask + 1) * sizeof *c->map);
	for (uint64_t s = 0; s < c->sets; s++) {
		c->head[s] = c->tail[s] = NIL;
		c->used[s] = 0;
		c->inval[s] = 0;
	}
	c->hits = c->accesses = 0;
}

static uint64_t hslot(const cachesim_t *c, uint64_t block)
{
	return cachesim_mix(block ^ 0x9e3779b97f4a7c15ULL) & c->hmask;
}

static uint32_t map_find(const cachesim_t *c, uint64_t block)
{
	for (uint64_t h = hslot(c, block);; h = (h + 1) & c->hmask) {
		uint32_t s = c->map[h];
		if (s == NIL)
			return NIL;
		if (c->tag[s] == block)
			return s;
	}
}

static void map_put(cachesim_t *c, uint64_t block, uint32_t slot)
{
	uint64_t h = hslot(c, block);
	while (c->map[h] != NIL)
		h = (h + 1) & c->hmask;
	c->map[h] = slot;
}

/* Backward-shift deletion for linear probing. */
static void map_del(cachesim_t *c, uint64_t block)
{
	uint64_t h = hslot(c, block);
	while (c->tag[c->map[h]] != block)
		h = (h + 1) & c->hmask;
	uint64_t hole = h;
	for (uint64_t j = (hole + 1) & c->hmask; c->map[j] != NIL; j = (j + 1) & c->hmask) {
		uint64_t home = hslot(c, c->tag[c->map[j]]);
		/* move j into the hole if its home is not in (hole, j] cyclically */
		int in = hole < j ? (home > hole && home <= j) : (home > hole || home <= j);
		if (!in) {
			c->map[hole] = c->map[j];
			hole = j;
		}
	}
	c->map[hole] = NIL;
}

static void list_unlink(cachesim_t *c, uint64_t set, uint32_t s)
{
	if (c->prev[s] != NIL) c->next[c->prev[s]] = c->next[s]; else c->head[set] = c->next[s];
	if (c->next[s] != NIL) c->prev[c->next[s]] = c->prev[s]; else c->tail[set] = c->prev[s];
}

static void list_push_head(cachesim_t *c, uint64_t set, uint32_t s)
{
	c->prev[s] = NIL;
	c->next[s] = c->head[set];
	if (c->head[set] != NIL) c->prev[c->head[set]] = s; else c->tail[set] = s;
	c->head[set] = s;
}

int cachesim_access(cachesim_t *c, uint64_t block)
{
	c->accesses++;
	uint64_t set = set_of(c, block);
	uint32_t s = map_find(c, block);
	if (s != NIL) {
		c->hits++;
		if (c->pol == CACHESIM_LRU) {
			list_unlink(c, set, s);
			list_push_head(c, set, s);
		}
		return 1;
	}
	uint32_t slot;
	if (c->used[set] < c->ways) {
		slot = (uint32_t)(set * c->ways + c->used[set]++);
	} else if (c->inval[set] > 0) {
		slot = c->tail[set];                          /* an invalidated way: no eviction */
		c->inval[set]--;
		list_unlink(c, set, slot);
	} else {
		if (c->pol == CACHESIM_RANDOM)
			slot = (uint32_t)(set * c->ways + gsl_rng_uniform_int(c->rng, c->ways));
		else
			slot = c->tail[set];                  /* LRU: least recent; FIFO: oldest */
		map_del(c, c->tag[slot]);
		list_unlink(c, set, slot);
	}
	c->tag[slot] = block;
	map_put(c, block, slot);
	list_push_head(c, set, slot);
	return 0;
}

static void list_push_tail(cachesim_t *c, uint64_t set, uint32_t s)
{
	c->next[s] = NIL;
	c->prev[s] = c->tail[set];
	if (c->tail[set] != NIL) c->next[c->tail[set]] = s; else c->head[set] = s;
	c->tail[set] = s;
}

int cachesim_write_evict(cachesim_t *c, uint64_t block)
{
	c->accesses++;
	uint64_t set = set_of(c, block);
	uint32_t s = map_find(c, block);
	if (s == NIL)
		return 0;
	map_del(c, block);
	list_unlink(c, set, s);
	list_push_tail(c, set, s);        /* invalid ways sit behind every valid one */
	c->inval[set]++;
	return 0;
}

int cachesim_write_noalloc(cachesim_t *c, uint64_t block)
{
	c->accesses++;
	uint64_t set = set_of(c, block);
	uint32_t s = map_find(c, block);
	if (s == NIL)
		return 0;                                 /* no allocation on a write miss */
	c->hits++;
	if (c->pol == CACHESIM_LRU) {
		list_unlink(c, set, s);
		list_push_head(c, set, s);
	}
	return 1;
}

uint64_t cachesim_hits(const cachesim_t *c) { return c->hits; }
uint64_t cachesim_accesses(const cachesim_t *c) { return c->accesses; }
double cachesim_hit_ratio(const cachesim_t *c)
{
	return c->accesses ? (double)c->hits / (double)c->accesses : 0;
}
