/* cmd_model_hitrate.c -- `gpudse model hitrate`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_model_hitrate[] = "usage: gpudse model hitrate (not built yet)\n";

int cmd_model_hitrate(int argc, char **argv)
{
	return err_internal("model hitrate: not built yet");
}
