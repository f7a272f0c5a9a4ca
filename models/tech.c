/*
 * tech.c -- interpolation in a table of circuit-tool runs (equations and range: tech.h).
 */
#include "tech.h"
#include <math.h>
#include <stdio.h>

enum { NFIG = 8 };  /* figures carried through the interpolation, in this order: */
static void fig_of_point(const tech_point_t *p, double v[NFIG])
{
	v[0] = p->area_mm2; v[1] = p->cell_mm2; v[2] = p->read_ns; v[3] = p->write_ns;
	v[4] = p->read_nj; v[5] = p->write_nj; v[6] = p->leak_mw; v[7] = p->fmax_ghz;
}

static void fig_out(const double v[NFIG], tech_figures_t *o)
{
	o->area_mm2 = v[0]; o->cell_mm2 = v[1]; o->periph_mm2 = v[0] - v[1];
	o->read_ns = v[2]; o->write_ns = v[3]; o->read_nj = v[4]; o->write_nj = v[5];
	o->leak_mw = v[6]; o->fmax_ghz = v[7];
}

double tech_loglog(double x, double x0, double q0, double x1, double q1)
{
	if (x1 == x0)
		return q0;
	double f = log(x / x0) / log(x1 / x0);      /* position in ln x */
	if (q0 > 0 && q1 > 0)
		return q0 * pow(q1 / q0, f);            /* tech.h [L1]: power law between the runs */
	return q0 + (q1 - q0) * f;                  /* tech.h [L1]: a zero figure, linear in ln x */
}

static void interp_vec(double x, double x0, const double a[NFIG], double x1, const double b[NFIG],
                       double out[NFIG])
{
	for (int i = 0; i < NFIG; i++)
		out[i] = tech_loglog(x, x0, a[i], x1, b[i]);
}

static int same(double a, double b) { return fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b)); }

static const char *cell_name(int c) { return c == TECH_STT ? "stt" : "sram"; }
static const char *kind_name(int k)
{
	return k == TECH_DATA ? "data" : k == TECH_TAG ? "tag" : k == TECH_RAM ? "ram" : "xbar";
}

static int array_key(const tech_point_t *p, int cell, int kind, int assoc, int width, int ports)
{
	return p->kind == kind && p->cell == cell && p->assoc == assoc && p->width_bits == width &&
	       p->ports == ports;
}

/* The two nodes around node_nm that hold the key (n0 == n1 when one matches). */
static int bracket_nodes(const tech_table_t *t, int (*key)(const tech_point_t *, const void *),
                         const void *ctx, double node, double *n0, double *n1, double *lo, double *hi)
{
	*n0 = -INFINITY; *n1 = INFINITY; *lo = INFINITY; *hi = -INFINITY;
	int any = 0;
	for (size_t i = 0; i < t->n; i++) {
		const tech_point_t *p = &t->pt[i];
		if (!key(p, ctx))
			continue;
		any = 1;
		*lo = fmin(*lo, p->node_nm); *hi = fmax(*hi, p->node_nm);
		if (p->node_nm <= node * (1 + 1e-9) && p->node_nm > *n0) *n0 = p->node_nm;
		if (p->node_nm >= node * (1 - 1e-9) && p->node_nm < *n1) *n1 = p->node_nm;
	}
	if (!any)
		return -1;
	if (!isfinite(*n0) || !isfinite(*n1))
		return -2;
	return 0;
}

typedef struct akey { int cell, kind, assoc, width, ports; } akey_t;
static int akey_match(const tech_point_t *p, const void *c)
{
	const akey_t *k = c;
	return array_key(p, k->cell, k->kind, k->assoc, k->width, k->ports);
}

