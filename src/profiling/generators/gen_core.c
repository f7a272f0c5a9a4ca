/*
 * gen_core.c -- the machinery shared by every generator (see gen.h for the order it
 * implements): CTA -> SM round-robin assignment, loose-round-robin or greedy-then-oldest warp
 * interleaving,
 * coalescing into 128 B lines and 32 B sectors, instruction/register/tensor records, and the
 * DC-L1 replication-ratio simulator behind `gpudse trace --stats`.
 */
#include "profiling/generators/gen.h"
#include "profiling/generators/gen_synth.h"
#include "profiling/fresh_age.h"
#include "profiling/uniq_u64.h"

#include "bdi.h"
#include "hash64.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- kernel table */

static const gen_kernel_t *const suites[] = {
	gen_polybench, gen_rodinia, gen_parboil, gen_graph, gen_dnn, gen_deepbench, gen_cudasdk, NULL
};

const gen_kernel_t *gen_kernel_at(int i)
{
	for (int s = 0; suites[s]; s++)
		for (const gen_kernel_t *k = suites[s]; k->name; k++)
			if (i-- == 0)
				return k;
	return NULL;
}

const gen_kernel_t *gen_find(const char *name)
{
	const gen_kernel_t *k;
	for (int i = 0; (k = gen_kernel_at(i)) != NULL; i++)
		if (strcmp(k->name, name) == 0)
			return k;
	return NULL;
}

/* ---------------------------------------------------------------- L1 replication simulator */

#define L1_SETS 32   /* 16 KiB / 128 B / 4 ways: DC-L1 Table II baseline */
#define L1_WAYS 4

typedef struct l1sim {
	int n_sm;
	uint64_t *tag;          /* n_sm * SETS * WAYS; line+1, 0 = empty */
	uint32_t *age;          /* LRU stamps */
	uint32_t clock;
	/* open-addressing map line -> number of L1s holding it */
	uint64_t *key;          /* line+1, 0 = empty slot */
	int *cnt;
	size_t cap, used;
} l1sim_t;

static size_t h64(uint64_t x)
{
	return (size_t)hash64_fmix(x);
}

static int *holders(l1sim_t *s, uint64_t line)
{
	if (2 * (s->used + 1) > s->cap) {
		size_t ncap = s->cap ? 2 * s->cap : 1 << 16;
		uint64_t *nk = calloc(ncap, sizeof *nk);
		int *nc = calloc(ncap, sizeof *nc);
		if (!nk || !nc) { free(nk); free(nc); return NULL; }
		for (size_t i = 0; i < s->cap; i++) {
			if (!s->key[i])
				continue;
			size_t j = h64(s->key[i]) & (ncap - 1);
			while (nk[j])
				j = (j + 1) & (ncap - 1);
			nk[j] = s->key[i];
			nc[j] = s->cnt[i];
		}
		free(s->key); free(s->cnt);
		s->key = nk; s->cnt = nc; s->cap = ncap;
	}
	size_t j = h64(line + 1) & (s->cap - 1);
	while (s->key[j] && s->key[j] != line + 1)
		j = (j + 1) & (s->cap - 1);
	if (!s->key[j]) {
		s->key[j] = line + 1;
		s->used++;
	}
	return &s->cnt[j];
}

static void l1sim_free(l1sim_t *s)
{
	if (!s)
		return;
	free(s->tag); free(s->age); free(s->key); free(s->cnt);
	free(s);
}

static l1sim_t *l1sim_alloc(int n_sm)
{
	l1sim_t *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->n_sm = n_sm;
	s->tag = calloc((size_t)n_sm * L1_SETS * L1_WAYS, sizeof *s->tag);
	s->age = calloc((size_t)n_sm * L1_SETS * L1_WAYS, sizeof *s->age);
	if (!s->tag || !s->age) {
		l1sim_free(s);
		return NULL;
	}
	return s;
}

/* One line request of SM `sm`; updates the statistics.  -1 on out of memory. */
static int l1sim_access(l1sim_t *s, gen_stats_t *st, int sm, int write, uint64_t line)
{
	size_t set = (size_t)sm * L1_SETS + (line % L1_SETS);
	uint64_t *t = s->tag + set * L1_WAYS;
	uint32_t *a = s->age + set * L1_WAYS;
	int way = -1;
	for (int i = 0; i < L1_WAYS; i++)
		if (t[i] == line + 1)
			way = i;
	if (write) {            /* write-evict, no write allocate */
		if (way >= 0) {
			int *c = holders(s, line);
			if (!c)
				return -1;
			(*c)--;
			t[way] = 0;
		}
		return 0;
	}
	st->l1_reads++;
	if (way >= 0) {
		a[way] = ++s->clock;
		return 0;
	}
	st->l1_read_misses++;
	int *c = holders(s, line);
	if (!c)
		return -1;
	if (*c > 0)
		st->l1_repl_misses++;   /* [DC-L1 §II-A]: a miss found in another L1 */
	int victim = 0;
	for (int i = 0; i < L1_WAYS; i++) {
		if (!t[i]) { victim = i; break; }
		if (a[i] < a[victim])
			victim = i;
	}
	if (t[victim]) {
		int *vc = holders(s, t[victim] - 1);
		if (!vc)
			return -1;
		(*vc)--;
		c = holders(s, line);    /* the map may have grown */
		if (!c)
			return -1;
	}
	(*c)++;
	t[victim] = line + 1;
	a[victim] = ++s->clock;
	return 0;
}

