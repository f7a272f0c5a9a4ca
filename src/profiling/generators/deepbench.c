/*
 * deepbench.c -- the DeepBench kernels of the Malekeh paper (MICRO 2023, Table II: gemm_bench
 * and rnn_bench, training and inference; DeepBench, Baidu Research), as cuBLAS/cuDNN run them
 * on tensor cores.
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
 * conv_bench: cuDNN's forward convolution with tensor-op math runs IMPLICIT_PRECOMP_GEMM on
 * NHWC fp16 tensors (DeepBench code/nvidia/conv_bench.cu: CUDNN_TENSOR_NHWC for half with
 * USE_TENSOR_CORES, cudnnSetConvolutionMathType(CUDNN_TENSOR_OP_MATH), "Tensor Op math only
 * supports IMPLICIT_PRECOMP_GEMM").  The implicit GEMM [Chetlur et al., "cuDNN: Efficient
 * Primitives for Deep Learning", arXiv:1410.0759, 2014, §3.1] is the same tiled HGEMM with
 *   M = N.P.Q output pixels (m = (n, p, q)), GEMM N = K output channels, GEMM K = R.S.C,
 *   k = (r, s, c):  A[m][k] = x[n][p.sh - pad_h + r][q.sw - pad_w + s][c]  (im2col, never
 *   materialised: a lane's LDG.128 reads 8 consecutive channels of one input pixel, so C must
 *   be a multiple of 8; a pixel in the padding is a predicated-off lane, cuDNN's zero fill),
 *   B = the KRSC filter (K-major rows of R.S.C halves, exactly the GEMM's B),
 *   y[m][k] (NHWC fp16): the epilogue converts the fp32 accumulators and each lane stores 8
 *   consecutive output channels of one pixel with STG.128 (WM.WN/256 per warp).
 * The offsets table "precomp" refers to (R.S entries, one per filter tap) is read once per CTA
 * into registers and is not generated.  Problem: DeepBench code/kernels/conv_problems.h,
 * training_set, the first tuple whose C is a multiple of 8 (DeepSpeech's second layer: W 341,
 * H 79, C 32, N 4, K 32, S 10, R 5, no padding, stride 2); --size is the batch N, and the
 * inference_server_set has the same layer at N = 1, 2, 4.
 *
 * conv_bench training (db-conv-train; DeepBench commit da81ba7, code/nvidia/conv_bench.cu
 * time_cnn: delta = rand (l. 416), backward_params (l. 420/427) then backward_inputs (l. 439/
 * 446) after the forward pass; tensor-op math forces CUDNN_CONVOLUTION_BWD_FILTER_ALGO_1 (l. 230)
 * and BWD_DATA_ALGO_1 (l. 270), the implicit-GEMM ones; problem: code/kernels/conv_problems.h
 * l. 9, the same layer at N = 4) runs on the same tensors, all fp16, with the GEMMs of CUTLASS's
 * implicit-GEMM convolution (include/cutlass/conv/conv2d_problem_size.h,
 * implicit_gemm_problem_size: Dgrad M x N x K = N.H.W x C x R.S.K, Wgrad K x R.S.C x N.P.Q)
 * in this template:
 *   backward data (dgrad), the transposed convolution of dY with the flipped filters:
 *     M = N.H.W input pixels m = (n, h, w), GEMM N = C, GEMM K = R.S.K, k = (r, s, kf);
 *     A[m][k] = dY[n][p][q][kf] with p = (h + pad_h - r) / stride_h, q = (w + pad_w - s) /
 *     stride_w when both divide and fall inside P x Q, else zero (a predicated-off lane: the
 *     tap reads a stride hole or the border; the HMMA still execute), a lane's LDG.128 reading
 *     8 consecutive kf (K a multiple of 8); B[c][k] = filter[kf][r][s][c], loaded as
 *     N-contiguous K rows (8 channels a lane); dX[m][c] in NHWC fp16 (the forward epilogue);
 *   backward filter (wgrad), dW[kf][r][s][c] = sum over (n, p, q) of dY[n][p][q][kf] .
 *     x[n][p.sh - pad_h + r][q.sw - pad_w + s][c]: generated as dW^T, M = R.S.C (m = (r, s, c)),
 *     GEMM N = K, GEMM K = N.P.Q -- CUTLASS's Wgrad has M = K, N = R.S.C, but with K = 32 the
 *     128-row tile would hold 96 empty rows -- A M-contiguous (K row (n, p, q), a lane 8
 *     channels of one input pixel of the patch; padding loads nothing), B = dY N-contiguous,
 *     dW column-major in fp16 (C[n.M + m] = dW[kf][r][s][c], 8 m a lane: c_half).  One CTA
 *     reduces all N.P.Q (no split-K).
 *
 * gemm_bench training (db-gemm-train): code/kernels/gemm_problems.h l. 3, training_set's first
 * tuple (m, n, k, a_t, b_t) = (1760, 16, 1760, false, false); code/nvidia/gemm_bench.cu runs it
 * with cublasGemmEx (l. 124), A, B, C and the compute type CUDA_R_16F (l. 91-92): both "N", so
 * A is M-contiguous (a_mmajor), B K-contiguous, C fp16 column-major (c_half); alpha and beta
 * are the addresses of an int 1 (l. 67-68), nonzero as any type, so C = A.B + C and the
 * epilogue loads C before it stores it (c_read).
 *
 * rnn_bench: cuDNN's forward pass of one layer (cudnnRNNForwardInference, code/nvidia/rnn_bench.cu
 * l. 196, in training too; the training kernels add the backward pass below): the input
 * projection of every time step as one
 * GEMM (M = G*H gate rows, N = B*T, K = H: DeepBench's input size is the hidden size), then per
 * time step the recurrent GEMM (M = G*H, N = B, K = H, reading h_{t-1}) and an elementwise
 * kernel that adds the two projections and the bias and applies the cell's gates (G = 1
 * vanilla tanh, G = 4 LSTM, G = 3 GRU), one thread per (unit, batch), 256 per CTA, writing h_t
 * (fp16, [b*H + m], the next step's B operand) and for LSTM the cell state c_t (fp32).
 * Non-linearities: tanh and sigmoid as MUFU.EX2 + MUFU.RCP (2 SFU) with an FADD and an FMUL
 * (fp32) each.  The problem sizes are DeepBench's (code/kernels/rnn_problems.h): which tuple
 * the paper's ids (rnn_bench_t1, _i2, ...) are is not stated; the first tuple of each cell type
 * and set is used (docs/workloads.md).  rnn_bench builds the layer with CUDNN_SKIP_INPUT (l. 146:
 * no input GEMM in cuDNN); the input projection here is a known difference (docs/workloads.md).
 *
 * rnn_bench training (db-rnn-train, db-lstm-train, db-gru-train; rnn_bench.cu backward_data
 * l. 219, backward_params l. 249, on the reserve space trainspace_ it zero-fills at l. 192 and
 * no forward pass writes): per step t = T-1 .. 0 the cell's elementwise backward (ewb_*: the
 * gates from the reserve, the pre-activation gradients dpre_t in fp16) and the data GEMM
 * dh_rec = R^T dpre_t (M = H, N = B, K = G.H), then dX = W^T dPre, dW = dPre X^T and
 * dR = dPre [h_0 .. h_{T-1}]^T (M = G.H, N = H, K = B.T).
 */
