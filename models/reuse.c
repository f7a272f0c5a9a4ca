/*
 * reuse.c -- hit rates from LRU stack-distance and reuse-time histograms.
 *
 * Notation: a histogram holds N = total accesses, of which `cold` first touches and count[i]
 * accesses with a distance in [lo[i], hi[i]).  C = capacity in blocks, A = associativity,
 * S = C / A sets.  Every hit ratio counts cold misses in the denominator.
 *
 * 1. Fully-associative LRU [Mattson et al. 1970, "Evaluation techniques for storage
 *    hierarchies", IBM Sys. J. 9(2)]: an access hits iff its stack distance d < C, so
 *        H(C) = sum_{d < C} n(d) / N.
 *    Exact at bin edges; inside a multi-distance bin the distances are taken as uniformly
 *    spread, so H is linear in C there.
 *
 * 2. Set-associative LRU [Smith 1978, "A comparative study of set associative memory mapping
 *    algorithms and their use for cache and main memory", IEEE TSE SE-4(2)]: block addresses
 *    map to sets uniformly at random, so of the d distinct blocks touched since the last use,
 *    Binomial(d, 1/S) fall into the same set; LRU within the set hits iff fewer than A did:
 *        H = sum_d n(d)/N * P[Binomial(d, 1/S) <= A - 1].
 *    A multi-distance bin is integrated with the trapezoid rule over its two end distances.
 *    Along a histogram's distances the probability is carried by the binomial's exact
 *    recurrences in d (smith_walk below), re-seeded from the finite sum.
 *
 * 3. Random and FIFO replacement (fixed-point models on the reuse-time histogram rt, where
 *    t = accesses strictly between two uses of a block).  Let m be the miss ratio.  The first
 *    C misses only fill the cache; the evicting misses per access are
 *        e(m) = max(0, m - C/N)                                            (fill correction)
 *    and during a reuse gap of t accesses, e*t evicting misses happen (misses are taken as
 *    uniform in time).  Misses hash uniformly over the S sets.
 *    Random: each evicting miss lands in the block's set with probability 1/S and then picks
 *    the block with probability 1/A, so the block survives the gap with probability
 *        h_rand(t) = (1 - 1/C)^(e t)                           (memoryless: exact given e)
 *    independently of A (uniform hashing).
 *    FIFO: the block leaves A evicting misses of its set after its *insertion*, not after its
 *    last use.  Take each block's gaps as equal to t (loops); with lambda = e t / S evicting
 *    misses per gap in its set, after an insertion the block hits H_n further times, where
 *        H_n = sum_{j>=1} P[Poisson(j lambda) < A],
 *    then misses and is re-inserted, so a fraction h = H_n / (1 + H_n) of its reuses hit.
 *    H_n in closed form: A == 1: H_n = 1 / expm1(lambda) (geometric series); A >= 2: the
 *    Euler-Maclaurin estimate of the sum, integral A/lambda minus half the j = 0 term, bounded
 *    below by its first term (which dominates when lambda >> A):
 *        H_n = max(A/lambda - 1/2, P[Poisson(lambda) < A]).
 *    FIFO in a set-associative cache (S > 1) is solved per set instead, conditioning on the
 *    number K of distinct blocks the block's set receives (K - 1 ~ Poisson((F - 1)/S)): a set
 *    is a fully-associative FIFO of A ways with footprint K that sees a share K/F of the
 *    accesses; sets with K <= A take only cold misses, the others get their own fixed point
 *    (t scaled by K/F, fill share min(K, A)/K), and H = sum_K P(K) H_K.  This keeps the misses
 *    of overfull sets in those sets; random replacement keeps the set-blind model above (the
 *    closer of the two to the exact simulator on mixed traces, tests/unit/test_reuse.c).
 *    Fixed point: m = cold/N + sum_t rt(t)/N * (1 - h(t; e(m))).  The right-hand side is
 *    non-decreasing in m, and m = 1 is never below it, so a root lies in [cold/N, 1]; GSL's
 *    Brent solver finds it (gsl_root_fsolver_brent).  A multi-distance bin uses the mean of h
 *    at its two end times.
 *    Direct-mapped caches (A = 1) have no replacement choice, so reuse_hit and the curves use
 *    Smith's LRU model for them whenever the stream has its sd histogram.
 *    Assumptions: uniform hashing of blocks over sets, misses spread evenly in time, and (FIFO)
 *    per-block regular gaps.  Valid range: the random model spreads evictions over all sets, so
 *    a footprint near the capacity that overfills only some sets (pure loops) is predicted too
 *    optimistic; mixes of random and Zipf traffic are its range.  Checked against the exact
 *    simulator in tests/unit/test_reuse.c (interleaved loops and mixes).
 *
 * 4. Curves: hit ratio tabulated at C_k = 2^(k/32), k = 0..K, C_K >= 2 x (largest finite
 *    distance) and >= 2 x footprint bound; evaluation is piecewise linear in log2(C) between
 *    grid points (monotone because the table is made non-decreasing), constant beyond C_K and
 *    H(1) * C below one block.  Powers of two are grid points, so the curve is exact there.
 *    An LRU table is filled lazily, as a prefix: reuse_curve_alloc only copies the histogram,
 *    and an evaluation that needs grid point k first fills every point up to k, in the order
 *    and with the arithmetic of a whole tabulation, so each value is bit-identical to an eager
 *    table's (the running maximum that makes the table non-decreasing runs over the same
 *    points); filling allocates nothing.  FIFO and random tables are filled whole at
 *    allocation, as before (each point's root solve allocates GSL's solver; the sweep's
 *    contexts use LRU curves only).  A workload context builds some twenty curves and a design point reads a few of
 *    them at capacities up to its cache sizes: most grid points (those past the largest cache
 *    asked for, up to 4096 x the largest distance) and whole curves are never needed, and the
 *    sweep's sampling-error draws build 32 contexts per sampled workload.  Threads: the filled
 *    length is an atomic read with acquire order; filling takes the curve's mutex and publishes
 *    the new length with release order; filled points never change again.
 *
 * 5. Partition property (spatial sampling, as in SHARDS [Waldspurger et al., FAST 2015]): a
 *    partition receiving a uniformly hashed fraction f of the block addresses sees, between two
 *    uses of one of its blocks, about f*d distinct blocks of its own where the whole stream saw
 *    d.  So with capacity f*C it hits like the whole stream with C: H_part(f C) = H(C), i.e.
 *    H_part(blocks) = H(blocks / f).
 */
