/*
 * parboil.c -- Parboil 2.5 CUDA benchmarks (Stratton et al., IMPACT-TR-2012-2).
 *
 * spmv (JDS format), stencil (block2D_hybrid_coarsen_x), sgemm (mysgemmNT, register-tiled),
 * histo (prescan, intermediates, main with shared sub-histograms, final), lbm (D3Q19 performStreamCollide), mri-gridding
 * (binned gridding, simplified: see below) and mri-q (ComputeQ_GPU).  Inputs that Parboil
 * ships as files are synthesised with the same structure, seeded (docs/workloads.md).
 */
#include "profiling/generators/gen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>

#define TRY(x) do { if ((x) < 0) return -1; } while (0)

/* Array contents (gen_content, BDI compressibility): Parboil reads its inputs from files; the
 * stand-ins have the files' element types and ranges (per benchmark below). */

#define F 4

typedef struct pk {
	uint64_t a[24];
	long n[8];
	const void *d[4];
} pk_t;

static uint32_t lanes_ok(const gen_warp_t *w, long lim)
{
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++)
		if ((w->valid >> l & 1) && w->gx[l] < lim)
			m |= gen_lane_bit(l);
	return m;
}

/* ------------------------------------------------------------------ spmv (JDS)
 * spmv_jds<<<rows/128, 128>>>: ix = row slot in the length-sorted order; bound =
 * sh_zcnt_int[warp group] (the longest row of the 32-row group: JDS is padded per 32 rows);
 * for k < bound: j = jds_ptr[k] + ix (constant memory); in = d_index[j]; d = d_data[j];
 * t = tex1Dfetch(x_vec, in) (only real, not padded, entries touch x); sum += d*t;
 * then dst_vector[d_perm[ix]] = sum.  Matrix: power-law row lengths (gen_powerlaw).
 * a[0] data, a[1] index, a[2] x, a[3] perm, a[4] dst */
typedef struct spmv_d {
	long n;
	long *len;        /* row length of slot ix (sorted descending) */
	long *perm;       /* original row of slot ix */
	long *ptr;        /* jds_ptr[k]: start of jagged diagonal k (padded to 32 rows) */
	long *col;        /* column of entry (k, ix) at ptr[k] + ix (0 for padding) */
	long maxlen;
} spmv_d_t;

static const gen_inst_t spmv_pre[] = { I_ALUN(8), I_ALU(3, 2, -1, -1) };
static const gen_inst_t spmv_loop[] = {
	I_ALU(5, 4, 6, -1),         /* LDC jds_ptr[k] + ix */
	I_LD(0, 7, 5),              /* d_index[j] */
	I_LD(1, 8, 5),              /* d_data[j] */
	I_LD(2, 9, 7),              /* x_vec[in] */
	I_ALU(10, 8, 9, 10),        /* FFMA */
	I_ALU(4, 4, -1, -1), I_ALU(-1, 4, 3, -1), I_ALU(-1, -1, -1, -1),
};
static const gen_inst_t spmv_post[] = { I_LD(3, 11, 6), I_ALU(12, 11, -1, -1), I_ST(4, 12, 10) };

static long spmv_trips(const gen_launch_t *L, gen_warp_t *w)
{
	const pk_t *p = L->p;
	const spmv_d_t *s = p->d[0];
	long ix = w->gx[0];
	return ix < s->n ? s->len[ix] : 0;   /* slot ix is the longest of its 32-row group */
}

static uint32_t spmv_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const pk_t *p = L->p;
	const spmv_d_t *s = p->d[0];
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		long ix = w->gx[l];
		if (!(w->valid >> l & 1) || ix >= s->n)
			continue;
		if (sec == 2) {
			a[l] = op == 3 ? p->a[3] + (uint64_t)ix * 4 : p->a[4] + (uint64_t)s->perm[ix] * F;
		} else {
			long j = s->ptr[w->iter] + ix;
			if (op == 2) {
				if (w->iter >= s->len[ix])
					continue;
				a[l] = p->a[2] + (uint64_t)s->col[j] * F;
			} else {
				a[l] = p->a[op == 0 ? 1 : 0] + (uint64_t)j * 4;
			}
		}
		m |= gen_lane_bit(l);
	}
	return m;
}

static long *g_sort_len;
static int cmp_len_desc(const void *x, const void *y)
{
	long a = g_sort_len[*(const long *)x], b = g_sort_len[*(const long *)y];
	return a < b ? 1 : a > b ? -1 : (*(const long *)x > *(const long *)y) - (*(const long *)x < *(const long *)y);
}

