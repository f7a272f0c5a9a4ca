/*
 * test_bdi.c -- models/bdi.c against hand-worked 128-byte blocks in the style of the BΔI
 * paper's examples [Pekhimenko et al., PACT 2012, Fig. 3: pointers with small deltas; Fig. 4:
 * small integers mixed with pointers, which need the implicit zero base; Table 2: sizes], the
 * Morpheus §4.3.1 level boundaries, and a seeded random cross-check against an independent
 * re-implementation written here (signed arithmetic on sign-extended values instead of the
 * model's modular range test).
 */
#include <stdint.h>
#include <string.h>

#include <gsl/gsl_rng.h>

#include "bdi.h"
#include "support/check.h"

static void put64(uint8_t *b, int i, uint64_t v)
{
	for (int j = 0; j < 8; j++)
		b[8 * i + j] = (uint8_t)(v >> (8 * j));
}

static void put16(uint8_t *b, int i, uint16_t v)
{
	b[2 * i] = (uint8_t)v;
	b[2 * i + 1] = (uint8_t)(v >> 8);
}

static uint32_t fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

/* Independent reference: sign-extend every k-byte value and every wrapped delta to int64 and
 * compare with the d-byte range [-2^(8d-1), 2^(8d-1) - 1]. */
static int64_t sext(uint64_t v, int k)
{
	if (k == 8)
		return (int64_t)v;
	uint64_t m = ((uint64_t)1 << (8 * k)) - 1, s = (uint64_t)1 << (8 * k - 1);
	v &= m;
	return v & s ? (int64_t)v - (int64_t)(m + 1) : (int64_t)v;
}

static int in_range(int64_t x, int d)
{
	int64_t lo = -((int64_t)1 << (8 * d - 1)), hi = ((int64_t)1 << (8 * d - 1)) - 1;
	return x >= lo && x <= hi;
}

static size_t ref_size(const uint8_t *b, size_t bytes)
{
	static const int kd[6][2] = { { 8, 1 }, { 8, 2 }, { 8, 4 }, { 4, 1 }, { 4, 2 }, { 2, 1 } };
	int zero = 1, rep = 1;
	for (size_t i = 0; i < bytes; i++)
		zero &= b[i] == 0;
	for (size_t i = 8; i < bytes; i++)
		rep &= b[i] == b[i % 8];
	if (zero)
		return 1;
	if (rep)
		return 8;
	size_t best = bytes;
	for (int p = 0; p < 6; p++) {
		int k = kd[p][0], d = kd[p][1], ok = 1, hb = 0;
		uint64_t base = 0;
		for (size_t o = 0; o < bytes && ok; o += (size_t)k) {
			uint64_t v = 0;
			memcpy(&v, b + o, (size_t)k);             /* little-endian host (x86, arm64) */
			if (in_range(sext(v, k), d))
				continue;
			if (!hb) {
				hb = 1;
				base = v;
				continue;
			}
			ok = in_range(sext(v - base, k), d);
		}
		size_t sz = (size_t)k + bytes / (size_t)k * (size_t)d;
		if (ok && sz < best)
			best = sz;
	}
	return best;
}

