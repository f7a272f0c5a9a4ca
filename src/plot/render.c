/* render.c -- draws a plot_t with cairo onto an SVG, PDF or PNG surface (see plot.h). */
#include "plot/plot.h"

#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Okabe & Ito's colour-blind-safe palette, then a few more distinguishable ones. */
static const unsigned palette[] = { 0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7, 0x56B4E9, 0xD55E00,
	0xF0E442, 0x000000, 0x8C564B, 0x7F7F7F, 0x17BECF, 0xBCBD22 };
#define NPAL (sizeof palette / sizeof palette[0])
#define FRONT_RGB 0.75, 0.16, 0.12
#define CLOUD_RGB 0.48, 0.61, 0.78
/* The opacity of cloud marks: lets dense regions show, and tests count the marks by it. */
#define CLOUD_ALPHA 0.55

void plot_palette(int i, double rgb[3])
{
	unsigned c = palette[(unsigned)i % NPAL];
	rgb[0] = ((c >> 16) & 255) / 255.0;
	rgb[1] = ((c >> 8) & 255) / 255.0;
	rgb[2] = (c & 255) / 255.0;
}

int plot_format_from_name(const char *path)
{
	const char *dot = strrchr(path, '.');
	if (!dot)
		return -1;
	if (!strcasecmp(dot, ".svg"))
		return PLOT_SVG;
	if (!strcasecmp(dot, ".png"))
		return PLOT_PNG;
	if (!strcasecmp(dot, ".pdf"))
		return PLOT_PDF;
	return -1;
}

typedef struct frame {
	double l, t, w, h;          /* the plot area */
	double leg_x, leg_y;        /* the legend's top-left corner */
	double leg_w, leg_h;
} frame_t;

typedef struct legend_entry {
	const char *text;
	double rgb[3];
	int kind;                   /* 0 dot, 1 line, 2 heading, 3 box */
} legend_entry_t;

static double px_x(const plot_t *p, const frame_t *f, double v)
{
	return f->l + axis_frac(&p->x, v) * f->w;
}

static double px_y(const plot_t *p, const frame_t *f, double v)
{
	return f->t + f->h - axis_frac(&p->y, v) * f->h;
}

static double text_w(cairo_t *cr, const char *s)
{
	cairo_text_extents_t e;
	cairo_text_extents(cr, s, &e);
	return e.x_advance;
}

static void text_at(cairo_t *cr, double x, double y, const char *s, double halign, double valign)
{
	cairo_text_extents_t e;
	cairo_font_extents_t fe;
	cairo_text_extents(cr, s, &e);
	cairo_font_extents(cr, &fe);
	cairo_move_to(cr, x - halign * e.x_advance, y + fe.ascent * (1 - valign) - fe.descent * valign * 0.2);
	cairo_show_text(cr, s);
}

static size_t legend_entries(const plot_t *p, legend_entry_t *e, size_t max)
{
	size_t n = 0;
	if (p->bars) {
		for (size_t i = p->bars->nseries; i-- > 0 && n < max;) {   /* top segment first, as stacked */
			e[n] = (legend_entry_t){ p->bars->series[i], { 0, 0, 0 }, 3 };
			plot_palette((int)i, e[n].rgb);
			n++;
		}
	}
	if (p->cat && p->ncat && p->cat_legend) {
		if (p->cat_title && n < max)
			e[n++] = (legend_entry_t){ p->cat_title, { 0, 0, 0 }, 2 };
		for (size_t i = 0; i < p->ncat && n < max; i++) {
			e[n] = (legend_entry_t){ p->cat_names[i], { 0, 0, 0 }, 0 };
			plot_palette(p->cat_palette ? p->cat_palette[i] : (int)i, e[n].rgb);
			n++;
		}
	} else if (!p->cat && p->cloud_name && n < max) {
		e[n++] = (legend_entry_t){ p->cloud_name, { CLOUD_RGB }, 0 };
	}
	for (size_t i = 0; i < p->nlines && n < max; i++) {
		if (!p->lines[i].name)
			continue;
		e[n] = (legend_entry_t){ p->lines[i].name, { FRONT_RGB }, 1 };
		if (p->lines[i].color >= 0)
			plot_palette(p->lines[i].color, e[n].rgb);
		n++;
	}
	return n;
}

