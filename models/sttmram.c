/*
 * sttmram.c -- SRAM / STT-MRAM capacities, energies, leakage and STT write blocking.
 *
 * Source: FUSE (HPCA 2019, ../shared/papers/004), §II-B (cells), §IV-A (tag queue, swap
 * buffer), §V (configurations), Table I (latencies, energies, leakage, queue sizes).
 *
 * (S1) Capacities under an area budget: the SRAM L1 of l1_bytes has data-array area
 *      A = 8 l1_bytes x sram_f2 (F^2).  A share s of it is SRAM and 1 - s is STT-MRAM:
 *      sram = s A / (8 sram_f2) = s l1_bytes,  stt = (1 - s) l1_bytes x sram_f2 / stt_f2.  [§II-B]
 *      With 140/36 F^2 and 32 KB: s = 1/2 -> 16 KB + 62.2 KB (Table I rounds to 64 KB); the
 *      totals of the other shares against §V-B's: tests/unit/test_sttmram.c.  Periphery is
 *      assumed to scale with the array (same share).
 * (S2) Dynamic energy per access E(C) = E_ref (C / C_ref)^0.75; Table I's SRAM banks give
 *      0.09 -> 0.15 nJ (read) and 0.07 -> 0.12 (write) from 16 to 32 KB: exponents 0.74 / 0.78.
 *      STT uses the same exponent from its 64 KB reference (0.26 / 2.4 nJ).  [Table I]
 * (S3) Leakage linear in capacity through Table I's two points per technology:
 *      SRAM 14 + 1.375 KiB mW (36 @ 16, 58 @ 32), STT 2.4 + 0.003125 KiB mW (2.6 @ 64, 2.8 @ 128).
 * (S4) STT bank as one server with deterministic service per request type: reads t_r, lookups
 *      that miss t_p, writes t_w.  The service time is a three-point mixture, so the tag queue is
 *      an M/G/1/K queue, solved by the embedded chain at departures exactly as queue.c solves
 *      M/D/1/K (level crossings, Gross & Harris §6.1.3; p_n = pi_n / (pi_0 + rho),
 *      p_K = 1 - 1 / (pi_0 + rho), eq. 6.14) with the arrivals-per-service probabilities of the
 *      mixture, a_j = sum_i (lam_i / lam) Poisson(j; lam t_i).  With one request type it is
 *      queue_md1k (the test checks it; the mixture matters: the mean service alone would
 *      understate blocking, tests/unit/test_sttmram.c's event simulation).  A
 *      blocked arrival waits the mean residual service of the request in service,
 *      E[S^2] / (2 E[S]) (renewal theory), before it can enter.
 *      Blocking organisation (Hybrid, pure STT; §V "any write on STT-MRAM will result in a long
 *      L1D cache stall"): each write stalls the L1 for t_w; other requests see K = 1 (no queue).
 *      FUSE: K = Q + 1 (Q tag-queue entries plus the one in service; Table I Q = 16).
 *      Swap buffer (B registers, Table I: 3): SRAM victims wait in it until their STT write;
 *      modelled as M/D/1/K with K = B, arrival lam_evict, service t_w / (1 - rho_other), the bank
 *      time left by the other requests (a shared-server approximation; rho_other >= 1 saturates
 *      it).  A blocked victim stalls the L1 half a service (deterministic residual).
 *      Update writes on STT data flush the tag queue (§IV-A): the L1 stalls while the queue
 *      drains (L requests x s) and the write completes (t_w).
 *      stall per cycle = lam x p_block x resid + lam_evict p_block_sb s_sb / 2
 *                        + lam_update (L s + t_w)                       (FUSE)
 *                      = lam x p_block x resid + lam_write t_w           (blocking)
 */
#include <math.h>

#include <gsl/gsl_cdf.h>

#include "queue.h"
#include "sttmram.h"

