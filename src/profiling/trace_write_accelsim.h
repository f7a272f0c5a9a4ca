/*
 * trace_write_accelsim.h -- a workload generator's kernels written as Accel-Sim SASS traces
 * (`gpudse trace KERNEL --format accelsim -o DIR`): DIR/kernelslist.g and one
 * DIR/kernel-N.traceg per launch, in the layout of accel-sim-framework's NVBit tracer after
 * post-traces-processing, tracer version 4, as gpu-simulator/trace-parser/trace_parser.cc
 * (branch dev) reads it and src/profiling/trace_accelsim.c re-reads it:
 *
 *   header   -kernel name, -kernel id, -grid dim, -block dim, -shmem, -nregs,
 *            -binary version (70: Accel-Sim's Volta opcode map), -cuda stream id,
 *            -shmem base_addr, -local mem base_addr, -nvbit version, -accelsim tracer
 *            version = 4, -enable lineinfo = 0, then the "#traces format" line;
 *   body     CTAs in linear id order (x fastest: the order Accel-Sim issues them, one
 *            #BEGIN_TB .. #END_TB each), warps in order, "insts = N", N lines
 *            "PC mask ndst [Rd] opcode nsrc [Rs..] mem_width [mode addresses]".
 *
 * What each generator template becomes (docs/trace-formats.md "Writing Accel-Sim traces"):
 *  - the template's registers (gen_inst_t dst/src, when the launch has_regs) as Rn, so that
 *    Accel-Sim's scoreboard sees the dependences gpudse's register-reuse measurement sees;
 *    an anonymous ALU run of k instructions becomes k register-less lines;
 *  - a launch without template registers (has_regs = 0) gets synthesized dependences, so
 *    that Accel-Sim's warps wait for their loads: each load writes a fresh register (R16..R79
 *    rotating), and the next instruction that is not a load reads the (at most 4, Accel-Sim's
 *    MAX_SRC) newest of those loaded since the previous consumer.  gpudse profile then sees
 *    register records the generator's own stream does not have (the round trip is exact for
 *    launches with registers);
 *  - global loads, stores and atomics with the lane addresses the generator computed (address mode 1 when the
 *    active lanes are contiguous with one stride, else mode 0); ".U8" (1 byte per lane) when
 *    a lane address is not 4-byte aligned, so both readers coalesce exactly the generator's
 *    lines and sectors;
 *  - opcodes from gen_inst_opcode (the template's unit and width; LDS/STS/ATOMS with shared
 *    offsets lane x ways words, so Accel-Sim sees the template's bank-conflict degree);
 *  - a memory template whose mask is zero is not executed (the warp branched around it);
 *  - every warp ends with EXIT over its valid lanes (Accel-Sim retires a warp's threads
 *    only at EXIT): the one instruction per warp the generator's stream does not have.
 *  - occupancy: the generator's resident CTAs per SM (res, from warps, its CTA limit and
 *    the launch's max_cta_sm) is expressed through -nregs: the largest multiple of 4 with
 *    regs_per_sm / (padded CTA threads x nregs) = res (at most 255), so that Accel-Sim's
 *    register limit gives the same residency without changing its L1/shared carve-out
 *    (a -shmem > 0 would shrink Accel-Sim's adaptive L1).
 */
#ifndef GPUDSE_TRACE_WRITE_ACCELSIM_H
#define GPUDSE_TRACE_WRITE_ACCELSIM_H

#include "profiling/generators/gen.h"

typedef struct aswrite_opts {
	const char *dir;          /* output directory (created if missing) */
	int binary_version;       /* -binary version (0: 70) */
	int warps_per_sm;         /* the generator's resident warp slots per SM */
	int ctas_per_sm;          /* the generator's resident CTA limit per SM */
	long regs_per_sm;         /* Accel-Sim's -gpgpu_shader_registers (0: 65536) */
} aswrite_opts_t;

typedef struct aswriter aswriter_t;

/* NULL with err set (one line naming the directory). */
aswriter_t *aswrite_open(const aswrite_opts_t *o, char *err, size_t errlen);
/* The gen_sink_t launch/winst callbacks, ctx = the writer. */
void aswrite_launch(void *ctx, const gen_launch_t *L, int done);
void aswrite_winst(void *ctx, int sm, const gen_launch_t *L, const gen_warp_t *w,
                   const gen_inst_t *in, uint32_t pc, uint32_t mask, const uint64_t *a);
/* Finish kernelslist.g and free.  0, or -1 with err set when any write failed or memory ran
 * out on the way. */
int aswrite_close(aswriter_t *w, char *err, size_t errlen);
/* Kernels and warp instructions written so far. */
long aswrite_kernels(const aswriter_t *w);
double aswrite_insts(const aswriter_t *w);

#endif
