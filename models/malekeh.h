/*
 * malekeh.h -- Malekeh: the operand collectors as a register-file cache, and the STHLD issue
 * policy (paper 002, Abaie Shoushtary et al., MICRO 2023, §II-§VI).  models/malekeh.c has the
 * equations; models/sthld_fsm.h the dynamic STHLD state machine.
 *
 * One sub-core: W warps, C caching collector units (CCUs) of E cache-table entries, B
 * single-ported RF banks.  The model gives, for one design point on one workload:
 *   hit     share of source-operand reads served by the CCU cache (§VI-B2, Fig. 13)
 *   theta   probability a warp loses its CCU during one of its inter-instruction gaps
 *   wait    share of issue cycles stalled by the STHLD wait (§IV-B2 rule 7)
 *   s       cycles an instruction occupies its CCU (operand collection, bank conflicts)
 *   ipc     sub-core instructions per cycle (the model's own closed-form throughput)
 * Storage (§VI-D): subcores x C x (E - 6) x 128 B per SM.
 *
 * Names: the code says malekeh (files, the malekeh_ prefix, the mechanism row mech_malekeh,
 * knob family "malekeh").  The knobs rfc_on, rfc_sthld, rfc_rthld, rfc_entries, rfc_ccus and
 * rfc_priority and the results column rfc_hit are stored database columns and keep their
 * names: they are the register-file-cache (RFC) knobs and output of this mechanism, and
 * design_t / memsys_t / metrics_t mirror them.  `gpudse model rfcache` (alias `model malekeh`)
 * evaluates the model directly.
 */
#ifndef GPUDSE_MALEKEH_H
#define GPUDSE_MALEKEH_H

#include "gpu.h"
#include "profile.h"

#define MALEKEH_DMAX 128          /* largest register reuse distance tabulated (instructions) */
#define MALEKEH_MAX_SRC 6         /* source operand slots per instruction (§II) */
#define MALEKEH_OCU_SLOTS 6       /* entries a baseline OCU already has (§III-C) */
#define MALEKEH_REG_BYTES 128.0   /* one warp register: 32 threads x 4 B (§II) */
#define MALEKEH_P_DEP 0.5         /* assumed share of instructions whose successor waits for them */
#define MALEKEH_STHLD_MAX 32      /* largest STHLD the tables and the dynamic policy use */

/* The workload as the RF-cache model sees it (one sub-core). */
typedef struct malekeh_work {
	double pmf[MALEKEH_DMAX + 1]; /* pmf[d], d = 1..MALEKEH_DMAX: share of reuse reads at distance d */
	double tail;              /* share of reuse reads at distance > MALEKEH_DMAX; pmf + tail sum to 1 */
	double cold;              /* share of source reads that are first touches (no earlier access) */
	double src_per_inst;      /* register source operands per instruction */
	double dst_per_inst;      /* register destination operands per instruction */
	double tensor_frac;       /* share of tensor-core instructions (6 sources each, §II) */
	int warps;                /* resident warps per sub-core */
	int banks;                /* single-ported RF banks per sub-core */
	double p_mem;             /* share of memory instructions */
	double lat_mem;           /* mean memory latency, cycles (exponential) */
	double lat_alu;           /* ALU latency, cycles */
	double p_dep;             /* probability the next instruction depends on this one */
} malekeh_work_t;

/* The Malekeh knobs of one design point. */
typedef struct malekeh_knobs {
	int ccus;                 /* CCUs per sub-core */
	int entries;              /* cache-table entries per CCU */
	int rthld;                /* near/far threshold: next use < rthld instructions is near */
	int sthld;                /* static STHLD >= 0 */
	int prio;                 /* enum rfc_prio (design.h): GTO = the Fig. 17 traditional system */
} malekeh_knobs_t;

/* Every intermediate term of one evaluation (`gpudse model rfcache` prints them all). */
typedef struct malekeh_res {
	double hit;               /* RF-cache hit ratio of source reads */
	double hit_near;          /* hit ratio of reads whose reuse is near (d < RTHLD) */
	double hit_far;           /* hit ratio of reads whose reuse is far */
	double frac_near;         /* share of source reads with a near reuse */
	double theta_near;        /* P(a warp whose CCU holds near values loses it in one gap) */
	double theta_far;         /* same for a CCU holding only far values */
	double theta;             /* mean over CCU states */
	double nu;                /* P(a CCU holds a near value when its owner leaves it) */
	double pi;                /* P(a homeless warp heads the scheduler in a cycle of exposure) */
	double rho_h;             /* P(a given homeless warp is ready, waiting for a CCU) */
	double n_near;            /* mean near-marked values a warp keeps live */
	double steals;            /* CCU re-allocations to another warp per cycle */
	double wait;              /* issue cycles stalled by the STHLD wait, per cycle */
	double wait_per_inst;     /* the same per instruction */
	double s;                 /* cycles an instruction occupies its CCU */
	double s_base;            /* the same for the baseline OCUs (no cache) */
	double gap;               /* mean cycles from dispatch to the warp's next ready instruction */
	double ipc;               /* sub-core instructions per cycle (closed form) */
	double ipc_base;          /* the same for the baseline */
	double bank_reads;        /* RF bank reads per instruction (= src (1 - hit)) */
	double ccu_writes;        /* destination values written into a CCU per instruction */
	int iterations;           /* fixed-point iterations */
} malekeh_res_t;

