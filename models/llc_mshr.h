/*
 * llc_mshr.h -- the LLC slice's miss status holding registers: requests of other SMs that
 * reach a sector while its DRAM fill is in flight (LLC pending hits), the merge limit, and the
 * slice's input queue held by a request that could not merge.
 *
 * The hardware (GPGPU-Sim / Accel-Sim, gpgpu-sim/l2cache.cc and gpu-cache.cc; the Volta and
 * Ampere configurations' -gpgpu_cache:dl2 ...,A:<entries>:<merge>,...: 192 entries, merge 4):
 *   - an LLC read miss allocates an MSHR entry keyed by its 32 B sector (cache_config::
 *     mshr_addr) and sends the sector to DRAM; a later read of the same sector before the fill
 *     merges into the entry (MSHR_HIT; counted HIT_RESERVED) and is answered with the fill;
 *   - an entry holds at most <merge> requests, the miss included (mshr_table::full:
 *     m_list.size() >= m_max_merged); one more is a RESERVATION_FAIL (MSHR_MERGE_ENRTY_FAIL);
 *   - a request that fails stays at the head of the slice's input queue (memory_sub_partition::
 *     cache_cycle: "L2 cache lock-up: will try again next cycle", m_icnt_L2_queue is not
 *     popped) and every request behind it, to any address, waits until the fill frees the entry;
 *   - at most <entries> sectors in flight per slice (mshr_table::full, MSHR_ENRTY_FAIL).
 * Measured (calibration/accelsim/microbench, gen_share.py, README): C SMs reading the same cold
 * sectors in lock step: C <= 4 no failure, C >= 5 one held slice per fill for 270 cycles on
 * SM86_RTX3070 (dram_latency 254) and 131 on SM7_QV100 (100) whatever C (only the head
 * retries); the sharers themselves are not slowed (they wait for the fill either way): the
 * hold costs the requests queued behind it.
 *
 * EQUATIONS (per sector fill at an LLC slice; T the fill time, the LLC miss to its fill: the
 * solved network's DRAM residence + latency per DRAM visit; Lambda the GPU's L1 requests per
 * cycle, the rate of the profile's global stream, a1 X)
 *   s      = C_1 / C_g - 1                   other SMs' requests per fill: C_1 the sector
 *                                            cold count of the l1 stream (each SM's first use
 *                                            of a sector, an L1 miss that reaches the LLC),
 *                                            C_g the global stream's (the LLC's cold fills) [S]
 *   P_w    = sum_r n_rt(r) [r + 1 < Lambda T] / R
 *                                            share of the global stream's reuses sooner than
 *                                            the fill (reuse time r in global requests, tau =
 *                                            (r + 1) / Lambda; R the reuses)               [W]
 *   wait   = sum_r n_rt(r) (T - tau(r)) [..] / sum_r n_rt(r) [..]
 *                                            a sharer's mean wait for the fill, cycles     [D]
 *   n      = sharers in the window per fill: the degree split between floor(s) and floor(s)
 *            + 1 with mean s (the least-variance degree), each sharer in the window with
 *            probability P_w independently: n | d ~ Binomial(d, P_w)                  [N]
 *   merged = E min(n, M - 1),   held = P(n >= M)  (M the merge limit, the miss included;
 *            M = 0: no limit, held = 0)                                                [M]
 *   A held fill keeps its slice's input for the fill's remaining time, taken as wait [D]
 *   (exact for lock-step sharers, tau = 0: the microbenchmarks' 270 / 131 cycles).
 *   Entries: the slice's sectors in flight cannot exceed <entries>: with l1mshr.h's [E1], a
 *   single server of service T / entries per fill.                                    [E]
 *
 * Composition (models/gpu.c, LLC MSHRS; in the pending-hit refinement, from the network
 * solved without the term): per LLC request f = (1 - e)(1 - h_llc) fills; the sharers in the
 * window, f (E n - held) per LLC request (at most the LLC's hits: a sharer is an LLC hit of
 * the reuse profile), wait [D] each (a delay, CPI class dram: the time is the fill's); the
 * held fills, f held per LLC request, a queueing station of service wait per visit on the
 * LLC slices (class llc: the slice serves nobody meanwhile); the entry limit [E], f visits of
 * service T / entries.  Their time per L1 miss joins the L1's T_fill (pending.h).
 *
 * Assumptions and valid range: [S] takes every fill to be followed by the sharers of a cold
 * fill (exact when the LLC holds the footprint, as in the small reference kernels) and every
 * SM's first use of a sector to be a sharer of its fill, which overcounts when the other SMs
 * first use it in a later kernel or much later in the same one; [W] takes the sharers' reuse
 * times to be those of all the global stream's reuses, time since the block's previous use
 * by anyone and not since its fill (the profile has no record of when each SM first uses a
 * sector); [N] the least-variance degree is exact when every sector has the same number of
 * readers (the microbenchmarks) and understates held for mixed degrees (p-gemm on
 * SM86_RTX3070: B's sectors read by 6 SMs, A's by 2, C's by 1, s = 2: the model holds no
 * fill, Accel-Sim 288 of 864, and raising Accel-Sim's merge limit to 16 removes 26% of
 * p-gemm's cycles).  Measured on the development half of calibration/accelsim (26 base runs,
 * `gpudse explain` station visits against L2_total_cache_pending_hits / accesses): the share of
 * LLC requests waiting for a fill in flight is within 0.03 on db-gemm and p-2dconv
 * (0.22 / 0.18-0.28 against 0.24-0.30 / 0.15-0.27) and too high on r-hotspot (0.62 against
 * 0.23), p-fdtd-2d (0.16-0.32 against 0.007), r-backprop, r-bfs, pb-spmv (0.07-0.13 against
 * <= 0.015): mean |error| 0.085, no better than no term (0.079); an exact [S] and [W] need a
 * profile record of each SM's first use of a sector relative to the sector's first use.
 * A preset without llc_mshr (0) gets no term.
 *
 * Sources: gpgpu-sim_distribution (dev) src/gpgpu-sim/gpu-cache.cc mshr_table::full, add,
 * baseline_cache::send_read_request; l2cache.cc memory_sub_partition::cache_cycle; the tested
 * configurations' -gpgpu_cache:dl2; the microbenchmarks above.  Little's law for [E].
 */
#ifndef GPUDSE_LLC_MSHR_H
#define GPUDSE_LLC_MSHR_H

#include "profile.h"

typedef struct llc_mshr_fill {
	double in_window;   /* P_w [W] */
	double wait;        /* cycles [D] (0 when no reuse is in the window) */
	double sharers;     /* E n: sharers in the window per fill [N] */
	double merged;      /* E min(n, M - 1) [M] */
	double held;        /* P(n >= M) [M] */
} llc_mshr_fill_t;

/* s [S] from the l1 and global streams' sector cold counts (line cold counts when a stream
 * has no sector record); 0 when either is absent or there is no sharing. */
double llc_mshr_sharers(const profile_stream_t *l1, const profile_stream_t *global);

/* [W] [D] [N] [M] for a fill time t_fill (cycles), Lambda = lambda_g global requests per cycle,
 * s = sharers, merge limit M (0: none) over the global stream's reuse-time histogram rt. */
void llc_mshr_fill(const reuse_hist_t *rt, double sharers, double lambda_g, double t_fill, int merge,
                   llc_mshr_fill_t *out);

#endif
