/*
 * malekeh.c -- Malekeh register-file cache model (paper 002 §III-§IV; storage §VI-D).
 *
 * WORKLOAD.  Every register access (source read or destination write, A = src + dst per
 * instruction) of a warp has a next read of the same value d instructions of that warp later
 * with probability p = src (1 - cold) / A, d drawn from the profile's reuse-distance pmf f(d)
 * (Fig. 1, profile_t.reg_rd); otherwise the value is dead.  F(r) = sum_{x <= r} f(x).  The
 * previous access of a reuse read is a write with probability omega = dst / A.  After an
 * instruction leaves its CCU the warp's next instruction is ready after a gap G: 0 with
 * probability 1 - p_dep, the ALU latency L_a with p_dep (1 - p_mem), an exponential memory
 * latency of mean L_m with p_dep p_mem.  E[G] = p_dep ((1 - p_mem) L_a + p_mem L_m).
 *
 * HIT RATIO (per reuse read at distance d):
 *   h(d) = P_in(d) x P_surv(d) x P_own(d),     hit = (1 - cold) sum_d f(d) h(d)
 *   P_own(d) = (1 - theta)^d: the warp keeps its CCU over the d gaps between the two accesses
 *     (a CCU changes warp only by allocation, and is flushed then: §III-C1).
 *   Malekeh, near reuse (d < RTHLD): P_in = 1 (sources always enter; results enter when near,
 *     §IV-A2).  Far entries are evicted first (§IV-A1), so the value competes only with the
 *     near-marked values touched after it: an access at j of the window is the last one of its
 *     value in the window and leaves it near-marked when its next gap g satisfies
 *     (d-1-j) < g < RTHLD, so their number has mean
 *         mu_n(d) = o/2 p F(RTHLD-1) + A p sum_{r=0}^{d-2} (F(RTHLD-1) - F(r))
 *     where o = E[n^2]/E[n] - 1 is the other sources of an operand's instruction (tensor
 *     instructions at 6 sources, §II, the rest at (src - 6 t)/(1 - t), t = tensor_frac): half of
 *     them come after ours in the instruction that accessed it, and half of those of the
 *     reusing instruction are inserted (and locked) before our lookup.  Near entries kept LRU
 *     among themselves: P_surv = P[Poisson(mu_n) <= E - 1 - o/2] (linear between integers).
 *   Malekeh, far reuse: a result with far reuse is not cached (§IV-A2), so P_in = 1 - omega; a
 *     far-marked source is the first victim: with ins insertions per instruction spread over
 *     the n_far = max(1, E - n_near) far entries, P_surv = exp(-ins (d - 1) / n_far).
 *   GTO (Fig. 17, traditional): plain LRU, every result cached:
 *         mu_g(d) = o/2 + A sum_{r=0}^{d-2} (1 - p F(r)),  P_surv = P[Poisson(mu_g) <= E - 1 - o/2].
 *
 * OWNERSHIP AND WAITING (§IV-B).  H = W - C warps have no CCU (homeless).  A CCU is exposed
 * while it is free and its owner is in a gap.  Rules (Fig. 6): an owner gets only its own CCU
 * and, under the Malekeh priority, before any homeless warp; a homeless warp at the head of
 * the scheduler takes a free far CCU at once (❺); if the free CCUs hold near values it waits
 * while the per-core counter < STHLD (❼, ❽), else takes a random free CCU and resets the
 * counter (❾).  The counter is a Markov chain 0 -> 1 -> ... -> STHLD -> 0 advanced by the
 * cycles in which a homeless warp faces only near CCUs: a cyclic chain, so its stationary law
 * is uniform, every (STHLD+1)-th such cycle is a forced steal and exactly STHLD wait cycles
 * precede each forced steal:
 *         wait = STHLD x (near steals per cycle).
 *   With the counter's phase uniform when an exposure starts, an exposure of X cycles, each of
 *   which is such a cycle with probability c = pe phi nofar, ends in a steal with probability
 *         P_n(X) = E[min(1, Y / (STHLD + 1))],  Y ~ Binomial(X, c)   (ALU gaps, GSL pmf)
 *   (phi = 1 / (1 + (C-1) u nu): chance the forced steal picks this CCU among the exposed near
 *   ones, u = E[G] / (s + E[G]) the share of time a CCU is exposed; nofar = (1 - u (1-nu))^(C-1):
 *   no other CCU is exposed far, which would be taken first).  For an exponential X of mean L,
 *   with Y ~ c X: E[P_n] = E[min(1, c X / (STHLD+1))] = c' L (1 - exp(-1 / (c' L))), c' = c /
 *   (STHLD + 1).  A far CCU is taken at the first cycle a homeless warp
 *   heads the scheduler: P_f(X) = 1 - (1 - pe)^X, for exponential X: pe L / (1 + pe L).
 *   pe = 1 - (1 - pi)(1 - lambda): a homeless warp is waiting (pi) or becomes ready in this
 *   cycle (in balance homeless warps become ready as fast as CCUs are stolen, lambda).
 *   theta_near = p_dep [(1 - p_mem) P_n(L_a) + p_mem E P_n(Exp L_m)], likewise theta_far;
 *   theta = nu theta_near + (1 - nu) theta_far, nu = 1 - exp(-n_near), n_near = A p sum_{r>=0}
 *   (F(RTHLD-1) - F(r)) (near-marked values a warp keeps live; Little's law).
 *   GTO: no near/far, no wait; the oldest ready warp goes first whatever it owns and a homeless
 *   one takes a random free CCU at once: P(L_a) = 1 - (1 - pe)^L_a (1 - pe/2)^(1/2), memory
 *   gaps pe L_m / (1 + pe L_m), plus (1 - p_dep) pe / 4 for the instant the owner is ready but
 *   a ready homeless warp is older (age order puts it first half of the time).
 *   pi = (1 - (1 - rho_h)^H) (1 - X_own): some homeless warp is ready and no owner takes the
 *   issue slot (X_own = ipc (1 - theta)).  Homeless warps: a robbed owner finishes its gap
 *   (mean remaining R: L_m for memory gaps, memoryless; L_a - tau/2 for ALU gaps) and then
 *   waits for a CCU; by Little's law the not-ready homeless are lambda R, lambda = ipc theta, so
 *         rho_h = 1 - lambda R / H  (clamped to [0, 1]).
 *   Throughput: each warp cycles through s + E[G] (+ waiting when homeless); with homeless
 *   warps queued the C CCUs bound it (a CCU is held s cycles and then idles until its owner
 *   returns or it is stolen, E[min(G, tau)] = E[G] - theta R):
 *         ipc = min(W / (s + E[G]), C / (s + E[G] - theta R), 1 - wait).
 *   Solved by damped fixed-point iteration on (pi, ipc, s, hit), the damping tightened after
 *   40 and 120 iterations (at most 300).  The baseline OCUs (no cache, no ownership, same C):
 *         ipc_base = min(W / (s_base + E[G]), C / s_base, 1),  s_base = s at hit 0.
 *
 * OPERAND COLLECTION.  Bank reads per instruction m_b = src (1 - hit) spread uniformly over B
 * banks; an instruction waits for its busiest bank: s = 1 + E[max_b Poisson(m_b / B)] plus the
 * M/D/1 wait behind the other CCUs' reads and the result writes (writes first, §II):
 * u = ipc (m_b + dst) / B, wq = u / (2 (1 - u)).
 *
 * Assumptions: independent reuse distances (renewal model of a warp's register stream); the
 * compiler's near/far bit is exact (§III-A profiles the majority case); one write port per CCU
 * is enough (§III-B: "almost the same benefit as an unbounded number"); the counter is per
 * sub-core scheduler (the text says per core; with a shared counter every sub-core advances
 * it).  Valid for W > C, E >= 6.  Tested against the cycle-level sub-core simulator
 * tests/reference/warpsim.c (tests/unit/test_malekeh.c).
 */
