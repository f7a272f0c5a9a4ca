/*
 * test_llc_mshr.c -- the LLC slice's MSHRs (models/llc_mshr.h): sharers of a fill in flight,
 * the merge limit and the held slice, against brute force, Monte Carlo and the Accel-Sim
 * microbenchmarks of calibration/accelsim/microbench (gen_share.py, README: C SMs reading the
 * same cold sectors in lock step, SM86_RTX3070, -gpgpu_cache:dl2 ...,A:192:4,...).
 *
 *  1. [W] in closed form: P_g = n + (1 + n) P_1 inverted (p-gemm's B sector: 47 uses within
 *     the fill, 7 of them the missing SM's, 5 sharers).
 *  2. [N] [M] on whole degrees with every sharer in the window: the microbenchmarks' counts
 *     per fill (Accel-Sim L2 breakdown, 200 fills each): C = 2: 1 merge (200 HIT_RESERVED);
 *     C = 4: 3 merges, no failure (600); C = 5 and 16: 3 merges and a failed merge in every fill
 *     (MSHR_MERGE_ENRTY_FAIL from every fill: 53926 retry cycles = 270 per fill).
 *  3. [N] [M] on a fractional degree and P_w < 1 against a Monte Carlo run of the assumption
 *     (degree floor/ceil, Bernoulli sharers).
 *  4. [S] on the microbenchmarks' profiles (tests/data/llc_mshr: `gpudse profile` of the
 *     gen_share.py traces, --sector-groups --no-setassoc): s = C - 1.
 *  6. [N'] (the profile's sharers record): (a) every sector of one degree d gives exactly [N]'s
 *     figures at s = d - 1 (the same numbers, compared with ==: one degree has no variance to
 *     lose); (b) a mixture against a Monte Carlo run of its assumption (a degree drawn by w_d,
 *     Bernoulli sharers); (c) by hand, p-gemm's degrees 6, 2, 1 with M = 4 and P_w = 1: the
 *     degree-6 fills have 5 other readers, 3 merge and the 4th fails, so held = w_6 exactly and
 *     merged = 3 w_6 + w_2; with equal weights (p-gemm's record: 288 sectors each, Accel-Sim's
 *     log: 288 of its 864 fills held) held = 1/3; (d) in gpu_eval, the record replaces [S]'s s.
 *  5. In gpu_eval (calibration/accelsim/presets/SM86_RTX3070.json): the stations' visits per
 *     LLC request against Accel-Sim's shares on grp_g8_c4/c5 (40 SMs: the window holds the
 *     group), their cycles against one SM's (Accel-Sim 103737 / 102728), the held slices' cost
 *     to the other groups (grp_g8_c5 over grp_g8_c4: 104753 / 103737 = 1.0098), the lock-step
 *     pairs share_cC (the model's known shortfall, llc_mshr.h), no station without llc_mshr.
 */
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "design.h"
#include "gpu.h"
#include "llc_mshr.h"
#include "presets/gpu_json.h"
#include "profiling/profile_json.h"
#include "support/check.h"

/* [W]: P_g = n + (1 + n) P_1 solved for n, clipped to [0, s] */
static void window_closed_form(void)
{
	/* p-gemm's B sector on SM86_RTX3070 (Accel-Sim log): the missing SM's 8 warps (7 pending
	 * at its L1) and 5 other SMs' 8 warps each: P_1 = 7, P_g = 5 + 6 x 7 = 47 -> n = 5 */
	CHECK_NEAR(llc_mshr_window_sharers(47.0, 7.0, 5.0), 5.0, 1e-12, "P_g = n + (1 + n) P_1 at n = 5, P_1 = 7");
	CHECK_NEAR(llc_mshr_window_sharers(47.0, 7.0, 3.0), 3.0, 1e-12, "at most s");
	CHECK_NEAR(llc_mshr_window_sharers(3.0, 0.0, 15.0), 3.0, 1e-12, "no pending use at the SMs: n = P_g");
	CHECK_NEAR(llc_mshr_window_sharers(2.0, 3.0, 4.0), 0.0, 1e-12, "fewer uses in the window than the SM's own: none");
	CHECK_NEAR(llc_mshr_window_sharers(2.0, 0.0, 0.0), 0.0, 1e-12, "no sharers: none");
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rng, 20);
	for (int i = 0; i < 100; i++) {   /* the inverse of P_g(n) = n + (1 + n) P_1 on [0, s] */
		double s = 20.0 * gsl_rng_uniform(rng), n = s * gsl_rng_uniform(rng), p1 = 10.0 * gsl_rng_uniform(rng);
		CHECK_NEAR(llc_mshr_window_sharers(n + (1.0 + n) * p1, p1, s), n, 1e-9, "[W] inverts P_g = n + (1 + n) P_1");
	}
	gsl_rng_free(rng);
}

