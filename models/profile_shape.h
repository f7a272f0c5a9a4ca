/*
 * profile_shape.h -- what a workload asks of the GPU beyond its address stream: the launch
 * geometry and the code's shape (issue 18).  Part of profile_t (profile.h, member `shape`);
 * docs/profile-format.md "shape" documents the JSON and which readers fill each field.
 *
 * Every block has a has_* flag: 0 means the trace did not show it (unknown), and the model
 * then uses a documented default and says so (gpudse explain).  All counts are exact, also
 * in sampled profiles (they are counted per instruction, not per sampled block).
 *
 * Definitions (the tests in tests/unit/test_shape.c check each on fixtures):
 *   launch      one entry per distinct (grid, block, registers, shared memory) geometry, with
 *               the number of launches that had it and their warp instructions; where the
 *               source sees whole warps (the generators), the longest warp's instructions per
 *               launch (warp_max) and the sum over CTAs of each CTA's longest warp (cta_span);
 *   mix         warp instructions per execution unit, opcodes classified as Accel-Sim's
 *               gpu-simulator/ISA_Def/ampere_opcode.h does (SP_OP -> fp32, DP_OP -> fp64,
 *               INTP_OP and ALU_OP -> int, SFU_OP -> sfu, the MMA unit -> tensor, LOAD_OP and
 *               STORE_OP -> ldst, SPECIALIZED_UNIT_1_OP and EXIT -> branch, the rest -> other);
 *   simd        active lanes summed over warp instructions (mean = active_lanes / insts): the
 *               trace's mask is the active & predicate mask;
 *   shared      shared-memory warp instructions (LDS/LDSM loads, STS stores, ATOMS atomics)
 *               and, where addresses are known, the bank-conflict degree: per instruction the
 *               largest number of distinct 4 B words any of the 32 four-byte banks must
 *               deliver (1 = conflict-free; a broadcast of one word is free), summed; for
 *               ATOMS the largest number of active lanes on one bank (same-address atomics
 *               serialise);
 *   barriers    BAR warp instructions (per CTA: bar / warps per CTA / CTAs);
 *   atomics     global atomic warp instructions (ATOM, ATOMG, RED), their active lanes, the
 *               distinct addresses each touches (summed), the distinct addresses over the
 *               whole profile, and the lane operations on the most-targeted address;
 *   dep         the longest register-dependence chain of each warp through non-memory
 *               instructions (its length in instructions per unit, the path chosen by count;
 *               a global load's destination starts a new chain), summed over warps;
 *   mlp         memory-level parallelism from register dependences: per warp, the global loads
 *               issued before the first instruction that reads (or overwrites) one of their
 *               destination registers form one group; hist[k-1] counts groups of k loads
 *               (the last bin >= SHAPE_MLP_BINS); loads / groups is the mean loads in flight;
 *               hist_overwrite[k-1] counts those of them closed by an instruction that only
 *               overwrites a destination of the group (reads none): GPGPU-Sim's scoreboard
 *               (Scoreboard::checkCollision) stalls it until that one load is back, so such a
 *               group is a sliding window of k loads, not k loads waited for together
 *               (models/mlp_group.h); a group the warp's end closes counts with the reads (a
 *               warp exits only when no load is pending: shader.cc, pendingWrites);
 *               fresh[b1][bg] counts the groups closed by a read (or the end) by the freshest
 *               line among their requests: A1 = the smallest, over the group's line requests,
 *               of the requests its SM sent since that line's first request in the kernel,
 *               Ag = the same in the merged stream of every SM (src/profiling/fresh_age.h),
 *               binned b = 0 for 0 (the group holds a line's first request), else
 *               1 + floor(log2 A), the last bin open.  A group with A below a fill's window
 *               waits for that fill, whichever of its requests missed and whichever merged
 *               into the miss.  Recorded by the workload generators (gpudse trace).
 *   ldst        the L1 access stage's cycles of every global memory warp instruction with an
 *               active lane (loads, stores, atomics: the instructions mem_insts counts), computed
 *               exactly from its lane addresses as models/ldst.h defines C(seq) -- the distinct
 *               32 B sectors in descending address order, split greedily into runs of distinct
 *               banks (sector mod B), at most B long -- summed, for B = 1, 2, 4 and 8; recorded
 *               by the sources that see lane addresses (the generators, the Accel-Sim and NVBit
 *               readers; src/profiling/ldst_rec.h computes C); a lane accessing `width` bytes at
 *               a touches the sectors from a / 32 to (a + width - 1) / 32, as the coalescer and
 *               the readers' sector counts take them; counted per instruction, also in sampled
 *               profiles; a profile made before 2026-11-27 has none (has_ldst 0);
 *   sharers     the sharing degrees of the LLC's read fills (models/llc_mshr.h [N]): for every
 *               32 B sector whose first access in the merged stream (every SM's requests in
 *               trace order: the LLC's cold miss, the sector's fill) is a load, d = the number
 *               of SMs whose first access to the sector in that kernel (between two L1
 *               flushes) is a load -- the L1 read misses that reach the LLC for it, the ones
 *               that can merge in its MSHR entry; stored sparse as (d, sectors) with d
 *               ascending.  Not counted: sectors first reached by a store (GPGPU-Sim's LLC
 *               writes the bytes, lazy fetch-on-read: no fill, no MSHR entry) or by a global
 *               atomic (bypasses the L1: not in the l1 stream); an SM that stores a sector
 *               before loading it (its L1 then hits); readers in later kernels (the LLC holds
 *               the sector: a hit, not a merge).  So sum_d h[d] <= C_g (the global stream's
 *               sector cold count, stores and atomics included) and sum_d d h[d] <= C_1 (the l1
 *               stream's, every SM's first use per kernel, stores included), both equal for a
 *               single-kernel profile without stores and atomics.  Recorded with the exact
 *               sector record (src/profiling/sector_rec.h, sector_rec_sharers) in every exact
 *               profile whose reader gives sectors (the generators, the Accel-Sim, NVBit and
 *               text readers); where a stream gives no sector (a text trace without SECTORS)
 *               per profiler block instead, with the line cold counts as the bounds
 *               (src/profiling/line_sharers.h), as [S] then takes them; a sampled profile has
 *               none, nor a profile made before the record (2026-11-27): has_sharers 0, and
 *               the model takes [N]'s split of s;
 *   phases      barrier intervals (issue 20, models/barrier_sync.h): each warp's instructions
 *               cut at its BAR instructions (the BAR closes its interval and counts in it) and
 *               at its end (a last interval when it has instructions); per interval the vector
 *               v[SP_*] = warp instructions; global memory requests of its global loads, stores
 *               and atomics in the unit of the l1 stream's accesses (the requests the source
 *               gives the profiler per instruction, one per distinct cache block its active
 *               lanes touch; models/gpu.c req_per_mem = l1 accesses / mem_insts), so that the
 *               sum over entries of count x v[SP_GREQ] is the l1 stream's accesses (exactly in
 *               exact profiles; a sampled profile's accesses is the SHARDS estimate of it);
 *               shared-memory wavefronts (the bank-conflict degree `shared` sums, 1 per
 *               instruction whose degree is unknown); and its warp instructions on fp32, fp64,
 *               int, sfu and tensor (the mix units); and the launch entry (index into launch)
 *               whose warps ran it, where the source records launches (else -1: profiles
 *               before 2026-11-27 r15, sources without launches).  Identical vectors of one
 *               launch entry are one entry with their count, entries sorted by count
 *               descending, then by the vector, then by the launch entry.  Recorded
 *               only for profiles with barriers (bar > 0), by the sources that see every
 *               instruction of a warp (the generators, the Accel-Sim reader; not the NVBit
 *               mem_trace or text readers); at most SHAPE_PHASE_MAX distinct vectors, else not
 *               recorded (has_phase 0), never truncated.
 *   waits       wait intervals (issue 20, models/lockstep.h): each warp's instructions cut
 *               where the warp waits -- at its BARs (closing, as phases) and before the
 *               instruction that first reads or overwrites a register a load in flight writes
 *               (the instruction that closes an MLP group, mlp above: the scoreboard holds it
 *               until the group's loads are back; it opens the next interval), before the
 *               first global load, store or atomic of a run of them after an instruction that
 *               is not one (in order issue: the run's memory work starts when the instructions
 *               before it have issued) -- and at its end; the vectors, their order and the limit as phases (SHAPE_WAIT_MAX).
 *               Recorded by the sources that see every instruction of a warp and its
 *               registers (the generators, whose launches without template registers take
 *               the dependences their Accel-Sim trace writer synthesizes; the Accel-Sim
 *               reader), with or without barriers; has_wait 0 otherwise.
 */
