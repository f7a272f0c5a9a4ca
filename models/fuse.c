/*
 * fuse.c -- the FUSE hybrid L1: placement, bank hit rates, STT traffic, write blocking, and the
 * edits of the GPU model's memory system.  Source: FUSE (HPCA 2019, ../shared/papers/004),
 * §II-B, §III-A (read levels, victims), §III-B (approximate FA bank), §IV-A (tag queue, swap
 * buffer, migrations), §IV-B (predictor), §V (configurations, Table I), §V-C (area).
 *
 * CLASSES.  c in {WM, RI, WORM, WORO} with a_c = share of L1 accesses, b_c = share of distinct
 *   blocks, w_c = share of the class's accesses that are writes, H_c(x; A) = the hit ratio of the
 *   class's accesses in an LRU cache of x blocks and A ways holding the whole l1 stream (Smith
 *   over profile cls_sd: the class's accesses' stack distances in the l1 stream, as
 *   src/profiler.c computes them).  A profile without read-level data is one class (the "l1"
 *   stream): the predictor then has nothing to act on and Dy-FUSE equals FA-FUSE.  A class
 *   without its own histogram uses the l1 stream's.
 * PLACEMENT (fractions pi_S, pi_T, pi_X of a class's blocks filled into SRAM, STT, or bypassed):
 *   no predictor (hybrid, base, fa):  every fill to SRAM; SRAM victims to STT      [§III-A]
 *   predictor with accuracy q:  WM, RI -> SRAM w.p. q (else STT); WORM -> STT w.p. q (else SRAM);
 *                               WORO -> bypass w.p. q (else STT, as a WORM)        [§III-A, §IV-B]
 *   pure STT (By-NVM):  every fill to STT except WORO, bypassed w.p. q (dead-write prediction)
 *   Non-WORO SRAM victims move to STT through the swap buffer (§IV-A); a write hit on SRAM-class
 *   data found in STT migrates it back to SRAM under the predictor ("in the case of WM the
 *   arbitrator migrates data", §IV-A), and is written in place (a tag-queue flush) otherwise.
 * HIT RATES.  The bank's share of the l1 stream's LRU stack (flow balance).  Let p_c(D) be the
 *   probability that stack position D of the l1 stream holds a class-c block.  Class-c blocks
 *   enter the top D positions at the rate of class-c accesses with distance >= D,
 *   a_c (1 - H_c(D)); blocks leave them one per access with distance >= D, the one at position
 *   D; in steady state  p_c(D) = a_c (1 - H_c(D)) / sum_c' a_c' (1 - H_c'(D)),  and the expected
 *   class-c blocks among the top D are n_c(D) = int_0^D p_c (tabulated per workload, Simpson).
 *   A bank receiving fractions pi_B(c) of the classes' blocks holds, of the top D positions,
 *   N_B(D) = sum_c pi_B(c) n_c(D) blocks.  An LRU bank of C blocks hits a reuse of l1 distance d
 *   iff N_B(d) < C: like a cache of x = N_B^{-1}(C) blocks on the whole stream, each class by its
 *   own distances (and by Smith at x with the bank's ways: the bank's sets see the thinned
 *   binomial, Bin(N_B(d), A/C) ~ Bin(d, A/x)).  With SRAM victims in STT (exclusive banks):
 *     SRAM-placed class:  hits SRAM iff N_S(d) < C_S          -> x_S = N_S^{-1}(C_S)
 *                         hits STT as a victim iff N_S(d) + N_T(d) < C_S + C_T  -> x_ST
 *     STT-placed class:   hits iff N_T(d) + max(0, N_S(d) - C_S) < C_T  -> x_T
 *                         (the STT holds its own blocks and the SRAM blocks past C_S)
 *   h_S = H_c(x_S; A_S); h_S+T = max(h_S, H_c(max(x_S, x_ST); A')), A' fully associative for the
 *   FA bank, A_S + A_T ways otherwise; h_T = H_c(x_T; A_T or full).
 *   LIMITATION: the FIFO FA bank is modelled by LRU.  FIFO equals LRU for uniform-random reuse
 *   of one pool; it falls below LRU when blocks reuse at different rates (Martina et al. 2014)
 *   and when victims that hit in STT are not moved back (the paper's policy: reads are served
 *   in place, so a victim ages from its insertion).  Against tests/hybridsim.c: within 0.03
 *   per bank with the predictor and for set-associative banks on random reuse; the FA victim
 *   bank's hits overestimated by up to 0.05 on random reuse and 0.17 on loop-dominated traces.
 * TRAFFIC per L1 access (sums over classes, weight a_c):
 *   SRAM fills = pi_S (1 - h_S+T); each evicts a victim: stt_evict += pi_S (1 - h_S+T)
 *   stt_fill = pi_T (1 - h_T);  STT write hits: pi_S (h_S+T - h_S) w_c + pi_T h_T w_c, migrations
 *   (the first term, under the predictor: an STT read + SRAM write + one more victim) or
 *   in-place updates (everything else); stt_read = STT read hits + migration reads;
 *   stt_probe = accesses that miss both banks (they waited for the STT tag search).
 *   stt_write = stt_fill + stt_evict + stt_update.
 * STT BANK TIMES.  Set-associative: read t_r (Table I: 1), probe 1 (tag check), write t_w (5).
 *   FA (§III-B): tag search from bloom_tagsearch_eval over ways = C_T blocks, ways / 4 filters
 *   (Table I: 128 for 512 ways; a bank of another size keeps 4 blocks per data set, as the
 *   paper's tuning of the filters would), counters per filter, 3 hashes, 2-bit counters,
 *   4 comparators, a one-cycle filter test.  Occupancy of the bank (the queue's server): the filter test runs in the separate
 *   NVM-CBF array and the true set's poll overlaps the pipelined data access, the polls of false-
 *   positive sets serialise: read = t_r + (F-1) f / 2 x cycles per set, probe = max(1, (F-1) f x
 *   cycles per set).  Latency: x_read = t_r - t_sram + (cycles_hit - 1) (filter test + false
 *   polls; the true set's poll replaces the usual tag check), x_probe = max(0, cycles_miss - 1).
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

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "area.h"

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
	case FUSE_A_COMB: return p->sram_assoc + p->stt_assoc;
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
	c->ng = FUSE_NG;
	c->gd[0] = 0.0;
	for (int j = 1; j < FUSE_NG; j++)
		c->gd[j] = exp(log(dmax) * (j - 1) / (FUSE_NG - 2));   /* 1 .. dmax */
	double p0[RL_NCLASS], pm[RL_NCLASS], p1[RL_NCLASS];
	for (int k = 0; k < RL_NCLASS; k++)
		c->gn[k][0] = 0.0;
	fuse_pos_share(c, 0.0, p0);
	for (int j = 1; j < FUSE_NG; j++) {
		double a = c->gd[j - 1], b = c->gd[j];
		fuse_pos_share(c, 0.5 * (a + b), pm);
		fuse_pos_share(c, b, p1);
		for (int k = 0; k < c->ncls; k++)                      /* Simpson */
			c->gn[k][j] = c->gn[k][j - 1] + (b - a) * (p0[k] + 4.0 * pm[k] + p1[k]) / 6.0;
		memcpy(p0, p1, sizeof p0);
	}
	for (int k = 0; k < c->ncls; k++)
		c->gslope[k] = p1[k];                                  /* beyond the grid: linear */
}

