/*
 * tech.h -- technology model for on-chip arrays (SRAM, STT-MRAM; cache data, cache tag, plain
 * RAM) and matrix crossbars: area (cell and periphery apart), latency, energy, leakage and, for
 * crossbars, the fastest clock.  Issue 22.
 *
 * The numbers are not formulas but a table of runs of the circuit tools (CACTI 7 for SRAM,
 * NVSim for SRAM and STT-MRAM, DSENT for crossbars), read by `gpudse tech import`
 * (src/tech/tech_table.c); calibration/tech/README.md says which runs the shipped table holds.
 * The model only interpolates between runs:
 *
 *   arrays: a series is the runs that share (cell, kind, assoc, width_bits, ports, node);
 *           between two capacities b0 < b < b1 of a series each figure q is interpolated
 *           log-log:   q(b) = q0 * (q1/q0)^(ln(b/b0) / ln(b1/b0))                     [L1]
 *           (linear in ln b when q0 or q1 is 0, e.g. an STT cell's 0 leakage).
 *           Area by component [L1a]: the cell area C and the periphery P = area - C (the tools'
 *           own split, below) are interpolated apart by [L1] and area = C(b) + P(b).  The cells
 *           are b x the cell's area (linear in b, so [L1] is exact for them); the periphery is
 *           what the organisation changes, and a power law through the sum of a linear and a
 *           flat part misses their mix (NVSim's 16-way STT data array: 10.6% cells at 256 KiB,
 *           64.5% at 1 MiB: the sum's power law put 512 KiB 22% high).
 *           Leakage by component [L1l]: subthreshold leakage is proportional to the leaking
 *           transistor width, which in each region is proportional to its area at a fixed
 *           layout density, so leak = rho_c C + rho_p P with the two densities solved from
 *           the two runs (leak0 = rho_c C0 + rho_p P0, leak1 = rho_c C1 + rho_p P1) and
 *           evaluated at C(b), P(b).  When the solution has a negative density (the runs'
 *           periphery differs in kind, not only in area: another organisation), [L1] on the
 *           total instead.
 *           Between two nodes n0 < n < n1 that both hold the series, the same rule in n  [L2]
 *           applied to the two size-interpolated results (total area, as CACTI's own
 *           technology interpolation between its node files does).
 *           [L2n] NVSim series are not interpolated across NVSim's device sets: its technology
 *           is a table of device parameters chosen by node range (NVSim Technology.cpp: one set
 *           for 22-31 nm, one for 32-44 nm "actually 36nm", then 45, 65, 90, 120, 200 nm), so
 *           its figures are not monotone in node (1 MiB 8-way SRAM data array leaks 979, 1595,
 *           1360 mW at 22, 32, 40 nm) and no power law between the 22 and 40 nm runs reaches
 *           32 nm.  A node between NVSim runs of different sets is refused.
 *   crossbars: runs share (bits, node); within a node the figure is bilinear in
 *           (ln n_in, ln n_out) between the four grid runs around (n_in, n_out), log of the
 *           figure [L3].  Not between nodes [L2x]: DSENT's nodes are its technology files
 *           (TG11LVT, Bulk22LVT, Bulk32LVT, Bulk45LVT), separate parameter sets rather than
 *           points on a curve -- its crossbar area is the wiring area (256 n_in p) x (256 n_out p)
 *           on the Intermediate layer of pitch p = 110 nm at 22 nm but 220 nm at both 32 and
 *           45 nm (DSENT MultiplexerCrossbar.cc; the tech files), so a 32 nm crossbar has the
 *           45 nm area, not one between 22 and 45 nm (a power law in node was 48% off).  A
 *           crossbar at a node the table does not hold is refused.
 *           fmax [L3f]: bilinear in (ln m(n_in), ln n_out) instead, m(n) = the most 2:1 mux
 *           cells one select line drives in DSENT's n-input Multiplexer (built as a
 *           ceil(n/2)- and a floor(n/2)-input mux joined by a MUX2 on select ceil(log2 n) - 1,
 *           sharing select lines by index: m(2^k) = 2^(k-1), m(48) = m(32) = 16,
 *           m(80) = m(96) = m(64) = 32; tech_select_fanout).  DSENT's clock follows that
 *           fanout, not n_in: the 40x32 and 48x24 crossbars close the 32-input clock and the
 *           80x32 and 96x8 the 64-input one (22 nm runs), where a power law in n_in between 32
 *           and 64 inputs put 48 inputs 29% low.  The mux depth, ceil(log2 n), is left out: it
 *           costs 20 and 10 inputs 6% and 12% against 16 and 8 (22 nm runs).  Valid range of
 *           [L3f]: between input counts of at least TECH_FMAX_MIN_INPUTS.  Below it the depth is
 *           a larger share of the path and the rule was high: 3 inputs (m = 1, depth 2) +35% and
 *           5 inputs (m = 2, depth 3) +16% against DSENT at 22 nm from the 2-, 4- and 8-input
 *           runs.  So under TECH_FMAX_MIN_INPUTS inputs a crossbar is evaluated only at an input
 *           count the table holds (its fmax then interpolated in n_out alone; DSENT's clock is
 *           that of one n_in:1 mux, the same for every n_out), and refused between two: the
 *           shipped table holds every input count from 2 to 8 (DC-L1's NoC#1 crossbars are
 *           2x1, 4x1, 8x1, 5xM ...; calibration/tech/README.md).
 *
 *   [L4] a cache's capacity for a given area inverts [L1] (data + tag area is increasing in size).
 *
 *   Area = cell area + periphery; cell area = area x the tool's "area efficiency" (CACTI: memory
 *   cell area / total area; NVSim: Area Efficiency), periphery = the rest (decoders, sense amps,
 *   drivers, H-tree, comparators) -- interpolated apart, so the periphery share is explicit.
 *
 * Valid range: the capacities and array nodes spanned by the table's runs of the requested
 * series; for crossbars the table's own nodes and the radices spanned there (under
 * TECH_FMAX_MIN_INPUTS inputs only the input counts of its runs, [L3f]).  Outside it, or when associativity, port width, ports or bits have no
 * series, the functions return -1 and say so in err: never an extrapolation.  Associativity,
 * port width and ports are matched exactly (a table holds the ones the presets use).
 *
 * Sources: CACTI 7 (HewlettPackard/cacti; Balasubramonian et al., TACO 2017), NVSim (Dong et
 * al., TCAD 2012), DSENT (Sun et al., NOCS 2012; gem5 ext/dsent).  The interpolation rules are
 * this file's assumption: array cells and periphery vary as power laws in size between
 * neighbouring tool runs (a factor of 4 apart in the shipped table), leakage by region
 * ([L1l]), crossbar figures in radix (and fmax in DSENT's select fanout, [L3f]);
 * docs/validation.md gives the held-out error per tool.  The interpolation is between like
 * organisations only where the table's runs are: CACTI's RAMs and NVSim's 4-way caches' data
 * arrays are run with one organisation family at every size (NVSim's: a forced layout whose
 * subarray grows in one dimension per 4x segment of the table; calibration/tech/README.md
 * "Organisation (NVSim 4-way caches)"; their tag arrays too, one subarray growing in one
 * dimension per segment, on an NVSim whose tag search reads -Force lines: nvsim-tagforce.sed,
 * since NVSim's own tag search takes no option and its area-optimal tag layout flipped between
 * sizes: the 128 KiB 4-way SRAM tag array read 22% below the power law through 64 and 256 KiB).
 * Outside the valid range in general: NVSim series organised by its area search (the 8- and
 * 16-way ones, within NVSim's CACTI assumption; their held-out runs meet the bars, but the
 * optimum is an argmin over near-ties: the same subarrays as N mats of one or N/2 mats of two,
 * nearly equal in area, far apart in H-tree energy).  tests/unit/test_tech.c asserts every bar
 * for DSENT, CACTI and NVSim (area, leakage, data- and tag-array energy).
 */
