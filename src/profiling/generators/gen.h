/*
 * gen.h -- synthetic GPU kernel address streams: the workload library behind `gpudse trace`.
 *
 * A benchmark application is a sequence of kernel launches (gen_launch_t).  A launch has a
 * grid and a block shape, like its CUDA source, and one *program* that every warp runs: a
 * prologue section, a loop section repeated `trips` times (per warp: the maximum over its
 * lanes), and an epilogue section.  Each section is a list of instruction templates
 * (gen_inst_t); a global-memory template asks the launch's address callback for the 32 lane
 * addresses and the active-lane mask, exactly as the CUDA source computes them.
 *
 * The machinery (gen_core.c) then does what the hardware does, in a documented order
 * (docs/workloads.md):
 *   - CTAs are numbered x-fastest and handed to SMs round-robin (CTA c -> SM c mod n_sm)
 *     until every SM holds as many CTAs as its warp and CTA limits allow; a CTA that
 *     finishes is replaced by the next CTA of the queue on the same SM;
 *   - warps of a CTA are 32 consecutive linear thread ids (x fastest, then y, then z);
 *   - every "round", each resident warp issues one instruction template (loose round robin):
 *     warp slot 0 of SM 0, 1, ..., n_sm-1, then slot 1 of every SM, and so on, so that the
 *     SMs run concurrently, interleaved at warp-instruction granularity; a run of k
 *     anonymous ALU instructions issues in one turn;
 *   - or, with sched = GEN_SCHED_GTO (greedy then oldest): every "step", each SM issues one
 *     template of its current warp (SM 0, 1, ..., n_sm-1, the same SM granularity); the
 *     current warp is the oldest resident one until it has issued gto_burst memory
 *     instructions (it stalls on a miss), then the next oldest, cycling through the warps in
 *     age order (a warp spawned later is younger; a finished warp hands over to the next);
 *   - a warp memory instruction is coalesced into distinct 128 B lines (one access record per
 *     line, ascending addresses, all with the instruction's PC) and distinct 32 B sectors;
 *   - launches run one after another (a kernel boundary is a global barrier).
 *
 * Output goes to a gen_sink_t: the text trace of docs/trace-format.md, the in-process
 * profiler, and/or the statistics of gen_stats_t.
 */
#ifndef GPUDSE_GEN_H
#define GPUDSE_GEN_H

#include <stddef.h>
#include <stdint.h>

#include <gsl/gsl_rng.h>

#include "profiling/shape_acc.h"

#define GEN_WARP 32          /* threads per warp */
#define GEN_LINE 128         /* L1 line, bytes */
#define GEN_SECTOR 32        /* sector, bytes */
#define GEN_NOREG (-1)       /* "no register" in a template */
#define GEN_DEV_BASE 0x10000000ULL /* first device address gen_alloc hands out */

/* What an instruction template is. */
enum gen_kind {
	GEN_ALU = 0,   /* any non-memory instruction (integer, FP, branch, shared memory) */
	GEN_LD,        /* global load (also texture/read-only loads: unified L1 on Volta+) */
	GEN_ST,        /* global store */
	GEN_ATOM,      /* global atomic: recorded as a write access */
	GEN_TENSOR,    /* tensor-core instruction (HMMA) */
	/* The code's shape (issue 18): counted in the profile's "shape", no address record. */
	GEN_LDS,       /* shared-memory load (LDS); `ways` = its bank-conflict degree */
	GEN_STS,       /* shared-memory store (STS) */
	GEN_ATOMS,     /* shared-memory atomic (ATOMS) */
	GEN_BAR        /* __syncthreads (BAR.SYNC) */
};

