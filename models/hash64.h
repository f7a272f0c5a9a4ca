/*
 * hash64.h -- the two 64-bit integer finalisers (bijective avalanche mixers) the tool uses to
 * spread keys over hash-table slots and to draw counter-based random numbers.  Every bit of
 * the input flips each output bit with probability close to 1/2, which plain multiplicative
 * hashing does not give for keys that differ only in their high bits (doubles, line numbers
 * with a common stride).
 *
 *   hash64_fmix:     MurmurHash3's fmix64 [Appleby, MurmurHash3, 2011]:
 *                    x ^= x >> 33; x *= 0xff51afd7ed558ccd; x ^= x >> 33;
 *                    x *= 0xc4ceb9fe1a85ec53; x ^= x >> 33.
 *   hash64_splitmix: SplitMix64's output function [Steele, Lea, Flood, "Fast splittable
 *                    pseudorandom number generators", OOPSLA 2014] (Stafford's "Mix13"):
 *                    x ^= x >> 30; x *= 0xbf58476d1ce4e5b9; x ^= x >> 27;
 *                    x *= 0x94d049bb133111eb; x ^= x >> 31.
 *                    SplitMix64 itself adds the golden-ratio increment 0x9e3779b97f4a7c15
 *                    first; callers that want the generator's value add it (or their own salt).
 *
 * Pure functions; the values are part of the shipped profiles (SHARDS sample membership, the
 * generators' synthetic contents, the mini-simulation's sample), so they must never change.
 */
#ifndef GPUDSE_HASH64_H
#define GPUDSE_HASH64_H

#include <stdint.h>

static inline uint64_t hash64_fmix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return x;
}

static inline uint64_t hash64_splitmix(uint64_t x)
{
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

#endif
