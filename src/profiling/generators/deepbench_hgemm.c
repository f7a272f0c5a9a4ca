/*
 * deepbench_hgemm.c -- the tiled HGEMM template of the DeepBench kernels (deepbench.c,
 * deepbench_rnn.c), as cuBLAS/cuDNN run them on tensor cores.
 *
 * One tiled HGEMM template serves both, as CUTLASS/cuBLAS tensor-core kernels are written:
 *   C (fp32, M x N, column-major as cuBLAS: C[n*M + m]) = A (fp16, M x K, K-major)
 *                                                      . B (fp16, N x K, K-major)   ("TN")
 * CTA tile 128 x NT (NT = 128, or the smallest multiple of 8 >= N for the skinny GEMMs of a
 * recurrent step), K step 32, 256 threads = 8 warps (2 x 4 warps of 64 x 32 when NT = 128,
 * 8 x 1 warps of 16 x NT otherwise).  Per K step:
 *   - global -> shared: the A tile (128 rows x 64 B) with LDG.128, 4 threads per row (CUTLASS's
 *     pitch-linear thread map), 64 rows per instruction, 2 per thread: each warp instruction
 *     touches 8 lines, 2 sectors of each; the B tile (NT rows x 64 B) the same way, 2
 *     instructions when NT = 128, else 1 executed by the first NT*4 threads (a warp whose
 *     threads all lie beyond is predicated off and issues nothing);
 *   - one STS.128 per load (a swizzled layout: conflict-free, so 4 wavefronts, the minimum for
 *     512 B per warp: the shape's bank-conflict degree counts 4 B words per bank), BAR.SYNC;
 *   - per warp LDSM.x4 fragments: (WM/16)*2 of A and WN/8 of B (512 B each, degree 4);
 *   - per warp (WM/16)*(WN/8)*2 HMMA.16816 (m16 n8 k16) into its accumulators, or on Turing
 *     (the Malekeh paper's GPU, sm_75, which has no m16n8k16) (WM/16)*(WN/8)*4 HMMA.1688
 *     (m16 n8 k8; CUTLASS's Sm75 tensor-op instruction shape), each reading its own registers
 *     of the LDSM.x4 fragments (gpu preset sm_version, gen_hmma_k; register layout in tg_build);
 *   - BAR.SYNC, pointer and loop-counter integer instructions and the branch;
 * operands stored transposed (the backward pass's R^T, W^T, dPre, X, h: cuBLAS "N"/"T") are
 * loaded along their contiguous dimension: an M-contiguous A as 16 K rows of 128 m per LDG.128
 * (16 threads per row, 8 m each, 2 instructions per step), an N-contiguous B as K rows of NT/8
 * threads (16 rows per instruction and 2 instructions when NT = 128, else all 32 rows in one);
 * after the loop each warp stores its WM x WN fp32 tile with STG.128 (WM*WN/128 instructions,
 * lanes along m: C is column-major), or an fp16 C (c_half) 8 m a lane (WM*WN/256), each STG
 * preceded, when beta is nonzero (c_read), by an LDG.128 of the same 16 B (all of a warp's
 * loads first) and 4 HFMA2.  Rows m >= M and columns n >= N are masked off (1760 is
 * not a multiple of 128).  Shared memory per CTA: 2 stages of (128 + NT) x 64 B; 255 registers
 * per thread for NT = 128 (1 CTA per SM), 128 for the skinny tiles.
 *
 */
#include "profiling/generators/deepbench_hgemm.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ tiled HGEMM */

