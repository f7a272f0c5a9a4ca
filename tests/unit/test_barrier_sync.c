/*
 * test_barrier_sync.c -- barrier phases (models/barrier_sync.h [B1]-[B3]) against an event
 * simulation of CTAs meeting at barriers.
 *
 * The simulated SM: C CTAs of W warps; each warp runs R rounds of two intervals, each closed
 * by a barrier of its CTA (all W warps must finish it before any starts the next):
 *   A (memory): the warp sends k requests at once to server S1 (FCFS, service s1 per request,
 *     deterministic or exponential); each then takes a fixed latency d; the interval ends
 *     when the last is back;
 *   B (compute): the warp sends m operations at once to server S2 (FCFS, service s2).
 * Requests arriving together queue in CTA then warp order.  The model's inputs: station S1
 * with demand C W R k s1 in the global-request column, S2 with C W R m s2 in the tensor column;
 * phase A: count C W R, v = (k insts, k requests); phase B: count C W R, v = (m insts, m tensor);
 * L = R d (a warp slot's latency over its rounds).
 *
 *  1. [B1]-[B3] at C = 1 equal the simulation: deterministic service exactly, R (W k s1 + d +
 *     W m s2); exponential service in expectation (the server never idles from the barrier
 *     to its last request, so the interval's mean is W k s1 + d), within 4 standard errors.
 *  2. C = 2 with equal phase demands a = W k s1 = W m s2: the CTAs alternate with period
 *     a + d + a per round, [B3]'s T_D / C + L; the simulation adds the second CTA's wait for
 *     the first's requests at the start, a (its closed form: R (2a + d) + a).
 *  3. C = 4 and unequal phases: the model is a lower bound of the simulation (both [B3] terms
 *     are); the gap is printed, not asserted.
 *  4. bsync_phase_time: closed forms (one phase = the steady-state bound D_max; a column whose
 *     total is 0 scales nothing; the L1 split over two columns).
 *  5. [B5]: intervals of launches of different sizes, each on its own launch's SMs; the
 *     expected T_D computed directly as each interval's work on the SMs its launch occupies
 *     (per-SM station) against the shared memory side, summed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "barrier_sync.h"
#include "support/check.h"

typedef struct sim {
	int C, W, R, k, m;
	double s1, s2, d;
	int expo;                  /* exponential service (else deterministic) */
	gsl_rng *rng;
} sim_t;

static double draw(const sim_t *p, double mean)
{
	return p->expo ? gsl_ran_exponential(p->rng, mean) : mean;
}

/* The kernel's makespan: CTAs are processed in the order of their next barrier's release
 * (earliest first; ties by CTA), so each server sees its requests in arrival order (FCFS). */
static double simulate(const sim_t *p)
{
	double t_cta[16], free1 = 0, free2 = 0, end = 0;
	int step[16];
	for (int c = 0; c < p->C; c++) {
		t_cta[c] = 0;
		step[c] = 0;
	}
	for (;;) {
		int c = -1;
		for (int i = 0; i < p->C; i++)
			if (step[i] < 2 * p->R && (c < 0 || t_cta[i] < t_cta[c]))
				c = i;
		if (c < 0)
			break;
		double t = t_cta[c], done = t;
		for (int w = 0; w < p->W; w++) {
			if (step[c] % 2 == 0) {           /* A: k requests to S1, then latency d */
				for (int r = 0; r < p->k; r++) {
					double st = free1 > t ? free1 : t;
					free1 = st + draw(p, p->s1);
					if (free1 + p->d > done)
						done = free1 + p->d;
				}
			} else {                          /* B: m operations on S2 */
				for (int r = 0; r < p->m; r++) {
					double st = free2 > t ? free2 : t;
					free2 = st + draw(p, p->s2);
					if (free2 > done)
						done = free2;
				}
			}
		}
		t_cta[c] = done;                          /* the barrier opens */
		step[c]++;
		if (done > end)
			end = done;
	}
	return end;
}

