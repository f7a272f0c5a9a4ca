/* json_tables.c -- the field table of every struct a command prints as JSON (json_tables.h):
 * one row per member (key, type, offset, scale, unit, format) or derived value (getter). */
#include "commands/json_tables.h"

#include <math.h>
#include <stddef.h>

/* ---- the GPU model (model dcl1, fuse, rfcache, morpheus; explain) and the STT bank and tag
 * search (model fuse, stt, bloom) */

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
	JF_NUM(MT, time_s, "time_s", "s"),
	JF_NUM(MT, energy_j, "energy_j", "J"),
	JF_DERIVED(energy_ratio, "energy_ratio", "over the baseline"),
	JF_NUM(MT, energy_comp_j[EC_L1], "energy_l1_j", "J"),
	JF_NUM(MT, energy_comp_j[EC_EXT], "energy_ext_j", "J"),
	JF_NUM(MT, power_w, "power_w", "W"),
	JF_NUM(MT, perf_per_watt, "perf_per_watt", "warp instructions per J"),
	JF_NUM(MT, area_mm2, "area_mm2", "mm^2"),
	JF_NUM(MT, area_chip_mm2, "area_chip_mm2", "mm^2, with SM logic"),
	JF_NUM(MT, area_comp_mm2[EC_L1], "area_l1_mm2", "mm^2"),
	JF_NUM(MT, area_comp_mm2[EC_NOC], "noc_area_mm2", "mm^2"),
	JF_NUM(MT, area_comp_mm2[EC_RF], "area_rf_mm2", "mm^2"),
	JF_NUM(MT, l1_hit, "l1_hit", "ratio"),
	JF_DERIVED(l1_miss_reduction, "l1_miss_reduction", "ratio"),
	JF_NUM(MT, llc_hit, "llc_hit", "ratio"),
	JF_NUM(MT, ext_hit, "ext_hit", "ratio"),
	JF_NUM(MT, l1_apki, "l1_apki", "L1 requests per kilo warp instruction"),
	JF_NUM(MT, llc_apki, "llc_apki", "LLC requests per kilo warp instruction"),
	JF_NUM(MT, dram_bpki, "dram_bpki", "DRAM bytes per kilo warp instruction"),
	JF_NUM(MT, replication, "replication", "ratio"),
	JF_NUM(MT, rfc_hit, "rfc_hit", "ratio"),
	JF_NUM(MT, stt_wpki, "stt_wpki", "STT writes per kilo warp instruction"),
	JF_NUM(MT, sm_util, "sm_util", "ratio"),
	JF_NUM(MT, noc_util, "noc_util", "ratio"),
	JF_NUM(MT, llc_util, "llc_util", "ratio"),
	JF_NUM(MT, dram_util, "dram_util", "ratio"),
	JF_NUM(MT, cpi[CPI_L1], "cpi_l1", "cycles per warp instruction"),
	JF_NUM(MT, cpi[CPI_EXT], "cpi_ext", "cycles per warp instruction"),
	JF_NUM(MT, cpi[CPI_DRAM], "cpi_dram", "cycles per warp instruction"),
};
#undef MT
const json_table_t metrics_json = JSON_TABLE(metrics_t, metrics_fields);