/* One instruction template of a warp program. */
typedef struct gen_inst {
	unsigned char kind;  /* enum gen_kind */
	unsigned char memop; /* for LD/ST/ATOM: which address the callback computes; for TENSOR:
	                        the MMA's k (8: Turing's HMMA.1688; 0: HMMA.16816) */
	unsigned short rep;  /* GEN_ALU only: a run of rep anonymous instructions (no registers) */
	short dst;           /* destination register or GEN_NOREG */
	short src[3];        /* source registers, GEN_NOREG-padded */
	/* The code's shape (appended: older templates leave them 0 = the kind's default).  A trace
	 * writer gets an SASS opcode for a template from gen_inst_opcode. */
	unsigned char unit;  /* GEN_ALU: execution unit + 1 (enum shape_unit; 0: not declared,
	                        written as NOP and counted as int, gen_inst_unit); other kinds
	                        imply their unit */
	unsigned char width; /* LD/ST/ATOM/LDS/STS: bytes per lane (0: 4) */
	unsigned char ways;  /* LDS/STS/ATOMS: bank-conflict degree the source implies (0: 1) */
} gen_inst_t;

/* Template helpers: registers are small integers; r(-1) is "none". */
#define I_LD(op, d, a)        { GEN_LD, (op), 1, (d), { (a), -1, -1 }, 0, 0, 0 }
#define I_ST(op, a, v)        { GEN_ST, (op), 1, -1, { (a), (v), -1 }, 0, 0, 0 }
#define I_ATOM(op, a, v)      { GEN_ATOM, (op), 1, -1, { (a), (v), -1 }, 0, 0, 0 }
#define I_ALU(d, a, b, c)     { GEN_ALU, 0, 1, (d), { (a), (b), (c) }, 0, 0, 0 }
#define I_ALUN(n)             { GEN_ALU, 0, (n), -1, { -1, -1, -1 }, 0, 0, 0 }
#define I_HMMA(d, a, b, c)    { GEN_TENSOR, 0, 1, (d), { (a), (b), (c) }, 0, 0, 0 }
/* Templates with their execution unit (SU_* of models/profile_shape.h) and shared memory. */
#define I_OP(u, d, a, b, c)   { GEN_ALU, 0, 1, (d), { (a), (b), (c) }, (u) + 1, 0, 0 }
#define I_OPN(u, n)           { GEN_ALU, 0, (n), -1, { -1, -1, -1 }, (u) + 1, 0, 0 }
#define I_FP32(d, a, b, c)    I_OP(SU_FP32, d, a, b, c)
#define I_FP64(d, a, b, c)    I_OP(SU_FP64, d, a, b, c)
#define I_INT(d, a, b, c)     I_OP(SU_INT, d, a, b, c)
#define I_SFU(d, a)           I_OP(SU_SFU, d, a, -1, -1)
#define I_BRA()               I_OP(SU_BRANCH, -1, -1, -1, -1)
#define I_LDW(op, d, a, w)    { GEN_LD, (op), 1, (d), { (a), -1, -1 }, 0, (w), 0 }
#define I_LDS(d, a, ways)     { GEN_LDS, 0, 1, (d), { (a), -1, -1 }, 0, 4, (ways) }
#define I_LDSW(d, a, w, ways) { GEN_LDS, 0, 1, (d), { (a), -1, -1 }, 0, (w), (ways) }
#define I_STS(a, v, ways)     { GEN_STS, 0, 1, -1, { (a), (v), -1 }, 0, 4, (ways) }
#define I_ATOMS(a, v, ways)   { GEN_ATOMS, 0, 1, -1, { (a), (v), -1 }, 0, 4, (ways) }
#define I_BAR()               { GEN_BAR, 0, 1, -1, { -1, -1, -1 }, 0, 0, 0 }

/* Execution unit of a template (enum shape_unit) and an SASS opcode a trace writer can print
 * for it (a representative one: "FFMA" for fp32, "IMAD" for int, "LDG.E" / "LDG.E.64" for a
 * load by width, "STS", "BAR.SYNC", ...; "NOP" for an undeclared ALU template). */
