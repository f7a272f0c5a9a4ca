/* json_writer.c -- field tables to cJSON, cJSON trees to stdout in the commands' layouts
 * (see json_writer.h). */
#include "json_writer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static double field_number(const json_field_t *f, const void *s, const void *base)
{
	if (f->get)
		return f->get(s, base);
	const char *p = (const char *)s + f->offset;
	double v;
	if (f->type == JF_DOUBLE) {
		memcpy(&v, p, sizeof v);
	} else {
		int i;
		memcpy(&i, p, sizeof i);
		v = i;
	}
	return v * f->scale;
}

static void add_field(cJSON *obj, const char *key, const json_field_t *f, const void *s,
	const void *base, const char *fmt)
{
	if (f->type == JF_STRING) {
		const char *text;
		memcpy(&text, (const char *)s + f->offset, sizeof text);
		if (text)
			cJSON_AddStringToObject(obj, key, text);
		else
			cJSON_AddNullToObject(obj, key);
		return;
	}
	double v = field_number(f, s, base);
	if (f->type == JF_BOOL)
		cJSON_AddBoolToObject(obj, key, v != 0.0);
	else if (f->format || fmt)
		json_add_fmt(obj, key, v, f->format ? f->format : fmt);
	else
		json_add_num(obj, key, v);
}

static const json_field_t *find(const json_table_t *t, const char *key, size_t len)
{
	for (size_t i = 0; i < t->n; i++)
		if (strlen(t->fields[i].key) == len && strncmp(t->fields[i].key, key, len) == 0)
			return &t->fields[i];
	return NULL;
}

void json_add_keys(cJSON *obj, const json_table_t *t, const void *s, const void *base,
	const char *keys, const char *fmt)
{
	static const char suffix[] = "_base";
	const size_t ns = sizeof suffix - 1;
	for (const char *k = keys + strspn(keys, " "); *k;) {
		size_t len = strcspn(k, " ");
		char out[96];
		snprintf(out, sizeof out, "%.*s", (int)len, k);
		const char *eq = memchr(k, '=', len);
		const char *name = eq ? eq + 1 : k;
		size_t nlen = eq ? len - (size_t)(eq + 1 - k) : len;
		if (eq)
			out[eq - k] = '\0';
		const json_field_t *f = find(t, name, nlen);
		const void *from = s, *other = base;
		if (!f && base && nlen > ns && strncmp(name + nlen - ns, suffix, ns) == 0) {
			f = find(t, name, nlen - ns);
			from = base;
			other = NULL;
		}
		if (!f) {
			fprintf(stderr, "gpudse: internal: %s has no JSON field \"%.*s\"\n", t->name, (int)nlen, name);
			abort();
		}
		add_field(obj, out, f, from, other, fmt);
		k += len;
		k += strspn(k, " ");
	}
}

void json_add_all(cJSON *obj, const json_table_t *t, const void *s, const char *fmt)
{
	for (size_t i = 0; i < t->n; i++)
		add_field(obj, t->fields[i].key, &t->fields[i], s, NULL, fmt);
}

void json_add_num(cJSON *obj, const char *key, double v)
{
	if (isfinite(v))
		cJSON_AddNumberToObject(obj, key, v);
	else
		cJSON_AddNullToObject(obj, key);
}

static cJSON *fmt_item(double v, const char *fmt)
{
	if (!isfinite(v))
		return cJSON_CreateNull();
	char buf[64];
	snprintf(buf, sizeof buf, fmt, v);
	return cJSON_CreateRaw(buf);
}

void json_add_fmt(cJSON *obj, const char *key, double v, const char *fmt)
{
	cJSON_AddItemToObject(obj, key, fmt_item(v, fmt));
}

void json_append_fmt(cJSON *arr, double v, const char *fmt)
{
	cJSON_AddItemToArray(arr, fmt_item(v, fmt));
}

/* A leaf as cJSON prints it (strings escaped, numbers shortest exact, raw items verbatim). */
static void put_leaf(const cJSON *item, FILE *out)
{
	char *s = cJSON_PrintUnformatted(item);
	if (s) {
		fputs(s, out);
		free(s);
	}
}

static void put_key(const char *key, FILE *out)
{
	cJSON *k = cJSON_CreateString(key);
	put_leaf(k, out);
	cJSON_Delete(k);
	fputs(": ", out);
}

/* JSON_LINE (indent < 0) and JSON_INDENT2 (indent = depth) of a value. */
static void put_tree(const cJSON *item, int indent, FILE *out)
{
	int obj = cJSON_IsObject(item);
	if (!obj && !cJSON_IsArray(item)) {
		put_leaf(item, out);
		return;
	}
	fputc(obj ? '{' : '[', out);
	int i = 0;
	for (const cJSON *c = item->child; c; c = c->next, i++) {
		if (indent >= 0)
			fprintf(out, "%s\n%*s", i ? "," : "", 2 * (indent + 1), "");
		else if (i)
			fputs(", ", out);
		if (obj)
			put_key(c->string, out);
		put_tree(c, indent >= 0 ? indent + 1 : indent, out);
	}
	if (indent >= 0 && item->child)
		fprintf(out, "\n%*s", 2 * indent, "");
	fputc(obj ? '}' : ']', out);
}

int json_write(cJSON *root, json_layout_t layout, const char *cmd)
{
	if (!root)
		return err_internal("%s: out of memory", cmd);
	if (layout == JSON_TABS) {
		char *s = cJSON_Print(root);
		cJSON_Delete(root);
		if (!s)
			return err_internal("%s: out of memory", cmd);
		puts(s);
		free(s);
	} else {
		put_tree(root, layout == JSON_INDENT2 ? 0 : -1, stdout);
		putchar('\n');
		cJSON_Delete(root);
	}
	if (fflush(stdout) != 0 || ferror(stdout))
		return err_internal("%s: writing the result failed", cmd);
	return 0;
}

int json_print(cJSON *root, const char *cmd)
{
	return json_write(root, JSON_TABS, cmd);
}