/* N(D) = sum_c w_c n_c(D) + vs * max(0, sum_c v_c n_c(D) - cs) (HIT RATES). */
typedef struct fuse_occ { double w[RL_NCLASS], v[RL_NCLASS], cs, vs; } fuse_occ_t;

/* Sums of w-weighted and v-weighted n_c at grid point j. */
static void fuse_occ_node(const fuse_ctx_t *c, const fuse_occ_t *o, int j, double *ns, double *nv)
{
	*ns = *nv = 0.0;
	for (int k = 0; k < c->ncls; k++) {
		*ns += o->w[k] * c->gn[k][j];
		*nv += o->v[k] * c->gn[k][j];
	}
}

/* The depth x with N(x) = C: binary search over the grid nodes, then the exact root of the
 * piecewise-linear N inside the interval (or on the linear extension past the grid).  N is
 * non-decreasing.  0 when C <= 0; the grid end when N never reaches C (flat extension). */
static double fuse_occ_inv(const fuse_ctx_t *c, const fuse_occ_t *o, double cap)
{
	if (!(cap > 0.0))
		return 0.0;
	int last = c->ng - 1, lo = 0, hi = last;
	double ns, nv;
	fuse_occ_node(c, o, last, &ns, &nv);
	double sa, sv;                                   /* slopes on the chosen piece */
	if (ns + (o->vs > 0.0 && nv > o->cs ? o->vs * (nv - o->cs) : 0.0) < cap) {
		lo = last;                                   /* past the grid: linear extension */
		sa = sv = 0.0;
		for (int k = 0; k < c->ncls; k++) {
			sa += o->w[k] * c->gslope[k];
			sv += o->v[k] * c->gslope[k];
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
		double ns1, nv1, dd = c->gd[hi] - c->gd[lo];
		fuse_occ_node(c, o, hi, &ns1, &nv1);
		fuse_occ_node(c, o, lo, &ns, &nv);
		sa = (ns1 - ns) / dd;
		sv = (nv1 - nv) / dd;
	}
	fuse_occ_node(c, o, lo, &ns, &nv);
	double a = c->gd[lo];
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

fuse_ctx_t *fuse_ctx_build(const profile_t *p, const fuse_params_t *par)
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
	for (int k = 0; k < c->ncls; k++) {
		const reuse_hist_t *h = c->ncls > 1 && l1->cls_sd[k].n > 0 ? &l1->cls_sd[k] : &l1->sd;
		if (c->acc[k] <= 0.0 && c->blk[k] <= 0.0)
			continue;
		for (int a = 0; a < FUSE_NA; a++) {
			c->cur[k][a] = reuse_curve_alloc_hist(h, fuse_assoc_of(par, a));
			if (!c->cur[k][a]) {
				fuse_ctx_release(c);
				return NULL;
			}
		}
		c->owns[k] = 1;
	}
	fuse_tabulate(c, &l1->sd);
	return c;
}

void fuse_ctx_release(fuse_ctx_t *c)
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
	/* bank-equivalent capacities (header, HIT RATES) */
	fuse_occ_t os = { .cs = 0.0, .vs = 0.0 }, ost = os, ot = os;
	for (int k = 0; k < c->ncls; k++) {
		os.w[k] = out->place_sram[k];
		ost.w[k] = out->place_sram[k] + out->place_stt[k];
		ot.w[k] = out->place_stt[k];
		ot.v[k] = out->place_sram[k];
	}
	ot.cs = cs;
	ot.vs = 1.0;
	double xs = fuse_occ_inv(c, &os, cs);
	double xst = fmax(xs, fuse_occ_inv(c, &ost, cs + ct));
	double xt = fuse_occ_inv(c, &ot, ct);
	out->x_sram = xs;
	out->x_comb = xst;
	out->x_stt = xt;
	int kind_t = o->pure_stt ? (o->fa ? FUSE_A_FA : FUSE_A_NVM) : (o->fa ? FUSE_A_FA : FUSE_A_STT);
	int kind_st = o->fa ? FUSE_A_FA : FUSE_A_COMB;
	for (int k = 0; k < c->ncls; k++) {
		double a = c->acc[k], w = c->wr[k];
		double pS = out->place_sram[k], pT = out->place_stt[k];
		double hs = 0.0, hst = 0.0, ht = 0.0;
		if (pS > 0.0) {
			hs = fuse_h(c, k, FUSE_A_SRAM, xs);                 /* SRAM bank, Smith */
			hst = fmax(hs, fuse_h(c, k, kind_st, xst));         /* with its victims in STT */
		}
		if (pT > 0.0)
			ht = fuse_h(c, k, kind_t, xt);                       /* STT-placed */
		double vict_hit = pS * (hst - hs);                       /* SRAM-class hits in STT */
		out->cls_h_sram[k] = pS * hs;
		out->cls_h_stt[k] = vict_hit + pT * ht;
		out->h_sram += a * pS * hs;
		out->h_stt += a * (vict_hit + pT * ht);
		double sram_fill = a * pS * (1.0 - hst);
		out->stt_fill += a * pT * (1.0 - ht);
		if (!o->pure_stt)
			out->stt_evict += sram_fill;                         /* §IV-A: victims via swap buffer */
		out->sram_write += sram_fill + a * pS * hs * w;
		out->sram_read += a * pS * hs * (1.0 - w);
		double wh_vict = a * vict_hit * w, wh_stt = a * pT * ht * w;
		out->stt_read += a * (vict_hit + pT * ht) * (1.0 - w);
		if (o->predictor) {                                      /* §IV-A: WM found in STT moves */
			out->migrations += wh_vict;
			out->stt_read += wh_vict;
			out->sram_write += wh_vict;
			out->stt_evict += wh_vict;                           /* and pushes out one more victim */
			out->stt_update += wh_stt;
		} else {
			out->stt_update += wh_vict + wh_stt;
		}
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

void *fuse_ctx_alloc(const gpu_t *g, const profile_t *p)
{
	fuse_params_t par;
	fuse_params_default(&par);
	if (g->sram_cell_f2 > 0.0)
		par.tech.sram_cell_f2 = g->sram_cell_f2;
	if (g->stt_cell_f2 > 0.0)
		par.tech.stt_cell_f2 = g->stt_cell_f2;
	return fuse_ctx_build(p, &par);
}

void fuse_ctx_free(void *ctx)
{
	fuse_ctx_release(ctx);
}

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

void fuse_apply(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m)
{
	fuse_org_t o;
	const fuse_ctx_t *c = w->mech[1];
	if (d->fuse_cfg == FUSE_SRAM || !c || fuse_org_from_design(d, &o) != 0)
		return;
	fuse_eff_t e;
	if (fuse_effects(g, c, &o, m, &e) != 0)
		return;
	double a1 = m->mem_per_inst * m->req_per_mem;
	m->l1_bytes = e.hit.sram_bytes + e.hit.stt_bytes;
	m->l1_hit = e.hit.h;
	m->l1_service += e.stall_per_access;
	if (e.stt_visits > 0.0) {
		ms_station_t s = { "stt", CPI_L1, MS_PER_L1_ACCESS, e.stt_visits, e.stt_service,
		                   e.stt_delay, m->l1_count > 0 ? m->l1_count : 1, 1.0 };
		memsys_add_station(m, &s);
	}
	m->e_pj_per_inst[EC_L1] += e.e_l1_delta_pj_per_inst;
	m->p_static_w[EC_L1] += e.p_l1_delta_w;
	m->area_mm2[EC_L1] += e.area_l1_delta_mm2;
	m->stt_writes_per_inst = a1 * e.hit.stt_write;
}