#include "malekeh.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>

#include "area.h"
#include "design.h"
#include "gpu.h"
#include "mech.h"
#include "memo.h"
#include "sthld_fsm.h"

int malekeh_work_set_hist(malekeh_work_t *w, const reuse_hist_t *h)
{
	assert(reuse_hist_consistent(h));
	double tot = 0.0;
	memset(w->pmf, 0, sizeof w->pmf);
	w->tail = 0.0;
	for (size_t i = 0; i < h->n; i++) {
		double lo = h->lo[i] < 1.0 ? 1.0 : h->lo[i];
		double hi = h->hi[i] <= lo ? lo + 1.0 : h->hi[i];
		double per = h->count[i] / (hi - lo);          /* spread the bin uniformly */
		for (double d = lo; d < hi; d += 1.0) {
			if (d > MALEKEH_DMAX) {
				w->tail += per * (hi - d);
				break;
			}
			w->pmf[(int)d] += per;
		}
		tot += h->count[i];
	}
	if (!(tot > 0.0))
		return -1;
	for (int d = 1; d <= MALEKEH_DMAX; d++)
		w->pmf[d] /= tot;
	w->tail /= tot;
	w->cold = h->total > 0.0 ? h->cold / h->total : 0.0;
	double sum = w->tail;                               /* WORKLOAD: pmf + tail is a law */
	for (int d = 1; d <= MALEKEH_DMAX; d++)
		sum += w->pmf[d];
	assert(fabs(sum - 1.0) < 1e-9 && w->cold >= 0.0 && w->cold <= 1.0);
	return 0;
}

int malekeh_knobs_check(const malekeh_knobs_t *k, int ocu_per_subcore, const char **why)
{
	if (k->entries < MALEKEH_OCU_SLOTS || k->entries > 32) {
		*why = "rfc_entries must be 6..32 (the 6 OCU slots plus extra entries, §III-C)";
		return -1;
	}
	if (k->ccus < 1 || k->ccus > 8) {
		*why = "rfc_ccus must be 1..8";
		return -1;
	}
	if (k->rthld < 1 || k->rthld > MALEKEH_DMAX) {
		*why = "rfc_rthld must be 1..128 instructions";
		return -1;
	}
	if (k->sthld < 0 || k->sthld > MALEKEH_STHLD_MAX) {
		*why = "rfc_sthld must be 0..32 or dynamic";
		return -1;
	}
	(void)ocu_per_subcore;
	return 0;
}