static void whole_degrees(void)
{
	static const struct { int c; double merged, held; const char *src; } mb[] = {
		{ 2, 1.0, 0.0, "share_c2: 200 HIT_RESERVED in 200 fills, no failure" },
		{ 4, 3.0, 0.0, "share_c4: 600 HIT_RESERVED in 200 fills, no failure" },
		{ 5, 3.0, 1.0, "share_c5: 600 HIT_RESERVED, a failed merge in each of the 200 fills" },
		{ 16, 3.0, 1.0, "share_c16: 600 HIT_RESERVED, the other 12 per fill fail, then hit" },
	};
	for (size_t i = 0; i < sizeof mb / sizeof mb[0]; i++) {
		llc_mshr_fill_t f;
		llc_mshr_fill(mb[i].c - 1.0, 1.0, 4, &f);
		CHECK_NEAR(f.merged, mb[i].merged, 1e-12, mb[i].src);
		CHECK_NEAR(f.held, mb[i].held, 1e-12, mb[i].src);
		CHECK_NEAR(f.sharers, mb[i].c - 1.0, 1e-12, "E n = s P_w");
	}
	llc_mshr_fill_t f;
	llc_mshr_fill(15.0, 1.0, 0, &f);
	CHECK(f.held == 0.0 && fabs(f.merged - 15.0) < 1e-12, "merge 0 (no limit): every sharer merges, nothing held");
	llc_mshr_fill(15.0, 0.0, 4, &f);
	CHECK(f.in_window == 0.0 && f.held == 0.0 && f.sharers == 0.0, "no sharer in the window: no term");
	llc_mshr_fill(0.0, 1.0, 4, &f);
	CHECK(f.sharers == 0.0 && f.held == 0.0, "no sharers: no term");
}

static void monte_carlo(void)
{
	double s = 4.3;
	int merge = 4;
	llc_mshr_fill_t f;
	llc_mshr_fill(s, 0.7, merge, &f);
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rng, 4);
	const int N = 400000;
	double sm = 0.0, sm2 = 0.0, sh = 0.0;
	for (int i = 0; i < N; i++) {
		int d = gsl_rng_uniform(rng) < s - floor(s) ? (int)floor(s) + 1 : (int)floor(s);
		int n = 0;
		for (int k = 0; k < d; k++)
			n += gsl_rng_uniform(rng) < 0.7;
		double m = n < merge ? n : merge - 1;
		sm += m;
		sm2 += m * m;
		sh += n >= merge;
	}
	double mm = sm / N, sd_m = sqrt((sm2 / N - mm * mm) / N), ph = sh / N, sd_h = sqrt(ph * (1.0 - ph) / N);
	printf("s 4.3, P_w 0.7, M 4: merged %.4f (Monte Carlo %.4f +- %.4f), held %.4f (%.4f +- %.4f)\n",
	       f.merged, mm, sd_m, f.held, ph, sd_h);
	CHECK_NEAR(f.merged, mm, 4.0 * sd_m, "[N] [M] Monte Carlo of the assumption, 4 sigma");
	CHECK_NEAR(f.held, ph, 4.0 * sd_h, "[N] [M] Monte Carlo, 4 sigma");
	gsl_rng_free(rng);
}

