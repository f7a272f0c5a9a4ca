/* fuzz_study.c -- the study parser (src/study.c): study_load on arbitrary bytes, then every
 * point of a small space through study_point (derived knobs and constraints evaluated). */
#include "fuzz_common.h"
#include "study.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	study_t s;
	if (study_load(fuzz_file(data, size, "study.json"), &s) == 0) {
		design_t d;
		int var;
		const char *why;
		uint64_t n = s.n_points < 4096 ? s.n_points : 4096;
		for (uint64_t id = 0; id < n; id++)
			study_point(&s, id, &d, &var, &why);
		study_free(&s);
	}
	return 0;
}
