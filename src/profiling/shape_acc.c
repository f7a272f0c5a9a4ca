/* shape_acc.c -- the launch and code-shape accumulator; see shape_acc.h. */
#include "profiling/shape_acc.h"

#include "hash64.h"
#include "profiling/ldst_rec.h"

#include <stdlib.h>
#include <string.h>

void shape_acc_init(shape_acc_t *a)
{
	memset(a, 0, sizeof *a);
	a->cur = -1;
}

void shape_acc_free(shape_acc_t *a)
{
	profile_shape_free(&a->s);
	free(a->tkey);
	free(a->tcnt);
	free(a->gkind);
	free(a->bars.tab);
	free(a->bars.idx);
	free(a->waits.tab);
	free(a->waits.idx);
	shape_acc_init(a);
}

/* Adds the longest warp of the launch just counted to its entry's warp_max. */
static void flush_warp_max(shape_acc_t *a)
{
	if (a->cur >= 0 && a->run_warp_max > 0)
		a->s.launch[a->cur].warp_max += a->run_warp_max;
	if (a->cur >= 0 && a->run_wait_max > 0)
		a->s.launch[a->cur].wait_max += a->run_wait_max;
	a->run_warp_max = 0;
	a->run_wait_max = 0;
}

void shape_acc_cta(shape_acc_t *a, double longest)
{
	if (a->cur < 0 || !(longest > 0))
		return;
	a->s.launch[a->cur].cta_span += longest;     /* sum over CTAs of the longest warp */
	if (longest > a->run_warp_max)
		a->run_warp_max = longest;
}

int shape_acc_launch(shape_acc_t *a, const long grid[3], const long block[3], int regs, long smem,
		     double waves)
{
	if (a->failed)
		return -1;
	flush_warp_max(a);
	for (size_t i = 0; i < a->s.n_launch; i++) {
		shape_launch_t *l = &a->s.launch[i];
		if (memcmp(l->grid, grid, sizeof l->grid) == 0 && memcmp(l->block, block, sizeof l->block) == 0
		    && l->regs == regs && l->smem == smem) {
			l->count += 1;
			l->waves += waves;
			a->cur = (long)i;
			return 0;
		}
	}
	if (a->s.n_launch == a->cap_launch) {
		size_t nc = a->cap_launch ? 2 * a->cap_launch : 4;
		shape_launch_t *nl = realloc(a->s.launch, nc * sizeof *nl);
		if (!nl)
			return a->failed = -1;
		a->s.launch = nl;
		a->cap_launch = nc;
	}
	shape_launch_t *l = &a->s.launch[a->s.n_launch];
	memset(l, 0, sizeof *l);
	memcpy(l->grid, grid, sizeof l->grid);
	memcpy(l->block, block, sizeof l->block);
	l->regs = regs;
	l->smem = smem;
	l->count = 1;
	l->waves = waves;
	a->cur = (long)a->s.n_launch++;
	return 0;
}

/* Base opcodes and their units, sorted by name: Accel-Sim gpu-simulator/ISA_Def/ampere_opcode.h
 * (SP_OP fp32, DP_OP fp64, INTP_OP/ALU_OP int, SFU_OP sfu, SPECIALIZED_UNIT_3_OP tensor,
 * LOAD_OP/STORE_OP ldst, SPECIALIZED_UNIT_1_OP/EXIT_OPS branch; BARRIER_OP, MEMORY_BARRIER_OP,
 * the uniform datapath and texture: other).  Volta/Turing names absent from Ampere's map
 * (IADD, SHL, ...) are there too with the unit their Volta map gives. */
