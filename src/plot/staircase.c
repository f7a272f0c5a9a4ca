/* staircase.c -- see staircase.h. */
#include "plot/staircase.h"

size_t pareto_staircase(const double *x, const double *y, size_t n, int x_higher_better,
	int y_higher_better, double *sx, double *sy)
{
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		if (i > 0) {
			/* the corner: the worse x and the worse y of the two neighbours */
			double x0 = x[i - 1], x1 = x[i], y0 = y[i - 1], y1 = y[i];
			sx[m] = x_higher_better ? (x0 < x1 ? x0 : x1) : (x0 > x1 ? x0 : x1);
			sy[m] = y_higher_better ? (y0 < y1 ? y0 : y1) : (y0 > y1 ? y0 : y1);
			m++;
		}
		sx[m] = x[i];
		sy[m] = y[i];
		m++;
	}
	return m;
}
