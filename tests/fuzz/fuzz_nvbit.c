/* fuzz_nvbit.c -- the NVBit mem_trace reader (src/profiling/trace_nvbit.c): arbitrary bytes,
 * 4 SMs, 128-byte blocks, into an exact one-thread profiler. */
#include "fuzz_common.h"
#include "profiling/trace_nvbit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	profiler_t *pb = fuzz_profiler(4);
	fuzz_profiler_done(pb, nvbit_read(fuzz_file(data, size, "nv.txt"), 4, 128, NULL, pb, NULL, NULL, NULL));
	return 0;
}
