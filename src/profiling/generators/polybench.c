/*
 * polybench.c -- PolyBench/GPU (Grauer-Gray et al., InPar 2012), CUDA versions.
 *
 * Every kernel follows the benchmark's .cu file: DIM_THREAD_BLOCK_X x DIM_THREAD_BLOCK_Y =
 * 32 x 8 for the 2-D kernels (j = blockIdx.x*32 + threadIdx.x, i = blockIdx.y*8 +
 * threadIdx.y), 256 x 1 for the 1-D ones (i = blockIdx.x*256 + threadIdx.x); float data;
 * the loop order, bounds checks and global reads/writes of the source, including the
 * read-modify-write of the output element inside the k loop (the arrays are plain pointers,
 * so nvcc keeps the load and store in the loop).  Non-memory instructions per section are an
 * estimate of the SASS (address arithmetic, FMA, loop control), written out as register
 * templates for the loops.
 */
#include "profiling/generators/gen.h"

#include <string.h>

#define F 4 /* sizeof(float) */
#define TRY(x) do { if ((x) < 0) return -1; } while (0)

/* Array contents for BDI compressibility (gen_content_pb): the init_array formulas of the
 * benchmark's .cu file; arrays the kernels compute get the closed form of their final value
 * where it stays in the same family (the matrix products of rank-1 i*j inputs are rank-1:
 * C[i][j] = sum_k (i k / N)(k (j+1) / N) = i (j+1) S2 / N^2 with S2 = sum_k k^2). */
static double sum_kk(long n, long c)    /* sum_{k<n} k (k + c) */
{
	double s = 0;
	for (long k = 0; k < n; k++)
		s += (double)k * (double)(k + c);
	return s;
}

/* Parameters shared by the PolyBench launches. */
typedef struct pbk {
	long ni, nj, nk;          /* problem dimensions of this launch */
	long ld_out, ld_l, ld_r;  /* leading dimensions */
	uint64_t a[8];            /* array bases, meaning per kernel */
	long t;                   /* time step / plane index */
	double coef;              /* unused by addresses; kept for documentation */
} pbk_t;

static uint32_t all_if(const gen_warp_t *w, int (*ok)(const pbk_t *, const gen_warp_t *, int),
                       const pbk_t *p)
{
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++)
		if ((w->valid >> l & 1) && ok(p, w, l))
			m |= gen_lane_bit(l);
	return m;
}

/* ------------------------------------------------------------------ matrix multiply family
 * gemm_kernel:   c[i*NJ+j] *= BETA; for k: c[i*NJ+j] += ALPHA*a[i*NK+k]*b[k*NJ+j]
 * mm2_kernel1/2, mm3_kernel1/2/3: out[i*NJ+j] = 0; for k: out[i*NJ+j] += l[i*NK+k]*r[k*NJ+j]
 * a[0] = out, a[1] = left, a[2] = right. */
static const gen_inst_t mm_pre_beta[] = {
	I_ALUN(12),                 /* i, j, bounds, address of c */
	I_LD(0, 7, 8), I_ALU(7, 7, 20, -1), I_ST(1, 8, 7),
};
static const gen_inst_t mm_pre_zero[] = {
	I_ALUN(12), I_ST(1, 8, 0),
};
static const gen_inst_t mm_loop[] = {
	I_LD(2, 4, 2),              /* a[i*NK+k] (the same for the whole warp) */
	I_LD(3, 5, 6),              /* b[k*NJ+j] (coalesced) */
	I_LD(4, 7, 8),              /* out[i*NJ+j] */
	I_FP32(9, 4, 21, -1),       /* FMUL alpha * a */
	I_FP32(7, 9, 5, 7),         /* FFMA */
	I_ST(5, 8, 7),
	I_INT(2, 2, -1, -1),        /* a pointer += 4 */
	I_INT(6, 6, 11, -1),        /* b pointer += NJ*4 */
	I_INT(12, 12, -1, -1),      /* k++ */
	I_INT(-1, 12, 13, -1),      /* ISETP k < NK */
	I_BRA(),                    /* BRA */
};

static int mm_ok(const pbk_t *p, const gen_warp_t *w, int l)
{
	return w->gy[l] < p->ni && w->gx[l] < p->nj;
}

static uint32_t mm_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const pbk_t *p = L->p;
	uint32_t m = all_if(w, mm_ok, p);
	long k = w->iter;
	for (int l = 0; l < GEN_WARP; l++) {
		long i = w->gy[l], j = w->gx[l];
		switch (op) {
		case 0: case 1: case 4: case 5: a[l] = p->a[0] + (uint64_t)(i * p->ld_out + j) * F; break;
		case 2: a[l] = p->a[1] + (uint64_t)(i * p->ld_l + k) * F; break;
		case 3: a[l] = p->a[2] + (uint64_t)(k * p->ld_r + j) * F; break;
		}
	}
	return m;
}

