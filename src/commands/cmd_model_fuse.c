/* cmd_model_fuse.c -- `gpudse model fuse`: the FUSE hybrid L1 on a profile and a GPU preset,
 * every intermediate term of models/fuse.c as JSON. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "commands/commands.h"
#include "commands/json_tables.h"
#include "commands/model_setup.h"
#include "design.h"
#include "fuse.h"
#include "json_writer.h"

const char help_model_fuse[] =
	"usage: gpudse model fuse --profile P.json [--gpu NAME] [--cfg CFG] [--sram-frac S]\n"
	"                         [--stt-org setassoc|fa] [--predictor] [--pred-acc Q]\n"
	"\n"
	"The FUSE hybrid SRAM + STT-MRAM L1 (HPCA 2019) on one workload: capacities under the L1's\n"
	"area, read-level placement, hit rates per bank, STT reads/writes/migrations per L1 access,\n"
	"the FA bank's tag search (counting Bloom filters), the STT bank's blocking (tag queue, swap\n"
	"buffer), the edits of the GPU model's memory system, and IPC/energy/area against L1-SRAM.\n"
	"  --gpu NAME       GPU preset (default fuse-15)\n"
	"  --cfg CFG        sram, stt, hybrid, base, fa, dy (default dy)\n"
	"  --sram-frac S    SRAM share of the L1 area (default 0.5)\n"
	"  --stt-org ORG    add the approximate fully-associative bank to hybrid/base\n"
	"  --predictor      add the read-level predictor to hybrid/base/fa\n"
	"  --pred-acc Q     predictor accuracy (default 0.95; the paper's worst: 0.85)\n"
	"\n"
	"example: gpudse model fuse --profile calibration/profiles/p-atax.json --cfg dy --sram-frac 0.5\n";

#define CMD "model fuse"

static const char *const cfg_names[FUSE_NCFG] = { "sram", "stt", "hybrid", "base", "fa", "dy" };

static void add_hit(cJSON *root, const fuse_hit_t *h)
{
	json_add_keys(cJSON_AddObjectToObject(root, "banks"), &fuse_hit_json, h, NULL, "sram_kib stt_kib "
		"hit_sram hit_stt hit", NULL);
	json_add_keys(cJSON_AddObjectToObject(root, "miniature_simulation"), &fuse_hit_json, h, NULL,
		"sample_rate sample_refs hit_standard_error", NULL);
	json_add_keys(cJSON_AddObjectToObject(root, "traffic_per_l1_access"), &fuse_hit_json, h, NULL,
		"sram_read sram_write stt_read stt_probe stt_write stt_fill stt_evict stt_update migrations", NULL);
	json_add_keys(cJSON_AddObjectToObject(root, "stt_bank_cycles"), &fuse_hit_json, h, NULL,
		"t_read t_probe t_write extra_latency_read extra_latency_probe", NULL);
	json_add_keys(cJSON_AddObjectToObject(root, "tag_search"), &tagsearch_json, &h->ts, NULL,
		"set_size fp_per_filter false_sets cycles_hit cycles_miss p_counter_saturates filter_bits", NULL);
}

/* The metrics compared between the SRAM L1 and the design. */
static const char metric_keys[] = "ipc l1_hit llc_hit stt_wpki energy_j energy_l1_j area_mm2 "
	"area_l1_mm2 cpi_l1";

