/*
 * tech_table.c -- technology tables: CSV read/write and the CACTI / NVSim / DSENT importers
 * (format: tech_table.h).
 */
#include "tech/tech_table.h"
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char HEADER[] =
	"kind,cell,node_nm,bytes,assoc,width_bits,ports,n_in,n_out,area_mm2,cell_mm2,read_ns,"
	"write_ns,read_nj,write_nj,leak_mw,fmax_ghz,tool,commit,config,date,source";
enum { NCOL = 22 };

static const char *const KIND[] = { "data", "tag", "ram", "xbar" };
static const char *const CELL[] = { "sram", "stt" };

void tech_file_free(tech_file_t *f)
{
	free(f->pt);
	free(f->prov);
	memset(f, 0, sizeof *f);
}

static int push(tech_file_t *f, const tech_point_t *p, const tech_prov_t *v)
{
	if (f->n == f->cap) {
		size_t cap = f->cap ? 2 * f->cap : 64;
		tech_point_t *np = realloc(f->pt, cap * sizeof *np);
		if (!np)
			return -1;
		f->pt = np;
		tech_prov_t *nv = realloc(f->prov, cap * sizeof *nv);
		if (!nv)
			return -1;
		f->prov = nv;
		f->cap = cap;
	}
	f->pt[f->n] = *p;
	/* the tool decides how models/tech.h may interpolate the row between nodes ([L2n]) */
	f->pt[f->n].tool = strcmp(v->tool, "nvsim") == 0 ? TECH_TOOL_NVSIM
	                 : strcmp(v->tool, "cacti") == 0 ? TECH_TOOL_CACTI
	                 : strcmp(v->tool, "dsent") == 0 ? TECH_TOOL_DSENT : TECH_TOOL_ANY;
	f->prov[f->n] = *v;
	f->n++;
	f->table.pt = f->pt;
	f->table.n = f->n;
	return 0;
}

/* ---- CSV ------------------------------------------------------------------------------------ */

static int parse_num(const char *s, double *v)
{
	char *end;
	errno = 0;
	*v = strtod(s, &end);
	return end != s && *end == '\0' && errno == 0 && isfinite(*v) && *v >= 0 ? 0 : -1;
}

static int index_of(const char *s, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

static void copy_field(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src);
}

