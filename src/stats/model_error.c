/* model_error.c -- the model's error against the Accel-Sim reference set (see model_error.h). */
#include "stats/model_error.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "jsonutil.h"

enum { E_IPC = 0, E_CYCLES, E_TIME, E_SPEEDUP, E_DRAM_UTIL, E_DRAM_BPKI };
static const char *const merr_name[MERR_METRICS] = { "ipc", "cycles", "time_s", "speedup", "dram_util", "dram_bpki" };

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	size_t r;
	while (buf && (r = fread(buf + n, 1, cap - n - 1, f)) > 0) {
		n += r;
		if (n + 1 == cap) {
			char *nb = realloc(buf, cap *= 2);
			if (!nb) {
				free(buf);
				buf = NULL;
			}
			buf = nb;
		}
	}
	fclose(f);
	if (buf)
		buf[n] = '\0';
	*len = n;
	return buf;
}

/* Split one CSV line (no quoting: results.csv has none) in place; returns the field count. */
static int split_line(char *s, char **f, int max)
{
	int n = 0;
	f[n++] = s;
	for (; *s && n < max; s++)
		if (*s == ',') {
			*s = '\0';
			f[n++] = s + 1;
		}
	return n;
}

/* The held-out kernels: heldout.txt, else issue 20's rule over kernels.txt. */
static int load_split(const char *dir, char held[][64], int *nh, char *split, size_t slen)
{
	char path[1100];
	snprintf(path, sizeof path, "%s/heldout.txt", dir);
	FILE *f = fopen(path, "r");
	char line[512];
	*nh = 0;
	if (f) {
		while (fgets(line, sizeof line, f)) {
			char k[64], c[64], r[64];
			char *h = strchr(line, '#');
			if (h)
				*h = '\0';
			int nt = sscanf(line, "%63s %63s %63s", k, c, r);
			if (nt < 1)
				continue;
			if (*nh == MERR_MAX_KERNELS) {
				fclose(f);
				return err_user("%s: more than %d held-out lines", path, MERR_MAX_KERNELS);
			}
			/* "PRESET CONFIG": that configuration's runs; "PRESET CONFIG KERNEL": that run
			 * (validate_accelsim.c read_heldout) */
			char ent[200];
			snprintf(ent, sizeof ent, "%s%s%s%s%s", k, nt >= 2 ? " " : "", nt >= 2 ? c : "", nt == 3 ? " " : "",
			         nt == 3 ? r : "");
			size_t el = strlen(ent);
			if (el >= 64) {
				fclose(f);
				return err_user("%s: \"%s\": longer than 63 characters", path, ent);
			}
			memcpy(held[(*nh)++], ent, el + 1);
		}
		fclose(f);
		snprintf(split, slen, "calibration/accelsim/heldout.txt (%d held-out kernels and presets)", *nh);
		return 0;
	}
	snprintf(path, sizeof path, "%s/kernels.txt", dir);
	if (!(f = fopen(path, "r")))
		return err_user("%s: cannot read (the Accel-Sim kernels, for the held-out split)", path);
	char all[MERR_MAX_KERNELS][64];
	int n = 0;
	while (fgets(line, sizeof line, f) && n < MERR_MAX_KERNELS)
		if (line[0] != '#' && sscanf(line, "%63s", all[n]) == 1)
			n++;
	fclose(f);
	qsort(all, (size_t)n, sizeof all[0], (int (*)(const void *, const void *))strcmp);
	for (int i = 1; i < n; i += 2)
		memcpy(held[(*nh)++], all[i], 64);
	snprintf(split, slen, "kernels.txt in byte order, odd positions held out (issue 20's rule; %d held-out kernels)", *nh);
	return 0;
}

static double num(const char *s, int *ok)
{
	char *end;
	double v = strtod(s, &end);
	if (end == s || *end != '\0' || !isfinite(v))
		*ok = 0;
	return v;
}

static double lratio(double ref, double mod)
{
	return ref > 0 && mod > 0 ? log(ref / mod) : NAN;
}

