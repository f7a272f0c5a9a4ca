/*
 * minisample.h -- builds profile_t.fuse_sample (models/profile.h): the spatially sampled l1
 * stream of a few SMs that the FUSE model simulates in miniature (models/fuse_minisim.h).
 *
 * Which SMs: MS_SMS of them, spread evenly over opts.n_sm when the trace's SM count is given,
 * else the ids 0 .. MS_SMS - 1.  Which blocks: those whose 24-bit hash (minisample_hash24) is
 * below MS_RATE x 2^24, with every access.  At the end the rate is halved (keeping the keys
 * under the lower threshold) until at most MS_MAX_REFS references remain, so a profile stays
 * small (about 3 bytes per reference in the file: docs/profile-format.md).  Memory while
 * profiling: 4 bytes per sampled reference plus 16 per sampled key.
 */
#ifndef GPUDSE_MINISAMPLE_H
#define GPUDSE_MINISAMPLE_H

#include <stdint.h>

#include "profile.h"

#define MS_SMS 2
#define MS_RATE 1.0
#define MS_MAX_REFS (1u << 17)

typedef struct ms_builder ms_builder_t;

/* n_sm: the trace's SM count when known (0: unknown). NULL when out of memory. */
ms_builder_t *ms_builder_alloc(int n_sm);
void ms_builder_free(ms_builder_t *b);
/* One l1 access.  0, or -1 when out of memory (the builder then keeps failing). */
int ms_builder_add(ms_builder_t *b, int sm, uint64_t block, int is_write);
/* Fill out (overwritten; freed with the profile).  0, or -1 when out of memory. */
int ms_builder_finish(ms_builder_t *b, profile_minisample_t *out);

/* The block's sampling hash, 24 bits (splitmix64's finaliser, top bits). */
unsigned minisample_hash24(uint64_t block);

#endif
