/* bench_curves.c -- the reuse.c part of loading a profile with a 200,000-bin stack-distance
 * histogram (issue 15, item 12): the LRU curves the GPU model and FUSE tabulate from one
 * stream (associativities 4 and 16 as rtx3080's L1 and LLC, 8 and fully associative), built
 * from unit bins at distances 0..199,999.  Prints the hit ratio at a few capacities so two
 * builds can be compared.  Usage: bench_curves [BINS] */
#include <stdio.h>
#include <stdlib.h>

#include "reuse.h"

int main(int argc, char **argv)
{
	size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 200000;
	reuse_hist_t h = { n, malloc(n * sizeof(double)), malloc(n * sizeof(double)),
			   malloc(n * sizeof(double)), 63541, 63541 };
	if (!h.lo || !h.hi || !h.count)
		return 1;
	for (size_t i = 0; i < n; i++) {
		h.lo[i] = (double)i;
		h.hi[i] = (double)i + 1;
		h.count[i] = 1;
		h.total += 1;
	}
	const int assocs[] = { 4, 16, 8, REUSE_FULL };
	for (size_t a = 0; a < sizeof assocs / sizeof assocs[0]; a++) {
		reuse_curve_t *c = reuse_curve_alloc_hist(&h, assocs[a]);
		if (!c)
			return 1;
		printf("assoc %2d:", assocs[a]);
		for (double cap = 1024; cap <= 1 << 22; cap *= 16)
			printf(" H(%.0f) = %.15f", cap, reuse_curve_eval(c, cap));
		printf("\n");
		reuse_curve_free(c);
	}
	free(h.lo);
	free(h.hi);
	free(h.count);
	return 0;
}
