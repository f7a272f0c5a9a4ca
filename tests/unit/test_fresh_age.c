/*
 * test_fresh_age.c -- the lines' freshness (src/profiling/fresh_age.h) against a brute-force
 * scan of the stream, and its fold into the fork-join groups of the profile's shape
 * (src/profiling/shape_acc.h, models/profile_shape.h mlp fresh): closed forms.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile_shape.h"
#include "profiling/fresh_age.h"
#include "profiling/shape_acc.h"
#include "support/check.h"

static unsigned lcg(unsigned long long *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)(*x >> 33);
}

/* brute force: requests of `sm` (or every SM when sm < 0) in [from, i) since the first request
 * to `line` at or after `from`; age 0 when request i is that first one */
static uint64_t brute(const int *sms, const uint64_t *lines, int i, int sm, int from)
{
	int first = -1, count = 0;
	for (int j = from; j <= i; j++) {
		if (sm >= 0 && sms[j] != sm)
			continue;
		if (first < 0 && lines[j] == lines[i])
			first = count;
		count++;
	}
	return (uint64_t)(count - 1 - first);
}

static void random_streams(void)
{
	enum { N = 6000, FLUSH = 2500 };
	static int sms[N];
	static uint64_t lines[N];
	unsigned long long x = 7;
	fresh_age_t *f = fresh_age_alloc();
	int bad1 = 0, badg = 0, from = 0, refused = 0;
	for (int i = 0; i < N; i++) {
		if (i && i % FLUSH == 0) {           /* a kernel boundary: the SMs' L1s are flushed */
			fresh_age_flush(f);
			from = i;
		}
		sms[i] = (int)(lcg(&x) % 5);
		lines[i] = lcg(&x) % 3 ? lcg(&x) % 40 : lcg(&x) % 2000;
		uint64_t a1, ag;
		refused += fresh_age_access(f, sms[i], lines[i], &a1, &ag) != 0;
		bad1 += a1 != brute(sms, lines, i, sms[i], from);
		badg += ag != brute(sms, lines, i, -1, 0);
	}
	CHECK_INT(refused, 0, "every request accepted");
	CHECK_INT(bad1, 0, "age_1 equals the brute-force count over the SM's requests since the kernel began (6000 requests, 5 SMs, 2 flushes)");
	CHECK_INT(badg, 0, "age_g equals the brute-force count over every request, never reset");
	CHECK_INT(fresh_age_access(f, -1, 1, &(uint64_t){ 0 }, &(uint64_t){ 0 }), -1, "a negative SM refused");
	fresh_age_free(f);
}

static void bins(void)
{
	CHECK_INT(shape_fresh_bin(0), 0, "bin of 0");
	CHECK_INT(shape_fresh_bin(1), 1, "bin of 1: [1, 2)");
	CHECK_INT(shape_fresh_bin(3), 2, "bin of 3: [2, 4)");
	CHECK_INT(shape_fresh_bin(4), 3, "bin of 4: [4, 8)");
	CHECK_INT(shape_fresh_bin(1e12), SHAPE_FRESH_BINS - 1, "the last bin is open");
}

/* the fold: a group's A1, Ag are its loads' smallest; overwrite-closed groups and groups with
 * a load without ages are not recorded (and the latter leave the profile without the record) */
static void groups(void)
{
	shape_acc_t a;
	shape_acc_init(&a);
	shape_warp_t w;
	memset(&w, 0, sizeof w);
	int d2 = 2, d3 = 3, d4 = 4, s2 = 2, s3 = 3, s9 = 9;
	/* group 1: loads to R2 (ages 40, 700) and R3 (ages 5, 900), closed by a read of R2 */
	shape_warp_inst(&a, &w, 1, &d2, 1, 1, &s9, 1);
	shape_warp_load_ages(&w, 40, 700);
	shape_warp_inst(&a, &w, 1, &d3, 1, 1, &s9, 1);
	shape_warp_load_ages(&w, 5, 900);
	shape_warp_inst(&a, &w, 0, NULL, 0, 1, &s2, 1);
	CHECK_NEAR(a.s.fresh[shape_fresh_bin(5)][shape_fresh_bin(700)], 1, 0,
	           "a group's A1 = min(40, 5), Ag = min(700, 900): one group in bins (3, 10)");
	/* group 2: one load to R4 (ages 0, 0: the line's first request), closed by an overwrite of R4 */
	shape_warp_inst(&a, &w, 1, &d4, 1, 1, &s9, 1);
	shape_warp_load_ages(&w, 0, 0);
	shape_warp_inst(&a, &w, 0, &d4, 1, 1, NULL, 0);
	CHECK_NEAR(a.s.fresh[0][0], 0, 0, "a sliding window (closed by an overwrite) is not in fresh");
	/* group 3: a load (ages 0, 3) closed by the warp's end: a fork-join */
	shape_warp_inst(&a, &w, 1, &d3, 1, 1, &s9, 1);
	shape_warp_load_ages(&w, 0, 3);
	shape_warp_end(&a, &w);
	CHECK_NEAR(a.s.fresh[0][shape_fresh_bin(3)], 1, 0, "the warp's end closes a fork-join group: bins (0, 2)");
	profile_shape_t out;
	CHECK_INT(shape_acc_finish(&a, &out), 0, "finish");
	CHECK(out.has_fresh, "every fork-join group had its ages: recorded");
	shape_acc_free(&a);
	/* a load without ages: no record at all (it would miss groups) */
	shape_acc_init(&a);
	memset(&w, 0, sizeof w);
	shape_warp_inst(&a, &w, 1, &d2, 1, 1, &s9, 1);
	shape_warp_load_ages(&w, 1, 1);
	shape_warp_inst(&a, &w, 1, &d3, 1, 1, &s9, 1);   /* no ages for this one */
	shape_warp_inst(&a, &w, 0, NULL, 0, 1, &s3, 1);
	CHECK_INT(shape_acc_finish(&a, &out), 0, "finish");
	CHECK(!out.has_fresh && out.fresh[1][1] == 0, "a group with a load without ages: no fresh record");
	shape_acc_free(&a);
}

int main(void)
{
	random_streams();
	bins();
	groups();
	return check_summary("test_fresh_age");
}