int tech_file_read(const char *path, tech_file_t *f, char *err, size_t errlen)
{
	memset(f, 0, sizeof *f);
	FILE *fp = fopen(path, "r");
	if (!fp) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int lineno = 0, header = 0, rc = 0;
	static const char *const COLS[NCOL] = { "kind", "cell", "node_nm", "bytes", "assoc",
		"width_bits", "ports", "n_in", "n_out", "area_mm2", "cell_mm2", "read_ns", "write_ns",
		"read_nj", "write_nj", "leak_mw", "fmax_ghz", "tool", "commit", "config", "date", "source" };
	while ((len = getline(&line, &cap, fp)) >= 0) {
		lineno++;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (len == 0 || line[0] == '#')
			continue;
		if (!header) {
			if (strcmp(line, HEADER) != 0) {
				snprintf(err, errlen, "%s:%d: not a gpudse technology table (header must be "
				         "\"%s\")", path, lineno, HEADER);
				rc = -1;
				break;
			}
			header = 1;
			continue;
		}
		char *fld[NCOL];
		int nf = 0;
		for (char *p = line, *q; nf < NCOL; p = q + 1) {
			fld[nf++] = p;
			if (!(q = strchr(p, ',')))
				break;
			*q = '\0';
		}
		if (nf != NCOL || strchr(fld[NCOL - 1], ',')) {
			snprintf(err, errlen, "%s:%d: %d fields, a row has %d", path, lineno, nf, NCOL);
			rc = -1;
			break;
		}
		tech_point_t p = { 0 };
		tech_prov_t v = { 0 };
		if ((p.kind = index_of(fld[0], KIND, 4)) < 0) {
			snprintf(err, errlen, "%s:%d: column kind: \"%s\" is not data, tag, ram or xbar",
			         path, lineno, fld[0]);
			rc = -1;
			break;
		}
		if (p.kind == TECH_XBAR ? strcmp(fld[1], "-") != 0 : (p.cell = index_of(fld[1], CELL, 2)) < 0) {
			snprintf(err, errlen, "%s:%d: column cell: \"%s\" is not %s", path, lineno, fld[1],
			         p.kind == TECH_XBAR ? "- (a crossbar has no cell)" : "sram or stt");
			rc = -1;
			break;
		}
		double num[15];
		for (int i = 0; i < 15 && !rc; i++)
			if (parse_num(fld[2 + i], &num[i])) {
				snprintf(err, errlen, "%s:%d: column %s: \"%s\" is not a finite number >= 0",
				         path, lineno, COLS[2 + i], fld[2 + i]);
				rc = -1;
			}
		if (rc)
			break;
		p.node_nm = num[0]; p.bytes = num[1]; p.assoc = (int)num[2]; p.width_bits = (int)num[3];
		p.ports = (int)num[4]; p.n_in = (int)num[5]; p.n_out = (int)num[6];
		p.area_mm2 = num[7]; p.cell_mm2 = num[8]; p.read_ns = num[9]; p.write_ns = num[10];
		p.read_nj = num[11]; p.write_nj = num[12]; p.leak_mw = num[13]; p.fmax_ghz = num[14];
		if (!(p.node_nm > 0) || !(p.area_mm2 > 0) || p.cell_mm2 > p.area_mm2 ||
		    (p.kind == TECH_XBAR ? (p.n_in < 1 || p.n_out < 1 || !(p.fmax_ghz > 0))
		                         : (!(p.bytes > 0) || p.assoc < 1 || p.ports < 1)) || p.width_bits < 1) {
			snprintf(err, errlen, "%s:%d: a %s row needs node, area > 0, cell area <= area, "
			         "%s", path, lineno, fld[0], p.kind == TECH_XBAR ?
			         "n_in, n_out >= 1 and fmax > 0" : "bytes > 0, assoc >= 1, ports >= 1");
			rc = -1;
			break;
		}
		copy_field(v.tool, sizeof v.tool, fld[17]);
		copy_field(v.commit, sizeof v.commit, fld[18]);
		copy_field(v.config, sizeof v.config, fld[19]);
		copy_field(v.date, sizeof v.date, fld[20]);
		copy_field(v.source, sizeof v.source, fld[21]);
		if (push(f, &p, &v)) {
			snprintf(err, errlen, "%s: out of memory", path);
			rc = -1;
			break;
		}
	}
	if (!rc && !header) {
		snprintf(err, errlen, "%s: empty (no header line)", path);
		rc = -1;
	}
	free(line);
	fclose(fp);
	if (rc)
		tech_file_free(f);
	return rc;
}

int tech_file_write(const char *path, const tech_file_t *f, char *err, size_t errlen)
{
	FILE *fp = fopen(path, "w");
	if (!fp) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	fprintf(fp, "# gpudse technology table (gpudse tech import; models/tech.h interpolates in it)\n");
	fprintf(fp, "%s\n", HEADER);
	for (size_t i = 0; i < f->n; i++) {
		const tech_point_t *p = &f->pt[i];
		const tech_prov_t *v = &f->prov[i];
		fprintf(fp, "%s,%s,%g,%.0f,%d,%d,%d,%d,%d,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,"
		        "%s,%s,%s,%s,%s\n", KIND[p->kind], p->kind == TECH_XBAR ? "-" : CELL[p->cell],
		        p->node_nm, p->bytes, p->assoc, p->width_bits, p->ports, p->n_in, p->n_out,
		        p->area_mm2, p->cell_mm2, p->read_ns, p->write_ns, p->read_nj, p->write_nj,
		        p->leak_mw, p->fmax_ghz, v->tool, v->commit, v->config, v->date, v->source);
	}
	if (fclose(fp) != 0) {
		snprintf(err, errlen, "%s: write failed", path);
		return -1;
	}
	return 0;
}

/* ---- raw tool outputs ----------------------------------------------------------------------- */

typedef struct raw {
	char *text;          /* whole file */
	const char *path;
	tech_prov_t prov;
	double node_nm;
	char cell[16], kind[16];
	int xin, xout, xbits;
} raw_t;

