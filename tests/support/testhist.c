/* testhist.c -- see testhist.h. */
#include "support/testhist.h"

#include <stdlib.h>

void hist_one(reuse_hist_t *h, double d, double count, double cold)
{
	h->n = 1;
	h->lo = malloc(sizeof(double));
	h->hi = malloc(sizeof(double));
	h->count = malloc(sizeof(double));
	h->lo[0] = d;
	h->hi[0] = d + 1;
	h->count[0] = count;
	h->cold = cold;
	h->total = count + cold;
}