double malekeh_storage_bytes(int subcores, const malekeh_knobs_t *k)
{
	return (double)subcores * k->ccus * (k->entries - MALEKEH_OCU_SLOTS) * MALEKEH_REG_BYTES; /* §VI-D */
}

/* E[max of n iid Poisson(m)] = sum_k (1 - P[X <= k]^n), the pmf by its recursion
 * p(k) = p(k-1) m / k (this runs inside the fixed point: no special functions). */
static double max_poisson(double m, int n)
{
	if (!(m > 0.0))
		return 0.0;
	double e = 0.0, pk = exp(-m), cdf = pk;
	for (int k = 0; k < 64; k++) {
		double t = 1.0 - pow(cdf, n);
		e += t;
		if (t < 1e-9)
			break;
		pk *= m / (k + 1);
		cdf += pk;
	}
	return e;
}

/* Cycles an instruction holds its CCU (header: OPERAND COLLECTION). */
static double collect_cycles(const malekeh_work_t *w, double hit, double ipc)
{
	double mb = w->src_per_inst * (1.0 - hit);
	double u = ipc * (mb + w->dst_per_inst) / w->banks;
	if (u > 0.95)
		u = 0.95;
	return 1.0 + max_poisson(mb / w->banks, w->banks) + u / (2.0 * (1.0 - u)); /* M/D/1 wait */
}

/* P[Poisson(mu) <= x] for real x >= 0, linear between integers. */
static double pois_le(double x, double mu)
{
	if (!(mu > 0.0))
		return 1.0;
	if (x < 0.0)
		return 0.0;
	unsigned k = (unsigned)x;
	double f = x - k, a = gsl_cdf_poisson_P(k, mu);
	return f > 0.0 ? (1.0 - f) * a + f * gsl_cdf_poisson_P(k + 1, mu) : a;
}

/* E[min(1, Y / k)] for Y ~ Binomial(n, c) with a real n >= 0 (linear between the integers
 * around it): the steal probability of an exposure of n cycles each of which advances the
 * counter with probability c, the counter's phase uniform (header). */
static double emin_binom(double c, double n, int k)
{
	if (!(c > 0.0) || !(n > 0.0))
		return 0.0;
	if (c >= 1.0)
		return fmin(1.0, n / k);
	unsigned lo = (unsigned)n;
	double f = n - lo, e[2] = { 0.0, 0.0 };
	for (int j = 0; j < 2; j++) {
		unsigned m = lo + (unsigned)j;
		for (unsigned y = 1; y <= m; y++)
			e[j] += gsl_ran_binomial_pdf(y, c, m) * fmin(1.0, (double)y / k); /* GSL binomial pmf */
	}
	return (1.0 - f) * e[0] + f * e[1];
}

/* E[min(1, c X)] for X exponential with mean L. */
static double emin_exp(double c, double L)
{
	double cl = c * L;
	if (!(cl > 0.0))
		return 0.0;
	return cl * (1.0 - exp(-1.0 / cl));
}

