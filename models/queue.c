/*
 * queue.c -- the queueing library (see queue.h for the API).
 *
 * Open single-server queues (FCFS, Poisson arrivals rate lambda, mean service s, rho = lambda s):
 *   M/G/1, Pollaczek-Khinchine [Kleinrock, Queueing Systems I, 1975, eq. 5.72;
 *   Gross & Harris, Fundamentals of Queueing Theory, 4th ed., eq. 5.11]:
 *       Wq = rho s (1 + cs2) / (2 (1 - rho)),   cs2 = Var(S) / s^2
 *   M/M/1 is cs2 = 1 (Wq = rho s / (1 - rho)), M/D/1 is cs2 = 0 (Wq = rho s / (2 (1 - rho))).
 *   Lq = lambda Wq and L = Lq + rho (Little).  Valid for rho < 1; rho >= 1 has no steady state:
 *   reported as saturated with NAN waits.
 *
 * M/D/1/K (at most K in the system, blocked arrivals lost) [Gross & Harris §6.1.3 for the
 *   M/G/1/K embedded chain; Kleinrock I §5.6]:
 *   The number left behind by a departure is a Markov chain on 0..K-1.  With a_j = P(j Poisson
 *   arrivals during one service) = e^-rho rho^j / j! and the tail abar_j = P(A > j):
 *       P(0 -> j) = a_j,  P(i -> j) = a_{j-i+1} (i >= 1),  truncated into state K-1.
 *   We solve it with the cut equations between {0..j} and {j+1..K-1} (down-crossings only by a
 *   departure with no arrival, up-crossings by the arrivals during one service):
 *       pi_{j+1} a_0 = pi_0 abar_j + sum_{i=1..j} pi_i abar_{j-i+1}
 *   -- all terms positive, so no cancellation, unlike the usual forward substitution.
 *   Departure-epoch to time-average [Gross & Harris eq. 6.14]:
 *       p_n = pi_n / (pi_0 + rho) (n < K),  p_K = 1 - 1 / (pi_0 + rho)
 *   Blocking p_K (PASTA), throughput lambda (1 - p_K), L = sum n p_n, response L / throughput
 *   (Little), wait = response - s.  Valid for any rho (the chain is finite); 0 <= rho <= 600
 *   (beyond that e^-rho underflows; such a queue is simply full: p_block -> 1 - 1/rho).
 *
 * Crossbar, N inputs x M outputs, one transfer per output per cycle, input i offers a request
 *   with probability `load` per cycle to output j with probability dest_j:
 *   output j receives Binomial(N, load dest_j) requests per cycle.  Output-queued discrete-time
 *   queue with one-cycle service [Karol, Hluchyj & Morgan, "Input versus output queueing on a
 *   space-division packet switch", IEEE Trans. Commun. 1987, eq. for output queueing,
 *   generalised to any per-output rate]:
 *       W_j = ((N - 1) / N) rho_j / (2 (1 - rho_j)),   rho_j = N load dest_j
 *   which is the M/D/1 wait with s = 1 as N -> infinity.  Input-queued FIFO head-of-line (HOL)
 *   saturation throughput per output, uniform traffic, N, M -> infinity with beta = N / M
 *   [Karol et al. 1987 §III; the per-output HOL backlog is a discrete M/D/1 queue with
 *   mean number rho0 + rho0^2 / (2 (1 - rho0)) = beta]:
 *       rho0 = (1 + beta) - sqrt(1 + beta^2)        (beta = 1: 2 - sqrt 2 = 0.586)
 *   For finite square switches Karol's Table I is a little higher (N = 8: 0.618, N = 32: ~0.59).
 *
 * Closed networks, single class, N customers; station k has per-copy demand D_k (visits x
 *   service time to one copy), c_k identical copies visited uniformly (by symmetry every copy
 *   has the same queue, so the cost does not depend on c_k), m_k servers per copy or a delay.
 *   Exact MVA [Reiser & Lavenberg, J. ACM 1980; Lazowska et al., Quantitative System
 *   Performance, 1984, §6.3 (single server) and §20.4 (load-dependent)]:
 *       single server: R_k(n) = D_k (1 + Q_k(n-1))
 *       m servers:     R_k(n) = sum_{j=1..n} j / a_k(j) D_k p_k(j-1 | n-1),  a_k(j) = min(j, m_k)
 *                      p_k(j | n) = D_k / a_k(j) X(n) p_k(j-1 | n-1),  p_k(0|n) = 1 - sum_j>=1
 *       delay:         R_k(n) = D_k
 *       X(n) = n / sum_k c_k R_k(n),   Q_k(n) = X(n) R_k(n)
 *   Schweitzer-Bard approximate MVA [Schweitzer 1979; Bard 1979; Lazowska §6.4.2]:
 *       Q_k(N - 1) ~ (N - 1) / N Q_k(N), so R_k = D_k (1 + (N-1)/N Q_k)
 *   with Seidmann's multi-server approximation [Seidmann, Schweitzer & Shalev-Oren, "Computerized
 *   closed queueing network models of flexible manufacturing systems", Large Scale Systems
 *   1987]: an m-server station of demand D is a single server of demand D / m in series with a
 *   delay D (m - 1) / m.  Substituting Q_k = X R_k gives, for a queueing part of demand d_k,
 *   Q_k(X) = X d_k / (1 - a X d_k), a = (N - 1) / N, so the whole fixed point is one equation
 *       f(X) = X Z + sum_k c_k X d_k / (1 - a X d_k) - N = 0     (Z = all delay demands)
 *   f is increasing and convex on [0, 1 / max d_k], so Newton's method started from the
 *   asymptotic upper bound X0 = min(N / sum c_k D_k, 1 / max d_k) (where f >= 0) descends
 *   monotonically to the root: a few iterations, no allocation.  The result is the same fixed
 *   point as Schweitzer's successive substitution (tests/unit/test_queue.c checks it).
 *   Linearizer [Chandy & Neuse, "Linearizer: a heuristic algorithm for queueing network models
 *   of computing systems", CACM 25(2) 1982]: Schweitzer assumes the fraction of customers at a
 *   station, Q_k(n)/n, is the same at N and N - 1; Linearizer estimates the difference
 *       F_k = Q_k(N-1)/(N-1) - Q_k(N)/N
 *   by solving the fixed point at N and at N - 1 (each with Q_k(n-1) = (n-1)(Q_k(n)/n + F_k),
 *   F taken equal at N - 1 and N - 2), updating F, QUEUE_LINEARIZER_PASSES times, then once
 *   more at N.  With b_k = (n - 1) F_k the fixed point is Schweitzer's with d_k (1 + b_k) in
 *   the numerator, solved by the same Newton iteration: 2 x passes + 1 solves, no allocation.
 *   Exact at N = 1 (and its fixed point at N = 2), and much closer than Schweitzer near
 *   the knee (test_queue checks it against exact MVA on GPU-shaped networks).
 *
 * Pure functions, no I/O, no globals.  Errors: QUEUE_EINVAL for arguments out of range.
 */
