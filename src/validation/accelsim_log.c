/* accelsim_log.c -- numbers of an Accel-Sim simulation log; see accelsim_log.h. */
#include "validation/accelsim_log.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "profiling/trace_accelsim.h"

/* "key = number" (or "key=number") at the start of s[0..n) after blanks: 1 and *v. */
static int keyval(const char *s, size_t n, const char *key, double *v)
{
	while (n && isspace((unsigned char)*s)) {
		s++;
		n--;
	}
	size_t k = strlen(key);
	if (n <= k || memcmp(s, key, k) != 0)
		return 0;
	const char *p = s + k, *e = s + n;
	while (p < e && *p == ' ')
		p++;
	if (p >= e || *p != '=')
		return 0;
	p++;
	char buf[64];
	size_t m = (size_t)(e - p) < sizeof buf - 1 ? (size_t)(e - p) : sizeof buf - 1;
	memcpy(buf, p, m);
	buf[m] = '\0';
	char *end;
	double x = strtod(buf, &end);
	if (end == buf)
		return 0;
	*v = x;
	return 1;
}

/* "# gpudse-accelsim-run: preset=P config=C kernel=K" and "# trace: gpudse trace K --size S" */
static void header(aslog_t *l, const char *s, size_t n)
{
	char buf[1100];
	size_t m = n < sizeof buf - 1 ? n : sizeof buf - 1;
	memcpy(buf, s, m);
	buf[m] = '\0';
	if (strncmp(buf, "# gpudse-accelsim-run:", 22) == 0) {
		const char *p;
		if ((p = strstr(buf, "preset=")))
			sscanf(p + 7, "%63s", l->preset);
		if ((p = strstr(buf, "config=")))
			sscanf(p + 7, "%63s", l->config);
		if ((p = strstr(buf, "kernel=")))
			sscanf(p + 7, "%63s", l->kernel);
	} else if (strncmp(buf, "# accel-sim-framework ", 22) == 0) {
		sscanf(buf + 22, "%47s", l->accelsim_commit);
		const char *p = strstr(buf, "gpgpu-sim_distribution ");
		if (p)
			sscanf(p + 23, "%47s", l->gpgpusim_commit);
	} else if (strncmp(buf, "# date: ", 8) == 0) {
		sscanf(buf + 8, "%31s", l->date);
	} else if (strncmp(buf, "# command: ", 11) == 0) {
		snprintf(l->command, sizeof l->command, "%.1000s", buf + 11);
	} else if (strncmp(buf, "# trace: gpudse trace ", 22) == 0) {
		const char *p = strstr(buf, "--size ");
		if (p)
			l->size = strtol(p + 7, NULL, 10);
	}
}

/* An options-echo line "-name value # comment" into the configuration. */
static int option(aslog_t *l, const char *s, size_t n, int line)
{
	if (n < 2 || s[0] != '-' || !isalpha((unsigned char)s[1]))
		return 0;
	char buf[2048];
	size_t m = n < sizeof buf - 1 ? n : sizeof buf - 1;
	memcpy(buf, s, m);
	buf[m] = '\0';
	char *h = strchr(buf, '#');
	if (h)
		*h = '\0';
	char *v = buf + 1;
	while (*v && !isspace((unsigned char)*v))
		v++;
	if (*v)
		*v++ = '\0';
	for (const char *p = buf + 1; *p; p++)
		if (!(isalnum((unsigned char)*p) || *p == '_' || *p == ':'))
			return 0;
	while (*v && isspace((unsigned char)*v))
		v++;
	size_t vl = strlen(v);
	while (vl && isspace((unsigned char)v[vl - 1]))
		v[--vl] = '\0';
	return gsconf_set(&l->conf, buf + 1, v, l->conf.files[0], line) ? -1 : 0;
}

int aslog_read(const char *path, aslog_t *l)
{
	memset(l, 0, sizeof *l);
	snprintf(l->path, sizeof l->path, "%s", path);
	l->cycles = NAN;
	if (gsconf_name(&l->conf, path))
		return err_internal("%s: out of memory", path);
	trace_lines_t r;
	int rc = trace_lines_open(&r, path, NULL);
	if (rc)
		return rc;
	const char *s;
	size_t n;
	double v;
	while ((rc = trace_lines_next(&r, &s, &n)) == 1) {
		rc = 0;
		if (n == 0)
			continue;
		if (s[0] == '#') {
			header(l, s, n);
		} else if (s[0] == '-') {
			if (option(l, s, n, (int)r.line)) {
				rc = err_internal("%s: out of memory", path);
				break;
			}
		} else if (keyval(s, n, "gpu_tot_sim_cycle", &v)) {
			l->cycles = v;
		} else if (keyval(s, n, "gpgpu_n_tot_w_icount", &v)) {
			l->warp_insts = v;
		} else if (keyval(s, n, "L1D_total_cache_accesses", &v)) {
			l->l1_acc = v;
		} else if (keyval(s, n, "L1D_total_cache_misses", &v)) {
			l->l1_miss = v;
		} else if (keyval(s, n, "L1D_total_cache_pending_hits", &v)) {
			l->l1_pend = v;
		} else if (keyval(s, n, "L2_total_cache_pending_hits", &v)) {
			l->l2_pend = v;
		} else if (keyval(s, n, "L2_total_cache_accesses", &v)) {
			l->l2_acc = v;
		} else if (keyval(s, n, "L2_total_cache_misses", &v)) {
			l->l2_miss = v;
		} else if (keyval(s, n, "total dram reads", &v)) {
			l->dram_rd = v;
		} else if (keyval(s, n, "total dram writes", &v)) {
			l->dram_wr = v;
		} else if (n > 35 && memcmp(s, "GPGPU-Sim: Reconfigure L1 cache to ", 35) == 0) {
			double kib = strtod(s + 35, NULL);
			if (kib > 0)
				l->l1_run_kib = l->l1_run_kib == 0 || l->l1_run_kib == kib ? kib : -1;
		} else if (n > 11 && memcmp(s, "kernel_name", 11) == 0) {
			l->kernels++;
		}
	}
	if (rc < 0)
		rc = EXIT_USER;   /* a read error, already reported (trace_lines_next returns -EXIT_USER) */
	int crc = trace_lines_close(&r);
	if (!rc)
		rc = crc;
	if (!rc && !(l->cycles > 0))
		rc = err_user("%s: no \"gpu_tot_sim_cycle = N\" line: not a finished Accel-Sim run", path);
	if (!rc && !(l->warp_insts > 0))
		rc = err_user("%s: no \"gpgpu_n_tot_w_icount = N\" line", path);
	if (rc)
		aslog_free(l);
	return rc;
}

void aslog_free(aslog_t *l)
{
	gsconf_free(&l->conf);
}

double aslog_l1_hit(const aslog_t *l)
{
	return l->l1_acc > 0 ? 1 - l->l1_miss / l->l1_acc : NAN;
}

double aslog_l2_hit(const aslog_t *l)
{
	return l->l2_acc > 0 ? 1 - l->l2_miss / l->l2_acc : NAN;
}

double aslog_l1_pend(const aslog_t *l)
{
	return l->l1_acc > 0 ? l->l1_pend / l->l1_acc : NAN;
}

double aslog_dram_gbs(const aslog_t *l, double core_mhz)
{
	double secs = l->cycles / (core_mhz * 1e6);
	return secs > 0 ? (l->dram_rd + l->dram_wr) * 32 / secs / 1e9 : NAN;
}
