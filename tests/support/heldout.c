/* heldout.c -- the FUSE held-out suites' shared harness (see heldout.h). */
#include "support/heldout.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/check.h"
#include "fuse.h"
#include "profile.h"
#include "profiling/profiler.h"

void ho_trace_alloc(ho_trace_t *t, int n_sm, size_t per_sm)
{
	memset(t, 0, sizeof *t);
	t->n_sm = n_sm;
	for (int s = 0; s < n_sm; s++) {
		t->r[s] = calloc(per_sm, sizeof *t->r[s]);
		t->n[s] = 0;
	}
}

void ho_trace_free(ho_trace_t *t)
{
	for (int s = 0; s < t->n_sm; s++)
		free(t->r[s]);
}

void ho_put(ho_trace_t *t, int sm, uint64_t b, int w)
{
	t->r[sm][t->n[sm]].block = b;
	t->r[sm][t->n[sm]++].is_write = w;
}

void ho_zipf_init(ho_zipf_t *z, int n, double alpha)
{
	z->n = n;
	z->cdf = malloc((size_t)n * sizeof *z->cdf);
	double s = 0.0;
	for (int i = 0; i < n; i++)
		z->cdf[i] = (s += pow(i + 1.0, -alpha));
	for (int i = 0; i < n; i++)
		z->cdf[i] /= s;
}

int ho_zipf_draw(const ho_zipf_t *z, gsl_rng *r)
{
	double u = gsl_rng_uniform(r);
	int lo = 0, hi = z->n - 1;
	while (lo < hi) {
		int m = (lo + hi) / 2;
		if (z->cdf[m] < u) lo = m + 1; else hi = m;
	}
	return lo;
}

/* The profile of a trace, as `gpudse profile` would build it (default options, SMs
 * interleaved access by access). */
static int build_profile(const ho_trace_t *t, const char *name, profile_t *p)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.block_bytes = 128;
	o.n_sm = t->n_sm;
	o.n_groups = 0;
	o.name = name;
	profiler_t *pb = profiler_alloc(&o);
	if (!pb)
		return -1;
	size_t most = 0;
	for (int s = 0; s < t->n_sm; s++)
		most = t->n[s] > most ? t->n[s] : most;
	for (size_t i = 0; i < most; i++)
		for (int s = 0; s < t->n_sm; s++)
			if (i < t->n[s])
				profiler_access(pb, s, t->r[s][i].is_write, t->r[s][i].block * 128, 0);
	for (int s = 0; s < t->n_sm; s++)
		profiler_insts(pb, s, 10.0 * t->n[s], (double)t->n[s], 4.0 * t->n[s]);
	int rc = profiler_finish(pb, p);
	profiler_free(pb);
	return rc;
}

static const char *const place_name[HO_NPLACE] = {
	"no predictor", "predictor q=.95", "predictor q=.85", "oracle", "oracle, no migration" };

/* errors of one (family, configuration, placement) case */
typedef struct err { double total, sram, stt, writes; } err_t;

static err_t *err_at(err_t *errs, int n_fam, int ci, int pl, int f)
{
	return &errs[((size_t)ci * HO_NPLACE + (size_t)pl) * (size_t)n_fam + (size_t)f];
}

static void run_case(const ho_suite_t *su, err_t *errs, int f, const ho_trace_t *t,
                     const fuse_ctx_t *ctx, int ci, int pl)
{
	const ho_conf_t *c = &su->confs[ci];
	fuse_org_t o;
	memset(&o, 0, sizeof o);
	o.cfg = pl == 0 ? (c->stt_fa ? FUSE_FA : FUSE_BASE) : FUSE_DY;
	o.fa = c->stt_fa;
	o.placement = pl == 0 ? FUSE_PLACE_VICTIM : pl <= 2 ? FUSE_PLACE_PREDICTOR : FUSE_PLACE_ORACLE;
	o.q = pl == 1 ? 0.95 : pl == 2 ? 0.85 : 1.0;
	o.migrate = pl != 4;
	o.sram_kib = c->sram_blocks * 128.0 / 1024.0;
	o.stt_kib = c->stt_blocks * 128.0 / 1024.0;
	o.sram_ways = c->sram_ways;
	o.stt_ways = c->stt_ways;
	fuse_hit_t m;
	CHECK_INT(fuse_hit_eval(ctx, &o, 32768.0, &m), 0, "model evaluates");

	hs_cfg_t h = { .sram_sets = c->sram_blocks / c->sram_ways, .sram_ways = c->sram_ways,
	               .stt_blocks = c->stt_blocks, .stt_fa = c->stt_fa, .stt_ways = c->stt_ways,
	               .predictor = pl != 0, .pred_acc = pl == 1 ? 0.95 : pl == 2 ? 0.85 : 0.0,
	               .no_migrate = pl == 4 };
	double acc = 0, hs = 0, ht = 0, sw = 0;
	for (int sd = 0; sd < HO_SEEDS; sd++)
		for (int s = 0; s < t->n_sm; s++) {
			hs_result_t r;
			h.seed = (uint64_t)sd;
			CHECK_INT(hs_run(&h, t->r[s], t->n[s], &r), 0, "simulation runs");
			acc += r.acc, hs += r.h_sram, ht += r.h_stt, sw += r.stt_write;
		}
	hs /= acc, ht /= acc, sw /= acc;
	err_t *e = err_at(errs, su->n_fam, ci, pl, f);
	e->total = fabs(m.h - (hs + ht));
	e->sram = fabs(m.h_sram - hs);
	e->stt = fabs(m.h_stt - ht);
	e->writes = fabs(m.stt_write - sw) / fmax(sw, 0.01);
	fprintf(stderr, "  %-12s %-16s %-20s SRAM %.4f/%.4f  STT %.4f/%.4f  STT wr %.4f/%.4f (model/sim)\n",
	        su->fam_name[f], c->name, place_name[pl], m.h_sram, hs, m.h_stt, ht, m.stt_write, sw);
}

