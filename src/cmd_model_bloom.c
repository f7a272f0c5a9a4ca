/* cmd_model_bloom.c -- `gpudse model bloom`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_model_bloom[] = "usage: gpudse model bloom (not built yet)\n";

int cmd_model_bloom(int argc, char **argv)
{
	return err_internal("model bloom: not built yet");
}
