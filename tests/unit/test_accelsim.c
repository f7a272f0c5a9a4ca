/*
 * test_accelsim.c -- src/profiling/trace_accelsim.c: instruction lines in every address mode (decoded
 * by hand against the tracer's compressors, accel-sim-framework tracer_tool.cu
 * base_stride_compress / base_delta_compress), and the hand-written trace in
 * tests/data/accelsim whose counts and stack distances are worked out below (and in
 * tests/data/accelsim/README.md).  The same trace compressed with xz and gzip gives the same profile.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support/check.h"
#include "cli.h"
#include "profiling/profiler.h"
#include "profiling/trace_accelsim.h"
#include "profiling/trace_nvbit.h"

#define DATA "tests/data/accelsim"
#define B0 0x7f1200000000ULL

static int parse(const char *line, int version, int lineinfo, accelsim_inst_t *in, const char **why)
{
	*why = NULL;
	return accelsim_parse_inst(line, strlen(line), version, lineinfo, in, why);
}

static void test_lines(void)
{
	accelsim_inst_t in;
	const char *why;
	/* mode 1: base and stride over 32 contiguous lanes */
	CHECK(parse("0010 ffffffff 1 R4 LDG.E 1 R2 4 1 0x7f1200000000 4 0", 5, 0, &in, &why) == 0, "v5 mode 1");
	CHECK_INT(in.mode, 1, "address mode field");
	CHECK_INT((long long)in.addr[31], (long long)(B0 + 31 * 4), "lane 31 = base + 31 x stride");
	CHECK_INT(in.width, 4, "LDG.E: default 4 B (trace_parser.cc get_datawidth_from_opcode)");
	CHECK_INT(in.has_imm, 1, "v5 immediate");
	CHECK_INT(accelsim_mclass(&in), AS_GLOBAL_LD, "LDG is a global load");
	/* mode 1, negative stride, lanes 4..7 */
	CHECK(parse("0010 000000f0 1 R4 LDG.E.64 1 R2 8 1 0x1000 -8", 4, 0, &in, &why) == 0, "negative stride, no imm");
	CHECK_INT((long long)in.addr[4], 0x1000, "first active lane gets the base");
	CHECK_INT((long long)in.addr[7], 0x1000 - 24, "lane 7 = base - 3 x 8");
	CHECK_INT((long long)in.addr[3], 0, "inactive lane is 0");
	CHECK_INT(in.width, 8, ".64 -> 8 B");
	CHECK_INT(in.has_imm, 0, "v4 without immediate");
	/* mode 1 with a hole in the mask cannot come from the tracer */
	CHECK(parse("0010 00000101 1 R4 LDG.E 1 R2 4 1 0x1000 4", 4, 0, &in, &why) != 0, "mode 1 needs contiguous lanes");
	/* mode 2: base then popcount-1 deltas, lanes 0, 3, 9 */
	CHECK(parse("0030 00000209 1 R6 LDG.E.U16 1 R2 2 2 0x2000 100 -40 0", 5, 0, &in, &why) == 0, "v5 mode 2");
	CHECK_INT((long long)in.addr[0], 0x2000, "mode 2 base");
	CHECK_INT((long long)in.addr[3], 0x2000 + 100, "delta from the previous active lane");
	CHECK_INT((long long)in.addr[9], 0x2000 + 60, "second delta relative to lane 3");
	CHECK_INT(in.width, 2, ".U16 -> 2 B");
	CHECK_INT(in.imm, 0, "immediate after the deltas");
	/* mode 0: one address per active lane */
	CHECK(parse("0 0 0 0 0010 00000005 1 R4 LDG.E 1 R2 4 0 0x00007f1200004000 0x00007f1200004104", 2, 0, &in, &why) == 0,
	      "v2 prefix, mode 0");
	CHECK_INT((long long)in.addr[2], (long long)(B0 + 0x4104), "lane 2 listed second");
	CHECK(parse("0010 00000005 1 R4 LDG.E 1 R2 4 0 0x4000", 5, 0, &in, &why) != 0, "mode 0 with a missing address");
	/* lineinfo */
	CHECK(parse("13 0010 ffffffff 1 R3 LDG.E.U8 1 R2 1 1 0x100 1", 4, 1, &in, &why) == 0, "v4 lineinfo");
	CHECK_INT((long long)in.pc, 0x10, "pc after the line number");
	CHECK_INT(in.width, 1, ".U8 -> 1 B");
	/* all-zero mask: the tracer's base_stride_compress succeeds with base 0 stride 0 */
	CHECK(parse("0040 00000000 0 STG.E 2 R2 R6 4 1 0x0 0 0", 5, 0, &in, &why) == 0, "zero mask");
	CHECK_INT((long long)in.mask, 0, "mask 0");
	CHECK_INT(accelsim_mclass(&in), AS_GLOBAL_ST, "STG is a global store");
	/* shared memory and the rest */
	CHECK(parse("0020 ffffffff 0 STS 2 R5 R4 4 1 0x0 4 0", 5, 0, &in, &why) == 0, "STS");
	CHECK_INT(accelsim_mclass(&in), AS_SHARED, "STS is shared");
	CHECK(parse("0020 ffffffff 1 R5 LDSM.16.M88.4 1 R4 16 1 0x0 16 0", 5, 0, &in, &why) == 0, "LDSM");
	CHECK_INT(accelsim_mclass(&in), AS_SHARED, "LDSM is shared");
	CHECK(parse("0020 ffffffff 1 R6 HMMA.16816.F32 3 R4 R4 R1 0 0", 5, 0, &in, &why) == 0, "HMMA");
	CHECK_INT(accelsim_mclass(&in), AS_NONE, "no memory");
	CHECK_INT(in.nsrc, 3, "three sources");
	/* errors */
	CHECK(parse("0010 ffffffff 1 X4 LDG.E 1 R2 4 1 0x0 4 0", 5, 0, &in, &why) != 0 && why, "register without R");
	CHECK(parse("0010 ffffffff 1 R4 LDG.E 1 R2 4 3 0x0 4 0", 5, 0, &in, &why) != 0, "mode 3 does not exist");
	CHECK(parse("0010 ffffffff 1 R4 LDG.E 1 R2 4 1 0x0 4 0 7", 5, 0, &in, &why) != 0, "a field after the immediate");
	CHECK(parse("0010 ffffffff 0 EXIT 0 0", 1, 0, &in, &why) != 0, "version 1 needs the tb/warp prefix");
}

