/*
 * area.c -- area of arrays and crossbars.
 *
 * Equations:
 *   A_array = 8 x bytes x cell_F2 x (F nm x 1e-6 mm/nm)^2 x array_overhead      [FUSE §II-B:
 *             SRAM 140 F^2, STT-MRAM 36 F^2; array_overhead covers decoders, sense amplifiers
 *             and tags, a preset field]
 *   A_xbar  = noc_area_mm2 x (in x out x w^2) / (X x L x w0^2)                   [matrix crossbar:
 *             in x out crosspoints, each w x w wires; DC-L1 §IV-B, §VI-B use DSENT, whose
 *             crossbar area grows the same way with ports and width]
 *             X = n_sm, L = llc_slices, w0 = noc_flit_bytes: the preset's reference crossbar.
 *   Baseline: core = n_sm x sm_logic_mm2; RF = n_sm x A_sram(rf_kib); L1 = n_sm x A_sram(l1_shmem_kib);
 *             NoC = A_xbar(X, L, w0) = noc_area_mm2; LLC = A_sram(llc_kib x llc_scale).
 * Assumptions: the LLC area scales with capacity (Morpheus' IBL-4x-LLC adds banks); DRAM is
 * off chip (0).
 */
#include "area.h"

#include <assert.h>
#include <string.h>

double area_array_mm2(const gpu_t *g, double bytes, double cell_f2)
{
	assert(bytes >= 0.0 && cell_f2 > 0.0);
	double f_mm = g->tech_nm * 1e-6;
	return 8.0 * bytes * cell_f2 * f_mm * f_mm * g->array_overhead; /* [FUSE §II-B cell areas] */
}

double area_sram_mm2(const gpu_t *g, double bytes)
{
	return area_array_mm2(g, bytes, g->sram_cell_f2);
}

double area_xbar_mm2(const gpu_t *g, int n_in, int n_out, double flit_bytes)
{
	assert(n_in >= 0 && n_out >= 0 && flit_bytes > 0.0);
	double ref = (double)g->n_sm * g->llc_slices * g->noc_flit_bytes * g->noc_flit_bytes;
	if (ref <= 0.0)
		return 0.0;
	return g->noc_area_mm2 * ((double)n_in * n_out * flit_bytes * flit_bytes) / ref; /* ports x width^2 */
}

void area_baseline(const gpu_t *g, double llc_scale, double a[EC_N])
{
	memset(a, 0, EC_N * sizeof a[0]);
	a[EC_CORE] = g->n_sm * g->sm_logic_mm2;
	a[EC_RF] = g->n_sm * area_sram_mm2(g, g->rf_kib * 1024.0);
	a[EC_L1] = g->n_sm * area_sram_mm2(g, g->l1_shmem_kib * 1024.0);
	a[EC_NOC] = area_xbar_mm2(g, g->n_sm, g->llc_slices, g->noc_flit_bytes);
	a[EC_LLC] = area_sram_mm2(g, g->llc_kib * 1024.0 * llc_scale);
}
