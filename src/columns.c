/* columns.c -- the stored metrics (see columns.h). */
#include "columns.h"

#include <string.h>

#define M(field) offsetof(metrics_t, field)

const metric_col_t metric_cols[] = {
	{ "ipc", M(ipc), 1, "warp-inst/cycle", "warp instructions per core cycle, whole GPU" },
	{ "speedup", M(speedup), 1, "x", "execution-time speedup over the study's baseline design" },
	{ "cycles", M(cycles), 0, "cycles", "core cycles to run the profile's instructions" },
	{ "time_s", M(time_s), 0, "s", "execution time, seconds" },
	{ "energy_j", M(energy_j), 0, "J", "energy, joules (dynamic + static)" },
	{ "power_w", M(power_w), 0, "W", "average power, watts" },
	{ "perf_per_watt", M(perf_per_watt), 1, "warp-inst/J", "warp instructions per joule" },
	{ "area_mm2", M(area_mm2), 0, "mm^2", "memory-system area (RF, L1, NoC, LLC, mechanisms), mm^2" },
	{ "l1_hit", M(l1_hit), 1, "fraction", "L1 hit ratio" },
	{ "llc_hit", M(llc_hit), 1, "fraction", "conventional LLC hit ratio" },
	{ "ext_hit", M(ext_hit), 1, "fraction", "extended-LLC hit ratio (Morpheus)" },
	{ "l1_apki", M(l1_apki), 0, "req/kwarp-inst", "L1 requests per kilo warp-instruction" },
	{ "llc_apki", M(llc_apki), 0, "req/kwarp-inst", "LLC requests per kilo warp-instruction" },
	{ "dram_bpki", M(dram_bpki), 0, "B/kwarp-inst", "DRAM bytes per kilo warp-instruction" },
	{ "noc_util", M(noc_util), 0, "fraction", "busiest NoC port utilisation" },
	{ "llc_util", M(llc_util), 0, "fraction", "busiest LLC slice utilisation" },
	{ "dram_util", M(dram_util), 0, "fraction", "busiest DRAM channel utilisation" },
	{ "sm_util", M(sm_util), 0, "fraction", "SM issue utilisation" },
	{ "replication", M(replication), 0, "ratio", "DC-L1 replication ratio" },
	{ "rfc_hit", M(rfc_hit), 1, "fraction", "register-file cache hit ratio (Malekeh)" },
	{ "stt_wpki", M(stt_wpki), 0, "writes/kwarp-inst", "STT-MRAM writes per kilo warp-instruction (FUSE)" },
	{ "cpi_issue", M(cpi[CPI_ISSUE]), 0, "cycles/warp-inst", "CPI stack: issue" },
	{ "cpi_dep", M(cpi[CPI_DEP]), 0, "cycles/warp-inst", "CPI stack: dependences" },
	{ "cpi_rf", M(cpi[CPI_RF]), 0, "cycles/warp-inst", "CPI stack: register file / operand collection" },
	{ "cpi_l1", M(cpi[CPI_L1]), 0, "cycles/warp-inst", "CPI stack: L1" },
	{ "cpi_noc", M(cpi[CPI_NOC]), 0, "cycles/warp-inst", "CPI stack: NoC" },
	{ "cpi_llc", M(cpi[CPI_LLC]), 0, "cycles/warp-inst", "CPI stack: LLC" },
	{ "cpi_ext", M(cpi[CPI_EXT]), 0, "cycles/warp-inst", "CPI stack: extended LLC" },
	{ "cpi_dram", M(cpi[CPI_DRAM]), 0, "cycles/warp-inst", "CPI stack: DRAM" },
};
const size_t n_metric_cols = sizeof metric_cols / sizeof metric_cols[0];

const metric_col_t *metric_col_find(const char *name)
{
	for (size_t i = 0; i < n_metric_cols; i++)
		if (strcmp(metric_cols[i].name, name) == 0)
			return &metric_cols[i];
	return NULL;
}
