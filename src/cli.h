/*
 * cli.h -- option parsing and error reporting shared by every command.
 *
 * Conventions (DESIGN.md): exit 0 on success, 1 on a user error with exactly one line on
 * stderr naming the file, JSON path or option, 2 on an internal failure.  A command reports
 * its error once, where it happens (err_user / err_internal), and returns the status upward.
 */
#ifndef GPUDSE_CLI_H
#define GPUDSE_CLI_H

#include <stdarg.h>
#include <stddef.h>

#define EXIT_USER 1
#define EXIT_INTERNAL 2

/* Print "gpudse: <message>" on stderr; return EXIT_USER / EXIT_INTERNAL. */
int err_user(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int err_internal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Options of one command: "--name value" or "--name=value", flags "--name", positionals. */
typedef struct cli_args {
	const char *cmd;           /* command name for messages, e.g. "model hitrate" */
	int argc;
	char **argv;
	unsigned char *used;       /* argv[i] consumed: 1 option or its value, 2 positional (argc
	                            * entries, however many words there are) */
	int failed;                /* an error was already reported */
} cli_args_t;

void args_init(cli_args_t *a, const char *cmd, int argc, char **argv);
/* The value of --opt, or def if absent.  A repeated option: the last one wins. */
const char *args_str(cli_args_t *a, const char *opt, const char *def);
/* A file name option: like args_str, but an empty value ("--db=") is an error naming it. */
const char *args_path(cli_args_t *a, const char *opt, const char *def);
/* --db FILE (an empty name refused like args_path's), else the default results database
 * (store/dbpath.h: $GPUDSE_DB or ./results.db), written into buf. */
const char *args_db(cli_args_t *a, char *buf, size_t len);
/* Numeric options: absent -> def; present but not a number in [lo, hi] -> error naming the
 * option, a->failed set, def returned. */
double args_double(cli_args_t *a, const char *opt, double def, double lo, double hi);
long args_long(cli_args_t *a, const char *opt, long def, long lo, long hi);
/* A flag without value: 1 if present. */
int args_flag(cli_args_t *a, const char *opt);
/* The i-th positional argument (not an option or option value), or NULL. */
const char *args_pos(cli_args_t *a, int i);
/* After all lookups: an unknown option or surplus positional is an error.  Returns 0 or
 * EXIT_USER (message printed once). */
int args_finish(cli_args_t *a, int max_positionals);

#endif
