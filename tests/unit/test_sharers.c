/*
 * test_sharers.c -- the sharing-degree record (profile_shape.h sharers; src/profiling/
 * sector_rec.h sector_rec_sharers) against a brute-force count of its definition, and its JSON.
 *
 *  1. Random streams (8 SMs, 64 lines, loads, stores, global atomics, kernel ends) fed to the
 *     profiler: the record equals brute_force() below, which counts the definition directly
 *     on the whole event list sorted by sector (no hash map, no stack): per sector, the fill =
 *     its first event; counted only when that is a load; d = the SMs whose first L1 event
 *     (loads and stores: atomics bypass the L1) in the fill's kernel is a load.
 *     The same without sectors (a text trace without SECTORS): the record per 128 B block
 *     (src/profiling/line_sharers.h) against the same brute force on blocks.
 *  2. Its relation to [S]'s cold counts (profile_shape.h): sum h <= C_g (the global stream's
 *     sector_sd cold), sum d h <= C_1 (the l1 stream's); both equal on a loads-only stream of
 *     one kernel, the definitions then coinciding.
 *  3. Workload generators (the Accel-Sim reference kernels at their sizes on SM86_RTX3070, the
 *     profile `gpudse trace K --profile` writes): the record equals the brute force on the
 *     generator's own stream (tests/support/genprof.h tap); p-gemm's degrees are A 2, B 6, C 1
 *     (48 x 48 floats each, 288 sectors: calibration/accelsim/microbench/README.md "LLC MSHR
 *     merge limit", Accel-Sim's p-gemm log: 288 of 864 fills held).
 *  4. JSON: saved and loaded exactly; a profile without the key has none; one-line refusals.
 */
#include <gsl/gsl_rng.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "presets/gpu_json.h"
#include "profiling/profile_json.h"
#include "profiling/profiler.h"
#include "support/check.h"
#include "support/genprof.h"

/* ---------------------------------------------------------------- brute force */

enum { EV_LOAD, EV_STORE, EV_ATOM };

typedef struct ev {
	uint64_t sector;
	uint64_t idx;       /* trace order */
	uint32_t epoch;     /* kernels ended before it */
	int sm, kind;
} ev_t;

typedef struct evlist {
	ev_t *e;
	size_t n, cap;
	uint32_t epoch;
	int max_sm;
} evlist_t;

static void ev_request(evlist_t *l, int sm, uint64_t addr, unsigned mask, int wr, int atom)
{
	for (int k = 0; k < 4; k++) {
		if (!(mask >> k & 1))
			continue;
		if (l->n == l->cap) {
			l->cap = l->cap ? 2 * l->cap : 4096;
			l->e = realloc(l->e, l->cap * sizeof *l->e);
		}
		l->e[l->n] = (ev_t){ .sector = (addr / 128) * 4 + (uint64_t)k, .idx = l->n, .epoch = l->epoch, .sm = sm,
		                     .kind = atom ? EV_ATOM : wr ? EV_STORE : EV_LOAD };
		l->n++;
		if (sm > l->max_sm)
			l->max_sm = sm;
	}
}

