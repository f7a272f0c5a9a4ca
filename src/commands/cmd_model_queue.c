/* cmd_model_queue.c -- `gpudse model queue`: the queueing library (models/queue.h), JSON out. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "commands/commands.h"
#include "commands/json_tables.h"
#include "json_writer.h"
#include "queue.h"

const char help_model_queue[] =
	"usage: gpudse model queue --kind KIND [options]\n"
	"\n"
	"Evaluates one queueing model of models/queue.c and prints JSON (inputs and result).\n"
	"Times are in any consistent unit; rates per that unit.  Utilisation >= 1 on an open\n"
	"infinite-buffer queue is reported as \"saturated\": true with null waits.\n"
	"\n"
	"kinds and their options:\n"
	"  mm1, md1    --lambda RATE --service TIME          M/M/1, M/D/1\n"
	"  mg1         --lambda RATE --service TIME --cs2 X  M/G/1 (Pollaczek-Khinchine), X = Var(S)/s^2\n"
	"  md1k        --lambda RATE --service TIME --K N [--dist]\n"
	"              M/D/1/K (N in system at most, blocked arrivals lost), solved as the embedded\n"
	"              Markov chain; any load; --dist adds P(n in system), n = 0..K\n"
	"  xbar        --inputs N --outputs M --load P [--skew Z]\n"
	"              N x M crossbar, one transfer per output per cycle, each input requesting with\n"
	"              probability P per cycle; destinations uniform or Zipf(Z) over the outputs\n"
	"  mva         --demands D1,D2,... --population N [--copies C1,...] [--servers M1,...]\n"
	"              [--delays 0|1,...] [--exact]\n"
	"              closed network: per-copy service demand per customer cycle, identical copies\n"
	"              (visited uniformly), servers per copy, 1 for a delay (infinite-server) station;\n"
	"              Schweitzer-Bard approximate MVA with Seidmann's multi-server approximation\n"
	"              (any real N), or exact MVA with --exact (integer N <= 20000)\n"
	"\n"
	"examples:\n"
	"  gpudse model queue --kind mm1 --lambda 0.5 --service 1\n"
	"  gpudse model queue --kind mg1 --lambda 0.5 --service 1 --cs2 2\n"
	"  gpudse model queue --kind md1k --lambda 0.9 --service 1 --K 16\n"
	"  gpudse model queue --kind xbar --inputs 32 --outputs 8 --load 0.2 --skew 0.8\n"
	"  gpudse model queue --kind mva --demands 1,2,0.5 --copies 1,4,1 --servers 1,1,2 --delays 0,0,1 --population 40\n";

#define CMD "model queue"

/* A required numeric option. */
static double need_double(cli_args_t *a, const char *opt, double lo, double hi, const char *kind)
{
	const char *v = args_str(a, opt, NULL); /* may report "missing value" itself */
	if (!a->failed && !v) {
		a->failed = 1;
		err_user(CMD ": %s: required for --kind %s", opt, kind);
		return NAN;
	}
	return args_double(a, opt, NAN, lo, hi);
}

/* --lambda and --service, both required; service must be positive. */
static int rate_and_service(cli_args_t *a, const char *kind, double *lambda, double *s)
{
	*lambda = need_double(a, "--lambda", 0, 1e15, kind);
	*s = need_double(a, "--service", 0, 1e15, kind);
	if (!a->failed && !(*s > 0)) {
		a->failed = 1;
		return err_user(CMD ": --service: expected a positive time, got \"%s\"",
				args_str(a, "--service", ""));
	}
	return a->failed ? EXIT_USER : 0;
}

static cJSON *header(const char *kind)
{
	cJSON *root = cJSON_CreateObject();
	cJSON_AddStringToObject(root, "model", "queue");
	cJSON_AddStringToObject(root, "kind", kind);
	return root;
}

static int run_open(cli_args_t *a, const char *kind)
{
	double lambda, s, cs2 = strcmp(kind, "mm1") == 0 ? 1.0 : 0.0;
	rate_and_service(a, kind, &lambda, &s);
	if (strcmp(kind, "mg1") == 0)
		cs2 = need_double(a, "--cs2", 0, 1e6, kind);
	if (args_finish(a, 0))
		return EXIT_USER;
	queue_open_t q;
	if (queue_mg1(lambda, s, cs2, &q) != QUEUE_OK)
		return err_internal(CMD ": queue_mg1 rejected checked arguments");
	cJSON *root = header(kind), *in = cJSON_AddObjectToObject(root, "inputs");
	cJSON_AddNumberToObject(in, "lambda", lambda);
	cJSON_AddNumberToObject(in, "service", s);
	cJSON_AddNumberToObject(in, "cs2", cs2);
	json_add_keys(cJSON_AddObjectToObject(root, "result"), &queue_open_json, &q, NULL, "rho saturated wait resp lq l", NULL);
	return json_print(root, CMD);
}

