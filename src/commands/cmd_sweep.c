/* cmd_sweep.c -- `gpudse sweep STUDY [--db FILE] [--jobs N] [--shard K/N] [--resume RUN]`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands/commands.h"
#include "dbpath.h"
#include "sweep.h"

const char help_sweep[] =
	"usage: gpudse sweep STUDY.json [--db FILE] [--jobs N] [--shard K/N] [--resume RUN] [--quiet] [--stats]\n"
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
	"\n"
	"The model is the GPU model of models/gpu.c: hit rates from the profiles' reuse curves feed\n"
	"a closed queueing network solved by mean-value analysis (see gpudse help explain).\n"
	"\n"
	"Exit status: 0 done; 1 bad input; 130 after SIGINT, 143 after SIGTERM (what SLURM sends\n"
	"at a time limit): what was complete is stored and the printed --resume command finishes it.\n"
	"\n"
	"example: gpudse sweep studies/demo.json --db db/results.db\n";

int cmd_sweep(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "sweep", argc - 1, argv + 1);
	sweep_opts_t o;
	memset(&o, 0, sizeof o);
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	o.db_path = args_str(&a, "--db", NULL);
	o.jobs = (int)args_long(&a, "--jobs", ncpu > 1 ? ncpu - 1 : 1, 1, 256);
	const char *shard = args_str(&a, "--shard", "1/1");
	o.resume_run = args_long(&a, "--resume", 0, 1, 1L << 40);
	int quiet = args_flag(&a, "--quiet");
	o.stats = args_flag(&a, "--stats");
	o.study_path = args_pos(&a, 0);
	int rc = args_finish(&a, 1);
	if (rc)
		return rc;
	if (!o.study_path)
		return err_user("sweep: missing STUDY.json (gpudse help sweep)");
	char extra;
	if (sscanf(shard, "%d/%d%c", &o.shard_k, &o.shard_n, &extra) != 2 || o.shard_n < 1 ||
		o.shard_k < 1 || o.shard_k > o.shard_n)
		return err_user("sweep: --shard: expected K/N with 1 <= K <= N, got \"%s\"", shard);
	char dbbuf[1100];
	if (!o.db_path)
		o.db_path = default_db_path(dbbuf, sizeof dbbuf);
	o.progress = !quiet && isatty(2);
	o.progress_lines = !quiet && !isatty(2);
	char argv_buf[2048];
	size_t n = 0;
	argv_buf[0] = '\0';
	for (int i = -1; i < argc && n < sizeof argv_buf; i++)
		n += snprintf(argv_buf + n, sizeof argv_buf - n, "%s%s", i < 0 ? "gpudse" : " ", i < 0 ? "" : argv[i]);
	o.argv = argv_buf;
	return sweep_run(&o);
}
