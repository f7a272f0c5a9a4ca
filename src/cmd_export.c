/* cmd_export.c -- `gpudse export`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_export[] = "usage: gpudse export (not built yet)\n";

int cmd_export(int argc, char **argv)
{
	return err_internal("export: not built yet");
}
