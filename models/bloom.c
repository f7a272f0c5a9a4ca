/*
 * bloom.c -- Bloom-filter false positives, counting-filter overflow, FUSE tag-search cycles.
 *
 * Equations (m bits or counters, k hashes, n items, hashes independent and uniform):
 *   (B1) p0 = P(a given bit is 0) = (1 - 1/m)^{kn}                      [Bloom 1970; Broder-
 *        Mitzenmacher 2004 §2.1]: each of the kn hash values misses the bit w.p. 1 - 1/m.
 *   (B2) FP = (1 - p0)^k: an absent item is reported present iff all its k bits are set
 *        (treating the k bits as independent, the standard textbook form).
 *   (B2') exact: X = set bits after kn throws, P_{t+1}(j) = P_t(j) j/m + P_t(j-1)(m-j+1)/m,
 *        FP = sum_j P(X=j) (j/m)^k                          [Bose et al. 2008; Christensen et al. 2010]
 *   (B3) FP ~ (1 - e^{-kn/m})^k, since (1 - 1/m)^{kn} ~ e^{-kn/m}          [Broder-Mitzenmacher §2.1]
 *   (B4) partitioned: k slices of m/k bits, one hash per slice:
 *        FP = (1 - (1 - k/m)^n)^k                                         [Broder-Mitzenmacher §2.1]
 *   (B5) k_opt = (m/n) ln 2 minimises (B3)                                [Broder-Mitzenmacher §2.1]
 *   (C1) counting filter: the count of one counter is C ~ Binomial(kn, 1/m) [Fan et al. 2000 §V-C],
 *        ~ Poisson(kn/m).  A b-bit counter saturates when C >= 2^b - 1; P(C >= j) by GSL's binomial
 *        upper tail.  Because C > 0 iff the corresponding bit of a plain filter is set, the
 *        false-positive rate of a counting filter equals (B2) as long as saturated counters are
 *        never decremented to zero (Fan et al.'s "stick at max" rule).
 *   (T1) FUSE tag search (§III-B Fig. 7, §IV-C, Table I): F filters over W ways, s = W/F blocks
 *        per data set; per-filter FP f from (B2') at n = s (data sets are full in steady state:
 *        FIFO refills the way it evicts); lookup = t_filter (all filters tested in parallel in one
 *        STT read) + polled sets x ceil(s / comparators) cycles, where a miss polls the (F-1) f
 *        expected false positives, and a hit polls the true set plus, in random order, half of
 *        them on average: 1 + (F-1) f / 2.
 * Valid range: m >= 1, k >= 1, n >= 0; n may be real (an expected load): (B1) uses the real
 * exponent, the binomial tail of (C1) interpolates linearly between the neighbouring integer
 * trial counts.
 */
#include <math.h>

#include <gsl/gsl_cdf.h>

#include "bloom.h"

/* (B1) P(a given bit/counter is 0) after kn uniform hashes into m positions. */
static double bloom_p_zero(double m, int k, double n)
{
	double draws = (double)k * n;
	if (draws <= 0.0)
		return 1.0;
	if (m <= 1.0)
		return 0.0;
	return exp(draws * log1p(-1.0 / m));    /* (1 - 1/m)^{kn} [Bloom 1970] */
}

double bloom_fp_exact(double m_bits, int k, double n_items)
{
	if (m_bits < 1.0 || k < 1 || n_items < 0.0)
		return NAN;
	return pow(1.0 - bloom_p_zero(m_bits, k, n_items), k);   /* (B2) [Broder-Mitzenmacher §2.1] */
}

double bloom_fp_occupancy(double m_bits, int k, double n_items)
{
	if (m_bits < 1.0 || k < 1 || n_items < 0.0)
		return NAN;
	long m = lround(m_bits), throws = (long)k * lround(n_items);
	if ((double)throws * (double)m > 4e6 || m > 65536)
		return bloom_fp_exact(m_bits, k, n_items);
	double p[65537];                  /* P(j bits set), j = 0..m (only 0..m touched) */
	for (long j = 0; j <= m; j++)
		p[j] = 0.0;
	p[0] = 1.0;
	for (long t = 0; t < throws; t++) {
		long top = t + 1 < m ? t + 1 : m;
		for (long j = top; j >= 1; j--)       /* (B2') occupancy recursion, in place from the top */
			p[j] = p[j] * (double)j / m + p[j - 1] * (double)(m - j + 1) / m;
		p[0] = 0.0;
	}
	double fp = 0.0;
	for (long j = 1; j <= m; j++) {
		double x = (double)j / m, xk = x;
		for (int h = 1; h < k; h++)
			xk *= x;
		fp += p[j] * xk;                     /* (B2') p_j (j/m)^k */
	}
	return fp;
}