static int load_fixture(const char *name, profile_t *p)
{
	char pp[1200];
	snprintf(pp, sizeof pp, "%s/tests/data/llc_mshr/%s.json", gpudse_root(), name);
	memset(p, 0, sizeof *p);
	return profile_load(pp, p);
}

static void sharers_from_profiles(void)
{
	static const struct { const char *name; double s; } fx[] = {
		{ "share_c1", 0.0 }, { "share_c4", 3.0 }, { "share_c5", 4.0 }, { "share_c16", 15.0 }, { "grp_g8_c5", 4.0 },
	};
	for (size_t i = 0; i < sizeof fx / sizeof fx[0]; i++) {
		profile_t p;
		if (load_fixture(fx[i].name, &p)) {
			CHECK(0, "the microbenchmark profile loads");
			continue;
		}
		double s = llc_mshr_sharers(profile_stream(&p, "l1"), profile_stream(&p, "global"));
		CHECK_NEAR(s, fx[i].s, 1e-12, "[S] C SMs read each sector: C - 1 sharers per fill");
		profile_free(&p);
	}
}

typedef struct run {
	double cycles, pend, held;   /* cycles; llc_pending and llc_held visits per LLC request */
	double e_service, dram_t0;   /* [E]'s service per fill; the DRAM's service + latency per visit */
	int stations;                /* llc_* stations */
} run_t;

static int run_fixture(const gpu_t *g, const char *name, run_t *out)
{
	profile_t p;
	if (load_fixture(name, &p))
		return -1;
	const char *err = NULL, *why = NULL;
	wctx_t *w = wctx_alloc(g, &p, &err);
	if (!w) {
		profile_free(&p);
		return -1;
	}
	design_t d;
	design_default(&d);
	memsys_t m;
	metrics_t x;
	gpu_detail_t det;
	int rc = gpu_eval_detail(g, &d, w, &m, &x, &det, &why);
	memset(out, 0, sizeof *out);
	out->cycles = x.cycles;
	double llc = 0.0;
	for (int k = 0; k < det.n; k++) {
		const gpu_station_report_t *s = &det.st[k];
		if (!strcmp(s->name, "llc"))
			llc = s->visits;
		else if (!strcmp(s->name, "llc_pending"))
			out->pend = s->visits;
		else if (!strcmp(s->name, "llc_held"))
			out->held = s->visits;
		else if (!strcmp(s->name, "llc_mshr"))
			out->e_service = s->service;
		else if (!strcmp(s->name, "dram"))
			out->dram_t0 = s->service + s->delay;
		if (!strncmp(s->name, "llc_", 4))
			out->stations++;
	}
	if (llc > 0.0) {
		out->pend /= llc;
		out->held /= llc;
	}
	wctx_free(w);
	profile_free(&p);
	return rc;
}

