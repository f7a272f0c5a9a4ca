/*
 * output.h -- rows to stdout as an aligned table, CSV (RFC 4180 quoting), JSON (an array of
 * objects; numbers stay numbers) or NDJSON (one object per line).  Shared by pareto, query,
 * export and list.  CSV, JSON and NDJSON stream (constant memory); the table buffers its rows
 * to align them.
 */
#ifndef GPUDSE_OUTPUT_H
#define GPUDSE_OUTPUT_H

#include <stddef.h>

enum out_format { OUT_TABLE = 0, OUT_CSV, OUT_JSON, OUT_NDJSON };

typedef struct output output_t;

/* Parse "table", "csv", "json" or "ndjson" (one JSON object per line); -1 if none of them. */
int out_format_parse(const char *s);
/* v at full precision: the shortest %.15g..%.17g text that reads back as exactly v (CSV and
 * JSON cells; the table's 6 significant digits are for reading). */
const char *out_double(double v, char *buf, size_t len);
output_t *out_begin(enum out_format f, int ncol, const char *const *names);
/* One row: text[i] is the cell as text (NULL = empty/null); is_num[i] says whether the JSON
 * output writes it as a number. */
void out_row(output_t *o, const char *const *text, const int *is_num);
/* Flush and free; returns 0, or EXIT_INTERNAL when stdout failed (full disk, closed pipe). */
int out_end(output_t *o);

#endif
