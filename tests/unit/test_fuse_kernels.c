/*
 * test_fuse_kernels.c -- FUSE on the PolyBench matrix-vector kernels' own streams (issue 21,
 * the §V ordering on p-atax, p-bicg, p-mvt): a development suite, not held out.
 *
 * The streams are the workload library's (src/profiling/generators/polybench.c, as `gpudse trace`
 * makes them) at size 1024 on 3 SMs of fuse-15's limits (48 warps, 16 CTAs): 4 CTAs of 8 warps,
 * so SM 0 holds two (CTA c -> SM c mod 3) and SMs 1 and 2 one.  The GPU is the shipped profiles'
 * (4096 on fuse-15: 16 CTAs on 15 SMs, SM 0 two, the others one) with rows of 32 lines instead
 * of 128: 15 SMs, SM 0 running the two-CTA stream, SMs 1..14 the one-CTA streams of SMs 1 and
 * 2 in turn, interleaved access by access into the profiler as `gpudse trace --profile` does.
 * One CTA's row-walk kernel (mode ROW) keeps 256 rows of A live (a line per thread, read 32
 * times), each warp's output line (read and written every iteration: WM, 8 lines per CTA) and
 * the broadcast vector line (WORM); the column kernel reads each line of A once.
 *
 * Organisation: fuse-15's 32 KiB L1 split at 1/2 (fuse.h): 16 KiB 2-way SRAM (128 blocks) +
 * 62.2 KiB STT-MRAM (498 blocks), FA FIFO (FA-FUSE) or with the read-level predictor
 * (Dy-FUSE, q = 0.95 and the oracle).  The reference: tests/reference/hybridsim.c run on every
 * SM's stream, its counts summed over the 15 SMs (the L1 hit ratio per access of the GPU), mean
 * over 2 hash functions.  The model sees only the 15-SM profile src/profiling/profiler.c builds
 * from the same streams (its fuse_sample, src/profiling/minisample.h: SM 1 at rate 1/2).
 *
 * What it pins (the mechanism behind docs/fuse-ordering.md's p-atax, p-bicg, p-mvt reading):
 *   - on a one-CTA SM, Dy-FUSE's hit ratio equals FA-FUSE's (its 256 WORM rows fit the 498-block
 *     FIFO bank, the WM output lines stay in SRAM) with less than half the STT writes;
 *   - on the two-CTA SM, the oracle's 512 WORM rows overflow the FIFO bank and thrash it (a
 *     cyclic loop over more blocks than a FIFO holds misses every time), while at q = 0.95 the
 *     mispredicted 5% go to SRAM and the remaining ~486 fit: Dy-FUSE q = .95 stays within 0.05
 *     of FA-FUSE (all three exact, hybridsim);
 *   - the rules at R = 1 (rules_at_full_rate): a one-SM profile of 2^18 accesses of the one-CTA
 *     stream, every bank and the STT writes within issue 21's bar (0.03, 10%) for FA-FUSE and
 *     Dy-FUSE q = .95 and oracle;
 *   - the model from the 15-SM profile, FA-FUSE and Dy-FUSE q = .95: total hit ratio within 0.03
 *     of the summed simulation, and Dy-FUSE minus FA-FUSE within 0.02 of the simulation's (the
 *     ordering question).  The split between the banks and the STT writes are printed, not held
 *     to the bar here (errors up to 0.033 and 17%): the sample keeps about half of the one SM's
 *     8 WM output lines (a tenth of its accesses), so the SRAM share moves by a few hundredths
 *     with the blocks drawn, and SM 0's extra STT writes are in the sample only when SM 0 is.
 *     Dy-FUSE with the oracle is printed only: SM 0's thrash (an eighth of the accesses) is in no
 *     sampled SM, so the model gives the one-CTA SMs' hit ratio (the sample's limit: its SMs
 *     stand for the others, minisample.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/check.h"
#include "fuse.h"
#include "profile.h"
#include "profiling/profiler.h"
#include "profiling/generators/gen.h"
#include "reference/hybridsim.h"

#define NSM 3        /* SMs generated */
#define GPU_SM 15    /* SMs of the profiled GPU */
#define SIZE 1024
#define SEEDS 2

typedef struct streams {
	hs_ref_t *r[NSM];
	size_t n[NSM], cap[NSM];
	int oom;
} streams_t;

