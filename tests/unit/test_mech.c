/*
 * test_mech.c -- the mechanism table (models/mech.h) and gpu_eval's loop over it.
 *
 * 1. The table: one row per mechanism, named as its knob family (src/knobs.c), L1-level rows
 *    first, every listed column a stored results column (src/columns.c), each context built
 *    through the row's ctx_alloc on a shipped profile.
 * 2. apply's flags tell the truth: for every row, preset, workload and design below, every
 *    part of memsys_t that apply changed is among the MECH_* flags it returned, and apply
 *    returns 0 only when it left memsys_t byte for byte as it was.  (A flag may be set for a
 *    part written with its old value: DC-L1's private baseline writes a replication of 0.)
 * 3. gpu_eval over the table gives bit-identical metrics to the reference composition written
 *    out by hand below (memsys_init, occ_apply, the calls in order, the LLC re-filter decided by comparing hit ratios:
 *    the composition the table replaced), on every legal (preset, workload, design) below.
 */
#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "dcl1.h"
#include "fuse.h"
#include "gpu.h"
#include "presets/gpu_json.h"
#include "knobs.h"
#include "malekeh.h"
#include "mech.h"
#include "morpheus.h"
#include "occupancy.h"
#include "profile.h"
#include "support/check.h"
#include "workload.h"

static const char *const presets[] = { "rtx3080", "dcl1-80", "fuse-15", "malekeh-2060" };
static const char *const profiles[] = { "p-2mm", "r-srad", "pb-lbm" };
static const char *const designs[] = {
	"",
	"dcl1_org=pr,dcl1_nodes=40",
	"dcl1_org=sh,dcl1_nodes=40",
	"dcl1_org=shc,dcl1_nodes=40,dcl1_clusters=10,dcl1_boost=true",
	"dcl1_org=pr,dcl1_nodes=34",
	"dcl1_org=shc,dcl1_nodes=68,dcl1_clusters=17",
	"dcl1_org=pr,dcl1_nodes=5",
	"fuse_cfg=stt",
	"fuse_cfg=hybrid,fuse_sram_frac=0.5",
	"fuse_cfg=dy,fuse_sram_frac=0.25,fuse_predictor=true",
	"fuse_cfg=fa,fuse_sram_frac=0.5,fuse_stt_org=fa",
	"mor_cache_sms=4,mor_compress=true",
	"mor_cache_sms=16,mor_impl=rf,mor_pred=perfect,mor_imov=true",
	"rfc_on=true",
	"rfc_on=true,rfc_sthld=-1",
	"rfc_on=true,rfc_priority=gto",
	"fuse_cfg=dy,fuse_sram_frac=0.5,dcl1_org=pr,dcl1_nodes=40,rfc_on=true",
	"fuse_cfg=dy,fuse_sram_frac=0.5,dcl1_org=pr,dcl1_nodes=34,mor_cache_sms=8,rfc_on=true,rfc_sthld=-1",
	"fuse_cfg=base,fuse_sram_frac=0.5,dcl1_org=shc,dcl1_nodes=40,dcl1_clusters=10,mor_cache_sms=4",
	"llc_scale=2,mem_clock_scale=1.5,unified_sm_mem=true",
};
#define N_PRESETS (sizeof presets / sizeof presets[0])
#define N_PROFILES (sizeof profiles / sizeof profiles[0])
#define N_DESIGNS (sizeof designs / sizeof designs[0])

#define NE(f) (a->f != b->f)
static int arr_ne(const double *x, const double *y, int n)
{
	for (int i = 0; i < n; i++)
		if (x[i] != y[i])
			return 1;
	return 0;
}

/* The MECH_* flags of what differs between memory systems a (before) and b (after). */
static unsigned observed_changes(const memsys_t *a, const memsys_t *b)
{
	unsigned f = 0;
	if (NE(l1_hit))
		f |= MECH_L1_HIT;
	if (NE(llc_hit))
		f |= MECH_LLC_HIT;
	if (NE(n_compute) || NE(n_cache) || NE(n_gated) || NE(warps) || NE(mlp) || NE(issue_service) ||
	    NE(dep_delay) || NE(rf_service) || NE(mem_per_inst) || NE(req_per_mem) || NE(bytes_per_req) ||
	    NE(write_frac) || NE(l1_count) || NE(l1_bytes) || NE(l1_lat) || NE(l1_service) ||
	    NE(noc_lat) || NE(noc_service_req) || NE(noc_service_resp) || NE(noc_resp_ports) ||
	    NE(noc_req_ports) || NE(llc_bytes) || NE(llc_hit_stream) || NE(llc_lat) || NE(llc_service) ||
	    NE(llc_slices) || NE(ext_frac) || NE(ext_bytes) || NE(ext_hit) || NE(ext_miss_extra) ||
	    NE(dram_lat) || NE(dram_service) || NE(dram_channels))
		f |= MECH_LEVELS;
	if (NE(n_extra))
		f |= MECH_STATIONS;
	if (arr_ne(a->e_pj_per_inst, b->e_pj_per_inst, EC_N) || arr_ne(a->p_static_w, b->p_static_w, EC_N) ||
	    NE(rf_reads_per_inst) || NE(rf_writes_per_inst))
		f |= MECH_ENERGY;
	if (arr_ne(a->area_mm2, b->area_mm2, EC_N))
		f |= MECH_AREA;
	if (NE(replication) || NE(rfc_hit) || NE(stt_writes_per_inst))
		f |= MECH_OUTPUTS;
	return f;
}

