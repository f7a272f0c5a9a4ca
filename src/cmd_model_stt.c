/* cmd_model_stt.c -- `gpudse model stt`.  Its implementation is being written (see the open issues). */
#include "cli.h"
#include "commands.h"

const char help_model_stt[] = "usage: gpudse model stt (not built yet)\n";

int cmd_model_stt(int argc, char **argv)
{
	return err_internal("model stt: not built yet");
}