static const struct { const char *op; unsigned char u; } optab[] = {
	{ "ATOM", SU_LDST }, { "ATOMG", SU_LDST }, { "ATOMS", SU_LDST }, { "B2R", SU_INT },
	{ "BAR", SU_OTHER }, { "BMMA", SU_TENSOR }, { "BMOV", SU_BRANCH }, { "BMSK", SU_INT },
	{ "BPT", SU_BRANCH }, { "BRA", SU_BRANCH }, { "BREAK", SU_BRANCH }, { "BREV", SU_INT },
	{ "BRX", SU_BRANCH }, { "BRXU", SU_BRANCH }, { "BSSY", SU_BRANCH }, { "BSYNC", SU_BRANCH },
	{ "CALL", SU_BRANCH }, { "CS2R", SU_INT }, { "DADD", SU_FP64 }, { "DEPBAR", SU_INT },
	{ "DFMA", SU_FP64 }, { "DMMA", SU_TENSOR }, { "DMNMX", SU_FP64 }, { "DMUL", SU_FP64 },
	{ "DSET", SU_FP64 }, { "DSETP", SU_FP64 }, { "EXIT", SU_BRANCH }, { "F2F", SU_INT },
	{ "F2FP", SU_INT }, { "F2I", SU_INT }, { "FADD", SU_FP32 }, { "FADD32I", SU_FP32 },
	{ "FCHK", SU_FP32 }, { "FFMA", SU_FP32 }, { "FFMA32I", SU_FP32 }, { "FLO", SU_INT },
	{ "FMNMX", SU_FP32 }, { "FMUL", SU_FP32 }, { "FMUL32I", SU_FP32 }, { "FRND", SU_INT },
	{ "FSEL", SU_FP32 }, { "FSET", SU_FP32 }, { "FSETP", SU_FP32 }, { "FSWZADD", SU_FP32 },
	{ "HADD2", SU_FP32 }, { "HADD2_32I", SU_FP32 }, { "HFMA2", SU_FP32 }, { "HFMA2_32I", SU_FP32 },
	{ "HGMMA", SU_TENSOR }, { "HMMA", SU_TENSOR }, { "HMNMX2", SU_FP32 }, { "HMUL2", SU_FP32 },
	{ "HMUL2_32I", SU_FP32 }, { "HSET2", SU_FP32 }, { "HSETP2", SU_FP32 }, { "I2F", SU_INT },
	{ "I2FP", SU_INT }, { "I2I", SU_INT }, { "I2IP", SU_INT }, { "IABS", SU_INT },
	{ "IADD", SU_INT }, { "IADD3", SU_INT }, { "IADD32I", SU_INT }, { "IDP", SU_INT },
	{ "IDP4A", SU_INT }, { "IMAD", SU_INT }, { "IMMA", SU_TENSOR }, { "IMNMX", SU_INT },
	{ "IMUL", SU_INT }, { "IMUL32I", SU_INT }, { "ISCADD", SU_INT }, { "ISCADD32I", SU_INT },
	{ "ISETP", SU_INT }, { "JMP", SU_BRANCH }, { "JMX", SU_BRANCH }, { "JMXU", SU_BRANCH },
	{ "KILL", SU_BRANCH }, { "LD", SU_LDST }, { "LDC", SU_INT }, { "LDG", SU_LDST },
	{ "LDGSTS", SU_LDST }, { "LDL", SU_LDST }, { "LDS", SU_LDST }, { "LDSM", SU_LDST },
	{ "LEA", SU_INT }, { "LOP", SU_INT }, { "LOP3", SU_INT }, { "LOP32I", SU_INT },
	{ "MATCH", SU_INT }, { "MEMBAR", SU_OTHER }, { "MOV", SU_INT }, { "MOV32I", SU_INT },
	{ "MOVM", SU_INT }, { "MUFU", SU_SFU }, { "NANOSLEEP", SU_BRANCH }, { "NOP", SU_INT },
	{ "P2R", SU_INT }, { "PLOP3", SU_INT }, { "POPC", SU_INT }, { "PRMT", SU_INT },
	{ "PSETP", SU_INT }, { "R2P", SU_INT }, { "RED", SU_LDST }, { "RET", SU_BRANCH },
	{ "S2R", SU_INT }, { "SEL", SU_INT }, { "SGXT", SU_INT }, { "SHF", SU_INT },
	{ "SHFL", SU_INT }, { "SHL", SU_INT }, { "SHR", SU_INT }, { "ST", SU_LDST },
	{ "STG", SU_LDST }, { "STL", SU_LDST }, { "STS", SU_LDST }, { "VABSDIFF", SU_INT },
	{ "VABSDIFF4", SU_INT }, { "VOTE", SU_INT }, { "WARPSYNC", SU_BRANCH }, { "YIELD", SU_BRANCH },
};

