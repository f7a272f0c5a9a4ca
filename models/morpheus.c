/*
 * morpheus.c -- Morpheus: cache-mode SMs as an extended LLC (paper 000, MICRO 2022).
 *
 * CAPACITY PER CACHE-MODE SM (§4.2.1 Fig. 8, §4.2.2, §5 Fig. 11(a))
 *   The RF holds W_r = rf_kib x 1024 / 128 warp registers (32 threads x 4 B; 2048 on the RTX
 *   3080).  The kernel runs r RF warps and l L1 warps, one extended set per warp.  L1 warps keep
 *   no data in the RF, only a_l registers of execution context; each RF warp gets
 *     (L1) R = min(R_max, floor((W_r - l a_l) / r)) registers per thread,
 *   and its set has the largest w blocks with
 *     (L2) ceil(w rho) + ceil(w / 32) + ceil(w (c4 + c2) / 32) + a_r <= R,
 *   data-array registers (rho = c4/4 + c2/2 + c1 with BDI compression, §4.3.1 Fig. 9; rho = 1
 *   without), one metadata register per 32 blocks (thread i holds block i's tag/LRU/valid/dirty,
 *   Fig. 8), one register of BDI bases per 32 compressed blocks (§4.3.1: "we store the base
 *   segments of compressed blocks in auxiliary registers"), and a_r auxiliary registers.
 *     (L3) capacity = r w 128 B + (l > 0 ? l1_shmem_kib : 0) (the kernel takes all of L1, §5).
 *   Inferred constants (they reproduce every figure of the paper):
 *     R_max = 256 (§5: "the maximum number of registers per thread (i.e., 256)"; the preset's
 *             architectural 255 rounded up to the allocation granule of 8 registers);
 *     a_r = 9:  48 warps -> R = floor(2048/48) = 42 = 32 data + 1 metadata + 9 auxiliary,
 *               48 x 32 x 128 B = 192 KiB (§4.2.1: 42 registers per warp, 48 sets x 32 ways);
 *               8 warps -> R = 256: w = 239 (239 + 8 metadata + 9 = 256), 8 x 239 x 128 B =
 *               239 KiB (§5); 16 and 32 warps give 230 and 212 KiB, decreasing as §5 says;
 *     a_l = 6:  32 RF + 16 L1 warps -> R = floor((2048 - 96) / 32) = 61, w = 50
 *               (50 + 2 + 9 = 61): 200 KiB + 128 KiB L1 = 328 KiB (§5).  (a_l = 5 gives the
 *               same; a_l = 9 would give 320 KiB.)
 *   Implementations (§5 "Combining different extended LLC versions"): RF = 48 RF warps
 *   (192 KiB), RF+L1 = 32 RF + 16 L1 warps (328 KiB), L1 = 48 L1 warps (128 KiB).
 *
 * LATENCY, BANDWIDTH, ENERGY (§5)
 *   RF+L1: 185 ns, 34 GB/s per SM, 61 pJ/B (§5 end).  RF, 48 warps: 37 GB/s, 53 pJ/B (§5).
 *   L1: bandwidth 97 GB/s ideal / 3.5 = 27.7 GB/s (§5, the NoC-free measurement); energy from
 *   the RF+L1 figure as the capacity-weighted mix of RF and L1: e_L1 = (61 - s 53) / (1 - s),
 *   s = 200/328 = 73.5 pJ/B.
 *   (Q1) Each kernel warp serves one request at a time (§4.1.3, §4.2.3), so by Little's law an
 *   SM of W warps moves W x 128 B per request time t: bw = W 128 B / t (the RF+L1 pair of §5,
 *   185 ns and 34 GB/s, satisfies it: tests/unit/test_morpheus.c).  The text gives no latency
 *   for RF or L1 alone (Fig. 11(b) is not in the text), so (Q1) derives them from their
 *   bandwidths: t_RF = 48 x 128 / 37 = 166 ns, t_L1 = 48 x 128 / 27.7 = 222 ns.
 *   Assumption: the NoC round trip, not the kernel's instructions, sets t (§5 gives 290 GB/s
 *   as the RF's ideal bandwidth and 37 GB/s with the NoC).  Each SM is one server of service u = 128 B / bw; when Indirect-MOV
 *   or decompression change the per-request time t, u scales with it (Q1).
 *
 * ADDRESS SEPARATION (§4.1.1, §4.2 intro)
 *   A share e = C_ext / (C_ext + C_conv) of the LLC requests (raw capacities: the split is a
 *   static set-number range) goes to the extended LLC; inside it, RF and L1 sets split in
 *   proportion to their raw capacities (s_rf = rf_bytes / bytes).  Each part is a cache over a
 *   uniformly hashed share of the stream, so by the partition property (models/reuse.h)
 *     (A1) H_conv = H(C_conv / (1 - e)),  H_rf = H(C_rf_eff / (e s_rf)),  H_l1 = H(C_l1 / (e (1 - s_rf)))
 *   with H(C) = wctx_llc_hit(w, n_compute, C) (the merged stream of the compute SMs at the LLC
 *   associativity).  Uncompressed, every part hits like one cache of the total capacity.
 *     (A2) each part receives only L1 misses: its hit ratio is the local one,
 *          gpu_local_hit(H, h1) = (H - h1) / (1 - h1) (inclusion, as gpu.c does for the LLC).
 *     (A3) under the preset's LLC inclusion policy (gpu.c INCLUSION) the hierarchy reaches
 *          C_h = gpu_hierarchy_bytes over C_conv + C_ext_eff; every part's capacity in (A1) is
 *          scaled by k = C_h / (C_conv + C_ext_eff) (k = 1 inclusive).  The predictor's per-set
 *          distances (P1) keep the unscaled capacities.
 *
 * HIT/MISS PREDICTOR (§4.1.2)
 *   none: every extended miss is forwarded (p_fwd = 1); perfect: none (p_fwd = 0); bloom: the
 *   two-filter chain of models/bfpred.c per set type, with per-set stack distances from the
 *   scaled stream: a set of a part with S sets over a request share f sees
 *     (P1) P(D_set >= x) = 1 - H(x S B / f)   (B = 128 B: x blocks per set ~ x S / f blocks of
 *          the whole stream; exact at x = ways, where it gives the part's miss ratio)
 *   p_fwd = sum_part s_part (1 - H_part) fp_part / sum_part s_part (1 - H_part).
 *   A forwarded miss pays miss_extra = 773 - 608 = 165 ns (§4.1.2 Fig. 5: NoC round trip +
 *   software tag lookup); a predicted miss goes to DRAM like a conventional miss.
 *
 * QUEUEING (the GPU model's closed network, models/gpu.c)
 *   Per extended request: lookups L = H_ext + (1 - H_ext) p_fwd at a cache-mode SM; fills
 *   F = 1 - H_ext (every miss inserts its block, Fig. 6 step 5).  Station "mor_ext": visits
 *   e L per L1 miss, copies n_cache, service u (L + F) / L with u = 128 B / bw (fills occupy the
 *   SM's NoC port too), fixed delay H_ext (t_hit - u) / L.  t_hit = lat_ns[impl]
 *   - imov_save_ns x (RF share of hits) (Indirect-MOV, §4.3.2: one native instruction instead
 *   of brx.idx + MOV + return) + comp_lat_ns x (compressed RF hits), and u scales by
 *   t_hit / lat_ns[impl] (Q1): a shorter request frees its warp sooner.  memsys.ext_miss_extra =
 *   p_fwd x 165 ns (gpu.c charges it per extended miss).
 *   NoC (§4.1, Fig. 4): each lookup crosses the NoC twice more (controller -> SM, SM ->
 *   controller).  The SM-bound leg is in the SM's service (its port is the bottleneck, §5); the
 *   reply lands on the LLC-side ports: noc_service_req += e (H_ext d + (1 - H_ext) p_fwd) t_f,
 *   d = ceil(128 / flit) data flits, a miss reply one flit, t_f = core cycles per flit.
 *
 * ENERGY, POWER, AREA (§5, §7.5)
 *   e_pj_per_inst[EXT] += m1 e (H_ext 128 + (1 - H_ext) p_fwd msg + F 128) E_B, with E_B the
 *   impl's pJ/B (it includes the cache-mode SM, the NoC and the LLC bank, §5).  Cache-mode SMs
 *   stay powered (gpu.c's static power counts every SM not gated).  Controller: power
 *   0.93% x 320 W x partitions / 10 (§7.5); storage 32 B x 2 x sets per partition (16 KiB) +
 *   5 KiB query unit = 21 KiB per partition (§4.1.2, §7.5), area as SRAM (models/area.h).
 *   Sets per partition: the next power of two of floor(0.75 n_sm) x warps / partitions
 *   (RTX 3080: 51 x 48 = 2448 sets, 245 -> 256 per partition, §4.1.3).
 *   Fair baseline (§6): BL with the controller storage in its LLC: llc_scale = 1 + 21 KiB x
 *   partitions / llc_kib (RTX 3080: 1 + 210/5120).
 *
 * WHAT morpheus_apply EDITS IN memsys_t (what explain shows): ext_frac, ext_bytes (after
 *   compression), ext_hit, ext_miss_extra, llc_hit (the conventional part's local hit ratio),
 *   noc_service_req (+ the replies' flits), one station "mor_ext" (CPI_EXT, n_cache copies),
 *   e_pj_per_inst[EC_EXT], p_static_w[EC_EXT] (controller), area_mm2[EC_EXT] (controller
 *   storage).  Nothing when mor_cache_sms == 0.  The predictor's counter chains and the
 *   layouts are per workload (ctx); per design point, the Bloom predictor's chain runs per set
 *   type (memoised per workload).
 *
 * Valid range / assumptions: one kernel per cache-mode SM using every warp slot; L1-resident
 * sets behave as LRU sets of l1_ways blocks for the predictor; compression shares from the
 * profile (has_comp; without them compression changes nothing); dirty write-backs from the
 * extended LLC are not modelled (as for the conventional LLC in gpu.c).
 */
