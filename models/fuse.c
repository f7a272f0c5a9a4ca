/*
 * fuse.c -- the FUSE hybrid L1: capacities, bank hit rates and traffic, STT bank timing and
 * blocking, energy, area, and the edits of the GPU model's memory system.  Source: FUSE
 * (HPCA 2019, ../shared/papers/004); each rule is cited where it is used.
 *
 * CAPACITIES.  C_S, C_T per SM: fuse_sram_kib / fuse_stt_kib, or the area split of the SRAM
 *   L1 (l1_bytes) by the SRAM share s: sttmram.h (S1) C_S = s L1, C_T = (1 - s) L1 x
 *   A_SRAM / A_STT (cells 140 F^2 / 36 F^2, §II-B), or the technology table's banks of those
 *   areas (tech.h [L4]).  SRAM sets S = floor(C_S / (A_S x block)).
 * HIT RATES (fuse_minisim.h).  The hybrid's rules simulated on the profile's spatially sampled
 *   l1 stream (whole SMs at R = 1 while they fit 2^18 references, else one SM at the largest
 *   power-of-two R that fits: profile.h fuse_sample, src/profiling/minisample.h), the banks
 *   scaled by R (Waldspurger et al., USENIX ATC 2017, §3), averaged over FUSE_MINI_HASHES
 *   set-index hash functions.  Per access:
 *   h_S, h_T, and the events: stt_fill (misses placed in STT), stt_evict (SRAM victims),
 *   stt_update (write hits in STT in place), migrations (write hits in STT moved to SRAM),
 *   sram_fill.  Memoised per workload and organisation (memo.h).  Sampling error: se_h, the
 *   standard error between the sampled SMs; against the exact simulator in docs/validation.md.
 * TRAFFIC per L1 access:
 *   stt_write = stt_fill + stt_evict + stt_update;
 *   stt_read = (h_T - migrations - stt_update) + migrations   (read hits; a migrated block is
 *              read out of STT);
 *   sram_read = (h_S - SRAM write hits) + stt_evict           (read hits; victims read out);
 *   sram_write = SRAM write hits + sram_fill;
 *   stt_probe = 1 - h_S - h_T (a miss waits for the STT tag search).
 * STT BANK TIMES.  Set-associative: read t_r (Table I: 1), probe 1 (tag check), write t_w (5).
 *   FA (§III-B): bloom_tagsearch_eval over ways = C_T blocks, ways / 4 filters (Table I: 128
 *   for 512), cbf_counters per filter (§V-B: 128 slots), 3 hashes, 2-bit counters, 4
 *   comparators, a one-cycle filter test.  Bank occupancy: the polls of false-positive sets
 *   serialise: read = t_r + (F-1) f / 2 x cycles per set, probe = max(1, (F-1) f x cycles per
 *   set); latency x_read = t_r - t_sram + (cycles_hit - 1), x_probe = max(0, cycles_miss - 1).
 * PORT SCALING.  Bank times are array cycles of a line; the GPU model's L1 port is busy
 *   l1_service per request, so reads and probes scale by u = l1_service / t_sram and writes
 *   (whole lines) by line_bytes / port width.
 * RATE ESTIMATE.  The blocking model needs STT arrivals per cycle: lam_i = rate_i x r1, r1 the L1
 *   accesses per cycle per SM from the closed network's asymptotic bounds (Denning & Buzen
 *   1978): X <= min(N / R0, 1 / D_max), N = warps x mlp, R0 the unloaded time of a warp
 *   instruction, D_max the busiest station's demand; iterated with the stall (damped, <= 8
 *   rounds, to 0.1%).  Stalls: sttmram.h (S4) (blocking writes without a tag queue, full tag
 *   queue, full swap buffer, flushes by in-place updates).
 * EFFECTS on memsys (fuse_apply):
 *   l1_bytes = C_S + C_T;  l1_hit = h_S + h_T;  l1_service += stall cycles per access;
 *   station "stt" per L1 access: visits stt_read + stt_probe, service their bank time (plus the
 *     posted writes' with a swap buffer), delay their extra latency;
 *   e_pj_per_inst[EC_L1] += a1 x (SRAM and STT events x energies) - the SRAM L1's energy
 *     (energy.c's formula); energies the preset's e_l1_* scaled by sttmram (S2) (or the
 *     technology table) for each bank over the SRAM L1;
 *   p_static_w[EC_L1] += (leak ratio - 1) x SRAM L1 leakage (sttmram (S3));
 *   area_mm2[EC_L1] += logic share x L1 array area (tag queue + swap buffer 0.41%, filters
 *     0.24%, predictor 0.05%: §V-C's 0.7%, split by Table III transistors);
 *   stt_writes_per_inst = a1 x stt_write.
 * Assumptions: the L1 is private per SM and hashed-indexed (uniform set index), write-allocate,
 *   and sees the profile's l1 stream; the sampled SMs represent the others; the predictor's
 *   errors are per block (a share 1 - q of the blocks, fixed for the run).
 * Valid range: SRAM sets >= 1 / R (8 at R = 1/8: 2 KB at 2 ways of 128 B) -- below it the
 *   miniature is one set and overstates the SRAM bank; STT bank >= 1 / R blocks (or sets);
 *   an L1 whose capacity is near a loop's size has a sampling error of the size of the jump
 *   (docs/validation.md).
 */
