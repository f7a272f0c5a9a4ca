/*
 * shape_acc.h -- accumulates a profile's launch and code shape (models/profile_shape.h)
 * instruction by instruction.  Every trace reader and the workload generators feed one
 * (profiler_shape(pb) gives the profiler's own; profiler_finish moves it into the profile).
 *
 * Costs nothing per memory access: it is fed per warp instruction, and only the atomics'
 * distinct targets are remembered (a hash set over the atomic addresses).
 */
#ifndef GPUDSE_SHAPE_ACC_H
#define GPUDSE_SHAPE_ACC_H

#include <stdint.h>

#include "profile_shape.h"

/* Distinct interval vectors with their counts, in first-seen order (max entries, allocated at
 * the first close), and an open-addressing index over them (entry + 1, 0 = empty). */
typedef struct shape_phase_tab {
	shape_phase_t *tab;
	uint16_t *idx;
	size_t n;
	int over;                 /* more than max distinct vectors: not recorded */
} shape_phase_tab_t;

typedef struct shape_acc {
	profile_shape_t s;
	size_t cap_launch;
	long cur;                 /* launch entry instructions are counted in (-1: none) */
	uint64_t *tkey;           /* atomic targets: address + 1 (0 = empty) */
	double *tcnt;             /* lane operations per target */
	size_t tcap, tused;
	int failed;               /* out of memory once: keeps failing */
	double run_warp_max;      /* longest warp of the launch being counted (shape_acc_cta) */
	double run_wait_max;      /* most group waits of one warp of that launch (shape_warp_end) */
	int fresh_missing;        /* a fork-join group closed without ages for all its loads */
	/* groups whose ages come later (a reader that replays the accesses in another order than
	 * it parses the instructions: shape_acc_track_groups) */
	int fresh_external;
	uint8_t *gkind;           /* per group sequence number - 1: 0 open, 1 fork-join, 2 window */
	uint64_t gnext, gcap;
	/* barrier intervals (profile_shape.h phases, at most SHAPE_PHASE_MAX) and wait intervals
	 * (profile_shape.h waits, at most SHAPE_WAIT_MAX) */
	shape_phase_tab_t bars, waits;
	int ldst_bad;             /* an instruction's width was outside ldst_rec.h's range: no ldst */
} shape_acc_t;

/* Units that can lie on a dependence chain: SU_FP32, SU_FP64, SU_INT, SU_SFU, SU_TENSOR (0..4). */
#define SHAPE_DEP_UNITS 5

/* Per-warp dependence state for the MLP measurement (a bit per register R0..R255). */
typedef struct shape_warp {
	uint64_t pend[4];         /* destination registers of the loads in flight */
	int n;                    /* loads in flight (the open group's size) */
	int aged;                 /* of them, those given ages (shape_warp_load_ages) */
	uint64_t fresh1, freshg;  /* the open group's smallest ages A1, Ag (profile_shape.h) */
	uint64_t gseq;            /* the open group's sequence number (shape_acc_track_groups; 0: none) */
	/* dependent issue (profile_shape.h dep): per register R0..R254, the longest chain ending
	 * in its value, instructions per execution unit SU_FP32..SU_TENSOR (saturating); the
	 * warp's longest so far, and its instructions */
	uint16_t depth[255][SHAPE_DEP_UNITS];
	uint16_t cp[SHAPE_DEP_UNITS];
	double insts;
	double pv[SP_NCOL];       /* the open barrier interval's vector (profile_shape.h phases) */
	double wv[SP_NCOL];       /* the open wait interval's vector (profile_shape.h waits) */
	int wcut;                 /* a group closed: the next instruction opens a wait interval */
	int gmem_last;            /* the warp's last instruction was a global memory one */
	double waits_n;           /* the load groups the warp has closed (launch wait_max) */
} shape_warp_t;

void shape_acc_init(shape_acc_t *a);
void shape_acc_free(shape_acc_t *a);

/* A kernel launch: later instructions count towards it.  regs 0 / smem -1: unknown; waves
 * 0: unknown.  0, or -1 when out of memory. */
int shape_acc_launch(shape_acc_t *a, const long grid[3], const long block[3], int regs, long smem,
		     double waves);

/* Execution unit of an SASS opcode (up to its first '.'), as profile_shape.h defines it. */
enum shape_unit shape_opcode_unit(const char *opcode);

/* n warp instructions on `unit`; lanes = their active lanes summed (< 0: mask unknown). */
void shape_acc_insts(shape_acc_t *a, enum shape_unit unit, double n, double lanes);
void shape_acc_bar(shape_acc_t *a, double n);
/* A CTA of the current launch has finished; its longest warp issued `longest` warp
 * instructions (profile_shape.h: launch warp_max and cta_span).  A source that calls it must
 * call it for every CTA of the launch. */
void shape_acc_cta(shape_acc_t *a, double longest);

/* A shared-memory warp instruction: kind 0 load, 1 store, 2 atomic; addr[lane] for the lanes
 * in mask, `width` bytes each (addr NULL: addresses unknown; ways > 0 then gives the
 * bank-conflict degree the caller knows, 0 = unknown).  Returns the degree it added to
 * shared_wavefronts (0: none, the degree unknown). */
int shape_acc_shared(shape_acc_t *a, int kind, uint32_t mask, const uint64_t *addr, int width, int ways);
/* Bank-conflict degree of one shared-memory warp access: 32 banks of 4 B. */
int shape_bank_degree(uint32_t mask, const uint64_t *addr, int width);