static profiler_t *mkpb(int n_sm)
{
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.n_sm = n_sm;
	o.n_groups = 0;
	return profiler_alloc(&o);
}

static double bin_count(const reuse_hist_t *h, double d)
{
	for (size_t i = 0; i < h->n; i++)
		if (h->lo[i] <= d && d < h->hi[i])
			return h->count[i];
	return 0;
}

/* Read `path` with 2 SMs; fill st and the profile. */
static int read2(const char *path, accelsim_stats_t *st, profile_t *p)
{
	profiler_t *pb = mkpb(2);
	accelsim_opts_t o;
	accelsim_opts_default(&o);
	o.n_sm = 2;
	int rc = accelsim_read(path, &o, pb, st);
	if (!rc)
		rc = profiler_finish(pb, p);
	profiler_free(pb);
	return rc;
}

/*
 * By hand (blocks are 128 B indices relative to 0x7f1200000000; n_sm = 2):
 * kernel 1 (v5, grid 2, 64 threads): CTA 0 -> SM 0, CTA 1 -> SM 1.
 *   SM0 W0: i1 LDG 32x4 B stride 4 -> b0 (4 sectors); i2 STS (shared, skipped);
 *           i3 LDG.E.64 16 lanes, mode 2: 0x1000..0x1038, 0xff8, 0x1078, 0x1080..0x10a8
 *              -> b31, b32, b33 (sectors fe0,1000,1020,1060,1080,10a0: 6); i4 STG mask 0 (skipped)
 *   SM0 W1: i1 LDG 4 lanes -> b1 (1 sector); i2 STG -> b96 write (4 sectors)
 *   SM1 W0: i1 LDG -> b0 (4); SM1 W1: i1 LDG -> b96 (4)
 *   loose round robin by instruction index, slot-major (warp slot 0 of SM 0, SM 1, then slot 1):
 *   round 1: b0 (SM0 W0) b0 (SM1 W0) b1 (SM0 W1) b96 (SM1 W1); round 2: b96 W (SM0 W1);
 *   round 3: b31 b32 b33 (SM0 W0)
 * kernel 2 (v4, lineinfo, no immediate): SM0: LDG.E.U8 32 x 1 B -> b2 (1 sector)
 * kernel 3 (v2 prefix, mode 0): SM0: b128, b130 (2 sectors), then b0 (1 sector); one HMMA
 * Totals: 25 instructions, 9 global memory instructions, 12 requests, 27 sectors, 1 write.
 * l1 stack distances: SM0's second b0 saw b1 b96 b31 b32 b33 b2 b128 b130 -> 8; 11 cold.
 * global stream: b0 b0' (sd 0) b1 b96 b96W (sd 0) b31 b32 b33 b2 b128 b130 b0 (sd 8); 9 cold.
 */