static int run_spmv(gen_t *g, long n)
{
	gen_csr_t A;
	if (gen_powerlaw(g, n, 16, 2048, 2048, &A) < 0)
		return -1;
	int rc = -1;
	spmv_d_t s = { .n = n };
	long *rowlen = malloc((size_t)n * sizeof *rowlen);
	s.len = malloc((size_t)n * sizeof *s.len);
	s.perm = malloc((size_t)n * sizeof *s.perm);
	if (!rowlen || !s.len || !s.perm)
		goto out;
	for (long r = 0; r < n; r++) {
		rowlen[r] = A.row[r + 1] - A.row[r];
		s.perm[r] = r;
	}
	g_sort_len = rowlen;
	qsort(s.perm, (size_t)n, sizeof *s.perm, cmp_len_desc);
	for (long ix = 0; ix < n; ix++)
		s.len[ix] = rowlen[s.perm[ix]];
	s.maxlen = n ? s.len[0] : 0;
	s.ptr = malloc((size_t)(s.maxlen + 1) * sizeof *s.ptr);
	if (!s.ptr)
		goto out;
	long tot = 0;
	for (long k = 0; k < s.maxlen; k++) {
		s.ptr[k] = tot;
		long rows = 0;                         /* rows with > k entries, padded to 32 */
		while (rows < n && s.len[rows] > k)
			rows += 32;
		tot += rows;
	}
	s.ptr[s.maxlen] = tot;
	s.col = calloc((size_t)tot + 32, sizeof *s.col);
	if (!s.col)
		goto out;
	for (long ix = 0; ix < n; ix++)
		for (long k = 0; k < s.len[ix]; k++)
			s.col[s.ptr[k] + ix] = A.col[A.row[s.perm[ix]] + k];
	pk_t p = { 0 };
	p.d[0] = &s;
	p.a[0] = gen_alloc(g, tot * 4); p.a[1] = gen_alloc(g, tot * 4); p.a[2] = gen_alloc(g, n * F);
	p.a[3] = gen_alloc(g, n * 4); p.a[4] = gen_alloc(g, n * F);
	/* JDS: float values and x (the .mtx values: uniform stand-in), int column indices and
	 * row permutation as built above, y computed floats */
	if (gen_content_urand(g, p.a[0], (uint64_t)tot, -1, 1) < 0 ||
	    gen_content_longs(g, p.a[1], (uint64_t)tot, s.col) < 0 ||
	    gen_content_urand(g, p.a[2], (uint64_t)n, -1, 1) < 0 ||
	    gen_content_longs(g, p.a[3], (uint64_t)n, s.perm) < 0 ||
	    gen_content_urand(g, p.a[4], (uint64_t)n, -4, 4) < 0)
		goto out;
	gen_launch_t L = {
		.kname = "spmv_jds", .grid = { (int)((n + 127) / 128), 1, 1 }, .block = { 128, 1, 1 },
		.sec = { spmv_pre, spmv_loop, spmv_post }, .nsec = { 2, 8, 3 }, .trip_fn = spmv_trips,
		.addr = spmv_addr, .has_regs = 1, .pc_base = 0x1000, .p = &p,
	};
	rc = gen_launch(g, &L);
out:
	free(rowlen); free(s.len); free(s.perm); free(s.ptr); free(s.col);
	gen_csr_free(&A);
	return rc;
}

/* ------------------------------------------------------------------ stencil
 * block2D_hybrid_coarsen_x<<<(nx/64, ny/4), (32, 4)>>>: i = bx*64 + tx, i2 = i + 32,
 * j = by*4 + ty; registers hold bottom/current/top of columns i and i2 (6 loads before the
 * loop); for k = 1 .. nz-2: halo loads from global (tx == 0: (i-1, j); tx == 31: (i2+1, j);
 * ty == 0: (i, j-1), (i2, j-1); ty == 3: (i, j+1), (i2, j+1)), two stores of Anext (interior
 * points), then the next top pair (k+2 < nz).  ~30 instructions of shared-memory traffic and
 * FMAs per step.  ST_STEPS time steps, A0 and Anext swapped (Parboil's default input runs
 * 100; 20 make first touches ~5% of the stream).  a[0] A0, a[1] Anext; n: nx, ny, nz */
#define ST_NZ 64
#define ST_STEPS 20
static const gen_inst_t st_pre[] = {
	I_ALUN(16), I_LD(10, 4, 2), I_LD(11, 5, 2), I_LD(12, 6, 2), I_LD(13, 7, 2), I_LD(14, 8, 2), I_LD(15, 9, 2),
};
static const gen_inst_t st_loop[] = {
	I_ALUN(4), I_LD(0, 20, 2), I_LD(1, 21, 2), I_LD(2, 22, 2), I_LD(3, 23, 2), I_LD(4, 24, 2), I_LD(5, 25, 2),
	I_ALUN(24), I_ST(6, 2, 26), I_ST(7, 2, 27), I_ALUN(4), I_LD(8, 8, 2), I_LD(9, 9, 2), I_ALUN(4),
};

static uint32_t st_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const pk_t *p = L->p;
	long nx = p->n[0], ny = p->n[1], nz = p->n[2];
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		if (!(w->valid >> l & 1))
			continue;
		long tx = w->tx[l], ty = w->ty[l];
		long i = (long)w->cx * 64 + tx, i2 = i + 32, j = w->gy[l], x = i, y = j, z;
		uint64_t base = p->a[0];
		if (sec == 0) {
			x = op % 2 ? i2 : i;
			z = (op - 10) / 2;
		} else {
			long k = w->iter + 1;
			z = k;
			switch (op) {
			case 0: if (tx != 0) continue; x = i - 1; break;
			case 1: if (tx != 31) continue; x = i2 + 1; break;
			case 2: case 3: if (ty != 0) continue; x = op == 2 ? i : i2; y = j - 1; break;
			case 4: case 5: if (ty != 3) continue; x = op == 4 ? i : i2; y = j + 1; break;
			case 6: case 7:
				x = op == 6 ? i : i2;
				if (x <= 0 || x >= nx - 1 || j <= 0 || j >= ny - 1) continue;
				base = p->a[1];
				break;
			default:
				if (k + 2 >= nz) continue;
				x = op == 8 ? i : i2; z = k + 2;
				break;
			}
		}
		if (x < 0 || x >= nx || y < 0 || y >= ny)
			continue;
		a[l] = base + (uint64_t)((z * ny + y) * nx + x) * F;
		m |= gen_lane_bit(l);
	}
	return m;
}