#include "fuse.h"
#include "tech.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "area.h"
#include "memo.h"

#define FUSE_MEMO_SLOTS 256
#define FUSE_FP_MEMO_SLOTS 2048   /* rate <-> stall fixed points per workload */
#define FP_KEYS 38
#define FP_VALS 17
#define HIT_KEYS 11               /* fuse_hit_eval's memo: its inputs, its fuse_hit_t */
#define HIT_VALS ((int)(sizeof(fuse_hit_t) / sizeof(uint64_t)))
_Static_assert(sizeof(fuse_hit_t) % sizeof(uint64_t) == 0, "fuse_hit_t is whole words");

void fuse_params_default(fuse_params_t *p)
{
	memset(p, 0, sizeof *p);
	stt_tech_default(&p->tech);
	p->sram_assoc = 2;       /* Table I: 64 sets x 2 */
	p->stt_assoc = 2;        /* Table I: 256 sets x 2 */
	p->nvm_assoc = 4;        /* Table I By-NVM: 256 x 4 */
	p->cbf_set_blocks = 4.0; /* Table I: 512 ways / 128 filters */
	p->cbf_counters = 128;   /* §V-B "128slots" */
	p->cbf_bits = 2;         /* §IV-C */
	p->cbf_hashes = 3;       /* Table I */
	p->comparators = 4;      /* §III-B */
	p->t_filter = 1.0;       /* §IV-C: a test within one STT read */
	/* §V-C: +0.7% for Dy-FUSE; Table III: queue 15360 + swap 3072, CBF 10944, predictor 2320 */
	p->area_tq_sb = 0.007 * 18432.0 / 31696.0;
	p->area_cbf = 0.007 * 10944.0 / 31696.0;
	p->area_pred = 0.007 * 2320.0 / 31696.0;
}

fuse_ctx_t *fuse_ctx_alloc(const profile_t *p, const fuse_params_t *par)
{
	const profile_minisample_t *s = &p->fuse_sample;
	if (s->n_sm < 1 || s->n_keys == 0)
		return NULL;
	fuse_ctx_t *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->par = *par;
	c->sample = *s;
	c->block_bytes = p->block_bytes > 0 ? p->block_bytes : 128;
	c->cls = malloc(s->n_keys);
	c->memo = memo_alloc(FUSE_MEMO_SLOTS);
	c->fp_memo = memo_alloc_sized(FUSE_FP_MEMO_SLOTS, FP_KEYS, FP_VALS);
	c->hit_memo = memo_alloc_sized(FUSE_MEMO_SLOTS, HIT_KEYS, HIT_VALS);
	if (!c->cls || !c->memo || !c->fp_memo || !c->hit_memo) {
		fuse_ctx_free(c);
		return NULL;
	}
	fuse_mini_classes(s, c->cls);
	return c;
}

void fuse_ctx_free(fuse_ctx_t *c)
{
	if (!c)
		return;
	free(c->cls);
	if (c->memo)
		memo_free(c->memo);
	memo_free(c->fp_memo);
	memo_free(c->hit_memo);
	free(c);
}