/* Fill the reuse part of w from a register reuse-distance histogram (bins spread uniformly
 * over their distances; distances >= 1).  0, or -1 if the histogram is empty. */
int malekeh_work_set_hist(malekeh_work_t *w, const reuse_hist_t *h);

/* Evaluate the model (malekeh.c header).  Pure; no allocation. */
void malekeh_eval(const malekeh_work_t *w, const malekeh_knobs_t *k, malekeh_res_t *out);

/* Legal knob values: 0, or -1 with *why naming the rule (static string). */
int malekeh_knobs_check(const malekeh_knobs_t *k, int ocu_per_subcore, const char **why);

/* Extra storage per SM in bytes (§VI-D: 4 x 2 x 2 x 128 B = 2 KB). */
double malekeh_storage_bytes(int subcores, const malekeh_knobs_t *k);

/* The timing part of w (warps, banks, p_mem, latencies, p_dep) from the GPU and a memory
 * system already built (malekeh_apply uses it; malekeh.c header: the GPU-model seam). */
void malekeh_work_timing(const gpu_t *g, const memsys_t *m, malekeh_work_t *w);

/* The reuse part of w set to the default (Rodinia average of §VI-B2) when a profile has none. */
void malekeh_work_default_rd(malekeh_work_t *w);

/* The dynamic STHLD policy over phases (sthld_fsm.h) on the model's own curves. */
#include "sthld_fsm.h"
typedef struct malekeh_dyn {
	sthld_run_t run;          /* converged STHLD, time-averaged IPC and hit ratio */
	double wait_per_inst;     /* instruction-weighted over the (phase, STHLD) visited */
	double s;                 /* CCU occupancy, likewise */
	double s_base;            /* baseline OCU occupancy, instruction-weighted over phases */
	double ccu_writes;        /* result writes into CCUs per instruction */
	double ipc_base;          /* baseline sub-core IPC over the phases (harmonic, by instructions) */
} malekeh_dyn_t;
/* phases[i]: complete workloads (reuse + timing); insts[i]: instructions of the unit the
 * counter belongs to (one sub-core).  0, or -1 if n_phases is not 1..16. */
int malekeh_dynamic(const malekeh_work_t *phases, const double *insts, int n_phases,
                const malekeh_knobs_t *k, malekeh_dyn_t *out);

/* Everything malekeh_apply computes for one design on one workload, before it edits memsys
 * (`gpudse model rfcache --profile` prints it).  m: the memory system built so far. */
typedef struct malekeh_report {
	malekeh_knobs_t k;            /* the design's knobs (sthld 0 when dynamic) */
	int dynamic;              /* the dynamic STHLD policy ran */
	int default_rd;           /* the profile had no reg_rd: the §VI-B2 default was used */
	int n_phases;             /* profile phases (0: the whole program as one) */
	malekeh_work_t work;          /* the whole program's sub-core workload */
	malekeh_res_t res;            /* malekeh_eval of the whole program at k.sthld */
	malekeh_dyn_t dyn;            /* the dynamic run (when dynamic) */
	double hit, wait_per_inst, s, s_base, ccu_writes, ipc, ipc_base; /* the terms in force */
} malekeh_report_t;
int malekeh_design_eval(const gpu_t *g, const design_t *d, const wctx_t *w, const memsys_t *m,
                    malekeh_report_t *out);

/* The GPU-model seam (models/mech.h; malekeh.c header).  The per-workload context: the reuse
 * pmf of the whole program and of each phase; NULL on allocation failure. */
typedef struct malekeh_ctx malekeh_ctx_t;
malekeh_ctx_t *malekeh_ctx_alloc(const profile_t *p);
void malekeh_ctx_free(malekeh_ctx_t *c);
int malekeh_check(const gpu_t *g, const design_t *d, const char **why);
unsigned malekeh_apply(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m);
extern const mech_t mech_malekeh;

#endif
