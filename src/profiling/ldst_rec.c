/* ldst_rec.c -- exact L1 access-stage cycles per warp memory instruction; see ldst_rec.h. */
#include "profiling/ldst_rec.h"

const int ldst_rec_banks[SHAPE_LDST_NB] = { 1, 2, 4, 8 };

#define MAXSEC (32 * (LDST_REC_MAX_WIDTH / 32 + 1))

/* The distinct sectors of the lanes' accesses, ascending, into sec[]; their count. */
static int sectors(uint32_t mask, const uint64_t *addr, int width, uint64_t sec[MAXSEC])
{
	int n = 0;
	for (int l = 0; l < 32; l++) {
		if (!(mask >> l & 1u))
			continue;
		uint64_t first = addr[l] >> 5, last = (addr[l] + (uint64_t)width - 1) >> 5;
		for (uint64_t q = first; q <= last; q++) {   /* insertion into the sorted set */
			int i = n;
			while (i > 0 && sec[i - 1] > q)
				i--;
			if (i > 0 && sec[i - 1] == q)
				continue;
			for (int j = n; j > i; j--)
				sec[j] = sec[j - 1];
			sec[i] = q;
			n++;
		}
	}
	return n;
}

/* Runs of distinct banks, at most `banks` long, over sec[n-1], sec[n-2], ..., sec[0]. */
static int runs(const uint64_t *sec, int n, int banks)
{
	int c = 1, len = 0;
	uint32_t held = 0;                    /* banks the current run holds */
	for (int i = n - 1; i >= 0; i--) {
		uint32_t bit = 1u << (sec[i] % (uint64_t)banks);
		if (len == banks || (held & bit)) {   /* the next cycle starts a new run */
			c++;
			len = 0;
			held = 0;
		}
		held |= bit;
		len++;
	}
	return c;
}

int ldst_rec_cycles(uint32_t mask, const uint64_t *addr, int width, int banks)
{
	uint64_t sec[MAXSEC];
	if (width < 1 || width > LDST_REC_MAX_WIDTH || banks < 1 || banks > LDST_REC_MAX_BANKS)
		return -1;
	return runs(sec, sectors(mask, addr, width, sec), banks);
}

int ldst_rec_cycles_all(uint32_t mask, const uint64_t *addr, int width, int out[SHAPE_LDST_NB])
{
	uint64_t sec[MAXSEC];
	if (width < 1 || width > LDST_REC_MAX_WIDTH)
		return -1;
	int n = sectors(mask, addr, width, sec);
	for (int b = 0; b < SHAPE_LDST_NB; b++)
		out[b] = runs(sec, n, ldst_rec_banks[b]);
	return 0;
}
