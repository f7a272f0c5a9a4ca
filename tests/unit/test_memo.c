/* test_memo.c -- the lock-free memo: a hit returns exactly what was stored for that key, a
 * different key never hits, and under four threads hammering a small memo every hit is still
 * right (a torn read must show as a miss, never as a wrong value). */
#include <pthread.h>
#include <stdint.h>

#include "support/check.h"
#include "memo.h"

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