static int run_stencil(gen_t *g, long n)
{
	pk_t p = { .n = { n, n, ST_NZ } };
	p.a[0] = gen_alloc(g, n * n * ST_NZ * F); p.a[1] = gen_alloc(g, n * n * ST_NZ * F);
	/* 128x128x32.bin: float grid (uniform stand-in); the output grid: computed floats */
	TRY(gen_content_urand(g, p.a[0], (uint64_t)(n * n * ST_NZ), 0, 1));
	TRY(gen_content_urand(g, p.a[1], (uint64_t)(n * n * ST_NZ), 0, 1));
	gen_launch_t L = {
		.kname = "block2D_hybrid_coarsen_x", .grid = { (int)((n + 63) / 64), (int)((n + 3) / 4), 1 },
		.block = { 32, 4, 1 }, .sec = { st_pre, st_loop, NULL }, .nsec = { 7, 14, 0 }, .trips = ST_NZ - 2,
		.addr = st_addr, .pc_base = 0x1000, .p = &p,
	};
	for (int t = 0; t < ST_STEPS; t++) {
		if (gen_launch(g, &L) < 0)
			return -1;
		uint64_t x = p.a[0]; p.a[0] = p.a[1]; p.a[1] = x;
	}
	return 0;
}

/* ------------------------------------------------------------------ sgemm
 * mysgemmNT<<<(M/128, N/16), (16, 8)>>> (TILE_N 16, TILE_TB_HEIGHT 8, TILE_M 128):
 * m = bx*128 + ty*16 + tx, n = by*16; c[16] in registers; for i < K step 8:
 *   b_s[ty][tx] = B[n + tx + (i+ty)*ldb]; __syncthreads();
 *   for j < 8: a = A[m + (i+j)*lda]; for kk < 16: c[kk] += a * b_s[j][kk];  __syncthreads();
 * then for i < 16: C[m + (n+i)*ldc] = C[...]*beta + alpha*c[i].  Registers: c[] = R10..R25,
 * a = R41, b_s row = R44..R47 (LDS.128). a[0] A, a[1] B, a[2] C; n[0] M=N=K */
static gen_inst_t sg_loop[2 + 8 * (1 + 4 + 16) + 5];
static gen_inst_t sg_post[16 * 4];
static const gen_inst_t sg_pre[] = { I_ALUN(14) };

static void sg_build(void)
{
	int k = 0;
	sg_loop[k++] = (gen_inst_t)I_LD(0, 40, 3);
	sg_loop[k++] = (gen_inst_t)I_ALU(-1, 40, 5, -1);      /* STS b_s */
	for (int j = 0; j < 8; j++) {
		sg_loop[k++] = (gen_inst_t)I_LD(1 + j, 41, 2);
		for (int q = 0; q < 4; q++)
			sg_loop[k++] = (gen_inst_t)I_ALU(44 + q, 6, -1, -1);   /* LDS.128 */
		for (int kk = 0; kk < 16; kk++)
			sg_loop[k++] = (gen_inst_t)I_ALU(10 + kk, 41, 44 + kk / 4, 10 + kk);
	}
	sg_loop[k++] = (gen_inst_t)I_ALU(2, 2, 7, -1);
	sg_loop[k++] = (gen_inst_t)I_ALU(3, 3, 8, -1);
	sg_loop[k++] = (gen_inst_t)I_ALU(9, 9, -1, -1);
	sg_loop[k++] = (gen_inst_t)I_ALU(-1, 9, 12, -1);
	sg_loop[k++] = (gen_inst_t)I_ALU(-1, -1, -1, -1);
	for (int i = 0; i < 16; i++) {
		sg_post[4 * i] = (gen_inst_t)I_LD(9 + i, 30, 4);
		sg_post[4 * i + 1] = (gen_inst_t)I_ALU(31, 30, 26, -1);
		sg_post[4 * i + 2] = (gen_inst_t)I_ALU(31, 10 + i, 27, 31);
		sg_post[4 * i + 3] = (gen_inst_t)I_ST(25 + i, 4, 31);
	}
}

static uint32_t sg_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const pk_t *p = L->p;
	long N = p->n[0];
	for (int l = 0; l < GEN_WARP; l++) {
		long tx = w->tx[l], ty = w->ty[l];
		long m = (long)w->cx * 128 + ty * 16 + tx, n = (long)w->cy * 16, i = w->iter * 8;
		if (op == 0)
			a[l] = p->a[1] + (uint64_t)(n + tx + (i + ty) * N) * F;
		else if (op <= 8)
			a[l] = p->a[0] + (uint64_t)(m + (i + op - 1) * N) * F;
		else
			a[l] = p->a[2] + (uint64_t)(m + (n + (op - 9) % 16) * N) * F;
	}
	return w->valid;
}

static int run_sgemm(gen_t *g, long n)
{
	if (n % 128) {
		snprintf(g->err, sizeof g->err, "--size must be a multiple of 128, got %ld", n);
		return -1;
	}
	sg_build();
	pk_t p = { .n = { n } };
	p.a[0] = gen_alloc(g, n * n * F); p.a[1] = gen_alloc(g, n * n * F); p.a[2] = gen_alloc(g, n * n * F);
	/* matrix1.txt, matrix2t.txt: float matrices (uniform stand-in); C computed floats */
	TRY(gen_content_urand(g, p.a[0], (uint64_t)(n * n), -1, 1));
	TRY(gen_content_urand(g, p.a[1], (uint64_t)(n * n), -1, 1));
	TRY(gen_content_urand(g, p.a[2], (uint64_t)(n * n), -8, 8));
	gen_launch_t L = {
		.kname = "mysgemmNT", .grid = { (int)(n / 128), (int)(n / 16), 1 }, .block = { 16, 8, 1 },
		.sec = { sg_pre, sg_loop, sg_post }, .nsec = { 1, (int)(sizeof sg_loop / sizeof sg_loop[0]), 64 },
		.trips = n / 8, .addr = sg_addr, .has_regs = 1, .pc_base = 0x1000, .p = &p,
	};
	return gen_launch(g, &L);
}

