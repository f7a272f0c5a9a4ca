/*
 * profiler.h -- the one place a profile_t is built: a streaming builder fed access by access.
 *
 * The plain-text trace reader (src/profiling/trace_text.c), the Accel-Sim importer and the workload
 * generators all feed the same calls, in trace order:
 *
 *   profiler_opts_t o; profiler_opts_default(&o); o.block_bytes = 128;
 *   profiler_t *pb = profiler_alloc(&o);
 *   profiler_access(pb, sm, is_write, byte_addr, pc);   // one L1 request (one block)
 *   profiler_sectors(pb, sm, byte_addr, sector_mask, is_write, bypass_l1); // optional: its 32 B sectors
 *   profiler_sector_flush(pb);                          // optional: a kernel ended (L1s flushed)
 *   profiler_insts(pb, sm, ninst, nmem, nsect);         // optional instruction counts
 *   profiler_regs(pb, sm, warp, dst, srcs, nsrc);       // optional register operands
 *   profiler_tensor(pb, sm, n);                         // optional tensor-core count
 *   profiler_compressibility(pb, high, low, none);      // optional BDI shares (generators)
 *   shape_acc_*(profiler_shape(pb), ...);                // optional launch and code shape
 *   profiler_finish(pb, &profile);                      // fills a profile_t (caller frees)
 *   profiler_free(pb);
 *
 * What it computes (docs/profile-format.md describes the result field by field):
 *  - exact LRU stack distances [Mattson 1970] per stream in O(log) per access, one LRU stack
 *    per cache (src/profiling/lru_stack.h: a hash map block -> last-use position, a bit map of live
 *    positions with chunk counts, an MRU front); memory is O(footprint), not O(trace length);
 *  - streams "l1" (each SM separately, pooled), "group:G" (consecutive SMs [kG, (k+1)G)
 *    merged, pooled over k) for the requested G < n_sm, and "global" (all SMs merged);
 *  - optionally (opts.write_evict) a second stack-distance histogram sd_we per L1-level
 *    stream (l1, group:G) for write-evict L1s, from a second LRU stack per unit;
 *  - reuse times (accesses of the same stream strictly between two uses of a block) per stream;
 *  - histogram bins: exact for d < 64, then 16 log-spaced bins per octave with integer edges
 *    round(2^(k + j/16)), so every power of two is an edge;
 *  - read-level classes (FUSE §III-A, our reading in docs/profile-format.md) from each (SM,
 *    block)'s read and write counts, and the l1 stream's stack distances per class;
 *  - per-home access shares (block index mod Y) for Y in PROFILER_HOMES;
 *  - register reuse distances (Malekeh §III-A, Fig. 1): for each source operand, the number
 *    of dynamic instructions of the same warp since the register was last read or written.
 *
 * Speed: accesses are buffered in batches of 2^19, sorted by cache (per level), and each
 * cache's run is processed by one of opts.threads workers while the caller's thread reads and
 * sorts the next batch (src/profiling/profiler.c, "batches"); the profile is the same for any number of
 * threads.  The global and group levels are created lazily (as copies) when the first SM
 * outside their unit 0 appears, so single-SM traces pay for one level, and a unit that holds
 * exactly another level's SMs shares its stack.  Memory: about 80-150 bytes per distinct
 * block per stream (32-byte slots, hash maps at most half full, 4 position slots per live
 * block), plus up to 72 MB of batch buffers once a trace fills them (8-byte entries, 2^19 per
 * buffer, two buffers, one copy per group level); huge pages requested for the big maps.
 */
#ifndef GPUDSE_PROFILER_H
#define GPUDSE_PROFILER_H

#include <stdint.h>

#include "profile.h"
#include "profiling/noderec.h"

