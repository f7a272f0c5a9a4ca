/* model_json.c -- field tables of the model outputs that more than one command prints
 * (model_json.h). */
#include "commands/model_json.h"

#include <math.h>
#include <stddef.h>

/* Derived values of a design's metrics against the baseline's (NaN without one). */
static double speedup(const void *m, const void *b)
{
	const metrics_t *d = m, *base = b;
	return base && base->ipc > 0 ? d->ipc / base->ipc : NAN;
}

static double energy_ratio(const void *m, const void *b)
{
	const metrics_t *d = m, *base = b;
	return base && base->energy_j > 0 ? d->energy_j / base->energy_j : NAN;
}

/* 1 - design misses / baseline misses, of L1 requests */
static double l1_miss_reduction(const void *m, const void *b)
{
	const metrics_t *d = m, *base = b;
	return base && base->l1_hit < 1 ? 1 - (1 - d->l1_hit) / (1 - base->l1_hit) : NAN;
}

#define MT metrics_t
static const json_field_t metrics_fields[] = {
	JF_NUM(MT, ipc, "ipc", "warp instructions per core cycle"),
	JF_DERIVED(speedup, "speedup", "over the baseline"),
	JF_NUM(MT, cycles, "cycles", "core cycles"),
	JF_NUM(MT, energy_j, "energy_j", "J"),
	JF_DERIVED(energy_ratio, "energy_ratio", "over the baseline"),
	JF_NUM(MT, energy_comp_j[EC_L1], "energy_l1_j", "J"),
	JF_NUM(MT, energy_comp_j[EC_EXT], "energy_ext_j", "J"),
	JF_NUM(MT, power_w, "power_w", "W"),
	JF_NUM(MT, perf_per_watt, "perf_per_watt", "warp instructions per J"),
	JF_NUM(MT, area_mm2, "area_mm2", "mm^2"),
	JF_NUM(MT, area_comp_mm2[EC_L1], "area_l1_mm2", "mm^2"),
	JF_NUM(MT, area_comp_mm2[EC_NOC], "noc_area_mm2", "mm^2"),
	JF_NUM(MT, area_comp_mm2[EC_RF], "area_rf_mm2", "mm^2"),
	JF_NUM(MT, l1_hit, "l1_hit", "ratio"),
	JF_DERIVED(l1_miss_reduction, "l1_miss_reduction", "ratio"),
	JF_NUM(MT, llc_hit, "llc_hit", "ratio"),
	JF_NUM(MT, ext_hit, "ext_hit", "ratio"),
	JF_NUM(MT, rfc_hit, "rfc_hit", "ratio"),
	JF_NUM(MT, stt_wpki, "stt_wpki", "STT writes per kilo warp instruction"),
	JF_NUM(MT, noc_util, "noc_util", "ratio"),
	JF_NUM(MT, dram_util, "dram_util", "ratio"),
	JF_NUM(MT, cpi[CPI_L1], "cpi_l1", "cycles per warp instruction"),
	JF_NUM(MT, cpi[CPI_EXT], "cpi_ext", "cycles per warp instruction"),
	JF_NUM(MT, cpi[CPI_DRAM], "cpi_dram", "cycles per warp instruction"),
};
#undef MT
const json_table_t metrics_json = JSON_TABLE("metrics_t", metrics_fields);

#define MS memsys_t
static const json_field_t memsys_fields[] = {
	JF_INTEGER(MS, l1_count, "l1_count", "L1 instances"),
	JF_NUM(MS, l1_bytes, "l1_bytes", "B per instance"),
	JF_NUM(MS, l1_hit, "l1_hit", "ratio"),
	JF_NUM(MS, l1_lat, "l1_lat", "cycles"),
	JF_NUM(MS, l1_service, "l1_service", "cycles per request"),
	JF_INTEGER(MS, noc_resp_ports, "noc_resp_ports", "ports"),
	JF_NUM(MS, replication, "replication", "ratio"),
	JF_NUM(MS, stt_writes_per_inst, "stt_writes_per_inst", "per warp instruction"),
	JF_NUM(MS, rfc_hit, "rfc_hit", "ratio"),
	JF_NUM(MS, rf_reads_per_inst, "rf_reads_per_inst", "per warp instruction"),
	JF_NUM(MS, rf_writes_per_inst, "rf_writes_per_inst", "per warp instruction"),
	JF_NUM(MS, dep_delay, "dep_delay", "cycles per warp instruction"),
	JF_NUM(MS, rf_service, "rf_service", "cycles per warp instruction"),
	JF_NUM(MS, issue_service, "issue_service", "cycles per warp instruction"),
	JF_NUM(MS, e_pj_per_inst[EC_L1], "e_l1_pj_per_inst_extra", "pJ per warp instruction"),
	JF_NUM(MS, e_pj_per_inst[EC_NOC], "e_noc_pj_per_inst_extra", "pJ per warp instruction"),
	JF_NUM(MS, e_pj_per_inst[EC_RF], "e_rf_pj_per_inst_extra", "pJ per warp instruction"),
	JF_NUM(MS, p_static_w[EC_L1], "p_static_l1_w", "W"),
	JF_NUM(MS, p_static_w[EC_NOC], "p_static_noc_w", "W"),
	JF_NUM(MS, p_static_w[EC_RF], "p_static_rf_w", "W"),
	JF_NUM(MS, area_mm2[EC_L1], "area_l1_mm2", "mm^2"),
	JF_NUM(MS, area_mm2[EC_NOC], "area_noc_mm2", "mm^2"),
	JF_NUM(MS, area_mm2[EC_RF], "area_rf_mm2", "mm^2"),
};
#undef MS
const json_table_t memsys_json = JSON_TABLE("memsys_t", memsys_fields);

