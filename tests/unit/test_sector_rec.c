/*
 * test_sector_rec.c -- the sector-granular L1 record (src/profiling/sector_rec.h) against an
 * exact sectored LRU cache (tests/reference/sectorsim.h): for every capacity C, the sector
 * accesses whose record g is below C must be exactly the simulated hits, over random streams
 * of requests with random sector masks, several SMs pooled, and kernel-end flushes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "design.h"
#include "gpu.h"
#include "profiling/profile_json.h"
#include "profiling/profiler.h"
#include "profiling/sector_rec.h"
#include "profiling/trace_nvbit.h"
#include "profiling/trace_text.h"
#include "reference/sectorsim.h"
#include "support/check.h"

static unsigned lcg(unsigned long long *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)(*x >> 33);
}

/* hits of the record at C lines: sum of the bins below C (bins are exact up to SECREC_EXACT) */
static double rec_hits(const reuse_hist_t *h, double c)
{
	double n = 0;
	for (size_t i = 0; i < h->n; i++)
		if (h->hi[i] <= c)
			n += h->count[i];
	return n;
}

static void one(int n_sm, int pool, int n, int flush_every, unsigned long long seed, const char *label)
{
	static const int caps[] = { 1, 2, 3, 8, 17, 64, 200, 1000 };
	enum { NC = sizeof caps / sizeof caps[0] };
	sector_rec_t *r = sector_rec_alloc();
	sectorsim_t sim[8][NC], glob[NC];        /* per SM (flushed) and all SMs merged (never) */
	/* groups of 2 and 4 consecutive SMs merged (never flushed): units k = sm / G */
	static const int gsz[2] = { 2, 4 };
	sectorsim_t grp[2][4][NC];
	CHECK_INT(sector_rec_groups(r, gsz, 2), 0, "groups of 2 and 4 SMs");
	for (int gi = 0; gi < 2; gi++)
		for (int k = 0; k < 4; k++)
			for (int c = 0; c < NC; c++)
				sectorsim_init(&grp[gi][k][c], caps[c]);
	for (int c = 0; c < NC; c++)
		sectorsim_init(&glob[c], caps[c]);
	for (int s = 0; s < n_sm; s++)
		for (int c = 0; c < NC; c++)
			if (sectorsim_init(&sim[s][c], caps[c])) {
				CHECK(0, "out of memory");
				return;
			}
	unsigned long long x = seed;
	double accesses = 0, all = 0, stores = 0, writes = 0, store_hits[NC] = { 0 };
	int refused = 0;
	for (int i = 0; i < n; i++) {
		int sm = (int)(lcg(&x) % (unsigned)n_sm);
		/* a skewed pool: half the requests to a small hot set */
		uint64_t line = lcg(&x) % 2 ? lcg(&x) % 16 : lcg(&x) % (unsigned)pool;
		unsigned mask = 1 + lcg(&x) % 15;
		/* a quarter stores, an eighth global atomics (they bypass the L1: the merged and
		 * group records only, and they are not plain stores) */
		int is_write = lcg(&x) % 4 == 0, bypass = lcg(&x) % 8 == 0;
		refused += sector_rec_access(r, sm, line, mask, is_write, bypass) != 0;
		for (int c = 0; c < NC; c++) {
			if (!bypass)
				sectorsim_access(&sim[sm][c], line, mask);
			double before = glob[c].hits;
			if (is_write)        /* plain stores and atomics modify the LLC's line */
				sectorsim_write(&glob[c], line, mask);
			else
				sectorsim_access(&glob[c], line, mask);
			if (is_write && !bypass)
				store_hits[c] += glob[c].hits - before;
			for (int gi = 0; gi < 2; gi++)
				sectorsim_access(&grp[gi][sm / gsz[gi]][c], line, mask);
		}
		if (!bypass)
			accesses += __builtin_popcount(mask);
		if (is_write && !bypass)
			stores += __builtin_popcount(mask);
		if (is_write)
			writes += __builtin_popcount(mask);
		all += __builtin_popcount(mask);
		if (flush_every && (i + 1) % flush_every == 0) {
			sector_rec_flush(r);
			for (int s = 0; s < n_sm; s++)
				for (int c = 0; c < NC; c++)
					sectorsim_flush(&sim[s][c]);
		}
	}
	CHECK_INT(refused, 0, "the record accepts every request");
	reuse_hist_t h;
	CHECK_INT(sector_rec_hist(r, &h), 0, "histogram");
	CHECK_NEAR(h.total, accesses, 0, "every sector access counted once");
	for (int c = 0; c < NC; c++) {
		double hits = 0;
		for (int s = 0; s < n_sm; s++)
			hits += sim[s][c].hits;
		char what[160];
		snprintf(what, sizeof what, "%s: sector hits at %d lines == sectorsim (exact)", label, caps[c]);
		CHECK_NEAR(rec_hits(&h, caps[c]), hits, 0, what);
		if (c == NC - 3)
			printf("  %-34s C=%4d lines: hit %.4f (record) %.4f (sim), %g sector accesses\n", label, caps[c],
			       rec_hits(&h, caps[c]) / accesses, hits / accesses, accesses);
	}
	reuse_hist_free(&h);
	CHECK_INT(sector_rec_hist_global(r, &h), 0, "global histogram");
	for (int c = 0; c < NC; c++) {
		char what[160];
		snprintf(what, sizeof what, "%s: merged-stream sector hits at %d lines == sectorsim (exact, never flushed)",
		         label, caps[c]);
		CHECK_NEAR(rec_hits(&h, caps[c]), glob[c].hits, 0, what);
	}
	reuse_hist_free(&h);
	/* the merged stream's plain stores alone (models/gpu.c LLC WRITE POLICY reads their LLC
	 * hits here): the simulated merged cache's hits on the stores' sectors */
	CHECK_INT(sector_rec_hist_global_writes(r, &h), 0, "global stores-only histogram");
	CHECK_NEAR(h.total, stores, 0, "every plain store's sector access in the global stores record");
	for (int c = 0; c < NC; c++) {
		char what[160];
		snprintf(what, sizeof what, "%s: merged-stream store sector hits at %d lines == sectorsim (exact)",
		         label, caps[c]);
		CHECK_NEAR(rec_hits(&h, caps[c]), store_hits[c], 0, what);
	}
	reuse_hist_free(&h);
	/* the write-back record (models/llc_write.h [W6]): at C lines, the entries >= C are the
	 * modified sectors the simulated write-back cache evicts (nothing flushed at the end) */
	CHECK_INT(sector_rec_hist_global_wb(r, &h), 0, "write-back record");
	CHECK_NEAR(h.total, writes, 0, "one write-back entry per written sector (stores and atomics)");
	CHECK_NEAR(h.cold, 0, 0, "no cold entries in the write-back record");
	for (int c = 0; c < NC; c++) {
		char what[160];
		snprintf(what, sizeof what, "%s: sectors written back at %d lines == sectorsim's dirty evictions (exact)",
		         label, caps[c]);
		CHECK_NEAR(h.total - rec_hits(&h, caps[c]), glob[c].written_back, 0, what);
		if (c == NC - 3)
			printf("  %-34s C=%4d lines: %g of %g written sectors written back (record), %g (sim)\n", label,
			       caps[c], h.total - rec_hits(&h, caps[c]), writes, glob[c].written_back);
		sectorsim_free(&glob[c]);
	}
	reuse_hist_free(&h);
	for (int gi = 0; gi < 2; gi++) {
		CHECK_INT(sector_rec_hist_group(r, gsz[gi], &h), 0, "group histogram");
		CHECK_NEAR(h.total, all, 0, "every sector access in the group record, atomics included");
		for (int c = 0; c < NC; c++) {
			double hits = 0;
			for (int k = 0; k < 4; k++)
				hits += grp[gi][k][c].hits;
			char what[160];
			snprintf(what, sizeof what, "%s: groups of %d SMs merged: sector hits at %d lines == sectorsim (exact)",
			         label, gsz[gi], caps[c]);
			CHECK_NEAR(rec_hits(&h, caps[c]), hits, 0, what);
		}
		reuse_hist_free(&h);
	}
	CHECK(sector_rec_hist_group(r, 8, &h) == -1, "a group size not asked for is refused");
	for (int gi = 0; gi < 2; gi++)
		for (int k = 0; k < 4; k++)
			for (int c = 0; c < NC; c++)
				sectorsim_free(&grp[gi][k][c]);
	for (int s = 0; s < n_sm; s++)
		for (int c = 0; c < NC; c++)
			sectorsim_free(&sim[s][c]);
	sector_rec_free(r);
}