static int run_md1k(cli_args_t *a)
{
	double lambda, s;
	rate_and_service(a, "md1k", &lambda, &s);
	double Kd = need_double(a, "--K", 1, 10000, "md1k");
	int dist = args_flag(a, "--dist");
	if (args_finish(a, 0))
		return EXIT_USER;
	int K = (int)Kd;
	if (K != Kd)
		return err_user(CMD ": --K: expected an integer in [1, 10000], got \"%s\"", args_str(a, "--K", ""));
	if (lambda * s > 600)
		return err_user(CMD ": --lambda x --service = %g: offered load beyond 600 (the solver's range)",
				lambda * s);
	queue_md1k_t m;
	double *p = malloc(((size_t)K + 1) * sizeof *p);
	if (!p)
		return err_internal(CMD ": out of memory");
	if (queue_md1k(lambda, s, K, &m) != QUEUE_OK || queue_md1k_dist(lambda, s, K, p) != QUEUE_OK) {
		free(p);
		return err_internal(CMD ": queue_md1k rejected checked arguments");
	}
	cJSON *root = header("md1k"), *in = cJSON_AddObjectToObject(root, "inputs");
	cJSON_AddNumberToObject(in, "lambda", lambda);
	cJSON_AddNumberToObject(in, "service", s);
	cJSON_AddNumberToObject(in, "K", K);
	cJSON *r = cJSON_AddObjectToObject(root, "result");
	json_add_keys(r, &queue_md1k_json, &m, NULL, "rho p_block throughput util l wait resp", NULL);
	if (dist) {
		cJSON *arr = cJSON_AddArrayToObject(r, "p");
		for (int n = 0; n <= K; n++)
			cJSON_AddItemToArray(arr, cJSON_CreateNumber(p[n]));
	}
	free(p);
	return json_print(root, CMD);
}

static int run_xbar(cli_args_t *a)
{
	double n_in = need_double(a, "--inputs", 1, 4096, "xbar");
	double n_out = need_double(a, "--outputs", 1, 4096, "xbar");
	double load = need_double(a, "--load", 0, 1, "xbar");
	double skew = args_double(a, "--skew", 0, 0, 10);
	if (args_finish(a, 0))
		return EXIT_USER;
	if (n_in != floor(n_in) || n_out != floor(n_out))
		return err_user(CMD ": --inputs and --outputs must be integers in [1, 4096]");
	int M = (int)n_out;
	double *dest = NULL;
	if (skew > 0) {   /* Zipf: output j (0-based) gets weight 1 / (j + 1)^skew */
		dest = malloc((size_t)M * sizeof *dest);
		if (!dest)
			return err_internal(CMD ": out of memory");
		double z = 0;
		for (int j = 0; j < M; j++)
			z += dest[j] = pow(j + 1, -skew);
		for (int j = 0; j < M; j++)
			dest[j] /= z;
	}
	queue_xbar_t x;
	int rc = queue_xbar((int)n_in, M, load, dest, &x);
	free(dest);
	if (rc != QUEUE_OK)
		return err_internal(CMD ": queue_xbar rejected checked arguments");
	cJSON *root = header("xbar"), *in = cJSON_AddObjectToObject(root, "inputs");
	cJSON_AddNumberToObject(in, "inputs", n_in);
	cJSON_AddNumberToObject(in, "outputs", n_out);
	cJSON_AddNumberToObject(in, "load", load);
	cJSON_AddNumberToObject(in, "skew", skew);
	json_add_all(cJSON_AddObjectToObject(root, "result"), &queue_xbar_json, &x, NULL);
	return json_print(root, CMD);
}

/* Parse "a,b,c" into v[]; returns the count, or -1 (message printed) on a bad list. */
static int parse_list(const char *opt, const char *s, double lo, double hi, int integer, double *v)
{
	int n = 0;
	const char *p = s;
	for (;;) {
		char *end;
		double x = strtod(p, &end);
		if (end == p || (*end != ',' && *end != '\0') || !(x >= lo && x <= hi) ||
		    (integer && x != floor(x)) || n == QUEUE_MAX_STATIONS) {
			if (n == QUEUE_MAX_STATIONS)
				err_user(CMD ": %s: at most %d stations", opt, QUEUE_MAX_STATIONS);
			else
				err_user(CMD ": %s: expected comma-separated %s in [%g, %g], got \"%s\"",
					 opt, integer ? "integers" : "numbers", lo, hi, s);
			return -1;
		}
		v[n++] = x;
		if (*end == '\0')
			return n;
		p = end + 1;
	}
}