#include "profiling/generators/gen.h"

#include <stdio.h>
#include <string.h>

#define F 4   /* sizeof(float) */
#define HF 2  /* sizeof(half) */

/* ------------------------------------------------------------------ tiled HGEMM */
#define TG_MAXLOOP (4 + 4 + 1 + 12 + 64 + 1 + 5)
#define TG_MAXPOST (8 * 6)

typedef struct tg {
	uint64_t A, B, C;
	long M, N, K;
	const conv_geo_t *conv;   /* non-NULL: implicit GEMM of pass `pass` */
	int pass;                 /* with conv: enum conv_pass (fprop: A gathered from x, y in NHWC fp16) */
	int c_half;               /* C in fp16, column-major (C[n.M + m], 8 m a lane): cuBLAS HGEMM's C, dW */
	int c_read;               /* beta != 0: the epilogue reads C (LDG.128 of each STG's 16 B, 4 HFMA2) */
	int a_mmajor;             /* A stored M-contiguous (A[k.M + m], cuBLAS "N"): a transposed operand */
	int b_nmajor;             /* B stored N-contiguous (B[k.N + n]) */
	int nt;            /* CTA tile columns */
	int wm, wn;        /* warp tile rows, columns */
	int nb;            /* B-tile loads per thread per K step (2 when nt = 128, else 1) */
	int hk;            /* K of one HMMA: 16 (m16n8k16) or 8 (Turing's m16n8k8) */
	int nst;           /* STG.128 per warp in the epilogue */
	gen_inst_t loop[TG_MAXLOOP], post[TG_MAXPOST];
	int nloop, npost;
} tg_t;

/* The tile shape and the templates of one K step and of the epilogue for t->N columns. */
static int tg_build(tg_t *t)
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
	const tg_t *t = L->p;
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

