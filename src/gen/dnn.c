#include "gen.h"
const gen_kernel_t gen_dnn[] = { { NULL, NULL, NULL, 0, 0, 0, NULL, 0, NULL } };
