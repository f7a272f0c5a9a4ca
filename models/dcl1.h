/*
 * dcl1.h -- DC-L1: L1 caches decoupled from the cores, aggregated, shared and clustered
 * (Ibrahim et al., HPCA 2021, ../shared/papers/001_d289ce415fb83d59.txt; "paper" below).
 *
 * X cores with an L1 of C bytes each, L LLC slices.  Organisations (enum dcl1_org):
 *
 *   base     X private L1s of C (no NoC#1; NoC = one X x L crossbar)                  §II
 *   PrY      Y nodes of X*C/Y, node i private to N = X/Y cores: NoC#1 = Y crossbars N x 1
 *            (direct links when N = 1), NoC#2 = one Y x L crossbar                   §IV, Table I
 *   ShY      Y nodes, line -> home node by ceil(log2 Y) address bits: NoC#1 = one X x Y
 *            crossbar, NoC#2 = one Y x L crossbar                                     §V-A
 *   ShY+CZ   Z clusters of M = Y/Z nodes shared by the cluster's N = X/Z cores through an
 *            N x M crossbar; NoC#2 = M crossbars Z x O, O = L/M; ceil(log2(Y/Z)) home bits   §VI-A
 *
 * Legality (§IV-A, §VI-A): Y | X; ShY+CZ also Z | Y and M | L.
 *
 * Sharing domains.  Every organisation is G independent caching domains, each shared by
 * g = X/G cores with capacity g*C: base g = 1, G = X; PrY g = X/Y, G = Y; ShY g = X, G = 1;
 * ShY+CZ g = X/Z, G = Z (the M home-interleaved nodes of a cluster hold disjoint address
 * slices, so by the partition property -- reuse.h -- they hit like one cache of N*C).  A domain
 * hits as the merged stream of its g cores does at g*C (profile stream "group:g").  A line can
 * live in at most G places: copies <= G (the paper's "at most Z copies", §VI-B).
 *
 * Replication (§II-A: "ratio of L1 misses that can be found in other L1 caches").  Footprint
 * theory (Xiang et al., ASPLOS 2013, HOTL): a stream with LRU miss ratio mr(c) fills c distinct
 * blocks in t(c) = integral_0^c dc'/mr(c') accesses, and fp = t^-1 is its footprint.  An LRU
 * cache of capacity K holds exactly the blocks its stream touched in its last T = t_g(K)
 * accesses.  With equal access rates, T accesses of one domain span W = G*T accesses of the
 * merged stream of all X cores, so the union of the G caches is the set of blocks any core
 * touched in the last W merged accesses:
 *     |union| = fp_X(G * t_g(K))                      blocks
 *     P(line in some cache) = h_any = H_X(|union|)    (the merged stream's hit curve)
 *     replication ratio     = (h_any - h_own) / (1 - h_own),   h_own = H_g(K)
 *     copies per line       = G * K / |union|         (clipped to [1, G]; replicas = copies - 1)
 * Set-associative caches: the miss ratio in the tables (and the GPU model's L1 hit rate) is
 * Smith's set-associative model, but replication and copies stay the fully-associative
 * measures: capacity replication, what the paper's sharing removes.  Conflict misses on
 * lines another L1 holds are not counted.
 * Both are exact in the limits (no sharing: the merged stream is G disjoint streams and
 * h_any = h_own; G = 1: no replication) and are checked against a multi-cache simulation in
 * tests/reference/multicachesim.c.  Assumes equal access rates per core and LRU-like replacement.
 *
 * Exact node records (issue 17; used first, whenever one matches).  A profile made with
 * --dcl1-nodes carries, per organisation geometry, every node simulated as the per-set LRU stack
 * of its own stream (profile_nodes_t, src/profiling/noderec.h): domains of g = X/G cores, inside a
 * domain home h = (line / gran) mod M (M = Y for ShY, Y/Z for ShY+CZ, 1 for PrY and the private
 * L1; gran = the dcl1_gran knob), each node a cache of 2^k sets of A ways indexed (linear or
 * IPOLY, the preset's l1_index) by the node-local line number, write-evict when the preset's L1
 * is.  With n(d) the accesses at per-set distance d and R(A) the accesses that miss in their
 * A-way node while another domain's node of the same home holds the line (counted access by
 * access):
 *     miss ratio        = sum_{d >= A} n(d) / N                    [Mattson et al. 1970, per set]
 *     replication ratio = R(A) / sum_{d >= A} n(d)                 (§II-A, exact)
 * Camping is in these counts: a node that receives most lines misses by its own capacity and
 * sets.  The record is used when its (g, M, gran, index, k = log2(node lines / A), write policy)
 * are the design's and the profile has the GPU's X SMs; dcl1_eval_t.exact says so.  Otherwise
 * the footprint model above (and Smith's model for the miss ratio) answers.  Copies per line
 * stay the footprint estimate.
 *
 * Missing group sizes: a profile holds some group:G streams.  For a group size g it lacks, the
 * outputs (miss ratio, replication ratio, copies) at the same per-core capacity C are
 * interpolated linearly in log2(g) between the nearest smaller and larger group sizes it has
 * (the nearest one alone beyond the ends).  The merged stream of all cores is "global" or the
 * largest group the profile has.  When the profile was traced on a different SM count than
 * the GPU's X, a group of g of the X cores is taken as the same share, g * n_sm / X, of the
 * profile's SMs (so on a smaller profile a small group falls back to the "l1" stream).
 *
 * Bandwidth (Table I): the private baseline delivers l1_bytes_per_cycle (128 B) per core per
 * cycle; a DC-L1 node sends a 128 B line over a 32 B NoC#1 link in 4 cycles, so the peak is
 * flit x Y (x2 with the boost): drops 4x/8x/16x/32x for Pr80/40/20/10.
 * NoC#1 clock convention: Table I counts those 4 cycles in core cycles (the baseline's
 * "128 Bytes / 1 Cycle" is the in-core L1's core cycle, and §VI-C's boost turns Sh40+C10's
 * 8x drop into 4x), so a NoC#1 port moves one flit per core cycle: NoC#1 is clocked at
 * core_mhz (2 x core_mhz with the boost), while NoC#2 keeps the baseline crossbar's clock
 * (noc_mhz, 700 MHz in Table II; §VI-C: NoC#2 is not boosted).  The performance stations
 * (dcl1_apply) and the peak bandwidth use this one clock.  The boost's feasibility stays
 * the paper's Fig. 13b comparison: the crossbar's f_max over the baseline crossbar's clock.
 *
 * NoC cost (§IV-B, §V-B, §VI-B; DSENT in the paper).  A crossbar of n x m ports with w-byte
 * flits (request + reply networks) costs
 *     A(n, m) = n*m*(w/32)^2 + beta*(n + m)*(w/32)
 * (crosspoint wiring grows with the product of the port counts and the square of the width,
 * buffers and allocators with the port count and width).  One parameter per quantity, fitted to
 * the paper's ratios to its 80 x 32 baseline (§IV-B, §V-B, §VI-B): area beta_a = 4.62, static
 * power beta_p = 14.5.  Assumption: one linear form for all shapes; the paper's DSENT buffers
 * and allocators scale differently for the chip-wide Sh40 crossbar, which it fits worst
 * (`gpudse validate --paper dcl1` shows every fitted ratio against the paper's).
 * Direct links (N = 1) cost nothing (Pr80 "insignificant", §IV-B).  Costs are reported relative
 * to the GPU's own X x L baseline crossbar.
 *
 * Clock (§VI-C, Fig. 13b, whose values are not in the text): the maximum crossbar frequency
 * falls with size as f_max = kappa * f_noc * sqrt(P_base / (n + m)), P_base = X + L, with the
 * baseline crossbar given kappa = 1.25 headroom (assumption): 80x32 and 80x40 cannot run at
 * 2x (the paper), 8x4 and 2x1 can.  The boost doubles NoC#1's clock when every NoC#1 crossbar
 * allows it; otherwise it is ignored (boost_applied = 0).
 *
 * Latency (§VIII Latency Analysis): a node of s times the baseline L1 capacity has hit latency
 * l1_lat * (1 + (2/28) * log2 s) (28 -> 30 cycles at 2x).  The NoC#1 round trip's fixed
 * (unloaded) part is a request and a reply through one crossbar pipeline: the baseline
 * crossbar's one-way latency noc_lat (core cycles at noc_mhz) counted in NoC#1 cycles,
 *     noc1_lat = 2 x noc_lat x noc_mhz / noc1_mhz                 (12 -> 12, boosted 6 cycles)
 * and the queueing at the NoC#1 ports is the GPU model's stations' (dcl1_apply).  The paper's
 * 54 cycles (§VIII, Sh40+C10+Boost, measured in GPGPU-Sim) is a loaded average that already
 * contains that queueing: it is not an input (adding it to modelled queueing counts queueing
 * twice) but a check, `gpudse validate --paper dcl1` compares the model's mean NoC#1
 * residence per access with it.
 *
 * Node storage and cache area (§VIII Area Analysis): 4 queues x 4 entries x 128 B per node
 * (Y = 40: 6.25% of 80 x 16 KB); fewer, larger banks save periphery.  L1-level area =
 * X*C (arrays) + Y * phi * C (periphery per bank) + Y * 2 KB (queues), over the baseline's
 * X * (1 + phi) * C, with phi = 0.19: the value that gives the paper's 8% cache-area saving
 * for 80 -> 40 banks (CACTI in the paper).  Queue storage is costed like L1 SRAM.
 *
 * NoC#1 traffic (dcl1_apply): every L1 access crosses NoC#1 both ways.  A read reply carries
 * only the requested sectors (§III), so it takes bytes_per_req / flit flits (at least 1);
 * a request is a header flit plus the data of a write.  The node-side ports (Y of them) are
 * the stations; the core-side ports carry 1/N of a node port's load and are left out.
 * Partition camping is a whole-trace measure here: a kernel that camps on a few homes only
 * within phases (balanced over the run) shows skew 1.
 *
 * Partition camping (§V-B): the hottest home node's load over the mean, from the profile's
 * per-home distribution (profile_t.homes): skew = n_homes * max_h frac[h].  A distribution over
 * K homes folds exactly onto M homes when M | K (block mod M = (block mod K) mod M), so ShY
 * uses n_homes = Y and ShY+CZ n_homes = M = Y/Z: folding averages hot homes with cold ones,
 * so clustering camps less (P-2MM, §VIII).
 */