/* [L1] within the series at one node. */
static int array_at_node(const tech_table_t *t, const akey_t *k, double node, double bytes,
                         double v[NFIG], char *err, size_t errlen)
{
	const tech_point_t *p0 = NULL, *p1 = NULL;
	double lo = INFINITY, hi = -INFINITY;
	for (size_t i = 0; i < t->n; i++) {
		const tech_point_t *p = &t->pt[i];
		if (!akey_match(p, k) || !same(p->node_nm, node))
			continue;
		lo = fmin(lo, p->bytes); hi = fmax(hi, p->bytes);
		if (p->bytes <= bytes * (1 + 1e-12) && (!p0 || p->bytes > p0->bytes)) p0 = p;
		if (p->bytes >= bytes * (1 - 1e-12) && (!p1 || p->bytes < p1->bytes)) p1 = p;
	}
	if (!p0 || !p1) {
		snprintf(err, errlen, "%s %s array of %g bytes at %g nm: outside the table's sizes "
		         "[%g, %g] bytes (no extrapolation)", cell_name(k->cell), kind_name(k->kind),
		         bytes, node, lo, hi);
		return -1;
	}
	double a[NFIG], b[NFIG];
	fig_of_point(p0, a); fig_of_point(p1, b);
	interp_vec(bytes, p0->bytes, a, p1->bytes, b, v);
	if (p0 == p1)
		return 0;                               /* a run of the table: its own figures */
	/* tech.h [L1a]: cells and periphery apart, each a power law in size; area = their sum */
	double c0 = p0->cell_mm2, c1 = p1->cell_mm2;
	double q0 = p0->area_mm2 - c0, q1 = p1->area_mm2 - c1;
	double cell = tech_loglog(bytes, p0->bytes, c0, p1->bytes, c1);
	double periph = tech_loglog(bytes, p0->bytes, q0, p1->bytes, q1);
	v[0] = cell + periph;
	v[1] = cell;
	/* tech.h [L1l]: leakage = rho_c x cell area + rho_p x periphery area, the two densities
	 * solved from the two runs; [L1] on the total when they do not solve to densities >= 0 */
	double det = c0 * q1 - c1 * q0;
	if (det != 0) {
		double rc = (p0->leak_mw * q1 - p1->leak_mw * q0) / det;
		double rp = (c0 * p1->leak_mw - c1 * p0->leak_mw) / det;
		if (rc >= 0 && rp >= 0)
			v[6] = rc * cell + rp * periph;
	}
	return 0;
}

/* NVSim's device parameters are sets chosen by node range (Technology.cpp: a set for nodes from
 * 22, from 32 ("actually 36nm"), from 45, 65, 90, 120 and 200 nm): the index of the set that
 * holds node_nm (tech.h [L2n]). */
static int nvsim_device_set(double node_nm)
{
	static const double from[] = { 200, 120, 90, 65, 45, 32, 22 };
	for (int i = 0; i < (int)(sizeof from / sizeof from[0]); i++)
		if (node_nm >= from[i] - 1e-9)
			return i;
	return -1;                                  /* below 22 nm: NVSim has no device set */
}

/* Whether any run of the series at node n came from NVSim. */
static int series_from_nvsim(const tech_table_t *t, const akey_t *k, double n)
{
	for (size_t i = 0; i < t->n; i++)
		if (akey_match(&t->pt[i], k) && same(t->pt[i].node_nm, n) && t->pt[i].tool == TECH_TOOL_NVSIM)
			return 1;
	return 0;
}

