/*
 * mlp_group.h -- a warp's loads in flight: the groups of loads it issues before it waits, and
 * the fixed latency a group costs the warp (fork-join over the group's requests).
 *
 * The hardware.  A warp issues in order; a global load reserves its destination registers in
 * the scoreboard and the warp goes on issuing until an instruction reads (or overwrites) one
 * of them (GPGPU-Sim shader.cc scheduler_unit::cycle, Scoreboard::checkCollision).  The loads
 * issued before that first use are in flight together: one group (profile_shape.h "mlp":
 * hist[k - 1] counts groups of k loads).  When the first use reads the group's results (or the
 * warp ends: it exits only when no load is pending), the warp waits there and at each later
 * use of the group's loads, so it leaves the group when the slowest of them is back: a
 * fork-join.  When the first use only overwrites a destination of the group (hist_overwrite:
 * loads into rotating registers whose values are read later or never), the scoreboard waits
 * for that one load, the oldest, while the others stay in flight: a sliding window of k loads,
 * whose throughput is k loads per load latency.
 *
 * EQUATIONS (per warp instruction; a_L loads per instruction, r requests per load, a level of
 * the memory hierarchy reached by each request with probability q, at fixed latency d)
 *   groups of size g with share pi_g of the groups, mean gbar = sum_g pi_g g = loads / groups:
 *     groups per instruction        a_L / gbar                                          [G1]
 *   a group of g loads closed by a read forks k = g r requests and waits for the deepest
 *   (LATENCY OVERLAP of gpu.c, extended from one load's r requests to the group's): the
 *   level's latency counts once if any of them reaches it,
 *     E[wait at the level | g]      W(g r),  W(k) = (1 - (1 - q)^k) d   (k > 1)
 *                                            W(k) = k q d               (k <= 1: a fraction
 *                                                                        of a request, linear) [G2]
 *   (q > 1, several visits per request, multiplies: (1 - 0) x q x d)
 *   a group of g loads closed by an overwrite is a window of g loads in flight, each load
 *   waited for alone when the window slides past it: one load's wait per group,
 *     E[wait at the level | g, overwrite]   W(r)                                    [G2w]
 *   with pi_g^R, pi_g^W the shares of the groups of g loads closed by a read (or the end) and
 *   by an overwrite (pi_g^R + pi_g^W = pi_g),
 *     latency per instruction       (a_L / gbar) sum_g [pi_g^R W(g r) + pi_g^W W(r)]    [G3]
 *   In the closed network (gpu.c CLOSED NETWORK) a warp is cw = gbar customers, one per load
 *   in flight, since that many requests occupy the stations at once; the warp's instructions
 *   are shared among them and each customer carries the warp's fixed latency of its share, so
 *   per customer instruction the delay is cw x [G3] (and cw x the dependent-issue delay): in
 *   the latency-bound limit the warp's throughput is 1 / [G3] (the fork-join's), while the
 *   stations see gbar requests of the warp queueing in parallel, not one after another   [C1]
 *   (one customer per warp would queue a group's g r requests in series, the fork-join
 *   approximation of gpu.c LATENCY OVERLAP, which understates throughput most when few warps
 *   saturate a station, as in tests/cli/cli_ldst.sh's miss trace).
 * With every group of one load (gbar = 1) [G3] is gpu.c's per-load overlap, and the network
 * the one before this file.  With equal deterministic latencies a group of g loads costs one
 * latency per g loads, the throughput of g independent chains (and [G2w] is exactly that
 * throughput); when the loads of a group closed by a read reach different levels (an L1 hit
 * and a miss to DRAM in one group) the warp waits for the miss, which g independent chains
 * would hide (calibration/accelsim/microbench/README.md, "Loads in flight as one group").
 *
 * Assumptions and valid range: the requests of a group reach the levels independently with
 * the loads' mean probabilities (which load of a group misses is not in the profile): a
 * workload whose misses come together in a few groups (a row walk crossing a line boundary in
 * every lane at once) is charged more than its groups' max, one whose every group holds one
 * miss (a shared row read beside resident data) less;
 * the instructions between a group's loads and their first use, and the dependent issue
 * (gpu.c DEPENDENT ISSUE), are added to the wait, not overlapped with it (an upper bound on
 * the warp's time when much independent work follows the loads); a params.mlp (a fitted
 * mean without the histogram) is taken as every group having that size, closed by a read; so is
 * every group of a profile made before hist_overwrite was recorded (profile_shape.h).  A
 * window that slides is taken at its full size g in flight (the overwritten load is back when
 * the window reaches it: true when the latency is below g issue slots of the warp, else the
 * window stalls on it, which [G2w] does not charge).
 *
 * FRESH LINES (profiles with the shape's mlp fresh record, profile_shape.h): which load of a
 * group waits is measured for the fills that matter most in short kernels, those of lines
 * first requested a moment ago.  For a fork-join group with freshest line ages A1 (its SM's
 * requests since the line's first request by that SM in the kernel) and Ag (every SM's requests
 * since the line's first request), with lambda_1 = a1 X / n_sm (one profile SM's requests per
 * cycle; the profile's SM streams whatever SMs compute) and Lambda = a1 X (the merged stream's),
 * T_L and T_D the time of an L1 miss's fill from the LLC and from DRAM (NoC both ways, LLC,
 * DRAM: residence + fixed delay of the solved network), T_L0 and T_D0 their fixed delays:
 *   Ag = 0                 the group holds the line's first request: its own miss reaches DRAM,
 *                          waits T_D0 (its queueing is in its visits)                    [F1]
 *   0 < Ag < Lambda T_D    another request's DRAM fill of the line is in flight: the group
 *                          waits for it, T_D - Ag / Lambda                                  [F2]
 *   else A1 = 0            its SM's first request of the line: an L1 miss that the LLC
 *                          serves, T_L0                                                     [F3]
 *   else A1 < lambda_1 T_L the SM's fill of the line is in flight: T_L - A1 / lambda_1      [F4]
 *   else                   no fresh line: the group's requests miss by capacity only, each
 *                          with the per-request probability less the cold misses' share
 *                          (q_cap), independently ([G2] with q_cap)                         [F5]
 * the ages uniform within their log2 bins (bin 0 the point 0).  The wait of [F1]-[F4] is the
 * fresh wait per fork-join group, e_D ([F1], [F2]: on the NoC, LLC and DRAM delays in proportion
 * to them) and e_L ([F3], [F4]: on the NoC and LLC), p_F the share of fork-join groups with a
 * fresh line; per instruction the miss path's delay of level d is
 *   (a_L / gbar) [ sum_g pi_g^W W(r, q, d) + sum_g pi_g^R ((1 - p_F) W(g r, q_cap, d) + f_d) ]
 * f_d = e_D d / T_D0 (+ e_L d / T_L0 on the LLC path), replacing [G3]'s W(g r, q, d) for the
 * fork-join groups.  The pending hits of such lines (pending.h, llc_mshr.h [D]) are [F2] and
 * [F4], so gpu.c adds neither term when the record is in force.
 * Under an extended LLC (Morpheus, a share e of the LLC requests to the cache-mode SMs by a
 * static split of the addresses, Morpheus §4.1.1): a fresh line is the extended LLC's with
 * probability e, and its fills take the extended path instead of an LLC slice:
 *   T_X  = the NoC both ways + the extended LLC's stations per extended fill (residence +
 *          delay), T_XD = T_X + DRAM's + the extended miss's extra latency; T_X0, T_XD0 their
 *          fixed delays;
 *   p_F, e_D, e_L = (1 - e) x [F1]-[F4] with (T_L, T_D) + e x [F1]-[F4] with (T_X, T_XD)   [F6]
 * each path's waits spread over its own levels' delays (the extended one's over the NoC, the
 * extended LLC's stations, DRAM and the extra latency).  Assumed: the fresh lines split as the
 * requests do; the ages (requests of the whole stream) are the same for both.
 * Assumed: a line's first request in the kernel is where its fill starts (capacity misses of
 * lines first requested long ago are [F5]'s, independent); the freshness of the profile's
 * private per-SM streams holds for the design's L1 (a DC-L1 node shared by several SMs sees
 * lines fresh more often); the fill's queueing is the mean's.
 *
 * Sources: GPGPU-Sim / Accel-Sim shader.cc (scoreboard reservation of a load's destination
 * registers, in-order issue per warp, a warp's exit when pendingWrites is empty) and
 * scoreboard.cc (Scoreboard::checkCollision: sources and destinations); profile_shape.h (the
 * measured groups).  Checked: [G1]-[G3] against a Monte Carlo of the group's wait
 * (tests/unit/test_mlp_group.c); [C1] in the network against a discrete-event fork-join
 * simulation (tests/unit/test_gpu.c); the microbenchmarks and [G2w]'s rotating-register traces
 * against Accel-Sim (calibration/accelsim/microbench/README.md, tests/cli/cli_ldst.sh).
 */
