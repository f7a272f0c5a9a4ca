/* setstack.c -- per-set LRU stacks for every power-of-two set count; see setstack.h. */
#include "profiling/setstack.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define W PROFILE_SA_WAYS
#define HOLE UINT64_MAX       /* an invalidated way (write-evict); blocks are below 2^64 - 1 */
#define PAGE_LOG 7            /* sets per page of list headers: pages are made on first touch */
#define PAGE (1u << PAGE_LOG)

/* One set's most recent blocks (or time stamps, "Timed lists" below), most recent first (holes
 * included for write-evict).  A set of up to INL entries keeps them in its header (id == in),
 * so looking it up costs one cache miss, not two dependent ones (header, then list): most sets
 * of the larger set counts hold one or two blocks.  Longer lists move to the heap.  (Four
 * inline entries in a 64-byte header were no faster and took 30% more memory: farm-bench on
 * the 2e6-reference p-2mm prefix, 355 vs 274 MiB peak.) */
#define INL 2
typedef struct slist {
	uint64_t *id;         /* in (cap == INL), or a heap array of cap entries */
	uint64_t *t;          /* write-no-allocate: each entry's last access time (its priority) */
	uint8_t n, cap;
	uint64_t in[INL];
} slist_t;

/*
 * A timed list (setstack_access_timed, "Timed lists" below) in 16 bytes, four to a cache line:
 * the sets of the fine levels hold one or two stamps nearly always, and their lists were 40-byte
 * headers of which half straddled two lines.  a = n << 56 | v with n the entries (0..W) and v
 * the top stamp when n <= 2, else the address of a heap array of the stamps (capacity 4, 8, ..,
 * W, most recent first); b = the second stamp when n == 2, the top stamp (a copy of the
 * array's first) when n > 2, so deciding "the block is on top, nothing changes" (most accesses
 * of the fine levels) reads this line only.  Stamps and addresses are below 2^56 (checked).
 */
typedef struct tset {
	uint64_t a, b;
} tset_t;
#define TN_SHIFT 56
#define TV_MASK ((1ULL << TN_SHIFT) - 1)

/* A list past W/2 entries lives in a window of W stamps inside an array of 2W aligned to its
 * size (a BIG array), and the address in a is the window's start.  A miss on a full list (the
 * commonest update of the coarse levels: per-set distances of W or more) moves the window
 * down one place, the oldest falling out of it, instead of moving W - 1 stamps; only when the
 * window reaches the bottom are they copied back to the top half, once per W misses.  (The
 * moves were a tenth of the records' time, farm-bench on the 2e6-reference p-2mm prefix.) */
#define BIG_BYTES (2 * W * sizeof(uint64_t))
_Static_assert((BIG_BYTES & (BIG_BYTES - 1)) == 0, "a BIG array is aligned to its power-of-two size");
static inline uint64_t *big_base(uint64_t *window)
{
	return (uint64_t *)((uintptr_t)window & ~(uintptr_t)(BIG_BYTES - 1));
}

typedef struct lvl {
	union {
		slist_t **page;       /* 2^k sets in pages of PAGE (fewer for k < PAGE_LOG) */
		tset_t **tpage;       /* the same for a timed stack */
	};
	uint32_t npages;
} lvl_t;

struct setstack {
	int max_log, we;      /* we: enum setstack_mode */
	int lo_log, only_f;   /* levels kept: lo_log..max_log of index only_f (-1: every index) */
	uint64_t now;         /* accesses so far (write-no-allocate priorities) */
	uint64_t distinct;    /* first touches seen through setstack_access_timed (its k = 0 has no list) */
	int k0_fa;            /* k = 0 was taken from fully-associative distances */
	int timed;            /* the lists hold time stamps (setstack_access_timed), not blocks */
	const set_index_t *ix;
	lvl_t lv[SA_NINDEX][PROFILE_SA_MAX_LOG + 1];
	uint64_t bytes;
	/* exact fully-associative distances >= W seen through setstack_access_timed: open addressing
	 * d -> count (key 0 = empty: no stored d is below W) */
	uint64_t *fx_d, *fx_n;
	uint64_t fx_mask, fx_used;
	int fx_over;          /* more than SETSTACK_FA_MAX distinct distances: dropped */
	struct deep *deep;    /* few-set lists up to DW entries (setstack_enable_deep), or NULL */
};

/* Deep records (setstack.h): for k = 1..DL, 2^k lists of up to DW stamps per index function;
 * k = 0 is the fully-associative distance itself.  Each list is a log of 2 DW slots, stamps in
 * increasing order, and a bit map of the live ones: a block's place is the number of live
 * slots after the last slot stamped at or before pt (a popcount over at most 16 words), its
 * entry the last live slot there; an access kills that entry (or, a miss on a full list, the
 * oldest live one) and appends its stamp.  A full log is compacted to its live entries (at
 * most DW moves per DW appends).  Kept in order 0..DW-1 a list shifted its entries down by up
 * to 511 places each access. */
#define DW PROFILE_SA_DEEP_WAYS
#define DL PROFILE_SA_DEEP_LOG
#define DLOG (2 * DW)
/* A level's hint ring: the slot each of its last HR accesses left its block in (the top slot,
 * len - 1, after any access), so an access whose block was last used at pt (at most HR - 1
 * accesses before) reads its slot instead of searching the log; the last slot stamped at or
 * before pt is unique (stamps increase), so two stamps check the hint, and a stale one (the
 * list compacted since, or pt more than HR accesses back) falls back to the binary search.
 * The ring took a third off the deep lists' time (thread CPU of their level passes on the
 * 2e6-reference p-2mm prefix: 2 sets 29 -> 19 ms linear, 36 -> 23 ms IPOLY). */
#define HR 1024
_Static_assert(DW % 64 == 0, "deep bit maps are whole words");
typedef struct dlist {
	uint64_t st[DLOG];        /* stamps of the slots 0..len-1, increasing */
	uint64_t live[DLOG / 64];
	uint16_t len, nlive;
	uint16_t w0;              /* no live slot before word w0 (dlist_oldest's start) */
} dlist_t;
typedef struct deep {
	dlist_t l[SA_NINDEX][(2u << DL) - 2];   /* level k's sets at [2^k - 2, 2^(k+1) - 2) */
	uint64_t cnt[SA_NINDEX][DL + 1][DW + 1];
	uint16_t hint[SA_NINDEX][DL][HR];
} deep_t;