/* ---------------------------------------------------------------- run state */

int gen_init(gen_t *g, const gen_opts_t *o, const gen_sink_t *sink)
{
	memset(g, 0, sizeof *g);
	g->o = *o;
	if (sink)
		g->sink = *sink;
	g->rng = gsl_rng_alloc(gsl_rng_mt19937);
	if (!g->rng)
		return -1;
	gsl_rng_set(g->rng, o->seed);
	g->next_addr = GEN_DEV_BASE;   /* arbitrary device base address */
	if (o->stats) {
		g->l1sim = l1sim_alloc(o->n_sm);
		if (!g->l1sim) {
			gsl_rng_free(g->rng);
			return -1;
		}
	}
	if (g->sink.shape && !(g->fresh = fresh_age_alloc())) {   /* the mlp groups' freshness */
		l1sim_free(g->l1sim);
		gsl_rng_free(g->rng);
		return -1;
	}
	return 0;
}

void gen_free(gen_t *g)
{
	if (g->rng)
		gsl_rng_free(g->rng);
	l1sim_free(g->l1sim);
	fresh_age_free(g->fresh);
	g->fresh = NULL;
	free(g->cmap);
	g->rng = NULL;
	g->l1sim = NULL;
	g->cmap = NULL;
	g->cmap_n = 0;
}

uint64_t gen_alloc(gen_t *g, uint64_t bytes)
{
	const uint64_t align = 1 << 16;
	uint64_t base = g->next_addr;
	g->next_addr += (bytes + align - 1) / align * align;
	if (bytes == 0)
		g->next_addr += align;
	/* grow the content map over the new allocation (zero: undeclared, untouched) */
	uint64_t nb = (g->next_addr - GEN_DEV_BASE) / GEN_LINE;
	if (!g->cmap_oom && nb > g->cmap_n) {
		uint8_t *m = realloc(g->cmap, nb);
		if (!m) {
			g->cmap_oom = 1;
		} else {
			memset(m + g->cmap_n, 0, nb - g->cmap_n);
			g->cmap = m;
			g->cmap_n = nb;
		}
	}
	return base;
}

/* ---------------------------------------------------------------- array contents (BDI) */

int gen_content(gen_t *g, uint64_t base, uint64_t nwords, gen_word_fn fn, const void *ctx)
{
	if (g->cmap_oom)
		return -1;
	const uint64_t wpb = GEN_LINE / 4;
	uint64_t b0 = (base - GEN_DEV_BASE) / GEN_LINE, nb = (nwords + wpb - 1) / wpb;
	if (base < GEN_DEV_BASE || base % GEN_LINE || b0 + nb > g->cmap_n) {
		snprintf(g->err, sizeof g->err, "gen_content: array at 0x%llx not from gen_alloc",
		         (unsigned long long)base);
		return -1;
	}
	uint32_t w[GEN_LINE / 4];
	for (uint64_t b = 0; b < nb; b++) {
		for (uint64_t i = 0; i < wpb; i++) {
			uint64_t k = b * wpb + i;
			w[i] = k < nwords ? fn(ctx, k) : 0;
		}
		size_t sz = bdi_size_words(w, wpb, NULL);
		enum bdi_level lv = bdi_level_of(sz, GEN_LINE);      /* Morpheus §4.3.1 levels */
		uint8_t *c = &g->cmap[b0 + b];
		*c = (uint8_t)((*c & 0x80) | (lv + 1));
	}
	return 0;
}

static uint32_t f2u(float f)
{
	uint32_t u;
	memcpy(&u, &f, sizeof u);
	return u;
}

typedef struct { long cols, ri, ci; float add, div; } pb_ctx_t;
static uint32_t w_pb(const void *ctx, uint64_t i)
{
	const pb_ctx_t *p = ctx;
	long r = (long)(i / (uint64_t)p->cols), c = (long)(i % (uint64_t)p->cols);
	/* PolyBench-GPU init_array: ((DATA_TYPE) i*j + add) / N, evaluated in float */
	return f2u(((float)(r + p->ri) * (float)(c + p->ci) + p->add) / p->div);
}

