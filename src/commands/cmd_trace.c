/*
 * cmd_trace.c -- `gpudse trace`: a benchmark kernel's address trace from the workload library
 * (src/profiling/generators/), written in the plain-text format of docs/trace-format.md, and/or profiled in
 * process (--profile), and/or summarised (--stats).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "cli.h"
#include "commands/commands.h"
#include "commands/json_tables.h"
#include "json_writer.h"
#include "profiling/generators/gen.h"
#include "presets/gpu_json.h"
#include "profiling/profile_json.h"
#include "profiling/profiler.h"
#include "profiling/trace_write_accelsim.h"

const char help_trace[] =
	"usage: gpudse trace KERNEL [--size N] [--gpu G] [--seed S] [--no-regs]\n"
	"                    [--sched lrr|gto [--gto-burst N]]\n"
	"                    [--format text|accelsim] [-o TRACE|DIR]\n"
	"                    [--profile P.json [--exact-classes] [--write-evict] [--sector-groups]\n"
	"                                  [--dcl1-nodes G:M:GRAN:SETS:INDEX[,...]]\n"
	"                                  [--sample RATE [--node-sets F]]]\n"
	"                    [--stats]\n"
	"       gpudse trace --list\n"
	"\n"
	"Generate the address stream of a benchmark kernel of the workload library (PolyBench-GPU,\n"
	"Rodinia, Parboil, graph and DNN kernels; docs/workloads.md) as the GPU would issue it:\n"
	"the CUDA source's grid, block and thread->element mapping, warps coalesced into 128 B\n"
	"lines and 32 B sectors, CTAs assigned round-robin to the preset's SMs, warps interleaved\n"
	"in loose round robin (default) or greedy-then-oldest order.\n"
	"\n"
	"  KERNEL            a name from --list (e.g. p-2mm, r-bfs, pb-spmv, t-alexnet)\n"
	"  --size N          problem size (meaning per kernel, see --list; default: shipped size)\n"
	"  --gpu G           GPU preset name or JSON file giving the SM count and resident warps\n"
	"                    (default: the preset of the paper that evaluates the kernel)\n"
	"  --seed S          seed of synthetic inputs (graphs, sparse matrices; default 1)\n"
	"  --no-regs         omit register-operand (X) records\n"
	"  --sched lrr|gto   warp order within an SM: lrr = loose round robin, one instruction of\n"
	"                    every resident warp in turn (default); gto = greedy then oldest, the\n"
	"                    oldest warp issues until it has issued --gto-burst memory\n"
	"                    instructions, then the next oldest, cycling (docs/workloads.md)\n"
	"  --gto-burst N     with --sched gto: memory instructions per turn (default 4)\n"
	"  -o TRACE          write the plain-text trace (\"-\" = stdout; .gz = compressed)\n"
	"  --format accelsim with -o DIR: write an Accel-Sim SASS trace instead, DIR/kernelslist.g\n"
	"                    and one DIR/kernel-N.traceg per launch (tracer version 4; registers,\n"
	"                    lane addresses, one EXIT per warp; docs/trace-formats.md)\n"
	"  --profile P.json  profile the stream in process (same result as gpudse profile TRACE)\n"
	"  --exact-classes   with --profile: generate the stream twice and count every l1 reuse in\n"
	"                    its block's final read-level class (gpudse profile --exact-classes)\n"
	"  --write-evict     with --profile: also the write-evict L1 histograms \"sd_we\"\n"
	"                    (gpudse profile --write-evict; docs/profile-format.md)\n"
	"  --sector-groups   with --profile: also the sectored-cache record \"sector_sd\" of the\n"
	"                    group:G streams (a sectored LLC at fewer SMs; gpudse profile\n"
	"                    --sector-groups)\n"
	"  --dcl1-nodes LIST with --profile: DC-L1 node records (gpudse profile --dcl1-nodes)\n"
	"  --sample RATE     with --profile: SHARDS spatial sampling of the blocks at RATE in (0, 1]\n"
	"                    (gpudse profile --sample); the set-associative records are then absent\n"
	"                    and the DC-L1 node records are set-sampled estimates (--node-sets)\n"
	"  --node-sets F     with --sample and --dcl1-nodes: share of each node geometry's sets\n"
	"                    simulated exactly (default 0.25; src/profiling/nodesample.h)\n"
	"  --stats           print instruction/access counts and the DC-L1 replication ratio\n"
	"                    (16 KiB 4-way L1 per SM) as JSON on stdout\n"
	"  --list            list the kernels\n"
	"\n"
	"At least one of -o, --profile, --stats is required.\n"
	"\n"
	"example: gpudse trace p-2mm --size 128 -o 2mm.trace && gpudse profile 2mm.trace -o 2mm.json\n";

/* ---------------------------------------------------------------- sinks */