static int optab_cmp(const void *k, const void *e)
{
	const char *key = k;
	const char *op = *(const char *const *)e;
	return strcmp(key, op);
}

enum shape_unit shape_opcode_unit(const char *opcode)
{
	char base[24];
	size_t n = strcspn(opcode, ".");
	if (n == 0 || n >= sizeof base)
		return SU_OTHER;
	memcpy(base, opcode, n);
	base[n] = '\0';
	const void *e = bsearch(base, optab, sizeof optab / sizeof optab[0], sizeof optab[0], optab_cmp);
	return e ? (enum shape_unit)((const __typeof__(optab[0]) *)e)->u : SU_OTHER;
}

static void count_launch(shape_acc_t *a, double n)
{
	if (a->cur >= 0)
		a->s.launch[a->cur].insts += n;
}

void shape_acc_insts(shape_acc_t *a, enum shape_unit unit, double n, double lanes)
{
	a->s.has_mix = 1;
	a->s.unit[unit] += n;
	count_launch(a, n);
	if (lanes >= 0) {
		a->s.has_simd = 1;
		a->s.simd_insts += n;
		a->s.active_lanes += lanes;
	}
}

void shape_acc_bar(shape_acc_t *a, double n)
{
	a->s.has_bar = 1;
	a->s.bar += n;
}

int shape_bank_degree(uint32_t mask, const uint64_t *addr, int width)
{
	/* distinct 4 B words per bank; a lane's (at most 4) words fall in consecutive banks, so
	 * a bank holds at most 32 distinct words: per-bank lists, searched only within a bank */
	uint64_t word[32][32];
	int nb[32] = { 0 }, deg = 0, words = width > 4 ? (width + 3) / 4 : 1;
	if (words > 4)
		words = 4;
	for (int l = 0; l < 32; l++) {
		if (!(mask >> l & 1))
			continue;
		for (int k = 0; k < words; k++) {
			uint64_t w = (addr[l] >> 2) + (uint64_t)k;
			int b = (int)(w & 31), i = 0;
			while (i < nb[b] && word[b][i] != w)
				i++;
			if (i == nb[b]) {
				word[b][nb[b]++] = w;
				if (nb[b] > deg)
					deg = nb[b];
			}
		}
	}
	return deg;
}

int shape_acc_shared(shape_acc_t *a, int kind, uint32_t mask, const uint64_t *addr, int width, int ways)
{
	a->s.has_shared = 1;
	if (kind == 0)
		a->s.lds += 1;
	else if (kind == 1)
		a->s.sts += 1;
	else
		a->s.atoms += 1;
	int deg = ways;
	if (addr && kind == 2) {          /* atomics serialise per lane, also on one address */
		int per_bank[32] = { 0 };
		deg = 0;
		for (int l = 0; l < 32; l++)
			if ((mask >> l & 1) && ++per_bank[(addr[l] >> 2) & 31] > deg)
				deg = per_bank[(addr[l] >> 2) & 31];
	} else if (addr) {
		deg = mask ? shape_bank_degree(mask, addr, width) : 0;
	}
	if (deg > 0) {
		a->s.shared_addr_insts += 1;
		a->s.shared_wavefronts += deg;
	}
	return deg > 0 ? deg : 0;
}


