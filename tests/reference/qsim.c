/* qsim.c -- discrete-event simulation of queues for tests/unit/test_queue.c (see qsim.h). */
#include "reference/qsim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#define NBATCH 20

/* 95% half-width of the mean of NBATCH batch means (Student t, NBATCH - 1 dof). */
static double batch_hw(const double *x, int nb)
{
	double m = 0, v = 0;
	for (int b = 0; b < nb; b++)
		m += x[b];
	m /= nb;
	for (int b = 0; b < nb; b++)
		v += (x[b] - m) * (x[b] - m);
	v /= nb - 1;
	return gsl_cdf_tdist_Pinv(0.975, nb - 1) * sqrt(v / nb);
}

static double draw_service(gsl_rng *r, qsim_dist_t dist, double s, double cs2)
{
	switch (dist) {
	case QSIM_EXP:   return gsl_ran_exponential(r, s);
	case QSIM_DET:   return s;
	case QSIM_GAMMA: return gsl_ran_gamma(r, 1.0 / cs2, s * cs2); /* mean s, variance cs2 s^2 */
	}
	return s;
}

int qsim_open(const qsim_open_cfg_t *cfg, qsim_open_res_t *out, double *p)
{
	if (!(cfg->lambda > 0) || !(cfg->s > 0) || cfg->K < 0 || cfg->customers < NBATCH ||
	    cfg->warmup < 0 || (cfg->dist == QSIM_GAMMA && !(cfg->cs2 > 0)))
		return -1;
	int K = cfg->K;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, cfg->seed);
	double *ring = K > 0 ? malloc((size_t)K * sizeof *ring) : NULL;   /* departure times */
	double *hist = K > 0 ? calloc((size_t)K + 1, sizeof *hist) : NULL; /* time at n in system */
	int head = 0, cnt = 0;
	double t = 0, tprev = 0, last_dep = 0, tlast = 0, sojourn = 0;
	double bw[NBATCH] = { 0 }, bacc[NBATCH] = { 0 }, bblk[NBATCH] = { 0 }, barr[NBATCH] = { 0 };
	long total = cfg->warmup + cfg->customers;
	for (long i = 0; i < total; i++) {
		int meas = i >= cfg->warmup;
		if (i == cfg->warmup)
			tlast = tprev;   /* measurement window starts at the previous arrival */
		tprev = t;
		t += gsl_ran_exponential(r, 1.0 / cfg->lambda);
		int b = meas ? (int)((i - cfg->warmup) * NBATCH / cfg->customers) : 0;
		if (K > 0) {
			while (cnt > 0 && ring[head] <= t) {  /* departures before this arrival */
				if (meas)
					hist[cnt] += ring[head] - tlast, tlast = ring[head];
				head = (head + 1) % K;
				cnt--;
			}
			if (meas)
				hist[cnt] += t - tlast, tlast = t;
			if (cnt == K) {
				if (meas)
					bblk[b]++, barr[b]++;
				continue;
			}
		}
		double S = draw_service(r, cfg->dist, cfg->s, cfg->cs2);
		double start = t > last_dep ? t : last_dep;   /* FCFS, one server */
		last_dep = start + S;
		if (K > 0)
			ring[(head + cnt++) % K] = last_dep;
		if (meas) {
			barr[b]++;
			bacc[b]++;
			bw[b] += start - t;
			sojourn += last_dep - t;
		}
	}
	double wait_b[NBATCH], blk_b[NBATCH], acc = 0, wsum = 0, blk = 0, arr = 0;
	for (int b = 0; b < NBATCH; b++) {
		wait_b[b] = bacc[b] > 0 ? bw[b] / bacc[b] : 0;
		blk_b[b] = barr[b] > 0 ? bblk[b] / barr[b] : 0;
		acc += bacc[b], wsum += bw[b], blk += bblk[b], arr += barr[b];
	}
	out->wait = acc > 0 ? wsum / acc : 0;
	out->wait_hw = batch_hw(wait_b, NBATCH);
	out->p_block = arr > 0 ? blk / arr : 0;
	out->p_block_hw = batch_hw(blk_b, NBATCH);
	if (K > 0) {
		double span = 0, l = 0;
		for (int n = 0; n <= K; n++)
			span += hist[n], l += n * hist[n];
		out->l = l / span;
		out->throughput = acc / span;
		if (p)
			for (int n = 0; n <= K; n++)
				p[n] = hist[n] / span;
	} else {
		/* window from the first measured arrival's predecessor to the last arrival */
		double span = t - tlast;
		out->l = sojourn / span;
		out->throughput = acc / span;
	}
	free(ring);
	free(hist);
	gsl_rng_free(r);
	return 0;
}

