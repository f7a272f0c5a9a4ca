/*
 * test_shards.c -- SHARDS sampling (src/profiling/shards.c, profiler_opts_t.sample_rate) against exact
 * profiling of the same generated traces (tests/support/tracegen.h, seeded).
 *
 * The bar (issue 8): mean absolute error of the miss-ratio curve of fully-associative LRU,
 * over log-spaced capacities, <= 0.01 at rate 0.01.  Waldspurger et al. (FAST 2015, §5)
 * report mean absolute errors around 0.002-0.006 at R = 0.01 with SHARDS_adj on real block
 * traces.  Capacities: 40 log-spaced points from 16 blocks to
 * 2^18 blocks (32 MiB of LLC); below ~1/R blocks a sampled curve has no resolution.
 *
 * Where the bar holds and where it does not (measured, docs/trace-formats.md): on a
 * GPU-shaped mix (streams, tiles of 20k-60k blocks, random and mildly skewed data over
 * 10^5-10^6 blocks) the MAE at R = 0.01 is ~0.003.  On tracegen's standard mix, half of the
 * references go to loops over 24 and 300 blocks, of which R = 0.01 samples ~0 and ~3 blocks:
 * the MAE is ~0.04-0.065 there, and ~0.02 at R = 0.1.  Both are checked below, the second as
 * a known limitation with its measured bound.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/check.h"
#include "profiling/generators/gen.h"
#include "presets/gpu_json.h"
#include "profiling/profiler.h"
#include "reuse.h"
#include "profiling/shards.h"
#include "support/tracegen.h"

#define NREF 1200000

static int build(const tg_ref_t *t, size_t n, int n_sm, double rate, profile_t *p)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = n_sm;
	o.n_groups = 0;
	o.sample_rate = rate;
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

/* Mean |miss_exact(C) - miss_sampled(C)| over 40 capacities 2^4 .. 2^18 blocks (log-spaced). */
static double mrc_mae(const reuse_hist_t *exact, const reuse_hist_t *sampled, double *worst)
{
	double sum = 0;
	*worst = 0;
	int n = 40;
	for (int i = 0; i < n; i++) {
		double c = pow(2.0, 4 + 14.0 * i / (n - 1));
		double e = fabs(reuse_hit_full_lru(exact, c) - reuse_hit_full_lru(sampled, c));
		sum += e;
		if (e > *worst)
			*worst = e;
	}
	return sum / n;
}

static void test_keep_rate(void)
{
	shards_t s;
	shards_init(&s, 0.01);
	long kept = 0, n = 1000000;
	for (long b = 0; b < n; b++)
		kept += shards_keep(&s, (uint64_t)b);
	/* binomial(1e6, 0.01): sd = 99.5; 5 sd = 500 */
	CHECK_NEAR((double)kept, 0.01 * n, 500, "binomial mean N R, 5 standard deviations");
	shards_init(&s, 1.0);
	CHECK(s.rate == 1 && shards_keep(&s, 12345), "rate 1 keeps everything");
	shards_init(&s, 0);
	CHECK(s.rate == 1, "rate 0 means exact");
}

static void test_scale_hist(void)
{
	double lo[2] = { 0, 5 }, hi[2] = { 1, 6 }, cnt[2] = { 3, 4 };
	reuse_hist_t h = { 2, lo, hi, cnt, 2, 9 };
	shards_scale_hist(&h, 0.5, 1.0);
	CHECK_NEAR(h.lo[1], 10, 0, "d / R");
	CHECK_NEAR(h.hi[0], 2, 0, "bin edges scale");
	CHECK_NEAR(h.count[0], 7, 0, "3 / 0.5 + adj 1 (SHARDS_adj on the first bucket)");
	CHECK_NEAR(h.count[1], 8, 0, "4 / 0.5");
	CHECK_NEAR(h.cold, 4, 0, "2 / 0.5");
	CHECK_NEAR(h.total, 19, 1e-12, "total recomputed");
}

