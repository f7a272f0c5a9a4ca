/* nodesample.c -- set-sampled DC-L1 node records; see nodesample.h. */
#include "profiling/nodesample.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "profiling/shards.h"

struct nodesample {
	noderec_cfg_t c;
	const set_index_t *ix;
	noderec_t *rec;
	int *row;             /* per set: its row in rows (sampled), or -1 */
	double *rows;         /* per sampled set: its own hist and repl (NODE_SET_ROW counts) */
	int nsets, kept_sets;
	double offered, kept;
};

typedef struct set_rank { uint64_t h; uint32_t set; } set_rank_t;

static int by_hash(const void *a, const void *b)
{
	const set_rank_t *x = a, *y = b;
	return x->h < y->h ? -1 : x->h > y->h ? 1 : (x->set > y->set) - (x->set < y->set);
}

int nodesample_pick(int log_sets, double rate, uint64_t salt, int *row)
{
	int nsets = 1 << log_sets;
	set_rank_t *r = malloc((size_t)nsets * sizeof *r);
	if (!r)
		return -1;
	for (int i = 0; i < nsets; i++)
		r[i] = (set_rank_t){ shards_hash((uint64_t)i ^ salt), (uint32_t)i };
	qsort(r, (size_t)nsets, sizeof *r, by_hash);
	int k = (int)lround(rate * nsets);
	if (k < 1)
		k = 1;
	for (int i = 0; i < nsets; i++)
		row[i] = -1;
	for (int i = 0; i < k; i++)
		row[r[i].set] = i;
	free(r);
	return k;
}

nodesample_t *nodesample_alloc(const noderec_cfg_t *c, enum setstack_mode mode, const set_index_t *ix,
                               double rate, uint64_t salt)
{
	if (!(rate > 0 && rate <= 1) || c->log_sets < 0 || c->log_sets > PROFILE_SA_MAX_LOG)
		return NULL;
	nodesample_t *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->c = *c;
	if (s->c.homes == 1)
		s->c.gran = 1;                       /* as noderec.h */
	s->ix = ix;
	s->nsets = 1 << c->log_sets;
	s->row = malloc((size_t)s->nsets * sizeof *s->row);
	s->rec = noderec_alloc(c, mode, ix);
	if (!s->row || !s->rec || (s->kept_sets = nodesample_pick(c->log_sets, rate, salt, s->row)) < 0
	    || !(s->rows = calloc((size_t)s->kept_sets * NODE_SET_ROW, sizeof *s->rows))) {
		nodesample_free(s);
		return NULL;
	}
	return s;
}

void nodesample_free(nodesample_t *s)
{
	if (!s)
		return;
	noderec_free(s->rec);
	free(s->row);
	free(s->rows);
	free(s);
}

int nodesample_access(nodesample_t *s, int sm, uint64_t block, int is_write)
{
	const noderec_cfg_t *c = &s->c;
	s->offered += 1;
	/* the node-local block and its set, as noderec_access computes them (noderec.h) */
	int h;
	uint64_t local;
	noderec_locate(c, block, &h, &local);
	uint32_t set = set_index_of(s->ix, (enum set_index_fn)c->index, local, c->log_sets);
	int row = s->row[set];
	if (row < 0)
		return 0;
	s->kept += 1;
	int own, other;
	if (noderec_access_local(s->rec, sm, h, local, set, block, is_write, &own, &other))
		return -1;
	double *x = s->rows + (size_t)row * NODE_SET_ROW;   /* this set's own counts, as the record's */
	x[own]++;
	for (int a = other + 1; a <= own; a++)
		x[PROFILE_SA_WAYS + 1 + a]++;
	return 0;
}

int nodesample_finish(const nodesample_t *s, int n_sm, profile_nodes_t *out)
{
	noderec_finish(s->rec, n_sm, out);
	if (!(s->kept > 0))
		return -1;
	size_t nr = (size_t)s->kept_sets * NODE_SET_ROW;
	out->set_counts = malloc(nr * sizeof *out->set_counts);
	if (!out->set_counts)
		return -2;
	memcpy(out->set_counts, s->rows, nr * sizeof *out->set_counts);
	out->sets_sampled = s->kept_sets;
	double f = s->offered / s->kept;     /* ratio estimator over sets */
	out->accesses = 0;
	for (int i = 0; i <= PROFILE_SA_WAYS; i++) {
		out->hist[i] *= f;
		out->repl[i] *= f;
		out->accesses += out->hist[i];
	}
	return 0;
}

int nodesample_sets(const nodesample_t *s) { return s->kept_sets; }
double nodesample_offered(const nodesample_t *s) { return s->offered; }
double nodesample_kept(const nodesample_t *s) { return s->kept; }
