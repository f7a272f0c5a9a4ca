/*
 * uncert_src.h -- the error of a workload's results, from the sources gpudse can quantify
 * (issue 23): what `gpudse sweep` stores in the uncertainty table and `gpudse explain` shows.
 *
 * Every source states, per metric, a log-normal factor: truth = value x exp(E),
 * E ~ N(log_bias, log_sd^2); independent sources add (biases and variances); `shared` is the
 * share of the variance common to every design on the workload (pareto --prob draws it once
 * per workload).  A source is estimated per workload, never per design point (so the sweep's
 * insert rate is untouched): on a few designs of the study (the baseline and up to
 * USRC_DESIGNS - 1 legal points spread over the space), the root mean square of the
 * per-design log_sd.
 *
 *  model        the composed model's error against Accel-Sim (src/stats/model_error.h):
 *               bias, sd and shared of log(reference / gpudse) over the development runs,
 *               for the metrics the reference measures (ipc, cycles, time_s, speedup,
 *               dram_util, dram_bpki); the same for every workload.
 *  calibration  the parameter set's fit covariance (fit.transformed.u, cov_u; docs/
 *               calibration.md): USRC_DRAWS parameter draws u ~ N(u_fit, C) through the fit's
 *               bounded map (src/stats/uncert.h), the model evaluated at each (speedup against
 *               the baseline at the same draw); the draws' mean and sd of log(value / nominal).
 *               shared = 1 (one parameter set moves every design).
 *  sampling     a SHARDS-sampled profile (rate R < 1, `gpudse profile --sample R`): hash
 *               sampling keeps or drops whole blocks (X_b ~ Bernoulli(R)), and SHARDS_adj
 *               fixes the total at N accesses, so every stream's misses at any size are a
 *               Horvitz-Thompson sum over the same sampled blocks [SHARDS, Waldspurger et al.
 *               FAST 2015, §3-4.3].  USRC_DRAWS draws of that error in every histogram the
 *               model reads (every stream's sd, rt, sd_we, per-class sd and counts, drawn
 *               from the spread of the profile's random groups of sampled blocks around the
 *               regression estimate profile_load makes (src/profiling/shards.h), one draw for
 *               all, so the levels' errors are correlated as the blocks make them:
 *               src/stats/shards_resample.h), the model evaluated on each drawn profile.
 *               Checked against hash salts in tests/unit/test_shards_err.c (L1, a 2-SM
 *               node, the LLC's local hit ratio, the model's metrics).  The profile's set-sampled DC-L1 node
 *               records (nodesample.h) get their own draws in the same evaluations: the
 *               ratio estimator's error from the between-set spread of the sampled sets
 *               (src/stats/node_resample.h; coverage over 240 salts in
 *               tests/unit/test_node_resample.c).  shared = 1 (one profile under every design).
 * Not quantified (no row): energy, power, area, hit rates under the model source (no reference
 * measures them); a metric a source does not move has log_sd 0 and is not stored.
 */
#ifndef GPUDSE_UNCERT_SRC_H
#define GPUDSE_UNCERT_SRC_H

#include "design.h"
#include "gpu.h"
#include "stats/model_error.h"
#include "store/store.h"
#include "workload.h"

#define USRC_DRAWS 32
#define USRC_DESIGNS 8

enum { US_CALIBRATION = 1, US_SAMPLING = 2, US_MODEL = 4, US_ALL = 7 };
extern const char *const usrc_name[3];   /* "calibration", "sampling", "model" (bit order) */

/* "all", "none" or a comma list of source names into *mask; 0 or EXIT_USER naming `opt`. */
int usrc_parse(const char *opt, const char *spec, unsigned *mask);

typedef struct usrc {
	unsigned sources;         /* what was asked */
	unsigned active;          /* what applies (a source without its input drops out) */
	model_err_t me;           /* model */
	int n_par;                /* calibration: parameter draws x[USRC_DRAWS][n_par] */
	char (*par_name)[96];
	double *x;
	char calib_note[200];
} usrc_t;

/* Prepare the sources in `mask`: the model error from GPUDSE_ROOT's calibration/accelsim, the
 * calibration draws from params_path (NULL or "": none; a parameter set without
 * fit.transformed drops the source with *why set).  0 or EXIT_USER. */
int usrc_init(usrc_t *u, unsigned mask, const char *params_path, unsigned long seed);
void usrc_free(usrc_t *u);

/* The rows of workload w (store's workload id wid) for designs d[0..nd) (d[0] the baseline):
 * at most n_metric_cols x 3 into rows; returns the count, or -1 after an error line.  The
 * workload's context and profile are restored before returning. */
int usrc_workload(usrc_t *u, const gpu_t *g, const design_t *d, int nd, workload_t *w, int wid,
	store_uncert_t *rows, int max_rows);

/* usrc_workload for every workload w[0..nw) (store's workload id = index) on `threads`
 * threads: one workload on one thread at a time (a workload's rows read and restore only its
 * own profile and context; u, g and d are only read), the costliest first: the sampled
 * workloads, by their histograms' bins (their draws rebuild the model context 32 times: most
 * of the work), so a thread's last workload is a short one.  Workload i's rows at
 * rows + i * max_rows, their count in n[i]: the same rows, in the same order, as
 * usrc_workload on each in turn.  0, or -1 after one error line: a sampled profile whose
 * draws cannot be prepared (no random groups) is found before the threads start, the first
 * by index, the line usrc_workload gives; after a failure on a thread (out of memory, a drawn
 * profile the model rejects) the threads take no more workloads. */
int usrc_workloads(usrc_t *u, const gpu_t *g, const design_t *d, int nd, workload_t *w, int nw,
	int threads, store_uncert_t *rows, int max_rows, int *n);

/* A profile's SHARDS sampling rate from its provenance ("... --sample R"), 1 when exact. */
double usrc_sample_rate(const profile_t *p);

#endif
