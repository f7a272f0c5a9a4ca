/*
 * deepbench.c -- the DeepBench kernels of the Malekeh paper (MICRO 2023, Table II: gemm_bench,
 * conv_bench and rnn_bench, training and inference; DeepBench, Baidu Research), as cuBLAS/cuDNN
 * run them on tensor cores: gemm_bench and conv_bench here, rnn_bench in deepbench_rnn.c, all
 * on the tiled HGEMM template of deepbench_hgemm.c.
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
 */
#include "profiling/generators/deepbench_hgemm.h"
#include "profiling/generators/deepbench_rnn.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ gemm_bench */
static int run_dbgemm(gen_t *g, long n)
{
	if (n % 128) {
		snprintf(g->err, sizeof g->err, "--size must be a multiple of 128, got %ld", n);
		return -1;
	}
	db_hgemm_t t = { .M = n, .N = n, .K = n };
	t.A = gen_alloc(g, (uint64_t)(n * n * HF));
	t.B = gen_alloc(g, (uint64_t)(n * n * HF));
	t.C = gen_alloc(g, (uint64_t)(n * n * F));
	/* array contents (BDI): DeepBench fills A and B with random values (fp16 pairs per 4-byte
	 * word: random bits, stand-in uniform floats) and C is the fp32 result */
	if (gen_content_urand(g, t.A, (uint64_t)(n * n / 2), -1, 1) < 0 ||
	    gen_content_urand(g, t.B, (uint64_t)(n * n / 2), -1, 1) < 0 ||
	    gen_content_urand(g, t.C, (uint64_t)(n * n), -8, 8) < 0)
		return -1;
	return db_hgemm_launch(g, "cutlass_tensorop_h16816gemm_128x128_32x1_tn", 0x1000, &t);
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
	db_hgemm_t t = { .M = n, .N = N, .K = n, .a_mmajor = 1, .c_half = 1, .c_read = 1 };
	t.A = gen_alloc(g, (uint64_t)(n * n * HF));
	t.B = gen_alloc(g, (uint64_t)(n * N * HF));
	t.C = gen_alloc(g, (uint64_t)(n * N * HF));
	if (gen_content_urand(g, t.A, (uint64_t)(n * n / 2), -1, 1) < 0 ||
	    gen_content_urand(g, t.B, (uint64_t)(n * N / 2), -1, 1) < 0 ||
	    gen_content_urand(g, t.C, (uint64_t)(n * N / 2), -1, 1) < 0)
		return -1;
	return db_hgemm_launch(g, "cutlass_tensorop_h16816gemm_128xN_32x1_nn", 0x1000, &t);
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
	db_hgemm_t t = { .conv = c, .pass = pass };
	switch (pass) {
	case CONV_DGRAD:        /* dX (N.H.W x C) = dY taps (x K.R.S) . filter */
		t.M = c->n * c->h * c->w, t.N = c->c, t.K = c->r * c->s * c->k;
		t.A = a->dy, t.B = a->f, t.C = a->dx, t.b_nmajor = 1;
		return db_hgemm_launch(g, "cudnn_implicit_gemm_dgrad_tensorop_nhwc_fp16", 0x3000, &t);
	case CONV_WGRAD:        /* dW^T (R.S.C x K) = x patches^T (x N.P.Q) . dY */
		t.M = c->r * c->s * c->c, t.N = c->k, t.K = c->n * c->p * c->q;
		t.A = a->x, t.B = a->dy, t.C = a->dw, t.a_mmajor = 1, t.b_nmajor = 1, t.c_half = 1;
		return db_hgemm_launch(g, "cudnn_implicit_gemm_wgrad_tensorop_nhwc_fp16", 0x9000, &t);
	default:                /* y (N.P.Q x K) = im2col(x) (x R.S.C) . filter */
		t.M = c->n * c->p * c->q, t.N = c->k, t.K = c->r * c->s * c->c;
		t.A = a->x, t.B = a->f, t.C = a->y;
		return db_hgemm_launch(g, "cudnn_implicit_precomp_gemm_tensorop_nhwc_fp16", 0x2000, &t);
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

const gen_kernel_t gen_deepbench[] = {
	{ "db-gemm", "DeepBench", "gemm_bench: fp16 tensor-core HGEMM, 128x128x32 CTA tiles in shared memory (cuBLAS/CUTLASS-style)", 1024, 128, 8192, "M=N=K (multiple of 128)", "malekeh-2060", run_dbgemm },
	{ "db-gemm-train", "DeepBench", "gemm_bench training_set[0]: fp16 HGEMM 1760x16x1760, both operands not transposed (NN), C = A.B + C in fp16, 128x16 CTA tiles", 1760, 8, 8192, "M=K (multiple of 8; N = 16)", "malekeh-2060", run_dbgemm_train },
	{ "db-conv", "DeepBench", "conv_bench forward: fp16 NHWC implicit-GEMM convolution on tensor cores (cuDNN IMPLICIT_PRECOMP_GEMM), DeepSpeech layer 2 (341x79x32, 10x5 filter, stride 2, 32 outputs)", 4, 1, 64, "batch N", "malekeh-2060", run_conv },
	{ "db-conv-train", "DeepBench", "conv_bench training: db-conv's forward pass, then backward filter (dW, implicit GEMM over N.P.Q) and backward data (dX, the transposed convolution as an implicit GEMM over K.R.S), same layer and batch", 4, 1, 64, "batch N", "malekeh-2060", run_conv_train },
	{ "db-rnn", "DeepBench", "rnn_bench vanilla (tanh) forward, batch 16, 50 steps (CUDNN_SKIP_INPUT: no input GEMM): per step recurrent HGEMM + elementwise", 1760, 32, 4096, "hidden units (multiple of 32)", "malekeh-2060", db_rnn_vanilla },
	{ "db-rnn-train", "DeepBench", "rnn_bench vanilla training, batch 16, 50 steps: the forward pass of db-rnn, then backward data (per step elementwise with dx + R^T HGEMM) and backward weights (dR HGEMM)", 1760, 32, 4096, "hidden units (multiple of 32)", "malekeh-2060", db_rnn_vanilla_train },
	{ "db-lstm", "DeepBench", "rnn_bench LSTM inference forward, batch 1, 25 steps (no input GEMM): per step recurrent HGEMM + gates", 512, 32, 4096, "hidden units (multiple of 32)", "malekeh-2060", db_rnn_lstm },
	{ "db-lstm-train", "DeepBench", "rnn_bench LSTM training, batch 16, 25 steps: the forward pass, then backward data (per step LSTM elementwise backward from the reserve space, with dx, + R^T HGEMM) and backward weights (dR HGEMM)", 512, 32, 4096, "hidden units (multiple of 32)", "malekeh-2060", db_rnn_lstm_train },
	{ "db-gru", "DeepBench", "rnn_bench GRU forward, batch 32, 1 step (no input GEMM): recurrent HGEMM + gates", 512, 32, 4096, "hidden units (multiple of 32)", "malekeh-2060", db_rnn_gru },
	{ "db-gru-train", "DeepBench", "rnn_bench GRU training, batch 32, 1 step: db-gru's forward pass, then backward data (GRU elementwise backward from the reserve space, with dx, + R^T HGEMM) and backward weights (dR HGEMM)", 512, 32, 4096, "hidden units (multiple of 32)", "malekeh-2060", db_rnn_gru_train },
	{ NULL, NULL, NULL, 0, 0, 0, NULL, NULL, NULL },
};
