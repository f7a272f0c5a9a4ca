/*
 * lockstep.h -- the time of a launch whose warps move through their phases in lock step: every
 * warp of a wave starts together, so the phases' bottlenecks add instead of overlapping as the
 * closed network's steady state assumes (issue 20; the microbenchmark "One wave",
 * calibration/accelsim/microbench/README.md).
 *
 * Mechanism.  A launch fills every SM's CTA slots in its first cycles (GPGPU-Sim 4.2 gpu-sim.cc
 * issue_block2core), so the warps of its first wave start together; they issue their first
 * loads together, wait for them together (the scoreboard holds the first instruction that
 * reads a load's register: shader.cc scheduler_unit::cycle, m_scoreboard->checkCollision),
 * compute together and store together: while all wait for their loads the issue stage idles,
 * while all compute the memory system does.  A CTA slot is refilled when its CTA retires
 * (issue_block2core again), and CTAs that started together and run the same code retire
 * together, so each later wave starts together too.  The closed network (gpu.c, MVA) treats
 * the warps as independent customers spread over their phases, one warp's loads overlapping
 * another's compute.  The microbenchmark above measures both on SM7_QV100 (each NOP of a wave
 * adds its issue time) and gives the agreement figures.
 *
 * Record: the profile's wait intervals (profile_shape.h waits): each warp's instructions cut
 * where it waits (BARs, the first use of a load group's register) and where a run of global
 * memory instructions follows other instructions; interval types i with count n_i and vector
 * v_i[c] over the barrier model's columns (barrier_sync.h).
 *
 * Equations (per design point; launch entries j of the profile: C_j CTAs per launch, w_j warps
 * per CTA, count_j identical launches, I_j instructions over them, waves_j = ceil(C_j / (n
 * res_j)) on the design's n SMs holding res_j CTAs each, occupancy.h):
 *   [L1] the waves run one after the other, each in lock step; launches one after the other;
 *   [L2] S = sum_j waves_j I_j / (C_j w_j),  N = sum_j waves_j count_j
 *        S: the instructions of one warp of each wave in sequence (a launch's mean warp runs
 *        I_j / (count_j C_j w_j) instructions, count_j waves_j times); N: the waves;
 *   [L3] T_lock = T_D + S l + N l_st   (S l: the path, [L5]; plus the held fills, [L6])
 *        T_D = barrier_sync.h [B1] over the wait intervals: each interval type's bottleneck
 *        demand per copy (stations scaled by the type's share of each column), added over the
 *        types, which follow each other in every warp; each type on the SMs of its own launch
 *        entry (barrier_sync.h [B5]: a kernel that alternates launches of different sizes);
 *        l = a warp's fixed latency per instruction (the delay station's per warp, as
 *        barrier_sync.h [B2]), so S l is each wave's fill and drain: [B2] with every CTA of a
 *        wave synchronised (C = 1);
 *        l_st = a store's acknowledgement latency (the fixed latencies of the L1, NoC and LLC
 *        stations: the trip to the LLC and back) when the profile stores, else 0: a warp
 *        retires only when its stores are acknowledged (shader.cc shd_warp_t::hardware_done:
 *        functional_done() && stores_done()), so a wave ends one acknowledgement after its
 *        last stores, which the posted stores of the steady state (gpu.c POSTED STORES) never
 *        wait for;
 *   [L5] the path S l is the mean warp's; a wave lasts until its last warp is done, so where the
 *        launch record has the longest warp (warp_max: S* = sum_j waves_j warp_max_j) and the
 *        most load-group waits of one warp (wait_max: K* = sum_j waves_j wait_max_j), the path
 *        is max(S l, S* l_dep + K* W): l_dep the dependent-issue latency per instruction
 *        (gpu.c DEPENDENT ISSUE), W = [G3] I / G the mean latency of one load group (G the
 *        profile's groups, mlp_group.h [G3] per instruction).  A launch whose warps mostly do not
 *        load (a guard that leaves most threads idle) has a mean path far below its loading
 *        warps' (r-gaussian's Fan2: half its warps load, one group each);
 *   [L6] held fills: T_lock += K_L P_L T_f
 *        an interval's requests reach the LLC slices together, so every reader of a cold
 *        sector in the wave is in its fill's window (llc_mshr.h [N'] or [N] with P_w = 1 /
 *        waves per launch: the other readers in the same wave, where [W] takes the steady
 *        state's share); a reader past the merge limit is held (h_L = P(n >= M) per fill) and
 *        keeps its slice's input for the fill (memory_sub_partition::cache_cycle, "L2 cache
 *        lock-up"), and the interval's other requests that reach that slice behind it -- the
 *        other sectors' misses of the same burst -- leave for DRAM one fill time later, so the
 *        interval ends T_f later (T_f the fill time, the solved DRAM residence + latency per DRAM
 *        visit: llc_mshr.h's T);
 *        P_L = 1 - (1 - h_L)^F, F = fills per interval = (LLC fills per instruction) (I / G)
 *        (n w): each of the wave's n w resident warps runs one load group (I / G instructions,
 *        G the profile's groups) per interval; K_L = S G / I, the mean warp's intervals in
 *        sequence (not [L5]'s K*: past the mean warp's end the longest warp's intervals run with
 *        few others, whose readers are no longer in its fills' windows);
 *   [L4] T = max(I / X, T_lock),  X' = I / T
 *        X = the network's throughput (after barrier_sync.h [B4]): lock step only slows the
 *        steady state down.
 *
 * Assumptions.  Identical CTAs: a wave's CTAs retire together (a launch whose CTAs differ in
 * length drifts apart and lies between T_lock and the steady state; the launch record's
 * warp_max and cta_span are not used here); no warp drifts within a wave (T_D is exact for a
 * deterministic single bottleneck per interval that every warp reaches at its start, as
 * [B2], and an upper bound when the warps' requests are served warp by warp, each released
 * early by (W - 1) services: tests/unit/test_lockstep.c).  The drift is large where an SM's
 * own station binds and serves its warps one after another (GTO issue) over many waits (the
 * miss trace of tests/cli/cli_ldst.sh, which prints it with and without the lock step).  Every
 * tested configuration the reference set runs issues loose round robin (`-gpgpu_scheduler lrr`
 * in SM7_QV100, SM7_TITANV, SM7_GV100, SM75_RTX2060(_S) and SM86_RTX3070: the ready warps in
 * turn, instruction-major, as test_lockstep's simulation), which keeps a wave's warps in step.
 * The
 * drift also grows with the length of an interval: a warp whose few loads are spread over a
 * long DRAM-bound phase is back, on average, before its end (3/4 of the way through for 3
 * loads) and computes while the others wait (the five-wave microbenchmark wave_w32_c800; its
 * figures in the microbenchmark README above).  Every wave of a profile that stores ends with
 * stores.  An L2's dirty write-backs are charged to the intervals of the stores (GPGPU-Sim
 * sends each at the miss that evicts its line, with the next loads, into the same DRAM queue:
 * where the DRAM binds both intervals the sum is the same).  The interval types of different
 * warps (a CTA whose warps differ) are charged one after the other.
 * [L6] takes an interval with a held fill to have a miss queued behind the held request (the
 * other sectors of the burst's cold lines, which the crossbar interleaves with the sharers'
 * requests); one whose held slice has only hits behind it loses only their LLC pass, so [L6] is
 * an upper bound there (p-syr2k's column walks and pb-sgemm's tiles are such cases:
 * calibration/accelsim/heldout.txt, the twelfth suite; the record that would decide it, which
 * requests of a burst reach a held slice behind the held one, does not exist yet); the fills of an interval held independently; the readers of a sector
 * spread evenly over a launch's waves.  It needs the LLC MSHR refinement (a preset with
 * llc_mshr and a merge limit: gpu.c LLC MSHRS); without it, or where no sector has more
 * readers than the merge limit takes, the term is 0.
 * Valid range: profiles with the waits record and every launch's instruction count (the
 * generators and the Accel-Sim reader); otherwise the term is off and `gpudse explain` says so.
 */
#ifndef GPUDSE_LOCKSTEP_H
#define GPUDSE_LOCKSTEP_H

/* [L5]: the waves' path, max(S l, S* l_dep + K* W). */
double lockstep_path(double seq, double l, double crit_seq, double l_dep, double crit_waits, double w_group);

/* [L6]: K_L P_L T_f, P_L = 1 - (1 - h_L)^F over F fills per interval, h_L clamped to 1 (P_L = 0
 * when F or h_L is <= 0; the time 0 when K_L or T_f is); *p_held = P_L (may be NULL). */
double lockstep_held(double k_intervals, double fills, double held_frac, double t_fill, double *p_held);

/* [L3]-[L4]: the kernel's time given the wait intervals' T_D, the waves' path ([L5]; S l without
 * the launch record's critical warp), N l_st and the steady state's throughput x (> 0) over
 * insts instructions; *t_lock = [L3] T_lock (may be NULL). */
double lockstep_time(double insts, double x, double td_wait, double path, double n_lst, double *t_lock);

#endif
