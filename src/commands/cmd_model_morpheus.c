/* cmd_model_morpheus.c -- `gpudse model morpheus`: the Morpheus model (models/morpheus.h,
 * models/bfpred.h) evaluated directly, every intermediate term as JSON. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "commands/commands.h"
#include "commands/json_tables.h"
#include "json_writer.h"
#include "presets/gpu_json.h"
#include "knobs.h"
#include "dcl1.h"
#include "fuse.h"
#include "malekeh.h"
#include "morpheus.h"
#include "study.h"
#include "workload.h"

const char help_model_morpheus[] =
	"usage: gpudse model morpheus [--gpu G] [--impl rf|rf_l1|l1] [--rf-warps N --l1-warps N]\n"
	"                             [--comp HIGH,LOW,NONE] [--hashes K] [--bf-bytes B]\n"
	"                             [--workload W [--design 'knob=value,...']]\n"
	"\n"
	"Morpheus (paper 000): the extended LLC that SMs in cache mode build from their register\n"
	"file and L1 (§4.2.1 layout: registers per thread, data-array, metadata and auxiliary\n"
	"registers), the controller sizing and costs (§4.1.2, §4.1.3, §7.5), the per-implementation\n"
	"latency, bandwidth and energy (§5), and, with --workload, every term of one design point:\n"
	"address separation, hit ratios, the two-filter predictor chain, the cache-mode SM station,\n"
	"the extra NoC load, energy, power and area, and the GPU model's resulting metrics.\n"
	"\n"
	"options:\n"
	"  --gpu G            GPU preset name or file (default rtx3080)\n"
	"  --impl I           rf (48 RF warps), rf_l1 (32 RF + 16 L1 warps, default), l1 (48 L1 warps)\n"
	"  --rf-warps N       override the implementation's RF warps (e.g. 8: 239 KiB on the RTX 3080)\n"
	"  --l1-warps N       override its L1 warps\n"
	"  --comp H,L,N       shares of blocks compressible 4x, 2x, not at all (BDI, §4.3.1) for the\n"
	"                     layout (default: the workload's comp_frac, else none)\n"
	"  --hashes K         hash functions per Bloom filter (default 2)\n"
	"  --bf-bytes B       bytes per Bloom filter (default 32, §4.1.2)\n"
	"  --workload W       a profile (file or name): evaluate one design point on it\n"
	"  --design SPEC      the design, knob=value pairs (default mor_cache_sms=20 and the\n"
	"                     baseline); its mor_impl is used when --impl is absent\n"
	"\n"
	"examples:\n"
	"  gpudse model morpheus --impl rf --rf-warps 8\n"
	"  gpudse model morpheus --workload r-kmeans --design mor_cache_sms=28,mor_imov=1\n";

#define CMD "model morpheus"

static const char *const impl_name[MOR_NIMPL] = { "rf", "rf_l1", "l1" };

static cJSON *json_layout(const mor_layout_t *L)
{
	cJSON *o = cJSON_CreateObject();
	json_add_keys(o, &mor_layout_json, L, NULL, "rf_warps l1_warps sets warp_regs", NULL);
	if (L->rf_warps > 0) {
		json_add_all(cJSON_AddObjectToObject(o, "rf_set"), &mor_rf_set_json, &L->rf, NULL);
		json_add_all(cJSON_AddObjectToObject(o, "rf_set_compressed"), &mor_rf_set_json, &L->rf_comp, NULL);
	}
	json_add_keys(o, &mor_layout_json, L, NULL, "l1_ways rf_kib rf_kib_eff l1_kib kib kib_eff", NULL);
	return o;
}

static cJSON *json_params(const mor_params_t *p)
{
	cJSON *o = cJSON_CreateObject();
	json_add_keys(o, &mor_params_json, p, NULL, "max_regs aux_rf aux_l1 block_bytes", NULL);
	cJSON *im = cJSON_AddObjectToObject(o, "impl");
	for (int i = 0; i < MOR_NIMPL; i++) {
		cJSON *x = cJSON_AddObjectToObject(im, impl_name[i]);
		json_add_num(x, "rf_warps", p->rf_warps[i]);
		json_add_num(x, "l1_warps", p->l1_warps[i]);
		json_add_num(x, "lat_ns", p->lat_ns[i]);
		json_add_num(x, "bw_gbps", p->bw_gbps[i]);
		json_add_num(x, "e_pj_per_byte", p->e_pj_per_byte[i]);
	}
	json_add_keys(o, &mor_params_json, p, NULL, "miss_extra_ns imov_save_ns comp_lat_ns msg_bytes bf_bytes "
		"bf_hashes max_cache_frac query_kib ctrl_power_frac ref_power_w ref_partitions", NULL);
	return o;
}

static cJSON *json_eval(const mor_eval_t *e)
{
	cJSON *o = cJSON_CreateObject();
	json_add_keys(o, &mor_eval_json, e, NULL, "on n_cache n_compute compress_used conv_kib ext_kib "
		"ext_kib_eff ext_frac rf_share llc_hit ext_hit ext_hit_rf ext_hit_l1", NULL);
	json_add_all(cJSON_AddObjectToObject(o, "pred_rf"), &bfpred_json, &e->pred_rf, NULL);
	json_add_all(cJSON_AddObjectToObject(o, "pred_l1"), &bfpred_json, &e->pred_l1, NULL);
	json_add_keys(o, &mor_eval_json, e, NULL, "p_fwd lookups_per_ext_req fills_per_ext_req hit_ns "
		"unit_cyc station_service_cyc station_delay_cyc miss_extra_cyc noc_flits_per_ext_req "
		"noc_service_req_add_cyc e_ext_pj_per_inst ctrl_w ctrl_mm2", NULL);
	return o;
}

/* "a,b,c" -> three non-negative shares with a positive sum. */
static int parse_comp(const char *s, double c[3])
{
	char *end;
	for (int i = 0; i < 3; i++) {
		c[i] = strtod(s, &end);
		if (end == s || !(c[i] >= 0.0) || !isfinite(c[i]))
			return -1;
		if (i < 2 && *end != ',')
			return -1;
		s = end + (i < 2);
	}
	return *end == '\0' && c[0] + c[1] + c[2] > 0.0 ? 0 : -1;
}