#include "morpheus.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "area.h"
#include "memo.h"

void morpheus_params_default(const gpu_t *g, mor_params_t *p)
{
	memset(p, 0, sizeof *p);
	int w = g->warps_per_sm > 0 ? g->warps_per_sm : 48;
	p->rf_warps[MOR_RF] = w;                 /* §5: RF with 48 warps */
	p->l1_warps[MOR_RF] = 0;
	p->rf_warps[MOR_RF_L1] = 2 * w / 3;      /* §5: 32 RF + 16 L1 warps */
	p->l1_warps[MOR_RF_L1] = w - 2 * w / 3;
	p->rf_warps[MOR_L1] = 0;
	p->l1_warps[MOR_L1] = w;
	int mr = g->max_regs_per_thread > 0 ? g->max_regs_per_thread : 255;
	p->max_regs = (mr + 7) / 8 * 8;          /* §5: 256 (255 rounded to the 8-register granule) */
	p->aux_rf = 9;                           /* inferred, header (L2) */
	p->aux_l1 = 6;                           /* inferred, header (L2) */
	p->block_bytes = 128;                    /* §4.2.1 */
	p->lat_ns[MOR_RF_L1] = 185.0;            /* §5 */
	p->bw_gbps[MOR_RF_L1] = 34.0;            /* §5 */
	p->e_pj_per_byte[MOR_RF_L1] = 61.0;      /* §5 */
	p->bw_gbps[MOR_RF] = 37.0;               /* §5 */
	p->e_pj_per_byte[MOR_RF] = 53.0;         /* §5 */
	p->lat_ns[MOR_RF] = 48 * 128.0 / 37.0;   /* (Q1) Little's law: 166 ns */
	/* L1 alone: bandwidth 97 GB/s ideal / 3.5 (§5); energy: the RF+L1 mix minus its RF part,
	 * weighted by the RTX 3080 capacities of §5 (200 KiB RF, 128 KiB L1) */
	double s = 200.0 / 328.0;
	p->bw_gbps[MOR_L1] = 97.0 / 3.5;
	p->lat_ns[MOR_L1] = 48 * 128.0 / p->bw_gbps[MOR_L1];   /* (Q1): 222 ns */
	p->e_pj_per_byte[MOR_L1] = (61.0 - s * 53.0) / (1.0 - s);
	p->miss_extra_ns = 773.0 - 608.0;        /* §4.1.2 Fig. 5 */
	p->imov_save_ns = 30.0;                  /* assumed: two branches (brx.idx, return) of ~25 cycles each at 1.7 GHz */
	p->comp_lat_ns = 5.0;                    /* assumed: BDI base + delta, a few ALU instructions */
	p->msg_bytes = 32.0;                     /* one flit */
	p->bf_bytes = 32;                        /* §4.1.2 */
	p->bf_hashes = 2;                        /* assumed */
	p->max_cache_frac = 0.75;                /* §4.1.3 */
	p->query_kib = 5.0;                      /* §4.1.3, §7.5 */
	p->ctrl_power_frac = 0.0093;             /* §7.5 */
	p->ref_power_w = 320.0;                  /* RTX 3080 board power (NVIDIA specification) */
	p->ref_partitions = 10;                  /* Morpheus Table 1 / §4.1.3 */
}