/* Points (cloud and line vertices) inside the box, in page coordinates. */
static size_t covered(const plot_t *p, const frame_t *f, double x, double y, double w, double h)
{
	size_t c = 0;
	for (size_t i = 0; i < p->n; i++) {
		double X = px_x(p, f, p->px[i]), Y = px_y(p, f, p->py[i]);
		c += X >= x - 3 && X <= x + w + 3 && Y >= y - 3 && Y <= y + h + 3;
	}
	for (size_t l = 0; l < p->nlines; l++)
		for (size_t i = 0; i < p->lines[l].n; i++) {
			double X = px_x(p, f, p->lines[l].x[i]), Y = px_y(p, f, p->lines[l].y[i]);
			c += X >= x - 3 && X <= x + w + 3 && Y >= y - 3 && Y <= y + h + 3;
		}
	for (size_t g = 0; p->bars && g < p->bars->ngroups; g++) {
		double top = 0, half = fmin(0.35 * f->w / (p->x.hi - p->x.lo), 4 * p->font_size), X = px_x(p, f, (double)g);
		for (size_t s = 0; s < p->bars->nseries; s++)
			top += fmax(0, p->bars->v[s * p->bars->ngroups + g]);
		double y0 = px_y(p, f, 0), y1 = px_y(p, f, top);
		c += X + half >= x && X - half <= x + w && y0 >= y && y1 <= y + h;
	}
	return c;
}

/* Margins from the text sizes; the legend in an empty corner, else outside on the right. */
static void layout(cairo_t *cr, const plot_t *p, const legend_entry_t *e, size_t ne, frame_t *f)
{
	double fs = p->font_size;
	plot_tick_t t[64];
	size_t nt = axis_ticks(&p->y, t, 64);
	double ytw = 0;
	for (size_t i = 0; i < nt; i++)
		ytw = fmax(ytw, text_w(cr, t[i].text));
	int rotate_x = 0;
	nt = axis_ticks(&p->x, t, 64);
	double xtw = 0;
	for (size_t i = 0; i < nt; i++)
		xtw = fmax(xtw, text_w(cr, t[i].text));
	f->l = ytw + 2.2 * fs + 10;
	f->t = p->title && *p->title ? 2.4 * fs : fs;
	f->w = p->width - f->l - fs;
	if (nt && xtw + 6 > f->w / nt)
		rotate_x = 1;
	double xb = rotate_x ? fmin(xtw, p->height / 3.0) * 0.72 + fs : 1.4 * fs;
	f->h = p->height - f->t - xb - 1.6 * fs - 8;
	f->leg_w = f->leg_h = 0;
	if (!ne)
		return;
	for (size_t i = 0; i < ne; i++)
		f->leg_w = fmax(f->leg_w, text_w(cr, e[i].text) + (e[i].kind == 2 ? 0 : 2.2 * fs));
	f->leg_w += fs;
	f->leg_h = ne * 1.35 * fs + 0.6 * fs;
	double pad = 0.5 * fs;
	double cx[4] = { f->l + f->w - f->leg_w - pad, f->l + pad, f->l + f->w - f->leg_w - pad, f->l + pad };
	double cy[4] = { f->t + pad, f->t + pad, f->t + f->h - f->leg_h - pad, f->t + f->h - f->leg_h - pad };
	for (int c = 0; c < 4; c++)
		if (covered(p, f, cx[c], cy[c], f->leg_w, f->leg_h) == 0) {
			f->leg_x = cx[c];
			f->leg_y = cy[c];
			return;
		}
	f->w -= f->leg_w + fs;
	f->leg_x = f->l + f->w + fs;
	f->leg_y = f->t;
}

