/* sweep.c -- the sweep pipeline (see sweep.h). */
#include "sweep.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "calib.h"
#include "cli.h"
#include "columns.h"
#include "jsonutil.h"
#include "store.h"
#include "study.h"
#include "workload.h"

atomic_int sweep_interrupted;

#define CHUNK 256            /* points per chunk handed to a worker */
#define COMMIT_SECONDS 0.5   /* commit at least this often, so a kill loses little */
#define COMMIT_ROWS 200000   /* ... and at most this many rows per transaction */

enum { SLOT_FREE = 0, SLOT_BUSY, SLOT_FULL };

typedef struct slot {
	int state;
	int64_t chunk;          /* chunk number held */
	int n;                  /* points in it */
	uint64_t id[CHUNK];     /* point ids */
	int legal[CHUNK];
	int variant[CHUNK];
	design_t design[CHUNK];
	metrics_t *m;           /* CHUNK x n_workloads */
} slot_t;

typedef struct pipe {
	const study_t *s;
	workload_t *w;
	int nw;
	const double *base_ipc;
	int shard_k, shard_n;
	int64_t first_index, n_index; /* indices [first_index, n_index) of this shard */
	int64_t n_chunks;
	int nslots;
	slot_t *slots;
	int64_t next_chunk;           /* next chunk a worker takes */
	int stop;
	pthread_mutex_t mu;
	pthread_cond_t cv_full, cv_free;
} pipe_t;

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Evaluate one chunk into a slot: pure work, no locks held. */
static void fill_chunk(pipe_t *p, slot_t *sl, int64_t c)
{
	int64_t lo = p->first_index + c * CHUNK;
	int64_t hi = lo + CHUNK < p->n_index ? lo + CHUNK : p->n_index;
	sl->n = (int)(hi - lo);
	for (int i = 0; i < sl->n; i++) {
		uint64_t id = (uint64_t)(p->shard_k - 1) + (uint64_t)(lo + i) * (uint64_t)p->shard_n;
		design_t *d = &sl->design[i];
		const char *why;
		sl->id[i] = id;
		sl->legal[i] = study_point(p->s, id, d, &sl->variant[i], &why)
			&& gpu_design_check(&p->s->gpu, d, &why) == 0;
		if (!sl->legal[i])
			continue;
		for (int w = 0; w < p->nw; w++) {
			metrics_t *m = &sl->m[(size_t)i * p->nw + w];
			if (gpu_eval(&p->s->gpu, d, p->w[w].ctx, m, &why) != 0) {
				sl->legal[i] = 0;
				break;
			}
			m->speedup = p->base_ipc[w] > 0 ? m->ipc / p->base_ipc[w] : 0;
		}
	}
}

/* Claim the next chunk if its slot is free and evaluate it; called with p->mu held, returns
 * with it held.  1 if a chunk was evaluated. */
static int fill_next(pipe_t *p)
{
	if (p->stop || sweep_interrupted || p->next_chunk >= p->n_chunks)
		return 0;
	int64_t c = p->next_chunk;
	slot_t *sl = &p->slots[c % p->nslots];
	if (sl->state != SLOT_FREE)
		return 0;
	p->next_chunk++;
	sl->state = SLOT_BUSY;
	sl->chunk = c;
	pthread_mutex_unlock(&p->mu);
	fill_chunk(p, sl, c);
	pthread_mutex_lock(&p->mu);
	sl->state = SLOT_FULL;
	pthread_cond_broadcast(&p->cv_full);
	return 1;
}