int morpheus_rf_set(int regs, int aux, const double *comp, mor_rf_set_t *out)
{
	double c4 = comp ? comp[0] : 0.0, c2 = comp ? comp[1] : 0.0, c1 = comp ? comp[2] : 1.0;
	double tot = c4 + c2 + c1;
	if (!(tot > 0.0)) {
		c4 = c2 = 0.0;
		c1 = tot = 1.0;
	}
	c4 /= tot; c2 /= tot; c1 /= tot;
	double rho = c4 / 4.0 + c2 / 2.0 + c1;   /* registers per block, §4.3.1 Fig. 9 */
	memset(out, 0, sizeof *out);
	out->regs = regs;
	out->aux_regs = aux;
	int best = 0;
	/* (L2): the register count grows with w, so scan upward until it no longer fits */
	for (int w = 1; w <= 4 * regs + 4; w++) {
		int data = (int)ceil(w * rho - 1e-9);
		int meta = (w + 31) / 32;
		int base = (int)ceil(w * (c4 + c2) / 32.0 - 1e-9);
		if (data + meta + base + aux > regs)
			break;
		best = w;
		out->data_regs = data;
		out->meta_regs = meta;
		out->base_regs = base;
	}
	out->ways = best;
	return best > 0 ? 0 : -1;
}

