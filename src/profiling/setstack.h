/*
 * setstack.h -- per-set LRU stacks of one cache's access stream, for every power-of-two set
 * count 2^0 .. 2^max_log under each set-index function (src/profiling/set_index.h): the
 * records that make set-associative LRU hit rates exact (issue 17).
 *
 * For S = 2^k sets and an index function f, the per-set stack distance of an access is the
 * number of distinct blocks of its set (under f) used since its previous use [Mattson et al.
 * 1970, applied per set; Hill & Smith, "Evaluating associativity in CPU caches", IEEE TC
 * 38(12), 1989]; an A-way LRU cache of S sets hits exactly the accesses with distance < A.
 * Distances of PROFILE_SA_WAYS (64) or more, and first touches, are one "miss" count: no
 * preset asks for more than 64 ways.  So each set keeps only its 64 most recent blocks, an
 * MRU array; memory is at most 64 block ids per set and never more than one per distinct block
 * per (k, f).
 *
 * Write-evict (DC-L1 Table II, GPGPU-Sim 'E'/Fermi global stores): a write is a miss and
 * invalidates the block; its way stays empty until the set's next miss fills it.  That is a
 * stack algorithm with holes [Thompson & Smith, "Efficient (stack) algorithms for analysis of
 * write-back and sector memories", ACM TOCS 7(1), 1989]: a write turns the block's entry into a
 * hole; a miss pushes on top and the shift down stops at the first hole (the way it fills); a
 * hit at depth d with a hole h < d above it removes that hole, shifts 0..h-1 down, and leaves
 * a hole at d (caches of d or fewer ways filled the hole with it; larger ones kept the same
 * blocks).  The A-way cache holds the valid entries among the top A, so distance < A is still
 * exactly a hit.
 *
 * Write-no-allocate (write-through, GPGPU-Sim write-allocate policy 'N'): a write hit is a hit
 * and refreshes the block's recency, a write miss allocates nothing.  Caches of every
 * associativity still nest (a block a smaller cache holds was last brought in by a read, and
 * every later access to it touched both caches, so its recency is the same in both), so this
 * is a stack algorithm with the last access time as the priority [Mattson et al. 1970, §3]:
 * the update carries entries down by priority instead of shifting (access_wna).
 */
#ifndef GPUDSE_SETSTACK_H
#define GPUDSE_SETSTACK_H

#include <stdint.h>

#include "profile.h"
#include "profiling/set_index.h"

/* Counts per (index function, log2 sets, distance), distance PROFILE_SA_WAYS = miss. */
typedef uint64_t setstack_counts_t[SA_NINDEX][PROFILE_SA_MAX_LOG + 1][PROFILE_SA_WAYS + 1];

typedef struct setstack setstack_t;
typedef struct setstack_batch setstack_batch_t;

enum setstack_mode { SS_ALLOCATE = 0, SS_WRITE_EVICT, SS_NO_ALLOCATE, SS_NMODE };

/* max_log <= PROFILE_SA_MAX_LOG; ix must outlive the stack.  NULL when out of memory. */
setstack_t *setstack_alloc(int max_log, enum setstack_mode mode, const set_index_t *ix);
/* Only the lists of 2^log_sets sets under index f (the DC-L1 node records, noderec.h): the
 * counts of other levels stay untouched.  NULL when out of memory or out of range. */
setstack_t *setstack_alloc_level(int log_sets, enum sa_index f, enum setstack_mode mode, const set_index_t *ix);
void setstack_free(setstack_t *s);
/* The block's place in its set's list at 2^k sets under f, holes counted (an A-way cache holds
 * it exactly when the place is below A), or -1 when it is not among the list's 64.  Changes
 * nothing.  -1 also for a level the stack does not keep. */
int setstack_depth(const setstack_t *s, uint64_t block, enum sa_index f, int k);
/* The same with the block's set (set_index_of(ix, f, block, k)) already known: callers that
 * look one block up in many stacks of the same geometry compute it once. */