#ifndef GPUDSE_TECH_H
#define GPUDSE_TECH_H
#include <stddef.h>

typedef enum tech_cell { TECH_SRAM = 0, TECH_STT = 1 } tech_cell_t;
/* The tool a row came from: it decides whether the row may be interpolated between nodes
 * ([L2n]).  TECH_TOOL_ANY (0): a table built by hand, interpolated by [L2]. */
typedef enum tech_tool { TECH_TOOL_ANY = 0, TECH_TOOL_CACTI = 1, TECH_TOOL_NVSIM = 2,
                         TECH_TOOL_DSENT = 3 } tech_tool_t;
typedef enum tech_kind {
	TECH_DATA = 0,  /* a cache's data array */
	TECH_TAG = 1,   /* a cache's tag array (tag bits x sets x ways, with comparators) */
	TECH_RAM = 2,   /* a plain RAM (register file, scratchpad): no tags */
	TECH_XBAR = 3   /* a matrix crossbar */
} tech_kind_t;

/* One tool run, as the table holds it. */
typedef struct tech_point {
	int kind;            /* tech_kind_t */
	int cell;            /* tech_cell_t (arrays; 0 for crossbars) */
	double node_nm;      /* feature size */
	double bytes;        /* capacity of the cache / RAM the run modelled (data bytes; a tag row
	                        carries its cache's data capacity) */
	int assoc;           /* ways (1 for RAM) */
	int width_bits;      /* port width (arrays: line width; crossbars: flit bits) */
	int ports;           /* read-write ports (arrays) */
	int n_in, n_out;     /* crossbar radix */
	double area_mm2;     /* total area */
	double cell_mm2;     /* memory cells only (0 for crossbars) */
	double read_ns;      /* access latency (crossbar: 0) */
	double write_ns;     /* write latency (CACTI SRAM: = read_ns, CACTI reports one) */
	double read_nj;      /* dynamic energy per read access of width_bits (crossbar: per flit) */
	double write_nj;     /* dynamic energy per write access */
	double leak_mw;      /* leakage power */
	double fmax_ghz;     /* crossbar: fastest clock DSENT closes; arrays: 0 */
	int tool;            /* tech_tool_t (set by src/tech from the row's provenance) */
} tech_point_t;

