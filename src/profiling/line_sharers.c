/* line_sharers.c -- the sharing-degree record at line granularity; see line_sharers.h. */
#include "profiling/line_sharers.h"

#include <stdlib.h>
#include <string.h>

#include "profiling/lru_stack.h"

#define NOFILL UINT32_MAX

typedef struct fill_slot {       /* block -> its fill's kernel and readers */
	uint64_t key;                /* block + 1; 0: empty */
	uint32_t epoch, n;
} fill_slot_t;

typedef struct seen_slot {       /* (SM, block) -> the last kernel the SM requested the block in */
	uint64_t block;
	uint32_t sm1;                /* sm + 1; 0: empty */
	uint32_t epoch;
} seen_slot_t;

struct line_sharers {
	fill_slot_t *fill;
	uint64_t fmask, fn;
	seen_slot_t *seen;
	uint64_t smask, sn;
	uint32_t epoch;
	int failed;
};

line_sharers_t *line_sharers_alloc(void)
{
	return calloc(1, sizeof(line_sharers_t));
}

void line_sharers_free(line_sharers_t *r)
{
	if (!r)
		return;
	free(r->fill);
	free(r->seen);
	free(r);
}

void line_sharers_flush(line_sharers_t *r)
{
	r->epoch++;
}

static uint64_t seen_hash(uint64_t block, uint32_t sm1)
{
	return lru_hash(block ^ (uint64_t)sm1 << 40 ^ (uint64_t)sm1 * 0x9E3779B97F4A7C15ull);
}

/* grow a map to keep it at most half full; 0 or -1 */
static int fill_grow(line_sharers_t *r)
{
	if (2 * (r->fn + 1) <= (r->fill ? r->fmask + 1 : 0))
		return 0;
	uint64_t cap = r->fill ? (r->fmask + 1) * 2 : 1024;
	fill_slot_t *m = calloc(cap, sizeof *m);
	if (!m)
		return -1;
	for (uint64_t i = 0; r->fill && i <= r->fmask; i++)
		if (r->fill[i].key) {
			uint64_t j = lru_hash(r->fill[i].key) & (cap - 1);
			while (m[j].key)
				j = (j + 1) & (cap - 1);
			m[j] = r->fill[i];
		}
	free(r->fill);
	r->fill = m;
	r->fmask = cap - 1;
	return 0;
}

static int seen_grow(line_sharers_t *r)
{
	if (2 * (r->sn + 1) <= (r->seen ? r->smask + 1 : 0))
		return 0;
	uint64_t cap = r->seen ? (r->smask + 1) * 2 : 1024;
	seen_slot_t *m = calloc(cap, sizeof *m);
	if (!m)
		return -1;
	for (uint64_t i = 0; r->seen && i <= r->smask; i++)
		if (r->seen[i].sm1) {
			uint64_t j = seen_hash(r->seen[i].block, r->seen[i].sm1) & (cap - 1);
			while (m[j].sm1)
				j = (j + 1) & (cap - 1);
			m[j] = r->seen[i];
		}
	free(r->seen);
	r->seen = m;
	r->smask = cap - 1;
	return 0;
}

int line_sharers_access(line_sharers_t *r, int sm, uint64_t block, int is_write)
{
	if (r->failed || sm < 0 || fill_grow(r) || seen_grow(r))
		return r->failed = -1;
	/* the SM's first request to the block in this kernel? */
	uint32_t sm1 = (uint32_t)sm + 1;
	uint64_t j = seen_hash(block, sm1) & r->smask;
	while (r->seen[j].sm1 && !(r->seen[j].sm1 == sm1 && r->seen[j].block == block))
		j = (j + 1) & r->smask;
	if (r->seen[j].sm1 && r->seen[j].epoch == r->epoch)
		return 0;                                   /* no: its L1 holds the block */
	if (!r->seen[j].sm1) {
		r->seen[j].sm1 = sm1;
		r->seen[j].block = block;
		r->sn++;
	}
	r->seen[j].epoch = r->epoch;
	uint64_t key = block + 1;
	uint64_t k = lru_hash(key) & r->fmask;
	while (r->fill[k].key && r->fill[k].key != key)
		k = (k + 1) & r->fmask;
	if (!r->fill[k].key) {                          /* the block's first request: its fill */
		r->fill[k] = (fill_slot_t){ .key = key, .epoch = r->epoch, .n = is_write ? NOFILL : 1 };
		r->fn++;
	} else if (!is_write && r->fill[k].n != NOFILL && r->fill[k].epoch == r->epoch) {
		r->fill[k].n++;                             /* one more SM reads it in the fill's kernel */
	}
	return 0;
}

static int cmp_d(const void *a, const void *b)
{
	int x = ((const shape_sharers_t *)a)->d, y = ((const shape_sharers_t *)b)->d;
	return (x > y) - (x < y);
}

void sharers_hist_sort(shape_sharers_t *h, size_t n)
{
	if (n)
		qsort(h, n, sizeof *h, cmp_d);
}

int sharers_hist_add(shape_sharers_t **out, size_t *n, size_t *cap, int d)
{
	size_t b = 0;
	while (b < *n && (*out)[b].d != d)
		b++;
	if (b == *n) {
		if (*n == *cap) {
			size_t nc = *cap ? 2 * *cap : 16;
			shape_sharers_t *t = realloc(*out, nc * sizeof *t);
			if (!t) {
				free(*out);
				*out = NULL;
				*n = 0;
				return -1;
			}
			*out = t;
			*cap = nc;
		}
		(*out)[(*n)++] = (shape_sharers_t){ .d = d, .sectors = 0.0 };
	}
	(*out)[b].sectors += 1.0;
	return 0;
}

int line_sharers_hist(const line_sharers_t *r, shape_sharers_t **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	if (r->failed)
		return -1;
	size_t cap = 0;
	for (uint64_t i = 0; r->fill && i <= r->fmask; i++) {
		const fill_slot_t *e = &r->fill[i];
		if (e->key && e->n != NOFILL && sharers_hist_add(out, n, &cap, (int)e->n))
			return -1;
	}
	sharers_hist_sort(*out, *n);
	return 0;
}