static int ev_cmp(const void *a, const void *b)
{
	const ev_t *x = a, *y = b;
	if (x->sector != y->sector)
		return x->sector < y->sector ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* h[d] for d = 0..max_d (h[0] unused) by the definition; returns the largest d */
static int brute_force(evlist_t *l, double *h, int max_d)
{
	memset(h, 0, (size_t)(max_d + 1) * sizeof *h);
	qsort(l->e, l->n, sizeof *l->e, ev_cmp);
	int nsm = l->max_sm + 1, top = 0;
	char *seen = calloc((size_t)nsm, 1);
	for (size_t i = 0; i < l->n;) {
		size_t j = i;
		while (j < l->n && l->e[j].sector == l->e[i].sector)
			j++;
		const ev_t *fill = &l->e[i];
		if (fill->kind == EV_LOAD) {
			memset(seen, 0, (size_t)nsm);
			int d = 0;
			for (size_t k = i; k < j; k++) {
				const ev_t *e = &l->e[k];
				if (e->epoch != fill->epoch || e->kind == EV_ATOM || seen[e->sm])
					continue;
				seen[e->sm] = 1;             /* the SM's first L1 event of the sector in the kernel */
				d += e->kind == EV_LOAD;
			}
			if (d <= max_d)
				h[d] += 1;
			if (d > top)
				top = d;
		}
		i = j;
	}
	free(seen);
	return top;
}

/* the record as a dense h[], 0 on a mismatch of form (d out of range, not ascending) */
static int record_dense(const profile_shape_t *s, double *h, int max_d)
{
	memset(h, 0, (size_t)(max_d + 1) * sizeof *h);
	for (size_t i = 0; i < s->n_sharers; i++) {
		if (s->sharers[i].d < 1 || s->sharers[i].d > max_d || (i && s->sharers[i].d <= s->sharers[i - 1].d))
			return 0;
		h[s->sharers[i].d] = s->sharers[i].sectors;
	}
	return 1;
}

static void sums(const profile_shape_t *s, double *sec, double *reads)
{
	*sec = *reads = 0.0;
	for (size_t i = 0; i < s->n_sharers; i++) {
		*sec += s->sharers[i].sectors;
		*reads += s->sharers[i].d * s->sharers[i].sectors;
	}
}

/* ---------------------------------------------------------------- 1, 2: random streams */

/* One random stream: n requests of 8 SMs to 64 lines; kinds by the shares given; a kernel end
 * with probability p_flush per request.  Fed to a profiler and to the brute force. */
static void random_stream(uint64_t seed, int n, double p_store, double p_atom, double p_flush, int check_equal,
                          int sectors)
{
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rng, seed);
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = 8;
	o.batch = 1024;
	o.threads = 1;
	profiler_t *pb = profiler_alloc(&o);
	evlist_t l = { 0 };
	int ok = pb != NULL;
	for (int i = 0; i < n && ok; i++) {
		int sm = (int)gsl_rng_uniform_int(rng, 8);
		uint64_t addr = gsl_rng_uniform_int(rng, 64) * 128 + 0x100000;
		unsigned mask = 1 + (unsigned)gsl_rng_uniform_int(rng, 15);
		double u = gsl_rng_uniform(rng);
		int atom = u < p_atom, wr = !atom && u < p_atom + p_store;
		if (sectors) {
			ok = profiler_access(pb, sm, wr, addr, 0) == 0 && profiler_sectors(pb, sm, addr, mask, wr, atom) == 0;
			ev_request(&l, sm, addr, mask, wr, atom);
		} else {            /* per block (line_sharers.h): one key per 128 B block, atomics as writes */
			ok = profiler_access(pb, sm, wr || atom, addr, 0) == 0;
			ev_request(&l, sm, addr, 1, wr || atom, 0);
		}
		if (gsl_rng_uniform(rng) < p_flush) {
			profiler_sector_flush(pb);
			l.epoch++;
		}
	}
	profile_t p;
	memset(&p, 0, sizeof p);
	ok = ok && profiler_finish(pb, &p) == 0;
	profiler_free(pb);
	CHECK(ok, "random stream profiled");
	if (ok) {
		double hb[9], hr[9];
		int top = brute_force(&l, hb, 8);
		CHECK(top <= 8, "at most 8 SMs read a sector");
		CHECK(p.shape.has_sharers == (hb[1] + hb[2] + hb[3] + hb[4] + hb[5] + hb[6] + hb[7] + hb[8] > 0),
		      "recorded when a sector's fill is a load");
		CHECK(record_dense(&p.shape, hr, 8), "d in 1..8, ascending");
		int same = hb[0] == 0.0;   /* a load fill has its own SM: d >= 1 */
		for (int d = 1; d <= 8; d++)
			same = same && hr[d] == hb[d];
		CHECK(same, "the record equals the brute-force count of its definition");
		if (!same)
			for (int d = 0; d <= 8; d++)
				printf("  seed %llu d %d: record %g, brute force %g\n", (unsigned long long)seed, d, hr[d], hb[d]);
		/* 2: against [S]'s cold counts */
		const profile_stream_t *l1 = profile_stream(&p, "l1"), *gl = profile_stream(&p, "global");
		double sec, reads;
		sums(&p.shape, &sec, &reads);
		CHECK(l1 && gl && (l1->sector_sd.total > 0) == sectors && (gl->sector_sd.total > 0) == sectors,
		      "the streams have the sector record iff sectors were fed");
		if (l1 && gl) {   /* [S]'s cold counts: per sector, or per block without sectors */
			double c1 = sectors ? l1->sector_sd.cold : l1->sd.cold, cg = sectors ? gl->sector_sd.cold : gl->sd.cold;
			CHECK(sec <= cg && reads <= c1, "sum h <= C_g, sum d h <= C_1");
			if (check_equal) {
				CHECK_NEAR(sec, cg, 0, "loads only, one kernel: sum h = C_g");
				CHECK_NEAR(reads, c1, 0, "loads only, one kernel: sum d h = C_1");
			}
		}
		profile_free(&p);
	}
	free(l.e);
	gsl_rng_free(rng);
}

