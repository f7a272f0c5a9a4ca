/* cmd_model_hitrate.c -- `gpudse model hitrate`: one cache's hit rate from a profile. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands/commands.h"
#include "json_writer.h"
#include "profiling/profile_json.h"
#include "reuse.h"

const char help_model_hitrate[] =
	"usage: gpudse model hitrate --profile P.json --size BYTES [--stream l1|global|group:G]\n"
	"                            [--assoc N|full] [--policy lru|fifo|random]\n"
	"\n"
	"Hit ratio (hits / accesses, cold misses included) of one cache of --size bytes fed by one\n"
	"stream of a profile (docs/profile-format.md), by the models of models/reuse.h:\n"
	"  lru, full assoc   exact from the stack-distance histogram (Mattson 1970)\n"
	"  lru, N ways       Smith's binomial model over sets (Smith 1978)\n"
	"  fifo, random      fixed-point models on the reuse-time histogram (models/reuse.c)\n"
	"Prints JSON: the hit and miss ratio and what was used (stream, blocks, sets, model).\n"
	"\n"
	"options:\n"
	"  --profile FILE   the profile\n"
	"  --size BYTES     cache capacity in bytes (blocks = BYTES / the profile's block_bytes)\n"
	"  --stream NAME    l1 (default: one SM's private cache), global (all SMs), group:G\n"
	"  --assoc N|full   ways per set (default full)\n"
	"  --policy P       lru (default), fifo or random\n"
	"\n"
	"example:\n"
	"  gpudse profile /tmp/t.trace -o /tmp/t.json      (see gpudse help profile)\n"
	"  gpudse model hitrate --profile /tmp/t.json --stream l1 --size 16384 --assoc 4 --policy lru\n"
	"  {\"profile\": \"/tmp/t.json\", ..., \"model\": \"lru-smith-binomial\", ..., \"hit_rate\": 0.333333, ...}\n";

int cmd_model_hitrate(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "model hitrate", argc - 1, argv + 1);
	const char *file = args_str(&a, "--profile", NULL);
	const char *stream = args_str(&a, "--stream", "l1");
	double size = args_double(&a, "--size", -1, 1, 1e15);
	const char *assoc_s = args_str(&a, "--assoc", "full");
	const char *pol_s = args_str(&a, "--policy", "lru");
	int rc = args_finish(&a, 0);
	if (rc)
		return rc;
	if (!file)
		return err_user("model hitrate: missing --profile FILE");
	if (size < 0)
		return err_user("model hitrate: missing --size BYTES");
	int assoc;
	if (strcmp(assoc_s, "full") == 0)
		assoc = REUSE_FULL;
	else {
		char *end;
		long v = strtol(assoc_s, &end, 10);
		if (end == assoc_s || *end || v < 1 || v > 1 << 20)
			return err_user("model hitrate: --assoc: expected a positive integer or \"full\", got \"%s\"", assoc_s);
		assoc = (int)v;
	}
	enum reuse_policy pol;
	if (strcmp(pol_s, "lru") == 0)
		pol = REUSE_LRU;
	else if (strcmp(pol_s, "fifo") == 0)
		pol = REUSE_FIFO;
	else if (strcmp(pol_s, "random") == 0)
		pol = REUSE_RANDOM;
	else
		return err_user("model hitrate: --policy: expected lru, fifo or random, got \"%s\"", pol_s);

	profile_t p;
	if ((rc = profile_load(file, &p)))
		return rc;
	const profile_stream_t *s = profile_stream(&p, stream);
	if (!s) {
		char have[256] = "";
		size_t n = 0;
		for (size_t i = 0; i < p.n_streams && n < sizeof have; i++)
			n += (size_t)snprintf(have + n, sizeof have - n, "%s%s", i ? ", " : "", p.streams[i].name);
		rc = err_user("model hitrate: %s: no stream \"%s\" (it has: %s)", file, stream, have);
		goto out;
	}
	if (pol != REUSE_LRU && !(s->rt.total > 0)) {
		rc = err_user("model hitrate: %s: stream \"%s\" has no reuse-time histogram (rt), needed by --policy %s",
			      file, stream, pol_s);
		goto out;
	}
	double blocks = size / p.block_bytes;
	if (blocks < 1) {
		rc = err_user("model hitrate: --size: %g bytes is less than one %d-byte block", size, p.block_bytes);
		goto out;
	}
	if (assoc != REUSE_FULL && assoc > blocks) {
		rc = err_user("model hitrate: --assoc: %d ways exceed the %g blocks of the cache", assoc, blocks);
		goto out;
	}
	double h = reuse_hit(s, blocks, assoc, pol);
	if (h < 0) {
		rc = err_internal("model hitrate: the model failed");
		goto out;
	}
	const char *model = pol == REUSE_FIFO ? "fifo-fixed-point"
		: pol == REUSE_RANDOM ? "random-fixed-point"
		: (assoc == REUSE_FULL || assoc >= blocks) ? "lru-exact-mattson" : "lru-smith-binomial";
	cJSON *root = cJSON_CreateObject();
	cJSON_AddStringToObject(root, "profile", file);
	cJSON_AddStringToObject(root, "workload", p.name);
	cJSON_AddStringToObject(root, "stream", s->name);
	json_add_fmt(root, "size_bytes", size, "%.17g");
	cJSON_AddNumberToObject(root, "block_bytes", p.block_bytes);
	json_add_fmt(root, "blocks", blocks, "%.17g");
	if (assoc == REUSE_FULL) {
		cJSON_AddStringToObject(root, "assoc", "full");
		cJSON_AddNumberToObject(root, "sets", 1);
	} else {
		cJSON_AddNumberToObject(root, "assoc", assoc);
		json_add_fmt(root, "sets", blocks / assoc, "%.17g");
	}
	cJSON_AddStringToObject(root, "policy", pol_s);
	cJSON_AddStringToObject(root, "model", model);
	json_add_fmt(root, "accesses", s->accesses, "%.17g");
	json_add_fmt(root, "hit_rate", h, "%.6f");
	json_add_fmt(root, "miss_rate", 1 - h, "%.6f");
	rc = json_write(root, JSON_LINE, "model hitrate");
out:
	profile_free(&p);
	return rc;
}
