/*
 * test_profiler.c -- src/profiling/profiler.c and src/profiling/trace_text.c on hand-made traces whose
 * histograms are worked out by hand in the comments, and against a naive O(N M) LRU stack
 * (an independent implementation of Mattson's definition) on seeded random traces.
 */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <zlib.h>

#include "reference/cachesim.h"
#include "support/check.h"
#include "cli.h"
#include "profiling/profile_json.h"
#include "profiling/profiler.h"
#include "profiling/trace_text.h"
#include "support/tracegen.h"

/* Count in h of the bin [lo, lo+1) (exact bins), or -1 when absent. */
static double exact_bin(const reuse_hist_t *h, double d)
{
	for (size_t i = 0; i < h->n; i++)
		if (h->lo[i] == d && h->hi[i] == d + 1)
			return h->count[i];
	return 0;
}

static profiler_t *mk(int n_sm, int block)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = n_sm;
	o.block_bytes = block;
	return profiler_alloc(&o);
}

static void test_bins(void)
{
	int ok_pow = 1, ok_contig = 1;
	for (int k = 6; k <= 40; k++)
		if (profiler_bin_lo(profiler_bin(1ULL << k)) != 1ULL << k)
			ok_pow = 0;
	for (int b = 0; b < 600; b++)
		if (profiler_bin_hi(b) != profiler_bin_lo(b + 1) || profiler_bin_lo(b) >= profiler_bin_hi(b))
			ok_contig = 0;
	CHECK(ok_pow, "profiler.h: every power of two >= 64 is a bin edge");
	CHECK(ok_contig, "bins contiguous with lo < hi");
	CHECK_INT(profiler_bin(63), 63, "exact below 64");
	CHECK_INT(profiler_bin(128) - profiler_bin(64), 16, "16 bins per octave");
	CHECK_INT((long long)profiler_bin_lo(profiler_bin(67)), 67, "edge round(64 * 2^(1/16)) = 67");
	CHECK_INT((long long)profiler_bin_lo(profiler_bin(66)), 64, "66 is in [64, 67)");
}

static void test_hand_sd(void)
{
	/* one SM: A B C A B B D A (blocks 0..3, 128-byte blocks).  By hand:
	 * A@3 saw {B,C} -> 2; B@4 saw {C,A} -> 2; B@5 -> 0; A@7 saw {B,D} -> 2; cold A,B,C,D.
	 * Reuse times (accesses strictly between): A@3 2, B@4 2, B@5 0, A@7 3. */
	const char seq[] = "ABCABBDA";
	profiler_t *pb = mk(0, 128);
	for (int i = 0; seq[i]; i++)
		profiler_access(pb, 0, 0, (uint64_t)(seq[i] - 'A') * 128 + 5, 0);
	profile_t p;
	CHECK(profiler_finish(pb, &p) == 0, "finish");
	profiler_free(pb);
	const profile_stream_t *s = profile_stream(&p, "l1");
	CHECK_NEAR(s->sd.cold, 4, 0, "hand: 4 first touches");
	CHECK_NEAR(exact_bin(&s->sd, 2), 3, 0, "hand: three reuses at distance 2");
	CHECK_NEAR(exact_bin(&s->sd, 0), 1, 0, "hand: B B at distance 0");
	CHECK_NEAR(s->sd.total, 8, 0, "histogram total = accesses");
	CHECK_NEAR(exact_bin(&s->rt, 2), 2, 0, "hand: reuse times 2, 2");
	CHECK_NEAR(exact_bin(&s->rt, 3), 1, 0, "hand: reuse time 3");
	CHECK_NEAR(exact_bin(&s->rt, 0), 1, 0, "hand: reuse time 0");
	CHECK_NEAR(s->footprint, 4, 0, "4 distinct blocks");
	CHECK(profile_stream(&p, "global") != NULL && profile_stream(&p, "group:2") == NULL,
	      "one SM: global kept, no group:2 (2 >= n_sm)");
	CHECK_NEAR(p.insts, 8, 0, "no I records: instruction count = accesses (docs/trace-format.md)");
	profile_free(&p);
}

/* Naive LRU stack: distance = position in the recency list [Mattson 1970]. */
static void naive(const tg_ref_t *r, size_t n, double *hist, int nb, double *cold)
{
	uint64_t *stack = malloc(n * sizeof *stack);
	size_t depth = 0;
	for (size_t i = 0; i < n; i++) {
		size_t k = 0;
		while (k < depth && stack[k] != r[i].block)
			k++;
		if (k == depth) {
			(*cold)++;
			depth++;
		} else {
			int b = profiler_bin(k);
			if (b < nb)
				hist[b]++;
		}
		memmove(stack + 1, stack, k * sizeof *stack);
		stack[0] = r[i].block;
	}
	free(stack);
}

