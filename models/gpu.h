/*
 * gpu.h -- the GPU model: presets, the memory-system description mechanisms edit, the
 * metrics of one design on one workload, and the one evaluation entry point.
 *
 * Evaluation of design d on workload w (models/gpu.c has the equations):
 *
 *   memsys_init(g, d, w)       the baseline system: per-level capacities, hit rates from the
 *                              workload's reuse curves, latencies, bandwidths, energy terms
 *   mech_table[i]->apply       each mechanism (models/mech.h: DC-L1, FUSE, Morpheus, Malekeh)
 *                              edits capacities, hit rates, latencies and service times, adds
 *                              stations (NoC#1, STT bank, cache-mode SMs, RF banks) and
 *                              energy/area terms; none touches the solver
 *   memsys_solve               stations -> closed queueing network -> MVA -> IPC, CPI stack,
 *                              utilisations; then energy = counts x energies + power x time,
 *                              area = structures x cell areas
 *
 * The per-point path allocates nothing: every curve that depends only on the workload lives
 * in the wctx_t built once per workload.
 */
#ifndef GPUDSE_GPU_H
#define GPUDSE_GPU_H

#include "design.h"
#include "llc_mshr.h"
#include "mech.h"
#include "mlp_group.h"
#include "profile.h"
#include "reuse.h"

