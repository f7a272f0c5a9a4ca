/*
 * test_occupancy.c -- models/occupancy.c: the CUDA occupancy calculation worked by hand for
 * the rtx3080 preset's limits (48 warps, 16 CTAs, 64 Ki registers, 100 KiB shared memory per
 * SM: compute capability 8.6 in the CUDA C Programming Guide), waves and time-averaged warps,
 * and the GPU model reading a profile's shape (occupancy-limited warps, measured MLP instead of
 * the default 1, the shared-memory station) on the Accel-Sim fixtures of
 * tests/data/accelsim-shape.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/check.h"
#include "design.h"
#include "gpu.h"
#include "ldst.h"
#include "occupancy.h"
#include "profiling/profiler.h"
#include "profiling/trace_accelsim.h"

static void test_calc(void)
{
	gpu_t g;
	gpu_defaults(&g);
	CHECK_INT(g.warps_per_sm, 48, "preset default");
	CHECK_INT(g.max_ctas_per_sm, 16, "CC 8.6");
	CHECK_NEAR(g.smem_kib, 100, 0, "CC 8.6");
	enum occ_limiter why;
	/* 256 threads, 32 regs: warps 48 / 8 = 6; regs 32 x 32 = 1024 per warp, 65536 / 1024 = 64
	 * warps = 8 CTAs; CTAs 16 -> 6, by warps */
	CHECK_INT(occ_ctas_per_sm(&g, 8, 32, 0, &why), 6, "48 / 8");
	CHECK_INT(why, OCC_WARPS, "warps bind");
	/* 64 regs: 2048 per warp, 32 warps = 4 CTAs of 8 */
	CHECK_INT(occ_ctas_per_sm(&g, 8, 64, 0, &why), 4, "65536 / 2048 / 8");
	CHECK_INT(why, OCC_REGS, "registers bind");
	/* 255 regs (db-gemm): ceil(8160 / 256) x 256 = 8192 per warp, 8 warps = 1 CTA of 8 */
	CHECK_INT(occ_ctas_per_sm(&g, 8, 255, 0, &why), 1, "65536 / 8192 / 8");
	/* 37 regs: 1184 -> 1280 per warp, 51 warps; 4-warp CTAs: 12 by regs, 12 by warps (tie) */
	CHECK_INT(occ_ctas_per_sm(&g, 4, 37, 0, &why), 12, "min(48 / 4, floor(51 / 4))");
	/* 4 warps, 48 KiB shared: floor(100 / 48) = 2 */
	CHECK_INT(occ_ctas_per_sm(&g, 4, 32, 48 * 1024, &why), 2, "100 KiB / 48 KiB");
	CHECK_INT(why, OCC_SMEM, "shared memory binds");
	/* 1000 B rounds up to 1024 B: 100 CTAs by shared memory; 1 warp: 48 by warps, 16 by slots */
	CHECK_INT(occ_ctas_per_sm(&g, 1, 16, 1000, &why), 16, "CTA slots");
	CHECK_INT(why, OCC_CTAS, "16 CTA slots bind");
	/* a CTA larger than the SM's warps still runs alone */
	CHECK_INT(occ_ctas_per_sm(&g, 64, 0, 0, &why), 1, "at least one");
	/* unknown regs/smem: only warps and CTA slots */
	CHECK_INT(occ_ctas_per_sm(&g, 2, 0, -1, &why), 16, "48 / 2 = 24 > 16 slots");
	/* waves */
	CHECK_NEAR(occ_waves(1000, 68, 6), 3, 0, "ceil(1000 / 408)");
	CHECK_NEAR(occ_waves(408, 68, 6), 1, 0, "exactly one wave");
	CHECK_NEAR(occ_waves(409, 68, 6), 2, 0, "one CTA over");
}

/* A profile from an Accel-Sim fixture directory on n SMs. */
static int fixture(const char *dir, int n, profile_t *p)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = n;
	profiler_t *pb = profiler_alloc(&o);
	accelsim_opts_t ao;
	accelsim_opts_default(&ao);
	ao.n_sm = n;
	char path[256];
	snprintf(path, sizeof path, "tests/data/accelsim-shape/%s", dir);
	int rc = pb ? accelsim_read(path, &ao, pb, NULL) : -1;
	if (!rc)
		rc = profiler_finish(pb, p);
	profiler_free(pb);
	return rc;
}

