/*
 * test_shape.c -- the profile's launch and code shape (models/profile_shape.h): the Accel-Sim
 * fixtures of tests/data/accelsim-shape (written by make_fixtures.py there; every expected
 * count below is worked out from that construction in its README.md), the bank-conflict
 * degree and opcode units on hand-made warps, the NVBit LAUNCH line, a generator template
 * whose counts follow from its source, and the JSON round trip (old profiles without the
 * block still load, as unknown); the barrier intervals (phases) on a hand-made stream, the
 * matmul fixture and db-gemm's generator (their totals against the profile's own).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support/check.h"
#include "support/genprof.h"
#include "cli.h"
#include "profiling/profile_json.h"
#include "profiling/profiler.h"
#include "profiling/shape_acc.h"
#include "profiling/trace_accelsim.h"
#include "profiling/trace_nvbit.h"
#include "profiling/generators/gen.h"
#include "presets/gpu_json.h"

#define DATA "tests/data/accelsim-shape"

/* Profile of a fixture directory on n_sm SMs (0 on success). */
static int read_fixture(const char *dir, int n_sm, profile_t *p, accelsim_stats_t *st)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = n_sm;
	o.n_groups = 0;
	profiler_t *pb = profiler_alloc(&o);
	accelsim_opts_t ao;
	accelsim_opts_default(&ao);
	ao.n_sm = n_sm;
	char path[256];
	snprintf(path, sizeof path, "%s/%s", DATA, dir);
	int rc = pb ? accelsim_read(path, &ao, pb, st) : -1;
	if (!rc)
		rc = profiler_finish(pb, p);
	profiler_free(pb);
	return rc;
}

/*
 * matmul: grid (2,2,1) of 16x16 threads = 4 CTAs x 8 warps; each warp runs 3 + 2 x 15 + 2 = 35
 * instructions (README.md lists them): 1120 warp instructions; global: 2 LDG per iteration +
 * 1 STG = 5 per warp = 160; shared: 2 STS + 4 LDS per iteration = 12 per warp = 384 (128 STS,
 * 256 LDS); BAR.SYNC 2 per iteration = 4 per warp = 128 (4 barriers per CTA); units per warp:
 * int 7 (S2R x2, IMAD, IADD3 x2, ISETP x2), fp32 4 (FFMA), ldst 17, branch 3 (BRA x2, EXIT),
 * other 4 (BAR); bank degree per iteration STS 1+1, LDS 1 (broadcast) + 2 (8 B stride) + 1 + 2
 * = 8, so 16 per warp = 512 wavefronts over 384 instructions; MLP: the two LDGs of an
 * iteration are both in flight when the first STS reads R4: 2 groups of 2 per warp.
 */
static void test_matmul(void)
{
	profile_t p;
	accelsim_stats_t st;
	if (read_fixture("matmul", 2, &p, &st)) {
		CHECK(0, "matmul fixture reads");
		return;
	}
	const profile_shape_t *s = &p.shape;
	CHECK_NEAR(p.insts, 1120, 0, "32 warps x 35 instructions");
	CHECK_NEAR(p.mem_insts, 160, 0, "32 warps x (2 x 2 LDG + STG)");
	CHECK_INT((long long)st.shared_insts, 384, "32 warps x 2 x (2 STS + 4 LDS)");
	CHECK_INT((long long)s->n_launch, 1, "one launch");
	CHECK_INT(s->launch[0].grid[0], 2, "-grid dim = (2,2,1)");
	CHECK_INT(s->launch[0].grid[1], 2, "-grid dim = (2,2,1)");
	CHECK_INT(s->launch[0].block[0], 16, "-block dim = (16,16,1)");
	CHECK_INT(s->launch[0].block[1], 16, "-block dim = (16,16,1)");
	CHECK_INT(shape_warps_per_cta(&s->launch[0]), 8, "256 threads = 8 warps");
	CHECK_NEAR(shape_ctas(&s->launch[0]), 4, 0, "2 x 2 CTAs");
	CHECK_INT(s->launch[0].regs, 32, "-nregs = 32");
	CHECK_INT(s->launch[0].smem, 2048, "-shmem = 2048");
	CHECK_NEAR(s->launch[0].insts, 1120, 0, "every instruction in the one launch");
	/* 2 SMs, 64 warps and 32 CTAs per SM (reader defaults): 8 CTAs per SM fit, one wave */
	CHECK_NEAR(s->launch[0].waves, 1, 0, "4 CTAs <= 2 SMs x 8 resident");
	CHECK(s->has_shared, "shared block present");
	CHECK_NEAR(s->lds, 256, 0, "4 LDS x 2 iterations x 32 warps");
	CHECK_NEAR(s->sts, 128, 0, "2 STS x 2 iterations x 32 warps");
	CHECK_NEAR(s->atoms, 0, 0, "no ATOMS");
	CHECK_NEAR(s->shared_addr_insts, 384, 0, "every shared instruction has addresses");
	CHECK_NEAR(s->shared_wavefronts, 512, 0, "8 per iteration x 2 x 32 warps");
	CHECK_NEAR(s->bar, 128, 0, "4 BAR.SYNC x 32 warps");
	CHECK_NEAR(s->bar / (shape_ctas(&s->launch[0]) * 8), 4, 0, "4 barriers per CTA (per warp of it)");
	CHECK_NEAR(s->unit[SU_INT], 224, 0, "7 x 32");
	CHECK_NEAR(s->unit[SU_FP32], 128, 0, "4 FFMA x 32");
	CHECK_NEAR(s->unit[SU_LDST], 544, 0, "17 x 32");
	CHECK_NEAR(s->unit[SU_BRANCH], 96, 0, "3 x 32");
	CHECK_NEAR(s->unit[SU_OTHER], 128, 0, "BAR x 4 x 32");
	CHECK_NEAR(s->unit[SU_FP64] + s->unit[SU_SFU] + s->unit[SU_TENSOR], 0, 0, "none");
	CHECK_NEAR(shape_simd_lanes(s), 32, 0, "every mask full");
	CHECK_NEAR(s->mlp_groups, 64, 0, "2 groups per warp");
	CHECK_NEAR(s->mlp_hist[1], 64, 0, "all of 2 loads");
	CHECK_NEAR(shape_mlp_mean(s), 2, 0, "two independent LDGs before the first use");
	/* barrier intervals per warp (README's listing; every LDG/STG one 128 B request: 160 l1
	 * accesses = 5 per warp): S2R S2R IMAD LDG LDG STS STS BAR = [8, 2 req, 2 wf, int 3];
	 * LDS LDS FFMA LDS LDS FFMA BAR = [7, 0, 1+2+1+2 wf, fp32 2] twice; IADD3 ISETP BRA LDG LDG
	 * STS STS BAR = [8, 2, 2, int 2]; the end: IADD3 ISETP BRA STG EXIT = [5, 1, 0, int 2] */
	static const double mm[4][1 + SP_NCOL] = {
		{ 64, 7, 0, 6, 2, 0, 0, 0, 0 }, { 32, 5, 1, 0, 0, 0, 2, 0, 0 },
		{ 32, 8, 2, 2, 0, 0, 2, 0, 0 }, { 32, 8, 2, 2, 0, 0, 3, 0, 0 } };
	CHECK(s->has_phase && s->n_phase == 4, "matmul: 4 distinct barrier intervals");
	for (size_t i = 0; s->has_phase && i < s->n_phase && i < 4; i++) {
		CHECK_NEAR(s->phase[i].count, mm[i][0], 0, "matmul phase count (sorted by count, then vector)");
		for (int c = 0; c < SP_NCOL; c++)
			CHECK_NEAR(s->phase[i].v[c], mm[i][1 + c], 0, "matmul phase vector");
	}
	profile_free(&p);
	/* the shape does not depend on the SM count, except waves: 1 SM still holds all 4 CTAs */
	if (read_fixture("matmul", 1, &p, &st) == 0) {
		CHECK_NEAR(p.shape.shared_wavefronts, 512, 0, "same on 1 SM");
		CHECK_NEAR(p.shape.launch[0].waves, 1, 0, "8 resident CTAs per SM");
		profile_free(&p);
	}
}