static void check_hand(const accelsim_stats_t *st, const profile_t *p, const char *what)
{
	char src[160];
	snprintf(src, sizeof src, "hand count, tests/data/accelsim (%s)", what);
	CHECK_INT((long long)st->memcpys, 2, src);
	CHECK_INT((long long)st->memcpy_bytes, 8192, src);
	CHECK_INT((long long)st->kernels, 3, src);
	CHECK_INT((long long)st->ctas, 4, src);
	CHECK_INT((long long)st->warps, 6, src);
	CHECK_INT((long long)st->insts, 25, src);
	CHECK_INT((long long)st->global_insts, 9, src);
	CHECK_INT((long long)st->shared_insts, 1, src);
	CHECK_INT((long long)st->zero_mask, 1, src);
	CHECK_INT((long long)st->requests, 12, src);
	CHECK_INT((long long)st->sectors, 27, src);
	CHECK_INT((long long)st->tensor, 1, src);
	CHECK_NEAR(p->insts, 25, 0, src);
	CHECK_NEAR(p->mem_insts, 9, 0, src);
	CHECK_NEAR(p->sectors, 27, 0, src);
	CHECK_NEAR(p->tensor_frac, 1.0 / 25, 1e-12, src);
	const profile_stream_t *l1 = profile_stream(p, "l1"), *gl = profile_stream(p, "global");
	CHECK(l1 && gl, "l1 and global streams");
	if (!l1 || !gl)
		return;
	CHECK_NEAR(l1->accesses, 12, 0, src);
	CHECK_NEAR(l1->writes, 1, 0, src);
	CHECK_NEAR(l1->sd.cold, 11, 0, src);
	CHECK_NEAR(bin_count(&l1->sd, 8), 1, 0, "SM0's second b0: distance 8 (by hand)");
	CHECK_NEAR(gl->sd.cold, 9, 0, src);
	CHECK_NEAR(bin_count(&gl->sd, 0), 2, 0, "SM1's b0 right after SM0's (slot-major) and b96 read then written: distance 0");
	CHECK_NEAR(bin_count(&gl->sd, 1), 0, 0, "nothing at distance 1 (SM-major order would put SM1's b0 there)");
	CHECK_NEAR(bin_count(&gl->sd, 8), 1, 0, "last b0: distance 8");
	/* registers: 19 source operands (RZ excluded), 16 destinations over 25 instructions */
	CHECK_NEAR(p->src_per_inst, 19.0 / 25, 1e-12, "sources counted by hand, RZ excluded");
	CHECK_NEAR(p->dst_per_inst, 16.0 / 25, 1e-12, "destinations counted by hand");
}

