/*
 * test_queue.c -- models/queue.c against closed forms, hand-solved networks, independent
 * solvers written here, and the discrete-event simulator tests/reference/qsim.c.
 *
 * Tolerances (issue 3): open queues within 3% of the DES on mean wait up to utilisation 0.9;
 * closed-network throughput within 5% of the DES.  Each DES comparison also checks that the
 * simulator's own 95% half-width is below the tolerance, so the comparison means something.
 * At rho = 0.9 that takes millions of simulated customers (the variance of a mean wait grows
 * like 1/(1-rho)^4: 20,000 customers give +-50%); the Lindley recursion does ~15 M/s.
 */
#include <math.h>
#include <stdio.h>
#include <time.h>

#include <gsl/gsl_randist.h>

#include "support/check.h"
#include "reference/qsim.h"
#include "queue.h"

/* ---- closed forms ---- */

static void test_closed_forms(void)
{
	queue_open_t q;
	CHECK_INT(queue_mm1(0.5, 1.0, &q), QUEUE_OK, "valid arguments");
	CHECK_NEAR(q.wait, 1.0, 1e-12, "M/M/1 Wq = rho s / (1 - rho) = 0.5 / 0.5");
	CHECK_NEAR(q.l, 1.0, 1e-12, "M/M/1 L = rho / (1 - rho)");
	CHECK_NEAR(q.resp, 2.0, 1e-12, "M/M/1 W = s / (1 - rho)");
	CHECK_NEAR(q.lq, 0.5, 1e-12, "M/M/1 Lq = rho^2 / (1 - rho)");
	CHECK_INT(q.saturated, 0, "rho = 0.5");
	queue_mm1(0.02, 40.0, &q);   /* rho = 0.8 with s = 40 */
	CHECK_NEAR(q.wait, 0.8 * 40 / 0.2, 1e-9, "M/M/1 Wq = rho s / (1 - rho), units of s");
	queue_md1(0.8, 1.0, &q);
	CHECK_NEAR(q.wait, 0.8 / (2 * 0.2), 1e-12, "M/D/1 Wq = rho s / (2 (1 - rho))");
	CHECK_NEAR(q.l, 0.8 + 0.8 * 0.8 / (2 * 0.2), 1e-12, "M/D/1 L = rho + rho^2 / (2 (1 - rho))");
	queue_mg1(0.5, 2.0, 3.0, &q); /* rho = 1: saturated */
	CHECK_INT(q.saturated, 1, "rho = 1 is saturated");
	CHECK(isnan(q.wait) && isnan(q.l) && isnan(q.resp) && isnan(q.lq), "saturated -> NAN, not negative/inf");
	queue_mg1(0.6, 1.0, 2.0, &q);
	CHECK_NEAR(q.wait, 0.6 * 3.0 / (2 * 0.4), 1e-12, "P-K: rho s (1 + cs2) / (2 (1 - rho))");
	queue_mm1(3.0, 1.0, &q);
	CHECK(q.saturated == 1 && isnan(q.wait) && q.rho == 3.0, "rho = 3 is saturated, rho reported");
	queue_mm1(0.0, 1.0, &q);
	CHECK_NEAR(q.wait, 0, 0, "no arrivals, no wait");
	/* trap tests: every error path */
	CHECK_INT(queue_mm1(-1, 1, &q), QUEUE_EINVAL, "negative lambda");
	CHECK_INT(queue_mm1(1, 0, &q), QUEUE_EINVAL, "s = 0");
	CHECK_INT(queue_mg1(0.5, 1, -0.1, &q), QUEUE_EINVAL, "cs2 < 0");
	CHECK_INT(queue_mg1(NAN, 1, 1, &q), QUEUE_EINVAL, "NaN lambda");
	CHECK_INT(queue_md1(0.5, INFINITY, &q), QUEUE_EINVAL, "infinite s");
}

/* ---- open queues against the DES ---- */

