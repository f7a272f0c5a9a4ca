/*
 * trace_text.h -- the plain-text trace format (docs/trace-format.md) into a profiler.
 *
 * Streaming and constant memory: the file (plain or .gz, through zlib) is read in 1 MiB
 * blocks and parsed by hand, record by record, straight into profiler_access / _insts /
 * _regs / _tensor.
 */
#ifndef GPUDSE_TRACE_TEXT_H
#define GPUDSE_TRACE_TEXT_H

#include <stdint.h>

#include "profiling/profiler.h"

/* Called about every 2^20 records with the (compressed) bytes read so far and the file size
 * (0 if unknown). */
typedef void (*trace_progress_fn)(void *arg, uint64_t bytes, uint64_t size, uint64_t records);

/* Feed every record of `path` to pb.  0 on success; EXIT_USER after printing one line
 * "gpudse: FILE:LINE: what is wrong" for a record that does not parse (or "gpudse: FILE: ..."
 * when the file cannot be read); EXIT_INTERNAL when the profiler runs out of memory.
 * `display` is the name used in messages (NULL: path). */
int trace_text_read(const char *path, const char *display, profiler_t *pb,
		    trace_progress_fn progress, void *arg);

#endif