/* A GPU preset (studies/gpus/NAME.json; fields and defaults in docs/gpu-presets.md). */
typedef struct gpu {
	char name[64];
	char source[256];          /* where the numbers come from */
	/* cores */
	int n_sm;                  /* SMs (DC-L1 calls them cores, X) */
	int sm_version;            /* compute capability x 10 (75 Turing, 80 A100, 86 GA10x, 90
	                              Hopper; 0 unknown).  Read only by the workload generators, for
	                              the SASS they emit: HMMA.1688 on 75, HMMA.16816 otherwise
	                              (src/profiling/generators/deepbench_hgemm.c) */
	double core_mhz;           /* SM clock; every latency below is in these cycles */
	int warps_per_sm;          /* resident warps per SM */
	int subcores;              /* sub-cores (warp schedulers) per SM */
	double issue_per_subcore;  /* warp instructions issued per cycle per sub-core */
	/* execution units (models/execunit.h): core cycles between warp instructions on one
	 * sub-core's unit (initiation interval), 0 = not modelled; ii_ldst: the SM's LD/ST pipe */
	double ii_fp32, ii_fp64, ii_int, ii_sfu, ii_tensor, ii_ldst;
	/* dependent issue (gpu.c DEPENDENT ISSUE): a unit's latency, core cycles from issue to its
	 * result (0: unknown), and the pipeline's cycles beyond it before a dependent instruction
	 * can issue (operand collection, dispatch, write-back, scoreboard release) */
	double lat_fp32, lat_fp64, lat_int, lat_sfu, lat_tensor, dep_pipe;
	double rf_kib;             /* register file per SM */
	int rf_banks_per_subcore;  /* single-ported RF banks per sub-core */
	int ocu_per_subcore;       /* operand collector units per sub-core */
	int max_regs_per_thread;   /* architectural limit (255 on Ampere) */
	int max_ctas_per_sm;       /* resident CTAs per SM (occupancy limit, models/occupancy.h) */
	double smem_kib;           /* shared memory per SM that CTAs may allocate (occupancy limit) */
	/* L1 */
	double l1_kib;             /* L1 data cache per SM */
	double l1_shmem_kib;       /* unified L1 + shared memory storage per SM (Morpheus uses it) */
	int l1_assoc;              /* ways */
	int l1_write_evict;        /* 1: write-evict L1 (a store misses, evicts, never allocates;
	                              DC-L1 Table II): L1-level hit rates from the profile's sd_we */
	int llc_sectored;          /* 1: sectored LLC (GPGPU-Sim "S:" dl2): its hit ratio, with every
	                              SM of the profile active, from the global stream's sector
	                              record (gpu.c HIT RATES) */
	int l1_write_through;      /* 1: write-through L1 (GPGPU-Sim dl1 'T', Volta and later): a
	                              store that hits the L1 goes on to the LLC too (gpu.c WRITE-THROUGH) */
	int l1_sectored;           /* 1: sectored L1 (sector_bytes sectors fetched on demand in
	                              line_bytes lines, flushed between kernels: Volta and later,
	                              GPGPU-Sim "S:"): its hit ratio and miss bytes from the profile's
	                              sector record (gpu.c HIT RATES) */
	int l1_alloc_fill;         /* 1: the L1 allocates a line when its fill arrives, not at the
	                              miss (GPGPU-Sim dl1 allocation 'f', or 's' streaming without the
	                              adaptive carve-out): a reuse of a line in flight merges in the
	                              MSHR and the L1 counts it a miss, so its counted hit ratio is
	                              the reuse profile's less the pending hits (gpu.c HIT RATES,
	                              ALLOCATE ON FILL); traffic and timing are unchanged */
	int l1_index;              /* L1 set index (issue 17): GPU_INDEX_UNIFORM (Smith's binomial
	                              model: blocks spread at random), GPU_INDEX_LINEAR (bit
	                              selection) or GPU_INDEX_IPOLY; with linear/ipoly the L1 hit rate
	                              is exact from the profile's set-associative record when it has
	                              one for the geometry (models/setassoc.h) */
	int llc_index;             /* LLC set index, the same codes (the LLC is taken as one cache of
	                              llc_kib / line / llc_assoc sets: exact only when that is a power
	                              of two and every SM of the profile is active) */
	double l1_lat;             /* hit latency, cycles */
	double l1_bytes_per_cycle; /* peak L1 bandwidth per SM */
	int l1_mshr;               /* MSHR entries per L1 (32 B sectors on a sectored L1; 0: no
	                              entry limit), models/l1mshr.h ENTRY LIMIT */
	int l1_banks;              /* L1 banks, 32 B (one sector) interleave: the load/store unit's
	                              access stage (models/ldst.h); 0: not modelled, the L1 port
	                              moves l1_bytes_per_cycle */
	int noc_sector_packets;    /* 1: every missed sector is its own one-flit packet each way
	                              (models/ldst.h MISS PACKETS); 0: flits of b bytes */
	int line_bytes;            /* cache line */
	int sector_bytes;          /* sector (32 B) */
	/* NoC (SM <-> LLC crossbar) */
	double noc_mhz;            /* crossbar clock */
	int noc_flit_bytes;        /* flit width */
	double noc_lat;            /* one-way traversal latency, core cycles, unloaded */
	double noc_llc_port_gbps;  /* bandwidth of one LLC-side crossbar port, each direction, GB/s;
	                              0: one noc_flit_bytes flit per noc_mhz cycle (gpu.c CLOSED
	                              NETWORK, LLC-SIDE PORTS) */
	/* LLC */
	double llc_kib;            /* total conventional LLC */
	int llc_assoc;
	int llc_slices;            /* banks (DC-L1's L, 32 on its baseline) */
	int llc_partitions;        /* memory partitions (Morpheus: 10 on RTX 3080) */
	double llc_lat;            /* hit latency, core cycles, unloaded, including the NoC round trip */
	int llc_inclusion;         /* GPU_INCL_*: inclusive (an L1 line is always in the LLC),
	                              non-inclusive (no back-invalidation: GPGPU-Sim's L2) or exclusive
	                              (the LLC holds L1 victims); gpu.c HIT RATES, INCLUSION */
	int llc_write_through;     /* 1: write-through LLC (every write also goes to DRAM); 0:
	                              write-back (dirty evictions under llc_write_alloc) */
	int llc_write_alloc;       /* LLCW_* (models/llc_write.h), write-back LLC only: 0 none (a
	                              store miss is written to DRAM at once, dirty evictions not
	                              counted: the model before issue 20), 1 fetch on write, 2 lazy
	                              (GPGPU-Sim 'L'): store misses allocate, DRAM writes are the
	                              dirty evictions within the run (gpu.c LLC WRITE POLICY) */
	double llc_bytes_per_cycle_slice; /* per slice, core cycles */
	int llc_mshr;              /* MSHR entries per LLC slice, 32 B sectors (0: no LLC MSHR term:
	                              no pending hits, merge limit or entry limit at the LLC),
	                              models/llc_mshr.h */
	int llc_mshr_merge;        /* requests one LLC MSHR entry holds, the miss included (0: no
	                              limit); one more holds the slice's input (llc_mshr.h [M]) */
	/* DRAM */
	double dram_gbps;          /* peak bandwidth, GB/s */
	int dram_channels;
	double dram_lat;           /* unloaded miss latency beyond the LLC, core cycles */
	double dram_eff;           /* achievable fraction of peak (calibrated; default 0.8) */
	/* energy (dynamic per event, static per structure) */
	double e_inst_pj;          /* per warp instruction, execution excluding RF and memory */
	double e_rf_read_pj;       /* per RF bank read of one 128 B warp operand */
	double e_rf_write_pj;
	double e_l1_read_pj;       /* per L1 access */
	double e_l1_write_pj;
	double e_llc_pj_per_byte;
	double e_noc_pj_per_byte;  /* per byte per traversal */
	double e_dram_pj_per_byte;
	double p_sm_static_w;      /* per SM, when not gated */
	double p_llc_static_w;     /* whole LLC */
	double p_noc_static_w;     /* whole baseline crossbar */
	double p_dram_static_w;    /* DRAM background */
	double gated_leak_frac;    /* leakage left in a power-gated SM */
	double p_sram_leak_mw_per_kib; /* SRAM array leakage per KiB (RF, L1): FUSE Table I, 58 mW / 32 KB */
	/* area */
	double tech_nm;            /* feature size F */
	double sram_cell_f2;       /* SRAM cell area, F^2 (FUSE §II-B: 140) */
	double stt_cell_f2;        /* STT-MRAM cell area, F^2 (FUSE §II-B: 36) */
	double array_overhead;     /* periphery multiplier on cell area (decoders, sense amps) */
	double noc_area_mm2;       /* area of the baseline X x L crossbar at noc_flit_bytes */
	double sm_logic_mm2;       /* per-SM area outside RF and L1 */
	/* technology table (issue 22, models/tech.h): "" keeps the papers' constants above */
	char tech_table[256];      /* CSV path, relative to gpudse's root unless absolute */
	double tech_node_nm;       /* node the table is read at (0: tech_nm) */
	int tech_node_scaling;     /* 1: a node outside the table's is scaled from its nearest
	                              node (models/tech.h [S1], Stillmaker and Baas 2017); 0: refused */
	const struct tech_table *tech; /* the loaded table (gpu_load), NULL for paper constants */
} gpu_t;

