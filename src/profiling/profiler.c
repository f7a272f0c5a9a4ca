/* profiler.c -- streaming profile builder; see profiler.h for what it computes. */
#include "profiling/profiler.h"
#include "profiling/line_sharers.h"
#include "profiling/sector_rec.h"
#include "profiling/minisample.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <unistd.h>

#include "profiling/lru_stack.h"
#include "profiling/shards.h"
#include "profiling/sector_reuse.h"
#include "profiling/nodesample.h"
#include "profiling/setstack.h"
#include "profiling/shape_acc.h"

const int profiler_homes[PROFILER_NHOMES] = { 2, 4, 5, 8, 10, 16, 20, 32, 40, 64, 80 };

#define EXACT_BINS 64          /* distances 0..63 get a bin each */
#define PER_OCTAVE 16
#define FIRST_OCTAVE 6         /* 2^6 = 64 */
#define LAST_OCTAVE 47         /* distances up to 2^48 */
#define NBINS (EXACT_BINS + (LAST_OCTAVE - FIRST_OCTAVE + 1) * PER_OCTAVE)
#define MAX_REG 65535
#define SMALL_D 4096           /* distances with their bin in a table (bin_of) */
#define BATCH (1u << 19)   /* default and largest accesses buffered before the units process them */
#define MAX_THREADS 16
#define NLEV (PROFILER_MAX_GROUPS + 2)
#define RGK PROFILE_RG_K       /* random groups of a sampled profile (models/profile.h) */
#define RG_HISTS 3             /* per level and group: sd, rt, sd_we (rg_hist) */

/* 2^(j/16), j = 0..15 */
static const double oct_frac[PER_OCTAVE] = {
	1.0, 1.0442737824274138, 1.0905077326652577, 1.1387886347566916,
	1.1892071150027210, 1.2418578120734840, 1.2968395546510096, 1.3542555469368927,
	1.4142135623730951, 1.4768261459394993, 1.5422108254079407, 1.6104903319492543,
	1.6817928305074290, 1.7562521603732995, 1.8340080864093424, 1.9152065613971472,
};

static uint64_t edge_in_octave(int k, int j)
{
	return (uint64_t)llround(ldexp(oct_frac[j], k));
}

uint64_t profiler_bin_lo(int bin)
{
	if (bin < EXACT_BINS)
		return (uint64_t)bin;
	int b = bin - EXACT_BINS;
	return edge_in_octave(FIRST_OCTAVE + b / PER_OCTAVE, b % PER_OCTAVE);
}

uint64_t profiler_bin_hi(int bin)
{
	if (bin + 1 >= NBINS)
		return (uint64_t)1 << (LAST_OCTAVE + 1);
	return profiler_bin_lo(bin + 1);
}

/* The octaves' edges, edge_in_octave(k, j) at [(k - FIRST_OCTAVE) * PER_OCTAVE + j], computed
 * once: profiler_bin is called per sector access (sector_reuse.c), and ldexp + llround there
 * were 6% of an exact profile's time. */
static uint64_t edge_tab[(LAST_OCTAVE - FIRST_OCTAVE + 1) * PER_OCTAVE];
static pthread_once_t edge_once = PTHREAD_ONCE_INIT;

static void edge_tab_init(void)
{
	for (int k = FIRST_OCTAVE; k <= LAST_OCTAVE; k++)
		for (int j = 0; j < PER_OCTAVE; j++)
			edge_tab[(k - FIRST_OCTAVE) * PER_OCTAVE + j] = edge_in_octave(k, j);
}

int profiler_bin(uint64_t d)
{
	if (d < EXACT_BINS)
		return (int)d;
	int k = 63 - __builtin_clzll(d);
	if (k > LAST_OCTAVE)
		return NBINS - 1;
	pthread_once(&edge_once, edge_tab_init);
	const uint64_t *e = &edge_tab[(k - FIRST_OCTAVE) * PER_OCTAVE];
	int lo = 0, hi = PER_OCTAVE - 1;                  /* largest j with edge(k, j) <= d */
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (e[mid] <= d)
			lo = mid;
		else
			hi = mid - 1;
	}
	return EXACT_BINS + (k - FIRST_OCTAVE) * PER_OCTAVE + lo;
}

typedef struct dhist {
	double bin[NBINS];
	double cold;
} dhist_t;

typedef struct level {
	int g;               /* SMs merged per unit: 1 = l1, 0 = global */
	int gshift;          /* log2(g) when g is a power of two, else -1 */
	int active;          /* 0: every SM so far is in one unit, so the level equals its source */
	double foot;         /* footprint copied from the source while inactive */
	lru_stack_t **units;      /* by unit index, created on first use */
	int nunits;
	dhist_t sd, rt;
	double accesses, writes;
	lru_stack_t **we_units;   /* write-evict LRU stacks (opts.write_evict), by unit index */
	int nwe;
	dhist_t sd_we;       /* stack distances with write-evict: a write is cold and evicts */
	/* set-associative records (issue 17, src/profiling/setstack.h), by unit index */
	setstack_t **ss_units[SS_NMODE];  /* per write mode (enum setstack_mode) */
	int nss[SS_NMODE];
	int sa;                           /* this level gets set-associative records */
	profile_setassoc_t *ss[SS_NMODE]; /* pooled counts (NULL: not built) */
	/* random groups (sampled profiles only, NULL otherwise): rg[h * RGK + g] is histogram h
	 * (0 sd, 1 rt, 2 sd_we) of group g's accesses (shards_group), gwr[g] its writes */
	dhist_t *rg;
	double gwr[RGK];
} level_t;

typedef struct warp {
	int sm;
	long id;
	uint64_t icount;     /* instructions so far */
	uint64_t *last;      /* last instruction index + 1 touching each register; 0 = never */
	int nreg;
} warp_t;

/* One thread's counts for the batch being processed (integers: an increment is one
 * instruction, and the levels' double histograms get them exactly). */
typedef struct ihist {
	uint64_t bin[NBINS];
	uint64_t cold;
} ihist_t;

typedef struct tacc {
	ihist_t sd[NLEV], rt[NLEV], sd_we[NLEV];
	uint64_t accesses[NLEV], writes[NLEV];
	ihist_t cls[RL_NCLASS];
	ihist_t shared_sd, shared_rt;  /* an item whose stream other levels share (run_item) */
	setstack_counts_t ss[SS_NMODE][NLEV];    /* set-associative records (opts.setassoc) */
	setstack_batch_t *ssb;                   /* the timed records' batch (setstack.h) */
	/* random groups (sampled profiles; NULL otherwise): rg[(l * RG_HISTS + h) * RGK + g] as
	 * level_t's, rg_cls[c * RGK + g] the class histograms', rg_shared[h * RGK + g] a shared
	 * item's (sd, rt) */
	ihist_t *rg, *rg_cls, *rg_shared;
	uint64_t gwr[NLEV][RGK];
	int failed;
} tacc_t;

/* A buffered access: the block index with is_write in bit 63.  Block indices are below 2^63
 * for blocks of 2 bytes or more; with 1-byte blocks an address of 2^63 or more would alias
 * its lower half (no GPU address space reaches it).  Eight bytes, not sixteen with the hash:
 * the per-level sorts move half the bytes, and the worker's hash is a few multiplies. */
typedef uint64_t sref_t;
#define REF_WRITE (1ULL << 63)
/* Work item: the run sorted[lev][start .. start + n) of one unit (and its write-evict stack). */
typedef struct item {
	int lev;
	uint32_t start, n;
	struct lru_stack *u, *we;
	setstack_t *ss[SS_NMODE]; /* set-associative records per write mode (NULL: not built) */
	uint32_t credit;     /* other levels whose unit has this very stream (see unit_alias) */
} item_t;

/* A batch buffer: filled by the reader, then sorted by unit per level and processed by the
 * workers while the reader fills the other one. */
typedef struct batchbuf {
	sref_t *ref;         /* the accesses in stream order (the global level's one run) */
	uint32_t *sm;        /* their SMs */
	uint32_t n;
	sref_t *sorted[NLEV]; /* per level: the accesses sorted by unit, stably (not for global) */
	item_t *items;       /* largest first */
	int nitems, icap;
} batchbuf_t;

/*
 * SECTOR QUEUE.  The sector records (sector_rec.h, sector_reuse.h) are exact stack processing
 * on hash maps far larger than the CPU caches: each request costs one cache miss per stack
 * (per SM, merged, each group), the time of the exact profile on large traces.  So
 * profiler_sectors does not feed a request at once: it prefetches the slots the request will
 * probe and queues it; the request SECQ - 1 places ahead of it is fed then, its slots by now in
 * cache.  Requests are fed in the order offered, and the queue is drained before anything reads
 * the records or depends on their order (a kernel's L1 flush, the class pass, the end), so the
 * records are the same as when fed at once (tests/cli/cli_profile_identity.sh).  A sampled
 * profile (SHARDS) keeps few sectors in small maps: its requests are fed at once.
 */
#define SECQ 16
typedef struct secq_ent {
	uint64_t addr;
	int sm;
	uint32_t mask;
	int is_write, bypass_l1;
} secq_ent_t;
struct profiler;
static int sectors_drain(struct profiler *pb);

