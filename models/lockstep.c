/* lockstep.c -- waves in lock step; see lockstep.h. */
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
