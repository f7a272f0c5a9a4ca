/*
 * cmd_tech.c -- `gpudse tech import|array|xbar`: build a technology table from CACTI, NVSim and
 * DSENT outputs, and read figures out of one (models/tech.h, src/tech/tech_table.h).
 */
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "commands/commands.h"
#include "presets/gpu_json.h"
#include "jsonutil.h"
#include "tech.h"
#include "tech/tech_table.h"

const char help_tech[] =
	"usage: gpudse tech import -o TABLE.csv RAW...\n"
	"       gpudse tech array [--table T] --cell sram|stt --kind data|tag|ram --node NM\n"
	"                         --bytes B [--assoc W] [--width BITS] [--ports P]\n"
	"       gpudse tech xbar  [--table T] --node NM --in N --out M [--bits BITS]\n"
	"\n"
	"import: reads raw outputs of CACTI (cache and RAM), NVSim (cache) and DSENT (crossbar) runs,\n"
	"each starting with \"# key value\" provenance lines (calibration/tech/regenerate.sh writes\n"
	"them), and writes a technology table: one CSV row per array or crossbar with the tool,\n"
	"commit, configuration and date.  A file it cannot read stops the import (nothing written).\n"
	"\n"
	"array, xbar: the figures models/tech.h interpolates from a table (default\n"
	"calibration/tech/tech-default.csv): area (cells and periphery), latency, energy per access,\n"
	"leakage; crossbars also their fastest clock.  Outside the table's sizes, nodes or radices:\n"
	"an error, no extrapolation.  Defaults: --assoc 4 (1 for ram), --width 1024, --ports 1,\n"
	"--bits 256.\n"
	"\n"
	"examples:\n"
	"  gpudse tech import -o my-table.csv out/raw/*.txt\n"
	"  gpudse tech array --cell stt --kind data --node 22 --bytes 524288 --assoc 4\n"
	"  gpudse tech xbar --node 22 --in 80 --out 40\n";

static void default_table(char *buf, size_t n)
{
	snprintf(buf, n, "%s/calibration/tech/tech-default.csv", gpudse_root());
}

static int tech_import(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "tech import", argc - 1, argv + 1);
	const char *out = args_str(&a, "-o", NULL);
	int n = 0;
	while (n < 250 && args_pos(&a, n))
		n++;
	int rc = args_finish(&a, 250);
	if (rc)
		return rc;
	if (!out)
		return err_user("tech import: missing -o TABLE.csv");
	if (n == 0)
		return err_user("tech import: no raw tool outputs given");
	tech_file_t f = { 0 };
	char err[512] = "";
	for (int i = 0; i < n; i++)
		if (tech_import_raw(args_pos(&a, i), &f, err, sizeof err)) {
			tech_file_free(&f);
			return err_user("tech import: %s", err[0] ? err : "out of memory");
		}
	if (tech_file_write(out, &f, err, sizeof err)) {
		tech_file_free(&f);
		return err_user("tech import: %s", err);
	}
	printf("imported %zu rows from %d tool outputs into %s\n", f.n, n, out);
	tech_file_free(&f);
	return 0;
}

static int load(cli_args_t *a, tech_file_t *f)
{
	char def[4096], err[512];
	default_table(def, sizeof def);
	const char *path = args_str(a, "--table", def);
	if (tech_file_read(path, f, err, sizeof err))
		return err_user("%s: --table %s", a->cmd, err);
	return 0;
}

static void add_figures(cJSON *o, const tech_figures_t *r, int xbar)
{
	json_add_num(o, "area_mm2", r->area_mm2);
	if (!xbar) {
		json_add_num(o, "cell_mm2", r->cell_mm2);
		json_add_num(o, "periphery_mm2", r->periph_mm2);
		json_add_num(o, "read_ns", r->read_ns);
		json_add_num(o, "write_ns", r->write_ns);
		json_add_num(o, "read_nj", r->read_nj);
		json_add_num(o, "write_nj", r->write_nj);
	} else {
		json_add_num(o, "energy_nj_per_flit", r->read_nj);
		json_add_num(o, "fmax_ghz", r->fmax_ghz);
	}
	json_add_num(o, "leak_mw", r->leak_mw);
}

