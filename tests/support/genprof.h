/*
 * genprof.h -- the profile a workload generator makes, in process: what `gpudse trace KERNEL
 * --size S --gpu PRESET --profile P [--sector-groups]` writes (cmd_trace.c), for tests that
 * check a profile record against the generator's own counts.
 */
#ifndef GPUDSE_TEST_GENPROF_H
#define GPUDSE_TEST_GENPROF_H

#include <stdint.h>

#include "profile.h"

/* Profile kernel `kname` at `size` on the preset JSON `preset` (seed 1, registers on);
 * sector_groups as the option.  0, or -1 (unknown kernel, preset or profiler failure). */
int genprof_make(const char *kname, long size, const char *preset, int sector_groups, const char *source,
                 profile_t *out);

/* A tap on the generator's stream: every sector request and launch end the profiler gets, in
 * the same order (for a brute-force count beside the profiler's); NULL members are skipped. */
typedef struct genprof_tap {
	void *ctx;
	void (*sectors)(void *ctx, int sm, int wr, uint64_t addr, unsigned mask, int bypass_l1);
	void (*launch_end)(void *ctx);
} genprof_tap_t;

/* genprof_make with a tap (NULL: none). */
int genprof_make_tap(const char *kname, long size, const char *preset, int sector_groups, const char *source,
                     const genprof_tap_t *tap, profile_t *out);

#endif