/*
 * vectoradd: one CTA of 1024 threads = 32 warps, n = 1000: warps 0-30 run 8 instructions
 * with full masks; warp 31's LDG, LDG, FADD, STG have lanes 0-7 (mask 0xff).  Lanes: 31 x 8 x
 * 32 + 4 x 32 + 4 x 8 = 8096 over 256 instructions (31.625 per instruction).
 */
static void test_vectoradd(void)
{
	profile_t p;
	accelsim_stats_t st;
	if (read_fixture("vectoradd", 4, &p, &st)) {
		CHECK(0, "vectoradd fixture reads");
		return;
	}
	const profile_shape_t *s = &p.shape;
	CHECK_INT((long long)s->n_launch, 1, "one launch");
	CHECK_NEAR(shape_ctas(&s->launch[0]), 1, 0, "one CTA");
	CHECK_INT(shape_warps_per_cta(&s->launch[0]), 32, "1024 threads = 32 warps");
	CHECK_INT(s->launch[0].regs, 10, "-nregs = 10");
	CHECK_INT(s->launch[0].smem, 0, "-shmem = 0");
	CHECK_NEAR(p.insts, 256, 0, "32 x 8");
	CHECK_NEAR(p.mem_insts, 96, 0, "32 x 3");
	CHECK_NEAR(s->active_lanes, 8096, 0, "31 x 8 x 32 + 4 x 32 + 4 x 8");
	CHECK_NEAR(shape_simd_lanes(s), 31.625, 1e-12, "8096 / 256");
	CHECK(!s->has_shared && !s->has_bar && !s->has_atom, "no shared memory, barrier or atomic");
	CHECK_NEAR(shape_mlp_mean(s), 2, 0, "LDG a, LDG b, then FADD");
	CHECK_NEAR(s->unit[SU_FP32], 32, 0, "one FADD per warp");
	CHECK_NEAR(s->unit[SU_INT], 96, 0, "S2R, IMAD, ISETP");
	CHECK(!s->has_phase && s->n_phase == 0 && !s->phase, "no barrier: no barrier intervals");
	/* and no "phases" key in its JSON (profiles without BAR stay byte for byte as before) */
	char path[] = "/tmp/gpudse-shape-XXXXXX";
	int fd = mkstemp(path);
	close(fd);
	CHECK_INT(profile_save(path, &p), 0, "saves");
	FILE *f = fopen(path, "r");
	char buf[4096];
	int found = 0;
	while (f && fgets(buf, sizeof buf, f))
		found |= strstr(buf, "\"phases\"") != NULL;
	if (f)
		fclose(f);
	CHECK(f && !found, "no \"phases\" key without barriers");
	unlink(path);
	profile_free(&p);
}

/* MLP: a chain of 4 dependent loads = 4 groups of 1; 4 independent loads then their uses = 1
 * group of 4; a 64-bit load (R8, R9) and a 4 B load, then an IADD3 that touches neither, then
 * a read of R9 = 1 group of 2. */
static void test_mlp(void)
{
	static const struct { const char *dir; double loads, groups, mean; int bin; } c[] = {
		{ "mlp-chain", 4, 4, 1, 0 }, { "mlp-indep", 4, 1, 4, 3 }, { "mlp-wide", 2, 1, 2, 1 },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		profile_t p;
		accelsim_stats_t st;
		if (read_fixture(c[i].dir, 1, &p, &st)) {
			CHECK(0, c[i].dir);
			continue;
		}
		CHECK_NEAR(p.shape.mlp_loads, c[i].loads, 0, c[i].dir);
		CHECK_NEAR(p.shape.mlp_groups, c[i].groups, 0, c[i].dir);
		CHECK_NEAR(p.shape.mlp_hist[c[i].bin], c[i].groups, 0, c[i].dir);
		CHECK_NEAR(shape_mlp_mean(&p.shape), c[i].mean, 0, c[i].dir);
		profile_free(&p);
	}
	/* the same rule driven directly: two loads to R2 and R3, the second reading the first
	 * (a dependence) closes a group of 1 */
	shape_acc_t a;
	shape_acc_init(&a);
	shape_warp_t w;
	memset(&w, 0, sizeof w);
	int d2 = 2, d3 = 3, s1 = 1, s2 = 2, s3 = 3;
	shape_warp_inst(&a, &w, 1, &d2, 1, 1, &s1, 1);
	shape_warp_inst(&a, &w, 1, &d3, 1, 1, &s2, 1);
	shape_warp_inst(&a, &w, 0, NULL, 0, 1, &s3, 1);
	CHECK_NEAR(a.s.mlp_groups, 2, 0, "chain of 2: 2 groups");
	CHECK_NEAR(a.s.mlp_loads, 2, 0, "2 loads");
	CHECK_NEAR(a.s.mlp_hist_over[0], 0, 0, "both closed by a read: none in hist_overwrite");
	/* a load whose destination is overwritten before any read also ends its group (WAW) */
	shape_warp_inst(&a, &w, 1, &d2, 1, 1, &s1, 1);
	shape_warp_inst(&a, &w, 0, &d2, 1, 1, NULL, 0);
	CHECK_NEAR(a.s.mlp_groups, 3, 0, "overwrite = use");
	CHECK_NEAR(a.s.mlp_hist_over[0], 1, 0, "closed by an overwrite without a read: hist_overwrite (profile_shape.h)");
	/* four loads into rotating R4..R7, the fifth load overwriting R4 (nothing read): a window
	 * of 4 closed by an overwrite; an instruction reading and writing R4 closes by a read */
	int rot[5] = { 4, 5, 6, 7, 4 };
	for (int i = 0; i < 5; i++)
		shape_warp_inst(&a, &w, 1, &rot[i], 1, 1, &s1, 1);
	CHECK_NEAR(a.s.mlp_hist_over[3], 1, 0, "rotating registers: a group of 4 closed by an overwrite");
	shape_warp_inst(&a, &w, 0, &rot[0], 1, 1, &rot[0], 1);
	CHECK_NEAR(a.s.mlp_hist[0], 4, 0, "the fifth load's group of 1, closed by a read that also overwrites");
	CHECK_NEAR(a.s.mlp_hist_over[0], 1, 0, "a read and an overwrite together count as a read");
	CHECK(a.s.has_mlp_over, "hist_overwrite recorded");
	shape_warp_inst(&a, &w, 1, &d2, 1, 1, &s1, 1);
	shape_warp_end(&a, &w);
	CHECK_NEAR(a.s.mlp_groups, 6, 0, "the warp's end closes its open group");
	CHECK_NEAR(a.s.mlp_hist_over[0], 1, 0, "the end counts with the reads (a warp exits when its loads are back)");
	shape_acc_free(&a);
}

/*
 * misc: one CTA of 2 warps.  Warp 0: FFMA (32 lanes), FMUL (16), DFMA (8), MUFU.RSQ (4), HMMA,
 * IADD3, BAR.SYNC, ATOMG x 2, RED, ATOMS, BAR.SYNC, BRA, EXIT (all 32); warp 1: FADD (1 lane),
 * BAR.SYNC x 2, EXIT.  Units: fp32 3, fp64 1, sfu 1, tensor 1, int 1, ldst 4, branch 3,
 * other 4 (BAR).  Lanes 380 + 97 = 477 over 18.  Atomics: ATOMG all lanes on X (1 address),
 * ATOMG lanes on X + 4 (l mod 4) (4 addresses, 8 lanes each), RED lanes on Y + 4 l (32):
 * 3 instructions, 96 lanes, 37 addresses, 36 distinct targets (X counted once), X takes
 * 32 + 8 = 40 lane operations.  ATOMS: 32 lanes on one word = degree 32.
 */
