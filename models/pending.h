/*
 * pending.h -- hits on lines in flight (pending hits) at the L1.
 *
 * A reuse-distance profile counts every reuse that fits in the L1 as a hit with the hit
 * latency.  When the reuse comes sooner than the fill of the miss that requested the block,
 * the L1 has the line reserved but not yet filled: GPGPU-Sim's HIT_RESERVED (an MSHR merge).
 * It costs no extra traffic (the request merges with the outstanding miss) but waits for the
 * fill.  In Accel-Sim these are most L1 accesses of coalesced stencil and column-walk kernels
 * (p-2dconv on SM7_QV100: 54,440 of 91,948 L1 sector accesses, calibration/accelsim).
 *
 * Equations (per L1; the profile's "l1" stream is each SM's own requests):
 *   lambda = a1 X / n_compute                 L1 requests per core cycle per L1 (X = IPC of
 *                                             the solved network, a1 = L1 requests per inst)
 *   tau(r) = (r + 1) / lambda                 cycles between a block's use and its reuse when
 *                                             r requests of the same L1 came in between (r:
 *                                             the stream's reuse time, profile "rt")
 *   T_fill = sum over the miss-path stations of (residence + fixed delay) per L1 miss
 *                                             (NoC both ways, LLC, DRAM, mechanisms' per-miss
 *                                             stations: the solved network's figures)
 *   a reuse is a pending hit  iff  its previous use was the block's miss and tau(r) < T_fill
 *   q      = min(1, (m x accesses - U1)^+ / reuses)
 *                                             the share of the reuses whose previous use is
 *                                             the block's miss: each miss (m the L1's miss
 *                                             ratio per access) is followed by at most one
 *                                             reuse, and the U1 blocks used once are misses
 *                                             followed by none; reuses = accesses - cold (the
 *                                             rt histogram's reuses)                           [Q]
 *   U1     = 2 B_woro - A_woro                the blocks used once, exactly, from the profile's
 *                                             read-level classes (profile_t.rl_*: class woro
 *                                             holds the (SM, block)s with at most one read and
 *                                             one write, B_woro of them with A_woro accesses:
 *                                             those used once and those used twice); 0 for a
 *                                             profile without classes                        [U]
 *   p_pend = [q x sum_r n_rt(r) [tau(r) < T_fill] + min((M - U1)^+, R) x C] / accesses
 *                                             (share of L1 requests; M = m x accesses misses,
 *                                             R reuses)
 *   C      = sum_{j >= 2} rho^(j-1) P(S_j < lambda T_fill)              the chained pending
 *                                             hits per miss: a reuse that follows a pending hit
 *                                             of the same fill, S_j the sum of j gaps r + 1
 *                                             drawn independently from the rt histogram, each
 *                                             hit continuing with rho = (R - min((M - U1)^+, R))
 *                                             / (A - M) (the successors the misses do not take,
 *                                             over the hits): a renewal count [C]
 *   W      = [q sum_r n_rt(r) (T_fill - tau(r)) [..] + min((M - U1)^+, R) sum_j rho^(j-1) E(T_fill - S_j / lambda)^+]
 *            / (p_pend x accesses)
 *                                             (mean wait beyond the hit latency: the fill
 *                                             arrives T_fill after the miss, the pending hit
 *                                             came tau after it)
 * A bin [lo, hi) of the rt histogram holds the integer reuse times lo .. hi - 1, taken as equally
 * likely (exact for an exact histogram, hi = lo + 1; a bin straddling the window counts the
 * share of its integers below it).
 *
 * Composition (models/gpu.c, PENDING HITS): the network is solved once without the term, the
 * pending hits are then a delay of W per pending hit (visits p_pend per L1 request, charged in
 * the CPI stack to the miss path's classes in proportion to their share of T_fill: the wait is
 * the fill's time in the NoC, LLC and DRAM; overlapped across a memory instruction's requests
 * like the other latencies and, like them, waited for by loads only: gpu.c POSTED STORES), and
 * the network is solved again.  One refinement, not a fixed
 * point: the second solve's lower X narrows the window (fewer pending hits) and the term is not
 * recomputed: iterated without damping, the window and X oscillate (the figures are in the
 * commit that chose one refinement, git log models/pending.h).
 *
 * Assumptions and valid range: a reuse whose previous use was a hit finds the block resident
 * (a hit's block was filled before it), so only the first reuse after a miss can wait for the
 * fill [Q].  Which reuses follow a miss is not in the profile: q takes them to have the
 * reuse times of all reuses (independence) and every miss but the U1 blocks used once to be
 * reused (the upper end of q: a block's last use that misses, after earlier uses, has no
 * successor either).  Exact when every block's reuses all
 * follow its miss (a block used twice; a group reread whose window holds one pass: test_pending).
 * The chains [C] take the gaps after a pending hit to be drawn like all reuses' and solve the
 * renewal equation U = p + rho p * U on K = PENDING_CHAIN_CELLS cells of the window (an
 * integer gap spread over +-1/2 request, a sum of two cells split evenly between its
 * neighbours: a discretisation, continuous in the window); the first term is the histogram's
 * exact count.  test_pending measures the
 * composition against the exact simulation on a random pool.  Reuse time is measured in the order of the profile's trace, which for the
 * generated traces interleaves the warps of an SM; requests are 128 B lines (the profile's
 * blocks), so a reuse of another sector of a line in flight counts as a pending hit
 * (Accel-Sim's sectored L1 counts it a SECTOR_MISS).  Profiles without an rt histogram on
 * the l1 stream get no term.
 *
 * Sources: GPGPU-Sim cache_stats (gpgpu-sim/gpu-cache.cc: HIT_RESERVED counts as an access
 * and not a miss; an MSHR merge, baseline_cache::send_read_request); Little's law for the
 * window (tau is time, r / lambda).
 */
#ifndef GPUDSE_PENDING_H
#define GPUDSE_PENDING_H

#include "profile.h"

#define PENDING_CHAIN_CELLS 16   /* cells of the renewal equation [C] (pending.c) */

struct memo;

typedef struct pending_ctx {
	const reuse_hist_t *rt;    /* the l1 stream's reuse-time histogram (not owned) */
	double accesses;           /* the histogram's total (cold included) */
	double once;               /* U1: blocks of the stream used once [Q] (0: unknown) */
	struct memo *memo;         /* pending_share by its exact inputs (memo.h; NULL: none) */
} pending_ctx_t;

/* Per workload: NULL when the l1 stream has no reuse-time histogram (then no term).  once:
 * U1, the stream's blocks used once [Q] (0 when unknown: every miss then has a successor). */
pending_ctx_t *pending_ctx_alloc(const profile_stream_t *l1, double once);
/* U1 of a profile's l1 stream [Q]: 2 B - A of its read-level class woro (blocks read or
 * written at most once each: B of them, A accesses), which holds the blocks used once and the
 * blocks written once and read once; 0 when the profile has no classes. */
double pending_once(const profile_t *p, const profile_stream_t *l1);
void pending_ctx_free(pending_ctx_t *c);

/* p_pend and W (header) for a window of `window` requests (= lambda x T_fill) and the L1's
 * miss ratio per access m [Q]: *share = p_pend, *wait = W in units of requests (multiply by
 * 1 / lambda for cycles).  The reuse at r counts when r + 1 < window. */
void pending_share(const pending_ctx_t *c, double window, double miss_ratio, double *share, double *wait_req);

#endif