static int mm_launch(gen_t *g, const char *name, uint32_t pc, int beta, uint64_t out,
                     uint64_t left, uint64_t right, long ni, long nj, long nk)
{
	pbk_t p = { .ni = ni, .nj = nj, .nk = nk, .ld_out = nj, .ld_l = nk, .ld_r = nj };
	p.a[0] = out; p.a[1] = left; p.a[2] = right;
	gen_launch_t L = {
		.kname = name, .grid = { (int)((nj + 31) / 32), (int)((ni + 7) / 8), 1 },
		.block = { 32, 8, 1 },
		.sec = { beta ? mm_pre_beta : mm_pre_zero, mm_loop, NULL },
		.nsec = { beta ? 4 : 2, (int)(sizeof mm_loop / sizeof mm_loop[0]), 0 },
		.trips = nk, .addr = mm_addr, .has_regs = 1, .pc_base = pc, .p = &p,
	};
	return gen_launch(g, &L);
}

static int run_gemm(gen_t *g, long n)
{
	uint64_t A = gen_alloc(g, n * n * F), B = gen_alloc(g, n * n * F), C = gen_alloc(g, n * n * F);
	double N = (double)n, S2 = sum_kk(n, 0);
	/* gemm.cu init_array: A = B = C = i*j/NI; C ends as i*j*(BETA/N + ALPHA*S2/N^2),
	 * ALPHA = 32412, BETA = 2123 */
	TRY(gen_content_pb(g, A, n, n, 0, 0, 0, N));
	TRY(gen_content_pb(g, B, n, n, 0, 0, 0, N));
	TRY(gen_content_pb(g, C, n, n, 0, 0, 0, 1.0 / (2123.0 / N + 32412.0 * S2 / (N * N))));
	return mm_launch(g, "gemm_kernel", 0x1000, 1, C, A, B, n, n, n);
}

static int run_2mm(gen_t *g, long n)
{
	uint64_t A = gen_alloc(g, n * n * F), B = gen_alloc(g, n * n * F), C = gen_alloc(g, n * n * F);
	uint64_t D = gen_alloc(g, n * n * F), E = gen_alloc(g, n * n * F);
	double N = (double)n, S2 = sum_kk(n, 0), S11 = sum_kk(n, 1);
	/* 2mm.cu init_array: A = i*j/NI, B = i*(j+1)/NJ, D = i*(j+2)/NK; C = A.B = i (j+1) S2/N^2,
	 * E = C.D = i (j+2) S2 S11 / N^3 */
	TRY(gen_content_pb(g, A, n, n, 0, 0, 0, N));
	TRY(gen_content_pb(g, B, n, n, 0, 1, 0, N));
	TRY(gen_content_pb(g, C, n, n, 0, 1, 0, N * N / S2));
	TRY(gen_content_pb(g, D, n, n, 0, 2, 0, N));
	TRY(gen_content_pb(g, E, n, n, 0, 2, 0, N * N * N / (S2 * S11)));
	if (mm_launch(g, "mm2_kernel1", 0x1000, 0, C, A, B, n, n, n) < 0)
		return -1;
	return mm_launch(g, "mm2_kernel2", 0x2000, 0, E, C, D, n, n, n);
}

static int run_3mm(gen_t *g, long n)
{
	uint64_t A = gen_alloc(g, n * n * F), B = gen_alloc(g, n * n * F), C = gen_alloc(g, n * n * F);
	uint64_t D = gen_alloc(g, n * n * F), E = gen_alloc(g, n * n * F), Fm = gen_alloc(g, n * n * F);
	uint64_t G = gen_alloc(g, n * n * F);
	double N = (double)n, S2 = sum_kk(n, 0), S3 = sum_kk(n, 3), S11 = sum_kk(n, 1);
	/* 3mm.cu init_array: A = i*j/NI, B = i*(j+1)/NJ, C = i*(j+3)/NL, D = i*(j+2)/NK;
	 * E = A.B = i (j+1) S2/N^2, F = C.D = i (j+2) S3/N^2, G = E.F = i (j+2) S2 S3 S11/N^4 */
	TRY(gen_content_pb(g, A, n, n, 0, 0, 0, N));
	TRY(gen_content_pb(g, B, n, n, 0, 1, 0, N));
	TRY(gen_content_pb(g, C, n, n, 0, 3, 0, N));
	TRY(gen_content_pb(g, D, n, n, 0, 2, 0, N));
	TRY(gen_content_pb(g, E, n, n, 0, 1, 0, N * N / S2));
	TRY(gen_content_pb(g, Fm, n, n, 0, 2, 0, N * N / S3));
	TRY(gen_content_pb(g, G, n, n, 0, 2, 0, N * N * N * N / (S2 * S3 * S11)));
	if (mm_launch(g, "mm3_kernel1", 0x1000, 0, E, A, B, n, n, n) < 0 ||
	    mm_launch(g, "mm3_kernel2", 0x2000, 0, Fm, C, D, n, n, n) < 0)
		return -1;
	return mm_launch(g, "mm3_kernel3", 0x3000, 0, G, E, Fm, n, n, n);
}

/* ------------------------------------------------------------------ SYR2K
 * syr2k_kernel: c[i*N+j] *= BETA;
 *   for k < M: c[i*N+j] += ALPHA*a[i*M+k]*b[j*M+k] + ALPHA*b[i*M+k]*a[j*M+k]
 * a[0] = a, a[1] = b, a[2] = c. */
