/* trace_text.c -- plain-text traces (docs/trace-format.md), parsed by hand for speed. */
#include "profiling/trace_text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <zlib.h>

#include "cli.h"

#define BUF_BYTES (1u << 20)
#define MAX_SRCS 64

typedef struct reader {
	const char *name;    /* for messages */
	uint64_t line;       /* current line number, 1-based */
} reader_t;

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* Print "gpudse: FILE:LINE: msg" quoting the token [s, e). */
static int bad(const reader_t *r, const char *what, const char *s, const char *e)
{
	int n = (int)(e - s);
	if (n > 40)
		n = 40;
	if (s == e)
		return err_user("%s:%llu: %s, got nothing", r->name, (unsigned long long)r->line, what);
	return err_user("%s:%llu: %s, got \"%.*s\"", r->name, (unsigned long long)r->line, what, n, s);
}

static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && is_blank(*p))
		p++;
	return p;
}

/* End of the token starting at p (blank, '#' or end of line). */
static const char *tok_end(const char *p, const char *end)
{
	while (p < end && !is_blank(*p) && *p != '#')
		p++;
	return p;
}

/* Decimal digits filling [s, e) exactly; 0 if not. */
static int parse_dec(const char *s, const char *e, uint64_t *v)
{
	if (s == e || e - s > 19)
		return 0;
	uint64_t x = 0;
	for (const char *p = s; p < e; p++) {
		if (*p < '0' || *p > '9')
			return 0;
		x = x * 10 + (uint64_t)(*p - '0');
	}
	*v = x;
	return 1;
}

