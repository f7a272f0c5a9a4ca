/* cmd_model_rfcache.c -- `gpudse model rfcache`: the Malekeh RF-cache model, every term. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands/commands.h"
#include "commands/json_tables.h"
#include "commands/model_setup.h"
#include "design.h"
#include "json_writer.h"
#include "mech.h"
#include "malekeh.h"
#include "sthld_fsm.h"

const char help_model_rfcache[] =
	"usage: gpudse model rfcache [--gpu NAME|FILE] [--profile P.json] [--sthld N|dynamic]\n"
	"                            [--rthld N] [--entries N] [--ccus N] [--priority gto|malekeh]\n"
	"                            [--reuse-mean M] [--src S] [--dst D] [--cold C] [--tensor T]\n"
	"                            [--warps W] [--p-mem P] [--lat-mem L] [--lat-alu L] [--p-dep P]\n"
	"                            [--curve]\n"
	"\n"
	"The Malekeh register-file cache (paper 002, models/malekeh.h) on one sub-core: CCU hit\n"
	"ratio (near and far reuses), the probability a warp loses its CCU per gap, the STHLD wait,\n"
	"operand-collection cycles, the model's own IPC against the baseline OCUs, bank reads, CCU\n"
	"writes, RF dynamic energy per instruction and the storage of §VI-D.  With --sthld dynamic,\n"
	"the 6-state STHLD machine (models/sthld_fsm.h) over the profile's phases.  With --profile,\n"
	"the workload comes from the profile (reg_rd, operands, tensor share, phases) and the timing\n"
	"from the GPU model's memory system, exactly as a sweep sees it, and the GPU model's\n"
	"evaluation against the baseline is added.  Without it the workload is synthetic: reuse\n"
	"distances geometric with the given mean.  Prints JSON.\n"
	"\n"
	"options:\n"
	"  --gpu NAME|FILE   GPU preset (default malekeh-2060: Table I)\n"
	"  --profile FILE    a workload profile (docs/profile-format.md)\n"
	"  --sthld N         static STHLD 0..32, or dynamic (default 0)\n"
	"  --rthld N         near/far threshold, instructions (default 12, §III-A)\n"
	"  --entries N       cache-table entries per CCU, 6..32 (default 8, §III-C)\n"
	"  --ccus N          CCUs per sub-core (default 2, Table I)\n"
	"  --priority P      malekeh (default) or gto: the traditional GTO + LRU system of Fig. 17\n"
	"  --curve           also hit ratio, IPC and wait for every STHLD 0..32\n"
	"synthetic workload (without --profile):\n"
	"  --reuse-mean M    mean reuse distance, instructions (default 3.47: §VI-B2 Rodinia, 36% > 3)\n"
	"  --src S --dst D   source / destination operands per instruction (default 2, 1)\n"
	"  --cold C          share of source reads with no earlier access (default 0.2)\n"
	"  --tensor T        share of tensor-core instructions (default 0)\n"
	"  --warps W         warps per sub-core (default: the preset's warps / sub-cores)\n"
	"  --p-mem P         memory instructions per instruction (default 0.1)\n"
	"  --lat-mem L       mean memory latency, cycles (default 300)\n"
	"  --lat-alu L       dependent ALU latency, cycles (default 4)\n"
	"  --p-dep P         share of instructions whose successor waits for them (default 0.5)\n"
	"\n"
	"example:\n"
	"  gpudse model rfcache --sthld 4 --reuse-mean 4 --curve\n";

#define CMD "model rfcache"

static void add_curve(cJSON *root, const malekeh_work_t *w, const malekeh_knobs_t *k)
{
	cJSON *c = cJSON_AddArrayToObject(root, "curve");
	for (int s = 0; s <= MALEKEH_STHLD_MAX; s++) {
		malekeh_knobs_t kk = *k;
		kk.sthld = s;
		malekeh_res_t r;
		malekeh_eval(w, &kk, &r);
		cJSON *x = cJSON_CreateObject();
		cJSON_AddNumberToObject(x, "sthld", s);
		json_add_keys(x, &malekeh_res_json, &r, NULL, "hit ipc_subcore wait_frac", JSON_10G);
		cJSON_AddItemToArray(c, x);
	}
}

/* RF dynamic energy per instruction (pJ): bank reads and writes, plus CCU result writes. */
static double rf_dyn_pj(const gpu_t *g, double reads, double writes, double extra)
{
	return reads * g->e_rf_read_pj + writes * g->e_rf_write_pj + extra;
}