static int load(const char *dir, model_err_t *me)
{
	memset(me, 0, sizeof *me);
	snprintf(me->csv, sizeof me->csv, "%s/results.csv", dir);
	char held[MERR_MAX_KERNELS][64];
	int nh, rc = load_split(dir, held, &nh, me->split, sizeof me->split);
	if (rc)
		return rc;
	size_t len;
	char *txt = read_all(me->csv, &len);
	if (!txt)
		return err_user("%s: cannot read (the Accel-Sim reference table: calibration/accelsim/make_table.sh)", me->csv);
	hash_hex(txt, len, me->hash);
	enum { C_PRESET, C_CONFIG, C_KERNEL, C_RIPC, C_RDRAM, C_MIPC, C_MDRAM, C_N };
	static const char *const want[C_N] = { "preset", "config", "kernel", "ref_ipc", "ref_dram_gbs", "model_ipc", "model_dram_gbs" };
	int col[C_N];
	char *save = NULL, *line = strtok_r(txt, "\n", &save);
	char *f[64];
	int nf = line ? split_line(line, f, 64) : 0;
	for (int c = 0; c < C_N; c++) {
		col[c] = -1;
		for (int j = 0; j < nf; j++)
			if (strcmp(f[j], want[c]) == 0)
				col[c] = j;
		if (col[c] < 0) {
			free(txt);
			return err_user("%s: no column \"%s\" in its header", me->csv, want[c]);
		}
	}
	int cap = 0, lineno = 1;
	while ((line = strtok_r(NULL, "\n", &save))) {
		lineno++;
		if (!*line)
			continue;
		if (me->n_rows == cap) {
			merr_row_t *nr = realloc(me->row, (size_t)(cap = cap ? 2 * cap : 128) * sizeof *nr);
			if (!nr) {
				free(txt);
				return err_internal("model error: out of memory");
			}
			me->row = nr;
		}
		int n = split_line(line, f, 64), ok = 1;
		for (int c = 0; c < C_N; c++)
			if (col[c] >= n)
				ok = 0;
		if (!ok) {
			free(txt);
			return err_user("%s: line %d: %d fields, fewer than the header's", me->csv, lineno, n);
		}
		merr_row_t *r = &me->row[me->n_rows];
		snprintf(r->preset, sizeof r->preset, "%s", f[col[C_PRESET]]);
		snprintf(r->config, sizeof r->config, "%s", f[col[C_CONFIG]]);
		snprintf(r->kernel, sizeof r->kernel, "%s", f[col[C_KERNEL]]);
		double ri = num(f[col[C_RIPC]], &ok), rd = num(f[col[C_RDRAM]], &ok);
		double mi = num(f[col[C_MIPC]], &ok), md = num(f[col[C_MDRAM]], &ok);
		if (!ok) {
			free(txt);
			return err_user("%s: line %d: a reference or model figure is not a finite number", me->csv, lineno);
		}
		r->held = 0;
		char pc[140], pck[210];
		snprintf(pc, sizeof pc, "%s %s", r->preset, r->config);
		snprintf(pck, sizeof pck, "%s %s %s", r->preset, r->config, r->kernel);
		for (int k = 0; k < nh; k++)   /* a kernel, a preset (every run of that GPU), a preset
		                                * and configuration, or one run */
			if (strcmp(held[k], r->kernel) == 0 || strcmp(held[k], r->preset) == 0 || strcmp(held[k], pc) == 0
			    || strcmp(held[k], pck) == 0)
				r->held = 1;
		r->e[E_IPC] = lratio(ri, mi);
		r->e[E_CYCLES] = r->e[E_TIME] = -r->e[E_IPC];
		r->e[E_DRAM_UTIL] = lratio(rd, md);
		r->e[E_DRAM_BPKI] = r->e[E_DRAM_UTIL] - r->e[E_IPC];
		r->e[E_SPEEDUP] = NAN;   /* below, once the base runs are known */
		me->n_rows++;
		if (r->held)
			me->n_held++;
		else
			me->n_dev++;
	}
	free(txt);
	for (int i = 0; i < me->n_rows; i++) {
		merr_row_t *r = &me->row[i];
		if (strcmp(r->config, "base") == 0)
			continue;
		for (int j = 0; j < me->n_rows; j++) {
			const merr_row_t *b = &me->row[j];
			if (strcmp(b->config, "base") == 0 && strcmp(b->preset, r->preset) == 0 && strcmp(b->kernel, r->kernel) == 0)
				r->e[E_SPEEDUP] = r->e[E_IPC] - b->e[E_IPC];
		}
	}
	/* statistics over the development runs */
	double *x = malloc((size_t)(me->n_rows ? me->n_rows : 1) * sizeof *x);
	double *dx = malloc((size_t)(me->n_rows ? me->n_rows : 1) * sizeof *dx);
	if (!x || !dx) {
		free(x);
		free(dx);
		return err_internal("model error: out of memory");
	}
	me->n_metric = MERR_METRICS;
	for (int m = 0; m < MERR_METRICS; m++) {
		merr_metric_t *s = &me->m[m];
		snprintf(s->name, sizeof s->name, "%s", merr_name[m]);
		int n = 0, nd = 0;
		for (int i = 0; i < me->n_rows; i++) {
			const merr_row_t *r = &me->row[i];
			if (r->held || !isfinite(r->e[m]))
				continue;
			x[n++] = r->e[m];
			/* the configuration-to-base difference of the same metric (for rho) */
			if (m != E_SPEEDUP && strcmp(r->config, "base") != 0)
				for (int j = 0; j < me->n_rows; j++) {
					const merr_row_t *b = &me->row[j];
					if (strcmp(b->config, "base") == 0 && strcmp(b->preset, r->preset) == 0 &&
						strcmp(b->kernel, r->kernel) == 0 && isfinite(b->e[m]))
						dx[nd++] = r->e[m] - b->e[m];
				}
		}
		s->n = n;
		s->bias = n ? gsl_stats_mean(x, 1, (size_t)n) : 0;
		s->sd = n > 1 ? gsl_stats_sd(x, 1, (size_t)n) : 0;
		if (m == E_SPEEDUP) {
			s->shared = 0.5;
		} else if (nd > 1 && s->sd > 0) {
			/* var of the differences about zero: the differences' own mean is part of it */
			double v2 = 0;
			for (int i = 0; i < nd; i++)
				v2 += dx[i] * dx[i];
			v2 /= nd;
			double rho = 1 - v2 / (2 * s->sd * s->sd);
			s->shared = rho < 0 ? 0 : rho > 1 ? 1 : rho;
		} else {
			s->shared = 1;
		}
	}
	free(x);
	free(dx);
	return 0;
}

