/*
 * profile.h -- one workload, as the models see it.
 *
 * A profile summarises an address trace (see docs/profile-format.md for the JSON file and
 * docs/trace-format.md for the traces it is built from).  It holds, per *stream*, the LRU
 * stack-distance histogram (Mattson et al., 1970): for every access, the number of distinct
 * blocks touched since the previous access to the same block, so that a fully-associative LRU
 * cache of C blocks hits exactly the accesses with distance < C.  Streams:
 *
 *   "l1"        each SM's own accesses, distances computed per SM, histograms pooled
 *               (what a private L1 sees);
 *   "global"    all SMs merged in trace order (what the shared LLC sees);
 *   "group:G"   the SMs split into consecutive groups of G, each group merged, pooled
 *               (what a cache shared by G SMs sees: DC-L1 PrY, ShY+CZ clusters; and the LLC
 *               when only G SMs are active).  group:1 == l1, group:n_sm == global.
 *
 * This file is data only: parsing and writing JSON live in src/profiling/profile_json.c, building from
 * traces in src/profiling/profiler.c.  Every count is a double so that sampled profiles (scaled
 * counts) and exact ones share one type.
 */
#ifndef GPUDSE_PROFILE_H
#define GPUDSE_PROFILE_H

#include <stddef.h>

/* ---- set-associative records (issue 17): per-set LRU stack distances ---- */
#define PROFILE_SA_WAYS 64      /* per-set distances 0..63 recorded; 64 or more is a miss */
#define PROFILE_SA_MAX_LOG 16   /* set counts 2^0 .. 2^16 at most */

/* Set-index functions a record can be under (src/profiling/set_index.h defines them). */
enum sa_index { SA_LINEAR = 0, SA_IPOLY, SA_NINDEX };

/*
 * One stream's per-set LRU stack distances for every set count 2^0..2^max_log and index
 * function: an LRU cache of 2^k sets and A <= PROFILE_SA_WAYS ways under index f hits exactly
 * the accesses counted in hist[f][k][0 .. A-1] (Mattson's stack per set; src/profiling/setstack.h).
 * Pooled over the stream's units like the other histograms; counts are doubles (exact
 * integers in an exact profile).  hist[f][k][PROFILE_SA_WAYS] = accesses with no per-set distance
 * below PROFILE_SA_WAYS (first touches and deeper reuses): misses at every associativity.
 */
typedef struct profile_setassoc {
	int max_log;                                                   /* set counts 2^0..2^max_log */
	double hist[SA_NINDEX][PROFILE_SA_MAX_LOG + 1][PROFILE_SA_WAYS + 1];
	/* occ[f][k][j]: sets (summed over units) that received j distinct blocks over the run,
	 * j = 1..63, j = 64: 64 or more (occ[f][k][0] unused): an A-way cache's misses that only
	 * fill a free way number sum_j occ[j] min(j, A).  has_occ == 0: absent (the FIFO/random
	 * models then take fills from cold misses under uniform spreading). */
	int has_occ;
	double occ[SA_NINDEX][PROFILE_SA_MAX_LOG + 1][PROFILE_SA_WAYS + 1];
} profile_setassoc_t;
/* Deep records for few sets (issue 17, Volta-and-later L1s: GPGPU-Sim's 4 sets of 64-256 ways):
 * per-set LRU distances 0..PROFILE_SA_DEEP_WAYS-1 for 2^0..2^PROFILE_SA_DEEP_LOG sets, write-allocate
 * (src/profiling/setstack.h); hist[f][k][PROFILE_SA_DEEP_WAYS] = the rest (first touches and
 * deeper reuses).  An LRU cache of 2^k sets and A <= PROFILE_SA_DEEP_WAYS ways hits exactly
 * sum_{d<A} hist[f][k][d]. */
#define PROFILE_SA_DEEP_WAYS 512
#define PROFILE_SA_DEEP_LOG 2
typedef struct profile_sa_deep {
	double hist[SA_NINDEX][PROFILE_SA_DEEP_LOG + 1][PROFILE_SA_DEEP_WAYS + 1];
} profile_sa_deep_t;
#include "profile_shape.h"

/*
 * FUSE miniature simulation input (issue 21; docs/profile-format.md "fuse_sample"): the l1
 * stream of a few SMs, spatially sampled (Waldspurger et al., "Cache Modeling and Optimization
 * using Miniature Simulations", USENIX ATC 2017): a block is kept, with every one of its
 * accesses, when its 24-bit hash is below rate x 2^24.  Keys are (SM, block) pairs numbered
 * densely (each SM's L1 is private); a simulation at a lower rate keeps the keys whose hash is
 * below the lower threshold.  n_sm == 0: absent.
 */