int morpheus_layout(const gpu_t *g, const mor_params_t *p, int rf_warps, int l1_warps,
                    const double *comp, mor_layout_t *out)
{
	memset(out, 0, sizeof *out);
	if (rf_warps < 0 || l1_warps < 0 || rf_warps + l1_warps < 1)
		return -1;
	out->rf_warps = rf_warps;
	out->l1_warps = l1_warps;
	out->sets = rf_warps + l1_warps;
	out->warp_regs = g->rf_kib * 1024.0 / (32.0 * 4.0);   /* 128 B warp registers */
	double left = out->warp_regs - (double)l1_warps * p->aux_l1;
	if (left < 0.0)
		return -1;
	if (rf_warps > 0) {
		int r = (int)floor(left / rf_warps);              /* (L1) */
		if (r > p->max_regs)
			r = p->max_regs;
		if (morpheus_rf_set(r, p->aux_rf, NULL, &out->rf) != 0)
			return -1;
		if (morpheus_rf_set(r, p->aux_rf, comp, &out->rf_comp) != 0)
			return -1;
		out->rf_bytes = (double)rf_warps * out->rf.ways * p->block_bytes;        /* (L3) */
		out->rf_bytes_eff = (double)rf_warps * out->rf_comp.ways * p->block_bytes;
	}
	if (l1_warps > 0) {
		out->l1_bytes = g->l1_shmem_kib * 1024.0;         /* §5: all of L1/shared memory */
		out->l1_ways = (int)(out->l1_bytes / p->block_bytes / l1_warps);
	}
	out->bytes = out->rf_bytes + out->l1_bytes;
	out->bytes_eff = out->rf_bytes_eff + out->l1_bytes;
	return 0;
}

int morpheus_layout_impl(const gpu_t *g, const mor_params_t *p, int impl, const double *comp,
                         mor_layout_t *out)
{
	if (impl < 0 || impl >= MOR_NIMPL)
		return -1;
	return morpheus_layout(g, p, p->rf_warps[impl], p->l1_warps[impl], comp, out);
}

int morpheus_max_cache_sms(const gpu_t *g, const mor_params_t *p)
{
	return (int)floor(p->max_cache_frac * g->n_sm + 1e-9);          /* §4.1.3: 75% */
}

