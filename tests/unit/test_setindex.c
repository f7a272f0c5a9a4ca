/*
 * test_setindex.c -- the set-index functions (src/profiling/set_index.c).
 *
 * Expected values: GPGPU-Sim's ipoly_hash_function (src/gpgpu-sim/hashing.cc, branch dev of
 * accel-sim/gpgpu-sim_distribution), its bit equations for 16, 32 and 64 sets transcribed below
 * (a = block >> log2(sets), b = block mod sets), which our residue must equal for block
 * addresses inside GPGPU-Sim's truncation (17, 20, 25 bits); every polynomial of the table must
 * be irreducible (trial division), and the byte tables must equal the long division.
 */
#include <stdio.h>

#include "profiling/set_index.h"
#include "support/check.h"

#define B(x, i) ((unsigned)((x) >> (i)) & 1u)

static unsigned gpgpusim16(uint64_t blk)
{
	uint64_t a = blk >> 4;
	unsigned b = (unsigned)blk & 15, r = 0;
	r |= (B(a,11)^B(a,10)^B(a,9)^B(a,8)^B(a,6)^B(a,4)^B(a,3)^B(a,0)^B(b,0)) << 0;
	r |= (B(a,12)^B(a,8)^B(a,7)^B(a,6)^B(a,5)^B(a,3)^B(a,1)^B(a,0)^B(b,1)) << 1;
	r |= (B(a,9)^B(a,8)^B(a,7)^B(a,6)^B(a,4)^B(a,2)^B(a,1)^B(b,2)) << 2;
	r |= (B(a,10)^B(a,9)^B(a,8)^B(a,7)^B(a,5)^B(a,3)^B(a,2)^B(b,3)) << 3;
	return r;
}

static unsigned gpgpusim32(uint64_t blk)
{
	uint64_t a = blk >> 5;
	unsigned b = (unsigned)blk & 31, r = 0;
	r |= (B(a,13)^B(a,12)^B(a,11)^B(a,10)^B(a,9)^B(a,6)^B(a,5)^B(a,3)^B(a,0)^B(b,0)) << 0;
	r |= (B(a,14)^B(a,13)^B(a,12)^B(a,11)^B(a,10)^B(a,7)^B(a,6)^B(a,4)^B(a,1)^B(b,1)) << 1;
	r |= (B(a,14)^B(a,10)^B(a,9)^B(a,8)^B(a,7)^B(a,6)^B(a,3)^B(a,2)^B(a,0)^B(b,2)) << 2;
	r |= (B(a,11)^B(a,10)^B(a,9)^B(a,8)^B(a,7)^B(a,4)^B(a,3)^B(a,1)^B(b,3)) << 3;
	r |= (B(a,12)^B(a,11)^B(a,10)^B(a,9)^B(a,8)^B(a,5)^B(a,4)^B(a,2)^B(b,4)) << 4;
	return r;
}

static unsigned gpgpusim64(uint64_t blk)
{
	uint64_t a = blk >> 6;
	unsigned b = (unsigned)blk & 63, r = 0;
	r |= (B(a,18)^B(a,17)^B(a,16)^B(a,15)^B(a,12)^B(a,10)^B(a,6)^B(a,5)^B(a,0)^B(b,0)) << 0;
	r |= (B(a,15)^B(a,13)^B(a,12)^B(a,11)^B(a,10)^B(a,7)^B(a,5)^B(a,1)^B(a,0)^B(b,1)) << 1;
	r |= (B(a,16)^B(a,14)^B(a,13)^B(a,12)^B(a,11)^B(a,8)^B(a,6)^B(a,2)^B(a,1)^B(b,2)) << 2;
	r |= (B(a,17)^B(a,15)^B(a,14)^B(a,13)^B(a,12)^B(a,9)^B(a,7)^B(a,3)^B(a,2)^B(b,3)) << 3;
	r |= (B(a,18)^B(a,16)^B(a,15)^B(a,14)^B(a,13)^B(a,10)^B(a,8)^B(a,4)^B(a,3)^B(b,4)) << 4;
	r |= (B(a,17)^B(a,16)^B(a,15)^B(a,14)^B(a,11)^B(a,9)^B(a,5)^B(a,4)^B(b,5)) << 5;
	return r;
}

