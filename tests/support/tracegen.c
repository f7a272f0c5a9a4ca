/* tracegen.c -- synthetic traces; see tracegen.h. */
#include "support/tracegen.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_rng.h>

#define REGION ((uint64_t)1 << 32)   /* blocks per (component, SM) region */

static uint64_t scatter(uint64_t x)
{
	/* a bijection on 32-bit ranks so Zipf's hot blocks are not contiguous */
	x = (x * 2654435761u) & 0xffffffffu;
	return x;
}

int tg_mix(const tg_mix_t *mix, uint64_t seed, tg_ref_t *out, size_t n)
{
	int ns = mix->n_sm > 0 ? mix->n_sm : 1;
	int burst = mix->burst > 0 ? mix->burst : 1;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	uint64_t *pos = calloc((size_t)ns * TG_MAX_COMP, sizeof *pos);
	double *zcdf[TG_MAX_COMP] = { 0 };
	int rc = -1;
	if (!r || !pos)
		goto out;
	gsl_rng_set(r, seed);
	double wsum = 0;
	for (int c = 0; c < mix->ncomp; c++) {
		wsum += mix->comp[c].weight;
		if (mix->comp[c].kind == TG_ZIPF) {
			uint64_t m = mix->comp[c].size;
			zcdf[c] = malloc(m * sizeof *zcdf[c]);
			if (!zcdf[c])
				goto out;
			double s = 0;
			for (uint64_t k = 0; k < m; k++)
				zcdf[c][k] = s += pow((double)(k + 1), -mix->comp[c].alpha);
			for (uint64_t k = 0; k < m; k++)
				zcdf[c][k] /= s;
		}
	}
	for (size_t i = 0; i < n; i++) {
		int sm = (int)((i / (size_t)burst) % (size_t)ns);
		double u = gsl_rng_uniform(r) * wsum;
		int c = 0;
		while (c < mix->ncomp - 1 && u >= mix->comp[c].weight) {
			u -= mix->comp[c].weight;
			c++;
		}
		const tg_comp_t *k = &mix->comp[c];
		int owner = ns > 1 && mix->share > 0 && gsl_rng_uniform(r) < mix->share ? 0 : sm;
		uint64_t base = ((uint64_t)c * ns + (uint64_t)owner) * REGION;
		uint64_t *p = &pos[(size_t)owner * TG_MAX_COMP + (size_t)c];
		uint64_t off;
		switch (k->kind) {
		case TG_LOOP:
			off = *p;
			*p = (*p + 1) % k->size;
			break;
		case TG_STRIDE:
			off = (*p * (k->stride ? k->stride : 1)) % k->size;
			(*p)++;
			break;
		case TG_RANDOM:
			off = gsl_rng_uniform_int(r, k->size);
			break;
		default: { /* TG_ZIPF: inverse CDF by binary search */
			double v = gsl_rng_uniform(r);
			uint64_t lo = 0, hi = k->size - 1;
			while (lo < hi) {
				uint64_t mid = (lo + hi) / 2;
				if (zcdf[c][mid] < v)
					lo = mid + 1;
				else
					hi = mid;
			}
			off = scatter(lo);
			break;
		}
		}
		out[i].sm = sm;
		out[i].is_write = gsl_rng_uniform(r) < k->write_frac;
		out[i].block = base + off;
	}
	rc = 0;
out:
	for (int c = 0; c < TG_MAX_COMP; c++)
		free(zcdf[c]);
	free(pos);
	if (r)
		gsl_rng_free(r);
	return rc;
}

void tg_mix_standard(tg_mix_t *mix, int n_sm, double share)
{
	memset(mix, 0, sizeof *mix);
	tg_comp_t c[] = {
		{ TG_LOOP, 0.30, 24, 1, 0, 0.05 },
		{ TG_LOOP, 0.20, 300, 1, 0, 0.10 },
		{ TG_LOOP, 0.15, 2500, 1, 0, 0.00 },
		{ TG_LOOP, 0.10, 12000, 1, 0, 0.20 },
		{ TG_STRIDE, 0.05, 80000, 3, 0, 0.50 },
		{ TG_RANDOM, 0.10, 40000, 1, 0, 0.10 },
		{ TG_ZIPF, 0.10, 30000, 1, 0.9, 0.05 },
	};
	mix->ncomp = (int)(sizeof c / sizeof c[0]);
	memcpy(mix->comp, c, sizeof c);
	mix->n_sm = n_sm;
	mix->burst = 4;
	mix->share = share;
}
