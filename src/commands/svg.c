/* svg.c -- scatter plots as SVG (see svg.h). */
#include "commands/svg.h"

#include <math.h>

#define W 720
#define H 480
#define ML 80   /* margins: left, right, top, bottom */
#define MR 30
#define MT 40
#define MB 60

/* Tick step of about 5 ticks over [lo, hi]: 1, 2 or 5 times a power of ten. */
static double nice_step(double lo, double hi)
{
	double raw = (hi - lo) / 5;
	if (!(raw > 0))
		return 1;
	double p = pow(10, floor(log10(raw)));
	double m = raw / p;
	return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

static void range(const double *v, size_t n, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i])) {
			if (v[i] < *lo)
				*lo = v[i];
			if (v[i] > *hi)
				*hi = v[i];
		}
	if (!isfinite(*lo)) {
		*lo = 0;
		*hi = 1;
	}
	if (*hi == *lo) {
		*lo -= 0.5 * (fabs(*lo) + 1);
		*hi += 0.5 * (fabs(*hi) + 1);
	}
	double pad = 0.04 * (*hi - *lo);
	*lo -= pad;
	*hi += pad;
}

static void xml_text(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '&')
			fputs("&amp;", f);
		else
			fputc(*s, f);
	}
}

int svg_write(FILE *f, const svg_plot_t *p)
{
	double x0, x1, y0, y1;
	range(p->x, p->n, &x0, &x1);
	range(p->y, p->n, &y0, &y1);
#define SX(v) (ML + ((v) - x0) / (x1 - x0) * (W - ML - MR))
#define SY(v) (H - MB - ((v) - y0) / (y1 - y0) * (H - MT - MB))
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H);
	fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H);
	fprintf(f, "<text x=\"%d\" y=\"24\" font-size=\"15\" text-anchor=\"middle\">", W / 2);
	xml_text(f, p->title);
	fputs("</text>\n", f);
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#444\"/>\n",
		ML, MT, W - ML - MR, H - MT - MB);
	double sx = nice_step(x0, x1), sy = nice_step(y0, y1);
	for (double t = ceil(x0 / sx) * sx; t <= x1; t += sx) {
		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>", SX(t), MT, SX(t), H - MB);
		fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.4g</text>\n", SX(t), H - MB + 16, fabs(t) < 1e-12 * sx ? 0 : t);
	}
	for (double t = ceil(y0 / sy) * sy; t <= y1; t += sy) {
		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>", ML, SY(t), W - MR, SY(t));
		fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.4g</text>\n", ML - 6, SY(t) + 4, fabs(t) < 1e-12 * sy ? 0 : t);
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", (ML + W - MR) / 2, H - 18);
	xml_text(f, p->xlabel);
	fprintf(f, "</text>\n<text x=\"18\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 18 %d)\">", (MT + H - MB) / 2, (MT + H - MB) / 2);
	xml_text(f, p->ylabel);
	fputs("</text>\n", f);
	for (size_t i = 0; i < p->n; i++)
		if (isfinite(p->x[i]) && isfinite(p->y[i]))
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.2\" fill=\"#7a9cc6\" fill-opacity=\"0.6\"/>\n", SX(p->x[i]), SY(p->y[i]));
	if (p->nhi) {
		fputs("<polyline fill=\"none\" stroke=\"#c0392b\" stroke-width=\"1.8\" points=\"", f);
		for (size_t i = 0; i < p->nhi; i++)
			fprintf(f, "%.1f,%.1f ", SX(p->x[p->hi[i]]), SY(p->y[p->hi[i]]));
		fputs("\"/>\n", f);
		for (size_t i = 0; i < p->nhi; i++)
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#c0392b\"/>\n", SX(p->x[p->hi[i]]), SY(p->y[p->hi[i]]));
		fprintf(f, "<circle cx=\"%d\" cy=\"%d\" r=\"3.5\" fill=\"#c0392b\"/><text x=\"%d\" y=\"%d\">", W - MR - 190, MT + 16, W - MR - 182, MT + 20);
		xml_text(f, p->hi_label);
		fputs("</text>\n", f);
	}
	fputs("</svg>\n", f);
#undef SX
#undef SY
	return ferror(f) ? -1 : 0;
}