int tech_array_eval(const tech_table_t *t, tech_cell_t cell, tech_kind_t kind, double node_nm,
                    double bytes, int assoc, int width_bits, int ports,
                    tech_figures_t *out, char *err, size_t errlen)
{
	akey_t k = { (int)cell, (int)kind, assoc, width_bits, ports };
	double n0, n1, lo, hi;
	if (!(bytes > 0) || !(node_nm > 0)) {
		snprintf(err, errlen, "%s %s array: size %g bytes and node %g nm must be positive",
		         cell_name(cell), kind_name(kind), bytes, node_nm);
		return -1;
	}
	int r = bracket_nodes(t, (int (*)(const tech_point_t *, const void *))akey_match, &k,
	                      node_nm, &n0, &n1, &lo, &hi);
	if (r == -1) {
		snprintf(err, errlen, "no %s %s array with %d ways, %d-bit port, %d port(s) in the "
		         "technology table", cell_name(cell), kind_name(kind), assoc, width_bits, ports);
		return -1;
	}
	if (r == -2) {
		snprintf(err, errlen, "%s %s array at %g nm: outside the table's nodes [%g, %g] nm "
		         "(no extrapolation)", cell_name(cell), kind_name(kind), node_nm, lo, hi);
		return -1;
	}
	if (!same(n0, n1) && (series_from_nvsim(t, &k, n0) || series_from_nvsim(t, &k, n1)) &&
	    (nvsim_device_set(n0) != nvsim_device_set(n1) || nvsim_device_set(node_nm) != nvsim_device_set(n0))) {
		/* tech.h [L2n]: NVSim runs are not interpolated across its device sets */
		snprintf(err, errlen, "%s %s array at %g nm: between the table's NVSim runs at %g and %g "
		         "nm, which use different NVSim device sets (Technology.cpp: from 22, 32, 45 nm, "
		         "...); not interpolated across them (models/tech.h L2n)", cell_name(cell),
		         kind_name(kind), node_nm, n0, n1);
		return -1;
	}
	double a[NFIG], b[NFIG], v[NFIG];
	if (array_at_node(t, &k, n0, bytes, a, err, errlen) ||
	    array_at_node(t, &k, n1, bytes, b, err, errlen))
		return -1;
	interp_vec(node_nm, n0, a, n1, b, v);       /* tech.h [L2] */
	fig_out(v, out);
	return 0;
}

typedef struct xkey { int bits; } xkey_t;
static int xkey_match(const tech_point_t *p, const void *c)
{
	return p->kind == TECH_XBAR && p->width_bits == ((const xkey_t *)c)->bits;
}

static const tech_point_t *xbar_run(const tech_table_t *t, int bits, double node, int ni, int no)
{
	for (size_t i = 0; i < t->n; i++) {
		const tech_point_t *p = &t->pt[i];
		if (p->kind == TECH_XBAR && p->width_bits == bits && same(p->node_nm, node) &&
		    p->n_in == ni && p->n_out == no)
			return p;
	}
	return NULL;
}

/* The largest number of 2:1 multiplexer cells one select line of DSENT's n-input Multiplexer
 * drives (tech.h [L3f]).  DSENT (model/electrical/Multiplexer.cc) builds an n-input mux as a
 * ceil(n/2)-input and a floor(n/2)-input mux joined by a final MUX2 on select
 * ceil(log2 n) - 1; the sub-muxes share select lines 0.. by index. */
static void select_loads(int n, int load[32])
{
	if (n < 2)
		return;
	select_loads((n + 1) / 2, load);
	select_loads(n / 2, load);
	int sel = 0;
	while ((1 << (sel + 1)) < n)   /* ceil(log2 n) - 1 */
		sel++;
	load[sel]++;
}

int tech_select_fanout(int n_in)
{
	int load[32] = { 0 }, m = 0;
	select_loads(n_in, load);
	for (int i = 0; i < 32; i++)
		if (load[i] > m)
			m = load[i];
	return m;
}