/* The composition gpu_eval had before the table, kept as the reference: each mechanism by
 * name, and the LLC re-filter when the L1 hit ratio moved and the LLC's did not (with the
 * hierarchy's capacity recomputed under a non-inclusive or exclusive LLC, issue 20). */
static void reference_eval(const gpu_t *g, const design_t *d, const wctx_t *w, metrics_t *out)
{
	memsys_t m;
	memsys_init(g, d, w, &m);
	occ_apply(g, w, &m);          /* the profile's launch and code shape (models/occupancy.h) */
	double h1 = m.l1_hit, hl = m.llc_hit;
	dcl1_apply(g, d, w, &m);
	fuse_apply(g, d, w, &m);
	if (m.l1_hit != h1 && m.llc_hit == hl) {
		/* issue 20: a non-inclusive or exclusive LLC's reach follows the new L1 capacity */
		if (g->llc_inclusion != GPU_INCL_INCLUSIVE)
			m.llc_hit_stream = gpu_llc_stream_hit(g, &m, w);
		m.llc_hit = gpu_local_hit(m.llc_hit_stream, m.l1_hit);
	}
	morpheus_apply(g, d, w, &m);
	malekeh_apply(g, d, w, &m);
	/* issue 20: hits on lines in flight, one refinement from the first solve (models/pending.h) */
	gpu_detail_t det;
	memsys_solve_detail(g, &m, w, out, &det);
	if (w->pend && gpu_pending_refine(g, w, &m, &det))
		memsys_solve(g, &m, w, out);
}

/* A row with NULL hooks (mech.h): no context, free() for a context, every design legal.  A
 * leak or a double free here is caught by the ASan pass of make test. */
static void test_null_hooks(void)
{
	const mech_t bare = { .name = "bare", .level = MECH_LEVEL_OUTER };
	gpu_t g;
	gpu_defaults(&g);
	design_t d;
	design_default(&d);
	const char *why = "untouched";
	CHECK(mech_row_ctx_alloc(&bare, &g, NULL) == NULL, "NULL ctx_alloc: no context");
	CHECK_INT(mech_row_check(&bare, &g, &d, &why), 0, "NULL check: legal");
	CHECK_STR(why, "untouched", "NULL check leaves *why alone");
	mech_row_ctx_free(&bare, malloc(64));            /* NULL ctx_free: free() */
	mech_row_ctx_free(&bare, NULL);                  /* nothing to free */
	CHECK(mech_table[MECH_ATOMICS]->ctx_free == NULL && mech_table[MECH_ATOMICS]->check == NULL,
	      "atomics uses the defaults");
	CHECK(mech_table[MECH_EXECUNIT]->ctx_free == NULL && mech_table[MECH_EXECUNIT]->check == NULL,
	      "execution units use the defaults");
}

static void test_table(void)
{
	CHECK_INT(MECH_N, 6, "DC-L1, FUSE, atomics, Morpheus, Malekeh, execution units");
	const char *want[MECH_N] = { [MECH_DCL1] = "dcl1", [MECH_FUSE] = "fuse", [MECH_ATOMICS] = "atomics",
	                             [MECH_MORPHEUS] = "morpheus", [MECH_MALEKEH] = "malekeh",
	                             [MECH_EXECUNIT] = "execunit" };
	int seen_outer = 0;
	for (int i = 0; i < MECH_N; i++) {
		const mech_t *x = mech_table[i];
		CHECK(x && x->apply && x->columns, "every row has apply and columns (the other hooks may be NULL, mech.h)");
		if (!x)
			continue;
		CHECK_STR(x->name, want[i], "the row at its enum mech_id");
		int fam = 0;
		for (size_t k = 0; k < n_knobs; k++)
			fam += strcmp(knobs[k].family, x->name) == 0;
		/* the execution units (preset ii_* keys) and atomics (the profile's) have no design knob */
		CHECK(fam > 0 || i == MECH_EXECUNIT || i == MECH_ATOMICS, "the row's name is a knob family (src/knobs.c)");
		if (x->level != MECH_LEVEL_L1)
			seen_outer = 1;
		CHECK(!(seen_outer && x->level == MECH_LEVEL_L1), "L1-level rows come first (mech.h)");
		for (const char *const *c = x->columns; *c; c++) {
			CHECK(metric_col_find(*c) != NULL, "a row's column is a stored results column");
			CHECK(mech_of_column(*c) == x, "mech_of_column finds the row");
		}
	}
	CHECK(mech_of_column("ipc") == NULL, "a core column belongs to no mechanism");
	CHECK(mech_of_column("replication") == mech_table[MECH_DCL1], "replication is DC-L1's");
	CHECK(mech_of_column("stt_wpki") == mech_table[MECH_FUSE], "stt_wpki is FUSE's");
	CHECK(mech_of_column("rfc_hit") == mech_table[MECH_MALEKEH], "rfc_hit is Malekeh's");
}

