/* cmd_model_dcl1.c -- `gpudse model dcl1`: one DC-L1 organisation, every intermediate term. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "jsonutil.h"
#include "commands/commands.h"
#include "dcl1.h"
#include "gpu.h"
#include "gpu_json.h"
#include "knobs.h"
#include "profiling/profile_json.h"

const char help_model_dcl1[] =
	"usage: gpudse model dcl1 [--gpu NAME|FILE] [--org base|pr|sh|shc] [--nodes Y]\n"
	"                         [--clusters Z] [--boost] [--profile P.json]\n"
	"\n"
	"One DC-L1 organisation (paper 001, models/dcl1.h) on a GPU preset: crossbar shapes of NoC#1\n"
	"and NoC#2, home bits, peak L1 bandwidth (Table I), max crossbar clocks and the boost, NoC\n"
	"area and static power relative to the X x L baseline crossbar, node size and latency, node\n"
	"queues and L1 area.  With --profile, also the workload terms: the domain miss ratio (Smith's\n"
	"model at the preset's L1 ways), the replication ratio and copies per line (footprint model,\n"
	"fully associative), the partition-camping skew, and the GPU model's evaluation of the\n"
	"design against the private baseline (IPC, hit rates, the memsys edits, the NoC#1\n"
	"stations).  Prints JSON; non-finite values are null.\n"
	"\n"
	"options:\n"
	"  --gpu NAME|FILE  GPU preset (default dcl1-80: the paper's Table II)\n"
	"  --org O          base, pr (PrY), sh (ShY), shc (ShY+CZ; default)\n"
	"  --nodes Y        DC-L1 nodes (default 40)\n"
	"  --clusters Z     clusters for shc (default 10)\n"
	"  --boost          NoC#1 at twice the clock where its crossbars allow it (§VI-C)\n"
	"  --profile FILE   a workload profile (docs/profile-format.md)\n"
	"\n"
	"example:\n"
	"  gpudse model dcl1 --org shc --nodes 40 --clusters 10 --boost\n";

static void xbar(const char *key, const dcl1_xbar_t *x)
{
	printf("\"%s\": {\"count\": %d, \"n_in\": %d, \"n_out\": %d, \"direct_links\": %s}, ", key,
	       x->count, x->n_in, x->n_out, x->count && x->n_in == 1 && x->n_out == 1 ? "true" : "false");
}

/* The rule text without the "dcl1: " prefix gpu_design_check callers see. */
static const char *rule(const char *why)
{
	return why && strncmp(why, "dcl1: ", 6) == 0 ? why + 6 : why ? why : "illegal design";
}