#ifndef GPUDSE_PROFILE_SHAPE_H
#define GPUDSE_PROFILE_SHAPE_H

#include <stddef.h>

enum shape_unit { SU_FP32 = 0, SU_FP64, SU_INT, SU_SFU, SU_TENSOR, SU_LDST, SU_BRANCH, SU_OTHER, SU_NUNIT };
extern const char *const shape_unit_name[SU_NUNIT]; /* "fp32","fp64","int","sfu","tensor","ldst","branch","other" */

#define SHAPE_MLP_BINS 64
#define SHAPE_FRESH_BINS 24            /* bins of A1 and Ag: 0, [1,2), [2,4), ..., [2^22, inf) */
#define SHAPE_LDST_NB 4                /* ldst cycles at 1, 2, 4, 8 L1 banks */
#define SHAPE_PHASE_MAX 512            /* distinct barrier-interval vectors kept (phases) */
#define SHAPE_WAIT_MAX 4096            /* distinct wait-interval vectors kept (waits) */

/* The columns of a barrier interval's vector (profile_shape.h phases). */
enum shape_phase_col { SP_INSTS = 0, SP_GREQ, SP_SWAVE, SP_FP32, SP_FP64, SP_INT, SP_SFU, SP_TENSOR, SP_NCOL };
_Static_assert(SP_FP32 + SU_TENSOR == SP_TENSOR, "phase unit columns follow enum shape_unit's order");