#ifndef GPUDSE_MLP_GROUP_H
#define GPUDSE_MLP_GROUP_H

#include "profile_shape.h"

typedef struct mlp_groups {
	int n;                          /* entries (0: none, taken as groups of 1) */
	double size[2 * SHAPE_MLP_BINS];  /* g: loads per group (the last bin's mean for g >= bins) */
	double share[2 * SHAPE_MLP_BINS]; /* pi_g^R or pi_g^W: share of the groups */
	unsigned char slide[2 * SHAPE_MLP_BINS]; /* 1: closed by an overwrite [G2w] */
	double mean;                    /* gbar [G1] */
	double share_fj;                /* sum of pi_g^R: the fork-join groups' share */
	const double (*fresh)[SHAPE_FRESH_BINS]; /* the profile's fresh record (not owned; NULL: none) */
	int n_fresh;                    /* its non-empty cells (mlp_groups_init), b1 x BINS + bg each: */
	unsigned short fresh_cell[SHAPE_FRESH_BINS * SHAPE_FRESH_BINS]; /* the sweep visits only these */
} mlp_groups_t;

/* FRESH LINES [F1]-[F4]: per fork-join group, the share with a fresh line and the mean waits. */
typedef struct mlp_fresh_wait {
	double p_fresh;                 /* p_F */
	double e_dram;                  /* e_D: [F1] + [F2] waits per fork-join group, cycles */
	double e_llc;                   /* e_L: [F3] + [F4] */
} mlp_fresh_wait_t;

