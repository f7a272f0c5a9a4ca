/*
 * fuzz_common.h -- shared by the libFuzzer harnesses in tests/fuzz/ (built and run by
 * `make fuzz`).  gpudse's parsers read files, so each input is written to one scratch file
 * per process (in /dev/shm when there is one: no disk traffic) and the parser opens it.
 * A parser's error lines go to stderr as in normal use; libFuzzer stops on a crash,
 * a sanitizer report, a leak, or a run over its time or memory limit.
 */
#ifndef GPUDSE_FUZZ_COMMON_H
#define GPUDSE_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "profiling/profile_json.h"
#include "profiling/profiler.h"

/* Write data to DIR/name (DIR made once per process) and return the path (static). */
static inline const char *fuzz_file(const uint8_t *data, size_t size, const char *name)
{
	static char dir[256], path[512];
	if (!dir[0]) {
		struct stat sb;
		const char *base = stat("/dev/shm", &sb) == 0 && S_ISDIR(sb.st_mode) ? "/dev/shm" : "/tmp";
		snprintf(dir, sizeof dir, "%s/gpudse-fuzz-%d", base, (int)getpid());
		mkdir(dir, 0700);
	}
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "wb");
	if (!f)
		abort();   /* the harness, not the parser: stop loudly */
	if (size && fwrite(data, 1, size, f) != size)
		abort();
	fclose(f);
	return path;
}

/* The trace harnesses' profiler: exact, one thread, n_sm SMs, 4096-access batches (the inputs
 * are small: 2 x 4096 buffered accesses, not the default 2 x 2^19, which held the trace
 * harnesses to tens of runs per second). */
static inline profiler_t *fuzz_profiler(int n_sm)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = n_sm;
	o.threads = 1;
	o.batch = 4096;
	profiler_t *pb = profiler_alloc(&o);
	if (!pb)
		abort();   /* the harness, not the parser: stop loudly */
	return pb;
}

/* After a reader returned read_rc: finish the profile when it read something, then free all. */
static inline void fuzz_profiler_done(profiler_t *pb, int read_rc)
{
	if (read_rc == 0 && profiler_count(pb) > 0) {
		profile_t p;
		if (profiler_finish(pb, &p) == 0)
			profile_free(&p);
	}
	profiler_free(pb);
}

#endif
