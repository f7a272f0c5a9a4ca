/* validate_dcl1.c -- DC-L1 (paper 001, HPCA 2021) rows of `gpudse validate`: Table I and the
 * §V/§VI shapes from dcl1_shape, the NoC cost fits, and the §VIII miss-rate, replica and
 * speedup magnitudes on the shipped profiles of studies/dcl1-clusters.json. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "dcl1.h"
#include "presets/gpu_json.h"
#include "validation/validate.h"
#include "tech.h"

#define P "DC-L1"

/* "Ax(NxM)" for a set of crossbars; "-" for none, "links" for direct links. */
static void xbar_txt(char *b, size_t n, const dcl1_xbar_t *x)
{
	if (x->count == 0)
		snprintf(b, n, "-");
	else
		snprintf(b, n, "%dx(%dx%d)", x->count, x->n_in, x->n_out);
}

static void shape_txt(char *b, size_t n, const dcl1_shape_t *s, double drop, int with_bits)
{
	char a[24], c[24];
	xbar_txt(a, sizeof a, &s->noc1);
	xbar_txt(c, sizeof c, &s->noc2);
	if (with_bits)
		snprintf(b, n, "%s + %s, %d home bits", a, c, s->home_bits);
	else
		snprintf(b, n, "%s + %s, %gx drop", a, c, drop);
}

