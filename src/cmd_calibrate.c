/* cmd_calibrate.c -- `gpudse calibrate`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_calibrate[] = "usage: gpudse calibrate (not built yet)\n";

int cmd_calibrate(int argc, char **argv)
{
	return err_internal("calibrate: not built yet");
}