static void *worker(void *arg)
{
	pipe_t *p = arg;
	pthread_mutex_lock(&p->mu);
	for (;;) {
		if (p->stop || sweep_interrupted || p->next_chunk >= p->n_chunks)
			break;
		if (!fill_next(p))   /* the next chunk's slot is still being written: wait */
			pthread_cond_wait(&p->cv_free, &p->mu);
	}
	pthread_cond_broadcast(&p->cv_full);
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

static void on_signal(int sig)
{
	(void)sig;
	sweep_interrupted = 1;
}

static void draw_progress(int64_t done, int64_t total, double rows, double t0)
{
	double dt = now_s() - t0;
	double frac = total ? (double)done / total : 1;
	int w = 30, fill = (int)(frac * w);
	char bar[32];
	for (int i = 0; i < w; i++)
		bar[i] = i < fill ? '=' : ' ';
	bar[w] = '\0';
	double rate = dt > 0 ? rows / dt : 0;
	double eta = frac > 0 ? dt * (1 - frac) / frac : 0;
	fprintf(stderr, "\r[%s] %3.0f%% %lld/%lld points, %.0f rows/s, ETA %.0fs ", bar, 100 * frac,
		(long long)done, (long long)total, rate, eta);
}

/* Identity of a run: everything that determines its rows. */
static void run_identity(const study_t *s, const workload_t *w, int nw, const char *calib_hash, char out[17])
{
	size_t len = strlen(s->json) + strlen(s->gpu_json) + 64 + (size_t)nw * 20;
	char *buf = malloc(len);
	size_t n = snprintf(buf, len, "%s|%s|%s|%s", s->json, s->gpu_json, GPUDSE_MODEL_VERSION, calib_hash);
	for (int i = 0; i < nw; i++)
		n += snprintf(buf + n, len - n, "|%s", w[i].hash);
	hash_hex(buf, n, out);
	free(buf);
}

int sweep_run(const sweep_opts_t *o)
{
	study_t s;
	int rc = study_load(o->study_path, &s);
	if (rc)
		return rc;
	workload_t *w = calloc(s.n_workloads, sizeof *w);
	double *base_ipc = calloc(s.n_workloads, sizeof *base_ipc);
	store_t *st = NULL;
	pipe_t p;
	memset(&p, 0, sizeof p);
	int nw = 0;
	char calib_hash[17] = "none";
	calib_t calib;
	memset(&calib, 0, sizeof calib);
	if (s.params_path[0]) {
		if ((rc = calib_load(s.params_path, &calib)))
			goto out;
		snprintf(calib_hash, sizeof calib_hash, "%s", calib.hash);
		calib_apply_gpu(&calib, &s.gpu);
	}
	for (; nw < s.n_workloads; nw++) {
		if ((rc = workload_load(s.workloads[nw], &s.gpu, &w[nw])))
			goto out;
		if (s.params_path[0] && (rc = calib_apply_workload(&calib, &s.gpu, &w[nw]))) {
			nw++;
			goto out;
		}
	}
	for (int i = 0; i < nw; i++) {
		metrics_t m;
		const char *why = "illegal";
		if (gpu_design_check(&s.gpu, &s.baseline, &why) || gpu_eval(&s.gpu, &s.baseline, w[i].ctx, &m, &why)) {
			rc = err_user("%s: .baseline: %s", s.path, why);
			goto out;
		}
		base_ipc[i] = m.ipc;
	}
	char identity[17];
	run_identity(&s, w, nw, calib_hash, identity);
	if ((rc = store_open(o->db_path, STORE_WRITE, &st)))
		goto out;

	char shard[32];
	snprintf(shard, sizeof shard, "%d/%d", o->shard_k, o->shard_n);
	int64_t n_index = s.n_points > (uint64_t)(o->shard_k - 1)
		? (int64_t)((s.n_points - (o->shard_k - 1) + o->shard_n - 1) / o->shard_n) : 0;
	store_run_t run;
	int64_t run_id;
	int64_t start = 0, n_illegal = 0;
	if (o->resume_run > 0) {
		int found = store_get_run(st, o->resume_run, &run);
		if (found < 0 || found > 1) {
			rc = found;
			goto out;
		}
		if (!found) {
			rc = err_user("--resume: %s has no run %lld", o->db_path, (long long)o->resume_run);
			goto out;
		}
		if (strcmp(run.identity, identity) != 0) {
			rc = err_user("--resume: run %lld holds a different study, preset, model version, calibration or profiles than %s",
				(long long)run.id, s.path);
			goto out;
		}
		if (strcmp(run.status, "done") == 0) {
			printf("run %lld is already complete; nothing to resume\n", (long long)run.id);
			rc = 0;
			goto out;
		}
		if (strcmp(run.shard, shard) != 0) {
			rc = err_user("--resume: run %lld is shard %s, not %s (pass --shard %s)", (long long)run.id,
				run.shard, shard, run.shard);
			goto out;
		}
		run_id = run.id;
		start = run.next_index;
		n_illegal = run.n_illegal;
		if ((rc = store_set_status(st, run_id, "running")))
			goto out;
	} else {
		int found = store_find_run(st, identity, shard, &run);
		if (found < 0 || found > 1) {
			rc = found;
			goto out;
		}
		if (found && strcmp(run.status, "done") == 0) {
			printf("%s: this study (same preset, model version %s, calibration and profiles) is already run %lld in %s; nothing to do\n",
				s.path, GPUDSE_MODEL_VERSION, (long long)run.id, o->db_path);
			rc = 0;
			goto out;
		}
		if (found) {
			rc = err_user("%s: run %lld of this study is unfinished (%s): finish it with gpudse sweep %s --resume %lld",
				s.path, (long long)run.id, run.status, s.path, (long long)run.id);
			goto out;
		}
		store_run_info_t info = { s.name, s.json, s.hash, s.gpu.name, s.gpu_json, GPUDSE_MODEL_VERSION,
			calib_hash, identity, o->argv, o->shard_k, o->shard_n, n_index };
		if ((rc = store_batch_begin(st)) || (rc = store_new_run(st, &info, &run_id)))
			goto out;
		for (int i = 0; i < nw; i++)
			if ((rc = store_add_workload(st, run_id, i, w[i].prof.name, w[i].path, w[i].hash))) {
				store_batch_rollback(st);
				goto out;
			}
		if ((rc = store_batch_commit(st, run_id, 0, 0)))
			goto out;
	}

	/* the pipeline */
	p.s = &s;
	p.w = w;
	p.nw = nw;
	p.base_ipc = base_ipc;
	p.shard_k = o->shard_k;
	p.shard_n = o->shard_n;
	p.first_index = start;
	p.n_index = n_index;
	p.n_chunks = (n_index - start + CHUNK - 1) / CHUNK;
	int jobs = o->jobs < 1 ? 1 : o->jobs;
	p.nslots = 2 * jobs + 2;
	p.slots = calloc(p.nslots, sizeof *p.slots);
	for (int i = 0; i < p.nslots; i++)
		p.slots[i].m = calloc((size_t)CHUNK * (nw ? nw : 1), sizeof(metrics_t));
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.cv_full, NULL);
	pthread_cond_init(&p.cv_free, NULL);
	struct sigaction sa, old_int, old_term;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	pthread_t *th = calloc(jobs, sizeof *th);
	for (int i = 0; i < jobs; i++)
		pthread_create(&th[i], NULL, worker, &p);

	double t0 = now_s(), last_commit = t0, last_draw = 0;
	int64_t rows = 0, rows_in_txn = 0, done_index = start;
	int in_txn = 0;
	for (int64_t c = 0; c < p.n_chunks && !rc; c++) {
		slot_t *sl = &p.slots[c % p.nslots];
		pthread_mutex_lock(&p.mu);
		while (!(sl->state == SLOT_FULL && sl->chunk == c) && !(sweep_interrupted && p.next_chunk <= c)) {
			/* rather than wait, the writer evaluates a chunk itself: it keeps every core busy
			 * with --jobs = cores - 1 (SQLite needs only part of one) */
			if (fill_next(&p))
				continue;
			/* timed: a signal sets the flag without waking anyone */
			struct timespec ts;
			clock_gettime(CLOCK_REALTIME, &ts);
			ts.tv_nsec += 100 * 1000 * 1000;
			if (ts.tv_nsec >= 1000000000L) {
				ts.tv_sec++;
				ts.tv_nsec -= 1000000000L;
			}
			pthread_cond_timedwait(&p.cv_full, &p.mu, &ts);
		}
		int have = sl->state == SLOT_FULL && sl->chunk == c;
		pthread_mutex_unlock(&p.mu);
		if (!have)
			break;   /* interrupted before this chunk was computed */
		if (!in_txn) {
			if ((rc = store_batch_begin(st)))
				break;
			in_txn = 1;
		}
		for (int i = 0; i < sl->n && !rc; i++) {
			if (!sl->legal[i]) {
				n_illegal++;
				continue;
			}
			const char *vname = sl->variant[i] >= 0 ? s.variants[sl->variant[i]].name : NULL;
			rc = store_put_design(st, run_id, sl->id[i], vname, &sl->design[i]);
			for (int k = 0; k < nw && !rc; k++)
				rc = store_put_result(st, run_id, sl->id[i], k, &sl->m[(size_t)i * nw + k]);
			rows_in_txn += nw;
		}
		if (rc) {
			store_batch_rollback(st);
			in_txn = 0;
			break;
		}
		done_index += sl->n;
		pthread_mutex_lock(&p.mu);
		sl->state = SLOT_FREE;
		pthread_cond_broadcast(&p.cv_free);
		pthread_mutex_unlock(&p.mu);
		double t = now_s();
		if (rows_in_txn >= COMMIT_ROWS || t - last_commit >= COMMIT_SECONDS || c + 1 == p.n_chunks) {
			if ((rc = store_batch_commit(st, run_id, done_index, n_illegal)))
				break;
			in_txn = 0;
			rows += rows_in_txn;
			rows_in_txn = 0;
			last_commit = t;
		}
		if (o->progress && t - last_draw > 0.1) {
			draw_progress(done_index, n_index, rows + rows_in_txn, t0);
			last_draw = t;
		}
	}
	if (in_txn && !rc) {
		if (!(rc = store_batch_commit(st, run_id, done_index, n_illegal)))
			rows += rows_in_txn;
	}
	pthread_mutex_lock(&p.mu);
	p.stop = 1;
	pthread_cond_broadcast(&p.cv_free);
	pthread_cond_broadcast(&p.cv_full);
	pthread_mutex_unlock(&p.mu);
	for (int i = 0; i < jobs; i++)
		pthread_join(th[i], NULL);
	free(th);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	double dt = now_s() - t0;
	if (o->progress) {
		draw_progress(done_index, n_index, rows, t0);
		fputc('\n', stderr);
	}
	if (rc) {
		store_set_status(st, run_id, "interrupted");
	} else if (done_index < n_index) {
		store_set_status(st, run_id, "interrupted");
		rc = err_user("interrupted: run %lld stored %lld of %lld points; finish it with gpudse sweep %s --resume %lld",
			(long long)run_id, (long long)done_index, (long long)n_index, s.path, (long long)run_id);
		rc = 130;
	} else {
		rc = store_set_status(st, run_id, "done");
		if (!rc)
			printf("run %lld (%s, shard %s): %lld points, %lld illegal, %lld result rows in %.2f s -> %s\n",
				(long long)run_id, s.name, shard, (long long)(n_index - start), (long long)n_illegal,
				(long long)rows, dt, o->db_path);
	}
	if (o->stats) {
		struct rusage ru;
		getrusage(RUSAGE_SELF, &ru);
		printf("stats: rows %lld seconds %.3f rows_per_s %.0f peak_rss_kib %ld points %lld\n", (long long)rows, dt,
			dt > 0 ? rows / dt : 0, ru.ru_maxrss, (long long)(n_index - start));
	}
	for (int i = 0; i < p.nslots; i++)
		free(p.slots[i].m);
	free(p.slots);
	pthread_mutex_destroy(&p.mu);
	pthread_cond_destroy(&p.cv_full);
	pthread_cond_destroy(&p.cv_free);
out:
	store_close(st);
	for (int i = 0; i < nw; i++)
		workload_free(&w[i]);
	free(w);
	free(base_ipc);
	calib_free(&calib);
	study_free(&s);
	return rc;
}