/* "# key value" provenance line: copies value into dst; -1 when absent. */
static int raw_key(const char *text, const char *key, char *dst, size_t n)
{
	size_t kl = strlen(key);
	for (const char *p = text; p && *p == '#'; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (strncmp(p, "# ", 2) == 0 && strncmp(p + 2, key, kl) == 0 && p[2 + kl] == ' ') {
			const char *v = p + 3 + kl, *e = strchr(v, '\n');
			size_t l = e ? (size_t)(e - v) : strlen(v);
			if (l >= n)
				l = n - 1;
			memcpy(dst, v, l);
			dst[l] = '\0';
			for (char *c = dst; *c; c++)
				if (*c == ',')
					*c = ';';   /* provenance lands in a CSV cell */
			return 0;
		}
	}
	return -1;
}

/* The number after the first occurrence of `label` at or after `from` (and before `until`, if
 * given); with a unit word right after it, scaled by that unit to the base in `base`. */
static int num_after(const char *from, const char *until, const char *label, double *v)
{
	const char *p = strstr(from, label);
	if (!p || (until && p >= until))
		return -1;
	p += strlen(label);
	while (*p == ' ' || *p == '\t' || *p == ':' || *p == '=' || *p == '-')
		p++;
	char *end;
	*v = strtod(p, &end);
	return end == p || !isfinite(*v) ? -1 : 0;
}

/* NVSim prints "= 12.3um^2", "= 3.0ns", "= 36.4pJ", "= 196.7uW": the last "= value unit" on
 * the line of `label`; scaled to mm^2, ns, nJ, mW. */
static int nvsim_value(const char *from, const char *until, const char *label, double *v)
{
	const char *p = strstr(from, label);
	if (!p || (until && p >= until))
		return -1;
	const char *eol = strchr(p, '\n');
	if (!eol)
		eol = p + strlen(p);
	const char *eq = NULL;
	for (const char *q = p; q < eol; q++)
		if (*q == '=')
			eq = q;
	if (!eq)
		return -1;
	char *end;
	*v = strtod(eq + 1, &end);
	if (end == eq + 1 || !isfinite(*v))
		return -1;
	static const struct { const char *u; double s; } U[] = {
		{ "um^2", 1e-6 }, { "mm^2", 1.0 }, { "ps", 1e-3 }, { "ns", 1.0 }, { "us", 1e3 },
		{ "ms", 1e6 }, { "fJ", 1e-6 }, { "pJ", 1e-3 }, { "nJ", 1.0 }, { "uJ", 1e3 },
		{ "pW", 1e-9 }, { "nW", 1e-6 }, { "uW", 1e-3 }, { "mW", 1.0 }, { "W", 1e3 },
		{ "%", 1.0 } };
	for (size_t i = 0; i < sizeof U / sizeof U[0]; i++)
		if (strncmp(end, U[i].u, strlen(U[i].u)) == 0) {
			*v *= U[i].s;
			return 0;
		}
	return -1;
}

static int import_nvsim(raw_t *r, tech_file_t *f, char *err, size_t errlen)
{
	double kb, line_b, assoc;
	const char *t = r->text;
	int cell = strcmp(r->cell, "stt") == 0 ? TECH_STT : TECH_SRAM;
	if (strcmp(r->kind, "cache") != 0 || num_after(t, NULL, "Capacity   :", &kb) ||
	    num_after(t, NULL, "Cache Line Size:", &line_b) ||
	    num_after(t, NULL, "Cache Associativity:", &assoc)) {
		snprintf(err, errlen, "%s: not an NVSim cache run (no Capacity / Cache Line Size / "
		         "Cache Associativity)", r->path);
		return -1;
	}
	/* NVSim prints the capacity as e.g. "16KB" or "4MB" */
	const char *cp = strstr(t, "Capacity   :");
	double bytes = kb * (strstr(cp, "MB") && strstr(cp, "MB") < strchr(cp, '\n') ? 1048576.0 : 1024.0);
	static const char *const SEC[2] = { "CACHE DATA ARRAY", "CACHE TAG ARRAY" };
	for (int s = 0; s < 2; s++) {
		const char *a = strstr(t, SEC[s]);
		const char *until = s == 0 ? strstr(t, SEC[1]) : NULL;
		tech_point_t p = { 0 };
		double eff;
		if (!a || nvsim_value(a, until, "Total Area =", &p.area_mm2) ||
		    nvsim_value(a, until, "Area Efficiency =", &eff) ||
		    nvsim_value(a, until, "Read Latency =", &p.read_ns) ||
		    nvsim_value(a, until, "Write Latency =", &p.write_ns) ||
		    nvsim_value(a, until, "Read Dynamic Energy =", &p.read_nj) ||
		    nvsim_value(a, until, "Write Dynamic Energy =", &p.write_nj) ||
		    nvsim_value(a, until, "Leakage Power =", &p.leak_mw)) {
			snprintf(err, errlen, "%s: NVSim output lacks the %s figures (did the run find a "
			         "design?)", r->path, SEC[s]);
			return -1;
		}
		p.kind = s == 0 ? TECH_DATA : TECH_TAG;
		p.cell = cell;
		p.node_nm = r->node_nm;
		p.bytes = bytes;
		p.assoc = (int)assoc;
		p.width_bits = (int)(line_b * 8);
		p.ports = 1;
		p.cell_mm2 = p.area_mm2 * eff / 100.0;   /* NVSim: Area Efficiency = cell area / total */
		if (push(f, &p, &r->prov))
			return -1;
	}
	return 0;
}

