/*
 * bdi.h -- Base-Delta-Immediate compression of one cache block: its compressed size and the
 * Morpheus compression level it falls into.
 *
 * Source: G. Pekhimenko et al., "Base-Delta-Immediate Compression: Practical Data Compression
 * for On-Chip Caches", PACT 2012, §3-§4 (encodings: Table 2), as Morpheus (MICRO 2022,
 * ../shared/papers/000, §4.3.1) uses it for 128-byte extended-LLC blocks with the levels
 * high (fits 32 B, 4x), low (fits 64 B, 2x) and uncompressed.  Equations in bdi.c.
 * All functions are pure.
 */
#ifndef GPUDSE_BDI_H
#define GPUDSE_BDI_H

#include <stddef.h>
#include <stdint.h>

#define BDI_MAX_BYTES 128   /* largest block handled */

/* Compression levels of Morpheus §4.3.1 (the order of profile_t.comp_frac). */
enum bdi_level {
	BDI_HIGH = 0,   /* compressed size <= bytes/4 */
	BDI_LOW = 1,    /* compressed size <= bytes/2 */
	BDI_NONE = 2    /* stored uncompressed */
};

/* Which BDI encoding won (PACT 2012 Table 2). */
enum bdi_enc {
	BDI_ZEROS = 0,  /* every byte zero: 1 byte */
	BDI_REP,        /* one repeated 8-byte value: 8 bytes */
	BDI_B8D1, BDI_B8D2, BDI_B8D4, BDI_B4D1, BDI_B4D2, BDI_B2D1,
	BDI_UNCOMP      /* no encoding fits: the block's size */
};

/* Compressed size in bytes of the block `b` of `bytes` bytes (little-endian memory image; a
 * multiple of 8, at most BDI_MAX_BYTES): the smallest of the encodings that fit, with two
 * bases (the implicit zero base and one explicit base, PACT 2012 §4.2: "BΔI").  Size of a
 * base-delta encoding = base + (bytes/base) x delta; the per-element base-selection bits live
 * in the tag/metadata, as PACT 2012 Table 2 counts them.  enc (OUT, may be NULL): the encoding. */
size_t bdi_size(const uint8_t *b, size_t bytes, enum bdi_enc *enc /* OUT */);

/* Same for a block given as 4-byte words (bytes = 4 * nwords), stored little-endian. */
size_t bdi_size_words(const uint32_t *w, size_t nwords, enum bdi_enc *enc /* OUT */);

/* Level of a block of `bytes` bytes compressed to `size` bytes (Morpheus §4.3.1). */
enum bdi_level bdi_level_of(size_t size, size_t bytes);

/* Name of an encoding ("zeros", "rep", "b8d1", ..., "uncompressed"). */
const char *bdi_enc_name(enum bdi_enc e);

#endif
