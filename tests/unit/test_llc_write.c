/*
 * test_llc_write.c -- the LLC write policy's DRAM traffic (models/llc_write.h) against closed
 * forms and an exact write-back LRU simulator (tests/reference/wbsim.c), and its composition in
 * the GPU model (models/gpu.c, LLC WRITE POLICY).
 *
 *  1. Closed forms: phi [W4] and delta [W5] at their limits and one worked value.
 *  2. Streaming (BlackScholes' shape, c-blk): 3 input and 2 output arrays of N blocks, read and
 *     written element by element, every access cold (h = 0, w = 0.4).  The simulator's memory
 *     reads and writes against [W1]-[W3] exactly (to a block of rounding), with the run shorter
 *     than the cache (no write at all under fetch and lazy: Accel-Sim's "total dram writes = 0")
 *     and 2x, 4x, 16x longer.
 *  3. Uniform independent reference model (IRM): F blocks, each access a uniformly drawn block,
 *     a store with probability w (GSL mt19937, seeded).  [W5] is exact in the steady state and
 *     [W4] exact for the evictions; the simulator's write-backs against L (1 - h) phi delta
 *     with the simulator's own hit ratio h.
 *  4. gpu_eval on the c-blk profile of the Accel-Sim reference set (SM7_QV100): under lazy the
 *     DRAM bytes are the loads' (3/5 of none's), none keeps the earlier equation, and a preset
 *     whose LLC is smaller than the run's allocations writes dirty evictions back.
 */
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "design.h"
#include "gpu.h"
#include "llc_write.h"
#include "presets/gpu_json.h"
#include "profiling/profile_json.h"
#include "reference/wbsim.h"
#include "support/check.h"

static void closed_forms(void)
{
	CHECK_NEAR(llcw_evicted_share(100.0, 100.0), 0.0, 0.0, "[W4]: A <= C evicts nothing");
	CHECK_NEAR(llcw_evicted_share(0.0, 100.0), 0.0, 0.0, "[W4]: no allocation");
	CHECK_NEAR(llcw_evicted_share(200.0, 100.0), 0.5, 1e-15, "[W4]: A = 2C evicts A - C = half");
	CHECK_NEAR(llcw_dirty_share(0.0, 0.4, 0.0), 0.4, 1e-15, "[W5]: h = 0, every line allocated by its one access");
	CHECK_NEAR(llcw_dirty_share(0.7, 0.0, 0.7), 0.0, 0.0, "[W5]: no stores, nothing dirty");
	CHECK_NEAR(llcw_dirty_share(0.7, 1.0, 0.7), 1.0, 1e-15, "[W5]: only stores, every line dirty");
	CHECK_NEAR(llcw_dirty_share(0.5, 0.2, 0.5), 1.0 / 3.0, 1e-15, "[W5]: 0.2 / (0.5 + 0.1), by hand");
	llcw_rates_t r = llcw_rates(LLCW_NONE, 0.25, 0.4, 0.25, 1e9, 32.0, 1e6);
	CHECK_NEAR(r.reads + r.writes, 0.75, 1e-15, "none: every miss is a DRAM access (gpu.c's earlier equation)");
	CHECK_NEAR(r.writes, 0.3, 1e-15, "none: the store misses w (1 - h)");
	r = llcw_rates(LLCW_LAZY, 0.25, 0.4, 0.25, 1e9, 32.0, 1e6);
	CHECK_NEAR(r.reads, 0.45, 1e-15, "lazy [W1]: (1 - h)(1 - w)");
	CHECK_NEAR(r.waited, 0.45, 1e-15, "[W2]: load misses");
	r = llcw_rates(LLCW_FETCH, 0.25, 0.4, 0.25, 1e9, 32.0, 1e6);
	CHECK_NEAR(r.reads, 0.75, 1e-15, "fetch [W1]: every miss reads");
	double phi = 1.0 - 1e6 / (1e9 * 0.75 * 32.0), delta = 0.4 / (0.75 + 0.1);
	CHECK_NEAR(r.writes, 0.75 * phi * delta, 1e-15, "fetch [W3]: (1 - h) phi delta");
	r = llcw_rates(LLCW_LAZY, 0.25, 0.4, 0.25, 1000.0, 32.0, 1e6);
	CHECK_NEAR(r.writes, 0.0, 0.0, "[W3]: a run whose allocations fit writes nothing back");
}

