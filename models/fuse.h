/*
 * fuse.h -- the FUSE hybrid SRAM + STT-MRAM L1 (Zhang, Jung, Kandemir, HPCA 2019;
 * ../shared/papers/004) as a mechanism of the GPU model.
 *
 * Organisation (one design point; fuse_org_from_design):
 *   cfg       sram (L1-SRAM, untouched), stt (By-NVM: the whole area as STT-MRAM, 4-way, dead
 *             fills bypassed), hybrid (SRAM 2-way + STT 2-way, no tag queue / swap buffer: every
 *             STT write stalls), base (hybrid + tag queue 16 + swap buffer 3), fa (base with the
 *             approximate fully-associative FIFO STT bank, §III-B), dy (fa + read-level
 *             predictor, §IV-B).                                                   [§V, Table I]
 *   capacities  fuse_sram_kib / fuse_stt_kib per SM, or (0) the split of the SRAM L1's area by
 *             fuse_sram_frac: sttmram.h (S1) cell areas, or the technology table (tech.h [L4]).
 *   ways      fuse_sram_ways (0: Table I's 2), fuse_stt_ways for a set-associative STT bank
 *             (0: 2, pure STT 4); fuse_stt_org fa: FIFO, approximately fully associative.
 *   placement fuse_placement: cfg (dy or fuse_predictor: predictor, else victim), victim (fills
 *             to SRAM, victims to STT), predictor (accuracy fuse_pred_acc), oracle (each
 *             block's class by its write and read counts: q = 1); fuse_migrate: a write hit in
 *             STT moves the block to SRAM (§III-A, §IV-A).
 *
 * Hit rates and bank traffic (fuse.c HIT RATES): the organisation's rules simulated in miniature
 * on the profile's sampled l1 stream (fuse_minisim.h, Waldspurger et al. 2017), memoised per
 * workload and organisation.  Estimates, not exact: sampling error in docs/validation.md and
 * per point in fuse_hit_t.se_h.  Timing, energy and area from sttmram.h, bloom.h, tech.h as below
 * (fuse.c EFFECTS).
 */
#ifndef GPUDSE_FUSE_H
#define GPUDSE_FUSE_H

#include "gpu.h"
#include "profile.h"
#include "sttmram.h"
#include "bloom.h"
#include "fuse_minisim.h"

typedef struct fuse_params {
	stt_tech_t tech;         /* cells, latencies, energies, leakage, queue sizes (sttmram.h) */
	int sram_assoc;          /* SRAM bank ways in a hybrid (Table I: 2) */
	int stt_assoc;           /* set-associative STT bank ways in a hybrid (Table I: 2) */
	int nvm_assoc;           /* pure STT L1 ways (Table I By-NVM: 4) */
	double cbf_set_blocks;   /* blocks per filtered data set (Table I: 512 ways / 128 filters) */
	int cbf_counters;        /* counters per filter (§V-B: 128 slots) */
	int cbf_bits;            /* bits per counter (§IV-C: 2) */
	int cbf_hashes;          /* (Table I: 3) */
	int comparators;         /* parallel tag comparators of the polling logic (§III-B: 4) */
	double t_filter;         /* cycles of the filter test (§IV-C: one STT read) */
	double area_tq_sb;       /* L1 area added by tag queue + swap buffer (share of the L1 area) */
	double area_cbf;         /* ... by the counting filters and polling logic */
	double area_pred;        /* ... by the predictor; the three sum to §V-C's 0.7%, split by
	                            Table III's transistor counts */
	/* technology table (issue 22): banks' capacities, energies and leakage from it when set */
	const struct tech_table *tab;
	double tab_node_nm;
	int tab_assoc;
	int tab_width_bits;
} fuse_params_t;

void fuse_params_default(fuse_params_t *p);

/* SRAM / STT-MRAM capacities in the area of an SRAM L1 of l1_bytes, SRAM area share s.  0, or
 * -1 when a bank falls outside the technology table. */
int fuse_split(const fuse_params_t *p, double l1_bytes, double s, stt_split_t *out /* OUT */);

/* Per-workload context: the sample's classes and the memo of miniature simulations. */
typedef struct fuse_ctx {
	fuse_params_t par;
	profile_minisample_t sample;          /* the profile's, shallow: its arrays belong to the
	                                         profile, which outlives the context */
	unsigned char *cls;                   /* read-level class per sampled key */
	double block_bytes;
	struct memo *memo;                    /* organisation -> fuse_mini_rates_t */
	struct memo *fp_memo;                 /* fuse_effects' rate <-> stall fixed points */
	struct memo *hit_memo;                /* fuse_hit_eval by organisation and L1 size */
} fuse_ctx_t;

