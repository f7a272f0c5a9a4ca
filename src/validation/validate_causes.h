/*
 * validate_causes.h -- why an "off" row of `gpudse validate` is off: one sentence per row family
 * (matched by the start of the row's quantity), printed under each paper's table in
 * docs/validation.md.  A cause marked "checked" was traced with `gpudse explain` (the binding
 * station and its utilisation) on the shipped profiles; "likely" is an explanation not yet
 * verified by an experiment.  The causes name mechanisms, never figures that a model change
 * would move.
 */
#ifndef GPUDSE_VALIDATE_CAUSES_H
#define GPUDSE_VALIDATE_CAUSES_H

/* The cause recorded for a row of `paper` whose quantity starts with a listed prefix (leading
 * blanks of per-workload rows skipped, and their "NAME: " prefix), or NULL. */
const char *vr_cause_of(const char *paper, const char *quantity);

#endif
