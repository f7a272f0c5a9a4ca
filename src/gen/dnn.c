/*
 * dnn.c -- deep-learning kernels: a CNN convolution layer as Tango's AlexNet runs it
 * (T-AlexNet of the DC-L1 paper, Karki et al., Tango, IISWC 2019) and a GEMM as DeepBench runs
 * it through cuBLAS on tensor cores (the Malekeh paper's Deepbench workloads).
 */
#include "gen.h"

#include <stdio.h>
#include <stdlib.h>

#define F 4

typedef struct dk {
	uint64_t a[4];
	long n[4];
} dk_t;

/* ------------------------------------------------------------------ t-alexnet
 * Tango's AlexNet layer 2 (27x27x96 -> 27x27x256, 5x5 filters, two groups of 48 input
 * channels, input zero-padded to 31x31): one CTA per output feature map, block (27, 27), one
 * thread per output pixel:
 *   for (c = 0; c < 48; c++) for (i = 0; i < 5; i++) for (j = 0; j < 5; j++)
 *     sum += in[(grp*48 + c)*31*31 + (row+i)*31 + col + j] * w[out*1200 + c*25 + i*5 + j];
 *   out_neurons[out*729 + row*27 + col] = relu(sum)
 * Every CTA of a group reads the same 48 input maps (the source of the replication across
 * SMs); the weights are read by the whole CTA at once (broadcast).  --size = output maps
 * (AlexNet: 256; default 64 to keep the profile in seconds).
 * a[0] in, a[1] w, a[2] out; n[0] outputs */
static const gen_inst_t ax_pre[] = { I_ALUN(12) };
static const gen_inst_t ax_loop[] = {
	I_LD(0, 4, 2), I_LD(1, 5, 3), I_ALU(7, 4, 5, 7),
	I_ALU(2, 2, 8, -1), I_ALU(3, 3, -1, -1), I_ALU(12, 12, -1, -1), I_ALU(-1, 12, 13, -1), I_ALU(-1, -1, -1, -1),
};
static const gen_inst_t ax_post[] = { I_ALU(7, 7, -1, -1), I_ALUN(3), I_ST(2, 9, 7) };

static uint32_t ax_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const dk_t *p = L->p;
	long out = w->cx, grp = out * 2 / (p->n[0] < 2 ? 2 : p->n[0]);
	long it = w->iter, c = it / 25, i = (it / 5) % 5, j = it % 5;
	for (int l = 0; l < GEN_WARP; l++) {
		long row = w->ty[l], col = w->tx[l];
		if (op == 0)
			a[l] = p->a[0] + (uint64_t)((grp * 48 + c) * 961 + (row + i) * 31 + col + j) * F;
		else if (op == 1)
			a[l] = p->a[1] + (uint64_t)(out * 1200 + c * 25 + i * 5 + j) * F;
		else
			a[l] = p->a[2] + (uint64_t)(out * 729 + row * 27 + col) * F;
	}
	return w->valid;
}

static int run_alexnet(gen_t *g, long outs)
{
	dk_t p = { .n = { outs } };
	p.a[0] = gen_alloc(g, 96 * 961 * F); p.a[1] = gen_alloc(g, outs * 1200 * F);
	p.a[2] = gen_alloc(g, outs * 729 * F);
	gen_launch_t L = {
		.kname = "executeSecondLayer", .grid = { (int)outs, 1, 1 }, .block = { 27, 27, 1 },
		.sec = { ax_pre, ax_loop, ax_post }, .nsec = { 1, 8, 3 }, .trips = 48 * 25,
		.addr = ax_addr, .has_regs = 1, .pc_base = 0x1000, .p = &p,
	};
	return gen_launch(g, &L);
}

/* ------------------------------------------------------------------ db-gemm
 * C (fp32) = A (fp16, M x K, K-major) . B (fp16, stored N x K, K-major), the "TN" layout of
 * DeepBench's cuBLAS GEMMs, as a CUTLASS/cuBLAS-style tensor-core kernel: CTA tile 128x128,
 * K step 32, 256 threads (8 warps as 2 x 4, warp tile 64 x 32).  Per K step each thread
 * issues 2 LDG.128 for A and 2 for B (2 threads per 64-byte tile row), 4 STS, a barrier; each
 * warp then 12 LDSM and 32 HMMA.16816 (4 x 4 x 2) into 32 accumulator registers; after the
 * loop each warp stores its 64 x 32 fp32 tile (16 STG.128).  --size = M = N = K.
 * a[0] A, a[1] B, a[2] C; n[0] size */
