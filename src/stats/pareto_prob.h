/*
 * pareto_prob.h -- Pareto fronts under a stated model error (Monte Carlo, GSL random draws).
 *
 * Error model (per draw t):  a stored result v[d][w][m] of design d on workload w, objective m
 * is read as  v * exp(s[w][m] + e[d][w][m]),
 *   s[w][m] ~ N(0, rho sigma^2)        drawn once per (workload, objective) and shared by
 *                                      every design: the model's error on a workload moves
 *                                      all designs evaluated on it together;
 *   e[d][w][m] ~ N(0, (1-rho) sigma^2) independent per design;
 * sigma = the relative model error (the log-sd; --rel-err), rho = the shared fraction of its
 * variance (--shared).  Each draw aggregates the perturbed results over workloads as pareto
 * does (geometric mean; arithmetic when a value is non-positive) and recomputes the front.
 * Note: under the geometric mean a shared factor multiplies every design's aggregate alike,
 * so it cancels in every comparison; only the independent part reorders designs.  The sizes
 * are inputs: gpudse has no measured model error on main yet (no Accel-Sim reference dataset),
 * so the default 10% is the "10% model error" scenario, not a measurement.
 *
 * With sd_sh/sd_in given, sigma and rho differ per workload and objective: s[w][m] ~ N(0,
 * sd_sh[w][m]^2), e ~ N(0, sd_in[w][m]^2), and the closed-form order probability uses
 * sd = sqrt(sum_w 2 sd_in[w][m]^2) / nw.
 *
 * P(front)[d] = the fraction of draws in which d is non-dominated.
 * Ties: two nominal-front designs are within the error of each other when no objective's
 * nominal order (strictly better) holds with probability at least `level` (pprob_order_prob:
 * in closed form for positive values, else counted over draws); the front's designs
 * fall into groups connected by such ties, and the number of groups is how many front
 * designs are distinguishable at all.
 */
#ifndef GPUDSE_PARETO_PROB_H
#define GPUDSE_PARETO_PROB_H

#include <stddef.h>
#include <stdint.h>

#include <gsl/gsl_rng.h>

typedef struct pprob_model {
	double rel_err;          /* sigma: sd of the log error factor of one stored result */
	double shared;           /* rho in [0, 1] */
	long draws;
	unsigned long seed;
	double level;            /* ties: an order holding in fewer than this share of draws is unresolved */
	/* per workload (the cube's axis) and objective, [nw][k]: the sd of the shared and of the
	 * independent part (the stored error of issue 23: src/stats/uncert_src.h); NULL: every
	 * result has rel_err and shared */
	const double *sd_sh, *sd_in;
} pprob_model_t;

/* The stored results as a dense cube. */
typedef struct pprob_in {
	size_t nd;               /* designs */
	int nw, k;               /* workloads, objectives */
	double *val;             /* [nd][nw][k] */
	int sign[16];            /* +1 maximise, -1 minimise */
} pprob_in_t;

/* From pareto's rows (ordered by design, then workload; n rows, k values each).  Every design
 * must have a result on every workload: 0, or -1 (a design lacks some; *bad = its row). */
int pprob_build(pprob_in_t *in, const int64_t *dids, const int *wids, const double *vals,
	size_t n, int k, const int *signs, size_t *bad);
void pprob_free(pprob_in_t *in);

/* The nominal aggregated, signed point of every design (pts: nd x k), as pareto computes it. */
void pprob_nominal(const pprob_in_t *in, double *pts);

/* One draw of the error model for the designs `sub` (ns of them; NULL = all, ns = nd):
 * their aggregated, signed points into pts (ns x k).  Draw order: the shared factors
 * (workload-major), then each listed design's independent factors. */
void pprob_draw(const pprob_in_t *in, const pprob_model_t *m, gsl_rng *r, const size_t *sub,
	size_t ns, double *pts);

/* prob[d] for every design.  0, or -2 on allocation failure. */
int pprob_front_prob(const pprob_in_t *in, const pprob_model_t *m, double *prob);

/* po[(i f + j) k + c]: the probability that the nominal order of front designs i and j in
 * objective c holds under the model (0 where they are equal).  exact: in closed form when
 * every value is positive (Phi(|log a - log b| / sd), sd = sigma sqrt(2 (1-rho) / nw): the
 * shared part cancels in the geometric mean), else, or with exact = 0, counted over draws.
 * 0 or -2. */
int pprob_order_prob(const pprob_in_t *in, const pprob_model_t *m, const size_t *front, size_t f,
	int exact, double *po);

/* Tie groups of the nominal front (front: f design indices): group[i] for each, numbered
 * 0.. in front order; returns the number of groups, or -2 on allocation failure. */
int pprob_ties(const pprob_in_t *in, const pprob_model_t *m, const size_t *front, size_t f, int *group);

#endif
