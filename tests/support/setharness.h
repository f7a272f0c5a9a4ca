/*
 * setharness.h -- scores a set-associative hit-rate model against the exact simulator
 * (tests/reference/cachesim.c) on one trace family (tests/support/setfamilies.h).
 *
 * The trace is profiled by the real profiler (src/profiling/profiler.c, exact, write-evict
 * histograms on, 128-byte blocks) and replayed through one private cache per SM (the "l1"
 * stream: per-SM caches, hits pooled) for every configuration of a fixed grid:
 *   LRU, write-allocate:  ways 1,2,4,8,16,32 x 4 KB,16 KB,..,4 MB x {linear, IPOLY}
 *   FIFO and random:      ways 2,8,32 x 4 KB,32 KB,256 KB,2 MB x {linear, IPOLY}
 *   write-evict and write-no-allocate (LRU): ways 4,8 x 16 KB,128 KB,1 MB x {linear, IPOLY}
 * The model answers each configuration from the profile alone; the harness keeps the absolute
 * hit-ratio errors per category.
 */
#ifndef GPUDSE_SETHARNESS_H
#define GPUDSE_SETHARNESS_H

#include "profile.h"
#include "reuse.h"
#include "support/setfamilies.h"

enum sh_write { SH_ALLOC = 0, SH_EVICT, SH_NOALLOC };

typedef struct sh_cfg {
	int log_sets;             /* 2^log_sets sets */
	int ways;
	enum sa_index index;
	enum reuse_policy pol;
	enum sh_write write;
	int block_bytes;
} sh_cfg_t;

/* A model: the hit ratio of the configuration for the stream, or < 0 when it has no answer. */
typedef double (*sh_model_fn)(const profile_stream_t *s, const sh_cfg_t *cfg);

enum sh_cat { SH_LRU = 0, SH_FIFO, SH_RANDOM, SH_WEVICT, SH_WNOALLOC, SH_NCAT };
extern const char *const sh_cat_name[SH_NCAT];

typedef struct sh_stats {
	int n[SH_NCAT];
	double sum[SH_NCAT], max[SH_NCAT];
	int no_answer[SH_NCAT];
	char worst[SH_NCAT][96];  /* the configuration of the largest error */
} sh_stats_t;

/* Score `model` on one trace spec, adding to *st.  verbose: one line per configuration.
 * 0, or -1 on failure (allocation, profiler). */
int sh_score(const sf_spec_t *sp, sh_model_fn model, sh_stats_t *st, int verbose);

void sh_print(const char *title, const sh_stats_t *st);

/* models/setassoc.c's answer for the configuration (setassoc_hit): the model both suites score. */
double sh_setassoc_model(const profile_stream_t *s, const sh_cfg_t *cfg);

/* Score `model` on a suite of n specs (sh_families of them) into *st (zeroed first), print it
 * under `title`, and CHECK that each family profiled and simulated and that every category
 * of the grid got an answer everywhere. */
void sh_score_suite(const sf_spec_t *suite, size_t n, sh_model_fn model, const char *title, int verbose,
		    sh_stats_t *st);

/* How many families of a suite of n to score: all, or the first 3 under AddressSanitizer
 * (make test's second pass; the normal pass scores the whole suite). */
size_t sh_families(size_t n);

#endif
