/*
 * test_l1fill.c -- an allocate-on-fill L1's counted hit ratio (models/gpu.c HIT RATES, ALLOCATE
 * ON FILL; preset l1_alloc_fill) against an exact trace-driven simulation written here of both
 * GPGPU-Sim allocation policies (gpgpu-sim gpu-cache.cc: tag_array::access reserves the line
 * only ON_MISS, a probe of a reserved line is HIT_RESERVED, an ON_FILL miss merges in the MSHR
 * and is counted a MISS, tag_array::fill allocates ON_FILL's line when the fill arrives, with
 * the fill's time as its LRU time).
 *
 * One L1, fully associative LRU of C lines, one request per cycle (request i at cycle i), every
 * fill T cycles after the miss that sent it; requests to the next level counted.
 *  1. C >= the blocks (no capacity miss): h_fill = gpu_l1_fill_hit(h, p) exactly, h and p the
 *     allocate-on-miss L1's hit ratio (HIT + HIT_RESERVED) and pending share (HIT_RESERVED);
 *     the requests sent are the same (traffic unchanged), on a random pool and on a
 *     stencil-like walk whose reuses all come within the fill (p-3dconv's case: h_fill = 0).
 *  2. C smaller than the blocks: the assumption (in-flight lines take no capacity, LRU order of
 *     the accesses) is no longer exact; printed, with gpu_l1_fill_hit a lower bound here (an
 *     allocate-on-fill L1 keeps its filled lines at least as long: no way reserved, a later LRU
 *     time).
 *  3. gpu_l1_fill_hit clamps to [0, 1].
 *  4. In gpu_eval on SM75_RTX2060_S (calibration/accelsim/presets, imported l1_alloc_fill 1)
 *     with its p-3dconv profile: the flag changes metrics.l1_hit by l1_pend and l1_hit_sector by
 *     l1_pend / l1_served, nothing else (IPC, LLC and DRAM traffic, l1_pend identical).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "design.h"
#include "gpu.h"
#include "presets/gpu_json.h"
#include "profiling/profile_json.h"
#include "support/check.h"

#define MAXC 1024

typedef struct {
	long hit, hit_res, miss, req;
} counts_t;

/* allocate on miss: a line per block, its fill time and LRU time */
static counts_t sim_on_miss(const unsigned *b, long n, int C, long T)
{
	unsigned tag[MAXC];
	long fill[MAXC], last[MAXC];
	int used = 0;
	counts_t c = { 0, 0, 0, 0 };
	for (long t = 0; t < n; t++) {
		int k = -1;
		for (int i = 0; i < used; i++)
			if (tag[i] == b[t]) {
				k = i;
				break;
			}
		if (k >= 0) {
			if (fill[k] <= t)
				c.hit++;
			else
				c.hit_res++;            /* HIT_RESERVED: merges in the MSHR */
			last[k] = t;
			continue;
		}
		c.miss++;
		c.req++;
		if (used < C) {
			k = used++;
		} else {                            /* LRU among the lines not reserved */
			for (int i = 0; i < used; i++)
				if (fill[i] <= t && (k < 0 || last[i] < last[k]))
					k = i;
			if (k < 0) {                    /* every line reserved: not in these traces */
				fprintf(stderr, "sim_on_miss: every line reserved\n");
				exit(2);
			}
		}
		tag[k] = b[t];
		fill[k] = t + T;
		last[k] = t;
	}
	return c;
}

