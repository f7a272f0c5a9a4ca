/* profile_json_shape.c -- the profile's "shape" member; see profile_json_shape.h. */
#include "profiling/profile_json_shape.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "jsonutil.h"

/* A non-negative finite count at obj.key; absent leaves *out and returns 0 unless required. */
static int count(const char *file, const char *path, const cJSON *obj, const char *key, int required, double *out)
{
	return json_get_num(file, path, obj, key, required, 0, 1e300, out);
}

static int dims(const char *file, const char *path, const cJSON *obj, const char *key, long out[3])
{
	char p[128];
	snprintf(p, sizeof p, "%s.%s", path, key);
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (!v)
		return err_user("%s: %s: missing (required)", file, p);
	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 3)
		return json_type_error(file, p, "an array [x, y, z] of positive integers", v);
	for (int k = 0; k < 3; k++) {
		const cJSON *e = cJSON_GetArrayItem(v, k);
		if (!cJSON_IsNumber(e) || !(e->valuedouble >= 1 && e->valuedouble <= 2147483647.0)
		    || e->valuedouble != floor(e->valuedouble))
			return json_type_error(file, p, "an array [x, y, z] of integers in 1..2^31-1", v);
		out[k] = (long)e->valuedouble;
	}
	return 0;
}

/* An mlp histogram, [[k, groups], ...] with k in 1..SHAPE_MLP_BINS, added into out[k - 1]. */
static int mlp_hist_read(const char *file, const char *path, const cJSON *h, double *out)
{
	if (!cJSON_IsArray(h))
		return json_type_error(file, path, "an array of [loads_per_group, groups]", h);
	const cJSON *e;
	int i = 0;
	cJSON_ArrayForEach(e, h) {
		char p[96];
		snprintf(p, sizeof p, "%s[%d]", path, i++);
		const cJSON *k = cJSON_GetArrayItem(e, 0), *g = cJSON_GetArrayItem(e, 1);
		if (!cJSON_IsArray(e) || cJSON_GetArraySize(e) != 2 || !cJSON_IsNumber(k) || !cJSON_IsNumber(g)
		    || !(k->valuedouble >= 1 && k->valuedouble <= SHAPE_MLP_BINS) || k->valuedouble != floor(k->valuedouble)
		    || !(g->valuedouble >= 0) || !isfinite(g->valuedouble))
			return json_type_error(file, p, "[k, groups] with an integer k in 1..64 and groups >= 0", e);
		out[(int)k->valuedouble - 1] += g->valuedouble;
	}
	return 0;
}

/* .shape.mlp.fresh: [[b1, bg, groups], ...] (profile_shape.h), summing to the fork-join groups
 * (hist less hist_overwrite) */
static int fresh_read(const char *file, const cJSON *h, profile_shape_t *s)
{
	const char *path = ".shape.mlp.fresh";
	if (!cJSON_IsArray(h))
		return json_type_error(file, path, "an array of [b1, bg, groups]", h);
	const cJSON *e;
	int i = 0;
	double sum = 0.0;
	cJSON_ArrayForEach(e, h) {
		char p[96];
		snprintf(p, sizeof p, "%s[%d]", path, i++);
		const cJSON *b1 = cJSON_GetArrayItem(e, 0), *bg = cJSON_GetArrayItem(e, 1), *g = cJSON_GetArrayItem(e, 2);
		if (!cJSON_IsArray(e) || cJSON_GetArraySize(e) != 3 || !cJSON_IsNumber(b1) || !cJSON_IsNumber(bg)
		    || !cJSON_IsNumber(g) || !(b1->valuedouble >= 0 && b1->valuedouble < SHAPE_FRESH_BINS)
		    || !(bg->valuedouble >= 0 && bg->valuedouble < SHAPE_FRESH_BINS)
		    || b1->valuedouble != floor(b1->valuedouble) || bg->valuedouble != floor(bg->valuedouble)
		    || !(g->valuedouble >= 0) || !isfinite(g->valuedouble))
			return json_type_error(file, p, "[b1, bg, groups] with integer bins in 0..23 and groups >= 0", e);
		s->fresh[(int)b1->valuedouble][(int)bg->valuedouble] += g->valuedouble;
		sum += g->valuedouble;
	}
	double fj = 0.0;
	for (int b = 0; b < SHAPE_MLP_BINS; b++)
		fj += s->mlp_hist[b] - (s->has_mlp_over ? s->mlp_hist_over[b] : 0.0);
	if (fabs(sum - fj) > 1e-9 * fj + 1e-9)
		return err_user("%s: %s: %g groups, but hist less hist_overwrite has %g fork-join groups", file, path, sum, fj);
	s->has_fresh = 1;
	return 0;
}