/* The GPU model on a profile carrying the record: a sectored L1 (32 B sectors in 128 B lines)
 * hits the record's share at its capacity, and its misses move the missed sectors' bytes:
 * llc_apki x bytes_per_req = 1000 x (sectors / insts)(1 - h1s) x 32 B (gpu.c HIT RATES). */
static void model_use(void)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = 1;
	o.batch = 4096;
	o.fuse_sample = 0;
	profiler_t *pb = profiler_alloc(&o);
	sectorsim_t sim;
	sectorsim_init(&sim, 64);                    /* the L1 below: 8 KiB = 64 lines */
	unsigned long long x = 7;
	double sectors = 0, n = 20000;
	for (int i = 0; i < n; i++) {
		uint64_t line = lcg(&x) % 3 ? lcg(&x) % 48 : lcg(&x) % 400;
		unsigned mask = 1 + lcg(&x) % 15;
		profiler_access(pb, 0, 0, line * 128, 0);
		profiler_sectors(pb, 0, line * 128, mask, 0, 0);
		sectorsim_access(&sim, line, mask);
		sectors += __builtin_popcount(mask);
	}
	profiler_insts(pb, 0, 4 * n, n, sectors);
	profile_t p0, p;
	CHECK_INT(profiler_finish(pb, &p0), 0, "profile with the sector record");
	profiler_free(pb);
	/* through the JSON file (docs/profile-format.md sector_sd, sector_sd_w) */
	char path[] = "/tmp/gpudse-secrec-XXXXXX";
	int fd = mkstemp(path);
	if (fd >= 0)
		close(fd);
	CHECK_INT(profile_save(path, &p0), 0, "saved");
	CHECK_INT(profile_load(path, &p), 0, "loaded back");
	remove(path);
	const profile_stream_t *a = profile_stream(&p0, "l1"), *b = profile_stream(&p, "l1");
	CHECK(a && b && a->sector_sd.n == b->sector_sd.n && a->sector_sd.total == b->sector_sd.total &&
	      a->sector_sd.cold == b->sector_sd.cold && b->sector_sd.total == sectors,
	      "sector_sd round-trips, one count per sector access");
	profile_free(&p0);
	gpu_t g;
	gpu_defaults(&g);
	g.n_sm = 1;
	g.l1_kib = 8;
	g.l1_assoc = 64;                             /* fully associative: the record is exact */
	g.l1_sectored = 1;
	const char *err = NULL;
	wctx_t *w = wctx_alloc(&g, &p, &err);
	CHECK(w != NULL && w->l1_sector != NULL, "the model reads the record");
	design_t d;
	design_default(&d);
	metrics_t m;
	const char *why = NULL;
	CHECK_INT(gpu_eval(&g, &d, w, &m, &why), 0, "evaluates");
	double h = sim.hits / (sim.hits + sim.misses);
	printf("  model on the record: l1_hit_sector %.4f, sectorsim %.4f\n", m.l1_hit_sector, h);
	CHECK_NEAR(m.l1_hit_sector, h, 1e-9, "sectorsim: 64-line fully associative sectored LRU");
	CHECK_NEAR(m.l1_hit, h, 1e-9, "sectored preset: the L1 hit ratio is the sector record's");
	CHECK_REL(m.llc_apki / 1000 * w->bytes_per_req, sectors / (4 * n) * (1 - h) * 32, 1e-9,
	          "L1 miss bytes per instruction = the missed sectors' bytes");
	wctx_free(w);
	g.l1_sectored = 0;                           /* a line-granular L1: the line-level ratio */
	w = wctx_alloc(&g, &p, &err);
	metrics_t ml;
	CHECK_INT(gpu_eval(&g, &d, w, &ml, &why), 0, "evaluates");
	CHECK(fabs(ml.l1_hit - h) > 0.01 && ml.l1_hit_sector == m.l1_hit_sector,
	      "l1_sectored = 0: l1_hit stays the line-level ratio, the sector ratio is still reported");
	wctx_free(w);
	profile_free(&p);
	sectorsim_free(&sim);
}

