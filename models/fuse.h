/*
 * fuse.h -- the FUSE hybrid SRAM + STT-MRAM L1 (HPCA 2019, ../shared/papers/004; issue 5).
 *
 * Configurations (design_t.fuse_cfg, §V and Table I), all under the area budget of the SRAM L1:
 *   sram    L1-SRAM: the baseline; fuse_apply leaves the memory system alone.
 *   stt     By-NVM-like: the whole area as STT-MRAM (4-way), dead (WORO) fills bypassed,
 *           every STT write stalls the L1 (no tag queue or swap buffer).
 *   hybrid  SRAM (2-way) + STT (2-way) banks, SRAM share fuse_sram_frac; no tag queue or swap
 *           buffer: every STT write stalls the L1.
 *   base    Base-FUSE: hybrid + 16-entry tag queue + 3-entry swap buffer.
 *   fa      FA-FUSE: base with the STT bank approximately fully associative (FIFO), tag search
 *           guided by counting Bloom filters (models/bloom.h).
 *   dy      Dy-FUSE: fa + the read-level predictor (accuracy fuse_pred_acc).
 * The knobs fuse_stt_org (fa) and fuse_predictor (1) add the approximate FA bank or the predictor
 * to any hybrid configuration; cfg fa/dy imply the FA bank and dy implies the predictor.
 *
 * Hit model (fuse.c has the equations): classes WM, RI, WORM, WORO from the profile (shares of
 * accesses, blocks and writes, per-class stack distances, reuse gaps through the l1 stream's
 * reuse times); placement fractions from the configuration and the predictor accuracy; each
 * class a chain over {in SRAM, in STT} (victims move to STT, STT hits stay there); LRU banks by
 * Smith on the bank's own occupancy of the l1 stack, the FIFO bank by its lifetime after
 * insertion (Little's law).  Traffic per L1 access to each bank, STT writes, migrations; write
 * blocking from models/sttmram.h; tag-search cycles from models/bloom.h.
 */
#ifndef GPUDSE_FUSE_H
#define GPUDSE_FUSE_H

#include "gpu.h"
#include "profile.h"
#include "reuse.h"
#include "sttmram.h"
#include "bloom.h"

typedef struct fuse_params {
	stt_tech_t tech;         /* cells, latencies, energies, leakage, queue sizes (sttmram.h) */
	int sram_assoc;          /* SRAM bank ways in a hybrid (Table I: 2) */
	int stt_assoc;           /* set-associative STT bank ways in a hybrid (Table I: 2) */
	int nvm_assoc;           /* pure STT L1 ways (Table I By-NVM: 4) */
	double cbf_set_blocks;   /* blocks per data set: the bank's ways / filters (Table I: 512 / 128
	                            = 4); a larger bank gets more filters, as the paper's tuning would */
	int cbf_counters;        /* counters per filter (§V-B: 128 slots; see fuse.c on 16 vs 64 vs 128) */
	int cbf_bits;            /* bits per counter (§IV-C: 2) */
	int cbf_hashes;          /* (Table I: 3) */
	int comparators;         /* parallel tag comparators of the polling logic (§III-B: 4) */
	double t_filter;         /* cycles of the filter test (§IV-C: one STT read) */
	double area_tq_sb;       /* L1 area added by tag queue + swap buffer (share of the L1 area) */
	double area_cbf;         /* ... by the counting filters and polling logic */
	double area_pred;        /* ... by the read-level predictor; the three sum to Dy-FUSE's 0.7%
	                            (§V-C), split in proportion to Table III's transistor counts */
} fuse_params_t;

void fuse_params_default(fuse_params_t *p);