static void simd_choose(void);

setstack_t *setstack_alloc(int max_log, enum setstack_mode write_evict, const set_index_t *ix)
{
	if (write_evict < SS_ALLOCATE || write_evict > SS_NO_ALLOCATE || max_log < 0 || max_log > PROFILE_SA_MAX_LOG || max_log > SETIDX_MAX_LOG)
		return NULL;
	setstack_t *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	simd_choose();
	s->max_log = max_log;
	s->only_f = -1;
	s->we = write_evict;
	s->ix = ix;
	for (int f = 0; f < SA_NINDEX; f++)
		for (int k = 0; k <= max_log; k++) {
			lvl_t *L = &s->lv[f][k];
			L->npages = k > PAGE_LOG ? 1u << (k - PAGE_LOG) : 1;
			L->page = calloc(L->npages, sizeof *L->page);
			if (!L->page) {
				setstack_free(s);
				return NULL;
			}
			s->bytes += L->npages * sizeof *L->page;
		}
	s->bytes += sizeof *s;
	return s;
}

static uint32_t page_sets(int k)
{
	return k >= PAGE_LOG ? PAGE : 1u << k;
}

void setstack_free(setstack_t *s)
{
	if (!s)
		return;
	for (int f = 0; f < SA_NINDEX; f++)
		for (int k = 0; k <= s->max_log; k++) {
			lvl_t *L = &s->lv[f][k];
			if (!L->page)
				continue;
			for (uint32_t p = 0; s->timed && p < L->npages; p++) {
				tset_t *pg = L->tpage[p];
				for (uint32_t i = 0; pg && i < page_sets(k); i++)
					if (pg[i].a >> TN_SHIFT > W / 2)
						free(big_base((uint64_t *)(uintptr_t)(pg[i].a & TV_MASK)));
					else if (pg[i].a >> TN_SHIFT > INL)
						free((void *)(uintptr_t)(pg[i].a & TV_MASK));
				free(pg);
			}
			for (uint32_t p = 0; !s->timed && p < L->npages; p++) {
				slist_t *pg = L->page[p];
				if (!pg)
					continue;
				for (uint32_t i = 0; i < page_sets(k); i++) {
					if (pg[i].id != pg[i].in)
						free(pg[i].id);
					free(pg[i].t);
				}
				free(pg);
			}
			free(L->page);
		}
	free(s->fx_d);
	free(s->fx_n);
	free(s->deep);
	free(s);
}

void setstack_occupancy(const setstack_t *s, double occ[SA_NINDEX][PROFILE_SA_MAX_LOG + 1][PROFILE_SA_WAYS + 1])
{
	for (int f = 0; f < SA_NINDEX; f++)
		for (int k = 0; k <= s->max_log; k++) {
			const lvl_t *L = &s->lv[f][k];
			if (k == 0 && s->k0_fa) {                /* one set holding min(distinct, 64) */
				if (s->distinct > 0)
					occ[f][0][s->distinct < W ? s->distinct : W]++;
				continue;
			}
			if (s->deep && k <= DL) {                /* the deep lists stand for the main ones */
				const dlist_t *d = &s->deep->l[f][(1u << k) - 2];
				for (uint32_t i = 0; i < 1u << k; i++)
					if (d[i].nlive > 0)
						occ[f][k][d[i].nlive < W ? d[i].nlive : W]++;
				continue;
			}
			for (uint32_t p = 0; s->timed && p < L->npages; p++)
				for (uint32_t i = 0; L->tpage[p] && i < page_sets(k); i++)
					if (L->tpage[p][i].a >> TN_SHIFT > 0)
						occ[f][k][L->tpage[p][i].a >> TN_SHIFT]++;
			for (uint32_t p = 0; !s->timed && p < L->npages; p++)
				for (uint32_t i = 0; L->page[p] && i < page_sets(k); i++)
					if (L->page[p][i].n > 0)
						occ[f][k][L->page[p][i].n]++;
		}
}

/* Count one fully-associative distance d >= W.  0, or -1 when out of memory. */
static int fx_add(setstack_t *s, uint64_t d)
{
	if (s->fx_over)
		return 0;
	if (2 * (s->fx_used + 1) > s->fx_mask + 1) {
		if (s->fx_used >= SETSTACK_FA_MAX) {      /* too many distinct distances: no record */
			s->fx_over = 1;
			free(s->fx_d);
			free(s->fx_n);
			s->fx_d = s->fx_n = NULL;
			s->fx_mask = s->fx_used = 0;
			return 0;
		}
		uint64_t cap = s->fx_mask ? 2 * (s->fx_mask + 1) : 256;
		uint64_t *nd = calloc(cap, sizeof *nd), *nn = calloc(cap, sizeof *nn);
		if (!nd || !nn) {
			free(nd);
			free(nn);
			return -1;
		}
		for (uint64_t i = 0; s->fx_d && i <= s->fx_mask; i++)
			if (s->fx_d[i]) {
				uint64_t h = (s->fx_d[i] * 0x9e3779b97f4a7c15ULL >> 20) & (cap - 1);
				while (nd[h])
					h = (h + 1) & (cap - 1);
				nd[h] = s->fx_d[i];
				nn[h] = s->fx_n[i];
			}
		s->bytes += (cap - (s->fx_mask ? s->fx_mask + 1 : 0)) * 2 * sizeof *nd;
		free(s->fx_d);
		free(s->fx_n);
		s->fx_d = nd;
		s->fx_n = nn;
		s->fx_mask = cap - 1;
	}
	uint64_t h = (d * 0x9e3779b97f4a7c15ULL >> 20) & s->fx_mask;
	while (s->fx_d[h] && s->fx_d[h] != d)
		h = (h + 1) & s->fx_mask;
	if (!s->fx_d[h]) {
		s->fx_d[h] = d;
		s->fx_used++;
	}
	s->fx_n[h]++;
	return 0;
}