#include "reuse.h"

#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_sf_gamma.h>

#define CURVE_PER_OCTAVE 32   /* grid points per doubling of capacity */

struct reuse_curve {
	int n;             /* grid points */
	double *hit;       /* hit ratio at C_k = 2^(k / CURVE_PER_OCTAVE); hit[0 .. done - 1] filled */
	atomic_int done;   /* filled prefix (acquire / release; header, 4) */
	pthread_mutex_t mu;/* held while filling */
	/* what a grid point is computed from: the curve's own copy of the histogram */
	reuse_hist_t h;
	int assoc, units, step;
	enum reuse_policy pol;
	int next_sample;   /* FIFO/random: the next sample point to compute (a multiple of step) */
	double prev;       /* the running maximum over the points (samples) computed so far */
};

static int hist_ok(const reuse_hist_t *h)
{
	return h && h->total > 0 && (h->n > 0 || h->cold > 0);
}

/* Largest finite distance bound (exclusive) in h, 0 if none. */
static double hist_max(const reuse_hist_t *h)
{
	double m = 0;
	for (size_t i = 0; i < h->n; i++)
		if (h->count[i] > 0 && h->hi[i] > m)
			m = h->hi[i];
	return m;
}

double reuse_hit_full_lru(const reuse_hist_t *sd, double blocks)
{
	assert(sd && blocks >= 0);
	if (!hist_ok(sd))
		return 0;
	double hits = 0;
	for (size_t i = 0; i < sd->n; i++) {
		double lo = sd->lo[i], hi = sd->hi[i];
		if (blocks >= hi)
			hits += sd->count[i];                           /* [Mattson 1970]: d < C hits */
		else if (blocks > lo)
			hits += sd->count[i] * (blocks - lo) / (hi - lo); /* uniform inside the bin */
	}
	return hits / sd->total;
}

