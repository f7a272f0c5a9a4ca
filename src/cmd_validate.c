/* cmd_validate.c -- `gpudse validate`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_validate[] = "usage: gpudse validate (not built yet)\n";

int cmd_validate(int argc, char **argv)
{
	return err_internal("validate: not built yet");
}
