/*
 * rfcache.c -- Malekeh register-file cache model (paper 002 §III-§IV; storage §VI-D).
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
 *         mu_n(d) = A p sum_{r=0}^{d-2} (F(RTHLD-1) - F(r))
 *     and, near entries kept LRU among themselves, P_surv = P[Poisson(mu_n) <= E - 1].
 *   Malekeh, far reuse: a result with far reuse is not cached (§IV-A2), so P_in = 1 - omega; a
 *     far-marked source is the first victim: with ins insertions per instruction spread over
 *     the n_far = max(1, E - n_near) far entries, P_surv = exp(-ins (d - 1) / n_far).
 *   GTO (Fig. 17, traditional): plain LRU, every result cached:
 *         mu_g(d) = A sum_{r=0}^{d-2} (1 - p F(r)),  P_surv = P[Poisson(mu_g) <= E - 1].
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
 *   With the counter's phase uniform when an exposure starts, an exposure of X cycles, of which
 *   a share c = pi phi of cycles are such cycles, ends in a steal with probability
 *         P_n(X) = min(1, c X / (STHLD + 1))
 *   (phi: chance the forced steal picks this CCU among the exposed near ones); for an
 *   exponential X of mean L: E[P_n] = c L (1 - exp(-1 / (c L))).  A far CCU is taken at the
 *   first cycle a homeless warp heads the scheduler: P_f(X) = 1 - (1 - pi)^X, E = pi L/(1 + pi L).
 *   theta_near = p_dep [(1 - p_mem) P_n(L_a) + p_mem E P_n(Exp L_m)], likewise theta_far;
 *   theta = nu theta_near + (1 - nu) theta_far, nu = 1 - exp(-n_near), n_near = A p sum_{r>=0}
 *   (F(RTHLD-1) - F(r)) (near-marked values a warp keeps live; Little's law).
 *   GTO: the oldest ready warp goes first whatever it owns and takes a random free CCU at once,
 *   so an owner's CCU is also exposed while the owner is ready but younger than a ready
 *   homeless warp: P(X) = 1 - (1 - pi)^(X + 1/2) with pi halved (age order puts a homeless warp
 *   ahead of the owner half of the time).
 *   pi = (1 - (1 - rho_h)^H) (1 - X_own): some homeless warp is ready and no owner takes the
 *   issue slot (X_own = ipc (1 - theta)).  Homeless warps: a robbed owner finishes its gap
 *   (mean remaining R: L_m for memory gaps, memoryless; L_a - tau/2 for ALU gaps) and then
 *   waits for a CCU; by Little's law the not-ready homeless are lambda R, lambda = ipc theta, so
 *         rho_h = 1 - lambda R / H  (clamped to [0, 1]).
 *   Throughput: each warp cycles through s + E[G] (+ waiting when homeless); with homeless
 *   warps queued the C CCUs bound it (a CCU is held s cycles and then idles until its owner
 *   returns or it is stolen, E[min(G, tau)] = E[G] - theta R):
 *         ipc = min(W / (s + E[G]), C / (s + E[G] - theta R), 1 - wait).
 *   Solved by damped fixed-point iteration on (pi, ipc, s).
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
 * it).  Valid for W > C, E >= 6.  Tested against tests/warpsim.c (within 0.05).
 */
#include "rfcache.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "design.h"

int rfc_work_set_hist(rfc_work_t *w, const reuse_hist_t *h)
{
	double tot = 0.0;
	memset(w->pmf, 0, sizeof w->pmf);
	w->tail = 0.0;
	for (size_t i = 0; i < h->n; i++) {
		double lo = h->lo[i] < 1.0 ? 1.0 : h->lo[i];
		double hi = h->hi[i] <= lo ? lo + 1.0 : h->hi[i];
		double per = h->count[i] / (hi - lo);          /* spread the bin uniformly */
		for (double d = lo; d < hi; d += 1.0) {
			if (d > RFC_DMAX) {
				w->tail += per * (hi - d);
				break;
			}
			w->pmf[(int)d] += per;
		}
		tot += h->count[i];
	}
	if (!(tot > 0.0))
		return -1;
	for (int d = 1; d <= RFC_DMAX; d++)
		w->pmf[d] /= tot;
	w->tail /= tot;
	w->cold = h->total > 0.0 ? h->cold / h->total : 0.0;
	return 0;
}