/* The group sizes of a profile: fitted > 0 (params.mlp) is one size; else the shape's
 * histogram when it has one; else groups of dflt loads. */
void mlp_groups_init(mlp_groups_t *gr, const profile_shape_t *s, double fitted, double dflt);

/* [G3]: the fixed latency per instruction of a level at delay d that each of the r requests
 * of a load reaches with probability q, a_L loads per instruction. */
double mlp_group_latency(const mlp_groups_t *gr, double loads_per_inst, double req_per_load, double q,
                         double delay);

/* [F1]-[F4] from the record: t_llc, t_dram the fills' times (T_L, T_D), t_llc0, t_dram0 their
 * fixed delays (T_L0, T_D0), lam_1 and lam_g the profile SM's and the merged stream's requests
 * per cycle (> 0). */
void mlp_fresh_wait(const double (*fresh)[SHAPE_FRESH_BINS], double t_llc, double t_dram, double t_llc0,
                    double t_dram0, double lam_1, double lam_g, mlp_fresh_wait_t *out);

/* mlp_fresh_wait over the groups' record (gr->fresh non-NULL), visiting only its non-empty
 * cells: the same sums in the same order, so the same result bit for bit. */
void mlp_fresh_wait_groups(const mlp_groups_t *gr, double t_llc, double t_dram, double t_llc0, double t_dram0,
                           double lam_1, double lam_g, mlp_fresh_wait_t *out);

/* The miss path's delay per instruction at a level of delay d under FRESH LINES (header): the
 * windows as [G2w] with q, the fork-join groups (1 - p_fresh) [G2] with q_cap plus fresh_d,
 * their fresh wait on this level (f_d, cycles per fork-join group). */
double mlp_group_latency_fresh(const mlp_groups_t *gr, double loads_per_inst, double req_per_load, double q,
                               double q_cap, double p_fresh, double fresh_d, double delay);

#endif
