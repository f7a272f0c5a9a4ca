/* cmd_profile.c -- `gpudse profile`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_profile[] = "usage: gpudse profile (not built yet)\n";

int cmd_profile(int argc, char **argv)
{
	return err_internal("profile: not built yet");
}
