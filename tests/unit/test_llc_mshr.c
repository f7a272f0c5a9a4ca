/*
 * test_llc_mshr.c -- the LLC slice's MSHRs (models/llc_mshr.h): sharers of a fill in flight,
 * the merge limit and the held slice, against brute force, Monte Carlo and the Accel-Sim
 * microbenchmarks of calibration/accelsim/microbench (gen_share.py, README: C SMs reading the
 * same cold sectors in lock step, SM86_RTX3070, -gpgpu_cache:dl2 ...,A:192:4,...).
 *
 *  1. [W] [D] against a brute-force sum over the integer reuse times of a random histogram.
 *  2. [N] [M] on whole degrees with every sharer in the window: the microbenchmarks' counts
 *     per fill (Accel-Sim L2 breakdown, 200 fills each): C = 2: 1 merge (200 HIT_RESERVED);
 *     C = 4: 3 merges, no failure (600); C = 5 and 16: 3 merges and a failed merge in every fill
 *     (MSHR_MERGE_ENRTY_FAIL from every fill: 53926 retry cycles = 270 per fill).
 *  3. [N] [M] on a fractional degree and P_w < 1 against a Monte Carlo run of the assumption
 *     (degree floor/ceil, Bernoulli sharers).
 *  4. [S] on the microbenchmarks' profiles (tests/data/llc_mshr: `gpudse profile` of the
 *     gen_share.py traces, --sector-groups --no-setassoc): s = C - 1.
 *  5. In gpu_eval (calibration/accelsim/presets/SM86_RTX3070.json): the stations' visits per
 *     LLC request against Accel-Sim's shares, the sharers' cycles against one SM's (Accel-Sim:
 *     equal, 102731 / 102728 at C = 4), the held slice's cost to the bystanders (grp_g8_c5 over
 *     grp_g8_c4: Accel-Sim 104753 / 103737 = 1.0098), and no station without llc_mshr.
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

/* [W] [D] by enumeration: every integer r of a bin weighs count / width; in the window iff
 * r + 1 < lambda T; wait T - (r + 1) / lambda. */
static void brute_window(const reuse_hist_t *h, double lambda, double t, double *pw, double *wait)
{
	double reuses = 0.0, in = 0.0, ws = 0.0;
	for (size_t i = 0; i < h->n; i++) {
		reuses += h->count[i];
		double per = h->count[i] / (h->hi[i] - h->lo[i]);
		for (double r = h->lo[i]; r < h->hi[i]; r += 1.0)
			if (r + 1.0 < lambda * t) {
				in += per;
				ws += per * (t - (r + 1.0) / lambda);
			}
	}
	*pw = in / reuses;
	*wait = in > 0.0 ? ws / in : 0.0;
}

static void window_brute_force(void)
{
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rng, 20);
	enum { NB = 12 };
	double lo[NB], hi[NB], cnt[NB];
	for (int trial = 0; trial < 40; trial++) {
		double x = 0.0;
		for (int i = 0; i < NB; i++) {
			lo[i] = x;
			hi[i] = x + 1.0 + floor(gsl_rng_uniform(rng) * 40.0);
			cnt[i] = 1.0 + floor(gsl_rng_uniform(rng) * 1000.0);
			x = hi[i] + floor(gsl_rng_uniform(rng) * 30.0);
		}
		reuse_hist_t h = { NB, lo, hi, cnt, 5.0, 0.0 };
		double lambda = 0.05 + gsl_rng_uniform(rng), t = 50.0 + gsl_rng_uniform(rng) * 400.0;
		double pw, wait;
		brute_window(&h, lambda, t, &pw, &wait);
		llc_mshr_fill_t f;
		llc_mshr_fill(&h, 2.0, lambda, t, 4, &f);
		CHECK_NEAR(f.in_window, pw, 1e-9, "[W] brute-force sum over the integer reuse times");
		CHECK_NEAR(f.wait, wait, 1e-6 * t, "[D] brute-force sum");
	}
	gsl_rng_free(rng);
}

