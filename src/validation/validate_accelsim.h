/*
 * validate_accelsim.h -- gpudse against the Accel-Sim reference set (calibration/accelsim/,
 * `gpudse validate --accelsim`, docs/validation.md "Against Accel-Sim") and the observations
 * `gpudse calibrate --accelsim` fits to.
 *
 * One row per simulation log (calibration/accelsim/runs/PRESET/CONFIG/KERNEL.log.xz):
 *  - the preset is imported from the log's own options echo (gpgpusim_config.h), so every
 *    configuration of the grid is exactly what Accel-Sim ran, with the L1 the kernels ran
 *    with when the log says the adaptive carve-out reconfigured it (a kernel with shared
 *    memory: "Reconfigure L1 cache to 64KB");
 *  - the profile is the kernel's generator stream (`gpudse trace K --size S --gpu P
 *    --profile`, S from the log's provenance header) on the preset of the log's "base"
 *    configuration: one profile per kernel and GPU, as a user profiles once and asks the
 *    model about other SM counts and cache sizes.  DIR/../profiles/PRESET/KERNEL.json, made
 *    with the traces (run_grid.sh), is used when present, so a later change of a generator
 *    does not separate the profile from the trace Accel-Sim ran; each row checks that
 *    Accel-Sim's warp instructions are the profile's plus one EXIT per warp, and a run where
 *    they are not (a simulation that stopped early: GPGPU-Sim's deadlock on pagerank after 4
 *    of its 8 kernels) joins no figure, named in the report (its cycles are another
 *    workload's: IPC over the profile's instructions would be wrong by the missing share);
 *  - reference figures: IPC = the profile's warp instructions / Accel-Sim's cycles (both
 *    without the trace's EXIT per warp; the cycles without the -gpgpu_kernel_launch_latency
 *    Accel-Sim adds before every kernel, which gpudse does not model), L1 and L2 hit rates = 1 - misses / accesses of
 *    Accel-Sim's sector accesses, DRAM bandwidth = 32 B x (reads + writes) / run time;
 *  - gpudse figures: gpu_eval on the baseline design (models/gpu.h): ipc, l1_hit, llc_hit,
 *    and dram_bpki x ipc x core clock.
 */
#ifndef GPUDSE_VALIDATE_ACCELSIM_H
#define GPUDSE_VALIDATE_ACCELSIM_H

#include <stdio.h>

#include "gpu.h"
#include "profile.h"
#include "validation/accelsim_log.h"

typedef struct asrow {
	char preset[64], config[64], kernel[64];
	char log[1024];
	long size;
	gpu_t gpu;                 /* imported from the log */
	char gpu_path[1100];       /* that preset written as JSON (calibrate), "" when not written */
	double insts;              /* the profile's warp instructions */
	/* reference (Accel-Sim) and model (gpudse) */
	double ref_ipc, ref_l1, ref_l2, ref_dram;
	double ref_cycles;         /* Accel-Sim's cycles less the kernels' launch latency */
	double launch_cycles;      /* kernels x -gpgpu_kernel_launch_latency */
	int kernels;
	double ref_warp_insts;     /* Accel-Sim's gpgpu_n_tot_w_icount */
	double warps;              /* warps of the profile's launches (one EXIT each in the trace) */
	int insts_match;           /* ref_warp_insts == insts + warps */
	int fills;                 /* the largest launch has at least one CTA per SM */
	double mod_ipc, mod_l1, mod_l2, mod_dram, mod_cycles;
	double ref_l1_pend, mod_l1_pend; /* L1 pending hits (HIT_RESERVED) / accesses; both are in
	                                    the hit rates above (accelsim_log.h, models/pending.h) */
	char provenance[600];      /* commits and date of the run */
	int prof;                  /* index of the profile in asset_t.prof */
	int held;                  /* the kernel is in the held-out half (DIR/../heldout.txt) */
} asrow_t;

typedef struct asset {
	char dir[1024];            /* the runs directory */
	asrow_t *row;
	int n;
	profile_t *prof;           /* one per (preset, kernel) */
	char (*prof_key)[140];
	int n_prof;
	int n_excl;                /* runs Accel-Sim did not run to the trace's end (warp
	                              instructions other than the trace's): kept after the n
	                              rows, row[n .. n + n_excl), in no figure */
	int n_held;                /* runs of held-out kernels */
	int has_split;             /* DIR/../heldout.txt was read */
} asset_t;

/* Read every log under `dir` (DIR/PRESET/CONFIG/KERNEL.log[.xz]), build the profiles and
 * evaluate the model, and mark the runs of the held-out kernels listed in DIR/../heldout.txt
 * (one kernel name a line, '#' comments; absent: no split, every run is development).  A
 * listed kernel without runs is an error.  0, or EXIT_USER after one line naming the file. */
int asset_load(asset_t *s, const char *dir);
void asset_free(asset_t *s);

/* Which runs a report covers: both halves (each summarised separately), the development
 * half only, or the held-out half only. */
typedef enum { AS_SPLIT_ALL, AS_SPLIT_DEV, AS_SPLIT_HELD } as_split_t;
/* "all", "dev" or "heldout"; -1 for anything else. */
int as_split_parse(const char *s);

/* The report: one row per run, then mean and worst errors (for the development and the
 * held-out half separately), SM-count saturation points and 4x-L2 speedups per kernel.
 * fmt: "table", "markdown" or "csv" (rows only).  0 or EXIT_USER. */
int validate_accelsim(const char *dir, const char *fmt, as_split_t split);
/* The "Against Accel-Sim" section of docs/validation.md (gpudse validate --format markdown):
 * an introduction and the markdown report; nothing when `dir` does not exist.  0 or an exit
 * status. */
int validate_accelsim_section(const char *dir);

#endif