int fuse_org_from_design(const design_t *d, fuse_org_t *o)
{
	memset(o, 0, sizeof *o);
	o->cfg = d->fuse_cfg;
	if (d->fuse_cfg <= FUSE_SRAM || d->fuse_cfg >= FUSE_NCFG)
		return -1;
	o->q = d->fuse_pred_acc;
	o->pure_stt = d->fuse_cfg == FUSE_STT;
	o->blocking = d->fuse_cfg == FUSE_STT || d->fuse_cfg == FUSE_HYBRID;
	o->fa = d->fuse_cfg == FUSE_FA || d->fuse_cfg == FUSE_DY || d->fuse_stt_org == STT_APPROX_FA;
	switch (d->fuse_placement) {
	case FUSE_PLACEMENT_VICTIM:    o->placement = FUSE_PLACE_VICTIM; break;
	case FUSE_PLACEMENT_PREDICTOR: o->placement = FUSE_PLACE_PREDICTOR; break;
	case FUSE_PLACEMENT_ORACLE:    o->placement = FUSE_PLACE_ORACLE; break;
	default:                       /* cfg: Dy-FUSE or the fuse_predictor knob */
		o->placement = d->fuse_cfg == FUSE_DY || d->fuse_predictor ? FUSE_PLACE_PREDICTOR
		                                                           : FUSE_PLACE_VICTIM;
	}
	if (o->pure_stt)             /* By-NVM: the dead-write bypass at the predictor's accuracy */
		o->placement = d->fuse_placement == FUSE_PLACEMENT_ORACLE ? FUSE_PLACE_ORACLE
		                                                          : FUSE_PLACE_PREDICTOR;
	o->migrate = d->fuse_migrate;
	o->sram_frac = o->pure_stt ? 0.0 : d->fuse_sram_frac;
	o->sram_kib = o->pure_stt ? 0.0 : d->fuse_sram_kib;
	o->stt_kib = d->fuse_stt_kib;
	o->sram_ways = d->fuse_sram_ways;
	o->stt_ways = d->fuse_stt_ways;
	return 0;
}
int fuse_split(const fuse_params_t *p, double l1_bytes, double s, stt_split_t *out)
{
	if (!p->tab)
		return stt_split(&p->tech, l1_bytes, s, out);       /* sttmram.h (S1): cells only */
	char err[320];
	tech_figures_t l1;
	memset(out, 0, sizeof *out);
	if (!(l1_bytes > 0.0) || !(s >= 0.0 && s <= 1.0) ||
	    tech_cache_eval(p->tab, TECH_SRAM, p->tab_node_nm, l1_bytes, p->tab_assoc,
	                    p->tab_width_bits, 1, &l1, err, sizeof err))
		return -1;
	/* fuse.h: each bank is the cache of its cell whose data + tag area is its share of A */
	if (s > 0.0 && tech_cache_bytes_for_area(p->tab, TECH_SRAM, p->tab_node_nm, p->tab_assoc,
	                                         p->tab_width_bits, 1, s * l1.area_mm2,
	                                         &out->sram_bytes, err, sizeof err))
		return -1;
	if (s < 1.0 && tech_cache_bytes_for_area(p->tab, TECH_STT, p->tab_node_nm, p->tab_assoc,
	                                         p->tab_width_bits, 1, (1.0 - s) * l1.area_mm2,
	                                         &out->stt_bytes, err, sizeof err))
		return -1;
	out->total_bytes = out->sram_bytes + out->stt_bytes;
	out->gain = out->total_bytes / l1_bytes;
	return 0;
}

/* Read and write energy (nJ) and leakage (mW) of a bank of `bytes` from the table; 0 for an
 * absent bank. */
static int tab_bank(const fuse_params_t *p, tech_cell_t cell, double bytes, double *rd, double *wr,
                    double *leak)
{
	char err[320];
	tech_figures_t f;
	if (bytes <= 0.0) {
		*rd = *wr = *leak = 0.0;
		return 0;
	}
	if (tech_cache_eval(p->tab, cell, p->tab_node_nm, bytes, p->tab_assoc, p->tab_width_bits, 1,
	                    &f, err, sizeof err))
		return -1;
	*rd = f.read_nj, *wr = f.write_nj, *leak = f.leak_mw;
	return 0;
}

/* The miniature simulation of org (HIT RATES), through the workload's memo. */
static int fuse_rates(const fuse_ctx_t *c, const fuse_mini_org_t *mo, fuse_mini_rates_t *r)
{
	double key[MEMO_KEYS] = {
		mo->sram_blocks, mo->sram_ways + 100.0 * mo->stt_ways, mo->stt_blocks,
		mo->stt_fa + 2.0 * mo->placement + 8.0 * mo->migrate, mo->placement == FUSE_PLACE_PREDICTOR ? mo->q : 1.0,
		0.0 };
	double v[MEMO_VALS];
	if (memo_get(c->memo, key, MEMO_KEYS, v, MEMO_VALS)) {
		*r = (fuse_mini_rates_t){ v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], 0.0 };
		r->rate = fuse_mini_rate(&c->sample, mo);
		return 0;
	}
	if (fuse_mini_run(&c->sample, c->cls, mo, r) != 0)
		return -1;
	double put[MEMO_VALS] = { r->h_sram, r->h_stt, r->h_sram_write, r->stt_fill, r->stt_evict,
	                          r->stt_update, r->migrations, r->sram_fill, r->se_h, r->refs };
	memo_put(c->memo, key, MEMO_KEYS, put, MEMO_VALS);
	return 0;
}

