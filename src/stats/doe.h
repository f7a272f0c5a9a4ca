/*
 * doe.h -- sampled designs of a study's space (issue 23): for spaces too large to enumerate,
 * a study's "sample" asks for these instead of the full grid (docs/study-format.md), and
 * `gpudse sensitivity` fits main effects to the sample (least squares; it says the stored
 * designs are not a full factorial).
 *
 *  Plackett-Burman (Plackett & Burman, "The design of optimum multifactorial experiments",
 *  Biometrika 33, 1946; screening as in Yi, Lilja & Hawkins, HPCA 2003): k factors at two
 *  levels (each dimension's first and last value) in N runs, N the smallest of 4, 8, 12, 16,
 *  20, 24, 32 above k: the rows of a Hadamard matrix without its constant column.  N = 12, 20,
 *  24: the cyclic generator rows of Plackett & Burman's Table (the first row, cyclically
 *  shifted N - 2 times, then a row of all low levels); N = 4, 8, 16, 32: Sylvester's
 *  construction H_2n = [[H, H], [H, -H]].  Every column is balanced (N/2 high) and every pair
 *  of columns orthogonal, so each main effect is estimated independently of the others
 *  (test_doe checks both and recovers known effects).
 *
 *  Latin hypercube (McKay, Beckman & Conover, Technometrics 21, 1979): N points; in every
 *  dimension the N strata [j/N, (j+1)/N) are each used once, in an order drawn by
 *  gsl_ran_shuffle, the point uniform inside its stratum (gsl_rng_uniform, mt19937, seeded);
 *  the position x in [0, 1) picks value floor(x n) of a dimension of n values.
 */
#ifndef GPUDSE_DOE_H
#define GPUDSE_DOE_H

#define DOE_PB_MAX 32

/* Plackett-Burman for k factors (1 <= k <= 31): *n runs, rows[r * k + f] in {0, 1} (low,
 * high).  rows must hold DOE_PB_MAX x k.  0, or -1 when k is out of range. */
int doe_plackett_burman(int k, int *rows, int *n);

/* Latin hypercube of n points over k dimensions of levels[f] values: rows[r * k + f] in
 * [0, levels[f]).  0, or -2 (allocation). */
int doe_latin_hypercube(int k, const int *levels, int n, unsigned long seed, int *rows);

#endif
