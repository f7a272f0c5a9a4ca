/* cmd_merge.c -- `gpudse merge`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_merge[] = "usage: gpudse merge (not built yet)\n";

int cmd_merge(int argc, char **argv)
{
	return err_internal("merge: not built yet");
}