static int hit_eval(const fuse_ctx_t *c, const fuse_org_t *o, double l1_bytes, fuse_hit_t *out)
{
	const fuse_params_t *p = &c->par;
	memset(out, 0, sizeof *out);
	if (!(o->q >= 0.0 && o->q <= 1.0) || o->sram_ways < 0 || o->stt_ways < 0)
		return -1;
	if (o->sram_kib > 0.0 || o->stt_kib > 0.0) {             /* CAPACITIES: given */
		out->sram_bytes = o->pure_stt ? 0.0 : o->sram_kib * 1024.0;
		out->stt_bytes = o->stt_kib * 1024.0;
	} else {                                                  /* CAPACITIES: the area split */
		stt_split_t sp;
		if (fuse_split(p, l1_bytes, o->pure_stt ? 0.0 : o->sram_frac, &sp) != 0)
			return -1;
		out->sram_bytes = sp.sram_bytes;
		out->stt_bytes = sp.stt_bytes;
	}
	fuse_mini_org_t mo = {
		.sram_blocks = floor(out->sram_bytes / c->block_bytes),
		.sram_ways = o->sram_ways > 0 ? o->sram_ways : p->sram_assoc,
		.stt_blocks = floor(out->stt_bytes / c->block_bytes),
		.stt_fa = o->fa,
		.stt_ways = o->stt_ways > 0 ? o->stt_ways : o->pure_stt ? p->nvm_assoc : p->stt_assoc,
		.placement = o->placement, .q = o->q, .migrate = o->migrate,
	};
	if (mo.stt_blocks < 1.0)
		return -1;
	fuse_mini_rates_t r;
	if (fuse_rates(c, &mo, &r) != 0)
		return -1;
	/* TRAFFIC (header) */
	out->h_sram = r.h_sram;
	out->h_stt = r.h_stt;
	out->h = r.h_sram + r.h_stt;
	out->se_h = r.se_h;
	out->sample_rate = r.rate;
	out->sample_refs = r.refs;
	out->stt_fill = r.stt_fill;
	out->stt_evict = r.stt_evict;
	out->stt_update = r.stt_update;
	out->migrations = r.migrations;
	out->stt_write = r.stt_fill + r.stt_evict + r.stt_update;
	out->stt_read = fmax(0.0, r.h_stt - r.migrations - r.stt_update) + r.migrations;
	out->sram_read = (r.h_sram - r.h_sram_write) + r.stt_evict;
	out->sram_write = r.h_sram_write + r.sram_fill;
	out->stt_probe = fmax(0.0, 1.0 - out->h);

	/* STT BANK TIMES (header) */
	const stt_tech_t *t = &p->tech;
	out->t_read = t->stt_rd_cyc;
	out->t_probe = 1.0;
	out->t_write = t->stt_wr_cyc;
	out->x_read = t->stt_rd_cyc - t->sram_rd_cyc;
	out->x_probe = 0.0;
	double ct = out->stt_bytes / c->block_bytes;
	if (o->fa && ct >= 1.0) {
		int ways = (int)lround(ct);
		int filters = (int)ceil(ways / p->cbf_set_blocks);   /* 128 for Table I's 512 ways */
		if (filters > ways)
			filters = ways;
		if (bloom_tagsearch_eval(ways, filters, p->cbf_counters, p->cbf_bits, p->cbf_hashes,
		                         p->comparators, p->t_filter, &out->ts) != 0)
			return -1;
		out->t_read += 0.5 * out->ts.false_sets * out->ts.cyc_per_set;
		out->t_probe = fmax(out->ts.false_sets * out->ts.cyc_per_set, 1.0);
		out->x_read += out->ts.cycles_hit - 1.0;
		out->x_probe = fmax(0.0, out->ts.cycles_miss - 1.0);
	}
	if (out->x_read < 0.0)
		out->x_read = 0.0;
	return 0;
}

/* fuse_hit_eval is hit_eval through the workload's memo: its result depends on the workload
 * (the context) and on exactly these inputs, the organisation's fields hit_eval reads and the
 * SRAM L1's size, so a sweep computes it once per organisation (the capacities, the miniature's
 * memo lookup, the FA tag search) instead of once per point. */