static void test_against_naive(void)
{
	/* 60000 references over ~9000 blocks: exercises the log bins and many compactions */
	size_t n = 60000;
	tg_ref_t *r = malloc(n * sizeof *r);
	tg_mix_t mix = { 0 };
	mix.ncomp = 4;
	mix.comp[0] = (tg_comp_t){ TG_LOOP, 0.4, 40, 1, 0, 0 };
	mix.comp[1] = (tg_comp_t){ TG_LOOP, 0.2, 700, 1, 0, 0 };
	mix.comp[2] = (tg_comp_t){ TG_RANDOM, 0.2, 3000, 1, 0, 0 };
	mix.comp[3] = (tg_comp_t){ TG_ZIPF, 0.2, 5000, 1, 0.8, 0 };
	mix.n_sm = 1;
	mix.burst = 1;
	tg_mix(&mix, 3, r, n);
	int nb = profiler_bin(1 << 20);
	double *want = calloc((size_t)nb, sizeof *want), cold = 0;
	naive(r, n, want, nb, &cold);
	profiler_t *pb = mk(1, 1);
	for (size_t i = 0; i < n; i++)
		profiler_access(pb, 0, 0, r[i].block, 0);
	profile_t p;
	profiler_finish(pb, &p);
	profiler_free(pb);
	const profile_stream_t *s = profile_stream(&p, "l1");
	int bad = 0;
	double *got = calloc((size_t)nb, sizeof *got);
	for (size_t i = 0; i < s->sd.n; i++)
		got[profiler_bin((uint64_t)s->sd.lo[i])] += s->sd.count[i];
	for (int b = 0; b < nb; b++)
		bad += got[b] != want[b];
	CHECK_INT(bad, 0, "every bin equals the naive LRU stack's (Mattson 1970)");
	CHECK_NEAR(s->sd.cold, cold, 0, "cold = distinct blocks");
	free(got);
	free(want);
	free(r);
	profile_free(&p);
}

static void test_groups(void)
{
	/* (sm, block): (0,A) (1,A) (2,B) (3,A) (0,A) (1,B) (2,B) (3,B); by hand:
	 * l1: SM0 A A -> d0; SM1 A B cold; SM2 B B -> d0; SM3 A B cold => cold 6, d0 2, footprint 6
	 * group:2 {0,1}: A A A B -> cold 2, d0 2; {2,3}: B A B B -> cold 2, d1 1, d0 1
	 *         => cold 4, d0 3, d1 1, footprint 4
	 * global: A A B A A B B B -> cold 2, d0 4, d1 2, footprint 2 */
	int sm[] = { 0, 1, 2, 3, 0, 1, 2, 3 };
	char bl[] = "AABAABBB";
	profiler_t *pb = mk(4, 128);
	for (int i = 0; i < 8; i++)
		profiler_access(pb, sm[i], 0, (uint64_t)(bl[i] - 'A') * 128, 0);
	CHECK_INT(profiler_access(pb, 4, 0, 0, 0), -2, "SM id >= n_sm is refused");
	profile_t p;
	profiler_finish(pb, &p);
	profiler_free(pb);
	const profile_stream_t *l1 = profile_stream(&p, "l1"), *g2 = profile_stream(&p, "group:2"),
		*gl = profile_stream(&p, "global");
	CHECK(l1 && g2 && gl && !profile_stream(&p, "group:4"), "streams l1, group:2, global; no group:4 (= n_sm)");
	if (!(l1 && g2 && gl))
		return;
	CHECK_INT((long long)p.n_streams, 3, "three streams");
	CHECK_NEAR(l1->sd.cold, 6, 0, "l1 cold (hand)");
	CHECK_NEAR(exact_bin(&l1->sd, 0), 2, 0, "l1 d0 (hand)");
	CHECK_NEAR(l1->footprint, 6, 0, "l1 footprint summed over SMs");
	CHECK_NEAR(g2->sd.cold, 4, 0, "group:2 cold (hand)");
	CHECK_NEAR(exact_bin(&g2->sd, 0), 3, 0, "group:2 d0 (hand)");
	CHECK_NEAR(exact_bin(&g2->sd, 1), 1, 0, "group:2 d1 (hand)");
	CHECK_INT(g2->group, 2, "group:2 group");
	CHECK_NEAR(gl->sd.cold, 2, 0, "global cold (hand)");
	CHECK_NEAR(exact_bin(&gl->sd, 0), 4, 0, "global d0 (hand)");
	CHECK_NEAR(exact_bin(&gl->sd, 1), 2, 0, "global d1 (hand)");
	CHECK_INT(gl->group, 4, "global group = n_sm");
	CHECK_NEAR(gl->footprint, 2, 0, "global footprint");
	CHECK_INT(p.n_sm, 4, "n_sm");
	profile_free(&p);
}

/* Histograms equal bin by bin. */
static int same_hist(const reuse_hist_t *a, const reuse_hist_t *b)
{
	if (a->n != b->n || a->cold != b->cold || a->total != b->total)
		return 0;
	for (size_t i = 0; i < a->n; i++)
		if (a->lo[i] != b->lo[i] || a->hi[i] != b->hi[i] || a->count[i] != b->count[i])
			return 0;
	return 1;
}

/* Profile the references with the default options changed as given (every SM moved to SM 0
 * when all_sm0). */
static void run_refs_with(const tg_ref_t *r, size_t n, int global, int all_sm0, int threads, int write_evict,
			  profile_t *p)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.global = global;
	o.threads = threads;
	o.write_evict = write_evict;
	profiler_t *pb = profiler_alloc(&o);
	for (size_t i = 0; i < n; i++)
		profiler_access(pb, all_sm0 ? 0 : r[i].sm, r[i].is_write, r[i].block * 128, 0);
	profiler_finish(pb, p);
	profiler_free(pb);
}

static void run_refs(const tg_ref_t *r, size_t n, int global, int all_sm0, profile_t *p)
{
	run_refs_with(r, n, global, all_sm0, 0, 0, p);
}

