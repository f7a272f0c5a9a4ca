/* validate_accelsim.c -- gpudse against the Accel-Sim reference set; see validate_accelsim.h. */
#include "validation/validate_accelsim.h"

#include <glob.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "design.h"
#include "profiling/generators/gen.h"
#include "profiling/profile_json.h"
#include "profiling/profiler.h"

/* ---------------------------------------------------------------- profiles */

typedef struct psink {
	profiler_t *pb;
	int err;
} psink_t;

static void p_access(void *c, int sm, int wr, uint64_t a, uint32_t pc)
{
	psink_t *p = c;
	p->err |= profiler_access(p->pb, sm, wr, a, pc) != 0;
}
static void p_sectors(void *c, int sm, int wr, uint64_t a, unsigned mask, int bypass_l1)
{
	psink_t *p = c;
	p->err |= profiler_sectors(p->pb, sm, a, mask, wr, bypass_l1) != 0;   /* sector_reuse.h, sector_rec.h */
}
static void p_launch(void *c, const gen_launch_t *L, int done)
{
	psink_t *p = c;
	(void)L;
	if (done)                 /* the L1s are flushed between kernels (sector_rec.h) */
		profiler_sector_flush(p->pb);
}
static void p_insts(void *c, int sm, double ni, double nm, double ns)
{
	psink_t *p = c;
	p->err |= profiler_insts(p->pb, sm, ni, nm, ns) != 0;
}
static void p_regs(void *c, int sm, long warp, int dst, const int *src, int nsrc)
{
	psink_t *p = c;
	p->err |= profiler_regs(p->pb, sm, warp, dst, src, nsrc) != 0;
}
static void p_tensor(void *c, int sm, double n)
{
	psink_t *p = c;
	p->err |= profiler_tensor(p->pb, sm, n) != 0;
}

/* The profile `gpudse trace K --size S --gpu G --profile` writes (cmd_trace.c's options:
 * seed 1, loose round robin, registers, 128 B blocks, the CTA limit rule). */
static int gen_profile(const char *kname, long size, const gpu_t *g, profile_t *out)
{
	const gen_kernel_t *k = gen_find(kname);
	if (!k)
		return err_user("validate --accelsim: unknown kernel \"%s\" (gpudse trace --list)", kname);
	if (size <= 0)
		size = k->def_size;
	char source[256];
	snprintf(source, sizeof source, "gpudse trace %s --size %ld --gpu %s --seed 1 --sector-groups", kname, size, g->name);
	profiler_opts_t po;
	profiler_opts_default(&po);
	po.block_bytes = GEN_LINE;
	po.n_sm = g->n_sm;
	po.name = kname;
	po.source = source;
	po.sector_groups = 1;     /* the sectored LLC at the smN runs' SM counts (sector_rec.h) */
	psink_t ps = { profiler_alloc(&po), 0 };
	if (!ps.pb)
		return err_internal("validate --accelsim: out of memory");
	gen_opts_t o = { .n_sm = g->n_sm, .warps_per_sm = g->warps_per_sm, .ctas_per_sm = g->l1_shmem_kib >= 64 ? 16 : 8,
	                 .seed = 1, .regs = 1, .hmma_k = gen_hmma_k(g->sm_version) };
	gen_sink_t sink = { .ctx = &ps, .access = p_access, .sectors = p_sectors, .launch = p_launch, .insts = p_insts, .regs = p_regs, .tensor = p_tensor,
	                    .shape = profiler_shape(ps.pb) };
	gen_t gen;
	int rc = gen_init(&gen, &o, &sink);
	if (!rc && k->run(&gen, size) < 0)
		rc = gen.err[0] ? err_user("validate --accelsim: %s: %s", kname, gen.err) : -1;
	if (!rc) {
		gen_finish(&gen);
		double cf[3], known;
		if (gen_compressibility(&gen, cf, &known) == 0)
			profiler_compressibility(ps.pb, cf[0], cf[1], cf[2]);
		if (ps.err || profiler_finish(ps.pb, out) < 0)
			rc = -1;
	}
	gen_free(&gen);
	profiler_free(ps.pb);
	if (rc == -1)
		rc = err_internal("validate --accelsim: %s: out of memory", kname);
	return rc;
}

/* ---------------------------------------------------------------- loading */