static const gen_inst_t syr2k_loop[] = {
	I_LD(2, 4, 2), I_LD(3, 5, 3), I_LD(4, 6, 14), I_LD(5, 9, 15),
	I_FP32(10, 4, 21, -1), I_FP32(11, 6, 21, -1),   /* FMUL alpha * a, alpha * b */
	I_LD(6, 7, 8),
	I_FP32(7, 10, 5, 7), I_FP32(7, 11, 9, 7),       /* FFMA x 2 */
	I_ST(7, 8, 7),
	I_INT(2, 2, -1, -1), I_INT(3, 3, -1, -1), I_INT(14, 14, -1, -1), I_INT(15, 15, -1, -1),
	I_INT(12, 12, -1, -1), I_INT(-1, 12, 13, -1), I_BRA(),   /* pointers, k++, ISETP, BRA */
};

static uint32_t syr2k_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const pbk_t *p = L->p;
	uint32_t m = all_if(w, mm_ok, p);
	long k = w->iter, M = p->nk, N = p->nj;
	for (int l = 0; l < GEN_WARP; l++) {
		long i = w->gy[l], j = w->gx[l];
		switch (op) {
		case 0: case 1: case 6: case 7: a[l] = p->a[2] + (uint64_t)(i * N + j) * F; break;
		case 2: a[l] = p->a[0] + (uint64_t)(i * M + k) * F; break;
		case 3: a[l] = p->a[1] + (uint64_t)(j * M + k) * F; break;
		case 4: a[l] = p->a[1] + (uint64_t)(i * M + k) * F; break;
		case 5: a[l] = p->a[0] + (uint64_t)(j * M + k) * F; break;
		}
	}
	return m;
}

static int run_syr2k(gen_t *g, long n)
{
	pbk_t p = { .ni = n, .nj = n, .nk = n };
	p.a[0] = gen_alloc(g, n * n * F); p.a[1] = gen_alloc(g, n * n * F); p.a[2] = gen_alloc(g, n * n * F);
	/* syr2k.cu init_arrays: A = i*j/N, B = (i*j + 1)/N, C = (i*j + 2)/N (C as initialised) */
	TRY(gen_content_pb(g, p.a[0], n, n, 0, 0, 0, (double)n));
	TRY(gen_content_pb(g, p.a[1], n, n, 0, 0, 1, (double)n));
	TRY(gen_content_pb(g, p.a[2], n, n, 0, 0, 2, (double)n));
	gen_launch_t L = {
		.kname = "syr2k_kernel", .grid = { (int)((n + 31) / 32), (int)((n + 7) / 8), 1 },
		.block = { 32, 8, 1 }, .sec = { mm_pre_beta, syr2k_loop, NULL },
		.nsec = { 4, (int)(sizeof syr2k_loop / sizeof syr2k_loop[0]), 0 },
		.trips = n, .addr = syr2k_addr, .has_regs = 1, .pc_base = 0x1000, .p = &p,
	};
	return gen_launch(g, &L);
}

/* ------------------------------------------------------------------ matrix-vector family
 * One thread per row or column (256 x 1 blocks), a loop over the other dimension:
 *   mode ROW: out[i] += M[i*N+j] * v[j]   (the warp reads 32 rows: uncoalesced)
 *   mode COL: out[j] += M[i*N+j] * v[i]   (coalesced)
 * a[0] = M, a[1] = v, a[2] = out.  GESUMMV adds a second matrix (a[3]) and output (a[4]). */
enum { MV_ROW = 0, MV_COL = 1 };
typedef struct mvk { pbk_t b; int mode; int zero_init; } mvk_t;

static const gen_inst_t mv_pre_zero[] = { I_ALUN(6), I_ST(0, 8, 0) };
static const gen_inst_t mv_pre[] = { I_ALUN(6) };
static const gen_inst_t mv_loop[] = {
	I_LD(1, 4, 2),              /* M element */
	I_LD(2, 5, 6),              /* vector element */
	I_LD(3, 7, 8),              /* out[] */
	I_FP32(7, 4, 5, 7),         /* FFMA */
	I_ST(4, 8, 7),
	I_INT(2, 2, 11, -1), I_INT(6, 6, -1, -1),
	I_INT(12, 12, -1, -1), I_INT(-1, 12, 13, -1), I_BRA(),   /* k++, ISETP, BRA */
};

static int mv_ok(const pbk_t *p, const gen_warp_t *w, int l)
{
	return w->gx[l] < p->ni;
}

static uint32_t mv_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const mvk_t *q = L->p;
	const pbk_t *p = &q->b;
	uint32_t m = all_if(w, mv_ok, p);
	long k = w->iter, N = p->nj;
	for (int l = 0; l < GEN_WARP; l++) {
		long t = w->gx[l];
		switch (op) {
		case 0: case 3: case 4: a[l] = p->a[2] + (uint64_t)t * F; break;
		case 1: a[l] = p->a[0] + (uint64_t)(q->mode == MV_ROW ? t * N + k : k * N + t) * F; break;
		case 2: a[l] = p->a[1] + (uint64_t)k * F; break;
		}
	}
	return m;
}