void malekeh_eval(const malekeh_work_t *w, const malekeh_knobs_t *k, malekeh_res_t *o)
{
	assert(w->banks >= 1 && w->warps >= 1);
	assert(k->entries >= 1 && k->ccus >= 1 && k->rthld >= 1 && k->sthld >= 0);
	/* probabilities of the WORKLOAD paragraph */
	assert(w->p_mem >= 0.0 && w->p_mem <= 1.0 && w->p_dep >= 0.0 && w->p_dep <= 1.0);
	assert(w->cold >= 0.0 && w->cold <= 1.0 && w->tensor_frac >= 0.0 && w->tensor_frac <= 1.0);
	memset(o, 0, sizeof *o);
	const int malekeh = k->prio == RFC_PRIO_MALEKEH;
	const double sig = w->src_per_inst, dlt = w->dst_per_inst, A = sig + dlt;
	const double p = A > 0.0 ? sig * (1.0 - w->cold) / A : 0.0;
	const double omega = A > 0.0 ? dlt / A : 0.0;
	const int E = k->entries, RT = k->rthld < MALEKEH_DMAX ? k->rthld : MALEKEH_DMAX;
	double F[MALEKEH_DMAX + 1];
	F[0] = 0.0;
	for (int d = 1; d <= MALEKEH_DMAX; d++)
		F[d] = F[d - 1] + w->pmf[d];
	const double Fn = F[RT - 1];                       /* P(gap < RTHLD | reused) */

	/* near-marked values a warp keeps live (Little) and the near share nu */
	double nn = 0.0;
	for (int r = 0; r < RT - 1; r++)
		nn += A * p * (Fn - F[r]);
	o->n_near = nn;
	o->nu = malekeh ? 1.0 - exp(-nn) : 0.0;
	o->frac_near = Fn;

	/* replacement survival and insertion, per distance (owner kept) */
	double pin_surv[MALEKEH_DMAX + 1];
	/* the sources accessed after ours in our own instruction compete too: half the others,
	 * (E[n^2]/E[n] - 1)/2 with tensor instructions at 6 sources (§II) and the rest at sig_nt */
	double tfr = w->tensor_frac > 0.0 && w->tensor_frac < 1.0 ? w->tensor_frac : 0.0;
	double snt = tfr > 0.0 ? (sig - MALEKEH_MAX_SRC * tfr) / (1.0 - tfr) : sig;
	if (snt < 0.0)
		snt = 0.0;
	double others = sig > 0.0 ? ((1.0 - tfr) * snt * snt + tfr * MALEKEH_MAX_SRC * MALEKEH_MAX_SRC) / sig - 1.0 : 0.0;
	double mu = (others > 0.0 ? others / 2.0 : 0.0) * (malekeh ? p * Fn : 1.0);
	/* the other sources of the reusing instruction are locked and, inserted before the
	 * lookup half of the time, compete too */
	double cap = E - 1.0 - (others > 0.0 ? others / 2.0 : 0.0);
	for (int d = 1; d <= MALEKEH_DMAX; d++) {
		if (d >= 2)
			mu += malekeh ? (d - 2 < RT - 1 ? A * p * (Fn - F[d - 2]) : 0.0)
			              : A * (1.0 - p * F[d - 2]);
		if (!malekeh || d < RT)
			pin_surv[d] = pois_le(cap, mu);
		else
			pin_surv[d] = 0.0;                         /* far: filled in below */
	}

	const int W = w->warps, C = k->ccus, H = W - C;
	const double La = w->lat_alu, Lm = w->lat_mem, pd = w->p_dep, pm = w->p_mem;
	const double EG = pd * ((1.0 - pm) * La + pm * Lm);
	o->gap = EG;
	double hit = 0.0, hn = 0.0, hf = 0.0, s = collect_cycles(w, 0.0, 0.0);
	double ipc = W / (s + EG), pi = 0.5, th_n = 0.0, th_f = 0.0, th = 0.0, R = Lm, lam = 0.0;
	double wait = 0.0, rho = 1.0;
	/* the baseline OCUs: no cache, no stealing; the C OCUs and the issue slot bound it */
	double ipc_b = W / (s + EG), s_b = s;
	for (int j = 0; j < 50; j++) {
		s_b = collect_cycles(w, 0.0, ipc_b);
		double x = fmin(fmin(W / (s_b + EG), C / s_b), 1.0);
		if (fabs(x - ipc_b) < 1e-12)
			break;
		ipc_b = 0.5 * (x + ipc_b);
	}
	o->s_base = s_b;
	o->ipc_base = ipc_b;
	int it;
	for (it = 0; it < 300; it++) {
		/* steal probabilities per gap */
		double pa_n, pm_n, pa_f, pm_f, Ra, Rm = Lm;
		/* a homeless warp heads the scheduler: one is waiting (pi) or one becomes ready in this
		 * cycle (lambda: in balance homeless warps become ready as fast as CCUs are stolen) */
		double pe = 1.0 - (1.0 - pi) * (1.0 - (lam < 1.0 ? lam : 1.0));
		if (H <= 0) {
			pa_n = pm_n = pa_f = pm_f = 0.0;
			Ra = 0.0;
		} else if (malekeh) {
			double ue = EG / (s + EG);                 /* share of time a CCU is exposed */
			double nofar = pow(1.0 - ue * (1.0 - o->nu), C - 1);
			double phi = 1.0 / (1.0 + (C - 1) * ue * o->nu);
			double c = pe * phi * nofar / (k->sthld + 1.0);
			pa_n = emin_binom(pe * phi * nofar, La, k->sthld + 1);
			pm_n = emin_exp(c, Lm);
			pa_f = 1.0 - pow(1.0 - pe, La);
			pm_f = pe * Lm / (1.0 + pe * Lm);
			double tau = c > 0.0 ? fmin(La, 1.0 / c) : La; /* steal time uniform on (0, tau) */
			Ra = La - tau / 2.0;
		} else {
			double pg = pe / 2.0;                      /* homeless ahead of the owner by age */
			pa_n = pa_f = 1.0 - pow(1.0 - pe, La) * pow(1.0 - pg, 0.5);
			pm_n = pm_f = pe * Lm / (1.0 + pe * Lm);
			Ra = La / 2.0;
		}
		double tn = pd * ((1.0 - pm) * pa_n + pm * pm_n);
		double tf = pd * ((1.0 - pm) * pa_f + pm * pm_f);
		if (!malekeh && H > 0)                         /* exposed while ready, too (age order) */
			tn = tf = tn + (1.0 - pd) * (pe / 2.0) * 0.5;
		double t = o->nu * tn + (1.0 - o->nu) * tf;
		double wa = pd * (1.0 - pm) * (o->nu * pa_n + (1.0 - o->nu) * pa_f);
		double wm = pd * pm * (o->nu * pm_n + (1.0 - o->nu) * pm_f);
		R = (wa + wm) > 0.0 ? (wa * Ra + wm * Rm) / (wa + wm) : 0.0;

		/* hit ratio */
		double ins = sig * (1.0 - hit) + dlt * p * Fn;
		double nfar = E - nn > 1.0 ? E - nn : 1.0;
		double h = 0.0, h_n = 0.0, h_f = 0.0, own = 1.0;
		const double fr = exp(-ins / nfar);
		double fs = 1.0 - omega;                       /* far survival, times fr per instruction */
		for (int d = 1; d <= MALEKEH_DMAX; d++) {
			int near = !malekeh || d < RT;
			own *= 1.0 - (near ? tn : tf);
			double ps = pin_surv[d];
			if (!near)
				ps = fs;
			fs *= fr;
			double hd = w->pmf[d] * ps * own;
			h += hd;
			if (d < RT)
				h_n += hd;
			else
				h_f += hd;
		}
		h *= 1.0 - w->cold;

		/* throughput, homeless readiness, waiting */
		double s_new = collect_cycles(w, h, ipc);
		double lam_new = ipc * t;
		double near_steals = malekeh ? ipc * o->nu * tn : 0.0;
		double wait_new = malekeh ? k->sthld * near_steals : 0.0;
		if (wait_new > 0.9)
			wait_new = 0.9;
		double x1 = W / (s_new + EG);
		double den = s_new + EG - t * R;
		double x2 = (H > 0 && den > 0.0) ? C / den : x1;
		double x = fmin(fmin(x1, x2), 1.0 - wait_new);
		double rho_new = H > 0 ? 1.0 - lam_new * R / H : 0.0;
		if (rho_new < 0.0)
			rho_new = 0.0;
		if (rho_new > 1.0)
			rho_new = 1.0;
		double xo = x * (1.0 - t);
		double pi_new = H > 0 ? (1.0 - pow(1.0 - rho_new, H)) * (1.0 - (xo < 1.0 ? xo : 1.0)) : 0.0;

		double dchg = fabs(pi_new - pi) + fabs(x - ipc) + fabs(h - hit) + fabs(s_new - s);
		const double a = it < 40 ? 0.5 : it < 120 ? 0.2 : 0.05; /* damping, tightened */
		pi = a * pi_new + (1 - a) * pi;
		ipc = a * x + (1 - a) * ipc;
		hit = a * h + (1 - a) * hit;
		s = a * s_new + (1 - a) * s;
		th_n = tn;
		th_f = tf;
		th = t;
		lam = lam_new;
		wait = wait_new;
		rho = rho_new;
		hn = Fn > 0.0 ? h_n * (1.0 - w->cold) / ((1.0 - w->cold) * Fn) : 0.0;
		hf = (1.0 - Fn) > 0.0 ? h_f / (1.0 - Fn) : 0.0;
		if (dchg < 1e-9)
			break;
	}
	o->hit = hit;
	o->hit_near = hn;
	o->hit_far = hf;
	o->theta_near = th_n;
	o->theta_far = th_f;
	o->theta = th;
	o->pi = pi;
	o->rho_h = rho;
	o->steals = lam;
	o->wait = wait;
	o->wait_per_inst = ipc > 0.0 ? wait / ipc : 0.0;
	o->s = s;
	o->ipc = ipc;
	o->bank_reads = sig * (1.0 - hit);
	o->ccu_writes = malekeh ? dlt * p * Fn : dlt;
	o->iterations = it + 1;
}