int fuse_hit_eval(const fuse_ctx_t *c, const fuse_org_t *o, double l1_bytes, fuse_hit_t *out)
{
	const double in[HIT_KEYS] = { o->q, o->sram_ways, o->stt_ways, o->sram_kib, o->stt_kib,
	                              o->pure_stt, o->sram_frac, o->fa, o->placement, o->migrate,
	                              l1_bytes };
	uint64_t k[HIT_KEYS], v[HIT_VALS];
	memcpy(k, in, sizeof k);
	if (c->hit_memo && memo_get_bits(c->hit_memo, k, HIT_KEYS, v, HIT_VALS)) {
		memcpy(out, v, sizeof *out);
		return 0;
	}
	int rc = hit_eval(c, o, l1_bytes, out);
	if (rc == 0 && c->hit_memo) {
		memcpy(v, out, sizeof *out);
		memo_put_bits(c->hit_memo, k, HIT_KEYS, v, HIT_VALS);
	}
	return rc;
}

/* L1 accesses per cycle per SM: asymptotic bounds of the closed network (header, RATE).
 * l1_extra: cycles added to each L1 visit's service; stt_d: STT demand per access.  Every
 * memsys field read here is in fixed_point_key (the memo's key): add one there too. */
static double fuse_l1_rate(const memsys_t *m, double h, double l1_extra, double stt_d,
                           double stt_delay_per_access)
{
	double a1 = m->mem_per_inst * m->req_per_mem;
	double m1 = a1 * (1.0 - h);
	double e = m->ext_frac;
	double dram_v = m1 * ((1.0 - e) * (1.0 - m->llc_hit) + e * (1.0 - m->ext_hit));
	double l1s = m->l1_service + l1_extra;
	double r0 = m->issue_service + m->rf_service + m->dep_delay +
	            a1 * (m->l1_lat + l1s + stt_d + stt_delay_per_access) +
	            m1 * (2.0 * m->noc_lat + m->noc_service_req + m->noc_service_resp) +
	            m1 * (1.0 - e) * (m->llc_lat + m->llc_service) +
	            dram_v * (m->dram_lat + m->dram_service);
	double n = m->warps * m->mlp;
	double x = r0 > 0.0 ? n / r0 : 1e9;
	double nc = m->n_compute > 0 ? m->n_compute : 1;
	double d[6] = {
		m->issue_service + m->rf_service,
		a1 * l1s,
		a1 * stt_d,
		m->llc_slices > 0 ? m1 * (1.0 - e) * m->llc_service * nc / m->llc_slices : 0.0,
		m->dram_channels > 0 ? dram_v * m->dram_service * nc / m->dram_channels : 0.0,
		m->noc_req_ports > 0 ? m1 * m->noc_service_req * nc / m->noc_req_ports : 0.0,
	};
	for (int i = 0; i < 6; i++)
		if (d[i] > 0.0 && 1.0 / d[i] < x)
			x = 1.0 / d[i];
	return a1 * x;
}

/* RATE ESTIMATE (header): the L1 rate and the STT stall per access, iterated to a fixed point;
 * fills out->load, out->blk, out->l1_rate, out->stall_per_access. */
static int fixed_point(const fuse_ctx_t *c, const fuse_org_t *o, const fuse_hit_t *h,
                       const memsys_t *m, double tr, double tp, double tw, fuse_eff_t *out)
{
	const stt_tech_t *t = &c->par.tech;
	stt_load_t *L = &out->load;
	L->t_read = tr;
	L->t_probe = tp;
	L->t_write = tw;
	L->nonblocking = !o->blocking;
	L->tag_queue = t->tag_queue;
	L->swap_buffer = t->swap_buffer;
	double stall = 0.0;
	for (int it = 0; it < 8; it++) {
		double r1 = fuse_l1_rate(m, h->h, stall, out->stt_visits * out->stt_service,
		                         out->stt_visits * out->stt_delay);
		L->lam_read = h->stt_read * r1;
		L->lam_probe = h->stt_probe * r1;
		L->lam_write = h->stt_write * r1;
		L->lam_evict = o->blocking ? 0.0 : h->stt_evict * r1;
		L->lam_update = o->blocking ? 0.0 : h->stt_update * r1;
		if (stt_block_eval(L, &out->blk) != 0)
			return -1;
		double s_new = r1 > 0.0 ? out->blk.stall_per_cycle / r1 : 0.0;
		double prev = stall;
		stall = it == 0 ? s_new : 0.5 * (stall + s_new);
		out->l1_rate = r1;
		if (it > 0 && fabs(stall - prev) <= 1e-3 * (stall + 1e-3))
			break;
	}
	out->stall_per_access = stall;
	return 0;
}

/* The fixed point reads only these: the bank traffic and times, the organisation's
 * blocking and queue sizes, and the memory-system fields fuse_l1_rate reads.  Its result is
 * memoised per workload by their exact bits (memo.h), so points that differ in knobs it does not
 * see (gate_idle; the predictor's accuracy under victim placement) solve it once. */
