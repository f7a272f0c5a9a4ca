/*
 * energy.c -- dynamic and static energy.
 *
 * Equations (per warp instruction, pJ):
 *   core  = inst x e_inst_pj
 *   RF    = rf_reads x e_rf_read_pj + rf_writes x e_rf_write_pj
 *   L1    = l1_reads x e_l1_read_pj + l1_writes x e_l1_write_pj       [FUSE Table I: 32 KB SRAM
 *                                                                       0.15 / 0.12 nJ]
 *   NoC   = noc_bytes x e_noc_pj_per_byte        (bytes x traversals)
 *   LLC   = llc_bytes x e_llc_pj_per_byte                              [Morpheus §5: ~10 pJ/B]
 *   DRAM  = dram_bytes x e_dram_pj_per_byte
 *   + the mechanisms' extra pJ per instruction by component (memsys_t.e_pj_per_inst).
 * Static power (W):
 *   SM logic = p_sm_static_w x (n_sm - n_gated + n_gated x gated_leak_frac)
 *   RF, L1   = p_sram_leak_mw_per_kib / 1000 x KiB x (same powered-SM count)   [FUSE Table I:
 *              L1-SRAM 32 KB leaks 58 mW -> 1.81 mW/KiB]
 *   LLC      = p_llc_static_w x llc_scale (a larger LLC leaks in proportion; Morpheus §6 keeps
 *              IBL-4x-LLC's power unchanged, an idealisation we do not copy)
 *   NoC, DRAM = p_noc_static_w, p_dram_static_w
 * Energy = insts x sum(pJ) x 1e-12 + sum(P) x time.
 * With a technology table (issue 22; models/tech_gpu.h says what each structure is in it), a
 * component the table holds takes its figures from it instead of the preset's constants:
 *   e_rf_read/write_pj  = the rf_kib RAM's read/write energy (one 1024-bit = 128 B operand)
 *   e_l1_read/write_pj  = the L1 cache's (l1_shmem_kib, l1_assoc ways; one 128 B line)
 *   e_llc_pj_per_byte   = the LLC slice cache's read energy / 128 B
 *   e_noc_pj_per_byte   = the n_sm x llc_slices crossbar's energy per flit / noc_flit_bytes
 *   RF, L1 leakage      = the table's (per SM) x the powered-SM count
 *   LLC leakage         = llc_slices x the slice's, the slice sized llc_kib x llc_scale / slices
 *   NoC leakage         = the crossbar's.
 * Assumptions: energies are per event and independent of load; an SM in Morpheus cache mode
 * leaks like a computing SM (it is powered); power-gated SMs keep gated_leak_frac.
 */
#include "energy.h"
#include "tech_gpu.h"

#include <assert.h>
#include <string.h>

void energy_dynamic_pj(const gpu_t *g, const energy_counts_t *c, const double *extra, double pj[EC_N])
{
	double rf_r = g->e_rf_read_pj, rf_w = g->e_rf_write_pj, l1_r = g->e_l1_read_pj,
	       l1_w = g->e_l1_write_pj, noc_b = g->e_noc_pj_per_byte, llc_b = g->e_llc_pj_per_byte;
	if (g->tech) {           /* tech_gpu.h: the table's figures where it holds the structure */
		tech_figures_t f;
		if (tech_gpu_ram(g, g->rf_kib * 1024.0, &f, NULL, 0) == 0)
			rf_r = 1e3 * f.read_nj, rf_w = 1e3 * f.write_nj;
		if (tech_gpu_cache(g, g->l1_shmem_kib * 1024.0, g->l1_assoc, &f, NULL, 0) == 0)
			l1_r = 1e3 * f.read_nj, l1_w = 1e3 * f.write_nj;
		if (tech_gpu_xbar(g, g->n_sm, g->llc_slices, g->noc_flit_bytes, &f, NULL, 0) == 0)
			noc_b = 1e3 * f.read_nj / g->noc_flit_bytes;
		if (g->llc_slices > 0 &&
		    tech_gpu_cache(g, g->llc_kib * 1024.0 / g->llc_slices, g->llc_assoc, &f, NULL, 0) == 0)
			llc_b = 1e3 * f.read_nj / g->line_bytes;
	}
	pj[EC_CORE] = c->inst * g->e_inst_pj;
	pj[EC_RF] = c->rf_reads * rf_r + c->rf_writes * rf_w;
	pj[EC_L1] = c->l1_reads * l1_r + c->l1_writes * l1_w;   /* [FUSE Table I] or the table */
	pj[EC_NOC] = c->noc_bytes * noc_b;
	pj[EC_LLC] = c->llc_bytes * llc_b;                      /* [Morpheus §5] or the table */
	pj[EC_EXT] = 0.0;
	pj[EC_DRAM] = c->dram_bytes * g->e_dram_pj_per_byte;
	if (extra)
		for (int i = 0; i < EC_N; i++)
			pj[i] += extra[i];
}

void energy_static_baseline(const gpu_t *g, int n_gated, double llc_scale, double w[EC_N])
{
	assert(n_gated >= 0 && n_gated <= g->n_sm);
	double powered = (g->n_sm - n_gated) + n_gated * g->gated_leak_frac;
	double leak_w_per_kib = g->p_sram_leak_mw_per_kib * 1e-3; /* [FUSE Table I: 58 mW / 32 KB] */
	memset(w, 0, EC_N * sizeof w[0]);
	w[EC_CORE] = g->p_sm_static_w * powered;
	w[EC_RF] = leak_w_per_kib * g->rf_kib * powered;
	w[EC_L1] = leak_w_per_kib * g->l1_shmem_kib * powered;
	w[EC_NOC] = g->p_noc_static_w;
	w[EC_LLC] = g->p_llc_static_w * llc_scale;
	w[EC_DRAM] = g->p_dram_static_w;
	if (g->tech) {           /* tech_gpu.h: the table's leakage where it holds the structure */
		tech_figures_t f;
		if (tech_gpu_ram(g, g->rf_kib * 1024.0, &f, NULL, 0) == 0)
			w[EC_RF] = 1e-3 * f.leak_mw * powered;
		if (tech_gpu_cache(g, g->l1_shmem_kib * 1024.0, g->l1_assoc, &f, NULL, 0) == 0)
			w[EC_L1] = 1e-3 * f.leak_mw * powered;
		if (tech_gpu_xbar(g, g->n_sm, g->llc_slices, g->noc_flit_bytes, &f, NULL, 0) == 0)
			w[EC_NOC] = 1e-3 * f.leak_mw;
		if (g->llc_slices > 0 && tech_gpu_cache(g, g->llc_kib * 1024.0 * llc_scale / g->llc_slices,
		                                        g->llc_assoc, &f, NULL, 0) == 0)
			w[EC_LLC] = 1e-3 * f.leak_mw * g->llc_slices;
	}
}

double energy_total(const double pj[EC_N], const double static_w[EC_N], double insts,
                    double time_s, double e_j[EC_N])
{
	double sum = 0.0;
	for (int i = 0; i < EC_N; i++) {
		e_j[i] = insts * pj[i] * 1e-12 + static_w[i] * time_s;
		sum += e_j[i];
	}
	return sum;
}
