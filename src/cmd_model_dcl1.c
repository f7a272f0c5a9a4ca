/* cmd_model_dcl1.c -- `gpudse model dcl1`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_model_dcl1[] = "usage: gpudse model dcl1 (not built yet)\n";

int cmd_model_dcl1(int argc, char **argv)
{
	return err_internal("model dcl1: not built yet");
}