/* Evaluate the baseline design; the memory system into *m, metrics into *o. */
static int eval(const gpu_t *g, const profile_t *p, memsys_t *m, metrics_t *o, double *mlp)
{
	const char *err = NULL, *why = NULL;
	wctx_t *w = wctx_alloc(g, p, &err);
	if (!w)
		return -1;
	design_t d;
	design_default(&d);
	int rc = gpu_eval_detail(g, &d, w, m, o, NULL, &why);
	*mlp = w->mlp;
	wctx_free(w);
	return rc;
}

static void test_model(void)
{
	gpu_t g;
	gpu_defaults(&g);
	profile_t p;
	memsys_t m;
	metrics_t o, o0;
	double mlp;
	/* vectoradd: one CTA of 32 warps on 68 SMs: it occupies one SM with 32 warps (the block
	 * scheduler's round-robin, occupancy.h: a = min(n, C)), limited by the grid */
	if (fixture("vectoradd", 68, &p)) {
		CHECK(0, "vectoradd fixture");
		return;
	}
	occ_t oc;
	occ_profile(&g, &p, 68, &oc);
	CHECK(oc.known, "launches known");
	CHECK_NEAR(oc.warps, 32.0, 1e-12, "1 CTA x 32 warps on a = min(68, 1) = 1 SM, one wave");
	CHECK_NEAR(oc.sms, 1.0, 0, "one occupied SM");
	CHECK_INT(oc.limiter, OCC_GRID, "the grid cannot fill the GPU");
	CHECK_INT(eval(&g, &p, &m, &o, &mlp), 0, "evaluates");
	CHECK_NEAR(m.warps, 32.0, 1e-12, "the model runs with it");
	CHECK_INT(m.n_compute, 1, "on the one occupied SM");
	CHECK_INT(m.l1_count, 1, "and its one private L1");
	CHECK_NEAR(mlp, 2, 0, "measured MLP (LDG, LDG, then FADD) instead of the default 1");
	/* the same profile without its shape: 48 warps on each of 68 SMs, MLP 1 -- 48 x 68 / 32 = 102x
	 * the population over 68x the SMs; IPC must be higher */
	profile_shape_t keep = p.shape;
	memset(&p.shape, 0, sizeof p.shape);
	CHECK_INT(eval(&g, &p, &m, &o0, &mlp), 0, "evaluates without shape");
	CHECK_NEAR(m.warps, 48, 0, "preset default without launch geometry");
	CHECK_NEAR(mlp, 1, 0, "GPU_MLP default without dependences");
	CHECK(o0.ipc > 2 * o.ipc, "one CTA cannot use the GPU the default assumes");
	p.shape = keep;
	/* fitted params.mlp wins over the measurement */
	p.has_mlp = 1;
	p.mlp = 3;
	CHECK_INT(eval(&g, &p, &m, &o, &mlp), 0, "evaluates");
	CHECK_NEAR(mlp, 3, 0, "params.mlp first");
	profile_free(&p);

	/* matmul: 4 CTAs of 8 warps on 2 SMs: res 6 by warps, one wave, 4 x 8 / 2 = 16 warps per SM;
	 * shared: 384 instructions over 1120, degree 512 / 384 -> service 4/3 x 128 B / 128 B/cycle */
	if (fixture("matmul", 2, &p)) {
		CHECK(0, "matmul fixture");
		return;
	}
	gpu_t g2 = g;
	g2.n_sm = 2;
	CHECK_INT(eval(&g2, &p, &m, &o, &mlp), 0, "evaluates");
	CHECK_NEAR(m.warps, 16, 1e-12, "32 warps over 2 SMs");
	int found = 0;
	for (int i = 0; i < m.n_extra; i++)
		if (strcmp(m.extra[i].name, "shmem") == 0) {
			found = 1;
			CHECK_NEAR(m.extra[i].visits, 384.0 / 1120.0, 1e-12, "shared per instruction");
			CHECK_NEAR(m.extra[i].service, 512.0 / 384.0, 1e-12, "wavefronts x 128 B / 128 B per cycle");
			CHECK_INT(m.extra[i].copies, 2, "one per SM");
		}
	CHECK(found, "shmem station added");
	/* with GPGPU-Sim's load/store unit (l1_banks, models/ldst.h SHARED MEMORY) the same demand
	 * joins the l1 station: l1_service = C(r, s) / r + v_sh x service_sh / a1 */
	gpu_t g3 = g2;
	g3.l1_banks = 4;
	CHECK_INT(eval(&g3, &p, &m, &o, &mlp), 0, "evaluates with l1_banks");
	found = 0;
	for (int i = 0; i < m.n_extra; i++)
		found |= strcmp(m.extra[i].name, "shmem") == 0;
	CHECK(!found, "l1_banks: no shmem station of its own");
	double a1 = m.mem_per_inst * m.req_per_mem;
	double ldst = ldst_access_cycles(m.req_per_mem, m.bytes_per_req / g3.sector_bytes, 4, g3.line_bytes / g3.sector_bytes) /
	              m.req_per_mem;
	CHECK_NEAR(m.l1_service, ldst + (384.0 / 1120.0) * (512.0 / 384.0) / a1, 1e-12,
	           "l1 service = access stage + shared demand per L1 request (one unit, ldst.h)");
	CHECK_NEAR(mlp, 2, 0, "two loads per group");
	/* 1000 CTAs of this shape on 68 SMs: 3 waves, 8000 / 204 warps per SM on average */
	p.shape.launch[0].grid[0] = 1000;
	p.shape.launch[0].grid[1] = 1;
	p.shape.launch[0].insts = 0;
	occ_profile(&g, &p, 68, &oc);
	CHECK_NEAR(oc.waves, 3, 0, "ceil(1000 / (68 x 6))");
	CHECK_NEAR(oc.warps, 8000.0 / 204.0, 1e-9, "C w / (a waves), a = min(68, 1000) = 68");
	CHECK_NEAR(oc.sms, 68, 0, "every SM occupied");
	CHECK_INT(oc.limiter, OCC_WARPS, "warps bind");
	CHECK_NEAR(oc.lock_seq, 0, 0, "lockstep.h [L2]: no instruction count, no lock step");
	/* lockstep.h [L2]: with 8000 instructions over the 1000 CTAs x 8 warps (1 a warp) in 3
	 * waves: S = 3 x 8000 / (1000 x 8) = 3, N = 3; two such launches (count 2): S 6, N 6 */
	p.shape.launch[0].insts = 8000;
	occ_profile(&g, &p, 68, &oc);
	CHECK_NEAR(oc.lock_seq, 3, 1e-12, "[L2] S = waves I / (C w)");
	CHECK_NEAR(oc.lock_waves, 3, 0, "[L2] N = waves x count");
	p.shape.launch[0].count = 2;
	p.shape.launch[0].insts = 16000;
	occ_profile(&g, &p, 68, &oc);
	CHECK_NEAR(oc.lock_seq, 6, 1e-12, "[L2] two launches of 3 waves: S = 6");
	CHECK_NEAR(oc.lock_waves, 6, 0, "[L2] N = 6");
	profile_free(&p);
}

