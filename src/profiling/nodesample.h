/*
 * nodesample.h -- set-sampled DC-L1 node records: a noderec_t (noderec.h) fed only the
 * accesses that fall into a sampled subset of the node's sets, for traces too large to
 * profile every set exactly (issue 18: the DC-L1 PolyBench kernels at the paper's sizes).
 *
 * Set sampling [Kessler, Hill, Wood, "A comparison of trace-sampling techniques for
 * multi-megabyte caches", IEEE TC 1994; Qureshi et al.'s set dueling samples sets the same
 * way]: LRU state is per set, so a sampled set sees exactly the accesses it would see in the
 * full trace and its hits are exact; only the choice of sets is a sample.  The node-local
 * block and its set are computed as noderec_access does (noderec.h: home bits removed, then
 * index function `index` over 2^log_sets sets); a set is sampled when it is among the
 * k = max(1, round(rate 2^log_sets)) sets with the smallest hash(set ^ salt) (a fixed count,
 * not a Bernoulli draw, so the sampled share of sets is exact).  The same sets are sampled in
 * every node of the geometry, so the replication check (another domain's node of the same
 * home, same set) is exact for every sampled access as well.
 *
 * Estimator (ratio estimator over sets): with N offered accesses of which n fell in sampled
 * sets, every count of the record (hist[d], repl[A]) is scaled by N / n and accesses = N.  It
 * is unbiased when the sampled sets' accesses behave like the rest; with IPOLY indexing the
 * sets are loaded evenly.  Accuracy against exact node records: tests/unit/test_nodesample.c
 * and docs/profile-format.md.
 */
#ifndef GPUDSE_NODESAMPLE_H
#define GPUDSE_NODESAMPLE_H

#include <stdint.h>

#include "profile.h"
#include "profiling/noderec.h"

typedef struct nodesample nodesample_t;

/* rate in (0, 1]: the share of sets sampled.  NULL on bad configuration or allocation failure.
 * ix must outlive the sampler. */
nodesample_t *nodesample_alloc(const noderec_cfg_t *c, enum setstack_mode mode, const set_index_t *ix,
                               double rate, uint64_t salt);
void nodesample_free(nodesample_t *s);
/* One access of SM sm to block, trace order (every access: the sampler picks).  0 or -1 (OOM). */
int nodesample_access(nodesample_t *s, int sm, uint64_t block, int is_write);
/* The scaled record, with the sampled sets' own counts (profile_nodes_t.set_counts, allocated
 * here: the caller frees it).  -1 when no access fell in a sampled set (no estimate, nothing
 * allocated), -2 out of memory, else 0. */
int nodesample_finish(const nodesample_t *s, int n_sm, profile_nodes_t *out /* OUT */);
/* The sets a sampler of 2^log_sets sets at share `rate` and `salt` keeps: row[set] = its rank
 * among the kept (0 .. k-1) or -1, row sized 2^log_sets.  Returns k, or -1 out of memory. */
int nodesample_pick(int log_sets, double rate, uint64_t salt, int *row);
/* Sets sampled, and accesses offered and kept so far. */
int nodesample_sets(const nodesample_t *s);
double nodesample_offered(const nodesample_t *s);
double nodesample_kept(const nodesample_t *s);

#endif
