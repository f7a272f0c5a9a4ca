/*
 * fuse.c -- the FUSE hybrid L1: placement, bank hit rates, STT traffic, write blocking, and the
 * edits of the GPU model's memory system.  Source: FUSE (HPCA 2019, ../shared/papers/004),
 * §II-B, §III-A (read levels, victims), §III-B (approximate FA bank), §IV-A (tag queue, swap
 * buffer, migrations), §IV-B (predictor), §V (configurations, Table I), §V-C (area).  Tested
 * against the exact hybrid-L1 simulator tests/reference/hybridsim.c (tests/unit/test_fuse.c;
 * the agreement table is in docs/validation.md).
 *
 * CLASSES.  c in {WM, RI, WORM, WORO} with a_c = share of L1 accesses, b_c = share of distinct
 *   blocks, w_c = share of the class's accesses that are writes, H_c(x; A) = the hit ratio of the
 *   class's accesses in an LRU cache of x blocks and A ways holding the whole l1 stream (Smith
 *   over profile cls_sd: the class's accesses' stack distances in the l1 stream, as
 *   src/profiling/profiler.c computes them).  A profile without read-level data is one class (the
 *   "l1" stream): the predictor then has nothing to act on and Dy-FUSE equals FA-FUSE.  A class
 *   without its own histogram uses the l1 stream's.
 * PLACEMENT (fractions pi_S, pi_T, pi_X of a class's blocks filled into SRAM, STT, or bypassed):
 *   no predictor (hybrid, base, fa):  every fill to SRAM; SRAM victims to STT      [§III-A]
 *   predictor with accuracy q:  WM, RI -> SRAM w.p. q (else STT); WORM -> STT w.p. q (else SRAM);
 *                               WORO -> bypass w.p. q (else STT, as a WORM)        [§III-A, §IV-B]
 *   pure STT (By-NVM):  every fill to STT except WORO, bypassed w.p. q (dead-write prediction)
 *   SRAM victims move to STT through the swap buffer (§IV-A); a write hit on SRAM-class
 *   data found in STT migrates it back to SRAM under the predictor ("in the case of WM the
 *   arbitrator migrates data", §IV-A), and is written in place (a tag-queue flush) otherwise.
 * WRITES.  m_c, the share of class c's reuses that are writes, drives migrations and in-place
 *   updates: w_c for WM, WORM, WORO; for RI, written once and read after (§III-A's read-
 *   intensive level), the one write is taken as the first touch (the fill), so
 *   m_RI = max(0, w_RI - cold_RI) / (1 - cold_RI) (~0: an RI block found in STT stays there).
 * HIT RATES.  Blocks move between the banks (§III-A, §IV-A): a miss fills SRAM (or STT, or
 *   nothing, by placement); an SRAM victim moves to STT; an STT hit is served in place (no
 *   promotion: the block stays in STT, the FIFO bank keeps its insertion order); a write hit on
 *   SRAM-class data in STT migrates it to SRAM under the predictor.  So a block's state is
 *   {in SRAM, in STT, absent} and each class is a chain over it, per reuse (cold accesses are
 *   misses and fills; below, per finite reuse of class c).
 *   DEPTH.  n_c(D) = expected class-c blocks among the top D positions of the l1 LRU stack, by
 *   flow balance: class-c blocks enter the top D at the rate of class-c accesses with distance
 *   >= D, a_c (1 - H_c(D)), and one block leaves per access with distance >= D, so position D
 *   holds class c w.p. p_c(D) = a_c (1 - H_c(D)) / sum_c' a_c' (1 - H_c'(D)), and
 *   n_c(D) = int_0^D p_c (tabulated per workload, Simpson).  A bank's occupancy over the top D
 *   is N_B(D) = sum_c u_B(c) n_c(D) with u_B(c) the share of class-c accesses that touch the
 *   bank (hit it, fill it, or push a victim into it): blocks living in STT do not age SRAM.
 *   SET-ASSOCIATIVE LRU bank of C blocks and A ways (SRAM; the STT bank of hybrid and base; the
 *   pure STT L1): a reuse at l1 distance d survives w.p. P[Bin(N_B(d), A/C) < A] (Smith on the
 *   bank's own occupancy); evaluated as class c's Smith curve H_c(x; A) at the capacity that
 *   matches the means over c's reuses, x = C E_c[d] / E_c[N_B(d)] (E_c[n_i(d)] tabulated).
 *     p_S = H_c(x_S; A_S) / (1 - cold_c)                      survival in SRAM
 *     p_T = H_c(x_T; A_T) / (1 - cold_c)                      of an STT-resident block
 *     p_V = max(p_S, H_c(x_V; A_T) / (1 - cold_c))            in SRAM or as a victim in STT,
 *           x_V matching N_T(d) - N_T(x_S) over c's reuses deeper than x_S (a victim enters
 *           STT at MRU when it leaves SRAM, at depth x_S = N_S^{-1}(C_S))
 *   STATIC SETS.  A fixed footprint hashed over the SRAM sets: a block whose set holds fewer
 *     than A_S others never leaves; share P0 = P[Poisson(F A_S / C_S) <= A_S - 1] with F the
 *     blocks living in SRAM (theta_c = SRAM share of c's hits, x blocks) plus those that come
 *     back by migration; a class that comes back counts only the others that do.  The chain
 *     below runs on the other 1 - P0 with p_S' = (p_S - P0) / (1 - P0).
 *   ABSORBED (non-returning classes, predictor on): a block evicted from SRAM whose STT stays
 *     hit (no write brings it back, the window covers its gap) never refills SRAM, so each set
 *     receives the class's blocks once and keeps its last (A_S - N_r)^+ fills for good, N_r ~
 *     Poisson(lam_r) the set's returning blocks:  P_abs = E[min(N_n, (A_S - N_r)^+)] / lam_n,
 *     N_n ~ Poisson(lam_n) the non-returning SRAM-placed footprint of reused classes per set.
 *     Any other SRAM fill (a miss of a non-returning block, WORO placed in SRAM) ends a set's
 *     survivors for good: with x = such fills per set over the profile (rate x accesses per
 *     L1 x A_S / C_S), their time-average is (1 - e^-x) / x.  P0 of a non-returning block =
 *     (1 - a) P0 + a P_abs, a = footprint-weighted absorption (STT hits / (STT hits + exits)
 *     of the class's STT stays, previous round) x (1 - e^-x) / x.
 *   EVEN (predictor on: some classes return to SRAM, their write hits in STT migrating): the
 *     ways of an SRAM set are shared, not survived.  Per set, K returning blocks and J
 *     non-returning SRAM-placed blocks of reused classes, Poisson with the footprints per set
 *     lr = F_r A_S / C_S, lj = F_n A_S / C_S (K = 1 + Poisson(lr) seen from a returning block,
 *     J = 1 + Poisson(lj) from a non-returning one: size-biased).  n, the ways the
 *     non-returning blocks hold, is a birth-death chain given K (fuse_even), from n0 =
 *     (A_S - K)^+ (below it the set has room and evicts nothing), so the set is full and
 *     r = A_S - n returning blocks are in SRAM:
 *       up(n)   = lam r w_r / (r w_r + n w_n),
 *       down(n) = (K - r) rho n w_n / (n w_n + r w_r),   r = A_S - n;
 *     a non-returning fill (lam = lam_n A_S / C_S / P[K + J > A_S] per set: the sets where
 *     all fit make none) takes a returning block's way when the LRU way is one, and a
 *     returning block out of SRAM (each returns at rho: (migrations + SRAM refills) per reuse
 *     spent out, over its gap) takes a non-returning block's way when that is LRU; which way
 *     is LRU is drawn with weights by the blocks' mean gaps w (fill-weighted mu of the
 *     non-returning classes, footprint-weighted mu of the returning ones: the staler, the
 *     likelier).  Assumptions: uniform reuse within each group, so that the blocks of a group
 *     are exchangeable and share the ways they hold alike, whatever order their hits and
 *     migrations take (Smith's survival would count the hits to the set's other ways as
 *     evictions); Poisson rates per set.
 *     Then a returning block's SRAM share of its reuses is E_S = E_K[E[A_S - n] / K],
 *     a non-returning block's E_N = E_K[E_J[min(1, E[n | K] / J)]] (K unbiased there); the
 *     other reuses end as the chain's forms (STT hits, migrations, misses in their ratios); a
 *     loop (CV^2 < 1) reads E_N as a time share T, its misses from a cycle of n_T STT hits and
 *     one refill at a random phase: (1 - T) / (n_T + 1/2).  A mispredicted block of a
 *     returning class migrates in on its first write hit and shares the ways as well: E_S of
 *     its reuses in SRAM, its STT shares scaled by 1 - E_S.  Weight 1 / CV^2 for a class of
 *     bursty gaps (CV^2 > 1: a mixture of rates, whose hot blocks hold the ways), 1 else.
 *     lam_n, the w's and rho are the previous round's (round 0: rho = write rate / mu, no
 *     non-returning fills, so that E_S starts at E[min(1, A_S / K)], the n = 0 form).
 *   LRU STT (hybrid, base): Markov chain, m = w_c under the predictor for WM/RI, else 0:
 *     q1 = p_V - p_S,  r = p_T (1 - m),  pi_S = (1 - r) / (1 - r + q1 (1 - m)),  pi_T = 1 - pi_S
 *     h_S = pi_S p_S,  h_T = pi_S q1 + pi_T p_T,  migrations = m h_T.
 *   LOOP SETS (LRU STT, a class of alike gaps, CV^2 < 1): a loop touches all its F blocks
 *     between two uses of one, so the count of its own other blocks in a block's STT set is
 *     fixed, j ~ Poisson(F A_T / C_T) per block (F = sig_c E_c[n_c(d)]; the static-set count
 *     E[k 1{k <= A}] / E[k], k ~ Bin(F, 1 / S), is its survival without other traffic), while
 *     the other classes' touches stay random per reuse (assumption: independent of the loop's
 *     phase), Poisson(lam_f), lam_f = (E_c[N_T(d)] - F) A_T / C_T:
 *       p_T(j) = P[Poisson(lam_f) <= A_T - 1 - j],
 *       p_V(j) = max(p_S, 1 - s_V + s_V P[Bin(j, f_V) + Poisson(lam_V) <= A_T - 1])
 *     (s_V: share of c's reuses deeper than x_S; f_V, lam_V: the loop's share and the others'
 *     touches after the victim's insertion, as x_V's); the chain above is solved per j and
 *     averaged over j, so a block in a thrashing set (j >= A_T) never settles in STT and one in
 *     a quiet set settles for good.  Weight 1 - CV^2 (the regular form's, TIME), Smith's
 *     chain the rest.
 *   FIFO STT (fa, dy; the paper's approximate FA bank, §III-B, Table I): a block stays exactly
 *     L accesses after its insertion, whatever its hits.  TIME: reuse gaps t in accesses, from
 *     the l1 stream's rt and sd histograms matched quantile by quantile (t(d)); per class the
 *     mean mu_c and CV^2 of t over its reuses.  Two forms, weighted w_P = CV^2 (CV^2 <= 1) or
 *     1/CV^2 (> 1), snapped to 0 / 1 within 0.01:
 *     Poisson (one rate per class, w_P = 1 at CV^2 = 1: a random pool; Che's FIFO, Martina et
 *       al. 2014): a renewal cycle per block: K_S = p_S / (1 - p_S) SRAM hits, then the
 *       victim's window holds n = L / mu accesses (memoryless), ended early by a write with
 *       g = e^(-m n): K_T = (1 - g) / m (n if m = 0), one miss w.p. g, one migration w.p.
 *       1 - g; shares = K / (K_S + K_T + g).  STT-placed: h_T = n / (1 + n).
 *     regular (each reuse's gap t is its block's: loops at CV^2 -> 0, mixtures of rates at
 *       CV^2 >> 1, the bursty classes of real profiles): R_c(W) = E_c[h(W / t)],
 *       h(x) = floor(x) / (1 + floor(x)) (tabulated per workload); SRAM keeps the shortest
 *       reuses, h_S = p_S, the others hit in STT while their gap fits the window from the last
 *       use: h_S + h_T = max(p_S, R_c(t_e + L)), t_e = min(t_S, mu / 2) the victim's insertion
 *       (t_S = t(x_S), SRAM's characteristic time; before the next use), migrations m h_T.
 *       STT-placed: h_T = R_c(L), except for alike gaps (CV^2 <= 1, a sweep; SWEEP below).
 *       ALIKE GAPS (CV^2 <= 1: loops): SRAM survival is by set conflicts, not by gap, so the
 *       regular part is a renewal cycle like the Poisson form's: K_S = p_S / (1 - p_S) SRAM
 *       hits, then n_T STT hits, ended early by a write: g = (1 - m)^n_T, K_T = (1 - g) / m;
 *       shares K / (K_S + K_T + 1).  A loop whose STT window covers its period thus leaves
 *       SRAM for good.
 *       VICTIM PHASE: the victim leaves SRAM u t after its last use (t = mu, the loop's
 *       period), u on [0, 1): SRAM's eviction hazard taken constant over the gap, so that
 *       survival over one gap is p_S = e^-Lam, u ~ Exp(Lam) truncated to [0, 1); its STT hits
 *       are the uses at t - u t, 2t - u t, ... before L:  n_T = E[floor(L / t + u)] =
 *       floor(L / t) + P[u >= 1 - frac(L / t)]  (uniform u, Lam -> 0: L / t).
 *       SWEEP: STT-placed blocks of a loop enter the FIFO in the loop's order, so the block at
 *       the FIFO's head is the loop's next one: evicted, it misses at once and its refill
 *       evicts the next (the classical cyclic-reference result: a loop longer than the FIFO
 *       misses entirely).  Each block then misses once per lifetime, h(x) = max(0, 1 - 1/x)
 *       for x = L / t: S_c(W) = E_c[max(0, 1 - t / W)], h_T = S_c(L + A).  (SRAM victims keep
 *       the floor form: their insertion order is SRAM's eviction order.)
 *       RUN STARTS: the loop misses in runs (each refill evicts the head, the loop's next
 *       block).  The FIFO is a queue of insertions: each evicts the token C_T insertions back,
 *       so the loop's blocks sit in segments (the runs that inserted them, in loop order, with
 *       the foreign insertions made meanwhile), replayed a lifetime later.  A replay starts
 *       when a foreign insertion finds the segment's first block at the head: it waits A_1
 *       for the loop (a random phase: A_1 = mu / 2), and the n_w = lam_F A_1 foreign
 *       insertions of that wait evict the blocks behind it (lam_F: the other classes' FIFO
 *       insertions per access, victims and fills less the warm-up); then the loop refills
 *       them, each refill evicting the head, the block m = 1 + n_w ahead, until the segment
 *       ends.  Per eviction of the loop's blocks:
 *         f = (lam_F / a_c) (1 + a_c mu / (2 L r_c))      foreign (runs' time share r_c / a_c
 *                                                           of lam_F, + one wait per lifetime)
 *         A_for = A_1 (1 + n_w / 2) / (1 + n_w)           absent after a foreign eviction (the
 *                                                           first waits A_1, the others on
 *                                                           average A_1 / 2)
 *         A_own = (1 + n_w) / a_c                          after an own eviction (m blocks
 *                                                           ahead, at a_c blocks per access)
 *         A = f A_for + (1 - f) A_own  (at most mu / 2, the floor form's absent phase),
 *       r_c the class's FIFO insertions per access, a_c its accesses; a cycle is the lifetime
 *       plus A: h_T = S_c(L + A).  The loop's occupancy, N L / (L + A), rises with L.
 *       Assumptions: a uniform phase for the wait (A_1 = mu / 2), one wait per segment and
 *       lifetime, foreign insertions Poisson and all finding the loop's blocks at the head
 *       during a wait.
 *     LIFETIME (Little's law on the FIFO bank): C_T = L x (blocks that leave by eviction per
 *       access: SRAM and STT fills, minus the first touches of reused classes, the warm-up of a
 *       fixed footprint; WORO and one-class profiles stream) + (migrations x their residence,
 *       Exp(mu / m) conditioned on < L); solved for L by secant / Illinois steps on log L,
 *       to |log(occupancy / C_T)| < 2e-4 (0.1 block of a 498-block bank: with a loop that
 *       nearly fills the bank the balance is flat in L, so the tolerance must be well below
 *       one block).
 *   FIXED POINT.  The touch shares u_B, theta_c and L depend on the hit rates: at most 6 damped
 *     rounds (weight 1/2; undamped, loop profiles alternate between two states), stopped when
 *     the shares move less than 0.005 (with the absorption shares and RUN STARTS' A); L to
 *     0.02% of C_T per round (LIFETIME).
 *   Valid range: one SM's L1 stream; uniform hashing of blocks over sets; the classes' reuse
 *     as the profile gives it (stationary over the profile).  For a loop that nearly fills the
 *     FIFO bank the occupancy balance is flat in L, and the STT writes rest on occupancies
 *     correct to about one block (docs/validation.md, FUSE simulator pairs, loops dy).
 * TRAFFIC per L1 access (sums over classes, weight a_c; per class, the chain's shares):
 *   SRAM fills sf_c = pi_S (cold + misses); victims (stt_evict) = sf + migrations (a migration
 *   fills SRAM and pushes one out); stt_fill = pi_T (cold + misses); STT read hits = h_T (1 - m_c);
 *   stt_read = STT read hits + migrations (the migrated block is read out of STT);
 *   stt_update = h_T m_c - migrations (write hits written in place, a tag-queue flush);
 *   stt_probe = accesses that miss both banks (they waited for the STT tag search).
 *   stt_write = stt_fill + stt_evict + stt_update.
 * STT BANK TIMES.  Set-associative: read t_r (Table I: 1), probe 1 (tag check), write t_w (5).
 *   FA (§III-B): tag search from bloom_tagsearch_eval over ways = C_T blocks, ways / 4 filters
 *   (Table I: 128 for 512 ways; a bank of another size keeps 4 blocks per data set, as the
 *   paper's tuning of the filters would), counters per filter, 3 hashes, 2-bit counters,
 *   4 comparators, a one-cycle filter test.  Occupancy of the bank (the queue's server): the
 *   filter test runs in the separate NVM-CBF array and the true set's poll overlaps the
 *   pipelined data access, the polls of false-positive sets serialise: read = t_r + (F-1) f / 2
 *   x cycles per set, probe = max(1, (F-1) f x cycles per set).  Latency: x_read = t_r - t_sram
 *   + (cycles_hit - 1) (filter test + false polls; the true set's poll replaces the usual tag
 *   check), x_probe = max(0, cycles_miss - 1).
 *   COUNTERS PER FILTER: the paper gives three numbers: 16 (§IV-C, and 512 B in total), 64 (§V-C's
 *   area accounting) and 128 ("we select 128slots", §V-B).  With full data sets of 4 blocks the
 *   16-counter filter has FP 0.16 and the search takes ~11 cycles, inconsistent with the 1-2
 *   cycles the paper measured; 128 counters give 2.0 (hit) / 1.1 (miss) cycles and §V-B's
 *   -98%/-99% sensitivity; the default is 128 (cbf_counters changes it).
 * PORT SCALING.  The bank times above are array cycles of one line; the GPU model's SRAM L1 port
 *   is busy l1_service = bytes per request / port width per request, so every STT occupancy is
 *   multiplied by u = l1_service / t_sram for reads and probes (a 32 B sector on a 128 B/cycle
 *   port: u = 1/4), and by line_bytes / port width for writes (fills, victims and the cells'
 *   write pulse are whole lines): the STT bank reads as fast as the SRAM port and writes a line
 *   in t_w line times.
 * RATE ESTIMATE.  The blocking model needs STT arrivals per cycle: lam_i = (per-access rate_i) x
 *   r1, with r1 the L1 accesses per cycle per SM from the closed network's asymptotic bounds
 *   (Denning & Buzen 1978): X <= min(N / R0, 1 / D_max) with N = warps x mlp customers per SM,
 *   R0 = the unloaded time of one warp instruction (issue, dependence, L1 with its added stall
 *   and STT terms, NoC, LLC, DRAM latencies and services), D_max the busiest station's demand
 *   per instruction (SM issue, L1 port, STT bank, LLC slice and DRAM channel shares); r1 = a1 X.
 *   Stall and rate are iterated to a fixed point (damped, at most 8 rounds, to 0.1%).
 * EFFECTS on memsys (fuse_apply):
 *   l1_bytes = C_S + C_T;  l1_hit = h_S + h_T;  l1_service += stall cycles per access
 *     (sttmram.h (S4): blocking writes, full tag queue, full swap buffer, queue flushes);
 *   station "stt" (CPI_L1, per L1 access): visits stt_read + stt_probe, service = their bank time
 *     plus, with a swap buffer, the posted writes' bank time charged to them, copies = L1s,
 *     delay = their extra latency;
 *   e_pj_per_inst[EC_L1] += a1 x (SRAM and STT events x energies) - the SRAM L1's energy at the
 *     new hit rate (energy.c's formula); energies are the preset's e_l1_*_pj scaled by the ratio
 *     of sttmram's Table I model for each bank to the one for the SRAM L1;
 *   p_static_w[EC_L1] += (leak ratio - 1) x the SRAM L1 leakage (sttmram (S3));
 *   area_mm2[EC_L1] += logic share x L1 array area (tag queue + swap buffer 0.41%, filters
 *     0.24%, predictor 0.05%: 0.7% for Dy-FUSE, §V-C, split by Table III transistors);
 *   stt_writes_per_inst = a1 x stt_write.
 * Capacities are per SM and real-valued (not rounded to sets).  The L1 whose area is the budget
 *   is memsys.l1_bytes as the earlier mechanisms left it.
 */