static void draw_axes(cairo_t *cr, const plot_t *p, const frame_t *f)
{
	double fs = p->font_size;
	plot_tick_t t[64];
	cairo_set_line_width(cr, 1);
	/* grid and tick labels */
	size_t nt = axis_ticks(&p->x, t, 64);
	double xtw = 0;
	for (size_t i = 0; i < nt; i++)
		xtw = fmax(xtw, text_w(cr, t[i].text));
	int rotate_x = nt && xtw + 6 > f->w / nt;
	for (size_t i = 0; i < nt; i++) {
		double X = px_x(p, f, t[i].v);
		cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
		cairo_move_to(cr, X, f->t);
		cairo_line_to(cr, X, f->t + f->h);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
		if (rotate_x) {
			/* a slanted label may use the bottom third of the picture, and not run off its
			 * left edge: longer ones are cut and end in "..." */
			double maxw = fmin(p->height / 3.0, (X - 2) / 0.72);
			char cut[sizeof t[i].text + 4];
			snprintf(cut, sizeof cut, "%s", t[i].text);
			for (size_t len = strlen(cut); len > 1 && text_w(cr, cut) > maxw; len--)
				memcpy(cut + len - 1, "...", 4);
			cairo_save(cr);
			cairo_translate(cr, X, f->t + f->h + 4);
			cairo_rotate(cr, -M_PI / 4);
			text_at(cr, 0, 0, cut, 1, 0.5);
			cairo_restore(cr);
		} else {
			text_at(cr, X, f->t + f->h + 4, t[i].text, 0.5, 0);
		}
	}
	nt = axis_ticks(&p->y, t, 64);
	for (size_t i = 0; i < nt; i++) {
		double Y = px_y(p, f, t[i].v);
		cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
		cairo_move_to(cr, f->l, Y);
		cairo_line_to(cr, f->l + f->w, Y);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
		text_at(cr, f->l - 5, Y, t[i].text, 1, 0.5);
	}
	cairo_set_source_rgb(cr, 0.27, 0.27, 0.27);
	cairo_rectangle(cr, f->l, f->t, f->w, f->h);
	cairo_stroke(cr);
	/* axis labels and title */
	cairo_set_source_rgb(cr, 0, 0, 0);
	if (p->x.label)
		text_at(cr, f->l + f->w / 2, p->height - 1.5 * fs, p->x.label, 0.5, 0);
	if (p->y.label) {
		cairo_save(cr);
		double lw = text_w(cr, p->y.label);
		if (lw > f->h)   /* a long label shrinks to the plot's height rather than run off the page */
			cairo_set_font_size(cr, fs * f->h / lw);
		cairo_translate(cr, 0.3 * fs, f->t + f->h / 2);
		cairo_rotate(cr, -M_PI / 2);
		text_at(cr, 0, 0, p->y.label, 0.5, 0);
		cairo_restore(cr);
	}
	if (p->title && *p->title) {
		cairo_save(cr);
		cairo_set_font_size(cr, fs * 1.2);
		double tw = text_w(cr, p->title);
		if (tw > p->width - fs)   /* likewise a long title to the picture's width */
			cairo_set_font_size(cr, fs * 1.2 * (p->width - fs) / tw);
		text_at(cr, p->width / 2.0, 0.5 * fs, p->title, 0.5, 0);
		cairo_restore(cr);
	}
}

static void point_rgb(const plot_t *p, size_t i, double rgb[3])
{
	if (p->cat && p->cat[i] >= 0) {
		plot_palette(p->cat_palette ? p->cat_palette[p->cat[i]] : p->cat[i], rgb);
	} else {
		rgb[0] = 0.48;
		rgb[1] = 0.61;
		rgb[2] = 0.78;
	}
}

/* The cloud binned into 3x3-unit cells, drawn as one image: opacity grows with the log of the
 * count, colour is the commonest category of the cell. */
