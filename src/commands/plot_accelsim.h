/*
 * plot_accelsim.h -- `gpudse plot --accelsim FILE.csv [--metric M]`: gpudse's prediction against
 * Accel-Sim's simulation, one point per run of gpudse validate --accelsim --format csv
 * (calibration/accelsim/results.csv), with the identity line and the agreement band; runs
 * marked development or held-out when the file has the "half" column.
 */
#ifndef GPUDSE_COMMANDS_PLOT_ACCELSIM_H
#define GPUDSE_COMMANDS_PLOT_ACCELSIM_H

#include "commands/plot_json.h"

/* metric: ipc (log axes), l1_hit, l2_hit (linear) or dram_gbs (log). */
int plot_accelsim(const char *file, const char *metric, const plot_opts_t *o);

#endif