int setstack_depth_set(const setstack_t *s, uint64_t block, enum sa_index f, int k, uint32_t set);
/* Exact fully-associative LRU distances of W = 64 or more, counted by setstack_access_timed (the
 * binned sd histogram interpolates inside its log bins; these make a fully-associative LRU
 * cache exact at any capacity).  At most SETSTACK_FA_MAX distinct distances per stack: beyond,
 * the stack keeps none.  setstack_fa_distances calls add(arg, d, count) for each; -1 (and no
 * call) when the stack dropped them. */
#define SETSTACK_FA_MAX (1u << 16)
int setstack_fa_distances(const setstack_t *s, void (*add)(void *arg, uint64_t d, uint64_t n), void *arg);

/* Deep records (profile_sa_deep_t, issue 17: Volta-and-later L1s of 4 sets x 64-512 ways):
 * also keep, for 2^1..2^PROFILE_SA_DEEP_LOG sets under each index, lists of the set's 512 most
 * recent blocks, and count per-set distances 0..511 (k = 0: the fully-associative distance).
 * Timed stacks only (setstack_access_timed; the deep counts of other calls are not made), and
 * before their first access.  The stack then keeps no main lists at those set counts: a deep
 * list's places below 64 are the main list's, so the main counts come from it.  Memory per
 * stack: 2 x 6 logs of 1024 stamps with live bit maps (100 KB), 8 KB of hint rings (setstack.c)
 * and 25 KB of counts.  0, or -1 (wrong mode, or out of memory). */
int setstack_enable_deep(setstack_t *s);
/* Add the deep counts to out (nothing when not enabled). */
void setstack_deep_counts(const setstack_t *s, profile_sa_deep_t *out);

/* Bytes held (for the memory figure in docs/profile-format.md). */
uint64_t setstack_bytes(const setstack_t *s);

/* Add the occupancy of every touched set (distinct blocks it holds, 64 = 64 or more) to
 * occ[f][k][j] (allocate mode: a set's list is min(distinct blocks, 64) long). */
void setstack_occupancy(const setstack_t *s, double occ[SA_NINDEX][PROFILE_SA_MAX_LOG + 1][PROFILE_SA_WAYS + 1]);

/* One access; counts into c.  0, or -1 when out of memory (or the stack is timed). */
int setstack_access(setstack_t *s, uint64_t block, int is_write, setstack_counts_t c);
/* The same for an allocate-mode stack of every index and level fed alongside an exact
 * fully-associative LRU stack of the same stream (src/profiling/lru_stack.h): fa_d is the
 * access's fully-associative stack distance (UINT64_MAX: a first touch), now the access's
 * time in that stream and pt the time of the block's previous access (ignored for a first
 * touch); times increase.  Its lists then hold time stamps instead of blocks (setstack.c,
 * "Timed lists"): k = 0 is fa_d, a distance 0 changes nothing, a miss is decided by one load
 * and a hit's place by the stamps, not by comparing blocks.  A stack is fed either this way or
 * by setstack_access, never both (-1), and a timed stack answers no setstack_depth (-1).
 * 0, or -1 when out of memory. */
int setstack_access_timed(setstack_t *s, setstack_batch_t *b, uint64_t block, uint64_t fa_d, uint64_t now, uint64_t pt, setstack_counts_t c);
/* setstack_access_timed's scratch: it keeps up to 32768 accesses (about 2.2 MB with their IPOLY
 * residues, set_index_ipoly_all's lanes, computed once per access) and updates the
 * main lists level by level when full, at setstack_flush, or when the next access is for
 * another stack or counts array (setstack.c says why); the deep lists too, level by level with
 * the main ones, and the exact fully-associative distances in their own pass (k = 0 is counted
 * at once).  Call
 * setstack_flush before the counts or the stack are read or the stack is freed.  One per
 * thread.  NULL when out of memory. */
setstack_batch_t *setstack_batch_alloc(void);
void setstack_batch_free(setstack_batch_t *b);
/* 0, or -1 when out of memory (the batch is emptied either way). */
int setstack_flush(setstack_batch_t *b);

#endif
