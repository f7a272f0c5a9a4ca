/*
 * mech.h -- the seam between the GPU model and its mechanisms: one row per mechanism.
 *
 * A mechanism never solves the network itself.  Per workload it may precompute something
 * (ctx_alloc, stored in wctx_t.mech[its id], released by ctx_free); per design point it checks
 * legality (check) and edits the memory system that memsys_init built (apply): capacities,
 * hit rates, latencies, service times, extra stations, energy and area terms, and the
 * memsys_t outputs behind its results columns.  apply returns the MECH_* flags of the parts of
 * memsys_t it wrote (0: it wrote nothing, as when its mechanism is off in the design); the
 * loop acts on these flags, never on comparing values before and after.
 *
 * gpu_eval (models/gpu.c) runs the rows of mech_table in order, L1-level mechanisms first:
 *   DC-L1 (MECH_DCL1)        the L1 organisation: nodes, NoC#1            models/dcl1.c
 *   FUSE (MECH_FUSE)         the L1 technology: SRAM / STT-MRAM banks      models/fuse.c
 *   Atomics (MECH_ATOMICS)   global atomics at the L2: L1 bypass, hot slice models/atomics.c
 *   Morpheus (MECH_MORPHEUS) SMs in cache mode: the extended LLC           models/morpheus.c
 *   Malekeh (MECH_MALEKEH)   the register-file cache in the collectors     models/malekeh.c
 *   Execution units (MECH_EXECUNIT) FP32/FP64/INT/SFU/tensor/LD-ST issue  models/execunit.c
 * After the last row of level MECH_LEVEL_L1 has applied, the LLC sees the L1's new miss
 * stream: when some L1-level row reported MECH_L1_HIT and none MECH_LLC_HIT, gpu_eval sets
 * llc_hit = gpu_local_hit(llc_hit_stream, l1_hit) (gpu.c header, HIT RATES) before the outer
 * rows run.  (L1-level rows themselves see the LLC hit ratio of the baseline L1.)
 *
 * Names.  The code names a mechanism by its paper: the row's name, the source files and the
 * function prefix (dcl1_, fuse_, morpheus_, malekeh_).  Knobs and results columns are the
 * stored database columns and keep their historical prefixes: the mor_ knobs are Morpheus's,
 * and the rfc_ knobs (rfc_on, rfc_sthld, rfc_rthld, rfc_entries, rfc_ccus, rfc_priority) and
 * the rfc_hit column are the register-file-cache knobs and output of the Malekeh mechanism
 * (knob family "malekeh"; `gpudse model rfcache` is its command, alias `model malekeh`).
 *
 * Adding a fifth mechanism, e.g. "xyz":
 *   1. models/xyz.h and models/xyz.c: the model (header: equations, assumptions, valid range,
 *      sources), its context type with xyz_ctx_alloc / xyz_ctx_free, xyz_check, xyz_apply,
 *      and `const mech_t mech_xyz = { ... }` (the row) at the end of xyz.c.
 *   2. One constant MECH_XYZ in enum mech_id below (before MECH_N) and one row
 *      [MECH_XYZ] = &mech_xyz in models/mech.c (the order of MECH_* is the order gpu_eval
 *      applies them: keep L1-level rows first).
 *   3. Its knobs: fields in design_t (models/design.h) and rows in src/knobs.c, family "xyz".
 *   4. Its results columns, if any: a metrics_t field filled from memsys_t in memsys_solve,
 *      a row in src/columns.c (the schema, the store, pareto, query and explain iterate that
 *      table), and the column names in the row's `columns` list (explain shows them as the
 *      mechanism's outputs).
 *   5. tests/unit/test_xyz.c against a closed form, a reference simulator or Monte Carlo, and
 *      its name in the table check of tests/unit/test_mech.c (which pins the rows), and its
 *      designs in test_mech's list (its flags are then checked against what apply changes).
 * gpu.c, the solver and the commands need no edit.  A row may leave ctx_alloc, ctx_free and
 * check NULL (no context; a context freed with free(); no legality rule): callers go through
 * mech_row_ctx_alloc, mech_row_ctx_free and mech_row_check below, never the pointers directly.
 */
#ifndef GPUDSE_MECH_H
#define GPUDSE_MECH_H

struct gpu;
struct design;
struct profile;
struct wctx;
struct memsys;

/* Index of a mechanism in mech_table and in wctx_t.mech (the order gpu_eval applies them). */
enum mech_id { MECH_DCL1 = 0, MECH_FUSE, MECH_ATOMICS, MECH_MORPHEUS, MECH_MALEKEH, MECH_EXECUNIT,
               MECH_N };

/* Where a mechanism acts: L1-level rows run before the LLC re-filter (see above). */
enum mech_level { MECH_LEVEL_L1 = 0, MECH_LEVEL_OUTER };

/* What apply edited in memsys_t (bit flags; 0: nothing). */
enum mech_change {
	MECH_L1_HIT = 1u << 0,     /* l1_hit */
	MECH_LLC_HIT = 1u << 1,    /* llc_hit */
	MECH_LEVELS = 1u << 2,     /* any other capacity, count, latency or service time, ext_* */
	MECH_STATIONS = 1u << 3,   /* added stations (memsys_add_station) */
	MECH_ENERGY = 1u << 4,     /* e_pj_per_inst, p_static_w or RF access counts */
	MECH_AREA = 1u << 5,       /* area_mm2 */
	MECH_OUTPUTS = 1u << 6,    /* a reported output (replication, rfc_hit, stt_writes_per_inst) */
};

typedef struct mech {
	const char *name;          /* "dcl1", "fuse", "morpheus", "malekeh": also its knob family */
	enum mech_level level;
	/* per workload: NULL when the profile cannot support it (apply then does nothing);
	 * ctx_alloc NULL: the mechanism keeps no per-workload context */
	void *(*ctx_alloc)(const struct gpu *g, const struct profile *p);
	/* releases a context; NULL: the context is one malloc'd block, released with free() */
	void (*ctx_free)(void *ctx);
	/* 0 if design d is legal on g for this mechanism, else -1 and *why (static string);
	 * NULL: every design is legal for it (no knob of its own) */
	int (*check)(const struct gpu *g, const struct design *d, const char **why);
	/* edit m for design d; returns the MECH_* flags of what it changed */
	unsigned (*apply)(const struct gpu *g, const struct design *d, const struct wctx *w,
	                  struct memsys *m);
	/* the results columns (src/columns.c) this mechanism contributes; NULL-terminated */
	const char *const *columns;
} mech_t;

extern const mech_t *const mech_table[MECH_N];

/* The row's hooks with their NULL defaults (above): a context or NULL; free it; 0 if legal. */
void *mech_row_ctx_alloc(const mech_t *x, const struct gpu *g, const struct profile *p);
void mech_row_ctx_free(const mech_t *x, void *ctx);
int mech_row_check(const mech_t *x, const struct gpu *g, const struct design *d, const char **why);

/* The mechanism contributing results column `column`, or NULL (a core-model column). */
const mech_t *mech_of_column(const char *column);

#endif