typedef struct tech_table {
	const tech_point_t *pt;  /* runs, any order */
	size_t n;
} tech_table_t;

/* What the model returns for one array or crossbar. */
typedef struct tech_figures {
	double area_mm2;     /* total */
	double cell_mm2;     /* memory cells */
	double periph_mm2;   /* area_mm2 - cell_mm2 */
	double read_ns, write_ns;
	double read_nj, write_nj;  /* per access (crossbar: per flit traversal, read = write) */
	double leak_mw;
	double fmax_ghz;     /* crossbars only */
} tech_figures_t;

/* Figures of a (cell, kind) array of `bytes` data bytes, `assoc` ways (1 for RAM), port
 * `width_bits` and `ports` read-write ports at `node_nm`, by [L1] and [L2].  Returns 0, or -1
 * with a one-line reason in err (no series for the key, size or node outside the table). */
int tech_array_eval(const tech_table_t *t, tech_cell_t cell, tech_kind_t kind, double node_nm,
                    double bytes, int assoc, int width_bits, int ports,
                    tech_figures_t *out /* OUT */, char *err, size_t errlen);

/* Figures of one n_in x n_out crossbar of `bits`-wide ports at node_nm, a node of the table,
 * by [L3] ([L2x]: no interpolation in node).
 * Returns 0, or -1 with the reason in err. */
int tech_xbar_eval(const tech_table_t *t, double node_nm, int n_in, int n_out, int bits,
                   tech_figures_t *out /* OUT */, char *err, size_t errlen);

/* [L3f]: the most 2:1 multiplexer cells one select line of DSENT's n_in-input Multiplexer
 * drives (0 for n_in < 2). */
int tech_select_fanout(int n_in);
/* [L3f]'s valid range: fmax is interpolated in the select fanout between input counts of at
 * least this many; under it a crossbar is evaluated only at input counts the table holds. */
#define TECH_FMAX_MIN_INPUTS 8

/* A cache = its data array + its tag array (TECH_DATA + TECH_TAG rows of the same key):
 * figures summed (latency: the data array's, which the tag lookup overlaps in a normal-mode
 * cache).  Returns 0 or -1 (err) as tech_array_eval. */
