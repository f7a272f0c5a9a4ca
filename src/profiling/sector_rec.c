/* sector_rec.c -- the sector-granular L1 record; see sector_rec.h. */
#include "profiling/sector_rec.h"

#include <stdlib.h>
#include <string.h>

#include "profiling/line_sharers.h"
#include "profiling/lru_stack.h"

#define NO_SEEN UINT32_MAX          /* a sector not accessed since ... : never */

/* A line's sectors: g so far for each (sector_rec.h), NO_SEEN when never accessed. */
typedef struct line_slot {
	uint64_t line;
	uint64_t last;              /* the unit's access count at the line's last access (wb) */
	uint32_t g[4];
	uint32_t wg[4];             /* G so far of each sector's open write (sector_rec.h, write-backs);
	                               NO_SEEN: no write since the last one counted */
	int used;
} line_slot_t;

typedef struct sm_rec {
	lru_stack_t *stack;         /* line-level LRU stack of the SM's L1 stream */
	line_slot_t *map;           /* line -> its sectors, open addressing */
	uint64_t hmask, n;
	uint64_t t;                 /* accesses so far */
} sm_rec_t;

typedef struct ghist {
	double exact[SECREC_EXACT];
	double pow2[64];            /* [k]: g in [2^k, 2^(k+1)), k >= log2(SECREC_EXACT) */
	double cold;
} ghist_t;

/* The merged streams of groups of G consecutive SMs (sector_rec_groups): unit k merges SMs
 * [kG, (k+1)G), as the LLC of a GPU of G SMs sees them; never flushed, atomics included. */
typedef struct grp_rec {
	int g;
	sm_rec_t *unit;
	int n_unit;
	ghist_t h;                  /* pooled over the units */
} grp_rec_t;

/* The sharing-degree record (sector_rec_sharers): per sector, the kernel (flush epoch) of its
 * first access in the merged stream and the SMs whose first access to it in that kernel was a
 * load; SHR_NOFILL when that first access was a store or an atomic (no read fill). */
#define SHR_NOFILL UINT32_MAX
typedef struct sharer_slot {
	uint64_t key;               /* sector + 1; 0: empty */
	uint32_t epoch;
	uint32_t n;
} sharer_slot_t;

struct sector_rec {
	sm_rec_t *sm;
	int n_sm;
	ghist_t l1;                 /* per SM, pooled */
	ghist_t l1w;                /* the same, stores only */
	sm_rec_t glob;              /* all SMs merged (the LLC) */
	ghist_t llc;
	ghist_t llcw;               /* the same, plain stores only (atomics are reads too) */
	ghist_t llcwb;              /* G of the LLC's sector writes closed by a later write (wb) */
	grp_rec_t grp[SECREC_MAX_GROUPS];
	int n_grp;
	sharer_slot_t *shr;         /* sector -> its fill's loading SMs (sector_rec_sharers) */
	uint64_t shr_mask, shr_n;
	uint32_t epoch;             /* kernels ended (sector_rec_flush) */
	int fed;                    /* a request was fed (groups can no longer be set) */
	int failed;
};

sector_rec_t *sector_rec_alloc(void)
{
	return calloc(1, sizeof(sector_rec_t));
}

void sector_rec_free(sector_rec_t *r)
{
	if (!r)
		return;
	for (int i = 0; i < r->n_sm; i++) {
		lru_free(r->sm[i].stack);
		free(r->sm[i].map);
	}
	lru_free(r->glob.stack);
	free(r->glob.map);
	free(r->shr);
	for (int i = 0; i < r->n_grp; i++) {
		for (int k = 0; k < r->grp[i].n_unit; k++) {
			lru_free(r->grp[i].unit[k].stack);
			free(r->grp[i].unit[k].map);
		}
		free(r->grp[i].unit);
	}
	free(r->sm);
	free(r);
}

int sector_rec_groups(sector_rec_t *r, const int *g, int n)
{
	if (r->fed || r->failed || n < 0 || n > SECREC_MAX_GROUPS)
		return -1;
	for (int i = 0; i < n; i++)
		if (g[i] < 2)
			return -1;
	for (int i = 0; i < n; i++)
		r->grp[i] = (grp_rec_t){ .g = g[i] };
	r->n_grp = n;
	return 0;
}

