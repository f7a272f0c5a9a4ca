/* output.c -- table, CSV, JSON and NDJSON row output (see output.h).  CSV, JSON and NDJSON
 * stream: one row is written and freed before the next, so memory does not grow with rows. */
#include "output.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct output {
	enum out_format f;
	int ncol;
	char **names;
	/* table: buffered cells, widths */
	char **cells;
	size_t nrows, cap;
	int *width;
	size_t nout;           /* rows written (JSON: for the separators) */
};

int out_format_parse(const char *s)
{
	if (!strcmp(s, "table"))
		return OUT_TABLE;
	if (!strcmp(s, "csv"))
		return OUT_CSV;
	if (!strcmp(s, "json"))
		return OUT_JSON;
	if (!strcmp(s, "ndjson"))
		return OUT_NDJSON;
	return -1;
}

const char *out_double(double v, char *buf, size_t len)
{
	/* the shortest of 15, 16, 17 significant digits that reads back as the same double */
	for (int digits = 15; digits <= 17; digits++) {
		snprintf(buf, len, "%.*g", digits, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return buf;
}

static void csv_cell(const char *s)
{
	if (!s)
		return;
	if (!strpbrk(s, ",\"\n\r")) {
		fputs(s, stdout);
		return;
	}
	putchar('"');
	for (; *s; s++) {
		if (*s == '"')
			putchar('"');
		putchar(*s);
	}
	putchar('"');
}

output_t *out_begin(enum out_format f, int ncol, const char *const *names)
{
	output_t *o = calloc(1, sizeof *o);
	o->f = f;
	o->ncol = ncol;
	o->names = calloc(ncol, sizeof *o->names);
	o->width = calloc(ncol, sizeof *o->width);
	for (int i = 0; i < ncol; i++) {
		o->names[i] = strdup(names[i]);
		o->width[i] = (int)strlen(names[i]);
	}
	if (f == OUT_CSV) {
		for (int i = 0; i < ncol; i++) {
			if (i)
				putchar(',');
			csv_cell(names[i]);
		}
		putchar('\n');
	} else if (f == OUT_JSON) {
		putchar('[');
	}
	return o;
}

/* The JSON value of one cell: the text's own value, never a conversion that loses it. */
static cJSON *json_cell(const char *text, int kind)
{
	if (kind == OUT_NUM) {
		char *end;
		errno = 0;
		double v = strtod(text, &end);
		if (end != text && *end == '\0' && !errno && isfinite(v))
			return cJSON_CreateNumber(v);
	} else if (kind == OUT_BOOL) {
		if (!strcmp(text, "true"))
			return cJSON_CreateTrue();
		if (!strcmp(text, "false"))
			return cJSON_CreateFalse();
	}
	return cJSON_CreateString(text);
}

void out_row(output_t *o, const char *const *text, const int *is_num)
{
	if (o->f == OUT_CSV) {
		for (int i = 0; i < o->ncol; i++) {
			if (i)
				putchar(',');
			csv_cell(text[i]);
		}
		putchar('\n');
		return;
	}
	if (o->f == OUT_JSON || o->f == OUT_NDJSON) {
		/* one object at a time: built, printed, freed */
		cJSON *obj = cJSON_CreateObject();
		for (int i = 0; i < o->ncol; i++) {
			if (!text[i])
				cJSON_AddNullToObject(obj, o->names[i]);
			else
				cJSON_AddItemToObject(obj, o->names[i], json_cell(text[i], is_num ? is_num[i] : OUT_TEXT));
		}
		if (o->f == OUT_NDJSON) {
			char *line = cJSON_PrintUnformatted(obj);
			puts(line ? line : "{}");
			free(line);
		} else {
			/* the layout cJSON_Print gives the whole array, one element at a time: the
			 * element's lines indented one tab more, elements separated by ", " */
			char *el = cJSON_Print(obj);
			if (o->nout)
				fputs(", ", stdout);
			for (const char *p = el ? el : "{}"; *p; p++) {
				putchar(*p);
				if (*p == '\n')
					putchar('\t');
			}
			free(el);
		}
		cJSON_Delete(obj);
		o->nout++;
		return;
	}
	if (o->nrows == o->cap) {
		o->cap = o->cap ? 2 * o->cap : 64;
		o->cells = realloc(o->cells, o->cap * o->ncol * sizeof *o->cells);
	}
	for (int i = 0; i < o->ncol; i++) {
		const char *t = text[i] ? text[i] : "";
		o->cells[o->nrows * o->ncol + i] = strdup(t);
		int w = (int)strlen(t);
		if (w > o->width[i])
			o->width[i] = w;
	}
	o->nrows++;
}

int out_end(output_t *o)
{
	if (o->f == OUT_TABLE) {
		for (int i = 0; i < o->ncol; i++)
			printf("%s%-*s", i ? "  " : "", i == o->ncol - 1 ? 0 : o->width[i], o->names[i]);
		putchar('\n');
		for (int i = 0; i < o->ncol; i++)
			printf("%s%.*s", i ? "  " : "", o->width[i], "----------------------------------------------------------------");
		putchar('\n');
		for (size_t r = 0; r < o->nrows; r++) {
			for (int i = 0; i < o->ncol; i++) {
				const char *t = o->cells[r * o->ncol + i];
				printf("%s%-*s", i ? "  " : "", i == o->ncol - 1 ? 0 : o->width[i], t);
				free(o->cells[r * o->ncol + i]);
			}
			putchar('\n');
		}
	} else if (o->f == OUT_JSON) {
		fputs("]\n", stdout);
	}
	for (int i = 0; i < o->ncol; i++)
		free(o->names[i]);
	free(o->names);
	free(o->width);
	free(o->cells);
	free(o);
	if (fflush(stdout) != 0 || ferror(stdout))
		return err_internal("cannot write the output (disk full or closed pipe?)");
	return 0;
}
