/*
 * test_accelsim_write.c -- the round trip generator -> Accel-Sim trace -> gpudse profile
 * (src/profiling/trace_write_accelsim.c, `gpudse trace --format accelsim`).
 *
 * For each kernel below, one generator pass feeds the profiler directly (the stream
 * `gpudse trace --profile` profiles) and writes the Accel-Sim trace; the trace is then read
 * back with the Accel-Sim reader (`gpudse profile DIR`), and the two profiles are compared
 * leaf by leaf as JSON.  Every leaf must be identical, except the ones the trace's one EXIT
 * per warp changes, which must change by exactly what W warps of EXIT (T threads in all,
 * no registers, a branch-unit opcode) give:
 *   insts, shape.simd.insts, shape.mix.branch           +W (shape.launches[i].insts +W_i)
 *   shape.dep.insts                                      +W (EXIT lies on no dependence chain)
 *   shape.launches[i].warp_max                           +launches (the longest warp's EXIT)
 *   shape.launches[i].cta_span                           +CTAs (each CTA's longest warp's EXIT)
 *   shape.simd.active_lanes                              +T
 *   registers.{src,dst}_per_inst, registers.tensor_frac  x insts / (insts + W)
 *   shape.phases          each warp's last interval +1 instruction (phases_cmp: the relation
 *                         on what the table fixes)
 * and one the opcode map decides: a template without a declared unit is written as NOP,
 * which Accel-Sim's ISA map (ALU_OP) and the reader class as the integer unit (the generator
 * counts them as int too since issue 20), while BAR.SYNC stays "other" on both sides:
 *   shape.mix.int = int + other - barriers, shape.mix.other = barriers.
 * The kernels are library kernels that carry template registers, and three that do not (for
 * which the writer synthesizes the dependences and the generator's profile takes the same,
 * gen_synth.h), at small sizes, on the presets of their papers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "presets/gpu_json.h"
#include "jsonutil.h"
#include "profiling/generators/gen.h"
#include "profiling/profile_json.h"
#include "profiling/profiler.h"
#include "profiling/trace_accelsim.h"
#include "profiling/trace_write_accelsim.h"
#include "support/check.h"

typedef struct both {
	profiler_t *pb;
	aswriter_t *w;
	int err;
} both_t;

static void b_access(void *c, int sm, int wr, uint64_t a, uint32_t pc)
{
	both_t *b = c;
	b->err |= profiler_access(b->pb, sm, wr, a, pc) != 0;
}
static void b_sectors(void *c, int sm, int wr, uint64_t a, unsigned mask, int bypass_l1)
{
	both_t *b = c;     /* both sector records (the reader feeds them through the same hook) */
	b->err |= profiler_sectors(b->pb, sm, a, mask, wr, bypass_l1) != 0;
}
static void b_insts(void *c, int sm, double ni, double nm, double ns)
{
	both_t *b = c;
	b->err |= profiler_insts(b->pb, sm, ni, nm, ns) != 0;
}
static void b_regs(void *c, int sm, long warp, int dst, const int *src, int nsrc)
{
	both_t *b = c;
	b->err |= profiler_regs(b->pb, sm, warp, dst, src, nsrc) != 0;
}
static void b_tensor(void *c, int sm, double n)
{
	both_t *b = c;
	b->err |= profiler_tensor(b->pb, sm, n) != 0;
}
static void b_launch(void *c, const gen_launch_t *L, int done)
{
	both_t *b = c;
	aswrite_launch(b->w, L, done);
	if (done)          /* the L1s are flushed between kernels (sector_rec.h), as the reader does */
		profiler_sector_flush(b->pb);
}
static void b_winst(void *c, int sm, const gen_launch_t *L, const gen_warp_t *w, const gen_inst_t *in,
                    uint32_t pc, uint32_t mask, const uint64_t *a)
{
	aswrite_winst(((both_t *)c)->w, sm, L, w, in, pc, mask, a);
}