enum shape_unit gen_inst_unit(const gen_inst_t *in);
const char *gen_inst_opcode(const gen_inst_t *in);

typedef struct gen_launch gen_launch_t;

/* One resident warp, as the address callback sees it. */
typedef struct gen_warp {
	long cta;                /* linear CTA id (x fastest) */
	int cx, cy, cz;          /* blockIdx */
	int w;                   /* warp index within the CTA */
	long gwarp;              /* warp id unique within the launch */
	uint32_t valid;          /* lanes that exist (a block not a multiple of 32 leaves holes) */
	int tx[GEN_WARP], ty[GEN_WARP], tz[GEN_WARP]; /* threadIdx per lane */
	long gx[GEN_WARP], gy[GEN_WARP], gz[GEN_WARP]; /* blockIdx*blockDim + threadIdx per lane */
	long trips;              /* loop-section trip count of this warp */
	long iter;               /* current loop iteration (0-based) */
	long u[4];               /* kernel scratch, set by trip_fn */
} gen_warp_t;

/*
 * Address callback: fill a[lane] for the lanes that execute memory template `memop` of
 * section `sec` (0 prologue, 1 loop at iteration w->iter, 2 epilogue) and return their mask
 * (a subset of w->valid).  A zero mask means no lane executes it (the warp branches around).
 */
typedef uint32_t (*gen_addr_fn)(const gen_launch_t *L, const gen_warp_t *w, int sec, int memop,
                                uint64_t a[GEN_WARP]);

struct gen_launch {
	const char *kname;        /* kernel function name, for comments in the trace */
	int grid[3];              /* gridDim */
	int block[3];             /* blockDim */
	int max_cta_sm;           /* occupancy limit from shared memory/registers (0: none) */
	int regs;                 /* registers per thread as the compiled kernel uses them (0:
	                           * not declared; then smem is not declared either) */
	long smem;                /* shared memory per CTA, bytes, static + dynamic (with regs) */
	const gen_inst_t *sec[3]; /* prologue, loop, epilogue templates */
	int nsec[3];              /* templates per section */
	long trips;               /* loop trips when trip_fn is NULL */
	long (*trip_fn)(const gen_launch_t *L, gen_warp_t *w); /* per-warp trips (may set w->u) */
	gen_addr_fn addr;
	int has_regs;             /* templates carry real register numbers: emit X records */
	uint32_t pc_base;         /* PCs of this kernel: pc_base + 16 * template index */
	const void *p;            /* kernel parameters (the generator's struct) */
};

/* Where the generated stream goes.  Any callback may be NULL. */
typedef struct gen_sink {
	void *ctx;
	void (*access)(void *ctx, int sm, int write, uint64_t addr, uint32_t pc);
	/* optional, after access: the 32 B sectors of the request (bits 0..3 of the line at addr)
	 * and whether it bypasses the L1 (a global atomic, models/atomics.h) */
	void (*sectors)(void *ctx, int sm, int write, uint64_t addr, unsigned mask, int bypass_l1);
	void (*insts)(void *ctx, int sm, double ninst, double nmem, double nsect);
	void (*regs)(void *ctx, int sm, long warp, int dst, const int *src, int nsrc);
	void (*tensor)(void *ctx, int sm, double n);
	void (*comment)(void *ctx, const char *text);
	shape_acc_t *shape;       /* launch and code shape (profiler_shape), or NULL */
	/* Optional, for writers that need whole warp instructions (the Accel-Sim trace writer,
	 * src/profiling/trace_write_accelsim.c): launch(ctx, L, 0) before a launch's first
	 * instruction and launch(ctx, L, 1) after its last; winst for every executed template of
	 * warp w on SM sm (an anonymous ALU run once, with in->rep), its PC, active mask and,
	 * for memory kinds, the lane addresses a[] (valid where mask has the lane; NULL for
	 * non-memory kinds).  A memory template with an all-zero mask is not executed: no call. */
	void (*launch)(void *ctx, const gen_launch_t *L, int done);
	void (*winst)(void *ctx, int sm, const gen_launch_t *L, const gen_warp_t *w,
	              const gen_inst_t *in, uint32_t pc, uint32_t mask, const uint64_t *a);
} gen_sink_t;