static void in_gpu_eval(void)
{
	char gp[1200];
	snprintf(gp, sizeof gp, "%s/calibration/accelsim/presets/SM86_RTX3070.json", gpudse_root());
	gpu_t g;
	if (gpu_load(gp, &g)) {
		CHECK(0, "the SM86_RTX3070 preset loads");
		return;
	}
	CHECK(g.llc_mshr == 192 && g.llc_mshr_merge == 4, "imported from -gpgpu_cache:dl2 ...,A:192:4,...");
	run_t c1, c4, c5, c16, g4, g5, c4_off, c1_off;
	if (run_fixture(&g, "share_c1", &c1) || run_fixture(&g, "share_c4", &c4) || run_fixture(&g, "share_c5", &c5) ||
	    run_fixture(&g, "share_c16", &c16) || run_fixture(&g, "grp_g8_c4", &g4) || run_fixture(&g, "grp_g8_c5", &g5)) {
		CHECK(0, "the microbenchmark profiles evaluate");
		return;
	}
	/* 8 groups x C SMs: the window holds the group's requests (40 SMs issuing): the counts per
	 * fill are Accel-Sim's */
	CHECK_REL(g4.pend, 4800.0 / 6400.0, 0.01, "grp_g8_c4: Accel-Sim 4800 HIT_RESERVED of 6400 L2 reads");
	CHECK(g4.held == 0.0, "grp_g8_c4: no failed merge (Accel-Sim: none)");
	CHECK_REL(g5.pend + g5.held, (4788.0 + 1612.0) / 8000.0, 0.01,
	          "grp_g8_c5: 4788 merged and 1612 hits after a failed merge, of 8000 L2 reads, wait for a fill");
	CHECK_REL(g5.held, 1600.0 / 8000.0, 0.01, "grp_g8_c5: a failed merge in each of the 1600 fills (Accel-Sim fail breakdown)");
	printf("cycles over one SM's (Accel-Sim 1.000): C = 4 %.3f, 5 %.3f, 16 %.3f; grp_g8_c4 %.3f (Accel-Sim 1.0098); "
	       "grp_g8 c5 / c4 %.4f (Accel-Sim 1.0098); share_c4 LLC reads waiting %.3f (Accel-Sim 0.75)\n",
	       c4.cycles / c1.cycles, c5.cycles / c1.cycles, c16.cycles / c1.cycles, g4.cycles / c1.cycles,
	       g5.cycles / g4.cycles, c4.pend);
	CHECK_NEAR(g4.cycles / c1.cycles, 103737.0 / 102728.0, 0.1, "grp_g8_c4 over share_c1: Accel-Sim 1.0098");
	CHECK_NEAR(g5.cycles / g4.cycles, 104753.0 / 103737.0, 0.02, "held slices cost the other groups 1% (Accel-Sim grp_g8_c5 / c4)");
	/* [E]: T_0 / entries, the DRAM's service + latency per fill without its queue (llc_mshr.h) */
	CHECK(g5.dram_t0 > 0.0, "grp_g8_c5: a DRAM station");
	CHECK_REL(g5.e_service, g5.dram_t0 / 192.0, 1e-12, "[E] service T_0 / 192 entries");
	/* lock-step pairs (share_cC: one SM per sharer, a window of 2 requests): pending.h's tau =
	 * (r + 1) / Lambda spreads the simultaneous requests over the window and [W] finds 1-1.5
	 * sharers in it, not C - 1 (llc_mshr.h, Assumptions): at most Accel-Sim's share, more
	 * than none */
	CHECK(c4.pend > 0.3 && c4.pend <= 0.75 + 1e-9, "share_c4: reads waiting for a fill in (0.3, Accel-Sim's 0.75]");
	/* without the term the sharers were LLC hits: far faster than Accel-Sim */
	g.llc_mshr = 0;
	if (run_fixture(&g, "share_c4", &c4_off) || run_fixture(&g, "share_c1", &c1_off)) {
		CHECK(0, "evaluate without llc_mshr");
		return;
	}
	CHECK(c4_off.stations == 0, "llc_mshr 0: no llc_* station");
	CHECK_REL(c1_off.cycles, c1.cycles, 1e-9, "one SM, no sharer: the term changes nothing");
	printf("without the term: share_c4 over share_c1 %.3f\n", c4_off.cycles / c1_off.cycles);
	CHECK(c4.cycles / c1.cycles > c4_off.cycles / c1_off.cycles + 0.1,
	      "share_c4: the sharers' wait moves the cycles toward one SM's (Accel-Sim 1.000) by more than 0.1");
}