struct profiler {
	profiler_opts_t o;
	char name[64], source[384];
	int shift;           /* log2(block_bytes) */
	int max_sm;          /* largest SM id seen */
	int done_sm;         /* largest SM id among the processed accesses */
	int pass2;           /* the class pass (profiler_class_pass) is running */
	int failed;
	ms_builder_t *ms;    /* FUSE miniature-simulation stream (minisample.h; NULL: not built) */
	sector_rec_t *secrec; /* sector-granular l1 record (sector_rec.h; NULL: never fed) */
	line_sharers_t *lshr; /* the sharers record per block while no sector is fed (line_sharers.h) */
	int sectors_fed;      /* profiler_sectors was called (first pass): the sector record holds it */
	int nlev;
	level_t lev[PROFILER_MAX_GROUPS + 2];
	uint64_t edge[NBINS - EXACT_BINS + 1]; /* lower edges of the log bins, then 2^48 */
	unsigned char jtab[1024];          /* bin in the octave by the 10 bits after the leading one */
	uint16_t small_bin[SMALL_D];       /* bin of d < SMALL_D */
	dhist_t cls[RL_NCLASS];            /* l1 stack distance per class (non-cold accesses) */
	int rg;                            /* random groups are counted (a sampled profile) */
	dhist_t *rg_cls;                   /* cls per random group, [c * RGK + g] (NULL: not counted) */
	double home80[80];                 /* accesses per block index mod 80 (gives Y | 80) */
	double home64[64];                 /* accesses per block index mod 64 (gives Y | 64) */
	double insts, mem_insts, sectors, tensor;
	shape_acc_t shape;                 /* launch and code shape (shape_acc.h), fed by the readers */
	int have_insts;
	int have_comp;                     /* profiler_compressibility was called */
	double comp[3];                    /* BDI shares high, low, none */
	double n_src, n_dst, n_xinst;
	dhist_t reg;
	warp_t *warps;
	uint64_t wmask;
	uint64_t nwarps;
	uint64_t count;
	shards_t sh;         /* spatial sampling (rate 1: exact) */
	sector_reuse_t *sec; /* 32 B sector stacks (sector_reuse.h; NULL: not built) */
	secq_ent_t secq[SECQ]; /* SECTOR QUEUE: requests offered, not yet fed (a ring) */
	int secq_head, secq_n;
	int have_sectors;    /* profiler_sectors was called */
	double sec_offered;  /* sector accesses offered (before SHARDS) */
	int sa_on;           /* set-associative records are built (opts.setassoc, exact only) */
	set_index_t *ix;     /* IPOLY tables for them */
	noderec_t *nodes[PROFILER_MAX_NODES]; /* DC-L1 node records (opts.nodes, exact only) */
	int n_nodes;
	nodesample_t *nsamp[PROFILER_MAX_NODES]; /* set-sampled node records (sampled profiles) */
	int n_nsamp;
	/* batches (see submit) */
	batchbuf_t buf[2];
	int cur;                           /* buffer being filled; the other may be in flight */
	int inflight;                      /* buf[!cur] is being processed */
	batchbuf_t *work;                  /* the batch the workers are processing */
	int next_item;
	uint32_t *cnt;                     /* scratch: accesses per unit, then per SM */
	int cnt_cap;
	/* worker threads (none when nthreads is 1: the reader runs the items itself) */
	int nthreads, started, quit, busy;
	unsigned gen;
	pthread_mutex_t mu;
	pthread_cond_t go, done;
	struct worker { pthread_t th; profiler_t *pb; tacc_t *acc; } workers[MAX_THREADS];
};

/* profiler_bin with tables (no libm on the per-access path): the 10 bits below the leading
 * one give the bin within the octave up to the rounding of the edges, fixed by a compare. */
static inline int bin_of_large(const profiler_t *pb, uint64_t d)
{
	int k = 63 - __builtin_clzll(d);
	if (k > LAST_OCTAVE)
		return NBINS - 1;
	unsigned m = (unsigned)(k >= 10 ? d >> (k - 10) : d << (10 - k)) & 1023;
	int j = pb->jtab[m];
	const uint64_t *e = &pb->edge[(k - FIRST_OCTAVE) * PER_OCTAVE];
	/* jtab is off by at most one either way; branch-free, since distances are random enough
	 * to make the branches mispredict (e[PER_OCTAVE] is the next octave's first edge, > d,
	 * and e[0] = 2^k <= d, so no bounds test is needed) */
	j += e[j + 1] <= d;
	j -= e[j] > d;
	return EXACT_BINS + (k - FIRST_OCTAVE) * PER_OCTAVE + j;
}

/* Below SMALL_D (87-100% of the distances and reuse times of an 80-SM trace's streams) the
 * bin is one load from a table: the computation above was 7% of the profiler's time. */
static inline int bin_of(const profiler_t *pb, uint64_t d)
{
	return d < SMALL_D ? pb->small_bin[d] : bin_of_large(pb, d);
}

/* ---- read-level classes (FUSE §III-A; see docs/profile-format.md for our reading) ---- */

static enum rl_class rl_of(uint32_t w, uint32_t r)
{
	if (w >= 2)
		return RL_WM;       /* "the block has multiple updates" */
	if (r >= 2)
		return w == 1 ? RL_RI : RL_WORM;  /* written once by the program / only filled */
	return RL_WORO;         /* touched once, or written once and read once */
}

/* ---- the builder ---- */

static void workers_stop(profiler_t *pb);

void profiler_opts_default(profiler_opts_t *o)
{
	memset(o, 0, sizeof *o);
	o->block_bytes = 128;
	o->n_groups = -1;
	o->global = 1;
	o->write_evict = 0;
	o->setassoc = 0;     /* the commands turn it on (gpudse profile, trace --profile) */
	o->sa_max_log = 15;
	o->fuse_sample = 1;
	o->sector_reuse = 1;
}

profiler_t *profiler_alloc(const profiler_opts_t *o)
{
	if (o->block_bytes < 1 || (o->block_bytes & (o->block_bytes - 1)) || o->n_sm < 0
	    || o->batch < 0 || o->batch > (int)BATCH
	    || o->n_groups > PROFILER_MAX_GROUPS || o->n_nodes < 0 || o->n_nodes > PROFILER_MAX_NODES)
		return NULL;
	for (int i = 0; i < o->n_groups; i++)
		if (o->groups[i] < 2)
			return NULL;
	profiler_t *pb = calloc(1, sizeof *pb);
	if (!pb)
		return NULL;
	pb->o = *o;
	if (pb->o.batch == 0)
		pb->o.batch = BATCH;
	snprintf(pb->name, sizeof pb->name, "%s", o->name ? o->name : "");
	snprintf(pb->source, sizeof pb->source, "%s", o->source ? o->source : "");
	while ((1 << pb->shift) < o->block_bytes)
		pb->shift++;
	for (int b = EXACT_BINS; b <= NBINS; b++)
		pb->edge[b - EXACT_BINS] = b < NBINS ? profiler_bin_lo(b) : profiler_bin_hi(NBINS - 1);
	for (int m = 0; m < 1024; m++) {
		double v = 1 + m / 1024.0;
		int j = 0;
		while (j < PER_OCTAVE - 1 && oct_frac[j + 1] <= v)
			j++;
		pb->jtab[m] = (unsigned char)j;
	}
	for (uint64_t d = 0; d < SMALL_D; d++)
		pb->small_bin[d] = (uint16_t)profiler_bin(d);
	pb->max_sm = -1;
	pb->done_sm = -1;
	shape_acc_init(&pb->shape);
	shards_init(&pb->sh, o->sample_rate);
	pb->sh.salt = o->sample_salt;
	/* per-set records are exact or absent: a spatial sample changes which blocks share a set */
	pb->sa_on = o->setassoc && !(o->sample_rate > 0 && o->sample_rate < 1);
	if (o->sa_max_log < 0 || o->sa_max_log > PROFILE_SA_MAX_LOG || o->sa_max_log > SETIDX_MAX_LOG) {
		free(pb);
		return NULL;
	}
	pb->lev[pb->nlev++].g = 1;
	if (o->n_groups < 0) {
		for (int g = 2; g <= 64; g *= 2)
			if (o->n_sm == 0 || g < o->n_sm)
				pb->lev[pb->nlev++].g = g;
	} else {
		for (int i = 0; i < o->n_groups; i++)
			if (o->n_sm == 0 || o->groups[i] < o->n_sm)
				pb->lev[pb->nlev++].g = o->groups[i];
	}
	if (o->global)
		pb->lev[pb->nlev++].g = 0;
	for (int l = 0; l < pb->nlev; l++) {
		level_t *L = &pb->lev[l];
		/* lazy levels need the global one; a lazy level's write-evict stacks would have to be
		 * rebuilt, not copied, so write_evict starts every level active */
		L->sa = pb->sa_on && (o->setassoc_all || L->g == 1 || L->g == 0);
		L->active = l == 0 || !o->global || o->write_evict || L->sa;
		L->gshift = -1;
		for (int k = 0; k < 31; k++)
			if (L->g == 1 << k)
				L->gshift = k;
	}
	pb->wmask = 255;
	pb->warps = calloc(pb->wmask + 1, sizeof *pb->warps);
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	pb->nthreads = o->threads > 0 ? o->threads : ncpu > 0 ? (int)ncpu : 1;
	if (pb->nthreads > MAX_THREADS)
		pb->nthreads = MAX_THREADS;
	pthread_mutex_init(&pb->mu, NULL);
	pthread_cond_init(&pb->go, NULL);
	pthread_cond_init(&pb->done, NULL);
	int ok = pb->warps != NULL;
	if (ok && o->sector_reuse)
		ok = (pb->sec = sector_reuse_alloc(o->global)) != NULL;
	if (ok && o->fuse_sample)
		ok = (pb->ms = ms_builder_alloc(o->n_sm)) != NULL;
	int exact = !(o->sample_rate > 0 && o->sample_rate < 1);
	if (ok && (pb->sa_on || o->n_nodes > 0)) {
		ok = (pb->ix = malloc(sizeof *pb->ix)) != NULL;
		if (ok)
			set_index_init(pb->ix);
	}
	for (int i = 0; ok && exact && i < o->n_nodes; i++) {
		ok = (pb->nodes[i] = noderec_alloc(&o->nodes[i], o->write_evict ? SS_WRITE_EVICT : SS_ALLOCATE, pb->ix)) != NULL;
		pb->n_nodes = i + 1;
	}
	double nrate = o->node_set_rate > 0 ? o->node_set_rate : PROFILER_NODE_SET_RATE;
	for (int i = 0; ok && !exact && i < o->n_nodes; i++) {   /* nodesample.h */
		ok = (pb->nsamp[i] = nodesample_alloc(&o->nodes[i], o->write_evict ? SS_WRITE_EVICT : SS_ALLOCATE, pb->ix,
		                                      nrate > 1 ? 1 : nrate, o->sample_salt)) != NULL;
		pb->n_nsamp = i + 1;
	}
	if (ok && pb->sa_on) {
		/* write-allocate for every stream; write-evict and write-no-allocate for the L1-level
		 * ones (l1, group:G) with write_evict, like sd_we */
		for (int l = 0; l < pb->nlev && ok; l++)
			for (int m = 0; m < SS_NMODE && ok; m++)
				if (pb->lev[l].sa && (m == SS_ALLOCATE || (o->write_evict && pb->lev[l].g != 0)))
					ok = (pb->lev[l].ss[m] = calloc(1, sizeof *pb->lev[l].ss[m])) != NULL;
	}
	for (int b = 0; b < 2 && ok; b++) {
		batchbuf_t *bb = &pb->buf[b];
		size_t nb = (size_t)pb->o.batch;
		ok = (bb->ref = malloc(nb * sizeof *bb->ref)) && (bb->sm = malloc(nb * sizeof *bb->sm));
		for (int l = 0; l < pb->nlev && ok; l++)
			if (pb->lev[l].g != 0)
				ok = (bb->sorted[l] = malloc(nb * sizeof *bb->sorted[l])) != NULL;
	}
	/* the random groups of a sampled profile (profile_rgroups_t): every level's histograms
	 * and the class histograms once more per group, and per thread the batch's */
	pb->rg = pb->sh.rate < 1;
	if (pb->rg && ok)
		ok = (pb->rg_cls = calloc(RL_NCLASS * RGK, sizeof *pb->rg_cls)) != NULL;
	for (int l = 0; l < pb->nlev && ok && pb->rg; l++)
		ok = (pb->lev[l].rg = calloc(RG_HISTS * RGK, sizeof *pb->lev[l].rg)) != NULL;
	for (int i = 0; i < pb->nthreads && ok; i++) {
		ok = (pb->workers[i].acc = malloc(sizeof(tacc_t))) != NULL;
		if (ok) {
			pb->workers[i].acc->ssb = NULL;
			pb->workers[i].acc->rg = pb->workers[i].acc->rg_cls = pb->workers[i].acc->rg_shared = NULL;
		}
		if (ok && pb->rg) {
			tacc_t *t = pb->workers[i].acc;
			ok = (t->rg = calloc((size_t)pb->nlev * RG_HISTS * RGK, sizeof *t->rg)) &&
			     (t->rg_cls = calloc(RL_NCLASS * RGK, sizeof *t->rg_cls)) &&
			     (t->rg_shared = calloc(2 * RGK, sizeof *t->rg_shared));
		}
		if (ok && pb->sa_on)
			ok = (pb->workers[i].acc->ssb = setstack_batch_alloc()) != NULL;
	}
	if (!ok) {
		profiler_free(pb);
		return NULL;
	}
	return pb;
}

