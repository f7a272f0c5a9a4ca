/* cmd_model_morpheus.c -- `gpudse model morpheus`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_model_morpheus[] = "usage: gpudse model morpheus (not built yet)\n";

int cmd_model_morpheus(int argc, char **argv)
{
	return err_internal("model morpheus: not built yet");
}