static double model(const sim_t *p, double *dmax_out)
{
	shape_phase_t ph[2];
	memset(ph, 0, sizeof ph);
	double n = (double)p->C * p->W * p->R;
	ph[0].count = n;
	ph[0].v[SP_INSTS] = p->k;
	ph[0].v[SP_GREQ] = p->k;
	ph[1].count = n;
	ph[1].v[SP_INSTS] = p->m;
	ph[1].v[SP_TENSOR] = p->m;
	bsync_station_t st[2];
	memset(st, 0, sizeof st);
	st[0].d[SP_GREQ] = n * p->k * p->s1;
	st[1].d[SP_TENSOR] = n * p->m * p->s2;
	double tot[SP_NCOL], dmax, f[2 * SP_NCOL];
	bsync_totals(ph, 2, tot);
	bsync_shares(ph, 2, tot, f);
	double td = bsync_phase_time(f, 2, tot, st, 2, NULL, NULL, &dmax);
	if (dmax_out)
		*dmax_out = dmax;
	return bsync_time(td, p->R * p->d, dmax, p->C);
}

static void against_simulation(gsl_rng *rng)
{
	/* 1. C = 1, deterministic: R (W k s1 + d + W m s2) */
	sim_t p = { 1, 8, 8, 4, 6, 2.4, 2.0, 300.0, 0, rng };
	double want = p.R * (p.W * p.k * p.s1 + p.d + p.W * p.m * p.s2);
	CHECK_NEAR(simulate(&p), want, 1e-9, "event simulation, C = 1: R (W k s1 + d + W m s2)");
	CHECK_NEAR(model(&p, NULL), want, 1e-9, "[B1]-[B3] at C = 1: the simulation's R (W k s1 + d + W m s2)");

	/* 1. C = 1, exponential service: the mean makespan */
	p.expo = 1;
	const int runs = 4000;
	double s = 0, s2 = 0;
	for (int i = 0; i < runs; i++) {
		double x = simulate(&p);
		s += x;
		s2 += x * x;
	}
	double mean = s / runs, se = sqrt((s2 / runs - mean * mean) / runs);
	CHECK(fabs(model(&p, NULL) - mean) < 4 * se, "[B1]-[B3] at C = 1, exponential service: within 4 s.e. of the simulation's mean");

	/* 2. C = 2, equal phase demands a = W k s1 = W m s2: the CTAs alternate, period a + d + a
	 * per round; the second CTA starts a late */
	sim_t q = { 2, 8, 8, 4, 4, 2.0, 2.0, 200.0, 0, rng };
	double a = q.W * q.k * q.s1;
	CHECK_NEAR(simulate(&q), q.R * (2 * a + q.d) + a, 1e-9, "event simulation, C = 2, equal phases: R (2a + d) + a");
	CHECK_NEAR(model(&q, NULL), q.R * (2 * a + q.d), 1e-9, "[B3] at C = 2, equal phases: the period R (2a + d)");

	/* 3. C = 4, unequal phases: a lower bound */
	for (int expo = 0; expo < 2; expo++) {
		sim_t r = { 4, 4, 6, 8, 3, 1.5, 4.0, 400.0, expo, rng };
		double ts = 0;
		for (int i = 0; i < (expo ? 400 : 1); i++)
			ts += simulate(&r);
		ts /= expo ? 400 : 1;
		double dmax, tm = model(&r, &dmax);
		CHECK(tm <= ts * (1 + 1e-9) + (expo ? 0.02 * ts : 0), "[B3] at C = 4: a lower bound of the simulation");
		CHECK(tm >= dmax, "[B3] never below the steady state's bottleneck");
		printf("  C = 4 (%s service): simulation %.0f cycles, [B3] %.0f (%.1f%% below), D_max %.0f\n",
		       expo ? "exponential" : "deterministic", ts, tm, 100 * (1 - tm / ts), dmax);
	}
}

