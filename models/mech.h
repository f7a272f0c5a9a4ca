/*
 * mech.h -- the seam between the GPU model and the four mechanisms.
 *
 * A mechanism never solves the network itself.  Per workload it may precompute something
 * (ctx_alloc, stored in wctx_t.mech[i], released by ctx_free); per design point it checks
 * legality (check) and edits the memory system (apply): capacities, hit rates, latencies,
 * service times, extra stations, energy and area terms.  Each apply does nothing when its
 * mechanism is off in the design.  gpu_eval calls them in this order: dcl1, fuse, morpheus, rfc.
 */
#ifndef GPUDSE_MECH_H
#define GPUDSE_MECH_H

#include "gpu.h"

void *dcl1_ctx_alloc(const gpu_t *g, const profile_t *p);
void dcl1_ctx_free(void *ctx);
int dcl1_check(const gpu_t *g, const design_t *d, const char **why);
void dcl1_apply(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m);

void *fuse_ctx_alloc(const gpu_t *g, const profile_t *p);
void fuse_ctx_free(void *ctx);
int fuse_check(const gpu_t *g, const design_t *d, const char **why);
void fuse_apply(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m);

void *morpheus_ctx_alloc(const gpu_t *g, const profile_t *p);
void morpheus_ctx_free(void *ctx);
int morpheus_check(const gpu_t *g, const design_t *d, const char **why);
void morpheus_apply(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m);

void *rfc_ctx_alloc(const gpu_t *g, const profile_t *p);
void rfc_ctx_free(void *ctx);
int rfc_check(const gpu_t *g, const design_t *d, const char **why);
void rfc_apply(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m);

#endif
