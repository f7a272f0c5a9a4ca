/*
 * knobs.h -- the one table of design knobs: names (equal to design_t field names), types,
 * ranges, enum spellings and the family each belongs to.  Studies, `explain --design` and
 * the results database all go through it, so a knob is added in exactly one place.
 */
#ifndef GPUDSE_KNOBS_H
#define GPUDSE_KNOBS_H

#include <stddef.h>

#include "design.h"

enum knob_type { KNOB_INT = 0, KNOB_DOUBLE, KNOB_ENUM, KNOB_BOOL };

typedef struct knob {
	const char *name;          /* = design_t field name, = results column name */
	enum knob_type type;
	size_t offset;             /* offsetof(design_t, field) */
	double lo, hi;             /* legal range (ints and doubles) */
	const char *const *enums;  /* KNOB_ENUM: NULL-terminated spellings, index = value */
	const char *family;        /* "gpu", "dcl1", "fuse", "morpheus", "malekeh" */
	const char *doc;           /* one line */
} knob_t;

extern const knob_t knobs[];
extern const size_t n_knobs;

const knob_t *knob_find(const char *name);
/* Numeric value of field k in d (enums and bools as their index). */
double knob_get(const knob_t *k, const design_t *d);
/* Set field k from a number, checking type and range; 0, or -1 with err filled. */
int knob_set_num(const knob_t *k, design_t *d, double v, char *err, size_t errlen);
/* Set from text ("40", "shc", "dynamic", "true"); 0, or -1 with err ("expected one of ..."). */
int knob_set(design_t *d, const char *name, const char *value, char *err, size_t errlen);
/* Format field k of d as text (enum spelling, integer or %g). */
void knob_format(const knob_t *k, const design_t *d, char *buf, size_t len);
/* The same for a numeric value v of knob k (as stored: enums and bools by index); every
 * command prints a knob value through this one function, so a cell reads alike everywhere. */
void knob_format_value(const knob_t *k, double v, char *buf, size_t len);
/* The numeric value of a spelling the user sees ("true", "dynamic", "shc", "40"); 0, or -1
 * with err naming the knob and the accepted values. */
int knob_parse_value(const knob_t *k, const char *text, double *v, char *err, size_t errlen);
/* Parse "k=v,k=v" over design_default(); 0, or -1 with err naming the knob. */
int design_parse(const char *spec, design_t *d, char *err, size_t errlen);

#endif