/* .shape.phases and .shape.waits: [[count, insts, greq, swave, fp32, fp64, int, sfu, tensor(,
 * launch)], ...] (profile_shape.h), at most max entries, into *out (n entries); launch, when
 * present, an index into the n_launch entries of .shape.launches, else -1 */
static int intervals_read(const char *file, const char *path, const cJSON *h, size_t max, size_t n_launch,
			  size_t *n_out, shape_phase_t **out)
{
	if (!cJSON_IsArray(h))
		return json_type_error(file, path, "an array of [count, insts, greq, swave, fp32, fp64, int, sfu, tensor(, launch)]", h);
	int n = cJSON_GetArraySize(h);
	if ((size_t)n > max)
		return err_user("%s: %s: %d intervals, more than the %zu a profile records", file, path, n, max);
	if (n == 0)
		return 0;
	if (!(*out = calloc((size_t)n, sizeof **out)))
		return err_internal("%s: out of memory", file);
	const cJSON *e;
	cJSON_ArrayForEach(e, h) {
		char p[96];
		shape_phase_t *ph = &(*out)[*n_out];
		snprintf(p, sizeof p, "%s[%zu]", path, (*n_out)++);
		int len = cJSON_IsArray(e) ? cJSON_GetArraySize(e) : 0;
		if (len != 1 + SP_NCOL && len != 2 + SP_NCOL)
			return json_type_error(file, p, "an array of 9 numbers [count, insts, greq, swave, fp32, fp64, int, sfu, tensor] "
					       "and optionally a 10th, the launch entry", e);
		ph->launch = -1;
		if (len == 2 + SP_NCOL) {
			char q[112];
			snprintf(q, sizeof q, "%s[%d]", p, 1 + SP_NCOL);
			const cJSON *x = cJSON_GetArrayItem(e, 1 + SP_NCOL);
			if (!cJSON_IsNumber(x))
				return json_type_error(file, q, "a launch entry (an index into .shape.launches)", x);
			if (!(x->valuedouble >= 0) || x->valuedouble != floor(x->valuedouble) || !(x->valuedouble < (double)n_launch))
				return err_user("%s: %s: launch entry %g is not an index into the %zu entries of .shape.launches",
						file, q, x->valuedouble, n_launch);
			ph->launch = (long)x->valuedouble;
		}
		for (int c = 0; c <= SP_NCOL; c++) {
			char q[112];
			snprintf(q, sizeof q, "%s[%d]", p, c);
			const cJSON *x = cJSON_GetArrayItem(e, c);
			if (!cJSON_IsNumber(x) || !(x->valuedouble >= 0) || !isfinite(x->valuedouble) || (c == 0 && !(x->valuedouble > 0)))
				return json_type_error(file, q, c == 0 ? "a count > 0" : "a non-negative finite number", x);
			if (c == 0)
				ph->count = x->valuedouble;
			else
				ph->v[c - 1] = x->valuedouble;
		}
		double units = 0.0;
		for (int c = SP_FP32; c <= SP_TENSOR; c++)
			units += ph->v[c];
		if (units > ph->v[SP_INSTS] * (1 + 1e-12))
			return err_user("%s: %s: %g instructions on fp32..tensor exceed the interval's %g instructions", file, p,
					units, ph->v[SP_INSTS]);
	}
	return 0;
}

static int phases_read(const char *file, const cJSON *h, profile_shape_t *s)
{
	if (cJSON_IsArray(h) && !(s->bar > 0))
		return err_user("%s: .shape.phases: barrier intervals without barriers (.shape.barriers must be > 0)", file);
	if (intervals_read(file, ".shape.phases", h, SHAPE_PHASE_MAX, s->n_launch, &s->n_phase, &s->phase))
		return EXIT_USER;
	s->has_phase = 1;
	return 0;
}