void profiler_free(profiler_t *pb)
{
	if (!pb)
		return;
	workers_stop(pb);         /* a batch may still be in flight after an error */
	ms_builder_free(pb->ms);
	sector_reuse_free(pb->sec);
	sector_rec_free(pb->secrec);
	line_sharers_free(pb->lshr);
	for (int l = 0; l < pb->nlev; l++) {
		for (int i = 0; i < pb->lev[l].nunits; i++)
			lru_free(pb->lev[l].units[i]);
		free(pb->lev[l].units);
		for (int i = 0; i < pb->lev[l].nwe; i++)
			lru_free(pb->lev[l].we_units[i]);
		free(pb->lev[l].we_units);
		for (int m = 0; m < SS_NMODE; m++) {
			for (int i = 0; i < pb->lev[l].nss[m]; i++)
				setstack_free(pb->lev[l].ss_units[m][i]);
			free(pb->lev[l].ss_units[m]);
			free(pb->lev[l].ss[m]);
		}
	}
	for (int i = 0; i < pb->n_nodes; i++)
		noderec_free(pb->nodes[i]);
	for (int i = 0; i < pb->n_nsamp; i++)
		nodesample_free(pb->nsamp[i]);
	free(pb->ix);
	if (pb->warps)
		for (uint64_t i = 0; i <= pb->wmask; i++)
			free(pb->warps[i].last);
	free(pb->warps);
	pthread_mutex_destroy(&pb->mu);
	pthread_cond_destroy(&pb->go);
	pthread_cond_destroy(&pb->done);
	for (int i = 0; i < MAX_THREADS; i++) {
		if (pb->workers[i].acc) {
			setstack_batch_free(pb->workers[i].acc->ssb);
			free(pb->workers[i].acc->rg);
			free(pb->workers[i].acc->rg_cls);
			free(pb->workers[i].acc->rg_shared);
		}
		free(pb->workers[i].acc);
	}
	for (int l = 0; l < pb->nlev; l++)
		free(pb->lev[l].rg);
	free(pb->rg_cls);
	for (int b = 0; b < 2; b++) {
		for (int l = 0; l < NLEV; l++)
			free(pb->buf[b].sorted[l]);
		free(pb->buf[b].ref);
		free(pb->buf[b].sm);
		free(pb->buf[b].items);
	}
	free(pb->cnt);
	shape_acc_free(&pb->shape);
	free(pb);
}

shape_acc_t *profiler_shape(profiler_t *pb)
{
	return &pb->shape;
}

void profiler_sector_flush(profiler_t *pb)
{
	if (pb->pass2 || sectors_drain(pb))   /* SECTOR QUEUE: the kernel's requests first */
		return;
	if (pb->secrec)
		sector_rec_flush(pb->secrec);
	if (pb->lshr)
		line_sharers_flush(pb->lshr);
}

uint64_t profiler_count(const profiler_t *pb)
{
	return pb->count;
}

static int check_sm(profiler_t *pb, int sm)
{
	if (pb->failed)
		return pb->failed;
	if (sm < 0 || (pb->o.n_sm > 0 && sm >= pb->o.n_sm))
		return -2;
	if (sm > pb->max_sm)
		pb->max_sm = sm;
	return 0;
}

static inline int unit_index(const level_t *L, int sm)
{
	return L->g == 0 ? 0 : L->gshift >= 0 ? sm >> L->gshift : sm / L->g;
}

/* Unit k of an array grown on demand (the level's units, or its write-evict stacks). */
static lru_stack_t *units_get(lru_stack_t ***units, int *nunits, int k)
{
	if (k >= *nunits) {
		int n = k + 1 > 2 * *nunits ? k + 1 : 2 * *nunits;
		lru_stack_t **nu = realloc(*units, (size_t)n * sizeof *nu);
		if (!nu)
			return NULL;
		memset(nu + *nunits, 0, (size_t)(n - *nunits) * sizeof *nu);
		*units = nu;
		*nunits = n;
	}
	if (!(*units)[k])
		(*units)[k] = lru_alloc();
	return (*units)[k];
}

/* Unit k's set-associative stack for write mode m. */
static setstack_t *sa_get(const profiler_t *pb, level_t *L, int k, int m)
{
	setstack_t ***units = &L->ss_units[m];
	int *nunits = &L->nss[m];
	if (k >= *nunits) {
		int n = k + 1 > 2 * *nunits ? k + 1 : 2 * *nunits;
		setstack_t **nu = realloc(*units, (size_t)n * sizeof *nu);
		if (!nu)
			return NULL;
		memset(nu + *nunits, 0, (size_t)(n - *nunits) * sizeof *nu);
		*units = nu;
		*nunits = n;
	}
	if (!(*units)[k]) {
		(*units)[k] = setstack_alloc(pb->o.sa_max_log, (enum setstack_mode)m, pb->ix);
		/* the l1 stream's per-SM caches also get the few-set deep lists (Volta-and-later L1s) */
		if ((*units)[k] && m == SS_ALLOCATE && L->g == 1 && setstack_enable_deep((*units)[k])) {
			setstack_free((*units)[k]);
			(*units)[k] = NULL;
		}
	}
	return (*units)[k];
}

/* The item's set-associative stacks: 0, or -1 when out of memory. */
static int sa_item(const profiler_t *pb, level_t *L, int k, item_t *it)
{
	for (int m = 0; m < SS_NMODE; m++)
		it->ss[m] = NULL;
	if (!pb->sa_on || pb->pass2)
		return 0;
	for (int m = 0; m < SS_NMODE; m++)
		if (L->ss[m] && !(it->ss[m] = sa_get(pb, L, k, m)))
			return -1;
	return 0;
}

static lru_stack_t *level_unit(level_t *L, int sm)
{
	return units_get(&L->units, &L->nunits, unit_index(L, sm));
}



/*
 * Identical units.  With N SMs seen so far, unit k of group:G holds SMs [kG, min(kG + G, N)),
 * so where N cuts it short it can hold exactly the SMs of a unit of a smaller group (80 SMs:
 * group:32's unit 2 and group:64's unit 1 are both SMs 64..79, group:16's unit 4).  Such a
 * unit's stream is the other's, access for access, so only one stack runs and its item
 * credits both levels (5% of an 80-SM profile's stack work).  The source is the smallest
 * active group (or the l1) with that SM range, never itself an alias.  N only grows, and two
 * ranges that differ for some N differ for every larger one: when a new SM separates them,
 * the alias gets a copy of its source's stack (dealias).  Not with write-evict stacks (the
 * class pass runs the l1 alone).  Returns the source level (and *ks its unit), or -1.
 */
static int unit_alias(const profiler_t *pb, int l, int k, int n, int *ks)
{
	const level_t *L = &pb->lev[l];
	if (L->g < 2 || !L->active || pb->o.write_evict || L->sa)
		return -1;
	long a = (long)k * L->g, end = a + L->g < n ? a + L->g : n;
	if (end <= a)
		return -1;
	int best = -1;
	for (int j = 0; j < pb->nlev; j++) {
		const level_t *S = &pb->lev[j];
		if (j == l || S->g < 1 || S->g >= L->g || !S->active || a % S->g != 0)
			continue;
		if ((a + S->g < n ? a + S->g : n) == end && (best < 0 || S->g < pb->lev[best].g))
			best = j;
	}
	if (best >= 0)
		*ks = (int)(a / pb->lev[best].g);
	return best;
}

