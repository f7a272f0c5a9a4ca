/*
 * mlp_group.h -- a warp's loads in flight: the groups of loads it issues before it waits, and
 * the fixed latency a group costs the warp (fork-join over the group's requests).
 *
 * The hardware.  A warp issues in order; a global load reserves its destination registers in
 * the scoreboard and the warp goes on issuing until an instruction reads (or overwrites) one
 * of them (GPGPU-Sim shader.cc scheduler_unit::cycle, Scoreboard::checkCollision).  The loads
 * issued before that first use are in flight together: one group (profile_shape.h "mlp":
 * hist[k - 1] counts groups of k loads).  The warp then waits at the first use, and at each
 * later use of the group's loads, so it leaves the group when the slowest of them is back.
 * Loads of different groups of one warp never overlap; different warps' groups do.
 *
 * EQUATIONS (per warp instruction; a_L loads per instruction, r requests per load, a level of
 * the memory hierarchy reached by each request with probability q, at fixed latency d)
 *   groups of size g with share pi_g of the groups, mean gbar = sum_g pi_g g = loads / groups:
 *     groups per instruction        a_L / gbar                                          [G1]
 *   a group of g loads forks k = g r requests and waits for the deepest (LATENCY OVERLAP of
 *   gpu.c, extended from one load's r requests to the group's): the level's latency counts
 *   once if any of them reaches it,
 *     E[wait at the level | g]      (1 - (1 - q)^(g r)) d           (g r > 1)
 *                                   g r q d                         (g r <= 1: a fraction of
 *                                                                    a request, linear)        [G2]
 *   (q > 1, several visits per request, multiplies: (1 - 0) x q x d)
 *     latency per instruction       (a_L / gbar) sum_g pi_g E[wait | g]                 [G3]
 *   The closed network's customer is the warp (population warps x SMs, not x MLP): its
 *   requests queue one after another at the stations, as a memory instruction's r requests
 *   already did (gpu.c LATENCY OVERLAP's approximation of the fork-join).
 * With every group of one load (gbar = 1) [G3] is gpu.c's per-load overlap, and the network
 * the one before this file.  With equal deterministic latencies a group of g loads costs one
 * latency per g loads, the throughput of g independent chains; when the group's loads reach
 * different levels (an L1 hit and a miss to DRAM in one group) the warp waits for the miss,
 * which g independent chains would hide.
 *
 * Assumptions and valid range: the requests of a group reach the levels independently with
 * the loads' mean probabilities (which load of a group misses is not in the profile; a group
 * whose loads are correlated, e.g. all miss together, is then charged less than its max);
 * the instructions between a group's loads and their first use, and the dependent issue
 * (gpu.c DEPENDENT ISSUE), are added to the wait, not overlapped with it (an upper bound on
 * the warp's time when much independent work follows the loads); a params.mlp (a fitted
 * mean without the histogram) is taken as every group having that size.
 *
 * Sources: GPGPU-Sim / Accel-Sim shader.cc (scoreboard reservation of a load's destination
 * registers, in-order issue per warp); profile_shape.h (the measured groups); the fork-join
 * of one memory instruction's requests, gpu.c LATENCY OVERLAP, checked against a fork-join
 * simulation in tests/unit/test_gpu.c, which also checks [G1]-[G3].
 */
#ifndef GPUDSE_MLP_GROUP_H
#define GPUDSE_MLP_GROUP_H

#include "profile_shape.h"

typedef struct mlp_groups {
	int n;                          /* distinct group sizes (0: none, taken as groups of 1) */
	double size[SHAPE_MLP_BINS];    /* g: loads per group (the last bin's mean for g >= bins) */
	double share[SHAPE_MLP_BINS];   /* pi_g: share of the groups */
	double mean;                    /* gbar [G1] */
} mlp_groups_t;

/* The group sizes of a profile: fitted > 0 (params.mlp) is one size; else the shape's
 * histogram when it has one; else groups of dflt loads. */
void mlp_groups_init(mlp_groups_t *gr, const profile_shape_t *s, double fitted, double dflt);

/* [G3]: the fixed latency per instruction of a level at delay d that each of the r requests
 * of a load reaches with probability q, a_L loads per instruction. */
double mlp_group_latency(const mlp_groups_t *gr, double loads_per_inst, double req_per_load, double q,
                         double delay);

#endif