int gen_content_pb(gen_t *g, uint64_t base, long rows, long cols, long ri, long ci, double add,
                   double div)
{
	pb_ctx_t p = { cols, ri, ci, (float)add, (float)div };
	return gen_content(g, base, (uint64_t)rows * (uint64_t)cols, w_pb, &p);
}

static uint32_t w_const(const void *ctx, uint64_t i)
{
	(void)i;
	return *(const uint32_t *)ctx;
}

int gen_content_const(gen_t *g, uint64_t base, uint64_t nwords, float v)
{
	uint32_t u = f2u(v);
	return gen_content(g, base, nwords, w_const, &u);
}

/* splitmix64 finaliser [Steele, Lea, Flood, OOPSLA 2014]: a counter-based random stream */
static uint64_t mix64(uint64_t x)
{
	return hash64_splitmix(x + 0x9E3779B97F4A7C15ULL);
}

typedef struct { uint64_t key; float lo, hi; uint32_t n; int32_t ilo; } rnd_ctx_t;
static uint32_t w_urand(const void *ctx, uint64_t i)
{
	const rnd_ctx_t *p = ctx;
	double u = (double)(mix64(p->key ^ mix64(i)) >> 11) * 0x1.0p-53;
	return f2u(p->lo + (float)u * (p->hi - p->lo));
}

static uint32_t w_irand(const void *ctx, uint64_t i)
{
	const rnd_ctx_t *p = ctx;
	return (uint32_t)(p->ilo + (int32_t)((mix64(p->key ^ mix64(i)) >> 32) % p->n));
}

int gen_content_urand(gen_t *g, uint64_t base, uint64_t nwords, float lo, float hi)
{
	rnd_ctx_t p = { mix64(g->o.seed ^ mix64(base)), lo, hi, 0, 0 };
	return gen_content(g, base, nwords, w_urand, &p);
}

float gen_urand_at(const gen_t *g, uint64_t base, uint64_t i, float lo, float hi)
{
	rnd_ctx_t p = { mix64(g->o.seed ^ mix64(base)), lo, hi, 0, 0 };
	uint32_t u = w_urand(&p, i);
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}

int gen_content_irand(gen_t *g, uint64_t base, uint64_t nwords, int32_t lo, uint32_t n)
{
	rnd_ctx_t p = { mix64(g->o.seed ^ mix64(base)), 0, 0, n ? n : 1, lo };
	return gen_content(g, base, nwords, w_irand, &p);
}

static uint32_t w_longs(const void *ctx, uint64_t i)
{
	return (uint32_t)((const long *)ctx)[i];
}

int gen_content_longs(gen_t *g, uint64_t base, uint64_t nwords, const long *v)
{
	return gen_content(g, base, nwords, w_longs, v);
}

int gen_compressibility(const gen_t *g, double frac[3], double *known)
{
	double n[4] = { 0, 0, 0, 0 }, tot = 0;
	if (g->cmap_oom)
		return -1;
	for (uint64_t b = 0; b < g->cmap_n; b++)
		if (g->cmap[b] & 0x80) {
			n[g->cmap[b] & 3] += 1;                  /* 0 unknown, 1 high, 2 low, 3 none */
			tot += 1;
		}
	if (tot == 0)
		return -1;
	frac[0] = n[1] / tot;
	frac[1] = n[2] / tot;
	frac[2] = (n[3] + n[0]) / tot;
	if (known)
		*known = (tot - n[0]) / tot;
	return 0;
}

void gen_finish(gen_t *g)
{
	(void)g; /* every launch flushes its records; kept for symmetry with gen_init */
}

/* ---------------------------------------------------------------- scheduling */

typedef struct slot {
	int active;
	int cta;           /* index into the SM's CTA table */
	int sec, idx;      /* next template */
	long age;          /* spawn order within the SM (GTO: smaller is older) */
	gen_warp_t w;
	shape_warp_t mw;   /* MLP dependence state (profile shape) */
	gen_synth_t syn;   /* the trace writer's dependences, for a launch without registers */
	double issued;     /* warp instructions this warp issued (profile shape: cta_span) */
} slot_t;

typedef struct sm_state {
	slot_t *slots;
	long *cta_id;      /* resident CTA ids (-1 free) */
	int *cta_left;     /* warps of that CTA still running */
	double *cta_longest; /* that CTA's longest finished warp, warp instructions */
	double pinst, pmem, psect, ptens;
	/* GTO state */
	long next_age;     /* age of the next warp spawned */
	int cur;           /* slot of the current warp, -1: pick one */
	long cur_age;      /* age of the warp last current (-1: none yet) */
	int burst;         /* memory instructions the current warp issued since it became current */
	int refill;        /* a CTA slot may be free */
} sm_state_t;