static int waits_read(const char *file, const cJSON *h, profile_shape_t *s)
{
	if (intervals_read(file, ".shape.waits", h, SHAPE_WAIT_MAX, s->n_launch, &s->n_wait, &s->wait))
		return EXIT_USER;
	s->has_wait = 1;
	return 0;
}

static int load_launch(const char *file, const char *path, const cJSON *v, shape_launch_t *l)
{
	static const char *const keys[] = { "grid", "block", "regs", "smem", "count", "insts", "waves",
	                                    "warp_max", "cta_span", "wait_max", NULL };
	if (!cJSON_IsObject(v))
		return json_type_error(file, path, "an object", v);
	if (json_check_keys(file, path, v, keys))
		return EXIT_USER;
	memset(l, 0, sizeof *l);
	l->smem = -1;
	l->count = 1;
	double smem = -1;
	if (dims(file, path, v, "grid", l->grid) || dims(file, path, v, "block", l->block)
	    || json_get_int(file, path, v, "regs", 0, 0, 65536, &l->regs)
	    || json_get_num(file, path, v, "smem", 0, -1, 1 << 30, &smem)
	    || json_get_num(file, path, v, "count", 0, 1, 1e300, &l->count)
	    || count(file, path, v, "insts", 0, &l->insts) || count(file, path, v, "waves", 0, &l->waves)
	    || count(file, path, v, "warp_max", 0, &l->warp_max) || count(file, path, v, "cta_span", 0, &l->cta_span)
	    || count(file, path, v, "wait_max", 0, &l->wait_max))
		return EXIT_USER;
	if ((l->warp_max > 0) != (l->cta_span > 0) || l->warp_max > l->cta_span
	    || (l->insts > 0 && l->cta_span > l->insts))
		return err_user("%s: %s: warp_max %g and cta_span %g must both be 0 (unknown) or satisfy "
		                "0 < warp_max <= cta_span <= insts", file, path, l->warp_max, l->cta_span);
	if (l->warp_max > 0 && l->wait_max > l->warp_max)
		return err_user("%s: %s: wait_max %g exceeds warp_max %g (a warp waits at most once per instruction)", file,
				path, l->wait_max, l->warp_max);
	if (smem != floor(smem))
		return err_user("%s: %s.smem: expected an integer number of bytes (-1: unknown), got %g", file, path, smem);
	l->smem = (long)smem;
	if (l->block[0] * l->block[1] * l->block[2] > 1024 * 1024)
		return err_user("%s: %s.block: %ld threads per CTA is beyond any GPU", file, path,
				l->block[0] * l->block[1] * l->block[2]);
	return 0;
}

/* .shape.ldst: {"insts": N, "cycles": [c1, c2, c4, c8]} (profile_shape.h ldst): insts > 0,
 * each cycles[b] >= insts (an instruction takes >= 1 cycle) and non-increasing in the banks
 * (with B dividing B', a window of sectors valid as one run at B is one at B', and a sub-window of
 * a valid window is valid, so the greedy split at B' ends each run no earlier: never more runs). */
