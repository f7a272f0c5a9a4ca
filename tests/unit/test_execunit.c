/*
 * test_execunit.c -- models/execunit.c: the unit bound in closed form (execunit.h: the
 * saturated IPC per SM is min(subcores x issue, subcores / (f_u ii_u), 1 / (f_ldst ii_ldst))),
 * and the GPU model composing it through the mechanism table: on a compute-bound profile the
 * IPC stays at or under the bound and within the closed network's product-form loss of it
 * (gpu.c header: c saturated copies with N customers run at N / (N + c - 1) utilisation), and
 * an unmodelled unit (ii 0) or an absent mix changes nothing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/check.h"
#include "support/testhist.h"
#include "design.h"
#include "execunit.h"
#include "gpu.h"
#include "presets/gpu_json.h"

static double ipc(const gpu_t *g, const profile_t *p)
{
	const char *err = NULL;
	wctx_t *w = wctx_alloc(g, p, &err);
	CHECK(w != NULL, "context for the constructed profile");
	if (!w)
		return -1;
	design_t d;
	design_default(&d);
	metrics_t m;
	const char *why = NULL;
	double x = gpu_eval(g, &d, w, &m, &why) == 0 ? m.ipc : -1;
	wctx_free(w);
	return x;
}

static void test_closed_form(void)
{
	profile_shape_t s;
	memset(&s, 0, sizeof s);
	execunit_ctx_t c;
	CHECK_INT(execunit_fracs(&s, 100.0, &c), -1, "no mix: nothing to model");
	s.has_mix = 1;
	s.unit[SU_FP32] = 90;
	s.unit[SU_SFU] = 5;
	s.unit[SU_LDST] = 5;
	CHECK_INT(execunit_fracs(&s, 100.0, &c), 0, "mix and instructions");
	CHECK_NEAR(c.frac[SU_FP32], 0.9, 1e-12, "f = 90 / 100");
	double ii[SU_NUNIT] = { 0 };
	CHECK(isinf(execunit_sm_bound(&c, 4, ii)), "every ii 0: no unit binds");
	ii[SU_FP32] = 2;
	/* QV100 (trace.config sp 2,2): 4 sub-cores / (0.9 x 2) = 2.222 warp inst/cycle per SM */
	CHECK_NEAR(execunit_sm_bound(&c, 4, ii), 4.0 / 1.8, 1e-12, "FP32 bound");
	ii[SU_SFU] = 8;   /* 4 / (0.05 x 8) = 10: FP32 still binds */
	CHECK_NEAR(execunit_sm_bound(&c, 4, ii), 4.0 / 1.8, 1e-12, "SFU does not bind");
	ii[SU_LDST] = 8;  /* one LD/ST pipe per SM: 1 / (0.05 x 8) = 2.5 */
	CHECK_NEAR(execunit_sm_bound(&c, 4, ii), 4.0 / 1.8, 1e-12, "LD/ST does not bind at 2.5");
	ii[SU_SFU] = 32;  /* 4 / (0.05 x 32) = 2.5 ... */
	ii[SU_FP32] = 1;  /* 4 / 0.9 = 4.44; LD/ST 2.5 and SFU 2.5 bind */
	CHECK_NEAR(execunit_sm_bound(&c, 4, ii), 2.5, 1e-12, "SFU and LD/ST bind at 2.5");
}

static void test_gpu_compose(void)
{
	gpu_t g;
	if (gpu_load("rtx3080", &g) != 0) {
		CHECK(0, "preset rtx3080 loads");
		return;
	}
	/* isolate the execution units: the register-file bank station (issue 20's rf_banks, 2 banks
	 * per sub-core on rtx3080) would bind first on this fixture's register operands; start
	 * from no initiation intervals (the preset now carries SM86_RTX3070's) */
	g.rf_banks_per_subcore = 0;
	g.ii_fp32 = g.ii_fp64 = g.ii_int = g.ii_sfu = g.ii_tensor = g.ii_ldst = 0;
	profile_t p;
	profile_private_loop(&p, "eu", g.n_sm, 1e8, 0.001);
	double base = ipc(&g, &p);
	double issue = g.n_sm * g.subcores * g.issue_per_subcore;
	CHECK(base > 0.9 * issue && base <= issue * (1 + 1e-9), "no mix: the schedulers' issue bound");
	p.shape.has_mix = 1;
	p.shape.unit[SU_FP32] = 0.9e8;
	p.shape.unit[SU_LDST] = 0.001e8;
	p.shape.unit[SU_OTHER] = 0.099e8;
	CHECK_NEAR(ipc(&g, &p), base, 1e-12, "mix without ii: unchanged");
	g.ii_fp32 = 2;
	double x = ipc(&g, &p);
	double bound = g.n_sm * g.subcores / (0.9 * 2.0);
	/* population N = n_sm x 48 warps (mlp 1), copies c = n_sm x 4 sub-cores */
	double N = g.n_sm * g.warps_per_sm, c = g.n_sm * g.subcores;
	printf("  FP32-bound: IPC %.2f, unit bound %.2f, product-form floor %.2f\n", x, bound,
	       bound * N / (N + c - 1));
	CHECK(x <= bound * (1 + 1e-9), "IPC at or under the FP32 unit bound");
	CHECK(x >= 0.98 * bound * N / (N + c - 1), "IPC within the product-form loss of the bound");
	g.ii_fp32 = 1;    /* 4 / 0.9 > 4: the schedulers bind again */
	double y = ipc(&g, &p);
	CHECK(y < base && y > 0.85 * base, "FP32 at 1 cycle: near the issue bound, a little queueing");
	profile_free(&p);
}

int main(void)
{
	test_closed_form();
	test_gpu_compose();
	return check_summary("test_execunit");
}