int merr_load(const char *dir, model_err_t *me)
{
	int rc = load(dir, me);
	if (rc)
		merr_free(me);
	return rc;
}

void merr_free(model_err_t *me)
{
	free(me->row);
	me->row = NULL;
	me->n_rows = 0;
}

const merr_metric_t *merr_find(const model_err_t *me, const char *metric)
{
	for (int m = 0; m < me->n_metric; m++)
		if (strcmp(me->m[m].name, metric) == 0 && me->m[m].n > 1)
			return &me->m[m];
	return NULL;
}

int merr_coverage(const model_err_t *me, int i, double level, int held, int *n)
{
	double z = gsl_cdf_ugaussian_Pinv((1 + level) / 2);
	const merr_metric_t *s = &me->m[i];
	int in = 0;
	*n = 0;
	for (int r = 0; r < me->n_rows; r++) {
		const merr_row_t *row = &me->row[r];
		if (row->held != held || !isfinite(row->e[i]))
			continue;
		(*n)++;
		in += fabs(row->e[i] - s->bias) <= z * s->sd;
	}
	return in;
}

void merr_print(const model_err_t *me, double level, int csv, FILE *out)
{
	if (csv)
		fprintf(out, "metric,n_dev,bias,sd,shared,level,dev_in,dev_n,held_in,held_n,held_coverage\n");
	else {
		fprintf(out, "model error against Accel-Sim: e = log(reference / gpudse) over the development runs of calibration/accelsim/results.csv\n");
		fprintf(out, "(hash %s; %d development runs, %d held out; split: %s)\n", me->hash, me->n_dev, me->n_held, me->split);
		fprintf(out, "interval: gpudse x exp(bias +- z sd), z for a central %.0f%%; coverage = share of runs whose reference lies inside\n\n", 100 * level);
		fprintf(out, "%-10s %5s %9s %8s %7s %14s %14s\n", "metric", "n_dev", "bias", "sd", "shared", "dev coverage", "held coverage");
	}
	for (int i = 0; i < me->n_metric; i++) {
		const merr_metric_t *s = &me->m[i];
		int nd, nh, d = merr_coverage(me, i, level, 0, &nd), h = merr_coverage(me, i, level, 1, &nh);
		/* a coverage over no runs is not 0: empty in CSV, "-" in text */
		char dcov[16] = "-", hcov[16] = "-";
		if (nd)
			snprintf(dcov, sizeof dcov, csv ? "%.4f" : "%.2f", (double)d / nd);
		if (nh)
			snprintf(hcov, sizeof hcov, csv ? "%.4f" : "%.2f", (double)h / nh);
		if (csv)
			fprintf(out, "%s,%d,%.6g,%.6g,%.6g,%g,%d,%d,%d,%d,%s\n", s->name, s->n, s->bias, s->sd, s->shared, level,
				d, nd, h, nh, nh ? hcov : "");
		else
			fprintf(out, "%-10s %5d %9.4f %8.4f %7.3f %6d/%-3d %4s %6d/%-3d %4s\n", s->name, s->n, s->bias, s->sd,
				s->shared, d, nd, dcov, h, nh, hcov);
	}
}