int morpheus_max_sets(const gpu_t *g, const mor_params_t *p)
{
	return morpheus_max_cache_sms(g, p) * g->warps_per_sm;         /* §4.1.3: 2448 */
}

int morpheus_sets_per_partition(const gpu_t *g, const mor_params_t *p)
{
	int parts = g->llc_partitions > 0 ? g->llc_partitions : 1;
	int share = (morpheus_max_sets(g, p) + parts - 1) / parts;     /* 245 on the RTX 3080 */
	int s = 1;
	while (s < share)
		s *= 2;                                                     /* §4.1.3: "about 256" */
	return s;
}

double morpheus_bf_kib(const gpu_t *g, const mor_params_t *p)
{
	return p->bf_bytes * 2.0 * morpheus_sets_per_partition(g, p) / 1024.0;   /* §4.1.2: 16 KiB */
}

double morpheus_ctrl_kib(const gpu_t *g, const mor_params_t *p)
{
	return morpheus_bf_kib(g, p) + p->query_kib;                   /* §7.5: 21 KiB */
}

double morpheus_fair_llc_scale(const gpu_t *g, const mor_params_t *p)
{
	return 1.0 + morpheus_ctrl_kib(g, p) * g->llc_partitions / g->llc_kib;  /* §6 BL */
}

/* ---- per-workload context -------------------------------------------------------------- */

static int ctx_fill(const gpu_t *g, const profile_t *prof, const mor_params_t *par, mor_ctx_t *c)
{
	if (par)
		c->par = *par;
	else
		morpheus_params_default(g, &c->par);
	c->has_comp = prof && prof->has_comp;
	if (c->has_comp)
		memcpy(c->comp, prof->comp_frac, sizeof c->comp);
	else {
		c->comp[0] = c->comp[1] = 0.0;
		c->comp[2] = 1.0;
	}
	for (int i = 0; i < MOR_NIMPL; i++)
		for (int z = 0; z < 2; z++) {
			mor_layout_t *L = &c->lay[i][z];
			if (morpheus_layout_impl(g, &c->par, i, z ? c->comp : NULL, L) != 0)
				continue;
			int arf = z ? L->rf_comp.ways : L->rf.ways;
			if (L->rf_warps > 0 && arf >= 1) {
				if (arf > BFPRED_MAX_ASSOC)
					arf = BFPRED_MAX_ASSOC;
				c->ph_rf[i][z] = malloc(sizeof(bfpred_phase_t));
				if (!c->ph_rf[i][z])
					return -1;
				bfpred_phase_init(c->ph_rf[i][z], arf, 8 * c->par.bf_bytes, c->par.bf_hashes);
			}
			if (L->l1_warps > 0 && L->l1_ways >= 1) {
				int a = L->l1_ways > BFPRED_MAX_ASSOC ? BFPRED_MAX_ASSOC : L->l1_ways;
				c->ph_l1[i][z] = malloc(sizeof(bfpred_phase_t));
				if (!c->ph_l1[i][z])
					return -1;
				bfpred_phase_init(c->ph_l1[i][z], a, 8 * c->par.bf_bytes, c->par.bf_hashes);
			}
		}
	return 0;
}

void morpheus_ctx_free(mor_ctx_t *c)
{
	if (!c)
		return;
	for (int i = 0; i < MOR_NIMPL; i++)
		for (int z = 0; z < 2; z++) {
			free(c->ph_rf[i][z]);
			free(c->ph_l1[i][z]);
		}
	memo_free(c->pred_memo);
	free(c);
}

mor_ctx_t *morpheus_ctx_alloc(const gpu_t *g, const profile_t *p, const mor_params_t *par)
{
	mor_ctx_t *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->pred_memo = memo_alloc(8192);
	if (!c->pred_memo || ctx_fill(g, p, par, c) != 0) {
		morpheus_ctx_free(c);
		return NULL;
	}
	return c;
}

