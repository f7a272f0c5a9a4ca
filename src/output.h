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
/* What a cell is, for the JSON output (table and CSV print the text as it is). */
enum out_kind { OUT_TEXT = 0, OUT_NUM = 1, OUT_BOOL = 2 };
/* One row: text[i] is the cell as text (NULL = empty/null); is_num[i] an out_kind.  JSON
 * writes an OUT_NUM cell as a number only when its whole text is a finite number, an OUT_BOOL
 * cell "true"/"false" as a boolean; any other text stays a string, so JSON never shows a value
 * the table does not (a knob's "dynamic" is "dynamic" in every format). */
void out_row(output_t *o, const char *const *text, const int *is_num);
/* Flush and free; returns 0, or EXIT_INTERNAL when stdout failed (full disk, closed pipe). */
int out_end(output_t *o);

#endif