/* Lane operations on target addr + 1 (key), counting distinct targets. */
static int target_add(shape_acc_t *a, uint64_t key, double ops)
{
	if (2 * (a->tused + 1) > a->tcap) {
		size_t nc = a->tcap ? 2 * a->tcap : 256;
		uint64_t *nk = calloc(nc, sizeof *nk);
		double *ncnt = calloc(nc, sizeof *ncnt);
		if (!nk || !ncnt) {
			free(nk);
			free(ncnt);
			return -1;
		}
		for (size_t i = 0; i < a->tcap; i++) {
			if (!a->tkey[i])
				continue;
			size_t j = hash64_fmix(a->tkey[i]) & (nc - 1);
			while (nk[j])
				j = (j + 1) & (nc - 1);
			nk[j] = a->tkey[i];
			ncnt[j] = a->tcnt[i];
		}
		free(a->tkey);
		free(a->tcnt);
		a->tkey = nk;
		a->tcnt = ncnt;
		a->tcap = nc;
	}
	size_t j = hash64_fmix(key) & (a->tcap - 1);
	while (a->tkey[j] && a->tkey[j] != key)
		j = (j + 1) & (a->tcap - 1);
	if (!a->tkey[j]) {
		a->tkey[j] = key;
		a->tused++;
	}
	a->tcnt[j] += ops;
	if (a->tcnt[j] > a->s.atom_top)
		a->s.atom_top = a->tcnt[j];
	return 0;
}

int shape_acc_atomic(shape_acc_t *a, uint32_t mask, const uint64_t *addr)
{
	if (a->failed)
		return -1;
	a->s.has_atom = 1;
	a->s.atom_insts += 1;
	uint64_t d[32];
	int nd = 0;
	for (int l = 0; l < 32; l++) {
		if (!(mask >> l & 1))
			continue;
		a->s.atom_lanes += 1;
		int i = 0;
		while (i < nd && d[i] != addr[l])
			i++;
		if (i == nd)
			d[nd++] = addr[l];
	}
	a->s.atom_addrs += nd;
	for (int i = 0; i < nd; i++) {
		double ops = 0;
		for (int l = 0; l < 32; l++)
			ops += (mask >> l & 1) && addr[l] == d[i];
		if (target_add(a, d[i] + 1, ops))
			return a->failed = -1;
	}
	a->s.atom_targets = (double)a->tused;
	return 0;
}

static int reg_pending(const shape_warp_t *w, int r)
{
	return r >= 0 && r < 256 && (w->pend[r >> 6] >> (r & 63) & 1);
}

/* over: closed by an instruction that overwrites one of the group's destinations without
 * reading any (profile_shape.h, hist_overwrite) */
static void close_group(shape_acc_t *a, shape_warp_t *w, int over)
{
	if (w->n > 0) {
		w->waits_n += 1;
		int b = w->n < SHAPE_MLP_BINS ? w->n - 1 : SHAPE_MLP_BINS - 1;
		a->s.mlp_hist[b] += 1;
		if (over)
			a->s.mlp_hist_over[b] += 1;
		a->s.mlp_groups += 1;
		a->s.mlp_loads += w->n;
		if (a->fresh_external) {                /* ages later: remember how it closed */
			if (w->gseq > 0 && w->gseq <= a->gcap)
				a->gkind[w->gseq - 1] = over ? 2 : 1;
		} else if (!over) {                     /* a fork-join group: its freshest line */
			if (w->aged == w->n && w->n > 0) {
				a->s.fresh[shape_fresh_bin((double)w->fresh1)][shape_fresh_bin((double)w->freshg)] += 1;
				a->s.has_fresh = 1;
			} else {
				a->fresh_missing = 1;
			}
		}
	}
	memset(w->pend, 0, sizeof w->pend);
	w->n = 0;
	w->aged = 0;
	w->gseq = 0;
}

void shape_acc_track_groups(shape_acc_t *a)
{
	a->fresh_external = 1;
}

uint64_t shape_warp_group(const shape_warp_t *w)
{
	return w->n > 0 ? w->gseq : 0;
}

int shape_acc_group_kind(const shape_acc_t *a, uint64_t gseq)
{
	return gseq > 0 && gseq <= a->gnext && gseq <= a->gcap ? a->gkind[gseq - 1] : 0;
}