static void test_open_des(void)
{
	static const struct { qsim_dist_t dist; double cs2; const char *name; } d[] = {
		{ QSIM_EXP, 1.0, "M/M/1" }, { QSIM_DET, 0.0, "M/D/1" },
		{ QSIM_GAMMA, 0.5, "M/G/1 cs2=0.5" }, { QSIM_GAMMA, 2.0, "M/G/1 cs2=2" },
	};
	static const double rhos[] = { 0.3, 0.6, 0.9 };
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 3; j++) {
			double rho = rhos[j], s = 2.0;
			/* customers for a ~2% half-width (95%) at the variance of each case */
			static const double base[] = { 4e5, 6e5, 6e6 }, f[] = { 1, 0.6, 0.7, 1.5 };
			long n = (long)(base[j] * f[i]);
			qsim_open_cfg_t cfg = { rho / s, s, d[i].dist, d[i].cs2, 0, n, n / 20,
						1000 + 10 * (unsigned long)i + (unsigned long)j };
			qsim_open_res_t r;
			queue_open_t q;
			CHECK_INT(qsim_open(&cfg, &r, NULL), 0, "DES config");
			queue_mg1(rho / s, s, d[i].cs2, &q);
			printf("  %-14s rho %.1f: model Wq %.4f  DES %.4f +- %.4f (%ld customers) err %+.2f%%\n",
			       d[i].name, rho, q.wait, r.wait, r.wait_hw, n, 100 * (r.wait / q.wait - 1));
			CHECK_REL(r.wait, q.wait, 0.03, "DES mean wait (tests/reference/qsim.c), issue 3: 3%");
			CHECK(r.wait_hw < 0.025 * q.wait, "DES half-width below 2.5% of Wq: precise enough");
			CHECK_REL(r.l, q.l, 0.03, "DES time-average L vs L = rho + lambda Wq");
		}
}

/* ---- M/D/1/K ---- */

/* Independent solver: the embedded chain at departures built as a matrix and solved by power
 * iteration (no cut equations), converted to time averages the same standard way. */
static void md1k_power(double rho, int K, double *p)
{
	double P[64][64] = { { 0 } }, pi[64], nx[64];
	for (int i = 0; i < K; i++) {
		int base = i == 0 ? 0 : i - 1;   /* state after service with no arrivals */
		double acc = 0;
		for (int j = base; j < K - 1; j++) {
			P[i][j] = gsl_ran_poisson_pdf((unsigned)(j - base), rho);
			acc += P[i][j];
		}
		P[i][K - 1] = 1 - acc;
	}
	for (int i = 0; i < K; i++)
		pi[i] = 1.0 / K;
	for (int it = 0; it < 20000; it++) {
		for (int j = 0; j < K; j++) {
			nx[j] = 0;
			for (int i = 0; i < K; i++)
				nx[j] += pi[i] * P[i][j];
		}
		for (int j = 0; j < K; j++)
			pi[j] = 0.5 * (pi[j] + nx[j]); /* lazy chain: aperiodic */
	}
	for (int n = 0; n < K; n++)
		p[n] = pi[n] / (pi[0] + rho);
	p[K] = 1 - 1 / (pi[0] + rho);
}