static void closed_forms(void)
{
	shape_phase_t ph[3];
	memset(ph, 0, sizeof ph);
	bsync_station_t st[2];
	memset(st, 0, sizeof st);
	st[0].d[SP_GREQ] = 700;      /* the memory path */
	st[0].d[SP_SWAVE] = 0;
	st[1].d[SP_SWAVE] = 300;     /* an L1 split: shared part */
	st[1].d[SP_GREQ] = 100;      /*             global part */
	double tot[SP_NCOL], dmax, f[3 * SP_NCOL];

	/* one phase type holds everything: T_D = D_max = max_k sum_c D_k,c */
	ph[0].count = 10;
	ph[0].v[SP_INSTS] = 5;
	ph[0].v[SP_GREQ] = 2;
	ph[0].v[SP_SWAVE] = 3;
	bsync_totals(ph, 1, tot);
	bsync_shares(ph, 1, tot, f);
	CHECK_NEAR(tot[SP_GREQ], 20, 1e-12, "V[c] = sum n_i v_i[c]");
	CHECK_NEAR(f[SP_SWAVE], 1, 1e-12, "f_i,c = n_i v_i[c] / V[c]: one phase holds all");
	CHECK_NEAR(bsync_phase_time(f, 1, tot, st, 2, NULL, NULL, &dmax), 700, 1e-9, "[B1] one phase: the steady state's D_max");
	CHECK_NEAR(dmax, 700, 1e-9, "D_max = max_k sum_c D_k,c");

	/* two phases, requests in one and wavefronts in the other: 700 + 300 */
	memset(ph, 0, sizeof ph);
	ph[0].count = 4;
	ph[0].v[SP_GREQ] = 5;
	ph[1].count = 2;
	ph[1].v[SP_SWAVE] = 7;
	bsync_totals(ph, 2, tot);
	bsync_shares(ph, 2, tot, f);
	CHECK_NEAR(bsync_phase_time(f, 2, tot, st, 2, NULL, NULL, &dmax), 1000, 1e-9,
	           "[B1] separated phases: 700 (memory) + 300 (shared)");
	CHECK_NEAR(dmax, 700, 1e-9, "D_max of the separated phases: 700");

	/* a column absent from the record scales nothing: the stations' tensor demand is ignored */
	st[1].d[SP_TENSOR] = 5000;
	CHECK_NEAR(bsync_phase_time(f, 2, tot, st, 2, NULL, NULL, &dmax), 1000, 1e-9, "[B1] a column with total 0 scales nothing");
	CHECK_NEAR(dmax, 700, 1e-9, "D_max without the unrecorded column");

	/* [B3] */
	CHECK_NEAR(bsync_time(1000, 200, 700, 1), 1200, 1e-12, "[B3] C = 1: T_D + L");
	CHECK_NEAR(bsync_time(1000, 200, 700, 4), 700, 1e-12, "[B3] C = 4: the bottleneck");
	CHECK_NEAR(bsync_time(1000, 200, 700, 0.5), 1200, 1e-12, "[B3] C < 1 counts as 1");
}

/* [B5]: a kernel alternating a 1-CTA launch (entry 0) with a 4-CTA one (entry 1, two launches)
 * on n = 4 SMs; the kernel-wide D_k,c divides per-SM work over A = 2 SMs. */
