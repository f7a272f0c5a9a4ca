/* model_setup.c -- the shared setup of the `gpudse model` mechanism commands and the field
 * tables of the GPU model's outputs (see model_setup.h). */
#include "commands/model_setup.h"

#include <math.h>
#include <string.h>

#include "cli.h"
#include "gpu_json.h"

int model_setup_gpu(model_setup_t *s, const char *cmd, const char *gpu_name)
{
	memset(s, 0, sizeof *s);
	s->cmd = cmd;
	return gpu_load(gpu_name, &s->g);
}

int model_setup_profile(model_setup_t *s, const char *pfile)
{
	int rc = profile_load(pfile, &s->p);
	if (rc)
		return rc;
	s->pfile = pfile;
	const char *werr = NULL;
	s->w = wctx_alloc(&s->g, &s->p, &werr);
	if (!s->w)
		return err_user("%s: %s: %s", s->cmd, pfile, werr);
	return 0;
}

int model_setup_eval(model_setup_t *s, const design_t *d, const char *(*rule)(const char *why))
{
	design_t base;
	design_default(&base);
	const char *why = NULL;
	if (gpu_eval_detail(&s->g, &base, s->w, &s->msb, &s->mb, NULL, &why) != 0 ||
	    gpu_eval_detail(&s->g, d, s->w, &s->msd, &s->md, &s->det, &why) != 0)
		return err_user("%s: %s", s->cmd, rule ? rule(why) : why ? why : "illegal design");
	return 0;
}

void model_setup_free(model_setup_t *s)
{
	wctx_free(s->w);
	s->w = NULL;
	if (s->pfile)
		profile_free(&s->p);
	s->pfile = NULL;
}

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