/* Distinct blocks summed over the level's units (an alias counts its source's). */
static double level_footprint(const profiler_t *pb, int l)
{
	const level_t *L = &pb->lev[l];
	double f = 0;
	for (int i = 0; i < L->nunits || (long)i * L->g < pb->done_sm + 1; i++) {
		int ks, src = L->g > 1 ? unit_alias(pb, l, i, pb->done_sm + 1, &ks) : -1;
		const lru_stack_t *u = src < 0 ? (i < L->nunits ? L->units[i] : NULL)
					       : ks < pb->lev[src].nunits ? pb->lev[src].units[ks] : NULL;
		if (u)
			f += u->nent;
		if (L->g == 0)
			break;
	}
	return f;
}

/* The SM count grew from n_old to n_new (all accesses so far processed): units that stop
 * being aliases start from a copy of their source's stack. */
static int dealias(profiler_t *pb, int n_old, int n_new)
{
	for (int l = 0; l < pb->nlev; l++) {
		level_t *L = &pb->lev[l];
		if (L->g < 2 || !L->active)
			continue;
		for (int k = 0; (long)k * L->g < n_old; k++) {
			int ks, ks2;
			int src = unit_alias(pb, l, k, n_old, &ks);
			if (src < 0 || unit_alias(pb, l, k, n_new, &ks2) >= 0)
				continue;
			const level_t *S = &pb->lev[src];
			if (ks >= S->nunits || !S->units[ks])
				continue;                          /* no access yet */
			if (!units_get(&L->units, &L->nunits, k))
				return -1;
			lru_free(L->units[k]);
			lru_stack_t *c = L->units[k] = lru_clone(S->units[ks]);
			if (!c)
				return -1;
			for (uint64_t e = 0; e <= c->hmask; e++)
				c->map[e].r = c->map[e].w = 0;   /* read/write counts are the l1's own */
		}
	}
	return 0;
}

/*
 * Levels start inactive.  While every SM processed so far falls into one unit of a level,
 * that unit has seen exactly the accesses of the global stream (of the l1 stream of SM 0 for
 * the global level itself), so it is created only when the first SM outside unit 0 appears,
 * as a copy of its source: exact, and free for single-SM traces.
 */
static int activate(profiler_t *pb, int sm)
{
	level_t *src = &pb->lev[0];
	for (int l = pb->nlev - 1; l >= 1; l--)
		if (pb->lev[l].g == 0)
			src = &pb->lev[l];
	for (int pass = 0; pass < 2; pass++) {
		for (int l = 1; l < pb->nlev; l++) {
			level_t *L = &pb->lev[l];
			if (L->active || (pass == 0) != (L->g == 0))
				continue;                  /* global first (from l1), then groups (from global) */
			int edge = L->g == 0 ? 1 : L->g;
			if (sm < edge)
				continue;
			level_t *from = L->g == 0 ? &pb->lev[0] : src;
			if (from != L && from->nunits > 0 && from->units[0]) {
				if (!level_unit(L, 0))
					return -1;
				lru_free(L->units[0]);
				L->units[0] = lru_clone(from->units[0]);
				if (!L->units[0])
					return -1;
				for (uint64_t k = 0; k <= L->units[0]->hmask; k++)
					L->units[0]->map[k].r = L->units[0]->map[k].w = 0;
				L->sd = from->sd;
				L->rt = from->rt;
				L->accesses = from->accesses;
				L->writes = from->writes;
				if (L->rg) {             /* the groups' sd and rt, and writes, likewise */
					memcpy(L->rg, from->rg, 2 * RGK * sizeof *L->rg);
					memcpy(L->gwr, from->gwr, sizeof L->gwr);
				}
			}
			L->active = 1;
		}
	}
	return 0;
}

/* ---- batches: accesses are buffered, then every (level, unit) stack processes its own ---- */

/*
 * A unit's distances depend only on the order of its own accesses, so a batch of BATCH
 * accesses is sorted by unit (stably, per level) and each unit then processes its share in
 * one run: its hash map and bit map stay in cache for the run instead of being evicted by the
 * 80 other SMs' units between two of its accesses, and the (level, unit) runs are independent
 * work items for the worker threads.  Each thread counts into its own histograms, added to
 * the levels' after the batch, so the profile is the same for any number of threads.
 */

static void tacc_clear(tacc_t *t, int nlev, int pb_sa_on)
{
	for (int l = 0; l < nlev; l++) {
		memset(&t->sd[l], 0, sizeof t->sd[l]);
		memset(&t->rt[l], 0, sizeof t->rt[l]);
		memset(&t->sd_we[l], 0, sizeof t->sd_we[l]);
		for (int m = 0; m < SS_NMODE && pb_sa_on; m++)
			memset(t->ss[m][l], 0, sizeof t->ss[m][l]);
		t->accesses[l] = t->writes[l] = 0;
	}
	memset(t->cls, 0, sizeof t->cls);
	if (t->rg) {
		memset(t->rg, 0, (size_t)nlev * RG_HISTS * RGK * sizeof *t->rg);
		memset(t->rg_cls, 0, RL_NCLASS * RGK * sizeof *t->rg_cls);
		memset(t->gwr, 0, sizeof t->gwr);
	}
	t->failed = 0;
}

static void dhist_add(dhist_t *to, const ihist_t *from)
{
	for (int b = 0; b < NBINS; b++)
		to->bin[b] += (double)from->bin[b];
	to->cold += (double)from->cold;
}

/* The write-evict stack: a write is a miss that evicts (counted cold), a read an ordinary
 * LRU access. */
static int we_access(const profiler_t *pb, lru_stack_t *u, ihist_t *h, ihist_t *gh, int is_write, uint64_t block)
{
	if (is_write) {
		h->cold++;
		if (gh)
			gh->cold++;
		return lru_we_write(u, block);
	}
	int cold;
	uint64_t sd = 0;
	if (lru_we_read(u, block, &cold, &sd))
		return -1;
	if (cold) {
		h->cold++;
		if (gh)
			gh->cold++;
	} else {
		int b = bin_of(pb, sd);
		h->bin[b]++;
		if (gh)
			gh->bin[b]++;
	}
	return 0;
}

/* Accesses of one item, in stream order, between prefetching a slot and probing it. */
#define PREFETCH 24
#define PREFETCH_RING 32   /* a power of two > PREFETCH */

static void ihist_add(ihist_t *to, const ihist_t *from)
{
	for (int b = 0; b < NBINS; b++)
		to->bin[b] += from->bin[b];
	to->cold += from->cold;
}

static void run_item(profiler_t *pb, const item_t *it, tacc_t *t)
{
	level_t *L = &pb->lev[it->lev];
	lru_stack_t *u = it->u, *we = it->we;
	const sref_t *run = (L->g == 0 ? pb->work->ref : pb->work->sorted[it->lev]) + it->start;
	int l = it->lev;
	/* an item other levels share (it->credit) counts apart first, then into each of them */
	ihist_t *sdh = &t->sd[l], *rth = &t->rt[l];
	if (it->credit) {
		sdh = &t->shared_sd;
		rth = &t->shared_rt;
		memset(sdh, 0, sizeof *sdh);
		memset(rth, 0, sizeof *rth);
	}
	/* the random groups' sd and rt (gsd[g], gsd[RGK + g]), sd_we, writes: the same way */
	const int rg = t->rg != NULL;
	ihist_t *gsd = NULL, *gwe = NULL;
	uint64_t gw[RGK] = { 0 };
	if (rg) {
		gsd = it->credit ? t->rg_shared : &t->rg[(size_t)l * RG_HISTS * RGK];
		gwe = &t->rg[((size_t)l * RG_HISTS + 2) * RGK];
		if (it->credit)
			memset(gsd, 0, 2 * RGK * sizeof *gsd);
	}
	uint64_t writes = 0;
	int failed = 0;
	uint64_t hring[PREFETCH_RING];     /* hashes of accesses j .. j + PREFETCH */
	for (uint32_t j = 0; j < PREFETCH && j < it->n; j++)
		hring[j] = lru_hash(run[j] & ~REF_WRITE);
	for (uint32_t j = 0; j < it->n && !failed; j++) {
		if (j + PREFETCH < it->n) {
			uint64_t hn = lru_hash(run[j + PREFETCH] & ~REF_WRITE);
			hring[(j + PREFETCH) % PREFETCH_RING] = hn;
			__builtin_prefetch(&u->map[hn & u->hmask], 1);
		}
		uint64_t block = run[j] & ~REF_WRITE, hw = hring[j % PREFETCH_RING];
		int is_write = (run[j] & REF_WRITE) != 0;
		int cold;
		uint64_t sd = 0, rt = 0;
		lru_entry_t *e = lru_touch(u, block, hw, &cold, &sd, &rt);
		if (!e) {
			failed = 1;
			break;
		}
		const int grp = rg ? shards_group(&pb->sh, block, RGK) : 0;
		if (pb->pass2) {        /* the class pass: l1 distances by each block's final class */
			if (!cold) {
				int c = rl_of(e->w, e->r), b = bin_of(pb, sd);
				t->cls[c].bin[b]++;
				if (rg)
					t->rg_cls[c * RGK + grp].bin[b]++;
			}
			continue;
		}
		writes += (uint64_t)is_write;
		int sdbin = 0;
		if (cold) {
			sdh->cold++;
			rth->cold++;
			if (rg) {
				gsd[grp].cold++;
				gsd[RGK + grp].cold++;
			}
		} else {
			sdbin = bin_of(pb, sd);
			int rtbin = bin_of(pb, rt);
			sdh->bin[sdbin]++;
			rth->bin[rtbin]++;
			if (rg) {
				gsd[grp].bin[sdbin]++;
				gsd[RGK + grp].bin[rtbin]++;
			}
		}
		if (rg)
			gw[grp] += (uint64_t)is_write;
		if (L->g == 1) {
			if (is_write)
				e->w++;
			else
				e->r++;
			/* non-cold accesses go to the class the block has so far (see profile-format.md);
			 * cold ones are counted per final class at the end */
			if (!cold) {
				int c = rl_of(e->w, e->r);
				t->cls[c].bin[sdbin]++;
				if (rg)
					t->rg_cls[c * RGK + grp].bin[sdbin]++;
			}
		}
		if (we && we_access(pb, we, &t->sd_we[l], rg ? &gwe[grp] : NULL, is_write, block))
			failed = 1;
		/* the set-associative lists are stamped with this stack's access times (setstack.h) */
		if (it->ss[SS_ALLOCATE] && setstack_access_timed(it->ss[SS_ALLOCATE], t->ssb, block, cold ? UINT64_MAX : sd,
								 e->last_abs, cold ? 0 : e->last_abs - rt - 1,
								 t->ss[SS_ALLOCATE][l]))
			failed = 1;
		for (int m = 1; m < SS_NMODE; m++)
			if (it->ss[m] && setstack_access(it->ss[m], block, is_write, t->ss[m][l]))
				failed = 1;
	}
	if (it->ss[SS_ALLOCATE] && setstack_flush(t->ssb))   /* this item's accesses, before its counts are added */
		failed = 1;
	if (failed)
		t->failed = 1;
	if (pb->pass2)
		return;
	for (uint32_t m = it->credit | 1u << l; m; m &= m - 1) {
		int x = __builtin_ctz(m);
		t->accesses[x] += it->n;
		t->writes[x] += writes;
		if (it->credit) {
			ihist_add(&t->sd[x], sdh);
			ihist_add(&t->rt[x], rth);
		}
		for (int g = 0; g < RGK && rg; g++) {
			t->gwr[x][g] += gw[g];
			if (it->credit) {
				ihist_add(&t->rg[(size_t)x * RG_HISTS * RGK + g], &gsd[g]);
				ihist_add(&t->rg[((size_t)x * RG_HISTS + 1) * RGK + g], &gsd[RGK + g]);
			}
		}
	}
}