/* Per-workload precomputation: the class mix and hit-ratio curves per class and associativity. */
#define FUSE_NG 160
#define FUSE_NW 192
enum { FUSE_A_SRAM = 0, FUSE_A_STT, FUSE_A_NVM, FUSE_A_FA, FUSE_NA };
typedef struct fuse_ctx {
	fuse_params_t par;
	int ncls;                        /* 4 with read-level data, 1 without (the whole stream) */
	double acc[RL_NCLASS];           /* share of L1 accesses per class */
	double blk[RL_NCLASS];           /* share of distinct blocks per class */
	double wr[RL_NCLASS];            /* share of the class's accesses that are writes */
	double block_bytes;
	double foot;                     /* distinct blocks per L1 (the l1 stream's footprint / units) */
	double horizon;                  /* L1 accesses per L1 over the profile (accesses / units) */
	reuse_curve_t *cur[RL_NCLASS][FUSE_NA]; /* LRU curve of the class's accesses (cls_sd) per associativity
	                                           (FUSE_A_FA: fully associative) */
	int owns[RL_NCLASS];             /* curves of class c allocated (absent cls_sd: l1 stream) */
	struct {                         /* per class, over its finite reuses (fuse.c: WRITES, TIME) */
		double cold[RL_NCLASS];        /* share of the class's accesses that are first touches */
		double write[RL_NCLASS];       /* m_c: share of its reuses that are writes (RI: its one
		                                  write taken as the first touch) */
		double dbar[RL_NCLASS];        /* E_c[d]: mean finite l1 stack distance */
		double gap_mean[RL_NCLASS];    /* mu_c: mean reuse time, accesses */
		double gap_cv2[RL_NCLASS];     /* CV^2 of the reuse time */
		double w_poisson[RL_NCLASS];   /* w_P: weight of the FIFO bank's Poisson form */
	} reuse;
	struct {                         /* DEPTH: the l1 stack-depth grid */
		int n;                         /* grid points */
		double d[FUSE_NG];             /* depths D (0, then log-spaced) */
		double n_c[RL_NCLASS][FUSE_NG];  /* n_c(D): expected class-c blocks in the top D positions */
		double slope[RL_NCLASS];       /* dn_c/dD beyond the grid */
		double gap[FUSE_NG];           /* t(D): l1 reuse time at depth D (quantiles of rt vs sd) */
		double share[RL_NCLASS][FUSE_NG];  /* share of the class's finite reuses at node d[j] */
		double n_mean[RL_NCLASS][RL_NCLASS]; /* n_mean[k][i] = E_k[n_i(d)] over class k's reuses */
		double suffix_share[RL_NCLASS][FUSE_NG];  /* sums over nodes j' >= j of share[k][j'] */
		double suffix_depth[RL_NCLASS][FUSE_NG];  /* ... of share[k][j'] d[j'] */
		double suffix_n[RL_NCLASS][RL_NCLASS][FUSE_NG]; /* [k][i][j]: ... of share[k][j'] n_c[i][j'] */
	} depth;
	struct {                         /* TIME: FIFO windows W_j = exp(log_max j / (FUSE_NW - 1)) */
		double log_max;
		double regular[RL_NCLASS][FUSE_NW]; /* R_c(W): FIFO hit ratio of regular gaps in a window W */
		double sweep[RL_NCLASS][FUSE_NW];   /* S_c(W): the same for a sweep, E[max(0, 1 - t / W)] */
	} window;
} fuse_ctx_t;

/* Build from a profile (NULL if the profile has no "l1" stream or on allocation failure). */
fuse_ctx_t *fuse_ctx_alloc(const profile_t *p, const fuse_params_t *par);
void fuse_ctx_free(fuse_ctx_t *c);

/* The organisation one design point asks for. */
typedef struct fuse_org {
	int cfg;                 /* enum fuse_cfg */
	int pure_stt;            /* whole L1 as STT (cfg stt) */
	int blocking;            /* no tag queue / swap buffer (hybrid, stt) */
	int fa;                  /* approximate fully-associative STT bank */
	int predictor;           /* read-level predictor steers fills */
	double q;                /* predictor accuracy */
	double sram_frac;        /* SRAM share of the area */
} fuse_org_t;
/* From the design's knobs (fuse.h header rules).  Returns 0, or -1 if cfg is FUSE_SRAM (off). */
int fuse_org_from_design(const design_t *d, fuse_org_t *o);

