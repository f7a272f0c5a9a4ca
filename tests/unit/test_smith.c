/* test_smith.c -- Smith's set-associative model: the finite-sum binomial CDF in
 * models/reuse.c against GSL's gsl_cdf_binomial_P (incomplete beta), the reference, over the
 * associativities and distances the curves use; and the walk along a histogram's distances
 * (reuse.c, smith_walk: exact recurrences in d, re-seeded from the finite sum) against the
 * finite sum evaluated at every distance on its own, the code before the walk. */
#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdlib.h>

#include "support/check.h"
#include "reuse.h"

/* A histogram of unit bins at 0..nunit-1, then bins of growing width to past 4e6 (the
 * profiler's layout, plus gaps), counts varying so no bin is special. */
static reuse_hist_t walk_hist(int nunit)
{
	size_t cap = (size_t)nunit + 200, n = 0;
	reuse_hist_t h = { 0, malloc(cap * sizeof(double)), malloc(cap * sizeof(double)),
			   malloc(cap * sizeof(double)), 7, 7 };
	for (int d = 0; d < nunit; d++, n++) {
		h.lo[n] = d;
		h.hi[n] = d + 1;
		h.count[n] = 1 + (d * 7919) % 13;
	}
	for (double lo = nunit + 3, w = 3; lo < 4e6 && n < cap; lo += w + (n % 3), w = ceil(w * 1.3), n++) {
		h.lo[n] = lo;
		h.hi[n] = lo + w;
		h.count[n] = 1 + (double)(n % 5);
	}
	h.n = n;
	for (size_t i = 0; i < n; i++)
		h.total += h.count[i];
	return h;
}

/* Smith's hit ratio over h with every distance evaluated on its own (a one-bin histogram
 * never walks): the direct finite sum, as reuse.c computed it before the walk. */
static double smith_direct_ref(const reuse_hist_t *h, double blocks, int a)
{
	double lo[1], hi[1], cnt[1] = { 1 };
	reuse_hist_t one = { 1, lo, hi, cnt, 0, 1 };
	double hits = 0;
	for (size_t i = 0; i < h->n; i++) {
		lo[0] = h->lo[i];
		hi[0] = h->lo[i] + 1;
		double plo = reuse_hit_smith(&one, blocks, a);
		lo[0] = h->hi[i] - 1;
		hi[0] = h->hi[i];
		double plast = reuse_hit_smith(&one, blocks, a);
		hits += h->count[i] * (h->lo[i] == h->hi[i] - 1 ? plo : 0.5 * (plo + plast));
	}
	return hits / h->total;
}

static void test_walk(void)
{
	reuse_hist_t h = walk_hist(5000);
	double worst = 0, worst_gsl = 0;
	int n = 0;
	const int assocs[] = { 1, 2, 4, 16, 64 };
	for (size_t ai = 0; ai < sizeof assocs / sizeof assocs[0]; ai++)
		for (double blocks = 2; blocks <= 1 << 24; blocks *= 2.9) {
			int a = assocs[ai];
			if (a >= blocks)
				continue;
			double got = reuse_hit_smith(&h, blocks, a), want = smith_direct_ref(&h, blocks, a);
			double gsl = 0, p = a / blocks;
			for (size_t i = 0; i < h.n; i++) {
				double l = h.lo[i], e = h.hi[i] - 1;
				double fl = l < a ? 1 : gsl_cdf_binomial_P((unsigned)(a - 1), p, (unsigned)l);
				double fe = e < a ? 1 : gsl_cdf_binomial_P((unsigned)(a - 1), p, (unsigned)e);
				gsl += h.count[i] * (l == e ? fl : 0.5 * (fl + fe));
			}
			gsl /= h.total;
			worst = fmax(worst, fabs(got - want));
			worst_gsl = fmax(worst_gsl, fabs(got - gsl));
			n++;
		}
	printf("walk over %zu bins, %d (capacity, assoc) points: max |walk - direct sum| = %.2e, "
	       "max |walk - gsl_cdf_binomial_P| = %.2e\n", h.n, n, worst, worst_gsl);
	CHECK(n > 50, "walk grid covered");
	/* the recurrences are exact; what is left is rounding over at most SMITH_RESEED steps */
	CHECK_NEAR(worst, 0, 1e-12, "walked Smith hit ratio = per-distance finite sum (the code before the walk)");
	CHECK_NEAR(worst_gsl, 0, 1e-9, "walked Smith hit ratio = GSL's binomial CDF per distance");
	free(h.lo);
	free(h.hi);
	free(h.count);
}

int main(void)
{
	test_walk();
	double lo[1], hi[1], cnt[1] = { 1 };
	reuse_hist_t h = { 1, lo, hi, cnt, 0, 1 };
	double worst = 0;
	int n = 0;
	const int assocs[] = { 1, 2, 4, 8, 16, 32, 64 };
	for (size_t ai = 0; ai < sizeof assocs / sizeof assocs[0]; ai++)
		for (double sets = 1; sets <= 65536; sets *= 4)
			for (double d = 1; d < 4e6; d = ceil(d * 1.37)) {
				int a = assocs[ai];
				lo[0] = d;
				hi[0] = d + 1;
				double got = reuse_hit_smith(&h, sets * a, a);
				double want = d < a ? 1.0 : gsl_cdf_binomial_P((unsigned)(a - 1), 1.0 / sets, (unsigned)d);
				if (sets * a <= 1 || a >= sets * a)
					continue;   /* fully associative: Mattson, not Smith */
				double err = fabs(got - want);
				if (err > worst)
					worst = err;
				n++;
			}
	CHECK(n > 1000, "grid covered");
	/* 1e-9: the reference itself (continued-fraction incomplete beta) is good to ~1e-10 */
	CHECK_NEAR(worst, 0, 1e-9, "max |finite sum - gsl_cdf_binomial_P| over assoc 1..64, 1..65536 sets, d to 4e6");
	return check_summary("test_smith");
}