#include "fuse.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "area.h"

#define FUSE_ROUNDS 6   /* at most, of the touch-share fixed point (HIT RATES) */
#define FUSE_ROUND_TOL 5e-3
#define FUSE_LIFE_TOL 2e-4    /* FIFO lifetime: |log(occupancy / C_T)| (0.1 block of 498) */
#define FUSE_DAMP 0.5
#define FUSE_LJ 32        /* LOOP SETS: own-block counts per set tabulated */     /* weight of the new touch shares in a round (1: plain iteration) */

void fuse_params_default(fuse_params_t *p)
{
	memset(p, 0, sizeof *p);
	stt_tech_default(&p->tech);
	p->sram_assoc = 2;       /* Table I: 64 sets x 2 */
	p->stt_assoc = 2;        /* Table I: 256 sets x 2 */
	p->nvm_assoc = 4;        /* Table I By-NVM: 256 x 4 */
	p->cbf_set_blocks = 4.0; /* Table I: 512 ways / 128 filters */
	p->cbf_counters = 128;   /* §V-B "128slots" (header: 16 vs 64 vs 128) */
	p->cbf_bits = 2;         /* §IV-C */
	p->cbf_hashes = 3;       /* Table I */
	p->comparators = 4;      /* §III-B */
	p->t_filter = 1.0;       /* §IV-C: a test within one STT read */
	/* §V-C: +0.7% for Dy-FUSE; Table III: queue 15360 + swap 3072, CBF 10944, predictor 2320 */
	p->area_tq_sb = 0.007 * 18432.0 / 31696.0;
	p->area_cbf = 0.007 * 10944.0 / 31696.0;
	p->area_pred = 0.007 * 2320.0 / 31696.0;
}

static int fuse_assoc_of(const fuse_params_t *p, int kind)
{
	switch (kind) {
	case FUSE_A_SRAM: return p->sram_assoc;
	case FUSE_A_STT:  return p->stt_assoc;
	case FUSE_A_NVM:  return p->nvm_assoc;
	default:          return REUSE_FULL;
	}
}

/* p_c(D) of HIT RATES into p[] (classes without curves get 0). */
static void fuse_pos_share(const fuse_ctx_t *c, double d, double *p)
{
	double sum = 0.0;
	for (int k = 0; k < c->ncls; k++) {
		double h = c->cur[k][FUSE_A_FA] ? reuse_curve_eval(c->cur[k][FUSE_A_FA], d) : 1.0;
		p[k] = c->acc[k] * (1.0 - h);                   /* entry rate past depth d */
		sum += p[k];
	}
	for (int k = 0; k < c->ncls; k++)
		p[k] = sum > 0.0 ? p[k] / sum : 1.0 / c->ncls;  /* flow balance */
}

/* Tabulate n_c(D) on a log grid up to beyond the largest finite distance (HIT RATES). */
static void fuse_tabulate(fuse_ctx_t *c, const reuse_hist_t *sd)
{
	double dmax = 16.0;
	for (size_t i = 0; i < sd->n; i++)
		if (sd->count[i] > 0.0 && sd->hi[i] > dmax)
			dmax = sd->hi[i];
	dmax *= 1.5;
	c->depth.n = FUSE_NG;
	c->depth.d[0] = 0.0;
	for (int j = 1; j < FUSE_NG; j++)
		c->depth.d[j] = exp(log(dmax) * (j - 1) / (FUSE_NG - 2));   /* 1 .. dmax */
	double p0[RL_NCLASS], pm[RL_NCLASS], p1[RL_NCLASS];
	for (int k = 0; k < RL_NCLASS; k++)
		c->depth.n_c[k][0] = 0.0;
	fuse_pos_share(c, 0.0, p0);
	for (int j = 1; j < FUSE_NG; j++) {
		double a = c->depth.d[j - 1], b = c->depth.d[j];
		fuse_pos_share(c, 0.5 * (a + b), pm);
		fuse_pos_share(c, b, p1);
		for (int k = 0; k < c->ncls; k++)                      /* Simpson */
			c->depth.n_c[k][j] = c->depth.n_c[k][j - 1] + (b - a) * (p0[k] + 4.0 * pm[k] + p1[k]) / 6.0;
		memcpy(p0, p1, sizeof p0);
	}
	for (int k = 0; k < c->ncls; k++)
		c->depth.slope[k] = p1[k];                                  /* beyond the grid: linear */
}

/* N(D) = sum_c w_c n_c(D) + vs * max(0, sum_c v_c n_c(D) - cs) (HIT RATES). */
typedef struct fuse_occ { double w[RL_NCLASS], v[RL_NCLASS], cs, vs; } fuse_occ_t;

/* Sums of w-weighted and v-weighted n_c at grid point j. */
static void fuse_occ_node(const fuse_ctx_t *c, const fuse_occ_t *o, int j, double *ns, double *nv)
{
	*ns = *nv = 0.0;
	for (int k = 0; k < c->ncls; k++) {
		*ns += o->w[k] * c->depth.n_c[k][j];
		*nv += o->v[k] * c->depth.n_c[k][j];
	}
}