/* The sectored LLC at fewer active SMs than the profile's (gpu.c HIT RATES, sectored LLC): a
 * profile of 8 SMs with group:2 and group:4 streams; at 4 active SMs the LLC hits exactly what a
 * fully associative sectored LRU LLC of the merged stream of each group of 4 SMs hits
 * (sectorsim, pooled), at 8 the global record's, at 3 the log-interpolation of groups 2 and 4:
 * (1 - t) H_2 + t H_4 with t = ln(3/2) / ln 2. */
static void model_llc_groups(void)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = 8;
	o.batch = 4096;
	o.fuse_sample = 0;
	o.setassoc = 0;
	o.n_groups = 2;
	o.groups[0] = 2;
	o.groups[1] = 4;
	o.sector_groups = 1;
	profiler_t *pb = profiler_alloc(&o);
	enum { LINES = 64 };
	sectorsim_t g2[4], g4[2], all;
	for (int k = 0; k < 4; k++)
		sectorsim_init(&g2[k], LINES);
	for (int k = 0; k < 2; k++)
		sectorsim_init(&g4[k], LINES);
	sectorsim_init(&all, LINES);
	unsigned long long x = 5;
	double n = 40000, sectors = 0;
	for (int i = 0; i < n; i++) {
		int sm = (int)(lcg(&x) % 8);
		uint64_t line = lcg(&x) % 3 ? 16 * (uint64_t)sm + lcg(&x) % 40 : lcg(&x) % 900;   /* some sharing */
		unsigned mask = 1 + lcg(&x) % 15;
		profiler_access(pb, sm, 0, line * 128, 0);
		profiler_sectors(pb, sm, line * 128, mask, 0, 0);
		sectorsim_access(&g2[sm / 2], line, mask);
		sectorsim_access(&g4[sm / 4], line, mask);
		sectorsim_access(&all, line, mask);
		sectors += __builtin_popcount(mask);
	}
	profiler_insts(pb, 0, 4 * n, n, sectors);
	profile_t p;
	CHECK_INT(profiler_finish(pb, &p), 0, "profile with group sector records");
	profiler_free(pb);
	const profile_stream_t *s4 = profile_stream(&p, "group:4");
	CHECK(s4 && s4->sector_sd.total == sectors, "group:4 carries the sector record");
	double h2 = 0, h4 = 0;
	for (int k = 0; k < 4; k++)
		h2 += g2[k].hits;
	for (int k = 0; k < 2; k++)
		h4 += g4[k].hits;
	h2 /= sectors;
	h4 /= sectors;
	gpu_t g;
	gpu_defaults(&g);
	g.llc_kib = LINES * 128.0 / 1024.0;
	g.llc_assoc = LINES;                         /* fully associative: the records are exact */
	g.llc_sectored = 1;
	g.llc_inclusion = GPU_INCL_INCLUSIVE;
	const char *err = NULL;
	static const struct { int sms; const char *what; } at[] = {
		{ 8, "8 SMs (all): the global record == sectorsim of the merged stream" },
		{ 4, "4 SMs: the group:4 record == sectorsim of each 4 SMs merged" },
		{ 3, "3 SMs: (1 - t) H_2 + t H_4, t = ln(3/2) / ln 2" },
	};
	double want[3] = { all.hits / sectors, h4, 0 };
	double t = log(1.5) / log(2.0);
	want[2] = (1 - t) * h2 + t * h4;
	for (int i = 0; i < 3; i++) {
		g.n_sm = at[i].sms;
		wctx_t *w = wctx_alloc(&g, &p, &err);
		CHECK(w != NULL, "context");
		if (!w)
			continue;
		design_t d;
		design_default(&d);
		memsys_t m;
		memsys_init(&g, &d, w, &m);
		CHECK_NEAR(gpu_hierarchy_bytes(&g, &m, w) / 128.0, LINES, 1e-9, "LLC of 64 lines");
		double h = gpu_llc_stream_hit(&g, &m, w);
		printf("  sectored LLC at %d SMs: %.4f (want %.4f)\n", at[i].sms, h, want[i]);
		CHECK_NEAR(h, want[i], 1e-9, at[i].what);
		wctx_free(w);
	}
	g.llc_sectored = 0;                          /* a line-granular LLC keeps the line streams */
	g.n_sm = 4;
	wctx_t *w = wctx_alloc(&g, &p, &err);
	if (w) {
		design_t d;
		design_default(&d);
		memsys_t m;
		memsys_init(&g, &d, w, &m);
		CHECK(fabs(gpu_llc_stream_hit(&g, &m, w) - h4) > 0.01, "llc_sectored = 0: the line-level ratio, not the sector record's");
		wctx_free(w);
	}
	profile_free(&p);
	for (int k = 0; k < 4; k++)
		sectorsim_free(&g2[k]);
	for (int k = 0; k < 2; k++)
		sectorsim_free(&g4[k]);
	sectorsim_free(&all);
}

