/*
 * cudasdk.c -- CUDA SDK samples that the DC-L1 paper evaluates (prefix "c-").
 *
 * c-blk, BlackScholes (BlackScholes_kernel.cuh): BlackScholesGPU<<<480, 128>>> walks the
 * options with a grid-stride loop, for (opt = tid; opt < optN; opt += THREAD_N): reads
 * d_StockPrice[opt], d_OptionStrike[opt], d_OptionYears[opt], evaluates the two cumulative
 * normal distributions (~70 instructions: sqrt, log, exp, the CND polynomial, divisions) and
 * writes d_CallResult[opt], d_PutResult[opt].  Every element is touched by one thread once:
 * DC-L1 §II-A's example of an application with no replication.  One launch (the sample
 * repeats it NUM_ITERATIONS times on the same data).  a[]: 0 call, 1 put, 2 S, 3 X, 4 T
 */
#include "profiling/generators/gen.h"

#define F 4
#define BS_CTAS 480
#define BS_THREADS 128

typedef struct bsk { uint64_t a[5]; long n; } bsk_t;

static const gen_inst_t bs_pre[] = { I_ALUN(8) };
static const gen_inst_t bs_loop[] = {
	I_LD(2, 4, 2), I_LD(3, 5, 2), I_LD(4, 6, 2), I_ALUN(70), I_ST(0, 2, 7), I_ST(1, 2, 8), I_ALUN(4),
};

static long bs_trips(const gen_launch_t *L, gen_warp_t *w)
{
	const bsk_t *p = L->p;
	long stride = (long)BS_CTAS * BS_THREADS, first = w->gx[0];
	return first < p->n ? (p->n - first + stride - 1) / stride : 0;
}

static uint32_t bs_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const bsk_t *p = L->p;
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		long opt = w->gx[l] + w->iter * (long)BS_CTAS * BS_THREADS;
		if (!(w->valid >> l & 1) || opt >= p->n)
			continue;
		a[l] = p->a[op] + (uint64_t)opt * F;
		m |= gen_lane_bit(l);
	}
	return m;
}

static int run_blackscholes(gen_t *g, long n)
{
	bsk_t p = { .n = n };
	for (int i = 0; i < 5; i++)
		p.a[i] = gen_alloc(g, n * F);
	/* array contents (BDI), BlackScholes.cpp: CallResult, PutResult (computed floats),
	 * StockPrice = RandFloat(5, 30), OptionStrike = RandFloat(1, 100), OptionYears =
	 * RandFloat(0.25, 10) */
	static const float lo[5] = { 0, 0, 5, 1, 0.25f }, hi[5] = { 30, 30, 30, 100, 10 };
	for (int i = 0; i < 5; i++)
		if (gen_content_urand(g, p.a[i], (uint64_t)n, lo[i], hi[i]) < 0)
			return -1;
	gen_launch_t L = {
		.kname = "BlackScholesGPU", .grid = { BS_CTAS, 1, 1 }, .block = { BS_THREADS, 1, 1 },
		.sec = { bs_pre, bs_loop, NULL }, .nsec = { 1, 7, 0 }, .trip_fn = bs_trips,
		.addr = bs_addr, .pc_base = 0x1000, .p = &p,
	};
	return gen_launch(g, &L);
}

const gen_kernel_t gen_cudasdk[] = {
	{ "c-blk", "CUDA-SDK", "BlackScholes option pricing, grid-stride over the options", 4000000, 1024, 1 << 24, "options", "dcl1-80", run_blackscholes },
	{ NULL, NULL, NULL, 0, 0, 0, NULL, NULL, NULL },
};