static void test_misc(void)
{
	profile_t p;
	accelsim_stats_t st;
	if (read_fixture("misc", 1, &p, &st)) {
		CHECK(0, "misc fixture reads");
		return;
	}
	const profile_shape_t *s = &p.shape;
	static const double unit[SU_NUNIT] = { 3, 1, 1, 1, 1, 4, 3, 4 };
	for (int u = 0; u < SU_NUNIT; u++)
		CHECK_NEAR(s->unit[u], unit[u], 0, shape_unit_name[u]);
	CHECK_NEAR(s->active_lanes, 477, 0, "380 + 97");
	CHECK_NEAR(s->simd_insts, 18, 0, "14 + 4");
	CHECK_NEAR(s->bar, 4, 0, "2 per warp");
	CHECK_NEAR(s->atom_insts, 3, 0, "ATOMG x 2 + RED");
	CHECK_NEAR(s->atom_lanes, 96, 0, "3 x 32");
	CHECK_NEAR(s->atom_addrs, 37, 0, "1 + 4 + 32");
	CHECK_NEAR(s->atom_targets, 36, 0, "X, X+4, X+8, X+12 and 32 of Y");
	CHECK_NEAR(s->atom_top, 40, 0, "X: 32 + 8");
	CHECK_NEAR(s->atoms, 1, 0, "one ATOMS");
	CHECK_NEAR(s->shared_wavefronts, 32, 0, "32 lanes on one word serialise");
	CHECK_NEAR(p.mem_insts, 3, 0, "global atomics are global memory instructions");
	profile_free(&p);
}

static void test_units_banks(void)
{
	CHECK_INT(shape_opcode_unit("FFMA"), SU_FP32, "ampere_opcode.h SP_OP");
	CHECK_INT(shape_opcode_unit("HFMA2.MMA"), SU_FP32, "SP_OP");
	CHECK_INT(shape_opcode_unit("DADD"), SU_FP64, "DP_OP");
	CHECK_INT(shape_opcode_unit("IMAD.WIDE.U32"), SU_INT, "INTP_OP");
	CHECK_INT(shape_opcode_unit("MOV"), SU_INT, "ALU_OP");
	CHECK_INT(shape_opcode_unit("MUFU.EX2"), SU_SFU, "SFU_OP");
	CHECK_INT(shape_opcode_unit("IMMA.8816.S8.S8"), SU_TENSOR, "SPECIALIZED_UNIT_3_OP");
	CHECK_INT(shape_opcode_unit("LDGSTS.E.BYPASS.128"), SU_LDST, "LOAD_OP");
	CHECK_INT(shape_opcode_unit("EXIT"), SU_BRANCH, "EXIT_OPS");
	CHECK_INT(shape_opcode_unit("BAR.SYNC"), SU_OTHER, "BARRIER_OP");
	CHECK_INT(shape_opcode_unit("UIADD3"), SU_OTHER, "uniform datapath");
	CHECK_INT(shape_opcode_unit("NOTANOP"), SU_OTHER, "unknown");
	uint64_t a[32];
	for (int l = 0; l < 32; l++)
		a[l] = 0x1000 + 4 * (uint64_t)l;
	CHECK_INT(shape_bank_degree(0xffffffff, a, 4), 1, "consecutive words: one per bank");
	for (int l = 0; l < 32; l++)
		a[l] = 0x1000 + 8 * (uint64_t)l;
	CHECK_INT(shape_bank_degree(0xffffffff, a, 8), 2, "8 B per lane: 64 words, 2 per bank (2 wavefronts)");
	for (int l = 0; l < 32; l++)
		a[l] = 0x1000 + 16 * (uint64_t)l;
	CHECK_INT(shape_bank_degree(0xffffffff, a, 16), 4, "16 B per lane: 128 words, 4 per bank");
	for (int l = 0; l < 32; l++)
		a[l] = 0x1000 + 128 * (uint64_t)l;
	CHECK_INT(shape_bank_degree(0xffffffff, a, 4), 32, "stride 32 words: every lane on bank 0");
	CHECK_INT(shape_bank_degree(0x0000000f, a, 4), 4, "4 active lanes on bank 0");
	for (int l = 0; l < 32; l++)
		a[l] = 0x1000 + 4 * (uint64_t)(l % 2);
	CHECK_INT(shape_bank_degree(0xffffffff, a, 4), 1, "two words broadcast: no conflict");
	for (int l = 0; l < 32; l++)
		a[l] = 0x1000 + 4 * (uint64_t)(l * 3);
	CHECK_INT(shape_bank_degree(0xffffffff, a, 4), 1, "odd stride 3: a permutation of the banks");
}

/* NVBit: the LAUNCH line gives grid, block, nregs and shmem; an LDS with 8 B stride has degree
 * 2; an ATOMG with every lane on one address is one target taking 32 operations. */
static void test_nvbit_shape(void)
{
	char path[] = "/tmp/gpudse-nvshape-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0) {
		CHECK(0, "mkstemp");
		return;
	}
	FILE *f = fdopen(fd, "w");
	fprintf(f, "MEMTRACE: CTX 0x00005581e0c2a3b0 - LAUNCH - Kernel pc 0x00007f1a2c000000 - Kernel name k - "
		   "grid launch id 0 - grid size 3,2,1 - block size 128,1,1 - nregs 40 - shmem 8192 - cuda stream id 0\n");
	fprintf(f, "MEMTRACE: CTX 0x00005581e0c2a3b0 - grid_launch_id 0 - CTA 0,0,0 - warp 0 - LDS - ");
	for (int l = 0; l < 32; l++)
		fprintf(f, "0x%016llx ", 0x7f2000000100ULL + 8ULL * (unsigned long long)l);
	fprintf(f, "\nMEMTRACE: CTX 0x00005581e0c2a3b0 - grid_launch_id 0 - CTA 1,0,0 - warp 0 - ATOMG.E.ADD - ");
	for (int l = 0; l < 32; l++)
		fprintf(f, "0x%016llx ", 0x7f1200000040ULL);
	/* a column walk: lanes 1 KiB apart, 32 sectors in one bank (profile_shape.h ldst) */
	fprintf(f, "\nMEMTRACE: CTX 0x00005581e0c2a3b0 - grid_launch_id 0 - CTA 2,0,0 - warp 0 - LDG.E - ");
	for (int l = 0; l < 32; l++)
		fprintf(f, "0x%016llx ", 0x7f1300000000ULL + 1024ULL * (unsigned long long)l);
	fprintf(f, "\n");
	fclose(f);
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = 2;
	o.n_groups = 0;
	profiler_t *pb = profiler_alloc(&o);
	nvbit_stats_t st;
	int rc = nvbit_read(path, 2, 128, NULL, pb, NULL, NULL, &st);
	CHECK_INT(rc, 0, "reads");
	profile_t p;
	if (!rc && profiler_finish(pb, &p) == 0) {
		const profile_shape_t *s = &p.shape;
		CHECK_INT((long long)s->n_launch, 1, "one LAUNCH");
		if (s->n_launch == 1) {
			CHECK_INT(s->launch[0].grid[0] * s->launch[0].grid[1], 6, "grid size 3,2,1");
			CHECK_INT(s->launch[0].block[0], 128, "block size 128,1,1");
			CHECK_INT(s->launch[0].regs, 40, "nregs 40");
			CHECK_INT(s->launch[0].smem, 8192, "shmem 8192");
		}
		CHECK_NEAR(s->lds, 1, 0, "one LDS");
		CHECK_NEAR(s->shared_wavefronts, 2, 0, "8 B stride: 2 lanes per bank");
		CHECK_NEAR(s->atom_targets, 1, 0, "one address");
		CHECK_NEAR(s->atom_top, 32, 0, "every lane on it");
		CHECK(!s->has_mix && !s->has_simd && !s->has_mlp, "mem_trace sees memory instructions only: unknown");
		/* ldst: the ATOMG's one sector (1 cycle) and the LDG's 32 in one bank (32 at every B) */
		CHECK(s->has_ldst, "ldst recorded");
		CHECK_NEAR(p.mem_insts, 2, 0, "ATOMG and LDG are the memory instructions");
		CHECK_NEAR(s->ldst_insts, p.mem_insts, 0, "ldst insts = mem_insts");
		for (int b = 0; b < SHAPE_LDST_NB; b++)
			CHECK_NEAR(s->ldst_cycles[b], 33, 0, "ldst cycles: 1 + 32 at every B");
		profile_free(&p);
	}
	profiler_free(pb);
	unlink(path);
}