static void structural(vreport_t *r, const gpu_t *g)
{
	const int X = g->n_sm, L = g->llc_slices;
	const double flit = g->noc_flit_bytes;
	dcl1_shape_t s, b;
	const char *why = NULL;
	char q[128], want[128], got[128];
	if (dcl1_shape(DCL1_BASE, X, 0, 1, L, &b, &why)) {
		vr_na(r, P, "Table I baseline shape", "Table I", "", 0, 0, NAN, why);
		return;
	}
	double bw0 = dcl1_peak_bw(&b, g->l1_bytes_per_cycle, flit, 1);
	/* Table I: PrY = Y crossbars N x 1 (N = 80/Y) in NoC#1, one Y x 32 in NoC#2; peak L1
	 * bandwidth 4x/8x/16x/32x below the baseline's 80 x 128 B per cycle */
	static const struct { int y, n; double drop; } t1[] = { { 80, 1, 4 }, { 40, 2, 8 }, { 20, 4, 16 }, { 10, 8, 32 } };
	for (int i = 0; i < 4; i++) {
		snprintf(q, sizeof q, "Pr%d: NoC#1 + NoC#2 crossbars, peak L1 bandwidth drop", t1[i].y);
		snprintf(want, sizeof want, "%dx(%dx1) + 1x(%dx32), %gx drop", t1[i].y, t1[i].n, t1[i].y, t1[i].drop);
		if (dcl1_shape(DCL1_PR, X, t1[i].y, 1, L, &s, &why))
			snprintf(got, sizeof got, "illegal: %s", why);
		else
			shape_txt(got, sizeof got, &s, bw0 / dcl1_peak_bw(&s, g->l1_bytes_per_cycle, flit, 1), 0);
		vr_text(r, P, q, "Table I", want, got);
	}
	/* §V-A: Sh40 = one 80 x 40 (NoC#1), one 40 x 32 (NoC#2), ceil(log2 40) = 6 home bits */
	if (dcl1_shape(DCL1_SH, X, 40, 1, L, &s, &why) == 0) {
		shape_txt(got, sizeof got, &s, 0, 1);
		vr_text(r, P, "Sh40: NoC#1 + NoC#2 crossbars, home bits", "§V-A", "1x(80x40) + 1x(40x32), 6 home bits", got);
	}
	/* §VI-A: Sh40+C10 = ten 8 x 4 (NoC#1), four 10 x 8 (NoC#2), 2 home bits, <= 10 copies */
	if (dcl1_shape(DCL1_SHC, X, 40, 10, L, &s, &why) == 0) {
		shape_txt(got, sizeof got, &s, 0, 1);
		vr_text(r, P, "Sh40+C10: NoC#1 + NoC#2 crossbars, home bits", "§VI-A", "10x(8x4) + 4x(10x8), 2 home bits", got);
		vr_num(r, P, "Sh40+C10: most copies of a line", "§VI-B", "", 0, 0, 10, s.domains, VR_EXACT, 0);
	}
	/* NoC area and static power (DSENT in the paper; a two-parameter fit in dcl1.h) */
	static const struct { const char *name; int org, y, z; double area, power; const char *src; } c[] = {
		{ "Pr40", DCL1_PR, 40, 1, -28, -4, "§IV-B" },
		{ "Pr20", DCL1_PR, 20, 1, -54, NAN, "§IV-B" },
		{ "Pr10", DCL1_PR, 10, 1, -67, NAN, "§IV-B" },
		{ "Sh40", DCL1_SH, 40, 1, 69, 57, "§V-B" },
		{ "Sh40+C5", DCL1_SHC, 40, 5, -45, -15, "§VI-B" },
		{ "Sh40+C10", DCL1_SHC, 40, 10, -50, -16, "§VI-B" },
		{ "Sh40+C20", DCL1_SHC, 40, 20, -45, -14, "§VI-B" },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		if (dcl1_shape(c[i].org, X, c[i].y, c[i].z, L, &s, &why))
			continue;
		snprintf(q, sizeof q, "%s: NoC area over the 80x32 crossbar (fit)", c[i].name);
		vr_num(r, P, q, c[i].src, "%", 1, 0, c[i].area, 100 * (dcl1_noc_area_ratio(&s, flit) - 1), VR_ABS, 5);
		if (!isnan(c[i].power)) {
			snprintf(q, sizeof q, "%s: NoC static power over the baseline's (fit)", c[i].name);
			vr_num(r, P, q, c[i].src, "%", 1, 0, c[i].power, 100 * (dcl1_noc_static_ratio(&s, flit) - 1),
			       VR_ABS, 5);
		}
	}
	/* §VIII: node queues 4 x 4 x 128 B per node, 40 nodes = 6.25% of 80 x 16 KB */
	if (dcl1_shape(DCL1_SHC, X, 40, 10, L, &s, &why) == 0) {
		vr_num(r, P, "40 nodes' queue storage over the 80 L1s", "§VIII", "%", 0, 2, 6.25,
		       100.0 * s.y * DCL1_QUEUE_BYTES / (X * g->l1_kib * 1024), VR_EXACT, 0);
		vr_num(r, P, "DC-L1 hit latency at 2x the L1 size (calibration: log2 law through 28 -> 30)", "§VIII", "cycles", 0, 0, 30,
		       dcl1_access_lat(g->l1_lat, 2.0), VR_ABS, 0.5);
		vr_num(r, P, "boost: Sh40+C10 NoC#1 (8x4) can run at 2x (1 = yes)", "§VI-C", "", 0, 0, 1,
		       dcl1_fmax_ratio(s.noc1.n_in, s.noc1.n_out, X, L) >= 2.0, VR_EXACT, 0);
	}
	vr_num(r, P, "boost: Sh40 NoC#1 (80x40) can run at 2x (0 = no)", "§VI-C", "", 0, 0, 0,
	       dcl1_fmax_ratio(X, 40, X, L) >= 2.0, VR_EXACT, 0);
}

/* Designs of the study (variants), plus Pr20 and Pr10 for the miss-rate rows. */
typedef struct dpt { const char *name; int org, y, z, boost; } dpt_t;
static const dpt_t pts[] = {
	{ "base", DCL1_BASE, 0, 1, 0 }, { "Pr40", DCL1_PR, 40, 1, 0 }, { "Pr20", DCL1_PR, 20, 1, 0 },
	{ "Pr10", DCL1_PR, 10, 1, 0 }, { "Sh40", DCL1_SH, 40, 1, 0 }, { "Sh40+C5", DCL1_SHC, 40, 5, 0 },
	{ "Sh40+C10", DCL1_SHC, 40, 10, 0 }, { "Sh40+C20", DCL1_SHC, 40, 20, 0 },
	{ "Sh40+C10+Boost", DCL1_SHC, 40, 10, 1 },
};
enum { D_BASE, D_PR40, D_PR20, D_PR10, D_SH40, D_C5, D_C10, D_C20, D_C10B, D_N };

