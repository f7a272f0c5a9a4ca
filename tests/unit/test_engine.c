/* test_engine.c -- the engine's pure parts: Pareto fronts against brute force, the study
 * expression language, knob parsing, and the mixed-radix design space. */
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "support/check.h"
#include "expr.h"
#include "knobs.h"
#include "pareto.h"
#include "study.h"

static int dominates(const double *a, const double *b, int k)
{
	int strict = 0;
	for (int i = 0; i < k; i++) {
		if (a[i] < b[i])
			return 0;
		strict |= a[i] > b[i];
	}
	return strict;
}

/* Brute force: the O(n^2) definition. */
static void test_pareto_vs_brute(void)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 42);
	int mismatches = 0, trials = 0;
	for (int k = 2; k <= 4; k++)
		for (int t = 0; t < 40; t++) {
			size_t n = 1 + gsl_rng_uniform_int(r, 300);
			double *v = malloc(n * k * sizeof *v);
			for (size_t i = 0; i < n * k; i++)   /* coarse values: many ties and duplicates */
				v[i] = (double)gsl_rng_uniform_int(r, t % 2 ? 8 : 1000);
			if (t == 3)
				v[0] = NAN;
			size_t *idx = malloc(n * sizeof *idx);
			size_t f = pareto_front(v, n, k, idx);
			char *on = calloc(n, 1);
			for (size_t i = 0; i < f; i++)
				on[idx[i]] = 1;
			for (size_t i = 0; i < n; i++) {
				int nan = 0;
				for (int j = 0; j < k; j++)
					nan |= isnan(v[i * k + j]);
				int dom = 0;
				for (size_t j = 0; j < n && !dom && !nan; j++) {
					int jnan = 0;
					for (int c = 0; c < k; c++)
						jnan |= isnan(v[j * k + c]);
					dom = !jnan && dominates(v + j * k, v + i * k, k);
				}
				int want = !nan && !dom;
				mismatches += want != on[i];
			}
			trials++;
			free(v);
			free(idx);
			free(on);
		}
	CHECK_INT(mismatches, 0, "the definition of Pareto dominance, O(n^2) over 120 random sets with ties");
	CHECK(trials == 120, "all trials ran");
	gsl_rng_free(r);
}

static void test_expr(void)
{
	design_t d;
	char err[256];
	design_default(&d);
	d.dcl1_nodes = 40;
	d.dcl1_clusters = 10;
	d.dcl1_org = DCL1_SHC;
	expr_t e;
	CHECK_INT(expr_compile(&e, "dcl1_nodes % dcl1_clusters == 0 && dcl1_nodes / dcl1_clusters <= 8", err, sizeof err), 0, "compiles");
	CHECK_NEAR(expr_eval(&e, &d), 1, 0, "40 % 10 == 0 and 4 <= 8");
	CHECK_INT(expr_compile(&e, "ceil(log2(dcl1_nodes / dcl1_clusters))", err, sizeof err), 0, "compiles");
	CHECK_NEAR(expr_eval(&e, &d), 2, 0, "home bits of Sh40+C10: ceil(log2 4) = 2 (DC-L1 §VI)");
	CHECK_INT(expr_compile(&e, "dcl1_org == 'shc' && -2 * 3 + 7 == 1 && !(1 > 2) && max(3, min(9, 4)) == 4", err, sizeof err), 0, "compiles");
	CHECK_NEAR(expr_eval(&e, &d), 1, 0, "precedence, unary, enum spelling, functions");
	CHECK_INT(expr_compile(&e, "dcl1_org == 'nope'", err, sizeof err), -1, "unknown spelling rejected");
	CHECK_INT(expr_compile(&e, "nodez > 1", err, sizeof err), -1, "unknown knob rejected");
	CHECK_STR(err, "at column 1: unknown knob \"nodez\"", "pinned message");
	CHECK_INT(expr_compile(&e, "1 +", err, sizeof err), -1, "truncated rejected");
	CHECK_INT(expr_compile(&e, "dcl1_nodes / 0", err, sizeof err), 0, "compiles");
	CHECK(isnan(expr_eval(&e, &d)), "division by zero is NaN, which fails any constraint");
}

static void test_knobs(void)
{
	design_t d;
	char err[256], buf[64];
	CHECK_INT(design_parse("dcl1_org=shc, dcl1_nodes=40,dcl1_clusters=10,rfc_sthld=dynamic,gate_idle=true", &d, err, sizeof err), 0, "parses");
	CHECK_INT(d.dcl1_org, DCL1_SHC, "enum");
	CHECK_INT(d.rfc_sthld, RFC_STHLD_DYNAMIC, "dynamic STHLD");
	CHECK_INT(d.gate_idle, 1, "bool");
	knob_format(knob_find("rfc_sthld"), &d, buf, sizeof buf);
	CHECK_STR(buf, "dynamic", "format round trip");
	knob_format(knob_find("dcl1_org"), &d, buf, sizeof buf);
	CHECK_STR(buf, "shc", "format round trip");
	CHECK_INT(design_parse("dcl1_org=ring", &d, err, sizeof err), -1, "bad enum");
	CHECK_STR(err, "dcl1_org: expected one of base, pr, sh, shc, got \"ring\"", "pinned message");
	CHECK_INT(design_parse("dcl1_nodes=2.5", &d, err, sizeof err), -1, "non-integer");
	CHECK_INT(design_parse("llc_scale=100", &d, err, sizeof err), -1, "out of range");
	CHECK_STR(err, "llc_scale: 100 is out of range [0.125, 64]", "pinned message");
	for (size_t i = 0; i < n_knobs; i++)
		CHECK(knob_find(knobs[i].name) == &knobs[i], "every knob is found by its name");
}

/* The mixed-radix space: every id maps to a distinct combination, in the documented order. */
static void test_space(void)
{
	study_t s;
	if (study_load("tests/data/engine-study.json", &s) != 0) {
		CHECK(0, "tests/data/engine-study.json loads");
		return;
	}
	CHECK_INT((long long)s.n_points, 3 * 33 * 3 * 2, "3 llc_scale x 33 active_sms x 3 clocks x 2 gate");
	design_t d;
	int var, legal = 0, distinct = 1;
	const char *why;
	double prev_key = -1;
	for (uint64_t id = 0; id < s.n_points; id++) {
		legal += study_point(&s, id, &d, &var, &why);
		/* last dimension fastest: the key below increases strictly with id */
		double key = ((d.llc_scale == 1 ? 0 : d.llc_scale == 2 ? 1 : 2) * 33 + (d.active_sms - 4) / 2) * 6
			+ (d.mem_clock_scale > 1.15 ? 2 : d.mem_clock_scale > 1.05 ? 1 : 0) * 2 + d.gate_idle;
		if (key <= prev_key)
			distinct = 0;
		prev_key = key;
	}
	CHECK(distinct, "ids enumerate the combinations in mixed-radix order, last dimension fastest");
	CHECK_INT(legal, 594 - 9, "constraint gate_idle == 0 || active_sms < 68 removes 9 points");
	study_point(&s, s.n_points - 1, &d, &var, &why);
	CHECK_STR(why, "gate_idle == 0 || active_sms < 68", "the violated constraint is named");
	study_free(&s);
}

int main(void)
{
	test_pareto_vs_brute();
	test_expr();
	test_knobs();
	test_space();
	return check_summary("test_engine");
}
