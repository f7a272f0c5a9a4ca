/* test_solve_memo.c -- the solve shared by designs that differ only in gate_idle
 * (models/solve_memo.h): on shipped presets and profiles (barriers, lock step, pending hits,
 * every mechanism), a context that shares its solves returns metrics identical, byte for byte,
 * to a context that solves every point, for gate_idle off and on, in either order; the
 * gated sibling is a hit (the memo holds it after the first solve) and its energy is its own
 * (gated static power), so a hit that copied the sibling's energy fails here. */
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "knobs.h"
#include "memo.h"
#include "presets/gpu_json.h"
#include "solve_memo.h"
#include "support/check.h"
#include "workload.h"

static const char *const presets[] = { "rtx3080", "dcl1-80", "fuse-15", "malekeh-2060" };
static const char *const profiles[] = { "p-2mm", "r-srad", "db-gru", "c-blk" };
static const char *const designs[] = {
	"",
	"active_sms=8",
	"active_sms=12,llc_scale=2,mem_clock_scale=1.2",
	"dcl1_org=shc,dcl1_nodes=40,dcl1_clusters=10,dcl1_boost=true",
	"fuse_cfg=dy,fuse_sram_frac=0.25,fuse_predictor=true,active_sms=10",
	"mor_cache_sms=16,mor_impl=rf,mor_pred=perfect,mor_imov=true,active_sms=40",
	"rfc_on=true,rfc_sthld=-1,active_sms=20",
};

int main(void)
{
	if (!getenv("GPUDSE_ROOT"))
		setenv("GPUDSE_ROOT", ".", 1);
	int compared = 0, gated = 0;
	for (size_t gi = 0; gi < sizeof presets / sizeof *presets; gi++) {
		gpu_t g;
		if (gpu_load(presets[gi], &g) != 0) {
			CHECK(0, "shipped preset loads");
			continue;
		}
		for (size_t pi = 0; pi < sizeof profiles / sizeof *profiles; pi++) {
			char path[256];
			snprintf(path, sizeof path, "calibration/profiles/%s.json", profiles[pi]);
			workload_t shared, plain;
			if (workload_load(path, &g, &shared) != 0 || workload_load(path, &g, &plain) != 0) {
				CHECK(0, "shipped profile loads");
				continue;
			}
			CHECK_INT(wctx_share_solves(shared.ctx), 0, "the memo is allocated");
			for (size_t di = 0; di < sizeof designs / sizeof *designs; di++)
				for (int first = 0; first < 2; first++) {   /* gate_idle of the first solve */
					design_t d[2];
					char err[256];
					const char *why = NULL;
					if (design_parse(designs[di], &d[0], err, sizeof err) != 0) {
						CHECK(0, "test design parses");
						continue;
					}
					if (gpu_design_check(&g, &d[0], &why) != 0)
						continue;   /* e.g. 40 cache-mode SMs on 15 */
					d[1] = d[0];
					d[0].gate_idle = first;
					d[1].gate_idle = !first;
					metrics_t a[2], b[2];
					double pj[EC_N];
					metrics_t held;
					/* a fresh memo per pair: the first solve is a miss */
					memo_free(shared.ctx->solve_memo);
					shared.ctx->solve_memo = NULL;
					CHECK_INT(wctx_share_solves(shared.ctx), 0, "the memo is allocated");
					CHECK_INT(gpu_eval(&g, &d[0], shared.ctx, &a[0], &why), 0, "legal design evaluates");
					CHECK_INT(solve_memo_get(shared.ctx->solve_memo, &d[1], &held, pj), 1,
					          "after the first solve, the sibling's is held (a hit)");
					CHECK_INT(gpu_eval(&g, &d[1], shared.ctx, &a[1], &why), 0, "legal design evaluates");
					for (int k = 0; k < 2; k++) {
						CHECK_INT(gpu_eval(&g, &d[k], plain.ctx, &b[k], &why), 0, "legal design evaluates");
						char what[200];
						snprintf(what, sizeof what, "%s/%s [%s] gate_idle=%d (first %d): shared solve == full solve, byte for byte",
						         presets[gi], profiles[pi], designs[di], d[k].gate_idle, first);
						CHECK(memcmp(&a[k], &b[k], sizeof a[k]) == 0, what);
						compared++;
					}
					if (b[0].energy_j != b[1].energy_j)
						gated++;
				}
			workload_free(&shared);
			workload_free(&plain);
		}
	}
	CHECK(compared >= 150, "enough pairs compared");
	CHECK(gated >= compared / 4, "gating changes the energy on the designs with idle SMs (the hit recomputes it)");
	return check_summary("solve_memo");
}
