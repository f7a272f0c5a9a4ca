/*
 * cmd_explain.c -- `gpudse explain`: one design on one workload, every intermediate quantity
 * of the GPU model (models/gpu.c): workload rates, capacities, hit rates, the stations of the
 * closed network with visits, service, utilisation and residence, the CPI stack, energy and
 * area by component.  Text by default, --json for a machine-readable object.
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "occupancy.h"
#include "cli.h"
#include "columns.h"
#include "commands/commands.h"
#include "commands/explain_db.h"
#include "commands/explain_uncert.h"
#include "stats/uncert_src.h"
#include "commands/json_tables.h"
#include "design.h"
#include "gpu.h"
#include "presets/gpu_json.h"
#include "json_writer.h"
#include "knobs.h"
#include "mech.h"
#include "study.h"
#include "tech_gpu.h"
#include "workload.h"

const char help_explain[] =
	"usage: gpudse explain --gpu G --workload W [--design 'knob=value,...'] [--baseline SPEC] [--json]\n"
	"       gpudse explain --db FILE [--run ID|latest] --design ID --workload W [--baseline SPEC] [--json]\n"
	"       ... [--uncert all|none|SOURCE,...] [--level L]\n"
	"\n"
	"Evaluates one design point on one workload with the full GPU model and prints every\n"
	"intermediate quantity: the workload's rates (memory instructions per instruction,\n"
	"requests per memory instruction, bytes per request), capacities and hit rates per level,\n"
	"each station of the closed queueing network (visits per warp instruction, service and\n"
	"fixed latency in core cycles, copies, utilisation of the busiest copy, residence time),\n"
	"the CPI stack, energy by component (dynamic pJ per instruction, static W, joules) and\n"
	"area by component (mm^2).\n"
	"\n"
	"options:\n"
	"  --gpu G          a preset name (studies/gpus/G.json; gpudse list gpus) or a JSON path\n"
	"  --workload W     a profile name under calibration/profiles/ or a path to a profile\n"
	"  --design SPEC    knobs over the baseline, comma-separated knob=value (gpudse list knobs);\n"
	"                   default: the baseline design (every mechanism off)\n"
	"  --baseline SPEC  also evaluate this design (\"\" = the baseline) and compare: speedup,\n"
	"                   energy, perf/W and area ratios, CPI stacks side by side\n"
	"  --json           one JSON object instead of the text report\n"
	"  --db FILE        explain design ID of a stored run (--run, default the latest) on its\n"
	"                   workload W: the run's own preset, calibration, profile (hash-checked)\n"
	"                   and knobs; the stored row is printed with its units and compared with\n"
	"                   the re-evaluation\n"
	"  --uncert LIST    the sources of the interval shown at the end (docs/uncertainty.md):\n"
	"                   all (default), none, or a comma list of model, calibration, sampling;\n"
	"                   with --db the run's stored rows, else evaluated now (model, sampling)\n"
	"  --level L        the interval's central probability (default 0.9)\n"
	"\n"
	"examples:\n"
	"  gpudse explain --gpu rtx3080 --workload p-2mm\n"
	"  gpudse explain --gpu rtx3080 --workload p-2mm --design 'active_sms=32,llc_scale=4' --json\n"
	"  gpudse explain --gpu rtx3080 --workload p-2mm --design llc_scale=4 --baseline ''\n"
	"  gpudse explain --db db/results.db --design 9 --workload r-kmeans\n";

#define CMD "explain"

/* Knobs that differ from the baseline, as "k=v,k=v" ("baseline" when none). */
static void design_string(const design_t *d, char *buf, size_t len)
{
	design_t base;
	design_default(&base);
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n_knobs; i++) {
		const knob_t *k = &knobs[i];
		if (knob_get(k, d) == knob_get(k, &base))
			continue;
		char v[64];
		knob_format(k, d, v, sizeof v);
		if (used < len)
			used += snprintf(buf + used, len - used, "%s%s=%s", used ? "," : "", k->name, v);
	}
	if (!buf[0])
		snprintf(buf, len, "baseline");
}