/* index of a destination drawn from dest[0..m-1] (NULL: uniform) */
static int draw_dest(gsl_rng *r, int m, const double *dest)
{
	if (!dest)
		return (int)gsl_rng_uniform_int(r, (unsigned long)m);
	double u = gsl_rng_uniform(r), c = 0;
	for (int j = 0; j < m - 1; j++) {
		c += dest[j];
		if (u < c)
			return j;
	}
	return m - 1;
}

int qsim_xbar_oq(int n_in, int n_out, double load, const double *dest, long cycles,
		 unsigned long seed, qsim_xbar_res_t *out)
{
	if (n_in < 1 || n_out < 1 || load < 0 || load > 1 || cycles < NBATCH)
		return -1;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, seed);
	long *backlog = calloc((size_t)n_out, sizeof *backlog);
	long *arr = calloc((size_t)n_out, sizeof *arr);
	double bw[NBATCH] = { 0 }, bn[NBATCH] = { 0 }, served = 0;
	long warm = cycles / 10, total = warm + cycles;
	for (long c = 0; c < total; c++) {
		for (int i = 0; i < n_in; i++)
			if (gsl_rng_uniform(r) < load)
				arr[draw_dest(r, n_out, dest)]++;
		int meas = c >= warm;
		int b = meas ? (int)((c - warm) * NBATCH / cycles) : 0;
		for (int j = 0; j < n_out; j++) {
			long x = arr[j];
			arr[j] = 0;
			if (meas && x) {
				/* the x requests queue behind the backlog in random order: waits
				 * backlog + 0, ..., backlog + x - 1 cycles */
				bw[b] += (double)x * backlog[j] + 0.5 * (double)x * (x - 1);
				bn[b] += x;
			}
			backlog[j] += x;
			if (backlog[j] > 0) {
				backlog[j]--;
				if (meas)
					served++;
			}
		}
	}
	double wb[NBATCH], ws = 0, ns = 0;
	for (int b = 0; b < NBATCH; b++) {
		wb[b] = bn[b] > 0 ? bw[b] / bn[b] : 0;
		ws += bw[b], ns += bn[b];
	}
	out->wait = ns > 0 ? ws / ns : 0;
	out->wait_hw = batch_hw(wb, NBATCH);
	out->throughput = served / cycles;
	free(backlog);
	free(arr);
	gsl_rng_free(r);
	return 0;
}

double qsim_xbar_hol(int n_in, int n_out, long cycles, unsigned long seed)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, seed);
	int *dst = malloc((size_t)n_in * sizeof *dst);
	int *cnt = malloc((size_t)n_out * sizeof *cnt);
	int *win = malloc((size_t)n_out * sizeof *win);
	for (int i = 0; i < n_in; i++)
		dst[i] = (int)gsl_rng_uniform_int(r, (unsigned long)n_out);
	long warm = cycles / 10;
	double served = 0;
	for (long c = 0; c < warm + cycles; c++) {
		memset(cnt, 0, (size_t)n_out * sizeof *cnt);
		for (int i = 0; i < n_in; i++) { /* each output picks one HOL contender at random */
			int j = dst[i];
			if (gsl_rng_uniform_int(r, (unsigned long)++cnt[j]) == 0)
				win[j] = i;
		}
		for (int j = 0; j < n_out; j++)
			if (cnt[j]) {
				dst[win[j]] = (int)gsl_rng_uniform_int(r, (unsigned long)n_out);
				if (c >= warm)
					served++;
			}
	}
	free(dst);
	free(cnt);
	free(win);
	gsl_rng_free(r);
	return served / ((double)cycles * n_out);
}

/* ---- closed networks ---- */

typedef struct ev {
	double t;
	int cust;
} ev_t;

static void heap_push(ev_t *h, int *n, ev_t e)
{
	int i = (*n)++;
	while (i > 0) {
		int par = (i - 1) / 2;
		if (h[par].t <= e.t)
			break;
		h[i] = h[par];
		i = par;
	}
	h[i] = e;
}