/* The load-side regression adjustment (shards.h REGRESSION ADJUSTMENT) against closed forms. */
static void test_regress(void)
{
	/* shards_take_excess: the excess comes out of the shortest distances, then cold */
	double lo[3] = { 0, 10, 20 }, hi[3] = { 10, 20, 30 }, cnt[3] = { 5, 3, 2 };
	reuse_hist_t h = { 3, lo, hi, cnt, 4, 14 };
	shards_take_excess(&h, 10);
	CHECK(cnt[0] == 1 && cnt[1] == 3 && cnt[2] == 2 && h.cold == 4 && h.total == 10,
		"excess 4 taken from the first bin: hits below C = max(0, H(C) - 4) (the signed SHARDS_adj)");
	shards_take_excess(&h, 5);
	CHECK(cnt[0] == 0 && cnt[1] == 0 && cnt[2] == 1 && h.cold == 4 && h.total == 5, "then the next bins in order");
	shards_take_excess(&h, 7);
	CHECK(h.total == 5, "a total below the target is left alone");

	/* regression coefficients: counts proportional to the groups' totals give b = the shares
	 * exactly [Cochran §7.1], and the adjusted histogram is the ratio estimate N y^ / T^ */
	enum { K = 4 };
	double T[K] = { 10, 12, 8, 14 }, share[3] = { 0.2, 0.5, 0.3 };   /* cold, bin 0, bin 1 */
	double rows[K * 3], b[3];
	for (int g = 0; g < K; g++)
		for (int i = 0; i < 3; i++)
			rows[g * 3 + i] = share[i] * T[g];
	shards_reg_coef(rows, K, 2, T, b);
	CHECK_NEAR(b[0], 0.2, 1e-12, "b of a count = its share when the count is proportional to T");
	CHECK_NEAR(b[1] + b[2] + b[0], 1, 1e-12, "the coefficients of a histogram sum to 1");

	/* on a profile: R = 0.5, T^ = 44 / 0.5 = 88, N = 100 (mem_insts = insts: no instruction
	 * counts, profiler.c); each count y^ + b (N - T^) = share x 100 */
	double plo[2] = { 0, 10 }, phi[2] = { 10, 20 }, pc[2] = { 56, 26.4 };   /* as SHARDS_adj stored it */
	profile_stream_t st;
	memset(&st, 0, sizeof st);
	snprintf(st.name, sizeof st.name, "l1");
	st.sd = (reuse_hist_t){ 2, plo, phi, pc, 17.6, 100 };
	profile_rgroups_t rg;
	memset(&rg, 0, sizeof rg);
	rg.k = K;
	rg.sd = rows;
	st.rg = &rg;
	profile_t p;
	memset(&p, 0, sizeof p);
	p.n_streams = 1;
	p.streams = &st;
	p.insts = p.mem_insts = 100;
	snprintf(p.source, sizeof p.source, "test --sample 0.5");
	CHECK_NEAR(shards_source_rate(&p), 0.5, 0, "the rate from the provenance");
	CHECK_INT(shards_regress_adj(&p, 0.5), 1, "N known exactly (mem_insts = insts)");
	CHECK_NEAR(st.sd.cold, 20, 1e-9, "cold: 17.6 + 0.2 x 12");
	CHECK_NEAR(pc[0], 50, 1e-9, "first bin: 44 + 0.5 x 12 (SHARDS_adj gave it the whole 12: 56)");
	CHECK_NEAR(pc[1], 30, 1e-9, "second bin: 26.4 + 0.3 x 12");
	CHECK_NEAR(st.sd.total, 100, 1e-9, "the histogram describes the N offered accesses");
	CHECK_NEAR(st.accesses, 100, 1e-9, "accesses = N");

	/* a count the regression takes below 0 is clamped, and what that adds above N comes out of
	 * the shortest distances: groups where bin 0 falls as T rises (b < 0), N far below T^ */
	double rows2[K * 3];
	for (int g = 0; g < K; g++) {
		rows2[g * 3 + 1] = 4 - 0.25 * (T[g] - 11);         /* bin 0: b = -0.25 */
		rows2[g * 3 + 2] = 1;                              /* bin 1: b = 0 */
		rows2[g * 3 + 0] = T[g] - rows2[g * 3 + 1] - 1;    /* cold: b = 1.25 */
	}
	rg.sd = rows2;
	pc[0] = 0;                                             /* SHARDS_adj: 32 - 58 clamped at 0 */
	pc[1] = 8;
	st.sd = (reuse_hist_t){ 2, plo, phi, pc, 48, 56 };
	p.insts = p.mem_insts = 30;                            /* T^ = 88: N - T^ = -58 */
	shards_regress_adj(&p, 0.5);
	/* cold 24 / 0.5 - 1.25 x 58 = -24.5 -> 0; bin 0: 16 / 0.5 + 0.25 x 58 = 46.5; bin 1: 8:
	 * total 54.5, excess 24.5 off bin 0 (46.5 -> 22) */
	CHECK(st.sd.cold == 0 && fabs(pc[0] - 22) < 1e-9 && fabs(pc[1] - 8) < 1e-9 && fabs(st.sd.total - 30) < 1e-9,
		"clamped at 0, the excess above N taken from the first bin: 0 / 22 / 8, total N = 30");
}

