/*
 * dnn.c -- deep-learning kernels: a CNN convolution layer as Tango's AlexNet runs it
 * (T-AlexNet of the DC-L1 paper, Karki et al., Tango, IISWC 2019).  DeepBench's GEMM and RNN
 * kernels (the Malekeh paper's) are in deepbench.c (gemm_bench, conv_bench) and deepbench_rnn.c (rnn_bench).
 */
#include "profiling/generators/gen.h"

#include <stdio.h>
#include <stdlib.h>

#define F 4

typedef struct dk {
	uint64_t a[4];
	long n[4];
} dk_t;

/* ------------------------------------------------------------------ t-alexnet-conv2
 * Tango's AlexNet (an_kernel.cu), layer 2: execute3DconvolutionCuda<<<128, (27, 27)>>> computes
 * output maps 0..127 from input features 0..47 (group 1 of 2; execute3DconvolutiongroupCuda
 * does the other half the same way), fr = fc = 27, kernel 5, pad 2, stride 1:
 *   output = blockIdx.x; row = threadIdx.x; col = threadIdx.y;   (row is the fast index)
 *   colstride = row > pad ? (row - pad)*fr : 0;  stride = col >= pad ? col*stride_width : 0;
 *   x_pad, y_pad, loopr, loopc clip the 5x5 window at the borders;
 *   for feature < in_output: for i < loopr: for j < loopc:
 *     product += in[feature*fr*fc + i*fc + j + stride + colstride]
 *              * w[output*25*in_output + feature*25 + i*5 + j + 5*x_pad + y_pad];
 *   out[output*fr*fc + row*fc + col] = relu(product + bias[output])
 * The lanes of a warp are consecutive rows, 27 floats apart: every input load touches ~28
 * lines (uncoalesced), and all 128 CTAs read the same input maps -- the replication DC-L1
 * measures (95%).  --size = input features per group (in_output; AlexNet 48, shipped 2 to keep
 * the profile in seconds: every feature repeats the same pattern on the next 27x27 map).
 * a[0] in, a[1] w, a[2] out, a[3] bias; n[0] in_output */
#define AX_FR 27
#define AX_K 5
#define AX_PAD 2
static const gen_inst_t ax_pre[] = { I_ALUN(30) };
static const gen_inst_t ax_loop[] = {
	I_ALU(6, 12, 14, -1), I_ALU(-1, 6, 15, -1),     /* i < loopr && j < loopc (flattened loop) */
	I_LD(0, 4, 2), I_LD(1, 5, 3), I_ALU(7, 4, 5, 7),
	I_ALU(2, 2, -1, -1), I_ALU(3, 3, -1, -1), I_ALU(12, 12, -1, -1), I_ALU(-1, 12, 13, -1), I_ALU(-1, -1, -1, -1),
};
static const gen_inst_t ax_post[] = { I_LD(3, 8, 9), I_ALU(7, 7, 8, -1), I_ALUN(3), I_ST(2, 10, 7) };

static uint32_t ax_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const dk_t *p = L->p;
	long nin = p->n[0], out = w->cx;
	long it = w->iter, f = it / 25, i = (it / 5) % 5, j = it % 5;
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		if (!(w->valid >> l & 1))
			continue;
		long row = w->tx[l], col = w->ty[l];
		long colstride = row > AX_PAD ? (row - AX_PAD) * AX_FR : 0;
		long stride = col >= AX_PAD ? col : 0;
		long x_pad = 0, y_pad = 0, loopr = AX_K, loopc = AX_K;
		if (row < AX_PAD) { x_pad = AX_PAD - row; loopr = AX_K - x_pad; }
		if (col < AX_PAD) { y_pad = AX_PAD - col; loopc = AX_K - y_pad; }
		if (col >= AX_FR - AX_PAD) loopc = AX_FR + AX_PAD - col;
		if (row >= AX_FR - AX_PAD) loopr = AX_FR + AX_PAD - row;
		if (sec == 1 && (i >= loopr || j >= loopc))
			continue;
		if (sec == 2)
			a[l] = op == 3 ? p->a[3] + (uint64_t)out * F : p->a[2] + (uint64_t)(out * 729 + row * 27 + col) * F;
		else if (op == 0)
			a[l] = p->a[0] + (uint64_t)(f * 729 + i * AX_FR + j + stride + colstride) * F;
		else
			a[l] = p->a[1] + (uint64_t)(out * 25 * nin + f * 25 + i * 5 + j + 5 * x_pad + y_pad) * F;
		m |= gen_lane_bit(l);
	}
	return m;
}

static int run_alexnet(gen_t *g, long nin)
{
	dk_t p = { .n = { nin } };
	p.a[0] = gen_alloc(g, 96 * 729 * F); p.a[1] = gen_alloc(g, 256 * 25 * nin * F);
	p.a[2] = gen_alloc(g, 256 * 729 * F); p.a[3] = gen_alloc(g, 256 * F);
	/* array contents (BDI): input maps, weights, biases and outputs as floats (Tango's
	 * random-initialised network: uniform stand-ins) */
	if (gen_content_urand(g, p.a[0], 96 * 729, 0, 1) < 0 ||
	    gen_content_urand(g, p.a[1], (uint64_t)(256 * 25 * nin), -0.1f, 0.1f) < 0 ||
	    gen_content_urand(g, p.a[2], 256 * 729, 0, 4) < 0 || gen_content_urand(g, p.a[3], 256, 0, 1) < 0)
		return -1;
	gen_launch_t L = {
		.kname = "execute3DconvolutionCuda", .grid = { 128, 1, 1 }, .block = { 27, 27, 1 },
		.sec = { ax_pre, ax_loop, ax_post }, .nsec = { 1, 10, 4 }, .trips = nin * 25,
		.addr = ax_addr, .has_regs = 1, .pc_base = 0x1000, .p = &p,
	};
	return gen_launch(g, &L);
}

