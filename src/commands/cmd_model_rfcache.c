/* cmd_model_rfcache.c -- `gpudse model rfcache`: the Malekeh RF-cache model, every term. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "jsonutil.h"
#include "commands/commands.h"
#include "design.h"
#include "gpu.h"
#include "gpu_json.h"
#include "knobs.h"
#include "mech.h"
#include "profiling/profile_json.h"
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

static void print_res(const char *key, const malekeh_res_t *r)
{
	printf("\"%s\": {", key);
	json_emit_num("hit", r->hit, 0);
	json_emit_num("hit_near", r->hit_near, 0);
	json_emit_num("hit_far", r->hit_far, 0);
	json_emit_num("frac_reuse_near", r->frac_near, 0);
	json_emit_num("n_near_live", r->n_near, 0);
	json_emit_num("nu_ccu_near", r->nu, 0);
	json_emit_num("theta_near", r->theta_near, 0);
	json_emit_num("theta_far", r->theta_far, 0);
	json_emit_num("theta", r->theta, 0);
	json_emit_num("pi_homeless_head", r->pi, 0);
	json_emit_num("rho_homeless_ready", r->rho_h, 0);
	json_emit_num("steals_per_cycle", r->steals, 0);
	json_emit_num("wait_frac", r->wait, 0);
	json_emit_num("wait_per_inst", r->wait_per_inst, 0);
	json_emit_num("collect_cycles", r->s, 0);
	json_emit_num("collect_cycles_base", r->s_base, 0);
	json_emit_num("gap_cycles", r->gap, 0);
	json_emit_num("ipc_subcore", r->ipc, 0);
	json_emit_num("ipc_subcore_base", r->ipc_base, 0);
	json_emit_num("bank_reads_per_inst", r->bank_reads, 0);
	json_emit_num("ccu_writes_per_inst", r->ccu_writes, 0);
	printf("\"iterations\": %d}, ", r->iterations);
}

static void print_work(const malekeh_work_t *w)
{
	double mean = 0.0, gt3 = 0.0, gt10 = 0.0;
	for (int d = 1; d <= MALEKEH_DMAX; d++) {
		mean += d * w->pmf[d];
		if (d > 3)
			gt3 += w->pmf[d];
		if (d > 10)
			gt10 += w->pmf[d];
	}
	printf("\"workload\": {");
	json_emit_num("reuse_mean_finite", mean + w->tail * (MALEKEH_DMAX + 1), 0);
	json_emit_num("reuse_frac_gt3", gt3 + w->tail, 0);
	json_emit_num("reuse_frac_gt10", gt10 + w->tail, 0);
	json_emit_num("cold", w->cold, 0);
	json_emit_num("src_per_inst", w->src_per_inst, 0);
	json_emit_num("dst_per_inst", w->dst_per_inst, 0);
	json_emit_num("tensor_frac", w->tensor_frac, 0);
	printf("\"warps_per_subcore\": %d, \"banks\": %d, ", w->warps, w->banks);
	json_emit_num("p_mem", w->p_mem, 0);
	json_emit_num("lat_mem", w->lat_mem, 0);
	json_emit_num("lat_alu", w->lat_alu, 0);
	json_emit_num("p_dep", w->p_dep, 1);
	printf("}, ");
}

static void print_curve(const malekeh_work_t *w, const malekeh_knobs_t *k)
{
	printf("\"curve\": [");
	for (int s = 0; s <= MALEKEH_STHLD_MAX; s++) {
		malekeh_knobs_t kk = *k;
		kk.sthld = s;
		malekeh_res_t r;
		malekeh_eval(w, &kk, &r);
		printf("%s{\"sthld\": %d, ", s ? ", " : "", s);
		json_emit_num("hit", r.hit, 0);
		json_emit_num("ipc_subcore", r.ipc, 0);
		json_emit_num("wait_frac", r.wait, 1);
		printf("}");
	}
	printf("], ");
}

/* RF dynamic energy per instruction (pJ): bank reads and writes, plus CCU result writes. */
static double rf_dyn_pj(const gpu_t *g, double reads, double writes, double extra)
{
	return reads * g->e_rf_read_pj + writes * g->e_rf_write_pj + extra;
}