/* ---- the GPU-model seam (models/mech.h) ---------------------------------------------------
 *
 * malekeh_ctx_alloc (per workload): the reuse pmf of the whole program and of each phase
 * (profile_t.reg_rd, phases[i].reg_rd; a phase without its own histogram uses the whole), the
 * operand counts and tensor share.  A profile without reg_rd gets the Rodinia average of
 * §VI-B2 (36% of reuses farther than 3: geometric with (1 - q)^3 = 0.36) so that designs stay
 * comparable; `gpudse model rfcache` says which one it used.
 *
 * malekeh_apply (per design, only when rfc_on): the sub-core workload from the GPU and the memory
 * system already built: W = warps / subcores, B = rf_banks_per_subcore, p_mem = mem_per_inst,
 * L_a = dep_delay (the dependent-issue latency), L_m = l1_lat + (1 - h1)(2 noc_lat + llc_lat +
 * (1 - h_llc) dram_lat), p_dep = MALEKEH_P_DEP.  Static STHLD: one malekeh_eval.  Dynamic: per phase
 * the curves ipc(s), hit(s) on s = 0..MALEKEH_STHLD_MAX (evaluated on a grid, linear in between),
 * sthld_fsm_run over the phases, and every reported term weighted by the instructions run at
 * each (phase, s).  Into memsys (what explain shows):
 *   rfc_hit            the hit ratio
 *   rf_reads_per_inst  src (1 - hit): the bank reads left (§VI-B: -46.4%)
 *   rf_writes_per_inst unchanged: the banks are written for every result (§IV-A2)
 *   e_pj_per_inst[EC_RF] += ccu_writes x MALEKEH_E_CCU_FRAC x e_rf_read_pj  (result writes into a
 *                      CCU; an 8-entry latch array vs a bank: assumed 1/10 of a bank read)
 *   dep_delay          += (s - s_base) (operand collection shortened by hits, fewer bank
 *                      conflicts) + wait_per_inst (the homeless warp held by the wait)
 *   rf_service         += issue_service x (ipc_base / ipc - 1) when the sub-core model's own
 *                      throughput falls below the baseline's (CCUs left idle by the rules: the
 *                      throughput side of the waiting, which the SM station then carries)
 *   area_mm2[EC_RF]    += n_sm x SRAM area of the extra entries (§VI-D: 2 KB per SM)
 *   p_static_w[EC_RF]  += their leakage on the powered SMs
 * Limit (issue 20): gpu.c's RF-bank station turns the bank reads hits save into throughput
 * when the banks bind (src + dst > banks per sub-core x issue); the dynamic STHLD policy runs
 * on this file's sub-core IPC curves, which do not see that station, so where the banks bind
 * it can stop short of the STHLD that is best for the GPU model (test_malekeh, test_gpu_seam).
 * dep_delay is floored at 0.  The baseline GPU model has no bank-conflict term of its own
 * (rf_service = 0): the conflicts hits remove are charged as the change in collection latency
 * relative to the baseline OCUs (s - s_base < 0), the same model evaluated without a cache.
 */