static line_slot_t *slot(sm_rec_t *s, uint64_t line)
{
	if (2 * (s->n + 1) > s->hmask + 1) {        /* keep the map at most half full */
		uint64_t cap = (s->hmask + 1) * 2;
		line_slot_t *m = calloc(cap, sizeof *m);
		if (!m)
			return NULL;
		for (uint64_t i = 0; i <= s->hmask; i++)
			if (s->map[i].used) {
				uint64_t j = lru_hash(s->map[i].line) & (cap - 1);
				while (m[j].used)
					j = (j + 1) & (cap - 1);
				m[j] = s->map[i];
			}
		free(s->map);
		s->map = m;
		s->hmask = cap - 1;
	}
	uint64_t j = lru_hash(line) & s->hmask;
	while (s->map[j].used && s->map[j].line != line)
		j = (j + 1) & s->hmask;
	if (!s->map[j].used) {
		s->map[j].used = 1;
		s->map[j].line = line;
		for (int k = 0; k < 4; k++)
			s->map[j].g[k] = s->map[j].wg[k] = NO_SEEN;
		s->n++;
	}
	return &s->map[j];
}

void sector_rec_flush(sector_rec_t *r)
{
	for (int i = 0; i < r->n_sm; i++)
		for (uint64_t j = 0; r->sm[i].map && j <= r->sm[i].hmask; j++)
			for (int k = 0; k < 4; k++)
				r->sm[i].map[j].g[k] = NO_SEEN;   /* forgotten: the next access is a miss */
	r->epoch++;
}

/* The slot of sector `key - 1` (inserted empty-counted when absent: *fresh 1), NULL out of memory. */
static sharer_slot_t *shr_slot(sector_rec_t *r, uint64_t key, int *fresh)
{
	if (2 * (r->shr_n + 1) > r->shr_mask + 1) {          /* at most half full */
		uint64_t cap = r->shr ? (r->shr_mask + 1) * 2 : 1024;
		sharer_slot_t *m = calloc(cap, sizeof *m);
		if (!m)
			return NULL;
		for (uint64_t i = 0; r->shr && i <= r->shr_mask; i++)
			if (r->shr[i].key) {
				uint64_t j = lru_hash(r->shr[i].key) & (cap - 1);
				while (m[j].key)
					j = (j + 1) & (cap - 1);
				m[j] = r->shr[i];
			}
		free(r->shr);
		r->shr = m;
		r->shr_mask = cap - 1;
	}
	uint64_t j = lru_hash(key) & r->shr_mask;
	while (r->shr[j].key && r->shr[j].key != key)
		j = (j + 1) & r->shr_mask;
	*fresh = !r->shr[j].key;
	if (*fresh) {
		r->shr[j].key = key;
		r->shr_n++;
	}
	return &r->shr[j];
}

/* The sharing-degree record of one request (sector_rec_sharers): gcold, the sectors the merged
 * stream had never seen (the fill); lcold, those the SM's L1 had not seen in this kernel. */
static int shr_note(sector_rec_t *r, uint64_t line, unsigned gcold, unsigned lcold, int load)
{
	for (int k = 0; k < 4; k++) {
		if (!((gcold | (load ? lcold : 0)) >> k & 1))
			continue;
		int fresh;
		sharer_slot_t *e = shr_slot(r, line * 4 + (uint64_t)k + 1, &fresh);
		if (!e)
			return -1;
		if (fresh) {                                     /* the sector's first access: its fill */
			e->epoch = r->epoch;
			e->n = load ? 1 : SHR_NOFILL;
		} else if (e->n != SHR_NOFILL && e->epoch == r->epoch && !(gcold >> k & 1)) {
			e->n++;                                      /* one more SM's L1 read miss in it */
		}
	}
	return 0;
}

static int to_hist(const ghist_t *r, reuse_hist_t *out);

static void count(ghist_t *r, uint64_t g)
{
	if (g < SECREC_EXACT) {
		r->exact[g] += 1.0;
		return;
	}
	int k = 63;
	while (!(g >> k))
		k--;
	r->pow2[k] += 1.0;
}

/* One request on one unit's record (sector_rec.h): g of each accessed sector into h; with wb
 * (the LLC's unit), G of each written sector's previous write into wb when is_write. */
