/* cmd_query.c -- `gpudse query`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_query[] = "usage: gpudse query (not built yet)\n";

int cmd_query(int argc, char **argv)
{
	return err_internal("query: not built yet");
}