int cmd_model_rfcache(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, CMD, argc - 1, argv + 1);
	const char *gpu_name = args_str(&a, "--gpu", "malekeh-2060");
	const char *pfile = args_str(&a, "--profile", NULL);
	const char *sthld = args_str(&a, "--sthld", "0");
	long rthld = args_long(&a, "--rthld", 12, 1, MALEKEH_DMAX);
	long entries = args_long(&a, "--entries", 8, MALEKEH_OCU_SLOTS, 32);
	long ccus = args_long(&a, "--ccus", 2, 1, 8);
	const char *prio = args_str(&a, "--priority", "malekeh");
	double mean = args_double(&a, "--reuse-mean", 1.0 / 0.2886, 1.0, 1000.0);
	double src = args_double(&a, "--src", 2.0, 0.0, MALEKEH_MAX_SRC);
	double dst = args_double(&a, "--dst", 1.0, 0.0, 4.0);
	double cold = args_double(&a, "--cold", 0.2, 0.0, 1.0);
	double tensor = args_double(&a, "--tensor", 0.0, 0.0, 1.0);
	long warps = args_long(&a, "--warps", 0, 1, 64);
	double p_mem = args_double(&a, "--p-mem", 0.1, 0.0, 1.0);
	double lat_mem = args_double(&a, "--lat-mem", 300.0, 1.0, 1e6);
	double lat_alu = args_double(&a, "--lat-alu", 4.0, 1.0, 1e4);
	double p_dep = args_double(&a, "--p-dep", MALEKEH_P_DEP, 0.0, 1.0);
	int curve = args_flag(&a, "--curve");
	int rc = args_finish(&a, 0);
	if (rc)
		return rc;

	design_t d;
	design_default(&d);
	if ((rc = model_setup_knob(CMD, &d, "--sthld", "rfc_sthld", sthld)) ||
	    (rc = model_setup_knob(CMD, &d, "--priority", "rfc_priority", prio)))
		return rc;
	d.rfc_on = 1;
	d.rfc_rthld = (int)rthld;
	d.rfc_entries = (int)entries;
	d.rfc_ccus = (int)ccus;

	model_setup_t ms;
	if ((rc = model_setup_gpu(&ms, CMD, gpu_name)))
		return rc;
	const gpu_t *g = &ms.g;
	const char *why = NULL;
	if (malekeh_check(g, &d, &why) != 0)
		return err_user(CMD ": %s", why);

	malekeh_report_t rep;
	memset(&rep, 0, sizeof rep);
	if (pfile) {
		if ((rc = model_setup_profile(&ms, pfile)) || (rc = model_setup_eval(&ms, &d, NULL)))
			goto out;
		if (malekeh_design_eval(g, &d, ms.w, &ms.msb, &rep) != 0) {
			rc = err_internal(CMD ": no RF-cache context for %s", pfile);
			goto out;
		}
	} else {
		malekeh_work_t *wk = &rep.work;
		double q = 1.0 / mean, sum = 0.0;
		for (int i = 1; i <= MALEKEH_DMAX; i++) {
			wk->pmf[i] = q * pow(1.0 - q, i - 1);
			sum += wk->pmf[i];
		}
		wk->tail = 1.0 - sum;
		wk->cold = cold;
		wk->src_per_inst = src;
		wk->dst_per_inst = dst;
		wk->tensor_frac = tensor;
		wk->warps = warps > 0 ? (int)warps
		          : (int)(g->warps_per_sm / (g->subcores > 0 ? g->subcores : 1));
		wk->banks = g->rf_banks_per_subcore;
		wk->p_mem = p_mem;
		wk->lat_mem = lat_mem;
		wk->lat_alu = lat_alu;
		wk->p_dep = p_dep;
		rep.k.ccus = d.rfc_ccus;
		rep.k.entries = d.rfc_entries;
		rep.k.rthld = d.rfc_rthld;
		rep.k.sthld = d.rfc_sthld < 0 ? 0 : d.rfc_sthld;
		rep.k.prio = d.rfc_priority;
		malekeh_eval(wk, &rep.k, &rep.res);
		rep.dynamic = d.rfc_sthld == RFC_STHLD_DYNAMIC && rep.k.prio == RFC_PRIO_MALEKEH;
		if (rep.dynamic) {
			double one = 1.0;
			malekeh_dynamic(wk, &one, 1, &rep.k, &rep.dyn);
			rep.hit = rep.dyn.run.hit;
			rep.ccu_writes = rep.dyn.ccu_writes;
			rep.ipc = rep.dyn.run.ipc;
			rep.ipc_base = rep.dyn.ipc_base;
		} else {
			rep.hit = rep.res.hit;
			rep.ccu_writes = rep.res.ccu_writes;
			rep.ipc = rep.res.ipc;
			rep.ipc_base = rep.res.ipc_base;
		}
	}

	const malekeh_work_t *wk = &rep.work;
	cJSON *root = cJSON_CreateObject();
	cJSON_AddStringToObject(root, "model", "rfcache");
	cJSON_AddStringToObject(root, "gpu", g->name);
	char text[64];
	if (pfile) {
		cJSON_AddStringToObject(root, "profile", pfile);
		cJSON_AddStringToObject(root, "reuse_source",
			rep.default_rd ? "default (Rodinia average, §VI-B2)" : "profile reg_rd");
		cJSON_AddNumberToObject(root, "phases", rep.n_phases);
	} else {
		cJSON_AddNullToObject(root, "profile");
		snprintf(text, sizeof text, "geometric, mean %g", mean);
		cJSON_AddStringToObject(root, "reuse_source", text);
	}
	cJSON *ds = cJSON_AddObjectToObject(root, "design");
	if (d.rfc_sthld == RFC_STHLD_DYNAMIC)
		cJSON_AddStringToObject(ds, "sthld", "dynamic");
	else
		cJSON_AddNumberToObject(ds, "sthld", d.rfc_sthld);
	cJSON_AddNumberToObject(ds, "rthld", d.rfc_rthld);
	cJSON_AddNumberToObject(ds, "entries", d.rfc_entries);
	cJSON_AddNumberToObject(ds, "ccus", d.rfc_ccus);
	cJSON_AddStringToObject(ds, "priority", d.rfc_priority == RFC_PRIO_GTO ? "gto" : "malekeh");
	json_add_all(cJSON_AddObjectToObject(root, "workload"), &malekeh_work_json, wk, JSON_10G);
	json_add_all(cJSON_AddObjectToObject(root, rep.dynamic ? "terms_static_0" : "terms"), &malekeh_res_json,
		&rep.res, JSON_10G);
	if (rep.dynamic) {
		cJSON *dy = cJSON_AddObjectToObject(root, "dynamic");
		json_add_keys(dy, &malekeh_dyn_json, &rep.dyn, NULL, "hit ipc_subcore ipc_subcore_base sthld_mean "
			"sthld_final", JSON_10G);
		cJSON_AddStringToObject(dy, "state_final", sthld_state_name[rep.dyn.run.state_final]);
		json_add_keys(dy, &malekeh_dyn_json, &rep.dyn, NULL, "intervals settled_frac wait_per_inst "
			"collect_cycles collect_cycles_base ccu_writes_per_inst", JSON_10G);
	}
	if (curve)
		add_curve(root, wk, &rep.k);
	double bytes = malekeh_storage_bytes(g->subcores, &rep.k);
	double base_pj = rf_dyn_pj(g, wk->src_per_inst, wk->dst_per_inst, 0.0);
	double pj = rf_dyn_pj(g, wk->src_per_inst * (1.0 - rep.hit), wk->dst_per_inst,
	                      rep.ccu_writes * 0.1 * g->e_rf_read_pj);
	cJSON *res = cJSON_AddObjectToObject(root, "result");
	json_add_fmt(res, "hit", rep.hit, JSON_10G);
	json_add_fmt(res, "bank_read_reduction", rep.hit, JSON_10G);
	json_add_fmt(res, "rf_dyn_pj_per_inst_base", base_pj, JSON_10G);
	json_add_fmt(res, "rf_dyn_pj_per_inst", pj, JSON_10G);
	json_add_fmt(res, "rf_dyn_energy_change", base_pj > 0 ? pj / base_pj - 1.0 : NAN, JSON_10G);
	json_add_fmt(res, "ipc_subcore_change", rep.ipc_base > 0 ? rep.ipc / rep.ipc_base - 1.0 : NAN, JSON_10G);
	json_add_fmt(res, "storage_bytes_per_sm", bytes, JSON_10G);
	json_add_fmt(res, "storage_frac_of_rf", g->rf_kib > 0 ? bytes / (g->rf_kib * 1024.0) : NAN, JSON_10G);
	if (pfile) {
		cJSON *gm = cJSON_AddObjectToObject(root, "gpu_model");
		json_add_keys(gm, &metrics_json, &ms.md, &ms.mb, "ipc_base ipc speedup rfc_hit", JSON_10G);
		double e0 = rf_dyn_pj(g, ms.msb.rf_reads_per_inst, ms.msb.rf_writes_per_inst, ms.msb.e_pj_per_inst[EC_RF]);
		double e1 = rf_dyn_pj(g, ms.msd.rf_reads_per_inst, ms.msd.rf_writes_per_inst, ms.msd.e_pj_per_inst[EC_RF]);
		json_add_fmt(gm, "rf_dyn_energy_change", e0 > 0 ? e1 / e0 - 1.0 : NAN, JSON_10G);
		json_add_keys(gm, &metrics_json, &ms.md, &ms.mb, "energy_j_base energy_j area_rf_mm2_base "
			"area_rf_mm2", JSON_10G);
		json_add_keys(cJSON_AddObjectToObject(gm, "memsys"), &memsys_json, &ms.msd, &ms.msb,
			"rfc_hit rf_reads_per_inst_base rf_reads_per_inst rf_writes_per_inst dep_delay_base "
			"dep_delay rf_service_base rf_service issue_service e_rf_pj_per_inst_extra "
			"p_static_rf_w_base p_static_rf_w area_rf_mm2", JSON_10G);
	}
	rc = json_write(root, JSON_LINE, CMD);
out:
	model_setup_free(&ms);
	return rc;
}