int setstack_fa_distances(const setstack_t *s, void (*add)(void *arg, uint64_t d, uint64_t n), void *arg)
{
	if (s->fx_over)
		return -1;
	for (uint64_t i = 0; s->fx_d && i <= s->fx_mask; i++)
		if (s->fx_d[i])
			add(arg, s->fx_d[i], s->fx_n[i]);
	return 0;
}

uint64_t setstack_bytes(const setstack_t *s)
{
	return s->bytes;
}

static slist_t *set_of(setstack_t *s, lvl_t *L, int k, uint32_t set)
{
	uint32_t p = set >> PAGE_LOG;
	if (!L->page[p]) {
		L->page[p] = calloc(page_sets(k), sizeof **L->page);
		if (!L->page[p])
			return NULL;
		s->bytes += page_sets(k) * sizeof **L->page;
	}
	return &L->page[p][set & (PAGE - 1)];
}

/* Room for one more entry (lists grow 4, 8, .., W). */
static int grow(setstack_t *s, slist_t *l)
{
	if (l->n < l->cap || l->cap == W)
		return 0;
	unsigned nc = l->cap ? 2u * l->cap : INL;
	uint64_t *id;
	if (nc == INL)
		id = l->in;                       /* the first INL entries live in the set's line */
	else if (l->id == l->in) {
		if ((id = malloc(nc * sizeof *id)))
			memcpy(id, l->in, INL * sizeof *id);
	} else
		id = realloc(l->id, nc * sizeof *id);
	if (!id)
		return -1;
	l->id = id;
	for (unsigned k = l->cap; k < nc; k++)
		id[k] = HOLE;             /* find() reads whole groups of 4: no stale block there */
	_Static_assert(INL < 4 && (8 % INL) == 0, "heap lists grow to multiples of 4");
	if (s->we == SS_NO_ALLOCATE) {
		uint64_t *t = realloc(l->t, nc * sizeof *t);
		if (!t)
			return -1;
		l->t = t;
		s->bytes += (nc - l->cap) * sizeof *t;
	}
	if (nc > INL)
		s->bytes += (nc - (l->cap > INL ? l->cap : 0)) * sizeof *id;
	l->cap = (uint8_t)nc;
	return 0;
}

/* Position of block in the list (searching the first `lim` entries), or -1. */
static inline int find(const slist_t *l, uint64_t block, int lim)
{
	/* four compares per branch (a heap list's capacity is a multiple of 4 and the unused
	 * places hold HOLE): the early-exit scan was half of the records' time */
	int n = l->n < lim ? l->n : lim;
	if (l->cap < 4) {                        /* an inline list (INL < 4 entries) */
		for (int i = 0; i < n; i++)
			if (l->id[i] == block)
				return i;
		return -1;
	}
	for (int i = 0; i < n; i += 4) {
		const uint64_t *p = l->id + i;
		unsigned m = (unsigned)(p[0] == block) | (unsigned)(p[1] == block) << 1
			| (unsigned)(p[2] == block) << 2 | (unsigned)(p[3] == block) << 3;
		if (m) {
			int j = i + __builtin_ctz(m);
			return j < n ? j : -1;
		}
	}
	return -1;
}

/* Push block on top, shifting entries down to position `to` (inclusive) which is overwritten
 * (a hole, the block's old place, or the end: then the last entry falls off a full list). */
static inline void push_top(slist_t *l, uint64_t block, int to)
{
	if (to <= 8)                      /* most shifts are short: no call */
		for (int i = to; i > 0; i--)
			l->id[i] = l->id[i - 1];
	else
		memmove(l->id + 1, l->id, (size_t)to * sizeof *l->id);
	l->id[0] = block;
}

/* Push a block the list does not hold on top: the list grows, or its last entry falls off
 * when it holds W.  0, or -1 when out of memory. */
static int push_new(setstack_t *s, slist_t *l, uint64_t block)
{
	if (grow(s, l))
		return -1;
	if (l->n < l->cap)
		l->n++;
	push_top(l, block, l->n - 1);
	return 0;
}

/* LRU, allocate on every access: distance = position, or miss. */
static int access_alloc(setstack_t *s, slist_t *l, uint64_t block, int lim, int *pos)
{
	int i = find(l, block, lim);
	*pos = i;
	if (i >= 0) {
		push_top(l, block, i);
		return 0;
	}
	return push_new(s, l, block);
}

/* Write-evict with holes (setstack.h). */
static int access_we(setstack_t *s, slist_t *l, uint64_t block, int is_write, int *pos)
{
	int i = find(l, block, W);
	if (is_write) {
		*pos = -1;                                  /* a write is a miss */
		if (i >= 0)
			l->id[i] = HOLE;
		return 0;
	}
	*pos = i;
	int h = -1;
	int lim = i >= 0 ? i : l->n;
	for (int j = 0; j < lim; j++)
		if (l->id[j] == HOLE) {
			h = j;
			break;
		}
	if (i >= 0) {
		if (h >= 0) {
			push_top(l, block, h);              /* the hole absorbs the shift ... */
			l->id[i] = HOLE;                    /* ... and the block's old way is the new hole */
		} else
			push_top(l, block, i);
		return 0;
	}
	if (h >= 0) {
		push_top(l, block, h);
		return 0;
	}
	return push_new(s, l, block);
}

/*
 * Write-no-allocate with LRU hits (setstack.h): Mattson's update for a priority replacement,
 * the priority being the last access time (the same in every cache that holds the block).
 * A read at depth i (or a miss, i = n) puts the block on top and carries the old top down:
 * at each depth j < i the more recent of the carried entry and the one there stays, the older
 * moves on; the last carried entry takes depth i (or falls off a full list).  A write at
 * depth i is a hit for more than i ways and only refreshes the priority; a write miss
 * changes nothing.
 */
