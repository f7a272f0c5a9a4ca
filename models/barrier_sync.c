/*
 * barrier_sync.c -- barrier phases (barrier_sync.h [B1]-[B3]).
 */
#include "barrier_sync.h"

#include <math.h>

void bsync_totals(const shape_phase_t *ph, size_t n, double tot[SP_NCOL])
{
	for (int c = 0; c < SP_NCOL; c++)
		tot[c] = 0.0;
	for (size_t i = 0; i < n; i++)
		for (int c = 0; c < SP_NCOL; c++)
			tot[c] += ph[i].count * ph[i].v[c];
}

void bsync_shares(const shape_phase_t *ph, size_t n, const double tot[SP_NCOL], double *f)
{
	for (size_t i = 0; i < n; i++)
		for (int c = 0; c < SP_NCOL; c++)
			f[i * SP_NCOL + c] = tot[c] > 0.0 ? ph[i].count * ph[i].v[c] / tot[c] : 0.0;
}

double bsync_launch_scale(const bsync_sms_t *sms, long j)
{
	if (!sms || j < 0 || (size_t)j >= sms->n_launch || !(sms->n > 0.0) || !(sms->a > 0.0))
		return 1.0;
	const shape_launch_t *l = &sms->launch[j];
	double ctas = shape_ctas(l) / (l->count > 0 ? l->count : 1);   /* C_j: CTAs of one launch */
	if (!(ctas > 0.0))
		return 1.0;
	double aj = ctas < sms->n ? ctas : sms->n;                       /* [B5] a_j = min(n, C_j) */
	return sms->a / aj;
}

double bsync_subcore_scale(const bsync_sms_t *sms, long j)
{
	if (!sms || sms->subcores <= 1 || j < 0 || (size_t)j >= sms->n_launch || !(sms->n > 0.0))
		return 1.0;
	const shape_launch_t *l = &sms->launch[j];
	double ctas = shape_ctas(l) / (l->count > 0 ? l->count : 1);   /* C_j */
	long wpc = shape_warps_per_cta(l);
	if (!(ctas > 0.0) || wpc <= 0)
		return 1.0;
	double aj = ctas < sms->n ? ctas : sms->n;                       /* [B5] a_j */
	double wj = (double)wpc * ctas / aj;                             /* [B6] w_j */
	double k = sms->subcores;
	return wj < k ? k / wj : 1.0;                                    /* [B6] k / min(k, w_j) */
}

/* [B1]'s max over stations, phase by phase, in fewer operations and with the same result bit
 * for bit (a sweep evaluates it at every design point, over up to ~50 phase types):
 *  - a station's sum over columns skips the columns where D_k,c = 0: with f_i,c finite the
 *    skipped product is a zero, and adding a zero to the running sum (which starts at +0 and
 *    never becomes -0) leaves it unchanged;
 *  - the stations whose demand scales with one column c only (most of them: issue, the units,
 *    the memory path) are merged per column: their term D_k,c f_i,c is maximal at the largest
 *    D_k,c when f_i,c >= 0 (at the smallest when f_i,c < 0), because rounding is monotone, so
 *    the phase's max is the same value;
 *  - a station with a NaN demand (never larger than anything) is kept as it is, and a phase
 *    with a non-finite share goes through the plain sum over every station and column;
 *  - [B5]'s scale s > 0 multiplies every per-SM station's term of a phase, and [B6]'s s s2 every
 *    per-sub-core one, so the per-SM and per-sub-core ones are merged apart from the others
 *    (their max is at the same extreme times the scale; 1 leaves every product unchanged). */
double bsync_phase_time(const double *f, size_t n, const double tot[SP_NCOL], const bsync_station_t *st,
                        int ns, const shape_phase_t *ph, const bsync_sms_t *sms, double *d_max)
{
	return bsync_phase_time_by(f, n, tot, st, ns, ph, sms, d_max, NULL);
}