int rfc_knobs_check(const rfc_knobs_t *k, int ocu_per_subcore, const char **why)
{
	if (k->entries < RFC_OCU_SLOTS || k->entries > 32) {
		*why = "rfc_entries must be 6..32 (the 6 OCU slots plus extra entries, §III-C)";
		return -1;
	}
	if (k->ccus < 1 || k->ccus > 8) {
		*why = "rfc_ccus must be 1..8";
		return -1;
	}
	if (k->rthld < 1 || k->rthld > RFC_DMAX) {
		*why = "rfc_rthld must be 1..128 instructions";
		return -1;
	}
	if (k->sthld < 0 || k->sthld > RFC_STHLD_MAX) {
		*why = "rfc_sthld must be 0..32 or dynamic";
		return -1;
	}
	(void)ocu_per_subcore;
	return 0;
}

double rfc_storage_bytes(int subcores, const rfc_knobs_t *k)
{
	return (double)subcores * k->ccus * (k->entries - RFC_OCU_SLOTS) * RFC_REG_BYTES; /* §VI-D */
}

/* E[max of n iid Poisson(m)] = sum_k (1 - P[X <= k]^n). */
static double max_poisson(double m, int n)
{
	if (!(m > 0.0))
		return 0.0;
	double e = 0.0;
	for (unsigned k = 0; k < 64; k++) {
		double t = 1.0 - pow(gsl_cdf_poisson_P(k, m), n);
		e += t;
		if (t < 1e-9)
			break;
	}
	return e;
}

/* Cycles an instruction holds its CCU (header: OPERAND COLLECTION). */
static double collect_cycles(const rfc_work_t *w, double hit, double ipc)
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

/* E[min(1, c X)] for X exponential with mean L. */
static double emin_exp(double c, double L)
{
	double cl = c * L;
	if (!(cl > 0.0))
		return 0.0;
	return cl * (1.0 - exp(-1.0 / cl));
}

void rfc_eval(const rfc_work_t *w, const rfc_knobs_t *k, rfc_res_t *o)
{
	assert(w->banks >= 1 && w->warps >= 1);
	assert(k->entries >= 1 && k->ccus >= 1 && k->rthld >= 1 && k->sthld >= 0);
	memset(o, 0, sizeof *o);
	const int malekeh = k->prio == RFC_PRIO_MALEKEH;
	const double sig = w->src_per_inst, dlt = w->dst_per_inst, A = sig + dlt;
	const double p = A > 0.0 ? sig * (1.0 - w->cold) / A : 0.0;
	const double omega = A > 0.0 ? dlt / A : 0.0;
	const int E = k->entries, RT = k->rthld < RFC_DMAX ? k->rthld : RFC_DMAX;
	double F[RFC_DMAX + 1];
	F[0] = 0.0;
	for (int d = 1; d <= RFC_DMAX; d++)
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
	double pin_surv[RFC_DMAX + 1];
	/* the sources accessed after ours in our own instruction compete too (half the others) */
	double mu = (sig > 1.0 ? (sig - 1.0) / 2.0 : 0.0) * (malekeh ? p * Fn : 1.0);
	/* the other sources of the reusing instruction are locked and, inserted before the
	 * lookup half of the time, compete too */
	double cap = E - 1.0 - (sig > 1.0 ? (sig - 1.0) / 2.0 : 0.0);
	for (int d = 1; d <= RFC_DMAX; d++) {
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
	o->s_base = s;
	double ipc_b = W / (s + EG);
	o->ipc_base = ipc_b < 1.0 ? ipc_b : 1.0;
	int it;
	for (it = 0; it < 200; it++) {
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
			pa_n = fmin(1.0, c * La);
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
		for (int d = 1; d <= RFC_DMAX; d++) {
			int near = !malekeh || d < RT;
			own *= 1.0 - (near ? tn : tf);
			double ps = pin_surv[d];
			if (!near)
				ps = (1.0 - omega) * exp(-ins * (d - 1) / nfar);
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
		const double a = 0.5;                          /* damping */
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
