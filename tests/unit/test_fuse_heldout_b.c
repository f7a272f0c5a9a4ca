/*
 * test_fuse_heldout_b.c -- the FUSE hybrid-L1 model against the exact hybrid-cache simulator
 * on a second held-out suite (issue 21), written and committed after the first one
 * (test_fuse_heldout.c) had been run once and so had become development data, and before the
 * miniature's sampling budget was chosen.  Its traces are larger than the profile's sample
 * budget, so the model sees a spatially sampled stream of some SMs (profile.h fuse_sample),
 * as it does on real profiles.
 *
 * Families (GSL mt19937, seeded), 4 SMs x 400 000 accesses unless said:
 *   gemm-tile    tiled matrix multiply: per CTA a 32 x 32-block tile of A re-read by 8 warps
 *                across k, a B panel streamed with reuse 4, C tile written once per CTA;
 *   bfs-irreg    graph traversal: Zipf(0.8) vertex popularity over 60 000 vertices, edges read
 *                once, the frontier array written once then read several times;
 *   histo        a 64-block histogram updated (read-modify-write) by every warp (write-multiple
 *                hot set) while the input streams;
 *   transpose    strided column reads of a 2048-block-wide matrix (each block reused by the 8
 *                following warps), row writes;
 *   spmv         CSR sparse matrix-vector: x gathered at random over 6 000 blocks with reuse,
 *                values streamed, y written once;
 *   kv-mix       8 SMs x 200 000: a phase of a 1 000-block loop, a Zipf(1.0) lookup phase over
 *                50 000 blocks, a write-multiple scratch phase, repeated.
 * Configurations: Table I (16 KB 2-way + 64 KB FA), Table I Hybrid (64 KB 2-way STT), a 3-way
 * 12 KB SRAM (32 sets) + 48 KB 4-way STT, and 32 KB 4-way + 96 KB FA (a Volta-size budget).
 * Placements: no predictor, predictor q = .95 and .85, oracle, oracle without migration.
 * Reference, bars and the --markdown table as in test_fuse_heldout.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "support/heldout.h"

/* ---- families ---- */
#define NSM 4
#define PER 400000

static void fam_gemm(ho_trace_t *t, gsl_rng *r)
{
	ho_trace_alloc(t, NSM, PER + 64);
	for (int s = 0; s < NSM; s++) {
		long cta = s;
		while (t->n[s] + 64 < PER) {
			uint64_t abase = 10000000 + (uint64_t)(cta % 16) * 1024;     /* A tile, shared by CTAs in a row */
			uint64_t bbase = 20000000 + (uint64_t)cta * 4096;
			for (int k = 0; k < 32 && t->n[s] + 64 < PER; k++)
				for (int w = 0; w < 8; w++) {
					int i = (int)gsl_rng_uniform_int(r, 32);
					ho_put(t, s, abase + (uint64_t)(i * 32 + k), 0);
					ho_put(t, s, bbase + (uint64_t)(k * 32 + (w * 4 + k) % 32) / 4, 0);
				}
			for (int c = 0; c < 32; c++)
				ho_put(t, s, 30000000 + (uint64_t)cta * 64 + (uint64_t)c, 1);
			cta += NSM;
		}
	}
}

static void fam_bfs(ho_trace_t *t, gsl_rng *r)
{
	ho_zipf_t z;
	ho_zipf_init(&z, 60000, 0.8);
	ho_trace_alloc(t, NSM, PER + 8);
	for (int s = 0; s < NSM; s++) {
		long edge = 0, front = 0;
		while (t->n[s] + 8 < PER) {
			uint64_t v = (uint64_t)ho_zipf_draw(&z, r);
			ho_put(t, s, 40000000 + (v * 2654435761u) % 60000 / 8, 0);         /* vertex data */
			ho_put(t, s, 41000000 + (uint64_t)s * 1000000 + (uint64_t)edge++ / 4, 0); /* edges */
			if (gsl_rng_uniform(r) < 0.1)
				ho_put(t, s, 42000000 + (uint64_t)s * 100000 + (uint64_t)front++ / 8, 1);
			if (front > 16 && gsl_rng_uniform(r) < 0.2)
				ho_put(t, s, 42000000 + (uint64_t)s * 100000 +
				          (uint64_t)(front - 1 - (long)gsl_rng_uniform_int(r, 16)) / 8, 0);
		}
	}
	free(z.cdf);
}