static void test_md1k(void)
{
	queue_md1k_t m;
	double p[65], ref[65];

	/* K = 1 is the Erlang loss system M/D/1/1: p_block = rho / (1 + rho) for any service law */
	CHECK_INT(queue_md1k(0.7, 1.0, 1, &m), QUEUE_OK, "K = 1");
	CHECK_NEAR(m.p_block, 0.7 / 1.7, 1e-12, "Erlang B with one server: rho / (1 + rho)");
	CHECK_NEAR(m.wait, 0, 1e-12, "K = 1: nobody waits");

	/* against the power-iteration solver */
	static const double rr[] = { 0.3, 0.9, 1.0, 1.6, 4.0 };
	static const int kk[] = { 2, 5, 12, 30 };
	for (int i = 0; i < 5; i++)
		for (int j = 0; j < 4; j++) {
			queue_md1k_dist(rr[i], 1.0, kk[j], p);
			md1k_power(rr[i], kk[j], ref);
			double err = 0, sum = 0;
			for (int n = 0; n <= kk[j]; n++)
				err = fmax(err, fabs(p[n] - ref[n])), sum += p[n];
			CHECK_NEAR(err, 0, 1e-9, "M/D/1/K dist vs embedded chain by power iteration");
			CHECK_NEAR(sum, 1, 1e-12, "distribution sums to 1");
			queue_md1k(rr[i], 1.0, kk[j], &m);
			CHECK_NEAR(m.util, 1 - p[0], 1e-9, "utilisation = 1 - p0 = throughput s");
		}

	/* against the DES: blocking and wait, including rho >= 1 */
	static const struct { double rho; int K; } c[] = {
		{ 0.5, 2 }, { 0.9, 4 }, { 0.9, 6 }, { 1.0, 6 }, { 1.5, 5 }, { 3.0, 8 },
	};
	for (int i = 0; i < 6; i++) {
		double s = 4.0;
		qsim_open_cfg_t cfg = { c[i].rho / s, s, QSIM_DET, 0, c[i].K, 2000000, 20000, 77 + (unsigned long)i };
		qsim_open_res_t r;
		double pd[16];
		qsim_open(&cfg, &r, pd);
		queue_md1k(c[i].rho / s, s, c[i].K, &m);
		queue_md1k_dist(c[i].rho / s, s, c[i].K, p);
		printf("  M/D/1/%-2d rho %.1f: p_block %.4f DES %.4f +- %.4f; Wq %.4f DES %.4f +- %.4f\n",
		       c[i].K, c[i].rho, m.p_block, r.p_block, r.p_block_hw, m.wait, r.wait, r.wait_hw);
		CHECK_REL(r.p_block, m.p_block, 0.03, "DES blocking fraction, issue 3: 3%");
		CHECK(r.p_block_hw < 0.025 * m.p_block, "DES blocking half-width below 2.5%");
		CHECK_REL(r.wait, m.wait, 0.03, "DES mean wait of accepted customers, 3%");
		CHECK_REL(r.l, m.l, 0.03, "DES time-average number in system");
		CHECK_REL(r.throughput, m.throughput, 0.01, "DES accepted rate");
		double perr = 0;
		for (int n = 0; n <= c[i].K; n++)
			perr = fmax(perr, fabs(pd[n] - p[n]));
		CHECK_NEAR(perr, 0, 0.01, "DES time-average distribution p_n");
	}

	/* as K grows M/D/1/K tends to M/D/1 */
	queue_open_t q;
	queue_md1(0.7, 1.0, &q);
	queue_md1k(0.7, 1.0, 200, &m);
	CHECK_REL(m.wait, q.wait, 1e-9, "M/D/1/200 -> M/D/1 wait at rho = 0.7");
	CHECK_NEAR(m.p_block, 0, 1e-12, "no blocking at K = 200, rho = 0.7");
	queue_md1k(0.7, 1.0, 20, &m);
	CHECK(m.wait < q.wait && m.wait > 0.95 * q.wait, "K = 20 close to, below, M/D/1");
	queue_md1(0.95, 1.0, &q);
	double prev = 0;
	int mono = 1;
	for (int K = 2; K <= 400; K *= 2) {
		queue_md1k(0.95, 1.0, K, &m);
		mono &= m.wait > prev;
		prev = m.wait;
	}
	CHECK(mono, "M/D/1/K wait increases with K");
	CHECK_REL(prev, q.wait, 1e-3, "M/D/1/256 -> M/D/1 at rho = 0.95");
	/* large K on the heap path, and overload */
	CHECK_INT(queue_md1k(0.5, 1.0, 1000, &m), QUEUE_OK, "K = 1000 (allocates)");
	queue_md1(0.5, 1.0, &q);
	CHECK_REL(m.wait, q.wait, 1e-9, "M/D/1/1000 = M/D/1 at rho = 0.5");
	queue_md1k(50.0, 1.0, 10, &m);
	CHECK_REL(m.p_block, 1 - 1 / 50.0, 1e-6, "rho = 50: server always busy, p_block = 1 - 1/rho");
	CHECK_REL(m.util, 1.0, 1e-9, "rho = 50: utilisation 1");
	CHECK_INT(queue_md1k(1.0, 1.0, 0, &m), QUEUE_EINVAL, "K = 0");
	CHECK_INT(queue_md1k(-1.0, 1.0, 4, &m), QUEUE_EINVAL, "negative lambda");
	CHECK_INT(queue_md1k(1000.0, 1.0, 4, &m), QUEUE_EINVAL, "rho > 600 out of range");
	queue_md1k(0.0, 1.0, 4, &m);
	CHECK(m.p_block == 0 && m.wait == 0 && m.throughput == 0, "no arrivals");
}

/* ---- crossbar ---- */

