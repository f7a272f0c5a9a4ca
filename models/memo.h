/*
 * memo.h -- a fixed-size, lock-free memo for expensive pure functions evaluated per design
 * point (the Morpheus predictor chain, say): many points of a sweep share the same inputs, so
 * the second evaluation with bit-identical inputs returns the stored result.
 *
 * Direct-mapped: the slot is a hash of the key; a new key overwrites the slot.  Safe for
 * concurrent readers and writers (the sweep's worker threads share one per-workload memo):
 * each slot is a sequence lock over atomically accessed words, a reader that races a writer
 * just misses.  The memo is allocated once per workload (memo_alloc), never per evaluation;
 * it changes no result, only how often the function runs.
 */
#ifndef GPUDSE_MEMO_H
#define GPUDSE_MEMO_H

#include <stddef.h>
#include <stdint.h>

#define MEMO_KEYS 6   /* inputs per entry */
#define MEMO_VALS 10  /* outputs per entry */

typedef struct memo memo_t;

memo_t *memo_alloc(size_t slots);   /* slots rounded up to a power of two */
/* A memo of nk key words and nv value words per entry (the doubles API above needs
 * MEMO_KEYS / MEMO_VALS; wider keys go through the _bits calls). */
memo_t *memo_alloc_sized(size_t slots, int nk, int nv);
void memo_free(memo_t *m);
/* 1 and val filled if key (nk <= MEMO_KEYS doubles) is stored, else 0. */
int memo_get(const memo_t *m, const double *key, int nk, double *val, int nv);
/* Store val for key (best effort: skipped if another thread is writing the slot). */
void memo_put(const memo_t *m, const double *key, int nk, const double *val, int nv);
/* The same on raw 64-bit words (a double's bits, or packed integers): nk and nv up to the
 * sizes the memo was allocated with. */
int memo_get_bits(const memo_t *m, const uint64_t *key, int nk, uint64_t *val, int nv);
void memo_put_bits(const memo_t *m, const uint64_t *key, int nk, const uint64_t *val, int nv);

#endif
