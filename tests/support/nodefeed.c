/* nodefeed.c -- see nodefeed.h. */
#include "support/nodefeed.h"

#include <string.h>

#include <gsl/gsl_rng.h>

const char *const nodefeed_specs[NODEFEED_NG] = { "1:1:1:32:ipoly", "2:1:1:64:ipoly", "80:40:1:64:ipoly", "8:4:1:64:ipoly" };

int nodefeed_setup(nodefeed_t *f, const set_index_t *ix, int ns, const double *share, const uint64_t *salt)
{
	memset(f, 0, sizeof *f);
	if (ns < 0 || ns > NODEFEED_MAXS)
		return -1;
	f->ns = ns;
	for (int i = 0; i < NODEFEED_NG; i++) {
		noderec_cfg_t c;
		char err[200];
		if (noderec_parse(nodefeed_specs[i], &c, err, sizeof err))
			return -1;
		if (!(f->ex[i] = noderec_alloc(&c, SS_WRITE_EVICT, ix)))
			return -1;
		for (int k = 0; k < ns; k++)
			if (!(f->s[i][k] = nodesample_alloc(&c, SS_WRITE_EVICT, ix, share[k], salt[k])))
				return -1;
	}
	return 0;
}

void nodefeed_one(nodefeed_t *f, int sm, uint64_t block, int wr)
{
	for (int i = 0; i < NODEFEED_NG; i++) {
		f->err |= noderec_access(f->ex[i], sm, block, wr) != 0;
		for (int k = 0; k < f->ns; k++)
			f->err |= nodesample_access(f->s[i][k], sm, block, wr) != 0;
	}
}

void nodefeed_gen_access(void *ctx, int sm, int wr, uint64_t addr, uint32_t pc)
{
	(void)pc;
	nodefeed_one(ctx, sm, addr / 128, wr);
}

void nodefeed_random(nodefeed_t *f, long n, unsigned long seed)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	if (!r) {
		f->err = 1;
		return;
	}
	gsl_rng_set(r, seed);
	for (long i = 0; i < n; i++) {
		int sm = (int)gsl_rng_uniform_int(r, 80);
		double u = gsl_rng_uniform(r);
		uint64_t b = u < 0.4 ? gsl_rng_uniform_int(r, 2000) : u < 0.8 ? 10000 + gsl_rng_uniform_int(r, 50000)
		                                                    : 1000000 + (uint64_t)i;
		nodefeed_one(f, sm, b, gsl_rng_uniform(r) < 0.1);
	}
	gsl_rng_free(r);
}

void nodefeed_teardown(nodefeed_t *f)
{
	for (int i = 0; i < NODEFEED_NG; i++) {
		noderec_free(f->ex[i]);
		for (int k = 0; k < f->ns; k++)
			nodesample_free(f->s[i][k]);
	}
	memset(f, 0, sizeof *f);
}