#ifndef GPUDSE_DCL1_H
#define GPUDSE_DCL1_H

#include "gpu.h"

#define DCL1_NOC1_LAT_PAPER 54.0   /* measured loaded NoC#1 latency, Sh40+C10+Boost (§VIII): a check */
#define DCL1_LAT_PER_DOUBLING (2.0 / 28.0) /* relative hit-latency growth per 2x size (§VIII) */
#define DCL1_AREA_BETA 4.62        /* port term of the crossbar area model (fit, see above) */
#define DCL1_POWER_BETA 14.5       /* port term of the crossbar static-power model (fit) */
#define DCL1_FMAX_HEADROOM 1.25    /* baseline crossbar's max clock over its clock (assumption) */
#define DCL1_QUEUE_BYTES (4 * 4 * 128) /* node queues: 4 queues x 4 entries x 128 B (§VIII) */
#define DCL1_BANK_PERIPHERY 0.1905 /* per-bank periphery / 16 KB array area (8% saving, §VIII) */
#define DCL1_NOC1_LINK_FRAC (3.3 / 12.3) /* NoC#1 cluster link length over NoC#2's (§VIII) */

/* A set of identical crossbars. count == 0: none; n_in == n_out == 1: direct links. */
typedef struct dcl1_xbar {
	int count;                 /* crossbars */
	int n_in;                  /* core-side (NoC#1) or node-side (NoC#2) ports */
	int n_out;                 /* node-side (NoC#1) or LLC-side (NoC#2) ports */
} dcl1_xbar_t;

