/*
 * test_reuse_lazy.c -- the lazily filled hit-ratio curves (models/reuse.c header, 4): a curve
 * gives, bit for bit, what a table tabulated whole at its allocation gave, whatever the order
 * of the evaluations and on any number of threads; and it keeps its own copy of the histogram.
 *
 * 1. Against the eager table: the curve at C = 2^j (a grid point, so the table's value) is the
 *    running maximum of the direct model (reuse_hit) over every grid point C_k = 2^(k/32) up to
 *    2^j (every 4th point for FIFO and random), which is how the table was filled at allocation
 *    before it was filled lazily.  Fresh curves, evaluated from the largest capacity down (the
 *    first evaluation fills the prefix up to it), from the smallest up, and in a shuffled order.
 * 2. Order: one capacity list (below one block, between grid points, beyond the table) on a
 *    fresh curve in ascending, descending and shuffled order: the same bits.  (LRU tables are
 *    filled lazily; FIFO and random ones whole at allocation, checked here all the same.)
 * 3. Threads: NTHREADS threads evaluate one fresh curve at the shuffled list, each from its own
 *    offset, all at once (under ThreadSanitizer in make test-tsan: no data race): the bits of (2).
 * 4. Ownership: a curve allocated from a histogram that is then overwritten and freed evaluates
 *    as one allocated from an untouched copy.
 *
 * Histograms: the l1 and global streams of calibration/profiles/p-gemm.json (SHARDS-sampled,
 * sd and rt; the l1 curves of rtx3080 are 256-way, the LLC's 16-way), at associativities
 * 1, 4, 16, 256 and fully associative under LRU, and 1, 4 and 16 under FIFO and random.
 */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profiling/profile_json.h"
#include "reuse.h"
#include "support/check.h"

#define NCAP 400
#define NTHREADS 4

