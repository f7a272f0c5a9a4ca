/*
 * ldst_sim.h -- exact simulation of GPGPU-Sim's L1 access stage for one warp memory
 * instruction, the reference for models/ldst.h.
 *
 * The rule, as gpgpu-sim shader.cc ldst_unit::process_memory_access_queue_l1cache applies it
 * (Accel-Sim dev 73f9fac / gpgpu-sim_distribution 667834c): the coalescer's distinct 32 B
 * sector accesses (abstract_hardware_model.cc memory_coalescing_arch: one per sector, a
 * std::map in address order) are taken from the back, highest address first; each cycle up
 * to `banks` of them enter the per-bank latency pipelines, stopping at the first whose bank
 * ((addr / 32) mod banks, gpu-cache.cc l1d_cache_config::set_bank, linear) already took one
 * this cycle.  An instruction holds the unit at least one cycle.
 */
#ifndef GPUDSE_LDST_SIM_H
#define GPUDSE_LDST_SIM_H

#include <stddef.h>
#include <stdint.h>

/* Cycles the access stage needs for one warp instruction whose lanes read addr[0..n) (byte
 * addresses; repeats within a sector coalesce).  n <= 64. */
int ldst_sim_cycles(const uint64_t *addr, size_t n, int banks);

#endif
