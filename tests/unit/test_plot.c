/* test_plot.c -- src/plot/: the Pareto staircase's corners for a known front, axis ticks
 * (categories by name, log decades, refusal of values <= 0), and the files cairo writes: PNG
 * signature and size, PDF header, SVG with one mark per point, and the density mode's bound on
 * the size of an SVG of 100k points. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plot/axis.h"
#include "plot/plot.h"
#include "plot/staircase.h"
#include "support/check.h"

static void test_staircase(void)
{
	/* min energy (x), max speedup (y): a front rising to the right; each step goes across at
	 * the lower point's height, then up (worked by hand: the corner takes the larger x and the
	 * smaller y of the two neighbours) */
	const double x[] = { 1, 2, 4 }, y[] = { 10, 15, 16 };
	double sx[5], sy[5];
	CHECK_INT(pareto_staircase(x, y, 3, 0, 1, sx, sy), 5, "2n-1 vertices");
	const double wx[] = { 1, 2, 2, 4, 4 }, wy[] = { 10, 10, 15, 15, 16 };
	for (int i = 0; i < 5; i++) {
		CHECK_NEAR(sx[i], wx[i], 0, "staircase x, min-x/max-y front by hand");
		CHECK_NEAR(sy[i], wy[i], 0, "staircase y, min-x/max-y front by hand");
	}
	/* max x, max y: the front falls to the right; the corner takes the smaller x and smaller y:
	 * down first, then across */
	const double x2[] = { 1, 3 }, y2[] = { 9, 5 };
	CHECK_INT(pareto_staircase(x2, y2, 2, 1, 1, sx, sy), 3, "2n-1 vertices");
	CHECK_NEAR(sx[1], 1, 0, "max/max corner x = the smaller x");
	CHECK_NEAR(sy[1], 5, 0, "max/max corner y = the smaller y");
	/* min x, min y: falls to the right; corner = larger x, larger y: across, then down */
	const double y3[] = { 9, 5 };
	pareto_staircase(x2, y3, 2, 0, 0, sx, sy);
	CHECK_NEAR(sx[1], 3, 0, "min/min corner x = the larger x");
	CHECK_NEAR(sy[1], 9, 0, "min/min corner y = the larger y");
	CHECK_INT(pareto_staircase(x, y, 0, 0, 1, sx, sy), 0, "empty front");
	CHECK_INT(pareto_staircase(x, y, 1, 0, 1, sx, sy), 1, "one point, no step");
}

static void test_axes(void)
{
	char err[128];
	const char *names[] = { "private", "shared", "clustered" };
	plot_axis_t c = { AXIS_CATEGORY, "dcl1_org", names, 3, 0, 0 };
	CHECK(axis_fit(&c, NULL, 0, err, sizeof err) == 0, "categories fit");
	plot_tick_t t[64];
	CHECK_INT(axis_ticks(&c, t, 64), 3, "one tick per category");
	for (int i = 0; i < 3; i++) {
		CHECK(!strcmp(t[i].text, names[i]), "category tick carries its name");
		CHECK_NEAR(t[i].v, i, 0, "category i at position i");
	}
	CHECK_NEAR(axis_frac(&c, 0), 0.5 / 3, 1e-12, "first category half a slot in");

	const double v[] = { 0.01, 0.5, 30 };
	plot_axis_t lg = { AXIS_LOG, "energy", NULL, 0, 0, 0 };
	CHECK(axis_fit(&lg, v, 3, err, sizeof err) == 0, "log fit");
	size_t n = axis_ticks(&lg, t, 64);
	CHECK_INT(n, 4, "decades 0.01, 0.1, 1, 10 inside [0.01, 30] (3.5 decades: no 2 and 5)");
	CHECK_NEAR(t[0].v, 0.01, 1e-15, "first decade");
	CHECK_NEAR(t[3].v, 10, 1e-12, "last decade");
	CHECK(axis_frac(&lg, 1) > axis_frac(&lg, 0.1) && axis_frac(&lg, 10) - axis_frac(&lg, 1) - (axis_frac(&lg, 1) - axis_frac(&lg, 0.1)) < 1e-12,
		"log axis: equal distances per decade");
	const double bad[] = { 1, 0 };
	CHECK(axis_fit(&lg, bad, 2, err, sizeof err) == -1, "log axis refuses 0");
	CHECK(!strcmp(err, "energy: value 0 cannot be drawn on a log axis"), "and says which value");

	const double lin[] = { 0, 0.97 };
	plot_axis_t la = { AXIS_LINEAR, "x", NULL, 0, 0, 0 };
	axis_fit(&la, lin, 2, err, sizeof err);
	n = axis_ticks(&la, t, 64);
	CHECK_INT(n, 6, "0, 0.2 .. 1 inside [-0.039, 1.009] = [0, 0.97] plus a 4% margin (step 0.2)");
	CHECK(!strcmp(t[1].text, "0.2"), "tick text");
}

static long file_size(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fclose(f);
	return n;
}

static size_t count_in_file(const char *path, const char *needle)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return 0;
	size_t cnt = 0, len = strlen(needle);
	char line[65536];
	while (fgets(line, sizeof line, f))
		for (char *p = line; (p = strstr(p, needle)); p += len)
			cnt++;
	fclose(f);
	return cnt;
}