/* How the text report labels a mechanism's results column (default: the column name, %.6g). */
static const struct {
	const char *column, *label, *fmt;
	double scale;                 /* printed value = column value x scale */
} mech_labels[] = {
	{ "replication", "replication", "%.4f", 1.0 },
	{ "rfc_hit", "rf-cache hit", "%.4f", 1.0 },
	{ "stt_wpki", "STT writes/inst", "%.6g", 1e-3 },
};

/* One line with every mechanism's results columns (mech_table's columns, in the order of the
 * results table), when any of them is non-zero. */
static void print_mech_outputs(const metrics_t *o)
{
	int any = 0;
	for (size_t i = 0; i < n_metric_cols; i++)
		if (mech_of_column(metric_cols[i].name) && metric_value(&metric_cols[i], o) > 0.0)
			any = 1;
	if (!any)
		return;
	const char *sep = "mechanisms: ";
	for (size_t i = 0; i < n_metric_cols; i++) {
		const metric_col_t *c = &metric_cols[i];
		if (!mech_of_column(c->name))
			continue;
		const char *label = c->name, *fmt = "%.6g";
		double scale = 1.0;
		for (size_t k = 0; k < sizeof mech_labels / sizeof mech_labels[0]; k++)
			if (strcmp(mech_labels[k].column, c->name) == 0) {
				label = mech_labels[k].label;
				fmt = mech_labels[k].fmt;
				scale = mech_labels[k].scale;
			}
		printf("%s%s ", sep, label);
		printf(fmt, metric_value(c, o) * scale);
		sep = ", ";
	}
	putchar('\n');
}

/* llc_mshr.h [M] with every sharer in the window (P_w = 1), by the path the model takes */
static void llc_mshr_full_window(const gpu_t *g, const wctx_t *w, llc_mshr_fill_t *out)
{
	if (w->llc_deg.bin)
		llc_mshr_fill_degrees(&w->llc_deg, 1.0, g->llc_mshr_merge, out);
	else
		llc_mshr_fill(w->llc_sharers, 1.0, g->llc_mshr_merge, out);
}

