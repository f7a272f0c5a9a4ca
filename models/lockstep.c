/* lockstep.c -- waves in lock step; see lockstep.h. */
#include <math.h>

#include "lockstep.h"

double lockstep_path(double seq, double l, double crit_seq, double l_dep, double crit_waits, double w_group)
{
	double mean = seq * l, crit = crit_seq * l_dep + crit_waits * w_group;   /* [L5] */
	return crit > mean ? crit : mean;
}

double lockstep_time(double insts, double x, double td_wait, double path, double n_lst, double *t_lock)
{
	double t_ss = insts / x;
	double tl = td_wait + path + n_lst;                        /* [L3] */
	if (t_lock)
		*t_lock = tl;
	return tl > t_ss ? tl : t_ss;                              /* [L4] */
}

double lockstep_held(double k_intervals, double fills, double held_frac, double t_fill, double *p_held)
{
	double p = 0.0;
	if (fills > 0.0 && held_frac > 0.0) {
		double h = held_frac < 1.0 ? held_frac : 1.0;
		p = -expm1(fills * log1p(-h));                       /* [L6] P_L = 1 - (1 - h_L)^F */
	}
	if (p_held)
		*p_held = p;
	if (!(k_intervals > 0.0) || !(t_fill > 0.0))
		return 0.0;
	return k_intervals * p * t_fill;                           /* [L6] K_L P_L T_f */
}
