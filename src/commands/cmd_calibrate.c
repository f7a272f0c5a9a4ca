/* cmd_calibrate.c -- `gpudse calibrate`: fit the model's free parameters to observations. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calibration/calibrate.h"
#include "cli.h"
#include "commands/commands.h"
#include "presets/gpu_json.h"
#include "validation/calibrate_accelsim.h"

const char help_calibrate[] =
	"usage: gpudse calibrate PROFILE.json ... [-o PARAMS.json] [--name NAME] [--holdout F]\n"
	"                        [--gpu G] [--fit LIST] [--seed S]\n"
	"       gpudse calibrate --accelsim [--runs DIR] [--split] [-o PARAMS.json] [--name NAME]\n"
	"                        [--fit LIST]\n"
	"\n"
	"Fits the GPU model's free parameters to the observations the profiles carry (measured IPC,\n"
	"speedups or hit rates for named presets and designs; docs/calibration.md): the DRAM\n"
	"efficiency gpu.dram_eff (shared), and per workload its dependence cycles per instruction\n"
	"(dep_cycles) and memory-level parallelism (mlp).  Weighted nonlinear least squares (GSL\n"
	"multifit_nlinear, trust region), bounds through transforms, 95% confidence intervals from\n"
	"the covariance, RMSE and R^2, and the error on held-out observations.  An underdetermined\n"
	"fit is refused.  The result is a parameter set a study uses through \"params\".\n"
	"\n"
	"options:\n"
	"  -o, --output FILE  parameter set to write (default calibration/params/NAME.json)\n"
	"  --name NAME        parameter-set name (default: fit-<first workload>)\n"
	"  --holdout F        hold out a seeded random share F in [0, 0.9] of the observations and\n"
	"                     report the error on them (default 0)\n"
	"  --gpu G            fit only the observations on preset G; the other presets' observations\n"
	"                     are predicted and reported as held out\n"
	"  --fit LIST         parameters to fit, comma separated among dram_eff, dep_cycles, mlp\n"
	"                     (default: all three)\n"
	"  --seed S           seed of the held-out selection (default 1)\n"
	"  --accelsim         observations from Accel-Sim simulation logs instead of profiles: each\n"
	"                     log DIR/PRESET/CONFIG/KERNEL.log[.xz] gives ipc, l1_hit and llc_hit for\n"
	"                     its kernel's profile (generated from the log's gpudse trace command)\n"
	"                     on the preset imported from the log's options (docs/calibration.md)\n"
	"  --runs DIR         the logs (default calibration/accelsim/runs)\n"
	"  --split            fit on the development kernels, report the error on the held-out\n"
	"                     ones (DIR/../heldout.txt, the split validate --accelsim reports)\n"
	"\n"
	"example:\n"
	"  gpudse calibrate tests/data/calib/p-2mm-obs.json -o /tmp/p.json --holdout 0.2\n";

static int parse_fit(const char *s, unsigned *kinds)
{
	*kinds = 0;
	const char *p = s;
	while (*p) {
		const char *e = strchr(p, ',');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		int found = 0;
		for (int k = 0; k < CK_N; k++)
			if (strlen(calib_kind_name[k]) == n && strncmp(p, calib_kind_name[k], n) == 0) {
				*kinds |= 1u << k;
				found = 1;
			}
		if (!found)
			return err_user("calibrate: --fit: expected dram_eff, dep_cycles or mlp separated by commas, got \"%s\"", s);
		p = e ? e + 1 : p + n;
	}
	if (!*kinds)
		return err_user("calibrate: --fit: empty list");
	return 0;
}

int cmd_calibrate(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "calibrate", argc - 1, argv + 1);
	const char *out = args_path(&a, "--output", NULL);
	const char *o2 = args_path(&a, "-o", NULL);
	if (o2)
		out = o2;
	const char *name = args_str(&a, "--name", NULL);
	const char *fit = args_str(&a, "--fit", NULL);
	calib_opts_t o;
	calib_opts_default(&o);
	o.holdout = args_double(&a, "--holdout", 0, 0, 0.9);
	o.fit_gpu = args_str(&a, "--gpu", NULL);
	o.seed = (unsigned long)args_long(&a, "--seed", 1, 0, 1L << 30);
	int accelsim = args_flag(&a, "--accelsim");
	int split = args_flag(&a, "--split");
	const char *runs = args_str(&a, "--runs", NULL);
	const char *profiles[256];
	int n = 0;
	while (n < 256 && args_pos(&a, n)) {
		profiles[n] = args_pos(&a, n);
		n++;
	}
	int rc = args_finish(&a, 256);
	if (rc)
		return rc;
	if (fit && (rc = parse_fit(fit, &o.kinds)))
		return rc;
	if ((split || runs) && !accelsim)
		return err_user("calibrate: --split and --runs need --accelsim");
	if (accelsim) {
		if (n > 0)
			return err_user("calibrate: --accelsim takes its profiles from the logs, not PROFILE.json");
		if (o.holdout > 0 || o.fit_gpu)
			return err_user("calibrate: --accelsim holds out kernels with --split, not --holdout or --gpu");
		char def[1100], line[1024] = "gpudse";
		snprintf(def, sizeof def, "%s/calibration/accelsim/runs", gpudse_root());
		for (int i = 0; i < argc && strlen(line) < 900; i++) {
			strcat(line, " ");
			strncat(line, argv[i], 100);
		}
		return calibrate_accelsim(runs ? runs : def, split, &o, out, name, line);
	}
	if (n == 0)
		return err_user("calibrate: missing PROFILE.json (see gpudse help calibrate)");
	calib_problem_t *P = calloc(1, sizeof *P);
	if (!P)
		return err_internal("calibrate: out of memory");
	if ((rc = calib_problem_load(P, profiles, n, &o)) || (rc = calib_problem_fit(P, &o))) {
		calib_problem_free(P);
		free(P);
		return rc;
	}
	char nm[64], path[1200];
	if (name)
		snprintf(nm, sizeof nm, "%s", name);
	else
		snprintf(nm, sizeof nm, "fit-%.50s", P->wl_name[0]);
	if (out)
		snprintf(path, sizeof path, "%s", out);
	else
		snprintf(path, sizeof path, "%s/calibration/params/%s.json", gpudse_root(), nm);
	char line[1024] = "gpudse";
	for (int i = 0; i < argc && strlen(line) < 900; i++) {
		strcat(line, " ");
		strncat(line, argv[i], 100);
	}
	rc = calib_problem_save(P, path, nm, line);
	if (!rc) {
		printf("%-32s %12s %25s\n", "parameter", "value", "95% confidence interval");
		for (int i = 0; i < P->n_par; i++)
			printf("%-32s %12.5g   [%10.5g, %10.5g]\n", P->par[i].name, P->par[i].value, P->par[i].ci_lo,
			       P->par[i].ci_hi);
		printf("fit: %d observations, %d parameters, %d iterations, RMSE %.4g, R^2 %.4f\n", P->n_fit, P->n_par,
		       P->iters, P->rmse, P->r2);
		if (P->n_held)
			printf("held out: %d observations, RMSE %.4g, mean relative error %.2f%%\n", P->n_held, P->held_rmse,
			       100 * P->held_mare);
		printf("wrote %s\n", path);
	}
	calib_problem_free(P);
	free(P);
	return rc;
}