static int tg_launch(gen_t *g, const char *name, uint32_t pc, tg_t *t)
{
	t->hk = g->o.hmma_k == 8 ? 8 : 16;
	tg_build(t);
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

/* ------------------------------------------------------------------ gemm_bench */
static int run_dbgemm(gen_t *g, long n)
{
	if (n % 128) {
		snprintf(g->err, sizeof g->err, "--size must be a multiple of 128, got %ld", n);
		return -1;
	}
	tg_t t = { .M = n, .N = n, .K = n };
	t.A = gen_alloc(g, (uint64_t)(n * n * HF));
	t.B = gen_alloc(g, (uint64_t)(n * n * HF));
	t.C = gen_alloc(g, (uint64_t)(n * n * F));
	/* array contents (BDI): DeepBench fills A and B with random values (fp16 pairs per 4-byte
	 * word: random bits, stand-in uniform floats) and C is the fp32 result */
	if (gen_content_urand(g, t.A, (uint64_t)(n * n / 2), -1, 1) < 0 ||
	    gen_content_urand(g, t.B, (uint64_t)(n * n / 2), -1, 1) < 0 ||
	    gen_content_urand(g, t.C, (uint64_t)(n * n), -8, 8) < 0)
		return -1;
	return tg_launch(g, "cutlass_tensorop_h16816gemm_128x128_32x1_tn", 0x1000, &t);
}

/* gemm_bench training: DeepBench code/kernels/gemm_problems.h training_set's first tuple
 * (1760, 16, 1760, false, false) -- m, n, k, a_t, b_t -- as code/nvidia/gemm_bench.cu runs it
 * in half precision: cublasGemmEx(CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, A (m x k, lda = m),
 * B (k x n, ldb = k), C (m x n, ldc = m)), A, B and C CUDA_R_16F, CUBLAS_GEMM_DFALT_TENSOR_OP.
 * Column-major "N" operands: A is M-contiguous (a_mmajor), B K-contiguous, C fp16 column-major
 * (c_half).  gemm_bench passes alpha and beta as the address of an int 1 (time_gemm), a
 * nonzero value in any compute type, so cuBLAS computes C = alpha A B + beta C and the
 * epilogue reads C (c_read).  The fp16 compute type (HMMA with fp16 accumulators, 2 registers
 * where fp32 takes 4) is not told apart: the accumulators are the fp32 template's.
 * --size = m = k (DeepBench's 1760, 2048, 2560, 4096 rows at n = 16); multiples of 8, as
 * gemm_bench pads m and k for tensor cores. */
static int run_dbgemm_train(gen_t *g, long n)
{
	const long N = 16;
	if (n % 8) {
		snprintf(g->err, sizeof g->err, "--size must be a multiple of 8, got %ld", n);
		return -1;
	}
	tg_t t = { .M = n, .N = N, .K = n, .a_mmajor = 1, .c_half = 1, .c_read = 1 };
	t.A = gen_alloc(g, (uint64_t)(n * n * HF));
	t.B = gen_alloc(g, (uint64_t)(n * N * HF));
	t.C = gen_alloc(g, (uint64_t)(n * N * HF));
	if (gen_content_urand(g, t.A, (uint64_t)(n * n / 2), -1, 1) < 0 ||
	    gen_content_urand(g, t.B, (uint64_t)(n * N / 2), -1, 1) < 0 ||
	    gen_content_urand(g, t.C, (uint64_t)(n * N / 2), -1, 1) < 0)
		return -1;
	return tg_launch(g, "cutlass_tensorop_h16816gemm_128xN_32x1_nn", 0x1000, &t);
}

/* ------------------------------------------------------------------ conv_bench */
/* The geometry checks of every pass; c->p, c->q are derived here. */
static int conv_geometry(gen_t *g, conv_geo_t *c, int train)
{
	if (c->n < 1 || c->c < 8 || c->c % 8 || c->k < 1 || c->r < 1 || c->s < 1 || c->sh < 1 || c->sw < 1 ||
	    c->pad_h < 0 || c->pad_w < 0 || c->h + 2 * c->pad_h < c->r || c->w + 2 * c->pad_w < c->s) {
		snprintf(g->err, sizeof g->err, "conv_bench: C must be a multiple of 8 and the filter fit the padded input");
		return -1;
	}
	if (c->r * c->s * c->c % 32) {
		snprintf(g->err, sizeof g->err, "conv_bench: R.S.C = %ld is not a multiple of the 32-element K step",
		         c->r * c->s * c->c);
		return -1;
	}
	if (train && c->k % 8) {        /* dgrad's A and wgrad's B rows are 8 channels of dY a lane */
		snprintf(g->err, sizeof g->err, "conv_bench training: K = %ld filters is not a multiple of 8", c->k);
		return -1;
	}
	c->p = (c->h + 2 * c->pad_h - c->r) / c->sh + 1;
	c->q = (c->w + 2 * c->pad_w - c->s) / c->sw + 1;
	return 0;
}

/* A layer's tensors as conv_bench.cu's time_cnn allocates them: input x, filter, output y, and
 * for training delta (dY), dW, dX, all fp16 (NHWC, the filter KRSC). */
typedef struct conv_arrays {
	uint64_t x, f, y, dy, dw, dx;
} conv_arrays_t;

static int conv_alloc(gen_t *g, const conv_geo_t *c, int train, conv_arrays_t *a)
{
	uint64_t nx = (uint64_t)(c->n * c->h * c->w * c->c), nf = (uint64_t)(c->k * c->r * c->s * c->c);
	uint64_t ny = (uint64_t)(c->n * c->p * c->q * c->k);
	a->x = gen_alloc(g, nx * HF);
	a->f = gen_alloc(g, nf * HF);
	a->y = gen_alloc(g, ny * HF);
	/* DeepBench fills x and the filter (and delta) with random values; y, dW, dX are fp16 results */
	if (gen_content_urand(g, a->x, nx / 2, -1, 1) < 0 || gen_content_urand(g, a->f, nf / 2, -1, 1) < 0 ||
	    gen_content_urand(g, a->y, ny / 2, -8, 8) < 0)
		return -1;
	if (!train)
		return 0;
	a->dy = gen_alloc(g, ny * HF);
	a->dw = gen_alloc(g, nf * HF);
	a->dx = gen_alloc(g, nx * HF);
	if (gen_content_urand(g, a->dy, ny / 2, -1, 1) < 0 || gen_content_urand(g, a->dw, nf / 2, -8, 8) < 0 ||
	    gen_content_urand(g, a->dx, nx / 2, -8, 8) < 0)
		return -1;
	return 0;
}

/* One pass of the layer as an implicit GEMM (header: conv_bench). */
static int conv_launch(gen_t *g, const conv_geo_t *c, int pass, const conv_arrays_t *a)
{
	tg_t t = { .conv = c, .pass = pass };
	switch (pass) {
	case CONV_DGRAD:        /* dX (N.H.W x C) = dY taps (x K.R.S) . filter */
		t.M = c->n * c->h * c->w, t.N = c->c, t.K = c->r * c->s * c->k;
		t.A = a->dy, t.B = a->f, t.C = a->dx, t.b_nmajor = 1;
		return tg_launch(g, "cudnn_implicit_gemm_dgrad_tensorop_nhwc_fp16", 0x3000, &t);
	case CONV_WGRAD:        /* dW^T (R.S.C x K) = x patches^T (x N.P.Q) . dY */
		t.M = c->r * c->s * c->c, t.N = c->k, t.K = c->n * c->p * c->q;
		t.A = a->x, t.B = a->dy, t.C = a->dw, t.a_mmajor = 1, t.b_nmajor = 1, t.c_half = 1;
		return tg_launch(g, "cudnn_implicit_gemm_wgrad_tensorop_nhwc_fp16", 0x9000, &t);
	default:                /* y (N.P.Q x K) = im2col(x) (x R.S.C) . filter */
		t.M = c->n * c->p * c->q, t.N = c->k, t.K = c->r * c->s * c->c;
		t.A = a->x, t.B = a->f, t.C = a->y;
		return tg_launch(g, "cudnn_implicit_precomp_gemm_tensorop_nhwc_fp16", 0x2000, &t);
	}
}

/* One forward convolution of geometry c (c->p, c->q are derived here). */
int gen_deepbench_conv(gen_t *g, conv_geo_t *c)
{
	conv_arrays_t a;
	if (conv_geometry(g, c, 0) < 0 || conv_alloc(g, c, 0, &a) < 0)
		return -1;
	return conv_launch(g, c, CONV_FPROP, &a);
}

/* One pass (enum conv_pass) of geometry c on its own arrays (test hook, gen.h). */
int gen_deepbench_conv_pass(gen_t *g, conv_geo_t *c, int pass)
{
	conv_arrays_t a;
	if (conv_geometry(g, c, pass != CONV_FPROP) < 0 || conv_alloc(g, c, 1, &a) < 0)
		return -1;
	return conv_launch(g, c, pass, &a);
}

/* DeepBench conv_problems.h training_set (341, 79, 32, N, 32, 10, 5, 0, 0, 2, 2): w, h, c, n, k,
 * filter_w (s), filter_h (r), pad_w, pad_h, wstride, hstride.  --size = batch N. */
static const conv_geo_t deepspeech2 = { .h = 79, .w = 341, .c = 32, .k = 32, .r = 5, .s = 10, .sh = 2, .sw = 2 };

static int run_conv(gen_t *g, long n)
{
	conv_geo_t c = deepspeech2;
	c.n = n;
	return gen_deepbench_conv(g, &c);
}

/* conv_bench training (code/nvidia/conv_bench.cu time_cnn, !inference): forward, then
 * cudnnConvolutionBackwardFilter (dW from x and delta), then cudnnConvolutionBackwardData (dX
 * from the filter and delta), in that order, on the same tensors. */
static int run_conv_train(gen_t *g, long n)
{
	conv_geo_t c = deepspeech2;
	c.n = n;
	conv_arrays_t a;
	if (conv_geometry(g, &c, 1) < 0 || conv_alloc(g, &c, 1, &a) < 0 || conv_launch(g, &c, CONV_FPROP, &a) < 0 ||
	    conv_launch(g, &c, CONV_WGRAD, &a) < 0)
		return -1;
	return conv_launch(g, &c, CONV_DGRAD, &a);
}

/* ------------------------------------------------------------------ rnn_bench elementwise */
enum cell { CELL_VANILLA = 0, CELL_LSTM, CELL_GRU };

typedef struct ew {
	int cell;
	long H, B, T, t;
	uint64_t rec, xw, bias, h_prev, h_out, c_prev, c_out;
} ew_t;

/* Memory ops: 0..G-1 recurrent pre-activations, G..2G-1 input projections, 2G..3G-1 bias,
 * 3G: c_{t-1} (LSTM) or h_{t-1} (GRU), 3G+1: store h_t, 3G+2: store c_t (LSTM). */
static uint32_t ew_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const ew_t *e = L->p;
	int G = e->cell == CELL_LSTM ? 4 : e->cell == CELL_GRU ? 3 : 1;
	long GH = G * e->H;
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		long i = w->gx[l];
		if (!(w->valid >> l & 1) || i >= e->H * e->B)
			continue;
		long b = i / e->H, u = i % e->H;              /* thread (unit u, batch b) */
		if (op < G)                                   /* recurrent GEMM output, column-major */
			a[l] = e->rec + (uint64_t)(b * GH + op * e->H + u) * F;
		else if (op < 2 * G)                          /* input projection of step t */
			a[l] = e->xw + (uint64_t)((e->t * e->B + b) * GH + (op - G) * e->H + u) * F;
		else if (op < 3 * G)
			a[l] = e->bias + (uint64_t)((op - 2 * G) * e->H + u) * F;
		else if (op == 3 * G)
			a[l] = e->cell == CELL_LSTM ? e->c_prev + (uint64_t)(b * e->H + u) * F
			                            : e->h_prev + (uint64_t)(b * e->H + u) * HF;
		else if (op == 3 * G + 1)
			a[l] = e->h_out + (uint64_t)(b * e->H + u) * HF;
		else
			a[l] = e->c_out + (uint64_t)(b * e->H + u) * F;
		m |= gen_lane_bit(l);
	}
	return m;
}

