/*
 * json_writer.h -- the one way gpudse prints JSON.  A command builds a cJSON tree, structs going
 * in through field tables (one table per struct: each row a member's key, type, offset, scale,
 * unit and number format, or a derived value's getter), then json_write prints the tree in one
 * of the three layouts the commands print:
 *   JSON_TABS     cJSON's own pretty print, one key per line, tab-indented (most commands)
 *   JSON_LINE     one line, `{"key": value, "key": value}` (model dcl1, rfcache, hitrate)
 *   JSON_INDENT2  one key per line, two-space indent (trace --stats)
 * A number that needs a fixed format (e.g. "%.10g") is stored preformatted (a cJSON raw item);
 * every other leaf, strings escaped, is printed by cJSON.  Non-finite numbers print as null.
 */
#ifndef GPUDSE_JSON_WRITER_H
#define GPUDSE_JSON_WRITER_H

#include <cjson/cJSON.h>
#include <stddef.h>

typedef enum json_layout { JSON_TABS = 0, JSON_LINE, JSON_INDENT2 } json_layout_t;

typedef enum json_ftype { JF_DOUBLE = 0, JF_INT, JF_BOOL, JF_STRING } json_ftype_t;

/* One member of a struct (or a value derived from it) as a JSON value. */
typedef struct json_field {
	const char *key;
	json_ftype_t type;        /* the member's C type: double, int, int read as a bool, char * */
	size_t offset;            /* offsetof(struct, member) */
	double scale;             /* printed value = member x scale (1/1024: bytes -> KiB) */
	const char *unit;         /* what the printed number counts ("" when dimensionless) */
	const char *format;       /* printf format of the number, NULL = the caller's */
	/* a derived number instead of a member: of the struct and, where the caller gives one, the
	 * baseline design's (NULL without it) */
	double (*get)(const void *s, const void *base);
} json_field_t;

/* A struct's field table. */
typedef struct json_table {
	const char *name;         /* the struct, for the message about a key it lacks */
	size_t size;              /* sizeof the struct: every row lies inside it (test_json_writer) */
	const json_field_t *fields;
	size_t n;
} json_table_t;

/* Rows of a field table for struct type T. */
#define JF_NUM(T, m, key, unit) { key, JF_DOUBLE, offsetof(T, m), 1.0, unit, NULL, NULL }
#define JF_SCALED(T, m, key, scale, unit) { key, JF_DOUBLE, offsetof(T, m), scale, unit, NULL, NULL }
#define JF_FMT(T, m, key, unit, fmt) { key, JF_DOUBLE, offsetof(T, m), 1.0, unit, fmt, NULL }
#define JF_INTEGER(T, m, key, unit) { key, JF_INT, offsetof(T, m), 1.0, unit, NULL, NULL }
#define JF_FLAG(T, m, key) { key, JF_BOOL, offsetof(T, m), 1.0, "", NULL, NULL }
#define JF_TEXT(T, m, key) { key, JF_STRING, offsetof(T, m), 1.0, "", NULL, NULL }
#define JF_DERIVED(fn, key, unit) { key, JF_DOUBLE, 0, 1.0, unit, NULL, fn }
#define JSON_TABLE(T, rows) { #T, sizeof (T), rows, sizeof (rows) / sizeof (rows)[0] }

/* The number format of model dcl1 and model rfcache: ten significant digits. */
#define JSON_10G "%.10g"

/* Add the fields `keys` names (space-separated, in that order) of struct `s` to `obj`, numbers
 * in the row's format, else `fmt` (NULL: cJSON's: %.15g, or %.17g where 15 digits do not
 * round-trip).  A key the table has is that row, even one ending in _base; a key "K_base" the
 * table lacks is K read from `base` (the same struct for the baseline design); "OUT=K" prints
 * field K under the name OUT.  A key the table lacks aborts: a programming error, which the
 * CLI tests (every command's output pinned) would show. */
void json_add_keys(cJSON *obj, const json_table_t *t, const void *s, const void *base,
	const char *keys, const char *fmt);
/* Every field of the table, in table order. */
void json_add_all(cJSON *obj, const json_table_t *t, const void *s, const char *fmt);

/* Add a number, or null when it is NaN or infinite (JSON has neither). */
void json_add_num(cJSON *obj, const char *key, double v);
/* Add a number printed with printf format `fmt` (e.g. "%.10g"), or null when not finite. */
void json_add_fmt(cJSON *obj, const char *key, double v, const char *fmt);
/* The same as an array element. */
void json_append_fmt(cJSON *arr, double v, const char *fmt);

/* `root` as text in `layout`, without a final newline (malloc'd; NULL when out of memory). */
char *json_render(const cJSON *root, json_layout_t layout);
/* Print `root` on stdout in `layout` followed by a newline, free it, check the write; 0, or
 * EXIT_INTERNAL after a line naming `cmd`. */
int json_write(cJSON *root, json_layout_t layout, const char *cmd);
/* json_write(root, JSON_TABS, cmd). */
int json_print(cJSON *root, const char *cmd);

#endif
