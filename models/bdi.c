/*
 * bdi.c -- Base-Delta-Immediate (BΔI) block compression [Pekhimenko et al., PACT 2012].
 *
 * A block of S bytes is viewed as n = S/k little-endian k-byte values v_0..v_{n-1}
 * (k = 8, 4, 2).  Encoding (k, d) fits when every value is within a signed d-byte delta of one
 * of two bases [PACT 2012 §4.2, "BΔI" with an implicit zero base]:
 *     fits(v_i)  <=>  -2^(8d-1) <= sext_k(v_i) < 2^(8d-1)             (zero base)
 *                  or -2^(8d-1) <= sext_k(v_i - B) < 2^(8d-1)         (explicit base B)
 * where B is the first value that the zero base does not cover (§4.2: "the first non-zero
 * value" policy; a block the zero base covers entirely needs no B) and sext_k is the k-byte
 * two's-complement wrap-around.  Its size is  k + n d  bytes (Table 2: e.g. B8Δ1 = 12/16 B for
 * 32/64-byte blocks; for our 128-byte blocks 24 B).  Special cases (Table 2): all zeros -> 1 B,
 * one repeated 8-byte value -> 8 B.  The block's size is the smallest that fits, else S.
 *
 * Encodings tried (k, d): (8,1) (8,2) (8,4) (4,1) (4,2) (2,1), the six of Table 2.  For a
 * 128-byte block the sizes are 24, 40, 72, 36, 68, 66 bytes.
 *
 * Levels [Morpheus §4.3.1]: high if size <= S/4 (a 128 B block in 32 B), low if size <= S/2,
 * else uncompressed.  So for S = 128: zeros, repeated values and B8Δ1 are high; B8Δ2 and
 * B4Δ1 are low; B8Δ4, B4Δ2 and B2Δ1 (66-72 B) do not reach 2x.
 *
 * Assumptions: Morpheus' §4.3.1 text describes 4-byte segments; we run the full BΔI search
 * (all six (k, d) pairs) as PACT 2012 does, which is a superset (every 4-byte encoding is
 * tried).  Metadata (encoding id, per-value base bit) is not counted in the size (Table 2).
 */
#include "bdi.h"

#include <assert.h>
#include <string.h>

/* k-byte little-endian value at byte offset o. */
static uint64_t load_le(const uint8_t *b, size_t o, int k)
{
	uint64_t v = 0;
	for (int i = k - 1; i >= 0; i--)
		v = v << 8 | b[o + (size_t)i];
	return v;
}

/* Does x, a k-byte value, lie in [-2^(8d-1), 2^(8d-1)) as a k-byte two's-complement number? */
static int fits_signed(uint64_t x, int k, int d)
{
	if (d >= k)
		return 1;
	uint64_t mask = k == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * k)) - 1;
	x &= mask;
	uint64_t half = (uint64_t)1 << (8 * d - 1);
	/* x in [0, half) or x in [2^(8k) - half, 2^(8k)) modulo the k-byte width */
	return x < half || ((x + half) & mask) < half;   /* PACT 2012 §4.2: signed d-byte delta */
}

/* Does encoding (k, d) fit the block?  Two bases: zero and the first value zero misses. */
static int bd_fits(const uint8_t *b, size_t bytes, int k, int d)
{
	int have_base = 0;
	uint64_t base = 0;
	for (size_t o = 0; o < bytes; o += (size_t)k) {
		uint64_t v = load_le(b, o, k);
		if (fits_signed(v, k, d))                      /* implicit zero base */
			continue;
		if (!have_base) {                              /* first value the zero base misses */
			base = v;
			have_base = 1;
			continue;
		}
		if (!fits_signed(v - base, k, d))              /* delta from the explicit base */
			return 0;
	}
	return 1;
}

static const struct { int k, d; enum bdi_enc e; } bdi_pairs[] = {
	{ 8, 1, BDI_B8D1 }, { 8, 2, BDI_B8D2 }, { 8, 4, BDI_B8D4 },
	{ 4, 1, BDI_B4D1 }, { 4, 2, BDI_B4D2 }, { 2, 1, BDI_B2D1 },
};

size_t bdi_size(const uint8_t *b, size_t bytes, enum bdi_enc *enc)
{
	assert(b && bytes >= 8 && bytes % 8 == 0 && bytes <= BDI_MAX_BYTES);
	enum bdi_enc best_e = BDI_UNCOMP;
	size_t best = bytes;
	int zero = 1, rep = 1;
	uint64_t first = load_le(b, 0, 8);
	for (size_t o = 0; o < bytes; o += 8) {
		uint64_t v = load_le(b, o, 8);
		zero &= v == 0;
		rep &= v == first;
	}
	if (zero) {                                        /* Table 2: zeros, 1 byte */
		best = 1;
		best_e = BDI_ZEROS;
	} else if (rep) {                                  /* Table 2: repeated values, 8 bytes */
		best = 8;
		best_e = BDI_REP;
	} else {
		for (size_t i = 0; i < sizeof bdi_pairs / sizeof bdi_pairs[0]; i++) {
			int k = bdi_pairs[i].k, d = bdi_pairs[i].d;
			size_t sz = (size_t)k + bytes / (size_t)k * (size_t)d;   /* Table 2: k + n d */
			if (sz < best && bd_fits(b, bytes, k, d)) {
				best = sz;
				best_e = bdi_pairs[i].e;
			}
		}
	}
	if (enc)
		*enc = best_e;
	return best;
}

size_t bdi_size_words(const uint32_t *w, size_t nwords, enum bdi_enc *enc)
{
	uint8_t b[BDI_MAX_BYTES];
	assert(nwords * 4 <= BDI_MAX_BYTES);
	for (size_t i = 0; i < nwords; i++)
		for (int j = 0; j < 4; j++)
			b[4 * i + (size_t)j] = (uint8_t)(w[i] >> (8 * j));
	return bdi_size(b, nwords * 4, enc);
}

enum bdi_level bdi_level_of(size_t size, size_t bytes)
{
	if (4 * size <= bytes)                             /* Morpheus §4.3.1: 4-fold */
		return BDI_HIGH;
	if (2 * size <= bytes)                             /* 2-fold */
		return BDI_LOW;
	return BDI_NONE;
}

const char *bdi_enc_name(enum bdi_enc e)
{
	static const char *const n[] = { "zeros", "rep", "b8d1", "b8d2", "b8d4", "b4d1", "b4d2",
	                                 "b2d1", "uncompressed" };
	return (unsigned)e <= BDI_UNCOMP ? n[e] : "?";
}