static profiler_t *reader_pb(int n_sm)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = n_sm;
	o.batch = 4096;
	o.fuse_sample = 0;
	o.setassoc = 0;
	return profiler_alloc(&o);
}

/* The text reader feeds the record through profiler_sectors (the one sector hook): a random
 * trace of requests with SECTORS masks, 3 SMs, reads and writes, read back by trace_text_read;
 * the l1 record's hits at each capacity must be exactly sectorsim's per SM (pooled), the
 * global record's sectorsim's over the merged stream, sector_sd_w must count the stores'
 * sector accesses.  The text format marks no kernel ends and no atomics: nothing is flushed
 * or bypassed (docs/trace-formats.md). */
static void text_reader(void)
{
	static const int caps[] = { 1, 4, 16, 64, 300 };
	enum { NC = sizeof caps / sizeof caps[0], NSM = 3 };
	char path[] = "/tmp/gpudse-secrec-text-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	CHECK(f != NULL, "temporary trace");
	if (!f)
		return;
	sectorsim_t sim[NSM][NC], glob[NC];
	for (int c = 0; c < NC; c++) {
		sectorsim_init(&glob[c], caps[c]);
		for (int s = 0; s < NSM; s++)
			sectorsim_init(&sim[s][c], caps[c]);
	}
	unsigned long long x = 11;
	double accesses = 0, store_sectors = 0;
	for (int i = 0; i < 30000; i++) {
		int sm = (int)(lcg(&x) % NSM), wr = lcg(&x) % 5 == 0;
		uint64_t line = lcg(&x) % 2 ? lcg(&x) % 24 : lcg(&x) % 700;
		unsigned mask = 1 + lcg(&x) % 15;
		fprintf(f, "%d %c %llx 10 %x\n", sm, wr ? 'W' : 'R', (unsigned long long)(0x10000 + line * 128 + 32 * (lcg(&x) % 4)), mask);
		for (int c = 0; c < NC; c++) {
			sectorsim_access(&sim[sm][c], line + 0x10000 / 128, mask);
			sectorsim_access(&glob[c], line + 0x10000 / 128, mask);
		}
		accesses += __builtin_popcount(mask);
		store_sectors += wr ? __builtin_popcount(mask) : 0;
	}
	fclose(f);
	profiler_t *pb = reader_pb(NSM);
	CHECK_INT(trace_text_read(path, NULL, pb, NULL, NULL), 0, "text trace reads");
	profile_t p;
	CHECK_INT(profiler_finish(pb, &p), 0, "finish");
	profiler_free(pb);
	unlink(path);
	const profile_stream_t *l1 = profile_stream(&p, "l1"), *gl = profile_stream(&p, "global");
	CHECK(l1 && gl, "streams");
	if (l1 && gl) {
		CHECK_NEAR(l1->sector_sd.total, accesses, 0, "text reader: every sector access in the l1 record");
		CHECK_NEAR(l1->sector_sd_w.total, store_sectors, 0, "text reader: the stores' sector accesses in sector_sd_w");
		for (int c = 0; c < NC; c++) {
			double hits = 0;
			for (int s = 0; s < NSM; s++)
				hits += sim[s][c].hits;
			char what[120];
			snprintf(what, sizeof what, "text reader: l1 sector hits at %d lines == sectorsim per SM (exact)", caps[c]);
			CHECK_NEAR(rec_hits(&l1->sector_sd, caps[c]), hits, 0, what);
			snprintf(what, sizeof what, "text reader: global sector hits at %d lines == sectorsim merged (exact)", caps[c]);
			CHECK_NEAR(rec_hits(&gl->sector_sd, caps[c]), glob[c].hits, 0, what);
		}
	}
	profile_free(&p);
	for (int c = 0; c < NC; c++) {
		sectorsim_free(&glob[c]);
		for (int s = 0; s < NSM; s++)
			sectorsim_free(&sim[s][c]);
	}
}