/* Options of one generation run. */
typedef struct gen_opts {
	int n_sm;                 /* SMs the CTAs are spread over */
	int warps_per_sm;         /* resident warp slots per SM */
	int ctas_per_sm;          /* resident CTA limit per SM */
	unsigned long seed;       /* seed of the synthetic inputs (GSL mt19937) */
	int regs;                 /* emit register-operand records where the kernel has them */
	int stats;                /* keep gen_stats_t (replication ratio simulator) */
	int sched;                /* warp order within an SM: enum gen_sched (0: loose round robin) */
	int gto_burst;            /* GEN_SCHED_GTO: memory instructions a warp issues before the
	                           * SM moves on to the next oldest warp (<= 0: GEN_GTO_BURST) */
	int hmma_k;               /* K of one HMMA instruction: 8 (Turing's HMMA.1688, m16n8k8) or
	                           * 16 (Ampere and later, HMMA.16816; 0 = 16): gen_hmma_k() */
} gen_opts_t;

/* Warp order within an SM (docs/workloads.md "Interleaving"). */
enum gen_sched {
	GEN_SCHED_LRR = 0,        /* loose round robin: one template per resident warp per round */
	GEN_SCHED_GTO             /* greedy then oldest: the oldest warp issues until it has issued
	                           * gto_burst memory instructions (its stall), then the next oldest */
};
#define GEN_GTO_BURST 4       /* default burst; see docs/workloads.md for the choice */

/* Figures the generator measures itself (independent of the profiler). */
typedef struct gen_stats {
	double insts;             /* warp instructions */
	double mem_insts;         /* warp global-memory instructions */
	double accesses;          /* 128 B line requests (access records) */
	double writes;            /* of which writes */
	double sectors;           /* 32 B sectors */
	double tensor;            /* tensor instructions */
	double reg_insts;         /* instructions with register records */
	/* A 16 KiB 4-way LRU L1 per SM (128 B lines, write-evict, no write allocate: the DC-L1
	 * baseline, Table II) and the DC-L1 §II replication ratio: share of L1 read misses whose
	 * line is resident in another SM's L1 at that moment. */
	double l1_reads, l1_read_misses, l1_repl_misses;
	long launches, ctas;
} gen_stats_t;

typedef struct gen {
	gen_opts_t o;
	gen_sink_t sink;
	gsl_rng *rng;             /* synthetic inputs */
	uint64_t next_addr;       /* device allocator */
	gen_stats_t st;
	void *l1sim;              /* replication simulator state (stats only) */
	long warp_base;           /* warps of earlier launches: X-record warp ids stay unique */
	char err[256];            /* set when a generator fails */
	/* Array contents for BDI compressibility (gen_content): one byte per 128 B block of the
	 * device address space [GEN_DEV_BASE, next_addr): bits 0-1 the block's level + 1
	 * (0: contents not declared), bit 7 set once an access touches the block. */
	uint8_t *cmap;
	uint64_t cmap_n;          /* blocks the map covers */
	int cmap_oom;             /* growing the map failed: no compressibility */
	struct fresh_age *fresh;  /* the lines' freshness for the shape's mlp groups (NULL: no shape) */
} gen_t;

/* A kernel of the library. */
typedef struct gen_kernel {
	const char *name;         /* "p-2mm" */
	const char *suite;        /* "PolyBench-GPU", "Rodinia", ... */
	const char *what;         /* one line: the benchmark and its input */
	long def_size;            /* shipped size */
	long min_size, max_size;  /* accepted --size range */
	const char *size_doc;     /* what --size means, e.g. "NI=NJ=NK" */
	const char *def_gpu;      /* GPU preset of the paper that evaluates it (its SM count) */
	int (*run)(gen_t *g, long size); /* 0 or -1 with g->err set */
} gen_kernel_t;

