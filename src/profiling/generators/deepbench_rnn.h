/*
 * deepbench_rnn.h -- rnn_bench's generators (deepbench_rnn.c), listed in deepbench.c's table.
 * Each takes the hidden size (--size) and returns gen_launch's result.
 */
#ifndef GPUDSE_DEEPBENCH_RNN_H
#define GPUDSE_DEEPBENCH_RNN_H

#include "profiling/generators/gen.h"

int db_rnn_vanilla(gen_t *g, long h);
int db_rnn_lstm(gen_t *g, long h);
int db_rnn_gru(gen_t *g, long h);
int db_rnn_vanilla_train(gen_t *g, long h);
int db_rnn_lstm_train(gen_t *g, long h);
int db_rnn_gru_train(gen_t *g, long h);

#endif