/* Vanilla: h = tanh(rec + xw + bias). */
static const gen_inst_t ew_vanilla[] = {
	I_OPN(SU_INT, 6),                                  /* index, bounds, addresses */
	I_LD(0, 10, 2), I_LD(1, 11, 3), I_LD(2, 12, 4),
	I_FP32(13, 10, 11, -1), I_FP32(13, 13, 12, -1),    /* FADD x 2 */
	I_FP32(14, 13, -1, -1), I_SFU(14, 14), I_FP32(14, 14, -1, -1), I_SFU(15, 14), /* tanh */
	I_OP(SU_OTHER, 16, 15, -1, -1),                    /* F2F.F16 */
	{ GEN_ST, 4, 1, -1, { 5, 16, -1 }, 0, 2, 0 },      /* h_t (fp16) */
};
/* LSTM: i, f, g, o = pre + xw + bias; c = sig(f) c' + sig(i) tanh(g); h = sig(o) tanh(c). */
static const gen_inst_t ew_lstm[] = {
	I_OPN(SU_INT, 8),
	I_LD(0, 10, 2), I_LD(1, 11, 2), I_LD(2, 12, 2), I_LD(3, 13, 2),
	I_LD(4, 20, 3), I_LD(5, 21, 3), I_LD(6, 22, 3), I_LD(7, 23, 3),
	I_LD(8, 24, 4), I_LD(9, 25, 4), I_LD(10, 26, 4), I_LD(11, 27, 4),
	I_LD(12, 30, 5),                                   /* c_{t-1} */
	I_FP32(10, 10, 20, -1), I_FP32(11, 11, 21, -1), I_FP32(12, 12, 22, -1), I_FP32(13, 13, 23, -1),
	I_FP32(10, 10, 24, -1), I_FP32(11, 11, 25, -1), I_FP32(12, 12, 26, -1), I_FP32(13, 13, 27, -1),
	I_FP32(10, 10, -1, -1), I_SFU(10, 10), I_FP32(10, 10, -1, -1), I_SFU(10, 10),  /* sig(i) */
	I_FP32(11, 11, -1, -1), I_SFU(11, 11), I_FP32(11, 11, -1, -1), I_SFU(11, 11),  /* sig(f) */
	I_FP32(12, 12, -1, -1), I_SFU(12, 12), I_FP32(12, 12, -1, -1), I_SFU(12, 12),  /* tanh(g) */
	I_FP32(13, 13, -1, -1), I_SFU(13, 13), I_FP32(13, 13, -1, -1), I_SFU(13, 13),  /* sig(o) */
	I_FP32(31, 11, 30, -1), I_FP32(31, 10, 12, 31),    /* c = f c' + i g */
	I_FP32(32, 31, -1, -1), I_SFU(32, 32), I_FP32(32, 32, -1, -1), I_SFU(32, 32),  /* tanh(c) */
	I_FP32(33, 13, 32, -1), I_OP(SU_OTHER, 33, 33, -1, -1),   /* h = o tanh(c), F2F.F16 */
	{ GEN_ST, 13, 1, -1, { 6, 33, -1 }, 0, 2, 0 },     /* h_t (fp16): memory op 3G + 1 */
	{ GEN_ST, 14, 1, -1, { 7, 31, -1 }, 0, 4, 0 },     /* c_t: 3G + 2 */
};
/* GRU (cuDNN): r, z = sig(pre + xw + bias); n = tanh(xw_n + b_n + r (pre_n)); h = (1-z) n + z h'. */
static const gen_inst_t ew_gru[] = {
	I_OPN(SU_INT, 8),
	I_LD(0, 10, 2), I_LD(1, 11, 2), I_LD(2, 12, 2),
	I_LD(3, 20, 3), I_LD(4, 21, 3), I_LD(5, 22, 3),
	I_LD(6, 24, 4), I_LD(7, 25, 4), I_LD(8, 26, 4),
	I_LD(9, 30, 5),                                    /* h_{t-1} (fp16) */
	I_FP32(10, 10, 20, -1), I_FP32(11, 11, 21, -1), I_FP32(10, 10, 24, -1), I_FP32(11, 11, 25, -1),
	I_FP32(10, 10, -1, -1), I_SFU(10, 10), I_FP32(10, 10, -1, -1), I_SFU(10, 10),  /* sig(r) */
	I_FP32(11, 11, -1, -1), I_SFU(11, 11), I_FP32(11, 11, -1, -1), I_SFU(11, 11),  /* sig(z) */
	I_FP32(22, 22, 26, -1), I_FP32(12, 10, 12, 22),    /* xw_n + b_n + r pre_n */
	I_FP32(12, 12, -1, -1), I_SFU(12, 12), I_FP32(12, 12, -1, -1), I_SFU(12, 12),  /* tanh(n) */
	I_OP(SU_OTHER, 31, 30, -1, -1),                    /* F2F.F32 h' */
	I_FP32(32, 31, 12, -1), I_FP32(32, 11, 32, 12),    /* h = n + z (h' - n) */
	I_OP(SU_OTHER, 32, 32, -1, -1),                    /* F2F.F16 */
	{ GEN_ST, 10, 1, -1, { 6, 32, -1 }, 0, 2, 0 },     /* h_t (fp16) */
};

static int ew_launch(gen_t *g, ew_t *e)
{
	const gen_inst_t *p = e->cell == CELL_LSTM ? ew_lstm : e->cell == CELL_GRU ? ew_gru : ew_vanilla;
	int n = e->cell == CELL_LSTM ? (int)(sizeof ew_lstm / sizeof ew_lstm[0])
	      : e->cell == CELL_GRU ? (int)(sizeof ew_gru / sizeof ew_gru[0]) : (int)(sizeof ew_vanilla / sizeof ew_vanilla[0]);
	long threads = e->H * e->B;
	gen_launch_t L = {
		.kname = e->cell == CELL_LSTM ? "lstm_elementWise_fp" : e->cell == CELL_GRU ? "gru_elementWise_fp"
		                                                        : "rnn_elementWise_tanh",
		.grid = { (int)((threads + 255) / 256), 1, 1 }, .block = { 256, 1, 1 },
		.regs = 32, .smem = 0,
		.sec = { p, NULL, NULL }, .nsec = { n, 0, 0 }, .trips = 0,
		.addr = ew_addr, .has_regs = 1, .pc_base = 0x8000, .p = e,
	};
	return gen_launch(g, &L);
}

/* ------------------------------------------------------------------ rnn_bench forward */
/* The forward pass's arrays that the backward pass reads. */
typedef struct rnn_arrays {
	uint64_t W, R, X, Hs, Cs;
} rnn_arrays_t;