/* The library: the i-th kernel (0-based, suite order) or NULL past the end; gen_find returns
 * NULL for an unknown name. */
const gen_kernel_t *gen_kernel_at(int i);
const gen_kernel_t *gen_find(const char *name);

/* Start a run: 0, or -1 (out of memory). */
int gen_init(gen_t *g, const gen_opts_t *o, const gen_sink_t *sink);
void gen_free(gen_t *g);

/* Device memory for an array of `bytes`: returns its base address (64 KiB aligned). */
uint64_t gen_alloc(gen_t *g, uint64_t bytes);

/*
 * Array contents, for the BDI compressibility of the blocks the kernel touches (Morpheus
 * §4.3.1; models/bdi.h).  A generator declares what the benchmark stores in an array it
 * allocated: word i (4 bytes, float or int as the kernel declares it, little-endian) of the
 * array at `base` is fn(ctx, i), i < nwords; words past nwords in the last block are zero.
 * Every 128 B block is compressed once, here (ctx need not outlive the call).  0 or -1 (out of
 * memory).  Arrays never declared are "unknown": their touched blocks count as uncompressed.
 */
typedef uint32_t (*gen_word_fn)(const void *ctx, uint64_t i);
int gen_content(gen_t *g, uint64_t base, uint64_t nwords, gen_word_fn fn, const void *ctx);
/* PolyBench-GPU init_array formula: float word i = (r, c) = (i / cols, i % cols) holds
 * ((float)(r + ri) * (float)(c + ci) + add) / div, as the benchmark's init loops compute it
 * (e.g. A[i][j] = ((DATA_TYPE) i*j) / NI: ri = ci = add = 0, div = NI). */
int gen_content_pb(gen_t *g, uint64_t base, long rows, long cols, long ri, long ci, double add,
                   double div);
/* Constant float value v (0: zeros, as cudaMemset or a zeroing init leaves an array). */
int gen_content_const(gen_t *g, uint64_t base, uint64_t nwords, float v);
/* Uniform random floats in [lo, hi) (rand()/RAND_MAX-style inputs), from a hash of the seed,
 * the array and the index: independent of the generator's RNG, so the address stream does not
 * change. */
int gen_content_urand(gen_t *g, uint64_t base, uint64_t nwords, float lo, float hi);
/* Word i of the array gen_content_urand(g, base, ..., lo, hi) declares (for arrays computed
 * from a random input). */
float gen_urand_at(const gen_t *g, uint64_t base, uint64_t i, float lo, float hi);
/* Uniform random 32-bit integers in [lo, lo + n) (rand() % n + lo inputs). */
int gen_content_irand(gen_t *g, uint64_t base, uint64_t nwords, int32_t lo, uint32_t n);
/* 32-bit integers from a long array (CSR offsets and indices). */
int gen_content_longs(gen_t *g, uint64_t base, uint64_t nwords, const long *v);

/* BDI compressibility of the blocks touched so far (each distinct 128 B block once):
 * frac[0..2] = shares high, low, uncompressed (undeclared blocks count as uncompressed) and
 * *known = share of touched blocks whose contents were declared.  0, or -1 when nothing was
 * touched or the map ran out of memory. */
int gen_compressibility(const gen_t *g, double frac[3] /* OUT */, double *known /* OUT */);

/* Run one launch to completion through the sink.  0 or -1 (out of memory). */
int gen_launch(gen_t *g, const gen_launch_t *L);

/* Flush pending instruction records (call once at the end). */
void gen_finish(gen_t *g);

/* Helpers for address callbacks. */
static inline uint32_t gen_lane_bit(int lane) { return (uint32_t)1 << lane; }

