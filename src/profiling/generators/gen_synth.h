/*
 * gen_synth.h -- the register dependences of a generator launch without template registers,
 * as its Accel-Sim trace carries them (src/profiling/trace_write_accelsim.h), so that the
 * generator's own profile and the profile of its written trace see the same dependences.
 *
 * Rule (the trace writer's, which Accel-Sim's scoreboard then sees): each global load writes a
 * fresh register, R16..R79 rotating; the next instruction that is not a load reads the (at
 * most 4, Accel-Sim's MAX_SRC) newest of those loaded since the previous consumer; an
 * anonymous ALU run's first instruction is that consumer, the rest read nothing.  A load's
 * destination spans the registers of its trace width (gen_synth_width: the opcode's width, or
 * 1 byte when a lane address is not aligned to it), as the Accel-Sim reader counts them.
 */
#ifndef GPUDSE_GEN_SYNTH_H
#define GPUDSE_GEN_SYNTH_H

#include <stdint.h>

#include "profiling/generators/gen.h"

#define GEN_SYNTH_REG0 16
#define GEN_SYNTH_NREG 64
#define GEN_SYNTH_MAX_SRC 4

typedef struct gen_synth {
	int pend[GEN_SYNTH_MAX_SRC], npend;  /* registers loaded since the last consumer, newest last */
	int nextreg;                         /* rotating destination of the next load */
} gen_synth_t;

/* One instruction: a load (is_load) gets a fresh destination register (returned); any other
 * instruction reads the pending ones into src (*ns of them, 0..4) and returns -1. */
int gen_synth_inst(gen_synth_t *s, int is_load, int src[GEN_SYNTH_MAX_SRC], int *ns);

/* The per-lane width in bytes the trace writes for memory template `in` with lane mask and
 * addresses a: the opcode's width (gen_inst_opcode), or 1 (".U8") when an active lane's
 * address is not a multiple of it. */
int gen_synth_width(const gen_inst_t *in, uint32_t mask, const uint64_t *a);

/* Registers per destination the Accel-Sim reader counts for a load of that width. */
static inline int gen_synth_regs_per_dst(int width)
{
	return width > 4 ? (width + 3) / 4 : 1;
}

#endif
