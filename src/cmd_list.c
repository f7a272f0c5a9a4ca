/* cmd_list.c -- `gpudse list`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_list[] = "usage: gpudse list (not built yet)\n";

int cmd_list(int argc, char **argv)
{
	return err_internal("list: not built yet");
}
