/* output.c -- table, CSV and JSON row output (see output.h). */
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
	cJSON *json;
};

int out_format_parse(const char *s)
{
	if (!strcmp(s, "table"))
		return OUT_TABLE;
	if (!strcmp(s, "csv"))
		return OUT_CSV;
	if (!strcmp(s, "json"))
		return OUT_JSON;
	return -1;
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
		o->json = cJSON_CreateArray();
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
	if (o->f == OUT_JSON) {
		cJSON *obj = cJSON_CreateObject();
		for (int i = 0; i < o->ncol; i++) {
			if (!text[i])
				cJSON_AddNullToObject(obj, o->names[i]);
			else
				cJSON_AddItemToObject(obj, o->names[i], json_cell(text[i], is_num ? is_num[i] : OUT_TEXT));
		}
		cJSON_AddItemToArray(o->json, obj);
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
		char *s = cJSON_Print(o->json);
		puts(s);
		free(s);
		cJSON_Delete(o->json);
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