/* Streams, large tiles, random and mildly skewed data: the working sets of GPU kernels. */
static void mix_gpu(tg_mix_t *mix, int n_sm, double share)
{
	memset(mix, 0, sizeof *mix);
	tg_comp_t c[] = {
		{ TG_STRIDE, 0.25, 400000, 1, 0, 0.3 },
		{ TG_LOOP, 0.25, 20000, 1, 0, 0.1 },
		{ TG_LOOP, 0.15, 60000, 1, 0, 0.0 },
		{ TG_RANDOM, 0.15, 200000, 1, 0, 0.1 },
		{ TG_ZIPF, 0.20, 1000000, 1, 0.6, 0.05 },
	};
	mix->ncomp = (int)(sizeof c / sizeof c[0]);
	memcpy(mix->comp, c, sizeof c);
	mix->n_sm = n_sm;
	mix->burst = 4;
	mix->share = share;
}

static void test_mrc(int standard, double rate, double bar, int n_sm, double share, uint64_t seed, const char *what)
{
	tg_mix_t mix;
	if (standard)
		tg_mix_standard(&mix, n_sm, share);
	else
		mix_gpu(&mix, n_sm, share);
	tg_ref_t *t = malloc(NREF * sizeof *t);
	if (!t || tg_mix(&mix, seed, t, NREF)) {
		CHECK(0, "trace generation");
		free(t);
		return;
	}
	profile_t ex, sa, s1;
	if (build(t, NREF, n_sm, 0, &ex) || build(t, NREF, n_sm, rate, &sa) || build(t, NREF, n_sm, 1.0, &s1)) {
		CHECK(0, "profiles");
		free(t);
		return;
	}
	static const char *const streams[] = { "l1", "global" };
	for (int k = 0; k < 2; k++) {
		const profile_stream_t *e = profile_stream(&ex, streams[k]), *s = profile_stream(&sa, streams[k]);
		const profile_stream_t *one = profile_stream(&s1, streams[k]);
		if (!e || !s || !one)
			continue;
		double worst, mae = mrc_mae(&e->sd, &s->sd, &worst);
		char src[200];
		snprintf(src, sizeof src, "MRC MAE <= %g at R = %g (%s, %s stream; worst point %.4f)", bar, rate, what,
			 streams[k], worst);
		CHECK_NEAR(mae, 0, bar, src);
		printf("  %-34s R=%-5g %-6s MAE %.4f  worst %.4f\n", what, rate, streams[k], mae, worst);
		/* SHARDS_adj makes the scaled histogram sum to the offered accesses, unless a surplus
		 * of sampled references exceeded the first bucket (clamped at 0) */
		CHECK(s->sd.total >= NREF * (1 - 1e-9) && s->sd.total <= NREF * 1.1,
		      "SHARDS_adj: the scaled histogram describes every access (up to the clamp)");
		if (!standard)
			CHECK_REL(s->footprint, e->footprint, 0.05, "footprint estimate (cold / R) within 5%");
		double w2;
		CHECK_NEAR(mrc_mae(&e->sd, &one->sd, &w2), 0, 0, "rate 1 is exact");
	}
	profile_free(&ex);
	profile_free(&sa);
	profile_free(&s1);
	free(t);
}

/* ---- generated kernels (src/profiling/generators), exact and sampled side by side in one generation ---- */

typedef struct pair_sink { profiler_t *ex, *sa; int bad; } pair_sink_t;

static void pair_access(void *ctx, int sm, int write, uint64_t addr, uint32_t pc)
{
	pair_sink_t *p = ctx;
	if (profiler_access(p->ex, sm, write, addr, pc) || profiler_access(p->sa, sm, write, addr, pc))
		p->bad = 1;
}

/* MAE over 40 capacities from 128 blocks (a 16 KiB L1: the smallest cache gpudse models). */
static double mrc_mae_l1up(const reuse_hist_t *exact, const reuse_hist_t *sampled)
{
	double sum = 0;
	for (int i = 0; i < 40; i++) {
		double c = pow(2.0, 7 + 11.0 * i / 39);
		sum += fabs(reuse_hit_full_lru(exact, c) - reuse_hit_full_lru(sampled, c));
	}
	return sum / 40;
}