static int ldst_read(const char *file, const cJSON *x, profile_shape_t *s)
{
	static const char *const k[] = { "insts", "cycles", NULL };
	if (!cJSON_IsObject(x))
		return json_type_error(file, ".shape.ldst", "an object", x);
	if (json_check_keys(file, ".shape.ldst", x, k) || count(file, ".shape.ldst", x, "insts", 1, &s->ldst_insts))
		return EXIT_USER;
	if (!(s->ldst_insts > 0))
		return err_user("%s: .shape.ldst.insts: expected a positive number of instructions, got %g", file,
				s->ldst_insts);
	const cJSON *c = cJSON_GetObjectItemCaseSensitive(x, "cycles");
	if (!c)
		return err_user("%s: .shape.ldst.cycles: missing (required)", file);
	if (!cJSON_IsArray(c) || cJSON_GetArraySize(c) != SHAPE_LDST_NB)
		return json_type_error(file, ".shape.ldst.cycles", "an array of 4 numbers (1, 2, 4, 8 banks)", c);
	for (int b = 0; b < SHAPE_LDST_NB; b++) {
		const cJSON *e = cJSON_GetArrayItem(c, b);
		char p[40];
		snprintf(p, sizeof p, ".shape.ldst.cycles[%d]", b);
		if (!cJSON_IsNumber(e) || !(e->valuedouble >= 0) || !isfinite(e->valuedouble))
			return json_type_error(file, p, "a non-negative number", e);
		s->ldst_cycles[b] = e->valuedouble;
		if (s->ldst_cycles[b] < s->ldst_insts)
			return err_user("%s: %s: %g cycles for %g instructions (each takes at least 1)", file, p,
					s->ldst_cycles[b], s->ldst_insts);
		if (b > 0 && s->ldst_cycles[b] > s->ldst_cycles[b - 1])
			return err_user("%s: %s: %g cycles exceed the %g at half the banks (more banks never cost more)",
					file, p, s->ldst_cycles[b], s->ldst_cycles[b - 1]);
	}
	s->has_ldst = 1;
	return 0;
}

/* .shape.sharers: [[d, sectors], ...] (profile_shape.h sharers): integer d >= 1 strictly
 * ascending, sectors a positive integer count; at least one bin. */
static int sharers_read(const char *file, const cJSON *h, profile_shape_t *s)
{
	const char *path = ".shape.sharers";
	if (!cJSON_IsArray(h) || cJSON_GetArraySize(h) < 1)
		return json_type_error(file, path, "a non-empty array of [d, sectors]", h);
	int n = cJSON_GetArraySize(h);
	if (!(s->sharers = calloc((size_t)n, sizeof *s->sharers)))
		return err_internal("%s: out of memory", file);
	const cJSON *e;
	cJSON_ArrayForEach(e, h) {
		char p[64];
		snprintf(p, sizeof p, "%s[%zu]", path, s->n_sharers);
		const cJSON *d = cJSON_GetArrayItem(e, 0), *c = cJSON_GetArrayItem(e, 1);
		if (!cJSON_IsArray(e) || cJSON_GetArraySize(e) != 2 || !cJSON_IsNumber(d) || !cJSON_IsNumber(c)
		    || !(d->valuedouble >= 1 && d->valuedouble <= 1 << 20) || d->valuedouble != floor(d->valuedouble)
		    || !(c->valuedouble >= 1 && c->valuedouble <= 1e300) || c->valuedouble != floor(c->valuedouble))
			return json_type_error(file, p, "[d, sectors] with an integer d in 1..2^20 and an integer sectors >= 1", e);
		shape_sharers_t *b = &s->sharers[s->n_sharers];
		b->d = (int)d->valuedouble;
		b->sectors = c->valuedouble;
		if (s->n_sharers > 0 && b->d <= b[-1].d)
			return err_user("%s: %s: degree %d after %d (the degrees must be strictly ascending)", file, p, b->d,
					b[-1].d);
		s->n_sharers++;
	}
	s->has_sharers = 1;
	return 0;
}