/* The trace fed twice, with the class pass (profiler_class_pass) in between. */
static void run_two_passes(const tg_ref_t *r, size_t n, profile_t *p)
{
	profiler_t *pb = mk(0, 128);
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1)
			profiler_class_pass(pb);
		for (size_t i = 0; i < n; i++)
			profiler_access(pb, r[i].sm, r[i].is_write, r[i].block * 128, 0);
	}
	profiler_finish(pb, p);
	profiler_free(pb);
}

/* n accesses of the standard mix over nsm SMs (write share w, seed), where SMs appear in
 * stages: while i < until[k], SM ids are taken modulo span[k]; after the last stage, all. */
static tg_ref_t *staged_trace(size_t n, int nsm, double w, unsigned seed, const size_t *until,
			      const int *span, int nstage)
{
	tg_ref_t *r = malloc(n * sizeof *r);
	tg_mix_t mix;
	tg_mix_standard(&mix, nsm, w);
	tg_mix(&mix, seed, r, n);
	for (size_t i = 0; i < n; i++)
		for (int k = 0; k < nstage; k++)
			if (i < until[k]) {
				r[i].sm %= span[k];
				break;
			}
	return r;
}

/* Every stream of a and b the same, count for count (sd_we and the per-class histograms too
 * when `all`). */
static int same_streams(const profile_t *a, const profile_t *b, size_t nstreams, int all)
{
	int ok = a->n_streams == b->n_streams && a->n_streams == nstreams;
	for (size_t k = 0; ok && k < a->n_streams; k++) {
		const profile_stream_t *x = &a->streams[k], *y = &b->streams[k];
		ok = strcmp(x->name, y->name) == 0 && same_hist(&x->sd, &y->sd) && same_hist(&x->rt, &y->rt)
		     && x->footprint == y->footprint && x->writes == y->writes && x->accesses == y->accesses;
		if (all)
			ok = ok && same_hist(&x->sd_we, &y->sd_we);
		for (int c = 0; all && ok && c < RL_NCLASS; c++)
			ok = same_hist(&x->cls_sd[c], &y->cls_sd[c]);
	}
	for (int c = 0; all && ok && c < RL_NCLASS; c++)
		ok = a->rl_access_frac[c] == b->rl_access_frac[c] && a->rl_block_frac[c] == b->rl_block_frac[c];
	return ok;
}

static void test_lazy_levels(void)
{
	/* SMs appear progressively (SM 0 alone, then 0-1, 0-3, 0-7): the profiler creates the
	 * global and group levels only when an SM outside their unit 0 appears, as copies.
	 * Reference: with global = 0 every group level runs from the start; the global stream
	 * equals the l1 stream of the same trace with every access moved to SM 0. */
	size_t n = 40000;
	tg_ref_t *r = staged_trace(n, 8, 0.4, 11, (const size_t[]){ 5000, 10000, 20000 }, (const int[]){ 1, 2, 4 }, 3);
	profile_t lazy, eager, one;
	run_refs(r, n, 1, 0, &lazy);
	run_refs(r, n, 0, 0, &eager);
	run_refs(r, n, 1, 1, &one);
	int ok = 1;
	for (int g = 2; g <= 4; g *= 2) {
		char nm[32];
		snprintf(nm, sizeof nm, "group:%d", g);
		const profile_stream_t *a = profile_stream(&lazy, nm), *b = profile_stream(&eager, nm);
		ok &= a && b && same_hist(&a->sd, &b->sd) && same_hist(&a->rt, &b->rt) && a->footprint == b->footprint;
	}
	CHECK(ok, "lazily created group levels equal eagerly computed ones");
	const profile_stream_t *gl = profile_stream(&lazy, "global"), *l1 = profile_stream(&one, "l1");
	CHECK(gl && l1 && same_hist(&gl->sd, &l1->sd) && same_hist(&gl->rt, &l1->rt) && gl->footprint == l1->footprint,
	      "lazily created global level equals the merged stream profiled as one SM");
	CHECK(profile_stream(&eager, "global") == NULL, "global = 0: no global stream");
	profile_free(&lazy);
	profile_free(&eager);
	profile_free(&one);
	free(r);
}

static void test_threads(void)
{
	/* The stacks run on worker threads, a batch of 2^19 accesses at a time, while the reader
	 * fills the next batch (src/profiling/profiler.c, "batches").  The profile must not depend on it:
	 * 1.2M accesses (three batches), SMs appearing progressively (levels activate between
	 * batches), with and without write-evict stacks, on 1 and 3 threads. */
	size_t n = 1200000;
	tg_ref_t *r = staged_trace(n, 16, 0.3, 21, (const size_t[]){ 100000, 300000 }, (const int[]){ 1, 4 }, 2);
	for (int we = 0; we <= 1; we++) {
		profile_t a, b;
		run_refs_with(r, n, 1, 0, 1, we, &a);
		run_refs_with(r, n, 1, 0, 3, we, &b);
		int ok = same_streams(&a, &b, 5, 1);   /* l1, group:2,4,8, global */
		CHECK(ok, we ? "write-evict: 3 threads give the profile of 1 (every stream, every histogram)"
			     : "3 threads give the profile of 1 (every stream, every histogram)");
		profile_free(&a);
		profile_free(&b);
	}
	free(r);
}