static int parse_hex(const char *s, const char *e, uint64_t *v)
{
	if (e - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	if (s == e || e - s > 16)
		return 0;
	uint64_t x = 0;
	for (const char *p = s; p < e; p++) {
		unsigned c = (unsigned char)*p, d;
		if (c >= '0' && c <= '9') d = c - '0';
		else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
		else return 0;
		x = x << 4 | d;
	}
	*v = x;
	return 1;
}

static int feed_status(const reader_t *r, int rc, int sm)
{
	if (rc == -2)
		return err_user("%s:%llu: SM id %d out of range", r->name, (unsigned long long)r->line, sm);
	if (rc)
		return err_internal("%s:%llu: out of memory", r->name, (unsigned long long)r->line);
	return 0;
}

/* A register number or "-" (-1). */
static int parse_reg(const reader_t *r, const char *s, const char *e, int *reg)
{
	uint64_t v;
	if (e - s == 1 && *s == '-') {
		*reg = -1;
		return 0;
	}
	if (!parse_dec(s, e, &v) || v > 65535)
		return bad(r, "expected a register number (0..65535) or -", s, e);
	*reg = (int)v;
	return 0;
}

/* Hex digit values, -1 for anything else (fast_access). */
static const signed char hexval[256] = {
	['0'] = 0 + 1, ['1'] = 1 + 1, ['2'] = 2 + 1, ['3'] = 3 + 1, ['4'] = 4 + 1, ['5'] = 5 + 1,
	['6'] = 6 + 1, ['7'] = 7 + 1, ['8'] = 8 + 1, ['9'] = 9 + 1, ['a'] = 10 + 1, ['b'] = 11 + 1,
	['c'] = 12 + 1, ['d'] = 13 + 1, ['e'] = 14 + 1, ['f'] = 15 + 1, ['A'] = 10 + 1, ['B'] = 11 + 1,
	['C'] = 12 + 1, ['D'] = 13 + 1, ['E'] = 14 + 1, ['F'] = 15 + 1,
};                                      /* stored + 1 so that 0 means "not a digit" */

/*
 * Fast path for the common record "SM R|W HEX [HEX]\n" with single spaces and no comment
 * (what gpudse trace writes): one pass up to the newline, table-driven hex.  Returns the
 * start of the next line when the line was such a record (fed, *rc set), NULL to let the
 * general path (memchr + parse_line) handle it and report any error.
 */
static inline const char *fast_access(const reader_t *r, profiler_t *pb, const char *p, const char *end, int *rc)
{
	uint64_t sm = 0, addr = 0, pc = 0;
	const char *q = p;
	while (q < end && *q >= '0' && *q <= '9' && q - p < 7)
		sm = sm * 10 + (uint64_t)(*q++ - '0');
	if (q == p || q + 3 > end || q[0] != ' ' || (q[1] != 'R' && q[1] != 'W') || q[2] != ' ')
		return NULL;
	int is_write = q[1] == 'W';
	q += 3;
	if (q + 2 < end && q[0] == '0' && (q[1] == 'x' || q[1] == 'X'))
		q += 2;
	const char *h = q;
	int d;
	while (q < end && (d = hexval[(unsigned char)*q]) != 0) {
		addr = addr << 4 | (uint64_t)(d - 1);
		q++;
	}
	if (q == h || q - h > 16 || q == end)
		return NULL;
	uint64_t smask = 0;
	if (*q == ' ') {                        /* optional PC */
		q++;
		if (q + 2 < end && q[0] == '0' && (q[1] == 'x' || q[1] == 'X'))
			q += 2;
		h = q;
		while (q < end && (d = hexval[(unsigned char)*q]) != 0) {
			pc = pc << 4 | (uint64_t)(d - 1);
			q++;
		}
		if (q == h || q - h > 16 || q == end)
			return NULL;
		if (*q == ' ') {                /* optional SECTORS: one hex digit 1..f */
			if (q + 2 >= end || (d = hexval[(unsigned char)q[1]]) <= 1 || q[2] != '\n')
				return NULL;
			smask = (uint64_t)(d - 1);
			q += 2;
		}
	}
	if (*q != '\n' || sm > 1000000)
		return NULL;
	reader_t here = *r;                     /* the caller counts the line after we return */
	here.line++;
	*rc = feed_status(&here, profiler_access(pb, (int)sm, is_write, addr, pc), (int)sm);
	if (!*rc && smask)
		*rc = feed_status(&here, profiler_sectors(pb, (int)sm, addr, (uint32_t)smask, is_write, 0), (int)sm);
	return q + 1;
}

/* One line [p, end) without its newline. */
static int parse_line(const reader_t *r, profiler_t *pb, const char *p, const char *end)
{
	p = skip_blanks(p, end);
	if (p == end || *p == '#')
		return 0;
	const char *e = tok_end(p, end);
	uint64_t sm;
	if (!parse_dec(p, e, &sm) || sm > 1000000)
		return bad(r, "expected a decimal SM id", p, e);
	p = skip_blanks(e, end);
	e = tok_end(p, end);
	if (e - p != 1)
		return bad(r, "expected OP R or W", p, e);
	char op = *p;
	p = skip_blanks(e, end);
	int rc;
	const char *f[4];            /* up to four more fields */
	const char *fe[4];
	int nf = 0;
	while (p < end && *p != '#') {
		e = tok_end(p, end);
		if (nf == 4)
			return bad(r, "unexpected field", p, e);
		f[nf] = p;
		fe[nf++] = e;
		p = skip_blanks(e, end);
	}
	switch (op) {
	case 'R':
	case 'W': {
		uint64_t addr, pc = 0;
		if (nf < 1)
			return bad(r, "expected a hex ADDRESS", p, p);
		if (!parse_hex(f[0], fe[0], &addr))
			return bad(r, "expected a hex ADDRESS", f[0], fe[0]);
		if (nf >= 2 && !parse_hex(f[1], fe[1], &pc))
			return bad(r, "expected a hex PC", f[1], fe[1]);
		uint64_t smask = 0;
		if (nf >= 3 && (!parse_hex(f[2], fe[2], &smask) || smask < 1 || smask > 15))
			return bad(r, "expected a hex SECTORS mask 1..f (the 128 B line's 32 B sectors)", f[2], fe[2]);
		if (nf > 3)
			return bad(r, "unexpected field after SECTORS", f[3], fe[3]);
		rc = profiler_access(pb, (int)sm, op == 'W', addr, pc);
		if (!rc && smask)
			rc = profiler_sectors(pb, (int)sm, addr, (uint32_t)smask, op == 'W', 0);
		return feed_status(r, rc, (int)sm);
	}
	case 'I': {
		uint64_t v[3];
		if (nf != 3)
			return err_user("%s:%llu: expected SM I NINST NMEM NSECT", r->name, (unsigned long long)r->line);
		static const char *const what[3] = { "expected a decimal NINST", "expected a decimal NMEM",
						     "expected a decimal NSECT" };
		for (int i = 0; i < 3; i++)
			if (!parse_dec(f[i], fe[i], &v[i]))
				return bad(r, what[i], f[i], fe[i]);
		if (v[1] > v[0])
			return err_user("%s:%llu: NMEM %llu exceeds NINST %llu", r->name, (unsigned long long)r->line,
					(unsigned long long)v[1], (unsigned long long)v[0]);
		rc = profiler_insts(pb, (int)sm, (double)v[0], (double)v[1], (double)v[2]);
		return feed_status(r, rc, (int)sm);
	}
	case 'T': {
		uint64_t n;
		if (nf != 1)
			return err_user("%s:%llu: expected SM T N", r->name, (unsigned long long)r->line);
		if (!parse_dec(f[0], fe[0], &n))
			return bad(r, "expected a decimal N", f[0], fe[0]);
		return feed_status(r, profiler_tensor(pb, (int)sm, (double)n), (int)sm);
	}
	case 'X': {
		uint64_t warp;
		int dst, srcs[MAX_SRCS], nsrc = 0;
		if (nf != 3)
			return err_user("%s:%llu: expected SM X WARP DST SRCS", r->name, (unsigned long long)r->line);
		if (!parse_dec(f[0], fe[0], &warp) || warp > 1u << 30)
			return bad(r, "expected a decimal WARP", f[0], fe[0]);
		if ((rc = parse_reg(r, f[1], fe[1], &dst)))
			return rc;
		if (!(fe[2] - f[2] == 1 && *f[2] == '-')) {
			const char *s = f[2];
			while (s <= fe[2]) {
				const char *c = s;
				while (c < fe[2] && *c != ',')
					c++;
				if (nsrc == MAX_SRCS)
					return err_user("%s:%llu: more than %d source registers", r->name,
							(unsigned long long)r->line, MAX_SRCS);
				if ((rc = parse_reg(r, s, c, &srcs[nsrc])))
					return rc;
				if (srcs[nsrc] < 0)
					return bad(r, "expected a register number (0..65535) or -", s, c);
				nsrc++;
				s = c + 1;
			}
		}
		return feed_status(r, profiler_regs(pb, (int)sm, (long)warp, dst, srcs, nsrc), (int)sm);
	}
	default:
		return bad(r, "expected OP R or W", &op, &op + 1);
	}
}

/* zlib's message without the "PATH: " it prefixes. */
static const char *gz_msg(gzFile gz, const char *path, int *zerr)
{
	const char *msg = gzerror(gz, zerr);
	size_t n = strlen(path);
	if (strncmp(msg, path, n) == 0 && msg[n] == ':' && msg[n + 1] == ' ')
		msg += n + 2;
	return msg;
}

/*
 * Parse the complete lines of [p, end) (and, when eof, a last line without a newline).
 * Returns where the unparsed rest starts; *rc is set on an error.
 */
static const char *parse_lines(reader_t *r, profiler_t *pb, const char *p, const char *end, int eof, int *rc)
{
	for (;;) {
		const char *nx = fast_access(r, pb, p, end, rc);
		if (nx) {
			r->line++;
			if (*rc)
				return p;
			p = nx;
			continue;
		}
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl) {
			if (eof && p < end) {          /* last line without a newline */
				r->line++;
				*rc = parse_line(r, pb, p, end);
				p = end;
			}
			return p;
		}
		r->line++;
		if ((*rc = parse_line(r, pb, p, nl)))
			return p;
		p = nl + 1;
	}
}