/*
 * A generator: p-gemm at size 64 (PolyBench gemm_kernel, polybench.c mm_launch): grid (2,8,1)
 * of 32x8 threads = 16 CTAs x 8 warps; the loop runs NK = 64 times with FMUL + FFMA (fp32 2),
 * 4 integer templates and a BRA; loads of a, b, c are all in flight before the FFMA: groups
 * of 3; the prologue's one load of c is used at once: a group of 1 per warp.
 */
static void test_generator(void)
{
	const gen_kernel_t *k = gen_find("p-gemm");
	CHECK(k != NULL, "p-gemm in the library");
	if (!k)
		return;
	shape_acc_t acc;
	shape_acc_init(&acc);
	gen_sink_t sink = { .shape = &acc };
	gen_opts_t o = { .n_sm = 4, .warps_per_sm = 48, .ctas_per_sm = 16, .seed = 1, .regs = 0 };
	gen_t g;
	int ok = gen_init(&g, &o, &sink) == 0 && k->run(&g, 64) == 0;
	CHECK(ok, "p-gemm runs");
	if (ok) {
		const profile_shape_t *s = &acc.s;
		CHECK_INT((long long)s->n_launch, 1, "one launch");
		CHECK_INT(s->launch[0].grid[0], 2, "NJ / 32");
		CHECK_INT(s->launch[0].grid[1], 8, "NI / 8");
		CHECK_INT(shape_warps_per_cta(&s->launch[0]), 8, "32 x 8 threads");
		CHECK_NEAR(s->launch[0].waves, 1, 0, "16 CTAs <= 4 SMs x 6 resident (48 warps / 8)");
		CHECK_NEAR(s->unit[SU_FP32], 128 * 64 * 2, 0, "128 warps x 64 trips x (FMUL + FFMA)");
		CHECK_NEAR(s->unit[SU_BRANCH], 128 * 64, 0, "one BRA per trip");
		CHECK_NEAR(s->mlp_hist[2], 128 * 64, 0, "a, b, c loads per trip");
		CHECK_NEAR(s->mlp_hist[0], 128, 0, "the prologue's load of c, used at once");
		CHECK_NEAR(shape_simd_lanes(s), 32, 0, "64 x 64 fills every lane");
	}
	gen_free(&g);
	shape_acc_free(&acc);
	/* the trace writer's opcode per template */
	gen_inst_t ld = I_LDW(0, 4, 2, 8), ffma = I_FP32(1, 2, 3, 4), anon = I_ALUN(3), sts = I_STS(1, 2, 2), bar = I_BAR();
	CHECK_STR(gen_inst_opcode(&ld), "LDG.E.64", "8 B load");
	CHECK_STR(gen_inst_opcode(&ffma), "FFMA", "fp32 template");
	CHECK_STR(gen_inst_opcode(&anon), "NOP", "undeclared unit");
	CHECK_STR(gen_inst_opcode(&sts), "STS", "shared store");
	CHECK_STR(gen_inst_opcode(&bar), "BAR.SYNC", "barrier");
	/* NOP is ALU_OP in Accel-Sim's opcode map, issued to the INT unit (gen_core.c): the
	 * generator counts it as the reader counts the written trace */
	CHECK_INT(gen_inst_unit(&anon), SU_INT, "undeclared ALU counts as int");
	CHECK_INT(gen_inst_unit(&anon), shape_opcode_unit(gen_inst_opcode(&anon)), "generator and reader agree on NOP");
	CHECK_INT(gen_inst_unit(&ffma), shape_opcode_unit(gen_inst_opcode(&ffma)), "generator and reader agree on FFMA");
}

/*
 * An undeclared ALU template's mix, known by construction: c-blk (cudasdk.c) runs I_ALUN(8) per
 * warp, then per grid-stride trip 3 LDG + I_ALUN(70) + 2 STG + I_ALUN(4).  The trace writer
 * prints those ALU runs as NOP, which Accel-Sim issues to the INT unit (gen_core.c
 * gen_inst_unit), so the mix must count them as int: int = 8 x warps + 74 x trips with
 * trips = ldst / 5, and nothing as "other" (no barrier).
 */
static void test_generator_alu_mix(void)
{
	const gen_kernel_t *k = gen_find("c-blk");
	CHECK(k != NULL, "c-blk in the library");
	if (!k)
		return;
	shape_acc_t acc;
	shape_acc_init(&acc);
	gen_sink_t sink = { .shape = &acc };
	gen_opts_t o = { .n_sm = 4, .warps_per_sm = 48, .ctas_per_sm = 16, .seed = 1, .regs = 0 };
	gen_t g;
	int ok = gen_init(&g, &o, &sink) == 0 && k->run(&g, 20000) == 0;
	CHECK(ok, "c-blk runs");
	if (ok) {
		const profile_shape_t *s = &acc.s;
		double warps = shape_ctas(&s->launch[0]) * (double)shape_warps_per_cta(&s->launch[0]);
		double trips = s->unit[SU_LDST] / 5.0;
		CHECK(trips > 0 && trips == (double)(long)trips, "5 LD/ST per trip");
		CHECK_NEAR(s->unit[SU_INT], 8.0 * warps + 74.0 * trips, 0, "8 per warp + 74 per trip, all int");
		CHECK_NEAR(s->unit[SU_OTHER], 0, 0, "nothing left as other");
		CHECK_NEAR(s->unit[SU_FP32] + s->unit[SU_SFU] + s->unit[SU_BRANCH], 0, 0, "no declared units");
		/* launch imbalance: 480 x 128 threads > 20000 options, so a warp makes at most one
		 * trip: the longest warp is 8 + 79 = 87; warps 0..624 (625 = 20000 / 32) trip, i.e.
		 * CTAs 0..156 have a longest warp of 87 and the other 323 of 8 */
		profile_shape_t fin;                     /* the launch's longest warp is added at the end */
		CHECK_INT(shape_acc_finish(&acc, &fin), 0, "finish");
		CHECK_NEAR(fin.launch[0].warp_max, 87, 0, "8 + (3 + 70 + 2 + 4)");
		CHECK_NEAR(fin.launch[0].cta_span, 157 * 87.0 + 323 * 8.0, 0, "sum over CTAs of the longest warp");
		profile_shape_free(&fin);
	}
	gen_free(&g);
	shape_acc_free(&acc);
}

/* ---------------------------------------------------------------- barrier intervals */

/* One warp instruction `op` of warp w through the accumulator as a source feeds it: greq global
 * requests; ways > 0 a shared-memory access of that bank degree, -1 one of unknown degree. */
static void ph_inst(shape_acc_t *a, shape_warp_t *w, const char *op, double greq, int ways)
{
	enum shape_unit u = shape_opcode_unit(op);
	int bar = strncmp(op, "BAR", 3) == 0, wave = 0;
	shape_acc_insts(a, u, 1, 32);
	if (bar)
		shape_acc_bar(a, 1);
	if (ways)
		wave = shape_acc_shared(a, 0, 0xffffffffu, NULL, 4, ways > 0 ? ways : 0);
	int gmem = strncmp(op, "LDG", 3) == 0 || strncmp(op, "STG", 3) == 0;
	shape_warp_phase(a, w, u, 1, greq, ways ? (wave > 0 ? wave : 1) : 0,
			 (bar ? SHAPE_PH_BAR : 0) | (gmem ? SHAPE_PH_GMEM : 0));
}

/* ph_inst with the instruction's registers first (shape_warp_inst, as the readers order them):
 * dst -1 none; src -1 none; a load when op starts with LDG. */