static profiler_t *new_pb(int n_sm)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.block_bytes = GEN_LINE;
	o.n_sm = n_sm;
	o.name = "roundtrip";
	o.source = "test_accelsim_write";
	o.threads = 1;
	return profiler_alloc(&o);
}

/* ---------------------------------------------------------------- JSON comparison */

typedef struct cmp {
	const cJSON *ga, *gb;       /* the two roots */
	double W, T, insts_a;       /* warps, threads, generator instructions */
	double lctas, lcount;       /* the launch entry being compared: its CTAs and launches */
	int diffs;
	const char *kernel;
} cmp_t;

static double leaf(const cJSON *root, const char *a, const char *b)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(root, a);
	if (x && b)
		x = cJSON_GetObjectItemCaseSensitive(x, b);
	return cJSON_IsNumber(x) ? x->valuedouble : 0;
}

static void report(cmp_t *c, const char *path, const char *what)
{
	char d[800];
	snprintf(d, sizeof d, "%s: %.500s: %s", c->kernel, path, what);
	check_record(0, __FILE__, __LINE__, "round trip", d);
	c->diffs++;
}

/* Compare numbers at `path` by the relation it must satisfy (see the header). */
static void num(cmp_t *c, const char *path, double a, double b, double launch_warps)
{
	double want = a, tol = 0;
	if (strcmp(path, ".insts") == 0 || strcmp(path, ".shape.simd.insts") == 0 ||
	    strcmp(path, ".shape.mix.branch") == 0 || strcmp(path, ".shape.dep.insts") == 0) {
		want = a + c->W;                       /* one EXIT per warp (dep: EXIT is on no chain) */
	} else if (strncmp(path, ".shape.launches[", 16) == 0 && strstr(path, "].warp_max")) {
		want = a + c->lcount;                  /* each launch's longest warp also has its EXIT */
	} else if (strncmp(path, ".shape.launches[", 16) == 0 && strstr(path, "].cta_span")) {
		want = a + c->lctas;                   /* each CTA's longest warp + 1 (an empty CTA: 0 -> 1) */
	} else if (strncmp(path, ".shape.launches[", 16) == 0 && strstr(path, "].insts")) {
		want = a + launch_warps;
	} else if (strcmp(path, ".shape.simd.active_lanes") == 0) {
		want = a + c->T;
	} else if (strcmp(path, ".registers.src_per_inst") == 0 || strcmp(path, ".registers.dst_per_inst") == 0 ||
	           strcmp(path, ".registers.tensor_frac") == 0) {
		want = a * c->insts_a / (c->insts_a + c->W);
		tol = 1e-12 * (fabs(want) + 1e-300);
	} else if (strcmp(path, ".shape.mix.int") == 0) {
		want = a + leaf(cJSON_GetObjectItemCaseSensitive(c->ga, "shape"), "mix", "other")
		         - leaf(cJSON_GetObjectItemCaseSensitive(c->ga, "shape"), "barriers", NULL);
	} else if (strcmp(path, ".shape.mix.other") == 0) {
		want = leaf(cJSON_GetObjectItemCaseSensitive(c->ga, "shape"), "barriers", NULL);  /* BAR.SYNC */
	}
	if (!(fabs(b - want) <= tol)) {
		char d[160];
		snprintf(d, sizeof d, "generator %.17g, Accel-Sim trace %.17g, want %.17g", a, b, want);
		report(c, path, d);
	}
}

/* .shape.phases (profile_shape.h): the trace's EXIT ends each warp's last interval, adding one
 * instruction (no requests, wavefronts or fp32..tensor unit) to it, or forming an interval
 * [1, 0, ...] of its own when the warp's last instruction was a BAR.  Which interval a warp
 * ended with is not in the table, so the relation is checked on what it fixes: the columns'
 * totals but insts' identical and insts' total + W; grouped by the vector without insts and
 * the launch entry (the rows' 10th number), the counts identical, except the all-zero vectors',
 * which the trace may raise by at most W (the total count's difference). */
