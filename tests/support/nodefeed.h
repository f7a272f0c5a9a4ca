/*
 * nodefeed.h -- one access stream fed side by side to the exact DC-L1 node records
 * (src/profiling/noderec.h) and to set samplers of the same geometries
 * (src/profiling/nodesample.h): the harness of test_nodesample and test_node_resample.
 */
#ifndef GPUDSE_TEST_NODEFEED_H
#define GPUDSE_TEST_NODEFEED_H

#include <stdint.h>

#include "profiling/nodesample.h"
#include "profiling/noderec.h"
#include "profiling/set_index.h"

#define NODEFEED_NG 4        /* geometries */
#define NODEFEED_MAXS 4      /* samplers per geometry */

/* dcl1-80's private L1, Pr40, Sh40 and Sh40+C10 nodes (16 KB 4-way, IPOLY), as
 * calibration/make_profiles.sh records them. */
extern const char *const nodefeed_specs[NODEFEED_NG];

typedef struct nodefeed {
	noderec_t *ex[NODEFEED_NG];                     /* the truth */
	nodesample_t *s[NODEFEED_NG][NODEFEED_MAXS];    /* samplers [geometry][k] */
	int ns;
	int err;                                        /* an access failed */
} nodefeed_t;

/* ns samplers per geometry, sampler k keeping share[k] of the sets with salt salt[k]; every
 * record write-evict.  0, or -1 when out of memory (then nodefeed_teardown). */
int nodefeed_setup(nodefeed_t *f, const set_index_t *ix, int ns, const double *share, const uint64_t *salt);
void nodefeed_one(nodefeed_t *f, int sm, uint64_t block, int wr);
/* A gen_sink_t access callback (ctx: the nodefeed_t): 128 B lines. */
void nodefeed_gen_access(void *ctx, int sm, int wr, uint64_t addr, uint32_t pc);
/* A GPU-shaped random stream of n accesses: 80 SMs, 40% of the accesses to 2,000 shared lines,
 * 40% to 50,000, 20% private streaming, 10% writes (GSL mt19937 seeded with seed). */
void nodefeed_random(nodefeed_t *f, long n, unsigned long seed);
void nodefeed_teardown(nodefeed_t *f);

#endif