/* The staged trace profiled with `batch` accesses per batch on `threads` threads. */
static void run_refs_batch(const tg_ref_t *r, size_t n, int batch, int threads, profile_t *p)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.batch = batch;
	o.threads = threads;
	o.write_evict = 1;
	profiler_t *pb = profiler_alloc(&o);
	for (size_t i = 0; i < n; i++)
		profiler_access(pb, r[i].sm, r[i].is_write, r[i].block * 128, 0);
	profiler_finish(pb, p);
	profiler_free(pb);
}

static void test_batch_size(void)
{
	/* opts.batch (the fuzzers use a small one): the profile does not depend on it.  60k
	 * accesses with SMs appearing in stages, one batch of the default size against batches of
	 * 7 (thousands of batches, levels activating inside them) and 4096, on 1 and 2 threads. */
	size_t n = 60000;
	tg_ref_t *r = staged_trace(n, 8, 0.3, 5, (const size_t[]){ 3001, 9000 }, (const int[]){ 1, 2 }, 2);
	profile_t ref;
	run_refs_batch(r, n, 0, 1, &ref);
	const int batches[] = { 7, 4096 };
	for (int b = 0; b < 2; b++)
		for (int t = 1; t <= 2; t++) {
			profile_t q;
			run_refs_batch(r, n, batches[b], t, &q);
			char what[96];
			snprintf(what, sizeof what, "batches of %d on %d thread(s) give the default batch's profile", batches[b], t);
			CHECK(same_streams(&ref, &q, 4, 1), what);   /* l1, group:2,4, global */
			profile_free(&q);
		}
	profile_free(&ref);
	free(r);
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.batch = -1;
	CHECK(profiler_alloc(&o) == NULL, "a negative batch is refused");
	o.batch = (1 << 19) + 1;
	CHECK(profiler_alloc(&o) == NULL, "a batch over 2^19 is refused");
}

static void test_identical_units(void)
{
	/* Units that N cuts short can hold the SMs of a smaller group's unit (N = 5: group:4's
	 * unit 1 is SM 4 alone, the l1's unit 4; N = 6: it is group:2's unit 2; N = 12: group:8's
	 * unit 1 is group:4's unit 2); one stack then serves both (src/profiling/profiler.c, unit_alias),
	 * and N = 7 separates group:4's unit 1 from group:2's unit 2 again (a copy of its stack).
	 * Reference: the same trace with write-evict stacks on, where every unit runs its own
	 * stack; the plain histograms must not differ in a single count, on 1 and 3 threads. */
	size_t n = 600000;
	tg_ref_t *r = staged_trace(n, 12, 0.3, 31, (const size_t[]){ 100000, 200000, 300000 }, (const int[]){ 5, 6, 7 }, 3);
	for (int th = 1; th <= 3; th += 2) {
		profile_t a, b;
		run_refs_with(r, n, 1, 0, th, 0, &a);
		run_refs_with(r, n, 1, 0, th, 1, &b);
		int ok = same_streams(&a, &b, 5, 0);   /* l1, group:2,4,8, global */
		CHECK(ok, th == 1 ? "units sharing a stream: every stream as with one stack per unit"
				  : "units sharing a stream, 3 threads: every stream as with one stack per unit");
		if (th == 1) {          /* the class pass (a second feed of the l1) keeps the sharing */
			profile_t c;
			run_two_passes(r, n, &c);
			CHECK(same_streams(&c, &b, 5, 0), "units sharing a stream, with the class pass: every stream as with one stack per unit");
			profile_free(&c);
		}
		profile_free(&a);
		profile_free(&b);
	}
	free(r);
}