int morpheus_check(const gpu_t *g, const design_t *d, const char **why)
{
	if (d->mor_impl < 0 || d->mor_impl >= MOR_NIMPL) {
		*why = "mor_impl must be rf, rf_l1 or l1";
		return -1;
	}
	if (d->mor_pred < 0 || d->mor_pred >= MOR_NPRED) {
		*why = "mor_pred must be none, bloom or perfect";
		return -1;
	}
	if (d->mor_cache_sms < 0) {
		*why = "mor_cache_sms must be >= 0";
		return -1;
	}
	if (d->mor_cache_sms > (int)floor(0.75 * g->n_sm + 1e-9)) {  /* §4.1.3 */
		*why = "mor_cache_sms exceeds 75% of the SMs (Morpheus §4.1.3)";
		return -1;
	}
	return 0;
}

/* ---- per design point ------------------------------------------------------------------ */

/* Survival of the per-set stack distance (header P1) into s[0..n-1]: a set of a part whose
 * whole-stream capacity per set-block is `bytes_per_way` (= S x 128 / f). */
static double surv1(const wctx_t *w, int n_active, double h1, double bytes)
{
	return 1.0 - gpu_local_hit(wctx_llc_hit(w, n_active, bytes), h1);   /* (P1), (A2) */
}

/* (P1) over the L1-filtered stream (A2), x = 0 .. n-1 set-blocks; evaluated every `step`
 * points beyond 16 (step = x / 16, at most 8) and linearly interpolated in between: the hit
 * curve is smooth on that scale (step / x <= 1/16). */
static void set_surv(const wctx_t *w, int n_active, double h1, double bytes_per_way, double *s,
                     int n)
{
	s[0] = 1.0;
	int x = 0;
	while (x < n - 1) {
		int step = x < 16 ? 1 : x / 16 > 8 ? 8 : x / 16;
		int nx = x + step < n - 1 ? x + step : n - 1;
		s[nx] = surv1(w, n_active, h1, nx * bytes_per_way);
		for (int j = x + 1; j < nx; j++)
			s[j] = s[x] + (s[nx] - s[x]) * (j - x) / (nx - x);
		x = nx;
	}
}

static void predict_eval(const wctx_t *w, int n_active, double h1, const bfpred_phase_t *ph,
                         double bytes_per_way, bfpred_result_t *r)
{
	double s[2 * BFPRED_MAX_STEPS + 2];
	int n = bfpred_surv_len(ph);
	if (n > (int)(sizeof s / sizeof s[0]))
		n = (int)(sizeof s / sizeof s[0]);
	set_surv(w, n_active, h1, bytes_per_way, s, n);
	bfpred_eval(ph, s, n, r);
}

/* predict_eval through the per-workload memo: a sweep asks the same question for every
 * point that differs only in knobs the predictor does not see (the chain is the costly part). */
static void predict(const mor_ctx_t *ctx, const wctx_t *w, int n_active, double h1,
                    const bfpred_phase_t *ph, double bytes_per_way, bfpred_result_t *r)
{
	double key[4] = { (double)(uintptr_t)ph, n_active, h1, bytes_per_way };
	double v[9];
	if (ctx->pred_memo && memo_get(ctx->pred_memo, key, 4, v, 9)) {
		*r = (bfpred_result_t){ v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], (int)v[8] };
		return;
	}
	predict_eval(w, n_active, h1, ph, bytes_per_way, r);
	if (ctx->pred_memo) {
		double o[9] = { r->fp_rate, r->fp_stale, r->fp_hash, r->fn_rate, r->miss_rate,
			r->mean_bf1, r->mean_T, r->phase_accesses, r->truncated };
		memo_put(ctx->pred_memo, key, 4, o, 9);
	}
}