int cmd_model_fuse(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, CMD, argc - 1, argv + 1);
	const char *pfile = args_str(&a, "--profile", NULL);
	const char *gname = args_str(&a, "--gpu", "fuse-15");
	const char *cfg = args_str(&a, "--cfg", "dy");
	double s = args_double(&a, "--sram-frac", 0.5, 0, 1);
	const char *org = args_str(&a, "--stt-org", NULL);
	int pred = args_flag(&a, "--predictor");
	double q = args_double(&a, "--pred-acc", 0.95, 0, 1);
	int rc = args_finish(&a, 0);
	if (rc)
		return rc;
	if (!pfile)
		return err_user(CMD ": --profile: required");

	design_t d;
	design_default(&d);
	if ((rc = model_setup_knob(CMD, &d, "--cfg", "fuse_cfg", cfg)) ||
	    (org && (rc = model_setup_knob(CMD, &d, "--stt-org", "fuse_stt_org", org))))
		return rc;
	d.fuse_sram_frac = s;
	d.fuse_predictor = pred;
	d.fuse_pred_acc = q;

	model_setup_t ms;
	if ((rc = model_setup_gpu(&ms, CMD, gname)))
		return rc;
	const char *why = NULL;
	if (gpu_design_check(&ms.g, &d, &why) != 0)
		return err_user(CMD ": %s", why);
	if ((rc = model_setup_profile(&ms, pfile)))
		goto out;
	if (!ms.w->mech[MECH_FUSE]) {
		rc = err_user(CMD ": %s: no \"fuse_sample\" (profiles made before issue 21): "
		              "regenerate it with gpudse profile / gpudse trace --profile", pfile);
		goto out;
	}
	if ((rc = model_setup_eval(&ms, &d, NULL)))
		goto out;
	const fuse_ctx_t *ctx = ms.w->mech[MECH_FUSE];
	cJSON *root = cJSON_CreateObject();
	cJSON_AddStringToObject(root, "model", "fuse");
	cJSON *in = cJSON_AddObjectToObject(root, "inputs");
	cJSON_AddStringToObject(in, "gpu", ms.g.name);
	cJSON_AddStringToObject(in, "profile", pfile);
	cJSON_AddStringToObject(in, "workload", ms.p.name);
	cJSON_AddStringToObject(in, "cfg", cfg_names[d.fuse_cfg]);
	json_add_num(in, "sram_frac", s);
	json_add_num(in, "pred_acc", q);
	{
		/* the sample's read-level classes: shares of its keys and of its accesses */
		double kn[RL_NCLASS] = { 0 }, an[RL_NCLASS] = { 0 };
		const profile_minisample_t *sm = &ctx->sample;
		for (size_t k = 0; k < sm->n_keys; k++)
			kn[ctx->cls[k]] += 1.0 / (double)sm->n_keys;
		for (size_t i = 0; i < sm->n_refs; i++)
			an[ctx->cls[sm->ref[i] >> 1]] += 1.0 / (double)sm->n_refs;
		cJSON *wk = cJSON_AddObjectToObject(root, "workload_sample");
		json_add_num(wk, "rate", sm->rate);
		json_add_num(wk, "sms", sm->n_sm);
		json_add_num(wk, "blocks", (double)sm->n_keys);
		json_add_num(wk, "accesses", (double)sm->n_refs);
		for (int k = 0; k < RL_NCLASS; k++) {
			cJSON *c = cJSON_AddObjectToObject(wk, rl_class_name[k]);
			json_add_num(c, "block_frac", kn[k]);
			json_add_num(c, "access_frac", an[k]);
		}
	}
	fuse_org_t o;
	if (fuse_org_from_design(&d, &o) == 0) {
		fuse_eff_t e;
		memsys_t m0;
		memsys_init(&ms.g, &d, ms.w, &m0);
		if (fuse_effects(&ms.g, ctx, &o, &m0, &e) != 0) {
			cJSON_Delete(root);
			rc = err_internal(CMD ": fuse_effects failed");
			goto out;
		}
		cJSON *og = cJSON_AddObjectToObject(root, "organisation");
		cJSON_AddBoolToObject(og, "pure_stt", o.pure_stt);
		cJSON_AddBoolToObject(og, "blocking", o.blocking);
		cJSON_AddBoolToObject(og, "approx_fully_assoc", o.fa);
		static const char *const places[] = { "victim", "predictor", "oracle" };
		cJSON_AddStringToObject(og, "placement", places[o.placement]);
		cJSON_AddBoolToObject(og, "migrate", o.migrate);
		add_hit(root, &e.hit);
		cJSON *bl = cJSON_AddObjectToObject(root, "blocking");
		json_add_keys(bl, &fuse_eff_json, &e, NULL, "l1_accesses_per_cycle_per_sm", NULL);
		json_add_keys(bl, &stt_load_json, &e.load, NULL, "lam_read lam_probe lam_write lam_evict lam_update", NULL);
		json_add_keys(bl, &stt_block_json, &e.blk, NULL, "rho p_block_tag_queue p_block_swap_buffer "
			"wait stall_per_cycle", NULL);
		json_add_keys(bl, &fuse_eff_json, &e, NULL, "stall_per_l1_access", NULL);
		json_add_keys(cJSON_AddObjectToObject(root, "effects"), &fuse_eff_json, &e, NULL,
			"stt_station_visits_per_l1_access stt_station_service stt_station_delay "
			"e_l1_pj_per_access e_l1_delta_pj_per_inst leak_ratio p_l1_delta_w area_l1_delta_mm2", NULL);
	}
	model_setup_memsys_json(root, &ms, "l1_bytes l1_hit l1_lat l1_service stt_writes_per_inst "
		"e_l1_pj_per_inst_extra p_static_l1_w area_l1_mm2",
		"name visits_per_l1_access service_cycles delay_cycles copies", 1, NULL);
	cJSON *gm = cJSON_AddObjectToObject(root, "gpu_model");
	json_add_keys(cJSON_AddObjectToObject(gm, "l1_sram"), &metrics_json, &ms.mb, NULL, metric_keys, NULL);
	json_add_keys(cJSON_AddObjectToObject(gm, "design"), &metrics_json, &ms.md, NULL, metric_keys, NULL);
	json_add_keys(gm, &metrics_json, &ms.md, &ms.mb, "speedup energy_ratio l1_miss_reduction", NULL);
	rc = json_print(root, CMD);
out:
	model_setup_free(&ms);
	return rc;
}
