/* cmd_profile.c -- `gpudse profile TRACE -o PROFILE.json`: a profile from a trace. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "commands/commands.h"
#include "presets/gpu_json.h"
#include "profiling/profile_json.h"
#include "profiling/profiler.h"
#include "profiling/trace_text.h"
#include "profiling/trace_accelsim.h"
#include "profiling/trace_nvbit.h"

const char help_profile[] =
	"usage: gpudse profile TRACE -o PROFILE.json [--block BYTES] [--name NAME] [--groups G,G,...]\n"
	"                      [--sms N] [--format text|accelsim|nvbit] [--gpu G] [--sample RATE]\n"
	"                      [--per-kernel] [--exact-classes] [--write-evict] [--sector-groups]\n"
	"                      [--threads N]\n"
	"                      [--no-setassoc] [--setassoc-all] [--setassoc-max-sets N]\n"
	"                      [--dcl1-nodes G:M:GRAN:SETS:INDEX[,...]]\n"
	"\n"
	"Builds a workload profile (docs/profile-format.md) from a plain-text trace\n"
	"(docs/trace-format.md; a name ending in .gz is read through zlib): exact LRU stack-distance\n"
	"and reuse-time histograms for the per-SM L1 stream (\"l1\"), for groups of G consecutive SMs\n"
	"merged (\"group:G\") and for all SMs merged (\"global\"), read-level classes, per-home access\n"
	"shares and register reuse distances.  Memory grows with the footprint, not the trace length.\n"
	"\n"
	"options:\n"
	"  -o, --output FILE  profile to write (atomically: a temporary file renamed over FILE)\n"
	"  --block BYTES      cache block size, a power of two (default 128)\n"
	"  --name NAME        workload name (default: the trace's file name without extensions; an\n"
	"                     Accel-Sim trace's application directory, since its files are all\n"
	"                     kernelslist.g and kernel-N.traceg)\n"
	"  --groups LIST      group sizes for the group:G streams, comma separated, or \"none\"\n"
	"                     (default: every power of two from 2 below the number of SMs, up to 64)\n"
	"  --sms N            number of SMs (default: the largest SM id in the trace + 1); an access\n"
	"                     from an SM >= N is then an error\n"
	"  --exact-classes    text traces: read the file twice so that the per-read-level-class l1\n"
	"                     histograms count every reuse in its block's final class (one pass\n"
	"                     counts it in the class the block has so far; docs/profile-format.md)\n"
	"  --write-evict      also write \"sd_we\" for the l1 and group:G streams: stack distances of\n"
	"                     a write-evict L1 (a store misses, evicts the block and allocates\n"
	"                     nothing; DC-L1 Table II), used by presets with l1_write_evict\n"
	"                     (docs/gpu-presets.md); with --sample scaled like sd; the l1 and group:G\n"
	"                     streams of exact profiles also get \"setassoc_we\" and \"setassoc_wna\" (write-no-allocate)\n"
	"  --sector-groups    traces that give each request's sectors: also the sectored-cache\n"
	"                     record \"sector_sd\" of the group:G streams (the LLC of a sectored GPU\n"
	"                     at fewer SMs; docs/profile-format.md); about +50% profiling CPU\n"
	"  --no-setassoc      leave out the set-associative records \"setassoc\" of the l1 and global\n"
	"                     streams (per-set LRU stack distances for 1..2^15 sets, linear and IPOLY\n"
	"                     index; exact profiles only, docs/profile-format.md): the models then\n"
	"                     use Smith's binomial model; with the records exact profiling takes\n"
	"                     about 1.35-1.5x the CPU it takes without them (p-2mm, 80 SMs, 2x10^6\n"
	"                     references, a 2-core machine at load 1-3; 1.40-1.43x idle;\n"
	"                     make bench measures it on 10^8)\n"
	"  --setassoc-all     the set-associative records for the group:G streams too (DC-L1 nodes)\n"
	"  --setassoc-max-sets N  largest set count recorded, a power of two (default 32768)\n"
	"  --dcl1-nodes LIST  DC-L1 node records \"dcl1_nodes\" (with --sample: set-sampled estimates,\n"
	"                     a quarter of each geometry's sets simulated, nodesample.h): per geometry\n"
	"                     G:M:GRAN:SETS:INDEX, domains of G SMs, M home nodes each picked by\n"
	"                     (line / GRAN) mod M, SETS sets per node under INDEX (linear or ipoly),\n"
	"                     write-evict nodes with --write-evict; every node simulated exactly\n"
	"                     (misses and replication, models/dcl1.h), e.g. Sh40+C10 of dcl1-80:\n"
	"                     8:4:1:64:ipoly\n"
	"\n"
	"  --threads N        threads for the streams' stacks (default: one per CPU, at most 16);\n"
	"                     the profile is the same for any N\n"
	"\n"
	"  --format F         text (docs/trace-format.md), accelsim (an Accel-Sim trace directory,\n"
	"                     kernelslist.g or kernel-N.traceg[.xz|.gz]) or nvbit (NVBit mem_trace\n"
	"                     output); default: a directory or kernelslist/.traceg name -> accelsim,\n"
	"                     MEMTRACE: lines -> nvbit, else text (docs/trace-formats.md)\n"
	"  --gpu G            preset whose SM count and resident warps the accelsim/nvbit importers\n"
	"                     spread CTAs over, round-robin (default rtx3080; --sms overrides n_sm)\n"
	"  --per-kernel       accelsim: also write one profile per kernel, OUT-kN.json (OUT = -o\n"
	"                     without .json), besides the whole application's\n"
	"  --sample RATE      SHARDS spatial sampling at RATE in (0, 1] (src/profiling/shards.h): distances and\n"
	"                     counts scaled by 1/RATE; 0.01 profiles ~50x faster.  The curves are as\n"
	"                     good as the number of distinct blocks sampled (footprint x RATE): a\n"
	"                     note says when it is below 10000 (1 = exact, the default)\n"
	"\n"
	"A progress line is shown when stderr is a terminal.\n"
	"\n"
	"example:\n"
	"  printf '0 R 0x1000\\n1 W 0x1080\\n0 R 0x1000 0x400\\n' > /tmp/t.trace\n"
	"  gpudse profile /tmp/t.trace -o /tmp/t.json --block 128\n"
	"  gpudse model hitrate --profile /tmp/t.json --size 16384 --assoc 4\n";

typedef struct progress {
	double t0;
	int shown;
} progress_t;

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void show_progress(void *arg, uint64_t bytes, uint64_t size, uint64_t records)
{
	progress_t *p = arg;
	double dt = now_s() - p->t0;
	if (size > 0)
		fprintf(stderr, "\rgpudse: profile: %.1f M lines, %3.0f%% of the file, %.1f M lines/s   ",
			records / 1e6, 100.0 * (double)bytes / (double)size, dt > 0 ? records / dt / 1e6 : 0);
	else
		fprintf(stderr, "\rgpudse: profile: %.1f M lines, %.1f M lines/s   ", records / 1e6,
			dt > 0 ? records / dt / 1e6 : 0);
	p->shown = 1;
}

/* --per-kernel: a second profiler per Accel-Sim kernel, saved next to the output as
 * OUT-kN.json (OUT without its .json). */
