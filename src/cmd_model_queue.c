/* cmd_model_queue.c -- `gpudse model queue`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_model_queue[] = "usage: gpudse model queue (not built yet)\n";

int cmd_model_queue(int argc, char **argv)
{
	return err_internal("model queue: not built yet");
}