#include "queue.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

/* ---- open single-server queues ---- */

static int open_args_ok(double lambda, double s)
{
	return isfinite(lambda) && isfinite(s) && lambda >= 0 && s > 0;
}

int queue_mg1(double lambda, double s, double cs2, queue_open_t *out)
{
	if (!out || !open_args_ok(lambda, s) || !isfinite(cs2) || cs2 < 0)
		return QUEUE_EINVAL;
	out->rho = lambda * s;
	if (out->rho >= 1) {
		out->saturated = 1;
		out->wait = out->resp = out->lq = out->l = NAN;
		return QUEUE_OK;
	}
	out->saturated = 0;
	out->wait = out->rho * s * (1 + cs2) / (2 * (1 - out->rho)); /* P-K [Kleinrock I eq. 5.72] */
	out->resp = out->wait + s;
	out->lq = lambda * out->wait;                              /* Little */
	out->l = out->lq + out->rho;
	return QUEUE_OK;
}

int queue_mm1(double lambda, double s, queue_open_t *out)
{
	return queue_mg1(lambda, s, 1.0, out); /* exponential: cs2 = 1, Wq = rho s / (1 - rho) */
}

int queue_md1(double lambda, double s, queue_open_t *out)
{
	return queue_mg1(lambda, s, 0.0, out); /* deterministic: cs2 = 0 */
}

/* ---- M/D/1/K ---- */

#define MD1K_RHO_MAX 600.0

/* Departure-epoch distribution pi[0..K-1] of the embedded chain (normalised); abar[0..K-1] is
 * workspace for the Poisson tails. */