/* ------------------------------------------------------------------ histo
 * Parboil histo (base CUDA version), per iteration four kernels over a W x H image of 32-bit
 * bin indices (histogram 256 x 4096 = 1 Mi bins):
 *  histo_prescan_kernel<<<64, 512>>>: grid-stride min/max of the input (shared-memory
 *    reduction), two global atomics per CTA;
 *  histo_intermediates_kernel<<<ceil(H/4), (W+1)/2>>>: each thread reads a uint2 (two pixels)
 *    of each of UNROLL = 4 rows and writes their uchar4 mappings (target range, offset);
 *  histo_main_kernel<<<(BLOCK_X = 14, ranges), 768>>>: CTA (bx, by) owns the 24 Ki-bin range
 *    `by` of the histogram in shared memory and scans sm_mappings[i] for i = bx*768 + tid step
 *    14*768 (coalesced 4 B reads; matching pixels increment shared-memory bins), then copies
 *    its sub-histogram out with global atomics (copyMemory: 4 atomics per word);
 *  histo_final_kernel<<<42, 512>>>: grid-stride over the bins: reads global_subhisto,
 *    global_histo and global_overflow, writes final_histo.
 * `ranges` is the number of 24 Ki-bin ranges the image touches (max - min from the prescan).
 * Image: Parboil's input is strongly peaked; synthesised as bins normal around the centre of
 * the range with sigma = 1/32 of it (seeded), clamped.  Two iterations.
 * a[0] input, a[1] minmax, a[2] sm_mappings, a[3] subhisto, a[4] histo, a[5] overflow,
 * a[6] final; n[0] W, n[1] H, n[2] range base (24 Ki-bin ranges), n[3] ranges */
#define HI_BINS (4096L * 256)
#define HI_RANGE (24L * 1024)
#define HI_ITERS 2
#define HI_BLOCK_X 14
#define HI_THREADS 768
static const gen_inst_t hi_pre_loop[] = { I_LD(0, 4, 2), I_ALUN(7) };
static const gen_inst_t hi_pre_post[] = { I_ALUN(40), I_ATOM(1, 5, 6), I_ATOM(2, 5, 7) };
static const gen_inst_t hi_int_loop[] = { I_LD(0, 4, 2), I_ALUN(14), I_ST(1, 5, 6), I_ALUN(3) };
static const gen_inst_t hi_main_pre[] = { I_ALUN(24) };
static const gen_inst_t hi_main_loop[] = { I_LD(0, 4, 2), I_ALUN(9) };
static const gen_inst_t hi_main_post[] = {
	I_ALUN(4), I_ATOM(1, 5, 6), I_ATOM(2, 5, 6), I_ATOM(3, 5, 6), I_ATOM(4, 5, 6), I_ALUN(6),
	I_ATOM(5, 5, 6), I_ATOM(6, 5, 6), I_ATOM(7, 5, 6), I_ATOM(8, 5, 6), I_ALUN(6),
};
static const gen_inst_t hi_final_loop[] = { I_LD(0, 4, 2), I_LD(1, 5, 2), I_LD(2, 6, 2), I_ALUN(12), I_ST(3, 7, 2) };

static long hi_trips(const gen_launch_t *L, gen_warp_t *w)
{
	const pk_t *p = L->p;
	long n = p->n[0] * p->n[1], first = w->gx[0], stride;
	switch (L->pc_base >> 12) {
	case 1: stride = 64L * 512; break;
	case 2: return 4;                                 /* UNROLL rows */
	case 3: stride = (long)HI_BLOCK_X * HI_THREADS; break;
	default: stride = 42L * 512; n = HI_BINS; break;
	}
	return first < n ? (n - first + stride - 1) / stride : 0;
}

static uint32_t hi_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const pk_t *p = L->p;
	long W = p->n[0], H = p->n[1], n = W * H;
	int k = (int)(L->pc_base >> 12);
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		if (!(w->valid >> l & 1))
			continue;
		uint64_t ad;
		if (k == 1) {                                  /* prescan */
			long i = w->gx[l] + w->iter * 64L * 512;
			if (sec == 1) {
				if (i >= n) continue;
				ad = p->a[0] + (uint64_t)i * 4;
			} else {
				if (w->tx[l] != 0) continue;
				ad = p->a[1] + (uint64_t)(op - 1) * 4;
			}
		} else if (k == 2) {                           /* intermediates: uint2 per thread */
			long row = (long)w->cx * 4 + w->iter, t = w->tx[l];
			if (row >= H || 2 * t >= W) continue;
			ad = p->a[op == 0 ? 0 : 2] + (uint64_t)(row * W + 2 * t) * 4;
		} else if (k == 3) {                           /* main */
			if (sec == 1) {
				long i = w->gx[l] + w->iter * (long)HI_BLOCK_X * HI_THREADS;
				if (i >= n) continue;
				ad = p->a[2] + (uint64_t)i * 4;
			} else {
				/* copyMemory: for i = tid; i < 24Ki/4; i += 768: 4 atomics at dst + 4i + q */
				long it = (op - 1) / 4, q = (op - 1) % 4, word = it * HI_THREADS + w->tx[l];
				long range = p->n[2] + w->cy;
				ad = p->a[3] + (uint64_t)((long)w->cx * HI_BINS + range * HI_RANGE + 4 * word + q) * 4;
			}
		} else {                                       /* final */
			long b = w->gx[l] + w->iter * 42L * 512;
			if (b >= HI_BINS) continue;
			ad = p->a[op == 0 ? 3 : op == 1 ? 4 : op == 2 ? 5 : 6] + (uint64_t)b * 4;
		}
		a[l] = ad;
		m |= gen_lane_bit(l);
	}
	return m;
}