typedef struct kernel_out {
	const profiler_opts_t *o;
	const char *out;
	char name[64];
	int written;
} kernel_out_t;

static int kernel_begin(void *arg, int index, const char *file, profiler_t **kpb)
{
	kernel_out_t *k = arg;
	profiler_opts_t o = *k->o;
	snprintf(k->name, sizeof k->name, "%.50s-k%d", k->o->name, index);
	o.name = k->name;
	o.source = file;
	*kpb = profiler_alloc(&o);
	return *kpb ? 0 : err_internal("profile: out of memory");
}

static int kernel_end(void *arg, int index, const char *file, profiler_t *kpb)
{
	kernel_out_t *k = arg;
	char path[1200];
	size_t n = strlen(k->out);
	int cut = n > 5 && strcmp(k->out + n - 5, ".json") == 0 ? 5 : 0;
	snprintf(path, sizeof path, "%.*s-k%d.json", (int)(n - (size_t)cut), k->out, index);
	int rc = 0;
	if (profiler_count(kpb) == 0) {
		printf("%s: kernel %d has no global accesses, no profile written\n", file, index);
	} else {
		profile_t p;
		if (profiler_finish(kpb, &p))
			rc = err_internal("profile: out of memory");
		else {
			rc = profile_save(path, &p);
			profile_free(&p);
			k->written += rc == 0;
		}
	}
	profiler_free(kpb);
	return rc;
}

