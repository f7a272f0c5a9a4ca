/* trace_nvbit.c -- NVBit mem_trace output reader; see trace_nvbit.h. */
#include "profiling/trace_nvbit.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "cli.h"
#include "profiling/shape_acc.h"
#include "profiling/uniq_u64.h"

/* The field after "KEY " in [s, e), up to the next " - " or the end; NULL if absent. */
static const char *field(const char *s, const char *e, const char *key, size_t *len)
{
	size_t k = strlen(key);
	for (const char *p = s; p + k <= e; p++) {
		if (memcmp(p, key, k) != 0 || (p > s && p[-1] != ' '))
			continue;
		const char *v = p + k, *q = v;
		while (q < e && !(q + 2 < e && q[0] == ' ' && q[1] == '-' && q[2] == ' '))
			q++;
		*len = (size_t)(q - v);
		return v;
	}
	return NULL;
}

/* "x,y,z" with each part a decimal integer in [lo, CUDA's limit]: x below 2^31, y and z at
 * most 65535 (grid sizes, and CTA indices below them).  Checked before any arithmetic. */
static int three(const char *v, size_t n, long d[3], long lo)
{
	static const long lim[3] = { 2147483647L, 65535, 65535 };
	char buf[64];
	if (!v || n >= sizeof buf)
		return 0;
	memcpy(buf, v, n);
	buf[n] = '\0';
	const char *p = buf;
	for (int i = 0; i < 3; i++) {
		char *end;
		if (!isdigit((unsigned char)*p))
			return 0;
		errno = 0;
		d[i] = strtol(p, &end, 10);
		if (errno || d[i] < lo || d[i] > lim[i] || *end != (i < 2 ? ',' : '\0'))
			return 0;
		p = end + 1;
	}
	return 1;
}

/* A non-negative decimal field of at most 18 digits. */
static int dec(const char *v, size_t n, long *x)
{
	if (n == 0 || n > 18)
		return 0;
	long r = 0;
	for (size_t i = 0; i < n; i++) {
		if (v[i] < '0' || v[i] > '9')
			return 0;
		r = r * 10 + (v[i] - '0');
	}
	*x = r;
	return 1;
}