typedef struct tsink {
	FILE *f;              /* plain output, or NULL */
	gzFile gz;            /* compressed output, or NULL */
	char buf[1 << 16];
	size_t n;
	int werr;             /* a write failed */
	profiler_t *pb;       /* in-process profiler, or NULL */
	int perr;             /* a profiler call failed */
} tsink_t;

static void t_flush(tsink_t *t)
{
	if (!t->n)
		return;
	if (t->f && fwrite(t->buf, 1, t->n, t->f) != t->n)
		t->werr = 1;
	if (t->gz && gzwrite(t->gz, t->buf, (unsigned)t->n) != (int)t->n)
		t->werr = 1;
	t->n = 0;
}

static void t_reserve(tsink_t *t, size_t k)
{
	if (t->n + k > sizeof t->buf)
		t_flush(t);
}

static void put_u(tsink_t *t, unsigned long long v, int base)
{
	char tmp[24];
	int k = 0;
	do {
		int d = (int)(v % (unsigned)base);
		tmp[k++] = (char)(d < 10 ? '0' + d : 'a' + d - 10);
		v /= (unsigned)base;
	} while (v);
	while (k)
		t->buf[t->n++] = tmp[--k];
}

static int writing(const tsink_t *t) { return t->f || t->gz; }

static void s_access(void *ctx, int sm, int write, uint64_t addr, uint32_t pc)
{
	tsink_t *t = ctx;
	if (writing(t)) {
		t_reserve(t, 64);
		put_u(t, (unsigned)sm, 10);
		t->buf[t->n++] = ' ';
		t->buf[t->n++] = write ? 'W' : 'R';
		t->buf[t->n++] = ' ';
		put_u(t, addr, 16);
		t->buf[t->n++] = ' ';
		put_u(t, pc, 16);
		/* the SECTORS field follows from s_sectors (docs/trace-format.md) */
	}
	if (t->pb && profiler_access(t->pb, sm, write, addr, pc) < 0)
		t->perr = 1;
}

/* The request's 32 B sectors: the access record's optional SECTORS field (hex mask of the
 * line's sectors), which ends the record gen_core started with s_access; the profiler's two
 * sector records (sector_reuse.h: 32 B-granular distances; sector_rec.h: the sectored cache). */
static void s_sectors(void *ctx, int sm, int write, uint64_t addr, unsigned mask, int bypass_l1)
{
	tsink_t *t = ctx;
	if (writing(t)) {
		t->buf[t->n++] = ' ';
		put_u(t, mask, 16);
		t->buf[t->n++] = '\n';
	}
	if (t->pb && profiler_sectors(t->pb, sm, addr, mask, write, bypass_l1) < 0)
		t->perr = 1;
}

static void s_insts(void *ctx, int sm, double ni, double nm, double ns)
{
	tsink_t *t = ctx;
	if (writing(t)) {
		t_reserve(t, 96);
		t->n += (size_t)snprintf(t->buf + t->n, 96, "%d I %.0f %.0f %.0f\n", sm, ni, nm, ns);
	}
	if (t->pb && profiler_insts(t->pb, sm, ni, nm, ns) < 0)
		t->perr = 1;
}