/* CPI-stack buckets and energy/area components: stable names in explain and the database. */
enum cpi_class { CPI_ISSUE = 0, CPI_DEP, CPI_RF, CPI_L1, CPI_NOC, CPI_LLC, CPI_EXT, CPI_DRAM, CPI_N };
extern const char *const cpi_class_name[CPI_N];
enum ecomp { EC_CORE = 0, EC_RF, EC_L1, EC_NOC, EC_LLC, EC_EXT, EC_DRAM, EC_N };
extern const char *const ecomp_name[EC_N];

/* What a station's visit count is proportional to. */
enum ms_per { MS_PER_INST = 0, MS_PER_L1_ACCESS, MS_PER_L1_MISS, MS_PER_LLC_MISS };

/* A station of the closed network. */
typedef struct ms_station {
	const char *name;          /* label for explain (static string) */
	enum cpi_class cls;        /* CPI-stack bucket its residence time is charged to */
	enum ms_per per;           /* visits scale with this count */
	double visits;             /* visits per unit of `per` (summed over copies) */
	double service;            /* core cycles a visit occupies one server (0: none) */
	double delay;              /* fixed latency per visit, core cycles (wires, pipelines) */
	int copies;                /* identical servers the visits spread over */
	double skew;               /* hottest copy's load over the mean (>= 1): camping, hot banks */
	int col;                   /* BARRIER PHASES (barrier_sync.h): 1 + the SP_* column its demand
	                              scales with; 0: by `per` (instructions for MS_PER_INST, global
	                              requests otherwise) */
	int per_sm;                /* 1: copies per compute SM (shared memory, the LD/ST pipe),
	                              barrier_sync.h [B5]; 2: per sub-core (n_compute x k: the
	                              execution units), [B5] and [B6]; 0: shared by the SMs */
} ms_station_t;

#define MEMSYS_MAX_EXTRA 16

