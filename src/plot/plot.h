/*
 * plot.h -- a two-dimensional chart drawn through cairo, written as SVG, PNG or PDF from the
 * same drawing code (render.c): a cloud of points coloured by category, lines over it (sweep
 * curves, a Pareto staircase), labels on chosen points, a legend placed where it covers no
 * point (inside a corner when one is empty, else right of the plot area).  Beyond
 * density_above points the cloud is drawn as one image of binned counts (opacity by count,
 * colour of the commonest category per bin), so the file size no longer grows with the points.
 */
#ifndef GPUDSE_PLOT_PLOT_H
#define GPUDSE_PLOT_PLOT_H

#include <stddef.h>

#include "plot/axis.h"

typedef enum { PLOT_SVG, PLOT_PNG, PLOT_PDF } plot_format_t;

typedef struct plot_line {
	const char *name;          /* legend text */
	const double *x, *y;       /* vertices, in data values */
	size_t n;
	int color;                 /* palette index; -1: the front's red */
	int markers;               /* also mark the vertices */
	const double *mx, *my;     /* markers at these points instead of the vertices (if mn) */
	size_t mn;
} plot_line_t;

/* Stacked bars: one bar per x category, one segment per series, stacked from zero. */
typedef struct plot_bars {
	const char *const *series;  /* segment names, bottom first (the legend) */
	size_t nseries;
	const double *v;            /* v[s * ngroups + g]: series s of bar g (>= 0) */
	size_t ngroups;             /* = the x axis's categories */
} plot_bars_t;

typedef struct plot {
	int width, height;         /* pixels (PNG) or points (SVG, PDF) */
	double font_size;
	const char *title;
	plot_axis_t x, y;
	const double *px, *py;     /* the cloud: n points */
	size_t n;
	const int *cat;            /* per point category (palette index), or NULL: one colour */
	const char *const *cat_names;
	size_t ncat;
	const char *cat_title;     /* legend heading for the categories */
	const int *cat_palette;    /* palette index of each category, or NULL: category i = colour i */
	int cat_legend;            /* list the categories in the legend (0: the lines name them) */
	const char *cloud_name;    /* legend text of an uncoloured cloud (NULL: none) */
	size_t density_above;      /* bin the cloud when n exceeds this */
	const plot_line_t *lines;
	size_t nlines;
	int lines_under;            /* draw the lines beneath the cloud (reference bands) */
	const char *const *labels; /* per point text drawn beside it, or NULL */
	const plot_bars_t *bars;   /* stacked bars under the cloud, or NULL */
} plot_t;

/* "svg", "png", "pdf" from the file name's extension; -1 if none of these. */
int plot_format_from_name(const char *path);

/* Draw p into path.  0, or -1 with a message in err. */
int plot_write(const plot_t *p, const char *path, plot_format_t fmt, char *err, size_t errlen);

/* Palette colour i (wraps), components 0..1. */
void plot_palette(int i, double rgb[3]);

#endif
