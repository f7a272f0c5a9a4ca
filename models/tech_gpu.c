/*
 * tech_gpu.c -- the GPU's baseline structures in its technology table (what each one is:
 * tech_gpu.h).
 */
#include "tech_gpu.h"
#include <math.h>
#include <stdio.h>

enum { TABLE_LINE_BITS = 1024 };   /* the shipped tables' port: one 128 B line (calibration/tech) */

static int no_table(const gpu_t *g, char *why, size_t whylen)
{
	if (!g->tech) {
		if (why)
			snprintf(why, whylen, "no technology table in the preset");
		return 1;
	}
	return 0;
}

/* The supply of the tool runs a scaled figure starts from (tech.h [S1] scales at a fixed
 * supply): CACTI 22nm.dat HP and NVSim's 22 nm HP devices and DSENT Bulk22LVT run at 0.8 V,
 * DSENT TG11LVT at 0.6 V (the tools' technology files).  0: no stated supply. */
static double source_vdd(double node_nm, int xbar)
{
	if (fabs(node_nm - 22) < 1e-9)
		return 0.8;
	if (xbar && fabs(node_nm - 11) < 1e-9)
		return 0.6;
	return 0;
}

int tech_gpu_table_assoc(const gpu_t *g, int assoc)
{
	int top = 0;
	for (size_t i = 0; g->tech && i < g->tech->n; i++) {
		const tech_point_t *p = &g->tech->pt[i];
		if (p->kind == TECH_DATA && p->cell == TECH_SRAM && p->width_bits == TABLE_LINE_BITS) {
			if (p->assoc == assoc)
				return assoc;
			if (p->assoc > top)
				top = p->assoc;
		}
	}
	/* tech_gpu.h: only where the tools organise no cache at all (TECH_GPU_UNORGANISED_WAYS) */
	return top > 0 && (assoc >= TECH_GPU_UNORGANISED_WAYS || assoc == 0) ? top : assoc;
}

/* tech.h [S1] applied to figures read at src_nm, for g->tech_node_nm. */
static int scale_figures(const gpu_t *g, double src_nm, int xbar, tech_figures_t *f, char *e, size_t elen)
{
	double v = source_vdd(src_nm, xbar);
	tech_node_factors_t k;
	if (!(v > 0)) {
		snprintf(e, elen, "no stated supply for the table's %g nm runs: node scaling starts from "
		         "22 nm (arrays, crossbars) or 11 nm (crossbars)", src_nm);
		return -1;
	}
	if (tech_node_scale(src_nm, g->tech_node_nm, v, &k, e, elen))
		return -1;
	f->area_mm2 *= k.area; f->cell_mm2 *= k.area; f->periph_mm2 *= k.area;   /* tech.h [S1] */
	f->read_nj *= k.energy; f->write_nj *= k.energy;
	f->leak_mw *= k.leak;
	return 0;                                   /* latency and fmax: not scaled (tech.h [S1]) */
}

/* An array at g->tech_node_nm: the table's own figures ([L1]-[L2n]) or, when the node lies
 * outside the nodes the series holds and the preset asks for it, the nearest node's scaled by
 * [S1].  *src: the node the figures were read at (== tech_node_nm unless scaled). */
static int array_at(const gpu_t *g, tech_kind_t kind, double bytes, int assoc, tech_figures_t *f,
                    double *src, char *e, size_t elen)
{
	*src = g->tech_node_nm;
	if (kind != TECH_RAM)
		assoc = tech_gpu_table_assoc(g, assoc);
	int rc = kind == TECH_RAM
		? tech_array_eval(g->tech, TECH_SRAM, TECH_RAM, g->tech_node_nm, bytes, 1, TABLE_LINE_BITS, 1, f, e, elen)
		: tech_cache_eval(g->tech, TECH_SRAM, g->tech_node_nm, bytes, assoc, TABLE_LINE_BITS, 1, f, e, elen);
	double lo, hi;
	if (rc == 0 || !g->tech_node_scaling ||
	    tech_array_node_range(g->tech, TECH_SRAM, kind == TECH_RAM ? TECH_RAM : TECH_DATA,
	                          kind == TECH_RAM ? 1 : assoc, TABLE_LINE_BITS, 1, &lo, &hi) ||
	    (g->tech_node_nm >= lo && g->tech_node_nm <= hi))
		return rc;
	*src = g->tech_node_nm < lo ? lo : hi;
	rc = kind == TECH_RAM
		? tech_array_eval(g->tech, TECH_SRAM, TECH_RAM, *src, bytes, 1, TABLE_LINE_BITS, 1, f, e, elen)
		: tech_cache_eval(g->tech, TECH_SRAM, *src, bytes, assoc, TABLE_LINE_BITS, 1, f, e, elen);
	return rc ? rc : scale_figures(g, *src, 0, f, e, elen);
}

int tech_gpu_ram(const gpu_t *g, double bytes, tech_figures_t *f, char *why, size_t whylen)
{
	char e[320];
	double src;
	if (no_table(g, why, whylen))
		return -1;
	if (array_at(g, TECH_RAM, bytes, 1, f, &src, e, sizeof e)) {
		if (why)
			snprintf(why, whylen, "%s", e);
		return -1;
	}
	return 0;
}

