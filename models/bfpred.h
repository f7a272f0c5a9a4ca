/*
 * bfpred.h -- the Morpheus two-filter hit/miss predictor (paper 000, §4.1.2, Fig. 6) as a
 * Markov chain over the number of distinct blocks the two Bloom filters hold between swaps.
 *
 * The scheme, per extended-LLC set of associativity A (LRU), two m-bit Bloom filters with k
 * hashes each:
 *   query   a request is predicted a hit iff BF1 reports its block present (no false negative:
 *           BF1 always contains every resident block);
 *   update  every access (hit, or the insertion after a miss) inserts the block into BF1 and
 *           BF2; a counter n is incremented when BF2 reported the block absent just before;
 *   swap    when n reaches A, BF2 holds (at least) the A most recently used blocks, i.e. every
 *           resident block: BF1 is cleared, BF1 and BF2 swap, n = 0.
 *
 * Model (bfpred.c has the derivation).  Accesses to the set have iid per-set LRU stack
 * distances D (independent reference model at the stack level), given as the survival
 * function S(x) = P(D >= x) (cold misses count as D = infinity).  Between swaps, after s
 * blocks new to BF2 (t = s distinct blocks in BF2, the top s of the stack), BF1 holds exactly
 * the top U blocks of the set's LRU stack; the state is (s, U, n):
 *   - an access with D < s changes nothing;
 *   - D >= s moves s -> s+1; U -> U+1 iff D >= U; n -> n+1 unless BF2's query was a false
 *     positive, probability fp(s) = bloom_fp_exact(m, k, s)  (models/bloom.h);
 *   - at n = A the filters swap: the new BF1 holds the top T = s blocks, U = T, s = n = 0.
 * n evolves independently of U (it depends only on s and hash outcomes), so the chain is
 * solved as a product: the counter chain (workload-independent, tabulated once per (A, m, k)
 * by bfpred_phase_init) gives R_s = P(no swap yet after s steps) and the distribution of T;
 * the U chain (bfpred_eval, per workload point) starts from U = T and advances one step per
 * level.  A miss (D >= A) is falsely predicted a hit when A <= D < U (a stale, evicted block
 * still in BF1) or, for D >= U, by a hash collision with probability fp(U).
 *
 * Validity: m >= 1 bits, k >= 1, 1 <= A <= BFPRED_MAX_ASSOC.  When the filter is so small
 * that the counter rarely reaches A within BFPRED_MAX_STEPS steps, the chain is truncated and
 * the result says so (`truncated`); the FP rate is then a lower bound.
 */
#ifndef GPUDSE_BFPRED_H
#define GPUDSE_BFPRED_H

#define BFPRED_MAX_ASSOC 512
#define BFPRED_MAX_STEPS 1024   /* distinct-to-BF2 insertions tabulated per phase */

/* Workload-independent part: the counter chain for one (A, m, k). */
typedef struct bfpred_phase {
	int assoc;                            /* A: set associativity (blocks) */
	int m_bits;                           /* bits per filter (Morpheus: 32 B = 256) */
	int k;                                /* hash functions */
	int n_steps;                          /* levels s = 0 .. n_steps-1 tabulated */
	int truncated;                        /* 1: P(no swap) still > 1e-12 at n_steps */
	double active[BFPRED_MAX_STEPS];      /* R_s: P(no swap yet) on entering level s */
	double swap_at[BFPRED_MAX_STEPS + 1]; /* P(T = s): swap on the step that ends level s-1 */
	double mean_T;                        /* E[T]: distinct blocks in BF2 at a swap */
	double fp_tab[2 * BFPRED_MAX_STEPS + 2]; /* bloom_fp_exact(m, k, n), n = 0 .. */
} bfpred_phase_t;

/* Fill *ph for associativity `assoc`, m_bits, k.  0, or -1 on bad arguments. */
int bfpred_phase_init(bfpred_phase_t *ph, int assoc, int m_bits, int k);

/* Per-point result. */
typedef struct bfpred_result {
	double fp_rate;        /* P(predicted hit | actual miss): forwarded misses */
	double fp_stale;       /* part of fp_rate from evicted blocks still in BF1 */
	double fp_hash;        /* part of fp_rate from hash collisions */
	double fn_rate;        /* P(predicted miss | actual hit): 0 by construction */
	double miss_rate;      /* S(A): misses per access of the set */
	double mean_bf1;       /* time-average distinct blocks in BF1 at a query */
	double mean_T;         /* distinct blocks in BF2 when it becomes BF1 */
	double phase_accesses; /* expected accesses between swaps */
	int truncated;         /* the counter chain was truncated (see above) */
} bfpred_result_t;

/* Number of survival values bfpred_eval reads: S(0) .. S(bfpred_surv_len(ph) - 1). */
int bfpred_surv_len(const bfpred_phase_t *ph);

/* Solve the U chain for per-set stack-distance survival surv[x] = P(D >= x), x = 0 ..
 * n_surv-1 (non-increasing, surv[0] = 1; values beyond n_surv-1 are taken equal to the last).
 * 0, or -1 on bad arguments.  No allocation (a fixed workspace on the stack). */
int bfpred_eval(const bfpred_phase_t *ph, const double *surv, int n_surv, bfpred_result_t *out);

#endif
