/*
 * test_dcl1.c -- the DC-L1 model (models/dcl1.h) against paper 001's Table I and text, and
 * against the functional multi-core cache simulation of tests/reference/multicachesim.c.
 */
#include "support/check.h"
#include "dcl1.h"
#include "design.h"
#include "reference/multicachesim.h"
#include "gpu.h"
#include "presets/gpu_json.h"
#include "mech.h"
#include "profiling/noderec.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The paper's 80-core baseline (Table II) as far as the structural model needs it. */
static void gpu80(gpu_t *g)
{
	memset(g, 0, sizeof *g);
	g->n_sm = 80;
	g->llc_slices = 32;
	g->l1_kib = 16;
	g->l1_lat = 28;
	g->l1_bytes_per_cycle = 128;
	g->line_bytes = 128;
	g->noc_flit_bytes = 32;
	g->noc_mhz = 700;
	g->core_mhz = 1400;
}

static void test_table1(void)
{
	static const struct { int y, n; double drop; } pr[] = {
		{ 80, 1, 4 }, { 40, 2, 8 }, { 20, 4, 16 }, { 10, 8, 32 },   /* Table I */
	};
	dcl1_shape_t s;
	const char *why = NULL;
	CHECK_INT(dcl1_shape(DCL1_BASE, 80, 0, 1, 32, &s, &why), 0, "base is always legal");
	CHECK_INT(s.noc1.count, 0, "Table I: baseline has no NoC#1");
	CHECK_INT(s.noc2.count, 1, "Table I: (x1) 80 x 32");
	CHECK_INT(s.noc2.n_in, 80, "Table I");
	CHECK_INT(s.noc2.n_out, 32, "Table I");
	double base_bw = dcl1_peak_bw(&s, 128, 32, 1);
	CHECK_NEAR(base_bw, 128.0 * 80, 0, "Table I: 128 B / 1 cycle x 80");
	for (size_t i = 0; i < sizeof pr / sizeof pr[0]; i++) {
		CHECK_INT(dcl1_shape(DCL1_PR, 80, pr[i].y, 1, 32, &s, &why), 0, "PrY legal for Y | 80");
		CHECK_INT(s.noc1.count, pr[i].y, "Table I: (xY) NoC#1 crossbars");
		CHECK_INT(s.noc1.n_in, pr[i].n, "Table I: N x 1 with N = X/Y");
		CHECK_INT(s.noc1.n_out, 1, "Table I: N x 1");
		CHECK_INT(s.noc2.count, 1, "Table I: one NoC#2 crossbar");
		CHECK_INT(s.noc2.n_in, pr[i].y, "Table I: Y x 32");
		CHECK_INT(s.noc2.n_out, 32, "Table I: Y x 32");
		CHECK_INT(s.home_bits, 0, "PrY has no home bits");
		double bw = dcl1_peak_bw(&s, 128, 32, 1);
		CHECK_NEAR(bw, 128.0 / 4 * pr[i].y, 0, "Table I: 128 B / 4 cycles x Y");
		CHECK_NEAR(base_bw / bw, pr[i].drop, 0, "Table I: peak L1 BW drop");
	}
	/* Sh40 (§V-A): 80 x 40 in NoC#1, 40 x 32 in NoC#2, ceil(log2 40) = 6 home bits */
	CHECK_INT(dcl1_shape(DCL1_SH, 80, 40, 1, 32, &s, &why), 0, "Sh40 legal");
	CHECK_INT(s.noc1.count, 1, "§V-A"); CHECK_INT(s.noc1.n_in, 80, "§V-A: 80 x 40");
	CHECK_INT(s.noc1.n_out, 40, "§V-A: 80 x 40");
	CHECK_INT(s.noc2.n_in, 40, "§V-B: 40 x 32"); CHECK_INT(s.noc2.n_out, 32, "§V-B: 40 x 32");
	CHECK_INT(s.home_bits, 6, "§V-A: ceil(log2 40)");
	CHECK_INT(s.domains, 1, "Sh40 keeps one copy");
	/* Sh40+C10 (§VI-A): 10 x (8 x 4) in NoC#1, 4 x (10 x 8) in NoC#2, 2 home bits */
	CHECK_INT(dcl1_shape(DCL1_SHC, 80, 40, 10, 32, &s, &why), 0, "Sh40+C10 legal");
	CHECK_INT(s.noc1.count, 10, "§VI-A: a crossbar per cluster");
	CHECK_INT(s.noc1.n_in, 8, "§VI-A: 8 x 4"); CHECK_INT(s.noc1.n_out, 4, "§VI-A: 8 x 4");
	CHECK_INT(s.noc2.count, 4, "§VI-A: four 10 x 8");
	CHECK_INT(s.noc2.n_in, 10, "§VI-A: 10 x 8"); CHECK_INT(s.noc2.n_out, 8, "§VI-A: 10 x 8");
	CHECK_INT(s.home_bits, 2, "§VI-A: ceil(log2(40/10))");
	CHECK_INT(s.domains, 10, "§VI-B: at most 10 copies");
	/* legality */
	CHECK_INT(dcl1_shape(DCL1_PR, 80, 30, 1, 32, &s, &why), -1, "30 does not divide 80");
	CHECK_STR(why, "dcl1: dcl1_nodes (Y) must divide the core count X (paper §IV-A)", "rule text");
	CHECK_INT(dcl1_shape(DCL1_SHC, 80, 40, 3, 32, &s, &why), -1, "3 does not divide 40");
	CHECK_STR(why, "dcl1: dcl1_clusters (Z) must divide dcl1_nodes (Y) (paper §VI-A)", "rule text");
	CHECK_INT(dcl1_shape(DCL1_SHC, 80, 40, 1, 32, &s, &why), -1, "M = 40 does not divide 32");
	CHECK_STR(why, "dcl1: nodes per cluster M = Y/Z must divide the LLC slice count L (paper §VI-A)", "rule text");
	CHECK_INT(dcl1_shape(DCL1_SHC, 80, 40, 40, 32, &s, &why), 0, "C40 = Pr40 (§VI-B)");
	CHECK_INT(s.noc1.n_in, 2, "C40 NoC#1 = 2 x 1 like Pr40"); CHECK_INT(s.noc1.n_out, 1, "C40");
	CHECK_INT(s.noc2.count, 1, "C40 NoC#2 = one 40 x 32"); CHECK_INT(s.noc2.n_in, 40, "C40");
}

