/* minisample.c -- the FUSE miniature-simulation stream; see minisample.h. */
#include "profiling/minisample.h"

#include "hash64.h"

#include <stdlib.h>
#include <string.h>

typedef struct sm_rec {
	int id;                      /* trace SM id, -1: unused */
	uint64_t *map_key;           /* open addressing: block + 1 (0 empty) -> key */
	unsigned *map_val;
	size_t map_cap, n_keys;
	unsigned *key_hash;          /* per local key */
	size_t key_cap;
	unsigned *ref;               /* local key << 1 | w */
	size_t n_refs, ref_cap;
} sm_rec_t;

struct ms_builder {
	int n;
	sm_rec_t sm[MS_SMS];
	unsigned thr;                /* keep hash24 < thr */
	size_t held;                 /* references held over all SMs */
	int failed;
};

unsigned minisample_hash24(uint64_t b)
{
	/* a salt: independent of the simulators' set-index hashes */
	return (unsigned)(hash64_splitmix(b + 0x6A09E667F3BCC909ULL) >> 40);
}

ms_builder_t *ms_builder_alloc(int n_sm)
{
	ms_builder_t *b = calloc(1, sizeof *b);
	if (!b)
		return NULL;
	b->n = MS_SMS;
	b->thr = 1u << 24;
	for (int i = 0; i < MS_SMS; i++)
		b->sm[i].id = n_sm > 0 ? (n_sm >= MS_SMS ? (2 * i + 1) * n_sm / (2 * MS_SMS) : (i < n_sm ? i : -1))
		                       : i;   /* the middle of the i-th of MS_SMS strata (header) */
	return b;
}

void ms_builder_free(ms_builder_t *b)
{
	if (!b)
		return;
	for (int i = 0; i < MS_SMS; i++) {
		free(b->sm[i].map_key);
		free(b->sm[i].map_val);
		free(b->sm[i].key_hash);
		free(b->sm[i].ref);
	}
	free(b);
}

static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return 0;
	size_t c = *cap ? *cap : 1024;
	while (c < need)
		c *= 2;
	void *q = realloc(*p, c * elem);
	if (!q)
		return -1;
	*p = q;
	*cap = c;
	return 0;
}

static size_t slot_of(const sm_rec_t *r, uint64_t k)
{
	size_t i = (size_t)((k * 0x9E3779B97F4A7C15ULL) >> 20) & (r->map_cap - 1);
	while (r->map_key[i] && r->map_key[i] != k)
		i = (i + 1) & (r->map_cap - 1);
	return i;
}

static int rehash(sm_rec_t *r)
{
	size_t old = r->map_cap, cap = old ? 2 * old : 1024;
	uint64_t *ok = r->map_key;
	unsigned *ov = r->map_val;
	r->map_key = calloc(cap, sizeof *r->map_key);
	r->map_val = malloc(cap * sizeof *r->map_val);
	if (!r->map_key || !r->map_val) {
		free(ok);
		free(ov);
		return -1;
	}
	r->map_cap = cap;
	for (size_t i = 0; i < old; i++)
		if (ok[i]) {
			size_t j = slot_of(r, ok[i]);
			r->map_key[j] = ok[i];
			r->map_val[j] = ov[i];
		}
	free(ok);
	free(ov);
	return 0;
}

/* Halve the rate: drop the references of keys at or above the lower threshold. */
static void compact(ms_builder_t *b)
{
	b->thr /= 2;
	b->held = 0;
	for (int i = 0; i < b->n; i++) {
		sm_rec_t *r = &b->sm[i];
		size_t n = 0;
		for (size_t k = 0; k < r->n_refs; k++)
			if (r->key_hash[r->ref[k] >> 1] < b->thr)
				r->ref[n++] = r->ref[k];
		r->n_refs = n;
		b->held += n;
	}
}

