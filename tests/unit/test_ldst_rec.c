/*
 * test_ldst_rec.c -- the L1 access stage record (profile_shape.h ldst, src/profiling/ldst_rec.h):
 * ldst_rec_cycles against tests/reference/ldst_sim.c on random instructions and in closed forms;
 * the generators' record (insts = mem_insts; p-atax's cycles derived from its strides); the
 * JSON round trip and refusals.  The Accel-Sim round trip is in test_accelsim_write.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support/check.h"
#include "support/genprof.h"
#include "cli.h"
#include "gpu.h"
#include "profiling/ldst_rec.h"
#include "profiling/profile_json.h"
#include "profiling/profiler.h"
#include "profiling/generators/gen.h"
#include "presets/gpu_json.h"
#include "reference/ldst_sim.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* The reference fed each lane's first and last byte (ldst_sim.c takes one sector per address;
 * a lane of width <= 32 B touches the sectors of those two bytes: ldst_rec.h's rule). */
static int ref_cycles(uint32_t mask, const uint64_t *a, int width, int banks)
{
	uint64_t x[64];
	size_t n = 0;
	for (int l = 0; l < 32; l++)
		if (mask >> l & 1u) {
			x[n++] = a[l];
			x[n++] = a[l] + (uint64_t)width - 1;
		}
	return n ? ldst_sim_cycles(x, n, banks) : 1;
}

static void test_random(void)
{
	static const int widths[] = { 4, 8, 16 };
	int bad = 0, tried = 0, spans = 0;
	for (int t = 0; t < 200000; t++) {
		uint64_t a[32];
		int width = widths[rnd() % 3];
		uint64_t stride = (uint64_t)4 << (rnd() % 11);              /* 4 B .. 4 KiB */
		if (rnd() % 4 == 0)
			stride = 4 * (1 + rnd() % 1024);                      /* odd multiples too */
		uint64_t base = 0x10000000ull + (rnd() % 65536) * 4;        /* 4 B aligned: some lanes span two sectors */
		uint32_t mask = (uint32_t)rnd();
		if (rnd() % 4 == 0)
			mask = 0xffffffffu;
		if (!mask)
			mask = 1;
		int perm = rnd() % 3 == 0;                                  /* lanes in a random order, repeats */
		for (int l = 0; l < 32; l++)
			a[l] = base + (perm ? rnd() % 32 : (uint64_t)l) * stride;
		int c[SHAPE_LDST_NB];
		bad += ldst_rec_cycles_all(mask, a, width, c) != 0;
		for (int b = 0; b < SHAPE_LDST_NB; b++) {
			int want = ref_cycles(mask, a, width, ldst_rec_banks[b]);
			bad += c[b] != want || ldst_rec_cycles(mask, a, width, ldst_rec_banks[b]) != want;
			tried++;
			if (b > 0)
				bad += c[b] > c[b - 1];                             /* more banks never cost more */
		}
		for (int l = 0; l < 32; l++)
			spans += (mask >> l & 1u) && a[l] / 32 != (a[l] + (uint64_t)width - 1) / 32;
	}
	char d[120];
	snprintf(d, sizeof d, "ldst_rec = ldst_sim on %d random (instruction, banks), none more costly with more banks", tried);
	CHECK_INT(bad, 0, d);
	CHECK(spans > 1000, "some lanes span two sectors");
}

static void test_closed(void)
{
	uint64_t a[32];
	for (int l = 0; l < 32; l++)     /* one 128 B line, 4 B per lane: 4 sectors */
		a[l] = 0x1000 + 4 * (uint64_t)l;
	CHECK_INT(ldst_rec_cycles(0xffffffffu, a, 4, 4), 1, "one line, 4 banks: 1");
	CHECK_INT(ldst_rec_cycles(0xffffffffu, a, 4, 1), 4, "one line, 1 bank: 4");
	CHECK_INT(ldst_rec_cycles(0xffffffffu, a, 4, 2), 2, "one line, 2 banks: 2");
	CHECK_INT(ldst_rec_cycles(0xffffffffu, a, 4, 8), 1, "one line, 8 banks: 1");
	for (int l = 0; l < 32; l++)     /* a column walk: lanes 1 KiB apart, one bank */
		a[l] = 0x100000 + 1024 * (uint64_t)l;
	for (int b = 0; b < SHAPE_LDST_NB; b++)
		CHECK_INT(ldst_rec_cycles(0xffffffffu, a, 4, ldst_rec_banks[b]), 32, "1 KiB apart: 32 at every B");
	for (int l = 0; l < 32; l++)     /* 32 consecutive sectors */
		a[l] = 0x100000 + 32 * (uint64_t)l;
	for (int b = 0; b < SHAPE_LDST_NB; b++)
		CHECK_INT(ldst_rec_cycles(0xffffffffu, a, 4, ldst_rec_banks[b]), 32 / ldst_rec_banks[b],
			  "32 B apart: 32 / B");
	CHECK_INT(ldst_rec_cycles(0, a, 4, 4), 1, "empty mask: 1");
	CHECK_INT(ldst_rec_cycles(1, a, 0, 4), -1, "width 0 refused");
	CHECK_INT(ldst_rec_cycles(1, a, LDST_REC_MAX_WIDTH + 1, 4), -1, "width too large refused");
	CHECK_INT(ldst_rec_cycles(1, a, 4, 0), -1, "0 banks refused");
	a[0] = 0x1010;                   /* 16 B at 16 B offset: one sector; at 24: two */
	CHECK_INT(ldst_rec_cycles(1, a, 16, 1), 1, "aligned 16 B: one sector");
	a[0] = 0x1018;
	CHECK_INT(ldst_rec_cycles(1, a, 16, 1), 2, "16 B across a sector boundary: two sectors");
	CHECK_INT(ldst_rec_cycles(1, a, 16, 2), 1, "... in two banks: 1 cycle");
	a[0] = 0x1000;                   /* 128 B in one lane: 4 sectors */
	CHECK_INT(ldst_rec_cycles(1, a, 128, 1), 4, "a 128 B lane: 4 sectors");
}