/* The replication-sensitive workloads the study names (its description: P-2MM, P-3DCONV,
 * P-SYRK, §II-A); the paper's §VIII averages are over those. */
static int is_repl_sensitive(const char *name)
{
	return !strcmp(name, "p-2mm") || !strcmp(name, "p-3dconv") || !strcmp(name, "p-syr2k");
}

/* The model's NoC#1 latency per L1 access under Sh40+C10+Boost: the unloaded round trip plus
 * the queueing and service residence at the node-side NoC#1 ports (dcl1.h Latency), per
 * access.  The paper's 54 cycles (§VIII) is the measured loaded average. */
static double noc1_latency(const gpu_t *g, const vstudy_t *s, const workload_t *w)
{
	design_t d = s->base;
	d.dcl1_org = pts[D_C10B].org;
	d.dcl1_nodes = pts[D_C10B].y;
	d.dcl1_clusters = pts[D_C10B].z;
	d.dcl1_boost = pts[D_C10B].boost;
	metrics_t m;
	gpu_detail_t det;
	const char *why = NULL;
	if (gpu_eval_detail(g, &d, w->ctx, NULL, &m, &det, &why) != 0)
		return NAN;
	double resid = 0.0, visits = 0.0;
	for (int k = 0; k < det.n; k++)
		if (!strcmp(det.st[k].name, "dcl1_noc1_resp") || !strcmp(det.st[k].name, "dcl1_noc1_req")) {
			resid += det.st[k].resid + det.st[k].delay_resid;
			if (!strcmp(det.st[k].name, "dcl1_noc1_resp"))
				visits = det.st[k].visits;
		}
	return visits > 0.0 ? resid / visits : NAN;
}