/* A global atomic warp instruction with lane addresses (mask: active lanes).  0 or -1 (oom). */
int shape_acc_atomic(shape_acc_t *a, uint32_t mask, const uint64_t *addr);

/* A global memory warp instruction (load, store or atomic: one the profile's mem_insts counts)
 * with lane addresses addr[lane] for the lanes in mask, `width` bytes each: adds 1 to
 * ldst_insts and its exact L1 access-stage cycles (src/profiling/ldst_rec.h) at 1, 2, 4 and 8
 * banks to ldst_cycles[] (profile_shape.h ldst).  An empty mask adds nothing; a width outside
 * ldst_rec.h's range drops the record from the profile (has_ldst 0), never a wrong figure. */
void shape_acc_ldst(shape_acc_t *a, uint32_t mask, const uint64_t *addr, int width);

/* MLP: one warp instruction of warp w.  is_load: a global load whose destinations are
 * dst[0..ndst) each widened to `regs_per_dst` consecutive registers (a 64-bit load writes 2).
 * Registers >= 256 or < 0 are ignored. */
/* Dependent issue: one warp instruction of warp w on `unit` (profile_shape.h dep); is_mem: a
 * memory instruction (its destinations start new chains).  Registers >= 255 or < 0 ignored. */
void shape_warp_dep(shape_acc_t *a, shape_warp_t *w, enum shape_unit unit, int is_mem, const int *dst,
		    int ndst, int regs_per_dst, const int *src, int nsrc);
void shape_warp_inst(shape_acc_t *a, shape_warp_t *w, int is_load, const int *dst, int ndst,
		     int regs_per_dst, const int *src, int nsrc);
/* The load just given to shape_warp_inst has line requests whose smallest freshness ages are
 * age_1 and age_g (src/profiling/fresh_age.h): folded into its group's A1, Ag.  A profile
 * records fresh only when every load of every fork-join group was given its ages. */
void shape_warp_load_ages(shape_warp_t *w, uint64_t age_1, uint64_t age_g);
/* For a source that learns the ages after the instructions (the Accel-Sim reader replays its
 * accesses in the generators' order after parsing a wave): number the groups instead of folding
 * ages into them, remember how each closes, and take the fork-join groups' ages later with
 * shape_acc_fresh_group.  Before the first instruction. */
void shape_acc_track_groups(shape_acc_t *a);
/* The open group of w (its sequence number, >= 1), after shape_warp_inst gave it a load; 0
 * when not tracking or no group is open. */
uint64_t shape_warp_group(const shape_warp_t *w);
/* How group gseq closed: 1 by a read or the warp's end (fork-join), 2 by an overwrite, 0 not yet. */
int shape_acc_group_kind(const shape_acc_t *a, uint64_t gseq);
/* One fork-join group's smallest ages (profile_shape.h mlp fresh). */
void shape_acc_fresh_group(shape_acc_t *a, uint64_t age_1, uint64_t age_g);
/* Barrier intervals (profile_shape.h phases): n warp instructions of warp w on `unit` (n > 1:
 * an anonymous run), with `greq` global memory requests and `swave` shared-memory wavefronts
 * between them, added to w's open interval; bar: a BAR, which closes the interval after
 * counting itself.  Every warp instruction of a warp must pass here (with or without
 * registers), and shape_warp_end closes the last interval.
 *   The same instructions go to w's open wait interval (profile_shape.h waits), which a BAR
 *   closes too, and which the instruction that waits for a load group (shape_warp_inst closed
 *   the group: a read or an overwrite of a register a load in flight writes) opens anew, so
 *   for one instruction shape_warp_inst comes before shape_warp_phase; so does a global memory
 *   instruction (flags SHAPE_PH_GMEM) after one that is not.
 *   flags: SHAPE_PH_BAR (the instruction is a BAR), SHAPE_PH_GMEM (a global load, store or
 *   atomic).
 *   greq is in the unit of the profile's request count (the l1 stream's accesses, which
 *   models/gpu.c divides by mem_insts into req_per_mem): the requests the source feeds to
 *   profiler_access for the instruction, one per distinct cache block its active lanes touch
 *   (the generators' 128 B lines, the Accel-Sim reader's profiler blocks), so that the sum
 *   over intervals of count x greq is the profile's l1 accesses.
 *   swave is the degree shape_acc_shared returned, or 1 when it returned 0 because the
 *   addresses and the degree are unknown. */
enum { SHAPE_PH_BAR = 1, SHAPE_PH_GMEM = 2 };
void shape_warp_phase(shape_acc_t *a, shape_warp_t *w, enum shape_unit unit, double n, double greq,
		      double swave, int flags);
/* Adds greq global requests to w's open interval: for a source that counts an instruction's
 * requests after giving it to shape_warp_phase (never after a BAR: that closed the interval). */
void shape_warp_phase_greq(shape_warp_t *w, double greq);
/* The warp ended: closes its open group and its open barrier interval (if it has instructions). */
void shape_warp_end(shape_acc_t *a, shape_warp_t *w);

/* Move the accumulated shape into *out (which must be zeroed); the accumulator is reset.
 * 0, or -1 when the accumulator ran out of memory at some point. */
int shape_acc_finish(shape_acc_t *a, profile_shape_t *out);

#endif
