/*
 * queue.h -- the queueing library: open single-server queues, a finite-buffer queue solved as
 * a Markov chain, crossbar contention, and mean-value analysis of closed networks.
 *
 * Times are in any consistent unit (the GPU model uses core cycles); rates are per that unit.
 * Utilisation rho = lambda * s.  When rho >= 1 an open infinite-buffer queue has no steady
 * state: the result says so (saturated = 1, wait/resp/lq/l = NAN) instead of reporting a
 * negative or infinite wait.  Equations and sources are in queue.c's header comment.
 */
#ifndef GPUDSE_QUEUE_H
#define GPUDSE_QUEUE_H

/* Every function returns QUEUE_OK, or QUEUE_EINVAL for an argument out of range (a negative
 * or non-finite rate, s <= 0, K < 1, a bad station, destinations not summing to 1), or
 * QUEUE_ENOMEM (queue_mva_exact; queue_md1k and queue_md1k_dist with K > 255 only). */
#define QUEUE_OK 0
#define QUEUE_EINVAL (-1)
#define QUEUE_ENOMEM (-2)

typedef struct queue_open {
	double rho;       /* utilisation lambda * s */
	double wait;      /* mean time in queue before service (NAN when saturated) */
	double resp;      /* wait + s */
	double lq;        /* mean number waiting (Little: lambda * wait) */
	double l;         /* mean number in system */
	int saturated;    /* 1 when rho >= 1 */
} queue_open_t;

/* M/M/1: exponential service with mean s. */
int queue_mm1(double lambda, double s, queue_open_t *out);
/* M/D/1: deterministic service s. */
int queue_md1(double lambda, double s, queue_open_t *out);
/* M/G/1 by Pollaczek-Khinchine: service mean s, squared coefficient of variation cs2. */
int queue_mg1(double lambda, double s, double cs2, queue_open_t *out);

/* M/D/1/K: at most K customers in the system (K >= 1, one in service); arrivals finding it
 * full are blocked (lost or, for the caller, stalled).  Solved as the embedded Markov chain
 * at departure instants (Poisson arrivals during one deterministic service), then converted
 * to time averages; valid for any rho, including rho >= 1. */
typedef struct queue_md1k {
	double rho;        /* offered load lambda * s */
	double p_block;    /* probability an arrival finds the system full */
	double throughput; /* accepted rate lambda * (1 - p_block) */
	double l;          /* mean number in system (time average) */
	double wait;       /* mean wait of accepted customers before service */
	double resp;       /* wait + s */
	double util;       /* server busy fraction = throughput * s */
} queue_md1k_t;
int queue_md1k(double lambda, double s, int K, queue_md1k_t *out);
/* P(n in system) for n = 0..K (time average) into p[K+1]; same model as queue_md1k. */
int queue_md1k_dist(double lambda, double s, int K, double *p);

/* N x M crossbar, one cycle per transfer per output port, each input offering a request with
 * probability `load` per cycle, destinations `dest[j]` (NULL: uniform 1/M).  Output j is an
 * M/D/1 queue with arrival rate N * load * dest[j] (the wait uses the exact discrete-time
 * binomial-arrival form, (N-1)/N times the M/D/1 wait, Karol et al. 1987). */
typedef struct queue_xbar {
	double throughput;   /* accepted transfers per cycle, all outputs (saturated outputs cap at 1) */
	double util_max;     /* busiest output's utilisation (may exceed 1: saturated) */
	double util_mean;
	double wait_mean;    /* mean wait over requests, cycles (NAN if any output saturates) */
	int saturated;       /* some output has rho >= 1 */
	double hol_throughput; /* uniform-traffic head-of-line blocking limit per output, input-queued
	                          FIFO switch under saturation (Karol et al. 1987, N, M -> infinity,
	                          beta = N/M: (1 + beta) - sqrt(1 + beta^2); 0.586 for N = M) */
} queue_xbar_t;
int queue_xbar(int n_in, int n_out, double load, const double *dest, queue_xbar_t *out);

/* Closed networks: stations visited once per customer cycle with a total service demand
 * `demand` (= visits x service time) at each of `copies` identical copies (the customer visits
 * one copy, chosen uniformly; so each copy sees demand / copies per cycle on average -- the
 * caller passes the per-copy demand), `servers` parallel servers per copy (load-dependent),
 * or a pure delay (infinite server) when is_delay. */
#define QUEUE_MAX_STATIONS 32
typedef struct queue_station {
	double demand;    /* per-copy service demand per customer cycle */
	int copies;       /* >= 1 */
	int servers;      /* >= 1 servers per copy */
	int is_delay;     /* 1: infinite server, residence = demand */
} queue_station_t;

typedef struct queue_mva {
	double X;                         /* throughput, customer cycles per time unit */
	double cycle;                     /* mean cycle time = population / X */
	double resid[QUEUE_MAX_STATIONS]; /* residence per cycle at station k, summed over its copies */
	double util[QUEUE_MAX_STATIONS];  /* utilisation of one copy (per server); for a delay
	                                     station the mean number of customers in one copy */
	double qlen[QUEUE_MAX_STATIONS];  /* mean customers at one copy */
	int iterations;                   /* Schweitzer: Newton steps on its fixed point (0 for exact) */
} queue_mva_t;

/* Exact MVA (Reiser-Lavenberg) for integer population; load-dependent stations by the
 * marginal-probability recursion.  For small populations (tests, `model queue`). */
int queue_mva_exact(const queue_station_t *st, int n, int population, queue_mva_t *out);
/* Schweitzer-Bard approximate MVA for any real population >= 1; multi-server stations by
 * Seidmann's decomposition.  No allocation; converges to relative tolerance 1e-9 or 1000 iterations. */
int queue_mva_schweitzer(const queue_station_t *st, int n, double population, queue_mva_t *out);
/* Linearizer (Chandy & Neuse 1982, queue.c header) for any real population >= 0: Schweitzer's
 * equations with the estimated change of each station's queue fraction between N and N - 1;
 * the same multi-server decomposition; no allocation.  iterations: all Newton steps. */
#define QUEUE_LINEARIZER_PASSES 3
int queue_mva_linearizer(const queue_station_t *st, int n, double population, queue_mva_t *out);

#endif