typedef struct shape_phase {
	double count;                  /* warp intervals with this vector */
	double v[SP_NCOL];             /* per interval: insts, global requests, shared wavefronts,
	                                  fp32, fp64, int, sfu, tensor warp instructions */
	long launch;                   /* the launch entry (index into launch[]) its warps ran in;
	                                  -1: not recorded (profiles before 2026-11-27 r15) */
} shape_phase_t;

/* One bin of the sharing-degree record (profile_shape.h sharers). */
typedef struct shape_sharers {
	int d;                         /* SMs reading the sector in its fill's kernel, >= 1 */
	double sectors;                /* sectors with that degree, > 0 */
} shape_sharers_t;

typedef struct shape_launch {
	long grid[3], block[3];        /* gridDim, blockDim */
	int regs;                      /* registers per thread (0: unknown) */
	long smem;                     /* shared memory per CTA, bytes (-1: unknown) */
	double count;                  /* launches with this geometry */
	double insts;                  /* their warp instructions (0 when not counted) */
	double waves;                  /* waves of the profiling run (its n_sm and residency limits;
	                                  0: unknown), summed over the launches */
	double warp_max;               /* the longest warp's instructions, summed over the launches
	                                  (0: unknown) */
	double cta_span;               /* each CTA's longest warp's instructions, summed over the CTAs
	                                  of the launches (0: unknown): occupancy.h, IMBALANCE */
	double wait_max;               /* the most load-group waits of one warp (mlp groups it
	                                  closed), summed over the launches (0: none or unknown):
	                                  lockstep.h [L5] */
} shape_launch_t;

