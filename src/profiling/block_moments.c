/* block_moments.c -- per-block second moments of a sampled profile; see block_moments.h. */
#include "profiling/block_moments.h"

#include <stdlib.h>
#include <string.h>

#include "profiling/lru_stack.h"

typedef struct bm_slot {
	uint64_t block;
	uint64_t last;          /* index of the block's last access in the sampled stream */
	uint32_t row;           /* its counters: rows[row * PROFILE_BM_BINS ..] */
	uint32_t used;
} bm_slot_t;

struct block_moments {
	bm_slot_t *map;
	uint64_t hmask, nent, now;
	uint32_t *rows;
	uint64_t *sms;          /* per block: bitmap of the SMs that touched it (PROFILE_BM_MAX_SM) */
	uint64_t rcap;
	int too_many_sms;
};
#define SMW (PROFILE_BM_MAX_SM / 64)

block_moments_t *block_moments_alloc(void)
{
	block_moments_t *m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	m->hmask = 1023;
	m->map = calloc(m->hmask + 1, sizeof *m->map);
	if (!m->map) {
		free(m);
		return NULL;
	}
	return m;
}

void block_moments_free(block_moments_t *m)
{
	if (!m)
		return;
	free(m->map);
	free(m->rows);
	free(m->sms);
	free(m);
}

static bm_slot_t *find(bm_slot_t *map, uint64_t hmask, uint64_t block)
{
	uint64_t i = lru_hash(block) & hmask;
	while (map[i].used && map[i].block != block)
		i = (i + 1) & hmask;
	return &map[i];
}

static int grow(block_moments_t *m)
{
	uint64_t nmask = m->hmask * 2 + 1;
	bm_slot_t *nm = calloc(nmask + 1, sizeof *nm);
	if (!nm)
		return -1;
	for (uint64_t i = 0; i <= m->hmask; i++)
		if (m->map[i].used)
			*find(nm, nmask, m->map[i].block) = m->map[i];
	free(m->map);
	m->map = nm;
	m->hmask = nmask;
	return 0;
}

/* class of a reuse time t >= 1: octaves, c = floor(log2 t), the last class open-ended */
static int class_of(uint64_t t)
{
	int c = 63 - __builtin_clzll(t);
	return c < PROFILE_BM_BINS ? c : PROFILE_BM_BINS - 1;
}

int block_moments_access(block_moments_t *m, uint64_t block, int sm)
{
	if ((m->nent + 1) * 2 > m->hmask + 1 && grow(m))
		return -1;
	bm_slot_t *s = find(m->map, m->hmask, block);
	uint64_t now = m->now++;
	if (!s->used) {                        /* a first touch: cold, not counted */
		if (m->nent == m->rcap) {
			uint64_t nc = m->rcap ? 2 * m->rcap : 1024;
			uint32_t *nr = realloc(m->rows, nc * PROFILE_BM_BINS * sizeof *nr);
			if (!nr)
				return -1;
			m->rows = nr;
			uint64_t *ns = realloc(m->sms, nc * SMW * sizeof *ns);
			if (!ns)
				return -1;
			m->sms = ns;
			m->rcap = nc;
		}
		s->used = 1;
		s->block = block;
		s->last = now;
		s->row = (uint32_t)m->nent++;
		memset(m->rows + (uint64_t)s->row * PROFILE_BM_BINS, 0, PROFILE_BM_BINS * sizeof *m->rows);
		memset(m->sms + (uint64_t)s->row * SMW, 0, SMW * sizeof *m->sms);
	}
	if (sm >= 0 && sm < PROFILE_BM_MAX_SM)
		m->sms[(uint64_t)s->row * SMW + (unsigned)sm / 64] |= 1ull << (sm % 64);
	else
		m->too_many_sms = 1;
	if (s->last == now) {                  /* just inserted: a first touch */
		return 0;
	}
	uint32_t *r = m->rows + (uint64_t)s->row * PROFILE_BM_BINS;
	r[class_of(now - s->last)]++;
	s->last = now;
	return 0;
}

void block_moments_finish(const block_moments_t *m, profile_t *out)
{
	out->bm_k = out->bm_n = 0;
	memset(out->bm_sum, 0, sizeof out->bm_sum);
	memset(out->bm_m, 0, sizeof out->bm_m);
	if (m->too_many_sms || out->n_streams > PROFILE_BM_MAX_STREAMS || out->n_sm > PROFILE_BM_MAX_SM)
		return;                           /* not measured: the resampler's reuse-time model */
	int k = 0, ns = (int)out->n_streams;
	for (uint64_t b = 0; b < m->nent; b++)
		for (int c = k; c < PROFILE_BM_BINS; c++)
			if (m->rows[b * PROFILE_BM_BINS + c])
				k = c + 1;                /* classes up to the last one used */
	int n = k + ns;
	double v[PROFILE_BM_DIM];
	for (uint64_t b = 0; b < m->nent; b++) {
		const uint32_t *r = m->rows + b * PROFILE_BM_BINS;
		const uint64_t *bits = m->sms + b * SMW;
		for (int c = 0; c < k; c++)
			v[c] = r[c];
		/* u_sb = the units of stream s (SMs / group) that touched b */
		for (int s = 0; s < ns; s++) {
			int g = out->streams[s].group > 0 ? out->streams[s].group : 1;
			int units = 0, last = -1;
			for (int w = 0; w < SMW; w++)
				for (uint64_t x = bits[w]; x; x &= x - 1) {
					int unit = (w * 64 + __builtin_ctzll(x)) / g;   /* SMs in order: units ascending */
					units += unit != last;
					last = unit;
				}
			v[k + s] = units;
		}
		for (int i = 0; i < n; i++) {
			if (v[i] == 0)
				continue;
			out->bm_sum[i] += v[i];
			for (int j = 0; j < n; j++)
				out->bm_m[i][j] += v[i] * v[j];
		}
	}
	out->bm_k = k;
	out->bm_n = n;
}