static int import_cacti(raw_t *r, tech_file_t *f, char *err, size_t errlen)
{
	const char *t = strstr(r->text, "Cache Parameters:");
	double bytes, line_b, assoc = 1, sub[2][7];
	int is_cache = strcmp(r->kind, "cache") == 0;
	if (!t || num_after(t, NULL, "Total cache size (bytes):", &bytes) ||
	    num_after(t, NULL, "Block size (bytes):", &line_b) ||
	    (is_cache && num_after(t, NULL, "Associativity:", &assoc))) {
		snprintf(err, errlen, "%s: no CACTI result (\"Cache Parameters:\" with size, block "
		         "size%s): did the run find an organisation?", r->path, is_cache ? ", associativity" : "");
		return -1;
	}
	double width, total_write;
	const char *bus = strstr(r->prov.config, "bus=");
	if (!bus || sscanf(bus, "bus=%lfb", &width) != 1 ||
	    num_after(t, NULL, "Total dynamic write energy per access (nJ):", &total_write)) {
		snprintf(err, errlen, "%s: provenance config lacks bus=Nb or the output its write energy",
		         r->path);
		return -1;
	}
	/* per array: area, efficiency %, access time, read energy, leakage (CACTI's section labels) */
	static const char *const SIDE[2] = { "Data side (with Output driver) (ns):", "Tag side (with Output driver) (ns):" };
	static const char *const PWR[2] = { "Data array: Total dynamic read energy/access  (nJ):",
		"Tag array:  Total dynamic read energy/access (nJ):" };
	static const char *const AREA[2] = { "Data array: Area (mm2):", "Tag array: Area (mm2):" };
	int nsec = is_cache ? 2 : 1;
	for (int s = 0; s < nsec; s++) {
		const char *pw = strstr(t, PWR[s]), *ar = strstr(t, AREA[s]);
		if (num_after(t, NULL, SIDE[s], &sub[s][0]) || !pw || num_after(pw, NULL, PWR[s], &sub[s][1]) ||
		    num_after(pw, NULL, "Total leakage power of a bank (mW):", &sub[s][2]) ||
		    !ar || num_after(ar, NULL, AREA[s], &sub[s][3]) ||
		    num_after(ar, NULL, "Area efficiency (Memory cell area/Total area)", &sub[s][4])) {
			snprintf(err, errlen, "%s: CACTI output lacks the %s array figures", r->path,
			         s ? "tag" : "data");
			return -1;
		}
	}
	for (int s = 0; s < nsec; s++) {
		tech_point_t p = { 0 };
		p.kind = !is_cache ? TECH_RAM : s == 0 ? TECH_DATA : TECH_TAG;
		p.cell = TECH_SRAM;
		p.node_nm = r->node_nm;
		p.bytes = bytes;
		p.assoc = is_cache ? (int)assoc : 1;
		p.width_bits = (int)width;
		p.ports = 1;
		p.read_ns = p.write_ns = sub[s][0];      /* CACTI reports one access time */
		p.read_nj = sub[s][1];
		/* CACTI's write energy is data write + tag write (cacti_interface.cc: power = data +
		 * tag); the tag array's write is taken as its read, so data write = total - tag read */
		p.write_nj = !is_cache ? total_write : s == 0 ? total_write - sub[1][1] : sub[1][1];
		p.leak_mw = sub[s][2];
		p.area_mm2 = sub[s][3];
		p.cell_mm2 = sub[s][3] * sub[s][4] / 100.0;
		if (push(f, &p, &r->prov))
			return -1;
	}
	return 0;
}

