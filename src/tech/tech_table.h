/*
 * tech_table.h -- technology tables on disk (CSV with provenance) and the importers that build
 * them from CACTI, NVSim and DSENT outputs.  The model that interpolates in a table is
 * models/tech.h; this is the only code that reads or writes the files.
 *
 * Table format (one header line, then one row per tool run, '#' lines are comments):
 *   kind,cell,node_nm,bytes,assoc,width_bits,ports,n_in,n_out,area_mm2,cell_mm2,read_ns,
 *   write_ns,read_nj,write_nj,leak_mw,fmax_ghz,tool,commit,config,date,source
 *   kind: data | tag | ram | xbar; cell: sram | stt | - ; the last five columns are provenance
 *   (tool name, tool commit, the configuration and its overrides, run date, raw output file).
 *
 * Raw tool output files (calibration/tech/regenerate.sh writes them): "# key value" lines
 * (tool, commit, config, node_nm, cell, kind, held_out, date; crossbars also xbar_inputs,
 * xbar_outputs, xbar_bits) followed by the tool's output verbatim.
 */
#ifndef GPUDSE_TECH_TABLE_H
#define GPUDSE_TECH_TABLE_H
#include <stddef.h>
#include "tech.h"

/* Provenance of one row. */
typedef struct tech_prov {
	char tool[16];
	char commit[128];
	char config[256];
	char date[32];
	char source[128];
} tech_prov_t;

/* A table read from disk: the points (for models/tech.h) and their provenance. */
typedef struct tech_file {
	tech_table_t table;
	tech_point_t *pt;
	tech_prov_t *prov;
	size_t n, cap;
} tech_file_t;

/* Read a CSV table.  Returns 0, or -1 with "PATH:LINE: reason" in err (a missing file, a bad
 * header, a field that is not a finite non-negative number, an unknown kind or cell). */
int tech_file_read(const char *path, tech_file_t *f /* OUT */, char *err, size_t errlen);
void tech_file_free(tech_file_t *f);

/* Append the rows parsed from one raw tool output (1 row for RAM / crossbar, 2 for a cache:
 * data and tag).  Returns 0, or -1 with "PATH: reason" in err (unknown tool, a missing
 * provenance line, a figure the output lacks, e.g. a run that found no design). */
int tech_import_raw(const char *path, tech_file_t *f, char *err, size_t errlen);

/* Write the table as CSV (header, then rows in the order held).  Returns 0 or -1 (err). */
int tech_file_write(const char *path, const tech_file_t *f, char *err, size_t errlen);

/* Agreement of a table with held-out tool runs: each held-out run evaluated from `t` (models/
 * tech.h) against the tool's own figures; worst relative errors over the runs the table covers. */
typedef struct tech_agreement {
	int runs;            /* held-out runs */
	int refused;         /* outside the table's series (tech.h refuses; not counted below) */
	double area, energy, leak, fmax;   /* worst |model - tool| / tool: area, read/write energy,
	                                      leakage (where the tool's is > 0), crossbar fmax */
	int n_area, n_energy, n_leak, n_fmax;   /* comparisons behind each (fmax: crossbars of
	                                           TECH_FMAX_MIN_INPUTS inputs or more, tech.h L3f) */
	double fmax_small;   /* worst fmax error of the crossbars with fewer inputs */
	int n_fmax_small;
} tech_agreement_t;
/* tool: only the held-out runs of that tool ("cacti", "nvsim", "dsent"; NULL: all).
 * node_mode: 0 every held-out run; 1 only runs at a node some row of t of the same sort (array
 * or crossbar) holds (size or radix interpolation); 2 only runs at other nodes (interpolation
 * between nodes). */
void tech_agreement_eval(const tech_table_t *t, const tech_file_t *held, const char *tool,
                         int node_mode, tech_agreement_t *out /* OUT */);

/* The table at `path`, read once per process and shared (presets point at it; it lives until
 * exit).  NULL with the reason in err. */
const tech_table_t *tech_table_shared(const char *path, char *err, size_t errlen);

#endif