static int fixed_point_key(const fuse_ctx_t *c, const fuse_org_t *o, const fuse_hit_t *h,
                           const memsys_t *m, double tr, double tp, double tw, const fuse_eff_t *e,
                           uint64_t *k)
{
	const double in[] = {
		h->h, h->stt_read, h->stt_probe, h->stt_write, h->stt_evict, h->stt_update,
		tr, tp, tw, e->stt_visits, e->stt_service, e->stt_delay,
		o->blocking, c->par.tech.tag_queue, c->par.tech.swap_buffer,
		m->mem_per_inst, m->req_per_mem, m->ext_frac, m->llc_hit, m->ext_hit, m->l1_service,
		m->issue_service, m->rf_service, m->dep_delay, m->l1_lat, m->noc_lat,
		m->noc_service_req, m->noc_service_resp, m->llc_lat, m->llc_service, m->dram_lat,
		m->dram_service, m->warps, m->mlp, m->n_compute, m->llc_slices, m->dram_channels,
		m->noc_req_ports,
	};
	_Static_assert(sizeof in / sizeof in[0] == FP_KEYS, "fixed-point key size");
	memcpy(k, in, sizeof in);
	return FP_KEYS;
}

static int fixed_point_memo(const fuse_ctx_t *c, const fuse_org_t *o, const fuse_hit_t *h,
                            const memsys_t *m, double tr, double tp, double tw, fuse_eff_t *out)
{
	uint64_t k[FP_KEYS], v[FP_VALS];
	if (!c->fp_memo)
		return 0;
	fixed_point_key(c, o, h, m, tr, tp, tw, out, k);
	if (!memo_get_bits(c->fp_memo, k, FP_KEYS, v, FP_VALS))
		return 0;
	double d[FP_VALS];
	memcpy(d, v, sizeof d);
	stt_load_t *L = &out->load;
	L->t_read = tr;
	L->t_probe = tp;
	L->t_write = tw;
	L->nonblocking = !o->blocking;
	L->tag_queue = c->par.tech.tag_queue;
	L->swap_buffer = c->par.tech.swap_buffer;
	L->lam_read = d[0], L->lam_probe = d[1], L->lam_write = d[2];
	L->lam_evict = d[3], L->lam_update = d[4];
	stt_block_t *b = &out->blk;
	b->lam = d[5], b->s_mean = d[6], b->s_resid = d[7], b->rho = d[8];
	b->p_block_tq = d[9], b->p_block_sb = d[10], b->wait = d[11];
	b->stall_per_write = d[12], b->stall_per_req = d[13], b->stall_per_cycle = d[14];
	out->l1_rate = d[15];
	out->stall_per_access = d[16];
	return 1;
}

static void fixed_point_store(const fuse_ctx_t *c, const fuse_org_t *o, const fuse_hit_t *h,
                              const memsys_t *m, double tr, double tp, double tw, const fuse_eff_t *out)
{
	uint64_t k[FP_KEYS], v[FP_VALS];
	if (!c->fp_memo)
		return;
	fixed_point_key(c, o, h, m, tr, tp, tw, out, k);
	const stt_load_t *L = &out->load;
	const stt_block_t *b = &out->blk;
	const double d[FP_VALS] = {
		L->lam_read, L->lam_probe, L->lam_write, L->lam_evict, L->lam_update,
		b->lam, b->s_mean, b->s_resid, b->rho, b->p_block_tq, b->p_block_sb, b->wait,
		b->stall_per_write, b->stall_per_req, b->stall_per_cycle, out->l1_rate, out->stall_per_access,
	};
	memcpy(v, d, sizeof d);
	memo_put_bits(c->fp_memo, k, FP_KEYS, v, FP_VALS);
}