/* The depth x with N(x) = C: binary search over the grid nodes, then the exact root of the
 * piecewise-linear N inside the interval (or on the linear extension past the grid).  N is
 * non-decreasing.  0 when C <= 0; the grid end when N never reaches C (flat extension). */
static double fuse_occ_inv(const fuse_ctx_t *c, const fuse_occ_t *o, double cap)
{
	if (!(cap > 0.0))
		return 0.0;
	int last = c->depth.n - 1, lo = 0, hi = last;
	double ns, nv;
	fuse_occ_node(c, o, last, &ns, &nv);
	double sa, sv;                                   /* slopes on the chosen piece */
	if (ns + (o->vs > 0.0 && nv > o->cs ? o->vs * (nv - o->cs) : 0.0) < cap) {
		lo = last;                                   /* past the grid: linear extension */
		sa = sv = 0.0;
		for (int k = 0; k < c->ncls; k++) {
			sa += o->w[k] * c->depth.slope[k];
			sv += o->v[k] * c->depth.slope[k];
		}
	} else {
		while (hi - lo > 1) {
			int mid = (lo + hi) / 2;
			fuse_occ_node(c, o, mid, &ns, &nv);
			if (ns + (o->vs > 0.0 && nv > o->cs ? o->vs * (nv - o->cs) : 0.0) < cap)
				lo = mid;
			else
				hi = mid;
		}
		double ns1, nv1, dd = c->depth.d[hi] - c->depth.d[lo];
		fuse_occ_node(c, o, hi, &ns1, &nv1);
		fuse_occ_node(c, o, lo, &ns, &nv);
		sa = (ns1 - ns) / dd;
		sv = (nv1 - nv) / dd;
	}
	fuse_occ_node(c, o, lo, &ns, &nv);
	double a = c->depth.d[lo];
	/* piece 1: the v-part below cs */
	if (sa > 0.0) {
		double x = a + (cap - ns) / sa;
		if (!(o->vs > 0.0) || nv + (x - a) * sv <= o->cs)
			return x;
	}
	double sl = sa + (o->vs > 0.0 ? o->vs * sv : 0.0);
	if (!(sl > 0.0))
		return a;                                    /* never fills: holds all it gets */
	double base = ns + (o->vs > 0.0 && nv > o->cs ? o->vs * (nv - o->cs) : 0.0);
	if (o->vs > 0.0 && nv <= o->cs && sv > 0.0)      /* kink inside: restart from it */
		return a + (o->cs - nv) / sv + (cap - (ns + sa * (o->cs - nv) / sv)) / sl;
	return a + (cap - base) / sl;
}

/* The class's stack-distance histogram (a class of first touches only, WORO, has no bins but
 * its cold count), or the l1 stream's when the profile has none for it. */
static const reuse_hist_t *fuse_cls_hist(const fuse_ctx_t *c, const profile_stream_t *l1, int k)
{
	return c->ncls > 1 && l1->cls_sd[k].total > 0.0 ? &l1->cls_sd[k] : &l1->sd;
}

/* Share of h's finite distances below x, counting half of the mass at x (linear in a bin). */
static double fuse_cdf(const reuse_hist_t *h, double x)
{
	double fin = h->total - h->cold, below = 0.0;
	if (!(fin > 0.0))
		return 0.0;
	for (size_t i = 0; i < h->n; i++) {
		if (x >= h->hi[i]) {
			below += h->count[i];
		} else {
			if (x + 0.5 > h->lo[i])
				below += h->count[i] * fmin(1.0, (x + 0.5 - h->lo[i]) / (h->hi[i] - h->lo[i]));
			break;
		}
	}
	return below / fin;
}

/* The value at finite-mass quantile q of h (linear in a bin; q in [0, 1]). */
static double fuse_quantile(const reuse_hist_t *h, double q)
{
	double fin = h->total - h->cold, want = q * fin, cum = 0.0;
	double last = 0.0;
	for (size_t i = 0; i < h->n; i++) {
		if (!(h->count[i] > 0.0))
			continue;
		if (cum + h->count[i] >= want)
			return h->lo[i] + (h->hi[i] - h->lo[i]) * (want - cum) / h->count[i] - 0.5;
		cum += h->count[i];
		last = h->hi[i] - 0.5;
	}
	return last;
}

/* Reuse gap in accesses (reuse time + 1) of a reuse at l1 stack distance d (TIME). */
static double fuse_gap_of(const profile_stream_t *l1, double d)
{
	if (l1->rt.n == 0 || !(l1->rt.total - l1->rt.cold > 0.0))
		return d + 1.0;                         /* no rt histogram: depth as the clock */
	return fmax(1.0, fuse_quantile(&l1->rt, fuse_cdf(&l1->sd, d)) + 1.0);
}

/* Per-class time statistics and Phi_c (TIME, FIFO). */
static int fuse_time_stats(fuse_ctx_t *c, const profile_stream_t *l1, int k, const reuse_hist_t *h)
{
	double fin = h->total - h->cold, s1 = 0.0, s2 = 0.0, sd = 0.0;
	c->reuse.cold[k] = h->total > 0.0 ? h->cold / h->total : 1.0;
	double *gap = malloc((h->n + 1) * sizeof *gap);
	if (!gap)
		return -1;
	for (size_t i = 0; i < h->n; i++) {
		gap[i] = 1.0;
		if (!(h->count[i] > 0.0))
			continue;
		double d = 0.5 * (h->lo[i] + h->hi[i] - 1.0), g = fuse_gap_of(l1, d);
		gap[i] = g;
		s1 += h->count[i] * g;
		s2 += h->count[i] * g * g;
		sd += h->count[i] * d;
	}
	if (!(fin > 0.0)) {
		c->reuse.gap_mean[k] = c->reuse.dbar[k] = 0.0;
		c->reuse.gap_cv2[k] = c->reuse.w_poisson[k] = 1.0;
		free(gap);
		return 0;
	}
	c->reuse.gap_mean[k] = s1 / fin;
	c->reuse.dbar[k] = sd / fin;
	c->reuse.gap_cv2[k] = fmax(0.0, s2 / fin / (c->reuse.gap_mean[k] * c->reuse.gap_mean[k]) - 1.0);
	/* weight of the Poisson form (FIFO): 1 at CV^2 = 1 (one rate per class, as a random pool),
	 * falling to 0 for regular gaps (CV^2 -> 0, loops) and for mixtures of rates (CV^2 >> 1,
	 * bursty real classes: each reuse's gap stands for its block's); pure forms within 1% */
	double cv2 = c->reuse.gap_cv2[k];
	c->reuse.w_poisson[k] = cv2 <= 1.0 ? cv2 : 1.0 / cv2;
	if (c->reuse.w_poisson[k] > 0.99)
		c->reuse.w_poisson[k] = 1.0;
	else if (c->reuse.w_poisson[k] < 0.01)
		c->reuse.w_poisson[k] = 0.0;
	for (size_t i = 0; i < h->n; i++) {                /* the reuses on the depth grid */
		if (!(h->count[i] > 0.0))
			continue;
		double d = 0.5 * (h->lo[i] + h->hi[i] - 1.0);
		int j = 1;
		while (j < c->depth.n - 1 && c->depth.d[j] < d)
			j++;
		double f = fmin(1.0, fmax(0.0, (d - c->depth.d[j - 1]) / (c->depth.d[j] - c->depth.d[j - 1])));
		c->depth.share[k][j - 1] += (1.0 - f) * h->count[i] / fin;
		c->depth.share[k][j] += f * h->count[i] / fin;
	}
	for (int i = 0; i < c->ncls; i++)
		for (int j = 0; j < c->depth.n; j++)
			c->depth.n_mean[k][i] += c->depth.share[k][j] * c->depth.n_c[i][j];
	for (int j = c->depth.n - 1; j >= 0; j--) {
		int nx = j + 1 < c->depth.n;
		c->depth.suffix_share[k][j] = c->depth.share[k][j] + (nx ? c->depth.suffix_share[k][j + 1] : 0.0);
		c->depth.suffix_depth[k][j] = c->depth.share[k][j] * c->depth.d[j] + (nx ? c->depth.suffix_depth[k][j + 1] : 0.0);
		for (int i = 0; i < c->ncls; i++)
			c->depth.suffix_n[k][i][j] = c->depth.share[k][j] * c->depth.n_c[i][j] + (nx ? c->depth.suffix_n[k][i][j + 1] : 0.0);
	}
	for (int j = 0; j < FUSE_NW; j++) {
		double w = exp(c->window.log_max * j / (FUSE_NW - 1)), f = 0.0, g = 0.0;
		for (size_t i = 0; i < h->n; i++)
			if (h->count[i] > 0.0) {
				f += h->count[i] * floor(w / gap[i]) / (1.0 + floor(w / gap[i]));
				g += h->count[i] * fmax(0.0, 1.0 - gap[i] / w);
			}
		c->window.regular[k][j] = f / fin;
		c->window.sweep[k][j] = g / fin;
	}
	free(gap);
	return 0;
}

fuse_ctx_t *fuse_ctx_alloc(const profile_t *p, const fuse_params_t *par)
{
	const profile_stream_t *l1 = profile_stream(p, "l1");
	if (!l1)
		l1 = profile_group(p, 1);
	if (!l1 || !(l1->accesses > 0.0))
		return NULL;
	fuse_ctx_t *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->par = *par;
	c->block_bytes = p->block_bytes > 0 ? p->block_bytes : 128;
	double asum = 0.0, bsum = 0.0;
	if (p->has_rl)
		for (int k = 0; k < RL_NCLASS; k++) {
			asum += p->rl_access_frac[k];
			bsum += p->rl_block_frac[k];
		}
	if (p->has_rl && asum > 0.0 && bsum > 0.0) {
		c->ncls = RL_NCLASS;
		for (int k = 0; k < RL_NCLASS; k++) {
			c->acc[k] = p->rl_access_frac[k] / asum;
			c->blk[k] = p->rl_block_frac[k] / bsum;
			c->wr[k] = p->rl_write_frac[k];
		}
	} else {
		c->ncls = 1;
		c->acc[0] = c->blk[0] = 1.0;
		c->wr[0] = l1->writes / l1->accesses;
	}
	double acc_sum = 0.0;                               /* CLASSES: a_c, b_c, w_c are shares */
	for (int k = 0; k < c->ncls; k++) {
		assert(c->acc[k] >= 0.0 && c->blk[k] >= 0.0 && c->wr[k] >= 0.0 && c->wr[k] <= 1.0);
		acc_sum += c->acc[k];
	}
	assert(fabs(acc_sum - 1.0) < 1e-9);
	(void)acc_sum;
	for (int k = 0; k < c->ncls; k++) {
		const reuse_hist_t *h = fuse_cls_hist(c, l1, k);
		if (c->acc[k] <= 0.0 && c->blk[k] <= 0.0)
			continue;
		for (int a = 0; a < FUSE_NA; a++) {
			c->cur[k][a] = reuse_curve_alloc_hist(h, fuse_assoc_of(par, a));
			if (!c->cur[k][a]) {
				fuse_ctx_free(c);
				return NULL;
			}
		}
		c->owns[k] = 1;
	}
	fuse_tabulate(c, &l1->sd);
	c->foot = (l1->footprint > 0.0 ? l1->footprint : l1->sd.cold) / (l1->units > 0 ? l1->units : 1);
	c->horizon = l1->accesses / (l1->units > 0 ? l1->units : 1);
	double gmax = 16.0;
	for (int j = 0; j < c->depth.n; j++) {
		c->depth.gap[j] = fuse_gap_of(l1, c->depth.d[j]);
		gmax = fmax(gmax, c->depth.gap[j]);
	}
	c->window.log_max = log(8.0 * gmax);
	for (int k = 0; k < c->ncls; k++) {
		if (fuse_time_stats(c, l1, k, fuse_cls_hist(c, l1, k)) != 0) {
			fuse_ctx_free(c);
			return NULL;
		}
		/* WRITES: an RI block is written once and read after (§III-A); its write is the fill */
		double fin = 1.0 - c->reuse.cold[k];
		c->reuse.write[k] = c->wr[k];
		if (c->ncls > 1 && k == RL_RI)
			c->reuse.write[k] = fin > 1e-12 ? fmax(0.0, c->wr[k] - c->reuse.cold[k]) / fin : 0.0;
	}
	return c;
}

void fuse_ctx_free(fuse_ctx_t *c)
{
	if (!c)
		return;
	for (int k = 0; k < RL_NCLASS; k++)
		for (int a = 0; a < FUSE_NA; a++)
			reuse_curve_free(c->cur[k][a]);
	free(c);
}

int fuse_org_from_design(const design_t *d, fuse_org_t *o)
{
	memset(o, 0, sizeof *o);
	o->cfg = d->fuse_cfg;
	if (d->fuse_cfg <= FUSE_SRAM || d->fuse_cfg >= FUSE_NCFG)
		return -1;
	o->q = d->fuse_pred_acc;
	o->pure_stt = d->fuse_cfg == FUSE_STT;
	o->blocking = d->fuse_cfg == FUSE_STT || d->fuse_cfg == FUSE_HYBRID;
	o->fa = d->fuse_cfg == FUSE_FA || d->fuse_cfg == FUSE_DY || d->fuse_stt_org == STT_APPROX_FA;
	o->predictor = !o->pure_stt && (d->fuse_cfg == FUSE_DY || d->fuse_predictor);
	o->sram_frac = o->pure_stt ? 0.0 : d->fuse_sram_frac;
	return 0;
}