static void phases_cmp(cmp_t *c, const cJSON *a, const cJSON *b, const char *path)
{
	enum { NC = 10, MAXK = 4096 };
	static double key[MAXK][NC - 2], cnt[MAXK][2];
	int nk = 0;
	double tot[2][NC] = { { 0 } };
	const cJSON *t[2] = { a, b };
	for (int s = 0; s < 2; s++)
		for (const cJSON *r = t[s]->child; r; r = r->next) {
			double v[NC];
			if (!cJSON_IsArray(r) || cJSON_GetArraySize(r) != NC) {
				report(c, path, "a row is not 10 numbers (the vector and its launch entry)");
				return;
			}
			for (int k = 0; k < NC; k++)
				v[k] = cJSON_GetArrayItem(r, k)->valuedouble;
			for (int k = 1; k < NC - 1; k++)
				tot[s][k] += v[0] * v[k];
			tot[s][0] += v[0];
			int i = 0;
			while (i < nk && memcmp(key[i], v + 2, sizeof key[i]) != 0)
				i++;
			if (i == nk) {
				if (nk == MAXK) {
					report(c, path, "too many rows");
					return;
				}
				memcpy(key[nk], v + 2, sizeof key[nk]);
				cnt[nk][0] = cnt[nk][1] = 0;
				nk++;
			}
			cnt[i][s] += v[0];
		}
	char d[200];
	for (int k = 0; k < NC; k++) {
		double want = k == 1 ? tot[0][k] + c->W : tot[0][k];
		if (k != 0 && tot[1][k] != want) {
			snprintf(d, sizeof d, "column %d: generator's total %.17g, Accel-Sim trace's %.17g, want %.17g", k,
			         tot[0][k], tot[1][k], want);
			report(c, path, d);
		}
	}
	double extra = tot[1][0] - tot[0][0];
	if (!(extra >= 0 && extra <= c->W)) {
		snprintf(d, sizeof d, "intervals: generator %.17g, Accel-Sim trace %.17g (at most +%g EXIT-only ones)", tot[0][0],
		         tot[1][0], c->W);
		report(c, path, d);
	}
	for (int i = 0; i < nk; i++) {
		int zero = 1;
		for (int k = 0; k < NC - 3; k++)      /* the vector, not its launch entry */
			zero &= key[i][k] == 0;
		if (cnt[i][1] != cnt[i][0] + (zero ? extra : 0)) {
			snprintf(d, sizeof d, "vector without insts #%d: generator %.17g intervals, Accel-Sim trace %.17g", i,
			         cnt[i][0], cnt[i][1]);
			report(c, path, d);
		}
	}
}

static void walk(cmp_t *c, const cJSON *a, const cJSON *b, const char *path, double launch_warps)
{
	if (c->diffs > 20)
		return;
	if ((a->type & 0xff) != (b->type & 0xff)) {
		report(c, path, "different JSON types");
		return;
	}
	char sub[512];
	if (cJSON_IsObject(a)) {
		for (const cJSON *x = a->child; x; x = x->next) {
			snprintf(sub, sizeof sub, "%s.%s", path, x->string);
			const cJSON *y = cJSON_GetObjectItemCaseSensitive(b, x->string);
			if (!y)
				report(c, sub, "missing from the Accel-Sim trace's profile");
			else
				walk(c, x, y, sub, launch_warps);
		}
		for (const cJSON *y = b->child; y; y = y->next)
			if (!cJSON_GetObjectItemCaseSensitive(a, y->string)) {
				snprintf(sub, sizeof sub, "%s.%s", path, y->string);
				report(c, sub, "only in the Accel-Sim trace's profile");
			}
	} else if (cJSON_IsArray(a) && (strcmp(path, ".shape.phases") == 0 || strcmp(path, ".shape.waits") == 0)) {
		phases_cmp(c, a, b, path);
	} else if (cJSON_IsArray(a)) {
		int n = cJSON_GetArraySize(a);
		if (n != cJSON_GetArraySize(b)) {
			report(c, path, "different array lengths");
			return;
		}
		for (int i = 0; i < n; i++) {
			const cJSON *x = cJSON_GetArrayItem(a, i), *y = cJSON_GetArrayItem(b, i);
			double lw = launch_warps;
			if (strcmp(path, ".shape.launches") == 0) {   /* this launch's warps */
				double ncta = 1, thr = 1;
				const cJSON *g = cJSON_GetObjectItemCaseSensitive(x, "grid"),
				            *bl = cJSON_GetObjectItemCaseSensitive(x, "block");
				for (int k = 0; k < 3; k++) {
					ncta *= cJSON_GetArrayItem(g, k) ? cJSON_GetArrayItem(g, k)->valuedouble : 1;
					thr *= cJSON_GetArrayItem(bl, k) ? cJSON_GetArrayItem(bl, k)->valuedouble : 1;
				}
				double count = leaf(x, "count", NULL);
				lw = ncta * ceil(thr / 32) * (count > 0 ? count : 1);
				c->lcount = count > 0 ? count : 1;
				c->lctas = ncta * c->lcount;
			}
			snprintf(sub, sizeof sub, "%s[%d]", path, i);
			walk(c, x, y, sub, lw);
		}
	} else if (cJSON_IsNumber(a)) {
		num(c, path, a->valuedouble, b->valuedouble, launch_warps);
	} else if (cJSON_IsString(a)) {
		if (strcmp(a->valuestring, b->valuestring) != 0)
			report(c, path, "different strings");
	}
}

