/*
 * uniq_u64.h -- the distinct values of a small array, sorted, in place: the lines or sectors
 * one warp instruction touches (at most a few dozen), as every trace reader and the workload
 * generators coalesce them.  Insertion sort below UNIQ_U64_SMALL values (the common case, and
 * cheaper than qsort's call per comparison there), qsort above.
 */
#ifndef GPUDSE_UNIQ_U64_H
#define GPUDSE_UNIQ_U64_H

#include <stdint.h>
#include <stdlib.h>

#define UNIQ_U64_SMALL 64

static inline int uniq_u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Sorts v[0..n) ascending, drops repeats; returns the number of distinct values. */
static inline int uniq_u64(uint64_t *v, int n)
{
	if (n > UNIQ_U64_SMALL) {
		qsort(v, (size_t)n, sizeof *v, uniq_u64_cmp);
	} else {
		for (int i = 1; i < n; i++) {
			uint64_t x = v[i];
			int j = i - 1;
			while (j >= 0 && v[j] > x) {
				v[j + 1] = v[j];
				j--;
			}
			v[j + 1] = x;
		}
	}
	int k = 0;
	for (int i = 0; i < n; i++)
		if (k == 0 || v[k - 1] != v[i])
			v[k++] = v[i];
	return k;
}

#endif