/* Everything about a DC-L1 organisation that depends only on the knobs and the GPU. */
typedef struct dcl1_shape {
	int org;                   /* enum dcl1_org */
	int x;                     /* cores X */
	int y;                     /* DC-L1 nodes Y (X for base: the private L1s) */
	int z;                     /* clusters Z (ShY+CZ; 1 for ShY, Y for PrY, X for base) */
	int m;                     /* nodes per cluster M = Y/Z (home nodes a line can map to) */
	int n;                     /* cores per NoC#1 crossbar N */
	int l;                     /* LLC slices L */
	int o;                     /* LLC slices per NoC#2 crossbar O (ShY+CZ: L/M; else L) */
	int group;                 /* cores sharing one caching domain g = X/G */
	int domains;               /* caching domains G: the most copies a line can have */
	int home_bits;             /* address bits selecting the home node */
	dcl1_xbar_t noc1;          /* cores <-> nodes (none for base) */
	dcl1_xbar_t noc2;          /* nodes <-> LLC slices (base: the X x L crossbar) */
} dcl1_shape_t;

/* Shape of organisation `org` with Y = y nodes and Z = z clusters on X = x cores and L = l
 * slices.  0, or -1 with *why naming the violated rule (static string). */
int dcl1_shape(int org, int x, int y, int z, int l, dcl1_shape_t *out /* OUT */, const char **why);

