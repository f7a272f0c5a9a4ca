/*
 * ldst_sim.c -- GPGPU-Sim's L1 access stage, one instruction at a time (ldst_sim.h).
 */
#include "reference/ldst_sim.h"

#include <stdlib.h>

static int cmp_desc(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? 1 : x > y ? -1 : 0;
}

int ldst_sim_cycles(const uint64_t *addr, size_t n, int banks)
{
	uint64_t sec[64];
	size_t m = 0;
	if (n > 64)
		n = 64;
	for (size_t i = 0; i < n; i++)
		sec[m++] = addr[i] / 32;                      /* one access per 32 B sector */
	qsort(sec, m, sizeof sec[0], cmp_desc);            /* popped from the back: descending */
	size_t k = 0;
	for (size_t i = 0; i < m; i++)                     /* the coalescer's std::map: distinct */
		if (k == 0 || sec[i] != sec[k - 1])
			sec[k++] = sec[i];
	int cycles = 1, used = 0;
	unsigned taken = 0;
	for (size_t i = 0; i < k; i++) {
		int b = (int)(sec[i] % (uint64_t)banks);
		if (used == banks || (taken >> b & 1)) {   /* BK_CONF: break, next cycle */
			cycles++;
			taken = 0;
			used = 0;
		}
		taken |= 1u << b;
		used++;
	}
	return cycles;
}
