/*
 * test_sensitivity.c -- `gpudse sensitivity`'s engine on a constructed space whose effects are
 * known by construction, written into a results database through the store API and read back
 * the way the command reads it (sens_load).
 *
 * Space: llc_scale (I = 3 levels) x active_sms (J = 4) x gate_idle (K = 2), 24 designs.
 * Metric (speedup on workload "wa"):  y = 10 + a_i + b_j + c_k + g u_i v_j  with zero-sum
 * effects a = (-1, 0, 1), b = (-3, -1, 1, 3), c = (-0.5, 0.5) and an A x B interaction
 * g u_i v_j, g = 0.8, u = (-1, 0, 1), v = (-1, -1, 1, 1) (zero-sum in both margins).
 * Zero-sum effects are orthogonal, so the ANOVA sums of squares are exactly
 * (Montgomery, Design and Analysis of Experiments, 3-factor fixed-effects model):
 *   SS_A  = J K sum a_i^2       = 8 * 2          = 16
 *   SS_B  = I K sum b_j^2       = 6 * 20         = 120
 *   SS_C  = I J sum c_k^2       = 12 * 0.5       = 6
 *   SS_AB = K sum (g u_i v_j)^2 = 2 * 0.64 * 8   = 10.24
 *   SS_AC = SS_BC = rest = 0;  TSS = 152.24.
 * Workload "wb" stores 2 y, so the geometric mean over workloads is sqrt(2) y: the same
 * shares, every SS doubled.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "knobs.h"
#include "stats/sensitivity.h"
#include "stats/sensitivity_data.h"
#include "store/store.h"
#include "support/check.h"

static const double A[3] = { -1, 0, 1 }, B[4] = { -3, -1, 1, 3 }, C[2] = { -0.5, 0.5 };
static const double U[3] = { -1, 0, 1 }, V[4] = { -1, -1, 1, 1 };
static const char *const LLC[3] = { "0.5", "1", "2" }, *const SMS[4] = { "10", "20", "30", "40" };
static const char *const GATE[2] = { "0", "1" };

static double truth(int i, int j, int k, double g)
{
	return 10 + A[i] + B[j] + C[k] + g * U[i] * V[j];
}

/* Writes one run of the space; skip(i, j, k) drops a cell (a constraint). */
static int64_t write_run(store_t *st, double g, int (*skip)(int, int, int))
{
	store_run_info_t info = { "synthetic", "{}", "h", "test", "{}", "t", "none", "id", "", 1, 1, 24 };
	int64_t run;
	if (store_new_run(st, &info, &run))
		return -1;
	store_add_workload(st, run, 0, "wa", "", "");
	store_add_workload(st, run, 1, "wb", "", "");
	store_batch_begin(st);
	uint64_t id = 0;
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 4; j++)
			for (int k = 0; k < 2; k++, id++) {
				if (skip && skip(i, j, k))
					continue;
				design_t d;
				char err[128];
				design_default(&d);
				knob_set(&d, "llc_scale", LLC[i], err, sizeof err);
				knob_set(&d, "active_sms", SMS[j], err, sizeof err);
				knob_set(&d, "gate_idle", GATE[k], err, sizeof err);
				store_put_design(st, run, id, "", &d);
				metrics_t m;
				memset(&m, 0, sizeof m);
				m.speedup = truth(i, j, k, g);
				store_put_result(st, run, id, 0, &m);
				m.speedup *= 2;
				store_put_result(st, run, id, 1, &m);
			}
	store_batch_commit(st, run, 1, 24, 0);   /* shard 1 of the run: its progress */
	store_set_status(st, run, "done");
	return run;
}

static const sens_term_t *find_term(const sens_result_t *r, const sens_data_t *d, const char *a, const char *b)
{
	for (int t = 0; t < r->nterm; t++) {
		const sens_term_t *s = &r->term[t];
		if ((b == NULL) != (s->b < 0))
			continue;
		if (!b && !strcmp(d->fname[s->a], a))
			return s;
		/* a pair in either order (factors are numbered in the knob table's order) */
		if (b && ((!strcmp(d->fname[s->a], a) && !strcmp(d->fname[s->b], b)) ||
			(!strcmp(d->fname[s->a], b) && !strcmp(d->fname[s->b], a))))
			return s;
	}
	return NULL;
}