static void test_hand_trace(void)
{
	accelsim_stats_t st;
	profile_t p;
	int rc = read2(DATA, &st, &p);
	CHECK_INT(rc, 0, "the hand trace reads");
	if (rc)
		return;
	CHECK_INT(st.trace_version, 2, "version of the last kernel");
	check_hand(&st, &p, "plain directory");
	profile_free(&p);
	rc = read2(DATA "/kernelslist.g", &st, &p);
	CHECK_INT(rc, 0, "via the kernels list");
	if (!rc) {
		CHECK_INT((long long)st.requests, 12, "same trace by list file");
		profile_free(&p);
	}
}

/* Copy the trace into a temporary directory with the kernel files compressed by `prog`. */
static void test_compressed(const char *prog, const char *ext)
{
	char dir[] = "/tmp/gpudse-accelsim-XXXXXX";
	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	char cmd[1024];
	snprintf(cmd, sizeof cmd,
		 "cp " DATA "/*.traceg %s/ && %s -q %s/*.traceg && sed 's/\\.traceg$/.traceg%s/' " DATA
		 "/kernelslist.g > %s/kernelslist.g",
		 dir, prog, dir, ext, dir);
	int sys = system(cmd);
	CHECK_INT(sys, 0, "compress a copy of the trace");
	if (sys == 0) {
		accelsim_stats_t st;
		profile_t p;
		int rc = read2(dir, &st, &p);
		CHECK_INT(rc, 0, ext);
		if (!rc) {
			check_hand(&st, &p, ext);
			profile_free(&p);
		}
	}
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	CHECK_INT(system(cmd), 0, "cleanup");
}