/* The NVBit reader: launches flush the L1s, global atomics bypass them.  By hand, one SM (grid
 * 1x1x1), lanes 4 B apart from line L (32 lanes = 128 B = sectors 0..3 of L):
 *   launch 1: LDG L (4 sector misses), LDG L (4 hits), RED L (LLC only)
 *   launch 2: LDG L (flushed: 4 misses), STG L lanes 0..7 (sector 0: a hit, a store)
 * l1 record: 13 sector accesses, 8 cold, 5 hits at any capacity >= 1; sector_sd_w: 1 access,
 * a hit.  global record (never flushed, atomics included): 17 accesses, 4 cold, 13 hits. */
static void nvbit_reader(void)
{
	char path[] = "/tmp/gpudse-secrec-nvbit-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	CHECK(f != NULL, "temporary trace");
	if (!f)
		return;
	static const struct { int launch; const char *op; int lanes; } rec[] = {
		{ 1, "LDG.E", 32 }, { 0, "LDG.E", 32 }, { 0, "RED.E.ADD", 32 }, { 1, "LDG.E", 32 }, { 0, "STG.E", 8 },
	};
	for (size_t i = 0; i < sizeof rec / sizeof rec[0]; i++) {
		if (rec[i].launch)
			fprintf(f, "MEMTRACE: CTX 0x1 - LAUNCH - Kernel pc 0x7f0000000000 - Kernel name k - grid launch id 0 - "
			           "grid size 1,1,1 - block size 32,1,1 - nregs 16 - shmem 0 - cuda stream id 0\n");
		fprintf(f, "MEMTRACE: CTX 0x1 - grid_launch_id 0 - CTA 0,0,0 - warp 0 - %s - ", rec[i].op);
		for (int l = 0; l < 32; l++)
			fprintf(f, "0x%016llx ", l < rec[i].lanes ? 0x7f1200000000ULL + 4ULL * (unsigned long long)l : 0ULL);
		fprintf(f, "\n");
	}
	fclose(f);
	profiler_t *pb = reader_pb(1);
	nvbit_stats_t st;
	CHECK_INT(nvbit_read(path, 1, 128, NULL, pb, NULL, NULL, &st), 0, "NVBit trace reads");
	profile_t p;
	CHECK_INT(profiler_finish(pb, &p), 0, "finish");
	profiler_free(pb);
	unlink(path);
	const profile_stream_t *l1 = profile_stream(&p, "l1"), *gl = profile_stream(&p, "global");
	CHECK(l1 && gl, "streams");
	if (l1 && gl) {
		CHECK_NEAR(l1->sector_sd.total, 13, 0, "NVBit: 13 L1 sector accesses (the RED bypasses the L1)");
		CHECK_NEAR(l1->sector_sd.cold, 8, 0, "NVBit: 8 misses (the second launch starts flushed)");
		CHECK_NEAR(rec_hits(&l1->sector_sd, 1), 5, 0, "NVBit: 5 hits in a 1-line sectored L1");
		CHECK_NEAR(l1->sector_sd_w.total, 1, 0, "NVBit: one store sector access");
		CHECK_NEAR(rec_hits(&l1->sector_sd_w, 1), 1, 0, "NVBit: the store hits");
		CHECK_NEAR(gl->sector_sd.total, 17, 0, "NVBit: 17 LLC sector accesses (the RED included)");
		CHECK_NEAR(gl->sector_sd.cold, 4, 0, "NVBit: 4 LLC misses (the LLC is never flushed)");
	}
	profile_free(&p);
}