static void md1k_embedded(double rho, int K, double *pi, double *abar)
{
	double a0 = exp(-rho);
	pi[0] = 1.0;
	if (rho == 0) {          /* no arrivals: every departure leaves the system empty */
		for (int j = 1; j < K; j++)
			pi[j] = 0;
		return;
	}
	for (int j = 0; j + 1 < K; j++)
		abar[j] = gsl_cdf_poisson_Q((unsigned)j, rho);    /* P(A > j), A ~ Poisson(rho) */
	for (int j = 0; j + 1 < K; j++) {
		/* cut between {0..j} and {j+1..}: pi_{j+1} a_0 = pi_0 abar_j + sum_i pi_i abar_{j-i+1}
		 * [Gross & Harris §6.1.3, written as level crossings] */
		double up = pi[0] * abar[j];
		for (int i = 1; i <= j; i++)
			up += pi[i] * abar[j - i + 1];
		pi[j + 1] = up / a0;
		if (pi[j + 1] > 1e200) { /* rescale: the chain piles up at K-1 when rho is large */
			double sc = 1.0 / pi[j + 1];
			for (int i = 0; i <= j + 1; i++)
				pi[i] *= sc;
		}
	}
	double sum = 0;
	for (int j = 0; j < K; j++)
		sum += pi[j];
	for (int j = 0; j < K; j++)
		pi[j] /= sum;
}

enum { MD1K_STACK_K = 255 };   /* workspace on the stack up to this K, heap beyond */

int queue_md1k_dist(double lambda, double s, int K, double *p)
{
	double buf[MD1K_STACK_K];
	if (!p || !open_args_ok(lambda, s) || K < 1 || lambda * s > MD1K_RHO_MAX)
		return QUEUE_EINVAL;
	double *abar = K <= MD1K_STACK_K ? buf : malloc((size_t)K * sizeof *abar);
	if (!abar)
		return QUEUE_ENOMEM;
	double rho = lambda * s;
	md1k_embedded(rho, K, p, abar);  /* p[0..K-1] = pi */
	if (abar != buf)
		free(abar);
	double d = p[0] + rho;
	for (int n = 0; n < K; n++)
		p[n] /= d;                   /* p_n = pi_n / (pi_0 + rho) [Gross & Harris eq. 6.14] */
	p[K] = 1.0 - 1.0 / d;            /* p_K = 1 - 1 / (pi_0 + rho) */
	if (p[K] < 0)
		p[K] = 0;
	return QUEUE_OK;
}

int queue_md1k(double lambda, double s, int K, queue_md1k_t *out)
{
	double buf[MD1K_STACK_K + 1];
	if (!out || !open_args_ok(lambda, s) || K < 1 || lambda * s > MD1K_RHO_MAX)
		return QUEUE_EINVAL;
	double *p = K <= MD1K_STACK_K ? buf : malloc(((size_t)K + 1) * sizeof *p);
	if (!p)
		return QUEUE_ENOMEM;
	int rc = queue_md1k_dist(lambda, s, K, p);
	if (rc == QUEUE_OK) {
		double l = 0;
		for (int n = 1; n <= K; n++)
			l += n * p[n];
		out->rho = lambda * s;
		out->p_block = p[K];                          /* PASTA: arrivals see time averages */
		out->throughput = lambda * (1 - p[K]);
		out->util = out->throughput * s;              /* = 1 - p_0 */
		out->l = l;
		out->resp = out->throughput > 0 ? l / out->throughput : s; /* Little */
		out->wait = out->resp - s;
		if (out->wait < 0)       /* rounding at very light load */
			out->wait = 0, out->resp = s;
	}
	if (p != buf)
		free(p);
	return rc;
}

/* ---- crossbar ---- */

int queue_xbar(int n_in, int n_out, double load, const double *dest, queue_xbar_t *out)
{
	if (!out || n_in < 1 || n_out < 1 || !isfinite(load) || load < 0 || load > 1)
		return QUEUE_EINVAL;
	double dsum = 0;
	if (dest) {
		for (int j = 0; j < n_out; j++) {
			if (!isfinite(dest[j]) || dest[j] < 0)
				return QUEUE_EINVAL;
			dsum += dest[j];
		}
		if (fabs(dsum - 1) > 1e-6)
			return QUEUE_EINVAL;
	}
	double thr = 0, umax = 0, usum = 0, wsum = 0;
	int sat = 0;
	double fin = (n_in - 1.0) / n_in; /* finite-population factor of binomial arrivals */
	for (int j = 0; j < n_out; j++) {
		double lj = n_in * load * (dest ? dest[j] : 1.0 / n_out); /* rho_j, s = 1 cycle */
		thr += lj < 1 ? lj : 1;
		usum += lj;
		if (lj > umax)
			umax = lj;
		if (lj >= 1)
			sat = 1;
		else
			wsum += lj * fin * lj / (2 * (1 - lj)); /* [Karol et al. 1987, output queueing] */
	}
	out->throughput = thr;
	out->util_max = umax;
	out->util_mean = usum / n_out;
	out->saturated = sat;
	out->wait_mean = sat ? NAN : (usum > 0 ? wsum / usum : 0); /* mean over requests */
	double beta = (double)n_in / n_out;
	out->hol_throughput = (1 + beta) - sqrt(1 + beta * beta); /* [Karol et al. 1987 §III] */
	return QUEUE_OK;
}