static int mv_launch(gen_t *g, const char *name, uint32_t pc, int mode, int zero, uint64_t M,
                     uint64_t v, uint64_t out, long n)
{
	mvk_t q = { .b = { .ni = n, .nj = n }, .mode = mode, .zero_init = zero };
	q.b.a[0] = M; q.b.a[1] = v; q.b.a[2] = out;
	gen_launch_t L = {
		.kname = name, .grid = { (int)((n + 255) / 256), 1, 1 }, .block = { 256, 1, 1 },
		.sec = { zero ? mv_pre_zero : mv_pre, mv_loop, NULL },
		.nsec = { zero ? 2 : 1, (int)(sizeof mv_loop / sizeof mv_loop[0]), 0 },
		.trips = n, .addr = mv_addr, .has_regs = 1, .pc_base = pc, .p = &q,
	};
	return gen_launch(g, &L);
}

/* atax_kernel1: tmp[i] += A[i*NY+j]*x[j];  atax_kernel2: y[j] += A[i*NY+j]*tmp[i] */
static int run_atax(gen_t *g, long n)
{
	uint64_t A = gen_alloc(g, n * n * F), x = gen_alloc(g, n * F), y = gen_alloc(g, n * F);
	uint64_t tmp = gen_alloc(g, n * F);
	double N = (double)n, S2 = sum_kk(n, 0), PI = 3.14159265358979;
	/* atax.cu init_array: x[i] = i*M_PI, A = i*j/NX; tmp[i] = i PI S2/N, y[j] = j PI S2^2/N^2
	 * (vectors: rows = 1, ri = 1, so the word is (c + ci)/div) */
	TRY(gen_content_pb(g, A, n, n, 0, 0, 0, N));
	TRY(gen_content_pb(g, x, 1, n, 1, 0, 0, 1.0 / PI));
	TRY(gen_content_pb(g, tmp, 1, n, 1, 0, 0, N / (PI * S2)));
	TRY(gen_content_pb(g, y, 1, n, 1, 0, 0, N * N / (PI * S2 * S2)));
	if (mv_launch(g, "atax_kernel1", 0x1000, MV_ROW, 0, A, x, tmp, n) < 0)
		return -1;
	return mv_launch(g, "atax_kernel2", 0x2000, MV_COL, 0, A, tmp, y, n);
}

/* bicg_kernel1: s[j] = 0; for i: s[j] += r[i]*A[i*NY+j];
 * bicg_kernel2: q[i] = 0; for j: q[i] += A[i*NY+j]*p[j] */
static int run_bicg(gen_t *g, long n)
{
	uint64_t A = gen_alloc(g, n * n * F), r = gen_alloc(g, n * F), s = gen_alloc(g, n * F);
	uint64_t p = gen_alloc(g, n * F), q = gen_alloc(g, n * F);
	double N = (double)n, S2 = sum_kk(n, 0), PI = 3.14159265358979;
	/* bicg.cu init_array: p[i] = r[i] = i*M_PI, A = i*j/NX; s[j] = j PI S2/N, q[i] = i PI S2/N */
	TRY(gen_content_pb(g, A, n, n, 0, 0, 0, N));
	TRY(gen_content_pb(g, r, 1, n, 1, 0, 0, 1.0 / PI));
	TRY(gen_content_pb(g, p, 1, n, 1, 0, 0, 1.0 / PI));
	TRY(gen_content_pb(g, s, 1, n, 1, 0, 0, N / (PI * S2)));
	TRY(gen_content_pb(g, q, 1, n, 1, 0, 0, N / (PI * S2)));
	if (mv_launch(g, "bicg_kernel1", 0x1000, MV_COL, 1, A, r, s, n) < 0)
		return -1;
	return mv_launch(g, "bicg_kernel2", 0x2000, MV_ROW, 1, A, p, q, n);
}

/* mvt_kernel1: x1[i] += a[i*N+j]*y_1[j];  mvt_kernel2: x2[i] += a[j*N+i]*y_2[j] */
static int run_mvt(gen_t *g, long n)
{
	uint64_t A = gen_alloc(g, n * n * F), x1 = gen_alloc(g, n * F), x2 = gen_alloc(g, n * F);
	uint64_t y1 = gen_alloc(g, n * F), y2 = gen_alloc(g, n * F);
	double N = (double)n;
	/* mvt.cu init_array: A = i*j/N, x1 = i/N, x2 = (i+1)/N, y_1 = (i+3)/N, y_2 = (i+4)/N
	 * (x1, x2 as initialised) */
	TRY(gen_content_pb(g, A, n, n, 0, 0, 0, N));
	TRY(gen_content_pb(g, x1, 1, n, 1, 0, 0, N));
	TRY(gen_content_pb(g, x2, 1, n, 1, 1, 0, N));
	TRY(gen_content_pb(g, y1, 1, n, 1, 3, 0, N));
	TRY(gen_content_pb(g, y2, 1, n, 1, 4, 0, N));
	if (mv_launch(g, "mvt_kernel1", 0x1000, MV_ROW, 0, A, y1, x1, n) < 0)
		return -1;
	return mv_launch(g, "mvt_kernel2", 0x2000, MV_COL, 0, A, y2, x2, n);
}

/* gesummv_kernel: for j: tmp[i] += a[i*N+j]*x[j]; y[i] += b[i*N+j]*x[j];
 *                 then y[i] = ALPHA*tmp[i] + BETA*y[i].  a[0]=A a[1]=x a[2]=tmp a[3]=B a[4]=y */
