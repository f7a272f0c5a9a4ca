/*
 * test_atomics.c -- models/atomics.c: the rates from the profile's atomic fields by hand, the
 * L1 bypass (h1' = h1 (1 - q)) and the hot-slice serialisation through the GPU model: with
 * every operation on one address the whole GPU runs at the one-server bound
 * X = 1 / (a_at (1 - 1/S) t_llc) (atomics.h), the histogram case of issue 20.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/check.h"
#include "support/testhist.h"
#include "atomics.h"
#include "design.h"
#include "gpu.h"
#include "presets/gpu_json.h"

static int eval(const gpu_t *g, const profile_t *p, memsys_t *m, metrics_t *out)
{
	const char *err = NULL;
	wctx_t *w = wctx_alloc(g, p, &err);
	CHECK(w != NULL, "context for the constructed profile");
	if (!w)
		return -1;
	design_t d;
	design_default(&d);
	const char *why = NULL;
	int rc = gpu_eval_detail(g, &d, w, m, out, NULL, &why);
	wctx_free(w);
	return rc;
}

static void test_rates(void)
{
	profile_shape_t s;
	memset(&s, 0, sizeof s);
	atomics_ctx_t c;
	CHECK_INT(atomics_rates(&s, 1000, 100, &c), -1, "no atomics: nothing to model");
	s.has_atom = 1;
	s.atom_insts = 10;
	s.atom_lanes = 320;
	s.atom_addrs = 40;     /* 4 distinct addresses per instruction */
	s.atom_top = 80;
	CHECK_INT(atomics_rates(&s, 1000, 100, &c), 0, "atomics");
	CHECK_NEAR(c.q, 0.4, 1e-12, "q = 40 / 100");
	CHECK_NEAR(c.per_inst, 0.04, 1e-12, "a_at = 40 / 1000");
	CHECK_NEAR(c.conc, 0.25, 1e-12, "c = 80 / 320");
	CHECK_NEAR(atomics_hot_visits(&c, 20), 0.04 * (0.25 - 0.05), 1e-12, "a_at (c - 1/S)");
	CHECK_NEAR(atomics_hot_visits(&c, 2), 0.0, 0, "c below the uniform share: no hot slice");
	CHECK_INT(atomics_rates(&s, 1000, 20, &c), 0, "more addresses than requests");
	CHECK_NEAR(c.q, 1.0, 0, "q clamped at 1");
}

static void test_gpu(void)
{
	gpu_t g;
	if (gpu_load("rtx3080", &g) != 0) {
		CHECK(0, "preset rtx3080 loads");
		return;
	}
	double insts = 1e8, a1 = 0.05;
	profile_t p;
	profile_private_loop(&p, "atom", g.n_sm, insts, a1);
	memsys_t m0, m;
	metrics_t x0, x;
	CHECK_INT(eval(&g, &p, &m0, &x0), 0, "baseline evaluates");
	CHECK(m0.l1_hit > 0.99, "the loop hits in L1");
	/* half of the L1 requests are scattered atomics (c = 1/S: no hot slice) */
	p.shape.has_atom = 1;
	p.shape.atom_addrs = 0.5 * insts * a1;
	p.shape.atom_insts = p.shape.atom_addrs;
	p.shape.atom_lanes = 32 * p.shape.atom_insts;
	p.shape.atom_top = p.shape.atom_lanes / g.llc_slices;
	CHECK_INT(eval(&g, &p, &m, &x), 0, "scattered atomics evaluate");
	CHECK_NEAR(m.l1_hit, m0.l1_hit * 0.5, 1e-12, "h1' = h1 (1 - q), q = 0.5");
	/* the L1's own counters (GPGPU-Sim's L1D) see only the requests it serves: the atomics
	 * bypass it, so its hit rate is h1' / (1 - q) = h1 (validate --accelsim compares that) */
	CHECK_NEAR(x.l1_served, 0.5, 1e-12, "served share 1 - q");
	CHECK_NEAR(x.l1_hit / x.l1_served, m0.l1_hit, 1e-12, "hit rate over the served requests = h1");
	CHECK_NEAR(x0.l1_served, 1.0, 0, "no atomics: the L1 serves every request");
	CHECK_INT(m.n_extra, 0, "c = 1/S: no hot-slice station");
	CHECK(x.ipc < x0.ipc, "the atomics' L1 misses cost time");
	/* every request an atomic on one address: the histogram case */
	p.shape.atom_addrs = insts * a1;
	p.shape.atom_insts = p.shape.atom_addrs;
	p.shape.atom_lanes = 32 * p.shape.atom_insts;
	p.shape.atom_top = p.shape.atom_lanes;
	CHECK_INT(eval(&g, &p, &m, &x), 0, "hot atomics evaluate");
	CHECK_NEAR(m.l1_hit, 0.0, 1e-12, "every request bypasses L1");
	double bound = 1.0 / (a1 * (1.0 - 1.0 / g.llc_slices) * m.llc_service);
	printf("  hot atomics: IPC %.3f, one-server bound %.3f (t_llc %.3f cycles)\n", x.ipc, bound,
	       m.llc_service);
	CHECK(x.ipc <= bound * (1 + 1e-9), "IPC at or under the hot slice's bound");
	CHECK(x.ipc >= 0.97 * bound, "3264 warps saturate the one server (MVA: X -> 1 / D_max)");
	profile_free(&p);
}

int main(void)
{
	test_rates();
	test_gpu();
	return check_summary("test_atomics");
}