int cmd_model_rfcache(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "model rfcache", argc - 1, argv + 1);
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
	char err[256];
	if (knob_set(&d, "rfc_sthld", sthld, err, sizeof err) != 0)
		return err_user("model rfcache: --sthld: %s", err);
	if (knob_set(&d, "rfc_priority", prio, err, sizeof err) != 0)
		return err_user("model rfcache: --priority: %s", err);
	d.rfc_on = 1;
	d.rfc_rthld = (int)rthld;
	d.rfc_entries = (int)entries;
	d.rfc_ccus = (int)ccus;

	gpu_t g;
	if ((rc = gpu_load(gpu_name, &g)))
		return rc;
	const char *why = NULL;
	if (malekeh_check(&g, &d, &why) != 0)
		return err_user("model rfcache: %s", why);

	profile_t p;
	memset(&p, 0, sizeof p);
	wctx_t *w = NULL;
	malekeh_report_t rep;
	memset(&rep, 0, sizeof rep);
	metrics_t mb, md;
	memsys_t msb, msd;
	if (pfile) {
		if ((rc = profile_load(pfile, &p)))
			return rc;
		const char *werr = NULL;
		w = wctx_alloc(&g, &p, &werr);
		if (!w) {
			rc = err_user("model rfcache: %s: %s", pfile, werr);
			goto out;
		}
		design_t base;
		design_default(&base);
		if (gpu_eval_detail(&g, &base, w, &msb, &mb, NULL, &why) != 0 ||
		    gpu_eval_detail(&g, &d, w, &msd, &md, NULL, &why) != 0) {
			rc = err_user("model rfcache: %s", why ? why : "illegal design");
			goto out;
		}
		if (malekeh_design_eval(&g, &d, w, &msb, &rep) != 0) {
			rc = err_internal("model rfcache: no RF-cache context for %s", pfile);
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
		          : (int)(g.warps_per_sm / (g.subcores > 0 ? g.subcores : 1));
		wk->banks = g.rf_banks_per_subcore;
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
	printf("{\"model\": \"rfcache\", \"gpu\": \"%s\", ", g.name);
	if (pfile)
		printf("\"profile\": \"%s\", \"reuse_source\": \"%s\", \"phases\": %d, ", pfile,
		       rep.default_rd ? "default (Rodinia average, §VI-B2)" : "profile reg_rd", rep.n_phases);
	else
		printf("\"profile\": null, \"reuse_source\": \"geometric, mean %g\", ", mean);
	printf("\"design\": {\"sthld\": ");
	if (d.rfc_sthld == RFC_STHLD_DYNAMIC)
		printf("\"dynamic\", ");
	else
		printf("%d, ", d.rfc_sthld);
	printf("\"rthld\": %d, \"entries\": %d, \"ccus\": %d, \"priority\": \"%s\"}, ",
	       d.rfc_rthld, d.rfc_entries, d.rfc_ccus, d.rfc_priority == RFC_PRIO_GTO ? "gto" : "malekeh");
	print_work(wk);
	print_res(rep.dynamic ? "terms_static_0" : "terms", &rep.res);
	if (rep.dynamic) {
		const sthld_run_t *r = &rep.dyn.run;
		printf("\"dynamic\": {");
		json_emit_num("hit", r->hit, 0);
		json_emit_num("ipc_subcore", r->ipc, 0);
		json_emit_num("ipc_subcore_base", rep.dyn.ipc_base, 0);
		json_emit_num("sthld_mean", r->sthld_mean, 0);
		printf("\"sthld_final\": %d, \"state_final\": \"%s\", \"intervals\": %d, ",
		       r->sthld_final, sthld_state_name[r->state_final], r->intervals);
		json_emit_num("settled_frac", r->settled_frac, 0);
		json_emit_num("wait_per_inst", rep.dyn.wait_per_inst, 0);
		json_emit_num("collect_cycles", rep.dyn.s, 0);
		json_emit_num("collect_cycles_base", rep.dyn.s_base, 0);
		json_emit_num("ccu_writes_per_inst", rep.dyn.ccu_writes, 1);
		printf("}, ");
	}
	if (curve)
		print_curve(wk, &rep.k);
	double bytes = malekeh_storage_bytes(g.subcores, &rep.k);
	double base_pj = rf_dyn_pj(&g, wk->src_per_inst, wk->dst_per_inst, 0.0);
	double pj = rf_dyn_pj(&g, wk->src_per_inst * (1.0 - rep.hit), wk->dst_per_inst,
	                      rep.ccu_writes * 0.1 * g.e_rf_read_pj);
	printf("\"result\": {");
	json_emit_num("hit", rep.hit, 0);
	json_emit_num("bank_read_reduction", rep.hit, 0);
	json_emit_num("rf_dyn_pj_per_inst_base", base_pj, 0);
	json_emit_num("rf_dyn_pj_per_inst", pj, 0);
	json_emit_num("rf_dyn_energy_change", base_pj > 0 ? pj / base_pj - 1.0 : NAN, 0);
	json_emit_num("ipc_subcore_change", rep.ipc_base > 0 ? rep.ipc / rep.ipc_base - 1.0 : NAN, 0);
	json_emit_num("storage_bytes_per_sm", bytes, 0);
	json_emit_num("storage_frac_of_rf", g.rf_kib > 0 ? bytes / (g.rf_kib * 1024.0) : NAN, 1);
	printf("}");
	if (pfile) {
		printf(", \"gpu_model\": {");
		json_emit_num("ipc_base", mb.ipc, 0);
		json_emit_num("ipc", md.ipc, 0);
		json_emit_num("speedup", mb.ipc > 0 ? md.ipc / mb.ipc : NAN, 0);
		json_emit_num("rfc_hit", md.rfc_hit, 0);
		double e0 = rf_dyn_pj(&g, msb.rf_reads_per_inst, msb.rf_writes_per_inst, msb.e_pj_per_inst[EC_RF]);
		double e1 = rf_dyn_pj(&g, msd.rf_reads_per_inst, msd.rf_writes_per_inst, msd.e_pj_per_inst[EC_RF]);
		json_emit_num("rf_dyn_energy_change", e0 > 0 ? e1 / e0 - 1.0 : NAN, 0);
		json_emit_num("energy_j_base", mb.energy_j, 0);
		json_emit_num("energy_j", md.energy_j, 0);
		json_emit_num("area_rf_mm2_base", mb.area_comp_mm2[EC_RF], 0);
		json_emit_num("area_rf_mm2", md.area_comp_mm2[EC_RF], 0);
		printf("\"memsys\": {");
		json_emit_num("rfc_hit", msd.rfc_hit, 0);
		json_emit_num("rf_reads_per_inst_base", msb.rf_reads_per_inst, 0);
		json_emit_num("rf_reads_per_inst", msd.rf_reads_per_inst, 0);
		json_emit_num("rf_writes_per_inst", msd.rf_writes_per_inst, 0);
		json_emit_num("dep_delay_base", msb.dep_delay, 0);
		json_emit_num("dep_delay", msd.dep_delay, 0);
		json_emit_num("rf_service_base", msb.rf_service, 0);
		json_emit_num("rf_service", msd.rf_service, 0);
		json_emit_num("issue_service", msd.issue_service, 0);
		json_emit_num("e_rf_pj_per_inst_extra", msd.e_pj_per_inst[EC_RF], 0);
		json_emit_num("p_static_rf_w_base", msb.p_static_w[EC_RF], 0);
		json_emit_num("p_static_rf_w", msd.p_static_w[EC_RF], 0);
		json_emit_num("area_rf_mm2", msd.area_mm2[EC_RF], 1);
		printf("}}");
	}
	printf("}\n");
out:
	wctx_free(w);
	if (pfile)
		profile_free(&p);
	return rc;
}
