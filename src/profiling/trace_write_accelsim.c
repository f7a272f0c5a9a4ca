/* trace_write_accelsim.c -- generator kernels as Accel-Sim traces; see trace_write_accelsim.h. */
#include "profiling/trace_write_accelsim.h"
#include "profiling/generators/gen_synth.h"

#include "profiling/trace_accelsim.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A warp's instruction lines, buffered until its launch ends (the file is CTA-major, the
 * generator interleaves CTAs). */
typedef struct wbuf {
	char *s;
	size_t n, cap;
	long ninst;
	uint32_t valid;           /* lanes that exist: EXIT's mask */
	gen_synth_t syn;          /* synthesized dependences of a launch without template registers */
} wbuf_t;

struct aswriter {
	aswrite_opts_t o;
	char dir[4096];
	FILE *list;               /* kernelslist.g */
	int failed;               /* a write or an allocation failed */
	char why[300];
	long kernels;
	double insts;
	/* the current launch */
	const gen_launch_t *L;
	long ncta;
	int wpc;
	wbuf_t *w;                /* ncta * wpc */
	int maxreg;
	uint32_t max_pc;
};

static void fail(aswriter_t *w, const char *fmt, ...)
{
	if (w->failed)
		return;
	w->failed = 1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(w->why, sizeof w->why, fmt, ap);
	va_end(ap);
}

aswriter_t *aswrite_open(const aswrite_opts_t *o, char *err, size_t errlen)
{
	if (mkdir(o->dir, 0777) != 0 && errno != EEXIST) {
		snprintf(err, errlen, "%s: cannot create the directory: %s", o->dir, strerror(errno));
		return NULL;
	}
	aswriter_t *w = calloc(1, sizeof *w);
	if (!w) {
		snprintf(err, errlen, "%s: out of memory", o->dir);
		return NULL;
	}
	w->o = *o;
	if (w->o.binary_version <= 0)
		w->o.binary_version = 70;
	if (w->o.regs_per_sm <= 0)
		w->o.regs_per_sm = 65536;
	snprintf(w->dir, sizeof w->dir, "%s", o->dir);
	char path[4200];
	snprintf(path, sizeof path, "%s/kernelslist.g", w->dir);
	w->list = fopen(path, "w");
	if (!w->list) {
		snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
		free(w);
		return NULL;
	}
	return w;
}

static void free_launch(aswriter_t *w)
{
	if (w->w)
		for (long i = 0; i < w->ncta * w->wpc; i++)
			free(w->w[i].s);
	free(w->w);
	w->w = NULL;
	w->L = NULL;
	w->ncta = 0;
}

static void put(aswriter_t *w, wbuf_t *b, const char *fmt, ...)
{
	if (w->failed)
		return;
	for (;;) {
		va_list ap;
		va_start(ap, fmt);
		int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
		va_end(ap);
		if (k < 0) {
			fail(w, "%s: formatting failed", w->dir);
			return;
		}
		if (b->s && b->n + (size_t)k < b->cap) {
			b->n += (size_t)k;
			return;
		}
		size_t nc = b->cap ? b->cap * 2 : 1024;
		while (nc < b->n + (size_t)k + 1)
			nc *= 2;
		char *ns = realloc(b->s, nc);
		if (!ns) {
			fail(w, "%s: out of memory buffering launch %s (use a smaller --size)", w->dir,
			     w->L ? w->L->kname : "?");
			return;
		}
		b->s = ns;
		b->cap = nc;
	}
}

/* Resident CTAs per SM as gen_launch computes them. */
static int residency(const aswriter_t *w, const gen_launch_t *L)
{
	int res = w->o.warps_per_sm / w->wpc;
	if (res > w->o.ctas_per_sm)
		res = w->o.ctas_per_sm;
	if (L->max_cta_sm > 0 && res > L->max_cta_sm)
		res = L->max_cta_sm;
	return res < 1 ? 1 : res;
}

