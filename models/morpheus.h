/*
 * morpheus.h -- Morpheus (paper 000, MICRO 2022): SMs in cache mode lend their register file
 * and L1/shared memory to an extended LLC served by a software kernel; a controller per LLC
 * partition splits the LLC address space, predicts extended hits with two Bloom filters per
 * set (models/bfpred.h) and forwards requests over the NoC.  morpheus.c's header comment
 * gives every equation with its section; this header documents the functions.
 *
 * Modes: each SM computes (memsys_t.n_compute), caches (design_t.mor_cache_sms, at most
 * max_cache_frac = 75% of the SMs, §4.1.3) or is power-gated (design_t.gate_idle).
 */
#ifndef GPUDSE_MORPHEUS_H
#define GPUDSE_MORPHEUS_H

#include "bfpred.h"
#include "design.h"
#include "gpu.h"

/* Parameters with their defaults (morpheus_params_default) and sources. */
typedef struct mor_params {
	/* extended-LLC kernel layout (§4.2.1, §5) */
	int rf_warps[MOR_NIMPL];    /* kernel warps whose set lives in the RF: RF 48, RF+L1 32, L1 0 (§5) */
	int l1_warps[MOR_NIMPL];    /* kernel warps whose set lives in L1: 0, 16, 48 (§5) */
	int max_regs;               /* registers per thread the kernel may use (§5: 256) */
	int aux_rf;                 /* auxiliary registers per RF warp (inferred from §4.2.1/§5: 9) */
	int aux_l1;                 /* registers per L1 warp (inferred from the 328 KiB of §5: 6) */
	int block_bytes;            /* extended-LLC block, 128 B (§4.2.1) */
	/* characterisation per implementation (§5), indexed by enum mor_impl */
	double lat_ns[MOR_NIMPL];   /* access latency controller -> cache-mode SM -> controller */
	double bw_gbps[MOR_NIMPL];  /* bandwidth per cache-mode SM (NoC-bound) */
	double e_pj_per_byte[MOR_NIMPL]; /* energy per byte of an extended access */
	double miss_extra_ns;       /* extended miss over a conventional miss: 773 - 608 ns (§4.1.2) */
	double imov_save_ns;        /* Indirect-MOV instruction: latency saved per RF hit (assumed) */
	double comp_lat_ns;         /* BDI decompression per compressed hit (assumed) */
	double msg_bytes;           /* a request or miss reply without data: one 32 B flit */
	/* predictor (§4.1.2) */
	int bf_bytes;               /* per filter, 32 B */
	int bf_hashes;              /* hash functions per filter (not in the paper: assumed 2) */
	/* controller (§4.1.3, §7.5) */
	double max_cache_frac;      /* largest share of SMs in cache mode, 0.75 */
	double query_kib;           /* extended-LLC query unit per partition, 5 KiB */
	double ctrl_power_frac;     /* controller power share of GPU power, 0.0093 */
	double ref_power_w;         /* GPU power the share refers to (RTX 3080 board power, 320 W) */
	int ref_partitions;         /* partitions of that reference GPU (10) */
} mor_params_t;

void morpheus_params_default(const gpu_t *g, mor_params_t *p);

/* One RF-resident set (§4.2.1, Fig. 8): `ways` blocks in data-array registers (compressed
 * blocks packed 4 or 2 per register, §4.3.1 Fig. 9), one metadata register per 32 blocks,
 * one BDI base register per 32 compressed blocks, plus auxiliary registers. */
typedef struct mor_rf_set {
	int regs;                   /* registers per thread available to the warp */
	int ways;                   /* blocks per set */
	int data_regs;              /* data-array registers */
	int meta_regs;              /* ceil(ways / 32) */
	int base_regs;              /* ceil(compressed blocks / 32) */
	int aux_regs;
} mor_rf_set_t;

/* Largest set fitting `regs` registers per thread with `aux` auxiliary registers; comp =
 * shares of blocks compressible 4x, 2x, not at all (NULL: uncompressed).  0, or -1 when not
 * even one block fits. */
int morpheus_rf_set(int regs, int aux, const double *comp, mor_rf_set_t *out);

/* The extended LLC of one cache-mode SM. */
typedef struct mor_layout {
	int rf_warps, l1_warps;     /* kernel warps per storage */
	int sets;                   /* one set per warp */
	double warp_regs;           /* RF size in 128 B warp registers (rf_kib x 1024 / 128) */
	mor_rf_set_t rf;            /* an RF set, uncompressed */
	mor_rf_set_t rf_comp;       /* an RF set with compression (== rf when off) */
	int l1_ways;                /* blocks per L1-resident set */
	double rf_bytes;            /* RF data capacity, uncompressed: rf_warps x ways x 128 B */
	double rf_bytes_eff;        /* with compression */
	double l1_bytes;            /* L1/shared memory used (all of it when l1_warps > 0) */
	double bytes;               /* rf_bytes + l1_bytes: what address separation splits by */
	double bytes_eff;           /* rf_bytes_eff + l1_bytes (L1 blocks are not compressed, §4.3.1 fn. 4) */
} mor_layout_t;