/* ---------------------------------------------------------------- 3: generators */

static void tap_sectors(void *c, int sm, int wr, uint64_t addr, unsigned mask, int bypass_l1)
{
	ev_request(c, sm, addr, mask, wr, bypass_l1);
}

static void tap_launch_end(void *c)
{
	((evlist_t *)c)->epoch++;
}

static void generators(void)
{
	static const struct { const char *k; long size; } ks[] = {
		{ "p-gemm", 48 }, { "p-2dconv", 256 }, { "r-bfs", 10 }, { "p-fdtd-2d", 64 }, { "pagerank", 10 }, { "r-backprop", 2048 },
	};
	char preset[1200];
	snprintf(preset, sizeof preset, "%s/calibration/accelsim/presets/SM86_RTX3070.json", gpudse_root());
	for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
		evlist_t l = { 0 };
		genprof_tap_t tap = { .ctx = &l, .sectors = tap_sectors, .launch_end = tap_launch_end };
		profile_t p;
		memset(&p, 0, sizeof p);
		if (genprof_make_tap(ks[i].k, ks[i].size, preset, 1, "test_sharers", &tap, &p)) {
			CHECK(0, "the generator's profile");
			free(l.e);
			continue;
		}
		int nsm = p.n_sm;
		double *hb = calloc((size_t)nsm + 1, sizeof *hb), *hr = calloc((size_t)nsm + 1, sizeof *hr);
		int top = brute_force(&l, hb, nsm);
		int same = top <= nsm && hb[0] == 0.0 && record_dense(&p.shape, hr, nsm) && p.shape.has_sharers;
		for (int d = 1; d <= nsm && same; d++)
			same = hr[d] == hb[d];
		printf("%s: %zu degrees, largest %d, brute force %s\n", ks[i].k, p.shape.n_sharers, top, same ? "equal" : "DIFFERENT");
		CHECK(same, "generator stream: the record equals the brute force");
		const profile_stream_t *l1 = profile_stream(&p, "l1"), *gl = profile_stream(&p, "global");
		double sec, reads;
		sums(&p.shape, &sec, &reads);
		if (l1 && gl)
			printf("  sum h %g <= C_g %g, sum d h %g <= C_1 %g\n", sec, gl->sector_sd.cold, reads, l1->sector_sd.cold);
		CHECK(l1 && gl && sec <= gl->sector_sd.cold && reads <= l1->sector_sd.cold, "sum h <= C_g, sum d h <= C_1");
		if (!strcmp(ks[i].k, "p-gemm")) {
			/* C = A B, 48 x 48 floats: 288 sectors each; one kernel; B read by 6 SMs, A by 2, C by 1
			 * (C += ...: loaded before stored) -- README "LLC MSHR merge limit" */
			CHECK(p.shape.n_sharers == 3 && p.shape.sharers[0].d == 1 && p.shape.sharers[1].d == 2 &&
			      p.shape.sharers[2].d == 6 && p.shape.sharers[0].sectors == 288 && p.shape.sharers[1].sectors == 288 &&
			      p.shape.sharers[2].sectors == 288, "p-gemm: [[1, 288], [2, 288], [6, 288]]");
			CHECK_NEAR(sec, gl->sector_sd.cold, 0, "p-gemm: every sector's fill is a load: sum h = C_g");
		}
		free(hb);
		free(hr);
		free(l.e);
		profile_free(&p);
	}
}