/* The tile shape and the templates of one K step and of the epilogue for t->N columns. */
int db_hgemm_build(db_hgemm_t *t)
{
	t->nt = t->N >= 128 ? 128 : (int)((t->N + 7) / 8 * 8);
	t->wm = t->nt == 128 ? 64 : 16;
	t->wn = t->nt == 128 ? 32 : t->nt;
	t->nb = t->nt == 128 ? 2 : 1;
	t->nst = t->conv || t->c_half ? (t->wm * t->wn + 255) / 256 : t->wm * t->wn / 128;  /* 8 fp16 or 4 fp32 a lane */
	int k = 0, nld = 2 + t->nb;
	for (int q = 0; q < nld; q++)                                       /* LDG.128 A, A, B[, B] */
		t->loop[k++] = (gen_inst_t)I_LDW(q, 100 + 4 * q, 2 + (q >= 2), 16);   /* 4 registers each */
	for (int q = 0; q < nld; q++)                                       /* STS.128 */
		t->loop[k++] = (gen_inst_t){ GEN_STS, 0, 1, -1, { 64, (short)(100 + 4 * q), -1 }, 0, 16, 4 };
	t->loop[k++] = (gen_inst_t)I_BAR();
	int fa = t->wm / 16 * 2, fb = t->wn / 8;                            /* LDSM.x4 fragments */
	int mi_n = t->wm / 16, ni_n = t->wn / 8;
	if (t->hk != 8) {
		for (int q = 0; q < fa + fb; q++)
			t->loop[k++] = (gen_inst_t)I_LDSW(q < fa ? 40 + q : 48 + (q - fa), 65, 16, 4);
		for (int mi = 0; mi < mi_n; mi++)                           /* HMMA.16816 acc += a.b */
			for (int ni = 0; ni < ni_n; ni++)
				for (int ki = 0; ki < 2; ki++) {
					int acc = 8 + (mi * ni_n + ni) % 32;
					t->loop[k++] = (gen_inst_t)I_HMMA(acc, 40 + (mi * 2 + ki) % 8, 48 + ni % 8, acc);
				}
	} else {
		/* Turing: the PTX ISA's mma.m16n8k8 fragments (A: 2 .f16x2 registers, B: 1, C/D: 4
		 * .f32), so each LDSM.x4 destination is 4 registers and the four k8 quarters of a K
		 * step read different ones: A fragment q = (mi, k16 half) at TA + 4q, its quarter
		 * kq's pair at + 2 (kq % 2); B fragment ni (n8 x k32) at TB + 4 (ni % 8), quarter kq's
		 * register at + kq.  Registers TA.. and TB.. are apart from the LDG/STS (100..115),
		 * pointer and accumulator (2..39) ones; R0..R254 */
		enum { TA = 180, TB = 212 };
		for (int q = 0; q < fa + fb; q++)
			t->loop[k++] = (gen_inst_t)I_LDSW(q < fa ? TA + 4 * q : TB + 4 * ((q - fa) % 8), 65, 16, 4);
		for (int mi = 0; mi < mi_n; mi++)                           /* HMMA.1688 acc += a.b */
			for (int ni = 0; ni < ni_n; ni++)
				for (int kq = 0; kq < 4; kq++) {
					int acc = 8 + (mi * ni_n + ni) % 32;
					gen_inst_t h = I_HMMA(acc, TA + 4 * (mi * 2 + kq / 2) + 2 * (kq % 2), TB + 4 * (ni % 8) + kq, acc);
					h.memop = 8;
					t->loop[k++] = h;
				}
	}
	t->loop[k++] = (gen_inst_t)I_BAR();
	t->loop[k++] = (gen_inst_t)I_INT(2, 2, 6, -1);                      /* A, B pointers += 64 B */
	t->loop[k++] = (gen_inst_t)I_INT(3, 3, 6, -1);
	t->loop[k++] = (gen_inst_t)I_INT(7, 7, -1, -1);                     /* k++ */
	t->loop[k++] = (gen_inst_t)I_INT(-1, 7, 9, -1);                     /* ISETP */
	t->loop[k++] = (gen_inst_t)I_BRA();
	t->nloop = k;
	int np = 0;
	if (t->c_read)                  /* memory ops 4 + nst + q: C's old values, all loads first */
		for (int q = 0; q < t->nst; q++)
			t->post[np++] = (gen_inst_t)I_LDW(4 + t->nst + q, 100 + 4 * q, 30, 16);
	for (int q = 0; q < t->nst; q++) {
		if (t->c_read)          /* alpha acc + beta C, 8 halves as 4 HFMA2 */
			for (int j = 0; j < 4; j++)
				t->post[np++] = (gen_inst_t)I_FP32(8 + q % 32, 8 + q % 32, 100 + 4 * q + j, -1);
		t->post[np++] = (gen_inst_t){ GEN_ST, (unsigned char)(4 + q), 1, -1, { 30, (short)(8 + q % 32), -1 }, 0, 16, 0 };
	}
	t->npost = np;
	return k;
}