static void wt_inst(shape_acc_t *a, shape_warp_t *w, const char *op, double greq, int dst, int src)
{
	int is_load = strncmp(op, "LDG", 3) == 0;
	shape_warp_inst(a, w, is_load, &dst, dst >= 0, 1, &src, src >= 0);
	ph_inst(a, w, op, greq, 0);
}

/*
 * Wait intervals (profile_shape.h waits): two warps run IMAD | LDG R4, LDG R5, IMAD R8 | FFMA R4
 * (waits for the loads), FFMA | STG, STG, BAR | IMAD and end.  Cuts: before the first LDG (a
 * global run after other instructions), before the FFMA that reads R4, before the first STG,
 * after the BAR.  Table, by count then vector: 4 x [1 inst, int 1] (the first and the last
 * intervals), 2 x [2, fp32 2], 2 x [3, 2 requests] (STG, STG, BAR), 2 x [3, 2 requests, int 1].
 * Without shape_warp_inst (no register record): no waits.  Without launches every row's launch
 * entry is -1; with warp 0 in a 1-CTA launch and warp 1 in a 2-CTA one (two launch entries),
 * each row splits into one per entry (barrier_sync.h [B5]), counts halved, sorted by count,
 * vector, then entry.
 */
static void test_waits_stream(void)
{
	static shape_warp_t w[2];
	for (int regs = 0; regs < 3; regs++) {
		shape_acc_t a;
		shape_acc_init(&a);
		memset(w, 0, sizeof w);
		for (int k = 0; k < 2; k++) {
			if (regs == 2) {                 /* two launch entries, one warp each */
				long grid[3] = { 1 + k, 1, 1 }, block[3] = { 32, 1, 1 };
				CHECK_INT(shape_acc_launch(&a, grid, block, 0, -1, 1), 0, "launch");
			}
			if (regs) {
				wt_inst(&a, &w[k], "IMAD", 0, 1, -1);
				wt_inst(&a, &w[k], "LDG.E", 1, 4, -1);
				wt_inst(&a, &w[k], "LDG.E", 1, 5, -1);
				wt_inst(&a, &w[k], "IMAD", 0, 2, 8);
				wt_inst(&a, &w[k], "FFMA", 0, 3, 4);
				wt_inst(&a, &w[k], "FFMA", 0, 6, 3);
				wt_inst(&a, &w[k], "STG.E", 1, -1, 6);
				wt_inst(&a, &w[k], "STG.E", 1, -1, 5);
				wt_inst(&a, &w[k], "BAR.SYNC", 0, -1, -1);
				wt_inst(&a, &w[k], "IMAD", 0, 7, -1);
			} else {
				ph_inst(&a, &w[k], "IMAD", 0, 0);
				ph_inst(&a, &w[k], "LDG.E", 1, 0);
				ph_inst(&a, &w[k], "FFMA", 0, 0);
			}
			shape_warp_end(&a, &w[k]);
		}
		profile_shape_t s;
		memset(&s, 0, sizeof s);
		CHECK_INT(shape_acc_finish(&a, &s), 0, "finish");
		if (!regs) {
			CHECK(!s.has_wait && s.n_wait == 0 && !s.wait, "no register record: no wait intervals");
		} else if (regs == 2) {
			static const double want[4][1 + SP_NCOL] = {
				{ 2, 1, 0, 0, 0, 0, 1, 0, 0 }, { 1, 2, 0, 0, 2, 0, 0, 0, 0 },
				{ 1, 3, 2, 0, 0, 0, 0, 0, 0 }, { 1, 3, 2, 0, 0, 0, 1, 0, 0 } };
			CHECK(s.has_wait && s.n_wait == 8, "8 wait intervals: 4 vectors x 2 launch entries");
			for (size_t i = 0; s.has_wait && i < s.n_wait && i < 8; i++) {
				CHECK_NEAR(s.wait[i].count, want[i / 2][0], 0, "wait interval count, per launch entry");
				CHECK_INT(s.wait[i].launch, (long)(i % 2), "wait interval's launch entry");
				for (int c = 0; c < SP_NCOL; c++)
					CHECK_NEAR(s.wait[i].v[c], want[i / 2][1 + c], 0, "wait interval vector");
			}
			CHECK(s.has_phase && s.n_phase == 4 && s.phase[0].launch == 0 && s.phase[1].launch == 1,
			      "the barrier intervals: per launch entry too");
		} else {
			static const double want[4][1 + SP_NCOL] = {
				{ 4, 1, 0, 0, 0, 0, 1, 0, 0 }, { 2, 2, 0, 0, 2, 0, 0, 0, 0 },
				{ 2, 3, 2, 0, 0, 0, 0, 0, 0 }, { 2, 3, 2, 0, 0, 0, 1, 0, 0 } };
			CHECK(s.has_wait && s.n_wait == 4, "4 distinct wait intervals");
			for (size_t i = 0; s.has_wait && i < s.n_wait && i < 4; i++) {
				CHECK_NEAR(s.wait[i].count, want[i][0], 0, "wait interval count");
				CHECK_INT(s.wait[i].launch, -1, "no launch: no launch entry");
				for (int c = 0; c < SP_NCOL; c++)
					CHECK_NEAR(s.wait[i].v[c], want[i][1 + c], 0, "wait interval vector");
			}
			CHECK(s.has_phase && s.n_phase == 2, "the barrier intervals: before and after the BAR");
		}
		profile_shape_free(&s);
		shape_acc_free(&a);
	}
}

/*
 * Three warps interleaved instruction by instruction (per-warp state): A and B run FFMA, LDG (2
 * requests), BAR | LDS (degree 2), HMMA, BAR | FFMA and end; C runs DFMA, MUFU, an anonymous run
 * of 3 IMAD, an LDS of unknown degree (1 wavefront), BAR and ends on it (no end interval).
 * Table, by count then vector: 2 x [1, 0, 0, fp32 1], 2 x [3, 0, 2, tensor 1], 2 x [3, 2, 0,
 * fp32 1], 1 x [7, 0, 1, fp64 1, int 3, sfu 1].  The same without BARs: no record; 512
 * distinct intervals: kept; 513: dropped, not truncated.
 */