static int performance(vreport_t *r, vstudy_t *s)
{
	const gpu_t *g = &s->gpu;
	double miss[D_N][16], ipc[D_N][16], ipc_all[16], copies[D_N][16], repl[D_N][16];
	double base_miss = 0.0, base_repl = 0.0, pct[16], base_l1miss[16], noc1_lat[16];
	const char *names[16];
	int n = 0, na = 0;
	for (int i = 0; i < s->n && n < 16; i++) {
		const workload_t *w = &s->wl[i];
		metrics_t m[D_N];
		for (int k = 0; k < D_N; k++) {
			design_t d = s->base;
			d.dcl1_org = pts[k].org;
			d.dcl1_nodes = pts[k].y;
			d.dcl1_clusters = pts[k].z;
			d.dcl1_boost = pts[k].boost;
			if (v_eval(g, &d, w, &m[k]))
				return EXIT_INTERNAL;
			dcl1_eval_t e;
			const char *why = NULL;
			int ok = w->ctx->mech[MECH_DCL1] && dcl1_eval(g, &d, w->ctx->mech[MECH_DCL1], &e, &why) == 0;
			copies[k][n] = ok ? e.copies : NAN;
			repl[k][n] = ok ? e.replication : NAN;
		}
		ipc_all[na] = m[D_C10B].ipc / m[D_BASE].ipc;
		noc1_lat[na++] = noc1_latency(g, s, w);
		if (!is_repl_sensitive(w->prof.name))
			continue;
		names[n] = w->prof.name;
		base_l1miss[n] = 1 - m[D_BASE].l1_hit;
		base_miss += 1 - m[D_BASE].l1_hit;
		base_repl += repl[D_BASE][n];
		for (int k = 0; k < D_N; k++) {
			miss[k][n] = (1 - m[k].l1_hit) / (1 - m[D_BASE].l1_hit);
			ipc[k][n] = m[k].ipc / m[D_BASE].ipc;
		}
		n++;
	}
	if (n == 0) {
		vr_na(r, P, "replication-sensitive magnitudes", "§VIII", "%", 1, 0, NAN, "no such workload in the study");
		return 0;
	}
	char q[128];
	/* §II-A: the criteria that make a workload replication-sensitive, on the shipped profiles */
	snprintf(q, sizeof q, "private-L1 miss rate, mean of %d replication-sensitive (criterion > 50%%)", n);
	vr_range(r, P, q, "§II-A", "%", 0, 50, 100, 100 * base_miss / n);
	if (r->detail)
		for (int i = 0; i < n; i++) {
			snprintf(q, sizeof q, "  %s: private-L1 miss rate (criterion > 50%%)", names[i]);
			vr_range(r, P, q, "§II-A", "%", 0, 50, 100, 100 * base_l1miss[i]);
			r->row[r->n - 1].detail = 1;
		}
	snprintf(q, sizeof q, "private-L1 replication ratio, mean of %d (criterion > 25%%)", n);
	vr_range(r, P, q, "§II-A", "%", 0, 25, 100, 100 * base_repl / n);
	static const struct { int k; double paper; const char *src; } mr[] = {
		{ D_PR40, 19, "§IV-B" }, { D_PR20, 49, "§IV-B" }, { D_PR10, 74, "§IV-B" },
		{ D_SH40, 89, "§V-B" }, { D_C5, 72, "§VI-B" }, { D_C10, 61, "§VI-B" }, { D_C20, 41, "§VI-B" },
	};
	for (size_t j = 0; j < sizeof mr / sizeof mr[0]; j++) {
		snprintf(q, sizeof q, "%s: L1 miss-rate reduction, geomean of %d replication-sensitive",
		         pts[mr[j].k].name, n);
		vr_num(r, P, q, mr[j].src, "%", 0, 0, mr[j].paper, 100 * (1 - v_geomean(miss[mr[j].k], n)), VR_ABS, 10);
	}
	static const struct { int k; double paper; const char *src; } sp[] = {
		{ D_PR40, 15, "§IV-B" }, { D_SH40, 48, "§V-B" }, { D_C10, 41, "§VI-B" }, { D_C10B, 75, "§VI-C" },
	};
	for (size_t j = 0; j < sizeof sp / sizeof sp[0]; j++) {
		snprintf(q, sizeof q, "%s: IPC over private L1s, geomean of %d replication-sensitive",
		         pts[sp[j].k].name, n);
		vr_num(r, P, q, sp[j].src, "%", 1, 0, sp[j].paper, 100 * (v_geomean(ipc[sp[j].k], n) - 1), VR_ABS, 10);
		for (int i = 0; i < n; i++)
			pct[i] = 100 * (ipc[sp[j].k][i] - 1);
		snprintf(q, sizeof q, "%s: IPC over private L1s", pts[sp[j].k].name);
		vr_each(r, P, q, sp[j].src, "%", 1, 0, sp[j].paper, pct, names, n, VR_ABS, 10);
	}
	snprintf(q, sizeof q, "Sh40+C10+Boost: IPC over private L1s, geomean of all %d study workloads", na);
	vr_num(r, P, q, "§VIII", "%", 1, 0, 27, 100 * (v_geomean(ipc_all, na) - 1), VR_ABS, 10);
	/* §VIII Latency Analysis: 54 cycles measured, on average over the evaluated applications */
	double lat = 0.0;
	for (int i = 0; i < na; i++)
		lat += noc1_lat[i] / na;
	snprintf(q, sizeof q, "Sh40+C10+Boost: NoC#1 latency per L1 access (round trip + queueing), mean of %d", na);
	vr_num(r, P, q, "§VIII", "", 0, 0, DCL1_NOC1_LAT_PAPER, lat, VR_REL, 0.25);
	/* §VIII: replicas (copies beyond the first) per resident line, mean over the workloads */
	static const struct { int k; double paper; } rp[] = { { D_BASE, 7.7 }, { D_PR40, 5.7 }, { D_SH40, 0 }, { D_C10B, 2.8 } };
	for (size_t j = 0; j < sizeof rp / sizeof rp[0]; j++) {
		double mean = 0.0;
		for (int i = 0; i < n; i++)
			mean += (copies[rp[j].k][i] - 1) / n;
		snprintf(q, sizeof q, "%s: replicas per resident line, mean of %d replication-sensitive",
		         pts[rp[j].k].name, n);
		if (rp[j].k == D_SH40)
			vr_num(r, P, q, "§VIII", "", 0, 1, rp[j].paper, mean, VR_EXACT, 0);
		else
			vr_num(r, P, q, "§VIII", "", 0, 1, rp[j].paper, mean, VR_REL, 0.25);
	}
	return 0;
}