double reuse_hit_full_lru_exact(const reuse_hist_t *sd, const reuse_hist_t *sd_exact, double blocks)
{
	assert(sd && sd_exact && blocks >= 0);
	if (!(sd_exact->n > 0) || !hist_ok(sd))
		return reuse_hit_full_lru(sd, blocks);
	double hits = 0;
	for (size_t i = 0; i < sd->n; i++)                        /* exact unit bins below 64 */
		if (sd->hi[i] <= 64 && blocks >= sd->hi[i])
			hits += sd->count[i];
	for (size_t i = 0; i < sd_exact->n; i++)                  /* d < C hits [Mattson 1970] */
		if (blocks > sd_exact->lo[i])
			hits += sd_exact->count[i];
	return hits / sd->total;
}

static double poisson_cdf(int k, double lambda);

/* P[Binomial(d, p) <= a - 1] where one of the shortcuts below decides it (d < a, a far tail):
 * returns 1 and sets *v, else 0.  *upper is set when the value is the far upper tail's 0,
 * which then holds for every larger d too: mu - k - 40 - 9 sd, as a function of sqrt(d), is a
 * convex quadratic negative at 0, so it crosses 0 once. */
static int smith_shortcut(double d, double p, int a, double *v, int *upper)
{
	*upper = 0;
	if (d < a) {
		*v = 1.0;
		return 1;
	}
	if (p >= 1.0) {
		*v = 0.0;
		return 1;
	}
	/* Far tails (more than 9 standard deviations plus a margin from the mean) are 0 or 1 to
	 * better than 1e-15: skip the incomplete beta function there. */
	double mu = d * p, sd = sqrt(mu * (1 - p)), k = a - 1;
	if (mu - k > 9 * sd + 40) {
		*v = 0.0;
		*upper = 1;
		return 1;
	}
	if (k - mu > 9 * sd + 40) {
		*v = 1.0;
		return 1;
	}
	return 0;
}

/* P[Binomial(d, p) <= a - 1] for integer d (Smith 1978) outside the shortcuts.  *pmf is set
 * to P[Binomial(d, p) = a - 1] when the finite sum computed it (the seed of the walk below),
 * else to -1. */
static double smith_direct(double d, double p, int a, double *pmf)
{
	*pmf = -1;
	if (d > 4e9)                  /* beyond unsigned: here p < 1e-6, and Poisson(dp) is the limit */
		return poisson_cdf(a - 1, d * p);
	if (a <= 64) {
		/* P[Binomial(d, p) <= a-1] as its a terms: t_0 = (1-p)^d, t_{j+1} = t_j (d-j)/(j+1)
		 * p/(1-p).  Outside the far tails skipped above the mean is at most ~a + 9 sd + 40,
		 * so t_0 >= e^-200 cannot underflow; equal to gsl_cdf_binomial_P within 4e-10
		 * (tests/unit/test_smith.c) and much cheaper than the incomplete beta function. */
		double t = exp(d * log1p(-p)), r = p / (1 - p), sum = t;
		for (int j = 0; j < a - 1; j++) {
			t *= (d - j) / (j + 1) * r;
			sum += t;
		}
		*pmf = t;                                             /* the j = a - 1 term */
		return sum;                                           /* [Smith 1978] */
	}
	return gsl_cdf_binomial_P((unsigned)(a - 1), p, (unsigned)d); /* [Smith 1978] */
}

/*
 * Smith's probability F(d) = P[Binomial(d, p) <= k], k = a - 1, along the distances of one
 * histogram at one p.  Two exact identities of the binomial distribution, with
 * f(d) = P[Binomial(d, p) = k]:
 *     F(d + 1) = F(d) - p f(d)                 (the (d+1)-th block lands in the set with prob. p)
 *     f(d + 1) = f(d) (1 - p) (d + 1) / (d + 1 - k)
 * carry F from one distance to the next (a unit bin's neighbour, a bin's other end) in a few
 * multiplications instead of exp, log1p and the a-term sum; the walk re-seeds from
 * smith_direct after a jump of more than SMITH_JUMP distances, a step backwards, a
 * non-integer step or SMITH_RESEED steps, so rounding stays far below the finite sum's own
 * agreement with GSL (max difference from the direct sum: tests/unit/test_smith.c).  Building
 * a 200,000-bin histogram's curves was dominated by exp and log1p per bin and grid point.
 */
