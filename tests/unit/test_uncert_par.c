/*
 * test_uncert_par.c -- usrc_workloads (src/stats/uncert_src.h): the error rows of a study's
 * workloads computed on several threads are the rows usrc_workload gives on each workload in
 * turn, bit for bit and in the same order, whatever the thread count (and the threaded runs
 * leave every profile as it was: each run after the first reads what the one before left);
 * two bad sampled profiles give one error line, the first one's, as one thread gave.
 *
 * Workloads: a SHARDS-sampled profile (calibration/profiles/p-gemm.json, rate 0.1: the
 * sampling source's 32 draws, the costly part the threads share out), loaded twice so two
 * threads resample two profiles at once, and the exact fixtures tests/data/mini-a.json and
 * mini-b.json (no sampling rows); sources sampling and model (the model source only where
 * calibration/accelsim/results.csv is present).  rtx3080, three designs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "columns.h"
#include "presets/gpu_json.h"
#include "stats/uncert_src.h"
#include "support/check.h"
#include "workload.h"

#define NW 4

/* Two rows identical: every field, the doubles by their bits. */
static int same_row(const store_uncert_t *a, const store_uncert_t *b)
{
	return a->workload_id == b->workload_id && !strcmp(a->metric, b->metric) && !strcmp(a->source, b->source) &&
		!memcmp(&a->log_bias, &b->log_bias, sizeof a->log_bias) && !memcmp(&a->log_sd, &b->log_sd, sizeof a->log_sd) &&
		!memcmp(&a->shared, &b->shared, sizeof a->shared) && a->n == b->n && !strcmp(a->detail, b->detail);
}

int main(void)
{
	const char *paths[NW] = { "calibration/profiles/p-gemm.json", "tests/data/mini-a.json",
		"calibration/profiles/p-gemm.json", "tests/data/mini-b.json" };
	gpu_t g;
	CHECK_INT(gpu_load("rtx3080", &g), 0, "load the rtx3080 preset");
	workload_t w[NW];
	memset(w, 0, sizeof w);
	int rc = workload_load_all(paths, NW, &g, w, 1);
	CHECK_INT(rc, 0, "load the workloads");
	if (rc)
		return check_summary("uncert_par");
	CHECK(usrc_sample_rate(&w[0].prof) < 1 && usrc_sample_rate(&w[1].prof) == 1, "p-gemm is sampled, mini-a exact");
	design_t d[3];
	for (int j = 0; j < 3; j++)
		design_default(&d[j]);
	d[1].llc_scale = 2;
	d[2].active_sms = g.n_sm / 2;
	usrc_t u;
	CHECK_INT(usrc_init(&u, US_SAMPLING | US_MODEL, NULL, 1), 0, "prepare the sources");
	int max = (int)n_metric_cols * 3;
	store_uncert_t *ser = calloc((size_t)NW * max, sizeof *ser), *par = calloc((size_t)NW * max, sizeof *par);
	int nser[NW], npar[NW];
	/* one workload after another: what the sweep stored before usrc_workloads */
	for (int i = 0; i < NW; i++)
		nser[i] = usrc_workload(&u, &g, d, 3, &w[i], i, ser + (size_t)i * max, max);
	CHECK(nser[0] > 0 && nser[0] == nser[2], "sampling rows for the sampled profile, the same for its copy");
	int has_sampling = 0;
	for (int k = 0; k < nser[0]; k++)
		has_sampling |= !strcmp(ser[k].source, "sampling");
	CHECK(has_sampling, "the sampled profile has sampling rows");
	for (int k = 0; k < nser[1]; k++)
		CHECK(strcmp(ser[(size_t)max + k].source, "sampling") != 0, "no sampling row for an exact profile");
	const int threads[] = { 2, 3 };   /* two: the sweep's on two cores; three: more threads than sampled profiles */
	for (size_t t = 0; t < sizeof threads / sizeof *threads; t++) {
		memset(par, 0, (size_t)NW * max * sizeof *par);
		char what[96];
		snprintf(what, sizeof what, "usrc_workloads on %d thread%s", threads[t], threads[t] > 1 ? "s" : "");
		CHECK_INT(usrc_workloads(&u, &g, d, 3, w, NW, threads[t], par, max, npar), 0, what);
		int same = 1;
		for (int i = 0; i < NW; i++) {
			same &= npar[i] == nser[i];
			for (int k = 0; k < nser[i] && k < npar[i]; k++)
				same &= same_row(&ser[(size_t)i * max + k], &par[(size_t)i * max + k]);
		}
		CHECK(same, what);
	}
	/* bad input: two exact profiles claiming to be sampled (no random groups to draw from)
	 * fail with one error line, the first one's, not one from each thread */
	snprintf(w[1].prof.source, sizeof w[1].prof.source, "test_uncert_par --sample 0.1");
	snprintf(w[3].prof.source, sizeof w[3].prof.source, "test_uncert_par --sample 0.1");
	char errpath[] = "/tmp/test_uncert_par.XXXXXX";
	int fd = mkstemp(errpath), saved = dup(2);
	fflush(stderr);
	dup2(fd, 2);
	workload_t two[2] = { w[1], w[3] };   /* borrowed: both at once on two threads */
	int bad = usrc_workloads(&u, &g, d, 3, two, 2, 2, par, max, npar);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(fd);
	CHECK_INT(bad, -1, "usrc_workloads fails on a sampled profile without random groups");
	FILE *f = fopen(errpath, "r");
	char line[1024] = "", first[1024] = "";
	int lines = 0;
	while (f && fgets(line, sizeof line, f))
		if (lines++ == 0)
			snprintf(first, sizeof first, "%s", line);
	if (f)
		fclose(f);
	unlink(errpath);
	CHECK_INT(lines, 1, "one error line");
	CHECK(strstr(first, "tests/data/mini-a.json: sampling error: its streams carry no random groups") != NULL,
		"the line names the first bad workload (mini-a) and why");
	free(ser);
	free(par);
	usrc_free(&u);
	for (int i = 0; i < NW; i++)
		workload_free(&w[i]);
	return check_summary("uncert_par");
}