/* [L3] within one node: the grid radices around (n_in, n_out), bilinear in logs. */
static int xbar_at_node(const tech_table_t *t, int bits, double node, int n_in, int n_out,
                        double v[NFIG], char *err, size_t errlen)
{
	int i0 = 0, i1 = 0, o0 = 0, o1 = 0, ilo = 0, ihi = 0, olo = 0, ohi = 0;
	for (size_t i = 0; i < t->n; i++) {
		const tech_point_t *p = &t->pt[i];
		if (p->kind != TECH_XBAR || p->width_bits != bits || !same(p->node_nm, node))
			continue;
		if (!ilo || p->n_in < ilo) ilo = p->n_in;
		if (p->n_in > ihi) ihi = p->n_in;
		if (!olo || p->n_out < olo) olo = p->n_out;
		if (p->n_out > ohi) ohi = p->n_out;
		if (p->n_in <= n_in && p->n_in > i0) i0 = p->n_in;
		if (p->n_in >= n_in && (!i1 || p->n_in < i1)) i1 = p->n_in;
		if (p->n_out <= n_out && p->n_out > o0) o0 = p->n_out;
		if (p->n_out >= n_out && (!o1 || p->n_out < o1)) o1 = p->n_out;
	}
	if (!i0 || !i1 || !o0 || !o1) {
		snprintf(err, errlen, "%dx%d crossbar of %d-bit ports at %g nm: outside the table's "
		         "radices [%d, %d] x [%d, %d] (no extrapolation)", n_in, n_out, bits, node,
		         ilo, ihi, olo, ohi);
		return -1;
	}
	/* tech.h [L3f]'s valid range: under TECH_FMAX_MIN_INPUTS inputs the clock is taken only at an
	 * input count the table holds (the mux depth, which [L3f] leaves out, is a large share of a
	 * small multiplexer's path: 3 and 5 inputs were 35% and 16% off between the 2-, 4- and 8-input
	 * runs) */
	if (i0 != i1 && i0 < TECH_FMAX_MIN_INPUTS) {
		snprintf(err, errlen, "%dx%d crossbar of %d-bit ports at %g nm: between the table's %d- and "
		         "%d-input runs, and under %d inputs its clock is taken only at an input count the "
		         "table holds (tech.h L3f; no interpolation in the mux depth)", n_in, n_out, bits, node,
		         i0, i1, TECH_FMAX_MIN_INPUTS);
		return -1;
	}
	const tech_point_t *c00 = xbar_run(t, bits, node, i0, o0), *c10 = xbar_run(t, bits, node, i1, o0);
	const tech_point_t *c01 = xbar_run(t, bits, node, i0, o1), *c11 = xbar_run(t, bits, node, i1, o1);
	if (!c00 || !c10 || !c01 || !c11) {
		snprintf(err, errlen, "%dx%d crossbar at %g nm: the table lacks a corner of the grid "
		         "cell [%d, %d] x [%d, %d]", n_in, n_out, node, i0, i1, o0, o1);
		return -1;
	}
	double a[NFIG], b[NFIG], lo[NFIG], hi[NFIG];
	fig_of_point(c00, a); fig_of_point(c10, b);
	interp_vec(n_in, i0, a, i1, b, lo);         /* tech.h [L3]: along n_in at n_out = o0 */
	fig_of_point(c01, a); fig_of_point(c11, b);
	interp_vec(n_in, i0, a, i1, b, hi);         /* ... and at n_out = o1 */
	interp_vec(n_out, o0, lo, o1, hi, v);       /* then along n_out */
	/* tech.h [L3f]: fmax in the select fanout m(n_in) instead of n_in, between the grid input
	 * counts whose fanouts bracket it (m rises with n, so they lie within [i0, i1]) */
	int m = tech_select_fanout(n_in), j0 = i0, j1 = i1;
	int m0 = tech_select_fanout(j0), m1 = tech_select_fanout(j1);
	for (size_t i = 0; i < t->n; i++) {
		const tech_point_t *p = &t->pt[i];
		if (p->kind != TECH_XBAR || p->width_bits != bits || !same(p->node_nm, node) ||
		    p->n_out != o0 || p->n_in <= i0 || p->n_in >= i1)
			continue;
		int pm = tech_select_fanout(p->n_in);
		if (pm <= m && (pm > m0 || (pm == m0 && p->n_in > j0)))
			j0 = p->n_in, m0 = pm;
		if (pm >= m && (pm < m1 || (pm == m1 && p->n_in < j1)))
			j1 = p->n_in, m1 = pm;
	}
	const tech_point_t *f00 = xbar_run(t, bits, node, j0, o0), *f10 = xbar_run(t, bits, node, j1, o0);
	const tech_point_t *f01 = xbar_run(t, bits, node, j0, o1), *f11 = xbar_run(t, bits, node, j1, o1);
	if (f00 && f10 && f01 && f11) {
		double flo = tech_loglog(m, m0, f00->fmax_ghz, m1, f10->fmax_ghz);
		double fhi = tech_loglog(m, m0, f01->fmax_ghz, m1, f11->fmax_ghz);
		v[7] = tech_loglog(n_out, o0, flo, o1, fhi);
	}
	return 0;
}

