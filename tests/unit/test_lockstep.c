/*
 * test_lockstep.c -- waves in lock step (models/lockstep.h [L1]-[L4]) against an event
 * simulation of warps that start together, and the closed forms.
 *
 * The simulated SM runs V waves, one after the other, of W warps; a wave starts when every warp
 * of the previous one has retired (lockstep.h: a CTA slot is refilled when its CTA retires).
 * Each warp runs three intervals:
 *   A: k loads to server S1 (FCFS, service s1), each back a fixed latency d after its service;
 *      the warp waits for all of them (its next instruction reads them);
 *   B: m operations on server S2 (FCFS, service s2), issued one after the other;
 *   C: j stores to S1 (posted: the warp does not wait), each acknowledged d_st after its
 *      service; the warp retires when all are acknowledged (shd_warp_t::hardware_done).
 * Issue is in lock step: the warps issue instruction r of an interval in warp order before
 * instruction r + 1 (round robin over warps that are ready), so each server sees the requests
 * instruction-major.  Warps drift apart by at most W service times at the end of an interval.
 * The model's inputs: S1's demand V W (k + j) s1 in the request column, S2's V W m s2 in the
 * fp32 column; wait intervals A = (k insts, k requests), B = (m insts, m fp32), C = (j insts, j
 * requests), each with count V W; l = d / (k + m + j) per instruction, S = V (k + m + j),
 * N = V, l_st = d_st.
 *
 *  1. The simulation against [L3]: [L3] is an upper bound, and above it by at most the drift:
 *     at each of a wave's three interval boundaries the first warp moves on while the last is
 *     at most W - 1 services behind, so T_sim <= T_lock <= T_sim + V (W - 1) (2 s1 + s2); the
 *     gap is printed.
 *  2. With one warp per wave (no drift), exactly: V (k s1 + d + m s2 + j s1 + d_st).
 *  3. lockstep_time: [L3]'s sum; [L4] the steady state when it is slower; lockstep_path [L5].
 *  4. [L5]: a wave whose one warp loads lasts until that warp is done.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "barrier_sync.h"
#include "lockstep.h"
#include "support/check.h"

typedef struct sim {
	int V, W, k, m, j;
	double s1, s2, d, d_st;
} sim_t;

static double simulate(const sim_t *p)
{
	double t0 = 0, free1 = 0, free2 = 0;
	double t[64], back[64];
	for (int v = 0; v < p->V; v++) {
		for (int w = 0; w < p->W; w++) {
			t[w] = t0;
			back[w] = t0;
		}
		for (int r = 0; r < p->k; r++)            /* A: loads, instruction-major */
			for (int w = 0; w < p->W; w++) {
				double st = free1 > t[w] ? free1 : t[w];
				free1 = st + p->s1;
				if (free1 + p->d > back[w])
					back[w] = free1 + p->d;
			}
		for (int w = 0; w < p->W; w++)            /* B waits for the loads */
			t[w] = back[w];
		for (int r = 0; r < p->m; r++)            /* B: operations */
			for (int w = 0; w < p->W; w++) {
				double st = free2 > t[w] ? free2 : t[w];
				free2 = st + p->s2;
				t[w] = free2;
			}
		double end = t0;
		for (int r = 0; r < p->j; r++)            /* C: posted stores, acknowledged */
			for (int w = 0; w < p->W; w++) {
				double st = free1 > t[w] ? free1 : t[w];
				free1 = st + p->s1;
				t[w] = st;
				if (free1 + p->d_st > end)
					end = free1 + p->d_st;
			}
		for (int w = 0; w < p->W; w++)
			if (t[w] > end)
				end = t[w];
		t0 = end;                                 /* the next wave starts */
	}
	return t0;
}

static double model(const sim_t *p)
{
	double n = (double)p->V * p->W;
	shape_phase_t ph[3];
	memset(ph, 0, sizeof ph);
	ph[0].count = ph[1].count = ph[2].count = n;
	ph[0].v[SP_INSTS] = p->k;
	ph[0].v[SP_GREQ] = p->k;
	ph[1].v[SP_INSTS] = p->m;
	ph[1].v[SP_FP32] = p->m;
	ph[2].v[SP_INSTS] = p->j;
	ph[2].v[SP_GREQ] = p->j;
	bsync_station_t st[2];
	memset(st, 0, sizeof st);
	st[0].d[SP_GREQ] = n * (p->k + p->j) * p->s1;
	st[1].d[SP_FP32] = n * p->m * p->s2;
	double tot[SP_NCOL], f[3 * SP_NCOL];
	bsync_totals(ph, 3, tot);
	bsync_shares(ph, 3, tot, f);
	double td = bsync_phase_time(f, 3, tot, st, 2, NULL, NULL, NULL);
	int per = p->k + p->m + p->j;
	double insts = n * per, tl;
	/* a steady state far faster than the lock step: [L4] takes T_lock */
	double path = lockstep_path((double)p->V * per, p->d / per, 0, 0, 0, 0);   /* no launch record: S l */
	double t = lockstep_time(insts, 1e9, td, path, p->V * p->d_st, &tl);
	CHECK_NEAR(t, tl, 0, "[L4]: the lock step binds when the steady state is faster");
	return t;
}