void shape_acc_fresh_group(shape_acc_t *a, uint64_t age_1, uint64_t age_g)
{
	a->s.fresh[shape_fresh_bin((double)age_1)][shape_fresh_bin((double)age_g)] += 1;
	a->s.has_fresh = 1;
}

void shape_warp_load_ages(shape_warp_t *w, uint64_t age_1, uint64_t age_g)
{
	if (w->n < 1)
		return;
	if (w->aged == 0 || age_1 < w->fresh1)
		w->fresh1 = age_1;
	if (w->aged == 0 || age_g < w->freshg)
		w->freshg = age_g;
	w->aged++;
}

static unsigned path_len(const uint16_t *v)
{
	unsigned s = 0;
	for (int u = 0; u < SHAPE_DEP_UNITS; u++)
		s += v[u];
	return s;
}

void shape_warp_dep(shape_acc_t *a, shape_warp_t *w, enum shape_unit unit, int is_mem, const int *dst,
		    int ndst, int regs_per_dst, const int *src, int nsrc)
{
	a->s.has_dep = 1;
	w->insts += 1;
	/* the longest chain feeding this instruction (by instruction count) */
	const uint16_t *best = NULL;
	unsigned blen = 0;
	for (int i = 0; i < nsrc; i++) {
		int r = src[i];
		if (r < 0 || r >= 255)
			continue;
		unsigned l = path_len(w->depth[r]);
		if (!best || l > blen) {
			blen = l;
			best = w->depth[r];
		}
	}
	uint16_t v[SHAPE_DEP_UNITS];
	for (int u = 0; u < SHAPE_DEP_UNITS; u++)
		v[u] = best && !is_mem ? best[u] : 0;   /* a load's value starts a new chain */
	if (!is_mem && (int)unit < SHAPE_DEP_UNITS && v[unit] < UINT16_MAX)
		v[unit]++;                              /* this instruction extends the chain */
	if (path_len(v) > path_len(w->cp))
		memcpy(w->cp, v, sizeof v);
	for (int i = 0; i < ndst; i++)
		for (int k = 0; k < (regs_per_dst > 0 ? regs_per_dst : 1); k++) {
			int r = dst[i] + k;
			if (r >= 0 && r < 255)
				memcpy(w->depth[r], v, sizeof v);
		}
}

void shape_warp_inst(shape_acc_t *a, shape_warp_t *w, int is_load, const int *dst, int ndst,
		     int regs_per_dst, const int *src, int nsrc)
{
	a->s.has_mlp = 1;
	a->s.has_mlp_over = 1;
	int read = 0, over = 0;
	for (int i = 0; i < nsrc && !read; i++)
		read = reg_pending(w, src[i]);
	for (int i = 0; i < ndst && !read && !over; i++)   /* a write after the load's write waits too */
		for (int k = 0; k < (regs_per_dst > 0 ? regs_per_dst : 1) && !over; k++)
			over = reg_pending(w, dst[i] + k);
	if ((read || over) && w->n > 0)
		w->wcut = 1;                            /* the warp waits here: a new wait interval */
	if (read || over)
		close_group(a, w, !read);               /* the first use: the group's loads were in flight */
	if (!is_load)
		return;
	if (w->n == 0 && a->fresh_external) {   /* a new group: its number, open until it closes */
		if (a->gnext == a->gcap) {
			uint64_t cap = a->gcap ? 2 * a->gcap : 1024;
			uint8_t *k = realloc(a->gkind, cap);
			if (!k) {
				a->failed = 1;
				return;
			}
			a->gkind = k;
			a->gcap = cap;
		}
		a->gkind[a->gnext++] = 0;
		w->gseq = a->gnext;
	}
	w->n++;
	for (int i = 0; i < ndst; i++)
		for (int k = 0; k < (regs_per_dst > 0 ? regs_per_dst : 1); k++) {
			int r = dst[i] + k;
			if (r >= 0 && r < 255)          /* R255 = RZ */
				w->pend[r >> 6] |= 1ULL << (r & 63);
		}
}

