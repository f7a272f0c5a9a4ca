/* png_colour_count.c -- prints how many pixels of a PNG are within 12 of an RGB colour (each
 * channel).  The report browser test uses it on Chromium's screenshot to see the plots drawn. */
#include <cairo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: png_colour_count FILE.png R G B\n");
		return 2;
	}
	cairo_surface_t *s = cairo_image_surface_create_from_png(argv[1]);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "png_colour_count: %s: %s\n", argv[1], cairo_status_to_string(cairo_surface_status(s)));
		return 1;
	}
	int r = atoi(argv[2]), g = atoi(argv[3]), b = atoi(argv[4]);
	int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s);
	const unsigned char *d = cairo_image_surface_get_data(s);
	long n = 0;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			uint32_t p = ((const uint32_t *)(d + (size_t)y * stride))[x];
			int pr = p >> 16 & 255, pg = p >> 8 & 255, pb = p & 255;
			n += abs(pr - r) <= 12 && abs(pg - g) <= 12 && abs(pb - b) <= 12;
		}
	printf("%ld\n", n);
	cairo_surface_destroy(s);
	return 0;
}