/* Take items off the shared list (largest first) until none is left. */
static void run_items(profiler_t *pb, tacc_t *t)
{
	for (;;) {
		int i = __atomic_fetch_add(&pb->next_item, 1, __ATOMIC_RELAXED);
		if (i >= pb->work->nitems)
			return;
		run_item(pb, &pb->work->items[i], t);
	}
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	profiler_t *pb = w->pb;
	unsigned seen = 0;
	pthread_mutex_lock(&pb->mu);
	for (;;) {
		while (pb->gen == seen && !pb->quit)
			pthread_cond_wait(&pb->go, &pb->mu);
		if (pb->quit)
			break;
		seen = pb->gen;
		pthread_mutex_unlock(&pb->mu);
		run_items(pb, w->acc);
		pthread_mutex_lock(&pb->mu);
		if (--pb->busy == 0)
			pthread_cond_signal(&pb->done);
	}
	pthread_mutex_unlock(&pb->mu);
	return NULL;
}

/* Start the worker threads 1 .. nthreads - 1 (the reader is thread 0).  Fewer threads is not
 * an error. */
static void workers_start(profiler_t *pb)
{
	pb->started = 1;
	for (int i = 1; i < pb->nthreads; i++) {
		struct worker *w = &pb->workers[i];
		w->pb = pb;
		if (pthread_create(&w->th, NULL, worker_main, w) != 0) {
			pb->nthreads = i;
			break;
		}
	}
}

static void workers_stop(profiler_t *pb)
{
	if (!pb->started)
		return;
	pthread_mutex_lock(&pb->mu);
	pb->quit = 1;
	pthread_cond_broadcast(&pb->go);
	pthread_mutex_unlock(&pb->mu);
	for (int i = 1; i < pb->nthreads; i++)
		pthread_join(pb->workers[i].th, NULL);
	pb->started = 0;
}

static int item_larger(const void *a, const void *b)
{
	const item_t *x = a, *y = b;
	return (x->n < y->n) - (x->n > y->n);
}

/* Sort the batch by unit for every level being built (stably), make sure the units exist,
 * and list the (level, unit) items.  0, or -1 when out of memory.  Runs on the reader's
 * thread while the workers process the previous batch: it must not touch the units' contents,
 * only create units (the levels' unit arrays are read by nobody else meanwhile: items carry
 * the unit pointers). */
static int plan_batch(profiler_t *pb, batchbuf_t *bb)
{
	if (pb->cnt_cap < 2 * (pb->max_sm + 2)) {
		size_t n = 2 * ((size_t)pb->max_sm + 2);
		uint32_t *c = realloc(pb->cnt, n * sizeof *c);
		if (!c)
			return -1;
		pb->cnt = c;
		pb->cnt_cap = (int)n;
	}
	/* accesses per SM, counted once: each level's per-unit counts are sums of these */
	uint32_t *smcnt = pb->cnt + pb->max_sm + 2;
	memset(smcnt, 0, ((size_t)pb->max_sm + 1) * sizeof *smcnt);
	for (uint32_t i = 0; i < bb->n; i++)
		smcnt[bb->sm[i]]++;
	int need = pb->nlev * (pb->max_sm + 1);
	if (bb->icap < need) {
		item_t *it = realloc(bb->items, (size_t)need * sizeof *it);
		if (!it)
			return -1;
		bb->items = it;
		bb->icap = need;
	}
	bb->nitems = 0;
	int alias[4 * NLEV][3], nalias = 0;    /* (level, source level, source unit) */
	for (int l = 0; l < pb->nlev; l++) {
		level_t *L = &pb->lev[l];
		if (!L->active || (pb->pass2 && l > 0))
			continue;
		if (L->g == 0) {                          /* one unit: the batch in order */
			lru_stack_t *u = units_get(&L->units, &L->nunits, 0), *we = NULL;
			if (!u || (pb->o.write_evict && !pb->pass2 && !(we = units_get(&L->we_units, &L->nwe, 0))))
				return -1;
			bb->items[bb->nitems] = (item_t){ l, 0, bb->n, u, we, { NULL }, 0 };
			if (sa_item(pb, L, 0, &bb->items[bb->nitems++]))
				return -1;
			continue;
		}
		int nk = unit_index(L, pb->max_sm) + 1;
		uint32_t *cnt = pb->cnt;
		const uint32_t *sm = bb->sm;
		/* unit = sm >> gs (or sm / g), in locals: cnt may alias the level's ints */
		const int gs = L->gshift;
		const uint32_t g = (uint32_t)L->g, n = bb->n;
		memset(cnt, 0, ((size_t)nk + 1) * sizeof *cnt);
		for (int q = 0; q <= pb->max_sm; q++)
			cnt[q / (int)g + 1] += smcnt[q];
		for (int k = 0; k < nk; k++) {
			cnt[k + 1] += cnt[k];                 /* cnt[k]: unit k's first slot */
			uint32_t nu = cnt[k + 1] - cnt[k];
			if (nu == 0)
				continue;
			int ks, src = unit_alias(pb, l, k, pb->done_sm + 1, &ks);
			if (src >= 0) {                       /* credited by the source's item, below */
				if (nalias < (int)(sizeof alias / sizeof *alias)) {
					alias[nalias][0] = l;
					alias[nalias][1] = src;
					alias[nalias++][2] = ks;
					continue;
				}
			}
			lru_stack_t *u = units_get(&L->units, &L->nunits, k), *we = NULL;
			if (!u)
				return -1;
			if (pb->o.write_evict && !pb->pass2 && !(we = units_get(&L->we_units, &L->nwe, k)))
				return -1;
			bb->items[bb->nitems] = (item_t){ l, cnt[k], nu, u, we, { NULL }, 0 };
			if (sa_item(pb, L, k, &bb->items[bb->nitems++]))
				return -1;
		}
		sref_t *out = bb->sorted[l];
		const sref_t *ref = bb->ref;
		if (gs >= 0)
			for (uint32_t i = 0; i < n; i++)
				out[cnt[sm[i] >> gs]++] = ref[i];
		else
			for (uint32_t i = 0; i < n; i++)
				out[cnt[sm[i] / g]++] = ref[i];
	}
	for (int i = 0; i < nalias; i++) {
		const level_t *S = &pb->lev[alias[i][1]];
		for (int j = 0; j < bb->nitems; j++)
			if (bb->items[j].lev == alias[i][1] && bb->items[j].u == S->units[alias[i][2]])
				bb->items[j].credit |= 1u << alias[i][0];
	}
	qsort(bb->items, (size_t)bb->nitems, sizeof *bb->items, item_larger);
	return 0;
}

static void sa_add(profile_setassoc_t *to, setstack_counts_t c, int max_log)
{
	for (int f = 0; f < SA_NINDEX; f++)
		for (int k = 0; k <= max_log; k++)
			for (int d = 0; d <= PROFILE_SA_WAYS; d++)
				to->hist[f][k][d] += (double)c[f][k][d];
}

/* Finish the batch in flight, if any (the reader takes items too), and add its counts to the
 * levels'. */
static int wait_batch(profiler_t *pb)
{
	if (!pb->inflight)
		return pb->failed ? -1 : 0;
	run_items(pb, pb->workers[0].acc);
	if (pb->started) {
		pthread_mutex_lock(&pb->mu);
		while (pb->busy > 0)
			pthread_cond_wait(&pb->done, &pb->mu);
		pthread_mutex_unlock(&pb->mu);
	}
	pb->inflight = 0;
	for (int i = 0; i < pb->nthreads; i++) {
		tacc_t *t = pb->workers[i].acc;
		if (t->failed)
			pb->failed = -1;
		for (int c = 0; c < RL_NCLASS; c++)
			dhist_add(&pb->cls[c], &t->cls[c]);
		for (int j = 0; j < RL_NCLASS * RGK && t->rg; j++)
			dhist_add(&pb->rg_cls[j], &t->rg_cls[j]);
		for (int l = 0; l < pb->nlev; l++) {
			level_t *L = &pb->lev[l];
			for (int j = 0; j < RG_HISTS * RGK && t->rg; j++)
				dhist_add(&L->rg[j], &t->rg[(size_t)l * RG_HISTS * RGK + j]);
			for (int g = 0; g < RGK && t->rg; g++)
				L->gwr[g] += (double)t->gwr[l][g];
			dhist_add(&L->sd, &t->sd[l]);
			dhist_add(&L->rt, &t->rt[l]);
			dhist_add(&L->sd_we, &t->sd_we[l]);
			for (int m = 0; m < SS_NMODE; m++)
				if (L->ss[m])
					sa_add(L->ss[m], t->ss[m][l], pb->o.sa_max_log);
			L->accesses += (double)t->accesses[l];
			L->writes += (double)t->writes[l];
		}
	}
	pb->work->n = 0;
	return pb->failed ? -1 : 0;
}