#define PROFILE_MS_MAX_SM 8
typedef struct profile_minisample {
	double rate;                       /* sampling rate of the stored keys, (0, 1] */
	int n_sm;                          /* SMs recorded */
	int sm[PROFILE_MS_MAX_SM];         /* their ids in the trace */
	size_t n_keys;                     /* distinct (SM, block) keys */
	unsigned *key_hash;                /* per key: the block's 24-bit sampling hash */
	size_t n_refs;
	unsigned *ref;                     /* key << 1 | is_write; SM by SM, trace order within one */
	size_t sm_end[PROFILE_MS_MAX_SM];  /* SM i's refs end at sm_end[i] (begin: sm_end[i - 1]) */
} profile_minisample_t;

/* Read-level classes of FUSE §III-A. */
enum rl_class {
	RL_WM = 0,   /* write-multiple: written more than once */
	RL_RI,       /* read-intensive: written at most once, read many times */
	RL_WORM,     /* write-once-read-multiple */
	RL_WORO,     /* write-once-read-once (or read once): streaming, bypass candidates */
	RL_NCLASS
};
extern const char *const rl_class_name[RL_NCLASS]; /* "wm","ri","worm","woro" */

/*
 * A sparse histogram over distances.  Bin i holds count[i] accesses whose distance d
 * satisfies lo[i] <= d < hi[i]; bins are sorted and disjoint; an exact histogram has
 * hi[i] == lo[i] + 1.  `cold` counts first touches (infinite distance).
 */
typedef struct reuse_hist {
	size_t n;        /* bins */
	double *lo;      /* inclusive lower distance of each bin */
	double *hi;      /* exclusive upper distance of each bin */
	double *count;   /* accesses per bin */
	double cold;     /* accesses with no previous use */
	double total;    /* sum(count) + cold: every access the histogram describes */
} reuse_hist_t;

/*
 * Random groups of a SHARDS-sampled stream (issue 23; src/stats/shards_resample.h; docs/
 * profile-format.md "random_groups"): the sampled blocks split into k disjoint groups by a
 * second hash of the block, independent of the sampling hash (shards_group, src/profiling/
 * shards.h), each group's own counts of every histogram the models read, on the stream's bins.
 * Row g of a histogram h is [cold, count of h's bin 0, .., bin n-1] (1 + n numbers) counted
 * over group g's sampled accesses only, raw: before the 1/R scaling and SHARDS_adj, so the rows
 * of a bin sum to its sampled count.  NULL: the histogram (or the stream's groups) is absent.
 */
#ifndef PROFILE_RG_K
#define PROFILE_RG_K 64                   /* groups the profiler writes (-D: tests/bench measure others) */
#endif
#define PROFILE_RG_MAX_K 64               /* groups a profile may carry */
typedef struct profile_rgroups {
	int k;                            /* groups, 2 .. PROFILE_RG_MAX_K */
	double *sd, *rt, *sd_we;          /* k x (1 + n) each, n the histogram's bins */
	double *cls[RL_NCLASS];           /* per read-level class (l1 stream) */
	double *writes;                   /* k: each group's sampled writes */
} profile_rgroups_t;

