/* sector_reuse.c -- sector-granular FA LRU stack distances; see sector_reuse.h. */
#include "profiling/sector_reuse.h"

#include <stdlib.h>
#include <string.h>

#include "profiling/lru_stack.h"
#include "profiling/profiler.h"

typedef struct shist {
	double *bin;          /* per profiler_bin */
	double cold;
} shist_t;

struct sector_reuse {
	int nbins;
	int global;
	lru_stack_t **sm;     /* one stack per SM id seen (grown on demand) */
	int n_sm;
	lru_stack_t *glob;
	shist_t h_l1, h_glob;
	uint64_t count;
};

static int shist_init(shist_t *h, int nbins)
{
	h->cold = 0;
	h->bin = calloc((size_t)nbins, sizeof *h->bin);
	return h->bin ? 0 : -1;
}

sector_reuse_t *sector_reuse_alloc(int global)
{
	sector_reuse_t *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->nbins = profiler_bin(UINT64_MAX) + 1;
	r->global = global;
	if (shist_init(&r->h_l1, r->nbins) || shist_init(&r->h_glob, r->nbins) ||
	    (global && !(r->glob = lru_alloc()))) {
		sector_reuse_free(r);
		return NULL;
	}
	return r;
}

void sector_reuse_free(sector_reuse_t *r)
{
	if (!r)
		return;
	for (int i = 0; i < r->n_sm; i++)
		if (r->sm[i])
			lru_free(r->sm[i]);
	free(r->sm);
	if (r->glob)
		lru_free(r->glob);
	free(r->h_l1.bin);
	free(r->h_glob.bin);
	free(r);
}

static int touch(lru_stack_t *u, shist_t *h, uint64_t sector)
{
	int cold = 0;
	uint64_t sd = 0, rt = 0;
	if (!lru_touch(u, sector, lru_hash(sector), &cold, &sd, &rt))
		return -1;
	if (cold)
		h->cold += 1;
	else
		h->bin[profiler_bin(sd)] += 1;
	return 0;
}

int sector_reuse_access(sector_reuse_t *r, int sm, uint64_t sector)
{
	if (sm < 0)
		return -1;
	if (sm >= r->n_sm) {
		int n = sm + 1 > 2 * r->n_sm ? sm + 1 : 2 * r->n_sm;
		lru_stack_t **s = realloc(r->sm, (size_t)n * sizeof *s);
		if (!s)
			return -1;
		memset(s + r->n_sm, 0, (size_t)(n - r->n_sm) * sizeof *s);
		r->sm = s;
		r->n_sm = n;
	}
	if (!r->sm[sm] && !(r->sm[sm] = lru_alloc()))
		return -1;
	r->count++;
	if (touch(r->sm[sm], &r->h_l1, sector))
		return -1;
	return r->global ? touch(r->glob, &r->h_glob, sector) : 0;
}

void sector_reuse_prefetch(const sector_reuse_t *r, int sm, uint64_t sector)
{
	uint64_t h = lru_hash(sector);
	if (sm >= 0 && sm < r->n_sm)
		lru_prefetch(r->sm[sm], h);
	lru_prefetch(r->glob, h);
}

uint64_t sector_reuse_count(const sector_reuse_t *r)
{
	return r->count;
}

/* Bins to a sparse reuse_hist_t, scaled by 1 / rate (distances and counts, SHARDS Eq. 1-2). */
static int to_hist(const shist_t *s, int nbins, double rate, double offered, reuse_hist_t *h)
{
	double inv = rate > 0 && rate < 1 ? 1.0 / rate : 1.0;
	double kept = s->cold, adj = 0;
	for (int b = 0; b < nbins; b++)
		kept += s->bin[b];
	if (inv != 1.0 && offered > 0)
		adj = (offered * rate - kept) * inv;     /* SHARDS_adj [§4.3], scaled units */
	memset(h, 0, sizeof *h);
	size_t n = 0;
	for (int b = 0; b < nbins; b++)
		n += s->bin[b] > 0;
	h->cold = s->cold * inv;
	h->total = h->cold;
	if (adj != 0 && s->bin[0] <= 0)
		n++;                                     /* the first bucket receives adj */
	if (n == 0)
		return 0;
	h->lo = malloc(n * sizeof *h->lo);
	h->hi = malloc(n * sizeof *h->hi);
	h->count = malloc(n * sizeof *h->count);
	if (!h->lo || !h->hi || !h->count) {
		reuse_hist_free(h);
		return -1;
	}
	for (int b = 0; b < nbins; b++) {
		if (s->bin[b] <= 0 && !(b == 0 && adj != 0))
			continue;
		h->lo[h->n] = (double)profiler_bin_lo(b) * inv;
		h->hi[h->n] = (double)profiler_bin_hi(b) * inv;
		h->count[h->n] = s->bin[b] * inv + (b == 0 ? adj : 0);
		if (h->count[h->n] < 0)
			h->count[h->n] = 0;                  /* clamped, as shards_scale_hist */
		h->total += h->count[h->n];
		h->n++;
	}
	return 0;
}

int sector_reuse_hists(const sector_reuse_t *r, double rate, double offered, reuse_hist_t *l1,
                       reuse_hist_t *glob)
{
	memset(glob, 0, sizeof *glob);
	if (to_hist(&r->h_l1, r->nbins, rate, offered, l1))
		return -1;
	if (r->global && to_hist(&r->h_glob, r->nbins, rate, offered, glob)) {
		reuse_hist_free(l1);
		return -1;
	}
	return 0;
}
