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
 * With a technology table (issue 22; models/tech_gpu.h): A_sram = the table's SRAM RAM of that
 *   size, A_xbar = the table's crossbar, and the baseline's RF = n_sm RAMs of rf_kib, L1 = n_sm
 *   caches of l1_shmem_kib (l1_assoc ways, data + tag), LLC = llc_slices caches of
 *   llc_kib x llc_scale / llc_slices (llc_assoc ways), NoC = the table's n_sm x llc_slices
 *   crossbar; each one the table does not hold keeps the formula above.
 * Assumptions: the LLC area scales with capacity (Morpheus' IBL-4x-LLC adds banks); DRAM is
 * off chip (0).
 */
#include "area.h"
#include "tech_gpu.h"

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
	tech_figures_t f;
	if (g->tech && bytes > 0 && tech_gpu_ram(g, bytes, &f, NULL, 0) == 0)
		return f.area_mm2;                                  /* tech_gpu.h: a RAM of that size */
	return area_array_mm2(g, bytes, g->sram_cell_f2);
}

double area_xbar_mm2(const gpu_t *g, int n_in, int n_out, double flit_bytes)
{
	assert(n_in >= 0 && n_out >= 0 && flit_bytes > 0.0);
	tech_figures_t f;
	if (g->tech && n_in > 0 && n_out > 0 && tech_gpu_xbar(g, n_in, n_out, flit_bytes, &f, NULL, 0) == 0)
		return f.area_mm2;                                  /* tech_gpu.h: DSENT's crossbar */
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
	a[EC_L1] = g->n_sm * area_array_mm2(g, g->l1_shmem_kib * 1024.0, g->sram_cell_f2);
	a[EC_NOC] = area_xbar_mm2(g, g->n_sm, g->llc_slices, g->noc_flit_bytes);
	a[EC_LLC] = area_array_mm2(g, g->llc_kib * 1024.0 * llc_scale, g->sram_cell_f2);
	tech_figures_t f;   /* tech_gpu.h: the L1 and the LLC slices as caches, where the table has them */
	if (g->tech && tech_gpu_cache(g, g->l1_shmem_kib * 1024.0, g->l1_assoc, &f, NULL, 0) == 0)
		a[EC_L1] = g->n_sm * f.area_mm2;
	if (g->tech && g->llc_slices > 0 &&
	    tech_gpu_cache(g, g->llc_kib * 1024.0 * llc_scale / g->llc_slices, g->llc_assoc, &f, NULL, 0) == 0)
		a[EC_LLC] = g->llc_slices * f.area_mm2;
}