static void test_cost(void)
{
	/* NoC area / static power ratios vs the paper's DSENT numbers (fit, tolerance 0.06) */
	static const struct { int org, y, z; double area, power; const char *src; } c[] = {
		{ DCL1_PR, 80, 1, 1.00, 1.00, "§IV-B: Pr80 insignificant" },
		{ DCL1_PR, 40, 1, 0.72, 0.96, "§IV-B: Pr40 -28% area, -4% static" },
		{ DCL1_PR, 20, 1, 0.46, NAN, "§IV-B: Pr20 -54%" },
		{ DCL1_PR, 10, 1, 0.33, NAN, "§IV-B: Pr10 -67%" },
		{ DCL1_SH, 40, 1, 1.69, 1.57, "§V-B: Sh40 +69% area (+57% static: model +74%)" },
		{ DCL1_SHC, 40, 5, 0.55, 0.85, "§VI-B: C5 -45%, -15%" },
		{ DCL1_SHC, 40, 10, 0.50, 0.84, "§VI-B: C10 -50%, -16%" },
		{ DCL1_SHC, 40, 20, 0.55, 0.86, "§VI-B: C20 -45%, -14%" },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		dcl1_shape_t s;
		CHECK_INT(dcl1_shape(c[i].org, 80, c[i].y, c[i].z, 32, &s, NULL), 0, c[i].src);
		CHECK_NEAR(dcl1_noc_area_ratio(&s, 32), c[i].area, 0.06, c[i].src);
		if (!isnan(c[i].power))
			CHECK_NEAR(dcl1_noc_static_ratio(&s, 32), c[i].power, c[i].org == DCL1_SH ? 0.2 : 0.06, c[i].src);
	}
	/* max frequency: 80x32 and 80x40 cannot double (§VIII Boosted Baseline, §VI-C); 8x4, 2x1 can */
	CHECK(dcl1_fmax_ratio(80, 32, 80, 32) < 2.0, "§VIII: 80x32 cannot run at 2x");
	CHECK(dcl1_fmax_ratio(80, 40, 80, 32) < 2.0, "§VI-C: 80x40 low max frequency");
	CHECK(dcl1_fmax_ratio(8, 4, 80, 32) >= 2.0, "§VI-C: 8x4 doubled");
	CHECK(dcl1_fmax_ratio(2, 1, 80, 32) >= 2.0, "§VI-C: 2x1 high max frequency");
	CHECK(dcl1_fmax_ratio(10, 8, 80, 32) > dcl1_fmax_ratio(40, 32, 80, 32), "smaller is faster");
	/* latency: 28 -> 30 cycles at 2x (§VIII) */
	CHECK_NEAR(dcl1_access_lat(28, 2), 30, 1e-12, "§VIII Latency Analysis");
	CHECK_NEAR(dcl1_access_lat(28, 1), 28, 0, "same size, same latency");
	/* node queues: 40 x 2 KB = 6.25% of 80 x 16 KB (§VIII Area Analysis) */
	dcl1_shape_t s;
	dcl1_shape(DCL1_SHC, 80, 40, 10, 32, &s, NULL);
	CHECK_NEAR(40.0 * DCL1_QUEUE_BYTES / (80 * 16384.0), 0.0625, 1e-12, "§VIII: queues 6.25%");
	/* cache area: 8% saving from 40 instead of 80 banks, less the queues' 6.25% of the arrays */
	double want = (80 + 40 * DCL1_BANK_PERIPHERY + 40 * 2048.0 / 16384) / (80 * (1 + DCL1_BANK_PERIPHERY));
	CHECK_NEAR(dcl1_l1_area_ratio(&s, 16384), want, 1e-12, "closed form of dcl1.h");
	CHECK_NEAR((80 + 40 * DCL1_BANK_PERIPHERY) / (80 * (1 + DCL1_BANK_PERIPHERY)), 0.92, 0.001,
	           "§VIII: 8% cache area saving, 80 -> 40 banks");
}

