/* fuzz_text_trace.c -- the plain-text trace reader (src/profiling/trace_text.c) feeding an
 * exact profiler of 8 SMs, one thread, then the profile it finishes. */
#include "fuzz_common.h"
#include "profiling/trace_text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	profiler_t *pb = fuzz_profiler(8);
	fuzz_profiler_done(pb, trace_text_read(fuzz_file(data, size, "t.trace"), NULL, pb, NULL, NULL));
	return 0;
}