/* A plot of n pseudo-random points in three categories. */
static plot_t cloud(size_t n, double *x, double *y, int *cat, const char *const *names)
{
	unsigned s = 12345;
	for (size_t i = 0; i < n; i++) {
		s = s * 1103515245u + 12345u;
		x[i] = (s >> 8 & 0xffff) / 65536.0;
		s = s * 1103515245u + 12345u;
		y[i] = x[i] * x[i] + 0.3 * ((s >> 8 & 0xffff) / 65536.0);
		cat[i] = (int)(i % 3);
	}
	plot_t p;
	memset(&p, 0, sizeof p);
	p.width = 640;
	p.height = 400;
	p.font_size = 11;
	p.title = "test";
	p.x = (plot_axis_t){ AXIS_LINEAR, "x", NULL, 0, 0, 0 };
	p.y = (plot_axis_t){ AXIS_LINEAR, "y", NULL, 0, 0, 0 };
	p.px = x;
	p.py = y;
	p.n = n;
	p.cat = cat;
	p.cat_names = names;
	p.ncat = 3;
	p.cat_legend = 1;
	p.density_above = 5000;
	char err[64];
	axis_fit(&p.x, x, n, err, sizeof err);
	axis_fit(&p.y, y, n, err, sizeof err);
	return p;
}

static void test_files(const char *dir)
{
	const char *names[] = { "a", "b", "c" };
	size_t big = 100000;
	double *x = malloc(big * sizeof *x), *y = malloc(big * sizeof *y);
	int *cat = malloc(big * sizeof *cat);
	char path[512], err[256];

	plot_t p = cloud(1000, x, y, cat, names);
	snprintf(path, sizeof path, "%s/p.png", dir);
	CHECK(plot_write(&p, path, PLOT_PNG, err, sizeof err) == 0, "png written");
	unsigned char h[24] = { 0 };
	FILE *f = fopen(path, "rb");
	CHECK(f && fread(h, 1, 24, f) == 24, "png readable");
	if (f)
		fclose(f);
	CHECK(!memcmp(h, "\x89PNG\r\n\x1a\n", 8), "PNG signature (PNG spec 5.2)");
	CHECK(!memcmp(h + 12, "IHDR", 4), "IHDR first (PNG spec 5.6)");
	CHECK_INT((long)h[16] << 24 | h[17] << 16 | h[18] << 8 | h[19], 640, "IHDR width = plot width");
	CHECK_INT((long)h[20] << 24 | h[21] << 16 | h[22] << 8 | h[23], 400, "IHDR height = plot height");

	snprintf(path, sizeof path, "%s/p.pdf", dir);
	CHECK(plot_write(&p, path, PLOT_PDF, err, sizeof err) == 0, "pdf written");
	f = fopen(path, "rb");
	char hdr[6] = { 0 };
	CHECK(f && fread(hdr, 1, 5, f) == 5 && !strcmp(hdr, "%PDF-"), "PDF header");
	if (f)
		fclose(f);
	CHECK(count_in_file(path, "/MediaBox [ 0 0 640 400 ]") == 1, "PDF page is 640 x 400 points");

	snprintf(path, sizeof path, "%s/p.svg", dir);
	CHECK(plot_write(&p, path, PLOT_SVG, err, sizeof err) == 0, "svg written");
	CHECK_INT(count_in_file(path, "fill-opacity:0.55"), 1000, "one mark per point below the density threshold");
	CHECK_INT(count_in_file(path, "<svg"), 1, "one svg root");
	CHECK_INT(count_in_file(path, "</svg>"), 1, "closed");
	long small = file_size(path);

	/* 100k points: one vector mark each would be ~100x the 1000-point file; binned it is one
	 * image whose size depends on the plot area, not on the points */
	p = cloud(big, x, y, cat, names);
	snprintf(path, sizeof path, "%s/big.svg", dir);
	CHECK(plot_write(&p, path, PLOT_SVG, err, sizeof err) == 0, "100k svg written");
	long sz = file_size(path);
	CHECK_INT(count_in_file(path, "fill-opacity:0.55"), 0, "density mode: no per-point marks");
	CHECK_INT(count_in_file(path, "<image"), 1, "density mode: one image");
	char d[96];
	snprintf(d, sizeof d, "100k-point SVG is %ld bytes, 1000-point SVG %ld", sz, small);
	CHECK(sz > 0 && sz < 400000, d);
	snprintf(path, sizeof path, "%s/big.png", dir);
	CHECK(plot_write(&p, path, PLOT_PNG, err, sizeof err) == 0, "100k png written");

	CHECK(plot_write(&p, "/nonexistent/dir/x.png", PLOT_PNG, err, sizeof err) == -1, "unwritable path fails");
	CHECK(strstr(err, "/nonexistent/dir/x.png: cannot write") == err, "and names the file");
	CHECK_INT(plot_format_from_name("a.PDF"), PLOT_PDF, "extension, any case");
	CHECK_INT(plot_format_from_name("a.gif"), -1, "unknown extension");
	free(x);
	free(y);
	free(cat);
}

int main(void)
{
	char dir[] = "/tmp/test_plot.XXXXXX";
	if (!mkdtemp(dir))
		return 2;
	test_staircase();
	test_axes();
	test_files(dir);
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "test_plot: could not remove %s\n", dir);
	return check_summary("plot");
}
