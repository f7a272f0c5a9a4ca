/* cmd_model_fuse.c -- `gpudse model fuse`: the FUSE hybrid L1 on a profile and a GPU preset,
 * every intermediate term of models/fuse.c as JSON. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "jsonutil.h"
#include "commands/commands.h"
#include "design.h"
#include "fuse.h"
#include "gpu.h"
#include "gpu_json.h"
#include "knobs.h"
#include "profiling/profile_json.h"

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

static void add_hit(cJSON *root, const fuse_hit_t *h, int ncls)
{
	cJSON *o = cJSON_AddObjectToObject(root, "banks");
	json_add_num(o, "sram_kib", h->sram_bytes / 1024.0);
	json_add_num(o, "stt_kib", h->stt_bytes / 1024.0);
	json_add_num(o, "x_sram_blocks", h->x_sram);
	json_add_num(o, "x_comb_blocks", h->x_comb);
	json_add_num(o, "x_stt_blocks", h->x_stt);
	json_add_num(o, "t_sram_accesses", h->t_sram);
	json_add_num(o, "stt_fifo_life_accesses", h->stt_life);
	json_add_num(o, "fixed_point_rounds", h->rounds);
	json_add_num(o, "hit_sram", h->h_sram);
	json_add_num(o, "hit_stt", h->h_stt);
	json_add_num(o, "hit", h->h);
	cJSON *cls = cJSON_AddObjectToObject(root, "classes");
	for (int k = 0; k < ncls; k++) {
		cJSON *c = cJSON_AddObjectToObject(cls, ncls == 1 ? "all" : rl_class_name[k]);
		json_add_num(c, "place_sram", h->place_sram[k]);
		json_add_num(c, "place_stt", h->place_stt[k]);
		json_add_num(c, "place_bypass", h->place_bypass[k]);
		json_add_num(c, "hit_sram", h->cls_h_sram[k]);
		json_add_num(c, "hit_stt", h->cls_h_stt[k]);
	}
	cJSON *t = cJSON_AddObjectToObject(root, "traffic_per_l1_access");
	json_add_num(t, "sram_read", h->sram_read);
	json_add_num(t, "sram_write", h->sram_write);
	json_add_num(t, "stt_read", h->stt_read);
	json_add_num(t, "stt_probe", h->stt_probe);
	json_add_num(t, "stt_write", h->stt_write);
	json_add_num(t, "stt_fill", h->stt_fill);
	json_add_num(t, "stt_evict", h->stt_evict);
	json_add_num(t, "stt_update", h->stt_update);
	json_add_num(t, "migrations", h->migrations);
	cJSON *b = cJSON_AddObjectToObject(root, "stt_bank_cycles");
	json_add_num(b, "t_read", h->t_read);
	json_add_num(b, "t_probe", h->t_probe);
	json_add_num(b, "t_write", h->t_write);
	json_add_num(b, "extra_latency_read", h->x_read);
	json_add_num(b, "extra_latency_probe", h->x_probe);
	cJSON *s = cJSON_AddObjectToObject(root, "tag_search");
	json_add_num(s, "set_size", h->ts.set_size);
	json_add_num(s, "fp_per_filter", h->ts.fp);
	json_add_num(s, "false_sets", h->ts.false_sets);
	json_add_num(s, "cycles_hit", h->ts.cycles_hit);
	json_add_num(s, "cycles_miss", h->ts.cycles_miss);
	json_add_num(s, "p_counter_saturates", h->ts.p_sat);
	json_add_num(s, "filter_bits", h->ts.bits);
}

static void add_metrics(cJSON *o, const metrics_t *m)
{
	json_add_num(o, "ipc", m->ipc);
	json_add_num(o, "l1_hit", m->l1_hit);
	json_add_num(o, "llc_hit", m->llc_hit);
	json_add_num(o, "stt_wpki", m->stt_wpki);
	json_add_num(o, "energy_j", m->energy_j);
	json_add_num(o, "energy_l1_j", m->energy_comp_j[EC_L1]);
	json_add_num(o, "area_mm2", m->area_mm2);
	json_add_num(o, "area_l1_mm2", m->area_comp_mm2[EC_L1]);
	json_add_num(o, "cpi_l1", m->cpi[CPI_L1]);
}

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
	char err[256];
	if (knob_set(&d, "fuse_cfg", cfg, err, sizeof err) != 0)
		return err_user(CMD ": --cfg: %s", err);
	if (org && knob_set(&d, "fuse_stt_org", org, err, sizeof err) != 0)
		return err_user(CMD ": --stt-org: %s", err);
	d.fuse_sram_frac = s;
	d.fuse_predictor = pred;
	d.fuse_pred_acc = q;

	gpu_t g;
	if ((rc = gpu_load(gname, &g)))
		return rc;
	const char *why = NULL;
	if (gpu_design_check(&g, &d, &why) != 0)
		return err_user(CMD ": %s", why);
	profile_t p;
	memset(&p, 0, sizeof p);
	if ((rc = profile_load(pfile, &p)))
		return rc;
	const char *werr = NULL;
	wctx_t *w = wctx_alloc(&g, &p, &werr);
	if (!w) {
		rc = err_user(CMD ": %s: %s", pfile, werr);
		goto out_profile;
	}
	if (!w->mech[MECH_FUSE]) {
		rc = err_internal(CMD ": no FUSE precomputation for %s", pfile);
		goto out_wctx;
	}
	design_t base;
	design_default(&base);
	metrics_t mb, md;
	memsys_t m0, ms;
	gpu_detail_t det;
	if (gpu_eval(&g, &base, w, &mb, &why) != 0 ||
	    gpu_eval_detail(&g, &d, w, &ms, &md, &det, &why) != 0) {
		rc = err_user(CMD ": %s", why ? why : "illegal design");
		goto out_wctx;
	}
	const fuse_ctx_t *ctx = w->mech[MECH_FUSE];
	cJSON *root = cJSON_CreateObject();
	cJSON_AddStringToObject(root, "model", "fuse");
	cJSON *in = cJSON_AddObjectToObject(root, "inputs");
	cJSON_AddStringToObject(in, "gpu", g.name);
	cJSON_AddStringToObject(in, "profile", pfile);
	cJSON_AddStringToObject(in, "workload", p.name);
	cJSON_AddStringToObject(in, "cfg", cfg_names[d.fuse_cfg]);
	json_add_num(in, "sram_frac", s);
	json_add_num(in, "pred_acc", q);
	cJSON *wk = cJSON_AddObjectToObject(root, "workload_classes");
	cJSON_AddBoolToObject(wk, "read_levels", ctx->ncls > 1);
	for (int k = 0; k < ctx->ncls; k++) {
		cJSON *c = cJSON_AddObjectToObject(wk, ctx->ncls == 1 ? "all" : rl_class_name[k]);
		json_add_num(c, "access_frac", ctx->acc[k]);
		json_add_num(c, "block_frac", ctx->blk[k]);
		json_add_num(c, "write_frac", ctx->wr[k]);
	}
	fuse_org_t o;
	if (fuse_org_from_design(&d, &o) == 0) {
		fuse_eff_t e;
		memsys_init(&g, &d, w, &m0);
		if (fuse_effects(&g, ctx, &o, &m0, &e) != 0) {
			cJSON_Delete(root);
			rc = err_internal(CMD ": fuse_effects failed");
			goto out_wctx;
		}
		cJSON *og = cJSON_AddObjectToObject(root, "organisation");
		cJSON_AddBoolToObject(og, "pure_stt", o.pure_stt);
		cJSON_AddBoolToObject(og, "blocking", o.blocking);
		cJSON_AddBoolToObject(og, "approx_fully_assoc", o.fa);
		cJSON_AddBoolToObject(og, "predictor", o.predictor);
		add_hit(root, &e.hit, ctx->ncls);
		cJSON *bl = cJSON_AddObjectToObject(root, "blocking");
		json_add_num(bl, "l1_accesses_per_cycle_per_sm", e.l1_rate);
		json_add_num(bl, "lam_read", e.load.lam_read);
		json_add_num(bl, "lam_probe", e.load.lam_probe);
		json_add_num(bl, "lam_write", e.load.lam_write);
		json_add_num(bl, "lam_evict", e.load.lam_evict);
		json_add_num(bl, "lam_update", e.load.lam_update);
		json_add_num(bl, "rho", e.blk.rho);
		json_add_num(bl, "p_block_tag_queue", e.blk.p_block_tq);
		json_add_num(bl, "p_block_swap_buffer", e.blk.p_block_sb);
		json_add_num(bl, "wait", e.blk.wait);
		json_add_num(bl, "stall_per_cycle", e.blk.stall_per_cycle);
		json_add_num(bl, "stall_per_l1_access", e.stall_per_access);
		cJSON *ef = cJSON_AddObjectToObject(root, "effects");
		json_add_num(ef, "stt_station_visits_per_l1_access", e.stt_visits);
		json_add_num(ef, "stt_station_service", e.stt_service);
		json_add_num(ef, "stt_station_delay", e.stt_delay);
		json_add_num(ef, "e_l1_pj_per_access", e.e_l1_pj_per_access);
		json_add_num(ef, "e_l1_delta_pj_per_inst", e.e_l1_delta_pj_per_inst);
		json_add_num(ef, "leak_ratio", e.leak_ratio);
		json_add_num(ef, "p_l1_delta_w", e.p_l1_delta_w);
		json_add_num(ef, "area_l1_delta_mm2", e.area_l1_delta_mm2);
	}
	cJSON *mo = cJSON_AddObjectToObject(root, "memsys");
	json_add_num(mo, "l1_bytes", ms.l1_bytes);
	json_add_num(mo, "l1_hit", ms.l1_hit);
	json_add_num(mo, "l1_lat", ms.l1_lat);
	json_add_num(mo, "l1_service", ms.l1_service);
	json_add_num(mo, "stt_writes_per_inst", ms.stt_writes_per_inst);
	json_add_num(mo, "e_l1_pj_per_inst_extra", ms.e_pj_per_inst[EC_L1]);
	json_add_num(mo, "p_static_l1_w", ms.p_static_w[EC_L1]);
	json_add_num(mo, "area_l1_mm2", ms.area_mm2[EC_L1]);
	cJSON *st = cJSON_AddArrayToObject(mo, "stations");
	for (int i = 0; i < ms.n_extra; i++) {
		cJSON *x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "name", ms.extra[i].name);
		json_add_num(x, "visits_per_l1_access", ms.extra[i].visits);
		json_add_num(x, "service_cycles", ms.extra[i].service);
		json_add_num(x, "delay_cycles", ms.extra[i].delay);
		cJSON_AddNumberToObject(x, "copies", ms.extra[i].copies);
		for (int k = 0; k < det.n; k++)
			if (det.st[k].name && strcmp(det.st[k].name, ms.extra[i].name) == 0) {
				json_add_num(x, "util", det.st[k].util);
				json_add_num(x, "resid_per_inst", det.st[k].resid);
			}
		cJSON_AddItemToArray(st, x);
	}
	cJSON *gm = cJSON_AddObjectToObject(root, "gpu_model");
	add_metrics(cJSON_AddObjectToObject(gm, "l1_sram"), &mb);
	add_metrics(cJSON_AddObjectToObject(gm, "design"), &md);
	json_add_num(gm, "speedup", mb.ipc > 0 ? md.ipc / mb.ipc : NAN);
	json_add_num(gm, "energy_ratio", mb.energy_j > 0 ? md.energy_j / mb.energy_j : NAN);
	json_add_num(gm, "l1_miss_reduction", mb.l1_hit < 1 ? 1 - (1 - md.l1_hit) / (1 - mb.l1_hit) : NAN);
	char *txt = cJSON_Print(root);
	cJSON_Delete(root);
	if (!txt) {
		rc = err_internal(CMD ": out of memory");
		goto out_wctx;
	}
	puts(txt);
	free(txt);
out_wctx:
	wctx_free(w);
out_profile:
	profile_free(&p);
	return rc;
}