static const gen_inst_t gesummv_loop[] = {
	I_LD(1, 4, 2), I_LD(2, 5, 6), I_LD(3, 7, 8), I_FP32(7, 4, 5, 7), I_ST(4, 8, 7),
	I_LD(5, 14, 15), I_LD(2, 5, 6), I_LD(6, 16, 17), I_FP32(16, 14, 5, 16), I_ST(7, 17, 16),
	I_INT(2, 2, -1, -1), I_INT(15, 15, -1, -1), I_INT(6, 6, -1, -1),
	I_INT(12, 12, -1, -1), I_INT(-1, 12, 13, -1), I_BRA(),   /* pointers, j++, ISETP, BRA */
};
static const gen_inst_t gesummv_post[] = {
	I_LD(3, 7, 8), I_LD(6, 16, 17), I_FP32(7, 7, 21, -1), I_FP32(16, 16, 22, 7), I_ST(7, 17, 16),
};

static uint32_t gesummv_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const pbk_t *p = L->p;
	uint32_t m = all_if(w, mv_ok, p);
	long j = w->iter, N = p->nj;
	for (int l = 0; l < GEN_WARP; l++) {
		long i = w->gx[l];
		switch (op) {
		case 1: a[l] = p->a[0] + (uint64_t)(i * N + j) * F; break;
		case 2: a[l] = p->a[1] + (uint64_t)j * F; break;
		case 3: case 4: a[l] = p->a[2] + (uint64_t)i * F; break;
		case 5: a[l] = p->a[3] + (uint64_t)(i * N + j) * F; break;
		case 6: case 7: a[l] = p->a[4] + (uint64_t)i * F; break;
		}
	}
	return m;
}

static int run_gesummv(gen_t *g, long n)
{
	pbk_t p = { .ni = n, .nj = n };
	p.a[0] = gen_alloc(g, n * n * F); p.a[1] = gen_alloc(g, n * F); p.a[2] = gen_alloc(g, n * F);
	p.a[3] = gen_alloc(g, n * n * F); p.a[4] = gen_alloc(g, n * F);
	double N = (double)n, S2 = sum_kk(n, 0);
	/* gesummv.cu init: x = i/N, A = B = i*j/N; tmp[i] = i S2/N^2, y[i] = (ALPHA + BETA) tmp[i]
	 * with ALPHA = 43532, BETA = 12313 */
	TRY(gen_content_pb(g, p.a[0], n, n, 0, 0, 0, N));
	TRY(gen_content_pb(g, p.a[1], 1, n, 1, 0, 0, N));
	TRY(gen_content_pb(g, p.a[2], 1, n, 1, 0, 0, N * N / S2));
	TRY(gen_content_pb(g, p.a[3], n, n, 0, 0, 0, N));
	TRY(gen_content_pb(g, p.a[4], 1, n, 1, 0, 0, N * N / (S2 * (43532.0 + 12313.0))));
	gen_launch_t L = {
		.kname = "gesummv_kernel", .grid = { (int)((n + 255) / 256), 1, 1 }, .block = { 256, 1, 1 },
		.sec = { mv_pre, gesummv_loop, gesummv_post },
		.nsec = { 1, (int)(sizeof gesummv_loop / sizeof gesummv_loop[0]),
		          (int)(sizeof gesummv_post / sizeof gesummv_post[0]) },
		.trips = n, .addr = gesummv_addr, .has_regs = 1, .pc_base = 0x1000, .p = &p,
	};
	return gen_launch(g, &L);
}

/* ------------------------------------------------------------------ 2DCONV
 * Convolution2D_kernel: if (0 < i < NI-1 && 0 < j < NJ-1)
 *   B[i*NJ+j] = c11*A[(i-1)*NJ+(j-1)] + c12*A[i*NJ+(j-1)] + c13*A[(i+1)*NJ+(j-1)]
 *             + c21*A[(i-1)*NJ+j] + ... + c33*A[(i+1)*NJ+(j+1)]   (source order)
 * a[0] = A, a[1] = B. */
static const int conv2_off[9][2] = {
	{ -1, -1 }, { 0, -1 }, { 1, -1 }, { -1, 0 }, { 0, 0 }, { 1, 0 }, { -1, 1 }, { 0, 1 }, { 1, 1 },
};
static const gen_inst_t conv2_prog[] = {
	I_ALUN(14),
	I_LD(0, 4, 2), I_LD(1, 5, 2), I_LD(2, 6, 3), I_LD(3, 7, 2), I_LD(4, 8, 2),
	I_LD(5, 9, 3), I_LD(6, 10, 2), I_LD(7, 11, 2), I_LD(8, 12, 3),
	I_ALUN(9),                  /* FMUL + 8 FFMA */
	I_ALUN(2),
	I_ST(9, 14, 13),
};

static int conv2_ok(const pbk_t *p, const gen_warp_t *w, int l)
{
	long i = w->gy[l], j = w->gx[l];
	return i > 0 && j > 0 && i < p->ni - 1 && j < p->nj - 1;
}

static uint32_t conv2_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const pbk_t *p = L->p;
	uint32_t m = all_if(w, conv2_ok, p);
	for (int l = 0; l < GEN_WARP; l++) {
		long i = w->gy[l], j = w->gx[l];
		if (op == 9)
			a[l] = p->a[1] + (uint64_t)(i * p->nj + j) * F;
		else
			a[l] = p->a[0] + (uint64_t)((i + conv2_off[op][0]) * p->nj + j + conv2_off[op][1]) * F;
	}
	return m;
}