static void flush_sm(gen_t *g, int sm, sm_state_t *s)
{
	if (s->pinst > 0 && g->sink.insts)
		g->sink.insts(g->sink.ctx, sm, s->pinst, s->pmem, s->psect);
	if (s->ptens > 0 && g->sink.tensor)
		g->sink.tensor(g->sink.ctx, sm, s->ptens);
	s->pinst = s->pmem = s->psect = s->ptens = 0;
}

/* Next non-empty section at or after `from` for warp w; 3 when the program is done. */
static int next_section(const gen_launch_t *L, const gen_warp_t *w, int from)
{
	for (int s = from; s < 3; s++) {
		if (L->nsec[s] <= 0)
			continue;
		if (s == 1 && w->trips <= 0)
			continue;
		return s;
	}
	return 3;
}

static void spawn_warp(const gen_launch_t *L, slot_t *sl, long cta, int wi, int cta_slot, long gwarp)
{
	gen_warp_t *w = &sl->w;
	memset(w, 0, sizeof *w);
	memset(&sl->syn, 0, sizeof sl->syn);
	int bx = L->block[0], by = L->block[1], bz = L->block[2];
	long gx = L->grid[0], gy = L->grid[1];
	w->cta = cta;
	w->cx = (int)(cta % gx);
	w->cy = (int)((cta / gx) % gy);
	w->cz = (int)(cta / (gx * gy));
	w->w = wi;
	w->gwarp = gwarp;
	long nthr = (long)bx * by * bz;
	for (int l = 0; l < GEN_WARP; l++) {
		long t = (long)wi * GEN_WARP + l;
		if (t >= nthr)
			continue;
		w->valid |= gen_lane_bit(l);
		w->tx[l] = (int)(t % bx);
		w->ty[l] = (int)((t / bx) % by);
		w->tz[l] = (int)(t / ((long)bx * by));
		w->gx[l] = (long)w->cx * bx + w->tx[l];
		w->gy[l] = (long)w->cy * by + w->ty[l];
		w->gz[l] = (long)w->cz * bz + w->tz[l];
	}
	w->trips = L->trip_fn ? L->trip_fn(L, w) : L->trips;
	sl->cta = cta_slot;
	sl->issued = 0;
	sl->sec = next_section(L, w, 0);
	sl->idx = 0;
	sl->active = sl->sec < 3;
}

/* ---------------------------------------------------------------- code shape */

enum shape_unit gen_inst_unit(const gen_inst_t *in)
{
	switch (in->kind) {
	case GEN_LD: case GEN_ST: case GEN_ATOM: case GEN_LDS: case GEN_STS: case GEN_ATOMS:
		return SU_LDST;
	case GEN_TENSOR:
		return SU_TENSOR;
	case GEN_BAR:
		return SU_OTHER;                 /* BARRIER_OP in Accel-Sim's opcode map */
	default:
		/* An ALU template without a declared unit is written as NOP (gen_inst_opcode): ALU_OP
		 * in Accel-Sim's opcode maps (ISA_Def/volta_opcode.h, ampere_opcode.h "NOP"), which
		 * its scheduler issues to the INT unit whenever the SM has one (gpgpu-sim shader.cc
		 * scheduler_unit::cycle: "execute ALU and INT operations on INT unit ... like in
		 * Volta"), and which shape_opcode_unit counts as int when the written trace is read
		 * back.  So it counts as int here too: the mix describes the trace Accel-Sim runs. */
		return in->unit > 0 && in->unit <= SU_NUNIT ? (enum shape_unit)(in->unit - 1) : SU_INT;
	}
}

const char *gen_inst_opcode(const gen_inst_t *in)
{
	int w = in->width ? in->width : 4;
	switch (in->kind) {
	case GEN_LD: return w >= 16 ? "LDG.E.128" : w == 8 ? "LDG.E.64" : "LDG.E";
	case GEN_ST: return w >= 16 ? "STG.E.128" : w == 8 ? "STG.E.64" : "STG.E";
	case GEN_ATOM: return "ATOMG.E.ADD.STRONG.GPU";
	case GEN_LDS: return w >= 16 ? "LDS.128" : w == 8 ? "LDS.64" : "LDS";
	case GEN_STS: return w >= 16 ? "STS.128" : w == 8 ? "STS.64" : "STS";
	case GEN_ATOMS: return "ATOMS.ADD";
	case GEN_BAR: return "BAR.SYNC";
	case GEN_TENSOR: return in->memop == 8 ? "HMMA.1688.F32" : "HMMA.16816.F32";
	default: break;
	}
	if (in->kind == GEN_ALU && in->unit == 0)
		return "NOP";                    /* undeclared unit: ALU_OP (gen_inst_unit) */
	switch (gen_inst_unit(in)) {
	case SU_FP32: return "FFMA";
	case SU_FP64: return "DFMA";
	case SU_INT: return "IMAD";
	case SU_SFU: return "MUFU.EX2";
	case SU_BRANCH: return "BRA";
	default: return "NOP";
	}
}

