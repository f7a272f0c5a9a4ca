/* profile_shape.c -- derived figures of a profile's launch and code shape; see profile_shape.h. */
#include "profile_shape.h"

#include <math.h>

#include <stdlib.h>
#include <string.h>

const char *const shape_unit_name[SU_NUNIT] = { "fp32", "fp64", "int", "sfu", "tensor", "ldst", "branch", "other" };

int shape_fresh_bin(double age)
{
	if (!(age >= 1.0))
		return 0;
	int b = 1 + (int)floor(log2(age));
	return b < SHAPE_FRESH_BINS ? b : SHAPE_FRESH_BINS - 1;
}

long shape_warps_per_cta(const shape_launch_t *l)
{
	long t = l->block[0] * l->block[1] * l->block[2];
	return (t + 31) / 32;
}

double shape_ctas(const shape_launch_t *l)
{
	return (double)l->grid[0] * (double)l->grid[1] * (double)l->grid[2] * l->count;
}

double shape_mlp_mean(const profile_shape_t *s)
{
	return s->has_mlp && s->mlp_groups > 0 ? s->mlp_loads / s->mlp_groups : 0.0;
}

double shape_simd_lanes(const profile_shape_t *s)
{
	return s->has_simd && s->simd_insts > 0 ? s->active_lanes / s->simd_insts : 0.0;
}

void profile_shape_free(profile_shape_t *s)
{
	free(s->launch);
	free(s->phase);
	free(s->wait);
	free(s->sharers);
	memset(s, 0, sizeof *s);
}
