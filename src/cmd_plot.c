/* cmd_plot.c -- `gpudse plot`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_plot[] = "usage: gpudse plot (not built yet)\n";

int cmd_plot(int argc, char **argv)
{
	return err_internal("plot: not built yet");
}
