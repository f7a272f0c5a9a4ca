/*
 * deepbench_rnn.c -- rnn_bench's kernels (DeepBench, Baidu Research) of the Malekeh paper
 * (MICRO 2023, Table II): forward (inference) and training, vanilla, LSTM and GRU cells, on the
 * tiled HGEMM template (deepbench_hgemm.c).
 *
 * rnn_bench: cuDNN's forward pass of one layer (cudnnRNNForwardInference, code/nvidia/rnn_bench.cu
 * l. 196, in training too; the training kernels add the backward pass below).  rnn_bench builds
 * the layer with CUDNN_SKIP_INPUT (l. 146; cuDNN: "no operation is performed at the input of
 * the first recurrent layer", the input's size must be the hidden size), so there is no input
 * GEMM: x_t enters every gate as it is.  Per time step the recurrent GEMM (M = G*H gate rows,
 * N = B, K = H, reading h_{t-1}) and an elementwise kernel that adds the recurrent projection,
 * x_t (fp16, [(t*B + b)*H + m], loaded once for all gates) and the bias and applies the cell's
 * gates (G = 1 vanilla tanh, G = 4 LSTM, G = 3 GRU), one thread per (unit, batch), 256 per
 * CTA, writing h_t (fp16, [b*H + m], the next step's B operand) and for LSTM the cell state c_t
 * (fp32).
 * Non-linearities: tanh and sigmoid as MUFU.EX2 + MUFU.RCP (2 SFU) with an FADD and an FMUL
 * (fp32) each.  The problem sizes are DeepBench's (code/kernels/rnn_problems.h): which tuple
 * the paper's ids (rnn_bench_t1, _i2, ...) are is not stated; the first tuple of each cell type
 * and set is used (docs/workloads.md).
 *
 * rnn_bench training (db-rnn-train, db-lstm-train, db-gru-train; rnn_bench.cu backward_data
 * l. 219, backward_params l. 249, on the reserve space trainspace_ it zero-fills at l. 192 and
 * no forward pass writes): per step t = T-1 .. 0 the cell's elementwise backward (ewb_*: the
 * gates from the reserve, the pre-activation gradients dpre_t in fp16) and the data GEMM
 * dh_rec = R^T dpre_t (M = H, N = B, K = G.H), then dR = dPre [h_0 .. h_{T-1}]^T (M = G.H,
 * N = H, K = B.T).  With CUDNN_SKIP_INPUT there is no input weight W, so neither dX = W^T dPre
 * nor dW = dPre X^T is a GEMM: dx_t is the sum of the gates' input-side pre-activation
 * gradients, which the elementwise backward kernel adds and stores (fp16 [t][b][H]).
 */
#include "profiling/generators/deepbench_rnn.h"
#include "profiling/generators/deepbench_hgemm.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ rnn_bench elementwise */
enum cell { CELL_VANILLA = 0, CELL_LSTM, CELL_GRU };

typedef struct ew {
	int cell;
	long H, B, T, t;
	uint64_t rec, x, bias, h_prev, h_out, c_prev, c_out;
} ew_t;

/* Memory ops: 0..G-1 recurrent pre-activations, G: x_t (fp16; CUDNN_SKIP_INPUT: the same x for
 * every gate, G+1..2G-1 unused), 2G..3G-1 bias, 3G: c_{t-1} (LSTM) or h_{t-1} (GRU), 3G+1:
 * store h_t, 3G+2: store c_t (LSTM). */
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
		else if (op < 2 * G)                          /* x_t, step t's input */
			a[l] = e->x + (uint64_t)((e->t * e->B + b) * e->H + u) * HF;
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