static void on_access(void *ctx, int sm, int write, uint64_t addr, uint32_t pc)
{
	streams_t *s = ctx;
	if (sm < 0 || sm >= NSM || s->oom)
		return;
	if (s->n[sm] == s->cap[sm]) {
		size_t c = s->cap[sm] ? 2 * s->cap[sm] : 1 << 16;
		hs_ref_t *q = realloc(s->r[sm], c * sizeof *q);
		if (!q) {
			s->oom = 1;
			return;
		}
		s->r[sm] = q, s->cap[sm] = c;
	}
	s->r[sm][s->n[sm]].block = addr / 128;
	s->r[sm][s->n[sm]++].is_write = write;
}

/* The generated SM whose stream GPU SM g runs (header). */
static int gen_sm(int g)
{
	return g == 0 ? 0 : 1 + (g - 1) % 2;
}

/* The kernel's streams and the 15-SM GPU's profile (header).  0 or -1. */
static int make(const char *kernel, streams_t *s, profile_t *p)
{
	memset(s, 0, sizeof *s);
	const gen_kernel_t *k = gen_find(kernel);
	gen_opts_t go = { .n_sm = NSM, .warps_per_sm = 48, .ctas_per_sm = 16, .seed = 1 };
	gen_sink_t sk = { .ctx = s, .access = on_access };
	gen_t g;
	if (!k || gen_init(&g, &go, &sk) < 0)
		return -1;
	int rc = k->run(&g, SIZE);
	gen_free(&g);
	if (rc < 0 || s->oom)
		return -1;
	profiler_opts_t po;
	profiler_opts_default(&po);
	po.block_bytes = 128;
	po.n_sm = GPU_SM;
	po.n_groups = 0;
	po.global = 0;
	po.name = kernel;
	profiler_t *pb = profiler_alloc(&po);
	if (!pb)
		return -1;
	for (size_t i = 0; i < s->n[0]; i++)
		for (int sm = 0; sm < GPU_SM; sm++) {
			int j = gen_sm(sm);
			if (i < s->n[j])
				profiler_access(pb, sm, s->r[j][i].is_write, s->r[j][i].block * 128, 0);
		}
	for (int sm = 0; sm < GPU_SM; sm++) {
		double n = (double)s->n[gen_sm(sm)];
		profiler_insts(pb, sm, 10.0 * n, n, 4.0 * n);
	}
	rc = profiler_finish(pb, p);
	profiler_free(pb);
	return rc;
}

enum { FA = 0, DY95, DYOR, NCONF };
static const char *const conf_name[NCONF] = { "FA-FUSE", "Dy-FUSE q=.95", "Dy-FUSE oracle" };

typedef struct rates { double h_sram, h_stt, writes, acc; } rates_t;

/* hybridsim on generated SM sm's stream, or (sm < 0) on the 15 SMs summed (header); mean over
 * SEEDS hash functions */
static rates_t simulate(const streams_t *s, int sm, int conf)
{
	hs_cfg_t c = { .sram_sets = 64, .sram_ways = 2, .stt_blocks = 0, .stt_fa = 1,
	               .predictor = conf != FA, .pred_acc = conf == DY95 ? 0.95 : 0.0 };
	c.stt_blocks = (int)floor(16.0 * 1024 * 140 / 36 / 128);   /* fuse.h: the area split */
	rates_t r = { 0, 0, 0, 0 };
	for (int sd = 0; sd < SEEDS; sd++)
		for (int i = 0; i < NSM; i++) {
			if (sm >= 0 && i != sm)
				continue;
			int copies = sm >= 0 ? 1 : i == 0 ? 1 : (GPU_SM - 1) / 2;   /* GPU SMs running stream i */
			hs_result_t o;
			c.seed = (uint64_t)sd;
			CHECK_INT(hs_run(&c, s->r[i], s->n[i], &o), 0, "hybridsim runs");
			r.acc += copies * (double)o.acc, r.h_sram += copies * (double)o.h_sram;
			r.h_stt += copies * (double)o.h_stt, r.writes += copies * (double)o.stt_write;
		}
	r.h_sram /= r.acc, r.h_stt /= r.acc, r.writes /= r.acc;
	return r;
}

