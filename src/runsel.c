/* runsel.c -- resolving --run for pareto, query and export. */
#include "runsel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int run_select(store_t *st, const char *db, const char *spec, store_run_t *run)
{
	int64_t id = 0;
	if (strcmp(spec, "latest") != 0) {
		char *end;
		id = strtoll(spec, &end, 10);
		if (end == spec || *end || id <= 0)
			return err_user("--run: expected a run id or latest, got \"%s\"", spec);
	}
	int found = store_get_run(st, id, run);
	if (found != 0 && found != 1)
		return found;
	if (!found)
		return id ? err_user("--run: %s has no run %lld", db, (long long)id)
			: err_user("%s: no runs yet (run gpudse sweep first)", db);
	run_warn_partial(db, run);
	return 0;
}

void run_warn_partial(const char *db, const store_run_t *run)
{
	if (strcmp(run->status, "done") != 0)
		fprintf(stderr, "gpudse: warning: %s: run %lld (%s) is %s: %lld of %lld points stored, "
			"the answer covers only them (finish it with gpudse sweep STUDY --db %s --resume %lld)\n",
			db, (long long)run->id, run->study,
			strcmp(run->status, "running") == 0 ? "unfinished (running, or killed)" : run->status,
			(long long)run->next_index, (long long)run->n_points, db, (long long)run->id);
	if (strcmp(run->shard, "1/1") != 0)
		fprintf(stderr, "gpudse: warning: %s: run %lld (%s) holds shard set %s only, not the whole "
			"space (merge the other shards' databases with gpudse merge)\n",
			db, (long long)run->id, run->study, run->shard);
}