/* ---------------------------------------------------------------- one kernel */

/* sectors_only: compare only the streams' sector records (sector_sd, sector_sd_w: the sectored
 * cache's record, sector_rec.h; sd_sector: sector_reuse.h), for kernels without template
 * registers, whose traces carry synthesized dependences (the header) */
static void roundtrip_k(const char *kname, long size, const char *gpu_name, int sectors_only)
{
	const gen_kernel_t *k = gen_find(kname);
	gpu_t gpu;
	CHECK(k && gpu_load(gpu_name, &gpu) == 0, kname);
	if (!k)
		return;
	char dir[] = "/tmp/gpudse-aswrite-XXXXXX";
	CHECK(mkdtemp(dir) != NULL, "mkdtemp");
	int ctas = gpu.l1_shmem_kib >= 64 ? 16 : 8;      /* as cmd_trace.c */
	char err[400] = "";
	aswrite_opts_t wo = { .dir = dir, .warps_per_sm = gpu.warps_per_sm, .ctas_per_sm = ctas };
	both_t b = { new_pb(gpu.n_sm), aswrite_open(&wo, err, sizeof err), 0 };
	CHECK(b.pb && b.w, err);
	if (!b.pb || !b.w)
		return;
	gen_opts_t go = { .n_sm = gpu.n_sm, .warps_per_sm = gpu.warps_per_sm, .ctas_per_sm = ctas, .seed = 1, .regs = 1,
	                  .hmma_k = gen_hmma_k(gpu.sm_version) };
	gen_sink_t sink = { .ctx = &b, .access = b_access, .sectors = b_sectors, .insts = b_insts, .regs = b_regs, .tensor = b_tensor,
	                    .shape = profiler_shape(b.pb), .launch = b_launch, .winst = b_winst };
	gen_t g;
	int rc = gen_init(&g, &go, &sink);
	if (!rc)
		rc = k->run(&g, size);
	gen_finish(&g);
	gen_free(&g);
	CHECK_INT(rc, 0, kname);
	CHECK(!b.err, "profiler fed");
	rc = aswrite_close(b.w, err, sizeof err);
	if (rc)
		fprintf(stderr, "%s\n", err);
	CHECK_INT(rc, 0, "the writer closes");

	profiler_t *pb2 = new_pb(gpu.n_sm);
	accelsim_opts_t ao;
	accelsim_opts_default(&ao);                      /* as cmd_profile.c */
	ao.n_sm = gpu.n_sm;
	ao.warps_per_sm = gpu.warps_per_sm;
	ao.max_ctas_per_sm = ctas;
	accelsim_stats_t st;
	CHECK_INT(accelsim_read(dir, &ao, pb2, &st), 0, "the written trace reads back");

	char fa[64], fb[64];
	snprintf(fa, sizeof fa, "%s/gen.json", dir);
	snprintf(fb, sizeof fb, "%s/as.json", dir);
	profile_t pa, pbp;
	CHECK_INT(profiler_finish(b.pb, &pa), 0, "finish");
	CHECK_INT(profiler_finish(pb2, &pbp), 0, "finish");
	CHECK_INT(profile_save(fa, &pa), 0, "save");
	CHECK_INT(profile_save(fb, &pbp), 0, "save");
	cJSON *ja = json_load_file(fa, NULL), *jb = json_load_file(fb, NULL);
	CHECK(ja && jb, "profiles load");
	if (ja && jb) {
		double threads = 0;
		const cJSON *ls = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(ja, "shape"), "launches");
		for (const cJSON *l = ls ? ls->child : NULL; l; l = l->next) {
			double ncta = 1, thr = 1, count = leaf(l, "count", NULL);
			for (int i = 0; i < 3; i++) {
				ncta *= cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(l, "grid"), i)->valuedouble;
				thr *= cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(l, "block"), i)->valuedouble;
			}
			threads += ncta * thr * (count > 0 ? count : 1);
		}
		cmp_t c = { ja, jb, (double)st.warps, threads, pa.insts, 0, 0, 0, kname };
		CHECK(st.warps > 0 && threads >= (double)st.warps, "warps and threads from the trace and the launches");
		if (sectors_only) {
			static const char *const rec[] = { "sector_sd", "sector_sd_w", "sd_sector" };
			const cJSON *sa = cJSON_GetObjectItemCaseSensitive(ja, "streams"),
			            *sb = cJSON_GetObjectItemCaseSensitive(jb, "streams");
			int ns = cJSON_GetArraySize(sa), fed = 0;
			CHECK_INT(cJSON_GetArraySize(sb), ns, "the same streams");
			for (int i = 0; i < ns && i < cJSON_GetArraySize(sb); i++)
				for (int j = 0; j < 3; j++) {
					const cJSON *x = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(sa, i), rec[j]),
					            *y = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(sb, i), rec[j]);
					char path[64];
					snprintf(path, sizeof path, ".streams[%d].%s", i, rec[j]);
					if (!x != !y)
						report(&c, path, "in one profile only");
					else if (x) {
						walk(&c, x, y, path, 0);
						fed++;
					}
				}
			CHECK(fed >= 4, "sector records present (l1 sector_sd, sector_sd_w, sd_sector; global sector_sd)");
		} else {
			walk(&c, ja, jb, "", 0);
		}
		char d[160];
		snprintf(d, sizeof d, "%s --size %ld --gpu %s: every profile leaf identical or changed exactly by EXIT", kname,
		         size, gpu_name);
		CHECK(c.diffs == 0, d);
		CHECK(pa.insts > 0 && pa.mem_insts > 0, d);
		/* the L1 access stage record (profile_shape.h ldst): one entry per instruction mem_insts
		 * counts, in both profiles, equal (EXIT is no memory instruction); the walk above
		 * compares it too, except for sectors_only kernels */
		snprintf(d, sizeof d, "%s: ldst recorded by both, insts = mem_insts, cycles equal", kname);
		int same = pa.shape.has_ldst && pbp.shape.has_ldst && pa.shape.ldst_insts == pa.mem_insts
		           && pbp.shape.ldst_insts == pbp.mem_insts && pa.shape.ldst_insts == pbp.shape.ldst_insts;
		for (int i = 0; i < SHAPE_LDST_NB; i++)
			same = same && pa.shape.ldst_cycles[i] == pbp.shape.ldst_cycles[i];
		CHECK(same, d);
	}
	cJSON_Delete(ja);
	cJSON_Delete(jb);
	profile_free(&pa);
	profile_free(&pbp);
	profiler_free(b.pb);
	profiler_free(pb2);
	/* clean up: kernelslist.g, kernel-N.traceg, the two profiles */
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	CHECK(system(cmd) == 0, "cleanup");
}

