/*
 * cmd_model.c -- `gpudse model NAME [--param value ...]`: one model evaluated directly,
 * JSON on stdout.  Each model's command lives in src/commands/cmd_model_NAME.c.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands/commands.h"

const command_t model_commands[] = {
	{ "hitrate",  cmd_model_hitrate,  "cache hit rate from a profile (LRU/FIFO/random, any associativity)", help_model_hitrate },
	{ "queue",    cmd_model_queue,    "M/M/1, M/D/1, M/G/1, M/D/1/K, crossbar, closed-network MVA", help_model_queue },
	{ "bloom",    cmd_model_bloom,    "Bloom / counting Bloom false positives, FUSE tag-search cycles", help_model_bloom },
	{ "stt",      cmd_model_stt,      "STT-MRAM bank: capacities under an area budget, write blocking", help_model_stt },
	{ "fuse",     cmd_model_fuse,     "FUSE hybrid SRAM + STT-MRAM L1 on a profile", help_model_fuse },
	{ "dcl1",     cmd_model_dcl1,     "DC-L1 organisation: crossbars, bandwidth, replication, area", help_model_dcl1 },
	{ "morpheus", cmd_model_morpheus, "Morpheus extended LLC: capacity, latency, predictor, compression", help_model_morpheus },
	{ "rfcache",  cmd_model_rfcache,  "Malekeh register-file cache: hit ratio, STHLD waiting, IPC", help_model_rfcache },
	/* the mechanism's code name (models/malekeh.h), an alias of rfcache */
	{ "malekeh",  cmd_model_rfcache,  "alias of rfcache", help_model_rfcache },
	{ NULL, NULL, NULL, NULL }
};

const char help_model[] =
	"usage: gpudse model NAME [options]     (gpudse help model NAME for a model's options)\n"
	"\n"
	"Evaluates one model of models/ directly and prints JSON: the inputs it used and the result.\n"
	"Models:\n"
	"  hitrate   queue   bloom   stt   fuse   dcl1   morpheus   rfcache\n"
	"\n"
	"example: gpudse model hitrate --profile calibration/profiles/p-2mm.json --size 16384 --assoc 4\n";

int cmd_model(int argc, char **argv)
{
	if (argc < 2) {
		fputs(help_model, stderr);
		return EXIT_USER;
	}
	const command_t *m = command_find(model_commands, argv[1]);
	if (!m)
		return err_user("model: unknown model \"%s\" (gpudse help model lists them)", argv[1]);
	for (int i = 2; i < argc; i++)
		if (strcmp(argv[i], "--help") == 0) {
			command_print_help(m, "model ");
			return 0;
		}
	return m->fn(argc - 1, argv + 1);
}