#define MALEKEH_E_CCU_FRAC 0.1     /* CCU result write vs an RF bank read (assumption) */
#define MALEKEH_MAX_PHASES 16
#define MALEKEH_DEFAULT_Q 0.2886   /* 1 - 0.36^(1/3): §VI-B2 Rodinia, 36% of reuses beyond 3 */

/* STHLD grid of the dynamic curves (linear interpolation in between). */
static const int malekeh_grid[] = { 0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 28, 32 };
#define MALEKEH_NGRID ((int)(sizeof malekeh_grid / sizeof malekeh_grid[0]))

struct malekeh_ctx {
	malekeh_work_t whole;                     /* reuse part of the whole program */
	int default_rd;                       /* 1: no reg_rd in the profile (MALEKEH_DEFAULT_Q used) */
	int n_phases;                         /* 0: none */
	malekeh_work_t phase[MALEKEH_MAX_PHASES];     /* reuse part per phase */
	double phase_insts[MALEKEH_MAX_PHASES];
	double phase_mem[MALEKEH_MAX_PHASES];     /* memory instructions per instruction (<0: whole) */
	struct memo *memo;          /* malekeh_apply results by (timing, knobs): see malekeh_apply */
};

void malekeh_work_default_rd(malekeh_work_t *w)
{
	double s = 0.0;
	memset(w->pmf, 0, sizeof w->pmf);
	for (int d = 1; d <= MALEKEH_DMAX; d++) {
		w->pmf[d] = MALEKEH_DEFAULT_Q * pow(1.0 - MALEKEH_DEFAULT_Q, d - 1);
		s += w->pmf[d];
	}
	w->tail = 1.0 - s;
	w->cold = 0.0;
}

malekeh_ctx_t *malekeh_ctx_alloc(const profile_t *p)
{
	malekeh_ctx_t *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->memo = memo_alloc(4096);
	if (!c->memo) {
		free(c);
		return NULL;
	}
	if (p->reg_rd.n == 0 || malekeh_work_set_hist(&c->whole, &p->reg_rd) != 0) {
		malekeh_work_default_rd(&c->whole);
		c->default_rd = 1;
	}
	c->whole.src_per_inst = p->src_per_inst > 0.0 ? p->src_per_inst : 2.0; /* gpu.c defaults */
	c->whole.dst_per_inst = p->src_per_inst > 0.0 ? p->dst_per_inst : 1.0;
	c->whole.tensor_frac = p->tensor_frac;
	c->n_phases = p->n_phases < MALEKEH_MAX_PHASES ? (int)p->n_phases : MALEKEH_MAX_PHASES;
	for (int i = 0; i < c->n_phases; i++) {
		const profile_phase_t *ph = &p->phases[i];
		c->phase[i] = c->whole;
		if (ph->reg_rd.n > 0 && malekeh_work_set_hist(&c->phase[i], &ph->reg_rd) != 0)
			c->phase[i] = c->whole;
		c->phase_insts[i] = ph->insts > 0.0 ? ph->insts : 0.0;
		c->phase_mem[i] = ph->mem_per_inst > 0.0 ? ph->mem_per_inst : -1.0;
	}
	return c;
}

void malekeh_ctx_free(malekeh_ctx_t *c)
{
	if (c)
		memo_free(c->memo);
	free(c);
}

static void knobs_of(const design_t *d, malekeh_knobs_t *k)
{
	k->ccus = d->rfc_ccus;
	k->entries = d->rfc_entries;
	k->rthld = d->rfc_rthld;
	k->sthld = d->rfc_sthld < 0 ? 0 : d->rfc_sthld;
	k->prio = d->rfc_priority;
}

int malekeh_check(const gpu_t *g, const design_t *d, const char **why)
{
	if (!d->rfc_on)
		return 0;
	if (g->subcores < 1 || g->rf_banks_per_subcore < 1) {
		*why = "rfc_on needs a GPU with sub-cores and RF banks (subcores, rf_banks_per_subcore)";
		return -1;
	}
	if (d->rfc_sthld < RFC_STHLD_DYNAMIC) {
		*why = "rfc_sthld must be 0..32 or dynamic";
		return -1;
	}
	if (d->rfc_priority != RFC_PRIO_GTO && d->rfc_priority != RFC_PRIO_MALEKEH) {
		*why = "rfc_priority must be gto or malekeh";
		return -1;
	}
	malekeh_knobs_t k;
	knobs_of(d, &k);
	return malekeh_knobs_check(&k, g->ocu_per_subcore, why);
}