/* histo input pixels: ints ~ N(HI_BINS/2, HI_BINS/32), the distribution the stream uses
 * (Box-Muller on the counter-based uniforms of gen_urand_at) */
typedef struct { const gen_t *g; uint64_t base; } hi_ctx_t;
static uint32_t hi_word(const void *ctx, uint64_t i)
{
	const hi_ctx_t *c = ctx;
	double u1 = gen_urand_at(c->g, c->base, 2 * i, 0, 1), u2 = gen_urand_at(c->g, c->base, 2 * i + 1, 0, 1);
	double v = HI_BINS / 2.0 + HI_BINS / 32.0 * sqrt(-2.0 * log(1.0 - u1)) * cos(2 * M_PI * u2);
	return (uint32_t)(v < 0 ? 0 : v > HI_BINS - 1 ? HI_BINS - 1 : (long)v);
}

static int run_histo(gen_t *g, long W)
{
	long H = W * 1040 / 996, n = W * H;          /* Parboil's image is 996 x 1040 */
	long lo = HI_BINS, hi = 0;
	for (long i = 0; i < n; i++) {
		double v = HI_BINS / 2.0 + gsl_ran_gaussian(g->rng, HI_BINS / 32.0);
		long b = v < 0 ? 0 : v > HI_BINS - 1 ? HI_BINS - 1 : (long)v;
		if (b < lo) lo = b;
		if (b > hi) hi = b;
	}
	pk_t p = { .n = { W, H, lo / HI_RANGE, hi / HI_RANGE - lo / HI_RANGE + 1 } };
	p.a[0] = gen_alloc(g, n * 4); p.a[1] = gen_alloc(g, 8); p.a[2] = gen_alloc(g, n * 4);
	p.a[3] = gen_alloc(g, HI_BLOCK_X * HI_BINS * 4); p.a[4] = gen_alloc(g, HI_BINS * 4);
	p.a[5] = gen_alloc(g, HI_BINS * 4); p.a[6] = gen_alloc(g, HI_BINS * 4);
	/* input image and its uint2 intermediates: the pixel ints; min/max and the histograms
	 * (sub-histograms, final bins) start zeroed and stay mostly zero outside the occupied
	 * bins (host-initialised value) */
	hi_ctx_t hc = { g, p.a[0] };
	TRY(gen_content(g, p.a[0], (uint64_t)n, hi_word, &hc));
	TRY(gen_content(g, p.a[2], (uint64_t)n, hi_word, &hc));
	TRY(gen_content_const(g, p.a[1], 2, 0));
	TRY(gen_content_const(g, p.a[3], (uint64_t)(HI_BLOCK_X * HI_BINS), 0));
	for (int i = 4; i < 7; i++)
		TRY(gen_content_const(g, p.a[i], (uint64_t)HI_BINS, 0));
	gen_launch_t pre = {
		.kname = "histo_prescan_kernel", .grid = { 64, 1, 1 }, .block = { 512, 1, 1 },
		.sec = { NULL, hi_pre_loop, hi_pre_post }, .nsec = { 0, 2, 3 }, .trip_fn = hi_trips,
		.addr = hi_addr, .pc_base = 0x1000, .p = &p,
	};
	gen_launch_t inter = {
		.kname = "histo_intermediates_kernel", .grid = { (int)((H + 3) / 4), 1, 1 },
		.block = { (int)((W + 1) / 2), 1, 1 }, .sec = { NULL, hi_int_loop, NULL }, .nsec = { 0, 4, 0 },
		.trip_fn = hi_trips, .addr = hi_addr, .pc_base = 0x2000, .p = &p,
	};
	gen_launch_t mainl = {
		.kname = "histo_main_kernel", .grid = { HI_BLOCK_X, (int)p.n[3], 1 }, .block = { HI_THREADS, 1, 1 },
		.max_cta_sm = 1,                              /* 24 KiB of shared sub-histogram + 768 threads */
		.sec = { hi_main_pre, hi_main_loop, hi_main_post }, .nsec = { 1, 2, 11 }, .trip_fn = hi_trips,
		.addr = hi_addr, .pc_base = 0x3000, .p = &p,
	};
	gen_launch_t fin = {
		.kname = "histo_final_kernel", .grid = { HI_BLOCK_X * 3, 1, 1 }, .block = { 512, 1, 1 },
		.sec = { NULL, hi_final_loop, NULL }, .nsec = { 0, 5, 0 }, .trip_fn = hi_trips,
		.addr = hi_addr, .pc_base = 0x4000, .p = &p,
	};
	for (int it = 0; it < HI_ITERS; it++)
		if (gen_launch(g, &pre) < 0 || gen_launch(g, &inter) < 0 || gen_launch(g, &mainl) < 0 ||
		    gen_launch(g, &fin) < 0)
			return -1;
	return 0;
}

/* ------------------------------------------------------------------ lbm
 * performStreamCollide<<<(SIZE_Y, SIZE_Z), SIZE_X>>> on a 120 x 120 x Z grid (Parboil: Z =
 * 150), structure-of-arrays layout CALC_INDEX(x,y,z,e) = e*TOTAL + x + y*PADDED_X +
 * z*PADDED_X*PADDED_Y with PADDED_X = 128: each thread reads its cell's 19 distributions and
 * flag word (coalesced), ~220 FP instructions of collision, and writes the 19 values to the
 * neighbouring cells of the destination grid (x, y, z shifted by the velocity direction).
 * One time step.  a[0] src, a[1] dst */
