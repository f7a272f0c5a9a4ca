/* llc_write.c -- the LLC's write policy as DRAM traffic; equations in llc_write.h. */
#include "llc_write.h"

#include <assert.h>

double llcw_evicted_share(double alloc_bytes, double cap_bytes)
{
	assert(alloc_bytes >= 0.0 && cap_bytes > 0.0);
	if (!(alloc_bytes > cap_bytes))
		return 0.0;
	return 1.0 - cap_bytes / alloc_bytes;   /* [W4] evictions max(0, A - C) over allocations A */
}

double llcw_dirty_share(double h, double w)
{
	assert(h >= 0.0 && h <= 1.0 && w >= 0.0 && w <= 1.0);
	double den = 1.0 - h + h * w;            /* [W5] 1 - E[(1 - w)^k], k geometric (IRM) */
	return den > 0.0 ? w / den : 0.0;        /* h = 1, w = 0: no allocation, nothing dirty */
}

llcw_rates_t llcw_rates(int policy, double h, double w, double run_requests, double bytes_per_req,
                        double cap_bytes)
{
	assert(h >= 0.0 && h <= 1.0 && w >= 0.0 && w <= 1.0);
	assert(run_requests >= 0.0 && bytes_per_req > 0.0 && cap_bytes > 0.0);
	llcw_rates_t r;
	double miss = 1.0 - h;
	if (policy == LLCW_NONE) {               /* [W1]-[W3] none: store misses written at once */
		r.reads = miss * (1.0 - w);
		r.waited = miss;
		r.writes = miss * w;
		return r;
	}
	r.reads = policy == LLCW_LAZY ? miss * (1.0 - w) : miss;   /* [W1] lazy: store misses read nothing */
	r.waited = miss * (1.0 - w);                              /* [W2] load misses */
	double phi = llcw_evicted_share(run_requests * miss * bytes_per_req, cap_bytes);   /* [W4] */
	r.writes = miss * phi * llcw_dirty_share(h, w);           /* [W3] dirty evictions */
	return r;
}