/*
 * Hand the filled buffer to the workers and return: the reader fills and sorts the other
 * buffer while they work, then joins them on what is left (wait_batch), so no core idles and
 * none is oversubscribed.  At most one batch is in flight; with one thread, wait_batch does
 * all the work.
 */
static int submit(profiler_t *pb)
{
	batchbuf_t *bb = &pb->buf[pb->cur];
	if (pb->failed)
		return -1;
	if (bb->n == 0)
		return 0;
	if (plan_batch(pb, bb))
		return pb->failed = -1;
	if (wait_batch(pb))
		return -1;
	for (int i = 0; i < pb->nthreads; i++)
		tacc_clear(pb->workers[i].acc, pb->nlev, pb->sa_on);
	pb->work = bb;
	pb->next_item = 0;
	pb->inflight = 1;
	pb->cur ^= 1;
	if (pb->nthreads > 1 && !pb->started)
		workers_start(pb);
	if (!pb->started)
		return 0;
	pthread_mutex_lock(&pb->mu);
	pb->busy = pb->nthreads - 1;
	pb->gen++;
	pthread_cond_broadcast(&pb->go);
	pthread_mutex_unlock(&pb->mu);
	return 0;
}

/* Process everything buffered and wait for it: the levels' counts are then complete. */
static int flush(profiler_t *pb)
{
	if (submit(pb))
		return -1;
	return wait_batch(pb);
}

int profiler_access(profiler_t *pb, int sm, int is_write, uint64_t addr, uint64_t pc)
{
	(void)pc;
	int rc = check_sm(pb, sm);
	if (rc)
		return rc;
	uint64_t block = addr >> pb->shift;
	if (!pb->pass2)
		pb->count++;
	if (pb->ms && !pb->pass2 && ms_builder_add(pb->ms, sm, block, is_write))   /* before SHARDS */
		return pb->failed = -1;
	for (int i = 0; i < pb->n_nsamp && !pb->pass2; i++)   /* set-sampled nodes see every access */
		if (nodesample_access(pb->nsamp[i], sm, block, is_write))
			return pb->failed = -1;
	if (pb->sh.rate < 1 && !shards_keep(&pb->sh, block))   /* SHARDS sampling: src/profiling/shards.h */
		return 0;
	if (!pb->pass2) {
		if (sm > pb->done_sm) {      /* levels activate at this point of the stream */
			if (flush(pb))
				return -1;
			if (dealias(pb, pb->done_sm + 1, sm + 1))
				return pb->failed = -1;
			pb->done_sm = sm;
			if (activate(pb, sm))
				return pb->failed = -1;
		}
		pb->home80[block % 80]++;
		pb->home64[block & 63]++;
		/* the sharers record per block (line_sharers.h), exact profiles, until a sector is fed */
		if (!pb->sectors_fed && pb->sh.rate >= 1 &&
		    ((!pb->lshr && !(pb->lshr = line_sharers_alloc())) || line_sharers_access(pb->lshr, sm, block, is_write)))
			return pb->failed = -1;
		for (int i = 0; i < pb->n_nodes; i++)     /* DC-L1 node records, trace order */
			if (noderec_access(pb->nodes[i], sm, block, is_write))
				return pb->failed = -1;
	}
	batchbuf_t *bb = &pb->buf[pb->cur];
	bb->ref[bb->n] = (block & ~REF_WRITE) | (is_write ? REF_WRITE : 0);
	bb->sm[bb->n++] = (uint32_t)sm;
	if (bb->n == (uint32_t)pb->o.batch)
		return submit(pb);
	return 0;
}

/* The sectored cache's record (sector_rec.h) of one request: exact, never sampled, fed in the
 * first pass only (the class pass feeds the same trace again). */
static int sector_rec_feed(profiler_t *pb, int sm, uint64_t addr, uint32_t mask, int is_write, int bypass_l1)
{
	if (!pb->secrec) {
		/* the group:G streams' merged records too (sector_rec.h): the LLC at fewer SMs */
		int g[SECREC_MAX_GROUPS], ng = 0;
		for (int l = 0; pb->o.sector_groups && l < pb->nlev && ng < SECREC_MAX_GROUPS; l++)
			if (pb->lev[l].g > 1)
				g[ng++] = pb->lev[l].g;
		if (!(pb->secrec = sector_rec_alloc()) || sector_rec_groups(pb->secrec, g, ng))
			return pb->failed = -1;
	}
	if (sector_rec_access(pb->secrec, sm, addr / SECTOR_LINE, mask, is_write, bypass_l1))   /* 128 B lines */
		return pb->failed = -1;
	return 0;
}

/* Feed one queued request to the sector records (SECTOR QUEUE). */
static inline __attribute__((always_inline)) int sectors_feed(profiler_t *pb, const secq_ent_t *q)
{
	int rc;
	/* the sectored-cache record is exact or absent, like the set records: a sampled profile
	 * (SHARDS) has none, its cost being the whole stream's */
	if (pb->sh.rate >= 1 && (rc = sector_rec_feed(pb, q->sm, q->addr, q->mask, q->is_write, q->bypass_l1)))
		return rc;
	if (!pb->sec)
		return 0;
	uint64_t first = (q->addr & ~(uint64_t)(SECTOR_LINE - 1)) / SECTOR_BYTES;
	for (int i = 0; i < SECTOR_LINE / SECTOR_BYTES; i++) {
		uint64_t sec = first + (uint64_t)i;
		if (!(q->mask >> i & 1))
			continue;
		/* SHARDS: the sector's profiler block decides, as for the block stacks (shards.h) */
		if (pb->sh.rate < 1 && !shards_keep(&pb->sh, sec * SECTOR_BYTES >> pb->shift))
			continue;
		if (sector_reuse_access(pb->sec, q->sm, sec))
			return pb->failed = -1;
	}
	return 0;
}

/* Take the oldest queued request off the ring and feed it (SECTOR QUEUE). */
static int sectors_feed_oldest(profiler_t *pb)
{
	const secq_ent_t *q = &pb->secq[pb->secq_head];
	pb->secq_head = (pb->secq_head + 1) % SECQ;
	pb->secq_n--;
	return pb->failed ? -1 : sectors_feed(pb, q);
}

/* Feed every queued request, oldest first (SECTOR QUEUE). */
static int sectors_drain(profiler_t *pb)
{
	while (pb->secq_n > 0)
		if (sectors_feed_oldest(pb))
			return pb->failed = -1;
	return pb->failed ? -1 : 0;
}

int profiler_sectors(profiler_t *pb, int sm, uint64_t addr, uint32_t mask, int is_write, int bypass_l1)
{
	int rc = check_sm(pb, sm);
	if (rc)
		return rc;
	if (mask == 0 || mask >> (SECTOR_LINE / SECTOR_BYTES))
		return -3;
	if (pb->pass2)
		return 0;
	if (!pb->sectors_fed) {             /* the sector record holds the sharers from here on */
		pb->sectors_fed = 1;
		line_sharers_free(pb->lshr);
		pb->lshr = NULL;
	}
	if (pb->sec) {
		pb->have_sectors = 1;
		pb->sec_offered += __builtin_popcount(mask);
	}
	secq_ent_t e = { .addr = addr, .sm = sm, .mask = mask, .is_write = is_write, .bypass_l1 = bypass_l1 };
	if (pb->sh.rate < 1)                      /* sampled: few sectors kept, small maps: at once */
		return sectors_feed(pb, &e);
	/* SECTOR QUEUE: prefetch this request's slots, feed the oldest when the ring is full */
	uint64_t line = addr / SECTOR_LINE;
	if (pb->secrec)
		sector_rec_prefetch(pb->secrec, sm, line, bypass_l1);
	if (pb->sec)
		for (int i = 0; i < SECTOR_LINE / SECTOR_BYTES; i++)
			if (mask >> i & 1)
				sector_reuse_prefetch(pb->sec, sm, line * (SECTOR_LINE / SECTOR_BYTES) + (uint64_t)i);
	if (pb->secq_n == SECQ && (rc = sectors_feed_oldest(pb)))
		return rc;
	pb->secq[(pb->secq_head + pb->secq_n) % SECQ] = e;
	pb->secq_n++;
	return 0;
}

int profiler_insts(profiler_t *pb, int sm, double ninst, double nmem, double nsect)
{
	int rc = check_sm(pb, sm);
	if (rc || pb->pass2)
		return rc;
	pb->have_insts = 1;
	pb->insts += ninst;
	pb->mem_insts += nmem;
	pb->sectors += nsect;
	return 0;
}

int profiler_tensor(profiler_t *pb, int sm, double n)
{
	int rc = check_sm(pb, sm);
	if (rc || pb->pass2)
		return rc;
	pb->tensor += n;
	return 0;
}

int profiler_compressibility(profiler_t *pb, double high, double low, double none)
{
	double sum = high + low + none;
	if (!(high >= 0 && low >= 0 && none >= 0) || fabs(sum - 1.0) > 1e-9)
		return -3;
	pb->have_comp = 1;
	pb->comp[0] = high / sum;
	pb->comp[1] = low / sum;
	pb->comp[2] = none / sum;
	return 0;
}

