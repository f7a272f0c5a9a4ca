/*
 * sthld_fsm.c -- the dynamic STHLD state machine (paper 002 §IV-B3; the transition table and
 * the reasons for it are in sthld_fsm.h).  Pure functions, no allocation.
 */
#include "sthld_fsm.h"

#include <assert.h>
#include <math.h>
#include <string.h>

const char *const sthld_state_name[7] = {
	"", "climb", "speculate", "backoff", "verify", "descend", "settled"
};

void sthld_fsm_init(sthld_fsm_t *f, int max)
{
	assert(max >= 0);
	memset(f, 0, sizeof *f);
	f->state = STHLD_CLIMB;
	f->sthld = 0;
	f->max = max;
}

/* [state][0 = S, 1 = L+, 2 = L-] -> {delta, next state}  (sthld_fsm.h table, §IV-B3) */
static const struct { int delta, next; } fsm_tab[7][3] = {
	[STHLD_CLIMB]     = { { +1, STHLD_CLIMB },   { +1, STHLD_SPECULATE }, { +1, STHLD_SPECULATE } },
	[STHLD_SPECULATE] = { { +1, STHLD_CLIMB },   { +1, STHLD_CLIMB },     { -2, STHLD_BACKOFF } },
	[STHLD_BACKOFF]   = { { -1, STHLD_DESCEND },   { -1, STHLD_DESCEND },   { -1, STHLD_DESCEND } },
	[STHLD_VERIFY]    = { { 0, STHLD_SETTLED },  { +1, STHLD_CLIMB },     { -1, STHLD_SETTLED } },
	[STHLD_DESCEND]   = { { +1, STHLD_VERIFY },  { -1, STHLD_DESCEND },   { +1, STHLD_VERIFY } },
	[STHLD_SETTLED]   = { { 0, STHLD_SETTLED },  { +1, STHLD_SPECULATE }, { +1, STHLD_SPECULATE } },
};

int sthld_fsm_step(sthld_fsm_t *f, double ipc)
{
	assert(f->state >= STHLD_CLIMB && f->state <= STHLD_SETTLED);
	int ev = 0;
	if (f->have_prev && f->ipc_prev > 0.0 && !f->hold) {
		double r = (ipc - f->ipc_prev) / f->ipc_prev;  /* relative IPC change (§IV-B3) */
		ev = fabs(r) < STHLD_SMALL ? 0 : r > 0.0 ? 1 : 2;
	}
	/* a slope that never gives one large step still hurts once it adds up: in CLIMB and
	 * SPECULATE, 0.02 below the IPC where the climb started is a large fall */
	if ((f->state == STHLD_CLIMB || f->state == STHLD_SPECULATE) && f->ipc_climb > 0.0 &&
	    (ipc - f->ipc_climb) / f->ipc_climb <= -STHLD_SMALL)
		ev = 2;
	int next = fsm_tab[f->state][ev].next, delta = fsm_tab[f->state][ev].delta;
	if (!f->have_prev || (next == STHLD_CLIMB && f->state != STHLD_CLIMB) ||
	    (next == STHLD_SPECULATE && f->state == STHLD_SETTLED))
		f->ipc_climb = ipc;                          /* a climb (or a new regime) starts here */
	/* SETTLED entered by a move: its first interval is at a new STHLD, so it only takes a
	 * fresh reference (otherwise it would read its own move as a large change) */
	f->hold = next == STHLD_SETTLED && delta != 0;
	f->have_prev = 1;
	f->ipc_prev = ipc;
	int s = f->sthld + delta;
	f->state = next;
	f->sthld = s < 0 ? 0 : s > f->max ? f->max : s;
	return f->sthld;
}

void sthld_fsm_run(const double *ipc, const double *hit, const double *insts, int n_phases,
                   int max, double *occ, sthld_run_t *out)
{
	assert(n_phases >= 1 && max >= 0);
	memset(out, 0, sizeof *out);
	const int m1 = max + 1;
	if (occ)
		memset(occ, 0, (size_t)n_phases * m1 * sizeof *occ);
	/* stretch short programs (header) */
	double cyc0 = 0.0;
	for (int i = 0; i < n_phases; i++)
		cyc0 += ipc[i * m1] > 0.0 ? insts[i] / ipc[i * m1] : 0.0;
	double stretch = 1.0;
	if (cyc0 < STHLD_MIN_INTERVALS * STHLD_INTERVAL && cyc0 > 0.0)
		stretch = STHLD_MIN_INTERVALS * STHLD_INTERVAL / cyc0;

	sthld_fsm_t f;
	sthld_fsm_init(&f, max);
	int ph = 0;
	double left = insts[0] * stretch;                   /* instructions left in phase ph */
	double tot_i = 0.0, tot_c = 0.0, tot_h = 0.0, tot_s = 0.0;
	int settled = 0;
	while (ph < n_phases) {
		/* one interval at the current STHLD, across phase boundaries */
		double c_left = STHLD_INTERVAL, done_i = 0.0, done_h = 0.0;
		while (c_left > 0.0 && ph < n_phases) {
			double x = ipc[ph * m1 + f.sthld];
			if (!(x > 0.0)) {                           /* a dead phase: skip it */
				if (++ph < n_phases)
					left = insts[ph] * stretch;
				continue;
			}
			double can = x * c_left;
			double take = can < left ? can : left;
			double cyc = take / x;
			done_i += take;
			done_h += take * hit[ph * m1 + f.sthld];
			if (occ)
				occ[ph * m1 + f.sthld] += take;
			c_left -= cyc;
			left -= take;
			if (left <= 0.0) {                          /* the interval ends with the phase */
				if (++ph < n_phases)
					left = insts[ph] * stretch;
				break;
			}
		}
		double used = STHLD_INTERVAL - (c_left > 0.0 ? c_left : 0.0);
		tot_i += done_i;
		tot_h += done_h;
		tot_c += used;
		tot_s += used * f.sthld;
		if (used < 0.01 * STHLD_INTERVAL)
			continue;                                   /* a sliver at a phase end: no decision */
		out->intervals++;
		if (f.state == STHLD_SETTLED)
			settled++;
		sthld_fsm_step(&f, done_i / used);
	}
	out->ipc = tot_c > 0.0 ? tot_i / tot_c : 0.0;
	out->hit = tot_i > 0.0 ? tot_h / tot_i : 0.0;
	out->sthld_mean = tot_c > 0.0 ? tot_s / tot_c : 0.0;
	out->sthld_final = f.sthld;
	out->state_final = f.state;
	out->settled_frac = out->intervals > 0 ? (double)settled / out->intervals : 0.0;
}
