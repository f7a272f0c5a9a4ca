/* solve_memo.c -- the memoised solve (see solve_memo.h). */
#include "solve_memo.h"

#include <stdint.h>
#include <string.h>

#include "memo.h"

#define KEY_WORDS ((sizeof(design_t) + 7) / 8)
#define OUT_WORDS ((sizeof(metrics_t) + 7) / 8)
#define VAL_WORDS (OUT_WORDS + EC_N)

struct memo *solve_memo_alloc(size_t slots)
{
	return memo_alloc_sized(slots, (int)KEY_WORDS, (int)VAL_WORDS);
}

/* solve_memo.h key: the bytes of d with gate_idle zeroed */
static void make_key(const design_t *d, uint64_t key[KEY_WORDS])
{
	design_t k;
	memcpy(&k, d, sizeof k);
	k.gate_idle = 0;
	memset(key, 0, KEY_WORDS * sizeof *key);
	memcpy(key, &k, sizeof k);
}

int solve_memo_get(const struct memo *s, const design_t *d, metrics_t *out, double pj[EC_N])
{
	uint64_t key[KEY_WORDS], val[VAL_WORDS];
	if (!s)
		return 0;
	make_key(d, key);
	if (!memo_get_bits(s, key, (int)KEY_WORDS, val, (int)VAL_WORDS))
		return 0;
	memcpy(out, val, sizeof *out);
	memcpy(pj, val + OUT_WORDS, EC_N * sizeof *pj);
	return 1;
}

void solve_memo_put(const struct memo *s, const design_t *d, const metrics_t *out, const double pj[EC_N])
{
	uint64_t key[KEY_WORDS], val[VAL_WORDS];
	if (!s)
		return;
	make_key(d, key);
	memset(val, 0, sizeof val);
	memcpy(val, out, sizeof *out);
	memcpy(val + OUT_WORDS, pj, EC_N * sizeof *pj);
	memo_put_bits(s, key, (int)KEY_WORDS, val, (int)VAL_WORDS);
}
