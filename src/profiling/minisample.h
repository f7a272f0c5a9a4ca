/*
 * minisample.h -- builds profile_t.fuse_sample (models/profile.h): the spatially sampled l1
 * stream of a few SMs that the FUSE model simulates in miniature (models/fuse_minisim.h).
 *
 * Candidates: MS_SMS SMs, one at the middle of each of MS_SMS equal strata of the trace's SM ids,
 * floor((2i + 1) n_sm / (2 MS_SMS)) (a centred systematic sample, Madow 1949), when the trace's
 * SM count n_sm is given and at least MS_SMS; every SM when fewer; else the ids 0 .. MS_SMS - 1.
 * Not SM 0 first: CTAs go round robin (CTA c -> SM c mod n_sm, src/profiling/generators/gen.h,
 * GPGPU-Sim's block scheduler), so when the grid is not a multiple of n_sm the lowest ids hold
 * one CTA more than the rest (p-atax at 4096 on fuse-15: 16 CTAs, SM 0 two, 512 live rows
 * against the others' 256), and the first candidate sets the rate and is always kept (below).
 * Every access of theirs is recorded (rate 1), the rate halved (keys whose 24-bit hash
 * minisample_hash24 is below rate x 2^24 kept, with all their accesses) whenever more than
 * MS_HOLD references are held.  At the end whole SMs are preferred to spatial sampling (a
 * sampled SM is exact; sampling adds the error of docs/validation.md): the rate is the largest
 * power-of-two fraction at which the first candidate fits MS_MAX_REFS references, and
 * candidates are kept in order while the total fits.  The sampled SMs stand for the others: an
 * SM unlike them (SM 0 above) is missed, with its share of the accesses
 * (tests/unit/test_fuse_kernels.c prints what that costs on p-atax's pattern).
 * File size: zlib-compressed varints, 1-3 bytes per reference (docs/profile-format.md).
 * Memory while profiling: 4 bytes per held reference plus 16 per key.
 */
#ifndef GPUDSE_MINISAMPLE_H
#define GPUDSE_MINISAMPLE_H

#include <stdint.h>

#include "profile.h"

#define MS_SMS 4
#define MS_MAX_REFS (1u << 18)
#define MS_HOLD (1u << 22)

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
