/*
 * execunit.h -- execution-unit issue throughput (issue 20): the SM's functional units as
 * stations of the closed network, from the preset's initiation intervals and the profile's
 * instruction mix.
 *
 * MECHANISM.  A Volta/Ampere SM has one unit of each kind per sub-core (processing block):
 * FP32, FP64, INT, SFU, tensor.  A unit accepts a new warp instruction every `ii` core cycles
 * (its initiation interval: 32 lanes over the unit's width, e.g. Volta's 16 FP32 lanes per
 * sub-core take 2 cycles per warp instruction).  Warps are bound to their sub-core's units.
 * So per warp instruction, unit u is a queueing station with
 *     visits  f_u = mix[u] / insts         (the profile's warp instructions on unit u)
 *     service ii_u core cycles            (the preset's ii_fp32, ii_fp64, ii_int, ii_sfu,
 *                                          ii_tensor; 0 = not modelled)
 *     copies  n_compute x subcores
 * and, with ii_ldst > 0, the SM's one load/store pipeline (GPGPU-Sim: one ldst_unit per shader
 * core) a station of f_ldst visits, ii_ldst service, n_compute copies.  The saturated IPC per
 * SM is then min(subcores x issue, min_u subcores / (f_u ii_u), 1 / (f_ldst ii_ldst)), the
 * unit bound (e.g. an all-FFMA kernel on QV100: 4 sub-cores / 2 cycles = 2 warp inst/cycle
 * per SM instead of the schedulers' 4); below saturation the MVA gives the queueing.
 *
 * SIMD efficiency does not enter: a warp instruction holds its unit for ii cycles whatever its
 * active mask (GPGPU-Sim issues the whole warp; idle lanes are not reclaimed), and IPC counts
 * warp instructions.
 *
 * Sources: gpgpu-sim configs/tested-cfgs/SM7_QV100/gpgpusim.config (gpgpu_num_sp_units 4,
 * gpgpu_num_dp_units 4, gpgpu_num_int_units 4, gpgpu_num_sfu_units 4,
 * gpgpu_num_tensor_core_units 4: one per scheduler, gpgpu_sub_core_model 1) and accel-sim
 * gpu-simulator/configs/tested-cfgs/SM7_QV100/trace.config (trace_opcode_latency_initiation_
 * sp 2,2; int 2,2; dp 8,4; sfu 20,8; tensor 2,2: <latency, initiation>): the preset import maps
 * the initiation figures to ii_*.
 *
 * Assumptions and valid range: the mix is the profile's (Accel-Sim's opcode classes,
 * profile_shape.h); instructions of class branch and other use only the issue slot (the
 * existing sm station); units are pipelined (a unit overlaps ii-spaced instructions; the
 * latency is the dependence delay, not modelled here); warps spread evenly over sub-cores.
 * Without a mix (has_mix == 0) or with every ii 0 the mechanism adds nothing.
 */
#ifndef GPUDSE_EXECUNIT_H
#define GPUDSE_EXECUNIT_H

#include "mech.h"
#include "profile_shape.h"

/* Per-workload: warp-instruction share of each execution unit. */
typedef struct execunit_ctx {
	double frac[SU_NUNIT];     /* mix[u] / insts */
} execunit_ctx_t;

/* Fill the share of each unit from the profile's mix; 0 when the profile has a mix and
 * instructions, -1 otherwise (then the mechanism does nothing). */
int execunit_fracs(const profile_shape_t *s, double insts, execunit_ctx_t *out);

/* Saturated warp IPC per SM of the unit bounds alone (closed form above), +inf when no unit
 * binds.  subcores and the ii_* are the preset's. */
double execunit_sm_bound(const execunit_ctx_t *c, int subcores, const double ii[SU_NUNIT]);

extern const mech_t mech_execunit;

#endif