/* Bank hit rates and traffic, per L1 access. */
typedef struct fuse_hit {
	double sram_bytes, stt_bytes;    /* capacities per SM */
	double h_sram, h_stt, h;         /* hits per access in each bank, total */
	double x_sram, x_comb, x_stt;    /* l1 depths where the banks' occupancies reach their
	                                    capacities, blocks (HIT RATES) */
	double t_sram;                   /* SRAM characteristic time: a block leaves SRAM this many
	                                    accesses after its last use (HIT RATES) */
	double stt_life;                 /* FIFO STT bank: accesses a block stays after insertion */
	int rounds;                      /* rounds of the banks' fixed point (HIT RATES) */
	double cls_h_sram[RL_NCLASS];    /* per class: hits per access of that class */
	double cls_h_stt[RL_NCLASS];
	double cls_stt_occ[RL_NCLASS];   /* FIFO STT bank: the class's blocks present (Little) */
	double place_sram[RL_NCLASS];    /* placement fractions of each class */
	double place_stt[RL_NCLASS];
	double place_bypass[RL_NCLASS];
	double stt_read;                 /* STT read hits (migrations' reads included) */
	double stt_probe;                /* lookups that reach the STT bank and miss */
	double stt_write;                /* all STT writes = fill + evict + update */
	double stt_fill;                 /* fills placed directly in STT */
	double stt_evict;                /* SRAM victims moved to STT (swap buffer) */
	double stt_update;               /* write hits on STT data written in place (flush) */
	double migrations;               /* STT -> SRAM moves (write hits on SRAM-class data in STT) */
	double sram_read;                /* SRAM reads: read hits + victims read out */
	double sram_write;               /* SRAM writes: write hits, fills, migrations in */
	bloom_tagsearch_t ts;            /* FA tag search (zeros when set-associative) */
	double t_read, t_probe, t_write; /* STT bank occupancy per request type, cycles */
	double x_read, x_probe;          /* extra latency over an SRAM access: STT read hit, STT miss */
} fuse_hit_t;
/* l1_bytes: the SRAM L1 whose area is the budget.  Returns 0, or -1 on bad arguments. */
int fuse_hit_eval(const fuse_ctx_t *c, const fuse_org_t *o, double l1_bytes, fuse_hit_t *out);

/* Everything fuse_apply derives for one design point (the `model fuse` JSON prints it all). */
typedef struct fuse_eff {
	fuse_org_t org;
	fuse_hit_t hit;
	stt_load_t load;                 /* per-cycle STT traffic from the rate estimate */
	stt_block_t blk;
	double l1_rate;                  /* L1 accesses per cycle per SM (asymptotic-bound estimate) */
	double stall_per_access;         /* L1 port cycles added per access */
	double stt_service;              /* STT station service per waiting visit (posted writes included) */
	double stt_visits;               /* STT station visits per L1 access (reads + probes) */
	double stt_delay;                /* STT station fixed extra latency per visit */
	double e_l1_pj_per_access;       /* FUSE L1 dynamic energy per access (preset-scaled) */
	double e_l1_delta_pj_per_inst;   /* added to memsys e_pj_per_inst[EC_L1] */
	double leak_ratio;               /* FUSE L1 leakage over the SRAM L1's (Table I model) */
	double p_l1_delta_w;             /* added to memsys p_static_w[EC_L1] */
	double area_l1_delta_mm2;        /* added to memsys area_mm2[EC_L1] */
} fuse_eff_t;
/* Derive the effects on memory system m (after memsys_init and earlier mechanisms). */
int fuse_effects(const gpu_t *g, const fuse_ctx_t *c, const fuse_org_t *o, const memsys_t *m,
                 fuse_eff_t *out);

/* The GPU-model seam (models/mech.h): legality, the edit of the memory system, the row. */
int fuse_check(const gpu_t *g, const design_t *d, const char **why);
unsigned fuse_apply(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m);
extern const mech_t mech_fuse;

#endif