static void test_rows_and_eval(void)
{
	int evaluated = 0, applied_on = 0;
	for (size_t gi = 0; gi < N_PRESETS; gi++) {
		gpu_t g;
		if (gpu_load(presets[gi], &g) != 0) {
			CHECK(0, "shipped preset loads");
			continue;
		}
		/* the reference composition predates the execution-unit row (issue 20): presets that
		 * now carry ii_* (rtx3080, malekeh-2060) are compared without them; test_execunit
		 * checks the row itself */
		g.ii_fp32 = g.ii_fp64 = g.ii_int = g.ii_sfu = g.ii_tensor = g.ii_ldst = 0;
		for (size_t pi = 0; pi < N_PROFILES; pi++) {
			char path[256];
			snprintf(path, sizeof path, "calibration/profiles/%s.json", profiles[pi]);
			workload_t wl;
			if (workload_load(path, &g, &wl) != 0) {
				CHECK(0, "shipped profile loads");
				continue;
			}
			for (int i = 0; i < MECH_N; i++) {
				/* atomics and execution units need the profile's shape: no context without it */
				const profile_shape_t *sh = &wl.ctx->p->shape;
				int needs = i == MECH_ATOMICS ? sh->has_atom && sh->atom_addrs > 0
				          : i == MECH_EXECUNIT ? sh->has_mix : 1;
				CHECK((wl.ctx->mech[i] != NULL) == (needs != 0),
				      "each row's context is built (wctx_alloc) when the profile supports it");
			}
			for (size_t di = 0; di < N_DESIGNS; di++) {
				design_t d;
				char err[256];
				if (design_parse(designs[di], &d, err, sizeof err) != 0) {
					CHECK(0, "test design parses");
					continue;
				}
				const char *why = NULL;
				if (gpu_design_check(&g, &d, &why) != 0)
					continue;                     /* e.g. 40 DC-L1 nodes on 15 SMs */
				/* flags against what each row really changed, in gpu_eval's order */
				memsys_t m;
				memsys_init(&g, &d, wl.ctx, &m);
				for (int i = 0; i < MECH_N; i++) {
					memsys_t before;
					memcpy(&before, &m, sizeof m);
					unsigned got = mech_table[i]->apply(&g, &d, wl.ctx, &m);
					unsigned seen = observed_changes(&before, &m);
					char what[160];
					snprintf(what, sizeof what, "%s on %s/%s [%s]: flags cover the change",
					         mech_table[i]->name, presets[gi], profiles[pi], designs[di]);
					CHECK((seen & ~got) == 0, what);
					snprintf(what, sizeof what, "%s on %s/%s [%s]: 0 only when memsys is untouched",
					         mech_table[i]->name, presets[gi], profiles[pi], designs[di]);
					CHECK(got != 0 || memcmp(&before, &m, sizeof m) == 0, what);
					applied_on += got != 0;
				}
				/* the table's composition against the hand-written reference */
				metrics_t a, b;
				CHECK_INT(gpu_eval(&g, &d, wl.ctx, &a, &why), 0, "legal design evaluates");
				reference_eval(&g, &d, wl.ctx, &b);
				char what[160];
				snprintf(what, sizeof what, "%s/%s [%s]: gpu_eval == reference composition, bit for bit",
				         presets[gi], profiles[pi], designs[di]);
				CHECK(memcmp(&a, &b, sizeof a) == 0, what);
				evaluated++;
			}
			workload_free(&wl);
		}
	}
	/* the lists above must exercise the table, not only illegal points */
	CHECK(evaluated >= 100, "at least 100 legal (preset, workload, design) points compared");
	CHECK(applied_on >= 100, "at least 100 applies that changed something");
}

/* reuse_hist_consistent: the precondition the models assert of every histogram they read. */
static void test_hist_precondition(void)
{
	double lo[3] = { 1, 2, 4 }, hi[3] = { 2, 4, 8 }, count[3] = { 5, 3, 2 };
	reuse_hist_t h = { .n = 3, .lo = lo, .hi = hi, .count = count, .cold = 10, .total = 20 };
	CHECK(reuse_hist_consistent(&h), "total = sum(count) + cold");
	h.total = 21;
	CHECK(!reuse_hist_consistent(&h), "a total that is not the sum is refused");
	h.total = 20;
	count[1] = -1, count[2] = 6;
	CHECK(!reuse_hist_consistent(&h), "a negative count is refused");
	count[1] = 3, count[2] = 2;
	lo[2] = 3;
	CHECK(!reuse_hist_consistent(&h), "overlapping bins are refused");
}

int main(void)
{
	if (!getenv("GPUDSE_ROOT"))
		setenv("GPUDSE_ROOT", ".", 1);
	test_table();
	test_null_hooks();
	test_hist_precondition();
	test_rows_and_eval();
	return check_summary("mech");
}