int tech_xbar_eval(const tech_table_t *t, double node_nm, int n_in, int n_out, int bits,
                   tech_figures_t *out, char *err, size_t errlen)
{
	xkey_t k = { bits };
	double n0, n1, lo, hi;
	if (n_in < 1 || n_out < 1 || !(node_nm > 0)) {
		snprintf(err, errlen, "crossbar %dx%d at %g nm: radix and node must be positive",
		         n_in, n_out, node_nm);
		return -1;
	}
	int r = bracket_nodes(t, xkey_match, &k, node_nm, &n0, &n1, &lo, &hi);
	if (r == -1) {
		snprintf(err, errlen, "no crossbar of %d-bit ports in the technology table", bits);
		return -1;
	}
	if (r == -2) {
		snprintf(err, errlen, "crossbar at %g nm: outside the table's nodes [%g, %g] nm "
		         "(no extrapolation)", node_nm, lo, hi);
		return -1;
	}
	if (!same(n0, n1)) {                        /* tech.h [L2x]: no interpolation in node */
		snprintf(err, errlen, "crossbar at %g nm: not a node of the table (it holds %g and %g "
		         "nm around it; DSENT's nodes are separate technology files, not points on a "
		         "curve, so crossbars are not interpolated between them)", node_nm, n0, n1);
		return -1;
	}
	double v[NFIG];
	if (xbar_at_node(t, bits, n0, n_in, n_out, v, err, errlen))
		return -1;
	fig_out(v, out);
	return 0;
}

int tech_cache_eval(const tech_table_t *t, tech_cell_t cell, double node_nm, double bytes,
                    int assoc, int width_bits, int ports, tech_figures_t *out,
                    char *err, size_t errlen)
{
	tech_figures_t d, g;
	if (tech_array_eval(t, cell, TECH_DATA, node_nm, bytes, assoc, width_bits, ports, &d, err, errlen) ||
	    tech_array_eval(t, cell, TECH_TAG, node_nm, bytes, assoc, width_bits, ports, &g, err, errlen))
		return -1;
	*out = d;
	out->area_mm2 += g.area_mm2;
	out->cell_mm2 += g.cell_mm2;
	out->periph_mm2 += g.periph_mm2;
	out->read_nj += g.read_nj;
	out->write_nj += g.write_nj;
	out->leak_mw += g.leak_mw;
	return 0;
}

/* Sizes the (cell, kind) series covers at node (intersection of the two bracketing nodes). */
static int array_size_range(const tech_table_t *t, const akey_t *k, double node, double *lo, double *hi)
{
	double n0, n1, nlo, nhi;
	if (bracket_nodes(t, (int (*)(const tech_point_t *, const void *))akey_match, k, node,
	                  &n0, &n1, &nlo, &nhi))
		return -1;
	double l[2] = { INFINITY, INFINITY }, h[2] = { -INFINITY, -INFINITY }, nn[2] = { n0, n1 };
	for (size_t i = 0; i < t->n; i++)
		for (int j = 0; j < 2; j++)
			if (akey_match(&t->pt[i], k) && same(t->pt[i].node_nm, nn[j])) {
				l[j] = fmin(l[j], t->pt[i].bytes);
				h[j] = fmax(h[j], t->pt[i].bytes);
			}
	*lo = fmax(l[0], l[1]);
	*hi = fmin(h[0], h[1]);
	return *lo <= *hi ? 0 : -1;
}