/*
 * IMBALANCE (occupancy.h): the time-averaged live warps insts / L, L = max(n_max, sum m_k /
 * (a res)), against a list-scheduling simulation of the same assumption (every warp issues one
 * instruction per unit time; a CTA holds its slot until its longest warp ends; CTAs go, in
 * order, to the first free slot of a x res).  The closed form is exact for one wave (the
 * kernel ends with its longest warp) and for equal CTAs filling whole waves; otherwise the
 * simulated makespan lies between sum m_k / (a res) and that plus the longest CTA (Graham's
 * list-scheduling bound), which bounds the live warps from both sides.
 */
static double sim_live(int a, int res, int nctas, int wpc, const double *n, double *makespan)
{
	int slots = a * res;
	double *free_at = calloc((size_t)slots, sizeof *free_at);
	double insts = 0, end = 0;
	for (int c = 0; c < nctas; c++) {
		int best = 0;
		for (int k = 1; k < slots; k++)
			if (free_at[k] < free_at[best])
				best = k;
		double m = 0;
		for (int w = 0; w < wpc; w++) {
			insts += n[c * wpc + w];
			if (n[c * wpc + w] > m)
				m = n[c * wpc + w];
		}
		free_at[best] += m;
		if (free_at[best] > end)
			end = free_at[best];
	}
	free(free_at);
	*makespan = end;
	return insts / end;
}

