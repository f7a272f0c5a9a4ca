/* pending_sim.c -- see pending_sim.h. */
#include "reference/pending_sim.h"

#include <stdlib.h>

int pending_sim_run(const unsigned *blocks, size_t n, unsigned n_blocks, double lambda, double t_fill,
                    pending_sim_t *out)
{
	out->pending = out->wait = out->cold = 0.0;
	out->accesses = (double)n;
	out->rt_max = n + 1;
	out->rt_count = calloc(out->rt_max, sizeof *out->rt_count);
	double *fill_at = malloc(n_blocks * sizeof *fill_at);    /* when the block's fill arrives */
	long *last = malloc(n_blocks * sizeof *last);            /* index of its previous use */
	if (!out->rt_count || !fill_at || !last) {
		free(fill_at);
		free(last);
		pending_sim_free(out);
		return -1;
	}
	for (unsigned b = 0; b < n_blocks; b++)
		last[b] = -1;
	for (size_t i = 0; i < n; i++) {
		unsigned b = blocks[i];
		double t = (double)i / lambda;
		if (last[b] < 0) {
			out->cold += 1.0;
			fill_at[b] = t + t_fill;
		} else {
			out->rt_count[i - (size_t)last[b] - 1] += 1.0;
			if (t < fill_at[b]) {
				out->pending += 1.0;
				out->wait += fill_at[b] - t;
			}
		}
		last[b] = (long)i;
	}
	free(fill_at);
	free(last);
	return 0;
}

void pending_sim_free(pending_sim_t *s)
{
	free(s->rt_count);
	s->rt_count = NULL;
}