static void path_parts(const char *path, char *preset, char *config, char *kernel)
{
	char buf[1024];
	snprintf(buf, sizeof buf, "%s", path);
	char *parts[3] = { NULL, NULL, NULL };
	for (int i = 2; i >= 0; i--) {
		char *sl = strrchr(buf, '/');
		if (!sl)
			break;
		parts[i] = sl + 1;
		*sl = '\0';
	}
	if (parts[0] && !preset[0])
		snprintf(preset, 64, "%s", parts[0]);
	if (parts[1] && !config[0])
		snprintf(config, 64, "%s", parts[1]);
	if (parts[2] && !kernel[0]) {
		snprintf(kernel, 64, "%s", parts[2]);
		char *dot = strstr(kernel, ".log");
		if (dot)
			*dot = '\0';
	}
}

static int add_profile(asset_t *s, const char *key, const char *kernel, long size, const gpu_t *g)
{
	for (int i = 0; i < s->n_prof; i++)
		if (strcmp(s->prof_key[i], key) == 0)
			return i;
	profile_t *np = realloc(s->prof, (size_t)(s->n_prof + 1) * sizeof *np);
	if (np)
		s->prof = np;
	char (*nk)[140] = realloc(s->prof_key, (size_t)(s->n_prof + 1) * sizeof *nk);
	if (nk)
		s->prof_key = nk;
	if (!np || !nk)
		return -err_internal("validate --accelsim: out of memory");
	/* the profile stored with the runs (made with their traces), else the generator's now */
	int rc;
	char stored[1400];
	snprintf(stored, sizeof stored, "%s/../profiles/%s.json", s->dir, key);
	if (access(stored, R_OK) == 0)
		rc = profile_load(stored, &s->prof[s->n_prof]);
	else
		rc = gen_profile(kernel, size, g, &s->prof[s->n_prof]);
	if (rc)
		return -rc;
	snprintf(s->prof_key[s->n_prof], sizeof s->prof_key[0], "%s", key);
	return s->n_prof++;
}

static int eval_row(asset_t *s, asrow_t *r)
{
	const profile_t *p = &s->prof[r->prof];
	const char *why = NULL;
	wctx_t *w = wctx_alloc(&r->gpu, p, &why);
	if (!w)
		return err_user("%s: the model cannot use this profile on %s: %s", r->log, r->gpu.name, why ? why : "?");
	design_t d;
	design_default(&d);
	metrics_t m;
	memset(&m, 0, sizeof m);
	int rc = gpu_eval(&r->gpu, &d, w, &m, &why);
	wctx_free(w);
	if (rc)
		return err_user("%s: the model cannot evaluate %s: %s", r->log, r->gpu.name, why ? why : "?");
	r->insts = p->insts;
	/* Accel-Sim must have run exactly the trace: the profile's instructions plus one EXIT per
	 * warp of every launch (trace_write_accelsim.h) */
	double warps = 0;
	for (size_t i = 0; i < p->shape.n_launch; i++) {
		const shape_launch_t *L = &p->shape.launch[i];
		double thr = (double)L->block[0] * (double)L->block[1] * (double)L->block[2];
		warps += (double)L->grid[0] * (double)L->grid[1] * (double)L->grid[2] * ceil(thr / 32) * L->count;
	}
	r->warps = warps;
	double most = 0;
	for (size_t i = 0; i < p->shape.n_launch; i++) {
		const shape_launch_t *L = &p->shape.launch[i];
		double ctas = (double)L->grid[0] * (double)L->grid[1] * (double)L->grid[2];
		if (ctas > most)
			most = ctas;
	}
	r->fills = most >= r->gpu.n_sm;
	r->insts_match = p->shape.n_launch > 0 && r->ref_warp_insts == p->insts + warps;
	r->ref_ipc = p->insts / r->ref_cycles;
	r->mod_ipc = m.ipc;
	r->mod_cycles = m.cycles;
	/* Accel-Sim's L1D counts only what the L1 serves: global atomics bypass it and are in
	 * neither its accesses nor its misses (atomics.h), so the like figure is the model's hit
	 * rate over the requests the L1 serves (metrics.l1_served) */
	r->mod_l1 = m.l1_served > 0 ? m.l1_hit / m.l1_served : m.l1_hit;
	if (m.l1_hit_sector >= 0)   /* per sector, as Accel-Sim's L1D counts (sector_rec.h) */
		r->mod_l1 = m.l1_hit_sector;
	r->mod_l2 = m.llc_hit;
	r->mod_l1_pend = m.l1_served > 0 ? m.l1_pend / m.l1_served : m.l1_pend;
	r->mod_dram = m.dram_bpki / 1000 * m.ipc * r->gpu.core_mhz * 1e6 / 1e9;
	return 0;
}