static int run_rnn(gen_t *g, int cell, long H, long B, long T, rnn_arrays_t *out)
{
	int G = cell == CELL_LSTM ? 4 : cell == CELL_GRU ? 3 : 1;
	long GH = G * H;
	if (H % 32) {
		snprintf(g->err, sizeof g->err, "--size (hidden units) must be a multiple of 32, got %ld", H);
		return -1;
	}
	uint64_t W = gen_alloc(g, (uint64_t)(GH * H * HF));       /* input weights */
	uint64_t R = gen_alloc(g, (uint64_t)(GH * H * HF));       /* recurrent weights */
	uint64_t X = gen_alloc(g, (uint64_t)(T * B * H * HF));    /* input sequence */
	uint64_t XW = gen_alloc(g, (uint64_t)(T * B * GH * F));   /* input projections */
	uint64_t REC = gen_alloc(g, (uint64_t)(B * GH * F));      /* recurrent pre-activations */
	uint64_t BIAS = gen_alloc(g, (uint64_t)(GH * F));
	uint64_t Hs = gen_alloc(g, (uint64_t)((T + 1) * B * H * HF));  /* h_0 .. h_T */
	uint64_t Cs = cell == CELL_LSTM ? gen_alloc(g, (uint64_t)((T + 1) * B * H * F)) : 0;
	if (gen_content_urand(g, W, (uint64_t)(GH * H / 2), -1, 1) < 0 ||
	    gen_content_urand(g, R, (uint64_t)(GH * H / 2), -1, 1) < 0 ||
	    gen_content_urand(g, X, (uint64_t)(T * B * H / 2), -1, 1) < 0 ||
	    gen_content_urand(g, BIAS, (uint64_t)GH, -1, 1) < 0 ||
	    gen_content_const(g, Hs, (uint64_t)(B * H / 2), 0) < 0)
		return -1;
	if (out)
		*out = (rnn_arrays_t){ .W = W, .R = R, .X = X, .Hs = Hs, .Cs = Cs };
	tg_t in = { .A = W, .B = X, .C = XW, .M = GH, .N = B * T, .K = H };
	if (tg_launch(g, "cutlass_tensorop_h16816gemm_128x128_32x1_tn", 0x1000, &in) < 0)
		return -1;
	for (long t = 0; t < T; t++) {
		tg_t rec = { .A = R, .B = Hs + (uint64_t)(t * B * H * HF), .C = REC, .M = GH, .N = B, .K = H };
		if (tg_launch(g, "cutlass_tensorop_h16816gemm_128xN_32x1_tn", 0x4000, &rec) < 0)
			return -1;
		ew_t e = { .cell = cell, .H = H, .B = B, .T = T, .t = t, .rec = REC, .xw = XW, .bias = BIAS,
		           .h_prev = Hs + (uint64_t)(t * B * H * HF), .h_out = Hs + (uint64_t)((t + 1) * B * H * HF),
		           .c_prev = Cs + (uint64_t)(t * B * H * F), .c_out = Cs + (uint64_t)((t + 1) * B * H * F) };
		if (ew_launch(g, &e) < 0)
			return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ rnn_bench backward (training) */
typedef struct ewb {
	int cell;
	long H, B, t;
	uint64_t dy, dhrec, h, dpre;
	uint64_t rs, cx, dc;      /* LSTM: reserve space, c_0, the cell-state gradient (fp32 [b][u]) */
	uint64_t dprec, dhd;      /* GRU: the recurrent side's dpre, dh z carried to step t-1 (fp32) */
} ewb_t;

/* GRU backward memory ops: 0 dy_t (fp16), 1 dh_rec (fp32), 2 dh z of step t+1 (fp32), 3..6 r, z,
 * n and R_n h' + b_Rn of step t from the reserve space (fp16, [t][b][4][H]), 7 h_{t-1} (fp16),
 * 8..10 store the input side's dpre_t (r, z, n; fp16 [t][b][3H]), 11..13 the recurrent side's
 * (r, z, n r), 14 store dh z (fp32). */
static uint32_t ewb_gru_addr(const ewb_t *e, const gen_warp_t *w, int op, uint64_t a[32])
{
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		long i = w->gx[l];
		if (!(w->valid >> l & 1) || i >= e->H * e->B)
			continue;
		long b = i / e->H, u = i % e->H, H = e->H, tb = e->t * e->B + b;
		if (op == 0)
			a[l] = e->dy + (uint64_t)(tb * H + u) * HF;
		else if (op == 1)
			a[l] = e->dhrec + (uint64_t)(b * H + u) * F;
		else if (op == 2 || op == 14)
			a[l] = e->dhd + (uint64_t)(b * H + u) * F;
		else if (op <= 6)
			a[l] = e->rs + (uint64_t)((tb * 4 + op - 3) * H + u) * HF;
		else if (op == 7)
			a[l] = e->h + (uint64_t)(tb * H + u) * HF;
		else if (op <= 10)
			a[l] = e->dpre + (uint64_t)((tb * 3 + op - 8) * H + u) * HF;
		else
			a[l] = e->dprec + (uint64_t)((tb * 3 + op - 11) * H + u) * HF;
		m |= gen_lane_bit(l);
	}
	return m;
}

/* LSTM backward memory ops: 0 dy_t (fp16), 1 dh_rec (fp32), 2..5 i, f, g, o of step t and 6
 * c_t from the reserve space (fp16, [t][b][5][H]), 7 c_{t-1} (the reserve's c of step t-1, or
 * c_0 for t = 0, fp32 then), 8 dc_{t+1} (fp32), 9..12 store dpre_t of the 4 gates (fp16,
 * [t][b][4H], the GEMMs' operand), 13 store dc_t (fp32). */
static uint32_t ewb_lstm_addr(const ewb_t *e, const gen_warp_t *w, int op, uint64_t a[32])
{
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		long i = w->gx[l];
		if (!(w->valid >> l & 1) || i >= e->H * e->B)
			continue;
		long b = i / e->H, u = i % e->H, H = e->H;
		uint64_t rs_t = e->rs + (uint64_t)(((e->t * e->B + b) * 5) * H + u) * HF;
		if (op == 0)
			a[l] = e->dy + (uint64_t)((e->t * e->B + b) * H + u) * HF;
		else if (op == 1)
			a[l] = e->dhrec + (uint64_t)(b * H + u) * F;
		else if (op <= 6)
			a[l] = rs_t + (uint64_t)((op - 2) * H) * HF;
		else if (op == 7)
			a[l] = e->t ? e->rs + (uint64_t)((((e->t - 1) * e->B + b) * 5 + 4) * H + u) * HF
			            : e->cx + (uint64_t)(b * H + u) * F;
		else if (op == 8 || op == 13)
			a[l] = e->dc + (uint64_t)(b * H + u) * F;
		else
			a[l] = e->dpre + (uint64_t)((e->t * e->B + b) * 4 * H + (op - 9) * H + u) * HF;
		m |= gen_lane_bit(l);
	}
	return m;
}

/* Memory ops: 0 dy_t (fp16, from the layer above), 1 the recurrent gradient (fp32, step t+1's
 * backward GEMM), 2 h_t (fp16), 3 store dpre_t (fp16, [t][b][u], the GEMMs' operand). */
static uint32_t ewb_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const ewb_t *e = L->p;
	if (e->cell == CELL_LSTM)
		return ewb_lstm_addr(e, w, op, a);
	if (e->cell == CELL_GRU)
		return ewb_gru_addr(e, w, op, a);
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		long i = w->gx[l];
		if (!(w->valid >> l & 1) || i >= e->H * e->B)
			continue;
		long b = i / e->H, u = i % e->H;
		uint64_t hu = (uint64_t)((e->t * e->B + b) * e->H + u);
		a[l] = op == 0 ? e->dy + hu * HF : op == 1 ? e->dhrec + (uint64_t)(b * e->H + u) * F
		     : op == 2 ? e->h + (uint64_t)(((e->t + 1) * e->B + b) * e->H + u) * HF : e->dpre + hu * HF;
		m |= gen_lane_bit(l);
	}
	return m;
}