static void test_camping(void)
{
	/* 40 homes, all traffic on homes = 0 mod 5 (8 of 40): skew 5 for Sh40; folded onto 4 homes
	 * (C10) every home gets 2 of the 8 hot ones: skew 1. */
	profile_t p;
	memset(&p, 0, sizeof p);
	profile_homes_t h;
	double frac[40] = { 0 };
	for (int k = 0; k < 40; k += 5)
		frac[k] = 1.0 / 8;
	h.n_homes = 40;
	h.frac = frac;
	p.homes = &h;
	p.n_homes = 1;
	int found = 0;
	CHECK_NEAR(dcl1_camping_skew(&p, 40, &found), 5.0, 1e-12, "8 of 40 homes hot: 40 x 1/8");
	CHECK_INT(found, 1, "distribution for 40 homes present");
	CHECK_NEAR(dcl1_camping_skew(&p, 4, &found), 1.0, 1e-12, "folded onto 4: uniform");
	CHECK_NEAR(dcl1_camping_skew(&p, 8, &found), 1.0, 1e-12, "multiples of 5 mod 8 cover all 8 homes");
	CHECK_NEAR(dcl1_camping_skew(&p, 20, &found), 5.0, 1e-12, "multiples of 5 mod 20: 4 hot homes");
	CHECK_NEAR(dcl1_camping_skew(&p, 3, &found), 1.0, 0, "3 does not divide 40: no data");
	CHECK_INT(found, 0, "no distribution folds onto 3 homes");
}

/* Model (footprint tables from the simulated trace's profile) vs the simulation. */
static void compare(const char *label, const mcs_gen_t *gen, int cap_core, int assoc,
                    const int cfg[][3], int ncfg)
{
	mcs_trace_t t;
	if (mcs_trace_gen(gen, &t) != 0) {
		CHECK(0, "trace generation");
		return;
	}
	int x = gen->n_sm;
	int groups[16], ng = 0;
	for (int g = 2; g < x && ng < 16; g++)
		if (x % g == 0)
			groups[ng++] = g;
	int homes[16], nh = 0;
	for (int k = 2; k <= x && nh < 16; k++)
		if (x % k == 0)
			homes[nh++] = k;
	profile_t p;
	if (mcs_profile(&t, groups, ng, homes, nh, 128, &p) != 0) {
		CHECK(0, "profile");
		mcs_trace_free(&t);
		return;
	}
	dcl1_ctx_t *ctx = dcl1_ctx_alloc(&p, x, cap_core, assoc);
	CHECK(ctx != NULL, "context");
	gpu_t g;
	gpu80(&g);
	g.n_sm = x;
	g.llc_slices = x;
	g.l1_kib = cap_core * 128 / 1024.0;
	for (int i = 0; ctx && i < ncfg; i++) {
		design_t d;
		design_default(&d);
		d.dcl1_org = cfg[i][0];
		d.dcl1_nodes = cfg[i][1];
		d.dcl1_clusters = cfg[i][2];
		dcl1_eval_t e;
		const char *why;
		if (dcl1_eval(&g, &d, ctx, &e, &why) != 0) {
			CHECK(0, why);
			continue;
		}
		mcs_result_t r;
		CHECK_INT(mcs_simulate(&t, cfg[i][0], cfg[i][1], cfg[i][2], cap_core, assoc, &r), 0, "simulate");
		char src[160];
		snprintf(src, sizeof src, "multicachesim %s org %d Y %d Z %d assoc %d", label, cfg[i][0],
		         cfg[i][1], cfg[i][2], assoc);
		if (getenv("DCL1_VERBOSE"))
			printf("%-14s a%d org %d Y %2d Z %2d  miss %.4f sim %.4f  repl %.4f sim %.4f  copies %.3f sim %.3f\n",
			       label, assoc, cfg[i][0], cfg[i][1], cfg[i][2], e.miss, r.miss_ratio, e.replication,
			       r.replication, e.copies, r.copies);
		CHECK_NEAR(e.miss, r.miss_ratio, 0.03, src);
		if (assoc == 0)   /* replication is the fully-associative measure (dcl1.h) */
			CHECK_NEAR(e.replication, r.replication, 0.05, src);
		CHECK(e.copies >= 1.0 && e.copies <= e.s.domains, "copies in [1, G] (§VI-B: at most Z)");
	}
	dcl1_ctx_free(ctx);
	profile_free(&p);
	mcs_trace_free(&t);
}

