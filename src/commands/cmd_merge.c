/* cmd_merge.c -- `gpudse merge A.db B.db ... -o C.db`. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "commands/commands.h"
#include "store/store.h"

const char help_merge[] =
	"usage: gpudse merge A.db B.db ... -o C.db\n"
	"\n"
	"Joins results databases into C.db (created if missing; existing runs are kept).  Runs of\n"
	"the same study (same preset, model version, calibration and profiles) become one run:\n"
	"the shards of a sweep run with --shard K/N on a cluster's job array merge into exactly the\n"
	"rows of one unsharded run.  All of it happens in one transaction per input: a failure\n"
	"leaves C.db as it was.  Any number of inputs, any split (--shard K/N with N in the\n"
	"thousands), in any order and in several steps; partial shards merge too, and sweep\n"
	"--resume on the merged run computes exactly the missing points.\n"
	"\n"
	"example: gpudse merge shard1.db shard2.db -o db/results.db\n";

int cmd_merge(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "merge", argc - 1, argv + 1);
	const char *out = args_path(&a, "-o", NULL);
	if (!out)
		out = args_path(&a, "--output", NULL);
	/* every positional is an input: a job array's thousands of shard databases at once */
	int n = 0;
	const char **in = malloc(((size_t)a.argc + 1) * sizeof *in);
	if (!in)
		return err_internal("merge: out of memory");
	for (int i = 0; i < a.argc; i++)
		if (!a.used[i] && !(a.argv[i][0] == '-' && a.argv[i][1] != '\0')) {
			a.used[i] = 2;
			in[n++] = a.argv[i];
		}
	int rc = args_finish(&a, n);
	if (rc)
		goto out;
	if (!out) {
		rc = err_user("merge: missing -o OUTPUT.db");
		goto out;
	}
	if (n == 0) {
		rc = err_user("merge: no input databases");
		goto out;
	}
	struct stat so;
	int out_exists = stat(out, &so) == 0;
	for (int i = 0; i < n; i++) {
		struct stat si;
		if (out_exists && stat(in[i], &si) == 0 && si.st_dev == so.st_dev && si.st_ino == so.st_ino) {
			rc = err_user("merge: %s is also the output", in[i]);
			goto out;
		}
	}
	store_t *st;
	if ((rc = store_open(out, STORE_WRITE, &st)))
		goto out;
	int64_t added = 0;
	for (int i = 0; i < n && !rc; i++)
		rc = store_merge_from(st, in[i], &added);
	store_close(st);
	if (!rc)
		printf("merged %d database%s into %s: %lld new result rows\n", n, n == 1 ? "" : "s", out, (long long)added);
out:
	free(in);
	return rc;
}
