/* node_resample.c -- draws of set-sampled DC-L1 node records' error (see node_resample.h). */
#include "stats/node_resample.h"

#include <gsl/gsl_randist.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NW (PROFILE_SA_WAYS + 1)
#define NR_MIN_SETS 4   /* Student's t has a finite variance from 3 degrees of freedom */

typedef struct nr_rec {
	profile_nodes_t *r;
	double x0[NODE_SET_ROW];  /* saved hist, repl */
	double acc0;
	int k;
	double *e;                /* [k][NODE_SET_ROW]: scaled residuals (N / n) c e_si */
} nr_rec_t;

struct node_resample {
	nr_rec_t *rec;
	int n, unquantified;
};

/* node_resample.h: e_si = x_si - (t_i / n) n_s, scaled by (N / n) sqrt((1 - f) k / (k - 1)) */
static int prepare(nr_rec_t *q, profile_nodes_t *r)
{
	int k = r->sets_sampled, nsets = 1 << r->log_sets;
	double t[NODE_SET_ROW] = { 0 }, n = 0;
	for (int s = 0; s < k; s++) {
		const double *x = r->set_counts + (size_t)s * NODE_SET_ROW;
		for (int i = 0; i < NODE_SET_ROW; i++)
			t[i] += x[i];
		for (int d = 0; d < NW; d++)
			n += x[d];
	}
	q->e = malloc((size_t)k * NODE_SET_ROW * sizeof *q->e);
	if (!q->e)
		return -1;
	double f = (double)k / nsets;
	double scale = n > 0 ? r->accesses / n * sqrt(fmax(0.0, 1 - f) * k / (k - 1)) : 0;
	for (int s = 0; s < k; s++) {
		const double *x = r->set_counts + (size_t)s * NODE_SET_ROW;
		double ns = 0;
		for (int d = 0; d < NW; d++)
			ns += x[d];
		for (int i = 0; i < NODE_SET_ROW; i++)
			q->e[(size_t)s * NODE_SET_ROW + i] = scale * (x[i] - (n > 0 ? t[i] / n : 0) * ns);
	}
	q->r = r;
	q->k = k;
	memcpy(q->x0, r->hist, sizeof r->hist);
	memcpy(q->x0 + NW, r->repl, sizeof r->repl);
	q->acc0 = r->accesses;
	return 0;
}

node_resample_t *node_resample_alloc(profile_t *p)
{
	node_resample_t *rs = calloc(1, sizeof *rs);
	if (!rs)
		return NULL;
	rs->rec = calloc(p->n_nodes ? p->n_nodes : 1, sizeof *rs->rec);
	if (!rs->rec) {
		free(rs);
		return NULL;
	}
	for (size_t i = 0; i < p->n_nodes; i++) {
		profile_nodes_t *r = &p->nodes[i];
		if (r->sets_sampled < 1 || !r->set_counts)
			continue;                    /* exact */
		if (r->sets_sampled < NR_MIN_SETS) {
			rs->unquantified++;          /* too few sets for a finite spread (node_resample.h) */
			continue;
		}
		if (prepare(&rs->rec[rs->n], r)) {
			node_resample_free(rs);
			return NULL;
		}
		rs->n++;
	}
	return rs;
}

int node_resample_drawn(const node_resample_t *rs) { return rs->n; }
int node_resample_unquantified(const node_resample_t *rs) { return rs->unquantified; }

void node_resample_draw(node_resample_t *rs, gsl_rng *r)
{
	for (int j = 0; j < rs->n; j++) {
		nr_rec_t *q = &rs->rec[j];
		double x[NODE_SET_ROW];
		memcpy(x, q->x0, sizeof x);
		/* one normal per sampled set moves every count by that set's residual; the spread
		 * S_e^2 is itself estimated from k sets, so the draw is Student's t with k - 1
		 * degrees of freedom: the normal sum over a chi-square's sqrt((k - 1) / chi2)
		 * (node_resample.h) */
		double w = sqrt((q->k - 1) / gsl_ran_chisq(r, q->k - 1));
		for (int s = 0; s < q->k; s++) {
			double z = w * gsl_ran_gaussian(r, 1.0);
			const double *e = q->e + (size_t)s * NODE_SET_ROW;
			for (int i = 0; i < NODE_SET_ROW; i++)
				x[i] += z * e[i];
		}
		profile_nodes_t *rec = q->r;
		rec->accesses = 0;
		for (int d = 0; d < NW; d++) {
			rec->hist[d] = fmax(0.0, x[d]);      /* counts are never negative */
			rec->accesses += rec->hist[d];
		}
		/* repl[A] within [0, misses at A ways], as the loader requires */
		double miss = rec->hist[PROFILE_SA_WAYS];
		rec->repl[0] = 0;
		for (int a = PROFILE_SA_WAYS; a >= 1; a--) {
			if (a < PROFILE_SA_WAYS)
				miss += rec->hist[a];
			rec->repl[a] = fmin(miss, fmax(0.0, x[NW + a]));
		}
	}
}

void node_resample_restore(node_resample_t *rs)
{
	for (int j = 0; j < rs->n; j++) {
		nr_rec_t *q = &rs->rec[j];
		memcpy(q->r->hist, q->x0, sizeof q->r->hist);
		memcpy(q->r->repl, q->x0 + NW, sizeof q->r->repl);
		q->r->accesses = q->acc0;
	}
}

void node_resample_free(node_resample_t *rs)
{
	if (!rs)
		return;
	node_resample_restore(rs);
	for (int j = 0; j < rs->n; j++)
		free(rs->rec[j].e);
	free(rs->rec);
	free(rs);
}
