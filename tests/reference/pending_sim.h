/*
 * pending_sim.h -- exact trace-driven simulation of hits on lines in flight at one L1, the
 * reference for models/pending.h.
 *
 * Requests arrive one every 1 / lambda cycles (request i at i / lambda).  The cache is large
 * enough to hold every block (the pending-hit question only); a first touch is a miss whose
 * fill arrives t_fill cycles later; a request to a block whose fill has not arrived is a
 * pending hit and waits until the fill; any later request is a hit.  Also builds the stream's
 * exact reuse-time histogram (requests strictly between two uses of a block), as the profiler
 * does for a profile's "rt".
 */
#ifndef GPUDSE_PENDING_SIM_H
#define GPUDSE_PENDING_SIM_H

#include <stddef.h>

typedef struct pending_sim {
	double pending;     /* pending hits */
	double wait;        /* their total wait beyond the hit, cycles */
	double *rt_count;   /* rt_count[r]: reuses with reuse time r, r < rt_max */
	size_t rt_max;
	double cold;        /* first touches */
	double accesses;
} pending_sim_t;

/* Simulate blocks[0..n) (block ids < n_blocks).  0, or -1 out of memory. */
int pending_sim_run(const unsigned *blocks, size_t n, unsigned n_blocks, double lambda, double t_fill,
                    pending_sim_t *out);
void pending_sim_free(pending_sim_t *s);

#endif
