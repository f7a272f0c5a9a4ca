/*
 * genprof.h -- the profile a workload generator makes, in process: what `gpudse trace KERNEL
 * --size S --gpu PRESET --profile P [--sector-groups]` writes (cmd_trace.c), for tests that
 * check a profile record against the generator's own counts.
 */
#ifndef GPUDSE_TEST_GENPROF_H
#define GPUDSE_TEST_GENPROF_H

#include "profile.h"

/* Profile kernel `kname` at `size` on the preset JSON `preset` (seed 1, registers on);
 * sector_groups as the option.  0, or -1 (unknown kernel, preset or profiler failure). */
int genprof_make(const char *kname, long size, const char *preset, int sector_groups, const char *source,
                 profile_t *out);

#endif