/* 6 (a): one degree: [N'] == [N] at s = d - 1, bit for bit */
static void degrees_uniform(void)
{
	static const double pws[] = { 0.0, 0.05, 0.3, 0.5, 0.77, 1.0, 1.4 };
	static const int merges[] = { 0, 1, 2, 4, 16 };
	int same = 1, n = 0;
	for (int d = 1; d <= 80; d++)
		for (size_t i = 0; i < sizeof pws / sizeof pws[0]; i++)
			for (size_t j = 0; j < sizeof merges / sizeof merges[0]; j++) {
				profile_shape_t sh;
				memset(&sh, 0, sizeof sh);
				shape_sharers_t b = { .d = d, .sectors = 123.0 };
				sh.has_sharers = 1;
				sh.n_sharers = 1;
				sh.sharers = &b;
				llc_mshr_degrees_t dg;
				llc_mshr_fill_t a, o;
				int rec = llc_mshr_degrees(&sh, &dg);
				llc_mshr_fill_degrees(&dg, pws[i], merges[j], &a);
				llc_mshr_fill(d - 1.0, pws[i], merges[j], &o);
				same = same && rec && dg.sharers == d - 1.0 && a.merged == o.merged && a.held == o.held &&
				       a.sharers == o.sharers && a.in_window == o.in_window;
				n++;
			}
	printf("[N'] with one degree against [N] at s = d - 1: %d cases (d 1..80, 7 P_w, 5 merge limits) %s\n", n,
	       same ? "identical" : "DIFFERENT");
	CHECK(same, "[N'] with every sector of degree d = [N] at s = d - 1, exactly");
	profile_shape_t none;
	memset(&none, 0, sizeof none);
	llc_mshr_degrees_t dg;
	CHECK(!llc_mshr_degrees(&none, &dg) && !dg.bin, "no record: [N] (bin NULL)");
}

/* 6 (b): a mixture against a Monte Carlo of its assumption */
static void degrees_monte_carlo(void)
{
	shape_sharers_t b[] = { { 1, 500 }, { 2, 300 }, { 5, 120 }, { 9, 60 }, { 40, 20 } };
	profile_shape_t sh;
	memset(&sh, 0, sizeof sh);
	sh.has_sharers = 1;
	sh.n_sharers = sizeof b / sizeof b[0];
	sh.sharers = b;
	llc_mshr_degrees_t dg;
	CHECK(llc_mshr_degrees(&sh, &dg), "the record is taken");
	double tot = 1000.0, s = (0 * 500 + 1 * 300 + 4 * 120 + 8 * 60 + 39 * 20) / tot;
	CHECK_NEAR(dg.sharers, s, 1e-12, "s = sum w_d (d - 1)");
	const double pw = 0.45;
	const int merge = 4;
	llc_mshr_fill_t f;
	llc_mshr_fill_degrees(&dg, pw, merge, &f);
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rng, 6);
	const int N = 400000;
	double sm = 0.0, sm2 = 0.0, sh_ = 0.0, sn = 0.0;
	for (int i = 0; i < N; i++) {
		double u = gsl_rng_uniform(rng) * tot;
		size_t k = 0;
		while (k + 1 < sizeof b / sizeof b[0] && u >= b[k].sectors) {
			u -= b[k].sectors;
			k++;
		}
		int n = 0;
		for (int j = 0; j < b[k].d - 1; j++)
			n += gsl_rng_uniform(rng) < pw;
		double m = n < merge ? n : merge - 1;
		sm += m;
		sm2 += m * m;
		sh_ += n >= merge;
		sn += n;
	}
	double mm = sm / N, sd_m = sqrt((sm2 / N - mm * mm) / N), ph = sh_ / N, sd_h = sqrt(ph * (1.0 - ph) / N);
	printf("[N'] degrees 1, 2, 5, 9, 40 (500, 300, 120, 60, 20 sectors), P_w 0.45, M 4: merged %.4f (Monte Carlo %.4f "
	       "+- %.4f), held %.4f (%.4f +- %.4f)\n", f.merged, mm, sd_m, f.held, ph, sd_h);
	CHECK_NEAR(f.merged, mm, 4.0 * sd_m, "[N'] [M] Monte Carlo of the mixture, 4 sigma");
	CHECK_NEAR(f.held, ph, 4.0 * sd_h, "[N'] [M] held, Monte Carlo, 4 sigma");
	CHECK_NEAR(f.sharers, sn / N, 0.02, "E n = s P_w");
	llc_mshr_fill_t split;
	llc_mshr_fill(s, pw, merge, &split);
	printf("  [N] on the same s = %.3f: held %.4f\n", s, split.held);
	CHECK(f.held > split.held, "mixed degrees hold more fills than the least-variance split of the same mean");
	gsl_rng_free(rng);
}