static rates_t model(const fuse_ctx_t *ctx, int conf)
{
	fuse_org_t o = { .cfg = conf == FA ? FUSE_FA : FUSE_DY, .fa = 1,
	                 .placement = conf == FA ? FUSE_PLACE_VICTIM : conf == DY95 ? FUSE_PLACE_PREDICTOR
	                                                                            : FUSE_PLACE_ORACLE,
	                 .q = conf == DY95 ? 0.95 : 1.0, .migrate = 1, .sram_frac = 0.5 };
	fuse_hit_t m;
	CHECK_INT(fuse_hit_eval(ctx, &o, 32 * 1024.0, &m), 0, "model evaluates");
	return (rates_t){ m.h_sram, m.h_stt, m.stt_write, 0 };
}

/* The rules at R = 1: a one-SM profile of the one-CTA stream's first MS_MAX_REFS accesses (the
 * sample holds it whole, minisample.h) against hybridsim on the same accesses, mean over 16 hash
 * functions: every bank and the STT writes within issue 21's bar, all three placements. */
static void rules_at_full_rate(const char *kernel, const streams_t *s)
{
	size_t n = s->n[1] < (1u << 18) ? s->n[1] : (1u << 18);
	profiler_opts_t po;
	profiler_opts_default(&po);
	po.block_bytes = 128;
	po.n_sm = 1;
	po.n_groups = 0;
	po.global = 0;
	po.name = kernel;
	profiler_t *pb = profiler_alloc(&po);
	profile_t p;
	memset(&p, 0, sizeof p);
	CHECK(pb != NULL, "profiler");
	if (!pb)
		return;
	for (size_t i = 0; i < n; i++)
		profiler_access(pb, 0, s->r[1][i].is_write, s->r[1][i].block * 128, 0);
	profiler_insts(pb, 0, 10.0 * n, (double)n, 4.0 * n);
	int rc = profiler_finish(pb, &p);
	profiler_free(pb);
	CHECK_INT(rc, 0, "one-SM profile");
	CHECK_NEAR(p.fuse_sample.rate, 1.0, 0.0, "the one-SM sample holds the stream whole (R = 1)");
	fuse_params_t par;
	fuse_params_default(&par);
	fuse_ctx_t *ctx = rc == 0 ? fuse_ctx_alloc(&p, &par) : NULL;
	for (int c = 0; ctx && c < NCONF; c++) {
		hs_cfg_t h = { .sram_sets = 64, .sram_ways = 2, .stt_fa = 1, .predictor = c != FA,
		               .pred_acc = c == DY95 ? 0.95 : 0.0 };
		h.stt_blocks = (int)floor(16.0 * 1024 * 140 / 36 / 128);
		double acc = 0, hs = 0, ht = 0, sw = 0;
		for (int sd = 0; sd < 16; sd++) {
			hs_result_t o;
			h.seed = (uint64_t)sd;
			CHECK_INT(hs_run(&h, s->r[1], n, &o), 0, "hybridsim runs");
			acc += o.acc, hs += o.h_sram, ht += o.h_stt, sw += o.stt_write;
		}
		hs /= acc, ht /= acc, sw /= acc;
		rates_t m = model(ctx, c);
		printf("  %-15s R = 1, one-CTA SM, %zu accesses: SRAM %.4f/%.4f STT %.4f/%.4f writes %.4f/%.4f"
		       " (model/hybridsim)\n", conf_name[c], n, m.h_sram, hs, m.h_stt, ht, m.writes, sw);
		char what[160];
		snprintf(what, sizeof what, "%s %s R = 1: SRAM hits vs hybridsim (issue 21: 0.03)", kernel, conf_name[c]);
		CHECK_NEAR(m.h_sram, hs, 0.03, what);
		snprintf(what, sizeof what, "%s %s R = 1: STT hits vs hybridsim (issue 21: 0.03)", kernel, conf_name[c]);
		CHECK_NEAR(m.h_stt, ht, 0.03, what);
		snprintf(what, sizeof what, "%s %s R = 1: STT writes vs hybridsim (issue 21: 10%%)", kernel, conf_name[c]);
		CHECK_REL(m.writes, sw, 0.10, what);
	}
	fuse_ctx_free(ctx);
	profile_free(&p);
}

