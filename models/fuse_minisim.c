/* fuse_minisim.c -- the FUSE hybrid L1 in miniature; the rules and the scaling are in the header. */
#include "fuse_minisim.h"
#include "hash64.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NONE (-1)

/* WM: writes >= 2; RI: one write and reads >= 2; WORM: no write, reads >= 2; WORO: the rest
 * (profile.h enum rl_class; src/profiling/profiler.c rl_of). */
void fuse_mini_classes(const profile_minisample_t *s, unsigned char *cls)
{
	unsigned *rd = calloc(s->n_keys ? s->n_keys : 1, sizeof *rd);
	unsigned *wr = calloc(s->n_keys ? s->n_keys : 1, sizeof *wr);
	if (!rd || !wr) {
		memset(cls, RL_WORO, s->n_keys);
		free(rd);
		free(wr);
		return;
	}
	for (size_t i = 0; i < s->n_refs; i++) {
		unsigned k = s->ref[i] >> 1;
		if (s->ref[i] & 1) wr[k]++; else rd[k]++;
	}
	for (size_t k = 0; k < s->n_keys; k++)
		cls[k] = wr[k] >= 2 ? RL_WM : rd[k] >= 2 ? (wr[k] == 1 ? RL_RI : RL_WORM) : RL_WORO;
	free(rd);
	free(wr);
}

/* A set-associative LRU bank: key per way (NONE: free), last-use time. */
typedef struct sa_bank {
	int sets, ways;
	int *set_of;                 /* per key: its set (the index hash, tabulated per run) */
	int *key;
	long *stamp;
} sa_bank_t;

static int sa_set(const sa_bank_t *b, int k)
{
	return b->set_of[k];
}

static int sa_find(const sa_bank_t *b, int k)
{
	int base = sa_set(b, k) * b->ways;
	for (int w = 0; w < b->ways; w++)
		if (b->key[base + w] == k)
			return base + w;
	return NONE;
}

/* Insert k (absent) at time t; returns the evicted key or NONE. */
static int sa_insert(sa_bank_t *b, int k, long t)
{
	int base = sa_set(b, k) * b->ways, v = base;
	for (int w = 0; w < b->ways; w++) {
		int i = base + w;
		if (b->key[i] == NONE) { v = i; break; }
		if (b->stamp[i] < b->stamp[v]) v = i;
	}
	int old = b->key[v];
	b->key[v] = k;
	b->stamp[v] = t;
	return old;
}

/* The FIFO bank: a doubly linked queue over keys (a key is queued at most once). */
typedef struct fifo_bank {
	int cap, count, head, tail;
	int *prev, *next;
	unsigned char *in;
} fifo_bank_t;

static void fifo_remove(fifo_bank_t *f, int k)
{
	if (f->prev[k] != NONE) f->next[f->prev[k]] = f->next[k]; else f->head = f->next[k];
	if (f->next[k] != NONE) f->prev[f->next[k]] = f->prev[k]; else f->tail = f->prev[k];
	f->in[k] = 0;
	f->count--;
}

static int fifo_insert(fifo_bank_t *f, int k)
{
	int old = NONE;
	if (f->count == f->cap) {
		old = f->head;
		fifo_remove(f, old);
	}
	f->prev[k] = f->tail;
	f->next[k] = NONE;
	if (f->tail != NONE) f->next[f->tail] = k; else f->head = k;
	f->tail = k;
	f->in[k] = 1;
	f->count++;
	return old;
}

typedef struct mini {
	const fuse_mini_org_t *o;
	int has_sram;
	sa_bank_t sram, stt_sa;
	fifo_bank_t fifo;
	double n_fill, n_evict, n_update, n_migr, n_sfill, h_s, h_sw, h_t, acc;
	long now;
} mini_t;

static int stt_has(mini_t *m, int k, int *slot)
{
	if (m->o->stt_fa)
		return m->fifo.in[k];
	*slot = sa_find(&m->stt_sa, k);
	return *slot != NONE;
}

static void stt_put(mini_t *m, int k)
{
	if (m->o->stt_fa)
		fifo_insert(&m->fifo, k);
	else
		sa_insert(&m->stt_sa, k, m->now);
}

static void sram_fill(mini_t *m, int k)
{
	int v = sa_insert(&m->sram, k, m->now);
	m->n_sfill++;
	if (v != NONE) {                      /* the victim to STT through the swap buffer */
		stt_put(m, v);
		m->n_evict++;
	}
}