/* B of 2DConvolution.cu from its random A (c11 = 0.2, c21 = 0.5, c31 = -0.8, c12 = -0.3,
 * c22 = 0.6, c32 = -0.9, c13 = 0.4, c23 = 0.7, c33 = 0.10; border elements stay 0). */
typedef struct { const gen_t *g; uint64_t A; long n; } conv_ctx_t;
static uint32_t conv2_word(const void *ctx, uint64_t w)
{
	static const float c[3][3] = { { 0.2f, -0.3f, 0.4f }, { 0.5f, 0.6f, 0.7f }, { -0.8f, -0.9f, 0.10f } };
	const conv_ctx_t *q = ctx;
	long i = (long)(w / (uint64_t)q->n), j = (long)(w % (uint64_t)q->n);
	float v = 0;
	if (i > 0 && j > 0 && i < q->n - 1 && j < q->n - 1)
		for (int di = -1; di <= 1; di++)        /* c[row of weights][column offset] */
			for (int dj = -1; dj <= 1; dj++)
				v += c[dj + 1][di + 1] * gen_urand_at(q->g, q->A, (uint64_t)((i + di) * q->n + j + dj), 0, 1);
	uint32_t u;
	memcpy(&u, &v, 4);
	return u;
}

static int run_2dconv(gen_t *g, long n)
{
	pbk_t p = { .ni = n, .nj = n };
	p.a[0] = gen_alloc(g, n * n * F); p.a[1] = gen_alloc(g, n * n * F);
	/* 2DConvolution.cu init: A[i][j] = (float)rand()/RAND_MAX; B = the 3x3 convolution of A */
	conv_ctx_t cq = { g, p.a[0], n };
	TRY(gen_content_urand(g, p.a[0], (uint64_t)(n * n), 0, 1));
	TRY(gen_content(g, p.a[1], (uint64_t)(n * n), conv2_word, &cq));
	gen_launch_t L = {
		.kname = "Convolution2D_kernel", .grid = { (int)((n + 31) / 32), (int)((n + 7) / 8), 1 },
		.block = { 32, 8, 1 }, .sec = { conv2_prog, NULL, NULL },
		.nsec = { (int)(sizeof conv2_prog / sizeof conv2_prog[0]), 0, 0 },
		.addr = conv2_addr, .pc_base = 0x1000, .p = &p,
	};
	return gen_launch(g, &L);
}

/* ------------------------------------------------------------------ 3DCONV
 * The host launches convolution3D_kernel once per plane i = 1 .. NI-2 with grid
 * (NK/32, NJ/8): k = blockIdx.x*32+tx, j = blockIdx.y*8+ty; if all of i, j, k are interior,
 * B[i][j][k] = sum of 15 weighted reads of A in the source's order (the source reads
 * A[i-1][j-1][k-1] three times with c11, c21, c31). */
static const int conv3_off[15][3] = {
	{ -1, -1, -1 }, { 1, -1, -1 }, { -1, -1, -1 }, { 1, -1, -1 }, { -1, -1, -1 }, { 1, -1, -1 },
	{ 0, -1, 0 }, { 0, 0, 0 }, { 0, 1, 0 }, { -1, -1, 1 }, { 1, -1, 1 }, { -1, 0, 1 },
	{ 1, 0, 1 }, { -1, 1, 1 }, { 1, 1, 1 },
};
static const gen_inst_t conv3_prog[] = {
	I_ALUN(18),
	I_LD(0, 4, 2), I_LD(1, 5, 2), I_LD(2, 6, 2), I_LD(3, 7, 2), I_LD(4, 8, 2),
	I_LD(5, 9, 2), I_LD(6, 10, 2), I_LD(7, 11, 2), I_LD(8, 12, 2), I_LD(9, 13, 2),
	I_LD(10, 14, 2), I_LD(11, 15, 2), I_LD(12, 16, 2), I_LD(13, 17, 2), I_LD(14, 18, 2),
	I_ALUN(15),
	I_ALUN(2),
	I_ST(15, 19, 20),
};

static int conv3_ok(const pbk_t *p, const gen_warp_t *w, int l)
{
	long j = w->gy[l], k = w->gx[l];
	return j > 0 && k > 0 && j < p->nj - 1 && k < p->nk - 1;
}

static uint32_t conv3_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const pbk_t *p = L->p;
	uint32_t m = all_if(w, conv3_ok, p);
	long i = p->t;
	for (int l = 0; l < GEN_WARP; l++) {
		long j = w->gy[l], k = w->gx[l];
		if (op == 15)
			a[l] = p->a[1] + (uint64_t)((i * p->nj + j) * p->nk + k) * F;
		else
			a[l] = p->a[0] + (uint64_t)(((i + conv3_off[op][0]) * p->nj + j + conv3_off[op][1]) * p->nk
			                            + k + conv3_off[op][2]) * F;
	}
	return m;
}

/* 3DConvolution.cu init: A[i][j][k] = i % 12 + 2*(j % 7) + 3*(k % 13); B = the 15-point sum
 * with c11 = 2, c21 = 5, c31 = -8, c12 = -3, c22 = 6, c32 = -9, c13 = 4, c23 = 7, c33 = 10 in
 * the order of conv3_off (interior points; others 0). */