#define PROFILER_MAX_GROUPS 16
#define PROFILER_MAX_NODES 32          /* DC-L1 node geometries per profile */
#define PROFILER_NHOMES 11
#define PROFILER_NODE_SET_RATE 0.25    /* default node set-sampling share (nodesample.h) */
extern const int profiler_homes[PROFILER_NHOMES];   /* 2,4,5,8,10,16,20,32,40,64,80 */

typedef struct profiler_opts {
	int block_bytes;               /* cache block size, a power of two (default 128) */
	int n_sm;                      /* SMs; 0 = the largest SM id seen + 1 */
	int n_groups;                  /* -1 = default: every power of two 2..64 (kept if < n_sm) */
	int groups[PROFILER_MAX_GROUPS]; /* group sizes when n_groups >= 0 */
	int global;                    /* build the "global" stream (default 1) */
	const char *name;              /* profile name ("" if NULL) */
	const char *source;            /* provenance ("" if NULL) */
	double sample_rate;            /* SHARDS spatial sampling rate in (0, 1); 0 or 1 = exact
	                                  (src/profiling/shards.h: blocks hashed in or out, counts and
	                                  distances scaled by 1/rate, SHARDS_adj correction) */
	uint64_t sample_salt;          /* SHARDS hash salt (default 0): which blocks are sampled */
	int write_evict;               /* also build sd_we for the l1 and group:G streams: stack
	                                  distances of a write-evict L1 (DC-L1 Table II), where a
	                                  write is a miss (counted cold) that removes the block from
	                                  the stream's LRU stack, so its next access is cold; reads
	                                  as usual.  Every level is then built from the first access
	                                  (no lazy copies).  Not with sampling (alloc fails). */
	int setassoc;                  /* build the set-associative records (profile_setassoc_t, issue
	                                  17; default 0, the commands set 1): per-set LRU stack distances for 2^0 ..
	                                  2^sa_max_log sets, linear and IPOLY index, per stream (and
	                                  write-evict ones with write_evict).  Exact profiles only: a
	                                  sampled profile has none.  Built for the l1 and global
	                                  streams (the L1 and the LLC), every stream with
	                                  setassoc_all; those levels are then built from the first
	                                  access (no lazy copies, no shared units). */
	int fuse_sample;               /* build profile_t.fuse_sample, the FUSE miniature-simulation
	                                  stream (src/profiling/minisample.h; default 1) */
	int sector_reuse;              /* build sd_sector (default 1): FA LRU stack distances of the l1
	                                  and global streams at 32 B sector granularity, fed by
	                                  profiler_sectors (src/profiling/sector_reuse.h); absent
	                                  from the profile when no reader called profiler_sectors */
	int setassoc_all;              /* records for the group:G streams too (DC-L1 nodes) */
	int sector_groups;             /* the sectored-cache record (sector_rec.h) of the group:G
	                                  streams too, for a sectored LLC at fewer SMs than the
	                                  profile's (default 0: about +50% profiling CPU) */
	int sa_max_log;                /* largest log2(sets) recorded (default 15: a 4 MB direct-mapped
	                                  cache of 128 B blocks) */
	double node_set_rate;          /* sampled profiles (sample_rate < 1): share of each node
	                                  geometry's sets whose accesses are simulated exactly
	                                  (src/profiling/nodesample.h); 0 = PROFILER_NODE_SET_RATE */
	int n_nodes;                   /* DC-L1 node records (profile_t.nodes, noderec.h) to build: */
	noderec_cfg_t nodes[PROFILER_MAX_NODES]; /* one per organisation geometry; write-evict nodes
	                                  with write_evict.  Exact in exact profiles; in a sampled
	                                  profile set-sampled estimates (node_set_rate,
	                                  nodesample.h); fed on the reader's thread in trace order */
	int threads;                   /* threads processing the streams' stacks; 0 = one per
	                                  online CPU (at most 16).  The profile does not depend
	                                  on it. */
	int batch;                     /* accesses buffered per batch, 1 .. 2^19; 0 = 2^19.  The
	                                  profile does not depend on it; a small batch saves the
	                                  72 MB of buffers when traces are tiny (the fuzzers). */
} profiler_opts_t;

