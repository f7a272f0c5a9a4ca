/*
 * setfamilies.h -- trace families for the set-associative models (issue 17), with a development
 * set and a held-out set.
 *
 * Every family is a seeded generator of block references (tg_ref_t: SM, read/write, block;
 * blocks of 128 bytes).  Byte-addressed patterns (column walks, stencils) are laid out at a
 * seeded base address and cut into 128-byte blocks, so set conflicts come from the addresses as
 * on a GPU: a power-of-two pitch puts a column's blocks in a few sets under bit selection.
 *
 *   SF_STRIDE    `count` elements `stride` blocks apart, walked `passes` times
 *   SF_COLWALK   a rows x cols float array with a pitch of `pitch` bytes, walked column by column
 *   SF_UNIFORM   uniform over `blocks` blocks
 *   SF_ZIPF      Zipf(alpha) over `blocks` blocks scattered over a region 4x larger
 *   SF_PHASES    phases of `phase` references cycling through a loop over `blocks`, a stride of
 *                `stride` blocks over `count` elements and uniform over 4 x `blocks`
 *   SF_GPU       n_sm SMs running y = A x: SM r % n_sm takes row r of A (pitch `pitch` bytes,
 *                `cols` floats, one coalesced 128-byte request per 32 floats) and reads the shared
 *                x block alongside; the SMs' requests interleave round robin; y[r] written
 *   SF_TRANSPOSE (held-out only) B = A^T: A read by rows, B written by columns, both `pitch`
 *   SF_STENCIL   (held-out only) 5-point stencil over a rows x cols grid with pitch `pitch`,
 *                rows split over n_sm SMs, output written to a second grid
 *
 * sf_dev_set / sf_heldout_set list the two suites: different seeds, and different parameters
 * and families (tests/unit/test_setassoc.c develops on the first; test_setassoc_heldout.c only
 * reports and checks the second).
 */
#ifndef GPUDSE_SETFAMILIES_H
#define GPUDSE_SETFAMILIES_H

#include <stddef.h>
#include <stdint.h>

#include "support/tracegen.h"

enum sf_kind { SF_STRIDE = 0, SF_COLWALK, SF_UNIFORM, SF_ZIPF, SF_PHASES, SF_GPU, SF_TRANSPOSE, SF_STENCIL };

typedef struct sf_spec {
	const char *name;
	enum sf_kind kind;
	uint64_t seed;
	size_t n;              /* references (generators stop there; walks repeat until then) */
	int n_sm;              /* SMs (1 unless SF_GPU / SF_STENCIL) */
	uint64_t stride;       /* blocks */
	uint64_t count;        /* elements of a stride walk */
	uint64_t blocks;       /* working set */
	uint64_t rows, cols;   /* 2D arrays: rows, floats per row */
	uint64_t pitch;        /* bytes between rows */
	uint64_t phase;        /* references per phase */
	double alpha;          /* Zipf exponent */
	double write_frac;     /* share of references that are writes (random, seeded) */
} sf_spec_t;

#define SF_BLOCK 128

/* Fill a fresh array *out with spec->n references.  0, or -1 on bad spec / allocation. */
int sf_make(const sf_spec_t *spec, tg_ref_t **out);

/* The suites: a static array and its length. */
const sf_spec_t *sf_dev_set(size_t *n);
const sf_spec_t *sf_heldout_set(size_t *n);

#endif