int fuse_effects(const gpu_t *g, const fuse_ctx_t *c, const fuse_org_t *o, const memsys_t *m,
                 fuse_eff_t *out)
{
	memset(out, 0, sizeof *out);
	out->org = *o;
	fuse_hit_t *h = &out->hit;
	if (fuse_hit_eval(c, o, m->l1_bytes, h) != 0)
		return -1;
	const stt_tech_t *t = &c->par.tech;

	/* bank cycles are array cycles of a line; a request occupies the SRAM L1 port for
	 * l1_service (bytes / port width): the STT bank has the same port, scaled alike */
	double u = m->l1_service > 0.0 ? m->l1_service / t->sram_rd_cyc : 1.0;
	double ul = g->l1_bytes_per_cycle > 0.0 && g->line_bytes > 0
	            ? g->line_bytes / g->l1_bytes_per_cycle / t->sram_rd_cyc : 1.0;
	double tr = h->t_read * u, tp = h->t_probe * u, tw = h->t_write * ul;
	/* the "stt" station: visits that a warp waits for (reads and probes) */
	out->stt_visits = h->stt_read + h->stt_probe;
	double work = h->stt_read * tr + h->stt_probe * tp;
	if (!o->blocking)
		work += h->stt_write * tw;                 /* posted writes still occupy the bank */
	if (out->stt_visits > 0.0) {
		out->stt_service = work / out->stt_visits;
		out->stt_delay = (h->stt_read * h->x_read + h->stt_probe * h->x_probe) / out->stt_visits;
	}

	/* rate <-> stall fixed point, through the workload's memo by its exact inputs */
	if (!fixed_point_memo(c, o, h, m, tr, tp, tw, out)) {
		if (fixed_point(c, o, h, m, tr, tp, tw, out) != 0)
			return -1;
		fixed_point_store(c, o, h, m, tr, tp, tw, out);
	}

	/* energy: preset SRAM L1 energies scaled by the Table I model of each bank (sttmram (S2)) */
	double a1 = m->mem_per_inst * m->req_per_mem;
	double kib0 = m->l1_bytes / 1024.0, ks = h->sram_bytes / 1024.0, kt = h->stt_bytes / 1024.0;
	double r0 = stt_access_nj(t, kib0, 0, 0), w0 = stt_access_nj(t, kib0, 0, 1);
	double rs = stt_access_nj(t, ks, 0, 0), ws = stt_access_nj(t, ks, 0, 1);
	double rt = stt_access_nj(t, kt, 1, 0), wt = stt_access_nj(t, kt, 1, 1);
	double l0 = stt_leak_mw(t, kib0, 0), ls = stt_leak_mw(t, ks, 0), lt = stt_leak_mw(t, kt, 1);
	const fuse_params_t *fp = &c->par;
	if (fp->tab && (tab_bank(fp, TECH_SRAM, m->l1_bytes, &r0, &w0, &l0) ||   /* fuse.h: the table */
	                tab_bank(fp, TECH_SRAM, h->sram_bytes, &rs, &ws, &ls) ||
	                tab_bank(fp, TECH_STT, h->stt_bytes, &rt, &wt, &lt)))
		return -1;
	double esr = g->e_l1_read_pj * rs / r0;
	double esw = g->e_l1_write_pj * ws / w0;
	double etr = g->e_l1_read_pj * rt / r0;
	double etw = g->e_l1_write_pj * wt / w0;
	out->e_l1_pj_per_access = h->sram_read * esr + h->sram_write * esw + h->stt_read * etr +
	                          h->stt_write * etw;
	double wf = m->write_frac;
	double e_base = a1 * ((1.0 - wf) * g->e_l1_read_pj +
	                      (wf + (1.0 - wf) * (1.0 - h->h)) * g->e_l1_write_pj); /* energy.c's L1 */
	out->e_l1_delta_pj_per_inst = a1 * out->e_l1_pj_per_access - e_base;

	/* leakage (sttmram (S3)) and area (§V-C) */
	out->leak_ratio = (ls + lt) / l0;
	double powered = (g->n_sm - m->n_gated) + m->n_gated * g->gated_leak_frac;
	out->p_l1_delta_w = (out->leak_ratio - 1.0) * g->p_sram_leak_mw_per_kib * 1e-3 * kib0 * powered;
	double frac = (o->blocking ? 0.0 : c->par.area_tq_sb) + (o->fa ? c->par.area_cbf : 0.0) +
	              (o->placement != FUSE_PLACE_VICTIM && !o->pure_stt ? c->par.area_pred : 0.0);
	out->area_l1_delta_mm2 = frac * g->n_sm * area_sram_mm2(g, m->l1_bytes);
	return 0;
}

/* ---- the mechanism seam ---- */