#define SMITH_JUMP 16
#define SMITH_RESEED 256

struct smith_walk {
	double p, q;          /* p = 1/S and 1 - p */
	int a;
	int seeded;           /* F, f hold the values at d */
	double d, F, f;
	int steps;            /* recurrence steps since the last seed */
	double upper_from;    /* beyond it smith_shortcut's far upper tail holds: F = 0 */
	int lower_tail;       /* smith_shortcut's far lower tail can hold (k > 40, or p out of (0, 1)) */
};

static void smith_walk_init(struct smith_walk *w, double p, int a)
{
	*w = (struct smith_walk){ p, 1 - p, a, 0, 0, 0, 0, 0, INFINITY, 1 };
	/* mu - k > 9 sd + 40 solved for x = sqrt(d): p x^2 - 9 sqrt(p (1-p)) x - (k + 40) > 0
	 * beyond its positive root (smith_shortcut); distances past it (with a one-distance
	 * margin for rounding) skip the shortcut's test. */
	if (p > 0 && p < 1) {
		double c = 9 * sqrt(p * (1 - p)), x = (c + sqrt(c * c + 4 * p * (a - 1 + 40))) / (2 * p);
		w->upper_from = x * x + 1;
		w->lower_tail = a - 1 > 40;                           /* k - mu > 40 needs k > 40 */
	}
}

static double smith_walk_at(struct smith_walk *w, double d)
{
	if (d > w->upper_from)
		return 0.0;                                           /* far upper tail */
	double v;
	int upper;
	if (d < w->a || ((w->lower_tail || d > w->upper_from - 2) &&
			 smith_shortcut(d, w->p, w->a, &v, &upper))) {
		if (d < w->a)
			v = 1.0;
		w->seeded = 0;
		return v;
	}
	double jump = d - w->d;
	if (w->seeded && jump >= 0 && jump <= SMITH_JUMP && jump == (double)(int)jump &&
	    w->steps + jump <= SMITH_RESEED) {
		double k = w->a - 1, F = w->F, f = w->f;
		for (double x = w->d; x < d; x++) {
			F -= w->p * f;                                /* F(x+1) = F(x) - p f(x) */
			f *= w->q * (x + 1) / (x + 1 - k);            /* f(x+1) from f(x) */
		}
		w->F = F;
		w->f = f;
		w->steps += (int)jump;
		w->d = d;
	} else {
		double pmf;
		w->F = smith_direct(d, w->p, w->a, &pmf);
		w->f = pmf;
		w->d = d;
		w->steps = 0;
		w->seeded = pmf >= 0;
	}
	return w->F > 1.0 ? 1.0 : w->F < 0.0 ? 0.0 : w->F;
}

double reuse_hit_smith(const reuse_hist_t *sd, double blocks, int assoc)
{
	assert(sd && assoc >= 0);
	if (assoc == REUSE_FULL || assoc >= blocks)
		return reuse_hit_full_lru(sd, blocks);
	if (!hist_ok(sd))
		return 0;
	double sets = blocks / assoc;
	struct smith_walk w;
	smith_walk_init(&w, 1.0 / sets, assoc);
	double hits = 0;
	for (size_t i = 0; i < sd->n; i++) {
		if (sd->count[i] <= 0)
			continue;
		double lo = sd->lo[i], last = sd->hi[i] - 1;
		if (lo == last && w.seeded && lo == w.d + 1 && w.steps < SMITH_RESEED &&
		    !w.lower_tail && lo <= w.upper_from - 2) {
			/* the next unit bin: one step of smith_walk_at's recurrences, inline */
			w.F -= w.p * w.f;                             /* F(d+1) = F(d) - p f(d) */
			w.f *= w.q * lo / (lo - (assoc - 1));         /* f(d+1) from f(d) */
			w.d = lo;
			w.steps++;
			hits += sd->count[i] * (w.F > 1.0 ? 1.0 : w.F < 0.0 ? 0.0 : w.F);
			continue;
		}
		double plo = smith_walk_at(&w, lo);
		double ph = lo == last ? plo : 0.5 * (plo + smith_walk_at(&w, last)); /* trapezoid over the bin */
		hits += sd->count[i] * ph;                            /* [Smith 1978] */
	}
	return hits / sd->total;
}

