/*
 * validate.h -- the rows of `gpudse validate` (the paper-reproduction report) and the
 * helpers the per-paper files (src/validation/validate_<paper>.c) share.
 *
 * A row compares one number (or one structural shape) the paper states with the value gpudse
 * computes from its models.  The paper value is typed in here, from the paper's text; the
 * gpudse value is always computed.  Status:
 *   exact  a structural identity (a capacity, a crossbar shape, a storage size): equal at the
 *          precision the paper states it, or the row is "off";
 *   close  a model magnitude within the tolerance the row states (absolute in the row's unit,
 *          or relative to the paper value, or inside the paper's stated range);
 *   off    outside it (reported plainly: the report exists to show how far gpudse can be
 *          trusted);
 *   n/a    the model could not compute it (the reason is in the quantity).
 */
#ifndef GPUDSE_VALIDATE_H
#define GPUDSE_VALIDATE_H

#include "gpu.h"
#include "workload.h"

enum vr_kind {
	VR_EXACT = 0,              /* structural: equal at `decimals` */
	VR_ABS,                    /* close when |gpudse - paper| <= tol (row units) */
	VR_REL,                    /* close when |gpudse - paper| <= tol |paper| */
	VR_RANGE                   /* close when lo <= gpudse <= hi (the paper gives a range) */
};

typedef struct vrow {
	char paper[16];            /* "Morpheus", "DC-L1", "FUSE", "Malekeh" */
	char quantity[128];        /* what is compared, with the workload set when it matters */
	char paper_txt[48];        /* the paper value as printed ("+39%", "328 KiB", "1-2") */
	char model_txt[48];        /* gpudse's value, same format */
	double paper_num;          /* the paper value as a number (NAN: a shape or a range, text only) */
	double model_num;          /* gpudse's value, unrounded (NAN: text only or n/a) */
	char unit[8];              /* unit of the two numbers ("%", "KiB", "x", "" ...) */
	char status[8];            /* "exact", "close", "off", "n/a" */
	char tol[32];              /* the tolerance applied ("identity", "+-5 pt", "+-25% rel") */
	char source[48];           /* paper section, table or figure */
	int detail;                /* a per-workload row (--workloads): not in the summary counts */
} vrow_t;

typedef struct vreport {
	vrow_t *row;
	int n, cap;
	int paper_mask;            /* bit per paper (VP_*): which papers to compute */
	int detail;                /* --workloads: per-workload rows under the main magnitudes */
} vreport_t;

enum { VP_MORPHEUS = 1, VP_DCL1 = 2, VP_FUSE = 4, VP_MALEKEH = 8 };

/* A numeric row.  unit: "%" (printed with a sign when `signed_pct`), "KiB", "x", "cycles",
 * "" ...; decimals: digits printed (and compared, for VR_EXACT). */
void vr_num(vreport_t *r, const char *paper, const char *quantity, const char *source,
            const char *unit, int signed_pct, int decimals, double paper_v, double model_v,
            enum vr_kind kind, double tol);
/* A range row (the paper says "lo-hi"): close when the model value lies in [lo, hi]. */
void vr_range(vreport_t *r, const char *paper, const char *quantity, const char *source,
              const char *unit, int decimals, double lo, double hi, double model_v);
/* A structural row compared as text (crossbar shapes): exact when equal. */
void vr_text(vreport_t *r, const char *paper, const char *quantity, const char *source,
             const char *paper_txt, const char *model_txt);
/* With r->detail: one row per workload, "  NAME: quantity", for a magnitude the report gives
 * as a mean over workloads (model_v[i] on workload names[i]); nothing otherwise. */
void vr_each(vreport_t *r, const char *paper, const char *quantity, const char *source,
             const char *unit, int signed_pct, int decimals, double paper_v, const double *model_v,
             const char *const *names, int n, enum vr_kind kind, double tol);
/* A row the model could not compute (why: one short phrase). */
void vr_na(vreport_t *r, const char *paper, const char *quantity, const char *source,
           const char *unit, int signed_pct, int decimals, double paper_v, const char *why);

/* Load a study's GPU and workloads: studies/<name>.json under gpudse_root().  On success *gpu
 * is the study's preset, *wl (allocated) its workloads, each loaded once, and *base / *fixed
 * its baseline and fixed designs.  0 or EXIT_USER/EXIT_INTERNAL (message printed). */
typedef struct vstudy {
	gpu_t gpu;
	int n;                     /* workloads */
	workload_t *wl;
	design_t base, fixed;
	int n_active;              /* the study's active_sms values (Morpheus), else 0 */
	int active[64];
	int n_cache;               /* the study's mor_cache_sms values, else 0 */
	int cache[64];
} vstudy_t;
int vstudy_load(const char *name, vstudy_t *s);
/* The same workloads on another preset (FUSE's Volta): loads them again for gpu g. */
int vstudy_reload(const vstudy_t *s, const gpu_t *g, vstudy_t *out);
void vstudy_free(vstudy_t *s);
/* Index of workload `name` (profile name) in s, or -1. */
int vstudy_find(const vstudy_t *s, const char *name);

/* gpu_eval that reports an illegal design as an internal error (the report's designs are
 * fixed): 0, or -1 with one line on stderr. */
int v_eval(const gpu_t *g, const design_t *d, const workload_t *w, metrics_t *out);
/* Geometric mean of x[0..n-1] (all > 0); NAN when n == 0. */
double v_geomean(const double *x, int n);

/* One paper's rows appended to r.  0, or the exit status of a load failure. */
int validate_morpheus(vreport_t *r);
int validate_dcl1(vreport_t *r);
int validate_fuse(vreport_t *r);
int validate_malekeh(vreport_t *r);

#endif