static int access_wna(setstack_t *s, slist_t *l, uint64_t block, int is_write, int *pos)
{
	int i = find(l, block, W);
	*pos = i;
	if (is_write) {
		if (i >= 0)
			l->t[i] = s->now;
		return 0;
	}
	int end = i, drop = 0;    /* the carry's last place; drop: a full list loses it */
	if (i < 0) {
		if (grow(s, l))
			return -1;
		if (l->n < l->cap) {
			end = l->n++;
		} else {
			end = l->n;
			drop = 1;
		}
	}
	if (end == 0) {
		l->id[0] = block;
		l->t[0] = s->now;
		return 0;
	}
	uint64_t cb = l->id[0], ct = l->t[0];
	l->id[0] = block;
	l->t[0] = s->now;
	for (int j = 1; j < end; j++)
		if (l->t[j] < ct) {                    /* the older one moves on down */
			uint64_t xb = l->id[j], xt = l->t[j];
			l->id[j] = cb;
			l->t[j] = ct;
			cb = xb;
			ct = xt;
		}
	if (!drop) {
		l->id[end] = cb;
		l->t[end] = ct;
	}
	return 0;
}

/*
 * Timed lists (setstack_access_timed): an allocate-mode list holds, instead of its blocks,
 * each block's time stamp, most recent first.  The stamp of a block is the time of the first
 * access of its current run as its set's most recent block: an access to the set's top block
 * writes nothing.  No other block of the set is accessed inside such a run, so for a block
 * whose previous access was at time pt, the blocks of its set used since are exactly the
 * entries stamped after pt (their count is the per-set distance), its own entry is the first
 * one stamped at or before pt, and it is absent (a miss at every associativity the list
 * records) exactly when the list is empty or its oldest entry is stamped after pt: one load
 * decides a miss, where a list of block ids is searched to its end.  (A list loses entries
 * only when full, so the load is needed only for a full list: access_timed.)
 */

/* Set `set`'s timed list at a level (its page made on first touch), or NULL when out of memory. */
static tset_t *tset_of(setstack_t *s, lvl_t *L, int k, uint32_t set)
{
	uint32_t p = set >> PAGE_LOG;
	if (!L->tpage[p]) {
		size_t sz = (page_sets(k) * sizeof(tset_t) + 63) & ~(size_t)63;   /* whole lines */
		if (!(L->tpage[p] = aligned_alloc(64, sz)))
			return NULL;
		memset(L->tpage[p], 0, sz);
		s->bytes += sz;
	}
	return &L->tpage[p][set & (PAGE - 1)];
}

/* A hit in a heap list: its first stamp at or before pt is the block's entry (there is one
 * before the n-th: access_timed); the entries above it move down one place and `now` goes on
 * top.  Returns the entry's place.  Searched four at a time with SSE2 (x86-64's baseline): the
 * stamps and pt are below 2^56, so pt - stamp is negative, its sign bit set, exactly when the
 * stamp is after pt, and movemask gathers the sign bits; a group wholly after pt moves down as
 * it is read.  The capacity is a multiple of 4, so a group never reads past it; places from n
 * on hold stale or unset values, and being after the answer they cannot move it (the lowest
 * place not after pt wins).  The one-by-one scan, then a memmove, took half of the records'
 * list-update time. */
#if defined(__SSE2__)
/* The places of a group of 4 that keep their entry when the hit is at place r of the group. */
static const uint64_t group_keep[4][4] = {
	{ 0, ~0ULL, ~0ULL, ~0ULL }, { 0, 0, ~0ULL, ~0ULL }, { 0, 0, 0, ~0ULL }, { 0, 0, 0, 0 }
};
#endif

/* to_top with AVX2 where the processor has it (a call, chosen at run time): a group of 4 is
 * one compare, and it moves down one place in a register (a lane rotation and a blend with the
 * carry) and is stored where it was read.  The level passes took 4% less thread CPU than with
 * SSE2 alone (484 -> 466 ms on the 2e6-reference p-2mm prefix, 3 runs each). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#include <immintrin.h>
#define TO_TOP_AVX2 1
/* Chosen once, when the first record is allocated: AVX2 where the processor has it, unless
 * GPUDSE_NO_AVX2 is set (so the SSE2 path is tested on AVX2 machines too:
 * tests/cli/cli_profile_identity.sh runs every case both ways, to the same digests). */
static int use_avx2;
static pthread_once_t use_avx2_once = PTHREAD_ONCE_INIT;
static void use_avx2_init(void)
{
	const char *e = getenv("GPUDSE_NO_AVX2");
	use_avx2 = __builtin_cpu_supports("avx2") && !(e && *e && strcmp(e, "0") != 0);
}
__attribute__((target("avx2"), noinline)) static int to_top_avx2(uint64_t *id, uint64_t pt, uint64_t now)
{
	const __m256i P = _mm256_set1_epi64x((long long)pt);
	__m256i carry = _mm256_set1_epi64x((long long)now);      /* (lane 0) */
	for (int j = 0;; j += 4) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(id + j));
		unsigned after = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpgt_epi64(v, P)));
		__m256i rot = _mm256_permute4x64_epi64(v, _MM_SHUFFLE(2, 1, 0, 3));   /* [v3, v0, v1, v2] */
		__m256i d = _mm256_blend_epi32(rot, carry, 0x03);                      /* [carry, v0, v1, v2] */
		if (after != 15) {
			int r = __builtin_ctz(~after);
			__m256i keep = _mm256_loadu_si256((const __m256i *)group_keep[r]);
			_mm256_storeu_si256((__m256i *)(id + j), _mm256_blendv_epi8(d, v, keep));
			return j + r;
		}
		_mm256_storeu_si256((__m256i *)(id + j), d);
		carry = rot;
	}
}
#endif

/* The SIMD path of to_top, chosen once (use_avx2 above). */
static void simd_choose(void)
{
#if defined(TO_TOP_AVX2)
	pthread_once(&use_avx2_once, use_avx2_init);
#endif
}

