/*
 * occupancy.h -- what the GPU model takes from a profile's launch and code shape
 * (models/profile_shape.h; issue 18): resident warps per SM from the launch geometry and the
 * preset's limits, waves, the loads a warp keeps in flight, and the shared-memory pipeline.
 *
 * EQUATIONS
 *   Resident CTAs per SM (the CUDA occupancy calculation: CUDA C Programming Guide,
 *   "Occupancy Calculator" and the per-compute-capability limits; NVIDIA's
 *   cudaOccupancyMaxActiveBlocksPerMultiprocessor computes the same minimum):
 *     w     = ceil(threads per CTA / 32)                               warps per CTA
 *     R_w   = ceil(32 x regs per thread / 256) x 256                   registers per warp
 *                                                                      (allocation unit 256)
 *     S     = ceil(smem per CTA / 128) x 128                           shared bytes per CTA
 *     res   = min(floor(warps_per_sm / w), max_ctas_per_sm,
 *                 floor(floor(rf_kib x 256 / R_w) / w)   when regs are known,
 *                 floor(smem_kib x 1024 / S)             when S > 0)
 *   Waves, occupied SMs and the time-averaged resident warps of a launch of C CTAs on n SMs,
 *   every CTA taking the same time (a wave is one round of res CTAs per SM):
 *     waves = ceil(C / (n x res)),   a = min(n, C),   warps = C x w / (a x waves)  (<= res x w)
 *   The block scheduler hands CTAs to SMs round-robin, one per SM before any SM gets a second
 *   (GPGPU-Sim gpu-sim.cc issue_block2core / shader_core_ctx::issue_block2core; the hardware's
 *   CTA distributor likewise spreads CTAs): a grid of C < n CTAs occupies C SMs and leaves the
 *   others idle, so a grid of one CTA of 32 warps runs 32 warps on one SM -- its one L1, its
 *   four schedulers -- not 32 / n warps on each of n.  gpu_eval then runs the network with
 *   a SMs (n_compute = ceil(a); the per-SM stations' copies: SM, private L1s, SM-side NoC
 *   ports); the LLC hit ratio, computed
 *   before, keeps the design's n_compute.  Many waves tend to res x w warps on n SMs.  Over
 *   several launch geometries the model takes the instruction-weighted means of a and of the
 *   GPU-wide warps C x w / waves (launches without an instruction count weigh by CTAs x w),
 *   warps = that / a.
 *   IMBALANCE (the tail of a launch whose warps differ in length): a warp that has finished
 *   leaves its scheduler slot, and a CTA's slot is refilled only when its longest warp ends
 *   (GPGPU-Sim shader_core_ctx: a CTA retires when its last warp exits).  With every warp
 *   instruction taking the same mean time c, warp w runs n_w c, CTA k holds its slot
 *   m_k c (m_k its longest warp), and the a x res slots of a launch finish no earlier than
 *     L c,   L = max(n_max, sum_k m_k / (a x res))        (longest warp; slots' mean load)
 *   so the time-averaged live warps, GPU-wide, are insts / L (instructions over the makespan
 *   in instruction units).  The model takes min(C x w / waves, insts / L); for equal warps the
 *   two agree (L = n waves).  n_max and sum_k m_k are the profile's launch warp_max and
 *   cta_span (profile_shape.h), summed over the entry's launches, so L is taken as
 *   max(sum n_max, sum m_k / (a res)): exact when one of the two binds in every launch.
 *   Without them (readers that do not see whole warps) the uniform formula stays.
 *   Loads in flight (MLP): the profile's measured mean, mlp_loads / mlp_groups (loads issued
 *   before the first use of one of them; profile_shape.h), when the profile has no fitted
 *   params.mlp.
 *   Shared memory: one warp instruction of degree k (bank-conflict wavefronts) occupies the
 *   SM's 32 banks x 4 B = 128 B per cycle data path k times: a station "shmem" per SM with
 *   visits (lds + sts + atoms) / insts and service k x 128 B / l1_bytes_per_cycle (Volta and
 *   later share the L1 data array between L1 and shared memory: one wavefront per cycle).
 * ASSUMPTIONS AND RANGE: without warp_max / cta_span every CTA of a launch takes the same time
 *   (no tail beyond whole waves); with them, every warp instruction takes the same mean time
 *   whichever warp issues it (IMBALANCE); the carve-out does not shrink the L1 (presets configure the unified
 *   storage as L1); shared-memory latency is not charged (only its pipeline demand: a warp
 *   rarely waits on LDS longer than its issue slot when ILP hides ~30 cycles); shared memory
 *   is its own station, not queued with L1 requests on the same array, except on presets with
 *   l1_banks (GPGPU-Sim's load/store unit, models/ldst.h SHARED MEMORY): there its demand joins
 *   the l1 station's, since one unit serves both, one instruction at a time.  A profile without
 *   launches keeps the preset's warps_per_sm (default, said by `gpudse explain`).
 */
#ifndef GPUDSE_OCCUPANCY_H
#define GPUDSE_OCCUPANCY_H

#include "gpu.h"
#include "profile.h"

enum occ_limiter { OCC_DEFAULT = 0, OCC_WARPS, OCC_CTAS, OCC_REGS, OCC_SMEM, OCC_GRID, OCC_NLIM };
extern const char *const occ_limiter_name[OCC_NLIM]; /* "default","warps","ctas","registers","shared memory","grid" */

/* Resident CTAs per SM of one CTA shape on preset g (>= 1: a CTA that fits nowhere still runs
 * alone, as the hardware would refuse it; *why = the binding limit). */
int occ_ctas_per_sm(const gpu_t *g, long warps_per_cta, int regs, long smem, enum occ_limiter *why);
/* Time-averaged live warps, GPU-wide, of launch entry l on `sms` occupied SMs holding res CTAs
 * each (IMBALANCE above); 0 when the profile lacks warp_max / cta_span. */
double occ_live_warps(const shape_launch_t *l, double sms, int res);
/* Waves of C CTAs over n SMs holding res each. */
double occ_waves(double ctas, int n_sm, int res);

typedef struct occ {
	int known;                  /* the profile has launch geometry */
	double warps;               /* time-averaged resident warps per occupied SM */
	double sms;                 /* occupied SMs: instruction-weighted mean of min(n, C) */
	double waves;               /* instruction-weighted mean waves */
	double lock_seq;            /* lockstep.h [L2] S: warp instructions in sequence over the
	                               waves (0 when a launch has no instruction count) */
	double lock_waves;          /* lockstep.h [L2] N: the waves in sequence */
	double lock_crit_seq;       /* lockstep.h [L5] S*: the longest warp's instructions, by wave */
	double lock_crit_waits;     /* lockstep.h [L5] K*: its load-group waits, by wave */
	enum occ_limiter limiter;   /* of the launch with the most instructions */
} occ_t;

/* Occupancy of profile p's launches on n_compute SMs of preset g. */
void occ_profile(const gpu_t *g, const profile_t *p, int n_compute, occ_t *out);

/* Loads in flight per warp measured from register dependences, or `dflt` when unknown. */
double occ_shape_mlp(const profile_t *p, double dflt);

/* Applies the shape to the baseline memory system (after memsys_init): m->warps from
 * occ_profile when the profile has launches, and the "shmem" station when it has shared
 * memory.  No allocation. */
void occ_apply(const gpu_t *g, const wctx_t *w, memsys_t *m);

#endif
