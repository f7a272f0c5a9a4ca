/*
 * genprof.c -- a generator's profile in process (genprof.h).
 */
#include "support/genprof.h"

#include <stdio.h>

#include "gpu.h"
#include "presets/gpu_json.h"
#include "profiling/generators/gen.h"
#include "profiling/profiler.h"

/* the sink's context: the profiler and the tap */
typedef struct sinkctx {
	profiler_t *pb;
	const genprof_tap_t *tap;
} sinkctx_t;

static void p_access(void *c, int sm, int wr, uint64_t a, uint32_t pc)
{
	(void)(profiler_access(((sinkctx_t *)c)->pb, sm, wr, a, pc) && fprintf(stderr, "profiler_access failed\n"));
}
static void p_sectors(void *c, int sm, int wr, uint64_t a, unsigned mask, int bypass_l1)
{
	const sinkctx_t *k = c;
	(void)(profiler_sectors(k->pb, sm, a, mask, wr, bypass_l1) && fprintf(stderr, "profiler_sectors failed\n"));
	if (k->tap && k->tap->sectors)
		k->tap->sectors(k->tap->ctx, sm, wr, a, mask, bypass_l1);
}
static void p_launch(void *c, const gen_launch_t *L, int done)
{
	(void)L;
	const sinkctx_t *k = c;
	if (done) {
		profiler_sector_flush(k->pb);
		if (k->tap && k->tap->launch_end)
			k->tap->launch_end(k->tap->ctx);
	}
}
static void p_insts(void *c, int sm, double ni, double nm, double ns)
{
	(void)(profiler_insts(((sinkctx_t *)c)->pb, sm, ni, nm, ns) && fprintf(stderr, "profiler_insts failed\n"));
}
static void p_regs(void *c, int sm, long warp, int dst, const int *src, int nsrc)
{
	(void)(profiler_regs(((sinkctx_t *)c)->pb, sm, warp, dst, src, nsrc) && fprintf(stderr, "profiler_regs failed\n"));
}
static void p_tensor(void *c, int sm, double n)
{
	(void)(profiler_tensor(((sinkctx_t *)c)->pb, sm, n) && fprintf(stderr, "profiler_tensor failed\n"));
}

int genprof_make(const char *kname, long size, const char *preset, int sector_groups, const char *source,
                 profile_t *out)
{
	return genprof_make_tap(kname, size, preset, sector_groups, source, NULL, out);
}

int genprof_make_tap(const char *kname, long size, const char *preset, int sector_groups, const char *source,
                     const genprof_tap_t *tap, profile_t *out)
{
	const gen_kernel_t *k = gen_find(kname);
	gpu_t g;
	if (!k || gpu_load(preset, &g) != 0)
		return -1;
	profiler_opts_t po;
	profiler_opts_default(&po);
	po.block_bytes = GEN_LINE;
	po.n_sm = g.n_sm;
	po.name = kname;
	po.source = source;
	po.sector_groups = sector_groups;
	profiler_t *pb = profiler_alloc(&po);
	gen_opts_t o = { .n_sm = g.n_sm, .warps_per_sm = g.warps_per_sm, .ctas_per_sm = g.l1_shmem_kib >= 64 ? 16 : 8,
	                 .seed = 1, .regs = 1, .hmma_k = gen_hmma_k(g.sm_version) };
	sinkctx_t sc = { .pb = pb, .tap = tap };
	gen_sink_t sink = { .ctx = &sc, .access = p_access, .sectors = p_sectors, .launch = p_launch, .insts = p_insts,
	                    .regs = p_regs, .tensor = p_tensor, .shape = profiler_shape(pb) };
	gen_t gen;
	int ok = pb && gen_init(&gen, &o, &sink) == 0 && k->run(&gen, size) == 0;
	if (pb)
		gen_free(&gen);
	ok = ok && profiler_finish(pb, out) == 0;
	profiler_free(pb);
	return ok ? 0 : -1;
}