static int run_mva(cli_args_t *a)
{
	const char *ds = args_str(a, "--demands", NULL);
	const char *cs = args_str(a, "--copies", NULL);
	const char *ss = args_str(a, "--servers", NULL);
	const char *zs = args_str(a, "--delays", NULL);
	int exact = args_flag(a, "--exact");
	double pop = need_double(a, "--population", 0, exact ? 20000 : 1e9, "mva");
	if (!a->failed && !ds) {
		a->failed = 1;
		err_user(CMD ": --demands: required for --kind mva");
	}
	if (args_finish(a, 0))
		return EXIT_USER;
	double d[QUEUE_MAX_STATIONS], c[QUEUE_MAX_STATIONS], m[QUEUE_MAX_STATIONS], z[QUEUE_MAX_STATIONS];
	int n = parse_list("--demands", ds, 0, 1e15, 0, d);
	if (n < 0)
		return EXIT_USER;
	struct { const char *opt, *s; double *v, lo, hi; } lists[] = {
		{ "--copies", cs, c, 1, 1e6 }, { "--servers", ss, m, 1, 1e6 }, { "--delays", zs, z, 0, 1 },
	};
	for (int i = 0; i < 3; i++) {
		if (!lists[i].s) {
			for (int k = 0; k < n; k++)
				lists[i].v[k] = i == 2 ? 0 : 1;
			continue;
		}
		int got = parse_list(lists[i].opt, lists[i].s, lists[i].lo, lists[i].hi, 1, lists[i].v);
		if (got < 0)
			return EXIT_USER;
		if (got != n)
			return err_user(CMD ": %s: %d values for %d stations (one per --demands entry)",
					lists[i].opt, got, n);
	}
	if (exact && pop != floor(pop))
		return err_user(CMD ": --population: --exact needs an integer, got \"%s\"",
				args_str(a, "--population", ""));
	queue_station_t st[QUEUE_MAX_STATIONS];
	double total = 0;
	for (int k = 0; k < n; k++) {
		st[k] = (queue_station_t){ d[k], (int)c[k], (int)m[k], (int)z[k] };
		total += d[k];
	}
	if (total == 0 && pop > 0)
		return err_user(CMD ": --demands: every demand is 0: the throughput is unbounded");
	queue_mva_t r;
	int rc = exact ? queue_mva_exact(st, n, (int)pop, &r) : queue_mva_schweitzer(st, n, pop, &r);
	if (rc == QUEUE_ENOMEM)
		return err_internal(CMD ": out of memory");
	if (rc != QUEUE_OK)
		return err_internal(CMD ": MVA rejected checked arguments");
	cJSON *root = header("mva"), *in = cJSON_AddObjectToObject(root, "inputs");
	cJSON_AddNumberToObject(in, "population", pop);
	cJSON_AddStringToObject(in, "method", exact ? "exact" : "schweitzer");
	cJSON *res = cJSON_AddObjectToObject(root, "result");
	json_add_num(res, "X", r.X);
	json_add_num(res, "cycle", r.cycle);
	cJSON_AddNumberToObject(res, "iterations", r.iterations);
	cJSON *arr = cJSON_AddArrayToObject(res, "stations");
	for (int k = 0; k < n; k++) {
		cJSON *o = cJSON_CreateObject();
		cJSON_AddNumberToObject(o, "demand", st[k].demand);
		cJSON_AddNumberToObject(o, "copies", st[k].copies);
		cJSON_AddNumberToObject(o, "servers", st[k].servers);
		cJSON_AddBoolToObject(o, "delay", st[k].is_delay);
		json_add_num(o, "resid", r.resid[k]);
		json_add_num(o, "util", r.util[k]);
		json_add_num(o, "qlen", r.qlen[k]);
		cJSON_AddItemToArray(arr, o);
	}
	return json_print(root, CMD);
}

int cmd_model_queue(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, CMD, argc - 1, argv + 1);
	const char *kind = args_str(&a, "--kind", NULL);
	if (a.failed)
		return EXIT_USER;
	if (!kind)
		return err_user(CMD ": --kind: required (mm1, md1, mg1, md1k, xbar, mva)");
	if (strcmp(kind, "mm1") == 0 || strcmp(kind, "md1") == 0 || strcmp(kind, "mg1") == 0)
		return run_open(&a, kind);
	if (strcmp(kind, "md1k") == 0)
		return run_md1k(&a);
	if (strcmp(kind, "xbar") == 0)
		return run_xbar(&a);
	if (strcmp(kind, "mva") == 0)
		return run_mva(&a);
	return err_user(CMD ": --kind: unknown kind \"%s\" (mm1, md1, mg1, md1k, xbar, mva)", kind);
}
