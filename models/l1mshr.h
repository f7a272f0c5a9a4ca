/*
 * l1mshr.h -- the L1's miss status holding registers (MSHRs) as a limit on a GPU SM's memory
 * throughput: at most n missed sectors outstanding per L1 (the entry limit).
 *
 * The hardware (GPGPU-Sim / Accel-Sim, gpgpu-sim/gpu-cache.cc and shader.cc, the L1D of the
 * Volta and Ampere configurations, -gpgpu_cache:dl1 ...,A:<entries>:<merge>,...): a read miss
 * allocates an MSHR entry, keyed by the 32 B sector on a sectored L1 (cache_config::mshr_addr,
 * m_atom_sz = the sector size), and holds it until the fill returns; a miss that finds no free
 * entry is a RESERVATION_FAIL (MSHR_ENRTY_FAIL: mshr_table::full, m_data.size() >=
 * m_num_entries) and retries at the head of its L1 bank's queue (ldst_unit::
 * L1_latency_queue_cycle) until one is freed.  Stores of a write-through L1 take no entry (they
 * go to the miss queue as writes).
 *
 * EQUATION (per L1; T_fill the miss path's time per L1 miss in the solved network: the NoC
 * both ways, the LLC, DRAM, as pending.h defines it)
 *   ENTRY LIMIT.  Each missed sector holds an entry for T_fill cycles, so with n entries the
 *   L1's sector read misses cannot exceed n / T_fill per cycle (Little's law, L = lambda W with
 *   L <= n).  The model adds a station per L1, visited once per missed sector read, with
 *   service
 *       S = T_fill / n                                                  [E1]
 *   a single server n times faster than the n-server station "an entry for T_fill": the same
 *   saturation throughput n / T_fill, and at light load T_fill / n of extra residence (< 1 cycle
 *   for 512 entries and a fill of a few hundred cycles) that the n-server station would not
 *   have.  (The n-server station itself cannot stand in: its residence would count the fill
 *   a second time, on top of the miss path's stations.)  tests/unit/test_l1mshr.c checks the
 *   composition against the exact finite-source n-server queue (warps that wait for a free
 *   entry): within 8% at the knee and 3% away from it for n >= 64; it understates throughput
 *   more for few entries (-29% at n = 4).
 *
 * Composition (models/gpu.c, L1 MSHRS): T_fill comes from the solved network, so the station
 * joins the pending-hit refinement: solved once without it, added, solved again (pending.h says
 * why one refinement and not a fixed point).
 *
 * Assumptions and valid range: n >= 64 entries (the figures above); T_fill is the mean fill time of the network solved without the
 * limit (when the limit binds, the refined network's fill is shorter, so S is an upper bound);
 * the merge limit (requests one entry holds: 8 on SM7_QV100) and the miss queue (16 entries,
 * one miss per cycle into the interconnect) are not modelled.  A preset without l1_mshr (0)
 * gets no term.
 *
 * Sources: gpgpu-sim_distribution (dev, 90ec3399) src/gpgpu-sim/gpu-cache.cc mshr_table::full,
 * add; gpu-cache.h mshr_addr; shader.cc ldst_unit::L1_latency_queue_cycle; the tested
 * configurations' -gpgpu_cache:dl1 (SM7_QV100: 512 entries, SM86_RTX3070: 384).  Little's law
 * for the limit.
 */
#ifndef GPUDSE_L1MSHR_H
#define GPUDSE_L1MSHR_H

/* Service per missed sector at the entry station, S = T_fill / n [E1]; 0 when entries < 1 or
 * t_fill <= 0 (no term). */
double l1mshr_entry_service(double t_fill, int entries);

#endif