static void test_vs_sim(void)
{
	static const int cfg16[][3] = {
		{ DCL1_BASE, 0, 1 }, { DCL1_PR, 8, 1 }, { DCL1_PR, 4, 1 }, { DCL1_SH, 8, 1 },
		{ DCL1_SHC, 8, 2 }, { DCL1_SHC, 8, 4 },
	};
	int n16 = (int)(sizeof cfg16 / sizeof cfg16[0]);
	/* replication-heavy: most accesses to one pool every SM reads */
	mcs_gen_t heavy = { .n_sm = 16, .per_sm = 6000, .p_shared = 0.7, .shared_blocks = 600,
	                    .private_blocks = 150, .stride = 1, .seed = 11 };
	compare("shared-heavy", &heavy, 32, 0, cfg16, n16);
	/* no sharing: replication 0 everywhere */
	mcs_gen_t none = { .n_sm = 16, .per_sm = 6000, .p_shared = 0, .private_blocks = 80,
	                   .stride = 1, .seed = 12 };
	compare("private", &none, 32, 0, cfg16, n16);
	/* neighbourhood sharing (S-Reduction-like): groups of 4 SMs share a pool */
	mcs_gen_t local = { .n_sm = 16, .per_sm = 6000, .p_shared = 0.2, .shared_blocks = 300,
	                    .p_local = 0.5, .local_group = 4, .local_blocks = 200,
	                    .private_blocks = 100, .stride = 1, .seed = 13 };
	compare("neighbourhood", &local, 32, 0, cfg16, n16);
	/* high reuse: the shared pool fits in a few caches (paper-like: many copies per line) */
	mcs_gen_t reuse = { .n_sm = 16, .per_sm = 8000, .p_shared = 0.85, .shared_blocks = 96,
	                    .private_blocks = 40, .stride = 1, .seed = 14 };
	compare("high-reuse", &reuse, 32, 0, cfg16, n16);
	/* streaming: SMs walk the shared pool in order, each from its own place */
	mcs_gen_t scan = { .n_sm = 16, .per_sm = 6000, .p_shared = 0.8, .shared_blocks = 400,
	                   .p_scan = 0.7, .private_blocks = 60, .stride = 1, .seed = 16 };
	compare("scan", &scan, 32, 0, cfg16, n16);
	/* 4-way caches of 128 lines per core (Table II: 16 KB 4-way), pools scaled to match:
	 * the miss table is Smith's model (hashed sets in the simulator, its assumption) */
	mcs_gen_t h4 = heavy, l4 = local, s4 = scan;
	h4.shared_blocks *= 4; h4.private_blocks *= 4;
	l4.shared_blocks *= 4; l4.local_blocks *= 4; l4.private_blocks *= 4;
	s4.shared_blocks *= 4; s4.private_blocks *= 4;
	compare("shared-heavy", &h4, 128, 4, cfg16, n16);
	compare("neighbourhood", &l4, 128, 4, cfg16, n16);
	compare("scan", &s4, 128, 4, cfg16, n16);
	/* 32 SMs, sharing at two levels */
	static const int cfg32[][3] = {
		{ DCL1_BASE, 0, 1 }, { DCL1_PR, 16, 1 }, { DCL1_SH, 16, 1 }, { DCL1_SHC, 16, 2 },
		{ DCL1_SHC, 16, 4 }, { DCL1_SHC, 16, 8 },
	};
	mcs_gen_t two = { .n_sm = 32, .per_sm = 4000, .p_shared = 0.5, .shared_blocks = 256,
	                  .p_local = 0.3, .local_group = 8, .local_blocks = 96,
	                  .private_blocks = 48, .stride = 1, .seed = 15 };
	compare("two-level", &two, 24, 0, cfg32, (int)(sizeof cfg32 / sizeof cfg32[0]));
}

/* Development cases of the node records (issue 17; held-out: test_dcl1_heldout.c): the
 * dev traces above at 4 and 8 ways, linear and IPOLY node index, against multicachesim. */
static double dev_miss, dev_repl;
static int dev_n;

static void dev_exact(const char *label, const mcs_gen_t *gen, int cap_core, const int cfg[][3], int ncfg)
{
	mcs_trace_t t;
	profile_t p;
	int x = gen->n_sm;
	if (mcs_trace_gen(gen, &t) != 0 || mcs_profile(&t, NULL, 0, NULL, 0, 128, &p) != 0) {
		CHECK(0, "trace/profile");
		return;
	}
	static const int ways_l[] = { 4, 8 };
	noderec_cfg_t nc[64];
	int n = 0;
	for (int i = 0; i < ncfg; i++)
		for (int w = 0; w < 2; w++)
			for (int f = 0; f < 2; f++) {
				int org = cfg[i][0], y = cfg[i][1], z = cfg[i][2];
				int group = org == DCL1_BASE ? 1 : org == DCL1_PR ? x / y : org == DCL1_SH ? x : x / z;
				int homes = org == DCL1_SH ? y : org == DCL1_SHC ? y / z : 1;
				long node = org == DCL1_BASE ? cap_core : (long)x * cap_core / y;
				int k = 0;
				while ((1L << k) * ways_l[w] < node)
					k++;
				nc[n++] = (noderec_cfg_t){ group, homes, 1, f ? SA_IPOLY : SA_LINEAR, k };
			}
	if (mcs_profile_nodes(&t, nc, n, 0, &p) != 0)
		CHECK(0, "node records");
	gpu_t g;
	gpu80(&g);
	g.n_sm = x;
	g.llc_slices = x;
	g.l1_kib = cap_core * 128 / 1024.0;
	for (int w = 0; w < 2; w++)
		for (int f = 0; f < 2; f++) {
			g.l1_assoc = ways_l[w];
			g.l1_index = f ? 2 : 1;
			dcl1_ctx_t *ctx = dcl1_ctx_alloc(&p, x, cap_core, ways_l[w]);
			if (!ctx || dcl1_ctx_nodes(ctx, &p, g.l1_index, 0) != 0) {
				CHECK(0, "context");
				dcl1_ctx_free(ctx);
				continue;
			}
			for (int i = 0; i < ncfg; i++) {
				design_t d;
				design_default(&d);
				d.dcl1_org = cfg[i][0];
				d.dcl1_nodes = cfg[i][1];
				d.dcl1_clusters = cfg[i][2];
				dcl1_eval_t e;
				const char *why;
				mcs_org_t mo = { .org = cfg[i][0], .y = cfg[i][1], .z = cfg[i][2], .cap_core = cap_core,
				                 .assoc = ways_l[w], .gran = 1, .index = f ? MCS_IPOLY : MCS_LINEAR };
				mcs_result_t r;
				if (dcl1_eval(&g, &d, ctx, &e, &why) != 0 || mcs_simulate_org(&t, &mo, &r) != 0) {
					CHECK(0, "eval/simulate");
					continue;
				}
				char src[160];
				snprintf(src, sizeof src, "multicachesim (node records) %s org %d Y %d Z %d a%d %s", label,
				         cfg[i][0], cfg[i][1], cfg[i][2], ways_l[w], f ? "ipoly" : "linear");
				CHECK(e.exact, src);
				CHECK_NEAR(e.miss, r.miss_ratio, 1e-9, src);
				CHECK_NEAR(e.replication, r.replication, 1e-9, src);
				dev_miss += fabs(e.miss - r.miss_ratio);
				dev_repl += fabs(e.replication - r.replication);
				dev_n++;
			}
			dcl1_ctx_free(ctx);
		}
	profile_free(&p);
	mcs_trace_free(&t);
}