static int tech_array(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "tech array", argc - 1, argv + 1);
	const char *cell = args_str(&a, "--cell", NULL), *kind = args_str(&a, "--kind", NULL);
	double node = args_double(&a, "--node", 0, 1e-3, 1e4);
	double bytes = args_double(&a, "--bytes", 0, 1, 1e15);
	int is_ram = kind && strcmp(kind, "ram") == 0;
	int assoc = (int)args_long(&a, "--assoc", is_ram ? 1 : 4, 1, 1 << 20);
	int width = (int)args_long(&a, "--width", 1024, 1, 1 << 20);
	int ports = (int)args_long(&a, "--ports", 1, 1, 64);
	const char *tbl = args_str(&a, "--table", NULL);
	(void)tbl;
	if (args_finish(&a, 0))
		return EXIT_USER;
	if (!cell || (strcmp(cell, "sram") && strcmp(cell, "stt")))
		return err_user("tech array: --cell must be sram or stt");
	if (!kind || (strcmp(kind, "data") && strcmp(kind, "tag") && !is_ram))
		return err_user("tech array: --kind must be data, tag or ram");
	if (!(node > 0) || !(bytes > 0))
		return err_user("tech array: --node and --bytes are required");
	tech_file_t f;
	if (load(&a, &f))
		return EXIT_USER;
	tech_figures_t r;
	char err[512];
	tech_kind_t k = is_ram ? TECH_RAM : strcmp(kind, "tag") == 0 ? TECH_TAG : TECH_DATA;
	tech_cell_t c = strcmp(cell, "stt") == 0 ? TECH_STT : TECH_SRAM;
	int rc = tech_array_eval(&f.table, c, k, node, bytes, assoc, width, ports, &r, err, sizeof err);
	tech_file_free(&f);
	if (rc)
		return err_user("tech array: %s", err);
	cJSON *o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "cell", cell);
	cJSON_AddStringToObject(o, "kind", kind);
	json_add_num(o, "node_nm", node);
	json_add_num(o, "bytes", bytes);
	json_add_num(o, "assoc", assoc);
	json_add_num(o, "width_bits", width);
	json_add_num(o, "ports", ports);
	add_figures(o, &r, 0);
	return json_print(o, "tech array");
}

static int tech_xbar(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "tech xbar", argc - 1, argv + 1);
	double node = args_double(&a, "--node", 0, 1e-3, 1e4);
	int nin = (int)args_long(&a, "--in", 0, 1, 1 << 16);
	int nout = (int)args_long(&a, "--out", 0, 1, 1 << 16);
	int bits = (int)args_long(&a, "--bits", 256, 1, 1 << 20);
	const char *tbl = args_str(&a, "--table", NULL);
	(void)tbl;
	if (args_finish(&a, 0))
		return EXIT_USER;
	if (!(node > 0) || nin < 1 || nout < 1)
		return err_user("tech xbar: --node, --in and --out are required");
	tech_file_t f;
	if (load(&a, &f))
		return EXIT_USER;
	tech_figures_t r;
	char err[512];
	int rc = tech_xbar_eval(&f.table, node, nin, nout, bits, &r, err, sizeof err);
	tech_file_free(&f);
	if (rc)
		return err_user("tech xbar: %s", err);
	cJSON *o = cJSON_CreateObject();
	json_add_num(o, "node_nm", node);
	json_add_num(o, "n_in", nin);
	json_add_num(o, "n_out", nout);
	json_add_num(o, "bits", bits);
	add_figures(o, &r, 1);
	return json_print(o, "tech xbar");
}

int cmd_tech(int argc, char **argv)
{
	if (argc < 2) {
		fputs(help_tech, stderr);
		return EXIT_USER;
	}
	if (strcmp(argv[1], "import") == 0)
		return tech_import(argc - 1, argv + 1);
	if (strcmp(argv[1], "array") == 0)
		return tech_array(argc - 1, argv + 1);
	if (strcmp(argv[1], "xbar") == 0)
		return tech_xbar(argc - 1, argv + 1);
	return err_user("tech: unknown subcommand \"%s\" (import, array or xbar)", argv[1]);
}
