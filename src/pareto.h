/*
 * pareto.h -- the non-dominated set of n points in k objectives, all to be maximised
 * (negate a minimised objective before calling).  Point a dominates b when a >= b in every
 * objective and a > b in at least one; points equal in every objective do not dominate each
 * other, so duplicates on the front are all kept.  Rows with a NaN are never on the front.
 *
 *   k == 2: sort by (f0 desc, f1 desc), one sweep keeping the running maximum of f1:
 *           O(n log n) (Kung, Luccio, Preparata 1975).
 *   k >= 3: sort lexicographically descending -- a dominating point always sorts first -- then
 *           keep a point iff no point already on the front dominates it: O(n log n + n f),
 *           f the front size.  Exact for any k.
 */
#ifndef GPUDSE_PARETO_H
#define GPUDSE_PARETO_H

#include <stddef.h>

/* v: n x k row-major.  Writes the front's row indices to idx (capacity n), in the sorted
 * order (best first objective first); returns the front size, or (size_t)-1 on allocation
 * failure. */
size_t pareto_front(const double *v, size_t n, int k, size_t *idx);

#endif
