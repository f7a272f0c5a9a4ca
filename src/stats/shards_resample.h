/*
 * shards_resample.h -- draws of a SHARDS-sampled profile's sampling error, consistent across
 * every histogram the models read (issue 23's "sampling" source; src/stats/uncert_src.h).
 *
 * The error.  Hash sampling keeps each of the B blocks with probability R (X_b ~ Bernoulli(R)),
 * scales every count by 1/R and (SHARDS_adj) moves the difference from the offered total N into
 * the first bucket [SHARDS, Waldspurger et al. FAST 2015, §3, §4.3].  Every count the profile
 * holds -- each bin of each stream's sd, rt, sd_we and per-class histograms, its cold count,
 * its writes -- is then a Horvitz-Thompson total over the sampled blocks,
 * y^ = (1/R) sum_b X_b y_b, y_b the block's own count there, and all of them come from the same
 * X_b, so their errors are correlated the way the blocks make them (a local hit ratio's
 * numerator and denominator move together).  Var(y^) = ((1 - R) / R) sum_b y_b^2 [Horvitz and
 * Thompson 1952; Poisson sampling], which needs the per-block counts a histogram does not keep.
 *
 * RANDOM GROUPS [Wolter, Introduction to Variance Estimation, 2nd ed., Springer 2007, ch. 2].
 * The profiler splits the sampled blocks into k disjoint groups by a second hash of the block,
 * independent of the sampling hash (shards_group, src/profiling/shards.h; k = PROFILE_RG_K),
 * and records every histogram's counts per group (profile_rgroups_t, models/profile.h: raw
 * sampled counts on the stream's bins, before scaling and SHARDS_adj).  Group g is itself a
 * hash sample at rate R/k, so e_g = (k/R) r_g (r_g its raw counts, a vector over every bin,
 * cold count, stream and histogram) estimates the same totals, and e_bar = (1/k) sum_g e_g =
 * (1/R) sum_g r_g is the full sample's estimate.  The variance estimator
 *   v(e_bar) = sum_g (e_g - e_bar)(e_g - e_bar)^T / (k (k - 1))        [Wolter (2.2.1)]
 * estimates the covariance of every count jointly, with the blocks' true heterogeneity and no
 * block model.  Its expectation under Poisson sampling with a random split: given the sample,
 * E_split sum_g (e_g - e_bar)^2 = (k (k - 1) / R^2) sum_b X_b y_b^2, so
 * E v = (1/R) sum_b y_b^2, which is Var(y^) / (1 - R): the factor (1 - R) is the
 * finite-population correction [Wolter §2.4], applied below.
 *   DRAW.  e = e_bar + sum_g z_g (e_g - e_bar) t sqrt((1 - R) / (k (k - 1))), z_g iid N(0, 1):
 *   a normal vector with covariance (1 - R) v (GSL gsl_ran_gaussian); t = sqrt((k - 1) / chi2)
 *   with chi2 ~ chi2_{k-1} (gsl_ran_chisq), one per draw, makes it a multivariate Student t
 *   with k - 1 degrees of freedom, the estimated covariance's own uncertainty [Wolter §2.5:
 *   random-group intervals use t_{k-1}].  In raw counts, e - e_bar = sum_g a_g r_g with
 *   a_g = c (k z_g - sum_h z_h) / R, c = t sqrt((1 - R) / (k (k - 1))).  Then the estimator
 *   the profile was loaded with is applied to the draw: the REGRESSION ADJUSTMENT of
 *   src/profiling/shards.h, every count y + b (N - T), T the stream's drawn sd total and b the
 *   count's regression coefficient on T over the groups (the same b as on load), so a draw
 *   moves each count by sum_g a_g (r_gy - b r_gT): the spread of the regression residuals, the
 *   linearised variance of the regression estimator [Cochran, Sampling Techniques, 1977,
 *   §7.3; Sarndal, Swensson and Wretman 1992, §6.6].  Each count is kept >= 0 and what that
 *   adds above N comes out of the shortest distances (shards_take_excess), as on load; the
 *   sd_we is fitted to the drawn sd total and the class histograms to it in their drawn
 *   shares (shards_fit_total); the stream's accesses are the drawn sd total, its writes the
 *   drawn writes (1/R each), its footprint scales with the drawn sd cold count.  The same z
 *   for every histogram and stream: one draw is one alternative sample of blocks.
 *   Assumptions: the groups are independent samples (a random split of a Poisson sample:
 *   exact for the split, and the rate R/k sample of each is what the e_g estimate); v is
 *   unbiased but, with few blocks carrying most of a count, skewed: a sample that missed the
 *   heavy blocks is low and states a small variance (the loop-heavy mix of test_shards_err).
 *   k trades the two: few groups, wide t; many groups, each a smaller sample at R/k.
 *   SCALED DISTANCES.  The groups share the full sample's distances, so their spread carries
 *   the error of which blocks' accesses were counted, not of the distances they were counted
 *   at: a sampled distance d^ = d_s / R counts the sampled blocks among the d a reuse saw, so
 *   d^ - d has sd sqrt(d (1 - R) / R) [SHARDS §3].  Each draw moves every edge x of the sd,
 *   sd_we and class histograms by sqrt(x (1 - R) / R) z, one normal z for all edges and
 *   streams (the same sampled blocks make the distances long or short: fully correlated, the
 *   largest error of this kind), kept monotone.
 *   Not drawn: the reuse times' own error.  A sampled reuse time t_s / R counts the sampled
 *   accesses among the t between two uses, with sd >= sqrt(t (1 - R) / R) for one reuse; but
 *   different reuses see different accesses in their gaps, so at short gaps the errors
 *   average out over the histogram rather than shift it, and the fully correlated shift
 *   applied to the rt edges overstated the pending-hit model's IPC error 6x on p-2mm 256
 *   (docs/uncertainty.md).  The rt counts are drawn from the groups like the others.
 *   Agreement with repeated sampling: docs/uncertainty.md (tests/unit/test_shards_err.c,
 *   tests/bench/shards_err_kernel.c).
 *
 * What is drawn: every stream's sd, rt, sd_we and per-class sd histograms and its accesses,
 * writes and footprint.  Set-associative records (sa, sa_we, sa_wna, sa_deep) and sd_exact
 * are exact-only: the profiler writes none of them for a sampled profile (profiler.c: a spatial
 * sample changes which blocks share a set), and the models then take set-associative hit rates
 * from the sd histograms drawn here (Smith, models/setassoc.h fallback).  The DC-L1 node
 * records of a sampled profile are set-sampled, another sample (src/profiling/nodesample.h),
 * whose error src/stats/node_resample.h draws.  Not drawn: instruction counts (not sampled),
 * the home distribution and read-level shares (shares of the same sampled blocks, second
 * order), the sector histograms (sd_sector: no model reads them) and FUSE's miniature-simulation
 * stream (its own spatial sample at its own rate, issue 21).
 */
#ifndef GPUDSE_SHARDS_RESAMPLE_H
#define GPUDSE_SHARDS_RESAMPLE_H

#include <gsl/gsl_rng.h>

#include "profile.h"

typedef struct shards_resample shards_resample_t;

/* Prepare draws for profile p sampled at rate R from its streams' random groups
 * (profile_rgroups_t); the profile's histograms are saved.  NULL, with *why saying why, when
 * R is not in (0, 1), a stream or a histogram has no random groups, or memory runs out. */
shards_resample_t *shards_resample_alloc(profile_t *p, double rate, const char **why);
/* Overwrite p's histograms with one draw (totals kept as SHARDS_adj keeps them). */
void shards_resample_draw(shards_resample_t *rs, gsl_rng *r);
/* Put p's histograms back as they were. */
void shards_resample_restore(shards_resample_t *rs);
/* Restore and free (NULL: nothing). */
void shards_resample_free(shards_resample_t *rs);

#endif
