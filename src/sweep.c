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

#include "calibration/calib.h"
#include "cli.h"
#include "columns.h"
#include "jsonutil.h"
#include "stats/uncert_src.h"
#include "store/store.h"
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
	int64_t shard_k, shard_n;
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

/* Evaluate one chunk into a slot: pure work, no locks held.  The points' legality first,
 * then workload by workload over the chunk's legal points: one workload's context, reuse
 * curves and memos stay in cache over the chunk instead of the 20 contexts taking turns at
 * every point (the order changes no result: every evaluation is a pure function of its
 * design and its workload's context, and the memos return exactly what they store). */
static void fill_chunk(pipe_t *p, slot_t *sl, int64_t c)
{
	int64_t lo = p->first_index + c * CHUNK;
	int64_t hi = lo + CHUNK < p->n_index ? lo + CHUNK : p->n_index;
	/* Adjacent chunks run on two threads at once and meet a new configuration (a FUSE
	 * organisation's miniature simulations, say) at the same points: odd chunks take the
	 * workloads in reverse, so the threads fill the per-workload memos from both ends instead
	 * of computing the same entries twice.  The order changes no result. */
	int rev = (int)(c & 1);
	sl->n = (int)(hi - lo);
	for (int i = 0; i < sl->n; i++) {
		uint64_t id = (uint64_t)(p->shard_k - 1) + (uint64_t)(lo + i) * (uint64_t)p->shard_n;
		design_t *d = &sl->design[i];
		const char *why;
		sl->id[i] = id;
		sl->legal[i] = study_point(p->s, id, d, &sl->variant[i], &why)
			&& gpu_design_check(&p->s->gpu, d, &why) == 0;
	}
	for (int j = 0; j < p->nw; j++) {
		int w = rev ? p->nw - 1 - j : j;
		for (int i = 0; i < sl->n; i++) {
			if (!sl->legal[i])
				continue;   /* illegal, or a workload's evaluation refused it: no row */
			const char *why;
			metrics_t *m = &sl->m[(size_t)i * p->nw + w];
			if (gpu_eval(&p->s->gpu, &sl->design[i], p->w[w].ctx, m, &why) != 0) {
				sl->legal[i] = 0;
				continue;
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

/* The signal that stopped the sweep (SIGINT, SIGTERM), 0 while none did. */
static void on_signal(int sig)
{
	sweep_interrupted = sig;
}

/* Seconds between the plain progress lines written when stderr is not a terminal (a SLURM
 * task's log, a pipe); GPUDSE_TEST_PROGRESS_SECONDS shortens it for the tests. */
static double progress_line_seconds(void)
{
	const char *e = getenv("GPUDSE_TEST_PROGRESS_SECONDS");
	double v = e ? atof(e) : 0;
	return v > 0 ? v : 5.0;
}

/* Rate and ETA of this process only: a resumed run's points stored before it started
 * (`start` of them) are neither counted in its rate nor left for its ETA. */
typedef struct progress {
	int64_t start, total;   /* first index this process stores, indices of the shard */
	double t0;
} progress_t;

static void progress_rates(const progress_t *pg, int64_t done, double rows, double *rate_rows,
	double *eta)
{
	double dt = now_s() - pg->t0;
	double pts = (double)(done - pg->start);
	*rate_rows = dt > 0 ? rows / dt : 0;
	*eta = pts > 0 ? dt * (double)(pg->total - done) / pts : -1;
}

static void draw_progress(const progress_t *pg, int64_t done, double rows)
{
	double frac = pg->total ? (double)done / pg->total : 1;
	int w = 30, fill = (int)(frac * w);
	char bar[32];
	for (int i = 0; i < w; i++)
		bar[i] = i < fill ? '=' : ' ';
	bar[w] = '\0';
	double rate, eta;
	progress_rates(pg, done, rows, &rate, &eta);
	fprintf(stderr, "\r[%s] %3.0f%% %lld/%lld points, %.0f rows/s, ETA %.0fs ", bar, 100 * frac,
		(long long)done, (long long)pg->total, rate, eta > 0 ? eta : 0);
}

/* One plain line (no \r, no bar): what a log file can show. */
static void progress_line(const progress_t *pg, int64_t run_id, int64_t done, double rows)
{
	double rate, eta;
	progress_rates(pg, done, rows, &rate, &eta);
	char eta_s[32];
	if (eta < 0)
		snprintf(eta_s, sizeof eta_s, "unknown");
	else
		snprintf(eta_s, sizeof eta_s, eta < 100 ? "%.2f s" : "%.0f s", eta);
	fprintf(stderr, "sweep: run %lld: %lld/%lld points (%.1f%%), %.2f s elapsed, %.0f rows/s, ETA %s\n",
		(long long)run_id, (long long)done, (long long)pg->total,
		pg->total ? 100.0 * (double)done / (double)pg->total : 100.0, now_s() - pg->t0, rate, eta_s);
	fflush(stderr);
}

/* The command that finishes run_id: the study, the database and the shard as given. */
static void resume_hint(char *buf, size_t len, const char *study_path, const char *db_path,
	const char *shard, int64_t run_id)
{
	int sharded = strcmp(shard, "1/1") != 0;
	snprintf(buf, len, "gpudse sweep %s --db %s%s%s --resume %lld", study_path, db_path,
		sharded ? " --shard " : "", sharded ? shard : "", (long long)run_id);
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

/* Points of shard k of n in a space of n_points: ids k-1, k-1+n, ... below n_points. */
static int64_t shard_points(uint64_t n_points, int64_t k, int64_t n)
{
	uint64_t first = (uint64_t)(k - 1);
	return n_points > first ? (int64_t)((n_points - first - 1) / (uint64_t)n + 1) : 0;
}

/* What --resume runs: with --shard K/N that shard of the run (added when the run lacks it);
 * without, every unfinished or missing shard of the run's split -- so a merge of partial
 * shards is completed in place.  A run of one shard of a larger split needs its --shard (an
 * array task finishes its own shard, not the others'). */
static int resume_plan(store_t *st, const study_t *s, const store_run_t *run, const sweep_opts_t *o,
	const char *shard, store_shard_t **planned, int64_t *n_planned)
{
	store_shard_t *sh;
	int64_t n;
	int rc = store_run_shards(st, run->id, &sh, &n);
	if (rc)
		return rc;
	if (n == 0) {
		/* a run written before the shards table: one shard, described by its runs row */
		long long k, nn;
		char extra;
		if (sscanf(run->shard, "%lld/%lld%c", &k, &nn, &extra) != 2 || k < 1 || nn < k) {
			free(sh);
			return err_user("--resume: run %lld (shard set %s) was merged by an older gpudse without"
				" per-shard progress: sweep the missing shards and merge them instead", (long long)run->id, run->shard);
		}
		free(sh);
		sh = malloc(sizeof *sh);
		*sh = (store_shard_t){ k, nn, run->n_points, run->next_index, run->n_illegal };
		n = 1;
		if ((rc = store_batch_begin(st)) || (rc = store_add_shard(st, run->id, k, nn, run->n_points,
				run->next_index, run->n_illegal)) || (rc = store_commit(st))) {
			free(sh);
			return rc;
		}
	}
	int64_t split = sh[0].n;
	if (o->shard_given && o->shard_n != split) {
		free(sh);
		return err_user("--resume: run %lld is split %lld ways, not %lld (pass --shard K/%lld)",
			(long long)run->id, (long long)split, (long long)o->shard_n, (long long)split);
	}
	if (!o->shard_given && n == 1 && split > 1) {
		char want[48];
		snprintf(want, sizeof want, "%lld/%lld", (long long)sh[0].k, (long long)split);
		free(sh);
		return err_user("--resume: run %lld is shard %s, not %s (pass --shard %s)", (long long)run->id,
			want, shard, want);
	}
	int64_t lo = o->shard_given ? o->shard_k : 1, hi = o->shard_given ? o->shard_k : split;
	*planned = calloc((size_t)(hi - lo + 1), sizeof **planned);
	if (!*planned) {
		free(sh);
		return err_internal("sweep: out of memory");
	}
	*n_planned = 0;
	int64_t j = 0;
	for (int64_t k = lo; k <= hi && !rc; k++) {
		while (j < n && sh[j].k < k)
			j++;
		if (j < n && sh[j].k == k) {
			if (sh[j].next_index < sh[j].n_points)
				(*planned)[(*n_planned)++] = sh[j];
			continue;
		}
		store_shard_t add = { k, split, shard_points(s->n_points, k, split), 0, 0 };
		if (!(rc = store_batch_begin(st)) && !(rc = store_add_shard(st, run->id, k, split, add.n_points, 0, 0)))
			rc = store_commit(st);
		(*planned)[(*n_planned)++] = add;
	}
	free(sh);
	return rc;
}

/* Run the rest of one shard (from sh->next_index) through the pipeline into run_id,
 * committing its progress with its rows; *sh becomes what was committed. */
static int sweep_shard(store_t *st, const study_t *s, workload_t *w, int nw, const double *base_ipc,
	int64_t run_id, store_shard_t *sh, const sweep_opts_t *o, int64_t *rows_out)
{
	pipe_t p;
	memset(&p, 0, sizeof p);
	int rc = 0;
	int64_t start = sh->next_index, n_index = sh->n_points, n_illegal = sh->n_illegal;
	p.s = s;
	p.w = w;
	p.nw = nw;
	p.base_ipc = base_ipc;
	p.shard_k = sh->k;
	p.shard_n = sh->n;
	p.first_index = start;
	p.n_index = n_index;
	p.n_chunks = (n_index - start + CHUNK - 1) / CHUNK;
	int jobs = o->jobs < 1 ? 1 : o->jobs;
	/* two slots a thread, plus up to 8 more while they hold under 64 MB of results: when the
	 * writer stops to evaluate a chunk itself, the workers keep filling the slots ahead
	 * instead of waiting for it to free one */
	size_t slot_bytes = (size_t)CHUNK * (size_t)(nw ? nw : 1) * sizeof(metrics_t);
	size_t extra = ((size_t)64 << 20) / slot_bytes;
	p.nslots = 2 * jobs + 2 + (int)(extra < 8 ? extra : 8);
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

	double t0 = now_s(), last_commit = t0, last_draw = 0, last_line = t0;
	int64_t rows = 0, rows_in_txn = 0, done_index = start, committed = start, committed_illegal = n_illegal;
	int in_txn = 0;
	progress_t pg = { start, n_index, t0 };
	double line_every = progress_line_seconds();
	if (o->progress_lines)
		progress_line(&pg, run_id, done_index, 0);
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
			const char *vname = sl->variant[i] >= 0 ? s->variants[sl->variant[i]].name : NULL;
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
			if ((rc = store_batch_commit(st, run_id, sh->k, done_index, n_illegal)))
				break;
			in_txn = 0;
			rows += rows_in_txn;
			rows_in_txn = 0;
			committed = done_index;
			committed_illegal = n_illegal;
			last_commit = t;
		}
		if (o->progress && t - last_draw > 0.1) {
			draw_progress(&pg, done_index, rows + rows_in_txn);
			last_draw = t;
		}
		if (o->progress_lines && t - last_line >= line_every) {
			progress_line(&pg, run_id, done_index, rows + rows_in_txn);
			last_line = t;
		}
	}
	if (in_txn && !rc) {
		if (!(rc = store_batch_commit(st, run_id, sh->k, done_index, n_illegal))) {
			rows += rows_in_txn;
			committed = done_index;
			committed_illegal = n_illegal;
		}
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
	if (o->progress) {
		draw_progress(&pg, done_index, rows);
		fputc('\n', stderr);
	}
	if (o->progress_lines)
		progress_line(&pg, run_id, done_index, rows);
	for (int i = 0; i < p.nslots; i++)
		free(p.slots[i].m);
	free(p.slots);
	pthread_mutex_destroy(&p.mu);
	pthread_cond_destroy(&p.cv_full);
	pthread_cond_destroy(&p.cv_free);
	sh->next_index = committed;
	sh->n_illegal = committed_illegal;
	*rows_out += rows;
	return rc;
}

/* The error of every result a run will store (issue 23): per workload and metric, by source,
 * estimated on the baseline and up to USRC_DESIGNS - 1 legal points spread over the space
 * (src/stats/uncert_src.h), once per run and before any point: the insert loop is untouched.
 * The workloads' rows are computed on the sweep's threads (usrc_workloads) and stored in
 * workload order, as one thread would. */
static int store_uncertainty(store_t *st, const study_t *s, workload_t *w, int nw, int64_t run_id, unsigned mask,
	int threads)
{
	if (!mask)
		return 0;
	usrc_t u;
	int rc = usrc_init(&u, mask, s->params_path, 1);
	if (rc)
		return rc;
	design_t d[USRC_DESIGNS];
	int nd = 0;
	d[nd++] = s->baseline;
	for (uint64_t i = 0; i < USRC_DESIGNS - 1 && i < s->n_points; i++) {
		uint64_t id = s->n_points <= USRC_DESIGNS - 1 ? i : i * (s->n_points / (USRC_DESIGNS - 1));
		const char *why;
		int variant;
		if (study_point(s, id, &d[nd], &variant, &why) && gpu_design_check(&s->gpu, &d[nd], &why) == 0)
			nd++;
	}
	int max = (int)n_metric_cols * 3;
	store_uncert_t *rows = malloc((size_t)(nw > 0 ? nw : 1) * (size_t)max * sizeof *rows);
	int *n = calloc((size_t)(nw > 0 ? nw : 1), sizeof *n);
	if (!rows || !n) {
		free(rows);
		free(n);
		usrc_free(&u);
		return err_internal("sweep: out of memory");
	}
	if (usrc_workloads(&u, &s->gpu, d, nd, w, nw, threads, rows, max, n))
		rc = EXIT_USER;
	for (int i = 0; i < nw && !rc; i++)
		for (int k = 0; k < n[i] && !rc; k++)
			rc = store_put_uncert(st, run_id, &rows[(size_t)i * max + k]);
	free(rows);
	free(n);
	usrc_free(&u);
	return rc;
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
	store_shard_t *planned = NULL;   /* the shards this process runs, with their progress */
	int64_t n_planned = 0;
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
	/* the profiles and their contexts on the threads the sweep will use (the writer too) */
	if ((rc = workload_load_all((const char *const *)s.workloads, s.n_workloads, &s.gpu, w,
			(o->jobs < 1 ? 1 : o->jobs) + 1)))
		goto out;
	nw = s.n_workloads;
	for (int i = 0; i < nw && s.params_path[0]; i++)
		if ((rc = calib_apply_workload(&calib, &s.gpu, &w[i])))
			goto out;
	/* the preset and the contexts are final: points that differ only in gate_idle share the
	 * solve (models/solve_memo.h; out of memory: every point is solved) */
	for (int i = 0; i < nw; i++)
		(void)wctx_share_solves(w[i].ctx);
	/* results are found by workload name (query --workload, pareto --workload): two profiles
	 * of one name would mix their rows */
	for (int i = 0; i < nw; i++)
		for (int j = 0; j < i; j++)
			if (strcmp(w[i].prof.name, w[j].prof.name) == 0) {
				rc = err_user("%s: .workloads: %s and %s are both named \"%s\": rename one (gpudse profile --name)",
					s.path, w[j].path, w[i].path, w[i].prof.name);
				goto out;
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
	char shard[48];
	snprintf(shard, sizeof shard, "%lld/%lld", (long long)o->shard_k, (long long)o->shard_n);
	if ((uint64_t)o->shard_n > s.n_points) {
		rc = err_user("sweep: --shard: %s asks for %lld shards of a space of %llu points (at most one shard per point)",
			shard, (long long)o->shard_n, (unsigned long long)s.n_points);
		goto out;
	}
	if (o->resume_run > 0 && access(o->db_path, F_OK) != 0) {
		/* not created: resuming needs the database the run was written to */
		rc = err_user("--resume: %s does not exist (pass the --db the run was written to)", o->db_path);
		goto out;
	}
	if ((rc = store_open(o->db_path, STORE_WRITE, &st)))
		goto out;

	store_run_t run;
	int64_t run_id;
	if (o->resume_run > 0) {
		int found = store_get_run(st, o->resume_run, &run);
		if (found < 0 || found > 1) {
			rc = found;
			goto out;
		}
		if (!found) {
			rc = err_user("--resume: %s has no run %lld (pass the --db the run was written to)", o->db_path,
				(long long)o->resume_run);
			goto out;
		}
		if (strcmp(run.identity, identity) != 0) {
			rc = err_user("--resume: run %lld holds a different study, preset, model version, calibration or profiles than %s",
				(long long)run.id, s.path);
			goto out;
		}
		if (strcmp(run.status, "done") == 0 && strcmp(run.shard, "1/1") == 0) {
			printf("run %lld is already complete; nothing to resume\n", (long long)run.id);
			rc = 0;
			goto out;
		}
		run_id = run.id;
		if ((rc = resume_plan(st, &s, &run, o, shard, &planned, &n_planned)))
			goto out;
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
			char hint[2600];
			resume_hint(hint, sizeof hint, s.path, o->db_path, shard, run.id);
			rc = err_user("%s: run %lld of this study in %s is unfinished (%s): finish it with %s",
				s.path, (long long)run.id, o->db_path, run.status, hint);
			goto out;
		}
		int64_t n_index = shard_points(s.n_points, o->shard_k, o->shard_n);
		store_run_info_t info = { s.name, s.json, s.hash, s.gpu.name, s.gpu_json, GPUDSE_MODEL_VERSION,
			calib_hash, identity, o->argv, o->shard_k, o->shard_n, n_index };
		if ((rc = store_batch_begin(st)))
			goto out;
		if ((rc = store_new_run(st, &info, &run_id))) {
			store_batch_rollback(st);
			goto out;
		}
		for (int i = 0; i < nw; i++)
			if ((rc = store_add_workload(st, run_id, i, w[i].prof.name, w[i].path, w[i].hash))) {
				store_batch_rollback(st);
				goto out;
			}
		if ((rc = store_uncertainty(st, &s, w, nw, run_id, o->uncert_set ? o->uncert : US_ALL,
				(o->jobs < 1 ? 1 : o->jobs) + 1))) {
			store_batch_rollback(st);
			goto out;
		}
		if ((rc = store_batch_commit(st, run_id, o->shard_k, 0, 0)))
			goto out;
		planned = calloc(1, sizeof *planned);
		*planned = (store_shard_t){ o->shard_k, o->shard_n, n_index, 0, 0 };
		n_planned = 1;
	}

	double t0 = now_s();
	int64_t rows = 0, points = 0, illegal = 0, left = 0;
	for (int64_t i = 0; i < n_planned && !rc && !sweep_interrupted; i++) {
		int64_t before = planned[i].next_index, ill0 = planned[i].n_illegal;
		rc = sweep_shard(st, &s, w, nw, base_ipc, run_id, &planned[i], o, &rows);
		points += planned[i].next_index - before;
		illegal += planned[i].n_illegal - ill0;
	}
	for (int64_t i = 0; i < n_planned; i++)
		left += planned[i].n_points - planned[i].next_index;
	double dt = now_s() - t0;
	if (rc) {
		store_mark_interrupted(st, run_id);   /* after the error line: no second one */
	} else if (left > 0) {
		store_set_status(st, run_id, "interrupted");
		char hint[2600];
		resume_hint(hint, sizeof hint, s.path, o->db_path, shard, run_id);
		int sig = atomic_load(&sweep_interrupted);
		if (!sig)
			sig = SIGINT;
		int64_t total = 0;
		for (int64_t i = 0; i < n_planned; i++)
			total += planned[i].n_points;
		err_user("interrupted (%s): run %lld stored %lld of %lld points in %s; finish it with %s",
			sig == SIGTERM ? "SIGTERM" : "SIGINT", (long long)run_id, (long long)(total - left),
			(long long)total, o->db_path, hint);
		rc = 128 + sig;   /* the shell's convention: 130 for SIGINT, 143 for SIGTERM */
	} else {
		rc = store_run_summarise(st, run_id);
		if (!rc && n_planned <= 1 && (!n_planned || planned[0].n == o->shard_n))
			printf("run %lld (%s, shard %s): %lld points, %lld illegal, %lld result rows in %.2f s -> %s\n",
				(long long)run_id, s.name, shard, (long long)points, (long long)illegal,
				(long long)rows, dt, o->db_path);
		else if (!rc)
			printf("run %lld (%s): %lld shards finished, %lld points, %lld illegal, %lld result rows in %.2f s -> %s\n",
				(long long)run_id, s.name, (long long)n_planned, (long long)points, (long long)illegal,
				(long long)rows, dt, o->db_path);
	}
	if (o->stats) {
		struct rusage ru;
		getrusage(RUSAGE_SELF, &ru);
		printf("stats: rows %lld seconds %.3f rows_per_s %.0f peak_rss_kib %ld points %lld\n", (long long)rows, dt,
			dt > 0 ? rows / dt : 0, ru.ru_maxrss, (long long)points);
	}
out:
	free(planned);
	store_close(st);
	for (int i = 0; i < nw; i++)
		workload_free(&w[i]);
	free(w);
	free(base_ipc);
	calib_free(&calib);
	study_free(&s);
	return rc;
}