/* ---- closed networks ---- */

static int stations_ok(const queue_station_t *st, int n)
{
	if (!st || n < 1 || n > QUEUE_MAX_STATIONS)
		return 0;
	for (int k = 0; k < n; k++)
		if (!isfinite(st[k].demand) || st[k].demand < 0 || st[k].copies < 1 ||
		    st[k].servers < 1)
			return 0;
	return 1;
}

static void mva_zero(queue_mva_t *out, int n)
{
	out->X = 0;
	out->cycle = 0;
	out->iterations = 0;
	for (int k = 0; k < n; k++)
		out->resid[k] = out->util[k] = out->qlen[k] = 0;
}

int queue_mva_exact(const queue_station_t *st, int n, int population, queue_mva_t *out)
{
	if (!out || !stations_ok(st, n) || population < 0)
		return QUEUE_EINVAL;
	double total = 0;
	for (int k = 0; k < n; k++)
		total += st[k].copies * st[k].demand;
	if (population == 0 || total == 0) {
		mva_zero(out, n);
		return population == 0 ? QUEUE_OK : QUEUE_EINVAL;
	}
	/* marginal probabilities p_k(j | n) for the load-dependent stations, two rows each */
	int nld = 0, ld_of[QUEUE_MAX_STATIONS];
	for (int k = 0; k < n; k++)
		ld_of[k] = (!st[k].is_delay && st[k].servers > 1) ? nld++ : -1;
	size_t row = (size_t)population + 1;
	double *prob = NULL;
	if (nld) {
		prob = calloc(2 * row * (size_t)nld, sizeof *prob);
		if (!prob)
			return QUEUE_ENOMEM;
		for (int i = 0; i < nld; i++)
			prob[2 * row * i] = 1.0; /* p(0 | 0) = 1 */
	}
	double Q[QUEUE_MAX_STATIONS] = { 0 }, R[QUEUE_MAX_STATIONS];
	double X = 0;
	for (int pop = 1; pop <= population; pop++) {
		double cyc = 0;
		for (int k = 0; k < n; k++) {
			double D = st[k].demand;
			if (st[k].is_delay) {
				R[k] = D;
			} else if (ld_of[k] < 0) {
				R[k] = D * (1 + Q[k]);            /* [Reiser & Lavenberg 1980] */
			} else {
				const double *prev = prob + 2 * row * ld_of[k] + row * ((pop - 1) & 1);
				double r = 0;
				for (int j = 1; j <= pop; j++) {
					int a = j < st[k].servers ? j : st[k].servers;
					r += (double)j / a * D * prev[j - 1]; /* [Lazowska §20.4] */
				}
				R[k] = r;
			}
			cyc += st[k].copies * R[k];
		}
		X = pop / cyc;
		for (int k = 0; k < n; k++) {
			Q[k] = X * R[k];
			if (ld_of[k] < 0)
				continue;
			const double *prev = prob + 2 * row * ld_of[k] + row * ((pop - 1) & 1);
			double *cur = prob + 2 * row * ld_of[k] + row * (pop & 1);
			double sum = 0;
			for (int j = 1; j <= pop; j++) {
				int a = j < st[k].servers ? j : st[k].servers;
				cur[j] = st[k].demand / a * X * prev[j - 1]; /* [Lazowska §20.4] */
				sum += cur[j];
			}
			cur[0] = sum < 1 ? 1 - sum : 0; /* the known weak spot: clamp rounding below 0 */
		}
	}
	free(prob);
	out->X = X;
	out->cycle = population / X;
	out->iterations = 0;
	for (int k = 0; k < n; k++) {
		out->resid[k] = st[k].copies * R[k];
		out->qlen[k] = Q[k];
		out->util[k] = st[k].is_delay ? X * st[k].demand : X * st[k].demand / st[k].servers;
	}
	return QUEUE_OK;
}

