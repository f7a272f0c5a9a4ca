/*
 * main.c -- `gpudse <command> [options]`: dispatch from one table (git-style).
 * `gpudse help CMD` and `gpudse CMD --help` print the command's help text.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "columns.h"
#include "commands/commands.h"

const command_t gpudse_commands[] = {
	{ "sweep",     cmd_sweep,     "run a study's design space into the results database", help_sweep },
	{ "pareto",    cmd_pareto,    "non-dominated designs for any objectives", help_pareto },
	{ "query",     cmd_query,     "filter results (read-only), as a table, CSV or JSON", help_query },
	{ "export",    cmd_export,    "dump a run's designs and results as CSV or JSON", help_export },
	{ "merge",     cmd_merge,     "join the databases of sharded sweeps into one", help_merge },
	{ "profile",   cmd_profile,   "build a reuse-distance profile from an address trace", help_profile },
	{ "trace",     cmd_trace,     "generate a benchmark kernel's address trace", help_trace },
	{ "calibrate", cmd_calibrate, "fit model parameters to a profile's observations", help_calibrate },
	{ "model",     cmd_model,     "evaluate one model directly (JSON out)", help_model },
	{ "explain",   cmd_explain,   "one design on one workload, every intermediate quantity", help_explain },
	{ "list",      cmd_list,      "list GPU presets, workloads or knobs", help_list },
	{ "validate",  cmd_validate,  "the paper-reproduction report", help_validate },
	{ "sensitivity", cmd_sensitivity, "which knobs drive each metric (ANOVA / least squares)", help_sensitivity },
	{ "characterise", cmd_characterise, "classify the shipped workloads with the model against the papers", help_characterise },
	{ "plot",      cmd_plot,      "Pareto fronts, sweeps, stacks, validation as SVG/PNG/PDF", help_plot },
	{ "report",    cmd_report,    "one self-contained HTML page about a run", help_report },
	{ "tech",      cmd_tech,      "technology tables: import CACTI/NVSim/DSENT runs, read array and crossbar figures", help_tech },
	{ "preset",    cmd_preset,    "import a GPU preset from a GPGPU-Sim/Accel-Sim configuration", help_preset },
	{ NULL, NULL, NULL, NULL }
};

const command_t *command_find(const command_t *table, const char *name)
{
	for (const command_t *c = table; c->name; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

void command_print_help(const command_t *c, const char *prefix)
{
	printf("gpudse %s%s - %s\n\n%s", prefix, c->name, c->summary, c->help);
}

static void usage(FILE *f)
{
	fprintf(f, "usage: gpudse <command> [options]   (gpudse help <command> for details)\n\n");
	for (const command_t *c = gpudse_commands; c->name; c++)
		fprintf(f, "  %-10s %s\n", c->name, c->summary);
	fprintf(f, "  %-10s %s\n", "help", "this list, or one command's options and an example");
	fprintf(f, "  %-10s %s\n", "--version", "the program's version and its model version");
}

static int wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
			return 1;
	return 0;
}

static int help(int argc, char **argv)
{
	if (argc < 2) {
		usage(stdout);
		return 0;
	}
	const command_t *c = command_find(gpudse_commands, argv[1]);
	if (!c)
		return err_user("help: unknown command \"%s\" (gpudse help lists them)", argv[1]);
	if (strcmp(c->name, "model") == 0 && argc > 2) {
		const command_t *m = command_find(model_commands, argv[2]);
		if (!m)
			return err_user("help: unknown model \"%s\" (gpudse help model lists them)", argv[2]);
		command_print_help(m, "model ");
		return 0;
	}
	command_print_help(c, "");
	return 0;
}

int main(int argc, char **argv)
{
	/* a file-size limit (ulimit -f) would kill us with SIGXFSZ and no word: as EFBIG, a
	 * write fails like a full disk and is reported, and a sweep marks its run interrupted */
	signal(SIGXFSZ, SIG_IGN);
	if (argc < 2) {
		usage(stderr);
		return EXIT_USER;
	}
	const char *name = argv[1];
	if (strcmp(name, "--version") == 0 || strcmp(name, "version") == 0) {
		printf("gpudse %s (model version %s)\n", GPUDSE_VERSION, GPUDSE_MODEL_VERSION);
		return 0;
	}
	if (strcmp(name, "help") == 0 || strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0)
		return help(argc - 1, argv + 1);
	const command_t *c = command_find(gpudse_commands, name);
	if (!c)
		return err_user("unknown command \"%s\" (gpudse help lists them)", name);
	if (strcmp(name, "model") != 0 && wants_help(argc - 1, argv + 1)) {
		command_print_help(c, "");
		return 0;
	}
	return c->fn(argc - 1, argv + 1);
}
