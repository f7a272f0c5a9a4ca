/* fuzz_profile.c -- the profile parser (src/profiling/profile_json.c): profile_load on
 * arbitrary bytes, then a model context built from what it accepted (the rtx3080 preset),
 * so that an accepted profile is also one the model can take. */
#include "fuzz_common.h"
#include "gpu.h"
#include "presets/gpu_json.h"
#include "profiling/profile_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static gpu_t g;
	static int have_gpu = -1;
	if (have_gpu < 0)
		have_gpu = gpu_load("rtx3080", &g) == 0;
	profile_t p;
	if (profile_load(fuzz_file(data, size, "profile.json"), &p) == 0) {
		const char *why = NULL;
		wctx_t *ctx = have_gpu ? wctx_alloc(&g, &p, &why) : NULL;
		if (ctx)
			wctx_free(ctx);
		profile_free(&p);
	}
	return 0;
}