/* Vanilla backward: dh = dy + dh_rec; dpre = dh (1 - h^2) (tanh' from the stored h_t). */
static const gen_inst_t ewb_vanilla[] = {
	I_OPN(SU_INT, 6),
	{ GEN_LD, 0, 1, 10, { 2, -1, -1 }, 0, 2, 0 },      /* dy_t (fp16) */
	I_LD(1, 11, 3),                                    /* dh_rec */
	{ GEN_LD, 2, 1, 12, { 4, -1, -1 }, 0, 2, 0 },      /* h_t (fp16) */
	I_OP(SU_OTHER, 10, 10, -1, -1), I_OP(SU_OTHER, 12, 12, -1, -1),   /* F2F.F32 x 2 */
	I_FP32(13, 10, 11, -1),                            /* dh = dy + dh_rec */
	I_FP32(14, 12, 12, -1), I_FP32(14, 14, -1, -1),    /* 1 - h^2 (FFMA -h h + 1) */
	I_FP32(15, 13, 14, -1), I_OP(SU_OTHER, 15, 15, -1, -1),   /* dpre, F2F.F16 */
	{ GEN_ST, 3, 1, -1, { 5, 15, -1 }, 0, 2, 0 },      /* dpre_t (fp16) */
};

/* LSTM backward (c = f c' + i g, h = o tanh(c)): dh = dy + dh_rec; tc = tanh(c_t) recomputed;
 * do = dh tc; dc = dc_{t+1} + dh o (1 - tc^2); di = dc g, dg = dc i, df = dc c_{t-1},
 * dc_{t-1} = dc f; through the non-linearities sig' = s (1 - s), tanh' = 1 - g^2. */
static const gen_inst_t ewb_lstm[] = {
	I_OPN(SU_INT, 8),
	{ GEN_LD, 0, 1, 10, { 2, -1, -1 }, 0, 2, 0 },      /* dy_t (fp16) */
	I_LD(1, 11, 3),                                    /* dh_rec */
	{ GEN_LD, 2, 1, 12, { 4, -1, -1 }, 0, 2, 0 },      /* i, f, g, o (fp16, reserve) */
	{ GEN_LD, 3, 1, 13, { 4, -1, -1 }, 0, 2, 0 },
	{ GEN_LD, 4, 1, 14, { 4, -1, -1 }, 0, 2, 0 },
	{ GEN_LD, 5, 1, 15, { 4, -1, -1 }, 0, 2, 0 },
	{ GEN_LD, 6, 1, 16, { 4, -1, -1 }, 0, 2, 0 },      /* c_t (fp16, reserve) */
	{ GEN_LD, 7, 1, 17, { 5, -1, -1 }, 0, 2, 0 },      /* c_{t-1} */
	I_LD(8, 18, 6),                                    /* dc_{t+1} */
	I_OP(SU_OTHER, 10, 10, -1, -1), I_OP(SU_OTHER, 12, 12, -1, -1), I_OP(SU_OTHER, 13, 13, -1, -1),
	I_OP(SU_OTHER, 14, 14, -1, -1), I_OP(SU_OTHER, 15, 15, -1, -1), I_OP(SU_OTHER, 16, 16, -1, -1),
	I_OP(SU_OTHER, 17, 17, -1, -1),                    /* F2F.F32 x 7 */
	I_FP32(20, 10, 11, -1),                            /* dh */
	I_FP32(21, 16, -1, -1), I_SFU(21, 21), I_FP32(21, 21, -1, -1), I_SFU(21, 21),  /* tanh(c_t) */
	I_FP32(22, 20, 21, -1),                            /* do */
	I_FP32(23, 21, 21, -1), I_FP32(24, 20, 15, -1), I_FP32(24, 24, 23, -1), I_FP32(24, 24, 18, -1), /* dc */
	I_FP32(25, 24, 14, -1), I_FP32(26, 24, 12, -1), I_FP32(27, 24, 17, -1), I_FP32(28, 24, 13, -1), /* di dg df dc' */
	I_FP32(29, 12, 12, -1), I_FP32(25, 25, 29, -1),    /* di i (1 - i) */
	I_FP32(30, 13, 13, -1), I_FP32(27, 27, 30, -1),    /* df f (1 - f) */
	I_FP32(32, 14, 14, -1), I_FP32(26, 26, 32, -1),    /* dg (1 - g^2) */
	I_FP32(31, 15, 15, -1), I_FP32(22, 22, 31, -1),    /* do o (1 - o) */
	I_OP(SU_OTHER, 25, 25, -1, -1), I_OP(SU_OTHER, 27, 27, -1, -1), I_OP(SU_OTHER, 26, 26, -1, -1),
	I_OP(SU_OTHER, 22, 22, -1, -1),                    /* F2F.F16 x 4 */
	{ GEN_ST, 9, 1, -1, { 7, 25, -1 }, 0, 2, 0 },      /* dpre_t: i, f, g, o */
	{ GEN_ST, 10, 1, -1, { 7, 27, -1 }, 0, 2, 0 },
	{ GEN_ST, 11, 1, -1, { 7, 26, -1 }, 0, 2, 0 },
	{ GEN_ST, 12, 1, -1, { 7, 22, -1 }, 0, 2, 0 },
	I_ST(13, 6, 28),                                   /* dc_t */
};

/* GRU backward (cuDNN's GRU: n = tanh(W_n x + b_Wn + r (R_n h' + b_Rn)), h = (1 - z) n + z h'):
 * dh = dy + dh_rec + (dh z of step t+1); dn = dh (1 - z), dz = dh (h' - n), dh z kept for
 * step t-1; dn_pre = dn (1 - n^2); dr = dn_pre (R_n h' + b_Rn); through the sigmoids
 * r (1 - r), z (1 - z); the recurrent side's n gradient is dn_pre r. */