void stt_tech_default(stt_tech_t *t)
{
	t->sram_cell_f2 = 140.0;       /* §II-B [24] */
	t->stt_cell_f2 = 36.0;         /* §II-B [25]-[27] */
	t->sram_rd_cyc = 1.0;          /* Table I */
	t->sram_wr_cyc = 1.0;
	t->stt_rd_cyc = 1.0;
	t->stt_wr_cyc = 5.0;
	t->sram_rd_nj = 0.09;          /* Table I, 16 KB SRAM bank */
	t->sram_wr_nj = 0.07;
	t->stt_rd_nj = 0.26;           /* Table I, 64 KB STT bank */
	t->stt_wr_nj = 2.4;
	t->sram_ref_kib = 16.0;
	t->stt_ref_kib = 64.0;
	t->e_size_exp = 0.75;          /* (S2) */
	t->sram_leak_mw0 = 14.0;       /* (S3) */
	t->sram_leak_mw_per_kib = 1.375;
	t->stt_leak_mw0 = 2.4;
	t->stt_leak_mw_per_kib = 0.003125;
	t->tag_queue = 16;             /* Table I */
	t->swap_buffer = 3;
}

int stt_split(const stt_tech_t *t, double l1_bytes, double sram_frac, stt_split_t *out)
{
	if (!(l1_bytes > 0.0) || !(sram_frac >= 0.0 && sram_frac <= 1.0) || !out)
		return -1;
	out->sram_bytes = sram_frac * l1_bytes;                                   /* (S1) */
	out->stt_bytes = (1.0 - sram_frac) * l1_bytes * t->sram_cell_f2 / t->stt_cell_f2; /* (S1) §II-B */
	out->total_bytes = out->sram_bytes + out->stt_bytes;
	out->gain = out->total_bytes / l1_bytes;
	return 0;
}

double stt_access_nj(const stt_tech_t *t, double kib, int is_stt, int is_write)
{
	if (!(kib > 0.0))
		return 0.0;
	double ref = is_stt ? t->stt_ref_kib : t->sram_ref_kib;
	double e = is_stt ? (is_write ? t->stt_wr_nj : t->stt_rd_nj)
	                  : (is_write ? t->sram_wr_nj : t->sram_rd_nj);
	return e * pow(kib / ref, t->e_size_exp);                               /* (S2) Table I */
}

double stt_leak_mw(const stt_tech_t *t, double kib, int is_stt)
{
	if (!(kib > 0.0))
		return 0.0;
	return is_stt ? t->stt_leak_mw0 + t->stt_leak_mw_per_kib * kib         /* (S3) Table I */
	              : t->sram_leak_mw0 + t->sram_leak_mw_per_kib * kib;
}

/* M/G/1/K with a mixture of up to 3 deterministic services (S4): blocking probability, mean
 * number in system and mean wait of accepted customers.  K <= 64. */
static int stt_mg1k_mix(double lam, const double *w, const double *t, int n, int K,
                        double *p_block, double *l_mean, double *wait)
{
	double pi[65], es = 0.0;
	if (K < 1 || K > 64)
		return -1;
	for (int i = 0; i < n; i++)
		es += w[i] * t[i];
	double rho = lam * es, a0 = 0.0;
	for (int i = 0; i < n; i++)
		a0 += w[i] * exp(-lam * t[i]);                      /* a_0 of the mixture */
	if (rho > 500.0 || a0 < 1e-250) {     /* hopelessly saturated: the queue is always full */
		*p_block = 1.0 - 1.0 / rho;
		*l_mean = K;
		*wait = (K - 1) * es;
		return 0;
	}
	/* Q(m) = P(A > m), A = arrivals during one service of the mixture, m = 0..K-1 */
	double Q[65];
	for (int m = 0; m < K; m++)
		Q[m] = 0.0;
	for (int c = 0; c < n; c++) {
		double mu = lam * t[c];
		if (w[c] <= 0.0)
			continue;
		if (mu > 500.0) {
			for (int m = 0; m < K; m++)
				Q[m] += w[c] * gsl_cdf_poisson_Q((unsigned)m, mu);
			continue;
		}
		double pmf = exp(-mu), cdf = 0.0;     /* Poisson(mu) by its recursion */
		for (int m = 0; m < K; m++) {
			cdf += pmf;
			double q = 1.0 - cdf;
			if (q < 1e-6) {                  /* cancellation: sum the tail from its first term */
				double term = pmf * mu / (m + 1);
				q = 0.0;
				for (int j = m + 1; term > 1e-17 * q && j < m + 200; j++) {
					q += term;               /* sum_{j > m} pmf_j */
					term *= mu / (j + 1);
				}
			}
			Q[m] += w[c] * q;
			pmf *= mu / (m + 1);
		}
	}
	pi[0] = 1.0;
	for (int j = 0; j + 1 < K; j++) {
		/* level crossing between {0..j} and {j+1..} [Gross & Harris §6.1.3] */
		double up = pi[0] * Q[j];
		for (int i = 1; i <= j; i++)
			up += pi[i] * Q[j - i + 1];
		pi[j + 1] = up / a0;
		if (pi[j + 1] > 1e200)
			for (int i = 0; i <= j + 1; i++)
				pi[i] *= 1e-200;
	}
	double sum = 0.0;
	for (int j = 0; j < K; j++)
		sum += pi[j];
	double d = pi[0] / sum + rho, l = 0.0;
	for (int j = 1; j < K; j++)
		l += j * (pi[j] / sum) / d;                            /* p_n = pi_n / (pi_0 + rho) */
	double pk = fmax(0.0, 1.0 - 1.0 / d);                     /* p_K [Gross & Harris eq. 6.14] */
	l += K * pk;
	*p_block = pk;
	*l_mean = l;
	double thr = lam * (1.0 - pk);
	*wait = thr > 0 ? fmax(0.0, l / thr - es) : 0.0;          /* Little */
	return 0;
}