/* ---------------------------------------------------------------- 4: JSON */

/* Loads a one-stream profile (n_sm 8) whose shape is {SHAPE}; its rc, stderr in err. */
static int load_shape_sect(const char *path, const char *shape, int sect, profile_t *q, char *err, size_t n)
{
	FILE *f = fopen(path, "w");
	fprintf(f, "{\"version\": 1, \"block_bytes\": 128, \"n_sm\": 8, \"insts\": 16, \"mem_insts\": 4,\n"
		   " \"streams\": [{\"name\": \"l1\", \"accesses\": 60, \"sd\": {\"cold\": 60, \"bins\": []}%s},\n"
		   "  {\"name\": \"global\", \"group\": 8, \"accesses\": 60, \"sd\": {\"cold\": 50, \"bins\": [[0, 1, 10]]}%s}],\n"
		   " \"shape\": {%s}}\n",
		   sect ? ",\n   \"sector_sd\": {\"cold\": 20, \"bins\": [[0, 1, 5]]}" : "",
		   sect ? ",\n   \"sector_sd\": {\"cold\": 10, \"bins\": [[0, 1, 15]]}" : "", shape);
	fclose(f);
	char epath[] = "/tmp/gpudse-sharers-err-XXXXXX";
	int efd = mkstemp(epath);
	fflush(stderr);
	int saved = dup(2);
	dup2(efd, 2);
	int rc = profile_load(path, q);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	err[0] = '\0';
	lseek(efd, 0, SEEK_SET);
	ssize_t r = read(efd, err, n - 1);
	err[r > 0 ? r : 0] = '\0';
	char *nl = strchr(err, '\n');
	if (nl && nl[1] == '\0')
		*nl = '\0';
	close(efd);
	unlink(epath);
	return rc;
}

/* the fixture with the sector records (C_1 = 20, C_g = 10 sectors; per block 60 and 50) */
static int load_shape(const char *path, const char *shape, profile_t *q, char *err, size_t n)
{
	return load_shape_sect(path, shape, 1, q, err, n);
}