static void fam_histo(ho_trace_t *t, gsl_rng *r)
{
	ho_trace_alloc(t, NSM, PER + 4);
	for (int s = 0; s < NSM; s++) {
		long in = 0;
		while (t->n[s] + 4 < PER) {
			ho_put(t, s, 50000000 + (uint64_t)s * 1000000 + (uint64_t)in++ / 2, 0);
			uint64_t bin = 51000000 + gsl_rng_uniform_int(r, 64);
			ho_put(t, s, bin, 0);
			ho_put(t, s, bin, 1);
		}
	}
}

static void fam_transpose(ho_trace_t *t, gsl_rng *r)
{
	const long W = 2048;
	ho_trace_alloc(t, NSM, PER + 16);
	for (int s = 0; s < NSM; s++) {
		long col = s, row = 0;
		while (t->n[s] + 16 < PER) {
			for (int w = 0; w < 8; w++) {
				long rr = row + w;
				ho_put(t, s, 60000000 + (uint64_t)(rr * W + col) / 4, 0);      /* strided column */
			}
			ho_put(t, s, 61000000 + (uint64_t)(col * W + row) / 32, 1);        /* row write */
			if (gsl_rng_uniform(r) < 0.02)
				row = (row + 8) % 4096;
			col = (col + NSM) % W;
		}
	}
}

static void fam_spmv(ho_trace_t *t, gsl_rng *r)
{
	ho_trace_alloc(t, NSM, PER + 8);
	for (int s = 0; s < NSM; s++) {
		long val = 0, row = 0;
		while (t->n[s] + 8 < PER) {
			int nnz = 1 + (int)gsl_rng_uniform_int(r, 8);
			for (int j = 0; j < nnz; j++) {
				ho_put(t, s, 70000000 + (uint64_t)s * 2000000 + (uint64_t)val++ / 8, 0);
				ho_put(t, s, 71000000 + gsl_rng_uniform_int(r, 6000), 0);
			}
			ho_put(t, s, 72000000 + (uint64_t)s * 100000 + (uint64_t)row++ / 16, 1);
		}
	}
}

static void fam_kv(ho_trace_t *t, gsl_rng *r)
{
	const int nsm = 8, per = 200000;
	ho_zipf_t z;
	ho_zipf_init(&z, 50000, 1.0);
	ho_trace_alloc(t, nsm, per);
	for (int s = 0; s < nsm; s++) {
		long pos = 0;
		for (int i = 0; i < per; i++) {
			int ph = (i / 25000) % 3;
			if (ph == 0)
				ho_put(t, s, 80000000 + (uint64_t)(pos++ % 1000), 0);
			else if (ph == 1)
				ho_put(t, s, 81000000 + (uint64_t)ho_zipf_draw(&z, r), 0);
			else
				ho_put(t, s, 82000000 + (uint64_t)s * 1000 + gsl_rng_uniform_int(r, 400),
				    gsl_rng_uniform(r) < 0.4);
		}
	}
	free(z.cdf);
}

#define NFAM 6
static const char *const fam_name[NFAM] = { "gemm-tile", "bfs-irreg", "histo", "transpose", "spmv", "kv-mix" };

static void make_family(int f, ho_trace_t *t)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 21500 + (unsigned long)f);
	switch (f) {
	case 0: fam_gemm(t, r); break;
	case 1: fam_bfs(t, r); break;
	case 2: fam_histo(t, r); break;
	case 3: fam_transpose(t, r); break;
	case 4: fam_spmv(t, r); break;
	default: fam_kv(t, r); break;
	}
	gsl_rng_free(r);
}

/* ---- configurations ---- */
static const ho_conf_t confs[HO_NCONF] = {
	{ "16K 2w + 64K fa", 128, 2, 512, 1, 0 },
	{ "16K 2w + 64K 2w", 128, 2, 512, 0, 2 },
	{ "12K 3w + 48K 4w", 96, 3, 384, 0, 4 },
	{ "32K 4w + 96K fa", 256, 4, 768, 1, 0 },
};

int main(int argc, char **argv)
{
	static const ho_suite_t suite = {
		.test = "test_fuse_heldout_b", .profile_name = "fuse-heldout-b", .label = "held-out B",
		.n_fam = NFAM, .fam_name = fam_name, .make_family = make_family, .confs = confs,
		.md_heading = "\n### FUSE held-out suite B (issue 21): sampled streams, model vs the exact hybrid simulator\n\n",
		.md_intro = "%d trace families never used in development (tests/unit/test_fuse_heldout_b.c; "
		       "run once, after the model was final), "
		       "per configuration and placement: mean / worst absolute error of the total, SRAM "
		       "and STT hit rates, and the mean / worst relative error of STT writes per access "
		       "(floor 0.01). Bars: 0.03 mean and 0.08 worst for hit rates, 10%% mean for writes.\n\n",
	};
	return ho_run(&suite, argc > 1 && strcmp(argv[1], "--markdown") == 0);
}