static int unit_access(sm_rec_t *s, ghist_t *h, ghist_t *hw, ghist_t *wb, int is_write, uint64_t line,
                       unsigned mask, unsigned *coldmask)
{
	if (!s->stack) {
		s->stack = lru_alloc();
		s->map = calloc(64, sizeof *s->map);
		s->hmask = 63;
		if (!s->stack || !s->map)
			return -1;
	}
	int cold;
	uint64_t sd = 0, rt;
	if (!lru_touch(s->stack, line, lru_hash(line), &cold, &sd, &rt))
		return -1;
	line_slot_t *e = slot(s, line);
	if (!e)
		return -1;
	/* a line seen for the first time has no sector seen: nothing to raise (lru stacks never
	 * forget a block, so a cold line is a line never accessed) */
	uint32_t d = cold ? 0 : sd >= NO_SEEN - 1 ? NO_SEEN - 1 : (uint32_t)sd;
	for (int k = 0; k < 4; k++) {     /* g: the largest line distance since each sector's access */
		if (e->g[k] != NO_SEEN && d > e->g[k])
			e->g[k] = d;
		if (e->wg[k] != NO_SEEN && d > e->wg[k])   /* G: since each sector's open write, this
		                                                access included (a miss: evicted before it) */
			e->wg[k] = d;
	}
	e->last = s->t++;
	for (int k = 0; k < 4; k++) {
		if (!(mask >> k & 1))
			continue;
		if (e->g[k] == NO_SEEN) {
			h->cold += 1.0;                                  /* the sector's first access */
			if (coldmask)
				*coldmask |= 1u << k;
			if (hw)
				hw->cold += 1.0;
		} else {
			count(h, e->g[k]);
			if (hw)
				count(hw, e->g[k]);
		}
		e->g[k] = 0;                                         /* accessed now */
		if (wb && is_write) {                                /* the open write is closed by this one */
			if (e->wg[k] != NO_SEEN)
				count(wb, e->wg[k]);
			e->wg[k] = 0;
		}
	}
	return 0;
}

int sector_rec_access(sector_rec_t *r, int sm, uint64_t line, unsigned mask, int is_write, int bypass_l1)
{
	if (r->failed || sm < 0 || mask == 0 || mask > 15)
		return r->failed = -1;
	if (sm >= r->n_sm) {
		sm_rec_t *n = realloc(r->sm, (size_t)(sm + 1) * sizeof *n);
		if (!n)
			return r->failed = -1;
		memset(n + r->n_sm, 0, (size_t)(sm + 1 - r->n_sm) * sizeof *n);
		r->sm = n;
		r->n_sm = sm + 1;
	}
	r->fed = 1;
	unsigned lcold = 0, gcold = 0;
	if (!bypass_l1 && unit_access(&r->sm[sm], &r->l1, is_write ? &r->l1w : NULL, NULL, 0, line, mask, &lcold))
		return r->failed = -1;
	if (unit_access(&r->glob, &r->llc, is_write && !bypass_l1 ? &r->llcw : NULL, &r->llcwb, is_write, line, mask, &gcold))
		return r->failed = -1;
	if ((gcold || (lcold && !is_write)) && shr_note(r, line, gcold, lcold, !is_write && !bypass_l1))
		return r->failed = -1;
	for (int i = 0; i < r->n_grp; i++) {       /* the groups' merged streams (sector_rec_groups) */
		grp_rec_t *G = &r->grp[i];
		int k = sm / G->g;
		if (k >= G->n_unit) {
			sm_rec_t *u = realloc(G->unit, (size_t)(k + 1) * sizeof *u);
			if (!u)
				return r->failed = -1;
			memset(u + G->n_unit, 0, (size_t)(k + 1 - G->n_unit) * sizeof *u);
			G->unit = u;
			G->n_unit = k + 1;
		}
		if (unit_access(&G->unit[k], &G->h, NULL, NULL, 0, line, mask, NULL))
			return r->failed = -1;
	}
	return 0;
}

static void unit_prefetch(const sm_rec_t *s, uint64_t h)
{
	lru_prefetch(s->stack, h);
	if (s->map)
		__builtin_prefetch(&s->map[h & s->hmask], 1);
}

void sector_rec_prefetch(const sector_rec_t *r, int sm, uint64_t line, int bypass_l1)
{
	uint64_t h = lru_hash(line);
	if (!bypass_l1 && sm >= 0 && sm < r->n_sm)
		unit_prefetch(&r->sm[sm], h);
	unit_prefetch(&r->glob, h);
	for (int i = 0; i < r->n_grp && sm >= 0; i++)
		if (sm / r->grp[i].g < r->grp[i].n_unit)
			unit_prefetch(&r->grp[i].unit[sm / r->grp[i].g], h);
}

