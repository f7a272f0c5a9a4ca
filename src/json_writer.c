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

/* A growing string for the JSON_LINE and JSON_INDENT2 layouts (cJSON's own printer does
 * JSON_TABS). */
typedef struct sbuf {
	char *s;
	size_t n, cap;
	int failed;
} sbuf_t;

static void put(sbuf_t *b, const char *text, size_t len)
{
	if (b->failed)
		return;
	if (b->n + len + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		while (b->n + len + 1 > cap)
			cap *= 2;
		char *ns = realloc(b->s, cap);
		if (!ns) {
			b->failed = 1;
			return;
		}
		b->s = ns;
		b->cap = cap;
	}
	memcpy(b->s + b->n, text, len);
	b->n += len;
	b->s[b->n] = '\0';
}

static void puts_b(sbuf_t *b, const char *text) { put(b, text, strlen(text)); }

static void indent(sbuf_t *b, int depth)
{
	for (int i = 0; i < depth; i++)
		put(b, "  ", 2);
}

/* A leaf as cJSON prints it (strings escaped, numbers %.15g or %.17g, raw items verbatim). */
static void put_leaf(sbuf_t *b, const cJSON *item)
{
	char *s = cJSON_PrintUnformatted(item);
	if (!s) {
		b->failed = 1;
		return;
	}
	puts_b(b, s);
	free(s);
}

static void put_key(sbuf_t *b, const char *key)
{
	cJSON *k = cJSON_CreateString(key);
	if (!k) {
		b->failed = 1;
		return;
	}
	put_leaf(b, k);
	cJSON_Delete(k);
	puts_b(b, ": ");
}

/* JSON_LINE (depth < 0) and JSON_INDENT2 (depth >= 0: the value's nesting) of a value. */
static void put_tree(sbuf_t *b, const cJSON *item, int depth)
{
	int obj = cJSON_IsObject(item);
	if (!obj && !cJSON_IsArray(item)) {
		put_leaf(b, item);
		return;
	}
	puts_b(b, obj ? "{" : "[");
	for (const cJSON *c = item->child; c; c = c->next) {
		if (depth >= 0) {
			puts_b(b, c == item->child ? "\n" : ",\n");
			indent(b, depth + 1);
		} else if (c != item->child) {
			puts_b(b, ", ");
		}
		if (obj)
			put_key(b, c->string);
		put_tree(b, c, depth >= 0 ? depth + 1 : depth);
	}
	if (depth >= 0 && item->child) {
		puts_b(b, "\n");
		indent(b, depth);
	}
	puts_b(b, obj ? "}" : "]");
}

char *json_render(const cJSON *root, json_layout_t layout)
{
	if (layout == JSON_TABS)
		return cJSON_Print(root);
	sbuf_t b = { 0 };
	put_tree(&b, root, layout == JSON_INDENT2 ? 0 : -1);
	if (b.failed) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

int json_write(cJSON *root, json_layout_t layout, const char *cmd)
{
	if (!root)
		return err_internal("%s: out of memory", cmd);
	char *s = json_render(root, layout);
	cJSON_Delete(root);
	if (!s)
		return err_internal("%s: out of memory", cmd);
	puts(s);
	free(s);
	if (fflush(stdout) != 0 || ferror(stdout))
		return err_internal("%s: writing the result failed", cmd);
	return 0;
}

int json_print(cJSON *root, const char *cmd)
{
	return json_write(root, JSON_TABS, cmd);
}