static inline int to_top(uint64_t *id, uint64_t pt, uint64_t now)
{
	uint64_t carry = now;         /* what goes into the group's first place */
#if defined(__SSE2__)
	const __m128i P = _mm_set1_epi64x((long long)pt);
	for (int j = 0;; j += 4) {
		__m128i v0 = _mm_loadu_si128((const __m128i *)(id + j));
		__m128i v1 = _mm_loadu_si128((const __m128i *)(id + j + 2));
		unsigned after = (unsigned)_mm_movemask_pd(_mm_castsi128_pd(_mm_sub_epi64(P, v0)))
			| (unsigned)_mm_movemask_pd(_mm_castsi128_pd(_mm_sub_epi64(P, v1))) << 2;
		if (after != 15) {
			int r = __builtin_ctz(~after);
			/* places j .. j + r take [carry, id[j] ..], the rest keep theirs: a blend of the
			 * group and the group moved down one, with no branch on r (it is a coin toss; the
			 * switch on it cost the level passes a tenth of their thread CPU, 535 -> 485 ms
			 * on the 2e6-reference p-2mm prefix) */
			__m128i d0 = _mm_unpacklo_epi64(_mm_cvtsi64_si128((long long)carry), v0);
			__m128i d1 = _mm_castpd_si128(_mm_shuffle_pd(_mm_castsi128_pd(v0), _mm_castsi128_pd(v1), 1));
			__m128i k0 = _mm_loadu_si128((const __m128i *)group_keep[r]);
			__m128i k1 = _mm_loadu_si128((const __m128i *)(group_keep[r] + 2));
			_mm_storeu_si128((__m128i *)(id + j), _mm_or_si128(_mm_and_si128(k0, v0), _mm_andnot_si128(k0, d0)));
			_mm_storeu_si128((__m128i *)(id + j + 2), _mm_or_si128(_mm_and_si128(k1, v1), _mm_andnot_si128(k1, d1)));
			return j + r;
		}
		uint64_t next = id[j + 3];
		_mm_storeu_si128((__m128i *)(id + j + 1), v0);        /* id[j+1..j+2] = id[j..j+1] */
		id[j + 3] = (uint64_t)_mm_cvtsi128_si64(v1);           /* id[j+3] = id[j+2] */
		id[j] = carry;
		carry = next;
	}
#else
	int i = 0;
	while (id[i] > pt)
		i++;
	memmove(id + 1, id, (size_t)i * sizeof *id);
	id[0] = now;
	return i;
#endif
}

/* One timed access to a main list (tset_t): the per-set distance, or -1 (a miss: the stamp
 * goes on top, the oldest falls off a full list); -2 when out of memory (or a stamp of 2^56). */
static int access_timed(setstack_t *s, tset_t *T, int cold, uint64_t fa_d, uint64_t now, uint64_t pt)
{
	uint64_t a = T->a;
	unsigned n = (unsigned)(a >> TN_SHIFT);
	if (n == 0) {
		if (now > TV_MASK)
			return -2;
		T->a = 1ULL << TN_SHIFT | now;
		return -1;
	}
	if (n <= INL) {
		_Static_assert(INL == 2, "the inline case holds two stamps (a, b)");
		uint64_t s0 = a & TV_MASK;
		if (!cold && s0 <= pt)
			return 0;                         /* on top already: nothing changes */
		if (now > TV_MASK)
			return -2;
		if (n == 1 || (!cold && T->b <= pt)) {   /* n = 1: a miss that grows it; else a hit at 1 */
			int pos = n == 1 ? -1 : 1;
			T->b = s0;
			T->a = 2ULL << TN_SHIFT | now;
			return pos;
		}
		uint64_t *id = malloc(4 * sizeof *id);   /* a third entry: a heap array of 4 */
		if (!id || (uintptr_t)id > TV_MASK) {
			free(id);
			return -2;
		}
		s->bytes += 4 * sizeof *id;
		id[0] = now;
		id[1] = s0;
		id[2] = T->b;
		id[3] = HOLE;
		T->a = 3ULL << TN_SHIFT | (uintptr_t)id;
		T->b = now;
		return -1;
	}
	if (!cold && T->b <= pt)
		return 0;
	uint64_t *id = (uint64_t *)(uintptr_t)(a & TV_MASK);
	int i, to;
	/* A list loses entries only when full, and a block goes on top of its set's list at every
	 * access: a block seen before is in a list of fewer than W, and in any list when its
	 * per-set distance, at most the fully-associative one, is below W.  Only a full list and a
	 * fully-associative distance of W or more need the oldest stamp read. */
	if (cold || (n == W && fa_d >= W && id[W - 1] > pt)) {     /* a miss */
		i = -1;
		unsigned cap = 4;
		while (cap < n)
			cap *= 2;
		if (n == cap && 2 * cap == W) {           /* the last growth: a window (BIG) */
			uint64_t *big = aligned_alloc(BIG_BYTES, BIG_BYTES);
			if (!big || (uintptr_t)big > TV_MASK) {
				free(big);
				return -2;
			}
			memcpy(big + W, id, cap * sizeof *id);
			free(id);
			s->bytes += BIG_BYTES - cap * sizeof *id;
			id = big + W;
		} else if (n == cap && cap < W) {         /* full below W: twice the room */
			uint64_t *nid = realloc(id, 2 * cap * sizeof *nid);
			if (!nid || (uintptr_t)nid > TV_MASK) {
				if (nid)
					T->a = (uint64_t)n << TN_SHIFT | (uintptr_t)nid;   /* freed with the stack */
				return -2;
			}
			s->bytes += cap * sizeof *nid;
			id = nid;
		}
		if (n == W) {                             /* full: the window slides down one */
			uint64_t *base = big_base(id);
			if (id == base) {                 /* at the bottom: back to the top half */
				memcpy(base + W + 1, base, (W - 1) * sizeof *id);
				id = base + W;
			} else
				id--;
			if (now > TV_MASK)
				return -2;
			id[0] = now;
			T->a = (uint64_t)n << TN_SHIFT | (uintptr_t)id;
			T->b = now;
			return -1;
		}
		to = (int)n++;
	} else {
		if (now > TV_MASK)
			return -2;
		T->b = now;
#if defined(TO_TOP_AVX2)
		if (use_avx2)
			return to_top_avx2(id, pt, now);
#endif
		return to_top(id, pt, now);               /* a hit: a (n, the array) stays */
	}
	if (now > TV_MASK)
		return -2;
	if (to <= 8)
		for (int j = to; j > 0; j--)
			id[j] = id[j - 1];
	else
		memmove(id + 1, id, (size_t)to * sizeof *id);
	id[0] = now;
	T->a = (uint64_t)n << TN_SHIFT | (uintptr_t)id;
	T->b = now;
	return i;
}

