/* occupancy.c -- launch geometry and code shape in the GPU model; equations in occupancy.h. */
#include "occupancy.h"

#include <math.h>

const char *const occ_limiter_name[OCC_NLIM] = { "default", "warps", "ctas", "registers", "shared memory", "grid" };

int occ_ctas_per_sm(const gpu_t *g, long warps_per_cta, int regs, long smem, enum occ_limiter *why)
{
	long w = warps_per_cta > 0 ? warps_per_cta : 1;
	long res = g->warps_per_sm / w;                       /* occupancy.h: warps */
	enum occ_limiter lim = OCC_WARPS;
	if (g->max_ctas_per_sm > 0 && g->max_ctas_per_sm < res) {
		res = g->max_ctas_per_sm;                     /* CTA slots */
		lim = OCC_CTAS;
	}
	if (regs > 0 && g->rf_kib > 0) {                      /* registers: 256-register units per warp */
		long per_warp = (32L * regs + 255) / 256 * 256;
		long warps = (long)(g->rf_kib * 256.0) / per_warp;
		if (warps / w < res) {
			res = warps / w;
			lim = OCC_REGS;
		}
	}
	if (smem > 0 && g->smem_kib > 0) {                   /* shared memory: 128 B units */
		long s = (smem + 127) / 128 * 128;
		long ctas = (long)(g->smem_kib * 1024.0) / s;
		if (ctas < res) {
			res = ctas;
			lim = OCC_SMEM;
		}
	}
	if (res < 1)
		res = 1;
	if (why)
		*why = lim;
	return (int)(res > 1 << 20 ? 1 << 20 : res);
}

double occ_live_warps(const shape_launch_t *l, double sms, int res)
{
	if (!(l->warp_max > 0) || !(l->cta_span > 0) || !(l->insts > 0) || !(sms > 0) || res < 1)
		return 0;
	/* makespan in warp instructions: L = max(warp_max, cta_span / (a res)); live = insts / L */
	double span = l->cta_span / (sms * res);
	double L = l->warp_max > span ? l->warp_max : span;
	return l->insts / L;
}

double occ_waves(double ctas, int n_sm, int res)
{
	double per = (double)(n_sm > 0 ? n_sm : 1) * (res > 0 ? res : 1);
	return ceil(ctas / per);                               /* occupancy.h: waves */
}

void occ_profile(const gpu_t *g, const profile_t *p, int n_compute, occ_t *out)
{
	out->known = 0;
	out->warps = g->warps_per_sm;
	out->waves = 0;
	out->sms = n_compute;
	out->limiter = OCC_DEFAULT;
	const profile_shape_t *s = &p->shape;
	double wsum = 0, warps = 0, sms = 0, waves = 0, best = -1, seq = 0, nl = 0, cseq = 0, cwait = 0;
	int n = n_compute > 0 ? n_compute : 1, counted = 1;
	out->lock_seq = 0;
	out->lock_waves = 0;
	out->lock_crit_seq = 0;
	out->lock_crit_waits = 0;
	for (size_t i = 0; i < s->n_launch; i++) {
		const shape_launch_t *l = &s->launch[i];
		long w = shape_warps_per_cta(l);
		enum occ_limiter why;
		int res = occ_ctas_per_sm(g, w, l->regs, l->smem, &why);
		double ctas = shape_ctas(l) / (l->count > 0 ? l->count : 1);   /* CTAs of one launch */
		double wv = occ_waves(ctas, n, res);
		double a = ctas < n ? ctas : n;          /* occupied SMs: a = min(n, C) (occupancy.h) */
		double pop = ctas * (double)w / wv;      /* resident warps, GPU-wide, time-averaged */
		double live = occ_live_warps(l, a, res);  /* IMBALANCE (occupancy.h): warps that finish early */
		if (live > 0 && live < pop)
			pop = live;
		if (wv <= 1 && ctas < (double)n * res)
			why = OCC_GRID;                                        /* the grid is too small to fill */
		double weight = l->insts > 0 ? l->insts : shape_ctas(l) * (double)w;
		if (!(l->insts > 0))
			counted = 0;
		else if (ctas > 0 && w > 0) {           /* lockstep.h [L2]: each wave's warp path, in sequence */
			seq += wv * l->insts / (ctas * (double)w);
			nl += wv * (l->count > 0 ? l->count : 1);
			cseq += wv * (l->warp_max > 0 ? l->warp_max : l->insts / (ctas * (double)w));   /* [L5] */
			cwait += wv * l->wait_max;
		}
		wsum += weight;
		warps += weight * pop;
		sms += weight * a;
		waves += weight * wv;
		if (weight > best) {
			best = weight;
			out->limiter = why;
		}
	}
	if (wsum > 0) {
		out->known = 1;
		out->sms = sms / wsum;
		out->warps = warps / sms;                /* warps per occupied SM: pop / a */
		out->waves = waves / wsum;
		if (counted) {                           /* lockstep.h: every launch's instructions known */
			out->lock_seq = seq;
			out->lock_waves = nl;
			out->lock_crit_seq = cseq;
			out->lock_crit_waits = cwait;
		}
	}
}

double occ_shape_mlp(const profile_t *p, double dflt)
{
	double m = shape_mlp_mean(&p->shape);                    /* occupancy.h: MLP */
	return m > 0 ? m : dflt;
}

void occ_apply(const gpu_t *g, const wctx_t *w, memsys_t *m)
{
	const profile_t *p = w->p;
	occ_t o;
	m->n_launch_sms = m->n_compute;              /* barrier_sync.h [B5]: occ_profile's n */
	occ_profile(g, p, m->n_compute, &o);
	if (o.known) {
		/* the idle SMs of a grid too small to fill the GPU hold no warps: the network's
		 * per-SM stations have the occupied SMs' copies (occupancy.h) */
		int a = (int)ceil(o.sms - 1e-9);
		if (a >= 1 && a < m->n_compute) {
			if (m->l1_count == m->n_compute)          /* private L1s: one per SM */
				m->l1_count = a;
			if (m->noc_resp_ports == m->n_compute)    /* SM-side NoC ports: one per SM */
				m->noc_resp_ports = a;
			m->n_compute = a;
		}
		m->warps = o.warps;
		m->lock_seq = o.lock_seq;
		m->lock_waves = o.lock_waves;
		m->lock_crit_seq = o.lock_crit_seq;
		m->lock_crit_waits = o.lock_crit_waits;
	}
	const profile_shape_t *s = &p->shape;
	double shared = s->lds + s->sts + s->atoms;
	if (s->has_shared && shared > 0 && p->insts > 0) {
		double deg = s->shared_addr_insts > 0 ? s->shared_wavefronts / s->shared_addr_insts : 1.0;
		ms_station_t st = {
			.name = "shmem", .cls = CPI_L1, .per = MS_PER_INST,
			.visits = shared / p->insts,                               /* occupancy.h: shared memory */
			.service = deg * 128.0 / g->l1_bytes_per_cycle,
			.delay = 0.0, .copies = m->n_compute, .skew = 1.0, .col = 1 + SP_SWAVE,
			.per_sm = 1,                                               /* barrier_sync.h [B5] */
		};
		double a1 = m->mem_per_inst * m->req_per_mem;
		if (g->l1_banks > 0 && a1 > 0.0) {
			/* ldst.h SHARED MEMORY: one unit, one instruction at a time: the shared memory
			 * demand joins the l1 station's (same demand, same queue: MVA sees only demand) */
			m->l1_service += st.visits * st.service / a1;
			m->l1_shared_service += st.visits * st.service / a1;
		} else {
			memsys_add_station(m, &st);
		}
	}
}
