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
		}
		if (gr->n > 0 && gr->mean > 0.0)
			return;
		memset(gr, 0, sizeof *gr);
	}
	gr->n = 1;
	gr->size[0] = fitted > 0.0 ? fitted : dflt > 0.0 ? dflt : 1.0;
	gr->share[0] = 1.0;
	gr->slide[0] = 0;
	gr->mean = gr->size[0];
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
