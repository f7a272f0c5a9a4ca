/*
 * output.h -- rows to stdout as an aligned table, CSV (RFC 4180 quoting) or JSON (an array
 * of objects; numbers stay numbers).  Shared by pareto, query, export and list.
 */
#ifndef GPUDSE_OUTPUT_H
#define GPUDSE_OUTPUT_H

enum out_format { OUT_TABLE = 0, OUT_CSV, OUT_JSON };

typedef struct output output_t;

/* Parse "table", "csv" or "json"; -1 if none of them. */
int out_format_parse(const char *s);
output_t *out_begin(enum out_format f, int ncol, const char *const *names);
/* One row: text[i] is the cell as text (NULL = empty/null); is_num[i] says whether the JSON
 * output writes it as a number. */
void out_row(output_t *o, const char *const *text, const int *is_num);
/* Flush and free; returns 0, or EXIT_INTERNAL when stdout failed (full disk, closed pipe). */
int out_end(output_t *o);

#endif
