/* cmd_model_dcl1.c -- `gpudse model dcl1`: one DC-L1 organisation, every intermediate term. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands/commands.h"
#include "commands/json_tables.h"
#include "commands/model_setup.h"
#include "dcl1.h"
#include "json_writer.h"

const char help_model_dcl1[] =
	"usage: gpudse model dcl1 [--gpu NAME|FILE] [--org base|pr|sh|shc] [--nodes Y]\n"
	"                         [--clusters Z] [--gran N] [--boost] [--profile P.json]\n"
	"\n"
	"One DC-L1 organisation (paper 001, models/dcl1.h) on a GPU preset: crossbar shapes of NoC#1\n"
	"and NoC#2, home bits, peak L1 bandwidth (Table I), max crossbar clocks and the boost, NoC\n"
	"area and static power relative to the X x L baseline crossbar, node size and latency, node\n"
	"queues and L1 area.  With --profile, also the workload terms: the node miss ratio and the\n"
	"replication ratio, exact from the profile's node record of this geometry when it has one\n"
	"(gpudse profile --dcl1-nodes; \"exact_node_record\": true), else the footprint model with\n"
	"Smith's model at the preset's L1 ways; copies per line (footprint model), the\n"
	"partition-camping skew, and the GPU model's evaluation of the\n"
	"design against the private baseline (IPC, hit rates, the memsys edits, the NoC#1\n"
	"stations).  Prints JSON; non-finite values are null.\n"
	"\n"
	"options:\n"
	"  --gpu NAME|FILE  GPU preset (default dcl1-80: the paper's Table II)\n"
	"  --org O          base, pr (PrY), sh (ShY), shc (ShY+CZ; default)\n"
	"  --nodes Y        DC-L1 nodes (default 40)\n"
	"  --clusters Z     clusters for shc (default 10)\n"
	"  --gran N         sh/shc: lines per home run, home = (line / N) mod homes (default 1)\n"
	"  --boost          NoC#1 at twice the clock where its crossbars allow it (§VI-C)\n"
	"  --profile FILE   a workload profile (docs/profile-format.md)\n"
	"\n"
	"example:\n"
	"  gpudse model dcl1 --org shc --nodes 40 --clusters 10 --boost\n";

#define CMD "model dcl1"

static void add_xbar(cJSON *o, const char *key, const dcl1_xbar_t *x)
{
	cJSON *j = cJSON_AddObjectToObject(o, key);
	cJSON_AddNumberToObject(j, "count", x->count);
	cJSON_AddNumberToObject(j, "n_in", x->n_in);
	cJSON_AddNumberToObject(j, "n_out", x->n_out);
	cJSON_AddBoolToObject(j, "direct_links", x->count && x->n_in == 1 && x->n_out == 1);
}

/* The rule text without the "dcl1: " prefix gpu_design_check callers see. */
static const char *rule(const char *why)
{
	return why && strncmp(why, "dcl1: ", 6) == 0 ? why + 6 : why ? why : "illegal design";
}

int cmd_model_dcl1(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, CMD, argc - 1, argv + 1);
	const char *gpu_name = args_str(&a, "--gpu", "dcl1-80");
	const char *org = args_str(&a, "--org", "shc");
	long nodes = args_long(&a, "--nodes", 40, 0, 4096);
	long clusters = args_long(&a, "--clusters", 10, 1, 4096);
	long gran = args_long(&a, "--gran", 1, 1, 4096);
	int boost = args_flag(&a, "--boost");
	const char *pfile = args_str(&a, "--profile", NULL);
	int rc = args_finish(&a, 0);
	if (rc)
		return rc;

	design_t d;
	design_default(&d);
	if ((rc = model_setup_knob(CMD, &d, "--org", "dcl1_org", org)))
		return rc;
	d.dcl1_nodes = (int)nodes;
	d.dcl1_clusters = (int)clusters;
	d.dcl1_boost = boost;
	d.dcl1_gran = (int)gran;

	model_setup_t s;
	if ((rc = model_setup_gpu(&s, CMD, gpu_name)))
		return rc;
	const char *why = NULL;
	dcl1_eval_t e;
	if (dcl1_eval(&s.g, &d, NULL, &e, &why) != 0)
		return err_user(CMD ": %s", rule(why));
	const dcl1_ctx_t *ctx = NULL;
	if (pfile) {
		if ((rc = model_setup_profile(&s, pfile)))
			goto out;
		ctx = s.w->mech[MECH_DCL1];
		if (dcl1_eval(&s.g, &d, ctx, &e, &why) != 0) {
			rc = err_user(CMD ": %s", rule(why));
			goto out;
		}
		if ((rc = model_setup_eval(&s, &d, rule)))
			goto out;
	}

	static const char *const orgs[] = { "base", "pr", "sh", "shc" };
	cJSON *root = cJSON_CreateObject();
	cJSON_AddStringToObject(root, "gpu", s.g.name);
	cJSON_AddStringToObject(root, "org", orgs[e.s.org]);
	json_add_keys(root, &dcl1_shape_json, &e.s, NULL, "x_cores y_nodes z_clusters m_nodes_per_cluster "
		"n_cores_per_noc1_xbar l_slices o_slices_per_noc2_xbar group_cores domains "
		"max_copies=domains home_bits", NULL);
	add_xbar(root, "noc1", &e.s.noc1);
	add_xbar(root, "noc2", &e.s.noc2);
	json_add_keys(root, &dcl1_eval_json, &e, NULL, "node_bytes node_size_ratio domain_bytes "
		"l1_lat_cycles noc1_extra_lat_cycles peak_l1_bw_base_bytes_per_cycle "
		"peak_l1_bw_bytes_per_cycle peak_l1_bw_drop noc1_fmax_ratio noc2_fmax_ratio", JSON_10G);
	cJSON_AddBoolToObject(root, "boost_requested", boost);
	json_add_keys(root, &dcl1_eval_json, &e, NULL, "boost_applied noc1_mhz noc1_reply_service_cycles "
		"noc1_area_ratio noc2_area_ratio noc_area_ratio noc_static_ratio node_queue_bytes "
		"l1_area_ratio", JSON_10G);
	if (pfile) {
		cJSON *wl = cJSON_AddObjectToObject(root, "workload");
		cJSON_AddStringToObject(wl, "profile", pfile);
		cJSON_AddStringToObject(wl, "name", s.p.name);
		cJSON_AddNumberToObject(wl, "tables_assoc", ctx->assoc);
		json_add_keys(wl, &dcl1_eval_json, &e, NULL, "domain_miss_ratio replication_ratio copies_per_line", JSON_10G);
		json_add_fmt(wl, "replicas_per_line", e.copies - 1, JSON_10G);
		json_add_keys(wl, &dcl1_eval_json, &e, NULL, "interpolated_group exact_node_record camping_skew camping_from_profile", JSON_10G);
		cJSON *gm = cJSON_AddObjectToObject(root, "gpu_model");
		json_add_keys(gm, &metrics_json, &s.md, &s.mb, "ipc_base ipc speedup l1_hit_base l1_hit "
			"l1_miss_reduction noc_area_mm2_base noc_area_mm2 noc_util energy_j_base energy_j", JSON_10G);
		model_setup_memsys_json(gm, &s, "l1_count l1_bytes l1_hit l1_lat noc_resp_ports replication "
			"p_static_noc_w area_noc_mm2 area_l1_mm2 e_noc_pj_per_inst_extra",
			"name visits_per_l1_access service_cycles delay_cycles copies skew", 0, JSON_10G);
	}
	rc = json_write(root, JSON_LINE, CMD);
out:
	model_setup_free(&s);
	return rc;
}
