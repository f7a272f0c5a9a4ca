/* testhist.h -- hand-made reuse histograms for tests. */
#ifndef GPUDSE_TESTHIST_H
#define GPUDSE_TESTHIST_H

#include "profile.h"
#include "reuse.h"

/* A one-bin histogram: `count` accesses at distance d (the bin [d, d + 1)), `cold` first
 * touches.  Free with reuse_hist_free. */
void hist_one(reuse_hist_t *h, double d, double count, double cold);

/* A profile whose every SM loops privately over 100 blocks (nearly every L1 request hits):
 * `insts` warp instructions, a1 L1 requests per instruction, streams "l1" (group 1) and
 * "global" (group n_sm).  Free with profile_free. */
void profile_private_loop(profile_t *p, const char *name, int n_sm, double insts, double a1);

#endif