int shape_json_load(const char *file, const cJSON *v, profile_shape_t *s)
{
	static const char *const keys[] = { "launches", "mix", "simd", "shared", "barriers", "phases", "waits", "atomics", "ldst",
	                                    "sharers", "mlp", "dep", NULL };
	memset(s, 0, sizeof *s);
	if (!cJSON_IsObject(v))
		return json_type_error(file, ".shape", "an object", v);
	if (json_check_keys(file, ".shape", v, keys))
		return EXIT_USER;
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(v, "launches");
	if (x) {
		if (!cJSON_IsArray(x))
			return json_type_error(file, ".shape.launches", "an array of launch objects", x);
		int n = cJSON_GetArraySize(x);
		if (n > 0 && !(s->launch = calloc((size_t)n, sizeof *s->launch)))
			return err_internal("%s: out of memory", file);
		const cJSON *e;
		cJSON_ArrayForEach(e, x) {
			char p[64];
			snprintf(p, sizeof p, ".shape.launches[%zu]", s->n_launch);
			if (load_launch(file, p, e, &s->launch[s->n_launch++]))
				return EXIT_USER;
		}
	}
	if ((x = cJSON_GetObjectItemCaseSensitive(v, "mix"))) {
		static const char *const mk[] = { "fp32", "fp64", "int", "sfu", "tensor", "ldst", "branch", "other", NULL };
		if (!cJSON_IsObject(x))
			return json_type_error(file, ".shape.mix", "an object", x);
		if (json_check_keys(file, ".shape.mix", x, mk))
			return EXIT_USER;
		for (int u = 0; u < SU_NUNIT; u++)
			if (count(file, ".shape.mix", x, shape_unit_name[u], 1, &s->unit[u]))
				return EXIT_USER;
		s->has_mix = 1;
	}
	if ((x = cJSON_GetObjectItemCaseSensitive(v, "simd"))) {
		static const char *const sk[] = { "insts", "active_lanes", NULL };
		if (!cJSON_IsObject(x))
			return json_type_error(file, ".shape.simd", "an object", x);
		if (json_check_keys(file, ".shape.simd", x, sk) || count(file, ".shape.simd", x, "insts", 1, &s->simd_insts)
		    || count(file, ".shape.simd", x, "active_lanes", 1, &s->active_lanes))
			return EXIT_USER;
		if (s->active_lanes > 32 * s->simd_insts)
			return err_user("%s: .shape.simd.active_lanes: %g exceeds 32 lanes x %g instructions", file,
					s->active_lanes, s->simd_insts);
		s->has_simd = 1;
	}
	if ((x = cJSON_GetObjectItemCaseSensitive(v, "shared"))) {
		static const char *const hk[] = { "lds", "sts", "atoms", "addr_insts", "wavefronts", NULL };
		if (!cJSON_IsObject(x))
			return json_type_error(file, ".shape.shared", "an object", x);
		if (json_check_keys(file, ".shape.shared", x, hk) || count(file, ".shape.shared", x, "lds", 1, &s->lds)
		    || count(file, ".shape.shared", x, "sts", 1, &s->sts) || count(file, ".shape.shared", x, "atoms", 1, &s->atoms)
		    || count(file, ".shape.shared", x, "addr_insts", 0, &s->shared_addr_insts)
		    || count(file, ".shape.shared", x, "wavefronts", 0, &s->shared_wavefronts))
			return EXIT_USER;
		if (s->shared_addr_insts > s->lds + s->sts + s->atoms)
			return err_user("%s: .shape.shared.addr_insts: %g exceeds the %g shared-memory instructions", file,
					s->shared_addr_insts, s->lds + s->sts + s->atoms);
		if (s->shared_wavefronts < s->shared_addr_insts || s->shared_wavefronts > 32 * 4 * s->shared_addr_insts)
			return err_user("%s: .shape.shared.wavefronts: %g is outside [addr_insts, 128 x addr_insts]", file,
					s->shared_wavefronts);
		s->has_shared = 1;
	}
	if ((x = cJSON_GetObjectItemCaseSensitive(v, "barriers"))) {
		if (!cJSON_IsNumber(x) || !(x->valuedouble >= 0) || !isfinite(x->valuedouble))
			return json_type_error(file, ".shape.barriers", "a non-negative number", x);
		s->bar = x->valuedouble;
		s->has_bar = 1;
	}
	if ((x = cJSON_GetObjectItemCaseSensitive(v, "phases")) && phases_read(file, x, s))
		return EXIT_USER;
	if ((x = cJSON_GetObjectItemCaseSensitive(v, "waits")) && waits_read(file, x, s))
		return EXIT_USER;
	if ((x = cJSON_GetObjectItemCaseSensitive(v, "atomics"))) {
		static const char *const ak[] = { "insts", "lanes", "addrs", "targets", "top", NULL };
		if (!cJSON_IsObject(x))
			return json_type_error(file, ".shape.atomics", "an object", x);
		if (json_check_keys(file, ".shape.atomics", x, ak) || count(file, ".shape.atomics", x, "insts", 1, &s->atom_insts)
		    || count(file, ".shape.atomics", x, "lanes", 1, &s->atom_lanes)
		    || count(file, ".shape.atomics", x, "addrs", 1, &s->atom_addrs)
		    || count(file, ".shape.atomics", x, "targets", 1, &s->atom_targets)
		    || count(file, ".shape.atomics", x, "top", 1, &s->atom_top))
			return EXIT_USER;
		if (s->atom_lanes > 32 * s->atom_insts || s->atom_addrs > s->atom_lanes || s->atom_targets > s->atom_addrs
		    || s->atom_top > s->atom_lanes)
			return err_user("%s: .shape.atomics: expected targets <= addrs <= lanes <= 32 x insts and top <= lanes", file);
		s->has_atom = 1;
	}
	if ((x = cJSON_GetObjectItemCaseSensitive(v, "ldst")) && ldst_read(file, x, s))
		return EXIT_USER;
	if ((x = cJSON_GetObjectItemCaseSensitive(v, "sharers")) && sharers_read(file, x, s))
		return EXIT_USER;
	if ((x = cJSON_GetObjectItemCaseSensitive(v, "mlp"))) {
		static const char *const lk[] = { "loads", "groups", "hist", "hist_overwrite", "fresh", NULL };
		if (!cJSON_IsObject(x))
			return json_type_error(file, ".shape.mlp", "an object", x);
		if (json_check_keys(file, ".shape.mlp", x, lk) || count(file, ".shape.mlp", x, "loads", 1, &s->mlp_loads)
		    || count(file, ".shape.mlp", x, "groups", 1, &s->mlp_groups))
			return EXIT_USER;
		const cJSON *h = cJSON_GetObjectItemCaseSensitive(x, "hist");
		if (!h)
			return err_user("%s: .shape.mlp.hist: missing (required)", file);
		if (mlp_hist_read(file, ".shape.mlp.hist", h, s->mlp_hist))
			return EXIT_USER;
		double groups = 0, loads = 0;
		for (int b = 0; b < SHAPE_MLP_BINS; b++) {
			groups += s->mlp_hist[b];
			loads += (b + 1) * s->mlp_hist[b];
		}
		if (fabs(groups - s->mlp_groups) > 1e-9 * groups + 1e-9)
			return err_user("%s: .shape.mlp.groups: %g does not match the histogram's %g groups", file,
					s->mlp_groups, groups);
		if (s->mlp_loads + 1e-9 * loads < loads)
			return err_user("%s: .shape.mlp.loads: %g is below the histogram's %g loads", file, s->mlp_loads, loads);
		const cJSON *ho = cJSON_GetObjectItemCaseSensitive(x, "hist_overwrite");
		if (ho) {   /* of hist's groups, those closed by an overwrite (profile_shape.h) */
			if (mlp_hist_read(file, ".shape.mlp.hist_overwrite", ho, s->mlp_hist_over))
				return EXIT_USER;
			for (int b = 0; b < SHAPE_MLP_BINS; b++)
				if (s->mlp_hist_over[b] > s->mlp_hist[b] * (1 + 1e-12))
					return err_user("%s: .shape.mlp.hist_overwrite: %g groups of %d loads closed by an overwrite, more than hist's %g",
							file, s->mlp_hist_over[b], b + 1, s->mlp_hist[b]);
			s->has_mlp_over = 1;
		}
		const cJSON *fr = cJSON_GetObjectItemCaseSensitive(x, "fresh");
		if (fr && fresh_read(file, fr, s))   /* the fork-join groups' freshest lines */
			return EXIT_USER;
		s->has_mlp = 1;
	}
	if ((x = cJSON_GetObjectItemCaseSensitive(v, "dep"))) {
		static const char *const dk[] = { "insts", "cp", NULL };
		static const char *const uk[] = { "fp32", "fp64", "int", "sfu", "tensor", "ldst", "branch", "other", NULL };
		if (!cJSON_IsObject(x))
			return json_type_error(file, ".shape.dep", "an object", x);
		if (json_check_keys(file, ".shape.dep", x, dk) || count(file, ".shape.dep", x, "insts", 1, &s->dep_insts))
			return EXIT_USER;
		const cJSON *cp = cJSON_GetObjectItemCaseSensitive(x, "cp");
		if (!cp)
			return err_user("%s: .shape.dep.cp: missing (required)", file);
		if (!cJSON_IsObject(cp))
			return json_type_error(file, ".shape.dep.cp", "an object", cp);
		if (json_check_keys(file, ".shape.dep.cp", cp, uk))
			return EXIT_USER;
		double tot = 0;
		for (int u = 0; u < SU_NUNIT; u++) {
			if (count(file, ".shape.dep.cp", cp, shape_unit_name[u], 0, &s->dep_cp[u]))
				return EXIT_USER;
			tot += s->dep_cp[u];
		}
		if (tot > s->dep_insts * (1 + 1e-9))
			return err_user("%s: .shape.dep.cp: critical paths of %g instructions exceed the %g instructions "
			                "measured (.shape.dep.insts)", file, tot, s->dep_insts);
		s->has_dep = 1;
	}
	return 0;
}