int ms_builder_add(ms_builder_t *b, int sm, uint64_t block, int is_write)
{
	if (b->failed)
		return -1;
	sm_rec_t *r = NULL;
	for (int i = 0; i < b->n; i++)
		if (b->sm[i].id == sm)
			r = &b->sm[i];
	unsigned h;
	if (!r || (h = minisample_hash24(block)) >= b->thr)
		return 0;
	if (2 * (r->n_keys + 1) > r->map_cap && rehash(r))
		return b->failed = -1;
	uint64_t k = block + 1;
	size_t j = slot_of(r, k);
	if (!r->map_key[j]) {
		if (grow((void **)&r->key_hash, &r->key_cap, r->n_keys + 1, sizeof *r->key_hash))
			return b->failed = -1;
		r->map_key[j] = k;
		r->map_val[j] = (unsigned)r->n_keys;
		r->key_hash[r->n_keys++] = h;
	}
	if (grow((void **)&r->ref, &r->ref_cap, r->n_refs + 1, sizeof *r->ref))
		return b->failed = -1;
	r->ref[r->n_refs++] = r->map_val[j] << 1 | (is_write ? 1u : 0u);
	if (++b->held > MS_HOLD)
		compact(b);
	return 0;
}

int ms_builder_finish(ms_builder_t *b, profile_minisample_t *out)
{
	memset(out, 0, sizeof *out);
	if (b->failed)
		return -1;
	/* the rate: the largest power-of-two fraction at which the first candidate fits */
	unsigned thr = b->thr;
	int first = -1;
	for (int i = 0; i < b->n && first < 0; i++)
		if (b->sm[i].id >= 0 && b->sm[i].n_refs > 0)
			first = i;
	for (;;) {
		size_t n = 0;
		if (first >= 0)
			for (size_t k = 0; k < b->sm[first].n_refs; k++)
				n += b->sm[first].key_hash[b->sm[first].ref[k] >> 1] < thr;
		if (n <= MS_MAX_REFS || thr <= 1)
			break;
		thr /= 2;
	}
	/* then whole SMs in order while the total fits */
	int take[MS_SMS] = { 0 };
	size_t total = 0;
	for (int i = 0; i < b->n; i++) {
		if (b->sm[i].id < 0 || b->sm[i].n_refs == 0)
			continue;
		size_t n = 0;
		for (size_t k = 0; k < b->sm[i].n_refs; k++)
			n += b->sm[i].key_hash[b->sm[i].ref[k] >> 1] < thr;
		if (i != first && total + n > MS_MAX_REFS)
			break;
		take[i] = 1;
		total += n;
	}
	size_t keys = 0, refs = 0;
	for (int i = 0; i < b->n; i++) {
		keys += b->sm[i].n_keys;
		refs += b->sm[i].n_refs;
	}
	out->key_hash = malloc((keys ? keys : 1) * sizeof *out->key_hash);
	out->ref = malloc((refs ? refs : 1) * sizeof *out->ref);
	unsigned *remap = NULL;
	size_t remap_cap = 0;
	if (!out->key_hash || !out->ref) {
		free(out->key_hash);
		free(out->ref);
		memset(out, 0, sizeof *out);
		return -1;
	}
	out->rate = (double)thr / (1u << 24);
	for (int i = 0; i < b->n; i++) {
		sm_rec_t *r = &b->sm[i];
		if (!take[i])
			continue;
		if (grow((void **)&remap, &remap_cap, r->n_keys, sizeof *remap)) {
			free(remap);
			return -1;
		}
		for (size_t k = 0; k < r->n_keys; k++)
			remap[k] = UINT32_MAX;
		for (size_t k = 0; k < r->n_refs; k++) {
			unsigned lk = r->ref[k] >> 1;
			if (r->key_hash[lk] >= thr)
				continue;
			if (remap[lk] == UINT32_MAX) {
				remap[lk] = (unsigned)out->n_keys;
				out->key_hash[out->n_keys++] = r->key_hash[lk];
			}
			out->ref[out->n_refs++] = remap[lk] << 1 | (r->ref[k] & 1u);
		}
		out->sm[out->n_sm] = r->id;
		out->sm_end[out->n_sm++] = out->n_refs;
	}
	free(remap);
	return 0;
}