static uint32_t tg_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const db_hgemm_t *t = L->p;
	long m0 = (long)w->cx * 128, n0 = (long)w->cy * t->nt, k0 = w->iter * 32;
	uint32_t m = 0;
	if (op >= 4 + t->nst)
		op -= t->nst;                   /* the epilogue's load of C: its store's addresses */
	for (int l = 0; l < GEN_WARP; l++) {
		if (!(w->valid >> l & 1))
			continue;
		long th = (long)w->w * 32 + l;
		if (op < 2 && t->a_mmajor) {                    /* A: K rows op*16 + th/16, 8 m each */
			long k = k0 + op * 16 + th / 16, r = m0 + (th % 16) * 8;
			if (r >= t->M || k >= t->K)
				continue;
			if (t->conv) {                          /* wgrad: A[k = (n, p, q)][r = (r, s, c)] = x patch */
				const conv_geo_t *c = t->conv;
				long fr = r / (c->s * c->c), fs = r / c->c % c->s, ch = r % c->c;
				long n = k / (c->p * c->q), p = k / c->q % c->p, q = k % c->q;
				long y = p * c->sh - c->pad_h + fr, x = q * c->sw - c->pad_w + fs;
				if (y < 0 || y >= c->h || x < 0 || x >= c->w)
					continue;               /* padding: zero fill, no load */
				a[l] = t->A + (uint64_t)(((n * c->h + y) * c->w + x) * c->c + ch) * HF;
			} else {
				a[l] = t->A + (uint64_t)(k * t->M + r) * HF;
			}
		} else if (op < 2) {                            /* A: rows m0 + op*64 + th/4 */
			long r = m0 + op * 64 + th / 4;
			if (r >= t->M || k0 + (th % 4) * 8 >= t->K)
				continue;
			if (t->conv && t->pass == CONV_DGRAD) { /* dY of the taps that reach x pixel r = (n, h, w) */
				const conv_geo_t *c = t->conv;
				long kk = k0 + (th % 4) * 8, tap = kk / c->k, kf = kk % c->k;
				long n = r / (c->h * c->w), y = r / c->w % c->h, x = r % c->w;
				long py = y + c->pad_h - tap / c->s, qx = x + c->pad_w - tap % c->s;
				if (py < 0 || qx < 0 || py % c->sh || qx % c->sw || py / c->sh >= c->p || qx / c->sw >= c->q)
					continue;               /* no output pixel (stride hole or border): zero fill */
				a[l] = t->A + (uint64_t)(((n * c->p + py / c->sh) * c->q + qx / c->sw) * c->k + kf) * HF;
			} else if (t->conv) {                   /* im2col of x: row r = (n, p, q) */
				const conv_geo_t *c = t->conv;
				long kk = k0 + (th % 4) * 8, tap = kk / c->c, ch = kk % c->c;
				long n = r / (c->p * c->q), p = r / c->q % c->p, q = r % c->q;
				long y = p * c->sh - c->pad_h + tap / c->s, x = q * c->sw - c->pad_w + tap % c->s;
				if (y < 0 || y >= c->h || x < 0 || x >= c->w)
					continue;               /* padding: zero fill, no load */
				a[l] = t->A + (uint64_t)(((n * c->h + y) * c->w + x) * c->c + ch) * HF;
			} else {
				a[l] = t->A + (uint64_t)(r * t->K + k0 + (th % 4) * 8) * HF;
			}
		} else if (op < 4 && t->b_nmajor) {             /* B: K rows of nt/8 threads, 8 n each */
			long tpr = t->nt / 8, kr = (op - 2) * (256 / tpr) + th / tpr, k = k0 + kr, r = n0 + (th % tpr) * 8;
			if (kr >= 32 || k >= t->K || r >= t->N)
				continue;
			if (t->conv && t->pass == CONV_DGRAD)  /* B[k = (r, s, kf)][r = c]: filter row (kf, r, s) */
				a[l] = t->B + (uint64_t)(((k % t->conv->k) * t->conv->r * t->conv->s + k / t->conv->k) * t->N + r) * HF;
			else
				a[l] = t->B + (uint64_t)(k * t->N + r) * HF;
		} else if (op < 4) {                            /* B: rows n0 + (op-2)*64 + th/4 */
			long rr = (op - 2) * 64 + th / 4, r = n0 + rr;
			if (rr >= t->nt || r >= t->N || k0 + (th % 4) * 8 >= t->K)
				continue;
			a[l] = t->B + (uint64_t)(r * t->K + k0 + (th % 4) * 8) * HF;
		} else if (t->c_half) {                         /* fp16 C tile of warp w, column-major: 8 m a lane */
			int q = op - 4;
			long wy = t->nt == 128 ? w->w / 4 : w->w, wx = t->nt == 128 ? w->w % 4 : 0;
			long idx = ((long)q * 32 + l) * 8;
			if (idx >= (long)t->wm * t->wn)
				continue;
			long mm = m0 + wy * t->wm + idx % t->wm, nn = n0 + wx * t->wn + idx / t->wm;
			if (mm >= t->M || nn >= t->N)
				continue;
			a[l] = t->C + (uint64_t)(nn * t->M + mm) * HF;
		} else if (t->conv) {                           /* y tile of warp w: 8 channels a lane */
			int q = op - 4;
			long wy = t->nt == 128 ? w->w / 4 : w->w, wx = t->nt == 128 ? w->w % 4 : 0;
			long idx = ((long)q * 32 + l) * 8;
			if (idx >= (long)t->wm * t->wn)
				continue;                       /* a 16 x 8 warp tile fills 16 lanes */
			long mm = m0 + wy * t->wm + idx / t->wn, nn = n0 + wx * t->wn + idx % t->wn;
			if (mm >= t->M || nn >= t->N)
				continue;
			a[l] = t->C + (uint64_t)(mm * t->N + nn) * HF;
		} else {                                        /* C tile of warp w, STG.128 q */
			int q = op - 4;
			long wy = t->nt == 128 ? w->w / 4 : w->w, wx = t->nt == 128 ? w->w % 4 : 0;
			long idx = (long)q * 128 + l * 4;
			long mm = m0 + wy * t->wm + idx % t->wm, nn = n0 + wx * t->wn + idx / t->wm;
			if (mm >= t->M || nn >= t->N)
				continue;
			a[l] = t->C + (uint64_t)(nn * t->M + mm) * F;
		}
		m |= gen_lane_bit(l);
	}
	return m;
}