static int cmp_row(const void *a, const void *b)
{
	const asrow_t *x = a, *y = b;
	int c = strcmp(x->preset, y->preset);
	if (c)
		return c;
	if ((c = strcmp(x->kernel, y->kernel)))
		return c;
	/* base first, then by SM count descending, then by name */
	int xb = strcmp(x->config, "base") == 0, yb = strcmp(y->config, "base") == 0;
	if (xb != yb)
		return yb - xb;
	return strcmp(x->config, y->config);
}

/* DIR/../heldout.txt: one kernel name a line, or a preset name (every run of that GPU: a
 * configuration held out), or a preset and a configuration name (that configuration's runs),
 * or a preset, a configuration and a kernel name (that one run), '#' starts a comment.  Marks the held-out runs; a listed name with
 * no run is refused (a misspelt name would silently leak it into the development half). */
static int read_heldout(asset_t *s)
{
	char path[1200];
	snprintf(path, sizeof path, "%s/../heldout.txt", s->dir);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	s->has_split = 1;
	char line[256];
	int ln = 0, rc = 0;
	while (!rc && fgets(line, sizeof line, f)) {
		ln++;
		if (!strchr(line, '\n') && !feof(f)) {
			rc = err_user("%s: line %d: longer than %zu characters", path, ln, sizeof line - 2);
			break;
		}
		char *h = strchr(line, '#');
		if (h)
			*h = '\0';
		char name[256], cfg[256], kern[256];
		int nt = sscanf(line, "%255s %255s %255s", name, cfg, kern);
		if (nt < 1)
			continue;
		int found = 0;
		for (int i = 0; i < s->n; i++)
			if (nt >= 2 ? strcmp(s->row[i].preset, name) == 0 && strcmp(s->row[i].config, cfg) == 0
			                  && (nt == 2 || strcmp(s->row[i].kernel, kern) == 0)
			            : strcmp(s->row[i].kernel, name) == 0 || strcmp(s->row[i].preset, name) == 0) {
				s->n_held += !s->row[i].held;
				s->row[i].held = 1;
				found = 1;
			}
		if (!found && nt == 3)
			rc = err_user("%s: line %d: run \"%s %s %s\" has no log under %s", path, ln, name, cfg, kern, s->dir);
		else if (!found && nt == 2)
			rc = err_user("%s: line %d: preset and configuration \"%s %s\" have no run under %s", path, ln, name, cfg, s->dir);
		else if (!found)
			rc = err_user("%s: line %d: kernel or preset \"%s\" has no run under %s", path, ln, name, s->dir);
	}
	if (!rc && ferror(f))
		rc = err_user("%s: cannot read", path);
	fclose(f);
	return rc;
}

int as_split_parse(const char *s)
{
	return !strcmp(s, "all") ? AS_SPLIT_ALL : !strcmp(s, "dev") ? AS_SPLIT_DEV : !strcmp(s, "heldout") ? AS_SPLIT_HELD : -1;
}