void malekeh_work_timing(const gpu_t *g, const memsys_t *m, malekeh_work_t *w)
{
	int sc = g->subcores > 0 ? g->subcores : 1;
	w->warps = (int)lround(m->warps / sc);
	if (w->warps < 1)
		w->warps = 1;
	w->banks = g->rf_banks_per_subcore > 0 ? g->rf_banks_per_subcore : 2;
	w->p_mem = m->mem_per_inst < 1.0 ? m->mem_per_inst : 1.0;
	w->lat_alu = m->dep_delay > 1.0 ? m->dep_delay : 1.0;
	w->lat_mem = m->l1_lat + (1.0 - m->l1_hit) *
	             (2.0 * m->noc_lat + m->llc_lat + (1.0 - m->llc_hit) * m->dram_lat);
	if (w->lat_mem < 1.0)
		w->lat_mem = 1.0;
	w->p_dep = MALEKEH_P_DEP;
}

/* Linear interpolation of the grid values v[] at STHLD s. */
static double grid_at(const double *v, int s)
{
	for (int i = 1; i < MALEKEH_NGRID; i++)
		if (s <= malekeh_grid[i]) {
			double t = (double)(s - malekeh_grid[i - 1]) / (malekeh_grid[i] - malekeh_grid[i - 1]);
			return (1.0 - t) * v[i - 1] + t * v[i];
		}
	return v[MALEKEH_NGRID - 1];
}

int malekeh_dynamic(const malekeh_work_t *phases, const double *insts, int n_phases,
                const malekeh_knobs_t *k, malekeh_dyn_t *out)
{
	enum { M1 = MALEKEH_STHLD_MAX + 1 };
	double ipc[MALEKEH_MAX_PHASES * M1] = { 0 }, hit[MALEKEH_MAX_PHASES * M1] = { 0 };
	double occ[MALEKEH_MAX_PHASES * M1];
	double g_ipc[MALEKEH_NGRID], g_hit[MALEKEH_NGRID], g_wait[MALEKEH_NGRID], g_s[MALEKEH_NGRID], g_wr[MALEKEH_NGRID];
	double wait[MALEKEH_MAX_PHASES * M1], sc[MALEKEH_MAX_PHASES * M1], wr[MALEKEH_MAX_PHASES * M1];
	if (n_phases < 1 || n_phases > MALEKEH_MAX_PHASES)
		return -1;
	memset(out, 0, sizeof *out);
	for (int i = 0; i < n_phases; i++) {
		malekeh_knobs_t kk = *k;
		for (int j = 0; j < MALEKEH_NGRID; j++) {
			malekeh_res_t r;
			kk.sthld = malekeh_grid[j];
			malekeh_eval(&phases[i], &kk, &r);
			g_ipc[j] = r.ipc;
			g_hit[j] = r.hit;
			g_wait[j] = r.wait_per_inst;
			g_s[j] = r.s;
			g_wr[j] = r.ccu_writes;
			if (j == 0) {
				out->s_base += insts[i] * r.s_base;
				out->ipc_base += insts[i] / r.ipc_base;   /* cycles, for the harmonic mean */
			}
		}
		for (int s = 0; s < M1; s++) {
			ipc[i * M1 + s] = grid_at(g_ipc, s);
			hit[i * M1 + s] = grid_at(g_hit, s);
			wait[i * M1 + s] = grid_at(g_wait, s);
			sc[i * M1 + s] = grid_at(g_s, s);
			wr[i * M1 + s] = grid_at(g_wr, s);
		}
	}
	sthld_fsm_run(ipc, hit, insts, n_phases, MALEKEH_STHLD_MAX, occ, &out->run);
	double ti = 0.0, tot = 0.0;
	for (int i = 0; i < n_phases * M1; i++) {
		out->wait_per_inst += occ[i] * wait[i];
		out->s += occ[i] * sc[i];
		out->ccu_writes += occ[i] * wr[i];
		ti += occ[i];
	}
	for (int i = 0; i < n_phases; i++)
		tot += insts[i];
	if (ti > 0.0) {
		out->wait_per_inst /= ti;
		out->s /= ti;
		out->ccu_writes /= ti;
	}
	out->s_base = tot > 0.0 ? out->s_base / tot : 0.0;
	out->ipc_base = out->ipc_base > 0.0 ? tot / out->ipc_base : 0.0;
	return 0;
}