/* ---------------------------------------------------------------- barrier intervals */

_Static_assert(SP_TENSOR - SP_FP32 == SU_TENSOR - SU_FP32, "phase unit columns follow the units");
_Static_assert(SHAPE_WAIT_MAX >= SHAPE_PHASE_MAX && 2 * SHAPE_WAIT_MAX < 65536, "interval index entries are 16-bit");

static uint64_t phase_hash(const double *v, long launch)
{
	uint64_t h = hash64_fmix((uint64_t)launch + 0x2545f4914f6cdd1dULL);
	for (int c = 0; c < SP_NCOL; c++) {
		uint64_t b;
		memcpy(&b, &v[c], sizeof b);
		h = hash64_fmix(h ^ (b + 0x9e3779b97f4a7c15ULL * (uint64_t)(c + 1)));
	}
	return h;
}

static int phase_same(const double *x, const double *y)
{
	for (int c = 0; c < SP_NCOL; c++)
		if (x[c] != y[c])
			return 0;
	return 1;
}

/* A closed interval v (when it has instructions): the count + 1 of its vector in the current
 * launch entry (a->cur) in table t of at most max entries (a new entry when first seen; the
 * index has 2 max slots, at most half full); v is reset. */
static void phase_close(shape_acc_t *a, shape_phase_tab_t *t, size_t max, double *v)
{
	size_t cap = 2 * max;
	if (!(v[SP_INSTS] > 0))
		return;
	if (!t->over && !t->tab) {
		t->tab = malloc(max * sizeof *t->tab);
		t->idx = calloc(cap, sizeof *t->idx);
		if (!t->tab || !t->idx) {
			a->failed = 1;
			t->over = 1;
		}
	}
	if (!t->over) {
		size_t j = phase_hash(v, a->cur) & (cap - 1);
		while (t->idx[j] && !(t->tab[t->idx[j] - 1].launch == a->cur && phase_same(t->tab[t->idx[j] - 1].v, v)))
			j = (j + 1) & (cap - 1);
		if (t->idx[j]) {
			t->tab[t->idx[j] - 1].count += 1;
		} else if (t->n < max) {
			shape_phase_t *e = &t->tab[t->n++];
			e->count = 1;
			memcpy(e->v, v, sizeof e->v);
			e->launch = a->cur;             /* one row per vector and launch entry */
			t->idx[j] = (uint16_t)t->n;
		} else {                                /* too many distinct: dropped, not truncated */
			t->over = 1;
			free(t->tab);
			free(t->idx);
			t->tab = NULL;
			t->idx = NULL;
			t->n = 0;
		}
	}
	memset(v, 0, SP_NCOL * sizeof *v);
}

void shape_warp_phase(shape_acc_t *a, shape_warp_t *w, enum shape_unit unit, double n, double greq,
		      double swave, int flags)
{
	int bar = flags & SHAPE_PH_BAR, gmem = !!(flags & SHAPE_PH_GMEM);
	/* a new wait interval: this instruction waits for its loads, or is the first of a run of
	 * global memory instructions (profile_shape.h waits) */
	if (w->wcut || (gmem && !w->gmem_last))
		phase_close(a, &a->waits, SHAPE_WAIT_MAX, w->wv);
	w->wcut = 0;
	w->gmem_last = gmem;
	double *vs[2] = { w->pv, w->wv };
	for (int k = 0; k < 2; k++) {
		double *v = vs[k];
		v[SP_INSTS] += n;
		v[SP_GREQ] += greq;
		v[SP_SWAVE] += swave;
		if ((int)unit >= SU_FP32 && (int)unit <= SU_TENSOR)   /* SP_FP32..SP_TENSOR follow SU_FP32..SU_TENSOR */
			v[SP_FP32 + (int)unit - SU_FP32] += n;
	}
	if (bar) {
		phase_close(a, &a->bars, SHAPE_PHASE_MAX, w->pv);
		phase_close(a, &a->waits, SHAPE_WAIT_MAX, w->wv);
	}
}