typedef struct profile_stream {
	char name[24];                    /* "l1", "global", "group:G" */
	int group;                        /* SMs merged: 1 for l1, n_sm for global */
	double accesses;                  /* requests in the stream */
	double writes;                    /* of which writes */
	double footprint;                 /* distinct blocks, summed over the groups */
	reuse_hist_t sd;                  /* LRU stack distance, blocks (required) */
	reuse_hist_t rt;                  /* reuse time, accesses between uses (n==0: absent) */
	reuse_hist_t cls_sd[RL_NCLASS];   /* per read-level class stack distance (n==0: absent) */
	reuse_hist_t sd_we;               /* stack distance under a write-evict L1: a write is a
	                                     miss (cold) and evicts the block (n == 0 and cold == 0:
	                                     absent; l1 and group:G streams only) */
	int units;                        /* caches the histograms are pooled over, ceil(n_sm / group)
	                                     (set by profile_load and the profiler; 0 = unknown, taken as 1) */
	/* issue 17, set-associative records (NULL: absent, old profiles; the models then use
	 * Smith's binomial model).  sa: every access allocates; sa_we: write-evict (a write is a
	 * miss and invalidates the block; l1 and group:G streams, with the profiler's write_evict);
	 * sa_wna: write-no-allocate (a write hit is a hit, a write miss allocates nothing; same
	 * streams). */
	profile_setassoc_t *sa;
	profile_setassoc_t *sa_we;
	profile_setassoc_t *sa_wna;
	profile_sa_deep_t *sa_deep;       /* few sets, up to 512 ways (l1 stream; NULL: absent) */
	/* exact fully-associative LRU distances of 64 or more (the sd histogram's log bins, taken
	 * one distance each): bins [d, d+1), cold 0, total = the sd accesses at distances >= 64.
	 * n == 0: absent (the sd bins are then interpolated inside). */
	reuse_hist_t sd_exact;
	/* fully-associative LRU stack distances at 32 B sector granularity (issue 18; src/profiling/
	 * sector_reuse.h): distances in sectors, one access per sector a request touched, so
	 * total = the stream's sectors, not its requests.  l1 and global streams; n == 0 and
	 * cold == 0: absent (a trace without per-request sector masks). */
	reuse_hist_t sd_sector;
	/* sector-granular record of a sectored L1 (issue 20, src/profiling/sector_rec.h): per 32 B
	 * sector access, the largest line stack distance of its line's accesses since the sector's
	 * previous access; an LRU L1 of C lines hits the sector accesses below C.  Counts sector
	 * accesses (global atomics excluded: they bypass the L1).  l1 stream only; n == 0 and
	 * total == 0: absent (the generators' streams have it; text traces carry no sector masks). */
	reuse_hist_t sector_sd;
	reuse_hist_t sector_sd_w;         /* the same for the stores' sector accesses only (l1) */
	/* the LLC's write-back record (global stream only; src/profiling/sector_rec.h
	 * sector_rec_hist_global_wb, models/llc_write.h [W6]): per sector write, the largest line
	 * distance before the sector's next write or the run's end; a fully associative LRU LLC of C
	 * lines writes back the entries >= C.  No cold entries; total == 0: absent */
	reuse_hist_t sector_wb;
	profile_rgroups_t *rg;            /* random groups of a sampled stream (above; NULL: exact or absent) */
} profile_stream_t;

/* Per-home access distribution for address-interleaved shared caches (DC-L1 ShY):
 * frac[h] = share of L1 requests whose block index mod n_homes == h. */
typedef struct profile_homes {
	int n_homes;
	double *frac;                     /* n_homes entries, summing to 1 */
} profile_homes_t;

/*
 * DC-L1 node records (issue 17): the L1 nodes of one DC-L1 organisation as caches of their own
 * streams.  The SMs split into domains of `group` consecutive SMs (PrY: X/Y, ShY: X, ShY+CZ:
 * X/Z, the private baseline: 1); inside a domain a block goes to home node
 * h = (block / gran) mod homes (ShY: Y homes, ShY+CZ: M = Y/Z, PrY and private: 1), and the
 * node stores it under its node-local block number (block / gran / homes) * gran + block mod gran
 * (the home bits taken out), whose set among 2^log_sets is picked by `index`.
 * hist[d]: accesses whose per-set LRU stack distance in their node is d (0..63; [64]: 64 or
 * more, first touches, and writes under write-evict): an A-way node hits exactly
 * sum_{d<A} hist[d] (src/profiling/noderec.h).  repl[A], A = 1..64: accesses that miss in an A-way
 * node while another domain's node of the same home holds the block (the replication of DC-L1
 * §II-A, counted access by access).  Exact counts, pooled over the domains x homes nodes.
 */
typedef struct profile_nodes {
	int group;                        /* SMs per caching domain */
	int homes;                        /* home nodes per domain (1: PrY, private) */
	int gran;                         /* interleaving granularity, blocks (1 when homes == 1) */
	int index;                        /* enum sa_index of the node's set index */
	int log_sets;                     /* log2 of the node's sets */
	int write_evict;                  /* 1: write-evict nodes (a write misses and invalidates) */
	int domains;                      /* caching domains, ceil(n_sm / group) */
	double accesses;                  /* = sum(hist) */
	double hist[PROFILE_SA_WAYS + 1];
	double repl[PROFILE_SA_WAYS + 1]; /* [0] unused */
	/* A set-sampled record (src/profiling/nodesample.h): the sampled set indices' own counts,
	 * unscaled and summed over the nodes, set_counts[s * NODE_SET_ROW + d] = hist of set s at
	 * distance d, [.. + PROFILE_SA_WAYS + 1 + A] = its repl[A]; hist and repl above are their
	 * sums x accesses / (the sets' accesses).  The between-set spread is the record's sampling
	 * error (src/stats/node_resample.h).  Exact records: 0, NULL. */
	int sets_sampled;
	double *set_counts;
} profile_nodes_t;
#define NODE_SET_ROW (2 * (PROFILE_SA_WAYS + 1))

