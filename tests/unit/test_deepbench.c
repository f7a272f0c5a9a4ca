/*
 * test_deepbench.c -- the DeepBench templates (src/profiling/generators/deepbench.c): counts the
 * generator produces against counts known by construction from the template description in
 * deepbench.c's header (tile shapes from gen_deepbench_tile, which the test checks too).
 */
#include <stdio.h>
#include <string.h>

#include "support/check.h"
#include "profiling/generators/gen.h"
#include "profiling/shape_acc.h"

typedef struct run {
	gen_stats_t st;
	profile_shape_t s;
	shape_acc_t acc;
} run_t;

static int run(const char *name, long size, int n_sm, run_t *r)
{
	const gen_kernel_t *k = gen_find(name);
	CHECK(k != NULL, name);
	if (!k)
		return -1;
	shape_acc_init(&r->acc);
	gen_sink_t sink = { .shape = &r->acc };
	gen_opts_t o = { .n_sm = n_sm, .warps_per_sm = 32, .ctas_per_sm = 16, .seed = 1, .regs = 1 };
	gen_t g;
	int rc = gen_init(&g, &o, &sink);
	if (!rc)
		rc = k->run(&g, size);
	gen_finish(&g);
	r->st = g.st;
	r->s = r->acc.s;
	gen_free(&g);
	CHECK_INT(rc, 0, name);
	return rc;
}

static void tiles(void)
{
	int nt, loop, post, hmma, ldsm, ldg;
	gen_deepbench_tile(1024, &nt, &loop, &post, &hmma, &ldsm, &ldg);
	CHECK_INT(nt, 128, "square GEMM: 128-column tile");
	CHECK_INT(hmma, 32, "warp tile 64x32: 4 x 4 m16n8 fragments x 2 k16 halves");
	CHECK_INT(ldsm, 12, "LDSM.x4: 8 A (4 m16 x 2 k16) + 4 B");
	CHECK_INT(ldg, 4, "2 LDG.128 for A, 2 for B per thread");
	CHECK_INT(loop, 4 + 4 + 1 + 12 + 32 + 1 + 5, "K step: LDG, STS, BAR, LDSM, HMMA, BAR, 4 INT + BRA");
	CHECK_INT(post, 16, "64 x 32 fp32 warp tile / 128 floats per STG.128");
	gen_deepbench_tile(16, &nt, &loop, &post, &hmma, &ldsm, &ldg);
	CHECK_INT(nt, 16, "batch 16: 16-column tile");
	CHECK_INT(hmma, 4, "warp tile 16x16: 2 n8 fragments x 2 k16");
	CHECK_INT(ldsm, 4, "2 A + 2 B fragments");
	CHECK_INT(ldg, 3, "one B load");
	CHECK_INT(post, 2, "16 x 16 / 128");
	gen_deepbench_tile(1, &nt, &loop, &post, &hmma, &ldsm, &ldg);
	CHECK_INT(nt, 8, "batch 1: padded to the n8 of HMMA.16816");
	CHECK_INT(loop, 3 + 3 + 1 + 3 + 2 + 1 + 5, "skinny K step");
}

/* db-gemm at 256 on 4 SMs: 2 x 2 CTAs of 8 warps = 32 warps, K / 32 = 8 steps. */
static void gemm(void)
{
	run_t r;
	if (run("db-gemm", 256, 4, &r))
		return;
	const double W = 32, S = 8;
	CHECK_NEAR(r.st.tensor, W * S * 32, 0, "HMMA: warps x steps x 32");
	CHECK_NEAR(r.st.mem_insts, W * (S * 4 + 16), 0, "global: 4 LDG.128 per step + 16 STG.128");
	CHECK_NEAR(r.st.accesses, W * (S * 4 * 8 + 16 * 4), 0, "an LDG covers 8 rows of 64 B (8 lines), an STG 2 columns of 256 B (4 lines)");
	CHECK_NEAR(r.st.sectors, W * (S * 4 * 16 + 16 * 16), 0, "16 sectors per 512 B warp access");
	CHECK_NEAR(r.st.accesses / r.st.mem_insts, (S * 32 + 64) / (S * 4 + 16), 1e-12, "lines per memory instruction");
	CHECK_NEAR(r.st.insts, W * (24 + S * 59 + 16), 0, "warp instructions: prologue 24, 59 per step, 16 stores");
	const profile_shape_t *s = &r.s;
	CHECK_NEAR(s->lds, W * S * 12, 0, "LDSM (shared loads): 12 per warp per step");
	CHECK_NEAR(s->sts, W * S * 4, 0, "STS.128: one per LDG");
	CHECK_NEAR(s->shared_wavefronts, W * S * 16 * 4, 0,
	           "swizzled tiles, conflict-free: 4 wavefronts per 512 B warp access (4 B words per bank)");
	CHECK_NEAR(s->bar, W * S * 2, 0, "two BAR.SYNC per step");
	CHECK_NEAR(s->unit[SU_TENSOR], W * S * 32, 0, "tensor unit");
	CHECK_NEAR(s->unit[SU_INT], W * (24 + S * 4), 0, "integer: prologue 24 + 4 per step");
	CHECK_NEAR(s->unit[SU_BRANCH], W * S, 0, "one BRA per step");
	CHECK_NEAR(s->mlp_hist[3], W * S, 0, "the 4 tile loads of a step are in flight together (group of 4)");
	CHECK_INT((long long)s->n_launch, 1, "one launch geometry");
	if (s->n_launch == 1) {
		CHECK_INT(s->launch[0].grid[0] * s->launch[0].grid[1], 4, "2 x 2 CTAs");
		CHECK_INT(s->launch[0].block[0], 256, "256 threads");
		CHECK_INT(s->launch[0].smem, 2 * 256 * 64, "2 stages x (128 + 128) rows x 64 B");
		CHECK_INT(s->launch[0].regs, 255, "255 registers");
	}
	CHECK_NEAR(shape_simd_lanes(s), 32, 0, "every lane active");
	shape_acc_free(&r.acc);
}

