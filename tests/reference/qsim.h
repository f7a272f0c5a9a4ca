/*
 * qsim.h -- a small discrete-event simulator for the queueing tests (independent of
 * models/queue.c: it knows no formula, it moves customers).
 *
 * - open FCFS single-server queues: Poisson arrivals, exponential / deterministic / gamma
 *   service (gamma gives any squared coefficient of variation cs2 > 0), optional finite
 *   capacity K (blocked arrivals are lost);
 * - a discrete-time output-queued N x M crossbar (one transfer per output per cycle) and the
 *   saturated input-queued FIFO crossbar (head-of-line blocking);
 * - closed networks: N customers cycle through the station types in order, visiting one copy
 *   chosen uniformly at random; a copy has m FCFS servers with exponential service or is a
 *   delay (infinite server).
 * Every run takes a seed for GSL's MT19937 generator, so results are reproducible.  Statistics
 * carry a 95% batch-means half-width (20 batches) so a test can show the simulator is precise
 * enough for the tolerance it asserts.
 */
#ifndef GPUDSE_QSIM_H
#define GPUDSE_QSIM_H

typedef enum qsim_dist {
	QSIM_EXP,    /* exponential, cs2 = 1 */
	QSIM_DET,    /* deterministic, cs2 = 0 */
	QSIM_GAMMA   /* gamma with the given cs2 > 0 (shape 1/cs2) */
} qsim_dist_t;

typedef struct qsim_open_cfg {
	double lambda;        /* arrival rate */
	double s;             /* mean service time */
	qsim_dist_t dist;     /* service distribution */
	double cs2;           /* for QSIM_GAMMA */
	int K;                /* capacity (in system, incl. service); 0 = infinite */
	long customers;       /* arrivals simulated after warm-up */
	long warmup;          /* arrivals discarded first */
	unsigned long seed;
} qsim_open_cfg_t;

typedef struct qsim_open_res {
	double wait;          /* mean wait in queue of accepted customers */
	double wait_hw;       /* 95% half-width (batch means) */
	double p_block;       /* fraction of arrivals blocked (0 when K = 0) */
	double p_block_hw;    /* 95% half-width */
	double l;             /* time-average number in system */
	double throughput;    /* accepted customers per time unit */
} qsim_open_res_t;

/* Runs the open queue; if K > 0 and p != NULL, p[0..K] receives the time-average distribution
 * of the number in system.  Returns 0, or -1 for a bad configuration. */
int qsim_open(const qsim_open_cfg_t *cfg, qsim_open_res_t *out, double *p);

typedef struct qsim_xbar_res {
	double wait;          /* mean wait (cycles) of a request at its output before transfer */
	double wait_hw;       /* 95% half-width */
	double throughput;    /* transfers per cycle, all outputs */
} qsim_xbar_res_t;

/* Output-queued N x M crossbar: each input sends a request with probability load per cycle
 * to output j with probability dest[j] (NULL: uniform). */
int qsim_xbar_oq(int n_in, int n_out, double load, const double *dest, long cycles,
		 unsigned long seed, qsim_xbar_res_t *out);
/* Saturated input-queued FIFO crossbar, uniform destinations: transfers per cycle per output. */
double qsim_xbar_hol(int n_in, int n_out, long cycles, unsigned long seed);

typedef struct qsim_station {
	double demand;        /* per-copy demand per cycle (a visit to a copy lasts copies * demand) */
	int copies;
	int servers;
	int is_delay;
} qsim_station_t;

typedef struct qsim_closed_res {
	double X;             /* cycles completed per time unit */
	double X_hw;          /* 95% half-width (batch means over time) */
	double qlen[32];      /* time-average customers at one copy of station type k */
	double util[32];      /* busy fraction of one server of one copy (delay: mean number) */
} qsim_closed_res_t;

/* Closed network of n station types (n <= 32) with `population` customers, simulated for
 * `completions` visits after `warmup` visits.  Returns 0 or -1. */
int qsim_closed(const qsim_station_t *st, int n, int population, long completions, long warmup,
		unsigned long seed, qsim_closed_res_t *out);

#endif