static void test_phases_stream(void)
{
	static shape_warp_t w[3];
	shape_acc_t a;
	for (int nobar = 0; nobar < 2; nobar++) {
		shape_acc_init(&a);
		memset(w, 0, sizeof w);
		const char *bar = nobar ? "FFMA" : "BAR.SYNC";
		for (int k = 0; k < 2; k++) {       /* A, B */
			ph_inst(&a, &w[k], "FFMA", 0, 0);
		}
		ph_inst(&a, &w[2], "DFMA", 0, 0);
		for (int k = 0; k < 2; k++)
			ph_inst(&a, &w[k], "LDG.E", 2, 0);
		ph_inst(&a, &w[2], "MUFU.EX2", 0, 0);
		for (int k = 0; k < 2; k++)
			ph_inst(&a, &w[k], bar, 0, 0);
		shape_acc_insts(&a, SU_INT, 3, 96);  /* C: an anonymous run of 3 */
		shape_warp_phase(&a, &w[2], SU_INT, 3, 0, 0, 0);
		for (int k = 0; k < 2; k++)
			ph_inst(&a, &w[k], "LDS", 0, 2);
		ph_inst(&a, &w[2], "LDS", 0, -1);
		for (int k = 0; k < 2; k++)
			ph_inst(&a, &w[k], "HMMA.16816.F32", 0, 0);
		ph_inst(&a, &w[2], bar, 0, 0);
		shape_warp_end(&a, &w[2]);
		for (int k = 0; k < 2; k++)
			ph_inst(&a, &w[k], bar, 0, 0);
		for (int k = 0; k < 2; k++) {
			ph_inst(&a, &w[k], "FFMA", 0, 0);
			shape_warp_end(&a, &w[k]);
		}
		profile_shape_t s;
		memset(&s, 0, sizeof s);
		CHECK_INT(shape_acc_finish(&a, &s), 0, "finish");
		if (nobar) {
			CHECK(!s.has_bar && !s.has_phase && s.n_phase == 0 && !s.phase, "no BAR: no barrier intervals");
		} else {
			static const double want[4][1 + SP_NCOL] = {
				{ 2, 1, 0, 0, 1, 0, 0, 0, 0 }, { 2, 3, 0, 2, 0, 0, 0, 0, 1 },
				{ 2, 3, 2, 0, 1, 0, 0, 0, 0 }, { 1, 7, 0, 1, 0, 1, 3, 1, 0 } };
			CHECK(s.has_phase && s.n_phase == 4, "4 distinct intervals");
			for (size_t i = 0; s.has_phase && i < s.n_phase && i < 4; i++) {
				CHECK_NEAR(s.phase[i].count, want[i][0], 0, "interval count");
				for (int c = 0; c < SP_NCOL; c++)
					CHECK_NEAR(s.phase[i].v[c], want[i][1 + c], 0, "interval vector");
			}
			double insts = 0, mix = 0;
			for (size_t i = 0; i < s.n_phase; i++)
				insts += s.phase[i].count * s.phase[i].v[SP_INSTS];
			for (int u = 0; u < SU_NUNIT; u++)
				mix += s.unit[u];
			CHECK_NEAR(insts, mix, 0, "every instruction in one interval");
			CHECK_NEAR(s.shared_wavefronts, 4, 0, "the unknown degree is not in shared_wavefronts");
		}
		profile_shape_free(&s);
		shape_acc_free(&a);
	}
	/* n warps, warp k: k + 1 FFMA then BAR: n distinct intervals */
	for (int n = 512; n <= 513; n++) {
		shape_acc_init(&a);
		for (int k = 0; k < n; k++) {
			for (int j = 0; j <= k; j++)
				ph_inst(&a, &w[0], "FFMA", 0, 0);
			ph_inst(&a, &w[0], "BAR.SYNC", 0, 0);
			shape_warp_end(&a, &w[0]);
		}
		profile_shape_t s;
		memset(&s, 0, sizeof s);
		CHECK_INT(shape_acc_finish(&a, &s), 0, "finish");
		if (n == SHAPE_PHASE_MAX) {
			CHECK(s.has_phase && s.n_phase == 512, "SHAPE_PHASE_MAX distinct intervals kept");
			CHECK(s.has_phase && s.phase[0].v[SP_INSTS] == 2 && s.phase[511].v[SP_INSTS] == 513,
			      "equal counts: by vector");
		} else {
			CHECK(s.has_bar && !s.has_phase && s.n_phase == 0 && !s.phase, "513 distinct: dropped, not truncated");
		}
		profile_shape_free(&s);
		shape_acc_free(&a);
	}
}

/*
 * db-gemm at size 256 on SM7_QV100 as `gpudse trace db-gemm --size 256 --gpu
 * calibration/accelsim/presets/SM7_QV100.json --profile P --sector-groups` makes it (cmd_trace.c,
 * validate_accelsim.c gen_profile): the intervals' totals equal the profile's own -- instructions,
 * shared wavefronts, tensor instructions, and the global requests the l1 stream counted (the
 * unit models/gpu.c divides by mem_insts into req_per_mem); and the record survives a save.
 */
static void test_phases_dbgemm(void)
{
	CHECK(gen_find("db-gemm") != NULL, "db-gemm and SM7_QV100");
	profile_t p;
	int ok = genprof_make("db-gemm", 256, "calibration/accelsim/presets/SM7_QV100.json", 1, "test_shape", &p) == 0;
	CHECK(ok, "db-gemm 256 profiled");
	if (!ok)
		return;
	const profile_shape_t *s = &p.shape;
	const profile_stream_t *l1 = profile_stream(&p, "l1");
	CHECK(s->has_bar && s->bar > 0 && s->has_phase && s->n_phase > 0, "db-gemm has barriers and intervals");
	double t[SP_NCOL] = { 0 }, n = 0;
	for (size_t i = 0; i < s->n_phase; i++) {
		n += s->phase[i].count;
		for (int c = 0; c < SP_NCOL; c++)
			t[c] += s->phase[i].count * s->phase[i].v[c];
		if (i > 0)
			CHECK(s->phase[i].count <= s->phase[i - 1].count, "sorted by count");
	}
	CHECK_NEAR(t[SP_INSTS], p.insts, 0, "sum count x insts = the profile's instructions");
	CHECK_NEAR(t[SP_GREQ], l1 ? l1->accesses : -1, 0, "sum count x greq = the l1 stream's requests");
	CHECK_NEAR(t[SP_SWAVE], s->shared_wavefronts, 0, "sum count x swave = shape.shared.wavefronts");
	CHECK_NEAR(t[SP_TENSOR], s->unit[SU_TENSOR], 0, "sum count x tensor = mix.tensor");
	CHECK_NEAR(t[SP_FP32], s->unit[SU_FP32], 0, "fp32");
	CHECK_NEAR(t[SP_INT], s->unit[SU_INT], 0, "int");
	double warps = shape_ctas(&s->launch[0]) * (double)shape_warps_per_cta(&s->launch[0]);
	CHECK(n >= s->bar && n <= s->bar + warps, "intervals: one per BAR, plus at most one per warp");
	char path[] = "/tmp/gpudse-shape-XXXXXX";
	int fd = mkstemp(path);
	close(fd);
	profile_t q;
	CHECK_INT(profile_save(path, &p), 0, "saves");
	int lrc = profile_load(path, &q);
	CHECK_INT(lrc, 0, "loads");
	if (lrc == 0) {
		CHECK(q.shape.has_phase && q.shape.n_phase == s->n_phase, "intervals kept");
		for (size_t i = 0; q.shape.has_phase && i < q.shape.n_phase && i < s->n_phase; i++)
			CHECK(memcmp(&q.shape.phase[i], &s->phase[i], sizeof s->phase[i]) == 0, "interval kept exactly");
		profile_free(&q);
	}
	unlink(path);
	profile_free(&p);
}

/* The interval tests' one-stream profile, up to its "shape" key. */
#define INTERVALS_HDR \
	"{\"version\": 1, \"block_bytes\": 128, \"n_sm\": 1, \"insts\": 16, \"mem_insts\": 1,\n" \
	" \"streams\": [{\"name\": \"l1\", \"accesses\": 6, \"sd\": {\"cold\": 6, \"bins\": []}}],\n"

/* Save *q to path and load it again: 0, or -1 (checked, *q freed) when it does not load. */
static int save_reload(const char *path, profile_t *q)
{
	CHECK_INT(profile_save(path, q), 0, "saves");
	profile_free(q);
	if (profile_load(path, q)) {
		CHECK(0, "loads again");
		return -1;
	}
	return 0;
}

