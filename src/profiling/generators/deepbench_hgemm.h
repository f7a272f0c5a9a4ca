/*
 * deepbench_hgemm.h -- the tiled tensor-core HGEMM template the DeepBench generators share
 * (gemm_bench, conv_bench's implicit GEMMs, rnn_bench's GEMMs); the template is described in
 * deepbench_hgemm.c.  Internal to src/profiling/generators/deepbench*.c.
 */
#ifndef GPUDSE_DEEPBENCH_HGEMM_H
#define GPUDSE_DEEPBENCH_HGEMM_H

#include "profiling/generators/gen.h"

#include <stdint.h>

#define F 4   /* sizeof(float) */
#define HF 2  /* sizeof(half) */

#define TG_MAXLOOP (4 + 4 + 1 + 12 + 64 + 1 + 5)
#define TG_MAXPOST (8 * 6)

typedef struct db_hgemm {
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
} db_hgemm_t;

/* The tile shape and the templates of one K step and of the epilogue for t->N columns. */
int db_hgemm_build(db_hgemm_t *t);
/* Launch one tiled HGEMM (kernel name `name`, PCs from `pc`); the Turing instruction shape
 * (m16n8k8) renames h16816 to h1688 as CUTLASS does. */
int db_hgemm_launch(gen_t *g, const char *name, uint32_t pc, db_hgemm_t *t);

#endif
