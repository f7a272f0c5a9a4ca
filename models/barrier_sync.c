/*
 * barrier_sync.c -- barrier phases (barrier_sync.h [B1]-[B3]).
 */
#include "barrier_sync.h"

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

double bsync_phase_time(const double *f, size_t n, const double tot[SP_NCOL], const bsync_station_t *st,
                        int ns, double *d_max)
{
	double td = 0.0;
	for (size_t i = 0; i < n; i++) {
		const double *fi = f + i * SP_NCOL;                     /* f_i,c */
		double worst = 0.0;
		for (int k = 0; k < ns; k++) {
			double dk = 0.0;
			for (int c = 0; c < SP_NCOL; c++)
				dk += st[k].d[c] * fi[c];
			if (dk > worst)
				worst = dk;
		}
		td += worst;                                            /* [B1] */
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