static warp_t *warp_find(profiler_t *pb, int sm, long id)
{
	uint64_t h = lru_hash(((uint64_t)sm << 40) ^ (uint64_t)id) & pb->wmask;
	while (pb->warps[h].last || pb->warps[h].nreg == -1) {
		if (pb->warps[h].sm == sm && pb->warps[h].id == id)
			return &pb->warps[h];
		h = (h + 1) & pb->wmask;
	}
	if ((pb->nwarps + 1) * 2 > pb->wmask + 1) {
		uint64_t ncap = (pb->wmask + 1) * 2;
		warp_t *nw = calloc(ncap, sizeof *nw);
		if (!nw)
			return NULL;
		for (uint64_t i = 0; i <= pb->wmask; i++) {
			warp_t *w = &pb->warps[i];
			if (!w->last && w->nreg != -1)
				continue;
			uint64_t k = lru_hash(((uint64_t)w->sm << 40) ^ (uint64_t)w->id) & (ncap - 1);
			while (nw[k].last || nw[k].nreg == -1)
				k = (k + 1) & (ncap - 1);
			nw[k] = *w;
		}
		free(pb->warps);
		pb->warps = nw;
		pb->wmask = ncap - 1;
		return warp_find(pb, sm, id);
	}
	warp_t *w = &pb->warps[h];
	w->sm = sm;
	w->id = id;
	w->nreg = -1;           /* occupied, no register array yet */
	w->icount = 0;
	pb->nwarps++;
	return w;
}

static int warp_reg(warp_t *w, int reg)
{
	int n = w->nreg < 0 ? 0 : w->nreg;
	if (reg < n)
		return 0;
	int nn = n ? n : 64;
	while (nn <= reg)
		nn *= 2;
	uint64_t *nl = realloc(w->last, (size_t)nn * sizeof *nl);
	if (!nl)
		return -1;
	memset(nl + n, 0, (size_t)(nn - n) * sizeof *nl);
	w->last = nl;
	w->nreg = nn;
	return 0;
}

int profiler_regs(profiler_t *pb, int sm, long warp, int dst, const int *srcs, int nsrc)
{
	int rc = check_sm(pb, sm);
	if (rc || pb->pass2)
		return rc;
	if (dst > MAX_REG)
		return -2;
	for (int i = 0; i < nsrc; i++)
		if (srcs[i] > MAX_REG)
			return -2;
	warp_t *w = warp_find(pb, sm, warp);
	if (!w)
		return pb->failed = -1;
	uint64_t now = ++w->icount;                    /* 1-based instruction index */
	pb->n_xinst++;
	for (int i = 0; i < nsrc; i++) {
		int r = srcs[i];
		if (r < 0)
			continue;
		pb->n_src++;
		if (warp_reg(w, r) < 0)
			return pb->failed = -1;
		if (w->last[r])
			pb->reg.bin[bin_of(pb, now - w->last[r])]++;  /* Malekeh §III-A */
		else
			pb->reg.cold++;
		w->last[r] = now;
	}
	if (dst >= 0) {
		pb->n_dst++;
		if (warp_reg(w, dst) < 0)
			return pb->failed = -1;
		w->last[dst] = now;
	}
	return 0;
}

int profiler_class_pass(profiler_t *pb)
{
	if (pb->failed || flush(pb))
		return -1;
	level_t *L = &pb->lev[0];
	for (int i = 0; i < L->nunits; i++) {
		if (L->units[i])
			lru_restart(L->units[i]);
	}
	for (int c = 0; c < RL_NCLASS; c++)
		memset(pb->cls[c].bin, 0, sizeof pb->cls[c].bin);
	for (int j = 0; j < RL_NCLASS * RGK && pb->rg_cls; j++)
		memset(pb->rg_cls[j].bin, 0, sizeof pb->rg_cls[j].bin);
	if (sectors_drain(pb))               /* SECTOR QUEUE: the first pass's last requests */
		return -1;
	pb->pass2 = 1;
	return 0;
}

/* Exact fully-associative distances >= 64 pooled over a level's units (setstack.h), as unit
 * bins; none when a unit dropped its own or the pool exceeds 2 x SETSTACK_FA_MAX distances. */
typedef struct fxpool { uint64_t (*v)[2]; size_t n, cap; int bad; } fxpool_t;

static void fx_collect(void *arg, uint64_t d, uint64_t n)
{
	fxpool_t *p = arg;
	if (p->bad)
		return;
	if (p->n == p->cap) {
		size_t nc = p->cap ? 2 * p->cap : 1024;
		uint64_t (*nv)[2] = realloc(p->v, nc * sizeof *nv);
		if (!nv) {
			p->bad = -1;
			return;
		}
		p->v = nv;
		p->cap = nc;
	}
	p->v[p->n][0] = d;
	p->v[p->n++][1] = n;
}

static int cmp_d(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;
	return (x[0] > y[0]) - (x[0] < y[0]);
}

static int fa_exact(const level_t *L, reuse_hist_t *h)
{
	memset(h, 0, sizeof *h);
	fxpool_t p = { NULL, 0, 0, 0 };
	for (int i = 0; i < L->nss[SS_ALLOCATE] && !p.bad; i++)
		if (L->ss_units[SS_ALLOCATE][i] && setstack_fa_distances(L->ss_units[SS_ALLOCATE][i], fx_collect, &p) < 0)
			p.bad = 1;                              /* a unit kept none: no record */
	size_t m = 0;
	if (!p.bad && p.n > 0) {
		qsort(p.v, p.n, sizeof *p.v, cmp_d);
		for (size_t i = 0; i < p.n; i++) {
			if (m > 0 && p.v[m - 1][0] == p.v[i][0])
				p.v[m - 1][1] += p.v[i][1];
			else {
				p.v[m][0] = p.v[i][0];
				p.v[m++][1] = p.v[i][1];
			}
		}
		if (m > 2 * (size_t)SETSTACK_FA_MAX)
			m = 0;
	}
	int rc = p.bad < 0 ? -1 : 0;
	if (!p.bad && m > 0) {
		h->lo = malloc(m * sizeof *h->lo);
		h->hi = malloc(m * sizeof *h->hi);
		h->count = malloc(m * sizeof *h->count);
		if (!h->lo || !h->hi || !h->count) {
			reuse_hist_free(h);
			rc = -1;
		} else {
			for (size_t i = 0; i < m; i++) {
				h->lo[i] = (double)p.v[i][0];
				h->hi[i] = (double)p.v[i][0] + 1;
				h->count[i] = (double)p.v[i][1];
				h->total += h->count[i];
			}
			h->n = m;
		}
	}
	free(p.v);
	return rc;
}

/* Dense histogram -> sparse reuse_hist_t with the non-empty bins. */
static int to_hist(const dhist_t *d, reuse_hist_t *h)
{
	memset(h, 0, sizeof *h);
	size_t n = 0;
	for (int b = 0; b < NBINS; b++)
		n += d->bin[b] > 0;
	h->cold = d->cold;
	h->total = d->cold;
	if (n == 0)
		return 0;
	h->lo = malloc(n * sizeof *h->lo);
	h->hi = malloc(n * sizeof *h->hi);
	h->count = malloc(n * sizeof *h->count);
	if (!h->lo || !h->hi || !h->count) {
		reuse_hist_free(h);
		return -1;
	}
	for (int b = 0; b < NBINS; b++) {
		if (d->bin[b] <= 0)
			continue;
		h->lo[h->n] = (double)profiler_bin_lo(b);
		h->hi[h->n] = (double)profiler_bin_hi(b);
		h->count[h->n] = d->bin[b];
		h->total += d->bin[b];
		h->n++;
	}
	return 0;
}

/* The random groups' rows of one histogram (profile_rgroups_t): group g's counts g[g * stride]
 * on the bins to_hist keeps of `full` (the non-empty ones, in order), cold first; with
 * `gcold`, group g's cold count is gcold[g] (the class histograms' first touches). */
static int to_rows(const dhist_t *full, const dhist_t *g, int stride, const double *gcold, double **rows)
{
	size_t n = 0;
	for (int b = 0; b < NBINS; b++)
		n += full->bin[b] > 0;
	double *r = *rows = malloc(RGK * (1 + n) * sizeof *r);
	if (!r)
		return -1;
	for (int k = 0; k < RGK; k++) {
		const dhist_t *h = &g[k * stride];
		double *row = r + (size_t)k * (1 + n);
		size_t i = 0;
		row[i++] = gcold ? gcold[k] : h->cold;
		for (int b = 0; b < NBINS; b++)
			if (full->bin[b] > 0)
				row[i++] = h->bin[b];
	}
	return 0;
}

/* A level's random groups (NULL when it has none): sd, rt, sd_we rows and writes. */
static int level_rgroups(const profiler_t *pb, const level_t *L, profile_rgroups_t **out)
{
	*out = NULL;
	if (!L->rg)
		return 0;
	profile_rgroups_t *rg = *out = calloc(1, sizeof *rg);
	if (!rg || !(rg->writes = malloc(RGK * sizeof *rg->writes)))
		return -1;
	rg->k = RGK;
	memcpy(rg->writes, L->gwr, RGK * sizeof *rg->writes);
	if (to_rows(&L->sd, L->rg, 1, NULL, &rg->sd) || to_rows(&L->rt, L->rg + RGK, 1, NULL, &rg->rt))
		return -1;
	if (pb->o.write_evict && to_rows(&L->sd_we, L->rg + 2 * RGK, 1, NULL, &rg->sd_we))
		return -1;
	return 0;
}