/* ---- random and FIFO: fixed point on reuse times ---- */

/*
 * P[Poisson(lambda) <= k], summed in log space (no underflow for large lambda, and no call
 * into GSL's error handler: the models must not abort or touch global state).
 */
static double poisson_cdf(int k, double lambda)
{
	if (k < 0)
		return 0.0;
	if (lambda <= 0)
		return 1.0;
	double ll = log(lambda), lt = -lambda, lmax = lt, acc = 0;
	/* terms grow while j < lambda: the largest is the last one or the one near lambda */
	for (int j = 1; j <= k; j++) {
		lt += ll - log((double)j);
		if (lt > lmax)
			lmax = lt;
	}
	if (lmax < -745)
		return 0.0;
	lt = -lambda;
	for (int j = 0; j <= k; j++) {
		if (j > 0)
			lt += ll - log((double)j);
		acc += exp(lt - lmax);
	}
	double v = exp(lmax) * acc;
	return v > 1 ? 1 : v;
}

struct fp_ctx {
	const reuse_hist_t *rt;
	double blocks;      /* C */
	double sets;        /* S */
	int assoc;          /* A (C for fully associative) */
	int fifo;           /* 1: FIFO, 0: random */
	double fill;        /* misses that only fill a free way, whole stream */
	double tscale;      /* accesses of the modelled cache (or set) per access of the stream */
};

/* Survival-based hit probability of a reuse with gap t, given e evicting misses per access. */
static double gap_hit(const struct fp_ctx *c, double t, double e)
{
	t *= c->tscale;
	if (e <= 0 || t <= 0)
		return 1.0;
	if (!c->fifo)
		return c->blocks <= 1 ? 0.0 : exp(e * t * log1p(-1.0 / c->blocks)); /* (1 - 1/C)^(e t) */
	double lambda = e * t / c->sets;                          /* evicting misses in the set per gap */
	if (lambda <= 0)
		return 1.0;
	double hn;
	if (c->assoc == 1)
		hn = 1.0 / expm1(lambda);                         /* sum_j e^{-j lambda} */
	else {
		double em = c->assoc / lambda - 0.5;              /* Euler-Maclaurin estimate */
		/* the first term is a probability: it matters only when em < 1 */
		double first = em >= 1 ? 0 : poisson_cdf(c->assoc - 1, lambda); /* P[Poisson(lambda) < A] */
		hn = em > first ? em : first;
	}
	return hn / (1.0 + hn);
}

static double fp_rhs(double m, void *arg)
{
	const struct fp_ctx *c = arg;
	const reuse_hist_t *rt = c->rt;
	double e = m - c->fill / rt->total;                        /* fill correction */
	if (e < 0)
		e = 0;
	double miss = rt->cold;
	for (size_t i = 0; i < rt->n; i++) {
		if (rt->count[i] <= 0)
			continue;
		double lo = rt->lo[i], last = rt->hi[i] - 1;
		double h = lo == last ? gap_hit(c, lo, e) : 0.5 * (gap_hit(c, lo, e) + gap_hit(c, last, e));
		miss += rt->count[i] * (1.0 - h);
	}
	return miss / rt->total - m;
}

/*
 * Misses that fill a free way, per cache: a set receives K ~ Poisson(F/S) of the cache's F
 * distinct blocks over the run and fills min(K, A) ways, so fill = S * E[min(K, A)]
 * = S * (A - sum_{k<A} (A - k) P[K = k]); fully associative: min(F, C).
 */
static double fill_per_cache(double footprint, double sets, int assoc)
{
	if (sets <= 1)
		return footprint < assoc ? footprint : assoc;
	double lambda = footprint / sets, pk = exp(-lambda), short_ways = 0;
	for (int k = 0; k < assoc; k++) {
		short_ways += (assoc - k) * pk;                       /* Poisson pmf by recurrence */
		pk *= lambda / (k + 1);
	}
	return sets * (assoc - short_ways);
}