/* Sh8 miss ratio of a trace (4 ways, node index f, granularity gran) from its node record,
 * and from the model without records (footprint + Smith) in *old. */
static double sh8_miss(const mcs_gen_t *gen, int gran, enum sa_index f, double *old)
{
	mcs_trace_t t;
	profile_t p;
	int groups[] = { 2, 4, 8 }, homes[] = { 8 };
	noderec_cfg_t c = { 16, 8, gran, f, 4 };      /* 16 x 32 / 8 = 64 lines, 4 ways: 16 sets */
	if (mcs_trace_gen(gen, &t) != 0 || mcs_profile(&t, groups, 3, homes, 1, 128, &p) != 0
	    || mcs_profile_nodes(&t, &c, 1, 0, &p) != 0)
		return NAN;
	gpu_t g;
	gpu80(&g);
	g.n_sm = 16;
	g.llc_slices = 16;
	g.l1_kib = 4;
	g.l1_assoc = 4;
	g.l1_index = f == SA_LINEAR ? 1 : 2;
	design_t d;
	design_default(&d);
	d.dcl1_org = DCL1_SH;
	d.dcl1_nodes = 8;
	d.dcl1_gran = gran;
	dcl1_ctx_t *ctx = dcl1_ctx_alloc(&p, 16, 32, 4), *o = dcl1_ctx_alloc(&p, 16, 32, 4);
	dcl1_ctx_nodes(ctx, &p, g.l1_index, 0);
	dcl1_eval_t e, eo;
	const char *why;
	double m = NAN;
	if (ctx && o && dcl1_eval(&g, &d, ctx, &e, &why) == 0 && dcl1_eval(&g, &d, o, &eo, &why) == 0 && e.exact) {
		m = e.miss;
		*old = eo.miss;
	}
	dcl1_ctx_free(ctx);
	dcl1_ctx_free(o);
	profile_free(&p);
	mcs_trace_free(&t);
	return m;
}

/* Partition camping raises the camped node's misses (issue 17): the same reuse at a stride of
 * 8 lines puts every line on one of Sh8's 8 homes, which then holds 1/8 of the capacity. */
static void test_camping_misses(void)
{
	mcs_gen_t u = { .n_sm = 16, .per_sm = 4000, .p_shared = 0.8, .shared_blocks = 200,
	                .private_blocks = 10, .stride = 1, .seed = 31 };
	mcs_gen_t c = u;
	c.stride = 8;
	double ou, oc, og;
	double ol, mu = sh8_miss(&u, 1, SA_LINEAR, &ou), mc = sh8_miss(&c, 1, SA_LINEAR, &oc);
	double ml = sh8_miss(&c, 8, SA_LINEAR, &ol), mg = sh8_miss(&c, 8, SA_IPOLY, &og);
	if (getenv("DCL1_VERBOSE"))
		printf("camping Sh8: miss %.4f unstrided, %.4f stride 8, with 8-line runs %.4f linear %.4f IPOLY (without records: %.4f %.4f %.4f %.4f)\n",
		       mu, mc, ml, mg, ou, oc, ol, og);
	CHECK(mu < 0.05, "unstrided: the 360-line working set fits 8 nodes of 64 lines");
	CHECK(mc > 0.6, "stride 8: every line homes on one node of 64 lines: most miss");
	CHECK(ml > 0.6, "8-line runs spread the homes, but the node-local lines are multiples of 8: 2 of 16 linear sets");
	CHECK(mg < 0.05, "8-line runs and an IPOLY node index: spread over homes and sets again");
	CHECK(fabs(oc - ou) < 0.05, "the model without records does not see camping (its miss ratio ignores homes)");
}

static void test_vs_sim_exact(void)
{
	static const int cfg16[][3] = {
		{ DCL1_BASE, 0, 1 }, { DCL1_PR, 8, 1 }, { DCL1_PR, 4, 1 }, { DCL1_SH, 8, 1 },
		{ DCL1_SHC, 8, 2 }, { DCL1_SHC, 8, 4 },
	};
	int n16 = (int)(sizeof cfg16 / sizeof cfg16[0]);
	mcs_gen_t heavy = { .n_sm = 16, .per_sm = 6000, .p_shared = 0.7, .shared_blocks = 600,
	                    .private_blocks = 150, .stride = 1, .seed = 11 };
	mcs_gen_t local = { .n_sm = 16, .per_sm = 6000, .p_shared = 0.2, .shared_blocks = 300,
	                    .p_local = 0.5, .local_group = 4, .local_blocks = 200,
	                    .private_blocks = 100, .stride = 1, .seed = 13 };
	mcs_gen_t scan = { .n_sm = 16, .per_sm = 6000, .p_shared = 0.8, .shared_blocks = 400,
	                   .p_scan = 0.7, .private_blocks = 60, .stride = 1, .seed = 16 };
	dev_exact("shared-heavy", &heavy, 32, cfg16, n16);
	dev_exact("neighbourhood", &local, 32, cfg16, n16);
	dev_exact("scan", &scan, 32, cfg16, n16);
	printf("dcl1 development (node records): %d cases, miss ratio error mean %.2e, replication error mean %.2e\n",
	       dev_n, dev_n ? dev_miss / dev_n : 0.0, dev_n ? dev_repl / dev_n : 0.0);
	CHECK_INT(dev_n, 72, "3 traces x 6 organisations x 2 ways x 2 indices");
}

