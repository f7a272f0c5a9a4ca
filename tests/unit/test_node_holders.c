/*
 * test_node_holders.c -- the candidate-holder directory of the DC-L1 node records
 * (src/profiling/node_holders.h, used by src/profiling/noderec.c):
 *   - the map itself: a zero mask for a new block, the same slot's mask on every later call
 *     across growth (100,000 blocks), and block UINT64_MAX, the table's empty key;
 *   - the records it speeds up stay exact: node miss ratio and replication at 4 ways against
 *     the multi-cache simulator of tests/reference/multicachesim.c (real LRU nodes replayed
 *     access by access) on 160 SMs, so private nodes have 160 domains and the domains beyond
 *     the directory's 128 are searched the untracked way, and on 80 (dcl1-80's count), with
 *     allocate and write-evict nodes.  The records are exact counts, so the bar is 1e-12.
 */
#include "support/check.h"
#include "dcl1.h"
#include "reference/multicachesim.h"
#include "profiling/node_holders.h"
#include "profiling/noderec.h"

#include <stdint.h>
#include <stdio.h>

static void map_cases(void)
{
	node_holders_t *h = node_holders_alloc();
	CHECK(h != NULL, "alloc");
	if (!h)
		return;
	int fresh = 1, kept = 1;
	for (uint64_t b = 0; b < 100000; b++) {
		uint64_t *m = node_holders_mask(h, b * 977);   /* strided ids, as warps make them */
		if (!m || m[0] || m[1])
			fresh = 0;
		else
			m[b % 2] = b + 1;
	}
	for (uint64_t b = 0; b < 100000; b++) {
		uint64_t *m = node_holders_mask(h, b * 977);
		if (!m || m[b % 2] != b + 1 || m[1 - b % 2] != 0)
			kept = 0;
	}
	CHECK(fresh, "a block not seen before has an empty mask");
	CHECK(kept, "every block keeps its own mask across the table's growth");
	uint64_t *m = node_holders_mask(h, UINT64_MAX);
	CHECK(m && m[0] == 0 && m[1] == 0, "block UINT64_MAX (the empty key) starts empty");
	if (m)
		m[1] = 5;
	m = node_holders_mask(h, UINT64_MAX);
	CHECK(m && m[1] == 5, "block UINT64_MAX keeps its mask");
	CHECK(node_holders_bytes(h) >= 100000 * 24, "bytes cover the slots");
	node_holders_free(h);
}

typedef struct org { int org, y, z; } org_t;

static void exact_cases(const set_index_t *ix, int n_sm, int we)
{
	/* node capacities must be powers of two (multicachesim's sets): PrY and ShY+CZ over
	 * domains of 16 SMs */
	const org_t orgs[] = { { DCL1_BASE, 0, 1 }, { DCL1_PR, n_sm / 16, 1 }, { DCL1_SHC, n_sm / 8, n_sm / 16 } };
	enum { NORG = sizeof orgs / sizeof orgs[0] };
	const int cap_core = 32, ways = 4;
	mcs_gen_t gen = { .n_sm = n_sm, .per_sm = 1500, .p_shared = 0.5, .shared_blocks = 600,
	                  .p_local = 0.3, .local_group = 8, .local_blocks = 120, .private_blocks = 40,
	                  .stride = 1, .p_write = we ? 0.1 : 0, .seed = 7 + (unsigned long)n_sm };
	mcs_trace_t t;
	if (mcs_trace_gen(&gen, &t) != 0) {
		CHECK(0, "trace");
		return;
	}
	for (int i = 0; i < NORG; i++) {
		const org_t *o = &orgs[i];
		int group = o->org == DCL1_BASE ? 1 : o->org == DCL1_PR ? n_sm / o->y : n_sm / o->z;
		int homes = o->org == DCL1_SHC ? o->y / o->z : 1;
		long node = o->org == DCL1_BASE ? cap_core : (long)n_sm * cap_core / o->y;
		int k = 0;
		while ((1L << k) * ways < node)
			k++;
		noderec_cfg_t c = { group, homes, 1, SA_IPOLY, k };
		noderec_t *r = noderec_alloc(&c, we ? SS_WRITE_EVICT : SS_ALLOCATE, ix);
		int ok = r != NULL;
		for (size_t a = 0; ok && a < t.n; a++)
			ok = noderec_access(r, (int)t.sm[a], (uint64_t)t.id[a] * (uint64_t)t.stride, t.wr[a]) == 0;
		mcs_org_t mo = { .org = o->org, .y = o->y, .z = o->z, .cap_core = cap_core, .assoc = ways, .gran = 1,
		                 .index = MCS_IPOLY, .write_evict = we };
		mcs_result_t ref;
		char src[160];
		snprintf(src, sizeof src, "multicachesim, %d SMs, org %d Y %d Z %d (%d domains), 4 ways ipoly, %s", n_sm,
		         o->org, o->y, o->z, (n_sm + group - 1) / group, we ? "write-evict" : "allocate");
		if (!ok || mcs_simulate_org(&t, &mo, &ref) != 0) {
			CHECK(0, src);
			noderec_free(r);
			continue;
		}
		profile_nodes_t pn;
		noderec_finish(r, n_sm, &pn);
		double miss = 0;
		for (int d = ways; d <= PROFILE_SA_WAYS; d++)
			miss += pn.hist[d];
		CHECK_NEAR(pn.accesses, ref.accesses, 0, src);
		CHECK_NEAR(miss / pn.accesses, ref.miss_ratio, 1e-12, src);
		CHECK_NEAR(miss > 0 ? pn.repl[ways] / miss : 0, ref.replication, 1e-12, src);
		if (o->org == DCL1_BASE) {    /* many domains, small nodes: copies the search must find */
			CHECK(ref.replication > 0.05, "the private case has replication to find");
		}
		noderec_free(r);
	}
	mcs_trace_free(&t);
}

int main(void)
{
	static set_index_t ix;
	set_index_init(&ix);
	map_cases();
	exact_cases(&ix, 160, 0);
	exact_cases(&ix, 160, 1);
	exact_cases(&ix, 80, 0);
	exact_cases(&ix, 80, 1);
	return check_summary("node_holders");
}