int tech_cache_bytes_for_area(const tech_table_t *t, tech_cell_t cell, double node_nm,
                              int assoc, int width_bits, int ports, double area_mm2,
                              double *bytes, char *err, size_t errlen)
{
	akey_t kd = { (int)cell, TECH_DATA, assoc, width_bits, ports };
	akey_t kt = { (int)cell, TECH_TAG, assoc, width_bits, ports };
	double dlo, dhi, tlo, thi;
	if (array_size_range(t, &kd, node_nm, &dlo, &dhi) || array_size_range(t, &kt, node_nm, &tlo, &thi)) {
		snprintf(err, errlen, "no %s cache (data and tag) with %d ways, %d-bit port at %g nm "
		         "in the technology table", cell_name(cell), assoc, width_bits, node_nm);
		return -1;
	}
	double lo = fmax(dlo, tlo), hi = fmin(dhi, thi);
	tech_figures_t f;
	if (tech_cache_eval(t, cell, node_nm, lo, assoc, width_bits, ports, &f, err, errlen))
		return -1;
	if (area_mm2 < f.area_mm2) {
		snprintf(err, errlen, "a %s cache in %.4g mm^2 at %g nm is smaller than the table's "
		         "smallest (%g bytes, %.4g mm^2): no extrapolation", cell_name(cell), area_mm2,
		         node_nm, lo, f.area_mm2);
		return -1;
	}
	double flo = f.area_mm2;
	if (tech_cache_eval(t, cell, node_nm, hi, assoc, width_bits, ports, &f, err, errlen))
		return -1;
	if (area_mm2 > f.area_mm2) {
		snprintf(err, errlen, "a %s cache in %.4g mm^2 at %g nm is larger than the table's "
		         "largest (%g bytes, %.4g mm^2): no extrapolation", cell_name(cell), area_mm2,
		         node_nm, hi, f.area_mm2);
		return -1;
	}
	if (flo > f.area_mm2) {
		snprintf(err, errlen, "%s cache area at %g nm falls with size in the table", cell_name(cell), node_nm);
		return -1;
	}
	double a = log(lo), b = log(hi);
	for (int it = 0; it < 200 && b - a > 1e-12; it++) {   /* tech.h [L4]: bisection on ln bytes */
		double m = 0.5 * (a + b);
		if (tech_cache_eval(t, cell, node_nm, exp(m), assoc, width_bits, ports, &f, err, errlen))
			return -1;
		if (f.area_mm2 < area_mm2)
			a = m;
		else
			b = m;
	}
	*bytes = exp(0.5 * (a + b));
	return 0;
}

/* ---- [S1] node scaling (Stillmaker and Baas 2017; tech.h) ---------------------------------- */

static const double SB_NODE[] = { 180, 130, 90, 65, 45, 32, 20, 16, 14, 10, 7 };
/* area relative to 45 nm (the paper's area scaling table) */
static const double SB_AREA[] = { 19, 6.4, 2.8, 1.5, 1, 0.46, 0.21, 0.19, 0.17, 0.1, 0.059 };
/* energy e2 V^2 + e1 V + e0 and power p2 V^2 + p1 V + p0 (HP from 45 nm down) */
static const double SB_E[][3] = {
	{ 0, 24.64, -17.98 }, { 7.171, -6.709, 2.904 }, { 4.762, -4.781, 2.092 },
	{ 3.755, -4.398, 1.975 }, { 1.018, -0.3107, 0.1539 }, { 0.8367, -0.4341, 0.1701 },
	{ 0.373, -0.1582, 0.04104 }, { 0.2958, -0.1241, 0.03024 }, { 0.2363, -0.09675, 0.02239 },
	{ 0.2068, -0.09311, 0.02375 }, { 0.1776, -0.09097, 0.02447 } };