/* ---- the mechanism inside the GPU model (gpu_eval on the dcl1-80 preset) ---- */

typedef struct pt { const char *name; int org, y, z, boost; } pt_t;
static const pt_t pts[] = {
	{ "base", DCL1_BASE, 0, 1, 0 }, { "Pr40", DCL1_PR, 40, 1, 0 }, { "Sh40", DCL1_SH, 40, 1, 0 },
	{ "C5", DCL1_SHC, 40, 5, 0 }, { "C10", DCL1_SHC, 40, 10, 0 }, { "C20", DCL1_SHC, 40, 20, 0 },
	{ "C10+Boost", DCL1_SHC, 40, 10, 1 }, { "Sh40+Boost", DCL1_SH, 40, 1, 1 },
};
enum { P_BASE, P_PR40, P_SH40, P_C5, P_C10, P_C20, P_C10B, P_SH40B, P_N };

static int eval_all(const gpu_t *g, const profile_t *p, metrics_t out[P_N], memsys_t ms[P_N])
{
	const char *err = NULL;
	wctx_t *w = wctx_alloc(g, p, &err);
	if (!w) {
		CHECK(0, err);
		return -1;
	}
	for (int i = 0; i < P_N; i++) {
		design_t d;
		design_default(&d);
		d.dcl1_org = pts[i].org;
		d.dcl1_nodes = pts[i].y;
		d.dcl1_clusters = pts[i].z;
		d.dcl1_boost = pts[i].boost;
		const char *why = NULL;
		int rc = gpu_eval_detail(g, &d, w, &ms[i], &out[i], NULL, &why);
		CHECK_INT(rc, 0, pts[i].name);
		if (getenv("DCL1_VERBOSE"))
			printf("%-11s ipc %8.3f l1_miss %.4f repl %.3f noc_area %.3f mm2 noc_static %.3f W l1_area %.3f\n",
			       pts[i].name, out[i].ipc, 1 - out[i].l1_hit, out[i].replication,
			       out[i].area_comp_mm2[EC_NOC], ms[i].p_static_w[EC_NOC], out[i].area_comp_mm2[EC_L1]);
	}
	wctx_free(w);
	return 0;
}

static int make_profile(const mcs_gen_t *gen, double insts_per_access, profile_t *p)
{
	mcs_trace_t t;
	if (mcs_trace_gen(gen, &t) != 0)
		return -1;
	static const int groups[] = { 2, 4, 8, 16, 40 };
	static const int homes[] = { 40 };
	int rc = mcs_profile(&t, groups, 5, homes, 1, 128, p);
	if (rc == 0)
		rc = mcs_profile_coarsen(p, 64, 8);
	if (rc == 0) {
		p->insts = insts_per_access * (double)t.n;
		p->mem_insts = (double)t.n;
	}
	mcs_trace_free(&t);
	return rc;
}