int asset_load(asset_t *s, const char *dir)
{
	memset(s, 0, sizeof *s);
	snprintf(s->dir, sizeof s->dir, "%s", dir);
	char pat[1200];
	snprintf(pat, sizeof pat, "%s/*/*/*.log*", dir);
	glob_t gl;
	int grc = glob(pat, 0, NULL, &gl);
	if (grc == GLOB_NOMATCH || (grc == 0 && gl.gl_pathc == 0)) {
		if (grc == 0)
			globfree(&gl);
		return err_user("%s: no Accel-Sim logs (expected %s/PRESET/CONFIG/KERNEL.log.xz)", dir, dir);
	}
	if (grc)
		return err_internal("%s: cannot list the logs", dir);
	s->row = calloc(gl.gl_pathc, sizeof *s->row);
	if (!s->row) {
		globfree(&gl);
		return err_internal("validate --accelsim: out of memory");
	}
	int rc = 0;
	for (size_t i = 0; i < gl.gl_pathc && !rc; i++) {
		aslog_t l;
		if ((rc = aslog_read(gl.gl_pathv[i], &l)))
			break;
		asrow_t *r = &s->row[s->n];
		memset(r, 0, sizeof *r);
		snprintf(r->log, sizeof r->log, "%s", gl.gl_pathv[i]);
		snprintf(r->preset, sizeof r->preset, "%s", l.preset);
		snprintf(r->config, sizeof r->config, "%s", l.config);
		snprintf(r->kernel, sizeof r->kernel, "%s", l.kernel);
		path_parts(gl.gl_pathv[i], r->preset, r->config, r->kernel);
		r->size = l.size;
		char nm[140], src[300];
		snprintf(nm, sizeof nm, "%.40s-%.40s", r->preset, r->config);
		snprintf(src, sizeof src, "gpudse preset import (the options echo of %.200s)", gl.gl_pathv[i]);
		rc = gsconf_to_gpu(&l.conf, nm, src, &r->gpu, NULL, NULL);
		if (!rc && l.l1_run_kib > 0 && l.l1_run_kib != r->gpu.l1_kib) {
			/* the adaptive carve-out the kernels ran with (their shared memory): fewer ways */
			r->gpu.l1_assoc = (int)lround(r->gpu.l1_assoc * l.l1_run_kib / r->gpu.l1_kib);
			r->gpu.l1_kib = l.l1_run_kib;
		}
		/* Accel-Sim counts -gpgpu_kernel_launch_latency cycles before each kernel's first CTA;
		 * gpudse models the kernels' execution, so the reference excludes them */
		const char *lat = gsconf_get(&l.conf, "gpgpu_kernel_launch_latency");
		r->launch_cycles = lat ? atof(lat) * l.kernels : 0;
		r->ref_cycles = l.cycles - r->launch_cycles;
		r->kernels = l.kernels;
		r->ref_warp_insts = l.warp_insts;
		r->ref_l1 = aslog_l1_hit(&l);
		r->ref_l2 = aslog_l2_hit(&l);
		r->ref_l1_pend = aslog_l1_pend(&l);
		r->ref_dram = rc || !(r->ref_cycles > 0) ? NAN
		            : (l.dram_rd + l.dram_wr) * 32 / (r->ref_cycles / (r->gpu.core_mhz * 1e6)) / 1e9;
		if (!rc && !(r->ref_cycles > 0))
			rc = err_user("%s: %g cycles, no more than the launch latency of its %d kernels", gl.gl_pathv[i], l.cycles, l.kernels);
		snprintf(r->provenance, sizeof r->provenance, "accel-sim %.12s gpgpu-sim %.12s %s", l.accelsim_commit,
		         l.gpgpusim_commit, l.date);
		aslog_free(&l);
		if (!rc)
			s->n++;
	}
	globfree(&gl);
	if (rc)
		return rc;
	qsort(s->row, (size_t)s->n, sizeof *s->row, cmp_row);
	if ((rc = read_heldout(s)))
		return rc;
	/* profiles: one per (preset, kernel), on the base configuration's preset */
	for (int i = 0; i < s->n && !rc; i++) {
		asrow_t *r = &s->row[i];
		const gpu_t *g = &r->gpu;
		for (int j = 0; j < s->n; j++)
			if (strcmp(s->row[j].preset, r->preset) == 0 && strcmp(s->row[j].kernel, r->kernel) == 0 &&
			    strcmp(s->row[j].config, "base") == 0)
				g = &s->row[j].gpu;
		char key[140];
		snprintf(key, sizeof key, "%.60s/%.60s", r->preset, r->kernel);
		int k = add_profile(s, key, r->kernel, r->size, g);
		if (k < 0)
			return -k;
		r->prof = k;
		rc = eval_row(s, r);
	}
	if (rc)
		return rc;
	/* a run whose warp instructions are not the trace's (Accel-Sim stopped early: pagerank's
	 * GPGPU-Sim deadlock after 4 of its 8 kernels) has cycles of another workload: its IPC
	 * over the profile's instructions would be wrong by the missing share, so it joins no
	 * figure; the rows move after the n kept ones, in order */
	int kept = 0, excl = 0;
	asrow_t *tmp = malloc((size_t)s->n * sizeof *tmp);
	if (!tmp && s->n)
		return err_internal("validate --accelsim: out of memory");
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < s->n; i++)
			if (!!s->row[i].insts_match == !pass)
				tmp[pass ? kept + excl++ : kept++] = s->row[i];
	if (s->n)
		memcpy(s->row, tmp, (size_t)s->n * sizeof *tmp);
	free(tmp);
	s->n = kept;
	s->n_excl = excl;
	s->n_held = 0;
	for (int i = 0; i < s->n; i++)
		s->n_held += s->row[i].held;
	return 0;
}