static void test_json(void)
{
	char path[] = "/tmp/gpudse-sharers-XXXXXX", err[600];
	int fd = mkstemp(path);
	close(fd);
	profile_t q;
	memset(&q, 0, sizeof q);
	int rc = load_shape(path, "\"sharers\": [[1, 4], [2, 3], [8, 1]]", &q, err, sizeof err);
	CHECK_INT(rc, 0, "sharers loads");
	if (rc == 0) {
		CHECK(q.shape.has_sharers && q.shape.n_sharers == 3 && q.shape.sharers[2].d == 8 && q.shape.sharers[1].sectors == 3,
		      "sharers values");
		CHECK_INT(profile_save(path, &q), 0, "saves");
		profile_t r;
		memset(&r, 0, sizeof r);
		CHECK_INT(profile_load(path, &r), 0, "loads again");
		CHECK(r.shape.has_sharers && r.shape.n_sharers == 3 &&
		      !memcmp(r.shape.sharers, q.shape.sharers, 3 * sizeof *r.shape.sharers), "kept exactly through a save");
		profile_free(&r);
		profile_free(&q);
	}
	CHECK_INT(load_shape(path, "\"mix\": {\"fp32\": 1, \"fp64\": 0, \"int\": 0, \"sfu\": 0, \"tensor\": 0, \"ldst\": 4, "
	                           "\"branch\": 0, \"other\": 11}", &q, err, sizeof err), 0, "a profile without sharers loads");
	if (q.insts > 0) {
		CHECK(!q.shape.has_sharers && !q.shape.sharers, "without the key: has_sharers 0");
		profile_free(&q);
	}
	static const struct { const char *json, *what; } bad[] = {
		{ "\"sharers\": []", ".shape.sharers" },                          /* empty */
		{ "\"sharers\": {}", ".shape.sharers" },
		{ "\"sharers\": [[1, 4], [1, 3]]", ".shape.sharers[1]" },         /* not ascending */
		{ "\"sharers\": [[2, 4], [1, 3]]", ".shape.sharers[1]" },
		{ "\"sharers\": [[0, 4]]", ".shape.sharers[0]" },                 /* d < 1 */
		{ "\"sharers\": [[1.5, 4]]", ".shape.sharers[0]" },               /* not an integer */
		{ "\"sharers\": [[1, 0]]", ".shape.sharers[0]" },                 /* no sector */
		{ "\"sharers\": [[1, 2.5]]", ".shape.sharers[0]" },
		{ "\"sharers\": [[1, -1]]", ".shape.sharers[0]" },
		{ "\"sharers\": [[1, 4, 5]]", ".shape.sharers[0]" },
		{ "\"sharers\": [[1, \"x\"]]", ".shape.sharers[0]" },
		{ "\"sharers\": [[9, 1]]", "exceeds the profile's 8 SMs" },       /* d > n_sm */
		{ "\"sharers\": [[1, 11]]", "more than the global stream's 10" }, /* sum h > C_g */
		{ "\"sharers\": [[4, 6]]", "more than the l1 stream's 20 cold sectors" }, /* sum d h = 24 > C_1 = 20 */
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&q, 0, sizeof q);
		rc = load_shape(path, bad[i].json, &q, err, sizeof err);
		int one_line = err[0] && !strchr(err, '\n');
		CHECK(rc != 0 && one_line && strstr(err, bad[i].what), "a bad sharers record: one line naming it, exit != 0");
		if (!(rc != 0 && one_line && strstr(err, bad[i].what)))
			printf("  %s -> rc %d: %s\n", bad[i].json, rc, err);
		if (rc == 0)
			profile_free(&q);
	}
	/* without sector records the record is per block: the line cold counts bound it */
	memset(&q, 0, sizeof q);
	CHECK_INT(load_shape_sect(path, "\"sharers\": [[4, 6]]", 0, &q, err, sizeof err), 0,
	          "per block: 24 first reads within the l1 stream's 60 cold blocks");
	if (q.insts > 0)
		profile_free(&q);
	memset(&q, 0, sizeof q);
	rc = load_shape_sect(path, "\"sharers\": [[8, 8]]", 0, &q, err, sizeof err);
	CHECK(rc != 0 && strstr(err, "more than the l1 stream's 60 cold blocks") && !strchr(err, '\n'),
	      "per block: 64 first reads > C_1 = 60 blocks, one line");
	if (rc == 0)
		profile_free(&q);
	memset(&q, 0, sizeof q);
	rc = load_shape_sect(path, "\"sharers\": [[1, 51]]", 0, &q, err, sizeof err);
	CHECK(rc != 0 && strstr(err, "more than the global stream's 50 cold blocks"), "per block: 51 blocks > C_g = 50");
	if (rc == 0)
		profile_free(&q);
	unlink(path);
}

int main(void)
{
	for (uint64_t seed = 1; seed <= 40; seed++)   /* mixed kinds, several kernels */
		random_stream(seed, 3000, 0.2, 0.05, 0.002, 0, 1);
	for (uint64_t seed = 41; seed <= 50; seed++)  /* loads only, one kernel */
		random_stream(seed, 3000, 0.0, 0.0, 0.0, 1, 1);
	for (uint64_t seed = 51; seed <= 70; seed++)  /* per block: no sectors fed (line_sharers.h) */
		random_stream(seed, 3000, 0.2, 0.05, 0.002, 0, 0);
	for (uint64_t seed = 71; seed <= 75; seed++)
		random_stream(seed, 3000, 0.0, 0.0, 0.0, 1, 0);
	generators();
	test_json();
	return check_summary("test_sharers");
}