/* A program phase (Malekeh dynamic STHLD runs over these). */
typedef struct profile_phase {
	double insts;                     /* warp instructions in the phase */
	double mem_per_inst;              /* memory instructions per instruction in the phase */
	reuse_hist_t reg_rd;              /* register reuse distances in the phase (n==0: use the whole) */
} profile_phase_t;

/* A measured metric for a named configuration, used by `gpudse calibrate`. */
typedef struct profile_obs {
	char gpu[64];                     /* GPU preset name */
	char design[256];                 /* design as "knob=value,..." ("" = the preset's baseline) */
	char metric[32];                  /* "ipc", "l1_hit", "llc_hit", "speedup", ... */
	double value;
	double sigma;                     /* 1-sigma uncertainty; 0 = unknown (unit weight) */
} profile_obs_t;

typedef struct profile {
	char name[64];                    /* workload name, e.g. "p-2mm" */
	char source[384];                 /* provenance: generator command or trace file */
	int block_bytes;                  /* cache block size the distances are in */
	int n_sm;                         /* SMs in the trace */
	double insts;                     /* warp instructions */
	double mem_insts;                 /* warp global-memory instructions */
	double sectors;                   /* 32 B sectors moved by all requests (0: unknown) */

	size_t n_streams;
	profile_stream_t *streams;        /* at least "l1"; "global" and "group:G" optional */

	int has_rl;                       /* read-level fields below are present */
	double rl_block_frac[RL_NCLASS];  /* share of distinct L1 blocks per class (summed over SMs) */
	double rl_access_frac[RL_NCLASS]; /* share of L1 accesses per class */
	double rl_write_frac[RL_NCLASS];  /* share of each class's accesses that are writes */

	reuse_hist_t reg_rd;              /* register reuse distance, dynamic instrs of the same warp (n==0: absent) */
	double src_per_inst;              /* register source operands per instruction (0: unknown) */
	double dst_per_inst;              /* register destination operands per instruction */
	double tensor_frac;               /* share of tensor-core instructions */
	size_t n_phases;
	profile_phase_t *phases;

	int has_comp;                     /* compressibility present */
	double comp_frac[3];              /* share of blocks compressible 4x (BDI high), 2x (low), not at all */

	size_t n_homes;
	profile_homes_t *homes;           /* per-home distributions for several home counts */

	size_t n_nodes;
	profile_nodes_t *nodes;           /* DC-L1 node records (issue 17; absent: 0, NULL) */

	/* Workload parameters of the GPU model that a trace does not give; `calibrate` fits
	 * them.  has_* == 0: the GPU model's documented default is used. */
	int has_dep_cycles; double dep_cycles; /* cycles a warp waits between dependent ALU instrs */
	int has_mlp; double mlp;               /* memory requests a warp keeps in flight */

	size_t n_obs;
	profile_obs_t *obs;

	profile_shape_t shape;            /* launch geometry and code shape (profile_shape.h; issue 18) */
	profile_minisample_t fuse_sample; /* FUSE miniature-simulation stream (above; issue 21) */
} profile_t;

/* The stream called `name`, or NULL. */
const profile_stream_t *profile_stream(const profile_t *p, const char *name);
/* The stream with group size g (1 = "l1"; n_sm = "global"), or NULL. */
const profile_stream_t *profile_group(const profile_t *p, int g);

void reuse_hist_free(reuse_hist_t *h);
/* 1 when h is well formed: non-negative counts and cold, total = sum(count) + cold (to 1e-9
 * relative), bins sorted with lo < hi; the models assert it of what they read. */
int reuse_hist_consistent(const reuse_hist_t *h);
void profile_free(profile_t *p);   /* frees everything the profile owns; p itself is not freed */
void profile_rgroups_free(profile_rgroups_t *rg);   /* NULL: nothing */

#endif
