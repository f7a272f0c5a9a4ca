/*
 * sttmram.h -- SRAM / STT-MRAM technology terms of a hybrid L1 and the STT bank's write
 * blocking (FUSE, HPCA 2019, ../shared/papers/004: §II-B, §IV-A, Table I).
 *
 *   capacities  the L1's data-array area A = l1_bytes x sram_cell_f2 is split: a share s is SRAM,
 *               1 - s is STT-MRAM:  sram = s A / sram_f2,  stt = (1 - s) A / stt_f2     [§II-B]
 *   latency     SRAM 1/1 cycles (R/W), STT-MRAM 1/5                                    [Table I]
 *   energy      per access, scaled from Table I's 16 KB SRAM / 64 KB STT banks by (C/C_ref)^0.75
 *               (the exponent fitted to Table I's 16 KB and 32 KB SRAM points)
 *   leakage     linear in capacity through Table I's points (SRAM 58 mW @ 32 KB, 36 @ 16 KB;
 *               STT 2.8 mW @ 128 KB, 2.6 @ 64 KB)
 *   blocking    the STT bank is one server.  Blocking organisation (Hybrid, pure STT): every STT
 *               write holds the whole L1 for the write latency, reads that find the bank busy wait
 *               the mean residual service.  Non-blocking (FUSE): requests wait in a tag queue of Q
 *               entries, an M/D/1/K queue with K = Q + 1 (queue.h); an arrival that finds it full
 *               stalls the L1 for the mean residual service; SRAM evictions also need one of B
 *               swap-buffer registers, an M/D/1/K with K = B whose server is the share of the
 *               bank the other requests leave; a write hit on STT data (misprediction update)
 *               flushes the tag queue (§IV-A): it stalls while the queue drains.
 * Equations and assumptions are in sttmram.c's header comment.
 */
#ifndef GPUDSE_STTMRAM_H
#define GPUDSE_STTMRAM_H

typedef struct stt_tech {
	double sram_cell_f2;     /* SRAM cell, F^2 (§II-B: 140) */
	double stt_cell_f2;      /* STT-MRAM cell, F^2 (§II-B: 36) */
	double sram_rd_cyc;      /* SRAM read latency, L1 cycles (Table I: 1) */
	double sram_wr_cyc;      /* SRAM write (Table I: 1) */
	double stt_rd_cyc;       /* STT-MRAM read (Table I: 1) */
	double stt_wr_cyc;       /* STT-MRAM write (Table I: 5) */
	double sram_rd_nj;       /* SRAM read energy at sram_ref_kib, nJ (Table I: 0.09) */
	double sram_wr_nj;       /* (Table I: 0.07) */
	double stt_rd_nj;        /* STT read energy at stt_ref_kib (Table I: 0.26) */
	double stt_wr_nj;        /* (Table I: 2.4) */
	double sram_ref_kib;     /* 16 */
	double stt_ref_kib;      /* 64 */
	double e_size_exp;       /* energy ~ capacity^exp (0.75, fitted to Table I SRAM 16/32 KB) */
	double sram_leak_mw0;    /* SRAM leakage = mw0 + mw_per_kib x KiB (Table I: 14 + 1.375 KiB) */
	double sram_leak_mw_per_kib;
	double stt_leak_mw0;     /* STT leakage (Table I: 2.4 + 0.003125 KiB) */
	double stt_leak_mw_per_kib;
	int tag_queue;           /* tag (request) queue entries (Table I: 16) */
	int swap_buffer;         /* swap-buffer registers (Table I: 3) */
} stt_tech_t;

/* Table I / §II-B defaults. */
void stt_tech_default(stt_tech_t *t);

/* SRAM / STT-MRAM capacities for an SRAM-equivalent L1 of l1_bytes and SRAM area share s. */
typedef struct stt_split {
	double sram_bytes;       /* s x A / sram_f2 */
	double stt_bytes;        /* (1 - s) x A / stt_f2 */
	double total_bytes;
	double gain;             /* total / l1_bytes */
} stt_split_t;
/* Returns 0, or -1 unless l1_bytes > 0 and 0 <= s <= 1. */
int stt_split(const stt_tech_t *t, double l1_bytes, double sram_frac, stt_split_t *out);

/* Dynamic energy per access of a bank of `kib` KiB, nJ (is_stt: STT-MRAM; is_write: a write). */
double stt_access_nj(const stt_tech_t *t, double kib, int is_stt, int is_write);
/* Leakage of a bank of `kib` KiB, mW (0 for an empty bank). */
double stt_leak_mw(const stt_tech_t *t, double kib, int is_stt);

/* Offered STT-bank traffic, per L1 cycle, and its organisation. */
typedef struct stt_load {
	double lam_read;         /* STT read hits per cycle */
	double lam_probe;        /* STT lookups that miss (tag search only) per cycle */
	double lam_write;        /* STT writes (fills, victims, updates) per cycle */
	double lam_evict;        /* of lam_write: SRAM victims moved through the swap buffer */
	double lam_update;       /* of lam_write: write hits on STT data (flush the tag queue) */
	double t_read;           /* cycles a read hit holds the bank (read + tag search) */
	double t_probe;          /* cycles a missing lookup holds it (tag search) */
	double t_write;          /* cycles a write holds it */
	int nonblocking;         /* 1: tag queue + swap buffer (FUSE); 0: Hybrid / pure STT */
	int tag_queue;           /* entries (nonblocking only) */
	int swap_buffer;         /* registers (nonblocking only) */
} stt_load_t;

typedef struct stt_block {
	double lam;              /* total STT requests per cycle */
	double s_mean;           /* mean service, cycles */
	double s_resid;          /* mean residual service seen by a blocked arrival, E[S^2] / (2 E[S]) */
	double rho;              /* offered utilisation lam x s_mean */
	double p_block_tq;       /* probability an STT request finds the tag queue full (K = Q+1);
	                            blocking organisation: finds the bank busy (K = 1) */
	double p_block_sb;       /* probability an SRAM victim finds the swap buffer full */
	double wait;             /* mean wait of an accepted STT request before service, cycles */
	double stall_per_write;  /* L1 stall cycles per STT write (blocking: t_write; FUSE: the swap-
	                            buffer blocking and the queue flush of updates) */
	double stall_per_req;    /* L1 stall cycles per STT request from a full tag queue / busy bank */
	double stall_per_cycle;  /* L1 stall cycles per cycle, all causes (may exceed 1: saturated) */
} stt_block_t;
/* Fills *out.  Returns 0, or -1 for negative rates or non-positive service times. */
int stt_block_eval(const stt_load_t *in, stt_block_t *out);

#endif
