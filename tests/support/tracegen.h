/*
 * tracegen.h -- seeded synthetic block traces for tests (GSL mt19937).
 *
 * A trace is an array of tg_ref_t (SM, read/write, block index).  tg_mix() draws each
 * reference from one of several components, chosen with the given weights:
 *
 *   TG_LOOP    cyclic sweep over a working set of `size` blocks (per SM, position kept)
 *   TG_STRIDE  strided stream: block = base + k * stride, k = 0,1,2,... wrapping at `size` blocks
 *   TG_RANDOM  uniform over `size` blocks
 *   TG_ZIPF    Zipf-like reuse: rank r in 1..size with P(r) ~ r^-alpha (rejection-free
 *              inverse-CDF table), rank mapped to a scattered block
 *
 * Multi-SM: references go to SM 0..n_sm-1 round-robin in bursts of `burst` references; each
 * component has its own address region per SM, except that with probability `share` a
 * reference uses the component's region of SM 0 instead (data shared between SMs).  Each
 * reference is a write with probability `write_frac` of its component.
 */
#ifndef GPUDSE_TRACEGEN_H
#define GPUDSE_TRACEGEN_H

#include <stddef.h>
#include <stdint.h>

typedef struct tg_ref {
	int sm;
	int is_write;
	uint64_t block;
} tg_ref_t;

enum tg_kind { TG_LOOP = 0, TG_STRIDE, TG_RANDOM, TG_ZIPF };

typedef struct tg_comp {
	enum tg_kind kind;
	double weight;        /* relative probability of drawing from this component */
	uint64_t size;        /* blocks in the working set / region */
	uint64_t stride;      /* TG_STRIDE: blocks between consecutive references (>= 1) */
	double alpha;         /* TG_ZIPF exponent */
	double write_frac;    /* share of writes */
} tg_comp_t;

#define TG_MAX_COMP 8

typedef struct tg_mix {
	int ncomp;
	tg_comp_t comp[TG_MAX_COMP];
	int n_sm;             /* SMs (>= 1) */
	int burst;            /* consecutive references per SM before switching (>= 1) */
	double share;         /* probability a reference goes to SM 0's region */
} tg_mix_t;

/* Fill out[0..n) from the mix, seeded.  0, or -1 on allocation failure. */
int tg_mix(const tg_mix_t *mix, uint64_t seed, tg_ref_t *out, size_t n);

/* The standard test mix: loops over 24, 300, 2500 and 12000 blocks, a stride-3 stream over
 * 80000 blocks, uniform random over 40000 blocks and Zipf(0.9) over 30000 blocks. */
void tg_mix_standard(tg_mix_t *mix, int n_sm, double share);

#endif
