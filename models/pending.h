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
 *   a reuse is a pending hit  iff  it comes less than T_fill after the miss that fetched its
 *                                 block: the sum of its chain's gaps g = r + 1 (requests since
 *                                 the miss) is below the window lambda T_fill
 * CHAIN (the reuses that follow one miss; gaps taken independent, from the histogram):
 *   F      = share of the reuses with g < window; g-bar their mean gap
 *   K      = the largest k with k g-bar < window (the k-th reuse after the miss taken at k g-bar)
 *   L      = (1 - m) / m reuses per miss (m: the L1's misses per access, the caller's)
 *   N      = min(S(K), L F), S(j) = sum_{k=1..j} F^k     pending hits per miss (the chain ends
 *                                                          after L reuses on average)
 *   p_pend = m N                                          (share of L1 requests)
 *   W      = sum_k F^k (window - k g-bar) / N over the first N of the terms, in requests (the
 *            fill arrives T_fill after the miss, the k-th reuse k g-bar after it)
 *   Exact when every block is reused once (test_pending: twice-used blocks); against the exact
 *   simulation of rows reread many times and of random reuse from a pool, p_pend within 11%
 *   and W within 18% (test_pending).
 * A bin [lo, hi) of the rt histogram holds the integer reuse times lo .. hi - 1, taken as equally
 * likely (exact for an exact histogram, hi = lo + 1; a bin straddling the window counts the
 * share of its integers below it).
 *
 * Composition (models/gpu.c, PENDING HITS): the network is solved once without the term, the
 * pending hits are then a delay of W per pending hit (visits p_pend per L1 request, charged in
 * the CPI stack to the miss path's classes in proportion to their share of T_fill: the wait is
 * the fill's time in the NoC, LLC and DRAM; overlapped across a memory instruction's requests
 * like the other latencies), at the throughput where the term and the network agree (the fixed
 * point, gpu.c gpu_pending_solve).
 *
 * Assumptions and valid range: CHAIN's independent gaps; reuse time is measured in the order of the profile's trace, which for the
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
void pending_share(const pending_ctx_t *c, double window, double miss, double *share, double *wait_req);

#endif
