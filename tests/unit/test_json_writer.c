/* test_json_writer.c -- src/json_writer.c: field tables (key lists, renames, the baseline's
 * "_base" values, derived values, scales, integers, flags, strings, non-finite numbers as null,
 * per-row and per-call formats) and the three layouts, against hand-written expected text.
 * The expected strings are the layouts json_writer.h defines: JSON_LINE is what `model dcl1`
 * printed with printf before the writer existed (`{"k": v, "k": v}`), JSON_INDENT2 what
 * `trace --stats` printed, JSON_TABS cJSON_Print's own. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "commands/json_tables.h"
#include "json_writer.h"
#include "support/check.h"

typedef struct sample {
	double a;
	int n;
	double bytes;
	int on;
	const char *name;
	double v[2];
} sample_t;

static double ratio(const void *s, const void *base)
{
	const sample_t *x = s, *b = base;
	return b && b->a > 0 ? x->a / b->a : NAN;
}

static const json_field_t sample_fields[] = {
	JF_NUM(sample_t, a, "a", "units"),
	JF_INTEGER(sample_t, n, "n", "count"),
	JF_SCALED(sample_t, bytes, "kib", 1.0 / 1024, "KiB"),
	JF_FLAG(sample_t, on, "on"),
	JF_TEXT(sample_t, name, "name"),
	JF_FMT(sample_t, v[1], "second", "", "%.3f"),
	JF_DERIVED(ratio, "ratio", "over the baseline"),
};
static const json_table_t sample_json = JSON_TABLE(sample_t, sample_fields);

/* Render `o` in `layout`, free it, compare with `want`. */
static void expect(cJSON *o, json_layout_t layout, const char *want, const char *what)
{
	char *got = json_render(o, layout);
	CHECK_STR(got, want, what);
	free(got);
	cJSON_Delete(o);
}

int main(void)
{
	sample_t s = { 1.0 / 3.0, 7, 2048.0, 1, "q\"uote", { 0.0, 2.5 } };
	sample_t b = { 2.0 / 3.0, 3, 1024.0, 0, "base", { 0.0, 1.0 } };

	cJSON *o = cJSON_CreateObject();
	json_add_all(o, &sample_json, &s, JSON_10G);
	expect(o, JSON_LINE, "{\"a\": 0.3333333333, \"n\": 7, \"kib\": 2, \"on\": true, \"name\": \"q\\\"uote\", "
		"\"second\": 2.500, \"ratio\": null}",
		"every field in table order, numbers at %.10g, the row's %.3f wins, a string escaped, "
		"a derived value without a baseline is null");

	o = cJSON_CreateObject();
	json_add_keys(o, &sample_json, &s, &b, "a_base a ratio count=n on", JSON_10G);
	expect(o, JSON_LINE, "{\"a_base\": 0.6666666667, \"a\": 0.3333333333, \"ratio\": 0.5, \"count\": 7, \"on\": true}",
		"K_base reads the baseline; the derived ratio sees both; OUT=K renames");

	o = cJSON_CreateObject();
	json_add_keys(o, &sample_json, &s, NULL, "  a   n ", NULL);
	expect(o, JSON_LINE, "{\"a\": 0.33333333333333331, \"n\": 7}",
		"without a format: cJSON's (%.15g, else %.17g where 15 digits do not round-trip, as for 1/3); spaces around keys ignored");

	o = cJSON_CreateObject();
	json_add_num(o, "inf", INFINITY);
	json_add_fmt(o, "nan", NAN, JSON_10G);
	json_add_fmt(o, "big", 1e300, "%.17g");
	expect(o, JSON_LINE, "{\"inf\": null, \"nan\": null, \"big\": 1.0000000000000001e+300}",
		"non-finite numbers are null (JSON has neither); %.17g kept as printed");

	o = cJSON_CreateObject();
	cJSON *in = cJSON_AddObjectToObject(o, "in");
	cJSON_AddNumberToObject(in, "x", 1);
	cJSON *arr = cJSON_AddArrayToObject(o, "list");
	json_append_fmt(arr, 0.5, "%.1f");
	cJSON_AddItemToArray(arr, cJSON_CreateObject());
	cJSON_AddArrayToObject(o, "empty");
	expect(cJSON_Duplicate(o, 1), JSON_LINE, "{\"in\": {\"x\": 1}, \"list\": [0.5, {}], \"empty\": []}",
		"JSON_LINE nests objects and arrays on one line");
	expect(cJSON_Duplicate(o, 1), JSON_INDENT2,
		"{\n  \"in\": {\n    \"x\": 1\n  },\n  \"list\": [\n    0.5,\n    {}\n  ],\n  \"empty\": []\n}",
		"JSON_INDENT2: one member per line, two spaces a level");
	expect(o, JSON_TABS, "{\n\t\"in\":\t{\n\t\t\"x\":\t1\n\t},\n\t\"list\":\t[0.5, {\n\t\t}],\n\t\"empty\":\t[]\n}",
		"JSON_TABS is cJSON_Print's layout");

	/* The rendered text parses back to the same values (cJSON's own parser). */
	o = cJSON_CreateObject();
	json_add_all(o, &sample_json, &b, JSON_10G);
	char *txt = json_render(o, JSON_LINE);
	cJSON *back = cJSON_Parse(txt);
	CHECK(back != NULL, "JSON_LINE output is valid JSON");
	CHECK_NEAR(cJSON_GetObjectItem(back, "a")->valuedouble, 2.0 / 3.0, 1e-10, "%.10g of 2/3");
	CHECK_STR(cJSON_GetObjectItem(back, "name")->valuestring, "base", "the string round-trips");
	CHECK(cJSON_IsFalse(cJSON_GetObjectItem(back, "on")), "a zero flag is false");
	CHECK_NEAR(cJSON_GetObjectItem(back, "kib")->valuedouble, 1.0, 0, "1024 B x 1/1024 = 1 KiB");
	cJSON_Delete(back);
	free(txt);
	cJSON_Delete(o);

	/* Every command's table: rows inside their struct, keys unique, finite non-zero scales. */
	int tables = 0, rows = 0, bad_place = 0, bad_key = 0, bad_scale = 0;
	for (const json_table_t *const *t = json_tables_all; *t; t++, tables++) {
		for (size_t i = 0; i < (*t)->n; i++, rows++) {
			const json_field_t *f = &(*t)->fields[i];
			size_t width = f->type == JF_DOUBLE ? sizeof(double)
			             : f->type == JF_STRING ? sizeof(const char *) : sizeof(int);
			if (!f->get && f->offset + width > (*t)->size)
				bad_place++;
			if (!(isfinite(f->scale) && f->scale != 0.0))
				bad_scale++;
			for (size_t j = 0; j < (*t)->n; j++) {
				const char *k = (*t)->fields[j].key;
				if (j != i && strcmp(k, f->key) == 0)
					bad_key++;
			}
		}
	}
	CHECK(tables >= 20 && rows >= 250, "json_tables_all lists the commands' tables");
	CHECK_INT(bad_place, 0, "every member row lies inside its struct (offset + width <= sizeof)");
	CHECK_INT(bad_key, 0, "keys unique within a table");
	CHECK_INT(bad_scale, 0, "scales finite and non-zero");
	return check_summary("json_writer");
}
