/*
 * ldst.h -- the L1 access stage of the load/store unit: cycles per warp memory instruction
 * from L1 bank conflicts (issue 20).
 *
 * Mechanism (GPGPU-Sim 4.2, accel-sim-framework dev 73f9fac / gpgpu-sim_distribution 667834c,
 * shader.cc ldst_unit::process_memory_access_queue_l1cache and ldst_unit::cycle):
 *   - one warp memory instruction at a time holds the unit (m_dispatch_reg) until its access
 *     queue is empty; the next one enters the cycle after, so an instruction costs >= 1 cycle;
 *   - the coalescer (abstract_hardware_model.cc memory_coalescing_arch, coalesce_arch >= 40)
 *     makes one 32 B access per sector, in address order (std::map); the unit pops them from the
 *     back, highest address first;
 *   - each cycle it moves up to l1_banks of them into the tails of the per-bank L1 latency
 *     pipelines and stops at the first whose bank already took one this cycle (BK_CONF:
 *     "do not try again, just break from the loop");
 *   - bank = (addr / l1_banks_byte_interleaving) mod l1_banks (gpu-cache.cc
 *     l1d_cache_config::set_bank, linear hash; interleave 32 B = one sector).
 * So an instruction takes C = the number of runs in the greedy split of its sectors' bank
 * sequence (descending addresses) into runs of distinct banks, at most l1_banks long:
 *
 *     C(seq) = 1 + #{ i > 1 : bank(i) already in the current run, or the run holds B banks }
 *
 * Its agreement with Accel-Sim is in calibration/accelsim/microbench/README.md ("Load/store
 * unit throughput") and tests/unit/test_ldst.c.
 *
 * What the profile gives is the mean per memory instruction of L = 128 B lines touched
 * (req_per_mem) and s = sectors per line (bytes_per_req / sector_bytes), not the positions.
 * Assumptions (the model's, stated): the instruction's L lines are visited in descending order;
 * in each, s sectors (s non-integer: floor(s) or floor(s) + 1 with the mean s) at consecutive
 * positions starting at a uniformly random feasible position, independently per line; the bank
 * of sector position p of a line is p mod B when B divides the S = line / sector positions, and
 * (p + S u) mod B with u uniform over the B / S line phases when S divides B.  The expectation
 * E[C] is exact under these assumptions: a Markov chain over the set of banks the current run
 * holds (2^B states), stepped line by line; L non-integer: linear between floor(L) and ceil(L).
 * Consequences: whole lines (s = S = B) give C = L exactly (4 sectors per cycle on Volta); one
 * sector per line (s = 1) gives independent uniform banks, E[C] = 1 + 1/4 for L = 2,
 * 27/16 for L = 3, about 2.2 sectors per cycle for large L.  Real strides can be worse
 * (t-alexnet's 32 lines 10896 B apart fall in bank pairs: 2.0 per cycle against the model's 2.2).
 *
 * LDST RECORD (profile_shape.h ldst): where the profile records C(seq) of every memory
 * instruction from its own lane addresses (summed at B = 1, 2, 4, 8), the model takes that mean
 * instead of the expectation above -- exact for the profiled instructions, whatever their
 * strides (models/gpu.c memsys_init; per L1 request: the mean over req_per_mem).  Measured on
 * the column walk the expectation misses (calibration/accelsim/README.md, p-atax: every lane
 * of kernel 1 in one bank).
 *
 * Valid range: 1 <= B <= LDST_MAX_BANKS, B a divisor or multiple of S, S <= LDST_MAX_POS,
 * 1 <= s <= S, L >= 1 (L beyond LDST_MAX_LINES: the last line's increment, the chain's
 * stationary rate, continues linearly).  Not modelled here: reservation fails at the pipeline
 * head (MSHR or miss queue full) stalling a bank, the miss queue's one request per cycle; the
 * unit's writeback of returned misses and pending hits, one sector a cycle, is the other stage
 * of the same pipeline (models/gpu.c LDST WRITEBACK).
 */
#ifndef GPUDSE_LDST_H
#define GPUDSE_LDST_H

/*
 * MISS PACKETS (presets with noc_sector_packets; GPGPU-Sim's local crossbar, -network_mode 2):
 * the L1 sends each missed 32 B sector as its own request (shader.cc ldst_unit: one mem_fetch
 * per sector access; READ_PACKET_SIZE 8 B of control, a write its data too) and receives each
 * as its own reply (32 B + 8 B); local_interconnect.cc moves one packet per input and per
 * output port per cycle ("assume all the packets are one flit"), whatever its size.  So a
 * request of b bytes of sectors costs n = max(1, b / sector) port cycles each way (request,
 * reply or write ack), where the flit count b / noc_flit_bytes would give 0.8 n on 40 B flits.
 * Measured (calibration/accelsim/microbench/README.md): streaming misses leave and return at
 * 0.99 sectors per cycle per SM (gen_ldst.py miss, k = 4 and 16).
 */
double ldst_sector_packets(double bytes_per_req, int sector_bytes);

/*
 * SHARED MEMORY (presets with l1_banks; models/occupancy.c): a shared-memory instruction holds
 * the same unit (m_dispatch_reg) for its bank-conflict degree in cycles (shader.cc
 * ldst_unit::shared_cycle, dispatch_delay; abstract_hardware_model.cc: cycles =
 * total_accesses), so global and shared memory instructions queue at one server: the "shmem"
 * demand (occupancy.h) is added to the l1 station's instead of a station of its own.
 */

#define LDST_MAX_BANKS 8
#define LDST_MAX_POS 16
#define LDST_MAX_LINES 256

/* 1 when (banks, positions per line) is in the valid range above. */
int ldst_shape_ok(int banks, int line_pos);

/* Expected L1 access-stage cycles of one warp memory instruction touching `lines` lines with
 * `sectors_per_line` sectors each (the header's E[C]); banks and line_pos must pass
 * ldst_shape_ok; lines < 1 counts as 1, sectors_per_line is clamped to [1, line_pos]. */
double ldst_access_cycles(double lines, double sectors_per_line, int banks, int line_pos);

#endif
