/*
 * line_sharers.h -- the sharing-degree record (profile_shape.h sharers) at line granularity,
 * for a stream that gives no sectors (a text trace without SECTORS): the profiler's blocks
 * stand for the sectors of sector_rec.h's record, as the l1 and global streams' line cold
 * counts stand for the sector ones in models/llc_mshr.h [S].
 *
 * Definition (the sector record's, per block): for every block whose first request in the
 * merged stream (every SM's requests in trace order) is a read, d = the number of SMs whose
 * first request to it in that kernel (between two line_sharers_flush) is a read.  Blocks first
 * written are not counted (no read fill), nor an SM that writes the block before reading it,
 * nor readers in later kernels.  Kept by its own maps: block -> (kernel of the fill, d) and
 * (SM, block) -> the last kernel the SM requested it in: 16-byte slots, each map between a
 * quarter and half full (32-64 bytes per distinct block and per distinct (SM, block) pair).  Exact; the profiler feeds it only while no sector was fed,
 * and drops it at the first sector (the sector record then holds the degrees).
 */
#ifndef GPUDSE_LINE_SHARERS_H
#define GPUDSE_LINE_SHARERS_H

#include <stddef.h>
#include <stdint.h>

#include "profile.h"

typedef struct line_sharers line_sharers_t;

line_sharers_t *line_sharers_alloc(void);
void line_sharers_free(line_sharers_t *r);
/* One request of SM sm (>= 0) to block `block` (is_write: a store).  0, or -1 out of memory
 * (the record then keeps failing). */
int line_sharers_access(line_sharers_t *r, int sm, uint64_t block, int is_write);
/* A kernel ended. */
void line_sharers_flush(line_sharers_t *r);
/* The histogram as sector_rec_sharers gives it: out[i] = (d, blocks), d ascending; *n = 0 when
 * no block's first request was a read.  0, or -1 out of memory or after a failure. */
int line_sharers_hist(const line_sharers_t *r, shape_sharers_t **out, size_t *n);
/* Shared by both records' histograms: one more sector (or block) of degree d in *out (n rows,
 * cap allocated; a new row when d is new: few distinct degrees, at most the SMs).  0, or -1
 * out of memory (*out freed and NULL, *n 0). */
int sharers_hist_add(shape_sharers_t **out, size_t *n, size_t *cap, int d);
/* Rows by degree, ascending. */
void sharers_hist_sort(shape_sharers_t *h, size_t n);

#endif