static void print_text(const gpu_t *g, const char *dstr, const workload_t *wl, const memsys_t *m,
                       const metrics_t *o, const gpu_detail_t *det)
{
	const wctx_t *w = wl->ctx;
	printf("gpu       %s (%d SMs, %.0f MHz)\n", g->name, g->n_sm, g->core_mhz);
	printf("workload  %s (%s), %.6g warp instructions\n", wl->prof.name, wl->path, wl->prof.insts);
	printf("design    %s\n", dstr);
	putchar('\n');

	printf("workload rates\n");
	printf("  %-28s %12.6g\n", "mem_per_inst", m->mem_per_inst);
	printf("  %-28s %12.6g\n", "req_per_mem", m->req_per_mem);
	printf("  %-28s %12.6g  B\n", "bytes_per_req", m->bytes_per_req);
	printf("  %-28s %12.6g\n", "write_frac", m->write_frac);
	printf("  %-28s %12.6g  cycles%s\n", "dep_cycles", w->dep_cycles,
	       wl->prof.has_dep_cycles ? " (profile params)" : w->dep_measured ? " (measured: critical paths x unit latencies)"
	                                                                     : " (model default)");
	printf("  %-28s %12.6g%s\n", "mlp", w->mlp, wl->prof.has_mlp ? " (params)"
	       : shape_mlp_mean(&wl->prof.shape) > 0 ? " (measured: register dependences)" : " (model default)");
	printf("  %-28s %12.6g\n", "rf_reads_per_inst", m->rf_reads_per_inst);
	printf("  %-28s %12.6g\n\n", "rf_writes_per_inst", m->rf_writes_per_inst);

	printf("SMs: %d computing, %d in cache mode, %d power-gated; %.6g warps each, %.6g loads in flight per group (mean)\n",
	       m->n_compute, m->n_cache, m->n_gated, m->warps, m->mlp);
	occ_t oc;
	occ_profile(g, &wl->prof, m->n_compute, &oc);
	if (oc.known)
		printf("occupancy: %.6g resident warps per SM (time average over %.6g waves), limited by %s\n\n",
		       oc.warps, oc.waves, occ_limiter_name[oc.limiter]);
	else
		printf("occupancy: no launch geometry in the profile: the preset's %d warps per SM (model default)\n\n",
		       g->warps_per_sm);

	printf("%-10s %10s %8s %10s %12s\n", "level", "instances", "KiB each", "hit ratio", "latency cyc");
	printf("%-10s %10d %8.6g %10.4f %12.6g\n", "l1", m->l1_count, m->l1_bytes / 1024.0, m->l1_hit, m->l1_lat);
	printf("%-10s %10d %8.6g %10.4f %12.6g\n", "llc", m->llc_slices, m->llc_bytes / 1024.0 / m->llc_slices,
	       m->llc_hit, m->llc_lat);
	if (m->ext_frac > 0.0)
		printf("%-10s %10d %8.6g %10.4f %12s  (share of LLC requests %.4f)\n", "ext_llc", m->n_cache,
		       m->n_cache ? m->ext_bytes / 1024.0 / m->n_cache : 0.0, m->ext_hit, "-", m->ext_frac);
	printf("%-10s %10d %8s %10s %12.6g\n", "dram", m->dram_channels, "-", "-", m->dram_lat);
	printf("noc: one-way %.6g cycles; request %.6g cycles/port (%d ports), response %.6g cycles/port (%d ports)\n",
	       m->noc_lat, m->noc_service_req, m->noc_req_ports, m->noc_service_resp, m->noc_resp_ports);
	if (g->l1_banks > 0) {   /* models/ldst.h: which figure the l1 station's service used */
		double cyc = gpu_ldst_record(g, w);
		if (cyc > 0.0)
			printf("l1 access stage: %.6g cycles per memory instruction at %d banks, exact (the profile's ldst record)\n",
			       cyc, g->l1_banks);
		else
			printf("l1 access stage: %d banks, the expectation from lines and sectors per instruction (models/ldst.h; "
			       "the profile has no ldst record)\n", g->l1_banks);
	}
	if (g->llc_mshr > 0 && w->llc_pend) {   /* models/llc_mshr.h: which [N] the LLC MSHR term used */
		llc_mshr_fill_t full;
		llc_mshr_full_window(g, w, &full);
		if (w->llc_deg.bin)
			printf("llc mshr sharers: %.6g other SMs per fill, exact degrees (the profile's sharers record: %zu degrees "
			       "from %d to %d, llc_mshr.h [N']); held per fill with every sharer in the window %.4g (merge %d)\n",
			       w->llc_sharers, w->llc_deg.n, w->llc_deg.bin[0].d, w->llc_deg.bin[w->llc_deg.n - 1].d, full.held,
			       g->llc_mshr_merge);
		else
			printf("llc mshr sharers: %.6g other SMs per fill, the least-variance degrees of C_1 / C_g - 1 "
			       "(llc_mshr.h [N]; the profile has no sharers record); held per fill with every sharer in the "
			       "window %.4g (merge %d)\n", w->llc_sharers, full.held, g->llc_mshr_merge);
		double vh = 0.0, vf = 0.0;   /* the solved window's: llc_held over llc_mshr visits (fills) */
		for (int i = 0; i < det->n; i++) {
			if (!strcmp(det->st[i].name, "llc_held"))
				vh = det->st[i].visits;
			if (!strcmp(det->st[i].name, "llc_mshr"))
				vf = det->st[i].visits;
		}
		if (vf > 0.0)
			printf("llc mshr sharers: held per fill in the solved window %.4g (llc_held / llc_mshr visits)\n", vh / vf);
	}
	print_mech_outputs(o);
	printf("\n");

	printf("closed network: population %.6g, throughput %.6g warp inst/cycle, cycle %.6g, %d MVA iterations\n",
	       det->population, det->x_network, det->cycle, det->iterations);
	printf("%-16s %-6s %10s %9s %8s %7s %5s %10s %7s %10s %10s\n", "station", "class", "visits/in",
	       "service", "delay", "copies", "skew", "demand/in", "util", "queue+svc", "latency");
	for (int i = 0; i < det->n; i++) {
		const gpu_station_report_t *s = &det->st[i];
		printf("%-16s %-6s %10.5g %9.5g %8.5g %7d %5.3g %10.5g %7.4f %10.5g %10.5g\n", s->name,
		       cpi_class_name[s->cls], s->visits, s->service, s->delay, s->copies,
		       s->skew > 0 ? s->skew : 1.0, s->demand, s->util, s->resid, s->delay_resid);
	}
	printf("%-16s %-6s %10.5g %9s %8.5g\n", "dep", "dep", 1.0, "-", m->dep_delay);
	if (det->sync_on)      /* models/barrier_sync.h */
		printf("barrier phases (barrier_sync.h): T_D %.6g + L %.6g over C %.4g CTAs/SM, D_max %.6g -> T %.6g "
		       "cycles: throughput %.6g warp inst/cycle (%s)\n",
		       det->sync_td, det->sync_l, det->sync_ctas, det->sync_dmax, det->sync_t, det->throughput,
		       det->throughput < det->x_network ? "binds" : "the network's binds");
	else if (w->p->shape.has_bar && w->p->shape.bar > 0.0)
		printf("barrier phases: not evaluated (the profile has barriers but no phases record, or no launches)\n");
	if (det->lock_on)      /* models/lockstep.h */
		printf("lock step (lockstep.h): T_D %.6g + path %.6g (S %.6g x l %.6g, or the longest warp's) + N %.6g x l_st %.6g "
		       "= T_lock %.6g cycles, steady state %.6g: throughput %.6g warp inst/cycle (%s)\n",
		       det->lock_td, det->lock_path, det->lock_seq, det->lock_l, det->lock_waves, det->lock_lst, det->lock_t,
		       det->x_sync > 0 ? w->p->insts / det->x_sync : 0.0, det->throughput,
		       det->throughput < det->x_sync ? "binds" : "the steady state binds");
	if (det->lock_on && det->lock_held_t > 0.0)   /* lockstep.h [L6] */
		printf("  held fills (lockstep.h [L6]): K_L %.6g intervals x P_L %.4g (F %.4g fills per interval, h_L %.4g held per fill) "
		       "x T_f %.6g = %.6g cycles, in the path\n",
		       det->lock_held_k, det->lock_held_p,
		       det->lock_held_f, det->lock_held_h, det->lock_held_tf, det->lock_held_t);
	else if (det->lock_on)
		printf("  held fills (lockstep.h [L6]): none (no sector has more readers in a wave than the LLC MSHR merges, or no LLC MSHR refinement)\n");
	if (det->lock_on || det->sync_on) {   /* barrier_sync.h [B5]: where the record says which launch */
		const profile_shape_t *sh = &w->p->shape;
		int tagged = (sh->n_wait > 0 && sh->wait[0].launch >= 0) || (sh->n_phase > 0 && sh->phase[0].launch >= 0);
		printf("  intervals: %s%s\n", tagged ? "each on the SMs of its own launch entry (barrier_sync.h [B5])"
		                                      : "every one on the kernel's SMs (the record has no launch entries: a profile before [B5])",
		       tagged && g->subcores > 1 ? ", on its warps' sub-cores ([B6])" : "");
	}
	if (!det->lock_on)
		printf("lock step (lockstep.h): not evaluated (the profile has no waits record, or a launch without its instruction count)\n");
	printf("\n");

	double cpi = 0.0;
	for (int i = 0; i < CPI_N; i++)
		cpi += o->cpi[i];
	printf("CPI stack per compute SM (total %.6g cycles per warp instruction)\n", cpi);
	for (int i = 0; i < CPI_N; i++)
		printf("  %-8s %12.6g  %5.1f%%\n", cpi_class_name[i], o->cpi[i], cpi > 0 ? 100.0 * o->cpi[i] / cpi : 0.0);
	printf("\n");

	printf("%-8s %14s %12s %14s %7s %12s\n", "energy", "dyn pJ/inst", "static W", "joules", "share", "area mm^2");
	for (int i = 0; i < EC_N; i++)
		printf("%-8s %14.6g %12.6g %14.6g %6.1f%% %12.6g\n", ecomp_name[i], det->dyn_pj_per_inst[i],
		       det->static_w[i], o->energy_comp_j[i],
		       o->energy_j > 0 ? 100.0 * o->energy_comp_j[i] / o->energy_j : 0.0, o->area_comp_mm2[i]);
	printf("baseline area, energy and leakage from (models/tech_gpu.h; issue 22)\n");
	for (int i = EC_RF; i <= EC_LLC; i++) {
		char src[480];
		tech_gpu_describe(g, i, 1.0, src, sizeof src);
		printf("  %-8s %s\n", ecomp_name[i], src);
	}
	printf("\n");

	printf("result\n");
	printf("  %-22s %14.6g\n", "ipc", o->ipc);
	printf("  %-22s %14.6g\n", "cycles", o->cycles);
	printf("  %-22s %14.6g  s\n", "time", o->time_s);
	printf("  %-22s %14.6g  J\n", "energy", o->energy_j);
	printf("  %-22s %14.6g  W\n", "power", o->power_w);
	printf("  %-22s %14.6g  warp inst/J\n", "perf_per_watt", o->perf_per_watt);
	printf("  %-22s %14.6g  mm^2 (chip with SM logic: %.6g)\n", "memory-system area", o->area_mm2, o->area_chip_mm2);
	printf("  %-22s %14.6g / %.6g / %.6g\n", "hit l1 / llc / ext", o->l1_hit, o->llc_hit, o->ext_hit);
	printf("  %-22s %14.6g / %.6g\n", "apki l1 / llc", o->l1_apki, o->llc_apki);
	printf("  %-22s %14.6g\n", "dram bytes/kinst", o->dram_bpki);
	printf("  %-22s %14.4f / %.4f / %.4f / %.4f\n", "util sm/noc/llc/dram", o->sm_util, o->noc_util,
	       o->llc_util, o->dram_util);
}