static void test_xbar(void)
{
	queue_xbar_t x;
	qsim_xbar_res_t r;
	/* uniform 16 x 16 at load 0.8 */
	CHECK_INT(queue_xbar(16, 16, 0.8, NULL, &x), QUEUE_OK, "uniform");
	CHECK_NEAR(x.util_max, 0.8, 1e-12, "rho_j = N load / M");
	CHECK_NEAR(x.throughput, 16 * 0.8, 1e-9, "all accepted");
	CHECK_NEAR(x.wait_mean, 15.0 / 16 * 0.8 / (2 * 0.2), 1e-12, "Karol et al. 1987 output queueing");
	qsim_xbar_oq(16, 16, 0.8, NULL, 400000, 5, &r);
	printf("  xbar 16x16 load 0.8: model wait %.4f  DES %.4f +- %.4f\n", x.wait_mean, r.wait, r.wait_hw);
	CHECK_REL(r.wait, x.wait_mean, 0.03, "DES output-queued crossbar");
	CHECK_REL(r.throughput, x.throughput, 0.01, "DES throughput");

	/* Zipf-skewed destinations, 32 inputs x 8 outputs */
	double dest[8], z = 0;
	for (int j = 0; j < 8; j++)
		z += dest[j] = 1 / pow(j + 1, 0.8);
	for (int j = 0; j < 8; j++)
		dest[j] /= z;
	CHECK_INT(queue_xbar(32, 8, 0.09, dest, &x), QUEUE_OK, "skewed");
	CHECK_NEAR(x.util_max, 32 * 0.09 * dest[0], 1e-12, "hottest output");
	CHECK(x.util_max > x.util_mean, "skew: max above mean");
	qsim_xbar_oq(32, 8, 0.09, dest, 400000, 6, &r);
	printf("  xbar 32x8 zipf 0.8 load 0.09: util_max %.3f model wait %.4f  DES %.4f +- %.4f\n",
	       x.util_max, x.wait_mean, r.wait, r.wait_hw);
	CHECK_REL(r.wait, x.wait_mean, 0.03, "DES output-queued crossbar, skewed");
	/* saturating the hot output */
	queue_xbar(32, 8, 0.2, dest, &x);
	CHECK(x.saturated && isnan(x.wait_mean), "hot output rho >= 1: saturated, no wait");
	CHECK(x.throughput < 32 * 0.2 && x.throughput > 0, "saturated output caps at 1 per cycle");
	qsim_xbar_oq(32, 8, 0.2, dest, 100000, 7, &r);
	CHECK_REL(r.throughput, x.throughput, 0.01, "DES throughput with a saturated output");

	/* head-of-line blocking limit */
	queue_xbar(32, 32, 1.0, NULL, &x);
	CHECK_NEAR(x.hol_throughput, 2 - sqrt(2), 1e-12, "Karol et al. 1987: 2 - sqrt 2 for N = M");
	double h = qsim_xbar_hol(32, 32, 50000, 8);
	printf("  HOL 32x32: model %.4f DES %.4f;", x.hol_throughput, h);
	CHECK_REL(h, x.hol_throughput, 0.03, "DES saturated input-queued switch (finite N a bit higher)");
	queue_xbar(64, 16, 1.0, NULL, &x);
	h = qsim_xbar_hol(64, 16, 50000, 9);
	printf(" 64x16: model %.4f DES %.4f\n", x.hol_throughput, h);
	CHECK_REL(h, x.hol_throughput, 0.03, "DES saturated input-queued switch, N/M = 4");
	CHECK_INT(queue_xbar(0, 4, 0.5, NULL, &x), QUEUE_EINVAL, "no inputs");
	CHECK_INT(queue_xbar(4, 4, 1.5, NULL, &x), QUEUE_EINVAL, "load > 1");
	double bad[2] = { 0.5, 0.6 };
	CHECK_INT(queue_xbar(4, 2, 0.5, bad, &x), QUEUE_EINVAL, "destinations not summing to 1");
}

/* ---- closed networks ---- */

/* Schweitzer-Bard with Seidmann by plain successive substitution (the textbook iteration). */
static double schweitzer_ref(const queue_station_t *st, int n, double N)
{
	double Q[QUEUE_MAX_STATIONS], X = 0, a = (N - 1) / N;
	for (int k = 0; k < n; k++)
		Q[k] = N / n;
	for (int it = 0; it < 200000; it++) {
		double cyc = 0, R[QUEUE_MAX_STATIONS];
		for (int k = 0; k < n; k++) {
			double D = st[k].demand, m = st[k].servers;
			R[k] = st[k].is_delay ? 0 : D / m * (1 + a * Q[k]);
			cyc += st[k].copies * (R[k] + (st[k].is_delay ? D : D * (m - 1) / m));
		}
		double Xn = N / cyc;
		for (int k = 0; k < n; k++)
			Q[k] = 0.5 * Q[k] + 0.5 * Xn * R[k]; /* damped */
		if (fabs(Xn - X) < 1e-14 * Xn && it > 100)
			return Xn;
		X = Xn;
	}
	return X;
}

