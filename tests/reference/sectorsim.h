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
	unsigned *dirty;     /* modified sector bits of each resident line (sectorsim_write) */
	double hits, misses; /* sector accesses */
	double written_back; /* modified sectors of evicted lines (a write-back cache; flushes drop them) */
} sectorsim_t;

int sectorsim_init(sectorsim_t *s, int lines);   /* 0, or -1 out of memory */
void sectorsim_free(sectorsim_t *s);
/* One request to `line` for the sectors in mask: each sector hits when its line is resident
 * with the sector valid; the line moves to MRU (allocated, LRU victim out, when absent) and
 * the requested sectors become valid. */
void sectorsim_access(sectorsim_t *s, uint64_t line, unsigned mask);
/* The same access as a write: the requested sectors also become modified, and a modified
 * sector is written back (written_back += 1) when its line is evicted. */
void sectorsim_write(sectorsim_t *s, uint64_t line, unsigned mask);
void sectorsim_flush(sectorsim_t *s);            /* every line invalid */

#endif
