/* noderec.c -- DC-L1 node records; see noderec.h. */
#include "profiling/noderec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profiling/node_holders.h"

#define W PROFILE_SA_WAYS

struct noderec {
	noderec_cfg_t c;
	enum setstack_mode mode;
	const set_index_t *ix;
	setstack_t **node;          /* [domain * homes + home], NULL until the domain is seen */
	int n_dom;                  /* domains allocated */
	setstack_counts_t *cnt;     /* scratch counts of the stacks (only [index][log_sets] read) */
	double hist[W + 1], repl[W + 1];
	node_holders_t *dir;        /* domains whose node may hold each block (node_holders.h) */
};

noderec_t *noderec_alloc(const noderec_cfg_t *c, enum setstack_mode mode, const set_index_t *ix)
{
	if (c->group < 1 || c->homes < 1 || c->gran < 1 || c->log_sets < 0 || c->log_sets > PROFILE_SA_MAX_LOG
	    || c->log_sets > SETIDX_MAX_LOG || (int)c->index < 0 || c->index >= SA_NINDEX || mode < SS_ALLOCATE
	    || mode >= SS_NMODE)
		return NULL;
	noderec_t *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->c = *c;
	if (r->c.homes == 1)
		r->c.gran = 1;
	r->mode = mode;
	r->ix = ix;
	r->cnt = calloc(1, sizeof *r->cnt);
	r->dir = node_holders_alloc();
	if (!r->cnt || !r->dir) {
		free(r->cnt);
		node_holders_free(r->dir);
		free(r);
		return NULL;
	}
	return r;
}

void noderec_free(noderec_t *r)
{
	if (!r)
		return;
	for (long i = 0; i < (long)r->n_dom * r->c.homes; i++)
		setstack_free(r->node[i]);
	free(r->node);
	free(r->cnt);
	node_holders_free(r->dir);
	free(r);
}

static int domains_upto(noderec_t *r, int d)
{
	if (d < r->n_dom)
		return 0;
	int nd = d + 1;
	setstack_t **nn = realloc(r->node, (size_t)nd * r->c.homes * sizeof *nn);
	if (!nn)
		return -1;
	r->node = nn;
	for (long i = (long)r->n_dom * r->c.homes; i < (long)nd * r->c.homes; i++)
		r->node[i] = NULL;
	for (long i = (long)r->n_dom * r->c.homes; i < (long)nd * r->c.homes; i++) {
		r->node[i] = setstack_alloc_level(r->c.log_sets, r->c.index, r->mode, r->ix);
		if (!r->node[i]) {
			r->n_dom = nd;     /* the NULLs beyond are freed as such */
			return -1;
		}
	}
	r->n_dom = nd;
	return 0;
}

int noderec_access_at(noderec_t *r, int sm, uint64_t block, int is_write, int *own_dist, int *other_dist)
{
	int h;
	uint64_t local;
	noderec_locate(&r->c, block, &h, &local);   /* noderec.h: home bits, then the node-local block */
	uint32_t set = set_index_of(r->ix, (enum set_index_fn)r->c.index, local, r->c.log_sets);
	return noderec_access_local(r, sm, h, local, set, block, is_write, own_dist, other_dist);
}

int noderec_access_local(noderec_t *r, int sm, int h, uint64_t local, uint32_t set, uint64_t block, int is_write,
                         int *own_dist, int *other_dist)
{
	const noderec_cfg_t *c = &r->c;
	int d = sm / c->group;
	if (sm < 0 || domains_upto(r, d))
		return -1;
	setstack_t *own = r->node[(long)d * c->homes + h];
	int k = c->log_sets;
	uint64_t *held = node_holders_mask(r->dir, block);
	if (!held)
		return -1;
	/* a domain outside the directory's candidates does not hold the block (node_holders.h):
	 * its own search would find nothing */
	int cand = d >= NODE_HOLDERS_DOMAINS || (held[d / 64] >> (d % 64) & 1);
	int o = (r->mode == SS_WRITE_EVICT && is_write) || !cand ? -1 : setstack_depth_set(own, local, c->index, k, set);
	int dist = o < 0 ? W : o;
	int other = W;
	if (dist > 0) {
		/* the closest copy in another domain's node of the same home, before this access:
		 * only the directory's candidates can hold it (node_holders.h); a candidate found
		 * absent leaves the directory */
		for (int w = 0; w < NODE_HOLDERS_DOMAINS / 64 && other > 0; w++) {
			uint64_t bits = held[w];
			if (d / 64 == w)
				bits &= ~(1ULL << (d % 64));
			while (bits && other > 0) {
				int e = w * 64 + __builtin_ctzll(bits);
				bits &= bits - 1;
				int p = setstack_depth_set(r->node[(long)e * c->homes + h], local, c->index, k, set);
				if (p < 0)
					held[w] &= ~(1ULL << (e % 64));
				else if (p < other)
					other = p;
			}
		}
		for (int e = NODE_HOLDERS_DOMAINS; e < r->n_dom && other > 0; e++) {  /* not tracked: every one */
			if (e == d)
				continue;
			int p = setstack_depth_set(r->node[(long)e * c->homes + h], local, c->index, k, set);
			if (p >= 0 && p < other)
				other = p;
		}
		for (int a = other + 1; a <= dist; a++)  /* misses at A ways (A <= dist) held elsewhere (A > other) */
			r->repl[a]++;
	}
	if (d < NODE_HOLDERS_DOMAINS)
		held[d / 64] |= 1ULL << (d % 64);    /* the access may leave the block in d's node */
	r->hist[dist]++;
	*own_dist = dist;
	*other_dist = other;
	return setstack_access(own, local, is_write, *r->cnt);
}

