/* doe.c -- Plackett-Burman and Latin-hypercube samples of a space (see doe.h). */
#include "stats/doe.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <stdlib.h>
#include <string.h>

/* Plackett & Burman (1946), the generator (first) rows for N = 12, 20, 24; '+' high. */
static const char *const pb_gen12 = "++-+++---+-";
static const char *const pb_gen20 = "++--++++-+-+----++-";
static const char *const pb_gen24 = "+++++-+-++--++--+-+----";

int doe_plackett_burman(int k, int *rows, int *n)
{
	static const int sizes[] = { 4, 8, 12, 16, 20, 24, 32 };
	int N = 0;
	for (int i = 0; i < 7 && !N; i++)
		if (sizes[i] > k)
			N = sizes[i];
	if (k < 1 || !N)
		return -1;
	*n = N;
	const char *gen = N == 12 ? pb_gen12 : N == 20 ? pb_gen20 : N == 24 ? pb_gen24 : NULL;
	if (gen) {
		/* row r < N-1: the generator shifted right by r; the last row all low */
		for (int r = 0; r < N; r++)
			for (int f = 0; f < k; f++)
				rows[r * k + f] = r == N - 1 ? 0 : gen[((f - r) % (N - 1) + (N - 1)) % (N - 1)] == '+';
		return 0;
	}
	/* Sylvester: H[r][c] = (-1)^popcount(r & c); column 0 constant, factors on columns 1..k */
	for (int r = 0; r < N; r++)
		for (int f = 0; f < k; f++)
			rows[r * k + f] = __builtin_popcount((unsigned)(r & (f + 1))) % 2 == 0;
	return 0;
}

int doe_latin_hypercube(int k, const int *levels, int n, unsigned long seed, int *rows)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	int *perm = malloc((size_t)(n > 0 ? n : 1) * sizeof *perm);
	if (!r || !perm) {
		gsl_rng_free(r);
		free(perm);
		return -2;
	}
	gsl_rng_set(r, seed);
	for (int f = 0; f < k; f++) {
		for (int j = 0; j < n; j++)
			perm[j] = j;
		gsl_ran_shuffle(r, perm, (size_t)n, sizeof *perm);
		for (int j = 0; j < n; j++) {
			double x = (perm[j] + gsl_rng_uniform(r)) / n;
			int v = (int)(x * levels[f]);
			rows[j * k + f] = v < levels[f] ? v : levels[f] - 1;
		}
	}
	gsl_rng_free(r);
	free(perm);
	return 0;
}