#define MS memsys_t
static const json_field_t memsys_fields[] = {
	JF_INTEGER(MS, n_compute, "n_compute", "SMs"),
	JF_INTEGER(MS, n_cache, "n_cache", "SMs"),
	JF_INTEGER(MS, n_gated, "n_gated", "SMs"),
	JF_NUM(MS, warps, "warps", "per compute SM"),
	JF_NUM(MS, mlp, "mlp", "requests in flight per warp"),
	JF_NUM(MS, mem_per_inst, "mem_per_inst", "per warp instruction"),
	JF_NUM(MS, req_per_mem, "req_per_mem", "L1 requests per memory instruction"),
	JF_NUM(MS, bytes_per_req, "bytes_per_req", "B"),
	JF_NUM(MS, write_frac, "write_frac", "share of requests"),
	JF_INTEGER(MS, l1_count, "l1_count", "L1 instances"),
	JF_NUM(MS, l1_bytes, "l1_bytes", "B per instance"),
	JF_NUM(MS, l1_hit, "l1_hit", "ratio"),
	JF_NUM(MS, l1_lat, "l1_lat", "cycles"),
	JF_NUM(MS, l1_service, "l1_service", "cycles per request"),
	JF_NUM(MS, noc_lat, "noc_lat", "cycles, one way"),
	JF_NUM(MS, noc_service_req, "noc_service_req", "cycles per request"),
	JF_NUM(MS, noc_service_resp, "noc_service_resp", "cycles per response"),
	JF_NUM(MS, noc_service_reply_src, "noc_service_reply_src", "cycles per response at an LLC-side port"),
	JF_INTEGER(MS, noc_req_ports, "noc_req_ports", "ports"),
	JF_INTEGER(MS, noc_resp_ports, "noc_resp_ports", "ports"),
	JF_NUM(MS, llc_bytes, "llc_bytes", "B, all slices"),
	JF_NUM(MS, llc_hit, "llc_hit", "ratio"),
	JF_NUM(MS, llc_lat, "llc_lat", "cycles"),
	JF_NUM(MS, llc_service, "llc_service", "cycles per request"),
	JF_INTEGER(MS, llc_slices, "llc_slices", "slices"),
	JF_NUM(MS, ext_frac, "ext_frac", "share of LLC requests"),
	JF_NUM(MS, ext_bytes, "ext_bytes", "B"),
	JF_NUM(MS, ext_hit, "ext_hit", "ratio"),
	JF_NUM(MS, ext_miss_extra, "ext_miss_extra", "cycles"),
	JF_NUM(MS, dram_lat, "dram_lat", "cycles"),
	JF_NUM(MS, dram_service, "dram_service", "cycles per request"),
	JF_INTEGER(MS, dram_channels, "dram_channels", "channels"),
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
const json_table_t memsys_json = JSON_TABLE(memsys_t, memsys_fields);

static const json_field_t station_fields[] = {
	JF_TEXT(ms_station_t, name, "name"),
	JF_NUM(ms_station_t, visits, "visits_per_l1_access", "visits per L1 access"),
	JF_NUM(ms_station_t, service, "service_cycles", "cycles per visit"),
	JF_NUM(ms_station_t, delay, "delay_cycles", "cycles per visit"),
	JF_INTEGER(ms_station_t, copies, "copies", "servers"),
	JF_NUM(ms_station_t, skew, "skew", "hottest copy over the mean"),
};
const json_table_t station_json = JSON_TABLE(ms_station_t, station_fields);

/* A station without skew reports 1 (its copies evenly loaded). */
static double report_skew(const void *s, const void *unused)
{
	const gpu_station_report_t *r = s;
	return r->skew > 0 ? r->skew : 1.0;
}

#define SR gpu_station_report_t
static const json_field_t station_report_fields[] = {
	JF_TEXT(SR, name, "name"),
	JF_NUM(SR, visits, "visits_per_inst", "visits per warp instruction"),
	JF_NUM(SR, service, "service", "cycles per visit"),
	JF_NUM(SR, delay, "delay", "cycles per visit"),
	JF_INTEGER(SR, copies, "copies", "servers"),
	JF_DERIVED(report_skew, "skew", "hottest copy over the mean"),
	JF_NUM(SR, demand, "demand_per_inst", "cycles per warp instruction"),
	JF_NUM(SR, util, "util", "busiest copy"),
	JF_NUM(SR, resid, "resid_per_inst", "cycles per warp instruction"),
	JF_NUM(SR, delay_resid, "latency_per_inst", "cycles per warp instruction"),
};
#undef SR
const json_table_t station_report_json = JSON_TABLE(gpu_station_report_t, station_report_fields);

#define GD gpu_detail_t
static const json_field_t detail_fields[] = {
	JF_NUM(GD, population, "population", "warps x MLP, all compute SMs"),
	JF_NUM(GD, throughput, "throughput", "warp instructions per cycle"),
	JF_NUM(GD, cycle, "cycle", "cycles per warp instruction"),
	JF_INTEGER(GD, iterations, "iterations", "MVA iterations"),
	JF_NUM(GD, x_network, "throughput_network", "warp instructions per cycle, before barrier phases"),
	JF_INTEGER(GD, sync_on, "barrier_phases", "1 when barrier_sync.h was evaluated"),
	JF_NUM(GD, sync_td, "barrier_phase_demand", "cycles ([B1] T_D)"),
	JF_NUM(GD, sync_l, "barrier_fill_latency", "cycles ([B2] L)"),
	JF_NUM(GD, sync_dmax, "bottleneck_demand", "cycles (D_max)"),
	JF_NUM(GD, sync_ctas, "ctas_per_sm", "resident CTAs per SM ([B3] C)"),
	JF_NUM(GD, sync_t, "barrier_time", "cycles ([B3] T)"),
	JF_INTEGER(GD, lock_on, "lock_step", "1 when lockstep.h was evaluated"),
	JF_NUM(GD, lock_td, "lock_step_demand", "cycles ([L3] T_D of the wait intervals)"),
	JF_NUM(GD, lock_seq, "lock_step_sequence", "warp instructions in sequence ([L2] S)"),
	JF_NUM(GD, lock_waves, "lock_step_waves", "waves in sequence ([L2] N)"),
	JF_NUM(GD, lock_lst, "store_ack_latency", "cycles ([L3] l_st)"),
	JF_NUM(GD, lock_path, "lock_step_path", "cycles ([L5] the waves' path)"),
	JF_NUM(GD, lock_t, "lock_step_time", "cycles ([L3] T_lock)"),
};
#undef GD
const json_table_t detail_json = JSON_TABLE(gpu_detail_t, detail_fields);

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
const json_table_t stt_load_json = JSON_TABLE(stt_load_t, stt_load_fields);

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
const json_table_t stt_block_json = JSON_TABLE(stt_block_t, stt_block_fields);

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
const json_table_t tagsearch_json = JSON_TABLE(bloom_tagsearch_t, tagsearch_fields);

/* ---- DC-L1 (model dcl1) */

#define DE dcl1_eval_t
static const json_field_t dcl1_eval_fields[] = {
	JF_NUM(DE, node_bytes, "node_bytes", "B"),
	JF_NUM(DE, size_ratio, "node_size_ratio", "over the baseline L1"),
	JF_NUM(DE, domain_bytes, "domain_bytes", "B"),
	JF_NUM(DE, l1_lat, "l1_lat_cycles", "cycles"),
	JF_NUM(DE, noc1_lat, "noc1_extra_lat_cycles", "cycles"),
	JF_NUM(DE, peak_bw_base, "peak_l1_bw_base_bytes_per_cycle", "B/cycle"),
	JF_NUM(DE, peak_bw, "peak_l1_bw_bytes_per_cycle", "B/cycle"),
	JF_NUM(DE, peak_bw_drop, "peak_l1_bw_drop", "baseline over this"),
	JF_NUM(DE, noc1_fmax_ratio, "noc1_fmax_ratio", "over f_noc"),
	JF_NUM(DE, noc2_fmax_ratio, "noc2_fmax_ratio", "over f_noc"),
	JF_FLAG(DE, boost_applied, "boost_applied"),
	JF_NUM(DE, noc1_mhz, "noc1_mhz", "MHz"),
	JF_NUM(DE, noc1_service, "noc1_reply_service_cycles", "cycles"),
	JF_NUM(DE, noc1_area, "noc1_area_ratio", "over the baseline crossbar"),
	JF_NUM(DE, noc2_area, "noc2_area_ratio", "over the baseline crossbar"),
	JF_NUM(DE, noc_area_ratio, "noc_area_ratio", "over the baseline crossbar"),
	JF_NUM(DE, noc_static_ratio, "noc_static_ratio", "over the baseline crossbar"),
	JF_NUM(DE, queue_bytes, "node_queue_bytes", "B, all nodes"),
	JF_NUM(DE, l1_area_ratio, "l1_area_ratio", "over the baseline L1s"),
	JF_NUM(DE, miss, "domain_miss_ratio", "ratio"),
	JF_NUM(DE, replication, "replication_ratio", "ratio"),
	JF_NUM(DE, copies, "copies_per_line", "copies"),
	JF_FLAG(DE, interp, "interpolated_group"),
	JF_FLAG(DE, exact, "exact_node_record"),
	JF_NUM(DE, skew, "camping_skew", "hottest node over the mean"),
	JF_FLAG(DE, skew_found, "camping_from_profile"),
};
#undef DE
const json_table_t dcl1_eval_json = JSON_TABLE(dcl1_eval_t, dcl1_eval_fields);

#define DS dcl1_shape_t
static const json_field_t dcl1_shape_fields[] = {
	JF_INTEGER(DS, x, "x_cores", "cores"),
	JF_INTEGER(DS, y, "y_nodes", "nodes"),
	JF_INTEGER(DS, z, "z_clusters", "clusters"),
	JF_INTEGER(DS, m, "m_nodes_per_cluster", "nodes"),
	JF_INTEGER(DS, n, "n_cores_per_noc1_xbar", "cores"),
	JF_INTEGER(DS, l, "l_slices", "LLC slices"),
	JF_INTEGER(DS, o, "o_slices_per_noc2_xbar", "LLC slices"),
	JF_INTEGER(DS, group, "group_cores", "cores"),
	JF_INTEGER(DS, domains, "domains", "caching domains"),
	JF_INTEGER(DS, home_bits, "home_bits", "bits"),
};
#undef DS
const json_table_t dcl1_shape_json = JSON_TABLE(dcl1_shape_t, dcl1_shape_fields);

/* ---- FUSE (model fuse) */

#define FH fuse_hit_t
static const json_field_t fuse_hit_fields[] = {
	JF_SCALED(FH, sram_bytes, "sram_kib", 1.0 / 1024, "KiB per SM"),
	JF_SCALED(FH, stt_bytes, "stt_kib", 1.0 / 1024, "KiB per SM"),
	JF_NUM(FH, sample_rate, "sample_rate", "share of blocks simulated"),
	JF_NUM(FH, sample_refs, "sample_refs", "accesses simulated"),
	JF_NUM(FH, se_h, "hit_standard_error", "between sampled SMs"),
	JF_NUM(FH, h_sram, "hit_sram", "hits per access"),
	JF_NUM(FH, h_stt, "hit_stt", "hits per access"),
	JF_NUM(FH, h, "hit", "hits per access"),
	JF_NUM(FH, sram_read, "sram_read", "per L1 access"),
	JF_NUM(FH, sram_write, "sram_write", "per L1 access"),
	JF_NUM(FH, stt_read, "stt_read", "per L1 access"),
	JF_NUM(FH, stt_probe, "stt_probe", "per L1 access"),
	JF_NUM(FH, stt_write, "stt_write", "per L1 access"),
	JF_NUM(FH, stt_fill, "stt_fill", "per L1 access"),
	JF_NUM(FH, stt_evict, "stt_evict", "per L1 access"),
	JF_NUM(FH, stt_update, "stt_update", "per L1 access"),
	JF_NUM(FH, migrations, "migrations", "per L1 access"),
	JF_NUM(FH, t_read, "t_read", "cycles"),
	JF_NUM(FH, t_probe, "t_probe", "cycles"),
	JF_NUM(FH, t_write, "t_write", "cycles"),
	JF_NUM(FH, x_read, "extra_latency_read", "cycles"),
	JF_NUM(FH, x_probe, "extra_latency_probe", "cycles"),
};
#undef FH
const json_table_t fuse_hit_json = JSON_TABLE(fuse_hit_t, fuse_hit_fields);

#define FE fuse_eff_t
static const json_field_t fuse_eff_fields[] = {
	JF_NUM(FE, l1_rate, "l1_accesses_per_cycle_per_sm", "per cycle"),
	JF_NUM(FE, stall_per_access, "stall_per_l1_access", "cycles"),
	JF_NUM(FE, stt_visits, "stt_station_visits_per_l1_access", "visits"),
	JF_NUM(FE, stt_service, "stt_station_service", "cycles"),
	JF_NUM(FE, stt_delay, "stt_station_delay", "cycles"),
	JF_NUM(FE, e_l1_pj_per_access, "e_l1_pj_per_access", "pJ"),
	JF_NUM(FE, e_l1_delta_pj_per_inst, "e_l1_delta_pj_per_inst", "pJ per warp instruction"),
	JF_NUM(FE, leak_ratio, "leak_ratio", "over the SRAM L1"),
	JF_NUM(FE, p_l1_delta_w, "p_l1_delta_w", "W"),
	JF_NUM(FE, area_l1_delta_mm2, "area_l1_delta_mm2", "mm^2"),
};
#undef FE
const json_table_t fuse_eff_json = JSON_TABLE(fuse_eff_t, fuse_eff_fields);

/* ---- Malekeh register-file cache (model rfcache) */

/* The reuse-distance pmf's mean and tail shares (the tail beyond MALEKEH_DMAX at MALEKEH_DMAX + 1). */
static double reuse_mean(const void *w, const void *unused)
{
	const malekeh_work_t *wk = w;
	double m = 0.0;
	for (int d = 1; d <= MALEKEH_DMAX; d++)
		m += d * wk->pmf[d];
	return m + wk->tail * (MALEKEH_DMAX + 1);
}

static double share_above(const malekeh_work_t *wk, int d0)
{
	double sum = 0.0;
	for (int d = d0 + 1; d <= MALEKEH_DMAX; d++)
		sum += wk->pmf[d];
	return sum + wk->tail;
}

static double reuse_gt3(const void *w, const void *unused) { return share_above(w, 3); }
static double reuse_gt10(const void *w, const void *unused) { return share_above(w, 10); }

#define RR malekeh_res_t
static const json_field_t malekeh_res_fields[] = {
	JF_NUM(RR, hit, "hit", "ratio of source reads"),
	JF_NUM(RR, hit_near, "hit_near", "ratio"),
	JF_NUM(RR, hit_far, "hit_far", "ratio"),
	JF_NUM(RR, frac_near, "frac_reuse_near", "share of source reads"),
	JF_NUM(RR, n_near, "n_near_live", "values per warp"),
	JF_NUM(RR, nu, "nu_ccu_near", "probability"),
	JF_NUM(RR, theta_near, "theta_near", "probability per gap"),
	JF_NUM(RR, theta_far, "theta_far", "probability per gap"),
	JF_NUM(RR, theta, "theta", "probability per gap"),
	JF_NUM(RR, pi, "pi_homeless_head", "probability"),
	JF_NUM(RR, rho_h, "rho_homeless_ready", "probability"),
	JF_NUM(RR, steals, "steals_per_cycle", "per cycle"),
	JF_NUM(RR, wait, "wait_frac", "per cycle"),
	JF_NUM(RR, wait_per_inst, "wait_per_inst", "cycles per instruction"),
	JF_NUM(RR, s, "collect_cycles", "cycles"),
	JF_NUM(RR, s_base, "collect_cycles_base", "cycles"),
	JF_NUM(RR, gap, "gap_cycles", "cycles"),
	JF_NUM(RR, ipc, "ipc_subcore", "instructions per cycle"),
	JF_NUM(RR, ipc_base, "ipc_subcore_base", "instructions per cycle"),
	JF_NUM(RR, bank_reads, "bank_reads_per_inst", "per instruction"),
	JF_NUM(RR, ccu_writes, "ccu_writes_per_inst", "per instruction"),
	JF_INTEGER(RR, iterations, "iterations", "fixed-point iterations"),
};
#undef RR
const json_table_t malekeh_res_json = JSON_TABLE(malekeh_res_t, malekeh_res_fields);

#define RW malekeh_work_t
static const json_field_t malekeh_work_fields[] = {
	JF_DERIVED(reuse_mean, "reuse_mean_finite", "instructions"),
	JF_DERIVED(reuse_gt3, "reuse_frac_gt3", "share of reuses"),
	JF_DERIVED(reuse_gt10, "reuse_frac_gt10", "share of reuses"),
	JF_NUM(RW, cold, "cold", "share of source reads"),
	JF_NUM(RW, src_per_inst, "src_per_inst", "operands per instruction"),
	JF_NUM(RW, dst_per_inst, "dst_per_inst", "operands per instruction"),
	JF_NUM(RW, tensor_frac, "tensor_frac", "share of instructions"),
	JF_INTEGER(RW, warps, "warps_per_subcore", "warps"),
	JF_INTEGER(RW, banks, "banks", "RF banks per sub-core"),
	JF_NUM(RW, p_mem, "p_mem", "share of instructions"),
	JF_NUM(RW, lat_mem, "lat_mem", "cycles"),
	JF_NUM(RW, lat_alu, "lat_alu", "cycles"),
	JF_NUM(RW, p_dep, "p_dep", "probability"),
};
#undef RW
const json_table_t malekeh_work_json = JSON_TABLE(malekeh_work_t, malekeh_work_fields);

#define RD malekeh_dyn_t
static const json_field_t malekeh_dyn_fields[] = {
	JF_NUM(RD, run.hit, "hit", "ratio"),
	JF_NUM(RD, run.ipc, "ipc_subcore", "instructions per cycle"),
	JF_NUM(RD, ipc_base, "ipc_subcore_base", "instructions per cycle"),
	JF_NUM(RD, run.sthld_mean, "sthld_mean", "instructions, cycle-weighted"),
	JF_INTEGER(RD, run.sthld_final, "sthld_final", "instructions"),
	JF_INTEGER(RD, run.intervals, "intervals", "sampling intervals"),
	JF_NUM(RD, run.settled_frac, "settled_frac", "share of intervals"),
	JF_NUM(RD, wait_per_inst, "wait_per_inst", "cycles per instruction"),
	JF_NUM(RD, s, "collect_cycles", "cycles"),
	JF_NUM(RD, s_base, "collect_cycles_base", "cycles"),
	JF_NUM(RD, ccu_writes, "ccu_writes_per_inst", "per instruction"),
};
#undef RD
const json_table_t malekeh_dyn_json = JSON_TABLE(malekeh_dyn_t, malekeh_dyn_fields);

/* ---- Morpheus (model morpheus) */

#define RS mor_rf_set_t
static const json_field_t mor_rf_set_fields[] = {
	JF_INTEGER(RS, regs, "regs_per_thread", "registers"),
	JF_INTEGER(RS, ways, "ways", "blocks per set"),
	JF_INTEGER(RS, data_regs, "data_regs", "registers"),
	JF_INTEGER(RS, meta_regs, "meta_regs", "registers"),
	JF_INTEGER(RS, base_regs, "base_regs", "registers"),
	JF_INTEGER(RS, aux_regs, "aux_regs", "registers"),
};
#undef RS
const json_table_t mor_rf_set_json = JSON_TABLE(mor_rf_set_t, mor_rf_set_fields);

#define ML mor_layout_t
static const json_field_t mor_layout_fields[] = {
	JF_INTEGER(ML, rf_warps, "rf_warps", "warps"),
	JF_INTEGER(ML, l1_warps, "l1_warps", "warps"),
	JF_INTEGER(ML, sets, "sets", "sets"),
	JF_NUM(ML, warp_regs, "warp_regs", "128 B warp registers"),
	JF_INTEGER(ML, l1_ways, "l1_ways", "blocks per set"),
	JF_SCALED(ML, rf_bytes, "rf_kib", 1.0 / 1024, "KiB"),
	JF_SCALED(ML, rf_bytes_eff, "rf_kib_eff", 1.0 / 1024, "KiB"),
	JF_SCALED(ML, l1_bytes, "l1_kib", 1.0 / 1024, "KiB"),
	JF_SCALED(ML, bytes, "kib", 1.0 / 1024, "KiB"),
	JF_SCALED(ML, bytes_eff, "kib_eff", 1.0 / 1024, "KiB"),
};
#undef ML
const json_table_t mor_layout_json = JSON_TABLE(mor_layout_t, mor_layout_fields);

#define MP mor_params_t
static const json_field_t mor_params_fields[] = {
	JF_INTEGER(MP, max_regs, "max_regs", "registers per thread"),
	JF_INTEGER(MP, aux_rf, "aux_rf", "registers per RF warp"),
	JF_INTEGER(MP, aux_l1, "aux_l1", "registers per L1 warp"),
	JF_INTEGER(MP, block_bytes, "block_bytes", "B"),
	JF_NUM(MP, miss_extra_ns, "miss_extra_ns", "ns"),
	JF_NUM(MP, imov_save_ns, "imov_save_ns", "ns"),
	JF_NUM(MP, comp_lat_ns, "comp_lat_ns", "ns"),
	JF_NUM(MP, msg_bytes, "msg_bytes", "B"),
	JF_INTEGER(MP, bf_bytes, "bf_bytes", "B per filter"),
	JF_INTEGER(MP, bf_hashes, "bf_hashes", "hash functions"),
	JF_NUM(MP, max_cache_frac, "max_cache_frac", "share of SMs"),
	JF_NUM(MP, query_kib, "query_kib", "KiB per partition"),
	JF_NUM(MP, ctrl_power_frac, "ctrl_power_frac", "share of GPU power"),
	JF_NUM(MP, ref_power_w, "ref_power_w", "W"),
	JF_INTEGER(MP, ref_partitions, "ref_partitions", "partitions"),
};
#undef MP
const json_table_t mor_params_json = JSON_TABLE(mor_params_t, mor_params_fields);

#define BP bfpred_result_t
static const json_field_t bfpred_fields[] = {
	JF_NUM(BP, fp_rate, "fp_rate", "P(predicted hit | miss)"),
	JF_NUM(BP, fp_stale, "fp_stale", "probability"),
	JF_NUM(BP, fp_hash, "fp_hash", "probability"),
	JF_NUM(BP, fn_rate, "fn_rate", "P(predicted miss | hit)"),
	JF_NUM(BP, miss_rate, "miss_rate", "misses per access"),
	JF_NUM(BP, mean_bf1, "mean_bf1_blocks", "blocks"),
	JF_NUM(BP, mean_T, "mean_swap_blocks", "blocks"),
	JF_NUM(BP, phase_accesses, "phase_accesses", "accesses"),
	JF_FLAG(BP, truncated, "truncated"),
};
#undef BP
const json_table_t bfpred_json = JSON_TABLE(bfpred_result_t, bfpred_fields);

#define ME mor_eval_t
static const json_field_t mor_eval_fields[] = {
	JF_FLAG(ME, on, "on"),
	JF_INTEGER(ME, n_cache, "n_cache", "SMs"),
	JF_INTEGER(ME, n_compute, "n_compute", "SMs"),
	JF_FLAG(ME, compress_used, "compress_used"),
	JF_SCALED(ME, conv_bytes, "conv_kib", 1.0 / 1024, "KiB"),
	JF_SCALED(ME, ext_bytes, "ext_kib", 1.0 / 1024, "KiB"),
	JF_SCALED(ME, ext_bytes_eff, "ext_kib_eff", 1.0 / 1024, "KiB"),
	JF_NUM(ME, ext_frac, "ext_frac", "share of LLC requests"),
	JF_NUM(ME, rf_share, "rf_share", "share of extended requests"),
	JF_NUM(ME, llc_hit, "llc_hit", "ratio"),
	JF_NUM(ME, ext_hit, "ext_hit", "ratio"),
	JF_NUM(ME, ext_hit_rf, "ext_hit_rf", "ratio"),
	JF_NUM(ME, ext_hit_l1, "ext_hit_l1", "ratio"),
	JF_NUM(ME, p_fwd, "p_fwd", "probability"),
	JF_NUM(ME, lookups, "lookups_per_ext_req", "lookups"),
	JF_NUM(ME, fills, "fills_per_ext_req", "fills"),
	JF_NUM(ME, hit_ns, "hit_ns", "ns"),
	JF_NUM(ME, unit_cyc, "unit_cyc", "cycles"),
	JF_NUM(ME, service_cyc, "station_service_cyc", "cycles"),
	JF_NUM(ME, delay_cyc, "station_delay_cyc", "cycles"),
	JF_NUM(ME, miss_extra_cyc, "miss_extra_cyc", "cycles"),
	JF_NUM(ME, noc_flits_per_ext, "noc_flits_per_ext_req", "flits"),
	JF_NUM(ME, noc_req_add_cyc, "noc_service_req_add_cyc", "cycles"),
	JF_NUM(ME, e_pj_per_inst, "e_ext_pj_per_inst", "pJ per warp instruction"),
	JF_NUM(ME, ctrl_w, "ctrl_w", "W"),
	JF_NUM(ME, ctrl_mm2, "ctrl_mm2", "mm^2"),
};
#undef ME
const json_table_t mor_eval_json = JSON_TABLE(mor_eval_t, mor_eval_fields);

/* ---- counting Bloom filter (model bloom) */

#define BC bloom_cbf_t
static const json_field_t bloom_cbf_fields[] = {
	JF_NUM(BC, mean_load, "mean_load", "items per counter"),
	JF_NUM(BC, p_zero, "p_zero", "probability"),
	JF_NUM(BC, fp, "fp", "probability"),
	JF_NUM(BC, fp_occ, "fp_occupancy", "probability"),
	JF_NUM(BC, p_sat, "p_counter_saturates", "probability"),
	JF_NUM(BC, p_sat_poisson, "p_counter_saturates_poisson", "probability"),
	JF_NUM(BC, p_any_sat, "p_any_saturates", "probability"),
};
#undef BC
const json_table_t bloom_cbf_json = JSON_TABLE(bloom_cbf_t, bloom_cbf_fields);

/* ---- queueing models (model queue) */

static const json_field_t queue_open_fields[] = {
	JF_NUM(queue_open_t, rho, "rho", "utilisation"),
	JF_FLAG(queue_open_t, saturated, "saturated"),
	JF_NUM(queue_open_t, wait, "wait", "time"),
	JF_NUM(queue_open_t, resp, "resp", "time"),
	JF_NUM(queue_open_t, lq, "lq", "customers waiting"),
	JF_NUM(queue_open_t, l, "l", "customers"),
};
const json_table_t queue_open_json = JSON_TABLE(queue_open_t, queue_open_fields);

static const json_field_t queue_md1k_fields[] = {
	JF_NUM(queue_md1k_t, rho, "rho", "offered load"),
	JF_NUM(queue_md1k_t, p_block, "p_block", "probability"),
	JF_NUM(queue_md1k_t, throughput, "throughput", "per time unit"),
	JF_NUM(queue_md1k_t, util, "util", "busy fraction"),
	JF_NUM(queue_md1k_t, l, "l", "customers"),
	JF_NUM(queue_md1k_t, wait, "wait", "time"),
	JF_NUM(queue_md1k_t, resp, "resp", "time"),
};
const json_table_t queue_md1k_json = JSON_TABLE(queue_md1k_t, queue_md1k_fields);

static const json_field_t queue_xbar_fields[] = {
	JF_NUM(queue_xbar_t, throughput, "throughput", "transfers per cycle"),
	JF_NUM(queue_xbar_t, util_max, "util_max", "utilisation"),
	JF_NUM(queue_xbar_t, util_mean, "util_mean", "utilisation"),
	JF_NUM(queue_xbar_t, wait_mean, "wait_mean", "cycles"),
	JF_FLAG(queue_xbar_t, saturated, "saturated"),
	JF_NUM(queue_xbar_t, hol_throughput, "hol_throughput", "transfers per cycle per output"),
};
const json_table_t queue_xbar_json = JSON_TABLE(queue_xbar_t, queue_xbar_fields);

/* ---- workload generators (trace --stats) */

#define GS gen_stats_t
static const json_field_t gen_stats_fields[] = {
	JF_NUM(GS, insts, "warp_insts", "warp instructions"),
	JF_NUM(GS, mem_insts, "mem_insts", "warp global-memory instructions"),
	JF_NUM(GS, accesses, "accesses", "128 B line requests"),
	JF_NUM(GS, writes, "writes", "line requests"),
	JF_NUM(GS, sectors, "sectors", "32 B sectors"),
	JF_NUM(GS, tensor, "tensor_insts", "warp instructions"),
	JF_NUM(GS, reg_insts, "reg_insts", "warp instructions"),
};
#undef GS
const json_table_t gen_stats_json = JSON_TABLE(gen_stats_t, gen_stats_fields);

const json_table_t *const json_tables_all[] = {
	&metrics_json,
	&memsys_json,
	&station_json,
	&station_report_json,
	&detail_json,
	&stt_load_json,
	&stt_block_json,
	&tagsearch_json,
	&dcl1_eval_json,
	&dcl1_shape_json,
	&fuse_hit_json,
	&fuse_eff_json,
	&malekeh_res_json,
	&malekeh_work_json,
	&malekeh_dyn_json,
	&mor_rf_set_json,
	&mor_layout_json,
	&mor_params_json,
	&bfpred_json,
	&mor_eval_json,
	&bloom_cbf_json,
	&queue_open_json,
	&queue_md1k_json,
	&queue_xbar_json,
	&gen_stats_json,
	NULL
};