static void entry_of(int nctas, int wpc, const double *n, shape_launch_t *l)
{
	memset(l, 0, sizeof *l);
	l->count = 1;
	for (int c = 0; c < nctas; c++) {
		double m = 0;
		for (int w = 0; w < wpc; w++) {
			l->insts += n[c * wpc + w];
			if (n[c * wpc + w] > m)
				m = n[c * wpc + w];
		}
		l->cta_span += m;
		if (m > l->warp_max)
			l->warp_max = m;
	}
}

static void test_imbalance(void)
{
	enum { WPC = 4, MAXC = 4000 };
	static double n[MAXC * WPC];
	shape_launch_t l;
	double T;
	/* one wave, c-blk's shape: 480 CTAs of 4 warps on 80 SMs x 6, 625 warps of 87
	 * instructions and the rest 9 (the BlackScholes grid-stride tail) */
	for (int i = 0; i < 480 * WPC; i++)
		n[i] = i < 625 ? 87 : 9;
	entry_of(480, WPC, n, &l);
	double sim = sim_live(80, 6, 480, WPC, n, &T);
	CHECK_NEAR(T, 87, 0, "one wave ends with the longest warp");
	CHECK_REL(occ_live_warps(&l, 80, 6), sim, 1e-12, "one wave: exact");
	CHECK_REL(occ_live_warps(&l, 80, 6), (625 * 87.0 + 1295 * 9.0) / 87.0, 1e-12, "sum n / n_max");
	/* equal CTAs filling whole waves: insts / L = a res w (every slot busy throughout) */
	for (int i = 0; i < 960 * WPC; i++)
		n[i] = 50;
	entry_of(960, WPC, n, &l);
	sim = sim_live(80, 6, 960, WPC, n, &T);
	CHECK_NEAR(T, 100, 0, "two waves of 50");
	CHECK_REL(occ_live_warps(&l, 80, 6), sim, 1e-12, "whole waves: exact");
	CHECK_REL(occ_live_warps(&l, 80, 6), 80 * 6 * WPC, 1e-12, "a res w");
	/* unequal CTAs over many waves: Graham's bound on both sides */
	unsigned long x = 12345;
	for (int i = 0; i < MAXC * WPC; i++) {
		x = x * 6364136223846793005UL + 1442695040888963407UL;
		n[i] = 10 + (double)((x >> 33) % 200);
	}
	for (int a = 8; a <= 64; a *= 2) {
		entry_of(MAXC, WPC, n, &l);
		sim = sim_live(a, 4, MAXC, WPC, n, &T);
		double lo_T = l.cta_span / (a * 4.0), hi_T = lo_T + l.warp_max;
		CHECK(T >= lo_T - 1e-9 && T <= hi_T + 1e-9, "simulated makespan within Graham's bound");
		double live = occ_live_warps(&l, a, 4);
		CHECK(live >= sim - 1e-9 && live <= sim * hi_T / lo_T + 1e-9,
		      "closed form within the bound's range of the simulated live warps");
		printf("imbalance: %d SMs x 4 CTAs, %d CTAs: live warps closed form %.2f, simulated %.2f (%+.2f%%)\n",
		       a, MAXC, live, sim, 100 * (live / sim - 1));
	}
	/* without the fields: unknown, the uniform formula stays */
	l.warp_max = l.cta_span = 0;
	CHECK_NEAR(occ_live_warps(&l, 80, 6), 0, 0, "no warp_max / cta_span: 0 (unknown)");
}

int main(void)
{
	test_calc();
	test_imbalance();
	test_model();
	return check_summary("occupancy");
}
