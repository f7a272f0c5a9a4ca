/*
 * set_index.h -- the set-index functions the profiler records per-set stack distances under.
 *
 *   SETIDX_LINEAR  bit selection: set = block mod 2^k (GPGPU-Sim LINEAR_SET_FUNCTION, 'L' in a
 *                  -gpgpu_cache config; the L1D of the SM7_QV100 config: "S:4:128:64,L:T:m:L:L").
 *   SETIDX_IPOLY   polynomial modulus: the block address read as a polynomial over GF(2), the set
 *                  its residue modulo a primitive polynomial P_k of degree k [Rau, "Pseudo-randomly
 *                  interleaved memory", ISCA 1991].  GPGPU-Sim's HASH_IPOLY_FUNCTION ('P', the L2
 *                  of the SM7_QV100 config: "S:32:128:24,L:B:m:L:P"; src/gpgpu-sim/hashing.cc,
 *                  ipoly_hash_function) writes out the residue for 16, 32 and 64 sets, whose bit
 *                  equations are those of P_4 = x^4+x+1, P_5 = x^5+x^2+1, P_6 = x^6+x+1 (read off
 *                  the equations: a[0] = x^k mod P enters bits {0,1}, {0,2}, {0,1}); GPGPU-Sim
 *                  truncates the address (17, 20 and 25 block-address bits), we reduce all 64, so
 *                  the two agree for block addresses below 2^17, 2^20, 2^25 (tests/unit/test_setindex.c).
 *                  Other degrees use standard primitive polynomials (table in set_index.c), so every
 *                  power-of-two set count 2..2^SETIDX_MAX_LOG has an IPOLY index.
 *
 * A set_index_t holds the byte tables that make the IPOLY residue eight loads.
 */
#ifndef GPUDSE_SET_INDEX_H
#define GPUDSE_SET_INDEX_H

#include <stdint.h>

#define SETIDX_MAX_LOG 16         /* set counts up to 2^16 */

#include "profile.h"

/* The same order as profile.h's enum sa_index (records are indexed by it). */
enum set_index_fn { SETIDX_LINEAR = SA_LINEAR, SETIDX_IPOLY = SA_IPOLY, SETIDX_NFN = SA_NINDEX };
extern const char *const set_index_name[SETIDX_NFN];   /* "linear", "ipoly" */

/* Primitive polynomial of degree k (bit k set), 1 <= k <= SETIDX_MAX_LOG. */
uint32_t set_index_poly(int k);

/* The residue of `block` modulo P_k, bit by bit (reference; 64 steps). */
uint32_t set_index_ipoly_slow(uint64_t block, int k);

typedef struct set_index {
	uint32_t tab[SETIDX_MAX_LOG + 1][8][256];   /* tab[k][j][b] = (b x^(8j)) mod P_k */
	/* every degree at once: lane k - 1 (16 bits, k = 1..16) of the 256-bit all[j][b] is
	 * tab[k][j][b], so XOR-ing one entry per byte of a block gives its residues for every k
	 * (set_index_ipoly_all): a few loads instead of one per byte and degree */
	uint64_t all[8][256][4];
} set_index_t;
_Static_assert(SETIDX_MAX_LOG <= 16, "16-bit lanes");

/* The residues of `block` modulo P_1..P_16 in 16-bit lanes (lane k - 1: degree k), reading only
 * its nb low bytes (the rest must be zero). */
static inline void set_index_ipoly_all(const set_index_t *t, uint64_t block, int nb, uint64_t w[4])
{
	w[0] = w[1] = w[2] = w[3] = 0;
	for (int j = 0; j < nb; j++) {
		const uint64_t *e = t->all[j][(block >> (8 * j)) & 255];
		w[0] ^= e[0];
		w[1] ^= e[1];
		w[2] ^= e[2];
		w[3] ^= e[3];
	}
}

/* Degree k's residue (1 <= k <= 16) out of set_index_ipoly_all's lanes. */
static inline uint32_t set_index_lane(const uint64_t w[4], int k)
{
	return (uint32_t)(w[(k - 1) >> 2] >> (16 * ((k - 1) & 3))) & 0xffffu;
}

void set_index_init(set_index_t *t);

static inline uint32_t set_index_ipoly(const set_index_t *t, uint64_t block, int k)
{
	const uint32_t (*tk)[256] = t->tab[k];
	return tk[0][block & 255] ^ tk[1][(block >> 8) & 255] ^ tk[2][(block >> 16) & 255]
		^ tk[3][(block >> 24) & 255] ^ tk[4][(block >> 32) & 255] ^ tk[5][(block >> 40) & 255]
		^ tk[6][(block >> 48) & 255] ^ tk[7][block >> 56];
}

/* Set of `block` among 2^k sets under fn (k = 0: one set). */
static inline uint32_t set_index_of(const set_index_t *t, enum set_index_fn fn, uint64_t block, int k)
{
	if (k == 0)
		return 0;
	return fn == SETIDX_LINEAR ? (uint32_t)(block & ((1ULL << k) - 1)) : set_index_ipoly(t, block, k);
}

#endif