/* Vanilla: h = tanh(rec + x + bias). */
static const gen_inst_t ew_vanilla[] = {
	I_OPN(SU_INT, 6),                                  /* index, bounds, addresses */
	I_LD(0, 10, 2), I_LDW(1, 11, 3, 2), I_LD(2, 12, 4),
	I_OP(SU_OTHER, 11, 11, -1, -1),                    /* F2F.F32 x */
	I_FP32(13, 10, 11, -1), I_FP32(13, 13, 12, -1),    /* FADD x 2 */
	I_FP32(14, 13, -1, -1), I_SFU(14, 14), I_FP32(14, 14, -1, -1), I_SFU(15, 14), /* tanh */
	I_OP(SU_OTHER, 16, 15, -1, -1),                    /* F2F.F16 */
	{ GEN_ST, 4, 1, -1, { 5, 16, -1 }, 0, 2, 0 },      /* h_t (fp16) */
};
/* LSTM: i, f, g, o = pre + x + bias; c = sig(f) c' + sig(i) tanh(g); h = sig(o) tanh(c). */
static const gen_inst_t ew_lstm[] = {
	I_OPN(SU_INT, 8),
	I_LD(0, 10, 2), I_LD(1, 11, 2), I_LD(2, 12, 2), I_LD(3, 13, 2),
	I_LDW(4, 20, 3, 2),                                /* x_t (fp16) */
	I_LD(8, 24, 4), I_LD(9, 25, 4), I_LD(10, 26, 4), I_LD(11, 27, 4),
	I_LD(12, 30, 5),                                   /* c_{t-1} */
	I_OP(SU_OTHER, 20, 20, -1, -1),                    /* F2F.F32 x */
	I_FP32(10, 10, 20, -1), I_FP32(11, 11, 20, -1), I_FP32(12, 12, 20, -1), I_FP32(13, 13, 20, -1),
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
/* GRU (cuDNN): r, z = sig(pre + x + bias); n = tanh(x + b_n + r (pre_n)); h = (1-z) n + z h'. */
static const gen_inst_t ew_gru[] = {
	I_OPN(SU_INT, 8),
	I_LD(0, 10, 2), I_LD(1, 11, 2), I_LD(2, 12, 2),
	I_LDW(3, 20, 3, 2),                                /* x_t (fp16) */
	I_LD(6, 24, 4), I_LD(7, 25, 4), I_LD(8, 26, 4),
	I_LD(9, 30, 5),                                    /* h_{t-1} (fp16) */
	I_OP(SU_OTHER, 20, 20, -1, -1),                    /* F2F.F32 x */
	I_FP32(10, 10, 20, -1), I_FP32(11, 11, 20, -1), I_FP32(10, 10, 24, -1), I_FP32(11, 11, 25, -1),
	I_FP32(10, 10, -1, -1), I_SFU(10, 10), I_FP32(10, 10, -1, -1), I_SFU(10, 10),  /* sig(r) */
	I_FP32(11, 11, -1, -1), I_SFU(11, 11), I_FP32(11, 11, -1, -1), I_SFU(11, 11),  /* sig(z) */
	I_FP32(22, 20, 26, -1), I_FP32(12, 10, 12, 22),    /* x + b_n + r pre_n */
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
	uint64_t R, X, Hs, Cs;
} rnn_arrays_t;

static int run_rnn(gen_t *g, int cell, long H, long B, long T, rnn_arrays_t *out)
{
	int G = cell == CELL_LSTM ? 4 : cell == CELL_GRU ? 3 : 1;
	long GH = G * H;
	if (H % 32) {
		snprintf(g->err, sizeof g->err, "--size (hidden units) must be a multiple of 32, got %ld", H);
		return -1;
	}
	uint64_t R = gen_alloc(g, (uint64_t)(GH * H * HF));       /* recurrent weights */
	uint64_t X = gen_alloc(g, (uint64_t)(T * B * H * HF));    /* input sequence */
	uint64_t REC = gen_alloc(g, (uint64_t)(B * GH * F));      /* recurrent pre-activations */
	uint64_t BIAS = gen_alloc(g, (uint64_t)(GH * F));
	uint64_t Hs = gen_alloc(g, (uint64_t)((T + 1) * B * H * HF));  /* h_0 .. h_T */
	uint64_t Cs = cell == CELL_LSTM ? gen_alloc(g, (uint64_t)((T + 1) * B * H * F)) : 0;
	if (gen_content_urand(g, R, (uint64_t)(GH * H / 2), -1, 1) < 0 ||
	    gen_content_urand(g, X, (uint64_t)(T * B * H / 2), -1, 1) < 0 ||
	    gen_content_urand(g, BIAS, (uint64_t)GH, -1, 1) < 0 ||
	    gen_content_const(g, Hs, (uint64_t)(B * H / 2), 0) < 0)
		return -1;
	if (out)
		*out = (rnn_arrays_t){ .R = R, .X = X, .Hs = Hs, .Cs = Cs };
	for (long t = 0; t < T; t++) {
		db_hgemm_t rec = { .A = R, .B = Hs + (uint64_t)(t * B * H * HF), .C = REC, .M = GH, .N = B, .K = H };
		if (db_hgemm_launch(g, "cutlass_tensorop_h16816gemm_128xN_32x1_tn", 0x4000, &rec) < 0)
			return -1;
		ew_t e = { .cell = cell, .H = H, .B = B, .T = T, .t = t, .rec = REC, .x = X, .bias = BIAS,
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
	uint64_t dhd;             /* GRU: dh z carried to step t-1 (fp32) */
	uint64_t dx;              /* dx_t (fp16, [t][b][H]): CUDNN_SKIP_INPUT's input gradient */
} ewb_t;

/* GRU backward memory ops: 0 dy_t (fp16), 1 dh_rec (fp32), 2 dh z of step t+1 (fp32), 3..6 r, z,
 * n and R_n h' + b_Rn of step t from the reserve space (fp16, [t][b][4][H]), 7 h_{t-1} (fp16),
 * 11..13 store the recurrent side's dpre_t (r, z, n r; fp16 [t][b][3H]), 14 store dh z (fp32),
 * 15 store dx_t (fp16; 8..10, the input side's dpre, are not stored: with CUDNN_SKIP_INPUT
 * no GEMM reads them, their sum is dx_t). */
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
		else if (op == 15)
			a[l] = e->dx + (uint64_t)(tb * H + u) * HF;
		else
			a[l] = e->dpre + (uint64_t)((tb * 3 + op - 11) * H + u) * HF;
		m |= gen_lane_bit(l);
	}
	return m;
}

/* LSTM backward memory ops: 0 dy_t (fp16), 1 dh_rec (fp32), 2..5 i, f, g, o of step t and 6
 * c_t from the reserve space (fp16, [t][b][5][H]), 7 c_{t-1} (the reserve's c of step t-1, or
 * c_0 for t = 0, fp32 then), 8 dc_{t+1} (fp32), 9..12 store dpre_t of the 4 gates (fp16,
 * [t][b][4H], the GEMMs' operand), 13 store dc_t (fp32), 14 store dx_t (fp16 [t][b][H]). */
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
		else if (op == 14)
			a[l] = e->dx + (uint64_t)((e->t * e->B + b) * H + u) * HF;
		else
			a[l] = e->dpre + (uint64_t)((e->t * e->B + b) * 4 * H + (op - 9) * H + u) * HF;
		m |= gen_lane_bit(l);
	}
	return m;
}

