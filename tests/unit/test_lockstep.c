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
 *  5. [L6]: one LLC slice's input queue in one lock-step interval, simulated as GPGPU-Sim runs
 *     it (l2cache.cc memory_sub_partition::cache_cycle, gpu-cache.cc mshr_table): every request
 *     of the interval arrives at once in a random order; the head is served one a cycle; a
 *     cold sector's first request allocates an MSHR entry and its fill returns T later, later
 *     ones merge while the entry holds fewer than M; one more stays at the head and blocks the
 *     queue until the fill returns (then it hits).  The interval ends with its last request.
 *     The extension over the same interval without a merge limit, against [L6]'s P_L T.
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

/* [L6]'s simulation: one slice, one burst of n_sh shared cold sectors read by d SMs each, n_pr
 * private cold sectors (one reader), n_hit hits; merge limit M (0: none), fill time T. */
typedef struct burst {
	int n_sh, d, n_pr, n_hit, M;
	double T;
	int reader_major;          /* 1: the readers' requests in reader order (all first requests first) */
} burst_t;

#define BURST_MAX 256

static unsigned long long rng_state = 88172645463325252ULL;
static unsigned long long xorshift(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static double burst_once(const burst_t *b, int merge_limit)
{
	int req[BURST_MAX], n = 0;                 /* the sector each request reads; -1 a hit */
	int nsec = b->n_sh + b->n_pr;
	if (b->reader_major)
		for (int r = 0; r < b->d; r++)
			for (int s = 0; s < b->n_sh; s++)
				req[n++] = s;
	else
		for (int s = 0; s < b->n_sh; s++)
			for (int r = 0; r < b->d; r++)
				req[n++] = s;
	for (int s = b->n_sh; s < nsec; s++)
		req[n++] = s;
	for (int h = 0; h < b->n_hit; h++)
		req[n++] = -1;
	int first = b->reader_major ? b->n_sh * b->d : 0;   /* shuffle all, or only what follows */
	for (int i = n - 1; i > first; i--) {
		int j = first + (int)(xorshift() % (unsigned long long)(i - first + 1));
		int t = req[i]; req[i] = req[j]; req[j] = t;
	}
	double fill_at[BURST_MAX];
	int cnt[BURST_MAX];
	for (int s = 0; s < nsec; s++) { fill_at[s] = -1; cnt[s] = 0; }
	double t = 0.0, end = 0.0;
	for (int i = 0; i < n; ) {
		int s = req[i];
		double done;
		if (s < 0 || (fill_at[s] >= 0 && t >= fill_at[s])) {
			done = t + 1.0;                                    /* a hit */
		} else if (fill_at[s] < 0) {
			fill_at[s] = t + b->T;                             /* the miss: an MSHR entry */
			cnt[s] = 1;
			done = fill_at[s];
		} else if (merge_limit <= 0 || cnt[s] < merge_limit) {
			cnt[s]++;                                          /* merged */
			done = fill_at[s];
		} else {
			t = fill_at[s];                                    /* held at the head until the fill */
			continue;
		}
		if (done > end)
			end = done;
		i++;
		t += 1.0;
	}
	return end;
}

/* the mean extension of the interval by the merge limit, over many orders */
static double burst_extension(const burst_t *b)
{
	double sum = 0.0;
	const int runs = 4000;
	for (int r = 0; r < runs; r++) {
		unsigned long long keep = rng_state;
		double with = burst_once(b, b->M);
		rng_state = keep;                                      /* the same order without the limit */
		double without = burst_once(b, 0);
		sum += with - without;
	}
	return sum / runs;
}

static double burst_model(const burst_t *b, double *p)
{
	double fills = b->n_sh + b->n_pr;
	double h = b->d > b->M ? b->n_sh / fills : 0.0;            /* h_L: P(n >= M), n = d - 1 */
	return lockstep_held(1.0, fills, h, b->T, p);
}

static void held_fills(void)
{
	double p;
	/* closed forms */
	CHECK_NEAR(lockstep_held(10, 4, 0.25, 100, &p), 10 * (1 - pow(0.75, 4)) * 100, 1e-9, "[L6] K_L (1 - (1 - h_L)^F) T_f");
	CHECK_NEAR(p, 1 - pow(0.75, 4), 1e-12, "[L6] P_L reported");
	CHECK_NEAR(lockstep_held(10, 4, 0.0, 100, &p), 0.0, 0, "[L6] no held fill, no time");
	CHECK_NEAR(p, 0.0, 0, "[L6] P_L 0 without held fills");
	CHECK_NEAR(lockstep_held(10, 2.5, 1.0, 100, &p), 1000, 1e-9, "[L6] every fill held: P_L = 1");
	CHECK_NEAR(lockstep_held(0, 4, 0.25, 100, NULL), 0.0, 0, "[L6] no interval, no time");
	CHECK_NEAR(lockstep_held(3, 1e-12, 0.5, 100, &p), 3 * 100 * -expm1(1e-12 * log1p(-0.5)), 1e-20,
	           "[L6] small F: no cancellation (expm1, log1p)");

	/* against the simulated slice */
	burst_t gemm = { 4, 6, 4, 8, 4, 130.0, 0 };   /* p-gemm's burst: a B line's 4 sectors read by 6 SMs, other misses and hits */
	double sim = burst_extension(&gemm), mod = burst_model(&gemm, &p);
	printf("[L6] p-gemm-like burst (4 sectors x 6 readers, M 4, 4 other misses, 8 hits, T 130): simulated %.1f, model %.1f (P_L %.3f)\n",
	       sim, mod, p);
	CHECK(sim <= mod + 1e-9, "[L6] an upper bound of the simulated slice");
	CHECK(sim >= 0.5 * mod, "[L6] the simulated slice loses at least half of it when other misses arrive with the burst");
	burst_t onlyhits = { 4, 6, 0, 8, 4, 130.0, 1 };   /* every first request ahead of the holds: only sharers and hits behind */
	sim = burst_extension(&onlyhits);
	mod = burst_model(&onlyhits, NULL);
	printf("[L6] burst whose misses all precede the holds: simulated %.1f, model %.1f (the upper bound's case)\n", sim, mod);
	CHECK(sim <= onlyhits.n_sh * (onlyhits.d - onlyhits.M) + onlyhits.n_hit + 1e-9,
	      "[L6] nothing but sharers and hits behind a hold: the slice loses at most their services after the fill");
	burst_t under = { 4, 4, 4, 8, 4, 130.0, 0 };   /* d = M: every reader merges */
	CHECK_NEAR(burst_extension(&under), 0.0, 1e-9, "simulation: d <= M, no hold");
	CHECK_NEAR(burst_model(&under, NULL), 0.0, 0, "[L6]: d <= M, no hold");
}

int main(void)
{
	against_simulation();
	closed_forms();
	longest_warp();
	held_fills();
	return check_summary("lockstep");
}
