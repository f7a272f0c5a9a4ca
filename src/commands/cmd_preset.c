/*
 * cmd_preset.c -- `gpudse preset import`: a GPU preset (docs/gpu-presets.md) from GPGPU-Sim /
 * Accel-Sim option files (src/presets/gpgpusim_config.h has the mapping), with a report of every
 * preset field it could not map and every option it did not use.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "commands/commands.h"
#include "presets/gpgpusim_config.h"
#include "presets/gpu_json.h"

const char help_preset[] =
	"usage: gpudse preset import CONFIG [CONFIG ...] -o PRESET.json [--name NAME]\n"
	"\n"
	"Build a GPU preset from GPGPU-Sim / Accel-Sim configuration files: gpgpusim.config of\n"
	"gpgpu-sim's configs/tested-cfgs/GPU, optionally Accel-Sim's trace.config, or a simulation\n"
	"log (its options echo).  Later files override earlier ones, as on Accel-Sim's command line.\n"
	"Mapped: SMs (clusters x cores per cluster), core and interconnect clocks, resident warps,\n"
	"schedulers, register file, L1 (unified size under the adaptive carve-out) and L2 geometry,\n"
	"memory partitions and sub-partitions, DRAM channels and bandwidth, L1/L2/DRAM latencies, NoC\n"
	"flit size (docs/gpu-presets.md, \"Importing a GPGPU-Sim configuration\").  The report on\n"
	"stdout lists each mapped field with its options, every preset field left at its default,\n"
	"what was read but has no preset field (replacement, write policy, set-index function, DRAM\n"
	"timing ...) and every option not used.\n"
	"\n"
	"  CONFIG        an option file (\"-name value\" lines, '#' comments)\n"
	"  -o PRESET     the preset JSON to write (name, source and the mapped fields; the\n"
	"                others take their defaults when loaded)\n"
	"  --name NAME   preset name (default: the first CONFIG's directory name, e.g. SM7_QV100)\n"
	"\n"
	"example: gpudse preset import tests/data/gpgpusim/SM7_QV100/gpgpusim.config -o qv100.json\n";

static void default_name(const char *path, char *out, size_t len)
{
	char buf[4096];
	snprintf(buf, sizeof buf, "%s", path);
	size_t bl = strlen(buf);
	while (bl > 1 && buf[bl - 1] == '/')
		buf[--bl] = '\0';
	char *sl = strrchr(buf, '/');
	while (sl && sl > buf && sl[-1] == '/')                  /* "dir//file" */
		*sl-- = '\0';
	if (sl) {
		*sl = '\0';
		const char *d = strrchr(buf, '/');
		d = d ? d + 1 : buf;
		size_t n = strlen(d) < len - 1 ? strlen(d) : len - 1;   /* a long name is cut */
		memcpy(out, d, n);
		out[n] = '\0';
	} else {
		snprintf(out, len, "imported");
	}
	if (!out[0] || strcmp(out, ".") == 0)
		snprintf(out, len, "imported");
}

static int import(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "preset import", argc, argv);
	const char *out = args_str(&a, "-o", NULL);
	const char *name = args_str(&a, "--name", NULL);
	const char *files[8];
	int nf = 0;
	for (; nf < 8; nf++)
		if (!(files[nf] = args_pos(&a, nf)))
			break;
	int rc = args_finish(&a, 8);
	if (rc)
		return rc;
	if (nf == 0)
		return err_user("preset import: give at least one configuration file (gpgpusim.config)");
	if (!out)
		return err_user("preset import: -o PRESET.json is required");
	char nm[64], src[256];
	if (name)
		snprintf(nm, sizeof nm, "%s", name);
	else
		default_name(files[0], nm, sizeof nm);
	int k = snprintf(src, sizeof src, "gpudse preset import");
	for (int i = 0; i < nf && k < (int)sizeof src; i++) {
		const char *b = strrchr(files[i], '/');
		char dir[64] = "";
		if (b) {
			default_name(files[i], dir, sizeof dir);
			b++;
		} else {
			b = files[i];
		}
		k += snprintf(src + k, sizeof src - (size_t)k, " %s%s%s", dir, dir[0] ? "/" : "", b);
	}
	gsconf_t c;
	memset(&c, 0, sizeof c);
	for (int i = 0; i < nf && !rc; i++)
		rc = gsconf_read(&c, files[i], NULL);
	gpu_t g;
	unsigned char mapped[128];
	if (!rc && n_gpu_fields > sizeof mapped)
		rc = err_internal("preset import: too many preset fields");
	if (!rc)
		rc = gsconf_to_gpu(&c, nm, src, &g, stdout, mapped);
	gsconf_free(&c);
	if (rc)
		return rc;
	cJSON *root = cJSON_CreateObject();
	if (!root)
		return err_internal("preset import: out of memory");
	cJSON_AddStringToObject(root, "name", g.name);
	cJSON_AddStringToObject(root, "source", g.source);
	for (size_t i = 0; i < n_gpu_fields; i++) {
		if (!mapped[i] || gpu_fields[i].type == GF_STRING)
			continue;
		const char *base = (const char *)&g + gpu_fields[i].offset;
		double v = gpu_fields[i].type == GF_INT ? (double)*(const int *)base : *(const double *)base;
		cJSON_AddNumberToObject(root, gpu_fields[i].key, v);
	}
	char *text = cJSON_Print(root);
	cJSON_Delete(root);
	if (!text)
		return err_internal("preset import: out of memory");
	FILE *f = fopen(out, "w");
	if (!f) {
		free(text);
		return err_user("preset import: %s: %s", out, strerror(errno));
	}
	int bad = fputs(text, f) < 0 || fputc('\n', f) == EOF;
	free(text);
	if ((fclose(f) != 0) | bad)
		return err_user("preset import: %s: write failed", out);
	/* the written preset must load (gpu_json.c's checks) */
	gpu_t back;
	if (gpu_load(out, &back))
		return EXIT_USER;
	printf("\nwrote %s\n", out);
	return 0;
}

int cmd_preset(int argc, char **argv)
{
	if (argc < 2)
		return err_user("preset: expected a subcommand: import (gpudse help preset)");
	if (strcmp(argv[1], "import") == 0)
		return import(argc - 2, argv + 2);
	return err_user("preset: unknown subcommand \"%s\" (expected import)", argv[1]);
}
