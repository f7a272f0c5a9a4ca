/*
 * expr.h -- the small arithmetic language of study files: derived knob values and
 * constraints, e.g. "dcl1_nodes % dcl1_clusters == 0 && dcl1_nodes / dcl1_clusters <= 8".
 *
 * Grammar (C precedence): || && ; == != ; < <= > >= ; + - ; * / % ; unary - ! ; primary:
 * number, knob name (its numeric value; enums by index, or compare with a quoted spelling:
 * dcl1_org == 'shc'), min(a,b), max(a,b), log2(a), ceil(a), floor(a), ( expr ).
 * Compiled once to postfix code, evaluated per design point without allocation.
 */
#ifndef GPUDSE_EXPR_H
#define GPUDSE_EXPR_H

#include <stddef.h>

#include "design.h"

#define EXPR_MAX_CODE 128

typedef struct expr {
	int n;                       /* code length */
	struct expr_op {
		int op;                  /* opcode (expr.c) */
		double val;              /* constant */
		int knob;                /* knob index for loads */
	} code[EXPR_MAX_CODE];
	char text[256];              /* source, for messages */
} expr_t;

/* Compile `src`; 0, or -1 with err ("at column 7: unknown knob \"nodez\""). */
int expr_compile(expr_t *e, const char *src, char *err, size_t errlen);
/* Value of e for design d (NAN on division by zero). */
double expr_eval(const expr_t *e, const design_t *d);
/* Bit mask of knobs (by index in knobs[]) e reads, for dependency ordering. */
unsigned long long expr_knobs(const expr_t *e);

#endif