int tech_gpu_cache(const gpu_t *g, double bytes, int assoc, tech_figures_t *f, char *why, size_t whylen)
{
	char e[320];
	if (no_table(g, why, whylen))
		return -1;
	if (8 * g->line_bytes != TABLE_LINE_BITS) {
		if (why)
			snprintf(why, whylen, "%d B lines: the table's caches have 128 B lines", g->line_bytes);
		return -1;
	}
	double src;
	if (array_at(g, TECH_DATA, bytes, assoc, f, &src, e, sizeof e)) {
		if (why)
			snprintf(why, whylen, "%s", e);
		return -1;
	}
	return 0;
}

/* A crossbar at g->tech_node_nm: the table's (a node it holds, [L2x]) or, when the preset asks
 * for it, the nearest crossbar node's scaled by [S1]. */
static int xbar_at(const gpu_t *g, int n_in, int n_out, double flit_bytes, tech_figures_t *f,
                   double *src, char *e, size_t elen)
{
	int bits = (int)(8 * flit_bytes);
	*src = g->tech_node_nm;
	int rc = tech_xbar_eval(g->tech, g->tech_node_nm, n_in, n_out, bits, f, e, elen);
	double near;
	if (rc == 0 || !g->tech_node_scaling || tech_xbar_nearest_node(g->tech, bits, g->tech_node_nm, &near) ||
	    fabs(near - g->tech_node_nm) < 1e-9)
		return rc;
	*src = near;
	rc = tech_xbar_eval(g->tech, near, n_in, n_out, bits, f, e, elen);
	return rc ? rc : scale_figures(g, near, 1, f, e, elen);
}

int tech_gpu_xbar(const gpu_t *g, int n_in, int n_out, double flit_bytes, tech_figures_t *f,
                  char *why, size_t whylen)
{
	char e[320];
	if (no_table(g, why, whylen))
		return -1;
	double src;
	if (xbar_at(g, n_in, n_out, flit_bytes, f, &src, e, sizeof e)) {
		if (why)
			snprintf(why, whylen, "%s", e);
		return -1;
	}
	return 0;
}

void tech_gpu_describe(const gpu_t *g, int c, double llc_scale, char *buf, size_t len)
{
	tech_figures_t f;
	char why[320];
	int rc = -1;
	const char *what = "";
	char w[160] = "";
	double src = g ? g->tech_node_nm : 0;
	if (no_table(g, why, sizeof why)) {
		snprintf(buf, len, "constants: %s", why);
		return;
	}
	switch (c) {
	case EC_RF:
		rc = array_at(g, TECH_RAM, g->rf_kib * 1024.0, 1, &f, &src, why, sizeof why);
		snprintf(w, sizeof w, "SRAM RAM of %g KiB per SM, 1024-bit port", g->rf_kib);
		break;
	case EC_L1:
		rc = array_at(g, TECH_DATA, g->l1_shmem_kib * 1024.0, g->l1_assoc, &f, &src, why, sizeof why);
		if (tech_gpu_table_assoc(g, g->l1_assoc) != g->l1_assoc)
			snprintf(w, sizeof w, "SRAM cache of %g KiB per SM, %d ways looked up as %d ways (the "
			         "tools organise no cache of more ways behind a 1024-bit port; tag energy a lower "
			         "bound)", g->l1_shmem_kib, g->l1_assoc, tech_gpu_table_assoc(g, g->l1_assoc));
		else
			snprintf(w, sizeof w, "SRAM cache of %g KiB per SM, %d ways (data + tag)", g->l1_shmem_kib,
			         g->l1_assoc);
		break;
	case EC_NOC:
		rc = xbar_at(g, g->n_sm, g->llc_slices, g->noc_flit_bytes, &f, &src, why, sizeof why);
		snprintf(w, sizeof w, "%dx%d crossbar of %d-bit ports", g->n_sm, g->llc_slices,
		         8 * g->noc_flit_bytes);
		break;
	case EC_LLC:
		if (g->llc_slices > 0)
			rc = array_at(g, TECH_DATA, g->llc_kib * 1024.0 * llc_scale / g->llc_slices, g->llc_assoc,
			              &f, &src, why, sizeof why);
		else
			snprintf(why, sizeof why, "no LLC slices");
		snprintf(w, sizeof w, "%d SRAM cache slices of %g KiB, %d ways (data + tag)", g->llc_slices,
		         g->llc_slices > 0 ? g->llc_kib * llc_scale / g->llc_slices : 0.0, g->llc_assoc);
		break;
	default:
		snprintf(buf, len, "constants (the table holds no %s structure)", ecomp_name[c]);
		return;
	}
	what = w;
	if (rc == 0 && fabs(src - g->tech_node_nm) > 1e-9)
		snprintf(buf, len, "table at %g nm scaled to %g nm (Stillmaker and Baas 2017, tech.h S1; "
		         "latency not scaled): %s (area, access energy, leakage)", src, g->tech_node_nm, what);
	else if (rc == 0)
		snprintf(buf, len, "table at %g nm: %s (area, access energy, leakage)", g->tech_node_nm, what);
	else
		snprintf(buf, len, "constants: %s", why);
}
