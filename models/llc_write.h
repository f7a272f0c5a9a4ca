/*
 * llc_write.h -- the LLC's write policy as DRAM traffic: which LLC requests read DRAM, and how
 * much dirty data a write-back LLC writes back to DRAM within the run.
 *
 * The hardware (GPGPU-Sim / Accel-Sim's L2, gpgpu-sim/gpu-cache.cc, data_cache; the tested
 * configurations' -gpgpu_cache:dl2 ...,L:B:m:L:P: write-back 'B', write-allocate policy 'L'):
 *   none  ('N', wr_miss_no_wa)          a store that misses is sent on to DRAM as a write and
 *                                       allocates nothing
 *   fetch ('F', wr_miss_wa_fetch_on_write; 'W', wr_miss_wa_naive)
 *                                       a store that misses reads its sector from DRAM, then
 *                                       the line is allocated and marked modified
 *   lazy  ('L', wr_miss_wa_lazy_fetch_on_read)
 *                                       a store that misses allocates the line and marks the
 *                                       written sectors modified without reading DRAM (a later
 *                                       read of a partly written sector fetches it)
 * Under fetch and lazy an LLC with write-back ('B') writes a line's modified sectors to DRAM
 * only when the line is evicted (the WRITE_BACK_REQUEST_SENT of every *_miss_* function, with
 * evicted.m_modified_size bytes), so a run whose data stays in the LLC writes nothing to DRAM:
 * Accel-Sim's "total dram writes" is 0 on every development run of calibration/accelsim.
 *
 * EQUATIONS, per request the LLC receives: h its hit ratio, w the stores' share of its requests,
 * h_w the stores' own hit ratio (gpu.c LLC WRITE POLICY: from the profile's stores-only sector
 * record; h_w = h when the profile has none), so the store misses are
 *   s_m = min(w (1 - h_w), 1 - h)    and the load misses   l_m = (1 - h) - s_m           [W0]
 *   DRAM reads       none, lazy: l_m            fetch: (1 - h)                          [W1]
 *   waited for       none: (1 - h) (the model's earlier charge, gpu.c)   fetch, lazy: l_m
 *                    (a warp waits for its load misses; a store's fetch and every write are
 *                    posted)                                                            [W2]
 *   DRAM writes      none: s_m, at once (gpu.c's earlier equation; a store hit dirties a
 *                    resident line and its write-back is not counted)
 *                    fetch, lazy: (1 - h) x phi x delta (dirty evictions)               [W3]
 * with
 *   phi   = max(0, 1 - C / A)                                                          [W4]
 *           the share of the run's allocations that are evicted before the run ends: every
 *           miss allocates a line and a full cache evicts one per allocation, so a fully
 *           associative LRU cache of C bytes that allocated A bytes over the run (A = run's
 *           misses x bytes per request, the cache starting empty) evicted max(0, A - C);
 *           exact for full associativity (the footprint is <= C exactly when A <= C)
 *   delta = 1 - (1 - a)(1 - h) / (1 - h + h t)                                         [W5]
 *           the share of evicted lines that are dirty, a = s_m / (1 - h) the stores' share of
 *           the allocating misses, t = (w - s_m) / h their share of the hits: a line stays
 *           resident for its allocating miss and k - 1 hits and is dirty when any of them is a
 *           store.  Under the independent reference model with uniform popularity each next
 *           access to a resident line hits with chance h, so k is geometric (P(k) = (1 - h)
 *           h^(k-1)) and P(clean) = (1 - a) E[(1 - t)^(k-1)] = (1 - a)(1 - h) / (1 - h + h t).
 *           Stores hitting like loads (h_w = h): a = t = w, delta = w / (1 - h + h w);
 *           streaming (h = 0): delta = w, the store misses.
 * Write-back bytes per dirty eviction are taken as the request's bytes b (the modified sectors
 * of a line that one store request wrote).
 * THE WRITE-BACK RECORD.  A profile whose merged ("global") stream carries sector_wb
 * (src/profiling/sector_rec.h sector_rec_hist_global_wb: per sector write, G the largest line
 * stack distance of its line's accesses up to the sector's next write, or to the run's end with
 * the line's final depth) gives the dirty evictions without [W4]'s uniform eviction and [W5]'s
 * independent reference model:
 *   DRAM writes per LLC request = 32 N_wb / (b R_run)                                  [W6]
 *   N_wb = the record's entries with G >= C, C the LLC's lines: the modified sectors a fully
 *          associative LRU LLC of C lines writes back over the run (exact:
 *          tests/unit/test_sector_rec.c against an exact sectored write-back simulation)
 *   R_run the LLC's requests over the run, b bytes per request, 32 B per written-back sector.
 * The order of the stream matters here, which [W4]-[W5] cannot see: a kernel that reads its
 * inputs and writes its outputs last (a one-wave stencil) leaves its dirty lines resident at
 * the end and writes nothing back, where [W4] evicts a share 1 - C / A of every allocation.
 * Used in place of [W3] under fetch and lazy when the record describes the LLC's stream (every
 * SM of the profile computing, no extended LLC: models/gpu.c LLC WRITE POLICY), at the LLC's own
 * lines C = C_llc / 128 B (it evicts at its own capacity, inclusive or not).  Assumed: the merged
 * stream's recency stands for the LLC's; a load that hits its L1 does not refresh the LLC's
 * recency in the hardware, so a line kept hot in the L1s ages in the LLC sooner than the record
 * says (exact when the L1s filter nothing, as for streams and write-through stores).  Set
 * conflicts are not in [W6]: the record is read fully associatively, as the hit ratio of a
 * non-inclusive LLC is read at the hierarchy's capacity (gpu.c INCLUSION).  Smith's binomial
 * model over it (random placement) would charge a 3-way LLC with 1024 sets heavy conflicts on
 * data that GPGPU-Sim's hashed set index spreads evenly (the reference set's 1/16-L2 runs write
 * nothing back); an exact per-set record under the LLC's index function is not built.
 *
 * Assumptions and valid range: the LLC starts empty and is not flushed during the run
 * (GPGPU-Sim keeps its L2 across kernels); the run's allocations A are the model's
 * steady-state misses times the profile's instructions (a multi-kernel profile is one run);
 * h_w (gpu.c) comes from the merged stream's stores-only sector record (never flushed, as the
 * LLC is not) when every SM of the profile computes, else from a per-SM record flushed at every
 * kernel's end, which counts a store to a sector another SM or an earlier kernel left in the
 * LLC as a miss (then [W0]'s load misses are too few); [W5] holds exactly under
 * uniform IRM and streaming
 * in a run of at least two residencies (a line stays about F / (1 - h) accesses, F the
 * footprint); in a shorter one the residencies that end are the short, cleaner ones and [W3]
 * is an upper bound (tests/unit/test_llc_write.c, against an exact write-back LRU simulator,
 * tests/reference/wbsim.c: streaming exact, uniform IRM within 4% over 2+ residencies, an
 * upper bound below); skewed reuse is approximated; partial-sector writes under 'F' and
 * naive write-allocate's extra write-through ('W') are not modelled.
 *
 * Sources: gpgpu-sim_distribution (dev) src/gpgpu-sim/gpu-cache.cc: wr_miss_no_wa,
 * wr_miss_wa_naive, wr_miss_wa_fetch_on_write, wr_miss_wa_lazy_fetch_on_read, rd_miss_base
 * (write-back of a modified victim); gpu-cache.h enum write_allocate_policy_t.  Mattson et al.
 * 1970 (LRU stack: evictions of a fully associative LRU cache).  The independent reference
 * model: King, "Analysis of demand paging algorithms", IFIP 1971.
 */