int stt_block_eval(const stt_load_t *in, stt_block_t *out)
{
	if (in->lam_read < 0 || in->lam_probe < 0 || in->lam_write < 0 || in->lam_evict < 0 ||
	    in->lam_update < 0 || !(in->t_read > 0) || !(in->t_probe > 0) || !(in->t_write > 0))
		return -1;
	double lam = in->lam_read + in->lam_probe + in->lam_write;
	double s1 = in->lam_read * in->t_read + in->lam_probe * in->t_probe + in->lam_write * in->t_write;
	double s2 = in->lam_read * in->t_read * in->t_read + in->lam_probe * in->t_probe * in->t_probe +
	            in->lam_write * in->t_write * in->t_write;
	out->lam = lam;
	out->rho = s1;
	out->s_mean = lam > 0 ? s1 / lam : in->t_read;
	out->s_resid = lam > 0 ? s2 / (2.0 * s1) : 0.5 * in->t_read;   /* (S4) E[S^2]/(2E[S]) */
	out->p_block_tq = out->p_block_sb = out->wait = 0.0;
	out->stall_per_write = out->stall_per_req = out->stall_per_cycle = 0.0;
	if (lam <= 0.0) {
		out->stall_per_write = in->nonblocking ? 0.0 : in->t_write;
		return 0;
	}
	int K = in->nonblocking ? in->tag_queue + 1 : 1;               /* (S4) K = Q + 1, or 1 */
	double w[3] = { in->lam_read / lam, in->lam_probe / lam, in->lam_write / lam };
	double ts[3] = { in->t_read, in->t_probe, in->t_write };
	double l_q;
	if (stt_mg1k_mix(lam, w, ts, 3, K, &out->p_block_tq, &l_q, &out->wait) != 0)
		return -1;
	out->stall_per_req = out->p_block_tq * out->s_resid;                /* (S4) blocked arrival waits */
	if (!in->nonblocking) {
		out->stall_per_write = in->t_write;                      /* (S4) Hybrid: write holds L1 */
		out->stall_per_cycle = lam * out->stall_per_req + in->lam_write * in->t_write;
		return 0;
	}
	double stall_w = 0.0;
	if (in->lam_evict > 0.0) {
		double rho_other = s1 - in->lam_evict * in->t_write;
		double avail = 1.0 - rho_other;
		double s_sb = avail > 1e-6 ? in->t_write / avail : in->t_write * 1e6;  /* (S4) shared server */
		queue_md1k_t b;
		if (in->swap_buffer < 1)
			return -1;
		if (in->lam_evict * s_sb > 500.0)                         /* saturated: always full */
			b.p_block = 1.0 - 1.0 / (in->lam_evict * s_sb);
		else if (queue_md1k(in->lam_evict, s_sb, in->swap_buffer, &b) != 0)
			return -1;
		out->p_block_sb = b.p_block;
		stall_w += in->lam_evict * b.p_block * 0.5 * fmin(s_sb, 1e3 * in->t_write); /* (S4) residual */
	}
	stall_w += in->lam_update * (l_q * out->s_mean + in->t_write); /* (S4) §IV-A queue flush */
	out->stall_per_write = in->lam_write > 0 ? stall_w / in->lam_write : 0.0;
	out->stall_per_cycle = lam * out->stall_per_req + stall_w;
	return 0;
}
