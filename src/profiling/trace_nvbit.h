/*
 * trace_nvbit.h -- the output of NVBit's mem_trace example tool into a profiler.
 *
 * Records (one per warp memory instruction, in the order the GPU produced them):
 *   MEMTRACE: CTX 0x... - CTA x,y,z - warp W - OPCODE - 0xADDR ... (32 lane addresses)
 *   MEMTRACE: CTX 0x... - grid_launch_id N - CTA x,y,z - warp W - OPCODE - 0xADDR ...
 * and kernel launches
 *   MEMTRACE: CTX 0x... - LAUNCH - Kernel pc 0x... - Kernel name NAME - grid launch id N -
 *             grid size x,y,z - block size x,y,z - nregs N - shmem N - cuda stream id N
 * Lines not starting with "MEMTRACE:" (the application's own output, NVBit's banner) are
 * skipped; a MEMTRACE line that does not parse is an error with file and line.
 *
 * Choices (docs/trace-formats.md): the trace order is kept (it is the hardware's); CTA
 * (x,y,z) runs on SM (linear CTA id mod n_sm), the linear id from the launch's grid size
 * (x fastest), or x + 65536 (y + 65536 z) before any LAUNCH line; lane address 0 means an
 * inactive lane; coalescing and memory classes as in trace_accelsim.h (shared-memory
 * opcodes are counted, not fed).  The tool records memory instructions only, so the
 * profile's instruction count is the memory-instruction count (mem_per_inst = 1): give the
 * real count in the profile (or calibrate) when it matters.
 */
#ifndef GPUDSE_TRACE_NVBIT_H
#define GPUDSE_TRACE_NVBIT_H

#include "profiling/trace_accelsim.h"

typedef struct nvbit_stats {
	uint64_t launches, records, global_insts, shared_insts, other_mem_insts, zero_mask;
	uint64_t requests, sectors, lines;
} nvbit_stats_t;

/* 0, EXIT_USER (one line printed: "gpudse: FILE:LINE: ...") or EXIT_INTERNAL. */
int nvbit_read(const char *path, int n_sm, int block_bytes, const char *display, profiler_t *pb,
	       trace_progress_fn progress, void *arg, nvbit_stats_t *st);

/* Does the file's first MEMTRACE-looking content appear within its first 64 KiB? */
int nvbit_sniff(const char *path);

#endif