/* The memory system of one design on one workload, before solving. */
typedef struct memsys {
	/* SMs */
	int n_compute;             /* SMs running the workload */
	int n_launch_sms;          /* SMs a launch spreads its CTAs over (the compute SMs before
	                              occupancy.h keeps the occupied ones; barrier_sync.h [B5]) */
	int n_cache;               /* SMs in Morpheus cache mode */
	int n_gated;               /* SMs power-gated */
	double warps;              /* resident warps per compute SM */
	double lock_seq, lock_waves; /* lockstep.h [L2] S, N (occupancy.h; 0: no launches) */
	double lock_crit_seq, lock_crit_waits; /* lockstep.h [L5] S*, K* */
	double lock_fills, lock_held, lock_hold; /* lockstep.h [L6]: LLC fills per instruction, h_L
	                              per fill with every reader of the wave in the window, T_f
	                              (gpu.c LLC MSHRS; 0: no refinement) */
	double mlp;                /* loads a warp keeps in flight: mean group size (mlp_group.h) */
	double issue_service;      /* SM issue cycles per warp instruction (1 / issue rate) */
	double dep_delay;          /* dependence latency per warp instruction, cycles */
	double rf_service;         /* operand-collection cycles per instruction (bank conflicts) */
	double mem_per_inst;       /* memory instructions per warp instruction */
	double req_per_mem;        /* L1 requests (lines) per memory instruction */
	double bytes_per_req;      /* bytes moved per request beyond L1 */
	double write_frac;         /* share of requests that are writes */
	/* L1 level (private L1, or DC-L1 nodes) */
	int l1_count;              /* L1 instances */
	double l1_bytes;           /* capacity per instance */
	double l1_hit;             /* hit ratio of L1 requests */
	double l1_lat;             /* hit latency, cycles */
	double l1_service;         /* cycles one request occupies an L1 port */
	double l1_shared_service;  /* of which the shared-memory instructions' share (ldst.h SHARED
	                              MEMORY; occupancy.c): per request, as l1_service */
	double l1_mshr_service;    /* cycles per missed sector at the L1's MSHR-entry station
	                              (l1mshr.h ENTRY LIMIT; 0: none) */
	/* NoC between L1s and LLC */
	double noc_lat;            /* one-way latency, cycles */
	double noc_service_req;    /* cycles a miss request occupies an LLC-side port */
	double noc_service_resp;   /* cycles a response occupies an SM-side port */
	double noc_service_reply_src; /* cycles a response occupies its LLC-side output port */
	int noc_resp_ports;        /* SM-side (or DC-L1-side) ports */
	/* LLC (conventional) */
	double llc_bytes;          /* total conventional capacity */
	double llc_hit;            /* hit ratio of the requests it receives (local: L1-filtered) */
	double llc_store_lines;    /* lines at which llc_hit_stream was read from the global sector
	                              record (gpu_llc_global_sector), 0 otherwise: the stores' LLC
	                              hits are read there too (gpu.c LLC WRITE POLICY) */
	double llc_hit_stream;     /* merged-stream hit ratio at the LLC before L1 filtering
	                              (wctx_llc_hit); when a mechanism changes l1_hit and leaves
	                              llc_hit alone, gpu_eval re-filters: gpu_local_hit(this, l1_hit) */
	double llc_lat;            /* hit latency beyond the NoC, cycles */
	double llc_service;        /* cycles per request at one slice */
	int llc_slices;
	/* Morpheus extended LLC (0 when off) */
	double ext_frac;           /* share of LLC requests mapped to the extended LLC */
	double ext_bytes;          /* extended capacity (after compression) */
	double ext_hit;            /* hit ratio of the requests it receives */
	double ext_miss_extra;     /* extra cycles an extended miss pays before DRAM */
	/* DRAM */
	double dram_lat;           /* cycles beyond the LLC */
	double dram_service;       /* cycles per request at one channel */
	int dram_channels;
	/* mechanisms' additions */
	int n_extra;
	ms_station_t extra[MEMSYS_MAX_EXTRA];
	double e_pj_per_inst[EC_N];   /* extra dynamic energy per warp instruction by component */
	double p_static_w[EC_N];      /* static power by component (filled by memsys_init, edited by mechanisms) */
	double area_mm2[EC_N];        /* area by component */
	/* mechanism outputs reported in the results */
	double replication;        /* DC-L1: L1 misses that another L1 holds (ratio) */
	double rfc_hit;            /* Malekeh: RF-cache hit ratio of source operands */
	double rf_reads_per_inst;  /* RF bank reads per warp instruction */
	double rf_writes_per_inst; /* RF bank writes per warp instruction */
	int noc_req_ports;         /* LLC-side (request) ports of the NoC: llc_slices on the baseline */
	double stt_writes_per_inst;/* FUSE: STT-MRAM writes per warp instruction */
	double l1_pend;            /* share of L1 requests that are pending hits (models/pending.h;
	                              0 until gpu_eval's refinement adds the term) */
	int fresh_on;              /* FRESH LINES (mlp_group.h [F1]-[F6]) in force: set by the
	                              refinement from the first solve's fills */
	mlp_fresh_wait_t fresh;    /* their p_F, e_D, e_L (the conventional LLC's lines) */
	double fresh_tl0, fresh_td0; /* T_L0, T_D0: the fixed delays the waits are spread over */
	mlp_fresh_wait_t fresh_x;  /* mlp_group.h [F6]: the extended LLC's lines (ext_frac > 0) */
	double fresh_tx0, fresh_txd0; /* T_X0, T_XD0: their fixed delays */
	double fresh_lx0;          /* L_X0: the extended LLC's lookups' fixed delay per fill */
	double l1_hit_sector;      /* sector-granular L1 hit ratio (gpu.c HIT RATES; -1: no record) */
	double l1_hit_store;       /* the stores' L1 hit ratio (WRITE-THROUGH; -1: taken as l1_hit) */
	double l1_bypass;          /* share of L1 requests that bypass the L1 (global atomics,
	                              models/atomics.h): in l1_hit as misses, not served by the L1 */
} memsys_t;