/* db-lstm at H = 64 (batch 1, 25 steps): G = 4 gates, GH = 256 rows: every GEMM has 2 CTAs
 * (M / 128) x 8 warps = 16 warps, K / 32 = 2 steps.  The input GEMM has N = B T = 25 columns:
 * tile 32 (warp tile 16 x 32: 8 HMMA, 2 + 4 LDSM, 4 STG.128 per warp, 1 B LDG executed by
 * warps 0..3 whose threads hold the 25 rows); each recurrent GEMM N = 1: tile 8 (2 HMMA,
 * 2 + 1 LDSM, 1 STG, the B LDG by warp 0 only).  Elementwise: 64 threads in one CTA of 256:
 * warps 0 and 1 touch memory (13 loads + 2 stores), all 8 run the ALU templates. */
static void lstm(void)
{
	run_t r;
	if (run("db-lstm", 64, 2, &r))
		return;
	const double T = 25, CW = 16, S = 2;
	CHECK_NEAR(r.st.launches, 1 + 2 * T, 0, "input GEMM + (recurrent GEMM + elementwise) per step");
	CHECK_NEAR(r.st.tensor, CW * S * 8 + T * CW * S * 2, 0, "HMMA: 8 / 2 per warp per step");
	CHECK_NEAR(r.s.lds, CW * S * 6 + T * CW * S * 3, 0, "LDSM fragments");
	CHECK_NEAR(r.s.sts, (1 + T) * CW * S * 3, 0, "STS: one per LDG template (predicated threads issue)");
	CHECK_NEAR(r.s.bar, (1 + T) * CW * S * 2, 0, "BAR: 2 per step");
	double in_mem = CW * S * 2 + 2 * S * 4 + CW * 4, rec_mem = CW * S * 2 + 2 * S + CW, ew_mem = 2 * 15;
	CHECK_NEAR(r.st.mem_insts, in_mem + T * (rec_mem + ew_mem), 0, "global memory instructions");
	CHECK_NEAR(r.s.unit[SU_SFU], T * 8 * 10, 0, "5 non-linearities x 2 MUFU per warp, 8 warps per step");
	/* written lines: the input GEMM's warps store 16 rows x 25 columns of fp32 (64 B per
	 * column: 25 lines); a recurrent GEMM's warp 16 x 1 (1 line); per step h_t (64 x 2 B) and
	 * c_t (64 x 4 B) take one line per warp each */
	CHECK_NEAR(r.st.writes, CW * 25 + T * CW + T * 4, 0, "written lines");
	CHECK_NEAR(r.s.mlp_hist[2], (2 * 4 + T * 2 * 1) * S, 0,
	           "warps holding B rows (4 per CTA in the input GEMM, 1 per recurrent one) issue 3 tile loads in flight per step");
	CHECK_NEAR(r.s.mlp_hist[1], ((CW - 2 * 4) + T * (CW - 2)) * S, 0, "the other warps issue 2 (A, A)");
	shape_acc_free(&r.acc);
	/* size errors */
	const gen_kernel_t *k = gen_find("db-rnn");
	gen_t g;
	gen_sink_t sink = { 0 };
	gen_opts_t o = { .n_sm = 1, .warps_per_sm = 32, .ctas_per_sm = 16, .seed = 1 };
	CHECK(k && gen_init(&g, &o, &sink) == 0, "init");
	if (k) {
		CHECK(k->run(&g, 100) < 0 && strstr(g.err, "multiple of 32"), "hidden 100 refused with a reason");
		gen_free(&g);
	}
}

int main(void)
{
	tiles();
	gemm();
	lstm();
	return check_summary("deepbench");
}