/* Machine-repairman M/M/m//N with think time Z: birth-death chain solved directly. */
static double repairman_X(double D, int m, double Z, int N)
{
	double w = 1, sum = 1, x = 0;
	for (int j = 1; j <= N; j++) {
		w *= ((N - j + 1) / Z) / ((j < m ? j : m) / D);
		if (w > 1e250)          /* rescale the unnormalised weights */
			x /= w, sum /= w, w = 1;
		sum += w;
		x += w * (j < m ? j : m) / D;
	}
	return x / sum;
}

static void test_mva(void)
{
	queue_mva_t r, r2;
	/* textbook: two single-server queues D1 = 1, D2 = 2, N = 2.  States (2,0),(1,1),(0,2) have
	 * product-form weights 1, 2, 4: U2 = 6/7, X = U2 / D2 = 3/7 (by hand). */
	queue_station_t two[2] = { { 1.0, 1, 1, 0 }, { 2.0, 1, 1, 0 } };
	CHECK_INT(queue_mva_exact(two, 2, 2, &r), QUEUE_OK, "exact");
	CHECK_NEAR(r.X, 3.0 / 7, 1e-12, "hand-solved product form: X = 3/7");
	CHECK_NEAR(r.qlen[1], (2.0 + 2 * 4.0) / 7, 1e-12, "Q2 = (1*2 + 2*4) / 7");
	CHECK_NEAR(r.resid[0] + r.resid[1], 2 / r.X, 1e-12, "cycle = N / X");
	CHECK_NEAR(r.util[1], 6.0 / 7, 1e-12, "U2 = 6/7");
	queue_mva_exact(two, 2, 1, &r);
	CHECK_NEAR(r.X, 1.0 / 3, 1e-12, "N = 1: X = 1 / (D1 + D2)");

	/* load-dependent: M/M/m//N repairman against the birth-death chain */
	for (int m = 1; m <= 4; m++)
		for (int N = 1; N <= 30; N += 7) {
			queue_station_t rp[2] = { { 3.0, 1, m, 0 }, { 5.0, 1, 1, 1 } };
			queue_mva_exact(rp, 2, N, &r);
			CHECK_REL(r.X, repairman_X(3.0, m, 5.0, N), 1e-9, "exact MVA vs birth-death repairman");
		}

	/* copies: c copies of per-copy demand D equal c separate stations of demand D */
	queue_station_t cp[3] = { { 4.0, 1, 1, 1 }, { 0.5, 6, 1, 0 }, { 1.2, 3, 2, 0 } };
	queue_station_t flat[1 + 6 + 3];
	flat[0] = cp[0];
	for (int i = 0; i < 6; i++)
		flat[1 + i] = (queue_station_t){ 0.5, 1, 1, 0 };
	for (int i = 0; i < 3; i++)
		flat[7 + i] = (queue_station_t){ 1.2, 1, 2, 0 };
	queue_mva_exact(cp, 3, 12, &r);
	queue_mva_exact(flat, 10, 12, &r2);
	CHECK_REL(r.X, r2.X, 1e-12, "copies = separate identical stations (exact)");
	CHECK_REL(r.qlen[1], r2.qlen[1], 1e-12, "per-copy queue length");
	CHECK_REL(r.resid[2], 3 * r2.resid[7], 1e-12, "residence summed over copies");
	queue_mva_schweitzer(cp, 3, 12, &r);
	queue_mva_schweitzer(flat, 10, 12, &r2);
	CHECK_REL(r.X, r2.X, 1e-9, "copies = separate identical stations (Schweitzer)");

	/* Schweitzer: Newton solution equals the successive-substitution fixed point */
	queue_station_t g[5] = { { 10.0, 1, 1, 1 }, { 1.0, 1, 1, 0 }, { 2.0, 1, 2, 0 },
				 { 0.5, 8, 1, 0 }, { 1.5, 4, 2, 0 } };
	static const double pops[] = { 1, 2.5, 4, 16, 64, 500, 3000 };
	for (int i = 0; i < 7; i++) {
		queue_mva_schweitzer(g, 5, pops[i], &r);
		CHECK_REL(r.X, schweitzer_ref(g, 5, pops[i]), 1e-8, "Schweitzer fixed point by substitution");
		CHECK_REL(r.cycle, pops[i] / r.X, 1e-8, "cycle = N / X (Little)");
	}
	queue_mva_schweitzer(g, 5, 1, &r);
	CHECK_REL(r.X, 1 / (10 + 1 + 2 + 8 * 0.5 + 4 * 1.5), 1e-12, "N = 1: X = 1 / sum of demands");
	queue_mva_schweitzer(g, 5, 3000, &r);
	CHECK_REL(r.X, 1 / 1.0, 1e-3, "large N: X -> 1 / D_max of the bottleneck (D=1, one server)");

	/* Seidmann's multi-server approximation against the exact repairman: its known error is
	 * largest near the knee at small N and vanishes as N grows past the servers */
	for (int m = 2; m <= 16; m *= 2) {
		queue_station_t rp[2] = { { 3.0, 1, m, 0 }, { 5.0, 1, 1, 1 } };
		double worst = 0;
		for (int N = 1; N <= 60; N++) {
			queue_mva_schweitzer(rp, 2, N, &r);
			worst = fmax(worst, fabs(r.X / repairman_X(3.0, m, 5.0, N) - 1));
		}
		queue_mva_schweitzer(rp, 2, 400, &r);
		printf("  Schweitzer+Seidmann vs exact repairman, %2d servers: worst %.2f%% for N <= 60, %.4f%% at N = 400\n",
		       m, 100 * worst, 100 * fabs(r.X / repairman_X(3.0, m, 5.0, 400) - 1));
		CHECK(worst < 0.10, "Seidmann approximation within 10% of exact at every N <= 60");
		CHECK_REL(r.X, repairman_X(3.0, m, 5.0, 400), 1e-3, "Seidmann exact in the limit N >> m");
	}
	queue_mva_schweitzer(two, 2, 0.5, &r);
	CHECK_REL(r.X, 0.5 / 3.0, 1e-12, "N < 1: no queueing, X = N / sum D");

	/* DES: closed network with copies, multi-server stations and a delay */
	for (int i = 0; i < 4; i++) {
		int N = (int[]){ 3, 8, 20, 60 }[i];
		qsim_station_t qs[5];
		for (int k = 0; k < 5; k++)
			qs[k] = (qsim_station_t){ g[k].demand, g[k].copies, g[k].servers, g[k].is_delay };
		qsim_closed_res_t d;
		qsim_closed(qs, 5, N, 60000, 6000, 40 + (unsigned long)i, &d);
		queue_mva_exact(g, 5, N, &r);
		queue_mva_schweitzer(g, 5, N, &r2);
		printf("  closed N=%2d: DES X %.5f +- %.5f  exact %.5f (%+.2f%%)  Schweitzer %.5f (%+.2f%%)\n",
		       N, d.X, d.X_hw, r.X, 100 * (r.X / d.X - 1), r2.X, 100 * (r2.X / d.X - 1));
		CHECK_REL(r.X, d.X, 0.05, "exact MVA vs DES throughput, issue 3: 5%");
		CHECK_REL(r2.X, d.X, 0.05, "Schweitzer+Seidmann vs DES throughput, 5%");
		CHECK(d.X_hw < 0.02 * d.X, "DES half-width below 2%");
		CHECK_REL(r.qlen[2], d.qlen[2], 0.1, "exact MVA queue length at the 2-server station");
		CHECK_REL(r.util[4], d.util[4], 0.05, "exact MVA utilisation of a DRAM-like copy");
	}

	/* GPU-shaped: 4 SMs, 4 L1s, 2 NoC ports, 32 LLC slices, 8 DRAM channels (the bottleneck),
	 * a 300-cycle latency delay; populations from light load to past the knee */
	queue_station_t gp[6] = { { 0.5, 4, 1, 0 }, { 0.3, 4, 1, 0 }, { 0.25, 2, 1, 0 },
				  { 0.08, 32, 1, 0 }, { 1.5, 8, 1, 0 }, { 300.0, 1, 1, 1 } };
	for (int i = 0; i < 3; i++) {
		int N = (int[]){ 64, 192, 400 }[i];
		qsim_station_t qs[6];
		for (int k = 0; k < 6; k++)
			qs[k] = (qsim_station_t){ gp[k].demand, gp[k].copies, gp[k].servers, gp[k].is_delay };
		qsim_closed_res_t d;
		qsim_closed(qs, 6, N, 60000, 6000, 60 + (unsigned long)i, &d);
		queue_mva_exact(gp, 6, N, &r);
		queue_mva_schweitzer(gp, 6, N, &r2);
		printf("  GPU-shaped N=%3d: DES X %.5f +- %.5f  exact %.5f (%+.2f%%)  Schweitzer %.5f (%+.2f%%), DRAM util %.2f\n",
		       N, d.X, d.X_hw, r.X, 100 * (r.X / d.X - 1), r2.X, 100 * (r2.X / d.X - 1), r2.util[4]);
		CHECK_REL(r.X, d.X, 0.05, "exact MVA vs DES, 32 LLC copies, 5%");
		CHECK_REL(r2.X, d.X, 0.05, "Schweitzer vs DES, 32 LLC copies, 5%");
		CHECK_REL(r2.util[4], d.util[4], 0.05, "Schweitzer DRAM channel utilisation vs DES");
	}

	/* errors and edges */
	CHECK_INT(queue_mva_exact(two, 0, 2, &r), QUEUE_EINVAL, "no stations");
	CHECK_INT(queue_mva_exact(two, 2, -1, &r), QUEUE_EINVAL, "negative population");
	queue_station_t bad[1] = { { 1.0, 0, 1, 0 } };
	CHECK_INT(queue_mva_schweitzer(bad, 1, 4, &r), QUEUE_EINVAL, "copies = 0");
	queue_station_t zero[1] = { { 0.0, 1, 1, 0 } };
	CHECK_INT(queue_mva_schweitzer(zero, 1, 4, &r), QUEUE_EINVAL, "no demand anywhere");
	CHECK_INT(queue_mva_schweitzer(two, 2, 0, &r), QUEUE_OK, "population 0");
	CHECK_NEAR(r.X, 0, 0, "population 0: X = 0");
	CHECK_INT(queue_mva_schweitzer(two, 2, NAN, &r), QUEUE_EINVAL, "NaN population");
}