int profiler_finish(profiler_t *pb, profile_t *out)
{
	memset(out, 0, sizeof *out);
	if (pb->failed || sectors_drain(pb) || flush(pb))
		return -1;
	for (int l = 1; l < pb->nlev; l++) {       /* an inactive level equals its source */
		level_t *L = &pb->lev[l], *from = &pb->lev[0];
		if (L->active)
			continue;
		if (L->g != 0)
			for (int k = 1; k < pb->nlev; k++)
				if (pb->lev[k].g == 0 && pb->lev[k].active)
					from = &pb->lev[k];
		L->sd = from->sd;
		L->rt = from->rt;
		L->sd_we = from->sd_we;
		L->accesses = from->accesses;
		L->writes = from->writes;
		if (L->rg) {
			memcpy(L->rg, from->rg, RG_HISTS * RGK * sizeof *L->rg);
			memcpy(L->gwr, from->gwr, sizeof L->gwr);
		}
		L->foot = level_footprint(pb, (int)(from - pb->lev));
	}
	int n_sm = pb->o.n_sm > 0 ? pb->o.n_sm : pb->max_sm + 1;
	if (n_sm < 1)
		n_sm = 1;
	snprintf(out->name, sizeof out->name, "%s", pb->name);
	snprintf(out->source, sizeof out->source, "%s", pb->source);
	out->block_bytes = pb->o.block_bytes;
	out->n_sm = n_sm;
	if (pb->have_comp) {
		out->has_comp = 1;
		memcpy(out->comp_frac, pb->comp, sizeof out->comp_frac);
	}
	level_t *l1 = &pb->lev[0];
	if (pb->have_insts) {
		out->insts = pb->insts;
		out->mem_insts = pb->mem_insts;
		out->sectors = pb->sectors;
	} else {
		out->insts = out->mem_insts = l1->accesses;  /* unknown: docs/trace-format.md */
	}
	out->streams = calloc((size_t)pb->nlev, sizeof *out->streams);
	if (!out->streams)
		goto oom;
	double blocks_cls[RL_NCLASS] = { 0 }, acc_cls[RL_NCLASS] = { 0 }, wr_cls[RL_NCLASS] = { 0 };
	double gblocks_cls[RL_NCLASS][RGK] = { { 0 } };   /* per random group (sampled profiles) */
	for (int l = 0; l < pb->nlev; l++) {
		level_t *L = &pb->lev[l];
		if (L->g > 1 && L->g >= n_sm)
			continue;                           /* group:G >= n_sm is the global stream */
		profile_stream_t *s = &out->streams[out->n_streams++];
		if (L->g == 1)
			snprintf(s->name, sizeof s->name, "l1");
		else if (L->g == 0)
			snprintf(s->name, sizeof s->name, "global");
		else
			snprintf(s->name, sizeof s->name, "group:%d", L->g);
		s->group = L->g == 0 ? n_sm : L->g;
		s->units = (n_sm + s->group - 1) / s->group;
		s->accesses = L->accesses;
		s->writes = L->writes;
		s->footprint = L->active ? level_footprint(pb, l) : L->foot;
		if (to_hist(&L->sd, &s->sd) < 0 || to_hist(&L->rt, &s->rt) < 0)
			goto oom;
		if (pb->o.write_evict && to_hist(&L->sd_we, &s->sd_we) < 0)
			goto oom;
		if (level_rgroups(pb, L, &s->rg))
			goto oom;
		if (pb->have_sectors && (L->g == 1 || L->g == 0)) {   /* sector_reuse.h: l1, global */
			reuse_hist_t l1s, gls;
			if (sector_reuse_hists(pb->sec, pb->sh.rate, pb->sec_offered, &l1s, &gls) < 0)
				goto oom;
			s->sd_sector = L->g == 1 ? l1s : gls;
			reuse_hist_free(L->g == 1 ? &gls : &l1s);
		}
		if (L->g == 1 && pb->secrec &&
		    (sector_rec_hist(pb->secrec, &s->sector_sd) < 0 || sector_rec_hist_writes(pb->secrec, &s->sector_sd_w) < 0))
			goto oom;
		if (L->g == 0 && pb->secrec &&
		    (sector_rec_hist_global(pb->secrec, &s->sector_sd) < 0 ||
		     sector_rec_hist_global_writes(pb->secrec, &s->sector_sd_w) < 0 ||
		     sector_rec_hist_global_wb(pb->secrec, &s->sector_wb) < 0))
			goto oom;                           /* the LLC's sector record (sector_rec.h) */
		if (L->g > 1 && pb->secrec && pb->o.sector_groups && sector_rec_hist_group(pb->secrec, L->g, &s->sector_sd) < 0)
			goto oom;                           /* the groups' merged sector records */
		for (int m = 0; m < SS_NMODE && pb->sa_on; m++) {
			if (!L->ss[m])
				continue;
			profile_setassoc_t **to = m == SS_ALLOCATE ? &s->sa : m == SS_WRITE_EVICT ? &s->sa_we : &s->sa_wna;
			if (!(*to = malloc(sizeof **to)))
				goto oom;
			**to = *L->ss[m];
			(*to)->max_log = pb->o.sa_max_log;
			/* exact fully-associative distances for the l1 stream only: the global stream's run to
			 * ~30,000 distinct distances (440 KB of JSON for p-atax) and no model reads them
			 * (the LLC takes the per-set record; model hitrate interpolates its sd bins) */
			if (m == SS_ALLOCATE && L->g == 1 && fa_exact(L, &s->sd_exact) < 0)
				goto oom;
			if (m == SS_ALLOCATE) {             /* lists never shrink in this mode */
				(*to)->has_occ = 1;
				memset((*to)->occ, 0, sizeof (*to)->occ);
				for (int i = 0; i < L->nss[m]; i++)
					if (L->ss_units[m][i])
						setstack_occupancy(L->ss_units[m][i], (*to)->occ);
			}
			if (m == SS_ALLOCATE && L->g == 1) {  /* few-set deep records (setstack.h) */
				if (!(s->sa_deep = calloc(1, sizeof *s->sa_deep)))
					goto oom;
				for (int i = 0; i < L->nss[m]; i++)
					if (L->ss_units[m][i])
						setstack_deep_counts(L->ss_units[m][i], s->sa_deep);
			}
		}
		if (L->g != 1)
			continue;
		for (int i = 0; i < L->nunits; i++) {
			lru_stack_t *u = L->units[i];
			for (uint64_t k = 0; u && k <= u->hmask; k++) {
				const lru_entry_t *e = &u->map[k];
				if (!e->used)
					continue;
				enum rl_class c = rl_of(e->w, e->r);
				blocks_cls[c]++;
				if (pb->rg)
					gblocks_cls[c][shards_group(&pb->sh, e->block, RGK)]++;
				acc_cls[c] += e->r + e->w;
				wr_cls[c] += e->w;
			}
		}
		if (L->accesses > 0) {
			for (int c = 0; c < RL_NCLASS; c++) {
				dhist_t d = pb->cls[c];
				d.cold = blocks_cls[c];             /* one first touch per (SM, block) */
				if (to_hist(&d, &s->cls_sd[c]) < 0)
					goto oom;
				if (s->rg && to_rows(&d, pb->rg_cls + c * RGK, 1, gblocks_cls[c], &s->rg->cls[c]))
					goto oom;
			}
		}
	}
	if (l1->accesses > 0) {
		out->has_rl = 1;
		double nb = 0;
		for (int c = 0; c < RL_NCLASS; c++)
			nb += blocks_cls[c];
		for (int c = 0; c < RL_NCLASS; c++) {
			out->rl_block_frac[c] = blocks_cls[c] / nb;
			out->rl_access_frac[c] = acc_cls[c] / l1->accesses;
			out->rl_write_frac[c] = acc_cls[c] > 0 ? wr_cls[c] / acc_cls[c] : 0;
		}
		out->homes = calloc(PROFILER_NHOMES, sizeof *out->homes);
		if (!out->homes)
			goto oom;
		for (int i = 0; i < PROFILER_NHOMES; i++) {
			profile_homes_t *h = &out->homes[out->n_homes++];
			h->n_homes = profiler_homes[i];
			h->frac = malloc((size_t)h->n_homes * sizeof *h->frac);
			if (!h->frac)
				goto oom;
			/* every Y divides 80 or 64: fold the mod-80 or mod-64 counts */
			const double *src = 80 % h->n_homes == 0 ? pb->home80 : pb->home64;
			int m = 80 % h->n_homes == 0 ? 80 : 64;
			for (int k = 0; k < h->n_homes; k++)
				h->frac[k] = 0;
			for (int k = 0; k < m; k++)
				h->frac[k % h->n_homes] += src[k];
			for (int k = 0; k < h->n_homes; k++)
				h->frac[k] /= l1->accesses;
		}
	}
	if (pb->n_xinst > 0) {
		if (to_hist(&pb->reg, &out->reg_rd) < 0)
			goto oom;
		out->src_per_inst = pb->n_src / pb->n_xinst;
		out->dst_per_inst = pb->n_dst / pb->n_xinst;
	}
	if (out->insts > 0)
		out->tensor_frac = pb->tensor / out->insts;
	if (out->tensor_frac > 1)
		out->tensor_frac = 1;
	if (shape_acc_finish(&pb->shape, &out->shape) < 0)   /* exact: counted per instruction */
		goto oom;
	if (pb->secrec) {   /* the sharing degrees of the LLC's read fills (profile_shape.h sharers) */
		if (sector_rec_sharers(pb->secrec, &out->shape.sharers, &out->shape.n_sharers) < 0)
			goto oom;
		out->shape.has_sharers = out->shape.n_sharers > 0;
	} else if (pb->lshr && !pb->sectors_fed) {   /* per block: the stream gave no sectors */
		if (line_sharers_hist(pb->lshr, &out->shape.sharers, &out->shape.n_sharers) < 0)
			goto oom;
		out->shape.has_sharers = out->shape.n_sharers > 0;
	}
	if (pb->ms && ms_builder_finish(pb->ms, &out->fuse_sample))
		goto oom;
	if (pb->n_nodes) {
		out->nodes = calloc((size_t)pb->n_nodes, sizeof *out->nodes);
		if (!out->nodes)
			goto oom;
		for (int i = 0; i < pb->n_nodes; i++)
			noderec_finish(pb->nodes[i], n_sm, &out->nodes[out->n_nodes++]);
	}
	if (pb->n_nsamp) {              /* set-sampled estimates (nodesample.h); none without a kept access */
		out->nodes = calloc((size_t)pb->n_nsamp, sizeof *out->nodes);
		if (!out->nodes)
			goto oom;
		for (int i = 0; i < pb->n_nsamp; i++) {
			int rc = nodesample_finish(pb->nsamp[i], n_sm, &out->nodes[out->n_nodes]);
			if (rc == -2)
				goto oom;
			if (rc == 0)
				out->n_nodes++;
		}
	}
	if (pb->sh.rate < 1) {          /* SHARDS scaling and SHARDS_adj: src/profiling/shards.h */
		shards_correct(out, pb->sh.rate, (double)pb->count);
		if (!pb->have_insts)
			out->insts = out->mem_insts = (double)pb->count;
		out->tensor_frac = out->insts > 0 ? fmin(1.0, pb->tensor / out->insts) : 0;
	}
	return 0;
oom:
	profile_free(out);
	return -1;
}
