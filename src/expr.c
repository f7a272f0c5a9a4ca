/* expr.c -- recursive-descent compiler to postfix code and a stack evaluator (see expr.h). */
#include "expr.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "knobs.h"

enum { OP_NUM, OP_KNOB, OP_NEG, OP_NOT, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_LT, OP_LE,
	OP_GT, OP_GE, OP_EQ, OP_NE, OP_AND, OP_OR, OP_MIN, OP_MAX, OP_LOG2, OP_CEIL, OP_FLOOR };

typedef struct parser {
	const char *s, *p;
	expr_t *e;
	char *err;
	size_t errlen;
	int failed;
	int last_knob;   /* knob index of the most recent bare knob load (for 'spelling' compares) */
	int depth;       /* nesting of ( ), unary - and !, function arguments */
} parser_t;

/* Deeper nesting is refused, not recursed into: 20,000 '(' overflowed the C stack.  No
 * expression of EXPR_MAX_CODE operations needs more. */
#define EXPR_MAX_DEPTH 256

static void fail(parser_t *ps, const char *msg, const char *arg)
{
	if (ps->failed)
		return;
	ps->failed = 1;
	snprintf(ps->err, ps->errlen, "at column %d: %s%s%s%s", (int)(ps->p - ps->s) + 1, msg,
		arg ? " \"" : "", arg ? arg : "", arg ? "\"" : "");
}

static void emit(parser_t *ps, int op, double val, int knob)
{
	if (ps->e->n >= EXPR_MAX_CODE) {
		fail(ps, "expression too long", NULL);
		return;
	}
	ps->e->code[ps->e->n++] = (struct expr_op){ op, val, knob };
}

static void skip(parser_t *ps)
{
	while (isspace((unsigned char)*ps->p))
		ps->p++;
}

static int accept(parser_t *ps, const char *tok)
{
	skip(ps);
	size_t n = strlen(tok);
	if (strncmp(ps->p, tok, n) == 0) {
		ps->p += n;
		return 1;
	}
	return 0;
}

static void expr_or(parser_t *ps);
static void unary(parser_t *ps);
static void unary_inner(parser_t *ps);

static void primary(parser_t *ps)
{
	skip(ps);
	if (ps->failed)
		return;
	if (accept(ps, "(")) {
		expr_or(ps);
		if (!accept(ps, ")"))
			fail(ps, "expected )", NULL);
		return;
	}
	if (*ps->p == '\'' || *ps->p == '"') {
		/* an enum spelling: only meaningful right after a comparison with a knob */
		char q = *ps->p++;
		const char *start = ps->p;
		while (*ps->p && *ps->p != q)
			ps->p++;
		if (!*ps->p) {
			fail(ps, "unterminated string", NULL);
			return;
		}
		char word[64];
		snprintf(word, sizeof word, "%.*s", (int)(ps->p - start), start);
		ps->p++;
		const knob_t *k = ps->last_knob >= 0 ? &knobs[ps->last_knob] : NULL;
		if (!k || k->type != KNOB_ENUM) {
			fail(ps, "a quoted value must be compared with an enum knob:", word);
			return;
		}
		for (int i = 0; k->enums[i]; i++)
			if (strcmp(k->enums[i], word) == 0) {
				emit(ps, OP_NUM, i, -1);
				return;
			}
		fail(ps, "not a value of that knob:", word);
		return;
	}
	if (isdigit((unsigned char)*ps->p) || *ps->p == '.') {
		char *end;
		double v = strtod(ps->p, &end);
		ps->p = end;
		emit(ps, OP_NUM, v, -1);
		return;
	}
	if (isalpha((unsigned char)*ps->p) || *ps->p == '_') {
		const char *start = ps->p;
		while (isalnum((unsigned char)*ps->p) || *ps->p == '_')
			ps->p++;
		char word[64];
		snprintf(word, sizeof word, "%.*s", (int)(ps->p - start), start);
		static const struct { const char *name; int op; int args; } fns[] = {
			{ "min", OP_MIN, 2 }, { "max", OP_MAX, 2 }, { "log2", OP_LOG2, 1 },
			{ "ceil", OP_CEIL, 1 }, { "floor", OP_FLOOR, 1 },
		};
		for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
			if (strcmp(word, fns[i].name) != 0)
				continue;
			if (!accept(ps, "(")) {
				fail(ps, "expected ( after", word);
				return;
			}
			for (int a = 0; a < fns[i].args; a++) {
				if (a && !accept(ps, ",")) {
					fail(ps, "expected , in", word);
					return;
				}
				expr_or(ps);
			}
			if (!accept(ps, ")"))
				fail(ps, "expected ) after arguments of", word);
			emit(ps, fns[i].op, 0, -1);
			return;
		}
		const knob_t *k = knob_find(word);
		if (!k) {
			ps->p = start;
			fail(ps, "unknown knob", word);
			return;
		}
		ps->last_knob = (int)(k - knobs);
		emit(ps, OP_KNOB, 0, ps->last_knob);
		return;
	}
	fail(ps, *ps->p ? "unexpected character" : "unexpected end of expression", NULL);
}

