/* fuzz_nvbit.c -- the NVBit mem_trace reader (src/profiling/trace_nvbit.c): arbitrary bytes,
 * 4 SMs, 128-byte blocks, into an exact one-thread profiler. */
#include "fuzz_common.h"
#include "profiling/profile_json.h"
#include "profiling/profiler.h"
#include "profiling/trace_nvbit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = 4;
	o.threads = 1;
	o.batch = 4096;      /* the inputs are small: 2 x 4096 buffered accesses, not 2 x 2^19 */
	profiler_t *pb = profiler_alloc(&o);
	if (!pb)
		abort();
	if (nvbit_read(fuzz_file(data, size, "nv.txt"), 4, 128, NULL, pb, NULL, NULL, NULL) == 0 && profiler_count(pb) > 0) {
		profile_t p;
		if (profiler_finish(pb, &p) == 0)
			profile_free(&p);
	}
	profiler_free(pb);
	return 0;
}
