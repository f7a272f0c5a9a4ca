/* cmd_model_bloom.c -- `gpudse model bloom`: Bloom-filter models (models/bloom.h), JSON out. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "bloom.h"
#include "cli.h"
#include "commands/commands.h"
#include "commands/json_tables.h"
#include "json_writer.h"

const char help_model_bloom[] =
	"usage: gpudse model bloom [--kind filter] --m BITS --k HASHES --n ITEMS [--bits B]\n"
	"       gpudse model bloom --kind tagsearch [--ways W] [--filters F] [--counters C] [--bits B]\n"
	"                          [--hashes K] [--comparators N] [--t-filter CYC] [--hit-rate H]\n"
	"\n"
	"filter: false positives of a Bloom filter of m bits, k hashes, n items: the textbook\n"
	"  (1 - (1 - 1/m)^{kn})^k (Bloom 1970), the occupancy-exact value (Bose et al. 2008), the\n"
	"  approximation (1 - e^{-kn/m})^k, the partitioned filter (k slices of m/k bits), the best k;\n"
	"  with --bits B a counting filter of m B-bit counters: the probability a counter saturates\n"
	"  (binomial and Poisson, Fan et al. 2000) and that any does.\n"
	"tagsearch: FUSE's approximate fully-associative STT bank (HPCA 2019 §III-B, Table I): W ways\n"
	"  split into F data sets, each behind a counting filter of C B-bit counters and K hashes,\n"
	"  polled by N comparators after a filter test of CYC cycles: expected tag-search cycles of a\n"
	"  hit and a miss (and their mix at hit rate H).  Defaults: 512 ways, 128 filters, 128 counters\n"
	"  (the paper's 1-2 cycles; 16 counters, Table I's other reading, gives ~11), 2 bits, 3 hashes,\n"
	"  4 comparators, 1 cycle, H = 0.5.\n"
	"\n"
	"examples:\n"
	"  gpudse model bloom --m 1024 --k 3 --n 100\n"
	"  gpudse model bloom --m 16 --k 3 --n 4 --bits 2\n"
	"  gpudse model bloom --kind tagsearch --counters 16\n";

#define CMD "model bloom"

/* A required numeric option. */
static double need(cli_args_t *a, const char *opt, double lo, double hi)
{
	const char *v = args_str(a, opt, NULL);
	if (!a->failed && !v) {
		a->failed = 1;
		err_user(CMD ": %s: required for --kind filter", opt);
		return NAN;
	}
	return args_double(a, opt, NAN, lo, hi);
}

static int run_filter(cli_args_t *a)
{
	double m = need(a, "--m", 1, 1e12);
	double k = need(a, "--k", 1, 64);
	double n = need(a, "--n", 0, 1e12);
	long bits = args_long(a, "--bits", 0, 1, 16);
	if (args_finish(a, 0))
		return EXIT_USER;
	if (k != floor(k))
		return err_user(CMD ": --k: expected an integer in [1, 64], got \"%s\"", args_str(a, "--k", ""));
	cJSON *root = cJSON_CreateObject();
	cJSON_AddStringToObject(root, "model", "bloom");
	cJSON_AddStringToObject(root, "kind", "filter");
	cJSON *in = cJSON_AddObjectToObject(root, "inputs");
	cJSON_AddNumberToObject(in, "m", m);
	cJSON_AddNumberToObject(in, "k", k);
	cJSON_AddNumberToObject(in, "n", n);
	cJSON *r = cJSON_AddObjectToObject(root, "result");
	json_add_num(r, "fp_exact", bloom_fp_exact(m, (int)k, n));
	json_add_num(r, "fp_occupancy", bloom_fp_occupancy(m, (int)k, n));
	json_add_num(r, "fp_approx", bloom_fp_approx(m, (int)k, n));
	json_add_num(r, "fp_partitioned", m >= k ? bloom_fp_partitioned(m, (int)k, n) : NAN);
	cJSON_AddNumberToObject(r, "k_opt", n > 0 ? bloom_k_opt(m, n) : 1);
	if (bits > 0) {
		bloom_cbf_t c;
		if (bloom_cbf_eval(m, (int)k, n, (int)bits, &c) != 0) {
			cJSON_Delete(root);
			return err_internal(CMD ": bloom_cbf_eval rejected checked arguments");
		}
		cJSON_AddNumberToObject(in, "bits", (double)bits);
		json_add_all(cJSON_AddObjectToObject(r, "counting"), &bloom_cbf_json, &c, NULL);
	}
	return json_print(root, CMD);
}

static int run_tagsearch(cli_args_t *a)
{
	long ways = args_long(a, "--ways", 512, 1, 1 << 24);
	long filters = args_long(a, "--filters", 128, 1, 1 << 20);
	long counters = args_long(a, "--counters", 128, 1, 65536);
	long bits = args_long(a, "--bits", 2, 1, 16);
	long hashes = args_long(a, "--hashes", 3, 1, 64);
	long comps = args_long(a, "--comparators", 4, 1, 4096);
	double tf = args_double(a, "--t-filter", 1.0, 0, 1000);
	double h = args_double(a, "--hit-rate", 0.5, 0, 1);
	if (args_finish(a, 0))
		return EXIT_USER;
	if (ways < filters)
		return err_user(CMD ": --ways (%ld) must be at least --filters (%ld)", ways, filters);
	bloom_tagsearch_t t;
	if (bloom_tagsearch_eval((int)ways, (int)filters, (int)counters, (int)bits, (int)hashes,
	                         (int)comps, tf, &t) != 0)
		return err_internal(CMD ": bloom_tagsearch_eval rejected checked arguments");
	cJSON *root = cJSON_CreateObject();
	cJSON_AddStringToObject(root, "model", "bloom");
	cJSON_AddStringToObject(root, "kind", "tagsearch");
	cJSON *in = cJSON_AddObjectToObject(root, "inputs");
	cJSON_AddNumberToObject(in, "ways", (double)ways);
	cJSON_AddNumberToObject(in, "filters", (double)filters);
	cJSON_AddNumberToObject(in, "counters", (double)counters);
	cJSON_AddNumberToObject(in, "bits", (double)bits);
	cJSON_AddNumberToObject(in, "hashes", (double)hashes);
	cJSON_AddNumberToObject(in, "comparators", (double)comps);
	cJSON_AddNumberToObject(in, "t_filter", tf);
	cJSON_AddNumberToObject(in, "hit_rate", h);
	cJSON *r = cJSON_AddObjectToObject(root, "result");
	json_add_keys(r, &tagsearch_json, &t, NULL, "set_size fp_per_filter false_sets cycles_per_set "
		"cycles_hit cycles_miss", NULL);
	json_add_num(r, "cycles_mean", bloom_tagsearch_cycles(&t, h));
	json_add_keys(r, &tagsearch_json, &t, NULL, "p_counter_saturates filter_bits", NULL);
	return json_print(root, CMD);
}

int cmd_model_bloom(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, CMD, argc - 1, argv + 1);
	const char *kind = args_str(&a, "--kind", "filter");
	if (a.failed)
		return EXIT_USER;
	if (strcmp(kind, "filter") == 0)
		return run_filter(&a);
	if (strcmp(kind, "tagsearch") == 0)
		return run_tagsearch(&a);
	return err_user(CMD ": --kind: expected filter or tagsearch, got \"%s\"", kind);
}