/* The registers gen_synth.h gives one executed instruction of a launch without template
 * registers (the first of an anonymous run; the rest read and write none). */
typedef struct synth_regs {
	int dst, src[GEN_SYNTH_MAX_SRC], ns;
} synth_regs_t;

/* Shape of one executed template (models/profile_shape.h): unit, lanes, shared memory,
 * barriers, atomic targets, barrier intervals, MLP dependences.  greq: the global requests
 * (line requests) it sent.  -1 on out of memory. */
static int shape_issue(gen_t *g, const gen_launch_t *L, slot_t *sl, const gen_inst_t *in, double n, uint32_t mask,
		       const uint64_t *a, double greq, const synth_regs_t *sr)
{
	shape_acc_t *sh = g->sink.shape;
	int lanes = __builtin_popcount(mask);
	shape_acc_insts(sh, gen_inst_unit(in), n, (double)lanes * n);
	int ways = in->ways ? in->ways : 1, wave = 0;
	switch (in->kind) {
	case GEN_LDS: wave = shape_acc_shared(sh, 0, mask, NULL, in->width, ways); break;
	case GEN_STS: wave = shape_acc_shared(sh, 1, mask, NULL, in->width, ways); break;
	case GEN_ATOMS: wave = shape_acc_shared(sh, 2, mask, NULL, in->width, ways); break;
	case GEN_BAR: shape_acc_bar(sh, 1); break;
	case GEN_ATOM:
		if (shape_acc_atomic(sh, mask, a) < 0)
			return -1;
		break;
	default: break;
	}
	int shared = in->kind == GEN_LDS || in->kind == GEN_STS || in->kind == GEN_ATOMS;
	if (L->has_regs && n == 1) {
		int src[3], ns = 0, dst = in->dst;
		for (int i = 0; i < 3; i++)
			if (in->src[i] >= 0)
				src[ns++] = in->src[i];
		int w = in->width ? in->width : 4;
		shape_warp_inst(sh, &sl->mw, in->kind == GEN_LD, &dst, dst >= 0, w > 4 ? (w + 3) / 4 : 1, src, ns);
		shape_warp_dep(sh, &sl->mw, gen_inst_unit(in), gen_inst_unit(in) == SU_LDST, &dst, dst >= 0,
		               w > 4 ? (w + 3) / 4 : 1, src, ns);
	} else if (L->has_regs) {      /* an anonymous run: no registers, on no chain */
		for (double r = 0; r < n; r++)
			shape_warp_dep(sh, &sl->mw, gen_inst_unit(in), 0, NULL, 0, 1, NULL, 0);
	} else {                       /* no template registers: the trace writer's (gen_synth.h) */
		int ld = in->kind == GEN_LD, dst = sr->dst;
		int rpd = ld ? gen_synth_regs_per_dst(gen_synth_width(in, mask, a)) : 1;
		shape_warp_inst(sh, &sl->mw, ld, &dst, dst >= 0, rpd, sr->src, sr->ns);
		shape_warp_dep(sh, &sl->mw, gen_inst_unit(in), gen_inst_unit(in) == SU_LDST, &dst, dst >= 0, rpd, sr->src,
			       sr->ns);
		for (double r = 1; r < n; r++)   /* the rest of an anonymous run: no registers */
			shape_warp_dep(sh, &sl->mw, gen_inst_unit(in), 0, NULL, 0, 1, NULL, 0);
	}
	/* after shape_warp_inst: an instruction that waits for loads opens a wait interval */
	int gmem = in->kind == GEN_LD || in->kind == GEN_ST || in->kind == GEN_ATOM;
	shape_warp_phase(sh, &sl->mw, gen_inst_unit(in), n, greq, shared ? (wave > 0 ? wave : 1) : 0,
			 (in->kind == GEN_BAR ? SHAPE_PH_BAR : 0) | (gmem ? SHAPE_PH_GMEM : 0));   /* every warp instruction */
	return 0;
}

