/* memo.c -- the lock-free memo (see memo.h). */
#include "memo.h"
#include "hash64.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Slot i is words [i * stride, (i + 1) * stride): the sequence word (odd while a writer fills
 * the slot; 0 = empty), the key's hash (a miss is told from one word, without reading the
 * key), nk key words, nv value words. */
struct memo {
	size_t mask;
	int nk, nv;
	size_t stride;
	_Atomic uint64_t *w;
};

memo_t *memo_alloc_sized(size_t slots, int nk, int nv)
{
	if (nk < 1 || nv < 1)
		return NULL;
	size_t n = 1;
	while (n < slots)
		n <<= 1;
	memo_t *m = malloc(sizeof *m);
	if (!m)
		return NULL;
	m->nk = nk;
	m->nv = nv;
	m->stride = 2 + (size_t)nk + (size_t)nv;
	m->w = calloc(n * m->stride, sizeof *m->w);    /* all-zero: seq 0 = empty */
	if (!m->w) {
		free(m);
		return NULL;
	}
	m->mask = n - 1;
	return m;
}

memo_t *memo_alloc(size_t slots)
{
	return memo_alloc_sized(slots, MEMO_KEYS, MEMO_VALS);
}

void memo_free(memo_t *m)
{
	if (!m)
		return;
	free(m->w);
	free(m);
}

static uint64_t bits(double x)
{
	uint64_t u;
	memcpy(&u, &x, sizeof u);
	return u;
}

/* FNV-1a-style multiply-xor over the key words in four independent lanes (a wide key hashes
 * in a quarter of the dependent multiplies), then MurmurHash3's 64-bit finaliser: a key's
 * doubles often differ only in their exponent and top mantissa bits (61952.0 vs 79298.56),
 * which a multiply carries only upwards, so without the final avalanche those keys share a
 * slot. */
static uint64_t key_hash(const uint64_t *k, int nk)
{
	uint64_t l[4] = { 1469598103934665603ULL, 0x9e3779b97f4a7c15ULL, 0xc2b2ae3d27d4eb4fULL,
	                  0x165667b19e3779f9ULL };
	for (int i = 0; i < nk; i++) {
		uint64_t *h = &l[i & 3];
		*h ^= k[i];
		*h *= 1099511628211ULL;
		*h ^= *h >> 29;
	}
	uint64_t h = l[0] ^ (l[1] * 0xff51afd7ed558ccdULL) ^ (l[2] * 0xc4ceb9fe1a85ec53ULL) ^
	             (l[3] * 0x94d049bb133111ebULL) ^ (uint64_t)nk;
	return hash64_fmix(h);
}

int memo_get_bits(const memo_t *m, const uint64_t *k, int nk, uint64_t *val, int nv)
{
	if (nk > m->nk || nv > m->nv)
		return 0;
	uint64_t h = key_hash(k, nk);
	_Atomic uint64_t *s = m->w + ((size_t)h & m->mask) * m->stride;
	uint64_t q0 = atomic_load_explicit(&s[0], memory_order_acquire);
	if (q0 == 0 || (q0 & 1) || atomic_load_explicit(&s[1], memory_order_relaxed) != h)
		return 0;
	for (int i = 0; i < nk; i++)
		if (atomic_load_explicit(&s[2 + i], memory_order_relaxed) != k[i])
			return 0;
	for (int i = 0; i < nv; i++)
		val[i] = atomic_load_explicit(&s[2 + m->nk + i], memory_order_relaxed);
	atomic_thread_fence(memory_order_acquire);
	if (atomic_load_explicit(&s[0], memory_order_relaxed) != q0)
		return 0;                            /* a writer raced us: treat as a miss */
	return 1;
}

void memo_put_bits(const memo_t *m, const uint64_t *k, int nk, const uint64_t *val, int nv)
{
	if (nk > m->nk || nv > m->nv)
		return;
	uint64_t h = key_hash(k, nk);
	_Atomic uint64_t *s = m->w + ((size_t)h & m->mask) * m->stride;
	uint64_t q = atomic_load_explicit(&s[0], memory_order_relaxed);
	if ((q & 1) || !atomic_compare_exchange_strong_explicit(&s[0], &q, q + 1,
			memory_order_acquire, memory_order_relaxed))
		return;                              /* another writer holds the slot */
	atomic_store_explicit(&s[1], h, memory_order_relaxed);
	for (int i = 0; i < nk; i++)
		atomic_store_explicit(&s[2 + i], k[i], memory_order_relaxed);
	for (int i = nk; i < m->nk; i++)
		atomic_store_explicit(&s[2 + i], 0, memory_order_relaxed);
	for (int i = 0; i < nv; i++)
		atomic_store_explicit(&s[2 + m->nk + i], val[i], memory_order_relaxed);
	atomic_store_explicit(&s[0], q + 2, memory_order_release);
}

int memo_get(const memo_t *m, const double *key, int nk, double *val, int nv)
{
	uint64_t k[MEMO_KEYS], v[MEMO_VALS];
	if (nk > MEMO_KEYS || nv > MEMO_VALS)
		return 0;
	for (int i = 0; i < nk; i++)
		k[i] = bits(key[i]);
	if (!memo_get_bits(m, k, nk, v, nv))
		return 0;
	memcpy(val, v, (size_t)nv * sizeof *val);
	return 1;
}

void memo_put(const memo_t *m, const double *key, int nk, const double *val, int nv)
{
	uint64_t k[MEMO_KEYS], v[MEMO_VALS];
	if (nk > MEMO_KEYS || nv > MEMO_VALS)
		return;
	for (int i = 0; i < nk; i++)
		k[i] = bits(key[i]);
	for (int i = 0; i < nv; i++)
		v[i] = bits(val[i]);
	memo_put_bits(m, k, nk, v, nv);
}
