/* warpsim.c -- cycle-level simulation of one Malekeh sub-core (see warpsim.h for the rules). */
#include "reference/warpsim.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "design.h"

#define WS_RING (2 * MALEKEH_DMAX + 16)  /* instruction slots of pending reads per warp */
#define WS_SLOT 16                   /* reads one slot holds (overflow moves on) */
#define WS_MAXW 64
#define WS_MAXC 8
#define WS_MAXE 32
#define WS_MAXDST 4
#define WS_INFL 512                  /* in-flight destinations remembered per warp */

typedef struct ws_entry {
	long id;          /* value id, -1 = invalid */
	int lock;         /* source of the instruction in the CCU */
	int near;         /* next use < RTHLD */
	long stamp;       /* last access, for LRU */
} ws_entry_t;

typedef struct ws_ccu {
	int warp;         /* last warp allocated (-1: none) */
	int busy;         /* holds an instruction */
	int pending;      /* bank reads outstanding */
	long issued;      /* cycle of allocation */
	int wrote;        /* cycle-local: write port used */
	ws_entry_t e[WS_MAXE];
} ws_ccu_t;

typedef struct ws_warp {
	long n;                        /* instructions issued */
	long ready_at;                 /* cycle its next instruction is ready (LONG_MAX: in a CCU) */
	int ccu;                       /* CCU it has data in, -1: none */
	int nslot[WS_RING];
	long slot[WS_RING][WS_SLOT];   /* value ids to read at instruction n (mod WS_RING) */
	int ndst;                      /* destinations of the instruction in flight */
	long dst[WS_MAXDST];
	int dnear[WS_MAXDST];
	long infl[WS_INFL];            /* ids of destinations not yet written back */
	int infl_near[WS_INFL];        /* their near/far bit */
	int ninfl;
} ws_warp_t;

typedef struct ws_ev {           /* a destination write-back */
	long cycle;
	int warp;
	long id;
	int near;
} ws_ev_t;


typedef struct ws_state {
	const malekeh_work_t *w;
	const malekeh_knobs_t *k;
	gsl_rng *r;
	gsl_ran_discrete_t *dist;      /* reuse distance 1..MALEKEH_DMAX, MALEKEH_DMAX+1 = tail */
	double p_next;
	long next_id;
	long t;
	int last;                      /* last warp that issued */
	long counter;                  /* STHLD wait counter */
	ws_warp_t *warp;
	ws_ccu_t ccu[WS_MAXC];
	long *bq[8];                   /* bank FIFO queues of CCU indices */
	int bq_head[8], bq_n[8], bq_cap;
	ws_ev_t *ev;                   /* binary min-heap on cycle */
	int nev, cap_ev;
	ws_out_t o;
	double occ_sum;
} ws_state_t;