/* ---------------------------------------------------------------- generators */

/* The profile `gpudse trace KNAME --size SIZE --gpu SM7_QV100.json --profile P` makes. */
static int gen_profile(const char *kname, long size, profile_t *p)
{
	return genprof_make(kname, size, "calibration/accelsim/presets/SM7_QV100.json", 0, "test_ldst_rec", p);
}

static void test_generators(void)
{
	profile_t p;
	CHECK_INT(gen_profile("db-gemm", 256, &p), 0, "db-gemm 256 profiled");
	if (p.insts > 0) {
		CHECK(p.shape.has_ldst && p.mem_insts > 0, "db-gemm: ldst recorded");
		CHECK_NEAR(p.shape.ldst_insts, p.mem_insts, 0, "db-gemm: ldst insts = mem_insts");
		for (int b = 0; b < SHAPE_LDST_NB; b++)
			CHECK(p.shape.ldst_cycles[b] >= p.shape.ldst_insts && (b == 0 || p.shape.ldst_cycles[b] <= p.shape.ldst_cycles[b - 1]),
			      "db-gemm: cycles >= insts, non-increasing in B");
		profile_free(&p);
	}
	/*
	 * p-atax 256 (polybench.c mv_launch: one CTA of 256 threads, 8 warps, every lane valid; 256
	 * trips of mv_loop, whose memory templates are LD M, LD v[k], LD out[t], ST out[t]):
	 *   atax_kernel1 (MV_ROW): M[t*256 + k], lanes 1 KiB apart: 32 sectors in one bank at every
	 *     B <= 8 (1024 / 32 = 32 sectors apart), C = 32; v[k] one address, C = 1; out[t] 128 B
	 *     consecutive from a 64 KiB-aligned array (gen_alloc), 4 sectors: C = 4 / B, 1 at B >= 4;
	 *   atax_kernel2 (MV_COL): M[k*256 + t], 128 B consecutive: 4 sectors; v[k]: 1; out: 4 sectors.
	 * Per warp and trip at B = 1, 2, 4, 8: kernel 1 (32 + 1 + 4 + 4, 32 + 1 + 2 + 2, 35, 35),
	 * kernel 2 (13, 7, 4, 4).  Instructions: 2 kernels x 8 warps x 256 trips x 4 = 16384;
	 * cycles = 8 x 256 x (54, 44, 39, 39) = 110592, 90112, 79872, 79872: mean at B = 4 is
	 * 79872 / 16384 = 4.875 (the model's expectation from lines and sectors cannot see kernel 1's
	 * single bank).
	 */
	CHECK_INT(gen_profile("p-atax", 256, &p), 0, "p-atax 256 profiled");
	if (p.insts > 0) {
		CHECK(p.shape.has_ldst, "p-atax: ldst recorded");
		CHECK_NEAR(p.mem_insts, 16384, 0, "p-atax: 16384 memory instructions");
		CHECK_NEAR(p.shape.ldst_insts, p.mem_insts, 0, "p-atax: ldst insts = mem_insts");
		static const double want[SHAPE_LDST_NB] = { 110592, 90112, 79872, 79872 };
		for (int b = 0; b < SHAPE_LDST_NB; b++)
			CHECK_NEAR(p.shape.ldst_cycles[b], want[b], 0, "p-atax: cycles from the strides");
		CHECK_NEAR(p.shape.ldst_cycles[2] / p.shape.ldst_insts, 4.875, 0, "p-atax: mean 4.875 cycles at B = 4");
		/* the JSON round trip */
		char path[] = "/tmp/gpudse-ldstrec-XXXXXX";
		int fd = mkstemp(path);
		close(fd);
		profile_t q;
		CHECK_INT(profile_save(path, &p), 0, "saves");
		int lrc = profile_load(path, &q);
		CHECK_INT(lrc, 0, "loads");
		if (lrc == 0) {
			CHECK(q.shape.has_ldst && q.shape.ldst_insts == p.shape.ldst_insts
			      && memcmp(q.shape.ldst_cycles, p.shape.ldst_cycles, sizeof q.shape.ldst_cycles) == 0,
			      "ldst kept exactly through a save");
			profile_free(&q);
		}
		unlink(path);
		profile_free(&p);
	}
}