double bsync_phase_time_by(const double *f, size_t n, const double tot[SP_NCOL], const bsync_station_t *st,
                           int ns, const shape_phase_t *ph, const bsync_sms_t *sms, double *d_max, double *by_station)
{
	double hi[3][SP_NCOL], lo[3][SP_NCOL];
	int hik[3][SP_NCOL], lok[3][SP_NCOL];   /* the station of each extreme (by_station) */
	int has[3][SP_NCOL] = { { 0 } };
	int multi[64], nz[64][SP_NCOL], n_nz[64], n_multi = 0, generic = ns > 64;
	for (int k = 0; k < ns && !generic; k++) {
		int cols[SP_NCOL], nc = 0, nan = 0;
		for (int c = 0; c < SP_NCOL; c++) {
			double v = st[k].d[c];
			if (v != 0.0)
				cols[nc++] = c;
			if (v != v)
				nan = 1;
		}
		if (nc == 0)
			continue;                   /* every term 0: never above the phase's max, >= 0 */
		if (nc == 1 && !nan) {
			int c = cols[0], p = st[k].per_sm == 2 ? 2 : !!st[k].per_sm;
			double v = st[k].d[c];
			if (!has[p][c]) {
				hi[p][c] = lo[p][c] = v;
				hik[p][c] = lok[p][c] = k;
				has[p][c] = 1;
			} else {
				if (v > hi[p][c])
					hi[p][c] = v, hik[p][c] = k;
				if (v < lo[p][c])
					lo[p][c] = v, lok[p][c] = k;
			}
			continue;
		}
		multi[n_multi] = k;
		for (int j = 0; j < nc; j++)
			nz[n_multi][j] = cols[j];
		n_nz[n_multi++] = nc;
	}
	/* [B5]'s scale per launch entry, once per call (the rows index it) when the entries fit */
	enum { LS_MAX = 64 };
	double ls[LS_MAX], ls2[LS_MAX];
	size_t nls = ph && sms && sms->n_launch <= LS_MAX ? sms->n_launch : 0;
	for (size_t j = 0; j < nls; j++) {
		ls[j] = bsync_launch_scale(sms, (long)j);
		ls2[j] = ls[j] * bsync_subcore_scale(sms, (long)j);   /* [B6] */
	}
	/* the single-column classes that hold a station, in the (p, c) order the max visits them
	 * (ties resolve to the first, as over the whole grid) */
	int cand_p[3 * SP_NCOL], cand_c[3 * SP_NCOL], n_cand = 0;
	for (int p = 0; p < 3; p++)
		for (int c = 0; c < SP_NCOL; c++)
			if (has[p][c]) {
				cand_p[n_cand] = p;
				cand_c[n_cand++] = c;
			}
	double td = 0.0;
	for (size_t i = 0; i < n; i++) {
		const double *fi = f + i * SP_NCOL;                     /* f_i,c */
		long li = ph ? ph[i].launch : -1;
		double s = li >= 0 && (size_t)li < nls ? ls[li] : ph ? bsync_launch_scale(sms, li) : 1.0;   /* [B5] */
		double s2 = li >= 0 && (size_t)li < nls ? ls2[li] : ph ? s * bsync_subcore_scale(sms, li) : 1.0;   /* [B6] */
		double worst = 0.0;
		int arg = -1;                                           /* the station of the max */
		int finite = !generic;
		for (int c = 0; c < SP_NCOL && finite; c++)
			finite = isfinite(fi[c]);
		if (finite) {
			for (int j = 0; j < n_cand; j++) {
				int p = cand_p[j], c = cand_c[j];
				double dk = (fi[c] >= 0.0 ? hi[p][c] : lo[p][c]) * fi[c];
				if (p)
					dk *= p == 2 ? s2 : s;
				if (dk > worst)
					worst = dk, arg = fi[c] >= 0.0 ? hik[p][c] : lok[p][c];
			}
			for (int j = 0; j < n_multi; j++) {
				const double *d = st[multi[j]].d;
				double dk = 0.0;
				for (int t = 0; t < n_nz[j]; t++)
					dk += d[nz[j][t]] * fi[nz[j][t]];
				if (st[multi[j]].per_sm)
					dk *= st[multi[j]].per_sm == 2 ? s2 : s;
				if (dk > worst)
					worst = dk, arg = multi[j];
			}
		} else {
			for (int k = 0; k < ns; k++) {
				double dk = 0.0;
				for (int c = 0; c < SP_NCOL; c++)
					dk += st[k].d[c] * fi[c];
				if (st[k].per_sm)
					dk *= st[k].per_sm == 2 ? s2 : s;
				if (dk > worst)
					worst = dk, arg = k;
			}
		}
		td += worst;                                            /* [B1] */
		if (by_station && arg >= 0)
			by_station[arg] += worst;
	}
	if (d_max) {
		double m = 0.0;
		for (int k = 0; k < ns; k++) {
			double dk = 0.0;
			for (int c = 0; c < SP_NCOL; c++)
				if (tot[c] > 0.0)
					dk += st[k].d[c];
			if (dk > m)
				m = dk;
		}
		*d_max = m;
	}
	return td;
}

double bsync_time(double t_d, double l_slot, double d_max, double ctas_per_sm)
{
	double c = ctas_per_sm > 1.0 ? ctas_per_sm : 1.0;
	double t1 = t_d / c + l_slot;                                   /* [B2], [B3] */
	return t1 > d_max ? t1 : d_max;
}