static const int lbm_dir[19][3] = {
	{ 0, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 }, { 1, 0, 0 }, { -1, 0, 0 }, { 0, 0, 1 }, { 0, 0, -1 },
	{ 1, 1, 0 }, { -1, 1, 0 }, { 1, -1, 0 }, { -1, -1, 0 }, { 0, 1, 1 }, { 0, 1, -1 }, { 0, -1, 1 },
	{ 0, -1, -1 }, { 1, 0, 1 }, { 1, 0, -1 }, { -1, 0, 1 }, { -1, 0, -1 },
};
static gen_inst_t lbm_prog[2 + 20 + 1 + 19];

static uint32_t lbm_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const pk_t *p = L->p;
	long NZ = p->n[0], PX = 128, PY = 120, TOT = PX * PY * (NZ + 2);
	uint32_t m = 0;
	for (int l = 0; l < GEN_WARP; l++) {
		if (!(w->valid >> l & 1))
			continue;
		long x = w->tx[l], y = w->cx, z = w->cy + 1;   /* one margin plane below */
		if (op < 20) {
			a[l] = p->a[0] + (uint64_t)(op * TOT + x + y * PX + z * PX * PY) * F;
		} else {
			int e = op - 20;
			long xx = x + lbm_dir[e][0], yy = y + lbm_dir[e][1], zz = z + lbm_dir[e][2];
			if (xx < 0 || xx >= 120 || yy < 0 || yy >= 120)
				continue;
			a[l] = p->a[1] + (uint64_t)(e * TOT + xx + yy * PX + zz * PX * PY) * F;
		}
		m |= gen_lane_bit(l);
	}
	return m;
}

#define LBM_STEPS 16  /* time steps (Parboil's short input runs 100; 16 bound the first touches to ~1/16) */
static int run_lbm(gen_t *g, long nz)
{
	int k = 0;
	lbm_prog[k++] = (gen_inst_t)I_ALUN(12);
	for (int e = 0; e < 20; e++)
		lbm_prog[k++] = (gen_inst_t)I_LD(e, 4, 2);
	lbm_prog[k++] = (gen_inst_t)I_ALUN(220);
	for (int e = 0; e < 19; e++)
		lbm_prog[k++] = (gen_inst_t)I_ST(20 + e, 2, 5);
	lbm_prog[k++] = (gen_inst_t)I_ALUN(2);
	pk_t p = { .n = { nz } };
	long tot = 128L * 120 * (nz + 2);
	p.a[0] = gen_alloc(g, 20 * tot * F); p.a[1] = gen_alloc(g, 20 * tot * F);
	/* LBM_initializeGrid: every cell at the equilibrium weights, C 1/3, N..B 1/18, the twelve
	 * diagonals 1/36; flags 0 (the obstacle cells of the .of file: a few %, ignored).  SoA:
	 * one value per e array; both grids initialised */
	for (int e = 0; e < 20; e++) {
		float v = e == 0 ? 1.0f / 3 : e <= 6 ? 1.0f / 18 : e < 19 ? 1.0f / 36 : 0.0f;
		TRY(gen_content_const(g, p.a[0] + (uint64_t)(e * tot) * F, (uint64_t)tot, v));
		TRY(gen_content_const(g, p.a[1] + (uint64_t)(e * tot) * F, (uint64_t)tot, v));
	}
	gen_launch_t L = {
		.kname = "performStreamCollide", .grid = { 120, (int)nz, 1 }, .block = { 120, 1, 1 },
		.sec = { lbm_prog, NULL, NULL }, .nsec = { k, 0, 0 }, .addr = lbm_addr, .pc_base = 0x1000, .p = &p,
	};
	/* Parboil main.c: one launch per time step, then the grids swap (dst becomes src);
	 * LBM_STEPS steps make the first touches 1 / LBM_STEPS of the stream (steady state) */
	for (int t = 0; t < LBM_STEPS; t++) {
		TRY(gen_launch(g, &L));
		uint64_t s = p.a[0];
		p.a[0] = p.a[1];
		p.a[1] = s;
	}
	return 0;
}

/* ------------------------------------------------------------------ mri-gridding
 * Parboil mri-gridding, gridding_GPU<<<(G/8, (G/4)*(G/4)), (8, 4, 4)>>>: samples are sorted by
 * grid cell (the CPU binning step) and binStartAddr_g[c] is the first sample of cell c; each
 * thread owns one grid point (X, Y, Z) of its CTA's 8x4x4 tile; the CTA walks the rows
 * (z, y) of the tile's neighbourhood (cutoff 2: 9 x 9 rows of 13 cells):
 *   start = binStartAddr[row + xL]; end = binStartAddr[row + xH + 1]      (2 broadcast loads)
 *   for each chunk of TILE = 64 samples: threads flatIdx < tileSize load sample_g[start + ...]
 *   into shared memory (a 24 B struct: three 8 B loads), then every thread evaluates every
 *   sample of the chunk against its grid point (~30 instructions: distance, cutoff test,
 *   Kaiser-Bessel polynomial for the samples within the cutoff);
 * then gridData_g[idx] (float2) and sampleDensity_g[idx] are stored.  The loop is modelled
 * per sample: one unit per row (the two bin loads) and one per sample (its ~30 instructions;
 * the chunk loads on the first sample of each chunk).  Samples: a radial k-space trajectory,
 * denser near the centre (each coordinate normal around G/2, sigma = G/6, seeded); 65536
 * samples.  n[0] G.  a[0] samples, a[1] binStart, a[2] gridData, a[3] density */
