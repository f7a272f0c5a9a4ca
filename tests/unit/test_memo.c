/* test_memo.c -- the lock-free memo: a hit returns exactly what was stored for that key, a
 * different key never hits, and under four threads hammering a small memo every hit is still
 * right (a torn read must show as a miss, never as a wrong value). */
#include <pthread.h>
#include <stdint.h>

#include "support/check.h"
#include "memo.h"
#include "mva_memo.h"
#include <string.h>

static memo_t *M;
static int wrong[4], hits[4];

static void f(double x, double y, double *v)
{
	for (int i = 0; i < 10; i++)
		v[i] = x * 1000 + y + i;   /* the "pure function": easy to check */
}

static void *hammer(void *arg)
{
	int t = (int)(intptr_t)arg;
	uint64_t s = 88172645463325252ULL + t;
	for (int n = 0; n < 200000; n++) {
		s ^= s << 13; s ^= s >> 7; s ^= s << 17;     /* xorshift64 */
		double key[2] = { (double)(s % 500), (double)((s >> 20) % 7) };
		double v[10], w[10];
		if (memo_get(M, key, 2, v, 10)) {
			hits[t]++;
			f(key[0], key[1], w);
			for (int i = 0; i < 10; i++)
				wrong[t] += v[i] != w[i];
		} else {
			f(key[0], key[1], v);
			memo_put(M, key, 2, v, 10);
		}
	}
	return NULL;
}

int main(void)
{
	memo_t *m = memo_alloc(100);
	double k[3] = { 1.5, 2, -3 }, v[10], out[10];
	f(1.5, 2, v);
	CHECK_INT(memo_get(m, k, 3, out, 10), 0, "empty memo misses");
	memo_put(m, k, 3, v, 10);
	CHECK_INT(memo_get(m, k, 3, out, 10), 1, "stored key hits");
	CHECK_NEAR(out[9], 1500 + 2 + 9, 0, "value returned bit for bit");
	double k2[3] = { 1.5, 2, -3.0000000001 };
	CHECK_INT(memo_get(m, k2, 3, out, 10), 0, "a different key misses");
	memo_free(m);

	/* a wide memo (memo_alloc_sized, raw words): 40-word keys, a key differing in its last
	 * word misses */
	memo_t *wide = memo_alloc_sized(64, 40, 30);
	uint64_t wk[40], wv[30], wo[30];
	for (int i = 0; i < 40; i++)
		wk[i] = 0x9e3779b97f4a7c15ULL * (uint64_t)(i + 1);
	for (int i = 0; i < 30; i++)
		wv[i] = (uint64_t)i * 3 + 1;
	memo_put_bits(wide, wk, 40, wv, 30);
	CHECK_INT(memo_get_bits(wide, wk, 40, wo, 30), 1, "wide memo: stored 40-word key hits");
	CHECK_INT(memcmp(wo, wv, sizeof wv), 0, "wide memo: 30 values returned bit for bit");
	wk[39] ^= 1;
	CHECK_INT(memo_get_bits(wide, wk, 40, wo, 30), 0, "wide memo: last key word differs: miss");
	memo_free(wide);

	/* mva_memo.h: the memoised network solve returns what queue_mva_linearizer returns, on
	 * the miss that fills the slot and on the hit that reads it */
	struct memo *mm = mva_memo_alloc();
	queue_station_t net[5] = { { 2.0, 1, 1, 0 }, { 0.7, 4, 2, 0 }, { 1.3, 1, 1, 0 },
	                           { 0.25, 20, 1, 0 }, { 40.0, 1, 1, 1 } };
	queue_mva_t ref, miss, hit;
	memset(&ref, 0, sizeof ref);
	memset(&miss, 0, sizeof miss);
	memset(&hit, 0, sizeof hit);
	queue_mva_linearizer(net, 5, 37.5, &ref);
	mva_linearizer_memo(mm, net, 5, 37.5, &miss);
	mva_linearizer_memo(mm, net, 5, 37.5, &hit);
	CHECK_INT(memcmp(&miss, &ref, sizeof ref), 0, "mva memo: a miss solves exactly");
	CHECK_INT(memcmp(&hit, &ref, sizeof ref), 0, "mva memo: a hit returns the solve bit for bit");
	net[3].servers = 2;                      /* the same demands, another server count */
	queue_mva_linearizer(net, 5, 37.5, &ref);
	memset(&hit, 0, sizeof hit);
	mva_linearizer_memo(mm, net, 5, 37.5, &hit);
	CHECK_INT(memcmp(&hit, &ref, sizeof ref), 0, "mva memo: a changed server count is another key");
	memo_free(mm);

	M = memo_alloc(256);   /* smaller than the 3500 keys: constant overwrites */
	pthread_t th[4];
	for (int t = 0; t < 4; t++)
		pthread_create(&th[t], NULL, hammer, (void *)(intptr_t)t);
	for (int t = 0; t < 4; t++)
		pthread_join(th[t], NULL);
	int nw = 0, nh = 0;
	for (int t = 0; t < 4; t++) {
		nw += wrong[t];
		nh += hits[t];
	}
	CHECK_INT(nw, 0, "no hit ever returns another key's value, 4 threads x 200000 operations");
	CHECK(nh > 1000, "the memo does hit under contention");
	memo_free(M);
	return check_summary("test_memo");
}
