/*
 * setassoc.h -- set-associative hit rates from the profile's per-set LRU stack distances
 * (profile_setassoc_t, issue 17).  Capacities in blocks, sets a power of two.
 *
 * Equations (N = accesses of the stream, n_k(d) = accesses with per-set distance d among 2^k
 * sets under the index function, d = 0..63, and n_k(miss) the rest):
 *
 *   LRU, exact [Mattson et al. 1970, per set; Hill & Smith 1989]:
 *       H(2^k sets, A ways) = sum_{d < A} n_k(d) / N,                          A <= 64.
 *     The same over the write-evict record (setassoc_we) for a write-evict / write-no-allocate
 *     L1 (a write is a miss and invalidates: src/profiling/setstack.h), and over setassoc_wna
 *     for write-no-allocate (a write hit is a hit, a write miss allocates nothing).
 *
 *   Random and FIFO, per set on the same record: a reuse with per-set distance d saw d
 *   distinct blocks of its set since its last use; a share q of them came back through an
 *   evicting miss, so the set took lambda = d q evictions during the gap.
 *     Random: each eviction takes the block with probability 1/A:   h(d) = (1 - 1/A)^lambda.
 *     FIFO: the block leaves A evictions after its insertion; gaps of lambda evictions each, so
 *     after an insertion it hits H = ceil(A / lambda) - 1 further reuses (none when lambda >= A:
 *     a loop longer than the set gets 0, exactly), and h(d) = H / (1 + H).
 *     q: the intervening blocks are a length-biased sample of the set's reuses (each covers
 *     the gap's start), weighted d' + 1; which of them miss is read off LRU at the same
 *     geometry (d' >= A), first touches count as evictions beyond the sets' fills
 *     F = sum_sets min(K_s, A) (the record's occupancy histogram); setassoc.c gives q.
 *     Assumptions: evictions land in the reuse's own set as its per-set distance says (not a
 *     uniform spread: that is what keeps strides right); the replacement policy changes which
 *     intervening blocks miss little compared with LRU; distances of 64 or more always miss.
 *     Measured: tests/unit/test_setassoc.c (dev) and test_setassoc_heldout.c; docs/validation.md.
 *
 *   Few sets of many ways (Volta-and-later L1s: GPGPU-Sim's L1D is 4 sets of 64-256 ways, linear
 *   index), LRU, write-allocate, 65..512 ways and 1, 2 or 4 sets: the same sum over the l1
 *   stream's deep record (profile_sa_deep_t, per-set distances up to 511; setstack.h), exact.
 *   A fully-associative cache of the same size is not a stand-in: on strided families it
 *   differs by up to 0.9995 (tests/unit/test_setassoc_deep.c).
 *
 *   Fallback (no record, a set count that is not a power of two or beyond the record, more than
 *   64 ways without a deep record): reuse.h (Smith's binomial model for LRU; reuse-time fixed points for FIFO and
 *   random), and the method says so.
 *
 * Valid range: sets 2^0..2^max_log of the record, 1..64 ways; 2^0..2^2 sets of 65..512 ways
 * (deep record, LRU write-allocate); any stream that has a record.
 */
#ifndef GPUDSE_SETASSOC_H
#define GPUDSE_SETASSOC_H

#include "profile.h"
#include "reuse.h"

enum sa_write { SA_WRITE_ALLOCATE = 0, SA_WRITE_EVICT, SA_WRITE_NO_ALLOCATE };

enum sa_method {
	SA_M_EXACT = 0,        /* per-set LRU record, exact */
	SA_M_PERSET,           /* per-set eviction model on the record (FIFO, random) */
	SA_M_FULL,             /* fully associative beyond 64 ways: the sd histogram (exact at bins) */
	SA_M_FULL_EXACT,       /* fully associative beyond 64 ways: exact distances (sd_exact) */
	SA_M_SMITH,            /* no record: Smith's binomial model (LRU) */
	SA_M_REUSE_TIME,       /* no record: reuse-time fixed point (FIFO, random) */
	SA_M_NONE              /* nothing to answer with */
};
extern const char *const sa_method_name[SA_M_NONE + 1];

/* Hit ratio of a cache of `blocks` blocks and `ways` ways (0 or >= blocks: fully associative)
 * under index `idx`, write policy `wp` and replacement `pol`, for stream s.  *method (if not
 * NULL) says which model answered.  -1 when nothing can (no histogram the policy needs). */
double setassoc_hit(const profile_stream_t *s, double blocks, int ways, enum sa_index idx,
		    enum sa_write wp, enum reuse_policy pol, enum sa_method *method);

/* A GPU cache level's exact hit ratio: LRU, `assoc` ways, index code 1 = linear, 2 = IPOLY
 * (0 = uniform: no exact answer), over the write-evict record (setassoc_we: a store misses and
 * invalidates) when write_evict, from stream s.  -1 when the record does not cover it (no
 * record, set count not a power of two, more than 64 ways). */
double setassoc_level_hit(const profile_stream_t *s, double blocks, int assoc, int index_code, int write_evict);

/* log2(sets) when blocks / ways is a power of two sets count within the record, else -1. */
int setassoc_log_sets(const profile_setassoc_t *sa, double blocks, int ways);

#endif
