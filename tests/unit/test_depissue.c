/*
 * test_depissue.c -- dependent issue (models/gpu.c DEPENDENT ISSUE, issue 20): the profile's
 * critical paths (src/profiling/shape_acc.c shape_warp_dep) on streams whose longest chain is
 * known by construction, the model's dep_cycles from them at a preset's unit latencies, and the
 * closed network it feeds (the SM's issue station + the dep delay) against a cycle-level
 * simulation of in-order warps on one SM's schedulers written here.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/check.h"
#include "gpu.h"
#include "profiling/shape_acc.h"
#include "queue.h"

/* One warp instruction: unit, is_mem, dst, up to two sources (-1: none). */
static void inst(shape_acc_t *a, shape_warp_t *w, enum shape_unit u, int mem, int dst, int s0, int s1)
{
	int src[2], ns = 0;
	if (s0 >= 0)
		src[ns++] = s0;
	if (s1 >= 0)
		src[ns++] = s1;
	shape_warp_dep(a, w, u, mem, &dst, dst >= 0, 1, src, ns);
}

static void test_profile(void)
{
	shape_acc_t a;
	shape_acc_init(&a);
	static shape_warp_t w;   /* 10 KiB: not on the stack */
	/* warp 1: a chain of 10 dependent IMADs R1 <- R1: cp int 10 of 10 */
	memset(&w, 0, sizeof w);
	for (int i = 0; i < 10; i++)
		inst(&a, &w, SU_INT, 0, 1, 1, -1);
	shape_warp_end(&a, &w);
	/* warp 2: LDG R2; 5 FFMA R3 <- R3, R2 (chain of 5 after the load); 3 independent IMAD R4 <-
	 * R5; MUFU R6 <- R3 (extends the FFMA chain: 5 fp32 + 1 sfu); 10 instructions, cp 6 */
	memset(&w, 0, sizeof w);
	inst(&a, &w, SU_LDST, 1, 2, 7, -1);
	for (int i = 0; i < 5; i++)
		inst(&a, &w, SU_FP32, 0, 3, 3, 2);
	for (int i = 0; i < 3; i++)
		inst(&a, &w, SU_INT, 0, 4, 5, -1);
	inst(&a, &w, SU_SFU, 0, 6, 3, -1);
	shape_warp_end(&a, &w);
	/* warp 3: two interleaved chains of 4 and 6 IMADs (R8, R9): cp int 6 of 10; then a load
	 * into R8 and 3 IMADs on R8: a new chain of 3, shorter */
	memset(&w, 0, sizeof w);
	for (int i = 0; i < 6; i++) {
		if (i < 4)
			inst(&a, &w, SU_INT, 0, 8, 8, -1);
		inst(&a, &w, SU_INT, 0, 9, 9, -1);
	}
	inst(&a, &w, SU_LDST, 1, 8, 9, -1);
	for (int i = 0; i < 3; i++)
		inst(&a, &w, SU_INT, 0, 8, 8, -1);
	shape_warp_end(&a, &w);
	profile_shape_t s;
	CHECK_INT(shape_acc_finish(&a, &s), 0, "finish");
	CHECK(s.has_dep, "dep known");
	CHECK_NEAR(s.dep_insts, 10 + 10 + 14, 0, "instructions of the three warps");
	CHECK_NEAR(s.dep_cp[SU_INT], 10 + 0 + 6, 0, "int on the chains: 10, 0, 6");
	CHECK_NEAR(s.dep_cp[SU_FP32], 5, 0, "warp 2's FFMA chain");
	CHECK_NEAR(s.dep_cp[SU_SFU], 1, 0, "warp 2's MUFU ends it");
	CHECK_NEAR(s.dep_cp[SU_LDST], 0, 0, "a load starts a chain afresh");
	/* the model's dep_cycles at QV100's latencies (trace.config: int 2, sp 2, sfu 20) + 5 */
	gpu_t g;
	gpu_defaults(&g);
	g.subcores = 4;
	g.issue_per_subcore = 1;
	g.lat_int = 2;
	g.lat_fp32 = 2;
	g.lat_sfu = 20;
	g.dep_pipe = 5;
	double want = (16 * 7.0 + 5 * 7.0 + 1 * 25.0) / 34.0 - 0.25;
	CHECK_REL(gpu_dep_cycles(&g, &s), want, 1e-12, "sum_u cp_u (lat_u + pipe) / n - issue");
	g.lat_sfu = 0;
	CHECK_NEAR(gpu_dep_cycles(&g, &s), -1, 0, "a unit on the chains without a latency: unknown");
	profile_shape_free(&s);
	shape_acc_free(&a);
}

