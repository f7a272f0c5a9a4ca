/*
 * calibrate_accelsim.h -- `gpudse calibrate --accelsim`: fit the model's parameters to
 * Accel-Sim simulation logs (calibrate_accelsim.c has the details).
 */
#ifndef GPUDSE_CALIBRATE_ACCELSIM_H
#define GPUDSE_CALIBRATE_ACCELSIM_H

#include "calibration/calibrate.h"

/* runs: DIR/PRESET/CONFIG/KERNEL.log[.xz]; split: fit on the even-position kernels (sorted by
 * name), hold out the others; out/name: the parameter set (calibrate's defaults when NULL).
 * 0 or EXIT_USER (one line). */
int calibrate_accelsim(const char *runs, int split, const calib_opts_t *o, const char *out, const char *name,
                       const char *argv_line);

#endif