/* The LLC's store hits (models/gpu.c LLC WRITE POLICY) on a lazy write-allocate LLC: kernel 1
 * (SM 0) reads lines 0..99, kernel 2 (SM 1) writes them and reads lines 1000..1099.  The LLC
 * keeps kernel 1's lines, so every store hits it and reads nothing from DRAM; every load is a
 * first touch.  DRAM reads = the loads' 200 lines x 4 sectors x 32 B = 25600 B (GPGPU-Sim's
 * L:B:m:L: a store miss would allocate without a read, so DRAM reads are exactly the load
 * misses).  The global stream's stores-only record sees the store hits; the per-SM record
 * (flushed at the kernel's end, of SM 1 alone) would count them as misses, leaving fewer
 * misses to the loads than they have. */
static void model_store_hits(void)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = 2;
	o.fuse_sample = 0;
	profiler_t *pb = profiler_alloc(&o);
	for (int i = 0; i < 100; i++) {
		profiler_access(pb, 0, 0, (uint64_t)i * 128, 0);
		profiler_sectors(pb, 0, (uint64_t)i * 128, 15, 0, 0);
	}
	profiler_sector_flush(pb);
	for (int i = 0; i < 100; i++) {
		profiler_access(pb, 1, 1, (uint64_t)i * 128, 0);
		profiler_sectors(pb, 1, (uint64_t)i * 128, 15, 1, 0);
		profiler_access(pb, 1, 0, (uint64_t)(1000 + i) * 128, 0);
		profiler_sectors(pb, 1, (uint64_t)(1000 + i) * 128, 15, 0, 0);
	}
	profiler_insts(pb, 0, 400, 100, 400);
	profiler_insts(pb, 1, 800, 200, 800);
	profile_t p;
	CHECK_INT(profiler_finish(pb, &p), 0, "profile");
	profiler_free(pb);
	const profile_stream_t *gs = profile_stream(&p, "global");
	CHECK(gs && gs->sector_sd_w.total == 400 && gs->sector_sd_w.cold == 0,
	      "global stores record: 400 store sector accesses, none a first touch");
	gpu_t g;
	gpu_defaults(&g);
	g.n_sm = 2;
	g.l1_kib = 64;
	g.l1_sectored = 1;
	g.l1_write_through = 1;
	g.llc_sectored = 1;
	g.llc_kib = 1024;
	g.llc_assoc = 16;
	g.llc_write_alloc = 2;                       /* lazy (GPGPU-Sim 'L') */
	const char *err = NULL, *why = NULL;
	design_t d;
	design_default(&d);
	wctx_t *w = wctx_alloc(&g, &p, &err);
	CHECK(w && w->llc_store_global, "the model reads the global stores record");
	metrics_t m;
	CHECK_INT(gpu_eval(&g, &d, w, &m, &why), 0, "evaluates");
	double dram = m.dram_bpki * p.insts / 1000.0;
	printf("  LLC store hits: DRAM bytes %.1f with the global stores record (expected 25600)\n", dram);
	CHECK_REL(dram, 25600.0, 1e-6, "DRAM reads = the loads' 800 cold sectors x 32 B (stores hit the LLC)");
	wctx_free(w);
	reuse_hist_free(&((profile_stream_t *)gs)->sector_sd_w);   /* without it: the per-SM record */
	memset(&((profile_stream_t *)gs)->sector_sd_w, 0, sizeof gs->sector_sd_w);
	w = wctx_alloc(&g, &p, &err);
	CHECK_INT(gpu_eval(&g, &d, w, &m, &why), 0, "evaluates");
	double dram_l1 = m.dram_bpki * p.insts / 1000.0;
	printf("  the per-SM stores record instead: DRAM bytes %.1f\n", dram_l1);
	CHECK(dram_l1 < 0.9 * 25600.0, "the per-SM, kernel-flushed record counts the store hits as misses (fewer load misses)");
	wctx_free(w);
	profile_free(&p);
}