void asset_free(asset_t *s)
{
	for (int i = 0; i < s->n_prof; i++)
		profile_free(&s->prof[i]);
	free(s->prof);
	free(s->prof_key);
	free(s->row);
	memset(s, 0, sizeof *s);
}

/* ---------------------------------------------------------------- report */

static double relerr(double model, double ref)
{
	return ref != 0 && isfinite(ref) && isfinite(model) ? (model - ref) / ref : NAN;
}

typedef struct acc {
	double sum, worst;
	int n;
	const asrow_t *at;
} acc_t;

static void acc_add(acc_t *a, double e, const asrow_t *r)
{
	if (!isfinite(e))
		return;
	a->sum += fabs(e);
	a->n++;
	if (!a->at || fabs(e) > fabs(a->worst)) {
		a->worst = e;
		a->at = r;
	}
}

/* Does config c of row r differ from base only in the SM count ("smN")? */
static int sm_config(const asrow_t *r)
{
	return strcmp(r->config, "base") == 0 || (r->config[0] == 's' && r->config[1] == 'm' && r->config[2] >= '0' &&
	                                           r->config[2] <= '9');
}

/* Saturation point: the smallest SM count whose IPC reaches 90% of the IPC at the largest. */
static int saturation(const asset_t *s, const char *preset, const char *kernel, int model)
{
	double best_n = 0, ipc_max = 0;
	for (int i = 0; i < s->n; i++) {
		const asrow_t *r = &s->row[i];
		if (strcmp(r->preset, preset) || strcmp(r->kernel, kernel) || !sm_config(r))
			continue;
		if (r->gpu.n_sm > best_n) {
			best_n = r->gpu.n_sm;
			ipc_max = model ? r->mod_ipc : r->ref_ipc;
		}
	}
	int sat = (int)best_n;
	for (int i = 0; i < s->n; i++) {
		const asrow_t *r = &s->row[i];
		if (strcmp(r->preset, preset) || strcmp(r->kernel, kernel) || !sm_config(r))
			continue;
		double ipc = model ? r->mod_ipc : r->ref_ipc;
		if (ipc >= 0.9 * ipc_max && r->gpu.n_sm < sat)
			sat = r->gpu.n_sm;
	}
	return sat;
}

static const asrow_t *find_row(const asset_t *s, const char *preset, const char *kernel, const char *config)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->row[i].preset, preset) && !strcmp(s->row[i].kernel, kernel) && !strcmp(s->row[i].config, config))
			return &s->row[i];
	return NULL;
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static void pct(char *buf, size_t n, double v)
{
	if (isfinite(v))
		snprintf(buf, n, "%.1f", 100 * v);
	else
		snprintf(buf, n, "-");
}

static int in_split(const asrow_t *r, as_split_t split)
{
	return split == AS_SPLIT_ALL || (split == AS_SPLIT_HELD) == (r->held != 0);
}

