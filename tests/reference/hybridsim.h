/*
 * hybridsim.h -- functional simulation of a FUSE hybrid L1 (one SM) for tests/unit/test_fuse.c.
 *
 * SRAM bank: set-associative LRU.  STT bank: fully associative FIFO (the approximate FA bank,
 * §III-B) or set-associative LRU.  Exclusive: a block lives in one bank.  Set index: a hash of
 * the block (splitmix64's finaliser), as hashed L1 indexing does and as the models assume
 * (uniform hashing, reuse.h); with block mod sets, the test generator's contiguous pools fill
 * the sets evenly, far better than any hash, and a 4-way pure-STT L1 hit 0.044 more than Smith's
 * model of the same cache.
 * Read-level class of a block from the trace's own counts over the whole trace (an oracle: the
 * "future write counts"), as src/profiling/profiler.c defines them: WM writes >= 2; else reads >= 2:
 * RI if written once, WORM if never written; else WORO.
 *
 * Policy (FUSE §III-A, §IV-A):
 *   hit in SRAM: served there.
 *   hit in STT: a read is served in place (no promotion: §IV-A, "if the hit is on STT-MRAM,
 *     the arbitrator ... services the request from STT-MRAM"); a write shows the block is not
 *     WORM (only WM and RI blocks are ever written), and under the predictor it migrates the
 *     block to SRAM "right away" (§III-A; its SRAM victim goes to STT); without the predictor,
 *     or with no_migrate, it is written in place (an "update", a tag-queue flush, §IV-A).
 *   miss: predictor off: fill SRAM, the SRAM victim goes to STT.  Predictor on (the oracle
 *     classes, or with pred_acc < 1 a hashed share of the blocks mispredicted):
 *     WM, RI -> SRAM (victim to STT); WORM -> STT; WORO -> bypass.  Pure STT: every fill to STT
 *     except WORO (bypassed).  An STT fill into a full bank drops the FIFO head / LRU way.
 */
#ifndef GPUDSE_HYBRIDSIM_H
#define GPUDSE_HYBRIDSIM_H

#include <stddef.h>
#include <stdint.h>

typedef struct hs_ref {
	uint64_t block;
	int is_write;
} hs_ref_t;

typedef struct hs_cfg {
	int sram_sets, sram_ways;   /* 0 sets: no SRAM bank (pure STT) */
	int stt_blocks;             /* STT capacity, blocks */
	int stt_fa;                 /* 1: fully associative FIFO; 0: set-associative LRU */
	int stt_ways;               /* set-associative STT: ways (stt_blocks / stt_ways sets) */
	int predictor;              /* 1: read-level placement */
	double pred_acc;            /* share of blocks whose class the predictor gets right (0: 1, an
	                               oracle); the others, chosen by a hash of the block: WM, RI -> STT
	                               (as WORM), WORM -> SRAM, WORO -> STT (as WORM), as fuse.c */
	int no_migrate;             /* 1: a write hit in STT is written in place even under the
	                               predictor (the migration switched off); 0: §IV-A migration */
	uint64_t seed;              /* draws the set-index hash and the mispredicted blocks: hash of
	                               block + seed x 0x9E3779B97F4A7C15 (0: the block itself), so a
	                               test can average over hash functions as the models do */
} hs_cfg_t;

typedef struct hs_result {
	long acc;                   /* accesses */
	long h_sram, h_stt, miss;
	long stt_write;             /* fills + victims + updates */
	long stt_fill, stt_evict, stt_update, migrations;
	long cls_acc[4];            /* accesses per class (WM, RI, WORM, WORO) */
	long cls_h_sram[4], cls_h_stt[4]; /* hits per class in each bank */
} hs_result_t;

/* Simulate refs[0..n).  0, or -1 on bad configuration / allocation failure. */
int hs_run(const hs_cfg_t *cfg, const hs_ref_t *refs, size_t n, hs_result_t *out);

#endif
