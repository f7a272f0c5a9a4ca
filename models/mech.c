/* mech.c -- the mechanism table (mech.h): one row per mechanism, in the order gpu_eval
 * applies them. */
#include "mech.h"

#include <stdlib.h>
#include <string.h>

#include "atomics.h"
#include "dcl1.h"
#include "execunit.h"
#include "fuse.h"
#include "malekeh.h"
#include "morpheus.h"

const mech_t *const mech_table[MECH_N] = {
	[MECH_DCL1] = &mech_dcl1,
	[MECH_FUSE] = &mech_fuse,
	[MECH_ATOMICS] = &mech_atomics,
	[MECH_MORPHEUS] = &mech_morpheus,
	[MECH_MALEKEH] = &mech_malekeh,
	[MECH_EXECUNIT] = &mech_execunit,
};

void *mech_row_ctx_alloc(const mech_t *x, const struct gpu *g, const struct profile *p)
{
	return x->ctx_alloc ? x->ctx_alloc(g, p) : NULL;   /* NULL hook: no context (mech.h) */
}

void mech_row_ctx_free(const mech_t *x, void *ctx)
{
	if (!ctx)
		return;
	if (x->ctx_free)
		x->ctx_free(ctx);
	else
		free(ctx);                                /* NULL hook: one malloc'd block (mech.h) */
}

int mech_row_check(const mech_t *x, const struct gpu *g, const struct design *d, const char **why)
{
	return x->check ? x->check(g, d, why) : 0;         /* NULL hook: always legal (mech.h) */
}

const mech_t *mech_of_column(const char *column)
{
	for (int i = 0; i < MECH_N; i++)
		for (const char *const *c = mech_table[i]->columns; c && *c; c++)
			if (strcmp(*c, column) == 0)
				return mech_table[i];
	return NULL;
}