static void num(FILE *f, double x)
{
	char b[40];
	snprintf(b, sizeof b, "%.15g", x);
	if (strtod(b, NULL) != x)
		snprintf(b, sizeof b, "%.17g", x);
	fputs(b, f);
}

/* ", \"KEY\": [[k, groups], ...]" of the non-empty bins */
static void mlp_hist_write(FILE *f, const char *key, const double *hist)
{
	fprintf(f, ", \"%s\": [", key);
	int any = 0;
	for (int b = 0; b < SHAPE_MLP_BINS; b++) {
		if (!(hist[b] > 0))
			continue;
		fprintf(f, "%s[%d, ", any ? ", " : "", b + 1);
		num(f, hist[b]);
		fputc(']', f);
		any = 1;
	}
	fputc(']', f);
}

static void kv(FILE *f, const char *sep, const char *key, double x)
{
	fprintf(f, "%s\"%s\": ", sep, key);
	num(f, x);
}

/* "key": [[count, insts, greq, swave, fp32, ..., tensor(, launch)], ...] (phases, waits; the launch
 * entry where recorded) */
static void intervals_write(FILE *f, const char *sep, const char *key, const shape_phase_t *ph, size_t n)
{
	fprintf(f, "%s\"%s\": [", sep, key);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ",\n      [" : "\n      [", f);
		num(f, ph[i].count);
		for (int c = 0; c < SP_NCOL; c++) {
			fputs(", ", f);
			num(f, ph[i].v[c]);
		}
		if (ph[i].launch >= 0)
			fprintf(f, ", %ld", ph[i].launch);
		fputc(']', f);
	}
	fputc(']', f);
}

