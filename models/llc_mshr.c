/* llc_mshr.c -- the LLC slice's MSHRs: sharers of a fill in flight, the merge limit; equations
 * in llc_mshr.h. */
#include "llc_mshr.h"

#include <math.h>
#include <string.h>

#include <gsl/gsl_randist.h>

/* a stream's cold count at sector granularity when it has a sector record, else per line */
static double cold_sectors(const profile_stream_t *s)
{
	if (s->sector_sd.total > 0.0)
		return s->sector_sd.cold;
	if (s->sd_sector.total > 0.0)
		return s->sd_sector.cold;
	return s->sd.cold;
}

double llc_mshr_sharers(const profile_stream_t *l1, const profile_stream_t *global)
{
	if (!l1 || !global)
		return 0.0;
	int sect = (l1->sector_sd.total > 0.0 || l1->sd_sector.total > 0.0) &&
	           (global->sector_sd.total > 0.0 || global->sd_sector.total > 0.0);
	double c1 = sect ? cold_sectors(l1) : l1->sd.cold;
	double cg = sect ? cold_sectors(global) : global->sd.cold;
	if (!(cg > 0.0) || !(c1 > cg))
		return 0.0;
	return c1 / cg - 1.0;                            /* [S] */
}

void llc_mshr_fill(const reuse_hist_t *rt, double sharers, double lambda_g, double t_fill, int merge,
                   llc_mshr_fill_t *out)
{
	memset(out, 0, sizeof *out);
	if (!rt || rt->n == 0 || !(lambda_g > 0.0) || !(t_fill > 0.0) || !(sharers > 0.0))
		return;
	double win = lambda_g * t_fill;                  /* the window in global requests */
	double reuses = 0.0, in = 0.0, wsum = 0.0;
	for (size_t i = 0; i < rt->n; i++) {
		double lo = rt->lo[i], hi = rt->hi[i], c = rt->count[i];
		reuses += c;
		/* integers r = lo .. hi - 1, equally likely; in the window iff r + 1 < win [W] */
		double k = fmin(fmax(ceil(win - 1.0) - lo, 0.0), hi - lo);
		if (!(k > 0.0) || !(hi > lo))
			continue;
		double per = c / (hi - lo);
		in += per * k;
		/* sum over r = lo .. lo + k - 1 of T - (r + 1) / Lambda [D] */
		wsum += per * (k * t_fill - (k * lo + k * (k + 1.0) / 2.0) / lambda_g);
	}
	if (!(reuses > 0.0) || !(in > 0.0))
		return;
	double pw = in / reuses;                         /* [W] */
	out->in_window = pw;
	out->wait = wsum / in;                           /* [D] */
	/* [N]: degree d0 = floor(s) with probability 1 - phi, d0 + 1 with phi; n | d ~ Bin(d, P_w) */
	unsigned d0 = (unsigned)floor(sharers);
	double phi = sharers - d0;
	double merged = 0.0, held = 0.0;
	for (int j = 0; j < 2; j++) {
		unsigned d = d0 + (unsigned)j;
		double wd = j ? phi : 1.0 - phi;
		if (!(wd > 0.0))
			continue;
		for (unsigned n = 0; n <= d; n++) {
			double p = gsl_ran_binomial_pdf(n, pw, d);
			if (merge > 0 && n >= (unsigned)merge) {
				held += wd * p;                  /* [M] the M-th sharer fails */
				merged += wd * p * (merge - 1);
			} else {
				merged += wd * p * n;
			}
		}
	}
	out->sharers = sharers * pw;
	out->merged = merged;
	out->held = held;
}
