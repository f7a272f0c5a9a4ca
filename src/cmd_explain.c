/* cmd_explain.c -- `gpudse explain`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_explain[] = "usage: gpudse explain (not built yet)\n";

int cmd_explain(int argc, char **argv)
{
	return err_internal("explain: not built yet");
}
