/* validate_malekeh.c -- Malekeh (paper 002, MICRO 2023) rows of `gpudse validate`: the RF-cache
 * storage (models/malekeh.h) and the §VI hit-ratio, RF-read, RF-energy and IPC magnitudes on
 * the shipped profiles of studies/malekeh-sthld.json. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "malekeh.h"
#include "validation/validate.h"

#define P "Malekeh"

static void structural(vreport_t *r, const gpu_t *g, const design_t *fixed)
{
	malekeh_knobs_t k = { fixed->rfc_ccus, fixed->rfc_entries, fixed->rfc_rthld, 0, RFC_PRIO_MALEKEH };
	double b = malekeh_storage_bytes(g->subcores, &k);
	vr_num(r, P, "RF-cache storage per SM (4 sub-cores x 2 CCUs x 2 extra entries x 128 B)", "§VI-D", "KB",
	       0, 0, 2, b / 1024, VR_EXACT, 0);
	vr_num(r, P, "RF-cache storage over the 256 KB register file", "§VI-D", "%", 0, 2, 0.78,
	       100 * b / (g->rf_kib * 1024), VR_EXACT, 0);
}

/* d with metrics, memory system and breakdown; 0 or -1. */
static int eval_detail(const gpu_t *g, const design_t *d, const workload_t *w, metrics_t *m,
                       memsys_t *ms, gpu_detail_t *det)
{
	const char *why = NULL;
	if (gpu_eval_detail(g, d, w->ctx, ms, m, det, &why) != 0) {
		err_internal("validate: a report design is illegal on %s for %s: %s", g->name, w->prof.name,
		             why ? why : "?");
		return -1;
	}
	return 0;
}

static int performance(vreport_t *r, const vstudy_t *s)
{
	const gpu_t *g = &s->gpu;
	double hit = 0, hit_gto = 0, reads[32], energy[32], ipc[32], hits[32], pct[32];
	const char *names[32];
	int n = 0;
	for (int i = 0; i < s->n && n < 32; i++) {
		const workload_t *w = &s->wl[i];
		design_t mal = s->fixed, gto;
		mal.rfc_priority = RFC_PRIO_MALEKEH;
		mal.rfc_sthld = RFC_STHLD_DYNAMIC;
		gto = mal;
		gto.rfc_priority = RFC_PRIO_GTO;
		gto.rfc_sthld = 0;
		metrics_t mb, mm, mg;
		memsys_t sb, sm, sg;
		static gpu_detail_t db, dm, dg;
		if (eval_detail(g, &s->base, w, &mb, &sb, &db) || eval_detail(g, &mal, w, &mm, &sm, &dm) ||
		    eval_detail(g, &gto, w, &mg, &sg, &dg))
			return EXIT_INTERNAL;
		hit += mm.rfc_hit;
		hits[n] = 100 * mm.rfc_hit;
		names[n] = w->prof.name;
		hit_gto += mg.rfc_hit;
		reads[n] = sm.rf_reads_per_inst / sb.rf_reads_per_inst;
		energy[n] = dm.dyn_pj_per_inst[EC_RF] / db.dyn_pj_per_inst[EC_RF];
		ipc[n] = mm.ipc / mb.ipc;
		n++;
	}
	if (n == 0) {
		vr_na(r, P, "RF-cache hit ratio", "§VI", "%", 0, 1, 46.4, "no workload in the study");
		return 0;
	}
	char q[128];
	snprintf(q, sizeof q, "RF-cache hit ratio, dynamic STHLD, mean of %d", n);
	vr_num(r, P, q, "§I, §VI", "%", 0, 1, 46.4, 100 * hit / n, VR_ABS, 10);
	vr_each(r, P, "RF-cache hit ratio, dynamic STHLD", "§I, §VI", "%", 0, 1, 46.4, hits, names, n, VR_ABS, 10);
	snprintf(q, sizeof q, "RF bank reads over the baseline OCUs, geomean of %d", n);
	vr_num(r, P, q, "abstract", "%", 1, 1, -46.4, 100 * (v_geomean(reads, n) - 1), VR_ABS, 10);
	vr_num(r, P, "RF dynamic energy over the baseline", "abstract, §I", "%", 1, 1, -28.3, 100 * (v_geomean(energy, n) - 1),
	       VR_ABS, 10);
	vr_num(r, P, "IPC over the baseline, dynamic STHLD", "§VI-B", "%", 1, 1, 6.1, 100 * (v_geomean(ipc, n) - 1),
	       VR_ABS, 5);
	for (int i = 0; i < n; i++)
		pct[i] = 100 * (ipc[i] - 1);
	vr_each(r, P, "IPC over the baseline, dynamic STHLD", "§VI-B", "%", 1, 1, 6.1, pct, names, n, VR_ABS, 5);
	snprintf(q, sizeof q, "GTO + LRU on the same storage: hit ratio, mean of %d", n);
	vr_num(r, P, q, "§VI-C Fig. 17", "%", 0, 1, 7.9, 100 * hit_gto / n, VR_ABS, 5);
	return 0;
}

int validate_malekeh(vreport_t *r)
{
	vstudy_t s;
	int rc = vstudy_load("malekeh-sthld", &s);
	if (rc)
		return rc;
	structural(r, &s.gpu, &s.fixed);
	rc = performance(r, &s);
	vstudy_free(&s);
	return rc;
}