/* Error paths: a damaged copy must fail with EXIT_USER. */
static void test_errors(void)
{
	static const struct {
		const char *sed;          /* applied to kernel-1 */
		const char *what;
	} cases[] = {
		{ "s/^insts = 6$/insts = 7/", "insts = N disagrees with the lines" },
		{ "s/ 2 0x7f1200001000 8 8 8/ 2 0x7f1200001000 8/", "mode 2 short of deltas" },
		{ "s/^#END_TB$//", "#BEGIN_TB before #END_TB" },
		{ "s/^-block dim.*$//", "no block dim" },
		{ "s/^warp = 1$/warp = 2/", "warp id beyond the block" },
		{ "s/LDG.E 1 R2 4 1 0x7f1200000080/LDG.E 1 R2 4 1 0x7f12zz/", "bad hex" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char dir[] = "/tmp/gpudse-accelsim-XXXXXX";
		if (!mkdtemp(dir))
			continue;
		char cmd[1024];
		snprintf(cmd, sizeof cmd, "cp " DATA "/* %s/ && sed -i '%s' %s/kernel-1-ctx_0x5581e0c2a3b0.traceg", dir,
			 cases[i].sed, dir);
		if (system(cmd) == 0) {
			accelsim_stats_t st;
			profile_t p;
			fprintf(stderr, "(expected) ");
			int rc = read2(dir, &st, &p);
			CHECK_INT(rc, EXIT_USER, cases[i].what);
			if (rc == 0)
				profile_free(&p);
		}
		snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
		if (system(cmd) != 0)
			CHECK(0, "cleanup");
	}
	accelsim_stats_t st;
	profile_t p;
	fprintf(stderr, "(expected) ");
	CHECK_INT(read2("tests/data/accelsim/nope.traceg", &st, &p), EXIT_USER, "missing file");
}

/*
 * Waves: CTAs 0..7 of 1 warp on 2 SMs read block c, then block c + 8; with 2 resident CTAs
 * per SM (warps_per_sm = 2) a wave holds 4 CTAs (CTA c on SM c mod 2, slots in arrival
 * order), issued slot-major by instruction: b0 b1 b2 b3 b8 b9 b10 b11, then b4 b5 b6 b7 b12
 * b13 b14 b15.  CTA 8 (third wave) then reads b0..b7 in one instruction (ascending).  By hand,
 * the merged stream's distances of that last pass: b0..b3 15 (every other block came after
 * them), b4..b7 11 (b5 b6 b7 b12..b15 and b0..b3 after b4).  SM-major order (b0 b2 b1 b3 ...)
 * would put b1 at 14 and b5 at 10; file order (one CTA after the other) b1 at 14 too.
 */
static void test_waves(void)
{
	char path[] = "/tmp/gpudse-wave-XXXXXX.traceg";
	int fd = mkstemps(path, 7);
	if (fd < 0) {
		CHECK(0, "mkstemps");
		return;
	}
	FILE *f = fdopen(fd, "w");
	fprintf(f, "-grid dim = (9,1,1)\n-block dim = (32,1,1)\n-accelsim tracer version = 5\n"
		   "-enable lineinfo = 0\n\n#traces format\n");
	for (int c = 0; c < 8; c++)
		fprintf(f, "#BEGIN_TB\nthread block = %d,0,0\nwarp = 0\ninsts = 2\n"
			   "0010 00000001 1 R4 LDG.E 1 R2 4 1 0x%x 0 0\n0020 00000001 1 R5 LDG.E 1 R2 4 1 0x%x 0 0\n"
			   "#END_TB\n", c, c * 128, (c + 8) * 128);
	fprintf(f, "#BEGIN_TB\nthread block = 8,0,0\nwarp = 0\ninsts = 1\n0010 000000ff 1 R4 LDG.E 1 R2 4 1 0x0 128 0\n#END_TB\n");
	fclose(f);
	profiler_t *pb = mkpb(2);
	accelsim_opts_t o;
	accelsim_opts_default(&o);
	o.n_sm = 2;
	o.warps_per_sm = 2;
	accelsim_stats_t st;
	int rc = accelsim_read(path, &o, pb, &st);
	CHECK_INT(rc, 0, "wave trace");
	profile_t p;
	if (!rc && profiler_finish(pb, &p) == 0) {
		CHECK_INT((long long)st.ctas, 9, "9 CTAs");
		const profile_stream_t *gl = profile_stream(&p, "global");
		CHECK_NEAR(gl->sd.cold, 16, 0, "16 distinct blocks");
		CHECK_NEAR(bin_count(&gl->sd, 15), 4, 0, "b0..b3 at distance 15 (slot-major waves of 4, by hand)");
		CHECK_NEAR(bin_count(&gl->sd, 11), 4, 0, "b4..b7 at distance 11 (by hand)");
		profile_free(&p);
	}
	profiler_free(pb);
	unlink(path);
}

/*
 * NVBit mem_trace output (tools/mem_trace of NVBit 1.5: "MEMTRACE: CTX ... - grid_launch_id N
 * - CTA x,y,z - warp W - OPCODE - " and 32 lane addresses; older versions lack grid_launch_id).
 * By hand, 2 SMs, grid 2x1x1 (CTA c -> SM c):
 *   CTA 0 warp 0 LDG.E, lanes 4 B apart from 0x...000 -> 1 block, 4 sectors (SM 0)
 *   CTA 1 warp 0 STG.E.64, lanes 8 B apart -> 256 B: 2 blocks, 8 sectors, writes (SM 1)
 *   CTA 1 warp 1 LDS (shared, not fed); a record with every lane 0 (skipped)
 *   CTA 0 warp 1 LDG.E.U8 (old format), lane 0 only -> 1 block, 1 sector (SM 0)
 * = 5 records, 3 global instructions, 4 requests, 13 sectors, 2 writes.
 */
static void test_nvbit(void)
{
	char path[] = "/tmp/gpudse-nvbit-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0) {
		CHECK(0, "mkstemp");
		return;
	}
	FILE *f = fdopen(fd, "w");
	fprintf(f, "------------- NVBit (NVidia Binary Instrumentation Tool v1.5.5) Loaded --------------\n");
	fprintf(f, "MEMTRACE: CTX 0x00005581e0c2a3b0 - LAUNCH - Kernel pc 0x00007f1a2c000000 - Kernel name vecadd - "
		   "grid launch id 0 - grid size 2,1,1 - block size 64,1,1 - nregs 16 - shmem 0 - cuda stream id 0\n");
	static const struct { int cta, warp; const char *op; unsigned long long base; int stride, lanes, old; } rec[] = {
		{ 0, 0, "LDG.E", 0x7f1200000000ULL, 4, 32, 0 },
		{ 1, 0, "STG.E.64", 0x7f1200001000ULL, 8, 32, 0 },
		{ 1, 1, "LDS", 0x100, 4, 32, 0 },
		{ 1, 1, "LDG.E", 0, 0, 0, 0 },
		{ 0, 1, "LDG.E.U8", 0x7f1200002000ULL, 1, 1, 1 },
	};
	for (size_t i = 0; i < sizeof rec / sizeof rec[0]; i++) {
		if (rec[i].old)
			fprintf(f, "MEMTRACE: CTX 0x00005581e0c2a3b0 - CTA %d,0,0 - warp %d - %s - ", rec[i].cta, rec[i].warp, rec[i].op);
		else
			fprintf(f, "MEMTRACE: CTX 0x00005581e0c2a3b0 - grid_launch_id 0 - CTA %d,0,0 - warp %d - %s - ",
				rec[i].cta, rec[i].warp, rec[i].op);
		for (int l = 0; l < 32; l++)
			fprintf(f, "0x%016llx ", l < rec[i].lanes ? rec[i].base + (unsigned long long)(l * rec[i].stride) : 0ULL);
		fprintf(f, "\n");
		if (i == 1)
			fprintf(f, "Result = PASS\n");        /* the application's own output */
	}
	fclose(f);
	profiler_t *pb = mkpb(2);
	nvbit_stats_t st;
	int rc = nvbit_read(path, 2, 128, NULL, pb, NULL, NULL, &st);
	CHECK_INT(rc, 0, "NVBit trace reads");
	profile_t p;
	if (!rc && profiler_finish(pb, &p) == 0) {
		CHECK_INT((long long)st.records, 5, "hand count");
		CHECK_INT((long long)st.global_insts, 3, "hand count");
		CHECK_INT((long long)st.requests, 4, "hand count");
		CHECK_INT((long long)st.sectors, 13, "hand count");
		CHECK_INT((long long)st.shared_insts, 1, "hand count");
		CHECK_INT((long long)st.zero_mask, 1, "hand count");
		const profile_stream_t *l1 = profile_stream(&p, "l1");
		CHECK_NEAR(l1->writes, 2, 0, "STG.E.64 covers 2 blocks");
		CHECK_INT(p.n_sm, 2, "two SMs");
		CHECK_NEAR(p.sectors, 13, 0, "sectors into the profile");
		profile_free(&p);
	}
	profiler_free(pb);
	CHECK(nvbit_sniff(path), "recognised by content");
	CHECK(!nvbit_sniff(DATA "/kernelslist.g"), "a kernels list is not NVBit output");
	/* a damaged record */
	f = fopen(path, "w");
	fprintf(f, "MEMTRACE: CTX 0x1 - grid_launch_id 0 - CTA 0,0 - warp 0 - LDG.E - 0x1000\n");
	fclose(f);
	pb = mkpb(2);
	fprintf(stderr, "(expected) ");
	CHECK_INT(nvbit_read(path, 2, 128, NULL, pb, NULL, NULL, &st), EXIT_USER, "CTA with two coordinates");
	profiler_free(pb);
	unlink(path);
}

int main(void)
{
	test_lines();
	test_hand_trace();
	test_compressed("xz", ".xz");
	test_compressed("gzip", ".gz");
	test_errors();
	test_waves();
	test_nvbit();
	return check_summary("accelsim");
}
