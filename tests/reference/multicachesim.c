/* multicachesim.c -- see multicachesim.h. */
#include "reference/multicachesim.h"

#include "design.h"
#include "profiling/noderec.h"
#include "profiling/set_index.h"

#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mcs_trace_gen(const mcs_gen_t *g, mcs_trace_t *t)
{
	memset(t, 0, sizeof *t);
	if (g->n_sm < 1 || g->per_sm < 1 || g->private_blocks < 1 || g->stride < 1 ||
	    (g->p_shared > 0 && g->shared_blocks < 1) ||
	    (g->p_local > 0 && (g->local_group < 1 || g->n_sm % g->local_group || g->local_blocks < 1)) ||
	    g->p_shared + g->p_local > 1.0)
		return -1;
	int n_local = g->p_local > 0 ? g->n_sm / g->local_group : 0;
	size_t base_local = g->p_shared > 0 ? (size_t)g->shared_blocks : 0;
	size_t base_priv = base_local + (size_t)n_local * (g->p_local > 0 ? g->local_blocks : 0);
	t->n = (size_t)g->n_sm * g->per_sm;
	t->n_sm = g->n_sm;
	t->stride = g->stride;
	t->n_blocks = base_priv + (size_t)g->n_sm * g->private_blocks;
	t->sm = malloc(t->n * sizeof *t->sm);
	t->id = malloc(t->n * sizeof *t->id);
	t->wr = calloc(t->n, 1);
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	if (!t->sm || !t->id || !t->wr || !r) {
		gsl_rng_free(r);
		mcs_trace_free(t);
		return -1;
	}
	gsl_rng_set(r, g->seed);
	size_t *cursor = calloc((size_t)g->n_sm, sizeof *cursor);
	if (!cursor) {
		gsl_rng_free(r);
		mcs_trace_free(t);
		return -1;
	}
	for (int s = 0; s < g->n_sm && g->shared_blocks > 0; s++)
		cursor[s] = gsl_rng_uniform_int(r, (unsigned long)g->shared_blocks);
	for (size_t i = 0; i < t->n; i++) {
		uint32_t sm = (uint32_t)gsl_rng_uniform_int(r, (unsigned long)g->n_sm);
		double u = gsl_rng_uniform(r);
		size_t id;
		if (u < g->p_shared && g->p_scan > 0 && gsl_rng_uniform(r) < g->p_scan)
			id = cursor[sm]++ % (size_t)g->shared_blocks;
		else if (u < g->p_shared)
			id = gsl_rng_uniform_int(r, (unsigned long)g->shared_blocks);
		else if (u < g->p_shared + g->p_local)
			id = base_local + (size_t)(sm / g->local_group) * g->local_blocks +
			     gsl_rng_uniform_int(r, (unsigned long)g->local_blocks);
		else
			id = base_priv + (size_t)sm * g->private_blocks +
			     gsl_rng_uniform_int(r, (unsigned long)g->private_blocks);
		t->sm[i] = sm;
		t->id[i] = (uint32_t)id;
		if (g->p_write > 0)
			t->wr[i] = gsl_rng_uniform(r) < g->p_write;
	}
	free(cursor);
	gsl_rng_free(r);
	return 0;
}

void mcs_trace_free(mcs_trace_t *t)
{
	free(t->sm);
	free(t->id);
	free(t->wr);
	memset(t, 0, sizeof *t);
}

/* ---- stack distances (Fenwick tree over stream positions) ---- */

static void fw_add(int32_t *fw, size_t n, size_t i, int32_t v)
{
	for (i++; i <= n; i += i & (~i + 1))
		fw[i - 1] += v;
}

static int64_t fw_sum(const int32_t *fw, size_t i) /* sum of [0, i) */
{
	int64_t s = 0;
	for (; i > 0; i -= i & (~i + 1))
		s += fw[i - 1];
	return s;
}

