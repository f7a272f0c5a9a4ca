/*
 * sweep.h -- run a study's design space into the results database.
 *
 * Pipeline: worker threads turn chunks of point ids into designs and metrics (the model is
 * pure, so workers share nothing but the read-only study and workload contexts); the calling
 * thread writes the chunks in id order with prepared statements, committing a batch and its
 * progress marker together, and evaluates chunks itself while the next one is not ready.  Memory is a fixed ring of chunks: independent of the space size.
 */
#ifndef GPUDSE_SWEEP_H
#define GPUDSE_SWEEP_H

#include <stdatomic.h>

#include <stdint.h>

typedef struct sweep_opts {
	const char *study_path;
	const char *db_path;
	int jobs;              /* worker threads (>= 1) */
	int64_t shard_k, shard_n; /* this process runs shard k of n (1-based); 1/1 = everything */
	int64_t resume_run;    /* > 0: finish that run */
	int progress;          /* draw a progress bar on stderr (a terminal) */
	int progress_lines;    /* plain progress lines on stderr every few seconds (not a terminal) */
	int stats;             /* print rates and peak memory */
	const char *argv;      /* the command line, for provenance */
	int shard_given;       /* --shard was on the command line (with --resume: that shard only);
	                        * last, so positional initialisers of the fields above still hold */
	unsigned uncert;       /* sources of the stored results' error (src/stats/uncert_src.h) */
	int uncert_set;        /* 0: all sources (the default) */
} sweep_opts_t;

int sweep_run(const sweep_opts_t *o);

/* Set to the signal (SIGINT, SIGTERM) by its handler: the sweep stops after committing what
 * is complete, marks the run interrupted and returns 128 + the signal (130, 143).  Atomic:
 * the handler writes it on whichever thread takes the signal while the workers read it (with
 * a volatile int that is a data race, which ThreadSanitizer reports); a lock-free atomic is
 * also what C11 lets a signal handler write besides volatile sig_atomic_t (7.14.1.1). */
extern atomic_int sweep_interrupted;

#endif
