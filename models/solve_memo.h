/*
 * solve_memo.h -- the GPU model's solve (gpu.c: memsys_solve_detail and its refinements)
 * through a per-workload memo (memo.h), shared by design points that differ only in gate_idle.
 *
 * gpu_eval builds the memory system of a design from (g, d, w) alone -- memsys_init, the
 * occupancy, the mechanisms -- and then solves it: the closed network, the barrier and
 * lock-step terms and the refinements of PENDING HITS and LLC MSHRS, most of a design point's
 * cost.  gate_idle enters that system only as n_gated (memsys_init), which the mechanisms turn
 * into static power (p_static_w: energy.c, fuse.c, malekeh.c) and the solve does not read;
 * the solve reads p_static_w only in the energy's static part (energy_total).  So, with g and
 * w fixed:
 *
 *   key   = every byte of the design, gate_idle zeroed (two designs that differ anywhere else,
 *           even in a padding byte, are a miss);
 *   value = the solved metrics and the dynamic energy per instruction by component (pj);
 *   hit   = the stored metrics with the energy recomputed from pj, this point's own
 *           p_static_w (its memory system is still built) and the stored time: energy_total's
 *           own arithmetic on the same inputs, so every field is bit-identical to a full solve
 *           (tests/unit/test_solve_memo.c checks it field by field, and the sweep's database).
 *
 * Valid only while *w->g and the profile stay unchanged, so a caller turns it on for a
 * context that keeps its preset for its life (wctx_share_solves: the sweep does; calibration,
 * which edits its preset between solves, does not).  A full slot is overwritten; a miss or a
 * race only costs the solve.  Any new model input that reads gate_idle must go through n_gated
 * and the static power, or be added here.
 */
#ifndef GPUDSE_SOLVE_MEMO_H
#define GPUDSE_SOLVE_MEMO_H

#include "design.h"
#include "gpu.h"

struct memo;
/* A memo of `slots` solves (rounded up to a power of two); NULL when out of memory. */
struct memo *solve_memo_alloc(size_t slots);
/* 1 and *out, pj[EC_N] filled (the metrics as solved, energy fields included) when the solve
 * of d (gate_idle aside) is stored, else 0. */
int solve_memo_get(const struct memo *s, const design_t *d, metrics_t *out, double pj[EC_N]);
/* Store the solve of d. */
void solve_memo_put(const struct memo *s, const design_t *d, const metrics_t *out, const double pj[EC_N]);

#endif
