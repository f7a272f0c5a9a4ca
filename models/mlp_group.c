/* mlp_group.c -- a warp's groups of loads in flight and their fork-join latency (mlp_group.h). */
#include "mlp_group.h"

#include <math.h>
#include <string.h>

void mlp_groups_init(mlp_groups_t *gr, const profile_shape_t *s, double fitted, double dflt)
{
	memset(gr, 0, sizeof *gr);
	if (!(fitted > 0.0) && s && s->has_mlp && s->mlp_groups > 0.0) {
		double below = 0.0, gsum = 0.0;   /* loads and groups of the bins below the last */
		for (int i = 0; i < SHAPE_MLP_BINS; i++) {
			double h = s->mlp_hist[i];
			if (!(h > 0.0))
				continue;
			double size = i + 1.0;
			if (i == SHAPE_MLP_BINS - 1) {   /* the open last bin: its own mean */
				size = (s->mlp_loads - below) / h;
				if (size < SHAPE_MLP_BINS)
					size = SHAPE_MLP_BINS;
			} else {
				below += size * h;
			}
			double over = s->has_mlp_over ? s->mlp_hist_over[i] : 0.0;
			over = over < h ? (over > 0.0 ? over : 0.0) : h;
			for (int sl = 0; sl < 2; sl++) {   /* closed by a read (or the end), by an overwrite */
				double part = sl ? over : h - over;
				if (!(part > 0.0))
					continue;
				gr->size[gr->n] = size;
				gr->share[gr->n] = part;
				gr->slide[gr->n] = (unsigned char)sl;
				gr->n++;
			}
			gsum += h;
		}
		for (int j = 0; j < gr->n; j++) {
			gr->share[j] /= gsum;
			gr->mean += gr->share[j] * gr->size[j];   /* [G1] */
			if (!gr->slide[j])
				gr->share_fj += gr->share[j];
		}
		if (gr->n > 0 && gr->mean > 0.0) {
			gr->fresh = s->has_fresh ? (const double (*)[SHAPE_FRESH_BINS])s->fresh : NULL;
			gr->n_fresh = 0;
			for (int b1 = 0; gr->fresh && b1 < SHAPE_FRESH_BINS; b1++)
				for (int bg = 0; bg < SHAPE_FRESH_BINS; bg++)
					if (gr->fresh[b1][bg] > 0.0)
						gr->fresh_cell[gr->n_fresh++] = (unsigned short)(b1 * SHAPE_FRESH_BINS + bg);
			return;
		}
		memset(gr, 0, sizeof *gr);
	}
	gr->n = 1;
	gr->size[0] = fitted > 0.0 ? fitted : dflt > 0.0 ? dflt : 1.0;
	gr->share[0] = 1.0;
	gr->slide[0] = 0;
	gr->mean = gr->size[0];
	gr->share_fj = 1.0;
}

/* [G2]: the wait at the level of a group that forks k requests */
static double group_wait(double k, double q, double delay)
{
	if (k <= 1.0)
		return k * q * delay;
	double qq = q < 1.0 ? q : 1.0, mult = q > 1.0 ? q : 1.0;
	return (1.0 - pow(1.0 - qq, k)) * mult * delay;
}

double mlp_group_latency(const mlp_groups_t *gr, double loads_per_inst, double req_per_load, double q,
                         double delay)
{
	if (!(loads_per_inst > 0.0) || !(q > 0.0) || delay == 0.0)
		return 0.0;
	if (gr->n < 1 || !(gr->mean > 0.0))   /* groups of one load */
		return loads_per_inst * group_wait(req_per_load, q, delay);
	double s = 0.0;
	for (int j = 0; j < gr->n; j++)   /* [G3]: [G2] for a read's group, [G2w] for a window */
		s += gr->share[j] * group_wait(gr->slide[j] ? req_per_load : gr->size[j] * req_per_load, q, delay);
	return loads_per_inst / gr->mean * s;
}

double mlp_group_latency_fresh(const mlp_groups_t *gr, double loads_per_inst, double req_per_load, double q,
                               double q_cap, double p_fresh, double fresh_d, double delay)
{
	if (!(loads_per_inst > 0.0) || gr->n < 1 || !(gr->mean > 0.0))
		return 0.0;
	double s = 0.0;
	for (int j = 0; j < gr->n; j++)   /* FRESH LINES: windows [G2w]; fork-join [F5] + f_d */
		s += gr->share[j] * (gr->slide[j] ? group_wait(req_per_load, q, delay)
		                                  : (1.0 - p_fresh) * group_wait(gr->size[j] * req_per_load, q_cap, delay) + fresh_d);
	return loads_per_inst / gr->mean * s;
}