static int same_bits(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

/* A fixed list of capacities: below one block, on and between grid points, past any table. */
static void capacities(double *cap, int n)
{
	uint64_t x = 0x9E3779B97F4A7C15ull;
	for (int i = 0; i < n; i++) {
		x ^= x << 13; x ^= x >> 7; x ^= x << 17;
		double u = (double)(x >> 11) / 9007199254740992.0;   /* [0, 1) */
		cap[i] = i % 10 == 0 ? exp2((double)(i % 25)) : 0.25 * exp2(u * 34.0);   /* 0.25 .. 4e9 blocks */
	}
}

static void shuffle(int *idx, int n, uint64_t seed)
{
	for (int i = 0; i < n; i++)
		idx[i] = i;
	for (int i = n - 1; i > 0; i--) {
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		int j = (int)((seed >> 33) % (uint64_t)(i + 1));
		int t = idx[i];
		idx[i] = idx[j];
		idx[j] = t;
	}
}

/* 1. The eager table's value at 2^j for j = 0..jmax, from the direct model. */
static void eager_powers(const profile_stream_t *s, int assoc, enum reuse_policy pol, int jmax, double *want)
{
	int step = pol == REUSE_LRU || (assoc == 1 && s->sd.total > 0) ? 1 : 4;
	double prev = 0;
	for (int k = 0; k <= 32 * jmax; k += step) {
		double v = reuse_hit(s, exp2((double)k / 32), assoc, pol);
		if (v < prev)
			v = prev;
		prev = v;
		if (k % 32 == 0)
			want[k / 32] = v;
	}
}

static void check_eager(const profile_stream_t *s, int assoc, enum reuse_policy pol, int jmax, const char *what)
{
	double want[40];
	eager_powers(s, assoc, pol, jmax, want);
	int ok_down = 1, ok_up = 1, ok_mix = 1;
	reuse_curve_t *down = reuse_curve_alloc(s, assoc, pol), *up = reuse_curve_alloc(s, assoc, pol);
	reuse_curve_t *mix = reuse_curve_alloc(s, assoc, pol);
	CHECK(down && up && mix, "allocate the curves");
	if (!down || !up || !mix)
		goto out;
	for (int j = jmax; j >= 0; j--)
		ok_down &= same_bits(reuse_curve_eval(down, exp2(j)), want[j]);
	for (int j = 0; j <= jmax; j++)
		ok_up &= same_bits(reuse_curve_eval(up, exp2(j)), want[j]);
	int idx[40];
	shuffle(idx, jmax + 1, (uint64_t)assoc * 31 + (uint64_t)pol);
	for (int i = 0; i <= jmax; i++)
		ok_mix &= same_bits(reuse_curve_eval(mix, exp2(idx[i])), want[idx[i]]);
	char msg[160];
	snprintf(msg, sizeof msg, "%s: = the eager table at 2^0..2^%d, evaluated downwards", what, jmax);
	CHECK(ok_down, msg);
	snprintf(msg, sizeof msg, "%s: = the eager table at 2^0..2^%d, evaluated upwards", what, jmax);
	CHECK(ok_up, msg);
	snprintf(msg, sizeof msg, "%s: = the eager table at 2^0..2^%d, shuffled", what, jmax);
	CHECK(ok_mix, msg);
out:
	reuse_curve_free(down);
	reuse_curve_free(up);
	reuse_curve_free(mix);
}

struct par {
	const reuse_curve_t *c;
	const double *cap;
	const int *idx;
	double *out;    /* [NCAP] per thread */
	int off;
};

static void *par_worker(void *arg)
{
	struct par *P = arg;
	for (int i = 0; i < NCAP; i++) {
		int k = P->idx[(i + P->off) % NCAP];
		P->out[k] = reuse_curve_eval(P->c, P->cap[k]);
	}
	return NULL;
}

/* 2 and 3 */
static void check_orders(const profile_stream_t *s, int assoc, enum reuse_policy pol, const char *what)
{
	static double cap[NCAP];
	capacities(cap, NCAP);
	int idx[NCAP];
	shuffle(idx, NCAP, 12345);
	double asc[NCAP], desc[NCAP], mix[NCAP], par[NTHREADS][NCAP];
	reuse_curve_t *a = reuse_curve_alloc(s, assoc, pol), *d = reuse_curve_alloc(s, assoc, pol);
	reuse_curve_t *m = reuse_curve_alloc(s, assoc, pol), *t = reuse_curve_alloc(s, assoc, pol);
	CHECK(a && d && m && t, "allocate the curves");
	if (!a || !d || !m || !t)
		goto out;
	int order[NCAP];   /* ascending capacity */
	for (int i = 0; i < NCAP; i++)
		order[i] = i;
	for (int i = 1; i < NCAP; i++)
		for (int j = i; j > 0 && cap[order[j - 1]] > cap[order[j]]; j--) {
			int x = order[j];
			order[j] = order[j - 1];
			order[j - 1] = x;
		}
	for (int i = 0; i < NCAP; i++)
		asc[order[i]] = reuse_curve_eval(a, cap[order[i]]);
	for (int i = NCAP - 1; i >= 0; i--)
		desc[order[i]] = reuse_curve_eval(d, cap[order[i]]);
	for (int i = 0; i < NCAP; i++)
		mix[idx[i]] = reuse_curve_eval(m, cap[idx[i]]);
	struct par P[NTHREADS];
	pthread_t th[NTHREADS];
	int started = 0;
	for (int k = 0; k < NTHREADS; k++) {
		P[k] = (struct par){ t, cap, idx, par[k], k * (NCAP / NTHREADS) };
		if (pthread_create(&th[k], NULL, par_worker, &P[k]) == 0)
			started++;
		else
			par_worker(&P[k]);
	}
	for (int k = 0; k < started; k++)
		pthread_join(th[k], NULL);
	int ok_d = 1, ok_m = 1, ok_t = 1, mono = 1;
	for (int i = 0; i < NCAP; i++) {
		ok_d &= same_bits(desc[i], asc[i]);
		ok_m &= same_bits(mix[i], asc[i]);
		for (int k = 0; k < NTHREADS; k++)
			ok_t &= same_bits(par[k][i], asc[i]);
	}
	for (int i = 1; i < NCAP; i++)
		mono &= asc[order[i]] >= asc[order[i - 1]];
	char msg[160];
	snprintf(msg, sizeof msg, "%s: descending order gives the ascending order's bits", what);
	CHECK(ok_d, msg);
	snprintf(msg, sizeof msg, "%s: shuffled order gives the same bits", what);
	CHECK(ok_m, msg);
	snprintf(msg, sizeof msg, "%s: %d threads on one fresh curve give the same bits", what, NTHREADS);
	CHECK(ok_t, msg);
	snprintf(msg, sizeof msg, "%s: monotone non-decreasing in capacity", what);
	CHECK(mono, msg);
out:
	reuse_curve_free(a);
	reuse_curve_free(d);
	reuse_curve_free(m);
	reuse_curve_free(t);
}

static reuse_hist_t hist_copy(const reuse_hist_t *h)
{
	reuse_hist_t c = *h;
	c.lo = malloc((h->n ? h->n : 1) * sizeof *c.lo);
	c.hi = malloc((h->n ? h->n : 1) * sizeof *c.hi);
	c.count = malloc((h->n ? h->n : 1) * sizeof *c.count);
	if (h->n) {
		memcpy(c.lo, h->lo, h->n * sizeof *c.lo);
		memcpy(c.hi, h->hi, h->n * sizeof *c.hi);
		memcpy(c.count, h->count, h->n * sizeof *c.count);
	}
	return c;
}

/* 4 */
static void check_owns(const reuse_hist_t *sd)
{
	reuse_hist_t tmp = hist_copy(sd);
	reuse_curve_t *c = reuse_curve_alloc_hist(&tmp, 16), *ref = reuse_curve_alloc_hist(sd, 16);
	CHECK(c && ref, "allocate the curves");
	for (size_t i = 0; i < tmp.n; i++) {      /* clobber, then free, the source histogram */
		tmp.lo[i] = tmp.hi[i] = 1e300;
		tmp.count[i] = -1;
	}
	free(tmp.lo);
	free(tmp.hi);
	free(tmp.count);
	int ok = c && ref;
	for (double b = 0.5; ok && b < 1e8; b *= 1.7)
		ok &= same_bits(reuse_curve_eval(c, b), reuse_curve_eval(ref, b));
	CHECK(ok, "a curve evaluates from its own copy of the histogram (source overwritten and freed)");
	reuse_curve_free(c);
	reuse_curve_free(ref);
}

int main(void)
{
	profile_t p;
	memset(&p, 0, sizeof p);
	int rc = profile_load("calibration/profiles/p-gemm.json", &p);
	CHECK_INT(rc, 0, "load calibration/profiles/p-gemm.json");
	if (rc)
		return check_summary("reuse_lazy");
	const profile_stream_t *l1 = profile_stream(&p, "l1"), *gl = profile_stream(&p, "global");
	CHECK(l1 && gl && l1->rt.n > 0 && gl->sd.n > 0, "the profile has l1 and global streams with sd and rt");
	if (!l1 || !gl)
		return check_summary("reuse_lazy");
	const int assocs[] = { 1, 4, 16, 256, REUSE_FULL };
	for (size_t a = 0; a < sizeof assocs / sizeof *assocs; a++)
		for (int pol = 0; pol < 3; pol++) {
			char what[96];
			snprintf(what, sizeof what, "l1 stream, %d-way, %s", assocs[a], pol == 0 ? "LRU" : pol == 1 ? "FIFO" : "random");
			if (pol != 0 && (assocs[a] == REUSE_FULL || assocs[a] > 16))
				continue;   /* FIFO/random: a root solve per point, with a-term sums: kept short */
			check_eager(l1, assocs[a], (enum reuse_policy)pol, pol == 0 ? 20 : 14, what);
			check_orders(l1, assocs[a], (enum reuse_policy)pol, what);
		}
	check_eager(gl, 16, REUSE_LRU, 24, "global stream, 16-way, LRU");
	check_orders(gl, 16, REUSE_LRU, "global stream, 16-way, LRU");
	check_owns(&gl->sd);
	profile_free(&p);
	return check_summary("reuse_lazy");
}