void shape_warp_phase_greq(shape_warp_t *w, double greq)
{
	w->pv[SP_GREQ] += greq;
	w->wv[SP_GREQ] += greq;
}

/* Sorted order of the phases: count descending, then the vector ascending (lexicographically). */
static int phase_cmp(const void *x, const void *y)
{
	const shape_phase_t *p = x, *q = y;
	if (p->count != q->count)
		return p->count > q->count ? -1 : 1;
	for (int c = 0; c < SP_NCOL; c++)
		if (p->v[c] != q->v[c])
			return p->v[c] < q->v[c] ? -1 : 1;
	if (p->launch != q->launch)
		return p->launch < q->launch ? -1 : 1;
	return 0;
}

/* The table's entries, sorted (phase_cmp), moved to *out (n of them): 1; 0 when it has none or
 * overflowed (not recorded). */
static int tab_take(shape_phase_tab_t *t, shape_phase_t **out, size_t *n)
{
	if (t->over || t->n == 0)
		return 0;
	qsort(t->tab, t->n, sizeof *t->tab, phase_cmp);
	shape_phase_t *r = realloc(t->tab, t->n * sizeof *r);
	*out = r ? r : t->tab;
	*n = t->n;
	t->tab = NULL;
	return 1;
}

void shape_warp_end(shape_acc_t *a, shape_warp_t *w)
{
	phase_close(a, &a->bars, SHAPE_PHASE_MAX, w->pv);   /* the warp's last intervals */
	phase_close(a, &a->waits, SHAPE_WAIT_MAX, w->wv);
	close_group(a, w, 0);                           /* the warp exits when its loads are back */
	if (w->waits_n > a->run_wait_max)               /* the launch's wait_max */
		a->run_wait_max = w->waits_n;
	if (w->insts > 0) {                             /* the warp's critical path (dep) */
		a->s.dep_insts += w->insts;
		for (int u = 0; u < SHAPE_DEP_UNITS; u++)
			a->s.dep_cp[u] += w->cp[u];
	}
	memset(w, 0, sizeof *w);
}

void shape_acc_ldst(shape_acc_t *a, uint32_t mask, const uint64_t *addr, int width)
{
	int c[SHAPE_LDST_NB];
	if (!mask)
		return;
	if (ldst_rec_cycles_all(mask, addr, width, c) < 0) {
		a->ldst_bad = 1;
		return;
	}
	a->s.has_ldst = 1;
	a->s.ldst_insts += 1;
	for (int b = 0; b < SHAPE_LDST_NB; b++)
		a->s.ldst_cycles[b] += c[b];
}

int shape_acc_finish(shape_acc_t *a, profile_shape_t *out)
{
	if (a->failed)
		return -1;
	flush_warp_max(a);
	if (a->fresh_missing) {                         /* not every fork-join group: none */
		a->s.has_fresh = 0;
		memset(a->s.fresh, 0, sizeof a->s.fresh);
	}
	if (a->ldst_bad) {                              /* an instruction not recorded: none */
		a->s.has_ldst = 0;
		a->s.ldst_insts = 0;
		memset(a->s.ldst_cycles, 0, sizeof a->s.ldst_cycles);
	}
	if (a->s.has_bar && a->s.bar > 0)                          /* only with barriers */
		a->s.has_phase = tab_take(&a->bars, &a->s.phase, &a->s.n_phase);
	if (a->s.has_mlp)                                          /* only where the loads' uses are seen */
		a->s.has_wait = tab_take(&a->waits, &a->s.wait, &a->s.n_wait);
	free(a->bars.tab);
	free(a->bars.idx);
	free(a->waits.tab);
	free(a->waits.idx);
	memset(&a->bars, 0, sizeof a->bars);
	memset(&a->waits, 0, sizeof a->waits);
	a->ldst_bad = 0;
	*out = a->s;
	memset(&a->s, 0, sizeof a->s);
	a->cap_launch = 0;
	a->cur = -1;
	return 0;
}