/* Output of one evaluation (one results row). */
typedef struct metrics {
	double ipc;                /* warp instructions per core cycle, whole GPU */
	double cycles;             /* execution time in core cycles for the profile's instructions */
	double time_s;
	double speedup;            /* over the study's baseline (the engine fills it) */
	double energy_j;
	double power_w;
	double perf_per_watt;      /* warp instructions per joule */
	double area_mm2;           /* memory-system area (RF + L1 + NoC + LLC + mechanism storage) */
	double l1_hit, llc_hit, ext_hit;
	double l1_apki;            /* L1 requests per kilo warp-instruction */
	double llc_apki;           /* LLC requests per kilo instruction */
	double dram_bpki;          /* DRAM bytes per kilo instruction */
	double noc_util, llc_util, dram_util, sm_util; /* utilisation of the busiest copy */
	double replication, rfc_hit, stt_wpki;
	double l1_pend;            /* share of L1 requests that hit a line in flight (models/pending.h);
	                              counted in l1_hit too, as GPGPU-Sim counts HIT_RESERVED, except
	                              on an allocate-on-fill L1 (gpu_t.l1_alloc_fill), which counts
	                              them as misses (out of l1_hit and l1_hit_sector) */
	double l1_hit_sector;      /* hit ratio of the L1's 32 B sector accesses (the requests it
	                              serves: atomics excluded), as a sectored L1 counts them
	                              (GPGPU-Sim's L1D); -1 when the profile has no sector record */
	double l1_served;          /* share of L1 requests the L1 serves (1 - memsys.l1_bypass): an
	                              L1's own counters (GPGPU-Sim's L1D) see only these, so its
	                              hit rate is l1_hit / l1_served */
	double cpi[CPI_N];         /* CPI stack per compute SM */
	double energy_comp_j[EC_N];/* energy by component (sums to energy_j) */
	double area_comp_mm2[EC_N];/* area by component; area_mm2 = sum over all but EC_CORE */
	double area_chip_mm2;      /* area_mm2 + SM logic (EC_CORE) */
} metrics_t;

/* What explain prints about one station of the solved network (gpu_eval_detail). */
typedef struct gpu_station_report {
	const char *name;          /* "sm", "l1", "noc_req", "llc", "dram", "noc_resp", or a mechanism's */
	enum cpi_class cls;
	double visits;             /* visits per warp instruction, all copies */
	double service;            /* core cycles per visit */
	double delay;              /* fixed latency per visit, core cycles */
	int copies;
	double skew;               /* hottest copy's load over the mean */
	double demand;             /* visits x service per warp instruction, all copies */
	double util;               /* utilisation of the busiest copy */
	double resid;              /* queueing + service residence per warp instruction, all copies */
	double delay_resid;        /* visits x delay per warp instruction */
} gpu_station_report_t;