/* [W6] in the model (models/llc_write.h): a one-wave kernel that reads N lines and writes M
 * lines last leaves its M dirty lines resident (no write-back within the run: the exact answer,
 * GPGPU-Sim flushes nothing at the end), and the same accesses with the writes first write all
 * M lines back; [W4]-[W5] see only the counts and charge both the same. */
static double wb_dram_bytes(int writes_first, int keep_record, double *reads_bytes)
{
	enum { N = 1500, M = 300 };
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = 2;
	o.fuse_sample = 0;
	profiler_t *pb = profiler_alloc(&o);
	for (int phase = 0; phase < 2; phase++) {
		int wr = writes_first ? phase == 0 : phase == 1;
		int n = wr ? M : N;
		for (int i = 0; i < n; i++) {
			int sm = i % 2;
			uint64_t a = (uint64_t)(wr ? 100000 + i : i) * 128;
			profiler_access(pb, sm, wr, a, 0);
			profiler_sectors(pb, sm, a, 15, wr, 0);
		}
	}
	profiler_insts(pb, 0, 4 * (N + M), (N + M) / 2, 2 * (N + M));   /* half the requests, 4 sectors each */
	profiler_insts(pb, 1, 4 * (N + M), (N + M) / 2, 2 * (N + M));
	profile_t p;
	CHECK_INT(profiler_finish(pb, &p), 0, "profile");
	profiler_free(pb);
	profile_stream_t *gs = (profile_stream_t *)profile_stream(&p, "global");
	CHECK(gs && gs->sector_wb.total == 4.0 * M && gs->sector_wb.cold == 0, "write-back record: 4 M written sectors");
	if (!keep_record) {
		reuse_hist_free(&gs->sector_wb);
		memset(&gs->sector_wb, 0, sizeof gs->sector_wb);
	}
	gpu_t g;
	gpu_defaults(&g);
	g.n_sm = 2;
	g.l1_kib = 16;
	g.l1_sectored = 1;
	g.l1_write_through = 1;
	g.llc_sectored = 1;
	g.llc_kib = 64;                              /* 512 lines: M < 512 < N */
	g.llc_assoc = 512;                           /* one set: fully associative */
	g.llc_write_alloc = 2;                       /* lazy (GPGPU-Sim 'L') */
	const char *err = NULL, *why = NULL;
	design_t d;
	design_default(&d);
	wctx_t *w = wctx_alloc(&g, &p, &err);
	CHECK(w && (keep_record ? w->llc_wb_global != NULL : w->llc_wb_global == NULL), "the model reads the record when present");
	metrics_t m;
	CHECK_INT(gpu_eval(&g, &d, w, &m, &why), 0, "evaluates");
	double dram = m.dram_bpki * p.insts / 1000.0;
	*reads_bytes = N * 128.0;                    /* the loads' cold sectors; lazy stores read nothing */
	wctx_free(w);
	profile_free(&p);
	return dram;
}

