/*
 * staircase.h -- the attainment staircase of a two-objective Pareto front: between two
 * neighbouring front points the boundary of what the front achieves steps through the corner
 * that takes the worse coordinate of each (min x / max y: across at the lower point's height,
 * then up).  A polyline joining front points directly would claim designs that do not exist.
 */
#ifndef GPUDSE_PLOT_STAIRCASE_H
#define GPUDSE_PLOT_STAIRCASE_H

#include <stddef.h>

/* Front points (x[i], y[i]), i < n, in increasing x.  Writes the 2n-1 vertices of the
 * staircase to sx, sy (room for 2n-1) and returns their count (0 when n == 0). */
size_t pareto_staircase(const double *x, const double *y, size_t n, int x_higher_better,
	int y_higher_better, double *sx, double *sy);

#endif
