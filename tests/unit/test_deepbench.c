/*
 * test_deepbench.c -- the DeepBench templates (src/profiling/generators/deepbench*.c): counts the
 * generator produces against counts known by construction from the template description in
 * the headers of deepbench.c, deepbench_hgemm.c and deepbench_rnn.c (tile shapes from
 * gen_deepbench_tile, which the test checks too).
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

/* Generate with fn(g, arg) on n_sm SMs of 32 warps, collecting the counts and the shape. */
static int run_on(int (*fn)(gen_t *, void *), void *arg, int n_sm, int hmma_k, run_t *r, const char *what)
{
	shape_acc_init(&r->acc);
	gen_sink_t sink = { .shape = &r->acc };
	gen_opts_t o = { .n_sm = n_sm, .warps_per_sm = 32, .ctas_per_sm = 16, .seed = 1, .regs = 1, .hmma_k = hmma_k };
	gen_t g;
	int rc = gen_init(&g, &o, &sink);
	if (!rc)
		rc = fn(&g, arg);
	gen_finish(&g);
	r->st = g.st;
	r->s = r->acc.s;
	gen_free(&g);
	CHECK_INT(rc, 0, what);
	if (rc)
		shape_acc_free(&r->acc);
	return rc;
}

static int run_with(int (*fn)(gen_t *, void *), void *arg, run_t *r, const char *what)
{
	return run_on(fn, arg, 4, 0, r, what);
}

typedef struct kernel_arg {
	const gen_kernel_t *k;
	long size;
} kernel_arg_t;

static int kernel_fn(gen_t *g, void *arg)
{
	const kernel_arg_t *a = arg;
	return a->k->run(g, a->size);
}

static int run(const char *name, long size, int n_sm, run_t *r)
{
	kernel_arg_t a = { gen_find(name), size };
	CHECK(a.k != NULL, name);
	if (!a.k)
		return -1;
	return run_on(kernel_fn, &a, n_sm, 0, r, name);
}

static void tiles(void)
{
	int nt, loop, post, hmma, ldsm, ldg;
	gen_deepbench_tile(1024, 16, &nt, &loop, &post, &hmma, &ldsm, &ldg);
	CHECK_INT(nt, 128, "square GEMM: 128-column tile");
	CHECK_INT(hmma, 32, "warp tile 64x32: 4 x 4 m16n8 fragments x 2 k16 halves");
	CHECK_INT(ldsm, 12, "LDSM.x4: 8 A (4 m16 x 2 k16) + 4 B");
	CHECK_INT(ldg, 4, "2 LDG.128 for A, 2 for B per thread");
	CHECK_INT(loop, 4 + 4 + 1 + 12 + 32 + 1 + 5, "K step: LDG, STS, BAR, LDSM, HMMA, BAR, 4 INT + BRA");
	CHECK_INT(post, 16, "64 x 32 fp32 warp tile / 128 floats per STG.128");
	gen_deepbench_tile(16, 16, &nt, &loop, &post, &hmma, &ldsm, &ldg);
	CHECK_INT(nt, 16, "batch 16: 16-column tile");
	CHECK_INT(hmma, 4, "warp tile 16x16: 2 n8 fragments x 2 k16");
	CHECK_INT(ldsm, 4, "2 A + 2 B fragments");
	CHECK_INT(ldg, 3, "one B load");
	CHECK_INT(post, 2, "16 x 16 / 128");
	gen_deepbench_tile(1, 16, &nt, &loop, &post, &hmma, &ldsm, &ldg);
	CHECK_INT(nt, 8, "batch 1: padded to the n8 of HMMA.16816");
	CHECK_INT(loop, 3 + 3 + 1 + 3 + 2 + 1 + 5, "skinny K step");
	/* Turing (sm_75) has no m16n8k16: two HMMA.1688 per k16 half, the rest unchanged */
	gen_deepbench_tile(1024, 8, &nt, &loop, &post, &hmma, &ldsm, &ldg);
	CHECK_INT(hmma, 64, "warp tile 64x32 on Turing: 4 x 4 m16n8 fragments x 4 k8 quarters");
	CHECK_INT(ldsm, 12, "the same LDSM.x4 fragments");
	CHECK_INT(loop, 4 + 4 + 1 + 12 + 64 + 1 + 5, "K step with 64 HMMA.1688");
	gen_deepbench_tile(16, 8, &nt, &loop, &post, &hmma, &ldsm, &ldg);
	CHECK_INT(hmma, 8, "warp tile 16x16 on Turing: 2 n8 fragments x 4 k8");
	CHECK_INT(gen_hmma_k(75), 8, "sm_75: HMMA.1688");
	CHECK_INT(gen_hmma_k(86), 16, "sm_86: HMMA.16816");
	CHECK_INT(gen_hmma_k(0), 16, "unknown: HMMA.16816");
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
	/* the same kernel for Turing (sm_75): 64 HMMA.1688 per warp per step, nothing else moves */
	kernel_arg_t a = { gen_find("db-gemm"), 256 };
	if (run_on(kernel_fn, &a, 4, gen_hmma_k(75), &r, "db-gemm on Turing"))
		return;
	CHECK_NEAR(r.st.tensor, W * S * 64, 0, "HMMA.1688: warps x steps x 64");
	CHECK_NEAR(r.st.insts, W * (24 + S * 91 + 16), 0, "warp instructions: 91 per step");
	CHECK_NEAR(r.st.accesses, W * (S * 4 * 8 + 16 * 4), 0, "memory accesses unchanged");
	shape_acc_free(&r.acc);
	gen_inst_t h = I_HMMA(8, 40, 48, 8);
	CHECK_STR(gen_inst_opcode(&h), "HMMA.16816.F32", "Ampere opcode in written traces");
	h.memop = 8;
	CHECK_STR(gen_inst_opcode(&h), "HMMA.1688.F32", "Turing opcode in written traces");
}

