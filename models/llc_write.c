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

/* [W0] store misses per request, at most the misses */
static double store_misses(double h, double w, double h_w)
{
	double sm = w * (1.0 - h_w);
	return sm < 1.0 - h ? sm : 1.0 - h;
}

double llcw_dirty_share(double h, double w, double h_w)
{
	assert(h >= 0.0 && h <= 1.0 && w >= 0.0 && w <= 1.0 && h_w >= 0.0 && h_w <= 1.0);
	if (!(h < 1.0))
		return 0.0;                          /* no allocation */
	double sm = store_misses(h, w, h_w);
	double a = sm / (1.0 - h);               /* the stores' share of allocating misses */
	double t = h > 0.0 ? (w - sm) / h : 0.0; /* the stores' share of hits */
	t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
	return 1.0 - (1.0 - a) * (1.0 - h) / (1.0 - h + h * t);   /* [W5] 1 - (1 - a) E[(1 - t)^(k-1)], k geometric (IRM) */
}

llcw_rates_t llcw_rates(int policy, double h, double w, double h_w, double run_requests,
                        double bytes_per_req, double cap_bytes)
{
	assert(h >= 0.0 && h <= 1.0 && w >= 0.0 && w <= 1.0 && h_w >= 0.0 && h_w <= 1.0);
	assert(run_requests >= 0.0 && bytes_per_req > 0.0 && cap_bytes > 0.0);
	llcw_rates_t r;
	double miss = 1.0 - h;
	double sm = store_misses(h, w, h_w), lm = miss - sm;        /* [W0] */
	if (policy == LLCW_NONE) {               /* [W1]-[W3] none: store misses written at once */
		r.reads = lm;
		r.waited = miss;
		r.writes = sm;
		return r;
	}
	r.reads = policy == LLCW_LAZY ? lm : miss;                 /* [W1] lazy: store misses read nothing */
	r.waited = lm;                                             /* [W2] load misses */
	double phi = llcw_evicted_share(run_requests * miss * bytes_per_req, cap_bytes);   /* [W4] */
	r.writes = miss * phi * llcw_dirty_share(h, w, h_w);       /* [W3] dirty evictions */
	return r;
}

double llcw_writes_record(double wb_sectors, double run_requests, double bytes_per_req)
{
	assert(wb_sectors >= 0.0 && run_requests > 0.0 && bytes_per_req > 0.0);
	return 32.0 * wb_sectors / (bytes_per_req * run_requests);   /* [W6] */
}
