/*
 * trace_accelsim.h -- Accel-Sim SASS traces (the NVBit tracer's kernelslist.g and
 * kernel-N.traceg files, plain, .xz or .gz) into a profiler.
 *
 * The format, as accel-sim-framework's util/tracer_nvbit/tracer_tool (writer),
 * tracer_tool/traces-processing/post-traces-processing.cpp (grouping into .traceg) and
 * gpu-simulator/trace-parser/trace_parser.cc (reader) define it (docs/trace-formats.md has
 * the details and the choices below):
 *
 *   kernelslist.g   one command per line: "MemcpyHtoD,0xADDR,BYTES" (counted, no access) or a
 *                   kernel trace file name relative to the list ("kernel-1-ctx_0x...traceg.xz")
 *   kernel-N.traceg header lines "-key = value" until the first line starting with '#', then
 *                   per thread block: "#BEGIN_TB", "thread block = x,y,z", (v5: "cluster ..."
 *                   lines), then per warp "warp = W", "insts = N" and N instruction lines,
 *                   then "#END_TB".
 *   instruction     [tb_x tb_y tb_z warp]  (tracer version < 3 only)
 *                   [line_num]             (when "-enable lineinfo = 1")
 *                   PC mask dst_num [Rd..] opcode src_num [Rs..] mem_width
 *                   [mode addresses]       (when mem_width > 0)
 *                   [immediate]            (later version 4 and 5)
 *   address modes   0: one hex address per active lane; 1: hex base, decimal signed stride
 *                   over the (contiguous) active lanes; 2: hex base, then popcount(mask)-1
 *                   decimal signed deltas, each relative to the previous active lane.
 *
 * What the importer does (the hardware's choices, documented in docs/trace-formats.md):
 *  - CTAs of a kernel, in file order, go to SM c mod n_sm (round-robin block scheduler); a
 *    "wave" holds up to n_sm x (resident CTAs per SM) CTAs, limited by the preset's warps per
 *    SM and max_ctas_per_sm, and by max_buffer buffered requests;
 *  - within a wave, warps are interleaved in loose round robin by instruction index: round r,
 *    SM 0..n_sm-1, each resident warp in slot order issues its r-th instruction;
 *  - a global memory instruction (LDG, LD, LDL, LDGSTS reads; STG, ST, STL writes; ATOM,
 *    ATOMG, RED writes) is coalesced into distinct blocks of block_bytes (one profiler access
 *    each, ascending) and distinct 32 B sectors; its width comes from the opcode as Accel-Sim's
 *    parser reads it (".64" -> 8 B, ".U8" -> 1 B, default 4 B);
 *  - shared-memory instructions (LDS, STS, LDSM, ATOMS) carry offsets, not global addresses:
 *    counted, never fed to the L1 stream; LDC and other memory spaces likewise;
 *  - memory instructions with an all-zero mask are counted and skipped;
 *  - register operands (first destination, sources except RZ = R255) go to profiler_regs per
 *    warp slot; HMMA/IMMA/BMMA/DMMA/HGMMA count as tensor instructions.
 * Memory is bounded by the wave buffer, not by the trace length.
 */
#ifndef GPUDSE_TRACE_ACCELSIM_H
#define GPUDSE_TRACE_ACCELSIM_H

#include <stddef.h>
#include <stdint.h>

#include "profiling/profiler.h"
#include "profiling/trace_text.h"

#define ACCELSIM_WARP 32

/* One parsed instruction line. */
typedef struct accelsim_inst {
	uint64_t pc;                    /* virtual PC (hex in the trace) */
	uint32_t mask;                  /* active & predicate mask */
	int ndst, nsrc;
	int dst[8];                     /* destination register numbers */
	int src[16];                    /* source register numbers */
	char opcode[48];                /* e.g. "LDG.E.64" */
	int mem_width;                  /* the trace's mem_width field (0: not a memory instruction) */
	int width;                      /* bytes per lane from the opcode, as Accel-Sim reads it */
	int mode;                       /* address mode 0/1/2 (-1: none) */
	uint64_t addr[ACCELSIM_WARP];   /* per lane; 0 for inactive lanes */
	int has_imm;
	long long imm;
} accelsim_inst_t;

/* Memory class of an opcode. */
enum accelsim_mclass { AS_NONE = 0, AS_GLOBAL_LD, AS_GLOBAL_ST, AS_SHARED, AS_OTHER_MEM };