static const double SB_P[][3] = {
	{ 0, 101000, -79720 }, { 27020, -15450, 5630 }, { 17320, -11230, 4328 },
	{ 12890, -10510, 4362 }, { 5462, -1760, 522.4 }, { 4001, -1733, 533.6 },
	{ 2922, -1286, 299.9 }, { 2133, -882.6, 197.7 }, { 1675, -711, 159 },
	{ 1456, -621.6, 143.8 }, { 1179, -515.7, 123.4 } };
enum { SB_N = (int)(sizeof SB_NODE / sizeof SB_NODE[0]) };

/* The three factors at node n (area, E(n, V), P(n, V)), log-log between the paper's nodes. */
static int sb_at(double n, double v, double out[3])
{
	for (int i = 0; i < SB_N; i++) {
		double f[2][3];
		int j = i + 1 < SB_N ? i + 1 : i;
		if (!(n <= SB_NODE[i] * (1 + 1e-9) && n >= SB_NODE[j] * (1 - 1e-9)))
			continue;
		for (int k = 0; k < 2; k++) {
			int m = k ? j : i;
			f[k][0] = SB_AREA[m];
			f[k][1] = SB_E[m][0] * v * v + SB_E[m][1] * v + SB_E[m][2];
			f[k][2] = SB_P[m][0] * v * v + SB_P[m][1] * v + SB_P[m][2];
			if (!(f[k][0] > 0 && f[k][1] > 0 && f[k][2] > 0))
				return -1;
		}
		for (int k = 0; k < 3; k++)      /* tech.h [S1]: log-log in node between the paper's */
			out[k] = tech_loglog(n, SB_NODE[i], f[0][k], SB_NODE[j], f[1][k]);
		return 0;
	}
	return -1;
}

int tech_node_scale(double from_nm, double to_nm, double vdd, tech_node_factors_t *f,
                    char *err, size_t errlen)
{
	double a[3], b[3];
	if (!(from_nm >= TECH_SB_MIN_NM && from_nm <= TECH_SB_MAX_NM && to_nm >= TECH_SB_MIN_NM &&
	      to_nm <= TECH_SB_MAX_NM)) {
		snprintf(err, errlen, "node scaling %g -> %g nm: outside Stillmaker and Baas' range "
		         "[%g, %g] nm (no extrapolation)", from_nm, to_nm, TECH_SB_MIN_NM, TECH_SB_MAX_NM);
		return -1;
	}
	if (sb_at(from_nm, vdd, a) || sb_at(to_nm, vdd, b)) {
		snprintf(err, errlen, "node scaling %g -> %g nm at %g V: a Stillmaker and Baas factor is "
		         "not positive at that supply", from_nm, to_nm, vdd);
		return -1;
	}
	f->area = b[0] / a[0];                      /* tech.h [S1] */
	f->energy = b[1] / a[1];
	f->leak = b[2] / a[2];
	return 0;
}

int tech_array_node_range(const tech_table_t *t, tech_cell_t cell, tech_kind_t kind, int assoc,
                          int width_bits, int ports, double *lo, double *hi)
{
	*lo = INFINITY; *hi = -INFINITY;
	for (size_t i = 0; i < t->n; i++)
		if (array_key(&t->pt[i], (int)cell, (int)kind, assoc, width_bits, ports)) {
			*lo = fmin(*lo, t->pt[i].node_nm);
			*hi = fmax(*hi, t->pt[i].node_nm);
		}
	return *lo <= *hi ? 0 : -1;
}

int tech_xbar_nearest_node(const tech_table_t *t, int bits, double node_nm, double *src)
{
	double best = INFINITY;
	for (size_t i = 0; i < t->n; i++) {
		const tech_point_t *p = &t->pt[i];
		if (p->kind != TECH_XBAR || p->width_bits != bits)
			continue;
		double d = fabs(log(p->node_nm / node_nm));
		if (d < best)
			best = d, *src = p->node_nm;
	}
	return isfinite(best) ? 0 : -1;
}
