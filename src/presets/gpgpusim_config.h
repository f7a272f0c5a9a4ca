/*
 * gpgpusim_config.h -- GPGPU-Sim / Accel-Sim option files (gpgpusim.config, trace.config, or
 * the options echo at the top of a simulation log) read into a name -> value map, and mapped
 * onto a GPU preset (gpu_t, docs/gpu-presets.md) by `gpudse preset import`.
 *
 * Syntax, as gpgpu-sim's option_parser reads it: "-name value" per line, '#' starts a comment,
 * a value in double quotes may span lines; a later occurrence of an option overrides an
 * earlier one (so trace.config after gpgpusim.config, and an option on the command line
 * echoed in a log, win).  Lines not starting with "-name" are ignored (a log's other output).
 *
 * The mapping (docs/gpu-presets.md "Importing a GPGPU-Sim configuration" has the table):
 *   n_sm = gpgpu_n_clusters x gpgpu_n_cores_per_cluster; core_mhz, noc_mhz from
 *   gpgpu_clock_domains <core>:<icnt>:<l2>:<dram>; warps_per_sm from
 *   gpgpu_shader_core_pipeline <threads>:<warp size>; L1 and L2 geometry from
 *   gpgpu_cache:dl1 / dl2 "[type:]sets:line:ways,rep:write:alloc:write_alloc[:set_index],
 *   mshr:entries:merge,miss_queue:fifo,data_port" (the L2 per memory sub-partition); with
 *   gpgpu_adaptive_cache_config 1 the L1 is gpgpu_unified_l1d_size less the kernel's shared
 *   memory (the preset takes a kernel without shared memory); DRAM bandwidth = gpgpu_n_mem x
 *   gpgpu_n_mem_per_ctrlr x gpgpu_dram_buswidth x dram_data_command_freq_ratio x DRAM clock.
 */
#ifndef GPUDSE_GPGPUSIM_CONFIG_H
#define GPUDSE_GPGPUSIM_CONFIG_H

#include <stddef.h>
#include <stdio.h>

#include "gpu.h"

typedef struct gsopt {
	char *name;            /* without the leading '-' */
	char *value;           /* quotes removed, blanks trimmed */
	const char *file;      /* display name of the file that set it last */
	int line;
	int used;              /* read by the mapping */
} gsopt_t;

typedef struct gsconf {
	gsopt_t *o;
	size_t n, cap;
	char *files[8];        /* display names (owned) */
	int nfiles;
} gsconf_t;

/* Read one file into c (later options override earlier ones); `name` for messages (NULL:
 * the path).  0, or EXIT_USER after one line naming the file (EXIT_INTERNAL: out of memory). */
int gsconf_read(gsconf_t *c, const char *path, const char *name);
/* Set one option (a later set overrides), as read from `file` line `line` (file: a name
 * registered with gsconf_name or a static string).  0, or -1 when out of memory. */
int gsconf_set(gsconf_t *c, const char *name, const char *value, const char *file, int line);
/* Register a display name for options set by hand (gsconf_set); 0 or -1 (out of memory). */
int gsconf_name(gsconf_t *c, const char *name);
/* The option's value (marking it used), or NULL when absent. */
const char *gsconf_get(gsconf_t *c, const char *name);
void gsconf_free(gsconf_t *c);

/* One GPGPU-Sim cache configuration string, decoded. */
typedef struct gscache {
	char type;              /* 'N' normal, 'S' sectored, ... ('N' when the string has none) */
	long sets, line, ways;
	char rep, write, alloc, write_alloc, set_index; /* letters as written ('?' absent) */
	long mshr_entries, mshr_merge, miss_queue, fifo, data_port;
} gscache_t;
/* 0, or -1 when `s` is not a cache configuration string. */
int gscache_parse(const char *s, gscache_t *out);

/* Map c onto g (which starts as gpu_defaults() with the given name) and write the import
 * report to `report` (NULL: none): each mapped preset field with the options it came from,
 * each preset field left at its default, what was read but has no preset field (replacement,
 * write policy, set-index function ...), and every option not used.  0, or EXIT_USER after
 * one line naming the option and file when a value is malformed or out of a preset field's
 * range.  `mapped` (NULL or n_gpu_fields bytes) receives 1 for each gpu_fields[] entry set. */
int gsconf_to_gpu(gsconf_t *c, const char *name, const char *source, gpu_t *g, FILE *report,
                  unsigned char *mapped);

#endif