/* Pooled stack-distance histogram of the streams of consecutive groups of `g` SMs. */
static int stream_hist(const mcs_trace_t *t, int g, profile_stream_t *s)
{
	int ngroups = t->n_sm / g;
	size_t n = t->n;
	int64_t *last = malloc(t->n_blocks * sizeof *last);
	int32_t *fw = malloc(n * sizeof *fw);
	double *cnt = calloc(t->n_blocks + 1, sizeof *cnt);
	size_t *pos = malloc(n * sizeof *pos);
	if (!last || !fw || !cnt || !pos)
		goto fail;
	double cold = 0;
	size_t maxd = 0;
	for (int grp = 0; grp < ngroups; grp++) {
		size_t m = 0;
		for (size_t i = 0; i < n; i++)
			if ((int)t->sm[i] / g == grp)
				pos[m++] = i;
		for (size_t b = 0; b < t->n_blocks; b++)
			last[b] = -1;
		memset(fw, 0, m * sizeof *fw);
		for (size_t k = 0; k < m; k++) {
			uint32_t b = t->id[pos[k]];
			if (last[b] < 0) {
				cold++;
			} else {
				/* distinct blocks since the last use = marks in (last, k) */
				size_t d = (size_t)(fw_sum(fw, k) - fw_sum(fw, (size_t)last[b] + 1));
				cnt[d]++;
				if (d > maxd)
					maxd = d;
				fw_add(fw, m, (size_t)last[b], -1);
			}
			fw_add(fw, m, k, 1);
			last[b] = (int64_t)k;
		}
	}
	size_t nb = 0;
	for (size_t d = 0; d <= maxd; d++)
		nb += cnt[d] > 0;
	s->sd.n = nb;
	s->sd.lo = malloc((nb ? nb : 1) * sizeof(double));
	s->sd.hi = malloc((nb ? nb : 1) * sizeof(double));
	s->sd.count = malloc((nb ? nb : 1) * sizeof(double));
	if (!s->sd.lo || !s->sd.hi || !s->sd.count)
		goto fail;
	size_t j = 0;
	double tot = 0;
	for (size_t d = 0; d <= maxd; d++)
		if (cnt[d] > 0) {
			s->sd.lo[j] = (double)d;
			s->sd.hi[j] = (double)d + 1;
			s->sd.count[j] = cnt[d];
			tot += cnt[d];
			j++;
		}
	s->sd.cold = cold;
	s->sd.total = tot + cold;
	s->group = g;
	s->accesses = (double)n;
	s->footprint = cold;
	if (g == 1)
		snprintf(s->name, sizeof s->name, "l1");
	else if (g == t->n_sm)
		snprintf(s->name, sizeof s->name, "global");
	else
		snprintf(s->name, sizeof s->name, "group:%d", g);
	free(last); free(fw); free(cnt); free(pos);
	return 0;
fail:
	free(last); free(fw); free(cnt); free(pos);
	return -1;
}

int mcs_profile(const mcs_trace_t *t, const int *groups, int n_groups, const int *homes,
                int n_homes, int block_bytes, profile_t *p)
{
	memset(p, 0, sizeof *p);
	snprintf(p->name, sizeof p->name, "mcs");
	snprintf(p->source, sizeof p->source, "tests/reference/multicachesim.c");
	p->block_bytes = block_bytes;
	p->n_sm = t->n_sm;
	p->insts = (double)t->n * 4;
	p->mem_insts = (double)t->n;
	int ns = 2 + n_groups;
	p->streams = calloc((size_t)ns, sizeof *p->streams);
	p->homes = calloc((size_t)(n_homes > 0 ? n_homes : 1), sizeof *p->homes);
	if (!p->streams || !p->homes)
		goto fail;
	if (stream_hist(t, 1, &p->streams[p->n_streams]) != 0)
		goto fail;
	p->n_streams++;
	for (int i = 0; i < n_groups; i++) {
		if (groups[i] <= 1 || groups[i] >= t->n_sm || t->n_sm % groups[i])
			goto fail;
		if (stream_hist(t, groups[i], &p->streams[p->n_streams]) != 0)
			goto fail;
		p->n_streams++;
	}
	if (t->n_sm > 1) {
		if (stream_hist(t, t->n_sm, &p->streams[p->n_streams]) != 0)
			goto fail;
		p->n_streams++;
	}
	for (int i = 0; i < n_homes; i++) {
		profile_homes_t *h = &p->homes[i];
		h->n_homes = homes[i];
		h->frac = calloc((size_t)homes[i], sizeof *h->frac);
		p->n_homes++;
		if (!h->frac)
			goto fail;
		for (size_t k = 0; k < t->n; k++)
			h->frac[((uint64_t)t->id[k] * (uint64_t)t->stride) % (uint64_t)homes[i]] += 1.0 / (double)t->n;
	}
	return 0;
fail:
	profile_free(p);
	return -1;
}

int mcs_profile_nodes(const mcs_trace_t *t, const noderec_cfg_t *cfg, int n, int write_evict,
                      profile_t *p)
{
	set_index_t *ix = malloc(sizeof *ix);
	profile_nodes_t *nn = realloc(p->nodes, (p->n_nodes + (size_t)n) * sizeof *nn);
	if (!ix || !nn) {
		free(ix);
		return -1;
	}
	p->nodes = nn;
	set_index_init(ix);
	int rc = 0;
	for (int i = 0; i < n && rc == 0; i++) {
		noderec_t *r = noderec_alloc(&cfg[i], write_evict ? SS_WRITE_EVICT : SS_ALLOCATE, ix);
		if (!r) {
			rc = -1;
			break;
		}
		for (size_t k = 0; k < t->n && rc == 0; k++)
			rc = noderec_access(r, (int)t->sm[k], (uint64_t)t->id[k] * (uint64_t)t->stride,
			                    t->wr ? t->wr[k] : 0);
		if (rc == 0)
			noderec_finish(r, t->n_sm, &p->nodes[p->n_nodes++]);
		noderec_free(r);
	}
	free(ix);
	return rc;
}