#define MG_TILE 64
#define MG_CUT 2
typedef struct mg_d {
	long G;
	long *bin;         /* G^3 + 1 cell starts */
} mg_d_t;

static const gen_inst_t mg_pre[] = { I_ALUN(40) };
static const gen_inst_t mg_loop[] = {
	I_LD(0, 4, 2), I_LD(1, 5, 2), I_LD(2, 6, 3), I_LD(3, 7, 3), I_LD(4, 8, 3), I_ALUN(30),
};
static const gen_inst_t mg_post[] = { I_ALUN(4), I_ST(5, 2, 10), I_ST(6, 2, 11) };

/* Neighbourhood of the CTA: rows (z, y) with their x range [xL, xH]. */
static void mg_box(const mg_d_t *d, const gen_warp_t *w, long *zL, long *zH, long *yL, long *yH,
                   long *xL, long *xH)
{
	long G = d->G, ty = G / 4;
	long z0 = 4 * (w->cy / ty), y0 = 4 * (w->cy % ty), x0 = 8L * w->cx;
	*xL = x0 - MG_CUT < 0 ? 0 : x0 - MG_CUT; *xH = x0 + 8 + MG_CUT >= G ? G - 1 : x0 + 8 + MG_CUT;
	*yL = y0 - MG_CUT < 0 ? 0 : y0 - MG_CUT; *yH = y0 + 4 + MG_CUT >= G ? G - 1 : y0 + 4 + MG_CUT;
	*zL = z0 - MG_CUT < 0 ? 0 : z0 - MG_CUT; *zH = z0 + 4 + MG_CUT >= G ? G - 1 : z0 + 4 + MG_CUT;
}

static long mg_trips(const gen_launch_t *L, gen_warp_t *w)
{
	const pk_t *p = L->p;
	const mg_d_t *d = p->d[0];
	long zL, zH, yL, yH, xL, xH, n = 0;
	mg_box(d, w, &zL, &zH, &yL, &yH, &xL, &xH);
	for (long z = zL; z <= zH; z++)
		for (long y = yL; y <= yH; y++) {
			long row = (z * d->G + y) * d->G;
			n += 1 + d->bin[row + xH + 1] - d->bin[row + xL];
		}
	w->u[0] = -1;      /* current row (as z*G + y), advanced by the address function */
	w->u[1] = 0;       /* first unit of that row */
	w->u[2] = 0;       /* samples in that row */
	return n;
}

static uint32_t mg_addr(const gen_launch_t *L, const gen_warp_t *cw, int sec, int op, uint64_t a[32])
{
	const pk_t *p = L->p;
	const mg_d_t *d = p->d[0];
	gen_warp_t *w = (gen_warp_t *)cw;   /* the slot's own state: the row cursor lives in u[] */
	long G = d->G;
	uint32_t m = 0;
	if (sec == 2) {
		for (int l = 0; l < GEN_WARP; l++) {
			long X = 8L * w->cx + w->tx[l], Y = 4 * (w->cy % (G / 4)) + w->ty[l];
			long Z = 4 * (w->cy / (G / 4)) + w->tz[l], idx = (Z * G + Y) * G + X;
			a[l] = op == 5 ? p->a[2] + (uint64_t)idx * 8 : p->a[3] + (uint64_t)idx * 4;
		}
		return w->valid;
	}
	long zL, zH, yL, yH, xL, xH;
	mg_box(d, w, &zL, &zH, &yL, &yH, &xL, &xH);
	/* advance the row cursor to the row holding unit w->iter */
	if (w->u[0] < 0) {
		w->u[0] = zL * G + yL; w->u[1] = 0;
		long row = w->u[0] * G;
		w->u[2] = d->bin[row + xH + 1] - d->bin[row + xL];
	}
	while (w->iter >= w->u[1] + 1 + w->u[2]) {
		w->u[1] += 1 + w->u[2];
		long z = w->u[0] / G, y = w->u[0] % G;
		if (++y > yH) { y = yL; z++; }
		w->u[0] = z * G + y;
		long row = w->u[0] * G;
		w->u[2] = d->bin[row + xH + 1] - d->bin[row + xL];
	}
	long row = w->u[0] * G, k = w->iter - w->u[1];   /* k = 0: the row's bin loads */
	long start = d->bin[row + xL], delta = w->u[2];
	for (int l = 0; l < GEN_WARP; l++) {
		if (!(w->valid >> l & 1))
			continue;
		if (op < 2) {
			if (k != 0) continue;
			a[l] = p->a[1] + (uint64_t)(row + (op == 0 ? xL : xH + 1)) * 4;
		} else {
			long s = k - 1;                              /* sample index within the row */
			if (k == 0 || s % MG_TILE != 0) continue;
			long flat = (long)w->w * 32 + l, tile = delta - s < MG_TILE ? delta - s : MG_TILE;
			if (flat >= tile) continue;
			a[l] = p->a[0] + (uint64_t)(start + s + flat) * 24 + (uint64_t)(op - 2) * 8;
		}
		m |= gen_lane_bit(l);
	}
	return m;
}

