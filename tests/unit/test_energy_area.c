/*
 * test_energy_area.c -- models/energy.c and models/area.c against closed forms and the
 * papers' numbers (FUSE Table I and §II-B, DC-L1 §V-B/§VI-B, Morpheus §5).
 */
#include <string.h>

#include "area.h"
#include "support/check.h"
#include "energy.h"
#include "gpu.h"
#include "presets/gpu_json.h"

static void test_area(void)
{
	gpu_t g;
	gpu_defaults(&g);
	g.tech_nm = 40.0;
	g.array_overhead = 2.0;
	/* 32 KB SRAM at 40 nm: 8 x 32768 x 140 x (40e-6 mm)^2 x 2 = 0.11744 mm^2 (closed form) */
	CHECK_REL(area_sram_mm2(&g, 32768.0), 8.0 * 32768 * 140 * 40e-6 * 40e-6 * 2, 1e-12,
	          "A = bits x 140 F^2 x F^2 x overhead (FUSE §II-B cell area)");
	CHECK_REL(area_sram_mm2(&g, 32768.0) / area_array_mm2(&g, 32768.0, g.stt_cell_f2), 140.0 / 36.0, 1e-12,
	          "STT-MRAM ~3.9x denser than SRAM (FUSE §II-B: 36 vs 140 F^2)");
	CHECK_REL(area_sram_mm2(&g, 65536.0), 2 * area_sram_mm2(&g, 32768.0), 1e-12, "array area linear in bytes");

	/* Crossbars on the DC-L1 baseline (80 x 32, 32 B flits). */
	gpu_t d;
	if (gpu_load("dcl1-80", &d) != 0) {
		CHECK(0, "preset dcl1-80 loads");
		return;
	}
	double base = area_xbar_mm2(&d, 80, 32, 32);
	CHECK_REL(base, d.noc_area_mm2, 1e-12, "the reference crossbar has the preset's noc_area_mm2");
	CHECK_REL(area_xbar_mm2(&d, 80, 32, 64), 4 * base, 1e-12, "area ~ flit width^2");
	CHECK_REL(area_xbar_mm2(&d, 80, 40, 32), 1.25 * base, 1e-12, "area ~ ports_in x ports_out");
	/* DC-L1 §V-B: Sh40 (80x40 NoC#1 + 40x32 NoC#2) has +69% NoC area (DSENT); the crosspoint
	 * model gives +75%: within 10% of the paper's total. */
	double sh40 = area_xbar_mm2(&d, 80, 40, 32) + area_xbar_mm2(&d, 40, 32, 32);
	CHECK_REL(sh40 / base, 1.69, 0.10, "DC-L1 §V-B: Sh40 NoC area +69%");
	/* DC-L1 §IV-B / §VI-B: Pr40 (-28%) and Sh40+C10 (-50%) shrink the NoC.  The crosspoint
	 * model has no per-router overhead, so it overstates the savings (-47%, -75%): only the
	 * direction is asserted here. */
	double pr40 = 40 * area_xbar_mm2(&d, 2, 1, 32) + area_xbar_mm2(&d, 40, 32, 32);
	double c10 = 10 * area_xbar_mm2(&d, 8, 4, 32) + 4 * area_xbar_mm2(&d, 10, 8, 32);
	CHECK(pr40 < base && c10 < pr40, "DC-L1: Pr40 and Sh40+C10 use less NoC area than the 80x32 baseline");

	double a[EC_N];
	area_baseline(&d, 1.0, a);
	CHECK_REL(a[EC_L1], 80 * area_sram_mm2(&d, 16 * 1024.0), 1e-12, "baseline L1 area = 80 x 16 KB arrays");
	CHECK_REL(a[EC_LLC], area_sram_mm2(&d, 4096 * 1024.0), 1e-12, "baseline LLC = 4 MB array");
	CHECK_REL(a[EC_NOC], d.noc_area_mm2, 1e-12, "baseline NoC = reference crossbar");
	CHECK_NEAR(a[EC_DRAM], 0.0, 0.0, "DRAM is off chip");
	double a4[EC_N];
	area_baseline(&d, 4.0, a4);
	CHECK_REL(a4[EC_LLC], 4 * a[EC_LLC], 1e-12, "IBL-4x-LLC: 4x the LLC array (Morpheus §6)");
}