/* every reuse at r = 0: in the window whenever lambda T > 1 */
static double lo0[1] = { 0.0 }, hi0[1] = { 1.0 }, c0[1] = { 600.0 };
static const reuse_hist_t burst = { 1, lo0, hi0, c0, 200.0, 800.0 };

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
		llc_mshr_fill(&burst, mb[i].c - 1.0, 0.01, 500.0, 4, &f);
		CHECK_NEAR(f.in_window, 1.0, 1e-12, "every reuse at r = 0 is in a 5-request window");
		CHECK_NEAR(f.merged, mb[i].merged, 1e-12, mb[i].src);
		CHECK_NEAR(f.held, mb[i].held, 1e-12, mb[i].src);
		CHECK_NEAR(f.sharers, mb[i].c - 1.0, 1e-12, "E n = s P_w");
		CHECK_NEAR(f.wait, 500.0 - 1.0 / 0.01, 1e-9, "[D] one reuse time: T - 1 / lambda");
	}
	llc_mshr_fill_t f;
	llc_mshr_fill(&burst, 15.0, 0.01, 500.0, 0, &f);
	CHECK(f.held == 0.0 && fabs(f.merged - 15.0) < 1e-12, "merge 0 (no limit): every sharer merges, nothing held");
	llc_mshr_fill(&burst, 15.0, 0.01, 50.0, 4, &f);
	CHECK(f.in_window == 0.0 && f.held == 0.0 && f.wait == 0.0, "window below one request: no sharer in flight");
	llc_mshr_fill(&burst, 0.0, 0.01, 500.0, 4, &f);
	CHECK(f.sharers == 0.0 && f.held == 0.0, "no sharers: no term");
}

static void monte_carlo(void)
{
	/* P_w = 0.7: 7 reuses at r = 0, 3 at r = 1000, window 5 requests */
	double lo[2] = { 0.0, 1000.0 }, hi[2] = { 1.0, 1001.0 }, c[2] = { 7.0, 3.0 };
	reuse_hist_t h = { 2, lo, hi, c, 1.0, 11.0 };
	double s = 4.3;
	int merge = 4;
	llc_mshr_fill_t f;
	llc_mshr_fill(&h, s, 0.01, 500.0, merge, &f);
	CHECK_NEAR(f.in_window, 0.7, 1e-12, "[W] 7 of 10 reuses in the window");
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
	/* the sharers are LLC hits of the reuse profile: at most the LLC's hit share (the cap) */
	CHECK_REL(c4.pend, 600.0 / 800.0, 0.01, "share_c4: Accel-Sim 600 HIT_RESERVED of 800 L2 reads");
	CHECK(c4.held == 0.0, "share_c4: no failed merge (Accel-Sim: none)");
	CHECK_REL(c5.pend + c5.held, 800.0 / 1000.0, 0.01, "share_c5: 800 of 1000 L2 reads wait for a fill (600 merged, 200 after a failure)");
	CHECK_REL(c5.held, 200.0 / 1000.0, 1e-6, "share_c5: one held slice per fill, 200 of 1000 reads (Accel-Sim: failures in every fill)");
	printf("cycles over one SM's (Accel-Sim 1.000): C = 4 %.3f, 5 %.3f, 16 %.3f; grp_g8 c5 / c4 %.4f (Accel-Sim 1.0098)\n",
	       c4.cycles / c1.cycles, c5.cycles / c1.cycles, c16.cycles / c1.cycles, g5.cycles / g4.cycles);
	/* the sharers wait for the fill: their cycles are one SM's (Accel-Sim 102731, 102533, 102544
	 * over 102728); the model's residual is the (r + 1) / Lambda offset of [D] for lock-step
	 * sharers (llc_mshr.h, Assumptions) */
	CHECK_NEAR(c4.cycles / c1.cycles, 1.0, 0.15, "share_c4 over share_c1: Accel-Sim 1.000");
	CHECK_NEAR(c5.cycles / c1.cycles, 1.0, 0.15, "share_c5 over share_c1: Accel-Sim 0.998");
	CHECK_NEAR(c16.cycles / c1.cycles, 1.0, 0.15, "share_c16 over share_c1: Accel-Sim 0.998");
	CHECK_NEAR(g5.cycles / g4.cycles, 104753.0 / 103737.0, 0.02, "held slices cost the other groups 1% (Accel-Sim grp_g8_c5 / c4)");
	/* without the term the sharers were LLC hits: far faster than Accel-Sim */
	g.llc_mshr = 0;
	if (run_fixture(&g, "share_c4", &c4_off) || run_fixture(&g, "share_c1", &c1_off)) {
		CHECK(0, "evaluate without llc_mshr");
		return;
	}
	CHECK(c4_off.stations == 0, "llc_mshr 0: no llc_* station");
	CHECK_REL(c1_off.cycles, c1.cycles, 1e-9, "one SM, no sharer: the term changes nothing");
	CHECK(c4_off.cycles / c1_off.cycles < 0.7, "without the term share_c4 runs in < 0.7 of one SM's cycles (Accel-Sim 1.000)");
}

int main(void)
{
	window_brute_force();
	whole_degrees();
	monte_carlo();
	sharers_from_profiles();
	in_gpu_eval();
	return check_summary("test_llc_mshr");
}