static float conv3_a(long i, long j, long k)
{
	return (float)(i % 12 + 2 * (j % 7) + 3 * (k % 13));
}
static uint32_t conv3_aw(const void *ctx, uint64_t w)
{
	long n = *(const long *)ctx;
	float v = conv3_a((long)(w / (uint64_t)(n * n)), (long)(w / (uint64_t)n % (uint64_t)n), (long)(w % (uint64_t)n));
	uint32_t u;
	memcpy(&u, &v, 4);
	return u;
}
static uint32_t conv3_bw(const void *ctx, uint64_t w)
{
	static const float c[15] = { 2, 4, 5, 7, -8, 10, -3, 6, -9, 2, 4, 5, 7, -8, 10 };
	long n = *(const long *)ctx;
	long i = (long)(w / (uint64_t)(n * n)), j = (long)(w / (uint64_t)n % (uint64_t)n), k = (long)(w % (uint64_t)n);
	float v = 0;
	if (i > 0 && j > 0 && k > 0 && i < n - 1 && j < n - 1 && k < n - 1)
		for (int t = 0; t < 15; t++)
			v += c[t] * conv3_a(i + conv3_off[t][0], j + conv3_off[t][1], k + conv3_off[t][2]);
	uint32_t u;
	memcpy(&u, &v, 4);
	return u;
}

static int run_3dconv(gen_t *g, long n)
{
	pbk_t p = { .ni = n, .nj = n, .nk = n };
	p.a[0] = gen_alloc(g, n * n * n * F); p.a[1] = gen_alloc(g, n * n * n * F);
	TRY(gen_content(g, p.a[0], (uint64_t)(n * n * n), conv3_aw, &n));
	TRY(gen_content(g, p.a[1], (uint64_t)(n * n * n), conv3_bw, &n));
	gen_launch_t L = {
		.kname = "convolution3D_kernel", .grid = { (int)((n + 31) / 32), (int)((n + 7) / 8), 1 },
		.block = { 32, 8, 1 }, .sec = { conv3_prog, NULL, NULL },
		.nsec = { (int)(sizeof conv3_prog / sizeof conv3_prog[0]), 0, 0 },
		.addr = conv3_addr, .pc_base = 0x1000, .p = &p,
	};
	for (p.t = 1; p.t < n - 1; p.t++)
		if (gen_launch(g, &L) < 0)
			return -1;
	return 0;
}

/* ------------------------------------------------------------------ FDTD-2D
 * Per time step t the host launches (grid NY/32 x NX/8, j = x, i = y):
 *  fdtd_step1: i==0: ey[0][j] = _fict_[t]; else ey[i][j] -= 0.5*(hz[i][j] - hz[i-1][j])
 *  fdtd_step2: j>0: ex[i][j] -= 0.5*(hz[i][j] - hz[i][j-1])          (ex is NX x (NY+1))
 *  fdtd_step3: i<NX-1, j<NY-1: hz[i][j] -= 0.7*(ex[i][j+1] - ex[i][j] + ey[i+1][j] - ey[i][j])
 * a[0] = ex, a[1] = ey, a[2] = hz, a[3] = _fict_. */
static const gen_inst_t fdtd1_prog[] = {
	I_ALUN(10), I_LD(0, 4, 5), I_ST(1, 6, 4),
	I_LD(2, 7, 6), I_LD(3, 8, 9), I_LD(4, 10, 11), I_ALUN(3), I_ST(5, 6, 7),
};
static const gen_inst_t fdtd2_prog[] = {
	I_ALUN(10), I_LD(0, 7, 6), I_LD(1, 8, 9), I_LD(2, 10, 11), I_ALUN(3), I_ST(3, 6, 7),
};
static const gen_inst_t fdtd3_prog[] = {
	I_ALUN(12), I_LD(0, 4, 5), I_LD(1, 6, 5), I_LD(2, 7, 8), I_LD(3, 9, 8), I_LD(4, 10, 11),
	I_ALUN(5), I_ST(5, 11, 10),
};

static uint32_t fdtd_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const pbk_t *p = L->p;
	long NX = p->ni, NY = p->nj;
	int step = (int)(L->pc_base >> 12);
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		if (!(w->valid >> l & 1))
			continue;
		long i = w->gy[l], j = w->gx[l];
		int ok = 0;
		uint64_t ad = 0;
		if (i >= NX || j >= NY)
			continue;
		if (step == 1) {
			ok = op <= 1 ? i == 0 : i > 0;
			switch (op) {
			case 0: ad = p->a[3] + (uint64_t)p->t * F; break;
			case 1: case 2: case 5: ad = p->a[1] + (uint64_t)(i * NY + j) * F; break;
			case 3: ad = p->a[2] + (uint64_t)(i * NY + j) * F; break;
			case 4: ad = p->a[2] + (uint64_t)((i - 1) * NY + j) * F; break;
			}
		} else if (step == 2) {
			ok = j > 0;
			switch (op) {
			case 0: case 3: ad = p->a[0] + (uint64_t)(i * (NY + 1) + j) * F; break;
			case 1: ad = p->a[2] + (uint64_t)(i * NY + j) * F; break;
			case 2: ad = p->a[2] + (uint64_t)(i * NY + j - 1) * F; break;
			}
		} else {
			ok = i < NX - 1 && j < NY - 1;
			switch (op) {
			case 0: ad = p->a[0] + (uint64_t)(i * (NY + 1) + j + 1) * F; break;
			case 1: ad = p->a[0] + (uint64_t)(i * (NY + 1) + j) * F; break;
			case 2: ad = p->a[1] + (uint64_t)((i + 1) * NY + j) * F; break;
			case 3: ad = p->a[1] + (uint64_t)(i * NY + j) * F; break;
			case 4: case 5: ad = p->a[2] + (uint64_t)(i * NY + j) * F; break;
			}
		}
		if (ok) {
			m |= gen_lane_bit(l);
			a[l] = ad;
		}
	}
	return m;
}