/* ---- cost per call of the approximate MVA the GPU model uses per design point ---- */

static void test_mva_speed(void)
{
	queue_station_t st[10] = {
		{ 20.0, 1, 1, 1 },  { 0.8, 1, 4, 0 },  { 0.3, 1, 1, 0 }, { 0.05, 32, 1, 0 },
		{ 0.07, 16, 2, 0 }, { 0.02, 64, 1, 0 }, { 0.4, 1, 1, 0 }, { 0.1, 8, 1, 0 },
		{ 150.0, 1, 1, 1 }, { 0.03, 12, 2, 0 },
	};
	queue_mva_t r;
	long calls = 200000, iters = 0;
	double sink = 0;
	clock_t c0 = clock();
	for (long i = 0; i < calls; i++) {
		st[1].demand = 0.8 + 1e-7 * (double)(i & 1023); /* defeat hoisting */
		queue_mva_schweitzer(st, 10, 3000.0, &r);
		sink += r.X;
		iters += r.iterations;
	}
	double us = (double)(clock() - c0) / CLOCKS_PER_SEC / calls * 1e6;
	printf("  queue_mva_schweitzer, 10 stations, N = 3000: %.3f us/call, %.1f iterations (X %.5f)\n",
	       us, (double)iters / calls, sink / calls);
	CHECK(r.iterations <= 30, "Newton on the Schweitzer fixed point: few iterations");
	{
		clock_t l0 = clock();
		long li = 0;
		for (long i = 0; i < calls / 4; i++) {
			st[1].demand = 0.8 + 1e-7 * (double)(i & 1023);
			queue_station_t stl[10];
			memcpy(stl, st, sizeof stl);
			queue_mva_t rl;
			queue_mva_linearizer(stl, 10, 3000.0, &rl);
			sink += rl.X;
			li += rl.iterations;
		}
		printf("  queue_mva_linearizer, same network: %.3f us/call, %.1f Newton steps\n",
		       (double)(clock() - l0) / CLOCKS_PER_SEC / (calls / 4) * 1e6, (double)li / (calls / 4));
	}
	CHECK_REL(r.X, schweitzer_ref(st, 10, 3000.0), 1e-8, "speed case solves the same fixed point");
	/* iterations over a sweep of populations and bottleneck demands (light load to saturation) */
	int worst = 0;
	long tot = 0, cases = 0;
	for (double scale = 0.01; scale < 100; scale *= 1.3)
		for (double N = 1; N <= 5000; N *= 1.1) {
			queue_station_t s2[10];
			memcpy(s2, st, sizeof s2);
			s2[6].demand = 0.4 * scale;
			queue_mva_schweitzer(s2, 10, N, &r);
			worst = r.iterations > worst ? r.iterations : worst;
			tot += r.iterations, cases++;
		}
	printf("  Newton steps over %ld (N, demand) cases: mean %.2f, worst %d\n", cases, (double)tot / cases, worst);
	CHECK(worst <= 20, "Schweitzer solve stays cheap across the sweep");
}