/* "2,4,8" or "none" into o->groups. */
static int parse_groups(const char *s, profiler_opts_t *o)
{
	o->n_groups = 0;
	if (strcmp(s, "none") == 0)
		return 0;
	const char *p = s;
	while (*p) {
		char *end;
		long g = strtol(p, &end, 10);
		if (end == p || g < 2 || g > 1 << 20 || (*end && *end != ','))
			return err_user("profile: --groups: expected integers >= 2 separated by commas or \"none\", got \"%s\"", s);
		if (o->n_groups == PROFILER_MAX_GROUPS)
			return err_user("profile: --groups: at most %d group sizes", PROFILER_MAX_GROUPS);
		o->groups[o->n_groups++] = (int)g;
		p = *end ? end + 1 : end;
	}
	return 0;
}

/*
 * Every stream's curve is estimated from the same sampled blocks, and the L1s of different SMs
 * share most of theirs: the sample is the distinct blocks of the widest stream (global), about
 * footprint x RATE.  Measured on the generated kernels (docs/trace-formats.md), miss-ratio
 * curve error 0.015-0.055 with 177-1434 sampled blocks (RATE 0.01), 0.005-0.017 with
 * 1771-14336 (RATE 0.1).  Below SHARDS_MIN_BLOCKS say so, with the rate that would reach it.
 */
#define SHARDS_MIN_BLOCKS 10000.0

static void warn_few_samples(const profile_t *p, double rate)
{
	const profile_stream_t *wide = NULL;
	for (size_t i = 0; i < p->n_streams; i++)
		if (!wide || p->streams[i].group > wide->group)
			wide = &p->streams[i];
	double kept = wide ? wide->footprint * rate : 0;
	if (!wide || kept >= SHARDS_MIN_BLOCKS)
		return;
	double want = kept > 0 ? fmin(1.0, rate * SHARDS_MIN_BLOCKS / kept) : 1.0;
	fprintf(stderr, "gpudse: note: --sample %g sampled about %.0f distinct blocks (\"%s\" stream); "
		"curves from fewer than %.0f can be off by 0.01-0.05 in miss ratio (docs/trace-formats.md): "
		"use --sample %.2g or more%s\n", rate, kept, wide->name, SHARDS_MIN_BLOCKS, want,
		want >= 1.0 ? " (exact)" : "");
}

/* The last path component of path[0..len) (trailing slashes dropped), as [*b, *b + *n). */
static void last_component(const char *path, size_t len, const char **b, size_t *n)
{
	while (len > 1 && path[len - 1] == '/')
		len--;
	size_t i = len;
	while (i > 0 && path[i - 1] != '/')
		i--;
	*b = path + i;
	*n = len - i;
}

/* The default workload name: a trace file's name without extensions ("bfs.trace.gz" ->
 * "bfs"), but an Accel-Sim trace is named after its directory, since every application's
 * traces are called kernelslist.g and kernel-N.traceg: "bfs/traces/kernelslist.g" -> "bfs",
 * "bfs/traces/kernel-3.traceg" -> "bfs-kernel-3", "bfs/traces/" -> "bfs".  -1 when nothing
 * is left (a name of "/" or ""). */
static int default_name(const char *trace, char *nm, size_t len)
{
	const char *b;
	size_t n, tl = strlen(trace);
	last_component(trace, tl, &b, &n);
	char file[256];
	snprintf(file, sizeof file, "%.*s", (int)(n < 255 ? n : 255), b);
	struct stat sb;
	int is_dir = stat(trace, &sb) == 0 && S_ISDIR(sb.st_mode);
	int is_list = strcmp(file, "kernelslist.g") == 0 || strcmp(file, "kernelslist.g.xz") == 0;
	int is_kernel = strncmp(file, "kernel-", 7) == 0 && strstr(file, ".traceg");
	char kernel[64] = "";
	if (is_kernel)
		snprintf(kernel, sizeof kernel, "-%.*s", (int)(strstr(file, ".traceg") - file), file);
	if (is_dir || is_list || is_kernel) {
		/* the directory that holds the traces; Accel-Sim's own "traces" level names nothing */
		size_t dl = is_dir ? (size_t)(b + n - trace) : (size_t)(b - trace);
		last_component(trace, dl, &b, &n);
		if (n == 6 && strncmp(b, "traces", 6) == 0 && b > trace)
			last_component(trace, (size_t)(b - trace), &b, &n);
		if (n == 0 || (n == 1 && (*b == '/' || *b == '.')) || (n == 2 && !strncmp(b, "..", 2)))
			return -1;
		snprintf(file, sizeof file, "%.*s%s", (int)(n < 180 ? n : 180), b, kernel);
	}
	if (strlen(file) >= len)
		return -1;   /* never a cut name: the caller asks for --name */
	memcpy(nm, file, strlen(file) + 1);
	static const char *const ext[] = { ".gz", ".xz", ".traceg", ".trace", ".txt", ".tr", ".g" };
	for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++) {
		size_t l = strlen(nm), e = strlen(ext[i]);
		if (l > e && strcmp(nm + l - e, ext[i]) == 0)
			nm[l - e] = '\0';
	}
	return nm[0] && strcmp(nm, "/") != 0 ? 0 : -1;
}