/* 6 (c): by hand: degrees 6, 2, 1, M = 4, P_w = 1 */
static void degrees_by_hand(void)
{
	shape_sharers_t b[] = { { 1, 100 }, { 2, 250 }, { 6, 150 } };
	profile_shape_t sh;
	memset(&sh, 0, sizeof sh);
	sh.has_sharers = 1;
	sh.n_sharers = 3;
	sh.sharers = b;
	llc_mshr_degrees_t dg;
	llc_mshr_degrees(&sh, &dg);
	llc_mshr_fill_t f;
	llc_mshr_fill_degrees(&dg, 1.0, 4, &f);
	double w6 = 150.0 / 500.0, w2 = 250.0 / 500.0;
	CHECK(f.held == w6, "degrees 6, 2, 1, M = 4, P_w = 1: held = w_6 exactly (5 other readers: the 4th fails)");
	CHECK_NEAR(f.merged, 3.0 * w6 + 1.0 * w2, 1e-15, "merged = 3 w_6 + 1 w_2 (the degree-2 fill's one sharer merges)");
	CHECK_NEAR(dg.sharers, (5.0 * 150 + 1.0 * 250) / 500.0, 1e-15, "s = (5 x 150 + 1 x 250) / 500");
	llc_mshr_fill(dg.sharers, 1.0, 4, &f);
	CHECK(f.held == 0.0, "[N] on the same s = 2: degrees 2 and 3, never 4 others: nothing held");
	b[0].sectors = b[1].sectors = b[2].sectors = 288;   /* p-gemm's record (test_sharers) */
	llc_mshr_degrees(&sh, &dg);
	llc_mshr_fill_degrees(&dg, 1.0, 4, &f);
	CHECK_NEAR(f.held, 1.0 / 3.0, 1e-15, "p-gemm: 1/3 of the fills held (Accel-Sim's log: 288 of 864)");
	CHECK_NEAR(dg.sharers, 2.0, 1e-15, "p-gemm: s = 2 (llc_mshr.h)");
	llc_mshr_fill_degrees(&dg, 1.0, 0, &f);
	CHECK(f.held == 0.0 && fabs(f.merged - 2.0) < 1e-12, "merge 0: every sharer merges");
	llc_mshr_fill_degrees(&dg, 0.0, 4, &f);
	CHECK(f.held == 0.0 && f.sharers == 0.0, "no sharer in the window: no term");
}

/* 6 (d): in gpu_eval, the record's s replaces [S]'s; without it [S] */
static void degrees_in_wctx(void)
{
	char gp[1200];
	snprintf(gp, sizeof gp, "%s/calibration/accelsim/presets/SM86_RTX3070.json", gpudse_root());
	gpu_t g;
	profile_t p;
	if (gpu_load(gp, &g) || load_fixture("share_c5", &p)) {
		CHECK(0, "the preset and share_c5 load");
		return;
	}
	const char *err = NULL;
	wctx_t *w = wctx_alloc(&g, &p, &err);
	CHECK(w && !w->llc_deg.bin && w->llc_sharers == 4.0, "share_c5 without a record: [S] s = 4");
	wctx_free(w);
	shape_sharers_t b[] = { { 1, 10 }, { 7, 30 } };
	p.shape.has_sharers = 1;
	p.shape.n_sharers = 2;
	p.shape.sharers = b;
	w = wctx_alloc(&g, &p, &err);
	CHECK(w && w->llc_deg.bin == b && w->llc_sharers == (6.0 * 30) / 40.0, "with a record: s from it ([N'])");
	wctx_free(w);
	p.shape.has_sharers = 0;
	p.shape.n_sharers = 0;
	p.shape.sharers = NULL;
	profile_free(&p);
}

int main(void)
{
	window_closed_form();
	whole_degrees();
	monte_carlo();
	sharers_from_profiles();
	in_gpu_eval();
	degrees_uniform();
	degrees_monte_carlo();
	degrees_by_hand();
	degrees_in_wctx();
	return check_summary("test_llc_mshr");
}
