/*
 * barrier_sync.h -- the time of a kernel whose CTAs meet at barriers: the warps of a CTA run
 * each interval between barriers together, so the phases of the work do not overlap as the
 * closed network's steady state assumes (issue 20, "barrier waits").
 *
 * Mechanism.  A BAR.SYNC holds every warp of its CTA until the last one arrives (GPGPU-Sim
 * 4.2 shader.cc barrier_set_t::warp_reaches_barrier: the CTA's warps are released together).
 * After it the warps start the next interval at the same time and ask the same resources at
 * the same time: the LD/ST unit and the NoC for the interval's loads, then the shared memory
 * for its stores and fragment loads, then the tensor units.  The closed network (gpu.c, MVA)
 * treats the warps as independent customers whose work interleaves in steady state, which
 * hides one interval's memory latency behind another warp's tensor work; with one CTA per SM
 * there is no other warp to hide it.  The Accel-Sim diagnostic that shows it (db-gemm with and
 * without its barriers) is in calibration/accelsim/README.md, "Barrier phases".
 *
 * Record: the profile's barrier intervals (profile_shape.h phases): interval types i with
 * count n_i and per interval v_i[c] over the columns c = instructions, global requests,
 * shared wavefronts and the units' instructions.  V[c] = sum_i n_i v_i[c]; f_i,c = n_i v_i[c]
 * / V[c] is the share of the kernel's c-work in the intervals of type i.
 *
 * Equations.  D_k,c = station k's demand per copy over the whole kernel (core cycles: the
 * network's visits x service / copies, the hot copy's when skewed) that scales with column c
 * (the L1 station has a global-request part and a shared-wavefront part: ldst.h SHARED MEMORY;
 * the execution units theirs; the memory path the global requests; issue and register banks
 * the instructions).
 *   [B1] T_D = sum_i max_k sum_c D_k,c f_i,c
 *        the intervals of one type run together on every SM (same start after a barrier,
 *        same work) and take at least their bottleneck's demand; intervals of different
 *        types follow each other.  T_D >= D_max = max_k sum_c D_k,c, the steady state's
 *        bound, with equality when every type has the same bottleneck.
 *   [B2] T_1 = T_D + L at C = 1,  L = (instructions per SM / resident warps per SM) x l
 *        l = a warp's fixed latency per instruction (the network's delay station per warp,
 *        with the MLP groups' overlap: mlp_group.h); L is one warp slot's latency summed over
 *        the instructions it runs in sequence.  Fill and drain: an interval's last request
 *        leaves its bottleneck and still has its latency to go before the barrier opens, and
 *        the next interval's first one has not arrived before it.  Exact for a single
 *        bottleneck with deterministic service that every warp reaches at the interval's start
 *        (tests/unit/test_barrier_sync.c: T = W k s + d per interval, the event simulation's).
 *   [B3] T = max(D_max, T_D / C + L),  C = resident CTAs per SM (>= 1)
 *        C CTAs on an SM are not synchronised with each other: each runs its own intervals,
 *        T_D / C of bottleneck work and its warps' latency L in sequence, at best undisturbed
 *        while the others fill the bottleneck in its gaps; together they cannot beat the
 *        bottleneck D_max.  Both terms are lower bounds, so T is (the form of MVA's asymptotic
 *        bounds, N / (D + Z) and 1 / D_max); equal to the time at C = 1 under [B2]'s
 *        conditions; at C = 2 with two phases of equal demand a the CTAs alternate with
 *        [B3]'s period, and the second starts a late (one phase, once per kernel);
 *        tests/unit/test_barrier_sync.c checks the bound against the event simulation and
 *        prints the gap for C = 4.
 *   [B4] the GPU's throughput is min(X_network, instructions / T): the barriers can only slow
 *        the steady state down (gpu.c, BARRIER PHASES).
 *   [B5] an interval runs on its own launch's SMs: where the record names the launch entry j
 *        of an interval type i (profile_shape.h), a station whose copies are per SM (issue,
 *        register banks, private L1s and their MSHRs, the SM's NoC port, the execution units,
 *        shared memory) has a_j = min(n, C_j) of them for it, n the SMs a launch can use and
 *        C_j the CTAs of one launch of entry j (GPGPU-Sim gpu-sim.cc issue_block2core hands
 *        the CTAs out over the SMs, one SM each while there are fewer CTAs than SMs), not the
 *        A the kernel-wide demand per copy D_k,c divides by (the occupied SMs averaged over
 *        the launches, occupancy.h); so in [B1] its term is D_k,c f_i,c A / a_j.  A kernel
 *        that alternates a one-CTA launch with a two-CTA one (db-rnn: a recurrent GEMM step,
 *        then its elementwise step) otherwise spreads the one-CTA launch's intervals over two
 *        SMs.  Stations on the memory side (NoC request ports, LLC slices, DRAM channels)
 *        serve every SM and keep D_k,c.
 *   [B6] an interval runs on its warps' sub-cores: a station whose copies are per sub-core
 *        (the warp schedulers' issue, their register-file banks, the execution units other
 *        than the SM's one LD/ST pipe) has k copies per SM, but a warp is bound to one of them
 *        (GPGPU-Sim gpgpu_sub_core_model 1: warp w issues from scheduler w mod k, to that
 *        scheduler's units and banks; shader.cc scheduler_unit, the per-scheduler dispatch
 *        registers), so launch j's intervals use min(k, w_j) of them per SM, w_j = W_j C_j /
 *        a_j its resident warps per occupied SM (W_j warps per CTA): its term is [B5]'s times
 *        k / min(k, w_j).  A launch of one-warp CTAs, one per SM (r-nw's 16-thread tiles),
 *        issues from one scheduler at a time, where [B1] would spread it over all k.
 *
 * Assumptions.  A launch's intervals share the kernel's visit rates per instruction (hit
 * rates, requests per memory instruction) with the other launches'; [B5] moves only where
 * they run.  The warps of a CTA have the same mix (the record sums intervals per warp, not
 * per CTA: a CTA whose warps differ -- some load a tile, others not -- is charged as if every
 * warp did the average: an understatement of T_D); an interval's requests have the kernel's
 * hit rates (the memory path scales with the interval's share of requests); every SM runs
 * the same interval types in step (one wave of identical CTAs; later waves keep the order).
 * Valid range: profiles with barriers and the record (NVBit and text readers do not record it:
 * then the term is off and gpudse explain says so); C from the occupancy model.
 */