static void model_write_back(void)
{
	double rd;
	double last = wb_dram_bytes(0, 1, &rd), first = wb_dram_bytes(1, 1, &rd);
	double last_w4 = wb_dram_bytes(0, 0, &rd), first_w4 = wb_dram_bytes(1, 0, &rd);
	printf("  write-back record [W6]: DRAM bytes %.0f (writes last) %.0f (writes first); [W4]-[W5]: %.0f, %.0f\n",
	       last, first, last_w4, first_w4);
	CHECK_REL(last, rd, 1e-9, "[W6] writes last: nothing written back (exact: the dirty lines stay resident)");
	CHECK_REL(first, rd + 300 * 128.0, 1e-9, "[W6] writes first: all 300 dirty lines written back (exact)");
	CHECK(last_w4 > rd + 1000.0, "[W4]-[W5] charge write-backs to the writes-last order too (they cannot see order)");
}

int main(void)
{
	model_write_back();
	text_reader();
	nvbit_reader();
	model_llc_groups();
	model_use();
	model_store_hits();
	one(1, 300, 40000, 0, 1, "one SM, no flush");
	one(4, 2000, 60000, 0, 2, "4 SMs pooled, no flush");
	one(3, 500, 60000, 7000, 3, "3 SMs, flush every 7000 requests");
	one(8, 5000, 80000, 20000, 4, "8 SMs, large pool, flushes");
	/* closed form: one line, sectors 0 then 0+1 then 1: miss, hit+miss, hit at any C >= 1 */
	sector_rec_t *r = sector_rec_alloc();
	sector_rec_access(r, 0, 5, 1, 0, 0);
	sector_rec_access(r, 0, 5, 3, 0, 0);
	sector_rec_access(r, 0, 5, 2, 0, 0);
	reuse_hist_t h;
	sector_rec_hist(r, &h);
	CHECK_NEAR(h.cold, 2, 0, "closed form: two first touches of a sector (SECTOR_MISS on a resident line)");
	CHECK_NEAR(rec_hits(&h, 1), 2, 0, "closed form: two hits in a 1-line cache");
	reuse_hist_free(&h);
	CHECK_INT(sector_rec_access(r, 0, 5, 0, 0, 0), -1, "an empty mask is refused");
	sector_rec_free(r);
	r = sector_rec_alloc();
	static const int one_sm[1] = { 1 }, two[1] = { 2 };
	CHECK_INT(sector_rec_groups(r, one_sm, 1), -1, "a group of one SM is refused (that is the l1 record)");
	CHECK_INT(sector_rec_access(r, 0, 5, 1, 0, 0), 0, "fed");
	CHECK_INT(sector_rec_groups(r, two, 1), -1, "groups after the first access are refused");
	sector_rec_free(r);
	return check_summary("sector_rec");
}