/* Per-suite tables (each file exports its kernels), each ended by an entry with name NULL. */
extern const gen_kernel_t gen_polybench[];
extern const gen_kernel_t gen_rodinia[];
extern const gen_kernel_t gen_parboil[];
extern const gen_kernel_t gen_dnn[];
extern const gen_kernel_t gen_deepbench[];
/* deepbench_hgemm.c's tiled HGEMM for N columns: CTA tile columns, warp instructions per warp per K
 * step and in the epilogue (STG.128), and per K step the HMMA, LDSM and LDG.128 among them
 * (tests/unit/test_deepbench.c checks the generated counts against these by construction). */
int gen_deepbench_tile(long n, int hmma_k, int *nt, int *loop, int *post, int *hmma, int *ldsm, int *ldg);
/* The HMMA shape the generators emit for a GPU of compute capability sm_version x 10:
 * Turing (75) has only m16n8k8 (HMMA.1688; CUTLASS's Sm75 tensor-op instruction shape
 * 16x8x8), Ampere and later m16n8k16 (HMMA.16816).  Volta's HMMA.884 sequences are not
 * generated: other versions get 16. */
int gen_hmma_k(int sm_version);
/* deepbench.c's conv_bench forward convolution of one geometry: x is n x h x w x c, the filter
 * k x r x s x c, y is n x p x q x k, all NHWC fp16 (implicit GEMM); p and q are set to the
 * output size.  0, or -1 with g->err. */
typedef struct conv_geo {
	long n, h, w, c, k, r, s, pad_h, pad_w, sh, sw, p, q;
} conv_geo_t;
int gen_deepbench_conv(gen_t *g, conv_geo_t *c);
/* One pass of conv_bench training on geometry c (on arrays of its own): the forward
 * convolution, the backward filter (dW) or the backward data (dX) implicit GEMM (deepbench.c's
 * header gives each one's GEMM).  0, or -1 with g->err (the backward passes also need K a
 * multiple of 8). */
enum conv_pass { CONV_FPROP = 0, CONV_WGRAD, CONV_DGRAD };
int gen_deepbench_conv_pass(gen_t *g, conv_geo_t *c, int pass);
/* deepbench_hgemm.c's tiled HGEMM C = A.B^T of M x N x K, A stored K-major (or M-major when
 * a_mmajor: a transposed operand), B K-major (or N-major when b_nmajor), C fp32 column-major
 * (or, with c_half, fp16 column-major and read before it is written: C = A.B^T + C, as
 * gemm_bench's nonzero beta makes cuBLAS do). 0, or -1 with g->err. */
int gen_deepbench_gemm(gen_t *g, long M, long N, long K, int a_mmajor, int b_nmajor, int c_half);
extern const gen_kernel_t gen_graph[];
extern const gen_kernel_t gen_cudasdk[];

/* Synthetic inputs (gen_input.c). */
typedef struct gen_csr {
	long n;                   /* vertices / rows */
	long nnz;                 /* edges / nonzeros */
	long *row;                /* n+1 offsets */
	long *col;                /* nnz column indices */
} gen_csr_t;
/* R-MAT graph (Chakrabarti et al. 2004) with 2^scale vertices and edgefactor*2^scale edges,
 * a=0.57 b=0.19 c=0.19 d=0.05, symmetrised, self loops and duplicates removed, vertex labels
 * randomly permuted (as Graph500 does).  0 or -1. */
int gen_rmat(gen_t *g, int scale, int edgefactor, gen_csr_t *out);
/* Sparse matrix with power-law row lengths (Pareto, alpha 2.2, mean ~mean_len, at most
 * max_len) and columns 70% within a band of +-band around the diagonal, 30% uniform. */
int gen_powerlaw(gen_t *g, long n, double mean_len, long max_len, long band, gen_csr_t *out);
void gen_csr_free(gen_csr_t *c);

#endif