/* ---- Linearizer against exact MVA (the GPU model's solver, issue 20) ----
 * GPU-shaped single-server networks (an SM station of c copies, an L1 of c copies, NoC ports,
 * LLC slices, DRAM channels, one delay for all fixed latencies), swept through the knee
 * N* = (Z + sum c_k D_k) / max D_k and beyond.  Expected values: exact MVA (Reiser-Lavenberg,
 * checked above against hand-solved and birth-death results).  Linearizer must be within 1%
 * in throughput and 2% in cycle time everywhere, and at least as close as Schweitzer on
 * average; prints the worst errors of both. */
static void test_linearizer(void)
{
	queue_mva_t r, e;
	/* N = 1: exact; N = 2: its fixed point is exact (Q(0) = 0 makes the N - 1 solve exact, and
	 * F then carries the exact Q(1)); 3 passes get within 1e-3 of it */
	queue_station_t two[3] = { { 1.0, 1, 1, 0 }, { 2.0, 1, 1, 0 }, { 3.0, 1, 1, 1 } };
	for (int N = 1; N <= 2; N++) {
		queue_mva_exact(two, 3, N, &e);
		queue_mva_linearizer(two, 3, N, &r);
		CHECK_REL(r.X, e.X, N == 1 ? 1e-9 : 1e-3, "Linearizer at N = 1 (exact), N = 2 (Chandy & Neuse 1982)");
	}
	static const struct { int c; double D; } shape[][6] = {
		/* sm, l1, noc, llc, dram copies and per-copy demands (cycles per customer cycle) */
		{ { 8, 0.5 }, { 8, 0.3 }, { 4, 0.6 }, { 4, 0.4 }, { 2, 1.2 }, { 1, 60.0 } },
		{ { 16, 0.25 }, { 16, 1.0 }, { 8, 0.2 }, { 8, 0.3 }, { 4, 0.5 }, { 1, 300.0 } },
		{ { 4, 1.0 }, { 4, 0.2 }, { 2, 0.1 }, { 2, 0.1 }, { 1, 2.0 }, { 1, 40.0 } },
		{ { 40, 0.5 }, { 40, 0.27 }, { 32, 0.3 }, { 32, 0.07 }, { 16, 0.1 }, { 1, 400.0 } },
	};
	double worst_l = 0, worst_s = 0, worst_lc = 0, sum_l = 0, sum_s = 0;
	int cases = 0;
	for (size_t k = 0; k < sizeof shape / sizeof shape[0]; k++) {
		queue_station_t st[6];
		double tot = 0, dmax = 0;
		for (int i = 0; i < 6; i++) {
			st[i] = (queue_station_t){ shape[k][i].D, shape[k][i].c, 1, i == 5 };
			tot += shape[k][i].c * shape[k][i].D;
			if (i < 5 && shape[k][i].D > dmax)
				dmax = shape[k][i].D;
		}
		int knee = (int)(tot / dmax);
		int pops[] = { 3, 5, knee / 4, knee / 2, (3 * knee) / 4, knee, (5 * knee) / 4, 2 * knee, 4 * knee };
		for (size_t j = 0; j < sizeof pops / sizeof pops[0]; j++) {
			int N = pops[j] < 3 ? 3 : pops[j];
			queue_mva_exact(st, 6, N, &e);
			queue_mva_linearizer(st, 6, N, &r);
			double el = fabs(r.X - e.X) / e.X, elc = fabs(r.cycle - e.cycle) / e.cycle;
			queue_mva_schweitzer(st, 6, N, &r);
			double es = fabs(r.X - e.X) / e.X;
			worst_l = el > worst_l ? el : worst_l;
			worst_lc = elc > worst_lc ? elc : worst_lc;
			worst_s = es > worst_s ? es : worst_s;
			sum_l += el, sum_s += es, cases++;
			char what[96];
			snprintf(what, sizeof what, "Linearizer vs exact MVA, shape %zu, N = %d", k, N);
			CHECK(el < 0.01, what);
			CHECK(elc < 0.02, what);
		}
	}
	printf("  vs exact MVA over %d GPU-shaped cases: Linearizer worst %.2f%% (mean %.3f%%), cycle worst %.2f%%; "
	       "Schweitzer worst %.2f%% (mean %.3f%%)\n", cases, 100 * worst_l, 100 * sum_l / cases, 100 * worst_lc,
	       100 * worst_s, 100 * sum_s / cases);
	CHECK(sum_l <= sum_s, "Linearizer at least as close as Schweitzer on average");
}

int main(void)
{
	test_closed_forms();
	test_open_des();
	test_md1k();
	test_xbar();
	test_mva();
	test_mva_speed();
	test_linearizer();
	return check_summary("test_queue");
}
