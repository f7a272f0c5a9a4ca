/* node_holders.c -- candidate holders of a block across DC-L1 domains; see node_holders.h. */
#include "profiling/node_holders.h"

#include <stdlib.h>

#define WORDS (NODE_HOLDERS_DOMAINS / 64)
#define EMPTY UINT64_MAX           /* not a block id; block UINT64_MAX itself lives in `last` */

typedef struct slot {
	uint64_t key;
	uint64_t mask[WORDS];
} slot_t;

struct node_holders {
	slot_t *t;
	uint64_t cap, used;            /* cap a power of two */
	uint64_t last[WORDS];          /* the mask of block UINT64_MAX */
};

/* Fibonacci hashing, the high bits folded down (block ids arrive in strides; lru_stack.h) */
static inline uint64_t hash(uint64_t x)
{
	x *= 0x9e3779b97f4a7c15ULL;
	return x ^ (x >> 29);
}

static slot_t *table(uint64_t cap)
{
	slot_t *t = malloc(cap * sizeof *t);
	if (t)
		for (uint64_t i = 0; i < cap; i++)
			t[i].key = EMPTY;
	return t;
}

node_holders_t *node_holders_alloc(void)
{
	node_holders_t *h = calloc(1, sizeof *h);
	if (!h)
		return NULL;
	h->cap = 1024;
	if (!(h->t = table(h->cap))) {
		free(h);
		return NULL;
	}
	return h;
}

void node_holders_free(node_holders_t *h)
{
	if (!h)
		return;
	free(h->t);
	free(h);
}

static int grow(node_holders_t *h)
{
	uint64_t cap = h->cap * 2;
	slot_t *t = table(cap);
	if (!t)
		return -1;
	for (uint64_t i = 0; i < h->cap; i++) {
		if (h->t[i].key == EMPTY)
			continue;
		uint64_t j = hash(h->t[i].key) & (cap - 1);
		while (t[j].key != EMPTY)
			j = (j + 1) & (cap - 1);
		t[j] = h->t[i];
	}
	free(h->t);
	h->t = t;
	h->cap = cap;
	return 0;
}

uint64_t *node_holders_mask(node_holders_t *h, uint64_t block)
{
	if (block == EMPTY)
		return h->last;
	uint64_t j = hash(block) & (h->cap - 1);
	for (;; j = (j + 1) & (h->cap - 1)) {
		if (h->t[j].key == block)
			return h->t[j].mask;
		if (h->t[j].key == EMPTY)
			break;
	}
	if (2 * (h->used + 1) > h->cap) {      /* load <= 1/2: short probes */
		if (grow(h))
			return NULL;
		j = hash(block) & (h->cap - 1);
		while (h->t[j].key != EMPTY)
			j = (j + 1) & (h->cap - 1);
	}
	h->used++;
	h->t[j].key = block;
	for (int w = 0; w < WORDS; w++)
		h->t[j].mask[w] = 0;
	return h->t[j].mask;
}

uint64_t node_holders_bytes(const node_holders_t *h)
{
	return sizeof *h + h->cap * sizeof *h->t;
}