static void test_read_levels(void)
{
	/* One SM. 0 A:W 1 B:W 2 C:R 3 A:W 4 B:R 5 C:R 6 D:R 7 E:W 8 B:R 9 C:R 10 A:R 11 E:R.
	 * Final classes (FUSE §III-A, our reading): A w2 -> WM; B w1 r2 -> RI; C r3 -> WORM;
	 * D r1 -> WORO; E w1 r1 -> WORO.  Non-cold accesses go to the class so far:
	 * A@3 d2 WM; B@4 d2 WORO (B is (w1,r1) then); C@5 d2 WORM; B@8 d3 RI; C@9 d3 WORM;
	 * A@10 d4 WM; E@11 d3 WORO. */
	const char *ops = "WWRWRRRWRRRR";
	const char *blk = "ABCABCDEBCAE";
	profiler_t *pb = mk(1, 64);
	for (int i = 0; ops[i]; i++)
		profiler_access(pb, 0, ops[i] == 'W', (uint64_t)(blk[i] - 'A') * 64, 0);
	profile_t p;
	profiler_finish(pb, &p);
	profiler_free(pb);
	CHECK(p.has_rl, "read levels present");
	CHECK_NEAR(p.rl_block_frac[RL_WM], 0.2, 1e-15, "1 of 5 blocks WM");
	CHECK_NEAR(p.rl_block_frac[RL_RI], 0.2, 1e-15, "1 of 5 blocks RI");
	CHECK_NEAR(p.rl_block_frac[RL_WORM], 0.2, 1e-15, "1 of 5 blocks WORM");
	CHECK_NEAR(p.rl_block_frac[RL_WORO], 0.4, 1e-15, "2 of 5 blocks WORO");
	CHECK_NEAR(p.rl_access_frac[RL_WM], 0.25, 1e-15, "3 of 12 accesses to WM blocks");
	CHECK_NEAR(p.rl_access_frac[RL_WORO], 0.25, 1e-15, "3 of 12 accesses to WORO blocks");
	CHECK_NEAR(p.rl_write_frac[RL_WM], 2.0 / 3, 1e-15, "WM: 2 writes of 3");
	CHECK_NEAR(p.rl_write_frac[RL_RI], 1.0 / 3, 1e-15, "RI: 1 write of 3");
	CHECK_NEAR(p.rl_write_frac[RL_WORM], 0, 0, "WORM: no write");
	const profile_stream_t *s = profile_stream(&p, "l1");
	const reuse_hist_t *c = s->cls_sd;
	CHECK_NEAR(c[RL_WM].cold, 1, 0, "WM cold = its blocks");
	CHECK_NEAR(exact_bin(&c[RL_WM], 2) + exact_bin(&c[RL_WM], 4), 2, 0, "WM: d2 and d4 (hand)");
	CHECK_NEAR(exact_bin(&c[RL_RI], 3), 1, 0, "RI: d3 (hand)");
	CHECK_NEAR(exact_bin(&c[RL_WORM], 2) + exact_bin(&c[RL_WORM], 3), 2, 0, "WORM: d2, d3 (hand)");
	CHECK_NEAR(c[RL_WORO].cold, 2, 0, "WORO cold = its 2 blocks");
	CHECK_NEAR(exact_bin(&c[RL_WORO], 2) + exact_bin(&c[RL_WORO], 3), 2, 0, "WORO: B@4 (provisional) and E@11");
	double sum = 0;
	for (int k = 0; k < RL_NCLASS; k++)
		sum += c[k].total;
	CHECK_NEAR(sum, s->accesses, 0, "class histograms partition the l1 accesses");
	/* homes: blocks 0..4 (A..E) with counts 3,3,3,1,2; mod 2: even blocks A,C,E = 8 of 12 */
	CHECK(p.n_homes == PROFILER_NHOMES && p.homes[0].n_homes == 2, "homes for Y = 2 first");
	CHECK_NEAR(p.homes[0].frac[0], 8.0 / 12, 1e-15, "home 0 of 2: A, C, E");
	CHECK_NEAR(p.homes[2].frac[4], 2.0 / 12, 1e-15, "home 4 of 5: E");
	profile_free(&p);

	/* the class pass: B@4 now counts in B's final class RI (hand: RI d2, d3; WORO only E@11 d3);
	 * everything else unchanged */
	pb = mk(1, 64);
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1)
			CHECK_INT(profiler_class_pass(pb), 0, "class pass");
		for (int i = 0; ops[i]; i++)
			profiler_access(pb, 0, ops[i] == 'W', (uint64_t)(blk[i] - 'A') * 64, 0);
		profiler_insts(pb, 0, 5, 1, 1);   /* counted once: ignored in the class pass */
	}
	profile_t q;
	profiler_finish(pb, &q);
	profiler_free(pb);
	s = profile_stream(&q, "l1");
	c = s->cls_sd;
	CHECK_NEAR(exact_bin(&c[RL_RI], 2) + exact_bin(&c[RL_RI], 3), 2, 0, "exact: RI gets B@4 (d2) and B@8 (d3)");
	CHECK_NEAR(exact_bin(&c[RL_WORO], 2), 0, 0, "exact: no WORO reuse at d2");
	CHECK_NEAR(exact_bin(&c[RL_WORO], 3), 1, 0, "exact: WORO reuse E@11 d3");
	CHECK_NEAR(exact_bin(&c[RL_WM], 2) + exact_bin(&c[RL_WM], 4), 2, 0, "exact: WM unchanged");
	CHECK_NEAR(exact_bin(&c[RL_WORM], 2) + exact_bin(&c[RL_WORM], 3), 2, 0, "exact: WORM unchanged");
	CHECK_NEAR(s->accesses, 12, 0, "the class pass does not count accesses twice");
	CHECK_NEAR(exact_bin(&s->sd, 2), 3, 0, "l1 sd unchanged by the class pass (A@3, B@4, C@5)");
	CHECK_NEAR(q.insts, 5, 0, "I records of the class pass ignored");
	CHECK_NEAR(q.rl_access_frac[RL_WM], 0.25, 1e-15, "read levels unchanged");
	profile_free(&q);
}

static void test_class_pass_invariant(void)
{
	/* With the class pass every access is counted in its block's final class, so each class
	 * histogram's total equals that class's share of the l1 accesses (read_levels.access_frac).
	 * 4 SMs, writes in every component. */
	size_t n = 50000;
	tg_ref_t *r = malloc(n * sizeof *r);
	tg_mix_t mix;
	tg_mix_standard(&mix, 4, 0.3);
	for (int k = 0; k < mix.ncomp; k++)
		mix.comp[k].write_frac = 0.15;
	tg_mix(&mix, 5, r, n);
	profile_t p;
	run_two_passes(r, n, &p);
	const profile_stream_t *s = profile_stream(&p, "l1");
	double worst = 0;
	for (int c = 0; c < RL_NCLASS; c++) {
		double d = fabs(s->cls_sd[c].total - p.rl_access_frac[c] * s->accesses);
		if (d > worst)
			worst = d;
	}
	CHECK_NEAR(worst, 0, 1e-6, "class pass: class totals = access_frac x accesses");
	CHECK(p.rl_access_frac[RL_WM] > 0 && p.rl_access_frac[RL_RI] > 0 && p.rl_access_frac[RL_WORM] > 0,
	      "the trace exercises several classes");
	profile_free(&p);
	free(r);
}

