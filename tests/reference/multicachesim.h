/*
 * multicachesim.h -- a functional multi-core cache simulator for the DC-L1 model (issue 4).
 *
 * Generates multi-SM block traces with controlled sharing, builds the profile the model reads
 * from them (exact LRU stack distances per stream by a Fenwick tree over positions, Bennett &
 * Kruskal 1975; per-home distributions), and replays them through the four organisations of
 * paper 001 (private, PrY, ShY, ShY+CZ) as real LRU caches, counting misses, misses that
 * another cache holds (the replication ratio of §II-A) and copies per resident line.
 *
 * Trace model: each access picks its SM uniformly at random (equal rates), then a pool: the
 * global shared pool with probability p_shared, the pool of its neighbourhood (consecutive
 * groups of local_group SMs) with probability p_local, else its private pool; the block is
 * uniform in the pool (independent reference model), or, with probability p_scan for the
 * shared pool, the next block of the SM's cyclic walk over it (streaming, time-correlated
 * sharing: the case the footprint model's independence assumptions fit least).  Pools are disjoint id ranges.  A
 * block's address is id * stride: a stride sharing factors with the home count puts every
 * line on a few homes (partition camping).
 */
#ifndef GPUDSE_MULTICACHESIM_H
#define GPUDSE_MULTICACHESIM_H

#include <stddef.h>
#include <stdint.h>

#include "profile.h"

typedef struct mcs_gen {
	int n_sm;               /* SMs */
	size_t per_sm;          /* accesses per SM (the trace has n_sm * per_sm) */
	double p_shared;        /* share of accesses to the global shared pool */
	int shared_blocks;      /* size of the shared pool */
	double p_local;         /* share of accesses to the neighbourhood pool */
	int local_group;        /* SMs per neighbourhood (divides n_sm; 0: no local pools) */
	int local_blocks;       /* size of each neighbourhood pool */
	int private_blocks;     /* size of each SM's private pool */
	int stride;             /* address = id * stride (>= 1) */
	double p_scan;          /* of the shared-pool accesses, the share that walk the pool in
	                           order (each SM its own cursor, starting at a random place) */
	double p_write;         /* share of accesses that are writes (drawn independently) */
	unsigned long seed;     /* GSL mt19937 seed */
} mcs_gen_t;

typedef struct mcs_trace {
	size_t n;               /* accesses */
	int n_sm;
	uint32_t *sm;           /* issuing SM per access */
	uint32_t *id;           /* block id per access (dense, < n_blocks) */
	uint8_t *wr;            /* 1: the access is a write */
	size_t n_blocks;        /* ids in use */
	int stride;             /* address = id * stride */
} mcs_trace_t;

/* 0 on success, -1 on bad parameters or allocation failure. */
int mcs_trace_gen(const mcs_gen_t *g, mcs_trace_t *t /* OUT */);
void mcs_trace_free(mcs_trace_t *t);

/* Profile of the trace: streams "l1" (group 1), "group:G" for every G in groups[] (each must
 * divide n_sm and lie in (1, n_sm)), "global" (group n_sm); per-home distributions for every
 * k in homes[].  Exact stack-distance histograms.  Release with profile_free.  0 or -1. */
int mcs_profile(const mcs_trace_t *t, const int *groups, int n_groups, const int *homes,
                int n_homes, int block_bytes, profile_t *p /* OUT */);

/* Append DC-L1 node records (profile_t.nodes, src/profiling/noderec.h) for configurations
 * cfg[0..n) to p, built from the trace with write-evict nodes when write_evict (else
 * allocate).  0 or -1. */
struct noderec_cfg;
int mcs_profile_nodes(const mcs_trace_t *t, const struct noderec_cfg *cfg, int n, int write_evict,
                      profile_t *p);

/* Re-bin every stream's histogram: exact bins below `exact_upto`, then `per_octave`
 * log-spaced bins per doubling (what a sampled profile looks like; keeps Smith-model curves
 * cheap).  Counts are preserved. 0 or -1. */
int mcs_profile_coarsen(profile_t *p, double exact_upto, int per_octave);

typedef struct mcs_result {
	double accesses;
	double misses;
	double miss_ratio;      /* misses / accesses (cold misses included) */
	double repl_misses;     /* misses whose line another cache held at the time */
	double replication;     /* repl_misses / misses (§II-A) */
	double copies;          /* time-average of resident lines / distinct resident lines */
} mcs_result_t;

/* Replay through organisation `org` (enum dcl1_org) with y nodes, z clusters, cap_core blocks
 * of L1 per core (each node holds n_sm * cap_core / y), `assoc` ways (0: fully associative;
 * the set index is a 64-bit hash of the address above the home bits, so sets are uniformly
 * loaded as Smith's model assumes).
 * 0, or -1 on an illegal organisation or allocation failure. */
int mcs_simulate(const mcs_trace_t *t, int org, int y, int z, int cap_core, int assoc,
                 mcs_result_t *r /* OUT */);

/* Set index of a node's cache (mcs_org_t.index). */
enum mcs_index { MCS_HASH = 0, MCS_LINEAR, MCS_IPOLY };

/* One organisation with its nodes' geometry spelled out (issue 17's DC-L1 domains): the home
 * of a block address a (= id * stride) is (a / gran) mod homes, the node stores it under the
 * node-local address (a / (gran homes)) gran + a mod gran, and picks its set from that by
 * `index` (hash: splitmix64; linear: the low bits; ipoly: the GF(2) residue, computed bit by
 * bit with set_index_ipoly_slow).  write_evict: a write misses, invalidates the block in the
 * writer's node and allocates nothing (no coherence between nodes, as GPU L1s).  sets: the
 * node's set count (0: capacity / ways as in mcs_simulate); ways 0: fully associative. */
typedef struct mcs_org {
	int org, y, z;
	int cap_core;           /* blocks of L1 per core (node capacity n_sm cap_core / y) */
	int assoc;
	int gran;               /* interleaving granularity, blocks (>= 1) */
	enum mcs_index index;
	int write_evict;
} mcs_org_t;

int mcs_simulate_org(const mcs_trace_t *t, const mcs_org_t *o, mcs_result_t *r /* OUT */);

#endif