void morpheus_eval(const gpu_t *g, const design_t *d, const wctx_t *w, const mor_ctx_t *ctx,
                   memsys_t *m, mor_eval_t *out)
{
	mor_eval_t loc;
	mor_eval_t *o = out ? out : &loc;
	memset(o, 0, sizeof *o);
	if (d->mor_cache_sms <= 0)
		return;                                  /* Morpheus off: memsys untouched */
	mor_ctx_t *tmp = NULL;
	if (!ctx) {
		tmp = morpheus_ctx_alloc(g, w->p, NULL);
		if (!tmp)
			return;
		ctx = tmp;
	}
	const mor_params_t *p = &ctx->par;
	int impl = d->mor_impl, z = d->mor_compress && ctx->has_comp;
	const mor_layout_t *L = &ctx->lay[impl][z];
	o->on = 1;
	o->compress_used = z;
	o->lay = *L;
	o->n_cache = d->mor_cache_sms;
	o->n_compute = m->n_compute;
	int n_act = m->n_compute;
	double B = p->block_bytes;

	/* address separation (A1) */
	o->conv_bytes = m->llc_bytes;
	o->ext_bytes = o->n_cache * L->bytes;
	o->ext_bytes_eff = o->n_cache * L->bytes_eff;
	double e = o->ext_bytes / (o->ext_bytes + o->conv_bytes);           /* §4.1.1 */
	o->ext_frac = e;
	o->rf_share = L->bytes > 0.0 ? L->rf_bytes / L->bytes : 0.0;        /* §4.2 */
	double srf = o->rf_share, sl1 = 1.0 - srf;
	double h1 = m->l1_hit;
	/* (A3) the preset's LLC inclusion (gpu.c INCLUSION): the hierarchy over conventional +
	 * extended LLC reaches k times their capacity; the L1s' distinct lines spread over the
	 * address partitions like the requests, so every part's capacity scales by k (1 inclusive) */
	memsys_t mh = *m;
	mh.llc_bytes = o->conv_bytes + o->ext_bytes_eff;
	double k = gpu_hierarchy_bytes(g, &mh, w) / mh.llc_bytes;
	o->llc_hit = gpu_local_hit(wctx_llc_hit(w, n_act, k * o->conv_bytes / (1.0 - e)), h1);  /* (A1-A3) */
	double rf_eff = o->n_cache * L->rf_bytes_eff, l1b = o->n_cache * L->l1_bytes;
	o->ext_hit_rf = srf > 0.0 ? gpu_local_hit(wctx_llc_hit(w, n_act, k * rf_eff / (e * srf)), h1) : 0.0;
	o->ext_hit_l1 = sl1 > 1e-12 ? gpu_local_hit(wctx_llc_hit(w, n_act, k * l1b / (e * sl1)), h1) : 0.0;
	o->ext_hit = srf * o->ext_hit_rf + sl1 * o->ext_hit_l1;

	/* predictor */
	double mrf = srf * (1.0 - o->ext_hit_rf), ml1 = sl1 * (1.0 - o->ext_hit_l1);
	if (d->mor_pred == MOR_PRED_NONE)
		o->p_fwd = 1.0;
	else if (d->mor_pred == MOR_PRED_PERFECT)
		o->p_fwd = 0.0;
	else {
		double fp = 0.0;
		if (srf > 0.0 && ctx->ph_rf[impl][z]) {
			double sets = (double)o->n_cache * L->rf_warps;
			predict(ctx, w, n_act, h1, ctx->ph_rf[impl][z], sets * B / (e * srf), &o->pred_rf);   /* (P1) */
			fp += mrf * o->pred_rf.fp_rate;
		}
		if (sl1 > 1e-12 && ctx->ph_l1[impl][z]) {
			double sets = (double)o->n_cache * L->l1_warps;
			predict(ctx, w, n_act, h1, ctx->ph_l1[impl][z], sets * B / (e * sl1), &o->pred_l1);
			fp += ml1 * o->pred_l1.fp_rate;
		}
		o->p_fwd = mrf + ml1 > 0.0 ? fp / (mrf + ml1) : 0.0;
	}

	/* the cache-mode SMs as servers */
	double h = o->ext_hit;
	o->lookups = h + (1.0 - h) * o->p_fwd;
	o->fills = 1.0 - h;
	double cyc_per_ns = g->core_mhz / 1000.0;
	o->unit_cyc = B / p->bw_gbps[impl] * cyc_per_ns;                  /* 128 B / bw, ns -> cycles */
	double rf_hits = h > 0.0 ? srf * o->ext_hit_rf / h : 0.0;          /* RF share of hits */
	o->hit_ns = p->lat_ns[impl];
	if (d->mor_imov)
		o->hit_ns -= p->imov_save_ns * rf_hits;                         /* §4.3.2 */
	if (z)
		o->hit_ns += p->comp_lat_ns * rf_hits * (ctx->comp[0] + ctx->comp[1]);  /* §4.3.1 */
	double hit_cyc = o->hit_ns * cyc_per_ns;
	o->unit_cyc *= o->hit_ns / p->lat_ns[impl];                         /* (Q1) */
	o->miss_extra_cyc = o->p_fwd * p->miss_extra_ns * cyc_per_ns;       /* §4.1.2 Fig. 5 */
	if (o->lookups > 0.0) {
		o->service_cyc = o->unit_cyc * (o->lookups + o->fills) / o->lookups;
		double fixed = hit_cyc - o->unit_cyc;
		o->delay_cyc = fixed > 0.0 ? h * fixed / o->lookups : 0.0;
	}
	/* extra NoC load at the LLC-side ports: the cache-mode SM's replies */
	double s_clk = d->mem_clock_scale > 0.0 ? d->mem_clock_scale : 1.0;
	double flit_cyc = gpu_llc_port_flit_cycles(g, s_clk); /* the replies arrive at LLC-side ports (gpu.c) */
	double dfl = ceil(B / g->noc_flit_bytes);
	o->noc_flits_per_ext = h * dfl + (1.0 - h) * o->p_fwd * ceil(p->msg_bytes / g->noc_flit_bytes);
	o->noc_req_add_cyc = e * o->noc_flits_per_ext * flit_cyc;

	/* energy, power, area */
	double m1 = m->mem_per_inst * m->req_per_mem * (1.0 - m->l1_hit);
	double bytes_ext = h * B + (1.0 - h) * o->p_fwd * p->msg_bytes + o->fills * B;
	o->e_pj_per_inst = m1 * e * bytes_ext * p->e_pj_per_byte[impl];     /* §5 pJ/B */
	o->ctrl_w = p->ctrl_power_frac * p->ref_power_w * g->llc_partitions / p->ref_partitions; /* §7.5 */
	o->ctrl_mm2 = area_sram_mm2(g, morpheus_ctrl_kib(g, p) * 1024.0 * g->llc_partitions);

	/* edit the memory system */
	m->ext_frac = e;
	m->ext_bytes = o->ext_bytes_eff;
	m->ext_hit = h;
	m->ext_miss_extra = o->miss_extra_cyc;
	m->llc_hit = o->llc_hit;
	m->noc_service_req += o->noc_req_add_cyc;
	m->e_pj_per_inst[EC_EXT] += o->e_pj_per_inst;
	m->p_static_w[EC_EXT] += o->ctrl_w;
	m->area_mm2[EC_EXT] += o->ctrl_mm2;
	if (o->lookups > 0.0) {
		ms_station_t st = {
			.name = "mor_ext", .cls = CPI_EXT, .per = MS_PER_L1_MISS,
			.visits = e * o->lookups, .service = o->service_cyc, .delay = o->delay_cyc,
			.copies = o->n_cache, .skew = 1.0,
		};
		memsys_add_station(m, &st);
	}
	if (tmp)
		morpheus_ctx_free(tmp);
}

unsigned morpheus_apply(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m)
{
	if (d->mor_cache_sms <= 0)
		return 0;
	int stations = m->n_extra;
	morpheus_eval(g, d, w, (const mor_ctx_t *)w->mech[MECH_MORPHEUS], m, NULL);
	return MECH_LLC_HIT | MECH_LEVELS | MECH_ENERGY | MECH_AREA |
	       (m->n_extra > stations ? MECH_STATIONS : 0u);
}

/* The row's per-workload context: Morpheus's default parameters (morpheus_params_default). */
static void *mech_ctx_alloc(const gpu_t *g, const profile_t *p)
{
	return morpheus_ctx_alloc(g, p, NULL);
}

static void mech_ctx_free(void *ctx)
{
	morpheus_ctx_free(ctx);
}

/* Morpheus fills the core model's extended-LLC level (ext_hit, cpi_ext, energy "ext"): no
 * column of its own. */
static const char *const morpheus_columns[] = { NULL };

const mech_t mech_morpheus = {
	.name = "morpheus", .level = MECH_LEVEL_OUTER,
	.ctx_alloc = mech_ctx_alloc, .ctx_free = mech_ctx_free,
	.check = morpheus_check, .apply = morpheus_apply, .columns = morpheus_columns,
};
