/* hybridsim.c -- functional FUSE hybrid-L1 simulation; see hybridsim.h for the policy. */
#include "reference/hybridsim.h"

#include <stdlib.h>
#include <string.h>

#define HS_NONE UINT64_MAX

/* ---- open-addressing map uint64 -> long (linear probing, backward-shift deletion) ---- */
typedef struct hmap {
	size_t mask;
	uint64_t *key;
	long *val;
} hmap_t;

static int hm_init(hmap_t *m, size_t want)
{
	size_t cap = 16;
	while (cap < 2 * want)
		cap <<= 1;
	m->mask = cap - 1;
	m->key = malloc(cap * sizeof *m->key);
	m->val = malloc(cap * sizeof *m->val);
	if (!m->key || !m->val)
		return -1;
	for (size_t i = 0; i < cap; i++)
		m->key[i] = HS_NONE;
	return 0;
}

static void hm_free(hmap_t *m)
{
	free(m->key);
	free(m->val);
}

static size_t hm_slot(const hmap_t *m, uint64_t k)
{
	size_t i = (size_t)((k * 0x9E3779B97F4A7C15ULL) >> 17) & m->mask;
	while (m->key[i] != HS_NONE && m->key[i] != k)
		i = (i + 1) & m->mask;
	return i;
}

static long *hm_get(hmap_t *m, uint64_t k)
{
	size_t i = hm_slot(m, k);
	return m->key[i] == k ? &m->val[i] : NULL;
}

static long *hm_put(hmap_t *m, uint64_t k)   /* existing or new (value 0) */
{
	size_t i = hm_slot(m, k);
	if (m->key[i] != k) {
		m->key[i] = k;
		m->val[i] = 0;
	}
	return &m->val[i];
}

static void hm_del(hmap_t *m, uint64_t k)
{
	size_t i = hm_slot(m, k);
	if (m->key[i] != k)
		return;
	m->key[i] = HS_NONE;
	for (size_t j = (i + 1) & m->mask; m->key[j] != HS_NONE; j = (j + 1) & m->mask) {
		size_t home = (size_t)((m->key[j] * 0x9E3779B97F4A7C15ULL) >> 17) & m->mask;
		/* move j back to i if its home is not in (i, j] cyclically */
		int in_range = i <= j ? (home > i && home <= j) : (home > i || home <= j);
		if (!in_range) {
			m->key[i] = m->key[j];
			m->val[i] = m->val[j];
			m->key[j] = HS_NONE;
			i = j;
		}
	}
}

/* ---- set-associative LRU ---- */
/* Set index: a mixing hash of the block address (splitmix64 finaliser), as hashed L1 indexing
 * does and as the models assume (uniform hashing, reuse.h). */
static uint64_t sa_hash(uint64_t b)
{
	b ^= b >> 30;
	b *= 0xBF58476D1CE4E5B9ULL;
	b ^= b >> 27;
	b *= 0x94D049BB133111EBULL;
	b ^= b >> 31;
	return b;
}

typedef struct sa {
	int sets, ways;
	uint64_t salt;              /* the hash's seed term (hs_cfg_t.seed) */
	uint64_t *blk;
	long *stamp;
} sa_t;

static int sa_init(sa_t *c, int sets, int ways, uint64_t seed)
{
	c->salt = seed * 0x9E3779B97F4A7C15ULL;
	c->sets = sets;
	c->ways = ways;
	c->blk = malloc((size_t)sets * ways * sizeof *c->blk);
	c->stamp = calloc((size_t)sets * ways, sizeof *c->stamp);
	if (!c->blk || !c->stamp)
		return -1;
	for (long i = 0; i < (long)sets * ways; i++)
		c->blk[i] = HS_NONE;
	return 0;
}

static void sa_free(sa_t *c)
{
	free(c->blk);
	free(c->stamp);
}

static long sa_find(const sa_t *c, uint64_t b)
{
	long base = (long)(sa_hash(b + c->salt) % (uint64_t)c->sets) * c->ways;
	for (int w = 0; w < c->ways; w++)
		if (c->blk[base + w] == b)
			return base + w;
	return -1;
}

