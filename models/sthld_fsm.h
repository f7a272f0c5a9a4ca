/*
 * sthld_fsm.h -- Malekeh's dynamic STHLD algorithm (paper 002 §IV-B3, Fig. 8 and Fig. 9).
 *
 * Every interval of STHLD_INTERVAL (10,000) cycles the machine compares the interval's IPC
 * with the previous interval's: r = (IPC_now - IPC_prev) / IPC_prev.  |r| < STHLD_SMALL (0.02)
 * is a small change "S"; otherwise a large one, rising "L+" or falling "L-".  Fig. 8 is not in
 * the text; the six states below follow its description: walk right on the flat region of the
 * IPC-vs-STHLD curve, raise STHLD speculatively after a large change (state 2, "moves to state
 * 3" in the text is our SPECULATE check), back off when the speculation hurts, walk left while
 * that recovers IPC, and hold at the knee until the next large change.
 *
 *   state        on S              on L+             on L-             meaning
 *   1 CLIMB      +1, CLIMB         +1, SPECULATE     +1, SPECULATE     flat region: walk right
 *   2 SPECULATE  +1, CLIMB         +1, CLIMB         -2, BACKOFF       judge the speculative raise
 *   3 BACKOFF    -1, DESCEND       -1, DESCEND       -1, DESCEND       undone: walk on left
 *   4 VERIFY     0,  SETTLED       +1, CLIMB         -1, SETTLED       confirm the knee
 *   5 DESCEND    +1, VERIFY        -1, DESCEND       +1, VERIFY        steep region: walk left
 *   6 SETTLED    0,  SETTLED       +1, SPECULATE     +1, SPECULATE     at the knee until a large change
 *
 * A large change in CLIMB is either the steep region of the same curve (Fig. 9b), a phase with
 * a narrower flat region (9c) or a wider one (9d): the speculative +1 wins in 9d (SPECULATE then
 * sees S or L+ and climbs on) and costs one interval otherwise (L-: back off by 2, undoing the
 * speculation and the step that crossed the knee).  After a back-off, IPC coming back (L+)
 * means the steep region: DESCEND walks left while each step still gains (L+); the first step
 * that gains nothing (S) is on the flat region, so the knee is one step right: +1 and VERIFY.
 * BACKOFF always walks on left: if undoing the speculation brought IPC back (L+) the steep
 * region is being left; if not (S), the knee is at or left of here anyway.
 * Our additions, each needed for the walk to end at the knee rather than beside it:
 *   - in CLIMB and SPECULATE, an IPC 0.02 or more below the IPC where the climb started counts
 *     as L- even when each step was small (a curve that falls slowly, or falls at STHLD 1 and is
 *     flat after it, would otherwise be climbed to the end: "back off when it hurts");
 *   - SETTLED entered by a move spends its first interval taking a fresh reference (that
 *     interval is at a new STHLD, and reading its own move as a phase change would oscillate).
 * STHLD stays in [0, max].
 */
#ifndef GPUDSE_STHLD_FSM_H
#define GPUDSE_STHLD_FSM_H

#define STHLD_INTERVAL 10000.0  /* cycles per interval (§IV-B3) */
#define STHLD_SMALL 0.02        /* relative IPC change separating S from L (§IV-B3) */
#define STHLD_MIN_INTERVALS 100 /* a profile shorter than this is stretched (sthld_fsm_run) */

enum sthld_state {
	STHLD_CLIMB = 1, STHLD_SPECULATE, STHLD_BACKOFF, STHLD_VERIFY, STHLD_DESCEND, STHLD_SETTLED
};
extern const char *const sthld_state_name[7]; /* [1..6]: "climb", ... */

typedef struct sthld_fsm {
	int state;        /* enum sthld_state */
	int sthld;        /* STHLD in force for the next interval */
	int max;          /* largest STHLD */
	int have_prev;    /* an interval has been seen */
	double ipc_prev;  /* IPC of the previous interval */
	double ipc_climb; /* IPC where the current climb started */
	int hold;         /* the next interval only records its IPC (SETTLED after a move) */
} sthld_fsm_t;

/* Start in CLIMB at STHLD 0. */
void sthld_fsm_init(sthld_fsm_t *f, int max);

/* End of an interval whose IPC was `ipc`: apply the transition, return the next STHLD.
 * The first interval only records its IPC (no previous one) and climbs. */
int sthld_fsm_step(sthld_fsm_t *f, double ipc);

/* The machine over a program's phases.  Phase i has insts[i] instructions and the curves
 * ipc[i * (max + 1) + s], hit[i * (max + 1) + s] for STHLD s = 0..max (instructions per cycle
 * of the unit the counter belongs to).  Intervals of STHLD_INTERVAL cycles; an interval that
 * spans a phase boundary gets the cycle-weighted IPC.  When the program has fewer than
 * STHLD_MIN_INTERVALS intervals at STHLD 0 its phases are stretched in proportion (a short
 * profile stands for a longer run with the same phase mix).  An interval ends early at a phase
 * boundary (so that no interval mixes two IPC curves: in hardware such an interval reads as a
 * change that is half the phase's and half the policy's; we keep the phases apart to judge
 * the policy on each). */
typedef struct sthld_run {
	double ipc;          /* instructions / cycles over the run */
	double hit;          /* instruction-weighted hit ratio */
	double sthld_mean;   /* cycle-weighted STHLD */
	int sthld_final;     /* STHLD at the end */
	int state_final;
	int intervals;
	double settled_frac; /* share of intervals spent in SETTLED */
} sthld_run_t;

void sthld_fsm_run(const double *ipc, const double *hit, const double *insts, int n_phases,
                   int max, double *occ /* OUT, may be NULL: instructions run at each (phase, s) */,
                   sthld_run_t *out);

#endif
