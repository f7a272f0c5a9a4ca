/*
 * svg.h -- a scatter plot as SVG: all points, a highlighted polyline (a Pareto front or a
 * curve), linear axes with "nice" ticks, labels.  No dependencies.
 */
#ifndef GPUDSE_SVG_H
#define GPUDSE_SVG_H

#include <stddef.h>
#include <stdio.h>

typedef struct svg_plot {
	const char *title;
	const char *xlabel, *ylabel;
	const double *x, *y;       /* n points */
	size_t n;
	const size_t *hi;          /* indices of highlighted points, joined in the given order */
	size_t nhi;
	const char *hi_label;      /* legend text for them */
} svg_plot_t;

/* Write the plot; 0 or -1 on a write error. */
int svg_write(FILE *f, const svg_plot_t *p);

#endif
