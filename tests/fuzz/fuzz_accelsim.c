/* fuzz_accelsim.c -- the Accel-Sim kernel trace reader (src/profiling/trace_accelsim.c):
 * one kernel-1.traceg of arbitrary bytes, 4 SMs, into an exact one-thread profiler. */
#include "fuzz_common.h"
#include "profiling/trace_accelsim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	profiler_t *pb = fuzz_profiler(4);
	accelsim_opts_t ao;
	accelsim_opts_default(&ao);
	ao.n_sm = 4;
	fuzz_profiler_done(pb, accelsim_read(fuzz_file(data, size, "kernel-1.traceg"), &ao, pb, NULL));
	return 0;
}
