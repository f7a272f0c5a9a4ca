/*
 * heldout.h -- the harness the FUSE held-out suites share (tests/unit/test_fuse_heldout.c and
 * test_fuse_heldout_b.c): per-SM block traces, a Zipf sampler, the profile of a trace as
 * `gpudse profile` builds it, and the run of every (family, configuration, placement) case of
 * the model (fuse_hit_eval on that profile) against the exact hybrid-cache simulator
 * (tests/reference/hybridsim.c), with issue 21's bars per configuration and placement.
 * Each suite supplies its families, its configurations and its wording.
 *
 * Reference: per SM, the simulator's mean over HO_SEEDS hash functions (set index and the
 * mispredicted blocks), pooled over the SMs; the model predicts that expectation.
 * Bars (issue 21), per configuration and placement over the families: total, SRAM and STT hit
 * rates within 0.03 mean and 0.08 worst (absolute), STT writes per access within 10% mean
 * (relative to the simulator's, with a floor of 0.01 writes per access so that a case with
 * almost no STT writes is judged on its absolute error).
 */
#ifndef GPUDSE_TEST_HELDOUT_H
#define GPUDSE_TEST_HELDOUT_H

#include <stddef.h>
#include <stdint.h>

#include <gsl/gsl_rng.h>

#include "reference/hybridsim.h"

#define HO_SEEDS 4
#define HO_MAX_SM 8
#define HO_NCONF 4
#define HO_NPLACE 5

typedef struct ho_trace {
	int n_sm;
	size_t n[HO_MAX_SM];
	hs_ref_t *r[HO_MAX_SM];
} ho_trace_t;

void ho_trace_alloc(ho_trace_t *t, int n_sm, size_t per_sm);
void ho_trace_free(ho_trace_t *t);
/* Append block b (a write when w) to SM sm's trace. */
void ho_put(ho_trace_t *t, int sm, uint64_t b, int w);

/* Zipf(alpha) over n items by inversion of the tabulated CDF. */
typedef struct ho_zipf { int n; double *cdf; } ho_zipf_t;
void ho_zipf_init(ho_zipf_t *z, int n, double alpha);
int ho_zipf_draw(const ho_zipf_t *z, gsl_rng *r);

typedef struct ho_conf {
	const char *name;
	int sram_blocks, sram_ways, stt_blocks, stt_fa, stt_ways;
} ho_conf_t;

typedef struct ho_suite {
	const char *test;            /* the check_summary name */
	const char *profile_name;    /* the profile's name */
	const char *label;           /* starts each bar's check name ("held-out", "held-out B") */
	int n_fam;
	const char *const *fam_name;
	void (*make_family)(int f, ho_trace_t *t);
	const ho_conf_t *confs;      /* HO_NCONF configurations */
	const char *md_heading;      /* --markdown: the section heading line */
	const char *md_intro;        /* --markdown: the paragraph before the table (one %d: n_fam) */
} ho_suite_t;

/* Run every case, check the bars, print the per-group errors on stderr (and the markdown table
 * on stdout when markdown); returns check_summary's status. */
int ho_run(const ho_suite_t *s, int markdown);

#endif
