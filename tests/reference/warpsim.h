/*
 * warpsim.h -- a small cycle-level simulation of one Malekeh sub-core (paper 002 §II-§IV),
 * the reference the analytical model in models/malekeh.c is tested against.
 *
 * What it simulates, cycle by cycle, for one sub-core:
 *   - W warps, each an in-order stream of instructions.  Register values are unique ids; every
 *     access (source read or destination write) draws the distance to the value's next read
 *     from the workload's reuse-distance pmf (malekeh_work_t: with probability p_next it has one),
 *     and the read is scheduled that many instructions later in the same warp.  Cold source
 *     reads (first touches) arrive as Poisson(src_per_inst * cold) per instruction.  At most
 *     6 sources per instruction (§II); excess reads move to the next instruction.
 *   - C CCUs of E cache-table entries: lock bits on the sources of the instruction in the CCU,
 *     a near/far bit per entry (next use < RTHLD, §III-A), replacement that skips locked entries,
 *     evicts a random far entry first, else LRU (§IV-A1); a destination is written into the
 *     warp's CCU at write-back only if near and only through one write port per CCU per cycle
 *     (§IV-A2).  The GTO system of Fig. 17 uses plain LRU and caches every result.
 *   - 2 single-ported RF banks (value id mod banks), FIFO read queues, writes first (§II).
 *   - Issue: one instruction per cycle.  Malekeh priority (§IV-B1): last-issued warp, then ready
 *     warps with data in a CCU by age, then the rest by age; GTO: last-issued, then by age.
 *     Allocation (§IV-B2, Fig. 6): a warp with data in a CCU gets only that CCU, if free;
 *     otherwise a random free far CCU; otherwise, with free near CCUs only, wait while the
 *     counter < STHLD (counter++, the issue slot stalls), else a random free CCU and counter = 0.
 *     The GTO system takes a random free CCU at once.  Allocating a CCU to another warp
 *     flushes it (§III-C1).
 *   - Timing: an instruction leaves its CCU when its bank reads are served; it is a memory
 *     instruction with probability p_mem (latency exponential with mean lat_mem) else ALU
 *     (latency lat_alu); the warp's next instruction depends on it with probability p_dep
 *     (ready at write-back) else is ready at once.
 */
#ifndef GPUDSE_WARPSIM_H
#define GPUDSE_WARPSIM_H

#include "malekeh.h"

typedef struct ws_out {
	double insts;        /* instructions issued */
	double cycles;
	double ipc;          /* instructions per cycle of the sub-core */
	double reads;        /* source operand reads */
	double hits;         /* of which served by the CCU cache */
	double hit;          /* hits / reads */
	double bank_reads;   /* = reads - hits */
	double ccu_writes;   /* destination values written into a CCU */
	double wait_cycles;  /* issue cycles stalled by the STHLD wait (rule 7) */
	double steals;       /* allocations of a CCU to a warp other than its last one */
	double occupancy;    /* mean cycles an instruction holds its CCU */
} ws_out_t;

/* Run `insts` warp instructions (after a warm-up of insts/10) with RNG seed `seed`. */
void ws_run(const malekeh_work_t *w, const malekeh_knobs_t *k, long insts, unsigned long seed,
            ws_out_t *out);

#endif