static const json_field_t station_fields[] = {
	JF_TEXT(ms_station_t, name, "name"),
	JF_NUM(ms_station_t, visits, "visits_per_l1_access", "visits per L1 access"),
	JF_NUM(ms_station_t, service, "service_cycles", "cycles per visit"),
	JF_NUM(ms_station_t, delay, "delay_cycles", "cycles per visit"),
	JF_INTEGER(ms_station_t, copies, "copies", "servers"),
	JF_NUM(ms_station_t, skew, "skew", "hottest copy over the mean"),
};
const json_table_t station_json = JSON_TABLE("ms_station_t", station_fields);

#define SL stt_load_t
static const json_field_t stt_load_fields[] = {
	JF_NUM(SL, lam_read, "lam_read", "STT read hits per cycle"),
	JF_NUM(SL, lam_probe, "lam_probe", "missing STT lookups per cycle"),
	JF_NUM(SL, lam_write, "lam_write", "STT writes per cycle"),
	JF_NUM(SL, lam_evict, "lam_evict", "SRAM victims per cycle"),
	JF_NUM(SL, lam_update, "lam_update", "STT write hits per cycle"),
	JF_INTEGER(SL, tag_queue, "tag_queue", "entries"),
	JF_INTEGER(SL, swap_buffer, "swap_buffer", "registers"),
};
#undef SL
const json_table_t stt_load_json = JSON_TABLE("stt_load_t", stt_load_fields);

#define SB stt_block_t
static const json_field_t stt_block_fields[] = {
	JF_NUM(SB, lam, "lam", "STT requests per cycle"),
	JF_NUM(SB, s_mean, "s_mean", "cycles"),
	JF_NUM(SB, s_resid, "s_resid", "cycles"),
	JF_NUM(SB, rho, "rho", "utilisation"),
	JF_NUM(SB, p_block_tq, "p_block_tag_queue", "probability"),
	JF_NUM(SB, p_block_sb, "p_block_swap_buffer", "probability"),
	JF_NUM(SB, wait, "wait", "cycles"),
	JF_NUM(SB, stall_per_req, "stall_per_request", "L1 stall cycles"),
	JF_NUM(SB, stall_per_write, "stall_per_write", "L1 stall cycles"),
	JF_NUM(SB, stall_per_cycle, "stall_per_cycle", "L1 stall cycles"),
};
#undef SB
const json_table_t stt_block_json = JSON_TABLE("stt_block_t", stt_block_fields);

#define TS bloom_tagsearch_t
static const json_field_t tagsearch_fields[] = {
	JF_NUM(TS, set_size, "set_size", "blocks per data set"),
	JF_NUM(TS, fp, "fp_per_filter", "probability"),
	JF_NUM(TS, false_sets, "false_sets", "data sets per lookup"),
	JF_NUM(TS, cyc_per_set, "cycles_per_set", "cycles"),
	JF_NUM(TS, cycles_hit, "cycles_hit", "cycles"),
	JF_NUM(TS, cycles_miss, "cycles_miss", "cycles"),
	JF_NUM(TS, p_sat, "p_counter_saturates", "probability"),
	JF_NUM(TS, bits, "filter_bits", "bits"),
};
#undef TS
const json_table_t tagsearch_json = JSON_TABLE("bloom_tagsearch_t", tagsearch_fields);