/* Predicted class of key k of true class c (header: misprediction by a hash of the block). */
static int predicted(const fuse_mini_org_t *o, unsigned hash, int k, int c, uint64_t salt)
{
	if (o->placement != FUSE_PLACE_PREDICTOR || o->q >= 1.0)
		return c;
	double u = (double)(hash64_splitmix((uint64_t)hash * 0x2545F4914F6CDD1DULL + (uint64_t)k + salt) >> 11) * 0x1p-53;
	if (u < o->q)
		return c;
	return c == RL_WORM ? RL_WM : RL_WORM;
}

static void access1(mini_t *m, int k, int w, int c, int pc)
{
	const fuse_mini_org_t *o = m->o;
	m->now++;
	m->acc++;
	int slot = NONE;
	if (m->has_sram && (slot = sa_find(&m->sram, k)) != NONE) {
		m->h_s++;
		m->h_sw += w;
		m->sram.stamp[slot] = m->now;
		return;
	}
	if (stt_has(m, k, &slot)) {
		m->h_t++;
		if (!w) {
			if (!o->stt_fa)
				m->stt_sa.stamp[slot] = m->now;
		} else if (m->has_sram && o->placement != FUSE_PLACE_VICTIM && o->migrate &&
		           (c == RL_WM || c == RL_RI)) {
			if (o->stt_fa) fifo_remove(&m->fifo, k); else m->stt_sa.key[slot] = NONE;
			m->n_migr++;
			sram_fill(m, k);
		} else {
			m->n_update++;
			if (!o->stt_fa)
				m->stt_sa.stamp[slot] = m->now;
		}
		return;
	}
	if (!m->has_sram) {                   /* pure STT: dead-write bypass of predicted WORO */
		if (pc != RL_WORO) {
			stt_put(m, k);
			m->n_fill++;
		}
	} else if (o->placement == FUSE_PLACE_VICTIM || pc == RL_WM || pc == RL_RI) {
		sram_fill(m, k);
	} else if (pc == RL_WORM) {
		stt_put(m, k);
		m->n_fill++;
	}                                     /* WORO: bypass */
}

/* The miniature's rate R_eff and its banks: SRAM sets ms, STT blocks (FA) or sets mt (header). */
static void mini_sizes(const profile_minisample_t *s, const fuse_mini_org_t *o, double *rate,
                       int *ms, int *mt)
{
	double r = s->rate;
	*ms = 0;
	if (o->sram_blocks > 0.0) {
		double sets = floor(o->sram_blocks / o->sram_ways);
		if (sets < 1.0)
			sets = 1.0;
		*ms = (int)floor(sets * r);
		if (*ms < 1)
			*ms = 1;                  /* below 1 / R sets: the miniature is one set (valid range) */
		else
			r = *ms / sets;
	}
	if (o->stt_fa)
		*mt = (int)lround(o->stt_blocks * r);
	else
		*mt = (int)lround(floor(o->stt_blocks / o->stt_ways) * r);
	if (*mt < 1)
		*mt = 1;
	*rate = r;
}

double fuse_mini_rate(const profile_minisample_t *s, const fuse_mini_org_t *o)
{
	double r;
	int ms, mt;
	if (o->sram_blocks > 0.0 && o->sram_ways < 1)
		return s->rate;
	mini_sizes(s, o, &r, &ms, &mt);
	return r;
}

/* One set-index hash (salt): every sampled SM's L1 from cold; per-SM hit ratios into sum_h,
 * sum_h2 when wanted. */
static void run_hash(mini_t *m, const profile_minisample_t *s, const unsigned char *cls,
                     unsigned char *pcls, unsigned thr, int ms, int mt, int salt,
                     double *sum_h, double *sum_h2, int *n_sm_used)
{
	const fuse_mini_org_t *o = m->o;
	size_t nk = s->n_keys;
	uint64_t hs = (uint64_t)salt * 0x9E3779B97F4A7C15ULL;
	for (size_t k = 0; k < nk; k++) {          /* one index hash for both banks (header) */
		uint64_t h = hash64_splitmix((uint64_t)k * 0x9E3779B97F4A7C15ULL + 0x51ED270B27ULL + hs);
		if (m->has_sram)
			m->sram.set_of[k] = (int)(h % (uint64_t)ms);
		if (!o->stt_fa)
			m->stt_sa.set_of[k] = (int)(h % (uint64_t)mt);
		pcls[k] = (unsigned char)predicted(o, s->key_hash[k], (int)k, cls[k], hs);
	}
	size_t begin = 0;
	for (int i = 0; i < s->n_sm; i++) {
		if (m->has_sram)
			for (long j = 0; j < (long)ms * o->sram_ways; j++)
				m->sram.key[j] = NONE;
		if (o->stt_fa) {
			m->fifo.count = 0;
			m->fifo.head = m->fifo.tail = NONE;
			memset(m->fifo.in, 0, nk);
		} else {
			for (long j = 0; j < (long)mt * o->stt_ways; j++)
				m->stt_sa.key[j] = NONE;
		}
		double a0 = m->acc, h0 = m->h_s + m->h_t;
		for (size_t j = begin; j < s->sm_end[i]; j++) {
			int k = (int)(s->ref[j] >> 1);
			if (s->key_hash[k] < thr)
				access1(m, k, (int)(s->ref[j] & 1), cls[k], pcls[k]);
		}
		begin = s->sm_end[i];
		if (sum_h && m->acc > a0) {
			double h = (m->h_s + m->h_t - h0) / (m->acc - a0);
			*sum_h += h;
			*sum_h2 += h * h;
			(*n_sm_used)++;
		}
	}
}