#define GPU_MAX_REPORT (9 + MEMSYS_MAX_EXTRA)
typedef struct gpu_detail {
	int n;
	gpu_station_report_t st[GPU_MAX_REPORT];
	double population;         /* customers: compute SMs x warps x MLP */
	double throughput;         /* warp instructions per core cycle (= IPC) */
	double cycle;              /* mean customer cycle (one warp instruction), core cycles */
	int iterations;            /* MVA iterations */
	double x_network;          /* the network's throughput before BARRIER PHASES */
	int sync_on;               /* BARRIER PHASES evaluated (barrier_sync.h) */
	double sync_td, sync_l, sync_dmax, sync_ctas, sync_t; /* [B1] T_D, [B2] L, D_max, C, [B3] T
	                              (core cycles over the kernel) */
	int lock_on;               /* LOCK STEP evaluated (lockstep.h: the waits record, launches) */
	double lock_td, lock_seq, lock_waves, lock_t; /* [L3] T_D of the waits, [L2] S, N,
	                              [L3] T_lock (core cycles) */
	double lock_l, lock_lst;   /* [L3] l, l_st */
	double lock_path;          /* [L5] the wave path charged: max(S l, S* l_dep + K* W) */
	double lock_held_t;        /* [L6] K_L P_L T_f, the held fills' time (core cycles) */
	double lock_held_k, lock_held_f, lock_held_h, lock_held_p, lock_held_tf; /* [L6] K_L, F, h_L, P_L, T_f */
	double x_sync;             /* the throughput before LOCK STEP (after BARRIER PHASES) */
	double dyn_pj_per_inst[EC_N]; /* dynamic energy per warp instruction by component */
	double static_w[EC_N];     /* static power by component */
} gpu_detail_t;

struct wctx;
/* ldst.h LDST RECORD: the profile's mean access-stage cycles per memory instruction at the
 * preset's l1_banks (1, 2, 4 or 8), or 0 when the profile has no record or the banks no column. */
double gpu_ldst_record(const gpu_t *g, const struct wctx *w);

/* Capacity, bytes, of the L1s + LLC hierarchy as one cache of the merged stream under the
 * preset's LLC inclusion policy (gpu.c HIT RATES, INCLUSION); m: l1_count, l1_bytes,
 * llc_bytes as built; w (may be NULL): the L1s' replication. */
double gpu_hierarchy_bytes(const gpu_t *g, const memsys_t *m, const struct wctx *w);

/* 1 when the sectored LLC's hit ratio is the global stream's sector record (every SM of the
 * profile computing: that stream is the LLC's; gpu.c HIT RATES). */
int gpu_llc_global_sector(const gpu_t *g, const memsys_t *m, const struct wctx *w);

/* The merged stream's hit ratio at the hierarchy's capacity (gpu.c HIT RATES, INCLUSION):
 * the global sector record on a sectored LLC with every profiled SM active, else
 * wctx_llc_hit at gpu_hierarchy_bytes. */
double gpu_llc_stream_hit(const gpu_t *g, const memsys_t *m, const struct wctx *w);

/* Core cycles one flit occupies an LLC-side crossbar port (gpu.c, LLC-SIDE PORTS), with the
 * memory system's clock scaled by mem_clock_scale s (> 0). */
double gpu_llc_port_flit_cycles(const gpu_t *g, double s);

#define GPU_INCL_INCLUSIVE 0
#define GPU_INCL_NONINCLUSIVE 1
#define GPU_INCL_EXCLUSIVE 2

/* Per-workload precomputation (curves), built once per (GPU, workload). */
#define GPU_INDEX_UNIFORM 0
#define GPU_INDEX_LINEAR 1
#define GPU_INDEX_IPOLY 2