/* Insert b (absent); returns the evicted block or HS_NONE. */
static uint64_t sa_insert(sa_t *c, uint64_t b, long now)
{
	long base = (long)(sa_hash(b + c->salt) % (uint64_t)c->sets) * c->ways, v = base;
	for (int w = 0; w < c->ways; w++) {
		long i = base + w;
		if (c->blk[i] == HS_NONE) {
			v = i;
			break;
		}
		if (c->stamp[i] < c->stamp[v])
			v = i;
	}
	uint64_t old = c->blk[v];
	c->blk[v] = b;
	c->stamp[v] = now;
	return old;
}

/* ---- fully-associative FIFO (doubly linked queue over a node pool + map) ---- */
typedef struct fifo {
	int cap, count, head, tail, free_list;
	uint64_t *blk;
	int *prev, *next;
	hmap_t map;                 /* block -> node */
} fifo_t;

static int fifo_init(fifo_t *f, int cap)
{
	f->cap = cap;
	f->count = 0;
	f->head = f->tail = -1;
	f->blk = malloc((size_t)cap * sizeof *f->blk);
	f->prev = malloc((size_t)cap * sizeof *f->prev);
	f->next = malloc((size_t)cap * sizeof *f->next);
	if (!f->blk || !f->prev || !f->next || hm_init(&f->map, (size_t)cap) != 0)
		return -1;
	f->free_list = 0;
	for (int i = 0; i < cap; i++)
		f->next[i] = i + 1 < cap ? i + 1 : -1;
	return 0;
}

static void fifo_free(fifo_t *f)
{
	free(f->blk);
	free(f->prev);
	free(f->next);
	hm_free(&f->map);
}

static void fifo_unlink(fifo_t *f, int i)
{
	if (f->prev[i] >= 0) f->next[f->prev[i]] = f->next[i]; else f->head = f->next[i];
	if (f->next[i] >= 0) f->prev[f->next[i]] = f->prev[i]; else f->tail = f->prev[i];
	hm_del(&f->map, f->blk[i]);
	f->next[i] = f->free_list;
	f->free_list = i;
	f->count--;
}

static void fifo_remove(fifo_t *f, uint64_t b)
{
	long *n = hm_get(&f->map, b);
	if (n)
		fifo_unlink(f, (int)*n);
}

/* Insert b at the tail; returns the block dropped at the head (HS_NONE if none). */
static uint64_t fifo_insert(fifo_t *f, uint64_t b)
{
	uint64_t old = HS_NONE;
	if (f->count == f->cap) {
		old = f->blk[f->head];
		fifo_unlink(f, f->head);             /* the oldest block leaves */
	}
	int i = f->free_list;
	f->free_list = f->next[i];
	f->blk[i] = b;
	f->prev[i] = f->tail;
	f->next[i] = -1;
	if (f->tail >= 0) f->next[f->tail] = i; else f->head = i;
	f->tail = i;
	f->count++;
	*hm_put(&f->map, b) = i;
	return old;
}

/* ---- the hybrid ---- */
enum { C_WM = 0, C_RI, C_WORM, C_WORO };

static int class_of(long wr)          /* wr packs writes << 32 | reads */
{
	long w = wr >> 32, r = wr & 0xffffffffL;
	if (w >= 2) return C_WM;
	if (r >= 2) return w == 1 ? C_RI : C_WORM;
	return C_WORO;
}

typedef struct hyb {
	const hs_cfg_t *cfg;
	sa_t sram, stt_sa;
	fifo_t stt_fa;
	hmap_t cls;                         /* block -> counts, then class */
	hs_result_t *r;
	long now;
} hyb_t;

static int stt_has(hyb_t *h, uint64_t b, long *slot)
{
	if (h->cfg->stt_fa)
		return hm_get(&h->stt_fa.map, b) != NULL;
	*slot = sa_find(&h->stt_sa, b);
	return *slot >= 0;
}

static void stt_put(hyb_t *h, uint64_t b)
{
	if (h->cfg->stt_fa)
		fifo_insert(&h->stt_fa, b);
	else
		sa_insert(&h->stt_sa, b, h->now);
	h->r->stt_write++;
}