/* the lower and upper age of a fresh bin (profile_shape.h: 0; [2^(b-1), 2^b)) */
static void bin_range(int b, double *lo, double *hi)
{
	*lo = b == 0 ? 0.0 : ldexp(1.0, b - 1);
	*hi = b == 0 ? 0.0 : ldexp(1.0, b);
}

/* For an age uniform in [lo, hi) (a point when lo == hi): P(age / lam < t) and
 * E[(t - age / lam) 1{age / lam < t}] */
static void residual(double lo, double hi, double lam, double t, double *p, double *e)
{
	double cut = lam * t;                     /* ages below it are in the window */
	if (!(hi > lo)) {
		*p = lo < cut || (lo == 0.0 && t > 0.0) ? 1.0 : 0.0;
		*e = *p * (t - lo / lam);
		return;
	}
	double top = cut < hi ? cut : hi;
	if (!(top > lo)) {
		*p = *e = 0.0;
		return;
	}
	*p = (top - lo) / (hi - lo);
	/* integral of (t - a / lam) over [lo, top) / (hi - lo) */
	*e = (t * (top - lo) - (top * top - lo * lo) / (2.0 * lam)) / (hi - lo);
}

/* [F1]-[F4] over the n cells idx (b1 x BINS + bg, in row order) of the record */
static void fresh_wait_cells(const double (*fresh)[SHAPE_FRESH_BINS], const unsigned short *idx, int n_idx,
                             double t_llc, double t_dram, double t_llc0, double t_dram0, double lam_1, double lam_g,
                             mlp_fresh_wait_t *out)
{
	memset(out, 0, sizeof *out);
	double groups = 0.0, pf = 0.0, ed = 0.0, el = 0.0;
	for (int i = 0; i < n_idx; i++) {
		int b1 = idx[i] / SHAPE_FRESH_BINS, bg = idx[i] % SHAPE_FRESH_BINS;
		double n = fresh[b1][bg];
		if (!(n > 0.0))
			continue;
		groups += n;
		double lo, hi, pd, wd, pl, wl;
		if (bg == 0) {                  /* [F1] the line's first request */
			pd = 1.0;
			wd = t_dram0;
		} else {                        /* [F2] a DRAM fill in flight */
			bin_range(bg, &lo, &hi);
			residual(lo, hi, lam_g, t_dram, &pd, &wd);
		}
		if (b1 == 0) {                  /* [F3] the SM's first request of the line */
			pl = 1.0;
			wl = t_llc0;
		} else {                        /* [F4] the SM's fill in flight */
			bin_range(b1, &lo, &hi);
			residual(lo, hi, lam_1, t_llc, &pl, &wl);
		}
		/* the DRAM fill first; [F3]-[F4] for the ages past its window (independent within
		 * the cell: the ages uniform in their bins) */
		pf += n * (pd + (1.0 - pd) * pl);
		ed += n * wd;
		el += n * (1.0 - pd) * wl;
	}
	if (!(groups > 0.0))
		return;
	out->p_fresh = pf / groups;
	out->e_dram = ed / groups;
	out->e_llc = el / groups;
}

void mlp_fresh_wait(const double (*fresh)[SHAPE_FRESH_BINS], double t_llc, double t_dram, double t_llc0,
                    double t_dram0, double lam_1, double lam_g, mlp_fresh_wait_t *out)
{
	unsigned short idx[SHAPE_FRESH_BINS * SHAPE_FRESH_BINS];
	int n = 0;
	for (int b1 = 0; b1 < SHAPE_FRESH_BINS; b1++)
		for (int bg = 0; bg < SHAPE_FRESH_BINS; bg++)
			if (fresh[b1][bg] > 0.0)
				idx[n++] = (unsigned short)(b1 * SHAPE_FRESH_BINS + bg);
	fresh_wait_cells(fresh, idx, n, t_llc, t_dram, t_llc0, t_dram0, lam_1, lam_g, out);
}

void mlp_fresh_wait_groups(const mlp_groups_t *gr, double t_llc, double t_dram, double t_llc0, double t_dram0,
                           double lam_1, double lam_g, mlp_fresh_wait_t *out)
{
	fresh_wait_cells(gr->fresh, gr->fresh_cell, gr->n_fresh, t_llc, t_dram, t_llc0, t_dram0, lam_1, lam_g, out);
}