typedef struct wctx {
	const profile_t *p;
	const gpu_t *g;
	const profile_stream_t *l1_stream;     /* the "l1" stream (set-associative records) */
	const profile_stream_t *global_stream; /* the "global" stream, or NULL */
	reuse_curve_t *l1;         /* "l1" stream, L1 associativity, LRU */
	int n_group;               /* group streams available (ascending group size) */
	int group_size[16];
	reuse_curve_t *group_l1[16];  /* each group stream at L1 associativity */
	reuse_curve_t *group_llc[16]; /* each group stream at LLC associativity (LLC vs active SMs) */
	double dep_cycles, mlp;    /* workload parameters in force (profile or defaults) */
	mlp_groups_t mlp_groups;   /* the profile's groups of loads in flight (mlp_group.h); used
	                              while their mean is the mlp in force, else groups of mlp */
	double ldst_exact[SHAPE_LDST_NB]; /* ldst.h LDST RECORD: the profile's mean C(seq) per memory
	                              instruction at 1, 2, 4, 8 banks (0: no record) */
	int bs_on;                 /* BARRIER PHASES (barrier_sync.h): the profile has barriers and
	                              their intervals (shape phases) and launch geometry */
	double bs_tot[SP_NCOL];    /* the phases' column totals V[c] */
	double bs_wpc;             /* warps per CTA, mean over the launches' instructions */
	double *bs_f;              /* the phases' shares f_i,c (bsync_shares: n_phase x SP_NCOL) */
	int lk_on;                 /* LOCK STEP (lockstep.h): the profile has its wait intervals */
	double lk_tot[SP_NCOL];    /* the wait intervals' column totals */
	double *lk_f;              /* their shares (bsync_shares: n_wait x SP_NCOL) */
	double cold_l1, cold_g;    /* FRESH LINES (mlp_group.h [F5]): the cold misses' share of the
	                              L1's requests (sectors when sectored) at the L1 and at the LLC */
	int dep_measured;          /* dep_cycles from the profile's critical paths (gpu.c DEPENDENT ISSUE) */
	/* traffic rates from the profile, computed once (gpu.c's header gives the rules) */
	double mem_per_inst;       /* memory instructions per warp instruction */
	double req_per_mem;        /* L1 requests per memory instruction */
	double bytes_per_req;      /* bytes per request (sectors x 32 B, or block size) */
	double write_frac;         /* share of L1 requests that are writes */
	double src_per_inst;       /* RF source operands per instruction (profile or default) */
	double dst_per_inst;       /* RF destination operands per instruction */
	double block_bytes;        /* the profile's block size: capacities in blocks = bytes / this */
	void *mech[MECH_N];        /* mechanism-private precomputation, by enum mech_id (mech.h) */
	struct memo *mva_memo;     /* the network solves by exact input (mva_memo.h) */
	struct memo *l1_memo;      /* the private L1's hit ratio by its exact inputs (gpu.c) */
	struct memo *solve_memo;   /* the solves by design, gate_idle aside (solve_memo.h); NULL unless
	                              wctx_share_solves turned it on */
	struct pending_ctx *pend;  /* hits on lines in flight (models/pending.h); NULL: no term */
	double llc_sharers;        /* LLC MSHRS: other SMs' reads per LLC fill (llc_mshr.h [S], or
	                              [N']'s from the sharers record) */
	llc_mshr_degrees_t llc_deg; /* LLC MSHRS: the profile's sharers record (bin NULL: none, [N]) */
	double launches;           /* the profile's launches, counted (lockstep.h [L6]'s waves per launch) */
	struct pending_ctx *llc_pend; /* LLC MSHRS: pending.h on the global stream (NULL: no term) */
	reuse_curve_t *llc_sector; /* the global stream's sector record at the LLC associativity;
	                              NULL: none */
	reuse_curve_t *l1_sector_w;/* the same, stores only (NULL: none) */
	reuse_curve_t *llc_store;  /* the l1 stream's stores-only sector record at the LLC
	                              associativity (gpu.c LLC WRITE POLICY; NULL: none) */
	reuse_curve_t *llc_store_global; /* the global stream's stores-only sector record at the
	                              LLC associativity (gpu.c LLC WRITE POLICY; NULL: none) */
	reuse_curve_t *llc_wb_global; /* the global stream's write-back record (sector_wb), fully
	                              associative (llc_write.h [W6]; NULL: none) */
	double store_sector_frac;  /* the stores' share of the l1 stream's sector accesses
	                              (sector_sd_w over sector_sd totals; -1: no sector record) */
	reuse_curve_t *l1_sector;  /* the l1 stream's sector record at the L1 associativity (gpu.c
	                              HIT RATES, sectored L1); NULL: the profile has none */
	int n_gsec;                /* merged streams (group:G, global) with a sector record,
	                              ascending group size (gpu.c HIT RATES, sectored LLC) */
	int gsec_size[16];
	reuse_curve_t *gsec_llc[16]; /* their sector records at the LLC associativity */
} wctx_t;

/* Build / release the per-workload context; NULL with *err set when the profile lacks what
 * the model needs (err points to a static message). */
/* Dependent-issue cycles per instruction from a profile's critical paths at g's unit latencies
 * (gpu.c DEPENDENT ISSUE); -1 when the profile or the preset lacks what it needs. */
double gpu_dep_cycles(const gpu_t *g, const profile_shape_t *s);

wctx_t *wctx_alloc(const gpu_t *g, const profile_t *p, const char **err);
void wctx_free(wctx_t *w);
/* Share the solves of design points that differ only in what changes n_gated and the static
 * power (gate_idle): solve_memo.h.  Only for a context that stays with its preset, unchanged,
 * for its life (the sweep).  0, or -1 when out of memory (then every point is solved). */
