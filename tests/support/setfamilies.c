/* setfamilies.c -- trace families and the dev / held-out suites; see setfamilies.h. */
#include "support/setfamilies.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_rng.h>

typedef struct gen {
	tg_ref_t *out;
	size_t n, i;
	gsl_rng *r;
	double wf;
} gen_t;

/* One reference (write with probability wf unless forced). */
static int put(gen_t *g, int sm, uint64_t byte_addr, int force_write)
{
	if (g->i >= g->n)
		return 0;
	tg_ref_t *t = &g->out[g->i++];
	t->sm = sm;
	t->is_write = force_write >= 0 ? force_write : gsl_rng_uniform(g->r) < g->wf;
	t->block = byte_addr / SF_BLOCK;
	return g->i < g->n;
}

/* A seeded base address: page-aligned (4 KB) in a 1 GB region, as an allocator would give. */
static uint64_t base_of(gen_t *g)
{
	return (uint64_t)gsl_rng_uniform_int(g->r, 1u << 18) * 4096;
}

int sf_make(const sf_spec_t *sp, tg_ref_t **outp)
{
	if (!sp || sp->n == 0 || !outp)
		return -1;
	gen_t g = { malloc(sp->n * sizeof(tg_ref_t)), sp->n, 0, gsl_rng_alloc(gsl_rng_mt19937), sp->write_frac };
	if (!g.out || !g.r) {
		free(g.out);
		if (g.r)
			gsl_rng_free(g.r);
		return -1;
	}
	gsl_rng_set(g.r, sp->seed);
	int rc = 0, nsm = sp->n_sm > 0 ? sp->n_sm : 1;
	uint64_t b0 = base_of(&g), b1 = base_of(&g) + (1ULL << 30), b2 = base_of(&g) + (2ULL << 30);
	switch (sp->kind) {
	case SF_STRIDE:
		if (!sp->count || !sp->stride) { rc = -1; break; }
		for (uint64_t k = 0;; k++)
			if (!put(&g, 0, b0 + (k % sp->count) * sp->stride * SF_BLOCK, -1))
				break;
		break;
	case SF_COLWALK:
		if (!sp->rows || !sp->cols || sp->pitch < 4 * sp->cols) { rc = -1; break; }
		for (int go = 1; go;)
			for (uint64_t c = 0; c < sp->cols && go; c++)
				for (uint64_t r = 0; r < sp->rows && go; r++)
					go = put(&g, 0, b0 + r * sp->pitch + 4 * c, -1);
		break;
	case SF_UNIFORM:
		if (!sp->blocks) { rc = -1; break; }
		while (put(&g, 0, b0 + gsl_rng_uniform_int(g.r, sp->blocks) * SF_BLOCK, -1))
			;
		break;
	case SF_ZIPF: {
		if (!sp->blocks) { rc = -1; break; }
		/* inverse CDF over ranks; rank r goes to a scattered block of a 4x region */
		double *cdf = malloc(sp->blocks * sizeof *cdf);
		uint64_t *where = malloc(sp->blocks * sizeof *where);
		if (!cdf || !where) { free(cdf); free(where); rc = -1; break; }
		double s = 0;
		for (uint64_t r = 0; r < sp->blocks; r++)
			cdf[r] = s += pow((double)r + 1, -sp->alpha);
		for (uint64_t r = 0; r < sp->blocks; r++)
			where[r] = gsl_rng_uniform_int(g.r, 4 * sp->blocks);   /* collisions merge ranks: fine */
		for (;;) {
			double u = gsl_rng_uniform(g.r) * s;
			uint64_t lo = 0, hi = sp->blocks - 1;
			while (lo < hi) {
				uint64_t mid = (lo + hi) / 2;
				if (cdf[mid] >= u) hi = mid; else lo = mid + 1;
			}
			if (!put(&g, 0, b0 + where[lo] * SF_BLOCK, -1))
				break;
		}
		free(cdf);
		free(where);
		break;
	}
	case SF_PHASES: {
		if (!sp->phase || !sp->blocks || !sp->count || !sp->stride) { rc = -1; break; }
		uint64_t loop = 0, str = 0;
		for (uint64_t ph = 0, go = 1; go; ph++)
			for (uint64_t j = 0; j < sp->phase && go; j++) {
				uint64_t a;
				switch (ph % 3) {
				case 0: a = b0 + (loop++ % sp->blocks) * SF_BLOCK; break;
				case 1: a = b1 + (str++ % sp->count) * sp->stride * SF_BLOCK; break;
				default: a = b2 + gsl_rng_uniform_int(g.r, 4 * sp->blocks) * SF_BLOCK; break;
				}
				go = put(&g, 0, a, -1);
			}
		break;
	}
	case SF_GPU: {
		if (!sp->rows || !sp->cols || sp->pitch < 4 * sp->cols) { rc = -1; break; }
		/* each SM walks its rows; requests interleave one per SM round robin */
		uint64_t chunks = (sp->cols * 4 + SF_BLOCK - 1) / SF_BLOCK;
		uint64_t *row = calloc((size_t)nsm, sizeof *row), *pos = calloc((size_t)nsm, sizeof *pos);
		if (!row || !pos) { free(row); free(pos); rc = -1; break; }
		for (int s = 0; s < nsm; s++)
			row[s] = (uint64_t)s;
		for (int go = 1; go;)
			for (int s = 0; s < nsm && go; s++) {
				uint64_t r = row[s] % sp->rows, j = pos[s];
				if (j < chunks) {
					go = put(&g, s, b0 + r * sp->pitch + j * SF_BLOCK, 0);          /* A[r][j] */
					if (go)
						go = put(&g, s, b1 + j * SF_BLOCK, 0);                  /* x[j] shared */
					pos[s]++;
				} else {
					go = put(&g, s, b2 + r * 4, 1);                                 /* y[r] */
					pos[s] = 0;
					row[s] += (uint64_t)nsm;
				}
			}
		free(row);
		free(pos);
		break;
	}
	case SF_TRANSPOSE:
		if (!sp->rows || !sp->cols || sp->pitch < 4 * sp->cols || sp->pitch < 4 * sp->rows) { rc = -1; break; }
		for (int go = 1; go;)
			for (uint64_t r = 0; r < sp->rows && go; r++)
				for (uint64_t c = 0; c < sp->cols && go; c++) {
					go = put(&g, 0, b0 + r * sp->pitch + 4 * c, 0);       /* A[r][c] */
					if (go)
						go = put(&g, 0, b1 + c * sp->pitch + 4 * r, 1);   /* B[c][r] */
				}
		break;
	case SF_STENCIL: {
		if (!sp->rows || sp->cols < 3 || sp->pitch < 4 * sp->cols) { rc = -1; break; }
		/* SM s sweeps rows s, s + n_sm, ...; each point reads 5 neighbours and writes one;
		 * the SMs interleave point by point */
		for (int go = 1; go;)
			for (uint64_t r0 = 1; r0 + 1 < sp->rows && go; r0 += (uint64_t)nsm)
				for (uint64_t c = 1; c + 1 < sp->cols && go; c += 8)
					for (int s = 0; s < nsm && go; s++) {
						uint64_t r = r0 + (uint64_t)s;
						if (r + 1 >= sp->rows)
							continue;
						uint64_t a = b0 + r * sp->pitch + 4 * c;
						go = put(&g, s, a - sp->pitch, 0) && put(&g, s, a - 4, 0) && put(&g, s, a, 0)
							&& put(&g, s, a + 4, 0) && put(&g, s, a + sp->pitch, 0)
							&& put(&g, s, b1 + r * sp->pitch + 4 * c, 1);
					}
		break;
	}
	default:
		rc = -1;
	}
	gsl_rng_free(g.r);
	if (rc || g.i != g.n) {
		free(g.out);
		return -1;
	}
	*outp = g.out;
	return 0;
}