/* Issue the next template of warp slot `sl` on SM `sm`.  -1 on out of memory. */
static int issue(gen_t *g, const gen_launch_t *L, int sm, sm_state_t *s, slot_t *sl, long warp_base)
{
	const gen_inst_t *in = &L->sec[sl->sec][sl->idx];
	int off = 0;
	for (int k = 0; k < sl->sec; k++)
		off += L->nsec[k];
	uint32_t pc = L->pc_base + 16u * (uint32_t)(off + sl->idx);
	int executed = 1;
	double n = 1;
	uint32_t mask = sl->w.valid;
	uint64_t a[GEN_WARP];
	uint64_t age_1 = 0, age_g = 0;   /* the load's freshest line (fresh_age.h) */
	int nreq = 0;                    /* its line requests (profile_shape.h phases) */

	if (in->kind == GEN_LD || in->kind == GEN_ST || in->kind == GEN_ATOM) {
		uint64_t lines[GEN_WARP], sects[GEN_WARP];
		mask = L->addr(L, &sl->w, sl->sec, in->memop, a) & sl->w.valid;
		if (!mask) {
			executed = 0;
		} else {
			int k = 0;
			for (int l = 0; l < GEN_WARP; l++)
				if (mask & gen_lane_bit(l)) {
					lines[k] = a[l] / GEN_LINE;
					sects[k] = a[l] / GEN_SECTOR;
					k++;
				}
			int nl = uniq_u64(lines, k), ns = uniq_u64(sects, k);
			int wr = in->kind != GEN_LD;
			nreq = nl;
			for (int i = 0; i < nl; i++) {
				uint64_t a1, ag;     /* fresh_age.h: every line request, the load's smallest */
				if (g->fresh && fresh_age_access(g->fresh, sm, lines[i], &a1, &ag) < 0)
					return -1;
				if (g->fresh && (i == 0 || a1 < age_1))
					age_1 = a1;
				if (g->fresh && (i == 0 || ag < age_g))
					age_g = ag;
				if (g->sink.access)
					g->sink.access(g->sink.ctx, sm, wr, lines[i] * GEN_LINE, pc);
				if (g->sink.sectors) {   /* the request's sectors (sector_rec.h) */
					unsigned sm_mask = 0;
					for (int j = 0; j < ns; j++)
						if (sects[j] * GEN_SECTOR / GEN_LINE == lines[i])
							sm_mask |= 1u << (sects[j] * GEN_SECTOR % GEN_LINE / GEN_SECTOR);
					g->sink.sectors(g->sink.ctx, sm, wr, lines[i] * GEN_LINE, sm_mask, in->kind == GEN_ATOM);
				}
				uint64_t cb = lines[i] - GEN_DEV_BASE / GEN_LINE;   /* content map: touched */
				if (lines[i] >= GEN_DEV_BASE / GEN_LINE && cb < g->cmap_n)
					g->cmap[cb] |= 0x80;
				if (g->l1sim && l1sim_access(g->l1sim, &g->st, sm, wr, lines[i]) < 0)
					return -1;
			}
			s->pmem += 1;
			s->psect += ns;
			g->st.mem_insts += 1;
			if (g->sink.shape)   /* the L1 access stage's exact cycles (profile_shape.h ldst) */
				shape_acc_ldst(g->sink.shape, mask, a, in->width ? in->width : 4);
			g->st.accesses += nl;
			g->st.sectors += ns;
			if (wr)
				g->st.writes += nl;
		}
	} else if (in->kind == GEN_ALU && in->rep > 1) {
		n = in->rep;
	} else if (in->kind == GEN_TENSOR) {
		s->ptens += 1;
		g->st.tensor += 1;
	}
	if (executed && g->sink.winst)
		g->sink.winst(g->sink.ctx, sm, L, &sl->w, in, pc, mask,
		              in->kind == GEN_LD || in->kind == GEN_ST || in->kind == GEN_ATOM ? a : NULL);
	if (executed) {
		s->pinst += n;
		g->st.insts += n;
		sl->issued += n;
		synth_regs_t sr = { -1, { 0 }, 0 };
		if (!L->has_regs)               /* the trace writer's dependences (gen_synth.h) */
			sr.dst = gen_synth_inst(&sl->syn, in->kind == GEN_LD, sr.src, &sr.ns);
		if (g->sink.shape && shape_issue(g, L, sl, in, n, mask, a, nreq, &sr) < 0)
			return -1;
		if (g->sink.shape && g->fresh && in->kind == GEN_LD && n == 1)
			shape_warp_load_ages(&sl->mw, age_1, age_g);   /* after shape_warp_inst: its group */
		if (g->o.regs && !L->has_regs && g->sink.regs) {   /* the synthesized ones, as the trace's */
			g->sink.regs(g->sink.ctx, sm, warp_base + sl->w.gwarp, sr.dst, sr.src, sr.ns);
			for (int r = 1; r < (int)n; r++)
				g->sink.regs(g->sink.ctx, sm, warp_base + sl->w.gwarp, -1, sr.src, 0);
			g->st.reg_insts += n;
		} else if (g->o.regs && L->has_regs && g->sink.regs) {
			int src[3], ns = 0;
			if (n == 1) {
				for (int i = 0; i < 3; i++)
					if (in->src[i] >= 0)
						src[ns++] = in->src[i];
				g->sink.regs(g->sink.ctx, sm, warp_base + sl->w.gwarp, in->dst, src, ns);
			} else {     /* anonymous run: operand-less records keep the instruction count */
				for (int r = 0; r < (int)n; r++)
					g->sink.regs(g->sink.ctx, sm, warp_base + sl->w.gwarp, -1, src, 0);
			}
			g->st.reg_insts += n;
		}
		if (s->pinst >= 4096)
			flush_sm(g, sm, s);
	}

	/* advance */
	if (++sl->idx >= L->nsec[sl->sec]) {
		sl->idx = 0;
		if (sl->sec == 1 && ++sl->w.iter < sl->w.trips)
			return 0;
		sl->sec = next_section(L, &sl->w, sl->sec + 1);
		if (sl->sec >= 3) {
			sl->active = 0;
			if (g->sink.shape)
				shape_warp_end(g->sink.shape, &sl->mw);
		}
	}
	return 0;
}

