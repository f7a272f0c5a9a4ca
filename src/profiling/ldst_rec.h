/*
 * ldst_rec.h -- the exact L1 access-stage cycles of one global memory warp instruction from its
 * lane addresses (models/profile_shape.h ldst; the definition of C(seq) is models/ldst.h's).
 *
 * Sectors: a lane accessing `width` bytes at address a touches every 32 B sector from a / 32 to
 * (a + width - 1) / 32 (GPGPU-Sim's coalescer, and the Accel-Sim reader's sector count, take
 * the sectors of the access's first and last byte; the workload generators' addresses are
 * aligned to their width <= 16 B, so there one sector per lane).  The instruction's distinct
 * sectors, highest first, are split greedily into runs of distinct banks (bank = sector mod B),
 * a run at most B long; C_B = the number of runs (>= 1).
 *
 * Pure: no allocation, no globals; at most 32 x (LDST_REC_MAX_WIDTH / 32 + 1) sectors on the
 * stack.
 */
#ifndef GPUDSE_LDST_REC_H
#define GPUDSE_LDST_REC_H

#include <stdint.h>

#include "profile_shape.h"

#define LDST_REC_MAX_WIDTH 128           /* bytes per lane accepted */
#define LDST_REC_MAX_BANKS 32            /* banks accepted by ldst_rec_cycles */

/* The bank counts of profile_shape.h's ldst_cycles[]: 1, 2, 4, 8. */
extern const int ldst_rec_banks[SHAPE_LDST_NB];

/* C_B for the lanes in mask (addr[lane], lane 0..31), `width` bytes each, B = banks.
 * -1 when width is outside [1, LDST_REC_MAX_WIDTH] or banks outside [1, LDST_REC_MAX_BANKS];
 * an empty mask gives 1 (no instruction without an active lane reaches the record). */
int ldst_rec_cycles(uint32_t mask, const uint64_t *addr, int width, int banks);

/* C_B for B = ldst_rec_banks[0..SHAPE_LDST_NB) into out[]; 0, or -1 (bad width). */
int ldst_rec_cycles_all(uint32_t mask, const uint64_t *addr, int width, int out[SHAPE_LDST_NB]);

#endif
