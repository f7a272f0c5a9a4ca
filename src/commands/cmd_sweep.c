/* cmd_sweep.c -- `gpudse sweep STUDY [--db FILE] [--jobs N] [--shard K/N] [--resume RUN]`. */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands/commands.h"
#include "store/dbpath.h"
#include "stats/uncert_src.h"
#include "sweep.h"

const char help_sweep[] =
	"usage: gpudse sweep STUDY.json [--db FILE] [--jobs N] [--shard K/N] [--resume RUN] [--quiet] [--stats]\n"
	"                    [--uncert all|none|SOURCE,...]\n"
	"\n"
	"Evaluates every design of the study's space on every workload and stores designs and\n"
	"results in the SQLite database, in batches: killing the sweep at any moment leaves a\n"
	"consistent database, and --resume finishes the run without duplicating a row.  Running a\n"
	"study already stored (same study, preset, model version, calibration and profiles) is\n"
	"recognised and does nothing.\n"
	"\n"
	"  --db FILE      results database (default: $GPUDSE_DB, else results.db in the working directory)\n"
	"  --jobs N       model-evaluation threads (default: cores - 1, at least 1)\n"
	"  --shard K/N    run only shard K of N (points id = K-1 mod N); merge shards' databases\n"
	"                 with gpudse merge: the result equals one unsharded run\n"
	"  --resume RUN   finish the interrupted run RUN of this study (same --db and --shard)\n"
	"  --quiet        no progress: neither the bar drawn on a terminal nor the plain lines\n"
	"                 (points, rows/s, ETA) written every 5 s when stderr is a file or pipe\n"
	"  --stats        print rows/s and peak memory at the end\n"
	"  --uncert LIST  the sources of the error stored with the results (table uncertainty,\n"
	"                 docs/uncertainty.md): all (default), none, or a comma list of model\n"
	"                 (Accel-Sim reference error), calibration (the parameter set's covariance),\n"
	"                 sampling (a SHARDS-sampled profile's sampling error)\n"
	"\n"
	"The model is the GPU model of models/gpu.c: hit rates from the profiles' reuse curves feed\n"
	"a closed queueing network solved by mean-value analysis (see gpudse help explain).\n"
	"\n"
	"Exit status: 0 done; 1 bad input; 130 after SIGINT, 143 after SIGTERM (what SLURM sends\n"
	"at a time limit): what was complete is stored and the printed --resume command finishes it.\n"
	"\n"
	"example: gpudse sweep studies/demo.json --db db/results.db\n";

/* "K/N": decimal digits only, no sign, no overflow (1/4294967297 is 4294967297 shards, not 1). */
static int parse_shard(const char *s, int64_t *k, int64_t *n)
{
	int64_t v[2];
	for (int i = 0; i < 2; i++) {
		if (!isdigit((unsigned char)*s))
			return -1;
		char *end;
		errno = 0;
		long long x = strtoll(s, &end, 10);
		if (errno || *end != (i ? '\0' : '/'))
			return -1;
		v[i] = x;
		s = end + 1;
	}
	*k = v[0];
	*n = v[1];
	return *k >= 1 && *n >= *k ? 0 : -1;
}

int cmd_sweep(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "sweep", argc - 1, argv + 1);
	sweep_opts_t o;
	memset(&o, 0, sizeof o);
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	o.db_path = args_path(&a, "--db", NULL);
	o.jobs = (int)args_long(&a, "--jobs", ncpu > 1 ? ncpu - 1 : 1, 1, 256);
	const char *shard = args_str(&a, "--shard", NULL);
	o.resume_run = args_long(&a, "--resume", 0, 1, 1L << 40);
	int quiet = args_flag(&a, "--quiet");
	o.stats = args_flag(&a, "--stats");
	const char *uncert = args_str(&a, "--uncert", NULL);
	o.study_path = args_pos(&a, 0);
	int rc = args_finish(&a, 1);
	if (rc)
		return rc;
	if (!o.study_path)
		return err_user("sweep: missing STUDY.json (gpudse help sweep)");
	o.shard_given = shard != NULL;
	if (!shard)
		shard = "1/1";
	if (uncert) {
		if ((rc = usrc_parse("sweep: --uncert", uncert, &o.uncert)))
			return rc;
		o.uncert_set = 1;
	}
	if (parse_shard(shard, &o.shard_k, &o.shard_n))
		return err_user("sweep: --shard: expected K/N with 1 <= K <= N, got \"%s\"", shard);
	char dbbuf[1100];
	if (!o.db_path)
		o.db_path = default_db_path(dbbuf, sizeof dbbuf);
	o.progress = !quiet && isatty(2);
	o.progress_lines = !quiet && !isatty(2);
	/* the whole command line, for provenance (no cap: a long one is stored whole) */
	size_t len = 8;
	for (int i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	char *argv_buf = malloc(len);
	if (!argv_buf)
		return err_internal("sweep: out of memory");
	size_t n = snprintf(argv_buf, len, "gpudse");
	for (int i = 0; i < argc; i++)
		n += snprintf(argv_buf + n, len - n, " %s", argv[i]);
	o.argv = argv_buf;
	rc = sweep_run(&o);
	free(argv_buf);
	return rc;
}