/*
 * An uncompressed regular file is mapped and parsed in place: no copy through zlib's buffer
 * and ours (a third of the time of a sampled profile).  Windows of MAP_WINDOW bytes are
 * parsed in turn so that progress is reported and pages already parsed can be dropped.
 */
#define MAP_WINDOW ((size_t)64 << 20)

static int read_mapped(reader_t *r, int fd, size_t size, profiler_t *pb, trace_progress_fn progress, void *arg)
{
	if (size == 0)
		return 0;
	char *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (map == MAP_FAILED)
		return 1;                                    /* not mappable: read it instead */
	madvise(map, size, MADV_SEQUENTIAL);
	const char *p = map, *end = map + size;
	int rc = 0;
	while (!rc && p < end) {
		const char *wend = (size_t)(end - p) > MAP_WINDOW ? p + MAP_WINDOW : end;
		const char *q = parse_lines(r, pb, p, wend, wend == end, &rc);
		if (!rc && q == p && wend != end)
			rc = err_user("%s:%llu: line longer than %zu bytes", r->name, (unsigned long long)r->line + 1,
				      MAP_WINDOW);
		size_t done = (size_t)(q - map) & ~(size_t)4095;
		if (done > 0)
			madvise(map, done, MADV_DONTNEED);
		p = q;
		if (progress)
			progress(arg, (uint64_t)(p - map), (uint64_t)size, r->line);
	}
	munmap(map, size);
	return rc ? -rc : 0;
}