/* Mean and worst errors over the runs of one half (half: 0 development, 1 held out, -1 both). */
static void summarise(const asset_t *s, int half, int md, const char *label)
{
	acc_t ipc = { 0 }, l1 = { 0 }, l2 = { 0 }, dram = { 0 }, dbytes = { 0 }, wide = { 0 }, pend = { 0 };
	double *e = malloc((size_t)s->n * sizeof *e);
	int ne = 0, runs = 0;
	for (int i = 0; i < s->n; i++) {
		const asrow_t *r = &s->row[i];
		if (half >= 0 && r->held != half)
			continue;
		runs++;
		double x = relerr(r->mod_ipc, r->ref_ipc);
		acc_add(&ipc, x, r);
		if (r->fills)
			acc_add(&wide, x, r);
		acc_add(&l1, r->mod_l1 - r->ref_l1, r);
		acc_add(&l2, r->mod_l2 - r->ref_l2, r);
		acc_add(&pend, r->mod_l1_pend - r->ref_l1_pend, r);
		acc_add(&dram, relerr(r->mod_dram, r->ref_dram), r);
		/* the run's DRAM bytes (bandwidth x time): the traffic without the IPC's error */
		if (r->mod_ipc > 0 && r->ref_ipc > 0 && r->ref_dram > 0)
			acc_add(&dbytes, relerr(r->mod_dram / r->mod_ipc, r->ref_dram / r->ref_ipc), r);
		if (e && isfinite(x))
			e[ne++] = fabs(x);
	}
	if (e)
		qsort(e, (size_t)ne, sizeof *e, cmp_dbl);
	double med = !e || !ne ? NAN : ne % 2 ? e[ne / 2] : (e[ne / 2 - 1] + e[ne / 2]) / 2;
	free(e);
	const char *b = md ? "- " : "";
	printf("\n%s%s (%d runs):\n", md ? "" : "", label, runs);
	if (!ipc.n)
		return;
	printf("%sIPC: mean |relative error| %.0f%% over %d runs (median %.0f%%), worst %+.0f%% (%s on %s %s)\n", b,
	       100 * ipc.sum / ipc.n, ipc.n, 100 * med, 100 * ipc.worst, ipc.at->kernel, ipc.at->preset, ipc.at->config);
	if (wide.n)
		printf("%sIPC on the runs whose largest launch has at least one CTA per SM: mean |relative error| %.0f%% over %d "
		       "runs, worst %+.0f%% (%s on %s %s)\n",
		       b, 100 * wide.sum / wide.n, wide.n, 100 * wide.worst, wide.at->kernel, wide.at->preset, wide.at->config);
	printf("%sL1 hit rate: mean |error| %.1f points, worst %+.1f (%s on %s %s)\n", b, 100 * l1.sum / (l1.n ? l1.n : 1),
	       100 * l1.worst, l1.at ? l1.at->kernel : "-", l1.at ? l1.at->preset : "-", l1.at ? l1.at->config : "-");
	printf("%sL2 hit rate: mean |error| %.1f points, worst %+.1f (%s on %s %s)\n", b, 100 * l2.sum / (l2.n ? l2.n : 1),
	       100 * l2.worst, l2.at ? l2.at->kernel : "-", l2.at ? l2.at->preset : "-", l2.at ? l2.at->config : "-");
	printf("%sDRAM bandwidth: mean |relative error| %.0f%% over %d runs\n", b, 100 * dram.sum / (dram.n ? dram.n : 1),
	       dram.n);
	if (dbytes.n)
		printf("%sDRAM bytes (reads + writes over the run, the bandwidth without the IPC's error): mean |relative error| "
		       "%.0f%% over %d runs, worst %+.0f%% (%s on %s %s)\n",
		       b, 100 * dbytes.sum / dbytes.n, dbytes.n, 100 * dbytes.worst, dbytes.at->kernel, dbytes.at->preset,
		       dbytes.at->config);
	if (pend.n)
		printf("%sL1 pending hits (HIT_RESERVED / accesses; counted as hits in both L1 hit rates above, except on allocate-on-fill L1s, where they are misses): mean |error| "
		       "%.1f points, worst %+.1f (%s on %s %s)\n",
		       b, 100 * pend.sum / pend.n, 100 * pend.worst, pend.at->kernel, pend.at->preset, pend.at->config);
}

