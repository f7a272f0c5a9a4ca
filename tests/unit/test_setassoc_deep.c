/*
 * test_setassoc_deep.c -- the few-set deep records (profile_sa_deep_t; issue 17, Volta-and-later
 * L1s, GPGPU-Sim's "S:4:128:64..256" L1D: 4 sets of 64-256 ways) against the exact simulator
 * tests/reference/cachesim.c: write-allocate LRU per SM, 1, 2 and 4 sets of 65..512 ways,
 * linear (bit selection) and IPOLY index, on the development and held-out trace families of
 * tests/support/setfamilies.c (strides, column walks, uniform, Zipf, phases, multi-SM).  The
 * record is exact, so every configuration must agree to 1e-12; the capacities where 4 sets
 * differ from a fully-associative cache of the same size are printed (the stand-in the deep
 * record replaces).
 */
#include "support/check.h"
#include "support/setfamilies.h"
#include "reference/cachesim.h"
#include "profiling/profiler.h"
#include "setassoc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const struct { int sets, ways; } geo[] = {
	{ 4, 65 }, { 4, 128 }, { 4, 256 }, { 4, 512 }, { 2, 100 }, { 2, 256 }, { 1, 300 }, { 1, 512 },
};
enum { NGEO = sizeof geo / sizeof geo[0] };

static int n_cfg, n_differ;
static double worst, fa_gap;

static void family(const sf_spec_t *sp)
{
	tg_ref_t *t;
	if (sf_make(sp, &t)) {
		CHECK(0, "trace");
		return;
	}
	int n_sm = sp->n_sm > 0 ? sp->n_sm : 1;
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.block_bytes = SF_BLOCK;
	o.n_sm = n_sm;
	o.n_groups = 0;
	o.setassoc = 1;
	o.threads = 1;
	profiler_t *pb = profiler_alloc(&o);
	profile_t p;
	int rc = pb ? 0 : -1;
	for (size_t i = 0; i < sp->n && !rc; i++)
		rc = profiler_access(pb, t[i].sm, t[i].is_write, t[i].block * SF_BLOCK, 0);
	if (!rc)
		rc = profiler_finish(pb, &p);
	profiler_free(pb);
	if (rc) {
		CHECK(0, "profile");
		free(t);
		return;
	}
	const profile_stream_t *s = profile_stream(&p, "l1");
	CHECK(s && s->sa_deep, "the l1 stream carries the deep record");
	for (int g = 0; s && s->sa_deep && g < NGEO; g++)
		for (int f = 0; f < SA_NINDEX; f++) {
			double hits = 0, fa_hits = 0, n = 0;
			for (int sm = 0; sm < n_sm; sm++) {
				cachesim_t *c = cachesim_alloc((uint64_t)geo[g].sets, (uint32_t)geo[g].ways, CACHESIM_LRU,
				                               f == SA_LINEAR ? CACHESIM_MOD : CACHESIM_IPOLY, 1);
				cachesim_t *fa = cachesim_alloc(1, (uint32_t)(geo[g].sets * geo[g].ways), CACHESIM_LRU, CACHESIM_MOD, 1);
				for (size_t i = 0; i < sp->n; i++)
					if (t[i].sm == sm) {
						cachesim_access(c, t[i].block);
						cachesim_access(fa, t[i].block);
					}
				hits += (double)cachesim_hits(c);
				fa_hits += (double)cachesim_hits(fa);
				n += (double)cachesim_accesses(c);
				cachesim_free(c);
				cachesim_free(fa);
			}
			enum sa_method m;
			double h = setassoc_hit(s, (double)geo[g].sets * geo[g].ways, geo[g].ways, (enum sa_index)f,
			                        SA_WRITE_ALLOCATE, REUSE_LRU, &m);
			char src[160];
			snprintf(src, sizeof src, "cachesim %s: %d sets x %d ways %s", sp->name, geo[g].sets, geo[g].ways,
			         f == SA_LINEAR ? "linear" : "ipoly");
			CHECK(m == SA_M_EXACT, src);
			CHECK_NEAR(h, hits / n, 1e-12, src);
			double lvl = setassoc_level_hit(s, (double)geo[g].sets * geo[g].ways, geo[g].ways,
			                                f == SA_LINEAR ? 1 : 2, 0);
			CHECK_NEAR(lvl, hits / n, 1e-12, "setassoc_level_hit (the GPU model's call) takes it too");
			worst = fmax(worst, fabs(h - hits / n));
			double gap = fabs(fa_hits - hits) / n;
			fa_gap = fmax(fa_gap, gap);
			n_differ += gap > 0.005;
			n_cfg++;
			if (getenv("SA_VERBOSE"))
				printf("%-24s %d x %3d %-6s exact %.4f model %.4f fully-assoc %.4f\n", sp->name, geo[g].sets,
				       geo[g].ways, f == SA_LINEAR ? "linear" : "ipoly", hits / n, h, fa_hits / n);
		}
	profile_free(&p);
	free(t);
}

int main(void)
{
	size_t nd, nh;
	const sf_spec_t *dev = sf_dev_set(&nd), *held = sf_heldout_set(&nh);
	size_t kd = nd < 6 ? nd : 6, kh = nh < 6 ? nh : 6;    /* the first six of each suite */
	for (size_t i = 0; i < kd; i++)
		family(&dev[i]);
	for (size_t i = 0; i < kh; i++)
		family(&held[i]);
	printf("deep records: %d configurations, worst error %.1e; a fully-associative cache of the same size "
	       "differs by more than 0.005 in %d of them (worst %.4f)\n", n_cfg, worst, n_differ, fa_gap);
	CHECK(n_cfg == (int)(kd + kh) * NGEO * SA_NINDEX, "every family x geometry x index ran");
	return check_summary("setassoc_deep");
}