static void test_gpu(void)
{
	if (!getenv("GPUDSE_ROOT"))
		setenv("GPUDSE_ROOT", ".", 1);
	gpu_t g;
	if (gpu_load("dcl1-80", &g) != 0) {
		CHECK(0, "studies/gpus/dcl1-80.json loads");
		return;
	}
	CHECK(mech_table[MECH_DCL1]->apply == dcl1_apply && mech_table[MECH_DCL1]->check == dcl1_check,
	      "dcl1 is the GPU model's DC-L1 row (mech.h)");
	{
		design_t d;
		design_default(&d);
		d.dcl1_org = DCL1_PR;
		d.dcl1_nodes = 30;
		const char *why = NULL;
		CHECK_INT(gpu_design_check(&g, &d, &why), -1, "Pr30 on 80 cores is illegal");
		CHECK_STR(why, "dcl1: dcl1_nodes (Y) must divide the core count X (paper §IV-A)", "dcl1_check");
		d.dcl1_org = DCL1_BASE;
		CHECK_INT(gpu_design_check(&g, &d, &why), 0, "base ignores dcl1_nodes");
	}
	metrics_t o[P_N];
	memsys_t m[P_N];

	/* Replication-heavy (§II-A criteria: replication > 25%, miss rate > 50%): 80 SMs reading
	 * one 6000-line pool 85% of the time (aggregate L1 = 80 x 128 lines = 10240). */
	mcs_gen_t heavy = { .n_sm = 80, .per_sm = 2500, .p_shared = 0.85, .shared_blocks = 6000,
	                    .private_blocks = 64, .stride = 1, .seed = 21 };
	profile_t p;
	if (make_profile(&heavy, 40.0, &p) != 0) {
		CHECK(0, "profile");
		return;
	}
	if (eval_all(&g, &p, o, m) == 0) {
		double mb = 1 - o[P_BASE].l1_hit;
		CHECK(m[P_BASE].n_extra == 0 && m[P_BASE].l1_count == 80, "base: no station, private L1s");
		CHECK(o[P_BASE].replication > 0.25, "§II-A: the baseline's replication ratio is reported (criterion > 25%)");
		CHECK(m[P_C10].n_extra >= 2, "NoC#1 stations added");
		CHECK(mb > 0.5, "§II-A: replication-sensitive profile has L1 miss rate > 50%");
		/* §VI-B / §VIII: miss rate falls Pr40 > C20 > C10 > C5 > Sh40 */
		CHECK(1 - o[P_PR40].l1_hit > 1 - o[P_C20].l1_hit, "§VI-B: Pr40 misses more than C20");
		CHECK(1 - o[P_C20].l1_hit > 1 - o[P_C10].l1_hit, "§VI-B: C20 > C10");
		CHECK(1 - o[P_C10].l1_hit > 1 - o[P_C5].l1_hit, "§VI-B: C10 > C5");
		CHECK(1 - o[P_C5].l1_hit > 1 - o[P_SH40].l1_hit, "§VI-B: C5 > Sh40");
		CHECK(o[P_PR40].replication > o[P_C20].replication && o[P_C20].replication > o[P_C10].replication &&
		      o[P_C10].replication > o[P_C5].replication && o[P_SH40].replication == 0,
		      "§VI-B: replication falls with fewer clusters, none in Sh40");
		/* NoC area: smallest around C10 among clustered, largest for Sh40 (§VI-B) */
		double a5 = o[P_C5].area_comp_mm2[EC_NOC], a10 = o[P_C10].area_comp_mm2[EC_NOC];
		double a20 = o[P_C20].area_comp_mm2[EC_NOC], a40 = o[P_SH40].area_comp_mm2[EC_NOC];
		CHECK(a10 < a5 && a10 < a20, "§VI-B: C10 has the smallest NoC among C5/C10/C20");
		for (int i = 0; i < P_N; i++)
			if (i != P_SH40 && i != P_SH40B)
				CHECK(a40 > o[i].area_comp_mm2[EC_NOC], "§V-B: Sh40 has the largest NoC");
		CHECK_NEAR(a40 / o[P_BASE].area_comp_mm2[EC_NOC], 1.69, 0.06, "§V-B: Sh40 +69% NoC area");
		CHECK_NEAR(a10 / o[P_BASE].area_comp_mm2[EC_NOC], 0.50, 0.06, "§VI-B: C10 -50% NoC area");
		/* DC-L1 latency: 30 cycles at 2x (§VIII) */
		CHECK_NEAR(m[P_C10].l1_lat, 30, 1e-9, "§VIII: 28 -> 30 cycles");
		CHECK_INT(m[P_C10].l1_count, 40, "40 DC-L1 nodes");
		CHECK_NEAR(m[P_C10].l1_bytes, 32768, 0, "§IV-A: X*C/Y = 2 x 16 KB");
		CHECK(o[P_C10B].ipc >= o[P_C10].ipc, "§VI-C: the boost never hurts");
		CHECK(o[P_SH40B].ipc == o[P_SH40].ipc, "§VI-C: 80x40 cannot be boosted: no change");
		if (getenv("DCL1_VERBOSE"))
			printf("miss-rate reduction vs base: Pr40 %.0f%% C20 %.0f%% C10 %.0f%% C5 %.0f%% Sh40 %.0f%%\n",
			       100 * (1 - (1 - o[P_PR40].l1_hit) / mb), 100 * (1 - (1 - o[P_C20].l1_hit) / mb),
			       100 * (1 - (1 - o[P_C10].l1_hit) / mb), 100 * (1 - (1 - o[P_C5].l1_hit) / mb),
			       100 * (1 - (1 - o[P_SH40].l1_hit) / mb));
	}
	profile_free(&p);

	/* Bandwidth-bound (P-3DCONV / P-2DCONV-like, §V-B): one memory access per instruction,
	 * high hit rate: NoC#1's 32 B links limit; the boost helps (§VI-C). */
	mcs_gen_t bw = { .n_sm = 80, .per_sm = 1500, .p_shared = 0.9, .shared_blocks = 400,
	                 .private_blocks = 16, .stride = 1, .seed = 22 };
	if (make_profile(&bw, 1.0, &p) == 0 && eval_all(&g, &p, o, m) == 0) {
		CHECK(o[P_C10B].ipc > 1.05 * o[P_C10].ipc, "§VI-C: boost helps a bandwidth-bound profile");
	} else {
		CHECK(0, "bandwidth-bound profile");
	}

	/* Partition camping (§V-B, P-2MM): addresses at a stride of 5 lines put every line on 8 of
	 * 40 homes (skew 5) but spread evenly over 4 (C10: skew 1).  Same reuse, so the slowdown
	 * against the unstrided profile is camping alone: Sh40 suffers more than Sh40+C10. */
	metrics_t c[P_N];
	const metrics_t *u = o;       /* the unstrided bandwidth-bound profile above */
	mcs_gen_t camp = bw;
	camp.stride = 5;
	profile_t pc;
	if (make_profile(&camp, 1.0, &pc) == 0 && eval_all(&g, &pc, c, m) == 0) {
		CHECK_NEAR(m[P_SH40].extra[0].skew, 5.0, 0.1, "8 of 40 homes carry the traffic");
		CHECK_NEAR(m[P_C10].extra[0].skew, 1.0, 0.01, "folded onto 4 homes: balanced");
		double s40 = c[P_SH40].ipc / u[P_SH40].ipc, s10 = c[P_C10].ipc / u[P_C10].ipc;
		CHECK(s40 < 0.95, "§V-B: camping slows Sh40");
		CHECK(s40 < s10, "§VIII: camping slows Sh40 more than Sh40+C10");
		if (getenv("DCL1_VERBOSE"))
			printf("camping: Sh40 ipc x%.3f, C10 ipc x%.3f\n", s40, s10);
	} else {
		CHECK(0, "camping profiles");
	}
	profile_free(&p);
	profile_free(&pc);
}

