/* cmd_model_stt.c -- `gpudse model stt`: SRAM / STT-MRAM split, energies, leakage and the STT
 * bank's write blocking (models/sttmram.h), JSON out. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "commands/commands.h"
#include "commands/json_tables.h"
#include "json_writer.h"
#include "sttmram.h"

const char help_model_stt[] =
	"usage: gpudse model stt [--l1-kib KIB] [--sram-frac S] [--sram-f2 A] [--stt-f2 A]\n"
	"                        [--lam-read R] [--lam-probe R] [--lam-write R] [--lam-evict R]\n"
	"                        [--lam-update R] [--t-read C] [--t-probe C] [--t-write C]\n"
	"                        [--tag-queue N] [--swap-buffer N] [--blocking]\n"
	"\n"
	"STT-MRAM in an L1 (FUSE, HPCA 2019 §II-B, §IV-A, Table I).  Splits the area of an SRAM L1 of\n"
	"KIB KiB (default 32) into an SRAM share S (default 0.5) and STT-MRAM with cell areas A F^2\n"
	"(140 and 36), and gives per-access energies and leakage of both banks (Table I model).\n"
	"With STT traffic per cycle (--lam-*: read hits, missing lookups, writes, of which SRAM\n"
	"victims and in-place updates), it solves the bank's blocking: M/G/1/K tag queue\n"
	"(--tag-queue 16), M/D/1/K swap buffer (--swap-buffer 3), queue flushes on updates; with\n"
	"--blocking the Hybrid organisation (no queue: every write stalls the L1).  Service times in\n"
	"cycles: --t-read 1, --t-probe 1, --t-write 5.\n"
	"\n"
	"examples:\n"
	"  gpudse model stt --sram-frac 0.25\n"
	"  gpudse model stt --lam-read 0.05 --lam-probe 0.05 --lam-write 0.04 --lam-evict 0.03\n"
	"  gpudse model stt --lam-read 0.05 --lam-write 0.04 --blocking\n";

#define CMD "model stt"

int cmd_model_stt(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, CMD, argc - 1, argv + 1);
	stt_tech_t t;
	stt_tech_default(&t);
	double kib = args_double(&a, "--l1-kib", 32, 1e-3, 1e9);
	double s = args_double(&a, "--sram-frac", 0.5, 0, 1);
	t.sram_cell_f2 = args_double(&a, "--sram-f2", t.sram_cell_f2, 1, 1e4);
	t.stt_cell_f2 = args_double(&a, "--stt-f2", t.stt_cell_f2, 1, 1e4);
	stt_load_t L = { 0 };
	L.lam_read = args_double(&a, "--lam-read", 0, 0, 1e3);
	L.lam_probe = args_double(&a, "--lam-probe", 0, 0, 1e3);
	L.lam_write = args_double(&a, "--lam-write", 0, 0, 1e3);
	L.lam_evict = args_double(&a, "--lam-evict", 0, 0, 1e3);
	L.lam_update = args_double(&a, "--lam-update", 0, 0, 1e3);
	L.t_read = args_double(&a, "--t-read", t.stt_rd_cyc, 1e-6, 1e6);
	L.t_probe = args_double(&a, "--t-probe", 1, 1e-6, 1e6);
	L.t_write = args_double(&a, "--t-write", t.stt_wr_cyc, 1e-6, 1e6);
	L.tag_queue = (int)args_long(&a, "--tag-queue", t.tag_queue, 0, 63);
	L.swap_buffer = (int)args_long(&a, "--swap-buffer", t.swap_buffer, 1, 1000);
	L.nonblocking = !args_flag(&a, "--blocking");
	if (args_finish(&a, 0))
		return EXIT_USER;
	if (L.lam_evict + L.lam_update > L.lam_write + 1e-12)
		return err_user(CMD ": --lam-evict + --lam-update (%g) exceed --lam-write (%g)",
		                L.lam_evict + L.lam_update, L.lam_write);
	stt_split_t sp;
	stt_block_t b;
	if (stt_split(&t, kib * 1024.0, s, &sp) != 0 || stt_block_eval(&L, &b) != 0)
		return err_internal(CMD ": model rejected checked arguments");

	cJSON *root = cJSON_CreateObject();
	cJSON_AddStringToObject(root, "model", "stt");
	cJSON *in = cJSON_AddObjectToObject(root, "inputs");
	cJSON_AddNumberToObject(in, "l1_kib", kib);
	cJSON_AddNumberToObject(in, "sram_frac", s);
	cJSON_AddNumberToObject(in, "sram_cell_f2", t.sram_cell_f2);
	cJSON_AddNumberToObject(in, "stt_cell_f2", t.stt_cell_f2);
	cJSON *r = cJSON_AddObjectToObject(root, "split");
	json_add_num(r, "sram_kib", sp.sram_bytes / 1024.0);
	json_add_num(r, "stt_kib", sp.stt_bytes / 1024.0);
	json_add_num(r, "total_kib", sp.total_bytes / 1024.0);
	json_add_num(r, "capacity_gain", sp.gain);
	cJSON *e = cJSON_AddObjectToObject(root, "energy_nj");
	json_add_num(e, "sram_read", stt_access_nj(&t, sp.sram_bytes / 1024.0, 0, 0));
	json_add_num(e, "sram_write", stt_access_nj(&t, sp.sram_bytes / 1024.0, 0, 1));
	json_add_num(e, "stt_read", stt_access_nj(&t, sp.stt_bytes / 1024.0, 1, 0));
	json_add_num(e, "stt_write", stt_access_nj(&t, sp.stt_bytes / 1024.0, 1, 1));
	json_add_num(e, "sram_l1_read", stt_access_nj(&t, kib, 0, 0));
	json_add_num(e, "sram_l1_write", stt_access_nj(&t, kib, 0, 1));
	cJSON *lk = cJSON_AddObjectToObject(root, "leakage_mw");
	json_add_num(lk, "sram", stt_leak_mw(&t, sp.sram_bytes / 1024.0, 0));
	json_add_num(lk, "stt", stt_leak_mw(&t, sp.stt_bytes / 1024.0, 1));
	json_add_num(lk, "sram_l1", stt_leak_mw(&t, kib, 0));
	cJSON *lat = cJSON_AddObjectToObject(root, "latency_cycles");
	json_add_num(lat, "sram_read", t.sram_rd_cyc);
	json_add_num(lat, "sram_write", t.sram_wr_cyc);
	json_add_num(lat, "stt_read", t.stt_rd_cyc);
	json_add_num(lat, "stt_write", t.stt_wr_cyc);
	cJSON *bl = cJSON_AddObjectToObject(root, "blocking");
	cJSON_AddStringToObject(bl, "organisation", L.nonblocking ? "tag queue + swap buffer" : "blocking");
	json_add_all(bl, &stt_load_json, &L, NULL);
	json_add_all(bl, &stt_block_json, &b, NULL);
	return json_print(root, CMD);
}