static int import_dsent(raw_t *r, tech_file_t *f, char *err, size_t errlen)
{
	tech_point_t p = { 0 };
	double area_m2, e_j, leak_w;
	const char *t = r->text;
	if (num_after(t, NULL, "\narea_m2 ", &area_m2) || num_after(t, NULL, "\nenergy_J ", &e_j) ||
	    num_after(t, NULL, "\nleakage_W ", &leak_w) || r->xin < 1 || r->xout < 1 || r->xbits < 1) {
		snprintf(err, errlen, "%s: DSENT output lacks area_m2 / energy_J / leakage_W or the "
		         "xbar_inputs / xbar_outputs / xbar_bits provenance", r->path);
		return -1;
	}
	/* the sizing run (the output before the fmax bisection's lines) must have met timing:
	 * otherwise its figures are those of DSENT's failed upsizing, not of a design */
	const char *bis = strstr(t, "fmax-bisection");
	const char *miss = strstr(t, "Timing not met");
	if (miss && (!bis || miss < bis)) {
		snprintf(err, errlen, "%s: DSENT's sizing run did not meet timing (\"Timing not met\"): "
		         "its area, energy and leakage are not those of a design", r->path);
		return -1;
	}
	/* fmax: the highest clock at which DSENT closes timing, bisected by regenerate.sh */
	double fmax_hz;
	if (num_after(t, NULL, "\nfmax_hz ", &fmax_hz) || !(fmax_hz > 0)) {
		snprintf(err, errlen, "%s: no fmax_hz line (the bisection on DSENT's timing closure "
		         "ended outside its bracket, or did not run)", r->path);
		return -1;
	}
	p.kind = TECH_XBAR;
	p.node_nm = r->node_nm;
	p.width_bits = r->xbits;
	p.n_in = r->xin;
	p.n_out = r->xout;
	p.area_mm2 = area_m2 * 1e6;
	p.read_nj = p.write_nj = e_j * 1e9;          /* DSENT Multicast1: one flit, one output */
	p.leak_mw = leak_w * 1e3;
	p.fmax_ghz = fmax_hz * 1e-9;
	return push(f, &p, &r->prov);
}

int tech_import_raw(const char *path, tech_file_t *f, char *err, size_t errlen)
{
	raw_t r = { 0 };
	r.path = path;
	FILE *fp = fopen(path, "r");
	if (!fp) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	size_t cap = 0;
	if (getdelim(&r.text, &cap, '\0', fp) < 0) {
		fclose(fp);
		free(r.text);
		snprintf(err, errlen, "%s: empty or unreadable", path);
		return -1;
	}
	fclose(fp);
	char node[32], tmp[32];
	int rc = -1;
	const char *slash = strrchr(path, '/');
	copy_field(r.prov.source, sizeof r.prov.source, slash ? slash + 1 : path);
	if (raw_key(r.text, "tool", r.prov.tool, sizeof r.prov.tool) ||
	    raw_key(r.text, "commit", r.prov.commit, sizeof r.prov.commit) ||
	    raw_key(r.text, "config", r.prov.config, sizeof r.prov.config) ||
	    raw_key(r.text, "date", r.prov.date, sizeof r.prov.date) ||
	    raw_key(r.text, "node_nm", node, sizeof node) ||
	    raw_key(r.text, "cell", r.cell, sizeof r.cell) ||
	    raw_key(r.text, "kind", r.kind, sizeof r.kind) || parse_num(node, &r.node_nm) ||
	    !(r.node_nm > 0)) {
		snprintf(err, errlen, "%s: missing provenance: the file must start with \"# tool\", "
		         "\"# commit\", \"# config\", \"# date\", \"# node_nm\", \"# cell\", \"# kind\" lines",
		         path);
		goto out;
	}
	if (!raw_key(r.text, "xbar_inputs", tmp, sizeof tmp)) r.xin = atoi(tmp);
	if (!raw_key(r.text, "xbar_outputs", tmp, sizeof tmp)) r.xout = atoi(tmp);
	if (!raw_key(r.text, "xbar_bits", tmp, sizeof tmp)) r.xbits = atoi(tmp);
	size_t before = f->n;
	if (strcmp(r.prov.tool, "nvsim") == 0)
		rc = import_nvsim(&r, f, err, errlen);
	else if (strcmp(r.prov.tool, "cacti") == 0)
		rc = import_cacti(&r, f, err, errlen);
	else if (strcmp(r.prov.tool, "dsent") == 0)
		rc = import_dsent(&r, f, err, errlen);
	else
		snprintf(err, errlen, "%s: unknown tool \"%s\" (cacti, nvsim or dsent)", path, r.prov.tool);
	if (rc)
		f->n = before, f->table.n = before;   /* nothing half-imported */
out:
	free(r.text);
	return rc;
}