/* allocate on fill: lines hold filled blocks only; the MSHR holds the blocks in flight */
static counts_t sim_on_fill(const unsigned *b, long n, int C, long T)
{
	unsigned tag[MAXC], mtag[MAXC];
	long last[MAXC], mfill[MAXC];
	int used = 0, inflight = 0;
	counts_t c = { 0, 0, 0, 0 };
	for (long t = 0; t < n; t++) {
		/* the fills due by cycle t, in the order they arrive (sent in order, same T) */
		while (inflight > 0 && mfill[0] <= t) {
			int k = -1;
			if (used < C) {
				k = used++;
			} else {
				for (int i = 0; i < used; i++)
					if (k < 0 || last[i] < last[k])
						k = i;
			}
			tag[k] = mtag[0];
			last[k] = mfill[0];             /* allocated at the fill's time */
			memmove(mtag, mtag + 1, (size_t)(inflight - 1) * sizeof *mtag);
			memmove(mfill, mfill + 1, (size_t)(inflight - 1) * sizeof *mfill);
			inflight--;
		}
		int k = -1;
		for (int i = 0; i < used; i++)
			if (tag[i] == b[t]) {
				k = i;
				break;
			}
		if (k >= 0) {
			c.hit++;
			last[k] = t;
			continue;
		}
		c.miss++;                           /* counted a miss, merged or sent */
		int merged = 0;
		for (int i = 0; i < inflight; i++)
			merged |= mtag[i] == b[t];
		if (!merged) {
			if (inflight >= MAXC) {
				fprintf(stderr, "sim_on_fill: MSHR full\n");
				exit(2);
			}
			mtag[inflight] = b[t];
			mfill[inflight++] = t + T;
			c.req++;
		}
	}
	return c;
}

static unsigned long long rng_state = 88172645463325252ULL;
static unsigned rnd(unsigned n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (unsigned)(rng_state % n);
}

/* One trace through both policies; exact: case 1 (assert equality), else case 2 (lower bound). */
static void compare(const char *what, const unsigned *b, long n, int C, long T, int exact)
{
	counts_t m = sim_on_miss(b, n, C, T), f = sim_on_fill(b, n, C, T);
	double h = (double)(m.hit + m.hit_res) / n, p = (double)m.hit_res / n, hf = (double)f.hit / n;
	double model = gpu_l1_fill_hit(h, p);
	printf("%-34s C %4d T %3ld: on miss h %.4f (pending %.4f), on fill %.4f, h - p %.4f, requests %ld / %ld\n", what, C,
	       T, h, p, hf, model, m.req, f.req);
	char src[160];
	if (exact) {
		snprintf(src, sizeof src, "%s: on fill = h - p (exact simulation, no capacity miss)", what);
		CHECK_NEAR(hf, model, 1e-12, src);
		snprintf(src, sizeof src, "%s: the same requests sent under both policies", what);
		CHECK_INT(f.req, m.req, src);
		snprintf(src, sizeof src, "%s: every merged miss is an on-miss pending hit", what);
		CHECK_INT(f.miss - f.req, m.hit_res, src);
	} else {
		snprintf(src, sizeof src, "%s: h - p a lower bound when the capacity binds", what);
		CHECK(hf >= model - 1e-12, src);
	}
}

static void test_simulation(void)
{
	enum { N = 20000 };
	static unsigned b[N];
	/* 1a: a stream of new blocks (one request in 4) each reused at random among the 16 newest:
	 * misses followed by short reuses, some inside the fill, some after; the lines evicted
	 * (the oldest) are never reused */
	unsigned next = 0;
	for (long i = 0; i < N; i++)
		b[i] = (rnd(4) == 0 || next < 16) ? next++ : next - 1 - rnd(16);
	compare("new blocks reused among the 16 newest", b, N, MAXC, 30, 1);
	compare("the same, fills 3", b, N, MAXC, 3, 1);
	compare("the same, fills 120", b, N, MAXC, 120, 1);
	/* a random pool of 48 blocks in 64 lines */
	for (long i = 0; i < N; i++)
		b[i] = rnd(48);
	compare("random pool of 48", b, N, 64, 30, 1);
	/* 1b: stencil-like walk: step s touches blocks s, s + 1, s + 2 (three neighbours, as
	 * p-3dconv's rows), so every reuse comes within 6 requests and no block is used after
	 * it leaves the walk: the lines evicted are never reused (no capacity miss) */
	long n = 0;
	for (unsigned s = 0; n + 3 <= N; s++)
		for (unsigned d = 0; d < 3; d++)
			b[n++] = s + d;
	compare("stencil walk, reuses inside the fill", b, n, MAXC, 40, 1);
	counts_t f = sim_on_fill(b, n, MAXC, 40);
	CHECK(f.hit < n / 100, "stencil walk with every reuse inside the fill: (almost) no counted hit (p-3dconv's 0%)");
	compare("stencil walk, fills 2", b, n, MAXC, 2, 1);
	/* 2: capacity binding: a random pool of 400 blocks in 128 lines */
	for (long i = 0; i < N; i++)
		b[i] = rnd(400);
	compare("random pool of 400 in 128 lines", b, N, 128, 30, 0);
	for (long i = 0; i < N; i++)   /* a hot set of 64 and a cold tail of 2000 */
		b[i] = rnd(4) ? rnd(64) : 64 + rnd(2000);
	compare("hot 64 + cold 2000 in 128 lines", b, N, 128, 30, 0);
}

