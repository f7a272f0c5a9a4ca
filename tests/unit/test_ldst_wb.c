/* test_ldst_wb.c -- LDST WRITEBACK (models/gpu.c header): on a preset with GPGPU-Sim's
 * load/store unit (l1_banks, sectored L1) the l1 station's service per request is the slower of
 * the access stage (memsys l1_service) and the writeback of the request's returned load sectors,
 * one a cycle: (1 - w_f) s min(1, 1 - h1 + p_pend), s = bytes_per_req / sector_bytes.  Checked on
 * the Accel-Sim reference profiles (closed form against the solved station), and absent on a
 * preset without l1_banks. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "knobs.h"
#include "presets/gpu_json.h"
#include "support/check.h"
#include "workload.h"

static double l1_station_service(const gpu_detail_t *det)
{
	for (int k = 0; k < det->n; k++)
		if (!strcmp(det->st[k].name, "l1"))
			return det->st[k].service;
	return NAN;
}

static void one(const char *preset_path, const char *profile, int expect_term)
{
	gpu_t g;
	if (gpu_load(preset_path, &g) != 0) {
		CHECK(0, "preset loads");
		return;
	}
	workload_t wl;
	if (workload_load(profile, &g, &wl) != 0) {
		CHECK(0, "profile loads");
		return;
	}
	design_t d;
	char err[128];
	design_parse("", &d, err, sizeof err);
	memsys_t m;
	metrics_t out;
	gpu_detail_t det;
	const char *why = NULL;
	CHECK_INT(gpu_eval_detail(&g, &d, wl.ctx, &m, &out, &det, &why), 0, "evaluates");
	double s = m.bytes_per_req / g.sector_bytes, ret = 1.0 - m.l1_hit + m.l1_pend;
	double wb = (1.0 - m.write_frac) * s * (ret < 1.0 ? ret : 1.0);
	double want = expect_term && wb > m.l1_service ? wb : m.l1_service;
	char what[160];
	snprintf(what, sizeof what, "%s on %s: l1 service = max(access stage %.4g, writeback %.4g)%s", profile,
	         preset_path, m.l1_service, wb, expect_term ? "" : " -- no writeback term without l1_banks");
	CHECK_REL(l1_station_service(&det), want, 1e-12, what);
	if (expect_term == 2)
		CHECK(wb > m.l1_service, "p-2dconv: the writeback binds (the term is not idle)");
	workload_free(&wl);
}

int main(void)
{
	if (!getenv("GPUDSE_ROOT"))
		setenv("GPUDSE_ROOT", ".", 1);
	/* p-2dconv: 84% of its sector accesses return through the unit (misses and pending hits):
	 * the writeback binds; t-alexnet: 95% true hits, the access stage binds */
	one("calibration/accelsim/presets/SM7_QV100.json", "calibration/accelsim/profiles/SM7_QV100/p-2dconv.json", 2);
	one("calibration/accelsim/presets/SM7_QV100.json", "calibration/accelsim/profiles/SM7_QV100/t-alexnet.json", 1);
	one("calibration/accelsim/presets/SM86_RTX3070.json", "calibration/accelsim/profiles/SM86_RTX3070/p-2dconv.json", 2);
	/* a shipped preset without l1_banks: the access-stage figure stays */
	one("rtx3080", "calibration/profiles/p-2dconv.json", 0);
	return check_summary("ldst_wb");
}