int cmd_model_morpheus(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, CMD, argc - 1, argv + 1);
	const char *gpu_name = args_str(&a, "--gpu", "rtx3080");
	const char *impl_s = args_str(&a, "--impl", NULL);
	long rfw = args_long(&a, "--rf-warps", -1, 0, 1024);
	long l1w = args_long(&a, "--l1-warps", -1, 0, 1024);
	const char *comp_s = args_str(&a, "--comp", NULL);
	long hashes = args_long(&a, "--hashes", 2, 1, 16);
	long bfb = args_long(&a, "--bf-bytes", 32, 1, 4096);
	const char *wl_spec = args_str(&a, "--workload", NULL);
	const char *dspec = args_str(&a, "--design", NULL);
	int rc = args_finish(&a, 0);
	if (rc)
		return rc;
	if (dspec && !wl_spec)
		return err_user(CMD ": --design needs --workload");

	gpu_t g;
	if ((rc = gpu_load(gpu_name, &g)))
		return rc;
	design_t d;
	char err[256];
	design_default(&d);
	d.mor_cache_sms = 20;
	if (dspec) {
		if (design_parse(dspec, &d, err, sizeof err) != 0)
			return err_user(CMD ": --design: %s", err);
		if (!strstr(dspec, "mor_cache_sms"))
			d.mor_cache_sms = 20;
	}
	int impl = d.mor_impl;
	if (impl_s) {
		impl = -1;
		for (int i = 0; i < MOR_NIMPL; i++)
			if (strcmp(impl_s, impl_name[i]) == 0)
				impl = i;
		if (impl < 0)
			return err_user(CMD ": --impl: expected rf, rf_l1 or l1, got \"%s\"", impl_s);
		d.mor_impl = impl;
	}
	double comp[3];
	int have_comp = 0;
	if (comp_s) {
		if (parse_comp(comp_s, comp) != 0)
			return err_user(CMD ": --comp: expected three non-negative shares HIGH,LOW,NONE, got \"%s\"", comp_s);
		have_comp = 1;
	}

	mor_params_t par;
	morpheus_params_default(&g, &par);
	par.bf_hashes = (int)hashes;
	par.bf_bytes = (int)bfb;
	if (rfw >= 0)
		par.rf_warps[impl] = (int)rfw;
	if (l1w >= 0)
		par.l1_warps[impl] = (int)l1w;
	if (par.rf_warps[impl] + par.l1_warps[impl] > g.warps_per_sm)
		return err_user(CMD ": --rf-warps + --l1-warps: %d exceeds the %d warps of an SM",
		                par.rf_warps[impl] + par.l1_warps[impl], g.warps_per_sm);

	workload_t wl;
	int have_wl = 0;
	if (wl_spec) {
		const char *why = NULL;
		if (gpu_design_check(&g, &d, &why) != 0)
			return err_user(CMD ": --design: illegal on %s: %s", g.name, why);
		rc = workload_load_one(CMD, "--workload", wl_spec, &g, &wl);
		if (rc)
			return rc;
		have_wl = 1;
		if (!have_comp && wl.prof.has_comp) {
			memcpy(comp, wl.prof.comp_frac, sizeof comp);
			have_comp = 1;
		}
	}

	mor_layout_t L;
	if (morpheus_layout_impl(&g, &par, impl, have_comp ? comp : NULL, &L) != 0) {
		if (have_wl)
			workload_free(&wl);
		return err_user(CMD ": %d RF + %d L1 warps do not fit the %g KiB register file",
		                par.rf_warps[impl], par.l1_warps[impl], g.rf_kib);
	}

	cJSON *root = cJSON_CreateObject();
	cJSON_AddStringToObject(root, "model", "morpheus");
	cJSON_AddStringToObject(root, "gpu", g.name);
	cJSON_AddStringToObject(root, "impl", impl_name[impl]);
	if (have_comp) {
		cJSON *c = cJSON_AddArrayToObject(root, "comp");
		for (int i = 0; i < 3; i++)
			cJSON_AddItemToArray(c, cJSON_CreateNumber(comp[i]));
	}
	cJSON_AddItemToObject(root, "params", json_params(&par));
	cJSON_AddItemToObject(root, "layout", json_layout(&L));
	cJSON *ctl = cJSON_AddObjectToObject(root, "controller");
	json_add_num(ctl, "max_cache_sms", morpheus_max_cache_sms(&g, &par));
	json_add_num(ctl, "max_sets", morpheus_max_sets(&g, &par));
	json_add_num(ctl, "sets_per_partition", morpheus_sets_per_partition(&g, &par));
	json_add_num(ctl, "bf_kib_per_partition", morpheus_bf_kib(&g, &par));
	json_add_num(ctl, "ctrl_kib_per_partition", morpheus_ctrl_kib(&g, &par));
	json_add_num(ctl, "fair_llc_scale", morpheus_fair_llc_scale(&g, &par));

	if (have_wl) {
		/* gpu_eval_detail's order, with this command's Morpheus parameters */
		mor_ctx_t *ctx = morpheus_ctx_alloc(&g, &wl.prof, &par);
		if (!ctx) {
			cJSON_Delete(root);
			workload_free(&wl);
			return err_internal(CMD ": out of memory");
		}
		memsys_t m;
		memsys_init(&g, &d, wl.ctx, &m);
		dcl1_apply(&g, &d, wl.ctx, &m);
		fuse_apply(&g, &d, wl.ctx, &m);
		mor_eval_t ev;
		morpheus_eval(&g, &d, wl.ctx, ctx, &m, &ev);
		malekeh_apply(&g, &d, wl.ctx, &m);
		metrics_t o;
		memsys_solve(&g, &m, wl.ctx, &o);
		morpheus_ctx_free(ctx);
		cJSON_AddStringToObject(root, "workload", wl.prof.name);
		cJSON *ds = cJSON_AddObjectToObject(root, "design");
		for (size_t i = 0; i < n_knobs; i++) {
			if (strcmp(knobs[i].family, "morpheus") != 0 && strcmp(knobs[i].family, "gpu") != 0)
				continue;
			char buf[64];
			knob_format(&knobs[i], &d, buf, sizeof buf);
			cJSON_AddStringToObject(ds, knobs[i].name, buf);
		}
		cJSON_AddItemToObject(root, "eval", json_eval(&ev));
		json_add_keys(cJSON_AddObjectToObject(root, "metrics"), &metrics_json, &o, NULL, "ipc cycles "
			"energy_j power_w perf_per_watt area_mm2 l1_hit llc_hit ext_hit noc_util dram_util cpi_ext "
			"cpi_dram energy_ext_j", NULL);
		workload_free(&wl);
	}
	return json_print(root, CMD);
}