/* Issue 22: the same NoC rows with the crossbars read from the dcl1-80-tech preset's technology
 * table (DSENT MultiplexerCrossbar runs at 22 nm, 256-bit ports): the crossbars alone, where the
 * paper's DSENT figures may include buffers and allocators. */
static void tech_rows(vreport_t *r)
{
	gpu_t g;
	if (gpu_load("dcl1-80-tech", &g))
		return;
	const int X = g.n_sm, L = g.llc_slices, bits = 8 * g.noc_flit_bytes;
	static const struct { const char *name; int org, y, z; double area; const char *src; } c[] = {
		{ "Pr40", DCL1_PR, 40, 1, -28, "§IV-B" }, { "Pr20", DCL1_PR, 20, 1, -54, "§IV-B" },
		{ "Pr10", DCL1_PR, 10, 1, -67, "§IV-B" }, { "Sh40", DCL1_SH, 40, 1, 69, "§V-B" },
		{ "Sh40+C5", DCL1_SHC, 40, 5, -45, "§VI-B" }, { "Sh40+C10", DCL1_SHC, 40, 10, -50, "§VI-B" },
		{ "Sh40+C20", DCL1_SHC, 40, 20, -45, "§VI-B" },
	};
	tech_figures_t f;
	char err[320], q[200];
	if (tech_xbar_eval(g.tech, g.tech_node_nm, X, L, bits, &f, err, sizeof err)) {
		vr_na(r, P, "NoC area from the technology table", "issue 22", "", 0, 0, NAN, err);
		return;
	}
	double base = f.area_mm2;
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		dcl1_shape_t s;
		const char *why;
		if (dcl1_shape(c[i].org, X, c[i].y, c[i].z, L, &s, &why))
			continue;
		double a = 0;
		const dcl1_xbar_t *xb[2] = { &s.noc1, &s.noc2 };
		int ok = 1;
		for (int k = 0; k < 2 && ok; k++) {
			if (xb[k]->count == 0 || (xb[k]->n_in == 1 && xb[k]->n_out == 1))
				continue;
			if (tech_xbar_eval(g.tech, g.tech_node_nm, xb[k]->n_in, xb[k]->n_out, bits, &f, err, sizeof err))
				ok = 0;
			else
				a += xb[k]->count * f.area_mm2;
		}
		snprintf(q, sizeof q, "%s: NoC area over the 80x32 crossbar (dcl1-80-tech: DSENT crossbars only)",
		         c[i].name);
		if (!ok)
			vr_na(r, P, q, c[i].src, "%", 1, 0, c[i].area, err);
		else
			vr_num(r, P, q, c[i].src, "%", 1, 0, c[i].area, 100 * (a / base - 1), VR_ABS, 5);
	}
	static const struct { const char *q; int n, m, paper; } b[] = {
		{ "boost: Sh40+C10 NoC#1 (8x4) can run at 2x (1 = yes; dcl1-80-tech: DSENT fmax)", 8, 4, 1 },
		{ "boost: Sh40 NoC#1 (80x40) can run at 2x (0 = no; dcl1-80-tech: DSENT fmax)", 80, 40, 0 },
	};
	for (int i = 0; i < 2; i++) {
		if (tech_xbar_eval(g.tech, g.tech_node_nm, b[i].n, b[i].m, bits, &f, err, sizeof err)) {
			vr_na(r, P, b[i].q, "§VI-C", "", 0, 0, b[i].paper, err);
			continue;
		}
		vr_num(r, P, b[i].q, "§VI-C", "", 0, 0, b[i].paper, f.fmax_ghz * 1e3 / g.noc_mhz >= 2.0, VR_EXACT, 0);
	}
}

int validate_dcl1(vreport_t *r)
{
	vstudy_t s;
	int rc = vstudy_load("dcl1-clusters", &s);
	if (rc)
		return rc;
	structural(r, &s.gpu);
	tech_rows(r);
	rc = performance(r, &s);
	vstudy_free(&s);
	return rc;
}