/* Peak L1 bandwidth, bytes per cycle (Table I): base = x * l1_bytes_per_cycle; DC-L1 =
 * y * flit_bytes * clock_mult (clock_mult 2 with the boost). */
double dcl1_peak_bw(const dcl1_shape_t *s, double l1_bytes_per_cycle, double flit_bytes,
                    double clock_mult);

/* Cost of a set of crossbars: count * (n*m*wr^2 + beta*(n+m)*wr), wr = flit_bytes / 32;
 * direct links and empty sets cost 0. */
double dcl1_xbar_cost(const dcl1_xbar_t *xb, double beta, double flit_bytes);
/* NoC#1 + NoC#2 area and static power relative to the X x L baseline crossbar at the same
 * flit width (1 for the base organisation). */
double dcl1_noc_area_ratio(const dcl1_shape_t *s, double flit_bytes);
double dcl1_noc_static_ratio(const dcl1_shape_t *s, double flit_bytes);
/* Maximum clock of an n_in x n_out crossbar over the baseline NoC clock (see header). */
double dcl1_fmax_ratio(int n_in, int n_out, int x, int l);

/* DC-L1 hit latency of a node `size_ratio` times the baseline L1 (>= 1), cycles (§VIII). */
double dcl1_access_lat(double base_lat, double size_ratio);
/* L1-level area (arrays + per-bank periphery + node queues) relative to the baseline L1s. */
double dcl1_l1_area_ratio(const dcl1_shape_t *s, double l1_bytes);

/* Partition camping: n_homes * max frac over the profile's per-home distribution for
 * n_homes homes, folded from any distribution over a multiple of n_homes homes (the largest
 * such).  1 with *found = 0 when the profile has none that fits (found may be NULL). */
double dcl1_camping_skew(const profile_t *p, int n_homes, int *found);

/* Footprint table of one stream (HOTL conversion of its stack-distance histogram). */
typedef struct dcl1_fp dcl1_fp_t;
/* `sd` pools `n_sub` equal sub-streams (the groups of a group:G stream): distances are per
 * sub-stream and the footprint per sub-stream is cold / n_sub.  NULL on allocation failure or
 * an empty histogram. */
dcl1_fp_t *dcl1_fp_alloc(const reuse_hist_t *sd, int n_sub);
void dcl1_fp_free(dcl1_fp_t *f);
double dcl1_fp_hit(const dcl1_fp_t *f, double blocks);     /* H(c): LRU fully-assoc hit ratio */
double dcl1_fp_fill(const dcl1_fp_t *f, double blocks);    /* t(c), sub-stream accesses; inf if never */
double dcl1_fp_footprint(const dcl1_fp_t *f, double accesses); /* fp(t), blocks */
double dcl1_fp_total(const dcl1_fp_t *f);                  /* distinct blocks per sub-stream */

/* Sharing outcome of G domains of capacity `cap` blocks each. */
typedef struct dcl1_share {
	double hit_own;            /* H_g(cap): hit ratio of a domain's own cache */
	double hit_any;            /* probability the line is in some domain's cache */
	double replication;        /* (hit_any - hit_own) / (1 - hit_own): misses another L1 holds */
	double copies;             /* caches holding a resident line, mean, in [1, G] */
	double occupancy;          /* blocks held per cache (min(cap, footprint)) */
	double fill;               /* T = t_g(occupancy), accesses of one domain (inf: never fills) */
	double union_blocks;       /* distinct blocks held by all caches */
} dcl1_share_t;

/* `grp`: the group stream (g cores per domain); `all`: the merged stream of all G*g cores.
 * G == 1 gives replication 0 and one copy.  Fully-associative LRU caches. */
void dcl1_share_eval(const dcl1_fp_t *grp, const dcl1_fp_t *all, int domains, double cap,
                     dcl1_share_t *out /* OUT */);

/* Per-workload tables (wctx_t.mech[MECH_DCL1]): sharing outcomes for every group size 1..X at the
 * GPU's per-core L1 capacity, and camping skew for every home count 1..X. */