static void print_compare(const char *bstr, const metrics_t *o, const metrics_t *b)
{
	printf("\nversus %s\n", bstr);
	printf("  %-22s %14.6g\n", "speedup", b->ipc > 0 ? o->ipc / b->ipc : 0.0);
	printf("  %-22s %14.6g\n", "energy ratio", b->energy_j > 0 ? o->energy_j / b->energy_j : 0.0);
	printf("  %-22s %14.6g\n", "perf/W ratio", b->perf_per_watt > 0 ? o->perf_per_watt / b->perf_per_watt : 0.0);
	printf("  %-22s %14.6g\n", "area ratio", b->area_mm2 > 0 ? o->area_mm2 / b->area_mm2 : 0.0);
	printf("  %-8s %12s %12s %12s\n", "cpi", "design", "baseline", "delta");
	for (int i = 0; i < CPI_N; i++)
		printf("  %-8s %12.6g %12.6g %+12.6g\n", cpi_class_name[i], o->cpi[i], b->cpi[i], o->cpi[i] - b->cpi[i]);
	printf("  %-8s %12s %12s %12s\n", "energy J", "design", "baseline", "delta");
	for (int i = 0; i < EC_N; i++)
		printf("  %-8s %12.6g %12.6g %+12.6g\n", ecomp_name[i], o->energy_comp_j[i], b->energy_comp_j[i],
		       o->energy_comp_j[i] - b->energy_comp_j[i]);
}

