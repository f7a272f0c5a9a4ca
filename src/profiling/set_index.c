/* set_index.c -- linear and IPOLY set indices; see set_index.h. */
#include "profiling/set_index.h"

#include <string.h>

const char *const set_index_name[SETIDX_NFN] = { "linear", "ipoly" };

/* Primitive polynomials over GF(2), degree k, bit i = coefficient of x^i: the usual LFSR table
 * (x^4+x+1, x^5+x^2+1, x^6+x+1 are GPGPU-Sim's 16/32/64-set IPOLY; tests/unit/test_setindex.c
 * checks every one is irreducible). */
static const uint32_t poly[SETIDX_MAX_LOG + 1] = {
	0x1,                    /* degree 0: unused (one set) */
	0x3,                    /* x + 1 */
	0x7,                    /* x^2 + x + 1 */
	0xB,                    /* x^3 + x + 1 */
	0x13,                   /* x^4 + x + 1 */
	0x25,                   /* x^5 + x^2 + 1 */
	0x43,                   /* x^6 + x + 1 */
	0x83,                   /* x^7 + x + 1 */
	0x11D,                  /* x^8 + x^4 + x^3 + x^2 + 1 */
	0x211,                  /* x^9 + x^4 + 1 */
	0x409,                  /* x^10 + x^3 + 1 */
	0x805,                  /* x^11 + x^2 + 1 */
	0x1053,                 /* x^12 + x^6 + x^4 + x + 1 */
	0x201B,                 /* x^13 + x^4 + x^3 + x + 1 */
	0x4443,                 /* x^14 + x^10 + x^6 + x + 1 */
	0x8003,                 /* x^15 + x + 1 */
	0x1100B,                /* x^16 + x^12 + x^3 + x + 1 */
};

uint32_t set_index_poly(int k)
{
	return k >= 0 && k <= SETIDX_MAX_LOG ? poly[k] : 0;
}

uint32_t set_index_ipoly_slow(uint64_t block, int k)
{
	if (k <= 0)
		return 0;
	/* long division: clear every bit at or above k with a shifted copy of P_k */
	for (int i = 63; i >= k; i--)
		if ((block >> i) & 1)
			block ^= (uint64_t)poly[k] << (i - k);
	return (uint32_t)block;
}

void set_index_init(set_index_t *t)
{
	memset(t, 0, sizeof *t);
	for (int k = 1; k <= SETIDX_MAX_LOG; k++)
		for (int j = 0; j < 8; j++)
			for (int b = 0; b < 256; b++)
				t->tab[k][j][b] = set_index_ipoly_slow((uint64_t)b << (8 * j), k); /* residue is linear */
	for (int k = 1; k <= SETIDX_MAX_LOG; k++)
		for (int j = 0; j < 8; j++)
			for (int b = 0; b < 256; b++)
				t->all[j][b][(k - 1) >> 2] |= (uint64_t)t->tab[k][j][b] << (16 * ((k - 1) & 3));
}