/* Loaded tables, one per path, kept for the process (a preset's gpu_t points into them). */
static struct shared_table { char path[1024]; tech_file_t f; } shared[8];
static int n_shared;
static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;

const tech_table_t *tech_table_shared(const char *path, char *err, size_t errlen)
{
	const tech_table_t *t = NULL;
	pthread_mutex_lock(&shared_lock);
	for (int i = 0; i < n_shared && !t; i++)
		if (strcmp(shared[i].path, path) == 0)
			t = &shared[i].f.table;
	if (!t) {
		if (n_shared == (int)(sizeof shared / sizeof shared[0]))
			snprintf(err, errlen, "%s: more than %d technology tables in one run", path, n_shared);
		else if (tech_file_read(path, &shared[n_shared].f, err, errlen) == 0) {
			snprintf(shared[n_shared].path, sizeof shared[n_shared].path, "%s", path);
			t = &shared[n_shared++].f.table;
		}
	}
	pthread_mutex_unlock(&shared_lock);
	return t;
}

static void worst(double got, double want, double *w, int *n)
{
	if (want > 0) {
		double e = fabs(got - want) / want;
		if (e > *w)
			*w = e;
		(*n)++;
	}
}

void tech_agreement_eval(const tech_table_t *t, const tech_file_t *held, const char *tool,
                         int node_mode, tech_agreement_t *a)
{
	memset(a, 0, sizeof *a);
	for (size_t i = 0; i < held->n; i++) {
		const tech_point_t *p = &held->pt[i];
		if (tool && strcmp(held->prov[i].tool, tool) != 0)
			continue;
		tech_figures_t r;
		char err[320];
		int shipped_node = 0;
		for (size_t j = 0; j < t->n && !shipped_node; j++)   /* arrays and crossbars apart */
			shipped_node = t->pt[j].node_nm == p->node_nm &&
			               (t->pt[j].kind == TECH_XBAR) == (p->kind == TECH_XBAR);
		if ((node_mode == 1 && !shipped_node) || (node_mode == 2 && shipped_node))
			continue;
		a->runs++;
		int rc = p->kind == TECH_XBAR
			? tech_xbar_eval(t, p->node_nm, p->n_in, p->n_out, p->width_bits, &r, err, sizeof err)
			: tech_array_eval(t, (tech_cell_t)p->cell, (tech_kind_t)p->kind, p->node_nm, p->bytes,
			                  p->assoc, p->width_bits, p->ports, &r, err, sizeof err);
		if (rc) {
			a->refused++;
			continue;
		}
		worst(r.area_mm2, p->area_mm2, &a->area, &a->n_area);
		worst(r.read_nj, p->read_nj, &a->energy, &a->n_energy);
		if (p->kind != TECH_XBAR)
			worst(r.write_nj, p->write_nj, &a->energy, &a->n_energy);
		worst(r.leak_mw, p->leak_mw, &a->leak, &a->n_leak);
		if (p->kind == TECH_XBAR && p->n_in >= TECH_FMAX_MIN_INPUTS)
			worst(r.fmax_ghz, p->fmax_ghz, &a->fmax, &a->n_fmax);
		else if (p->kind == TECH_XBAR)
			worst(r.fmax_ghz, p->fmax_ghz, &a->fmax_small, &a->n_fmax_small);
	}
}
