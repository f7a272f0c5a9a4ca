/*
 * tech_gpu.c -- the GPU's baseline structures in its technology table (what each one is:
 * tech_gpu.h).
 */
#include "tech_gpu.h"
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

int tech_gpu_ram(const gpu_t *g, double bytes, tech_figures_t *f, char *why, size_t whylen)
{
	char e[320];
	if (no_table(g, why, whylen))
		return -1;
	if (tech_array_eval(g->tech, TECH_SRAM, TECH_RAM, g->tech_node_nm, bytes, 1, TABLE_LINE_BITS, 1,
	                    f, e, sizeof e)) {
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
	if (tech_cache_eval(g->tech, TECH_SRAM, g->tech_node_nm, bytes, assoc, TABLE_LINE_BITS, 1, f,
	                    e, sizeof e)) {
		if (why)
			snprintf(why, whylen, "%s", e);
		return -1;
	}
	return 0;
}

int tech_gpu_xbar(const gpu_t *g, int n_in, int n_out, double flit_bytes, tech_figures_t *f,
                  char *why, size_t whylen)
{
	char e[320];
	if (no_table(g, why, whylen))
		return -1;
	if (tech_xbar_eval(g->tech, g->tech_node_nm, n_in, n_out, (int)(8 * flit_bytes), f, e, sizeof e)) {
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
	switch (c) {
	case EC_RF:
		rc = tech_gpu_ram(g, g->rf_kib * 1024.0, &f, why, sizeof why);
		snprintf(w, sizeof w, "SRAM RAM of %g KiB per SM, 1024-bit port", g->rf_kib);
		break;
	case EC_L1:
		rc = tech_gpu_cache(g, g->l1_shmem_kib * 1024.0, g->l1_assoc, &f, why, sizeof why);
		snprintf(w, sizeof w, "SRAM cache of %g KiB per SM, %d ways (data + tag)", g->l1_shmem_kib,
		         g->l1_assoc);
		break;
	case EC_NOC:
		rc = tech_gpu_xbar(g, g->n_sm, g->llc_slices, g->noc_flit_bytes, &f, why, sizeof why);
		snprintf(w, sizeof w, "%dx%d crossbar of %d-bit ports", g->n_sm, g->llc_slices,
		         8 * g->noc_flit_bytes);
		break;
	case EC_LLC:
		if (g->llc_slices > 0)
			rc = tech_gpu_cache(g, g->llc_kib * 1024.0 * llc_scale / g->llc_slices, g->llc_assoc, &f,
			                    why, sizeof why);
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
	if (rc == 0)
		snprintf(buf, len, "table at %g nm: %s (area, access energy, leakage)", g->tech_node_nm, what);
	else
		snprintf(buf, len, "constants: %s", why);
}