static void json_compare(cJSON *r, const char *bstr, const metrics_t *o, const metrics_t *b)
{
	cJSON *c = cJSON_AddObjectToObject(r, "versus");
	cJSON_AddStringToObject(c, "design", bstr);
	cJSON_AddNumberToObject(c, "ipc", b->ipc);
	cJSON_AddNumberToObject(c, "energy_j", b->energy_j);
	cJSON_AddNumberToObject(c, "area_mm2", b->area_mm2);
	cJSON_AddNumberToObject(c, "speedup", b->ipc > 0 ? o->ipc / b->ipc : 0.0);
	cJSON_AddNumberToObject(c, "energy_ratio", b->energy_j > 0 ? o->energy_j / b->energy_j : 0.0);
	cJSON_AddNumberToObject(c, "perf_per_watt_ratio", b->perf_per_watt > 0 ? o->perf_per_watt / b->perf_per_watt : 0.0);
	cJSON_AddNumberToObject(c, "area_ratio", b->area_mm2 > 0 ? o->area_mm2 / b->area_mm2 : 0.0);
	cJSON *cpi = cJSON_AddObjectToObject(c, "cpi");
	for (int i = 0; i < CPI_N; i++)
		cJSON_AddNumberToObject(cpi, cpi_class_name[i], b->cpi[i]);
	cJSON *en = cJSON_AddObjectToObject(c, "energy_j_by_component");
	for (int i = 0; i < EC_N; i++)
		cJSON_AddNumberToObject(en, ecomp_name[i], b->energy_comp_j[i]);
}

