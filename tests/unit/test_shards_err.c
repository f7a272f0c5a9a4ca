/*
 * test_shards_err.c -- the stated sampling error of a SHARDS-sampled profile (the "sampling"
 * source of src/stats/uncert_src.h) against repeated sampling of the same trace under 40
 * hash salts (profiler_opts_t.sample_salt: another salt, another random set of sampled
 * blocks), with the exact profile as the truth.
 *
 * Derivation (src/stats/uncert_src.h): with SHARDS_adj the estimate is
 *   h^(C) = h(C) - (1 / (N R)) sum_b (X_b - R) miss_b(C),   X_b ~ Bernoulli(R) per block,
 * so var h^(C) = (1 - R) / (R N^2) sum_b miss_b(C)^2.  A profile has no per-block counts; with
 * the misses spread evenly over the B blocks (sum_b miss_b^2 = M^2 / B, M = (1 - h) N) it is
 * (1 - h)^2 (1 - R) / (B R): the stated sd = (1 - h) sqrt((1 - R) / (B R)), B R the sampled
 * blocks (the sampled profile's global footprint x R).  By Cauchy-Schwarz the even spread is
 * the smallest sum_b miss_b^2 for given M and B: the stated sd is a lower bound, close when no
 * few blocks carry many references, too small when they do.
 *
 * Measured: the sd of h(C) over the salts, and the share of (salt, C) whose exact h lies
 * within 1.645 stated sd of the sampled one (a central 90% interval), capacities 2^8 .. 2^16
 * blocks, 400k references.
 *  - The GPU-shaped mix of test_shards.c (streams, loops over 20k-60k blocks, random, Zipf),
 *    1 SM, R = 0.05: the stated sd must be at least 0.8 of the measured one at every capacity
 *    and the 90% intervals must contain the exact value in at least 85% of the cases
 *    (measured: stated/measured 1.17-1.30, 185 of 200).
 *  - The known limitation, pinned: tracegen's standard mix (half of the references on loops
 *    over 24 and 300 blocks, of which R = 0.1 samples ~2 and ~30), 4 SMs: the stated sd is
 *    3-10 times too small (measured 0.16-0.18 of the spread over salts; 72 of 200 inside).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_statistics_double.h>

#include "profiling/profiler.h"
#include "reuse.h"
#include "stats/uncert_src.h"
#include "support/check.h"
#include "support/tracegen.h"

#define NREF 400000
#define SALTS 40
#define NCAP 5
#define RATE 0.05

static int build(const tg_ref_t *t, size_t n, int n_sm, double rate, uint64_t salt, profile_t *p)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = n_sm;
	o.n_groups = 0;
	o.sample_rate = rate;
	o.sample_salt = salt;
	profiler_t *pb = profiler_alloc(&o);
	if (!pb)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (profiler_access(pb, t[i].sm, t[i].is_write, t[i].block * 128, 0))
			break;
	int rc = profiler_finish(pb, p);
	profiler_free(pb);
	return rc;
}

/* One trace, sampled under SALTS salts at `rate`; the stream `sname` compared with the exact one. */
static void run_case(const tg_mix_t *mix, int n_sm, double rate, uint64_t seed, const char *sname, const char *what,
	int concentrated)
{
	tg_ref_t *t = malloc(NREF * sizeof *t);
	if (!t || tg_mix(mix, seed, t, NREF)) {
		CHECK(0, "trace generation");
		free(t);
		return;
	}
	profile_t ex;
	if (build(t, NREF, n_sm, 0, 0, &ex)) {
		CHECK(0, "exact profile");
		free(t);
		return;
	}
	const double cap[NCAP] = { 256, 1024, 4096, 16384, 65536 };
	double h_ex[NCAP], h[SALTS][NCAP], sd_stated[SALTS][NCAP];
	for (int k = 0; k < NCAP; k++)
		h_ex[k] = reuse_hit_full_lru(&profile_stream(&ex, sname)->sd, cap[k]);
	int inside = 0, cases = 0, distinct = 0;
	for (int s = 0; s < SALTS; s++) {
		profile_t sa;
		if (build(t, NREF, n_sm, rate, 0x9e3779b97f4a7c15ULL * (uint64_t)(s + 1), &sa)) {
			CHECK(0, "sampled profile");
			break;
		}
		const profile_stream_t *st = profile_stream(&sa, sname);
		for (int k = 0; k < NCAP; k++) {
			h[s][k] = reuse_hit_full_lru(&st->sd, cap[k]);
			sd_stated[s][k] = usrc_shards_sd(h[s][k], rate, profile_stream(&sa, "global")->footprint);
			inside += fabs(h[s][k] - h_ex[k]) <= 1.6448536269514722 * sd_stated[s][k];
			cases++;
		}
		distinct += s > 0 && h[s][2] != h[0][2];
		profile_free(&sa);
	}
	CHECK(distinct >= SALTS - 2, "different salts sample different blocks (the estimates differ)");
	printf("  %s: R = %g, %d salts, %s stream (%.0f blocks, %.0f sampled)\n", what, rate, SALTS, sname,
		profile_stream(&ex, "global")->footprint, profile_stream(&ex, "global")->footprint * rate);
	printf("  %8s %8s %10s %10s %10s %8s\n", "blocks", "h exact", "mean h", "sd salts", "sd stated", "ratio");
	for (int k = 0; k < NCAP; k++) {
		double col[SALTS], st[SALTS];
		for (int s = 0; s < SALTS; s++) {
			col[s] = h[s][k];
			st[s] = sd_stated[s][k];
		}
		double emp = gsl_stats_sd(col, 1, SALTS), stated = gsl_stats_mean(st, 1, SALTS);
		printf("  %8.0f %8.4f %10.4f %10.5f %10.5f %8.2f\n", cap[k], h_ex[k], gsl_stats_mean(col, 1, SALTS), emp, stated,
			emp > 0 ? stated / emp : 0);
		char src[200];
		if (concentrated) {
			/* the known limitation, pinned: a few sampled blocks carry most references */
			snprintf(src, sizeof src, "%s, %.0f blocks: stated sd %.5f understates the sd over %d salts %.5f by a factor"
				" in [3, 10] (known limitation)", what, cap[k], stated, SALTS, emp);
			CHECK(stated >= emp / 10 && stated <= emp / 3, src);
			continue;
		}
		snprintf(src, sizeof src, "%s, %.0f blocks: stated sd %.5f >= 0.8 x the sd over %d salts %.5f", what, cap[k], stated,
			SALTS, emp);
		CHECK(stated >= 0.8 * emp, src);
	}
	char src[200];
	snprintf(src, sizeof src, "%s: 90%% intervals contain the exact hit ratio in %d of %d cases (%s)", what, inside, cases,
		concentrated ? "reported, not asserted: the known limitation" : ">= 85%");
	printf("  %s\n", src);
	if (!concentrated)
		CHECK(inside >= 0.85 * cases, src);
	profile_free(&ex);
	free(t);
}

int main(void)
{
	tg_mix_t mix;
	memset(&mix, 0, sizeof mix);
	tg_comp_t c[] = {
		{ TG_STRIDE, 0.25, 400000, 1, 0, 0.3 },
		{ TG_LOOP, 0.25, 20000, 1, 0, 0.1 },
		{ TG_LOOP, 0.15, 60000, 1, 0, 0.0 },
		{ TG_RANDOM, 0.15, 200000, 1, 0, 0.1 },
		{ TG_ZIPF, 0.20, 1000000, 1, 0.6, 0.05 },
	};
	mix.ncomp = (int)(sizeof c / sizeof c[0]);
	memcpy(mix.comp, c, sizeof c);
	mix.n_sm = 1;
	mix.burst = 4;
	run_case(&mix, 1, 0.05, 21, "l1", "GPU-shaped mix, 1 SM", 0);
	tg_mix_standard(&mix, 4, 0.3);
	run_case(&mix, 4, 0.1, 22, "global", "tracegen standard mix, 4 SMs, 30% shared", 1);
	return check_summary("test_shards_err");
}