static void test_registers(void)
{
	/* warp 0: i1 dst1 srcs-;  i2 dst2 src1 (r1 written at i1: 1);
	 *         i3 dst3 srcs 1,2 (r1 read at i2: 1; r2 written at i2: 1);  i4 src5 (cold);
	 *         i5 dst1 srcs 3,1 (r3 at i3: 2; r1 at i3: 2)
	 * warp 1: one instruction reading r1: cold (per-warp registers).
	 * => cold 2, d1 3, d2 2; 7 sources and 5 destinations over 6 instructions. */
	profiler_t *pb = mk(1, 128);
	int s1[] = { 1 }, s12[] = { 1, 2 }, s5[] = { 5 }, s31[] = { 3, 1 };
	profiler_regs(pb, 0, 0, 1, NULL, 0);
	profiler_regs(pb, 0, 0, 2, s1, 1);
	profiler_regs(pb, 0, 1, 1, s1, 1);
	profiler_regs(pb, 0, 0, 3, s12, 2);
	profiler_regs(pb, 0, 0, -1, s5, 1);
	profiler_regs(pb, 0, 0, 1, s31, 2);
	profiler_access(pb, 0, 0, 0, 0);
	profiler_insts(pb, 0, 10, 1, 4);
	profiler_tensor(pb, 0, 5);
	profile_t p;
	profiler_finish(pb, &p);
	profiler_free(pb);
	CHECK_NEAR(p.reg_rd.cold, 2, 0, "register cold reads (hand)");
	CHECK_NEAR(exact_bin(&p.reg_rd, 1), 3, 0, "register distance 1 (hand)");
	CHECK_NEAR(exact_bin(&p.reg_rd, 2), 2, 0, "register distance 2 (hand)");
	CHECK_NEAR(p.src_per_inst, 7.0 / 6, 1e-15, "sources per instruction");
	CHECK_NEAR(p.dst_per_inst, 5.0 / 6, 1e-15, "destinations per instruction");
	CHECK_NEAR(p.insts, 10, 0, "I record");
	CHECK_NEAR(p.sectors, 4, 0, "I record sectors");
	CHECK_NEAR(p.tensor_frac, 0.5, 0, "T record: 5 of 10");
	profile_free(&p);
}

/* Run trace_text_read on `text` (written to a file, gzipped if gz) and capture stderr. */
static int run_text(const char *text, int gz, profile_t *p, char *err, size_t errlen)
{
	char path[] = "/tmp/gpudse-tp-XXXXXX";
	int fd = mkstemp(path);
	close(fd);
	if (gz) {
		gzFile g = gzopen(path, "wb");
		gzwrite(g, text, (unsigned)strlen(text));
		gzclose(g);
	} else {
		FILE *f = fopen(path, "w");
		fputs(text, f);
		fclose(f);
	}
	char epath[] = "/tmp/gpudse-te-XXXXXX";
	int efd = mkstemp(epath);
	fflush(stderr);
	int saved = dup(2);
	dup2(efd, 2);
	profiler_t *pb = mk(0, 128);
	int rc = trace_text_read(path, "t.trace", pb, NULL, NULL);
	if (!rc && p)
		profiler_finish(pb, p);
	profiler_free(pb);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	lseek(efd, 0, SEEK_SET);
	ssize_t n = read(efd, err, errlen - 1);
	err[n > 0 ? n : 0] = '\0';
	if (n > 0 && err[n - 1] == '\n')
		err[n - 1] = '\0';
	close(efd);
	unlink(epath);
	unlink(path);
	return rc;
}