static void roundtrip(const char *kname, long size, const char *gpu_name)
{
	roundtrip_k(kname, size, gpu_name, 0);
}

/* The written file in the layout Accel-Sim's trace_parser.cc reads (one small kernel). */
static void layout(void)
{
	char dir[] = "/tmp/gpudse-aslayout-XXXXXX";
	CHECK(mkdtemp(dir) != NULL, "mkdtemp");
	char err[400] = "";
	aswrite_opts_t wo = { .dir = dir, .warps_per_sm = 48, .ctas_per_sm = 8 };
	both_t b = { new_pb(4), aswrite_open(&wo, err, sizeof err), 0 };
	const gen_kernel_t *k = gen_find("p-gemm");
	gen_opts_t go = { .n_sm = 4, .warps_per_sm = 48, .ctas_per_sm = 8, .seed = 1, .regs = 1 };
	gen_sink_t sink = { .ctx = &b, .launch = b_launch, .winst = b_winst };
	gen_t g;
	CHECK(k && b.w && gen_init(&g, &go, &sink) == 0 && k->run(&g, 32) == 0, "p-gemm 32");
	gen_free(&g);
	int rc = aswrite_close(b.w, err, sizeof err);
	if (rc)
		fprintf(stderr, "%s\n", err);
	CHECK_INT(rc, 0, "the writer closes");
	profiler_free(b.pb);
	char path[128], line[512];
	snprintf(path, sizeof path, "%s/kernelslist.g", dir);
	FILE *f = fopen(path, "r");
	CHECK(f && fgets(line, sizeof line, f) && strcmp(line, "kernel-1.traceg\n") == 0, "kernelslist.g names kernel-1.traceg");
	if (f)
		fclose(f);
	snprintf(path, sizeof path, "%s/kernel-1.traceg", dir);
	f = fopen(path, "r");
	int grid = 0, block = 0, ver = 0, tb = 0, exits = 0, warps = 0;
	while (f && fgets(line, sizeof line, f)) {
		grid |= strcmp(line, "-grid dim = (1,4,1)\n") == 0;     /* PolyBench GEMM: 32/32 x 32/8 */
		block |= strcmp(line, "-block dim = (32,8,1)\n") == 0;
		ver |= strcmp(line, "-accelsim tracer version = 4\n") == 0;
		tb += strcmp(line, "#BEGIN_TB\n") == 0;
		warps += strncmp(line, "warp = ", 7) == 0;
		exits += strstr(line, " EXIT 0 0\n") != NULL;
	}
	if (f)
		fclose(f);
	CHECK(grid && block && ver, "header: grid, block, tracer version 4");
	CHECK_INT(tb, 4, "4 CTAs");
	CHECK_INT(warps, 32, "8 warps per CTA");
	CHECK_INT(exits, 32, "one EXIT per warp");
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	CHECK(system(cmd) == 0, "cleanup");
}

int main(void)
{
	layout();
	roundtrip("p-gemm", 64, "rtx3080");
	roundtrip("p-2mm", 32, "dcl1-80");
	roundtrip("p-3mm", 32, "dcl1-80");
	roundtrip("p-syr2k", 32, "dcl1-80");
	roundtrip("db-gemm", 256, "malekeh-2060");
	roundtrip("pb-spmv", 2048, "rtx3080");
	roundtrip("pb-sgemm", 128, "rtx3080");
	/* without template registers: the generator's profile takes the dependences the writer
	 * synthesizes (src/profiling/generators/gen_synth.h), so the whole profile round-trips */
	roundtrip("c-blk", 2000, "dcl1-80");
	roundtrip("p-2dconv", 64, "dcl1-80");
	roundtrip("r-backprop", 2048, "rtx3080");
	/* global atomics (bypass the L1: the LLC's sector record only) and 2 launches: the reader's
	 * sector records equal the generator's, which test_sector_rec checks against sectorsim */
	roundtrip_k("pagerank", 6, "rtx3080", 1);
	return check_summary("accelsim_write");
}