int cmd_model_dcl1(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "model dcl1", argc - 1, argv + 1);
	const char *gpu_name = args_str(&a, "--gpu", "dcl1-80");
	const char *org = args_str(&a, "--org", "shc");
	long nodes = args_long(&a, "--nodes", 40, 0, 4096);
	long clusters = args_long(&a, "--clusters", 10, 1, 4096);
	int boost = args_flag(&a, "--boost");
	const char *pfile = args_str(&a, "--profile", NULL);
	int rc = args_finish(&a, 0);
	if (rc)
		return rc;

	design_t d;
	design_default(&d);
	char err[256];
	if (knob_set(&d, "dcl1_org", org, err, sizeof err) != 0)
		return err_user("model dcl1: --org: %s", err);
	d.dcl1_nodes = (int)nodes;
	d.dcl1_clusters = (int)clusters;
	d.dcl1_boost = boost;

	gpu_t g;
	if ((rc = gpu_load(gpu_name, &g)))
		return rc;
	const char *why = NULL;
	dcl1_eval_t e;
	if (dcl1_eval(&g, &d, NULL, &e, &why) != 0)
		return err_user("model dcl1: %s", rule(why));

	profile_t p;
	memset(&p, 0, sizeof p);
	wctx_t *w = NULL;
	metrics_t mb, md;
	memsys_t ms;
	if (pfile) {
		if ((rc = profile_load(pfile, &p)))
			return rc;
		const char *werr = NULL;
		w = wctx_alloc(&g, &p, &werr);
		if (!w) {
			rc = err_user("model dcl1: %s: %s", pfile, werr);
			goto out;
		}
		if (dcl1_eval(&g, &d, (const dcl1_ctx_t *)w->mech[MECH_DCL1], &e, &why) != 0) {
			rc = err_user("model dcl1: %s", rule(why));
			goto out;
		}
		design_t base;
		design_default(&base);
		if (gpu_eval(&g, &base, w, &mb, &why) != 0 ||
		    gpu_eval_detail(&g, &d, w, &ms, &md, NULL, &why) != 0) {
			rc = err_user("model dcl1: %s", rule(why));
			goto out;
		}
	}

	const dcl1_shape_t *s = &e.s;
	static const char *const orgs[] = { "base", "pr", "sh", "shc" };
	printf("{\"gpu\": \"%s\", \"org\": \"%s\", ", g.name, orgs[s->org]);
	printf("\"x_cores\": %d, \"y_nodes\": %d, \"z_clusters\": %d, \"m_nodes_per_cluster\": %d, "
	       "\"n_cores_per_noc1_xbar\": %d, \"l_slices\": %d, \"o_slices_per_noc2_xbar\": %d, "
	       "\"group_cores\": %d, \"domains\": %d, \"max_copies\": %d, \"home_bits\": %d, ",
	       s->x, s->y, s->z, s->m, s->n, s->l, s->o, s->group, s->domains, s->domains, s->home_bits);
	xbar("noc1", &s->noc1);
	xbar("noc2", &s->noc2);
	json_emit_num("node_bytes", e.node_bytes, 0);
	json_emit_num("node_size_ratio", e.size_ratio, 0);
	json_emit_num("domain_bytes", e.domain_bytes, 0);
	json_emit_num("l1_lat_cycles", e.l1_lat, 0);
	json_emit_num("noc1_extra_lat_cycles", e.noc1_lat, 0);
	json_emit_num("peak_l1_bw_base_bytes_per_cycle", e.peak_bw_base, 0);
	json_emit_num("peak_l1_bw_bytes_per_cycle", e.peak_bw, 0);
	json_emit_num("peak_l1_bw_drop", e.peak_bw_drop, 0);
	json_emit_num("noc1_fmax_ratio", e.noc1_fmax_ratio, 0);
	json_emit_num("noc2_fmax_ratio", e.noc2_fmax_ratio, 0);
	printf("\"boost_requested\": %s, \"boost_applied\": %s, ", boost ? "true" : "false",
	       e.boost_applied ? "true" : "false");
	json_emit_num("noc1_mhz", e.noc1_mhz, 0);
	json_emit_num("noc1_reply_service_cycles", e.noc1_service, 0);
	json_emit_num("noc1_area_ratio", e.noc1_area, 0);
	json_emit_num("noc2_area_ratio", e.noc2_area, 0);
	json_emit_num("noc_area_ratio", e.noc_area_ratio, 0);
	json_emit_num("noc_static_ratio", e.noc_static_ratio, 0);
	json_emit_num("node_queue_bytes", e.queue_bytes, 0);
	json_emit_num("l1_area_ratio", e.l1_area_ratio, !pfile);
	if (pfile) {
		printf("\"workload\": {\"profile\": \"%s\", \"name\": \"%s\", ", pfile, p.name);
		printf("\"tables_assoc\": %d, ", ((const dcl1_ctx_t *)w->mech[MECH_DCL1])->assoc);
		json_emit_num("domain_miss_ratio", e.miss, 0);
		json_emit_num("replication_ratio", e.replication, 0);
		json_emit_num("copies_per_line", e.copies, 0);
		json_emit_num("replicas_per_line", e.copies - 1, 0);
		printf("\"interpolated_group\": %s, ", e.interp ? "true" : "false");
		json_emit_num("camping_skew", e.skew, 0);
		printf("\"camping_from_profile\": %s}, ", e.skew_found ? "true" : "false");
		printf("\"gpu_model\": {");
		json_emit_num("ipc_base", mb.ipc, 0);
		json_emit_num("ipc", md.ipc, 0);
		json_emit_num("speedup", mb.ipc > 0 ? md.ipc / mb.ipc : NAN, 0);
		json_emit_num("l1_hit_base", mb.l1_hit, 0);
		json_emit_num("l1_hit", md.l1_hit, 0);
		json_emit_num("l1_miss_reduction", mb.l1_hit < 1 ? 1 - (1 - md.l1_hit) / (1 - mb.l1_hit) : NAN, 0);
		json_emit_num("noc_area_mm2_base", mb.area_comp_mm2[EC_NOC], 0);
		json_emit_num("noc_area_mm2", md.area_comp_mm2[EC_NOC], 0);
		json_emit_num("noc_util", md.noc_util, 0);
		json_emit_num("energy_j_base", mb.energy_j, 0);
		json_emit_num("energy_j", md.energy_j, 0);
		printf("\"memsys\": {\"l1_count\": %d, ", ms.l1_count);
		json_emit_num("l1_bytes", ms.l1_bytes, 0);
		json_emit_num("l1_hit", ms.l1_hit, 0);
		json_emit_num("l1_lat", ms.l1_lat, 0);
		printf("\"noc_resp_ports\": %d, ", ms.noc_resp_ports);
		json_emit_num("replication", ms.replication, 0);
		json_emit_num("p_static_noc_w", ms.p_static_w[EC_NOC], 0);
		json_emit_num("area_noc_mm2", ms.area_mm2[EC_NOC], 0);
		json_emit_num("area_l1_mm2", ms.area_mm2[EC_L1], 0);
		json_emit_num("e_noc_pj_per_inst_extra", ms.e_pj_per_inst[EC_NOC], 0);
		printf("\"stations\": [");
		for (int i = 0; i < ms.n_extra; i++) {
			const ms_station_t *x = &ms.extra[i];
			printf("%s{\"name\": \"%s\", ", i ? ", " : "", x->name);
			json_emit_num("visits_per_l1_access", x->visits, 0);
			json_emit_num("service_cycles", x->service, 0);
			json_emit_num("delay_cycles", x->delay, 0);
			printf("\"copies\": %d, ", x->copies);
			json_emit_num("skew", x->skew, 1);
			printf("}");
		}
		printf("]}}");
	}
	printf("}\n");
out:
	wctx_free(w);
	if (pfile)
		profile_free(&p);
	return rc;
}