static int run_mrig(gen_t *g, long G)
{
	if (G % 8) {
		snprintf(g->err, sizeof g->err, "--size must be a multiple of 8, got %ld", G);
		return -1;
	}
	long ns = 1L << 16, nc = G * G * G;
	mg_d_t d = { .G = G };
	d.bin = calloc((size_t)nc + 1, sizeof *d.bin);
	if (!d.bin)
		return -1;
	for (long s = 0; s < ns; s++) {
		long c[3];
		for (int k = 0; k < 3; k++) {
			double v = G / 2.0 + gsl_ran_gaussian(g->rng, G / 6.0);
			c[k] = v < 0 ? 0 : v >= G ? G - 1 : (long)v;
		}
		d.bin[(c[2] * G + c[1]) * G + c[0] + 1]++;
	}
	for (long c = 0; c < nc; c++)
		d.bin[c + 1] += d.bin[c];
	pk_t p = { .n = { G } };
	p.d[0] = &d;
	p.a[0] = gen_alloc(g, ns * 24); p.a[1] = gen_alloc(g, (nc + 1) * 4);
	p.a[2] = gen_alloc(g, nc * 8); p.a[3] = gen_alloc(g, nc * 4);
	/* samples {real, imag, kX, kY, kZ, sdc}: floats (uniform stand-in); the bin offsets
	 * (ints, built above); gridData (float2) and sampleDensity zeroed (host init) */
	if (gen_content_urand(g, p.a[0], (uint64_t)(ns * 6), -1, 1) < 0 ||
	    gen_content_longs(g, p.a[1], (uint64_t)(nc + 1), d.bin) < 0 ||
	    gen_content_const(g, p.a[2], (uint64_t)(nc * 2), 0) < 0 ||
	    gen_content_const(g, p.a[3], (uint64_t)nc, 0) < 0) {
		free(d.bin);
		return -1;
	}
	gen_launch_t L = {
		.kname = "gridding_GPU", .grid = { (int)(G / 8), (int)((G / 4) * (G / 4)), 1 }, .block = { 8, 4, 4 },
		.sec = { mg_pre, mg_loop, mg_post }, .nsec = { 1, 6, 3 }, .trip_fn = mg_trips,
		.addr = mg_addr, .pc_base = 0x1000, .p = &p,
	};
	int rc = gen_launch(g, &L);
	free(d.bin);
	return rc;
}

/* ------------------------------------------------------------------ mri-q
 * ComputeQ_GPU<<<numX/256, 256>>>, once per chunk of 1024 k-space samples (the samples sit
 * in __constant__ memory): each thread loads x, y, z, Qr, Qi of its voxel, accumulates
 * 1024 samples (~14 instructions each incl. sin/cos on the SFU), stores Qr, Qi.
 * Parboil "small": 32768 voxels, 3072 samples.  a[]: 0 x, 1 y, 2 z, 3 Qr, 4 Qi */
#define MQ_K 3072
static const gen_inst_t mq_prog[] = {
	I_ALUN(8), I_LD(0, 4, 2), I_LD(1, 5, 2), I_LD(2, 6, 2), I_LD(3, 7, 2), I_LD(4, 8, 2),
	I_ALUN(1024 * 14), I_ST(5, 2, 7), I_ST(6, 2, 8),
};

static uint32_t mq_addr(const gen_launch_t *L, const gen_warp_t *w, int sec, int op, uint64_t a[32])
{
	const pk_t *p = L->p;
	int arr = op < 5 ? op : op - 2;
	for (int l = 0; l < GEN_WARP; l++)
		a[l] = p->a[arr] + (uint64_t)w->gx[l] * F;
	return lanes_ok(w, p->n[0]);
}

static int run_mriq(gen_t *g, long nx)
{
	pk_t p = { .n = { nx } };
	for (int i = 0; i < 5; i++)
		p.a[i] = gen_alloc(g, nx * F);
	/* voxel coordinates x, y, z (input file floats: uniform stand-in in [-0.5, 0.5)), Qr, Qi
	 * accumulated floats */
	for (int i = 0; i < 5; i++)
		TRY(gen_content_urand(g, p.a[i], (uint64_t)nx, -0.5f, 0.5f));
	gen_launch_t L = {
		.kname = "ComputeQ_GPU", .grid = { (int)((nx + 255) / 256), 1, 1 }, .block = { 256, 1, 1 },
		.sec = { mq_prog, NULL, NULL }, .nsec = { 9, 0, 0 }, .addr = mq_addr, .pc_base = 0x1000, .p = &p,
	};
	for (int c = 0; c < MQ_K / 1024; c++)
		if (gen_launch(g, &L) < 0)
			return -1;
	return 0;
}

/* ------------------------------------------------------------------ table */

const gen_kernel_t gen_parboil[] = {
	{ "pb-spmv", "Parboil", "JDS sparse matrix-vector, power-law rows (mean 16 nnz)", 131072, 1024, 1 << 22, "rows", "rtx3080", run_spmv },
	{ "pb-stencil", "Parboil", "7-point 3-D stencil, nz = 64, 20 time steps", 512, 64, 2048, "nx=ny", "rtx3080", run_stencil },
	{ "pb-sgemm", "Parboil", "register-tiled SGEMM (mysgemmNT)", 1024, 128, 4096, "M=N=K (multiple of 128)", "rtx3080", run_sgemm },
	{ "pb-histo", "Parboil", "histogram: prescan, intermediates, main, final; peaked image, 2 passes", 996, 64, 8192, "image width (height = width*1040/996)", "rtx3080", run_histo },
	{ "pb-lbm", "Parboil", "lattice-Boltzmann D3Q19 stream-collide, 120x120xZ, 16 time steps", 150, 4, 400, "Z planes", "rtx3080", run_lbm },
	{ "pb-mri-gridding", "Parboil", "gridding_GPU: 65536 radial samples onto a G^3 grid, cutoff 2", 64, 16, 256, "grid points per axis G (multiple of 8)", "rtx3080", run_mrig },
	{ "pb-mri-q", "Parboil", "Q matrix, 3072 k-space samples in constant memory", 32768, 256, 1 << 22, "voxels", "rtx3080", run_mriq },
	{ NULL, NULL, NULL, 0, 0, 0, NULL, NULL, NULL },
};
