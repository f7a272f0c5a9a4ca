/* testhist.h -- hand-made reuse histograms for tests. */
#ifndef GPUDSE_TESTHIST_H
#define GPUDSE_TESTHIST_H

#include "reuse.h"

/* A one-bin histogram: `count` accesses at distance d (the bin [d, d + 1)), `cold` first
 * touches.  Free with reuse_hist_free. */
void hist_one(reuse_hist_t *h, double d, double count, double cold);

#endif
