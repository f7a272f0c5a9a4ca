/* fuzz_accelsim.c -- the Accel-Sim kernel trace reader (src/profiling/trace_accelsim.c):
 * one kernel-1.traceg of arbitrary bytes, 4 SMs, into an exact one-thread profiler. */
#include "fuzz_common.h"
#include "profiling/profile_json.h"
#include "profiling/profiler.h"
#include "profiling/trace_accelsim.h"

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
	accelsim_opts_t ao;
	accelsim_opts_default(&ao);
	ao.n_sm = 4;
	if (accelsim_read(fuzz_file(data, size, "kernel-1.traceg"), &ao, pb, NULL) == 0 && profiler_count(pb) > 0) {
		profile_t p;
		if (profiler_finish(pb, &p) == 0)
			profile_free(&p);
	}
	profiler_free(pb);
	return 0;
}