static int draw_density(cairo_t *cr, const plot_t *p, const frame_t *f)
{
	const int cell = 3;
	int bw = (int)ceil(f->w / cell), bh = (int)ceil(f->h / cell);
	if (bw < 1 || bh < 1)
		return 0;
	size_t ncat = p->cat ? (p->ncat ? p->ncat : 1) : 1;
	if (ncat > 16)
		ncat = 16;
	unsigned *cnt = calloc((size_t)bw * bh * (ncat + 1), sizeof *cnt);
	if (!cnt)
		return -1;
	unsigned cmax = 0;
	for (size_t i = 0; i < p->n; i++) {
		double fx = axis_frac(&p->x, p->px[i]), fy = axis_frac(&p->y, p->py[i]);
		if (!(fx >= 0 && fx <= 1 && fy >= 0 && fy <= 1))
			continue;
		int bx = (int)(fx * f->w / cell), by = (int)((1 - fy) * f->h / cell);
		bx = bx >= bw ? bw - 1 : bx;
		by = by >= bh ? bh - 1 : by;
		unsigned *c = cnt + ((size_t)by * bw + bx) * (ncat + 1);
		size_t k = p->cat && p->cat[i] >= 0 ? (size_t)p->cat[i] % ncat : 0;
		c[1 + k]++;
		if (++c[0] > cmax)
			cmax = c[0];
	}
	cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, bw, bh);
	unsigned char *data = cairo_image_surface_get_data(img);
	int stride = cairo_image_surface_get_stride(img);
	cairo_surface_flush(img);
	for (int y = 0; y < bh; y++)
		for (int x = 0; x < bw; x++) {
			unsigned *c = cnt + ((size_t)y * bw + x) * (ncat + 1);
			uint32_t *px = (uint32_t *)(data + (size_t)y * stride) + x;
			if (!c[0]) {
				*px = 0;
				continue;
			}
			size_t best = 0;
			for (size_t k = 1; k < ncat; k++)
				if (c[1 + k] > c[1 + best])
					best = k;
			double rgb[3] = { 0.48, 0.61, 0.78 };
			if (p->cat)
				plot_palette(p->cat_palette ? p->cat_palette[best] : (int)best, rgb);
			double a = 0.25 + 0.75 * log1p(c[0]) / log1p(cmax);
			/* premultiplied ARGB */
			*px = (uint32_t)(a * 255 + 0.5) << 24 | (uint32_t)(rgb[0] * a * 255 + 0.5) << 16
				| (uint32_t)(rgb[1] * a * 255 + 0.5) << 8 | (uint32_t)(rgb[2] * a * 255 + 0.5);
		}
	cairo_surface_mark_dirty(img);
	free(cnt);
	cairo_save(cr);
	cairo_translate(cr, f->l, f->t);
	cairo_scale(cr, cell, cell);
	cairo_set_source_surface(cr, img, 0, 0);
	cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
	cairo_paint(cr);
	cairo_restore(cr);
	cairo_surface_destroy(img);
	return 0;
}

/* Each bar's segments from zero upward, bottom series first; 70% of a category's slot wide. */
static void draw_bars(cairo_t *cr, const plot_t *p, const frame_t *f)
{
	const plot_bars_t *b = p->bars;
	double half = fmin(0.35 * f->w / (p->x.hi - p->x.lo), 4 * p->font_size);
	for (size_t g = 0; g < b->ngroups; g++) {
		double base = 0, X = px_x(p, f, (double)g);
		for (size_t s = 0; s < b->nseries; s++) {
			double v = b->v[s * b->ngroups + g];
			if (!(v > 0))
				continue;
			double rgb[3];
			plot_palette((int)s, rgb);
			double y0 = px_y(p, f, base), y1 = px_y(p, f, base + v);
			cairo_rectangle(cr, X - half, y1, 2 * half, y0 - y1);
			cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
			cairo_fill_preserve(cr);
			cairo_set_source_rgb(cr, 1, 1, 1);
			cairo_set_line_width(cr, 0.6);
			cairo_stroke(cr);
			base += v;
		}
	}
}

static void draw_legend(cairo_t *cr, const plot_t *p, const frame_t *f, const legend_entry_t *e, size_t ne)
{
	if (!ne)
		return;
	double fs = p->font_size;
	cairo_set_source_rgba(cr, 1, 1, 1, 0.9);
	cairo_rectangle(cr, f->leg_x, f->leg_y, f->leg_w, f->leg_h);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
	cairo_set_line_width(cr, 0.8);
	cairo_stroke(cr);
	for (size_t i = 0; i < ne; i++) {
		double y = f->leg_y + 0.3 * fs + (i + 0.5) * 1.35 * fs, x = f->leg_x + 0.5 * fs;
		cairo_set_source_rgb(cr, e[i].rgb[0], e[i].rgb[1], e[i].rgb[2]);
		if (e[i].kind == 0) {
			cairo_arc(cr, x + 0.6 * fs, y, 0.3 * fs, 0, 2 * M_PI);
			cairo_fill(cr);
		} else if (e[i].kind == 3) {
			cairo_rectangle(cr, x + 0.2 * fs, y - 0.4 * fs, 0.8 * fs, 0.8 * fs);
			cairo_fill(cr);
		} else if (e[i].kind == 1) {
			cairo_set_line_width(cr, 2);
			cairo_move_to(cr, x, y);
			cairo_line_to(cr, x + 1.4 * fs, y);
			cairo_stroke(cr);
		}
		cairo_set_source_rgb(cr, 0, 0, 0);
		text_at(cr, e[i].kind == 2 ? x : x + 2 * fs, y, e[i].text, 0, 0.5);
	}
}

