/*
 * sectorsim.h -- an exact sectored cache: fully associative LRU over 128 B lines, four 32 B
 * sectors per line fetched on demand (GPGPU-Sim's "S:" caches, one set), flushed on demand.
 * The reference for src/profiling/sector_rec.h.
 */
#ifndef GPUDSE_SECTORSIM_H
#define GPUDSE_SECTORSIM_H

#include <stdint.h>

typedef struct sectorsim {
	int cap;             /* lines */
	int n;               /* resident lines, MRU first */
	uint64_t *line;
	unsigned *valid;     /* sector bits of each resident line */
	double hits, misses; /* sector accesses */
} sectorsim_t;

int sectorsim_init(sectorsim_t *s, int lines);   /* 0, or -1 out of memory */
void sectorsim_free(sectorsim_t *s);
/* One request to `line` for the sectors in mask: each sector hits when its line is resident
 * with the sector valid; the line moves to MRU (allocated, LRU victim out, when absent) and
 * the requested sectors become valid. */
void sectorsim_access(sectorsim_t *s, uint64_t line, unsigned mask);
void sectorsim_flush(sectorsim_t *s);            /* every line invalid */

#endif