/* The "phases" JSON: kept through a save; refused with one line naming the value. */
static void test_phases_json(void)
{
	char path[] = "/tmp/gpudse-shape-XXXXXX";
	int fd = mkstemp(path);
	close(fd);
	static const char *const cases[] = {
		"\"barriers\": 4, \"phases\": [[3, 3, 2, 0, 1, 0, 0, 0, 0], [1, 7, 0, 1.5, 0, 1, 3, 1, 0]]",
		"\"barriers\": 4, \"phases\": [[0, 3, 2, 0, 1, 0, 0, 0, 0]]",            /* count 0 */
		"\"barriers\": 4, \"phases\": [[1, 3, 2, 0, 1, 0, 0, 0]]",               /* 8 entries */
		"\"barriers\": 4, \"phases\": [[1, 3, -2, 0, 1, 0, 0, 0, 0]]",           /* negative */
		"\"barriers\": 4, \"phases\": [[1, 3, 2, 0, 1, 0, 0, 0, \"x\"]]",      /* not a number */
		"\"barriers\": 4, \"phases\": [[1, 3, 2, 0, 1, 1, 1, 1, 0]]",            /* units > insts */
		"\"barriers\": 4, \"phases\": {}",                                       /* not an array */
		"\"phases\": [[1, 3, 2, 0, 1, 0, 0, 0, 0]]",                               /* no barriers */
	};
	for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
		FILE *f = fopen(path, "w");
		fprintf(f, INTERVALS_HDR
			   " \"shape\": {%s}}\n", cases[i]);
		fclose(f);
		profile_t q;
		int rc = profile_load(path, &q);
		if (i > 0) {
			CHECK_INT(rc, EXIT_USER, cases[i]);
			continue;
		}
		CHECK_INT(rc, 0, "phases load");
		if (rc)
			continue;
		for (int round = 0; round < 2; round++) {
			CHECK(q.shape.has_phase && q.shape.n_phase == 2, "two intervals");
			if (q.shape.n_phase == 2) {
				CHECK_NEAR(q.shape.phase[0].count, 3, 0, "count");
				CHECK_NEAR(q.shape.phase[0].v[SP_GREQ], 2, 0, "greq");
				CHECK_NEAR(q.shape.phase[1].v[SP_SWAVE], 1.5, 0, "swave");
				CHECK_NEAR(q.shape.phase[1].v[SP_SFU], 1, 0, "sfu");
			}
			if (round == 0 && save_reload(path, &q))   /* and again after a save */
				break;
		}
		profile_free(&q);
	}
	/* more rows than SHAPE_PHASE_MAX */
	FILE *f = fopen(path, "w");
	fprintf(f, INTERVALS_HDR
		   " \"shape\": {\"barriers\": 4, \"phases\": [");
	for (int i = 0; i <= SHAPE_PHASE_MAX; i++)
		fprintf(f, "%s[1, %d, 0, 0, 0, 0, 0, 0, 0]", i ? ", " : "", i + 1);
	fprintf(f, "]}}\n");
	fclose(f);
	profile_t q;
	CHECK_INT(profile_load(path, &q), EXIT_USER, "513 intervals refused");
	unlink(path);
}

/* Launch wait_max (profile_shape.h, lockstep.h [L5]): per launch the most load groups one warp
 * closed (by a read, an overwrite or its end), summed over the launches of one geometry: two
 * launches of two warps, warp 0 closing 2 groups and warp 1 one, give 2 + 2 = 4. */
static void test_wait_max(void)
{
	shape_acc_t a;
	shape_acc_init(&a);
	static shape_warp_t w[2];
	long grid[3] = { 1, 1, 1 }, block[3] = { 64, 1, 1 };
	for (int l = 0; l < 2; l++) {
		CHECK_INT(shape_acc_launch(&a, grid, block, 0, -1, 1), 0, "launch");
		memset(w, 0, sizeof w);
		wt_inst(&a, &w[0], "LDG.E", 1, 4, -1);
		wt_inst(&a, &w[0], "FFMA", 0, 5, 4);     /* group 1 closed by a read */
		wt_inst(&a, &w[0], "LDG.E", 1, 6, -1);   /* group 2 closed by the end */
		shape_warp_end(&a, &w[0]);
		wt_inst(&a, &w[1], "LDG.E", 1, 4, -1);   /* one group, closed by the end */
		shape_warp_end(&a, &w[1]);
	}
	profile_shape_t s;
	memset(&s, 0, sizeof s);
	CHECK_INT(shape_acc_finish(&a, &s), 0, "finish");
	CHECK(s.n_launch == 1, "one geometry");
	if (s.n_launch == 1)
		CHECK_NEAR(s.launch[0].wait_max, 4, 0, "wait_max: 2 a launch, over 2 launches");
	profile_shape_free(&s);
	shape_acc_free(&a);
}

/* The "waits" JSON: without barriers, kept through a save; refused with one line naming the
 * value; more rows than SHAPE_WAIT_MAX refused. */
static void test_waits_json(void)
{
	char path[] = "/tmp/gpudse-shape-XXXXXX";
	int fd = mkstemp(path);
	close(fd);
	static const char *const cases[] = {
		"\"waits\": [[3, 3, 2, 0, 1, 0, 0, 0, 0], [1, 7, 0, 1.5, 0, 1, 3, 1, 0]]",
		"\"waits\": [[0, 3, 2, 0, 1, 0, 0, 0, 0]]",              /* count 0 */
		"\"waits\": [[1, 3, 2, 0, 1, 1, 1, 1, 0]]",              /* units > insts */
		"\"waits\": {}",                                         /* not an array */
	};
	for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
		FILE *f = fopen(path, "w");
		fprintf(f, INTERVALS_HDR
			   " \"shape\": {%s}}\n", cases[i]);
		fclose(f);
		profile_t q;
		int rc = profile_load(path, &q);
		if (i > 0) {
			CHECK_INT(rc, EXIT_USER, cases[i]);
			continue;
		}
		CHECK_INT(rc, 0, "waits load without barriers");
		if (rc)
			continue;
		for (int round = 0; round < 2; round++) {
			CHECK(q.shape.has_wait && q.shape.n_wait == 2 && !q.shape.has_phase, "two wait intervals, no phases");
			if (q.shape.n_wait == 2) {
				CHECK_NEAR(q.shape.wait[0].count, 3, 0, "count");
				CHECK_NEAR(q.shape.wait[1].v[SP_SWAVE], 1.5, 0, "swave");
			}
			if (round == 0 && save_reload(path, &q))   /* and again after a save */
				break;
		}
		profile_free(&q);
	}
	FILE *f = fopen(path, "w");
	fprintf(f, INTERVALS_HDR
		   " \"shape\": {\"waits\": [");
	for (int i = 0; i <= SHAPE_WAIT_MAX; i++)
		fprintf(f, "%s[1, %d, 0, 0, 0, 0, 0, 0, 0]", i ? ", " : "", i + 1);
	fprintf(f, "]}}\n");
	fclose(f);
	profile_t q;
	CHECK_INT(profile_load(path, &q), EXIT_USER, "SHAPE_WAIT_MAX + 1 wait intervals refused");

	/* the launch entry (a 10th number): kept through a save; an index outside .shape.launches,
	 * or not an integer, refused */
	static const char *const lcases[] = {
		"[[3, 3, 2, 0, 1, 0, 0, 0, 0, 1], [1, 7, 0, 1.5, 0, 1, 3, 1, 0, 0]]",
		"[[3, 3, 2, 0, 1, 0, 0, 0, 0, 2]]",              /* 2 launch entries: 0 and 1 */
		"[[3, 3, 2, 0, 1, 0, 0, 0, 0, 0.5]]",            /* not an integer */
		"[[3, 3, 2, 0, 1, 0, 0, 0, 0, -1]]",             /* negative */
		"[[3, 3, 2, 0, 1, 0, 0, 0, 0, 0, 0]]",           /* 11 numbers */
	};
	for (int i = 0; i < (int)(sizeof lcases / sizeof lcases[0]); i++) {
		f = fopen(path, "w");
		fprintf(f, INTERVALS_HDR
			   " \"shape\": {\"launches\": [{\"grid\": [1, 1, 1], \"block\": [32, 1, 1], \"insts\": 9},"
			   " {\"grid\": [2, 1, 1], \"block\": [32, 1, 1], \"insts\": 7}], \"waits\": %s}}\n", lcases[i]);
		fclose(f);
		int rc = profile_load(path, &q);
		if (i > 0) {
			CHECK_INT(rc, EXIT_USER, lcases[i]);
			continue;
		}
		CHECK_INT(rc, 0, "waits with launch entries load");
		if (rc)
			continue;
		for (int round = 0; round < 2; round++) {
			CHECK(q.shape.n_wait == 2 && q.shape.wait[0].launch == 1 && q.shape.wait[1].launch == 0,
			      "launch entries 1 and 0");
			if (round == 0 && save_reload(path, &q))   /* and again after a save */
				break;
		}
		profile_free(&q);
	}
	unlink(path);
}

/* Save and load: the shape survives; a profile without "shape" loads as unknown; bad values
 * are refused with the JSON path. */
