/*
 * study.h -- a study spec (studies/NAME.json, docs/study-format.md) parsed into plain data,
 * and its design space as a mixed-radix integer space.
 *
 * A point is an integer id in [0, n_points): digit i (dimension i, the last dimension
 * varying fastest) selects a value of that dimension.  study_point() turns an id into a
 * design in O(dims): start from the study's "fixed" design, set each dimension's knob, apply
 * the chosen variant, compute the derived knobs, then test the constraints.  Nothing is
 * materialised: enumeration and sharding are arithmetic on ids.
 */
#ifndef GPUDSE_STUDY_H
#define GPUDSE_STUDY_H

#include <stdint.h>

#include "design.h"
#include "expr.h"
#include "gpu.h"

#define STUDY_MAX_DIMS 32
#define STUDY_MAX_DERIVED 16
#define STUDY_MAX_CONSTRAINTS 32
#define STUDY_MAX_VARIANTS 64
#define STUDY_MAX_SETS 24

typedef struct study_dim {
	int knob;                  /* index into knobs[] */
	int n;                     /* number of values */
	double *vals;              /* values (enum/bool as index) */
} study_dim_t;

typedef struct study_variant {
	char name[64];             /* e.g. "IBL-4x-LLC" */
	int n_sets;
	int knob[STUDY_MAX_SETS];  /* knobs it sets */
	double val[STUDY_MAX_SETS];
} study_variant_t;

typedef struct study {
	char path[512];            /* file it came from */
	char name[64];
	char *json;                /* canonical (unformatted) study JSON, stored in runs */
	char hash[17];             /* hash of json */
	gpu_t gpu;
	char *gpu_json;            /* canonical preset JSON */
	char params_path[512];     /* calibration parameter set ("" = none) */
	int n_workloads;
	char **workloads;          /* profile paths, sorted, unique */
	design_t baseline;         /* speedups are over this design */
	design_t fixed;            /* every point starts from this */
	int n_dims;
	study_dim_t dims[STUDY_MAX_DIMS];
	int n_variants;            /* 0: no variant dimension */
	study_variant_t variants[STUDY_MAX_VARIANTS];
	int n_derived;
	int derived_knob[STUDY_MAX_DERIVED];
	expr_t derived[STUDY_MAX_DERIVED];
	int n_constraints;
	expr_t constraints[STUDY_MAX_CONSTRAINTS];
	uint64_t n_points;         /* product of dimension sizes (x variants); a sample: its rows */
	/* "sample" (src/stats/doe.h): point id r is row r, sample[r * n_dims + i] the value index of
	 * dimension i (NULL: the full grid) */
	int *sample;
	char sample_kind[32];      /* "plackett-burman", "latin-hypercube", "" */
} study_t;

/* Parse and validate; 0, or EXIT_USER after one line "FILE: .json.path: problem". */
int study_load(const char *path, study_t *s);
void study_free(study_t *s);

/* The design of point `id`.  Returns 1 if it satisfies every constraint, 0 if not (then
 * *why, if non-NULL, is the text of the first violated constraint); *variant gets the
 * variant index or -1. */
int study_point(const study_t *s, uint64_t id, design_t *d, int *variant, const char **why);

/* Resolve a workload name ("p-2mm", a glob "r-*", or a path) to profile paths; used by
 * studies and by explain.  Returns the count (0 after printing an error). */
int workload_resolve(const char *file, const char *jpath, const char *spec, char ***paths, int *n);

#endif
