/*
 * noderec.h -- DC-L1 node records (profile_nodes_t, issue 17): every L1 node of one DC-L1
 * organisation simulated as the per-set LRU stack of its own access stream, so that its hit
 * ratio and replication are exact for 1..64 ways at the recorded set count.
 *
 * A configuration (noderec_cfg_t) is a node geometry: domains of `group` consecutive SMs (the
 * SMs sharing one copy of the data: the private baseline 1, PrY X/Y, ShY X, ShY+CZ X/Z; paper
 * 001 §IV-§VI), `homes` home nodes per domain selected by the block's home bits
 * h = (block / gran) mod homes (ShY: Y, ShY+CZ: Y/Z, §V-A; gran is the interleaving
 * granularity in blocks), and 2^log_sets sets per node under index function `index`, applied
 * to the node-local block number (block / (gran homes)) gran + block mod gran: the home bits
 * are not used again as set bits (a node whose sets were picked by the bits that chose it
 * would use 1/homes of its sets).
 *
 * Per access, with node n = (domain, home) and b the node-local block:
 *   own  = the per-set LRU stack distance of b in n (Mattson et al. 1970 per set; write-evict
 *          and write-no-allocate as in setstack.h); an A-way node hits iff own < A;
 *   other = the smallest place of b in the same-home node of any other domain, before the
 *          access (setstack_depth): some other node holds b in an A-way cache iff other < A;
 *   hist[own]++, and repl[A]++ for every A with other < A <= own (a miss another L1 holds,
 *   §II-A's replication).  Both are exact counts, not derived from hit-rate differences.
 * Cost: one stack update per access and, for an access that misses at some way count, one
 * list search (up to 64 block ids) per other domain of the same home that may hold the block:
 * a directory of candidate holders per block (node_holders.h) keeps the search to those, and
 * an access whose own domain is not a candidate skips its own search.  Memory: at most 64
 * block ids per touched node set, and one directory slot per distinct block.
 */
#ifndef GPUDSE_NODEREC_H
#define GPUDSE_NODEREC_H

#include <stdint.h>

#include "profile.h"
#include "profiling/set_index.h"
#include "profiling/setstack.h"

typedef struct noderec_cfg {
	int group, homes, gran;    /* >= 1 each; gran is taken as 1 when homes == 1 */
	enum sa_index index;
	int log_sets;              /* 0 .. PROFILE_SA_MAX_LOG */
} noderec_cfg_t;

typedef struct noderec noderec_t;

/* NULL on bad configuration or allocation failure.  ix must outlive the record. */
noderec_t *noderec_alloc(const noderec_cfg_t *c, enum setstack_mode mode, const set_index_t *ix);
void noderec_free(noderec_t *r);
/* One access of SM sm to block (trace order).  0, or -1 when out of memory. */
int noderec_access(noderec_t *r, int sm, uint64_t block, int is_write);
/* The same, also saying how it was counted: hist[*own_dist]++ and repl[A]++ for
 * *other_dist < A <= *own_dist (nodesample.h keeps these per sampled set). */
int noderec_access_at(noderec_t *r, int sm, uint64_t block, int is_write, int *own_dist, int *other_dist);
/* Where block lives in a node of geometry c (above): *home = h, *local = the node-local block.
 * c->gran must be 1 when c->homes is 1 (noderec_alloc's rule). */
static inline void noderec_locate(const noderec_cfg_t *c, uint64_t block, int *home, uint64_t *local)
{
	if (c->homes == 1) {                        /* private and PrY: one home, no home bits */
		*home = 0;
		*local = block;
		return;
	}
	uint64_t g = (uint64_t)c->gran, m = (uint64_t)c->homes;
	uint64_t q = g == 1 ? block : block / g;
	uint64_t qm = q / m;                        /* one division: h = q mod m from it */
	*home = (int)(q - qm * m);
	*local = g == 1 ? qm : qm * g + block % g;
}
/* noderec_access_at with the block's home, node-local block and its set
 * (set_index_of(ix, index, local, log_sets)) already computed (nodesample.h computes them to
 * pick its sets). */
int noderec_access_local(noderec_t *r, int sm, int home, uint64_t local, uint32_t set, uint64_t block, int is_write,
                         int *own_dist, int *other_dist);
/* The record, domains = ceil(n_sm / group). */
void noderec_finish(const noderec_t *r, int n_sm, profile_nodes_t *out /* OUT */);
/* Bytes held by the stacks. */
uint64_t noderec_bytes(const noderec_t *r);

/* Parse "G:M:GRAN:SETS:INDEX" (INDEX linear or ipoly, SETS a power of two).  0, or -1 with a
 * message in err. */
int noderec_parse(const char *spec, noderec_cfg_t *c, char *err, size_t errlen);

/* A comma-separated list of such specs into out[0..max); *n = how many.  0, or -1 with err. */
int noderec_parse_list(const char *list, noderec_cfg_t *out, int max, int *n, char *err, size_t errlen);

#endif
