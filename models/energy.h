/*
 * energy.h -- energy of one design on one workload from access counts and static power.
 *
 *   E = sum_c [ insts x dyn_c  +  P_static_c x T ]                           (models/energy.c)
 *
 * dyn_c is the dynamic energy per warp instruction of component c (enum ecomp in gpu.h):
 * accesses per instruction x energy per access, plus the mechanisms' extra terms
 * (memsys_t.e_pj_per_inst).  P_static_c is memsys_t.p_static_w[c] (energy_static_baseline
 * fills the baseline; mechanisms edit it).  Constants are gpu_t fields (docs/gpu-presets.md).
 */
#ifndef GPUDSE_ENERGY_H
#define GPUDSE_ENERGY_H

#include "gpu.h"

/* Events per warp instruction that cost dynamic energy. */
typedef struct energy_counts {
	double inst;          /* warp instructions (1) */
	double rf_reads;      /* RF bank reads of 128 B warp operands */
	double rf_writes;
	double l1_reads;      /* L1 read accesses (hits and misses: one tag+data probe each) */
	double l1_writes;     /* L1 writes: stores and miss fills */
	double noc_bytes;     /* bytes x traversals on the SM <-> LLC crossbar */
	double llc_bytes;     /* bytes read or written at the LLC (requests + fills) */
	double dram_bytes;    /* bytes moved at DRAM */
} energy_counts_t;

/* Dynamic energy per warp instruction by component, pJ: counts x gpu_t energies
 * [FUSE Table I for L1; Morpheus §5 for LLC] + extra[c] (may be NULL). */
void energy_dynamic_pj(const gpu_t *g, const energy_counts_t *c, const double *extra,
                       double pj[EC_N] /* OUT */);

/* Baseline static power by component, W: SM logic (p_sm_static_w) and RF / L1 arrays
 * (p_sram_leak_mw_per_kib x KiB) of every SM, the n_gated power-gated ones leaking only
 * gated_leak_frac; LLC (p_llc_static_w x llc_scale), NoC, DRAM background. */
void energy_static_baseline(const gpu_t *g, int n_gated, double llc_scale, double w[EC_N] /* OUT */);

/* Total energy in J and its components: insts x pj[c] x 1e-12 + static_w[c] x time_s. */
double energy_total(const double pj[EC_N], const double static_w[EC_N], double insts,
                    double time_s, double e_j[EC_N] /* OUT */);

#endif