double bloom_fp_approx(double m_bits, int k, double n_items)
{
	if (m_bits < 1.0 || k < 1 || n_items < 0.0)
		return NAN;
	return pow(-expm1(-(double)k * n_items / m_bits), k);    /* (B3) (1 - e^{-kn/m})^k */
}

double bloom_fp_partitioned(double m_bits, int k, double n_items)
{
	if (m_bits < (double)k || k < 1 || n_items < 0.0)
		return NAN;
	double slice = m_bits / k;
	double p0 = slice <= 1.0 ? (n_items > 0.0 ? 0.0 : 1.0)
	                         : exp(n_items * log1p(-1.0 / slice)); /* (1 - k/m)^n per slice */
	return pow(1.0 - p0, k);                                  /* (B4) [Broder-Mitzenmacher §2.1] */
}

int bloom_k_opt(double m_bits, double n_items)
{
	if (!(n_items > 0.0) || m_bits < 1.0)
		return 1;
	double kr = m_bits / n_items * M_LN2;                    /* (B5) */
	int lo = (int)floor(kr), hi = lo + 1;
	if (lo < 1)
		return 1;
	return bloom_fp_approx(m_bits, lo, n_items) <= bloom_fp_approx(m_bits, hi, n_items) ? lo : hi;
}

/* P(Binomial(trials, p) >= j) for real trials (linear between integer neighbours). */
static double binom_tail_ge(double trials, double p, unsigned j)
{
	if (j == 0)
		return 1.0;
	double t0 = floor(trials), w = trials - t0;
	double q0 = t0 >= j ? gsl_cdf_binomial_Q(j - 1, p, (unsigned)t0) : 0.0;  /* P(X > j-1) */
	if (w == 0.0)
		return q0;
	double t1 = t0 + 1.0;
	double q1 = t1 >= j ? gsl_cdf_binomial_Q(j - 1, p, (unsigned)t1) : 0.0;
	return (1.0 - w) * q0 + w * q1;
}

int bloom_cbf_eval(double m_counters, int k, double n_items, int b_bits, bloom_cbf_t *out)
{
	if (m_counters < 1.0 || k < 1 || n_items < 0.0 || b_bits < 1 || b_bits > 16 || !out)
		return -1;
	unsigned cmax = (1u << b_bits) - 1u;           /* a b-bit counter saturates at 2^b - 1 */
	double draws = (double)k * n_items;
	out->mean_load = draws / m_counters;
	out->p_zero = bloom_p_zero(m_counters, k, n_items);
	out->fp = pow(1.0 - out->p_zero, k);           /* (C1): nonzero counter <=> set bit, (B2) */
	out->fp_occ = bloom_fp_occupancy(m_counters, k, n_items);
	out->fp_approx = bloom_fp_approx(m_counters, k, n_items);
	out->p_sat = binom_tail_ge(draws, 1.0 / m_counters, cmax);  /* (C1) [Fan et al. 2000 §V-C] */
	out->p_sat_poisson = cmax == 0 ? 1.0 : gsl_cdf_poisson_Q(cmax - 1, out->mean_load);
	out->p_any_sat = -expm1(m_counters * log1p(-fmin(out->p_sat, 1.0 - 1e-300)));
	return 0;
}

int bloom_tagsearch_eval(int ways, int n_filters, int counters, int b_bits, int k,
                         int comparators, double t_filter, bloom_tagsearch_t *out)
{
	if (ways < 1 || n_filters < 1 || ways < n_filters || counters < 1 || b_bits < 1 ||
	    b_bits > 16 || k < 1 || comparators < 1 || t_filter < 0.0 || !out)
		return -1;
	bloom_cbf_t c;
	out->set_size = (double)ways / n_filters;
	if (bloom_cbf_eval(counters, k, out->set_size, b_bits, &c) != 0)
		return -1;
	out->fp = c.fp_occ;                                      /* (T1) per-filter FP at n = s (B2') */
	out->p_sat = c.p_sat;
	out->false_sets = (n_filters - 1) * out->fp;
	out->cyc_per_set = ceil(out->set_size / comparators);  /* 4 comparators, one index per cycle */
	out->cycles_hit = t_filter + (1.0 + 0.5 * out->false_sets) * out->cyc_per_set;  /* (T1) hit */
	out->cycles_miss = t_filter + out->false_sets * out->cyc_per_set;               /* (T1) miss */
	out->bits = (double)n_filters * counters * b_bits;
	return 0;
}

double bloom_tagsearch_cycles(const bloom_tagsearch_t *t, double hit_rate)
{
	return hit_rate * t->cycles_hit + (1.0 - hit_rate) * t->cycles_miss;
}