static void write_kernel(aswriter_t *w)
{
	const gen_launch_t *L = w->L;
	char name[64], path[4200];
	long id = ++w->kernels;
	snprintf(name, sizeof name, "kernel-%ld.traceg", id);
	snprintf(path, sizeof path, "%s/%s", w->dir, name);
	FILE *f = fopen(path, "w");
	if (!f) {
		fail(w, "%s: cannot write: %s", path, strerror(errno));
		return;
	}
	/* resources: the kernel's declared registers and shared memory; else, when the generator
	 * limits residency (max_cta_sm), a register count that gives Accel-Sim the same limit;
	 * else none (see the header) */
	long threads = (long)L->block[0] * L->block[1] * L->block[2];
	long padded = (threads + GEN_WARP - 1) / GEN_WARP * GEN_WARP;
	long nregs = 0, smem = 0;
	if (L->regs > 0) {
		nregs = L->regs;
		smem = L->smem;
	} else if (L->max_cta_sm > 0) {
		int res = residency(w, L);
		long cap = w->o.regs_per_sm / (padded * res) / 4 * 4;
		if (cap > 255)
			cap = 255;
		if (cap >= 4 && w->o.regs_per_sm / (padded * cap) == res)
			nregs = cap;
	}
	fprintf(f, "-kernel name = %s\n-kernel id = %ld\n-grid dim = (%d,%d,%d)\n-block dim = (%d,%d,%d)\n"
	        "-shmem = %ld\n-nregs = %ld\n-binary version = %d\n-cuda stream id = 0\n"
	        "-shmem base_addr = 0x00007f0000000000\n-local mem base_addr = 0x00007e0000000000\n"
	        "-nvbit version = none (written by gpudse trace --format accelsim)\n"
	        "-accelsim tracer version = 4\n-enable lineinfo = 0\n\n"
	        "#traces format = PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width "
	        "[adrrescompress?] [mem_addresses]\n\n",
	        L->kname, id, L->grid[0], L->grid[1], L->grid[2], L->block[0], L->block[1], L->block[2],
	        smem, nregs, w->o.binary_version);
	for (long c = 0; c < w->ncta; c++) {
		long gx = L->grid[0], gy = L->grid[1];
		fprintf(f, "#BEGIN_TB\n\nthread block = %ld,%ld,%ld\n\n", c % gx, (c / gx) % gy, c / (gx * gy));
		for (int k = 0; k < w->wpc; k++) {
			wbuf_t *b = &w->w[c * w->wpc + k];
			if (b->valid == 0) {              /* a warp the generator never spawned */
				long t0 = (long)k * GEN_WARP;
				for (int l = 0; l < GEN_WARP; l++)
					if (t0 + l < threads)
						b->valid |= (uint32_t)1 << l;
			}
			fprintf(f, "warp = %d\ninsts = %ld\n", k, b->ninst + 1);
			if (b->n && fwrite(b->s, 1, b->n, f) != b->n)
				break;
			fprintf(f, "%04x %08x 0 EXIT 0 0\n\n", (unsigned)(w->max_pc + 16), b->valid);
			w->insts += (double)b->ninst + 1;
		}
		fprintf(f, "#END_TB\n\n");
	}
	if (ferror(f) | (fclose(f) != 0))
		fail(w, "%s: write failed", path);
	else if (fprintf(w->list, "%s\n", name) < 0)
		fail(w, "%s/kernelslist.g: write failed", w->dir);
}

void aswrite_launch(void *ctx, const gen_launch_t *L, int done)
{
	aswriter_t *w = ctx;
	if (w->failed)
		return;
	if (!done) {
		free_launch(w);
		long nthr = (long)L->block[0] * L->block[1] * L->block[2];
		w->wpc = (int)((nthr + GEN_WARP - 1) / GEN_WARP);
		w->ncta = (long)L->grid[0] * L->grid[1] * L->grid[2];
		w->L = L;
		w->maxreg = -1;
		w->max_pc = L->pc_base;
		w->w = calloc((size_t)(w->ncta * w->wpc), sizeof *w->w);
		if (!w->w)
			fail(w, "%s: out of memory (launch %s: %ld CTAs)", w->dir, L->kname, w->ncta);
		return;
	}
	if (w->L == L)
		write_kernel(w);
	free_launch(w);
}

/* " mode addresses" of a memory instruction: mode 1 (base, stride) when the active lanes are
 * contiguous and equally spaced, else mode 0 (one address per active lane). */
static void put_addrs(aswriter_t *w, wbuf_t *b, uint32_t mask, const uint64_t *a)
{
	int first = __builtin_ctz(mask);
	uint32_t run = mask >> first;
	int contiguous = (run & (run + 1)) == 0, n = __builtin_popcount(mask);
	if (contiguous) {
		int ok = 1;
		int64_t stride = n > 1 ? (int64_t)(a[first + 1] - a[first]) : 0;
		for (int l = first + 1; l < first + n; l++)
			if ((int64_t)(a[l] - a[l - 1]) != stride)
				ok = 0;
		if (ok && stride >= -2147483647LL && stride <= 2147483647LL) {
			put(w, b, " 1 0x%llx %lld", (unsigned long long)a[first], (long long)stride);
			return;
		}
	}
	put(w, b, " 0");
	for (int l = 0; l < GEN_WARP; l++)
		if (mask >> l & 1)
			put(w, b, " 0x%llx", (unsigned long long)a[l]);
}