static const char *pol_name[] = { "none", "fetch", "lazy" };

/* 2. Streaming: element i reads in0[i], in1[i], in2[i], writes out0[i], out1[i]. */
static void streaming(void)
{
	const uint32_t C = 4096;
	const double mult[] = { 0.5, 2.0, 4.0, 16.0 };
	for (int pol = LLCW_NONE; pol <= LLCW_LAZY; pol++)
		for (size_t m = 0; m < sizeof mult / sizeof mult[0]; m++) {
			uint32_t N = (uint32_t)(mult[m] * C / 5.0);
			wbsim_t *c = wbsim_alloc(5 * N, C, pol);
			if (!c) {
				CHECK(0, "wbsim_alloc");
				return;
			}
			for (uint32_t i = 0; i < N; i++) {
				for (uint32_t a = 0; a < 3; a++)
					wbsim_access(c, a * N + i, 0);
				for (uint32_t a = 3; a < 5; a++)
					wbsim_access(c, a * N + i, 1);
			}
			double L = (double)wbsim_accesses(c);
			llcw_rates_t r = llcw_rates(pol, 0.0, 0.4, 0.0, L, 1.0, (double)C);
			char what[120];
			snprintf(what, sizeof what, "streaming, %s, run %.1fx the cache: reads (exact)", pol_name[pol], mult[m]);
			CHECK_NEAR(L * r.reads, (double)wbsim_mem_reads(c), 1e-6 * L, what);
			snprintf(what, sizeof what, "streaming, %s, run %.1fx the cache: writes (exact to 1 block)", pol_name[pol], mult[m]);
			CHECK_NEAR(L * r.writes, (double)wbsim_mem_writes(c), 1.0, what);
			if (pol != LLCW_NONE && mult[m] < 1.0)
				CHECK_INT((long long)wbsim_mem_writes(c), 0, "a run that fits the write-back cache writes nothing to memory");
			wbsim_free(c);
		}
}

/* 3. Uniform IRM. */
static void irm(void)
{
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rng, 20);
	const uint32_t F = 8192;
	const double cap[] = { 0.25, 0.5, 0.9 };       /* C / F */
	const double wf[] = { 0.05, 0.3, 0.7 };
	const double len[] = { 4.0, 40.0 };            /* run length / F */
	double worst = 0.0;
	for (size_t ic = 0; ic < 3; ic++)
		for (size_t iw = 0; iw < 3; iw++)
			for (size_t il = 0; il < 2; il++)
				for (int pol = LLCW_FETCH; pol <= LLCW_LAZY; pol++) {
					uint32_t C = (uint32_t)(cap[ic] * F);
					wbsim_t *c = wbsim_alloc(F, C, pol);
					if (!c) {
						CHECK(0, "wbsim_alloc");
						goto out;
					}
					long n = (long)(len[il] * F);
					for (long k = 0; k < n; k++)
						wbsim_access(c, (uint32_t)gsl_rng_uniform_int(rng, F), gsl_rng_uniform(rng) < wf[iw]);
					double L = (double)wbsim_accesses(c), h = (double)wbsim_hits(c) / L;
					llcw_rates_t r = llcw_rates(pol, h, wf[iw], h, L, 1.0, (double)C);
					double sim = (double)wbsim_mem_writes(c), mod = L * r.writes;
					double rel = fabs(mod - sim) / sim;
					char what[120];
					/* a line's residency lasts about F / (1 - h) accesses of the run; [W5]'s steady
					 * state needs a run of a few: in a shorter one the residencies that end are
					 * the short ones (fewer accesses, cleaner), so the model is an upper bound */
					double resid = len[il] * (1.0 - h);
					if (resid >= 2.0) {
						snprintf(what, sizeof what, "IRM %s, C/F %.2f, w %.2f, run %.0f F: write-backs within 6%%",
						         pol_name[pol], cap[ic], wf[iw], len[il]);
						CHECK_REL(mod, sim, 0.06, what);
						if (rel > worst)
							worst = rel;
					} else {
						snprintf(what, sizeof what, "IRM %s, C/F %.2f, w %.2f, run %.0f F (%.1f residencies): upper bound",
						         pol_name[pol], cap[ic], wf[iw], len[il], resid);
						CHECK(mod >= sim, what);
					}
					snprintf(what, sizeof what, "IRM %s, C/F %.2f, w %.2f: memory reads [W1] (exact given h)", pol_name[pol], cap[ic], wf[iw]);
					if (pol == LLCW_FETCH)
						CHECK_NEAR(L * r.reads, (double)wbsim_mem_reads(c), 1e-6 * L, what);
					else
						CHECK_REL(L * r.reads, (double)wbsim_mem_reads(c), 0.02, what);
					wbsim_free(c);
				}
	printf("IRM: worst relative error of the write-backs over runs of >= 2 residencies %.3f\n", worst);