/*
 * Cycle-level SM: `sched` schedulers, each with W warps; every warp runs n instructions, the
 * i-th depending on the (i - k)-th (k interleaved chains), a dependent issuing L cycles after
 * its producer (lat + pipe); a scheduler issues one ready instruction per cycle, searching from
 * the warp after the one it issued last (loose round-robin: every warp progresses, so the rate
 * is the steady state's, not a starved warp's tail).  Returns warp instructions per cycle of
 * the SM.
 */
static double sim_sm(int sched, int W, int n, int k, int L)
{
	double total = 0;
	long cycles = 0;
	for (int s = 0; s < sched; s++) {
		long *t = calloc((size_t)W * n, sizeof *t);   /* issue time of instruction i of warp w */
		int *next = calloc((size_t)W, sizeof *next);
		int done = 0, last = W - 1;
		long c = 0;
		while (done < W) {
			for (int j = 1; j <= W; j++) {
				int w = (last + j) % W;
				int i = next[w];
				if (i >= n)
					continue;
				if (i >= k && c < t[(long)w * n + i - k] + L)
					continue;
				t[(long)w * n + i] = c;
				if (++next[w] == n)
					done++;
				last = w;
				break;
			}
			c++;
		}
		if (c > cycles)
			cycles = c;
		total += (double)W * n;
		free(t);
		free(next);
	}
	return total / cycles;
}

static void test_network(void)
{
	/* k chains per warp of latency L: the profile's cp = n / k instructions of L cycles */
	const int n = 4000;
	int Ws[] = { 1, 2, 4, 8 }, ks[] = { 1, 2, 4 };
	double worst = 0;
	for (int iw = 0; iw < 4; iw++)
		for (int ik = 0; ik < 3; ik++) {
			int W = Ws[iw], k = ks[ik], L = 7;
			double issue = 0.25;                       /* 4 schedulers x 1 issue */
			double dep = (double)L / k - issue;        /* CP / n - s */
			if (dep < 0)
				dep = 0;
			queue_station_t st[2] = { { issue, 1, 1, 0 }, { dep, 1, 1, 1 } };
			queue_mva_t r;
			queue_mva_linearizer(st, dep > 0 ? 2 : 1, 4.0 * W, &r);
			double sim = sim_sm(4, W, n, k, L);
			double err = r.X / sim - 1;
			printf("dep issue: %d warps/scheduler, %d chains, L %d: model %.3f, simulated %.3f (%+.1f%%), "
			       "bound min(4, 4 W k / L) %.3f\n", W, k, L, r.X, sim, 100 * err, fmin(4, 4.0 * W * k / L));
			if (fabs(err) > worst)
				worst = fabs(err);
			/* the MVA's exponential issue service queues more than the deterministic
			 * schedulers near the knee (gpu.c, Assumptions: measured worst -11.8%); it never
			 * exceeds the simulated SM, and both reach min(4, 4 W k / L) at the ends */
			CHECK(r.X <= sim * 1.01, "the model does not exceed the simulated SM");
			CHECK(r.X >= 0.85 * sim, "within the MVA's queueing excess near the knee (15%, as test_gpu's fork-join)");
		}
	printf("dep issue: worst |model / simulation - 1| %.1f%%\n", 100 * worst);
	/* exact: one warp on the SM waiting on every instruction (CP / n = L / k >= s): its
	 * residence s + dep is CP / n, the simulated rate k / L */
	for (int k = 1; k <= 4; k *= 2) {
		double L = 7, issue = 0.25, dep = L / k - issue;
		queue_station_t st[2] = { { issue, 1, 1, 0 }, { dep, 1, 1, 1 } };
		queue_mva_t r;
		queue_mva_exact(st, 2, 1, &r);
		CHECK_REL(r.X, sim_sm(1, 1, n, k, 7), 1e-3, "one warp: exact (CP / n per instruction)");
	}
}

int main(void)
{
	test_profile();
	test_network();
	return check_summary("depissue");
}