static cJSON *json_report(const gpu_t *g, const char *dstr, const workload_t *wl, const memsys_t *m,
                          const metrics_t *o, const gpu_detail_t *det)
{
	const wctx_t *w = wl->ctx;
	cJSON *r = cJSON_CreateObject();
	cJSON_AddStringToObject(r, "gpu", g->name);
	cJSON_AddStringToObject(r, "workload", wl->prof.name);
	cJSON_AddStringToObject(r, "profile", wl->path);
	cJSON_AddStringToObject(r, "design", dstr);
	cJSON_AddNumberToObject(r, "insts", wl->prof.insts);

	cJSON *wr = cJSON_AddObjectToObject(r, "workload_rates");
	json_add_keys(wr, &memsys_json, m, NULL, "mem_per_inst req_per_mem bytes_per_req write_frac", NULL);
	cJSON_AddNumberToObject(wr, "dep_cycles", w->dep_cycles);
	cJSON_AddBoolToObject(wr, "dep_cycles_default", !wl->prof.has_dep_cycles && !w->dep_measured);
	cJSON_AddNumberToObject(wr, "mlp", w->mlp);
	cJSON_AddBoolToObject(wr, "mlp_default", !wl->prof.has_mlp && !(shape_mlp_mean(&wl->prof.shape) > 0));
	json_add_keys(wr, &memsys_json, m, NULL, "rf_reads_per_inst rf_writes_per_inst", NULL);

	json_add_keys(cJSON_AddObjectToObject(r, "memsys"), &memsys_json, m, NULL, "n_compute n_cache "
		"n_gated warps mlp issue_service rf_service dep_delay l1_count l1_bytes l1_hit l1_lat "
		"l1_service noc_lat noc_service_req noc_service_resp noc_service_reply_src noc_req_ports noc_resp_ports llc_bytes "
		"llc_hit llc_lat llc_service llc_slices ext_frac ext_bytes ext_hit ext_miss_extra dram_lat "
		"dram_service dram_channels replication rfc_hit stt_writes_per_inst", NULL);
	occ_t oc;                                      /* models/occupancy.h */
	occ_profile(g, &wl->prof, m->n_compute, &oc);
	cJSON *occ = cJSON_AddObjectToObject(r, "occupancy");
	cJSON_AddBoolToObject(occ, "default", !oc.known);
	cJSON_AddNumberToObject(occ, "warps_per_sm", oc.warps);
	cJSON_AddNumberToObject(occ, "waves", oc.waves);
	cJSON_AddStringToObject(occ, "limiter", occ_limiter_name[oc.limiter]);

	if (g->llc_mshr > 0 && w->llc_pend) {           /* models/llc_mshr.h [N] or [N'] */
		llc_mshr_fill_t full;
		llc_mshr_full_window(g, w, &full);
		cJSON *lm = cJSON_AddObjectToObject(r, "llc_mshr");
		cJSON_AddNumberToObject(lm, "sharers", w->llc_sharers);
		cJSON_AddStringToObject(lm, "degrees", w->llc_deg.bin ? "sharers record" : "least-variance split");
		cJSON_AddNumberToObject(lm, "held_full_window", full.held);
	}

	cJSON *net = cJSON_AddObjectToObject(r, "network");
	json_add_all(net, &detail_json, det, NULL);
	cJSON *sts = cJSON_AddArrayToObject(net, "stations");
	for (int i = 0; i < det->n; i++) {
		const gpu_station_report_t *s = &det->st[i];
		cJSON *o1 = cJSON_CreateObject();
		json_add_keys(o1, &station_report_json, s, NULL, "name", NULL);
		cJSON_AddStringToObject(o1, "class", cpi_class_name[s->cls]);
		json_add_keys(o1, &station_report_json, s, NULL, "visits_per_inst service delay copies skew "
			"demand_per_inst util resid_per_inst latency_per_inst", NULL);
		cJSON_AddItemToArray(sts, o1);
	}
	cJSON *cpi = cJSON_AddObjectToObject(r, "cpi");
	for (int i = 0; i < CPI_N; i++)
		cJSON_AddNumberToObject(cpi, cpi_class_name[i], o->cpi[i]);
	cJSON *en = cJSON_AddObjectToObject(r, "energy");
	for (int i = 0; i < EC_N; i++) {
		cJSON *c = cJSON_AddObjectToObject(en, ecomp_name[i]);
		cJSON_AddNumberToObject(c, "dyn_pj_per_inst", det->dyn_pj_per_inst[i]);
		cJSON_AddNumberToObject(c, "static_w", det->static_w[i]);
		cJSON_AddNumberToObject(c, "joules", o->energy_comp_j[i]);
	}
	cJSON *ar = cJSON_AddObjectToObject(r, "area_mm2");
	for (int i = 0; i < EC_N; i++)
		cJSON_AddNumberToObject(ar, ecomp_name[i], o->area_comp_mm2[i]);
	cJSON *res = cJSON_AddObjectToObject(r, "metrics");
	json_add_keys(res, &metrics_json, o, NULL, "ipc cycles time_s energy_j power_w perf_per_watt "
		"area_mm2 area_chip_mm2 l1_hit llc_hit ext_hit l1_apki llc_apki dram_bpki sm_util noc_util "
		"llc_util dram_util", NULL);
	for (size_t i = 0; i < n_metric_cols; i++)   /* the mechanisms' columns (mech.h) */
		if (mech_of_column(metric_cols[i].name))
			cJSON_AddNumberToObject(res, metric_cols[i].name, metric_value(&metric_cols[i], o));
	return r;
}