/* Live slots after slot j (j < len). */
static inline __attribute__((always_inline)) int dlist_after(const dlist_t *d, int j)
{
	int w = (j + 1) >> 6, c = 0;
	if ((j + 1) & 63)
		c += __builtin_popcountll(d->live[w++] & (~0ULL << ((j + 1) & 63)));
	for (int e = (d->len + 63) >> 6; w < e; w++)
		c += __builtin_popcountll(d->live[w]);
	return c;
}

/* The last live slot at or before j (there is one: the block's). */
static inline int dlist_live_at_or_before(const dlist_t *d, int j)
{
	int w = j >> 6;
	uint64_t m = d->live[w] & (~0ULL >> (63 - (j & 63)));
	while (!m)
		m = d->live[--w];
	return (w << 6) + 63 - __builtin_clzll(m);
}

/* The oldest live slot (there is one).  Slots die and are appended at the end, so the first
 * word with a live slot only moves up until a compaction: the search starts where it was. */
static inline int dlist_oldest(dlist_t *d)
{
	int w = d->w0;
	while (!d->live[w])
		w++;
	d->w0 = (uint16_t)w;
	return (w << 6) + __builtin_ctzll(d->live[w]);
}

/* One access to a deep list: the block's place, or -1 (a miss); its stamp goes on top. */
static inline __attribute__((always_inline)) int dlist_access(dlist_t *d, uint64_t fa_d, uint64_t now, uint64_t pt, uint16_t *hint)
{
	int pos = -1, kill = -1;
	/* a list loses entries only when full (access_timed): a block seen before is in it
	 * unless it is full and the block's fully-associative distance is DW or more */
	if (fa_d != UINT64_MAX && d->nlive > 0) {
		int oldest = -1;
		if (d->nlive == DW && fa_d >= DW)
			oldest = dlist_oldest(d);
		if (oldest < 0 || d->st[oldest] <= pt) {
			/* the last slot stamped <= pt.  Stamps are distinct access times below now, so
			 * at most now - 1 - pt slots follow it: the search starts there, not at slot 0
			 * (most reuses are recent), and is branch-free (its compares are coin tosses) */
			int len = d->len, lo = hint[pt & (HR - 1)];
			if (lo >= len || d->st[lo] > pt || (lo + 1 < len && d->st[lo + 1] <= pt)) {
				lo = 0;
				if (now - 1 - pt < (uint64_t)len - 1)
					lo = len - 1 - (int)(now - 1 - pt);
				for (int span = len - lo; span > 1;) {
					int half = span >> 1;
					lo = d->st[lo + half] <= pt ? lo + half : lo;
					span -= half;
				}
			}
			pos = dlist_after(d, lo);
			if (pos == 0) {
				hint[now & (HR - 1)] = (uint16_t)(len - 1);
				return 0;                 /* on top already: the run goes on */
			}
			kill = dlist_live_at_or_before(d, lo);
		}
	}
	if (pos < 0) {
		if (d->nlive == DW)                       /* the oldest falls off */
			kill = dlist_oldest(d);
		else
			d->nlive++;
	}
	if (kill >= 0)
		d->live[kill >> 6] &= ~(1ULL << (kill & 63));
	if (d->len == DLOG) {                             /* compact to the live entries */
		int m = 0;
		for (int j = 0; j < DLOG; j++)
			if (d->live[j >> 6] >> (j & 63) & 1)
				d->st[m++] = d->st[j];
		memset(d->live, 0, sizeof d->live);
		for (int j = 0; j < m; j++)
			d->live[j >> 6] |= 1ULL << (j & 63);
		d->len = (uint16_t)m;
		d->w0 = 0;
	}
	d->st[d->len] = now;
	d->live[d->len >> 6] |= 1ULL << (d->len & 63);
	hint[now & (HR - 1)] = d->len++;
	return pos;
}

/* The deep counts of an access whose fully-associative distance is 0: on top of every list
 * already, no list changes. */
static void deep_count_top(deep_t *D)
{
	for (int f = 0; f < SA_NINDEX; f++)
		for (int k = 0; k <= DL; k++)
			D->cnt[f][k][0]++;
}

int setstack_enable_deep(setstack_t *s)
{
	if (s->we != SS_ALLOCATE || s->only_f >= 0 || s->now > 0)   /* (its main lists would hold blocks) */
		return -1;
	if (!s->deep) {
		if (!(s->deep = calloc(1, sizeof *s->deep)))
			return -1;
		s->bytes += sizeof *s->deep;
	}
	return 0;
}

void setstack_deep_counts(const setstack_t *s, profile_sa_deep_t *out)
{
	if (!s->deep)
		return;
	for (int f = 0; f < SA_NINDEX; f++)
		for (int k = 0; k <= DL; k++)
			for (int d = 0; d <= DW; d++)
				out->hist[f][k][d] += (double)s->deep->cnt[f][k][d];
}

/* Every level's set of block (k >= k0, the kept indices) into sets[][], and a prefetch of
 * each set's line: the sets are known from the block alone, so their cache misses overlap
 * instead of coming one after the other (they were most of the records' time). */