static const gen_inst_t ewb_gru[] = {
	I_OPN(SU_INT, 8),
	{ GEN_LD, 0, 1, 10, { 2, -1, -1 }, 0, 2, 0 },      /* dy_t (fp16) */
	I_LD(1, 11, 3),                                    /* dh_rec */
	I_LD(2, 19, 3),                                    /* dh z of step t+1 */
	{ GEN_LD, 3, 1, 12, { 4, -1, -1 }, 0, 2, 0 },      /* r, z, n, R_n h' + b_Rn (fp16, reserve) */
	{ GEN_LD, 4, 1, 13, { 4, -1, -1 }, 0, 2, 0 },
	{ GEN_LD, 5, 1, 14, { 4, -1, -1 }, 0, 2, 0 },
	{ GEN_LD, 6, 1, 15, { 4, -1, -1 }, 0, 2, 0 },
	{ GEN_LD, 7, 1, 16, { 5, -1, -1 }, 0, 2, 0 },      /* h_{t-1} (fp16) */
	I_OP(SU_OTHER, 10, 10, -1, -1), I_OP(SU_OTHER, 12, 12, -1, -1), I_OP(SU_OTHER, 13, 13, -1, -1),
	I_OP(SU_OTHER, 14, 14, -1, -1), I_OP(SU_OTHER, 15, 15, -1, -1), I_OP(SU_OTHER, 16, 16, -1, -1),   /* F2F.F32 x 6 */
	I_FP32(20, 10, 11, -1), I_FP32(20, 20, 19, -1),    /* dh */
	I_FP32(21, 20, 13, 20),                            /* dn = dh - dh z */
	I_FP32(22, 16, 14, -1), I_FP32(22, 22, 20, -1),    /* dz = dh (h' - n) */
	I_FP32(23, 20, 13, -1),                            /* dh z */
	I_FP32(24, 14, 14, -1), I_FP32(24, 24, 21, -1),    /* dn_pre = dn (1 - n^2) */
	I_FP32(25, 24, 15, -1),                            /* dr */
	I_FP32(26, 12, 12, -1), I_FP32(25, 25, 26, -1),    /* dr r (1 - r) */
	I_FP32(27, 13, 13, -1), I_FP32(22, 22, 27, -1),    /* dz z (1 - z) */
	I_FP32(28, 24, 12, -1),                            /* dn_pre r */
	I_OP(SU_OTHER, 25, 25, -1, -1), I_OP(SU_OTHER, 22, 22, -1, -1), I_OP(SU_OTHER, 24, 24, -1, -1),
	I_OP(SU_OTHER, 28, 28, -1, -1),                    /* F2F.F16 x 4 */
	{ GEN_ST, 8, 1, -1, { 7, 25, -1 }, 0, 2, 0 },      /* input side: r, z, n */
	{ GEN_ST, 9, 1, -1, { 7, 22, -1 }, 0, 2, 0 },
	{ GEN_ST, 10, 1, -1, { 7, 24, -1 }, 0, 2, 0 },
	{ GEN_ST, 11, 1, -1, { 7, 25, -1 }, 0, 2, 0 },     /* recurrent side: r, z, n r */
	{ GEN_ST, 12, 1, -1, { 7, 22, -1 }, 0, 2, 0 },
	{ GEN_ST, 13, 1, -1, { 7, 28, -1 }, 0, 2, 0 },
	I_ST(14, 6, 23),                                   /* dh z */
};

static int ewb_launch(gen_t *g, ewb_t *e)
{
	long threads = e->H * e->B;
	const gen_inst_t *p = e->cell == CELL_LSTM ? ewb_lstm : e->cell == CELL_GRU ? ewb_gru : ewb_vanilla;
	int n = e->cell == CELL_LSTM ? (int)(sizeof ewb_lstm / sizeof ewb_lstm[0])
	      : e->cell == CELL_GRU ? (int)(sizeof ewb_gru / sizeof ewb_gru[0]) : (int)(sizeof ewb_vanilla / sizeof ewb_vanilla[0]);
	gen_launch_t L = {
		.kname = e->cell == CELL_LSTM ? "lstm_elementWise_bp" : e->cell == CELL_GRU ? "gru_elementWise_bp" : "rnn_elementWise_tanh_bp",
		.grid = { (int)((threads + 255) / 256), 1, 1 }, .block = { 256, 1, 1 },
		.regs = 32, .smem = 0,
		.sec = { p, NULL, NULL }, .nsec = { n, 0, 0 },
		.trips = 0, .addr = ewb_addr, .has_regs = 1, .pc_base = 0xa000, .p = e,
	};
	return gen_launch(g, &L);
}

/* cudnnRNNBackwardData then cudnnRNNBackwardWeights of one vanilla layer after its forward
 * pass (run_rnn): per step t = T-1 .. 0 the elementwise backward (dpre_t) and the recurrent
 * data GEMM dh_rec = R^T dpre_t (M = H, N = B, K = H: R^T is R read M-major); then
 * dX = W^T dPre (N = B.T), dW = dPre X^T and dR = dPre [h_0 .. h_{T-1}]^T (M = N = H,
 * K = B.T: dPre read M-major, X and h N-major).  The tiled HGEMM template serves all of
 * them with the transposed operands' loads (a_mmajor, b_nmajor). */
static int run_rnn_train(gen_t *g, int cell, long H, long B, long T)
{
	int G = cell == CELL_LSTM ? 4 : cell == CELL_GRU ? 3 : 1;
	long GH = G * H;
	if (H % 32) {
		snprintf(g->err, sizeof g->err, "--size (hidden units) must be a multiple of 32, got %ld", H);
		return -1;
	}
	rnn_arrays_t fw;
	if (run_rnn(g, cell, H, B, T, &fw) < 0)
		return -1;
	uint64_t W = fw.W, R = fw.R, X = fw.X, Hs = fw.Hs;
	uint64_t DY = gen_alloc(g, (uint64_t)(T * B * H * HF));
	uint64_t DHREC = gen_alloc(g, (uint64_t)(B * H * F));
	uint64_t DPRE = gen_alloc(g, (uint64_t)(T * B * GH * HF));
	uint64_t DX = gen_alloc(g, (uint64_t)(T * B * H * F)), DW = gen_alloc(g, (uint64_t)(GH * H * F));
	uint64_t DR = gen_alloc(g, (uint64_t)(GH * H * F));
	if (gen_content_urand(g, DY, (uint64_t)(T * B * H / 2), -1, 1) < 0 ||
	    gen_content_const(g, DHREC, (uint64_t)(B * H), 0) < 0)
		return -1;
	uint64_t RS = 0, DC = 0, DPREC = DPRE;
	if (cell != CELL_VANILLA) {     /* the reserve space rnn_bench zero-fills (and never trains into) */
		long nrs = cell == CELL_LSTM ? 5 : 4;
		RS = gen_alloc(g, (uint64_t)(T * B * nrs * H * HF));
		DC = gen_alloc(g, (uint64_t)(B * H * F));   /* LSTM dc, GRU dh z */
		if (gen_content_const(g, RS, (uint64_t)(T * B * nrs * H / 2), 0) < 0 ||
		    gen_content_const(g, DC, (uint64_t)(B * H), 0) < 0)
			return -1;
	}
	if (cell == CELL_GRU)           /* the recurrent side's gradients differ in n: an array of their own */
		DPREC = gen_alloc(g, (uint64_t)(T * B * GH * HF));
	for (long t = T - 1; t >= 0; t--) {
		ewb_t e = { .cell = cell, .H = H, .B = B, .t = t, .dy = DY, .dhrec = DHREC, .h = Hs, .dpre = DPRE,
		            .rs = RS, .cx = fw.Cs, .dc = DC, .dprec = DPREC, .dhd = DC };
		if (ewb_launch(g, &e) < 0)
			return -1;
		tg_t d = { .A = R, .B = DPREC + (uint64_t)(t * B * GH * HF), .C = DHREC, .M = H, .N = B, .K = GH, .a_mmajor = 1 };
		if (tg_launch(g, "cutlass_tensorop_h16816gemm_128xN_32x1_nn", 0x5000, &d) < 0)
			return -1;
	}
	tg_t dx = { .A = W, .B = DPRE, .C = DX, .M = H, .N = B * T, .K = GH, .a_mmajor = 1 };
	tg_t dw = { .A = DPRE, .B = X, .C = DW, .M = GH, .N = H, .K = B * T, .a_mmajor = 1, .b_nmajor = 1 };
	tg_t dr = { .A = DPREC, .B = Hs, .C = DR, .M = GH, .N = H, .K = B * T, .a_mmajor = 1, .b_nmajor = 1 };
	if (tg_launch(g, "cutlass_tensorop_h16816gemm_128x128_32x1_nn", 0x6000, &dx) < 0 ||
	    tg_launch(g, "cutlass_tensorop_h16816gemm_128x128_32x1_nt", 0x7000, &dw) < 0)
		return -1;
	return tg_launch(g, "cutlass_tensorop_h16816gemm_128x128_32x1_nt", 0x7000, &dr);
}