typedef struct profile_shape {
	size_t n_launch;
	shape_launch_t *launch;        /* n_launch entries (NULL: no launch geometry known) */

	int has_mix;
	double unit[SU_NUNIT];         /* warp instructions per execution unit */

	int has_simd;
	double simd_insts;             /* warp instructions whose mask is known */
	double active_lanes;           /* their active lanes, summed */

	int has_shared;
	double lds, sts, atoms;        /* shared-memory warp instructions */
	double shared_addr_insts;      /* of which with addresses (bank degree known) */
	double shared_wavefronts;      /* bank-conflict degree summed over those */

	int has_bar;
	double bar;                    /* BAR warp instructions */

	int has_atom;
	double atom_insts;             /* global atomic warp instructions */
	double atom_lanes;             /* their active lanes (atomic operations) */
	double atom_addrs;             /* distinct addresses per instruction, summed */
	double atom_targets;           /* distinct addresses over the whole profile */
	double atom_top;               /* lane operations on the most-targeted address */

	int has_mlp;
	double mlp_loads, mlp_groups;  /* global loads and dependence groups */
	/* dependent issue (ILP): per warp, the longest chain of register dependences through
	 * execution-unit instructions (a load's result starts a chain afresh: memory latency is
	 * the memory stations'), its instructions per unit summed over warps; with the warps'
	 * instructions (dep_insts) the model's dependent-issue delay is sum_u cp[u] lat_u /
	 * dep_insts (models/gpu.c, DEPENDENT ISSUE).  Known when has_dep. */
	int has_dep;
	double dep_insts;              /* warp instructions of the warps measured */
	double dep_cp[SU_NUNIT];       /* critical-path instructions per unit, summed over warps */
	double mlp_hist[SHAPE_MLP_BINS]; /* groups of k = i + 1 loads (last bin: k >= SHAPE_MLP_BINS) */
	int has_mlp_over;              /* mlp_hist_over recorded (profiles made before it: unknown) */
	double mlp_hist_over[SHAPE_MLP_BINS]; /* of mlp_hist's groups, those closed by an instruction
	                                  that overwrites a destination of the group without reading
	                                  one (the scoreboard then waits for that load only) */
	int has_fresh;                 /* fresh recorded (every fork-join group of the profile) */
	double fresh[SHAPE_FRESH_BINS][SHAPE_FRESH_BINS]; /* fork-join groups by the bins of A1, Ag */
	int has_ldst;                  /* ldst recorded (models/ldst.h, LDST RECORD) */
	double ldst_insts;             /* global memory warp instructions with an active lane */
	double ldst_cycles[SHAPE_LDST_NB]; /* their L1 access-stage cycles (ldst.h C(seq)) summed,
	                                  with 1, 2, 4 and 8 banks of one 32 B sector, linear */
	int has_sharers;               /* sharers recorded (exact profiles with a sector record) */
	size_t n_sharers;
	shape_sharers_t *sharers;      /* n_sharers bins, d ascending (NULL when none) */
	int has_phase;                 /* phases recorded */
	size_t n_phase;
	shape_phase_t *phase;          /* n_phase distinct barrier intervals (NULL when none) */
	int has_wait;                  /* waits recorded */
	size_t n_wait;
	shape_phase_t *wait;           /* n_wait distinct wait intervals (NULL when none) */
} profile_shape_t;

/* The bin of a freshness age A (profile_shape.h mlp fresh): 0 for 0, else 1 + floor(log2 A),
 * at most SHAPE_FRESH_BINS - 1. */
int shape_fresh_bin(double age);

/* Warps per CTA of a launch: ceil(threads / 32). */
long shape_warps_per_cta(const shape_launch_t *l);
/* CTAs of all launches with this geometry. */
double shape_ctas(const shape_launch_t *l);
/* Mean loads in flight per warp (mlp_loads / mlp_groups), or 0 when unknown. */
double shape_mlp_mean(const profile_shape_t *s);
/* Mean active lanes per warp instruction in [0, 32], or 0 when unknown. */
double shape_simd_lanes(const profile_shape_t *s);

void profile_shape_free(profile_shape_t *s);

#endif
