/* cmd_model_fuse.c -- `gpudse model fuse`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_model_fuse[] = "usage: gpudse model fuse (not built yet)\n";

int cmd_model_fuse(int argc, char **argv)
{
	return err_internal("model fuse: not built yet");
}