int tech_cache_eval(const tech_table_t *t, tech_cell_t cell, double node_nm, double bytes,
                    int assoc, int width_bits, int ports, tech_figures_t *out /* OUT */,
                    char *err, size_t errlen);

/* The inverse in size [L4]: the capacity (data bytes) of a cache of `cell` whose total area
 * (data + tag) is area_mm2, by bisection on ln bytes over the sizes both arrays' series cover
 * at node_nm (area rises with size between runs, so the root is unique).  Returns 0, or -1 with
 * the reason in err: no series, or the area is below the smallest / above the largest cache
 * the table holds (no extrapolation). */
int tech_cache_bytes_for_area(const tech_table_t *t, tech_cell_t cell, double node_nm,
                              int assoc, int width_bits, int ports, double area_mm2,
                              double *bytes /* OUT */, char *err, size_t errlen);

/* Node scaling [S1] (Stillmaker and Baas, "Scaling equations for the accurate prediction of
 * CMOS device performance from 180 nm to 7 nm", Integration 58, 2017): factors that carry a
 * tool's figures from node `from_nm` to node `to_nm`, for a node no tool run holds (the
 * Morpheus and Malekeh presets' 8 and 12 nm: CACTI stops at 22 nm, NVSim's device sets at
 * 22 nm; DSENT's lowest file is 11 nm).
 *   area   x A(to)/A(from), A = the paper's area scaling table (relative to 45 nm: 180 19,
 *          130 6.4, 90 2.8, 65 1.5, 45 1, 32 0.46, 20 0.21, 16 0.19, 14 0.17, 10 0.1, 7 0.059)
 *   energy x E(to, V)/E(from, V), E(n, V) = e2 V^2 + e1 V + e0, the paper's fitted energy
 *          polynomial for node n (HP devices from 45 nm down)
 *   leak   x P(to, V)/P(from, V), P = the paper's power polynomial p2 V^2 + p1 V + p0.
 *          Assumption: the paper fits no leakage-only curve; its power factor is used.
 * Both ends at the same supply V (the tool run's own: 0.8 V for CACTI's and NVSim's 22 nm HP
 * and DSENT's Bulk22LVT, 0.6 V for DSENT's TG11LVT; tech_gpu.h): the figures scale with the
 * device, not with a supply change.  Between the paper's nodes (22, 12, 11 and 8 nm are none
 * of them) each factor is interpolated log-log in node [L1].  Latency is not scaled (the
 * caller says so).  Coefficients: the paper's tables as transcribed in UCLA NanoCAD's
 * nodeScale (MIT), checked against the authors' erratum example (HP 32 nm energy
 * 0.8367 V^2 - 0.4341 V + 0.1701, 65 nm 3.755 V^2 - 4.398 V + 1.975).
 * Valid range: both nodes in [TECH_SB_MIN_NM, TECH_SB_MAX_NM] and every factor positive;
 * otherwise -1 with the reason in err (no extrapolation beyond the paper's nodes). */
#define TECH_SB_MIN_NM 7.0
#define TECH_SB_MAX_NM 180.0
typedef struct tech_node_factors { double area, energy, leak; } tech_node_factors_t;
int tech_node_scale(double from_nm, double to_nm, double vdd, tech_node_factors_t *f /* OUT */,
                    char *err, size_t errlen);

/* The nodes the table holds for an array series: [lo, hi].  0, or -1 when it has no series. */
int tech_array_node_range(const tech_table_t *t, tech_cell_t cell, tech_kind_t kind, int assoc,
                          int width_bits, int ports, double *lo, double *hi);
/* The table's crossbar node (of `bits`-wide ports) nearest node_nm in ln node.  0, or -1. */
int tech_xbar_nearest_node(const tech_table_t *t, int bits, double node_nm, double *src);

/* Power-law interpolation [L1]: q at x between (x0, q0) and (x1, q1), x0 < x1, x0 <= x <= x1;
 * linear in ln x when q0 or q1 is not positive. */
double tech_loglog(double x, double x0, double q0, double x1, double q1);

#endif
