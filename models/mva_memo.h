/*
 * mva_memo.h -- queue_mva_linearizer (queue.h) through a per-workload memo (memo.h).
 *
 * The GPU model solves its closed network once per design point and workload (gpu.c,
 * memsys_solve_detail), and many points of a sweep hand it bit-identical networks: knobs that
 * change only power or area (gate_idle), or knobs a configuration ignores (the FUSE predictor's
 * accuracy under victim placement).  The key is the whole input -- station count, population
 * and every station's demand, copies, servers and delay flag, bit for bit -- so a hit returns
 * exactly what the solve would: the memo changes no result, only how often the solve runs.
 * Networks of more than MVA_MEMO_STATIONS stations are solved directly.
 */
#ifndef GPUDSE_MVA_MEMO_H
#define GPUDSE_MVA_MEMO_H

#include "queue.h"

#define MVA_MEMO_STATIONS 16

struct memo;
/* A memo for one workload's networks; NULL when out of memory (then every solve runs). */
struct memo *mva_memo_alloc(void);
/* queue_mva_linearizer(st, n, population, out), through m when m is not NULL. */
int mva_linearizer_memo(const struct memo *m, const queue_station_t *st, int n, double population,
                        queue_mva_t *out);

#endif