static double ss_of(const sens_result_t *r, const sens_data_t *d, const char *a, const char *b)
{
	const sens_term_t *s = find_term(r, d, a, b);
	return s ? s->ss : NAN;
}

static double share_of(const sens_result_t *r, const sens_data_t *d, const char *a, const char *b)
{
	const sens_term_t *s = find_term(r, d, a, b);
	return s ? s->share : NAN;
}

static int df_of(const sens_result_t *r, const sens_data_t *d, const char *a, const char *b)
{
	const sens_term_t *s = find_term(r, d, a, b);
	return s ? s->df : -1;
}

static int drop_corner(int i, int j, int k)
{
	return i == 2 && j >= 2 && k == 1;   /* 2 of 24 cells removed */
}

int main(void)
{
	char path[] = "/tmp/test_sensitivity_XXXXXX";
	int fd = mkstemp(path);
	close(fd);
	unlink(path);
	store_t *st;
	CHECK(store_open(path, STORE_WRITE, &st) == 0, "a new database");
	int64_t run_full = write_run(st, 0.8, NULL);
	int64_t run_cut = write_run(st, 0.0, drop_corner);
	CHECK(run_full > 0 && run_cut > 0, "runs written");

	const char *metrics[] = { "speedup" };
	sens_data_t d;
	CHECK_INT(sens_load(st, run_full, metrics, 1, &d), 0, "sens_load of the full factorial");
	CHECK_INT(d.nf, 3, "llc_scale, active_sms, gate_idle vary; nothing else");
	CHECK_INT((long long)d.nd, 24, "3 x 4 x 2 designs");
	CHECK_INT(d.nw, 2, "workloads wa, wb");
	CHECK(sens_is_full_factorial(d.lev, d.nd, d.nf, d.nlev), "every cell once");

	/* per workload: ANOVA against the construction */
	const double *y = sens_response(&d, 0, 0);
	CHECK(y != NULL, "every design has speedup on wa");
	sens_result_t r, rl;
	CHECK_INT(sens_analyse(d.lev, d.nd, d.nf, d.nlev, y, SENS_ANOVA, &r), 0, "ANOVA applies");
	const double tol = 1e-9;
	CHECK_NEAR(r.tss, 152.24, tol, "TSS = 16 + 120 + 6 + 10.24 (header)");
	CHECK_NEAR(ss_of(&r, &d, "llc_scale", NULL), 16, tol, "SS_A = J K sum a^2");
	CHECK_NEAR(ss_of(&r, &d, "active_sms", NULL), 120, tol, "SS_B = I K sum b^2");
	CHECK_NEAR(ss_of(&r, &d, "gate_idle", NULL), 6, tol, "SS_C = I J sum c^2");
	CHECK_NEAR(ss_of(&r, &d, "llc_scale", "active_sms"), 10.24, tol, "SS_AB = K g^2 sum (u v)^2");
	CHECK_NEAR(ss_of(&r, &d, "llc_scale", "gate_idle"), 0, tol, "no A x C by construction");
	CHECK_NEAR(ss_of(&r, &d, "active_sms", "gate_idle"), 0, tol, "no B x C by construction");
	CHECK_NEAR(r.rest, 0, tol, "no three-way interaction by construction");
	CHECK_NEAR(share_of(&r, &d, "active_sms", NULL), 120 / 152.24, 1e-12, "share = SS/TSS");
	CHECK_NEAR(share_of(&r, &d, "llc_scale", "active_sms"), 10.24 / 152.24, 1e-12, "share = SS/TSS");
	CHECK_INT(df_of(&r, &d, "llc_scale", "active_sms"), 6, "(I-1)(J-1)");
	/* the ranking: B (120), A (16), A x B (10.24), C (6), then the zero pairs */
	CHECK_STR(d.fname[r.term[0].a], "active_sms", "largest SS first");
	CHECK(r.term[0].b < 0, "rank 1 is a main effect");
	CHECK_STR(d.fname[r.term[1].a], "llc_scale", "rank 2");
	CHECK(r.term[1].b < 0, "rank 2 is a main effect");
	CHECK(r.term[2].b >= 0, "rank 3 is the A x B interaction");
	CHECK_STR(d.fname[r.term[3].a], "gate_idle", "rank 4");
	CHECK_INT(r.nterm, 6, "3 main effects + 3 pairs");

	/* least squares on the same full factorial gives the same sums of squares (balanced,
	 * orthogonal: type II SS = ANOVA SS), an independent computation through GSL's SVD */
	CHECK_INT(sens_analyse(d.lev, d.nd, d.nf, d.nlev, y, SENS_LSQ, &rl), 0, "LSQ applies");
	CHECK_NEAR(ss_of(&rl, &d, "llc_scale", NULL), 16, 1e-8, "LSQ = ANOVA on a full factorial");
	CHECK_NEAR(ss_of(&rl, &d, "active_sms", NULL), 120, 1e-8, "LSQ = ANOVA on a full factorial");
	CHECK_NEAR(ss_of(&rl, &d, "gate_idle", NULL), 6, 1e-8, "LSQ = ANOVA on a full factorial");
	CHECK_NEAR(ss_of(&rl, &d, "llc_scale", "active_sms"), 10.24, 1e-8, "LSQ pair = ANOVA pair");
	CHECK_NEAR(rl.rest, 10.24, 1e-8, "main-effects residual = the interaction's SS");
	CHECK_NEAR(rl.r2, 1 - 10.24 / 152.24, 1e-10, "R^2 of the main-effects fit");

	/* over workloads: geomean(y, 2y) = sqrt(2) y, so every SS doubles, shares unchanged */
	double *g = malloc(d.nd * sizeof *g);
	CHECK_INT(sens_geomean(&d, 0, g), 0, "geomean over wa, wb");
	CHECK_INT(sens_analyse(d.lev, d.nd, d.nf, d.nlev, g, SENS_ANOVA, &r), 0, "ANOVA on the aggregate");
	CHECK_NEAR(ss_of(&r, &d, "active_sms", NULL), 240, 1e-8, "(sqrt 2)^2 x 120");
	CHECK_NEAR(share_of(&r, &d, "llc_scale", "active_sms"), 10.24 / 152.24, 1e-12, "share unchanged");
	free(g);
	sens_data_free(&d);

	/* a constrained space (2 cells removed), additive metric: not a full factorial, ANOVA
	 * refuses, least squares explains everything with main effects (R^2 = 1, no pair SS) */
	CHECK_INT(sens_load(st, run_cut, metrics, 1, &d), 0, "sens_load of the cut space");
	CHECK_INT((long long)d.nd, 22, "24 - 2 designs");
	CHECK(!sens_is_full_factorial(d.lev, d.nd, d.nf, d.nlev), "two cells missing");
	y = sens_response(&d, 0, 0);
	CHECK_INT(sens_analyse(d.lev, d.nd, d.nf, d.nlev, y, SENS_ANOVA, &r), -1, "ANOVA needs a full factorial");
	CHECK_INT(sens_analyse(d.lev, d.nd, d.nf, d.nlev, y, SENS_LSQ, &r), 0, "LSQ applies");
	CHECK_NEAR(r.r2, 1, 1e-10, "additive truth: main effects explain all");
	CHECK_NEAR(ss_of(&r, &d, "llc_scale", "active_sms"), 0, 1e-8, "no interaction by construction");
	CHECK_STR(d.fname[r.term[0].a], "active_sms", "B still ranks first");
	CHECK_STR(d.fname[r.term[1].a], "llc_scale", "A second");
	CHECK_STR(d.fname[r.term[2].a], "gate_idle", "C third");
	CHECK_INT(df_of(&r, &d, "llc_scale", "active_sms"), 6, "all 12 A x B cells present: 6 df");
	sens_data_free(&d);

	store_close(st);
	unlink(path);
	return check_summary("sensitivity");
}