/* Memory ops: 0 dy_t (fp16, from the layer above), 1 the recurrent gradient (fp32, step t+1's
 * backward GEMM), 2 h_t (fp16), 3 store dpre_t (fp16, [t][b][u], the GEMMs' operand), 4 store
 * dx_t (fp16, [t][b][u]: with one gate and CUDNN_SKIP_INPUT it equals dpre_t). */
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
		     : op == 2 ? e->h + (uint64_t)(((e->t + 1) * e->B + b) * e->H + u) * HF
		     : op == 3 ? e->dpre + hu * HF : e->dx + hu * HF;
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
	{ GEN_ST, 4, 1, -1, { 5, 15, -1 }, 0, 2, 0 },      /* dx_t = dpre_t (fp16) */
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
	I_FP32(33, 25, 27, -1), I_FP32(33, 33, 26, -1), I_FP32(33, 33, 22, -1),   /* dx = di + df + dg + do */
	I_OP(SU_OTHER, 25, 25, -1, -1), I_OP(SU_OTHER, 27, 27, -1, -1), I_OP(SU_OTHER, 26, 26, -1, -1),
	I_OP(SU_OTHER, 22, 22, -1, -1), I_OP(SU_OTHER, 33, 33, -1, -1),   /* F2F.F16 x 5 */
	{ GEN_ST, 9, 1, -1, { 7, 25, -1 }, 0, 2, 0 },      /* dpre_t: i, f, g, o */
	{ GEN_ST, 10, 1, -1, { 7, 27, -1 }, 0, 2, 0 },
	{ GEN_ST, 11, 1, -1, { 7, 26, -1 }, 0, 2, 0 },
	{ GEN_ST, 12, 1, -1, { 7, 22, -1 }, 0, 2, 0 },
	I_ST(13, 6, 28),                                   /* dc_t */
	{ GEN_ST, 14, 1, -1, { 7, 33, -1 }, 0, 2, 0 },     /* dx_t (fp16) */
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
	I_FP32(29, 25, 22, -1), I_FP32(29, 29, 24, -1),    /* dx = dr + dz + dn_pre (the input side) */
	I_OP(SU_OTHER, 25, 25, -1, -1), I_OP(SU_OTHER, 22, 22, -1, -1), I_OP(SU_OTHER, 29, 29, -1, -1),
	I_OP(SU_OTHER, 28, 28, -1, -1),                    /* F2F.F16 x 4 */
	{ GEN_ST, 15, 1, -1, { 7, 29, -1 }, 0, 2, 0 },     /* dx_t (fp16) */
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