/* Solve the fixed point of c; returns the hit ratio. */
static double solve(struct fp_ctx *c)
{
	const reuse_hist_t *rt = c->rt;
	double lo = rt->cold / rt->total, hi = 1.0;
	double flo = fp_rhs(lo, c);
	if (flo <= 1e-12)
		return 1.0 - lo;                                   /* only cold misses */
	double fhi = fp_rhs(hi, c);
	if (fhi >= 0)
		return 0.0;
	gsl_function F = { fp_rhs, c };
	gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
	if (!s)
		return -1;
	/* the bracket straddles the root and fp_rhs is finite, so GSL reports no error here */
	double m = 0.5 * (lo + hi);
	if (gsl_root_fsolver_set(s, &F, lo, hi) == GSL_SUCCESS) {
		for (int it = 0; it < 100; it++) {
			if (gsl_root_fsolver_iterate(s) != GSL_SUCCESS)
				break;
			m = gsl_root_fsolver_root(s);
			double a = gsl_root_fsolver_x_lower(s), b = gsl_root_fsolver_x_upper(s);
			if (gsl_root_test_interval(a, b, 1e-7, 0) == GSL_SUCCESS)
				break;
		}
	}
	gsl_root_fsolver_free(s);
	return 1.0 - m;
}

/*
 * Set-associative: condition on the number K of distinct blocks the tagged block's set
 * receives, K - 1 ~ Poisson((F - 1) / S).  A set is a fully-associative cache of A ways
 * with footprint K that sees a share K / F of the cache's accesses (blocks alike), so a gap
 * of t stream accesses is t K / F set accesses and its fill share is min(K, A) / K of the cold
 * misses.  Sets with K <= A only take cold misses; the others get their own fixed point;
 * H = sum_K P(K) H_K, with K > A grouped into about 6 buckets of equal probability.
 */
#define KBUCKETS 6

/* log Gamma(x) for x > 0 through GSL's _e form (status ignored: x > 0 is always valid). */
static double lgamma_pos(double x)
{
	gsl_sf_result r;
	return gsl_sf_lngamma_e(x, &r) == GSL_SUCCESS ? r.val : 0.0;
}
static double per_set_hit(struct fp_ctx *c, double footprint)
{
	const reuse_hist_t *rt = c->rt;
	double lambda = footprint > 1 ? (footprint - 1) / c->sets : 0;
	int A = c->assoc;
	double cold_hit = 1.0 - rt->cold / rt->total;
	if (footprint < 1)
		return cold_hit;
	double fit = poisson_cdf(A - 1, lambda);                   /* P[K <= A] */
	double over = 1.0 - fit;
	if (over < 1e-9)
		return cold_hit;
	double hit = fit * cold_hit;
	double sdv = sqrt(lambda);
	int klo = (int)fmax(A, lambda - 12 * sdv - 20), khi = (int)(lambda + 12 * sdv + 20);
	double target = over / KBUCKETS, mass = 0, kmass = 0, done = fit;
	struct fp_ctx s = *c;
	s.sets = 1;
	s.blocks = A;
	for (int k = klo; k <= khi; k++) {                         /* K = k + 1 > A */
		double pk = exp(-lambda + k * log(lambda) - lgamma_pos(k + 1.0));
		mass += pk;
		kmass += pk * (k + 1);
		done += pk;
		if (mass < target && k < khi)
			continue;
		if (mass > 0) {
			double K = kmass / mass;
			s.tscale = K / footprint;
			s.fill = rt->cold * (A < K ? A / K : 1.0);
			double h = solve(&s);
			if (h < 0)
				return -1;
			hit += mass * h;
		}
		mass = kmass = 0;
	}
	return hit / done;
}

static double fixed_point_hit_u(const reuse_hist_t *rt, double blocks, int assoc, int fifo, int units)
{
	if (!hist_ok(rt) || !(blocks > 0))
		return -1;
	if (assoc == REUSE_FULL || assoc > blocks)
		assoc = (int)(blocks < 1 ? 1 : blocks > 1e9 ? 1e9 : blocks);
	if (units < 1)
		units = 1;
	struct fp_ctx c = { rt, blocks, blocks / assoc, assoc, fifo, 0, 1 };
	if (c.sets < 1)
		c.sets = 1;
	if (fifo && c.sets > 1.5)
		return per_set_hit(&c, rt->cold / units);     /* FIFO: per-set occupancy model */
	c.fill = units * fill_per_cache(rt->cold / units, c.sets, assoc);  /* cold = footprint */
	return solve(&c);
}