/* A one-stream profile whose shape has 2 mlp groups (1 and 2 loads) and the keys `more`. */
static void mlp_profile(const char *path, const char *more)
{
	FILE *f = fopen(path, "w");
	fprintf(f, "{\"version\": 1, \"block_bytes\": 128, \"n_sm\": 1, \"insts\": 10, \"mem_insts\": 3,\n"
		   " \"streams\": [{\"name\": \"l1\", \"accesses\": 1, \"sd\": {\"cold\": 1, \"bins\": []}}],\n"
		   " \"shape\": {\"mlp\": {\"loads\": 3, \"groups\": 2, \"hist\": [[1, 1], [2, 1]], %s}}}\n", more);
	fclose(f);
}

static void test_json(void)
{
	profile_t p;
	accelsim_stats_t st;
	if (read_fixture("misc", 1, &p, &st)) {
		CHECK(0, "misc fixture reads");
		return;
	}
	char path[] = "/tmp/gpudse-shape-XXXXXX";
	int fd = mkstemp(path);
	close(fd);
	CHECK_INT(profile_save(path, &p), 0, "saves");
	profile_t q;
	CHECK_INT(profile_load(path, &q), 0, "loads");
	CHECK_INT((long long)q.shape.n_launch, 1, "launch kept");
	CHECK_INT(q.shape.launch[0].smem, 4096, "smem kept");
	for (int u = 0; u < SU_NUNIT; u++)
		CHECK_NEAR(q.shape.unit[u], p.shape.unit[u], 0, shape_unit_name[u]);
	CHECK_NEAR(q.shape.atom_top, 40, 0, "atomics kept");
	CHECK_NEAR(q.shape.shared_wavefronts, 32, 0, "shared kept");
	CHECK_NEAR(q.shape.bar, 4, 0, "barriers kept");
	CHECK(q.shape.has_mlp && q.shape.mlp_groups == 0, "MLP known, no loads");
	profile_free(&q);
	profile_free(&p);
	/* an old profile (no "shape") */
	CHECK_INT(profile_load("tests/data/mini-a.json", &q), 0, "old profile loads");
	CHECK(q.shape.n_launch == 0 && !q.shape.has_mix && !q.shape.has_mlp && !q.shape.has_simd, "absent = unknown");
	profile_free(&q);
	/* a bad shape: more active lanes than 32 per instruction */
	FILE *f = fopen(path, "w");
	fprintf(f, "{\"version\": 1, \"block_bytes\": 128, \"n_sm\": 1, \"insts\": 10, \"mem_insts\": 1,\n"
		   " \"streams\": [{\"name\": \"l1\", \"accesses\": 1, \"sd\": {\"cold\": 1, \"bins\": []}}],\n"
		   " \"shape\": {\"simd\": {\"insts\": 1, \"active_lanes\": 33}}}\n");
	fclose(f);
	CHECK_INT(profile_load(path, &q), EXIT_USER, "33 lanes on one instruction refused");
	f = fopen(path, "w");
	fprintf(f, "{\"version\": 1, \"block_bytes\": 128, \"n_sm\": 1, \"insts\": 10, \"mem_insts\": 1,\n"
		   " \"streams\": [{\"name\": \"l1\", \"accesses\": 1, \"sd\": {\"cold\": 1, \"bins\": []}}],\n"
		   " \"shape\": {\"launches\": [{\"grid\": [1, 0, 1], \"block\": [32, 1, 1]}]}}\n");
	fclose(f);
	CHECK_INT(profile_load(path, &q), EXIT_USER, "a zero grid dimension refused");
	/* the fork-join groups' freshness (profile_shape.h mlp fresh): kept through a save, and
	 * refused when it does not count hist less hist_overwrite's groups */
	mlp_profile(path, "\"hist_overwrite\": [[1, 1]], \"fresh\": [[0, 3, 1]]");
	CHECK_INT(profile_load(path, &q), 0, "fresh: one fork-join group (hist 2 less hist_overwrite 1)");
	CHECK(q.shape.has_fresh && q.shape.fresh[0][3] == 1, "fresh read");
	CHECK_INT(profile_save(path, &q), 0, "saves");
	profile_free(&q);
	CHECK_INT(profile_load(path, &q), 0, "loads again");
	CHECK(q.shape.has_fresh && q.shape.fresh[0][3] == 1, "fresh kept through a save");
	profile_free(&q);
	mlp_profile(path, "\"fresh\": [[0, 3, 1]]");
	CHECK_INT(profile_load(path, &q), EXIT_USER, "fresh counting 1 of 2 fork-join groups refused");
	mlp_profile(path, "\"fresh\": [[0, 24, 2]]");
	CHECK_INT(profile_load(path, &q), EXIT_USER, "a fresh bin past 23 refused");
	/* hist_overwrite: kept; more groups of a size than hist has refused */
	const char *mo[] = { "[[4, 2]]", "[[4, 4]]" };
	for (int i = 0; i < 2; i++) {
		f = fopen(path, "w");
		fprintf(f, "{\"version\": 1, \"block_bytes\": 128, \"n_sm\": 1, \"insts\": 10, \"mem_insts\": 1,\n"
			   " \"streams\": [{\"name\": \"l1\", \"accesses\": 1, \"sd\": {\"cold\": 1, \"bins\": []}}],\n"
			   " \"shape\": {\"mlp\": {\"loads\": 13, \"groups\": 4, \"hist\": [[1, 1], [4, 3]], \"hist_overwrite\": %s}}}\n",
			mo[i]);
		fclose(f);
		int rc = profile_load(path, &q);
		if (i == 0) {
			CHECK_INT(rc, 0, "hist_overwrite loads");
			if (rc == 0) {
				CHECK(q.shape.has_mlp_over && q.shape.mlp_hist_over[3] == 2 && q.shape.mlp_hist_over[0] == 0,
				      "hist_overwrite kept");
				profile_free(&q);
			}
		} else {
			CHECK_INT(rc, EXIT_USER, "4 groups of 4 closed by an overwrite, of 3: refused");
		}
	}
	/* launch imbalance fields: kept, and refused when inconsistent (warp_max <= cta_span <= insts) */
	const char *imb[] = { "\"warp_max\": 87, \"cta_span\": 16243", "\"warp_max\": 90, \"cta_span\": 80",
	                      "\"warp_max\": 87, \"cta_span\": 0", "\"warp_max\": 87, \"cta_span\": 70000" };
	for (int i = 0; i < 4; i++) {
		f = fopen(path, "w");
		fprintf(f, "{\"version\": 1, \"block_bytes\": 128, \"n_sm\": 1, \"insts\": 64735, \"mem_insts\": 1,\n"
			   " \"streams\": [{\"name\": \"l1\", \"accesses\": 1, \"sd\": {\"cold\": 1, \"bins\": []}}],\n"
			   " \"shape\": {\"launches\": [{\"grid\": [480, 1, 1], \"block\": [128, 1, 1], \"insts\": 64735, %s}]}}\n",
			imb[i]);
		fclose(f);
		int rc = profile_load(path, &q);
		if (i == 0) {
			CHECK_INT(rc, 0, "warp_max and cta_span load");
			if (rc == 0) {
				CHECK_NEAR(q.shape.launch[0].warp_max, 87, 0, "warp_max kept");
				CHECK_NEAR(q.shape.launch[0].cta_span, 16243, 0, "cta_span kept");
				profile_free(&q);
			}
		} else {
			CHECK_INT(rc, EXIT_USER, "inconsistent warp_max / cta_span refused");
		}
	}
	unlink(path);
}

int main(void)
{
	test_matmul();
	test_vectoradd();
	test_mlp();
	test_misc();
	test_units_banks();
	test_nvbit_shape();
	test_generator();
	test_generator_alu_mix();
	test_json();
	test_phases_stream();
	test_waits_stream();
	test_phases_dbgemm();
	test_phases_json();
	test_waits_json();
	test_wait_max();
	return check_summary("shape");
}
