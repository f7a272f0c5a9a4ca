/* cmd_merge.c -- `gpudse merge A.db B.db ... -o C.db`. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "commands/commands.h"
#include "store.h"

const char help_merge[] =
	"usage: gpudse merge A.db B.db ... -o C.db\n"
	"\n"
	"Joins results databases into C.db (created if missing; existing runs are kept).  Runs of\n"
	"the same study (same preset, model version, calibration and profiles) become one run:\n"
	"the shards of a sweep run with --shard K/N on a cluster's job array merge into exactly the\n"
	"rows of one unsharded run.  All of it happens in one transaction per input: a failure\n"
	"leaves C.db as it was.\n"
	"\n"
	"example: gpudse merge shard1.db shard2.db -o db/results.db\n";

int cmd_merge(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "merge", argc - 1, argv + 1);
	const char *out = args_str(&a, "-o", NULL);
	if (!out)
		out = args_str(&a, "--output", NULL);
	const char *in[64];
	int n = 0;
	for (const char *p; n < 64 && (p = args_pos(&a, n)); n++)
		in[n] = p;
	int rc = args_finish(&a, 64);
	if (rc)
		return rc;
	if (!out)
		return err_user("merge: missing -o OUTPUT.db");
	if (n == 0)
		return err_user("merge: no input databases");
	struct stat so;
	int out_exists = stat(out, &so) == 0;
	for (int i = 0; i < n; i++) {
		struct stat si;
		if (out_exists && stat(in[i], &si) == 0 && si.st_dev == so.st_dev && si.st_ino == so.st_ino)
			return err_user("merge: %s is also the output", in[i]);
	}
	store_t *st;
	if ((rc = store_open(out, STORE_WRITE, &st)))
		return rc;
	for (int i = 0; i < n && !rc; i++)
		rc = store_merge_from(st, in[i]);
	store_close(st);
	if (!rc)
		printf("merged %d database%s into %s\n", n, n == 1 ? "" : "s", out);
	return rc;
}