/* Layout for `rf_warps` RF warps and `l1_warps` L1 warps.  Per RF warp, registers per thread
 * R = min(max_regs, floor((warp_regs - l1_warps x aux_l1) / rf_warps)).  comp as above.
 * 0, or -1 when the warps do not fit. */
int morpheus_layout(const gpu_t *g, const mor_params_t *p, int rf_warps, int l1_warps,
                    const double *comp, mor_layout_t *out);
/* The same for implementation `impl` (p->rf_warps[impl], p->l1_warps[impl]). */
int morpheus_layout_impl(const gpu_t *g, const mor_params_t *p, int impl, const double *comp,
                         mor_layout_t *out);

/* Controller sizing (§4.1.2, §4.1.3, §7.5). */
int morpheus_max_cache_sms(const gpu_t *g, const mor_params_t *p);      /* floor(0.75 n_sm) */
int morpheus_max_sets(const gpu_t *g, const mor_params_t *p);           /* max cache SMs x warps */
int morpheus_sets_per_partition(const gpu_t *g, const mor_params_t *p); /* next power of 2 of the share */
double morpheus_bf_kib(const gpu_t *g, const mor_params_t *p);          /* 32 B x 2 x sets per partition */
double morpheus_ctrl_kib(const gpu_t *g, const mor_params_t *p);        /* + query unit, per partition */
/* llc_scale of the paper's fair baseline: BL with the controller storage added to its LLC. */
double morpheus_fair_llc_scale(const gpu_t *g, const mor_params_t *p);

/* Per-workload context: parameters, layouts and predictor counter chains per (impl, compress). */
typedef struct mor_ctx {
	mor_params_t par;
	int has_comp;               /* the profile gives compressibility */
	double comp[3];             /* BDI high (4x), low (2x), uncompressed shares */
	mor_layout_t lay[MOR_NIMPL][2];        /* [impl][compress] */
	bfpred_phase_t *ph_rf[MOR_NIMPL][2];   /* counter chains of RF sets (NULL: no RF sets) */
	bfpred_phase_t *ph_l1[MOR_NIMPL][2];   /* of L1 sets */
	struct memo *pred_memo;     /* predictor results by (set type, n_active, h1, bytes/way) */
} mor_ctx_t;

/* Everything morpheus_eval computes (the `model morpheus` / explain terms). */
typedef struct mor_eval {
	int on;                     /* 0: mor_cache_sms == 0, memsys untouched */
	int n_cache, n_compute;
	int compress_used;          /* compression on and the profile has comp_frac */
	mor_layout_t lay;
	double conv_bytes;          /* conventional LLC capacity */
	double ext_bytes;           /* raw extended capacity, n_cache x layout bytes */
	double ext_bytes_eff;       /* after compression */
	double ext_frac;            /* share of LLC requests mapped to the extended LLC (§4.1.1) */
	double rf_share;            /* share of extended requests served by RF sets (§4.2) */
	double llc_hit;             /* conventional part's hit ratio */
	double ext_hit, ext_hit_rf, ext_hit_l1;
	bfpred_result_t pred_rf, pred_l1;
	double p_fwd;               /* P(an extended miss is forwarded to a cache-mode SM) */
	double lookups;             /* cache-SM lookups per extended request: hits + forwarded misses */
	double fills;               /* insertions per extended request: the misses */
	double hit_ns;              /* extended hit latency after Indirect-MOV / decompression */
	double unit_cyc;            /* one 128 B transfer at a cache-mode SM, core cycles */
	double service_cyc;         /* station service per lookup (fills folded in) */
	double delay_cyc;           /* station fixed latency per lookup */
	double miss_extra_cyc;      /* memsys.ext_miss_extra: averaged over extended misses */
	double noc_req_add_cyc;     /* added to memsys.noc_service_req per L1 miss */
	double noc_flits_per_ext;   /* extra flits per extended request at the LLC-side ports */
	double e_pj_per_inst;       /* added to e_pj_per_inst[EC_EXT] */
	double ctrl_w;              /* controller power added to p_static_w[EC_EXT] */
	double ctrl_mm2;            /* controller storage area added to area_mm2[EC_EXT] */
} mor_eval_t;

/* Per-workload precomputation with parameters par (copied; NULL: morpheus_params_default, what
 * the GPU model uses; the `model morpheus` command passes its overrides).  NULL on
 * allocation failure. */
mor_ctx_t *morpheus_ctx_alloc(const gpu_t *g, const profile_t *p, const mor_params_t *par);
void morpheus_ctx_free(mor_ctx_t *c);
/* Legality: 0, or -1 with *why naming the rule. */
int morpheus_check(const gpu_t *g, const design_t *d, const char **why);
/* Edit m for design d (nothing when mor_cache_sms == 0).  ctx may be NULL (computed on the
 * fly from defaults: slow, for tools).  out may be NULL. */
void morpheus_eval(const gpu_t *g, const design_t *d, const wctx_t *w, const mor_ctx_t *ctx,
                   memsys_t *m, mor_eval_t *out);
/* The GPU-model seam (models/mech.h): morpheus_eval with the workload's context; the row. */
unsigned morpheus_apply(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m);
extern const mech_t mech_morpheus;

#endif