/* db-lstm at H = 64 (batch 1, 25 steps): G = 4 gates, GH = 256 rows: every GEMM has 2 CTAs
 * (M / 128) x 8 warps = 16 warps, K / 32 = 2 steps.  No input GEMM (rnn_bench's
 * CUDNN_SKIP_INPUT: x_t enters the gates as it is); each recurrent GEMM N = 1: tile 8 (2 HMMA,
 * 2 + 1 LDSM, 1 STG, the B LDG by warp 0 only).  Elementwise: 64 threads in one CTA of 256:
 * warps 0 and 1 touch memory (10 loads: 4 recurrent pre-activations, x_t, 4 biases, c_{t-1};
 * 2 stores), all 8 run the ALU templates. */
static void lstm(void)
{
	run_t r;
	if (run("db-lstm", 64, 2, &r))
		return;
	const double T = 25, CW = 16, S = 2;
	CHECK_NEAR(r.st.launches, 2 * T, 0, "recurrent GEMM + elementwise per step, no input GEMM");
	CHECK_NEAR(r.st.tensor, T * CW * S * 2, 0, "HMMA: 2 per warp per step");
	CHECK_NEAR(r.s.lds, T * CW * S * 3, 0, "LDSM fragments");
	CHECK_NEAR(r.s.sts, T * CW * S * 3, 0, "STS: one per LDG template (predicated threads issue)");
	CHECK_NEAR(r.s.bar, T * CW * S * 2, 0, "BAR: 2 per step");
	double rec_mem = CW * S * 2 + 2 * S + CW, ew_mem = 2 * 12;
	CHECK_NEAR(r.st.mem_insts, T * (rec_mem + ew_mem), 0, "global memory instructions");
	CHECK_NEAR(r.s.unit[SU_SFU], T * 8 * 10, 0, "5 non-linearities x 2 MUFU per warp, 8 warps per step");
	/* written lines: a recurrent GEMM's warp 16 x 1 (1 line); per step h_t (64 x 2 B) and c_t
	 * (64 x 4 B) take one line per warp each */
	CHECK_NEAR(r.st.writes, T * CW + T * 4, 0, "written lines");
	CHECK_NEAR(r.s.mlp_hist[2], T * 2 * 1 * S, 0,
	           "warps holding B rows (1 per CTA of a recurrent GEMM) issue 3 tile loads in flight per step");
	CHECK_NEAR(r.s.mlp_hist[1], T * (CW - 2) * S, 0, "the other warps issue 2 (A, A)");
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

/* The set of 128 B lines and 32 B sectors one warp instruction touches (16 B per lane). */
typedef struct touch {
	uint64_t ln[32], sc[64];
	int nl, ns;
} touch_t;

static void touch_add(touch_t *t, uint64_t array, uint64_t byte)
{
	uint64_t b = (array << 40) + byte, L = b / 128, seen = 0;
	for (int i = 0; i < t->nl; i++)
		seen |= t->ln[i] == L;
	if (!seen)
		t->ln[t->nl++] = L;
	for (uint64_t S = b / 32; S <= (b + 15) / 32; S++) {
		seen = 0;
		for (int i = 0; i < t->ns; i++)
			seen |= t->sc[i] == S;
		if (!seen)
			t->sc[t->ns++] = S;
	}
}

typedef struct tile_counts {
	double read_lines, write_lines, sectors, mem_insts;
} tile_counts_t;

static void touch_count(const touch_t *t, tile_counts_t *n, int write)
{
	if (!t->nl)
		return;                                 /* no lane touches memory: not issued */
	*(write ? &n->write_lines : &n->read_lines) += t->nl;
	n->sectors += t->ns;
	n->mem_insts += 1;
}

/* One tiled HGEMM from the header's thread maps, independently of the generator's code: CTA
 * tile 128 x nt (nt = N rounded up to 8, or 128), 8 warps; per 32-element K step, A loads
 * (K-major: lane th reads row m0 + op.64 + th/4 at k0 + (th%4).8; M-major: K row k0 + op.16 +
 * th/16 at m0 + (th%16).8), B loads (K-major: row n0 + (op-2).64 + th/4 below nt; N-major: K
 * row (op-2).(256/(nt/8)) + th/(nt/8) below 32 at n0 + (th%(nt/8)).8), 16 B a lane, lanes
 * beyond M, N or K load nothing; the fp32 epilogue: STG q, lane l stores the 4 floats of
 * warp-tile element q.128 + 4l (column-major in the wm x wn tile) at C[n.M + m].
 * With conv, the implicit-GEMM convolution from its definition: A row m = (n, p, q), column
 * k = (r, s, c) is input pixel y = p.stride_h - pad_h + r, x = q.stride_w - pad_w + s,
 * channel c of the NHWC input (a padding pixel loads nothing), and the epilogue lane l of STG
 * q stores 8 fp16 channels of the warp-tile element (q.32 + l).8 (row-major in the tile) at
 * y[m][k] (NHWC).  Arrays are 64 KiB-aligned in the generator, so offsets from each array's
 * base give the same lines. */
static void tile_reference(long M, long N, long K, int amm, int bnm, const conv_geo_t *c, int pass, int chalf,
                           int cread, tile_counts_t *n)
{
	long nt = N >= 128 ? 128 : (N + 7) / 8 * 8, wm = nt == 128 ? 64 : 16, wn = nt == 128 ? 32 : nt;
	memset(n, 0, sizeof *n);
	for (long m0 = 0; m0 < M; m0 += 128)
		for (long n0 = 0; n0 < N; n0 += nt)
			for (int w = 0; w < 8; w++) {
				for (long k0 = 0; k0 < K; k0 += 32)
					for (int op = 0; op < (nt == 128 ? 4 : 3); op++) {
						touch_t t = { .nl = 0 };
						for (int l = 0; l < 32; l++) {
							long th = w * 32 + l;
							if (op < 2 && amm) {
								long k = k0 + op * 16 + th / 16, m = m0 + (th % 16) * 8;
								if (m >= M || k >= K)
									continue;
								if (!c) {
									touch_add(&t, 1, (uint64_t)(k * M + m) * 2);
									continue;
								}
								/* wgrad: A[k = (n, p, q)][m = (r, s, c)] is the input
								 * pixel output (p, q) sees through filter tap (r, s) */
								long b = k / (c->p * c->q), p = k / c->q % c->p, q = k % c->q;
								long r = m / (c->s * c->c), s = m / c->c % c->s, ch = m % c->c;
								long y = p * c->sh - c->pad_h + r, x = q * c->sw - c->pad_w + s;
								if (y >= 0 && y < c->h && x >= 0 && x < c->w)
									touch_add(&t, 1, (uint64_t)(((b * c->h + y) * c->w + x) * c->c + ch) * 2);
							} else if (op < 2 && c && pass == CONV_DGRAD) {
								/* dgrad: A[m = (n, h, w)][k = (r, s, kf)] is dY at the
								 * output pixel (p, q) whose tap (r, s) reads input (h, w):
								 * p.stride_h - pad_h + r = h, searched over every p, q */
								long m = m0 + op * 64 + th / 4, k = k0 + (th % 4) * 8;
								if (m >= M || k >= K)
									continue;
								long b = m / (c->h * c->w), h = m / c->w % c->h, x = m % c->w;
								long r = k / c->k / c->s, s = k / c->k % c->s, kf = k % c->k;
								long pp = -1, qq = -1;
								for (long p = 0; p < c->p; p++)
									if (p * c->sh - c->pad_h + r == h)
										pp = p;
								for (long q = 0; q < c->q; q++)
									if (q * c->sw - c->pad_w + s == x)
										qq = q;
								if (pp >= 0 && qq >= 0)
									touch_add(&t, 1, (uint64_t)(((b * c->p + pp) * c->q + qq) * c->k + kf) * 2);
							} else if (op < 2) {
								long m = m0 + op * 64 + th / 4, k = k0 + (th % 4) * 8;
								if (m >= M || k >= K)
									continue;
								if (!c) {
									touch_add(&t, 1, (uint64_t)(m * K + k) * 2);
									continue;
								}
								long b = m / (c->p * c->q), p = m / c->q % c->p, q = m % c->q;
								long tap = k / c->c, ch = k % c->c;
								long y = p * c->sh - c->pad_h + tap / c->s, x = q * c->sw - c->pad_w + tap % c->s;
								if (y >= 0 && y < c->h && x >= 0 && x < c->w)
									touch_add(&t, 1, (uint64_t)(((b * c->h + y) * c->w + x) * c->c + ch) * 2);
							} else if (bnm) {
								long tpr = nt / 8, kr = (op - 2) * (256 / tpr) + th / tpr, nn = n0 + (th % tpr) * 8;
								if (kr >= 32 || k0 + kr >= K || nn >= N)
									continue;
								if (c && pass == CONV_DGRAD) {  /* filter[kf][r][s][c = nn] */
									long k = k0 + kr, r = k / c->k / c->s, s = k / c->k % c->s, kf = k % c->k;
									touch_add(&t, 2, (uint64_t)(((kf * c->r + r) * c->s + s) * c->c + nn) * 2);
								} else {
									touch_add(&t, 2, (uint64_t)((k0 + kr) * N + nn) * 2);
								}
							} else {
								long rr = (op - 2) * 64 + th / 4, k = k0 + (th % 4) * 8;
								if (rr < nt && n0 + rr < N && k < K)
									touch_add(&t, 2, (uint64_t)((n0 + rr) * K + k) * 2);
							}
						}
						touch_count(&t, n, 0);
					}
				long wy = nt == 128 ? w / 4 : w, wx = nt == 128 ? w % 4 : 0;
				for (long q = 0; q < (c || chalf ? (wm * wn + 255) / 256 : wm * wn / 128); q++) {
					touch_t t = { .nl = 0 };
					for (int l = 0; l < 32; l++) {
						if (chalf) {            /* fp16 column-major, 8 m a lane */
							long idx = (q * 32 + l) * 8, m = m0 + wy * wm + idx % wm, nn = n0 + wx * wn + idx / wm;
							if (idx < wm * wn && m < M && nn < N)
								touch_add(&t, 3, (uint64_t)(nn * M + m) * 2);
							continue;
						}
						if (c) {                /* fp16 NHWC, 8 channels a lane */
							long idx = (q * 32 + l) * 8, m = m0 + wy * wm + idx / wn, k = n0 + wx * wn + idx % wn;
							if (idx < wm * wn && m < M && k < N)
								touch_add(&t, 3, (uint64_t)(m * N + k) * 2);
							continue;
						}
						long idx = q * 128 + l * 4, m = m0 + wy * wm + idx % wm, nn = n0 + wx * wn + idx / wm;
						if (m < M && nn < N)
							touch_add(&t, 3, (uint64_t)(nn * M + m) * 4);
					}
					if (cread)              /* beta != 0: C is loaded before it is stored */
						touch_count(&t, n, 0);
					touch_count(&t, n, 1);
				}
			}
}

/* The generator's counts against the reference enumeration's, exactly. */
static void check_counts(const char *kind, const char *what, const run_t *r, const tile_counts_t *e)
{
	printf("%s %-62s lines read %.0f written %.0f sectors %.0f memory instructions %.0f\n", kind, what,
	       e->read_lines, e->write_lines, e->sectors, e->mem_insts);
	CHECK_NEAR(r->st.accesses - r->st.writes, e->read_lines, 0, "read lines (reference enumeration)");
	CHECK_NEAR(r->st.writes, e->write_lines, 0, "written lines");
	CHECK_NEAR(r->st.sectors, e->sectors, 0, "sectors");
	CHECK_NEAR(r->st.mem_insts, e->mem_insts, 0, "global memory instructions issued");
}

typedef struct gemm_case {
	long M, N, K;
	int amm, bnm, chalf;
	const char *what;
} gemm_case_t;

static int gemm_fn(gen_t *g, void *arg)
{
	const gemm_case_t *c = arg;
	return gen_deepbench_gemm(g, c->M, c->N, c->K, c->amm, c->bnm, c->chalf);
}

static void layouts(void)
{
	gemm_case_t cases[] = {
		{ 256, 256, 96, 0, 0, 0, "TN (forward)" },
		{ 256, 16, 256, 1, 0, 0, "A M-major, skinny N (backward data per step)" },
		{ 192, 160, 80, 1, 1, 0, "A M-major, B N-major, K not a multiple of 32 (backward weights)" },
		{ 128, 8, 64, 0, 1, 0, "B N-major, N = 8" },
		{ 200, 16, 200, 1, 0, 1, "NN, fp16 C read and written (gemm_bench training), M, K = 200" },
		{ 256, 200, 72, 1, 0, 1, "NN, fp16 C, two 128-column tiles, N = 200" },
		{ 136, 24, 40, 0, 1, 1, "TT-like: B N-major, fp16 C, N = 24" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		run_t r;
		if (run_with(gemm_fn, &cases[i], &r, cases[i].what))
			continue;
		tile_counts_t e;
		tile_reference(cases[i].M, cases[i].N, cases[i].K, cases[i].amm, cases[i].bnm, NULL, 0, cases[i].chalf, cases[i].chalf, &e);
		check_counts("gemm", cases[i].what, &r, &e);
		shape_acc_free(&r.acc);
	}
}

static int conv_fn(gen_t *g, void *arg)
{
	return gen_deepbench_conv(g, arg);
}

static void conv(void)
{
	struct { conv_geo_t c; const char *what; } cases[] = {
		/* 9 x 9 x 8, 8 filters of 2 x 2: P = Q = 8, M = 64 (one CTA: the second A load of the
		 * step has no row below M; warps 4..7 hold rows 64..127 and store nothing), one K step */
		{ { .n = 1, .h = 9, .w = 9, .c = 8, .k = 8, .r = 2, .s = 2, .sh = 1, .sw = 1 }, "no padding" },
		{ { .n = 2, .h = 9, .w = 9, .c = 8, .k = 8, .r = 2, .s = 2, .sh = 1, .sw = 1, .pad_h = 1, .pad_w = 1 }, "padding 1, batch 2" },
		{ { .n = 1, .h = 23, .w = 31, .c = 16, .k = 40, .r = 3, .s = 2, .sh = 2, .sw = 3 }, "strides 2 x 3, 40 outputs (tile 40)" },
		{ { .n = 1, .h = 12, .w = 12, .c = 32, .k = 160, .r = 3, .s = 3, .sh = 1, .sw = 1, .pad_h = 1, .pad_w = 1 }, "160 outputs: two 128-column tiles" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		conv_geo_t c = cases[i].c;
		run_t r;
		if (run_with(conv_fn, &c, &r, cases[i].what))
			continue;
		CHECK_INT(c.p, (c.h + 2 * c.pad_h - c.r) / c.sh + 1, "output rows (P)");
		CHECK_INT(c.q, (c.w + 2 * c.pad_w - c.s) / c.sw + 1, "output columns (Q)");
		tile_counts_t e;
		tile_reference(c.n * c.p * c.q, c.k, c.r * c.s * c.c, 0, 0, &c, CONV_FPROP, 0, 0, &e);
		long M = c.n * c.p * c.q, K = c.r * c.s * c.c;
		int nt, loop, post, hmma, ldsm, ldg;
		gen_deepbench_tile(c.k, 16, &nt, &loop, &post, &hmma, &ldsm, &ldg);
		double ctas = (double)((M + 127) / 128) * ((c.k + nt - 1) / nt);
		check_counts("conv", cases[i].what, &r, &e);
		CHECK_NEAR(r.st.tensor, ctas * 8 * (K / 32) * hmma, 0, "HMMA: every warp of every CTA, every K step");
		shape_acc_free(&r.acc);
	}
	/* geometry errors */
	gen_t g;
	gen_sink_t sink = { 0 };
	gen_opts_t o = { .n_sm = 1, .warps_per_sm = 32, .ctas_per_sm = 16, .seed = 1 };
	CHECK(gen_init(&g, &o, &sink) == 0, "init");
	conv_geo_t bad = { .n = 1, .h = 9, .w = 9, .c = 4, .k = 8, .r = 2, .s = 2, .sh = 1, .sw = 1 };
	CHECK(gen_deepbench_conv(&g, &bad) < 0 && strstr(g.err, "multiple of 8"), "C = 4 refused with a reason");
	bad.c = 8;
	bad.r = 3;
	CHECK(gen_deepbench_conv(&g, &bad) < 0 && strstr(g.err, "K step"), "R.S.C = 48 refused with a reason");
	gen_free(&g);
}

typedef struct pass_arg {
	conv_geo_t c;
	int pass;
} pass_arg_t;

static int conv_pass_fn(gen_t *g, void *arg)
{
	pass_arg_t *a = arg;
	return gen_deepbench_conv_pass(g, &a->c, a->pass);
}

/* The backward passes of conv_bench training against their definitions (tile_reference):
 * backward data, dX (N.H.W x C) = sum over the taps (r, s) and filters kf of dY at the output
 * pixel whose tap reads the input pixel, times filter[kf][r][s][c] (GEMM K = R.S.K); backward
 * filter, dW stored KRSC = the GEMM dW^T (R.S.C x K) = sum over N.P.Q of the input patch
 * times dY (column-major fp16 C).  Strides leave holes (taps no output reaches: no load). */
static void conv_train(void)
{
	struct { conv_geo_t c; const char *what; } cases[] = {
		{ { .n = 1, .h = 9, .w = 9, .c = 8, .k = 8, .r = 2, .s = 2, .sh = 1, .sw = 1 }, "stride 1, no padding" },
		{ { .n = 2, .h = 9, .w = 9, .c = 8, .k = 16, .r = 2, .s = 2, .sh = 1, .sw = 1, .pad_h = 1, .pad_w = 1 }, "padding 1, batch 2, 16 filters" },
		{ { .n = 1, .h = 23, .w = 31, .c = 16, .k = 40, .r = 3, .s = 2, .sh = 2, .sw = 3 }, "strides 2 x 3, 40 filters (K.R.S = 240: a partial K step)" },
		{ { .n = 1, .h = 21, .w = 43, .c = 32, .k = 32, .r = 5, .s = 10, .sh = 2, .sw = 2 }, "DeepSpeech layer 2's filter and strides on a 21 x 43 input" },
		{ { .n = 1, .h = 12, .w = 12, .c = 160, .k = 24, .r = 3, .s = 3, .sh = 1, .sw = 1, .pad_h = 1, .pad_w = 1 }, "160 channels: two 128-column dX tiles" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		for (int pass = CONV_WGRAD; pass <= CONV_DGRAD; pass++) {
			pass_arg_t a = { cases[i].c, pass };
			run_t r;
			if (run_with(conv_pass_fn, &a, &r, cases[i].what))
				continue;
			const conv_geo_t *c = &a.c;
			long M = pass == CONV_DGRAD ? c->n * c->h * c->w : c->r * c->s * c->c;
			long N = pass == CONV_DGRAD ? c->c : c->k;
			long K = pass == CONV_DGRAD ? c->r * c->s * c->k : c->n * c->p * c->q;
			tile_counts_t e;
			tile_reference(M, N, K, pass == CONV_WGRAD, 1, c, pass, pass == CONV_WGRAD, 0, &e);
			check_counts(pass == CONV_DGRAD ? "dgrad" : "wgrad", cases[i].what, &r, &e);
			int nt, loop, post, hmma, ldsm, ldg;
			gen_deepbench_tile(N, 16, &nt, &loop, &post, &hmma, &ldsm, &ldg);
			double ctas = (double)((M + 127) / 128) * ((N + nt - 1) / nt);
			CHECK_NEAR(r.st.tensor, ctas * 8 * ((K + 31) / 32) * hmma, 0, "HMMA: every warp of every CTA, every K step");
			CHECK_NEAR(r.st.launches, 1, 0, "one launch");
			shape_acc_free(&r.acc);
		}
	/* db-conv-train at batch 1: the forward pass, backward filter and backward data of the
	 * DeepSpeech layer (P = 38, Q = 166), in conv_bench.cu's order, each as its definition */
	run_t r;
	if (run("db-conv-train", 1, 4, &r))
		return;
	conv_geo_t c = { .n = 1, .h = 79, .w = 341, .c = 32, .k = 32, .r = 5, .s = 10, .sh = 2, .sw = 2, .p = 38, .q = 166 };
	tile_counts_t f, wg, dg, sum;
	tile_reference(c.p * c.q, c.k, c.r * c.s * c.c, 0, 0, &c, CONV_FPROP, 0, 0, &f);
	tile_reference(c.r * c.s * c.c, c.k, c.p * c.q, 1, 1, &c, CONV_WGRAD, 1, 0, &wg);
	tile_reference(c.h * c.w, c.c, c.r * c.s * c.k, 0, 1, &c, CONV_DGRAD, 0, 0, &dg);
	sum.read_lines = f.read_lines + wg.read_lines + dg.read_lines;
	sum.write_lines = f.write_lines + wg.write_lines + dg.write_lines;
	sum.sectors = f.sectors + wg.sectors + dg.sectors;
	sum.mem_insts = f.mem_insts + wg.mem_insts + dg.mem_insts;
	check_counts("train", "db-conv-train batch 1: forward + wgrad + dgrad", &r, &sum);
	CHECK_NEAR(r.st.launches, 3, 0, "three launches");
	/* tile 128 x 32 (warp tile 16 x 32: 8 HMMA.16816 per step); forward 50 x 50 K steps,
	 * wgrad 13 CTAs x ceil(6308 / 32) = 198, dgrad ceil(26939 / 128) = 211 CTAs x 50 */
	CHECK_NEAR(r.st.tensor, 8.0 * 8 * (50 * 50 + 13 * 198 + 211 * 50), 0, "HMMA by construction");
	shape_acc_free(&r.acc);
	/* K not a multiple of 8 is refused for training (dY is read 8 channels a lane) */
	gen_t g;
	gen_sink_t sink = { 0 };
	gen_opts_t o = { .n_sm = 1, .warps_per_sm = 32, .ctas_per_sm = 16, .seed = 1 };
	CHECK(gen_init(&g, &o, &sink) == 0, "init");
	conv_geo_t bad = { .n = 1, .h = 9, .w = 9, .c = 8, .k = 12, .r = 2, .s = 2, .sh = 1, .sw = 1 };
	CHECK(gen_deepbench_conv_pass(&g, &bad, CONV_DGRAD) < 0 && strstr(g.err, "multiple of 8"), "K = 12 refused for dgrad with a reason");
	gen_free(&g);
}

/* db-gemm-train at 256 (M = K = 256, N = 16): 2 CTAs of 8 warps (tile 128 x 16, warp tile
 * 16 x 16), 8 K steps of 3 LDG.128 (A M-major: 2, B: 1 by warps 0 and 1, whose threads hold the
 * 16 B rows), 4 HMMA.16816, 2 + 2 LDSM; epilogue: the 16 x 16 fp16 warp tile is one STG.128
 * (16 columns of 32 B: 16 lines), preceded by its LDG.128 and 4 HFMA2 (beta C). */
static void gemm_train(void)
{
	run_t r;
	if (run("db-gemm-train", 256, 4, &r))
		return;
	const double W = 16, S = 8;
	CHECK_NEAR(r.st.launches, 1, 0, "one launch");
	CHECK_NEAR(r.st.tensor, W * S * 4, 0, "HMMA: warps x steps x 4");
	CHECK_NEAR(r.st.mem_insts, W * S * 2 + 2 * S * 2 + W * 2, 0, "global: 2 A LDG per warp step, B by 2 warps per CTA, C load + store");
	CHECK_NEAR(r.st.writes, W * 16, 0, "a warp's 16 columns of 16 halves: 16 lines");
	CHECK_NEAR(r.st.accesses - r.st.writes, W * S * 2 * 4 + 2 * 2 * S * 8 + W * 16, 0,
	           "A: 2 K rows of 128 m (256 B, 2 lines each) per LDG; B: 8 rows of 64 B, 512 B apart, per warp; C: 16 lines");
	CHECK_NEAR(r.st.insts, W * (24 + S * 21 + 6) - (W - 2 * 2) * S, 0,
	           "prologue 24, 21 per step (3 LDG, 3 STS, BAR, 4 LDSM, 4 HMMA, BAR, 4 INT, BRA; warps 2..7 skip the B LDG), epilogue 6");
	CHECK_NEAR(r.s.unit[SU_FP32], W * 4, 0, "4 HFMA2 per warp in the epilogue");
	CHECK_INT(r.s.n_launch == 1 ? r.s.launch[0].grid[0] * r.s.launch[0].grid[1] : -1, 2, "2 x 1 CTAs");
	shape_acc_free(&r.acc);
	gen_t g;
	gen_sink_t sink = { 0 };
	gen_opts_t o = { .n_sm = 1, .warps_per_sm = 32, .ctas_per_sm = 16, .seed = 1 };
	const gen_kernel_t *k = gen_find("db-gemm-train");
	CHECK(k && gen_init(&g, &o, &sink) == 0, "init");
	if (k) {
		CHECK(k->run(&g, 100) < 0 && strstr(g.err, "multiple of 8"), "size 100 refused with a reason");
		gen_free(&g);
	}
}

/* db-rnn-train at H = 64: forward (50 x (recurrent GEMM + elementwise); CUDNN_SKIP_INPUT: no
 * input GEMM), then 50 x (elementwise backward, which also stores dx_t, + R^T GEMM) and the dR
 * GEMM (no input weight: no dX or dW GEMM).  Every GEMM has M = 64 (one 128-row tile of 8
 * warps); the per-step ones N = 16 (tile 16: 4 HMMA per warp per step), dR N = 64 (tile 64,
 * warp tile 16 x 64: 16 HMMA); K steps: 2 (K = 64) except dR (K = B.T = 800: 25). */
static void rnn_train(void)
{
	run_t r;
	if (run("db-rnn-train", 64, 4, &r))
		return;
	const double T = 50;
	CHECK_NEAR(r.st.launches, 2 * T + 2 * T + 1, 0, "forward 2T, backward 2T + 1");
	double hmma = T * 8 * 2 * 4           /* recurrent forward */
	            + T * 8 * 2 * 4           /* R^T per step */
	            + 8 * 25 * 16;            /* dR */
	CHECK_NEAR(r.st.tensor, hmma, 0, "HMMA by construction");
	/* elementwise backward: 64 x 16 threads = 4 CTAs of 8 warps, 3 loads + 1 store each */
	CHECK_NEAR(r.s.unit[SU_FP32], T * 32 * 4 + T * 32 * 4, 0,
	           "FP32: 4 per warp forward (2 FADD, tanh's FMUL and FADD), 4 backward (dy + dh_rec, 1 - h^2 as FMUL + FFMA, dpre)");
	CHECK_NEAR(r.s.unit[SU_SFU], T * 32 * 2, 0, "SFU: only the forward tanh (2 MUFU); tanh' comes from the stored h_t");
	shape_acc_free(&r.acc);
}

/* db-lstm at H = 64 (as lstm() above): every memory instruction against the GEMMs' thread maps
 * and, per step, the 2 warps of the elementwise kernel: 8 gate loads (4 recurrent, 4 bias) and
 * c_{t-1} (fp32: one line, 4 sectors each), x_t (fp16: 2 sectors of a line), h_t stored in
 * fp16 (2 sectors of the h array, which the next step's recurrent GEMM reads) and c_t in fp32
 * (4). */
static void lstm_memory(void)
{
	run_t r;
	if (run("db-lstm", 64, 2, &r))
		return;
	const double T = 25;
	tile_counts_t e = { 0 }, gm;
	tile_reference(256, 1, 64, 0, 0, NULL, 0, 0, 0, &gm);
	e.read_lines += T * (gm.read_lines + 2 * 10);
	e.write_lines += T * (gm.write_lines + 2 * 2);
	e.sectors += T * (gm.sectors + 2 * (9 * 4 + 2 + 2 + 4));
	e.mem_insts += T * (gm.mem_insts + 2 * 12);
	check_counts("lstm", "db-lstm H = 64: GEMMs' thread maps + elementwise kernels", &r, &e);
	shape_acc_free(&r.acc);
}

/* db-lstm-train at H = 64 (batch 16, 25 steps; G = 4 gates, GH = 256 rows): the forward pass
 * of db-lstm at batch 16, then per step in reverse the LSTM elementwise backward (dpre_t and
 * dx_t) and the R^T GEMM (M = 64, N = 16, K = 256), then dR (M = 256, N = 64, K = 400); no
 * input, dX or dW GEMM (CUDNN_SKIP_INPUT).  Elementwise kernels: 64 x 16 threads = 32 warps,
 * every one holding threads. */
static void lstm_train(void)
{
	run_t r;
	if (run("db-lstm-train", 64, 4, &r))
		return;
	const double T = 25;
	CHECK_NEAR(r.st.launches, 2 * T + 2 * T + 1, 0, "forward 2T, backward 2T + 1");
	double hmma = T * 2 * 8 * 2 * 4       /* recurrent forward: 2 tiles of 128 x 16 */
	            + T * 1 * 8 * 8 * 4       /* R^T per step: K = 256, 8 steps */
	            + 2 * 8 * 13 * 16;        /* dR: 2 tiles of 128 x 64 (16 HMMA), 13 steps */
	CHECK_NEAR(r.st.tensor, hmma, 0, "HMMA by construction");
	CHECK_NEAR(r.s.unit[SU_SFU], T * 32 * 10 + T * 32 * 2, 0,
	           "SFU: forward 5 non-linearities x 2 MUFU per warp; backward only tanh(c_t) (the gates' derivatives come from their values)");
	CHECK_NEAR(r.s.unit[SU_FP32], T * 32 * 21 + T * 32 * 23, 0,
	           "FP32: 21 per warp forward; backward dh 1, tanh 2, do 1, dc 4, di/dg/df/dc' 4, the 4 gate derivatives 8, dx 3");
	/* memory: the GEMMs from their thread maps (tile_reference) and the elementwise kernels by
	 * construction: a warp's 32 consecutive units of one batch row, so every fp32 operand is
	 * one aligned 128 B line (4 sectors) and every fp16 one 64 B (2 sectors) of one line;
	 * forward 8 gate loads + c_{t-1} (fp32) and x_t (fp16), h_t (fp16) and c_t stored; backward
	 * dy (fp16), dh_rec (fp32), i f g o c_t (fp16 reserve), c_{t-1} (fp16 reserve, or at t = 0
	 * c_0: fp32 lanes 4 B apart), dc_{t+1} (fp32) loaded, 4 dpre (fp16), dc and dx_t (fp16)
	 * stored */
	tile_counts_t e = { 0 }, gm;
	struct { long M, N, K; int amm, bnm; double times; } gemms[] = {
		{ 256, 16, 64, 0, 0, T }, { 64, 16, 256, 1, 0, T }, { 256, 64, 400, 1, 1, 1 },
	};
	for (size_t i = 0; i < sizeof gemms / sizeof gemms[0]; i++) {
		tile_reference(gemms[i].M, gemms[i].N, gemms[i].K, gemms[i].amm, gemms[i].bnm, NULL, 0, 0, 0, &gm);
		e.read_lines += gemms[i].times * gm.read_lines;
		e.write_lines += gemms[i].times * gm.write_lines;
		e.sectors += gemms[i].times * gm.sectors;
		e.mem_insts += gemms[i].times * gm.mem_insts;
	}
	e.read_lines += T * 32 * (10 + 9);
	e.write_lines += T * 32 * (2 + 6);
	e.sectors += T * 32 * (9 * 4 + 2 + 2 + 4) + T * 32 * (2 + 4 + 5 * 2 + 2 + 4 + 4 * 2 + 4 + 2) + 32 * 2;
	e.mem_insts += T * 32 * (12 + 15);
	check_counts("train", "db-lstm-train H = 64: GEMMs' thread maps + elementwise kernels", &r, &e);
	double bars = 2 * (T * 2 * 8 * 2 + T * 8 * 8 + 2 * 8 * 13);
	CHECK_NEAR(r.s.bar, bars, 0, "BAR.SYNC: 2 per warp per K step of every GEMM");
	CHECK_NEAR(r.s.unit[SU_OTHER] - r.s.bar, T * 32 * 2 + T * 32 * 12, 0,
	           "F2F (the other unit, beside BAR.SYNC): forward x_t to fp32, h_t to fp16; backward 7 fp16 loads to fp32, 4 dpre and dx to fp16");
	shape_acc_free(&r.acc);
}

/* db-gru-train at H = 64 (batch 32, 1 step; G = 3, GH = 192): db-gru's forward (recurrent
 * GEMM 192 x 32 x 64, elementwise; no input GEMM: CUDNN_SKIP_INPUT), then the GRU elementwise
 * backward (the recurrent side's dpre and dx_t) and the R^T GEMM (64 x 32 x 192), then dR
 * (192 x 64 x 32).  Elementwise kernels: 64 x 32 threads = 64 warps, each a batch row's 32
 * consecutive units: fp32 operands one line of 4 sectors, fp16 ones 2 sectors of a line. */
static void gru_train(void)
{
	run_t r;
	if (run("db-gru-train", 64, 4, &r))
		return;
	CHECK_NEAR(r.st.launches, 2 + 3, 0, "forward 2, backward: elementwise, R^T, dR");
	tile_counts_t e = { 0 }, gm;
	struct { long M, N, K; int amm, bnm; double times; } gemms[] = {
		{ 192, 32, 64, 0, 0, 1 }, { 64, 32, 192, 1, 0, 1 }, { 192, 64, 32, 1, 1, 1 },
	};
	for (size_t i = 0; i < sizeof gemms / sizeof gemms[0]; i++) {
		tile_reference(gemms[i].M, gemms[i].N, gemms[i].K, gemms[i].amm, gemms[i].bnm, NULL, 0, 0, 0, &gm);
		e.read_lines += gemms[i].times * gm.read_lines;
		e.write_lines += gemms[i].times * gm.write_lines;
		e.sectors += gemms[i].times * gm.sectors;
		e.mem_insts += gemms[i].times * gm.mem_insts;
	}
	/* forward: 6 fp32 gate loads (3 recurrent, 3 bias), x_t and h_{t-1} (fp16), h_t stored
	 * (fp16); backward: dy, r, z, n, R_n h' + b_Rn, h_{t-1} (fp16), dh_rec and dh z (fp32)
	 * loaded; 3 recurrent-side dpre and dx_t (fp16) and dh z stored */
	e.read_lines += 64 * (8 + 8);
	e.write_lines += 64 * (1 + 5);
	e.sectors += 64 * (6 * 4 + 2 + 2 + 2) + 64 * (6 * 2 + 2 * 4 + 4 * 2 + 4);
	e.mem_insts += 64 * (9 + 13);
	check_counts("train", "db-gru-train H = 64: GEMMs' thread maps + elementwise kernels", &r, &e);
	CHECK_NEAR(r.st.tensor, 2 * 8 * 2 * 8 + 8 * 6 * 8 + 2 * 8 * 16, 0,
	           "HMMA: 128 x 32 tiles (8 per warp step) 2 CTAs x 2 steps and 1 x 6 steps, dR 2 CTAs of 128 x 64 (16), 1 step");
	CHECK_NEAR(r.s.unit[SU_FP32], 64 * 14 + 64 * 16, 0, "FP32: 14 per warp forward, 16 backward (14 + dx 2)");
	CHECK_NEAR(r.s.unit[SU_SFU], 64 * 6, 0, "SFU: forward sig(r), sig(z), tanh(n); none backward");
	CHECK_NEAR(r.s.unit[SU_OTHER] - r.s.bar, 64 * 3 + 64 * 10, 0, "F2F: forward 3 (x_t, h', h_t); backward 6 fp16 loads, 4 results");
	shape_acc_free(&r.acc);
}

int main(void)
{
	layouts();
	rnn_train();
	tiles();
	conv();
	conv_train();
	gemm();
	gemm_train();
	lstm();
	lstm_memory();
	lstm_train();
	gru_train();
	return check_summary("deepbench");
}