static void s_regs(void *ctx, int sm, long warp, int dst, const int *src, int nsrc)
{
	tsink_t *t = ctx;
	if (writing(t)) {
		t_reserve(t, 64);
		put_u(t, (unsigned)sm, 10);
		memcpy(t->buf + t->n, " X ", 3);
		t->n += 3;
		put_u(t, (unsigned long long)warp, 10);
		t->buf[t->n++] = ' ';
		if (dst < 0)
			t->buf[t->n++] = '-';
		else
			put_u(t, (unsigned)dst, 10);
		t->buf[t->n++] = ' ';
		if (nsrc == 0)
			t->buf[t->n++] = '-';
		for (int i = 0; i < nsrc; i++) {
			if (i)
				t->buf[t->n++] = ',';
			put_u(t, (unsigned)src[i], 10);
		}
		t->buf[t->n++] = '\n';
	}
	if (t->pb && profiler_regs(t->pb, sm, warp, dst, src, nsrc) < 0)
		t->perr = 1;
}

static void s_tensor(void *ctx, int sm, double n)
{
	tsink_t *t = ctx;
	if (writing(t)) {
		t_reserve(t, 64);
		t->n += (size_t)snprintf(t->buf + t->n, 64, "%d T %.0f\n", sm, n);
	}
	if (t->pb && profiler_tensor(t->pb, sm, n) < 0)
		t->perr = 1;
}

static void s_comment(void *ctx, const char *text)
{
	tsink_t *t = ctx;
	if (!writing(t))
		return;
	size_t k = strlen(text);
	if (k > 400)
		k = 400;
	t_reserve(t, k + 4);
	t->buf[t->n++] = '#';
	t->buf[t->n++] = ' ';
	memcpy(t->buf + t->n, text, k);
	t->n += k;
	t->buf[t->n++] = '\n';
}

/* The Accel-Sim writer of this run (one `gpudse trace` per process), forwarded to from the
 * generator's sink. */
static aswriter_t *tsink_as;

static void s_launch(void *ctx, const gen_launch_t *L, int done)
{
	tsink_t *t = ctx;
	if (tsink_as)
		aswrite_launch(tsink_as, L, done);
	if (done && t->pb)        /* the L1s are flushed between kernels (sector_rec.h) */
		profiler_sector_flush(t->pb);
}

static void s_winst(void *ctx, int sm, const gen_launch_t *L, const gen_warp_t *w, const gen_inst_t *in,
                    uint32_t pc, uint32_t mask, const uint64_t *a)
{
	(void)ctx;
	aswrite_winst(tsink_as, sm, L, w, in, pc, mask, a);
}

/* ---------------------------------------------------------------- command */

static int list_kernels(void)
{
	printf("%-16s %-13s %8s  %-38s %-12s %s\n", "kernel", "suite", "size", "size means", "gpu", "what");
	const gen_kernel_t *k;
	for (int i = 0; (k = gen_kernel_at(i)) != NULL; i++)
		printf("%-16s %-13s %8ld  %-38s %-12s %s\n", k->name, k->suite, k->def_size, k->size_doc,
		       k->def_gpu, k->what);
	return 0;
}

static int print_stats(const gen_kernel_t *k, long size, const gpu_t *gpu, const gen_stats_t *s)
{
	double thread_insts = s->insts * GEN_WARP;
	cJSON *o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "kernel", k->name);
	json_add_fmt(o, "size", (double)size, "%.0f");
	cJSON_AddStringToObject(o, "gpu", gpu->name);
	cJSON_AddNumberToObject(o, "n_sm", gpu->n_sm);
	json_add_fmt(o, "launches", (double)s->launches, "%.0f");
	json_add_fmt(o, "ctas", (double)s->ctas, "%.0f");
	json_add_all(o, &gen_stats_json, s, "%.0f");
	json_add_fmt(o, "apki_thread", thread_insts > 0 ? 1000 * s->accesses / thread_insts : 0, "%.4g");
	json_add_fmt(o, "apki_warp", s->insts > 0 ? 1000 * s->accesses / s->insts : 0, "%.4g");
	json_add_fmt(o, "lines_per_mem_inst", s->mem_insts > 0 ? s->accesses / s->mem_insts : 0, "%.4g");
	json_add_fmt(o, "l1_16k_read_miss_rate", s->l1_reads > 0 ? s->l1_read_misses / s->l1_reads : 0, "%.4g");
	json_add_fmt(o, "replication_ratio",
		s->l1_read_misses > 0 ? s->l1_repl_misses / s->l1_read_misses : 0, "%.4g");
	return json_write(o, JSON_INDENT2, "trace");
}