int fuse_mini_run(const profile_minisample_t *s, const unsigned char *cls, const fuse_mini_org_t *o,
                  fuse_mini_rates_t *out)
{
	memset(out, 0, sizeof *out);
	int has_sram = o->sram_blocks > 0.0;
	if (s->n_sm < 1 || s->n_keys == 0 || !(s->rate > 0.0) || (has_sram && o->sram_ways < 1) ||
	    !(o->stt_blocks >= 0.0) || (!o->stt_fa && o->stt_ways < 1) || s->n_keys > (size_t)INT32_MAX)
		return -1;
	double r;
	int ms, mt;
	mini_sizes(s, o, &r, &ms, &mt);
	unsigned thr = (unsigned)ceil(r * (1u << 24) - 1e-9);

	mini_t m;
	memset(&m, 0, sizeof m);
	m.o = o;
	m.has_sram = has_sram;
	size_t nk = s->n_keys;
	unsigned char *pcls = malloc(nk);      /* predicted class per key (this hash's draws) */
	int ok = pcls != NULL;
	if (ok && has_sram) {
		m.sram = (sa_bank_t){ .sets = ms, .ways = o->sram_ways };
		ok = (m.sram.set_of = malloc(nk * sizeof(int))) &&
		     (m.sram.key = malloc((size_t)ms * o->sram_ways * sizeof(int))) &&
		     (m.sram.stamp = calloc((size_t)ms * o->sram_ways, sizeof(long)));
	}
	if (ok && o->stt_fa) {
		m.fifo.cap = mt;
		ok = (m.fifo.prev = malloc(nk * sizeof(int))) && (m.fifo.next = malloc(nk * sizeof(int))) &&
		     (m.fifo.in = malloc(nk));
	} else if (ok) {
		m.stt_sa = (sa_bank_t){ .sets = mt, .ways = o->stt_ways };
		ok = (m.stt_sa.set_of = malloc(nk * sizeof(int))) &&
		     (m.stt_sa.key = malloc((size_t)mt * o->stt_ways * sizeof(int))) &&
		     (m.stt_sa.stamp = calloc((size_t)mt * o->stt_ways, sizeof(long)));
	}
	double sum_h = 0.0, sum_h2 = 0.0;
	int n_sm_used = 0;
	for (int salt = 0; ok && salt < FUSE_MINI_HASHES; salt++)     /* the spread: hash 0's SMs */
		run_hash(&m, s, cls, pcls, thr, ms, mt, salt, salt == 0 ? &sum_h : NULL, &sum_h2, &n_sm_used);
	free(pcls);
	free(m.sram.set_of);
	free(m.stt_sa.set_of);
	free(m.sram.key);
	free(m.sram.stamp);
	free(m.stt_sa.key);
	free(m.stt_sa.stamp);
	free(m.fifo.prev);
	free(m.fifo.next);
	free(m.fifo.in);
	if (!ok)
		return -1;
	if (m.acc > 0) {
		out->h_sram = m.h_s / m.acc;
		out->h_stt = m.h_t / m.acc;
		out->h_sram_write = m.h_sw / m.acc;
		out->stt_fill = m.n_fill / m.acc;
		out->stt_evict = m.n_evict / m.acc;
		out->stt_update = m.n_update / m.acc;
		out->migrations = m.n_migr / m.acc;
		out->sram_fill = m.n_sfill / m.acc;
	}
	if (n_sm_used > 1) {
		double mean = sum_h / n_sm_used;
		double var = fmax(0.0, (sum_h2 / n_sm_used - mean * mean) * n_sm_used / (n_sm_used - 1));
		out->se_h = sqrt(var / n_sm_used);
	}
	out->refs = m.acc / FUSE_MINI_HASHES;
	out->rate = r;
	return 0;
}
