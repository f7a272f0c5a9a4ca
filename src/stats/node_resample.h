/*
 * node_resample.h -- draws of the sampling error of a profile's set-sampled DC-L1 node records
 * (profile_nodes_t with sampled_sets > 0, src/profiling/nodesample.h; issue 23's "sampling"
 * source, next to the SHARDS draws of src/stats/shards_resample.h).
 *
 * The design.  A set-sampled record keeps k of the S = 2^log_sets set indices (the k smallest
 * hashes of set ^ salt: a simple random sample without replacement of set indices, the same
 * sets in every node), simulates them exactly, and scales every count by N / n, N the offered
 * accesses and n those of the sampled sets: for each count i (hist[d], repl[A]) a ratio
 * estimator T_i = N t_i / n over the sampled sets' own counts x_si (t_i = sum_s x_si,
 * n = sum_s n_s, n_s the accesses of set s) [Cochran, Sampling Techniques, 3rd ed. 1977,
 * ch. 6: the ratio estimator and its variance, with ch. 2's finite population correction; Kessler, Hill & Wood, IEEE TC 1994 for
 * set sampling of caches].
 *
 * The error.  To first order T_i - T_i(true) = (N / n) sum_s e_si with residuals
 * e_si = x_si - (t_i / n) n_s, whose variance over the samples is
 *     Var(T_i) = N^2 (1 - f) k / n^2 x S_e^2,   S_e^2 = sum_s e_si^2 / (k - 1),   f = k / S
 * [Cochran ch. 6, in totals], and the covariance of two counts i, j the same with e_si e_sj.  A draw is
 *     T*_i = T_i + (N / n) sqrt((1 - f) k / (k - 1)) sum_s z_s e_si,   z_s ~ N(0, 1) per set,
 * one z per sampled set for every count: its variance is Cochran's and its covariances are the
 * between-set ones, so a hit ratio (a sum of hist over the total) and a replication share get
 * their errors, correlated as the sets make them.  sum_d e_sd = 0 over hist, so the total N is
 * kept.  Counts are then clamped at 0 and repl[A] at the misses at A ways (the loader's
 * bounds).  A record with one sampled set has no between-set spread to estimate: not drawn
 * (node_resample_unquantified counts them, and the stored detail says so).
 * Assumptions: the set indices behave as the sampled ones (random sets: IPOLY or hashed
 * selection), the normal approximation of a sum over k sets (k = 8..64 at make_profiles'
 * share 1/4).  Checked: tests/unit/test_node_resample.c, coverage of the stated 90% interval
 * against exact records over 240 salts (figures: docs/uncertainty.md).
 */
#ifndef GPUDSE_NODE_RESAMPLE_H
#define GPUDSE_NODE_RESAMPLE_H

#include <gsl/gsl_rng.h>

#include "profile.h"

typedef struct node_resample node_resample_t;

/* Prepare draws for p's set-sampled node records (their counts are saved).  NULL only on
 * allocation failure; a profile without such records gives a resampler that draws nothing. */
node_resample_t *node_resample_alloc(profile_t *p);
/* Records drawn, and set-sampled records left undrawn (one sampled set). */
int node_resample_drawn(const node_resample_t *rs);
int node_resample_unquantified(const node_resample_t *rs);
/* Overwrite the records' hist, repl and accesses with one draw. */
void node_resample_draw(node_resample_t *rs, gsl_rng *r);
/* Put the records back as they were. */
void node_resample_restore(node_resample_t *rs);
/* Restore and free (NULL: nothing). */
void node_resample_free(node_resample_t *rs);

#endif
