/* testhist.c -- see testhist.h. */
#include "support/testhist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hist_one(reuse_hist_t *h, double d, double count, double cold)
{
	h->n = 1;
	h->lo = malloc(sizeof(double));
	h->hi = malloc(sizeof(double));
	h->count = malloc(sizeof(double));
	h->lo[0] = d;
	h->hi[0] = d + 1;
	h->count[0] = count;
	h->cold = cold;
	h->total = count + cold;
}

void profile_private_loop(profile_t *p, const char *name, int n_sm, double insts, double a1)
{
	memset(p, 0, sizeof *p);
	snprintf(p->name, sizeof p->name, "%s", name);
	p->block_bytes = 128;
	p->n_sm = n_sm;
	p->insts = insts;
	p->mem_insts = insts * a1;
	p->streams = calloc(2, sizeof *p->streams);
	const char *names[2] = { "l1", "global" };
	int groups[2] = { 1, n_sm };
	for (int i = 0; i < 2; i++) {
		profile_stream_t *s = &p->streams[i];
		snprintf(s->name, sizeof s->name, "%s", names[i]);
		s->group = groups[i];
		s->accesses = insts * a1;
		s->footprint = 100.0 * n_sm;
		hist_one(&s->sd, groups[i] * 100.0 - 1, insts * a1 - 100.0 * n_sm, 100.0 * n_sm);
	}
	p->n_streams = 2;
}
