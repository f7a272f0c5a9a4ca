/* fuzz_text_trace.c -- the plain-text trace reader (src/profiling/trace_text.c) feeding an
 * exact profiler of 8 SMs, one thread, then the profile it finishes. */
#include "fuzz_common.h"
#include "profiling/profile_json.h"
#include "profiling/profiler.h"
#include "profiling/trace_text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = 8;
	o.threads = 1;
	o.batch = 4096;      /* the inputs are small: 2 x 4096 buffered accesses, not 2 x 2^19 */
	profiler_t *pb = profiler_alloc(&o);
	if (!pb)
		abort();
	if (trace_text_read(fuzz_file(data, size, "t.trace"), NULL, pb, NULL, NULL) == 0 && profiler_count(pb) > 0) {
		profile_t p;
		if (profiler_finish(pb, &p) == 0)
			profile_free(&p);
	}
	profiler_free(pb);
	return 0;
}