static void test_energy(void)
{
	gpu_t g;
	if (gpu_load("fuse-15", &g) != 0) {
		CHECK(0, "preset fuse-15 loads");
		return;
	}
	/* FUSE Table I: L1-SRAM 32 KB leaks 58 mW; 0.15 / 0.12 nJ per read / write. */
	double w[EC_N];
	energy_static_baseline(&g, 0, 1.0, w);
	CHECK_REL(w[EC_L1] / g.n_sm, 0.058, 1e-9, "FUSE Table I: 58 mW L1-SRAM leakage per SM");
	energy_counts_t one = { .l1_reads = 1.0 };
	double pj[EC_N];
	energy_dynamic_pj(&g, &one, NULL, pj);
	CHECK_NEAR(pj[EC_L1], 150.0, 1e-9, "FUSE Table I: 0.15 nJ per L1 read");
	energy_counts_t wr = { .l1_writes = 1.0 };
	energy_dynamic_pj(&g, &wr, NULL, pj);
	CHECK_NEAR(pj[EC_L1], 120.0, 1e-9, "FUSE Table I: 0.12 nJ per L1 write");
	energy_counts_t llc = { .llc_bytes = 128.0 };
	energy_dynamic_pj(&g, &llc, NULL, pj);
	CHECK_NEAR(pj[EC_LLC], 1280.0, 1e-9, "Morpheus §5: ~10 pJ/B at the conventional LLC");

	/* Linear combination and the extra terms. */
	energy_counts_t c = { 1, 2, 1, 0.3, 0.1, 64, 100, 50 };
	double extra[EC_N] = { 0, 0, 0, 0, 0, 7.5, 0 };
	energy_dynamic_pj(&g, &c, extra, pj);
	double want = g.e_inst_pj + 2 * g.e_rf_read_pj + g.e_rf_write_pj + 0.3 * g.e_l1_read_pj +
	              0.1 * g.e_l1_write_pj + 64 * g.e_noc_pj_per_byte + 100 * g.e_llc_pj_per_byte +
	              50 * g.e_dram_pj_per_byte + 7.5;
	double sum = 0.0;
	for (int i = 0; i < EC_N; i++)
		sum += pj[i];
	CHECK_REL(sum, want, 1e-12, "dynamic energy = counts x energies + extra (closed form)");
	CHECK_NEAR(pj[EC_EXT], 7.5, 1e-12, "mechanism extra lands in its component");

	/* Power gating: 10 of 15 SMs gated leak gated_leak_frac. */
	double wg[EC_N];
	energy_static_baseline(&g, 10, 1.0, wg);
	CHECK_REL(wg[EC_CORE], g.p_sm_static_w * (5 + 10 * g.gated_leak_frac), 1e-12, "gated SMs leak gated_leak_frac");
	CHECK_REL(wg[EC_RF], w[EC_RF] * (5 + 10 * g.gated_leak_frac) / 15, 1e-12, "gated RF arrays too");
	energy_static_baseline(&g, 0, 4.0, wg);
	CHECK_REL(wg[EC_LLC], 4 * w[EC_LLC], 1e-12, "a 4x LLC leaks 4x");

	/* Total = insts x pJ + P x T, and equals the sum of its components. */
	double e[EC_N];
	double tot = energy_total(pj, w, 1e6, 2e-3, e);
	double s2 = 0.0, want2 = 0.0;
	for (int i = 0; i < EC_N; i++) {
		s2 += e[i];
		want2 += 1e6 * pj[i] * 1e-12 + w[i] * 2e-3;
	}
	CHECK_REL(tot, s2, 1e-12, "total energy = sum of components");
	CHECK_REL(tot, want2, 1e-12, "E = insts x dyn + P_static x T");
}

static void test_preset_errors(void)
{
	gpu_t g;
	/* Error paths print one line each on stderr (pinned in tests/cli/cli_explain.sh too). */
	CHECK(gpu_load("no-such-gpu", &g) != 0, "unknown preset name is an error");
	CHECK(gpu_load("/nonexistent/x.json", &g) != 0, "missing file is an error");
	CHECK(gpu_field_find("llc_kib") != NULL, "every gpu_t field has a JSON key");
	CHECK(gpu_field_find("bogus") == NULL, "no key for a non-field");
	CHECK_INT((long long)n_gpu_fields, 64, "64 preset keys (gpu_t's fields, models/gpu.h; issue 22 added tech_table, tech_node_nm; issue 17 l1_index, llc_index; issue 18 max_ctas_per_sm, smem_kib; issue 20 ii_fp32, ii_fp64, ii_int, ii_sfu, ii_tensor, ii_ldst)");
	/* Every byte of gpu_t is covered by the table: sorted by offset, each field starts where
	 * the previous one ends, up to alignment padding, and the last ends the struct. */
	size_t off[64] = { 0 }, size[64] = { 0 }, n = 0;
	for (size_t i = 0; i < n_gpu_fields && n < 64; i++, n++) {
		const gpu_field_t *f = &gpu_fields[i];
		off[n] = f->offset;
		size[n] = f->type == GF_STRING ? (size_t)f->hi + 1 : f->type == GF_INT ? sizeof(int) : sizeof(double);
	}
	for (size_t i = 1; i < n; i++) /* insertion sort by offset */
		for (size_t j = i; j > 0 && off[j - 1] > off[j]; j--) {
			size_t t = off[j]; off[j] = off[j - 1]; off[j - 1] = t;
			t = size[j]; size[j] = size[j - 1]; size[j - 1] = t;
		}
	int holes = off[0] != 0;
	for (size_t i = 1; i < n; i++) {
		size_t end = off[i - 1] + size[i - 1];
		size_t align = size[i] >= 8 ? 8 : size[i];
		if (size[i] > 8)
			align = 1;
		if ((end + align - 1) / align * align != off[i])
			holes++;
	}
	CHECK_INT(holes, 0, "no gpu_t field lacks a JSON key (no holes between table offsets)");
	/* gpu_t.tech, the table gpu_load reads from tech_table, is the one member with no key: last */
	CHECK(offsetof(gpu_t, tech) - (off[n - 1] + size[n - 1]) < 8 &&
	      offsetof(gpu_t, tech) + sizeof(void *) == sizeof(gpu_t),
	      "the table reaches gpu_t.tech, the loaded technology table, which ends gpu_t");
}

int main(void)
{
	test_area();
	test_energy();
	test_preset_errors();
	return check_summary("energy_area");
}
