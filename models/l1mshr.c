/* l1mshr.c -- the L1's MSHR entry limit; equation in l1mshr.h. */
#include "l1mshr.h"

double l1mshr_entry_service(double t_fill, int entries)
{
	if (entries < 1 || !(t_fill > 0.0))
		return 0.0;
	return t_fill / entries;                         /* [E1]: n entries / T_fill per cycle */
}
