/* wbsim.c -- exact fully associative LRU write-back cache; see wbsim.h. */
#include "reference/wbsim.h"

#include <stdlib.h>

#include "llc_write.h"

#define NIL UINT32_MAX

struct wbsim {
	uint32_t n_blocks, capacity, resident;
	int policy;
	uint32_t *prev, *next;          /* recency list, head = most recent */
	uint8_t *in, *dirty;
	uint32_t head, tail;
	uint64_t accesses, hits, stores, store_hits, reads, writes, allocs, evicts;
};

wbsim_t *wbsim_alloc(uint32_t n_blocks, uint32_t capacity, int policy)
{
	if (n_blocks < 1 || capacity < 1)
		return NULL;
	wbsim_t *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->n_blocks = n_blocks;
	c->capacity = capacity;
	c->policy = policy;
	c->prev = malloc(n_blocks * sizeof *c->prev);
	c->next = malloc(n_blocks * sizeof *c->next);
	c->in = calloc(n_blocks, 1);
	c->dirty = calloc(n_blocks, 1);
	if (!c->prev || !c->next || !c->in || !c->dirty) {
		wbsim_free(c);
		return NULL;
	}
	c->head = c->tail = NIL;
	return c;
}

void wbsim_free(wbsim_t *c)
{
	if (!c)
		return;
	free(c->prev);
	free(c->next);
	free(c->in);
	free(c->dirty);
	free(c);
}

static void unlink_block(wbsim_t *c, uint32_t b)
{
	if (c->prev[b] != NIL)
		c->next[c->prev[b]] = c->next[b];
	else
		c->head = c->next[b];
	if (c->next[b] != NIL)
		c->prev[c->next[b]] = c->prev[b];
	else
		c->tail = c->prev[b];
}

static void push_front(wbsim_t *c, uint32_t b)
{
	c->prev[b] = NIL;
	c->next[b] = c->head;
	if (c->head != NIL)
		c->prev[c->head] = b;
	c->head = b;
	if (c->tail == NIL)
		c->tail = b;
}

static void allocate(wbsim_t *c, uint32_t b, int dirty)
{
	if (c->resident == c->capacity) {       /* evict the LRU block, written back when dirty */
		uint32_t v = c->tail;
		unlink_block(c, v);
		c->in[v] = 0;
		c->writes += c->dirty[v];
		c->dirty[v] = 0;
		c->evicts++;
		c->resident--;
	}
	push_front(c, b);
	c->in[b] = 1;
	c->dirty[b] = (uint8_t)dirty;
	c->resident++;
	c->allocs++;
}

int wbsim_access(wbsim_t *c, uint32_t b, int is_write)
{
	c->accesses++;
	c->stores += is_write != 0;
	if (c->in[b]) {
		c->store_hits += is_write != 0;
		unlink_block(c, b);
		push_front(c, b);
		if (is_write)
			c->dirty[b] = 1;
		c->hits++;
		return 1;
	}
	if (!is_write) {
		c->reads++;
		allocate(c, b, 0);
	} else if (c->policy == LLCW_NONE) {
		c->writes++;
	} else {
		c->reads += c->policy == LLCW_FETCH;
		allocate(c, b, 1);
	}
	return 0;
}

uint64_t wbsim_accesses(const wbsim_t *c) { return c->accesses; }
uint64_t wbsim_hits(const wbsim_t *c) { return c->hits; }
uint64_t wbsim_stores(const wbsim_t *c) { return c->stores; }
uint64_t wbsim_store_hits(const wbsim_t *c) { return c->store_hits; }
uint64_t wbsim_mem_reads(const wbsim_t *c) { return c->reads; }
uint64_t wbsim_mem_writes(const wbsim_t *c) { return c->writes; }
uint64_t wbsim_allocations(const wbsim_t *c) { return c->allocs; }
uint64_t wbsim_evictions(const wbsim_t *c) { return c->evicts; }