static double fixed_point_hit(const reuse_hist_t *rt, double blocks, int assoc, int fifo)
{
	return fixed_point_hit_u(rt, blocks, assoc, fifo, 1);
}

double reuse_hit_fifo(const reuse_hist_t *rt, double blocks, int assoc)
{
	return fixed_point_hit(rt, blocks, assoc, 1);
}

double reuse_hit_random(const reuse_hist_t *rt, double blocks, int assoc)
{
	return fixed_point_hit(rt, blocks, assoc, 0);
}

double reuse_hit_fifo_units(const reuse_hist_t *rt, double blocks, int assoc, int units)
{
	return fixed_point_hit_u(rt, blocks, assoc, 1, units);
}

double reuse_hit_random_units(const reuse_hist_t *rt, double blocks, int assoc, int units)
{
	return fixed_point_hit_u(rt, blocks, assoc, 0, units);
}

double reuse_hit(const profile_stream_t *s, double blocks, int assoc, enum reuse_policy pol)
{
	assert(s);
	switch (pol) {
	case REUSE_LRU:
		return hist_ok(&s->sd) ? reuse_hit_smith(&s->sd, blocks, assoc) : -1;
	case REUSE_FIFO:
		if (assoc == 1 && hist_ok(&s->sd))
			return reuse_hit_smith(&s->sd, blocks, 1);   /* one way: no replacement choice */
		return fixed_point_hit_u(&s->rt, blocks, assoc, 1, s->units);
	case REUSE_RANDOM:
		if (assoc == 1 && hist_ok(&s->sd))
			return reuse_hit_smith(&s->sd, blocks, 1);   /* one way: no replacement choice */
		return fixed_point_hit_u(&s->rt, blocks, assoc, 0, s->units);
	}
	return -1;
}

/* ---- curves ---- */

static double grid_cap(int k)
{
	return exp2((double)k / CURVE_PER_OCTAVE);
}

/* The value of sample point k (computed in ascending k): the model, made non-decreasing. */
static double curve_sample(reuse_curve_t *c, int k)
{
	double cap = grid_cap(k), v;
	if (c->pol == REUSE_LRU)
		v = reuse_hit_smith(&c->h, cap, c->assoc);
	else
		v = fixed_point_hit_u(&c->h, cap, c->assoc, c->pol == REUSE_FIFO, c->units);
	if (v < c->prev)
		v = c->prev;                                  /* enforce monotonicity */
	return c->prev = v;
}

/* Fill hit[0 .. want] (want < n), under c->mu.  LRU: every grid point is a sample.  FIFO/random:
 * each point needs a root finder, so every step-th point is a sample and the points between
 * two samples are interpolated linearly in log capacity (8 points per octave); past the last
 * sample the curve stays at its value. */
static void curve_fill(reuse_curve_t *c, int want)
{
	int k = atomic_load_explicit(&c->done, memory_order_relaxed);
	int step = c->step, last = (c->n - 1) / step * step;
	for (; k <= want; k++) {
		if (step == 1) {
			c->hit[k] = curve_sample(c, k);
			continue;
		}
		int a = k / step * step, b = a + step;
		if (k == a) {
			if (c->next_sample == k) {
				c->hit[k] = curve_sample(c, k);
				c->next_sample += step;
			}
			continue;
		}
		if (b > last) {
			c->hit[k] = c->hit[last];
			continue;
		}
		if (c->next_sample == b) {                            /* the next sample, ahead of done */
			c->hit[b] = curve_sample(c, b);
			c->next_sample += step;
		}
		c->hit[k] = c->hit[a] + (c->hit[b] - c->hit[a]) * (k - a) / step;
	}
	atomic_store_explicit(&c->done, k, memory_order_release);
}