int malekeh_design_eval(const gpu_t *g, const design_t *d, const wctx_t *w, const memsys_t *m,
                    malekeh_report_t *out)
{
	memset(out, 0, sizeof *out);
	const malekeh_ctx_t *c = w->mech[MECH_MALEKEH];
	if (!c)
		return -1;
	knobs_of(d, &out->k);
	out->default_rd = c->default_rd;
	out->n_phases = c->n_phases;
	out->work = c->whole;
	malekeh_work_timing(g, m, &out->work);
	malekeh_eval(&out->work, &out->k, &out->res);       /* the whole program at the static STHLD */
	out->dynamic = d->rfc_sthld == RFC_STHLD_DYNAMIC && out->k.prio == RFC_PRIO_MALEKEH;
	if (out->dynamic) {
		malekeh_work_t ph[MALEKEH_MAX_PHASES];
		double insts[MALEKEH_MAX_PHASES];
		int n = c->n_phases > 0 ? c->n_phases : 1;
		double per_unit = 1.0 / (g->n_sm > 0 ? g->n_sm : 1) / (g->subcores > 0 ? g->subcores : 1);
		for (int i = 0; i < n; i++) {
			ph[i] = c->n_phases > 0 ? c->phase[i] : c->whole;
			malekeh_work_timing(g, m, &ph[i]);
			if (c->n_phases > 0 && c->phase_mem[i] >= 0.0)
				ph[i].p_mem = c->phase_mem[i] < 1.0 ? c->phase_mem[i] : 1.0;
			insts[i] = (c->n_phases > 0 ? c->phase_insts[i] : w->p->insts) * per_unit;
		}
		if (malekeh_dynamic(ph, insts, n, &out->k, &out->dyn) != 0)
			return -1;
		out->hit = out->dyn.run.hit;
		out->wait_per_inst = out->dyn.wait_per_inst;
		out->s = out->dyn.s;
		out->s_base = out->dyn.s_base;
		out->ccu_writes = out->dyn.ccu_writes;
		out->ipc = out->dyn.run.ipc;
		out->ipc_base = out->dyn.ipc_base;
	} else {
		out->hit = out->res.hit;
		out->wait_per_inst = out->res.wait_per_inst;
		out->s = out->res.s;
		out->s_base = out->res.s_base;
		out->ccu_writes = out->res.ccu_writes;
		out->ipc = out->res.ipc;
		out->ipc_base = out->res.ipc_base;
	}
	return 0;
}

unsigned malekeh_apply(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m)
{
	if (!d->rfc_on)
		return 0;
	/* malekeh_design_eval (costly: the dynamic policy runs the FSM over whole IPC curves)
	 * depends on the design only through its rfc knobs and on the memory system only through
	 * malekeh_work_timing's inputs: memoise on exactly those, per workload. */
	const malekeh_ctx_t *c = w->mech[MECH_MALEKEH];
	malekeh_report_t r;
	malekeh_work_t tw = c ? c->whole : (malekeh_work_t){ 0 };
	malekeh_work_timing(g, m, &tw);
	double knob = ((((double)(d->rfc_sthld + 1) * 2048 + d->rfc_rthld) * 128 + d->rfc_entries) * 32
		+ d->rfc_ccus) * 2 + d->rfc_priority;
	double key[5] = { knob, tw.warps, tw.p_mem, tw.lat_alu, tw.lat_mem };
	double v[7];
	if (c && memo_get(c->memo, key, 5, v, 7)) {
		memset(&r, 0, sizeof r);
		knobs_of(d, &r.k);
		r.hit = v[0]; r.ccu_writes = v[1]; r.s = v[2]; r.s_base = v[3];
		r.wait_per_inst = v[4]; r.ipc = v[5]; r.ipc_base = v[6];
	} else {
		if (malekeh_design_eval(g, d, w, m, &r) != 0)
			return 0;
		double o[7] = { r.hit, r.ccu_writes, r.s, r.s_base, r.wait_per_inst, r.ipc, r.ipc_base };
		if (c)
			memo_put(c->memo, key, 5, o, 7);
	}
	int sc = g->subcores > 0 ? g->subcores : 1;
	const double src = m->rf_reads_per_inst;                  /* the baseline's source reads */
	m->rfc_hit = r.hit;
	m->rf_reads_per_inst = src * (1.0 - r.hit);               /* §VI-B: bank reads saved */
	m->e_pj_per_inst[EC_RF] += r.ccu_writes * MALEKEH_E_CCU_FRAC * g->e_rf_read_pj;
	m->dep_delay += (r.s - r.s_base) + r.wait_per_inst;
	if (m->dep_delay < 0.0)
		m->dep_delay = 0.0;
	if (r.ipc > 0.0 && r.ipc < r.ipc_base)                     /* throughput lost by the rules */
		m->rf_service += m->issue_service * (r.ipc_base / r.ipc - 1.0);
	unsigned changed = MECH_LEVELS | MECH_ENERGY | MECH_OUTPUTS;
	double bytes = malekeh_storage_bytes(sc, &r.k);           /* §VI-D */
	if (bytes > 0.0) {
		double powered = m->n_compute + m->n_cache + m->n_gated * g->gated_leak_frac;
		m->area_mm2[EC_RF] += g->n_sm * area_sram_mm2(g, bytes);
		m->p_static_w[EC_RF] += g->p_sram_leak_mw_per_kib / 1000.0 * bytes / 1024.0 * powered;
		changed |= MECH_AREA;
	}
	return changed;
}

/* The row's per-workload context. */
static void *mech_ctx_alloc(const gpu_t *g, const profile_t *p)
{
	(void)g;
	return malekeh_ctx_alloc(p);
}

static void mech_ctx_free(void *ctx)
{
	malekeh_ctx_free(ctx);
}

static const char *const malekeh_columns[] = { "rfc_hit", NULL };

const mech_t mech_malekeh = {
	.name = "malekeh", .level = MECH_LEVEL_OUTER,
	.ctx_alloc = mech_ctx_alloc, .ctx_free = mech_ctx_free,
	.check = malekeh_check, .apply = malekeh_apply, .columns = malekeh_columns,
};