static gen_inst_t db_loop[4 + 4 + 1 + 12 + 32 + 1 + 5];
static gen_inst_t db_post[16];
static const gen_inst_t db_pre[] = { I_ALUN(24) };

static void db_build(void)
{
	int k = 0;
	for (int q = 0; q < 4; q++)
		db_loop[k++] = (gen_inst_t)I_LD(q, 60 + q, 2 + q / 2);
	for (int q = 0; q < 4; q++)
		db_loop[k++] = (gen_inst_t)I_ALU(-1, 64, 60 + q, -1);        /* STS */
	db_loop[k++] = (gen_inst_t)I_ALU(-1, -1, -1, -1);                /* BAR */
	for (int q = 0; q < 12; q++)
		db_loop[k++] = (gen_inst_t)I_ALU(40 + q, 65, -1, -1);        /* LDSM fragments */
	for (int h = 0; h < 32; h++) {                                    /* HMMA acc = a.b + acc */
		int mi = (h / 8) % 4, ni = (h / 2) % 4, ki = h % 2;
		db_loop[k++] = (gen_inst_t)I_HMMA(8 + mi * 4 + ni, 40 + mi * 2 + ki, 48 + ni, 8 + mi * 4 + ni);
	}
	db_loop[k++] = (gen_inst_t)I_ALU(-1, -1, -1, -1);                /* BAR */
	db_loop[k++] = (gen_inst_t)I_ALU(2, 2, 6, -1);
	db_loop[k++] = (gen_inst_t)I_ALU(3, 3, 6, -1);
	db_loop[k++] = (gen_inst_t)I_ALU(7, 7, -1, -1);
	db_loop[k++] = (gen_inst_t)I_ALU(-1, 7, 9, -1);
	db_loop[k++] = (gen_inst_t)I_ALU(-1, -1, -1, -1);
	for (int q = 0; q < 16; q++)
		db_post[q] = (gen_inst_t)I_ST(4 + q, 30, 8 + q);
}

static uint32_t db_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const dk_t *p = L->p;
	long K = p->n[0], N = p->n[0];
	long m0 = (long)w->cy * 128, n0 = (long)w->cx * 128, k0 = w->iter * 32;
	for (int l = 0; l < GEN_WARP; l++) {
		long t = (long)w->w * 32 + l;
		if (op < 4) {
			long r = t / 2, half = (t % 2) * 16 + (op % 2) * 8;   /* halves */
			a[l] = p->a[op / 2] + (uint64_t)(((op < 2 ? m0 : n0) + r) * K + k0 + half) * 2;
		} else {
			/* warp (wy, wx) owns rows wy*64.., cols wx*32..; store q covers 4 rows x 32 cols */
			long wy = w->w / 4, wx = w->w % 4, q = op - 4;
			long row = m0 + wy * 64 + q * 4 + l / 8, col = n0 + wx * 32 + (l % 8) * 4;
			a[l] = p->a[2] + (uint64_t)(row * N + col) * F;
		}
	}
	return w->valid;
}

static int run_dbgemm(gen_t *g, long n)
{
	if (n % 128) {
		snprintf(g->err, sizeof g->err, "--size must be a multiple of 128, got %ld", n);
		return -1;
	}
	db_build();
	dk_t p = { .n = { n } };
	p.a[0] = gen_alloc(g, n * n * 2); p.a[1] = gen_alloc(g, n * n * 2); p.a[2] = gen_alloc(g, n * n * F);
	gen_launch_t L = {
		.kname = "cutlass_tensorop_h16816gemm_128x128_32x1_tn", .grid = { (int)(n / 128), (int)(n / 128), 1 },
		.block = { 256, 1, 1 }, .max_cta_sm = 1,   /* 32 KiB shared x 2 stages, 255 regs/thread */
		.sec = { db_pre, db_loop, db_post },
		.nsec = { 1, (int)(sizeof db_loop / sizeof db_loop[0]), 16 }, .trips = n / 32,
		.addr = db_addr, .has_regs = 1, .pc_base = 0x1000, .p = &p,
	};
	return gen_launch(g, &L);
}

const gen_kernel_t gen_dnn[] = {
	{ "t-alexnet", "Tango", "AlexNet conv2 (27x27x96 -> 5x5 filters), one CTA per output map", 64, 2, 256, "output feature maps", "dcl1-80", run_alexnet },
	{ "db-gemm", "DeepBench", "fp16 tensor-core GEMM, 128x128x32 CTA tiles (cuBLAS-style)", 1024, 128, 8192, "M=N=K (multiple of 128)", "malekeh-2060", run_dbgemm },
	{ NULL, NULL, NULL, 0, 0, 0, NULL, NULL, NULL },
};
