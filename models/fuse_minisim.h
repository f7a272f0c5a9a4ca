/*
 * fuse_minisim.h -- the FUSE hybrid L1 simulated in miniature on a profile's spatially sampled
 * l1 stream (profile_t.fuse_sample; Waldspurger et al., "Cache Modeling and Optimization using
 * Miniature Simulations", USENIX ATC 2017).
 *
 * Sampling (Waldspurger §3): a block is in the sample with all its accesses when its hash is
 * below R x 2^24; a cache of C blocks is emulated by one of R C blocks fed the sampled
 * accesses, and its hit ratio estimates the full cache's.  For a set-associative bank the
 * emulated cache keeps the ways and has R x sets sets: with a uniform set-index hash the sampled
 * blocks per set have the full cache's distribution (each set receives Bin(F, 1/S) blocks of a
 * footprint F; sampled, Bin(R F, 1 / (R S)): the same mean, and the same Poisson limit).
 * R is chosen per design point: R_eff = floor(S R) / S <= R (the stored keys subsampled to the
 * lower threshold) so that the miniature SRAM has a whole number of sets; the STT bank then has
 * round(R_eff C_T) blocks (FA) or round(R_eff S_T) sets.
 *
 * The rules simulated (FUSE HPCA 2019, ../shared/papers/004):
 *   SRAM bank: set-associative LRU.                                          [Table I]
 *   Set index: one hash of the block for both banks, modulo each bank's sets (as both banks
 *     take their index from the same address bits: with Table I's 64 and 256 sets the STT
 *     set of a block is one of the four that share its SRAM set's index bits, so an SRAM
 *     set's victims crowd the same few STT sets).
 *   STT bank: approximate fully associative with FIFO replacement (§V "we employ FIFO as the
 *     replacement policy of STT-MRAM bank"; hits do not reorder), or set-associative LRU.
 *   Exclusive banks: one copy of a block, in SRAM or STT (§III-A "only single data copy").
 *   Hit in SRAM: served.  Hit in STT: a read is served in place, no promotion (§IV-A "if the
 *     hit is on STT-MRAM, the arbitrator ... services the request from STT-MRAM"); a write shows
 *     the block is not WORM, and with migration on under a predictor it moves the block to SRAM
 *     (§III-A "migrates data from STT-MRAM to SRAM right away"; its SRAM victim to STT), else
 *     it is written in place (a tag-queue flush, §IV-A).
 *   Miss, no predictor: fill SRAM; the SRAM victim moves to STT through the swap buffer
 *     (§III-A, the victim-buffer placement of Hybrid / Base-FUSE / FA-FUSE).
 *   Miss, predictor: WM and read-intensive (RI) -> SRAM (victim to STT), WORM -> STT, WORO ->
 *     bypass (§III-A, §IV-A, §IV-B).  Accuracy q: a share 1 - q of the blocks, drawn by a hash
 *     of the block, is mispredicted: WM, RI, WORO -> as WORM; WORM -> as WM.  Oracle: q = 1,
 *     classes from each block's own read and write counts over the stream (profile.h classes).
 *   Pure STT (By-NVM): every fill to STT except predicted-WORO blocks (dead-write bypass).
 * Classes of a sampled block come from its own counts in the sample, which holds every access
 * of the block on that SM: the same as the full stream's.
 */
#ifndef GPUDSE_FUSE_MINISIM_H
#define GPUDSE_FUSE_MINISIM_H

#include "profile.h"

/* Set-index hash functions (and predictor error draws) the miniature is averaged over: the
 * full cache's hit ratio depends on which blocks share a set, and the model predicts the
 * expectation over hash functions (as uniform hashing does), not one draw of it. */
#define FUSE_MINI_HASHES 4

enum fuse_place { FUSE_PLACE_VICTIM = 0, FUSE_PLACE_PREDICTOR, FUSE_PLACE_ORACLE };

/* A full-size organisation, per SM. */
typedef struct fuse_mini_org {
	double sram_blocks;      /* 0: no SRAM bank (pure STT) */
	int sram_ways;
	double stt_blocks;
	int stt_fa;              /* 1: FIFO, approximately fully associative; 0: set-assoc LRU */
	int stt_ways;            /* set-associative STT */
	int placement;           /* enum fuse_place */
	double q;                /* predictor accuracy (placement PREDICTOR) */
	int migrate;             /* write hit in STT moves the block to SRAM (with a predictor) */
} fuse_mini_org_t;

/* Events per sampled access (estimates of the full cache's per-access rates). */
typedef struct fuse_mini_rates {
	double h_sram, h_stt;    /* hits in each bank */
	double h_sram_write;     /* of the SRAM hits, writes */
	double stt_fill;         /* misses placed directly in STT */
	double stt_evict;        /* SRAM victims moved to STT */
	double stt_update;       /* write hits in STT written in place */
	double migrations;       /* write hits in STT moved to SRAM */
	double sram_fill;        /* SRAM fills: misses placed in SRAM and migrations in */
	double se_h;             /* standard error of h_sram + h_stt between the sampled SMs
	                            (0 with one SM) */
	double refs;             /* sampled accesses simulated */
	double rate;             /* R_eff, the sampling rate simulated */
} fuse_mini_rates_t;

/* Per-key read-level class of the sample (RL_* of profile.h), computed once per workload.
 * cls must hold s->n_keys entries. */
void fuse_mini_classes(const profile_minisample_t *s, unsigned char *cls);

/* R_eff, the rate fuse_mini_run simulates org at (header). */
double fuse_mini_rate(const profile_minisample_t *s, const fuse_mini_org_t *o);

/* Simulate org in miniature.  0, or -1 on bad arguments or out of memory (the working arrays,
 * O(keys + miniature blocks), are allocated per call: callers memoise per organisation). */
int fuse_mini_run(const profile_minisample_t *s, const unsigned char *cls, const fuse_mini_org_t *o,
                  fuse_mini_rates_t *out);

#endif