/* H_c(x; kind), 0 for an empty share. */
static double fuse_h(const fuse_ctx_t *c, int k, int kind, double x)
{
	return x > 0.0 && c->cur[k][kind] ? reuse_curve_eval(c->cur[k][kind], x) : 0.0;
}

/* The grid nodes around depth d < gd[last]: gd[*lo] <= d < gd[*lo + 1] (bisection). */
static int fuse_grid_node(const fuse_ctx_t *c, double d)
{
	int lo = 0, hi = c->depth.n - 1;
	while (hi - lo > 1) {
		int mid = (lo + hi) / 2;
		if (c->depth.d[mid] <= d)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* N(d) = sum_k w_k n_k(d) at any depth d (linear between grid nodes, the slope beyond). */
static double fuse_occ_eval(const fuse_ctx_t *c, const double *w, double d)
{
	int last = c->depth.n - 1;
	double n = 0.0;
	if (d >= c->depth.d[last]) {
		for (int k = 0; k < c->ncls; k++)
			n += w[k] * (c->depth.n_c[k][last] + c->depth.slope[k] * (d - c->depth.d[last]));
		return n;
	}
	int lo = fuse_grid_node(c, d), hi = lo + 1;
	double f = (d - c->depth.d[lo]) / (c->depth.d[hi] - c->depth.d[lo]);
	for (int k = 0; k < c->ncls; k++)
		n += w[k] * (c->depth.n_c[k][lo] + f * (c->depth.n_c[k][hi] - c->depth.n_c[k][lo]));
	return n;
}

/* Reuse gap (accesses) at l1 depth d: the TIME map, linear between grid nodes. */
static double fuse_gap_at(const fuse_ctx_t *c, double d)
{
	int last = c->depth.n - 1;
	if (d >= c->depth.d[last])
		return c->depth.gap[last] * d / c->depth.d[last];
	int lo = fuse_grid_node(c, d), hi = lo + 1;
	return c->depth.gap[lo] + (d - c->depth.d[lo]) / (c->depth.d[hi] - c->depth.d[lo]) * (c->depth.gap[hi] - c->depth.gap[lo]);
}

/* R_c(W) = E[h(W / t)], h(x) = floor(x) / (1 + floor(x)), over class c's reuse gaps t: the
 * FIFO hit ratio of blocks that each repeat their own gap (FIFO, regular form); tabulated on a
 * log grid of W, 1 - (1 - R) W_end / W beyond (h(x) ~ 1 - 1/x). */
static double fuse_rh(const fuse_ctx_t *c, int k, double wnd, int sweep)
{
	if (!(wnd >= 1.0))
		return 0.0;
	const double *r = sweep && c->reuse.gap_cv2[k] <= 1.0 ? c->window.sweep[k] : c->window.regular[k];   /* SWEEP */
	double x = log(wnd) / c->window.log_max * (FUSE_NW - 1);
	if (x >= FUSE_NW - 1)
		return 1.0 - (1.0 - r[FUSE_NW - 1]) * exp(c->window.log_max) / wnd;
	int j = (int)x;
	return r[j] + (x - j) * (r[j + 1] - r[j]);
}

/* Iteration state of the banks (HIT RATES): one small struct per named term of the header. */
typedef struct fuse_bank {
	const fuse_org_t *o;
	struct { double sram, stt; } cap;          /* capacities C_S, C_T, blocks */
	struct {                                   /* PLACEMENT: fractions of a class's fills */
		double sram[RL_NCLASS], stt[RL_NCLASS];  /* pi_S, pi_T (the rest bypasses) */
		int to_sram[RL_NCLASS];                  /* the predictor's SRAM classes (WM, RI) */
	} place;
	struct {                                   /* DEPTH: u_B(c), shares of the class's accesses */
		double sram[RL_NCLASS];                  /* that touch SRAM */
		double stt_lru[RL_NCLASS];               /* that touch the set-associative STT bank's LRU order */
		double held[RL_NCLASS];                  /* held by the L1 at all (not bypassed) */
	} touch;
	struct {
		double depth;                            /* x_S: where SRAM's touched blocks reach C_S */
		double char_time;                        /* t_S: SRAM characteristic time, accesses */
	} sram;
	struct {                                   /* SET-ASSOCIATIVE: survival per reuse */
		double sram[RL_NCLASS];                  /* p_S (contended sets) */
		double sram_or_victim[RL_NCLASS];        /* p_V: in SRAM or as its victim in the LRU STT bank */
		double stt[RL_NCLASS];                   /* p_T: an STT-resident block in the LRU STT bank */
	} surv;
	int returns[RL_NCLASS];                    /* the class returns to SRAM (its write hits in STT migrate) */
	double in_sram[RL_NCLASS];                 /* theta_c: share of the class's blocks living in SRAM */
	struct {                                   /* STATIC SETS */
		double p0[2];                            /* P0: share of SRAM blocks in sets they never
		                                            overflow, [0] of any class, [1] of a returning one */
	} static_sets;
	struct {                                   /* ABSORBED */
		double survivors;                        /* P_abs: absorbed survivors' share of a non-returning class */
		double stream;                           /* SRAM fills per access by non-returning blocks other
		                                            than the first touches of reused classes */
		double hit_share[RL_NCLASS];             /* share of an evicted block's STT stays' accesses that
		                                            hit there (1: once in STT it never comes back) */
	} absorbed;
	struct {                                   /* EVEN */
		double ret_share;                        /* E_S: a returning block's SRAM share of its reuses */
		double nonret_share;                     /* E_N: a non-returning block's share of the other ways */
		double fill_rate;                        /* lam_n: SRAM fills per access of non-returning blocks */
		double gap_nonret, gap_ret;              /* w_n, w_r: their fill-weighted gap; the returning blocks' */
		double return_rate;                      /* rho: a returning block out of SRAM, its return rate */
	} even;
	struct {                                   /* FIFO STT */
		double life;                             /* L: lifetime after insertion, accesses (LIFETIME) */
		double absent[RL_NCLASS];                /* RUN STARTS: A per eviction of the class's
		                                            STT-placed blocks, in units of mu / 2 */
	} fifo;
	struct {                                   /* LOOP SETS (LRU STT bank) */
		double weight[RL_NCLASS];                /* 1 - CV^2 */
		int n_j[RL_NCLASS];                      /* counts j of the loop's own other blocks tabulated */
		double p_j[RL_NCLASS][FUSE_LJ];          /* P[j] (Poisson) */
		double stt_surv[RL_NCLASS][FUSE_LJ];     /* p_T(j) */
		double victim_surv[RL_NCLASS][FUSE_LJ];  /* p_V(j) */
	} loop;
} fuse_bank_t;

/* Per class, per class access: hits per bank and the events that move blocks. */
typedef struct fuse_cls {
	double hs, ht;                   /* SRAM hits, STT hits */
	double sfill, tfill;             /* fills into SRAM, into STT */
	double migr;                     /* STT -> SRAM migrations (predictor: write hits) */
	double mres;                     /* migrations x their residence in the FIFO bank, accesses */
} fuse_cls_t;

/* The hit probability per reuse (cold accesses excluded) of class k on curve kind at x. */
static double fuse_p(const fuse_ctx_t *c, int k, int kind, double x)
{
	double fin = 1.0 - c->reuse.cold[k];
	return fin > 1e-12 ? fmin(1.0, fuse_h(c, k, kind, x) / fin) : 0.0;
}

/* Victims in the LRU STT bank: a victim enters STT at MRU when it leaves SRAM (depth x_S) and
 * survives while N_T(d) - N_T(x_S) < C_T; Smith's curve at the capacity matching the means over
 * the class's reuses deeper than x_S (suffix sums). */
static double fuse_x_victim(const fuse_ctx_t *c, const double *w, double cap, int k, double xs)
{
	int j = 0, hi = c->depth.n - 1;                         /* first node with gd >= xs */
	while (j < hi) {
		int mid = (j + hi) / 2;
		if (c->depth.d[mid] < xs)
			j = mid + 1;
		else
			hi = mid;
	}
	double n0 = fuse_occ_eval(c, w, xs), nb = -n0 * c->depth.suffix_share[k][j];
	for (int i = 0; i < c->ncls; i++)
		nb += w[i] * c->depth.suffix_n[k][i][j];
	return nb > 0.0 ? cap * c->depth.suffix_depth[k][j] / nb : c->depth.d[c->depth.n - 1] * 1e3;
}

/* The capacity at which class k's Smith curve matches the bank's own occupancy on the mean:
 * x = C dbar_k / E_k[N(d)] (SET-ASSOCIATIVE); far (no conflicts) when nothing occupies it. */
static double fuse_x_sa(const fuse_ctx_t *c, const double *w, double cap, int k)
{
	double nb = 0.0;
	for (int i = 0; i < c->ncls; i++)
		nb += w[i] * c->depth.n_mean[k][i];
	return nb > 0.0 ? cap * c->reuse.dbar[k] / nb : 1e3 * c->depth.d[c->depth.n - 1];
}

/* P[Poisson(lam) <= n] (0 for n < 0). */
static double fuse_pois_cdf(double lam, int n)
{
	if (n < 0)
		return 0.0;
	double t = exp(-lam), s = t;
	for (int i = 1; i <= n; i++) {
		t *= lam / i;
		s += t;
	}
	return fmin(1.0, s);
}

/* LOOP SETS (header): class k's own other blocks in its LRU STT set, j ~ Poisson, fixed per
 * block; the other classes' touches Poisson per reuse.  Tabulates j's weights and the
 * survivals of an STT-resident block and of a victim given j. */
static void fuse_loop_sets(const fuse_ctx_t *c, fuse_bank_t *b, const double *w, int k)
{
	const fuse_org_t *o = b->o;
	b->loop.weight[k] = 0.0;
	b->loop.n_j[k] = 0;
	if (o->fa || o->pure_stt || !(b->place.sram[k] > 0.0) || c->ncls < 2 || !(c->reuse.gap_cv2[k] < 1.0) ||
	    !(b->cap.stt >= 1.0) || !(c->reuse.dbar[k] > 0.0))
		return;
	int at = c->par.stt_assoc;
	double per = at / b->cap.stt;                             /* a block's share of one set */
	double own = w[k] * c->depth.n_mean[k][k], tot = 0.0;
	for (int i = 0; i < c->ncls; i++)
		tot += w[i] * c->depth.n_mean[k][i];
	double lo = own * per, lf = fmax(0.0, tot - own) * per;
	/* the victim, inserted at MRU when it leaves SRAM (depth x_S): the touches after it */
	int j0 = 0, hi = c->depth.n - 1;
	while (j0 < hi) {
		int mid = (j0 + hi) / 2;
		if (c->depth.d[mid] < b->sram.depth)
			j0 = mid + 1;
		else
			hi = mid;
	}
	double sf = c->depth.suffix_share[k][j0], ov = 0.0, tv = 0.0;       /* share of reuses deeper than x_S */
	if (sf > 1e-12) {
		double wk[RL_NCLASS] = { 0 };
		wk[k] = w[k];
		ov = (w[k] * c->depth.suffix_n[k][k][j0] - fuse_occ_eval(c, wk, b->sram.depth) * sf) / sf;
		for (int i = 0; i < c->ncls; i++)
			tv += w[i] * c->depth.suffix_n[k][i][j0];
		tv = (tv - fuse_occ_eval(c, w, b->sram.depth) * sf) / sf;
	}
	double fv = own > 0.0 ? fmin(1.0, fmax(0.0, ov / own)) : 0.0;
	double lfv = fmax(0.0, tv - ov) * per;
	double t = exp(-lo), cdf = 0.0;
	int n = 0;
	for (int j = 0; j < FUSE_LJ && (j <= at || cdf < 1.0 - 1e-6); j++, n++) {
		b->loop.p_j[k][j] = t;
		cdf += t;
		b->loop.stt_surv[k][j] = fuse_pois_cdf(lf, at - 1 - j);
		/* victim: i of the j own blocks touched after it, Bin(j, fv) */
		double pv = 0.0, bi = pow(1.0 - fv, j);
		for (int i = 0; i <= j && i < at; i++) {
			pv += bi * fuse_pois_cdf(lfv, at - 1 - i);
			bi *= fv < 1.0 ? (double)(j - i) / (i + 1) * fv / (1.0 - fv) : 0.0;
		}
		b->loop.victim_surv[k][j] = fmax(b->surv.sram[k], (1.0 - sf) + sf * pv);
		t *= lo / (j + 1);
	}
	b->loop.p_j[k][n - 1] += fmax(0.0, 1.0 - cdf);            /* the tail: thrashing sets */
	b->loop.n_j[k] = n;
	b->loop.weight[k] = 1.0 - c->reuse.w_poisson[k];
}

/* EVEN's Poisson sums (K and J below) run over the window lam -+ (6 sqrt(lam) + 6): the mass
 * outside it is below 2e-9 for any lam (checked from lam = 1e-3 to 2e4; it is a 6-sigma band
 * plus 6 terms for small lam), so the term count follows the load, 12 terms at lam = 1/2 and 70
 * at 30, and the first term, taken in log space, does not underflow as e^-lam does past 745. */
#define FUSE_POIS_WIN 6.0
/* The non-returning fills concentrate on the busy sets (K + J > A), 1 / P[busy] times the mean
 * rate; below this share of busy sets (set loads lr + lj < 0.82 at A = 2) the fills that the
 * rate counts include first touches, which reach every set alike, so the floor keeps the
 * concentration at 20x at most.  No test pair comes near it (tests/test_fuse: moving it from
 * 0.01 to 0.2 leaves all 27 pairs unchanged). */
#define FUSE_EVEN_BUSY_MIN 0.05
/* A returning block's return rate per access before any is measured (round 0 of a profile
 * whose returning classes never write): one return per 10^12 accesses, far below any real
 * rate, keeps the chain's down rates positive so that it sits at the top (non-returning blocks
 * in every way they can take) instead of dividing by zero. */
#define FUSE_EVEN_RHO_MIN 1e-12
/* The chain's stationary weights are products of up / down ratios, up to A of them: rescaled
 * when they pass this bound, so that any associativity stays within double's range. */
#define FUSE_EVEN_RESCALE 1e150

/* The window of FUSE_POIS_WIN: its first k (into *lo), its last (returned), and P[Poisson(lam)
 * = *lo] (into *p_lo). */
static int fuse_pois_window(double lam, int *lo, double *p_lo)
{
	double w = FUSE_POIS_WIN * (sqrt(lam) + 1.0);
	int l = lam > w ? (int)(lam - w) : 0;
	*lo = l;
	*p_lo = l > 0 ? exp(-lam + l * log(lam) - lgamma(l + 1.0)) : exp(-lam);
	return (int)ceil(lam + w);
}

/* EVEN: s[m] = E[min(1, m / J)] for m = 0..a, J = 1 + Poisson(lj) (size-biased: the set's
 * non-returning blocks with the tagged one), a non-returning block's share of m ways that its
 * set's J non-returning blocks share alike: s[m] = P[J <= m] + m E[1/J; J > m], one pass over
 * J.  Between integers the share is linear in m (the J <= m terms are 1, the others m / J), so
 * s[] gives it exactly at any real m (fuse_jshare). */
static void fuse_jshare_table(double lj, int a, double *s)
{
	int lo;
	double p;
	int hi = fuse_pois_window(lj, &lo, &p);
	double tot = 0.0, cp = 0.0, ci = 0.0;          /* E[1/J]; P[J <= m], E[1/J; J <= m] */
	int m = 0;
	for (int j = lo; j <= hi; j++) {               /* J = j + 1 */
		while (m < a && m < j + 1) {           /* s[m] needs the J <= m sums only */
			s[m] = cp - m * ci;
			m++;
		}
		double pj = p / (j + 1);
		tot += pj;
		if (j + 1 <= a)
			cp += p, ci += pj;
		p *= lj / (j + 1);
	}
	for (; m <= a; m++)
		s[m] = cp - m * ci;
	/* s[m] held P[J <= m] - m E[1/J; J <= m]: add m E[1/J] */
	for (m = 0; m <= a; m++)
		s[m] += m * tot;
}

/* E[min(1, x / J)] at real x in [0, a], from fuse_jshare_table's s[]. */
static double fuse_jshare(const double *s, int a, double x)
{
	int m = (int)x;
	if (m >= a)
		return s[a];
	return s[m] + (x - m) * (s[m + 1] - s[m]);
}

/* EVEN (header): a set of K returning blocks (size-biased, K = 1 + Poisson(lr)) and A ways; n of
 * the ways held by non-returning blocks, a birth-death chain from n0 = (A - K)^+ (below it the
 * set has room and evicts nothing), so that the set is full and r = A - n returning blocks are
 * in SRAM: a non-returning fill (rate lam per busy set) takes a returning block's way when the
 * LRU way is one, and a returning block out of SRAM (K - r of them, each returning at rate rho)
 * takes a non-returning block's way when that is the LRU way; the LRU way is chosen with
 * weights by the blocks' gaps (the staler, the likelier).  The returning blocks share their r
 * ways evenly: es = E_K[E[r] / K]; the non-returning ones share n alike: esn =
 * E_K[E_J[min(1, E[n | K] / J)]] (K unbiased there, Poisson(lr)). */
static void fuse_even(fuse_bank_t *b, double lr, double lj, int as)
{
	b->even.ret_share = b->even.nonret_share = 0.0;
	/* the sets where every block fits (K + J <= A, per set Poisson(lr + lj)) make no refills,
	 * so the non-returning fills fall on the others */
	double busy = 1.0 - fuse_pois_cdf(lr + lj, as);
	double lam = b->even.fill_rate * as / b->cap.sram / fmax(busy, FUSE_EVEN_BUSY_MIN);
	double rho = fmax(b->even.return_rate, FUSE_EVEN_RHO_MIN);
	double wn = b->even.gap_nonret > 0.0 ? b->even.gap_nonret : 1.0, wr = b->even.gap_ret > 0.0 ? b->even.gap_ret : 1.0;
	double buf[33], *s = 2 * as + 1 <= 33 ? buf : malloc((size_t)(2 * as + 1) * sizeof *s);
	if (!s)
		return;                                    /* EVEN off: the chains' forms stand */
	double *g = s + as + 1;
	fuse_jshare_table(lj, as, s);
	/* stationary n: pi(n + 1) / pi(n) = up(n) / down(n + 1), up(n) = lam r w_r / (r w_r +
	 * n w_n) at r = A - n, down(n + 1) = (K - r') rho (n + 1) w_n / ((n + 1) w_n + r' w_r) at
	 * r' = A - n - 1: K enters only through K - r', so g[n] = pi ratio x (K - r') */
	for (int n = 0; n < as; n++) {
		double r = as - n, r1 = as - n - 1;
		double up = lam * r * wr / (r * wr + n * wn);
		double down = rho * (n + 1) * wn / ((n + 1) * wn + r1 * wr);
		g[n] = up / down;
	}
	int lo;
	double pk;                                     /* P[Poisson(lr) = m] = P[K = m + 1] */
	int hi = fuse_pois_window(lr, &lo, &pk);
	if (lo == 0)
		b->even.nonret_share += pk * s[as];                      /* K = 0: all ways to non-returning */
	for (int m = lo; m <= hi; m++) {
		int k = m + 1, n0 = as - k > 0 ? as - k : 0;
		double pi = 1.0, sum = 1.0, e = as - n0, en = n0;
		for (int n = n0; n < as && lam > 0.0; n++) {
			pi *= g[n] / (k - as + n + 1);
			sum += pi;
			e += pi * (as - n - 1);
			en += pi * (n + 1);
			if (pi > FUSE_EVEN_RESCALE) {
				pi /= FUSE_EVEN_RESCALE, sum /= FUSE_EVEN_RESCALE;
				e /= FUSE_EVEN_RESCALE, en /= FUSE_EVEN_RESCALE;
			}
		}
		double q = lr / k, inv = 1.0 / sum;
		b->even.ret_share += pk * e * inv / k;                 /* size-biased K */
		b->even.nonret_share += pk * q * fuse_jshare(s, as, en * inv);  /* P[K = k] = P[K - 1 = m] lr / k */
		pk *= q;
	}
	if (s != buf)
		free(s);
}

/* Survival probabilities of one round, from the current touch shares. */
static void fuse_bank_survival(const fuse_ctx_t *c, fuse_bank_t *b)
{
	const fuse_org_t *o = b->o;
	fuse_occ_t os = { .cs = 0.0, .vs = 0.0 }, ot = os;
	for (int k = 0; k < c->ncls; k++) {
		os.w[k] = b->touch.sram[k];
		ot.w[k] = b->touch.stt_lru[k];
	}
	b->sram.depth = o->pure_stt ? 0.0 : fuse_occ_inv(c, &os, b->cap.sram);
	b->sram.char_time = o->pure_stt ? 0.0 : fuse_gap_at(c, b->sram.depth);
	int kind_t = o->pure_stt ? FUSE_A_NVM : FUSE_A_STT;
	/* STATIC SETS: the blocks living in SRAM, hashed over its sets; a block whose set holds
	 * fewer than A_S others never leaves SRAM (size-biased Poisson load).  Blocks that come
	 * back to SRAM (write hits in STT migrate) push out those that do not, so a returning
	 * block counts only the returning others, a non-returning one all of them */
	b->static_sets.p0[0] = b->static_sets.p0[1] = b->absorbed.survivors = b->even.ret_share = b->even.nonret_share = 0.0;
	if (!o->pure_stt && b->cap.sram >= 1.0) {
		double fs = 0.0, fr = 0.0;
		for (int k = 0; k < c->ncls; k++) {
			double m = o->predictor && c->ncls > 1 && b->place.to_sram[k] ? c->reuse.write[k] : 0.0;
			double back = m > 0.0 && c->reuse.gap_mean[k] > 0.0
			              ? (o->fa ? -expm1(-m * b->fifo.life / c->reuse.gap_mean[k]) : 1.0) : 0.0;
			double blocks = c->blk[k] * c->foot;
			b->returns[k] = back > 0.5;
			fs += (b->in_sram[k] + (1.0 - b->in_sram[k]) * back) * blocks;
			fr += b->returns[k] ? blocks : 0.0;
		}
		int as = c->par.sram_assoc;
		for (int i = 0; i < 2; i++) {
			double lam = (i ? fr : fs) * as / b->cap.sram, t = exp(-lam);
			for (int j = 0; j < as; j++) {
				b->static_sets.p0[i] += t;
				t *= lam / (j + 1);
			}
		}
		/* ABSORBED: a non-returning class whose evicted blocks stay in STT (they hit there, no
		 * write brings them back) fills each set once; the set keeps its last A_S - N_r fills
		 * (N_r ~ Poisson: returning blocks of the set) for good.  Survivors per block:
		 * E[min(N_n, (A_S - N_r)^+)] / lam_n, N_n ~ Poisson(lam_n) the non-returning SRAM-placed
		 * footprint of reused classes per set; weighted by the footprint's absorption */
		double fn = 0.0, fa = 0.0;
		for (int k = 0; k < c->ncls; k++) {
			if (b->returns[k] || (c->ncls > 1 && k == RL_WORO))
				continue;
			double blocks = c->blk[k] * c->foot * b->place.sram[k];
			fn += blocks;
			fa += blocks * b->absorbed.hit_share[k];
		}
		if (fn > 0.0 && fa > 0.0) {
			double lr = fr * as / b->cap.sram, ln = fn * as / b->cap.sram, tr = exp(-lr), pm = 0.0;
			for (int j = 0; j < as; j++) {              /* N_r = j leaves a = as - j ways */
				double tn = exp(-ln), em = 0.0;         /* E[min(N_n, a)] = sum_{i<a} P[N_n > i] */
				double cdf = 0.0;
				for (int i = 0; i < as - j; i++) {
					cdf += tn;
					em += 1.0 - cdf;
					tn *= ln / (i + 1);
				}
				pm += tr * em;
				tr *= lr / (j + 1);
			}
			/* a stream fill in a set ends its survivors for good (they never come back):
			 * x = stream fills per set over the profile; time-average (1 - e^-x) / x */
			double x = b->absorbed.stream * c->horizon * as / b->cap.sram;
			double ab = fa / fn * (x > 1e-9 ? -expm1(-x) / x : 1.0);
			b->static_sets.p0[0] = (1.0 - ab) * b->static_sets.p0[0] + ab * pm / ln;
			b->absorbed.survivors = ab * pm / ln;
		}
		/* EVEN (header): per set, K returning blocks (footprint fr) and J non-returning
		 * SRAM-placed ones of reused classes (fj; WORO's single touches are the stream the
		 * chain's fill rate counts, not blocks that come back) share the A_S ways; the chain
		 * for the ways the non-returning ones hold gives es and esn */
		if (fr > 0.0) {
			double fj = 0.0;
			for (int k = 0; k < c->ncls; k++)
				if (!b->returns[k] && !(c->ncls > 1 && k == RL_WORO))
					fj += c->blk[k] * c->foot * b->place.sram[k];
			fuse_even(b, fr * as / b->cap.sram, fj * as / b->cap.sram, as);
		}
	}
	for (int k = 0; k < c->ncls; k++) {
		b->surv.sram[k] = b->surv.sram_or_victim[k] = b->surv.stt[k] = 0.0;
		if (b->place.sram[k] > 0.0) {
			b->surv.sram[k] = fuse_p(c, k, FUSE_A_SRAM, fuse_x_sa(c, os.w, b->cap.sram, k));
			double p0 = b->static_sets.p0[b->returns[k]];
			if (p0 > 0.0)
				b->surv.sram[k] = p0 < 1.0 ? fmax(0.0, (b->surv.sram[k] - p0) / (1.0 - p0)) : 1.0;
			if (!o->fa)
				b->surv.sram_or_victim[k] = fmax(b->surv.sram[k], fuse_p(c, k, kind_t, fuse_x_victim(c, ot.w, b->cap.stt, k, b->sram.depth)));
		}
		if (!o->fa)
			b->surv.stt[k] = fuse_p(c, k, kind_t, fuse_x_sa(c, ot.w, b->cap.stt, k));
		fuse_loop_sets(c, b, ot.w, k);
	}
}

/* Mean residence in the FIFO bank of a block that migrates out before its lifetime L ends:
 * writes reach it at rate 1 / theta (theta = mu / m: the j-th access, E[j] = 1/m), so the
 * residence is Exp(theta) conditioned on < L:  theta - L e^(-L/theta) / (1 - e^(-L/theta)). */
static double fuse_tau_migr(double theta, double life)
{
	if (!(theta > 0.0) || !(life > 0.0))
		return 0.0;
	double z = life / theta;
	if (z < 1e-6)
		return 0.5 * life;
	return theta - life * exp(-z) / -expm1(-z);
}

/* The LRU STT bank's chain (HIT RATES): SRAM hits and STT hits per reuse from the survivals
 * p_S, p_V, p_T and the migrating share m of STT hits. */
static void fuse_lru_chain(double ps, double pc, double pt, double m, double *hs, double *hv)
{
	double q1 = fmax(0.0, pc - ps), rr = pt * (1.0 - m), den = 1.0 - rr + q1 * (1.0 - m);
	double pis = den > 1e-12 ? (1.0 - rr) / den : 0.0, pit = 1.0 - pis;
	*hs = pis * ps;
	*hv = pis * q1 + pit * pt;
}

/* One class under the current survivals and FIFO lifetime (HIT RATES: the chains). */
static void fuse_cls_eval(const fuse_ctx_t *c, const fuse_bank_t *b, int k, fuse_cls_t *r)
{
	const fuse_org_t *o = b->o;
	double fin = 1.0 - c->reuse.cold[k], w = c->reuse.write[k], wp = c->reuse.w_poisson[k], mu = c->reuse.gap_mean[k];
	double m = o->predictor && c->ncls > 1 && b->place.to_sram[k] ? w : 0.0; /* write hit in STT: moves */
	memset(r, 0, sizeof *r);
	double hs = 0.0, hv = 0.0, ms = 1.0, mg = 0.0;         /* SRAM-placed, per reuse */
	double tau_s = 0.0;                                    /* residence before migrating */
	if (b->place.sram[k] > 0.0 && fin > 0.0) {
		double ps = b->surv.sram[k];
		if (ps >= 1.0 - 1e-12) {
			hs = 1.0, ms = 0.0;
		} else if (o->fa) {
			/* Poisson form: a renewal cycle of K_S SRAM hits, then the accesses that fall in
			 * the FIFO window after the victim's insertion, up to a migrating write */
			double ks = ps / (1.0 - ps), nb = mu > 0.0 ? b->fifo.life / mu : 0.0;
			double g = m > 0.0 ? exp(-m * nb) : 1.0, kt = m > 0.0 ? (1.0 - g) / m : nb;
			double tot = ks + kt + g;
			double hv_p = kt / tot, ms_p = g / tot, mg_p = (1.0 - g) / tot;
			/* regular form: the reuses SRAM keeps are the shortest; the others hit in STT
			 * while their gap fits the window t_S + L after their last use, the victim
			 * entering STT t_S after it but before the next use */
			double te = fmin(b->sram.char_time, 0.5 * mu);
			double rw = wp < 1.0 ? fuse_rh(c, k, te + b->fifo.life, 0) : 0.0;
			double hs_r, hv_r, ms_r, mg_r;
			if (c->reuse.gap_cv2[k] > 1.0) {
				/* a mixture of rates: SRAM keeps the shortest gaps */
				double tot_r = fmax(ps, rw);
				hs_r = ps, hv_r = tot_r - ps, ms_r = 1.0 - tot_r, mg_r = m * hv_r;
			} else {
				/* alike gaps (loops): SRAM survival is by set conflicts, not by gap; an
				 * evicted block stays in STT for n_T = R / (1 - R) hits (the window's hits
				 * per miss), ended early by a write: a renewal cycle as the Poisson form's */
				double nt = rw < 1.0 - 1e-9 ? rw / (1.0 - rw) : 1e9;
				if (mu > 0.0 && ps > 0.0) {
					/* the victim leaves SRAM u t after its last use, u on [0, 1) with SRAM's
					 * eviction hazard constant over the gap (survival ps = e^-Lam): its STT
					 * hits are floor((L + u t) / t) */
					double lam = -log(ps), x = b->fifo.life / mu, fl = floor(x), ph = x - fl;
					double pu = lam < 1e-6 ? ph : (exp(-lam * (1.0 - ph)) - exp(-lam)) / -expm1(-lam);
					nt = fl + pu;
				}
				double gr = m > 0.0 ? pow(1.0 - m, nt) : 1.0;
				double kr = m > 0.0 ? (1.0 - gr) / m : nt, tr = ks + kr + 1.0;
				hs_r = ks / tr, hv_r = kr / tr, ms_r = gr / tr, mg_r = (1.0 - gr) / tr;
			}
			hs = wp * ks / tot + (1.0 - wp) * hs_r;
			hv = wp * hv_p + (1.0 - wp) * hv_r;
			ms = wp * ms_p + (1.0 - wp) * ms_r;
			mg = wp * mg_p + (1.0 - wp) * mg_r;
			if (m > 0.0)
				tau_s = fuse_tau_migr(mu / m, b->fifo.life);
		} else {
			/* Markov chain over {in SRAM, in STT}: victims enter STT, STT hits stay there */
			fuse_lru_chain(ps, b->surv.sram_or_victim[k], b->surv.stt[k], m, &hs, &hv);
			if (b->loop.weight[k] > 0.0) {
				/* LOOP SETS: the chain per own-block count j, averaged over j */
				double hs_l = 0.0, hv_l = 0.0;
				for (int j = 0; j < b->loop.n_j[k]; j++) {
					double a1, a2;
					fuse_lru_chain(ps, b->loop.victim_surv[k][j], b->loop.stt_surv[k][j], m, &a1, &a2);
					hs_l += b->loop.p_j[k][j] * a1;
					hv_l += b->loop.p_j[k][j] * a2;
				}
				hs = (1.0 - b->loop.weight[k]) * hs + b->loop.weight[k] * hs_l;
				hv = (1.0 - b->loop.weight[k]) * hv + b->loop.weight[k] * hv_l;
			}
			ms = fmax(0.0, 1.0 - hs - hv);
			mg = m * hv;
		}
	}
	double ht = 0.0, mt = 1.0;                             /* STT-placed, per reuse */
	if (b->place.stt[k] > 0.0 && fin > 0.0) {
		if (o->fa) {
			double n0 = mu > 0.0 ? b->fifo.life / mu : 0.0;      /* Poisson: Che's FIFO, n0/(1+n0) */
			/* SWEEP with its run starts: each eviction leaves the block absent fgn mu / 2
			 * on average (RUN STARTS: the wait of a run start, the run's deficit) */
			double ab = c->reuse.gap_cv2[k] <= 1.0 ? 0.5 * b->fifo.absent[k] * mu : 0.0;
			ht = wp * n0 / (1.0 + n0) + (wp < 1.0 ? (1.0 - wp) * fuse_rh(c, k, b->fifo.life + ab, 1) : 0.0);
		} else {
			ht = b->surv.stt[k];
		}
		mt = 1.0 - ht;
	}
	double p0 = b->static_sets.p0[b->returns[k]];                         /* STATIC SETS: always in SRAM */
	hs = p0 + (1.0 - p0) * hs, hv *= 1.0 - p0, ms *= 1.0 - p0, mg *= 1.0 - p0;
	if (!b->returns[k] && b->even.nonret_share > 0.0 && b->place.sram[k] > 0.0 && !(c->ncls > 1 && k == RL_WORO)) {
		/* EVEN, a non-returning class: its blocks share the ways the chain leaves them alike,
		 * a time share esn in SRAM; the rest of its reuses end as the chain's forms do (in
		 * their ratios).  Weight 1 / CV^2 for bursty gaps, as the returning classes' below */
		double out = hv + ms, es = b->even.nonret_share;
		double we = c->reuse.gap_cv2[k] > 1.0 ? 1.0 / c->reuse.gap_cv2[k] : 1.0;
		double hv_e = out > 0.0 ? hv * (1.0 - es) / out : 1.0 - es;
		double ms_e = out > 0.0 ? ms * (1.0 - es) / out : 0.0;
		double mg_e = out > 0.0 ? mg * (1.0 - es) / out : m * (1.0 - es);
		double hs_e = es;
		if (c->reuse.gap_cv2[k] < 1.0 && ms > 1e-12) {
			/* alike gaps (a loop): esn is a time share T, and a cycle is n_T STT hits and
			 * one refill, the eviction at a random phase of the gap (half a gap absent
			 * for the regular part, phi): misses (1 - T) / (n_T + 1 - phi), SRAM hits the
			 * rest; when that leaves no SRAM hits the loop cycles through STT alone.
			 * (ms above 1e-12: a class that never misses has no cycle to scale) */
			double phi = 0.5 * (1.0 - wp), nt = hv / ms;
			if (o->fa && mu > 0.0)
				nt = wp * nt + (1.0 - wp) * b->fifo.life / mu;   /* evicted at a random phase */
			double mse = (1.0 - es) / (nt + 1.0 - phi);
			if ((nt + 1.0) * mse <= 1.0) {
				ms_e = mse, hv_e = nt * mse, hs_e = 1.0 - (nt + 1.0) * mse, mg_e = 0.0;
			} else {
				ms_e = 1.0 / (nt + 1.0), hv_e = nt * ms_e, hs_e = 0.0, mg_e = 0.0;
			}
		}
		hs = (1.0 - we) * hs + we * hs_e, hv = (1.0 - we) * hv + we * hv_e;
		ms = (1.0 - we) * ms + we * ms_e, mg = (1.0 - we) * mg + we * mg_e;
	}
	if (b->returns[k] && b->even.ret_share > 0.0 && b->place.sram[k] > 0.0) {
		/* EVEN: the SRAM share is E[min(1, A_S / K)]; the other reuses end as the chain's.
		 * Exchangeable blocks need one reuse rate: a mixture of rates (CV^2 > 1) keeps its hot
		 * blocks in SRAM, so the weight falls as 1 / CV^2, as the Poisson form's (TIME) */
		double out = hv + ms, es = b->even.ret_share;
		double we = c->reuse.gap_cv2[k] > 1.0 ? 1.0 / c->reuse.gap_cv2[k] : 1.0;  /* one rate only */
		double hv_e = out > 0.0 ? hv * (1.0 - es) / out : 1.0 - es;
		double ms_e = out > 0.0 ? ms * (1.0 - es) / out : 0.0;
		double mg_e = out > 0.0 ? mg * (1.0 - es) / out : m * (1.0 - es);
		hs = (1.0 - we) * hs + we * es, hv = (1.0 - we) * hv + we * hv_e;
		ms = (1.0 - we) * ms + we * ms_e, mg = (1.0 - we) * mg + we * mg_e;
	}
	double hst = 0.0;                                      /* STT-placed blocks in SRAM */
	if (b->returns[k] && b->even.ret_share > 0.0 && b->place.stt[k] > 0.0) {
		/* EVEN: a mispredicted block of a returning class (placed in STT) migrates in on
		 * its first write hit and then shares the set's ways as the others, a share es of
		 * its reuses in SRAM; its misses refill STT, so the STT shares scale by 1 - es */
		double we = c->reuse.gap_cv2[k] > 1.0 ? 1.0 / c->reuse.gap_cv2[k] : 1.0;
		hst = we * b->even.ret_share;
		ht *= 1.0 - hst, mt *= 1.0 - hst;
	}
	r->hs = fin * (b->place.sram[k] * hs + b->place.stt[k] * hst);
	r->ht = fin * (b->place.sram[k] * hv + b->place.stt[k] * ht);
	r->sfill = b->place.sram[k] * (1.0 - fin + fin * ms);
	r->tfill = b->place.stt[k] * (1.0 - fin + fin * mt);
	r->migr = fin * (b->place.sram[k] * mg + b->place.stt[k] * m * ht);
	if (o->fa && m > 0.0)
		r->mres = fin * (b->place.sram[k] * mg * tau_s + b->place.stt[k] * m * ht * fuse_tau_migr(mu / m, b->fifo.life));
}

/* log(occupancy / C_T) of the FIFO bank at lifetime e^x (FIFO, Little's law): blocks that leave
 * by eviction stay the lifetime, those that migrate out their residence tau. */
static double fuse_life_gap(const fuse_ctx_t *c, fuse_bank_t *b, const double *warm, double x)
{
	fuse_cls_t r;
	double occ = 0.0;
	b->fifo.life = exp(x);
	for (int k = 0; k < c->ncls; k++) {
		fuse_cls_eval(c, b, k, &r);
		occ += (c->acc[k] * (r.sfill + r.tfill) - warm[k]) * b->fifo.life + c->acc[k] * r.mres;
	}
	return log(fmax(occ, 1e-300)) - log(b->cap.stt);
}

/* FIFO lifetime: occupancy(life) = C_T, the fills depending on life; regula falsi (Illinois)
 * on log life, bracketed by C_T (every access a fill) and C_T / (streaming fills), or within a
 * factor 2 of the previous round's life when that brackets the root. */
static void fuse_solve_life(const fuse_ctx_t *c, fuse_bank_t *b)
{
	double fills = 0.0, warm[RL_NCLASS];
	for (int k = 0; k < c->ncls; k++) {
		/* first touches of reused blocks (WM, RI, WORM) are the warm-up of a fixed footprint,
		 * not a flow through the bank; WORO blocks (and a profile without classes) stream */
		warm[k] = c->ncls > 1 && k != RL_WORO ? c->acc[k] * (b->place.sram[k] + b->place.stt[k]) * c->reuse.cold[k]
		                                      : 0.0;
		fills += c->acc[k] * (b->place.sram[k] + b->place.stt[k]) * c->reuse.cold[k] - warm[k];
	}
	double lmin = log(fmax(b->cap.stt, 1e-9)), lmax = log(b->cap.stt / fmax(fills, 1e-7 * b->cap.stt));
	if (!(lmax > lmin)) {
		b->fifo.life = b->cap.stt;
		return;
	}
	double prev = fmin(lmax, fmax(lmin, log(b->fifo.life))), lo = lmin, hi = lmax, flo, fhi;
	{
		/* warm start: secant from the previous round's life (occupancy ~ life: slope ~1) */
		double x0 = prev, f0 = fuse_life_gap(c, b, warm, x0);
		if (fabs(f0) < FUSE_LIFE_TOL)
			return;
		double x1 = fmin(lmax, fmax(lmin, x0 - f0)), f1 = fuse_life_gap(c, b, warm, x1);
		for (int it = 0; it < 4 && fabs(f1) >= FUSE_LIFE_TOL && f1 != f0; it++) {
			double x2 = fmin(lmax, fmax(lmin, x1 - f1 * (x1 - x0) / (f1 - f0)));
			x0 = x1, f0 = f1;
			x1 = x2, f1 = fuse_life_gap(c, b, warm, x1);
		}
		if (fabs(f1) < FUSE_LIFE_TOL) {
			b->fifo.life = exp(x1);
			return;
		}
	}
	flo = fuse_life_gap(c, b, warm, lo);
	fhi = fuse_life_gap(c, b, warm, hi);
	if (flo >= 0.0 || fhi <= 0.0) {
		b->fifo.life = exp(flo >= 0.0 ? lo : hi);
		return;
	}
	int side = 0;
	double x = lo;
	for (int it = 0; it < 30; it++) {
		x = (lo * fhi - hi * flo) / (fhi - flo);
		double fx = fuse_life_gap(c, b, warm, x);
		if (fabs(fx) < FUSE_LIFE_TOL || hi - lo < 1e-4)
			break;
		if (fx < 0.0) {
			lo = x, flo = fx;
			if (side == -1)
				fhi *= 0.5;
			side = -1;
		} else {
			hi = x, fhi = fx;
			if (side == 1)
				flo *= 0.5;
			side = 1;
		}
	}
	b->fifo.life = exp(x);
}

int fuse_hit_eval(const fuse_ctx_t *c, const fuse_org_t *o, double l1_bytes, fuse_hit_t *out)
{
	const fuse_params_t *p = &c->par;
	stt_split_t sp;
	memset(out, 0, sizeof *out);
	if (stt_split(&p->tech, l1_bytes, o->sram_frac, &sp) != 0 || !(o->q >= 0.0 && o->q <= 1.0))
		return -1;
	out->sram_bytes = sp.sram_bytes;
	out->stt_bytes = sp.stt_bytes;
	double cs = sp.sram_bytes / c->block_bytes, ct = sp.stt_bytes / c->block_bytes;
	double q = o->q;

	/* placement fractions (header, PLACEMENT) */
	for (int k = 0; k < c->ncls; k++) {
		double *S = &out->place_sram[k], *T = &out->place_stt[k], *X = &out->place_bypass[k];
		int woro = c->ncls > 1 && k == RL_WORO;
		if (o->pure_stt) {
			*X = woro ? q : 0.0;                   /* By-NVM dead-write bypass */
			*T = 1.0 - *X;
		} else if (!o->predictor || c->ncls == 1) {
			*S = 1.0;                              /* §III-A: all fills to SRAM */
		} else if (k == RL_WM || k == RL_RI) {
			*S = q, *T = 1.0 - q;                  /* §IV-B: WM / neutral -> SRAM */
		} else if (k == RL_WORM) {
			*T = q, *S = 1.0 - q;                  /* WORM -> STT */
		} else {
			*X = q, *T = 1.0 - q;                  /* WORO -> bypass, else treated as WORM */
		}
	}
	/* the banks' fixed point (header, HIT RATES) */
	fuse_bank_t bk = { .o = o, .cap = { .sram = cs, .stt = ct } };
	for (int k = 0; k < c->ncls; k++) {
		bk.touch.sram[k] = out->place_sram[k];                          /* first guess: placement */
		bk.touch.stt_lru[k] = out->place_sram[k] + out->place_stt[k];
		bk.touch.held[k] = out->place_sram[k] + out->place_stt[k];
		bk.place.sram[k] = out->place_sram[k];
		bk.place.stt[k] = out->place_stt[k];
		bk.in_sram[k] = out->place_sram[k];
		bk.place.to_sram[k] = c->ncls == 1 || k == RL_WM || k == RL_RI;
	}
	bk.fifo.life = 4.0 * ct;                                          /* first guess */
	{
		/* EVEN's return rate before any round: a returning block out of SRAM comes back on a
		 * write hit (migration), rw / mu per access, footprint-weighted over the classes the
		 * predictor sends to SRAM; the rounds replace it by the measured returns */
		double br = 0.0, brr = 0.0;
		for (int k = 0; k < c->ncls; k++)
			if (o->predictor && c->ncls > 1 && bk.place.to_sram[k] && c->reuse.write[k] > 0.0 && c->reuse.gap_mean[k] > 0.0) {
				br += c->blk[k];
				brr += c->blk[k] * c->reuse.write[k] / c->reuse.gap_mean[k];
			}
		bk.even.return_rate = br > 0.0 ? brr / br : 0.0;
	}
	fuse_cls_t cl[RL_NCLASS];
	for (int round = 0; round < FUSE_ROUNDS; round++) {
		fuse_bank_survival(c, &bk);
		if (o->fa)
			fuse_solve_life(c, &bk);
		double change = 0.0;
		for (int k = 0; k < c->ncls; k++) {
			fuse_cls_eval(c, &bk, k, &cl[k]);
			/* shares of the class's accesses that touch each bank (HIT RATES, OCCUPANCY) */
			double rho = fmin(1.0, cl[k].hs + cl[k].sfill + cl[k].migr);
			double sig = fmin(1.0, cl[k].ht + cl[k].tfill + cl[k].sfill + cl[k].migr);
			change = fmax(change, fabs(rho - bk.touch.sram[k]) + fabs(sig - bk.touch.stt_lru[k]));
			bk.touch.sram[k] = round == 0 ? rho : FUSE_DAMP * rho + (1.0 - FUSE_DAMP) * bk.touch.sram[k];
			bk.touch.stt_lru[k] = round == 0 ? sig : FUSE_DAMP * sig + (1.0 - FUSE_DAMP) * bk.touch.stt_lru[k];
			/* ABSORBED: STT hits per STT stay's accesses (an exit: a miss or a migration) */
			double ex = cl[k].sfill + cl[k].tfill + cl[k].migr -
			            (bk.place.sram[k] + bk.place.stt[k]) * c->reuse.cold[k];
			double ab = cl[k].ht > 0.0 ? cl[k].ht / (cl[k].ht + fmax(0.0, ex)) : 0.0;
			change = fmax(change, fabs(ab - bk.absorbed.hit_share[k]));
			bk.absorbed.hit_share[k] = round == 0 ? ab : FUSE_DAMP * ab + (1.0 - FUSE_DAMP) * bk.absorbed.hit_share[k];
			double th = cl[k].hs + cl[k].ht > 0.0 ? cl[k].hs / (cl[k].hs + cl[k].ht) : bk.place.sram[k];
			change = fmax(change, fabs(th - bk.in_sram[k]));
			bk.in_sram[k] = round == 0 ? th : FUSE_DAMP * th + (1.0 - FUSE_DAMP) * bk.in_sram[k];
		}
		if (o->fa && ct > 0.0) {
			/* RUN STARTS (header): per class, its FIFO insertions per access (SRAM victims,
			 * direct fills and the victims of its migrated blocks, less the warm-up), the
			 * others' lam_F; the foreign share f of its evictions (runs' time share lam_F / a
			 * and one wait per lifetime, n_w = lam_F mu / 2 foreign evictions each), and the
			 * absent phase per eviction A = f A_for + (1 - f) A_own, kept as 2 A / mu (at most
			 * the floor form's mu / 2) */
			double ins[RL_NCLASS], itot = 0.0;
			for (int k = 0; k < c->ncls; k++) {
				double wm = c->ncls > 1 && k != RL_WORO
				            ? c->acc[k] * (bk.place.sram[k] + bk.place.stt[k]) * c->reuse.cold[k] : 0.0;
				ins[k] = fmax(0.0, c->acc[k] * (cl[k].sfill + cl[k].tfill + cl[k].migr) - wm);
				itot += ins[k];
			}
			for (int k = 0; k < c->ncls; k++) {
				double a = c->acc[k], mu = c->reuse.gap_mean[k], lf = itot - ins[k], fg = 0.0;
				if (a > 0.0 && mu > 0.0) {
					double f = lf / a;                           /* during the runs */
					if (ins[k] > 0.0 && bk.fifo.life > 0.0)           /* + one wait per lifetime */
						f *= 1.0 + a * mu / (2.0 * bk.fifo.life * ins[k]);
					f = fmin(1.0, f);
					double a1 = 0.5 * mu, nw = lf * a1;
					double afor = a1 * (1.0 + 0.5 * nw) / (1.0 + nw), aown = (1.0 + nw) / a;
					fg = 2.0 * (f * afor + (1.0 - f) * aown) / mu;
				}
				fg = fmin(1.0, fmax(0.0, fg));
				change = fmax(change, fabs(fg - bk.fifo.absent[k]));
				bk.fifo.absent[k] = round == 0 ? fg : FUSE_DAMP * fg + (1.0 - FUSE_DAMP) * bk.fifo.absent[k];
			}
		}
		{
			double st = 0.0;                                     /* ABSORBED: stream fills */
			for (int k = 0; k < c->ncls; k++)
				if (!bk.returns[k])
					st += c->acc[k] * fmax(0.0, cl[k].sfill - (c->ncls > 1 && k == RL_WORO ? 0.0
					                       : bk.place.sram[k] * c->reuse.cold[k]));
			bk.absorbed.stream = round == 0 ? st : FUSE_DAMP * st + (1.0 - FUSE_DAMP) * bk.absorbed.stream;
			/* EVEN's rates, damped as the others: non-returning SRAM fills per access (first
			 * touches too: they take ways as refills do) and their fill-weighted mean gap; a
			 * returning block's return rate while out of SRAM, (migrations + SRAM refills) per
			 * reuse spent out of SRAM over its gap, footprint-weighted (out-shares under 1e-12:
			 * a block always in SRAM, counted at one return per gap) */
			double ln = 0.0, lnm = 0.0, br = 0.0, brm = 0.0, brr = 0.0;
			for (int k = 0; k < c->ncls; k++) {
				double fin = 1.0 - c->reuse.cold[k];
				if (!bk.returns[k]) {
					ln += c->acc[k] * cl[k].sfill;
					lnm += c->acc[k] * cl[k].sfill * c->reuse.gap_mean[k];
				} else if (c->reuse.gap_mean[k] > 0.0) {
					double blocks = c->blk[k] * c->foot, ou = fin - cl[k].hs;
					double ret = cl[k].migr + fmax(0.0, cl[k].sfill - bk.place.sram[k] * c->reuse.cold[k]);
					br += blocks;
					brm += blocks * c->reuse.gap_mean[k];
					brr += blocks * (ou > 1e-12 ? ret / ou : 1.0) / c->reuse.gap_mean[k];
				}
			}
			double mun = ln > 0.0 ? lnm / ln : 0.0, mur = br > 0.0 ? brm / br : 0.0;
			double rr = br > 0.0 ? brr / br : 0.0;
			bk.even.fill_rate = round == 0 ? ln : FUSE_DAMP * ln + (1.0 - FUSE_DAMP) * bk.even.fill_rate;
			bk.even.gap_nonret = round == 0 || !(bk.even.gap_nonret > 0.0) ? mun : FUSE_DAMP * mun + (1.0 - FUSE_DAMP) * bk.even.gap_nonret;
			bk.even.gap_ret = round == 0 || !(bk.even.gap_ret > 0.0) ? mur : FUSE_DAMP * mur + (1.0 - FUSE_DAMP) * bk.even.gap_ret;
			bk.even.return_rate = round == 0 ? rr : FUSE_DAMP * rr + (1.0 - FUSE_DAMP) * bk.even.return_rate;
		}
		out->rounds = round + 1;
		if (change < FUSE_ROUND_TOL)
			break;
	}
	{                                                            /* reported depths */
		fuse_occ_t ot = { .cs = 0.0, .vs = 0.0 }, oc = ot;
		for (int k = 0; k < c->ncls; k++) {
			ot.w[k] = bk.touch.stt_lru[k];
			oc.w[k] = bk.touch.held[k];
		}
		out->x_sram = bk.sram.depth;
		out->x_stt = fuse_occ_inv(c, &ot, ct);
		out->x_comb = fmax(bk.sram.depth, fuse_occ_inv(c, &oc, cs + ct));
	}
	out->t_sram = bk.sram.char_time;
	out->stt_life = o->fa ? bk.fifo.life : 0.0;
	double warm[RL_NCLASS];
	for (int k = 0; k < c->ncls; k++)                           /* as fuse_solve_life's */
		warm[k] = c->ncls > 1 && k != RL_WORO ? c->acc[k] * (bk.place.sram[k] + bk.place.stt[k]) * c->reuse.cold[k]
		                                      : 0.0;
	for (int k = 0; k < c->ncls; k++) {
		double a = c->acc[k], w = c->reuse.write[k];
		const fuse_cls_t *r = &cl[k];
		if (o->fa)
			out->cls_stt_occ[k] = (a * (r->sfill + r->tfill) - warm[k]) * bk.fifo.life + a * r->mres;
		out->cls_h_sram[k] = r->hs;
		out->cls_h_stt[k] = r->ht;
		out->h_sram += a * r->hs;
		out->h_stt += a * r->ht;
		out->stt_fill += a * r->tfill;
		if (!o->pure_stt)
			out->stt_evict += a * (r->sfill + r->migr);          /* §IV-A: victims via swap buffer;
			                                                        a migration pushes one out too */
		out->sram_write += a * (r->sfill + r->hs * w + r->migr);
		out->sram_read += a * r->hs * (1.0 - w);
		out->stt_read += a * (r->ht * (1.0 - w) + r->migr);    /* read hits + migrations' reads */
		out->migrations += a * r->migr;
		out->stt_update += a * fmax(0.0, r->ht * w - r->migr);  /* other write hits: in place */
	}
	out->sram_read += out->stt_evict;                            /* victims are read out of SRAM */
	out->h = out->h_sram + out->h_stt;
	out->stt_probe = 1.0 - out->h;
	if (out->stt_probe < 0.0)
		out->stt_probe = 0.0;
	out->stt_write = out->stt_fill + out->stt_evict + out->stt_update;

	const stt_tech_t *t = &p->tech;
	out->t_read = t->stt_rd_cyc;
	out->t_probe = 1.0;
	out->t_write = t->stt_wr_cyc;
	out->x_read = t->stt_rd_cyc - t->sram_rd_cyc;
	out->x_probe = 0.0;
	if (o->fa && ct >= 1.0) {
		int ways = (int)lround(ct);
		int filters = (int)ceil(ways / p->cbf_set_blocks);   /* 128 for Table I's 512 ways */
		if (filters > ways)
			filters = ways;
		if (bloom_tagsearch_eval(ways, filters, p->cbf_counters, p->cbf_bits, p->cbf_hashes,
		                         p->comparators, p->t_filter, &out->ts) != 0)
			return -1;
		/* bank occupancy: the polls of false-positive sets serialise; the filter test (separate
		 * NVM-CBF array) and the true set's poll overlap the pipelined data access */
		out->t_read += 0.5 * out->ts.false_sets * out->ts.cyc_per_set;
		out->t_probe = fmax(out->ts.false_sets * out->ts.cyc_per_set, 1.0);
		out->x_read += out->ts.cycles_hit - 1.0;
		out->x_probe = fmax(0.0, out->ts.cycles_miss - 1.0);
	}
	if (out->x_read < 0.0)
		out->x_read = 0.0;
	return 0;
}

/* L1 accesses per cycle per SM: asymptotic bounds of the closed network (header, RATE).
 * l1_extra: cycles added to each L1 visit's service; stt_d: STT demand per access. */
static double fuse_l1_rate(const memsys_t *m, double h, double l1_extra, double stt_d,
                           double stt_delay_per_access)
{
	double a1 = m->mem_per_inst * m->req_per_mem;
	double m1 = a1 * (1.0 - h);
	double e = m->ext_frac;
	double dram_v = m1 * ((1.0 - e) * (1.0 - m->llc_hit) + e * (1.0 - m->ext_hit));
	double l1s = m->l1_service + l1_extra;
	double r0 = m->issue_service + m->rf_service + m->dep_delay +
	            a1 * (m->l1_lat + l1s + stt_d + stt_delay_per_access) +
	            m1 * (2.0 * m->noc_lat + m->noc_service_req + m->noc_service_resp) +
	            m1 * (1.0 - e) * (m->llc_lat + m->llc_service) +
	            dram_v * (m->dram_lat + m->dram_service);
	double n = m->warps * m->mlp;
	double x = r0 > 0.0 ? n / r0 : 1e9;
	double nc = m->n_compute > 0 ? m->n_compute : 1;
	double d[6] = {
		m->issue_service + m->rf_service,
		a1 * l1s,
		a1 * stt_d,
		m->llc_slices > 0 ? m1 * (1.0 - e) * m->llc_service * nc / m->llc_slices : 0.0,
		m->dram_channels > 0 ? dram_v * m->dram_service * nc / m->dram_channels : 0.0,
		m->noc_req_ports > 0 ? m1 * m->noc_service_req * nc / m->noc_req_ports : 0.0,
	};
	for (int i = 0; i < 6; i++)
		if (d[i] > 0.0 && 1.0 / d[i] < x)
			x = 1.0 / d[i];
	return a1 * x;
}

int fuse_effects(const gpu_t *g, const fuse_ctx_t *c, const fuse_org_t *o, const memsys_t *m,
                 fuse_eff_t *out)
{
	memset(out, 0, sizeof *out);
	out->org = *o;
	fuse_hit_t *h = &out->hit;
	if (fuse_hit_eval(c, o, m->l1_bytes, h) != 0)
		return -1;
	const stt_tech_t *t = &c->par.tech;

	/* bank cycles are array cycles of a line; a request occupies the SRAM L1 port for
	 * l1_service (bytes / port width): the STT bank has the same port, scaled alike */
	double u = m->l1_service > 0.0 ? m->l1_service / t->sram_rd_cyc : 1.0;
	double ul = g->l1_bytes_per_cycle > 0.0 && g->line_bytes > 0
	            ? g->line_bytes / g->l1_bytes_per_cycle / t->sram_rd_cyc : 1.0;
	double tr = h->t_read * u, tp = h->t_probe * u, tw = h->t_write * ul;
	/* the "stt" station: visits that a warp waits for (reads and probes) */
	out->stt_visits = h->stt_read + h->stt_probe;
	double work = h->stt_read * tr + h->stt_probe * tp;
	if (!o->blocking)
		work += h->stt_write * tw;                 /* posted writes still occupy the bank */
	if (out->stt_visits > 0.0) {
		out->stt_service = work / out->stt_visits;
		out->stt_delay = (h->stt_read * h->x_read + h->stt_probe * h->x_probe) / out->stt_visits;
	}

	/* rate <-> stall fixed point */
	stt_load_t *L = &out->load;
	L->t_read = tr;
	L->t_probe = tp;
	L->t_write = tw;
	L->nonblocking = !o->blocking;
	L->tag_queue = t->tag_queue;
	L->swap_buffer = t->swap_buffer;
	double stall = 0.0;
	for (int it = 0; it < 8; it++) {
		double r1 = fuse_l1_rate(m, h->h, stall, out->stt_visits * out->stt_service,
		                         out->stt_visits * out->stt_delay);
		L->lam_read = h->stt_read * r1;
		L->lam_probe = h->stt_probe * r1;
		L->lam_write = h->stt_write * r1;
		L->lam_evict = o->blocking ? 0.0 : h->stt_evict * r1;
		L->lam_update = o->blocking ? 0.0 : h->stt_update * r1;
		if (stt_block_eval(L, &out->blk) != 0)
			return -1;
		double s_new = r1 > 0.0 ? out->blk.stall_per_cycle / r1 : 0.0;
		double prev = stall;
		stall = it == 0 ? s_new : 0.5 * (stall + s_new);
		out->l1_rate = r1;
		if (it > 0 && fabs(stall - prev) <= 1e-3 * (stall + 1e-3))
			break;
	}
	out->stall_per_access = stall;

	/* energy: preset SRAM L1 energies scaled by the Table I model of each bank (sttmram (S2)) */
	double a1 = m->mem_per_inst * m->req_per_mem;
	double kib0 = m->l1_bytes / 1024.0, ks = h->sram_bytes / 1024.0, kt = h->stt_bytes / 1024.0;
	double r0 = stt_access_nj(t, kib0, 0, 0), w0 = stt_access_nj(t, kib0, 0, 1);
	double esr = g->e_l1_read_pj * stt_access_nj(t, ks, 0, 0) / r0;
	double esw = g->e_l1_write_pj * stt_access_nj(t, ks, 0, 1) / w0;
	double etr = g->e_l1_read_pj * stt_access_nj(t, kt, 1, 0) / r0;
	double etw = g->e_l1_write_pj * stt_access_nj(t, kt, 1, 1) / w0;
	out->e_l1_pj_per_access = h->sram_read * esr + h->sram_write * esw + h->stt_read * etr +
	                          h->stt_write * etw;
	double wf = m->write_frac;
	double e_base = a1 * ((1.0 - wf) * g->e_l1_read_pj +
	                      (wf + (1.0 - wf) * (1.0 - h->h)) * g->e_l1_write_pj); /* energy.c's L1 */
	out->e_l1_delta_pj_per_inst = a1 * out->e_l1_pj_per_access - e_base;

	/* leakage (sttmram (S3)) and area (§V-C) */
	out->leak_ratio = (stt_leak_mw(t, ks, 0) + stt_leak_mw(t, kt, 1)) / stt_leak_mw(t, kib0, 0);
	double powered = (g->n_sm - m->n_gated) + m->n_gated * g->gated_leak_frac;
	out->p_l1_delta_w = (out->leak_ratio - 1.0) * g->p_sram_leak_mw_per_kib * 1e-3 * kib0 * powered;
	double frac = (o->blocking ? 0.0 : c->par.area_tq_sb) + (o->fa ? c->par.area_cbf : 0.0) +
	              (o->predictor ? c->par.area_pred : 0.0);
	out->area_l1_delta_mm2 = frac * g->n_sm * area_sram_mm2(g, m->l1_bytes);
	return 0;
}

/* ---- the mechanism seam ---- */

int fuse_check(const gpu_t *g, const design_t *d, const char **why)
{
	if (d->fuse_cfg < FUSE_SRAM || d->fuse_cfg >= FUSE_NCFG) {
		*why = "fuse_cfg must be sram, stt, hybrid, base, fa or dy";
		return -1;
	}
	if (d->fuse_cfg == FUSE_SRAM)
		return 0;
	if (!(d->fuse_pred_acc >= 0.0 && d->fuse_pred_acc <= 1.0)) {
		*why = "fuse_pred_acc must be in [0, 1]";
		return -1;
	}
	if (d->fuse_cfg == FUSE_STT) {
		if (d->fuse_predictor) {
			*why = "fuse_predictor needs a hybrid L1 (fuse_cfg hybrid, base, fa or dy)";
			return -1;
		}
		return 0;
	}
	if (!(d->fuse_sram_frac > 0.0 && d->fuse_sram_frac < 1.0)) {
		*why = "fuse_sram_frac must be in (0, 1) for a hybrid L1 (FUSE Table I: 0.5)";
		return -1;
	}
	if (!(g->l1_kib > 0.0)) {
		*why = "FUSE needs an L1 (l1_kib > 0)";
		return -1;
	}
	return 0;
}

unsigned fuse_apply(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m)
{
	fuse_org_t o;
	const fuse_ctx_t *c = w->mech[MECH_FUSE];
	if (d->fuse_cfg == FUSE_SRAM || !c || fuse_org_from_design(d, &o) != 0)
		return 0;
	fuse_eff_t e;
	if (fuse_effects(g, c, &o, m, &e) != 0)
		return 0;
	unsigned changed = MECH_L1_HIT | MECH_LEVELS | MECH_ENERGY | MECH_AREA | MECH_OUTPUTS;
	double a1 = m->mem_per_inst * m->req_per_mem;
	m->l1_bytes = e.hit.sram_bytes + e.hit.stt_bytes;
	m->l1_hit = e.hit.h;
	m->l1_service += e.stall_per_access;
	if (e.stt_visits > 0.0) {
		ms_station_t s = { "stt", CPI_L1, MS_PER_L1_ACCESS, e.stt_visits, e.stt_service,
		                   e.stt_delay, m->l1_count > 0 ? m->l1_count : 1, 1.0 };
		memsys_add_station(m, &s);
		changed |= MECH_STATIONS;
	}
	m->e_pj_per_inst[EC_L1] += e.e_l1_delta_pj_per_inst;
	m->p_static_w[EC_L1] += e.p_l1_delta_w;
	m->area_mm2[EC_L1] += e.area_l1_delta_mm2;
	m->stt_writes_per_inst = a1 * e.hit.stt_write;
	return changed;
}

/* The row's per-workload context: FUSE's default parameters with this GPU's cell areas. */
static void *mech_ctx_alloc(const gpu_t *g, const profile_t *p)
{
	fuse_params_t par;
	fuse_params_default(&par);
	if (g->sram_cell_f2 > 0.0)
		par.tech.sram_cell_f2 = g->sram_cell_f2;
	if (g->stt_cell_f2 > 0.0)
		par.tech.stt_cell_f2 = g->stt_cell_f2;
	return fuse_ctx_alloc(p, &par);
}

static void mech_ctx_free(void *ctx)
{
	fuse_ctx_free(ctx);
}

static const char *const fuse_columns[] = { "stt_wpki", NULL };

const mech_t mech_fuse = {
	.name = "fuse", .level = MECH_LEVEL_L1,
	.ctx_alloc = mech_ctx_alloc, .ctx_free = mech_ctx_free,
	.check = fuse_check, .apply = fuse_apply, .columns = fuse_columns,
};