/* Missing group sizes (dcl1.h): with only group:2 and group:16 of 32 SMs, groups 4 and 8 are
 * interpolated in log2(g) at the same per-core capacity.  Flagged, between the neighbours,
 * and compared with the simulation at a looser tolerance (the interpolation is a documented
 * approximation, not an identity). */
static void test_interp(void)
{
	mcs_gen_t two = { .n_sm = 32, .per_sm = 4000, .p_shared = 0.5, .shared_blocks = 256,
	                  .p_local = 0.3, .local_group = 8, .local_blocks = 96,
	                  .private_blocks = 48, .stride = 1, .seed = 15 };
	mcs_trace_t t;
	profile_t p;
	static const int groups[] = { 2, 16 };
	if (mcs_trace_gen(&two, &t) != 0 || mcs_profile(&t, groups, 2, NULL, 0, 128, &p) != 0) {
		CHECK(0, "trace/profile");
		return;
	}
	dcl1_ctx_t *c = dcl1_ctx_alloc(&p, 32, 24, 0);
	CHECK(c != NULL, "context");
	if (c) {
		CHECK(!c->interp[2] && !c->interp[16] && !c->interp[32], "present groups are exact");
		CHECK(c->interp[4] && c->interp[8], "missing groups are interpolated");
		CHECK(c->miss[4] <= c->miss[2] && c->miss[4] >= c->miss[8] && c->miss[8] >= c->miss[16],
		      "interpolated miss ratios lie between their neighbours");
		static const int zs[] = { 8, 4 };   /* Sh16+C8: groups of 4; Sh16+C4: groups of 8 */
		for (int i = 0; i < 2; i++) {
			mcs_result_t r;
			mcs_simulate(&t, DCL1_SHC, 16, zs[i], 24, 0, &r);
			int gsz = 32 / zs[i];
			if (getenv("DCL1_VERBOSE"))
				printf("interp g=%d miss %.4f sim %.4f repl %.4f sim %.4f\n", gsz, c->miss[gsz],
				       r.miss_ratio, c->repl[gsz], r.replication);
			CHECK_NEAR(c->miss[gsz], r.miss_ratio, 0.06, "multicachesim, interpolated group size");
			CHECK_NEAR(c->repl[gsz], r.replication, 0.08, "multicachesim, interpolated group size");
		}
	}
	dcl1_ctx_free(c);
	profile_free(&p);
	mcs_trace_free(&t);
}

/* NoC#1 clock convention (dcl1.h): Table I's "128 Bytes / 4 Cycles" per node are core cycles,
 * so a 128 B reply holds a node-side NoC#1 port 4 core cycles (2 with the §VI-C boost), and
 * the fixed NoC#1 latency is the unloaded round trip 2 x noc_lat x noc_mhz / noc1_mhz. */
static void test_noc1_clock(void)
{
	gpu_t g;
	gpu80(&g);
	g.noc_lat = 12;
	static const struct { int org, y, z, boost; double service, lat; } c[] = {
		{ DCL1_PR, 40, 1, 0, 4.0, 12.0 },  /* Table I Pr40: 4 cycles; 2 x 12 x 700 / 1400 */
		{ DCL1_PR, 40, 1, 1, 2.0, 6.0 },   /* 2x1 crossbars can be boosted (§VI-C) */
		{ DCL1_SHC, 40, 10, 1, 2.0, 6.0 }, /* §VI-C: 8x drop -> 4x with the boost */
		{ DCL1_SH, 40, 1, 1, 4.0, 12.0 },  /* 80x40 cannot run at 2x: boost ignored */
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		design_t d;
		design_default(&d);
		d.dcl1_org = c[i].org, d.dcl1_nodes = c[i].y, d.dcl1_clusters = c[i].z, d.dcl1_boost = c[i].boost;
		dcl1_eval_t e;
		const char *why;
		if (dcl1_eval(&g, &d, NULL, &e, &why) != 0) {
			CHECK(0, why);
			continue;
		}
		CHECK_NEAR(e.noc1_service, c[i].service, 1e-12, "Table I: a 128 B line in 4 core cycles per NoC#1 port");
		CHECK_NEAR(e.noc1_lat, c[i].lat, 1e-12, "dcl1.h: unloaded NoC#1 round trip at the NoC#1 clock");
		/* the stations' bandwidth is Table I's: X x 128 B/cycle over Y x 128 B per service */
		CHECK_NEAR(e.peak_bw_drop, 80.0 * 128.0 / (c[i].y * 128.0 / c[i].service), 1e-12,
		           "Table I / §VI-C: 8x drop, 4x boosted, at the stations' clock");
	}
}

int main(void)
{
	test_table1();
	test_noc1_clock();
	test_cost();
	test_camping();
	test_vs_sim();
	test_vs_sim_exact();
	test_camping_misses();
	test_interp();
	test_gpu();
	return check_summary("dcl1");
}