static void stt_drop(hyb_t *h, uint64_t b, long slot)
{
	if (h->cfg->stt_fa)
		fifo_remove(&h->stt_fa, b);
	else
		h->stt_sa.blk[slot] = HS_NONE;
}

static void sram_fill(hyb_t *h, uint64_t b)
{
	uint64_t v = sa_insert(&h->sram, b, h->now);
	if (v != HS_NONE) {                 /* the victim moves to STT through the swap buffer */
		stt_put(h, v);
		h->r->stt_evict++;
	}
}

int hs_run(const hs_cfg_t *cfg, const hs_ref_t *refs, size_t n, hs_result_t *out)
{
	memset(out, 0, sizeof *out);
	if (cfg->stt_blocks < 1 || (cfg->sram_sets > 0 && cfg->sram_ways < 1) ||
	    (!cfg->stt_fa && (cfg->stt_ways < 1 || cfg->stt_blocks < cfg->stt_ways)))
		return -1;
	hyb_t h;
	memset(&h, 0, sizeof h);
	h.cfg = cfg;
	h.r = out;
	int rc = -1;
	if (hm_init(&h.cls, n) != 0)
		goto out_free;
	for (size_t i = 0; i < n; i++)
		*hm_put(&h.cls, refs[i].block) += refs[i].is_write ? 1L << 32 : 1;
	if (cfg->sram_sets > 0 && sa_init(&h.sram, cfg->sram_sets, cfg->sram_ways, cfg->seed) != 0)
		goto out_free;
	if (cfg->stt_fa ? fifo_init(&h.stt_fa, cfg->stt_blocks) != 0
	                : sa_init(&h.stt_sa, cfg->stt_blocks / cfg->stt_ways, cfg->stt_ways, cfg->seed) != 0)
		goto out_free;
	int pure = cfg->sram_sets == 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t b = refs[i].block;
		int w = refs[i].is_write, c = class_of(*hm_get(&h.cls, b));
		int to_sram = c == C_WM || c == C_RI;
		int pc = c;                              /* the predicted class */
		if (cfg->pred_acc > 0.0 && cfg->pred_acc < 1.0 &&
		    (double)(sa_hash((b + cfg->seed * 0x9E3779B97F4A7C15ULL) ^ 0x5eedULL) >> 11) * 0x1p-53 >= cfg->pred_acc)
			pc = to_sram || c == C_WORO ? C_WORM : C_WM;
		int place_sram = pc == C_WM || pc == C_RI;
		h.now++;
		out->acc++;
		out->cls_acc[c]++;
		long slot = -1;
		if (!pure && (slot = sa_find(&h.sram, b)) >= 0) {
			out->h_sram++;
			out->cls_h_sram[c]++;
			h.sram.stamp[slot] = h.now;
			continue;
		}
		if (stt_has(&h, b, &slot)) {
			out->h_stt++;
			out->cls_h_stt[c]++;
			if (!w) {
				if (!cfg->stt_fa)
					h.stt_sa.stamp[slot] = h.now;
			} else if (cfg->predictor && !pure && !cfg->no_migrate && to_sram) {
				stt_drop(&h, b, slot);           /* §IV-A: WM found in STT moves to SRAM */
				out->migrations++;
				sram_fill(&h, b);
			} else {
				out->stt_update++;               /* written in place */
				out->stt_write++;
				if (!cfg->stt_fa)
					h.stt_sa.stamp[slot] = h.now;
			}
			continue;
		}
		out->miss++;
		if (pure) {
			if (pc != C_WORO) {
				stt_put(&h, b);
				out->stt_fill++;
			}
		} else if (!cfg->predictor || place_sram) {
			sram_fill(&h, b);
		} else if (pc == C_WORM) {
			stt_put(&h, b);
			out->stt_fill++;
		}                                        /* WORO: bypass */
	}
	rc = 0;
out_free:
	hm_free(&h.cls);
	if (h.sram.blk) sa_free(&h.sram);
	if (cfg->stt_fa) { if (h.stt_fa.blk) fifo_free(&h.stt_fa); }
	else if (h.stt_sa.blk) sa_free(&h.stt_sa);
	return rc;
}