/* Development suite: what the models are built and tuned against. */
static const sf_spec_t dev[] = {
	{ .name = "dev-stride-8KB", .kind = SF_STRIDE, .seed = 11, .n = 200000, .stride = 64, .count = 200, .write_frac = 0.1 },
	{ .name = "dev-stride-1KB", .kind = SF_STRIDE, .seed = 12, .n = 200000, .stride = 8, .count = 3000 },
	{ .name = "dev-colwalk-4096", .kind = SF_COLWALK, .seed = 13, .n = 200000, .rows = 64, .cols = 1024, .pitch = 4096, .write_frac = 0.2 },
	{ .name = "dev-colwalk-2500", .kind = SF_COLWALK, .seed = 14, .n = 200000, .rows = 100, .cols = 600, .pitch = 2500 },
	{ .name = "dev-uniform-20000", .kind = SF_UNIFORM, .seed = 15, .n = 200000, .blocks = 20000, .write_frac = 0.3 },
	{ .name = "dev-zipf-0.8", .kind = SF_ZIPF, .seed = 16, .n = 200000, .blocks = 50000, .alpha = 0.8, .write_frac = 0.1 },
	{ .name = "dev-phases", .kind = SF_PHASES, .seed = 17, .n = 200000, .blocks = 3000, .stride = 32, .count = 500, .phase = 20000, .write_frac = 0.2 },
	{ .name = "dev-gpu-8sm-8192", .kind = SF_GPU, .seed = 18, .n = 240000, .n_sm = 8, .rows = 512, .cols = 2048, .pitch = 8192 },
};