/* ------------------------------------------------------------------ t-alexnet (layer 1)
 * Tango's AlexNet layer 1, executeFirstLayer<<<96, (32, 32)>>>(..., r_offset = 0, c_offset = 0)
 * (the first of the four launches that tile the 55x55 output; 227x227x3 interleaved RGB input,
 * 11x11 filters, stride 4):
 *   output = blockIdx.x; row = threadIdx.x + r_offset; col = threadIdx.y + c_offset;
 *   colstride = 3*row*4*227; stride = col*4*3;
 *   for i < 11: for j < 11: product += in[i*227*3 + j*3 + c + stride + colstride]
 *                                    * w[i*11 + 121*c + j + output*363]   for c = 0, 1, 2
 *   out[output*55*55 + row*55 + col] = relu(product + bias[output])
 * Lanes are consecutive output rows, 4 input rows (10.9 KB) apart, so each warp sweeps 32
 * separate 11-row windows: the L1 thrashes, and every CTA (output map) reads the same input at
 * the same time -- DC-L1's T-AlexNet: high miss rate, 95% replication.  --size = output maps
 * (CTAs; AlexNet's 96, shipped).
 * a[0] in, a[1] w, a[2] out, a[3] bias */
static const gen_inst_t ax1_pre[] = { I_ALUN(16) };
static const gen_inst_t ax1_loop[] = {
	I_LD(0, 4, 2), I_LD(1, 5, 3), I_ALU(7, 4, 5, 7),
	I_LD(2, 4, 2), I_LD(3, 5, 3), I_ALU(7, 4, 5, 7),
	I_LD(4, 4, 2), I_LD(5, 5, 3), I_ALU(7, 4, 5, 7),
	I_ALU(2, 2, 8, -1), I_ALU(3, 3, -1, -1), I_ALU(12, 12, -1, -1), I_ALU(-1, 12, 13, -1), I_ALU(-1, -1, -1, -1),
};
static const gen_inst_t ax1_post[] = { I_LD(6, 8, 9), I_ALU(7, 7, 8, -1), I_ALUN(3), I_ST(7, 10, 7) };

static uint32_t ax1_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const dk_t *p = L->p;
	long out = w->cx, i = w->iter / 11, j = w->iter % 11;
	for (int l = 0; l < GEN_WARP; l++) {
		long row = w->tx[l], col = w->ty[l];
		long colstride = 3 * row * 4 * 227, stride = col * 4 * 3;
		if (op == 6)
			a[l] = p->a[3] + (uint64_t)out * F;
		else if (op == 7)
			a[l] = p->a[2] + (uint64_t)(out * 55 * 55 + row * 55 + col) * F;
		else if (op % 2 == 0)
			a[l] = p->a[0] + (uint64_t)(i * 227 * 3 + j * 3 + op / 2 + stride + colstride) * F;
		else
			a[l] = p->a[1] + (uint64_t)(i * 11 + 121 * (op / 2) + j + out * 363) * F;
	}
	return w->valid;
}

static int run_alexnet1(gen_t *g, long outs)
{
	dk_t p = { .n = { outs } };
	p.a[0] = gen_alloc(g, 227 * 227 * 3 * F); p.a[1] = gen_alloc(g, 96 * 363 * F);
	p.a[2] = gen_alloc(g, 96 * 55 * 55 * F); p.a[3] = gen_alloc(g, 96 * F);
	if (gen_content_urand(g, p.a[0], 227 * 227 * 3, 0, 1) < 0 ||
	    gen_content_urand(g, p.a[1], 96 * 363, -0.1f, 0.1f) < 0 ||
	    gen_content_urand(g, p.a[2], 96 * 55 * 55, 0, 4) < 0 || gen_content_urand(g, p.a[3], 96, 0, 1) < 0)
		return -1;
	gen_launch_t L = {
		.kname = "executeFirstLayer", .grid = { (int)outs, 1, 1 }, .block = { 32, 32, 1 },
		.sec = { ax1_pre, ax1_loop, ax1_post }, .nsec = { 1, 14, 4 }, .trips = 121,
		.addr = ax1_addr, .has_regs = 1, .pc_base = 0x1000, .p = &p,
	};
	return gen_launch(g, &L);
}

const gen_kernel_t gen_dnn[] = {
	{ "t-alexnet", "Tango", "AlexNet layer 1 (227x227x3, 11x11 stride 4), first 32x32 output tile", 96, 1, 96, "output maps (CTAs)", "dcl1-80", run_alexnet1 },
	{ "t-alexnet-conv2", "Tango", "AlexNet layer 2 (27x27, 5x5, pad 2), 128 output maps of group 1", 48, 1, 48, "input features per group", "dcl1-80", run_alexnet },
	{ NULL, NULL, NULL, 0, 0, 0, NULL, NULL, NULL },
};