int cmd_trace(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "trace", argc - 1, argv + 1);
	int list = args_flag(&a, "--list");
	long size = args_long(&a, "--size", -1, 1, 1L << 40);
	const char *gpu_name = args_str(&a, "--gpu", NULL);
	long seed = args_long(&a, "--seed", 1, 0, 4294967295L);
	int no_regs = args_flag(&a, "--no-regs");
	const char *out = args_path(&a, "-o", NULL);
	const char *prof = args_str(&a, "--profile", NULL);
	int stats = args_flag(&a, "--stats");
	int exact = args_flag(&a, "--exact-classes");
	int wevict = args_flag(&a, "--write-evict");
	int sgroups = args_flag(&a, "--sector-groups");
	const char *dnodes = args_str(&a, "--dcl1-nodes", NULL);
	double sample = args_double(&a, "--sample", 1.0, 1e-6, 1.0);
	double nsets = args_double(&a, "--node-sets", 0, 1e-6, 1.0);
	const char *sched = args_str(&a, "--sched", "lrr");
	const char *format = args_str(&a, "--format", "text");
	long burst = args_long(&a, "--gto-burst", 0, 1, 1000000);
	const char *kname = args_pos(&a, 0);
	int rc = args_finish(&a, 1);
	if (rc)
		return rc;
	if (list)
		return list_kernels();
	if (!kname)
		return err_user("trace: missing KERNEL (gpudse trace --list shows them)");
	const gen_kernel_t *k = gen_find(kname);
	if (!k)
		return err_user("trace: unknown kernel \"%s\" (gpudse trace --list shows them)", kname);
	if (size < 0)
		size = k->def_size;
	if (size < k->min_size || size > k->max_size)
		return err_user("trace: --size: %s accepts %ld..%ld (%s), got %ld", k->name, k->min_size,
		                k->max_size, k->size_doc, size);
	int as_fmt = strcmp(format, "accelsim") == 0;
	if (!as_fmt && strcmp(format, "text") != 0)
		return err_user("trace: --format: expected text or accelsim, got \"%s\"", format);
	if (as_fmt && !out)
		return err_user("trace: --format accelsim needs -o DIR");
	if (as_fmt && strcmp(out, "-") == 0)
		return err_user("trace: --format accelsim: -o must name a directory, not stdout");
	if (!out && !prof && !stats)
		return err_user("trace: nothing to do: give -o TRACE, --profile P.json or --stats");
	if (exact && !prof)
		return err_user("trace: --exact-classes needs --profile P.json");
	if (wevict && !prof)
		return err_user("trace: --write-evict needs --profile P.json");
	if (sgroups && !prof)
		return err_user("trace: --sector-groups needs --profile P.json");
	if (sample < 1.0 && !prof)
		return err_user("trace: --sample needs --profile P.json");
	if (nsets > 0 && (sample >= 1.0 || !dnodes))
		return err_user("trace: --node-sets needs --sample and --dcl1-nodes (exact profiles simulate every set)");
	noderec_cfg_t dnode_cfg[PROFILER_MAX_NODES];
	int n_dnodes = 0;
	if (dnodes) {
		char err[200];
		if (!prof)
			return err_user("trace: --dcl1-nodes needs --profile P.json");
		if (strlen(dnodes) > 150)
			return err_user("trace: --dcl1-nodes: longer than 150 characters (the profile's source records it)");
		if (noderec_parse_list(dnodes, dnode_cfg, PROFILER_MAX_NODES, &n_dnodes, err, sizeof err))
			return err_user("trace: --dcl1-nodes: %s", err);
	}
	int gto = strcmp(sched, "gto") == 0;
	if (!gto && strcmp(sched, "lrr") != 0)
		return err_user("trace: --sched: expected lrr or gto, got \"%s\"", sched);
	if (burst > 0 && !gto)
		return err_user("trace: --gto-burst needs --sched gto");
	if (gto && burst <= 0)
		burst = GEN_GTO_BURST;

	gpu_t gpu;
	if (!gpu_name)
		gpu_name = k->def_gpu;
	if (gpu_load(gpu_name, &gpu))
		return EXIT_USER;

	tsink_t *t = calloc(1, sizeof *t);
	if (!t)
		return err_internal("trace: out of memory");
	rc = EXIT_INTERNAL;
	aswriter_t *asw = NULL;
	if (out && as_fmt) {
		char e[400];
		gen_opts_t oo = { .warps_per_sm = gpu.warps_per_sm, .ctas_per_sm = gpu.l1_shmem_kib >= 64 ? 16 : 8,
		                  .hmma_k = gen_hmma_k(gpu.sm_version) };
		aswrite_opts_t wo = { .dir = out, .warps_per_sm = oo.warps_per_sm, .ctas_per_sm = oo.ctas_per_sm };
		asw = aswrite_open(&wo, e, sizeof e);
		if (!asw) {
			rc = err_user("trace: %s", e);
			goto out_free;
		}
	} else if (out) {
		size_t ol = strlen(out);
		if (strcmp(out, "-") == 0)
			t->f = stdout;
		else if (ol > 3 && strcmp(out + ol - 3, ".gz") == 0)
			t->gz = gzopen(out, "wb6");
		else
			t->f = fopen(out, "w");
		if (!t->f && !t->gz) {
			rc = err_user("trace: %s: cannot write: %s", out, strerror(errno));
			goto out_free;
		}
	}
	char source[560], gtos[64] = "", dns[170] = "", smp[64] = "";
	if (dnodes)
		snprintf(dns, sizeof dns, " --dcl1-nodes %s", dnodes);
	if (sample < 1.0)
		snprintf(smp, sizeof smp, " --sample %g%s", sample, "");
	if (sample < 1.0 && dnodes)
		snprintf(smp, sizeof smp, " --sample %g --node-sets %g", sample, nsets > 0 ? nsets : PROFILER_NODE_SET_RATE);
	if (gto)   /* lrr, the default, is left out: older profiles' sources stay valid */
		snprintf(gtos, sizeof gtos, " --sched gto --gto-burst %ld", burst);
	snprintf(source, sizeof source, "gpudse trace %s --size %ld --gpu %s --seed %ld%s%s%s%s%s%s%s",
	         k->name, size, gpu.name, seed, gtos, no_regs ? " --no-regs" : "",
	         exact ? " --exact-classes" : "", wevict ? " --write-evict" : "",
	         sgroups ? " --sector-groups" : "", smp, dns);
	if (prof && strlen(source) >= sizeof ((profile_t *)0)->source) {
		rc = err_user("trace: --dcl1-nodes: the command would not fit the profile's %zu-character source field",
		              sizeof ((profile_t *)0)->source - 1);
		goto out_free;
	}
	if (prof) {
		profiler_opts_t po;
		profiler_opts_default(&po);
		po.block_bytes = GEN_LINE;
		po.n_sm = gpu.n_sm;
		po.write_evict = wevict;
		po.sector_groups = sgroups;
		po.n_nodes = n_dnodes;
		po.sample_rate = sample < 1.0 ? sample : 0;   /* SHARDS (shards.h); nodes set-sampled */
		po.node_set_rate = nsets;
		memcpy(po.nodes, dnode_cfg, sizeof dnode_cfg);
		po.setassoc = 1;     /* the set-associative records (issue 17), as gpudse profile */
		po.name = k->name;
		po.source = source;
		t->pb = profiler_alloc(&po);
		if (!t->pb) {
			rc = err_internal("trace: cannot start the profiler (out of memory)");
			goto out_close;
		}
	}
	if (writing(t)) {
		char c[400];
		snprintf(c, sizeof c, "%s: %s (%s %s = %ld); %d SMs (%s), seed %ld%s", k->name, k->what,
		         k->suite, k->size_doc, size, gpu.n_sm, gpu.name, seed, gtos);
		s_comment(t, c);
		s_comment(t, "generated by gpudse trace; format docs/trace-format.md, order docs/workloads.md");
	}

	gen_opts_t o = {
		.n_sm = gpu.n_sm, .warps_per_sm = gpu.warps_per_sm,
		/* resident CTA limit: 8 on Fermi-class presets (GPGPU-Sim 3.x: split 16-48 KiB L1 and
		 * shared memory), 16 on Turing/Volta/Ampere-class presets with a unified L1 + shared
		 * memory of 64 KiB or more (docs/workloads.md) */
		.ctas_per_sm = gpu.l1_shmem_kib >= 64 ? 16 : 8,
		.seed = (unsigned long)seed, .regs = !no_regs, .stats = stats,
		.sched = gto ? GEN_SCHED_GTO : GEN_SCHED_LRR, .gto_burst = (int)burst,
		.hmma_k = gen_hmma_k(gpu.sm_version),   /* the preset's SASS: HMMA.1688 on Turing */
	};
	gen_sink_t sink = { .ctx = t, .access = s_access, .sectors = s_sectors, .insts = s_insts, .regs = s_regs, .tensor = s_tensor, .comment = s_comment,
	                    .shape = t->pb ? profiler_shape(t->pb) : NULL };  /* launch and code shape */
	tsink_as = asw;
	sink.launch = s_launch;
	if (asw)
		sink.winst = s_winst;
	gen_t g;
	if (gen_init(&g, &o, &sink) < 0) {
		rc = err_internal("trace: out of memory");
		goto out_prof;
	}
	if (k->run(&g, size) < 0) {
		rc = g.err[0] ? err_user("trace: %s: %s", k->name, g.err)
		              : err_internal("trace: %s: out of memory", k->name);
		goto out_gen;
	}
	gen_finish(&g);
	t_flush(t);
	if (asw) {
		char e[400];
		aswriter_t *w = asw;
		asw = NULL;
		if (aswrite_close(w, e, sizeof e)) {
			rc = err_user("trace: %s", e);
			goto out_gen;
		}
	}
	if (t->werr) {
		rc = err_user("trace: %s: write failed", out);
		goto out_gen;
	}
	if (t->perr) {
		rc = err_internal("trace: profiler failed (out of memory)");
		goto out_gen;
	}
	if (t->pb && exact) {
		/* second pass: the same (deterministic) stream, accesses only */
		gen_opts_t o2 = o;
		o2.regs = 0;
		o2.stats = 0;
		tsink_t *t2 = calloc(1, sizeof *t2);
		gen_t g2;
		int bad = !t2 || profiler_class_pass(t->pb) < 0;
		if (!bad) {
			t2->pb = t->pb;
			gen_sink_t sink2 = { .ctx = t2, .access = s_access };
			bad = gen_init(&g2, &o2, &sink2) < 0;
			if (!bad) {
				bad = k->run(&g2, size) < 0 || t2->perr;
				gen_free(&g2);
			}
		}
		free(t2);
		if (bad) {
			rc = err_internal("trace: --exact-classes: second pass failed (out of memory)");
			goto out_gen;
		}
	}
	if (t->pb) {
		/* BDI compressibility of the touched blocks from the generator's array contents */
		double cf[3], known;
		if (gen_compressibility(&g, cf, &known) == 0)
			profiler_compressibility(t->pb, cf[0], cf[1], cf[2]);
		profile_t p;
		if (profiler_finish(t->pb, &p) < 0) {
			rc = err_internal("trace: profiler failed (out of memory)");
			goto out_gen;
		}
		rc = profile_save(prof, &p);
		profile_free(&p);
		if (rc)
			goto out_gen;
	}
	rc = stats ? print_stats(k, size, &gpu, &g.st) : 0;
out_gen:
	gen_free(&g);
out_prof:
	if (t->pb)
		profiler_free(t->pb);
out_close:
	if (t->f && t->f != stdout && fclose(t->f) != 0 && rc == 0)
		rc = err_user("trace: %s: write failed", out);
	if (t->f == stdout && fflush(stdout) != 0 && rc == 0)
		rc = err_user("trace: stdout: write failed");
	if (t->gz && gzclose(t->gz) != Z_OK && rc == 0)
		rc = err_user("trace: %s: write failed", out);
out_free:
	if (asw) {
		char e[400];
		aswrite_close(asw, e, sizeof e);
	}
	free(t);
	return rc;
}
