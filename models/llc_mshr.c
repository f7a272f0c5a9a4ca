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

double llc_mshr_window_sharers(double pend_global, double pend_own, double sharers)
{
	if (!(sharers > 0.0) || !(pend_global > 0.0))
		return 0.0;
	double own = pend_own > 0.0 ? pend_own : 0.0;
	double n = (pend_global - own) / (1.0 + own);   /* [W] */
	return n < 0.0 ? 0.0 : n > sharers ? sharers : n;
}

void llc_mshr_fill(double sharers, double in_window, int merge, llc_mshr_fill_t *out)
{
	memset(out, 0, sizeof *out);
	if (!(sharers > 0.0) || !(in_window > 0.0))
		return;
	double pw = in_window > 1.0 ? 1.0 : in_window;
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
	out->in_window = pw;
	out->sharers = sharers * pw;
	out->merged = merged;
	out->held = held;
}
