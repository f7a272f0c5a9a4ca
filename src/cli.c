/* cli.c -- option parsing and error lines. */
#include "cli.h"
#include "store/dbpath.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void vmsg(const char *fmt, va_list ap)
{
	fputs("gpudse: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

int err_user(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	return EXIT_USER;
}

int err_internal(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	return EXIT_INTERNAL;
}

/* The marks of the command being parsed.  One command runs per process, so one buffer, kept
 * reachable here (never a leak) and replaced by the next args_init. */
static unsigned char *used_marks;

void args_init(cli_args_t *a, const char *cmd, int argc, char **argv)
{
	memset(a, 0, sizeof *a);
	a->cmd = cmd;
	a->argc = argc > 0 ? argc : 0;
	a->argv = argv;
	free(used_marks);
	used_marks = calloc((size_t)a->argc + 1, 1);
	if (!used_marks) {
		err_internal("%s: out of memory for %d arguments", cmd, argc);
		exit(EXIT_INTERNAL);
	}
	a->used = used_marks;
}

/* The value of --opt (either "--opt v" or "--opt=v"); marks the words used. */
static const char *lookup(cli_args_t *a, const char *opt, int want_value, int *present)
{
	size_t n = strlen(opt);
	const char *val = NULL;
	*present = 0;
	for (int i = 0; i < a->argc; i++) {
		const char *s = a->argv[i];
		if (strncmp(s, opt, n) != 0)
			continue;
		if (s[n] == '=' && want_value) {
			a->used[i] = 1;
			val = s + n + 1;
			*present = 1;
		} else if (s[n] == '\0') {
			a->used[i] = 1;
			*present = 1;
			if (!want_value)
				continue;
			if (i + 1 < a->argc) {
				a->used[i + 1] = 1;
				val = a->argv[++i];
			} else if (!a->failed) {
				a->failed = 1;
				err_user("%s: %s: missing value", a->cmd, opt);
			}
		}
	}
	return val;
}

const char *args_str(cli_args_t *a, const char *opt, const char *def)
{
	int present;
	const char *v = lookup(a, opt, 1, &present);
	return v ? v : def;
}

const char *args_path(cli_args_t *a, const char *opt, const char *def)
{
	int present;
	const char *v = lookup(a, opt, 1, &present);
	if (v && !*v) {
		if (!a->failed)
			err_user("%s: %s: empty file name", a->cmd, opt);
		a->failed = 1;
		return def;
	}
	return v ? v : def;
}

const char *args_db(cli_args_t *a, char *buf, size_t len)
{
	const char *v = args_path(a, "--db", NULL);
	return v ? v : default_db_path(buf, len);
}

double args_double(cli_args_t *a, const char *opt, double def, double lo, double hi)
{
	int present;
	const char *v = lookup(a, opt, 1, &present);
	if (!v)
		return def;
	char *end;
	errno = 0;
	double x = strtod(v, &end);
	if (end == v || *end || errno || !(x >= lo && x <= hi)) {
		if (!a->failed)
			err_user("%s: %s: expected a number in [%g, %g], got \"%s\"", a->cmd, opt, lo, hi, v);
		a->failed = 1;
		return def;
	}
	return x;
}

long args_long(cli_args_t *a, const char *opt, long def, long lo, long hi)
{
	int present;
	const char *v = lookup(a, opt, 1, &present);
	if (!v)
		return def;
	char *end;
	errno = 0;
	long x = strtol(v, &end, 10);
	if (end == v || *end || errno || x < lo || x > hi) {
		if (!a->failed)
			err_user("%s: %s: expected an integer in [%ld, %ld], got \"%s\"", a->cmd, opt, lo, hi, v);
		a->failed = 1;
		return def;
	}
	return x;
}

int args_flag(cli_args_t *a, const char *opt)
{
	int present;
	lookup(a, opt, 0, &present);
	return present;
}

const char *args_pos(cli_args_t *a, int want)
{
	/* Call after every option lookup: then an unused word not starting with '-' is positional. */
	int k = 0;
	for (int i = 0; i < a->argc; i++) {
		const char *s = a->argv[i];
		if (a->used[i] == 1 || (s[0] == '-' && s[1] != '\0'))
			continue;
		if (k++ == want) {
			a->used[i] = 2;
			return s;
		}
	}
	return NULL;
}

int args_finish(cli_args_t *a, int max_positionals)
{
	if (a->failed)
		return EXIT_USER;
	int npos = 0;
	for (int i = 0; i < a->argc; i++) {
		const char *s = a->argv[i];
		if (a->used[i])
			continue;
		if (s[0] == '-' && s[1] != '\0')
			return err_user("%s: unknown option %s (see gpudse help %s)", a->cmd, s, a->cmd);
		if (++npos > max_positionals)
			return err_user("%s: unexpected argument \"%s\"", a->cmd, s);
	}
	return 0;
}