static void kernel_checks(const char *kernel)
{
	streams_t s;
	profile_t p;
	memset(&p, 0, sizeof p);
	CHECK_INT(make(kernel, &s, &p), 0, "kernel generated and profiled");
	if (s.n[0] == 0 || s.n[1] == 0) {
		CHECK(0, "streams on SM 0 and SM 1");
		goto out;
	}
	/* the layout: SM 0 holds two CTAs, so twice the accesses of SM 1 */
	CHECK_NEAR((double)s.n[0] / s.n[1], 2.0, 0.01, "SM 0 runs two CTAs, SM 1 one (CTA c -> SM c mod 3)");
	CHECK_INT(s.n[1] == s.n[2], 1, "SMs 1 and 2 run one CTA each");
	fuse_params_t par;
	fuse_params_default(&par);
	fuse_ctx_t *ctx = fuse_ctx_alloc(&p, &par);
	CHECK(ctx != NULL, "FUSE context from the profile");
	if (!ctx)
		goto out;
	printf("%s: SM 0 %zu accesses, SM 1 %zu; sample rate %g over %d SMs\n", kernel, s.n[0], s.n[1],
	       p.fuse_sample.rate, p.fuse_sample.n_sm);
	rates_t one[NCONF], two[NCONF], gpu_m[NCONF], gpu_x[NCONF];
	for (int c = 0; c < NCONF; c++) {
		one[c] = simulate(&s, 1, c);
		two[c] = simulate(&s, 0, c);
		rates_t all = simulate(&s, -1, c), m = model(ctx, c);
		printf("  %-15s exact SM1 (one CTA) hit %.4f writes %.4f | SM0 (two CTAs) hit %.4f writes %.4f"
		       " | 15 SMs SRAM %.4f STT %.4f writes %.4f | model SRAM %.4f STT %.4f writes %.4f\n",
		       conf_name[c], one[c].h_sram + one[c].h_stt, one[c].writes, two[c].h_sram + two[c].h_stt,
		       two[c].writes, all.h_sram, all.h_stt, all.writes, m.h_sram, m.h_stt, m.writes);
		if (c == DYOR)
			continue;     /* not held to the bar (header) */
		char what[160];
		snprintf(what, sizeof what, "%s %s: model hit ratio vs hybridsim over the 15 SMs (issue 21: 0.03)",
		         kernel, conf_name[c]);
		CHECK_NEAR(m.h_sram + m.h_stt, all.h_sram + all.h_stt, 0.03, what);
		gpu_m[c] = m, gpu_x[c] = all;
	}
	/* the ordering question: Dy-FUSE's hit ratio against FA-FUSE's, model and exact */
	double dm = gpu_m[DY95].h_sram + gpu_m[DY95].h_stt - gpu_m[FA].h_sram - gpu_m[FA].h_stt;
	double dx = gpu_x[DY95].h_sram + gpu_x[DY95].h_stt - gpu_x[FA].h_sram - gpu_x[FA].h_stt;
	printf("  Dy-FUSE q=.95 - FA-FUSE hit ratio over the 15 SMs: model %+.4f, hybridsim %+.4f\n", dm, dx);
	CHECK_NEAR(dm, dx, 0.02, "Dy-FUSE q=.95 minus FA-FUSE hit ratio: model vs hybridsim over the 15 SMs");
	rules_at_full_rate(kernel, &s);
	char what[160];
	snprintf(what, sizeof what, "%s one-CTA SM: Dy-FUSE q=.95 hits as FA-FUSE (WORM rows fit the FIFO bank; hybridsim)",
	         kernel);
	CHECK_NEAR(one[DY95].h_sram + one[DY95].h_stt, one[FA].h_sram + one[FA].h_stt, 0.01, what);
	snprintf(what, sizeof what, "%s one-CTA SM: Dy-FUSE under half FA-FUSE's STT writes (hybridsim)", kernel);
	CHECK(one[DY95].writes < 0.5 * one[FA].writes, what);
	snprintf(what, sizeof what, "%s two-CTA SM: the oracle's 512 WORM rows thrash the 498-block FIFO (hybridsim)",
	         kernel);
	CHECK(two[DYOR].h_sram + two[DYOR].h_stt < 0.5 * (two[FA].h_sram + two[FA].h_stt), what);
	snprintf(what, sizeof what, "%s two-CTA SM: at q = .95 the ~486 WORM rows fit, within 0.05 of FA-FUSE (hybridsim)",
	         kernel);
	CHECK_NEAR(two[DY95].h_sram + two[DY95].h_stt, two[FA].h_sram + two[FA].h_stt, 0.05, what);
	fuse_ctx_free(ctx);
out:
	for (int i = 0; i < NSM; i++)
		free(s.r[i]);
	profile_free(&p);
}

int main(void)
{
	kernel_checks("p-atax");
	kernel_checks("p-bicg");
	kernel_checks("p-mvt");
	return check_summary("fuse_kernels");
}