/* Polynomial remainder of a by m over GF(2). */
static uint32_t pmod(uint32_t a, uint32_t m)
{
	int dm = 31 - __builtin_clz(m);
	for (int i = 31; i >= dm; i--)
		if ((a >> i) & 1)
			a ^= m << (i - dm);
	return a;
}

int main(void)
{
	static set_index_t ix;
	set_index_init(&ix);
	int bad16 = 0, bad32 = 0, bad64 = 0;
	uint64_t x = 12345;
	for (int i = 0; i < 200000; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		uint64_t b = x >> 20;
		bad16 += set_index_ipoly(&ix, b & ((1u << 17) - 1), 4) != gpgpusim16(b & ((1u << 17) - 1));
		bad32 += set_index_ipoly(&ix, b & ((1u << 20) - 1), 5) != gpgpusim32(b & ((1u << 20) - 1));
		bad64 += set_index_ipoly(&ix, b & ((1u << 25) - 1), 6) != gpgpusim64(b & ((1u << 25) - 1));
	}
	CHECK(bad16 == 0, "GPGPU-Sim hashing.cc ipoly_hash_function, 16 sets");
	CHECK(bad32 == 0, "GPGPU-Sim hashing.cc ipoly_hash_function, 32 sets");
	CHECK(bad64 == 0, "GPGPU-Sim hashing.cc ipoly_hash_function, 64 sets");

	for (int k = 1; k <= SETIDX_MAX_LOG; k++) {
		uint32_t p = set_index_poly(k);
		int irreducible = (p >> k) == 1;
		for (uint32_t d = 2; d < (1u << (k / 2 + 1)) && irreducible; d++)
			if (pmod(p, d) == 0)
				irreducible = 0;
		if (!irreducible)
			printf("P_%d = 0x%x reducible\n", k, p);
		CHECK(irreducible, "trial division by every polynomial of degree <= k/2");
		int diff = 0;
		for (int i = 0; i < 20000; i++) {
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			diff += set_index_ipoly(&ix, x, k) != set_index_ipoly_slow(x, k);
			diff += set_index_ipoly(&ix, x, k) >= (1u << k);
		}
		CHECK(diff == 0, "long division (set_index_ipoly_slow) and the range 0..2^k-1");
		/* every degree at once (the profiler's records): the same residues, from blocks of
		 * every width (the lanes read only the block's nonzero bytes) */
		int dall = 0;
		for (int i = 0; i < 20000; i++) {
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			uint64_t b = x >> (i % 64);
			int nb = b ? (64 - __builtin_clzll(b) + 7) / 8 : 0;
			uint64_t w[4];
			set_index_ipoly_all(&ix, b, nb, w);
			dall += set_index_lane(w, k) != set_index_ipoly_slow(b, k);
		}
		CHECK(dall == 0, "set_index_ipoly_all lanes = long division, k = 1..16");
	}
	/* a power-of-two stride of 2^k blocks hits one linear set and spreads under IPOLY */
	int used[64] = { 0 }, nused = 0;
	for (uint64_t j = 0; j < 64; j++)
		used[set_index_of(&ix, SETIDX_IPOLY, (1024 + j) * 64, 6)]++;
	for (int s = 0; s < 64; s++)
		nused += used[s] > 0;
	CHECK(nused == 64, "Rau 1991: IPOLY is conflict-free for 2^n strides (64 blocks, 64 sets)");
	CHECK(set_index_of(&ix, SETIDX_LINEAR, 1000 * 64 + 5 * 64, 6) == 0, "bit selection: block mod 64");
	return check_summary("test_setindex");
}