typedef struct agg { double mean[4], worst[4]; } agg_t;

static agg_t aggregate(const err_t *errs, int n_fam, int ci, int pl)
{
	agg_t a;
	memset(&a, 0, sizeof a);
	for (int f = 0; f < n_fam; f++) {
		const err_t *e = err_at((err_t *)errs, n_fam, ci, pl, f);
		double v[4] = { e->total, e->sram, e->stt, e->writes };
		for (int k = 0; k < 4; k++) {
			a.mean[k] += v[k] / n_fam;
			a.worst[k] = fmax(a.worst[k], v[k]);
		}
	}
	return a;
}

int ho_run(const ho_suite_t *su, int markdown)
{
	err_t *errs = calloc((size_t)HO_NCONF * HO_NPLACE * (size_t)su->n_fam, sizeof *errs);
	if (!errs) {
		fprintf(stderr, "%s: out of memory\n", su->test);
		return 1;
	}
	for (int f = 0; f < su->n_fam; f++) {
		ho_trace_t t;
		su->make_family(f, &t);
		profile_t p;
		CHECK_INT(build_profile(&t, su->profile_name, &p), 0, "profiler builds the profile");
		fuse_params_t par;
		fuse_params_default(&par);
		fuse_ctx_t *ctx = fuse_ctx_alloc(&p, &par);
		CHECK(ctx != NULL, "context from the profile");
		if (ctx)
			for (int ci = 0; ci < HO_NCONF; ci++)
				for (int pl = 0; pl < HO_NPLACE; pl++)
					run_case(su, errs, f, &t, ctx, ci, pl);
		fuse_ctx_free(ctx);
		profile_free(&p);
		ho_trace_free(&t);
	}
	if (markdown) {
		fputs(su->md_heading, stdout);
		printf(su->md_intro, su->n_fam);
		printf("| configuration | placement | total | SRAM | STT | STT writes |\n");
		printf("| --- | --- | --- | --- | --- | --- |\n");
	}
	for (int ci = 0; ci < HO_NCONF; ci++)
		for (int pl = 0; pl < HO_NPLACE; pl++) {
			agg_t a = aggregate(errs, su->n_fam, ci, pl);
			const char *cname = su->confs[ci].name;
			char src[160];
			const char *what[3] = { "total", "SRAM", "STT" };
			for (int k = 0; k < 3; k++) {
				snprintf(src, sizeof src, "%s %s, %s: %s hit rate mean error <= 0.03 (issue 21)",
				         su->label, cname, place_name[pl], what[k]);
				CHECK(a.mean[k] <= 0.03, src);
				snprintf(src, sizeof src, "%s %s, %s: %s hit rate worst error <= 0.08 (issue 21)",
				         su->label, cname, place_name[pl], what[k]);
				CHECK(a.worst[k] <= 0.08, src);
			}
			snprintf(src, sizeof src, "%s %s, %s: STT writes mean error <= 10%% (issue 21)",
			         su->label, cname, place_name[pl]);
			CHECK(a.mean[3] <= 0.10, src);
			fprintf(stderr, "%-16s %-20s total %.3f/%.3f SRAM %.3f/%.3f STT %.3f/%.3f writes %.1f%%/%.1f%%\n",
			        cname, place_name[pl], a.mean[0], a.worst[0], a.mean[1], a.worst[1],
			        a.mean[2], a.worst[2], 100 * a.mean[3], 100 * a.worst[3]);
			if (markdown)
				printf("| %s | %s | %.3f / %.3f | %.3f / %.3f | %.3f / %.3f | %.1f%% / %.1f%% |\n",
				       cname, place_name[pl], a.mean[0], a.worst[0], a.mean[1],
				       a.worst[1], a.mean[2], a.worst[2], 100 * a.mean[3], 100 * a.worst[3]);
		}
	free(errs);
	return check_summary(su->test);
}
