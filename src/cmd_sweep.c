/* cmd_sweep.c -- `gpudse sweep`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_sweep[] = "usage: gpudse sweep (not built yet)\n";

int cmd_sweep(int argc, char **argv)
{
	return err_internal("sweep: not built yet");
}
