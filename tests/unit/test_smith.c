/* test_smith.c -- Smith's set-associative model: the finite-sum binomial CDF in
 * models/reuse.c against GSL's gsl_cdf_binomial_P (incomplete beta), the reference, over the
 * associativities and distances the curves use. */
#include <gsl/gsl_cdf.h>
#include <math.h>

#include "support/check.h"
#include "reuse.h"

int main(void)
{
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
