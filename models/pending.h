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
 *   a reuse is a pending hit  iff  tau(r) < T_fill
 *   p_pend = sum_r n_rt(r) [tau(r) < T_fill] / accesses              (share of L1 requests)
 *   W      = sum_r n_rt(r) (T_fill - tau(r)) [tau(r) < T_fill] / (p_pend x accesses)
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
 * like the other latencies), and the network is solved again.  One refinement, not a fixed
 * point: the second solve's lower X narrows the window (fewer pending hits) and the term is not
 * recomputed: iterated without damping, the window and X oscillate (the figures are in the
 * commit that chose one refinement, git log models/pending.h).
 *
 * Assumptions and valid range: the reuse's previous use is taken to be the miss that fetched
 * the block (the first reuse after a miss; a later reuse in a burst of short reuses, or a
 * short reuse of a block that was already resident, is counted pending too: p_pend is an
 * upper bound); reuse time is measured in the order of the profile's trace, which for the
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

typedef struct pending_ctx {
	const reuse_hist_t *rt;    /* the l1 stream's reuse-time histogram (not owned) */
	double accesses;           /* the histogram's total (cold included) */
} pending_ctx_t;

/* Per workload: NULL when the l1 stream has no reuse-time histogram (then no term). */
pending_ctx_t *pending_ctx_alloc(const profile_stream_t *l1);
void pending_ctx_free(pending_ctx_t *c);

/* p_pend and W (header) for a window of `window` requests (= lambda x T_fill): *share =
 * p_pend, *wait = W in units of requests (multiply by 1 / lambda for cycles).  The reuse at
 * r counts when r + 1 < window. */
void pending_share(const pending_ctx_t *c, double window, double *share, double *wait_req);

#endif