/* ---------------------------------------------------------------- JSON */

/* Loads a one-stream profile whose shape is {LDST}; its rc, stderr's first line in err. */
static int load_ldst(const char *path, const char *ldst, profile_t *q, char *err, size_t n)
{
	FILE *f = fopen(path, "w");
	fprintf(f, "{\"version\": 1, \"block_bytes\": 128, \"n_sm\": 1, \"insts\": 16, \"mem_insts\": 4,\n"
		   " \"streams\": [{\"name\": \"l1\", \"accesses\": 6, \"sd\": {\"cold\": 6, \"bins\": []}}],\n"
		   " \"shape\": {%s}}\n", ldst);
	fclose(f);
	char epath[] = "/tmp/gpudse-ldstrec-err-XXXXXX";
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

static void test_json(void)
{
	char path[] = "/tmp/gpudse-ldstrec-XXXXXX", err[600];
	int fd = mkstemp(path);
	close(fd);
	profile_t q;
	int rc = load_ldst(path, "\"ldst\": {\"insts\": 4, \"cycles\": [40, 20, 10.5, 4]}", &q, err, sizeof err);
	CHECK_INT(rc, 0, "ldst loads");
	if (rc == 0) {
		CHECK(q.shape.has_ldst && q.shape.ldst_insts == 4 && q.shape.ldst_cycles[0] == 40 && q.shape.ldst_cycles[2] == 10.5
		      && q.shape.ldst_cycles[3] == 4, "ldst values");
		CHECK_INT(profile_save(path, &q), 0, "saves");
		profile_free(&q);
		CHECK_INT(load_ldst(path, "", &q, err, sizeof err), 0, "a profile without ldst loads");
		if (q.insts > 0) {
			CHECK(!q.shape.has_ldst, "without the key: has_ldst 0");
			profile_free(&q);
		}
	}
	static const struct { const char *json, *path; } bad[] = {
		{ "\"ldst\": {\"insts\": 4, \"cycles\": [40, 20, 3, 4]}", ".shape.ldst.cycles[2]" },      /* < insts */
		{ "\"ldst\": {\"insts\": 4, \"cycles\": [40, 20, 30, 4]}", ".shape.ldst.cycles[2]" },     /* increasing */
		{ "\"ldst\": {\"insts\": 4, \"cycles\": [40, 20, -1, 4]}", ".shape.ldst.cycles[2]" },     /* negative */
		{ "\"ldst\": {\"insts\": 4, \"cycles\": [40, 20, \"x\", 4]}", ".shape.ldst.cycles[2]" },  /* not a number */
		{ "\"ldst\": {\"insts\": 4, \"cycles\": [40, 20, 10]}", ".shape.ldst.cycles" },           /* 3 entries */
		{ "\"ldst\": {\"insts\": 4, \"cycles\": [40, 20, 10, 4, 4]}", ".shape.ldst.cycles" },     /* 5 entries */
		{ "\"ldst\": {\"insts\": 4, \"cycles\": {}}", ".shape.ldst.cycles" },
		{ "\"ldst\": {\"insts\": 4}", ".shape.ldst.cycles" },                                    /* missing */
		{ "\"ldst\": {\"insts\": 0, \"cycles\": [0, 0, 0, 0]}", ".shape.ldst.insts" },
		{ "\"ldst\": {\"insts\": -1, \"cycles\": [4, 4, 4, 4]}", ".shape.ldst.insts" },
		{ "\"ldst\": {\"cycles\": [4, 4, 4, 4]}", ".shape.ldst.insts" },
		{ "\"ldst\": {\"insts\": 4, \"cycles\": [4, 4, 4, 4], \"x\": 1}", ".shape.ldst" },        /* unknown key */
		{ "\"ldst\": [4, 4]", ".shape.ldst" },
	};
	for (int i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++) {
		rc = load_ldst(path, bad[i].json, &q, err, sizeof err);
		CHECK_INT(rc, EXIT_USER, bad[i].json);
		if (rc == 0)
			profile_free(&q);
		char d[1000];
		snprintf(d, sizeof d, "%s: one line naming the file and %s [%.600s]", bad[i].json, bad[i].path, err);
		CHECK(strstr(err, path) && strstr(err, bad[i].path) && !strchr(err, '\n'), d);
	}
	unlink(path);
}

int main(void)
{
	test_closed();
	test_random();
	test_generators();
	test_json();
	return check_summary("ldst_rec");
}