typedef struct dcl1_ctx {
	int x;                     /* cores the tables are built for */
	double cap_core;           /* per-core L1 capacity, blocks */
	int assoc;                 /* ways the tables assume (0: fully associative) */
	double *miss;              /* [g] miss ratio of a domain of g cores (NAN: g does not divide x) */
	double *repl;              /* [g] replication ratio with x/g domains */
	double *copies;            /* [g] copies per resident line */
	int *interp;               /* [g] 1 when interpolated from neighbouring group sizes */
	double *skew;              /* [k] camping skew over k homes */
	int *skew_found;           /* [k] 1 when the profile had a distribution for k */
	/* DC-L1 node records (dcl1_ctx_nodes; NULL: none) */
	const profile_nodes_t *nodes;
	size_t n_nodes;
	int node_sm;               /* the profile's SMs */
	int node_index;            /* enum sa_index of the nodes' set index, -1: none given */
	int node_we;               /* write-evict nodes */
} dcl1_ctx_t;

/* Everything one design point gets from the model (the `model dcl1` JSON, and dcl1_apply). */
typedef struct dcl1_eval {
	dcl1_shape_t s;
	double node_bytes;         /* capacity per node */
	double size_ratio;         /* node bytes over baseline L1 bytes */
	double domain_bytes;       /* capacity of one caching domain, g * C */
	double l1_lat;             /* node hit latency, cycles */
	double noc1_lat;           /* unloaded NoC#1 round trip per access, core cycles (0 for base) */
	double peak_bw_base;       /* B/cycle, Table I baseline */
	double peak_bw;            /* B/cycle of this design */
	double peak_bw_drop;       /* base / this */
	double noc1_fmax_ratio;    /* max clock of NoC#1's crossbars over f_noc (inf for links) */
	double noc2_fmax_ratio;
	int boost_applied;         /* the boost was asked and NoC#1 can run at 2x */
	double noc1_mhz;           /* NoC#1 clock: core_mhz, x2 with the boost (Table I convention) */
	double noc1_service;       /* core cycles a reply occupies a node-side NoC#1 port */
	double noc1_area, noc2_area;     /* crossbar costs relative to the baseline crossbar */
	double noc_area_ratio;     /* (NoC#1 + NoC#2) / baseline */
	double noc_static_ratio;
	double queue_bytes;        /* node queue storage, all nodes */
	double l1_area_ratio;      /* L1 level area over the baseline L1s */
	double skew;               /* hottest node's load over the mean */
	int skew_found;
	/* workload-dependent (NAN without a context) */
	double miss;               /* domain miss ratio (ctx->assoc ways) */
	double replication;
	double copies;
	int interp;
	int exact;                 /* 1: miss and replication are the node record's exact counts */
} dcl1_eval_t;

/* Evaluate the organisation of design d on GPU g; ctx (may be NULL) adds the workload terms.
 * 0, or -1 with *why. */
int dcl1_eval(const gpu_t *g, const design_t *d, const dcl1_ctx_t *ctx, dcl1_eval_t *out /* OUT */,
              const char **why);

/* Build the per-workload tables from the profile's streams at per-core capacity cap_core
 * blocks for x cores, caches of `assoc` ways (0: fully associative; otherwise the miss table
 * is Smith's set-associative model, reuse_hit_smith; replication and copies are always the
 * fully-associative measures).  NULL when the profile
 * has no "l1" stream or on allocation failure. */
dcl1_ctx_t *dcl1_ctx_alloc(const profile_t *p, int x, double cap_core, int assoc);
/* Let dcl1_eval take a design's miss and replication ratios from the profile's node records
 * (profile_t.nodes) when one matches its geometry: l1_index 1 linear, 2 IPOLY (0: no set index
 * given, records unused), write_evict the L1's write policy.  p must outlive c.  0, or -1 on a
 * NULL context. */
int dcl1_ctx_nodes(dcl1_ctx_t *c, const profile_t *p, int l1_index, int write_evict);
void dcl1_ctx_free(dcl1_ctx_t *c);

/* The GPU-model seam (mech.h): legality, the edit of the memory system, the table row. */
int dcl1_check(const gpu_t *g, const design_t *d, const char **why);
unsigned dcl1_apply(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m);
extern const mech_t mech_dcl1;

#endif