/* The approximate-MVA fixed point at population N when the queue a customer finds at the
 * queueing part of station k is estimated as Q_k(N - 1) = a Q_k(N) + b_k, a = (N - 1) / N:
 * R_k = d_k (1 + b_k + a X R_k), so R_k = d_k (1 + b_k) / (1 - a X d_k) and
 *     f(X) = X Z + sum_k c_k X d_k (1 + b_k) / (1 - a X d_k) - N = 0,
 * increasing and convex on [0, 1 / (a max d_k)]: Newton from the upper bound (queue.c header).
 * b = NULL: Schweitzer (b_k = 0).  Fills X, per-copy queue-part residences r[k]; returns the
 * iterations. */
/* Two lanes of doubles (GCC and Clang vector extensions; SSE2 on x86-64): the same IEEE
 * operations as two scalar ones, each lane rounded on its own. */
typedef double amva_v2 __attribute__((vector_size(16)));

static int amva_core(const queue_station_t *st, int n, const double *d, double Z, double total, double dmax,
                     double N, const double *b, double *Xout, double *r)
{
	double a = N > 1 ? (N - 1) / N : 0; /* [Schweitzer 1979] */
	double X = N / total;                   /* light-load bound */
	if (dmax > 0 && 1 / dmax < X)
		X = 1 / dmax;                       /* bottleneck bound */
	/* The stations with d_k != 0, packed two to a vector (an odd count padded with c = d = 0,
	 * never summed): per station c_k, d_k, e_k = 1 + b_k and c_k d_k e_k, which the Newton
	 * steps below use unchanged.  Each step's terms are the expressions of the plain loop,
	 * operation for operation (c_k X d_k e_k / u and c_k d_k e_k / (u u), u = 1 - (a X) d_k),
	 * two stations at a time, and are summed in station order: the same X, bit for bit,
	 * with half the division instructions. */
	double cx[QUEUE_MAX_STATIONS + 2], dx[QUEUE_MAX_STATIONS + 2], ex[QUEUE_MAX_STATIONS + 2],
		cde[QUEUE_MAX_STATIONS + 2], s1[QUEUE_MAX_STATIONS + 2], s2[QUEUE_MAX_STATIONS + 2];
	int m = 0;
	for (int k = 0; k < n; k++) {
		if (d[k] == 0)
			continue;
		cx[m] = st[k].copies;
		dx[m] = d[k];
		ex[m] = b ? 1 + b[k] : 1;
		cde[m] = cx[m] * dx[m] * ex[m];
		m++;
	}
	cx[m] = dx[m] = cde[m] = 0;   /* the pad of an odd count */
	ex[m] = 1;
	int it = 0;
	double lo = 0; /* f(lo) < 0 */
	for (it = 1; it <= 1000; it++) {
		double f = X * Z - N, fp = Z;
		double aX = a * X;
		amva_v2 aXv = { aX, aX }, Xv = { X, X }, one = { 1, 1 };
		for (int j = 0; j < m; j += 2) {
			amva_v2 c, dd, e, cd;
			memcpy(&c, cx + j, sizeof c);
			memcpy(&dd, dx + j, sizeof dd);
			memcpy(&e, ex + j, sizeof e);
			memcpy(&cd, cde + j, sizeof cd);
			amva_v2 u = one - aXv * dd;
			amva_v2 t1 = c * Xv * dd * e / u, t2 = cd / (u * u);
			memcpy(s1 + j, &t1, sizeof t1);
			memcpy(s2 + j, &t2, sizeof t2);
		}
		for (int j = 0; j < m; j++) {
			f += s1[j];
			fp += s2[j];
		}
		double Xn = X - f / fp;
		if (f < 0 && X > lo)
			lo = X;
		if (!(Xn > lo))         /* rounding pushed Newton below the bracket */
			Xn = 0.5 * (lo + X);
		double change = fabs(Xn - X);
		X = Xn;
		if (change <= 1e-9 * X)
			break;
	}
	if (it > 1000)
		it = 1000;
	for (int k = 0; k < n; k++)
		r[k] = d[k] == 0 ? 0 : d[k] * (b ? 1 + b[k] : 1) / (1 - a * X * d[k]);
	*Xout = X;
	return it;
}

