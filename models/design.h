/*
 * design.h -- one design point: the value of every knob the search can turn.
 *
 * A design is plain data.  design_default() gives the study-independent baseline (the GPU
 * preset as published: private L1s, SRAM L1, no cache-mode SMs, no RF cache); a study's
 * baseline and space override fields by name through src/knobs.c, which is the one table
 * that maps knob names, types, ranges and enum spellings to the fields below.
 */
#ifndef GPUDSE_DESIGN_H
#define GPUDSE_DESIGN_H

/* DC-L1 organisations (paper 001). */
enum dcl1_org {
	DCL1_BASE = 0,   /* private L1 inside each core (the baseline) */
	DCL1_PR,         /* PrY: Y decoupled L1s, each private to X/Y cores (§IV) */
	DCL1_SH,         /* ShY: Y address-interleaved shared DC-L1s (§V) */
	DCL1_SHC,        /* ShY+CZ: Z clusters of Y/Z shared DC-L1s (§VI) */
	DCL1_NORG
};

/* FUSE L1 configurations (paper 004 §V). */
enum fuse_cfg {
	FUSE_SRAM = 0,   /* L1-SRAM: the baseline SRAM L1 */
	FUSE_STT,        /* By-NVM-like: the whole L1 area as STT-MRAM */
	FUSE_HYBRID,     /* SRAM + STT-MRAM, no tag queue / swap buffer: every STT write stalls */
	FUSE_BASE,       /* Base-FUSE: tag queue + swap buffer, set-associative STT bank */
	FUSE_FA,         /* FA-FUSE: approximate fully-associative STT bank (counting Bloom filters) */
	FUSE_DY,         /* Dy-FUSE: FA-FUSE + read-level predictor */
	FUSE_NCFG
};
enum stt_org { STT_SETASSOC = 0, STT_APPROX_FA };
/* FUSE placement policy knob: cfg = what fuse_cfg and fuse_predictor say. */
enum fuse_placement { FUSE_PLACEMENT_CFG = 0, FUSE_PLACEMENT_VICTIM, FUSE_PLACEMENT_PREDICTOR,
                      FUSE_PLACEMENT_ORACLE, FUSE_NPLACEMENT };

/* Morpheus (paper 000). */
enum mor_impl { MOR_RF = 0, MOR_RF_L1, MOR_L1, MOR_NIMPL };  /* extended-LLC storage used */
enum mor_pred { MOR_PRED_NONE = 0, MOR_PRED_BLOOM, MOR_PRED_PERFECT, MOR_NPRED };

/* Malekeh (paper 002). */
enum rfc_prio { RFC_PRIO_GTO = 0, RFC_PRIO_MALEKEH };
#define RFC_STHLD_DYNAMIC (-1)

typedef struct design {
	/* GPU-level knobs (the §6 Morpheus baselines use them) */
	int active_sms;        /* compute SMs; 0 = every SM not in cache mode */
	int gate_idle;         /* 1: SMs neither computing nor caching are power-gated */
	double llc_scale;      /* multiplier on the conventional LLC capacity (IBL-4x-LLC: 4) */
	double mem_clock_scale;/* memory-system (NoC, LLC, DRAM) clock multiplier (Frequency-Boost) */
	int unified_sm_mem;    /* Unified-SM-Mem: register file left unused by the kernel added to L1 */

	/* DC-L1 */
	int dcl1_org;          /* enum dcl1_org */
	int dcl1_nodes;        /* Y: DC-L1 nodes (0 with DCL1_BASE) */
	int dcl1_clusters;     /* Z: clusters (DCL1_SHC only; 1 otherwise) */
	int dcl1_boost;        /* 1: NoC#1 at twice the clock where the crossbar allows it */
	int dcl1_gran;         /* ShY / ShY+CZ interleaving granularity, lines per home run (1) */

	/* FUSE */
	int fuse_cfg;          /* enum fuse_cfg */
	double fuse_sram_frac; /* SRAM share of the L1 area, (0, 1] */
	int fuse_stt_org;      /* enum stt_org (FUSE_BASE: set-assoc; FA/DY: approximate FA) */
	int fuse_predictor;    /* 1: read-level predictor steers fills (Dy-FUSE) */
	double fuse_pred_acc;  /* predictor accuracy in [0,1] (paper: 0.95, worst 0.85) */
	int fuse_placement;    /* enum fuse_placement */
	int fuse_migrate;      /* 1: a write hit in STT moves the block to SRAM (§III-A) */
	double fuse_sram_kib;  /* SRAM bank per SM; 0 (with fuse_stt_kib 0): the area split */
	double fuse_stt_kib;   /* STT bank per SM */
	int fuse_sram_ways;    /* 0: Table I (2) */
	int fuse_stt_ways;     /* set-associative STT ways; 0: Table I (2; pure STT 4) */

	/* Morpheus */
	int mor_cache_sms;     /* SMs in cache mode */
	int mor_impl;          /* enum mor_impl */
	int mor_pred;          /* enum mor_pred */
	int mor_compress;      /* 1: BDI compression in the extended LLC (§4.3.1) */
	int mor_imov;          /* 1: Indirect-MOV (§4.3.2) */

	/* Malekeh */
	int rfc_on;            /* 1: caching collector units */
	int rfc_sthld;         /* static STHLD >= 0, or RFC_STHLD_DYNAMIC */
	int rfc_rthld;         /* near/far reuse-distance threshold (instructions) */
	int rfc_entries;       /* cache-table entries per CCU (paper: 8) */
	int rfc_ccus;          /* CCUs per sub-core (paper: 2) */
	int rfc_priority;      /* enum rfc_prio */
} design_t;

/* The baseline: every mechanism off, GPU as published. */
void design_default(design_t *d);

#endif
