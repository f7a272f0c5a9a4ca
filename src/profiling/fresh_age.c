/* fresh_age.c -- requests since a line's first access, per SM and merged; see fresh_age.h. */
#include "profiling/fresh_age.h"

#include <stdlib.h>
#include <string.h>

#include "profiling/lru_stack.h"

typedef struct fmap {
	uint64_t *key;    /* line + 1; 0 empty */
	uint64_t *first;  /* the stream's request count at the line's first request */
	uint64_t mask, n; /* capacity - 1, lines held */
	uint64_t t;       /* the stream's requests so far */
} fmap_t;

struct fresh_age {
	fmap_t *sm;
	int n_sm;
	fmap_t glob;
};

fresh_age_t *fresh_age_alloc(void)
{
	return calloc(1, sizeof(fresh_age_t));
}

static void fmap_free(fmap_t *m)
{
	free(m->key);
	free(m->first);
}

void fresh_age_free(fresh_age_t *f)
{
	if (!f)
		return;
	for (int i = 0; i < f->n_sm; i++)
		fmap_free(&f->sm[i]);
	free(f->sm);
	fmap_free(&f->glob);
	free(f);
}

static int fmap_grow(fmap_t *m)
{
	uint64_t cap = m->key ? 2 * (m->mask + 1) : 64;
	uint64_t *k = calloc(cap, sizeof *k), *v = malloc(cap * sizeof *v);
	if (!k || !v) {
		free(k);
		free(v);
		return -1;
	}
	for (uint64_t i = 0; m->key && i <= m->mask; i++)
		if (m->key[i]) {
			uint64_t j = lru_hash(m->key[i] - 1) & (cap - 1);
			while (k[j])
				j = (j + 1) & (cap - 1);
			k[j] = m->key[i];
			v[j] = m->first[i];
		}
	free(m->key);
	free(m->first);
	m->key = k;
	m->first = v;
	m->mask = cap - 1;
	return 0;
}

/* The age of line in stream m, then count the request. */
static int fmap_access(fmap_t *m, uint64_t line, uint64_t *age)
{
	if ((!m->key || 2 * (m->n + 1) > m->mask + 1) && fmap_grow(m))
		return -1;
	uint64_t j = lru_hash(line) & m->mask;
	while (m->key[j] && m->key[j] != line + 1)
		j = (j + 1) & m->mask;
	if (!m->key[j]) {              /* the line's first request */
		m->key[j] = line + 1;
		m->first[j] = m->t;
		m->n++;
	}
	*age = m->t - m->first[j];
	m->t++;
	return 0;
}

int fresh_age_access(fresh_age_t *f, int sm, uint64_t line, uint64_t *age_1, uint64_t *age_g)
{
	if (sm < 0 || line == UINT64_MAX)
		return -1;
	if (sm >= f->n_sm) {
		fmap_t *n = realloc(f->sm, (size_t)(sm + 1) * sizeof *n);
		if (!n)
			return -1;
		memset(n + f->n_sm, 0, (size_t)(sm + 1 - f->n_sm) * sizeof *n);
		f->sm = n;
		f->n_sm = sm + 1;
	}
	return fmap_access(&f->sm[sm], line, age_1) || fmap_access(&f->glob, line, age_g) ? -1 : 0;
}

void fresh_age_flush(fresh_age_t *f)
{
	for (int i = 0; i < f->n_sm; i++) {
		fmap_t *m = &f->sm[i];
		if (m->key)
			memset(m->key, 0, (m->mask + 1) * sizeof *m->key);
		m->n = 0;   /* t keeps counting: only differences matter */
	}
}