#ifndef GPUDSE_BARRIER_SYNC_H
#define GPUDSE_BARRIER_SYNC_H

#include <stddef.h>

#include "profile_shape.h"

/* One station's demand per copy over the kernel, by the column that scales it (core cycles). */
typedef struct bsync_station {
	double d[SP_NCOL];
	int per_sm;                /* [B5]: 1 copies per SM (scaled by A / a_j for launch j's intervals);
	                              2 copies per sub-core ([B6]: also by k / min(k, w_j)); 0 shared */
} bsync_station_t;

/* [B5]: where the intervals run.  NULL (or rows without a launch entry): every interval on the
 * kernel's A SMs. */
typedef struct bsync_sms {
	const shape_launch_t *launch;  /* the profile's launch entries (profile_shape.h) */
	size_t n_launch;
	double n;                      /* SMs a launch can spread its CTAs over */
	double a;                      /* A: the copies' SMs of the kernel-wide D_k,c */
	int subcores;                  /* [B6] k, sub-cores per SM (0: [B6] off) */
} bsync_sms_t;

/* [B6]: k / min(k, w_j) for an interval of launch entry j (1 when j < 0, out of range, unknown,
 * or k <= 1). */
double bsync_subcore_scale(const bsync_sms_t *sms, long j);

/* [B5]: A / a_j for an interval of launch entry j (1 when j < 0, out of range, or unknown). */
double bsync_launch_scale(const bsync_sms_t *sms, long j);

/* V[c] = sum_i n_i v_i[c] over the n phases. */
void bsync_totals(const shape_phase_t *ph, size_t n, double tot[SP_NCOL]);

/* f[i SP_NCOL + c] = f_i,c = n_i v_i[c] / V[c] (0 where V[c] = 0), once per workload. */
void bsync_shares(const shape_phase_t *ph, size_t n, const double tot[SP_NCOL], double *f);

/* [B1]: T_D of the n phases (shares f from bsync_shares, totals tot) on ns stations; a column
 * whose total is 0 scales nothing; with ph (the phases, for their launch entries) and sms both
 * non-NULL, the per-SM stations' terms scaled by [B5].  Also *d_max = max_k sum_c D_k,c (may be
 * NULL). */
double bsync_phase_time(const double *f, size_t n, const double tot[SP_NCOL], const bsync_station_t *st,
                        int ns, const shape_phase_t *ph, const bsync_sms_t *sms, double *d_max);

/* bsync_phase_time, and by_station[k] (ns entries, not cleared) += each phase's term where
 * station k is its max (the first such station on ties; a phase whose max is 0 adds nothing):
 * the sum over k is T_D (by_station may be NULL).  gpu.c charges the waits by class with it. */
double bsync_phase_time_by(const double *f, size_t n, const double tot[SP_NCOL], const bsync_station_t *st,
                           int ns, const shape_phase_t *ph, const bsync_sms_t *sms, double *d_max, double *by_station);

/* [B2]-[B3]: T = max(d_max, t_d / ctas_per_sm + l_slot), ctas_per_sm clamped to >= 1. */
double bsync_time(double t_d, double l_slot, double d_max, double ctas_per_sm);

#endif
