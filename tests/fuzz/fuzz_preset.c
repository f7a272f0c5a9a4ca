/* fuzz_preset.c -- the GPU preset parser (src/presets/gpu_json.c): gpu_load on arbitrary bytes. */
#include "fuzz_common.h"
#include "presets/gpu_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	gpu_t g;
	gpu_load(fuzz_file(data, size, "preset.json"), &g);
	return 0;
}