/* Held-out suite: other seeds, other parameters, two families the development never saw. */
static const sf_spec_t heldout[] = {
	{ .name = "ho-stride-32KB", .kind = SF_STRIDE, .seed = 101, .n = 200000, .stride = 256, .count = 100, .write_frac = 0.05 },
	{ .name = "ho-stride-12KB", .kind = SF_STRIDE, .seed = 102, .n = 200000, .stride = 96, .count = 1000 },
	{ .name = "ho-colwalk-8192", .kind = SF_COLWALK, .seed = 103, .n = 200000, .rows = 128, .cols = 2048, .pitch = 8192, .write_frac = 0.1 },
	{ .name = "ho-colwalk-4100", .kind = SF_COLWALK, .seed = 104, .n = 200000, .rows = 80, .cols = 1000, .pitch = 4100 },
	{ .name = "ho-uniform-6000", .kind = SF_UNIFORM, .seed = 105, .n = 200000, .blocks = 6000, .write_frac = 0.5 },
	{ .name = "ho-zipf-1.1", .kind = SF_ZIPF, .seed = 106, .n = 200000, .blocks = 200000, .alpha = 1.1 },
	{ .name = "ho-phases", .kind = SF_PHASES, .seed = 107, .n = 200000, .blocks = 12000, .stride = 128, .count = 300, .phase = 50000, .write_frac = 0.15 },
	{ .name = "ho-gpu-16sm-4096", .kind = SF_GPU, .seed = 108, .n = 240000, .n_sm = 16, .rows = 1024, .cols = 1024, .pitch = 4096 },
	{ .name = "ho-transpose-16384", .kind = SF_TRANSPOSE, .seed = 109, .n = 200000, .rows = 512, .cols = 4096, .pitch = 16384 },
	{ .name = "ho-stencil-4sm-12288", .kind = SF_STENCIL, .seed = 110, .n = 240000, .n_sm = 4, .rows = 300, .cols = 3072, .pitch = 12288 },
};

const sf_spec_t *sf_dev_set(size_t *n)
{
	*n = sizeof dev / sizeof dev[0];
	return dev;
}

const sf_spec_t *sf_heldout_set(size_t *n)
{
	*n = sizeof heldout / sizeof heldout[0];
	return heldout;
}