/* Seidmann's split (queue.c header): queueing parts d_k, delay total Z, sum of demands, max d_k. */
static void seidmann(const queue_station_t *st, int n, double *d, double *Z, double *total, double *dmax)
{
	*Z = *total = *dmax = 0;
	for (int k = 0; k < n; k++) {
		double D = st[k].demand;
		*total += st[k].copies * D;
		if (st[k].is_delay) {
			d[k] = 0;
			*Z += st[k].copies * D;
		} else {
			d[k] = D / st[k].servers;                                 /* [Seidmann 1987] */
			*Z += st[k].copies * D * (st[k].servers - 1) / st[k].servers;
			if (d[k] > *dmax)
				*dmax = d[k];
		}
	}
}

static void amva_out(const queue_station_t *st, int n, const double *d, double X, const double *r, int it,
                     queue_mva_t *out)
{
	double cyc = 0;
	for (int k = 0; k < n; k++) {
		double D = st[k].demand, res = st[k].is_delay ? D : r[k] + D - d[k]; /* + Seidmann delay part */
		out->resid[k] = st[k].copies * res;
		out->qlen[k] = X * res;
		out->util[k] = st[k].is_delay ? X * D : X * d[k];
		cyc += out->resid[k];
	}
	out->X = X;
	out->cycle = cyc;
	out->iterations = it;
}

/* The approximate solvers' common start: inputs checked, Seidmann's split of each station's
 * service, the empty network answered.  Returns -1 on bad input, 0 when out already holds the
 * answer (population 0), 1 when the solver goes on. */
static int amva_prologue(const queue_station_t *st, int n, double population, queue_mva_t *out,
			 double *d, double *Z, double *total, double *dmax)
{
	if (!out || !stations_ok(st, n) || !isfinite(population) || population < 0)
		return -1;
	seidmann(st, n, d, Z, total, dmax);
	if (population == 0) {
		mva_zero(out, n);
		return 0;
	}
	return *total == 0 ? -1 : 1;
}

int queue_mva_schweitzer(const queue_station_t *st, int n, double population, queue_mva_t *out)
{
	double d[QUEUE_MAX_STATIONS], r[QUEUE_MAX_STATIONS], Z, total, dmax, X;
	int pre = amva_prologue(st, n, population, out, d, &Z, &total, &dmax);
	if (pre <= 0)
		return pre < 0 ? QUEUE_EINVAL : QUEUE_OK;
	int it = amva_core(st, n, d, Z, total, dmax, population, NULL, &X, r);
	amva_out(st, n, d, X, r, it, out);
	return QUEUE_OK;
}

int queue_mva_linearizer(const queue_station_t *st, int n, double population, queue_mva_t *out)
{
	double d[QUEUE_MAX_STATIONS], r[QUEUE_MAX_STATIONS], Z, total, dmax, X;
	int pre = amva_prologue(st, n, population, out, d, &Z, &total, &dmax);
	if (pre <= 0)
		return pre < 0 ? QUEUE_EINVAL : QUEUE_OK;
	double N = population;
	if (N < 2) {   /* no N - 2 to linearise over: Schweitzer, exact at N = 1 */
		int it = amva_core(st, n, d, Z, total, dmax, N, NULL, &X, r);
		amva_out(st, n, d, X, r, it, out);
		return QUEUE_OK;
	}
	/* [Chandy & Neuse 1982]: F_k = Q_k(N-1)/(N-1) - Q_k(N)/N, taken equal at N - 1, so
	 * Q_k(n - 1) = (n - 1)(Q_k(n)/n + F_k): b_k = (n - 1) F_k at n = N and n = N - 1 */
	double F[QUEUE_MAX_STATIONS] = { 0 }, b[QUEUE_MAX_STATIONS], q1[QUEUE_MAX_STATIONS], X1;
	int it = 0;
	for (int pass = 0; pass < QUEUE_LINEARIZER_PASSES; pass++) {
		for (int k = 0; k < n; k++)
			b[k] = (N - 1) * F[k];
		it += amva_core(st, n, d, Z, total, dmax, N, b, &X, r);
		for (int k = 0; k < n; k++)
			b[k] = (N - 2) * F[k];
		it += amva_core(st, n, d, Z, total, dmax, N - 1, b, &X1, q1);
		for (int k = 0; k < n; k++)
			F[k] = X1 * q1[k] / (N - 1) - X * r[k] / N;
	}
	for (int k = 0; k < n; k++)
		b[k] = (N - 1) * F[k];
	it += amva_core(st, n, d, Z, total, dmax, N, b, &X, r);
	amva_out(st, n, d, X, r, it, out);
	return QUEUE_OK;
}