#define GPU_SOLVE_MEMO_SLOTS 256
int wctx_share_solves(wctx_t *w);

/* LLC-style hit ratio of the merged stream of `n_active` SMs at `bytes` (interpolated in
 * log(group size) between the profile's group streams). */
double wctx_llc_hit(const wctx_t *w, int n_active, double bytes);
/* Local hit ratio of an outer level that receives only the misses of an inner one, from the
 * hit ratios both would have on the whole stream: (h_outer - h_inner) / (1 - h_inner),
 * clamped to [0, 1] (inclusion: what hits the inner level would hit the outer one).
 * memsys_t.llc_hit is local: memsys_init sets it from wctx_llc_hit and l1_hit this way. */
double gpu_local_hit(double h_outer, double h_inner);
/* ALLOCATE ON FILL (gpu.c HIT RATES): the hit ratio an allocate-on-fill L1 counts, from the
 * reuse profile's h (pending hits counted as hits) and the pending hits' share p of the same
 * accesses: h - p, clamped to [0, 1]. */
double gpu_l1_fill_hit(double h, double p);
/* L1-style hit ratio of a cache of `bytes` shared by `g` SMs (merged stream of g SMs). */
double wctx_shared_l1_hit(const wctx_t *w, double g, double bytes);

void memsys_init(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m);
/* Add a station; returns 0, or -1 when MEMSYS_MAX_EXTRA is reached. */
int memsys_add_station(memsys_t *m, const ms_station_t *s);
void memsys_solve(const gpu_t *g, const memsys_t *m, const wctx_t *w, metrics_t *out);

/* Cheap legality check of a design on a GPU (before any model work): 0 if legal, else -1 and
 * *why names the violated rule (static string). */
int gpu_design_check(const gpu_t *g, const design_t *d, const char **why);

/* The entry point: evaluate design d on workload w.  0 on success, -1 (with *why) if illegal. */
int gpu_eval(const gpu_t *g, const design_t *d, const wctx_t *w, metrics_t *out, const char **why);

/* gpu_eval that also returns the edited memory system and the per-station breakdown
 * (explain).  m and det may be NULL. */
int gpu_eval_detail(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m,
                    metrics_t *out, gpu_detail_t *det, const char **why);
/* memsys_solve with the breakdown (det may be NULL). */
void memsys_solve_detail(const gpu_t *g, const memsys_t *m, const wctx_t *w, metrics_t *out,
                         gpu_detail_t *det);

/* POSTED STORES (gpu.c header [P1]-[P3]): what the fixed latencies of the miss path count.
 * a1 the L1 requests per instruction, dram_wait_per_l1miss the waited DRAM visits per request
 * the LLC receives (the LLC WRITE POLICY's, extended LLC included). */
typedef struct gpu_load_probs {
	double p_load;   /* share of memory instructions that are loads, 1 - w_f [P1] */
	double q_miss;   /* per load request: misses the L1 (reaches the NoC and the LLC) [P2] */
	double q_dram;   /* per load request: waits for DRAM or the extended LLC's miss [P3] */
} gpu_load_probs_t;
gpu_load_probs_t gpu_load_probs(const gpu_t *g, const memsys_t *m, double a1, double dram_wait_per_l1miss);

/* PENDING HITS (gpu.c header, models/pending.h): from det, the network solved without the
 * term, add the "l1_pending" station to m and set m->l1_pend; 1 when added (solve again),
 * 0 when the workload has no reuse times or no reuse falls in the window. */
int gpu_pending_refine(const gpu_t *g, const wctx_t *w, memsys_t *m, const gpu_detail_t *det);
/* LLC MSHRS (gpu.c header, models/llc_mshr.h): called by gpu_pending_refine for presets with
 * llc_mshr; adds "llc_pending", "llc_held", "llc_mshr" to m and their time per L1 miss to
 * t_cls[CPI_N] and *t_fill; 1 when one was added. */
int gpu_llc_mshr_refine(const gpu_t *g, const wctx_t *w, memsys_t *m, const gpu_detail_t *det,
                        double lambda_g, double m1, double h_llc, double *t_cls, double *t_fill, double h_line);

/* Fill a preset with documented defaults for fields a preset file omits. */
void gpu_defaults(gpu_t *g);

#endif
