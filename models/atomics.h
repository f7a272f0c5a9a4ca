/*
 * atomics.h -- global atomics are performed at the L2 (issue 20): they bypass the L1, and the
 * atomics on one address serialise at the one L2 slice that holds it.
 *
 * MECHANISM.  Accel-Sim (gpu-simulator/trace-driven/trace_driven.cc, OP_ATOM/ATOMG/RED:
 * "cache_op = CACHE_GLOBAL; // all the atomics should be done at L2") and GPGPU-Sim
 * (shader.cc ldst_unit::memory_cycle: CACHE_GLOBAL sets bypassL1D; l2cache.cc: the ROP queue
 * then the L2 performs the atomic, mf->do_atomic) send every global atomic request to its L2
 * slice and the warp waits for the reply (an atomic is a LOAD_OP).  A reuse profile counts an
 * atomic's reuse as an L1 hit.  So, with the profile's atomic fields (profile_shape.h):
 *     q   = min(1, addrs / l1.accesses)   the share of L1 requests that are atomic (one request
 *                                          per distinct address of an atomic instruction: exact
 *                                          for scattered atomics, an upper bound when several
 *                                          addresses of one instruction share a line)
 *     h1' = h1 (1 - q)                     the atomics' L1 hits become misses (they hit at the
 *                                          stream's mean rate: an assumption); gpu_eval then
 *                                          re-filters the LLC hit ratio with h1' (mech.h), so an
 *                                          atomic whose line the LLC holds hits there
 *     c   = top / lanes                    the share of atomic operations on the hottest address
 *     hot slice: the LLC slice holding that address receives a_at c atomic requests per
 *     instruction (a_at = addrs / insts) where a uniform spread would give a_at / S (S slices);
 *     the excess a_at (c - 1/S) (when positive) is a station of one server with the LLC's
 *     per-request service (memsys.llc_service), so same-address atomics serialise there: its
 *     bound is X <= 1 / (a_at (c - 1/S) t_llc) warp instructions per cycle, whole GPU.
 *
 * Assumptions: one request per distinct atomic address; the hot slice's excess is queued as a
 * separate server from the slice's uniform share (the product-form split understates its
 * queueing a little); the L2 serves an atomic request in one request's service time (the ROP
 * latency is the LLC latency, already in llc_lat).  Without atomic fields (has_atom == 0) or
 * atomics the mechanism does nothing.
 */
#ifndef GPUDSE_ATOMICS_H
#define GPUDSE_ATOMICS_H

#include "mech.h"
#include "profile_shape.h"

typedef struct atomics_ctx {
	double q;                  /* atomic share of L1 requests */
	double per_inst;           /* atomic requests per warp instruction, a_at */
	double conc;               /* share of atomic operations on the hottest address, c */
} atomics_ctx_t;

/* Fill c from the shape, the profile's warp instructions and the l1 stream's accesses: 0 when
 * the profile has atomics, -1 otherwise. */
int atomics_rates(const profile_shape_t *s, double insts, double l1_accesses, atomics_ctx_t *c);

/* Visits per instruction of the hot-slice station: a_at (c - 1/S), 0 when c <= 1/S. */
double atomics_hot_visits(const atomics_ctx_t *c, int slices);

extern const mech_t mech_atomics;

#endif
