/* mech.c -- the mechanism table (mech.h): one row per mechanism, in the order gpu_eval
 * applies them. */
#include "mech.h"

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

const mech_t *mech_of_column(const char *column)
{
	for (int i = 0; i < MECH_N; i++)
		for (const char *const *c = mech_table[i]->columns; c && *c; c++)
			if (strcmp(*c, column) == 0)
				return mech_table[i];
	return NULL;
}