static void against_simulation(void)
{
	sim_t one = { 3, 1, 4, 6, 2, 2.4, 2.0, 300.0, 180.0 };
	double want = one.V * (one.k * one.s1 + one.d + one.m * one.s2 + one.j * one.s1 + one.d_st);
	CHECK_NEAR(simulate(&one), want, 1e-9, "simulation, one warp a wave: V (k s1 + d + m s2 + j s1 + d_st)");
	CHECK_NEAR(model(&one), want, 1e-9, "[L3], one warp a wave: the simulation's");

	static const sim_t cases[] = {
		{ 3, 8, 4, 6, 2, 2.4, 2.0, 300.0, 180.0 },    /* memory and compute comparable */
		{ 2, 16, 3, 32, 2, 4.0, 2.0, 330.0, 180.0 },  /* the wave microbenchmark's shape */
		{ 5, 32, 3, 32, 2, 4.0, 2.0, 330.0, 180.0 },  /* five waves of 32 warps */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		double ts = simulate(&cases[i]), tm = model(&cases[i]);
		printf("  V %d W %d: simulation %.1f cycles, [L3] %.1f (%+.2f%%)\n", cases[i].V, cases[i].W, ts, tm,
		       100 * (tm / ts - 1));
		const sim_t *c = &cases[i];
		CHECK(tm >= ts - 1e-9, "[L3] an upper bound of the lock-step simulation");
		CHECK(tm <= ts + c->V * (c->W - 1) * (2 * c->s1 + c->s2) + 1e-9,
		      "[L3] above the simulation by at most the drift V (W - 1) (2 s1 + s2)");
	}
}

static void closed_forms(void)
{
	double tl;
	CHECK_NEAR(lockstep_time(1000, 2.0, 300, 200, 180, &tl), 680, 1e-12, "[L3] T_D + path + N l_st = 300 + 200 + 180");
	CHECK_NEAR(tl, 680, 1e-12, "T_lock reported");
	CHECK_NEAR(lockstep_time(1000, 1.0, 300, 200, 180, &tl), 1000, 1e-12, "[L4] the steady state (I / X = 1000) binds");
	CHECK_NEAR(tl, 680, 1e-12, "T_lock still reported");
	CHECK_NEAR(lockstep_time(1000, 2.0, 300, 200, 180, NULL), 680, 1e-12, "t_lock may be NULL");
	CHECK_NEAR(lockstep_path(40, 5, 0, 0, 0, 0), 200, 1e-12, "[L5] without the record: S l");
	CHECK_NEAR(lockstep_path(40, 5, 44, 1, 3, 300), 944, 1e-12, "[L5] the longest warp: S* l_dep + K* W = 44 + 900");
	CHECK_NEAR(lockstep_path(40, 5, 44, 1, 0, 300), 200, 1e-12, "[L5] never below the mean path");
}

/*
 * [L5] against the simulation: a wave of W warps of which only the first loads (k loads, one
 * group, then m operations), the others run the m operations alone.  The wave lasts until the
 * loading warp is done: k s1 + d + (its operations after the others'), not the mean warp's
 * path.  With the record: S* = k + m (the longest warp), K* = 1 group of latency d, l_dep = 0:
 * [L5]'s path is K* d.  The simulation's makespan lies between [L3] with the mean path (below:
 * the mean warp's latency is d / W) and [L3] with [L5]'s (above, by at most the others' work,
 * which T_D charges before the loader's operations while the simulation overlaps it with the
 * loader's wait).
 */
static void longest_warp(void)
{
	const int W = 16, k = 3, m = 4;     /* the others' work (120 cycles) below the latency */
	const double s1 = 2.0, s2 = 2.0, d = 300.0;
	/* simulation: the loader's k requests at t = 0, back at k s1 + d; the others' operations
	 * on S2 from t = 0, (W - 1) m s2 cycles; the loader's m operations after both */
	double free2 = 0, back = k * s1 + d;
	for (int r = 0; r < m; r++)
		for (int w = 1; w < W; w++)
			free2 += s2;
	double start = back > free2 ? back : free2;
	double sim = start + m * s2;
	/* the model: T_D = (W m s2) [the operations] + k s1 [the loads]; the mean path: S l with
	 * S = (W m + k) / W instructions a warp and l = d / (W m + k) a warp instruction (one
	 * group's latency over all the instructions); the longest warp's: K* W = 1 x d */
	double insts = (double)W * m + k, td = W * m * s2 + k * s1;
	double mean = lockstep_path(insts / W, d / insts, 0, 0, 0, 0);
	double crit = lockstep_path(insts / W, d / insts, m + k, 0, 1, d);
	double t_mean = lockstep_time(insts, 1e9, td, mean, 0, NULL), t_crit = lockstep_time(insts, 1e9, td, crit, 0, NULL);
	printf("  one loading warp of %d: simulation %.1f, [L3] with the mean path %.1f, with [L5] %.1f\n", W, sim, t_mean, t_crit);
	CHECK(t_mean < sim, "the mean warp's path understates a wave whose one warp loads");
	CHECK(t_crit >= sim - 1e-9, "[L5]'s path: an upper bound of the simulation");
	CHECK(t_crit - sim <= (W - 1) * m * s2 + 1e-9, "[L5] above by at most the others' work it overlaps");
}

int main(void)
{
	against_simulation();
	closed_forms();
	longest_warp();
	return check_summary("lockstep");
}
