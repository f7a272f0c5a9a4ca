/* gpgpusim_config.c -- GPGPU-Sim option files to a GPU preset; see gpgpusim_config.h. */
#include "presets/gpgpusim_config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "presets/gpu_json.h"
#include "ldst.h"
#include "llc_write.h"

/* Cycles between dependent instructions beyond the unit latency in GPGPU-Sim's pipeline
 * (calibration/accelsim/microbench/README.md: measured, Accel-Sim 73f9fac on SM7_QV100). */
#define GPGPUSIM_DEP_PIPE 5.0

/* ---------------------------------------------------------------- reading */

static gsopt_t *find(gsconf_t *c, const char *name)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->o[i].name, name) == 0)
			return &c->o[i];
	return NULL;
}

int gsconf_set(gsconf_t *c, const char *name, const char *value, const char *file, int line)
{
	gsopt_t *o = find(c, name);
	if (!o) {
		if (c->n == c->cap) {
			size_t nc = c->cap ? 2 * c->cap : 256;
			gsopt_t *no = realloc(c->o, nc * sizeof *no);
			if (!no)
				return -1;
			c->o = no;
			c->cap = nc;
		}
		o = &c->o[c->n++];
		memset(o, 0, sizeof *o);
		o->name = strdup(name);
		if (!o->name) {
			c->n--;
			return -1;
		}
	}
	char *v = strdup(value);
	if (!v)
		return -1;
	free(o->value);
	o->value = v;
	o->file = file;
	o->line = line;
	return 0;
}

static char *trim(char *s)
{
	while (*s && isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

int gsconf_read(gsconf_t *c, const char *path, const char *name)
{
	if (c->nfiles >= (int)(sizeof c->files / sizeof c->files[0]))
		return err_user("%s: too many configuration files (at most 8)", name ? name : path);
	FILE *f = fopen(path, "r");
	if (!f)
		return err_user("%s: %s", name ? name : path, strerror(errno));
	char *disp = strdup(name ? name : path);
	if (!disp) {
		fclose(f);
		return err_internal("%s: out of memory", path);
	}
	c->files[c->nfiles++] = disp;
	char buf[8192], pending_name[128] = "", pending[8192] = "";
	int lineno = 0, pending_line = 0, in_quote = 0, rc = 0;
	while (fgets(buf, sizeof buf, f)) {
		lineno++;
		size_t bl = strlen(buf);
		if (bl == sizeof buf - 1 && buf[bl - 1] != '\n') {
			rc = err_user("%s:%d: line longer than %zu characters", disp, lineno, sizeof buf - 2);
			break;
		}
		if (in_quote) {                        /* a quoted value continued */
			char *q = strchr(buf, '"');
			if (q)
				*q = '\0';
			size_t pl = strlen(pending);
			snprintf(pending + pl, sizeof pending - pl, " %s", trim(buf));
			if (!q)
				continue;
			in_quote = 0;
			if (gsconf_set(c, pending_name, trim(pending), disp, pending_line)) {
				rc = err_internal("%s: out of memory", disp);
				break;
			}
			continue;
		}
		char *s = trim(buf);
		if (s[0] != '-' || !(islower((unsigned char)s[1]) || isupper((unsigned char)s[1])))
			continue;                          /* comments, blank lines, a log's other output */
		char *e = s + 1;
		while (*e && !isspace((unsigned char)*e))
			e++;
		size_t nl = (size_t)(e - s - 1);
		if (nl >= sizeof pending_name)
			continue;
		char nm[128];
		memcpy(nm, s + 1, nl);
		nm[nl] = '\0';
		int ok = 1;                            /* an option name: letters, digits, _ : */
		for (char *p = nm; *p; p++)
			if (!(isalnum((unsigned char)*p) || *p == '_' || *p == ':'))
				ok = 0;
		if (!ok)
			continue;
		char *v = e;
		while (*v && isspace((unsigned char)*v))
			v++;
		if (*v == '"') {
			char *q = strchr(v + 1, '"');
			if (!q) {                          /* spans lines */
				snprintf(pending_name, sizeof pending_name, "%s", nm);
				snprintf(pending, sizeof pending, "%s", trim(v + 1));
				pending_line = lineno;
				in_quote = 1;
				continue;
			}
			*q = '\0';
			v++;
		} else {
			char *h = strchr(v, '#');          /* comment */
			if (h)
				*h = '\0';
		}
		if (gsconf_set(c, nm, trim(v), disp, lineno)) {
			rc = err_internal("%s: out of memory", disp);
			break;
		}
	}
	if (!rc && in_quote)
		rc = err_user("%s:%d: -%s: the quoted value never ends", disp, pending_line, pending_name);
	if (!rc && ferror(f))
		rc = err_user("%s: read error", disp);
	fclose(f);
	return rc;
}

int gsconf_name(gsconf_t *c, const char *name)
{
	if (c->nfiles >= (int)(sizeof c->files / sizeof c->files[0]))
		return -1;
	char *d = strdup(name);
	if (!d)
		return -1;
	c->files[c->nfiles++] = d;
	return 0;
}

const char *gsconf_get(gsconf_t *c, const char *name)
{
	gsopt_t *o = find(c, name);
	if (!o)
		return NULL;
	o->used = 1;
	return o->value;
}

void gsconf_free(gsconf_t *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->o[i].name);
		free(c->o[i].value);
	}
	free(c->o);
	for (int i = 0; i < c->nfiles; i++)
		free(c->files[i]);
	memset(c, 0, sizeof *c);
}

