/*
 * fresh_age.h -- how fresh a request's line is: the requests since the line's first access,
 * in its SM's L1 stream (since the kernel began: the L1s are flushed between kernels) and in
 * the merged stream every SM sends to the LLC (never flushed).  The profiler folds the smallest
 * of them over each group of a warp's loads in flight into the profile's `.shape.mlp.fresh`
 * (models/profile_shape.h): a group whose freshest line was first touched less than a fill time
 * ago waits for that fill, whichever of its requests missed and whichever merged into the miss
 * (a pending hit), which independent per-request probabilities cannot see.
 *
 * Definitions (one call per 128 B line request, in trace order):
 *   age_1 = t_1(sm) - f_1(sm, line),  t_1(sm) the SM's line requests so far, f_1 the value of
 *           t_1(sm) at the line's first request by that SM in this kernel (0: this request is
 *           the first)
 *   age_g = t_g - f_g(line), the same over every SM's requests, never reset
 * Exact counts; O(1) expected per request (open-addressing maps, one per SM and one merged).
 */
#ifndef GPUDSE_FRESH_AGE_H
#define GPUDSE_FRESH_AGE_H

#include <stdint.h>

typedef struct fresh_age fresh_age_t;

fresh_age_t *fresh_age_alloc(void);
void fresh_age_free(fresh_age_t *f);
/* One line request of SM sm (>= 0): its ages before counting it.  0, or -1 out of memory. */
int fresh_age_access(fresh_age_t *f, int sm, uint64_t line, uint64_t *age_1, uint64_t *age_g);
/* A kernel ended: every SM's first accesses are forgotten (the L1 flush), the merged stream's
 * kept (the LLC keeps its lines). */
void fresh_age_flush(fresh_age_t *f);

#endif