static const gen_inst_t tg_pre[] = { I_OPN(SU_INT, 24) };   /* tile coordinates, pointers */

int db_hgemm_launch(gen_t *g, const char *name, uint32_t pc, db_hgemm_t *t)
{
	t->hk = g->o.hmma_k == 8 ? 8 : 16;
	db_hgemm_build(t);
	char kname[96];                         /* CUTLASS names the instruction shape: h1688gemm on Turing */
	const char *h = strstr(name, "h16816");
	if (t->hk == 8 && h)
		snprintf(kname, sizeof kname, "%.*sh1688%s", (int)(h - name), name, h + 6);
	else
		snprintf(kname, sizeof kname, "%s", name);
	gen_launch_t L = {
		.kname = kname, .grid = { (int)((t->M + 127) / 128), (int)((t->N + t->nt - 1) / t->nt), 1 },
		.block = { 256, 1, 1 },
		.max_cta_sm = t->nt == 128 ? 1 : 0,     /* 255 registers x 256 threads fill the RF */
		.regs = t->nt == 128 ? 255 : 128, .smem = 2L * (128 + t->nt) * 64,
		.sec = { tg_pre, t->loop, t->post }, .nsec = { 1, t->nloop, t->npost },
		.trips = (t->K + 31) / 32, .addr = tg_addr,   /* the last step's k >= K lanes load nothing */ .has_regs = 1, .pc_base = pc, .p = t,
	};
	return gen_launch(g, &L);
}

/* Test hook: one tiled HGEMM with the given operand layouts (gen.h). */
int gen_deepbench_gemm(gen_t *g, long M, long N, long K, int a_mmajor, int b_nmajor, int c_half)
{
	db_hgemm_t t = { .M = M, .N = N, .K = K, .a_mmajor = a_mmajor, .b_nmajor = b_nmajor, .c_half = c_half, .c_read = c_half };
	t.A = gen_alloc(g, (uint64_t)(M * K * HF));
	t.B = gen_alloc(g, (uint64_t)(N * K * HF));
	t.C = gen_alloc(g, (uint64_t)(M * N * (c_half ? HF : F)));
	return db_hgemm_launch(g, "cutlass_tensorop_h16816gemm", 0x1000, &t);
}

/* Test hooks: warp instructions per warp per K step and in the epilogue of the tiled HGEMM
 * for N columns (deepbench_tile in gen.h). */
int gen_hmma_k(int sm_version)
{
	return sm_version == 75 ? 8 : 16;
}

int gen_deepbench_tile(long n, int hmma_k, int *nt, int *loop, int *post, int *hmma, int *ldsm, int *ldg)
{
	db_hgemm_t t = { .M = 128, .N = n, .K = 32, .hk = hmma_k };
	db_hgemm_build(&t);
	*nt = t.nt;
	*loop = t.nloop;
	*post = t.nst;
	*hmma = t.wm / 16 * (t.wn / 8) * (32 / t.hk);
	*ldsm = t.wm / 16 * 2 + t.wn / 8;
	*ldg = 2 + t.nb;
	return 0;
}