/* ---------------------------------------------------------------- cache strings */

/* One field of a cache string: a decimal number >= lo, then the separator sep (0: any).
 * Refuses an overflow (ERANGE) rather than reading a wrong number. */
static int cache_num(const char **pp, long lo, char sep, long *v)
{
	const char *p = *pp;
	if (!isdigit((unsigned char)*p) && *p != '-')
		return -1;
	char *end;
	errno = 0;
	long x = strtol(p, &end, 10);
	if (end == p || errno == ERANGE || x < lo || (sep && *end != sep))
		return -1;
	*v = x;
	*pp = sep ? end + 1 : end;
	return 0;
}

int gscache_parse(const char *s, gscache_t *out)
{
	gscache_t c;
	memset(&c, 0, sizeof c);
	c.type = 'N';
	c.rep = c.write = c.alloc = c.write_alloc = c.set_index = '?';
	const char *p = s;
	if (isalpha((unsigned char)p[0]) && p[1] == ':') {
		c.type = p[0];
		p += 2;
	}
	if (cache_num(&p, 1, ':', &c.sets) || cache_num(&p, 1, ':', &c.line) || cache_num(&p, 1, 0, &c.ways))
		return -1;
	if (*p == ',') {                         /* rep:write:alloc:write_alloc[:set_index] */
		p++;
		char f[5] = { '?', '?', '?', '?', '?' };
		int i = 0;
		while (i < 5 && isalpha((unsigned char)*p)) {
			f[i++] = *p++;
			if (*p == ':')
				p++;
		}
		if (i < 4)
			return -1;
		c.rep = f[0];
		c.write = f[1];
		c.alloc = f[2];
		c.write_alloc = f[3];
		c.set_index = f[4];
		if (*p == ',' && p[1] && p[2] == ':') {   /* mshr_type:entries:merge */
			p += 3;
			long e, mg;
			if (cache_num(&p, 0, ':', &e) || cache_num(&p, 0, 0, &mg))
				return -1;
			c.mshr_entries = e;
			c.mshr_merge = mg;
			if (*p == ',') {                     /* miss_queue:fifo */
				p++;
				long q, fi;
				if (cache_num(&p, 0, ':', &q) || cache_num(&p, 0, 0, &fi))
					return -1;
				c.miss_queue = q;
				c.fifo = fi;
				if (*p == ',') {                 /* data port width */
					p++;
					long dp;
					if (cache_num(&p, 0, 0, &dp))
						return -1;
					c.data_port = dp;
				}
			}
		}
	}
	*out = c;
	return 0;
}

static const char *rep_name(char r)
{
	return r == 'L' ? "LRU" : r == 'F' ? "FIFO" : r == 'R' ? "random" : "unknown";
}

static const char *write_name(char w)
{
	switch (w) {
	case 'R': return "read-only";
	case 'B': return "write-back";
	case 'T': return "write-through";
	case 'E': return "write-evict";
	case 'L': return "write-back local, write-through global";
	default: return "unknown";
	}
}

static const char *alloc_name(char a)
{
	return a == 'm' ? "allocate on miss" : a == 'f' ? "allocate on fill" : a == 's' ? "streaming" : "unknown";
}

static const char *walloc_name(char a)
{
	switch (a) {
	case 'N': return "no write allocate";
	case 'W': return "write allocate";
	case 'F': return "fetch on write";
	case 'L': return "lazy fetch on read";
	default: return "unknown";
	}
}

static const char *index_name(char i)
{
	switch (i) {
	case 'L': return "linear";
	case 'H': return "Fermi hash";
	case 'P': return "IPOLY hash";
	case 'X': return "bitwise XOR";
	case '?': return "linear (not given)";
	default: return "custom";
	}
}

/* ---------------------------------------------------------------- mapping */

typedef struct mapper {
	gsconf_t *c;
	gpu_t *g;
	FILE *rep;
	unsigned char *mapped;    /* per gpu_fields index */
	char (*why)[200];         /* per gpu_fields index: where it came from */
	char extra[16][1024];     /* read, no preset field */
	int nextra, nlost;        /* lines kept; lines beyond the 16 (reported as lost) */
} mapper_t;

static const gsopt_t *opt(mapper_t *m, const char *name)
{
	return gsconf_get(m->c, name) ? find(m->c, name) : NULL;
}

static int bad(const gsopt_t *o, const char *what)
{
	return err_user("%s:%d: -%s: %s, got \"%s\"", o->file, o->line, o->name, what, o->value);
}

static int num(mapper_t *m, const char *name, double *v, int *have)
{
	const gsopt_t *o = opt(m, name);
	*have = 0;
	if (!o)
		return 0;
	char *end;
	errno = 0;
	double x = strtod(o->value, &end);
	while (*end && isspace((unsigned char)*end))
		end++;
	if (end == o->value || *end || errno || !isfinite(x))
		return bad(o, "expected a number");
	*v = x;
	*have = 1;
	return 0;
}

