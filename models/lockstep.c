/* lockstep.c -- waves in lock step; see lockstep.h. */
#include "lockstep.h"

double lockstep_time(double insts, double x, double td_wait, double seq, double l, double n_lst, double *t_lock)
{
	double t_ss = insts / x;
	double tl = td_wait + seq * l + n_lst;                     /* [L3] */
	if (t_lock)
		*t_lock = tl;
	return tl > t_ss ? tl : t_ss;                              /* [L4] */
}
