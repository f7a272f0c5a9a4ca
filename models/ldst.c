/*
 * ldst.c -- expected L1 access-stage cycles per warp memory instruction (models/ldst.h).
 */
#include "ldst.h"

#include <math.h>

double ldst_sector_packets(double bytes_per_req, int sector_bytes)
{
	double n = sector_bytes > 0 ? bytes_per_req / sector_bytes : 1.0;   /* ldst.h: MISS PACKETS */
	return n < 1.0 ? 1.0 : n;
}

int ldst_shape_ok(int banks, int line_pos)
{
	if (banks < 1 || banks > LDST_MAX_BANKS || line_pos < 1 || line_pos > LDST_MAX_POS)
		return 0;
	return line_pos % banks == 0 || banks % line_pos == 0;
}

/* One line's s sectors (run length l, start position t, line phase u) applied to every state of
 * the chain: p[mask] = probability that the current run holds the banks in mask; returns the
 * expected breaks (new cycles) this line adds; q receives the next distribution (ldst.h: the
 * greedy rule, sectors in descending address order). */
static double step_line(const double *p, double *q, int nstates, int l, int t, int u, int banks,
			int line_pos, double w)
{
	double brk = 0.0;
	for (int mask = 0; mask < nstates; mask++) {
		if (p[mask] == 0.0)
			continue;
		int m = mask, n = __builtin_popcount((unsigned)mask), b_here = 0;
		for (int pos = t + l - 1; pos >= t; pos--) {
			int b = (pos + line_pos * u) % banks;      /* ldst.h: bank of a sector position */
			if (m != 0 && ((m >> b & 1) || n == banks)) {   /* ldst.h: C(seq), a new cycle */
				b_here++;
				m = 0;
				n = 0;
			}
			m |= 1 << b;
			n++;
		}
		brk += w * p[mask] * b_here;
		q[m] += w * p[mask];
	}
	return brk;
}

double ldst_access_cycles(double lines, double sectors_per_line, int banks, int line_pos)
{
	double L = lines < 1.0 ? 1.0 : lines;
	double s = sectors_per_line;
	if (s < 1.0)
		s = 1.0;
	if (s > line_pos)
		s = line_pos;
	int lo = (int)floor(s);
	double f = s - lo;                       /* ldst.h: floor(s) + 1 with probability f */
	int nlen = (f > 0.0 && lo < line_pos) ? 2 : 1;
	int phases = banks > line_pos ? banks / line_pos : 1;
	int nstates = 1 << banks;

	double p[1 << LDST_MAX_BANKS] = { 0 }, q[1 << LDST_MAX_BANKS];
	p[0] = 1.0;
	int n_lines = (int)ceil(L);
	if (n_lines > LDST_MAX_LINES)
		n_lines = LDST_MAX_LINES;
	double e = 1.0, e_prev = 1.0, inc = 0.0;     /* E[C] after k lines; the first cycle counted */
	for (int k = 1; k <= n_lines; k++) {
		for (int i = 0; i < nstates; i++)
			q[i] = 0.0;
		double brk = 0.0;
		for (int li = 0; li < nlen; li++) {
			int l = lo + li;
			double wl = nlen == 1 ? 1.0 : (li == 0 ? 1.0 - f : f);
			int starts = line_pos - l + 1;  /* ldst.h: uniform feasible start, uniform phase */
			double w = wl / (double)(starts * phases);
			for (int t = 0; t < starts; t++)
				for (int u = 0; u < phases; u++)
					brk += step_line(p, q, nstates, l, t, u, banks, line_pos, w);
		}
		for (int i = 0; i < nstates; i++)
			p[i] = q[i];
		e_prev = e;
		e += brk;
		inc = brk;
	}
	if (L <= (double)n_lines && n_lines == (int)ceil(L)) /* ldst.h: linear between floor and ceil */
		return (double)n_lines == L ? e : e_prev + (L - (n_lines - 1)) * (e - e_prev);
	return e + (L - n_lines) * inc;              /* ldst.h: beyond LDST_MAX_LINES, stationary rate */
}