int cmd_explain(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, CMD, argc - 1, argv + 1);
	const char *gpu_name = args_str(&a, "--gpu", NULL);
	const char *wl_spec = args_str(&a, "--workload", NULL);
	const char *dspec = args_str(&a, "--design", "");
	const char *bspec = args_str(&a, "--baseline", NULL);
	const char *db = args_path(&a, "--db", NULL);
	const char *run_s = args_str(&a, "--run", "latest");
	int as_json = args_flag(&a, "--json");
	const char *uspec = args_str(&a, "--uncert", "all");
	double level = args_double(&a, "--level", 0.9, 0.01, 0.999);
	int rc = args_finish(&a, 0);
	if (rc)
		return rc;
	unsigned umask;
	if ((rc = usrc_parse(CMD ": --uncert", uspec, &umask)))
		return rc;
	if (db && gpu_name)
		return err_user(CMD ": --db and --gpu exclude each other (the run's own preset is used)");
	if (!db && !gpu_name)
		return err_user(CMD ": --gpu is required (gpudse list gpus)");
	if (!wl_spec)
		return err_user(CMD ": --workload is required (gpudse list workloads)");

	gpu_t g;
	design_t d;
	char err[256];
	explain_stored_t stored;
	workload_t wl;
	if (db) {
		if ((rc = explain_db_load(db, run_s, dspec, wl_spec, &g, &d, &wl, &stored)))
			return rc;
	} else {
		if ((rc = gpu_load(gpu_name, &g)))
			return rc;
		if (design_parse(dspec, &d, err, sizeof err) != 0)
			return err_user(CMD ": --design: %s", err);
	}
	const char *why = NULL;
	design_t bd;
	if (gpu_design_check(&g, &d, &why) != 0)
		rc = err_user(CMD ": --design: illegal on %s: %s", g.name, why);
	else if (bspec && design_parse(bspec, &bd, err, sizeof err) != 0)
		rc = err_user(CMD ": --baseline: %s", err);
	else if (bspec && gpu_design_check(&g, &bd, &why) != 0)
		rc = err_user(CMD ": --baseline: illegal on %s: %s", g.name, why);
	if (rc) {
		if (db)
			workload_free(&wl);
		return rc;
	}

	if (!db && (rc = workload_load_one(CMD, "--workload", wl_spec, &g, &wl)))
		return rc;

	memsys_t m;
	metrics_t o;
	gpu_detail_t det;
	if (gpu_eval_detail(&g, &d, wl.ctx, &m, &o, &det, &why) != 0) {
		workload_free(&wl);
		return err_user(CMD ": --design: %s", why);
	}
	metrics_t bo;
	char dstr[1024], bstr[1024];
	design_string(&d, dstr, sizeof dstr);
	if (bspec) {
		gpu_eval(&g, &bd, wl.ctx, &bo, &why); /* legal: checked above */
		design_string(&bd, bstr, sizeof bstr);
	}
	/* the error of the result (issue 23): the stored rows of the run, else the sources
	 * evaluated now on this design and the baseline */
	store_uncert_t *urows = db ? stored.unc : NULL;
	int nurows = db ? stored.n_unc : 0;
	char uorigin[160];
	if (db) {
		snprintf(uorigin, sizeof uorigin, "stored with run %lld", (long long)stored.run_id);
	} else if (umask) {
		usrc_t u;
		design_t ud[2];
		ud[1] = d;
		if (bspec)
			ud[0] = bd;
		else
			design_default(&ud[0]);
		snprintf(uorigin, sizeof uorigin, "evaluated now (speedup against %s)", bspec ? "--baseline" : "the default design");
		int max = (int)n_metric_cols * 3;
		urows = malloc((size_t)max * sizeof *urows);
		if (!urows || (rc = usrc_init(&u, umask & ~US_CALIBRATION, NULL, 1))) {
			free(urows);
			workload_free(&wl);
			return rc ? rc : err_internal(CMD ": out of memory");
		}
		nurows = usrc_workload(&u, &g, ud, 2, &wl, 0, urows, max);
		usrc_free(&u);
		if (nurows < 0) {
			free(urows);
			workload_free(&wl);
			return EXIT_USER;
		}
	}
	const metrics_t *um = db ? &stored.m : &o;
	if (as_json) {
		cJSON *r = json_report(&g, dstr, &wl, &m, &o, &det);
		if (bspec)
			json_compare(r, bstr, &o, &bo);
		if (db)
			explain_db_json(r, &stored, &o);
		if (umask)
			explain_uncert_json(r, um, urows, nurows, umask, level, uorigin);
		rc = json_print(r, CMD);
		if (rc) {
			free(urows);
			workload_free(&wl);
			return rc;
		}
	} else {
		print_text(&g, dstr, &wl, &m, &o, &det);
		if (bspec)
			print_compare(bstr, &o, &bo);
		if (db)
			explain_db_print(&stored, &o);
		if (umask)
			explain_uncert_print(um, urows, nurows, umask, level, uorigin);
	}
	free(urows);
	workload_free(&wl);
	if (fflush(stdout) != 0 || ferror(stdout))
		return err_internal(CMD ": writing the report failed");
	return 0;
}