static void launch_sms(void)
{
	shape_launch_t l[2];
	memset(l, 0, sizeof l);
	for (int j = 0; j < 2; j++)
		for (int d = 0; d < 3; d++)
			l[j].grid[d] = l[j].block[d] = 1;
	l[0].count = 1;
	l[1].grid[0] = 4;
	l[1].count = 2;                            /* 8 CTAs over 2 launches: C_1 = 4 */
	bsync_sms_t sms = { l, 2, 4.0, 2.0, 0 };
	CHECK_NEAR(bsync_launch_scale(&sms, 0), 2.0, 0, "[B5] A / a_0 = 2 / min(4, 1)");
	CHECK_NEAR(bsync_launch_scale(&sms, 1), 0.5, 0, "[B5] A / a_1 = 2 / min(4, 4): per launch, not over its 2 launches");
	CHECK_NEAR(bsync_launch_scale(&sms, -1), 1.0, 0, "[B5] no launch entry: the kernel's A");
	CHECK_NEAR(bsync_launch_scale(&sms, 2), 1.0, 0, "[B5] an entry out of range: the kernel's A");
	CHECK_NEAR(bsync_launch_scale(NULL, 0), 1.0, 0, "[B5] no launches: the kernel's A");
	bsync_sms_t few = { l, 2, 3.0, 2.0, 0 };
	CHECK_NEAR(bsync_launch_scale(&few, 1), 2.0 / 3.0, 1e-15, "[B5] a_j = min(n, C_j): 4 CTAs on 3 SMs");

	/* issue work 600 cycles in all (per-SM station: D = 600 / A = 300), memory 160 over the
	 * shared side (D = 160 / 8 copies = 20); launch 0's interval: 30 instructions, 4 requests;
	 * launch 1's: 8 intervals (one per CTA) of 15 instructions, 2 requests each */
	shape_phase_t ph[2];
	memset(ph, 0, sizeof ph);
	ph[0].count = 1, ph[0].v[SP_INSTS] = 30, ph[0].v[SP_GREQ] = 4, ph[0].launch = 0;
	ph[1].count = 8, ph[1].v[SP_INSTS] = 15, ph[1].v[SP_GREQ] = 2, ph[1].launch = 1;
	bsync_station_t st[2];
	memset(st, 0, sizeof st);
	st[0].d[SP_INSTS] = 600.0 / 2, st[0].per_sm = 1;
	st[1].d[SP_GREQ] = 160.0 / 8;
	double tot[SP_NCOL], f[2 * SP_NCOL];
	bsync_totals(ph, 2, tot);
	bsync_shares(ph, 2, tot, f);
	/* direct: launch 0's 30 of 150 instructions = 120 cycles on its 1 SM, its 4 of 20 requests
	 * 32 / 8 = 4; launch 1's 120 of 150 = 480 cycles over its 4 SMs = 120, memory 16: 120 + 120 */
	double want = 600.0 * 30 / 150 / 1 + 600.0 * 120 / 150 / 4;
	CHECK_NEAR(bsync_phase_time(f, 2, tot, st, 2, ph, &sms, NULL), want, 1e-9,
	           "[B5] each launch's intervals on its own SMs: 120 + 120");
	double by[2] = { 0, 0 };
	CHECK_NEAR(bsync_phase_time_by(f, 2, tot, st, 2, ph, &sms, NULL, by), want, 1e-9, "bsync_phase_time_by: the same T_D");
	CHECK_NEAR(by[0], want, 1e-9, "by station: both intervals bound by the issue station (120 + 120)");
	CHECK_NEAR(by[1], 0.0, 0, "by station: the memory side bounds none");
	CHECK_NEAR(bsync_phase_time(f, 2, tot, st, 2, NULL, NULL, NULL), 300.0, 1e-9,
	           "without [B5]: the kernel's A = 2 SMs for every interval (60 + 240)");
	/* the memory side keeps its demand: make it bind in launch 1 (16 -> 160 x 10 / 8 = 200 of
	 * its 1600 / 8; issue there 120) */
	st[1].d[SP_GREQ] = 1600.0 / 8;
	CHECK_NEAR(bsync_phase_time(f, 2, tot, st, 2, ph, &sms, NULL), 120.0 + 1600.0 / 8 * 16 / 20, 1e-9,
	           "[B5] shared stations not scaled: launch 1 bound by memory (160)");
	by[0] = by[1] = 0.0;
	bsync_phase_time_by(f, 2, tot, st, 2, ph, &sms, NULL, by);
	CHECK_NEAR(by[0], 120.0, 1e-9, "by station: launch 0's interval to issue (120)");
	CHECK_NEAR(by[1], 1600.0 / 8 * 16 / 20, 1e-9, "by station: launch 1's intervals to memory (160)");
	/* the merged per-column path and the generic one agree: a NaN share forces the generic sum */
	st[1].d[SP_GREQ] = 160.0 / 8;
	st[1].d[SP_SWAVE] = 0.0;
	st[0].d[SP_GREQ] = 1.0;                       /* the issue station spans two columns now */
	double merged = bsync_phase_time(f, 2, tot, st, 2, ph, &sms, NULL);
	double direct = (300.0 * 0.2 + 1.0 * 0.2) * 2.0 + (300.0 * 0.8 + 1.0 * 0.8) * 0.5;
	CHECK_NEAR(merged, direct, 1e-9, "[B5] a per-SM station over two columns: scaled as a whole");
}