static int coarsen_hist(reuse_hist_t *h, double exact_upto, int per_octave)
{
	if (h->n == 0)
		return 0;
	double *lo = malloc(h->n * sizeof *lo), *hi = malloc(h->n * sizeof *hi);
	double *cnt = malloc(h->n * sizeof *cnt);
	if (!lo || !hi || !cnt) {
		free(lo); free(hi); free(cnt);
		return -1;
	}
	size_t k = 0;
	double step = pow(2.0, 1.0 / per_octave);
	double edge_lo = -1, edge_hi = -1;
	for (size_t i = 0; i < h->n; i++) {
		double d = h->lo[i];
		if (d < exact_upto || h->hi[i] - h->lo[i] > 1) {
			lo[k] = h->lo[i]; hi[k] = h->hi[i]; cnt[k] = h->count[i]; k++;
			continue;
		}
		if (!(d >= edge_lo && d < edge_hi)) {   /* start the log bin holding d */
			edge_lo = exact_upto;
			while (edge_lo * step <= d)
				edge_lo = floor(edge_lo * step);
			edge_hi = floor(edge_lo * step);
			if (edge_hi <= edge_lo)
				edge_hi = edge_lo + 1;
			if (k > 0 && hi[k - 1] > edge_lo)
				edge_lo = hi[k - 1];
			lo[k] = edge_lo; hi[k] = edge_hi; cnt[k] = 0; k++;
		}
		cnt[k - 1] += h->count[i];
	}
	free(h->lo); free(h->hi); free(h->count);
	h->lo = lo; h->hi = hi; h->count = cnt; h->n = k;
	return 0;
}

int mcs_profile_coarsen(profile_t *p, double exact_upto, int per_octave)
{
	for (size_t i = 0; i < p->n_streams; i++)
		if (coarsen_hist(&p->streams[i].sd, exact_upto, per_octave) != 0)
			return -1;
	return 0;
}

/* ---- the organisations as LRU caches ---- */