/* DeepBench rnn_problems.h training_set: the vanilla tuple (1760, 16, 50) at l. 3, the first
 * LSTM tuple (512, 16, 25) at l. 15.  --size = hidden units. */
static int run_rnn_vanilla_train(gen_t *g, long h) { return run_rnn_train(g, CELL_VANILLA, h, 16, 50); }
static int run_rnn_lstm_train(gen_t *g, long h) { return run_rnn_train(g, CELL_LSTM, h, 16, 25); }
/* training_set's GRU tuples are 1500 to 187 steps of 1024 to 2816 units, but for (512, 32, 1)
 * at l. 53, the one db-gru runs: the same here. */
static int run_rnn_gru_train(gen_t *g, long h) { return run_rnn_train(g, CELL_GRU, h, 32, 1); }

/* Test hook: one tiled HGEMM with the given operand layouts (gen.h). */
int gen_deepbench_gemm(gen_t *g, long M, long N, long K, int a_mmajor, int b_nmajor, int c_half)
{
	tg_t t = { .M = M, .N = N, .K = K, .a_mmajor = a_mmajor, .b_nmajor = b_nmajor, .c_half = c_half, .c_read = c_half };
	t.A = gen_alloc(g, (uint64_t)(M * K * HF));
	t.B = gen_alloc(g, (uint64_t)(N * K * HF));
	t.C = gen_alloc(g, (uint64_t)(M * N * (c_half ? HF : F)));
	return tg_launch(g, "cutlass_tensorop_h16816gemm", 0x1000, &t);
}

/* DeepBench rnn_problems.h: training_set's first vanilla tuple (1760, 16, 50) and first GRU
 * tuple with few steps kept at its batch (2816, 32, 187 is the first; 512, 32, 1 is the
 * smallest), inference_server_set's first LSTM tuple (512, 1, 25).  --size = hidden units. */
static int run_rnn_vanilla(gen_t *g, long h) { return run_rnn(g, CELL_VANILLA, h, 16, 50, NULL); }
static int run_rnn_lstm(gen_t *g, long h) { return run_rnn(g, CELL_LSTM, h, 1, 25, NULL); }
static int run_rnn_gru(gen_t *g, long h) { return run_rnn(g, CELL_GRU, h, 32, 1, NULL); }

/* Test hooks: warp instructions per warp per K step and in the epilogue of the tiled HGEMM
 * for N columns (deepbench_tile in gen.h). */
int gen_hmma_k(int sm_version)
{
	return sm_version == 75 ? 8 : 16;
}

int gen_deepbench_tile(long n, int hmma_k, int *nt, int *loop, int *post, int *hmma, int *ldsm, int *ldg)
{
	tg_t t = { .M = 128, .N = n, .K = 32, .hk = hmma_k };
	tg_build(&t);
	*nt = t.nt;
	*loop = t.nloop;
	*post = t.nst;
	*hmma = t.wm / 16 * (t.wn / 8) * (32 / t.hk);
	*ldsm = t.wm / 16 * 2 + t.wn / 8;
	*ldg = 2 + t.nb;
	return 0;
}

const gen_kernel_t gen_deepbench[] = {
	{ "db-gemm", "DeepBench", "gemm_bench: fp16 tensor-core HGEMM, 128x128x32 CTA tiles in shared memory (cuBLAS/CUTLASS-style)", 1024, 128, 8192, "M=N=K (multiple of 128)", "malekeh-2060", run_dbgemm },
	{ "db-gemm-train", "DeepBench", "gemm_bench training_set[0]: fp16 HGEMM 1760x16x1760, both operands not transposed (NN), C = A.B + C in fp16, 128x16 CTA tiles", 1760, 8, 8192, "M=K (multiple of 8; N = 16)", "malekeh-2060", run_dbgemm_train },
	{ "db-conv", "DeepBench", "conv_bench forward: fp16 NHWC implicit-GEMM convolution on tensor cores (cuDNN IMPLICIT_PRECOMP_GEMM), DeepSpeech layer 2 (341x79x32, 10x5 filter, stride 2, 32 outputs)", 4, 1, 64, "batch N", "malekeh-2060", run_conv },
	{ "db-conv-train", "DeepBench", "conv_bench training: db-conv's forward pass, then backward filter (dW, implicit GEMM over N.P.Q) and backward data (dX, the transposed convolution as an implicit GEMM over K.R.S), same layer and batch", 4, 1, 64, "batch N", "malekeh-2060", run_conv_train },
	{ "db-rnn", "DeepBench", "rnn_bench vanilla (tanh) forward, batch 16, 50 steps: input GEMM, per step recurrent HGEMM + elementwise", 1760, 32, 4096, "hidden units (multiple of 32)", "malekeh-2060", run_rnn_vanilla },
	{ "db-rnn-train", "DeepBench", "rnn_bench vanilla training, batch 16, 50 steps: the forward pass of db-rnn, then backward data (per step elementwise + R^T HGEMM, then W^T) and backward weights (dW, dR HGEMMs)", 1760, 32, 4096, "hidden units (multiple of 32)", "malekeh-2060", run_rnn_vanilla_train },
	{ "db-lstm", "DeepBench", "rnn_bench LSTM inference forward, batch 1, 25 steps: input GEMM, per step recurrent HGEMM + gates", 512, 32, 4096, "hidden units (multiple of 32)", "malekeh-2060", run_rnn_lstm },
	{ "db-lstm-train", "DeepBench", "rnn_bench LSTM training, batch 16, 25 steps: the forward pass, then backward data (per step LSTM elementwise backward from the reserve space + R^T HGEMM, then W^T) and backward weights (dW, dR HGEMMs)", 512, 32, 4096, "hidden units (multiple of 32)", "malekeh-2060", run_rnn_lstm_train },
	{ "db-gru", "DeepBench", "rnn_bench GRU forward, batch 32, 1 step: input GEMM, recurrent HGEMM + gates", 512, 32, 4096, "hidden units (multiple of 32)", "malekeh-2060", run_rnn_gru },
	{ "db-gru-train", "DeepBench", "rnn_bench GRU training, batch 32, 1 step: db-gru's forward pass, then backward data (GRU elementwise backward from the reserve space + R^T HGEMM, then W^T) and backward weights (dW, dR HGEMMs)", 512, 32, 4096, "hidden units (multiple of 32)", "malekeh-2060", run_rnn_gru_train },
	{ NULL, NULL, NULL, 0, 0, 0, NULL, NULL, NULL },
};