int nvbit_read(const char *path, int n_sm, int block_bytes, const char *display, profiler_t *pb,
	       trace_progress_fn progress, void *arg, nvbit_stats_t *st)
{
	nvbit_stats_t z;
	memset(&z, 0, sizeof z);
	trace_lines_t lr;
	int rc = trace_lines_open(&lr, path, display);
	if (rc)
		return rc;
	if (n_sm < 1)
		n_sm = 1;
	int shift = 0;
	while ((1 << shift) < block_bytes)
		shift++;
	long grid[3] = { 65536, 65536, 1 };
	uint64_t next_progress = 1u << 20;
	const char *s;
	size_t n;
	while ((rc = trace_lines_next(&lr, &s, &n)) == 1) {
		rc = 0;
		z.lines++;
		if (progress && z.lines >= next_progress) {
			progress(arg, z.lines, 0, z.lines);
			next_progress = z.lines + (1u << 20);
		}
		if (n < 9 || memcmp(s, "MEMTRACE:", 9) != 0)
			continue;
		const char *e = s + n;
		size_t len;
		const char *v;
		unsigned long long ln = (unsigned long long)lr.line;
		if (field(s, e, "LAUNCH", &len)) {
			long g[3];
			v = field(s, e, "grid size ", &len);
			if (!three(v, len, g, 1)) {
				rc = err_user("%s:%llu: LAUNCH line without \"grid size x,y,z\" (1 <= x < 2^31, y and z <= 65535)", lr.name, ln);
				break;
			}
			memcpy(grid, g, sizeof grid);
			z.launches++;
			/* a new kernel: the previous one's L1s were flushed at its end (sector_rec.h) */
			profiler_sector_flush(pb);
			/* launch shape (issue 18): block size, nregs, shmem when the line has them */
			long b[3], nregs = 0, shmem = -1;
			v = field(s, e, "block size ", &len);
			if (v && three(v, len, b, 1) && b[0] >= 1 && b[1] >= 1 && b[2] >= 1) {
				long x;
				if ((v = field(s, e, "nregs ", &len)) && dec(v, len, &x))
					nregs = x;
				if ((v = field(s, e, "shmem ", &len)) && dec(v, len, &x))
					shmem = x;
				if (nregs > 65536 || shmem > (1L << 30)) {
					rc = err_user("%s:%llu: LAUNCH line with nregs %ld or shmem %ld out of range", lr.name, ln,
						      nregs, shmem);
					break;
				}
				if (shape_acc_launch(profiler_shape(pb), g, b, (int)nregs, shmem, 0)) {
					rc = err_internal("%s:%llu: out of memory", lr.name, ln);
					break;
				}
			}
			continue;
		}
		long cta[3], warp;
		v = field(s, e, "CTA ", &len);
		if (!three(v, len, cta, 0)) {
			rc = err_user("%s:%llu: expected \"CTA x,y,z\" (x < 2^31, y and z <= 65535)", lr.name, ln);
			break;
		}
		v = field(s, e, "warp ", &len);
		char buf[64];
		if (!v || len == 0 || len >= sizeof buf) {
			rc = err_user("%s:%llu: expected \"warp W\"", lr.name, ln);
			break;
		}
		memcpy(buf, v, len);
		buf[len] = '\0';
		char *end;
		errno = 0;
		warp = strtol(buf, &end, 10);
		if (*end || end == buf || errno || warp < 0) {
			rc = err_user("%s:%llu: expected \"warp W\"", lr.name, ln);
			break;
		}
		/* the opcode follows the warp field, then the addresses */
		const char *op = v + len + 3;
		if (op >= e) {
			rc = err_user("%s:%llu: expected \"- OPCODE - addresses\" after the warp", lr.name, ln);
			break;
		}
		const char *ope = op;
		while (ope < e && *ope != ' ')
			ope++;
		char opcode[48];
		if (ope == op || (size_t)(ope - op) >= sizeof opcode || ope + 3 > e || memcmp(ope, " - ", 3) != 0) {
			rc = err_user("%s:%llu: expected \"- OPCODE - addresses\" after the warp", lr.name, ln);
			break;
		}
		memcpy(opcode, op, (size_t)(ope - op));
		opcode[ope - op] = '\0';
		const char *p = ope + 3;
		uint64_t addr[32];
		int na = 0;
		while (p < e) {
			while (p < e && *p == ' ')
				p++;
			if (p == e)
				break;
			const char *q = p;
			while (q < e && *q != ' ')
				q++;
			char *xe;
			char hb[24];
			if (na == 32 || q - p >= (long)sizeof hb) {
				rc = err_user("%s:%llu: more than 32 lane addresses", lr.name, ln);
				break;
			}
			memcpy(hb, p, (size_t)(q - p));
			hb[q - p] = '\0';
			errno = 0;
			unsigned long long a = strtoull(hb, &xe, 16);
			if (*xe || xe == hb || errno || hb[0] == '-') {
				rc = err_user("%s:%llu: expected a hex lane address, got \"%s\"", lr.name, ln, hb);
				break;
			}
			addr[na++] = a;
			p = q;
		}
		if (rc)
			break;
		if (na == 0) {
			rc = err_user("%s:%llu: no lane addresses", lr.name, ln);
			break;
		}
		z.records++;
		/* the linear CTA index, in unsigned arithmetic: it only picks an SM round-robin */
		uint64_t lin = (uint64_t)cta[0] + (uint64_t)grid[0] * ((uint64_t)cta[1] + (uint64_t)grid[1] * (uint64_t)cta[2]);
		int sm = (int)(lin % (uint64_t)n_sm);
		enum accelsim_mclass mc = accelsim_opcode_class(opcode);
		int active = 0;
		for (int i = 0; i < na; i++)
			active += addr[i] != 0;
		if (active == 0) {
			z.zero_mask++;
			continue;
		}
		uint32_t mask = 0;
		for (int i = 0; i < na; i++)
			if (addr[i])
				mask |= 1u << i;
		if (mc == AS_SHARED) {          /* counted, with its bank-conflict degree */
			z.shared_insts++;
			shape_acc_shared(profiler_shape(pb), strncmp(opcode, "STS", 3) == 0 ? 1 : strncmp(opcode, "ATOMS", 5) == 0 ? 2 : 0,
					 mask, addr, accelsim_opcode_width(opcode), 0);
			continue;
		}
		/* a global atomic (shared ones were counted above): served at the LLC, bypassing the L1 */
		int atomic = strncmp(opcode, "ATOM", 4) == 0 || strncmp(opcode, "RED", 3) == 0;
		if (atomic && shape_acc_atomic(profiler_shape(pb), mask, addr)) {
			rc = err_internal("%s:%llu: out of memory", lr.name, ln);
			break;
		}
		if (mc == AS_OTHER_MEM) {
			z.other_mem_insts++;
			continue;
		}
		uint64_t w = (uint64_t)accelsim_opcode_width(opcode);
		uint64_t blk[64], sec[64];
		int nb = 0, nsec = 0;
		for (int i = 0; i < na; i++) {
			if (!addr[i])
				continue;
			for (uint64_t b = addr[i] >> shift; b <= (addr[i] + w - 1) >> shift && nb < 64; b++)
				blk[nb++] = b;
			for (uint64_t q = addr[i] >> 5; q <= (addr[i] + w - 1) >> 5 && nsec < 64; q++)
				sec[nsec++] = q;
		}
		nb = uniq_u64(blk, nb);
		nsec = uniq_u64(sec, nsec);
		int wr = mc == AS_GLOBAL_ST;
		for (int i = 0; i < nb && !rc; i++) {
			int r = profiler_access(pb, sm, wr, blk[i] << shift, 0);
			if (r == -2)
				rc = err_user("%s:%llu: SM id %d out of range", lr.name, ln, sm);
			else if (r)
				rc = err_internal("%s:%llu: out of memory", lr.name, ln);
		}
		for (int i = 0; i < nsec && !rc;) {         /* the sectors per 128 B line (sorted) */
			uint64_t line = sec[i] >> 2;
			uint32_t smask = 0;
			for (; i < nsec && sec[i] >> 2 == line; i++)
				smask |= 1u << (sec[i] & 3);
			if (profiler_sectors(pb, sm, line << 7, smask, wr, atomic))
				rc = err_internal("%s:%llu: out of memory", lr.name, ln);
		}
		if (!rc)   /* the L1 access stage's exact cycles (profile_shape.h ldst), per instruction */
			shape_acc_ldst(profiler_shape(pb), mask, addr, (int)w);
		if (!rc && profiler_insts(pb, sm, 1, 1, nsec))
			rc = err_internal("%s:%llu: out of memory", lr.name, ln);
		if (rc)
			break;
		z.global_insts++;
		z.requests += (uint64_t)nb;
		z.sectors += (uint64_t)nsec;
		(void)warp;
	}
	if (rc < 0)
		rc = EXIT_USER;   /* a read error, already reported */
	if (rc == 0 && z.records == 0)
		rc = err_user("%s: no MEMTRACE records", lr.name);
	int crc = trace_lines_close(&lr);
	if (st)
		*st = z;
	return rc ? rc : crc;
}

int nvbit_sniff(const char *path)
{
	gzFile gz = gzopen(path, "rb");
	if (!gz)
		return 0;
	char buf[65536 + 1];
	int n = gzread(gz, buf, 65536);
	gzclose(gz);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	return strncmp(buf, "MEMTRACE:", 9) == 0 || strstr(buf, "\nMEMTRACE:") != NULL;
}
