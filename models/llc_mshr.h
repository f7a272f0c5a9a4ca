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
 * cycle, the rate of the profile's global stream, a1 X; lambda = Lambda / SMs one SM's)
 *   s      = C_1 / C_g - 1                   other SMs' requests per fill: C_1 the sector
 *                                            cold count of the l1 stream (each SM's first use
 *                                            of a sector, an L1 miss that reaches the LLC),
 *                                            C_g the global stream's (the LLC's cold fills) [S]
 *   P_g    = pending_share(global stream, window Lambda T, miss ratio m_g) / m_g
 *                                            the uses of a block, by any SM, within T of its
 *                                            LLC miss (or of a use within T of it): pending.h's
 *                                            [Q] and [C] on the global stream, per LLC miss
 *                                            (m_g = LLC misses per L1 request)
 *   P_1    = pending_share(l1 stream, window lambda T, m_1) / m_1
 *                                            the same SM's uses within T of its own L1 miss
 *                                            (m_1 the L1's miss ratio per request)
 *   nbar   = min(s, max(0, (P_g - P_1) / (1 + P_1)))
 *                                            sharers in the window per fill: the missing SM and
 *                                            each of the nbar others bring their own P_1 pending
 *                                            uses, P_g = nbar + (1 + nbar) P_1.  P_w = nbar / s [W]
 *   wait   = pending.h's W on the global stream, / Lambda: the mean wait of the uses within T
 *                                            for the fill, cycles                          [D]
 *   n, the sharers in the window of one fill, each sharer in the window with probability P_w
 *            independently.  Two paths, by what the profile holds:
 *     with the profile's sharers record (profile_shape.h; h[d] = the sectors whose read fill
 *            has d reading SMs, the missing one included): w_d = h[d] / sum h (one fill per
 *            sector, [S]'s assumption), s = sum_d w_d (d - 1) replaces [S]'s ratio, and
 *            n | d ~ Binomial(d - 1, P_w), mixed over w_d                             [N']
 *     without it: the degree split between floor(s) and floor(s) + 1 with mean s (the least-
 *            variance degree), n | d ~ Binomial(d, P_w), d the other SMs              [N]
 *   merged = E min(n, M - 1),   held = P(n >= M)  (M the merge limit, the miss included;
 *            M = 0: no limit, held = 0); over [N']'s mixture, merged = sum_d w_d E min(n, M - 1)
 *            and held = sum_d w_d P(n >= M)                                             [M]
 *   A held fill keeps its slice's input for the fill's remaining time, taken as wait [D]
 *   (lock-step sharers, tau = 0, wait the whole fill: the microbenchmarks' 270 / 131 cycles).
 *   Entries: the slice's sectors in flight cannot exceed <entries>: with l1mshr.h's [E1], a
 *   single server of service T_0 / entries per fill, T_0 the fill's DRAM service + latency
 *   without the DRAM queue.                                                           [E]
 *   (Little's law bounds the fills per cycle by entries / T; the DRAM station holds its own
 *   queueing, and T from a solve in which the DRAM saturates holds the closed network's whole
 *   population in that queue -- one the entries themselves bound -- so [E] would count it
 *   twice.  T_0 is exact where the DRAM is unloaded and optimistic by the DRAM's queueing
 *   below saturation.)
 *
 * Composition (models/gpu.c, LLC MSHRS; in the pending-hit refinement, from the network
 * solved without the term): per LLC request f = (1 - e)(1 - h_llc) fills; the sharers in the
 * window, f (E n - held) per LLC request (at most the LLC's hits: a sharer is an LLC hit of
 * the reuse profile), wait [D] each (a delay, CPI class dram: the time is the fill's); the
 * held fills, f held per LLC request, a queueing station of service wait per visit on the
 * LLC slices (class llc: the slice serves nobody meanwhile); the entry limit [E], f visits of
 * service T_0 / entries.  Their time per L1 miss joins the L1's T_fill (pending.h).
 *
 * Assumptions and valid range: [S] takes every fill to be followed by the sharers of a cold
 * fill (exact when the LLC holds the footprint, as in the small reference kernels); [W] takes
 * pending.h's assumptions on both streams (reuse times independent of which use came before;
 * tau = (r + 1) / rate, which spreads lock-step requests over the window: the microbenchmarks'
 * C SMs issuing the same load at once are P_g = 1-1.5 instead of C - 1 when the window holds
 * 2 requests, test_llc_mshr) and the other SMs' pending uses to be like the missing SM's (P_1);
 * [N] the least-variance degree is exact when every sector has the same number of readers (the
 * microbenchmarks) and understates held for mixed degrees (p-gemm on SM86_RTX3070: B's sectors
 * read by 6 SMs, A's by 2, C's by 1, s = 2: [N] holds no fill where Accel-Sim holds a third);
 * [N'] takes the degrees as counted (p-gemm's record: 288 sectors each of d = 1, 2, 6: w_6 = 1/3
 * of the fills held at P_w = 1), one P_w for every degree (the window share [W] does not depend
 * on how many read the sector), the degree of the fill's kernel (readers in later kernels hit
 * the LLC), loads only (stores do not enter an LLC MSHR: GPGPU-Sim's LLC is write-back with
 * lazy fetch-on-read, a store miss writes its bytes without a fill; global atomics are not in
 * the l1 stream the record is counted on), and [S]'s fills (the LLC holds the footprint: a
 * sector refilled after an eviction is taken with its cold fill's degree).  The two paths agree
 * exactly when every sector has one degree (test_llc_mshr).  Which path ran: gpudse explain.
 * What [N'] changes against Accel-Sim: calibration/accelsim/microbench/README.md, "The exact
 * sharing degrees".
 * Its agreement with Accel-Sim (the microbenchmarks, and the share of LLC requests
 * that wait for a fill on the development runs) is in calibration/accelsim/microbench/README.md
 * ("LLC MSHR merge limit") and tests/unit/test_llc_mshr.c.  A preset without llc_mshr (0) gets no term.
 *
 * Sources: gpgpu-sim_distribution (dev) src/gpgpu-sim/gpu-cache.cc mshr_table::full, add,
 * baseline_cache::send_read_request, data_cache::wr_miss_wa_lazy_fetch_on_read (stores);
 * the sharers record: src/profiling/sector_rec.h sector_rec_sharers (per block without sectors:
 * line_sharers.h); l2cache.cc memory_sub_partition::cache_cycle; the tested
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

/* nbar [W] from P_g and P_1 (uses within T per LLC miss, per L1 miss), at most s; 0 when s or
 * P_g is 0. */
double llc_mshr_window_sharers(double pend_global, double pend_own, double sharers);

/* [N] [M] for s sharers, a share P_w of them in the window (clamped to 1), merge limit M (0:
 * none); out->wait is left 0 (the caller's [D]). */
void llc_mshr_fill(double sharers, double in_window, int merge, llc_mshr_fill_t *out);

/* The profile's sharers record (profile_shape.h) as [N'] takes it: the bins (pointing into the
 * profile, which must outlive it), sum h and s = sum_d w_d (d - 1).  Set once per workload. */
typedef struct llc_mshr_degrees {
	const shape_sharers_t *bin;   /* NULL: no record ([N] runs) */
	size_t n;
	double sectors;               /* sum_d h[d] */
	double sharers;               /* s [N'] */
} llc_mshr_degrees_t;

/* 1 and *out filled when the shape has a sharers record, else 0 and *out zeroed. */
int llc_mshr_degrees(const profile_shape_t *sh, llc_mshr_degrees_t *out);

/* [N'] [M] over the record's degrees, a share P_w of the other readers in the window (clamped
 * to 1), merge limit M (0: none); out->wait is left 0.  Nothing allocated; at most M binomial
 * terms per degree. */
void llc_mshr_fill_degrees(const llc_mshr_degrees_t *dg, double in_window, int merge, llc_mshr_fill_t *out);

#endif