int main(void)
{
	uint8_t b[128];
	uint32_t w[32];
	enum bdi_enc e;

	/* Table 2 "Zeros": 1 byte, high. */
	memset(b, 0, sizeof b);
	CHECK_INT(bdi_size(b, 128, &e), 1, "PACT 2012 Table 2: zeros = 1 B");
	CHECK_INT(e, BDI_ZEROS, "all-zero block");
	CHECK_INT(bdi_level_of(bdi_size(b, 128, NULL), 128), BDI_HIGH, "1 B <= 32 B: Morpheus high");

	/* Table 2 "Repeated values": the 4-byte value 7 everywhere = the 8-byte 0x0000000700000007. */
	for (int i = 0; i < 32; i++)
		w[i] = 7;
	CHECK_INT(bdi_size_words(w, 32, &e), 8, "PACT 2012 Table 2: repeated values = 8 B");
	CHECK_INT(e, BDI_REP, "repeated 8-byte value");

	/* Fig. 3 style: 16 8-byte pointers 0xC04039C0 + 8i: base 0xC04039C0, deltas 0..120 fit one
	 * byte -> B8Δ1 = 8 + 16 x 1 = 24 B (high). */
	for (int i = 0; i < 16; i++)
		put64(b, i, 0xC04039C0ULL + 8u * (unsigned)i);
	CHECK_INT(bdi_size(b, 128, &e), 24, "hand-worked: B8D1 = 8 + 16 x 1");
	CHECK_INT(e, BDI_B8D1, "pointer block, stride 8");
	CHECK_INT(bdi_level_of(24, 128), BDI_HIGH, "24 <= 32");

	/* Stride 16: the last delta is 240 > 127, so B8Δ1 fails; B4Δ1 fails too (low words differ
	 * by up to 240); B8Δ2 = 8 + 16 x 2 = 40 B (low). */
	for (int i = 0; i < 16; i++)
		put64(b, i, 0xC04039C0ULL + 16u * (unsigned)i);
	CHECK_INT(bdi_size(b, 128, &e), 40, "hand-worked: B8D2 = 8 + 16 x 2");
	CHECK_INT(e, BDI_B8D2, "pointer block, stride 16");
	CHECK_INT(bdi_level_of(40, 128), BDI_LOW, "40 <= 64");

	/* Fig. 4 style: small integers i interleaved with pointers 0x09A40178 + 4i (4-byte words).
	 * With the zero base the small integers cost one byte each, the pointers one byte of delta
	 * from 0x09A40178: B4Δ1 = 4 + 32 x 1 = 36 B (low).  8-byte values mix a pointer in the high
	 * half with an integer in the low half, deltas (4i << 32) + i need > 4 bytes. */
	for (int i = 0; i < 16; i++) {
		w[2 * i] = (uint32_t)i;
		w[2 * i + 1] = 0x09A40178u + 4u * (unsigned)i;
	}
	CHECK_INT(bdi_size_words(w, 32, &e), 36, "hand-worked: B4D1 = 4 + 32 x 1 with the zero base");
	CHECK_INT(e, BDI_B4D1, "small ints mixed with pointers");
	/* Without the zero base it would not compress: a second pointer range breaks it. */
	w[4] = 0x12345678u;
	CHECK_INT(bdi_size_words(w, 32, &e), 128, "a third cluster: no two-base encoding fits");
	CHECK_INT(e, BDI_UNCOMP, "three clusters");

	/* Floats j/256, j = 0..31 (PolyBench A[1][j] = 1*j/N): exponents change along the row,
	 * 0x3B800000 (1/256) .. 0x3DF80000 (31/256), deltas ~0x2780000 need 4 bytes at k = 4; the
	 * 16-bit halves: low halves are 0, high halves 0x3B80..0x3DF8 differ by up to 0x278 > 127.
	 * Nothing fits: uncompressed. */
	for (int j = 0; j < 32; j++)
		w[j] = fbits((float)j / 256.0f);
	CHECK_INT(w[1], 0x3B800000u, "IEEE 754: 1/256 = 2^-8");
	CHECK_INT(bdi_size_words(w, 32, &e), 128, "hand-worked: float row of i*j/N, i = 1, not compressible");
	CHECK_INT(bdi_level_of(128, 128), BDI_NONE, "128 B: uncompressed");

	/* Row i = 0 of the same formula: all zeros. */
	for (int j = 0; j < 32; j++)
		w[j] = fbits(0.0f * (float)j / 256.0f);
	CHECK_INT(bdi_size_words(w, 32, NULL), 1, "row 0 of i*j/N is zeros");

	/* B2Δ1: 64 16-bit values 1000 + i: 2 + 64 = 66 B, smaller than 128 but above 64: not even
	 * 2-fold (Morpheus' levels), so the level is uncompressed. */
	for (int i = 0; i < 64; i++)
		put16(b, i, (uint16_t)(1000 + i));
	CHECK_INT(bdi_size(b, 128, &e), 66, "hand-worked: B2D1 = 2 + 64 x 1");
	CHECK_INT(e, BDI_B2D1, "16-bit ramp");
	CHECK_INT(bdi_level_of(66, 128), BDI_NONE, "66 > 64: uncompressed level");

	/* Signed one-byte delta bounds: +127 and -128 fit, +128 does not (base 0x1234567800: the
	 * 4-byte low words then differ by 128 too, so B4Δ1 fails as well and B8Δ2 remains). */
	for (int i = 0; i < 16; i++)
		put64(b, i, 0x1234567800ULL + (i == 5 ? 127u : 0u));
	put64(b, 9, 0x1234567800ULL - 128u);
	CHECK_INT(bdi_size(b, 128, &e), 24, "deltas +127 and -128 fit one signed byte");
	put64(b, 5, 0x1234567800ULL + 128u);
	CHECK_INT(bdi_size(b, 128, &e), 40, "delta +128 needs two bytes: B8D2");

	/* Level boundaries (Morpheus §4.3.1: 4-fold into 32 B, 2-fold into 64 B). */
	CHECK_INT(bdi_level_of(32, 128), BDI_HIGH, "32 B is 4-fold");
	CHECK_INT(bdi_level_of(33, 128), BDI_LOW, "33 B is not");
	CHECK_INT(bdi_level_of(64, 128), BDI_LOW, "64 B is 2-fold");
	CHECK_INT(bdi_level_of(65, 128), BDI_NONE, "65 B is not");
	CHECK_INT(bdi_level_of(16, 64), BDI_HIGH, "64-byte block: 16 B is 4-fold");

	/* Smaller blocks: PACT 2012 Table 2 sizes for 32-byte blocks: B8Δ1 12, B4Δ1 12. */
	for (int i = 0; i < 4; i++)
		put64(b, i, 0xC04039C0ULL + 8u * (unsigned)i);
	CHECK_INT(bdi_size(b, 32, &e), 12, "PACT 2012 Table 2: B8D1 = 12 B for 32-byte blocks");
	CHECK_STR(bdi_enc_name(BDI_B4D2), "b4d2", "names");

	/* Seeded random blocks near the encodings' boundaries vs the reference above. */
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 12345);
	int agree = 0, n = 20000, nontrivial = 0;
	for (int t = 0; t < n; t++) {
		int k = 2 << gsl_rng_uniform_int(r, 3);                 /* 2, 4, 8 */
		int span = 1 << gsl_rng_uniform_int(r, 20);             /* delta magnitude */
		uint64_t base = gsl_rng_get(r) * 0x9E3779B97F4A7C15ULL;
		for (int i = 0; i < 128 / k; i++) {
			uint64_t v;
			double u = gsl_rng_uniform(r);
			if (u < 0.2)
				v = gsl_rng_uniform_int(r, 300);                /* small (zero base) */
			else if (u < 0.25)
				v = gsl_rng_get(r) * 0x2545F4914F6CDD1DULL;     /* outlier */
			else
				v = base + (uint64_t)((long)gsl_rng_uniform_int(r, 2ul * (unsigned long)span) - span);
			memcpy(b + i * k, &v, (size_t)k);
		}
		size_t got = bdi_size(b, 128, NULL), want = ref_size(b, 128);
		agree += got == want;
		nontrivial += got < 128;
	}
	gsl_rng_free(r);
	CHECK_INT(agree, n, "independent reference implementation, 20000 seeded blocks");
	CHECK(nontrivial > n / 10 && nontrivial < n - n / 10, "the random blocks exercise both outcomes");
	return check_summary("bdi");
}