static int enter(parser_t *ps)
{
	if (ps->failed)
		return 0;
	if (ps->depth >= EXPR_MAX_DEPTH) {
		fail(ps, "nested too deeply (more than 256 levels of ( ), - and !)", NULL);
		return 0;
	}
	ps->depth++;
	return 1;
}

static void unary(parser_t *ps)
{
	if (!enter(ps))
		return;
	unary_inner(ps);
	ps->depth--;
}

static void unary_inner(parser_t *ps)
{
	if (accept(ps, "-")) {
		unary(ps);
		emit(ps, OP_NEG, 0, -1);
	} else if (accept(ps, "!") ) {
		unary(ps);
		emit(ps, OP_NOT, 0, -1);
	} else {
		primary(ps);
	}
}

static void mul(parser_t *ps)
{
	unary(ps);
	for (;;) {
		if (accept(ps, "*")) { unary(ps); emit(ps, OP_MUL, 0, -1); }
		else if (accept(ps, "/")) { unary(ps); emit(ps, OP_DIV, 0, -1); }
		else if (accept(ps, "%")) { unary(ps); emit(ps, OP_MOD, 0, -1); }
		else return;
	}
}

static void add(parser_t *ps)
{
	mul(ps);
	for (;;) {
		if (accept(ps, "+")) { mul(ps); emit(ps, OP_ADD, 0, -1); }
		else if (accept(ps, "-")) { mul(ps); emit(ps, OP_SUB, 0, -1); }
		else return;
	}
}

static void rel(parser_t *ps)
{
	add(ps);
	for (;;) {
		if (accept(ps, "<=")) { add(ps); emit(ps, OP_LE, 0, -1); }
		else if (accept(ps, ">=")) { add(ps); emit(ps, OP_GE, 0, -1); }
		else if (accept(ps, "<")) { add(ps); emit(ps, OP_LT, 0, -1); }
		else if (accept(ps, ">")) { add(ps); emit(ps, OP_GT, 0, -1); }
		else return;
	}
}

static void eq(parser_t *ps)
{
	rel(ps);
	for (;;) {
		if (accept(ps, "==")) { rel(ps); emit(ps, OP_EQ, 0, -1); }
		else if (accept(ps, "!=")) { rel(ps); emit(ps, OP_NE, 0, -1); }
		else return;
	}
}

static void and_(parser_t *ps)
{
	eq(ps);
	while (accept(ps, "&&")) {
		eq(ps);
		emit(ps, OP_AND, 0, -1);
	}
}

static void expr_or(parser_t *ps)
{
	if (!enter(ps))
		return;
	and_(ps);
	while (accept(ps, "||")) {
		and_(ps);
		emit(ps, OP_OR, 0, -1);
	}
	ps->depth--;
}

int expr_compile(expr_t *e, const char *src, char *err, size_t errlen)
{
	memset(e, 0, sizeof *e);
	snprintf(e->text, sizeof e->text, "%s", src);
	parser_t ps = { src, src, e, err, errlen, 0, -1, 0 };
	expr_or(&ps);
	skip(&ps);
	if (!ps.failed && *ps.p)
		fail(&ps, "unexpected text after the expression", NULL);
	return ps.failed ? -1 : 0;
}

double expr_eval(const expr_t *e, const design_t *d)
{
	double st[EXPR_MAX_CODE];
	int sp = 0;
	for (int i = 0; i < e->n; i++) {
		const struct expr_op *o = &e->code[i];
		double a, b;
		switch (o->op) {
		case OP_NUM: st[sp++] = o->val; continue;
		case OP_KNOB: st[sp++] = knob_get(&knobs[o->knob], d); continue;
		case OP_NEG: st[sp - 1] = -st[sp - 1]; continue;
		case OP_NOT: st[sp - 1] = !st[sp - 1]; continue;
		case OP_LOG2: st[sp - 1] = log2(st[sp - 1]); continue;
		case OP_CEIL: st[sp - 1] = ceil(st[sp - 1]); continue;
		case OP_FLOOR: st[sp - 1] = floor(st[sp - 1]); continue;
		default: break;
		}
		b = st[--sp];
		a = st[--sp];
		double r;
		switch (o->op) {
		case OP_ADD: r = a + b; break;
		case OP_SUB: r = a - b; break;
		case OP_MUL: r = a * b; break;
		case OP_DIV: r = b != 0 ? a / b : NAN; break;
		case OP_MOD: r = b != 0 ? fmod(a, b) : NAN; break;
		case OP_LT: r = a < b; break;
		case OP_LE: r = a <= b; break;
		case OP_GT: r = a > b; break;
		case OP_GE: r = a >= b; break;
		case OP_EQ: r = a == b; break;
		case OP_NE: r = a != b; break;
		case OP_AND: r = a && b; break;
		case OP_OR: r = a || b; break;
		case OP_MIN: r = a < b ? a : b; break;
		default: r = a > b ? a : b; break; /* OP_MAX */
		}
		st[sp++] = r;
	}
	return sp ? st[sp - 1] : NAN;
}

unsigned long long expr_knobs(const expr_t *e)
{
	unsigned long long m = 0;
	for (int i = 0; i < e->n; i++)
		if (e->code[i].op == OP_KNOB)
			m |= 1ULL << e->code[i].knob;
	return m;
}