typedef struct profiler profiler_t;

void profiler_opts_default(profiler_opts_t *o);
/* NULL on allocation failure or invalid options (block_bytes not a power of two, group < 2). */
profiler_t *profiler_alloc(const profiler_opts_t *o);
void profiler_free(profiler_t *pb);

/* Return 0, or -1 when out of memory, -2 when sm is out of range (negative or >= opts.n_sm
 * when that was given).  A profiler that failed keeps failing. */
int profiler_access(profiler_t *pb, int sm, int is_write, uint64_t addr, uint64_t pc);
int profiler_insts(profiler_t *pb, int sm, double ninst, double nmem, double nsect);
/* The one sector hook: the 32 B sectors one request of SM sm touched in the 128 B line holding
 * byte address addr (whatever the profiler's block size): bit i of mask (1..15) = the sector at
 * line + 32 i.  Feeds both sector records: the FA sector-granular histograms sd_sector of the
 * l1 and global streams (sector_reuse.h, SHARDS-sampled like the block stacks) and the exact
 * sectored-cache record sector_sd / sector_sd_w (sector_rec.h; is_write: a store; bypass_l1: a
 * global atomic, which bypasses the L1 and is fed to the LLC's record only; exact profiles
 * only: a sampled profile has none, as it has no set records).  Call it beside
 * profiler_access for the same request; ignored in the class pass.  Return codes as
 * profiler_access, and -3 when mask is 0 or has bits above 3. */
int profiler_sectors(profiler_t *pb, int sm, uint64_t addr, uint32_t mask, int is_write, int bypass_l1);
/* dst < 0: no destination; srcs[i] < 0 are ignored. */
int profiler_regs(profiler_t *pb, int sm, long warp, int dst, const int *srcs, int nsrc);
int profiler_tensor(profiler_t *pb, int sm, double n);
/* A kernel launch ended: the sector record's L1s are flushed (sector_rec_flush). */
void profiler_sector_flush(profiler_t *pb);

/* Optional BDI compressibility of the trace's blocks (profile_t.comp_frac, Morpheus §4.3.1):
 * shares of distinct blocks compressible 4x (high), 2x (low) and not at all, as measured by
 * whoever knows the data (the workload generators: gen_compressibility).  The profile carries
 * them as given.  0, or -3 when a share is negative or they do not sum to 1 (within 1e-9). */
int profiler_compressibility(profiler_t *pb, double high, double low, double none);

/*
 * Optional second pass for exact per-class l1 histograms.  A block's read-level class is
 * known only at the end, so in one pass a reuse is counted in the class its block has so far.
 * After feeding the whole trace once, call profiler_class_pass and feed the same accesses
 * again (other records are ignored): the l1 stack distances are recomputed and each counted
 * in its block's final class.  Then profiler_finish as usual.  0, or -1 when out of memory.
 */
int profiler_class_pass(profiler_t *pb);

/* The launch and code-shape accumulator (shape_acc.h) the readers and generators feed per
 * instruction; profiler_finish moves it into profile_t.shape.  Never NULL. */
struct shape_acc;
struct shape_acc *profiler_shape(profiler_t *pb);

/* Accesses fed so far (for progress lines). */
uint64_t profiler_count(const profiler_t *pb);

/* Build the profile.  0, or -1 when out of memory.  `out` is overwritten (not freed first);
 * release it with profile_free.  The profiler can be freed afterwards, not fed further. */
int profiler_finish(profiler_t *pb, profile_t *out);

/* Histogram binning shared by everything that bins distances the profiler's way. */
int profiler_bin(uint64_t d);              /* bin index of distance d */
uint64_t profiler_bin_lo(int bin);         /* inclusive lower edge */
uint64_t profiler_bin_hi(int bin);         /* exclusive upper edge */

#endif
