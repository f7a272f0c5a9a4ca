/* trace_accelsim.c -- Accel-Sim kernelslist.g / kernel-N.traceg reader; see trace_accelsim.h. */
#include "profiling/trace_accelsim.h"

#include "profiling/fresh_age.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <zlib.h>

#include "cli.h"
#include "profiling/shape_acc.h"
#include "profiling/uniq_u64.h"

#define LR_BUF (1u << 20)

/* ------------------------------------------------------------------ line reader */

static int ends_with(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && strcmp(s + n - m, suf) == 0;
}

int trace_lines_open(trace_lines_t *r, const char *path, const char *name)
{
	memset(r, 0, sizeof *r);
	r->name = name ? name : path;
	struct stat st;
	if (stat(path, &st) != 0)
		return err_user("%s: %s", r->name, strerror(errno));
	if (S_ISDIR(st.st_mode))
		return err_user("%s: is a directory", r->name);
	int fd = -1;
	if (ends_with(path, ".xz")) {
		/* xz's own complaint would be a second line: check the magic here, and silence it */
		static const unsigned char magic[6] = { 0xFD, '7', 'z', 'X', 'Z', 0x00 };
		unsigned char head[6] = { 0 };
		FILE *f = fopen(path, "rb");
		if (!f)
			return err_user("%s: %s", r->name, strerror(errno));
		size_t got = fread(head, 1, sizeof head, f);
		fclose(f);
		if (got != sizeof head || memcmp(head, magic, sizeof magic) != 0)
			return err_user("%s: not xz data (the name ends in .xz)", r->name);
		int p[2];
		if (pipe(p) != 0)
			return err_user("%s: cannot start xz: %s", r->name, strerror(errno));
		pid_t pid = fork();
		if (pid < 0) {
			close(p[0]);
			close(p[1]);
			return err_user("%s: cannot start xz: %s", r->name, strerror(errno));
		}
		if (pid == 0) {
			dup2(p[1], 1);
			int null = open("/dev/null", O_WRONLY);
			if (null >= 0)
				dup2(null, 2);
			close(p[0]);
			close(p[1]);
			execlp("xz", "xz", "-dc", "--", path, (char *)NULL);
			_exit(127);
		}
		close(p[1]);
		fd = p[0];
		r->pid = (int)pid;
	} else {
		fd = open(path, O_RDONLY);
		if (fd < 0)
			return err_user("%s: %s", r->name, strerror(errno));
	}
	gzFile gz = gzdopen(fd, "rb");        /* transparent for plain data */
	r->buf = malloc(LR_BUF + 1);
	if (!gz || !r->buf) {
		if (gz)
			gzclose(gz);
		else
			close(fd);
		free(r->buf);
		r->buf = NULL;
		return err_internal("%s: out of memory", r->name);
	}
	gzbuffer(gz, 1u << 18);
	r->gz = gz;
	return 0;
}

