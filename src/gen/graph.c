#include "gen.h"
const gen_kernel_t gen_graph[] = { { NULL, NULL, NULL, 0, 0, 0, NULL, 0, NULL } };