int fuse_check(const gpu_t *g, const design_t *d, const char **why)
{
	if (d->fuse_cfg < FUSE_SRAM || d->fuse_cfg >= FUSE_NCFG) {
		*why = "fuse_cfg must be sram, stt, hybrid, base, fa or dy";
		return -1;
	}
	if (d->fuse_cfg == FUSE_SRAM)
		return 0;
	if (!(d->fuse_pred_acc >= 0.0 && d->fuse_pred_acc <= 1.0)) {
		*why = "fuse_pred_acc must be in [0, 1]";
		return -1;
	}
	if (d->fuse_sram_ways < 0 || d->fuse_sram_ways > 64 || d->fuse_stt_ways < 0 || d->fuse_stt_ways > 64) {
		*why = "fuse_sram_ways and fuse_stt_ways must be in 0..64 (0: Table I's)";
		return -1;
	}
	if ((d->fuse_sram_kib > 0.0) != (d->fuse_stt_kib > 0.0) && d->fuse_cfg != FUSE_STT) {
		*why = "fuse_sram_kib and fuse_stt_kib are given together (0, 0: the area split by fuse_sram_frac)";
		return -1;
	}
	if (d->fuse_cfg == FUSE_STT) {
		if (d->fuse_predictor) {
			*why = "fuse_predictor needs a hybrid L1 (fuse_cfg hybrid, base, fa or dy)";
			return -1;
		}
		return 0;
	}
	if (!(d->fuse_sram_kib > 0.0) && !(d->fuse_sram_frac > 0.0 && d->fuse_sram_frac < 1.0)) {
		*why = "fuse_sram_frac must be in (0, 1) for a hybrid L1 (FUSE Table I: 0.5)";
		return -1;
	}
	if (!(g->l1_kib > 0.0)) {
		*why = "FUSE needs an L1 (l1_kib > 0)";
		return -1;
	}
	if (g->tech) {
		fuse_params_t par;
		stt_split_t sp;
		fuse_params_default(&par);
		par.tab = g->tech, par.tab_node_nm = g->tech_node_nm;
		par.tab_assoc = g->l1_assoc, par.tab_width_bits = 8 * g->line_bytes;
		if (fuse_split(&par, g->l1_kib * 1024.0, d->fuse_sram_frac, &sp)) {
			*why = "a bank of this SRAM share falls outside the technology table's sizes or "
			       "nodes (gpudse tech array shows the range)";
			return -1;
		}
	}
	return 0;
}

unsigned fuse_apply(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m)
{
	fuse_org_t o;
	const fuse_ctx_t *c = w->mech[MECH_FUSE];
	if (d->fuse_cfg == FUSE_SRAM || !c || fuse_org_from_design(d, &o) != 0)
		return 0;
	fuse_eff_t e;
	if (fuse_effects(g, c, &o, m, &e) != 0)
		return 0;
	unsigned changed = MECH_L1_HIT | MECH_LEVELS | MECH_ENERGY | MECH_AREA | MECH_OUTPUTS;
	double a1 = m->mem_per_inst * m->req_per_mem;
	m->l1_bytes = e.hit.sram_bytes + e.hit.stt_bytes;
	m->l1_hit = e.hit.h;
	m->l1_service += e.stall_per_access;
	if (e.stt_visits > 0.0) {
		ms_station_t s = { "stt", CPI_L1, MS_PER_L1_ACCESS, e.stt_visits, e.stt_service,
		                   e.stt_delay, m->l1_count > 0 ? m->l1_count : 1, 1.0, 0,
		                   m->l1_count == m->n_compute };              /* per SM: barrier_sync.h [B5] */
		memsys_add_station(m, &s);
		changed |= MECH_STATIONS;
	}
	m->e_pj_per_inst[EC_L1] += e.e_l1_delta_pj_per_inst;
	m->p_static_w[EC_L1] += e.p_l1_delta_w;
	m->area_mm2[EC_L1] += e.area_l1_delta_mm2;
	m->stt_writes_per_inst = a1 * e.hit.stt_write;
	return changed;
}

/* The row's per-workload context: FUSE's default parameters with this GPU's cell areas. */
static void *mech_ctx_alloc(const gpu_t *g, const profile_t *p)
{
	fuse_params_t par;
	fuse_params_default(&par);
	if (g->sram_cell_f2 > 0.0)
		par.tech.sram_cell_f2 = g->sram_cell_f2;
	if (g->stt_cell_f2 > 0.0)
		par.tech.stt_cell_f2 = g->stt_cell_f2;
	if (g->tech) {                               /* issue 22: banks from the preset's table */
		par.tab = g->tech;
		par.tab_node_nm = g->tech_node_nm;
		par.tab_assoc = g->l1_assoc;
		par.tab_width_bits = 8 * g->line_bytes;
	}
	return fuse_ctx_alloc(p, &par);
}

static void mech_ctx_free(void *ctx)
{
	fuse_ctx_free(ctx);
}

static const char *const fuse_columns[] = { "stt_wpki", NULL };

const mech_t mech_fuse = {
	.name = "fuse", .level = MECH_LEVEL_L1,
	.ctx_alloc = mech_ctx_alloc, .ctx_free = mech_ctx_free,
	.check = fuse_check, .apply = fuse_apply, .columns = fuse_columns,
};