/* Warp sl of SM s has finished: its CTA has one warp less and maybe a new longest warp. */
static void warp_done(sm_state_t *s, const slot_t *sl)
{
	s->cta_left[sl->cta]--;
	if (sl->issued > s->cta_longest[sl->cta])
		s->cta_longest[sl->cta] = sl->issued;
}

/* GTO: the slot of SM s's next warp in age order after the warp last current (the oldest
 * when there is none, or when that warp was the youngest: cycling), resetting the burst; -1
 * when no warp is active. */
static int gto_pick(sm_state_t *s, int nslots)
{
	int best = -1, first = -1;
	for (int k = 0; k < nslots; k++) {
		const slot_t *sl = &s->slots[k];
		if (!sl->active)
			continue;
		if (first < 0 || sl->age < s->slots[first].age)
			first = k;
		if (sl->age > s->cur_age && (best < 0 || sl->age < s->slots[best].age))
			best = k;
	}
	if (best < 0)
		best = first;
	if (best >= 0)
		s->cur_age = s->slots[best].age;
	s->burst = 0;
	return best;
}

int gen_launch(gen_t *g, const gen_launch_t *L)
{
	const int nsm = g->o.n_sm;
	long nthr = (long)L->block[0] * L->block[1] * L->block[2];
	int wpc = (int)((nthr + GEN_WARP - 1) / GEN_WARP);
	long ncta = (long)L->grid[0] * L->grid[1] * L->grid[2];
	int res = g->o.warps_per_sm / wpc;
	if (res > g->o.ctas_per_sm)
		res = g->o.ctas_per_sm;
	if (L->max_cta_sm > 0 && res > L->max_cta_sm)
		res = L->max_cta_sm;
	if (res < 1)
		res = 1;
	int nslots = res * wpc;
	if (g->sink.shape) {              /* the launch's geometry, waves at this run's residency */
		long gd[3] = { L->grid[0], L->grid[1], L->grid[2] }, bd[3] = { L->block[0], L->block[1], L->block[2] };
		double per_wave = (double)nsm * res;
		if (shape_acc_launch(g->sink.shape, gd, bd, L->regs, L->regs > 0 ? L->smem : -1,
				     ceil((double)ncta / per_wave)) < 0)
			return -1;
	}
	long warp_base = g->warp_base;   /* X-record warp ids stay unique across launches */
	g->warp_base += ncta * wpc;

	if (g->sink.comment) {
		char c[200];
		snprintf(c, sizeof c, "launch %s grid %dx%dx%d block %dx%dx%d", L->kname, L->grid[0],
		         L->grid[1], L->grid[2], L->block[0], L->block[1], L->block[2]);
		g->sink.comment(g->sink.ctx, c);
	}
	if (g->sink.launch)
		g->sink.launch(g->sink.ctx, L, 0);
	sm_state_t *sms = calloc((size_t)nsm, sizeof *sms);
	if (!sms)
		return -1;
	int rc = -1;
	for (int i = 0; i < nsm; i++) {
		sms[i].slots = calloc((size_t)nslots, sizeof *sms[i].slots);
		sms[i].cta_id = malloc((size_t)res * sizeof *sms[i].cta_id);
		sms[i].cta_left = calloc((size_t)res, sizeof *sms[i].cta_left);
		sms[i].cta_longest = calloc((size_t)res, sizeof *sms[i].cta_longest);
		if (!sms[i].slots || !sms[i].cta_id || !sms[i].cta_left || !sms[i].cta_longest)
			goto out_free;
		for (int c = 0; c < res; c++)
			sms[i].cta_id[c] = -1;
	}

	long next_cta = 0;
	/* Place CTA `next_cta` in CTA slot c of SM i. */
#define PLACE(i, c) do { \
		sm_state_t *s_ = &sms[i]; \
		s_->cta_id[c] = next_cta; s_->cta_left[c] = 0; s_->cta_longest[c] = 0; \
		for (int wi_ = 0; wi_ < wpc; wi_++) { \
			slot_t *sl_ = &s_->slots[(c) * wpc + wi_]; \
			spawn_warp(L, sl_, next_cta, wi_, (c), next_cta * wpc + wi_); \
			sl_->age = s_->next_age++; \
			if (sl_->active) s_->cta_left[c]++; \
		} \
		next_cta++; g->st.ctas++; \
	} while (0)

	/* initial round-robin fill */
	for (int c = 0; c < res && next_cta < ncta; c++)
		for (int i = 0; i < nsm && next_cta < ncta; i++)
			PLACE(i, c);

	/* Refill the finished CTA slots of SM i with the next CTAs of the queue; sets busy when a
	 * CTA with running warps was placed. */