static void draw_lines(cairo_t *cr, const plot_t *p, const frame_t *f, double r)
{
	for (size_t l = 0; l < p->nlines; l++) {
		const plot_line_t *ln = &p->lines[l];
		double rgb[3] = { FRONT_RGB };
		if (ln->color >= 0)
			plot_palette(ln->color, rgb);
		cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		cairo_set_line_width(cr, 2);
		cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
		for (size_t i = 0; i < ln->n; i++)
			cairo_line_to(cr, px_x(p, f, ln->x[i]), px_y(p, f, ln->y[i]));
		cairo_stroke(cr);
		if (!ln->markers)
			continue;
		const double *mx = ln->mn ? ln->mx : ln->x, *my = ln->mn ? ln->my : ln->y;
		size_t mn = ln->mn ? ln->mn : ln->n;
		for (size_t i = 0; i < mn; i++) {
			cairo_arc(cr, px_x(p, f, mx[i]), px_y(p, f, my[i]), r * 1.6, 0, 2 * M_PI);
			cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
			cairo_fill_preserve(cr);
			cairo_set_source_rgb(cr, 1, 1, 1);
			cairo_set_line_width(cr, 0.8);
			cairo_stroke(cr);
		}
	}
}

static void draw(cairo_t *cr, const plot_t *p)
{
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, p->font_size);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	legend_entry_t e[64];
	size_t ne = legend_entries(p, e, 64);
	frame_t f = { 0 };
	layout(cr, p, e, ne, &f);
	draw_axes(cr, p, &f);
	cairo_save(cr);
	cairo_rectangle(cr, f.l, f.t, f.w, f.h);
	cairo_clip(cr);
	double r = fmax(1.6, p->font_size * 0.18);
	if (p->bars)
		draw_bars(cr, p, &f);
	if (p->lines_under)
		draw_lines(cr, p, &f, r);
	if (p->n > p->density_above) {
		draw_density(cr, p, &f);
	} else {
		for (size_t i = 0; i < p->n; i++) {
			if (!isfinite(p->px[i]) || !isfinite(p->py[i]))
				continue;
			double rgb[3];
			point_rgb(p, i, rgb);
			cairo_set_source_rgba(cr, rgb[0], rgb[1], rgb[2], CLOUD_ALPHA);
			cairo_arc(cr, px_x(p, &f, p->px[i]), px_y(p, &f, p->py[i]), r, 0, 2 * M_PI);
			cairo_fill(cr);
		}
	}
	if (!p->lines_under)
		draw_lines(cr, p, &f, r);
	cairo_restore(cr);
	if (p->labels) {
		cairo_save(cr);
		cairo_set_font_size(cr, p->font_size * 0.8);
		cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
		for (size_t i = 0; i < p->n; i++)
			if (p->labels[i])
				text_at(cr, px_x(p, &f, p->px[i]) + 4, px_y(p, &f, p->py[i]) - 2, p->labels[i], 0, 1);
		cairo_restore(cr);
	}
	draw_legend(cr, p, &f, e, ne);
}

int plot_write(const plot_t *p, const char *path, plot_format_t fmt, char *err, size_t errlen)
{
	cairo_surface_t *s;
	if (fmt == PLOT_SVG)
		s = cairo_svg_surface_create(path, p->width, p->height);
	else if (fmt == PLOT_PDF)
		s = cairo_pdf_surface_create(path, p->width, p->height);
	else
		s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, p->width, p->height);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		snprintf(err, errlen, "%s: cannot write: %s", path, cairo_status_to_string(cairo_surface_status(s)));
		cairo_surface_destroy(s);
		return -1;
	}
	cairo_t *cr = cairo_create(s);
	draw(cr, p);
	cairo_status_t st = cairo_status(cr);
	cairo_destroy(cr);
	if (st == CAIRO_STATUS_SUCCESS && fmt == PLOT_PNG)
		st = cairo_surface_write_to_png(s, path);
	cairo_surface_finish(s);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(s);
	cairo_surface_destroy(s);
	/* no cairo object outlives a plot: release cairo's font caches, and with them fontconfig's
	 * patterns, which LeakSanitizer (make test's second pass) would otherwise report at exit */
	cairo_debug_reset_static_data();
	FcFini();
	if (st != CAIRO_STATUS_SUCCESS) {
		snprintf(err, errlen, "%s: cannot write: %s", path, cairo_status_to_string(st));
		return -1;
	}
	return 0;
}