/* NULL when the profile has no fuse_sample (profiles made before issue 21) or out of memory. */
fuse_ctx_t *fuse_ctx_alloc(const profile_t *p, const fuse_params_t *par);
void fuse_ctx_free(fuse_ctx_t *c);

typedef struct fuse_org {
	int cfg;                 /* enum fuse_cfg */
	int pure_stt;            /* whole L1 as STT (cfg stt) */
	int blocking;            /* no tag queue / swap buffer (hybrid, stt) */
	int fa;                  /* approximate fully-associative FIFO STT bank */
	int placement;           /* enum fuse_place (fuse_minisim.h) */
	double q;                /* predictor accuracy */
	int migrate;             /* write hit in STT migrates to SRAM under a predictor */
	double sram_frac;        /* SRAM share of the area (when the capacities are 0) */
	double sram_kib, stt_kib;/* capacities per SM (0, 0: from sram_frac) */
	int sram_ways, stt_ways; /* 0: the params' defaults */
} fuse_org_t;
/* From the design's knobs.  0, or -1 if cfg is FUSE_SRAM (off). */
int fuse_org_from_design(const design_t *d, fuse_org_t *o);

/* Bank hit rates and traffic, per L1 access. */
typedef struct fuse_hit {
	double sram_bytes, stt_bytes;    /* capacities per SM */
	double h_sram, h_stt, h;         /* hits per access in each bank, total */
	double se_h;                     /* sampling standard error of h (between sampled SMs) */
	double sample_rate;              /* rate the miniature ran at */
	double sample_refs;              /* sampled accesses it simulated */
	double stt_read;                 /* STT reads: read hits + migrations' reads */
	double stt_probe;                /* lookups that miss both banks (waited for the STT tags) */
	double stt_write;                /* all STT writes = fill + evict + update */
	double stt_fill, stt_evict, stt_update, migrations;
	double sram_read;                /* SRAM reads: read hits + victims read out */
	double sram_write;               /* SRAM writes: write hits + fills (migrations in) */
	bloom_tagsearch_t ts;            /* FA tag search (zeros when set-associative) */
	double t_read, t_probe, t_write; /* STT bank occupancy per request type, cycles */
	double x_read, x_probe;          /* extra latency over an SRAM access: STT read hit, STT miss */
} fuse_hit_t;
/* l1_bytes: the SRAM L1 whose area is the budget.  0, or -1 on bad arguments. */
int fuse_hit_eval(const fuse_ctx_t *c, const fuse_org_t *o, double l1_bytes, fuse_hit_t *out);

/* Everything fuse_apply derives for one design point (the `model fuse` JSON prints it all). */
typedef struct fuse_eff {
	fuse_org_t org;
	fuse_hit_t hit;
	stt_load_t load;                 /* per-cycle STT traffic from the rate estimate */
	stt_block_t blk;
	double l1_rate;                  /* L1 accesses per cycle per SM (asymptotic-bound estimate) */
	double stall_per_access;         /* L1 port cycles added per access */
	double stt_service;              /* STT station service per waiting visit */
	double stt_visits;               /* STT station visits per L1 access (reads + probes) */
	double stt_delay;                /* STT station fixed extra latency per visit */
	double e_l1_pj_per_access;       /* FUSE L1 dynamic energy per access (preset-scaled) */
	double e_l1_delta_pj_per_inst;   /* added to memsys e_pj_per_inst[EC_L1] */
	double leak_ratio;               /* FUSE L1 leakage over the SRAM L1's */
	double p_l1_delta_w;             /* added to memsys p_static_w[EC_L1] */
	double area_l1_delta_mm2;        /* added to memsys area_mm2[EC_L1] */
} fuse_eff_t;
int fuse_effects(const gpu_t *g, const fuse_ctx_t *c, const fuse_org_t *o, const memsys_t *m,
                 fuse_eff_t *out);

/* The GPU-model seam (models/mech.h). */
int fuse_check(const gpu_t *g, const design_t *d, const char **why);
unsigned fuse_apply(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m);
extern const mech_t mech_fuse;

#endif