int cmd_profile(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "profile", argc - 1, argv + 1);
	const char *out = args_path(&a, "--output", NULL);
	const char *o2 = args_path(&a, "-o", NULL);
	if (o2)
		out = o2;
	long block = args_long(&a, "--block", 128, 1, 1 << 20);
	const char *name = args_str(&a, "--name", NULL);
	const char *groups = args_str(&a, "--groups", NULL);
	long sms = args_long(&a, "--sms", 0, 1, 1 << 20);
	const char *format = args_str(&a, "--format", NULL);
	const char *gpu_name = args_str(&a, "--gpu", NULL);
	double sample = args_double(&a, "--sample", 1.0, 1e-6, 1.0);
	int per_kernel = args_flag(&a, "--per-kernel");
	int exact_classes = args_flag(&a, "--exact-classes");
	int write_evict = args_flag(&a, "--write-evict");
	int sector_groups = args_flag(&a, "--sector-groups");
	int no_setassoc = args_flag(&a, "--no-setassoc");
	int setassoc_all = args_flag(&a, "--setassoc-all");
	long sa_max_sets = args_long(&a, "--setassoc-max-sets", 32768, 1, 1L << PROFILE_SA_MAX_LOG);
	long threads = args_long(&a, "--threads", 0, 1, 16);
	const char *dnodes = args_str(&a, "--dcl1-nodes", NULL);
	const char *trace = args_pos(&a, 0);
	int rc = args_finish(&a, 1);
	if (rc)
		return rc;
	if (!trace)
		return err_user("profile: missing TRACE (see gpudse help profile)");
	if (!out)
		return err_user("profile: missing -o PROFILE.json (see gpudse help profile)");
	if (block & (block - 1))
		return err_user("profile: --block: expected a power of two, got %ld", block);
	if (sa_max_sets & (sa_max_sets - 1))
		return err_user("profile: --setassoc-max-sets: expected a power of two, got %ld", sa_max_sets);
	if (per_kernel && !(format ? strcmp(format, "accelsim") == 0 : accelsim_is_path(trace)))
		return err_user("profile: --per-kernel: only for Accel-Sim traces");
	enum { F_TEXT, F_ACCELSIM, F_NVBIT } fmt = F_TEXT;
	if (format) {
		if (strcmp(format, "text") == 0)
			fmt = F_TEXT;
		else if (strcmp(format, "accelsim") == 0)
			fmt = F_ACCELSIM;
		else if (strcmp(format, "nvbit") == 0)
			fmt = F_NVBIT;
		else
			return err_user("profile: --format: expected text, accelsim or nvbit, got \"%s\"", format);
	} else if (accelsim_is_path(trace)) {
		fmt = F_ACCELSIM;
	} else if (nvbit_sniff(trace)) {
		fmt = F_NVBIT;
	}
	if (exact_classes && fmt != F_TEXT)
		return err_user("profile: --exact-classes: only for plain-text traces");
	gpu_t gpu;
	memset(&gpu, 0, sizeof gpu);
	if (fmt != F_TEXT || gpu_name) {
		if ((rc = gpu_load(gpu_name ? gpu_name : "rtx3080", &gpu)))
			return rc;
		if (fmt != F_TEXT && sms == 0)
			sms = gpu.n_sm;
	}

	profiler_opts_t o;
	profiler_opts_default(&o);
	o.block_bytes = (int)block;
	o.n_sm = (int)sms;
	if (groups && parse_groups(groups, &o))
		return EXIT_USER;
	char nm[64], src[256];
	if (name) {
		if (strlen(name) >= sizeof nm)
			return err_user("profile: --name: longer than %zu characters", sizeof nm - 1);
		snprintf(nm, sizeof nm, "%s", name);
	} else if (default_name(trace, nm, sizeof nm)) {
		return err_user("profile: cannot name a workload after \"%s\" (empty or over %zu characters): pass --name NAME", trace, sizeof nm - 1);
	}
	snprintf(src, sizeof src, "gpudse profile %.120s --block %ld%s%.40s", trace, block,
		 fmt == F_ACCELSIM ? " --format accelsim --gpu " : fmt == F_NVBIT ? " --format nvbit --gpu " : "",
		 fmt != F_TEXT ? gpu.name : "");
	if (sample < 1.0) {
		size_t l = strlen(src);
		snprintf(src + l, sizeof src - l, " --sample %g", sample);
	}
	if (write_evict) {
		size_t l = strlen(src);
		snprintf(src + l, sizeof src - l, " --write-evict");
	}
	o.write_evict = write_evict;
	o.sector_groups = sector_groups;
	o.setassoc = !no_setassoc;
	o.setassoc_all = setassoc_all;
	while ((1L << o.sa_max_log) > sa_max_sets)
		o.sa_max_log--;
	while ((1L << o.sa_max_log) < sa_max_sets)
		o.sa_max_log++;
	o.threads = (int)threads;
	if (dnodes) {
		char err[200];
		if (strlen(dnodes) > 150 || strlen(src) + strlen(dnodes) + 14 >= sizeof src)
			return err_user("profile: --dcl1-nodes: too long for the profile's source field (150 characters with the trace name)");
		if (noderec_parse_list(dnodes, o.nodes, PROFILER_MAX_NODES, &o.n_nodes, err, sizeof err))
			return err_user("profile: --dcl1-nodes: %s", err);
		size_t l = strlen(src);
		snprintf(src + l, sizeof src - l, " --dcl1-nodes %s", dnodes);
	}
	o.sample_rate = sample < 1.0 ? sample : 0;
	o.name = nm;
	o.source = src;
	profiler_t *pb = profiler_alloc(&o);
	if (!pb)
		return err_internal("profile: out of memory");
	progress_t pr = { now_s(), 0 };
	if (fmt == F_ACCELSIM) {
		accelsim_opts_t ao;
		accelsim_opts_default(&ao);
		ao.n_sm = (int)sms;
		ao.warps_per_sm = gpu.warps_per_sm;
		/* resident CTA limit as gpudse trace sets it (cmd_trace.c, docs/workloads.md) */
		ao.max_ctas_per_sm = gpu.l1_shmem_kib >= 64 ? 16 : 8;
		ao.block_bytes = (int)block;
		ao.progress = isatty(2) ? show_progress : NULL;
		ao.arg = &pr;
		kernel_out_t ko = { &o, out, "", 0 };
		if (per_kernel) {
			ao.kernel_begin = kernel_begin;
			ao.kernel_end = kernel_end;
			ao.hook_arg = &ko;
		}
		rc = accelsim_read(trace, &ao, pb, NULL);
	} else if (fmt == F_NVBIT) {
		rc = nvbit_read(trace, (int)sms, (int)block, NULL, pb, isatty(2) ? show_progress : NULL, &pr, NULL);
	} else {
		rc = trace_text_read(trace, NULL, pb, isatty(2) ? show_progress : NULL, &pr);
		if (!rc && exact_classes) {            /* second pass: see profiler_class_pass */
			struct stat st;
			if (stat(trace, &st) != 0 || !S_ISREG(st.st_mode))
				rc = err_user("profile: --exact-classes: %s is not a regular file (it is read twice)", trace);
			else if (profiler_class_pass(pb))
				rc = err_internal("profile: out of memory");
			else
				rc = trace_text_read(trace, NULL, pb, isatty(2) ? show_progress : NULL, &pr);
		}
	}
	if (pr.shown)
		fputs("\r\033[K", stderr);
	if (rc) {
		profiler_free(pb);
		return rc;
	}
	if (profiler_count(pb) == 0) {
		profiler_free(pb);
		return err_user("%s: no access records", trace);
	}
	profile_t p;
	if (profiler_finish(pb, &p)) {
		profiler_free(pb);
		return err_internal("profile: out of memory");
	}
	profiler_free(pb);
	rc = profile_save(out, &p);
	if (!rc) {
		const profile_stream_t *l1 = profile_stream(&p, "l1");
		printf("%s: %.0f accesses from %d SMs, %.0f distinct blocks per SM (summed), %zu streams\n",
		       out, l1->accesses, p.n_sm, l1->footprint, p.n_streams);
		if (sample < 1.0)
			warn_few_samples(&p, sample);
	}
	profile_free(&p);
	return rc;
}