int sector_rec_hist_group(const sector_rec_t *r, int g, reuse_hist_t *out)
{
	for (int i = 0; i < r->n_grp; i++)
		if (r->grp[i].g == g)
			return to_hist(&r->grp[i].h, out);
	return -1;
}

int sector_rec_hist(const sector_rec_t *r, reuse_hist_t *out)
{
	return to_hist(&r->l1, out);
}

int sector_rec_hist_global(const sector_rec_t *r, reuse_hist_t *out)
{
	return to_hist(&r->llc, out);
}

int sector_rec_hist_writes(const sector_rec_t *r, reuse_hist_t *out)
{
	return to_hist(&r->l1w, out);
}

int sector_rec_hist_global_writes(const sector_rec_t *r, reuse_hist_t *out)
{
	return to_hist(&r->llcw, out);
}

static int cmp_u64_desc(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? 1 : x > y ? -1 : 0;
}

int sector_rec_hist_global_wb(const sector_rec_t *r, reuse_hist_t *out)
{
	const sm_rec_t *s = &r->glob;
	ghist_t *h = malloc(sizeof *h);
	uint64_t *last = malloc((s->n ? s->n : 1) * sizeof *last);
	if (!h || !last) {
		free(h);
		free(last);
		return -1;
	}
	*h = r->llcwb;
	/* the writes still open at the end: G = max(their G so far, E), E the distinct lines
	 * accessed after the line's last access (its depth in the final LRU stack: the number of
	 * lines whose last access is later) */
	uint64_t n = 0;
	for (uint64_t j = 0; s->map && j <= s->hmask; j++)
		if (s->map[j].used)
			last[n++] = s->map[j].last;
	qsort(last, n, sizeof *last, cmp_u64_desc);
	for (uint64_t j = 0; s->map && j <= s->hmask; j++) {
		const line_slot_t *e = &s->map[j];
		if (!e->used)
			continue;
		uint64_t lo = 0, hi = n;                       /* lines with a later last access */
		while (lo < hi) {
			uint64_t mid = lo + (hi - lo) / 2;
			if (last[mid] > e->last)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (int k = 0; k < 4; k++)
			if (e->wg[k] != NO_SEEN)
				count(h, e->wg[k] > lo ? e->wg[k] : lo);
	}
	int rc = to_hist(h, out);
	free(h);
	free(last);
	return rc;
}

static int to_hist(const ghist_t *r, reuse_hist_t *out)
{
	memset(out, 0, sizeof *out);
	size_t n = 0;
	for (int d = 0; d < SECREC_EXACT; d++)
		n += r->exact[d] > 0;
	for (int k = 0; k < 64; k++)
		n += r->pow2[k] > 0;
	out->lo = malloc((n ? n : 1) * sizeof *out->lo);
	out->hi = malloc((n ? n : 1) * sizeof *out->hi);
	out->count = malloc((n ? n : 1) * sizeof *out->count);
	if (!out->lo || !out->hi || !out->count) {
		reuse_hist_free(out);
		return -1;
	}
	double sum = 0.0;
	for (int d = 0; d < SECREC_EXACT; d++)
		if (r->exact[d] > 0) {
			out->lo[out->n] = d;
			out->hi[out->n] = d + 1;
			out->count[out->n++] = r->exact[d];
			sum += r->exact[d];
		}
	for (int k = 0; k < 64; k++)
		if (r->pow2[k] > 0) {
			out->lo[out->n] = (double)((uint64_t)1 << k);
			out->hi[out->n] = k < 63 ? (double)((uint64_t)1 << (k + 1)) : 2.0 * (double)((uint64_t)1 << k);
			out->count[out->n++] = r->pow2[k];
			sum += r->pow2[k];
		}
	out->cold = r->cold;
	out->total = sum + r->cold;
	return 0;
}

int sector_rec_sharers(const sector_rec_t *r, shape_sharers_t **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	size_t cap = 0;
	for (uint64_t j = 0; r->shr && j <= r->shr_mask; j++) {
		const sharer_slot_t *e = &r->shr[j];
		if (e->key && e->n != SHR_NOFILL && sharers_hist_add(out, n, &cap, (int)e->n))
			return -1;
	}
	sharers_hist_sort(*out, *n);
	return 0;
}