out:
	gsl_rng_free(rng);
}

/* 4. Reused inputs, streamed outputs (a stencil's shape, p-2dconv): every step loads a uniformly
 * drawn block of an input array of F_in blocks and stores to the next block of an output array
 * never read; stores never hit (h_w = 0) while loads do.  [W0]-[W1] are identities given the
 * simulator's h, w, h_w; [W5] gives delta = a, the stores' share of allocations (inputs stay
 * clean, every output residency is dirty). */
static void reuse_and_stream(void)
{
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rng, 21);
	const uint32_t F_in = 4096, C = 2048, steps = 200000;
	for (int pol = LLCW_FETCH; pol <= LLCW_LAZY; pol++) {
		wbsim_t *c = wbsim_alloc(F_in + steps, C, pol);
		if (!c) {
			CHECK(0, "wbsim_alloc");
			break;
		}
		for (uint32_t i = 0; i < steps; i++) {
			wbsim_access(c, (uint32_t)gsl_rng_uniform_int(rng, F_in), 0);
			wbsim_access(c, F_in + i, 1);
		}
		double L = (double)wbsim_accesses(c), h = (double)wbsim_hits(c) / L;
		double w = (double)wbsim_stores(c) / L, h_w = (double)wbsim_store_hits(c) / (double)wbsim_stores(c);
		CHECK_NEAR(h_w, 0.0, 0.0, "streamed outputs never hit");
		llcw_rates_t r = llcw_rates(pol, h, w, h_w, L, 1.0, (double)C);
		char what[120];
		snprintf(what, sizeof what, "reuse + stream, %s: memory reads [W0]-[W1] (identity given h, h_w)", pol_name[pol]);
		CHECK_REL(L * r.reads, (double)wbsim_mem_reads(c), 1e-9, what);
		snprintf(what, sizeof what, "reuse + stream, %s: write-backs [W3]-[W5] within 2%%", pol_name[pol]);
		CHECK_REL(L * r.writes, (double)wbsim_mem_writes(c), 0.02, what);
		llcw_rates_t same = llcw_rates(pol, h, w, h, L, 1.0, (double)C);
		printf("reuse + stream, %s: h %.3f, w %.3f; reads taking h_w = h %+.1f%% off the simulator's, with h_w exact\n",
		       pol_name[pol], h, w, 100.0 * (L * same.reads / (double)wbsim_mem_reads(c) - 1.0));
		wbsim_free(c);
	}
	gsl_rng_free(rng);
}

