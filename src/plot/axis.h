/*
 * axis.h -- one plot axis: linear, log10 or categorical, its data range and its ticks.
 * Pure arithmetic, no drawing (render.c draws), so the unit tests can check the ticks.
 */
#ifndef GPUDSE_PLOT_AXIS_H
#define GPUDSE_PLOT_AXIS_H

#include <stddef.h>

typedef enum { AXIS_LINEAR, AXIS_LOG, AXIS_CATEGORY } axis_kind_t;

typedef struct plot_axis {
	axis_kind_t kind;
	const char *label;
	const char *const *cats;  /* AXIS_CATEGORY: value i is drawn at position i, named cats[i] */
	size_t ncats;
	double lo, hi;            /* shown range, in axis space (log10 of the value for AXIS_LOG) */
} plot_axis_t;

typedef struct plot_tick {
	double v;                 /* data value */
	char text[48];
} plot_tick_t;

/* Fit lo/hi to the finite values v[0..n) with a 4% margin (categories: -0.5 .. ncats-0.5).
 * A log axis refuses a value <= 0: returns -1 with a message in err. */
int axis_fit(plot_axis_t *ax, const double *v, size_t n, char *err, size_t errlen);

/* Ticks inside the range: 1/2/5 x 10^k steps (linear), decades, with 2 and 5 when fewer than
 * three decades show (log), every category by name (categorical).  Returns the count. */
size_t axis_ticks(const plot_axis_t *ax, plot_tick_t *t, size_t max);

/* Position of a data value along the axis, 0 at lo and 1 at hi. */
double axis_frac(const plot_axis_t *ax, double v);

#endif
