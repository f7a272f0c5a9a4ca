/* sectorsim.c -- see sectorsim.h.  O(capacity) per access: a reference, not a profiler. */
#include "reference/sectorsim.h"

#include <stdlib.h>
#include <string.h>

int sectorsim_init(sectorsim_t *s, int lines)
{
	memset(s, 0, sizeof *s);
	s->cap = lines;
	s->line = malloc((size_t)lines * sizeof *s->line);
	s->valid = malloc((size_t)lines * sizeof *s->valid);
	s->dirty = malloc((size_t)lines * sizeof *s->dirty);
	return s->line && s->valid && s->dirty ? 0 : -1;
}

void sectorsim_free(sectorsim_t *s)
{
	free(s->line);
	free(s->valid);
	free(s->dirty);
}

static void access_rw(sectorsim_t *s, uint64_t line, unsigned mask, int is_write)
{
	int i = 0;
	while (i < s->n && s->line[i] != line)
		i++;
	unsigned v = 0, d = 0;
	if (i < s->n) {
		v = s->valid[i];
		d = s->dirty[i];
	} else {                                 /* allocate: the LRU line leaves when full */
		if (s->n < s->cap)
			s->n++;
		else
			s->written_back += __builtin_popcount(s->dirty[s->n - 1]);
		i = s->n - 1;
	}
	for (int k = 0; k < 4; k++)
		if (mask >> k & 1) {
			if (v >> k & 1)
				s->hits += 1;
			else
				s->misses += 1;
		}
	memmove(s->line + 1, s->line, (size_t)i * sizeof *s->line);
	memmove(s->valid + 1, s->valid, (size_t)i * sizeof *s->valid);
	memmove(s->dirty + 1, s->dirty, (size_t)i * sizeof *s->dirty);
	s->line[0] = line;
	s->valid[0] = v | mask;
	s->dirty[0] = is_write ? d | mask : d;
}

void sectorsim_access(sectorsim_t *s, uint64_t line, unsigned mask)
{
	access_rw(s, line, mask, 0);
}

void sectorsim_write(sectorsim_t *s, uint64_t line, unsigned mask)
{
	access_rw(s, line, mask, 1);
}

void sectorsim_flush(sectorsim_t *s)
{
	s->n = 0;
}
