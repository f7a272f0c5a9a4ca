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

/* [M] for one degree: d_other other SMs, each in the window with probability pw, weight wd,
 * added into *merged and *held.  Below the limit the whole binomial is summed; at or above it
 * only n < M, the tail P(n >= M) being 1 less their sum (exact at P_w = 1: the pdfs below d are
 * 0), so the cost is at most M terms whatever the degree. */
static void degree_terms(unsigned d_other, double pw, int merge, double wd, double *merged, double *held)
{
	if (merge <= 0 || d_other < (unsigned)merge) {
		*merged += wd * d_other * pw;                        /* E n: nobody fails */
		return;
	}
	double below = 0.0, mean_below = 0.0;
	for (unsigned n = 0; n < (unsigned)merge; n++) {
		double p = gsl_ran_binomial_pdf(n, pw, d_other);
		below += p;
		mean_below += p * n;
	}
	double tail = below < 1.0 ? 1.0 - below : 0.0;           /* P(n >= M): the M-th sharer fails */
	*held += wd * tail;
	*merged += wd * (mean_below + tail * (merge - 1));
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
		double wd = j ? phi : 1.0 - phi;
		if (wd > 0.0)
			degree_terms(d0 + (unsigned)j, pw, merge, wd, &merged, &held);
	}
	out->in_window = pw;
	out->sharers = sharers * pw;
	out->merged = merged;
	out->held = held;
}

int llc_mshr_degrees(const profile_shape_t *sh, llc_mshr_degrees_t *out)
{
	memset(out, 0, sizeof *out);
	if (!sh || !sh->has_sharers || !sh->n_sharers || !sh->sharers)
		return 0;
	double sec = 0.0, other = 0.0;
	for (size_t i = 0; i < sh->n_sharers; i++) {
		if (!(sh->sharers[i].d >= 1) || !(sh->sharers[i].sectors > 0.0))
			return 0;                                /* not a record profile_json accepts */
		sec += sh->sharers[i].sectors;
		other += (sh->sharers[i].d - 1) * sh->sharers[i].sectors;
	}
	out->bin = sh->sharers;
	out->n = sh->n_sharers;
	out->sectors = sec;
	out->sharers = other / sec;                      /* [S] from the record: sum_d w_d (d - 1) */
	return 1;
}

void llc_mshr_fill_degrees(const llc_mshr_degrees_t *dg, double in_window, int merge, llc_mshr_fill_t *out)
{
	memset(out, 0, sizeof *out);
	if (!dg->bin || !(dg->sharers > 0.0) || !(in_window > 0.0))
		return;
	double pw = in_window > 1.0 ? 1.0 : in_window;
	double merged = 0.0, held = 0.0;
	for (size_t i = 0; i < dg->n; i++)               /* [N'] w_d = h[d] / sum h, Bin(d - 1, P_w) */
		if (dg->bin[i].d > 1)
			degree_terms((unsigned)(dg->bin[i].d - 1), pw, merge, dg->bin[i].sectors / dg->sectors, &merged, &held);
	out->in_window = pw;
	out->sharers = dg->sharers * pw;
	out->merged = merged;
	out->held = held;
}