/* Set preset field `key` (range-checked), recording where it came from. */
static int put(mapper_t *m, const char *key, double v, const gsopt_t *o, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static int put(mapper_t *m, const char *key, double v, const gsopt_t *o, const char *fmt, ...)
{
	const gpu_field_t *f = gpu_field_find(key);
	if (!f)
		return err_internal("preset import: no preset field %s", key);
	if (!(v >= f->lo && v <= f->hi)) {
		if (o)
			return err_user("%s:%d: -%s: gives %s = %g, outside the preset's range [%g, %g]", o->file, o->line,
			                o->name, key, v, f->lo, f->hi);
		return err_user("preset import: %s = %g, outside the preset's range [%g, %g]", key, v, f->lo, f->hi);
	}
	char *base = (char *)m->g + f->offset;
	if (f->type == GF_INT) {
		if (v != floor(v))
			return o ? bad(o, "expected a whole number") : err_user("preset import: %s = %g is not whole", key, v);
		*(int *)base = (int)v;
	} else {
		*(double *)base = v;
	}
	size_t i = (size_t)(f - gpu_fields);
	m->mapped[i] = 1;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(m->why[i], sizeof m->why[i], fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof m->why[i])   /* a cut reason says so */
		memcpy(m->why[i] + sizeof m->why[i] - 5, " ...", 5);
	return 0;
}

static void extra(mapper_t *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void extra(mapper_t *m, const char *fmt, ...)
{
	if (m->nextra >= (int)(sizeof m->extra / sizeof m->extra[0])) {
		m->nlost++;
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	char *e = m->extra[m->nextra++];
	int n = vsnprintf(e, sizeof m->extra[0], fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof m->extra[0])   /* a cut line says so */
		memcpy(e + sizeof m->extra[0] - 5, " ...", 5);
}

/* "a:b:c:d" -> up to n doubles; returns how many were read. */
static int split_nums(const char *s, double *v, int n)
{
	int k = 0;
	const char *p = s;
	while (k < n && *p) {
		char *end;
		double x = strtod(p, &end);
		if (end == p)
			break;
		v[k++] = x;
		p = end;
		while (*p == ':' || *p == ',' || isspace((unsigned char)*p))
			p++;
	}
	return k;
}

/* tRCD and CL from -gpgpu_dram_timing_opt, in either of GPGPU-Sim's forms (gpu-sim.h
 * memory_config::init): named "nbk=16:CCD=1:RRD=3:RCD=12:...:CL=12:..." (delimiters "=:;" and
 * blanks, any order) or the legacy ordered "nbk:tCCD:tRRD:tRCD:tRAS:tRP:tRC:CL:..." */
static int dram_timing(const gsopt_t *o, double *rcd, double *cl, int *have)
{
	const char *s = o->value;
	int have_rcd = 0, have_cl = 0;
	*have = 0;
	if (!strchr(s, '=')) {
		double v[8];
		if (split_nums(s, v, 8) != 8)
			return bad(o, "expected at least 8 ordered timings nbk:tCCD:tRRD:tRCD:tRAS:tRP:tRC:CL");
		*rcd = v[3];
		*cl = v[7];
		have_rcd = have_cl = 1;
	} else {
		const char *p = s;
		while (*p) {
			while (*p == ':' || *p == ';' || isspace((unsigned char)*p))
				p++;
			if (!*p)
				break;
			const char *k = p;
			while (*p && *p != '=' && *p != ':' && *p != ';' && !isspace((unsigned char)*p))
				p++;
			size_t kl = (size_t)(p - k);
			if (*p != '=')
				return bad(o, "expected name=value pairs separated by ':'");
			p++;
			char *end;
			errno = 0;
			double x = strtod(p, &end);
			if (end == p || errno || !isfinite(x) || x < 0)
				return bad(o, "expected a non-negative number after '='");
			p = end;
			if (kl == 3 && strncmp(k, "RCD", 3) == 0)
				*rcd = x, have_rcd = 1;
			else if (kl == 2 && strncmp(k, "CL", 2) == 0)
				*cl = x, have_cl = 1;
		}
	}
	if (have_rcd && have_cl && !(*rcd >= 0 && *cl >= 0))
		return bad(o, "expected non-negative tRCD and CL");
	*have = have_rcd && have_cl;
	return 0;
}

static int map_all(mapper_t *m)
{
	int rc, h1, h2;
	double a, b;
	/* ---- cores */
	if ((rc = num(m, "gpgpu_n_clusters", &a, &h1)) || (rc = num(m, "gpgpu_n_cores_per_cluster", &b, &h2)))
		return rc;
	if (h1)
		if ((rc = put(m, "n_sm", a * (h2 ? b : 1), opt(m, "gpgpu_n_clusters"),
		              "gpgpu_n_clusters %g x gpgpu_n_cores_per_cluster %g", a, h2 ? b : 1)))
			return rc;
	if ((rc = num(m, "gpgpu_ptx_force_max_capability", &a, &h1)))
		return rc;
	if (h1 && (rc = put(m, "sm_version", a, opt(m, "gpgpu_ptx_force_max_capability"),
	                    "gpgpu_ptx_force_max_capability %g", a)))
		return rc;
	double clk[4] = { 0, 0, 0, 0 };
	const gsopt_t *co = opt(m, "gpgpu_clock_domains");
	if (co) {
		if (split_nums(co->value, clk, 4) != 4 || clk[0] <= 0 || clk[1] <= 0 || clk[2] <= 0 || clk[3] <= 0)
			return bad(co, "expected <core>:<icnt>:<l2>:<dram> MHz");
		if ((rc = put(m, "core_mhz", clk[0], co, "gpgpu_clock_domains core %g MHz", clk[0])) ||
		    (rc = put(m, "noc_mhz", clk[1], co, "gpgpu_clock_domains interconnect %g MHz", clk[1])))
			return rc;
		extra(m, "L2 clock %g MHz (gpgpu_clock_domains): the preset counts LLC latency and bandwidth in core cycles (converted)", clk[2]);
	}
	double core = clk[0] > 0 ? clk[0] : m->g->core_mhz, l2clk = clk[2] > 0 ? clk[2] : core;
	const gsopt_t *pp = opt(m, "gpgpu_shader_core_pipeline");
	if (pp) {
		double v[2];
		if (split_nums(pp->value, v, 2) != 2 || v[0] < 1 || v[1] < 1)
			return bad(pp, "expected <threads per SM>:<warp size>");
		if ((rc = put(m, "warps_per_sm", floor(v[0] / v[1]), pp, "gpgpu_shader_core_pipeline %g threads / %g", v[0], v[1])))
			return rc;
	}
	const gsopt_t *cta = opt(m, "gpgpu_shader_cta");
	if (cta)
		extra(m, "resident CTAs per SM %s (gpgpu_shader_cta): no preset field (gpudse trace and the Accel-Sim reader use 16 on presets with >= 64 KiB L1 + shared memory, else 8)", cta->value);
	double sched = 0;
	if ((rc = num(m, "gpgpu_num_sched_per_core", &sched, &h1)))
		return rc;
	if (h1 && (rc = put(m, "subcores", sched, opt(m, "gpgpu_num_sched_per_core"), "gpgpu_num_sched_per_core")))
		return rc;
	if ((rc = num(m, "gpgpu_max_insn_issue_per_warp", &a, &h2)))
		return rc;
	if (h2 && (rc = put(m, "issue_per_subcore", a, opt(m, "gpgpu_max_insn_issue_per_warp"),
	                    "gpgpu_max_insn_issue_per_warp (one warp per scheduler per cycle)")))
		return rc;
	/* execution units (models/execunit.h): accel-sim trace.config
	 * -trace_opcode_latency_initiation_<unit> <latency>,<initiation>; the initiation interval
	 * is the core cycles between warp instructions on one sub-core's unit */
	static const struct { const char *opt, *key, *lat; } eu[] = {
		{ "trace_opcode_latency_initiation_sp", "ii_fp32", "lat_fp32" },
		{ "trace_opcode_latency_initiation_dp", "ii_fp64", "lat_fp64" },
		{ "trace_opcode_latency_initiation_int", "ii_int", "lat_int" },
		{ "trace_opcode_latency_initiation_sfu", "ii_sfu", "lat_sfu" },
		{ "trace_opcode_latency_initiation_tensor", "ii_tensor", "lat_tensor" },
	};
	int any_lat = 0;
	for (size_t i = 0; i < sizeof eu / sizeof eu[0]; i++) {
		const gsopt_t *o = opt(m, eu[i].opt);
		if (!o)
			continue;
		double v[2];
		if (split_nums(o->value, v, 2) != 2 || v[1] < 1)
			return bad(o, "expected <latency>,<initiation interval>");
		if ((rc = put(m, eu[i].key, v[1], o, "%s initiation interval %g cycles", eu[i].opt, v[1])))
			return rc;
		if ((rc = put(m, eu[i].lat, v[0], o, "%s latency %g cycles", eu[i].opt, v[0])))
			return rc;
		any_lat = 1;
	}
	/* GPGPU-Sim's pipeline between dependent instructions beyond the unit's latency: measured
	 * with Accel-Sim on SM7_QV100 (calibration/accelsim/microbench: a dependent chain issues
	 * every lat + 5 cycles for int/sp latency 2 and sfu latency 20; one warp, 1000 instructions) */
	if (any_lat && (rc = put(m, "dep_pipe", GPGPUSIM_DEP_PIPE, NULL,
	                         "GPGPU-Sim pipeline, measured (calibration/accelsim/microbench)")))
		return rc;
	if ((rc = num(m, "gpgpu_shader_registers", &a, &h1)))
		return rc;
	if (h1 && (rc = put(m, "rf_kib", a * 4 / 1024, opt(m, "gpgpu_shader_registers"),
	                    "gpgpu_shader_registers %g x 4 B", a)))
		return rc;
	if (sched > 0) {
		if ((rc = num(m, "gpgpu_num_reg_banks", &a, &h1)))
			return rc;
		if (h1 && (rc = put(m, "rf_banks_per_subcore", floor(a / sched), opt(m, "gpgpu_num_reg_banks"),
		                    "gpgpu_num_reg_banks %g / %g schedulers", a, sched)))
			return rc;
		if ((rc = num(m, "gpgpu_operand_collector_num_units_gen", &a, &h1)))
			return rc;
		if (h1 && a >= sched && (rc = put(m, "ocu_per_subcore", floor(a / sched), opt(m, "gpgpu_operand_collector_num_units_gen"),
		                    "gpgpu_operand_collector_num_units_gen %g / %g schedulers", a, sched)))
			return rc;
	}
	/* ---- L1 */
	const gsopt_t *l1o = opt(m, "gpgpu_cache:dl1");
	if (l1o) {
		gscache_t l1;
		if (gscache_parse(l1o->value, &l1))
			return bad(l1o, "expected a cache configuration [type:]sets:line:ways,rep:write:alloc:write_alloc[:index],...");
		double adaptive = 0, unified = 0, shmem = 0;
		int ha, hu, hs;
		if ((rc = num(m, "gpgpu_adaptive_cache_config", &adaptive, &ha)) ||
		    (rc = num(m, "gpgpu_unified_l1d_size", &unified, &hu)) || (rc = num(m, "gpgpu_shmem_size", &shmem, &hs)))
			return rc;
		double kib = (double)(l1.sets * l1.line * l1.ways) / 1024, ways = (double)l1.ways;
		if (ha && adaptive != 0 && hu && unified > 0) {
			/* gpgpu-sim shader.cc max_cta: assoc = max_assoc x (1 - carve-out / unified) */
			ways = floor(unified * 1024 / (double)(l1.sets * l1.line));
			kib = unified;
			if ((rc = put(m, "l1_kib", kib, l1o, "gpgpu_unified_l1d_size %g KiB (adaptive carve-out, no shared memory)", unified)))
				return rc;
		} else if ((rc = put(m, "l1_kib", kib, l1o, "gpgpu_cache:dl1 %ld sets x %ld B x %ld ways", l1.sets, l1.line, l1.ways))) {
			return rc;
		}
		double l1sh = hu && unified > 0 ? unified : kib + (hs ? shmem / 1024 : 0);
		if ((rc = put(m, "l1_shmem_kib", l1sh < kib ? kib : l1sh, hu ? opt(m, "gpgpu_unified_l1d_size") : l1o,
		              hu ? "gpgpu_unified_l1d_size" : "L1 + gpgpu_shmem_size")) ||
		    (rc = put(m, "l1_assoc", ways, l1o, "gpgpu_cache:dl1 ways%s", ha && adaptive != 0 ? " (scaled to the unified size)" : "")) ||
		    (rc = put(m, "line_bytes", (double)l1.line, l1o, "gpgpu_cache:dl1 line")) ||
		    (rc = put(m, "l1_write_evict", l1.write == 'E', l1o, "gpgpu_cache:dl1 write policy '%c' (%s)", l1.write, write_name(l1.write))) ||
		    /* 'L' (LOCAL_WB_GLOBAL_WT) writes global stores through: the model's stores are global */
		    (rc = put(m, "l1_write_through", l1.write == 'T' || l1.write == 'L', l1o, "gpgpu_cache:dl1 write policy '%c' (%s)", l1.write, write_name(l1.write))))
			return rc;
		/* allocation (models/gpu.c ALLOCATE ON FILL): gpgpu-sim gpu-cache.h:627-638 takes 'm'
		 * ON_MISS, 'f' ON_FILL, 's' streaming, which gpu-cache.h:660-661 makes ON_FILL; only
		 * -gpgpu_adaptive_cache_config 1 changes it, per kernel (shader.cc:3561,3588-3600:
		 * ON_MISS for a kernel without shared memory, ON_FILL otherwise), not a preset field */
		if (l1.alloc != '?' && l1.alloc != 'm' && l1.alloc != 'f' && l1.alloc != 's')
			return bad(l1o, "expected the allocation policy (the third letter of rep:write:alloc) m, f or s");
		int fill_per_kernel = l1.alloc == 's' && ha && adaptive != 0;
		if (l1.alloc != '?' && !fill_per_kernel &&
		    (rc = put(m, "l1_alloc_fill", l1.alloc != 'm', l1o, "gpgpu_cache:dl1 allocation '%c' (%s%s)", l1.alloc,
		              alloc_name(l1.alloc), l1.alloc == 's' ? ": allocate on fill, no adaptive carve-out" : "")))
			return rc;
		if (fill_per_kernel)
			extra(m, "L1 allocation 's' (streaming) with gpgpu_adaptive_cache_config 1: allocate on fill for a kernel with "
			         "shared memory, on miss for one without (gpgpu-sim shader.cc max_cta), not a preset field (l1_alloc_fill kept)");
		if (l1.type == 'S' && ((rc = put(m, "sector_bytes", (double)l1.line / 4, l1o, "sectored cache: 4 sectors per line")) ||
		                       (rc = put(m, "l1_sectored", 1, l1o, "sectored cache (S:): hit rates from the sector record"))))
			return rc;
		if (l1.mshr_entries > 0 &&
		    (rc = put(m, "l1_mshr", (double)l1.mshr_entries, l1o, "gpgpu_cache:dl1 MSHR entries")))
			return rc;
		extra(m, "L1 (gpgpu_cache:dl1 %s): replacement %s, %s, %s, %s, set index %s, %ld MSHRs merging %ld",
		      l1o->value, rep_name(l1.rep), write_name(l1.write), alloc_name(l1.alloc), walloc_name(l1.write_alloc),
		      index_name(l1.set_index), l1.mshr_entries, l1.mshr_merge);
		/* 'L' also evicts: a global store that hits invalidates its sectors (gpgpu-sim
		 * gpu-cache.cc:1501-1511, wr_hit_global_we_local_wb -> wr_hit_we, gpu-cache.cc:1494-1495) */
		if (l1.write == 'L')
			extra(m, "L1 write policy 'L': a global store that hits also invalidates its sectors (write-evict, gpgpu-sim "
			         "wr_hit_global_we_local_wb); not mapped to l1_write_evict, whose records are line-level (sd_we) "
			         "while a sectored L1's hit rate comes from the write-allocate sector record");
		if (hs)
			extra(m, "shared memory %g KiB per SM (gpgpu_shmem_size)%s", shmem / 1024,
			      ha && adaptive != 0 ? ", carved out of the unified L1 per kernel" : "");
	}
	if ((rc = num(m, "gpgpu_l1_latency", &a, &h1)))
		return rc;
	if (h1 && (rc = put(m, "l1_lat", a, opt(m, "gpgpu_l1_latency"), "gpgpu_l1_latency")))
		return rc;
	/* L1 banks of the load/store unit's access stage (models/ldst.h): GPGPU-Sim's set_bank is
	 * (addr / interleave) mod banks under hash function 0 (linear); the model takes one sector
	 * per bank, so only that case maps (option defaults: interleave 32 B, hash 0) */
	double banks = 0, ilv = 32, hash = 0;
	int hbk, hil, hhs;
	if ((rc = num(m, "gpgpu_l1_banks", &banks, &hbk)) || (rc = num(m, "gpgpu_l1_banks_byte_interleaving", &ilv, &hil)) ||
	    (rc = num(m, "gpgpu_l1_banks_hashing_function", &hash, &hhs)))
		return rc;
	if (!hil)
		ilv = 32;
	if (!hhs)
		hash = 0;
	if (hbk) {
		int pos = m->g->sector_bytes > 0 ? m->g->line_bytes / m->g->sector_bytes : 0;
		if (banks == floor(banks) && banks >= 1 && banks <= LDST_MAX_BANKS && ilv == m->g->sector_bytes &&
		    hash == 0 && m->g->line_bytes % m->g->sector_bytes == 0 && ldst_shape_ok((int)banks, pos)) {
			if ((rc = put(m, "l1_banks", banks, opt(m, "gpgpu_l1_banks"),
			              "gpgpu_l1_banks, %g B interleave (one sector), linear bank hash", ilv)))
				return rc;
		} else {
			extra(m, "L1 banks %g (gpgpu_l1_banks, %g B interleave, hash %g): outside the access-stage model's "
			      "range (models/ldst.h: one %d B sector per bank, linear hash, <= %d banks), l1_banks not set",
			      banks, ilv, hash, m->g->sector_bytes, LDST_MAX_BANKS);
		}
	}
	/* ---- memory partitions, L2, DRAM */
	double nmem = 0, nsub = 1, per = 1;
	int hm, hsub, hper;
	if ((rc = num(m, "gpgpu_n_mem", &nmem, &hm)) || (rc = num(m, "gpgpu_n_sub_partition_per_mchannel", &nsub, &hsub)) ||
	    (rc = num(m, "gpgpu_n_mem_per_ctrlr", &per, &hper)))
		return rc;
	if (!hsub)
		nsub = 1;
	if (!hper)
		per = 1;
	if (hm) {
		const gsopt_t *mo = opt(m, "gpgpu_n_mem");
		if ((rc = put(m, "llc_partitions", nmem, mo, "gpgpu_n_mem")) ||
		    (rc = put(m, "llc_slices", nmem * nsub, mo, "gpgpu_n_mem %g x gpgpu_n_sub_partition_per_mchannel %g", nmem, nsub)) ||
		    (rc = put(m, "dram_channels", nmem * per, mo, "gpgpu_n_mem %g x gpgpu_n_mem_per_ctrlr %g", nmem, per)))
			return rc;
	}
	const gsopt_t *l2o = opt(m, "gpgpu_cache:dl2");
	if (l2o && hm) {
		gscache_t l2;
		if (gscache_parse(l2o->value, &l2))
			return bad(l2o, "expected a cache configuration [type:]sets:line:ways,rep:write:alloc:write_alloc[:index],...");
		double kib = (double)(l2.sets * l2.line * l2.ways) * nmem * nsub / 1024;
		if ((rc = put(m, "llc_kib", kib, l2o, "gpgpu_cache:dl2 %ld sets x %ld B x %ld ways per sub-partition x %g",
		              l2.sets, l2.line, l2.ways, nmem * nsub)) ||
		    (rc = put(m, "llc_assoc", (double)l2.ways, l2o, "gpgpu_cache:dl2 ways")) ||
		    (rc = put(m, "llc_inclusion", GPU_INCL_NONINCLUSIVE, l2o,
		              "gpgpu_cache:dl2: GPGPU-Sim's L2 never back-invalidates the L1s (non-inclusive)")) ||
		    (rc = put(m, "llc_write_through", l2.write == 'T', l2o, "gpgpu_cache:dl2 write policy '%c' (%s)", l2.write,
		              write_name(l2.write))))
			return rc;
		if (l2.type == 'S' && (rc = put(m, "llc_sectored", 1, l2o, "sectored cache (S:): hit rates from the sector record")))
			return rc;
		/* the write-allocate policy of a write-back L2 (models/llc_write.h): 'N' leaves the model's
		 * none; 'F' and 'W' (fetch on write, naive write-allocate, whose extra write-through of
		 * the miss is not modelled) fetch; 'L' allocates without reading */
		int wa = l2.write_alloc == 'L' ? LLCW_LAZY : l2.write_alloc == 'F' || l2.write_alloc == 'W' ? LLCW_FETCH : LLCW_NONE;
		if (l2.write != 'T' && wa != LLCW_NONE &&
		    (rc = put(m, "llc_write_alloc", wa, l2o, "gpgpu_cache:dl2 write-allocate policy '%c' (%s): DRAM writes are the dirty evictions",
		              l2.write_alloc, walloc_name(l2.write_alloc))))
			return rc;
		if (l2.data_port > 0 && (rc = put(m, "llc_bytes_per_cycle_slice", (double)l2.data_port * l2clk / core, l2o,
		                                  "gpgpu_cache:dl2 data port %ld B per L2 cycle x %g/%g MHz", l2.data_port, l2clk, core)))
			return rc;
		/* LLC MSHRS (models/llc_mshr.h): entries per sub-partition and requests per entry */
		if (l2.mshr_entries > 0 &&
		    ((rc = put(m, "llc_mshr", (double)l2.mshr_entries, l2o, "gpgpu_cache:dl2 MSHR entries per sub-partition")) ||
		     (l2.mshr_merge > 0 &&
		      (rc = put(m, "llc_mshr_merge", (double)l2.mshr_merge, l2o, "gpgpu_cache:dl2 MSHR merge limit (requests per entry)")))))
			return rc;
		extra(m, "L2 (gpgpu_cache:dl2 %s): replacement %s, %s, %s, %s, set index %s, %ld MSHRs merging %ld; line %ld B",
		      l2o->value, rep_name(l2.rep), write_name(l2.write), alloc_name(l2.alloc), walloc_name(l2.write_alloc),
		      index_name(l2.set_index), l2.mshr_entries, l2.mshr_merge, l2.line);
	}
	if ((rc = num(m, "gpgpu_l2_rop_latency", &a, &h1)))
		return rc;
	if (h1 && (rc = put(m, "llc_lat", a * core / l2clk, opt(m, "gpgpu_l2_rop_latency"),
	                    "gpgpu_l2_rop_latency %g L2 cycles (the interconnect's latency is simulated, not included)", a)))
		return rc;
	/* DRAM READ LATENCY: the unloaded time a read spends beyond the L2, in core cycles.
	 * GPGPU-Sim (l2cache.cc memory_partition_unit::dram_cycle) holds each request dram_latency
	 * cycles of gpu_sim_cycle (the core clock) in its latency queue, then the DRAM model
	 * (dram.cc) serves it in DRAM cycles: on an idle bank ACT, tRCD, RD, then CL until the
	 * data leave the read queue, one atom (BL x bus width, a 32 B sector on the tested
	 * configurations) per BL / data_command_freq_ratio cycles:
	 *     dram_lat = dram_latency + (tRCD + CL + BL / ratio) x core_mhz / dram_mhz
	 * Assumption: the bank is idle (precharged).  A read that finds its row open saves tRCD;
	 * one that finds another row open waits tRP (and the row's tRAS) more; the profile carries
	 * no row-buffer record, so the unloaded figure is the idle bank's.  Its agreement with
	 * Accel-Sim: calibration/accelsim/microbench/README.md, "The DRAM read latency". */
	if ((rc = num(m, "dram_latency", &a, &h1)))
		return rc;
	double bw = 0, ratio = 2, burst = 4;
	int hb, hr, hbl;
	if ((rc = num(m, "gpgpu_dram_buswidth", &bw, &hb)) || (rc = num(m, "dram_data_command_freq_ratio", &ratio, &hr)) ||
	    (rc = num(m, "gpgpu_dram_burst_length", &burst, &hbl)))
		return rc;
	if (!hr)
		ratio = 2;   /* GPGPU-Sim's defaults (gpu-sim.cc option_parser_register) */
	if (!hbl)
		burst = 4;
	if (!(ratio > 0) || !(burst > 0))
		return bad(!(ratio > 0) ? opt(m, "dram_data_command_freq_ratio") : opt(m, "gpgpu_dram_burst_length"),
		           "expected a positive number");
	const gsopt_t *to = opt(m, "gpgpu_dram_timing_opt");
	double rcd = 0, cl = 0;
	int ht = 0;
	if (to && (rc = dram_timing(to, &rcd, &cl, &ht)))
		return rc;
	if (to && !ht)
		extra(m, "DRAM timing (gpgpu_dram_timing_opt %s): no RCD= or CL=, not added to dram_lat", to->value);
	else if (to && !(clk[3] > 0)) {
		extra(m, "DRAM timing (gpgpu_dram_timing_opt %s): no DRAM clock (gpgpu_clock_domains), not added to dram_lat",
		      to->value);
		ht = 0;
	}
	if (h1) {
		double tim = ht ? (rcd + cl + burst / ratio) * core / clk[3] : 0.0; /* DRAM READ LATENCY */
		if (ht)
			rc = put(m, "dram_lat", a + tim, opt(m, "dram_latency"),
			         "dram_latency %g core cycles + (tRCD %g + CL %g + BL %g / %g) DRAM cycles x %g/%g MHz (idle bank)",
			         a, rcd, cl, burst, ratio, core, clk[3]);
		else
			rc = put(m, "dram_lat", a, opt(m, "dram_latency"), "dram_latency %g core cycles (no DRAM timing)", a);
		if (rc)
			return rc;
	}
	if (hb && hm && clk[3] > 0) {
		double gbps = nmem * per * bw * ratio * clk[3] * 1e6 / 1e9;
		if ((rc = put(m, "dram_gbps", gbps, opt(m, "gpgpu_dram_buswidth"),
		              "gpgpu_n_mem %g x gpgpu_n_mem_per_ctrlr %g x gpgpu_dram_buswidth %g B x dram_data_command_freq_ratio %g x %g MHz",
		              nmem, per, bw, ratio, clk[3])))
			return rc;
	}
	if (ht)
		extra(m, "DRAM timing (gpgpu_dram_timing_opt %s): tRCD and CL in dram_lat; the rest (banks, row hits and conflicts, "
		      "bus turnarounds) is simulated by GPGPU-Sim, no preset field", to->value);
	/* ---- interconnect */
	if ((rc = num(m, "icnt_flit_size", &a, &h1)))
		return rc;
	if (h1 && (rc = put(m, "noc_flit_bytes", a, opt(m, "icnt_flit_size"), "icnt_flit_size")))
		return rc;
	const gsopt_t *nm = opt(m, "network_mode");
	/* the local crossbar moves one packet per port per cycle, every packet one flit, and the L1
	 * sends each missed sector as its own packet (models/ldst.h MISS PACKETS) */
	if (nm && strcmp(nm->value, "2") == 0 &&
	    (rc = put(m, "noc_sector_packets", 1, nm,
	              "network_mode 2: local crossbar, one packet per port per cycle, every packet one flit")))
		return rc;
	if (nm)
		extra(m, "interconnect network_mode %s (%s)%s", nm->value,
		      strcmp(nm->value, "2") == 0 ? "local crossbar" : strcmp(nm->value, "1") == 0 ? "BookSim" : "other",
		      strcmp(nm->value, "1") == 0 ? ": its latency is in the BookSim file, not read" : "");
	return 0;
}

int gsconf_to_gpu(gsconf_t *c, const char *name, const char *source, gpu_t *g, FILE *report,
                  unsigned char *mapped)
{
	gpu_defaults(g);
	snprintf(g->name, sizeof g->name, "%s", name);
	snprintf(g->source, sizeof g->source, "%s", source);
	mapper_t m;
	memset(&m, 0, sizeof m);
	m.c = c;
	m.g = g;
	m.rep = report;
	m.mapped = calloc(n_gpu_fields, 1);
	m.why = calloc(n_gpu_fields, sizeof *m.why);
	if (!m.mapped || !m.why) {
		free(m.mapped);
		free(m.why);
		return err_internal("preset import: out of memory");
	}
	int rc = map_all(&m);
	/* cross-field rules of gpu_json.c */
	if (!rc && g->l1_shmem_kib < g->l1_kib)
		g->l1_shmem_kib = g->l1_kib;
	if (!rc && g->sector_bytes > g->line_bytes)
		rc = err_user("preset import: sector %d B larger than the line %d B", g->sector_bytes, g->line_bytes);
	if (!rc && g->llc_slices % g->llc_partitions && g->llc_partitions % g->llc_slices)
		rc = err_user("preset import: %d LLC slices neither a multiple nor a divisor of %d partitions", g->llc_slices,
		              g->llc_partitions);
	if (!rc && report) {
		int nm = 0;
		for (size_t i = 0; i < n_gpu_fields; i++)
			nm += m.mapped[i];
		fprintf(report, "%s: %d of %zu preset fields from", name, nm, n_gpu_fields - 2);
		for (int i = 0; i < c->nfiles; i++)
			fprintf(report, " %s", c->files[i]);
		fprintf(report, "\n\nmapped:\n");
		for (size_t i = 0; i < n_gpu_fields; i++)
			if (m.mapped[i]) {
				char v[64];
				gpu_field_format(&gpu_fields[i], g, v, sizeof v);
				fprintf(report, "  %-26s %-12s <- %s\n", gpu_fields[i].key, v, m.why[i]);
			}
		fprintf(report, "\nnot mapped (the preset default is kept; no GPGPU-Sim option gives it):\n ");
		int col = 1;
		for (size_t i = 2; i < n_gpu_fields; i++)
			if (!m.mapped[i]) {
				size_t k = strlen(gpu_fields[i].key) + 1;
				if (col + k > 95) {
					fprintf(report, "\n ");
					col = 1;
				}
				fprintf(report, " %s", gpu_fields[i].key);
				col += (int)k;
			}
		fprintf(report, "\n\nread, no preset field:\n");
		for (int i = 0; i < m.nextra; i++)
			fprintf(report, "  %s\n", m.extra[i]);
		if (m.nlost)
			fprintf(report, "  (%d more such lines not listed)\n", m.nlost);
		size_t unused = 0;
		for (size_t i = 0; i < c->n; i++)
			unused += !c->o[i].used;
		fprintf(report, "\noptions not used (%zu):\n ", unused);
		col = 1;
		for (size_t i = 0; i < c->n; i++)
			if (!c->o[i].used) {
				size_t k = strlen(c->o[i].name) + 2;
				if (col + k > 95) {
					fprintf(report, "\n ");
					col = 1;
				}
				fprintf(report, " -%s", c->o[i].name);
				col += (int)k;
			}
		fprintf(report, "\n");
	}
	if (mapped)
		memcpy(mapped, m.mapped, n_gpu_fields);
	free(m.mapped);
	free(m.why);
	return rc;
}