/* splitmix64 finaliser: set indices hashed uniformly, Smith's model's assumption */
static uint64_t mix64(uint64_t z)
{
	z += 0x9e3779b97f4a7c15ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

typedef struct mcs_cache {
	int sets, ways;
	int32_t *head, *tail, *size;   /* per set recency list (MRU at head) */
	int32_t *prev, *next;          /* per block id */
	uint8_t *in;                   /* per block id: resident here */
} mcs_cache_t;

static int cache_init(mcs_cache_t *c, int sets, int ways, size_t n_blocks)
{
	c->sets = sets; c->ways = ways;
	c->head = malloc((size_t)sets * sizeof *c->head);
	c->tail = malloc((size_t)sets * sizeof *c->tail);
	c->size = calloc((size_t)sets, sizeof *c->size);
	c->prev = malloc(n_blocks * sizeof *c->prev);
	c->next = malloc(n_blocks * sizeof *c->next);
	c->in = calloc(n_blocks, 1);
	if (!c->head || !c->tail || !c->size || !c->prev || !c->next || !c->in)
		return -1;
	for (int s = 0; s < sets; s++)
		c->head[s] = c->tail[s] = -1;
	return 0;
}

static void cache_release(mcs_cache_t *c)
{
	free(c->head); free(c->tail); free(c->size); free(c->prev); free(c->next); free(c->in);
}

static void unlink_blk(mcs_cache_t *c, int s, int32_t b)
{
	if (c->prev[b] >= 0) c->next[c->prev[b]] = c->next[b]; else c->head[s] = c->next[b];
	if (c->next[b] >= 0) c->prev[c->next[b]] = c->prev[b]; else c->tail[s] = c->prev[b];
}

static void push_front(mcs_cache_t *c, int s, int32_t b)
{
	c->prev[b] = -1;
	c->next[b] = c->head[s];
	if (c->head[s] >= 0) c->prev[c->head[s]] = b; else c->tail[s] = b;
	c->head[s] = b;
}

int mcs_simulate(const mcs_trace_t *t, int org, int y, int z, int cap_core, int assoc,
                 mcs_result_t *r)
{
	mcs_org_t o = { .org = org, .y = y, .z = z, .cap_core = cap_core, .assoc = assoc, .gran = 1,
	                .index = MCS_HASH, .write_evict = 0 };
	return mcs_simulate_org(t, &o, r);
}

static int log2_exact(long v)
{
	int k = 0;
	while ((1L << k) < v)
		k++;
	return (1L << k) == v ? k : -1;
}

int mcs_simulate_org(const mcs_trace_t *t, const mcs_org_t *o, mcs_result_t *r)
{
	memset(r, 0, sizeof *r);
	int x = t->n_sm, org = o->org, y = o->y, z = o->z, cap_core = o->cap_core, assoc = o->assoc;
	int ncache, homes, per_core_group;
	long cap;
	if (o->gran < 1)
		return -1;
	switch (org) {
	case DCL1_BASE: ncache = x; homes = 1; per_core_group = 1; cap = cap_core; break;
	case DCL1_PR:
		if (y < 1 || x % y) return -1;
		ncache = y; homes = 1; per_core_group = x / y; cap = (long)cap_core * (x / y); break;
	case DCL1_SH:
		if (y < 1 || x % y) return -1;
		ncache = y; homes = y; per_core_group = x; cap = (long)cap_core * x / y; break;
	case DCL1_SHC:
		if (y < 1 || x % y || z < 1 || y % z) return -1;
		ncache = y; homes = y / z; per_core_group = x / z; cap = (long)cap_core * x / y; break;
	default: return -1;
	}
	if (cap < 1)
		return -1;
	int ways = assoc > 0 && assoc < cap ? assoc : (int)cap;
	int sets = (int)(cap / ways);
	int lsets = log2_exact(sets);
	if (o->index != MCS_HASH && lsets < 0)
		return -1;                            /* bit-selected sets: a power of two */
	uint64_t gran = homes > 1 ? (uint64_t)o->gran : 1;
	mcs_cache_t *c = calloc((size_t)ncache, sizeof *c);
	int32_t *holders = calloc(t->n_blocks, sizeof *holders);
	int rc = -1;
	if (!c || !holders)
		goto out;
	for (int i = 0; i < ncache; i++)
		if (cache_init(&c[i], sets, ways, t->n_blocks) != 0)
			goto out;
	double resident = 0, distinct = 0, copies_sum = 0, copies_n = 0;
	for (size_t k = 0; k < t->n; k++) {
		int sm = (int)t->sm[k];
		int32_t b = (int32_t)t->id[k];
		int wr = t->wr ? t->wr[k] : 0;
		uint64_t addr = (uint64_t)t->id[k] * (uint64_t)t->stride;
		uint64_t q = addr / gran;
		int home = (int)(q % (uint64_t)homes);
		uint64_t local = q / (uint64_t)homes * gran + addr % gran;  /* home bits taken out */
		int ci = (sm / per_core_group) * homes + home;   /* domain, then home node in it */
		mcs_cache_t *ca = &c[ci];
		int s = o->index == MCS_HASH ? (int)(mix64(local) % (uint64_t)sets)
			: o->index == MCS_LINEAR ? (int)(local & (uint64_t)(sets - 1))
			: lsets == 0 ? 0 : (int)set_index_ipoly_slow(local, lsets);
		r->accesses++;
		if (ca->in[b] && !(wr && o->write_evict)) {
			unlink_blk(ca, s, b);
			push_front(ca, s, b);
		} else {
			r->misses++;
			if (holders[b] - ca->in[b] > 0)
				r->repl_misses++;     /* §II-A: the miss is found in another L1 */
			if (wr && o->write_evict) {   /* write-evict: invalidate, allocate nothing */
				if (ca->in[b]) {
					unlink_blk(ca, s, b);
					ca->in[b] = 0;
					ca->size[s]--;
					resident--;
					if (--holders[b] == 0)
						distinct--;
				}
				goto next;
			}
			if (ca->size[s] == ca->ways) {
				int32_t v = ca->tail[s];
				unlink_blk(ca, s, v);
				ca->in[v] = 0;
				ca->size[s]--;
				resident--;
				if (--holders[v] == 0)
					distinct--;
			}
			push_front(ca, s, b);
			ca->in[b] = 1;
			ca->size[s]++;
			resident++;
			if (holders[b]++ == 0)
				distinct++;
		}
	next:
		if (distinct > 0) {
			copies_sum += resident / distinct;
			copies_n++;
		}
	}
	r->miss_ratio = r->accesses > 0 ? r->misses / r->accesses : 0;
	r->replication = r->misses > 0 ? r->repl_misses / r->misses : 0;
	r->copies = copies_n > 0 ? copies_sum / copies_n : 0;
	rc = 0;
out:
	if (c)
		for (int i = 0; i < ncache; i++)
			cache_release(&c[i]);
	free(c);
	free(holders);
	return rc;
}
