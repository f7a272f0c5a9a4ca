/*
 * shards_err_kernel.c -- the sampling source (src/stats/shards_resample.h) on a real kernel's
 * trace: the GPU model (rtx3080, default design) on the exact profile and on SALTS sampled ones
 * (R = 0.1, profiler_opts_t.sample_salt), against the rows usrc_workload stores for each.  A
 * measurement, not a test (too slow for make test): tests/unit/test_shards_err.c asserts the
 * model on synthetic traces; this says how it does on a generated GPU kernel.
 *   make build/shards_err_kernel
 *   build/gpudse trace p-2mm --size 128 --gpu rtx3080 -o /tmp/k.trace
 *   GPUDSE_ROOT=$PWD build/shards_err_kernel /tmp/k.trace [SALTS, default 12]
 * Per metric: the sd over the salts of log(value), the mean stored sampling log-sd, their
 * ratio, and how many salts' stored 90% intervals contain the exact profile's value.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_statistics_double.h>

#include "design.h"
#include "gpu.h"
#include "presets/gpu_json.h"
#include "profiling/profiler.h"
#include "profiling/shards.h"
#include "profiling/trace_text.h"
#include "stats/uncert_src.h"
#include "workload.h"

#define MAX_SALTS 64
#define NM 5
static const char *const MM[NM] = { "l1_hit", "llc_hit", "dram_bpki", "ipc", "l1_apki" };

static double mv(const metrics_t *m, int k)
{
	return k == 0 ? m->l1_hit : k == 1 ? m->llc_hit : k == 2 ? m->dram_bpki : k == 3 ? m->ipc : m->l1_apki;
}

/* exact (rate 0) or sampled; no set-associative records, so both take Smith's model */
static int build(const char *trace, double rate, uint64_t salt, profile_t *p)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = 68;
	o.sample_rate = rate;
	o.sample_salt = salt;
	o.fuse_sample = 0;
	char src[64];
	snprintf(src, sizeof src, "shards_err_kernel --sample %g", rate);
	o.source = src;
	o.name = "kernel";
	profiler_t *pb = profiler_alloc(&o);
	if (!pb || trace_text_read(trace, NULL, pb, NULL, NULL)) {
		profiler_free(pb);
		return -1;
	}
	int rc = profiler_finish(pb, p);
	profiler_free(pb);
	if (rc == 0 && rate > 0 && rate < 1 && shards_regress_adj(p, rate) < 0)   /* as profile_load does (shards.h) */
		rc = -1;
	return rc;
}

int main(int argc, char **argv)
{
	int salts = argc > 2 ? atoi(argv[2]) : 12;
	if (argc < 2 || salts < 2 || salts > MAX_SALTS) {
		fprintf(stderr, "usage: shards_err_kernel TRACE [SALTS 2..%d]\n", MAX_SALTS);
		return 1;
	}
	gpu_t g;
	if (gpu_load("rtx3080", &g))
		return 1;
	design_t d[2];
	design_default(&d[0]);
	design_default(&d[1]);
	d[1].llc_scale = 2;
	profile_t ex;
	metrics_t m;
	const char *why = NULL;
	if (build(argv[1], 0, 0, &ex)) {
		fprintf(stderr, "shards_err_kernel: %s: cannot profile it\n", argv[1]);
		return 1;
	}
	wctx_t *c = wctx_alloc(&g, &ex, &why);
	if (!c || gpu_eval(&g, &d[0], c, &m, &why))
		return 1;
	double exact[NM], lv[MAX_SALTS][NM], sd[MAX_SALTS][NM];
	int inside[NM] = { 0 };
	for (int k = 0; k < NM; k++)
		exact[k] = mv(&m, k);
	wctx_free(c);
	for (int s = 0; s < salts; s++) {
		workload_t w;
		memset(&w, 0, sizeof w);
		if (build(argv[1], 0.1, 0x9e3779b97f4a7c15ULL * (uint64_t)(s + 1), &w.prof))
			return 1;
		if (!(w.ctx = wctx_alloc(&g, &w.prof, &why)) || gpu_eval(&g, &d[0], w.ctx, &m, &why))
			return 1;
		usrc_t u;
		store_uncert_t rows[256];
		int nr = usrc_init(&u, US_SAMPLING, NULL, 1) ? -1 : usrc_workload(&u, &g, d, 2, &w, 0, rows, 256);
		for (int k = 0; k < NM; k++) {
			double b = 0;
			sd[s][k] = 0;
			lv[s][k] = log(mv(&m, k));
			for (int i = 0; i < nr; i++)
				if (!strcmp(rows[i].metric, MM[k])) {
					sd[s][k] = rows[i].log_sd;
					b = rows[i].log_bias;
				}
			inside[k] += fabs(log(exact[k]) - lv[s][k] - b) <= 1.6448536269514722 * sd[s][k];
		}
		usrc_free(&u);
		wctx_free(w.ctx);
		profile_free(&w.prof);
	}
	printf("%s, R = 0.1, %d salts\n%-10s %10s %10s %10s %7s %s\n", argv[1], salts, "metric", "exact", "sd salts",
		"sd stored", "ratio", "inside");
	for (int k = 0; k < NM; k++) {
		double col[MAX_SALTS], st[MAX_SALTS];
		for (int s = 0; s < salts; s++) {
			col[s] = lv[s][k];
			st[s] = sd[s][k];
		}
		double e = gsl_stats_sd(col, 1, (size_t)salts), t = gsl_stats_mean(st, 1, (size_t)salts);
		printf("%-10s %10.4g %10.5f %10.5f %7.2f %d/%d\n", MM[k], exact[k], e, t, e > 0 ? t / e : 0, inside[k], salts);
	}
	profile_free(&ex);
	return 0;
}