int noderec_access(noderec_t *r, int sm, uint64_t block, int is_write)
{
	int own, other;
	return noderec_access_at(r, sm, block, is_write, &own, &other);
}

void noderec_finish(const noderec_t *r, int n_sm, profile_nodes_t *out)
{
	memset(out, 0, sizeof *out);
	out->group = r->c.group;
	out->homes = r->c.homes;
	out->gran = r->c.gran;
	out->index = r->c.index;
	out->log_sets = r->c.log_sets;
	out->write_evict = r->mode == SS_WRITE_EVICT;
	out->domains = (n_sm + r->c.group - 1) / r->c.group;
	for (int i = 0; i <= W; i++) {
		out->hist[i] = r->hist[i];
		out->repl[i] = r->repl[i];
		out->accesses += r->hist[i];
	}
}

uint64_t noderec_bytes(const noderec_t *r)
{
	uint64_t b = sizeof *r + sizeof *r->cnt + node_holders_bytes(r->dir);
	for (long i = 0; i < (long)r->n_dom * r->c.homes; i++)
		b += r->node[i] ? setstack_bytes(r->node[i]) : 0;
	return b;
}

int noderec_parse(const char *spec, noderec_cfg_t *c, char *err, size_t errlen)
{
	long g, m, gr, sets;
	char ix[16];
	int n = 0;
	if (sscanf(spec, "%ld:%ld:%ld:%ld:%15[a-z]%n", &g, &m, &gr, &sets, ix, &n) != 5 || spec[n] != '\0') {
		snprintf(err, errlen, "expected GROUP:HOMES:GRAN:SETS:INDEX (e.g. 8:4:1:64:ipoly), got \"%s\"", spec);
		return -1;
	}
	if (g < 1 || g > 4096 || m < 1 || m > 4096 || gr < 1 || gr > 4096) {
		snprintf(err, errlen, "\"%s\": GROUP, HOMES and GRAN must be 1..4096", spec);
		return -1;
	}
	if (sets < 1 || (sets & (sets - 1)) || sets > (1L << PROFILE_SA_MAX_LOG)) {
		snprintf(err, errlen, "\"%s\": SETS must be a power of two up to %ld", spec, 1L << PROFILE_SA_MAX_LOG);
		return -1;
	}
	int f;
	if (strcmp(ix, "linear") == 0)
		f = SA_LINEAR;
	else if (strcmp(ix, "ipoly") == 0)
		f = SA_IPOLY;
	else {
		snprintf(err, errlen, "\"%s\": INDEX must be linear or ipoly", spec);
		return -1;
	}
	c->group = (int)g;
	c->homes = (int)m;
	c->gran = (int)gr;
	c->index = (enum sa_index)f;
	c->log_sets = __builtin_ctzl((unsigned long)sets);
	return 0;
}

int noderec_parse_list(const char *list, noderec_cfg_t *out, int max, int *n, char *err, size_t errlen)
{
	*n = 0;
	const char *p = list;
	while (1) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char one[64];
		if (len == 0 || len >= sizeof one) {
			snprintf(err, errlen, "expected GROUP:HOMES:GRAN:SETS:INDEX[,...], got \"%s\"", list);
			return -1;
		}
		if (*n == max) {
			snprintf(err, errlen, "at most %d node geometries", max);
			return -1;
		}
		memcpy(one, p, len);
		one[len] = '\0';
		if (noderec_parse(one, &out[*n], err, errlen))
			return -1;
		(*n)++;
		if (!e)
			return 0;
		p = e + 1;
	}
}