/*
 * A kernel of the library at `size` (the sizes shipped before issue 18 raised r-kmeans and
 * r-bfs to the papers' inputs: the sampled-block ranges below are for these) on the rtx3080
 * preset (68 SMs), profiled exactly
 * and at `rate`; every stream's error must be <= bar.  The bar depends on the distinct blocks
 * sampled (footprint x rate, docs/trace-formats.md): with >= 10^4 the issue's 0.01 holds; with
 * a few hundred it does not, and the measured error is pinned as the known limitation.
 */
static void test_kernel(const char *name, long size, double rate, double bar, double min_blocks, double max_blocks)
{
	gpu_t gpu;
	const gen_kernel_t *k = gen_find(name);
	if (!k || gpu_load("rtx3080", &gpu) != 0) {
		CHECK(0, "kernel and preset");
		return;
	}
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.block_bytes = 128;
	o.n_sm = gpu.n_sm;
	pair_sink_t ps = { profiler_alloc(&o), NULL, 0 };
	o.sample_rate = rate;
	ps.sa = profiler_alloc(&o);
	gen_opts_t go = { .n_sm = gpu.n_sm, .warps_per_sm = gpu.warps_per_sm, .ctas_per_sm = 16, .seed = 1 };
	gen_sink_t sink = { .ctx = &ps, .access = pair_access };
	gen_t g;
	profile_t ex, sa;
	int ok = ps.ex && ps.sa && gen_init(&g, &go, &sink) == 0;
	if (ok) {
		ok = k->run(&g, size) == 0 && !ps.bad;
		gen_free(&g);
	}
	ok = ok && profiler_finish(ps.ex, &ex) == 0;
	ok = ok && profiler_finish(ps.sa, &sa) == 0;
	profiler_free(ps.ex);
	profiler_free(ps.sa);
	if (!ok) {
		CHECK(0, "generate and profile the kernel");
		return;
	}
	const profile_stream_t *glob = profile_stream(&ex, "global");
	double blocks = glob ? glob->footprint * rate : 0;
	char src[200];
	snprintf(src, sizeof src, "%s: distinct blocks sampled at R = %g in [%g, %g]", name, rate, min_blocks, max_blocks);
	CHECK(blocks >= min_blocks && blocks <= max_blocks, src);
	double worst = 0;
	const char *wname = "";
	for (size_t i = 0; i < ex.n_streams; i++) {
		const profile_stream_t *e = &ex.streams[i], *s = profile_stream(&sa, e->name);
		if (!s)
			continue;
		double m = mrc_mae_l1up(&e->sd, &s->sd);
		if (m > worst) {
			worst = m;
			wname = e->name;
		}
	}
	snprintf(src, sizeof src, "%s at R = %g (%.0f blocks sampled): every stream's MRC MAE <= %g (worst %s %.4f)",
		 name, rate, blocks, bar, wname, worst);
	CHECK_NEAR(worst, 0, bar, src);
	printf("  kernel %-12s R=%-5g %6.0f blocks sampled  worst MAE %.4f (%s)\n", name, rate, blocks, worst, wname);
	profile_free(&ex);
	profile_free(&sa);
}

int main(void)
{
	test_keep_rate();
	test_scale_hist();
	test_regress();
	/* the issue 8 bar */
	test_mrc(0, 0.01, 0.01, 1, 0, 11, "GPU-shaped mix, 1 SM");
	test_mrc(0, 0.01, 0.01, 4, 0.3, 12, "GPU-shaped mix, 4 SMs, 30% shared");
	/* the known limitation: hot sets far below 1/R blocks (measured 0.020 at R = 0.1) */
	test_mrc(1, 0.1, 0.03, 1, 0, 13, "standard mix (tiny hot loops), 1 SM");
	/* generated kernels: >= 10^4 sampled blocks meet the bar (measured 0.005 and 0.006)... */
	test_kernel("r-kmeans", 131072, 0.1, 0.01, 1e4, 2e4);
	test_kernel("pb-spmv", 131072, 0.1, 0.01, 1e4, 2e4);
	/* ...a few hundred do not (measured 0.049): why in docs/trace-formats.md */
	test_kernel("r-bfs", 16, 0.01, 0.06, 200, 600);
	return check_summary("shards");
}