int validate_accelsim(const char *dir, const char *fmt, as_split_t split)
{
	int md = strcmp(fmt, "markdown") == 0, csv = strcmp(fmt, "csv") == 0;
	if (!md && !csv && strcmp(fmt, "table") != 0)
		return err_user("validate --accelsim: --format: expected table, markdown or csv, got \"%s\"", fmt);
	asset_t s;
	int rc = asset_load(&s, dir);
	if (rc) {
		asset_free(&s);
		return rc;
	}
	if (split != AS_SPLIT_ALL && !s.has_split) {
		asset_free(&s);
		return err_user("validate --accelsim: --split: %s/../heldout.txt does not exist (no held-out half)", dir);
	}
	if (csv) {
		printf("preset,config,kernel,size,n_sm,l1_kib,llc_kib,dram_gbps,insts,kernels,launch_cycles,ref_cycles,ref_ipc,ref_l1_hit,"
		       "ref_l2_hit,ref_dram_gbs,model_ipc,model_l1_hit,model_l2_hit,model_dram_gbs,ipc_rel_err,accelsim_warp_insts,"
		       "trace_warps,provenance,ref_l1_pend,model_l1_pend,half\n");
		for (int i = 0; i < s.n; i++) {
			const asrow_t *r = &s.row[i];
			if (!in_split(r, split))
				continue;
			printf("%s,%s,%s,%ld,%d,%g,%g,%g,%.0f,%d,%.0f,%.0f,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.0f,%.0f,%s,%.6g,%.6g,%s\n", r->preset,
			       r->config, r->kernel, r->size, r->gpu.n_sm, r->gpu.l1_kib, r->gpu.llc_kib, r->gpu.dram_gbps, r->insts,
			       r->kernels, r->launch_cycles, r->ref_cycles, r->ref_ipc, r->ref_l1, r->ref_l2, r->ref_dram, r->mod_ipc, r->mod_l1, r->mod_l2,
			       r->mod_dram, relerr(r->mod_ipc, r->ref_ipc), r->ref_warp_insts, r->warps, r->provenance,
			       r->ref_l1_pend, r->mod_l1_pend, r->held ? "heldout" : "dev");
		}
		asset_free(&s);
		return fflush(stdout) == 0 ? 0 : err_internal("validate: cannot write stdout");
	}
	if (md)
		printf("| kernel | half | GPU | config | SMs | IPC Accel-Sim | IPC gpudse | IPC error | L1 hit A / g (%%) | L2 hit A / g (%%) | DRAM GB/s A / g |\n"
		       "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
	else
		printf("%-12s %-7s %-13s %-10s %4s %10s %10s %8s %15s %15s %17s\n", "kernel", "half", "GPU", "config", "SMs", "IPC ref",
		       "IPC gpudse", "IPC err", "L1 hit ref/g %", "L2 hit ref/g %", "DRAM GB/s ref/g");
	int shown = 0, mism = 0;
	for (int i = 0; i < s.n; i++) {
		const asrow_t *r = &s.row[i];
		if (!in_split(r, split))
			continue;
		shown++;
		mism += !r->insts_match;
		double e = relerr(r->mod_ipc, r->ref_ipc);
		char a1[16], b1[16], a2[16], b2[16];
		pct(a1, sizeof a1, r->ref_l1);
		pct(b1, sizeof b1, r->mod_l1);
		pct(a2, sizeof a2, r->ref_l2);
		pct(b2, sizeof b2, r->mod_l2);
		char l1s[40], l2s[40], ds[48];
		snprintf(l1s, sizeof l1s, "%s / %s", a1, b1);
		snprintf(l2s, sizeof l2s, "%s / %s", a2, b2);
		snprintf(ds, sizeof ds, "%.1f / %.1f", r->ref_dram, r->mod_dram);
		const char *half = r->held ? "heldout" : "dev";
		if (md)
			printf("| %s | %s | %s | %s | %d | %.2f | %.2f | %+.0f%% | %s | %s | %s |\n", r->kernel, half, r->preset, r->config,
			       r->gpu.n_sm, r->ref_ipc, r->mod_ipc, 100 * e, l1s, l2s, ds);
		else
			printf("%-12s %-7s %-13s %-10s %4d %10.2f %10.2f %+7.0f%% %15s %15s %17s\n", r->kernel, half, r->preset, r->config,
			       r->gpu.n_sm, r->ref_ipc, r->mod_ipc, 100 * e, l1s, l2s, ds);
	}
	printf("\n%sAccel-Sim ran exactly the traces (warp instructions = the profile's + one EXIT per warp): %d of %d runs%s\n",
	       md ? "- " : "", shown - mism, shown, mism ? " (the others differ: see --format csv)" : "");
	for (int i = s.n; i < s.n + s.n_excl; i++) {   /* asset_load: in no figure */
		const asrow_t *r = &s.row[i];
		if (!in_split(r, split))
			continue;
		printf("%sexcluded from every figure: %s on %s %s, Accel-Sim ran %.0f of the trace's %.0f warp instructions "
		       "(%d kernels; its cycles are another workload's)\n",
		       md ? "- " : "", r->kernel, r->preset, r->config, r->ref_warp_insts, r->insts + r->warps, r->kernels);
	}
	if (!s.has_split)
		summarise(&s, -1, md, "All runs (no heldout.txt: no held-out half)");
	if (s.has_split && split != AS_SPLIT_HELD)
		summarise(&s, 0, md, "Development half (the kernels not in heldout.txt; models were changed looking at these)");
	if (s.has_split && split != AS_SPLIT_DEV)
		summarise(&s, 1, md, "Held-out half (heldout.txt: the second and third suites' kernels and the later suites' configurations (every SM75_RTX2060, SM7_TITANV, SM7_GV100 and SM75_RTX2060_S run, SM86_RTX3070 l1_32k), each chosen by rule before its runs existed and measured once at the end of a session's model changes, seen since; the first held-out half was looked at and is now in the development half; heldout.txt says when)");
	/* per kernel and GPU: saturation point and 4x-L2 speedup */
	printf("\n");
	if (md)
		printf("| kernel | half | GPU | SM saturation Accel-Sim | SM saturation gpudse | 4x-L2 speedup Accel-Sim | 4x-L2 speedup gpudse | 1/16-L2 slowdown Accel-Sim | 1/16-L2 slowdown gpudse |\n"
		       "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
	else
		printf("%-12s %-7s %-13s %12s %12s %14s %14s %14s %14s\n", "kernel", "half", "GPU", "SM sat. ref", "SM sat. g",
		       "4xL2 spd ref", "4xL2 spd g", "L2/16 slow ref", "L2/16 slow g");
	for (int i = 0; i < s.n; i++) {
		const asrow_t *r = &s.row[i];
		if (strcmp(r->config, "base") != 0 || !in_split(r, split))
			continue;
		const asrow_t *l2x = find_row(&s, r->preset, r->kernel, "l2x4");
		char sr[24] = "-", sm[24] = "-";
		if (l2x) {
			snprintf(sr, sizeof sr, "%.3f", r->ref_cycles / l2x->ref_cycles);
			snprintf(sm, sizeof sm, "%.3f", l2x->mod_ipc / r->mod_ipc);
		}
		const asrow_t *l2s = find_row(&s, r->preset, r->kernel, "l2_16th");
		char qr[24] = "-", qm[24] = "-";
		if (l2s) {
			snprintf(qr, sizeof qr, "%.3f", l2s->ref_cycles / r->ref_cycles);
			snprintf(qm, sizeof qm, "%.3f", r->mod_ipc / l2s->mod_ipc);
		}
		int n_sm_cfg = 0;
		for (int j = 0; j < s.n; j++)
			n_sm_cfg += !strcmp(s.row[j].preset, r->preset) && !strcmp(s.row[j].kernel, r->kernel) && sm_config(&s.row[j]);
		char a[16] = "-", b[16] = "-";
		if (n_sm_cfg > 1) {
			snprintf(a, sizeof a, "%d", saturation(&s, r->preset, r->kernel, 0));
			snprintf(b, sizeof b, "%d", saturation(&s, r->preset, r->kernel, 1));
		}
		const char *half = r->held ? "heldout" : "dev";
		if (md)
			printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r->kernel, half, r->preset, a, b, sr, sm, qr, qm);
		else
			printf("%-12s %-7s %-13s %12s %12s %14s %14s %14s %14s\n", r->kernel, half, r->preset, a, b, sr, sm, qr, qm);
	}
	printf("\n%sSM saturation: the smallest SM count whose IPC reaches 90%% of the IPC at the largest count run;\n"
	       "%s4x-L2 speedup: cycles of the base configuration over cycles with 4x the L2 ways (gpudse: IPC ratio);\n"
	       "%s1/16-L2 slowdown: cycles with 1/16 of the L2 over cycles of the base configuration.\n",
	       md ? "" : "", md ? "" : "", md ? "" : "");
	asset_free(&s);
	return fflush(stdout) == 0 ? 0 : err_internal("validate: cannot write stdout");
}

int validate_accelsim_section(const char *dir)
{
	if (access(dir, R_OK) != 0)
		return 0;
	printf("## Against Accel-Sim (calibration/accelsim)\n\n"
	       "The composed GPU model against a cycle-level simulator on the same input: library kernels\n"
	       "written as Accel-Sim SASS traces (`gpudse trace --format accelsim`), simulated by Accel-Sim\n"
	       "on presets imported from gpgpu-sim's SM7_QV100, SM86_RTX3070, SM75_RTX2060, SM7_TITANV,\n"
	       "SM7_GV100 and SM75_RTX2060_S configurations (`gpudse preset import`) and a grid of options (calibration/accelsim/README.md has the runs, their\n"
	       "provenance and how to regenerate them).  Per run: Accel-Sim's IPC (the profile's warp\n"
	       "instructions over its cycles less the 5000-cycle kernel launch latency it adds per kernel),\n"
	       "L1 and L2 hit rates (Accel-Sim counts 32 B sector accesses, gpudse 128 B requests), DRAM\n"
	       "bandwidth; gpudse's baseline design on the preset imported from the run's own options\n"
	       "echo, with the kernel's profile on the base configuration.  No model parameter was fitted\n"
	       "to these runs.  The kernels, presets and configurations of calibration/accelsim/heldout.txt (each suite\n"
	       "chosen by the rule stated there before its runs existed) are the held-out half: the model\n"
	       "is changed looking only at the development half, and the two halves' errors are reported\n"
	       "separately.  Regenerate: `gpudse validate --accelsim --format markdown`.\n\n");
	fflush(stdout);
	return validate_accelsim(dir, "markdown", AS_SPLIT_ALL);
}
