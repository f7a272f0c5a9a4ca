/*
 * tech_gpu.h -- a GPU preset's baseline arrays and crossbar looked up in its technology table
 * (models/tech.h; issue 22).  models/area.c and models/energy.c use these where the preset names
 * a table (gpu_t.tech) and the table holds the structure; elsewhere they keep their per-bit and
 * per-access constants, and tech_gpu_describe says which one each component used (explain).
 *
 * What each structure is in the table (all SRAM, read at gpu_t.tech_node_nm):
 *   RF   (per SM)    a RAM of rf_kib, 1024-bit port, 1 port: one 128 B warp operand per access
 *                    (gpu.h e_rf_read_pj's event).  Assumption: the RF's banks and operand
 *                    collectors are not in the table, so this is one bank's periphery for the
 *                    whole RF (CACTI RAM rows).
 *   L1   (per SM)    a cache of l1_shmem_kib, l1_assoc ways, 128 B lines (data + tag arrays;
 *                    tech.h tech_cache_eval): the unified L1 + shared-memory storage.
 *   LLC  (per slice) a cache of llc_kib x llc_scale / llc_slices, llc_assoc ways, 128 B lines;
 *                    the LLC is llc_slices of them.
 *   NoC              one n_sm x llc_slices crossbar of 8 x noc_flit_bytes-bit ports (DSENT).
 *   Plain SRAM arrays of other models (Morpheus' controller tables, Malekeh's RF cache, DC-L1's
 *   and FUSE's L1 area edits: area_sram_mm2) are RAMs of their size.
 * Per-access energies: RF read/write = the RAM's read/write energy; L1 = the cache's; LLC per
 * byte = the slice cache's read energy / 128 B; NoC per byte = the crossbar's energy per flit /
 * flit bytes.  Leakage: the table's, times the same powered-SM count as the constants.
 * Valid range: tech.h's (the table's sizes, ways and nodes; crossbars only at its nodes); a line
 * size other than 128 B has no series.  Outside it the caller keeps its constant.
 */
#ifndef GPUDSE_TECH_GPU_H
#define GPUDSE_TECH_GPU_H
#include <stddef.h>
#include "gpu.h"
#include "tech.h"

/* A RAM of `bytes` (the RF, a plain SRAM table).  0 with *f, or -1 (no table, or outside it:
 * reason in why when why != NULL). */
int tech_gpu_ram(const gpu_t *g, double bytes, tech_figures_t *f, char *why, size_t whylen);
/* A cache of `bytes` data and `assoc` ways, g->line_bytes lines (data + tag). */
int tech_gpu_cache(const gpu_t *g, double bytes, int assoc, tech_figures_t *f, char *why, size_t whylen);
/* An n_in x n_out crossbar of flit_bytes-wide ports. */
int tech_gpu_xbar(const gpu_t *g, int n_in, int n_out, double flit_bytes, tech_figures_t *f,
                  char *why, size_t whylen);

/* The associativity a cache of `assoc` ways is looked up at: assoc itself, or, for
 * TECH_GPU_UNORGANISED_WAYS ways or more (or 0, fully associative) when the table has no such
 * series, the table's largest SRAM cache series.  Why: the
 * tools organise no cache of 128 or 256 ways (the Ampere/Turing presets' L1) behind a 1024-bit
 * port (CACTI 22 nm, 64 KiB 128-way: "no valid data array organizations"; sequential access:
 * "no valid tag organizations").  The data array is the same capacity either way; the tag
 * array reads fewer ways, so its energy is a lower bound (explain says so). */
#define TECH_GPU_UNORGANISED_WAYS 128
int tech_gpu_table_assoc(const gpu_t *g, int assoc);

/* One line for explain: where component c's baseline area, energy and leakage come from (the
 * table's structure, or "constants" and why). */
void tech_gpu_describe(const gpu_t *g, int c, double llc_scale, char *buf, size_t len);

#endif