static ev_t heap_pop(ev_t *h, int *n)
{
	ev_t top = h[0], last = h[--*n];
	int i = 0;
	for (;;) {
		int c = 2 * i + 1;
		if (c >= *n)
			break;
		if (c + 1 < *n && h[c + 1].t < h[c].t)
			c++;
		if (last.t <= h[c].t)
			break;
		h[i] = h[c];
		i = c;
	}
	h[i] = last;
	return top;
}

int qsim_closed(const qsim_station_t *st, int n, int population, long completions, long warmup,
		unsigned long seed, qsim_closed_res_t *out)
{
	if (n < 1 || n > 32 || population < 1 || completions < NBATCH || warmup < 0)
		return -1;
	int base[33];
	base[0] = 0;
	for (int k = 0; k < n; k++) {
		if (st[k].copies < 1 || st[k].servers < 1 || st[k].demand < 0)
			return -1;
		base[k + 1] = base[k] + st[k].copies;
	}
	int nodes = base[n];
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, seed);
	int *qbuf = malloc((size_t)nodes * population * sizeof *qbuf); /* FCFS ring per node */
	int *qhead = calloc((size_t)nodes, sizeof *qhead), *qcnt = calloc((size_t)nodes, sizeof *qcnt);
	int *busy = calloc((size_t)nodes, sizeof *busy);
	int *at_type = malloc((size_t)population * sizeof *at_type);
	int *at_node = malloc((size_t)population * sizeof *at_node);
	ev_t *heap = malloc((size_t)population * sizeof *heap);
	int nh = 0;
	double tot[32] = { 0 }, bz[32] = { 0 }, aq[32] = { 0 }, ab[32] = { 0 };
	double t = 0, tlast = 0, t0 = 0, tb = 0, bx[NBATCH];
	long done = 0, per_batch = completions / NBATCH;

	/* a customer arrives at a random copy of type k at time t */
#define ARRIVE(c, k) do { \
		int v_ = base[k] + (int)gsl_rng_uniform_int(r, (unsigned long)st[k].copies); \
		at_type[c] = (k); at_node[c] = v_; tot[k]++; \
		double S_ = st[k].demand * st[k].copies; \
		if (st[k].is_delay || busy[v_] < st[k].servers) { \
			busy[v_]++; bz[k]++; \
			heap_push(heap, &nh, (ev_t){ t + gsl_ran_exponential(r, S_), (c) }); \
		} else { \
			qbuf[(size_t)v_ * population + (qhead[v_] + qcnt[v_]++) % population] = (c); \
		} } while (0)

	for (int c = 0; c < population; c++)
		ARRIVE(c, 0);
	long target = warmup + completions;
	while (done < target) {
		ev_t e = heap_pop(heap, &nh);
		t = e.t;
		if (done >= warmup) {
			double dt = t - tlast;
			for (int k = 0; k < n; k++)
				aq[k] += tot[k] * dt, ab[k] += bz[k] * dt;
		}
		tlast = t;
		int c = e.cust, k = at_type[c], v = at_node[c];
		tot[k]--;
		if (!st[k].is_delay && qcnt[v] > 0) {   /* next in line starts on the freed server */
			int nx = qbuf[(size_t)v * population + qhead[v]];
			qhead[v] = (qhead[v] + 1) % population;
			qcnt[v]--;
			heap_push(heap, &nh, (ev_t){ t + gsl_ran_exponential(r, st[k].demand * st[k].copies), nx });
		} else {
			busy[v]--;
			bz[k]--;
		}
		if (k == n - 1) {
			done++;
			if (done == warmup)
				t0 = tb = t;
			else if (done > warmup && (done - warmup) % per_batch == 0 &&
				 (done - warmup) / per_batch <= NBATCH) {
				bx[(done - warmup) / per_batch - 1] = per_batch / (t - tb);
				tb = t;
			}
		}
		int k2 = k == n - 1 ? 0 : k + 1;
		ARRIVE(c, k2);
	}
#undef ARRIVE
	double span = t - t0;
	out->X = completions / span;
	out->X_hw = batch_hw(bx, NBATCH);
	for (int k = 0; k < n; k++) {
		out->qlen[k] = aq[k] / span / st[k].copies;
		out->util[k] = ab[k] / span / st[k].copies / (st[k].is_delay ? 1 : st[k].servers);
	}
	free(qbuf);
	free(qhead);
	free(qcnt);
	free(busy);
	free(at_type);
	free(at_node);
	free(heap);
	gsl_rng_free(r);
	return 0;
}