int trace_lines_next(trace_lines_t *r, const char **s, size_t *n)
{
	for (;;) {
		char *p = r->buf + r->pos;
		char *nl = r->pos < r->len ? memchr(p, '\n', r->len - r->pos) : NULL;
		if (nl) {
			*s = p;
			*n = (size_t)(nl - p);
			if (*n > 0 && p[*n - 1] == '\r')
				(*n)--;
			r->pos = (size_t)(nl - r->buf) + 1;
			r->line++;
			return 1;
		}
		if (r->eof) {
			if (r->pos < r->len) {        /* last line without a newline */
				*s = p;
				*n = r->len - r->pos;
				r->pos = r->len;
				r->line++;
				return 1;
			}
			return 0;
		}
		size_t have = r->len - r->pos;
		if (have == LR_BUF)
			return -err_user("%s:%llu: line longer than %u bytes", r->name,
					(unsigned long long)r->line + 1, LR_BUF);
		memmove(r->buf, p, have);
		r->pos = 0;
		r->len = have;
		int got = gzread((gzFile)r->gz, r->buf + have, (unsigned)(LR_BUF - have));
		if (got < 0) {
			int zerr;
			const char *msg = gzerror((gzFile)r->gz, &zerr);
			return -err_user("%s: %s", r->name, zerr == Z_ERRNO ? strerror(errno) : msg);
		}
		if (got == 0) {
			r->eof = 1;
			if (r->pid > 0) {
				/* the end of xz's output: a failed xz is the one error, before the reader
				 * could mistake its truncated output for a malformed trace */
				int status = 0;
				waitpid(r->pid, &status, 0);
				r->pid = 0;
				if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
					return -err_user("%s: xz -dc failed (exit %d): a corrupt or truncated .xz file, or no xz program",
						r->name, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
			}
		}
		r->len += (size_t)got;
	}
}

int trace_lines_close(trace_lines_t *r)
{
	int rc = 0;
	if (r->gz)
		gzclose((gzFile)r->gz);
	if (r->pid > 0) {
		int status = 0;
		if (!r->eof)
			kill(r->pid, SIGTERM);
		waitpid(r->pid, &status, 0);
		if (r->eof && (!WIFEXITED(status) || WEXITSTATUS(status) != 0))
			rc = err_user("%s: xz -dc failed (exit %d): a corrupt .xz file or no xz program",
				      r->name, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	}
	free(r->buf);
	memset(r, 0, sizeof *r);
	return rc;
}

/* ------------------------------------------------------------------ instruction lines */

static int is_sp(char c) { return c == ' ' || c == '\t' || c == '\r'; }

typedef struct tok {
	const char *p, *end;
} tok_t;

/* Next blank-separated token into [*s, *e); 0 at the end of the line. */
static int next_tok(tok_t *t, const char **s, const char **e)
{
	while (t->p < t->end && is_sp(*t->p))
		t->p++;
	if (t->p == t->end)
		return 0;
	*s = t->p;
	while (t->p < t->end && !is_sp(*t->p))
		t->p++;
	*e = t->p;
	return 1;
}

static int tok_dec(tok_t *t, long long *v, int allow_neg)
{
	const char *s, *e;
	if (!next_tok(t, &s, &e))
		return 0;
	int neg = 0;
	if (allow_neg && (*s == '-' || *s == '+')) {
		neg = *s == '-';
		s++;
	}
	if (s == e || e - s > 18)
		return 0;
	long long x = 0;
	for (; s < e; s++) {
		if (*s < '0' || *s > '9')
			return 0;
		x = x * 10 + (*s - '0');
	}
	*v = neg ? -x : x;
	return 1;
}

/* Hex with or without 0x, as std::hex reads it. */
static int tok_hex(tok_t *t, uint64_t *v)
{
	const char *s, *e;
	if (!next_tok(t, &s, &e))
		return 0;
	if (e - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	if (s == e || e - s > 16)
		return 0;
	uint64_t x = 0;
	for (; s < e; s++) {
		unsigned c = (unsigned char)*s, d;
		if (c >= '0' && c <= '9') d = c - '0';
		else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
		else return 0;
		x = x << 4 | d;
	}
	*v = x;
	return 1;
}

/* "R12" -> 12 */
static int tok_reg(tok_t *t, int *reg)
{
	const char *s, *e;
	if (!next_tok(t, &s, &e) || e - s < 2 || s[0] != 'R' || e - s > 6)
		return 0;
	int x = 0;
	for (s++; s < e; s++) {
		if (*s < '0' || *s > '9')
			return 0;
		x = x * 10 + (*s - '0');
	}
	*reg = x;
	return 1;
}

/* Bytes per lane from the opcode's dot-separated tokens [trace_parser.cc get_datawidth_from_opcode]. */
static int width_of(const char *op)
{
	const char *p = op;
	while (*p) {
		const char *q = p;
		while (*q && *q != '.')
			q++;
		size_t n = (size_t)(q - p);
		if (n > 0) {
			const char *d = p;
			if (*d == 'U' && n > 1)
				d++;
			int all = 1, v = 0;
			for (const char *c = d; c < q; c++) {
				if (*c < '0' || *c > '9') {
					all = 0;
					break;
				}
				v = v * 10 + (*c - '0');
			}
			if (all && d < q)
				return v / 8 > 0 ? v / 8 : 1;
		}
		p = *q ? q + 1 : q;
	}
	return 4;
}

int accelsim_parse_inst(const char *s, size_t len, int version, int lineinfo,
			accelsim_inst_t *in, const char **why)
{
	tok_t t = { s, s + len };
	long long v;
	uint64_t h;
	const char *a, *b;
	in->mode = -1;
	in->has_imm = 0;
	in->imm = 0;
	if (version < 3) {                       /* tb_x tb_y tb_z warp, ignored */
		for (int i = 0; i < 4; i++)
			if (!tok_dec(&t, &v, 0)) {
				*why = "expected tb_x tb_y tb_z warp (tracer version < 3)";
				return -1;
			}
	}
	if (lineinfo && !tok_dec(&t, &v, 0)) {
		*why = "expected a decimal line number (-enable lineinfo = 1)";
		return -1;
	}
	if (!tok_hex(&t, &in->pc)) {
		*why = "expected a hex PC";
		return -1;
	}
	if (!tok_hex(&t, &h) || h > 0xffffffffULL) {
		*why = "expected a 32-bit hex active mask";
		return -1;
	}
	in->mask = (uint32_t)h;
	if (!tok_dec(&t, &v, 0) || v > 8) {
		*why = "expected the number of destination registers (0..8)";
		return -1;
	}
	in->ndst = (int)v;
	for (int i = 0; i < in->ndst; i++)
		if (!tok_reg(&t, &in->dst[i])) {
			*why = "expected a destination register Rn";
			return -1;
		}
	if (!next_tok(&t, &a, &b) || (size_t)(b - a) >= sizeof in->opcode || !(*a >= 'A' && *a <= 'Z')) {
		*why = "expected an opcode";
		return -1;
	}
	memcpy(in->opcode, a, (size_t)(b - a));
	in->opcode[b - a] = '\0';
	if (!tok_dec(&t, &v, 0) || v > 16) {
		*why = "expected the number of source registers (0..16)";
		return -1;
	}
	in->nsrc = (int)v;
	for (int i = 0; i < in->nsrc; i++)
		if (!tok_reg(&t, &in->src[i])) {
			*why = "expected a source register Rn";
			return -1;
		}
	if (!tok_dec(&t, &v, 0) || v > 1024) {
		*why = "expected a decimal mem_width";
		return -1;
	}
	in->mem_width = (int)v;
	in->width = 0;
	if (in->mem_width > 0) {
		in->width = width_of(in->opcode);
		if (!tok_dec(&t, &v, 0) || v > 2) {
			*why = "expected an address mode 0, 1 or 2";
			return -1;
		}
		in->mode = (int)v;
		memset(in->addr, 0, sizeof in->addr);
		int first = in->mask ? __builtin_ctz(in->mask) : 32;
		if (in->mode == 0) {                  /* one address per active lane */
			for (int l = 0; l < ACCELSIM_WARP; l++)
				if (in->mask >> l & 1 && !tok_hex(&t, &in->addr[l])) {
					*why = "expected one hex address per active lane (address mode 0)";
					return -1;
				}
		} else if (in->mode == 1) {           /* base, stride [trace_parser.cc base_stride_decompress] */
			uint64_t base;
			if (!tok_hex(&t, &base) || !tok_dec(&t, &v, 1)) {
				*why = "expected a hex base and a decimal stride (address mode 1)";
				return -1;
			}
			if (in->mask) {
				uint32_t run = in->mask >> first;
				if (run & (run + 1)) {
					*why = "address mode 1 needs contiguous active lanes";
					return -1;
				}
				uint64_t x = base;
				for (int l = first; l < ACCELSIM_WARP && (in->mask >> l & 1); l++) {
					in->addr[l] = x;
					x += (uint64_t)v;
				}
			}
		} else {                              /* base, popcount-1 deltas [tracer_tool.cu base_delta_compress] */
			uint64_t base;
			if (!tok_hex(&t, &base)) {
				*why = "expected a hex base address (address mode 2)";
				return -1;
			}
			uint64_t last = base;
			for (int l = first; l < ACCELSIM_WARP; l++) {
				if (!(in->mask >> l & 1))
					continue;
				if (l != first) {
					if (!tok_dec(&t, &v, 1)) {
						*why = "expected popcount(mask)-1 decimal deltas (address mode 2)";
						return -1;
					}
					last += (uint64_t)v;
				}
				in->addr[l] = last;
			}
		}
	}
	if (next_tok(&t, &a, &b)) {                   /* immediate (later v4, v5) */
		tok_t u = { a, b };
		if (!tok_dec(&u, &v, 1)) {
			*why = "expected a decimal immediate or the end of the line";
			return -1;
		}
		in->has_imm = 1;
		in->imm = v;
		if (next_tok(&t, &a, &b)) {
			*why = "unexpected field after the immediate";
			return -1;
		}
	}
	return 0;
}

/* Opcode up to the first '.' equals `base`. */
static int op_is(const char *op, const char *base)
{
	size_t n = strlen(base);
	return strncmp(op, base, n) == 0 && (op[n] == '\0' || op[n] == '.');
}

enum accelsim_mclass accelsim_mclass(const accelsim_inst_t *in)
{
	if (in->mem_width <= 0)
		return AS_NONE;
	return accelsim_opcode_class(in->opcode);
}

int accelsim_opcode_width(const char *opcode)
{
	return width_of(opcode);
}

enum accelsim_mclass accelsim_opcode_class(const char *op)
{
	if (op_is(op, "LDS") || op_is(op, "STS") || op_is(op, "LDSM") || op_is(op, "ATOMS"))
		return AS_SHARED;
	if (op_is(op, "LDG") || op_is(op, "LD") || op_is(op, "LDL") || op_is(op, "LDGSTS"))
		return AS_GLOBAL_LD;
	if (op_is(op, "STG") || op_is(op, "ST") || op_is(op, "STL") || op_is(op, "ATOM") ||
	    op_is(op, "ATOMG") || op_is(op, "RED"))
		return AS_GLOBAL_ST;
	return AS_OTHER_MEM;
}

/* A global atomic or reduction (ATOMS is shared memory, classified apart): GPGPU-Sim serves it
 * at the L2, bypassing the L1 (models/atomics.h). */
static int is_global_atomic(const char *op)
{
	return op_is(op, "ATOM") || op_is(op, "ATOMG") || op_is(op, "RED");
}

static int is_tensor(const char *op)
{
	return op_is(op, "HMMA") || op_is(op, "IMMA") || op_is(op, "BMMA") || op_is(op, "DMMA") ||
	       op_is(op, "HGMMA");
}

/* ------------------------------------------------------------------ waves */

typedef struct wwarp {
	int sm;
	long id;              /* warp id within the SM: CTA slot x warps per CTA + warp */
	size_t start, end;    /* items in the arena */
	long seq;             /* arrival order (stable sort key) */
	uint64_t gcur, gmin1, gming; /* replay: the load group being aged and its smallest ages */
} wwarp_t;

typedef struct rd {
	const accelsim_opts_t *o;
	profiler_t *pb, *kpb;
	accelsim_stats_t st;
	const char *file;     /* display name of the kernel file */
	uint64_t line;
	int version, lineinfo;
	int wpc;              /* warps per CTA */
	int cta_slots;        /* resident CTAs per SM */
	int shift;            /* log2 block bytes */
	long kernel_ctas;     /* CTAs seen in this kernel */
	int *sm_slots;        /* CTAs of the wave per SM */
	int wave_ctas;
	uint64_t *arena;
	size_t na, cap;
	wwarp_t *w;
	size_t nw, capw;
	uint64_t next_progress;
	long nregs, shmem;    /* header "-nregs", "-shmem" of this kernel (0 / -1: absent) */
	fresh_age_t *fresh;   /* the lines' freshness in replay order (128 B blocks only; NULL: none) */
} rd_t;

static int oom(const rd_t *r)
{
	return err_internal("%s:%llu: out of memory", r->file, (unsigned long long)r->line);
}

static int arena_push(rd_t *r, uint64_t x)
{
	if (r->na == r->cap) {
		size_t nc = r->cap ? r->cap * 2 : 1 << 16;
		uint64_t *na = realloc(r->arena, nc * sizeof *na);
		if (!na)
			return -1;
		r->arena = na;
		r->cap = nc;
	}
	r->arena[r->na++] = x;
	return 0;
}

static int fed(const rd_t *r, int rc)
{
	if (rc == -2)
		return err_user("%s:%llu: SM id out of range", r->file, (unsigned long long)r->line);
	if (rc)
		return oom(r);
	return 0;
}

/* Slot-major, as gpudse trace issues (docs/workloads.md): warp slot k of SM 0, 1, ...,
 * n_sm-1, then slot k+1, so that the SMs run concurrently. */
static int cmp_warp(const void *a, const void *b)
{
	const wwarp_t *x = a, *y = b;
	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	if (x->sm != y->sm)
		return x->sm < y->sm ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* The group a warp was aging is complete: a fork-join one joins the profile's fresh record
 * (profile_shape.h; how it closed is known since the wave was parsed). */
static void group_done(rd_t *r, wwarp_t *w)
{
	shape_acc_t *a = profiler_shape(r->pb);
	if (w->gcur && shape_acc_group_kind(a, w->gcur) == 1)
		shape_acc_fresh_group(a, w->gmin1, w->gming);
	w->gcur = 0;
}

/* Issue the wave's buffered memory instructions in loose round robin by instruction index. */
static int drain(rd_t *r)
{
	if (r->nw == 0)
		goto out;
	qsort(r->w, r->nw, sizeof *r->w, cmp_warp);
	size_t nact = r->nw;
	uint64_t round = 0;
	while (nact > 0) {
		uint64_t next = UINT64_MAX;
		size_t k = 0;
		for (size_t i = 0; i < nact; i++) {
			wwarp_t *w = &r->w[i];
			if (w->start < w->end) {
				uint64_t hd = r->arena[w->start];
				if (hd >> 9 == round) {
					int n = (int)(hd & 127), wr = (int)(hd >> 7 & 1), atomic = (int)(hd >> 8 & 1);
					uint64_t min1 = 0, ming = 0;
					for (int j = 1; j <= n; j++) {
						uint64_t addr = r->arena[w->start + (size_t)j];
						int rc = profiler_access(r->pb, w->sm, wr, addr, 0);
						if (!rc && r->kpb)
							rc = profiler_access(r->kpb, w->sm, wr, addr, 0);
						if (rc)
							return fed(r, rc);
						uint64_t a1, ag;     /* fresh_age.h, as the generators count */
						if (r->fresh && fresh_age_access(r->fresh, w->sm, addr >> 7, &a1, &ag))
							return oom(r);
						if (r->fresh && (j == 1 || a1 < min1))
							min1 = a1;
						if (r->fresh && (j == 1 || ag < ming))
							ming = ag;
					}
					size_t q = w->start + (size_t)n + 1;        /* the sectors (parse_inst) */
					size_t nl = (size_t)r->arena[q];
					for (size_t j = 1; j <= nl; j++) {
						uint64_t e = r->arena[q + j];
						int rc = profiler_sectors(r->pb, w->sm, e & ~(uint64_t)127, (uint32_t)(e & 15), wr, atomic);
						if (!rc && r->kpb)
							rc = profiler_sectors(r->kpb, w->sm, e & ~(uint64_t)127, (uint32_t)(e & 15), wr, atomic);
						if (rc)
							return fed(r, rc);
					}
					w->start = q + nl + 1;
					if (!wr) {               /* a load's group (shape_warp_group; 0: none) */
						uint64_t gs = r->arena[w->start++];
						if (r->fresh && gs && gs != w->gcur) {
							group_done(r, w);
							w->gcur = gs;
							w->gmin1 = min1;
							w->gming = ming;
						} else if (r->fresh && gs) {
							w->gmin1 = min1 < w->gmin1 ? min1 : w->gmin1;
							w->gming = ming < w->gming ? ming : w->gming;
						}
					}
				}
			}
			if (w->start >= w->end)
				group_done(r, w);        /* the warp's last group */
			if (w->start < w->end) {
				uint64_t nx = r->arena[w->start] >> 9;
				if (nx < next)
					next = nx;
				r->w[k++] = *w;             /* compact the active list, order kept */
			}
		}
		nact = k;
		round = next;
	}
out:
	r->na = 0;
	r->nw = 0;
	r->wave_ctas = 0;
	memset(r->sm_slots, 0, (size_t)r->o->n_sm * sizeof *r->sm_slots);
	return 0;
}

typedef struct cta_state {
	int sm, slot;
	long gcta;             /* CTA index over the whole trace (register-history identity) */
	int warp;              /* current warp index, -1 before "warp =" */
	long want;             /* "insts = N" of the current warp, -1 unknown */
	uint64_t icount;       /* instructions of the current warp so far */
	double insts, mem, sect, tensor;
	shape_warp_t mw[2];    /* MLP state of the current warp, for pb's and kpb's shape */
	double longest;        /* the CTA's longest warp so far, instructions (shape launch cta_span) */
} cta_state_t;

/* The shape accumulators fed: the profile's and the per-kernel hook's (or NULL). */
static int shapes(const rd_t *r, shape_acc_t *a[2])
{
	a[0] = profiler_shape(r->pb);
	a[1] = r->kpb ? profiler_shape(r->kpb) : NULL;
	return r->kpb ? 2 : 1;
}

/* Launch and code shape of one instruction (models/profile_shape.h has the definitions). */
static int shape_inst(rd_t *r, cta_state_t *c, const accelsim_inst_t *in, enum accelsim_mclass mc,
		      const int *srcs, int ns)
{
	shape_acc_t *a[2];
	int na = shapes(r, a);
	int lanes = __builtin_popcount(in->mask);
	int is_load = mc == AS_GLOBAL_LD && in->mask != 0 && in->ndst > 0;
	int rpd = is_load && in->width > 4 ? (in->width + 3) / 4 : 1;   /* a 64-bit load writes 2 registers */
	for (int k = 0; k < na; k++) {
		int bar = op_is(in->opcode, "BAR"), wave = 0;
		shape_acc_insts(a[k], shape_opcode_unit(in->opcode), 1, lanes);
		if (bar)
			shape_acc_bar(a[k], 1);
		shape_warp_inst(a[k], &c->mw[k], is_load, in->dst, in->ndst, rpd, srcs, ns);
		shape_warp_dep(a[k], &c->mw[k], shape_opcode_unit(in->opcode), mc != AS_NONE, in->dst, in->ndst,
			       rpd, srcs, ns);
		if (mc == AS_SHARED && in->mask != 0)
			wave = shape_acc_shared(a[k], op_is(in->opcode, "STS") ? 1 : op_is(in->opcode, "ATOMS") ? 2 : 0,
						in->mask, in->addr, in->width, 0);
		if (mc == AS_GLOBAL_ST && in->mask != 0 && is_global_atomic(in->opcode)
		    && shape_acc_atomic(a[k], in->mask, in->addr))
			return -1;
		/* the barrier interval (profile_shape.h phases); a global instruction's requests are
		 * added by inst_line once counted (shape_warp_phase_greq) */
		shape_warp_phase(a[k], &c->mw[k], shape_opcode_unit(in->opcode), 1, 0, wave,
				 (bar ? SHAPE_PH_BAR : 0) | (mc == AS_GLOBAL_LD || mc == AS_GLOBAL_ST ? SHAPE_PH_GMEM : 0));
	}
	return 0;
}

static int end_warp(rd_t *r, cta_state_t *c)
{
	if (c->warp >= 0 && c->want >= 0 && (uint64_t)c->want != c->icount)
		return err_user("%s:%llu: warp %d: \"insts = %ld\" but %llu instruction lines", r->file,
				(unsigned long long)r->line, c->warp, c->want, (unsigned long long)c->icount);
	if (c->warp >= 0 && r->nw > 0)
		r->w[r->nw - 1].end = r->na;
	if (c->warp >= 0 && (double)c->icount > c->longest)
		c->longest = (double)c->icount;
	if (c->warp >= 0) {
		shape_acc_t *a[2];
		int na = shapes(r, a);
		for (int k = 0; k < na; k++)
			shape_warp_end(a[k], &c->mw[k]);
	}
	return 0;
}

static int inst_line(rd_t *r, cta_state_t *c, const char *s, size_t n)
{
	accelsim_inst_t in;
	const char *why = NULL;
	if (c->warp < 0)
		return err_user("%s:%llu: instruction line before \"warp = W\"", r->file, (unsigned long long)r->line);
	if (accelsim_parse_inst(s, n, r->version, r->lineinfo, &in, &why)) {
		return err_user("%s:%llu: %s (line starts \"%.*s\")", r->file, (unsigned long long)r->line, why,
				(int)(n > 40 ? 40 : n), s);
	}
	uint64_t idx = c->icount++;
	r->st.insts++;
	c->insts++;
	long wid = c->gcta * r->wpc + c->warp;  /* a new CTA's warps start without register history */
	int srcs[16], ns = 0;
	for (int i = 0; i < in.nsrc; i++)
		if (in.src[i] != 255)                 /* RZ is not a register */
			srcs[ns++] = in.src[i];
	int dst = in.ndst > 0 && in.dst[0] != 255 ? in.dst[0] : -1;
	int rc = profiler_regs(r->pb, c->sm, wid, dst, srcs, ns);
	if (!rc && r->kpb)
		rc = profiler_regs(r->kpb, c->sm, wid, dst, srcs, ns);
	if (rc)
		return fed(r, rc);
	if (is_tensor(in.opcode)) {
		c->tensor++;
		r->st.tensor++;
	}
	enum accelsim_mclass mc = accelsim_mclass(&in);
	if (shape_inst(r, c, &in, mc, srcs, ns))
		return oom(r);
	if (mc == AS_NONE)
		return 0;
	if (in.mask == 0) {
		r->st.zero_mask++;
		return 0;
	}
	if (mc == AS_SHARED) {
		r->st.shared_insts++;
		return 0;
	}
	if (mc == AS_OTHER_MEM) {
		r->st.other_mem_insts++;
		return 0;
	}
	uint64_t blk[2 * ACCELSIM_WARP], sec[2 * ACCELSIM_WARP];
	int nb = 0, nsec = 0;
	uint64_t w = (uint64_t)(in.width > 0 ? in.width : 4);
	for (int l = 0; l < ACCELSIM_WARP; l++) {
		if (!(in.mask >> l & 1))
			continue;
		uint64_t lo = in.addr[l], hi = in.addr[l] + w - 1;
		for (uint64_t b = lo >> r->shift; b <= hi >> r->shift && nb < 2 * ACCELSIM_WARP; b++)
			blk[nb++] = b;
		for (uint64_t q = lo >> 5; q <= hi >> 5 && nsec < 2 * ACCELSIM_WARP; q++)
			sec[nsec++] = q;
	}
	nb = uniq_u64(blk, nb);
	nsec = uniq_u64(sec, nsec);
	for (int k = 0; k < 2 && k < (r->kpb ? 2 : 1); k++)   /* the open barrier interval's requests */
		shape_warp_phase_greq(&c->mw[k], nb);
	r->st.global_insts++;
	r->st.requests += (uint64_t)nb;
	r->st.sectors += (uint64_t)nsec;
	c->mem++;
	c->sect += nsec;
	{       /* the L1 access stage's exact cycles (profile_shape.h ldst), per instruction */
		shape_acc_t *sa[2];
		int na = shapes(r, sa);
		for (int k = 0; k < na; k++)
			shape_acc_ldst(sa[k], in.mask, in.addr, (int)w);
	}
	/* header: instruction index, a global atomic (bypasses the L1), a store, the request count */
	int atomic = mc == AS_GLOBAL_ST && is_global_atomic(in.opcode);
	if (arena_push(r, idx << 9 | (uint64_t)atomic << 8 | (uint64_t)(mc == AS_GLOBAL_ST) << 7 | (uint64_t)nb))
		return oom(r);
	for (int i = 0; i < nb; i++)
		if (arena_push(r, blk[i] << r->shift))
			return oom(r);
	/* then the sectors per 128 B line (profiler_sectors): a count, and line address | mask
	 * (sec[] is sorted, so a line's sectors are consecutive) */
	int nl = 0;
	for (int i = 0; i < nsec; i++)
		nl += i == 0 || sec[i] >> 2 != sec[i - 1] >> 2;
	if (arena_push(r, (uint64_t)nl))
		return oom(r);
	for (int i = 0; i < nsec;) {
		uint64_t line = sec[i] >> 2, mask = 0;
		for (; i < nsec && sec[i] >> 2 == line; i++)
			mask |= 1u << (sec[i] & 3);
		if (arena_push(r, line << 7 | mask))
			return oom(r);
	}
	/* a load: its group in the shape (drain ages the groups in the generators' order) */
	if (mc != AS_GLOBAL_ST &&
	    arena_push(r, in.ndst > 0 && r->fresh ? shape_warp_group(&c->mw[0]) : 0))
		return oom(r);
	return 0;
}

/* "key = (x,y,z)" with 1 <= x, y, z <= lim[0..2] and x*y*z <= lim[3]: the CUDA limits, checked
 * before any arithmetic (a huge block made threads per CTA overflow and warps per CTA 0). */
static int dim3(const char *s, size_t n, long d[3], const long lim[4])
{
	char buf[128];
	if (n >= sizeof buf)
		return 0;
	memcpy(buf, s, n);
	buf[n] = '\0';
	const char *p = strchr(buf, '=');
	if (!p)
		return 0;
	p++;
	while (*p == ' ')
		p++;
	if (*p++ != '(')
		return 0;
	for (int i = 0; i < 3; i++) {
		char *end;
		errno = 0;
		if (!isdigit((unsigned char)*p))
			return 0;
		d[i] = strtol(p, &end, 10);
		if (errno || d[i] < 1 || d[i] > lim[i] || *end != (i < 2 ? ',' : ')'))
			return 0;
		p = end + 1;
	}
	while (*p == ' ')
		p++;
	return *p == '\0' && d[0] * d[1] <= lim[3] / d[2];
}

static const long block_lim[4] = { 1024, 1024, 64, 1024 };
static const long grid_lim[4] = { 2147483647L, 65535, 65535, LONG_MAX };

static int hdr_is(const char *s, size_t n, const char *key)
{
	size_t k = strlen(key);
	return n > k && memcmp(s, key, k) == 0 && (s[k] == ' ' || s[k] == '=');
}

static int hdr_int(const char *s, size_t n, long *v)
{
	const char *eq = memchr(s, '=', n);
	if (!eq)
		return 0;
	char buf[32];
	size_t m = (size_t)(s + n - eq - 1);
	if (m >= sizeof buf)
		return 0;
	memcpy(buf, eq + 1, m);
	buf[m] = '\0';
	char *end;
	errno = 0;
	*v = strtol(buf, &end, 10);
	while (*end == ' ')
		end++;
	return end != buf && *end == '\0' && !errno;
}

static int word_is(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);
	return n >= k && memcmp(s, w, k) == 0 && (n == k || is_sp(s[k]) || s[k] == '=');
}

/* One kernel trace file. */
static int read_kernel(rd_t *r, const char *path, const char *display)
{
	trace_lines_t lr;
	int rc = trace_lines_open(&lr, path, display);
	if (rc)
		return rc;
	r->file = lr.name;
	r->version = 0;
	r->lineinfo = 0;
	r->kernel_ctas = 0;
	r->wpc = 0;
	r->nregs = 0;
	r->shmem = -1;
	long grid[3] = { 0, 0, 0 }, block[3] = { 0, 0, 0 };
	int in_header = 1, in_tb = 0;
	cta_state_t c;
	memset(&c, 0, sizeof c);
	const char *s;
	size_t n;
	while ((rc = trace_lines_next(&lr, &s, &n)) == 1) {
		rc = 0;
		r->line = lr.line;
		r->st.lines++;
		if (r->o->progress && r->st.lines >= r->next_progress) {
			r->o->progress(r->o->arg, r->st.lines, 0, r->st.lines);
			r->next_progress = r->st.lines + (1u << 20);
		}
		while (n > 0 && is_sp(*s)) {
			s++;
			n--;
		}
		if (n == 0)
			continue;
		if (in_header) {
			if (*s == '-') {
				long v;
				if (hdr_is(s, n, "-grid dim")) {
					if (!dim3(s, n, grid, grid_lim)) {
						rc = err_user("%s:%llu: expected \"-grid dim = (x,y,z)\" within CUDA's limits (x < 2^31, y and z <= 65535)",
							r->file, (unsigned long long)r->line);
						break;
					}
				} else if (hdr_is(s, n, "-block dim")) {
					if (!dim3(s, n, block, block_lim)) {
						rc = err_user("%s:%llu: expected \"-block dim = (x,y,z)\" within CUDA's limits (x, y <= 1024, z <= 64, at most 1024 threads)",
							r->file, (unsigned long long)r->line);
						break;
					}
				} else if (hdr_is(s, n, "-accelsim tracer version")) {
					if (!hdr_int(s, n, &v) || v < 0 || v > 100) {
						rc = err_user("%s:%llu: expected \"-accelsim tracer version = N\"", r->file, (unsigned long long)r->line);
						break;
					}
					r->version = (int)v;
				} else if (hdr_is(s, n, "-nregs")) {       /* launch shape (issue 18) */
					if (!hdr_int(s, n, &v) || v < 0 || v > 65536) {
						rc = err_user("%s:%llu: expected \"-nregs = N\" (0..65536)", r->file, (unsigned long long)r->line);
						break;
					}
					r->nregs = v;
				} else if (hdr_is(s, n, "-shmem") && !hdr_is(s, n, "-shmem base_addr")) {
					if (!hdr_int(s, n, &v) || v < 0 || v > (1L << 30)) {
						rc = err_user("%s:%llu: expected \"-shmem = BYTES\" (0..2^30)", r->file, (unsigned long long)r->line);
						break;
					}
					r->shmem = v;
				} else if (hdr_is(s, n, "-enable lineinfo")) {
					if (!hdr_int(s, n, &v) || v < 0 || v > 1) {
						rc = err_user("%s:%llu: expected \"-enable lineinfo = 0 or 1\"", r->file, (unsigned long long)r->line);
						break;
					}
					r->lineinfo = (int)v;
				}
				continue;                     /* other keys: informational */
			}
			if (*s != '#') {
				rc = err_user("%s:%llu: expected a header line \"-key = value\" or the \"#traces format\" line",
					      r->file, (unsigned long long)r->line);
				break;
			}
			if (block[0] == 0) {
				rc = err_user("%s:%llu: no \"-block dim = (x,y,z)\" line in the header", r->file, (unsigned long long)r->line);
				break;
			}
			in_header = 0;
			long threads = block[0] * block[1] * block[2];
			r->wpc = (int)((threads + ACCELSIM_WARP - 1) / ACCELSIM_WARP);
			int by_warps = r->o->warps_per_sm / r->wpc;
			r->cta_slots = by_warps < r->o->max_ctas_per_sm ? by_warps : r->o->max_ctas_per_sm;
			if (r->cta_slots < 1)
				r->cta_slots = 1;
			r->st.trace_version = r->version;
			if (grid[0] > 0) {                   /* launch shape: waves of this run's residency */
				double per_wave = (double)r->o->n_sm * r->cta_slots;
				double ctas = (double)grid[0] * (double)grid[1] * (double)grid[2];
				double waves = ceil(ctas / per_wave);
				shape_acc_t *a[2];
				int na = shapes(r, a);
				for (int k = 0; k < na; k++)
					if (shape_acc_launch(a[k], grid, block, (int)r->nregs,
					                     r->nregs > 0 ? r->shmem : -1, waves)  /* no registers: resources unknown (gen.h) */) {
						rc = oom(r);
						break;
					}
				if (rc)
					break;
			}
			continue;
		}
		if (*s == '#') {
			if (word_is(s, n, "#BEGIN_TB")) {
				if (in_tb) {
					rc = err_user("%s:%llu: #BEGIN_TB before the previous #END_TB", r->file, (unsigned long long)r->line);
					break;
				}
				in_tb = 1;
				memset(&c, 0, sizeof c);
				c.warp = -1;
				c.want = -1;
				c.sm = (int)(r->kernel_ctas % r->o->n_sm);   /* round-robin block scheduler */
				c.slot = r->sm_slots[c.sm]++;
				c.gcta = (long)r->st.ctas;
				r->kernel_ctas++;
				r->wave_ctas++;
				r->st.ctas++;
			} else if (word_is(s, n, "#END_TB")) {
				if (!in_tb) {
					rc = err_user("%s:%llu: #END_TB without #BEGIN_TB", r->file, (unsigned long long)r->line);
					break;
				}
				if ((rc = end_warp(r, &c)))
					break;
				in_tb = 0;
				{
					shape_acc_t *sa[2];
					int nsa = shapes(r, sa);
					for (int k = 0; k < nsa; k++)    /* the CTA retires (profile_shape.h) */
						shape_acc_cta(sa[k], c.longest);
				}
				rc = profiler_insts(r->pb, c.sm, c.insts, c.mem, c.sect);
				if (!rc && c.tensor > 0)
					rc = profiler_tensor(r->pb, c.sm, c.tensor);
				if (!rc && r->kpb) {
					rc = profiler_insts(r->kpb, c.sm, c.insts, c.mem, c.sect);
					if (!rc && c.tensor > 0)
						rc = profiler_tensor(r->kpb, c.sm, c.tensor);
				}
				if (rc) {
					rc = fed(r, rc);
					break;
				}
				if (r->wave_ctas >= r->o->n_sm * r->cta_slots || r->na >= r->o->max_buffer)
					if ((rc = drain(r)))
						break;
			}
			continue;                             /* other '#' lines are comments */
		}
		if (!in_tb) {
			rc = err_user("%s:%llu: expected #BEGIN_TB", r->file, (unsigned long long)r->line);
			break;
		}
		if (word_is(s, n, "thread") || word_is(s, n, "cluster"))
			continue;                             /* "thread block = x,y,z", v5 cluster lines */
		if (word_is(s, n, "warp")) {
			long wv;
			if ((rc = end_warp(r, &c)))
				break;
			if (!hdr_int(s, n, &wv) || wv < 0 || wv >= r->wpc) {
				rc = err_user("%s:%llu: expected \"warp = W\" with W below %d warps per CTA", r->file,
					      (unsigned long long)r->line, r->wpc);
				break;
			}
			c.warp = (int)wv;
			c.want = -1;
			c.icount = 0;
			if (r->nw == r->capw) {
				size_t ncw = r->capw ? r->capw * 2 : 256;
				wwarp_t *nw = realloc(r->w, ncw * sizeof *nw);
				if (!nw) {
					rc = oom(r);
					break;
				}
				r->w = nw;
				r->capw = ncw;
			}
			wwarp_t *w = &r->w[r->nw++];
			memset(w, 0, sizeof *w);
			w->sm = c.sm;
			w->id = (long)c.slot * r->wpc + c.warp;
			w->start = w->end = r->na;
			w->seq = (long)r->nw;
			r->st.warps++;
			continue;
		}
		if (word_is(s, n, "insts")) {
			long iv;
			if (!hdr_int(s, n, &iv) || iv < 0) {
				rc = err_user("%s:%llu: expected \"insts = N\"", r->file, (unsigned long long)r->line);
				break;
			}
			c.want = iv;
			continue;
		}
		if ((rc = inst_line(r, &c, s, n)))
			break;
		if (r->nw > 0)
			r->w[r->nw - 1].end = r->na;
	}
	if (rc < 0)
		rc = EXIT_USER;   /* a read error, already reported */
	if (rc == 0 && in_header)
		rc = err_user("%s: no instruction section (no line starting with #)", r->file);
	if (rc == 0 && in_tb)
		rc = err_user("%s:%llu: the file ends inside a thread block (no #END_TB)", r->file, (unsigned long long)lr.line);
	if (rc == 0)
		rc = drain(r);
	int crc = trace_lines_close(&lr);
	return rc ? rc : crc;
}

/* ------------------------------------------------------------------ driver */

void accelsim_opts_default(accelsim_opts_t *o)
{
	memset(o, 0, sizeof *o);
	o->n_sm = 1;
	o->warps_per_sm = 64;
	o->max_ctas_per_sm = 32;
	o->block_bytes = 128;
	o->max_buffer = (size_t)1 << 22;
}

int accelsim_is_path(const char *path)
{
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return 1;
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	return strstr(b, "kernelslist") != NULL || ends_with(b, ".traceg") || ends_with(b, ".traceg.xz") ||
	       ends_with(b, ".traceg.gz");
}

static int one_kernel(rd_t *r, const char *path, const char *display, int index)
{
	r->kpb = NULL;
	int rc;
	if (r->o->kernel_begin && (rc = r->o->kernel_begin(r->o->hook_arg, index, display, &r->kpb)))
		return rc;
	rc = read_kernel(r, path, display);
	r->st.kernels++;
	profiler_sector_flush(r->pb);   /* the L1s are flushed at every kernel's end (sector_rec.h) */
	if (r->fresh)
		fresh_age_flush(r->fresh);
	if (!rc && r->o->kernel_end)
		rc = r->o->kernel_end(r->o->hook_arg, index, display, r->kpb);
	else if (rc && r->kpb)
		profiler_free(r->kpb);                   /* the hook never sees it */
	r->kpb = NULL;
	return rc;
}

int accelsim_read(const char *path, const accelsim_opts_t *oin, profiler_t *pb, accelsim_stats_t *st)
{
	accelsim_opts_t o = *oin;
	if (o.n_sm < 1)
		o.n_sm = 1;
	if (o.warps_per_sm < 1)
		o.warps_per_sm = 64;
	if (o.max_ctas_per_sm < 1)
		o.max_ctas_per_sm = 32;
	if (o.block_bytes < 1)
		o.block_bytes = 128;
	if (o.max_buffer == 0)
		o.max_buffer = (size_t)1 << 22;
	rd_t r;
	memset(&r, 0, sizeof r);
	r.o = &o;
	r.pb = pb;
	r.next_progress = 1u << 20;
	while ((1 << r.shift) < o.block_bytes)
		r.shift++;
	if (o.block_bytes == 128) {      /* the groups' freshness (fresh_age.h: 128 B lines) */
		if (!(r.fresh = fresh_age_alloc()))
			return err_internal("%s: out of memory", path);
		shape_acc_track_groups(profiler_shape(pb));
	}
	r.sm_slots = calloc((size_t)o.n_sm, sizeof *r.sm_slots);
	if (!r.sm_slots)
		return err_internal("%s: out of memory", path);
	const char *disp = o.display ? o.display : path;
	int rc = 0;
	struct stat sb;
	char list[4096];
	int is_dir = stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	if (!is_dir && strstr(base, "kernelslist") == NULL) {
		rc = one_kernel(&r, path, disp, 1);
		goto out;
	}
	if (is_dir) {
		snprintf(list, sizeof list, "%s/kernelslist.g", path);
	} else {
		snprintf(list, sizeof list, "%s", path);
	}
	char dir[4096], ldisp[4200];
	snprintf(dir, sizeof dir, "%s", list);
	char *sl = strrchr(dir, '/');
	if (sl)
		*sl = '\0';
	else
		snprintf(dir, sizeof dir, ".");
	if (is_dir)
		snprintf(ldisp, sizeof ldisp, "%s/kernelslist.g", disp);
	else
		snprintf(ldisp, sizeof ldisp, "%s", disp);
	trace_lines_t lr;
	if ((rc = trace_lines_open(&lr, list, ldisp)))
		goto out;
	const char *s;
	size_t n;
	int nk = 0;
	while ((rc = trace_lines_next(&lr, &s, &n)) == 1) {
		rc = 0;
		while (n > 0 && is_sp(s[n - 1]))
			n--;
		if (n == 0)
			continue;
		if (n >= 6 && memcmp(s, "Memcpy", 6) == 0) {   /* MemcpyHtoD,0xADDR,BYTES */
			char buf[128];
			unsigned long long a = 0, bytes = 0;
			char kind[32];
			int ok = n < sizeof buf;
			if (ok) {
				memcpy(buf, s, n);
				buf[n] = '\0';
				ok = sscanf(buf, "%31[^,],%llx,%llu", kind, &a, &bytes) == 3;
			}
			if (!ok) {
				rc = err_user("%s:%llu: expected \"MemcpyHtoD,0xADDRESS,BYTES\"", ldisp, (unsigned long long)lr.line);
				break;
			}
			r.st.memcpys++;
			r.st.memcpy_bytes += bytes;
			continue;
		}
		if (n < 6 || memcmp(s, "kernel", 6) != 0 || n > 1000) {
			rc = err_user("%s:%llu: expected a MemcpyHtoD line or a kernel trace file name, got \"%.*s\"", ldisp,
				      (unsigned long long)lr.line, (int)(n > 40 ? 40 : n), s);
			break;
		}
		char name[1024], kpath[5200], kdisp[5200];
		memcpy(name, s, n);
		name[n] = '\0';
		if (ends_with(name, ".trace") || ends_with(name, ".trace.xz")) {
			rc = err_user("%s:%llu: %s is a raw tracer file: run Accel-Sim's post-traces-processing to get .traceg files",
				      ldisp, (unsigned long long)lr.line, name);
			break;
		}
		snprintf(kpath, sizeof kpath, "%s/%s", dir, name);
		const char *dsl = strrchr(ldisp, '/');
		if (dsl)
			snprintf(kdisp, sizeof kdisp, "%.*s/%s", (int)(dsl - ldisp), ldisp, name);
		else
			snprintf(kdisp, sizeof kdisp, "%s", name);
		if ((rc = one_kernel(&r, kpath, kdisp, ++nk)))
			break;
	}
	if (rc < 0)
		rc = EXIT_USER;   /* a read error, already reported */
	if (rc == 0 && nk == 0)
		rc = err_user("%s: no kernel trace files listed", ldisp);
	trace_lines_close(&lr);
out:
	if (st)
		*st = r.st;
	free(r.sm_slots);
	free(r.arena);
	free(r.w);
	fresh_age_free(r.fresh);
	return rc;
}
