/* memo.c -- the lock-free memo (see memo.h). */
#include "memo.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct memo_slot {
	atomic_uint seq;                         /* odd while a writer fills the slot; 0 = empty */
	_Atomic uint64_t w[MEMO_KEYS + MEMO_VALS]; /* key bits, then value bits */
} memo_slot_t;

struct memo {
	size_t mask;
	memo_slot_t *slot;
};

memo_t *memo_alloc(size_t slots)
{
	size_t n = 1;
	while (n < slots)
		n <<= 1;
	memo_t *m = malloc(sizeof *m);
	if (!m)
		return NULL;
	m->slot = calloc(n, sizeof *m->slot);    /* all-zero: seq 0 = empty */
	if (!m->slot) {
		free(m);
		return NULL;
	}
	m->mask = n - 1;
	return m;
}

void memo_free(memo_t *m)
{
	if (!m)
		return;
	free(m->slot);
	free(m);
}

static uint64_t bits(double x)
{
	uint64_t u;
	memcpy(&u, &x, sizeof u);
	return u;
}

static size_t slot_of(const memo_t *m, const uint64_t *k, int nk)
{
	/* FNV-1a over the key words, then MurmurHash3's 64-bit finaliser: a key's doubles often
	 * differ only in their exponent and top mantissa bits (61952.0 vs 79298.56), which a
	 * multiply carries only upwards, so without the final avalanche those keys share a slot */
	uint64_t h = 1469598103934665603ULL;
	for (int i = 0; i < nk; i++) {
		h ^= k[i];
		h *= 1099511628211ULL;
		h ^= h >> 29;
	}
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return (size_t)h & m->mask;
}

int memo_get(const memo_t *m, const double *key, int nk, double *val, int nv)
{
	uint64_t k[MEMO_KEYS];
	for (int i = 0; i < nk; i++)
		k[i] = bits(key[i]);
	memo_slot_t *s = &m->slot[slot_of(m, k, nk)];
	unsigned q0 = atomic_load_explicit(&s->seq, memory_order_acquire);
	if (q0 == 0 || (q0 & 1))
		return 0;
	for (int i = 0; i < nk; i++)
		if (atomic_load_explicit(&s->w[i], memory_order_relaxed) != k[i])
			return 0;
	uint64_t v[MEMO_VALS];
	for (int i = 0; i < nv; i++)
		v[i] = atomic_load_explicit(&s->w[MEMO_KEYS + i], memory_order_relaxed);
	atomic_thread_fence(memory_order_acquire);
	if (atomic_load_explicit(&s->seq, memory_order_relaxed) != q0)
		return 0;                            /* a writer raced us: treat as a miss */
	for (int i = 0; i < nv; i++)
		memcpy(&val[i], &v[i], sizeof val[i]);
	return 1;
}

void memo_put(const memo_t *m, const double *key, int nk, const double *val, int nv)
{
	uint64_t k[MEMO_KEYS];
	for (int i = 0; i < nk; i++)
		k[i] = bits(key[i]);
	memo_slot_t *s = &m->slot[slot_of(m, k, nk)];
	unsigned q = atomic_load_explicit(&s->seq, memory_order_relaxed);
	if ((q & 1) || !atomic_compare_exchange_strong_explicit(&s->seq, &q, q + 1,
			memory_order_acquire, memory_order_relaxed))
		return;                              /* another writer holds the slot */
	for (int i = 0; i < nk; i++)
		atomic_store_explicit(&s->w[i], k[i], memory_order_relaxed);
	for (int i = nk; i < MEMO_KEYS; i++)
		atomic_store_explicit(&s->w[i], 0, memory_order_relaxed);
	for (int i = 0; i < nv; i++)
		atomic_store_explicit(&s->w[MEMO_KEYS + i], bits(val[i]), memory_order_relaxed);
	atomic_store_explicit(&s->seq, q + 2, memory_order_release);
}