static void sets_of(const setstack_t *s, uint64_t block, int k0, uint32_t sets[SA_NINDEX][PROFILE_SA_MAX_LOG + 1])
{
	/* IPOLY reads one table per byte of the block number (set_index.h); the high bytes of a
	 * block number are mostly zero, and a zero byte adds nothing to the residue */
	int nb = block ? (64 - __builtin_clzll(block) + 7) / 8 : 0;
	uint64_t w[4];
	set_index_ipoly_all(s->ix, block, nb, w);
	for (int f = 0; f < SA_NINDEX; f++) {
		if (s->only_f >= 0 && f != s->only_f)
			continue;
		for (int k = k0; k <= s->max_log; k++) {
			uint32_t set = 0;
			if (f == SA_LINEAR || k == 0)
				set = set_index_of(s->ix, (enum set_index_fn)f, block, k);
			else
				set = set_index_lane(w, k);
			sets[f][k] = set;     /* (block-id stacks only: timed ones go through setstack_flush) */
			const slist_t *pg = s->lv[f][k].page[set >> PAGE_LOG];
			if (pg)
				__builtin_prefetch(&pg[set & (PAGE - 1)], 1);
		}
	}
}

int setstack_access(setstack_t *s, uint64_t block, int is_write, setstack_counts_t c)
{
	if (s->timed)
		return -1;
	s->now++;
	int k0 = s->lo_log;
	uint32_t sets[SA_NINDEX][PROFILE_SA_MAX_LOG + 1];
	sets_of(s, block, k0, sets);
	for (int f = 0; f < SA_NINDEX; f++) {
		if (s->only_f >= 0 && f != s->only_f)
			continue;
		int lim = W;
		for (int k = k0; k <= s->max_log; k++) {
			slist_t *l = set_of(s, &s->lv[f][k], k, sets[f][k]);
			if (!l)
				return -1;
			int pos;
			int rc = s->we == SS_WRITE_EVICT ? access_we(s, l, block, is_write, &pos)
				: s->we == SS_NO_ALLOCATE ? access_wna(s, l, block, is_write, &pos)
				: access_alloc(s, l, block, lim, &pos);
			if (rc)
				return -1;
			c[f][k][pos >= 0 ? pos : W]++;
			/* bit selection nests (Hill & Smith 1989): a block's set at 2^(k+1) sets is part
			 * of its set at 2^k, so its distance there is no larger */
			if (f == SA_LINEAR && !s->we && pos >= 0) {
				lim = pos + 1;
				if (pos == 0) {
					/* the block was already the most recent of its set, so of every
					 * subset of it too: distance 0 above, no list to change */
					for (int k2 = k + 1; k2 <= s->max_log; k2++)
						c[f][k2][0]++;
					break;
				}
			}
		}
	}
	return 0;
}

/*
 * The main lists are updated level by level over a batch of accesses (setstack_batch_t), not
 * access by access: an access touches one list at each of 2 x max_log levels, most of them a
 * set of a fine level that no access has touched for a long while, so access by access each
 * touch was a cache miss and the lists pushed the stream's LRU stack (lru_stack.c) out of the
 * cache.  A level's lists over a batch are a far smaller working set, its IPOLY table is one
 * 8 KB row, and the accesses are read in order.  The lists of one level see the accesses in
 * stream order either way and the levels do not interact, so every count is the same; the
 * bit-selection nesting (a block on top of its set at 2^k sets is on top at 2^(k+1)) drops the
 * access from the finer levels' `idx`.  A stack with deep lists (setstack_enable_deep) takes
 * its counts at 2^1..2^DL sets from them (deep_level) in the same walk.
 */
#define SSB_CAP 32768
struct setstack_batch {
	setstack_t *s;
	uint64_t (*c)[PROFILE_SA_MAX_LOG + 1][PROFILE_SA_WAYS + 1];
	uint32_t n;
	uint64_t block[SSB_CAP], fa[SSB_CAP], now[SSB_CAP], pt[SSB_CAP];
	uint32_t idx[SSB_CAP];
	uint64_t res[SSB_CAP][4];   /* the block's IPOLY residues, every degree (set_index_ipoly_all) */
};

setstack_batch_t *setstack_batch_alloc(void)
{
	return calloc(1, sizeof(setstack_batch_t));
}

void setstack_batch_free(setstack_batch_t *b)
{
	free(b);
}

/* Access i's set at 2^k sets under f (k >= 1); IPOLY's from ipoly_residues' lanes. */
static inline uint32_t level_set(const setstack_batch_t *b, int f, int k, uint32_t i)
{
	if (f == SA_LINEAR)
		return (uint32_t)(b->block[i] & ((1ULL << k) - 1));
	return set_index_lane(b->res[i], k);
}

/* Every access's IPOLY residues, all degrees at once (set_index_ipoly_all): the level passes
 * read their set from a lane, where level_set read one table per byte of the block at each of
 * up to 16 levels (the IPOLY level passes took 7% less thread CPU on the 2e6-reference p-2mm
 * prefix, 330 -> 305 ms). */
static void ipoly_residues(setstack_batch_t *b, uint32_t n)
{
	const set_index_t *ix = b->s->ix;
	for (uint32_t i = 0; i < n; i++) {
		uint64_t block = b->block[i];
		int nb = block ? (64 - __builtin_clzll(block) + 7) / 8 : 0;   /* (zero bytes add nothing) */
		set_index_ipoly_all(ix, block, nb, b->res[i]);
	}
}

#define SSB_AHEAD 8     /* accesses between a set's prefetch and its touch */

/*
 * One level of the deep lists (2^k sets under f, 1 <= k <= DL) over the accesses idx[0..m),
 * level by level as the main lists (one level's lists are the working set).  A deep list holds
 * its set's DW most recent blocks, so a place below W is the main list's place too: a stack
 * with deep lists keeps no main lists at 2^1..2^DL sets, and their counts (main, or NULL above
 * max_log) are taken from here.  Returns the accesses left for the finer levels (bit
 * selection: those not on top of their set, as in setstack_flush).
 */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_THREAD__)
__attribute__((target_clones("popcnt", "default")))
#endif
static uint32_t deep_level(setstack_batch_t *b, deep_t *D, int f, int k, uint32_t m, uint64_t *main)
{
	dlist_t *lists = &D->l[f][(1u << k) - 2];
	uint64_t *cnt = D->cnt[f][k];
	uint16_t *hint = D->hint[f][k - 1];
	uint32_t m2 = 0;
	for (uint32_t j = 0; j < m; j++) {
		uint32_t i = b->idx[j];
		dlist_t *d = &lists[level_set(b, f, k, i)];
		int pos = dlist_access(d, b->fa[i], b->now[i], b->pt[i], hint);
		cnt[pos >= 0 ? pos : DW]++;
		if (main)
			main[pos >= 0 && pos < W ? pos : W]++;
		if (f == SA_LINEAR && pos != 0)           /* (IPOLY's idx stays 0..n-1) */
			b->idx[m2++] = i;
	}
	return m2;
}