#ifndef GPUDSE_LLC_WRITE_H
#define GPUDSE_LLC_WRITE_H

/* Write-allocate policies of the LLC (gpu_t.llc_write_alloc). */
#define LLCW_NONE 0   /* no write allocate: a store miss goes to DRAM at once */
#define LLCW_FETCH 1  /* write-allocate, fetch on write; write-back of dirty evictions */
#define LLCW_LAZY 2   /* write-allocate, no fetch (GPGPU-Sim 'L'); write-back of dirty evictions */

/* DRAM traffic per request the LLC receives. */
typedef struct llcw_rates {
	double reads;   /* DRAM reads per LLC request [W1] */
	double waited;  /* of which a warp waits for [W2] */
	double writes;  /* DRAM writes per LLC request [W3] */
} llcw_rates_t;

/* phi [W4]: share of allocations evicted within the run; alloc_bytes A >= 0, cap_bytes C > 0. */
double llcw_evicted_share(double alloc_bytes, double cap_bytes);

/* delta [W5]: share of evicted lines that are dirty; h, w, h_w in [0, 1]. */
double llcw_dirty_share(double h, double w, double h_w);

/* The rates [W0]-[W3] for policy LLCW_*; h, w, h_w in [0, 1]; run_requests: the requests the
 * LLC receives over the run (>= 0); bytes_per_req > 0; cap_bytes > 0. */
llcw_rates_t llcw_rates(int policy, double h, double w, double h_w, double run_requests,
                        double bytes_per_req, double cap_bytes);

/* [W6]: DRAM writes per LLC request from wb_sectors >= 0 sectors written back over a run of
 * run_requests > 0 LLC requests of bytes_per_req > 0 bytes. */
double llcw_writes_record(double wb_sectors, double run_requests, double bytes_per_req);

#endif