void aswrite_winst(void *ctx, int sm, const gen_launch_t *L, const gen_warp_t *wp,
                   const gen_inst_t *in, uint32_t pc, uint32_t mask, const uint64_t *a)
{
	(void)sm;
	aswriter_t *w = ctx;
	if (w->failed || w->L != L || !w->w)
		return;
	if (wp->cta < 0 || wp->cta >= w->ncta || wp->w < 0 || wp->w >= w->wpc) {
		fail(w, "%s: launch %s: warp outside the grid", w->dir, L->kname);
		return;
	}
	wbuf_t *b = &w->w[wp->cta * w->wpc + wp->w];
	b->valid = wp->valid;
	if (pc > w->max_pc)
		w->max_pc = pc;
	int synth = !L->has_regs;                       /* no template registers: synthesize */
	if (in->kind == GEN_ALU && in->rep > 1) {       /* anonymous run: no registers */
		int r0 = 0;
		int rs[GEN_SYNTH_MAX_SRC], nrs = 0;
		if (synth && (gen_synth_inst(&b->syn, 0, rs, &nrs), nrs > 0)) {   /* its first instruction consumes the loads */
			put(w, b, "%04x %08x 0 %s %d", (unsigned)pc, mask, gen_inst_opcode(in), nrs);
			for (int i = 0; i < nrs; i++)
				put(w, b, " R%d", rs[i]);
			put(w, b, " 0\n");
			r0 = 1;
		}
		for (int r = r0; r < in->rep; r++)
			put(w, b, "%04x %08x 0 %s 0 0\n", (unsigned)pc, mask, gen_inst_opcode(in));
		b->ninst += in->rep;
		return;
	}
	int dst = L->has_regs ? in->dst : -1, src[4], ns = 0;
	if (L->has_regs) {
		for (int i = 0; i < 3; i++)
			if (in->src[i] >= 0)
				src[ns++] = in->src[i];
	} else {                                        /* gen_synth.h: a load writes a fresh register, */
		dst = gen_synth_inst(&b->syn, in->kind == GEN_LD, src, &ns);   /* anything else consumes */
	}
	if (dst > 254) {
		fail(w, "%s: launch %s: register R%d beyond R254", w->dir, L->kname, dst);
		return;
	}
	for (int i = 0; i < ns; i++) {
		if (src[i] > 254) {
			fail(w, "%s: launch %s: register R%d beyond R254", w->dir, L->kname, src[i]);
			return;
		}
		if (src[i] > w->maxreg)
			w->maxreg = src[i];
	}
	if (dst > w->maxreg)
		w->maxreg = dst;
	int mem = a != NULL && (in->kind == GEN_LD || in->kind == GEN_ST || in->kind == GEN_ATOM);
	int shared = in->kind == GEN_LDS || in->kind == GEN_STS || in->kind == GEN_ATOMS;
	const char *op = gen_inst_opcode(in);
	int width = accelsim_opcode_width(op);
	if (mem && gen_synth_width(in, mask, a) != width) {   /* a lane not aligned to the width */
		/* an access the opcode's width would spread over more lines than the generator's
		 * byte address: one byte per lane keeps the generator's coalescing */
		op = in->kind == GEN_LD ? "LDG.E.U8" : in->kind == GEN_ST ? "STG.E.U8" : "ATOMG.E.ADD.U8";
		width = 1;
	}
	put(w, b, "%04x %08x", (unsigned)pc, mask);
	if (dst >= 0)
		put(w, b, " 1 R%d", dst);
	else
		put(w, b, " 0");
	put(w, b, " %s %d", op, ns);
	for (int i = 0; i < ns; i++)
		put(w, b, " R%d", src[i]);
	if (mem) {
		put(w, b, " %d", width);
		put_addrs(w, b, mask, a);
		put(w, b, "\n");
	} else if (shared) {
		/* shared-memory offsets with the template's bank-conflict degree `ways` as the shape
		 * measures it (the most 4 B words one of the 32 banks delivers): lane l at byte
		 * l x max(4 ways, width), so lanes l and l + 32/ways share a bank for 4 B accesses, and
		 * a conflict-free 16 B access (degree 4, the 512 B of a warp over 128 B of banks) is
		 * contiguous */
		uint64_t sa[GEN_WARP];
		int ways = in->ways ? in->ways : 1;
		uint64_t stride = (uint64_t)(4 * ways > width ? 4 * ways : width);
		for (int l = 0; l < GEN_WARP; l++)
			sa[l] = (uint64_t)l * stride % 49152;
		put(w, b, " %d", width);
		put_addrs(w, b, mask, sa);
		put(w, b, "\n");
	} else {
		put(w, b, " 0\n");
	}
	b->ninst++;
}

int aswrite_close(aswriter_t *w, char *err, size_t errlen)
{
	int rc = 0;
	if (w->L && !w->failed)
		fail(w, "%s: launch %s did not finish", w->dir, w->L->kname);
	free_launch(w);
	if (ferror(w->list) | (fclose(w->list) != 0))
		fail(w, "%s/kernelslist.g: write failed", w->dir);
	if (w->failed) {
		snprintf(err, errlen, "%s", w->why);
		rc = -1;
	}
	free(w);
	return rc;
}

long aswrite_kernels(const aswriter_t *w) { return w->kernels; }
double aswrite_insts(const aswriter_t *w) { return w->insts; }
