/* cmd_pareto.c -- `gpudse pareto`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_pareto[] = "usage: gpudse pareto (not built yet)\n";

int cmd_pareto(int argc, char **argv)
{
	return err_internal("pareto: not built yet");
}