/* Parse one instruction line [s, s+len) of a trace of tracer version `version` with lineinfo
 * on or off.  0 on success, else -1 with *why set to a static message. */
int accelsim_parse_inst(const char *s, size_t len, int version, int lineinfo,
			accelsim_inst_t *in, const char **why);
/* Class of an instruction (opcode and mem_width). */
enum accelsim_mclass accelsim_mclass(const accelsim_inst_t *in);
/* Class of a memory opcode alone (AS_OTHER_MEM when unknown), and its bytes per lane. */
enum accelsim_mclass accelsim_opcode_class(const char *opcode);
int accelsim_opcode_width(const char *opcode);

typedef struct accelsim_opts {
	int n_sm;              /* SMs the CTAs are spread over (required, >= 1) */
	int warps_per_sm;      /* resident warps per SM (0: 64) */
	int max_ctas_per_sm;   /* resident CTAs per SM (0: 32) */
	int block_bytes;       /* coalescing granularity fed to the profiler (0: 128) */
	size_t max_buffer;     /* requests buffered before a wave is closed early (0: 1 << 22) */
	const char *display;   /* name used in messages (NULL: the path) */
	trace_progress_fn progress; /* every ~2^20 lines (bytes = lines, size = 0), or NULL */
	void *arg;
	/* Optional per-kernel hook: called before a kernel's first record; *kpb set to a
	 * second profiler fed the kernel's records too (or left NULL); then after its last
	 * (kernel_end owns *kpb: it finishes and frees it; on a read error the reader frees it). */
	int (*kernel_begin)(void *arg, int index, const char *file, profiler_t **kpb);
	int (*kernel_end)(void *arg, int index, const char *file, profiler_t *kpb);
	void *hook_arg;
} accelsim_opts_t;

typedef struct accelsim_stats {
	int trace_version;     /* of the last kernel read (0 when its header has none) */
	uint64_t memcpys;      /* MemcpyHtoD lines */
	uint64_t memcpy_bytes;
	uint64_t kernels, ctas, warps;
	uint64_t insts;        /* warp instructions */
	uint64_t global_insts; /* global memory instructions with at least one active lane */
	uint64_t shared_insts; /* shared-memory instructions (not fed) */
	uint64_t other_mem_insts; /* other memory spaces (LDC, ...; not fed) */
	uint64_t zero_mask;    /* memory instructions with an all-zero mask (skipped) */
	uint64_t requests;     /* blocks fed (= profiler accesses) */
	uint64_t sectors;      /* 32 B sectors */
	uint64_t tensor;       /* tensor-core instructions */
	uint64_t lines;        /* trace lines read */
} accelsim_stats_t;

void accelsim_opts_default(accelsim_opts_t *o);

/* `path`: a directory holding kernelslist.g, a kernels list file, or one kernel trace file
 * (.traceg, .traceg.xz, .traceg.gz).  0 on success; EXIT_USER after one line
 * "gpudse: FILE:LINE: what is wrong" (or "gpudse: FILE: ..."); EXIT_INTERNAL when out of
 * memory.  `st` (may be NULL) receives the counts. */
int accelsim_read(const char *path, const accelsim_opts_t *o, profiler_t *pb, accelsim_stats_t *st);

/* A line reader over a plain, .gz (zlib) or .xz (through an `xz -dc` child) file, shared
 * with trace_nvbit.c.  Lines longer than 1 MiB are an error. */
typedef struct trace_lines {
	const char *name;      /* for messages */
	void *gz;              /* gzFile */
	int pid;               /* xz child, or 0 */
	char *buf;
	size_t len, pos;       /* bytes in buf, start of the next line */
	int eof;
	uint64_t line;         /* number of the line last returned, 1-based */
} trace_lines_t;
/* 0, or EXIT_USER after "gpudse: NAME: reason". */
int trace_lines_open(trace_lines_t *r, const char *path, const char *name);
/* 1 and the line [*s, *s + *n) without its newline; 0 at the end; -EXIT_USER on a read
 * error (printed) -- negative, since EXIT_USER is 1: callers turn it into EXIT_USER. */
int trace_lines_next(trace_lines_t *r, const char **s, size_t *n);
/* 0, or EXIT_USER when the xz child failed. */
int trace_lines_close(trace_lines_t *r);

/* Is `path` an Accel-Sim trace by name (a directory, a name containing "kernelslist" or
 * ending in .traceg[.xz|.gz])? */
int accelsim_is_path(const char *path);

#endif
