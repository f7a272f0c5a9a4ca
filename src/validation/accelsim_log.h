/*
 * accelsim_log.h -- the numbers of one Accel-Sim (GPGPU-Sim) simulation log, plain or .xz:
 * the whole-run statistics it prints after the last kernel, the configuration it echoes at
 * the start (every "-option value" line: a GPU preset through gpgpusim_config.h), and the
 * provenance header calibration/accelsim/run_grid.sh puts on a trimmed log.
 *
 * Statistics read (the last occurrence in the log: GPGPU-Sim prints running totals after
 * each kernel):
 *   gpu_tot_sim_cycle                          cycles (core clock), the whole run
 *   gpgpu_n_tot_w_icount                       warp instructions (EXIT included)
 *   L1D_total_cache_accesses / _misses         L1 data cache, per 32 B sector access
 *   L2_total_cache_accesses / _misses          L2, per 32 B sector access
 *   L1D_ / L2_total_cache_pending_hits         of the accesses, HIT_RESERVED (an MSHR merge on
 *                                              a line in flight)
 * GPGPU-Sim's counts (gpu-cache.cc, cache_stats::get_sub_stats): accesses = HIT + HIT_RESERVED
 * + MISS + SECTOR_MISS; misses = MISS + SECTOR_MISS; pending_hits = HIT_RESERVED;
 * RESERVATION_FAIL (a retry) is in none of them.  So 1 - misses / accesses counts a pending
 * hit as a hit, which is what a reuse-distance profile does too.
 *   total dram reads / total dram writes       DRAM requests of 32 B (sector misses)
 *   kernel_name                                counted: kernels simulated
 * A log without "gpu_tot_sim_cycle" (a run that died) is an error naming the file.
 */
#ifndef GPUDSE_ACCELSIM_LOG_H
#define GPUDSE_ACCELSIM_LOG_H

#include "presets/gpgpusim_config.h"

typedef struct aslog {
	char path[1024];
	/* provenance header (empty when absent) */
	char preset[64], config[64], kernel[64];
	long size;                 /* --size of the gpudse trace command (0: absent) */
	char accelsim_commit[48], gpgpusim_commit[48], date[32];
	char command[1024];        /* the simulator command line as run */
	/* statistics */
	double cycles, warp_insts;
	double l1_acc, l1_miss, l2_acc, l2_miss;
	double l1_pend, l2_pend;   /* pending hits (HIT_RESERVED), counted in accesses, not misses */
	double dram_rd, dram_wr;   /* 32 B requests */
	int kernels;
	double l1_run_kib;         /* "Reconfigure L1 cache to NKB" (the adaptive carve-out the
	                            * kernels ran with), 0 when absent, -1 when kernels differed */
	gsconf_t conf;             /* the options echo */
} aslog_t;

/* 0, or EXIT_USER after one line naming the file (EXIT_INTERNAL: out of memory). */
int aslog_read(const char *path, aslog_t *out);
void aslog_free(aslog_t *l);

/* Derived figures. */
double aslog_l1_hit(const aslog_t *l);     /* 1 - misses / accesses (NAN without accesses) */
double aslog_l2_hit(const aslog_t *l);
double aslog_l1_pend(const aslog_t *l);    /* pending hits / accesses (NAN without accesses) */
double aslog_dram_gbs(const aslog_t *l, double core_mhz); /* (rd + wr) x 32 B over the run */

#endif
