/*
 * reuse.h -- hit rates from LRU stack-distance and reuse-time histograms.
 *
 * Capacities are in blocks (profile_t.block_bytes each).  Three levels of API:
 *
 *   1. Direct models over a histogram (exact, for `gpudse model hitrate` and tests):
 *        reuse_hit_full_lru   fully-associative LRU:  H(C) = sum_{d < C} n(d) / N   [Mattson 1970]
 *        reuse_hit_smith      set-associative LRU, S = C/A sets:
 *                             H = sum_d n(d)/N * P[Binomial(d, 1/S) < A]            [Smith 1978]
 *        reuse_hit_fifo / reuse_hit_random  fixed-point models on reuse times (see reuse.c)
 *   2. A reuse_curve_t: one (histogram, associativity, policy) tabulated on a log-spaced
 *      capacity grid, then evaluated in O(1), linearly in log capacity between grid points (the
 *      table is non-decreasing, so the curve is monotone): this is what
 *      the per-design-point path uses (no allocation, no GSL special functions once filled).
 *      An LRU table is filled lazily, as a prefix, on the first evaluation that needs a grid
 *      point (reuse.c header, 4): every value is bit-identical to a table filled whole at
 *      allocation, and evaluation is safe from any number of threads at once.
 *   3. Partitioning: a partition that receives a fraction f of the block addresses (uniformly
 *      hashed) and has f of the capacity hits like the whole cache: H_part(fC) = H(C).
 *      reuse_hit_partitioned documents and implements that property.
 *
 * All functions are pure; curves are allocated by reuse_curve_alloc and released by
 * reuse_curve_free (a curve's lazily filled table is a cache inside it: it changes no value).
 */
#ifndef GPUDSE_REUSE_H
#define GPUDSE_REUSE_H

#include "profile.h"

enum reuse_policy { REUSE_LRU = 0, REUSE_FIFO, REUSE_RANDOM };
#define REUSE_FULL 0 /* assoc value meaning fully associative */

/* Hit ratio (hits / total accesses, cold misses included) of a fully-associative LRU cache of
 * `blocks` blocks.  Exact at bin edges; linear inside a multi-distance bin. */
double reuse_hit_full_lru(const reuse_hist_t *sd, double blocks);
/* The same, exact at every capacity, with the stream's exact distances >= 64 (sd_exact, unit
 * bins; profile.h) standing in for sd's log bins there.  sd_exact empty: reuse_hit_full_lru. */
double reuse_hit_full_lru_exact(const reuse_hist_t *sd, const reuse_hist_t *sd_exact, double blocks);

/* Set-associative LRU by Smith's binomial model (GSL's gsl_cdf_binomial_P). assoc == REUSE_FULL
 * or assoc >= blocks falls back to fully associative. */
double reuse_hit_smith(const reuse_hist_t *sd, double blocks, int assoc);

/* FIFO and random replacement: need the reuse-time histogram `rt` (accesses between uses)
 * and, for set-associative caches, spread it over sets.  Returns -1 if rt is empty. */
double reuse_hit_fifo(const reuse_hist_t *rt, double blocks, int assoc);
double reuse_hit_random(const reuse_hist_t *rt, double blocks, int assoc);
/* The same for a histogram pooled over `units` equal caches (a stream's `units`): the fill
 * correction then counts the free ways of every cache.  reuse_hit uses these. */
double reuse_hit_fifo_units(const reuse_hist_t *rt, double blocks, int assoc, int units);
double reuse_hit_random_units(const reuse_hist_t *rt, double blocks, int assoc, int units);

/* One of the above by policy (LRU uses sd; FIFO/random use rt). -1 when a needed histogram
 * is absent. */
double reuse_hit(const profile_stream_t *s, double blocks, int assoc, enum reuse_policy pol);

/* Precomputed hit-ratio curve. */
typedef struct reuse_curve reuse_curve_t;

/* Hit ratio vs capacity for one stream histogram at one associativity and policy, on
 * capacities from 1 block to beyond the largest finite distance.  The curve keeps its own copy
 * of the histogram (the caller's may change or go once this returns); an LRU curve computes
 * its grid points when an evaluation first needs them.  NULL if the histogram the policy needs is
 * absent or on allocation failure. */
reuse_curve_t *reuse_curve_alloc(const profile_stream_t *s, int assoc, enum reuse_policy pol);
reuse_curve_t *reuse_curve_alloc_hist(const reuse_hist_t *sd, int assoc); /* LRU over any sd histogram */
void reuse_curve_free(reuse_curve_t *c);

/* Hit ratio at `blocks` (any positive real): monotone non-decreasing in blocks. */
double reuse_curve_eval(const reuse_curve_t *c, double blocks);

/* The partition property: a cache that receives fraction `f` (0 < f <= 1) of the addresses,
 * hashed uniformly, with capacity `blocks` hits like the whole stream at blocks / f. */
double reuse_curve_eval_partition(const reuse_curve_t *c, double blocks, double f);

#endif