/* hit[0 .. want] filled, want < n. */
static const double *curve_upto(const reuse_curve_t *cc, int want)
{
	reuse_curve_t *c = (reuse_curve_t *)cc;   /* the fill is a cache: it changes no value */
	if (want < atomic_load_explicit(&c->done, memory_order_acquire))
		return c->hit;
	pthread_mutex_lock(&c->mu);
	if (want >= atomic_load_explicit(&c->done, memory_order_relaxed))
		curve_fill(c, want);
	pthread_mutex_unlock(&c->mu);
	return c->hit;
}

static reuse_curve_t *curve_build(const reuse_hist_t *h, double cap_max, int assoc,
				  enum reuse_policy pol, int units)
{
	if (!hist_ok(h))
		return NULL;
	if (cap_max < 2)
		cap_max = 2;
	int n = (int)ceil(log2(cap_max) * CURVE_PER_OCTAVE) + 2;
	reuse_curve_t *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	size_t nb = h->n;
	/* one block: the table, then the histogram's lo, hi and count */
	c->hit = malloc(((size_t)n + 3 * nb) * sizeof *c->hit);
	if (!c->hit || pthread_mutex_init(&c->mu, NULL)) {
		free(c->hit);
		free(c);
		return NULL;
	}
	c->n = n;
	atomic_init(&c->done, 0);
	c->h = *h;
	c->h.lo = c->hit + n;
	c->h.hi = c->h.lo + nb;
	c->h.count = c->h.hi + nb;
	if (nb) {
		memcpy(c->h.lo, h->lo, nb * sizeof *h->lo);
		memcpy(c->h.hi, h->hi, nb * sizeof *h->hi);
		memcpy(c->h.count, h->count, nb * sizeof *h->count);
	}
	c->assoc = assoc;
	c->units = units;
	c->pol = pol;
	c->step = pol == REUSE_LRU ? 1 : 4;
	c->next_sample = 0;
	c->prev = 0;
	if (pol != REUSE_LRU)
		curve_fill(c, n - 1);   /* whole: each root solve allocates GSL's solver (header, 4) */
	return c;
}

reuse_curve_t *reuse_curve_alloc_hist(const reuse_hist_t *sd, int assoc)
{
	if (!sd)
		return NULL;
	/* Smith's hit ratio reaches its limit only when S >> d_max: slowly for direct mapping. */
	double factor = assoc == REUSE_FULL ? 2 : assoc == 1 ? 4096 : assoc <= 4 ? 256 : 32;
	return curve_build(sd, factor * hist_max(sd) + 4 * (assoc > 0 ? assoc : 1), assoc, REUSE_LRU, 1);
}

reuse_curve_t *reuse_curve_alloc(const profile_stream_t *s, int assoc, enum reuse_policy pol)
{
	if (!s)
		return NULL;
	if (pol == REUSE_LRU || (assoc == 1 && hist_ok(&s->sd)))
		return reuse_curve_alloc_hist(&s->sd, assoc);    /* one way: every policy is LRU */
	/* FIFO/random saturate once the cache holds the footprint (every block distinct). */
	int units = s->units > 0 ? s->units : 1;
	double fp = (s->footprint > 0 ? s->footprint : s->rt.cold) / units;   /* per cache */
	return curve_build(&s->rt, 4 * fp + 4 * (assoc > 0 ? assoc : 1), assoc, pol, units);
}

void reuse_curve_free(reuse_curve_t *c)
{
	if (!c)
		return;
	pthread_mutex_destroy(&c->mu);
	free(c->hit);
	free(c);
}

double reuse_curve_eval(const reuse_curve_t *c, double blocks)
{
	assert(c);
	if (!(blocks > 0))
		return 0;
	if (blocks < 1)
		return curve_upto(c, 0)[0] * blocks;                  /* linear below one block */
	double x = log2(blocks) * CURVE_PER_OCTAVE;
	if (x >= c->n - 1)
		return curve_upto(c, c->n - 1)[c->n - 1];             /* the table's last point */
	int k = (int)x;
	double w = x - k;
	const double *hit = curve_upto(c, k + 1);
	return hit[k] + (hit[k + 1] - hit[k]) * w;               /* linear in log2(C) */
}

double reuse_curve_eval_partition(const reuse_curve_t *c, double blocks, double f)
{
	assert(f > 0 && f <= 1);
	return reuse_curve_eval(c, blocks / f);                       /* H_part(fC) = H(C) */
}