/* cudnnRNNBackwardData then cudnnRNNBackwardWeights of one layer after its forward pass
 * (run_rnn): per step t = T-1 .. 0 the elementwise backward (dpre_t, and dx_t: with
 * CUDNN_SKIP_INPUT the input gradient is the sum of the gates' input-side dpre) and the
 * recurrent data GEMM dh_rec = R^T dpre_t (M = H, N = B, K = G.H: R^T is R read M-major);
 * then dR = dPre [h_0 .. h_{T-1}]^T (M = G.H, N = H, K = B.T: dPre read M-major, h N-major).
 * No input weight, so no dX = W^T dPre or dW = dPre X^T GEMM.  The tiled HGEMM template
 * serves both GEMMs with the transposed operands' loads (a_mmajor, b_nmajor). */
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
	uint64_t R = fw.R, Hs = fw.Hs;
	uint64_t DY = gen_alloc(g, (uint64_t)(T * B * H * HF));
	uint64_t DHREC = gen_alloc(g, (uint64_t)(B * H * F));
	uint64_t DPRE = gen_alloc(g, (uint64_t)(T * B * GH * HF));   /* GRU: the recurrent side's */
	uint64_t DX = gen_alloc(g, (uint64_t)(T * B * H * HF));
	uint64_t DR = gen_alloc(g, (uint64_t)(GH * H * F));
	if (gen_content_urand(g, DY, (uint64_t)(T * B * H / 2), -1, 1) < 0 ||
	    gen_content_const(g, DHREC, (uint64_t)(B * H), 0) < 0)
		return -1;
	uint64_t RS = 0, DC = 0;
	if (cell != CELL_VANILLA) {     /* the reserve space rnn_bench zero-fills (and never trains into) */
		long nrs = cell == CELL_LSTM ? 5 : 4;
		RS = gen_alloc(g, (uint64_t)(T * B * nrs * H * HF));
		DC = gen_alloc(g, (uint64_t)(B * H * F));   /* LSTM dc, GRU dh z */
		if (gen_content_const(g, RS, (uint64_t)(T * B * nrs * H / 2), 0) < 0 ||
		    gen_content_const(g, DC, (uint64_t)(B * H), 0) < 0)
			return -1;
	}
	for (long t = T - 1; t >= 0; t--) {
		ewb_t e = { .cell = cell, .H = H, .B = B, .t = t, .dy = DY, .dhrec = DHREC, .h = Hs, .dpre = DPRE,
		            .rs = RS, .cx = fw.Cs, .dc = DC, .dhd = DC, .dx = DX };
		if (ewb_launch(g, &e) < 0)
			return -1;
		db_hgemm_t d = { .A = R, .B = DPRE + (uint64_t)(t * B * GH * HF), .C = DHREC, .M = H, .N = B, .K = GH, .a_mmajor = 1 };
		if (db_hgemm_launch(g, "cutlass_tensorop_h16816gemm_128xN_32x1_nn", 0x5000, &d) < 0)
			return -1;
	}
	db_hgemm_t dr = { .A = DPRE, .B = Hs, .C = DR, .M = GH, .N = H, .K = B * T, .a_mmajor = 1, .b_nmajor = 1 };
	return db_hgemm_launch(g, "cutlass_tensorop_h16816gemm_128x128_32x1_nt", 0x7000, &dr);
}

/* DeepBench rnn_problems.h training_set: the vanilla tuple (1760, 16, 50) at l. 3, the first
 * LSTM tuple (512, 16, 25) at l. 15.  --size = hidden units. */
int db_rnn_vanilla_train(gen_t *g, long h) { return run_rnn_train(g, CELL_VANILLA, h, 16, 50); }
int db_rnn_lstm_train(gen_t *g, long h) { return run_rnn_train(g, CELL_LSTM, h, 16, 25); }
/* training_set's GRU tuples are 1500 to 187 steps of 1024 to 2816 units, but for (512, 32, 1)
 * at l. 53, the one db-gru runs: the same here. */
int db_rnn_gru_train(gen_t *g, long h) { return run_rnn_train(g, CELL_GRU, h, 32, 1); }

/* DeepBench rnn_problems.h: training_set's first vanilla tuple (1760, 16, 50) and first GRU
 * tuple with few steps kept at its batch (2816, 32, 187 is the first; 512, 32, 1 is the
 * smallest), inference_server_set's first LSTM tuple (512, 1, 25).  --size = hidden units. */
int db_rnn_vanilla(gen_t *g, long h) { return run_rnn(g, CELL_VANILLA, h, 16, 50, NULL); }
int db_rnn_lstm(gen_t *g, long h) { return run_rnn(g, CELL_LSTM, h, 1, 25, NULL); }
int db_rnn_gru(gen_t *g, long h) { return run_rnn(g, CELL_GRU, h, 32, 1, NULL); }
