/* runsel.c -- resolving --run for pareto, query and export. */
#include "runsel.h"

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
	return 0;
}