#define REFILL(i) do { \
		sm_state_t *r_ = &sms[i]; \
		for (int c_ = 0; c_ < res; c_++) { \
			if (r_->cta_id[c_] >= 0 && r_->cta_left[c_] <= 0) { \
				if (g->sink.shape) /* a CTA retires: its longest warp (profile_shape.h) */ \
					shape_acc_cta(g->sink.shape, r_->cta_longest[c_]); \
				r_->cta_id[c_] = -1; \
				while (next_cta < ncta && r_->cta_id[c_] < 0) { \
					PLACE(i, c_); \
					if (r_->cta_left[c_] <= 0) /* empty CTA: finishes at once */ \
						r_->cta_id[c_] = -1; \
					else \
						busy = 1; \
				} \
			} \
		} \
	} while (0)

	if (g->o.sched == GEN_SCHED_GTO) {
		const int burst = g->o.gto_burst > 0 ? g->o.gto_burst : GEN_GTO_BURST;
		for (int i = 0; i < nsm; i++) {
			sms[i].cur = -1;
			sms[i].cur_age = -1;
			sms[i].refill = 1;
		}
		for (;;) {
			int busy = 0;
			/* one step: SM 0, 1, ..., n_sm-1 each issue one template of its current warp */
			for (int i = 0; i < nsm; i++) {
				sm_state_t *s = &sms[i];
				if (s->cur < 0)
					s->cur = gto_pick(s, nslots);
				if (s->cur < 0)
					continue;
				busy = 1;
				slot_t *sl = &s->slots[s->cur];
				double m0 = g->st.mem_insts;
				if (issue(g, L, i, s, sl, warp_base) < 0)
					goto out_free;
				if (g->st.mem_insts > m0)
					s->burst++;
				if (!sl->active) {        /* finished: the next oldest takes over */
					warp_done(s, sl);
					s->refill = 1;
					s->cur = -1;
				} else if (s->burst >= burst) { /* stalls: the next oldest warp issues */
					s->cur = -1;
				}
			}
			for (int i = 0; i < nsm; i++)
				if (sms[i].refill) {
					sms[i].refill = 0;
					REFILL(i);
				}
			if (!busy && next_cta >= ncta)
				break;
		}
	} else {
		for (;;) {
			int busy = 0;
			/* one round: warp slot k of SM 0, 1, ..., n_sm-1, then slot k+1: the SMs run
			 * concurrently, interleaved at warp-instruction granularity */
			for (int k = 0; k < nslots; k++)
				for (int i = 0; i < nsm; i++) {
					sm_state_t *s = &sms[i];
					slot_t *sl = &s->slots[k];
					if (!sl->active)
						continue;
					busy = 1;
					if (issue(g, L, i, s, sl, warp_base) < 0)
						goto out_free;
					if (!sl->active)
						warp_done(s, sl);
				}
			for (int i = 0; i < nsm; i++)
				REFILL(i);   /* refill finished CTA slots */
			if (!busy && next_cta >= ncta)
				break;
		}
	}
#undef REFILL
#undef PLACE
	for (int i = 0; i < nsm; i++)
		flush_sm(g, i, &sms[i]);
	if (g->sink.launch)
		g->sink.launch(g->sink.ctx, L, 1);
	if (g->fresh)
		fresh_age_flush(g->fresh);   /* the L1s are flushed between kernels */
	g->st.launches++;
	rc = 0;
out_free:
	for (int i = 0; i < nsm; i++) {
		free(sms[i].slots);
		free(sms[i].cta_id);
		free(sms[i].cta_left);
		free(sms[i].cta_longest);
	}
	free(sms);
	return rc;
}
