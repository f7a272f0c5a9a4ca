/*
 * area.h -- silicon area from structure sizes and cell areas (issue 3).
 *
 *   SRAM/STT array:  A = bits x cell_F2 x F^2 x array_overhead
 *                    (cell areas: SRAM 140 F^2, STT-MRAM 36 F^2, FUSE §II-B)
 *   crossbar:        A = noc_area_mm2 x (in x out x flit^2) / (n_sm x llc_slices x noc_flit_bytes^2)
 *                    (a matrix crossbar's wiring grows with in x out and the square of the flit
 *                    width; scaled to the preset's reference crossbar, whose area is a preset field)
 * With a technology table (gpu_t.tech; issue 22) an SRAM array, crossbar or baseline component
 * the table holds takes the table's area instead, periphery in (models/tech_gpu.h says what each
 * structure is in the table; explain prints which one each component used); the formulas above
 * stay for what the table does not hold and for presets without one.
 * Units: mm^2; F = tech_nm.
 */
#ifndef GPUDSE_AREA_H
#define GPUDSE_AREA_H

#include "gpu.h"

/* Area of an array of `bytes` bytes of cells of `cell_f2` F^2 each, mm^2. */
double area_array_mm2(const gpu_t *g, double bytes, double cell_f2);
/* SRAM array (gpu_t.sram_cell_f2; with a table that holds it, an SRAM RAM of that size). */
double area_sram_mm2(const gpu_t *g, double bytes);
/* An in x out crossbar of flit_bytes-wide ports, mm^2, scaled from the reference crossbar (with
 * a table that holds it at the preset's node, the table's). */
double area_xbar_mm2(const gpu_t *g, int n_in, int n_out, double flit_bytes);
/* Baseline area by component: SM logic (EC_CORE), RF and L1/shared arrays of all n_sm SMs, the
 * n_sm x llc_slices crossbar, the LLC at llc_scale; EC_EXT and EC_DRAM are 0. */
void area_baseline(const gpu_t *g, double llc_scale, double a[EC_N] /* OUT */);

#endif