static void test_clamp(void)
{
	CHECK_NEAR(gpu_l1_fill_hit(0.7, 0.2), 0.5, 1e-15, "h - p");
	CHECK_NEAR(gpu_l1_fill_hit(0.1, 0.3), 0.0, 0.0, "clamped at 0");
	CHECK_NEAR(gpu_l1_fill_hit(0.4, -0.1), 0.4, 0.0, "a negative share counts 0");
	CHECK_NEAR(gpu_l1_fill_hit(1.2, 0.0), 1.0, 0.0, "clamped at 1");
}

static void test_in_gpu_eval(void)
{
	char gp[1200], pp[1200];
	snprintf(gp, sizeof gp, "%s/calibration/accelsim/presets/SM75_RTX2060_S.json", gpudse_root());
	snprintf(pp, sizeof pp, "%s/calibration/accelsim/profiles/SM75_RTX2060_S/p-3dconv.json", gpudse_root());
	gpu_t g;
	profile_t p;
	memset(&p, 0, sizeof p);
	if (gpu_load(gp, &g) || profile_load(pp, &p)) {
		CHECK(0, "SM75_RTX2060_S and its p-3dconv profile load");
		return;
	}
	CHECK_INT(g.l1_alloc_fill, 1, "imported from -gpgpu_cache:dl1 ...,L:L:s:N:L,... without the adaptive carve-out");
	metrics_t m[2];
	for (int f = 0; f <= 1; f++) {
		g.l1_alloc_fill = f;
		const char *why = NULL;
		wctx_t *w = wctx_alloc(&g, &p, &why);
		CHECK(w != NULL, "wctx_alloc");
		if (!w)
			break;
		design_t d;
		design_default(&d);
		memset(&m[f], 0, sizeof m[f]);
		CHECK(gpu_eval(&g, &d, w, &m[f], &why) == 0, "gpu_eval");
		wctx_free(w);
	}
	printf("p-3dconv on SM75_RTX2060_S: l1_hit %.4f -> %.4f, l1_hit_sector %.4f -> %.4f, l1_pend %.4f\n", m[0].l1_hit,
	       m[1].l1_hit, m[0].l1_hit_sector, m[1].l1_hit_sector, m[1].l1_pend);
	CHECK(m[1].l1_pend > 0.0, "the profile has pending hits on this preset");
	CHECK_NEAR(m[1].l1_hit, m[0].l1_hit - m[0].l1_pend, 1e-12, "l1_hit less the pending share");
	CHECK_NEAR(m[1].l1_hit_sector, m[0].l1_hit_sector - m[0].l1_pend / m[0].l1_served, 1e-12,
	           "l1_hit_sector less the pending share per served access");
	CHECK(m[1].ipc == m[0].ipc && m[1].llc_apki == m[0].llc_apki && m[1].dram_bpki == m[0].dram_bpki &&
	      m[1].l1_pend == m[0].l1_pend && m[1].llc_hit == m[0].llc_hit && m[1].energy_j == m[0].energy_j,
	      "only the counted L1 hit ratios change: IPC, traffic, pending share and energy identical");
	profile_free(&p);
}

int main(void)
{
	test_simulation();
	test_clamp();
	test_in_gpu_eval();
	return check_summary("l1fill");
}
