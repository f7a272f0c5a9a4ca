/* atomics.c -- global atomics at the L2 (atomics.h has the equations and sources). */
#include "atomics.h"

#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "profile.h"

int atomics_rates(const profile_shape_t *s, double insts, double l1_accesses, atomics_ctx_t *c)
{
	c->q = c->per_inst = c->conc = 0.0;
	if (!s->has_atom || !(s->atom_addrs > 0.0) || !(insts > 0.0) || !(l1_accesses > 0.0))
		return -1;
	c->q = s->atom_addrs / l1_accesses;          /* q = min(1, addrs / l1.accesses) */
	if (c->q > 1.0)
		c->q = 1.0;
	c->per_inst = s->atom_addrs / insts;         /* a_at = addrs / insts */
	c->conc = s->atom_lanes > 0.0 ? s->atom_top / s->atom_lanes : 0.0;  /* c = top / lanes */
	if (c->conc > 1.0)
		c->conc = 1.0;
	return 0;
}

double atomics_hot_visits(const atomics_ctx_t *c, int slices)
{
	double ex = c->conc - 1.0 / (slices > 0 ? slices : 1);   /* a_at (c - 1/S) */
	return ex > 0.0 ? c->per_inst * ex : 0.0;
}

static void *ctx_alloc(const gpu_t *g, const profile_t *p)
{
	(void)g;
	double acc = 0.0;
	for (size_t i = 0; i < p->n_streams; i++)
		if (strcmp(p->streams[i].name, "l1") == 0)
			acc = p->streams[i].accesses;
	atomics_ctx_t c;
	if (atomics_rates(&p->shape, p->insts, acc, &c) != 0)
		return NULL;
	atomics_ctx_t *out = malloc(sizeof *out);
	if (out)
		*out = c;
	return out;
}


static unsigned apply(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m)
{
	(void)g;
	(void)d;
	const atomics_ctx_t *c = w->mech[MECH_ATOMICS];
	if (!c)
		return 0;
	unsigned changed = 0;
	if (c->q > 0.0 && m->l1_hit > 0.0) {
		m->l1_hit *= 1.0 - c->q;                 /* h1' = h1 (1 - q) (atomics.h) */
		m->l1_bypass = c->q;                     /* what the L1 itself serves excludes them */
		changed |= MECH_L1_HIT;
	}
	double v = atomics_hot_visits(c, m->llc_slices);
	if (v > 0.0) {
		/* the hot slice's excess: one server, the LLC's per-request service (atomics.h) */
		ms_station_t s = { "atom_hot", CPI_LLC, MS_PER_INST, v, m->llc_service, 0.0, 1, 1.0, 1 + SP_GREQ, 0 };
		if (memsys_add_station(m, &s) == 0)
			changed |= MECH_STATIONS;
	}
	return changed;
}

static const char *const atomics_columns[] = { NULL };

const mech_t mech_atomics = {
	.name = "atomics", .level = MECH_LEVEL_L1,
	/* ctx_free, check NULL: the context is one malloc'd block, every design is legal (mech.h) */
	.ctx_alloc = ctx_alloc, .ctx_free = NULL,
	.check = NULL, .apply = apply, .columns = atomics_columns,
};