void shape_json_write(FILE *f, const profile_shape_t *s)
{
	if (!s->n_launch && !s->has_mix && !s->has_simd && !s->has_shared && !s->has_bar && !s->has_atom && !s->has_mlp
	    && !s->has_dep && !s->has_ldst && !s->has_sharers && !s->has_wait)
		return;
	fputs(",\n  \"shape\": {", f);
	const char *sep = "\n    ";
	if (s->n_launch) {
		fputs("\n    \"launches\": [", f);
		for (size_t i = 0; i < s->n_launch; i++) {
			const shape_launch_t *l = &s->launch[i];
			fprintf(f, "%s{\"grid\": [%ld, %ld, %ld], \"block\": [%ld, %ld, %ld], \"regs\": %d, \"smem\": %ld",
				i ? ",\n      " : "\n      ", l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1],
				l->block[2], l->regs, l->smem);
			kv(f, ", ", "count", l->count);
			kv(f, ", ", "insts", l->insts);
			kv(f, ", ", "waves", l->waves);
			if (l->warp_max > 0) {
				kv(f, ", ", "warp_max", l->warp_max);
				kv(f, ", ", "cta_span", l->cta_span);
			}
			if (l->wait_max > 0)
				kv(f, ", ", "wait_max", l->wait_max);
			fputc('}', f);
		}
		fputs("]", f);
		sep = ",\n    ";
	}
	if (s->has_mix) {
		fprintf(f, "%s\"mix\": {", sep);
		for (int u = 0; u < SU_NUNIT; u++)
			kv(f, u ? ", " : "", shape_unit_name[u], s->unit[u]);
		fputc('}', f);
		sep = ",\n    ";
	}
	if (s->has_simd) {
		fprintf(f, "%s\"simd\": {", sep);
		kv(f, "", "insts", s->simd_insts);
		kv(f, ", ", "active_lanes", s->active_lanes);
		fputc('}', f);
		sep = ",\n    ";
	}
	if (s->has_shared) {
		fprintf(f, "%s\"shared\": {", sep);
		kv(f, "", "lds", s->lds);
		kv(f, ", ", "sts", s->sts);
		kv(f, ", ", "atoms", s->atoms);
		kv(f, ", ", "addr_insts", s->shared_addr_insts);
		kv(f, ", ", "wavefronts", s->shared_wavefronts);
		fputc('}', f);
		sep = ",\n    ";
	}
	if (s->has_bar) {
		kv(f, sep, "barriers", s->bar);
		sep = ",\n    ";
	}
	if (s->has_phase && s->n_phase > 0) {   /* [count, insts, greq, swave, fp32, ..., tensor] */
		intervals_write(f, sep, "phases", s->phase, s->n_phase);
		sep = ",\n    ";
	}
	if (s->has_wait && s->n_wait > 0) {
		intervals_write(f, sep, "waits", s->wait, s->n_wait);
		sep = ",\n    ";
	}
	if (s->has_atom) {
		fprintf(f, "%s\"atomics\": {", sep);
		kv(f, "", "insts", s->atom_insts);
		kv(f, ", ", "lanes", s->atom_lanes);
		kv(f, ", ", "addrs", s->atom_addrs);
		kv(f, ", ", "targets", s->atom_targets);
		kv(f, ", ", "top", s->atom_top);
		fputc('}', f);
		sep = ",\n    ";
	}
	if (s->has_ldst) {   /* cycles at 1, 2, 4, 8 banks */
		fprintf(f, "%s\"ldst\": {", sep);
		kv(f, "", "insts", s->ldst_insts);
		fputs(", \"cycles\": [", f);
		for (int b = 0; b < SHAPE_LDST_NB; b++) {
			if (b)
				fputs(", ", f);
			num(f, s->ldst_cycles[b]);
		}
		fputs("]}", f);
		sep = ",\n    ";
	}
	if (s->has_sharers && s->n_sharers > 0) {   /* [[d, sectors], ...], d ascending */
		fprintf(f, "%s\"sharers\": [", sep);
		for (size_t i = 0; i < s->n_sharers; i++) {
			fprintf(f, "%s[%d, ", i ? ", " : "", s->sharers[i].d);
			num(f, s->sharers[i].sectors);
			fputc(']', f);
		}
		fputc(']', f);
		sep = ",\n    ";
	}
	if (s->has_mlp) {
		fprintf(f, "%s\"mlp\": {", sep);
		kv(f, "", "loads", s->mlp_loads);
		kv(f, ", ", "groups", s->mlp_groups);
		mlp_hist_write(f, "hist", s->mlp_hist);
		if (s->has_mlp_over)
			mlp_hist_write(f, "hist_overwrite", s->mlp_hist_over);
		if (s->has_fresh) {
			fputs(", \"fresh\": [", f);
			const char *fs = "";
			for (int b1 = 0; b1 < SHAPE_FRESH_BINS; b1++)
				for (int bg = 0; bg < SHAPE_FRESH_BINS; bg++)
					if (s->fresh[b1][bg] > 0) {
						fprintf(f, "%s[%d, %d, ", fs, b1, bg);
						num(f, s->fresh[b1][bg]);
						fputc(']', f);
						fs = ", ";
					}
			fputc(']', f);
		}
		fputc('}', f);
		sep = ",\n    ";
	}
	if (s->has_dep) {
		fprintf(f, "%s\"dep\": {", sep);
		kv(f, "", "insts", s->dep_insts);
		fputs(", \"cp\": {", f);
		int any = 0;
		for (int u = 0; u < SU_NUNIT; u++) {
			if (!(s->dep_cp[u] > 0))
				continue;
			kv(f, any ? ", " : "", shape_unit_name[u], s->dep_cp[u]);
			any = 1;
		}
		fputs("}}", f);
	}
	fputs("\n  }", f);
}
