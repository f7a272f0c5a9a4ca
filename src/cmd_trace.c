/* cmd_trace.c -- `gpudse trace`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_trace[] = "usage: gpudse trace (not built yet)\n";

int cmd_trace(int argc, char **argv)
{
	return err_internal("trace: not built yet");
}
