/* setharness.c -- model vs exact simulator over a fixed configuration grid; see setharness.h. */
#include "support/setharness.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profiling/profiler.h"
#include "reference/cachesim.h"
#include "setassoc.h"
#include "support/check.h"

const char *const sh_cat_name[SH_NCAT] = { "lru", "fifo", "random", "write-evict", "write-no-allocate" };

/* Exact hit ratio of cfg on the trace: one cache per SM, hits pooled. */
static double simulate(const tg_ref_t *t, size_t n, int n_sm, const sh_cfg_t *c)
{
	cachesim_t **cs = calloc((size_t)n_sm, sizeof *cs);
	if (!cs)
		return -1;
	enum cachesim_policy pol = c->pol == REUSE_FIFO ? CACHESIM_FIFO
		: c->pol == REUSE_RANDOM ? CACHESIM_RANDOM : CACHESIM_LRU;
	enum cachesim_index idx = c->index == SA_IPOLY ? CACHESIM_IPOLY : CACHESIM_MOD;
	double hits = 0, acc = 0;
	int ok = 1;
	for (int s = 0; s < n_sm && ok; s++)
		ok = (cs[s] = cachesim_alloc(1ULL << c->log_sets, (uint32_t)c->ways, pol, idx, 77 + (uint64_t)s)) != NULL;
	for (size_t i = 0; i < n && ok; i++) {
		cachesim_t *x = cs[t[i].sm];
		if (t[i].is_write && c->write == SH_EVICT)
			cachesim_write_evict(x, t[i].block);
		else if (t[i].is_write && c->write == SH_NOALLOC)
			cachesim_write_noalloc(x, t[i].block);
		else
			cachesim_access(x, t[i].block);
	}
	for (int s = 0; s < n_sm; s++) {
		if (cs[s]) {
			hits += (double)cachesim_hits(cs[s]);
			acc += (double)cachesim_accesses(cs[s]);
		}
		cachesim_free(cs[s]);
	}
	free(cs);
	return ok && acc > 0 ? hits / acc : -1;
}

static int profile_trace(const tg_ref_t *t, size_t n, int n_sm, profile_t *p)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.block_bytes = SF_BLOCK;
	o.n_sm = n_sm;
	o.n_groups = 0;
	o.write_evict = 1;
	o.setassoc = 1;
	o.threads = 1;
	profiler_t *pb = profiler_alloc(&o);
	if (!pb)
		return -1;
	int rc = 0;
	for (size_t i = 0; i < n && !rc; i++)
		rc = profiler_access(pb, t[i].sm, t[i].is_write, t[i].block * SF_BLOCK, 0);
	if (!rc)
		rc = profiler_finish(pb, p);
	profiler_free(pb);
	return rc;
}

static void add(sh_stats_t *st, enum sh_cat k, double err, const char *what)
{
	st->n[k]++;
	st->sum[k] += err;
	if (err >= st->max[k]) {
		st->max[k] = err;
		snprintf(st->worst[k], sizeof st->worst[k], "%s", what);
	}
}

static int log2i(long x)
{
	int k = 0;
	while ((1L << k) < x)
		k++;
	return k;
}

int sh_score(const sf_spec_t *sp, sh_model_fn model, sh_stats_t *st, int verbose)
{
	tg_ref_t *t;
	if (sf_make(sp, &t))
		return -1;
	int n_sm = sp->n_sm > 0 ? sp->n_sm : 1;
	profile_t p;
	if (profile_trace(t, sp->n, n_sm, &p)) {
		free(t);
		return -1;
	}
	const profile_stream_t *s = profile_stream(&p, "l1");
	int rc = s ? 0 : -1;
	static const int lru_ways[] = { 1, 2, 4, 8, 16, 32 }, fr_ways[] = { 2, 8, 32 }, w_ways[] = { 4, 8 };
	static const long lru_kb[] = { 4, 16, 64, 256, 1024, 4096 }, fr_kb[] = { 4, 32, 256, 2048 },
		w_kb[] = { 16, 128, 1024 };
	for (int cat = 0; cat < SH_NCAT && !rc; cat++) {
		const int *ways = cat == SH_LRU ? lru_ways : cat <= SH_RANDOM ? fr_ways : w_ways;
		const long *kb = cat == SH_LRU ? lru_kb : cat <= SH_RANDOM ? fr_kb : w_kb;
		int nw = cat == SH_LRU ? 6 : cat <= SH_RANDOM ? 3 : 2, nk = cat == SH_LRU ? 6 : cat <= SH_RANDOM ? 4 : 3;
		for (int ix = 0; ix < SA_NINDEX && !rc; ix++)
			for (int wi = 0; wi < nw && !rc; wi++)
				for (int ki = 0; ki < nk && !rc; ki++) {
					long blocks = kb[ki] * 1024 / SF_BLOCK;
					sh_cfg_t c = { log2i(blocks / ways[wi]), ways[wi], (enum sa_index)ix,
						cat == SH_FIFO ? REUSE_FIFO : cat == SH_RANDOM ? REUSE_RANDOM : REUSE_LRU,
						cat == SH_WEVICT ? SH_EVICT : cat == SH_WNOALLOC ? SH_NOALLOC : SH_ALLOC,
						SF_BLOCK };
					double exact = simulate(t, sp->n, n_sm, &c), m = model(s, &c);
					if (exact < 0) {
						rc = -1;
						break;
					}
					char what[96];
					snprintf(what, sizeof what, "%s %ldKB %dw %s", sp->name, kb[ki], ways[wi],
						 ix == SA_IPOLY ? "ipoly" : "linear");
					if (m < 0) {
						st->no_answer[cat]++;
						continue;
					}
					add(st, (enum sh_cat)cat, fabs(m - exact), what);
					if (verbose)
						printf("  %-10s %-44s exact %.4f model %.4f\n", sh_cat_name[cat], what, exact, m);
				}
	}
	profile_free(&p);
	free(t);
	return rc;
}

size_t sh_families(size_t n)
{
#if defined(__SANITIZE_ADDRESS__)
	return n < 3 ? n : 3;
#else
	return n;
#endif
}

void sh_print(const char *title, const sh_stats_t *st)
{
	printf("%s\n", title);
	for (int k = 0; k < SH_NCAT; k++)
		printf("  %-18s n=%3d  mean |err| %.4f  max %.4f (%s)%s\n", sh_cat_name[k], st->n[k],
		       st->n[k] ? st->sum[k] / st->n[k] : 0, st->max[k], st->worst[k],
		       st->no_answer[k] ? "  [some without answer]" : "");
}

double sh_setassoc_model(const profile_stream_t *s, const sh_cfg_t *c)
{
	enum sa_write wp = c->write == SH_EVICT ? SA_WRITE_EVICT : c->write == SH_NOALLOC ? SA_WRITE_NO_ALLOCATE
		: SA_WRITE_ALLOCATE;
	return setassoc_hit(s, (double)(1L << c->log_sets) * c->ways, c->ways, c->index, wp, c->pol, NULL);
}

void sh_score_suite(const sf_spec_t *suite, size_t n, sh_model_fn model, const char *title, int verbose,
		    sh_stats_t *st)
{
	memset(st, 0, sizeof *st);
	for (size_t i = 0; i < sh_families(n); i++)
		CHECK(sh_score(&suite[i], model, st, verbose) == 0, "profile and simulate the family");
	sh_print(title, st);
	for (int k = 0; k < SH_NCAT; k++)
		CHECK(st->no_answer[k] == 0 && st->n[k] > 0, "every configuration of the grid has an answer");
}