static void test_text(void)
{
	const char *t = "# comment\n\n0 R 0x0 0x40\n 0 W 80   # trailing\n1 R 0X100\n0 I 10 3 6\n0 X 7 4 1,2\n0 T 1\n0 R 0";
	profile_t a, b;
	char err[200];
	CHECK_INT(run_text(t, 0, &a, err, sizeof err), 0, "valid trace parses");
	CHECK_INT(run_text(t, 1, &b, err, sizeof err), 0, "same trace gzipped");
	const profile_stream_t *sa = profile_stream(&a, "l1"), *sb = profile_stream(&b, "l1");
	CHECK_NEAR(sa->accesses, 4, 0, "4 accesses (last line without newline)");
	CHECK_NEAR(sa->writes, 1, 0, "1 write");
	CHECK_NEAR(exact_bin(&sa->sd, 1), 1, 0, "block 0 again after block 1 on SM 0: distance 1");
	CHECK_NEAR(sb->accesses, sa->accesses, 0, ".gz gives the same profile");
	CHECK_NEAR(exact_bin(&sb->sd, 1), 1, 0, ".gz gives the same profile");
	CHECK_NEAR(a.insts, 10, 0, "I record");
	CHECK_NEAR(a.src_per_inst, 2, 0, "X record");
	profile_free(&a);
	profile_free(&b);
	struct { const char *text, *want; } bad[] = {
		{ "0 R 0\n0 Q 0x0\n", "gpudse: t.trace:2: expected OP R or W, got \"Q\"" },
		{ "x R 0\n", "gpudse: t.trace:1: expected a decimal SM id, got \"x\"" },
		{ "0 R\n", "gpudse: t.trace:1: expected a hex ADDRESS, got nothing" },
		{ "0 R 0xzz\n", "gpudse: t.trace:1: expected a hex ADDRESS, got \"0xzz\"" },
		{ "0 R 10 20 30\n", "gpudse: t.trace:1: expected a hex SECTORS mask 1..f (the 128 B line's 32 B sectors), got \"30\"" },
		{ "0 R 10 20 3 4\n", "gpudse: t.trace:1: unexpected field after SECTORS, got \"4\"" },
		{ "0 I 1 2\n", "gpudse: t.trace:1: expected SM I NINST NMEM NSECT" },
		{ "0 I 1 2 3\n", "gpudse: t.trace:1: NMEM 2 exceeds NINST 1" },
		{ "0 X 1 - 1,,2\n", "gpudse: t.trace:1: expected a register number (0..65535) or -, got nothing" },
		{ "0 RW 0\n", "gpudse: t.trace:1: expected OP R or W, got \"RW\"" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int rc = run_text(bad[i].text, 0, NULL, err, sizeof err);
		CHECK_INT(rc, EXIT_USER, "malformed line: exit 1");
		CHECK_STR(err, bad[i].want, "docs/trace-format.md: FILE:LINE: message");
	}
	CHECK_INT(run_text("0 R 0\n", 0, NULL, err, sizeof err), 0, "sanity");
}

/* Hits of a fully associative LRU cache of `cap` blocks from a histogram: bins with hi <= cap
 * (cap a power of two, so a bin edge). */
static double hits_below(const reuse_hist_t *h, double cap)
{
	double s = 0;
	for (size_t i = 0; i < h->n; i++)
		if (h->hi[i] <= cap)
			s += h->count[i];
	return s;
}

static void test_write_evict_hand(void)
{
	/* one SM, W = write: A B C A(W) A B C B(W) C A B.  Write-evict stack with holes (H) by
	 * hand (profiler.c: a write leaves a hole, the next miss fills the topmost one):
	 * A B C cold: C B A; A(W)@3 cold: C B H; A@4 cold, fills H: A C B; B@5 saw {C, A} -> 2:
	 * B A C; C@6 saw {A, B} -> 2: C B A; B(W)@7 cold: C H A; C@8 -> 0; A@9 saw {C, H} -> 2,
	 * the hole above it is filled and A's place becomes one: A C H; B@10 cold, fills H.
	 * => cold 7, d0 1, d2 3 (total 11).  Checked by hand against a 2-block LRU cache with
	 * invalidation: its only hit is C@8 (d0); a 3-block one hits B@5, C@6, C@8, A@9.
	 * Write-allocate sd: cold 3. */
	const char seq[] = "ABCAABCBCAB";
	const int wr[] = { 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0 };
	for (int we = 0; we <= 1; we++) {
		profiler_opts_t o;
		profiler_opts_default(&o);
		o.write_evict = we;
		profiler_t *pb = profiler_alloc(&o);
		for (int i = 0; seq[i]; i++)
			profiler_access(pb, 0, wr[i], (uint64_t)(seq[i] - 'A') * 128, 0);
		profile_t p;
		CHECK(profiler_finish(pb, &p) == 0, "finish");
		profiler_free(pb);
		const profile_stream_t *s = profile_stream(&p, "l1"), *gl = profile_stream(&p, "global");
		CHECK_NEAR(s->sd.cold, 3, 0, "write-evict leaves sd alone: 3 first touches");
		CHECK(gl && gl->sd_we.total == (we ? 11 : 0), "global (one SM: the same stream) has sd_we exactly when asked");
		if (!we) {
			CHECK(s->sd_we.total == 0 && s->sd_we.n == 0, "sd_we absent without write_evict");
		} else {
			CHECK_NEAR(s->sd_we.cold, 7, 0, "hand: cold 7 (3 first touches, 2 writes, 2 after eviction)");
			CHECK_NEAR(exact_bin(&s->sd_we, 0), 1, 0, "hand: C@8 at 0");
			CHECK_NEAR(exact_bin(&s->sd_we, 1), 0, 0, "hand: nothing at 1");
			CHECK_NEAR(exact_bin(&s->sd_we, 2), 3, 0, "hand: B@5, C@6, A@9 (B's hole) at 2");
			CHECK_NEAR(s->sd_we.total, 11, 0, "sd_we total = accesses");
		}
		profile_free(&p);
	}
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.write_evict = 1;
	o.sample_rate = 0.5;
	o.batch = 1024;
	profiler_t *pw = profiler_alloc(&o);
	CHECK(pw != NULL, "write_evict with SHARDS sampling (issue 18: sd_we scaled like sd)");
	for (int i = 0; pw && i < 4000; i++)
		profiler_access(pw, 0, i % 5 == 0, (uint64_t)(i * 7919 % 1000) * 128, 0);
	profile_t pp;
	if (pw && profiler_finish(pw, &pp) == 0) {
		const profile_stream_t *l1 = &pp.streams[0];
		CHECK_NEAR(l1->sd_we.total, l1->accesses, 1e-9 * l1->accesses, "sampled sd_we describes every access (SHARDS_adj)");
		CHECK_NEAR(l1->accesses, 4000, 0, "corrected accesses = offered");
		profile_free(&pp);
	}
	profiler_free(pw);
}

/* sd_we against tests/reference/cachesim.c's write-evict mode: fully associative LRU caches, one per
 * unit (SM, or pair of SMs), at several capacities; equal hit counts exactly. */
static void test_write_evict_cachesim(void)
{
	size_t n = 80000;
	int n_sm = 4;
	tg_ref_t *r = malloc(n * sizeof *r);
	tg_mix_t mix = { 0 };
	mix.ncomp = 3;
	mix.comp[0] = (tg_comp_t){ TG_LOOP, 0.4, 300, 1, 0, 0.3 };
	mix.comp[1] = (tg_comp_t){ TG_RANDOM, 0.3, 6000, 1, 0, 0.2 };
	mix.comp[2] = (tg_comp_t){ TG_ZIPF, 0.3, 4000, 1, 0.8, 0.1 };
	mix.n_sm = n_sm;
	mix.burst = 1;
	tg_mix(&mix, 11, r, n);
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = n_sm;
	o.block_bytes = 1;
	o.write_evict = 1;
	profiler_t *pb = profiler_alloc(&o);
	double nw = 0;
	for (size_t i = 0; i < n; i++) {
		profiler_access(pb, r[i].sm, r[i].is_write, r[i].block, 0);
		nw += r[i].is_write != 0;
	}
	profile_t p;
	CHECK(profiler_finish(pb, &p) == 0, "finish");
	profiler_free(pb);
	CHECK(nw > 0.1 * n && nw < 0.4 * n, "the trace has writes");
	/* global too: a DC-L1 ShY node shared by every core is an L1 over the merged stream */
	const char *names[3] = { "l1", "group:2", "global" };
	int gsz[3] = { 1, 2, 4 };
	const double caps[] = { 8, 16, 64, 128, 256, 512, 1024, 2048, 4096, 8192 };
	for (int k = 0; k < 3; k++) {
		const profile_stream_t *s = profile_stream(&p, names[k]);
		CHECK(s && s->sd_we.total == n, "sd_we present with every access");
		if (!s)
			continue;
		int bad = 0;
		double miss_gap = 0;
		for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++) {
			cachesim_t *cs[4] = { 0 };
			for (int u = 0; u < n_sm / gsz[k]; u++)
				cs[u] = cachesim_alloc(1, (uint32_t)caps[c], CACHESIM_LRU, CACHESIM_MOD, 1);
			double hits = 0, hits_wa = 0;
			for (size_t i = 0; i < n; i++) {
				cachesim_t *x = cs[r[i].sm / gsz[k]];
				hits += r[i].is_write ? cachesim_write_evict(x, r[i].block)
				                      : cachesim_access(x, r[i].block);
			}
			for (int u = 0; u < n_sm / gsz[k]; u++)
				cachesim_free(cs[u]);
			hits_wa = hits_below(&s->sd, caps[c]);
			bad += hits != hits_below(&s->sd_we, caps[c]);
			miss_gap += hits_wa - hits;
		}
		CHECK_INT(bad, 0, "sd_we hits = write-evict cache simulator's at 8..8192 blocks");
		CHECK(miss_gap > 0, "write-evict hits fewer than write-allocate");
	}
	/* profile JSON round trip (src/profiling/profile_json.c: optional "sd_we") */
	char tmp[] = "/tmp/gpudse_we_XXXXXX";
	int fd = mkstemp(tmp);
	close(fd);
	profile_t q;
	CHECK(profile_save(tmp, &p) == 0 && profile_load(tmp, &q) == 0, "sd_we profile saves and loads");
	const profile_stream_t *a = profile_stream(&p, "group:2"), *b = profile_stream(&q, "group:2");
	CHECK(a && b && same_hist(&a->sd_we, &b->sd_we) && b->sd_we.cold == a->sd_we.cold,
	      "sd_we round-trips bin by bin");
	CHECK(same_hist(&profile_stream(&p, "global")->sd_we, &profile_stream(&q, "global")->sd_we),
	      "global sd_we round-trips");
	profile_free(&q);
	for (int cold = 4; cold >= 3; cold--) {    /* valid (total = accesses), then not */
		FILE *f = fopen(tmp, "w");
		fprintf(f, "{\"version\": 1, \"name\": \"x\", \"block_bytes\": 128, \"n_sm\": 1,\n"
		        " \"insts\": 4, \"mem_insts\": 4, \"streams\": [{\"name\": \"l1\", \"accesses\": 4,\n"
		        " \"sd\": {\"cold\": 4, \"bins\": []}, \"sd_we\": {\"cold\": %d, \"bins\": []}}]}\n",
		        cold);
		fclose(f);
		int rc = profile_load(tmp, &q);
		if (rc == 0)
			profile_free(&q);
		CHECK_INT(rc, cold == 4 ? 0 : 1, cold == 4 ? "sd_we total = accesses loads"
		                                         : "sd_we total != accesses: user error");
	}
	remove(tmp);
	free(r);
	profile_free(&p);
}

int main(void)
{
	test_bins();
	test_hand_sd();
	test_against_naive();
	test_groups();
	test_identical_units();
	test_lazy_levels();
	test_threads();
	test_batch_size();
	test_read_levels();
	test_class_pass_invariant();
	test_registers();
	test_text();
	test_write_evict_hand();
	test_write_evict_cachesim();
	return check_summary("profiler");
}