#define FDTD_TMAX 4
static int run_fdtd2d(gen_t *g, long n)
{
	pbk_t p = { .ni = n, .nj = n };
	p.a[0] = gen_alloc(g, n * (n + 1) * F); p.a[1] = gen_alloc(g, (n + 1) * n * F);
	p.a[2] = gen_alloc(g, n * n * F); p.a[3] = gen_alloc(g, FDTD_TMAX * F);
	/* fdtd2d.cu init_arrays (indices i*NY + j as the source writes them): ex = (i*(j+1) + 1)/NX,
	 * ey = ((i-1)*(j+2) + 2)/NX, hz = ((i-9)*(j+4) + 3)/NX, _fict_[t] = t (initial values) */
	TRY(gen_content_pb(g, p.a[0], n, n, 0, 1, 1, (double)n));
	TRY(gen_content_pb(g, p.a[1], n, n, -1, 2, 2, (double)n));
	TRY(gen_content_pb(g, p.a[2], n, n, -9, 4, 3, (double)n));
	TRY(gen_content_pb(g, p.a[3], 1, FDTD_TMAX, 1, 0, 0, 1.0));
	gen_launch_t L = {
		.grid = { (int)((n + 31) / 32), (int)((n + 7) / 8), 1 }, .block = { 32, 8, 1 },
		.addr = fdtd_addr, .p = &p,
	};
	for (p.t = 0; p.t < FDTD_TMAX; p.t++) {
		L.kname = "fdtd_step1_kernel"; L.pc_base = 0x1000; L.sec[0] = fdtd1_prog;
		L.nsec[0] = (int)(sizeof fdtd1_prog / sizeof fdtd1_prog[0]);
		if (gen_launch(g, &L) < 0)
			return -1;
		L.kname = "fdtd_step2_kernel"; L.pc_base = 0x2000; L.sec[0] = fdtd2_prog;
		L.nsec[0] = (int)(sizeof fdtd2_prog / sizeof fdtd2_prog[0]);
		if (gen_launch(g, &L) < 0)
			return -1;
		L.kname = "fdtd_step3_kernel"; L.pc_base = 0x3000; L.sec[0] = fdtd3_prog;
		L.nsec[0] = (int)(sizeof fdtd3_prog / sizeof fdtd3_prog[0]);
		if (gen_launch(g, &L) < 0)
			return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ table */

const gen_kernel_t gen_polybench[] = {
	{ "p-2dconv", "PolyBench-GPU", "2-D 3x3 convolution, NI x NJ float image", 4096, 64, 8192, "NI=NJ", "dcl1-80", run_2dconv },
	{ "p-3dconv", "PolyBench-GPU", "3-D 15-point convolution, one launch per plane", 256, 16, 512, "NI=NJ=NK", "dcl1-80", run_3dconv },
	{ "p-2mm", "PolyBench-GPU", "D = (A.B).C, two matrix-multiply kernels", 1024, 32, 2048, "NI=NJ=NK=NL", "dcl1-80", run_2mm },
	{ "p-3mm", "PolyBench-GPU", "G = (A.B).(C.D), three matrix-multiply kernels", 512, 32, 2048, "NI=NJ=NK=NL=NM", "dcl1-80", run_3mm },
	{ "p-gemm", "PolyBench-GPU", "C = alpha.A.B + beta.C", 1024, 32, 2048, "NI=NJ=NK", "dcl1-80", run_gemm },
	{ "p-syr2k", "PolyBench-GPU", "symmetric rank-2k update", 1024, 32, 2048, "N=M", "dcl1-80", run_syr2k },
	{ "p-atax", "PolyBench-GPU", "y = A^T (A x), two matrix-vector kernels", 4096, 256, 8192, "NX=NY", "fuse-15", run_atax },
	{ "p-bicg", "PolyBench-GPU", "BiCG sub-kernels s = r A, q = A p", 4096, 256, 8192, "NX=NY", "fuse-15", run_bicg },
	{ "p-mvt", "PolyBench-GPU", "x1 += A y1, x2 += A^T y2", 4096, 256, 8192, "N", "fuse-15", run_mvt },
	{ "p-gesummv", "PolyBench-GPU", "y = alpha A x + beta B x", 4096, 256, 8192, "N", "fuse-15", run_gesummv },
	{ "p-fdtd-2d", "PolyBench-GPU", "2-D FDTD, 4 time steps of 3 kernels", 2048, 64, 4096, "NX=NY (TMAX=4)", "fuse-15", run_fdtd2d },
	{ NULL, NULL, NULL, 0, 0, 0, NULL, 0, NULL },
};
