/* axis.c -- axis ranges and ticks (see axis.h). */
#include "plot/axis.h"

#include <math.h>
#include <stdio.h>

static double to_axis(const plot_axis_t *ax, double v)
{
	return ax->kind == AXIS_LOG ? log10(v) : v;
}

int axis_fit(plot_axis_t *ax, const double *v, size_t n, char *err, size_t errlen)
{
	if (ax->kind == AXIS_CATEGORY) {
		ax->lo = -0.5;
		ax->hi = (ax->ncats ? (double)ax->ncats : 1) - 0.5;
		return 0;
	}
	double lo = INFINITY, hi = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		if (!isfinite(v[i]))
			continue;
		if (ax->kind == AXIS_LOG && v[i] <= 0) {
			snprintf(err, errlen, "%s: value %g cannot be drawn on a log axis", ax->label ? ax->label : "axis", v[i]);
			return -1;
		}
		double a = to_axis(ax, v[i]);
		lo = a < lo ? a : lo;
		hi = a > hi ? a : hi;
	}
	if (!isfinite(lo)) {
		lo = 0;
		hi = 1;
	}
	if (hi == lo) {
		double d = ax->kind == AXIS_LOG ? 0.5 : 0.5 * (fabs(lo) + 1);
		lo -= d;
		hi += d;
	}
	double pad = 0.04 * (hi - lo);
	ax->lo = lo - pad;
	ax->hi = hi + pad;
	return 0;
}

double axis_frac(const plot_axis_t *ax, double v)
{
	return (to_axis(ax, v) - ax->lo) / (ax->hi - ax->lo);
}

/* About five ticks over [lo, hi]: 1, 2 or 5 times a power of ten. */
static double nice_step(double lo, double hi)
{
	double raw = (hi - lo) / 5;
	if (!(raw > 0))
		return 1;
	double p = pow(10, floor(log10(raw)));
	double m = raw / p;
	return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

size_t axis_ticks(const plot_axis_t *ax, plot_tick_t *t, size_t max)
{
	size_t n = 0;
	if (ax->kind == AXIS_CATEGORY) {
		for (size_t i = 0; i < ax->ncats && n < max; i++, n++) {
			t[n].v = (double)i;
			snprintf(t[n].text, sizeof t[n].text, "%s", ax->cats[i]);
		}
		return n;
	}
	if (ax->kind == AXIS_LOG) {
		int with_25 = ax->hi - ax->lo < 3;
		for (double k = floor(ax->lo); k <= ceil(ax->hi) && n < max; k++) {
			static const double mult[] = { 1, 2, 5 };
			for (int m = 0; m < (with_25 ? 3 : 1) && n < max; m++) {
				double v = mult[m] * pow(10, k);
				double a = log10(v);
				if (a < ax->lo || a > ax->hi)
					continue;
				t[n].v = v;
				snprintf(t[n].text, sizeof t[n].text, "%g", v);
				n++;
			}
		}
		return n;
	}
	double s = nice_step(ax->lo, ax->hi);
	for (double k = ceil(ax->lo / s); k * s <= ax->hi && n < max; k++, n++) {
		double v = k * s;
		t[n].v = fabs(v) < 1e-12 * s ? 0 : v;
		snprintf(t[n].text, sizeof t[n].text, "%.4g", t[n].v);
	}
	return n;
}