static void ev_push(ws_state_t *s, ws_ev_t e)
{
	if (s->nev == s->cap_ev) {
		s->cap_ev = s->cap_ev ? 2 * s->cap_ev : 256;
		s->ev = realloc(s->ev, (size_t)s->cap_ev * sizeof *s->ev);
		assert(s->ev);
	}
	int i = s->nev++;
	while (i > 0 && s->ev[(i - 1) / 2].cycle > e.cycle) {
		s->ev[i] = s->ev[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	s->ev[i] = e;
}

static ws_ev_t ev_pop(ws_state_t *s)
{
	ws_ev_t top = s->ev[0], last = s->ev[--s->nev];
	int i = 0;
	for (;;) {
		int c = 2 * i + 1;
		if (c >= s->nev)
			break;
		if (c + 1 < s->nev && s->ev[c + 1].cycle < s->ev[c].cycle)
			c++;
		if (s->ev[c].cycle >= last.cycle)
			break;
		s->ev[i] = s->ev[c];
		i = c;
	}
	if (s->nev > 0)
		s->ev[i] = last;
	return top;
}

/* Draw the next use of a value accessed by instruction n of warp wi; schedule it; return near. */
static int next_use(ws_state_t *s, int wi, long n, long id)
{
	if (gsl_rng_uniform(s->r) >= s->p_next)
		return 0;                                   /* dead: no further read (far) */
	long d = (long)gsl_ran_discrete(s->r, s->dist) + 1;
	if (d > MALEKEH_DMAX)
		d = MALEKEH_DMAX + 1 + (long)gsl_rng_uniform_int(s->r, MALEKEH_DMAX);
	ws_warp_t *w = &s->warp[wi];
	long at = n + d;
	for (;;) {                                      /* a full slot pushes the read one later */
		int sl = (int)(at % WS_RING);
		if (w->nslot[sl] < WS_SLOT) {
			w->slot[sl][w->nslot[sl]++] = id;
			break;
		}
		at++;
	}
	return d < s->k->rthld;
}

static int victim(ws_state_t *s, ws_ccu_t *c)
{
	int E = s->k->entries, nfar = 0, far[WS_MAXE], lru = -1;
	for (int i = 0; i < E; i++)
		if (c->e[i].id < 0)
			return i;                               /* an empty entry first */
	for (int i = 0; i < E; i++) {
		if (c->e[i].lock)
			continue;                               /* §IV-A1: locked entries are excluded */
		if (s->k->prio == RFC_PRIO_MALEKEH && !c->e[i].near)
			far[nfar++] = i;
		if (lru < 0 || c->e[i].stamp < c->e[lru].stamp)
			lru = i;
	}
	if (nfar > 0)                                   /* a random far entry */
		return far[gsl_rng_uniform_int(s->r, (unsigned long)nfar)];
	return lru;                                     /* else LRU (-1: every entry locked) */
}

static ws_entry_t *lookup(ws_state_t *s, ws_ccu_t *c, long id)
{
	for (int i = 0; i < s->k->entries; i++)
		if (c->e[i].id == id)
			return &c->e[i];
	return NULL;
}

static void bank_push(ws_state_t *s, int b, int ci)
{
	assert(s->bq_n[b] < s->bq_cap);
	s->bq[b][(s->bq_head[b] + s->bq_n[b]) % s->bq_cap] = ci;
	s->bq_n[b]++;
}

/* A destination reaches write-back: into the warp's CCU if near (Malekeh) or always (GTO),
 * one write port per CCU per cycle (§IV-A2).  `force`: a read needs it now (the scoreboard
 * would have held the read until the write-back), so the port limit does not apply. */
static void ccu_write(ws_state_t *s, int wi, long id, int near, int force)
{
	int ci = s->warp[wi].ccu;
	int want = s->k->prio == RFC_PRIO_MALEKEH ? near : 1;
	if (ci < 0 || !want || (!force && s->ccu[ci].wrote))
		return;
	ws_ccu_t *c = &s->ccu[ci];
	int v = victim(s, c);
	if (v < 0)
		return;
	c->e[v].id = id;
	c->e[v].lock = 0;
	c->e[v].near = near;
	c->e[v].stamp = s->t * 8 + 7;
	c->wrote = 1;
	s->o.ccu_writes++;
}

/* Remove id from the warp's in-flight list; its near bit + 1 if it was there, else 0. */
static int infl_take(ws_warp_t *w, long id)
{
	for (int i = 0; i < w->ninfl; i++)
		if (w->infl[i] == id) {
			int nr = w->infl_near[i];
			w->ninfl--;
			w->infl[i] = w->infl[w->ninfl];
			w->infl_near[i] = w->infl_near[w->ninfl];
			return nr + 1;
		}
	return 0;
}

static int ccu_is_far(const ws_state_t *s, const ws_ccu_t *c)
{
	for (int i = 0; i < s->k->entries; i++)
		if (c->e[i].id >= 0 && c->e[i].near)
			return 0;
	return 1;
}

static void issue(ws_state_t *s, int wi, int ci)
{
	ws_warp_t *w = &s->warp[wi];
	ws_ccu_t *c = &s->ccu[ci];
	const malekeh_work_t *wk = s->w;
	if (c->warp != wi) {                            /* §III-C1: flush on a warp change */
		if (c->warp >= 0) {
			s->warp[c->warp].ccu = -1;
			s->o.steals++;
		}
		for (int i = 0; i < s->k->entries; i++)
			c->e[i].id = -1;
		c->warp = wi;
		w->ccu = ci;
	}
	long n = w->n;
	int sl = (int)(n % WS_RING);
	long src[WS_SLOT + 16];
	int ns = w->nslot[sl];
	memcpy(src, w->slot[sl], (size_t)ns * sizeof(long));
	w->nslot[sl] = 0;
	unsigned nc = gsl_ran_poisson(s->r, wk->src_per_inst * wk->cold);
	for (unsigned i = 0; i < nc && ns < WS_SLOT + 16; i++)
		src[ns++] = s->next_id++;                   /* cold reads: fresh values */
	if (ns > MALEKEH_MAX_SRC) {                         /* at most 6 sources: the rest go next */
		int nx = (int)((n + 1) % WS_RING);
		for (int i = MALEKEH_MAX_SRC; i < ns; i++)
			if (w->nslot[nx] < WS_SLOT)
				w->slot[nx][w->nslot[nx]++] = src[i];
		ns = MALEKEH_MAX_SRC;
	}
	c->busy = 1;
	c->pending = 0;
	c->issued = s->t;
	for (int i = 0; i < ns; i++) {
		long id = src[i];
		int near = next_use(s, wi, n, id);
		s->o.reads++;
		int wb = infl_take(w, id);
		if (wb)                                     /* read of a result not yet written back */
			ccu_write(s, wi, id, wb - 1, 1);
		ws_entry_t *e = lookup(s, c, id);
		if (e) {
			s->o.hits++;
		} else {
			int v = victim(s, c);
			assert(v >= 0);
			e = &c->e[v];
			e->id = id;
			bank_push(s, (int)(id % wk->banks), ci);
			c->pending++;
		}
		e->lock = 1;
		e->near = near;
		e->stamp = s->t * 8 + i;
	}
	/* destinations */
	double dd = wk->dst_per_inst;
	int nd = (int)dd;
	if (gsl_rng_uniform(s->r) < dd - nd)
		nd++;
	if (nd > WS_MAXDST)
		nd = WS_MAXDST;
	w->ndst = nd;
	for (int i = 0; i < nd; i++) {
		w->dst[i] = s->next_id++;
		w->dnear[i] = next_use(s, wi, n, w->dst[i]);
	}
	w->n++;
	w->ready_at = -1;                               /* in a CCU until dispatch */
	s->last = wi;
	s->o.insts++;
}

/* The scheduler's ready test. */
static int ready(const ws_state_t *s, int wi)
{
	long r = s->warp[wi].ready_at;
	return r >= 0 && r <= s->t;
}

static void try_issue(ws_state_t *s)
{
	int W = s->w->warps, C = s->k->ccus;
	int order[WS_MAXW + 1], no = 0;
	if (s->last >= 0 && ready(s, s->last))
		order[no++] = s->last;                      /* greedy: the last warp first */
	if (s->k->prio == RFC_PRIO_MALEKEH) {
		for (int i = 0; i < W; i++)                 /* warps with data in a CCU, by age */
			if (i != s->last && ready(s, i) && s->warp[i].ccu >= 0)
				order[no++] = i;
		for (int i = 0; i < W; i++)
			if (i != s->last && ready(s, i) && s->warp[i].ccu < 0)
				order[no++] = i;
	} else {
		for (int i = 0; i < W; i++)                 /* GTO: by age */
			if (i != s->last && ready(s, i))
				order[no++] = i;
	}
	for (int j = 0; j < no; j++) {
		int wi = order[j];
		int own = s->warp[wi].ccu;
		if (own >= 0) {                             /* ❸/❹: own CCU only, if free */
			if (!s->ccu[own].busy) {
				issue(s, wi, own);
				return;
			}
			continue;
		}
		int fr[WS_MAXC], nf = 0, far[WS_MAXC], nfar = 0;
		for (int c = 0; c < C; c++)
			if (!s->ccu[c].busy) {
				fr[nf++] = c;
				if (ccu_is_far(s, &s->ccu[c]))
					far[nfar++] = c;
			}
		if (nf == 0)
			continue;                               /* ❻: every CCU occupied */
		if (s->k->prio != RFC_PRIO_MALEKEH) {
			issue(s, wi, fr[gsl_rng_uniform_int(s->r, (unsigned long)nf)]);
			return;
		}
		if (nfar > 0) {                             /* ❺: a random free far CCU */
			issue(s, wi, far[gsl_rng_uniform_int(s->r, (unsigned long)nfar)]);
			return;
		}
		if (s->counter < s->k->sthld) {             /* ❼/❽: wait */
			s->counter++;
			s->o.wait_cycles++;
			return;
		}
		s->counter = 0;                             /* ❾: random free CCU, reset */
		issue(s, wi, fr[gsl_rng_uniform_int(s->r, (unsigned long)nf)]);
		return;
	}
}

static void cycle(ws_state_t *s)
{
	const malekeh_work_t *wk = s->w;
	int C = s->k->ccus, B = wk->banks;
	int bank_busy[8] = { 0 };
	for (int c = 0; c < C; c++)
		s->ccu[c].wrote = 0;
	/* 1. write-backs: RF always (writes take the bank first), the CCU if near and owned */
	while (s->nev > 0 && s->ev[0].cycle <= s->t) {
		ws_ev_t e = ev_pop(s);
		bank_busy[e.id % B] = 1;
		if (infl_take(&s->warp[e.warp], e.id))      /* not already forced by a read */
			ccu_write(s, e.warp, e.id, e.near, 0);
	}
	/* 2. banks serve the head of their read queues */
	for (int b = 0; b < B; b++)
		if (!bank_busy[b] && s->bq_n[b] > 0) {
			int ci = (int)s->bq[b][s->bq_head[b]];
			s->bq_head[b] = (s->bq_head[b] + 1) % s->bq_cap;
			s->bq_n[b]--;
			s->ccu[ci].pending--;
		}
	/* 3. dispatch collected instructions */
	for (int ci = 0; ci < C; ci++) {
		ws_ccu_t *c = &s->ccu[ci];
		if (!c->busy || c->pending > 0 || c->issued >= s->t)
			continue;
		c->busy = 0;
		s->occ_sum += (double)(s->t - c->issued);
		for (int i = 0; i < s->k->entries; i++)
			c->e[i].lock = 0;
		int wi = c->warp;
		ws_warp_t *w = &s->warp[wi];
		long lat = (long)wk->lat_alu;
		if (gsl_rng_uniform(s->r) < wk->p_mem)
			lat = 1 + (long)gsl_ran_exponential(s->r, wk->lat_mem);
		for (int i = 0; i < w->ndst; i++) {
			ev_push(s, (ws_ev_t){ s->t + lat, wi, w->dst[i], w->dnear[i] });
			if (w->ninfl < WS_INFL) {
				w->infl_near[w->ninfl] = w->dnear[i];
				w->infl[w->ninfl++] = w->dst[i];
			}
		}
		w->ready_at = gsl_rng_uniform(s->r) < wk->p_dep ? s->t + lat : s->t;
	}
	/* 4. issue */
	try_issue(s);
	s->t++;
}

void ws_run(const malekeh_work_t *w, const malekeh_knobs_t *k, long insts, unsigned long seed,
            ws_out_t *out)
{
	assert(w->warps >= 1 && w->warps <= WS_MAXW);
	assert(k->ccus >= 1 && k->ccus <= WS_MAXC);
	assert(k->entries >= MALEKEH_MAX_SRC && k->entries <= WS_MAXE);
	assert(w->banks >= 1 && w->banks <= 8);
	ws_state_t s;
	memset(&s, 0, sizeof s);
	s.w = w;
	s.k = k;
	s.r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(s.r, seed);
	double p[MALEKEH_DMAX + 1];
	for (int d = 1; d <= MALEKEH_DMAX; d++)
		p[d - 1] = w->pmf[d];
	p[MALEKEH_DMAX] = w->tail;
	s.dist = gsl_ran_discrete_preproc(MALEKEH_DMAX + 1, p);
	double acc = w->src_per_inst + w->dst_per_inst;
	s.p_next = acc > 0 ? w->src_per_inst * (1 - w->cold) / acc : 0;
	s.warp = calloc((size_t)w->warps, sizeof *s.warp);
	assert(s.warp);
	for (int i = 0; i < w->warps; i++) {
		s.warp[i].ccu = -1;
		s.warp[i].ready_at = 0;
	}
	for (int c = 0; c < k->ccus; c++) {
		s.ccu[c].warp = -1;
		for (int i = 0; i < WS_MAXE; i++)
			s.ccu[c].e[i].id = -1;
	}
	s.bq_cap = k->ccus * MALEKEH_MAX_SRC + 4;
	for (int b = 0; b < w->banks; b++) {
		s.bq[b] = calloc((size_t)s.bq_cap, sizeof(long));
		assert(s.bq[b]);
	}
	s.last = -1;
	long warm = insts / 10;
	while (s.o.insts < warm)
		cycle(&s);
	memset(&s.o, 0, sizeof s.o);
	s.occ_sum = 0;
	long t0 = s.t;
	while (s.o.insts < insts)
		cycle(&s);
	s.o.cycles = (double)(s.t - t0);
	s.o.ipc = s.o.insts / s.o.cycles;
	s.o.hit = s.o.reads > 0 ? s.o.hits / s.o.reads : 0;
	s.o.bank_reads = s.o.reads - s.o.hits;
	s.o.occupancy = s.o.insts > 0 ? s.occ_sum / s.o.insts : 0;
	*out = s.o;
	for (int b = 0; b < w->banks; b++)
		free(s.bq[b]);
	free(s.warp);
	free(s.ev);
	gsl_ran_discrete_free(s.dist);
	gsl_rng_free(s.r);
}