/* [B6]: three launch entries on n = 4 SMs, k = 4 sub-cores, the kernel-wide demand per copy
 * over A = 2 SMs: a 1-warp CTA alone (w = 1), 8 two-warp CTAs (2 per SM: w = 4), 2 two-warp
 * CTAs (one per SM: w = 2). */
static void subcores(void)
{
	shape_launch_t l[3];
	memset(l, 0, sizeof l);
	for (int j = 0; j < 3; j++) {
		for (int d = 0; d < 3; d++)
			l[j].grid[d] = l[j].block[d] = 1;
		l[j].count = 1;
	}
	l[0].block[0] = 32;
	l[1].grid[0] = 8, l[1].block[0] = 64;
	l[2].grid[0] = 2, l[2].block[0] = 64;
	bsync_sms_t sms = { l, 3, 4.0, 2.0, 4 };
	CHECK_NEAR(bsync_subcore_scale(&sms, 0), 4.0, 0, "[B6] one warp on its SM: k / 1");
	CHECK_NEAR(bsync_subcore_scale(&sms, 1), 1.0, 0, "[B6] 2 CTAs x 2 warps per SM = k: every sub-core");
	CHECK_NEAR(bsync_subcore_scale(&sms, 2), 2.0, 0, "[B6] 2 warps per SM: k / 2");
	CHECK_NEAR(bsync_subcore_scale(&sms, -1), 1.0, 0, "[B6] no launch entry: 1");
	CHECK_NEAR(bsync_subcore_scale(&sms, 3), 1.0, 0, "[B6] an entry out of range: 1");
	bsync_sms_t one = { l, 3, 4.0, 2.0, 1 };
	CHECK_NEAR(bsync_subcore_scale(&one, 0), 1.0, 0, "[B6] k = 1: nothing to bind to");
	bsync_sms_t off = { l, 3, 4.0, 2.0, 0 };
	CHECK_NEAR(bsync_subcore_scale(&off, 0), 1.0, 0, "[B6] k = 0: off");

	/* one interval per launch, 10, 20 and 30 instructions; a per-sub-core station of demand 600
	 * per copy: terms D f_j (A / a_j) (k / min(k, w_j)) = 600/6 x 2 x 4 + 600/3 x 1/2 x 1 +
	 * 600/2 x 1 x 2 = 800 + 100 + 600 */
	shape_phase_t ph[3];
	memset(ph, 0, sizeof ph);
	for (int j = 0; j < 3; j++)
		ph[j].count = 1, ph[j].v[SP_INSTS] = 10.0 * (j + 1), ph[j].launch = j;
	bsync_station_t st[1];
	memset(st, 0, sizeof st);
	st[0].d[SP_INSTS] = 600.0, st[0].per_sm = 2;
	double tot[SP_NCOL], f[3 * SP_NCOL];
	bsync_totals(ph, 3, tot);
	bsync_shares(ph, 3, tot, f);
	CHECK_NEAR(bsync_phase_time(f, 3, tot, st, 1, ph, &sms, NULL), 1500.0, 1e-9, "[B6] each launch on its warps' sub-cores");
	st[0].per_sm = 1;
	CHECK_NEAR(bsync_phase_time(f, 3, tot, st, 1, ph, &sms, NULL), 200.0 + 100.0 + 300.0, 1e-9,
	           "a per-SM station: [B5] only");
	st[0].per_sm = 2;
	CHECK_NEAR(bsync_phase_time(f, 3, tot, st, 1, ph, &off, NULL), 600.0, 1e-9, "[B6] off: [B5] only");
	/* the generic path (a NaN share) gives the same */
	st[0].d[SP_GREQ] = 1.0;                  /* two columns: the merged-station path */
	double two = bsync_phase_time(f, 3, tot, st, 1, ph, &sms, NULL);
	CHECK_NEAR(two, 1500.0, 1e-9, "[B6] a station over two columns (the request column's total is 0)");
}

int main(void)
{
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rng, 7);
	closed_forms();
	launch_sms();
	subcores();
	against_simulation(rng);
	gsl_rng_free(rng);
	return check_summary("barrier_sync");
}
