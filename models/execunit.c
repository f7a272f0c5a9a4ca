/* execunit.c -- execution units as stations of the closed network (execunit.h has the
 * equations and sources). */
#include "execunit.h"

#include <math.h>
#include <stdlib.h>

#include "gpu.h"
#include "profile.h"

int execunit_fracs(const profile_shape_t *s, double insts, execunit_ctx_t *out)
{
	for (int u = 0; u < SU_NUNIT; u++)
		out->frac[u] = 0.0;
	if (!s->has_mix || !(insts > 0.0))
		return -1;
	for (int u = 0; u < SU_NUNIT; u++)
		out->frac[u] = s->unit[u] / insts;   /* f_u = mix[u] / insts (execunit.h) */
	return 0;
}

double execunit_sm_bound(const execunit_ctx_t *c, int subcores, const double ii[SU_NUNIT])
{
	double x = INFINITY;
	for (int u = 0; u < SU_NUNIT; u++) {
		if (!(ii[u] > 0.0) || !(c->frac[u] > 0.0))
			continue;
		/* per-sub-core units: subcores / (f_u ii_u); the LD/ST pipe is one per SM */
		double copies = u == SU_LDST ? 1.0 : subcores;
		double b = copies / (c->frac[u] * ii[u]);
		if (b < x)
			x = b;
	}
	return x;
}

static void gpu_ii(const gpu_t *g, double ii[SU_NUNIT])
{
	for (int u = 0; u < SU_NUNIT; u++)
		ii[u] = 0.0;
	ii[SU_FP32] = g->ii_fp32;
	ii[SU_FP64] = g->ii_fp64;
	ii[SU_INT] = g->ii_int;
	ii[SU_SFU] = g->ii_sfu;
	ii[SU_TENSOR] = g->ii_tensor;
	ii[SU_LDST] = g->ii_ldst;
}

static void *ctx_alloc(const gpu_t *g, const profile_t *p)
{
	(void)g;
	execunit_ctx_t c;
	if (execunit_fracs(&p->shape, p->insts, &c) != 0)
		return NULL;
	execunit_ctx_t *out = malloc(sizeof *out);
	if (out)
		*out = c;
	return out;
}


static const char *const unit_station[SU_NUNIT] = {
	[SU_FP32] = "eu_fp32", [SU_FP64] = "eu_fp64", [SU_INT] = "eu_int", [SU_SFU] = "eu_sfu",
	[SU_TENSOR] = "eu_tensor", [SU_LDST] = "eu_ldst",
};

static unsigned apply(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m)
{
	(void)d;
	const execunit_ctx_t *c = w->mech[MECH_EXECUNIT];
	if (!c)
		return 0;
	double ii[SU_NUNIT];
	gpu_ii(g, ii);
	unsigned changed = 0;
	for (int u = 0; u < SU_NUNIT; u++) {
		if (!(ii[u] > 0.0) || !(c->frac[u] > 0.0))
			continue;
		/* station u: visits f_u per instruction, service ii_u, copies n_compute x subcores
		 * (the LD/ST pipe: n_compute) -- execunit.h MECHANISM */
		int copies = u == SU_LDST ? m->n_compute : m->n_compute * g->subcores;
		ms_station_t s = { unit_station[u], CPI_ISSUE, MS_PER_INST, c->frac[u], ii[u], 0.0,
		                   copies, 1.0, u <= SU_TENSOR ? 1 + SP_FP32 + u : 0,  /* BARRIER PHASES column */
		                   u == SU_LDST ? 1 : 2 };                            /* per SM [B5], per sub-core [B6] */
		if (memsys_add_station(m, &s) == 0)
			changed = MECH_STATIONS;
	}
	return changed;
}

static const char *const execunit_columns[] = { NULL };

const mech_t mech_execunit = {
	.name = "execunit", .level = MECH_LEVEL_OUTER,
	/* ctx_free, check NULL: the context is one malloc'd block, every design is legal (mech.h) */
	.ctx_alloc = ctx_alloc, .ctx_free = NULL,
	.check = NULL, .apply = apply, .columns = execunit_columns,
};