int trace_text_read(const char *path, const char *display, profiler_t *pb,
		    trace_progress_fn progress, void *arg)
{
	reader_t r = { display ? display : path, 0 };
	struct stat st;
	if (stat(path, &st) != 0)
		return err_user("%s: %s", r.name, strerror(errno));
	if (S_ISDIR(st.st_mode))
		return err_user("%s: is a directory", r.name);
	if (S_ISREG(st.st_mode)) {
		int fd = open(path, O_RDONLY);
		if (fd < 0)
			return err_user("%s: %s", r.name, strerror(errno));
		unsigned char magic[2] = { 0, 0 };
		ssize_t got = read(fd, magic, 2);
		int rc = 1;
		if (!(got == 2 && magic[0] == 0x1f && magic[1] == 0x8b))   /* not gzip */
			rc = read_mapped(&r, fd, (size_t)st.st_size, pb, progress, arg);
		close(fd);
		if (rc <= 0)
			return -rc;
		r.line = 0;
	}
	gzFile gz = gzopen(path, "rb");
	if (!gz)
		return err_user("%s: %s", r.name, strerror(errno ? errno : ENOMEM));
	gzbuffer(gz, BUF_BYTES);
	char *buf = malloc(BUF_BYTES + 1);
	if (!buf) {
		gzclose(gz);
		return err_internal("%s: out of memory", r.name);
	}
	size_t have = 0;                 /* bytes of an unfinished line carried over */
	int rc = 0, eof = 0;
	uint64_t next_progress = 1u << 20;
	while (!rc && !eof) {
		int n = gzread(gz, buf + have, (unsigned)(BUF_BYTES - have));
		if (n < 0) {
			int zerr;
			const char *msg = gz_msg(gz, path, &zerr);
			rc = err_user("%s: %s", r.name, zerr == Z_ERRNO ? strerror(errno) : msg);
			break;
		}
		if (n == 0) {
			eof = 1;
			int zerr;
			const char *msg = gz_msg(gz, path, &zerr);
			if (zerr != Z_OK) {                /* Z_BUF_ERROR: truncated .gz */
				rc = err_user("%s: %s", r.name, zerr == Z_BUF_ERROR ? "truncated gzip data" : msg);
				break;
			}
		}
		size_t len = have + (size_t)n;
		const char *end = buf + len;
		const char *p = parse_lines(&r, pb, buf, end, eof, &rc);
		if (rc)
			break;
		have = (size_t)(end - p);
		if (have == BUF_BYTES) {
			rc = err_user("%s:%llu: line longer than %u bytes", r.name, (unsigned long long)r.line + 1,
				      BUF_BYTES);
			break;
		}
		memmove(buf, p, have);
		if (progress && r.line >= next_progress) {
			progress(arg, (uint64_t)gzoffset(gz), (uint64_t)st.st_size, r.line);
			next_progress = r.line + (1u << 20);
		}
	}
	free(buf);
	gzclose(gz);
	return rc;
}