int setstack_flush(setstack_batch_t *b)
{
	uint32_t n = b->n;
	if (!n)
		return 0;
	b->n = 0;
	setstack_t *s = b->s;
	/* the exact fully-associative distances first, in their own pass */
	for (uint32_t i = 0; i < n; i++)
		if (b->fa[i] >= W && b->fa[i] != UINT64_MAX && fx_add(s, b->fa[i]))
			return -1;
	deep_t *D = s->deep;
	int top = s->max_log;
	if (D) {
		for (uint32_t i = 0; i < n; i++) {        /* k = 0: the fully-associative distance */
			int d0 = b->fa[i] < DW ? (int)b->fa[i] : DW;
			for (int f = 0; f < SA_NINDEX; f++)
				D->cnt[f][0][d0]++;
		}
		if (top < DL)
			top = DL;
	}
	ipoly_residues(b, n);
	for (int f = 0; f < SA_NINDEX; f++) {
		/* idx[0..m): the accesses still to do at this level; with bit selection one on top
		 * of its set is on top at every finer level (Hill & Smith 1989): distance 0 there
		 * too and no list changes, so it leaves the list */
		uint32_t m = n;
		for (uint32_t i = 0; i < n; i++)
			b->idx[i] = i;
		for (int k = 1; k <= top; k++) {
			uint64_t *cnt = k <= s->max_log ? b->c[f][k] : NULL;
			if (cnt)
				cnt[0] += n - m;
			uint32_t m2 = 0;
			if (D && k <= DL) {
				D->cnt[f][k][0] += n - m;
				m2 = deep_level(b, D, f, k, m, cnt);
				if (f == SA_LINEAR)
					m = m2;
				continue;
			}
			lvl_t *L = &s->lv[f][k];
			uint32_t ring[2 * SSB_AHEAD];
			for (uint32_t j = 0; j < SSB_AHEAD && j < m; j++)
				ring[j] = level_set(b, f, k, b->idx[j]);
			for (uint32_t j = 0; j < m; j++) {
				if (j + SSB_AHEAD < m) {
					uint32_t sn = level_set(b, f, k, b->idx[j + SSB_AHEAD]);
					ring[(j + SSB_AHEAD) % (2 * SSB_AHEAD)] = sn;
					const tset_t *tp = L->tpage[sn >> PAGE_LOG];
					if (tp)
						__builtin_prefetch(&tp[sn & (PAGE - 1)], 1);
				}
				uint32_t i = b->idx[j];
				tset_t *T = tset_of(s, L, k, ring[j % (2 * SSB_AHEAD)]);
				if (!T)
					return -1;
				int pos = access_timed(s, T, b->fa[i] == UINT64_MAX, b->fa[i], b->now[i], b->pt[i]);
				if (pos == -2)
					return -1;
				cnt[pos >= 0 ? pos : W]++;
				if (f == SA_LINEAR && pos != 0)
					b->idx[m2++] = i;
			}
			if (f == SA_LINEAR)
				m = m2;
		}
	}
	return 0;
}

int setstack_access_timed(setstack_t *s, setstack_batch_t *b, uint64_t block, uint64_t fa_d, uint64_t now, uint64_t pt, setstack_counts_t c)
{
	if (s->we != SS_ALLOCATE || s->only_f >= 0 || s->lo_log > 0 || (s->now > 0 && !s->timed))
		return -1;
	if (b->n > 0 && (b->s != s || b->c != c) && setstack_flush(b))
		return -1;
	b->s = s;
	b->c = c;
	s->timed = 1;
	s->now++;
	int cold = fa_d == UINT64_MAX;
	/* the per-set distance is at most the fully-associative one, under any index: one set
	 * (k = 0) is that distance; 0 leaves every list as it is (the block is on top) */
	int d0 = fa_d < W ? (int)fa_d : W;
	s->k0_fa = 1;
	s->distinct += cold;
	for (int f = 0; f < SA_NINDEX; f++)
		c[f][0][d0]++;
	if (fa_d == 0) {
		if (s->deep)
			deep_count_top(s->deep);
		for (int f = 0; f < SA_NINDEX; f++)
			for (int k = 1; k <= s->max_log; k++)
				c[f][k][0]++;
		return 0;
	}
	uint32_t i = b->n++;
	b->block[i] = block;
	b->fa[i] = fa_d;
	b->now[i] = now;
	b->pt[i] = pt;
	return b->n == SSB_CAP ? setstack_flush(b) : 0;
}

setstack_t *setstack_alloc_level(int log_sets, enum sa_index f, enum setstack_mode mode, const set_index_t *ix)
{
	if ((int)f < 0 || f >= SA_NINDEX)
		return NULL;
	setstack_t *s = setstack_alloc(log_sets, mode, ix);
	if (s) {
		s->lo_log = log_sets;
		s->only_f = (int)f;
	}
	return s;
}

int setstack_depth(const setstack_t *s, uint64_t block, enum sa_index f, int k)
{
	if (k < 0 || k > SETIDX_MAX_LOG || (int)f < 0 || f >= SA_NINDEX)
		return -1;
	return setstack_depth_set(s, block, f, k, set_index_of(s->ix, (enum set_index_fn)f, block, k));
}

int setstack_depth_set(const setstack_t *s, uint64_t block, enum sa_index f, int k, uint32_t set)
{
	if (s->timed || k < s->lo_log || k > s->max_log || (s->only_f >= 0 && (int)f != s->only_f) || (set >> k) != 0)
		return -1;
	const lvl_t *L = &s->lv[f][k];
	const slist_t *pg = L->page[set >> PAGE_LOG];
	if (!pg)
		return -1;
	return find(&pg[set & (PAGE - 1)], block, W);
}