/* 4. gpu_eval on the c-blk profile of the Accel-Sim reference set (header). */
static double dram_bpki(const gpu_t *g, const profile_t *p)
{
	const char *why = NULL;
	wctx_t *w = wctx_alloc(g, p, &why);
	if (!w)
		return -1.0;
	design_t d;
	design_default(&d);
	metrics_t m;
	memset(&m, 0, sizeof m);
	int rc = gpu_eval(g, &d, w, &m, &why);
	wctx_free(w);
	return rc ? -1.0 : m.dram_bpki;
}

static void in_gpu_eval(void)
{
	char gp[1200], pp[1200];
	snprintf(gp, sizeof gp, "%s/calibration/accelsim/presets/SM7_QV100.json", gpudse_root());
	snprintf(pp, sizeof pp, "%s/calibration/accelsim/profiles/SM7_QV100/c-blk.json", gpudse_root());
	gpu_t g;
	profile_t p;
	memset(&p, 0, sizeof p);
	if (gpu_load(gp, &g) || profile_load(pp, &p)) {
		CHECK(0, "the SM7_QV100 preset and the c-blk profile load");
		return;
	}
	/* c-blk: every LLC access cold (h = 0), stores 5000 of the 12500 sector accesses, each
	 * stored sector never touched before (h_w = 0), 400000 B allocated over the run */
	g.llc_write_alloc = LLCW_NONE;
	double none = dram_bpki(&g, &p);
	g.llc_write_alloc = LLCW_LAZY;
	double lazy = dram_bpki(&g, &p);
	CHECK(none > 0.0, "c-blk moves DRAM bytes");
	CHECK_REL(lazy, 0.6 * none, 1e-9, "lazy: the loads' 7500 of 12500 sectors (Accel-Sim's log: 7500 DRAM reads, 0 writes)");
	g.llc_write_alloc = LLCW_FETCH;
	CHECK_REL(dram_bpki(&g, &p), none, 1e-9, "fetch: every miss reads, and the run fits the 6 MiB LLC: no write-back");
	g.llc_kib = 64.0;                 /* 65536 B < the run's 400000 B of allocations */
	g.llc_write_alloc = LLCW_NONE;
	double none_s = dram_bpki(&g, &p);
	g.llc_write_alloc = LLCW_LAZY;
	/* [W6]: the profile's write-back record, read fully associatively at the LLC's 512 lines:
	 * the written sectors whose line went 512 or more lines deep before the next write or the
	 * end, 32 B each, over the run's instructions */
	profile_stream_t *gs = (profile_stream_t *)profile_stream(&p, "global");
	CHECK(gs && gs->sector_wb.total == 5000.0, "c-blk's write-back record: its 5000 stored sectors");
	double wb = 0.0;
	for (size_t i = 0; gs && i < gs->sector_wb.n; i++)
		wb += gs->sector_wb.lo[i] >= 512.0 ? gs->sector_wb.count[i] : 0.0;   /* bins are exact below 8192 */
	double rec = dram_bpki(&g, &p);
	printf("c-blk, 64 KiB fully associative LLC, lazy: %g of 5000 stored sectors written back [W6]; DRAM %.1f B/kinst\n",
	       wb, rec);
	CHECK_REL(rec, 0.6 * none_s + 32.0 * wb / (p.insts / 1000.0), 1e-9,
	          "64 KiB LLC, lazy, record: reads 0.6 + the record's write-backs x 32 B [W6]");
	/* without the record, [W3]-[W5] */
	reuse_hist_free(&gs->sector_wb);
	memset(&gs->sector_wb, 0, sizeof gs->sector_wb);
	double phi = 1.0 - 65536.0 / 400000.0;
	CHECK_REL(dram_bpki(&g, &p), none_s * (0.6 + 0.4 * phi), 1e-9,
	          "64 KiB LLC, lazy, no record: reads 0.6 + write-backs phi x delta, delta = 0.4 (h = 0), phi = 1 - C/A [W3]-[W5]");
	profile_free(&p);
}

int main(void)
{
	closed_forms();
	streaming();
	irm();
	reuse_and_stream();
	in_gpu_eval();
	return check_summary("test_llc_write");
}
