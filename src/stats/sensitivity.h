/*
 * sensitivity.h -- which knobs drive a metric: main effects and two-way interactions.
 *
 * Input: nd designs, each at one level of nf factors (level indices), and one value y per
 * design.  Two methods, chosen by the design's shape:
 *
 *   ANOVA (full factorial: every combination of the factors' levels present exactly once):
 *     SS_A  = sum_i n_i (ybar_i - ybar)^2                                (main effect of A)
 *     SS_AB = sum_ij n_ij (ybar_ij - ybar_i - ybar_j + ybar)^2           (interaction A x B)
 *     the rest of the total sum of squares TSS = sum (y - ybar)^2 is the higher-order
 *     interactions; SS / TSS is the share of variance (Montgomery, Design and Analysis of
 *     Experiments, ch. 5, the two-factor and general factorial ANOVA).  Exact: the terms are
 *     orthogonal, so the shares add up to 1 with the higher-order rest.
 *   Least squares (anything else: constraints that remove cells, variants that set several
 *     knobs at once, repeated cells): y ~ 1 + dummy-coded main effects, least squares by
 *     GSL's rank-revealing QR with column pivoting (gsl_linalg_QRPT_decomp; rank-deficient
 *     designs allowed: redundant columns drop out).  A factor's
 *     SS is the rise of the residual sum of squares when its columns are dropped (a "type II"
 *     sum of squares); a pair's SS is the fall of the residual when its interaction columns
 *     are added to the main-effects model.  R^2 = 1 - RSS/TSS of the main-effects fit.
 *     The terms are not orthogonal then, so the shares need not add up to R^2.
 *   On a balanced full factorial both methods give the same sums of squares (test_sensitivity).
 */
#ifndef GPUDSE_SENSITIVITY_H
#define GPUDSE_SENSITIVITY_H

#include <stddef.h>

#define SENS_MAX_F 16
#define SENS_MAX_TERMS (SENS_MAX_F + SENS_MAX_F * (SENS_MAX_F - 1) / 2)

enum sens_method { SENS_ANOVA = 0, SENS_LSQ };

typedef struct sens_term {
	int a, b;          /* factor indices; b = -1 for a main effect */
	int df;            /* degrees of freedom: (la-1), (la-1)(lb-1); LSQ: the rank the term adds */
	double ss;         /* sum of squares */
	double share;      /* ss / TSS */
} sens_term_t;

typedef struct sens_result {
	enum sens_method method;
	size_t n;          /* designs used */
	double tss;        /* total sum of squares about the mean */
	double rest;       /* ANOVA: higher-order interactions' SS; LSQ: residual SS of main effects */
	double r2;         /* ANOVA: share of main effects + pairs; LSQ: R^2 of the main-effects fit */
	int nterm;
	sens_term_t term[SENS_MAX_TERMS];   /* sorted by ss, largest first */
} sens_result_t;

/* Is the design (nd x nf level indices, row-major; nlev[f] levels of factor f) a full
 * factorial with every cell present exactly once? */
int sens_is_full_factorial(const int *lev, size_t nd, int nf, const int *nlev);

/* Analyse y over the design; method: SENS_ANOVA requires a full factorial (else -1),
 * SENS_LSQ works for any design with more designs than main-effect columns (else -1).
 * Returns 0, -1 when the method does not apply, -2 on allocation failure. */
int sens_analyse(const int *lev, size_t nd, int nf, const int *nlev, const double *y,
	enum sens_method method, sens_result_t *out);

#endif
