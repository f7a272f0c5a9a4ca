/* cmd_model_rfcache.c -- `gpudse model rfcache`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_model_rfcache[] = "usage: gpudse model rfcache (not built yet)\n";

int cmd_model_rfcache(int argc, char **argv)
{
	return err_internal("model rfcache: not built yet");
}
