/* knobs.c -- the knob table (see knobs.h) and design parsing. */
#include "knobs.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define F(field) offsetof(design_t, field)

static const char *const dcl1_orgs[] = { "base", "pr", "sh", "shc", NULL };
static const char *const fuse_cfgs[] = { "sram", "stt", "hybrid", "base", "fa", "dy", NULL };
static const char *const stt_orgs[] = { "setassoc", "fa", NULL };
static const char *const fuse_placements[] = { "cfg", "victim", "predictor", "oracle", NULL };
static const char *const mor_impls[] = { "rf", "rf_l1", "l1", NULL };
static const char *const mor_preds[] = { "none", "bloom", "perfect", NULL };
static const char *const rfc_prios[] = { "gto", "malekeh", NULL };

const knob_t knobs[] = {
	{ "active_sms", KNOB_INT, F(active_sms), 0, 4096, NULL, "gpu", "compute SMs (0: every SM not in cache mode)" },
	{ "gate_idle", KNOB_BOOL, F(gate_idle), 0, 1, NULL, "gpu", "power-gate SMs that neither compute nor cache" },
	{ "llc_scale", KNOB_DOUBLE, F(llc_scale), 0.125, 64, NULL, "gpu", "multiplier on the conventional LLC capacity" },
	{ "mem_clock_scale", KNOB_DOUBLE, F(mem_clock_scale), 0.5, 2, NULL, "gpu", "memory-system clock multiplier (Frequency-Boost)" },
	{ "unified_sm_mem", KNOB_BOOL, F(unified_sm_mem), 0, 1, NULL, "gpu", "Unified-SM-Mem: unused RF added to L1" },
	{ "dcl1_org", KNOB_ENUM, F(dcl1_org), 0, DCL1_NORG - 1, dcl1_orgs, "dcl1", "L1 organisation: base, pr (PrY), sh (ShY), shc (ShY+CZ)" },
	{ "dcl1_nodes", KNOB_INT, F(dcl1_nodes), 0, 4096, NULL, "dcl1", "Y: DC-L1 nodes" },
	{ "dcl1_clusters", KNOB_INT, F(dcl1_clusters), 1, 4096, NULL, "dcl1", "Z: clusters of DC-L1 nodes (shc)" },
	{ "dcl1_boost", KNOB_BOOL, F(dcl1_boost), 0, 1, NULL, "dcl1", "NoC#1 at twice the clock where the crossbar allows" },
	{ "dcl1_gran", KNOB_INT, F(dcl1_gran), 1, 4096, NULL, "dcl1", "lines per home run: ShY/ShY+CZ home = (line / gran) mod homes" },
	{ "fuse_cfg", KNOB_ENUM, F(fuse_cfg), 0, FUSE_NCFG - 1, fuse_cfgs, "fuse", "L1 technology: sram, stt, hybrid, base, fa, dy" },
	{ "fuse_sram_frac", KNOB_DOUBLE, F(fuse_sram_frac), 0, 1, NULL, "fuse", "SRAM share of the L1 area" },
	{ "fuse_stt_org", KNOB_ENUM, F(fuse_stt_org), 0, 1, stt_orgs, "fuse", "STT-MRAM bank: setassoc or fa (approximate fully associative)" },
	{ "fuse_predictor", KNOB_BOOL, F(fuse_predictor), 0, 1, NULL, "fuse", "read-level predictor steers fills" },
	{ "fuse_pred_acc", KNOB_DOUBLE, F(fuse_pred_acc), 0, 1, NULL, "fuse", "predictor accuracy" },
	{ "fuse_placement", KNOB_ENUM, F(fuse_placement), 0, FUSE_NPLACEMENT - 1, fuse_placements, "fuse", "fills: cfg (as fuse_cfg/fuse_predictor say), victim (SRAM first), predictor, oracle (by write count)" },
	{ "fuse_migrate", KNOB_BOOL, F(fuse_migrate), 0, 1, NULL, "fuse", "a write hit in STT moves the block to SRAM (with a predictor)" },
	{ "fuse_sram_kib", KNOB_DOUBLE, F(fuse_sram_kib), 0, 4096, NULL, "fuse", "SRAM bank per SM, KiB (0: area split)" },
	{ "fuse_stt_kib", KNOB_DOUBLE, F(fuse_stt_kib), 0, 4096, NULL, "fuse", "STT-MRAM bank per SM, KiB (0: area split)" },
	{ "fuse_sram_ways", KNOB_INT, F(fuse_sram_ways), 0, 64, NULL, "fuse", "SRAM bank ways (0: 2)" },
	{ "fuse_stt_ways", KNOB_INT, F(fuse_stt_ways), 0, 64, NULL, "fuse", "set-associative STT bank ways (0: 2, pure STT 4)" },
	{ "mor_cache_sms", KNOB_INT, F(mor_cache_sms), 0, 4096, NULL, "morpheus", "SMs in cache mode" },
	{ "mor_impl", KNOB_ENUM, F(mor_impl), 0, MOR_NIMPL - 1, mor_impls, "morpheus", "extended-LLC storage: rf, rf_l1, l1" },
	{ "mor_pred", KNOB_ENUM, F(mor_pred), 0, MOR_NPRED - 1, mor_preds, "morpheus", "hit/miss predictor: none, bloom, perfect" },
	{ "mor_compress", KNOB_BOOL, F(mor_compress), 0, 1, NULL, "morpheus", "BDI compression in the extended LLC" },
	{ "mor_imov", KNOB_BOOL, F(mor_imov), 0, 1, NULL, "morpheus", "Indirect-MOV" },
	{ "rfc_on", KNOB_BOOL, F(rfc_on), 0, 1, NULL, "malekeh", "caching collector units" },
	{ "rfc_sthld", KNOB_INT, F(rfc_sthld), -1, 1024, NULL, "malekeh", "STHLD: static threshold, or \"dynamic\" (-1)" },
	{ "rfc_rthld", KNOB_INT, F(rfc_rthld), 1, 1024, NULL, "malekeh", "RTHLD: near/far reuse distance" },
	{ "rfc_entries", KNOB_INT, F(rfc_entries), 1, 64, NULL, "malekeh", "cache-table entries per CCU" },
	{ "rfc_ccus", KNOB_INT, F(rfc_ccus), 1, 16, NULL, "malekeh", "CCUs per sub-core" },
	{ "rfc_priority", KNOB_ENUM, F(rfc_priority), 0, 1, rfc_prios, "malekeh", "warp priority: gto (with plain LRU) or malekeh" },
};
const size_t n_knobs = sizeof knobs / sizeof knobs[0];

const knob_t *knob_find(const char *name)
{
	for (size_t i = 0; i < n_knobs; i++)
		if (strcmp(knobs[i].name, name) == 0)
			return &knobs[i];
	return NULL;
}

double knob_get(const knob_t *k, const design_t *d)
{
	const char *base = (const char *)d + k->offset;
	if (k->type == KNOB_DOUBLE)
		return *(const double *)base;
	return *(const int *)base;
}

int knob_set_num(const knob_t *k, design_t *d, double v, char *err, size_t errlen)
{
	char *base = (char *)d + k->offset;
	if (!isfinite(v) || v < k->lo || v > k->hi) {
		snprintf(err, errlen, "%s: %g is out of range [%g, %g]", k->name, v, k->lo, k->hi);
		return -1;
	}
	if (k->type == KNOB_DOUBLE) {
		*(double *)base = v;
		return 0;
	}
	if (v != floor(v)) {
		snprintf(err, errlen, "%s: expected an integer, got %g", k->name, v);
		return -1;
	}
	*(int *)base = (int)v;
	return 0;
}

static void enum_list(const knob_t *k, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; k->enums[i] && used < len; i++)
		used += snprintf(buf + used, len - used, "%s%s", i ? ", " : "", k->enums[i]);
}

int knob_set(design_t *d, const char *name, const char *value, char *err, size_t errlen)
{
	const knob_t *k = knob_find(name);
	if (!k) {
		snprintf(err, errlen, "unknown knob \"%s\" (gpudse list knobs)", name);
		return -1;
	}
	if (k->type == KNOB_ENUM) {
		for (int i = 0; k->enums[i]; i++)
			if (strcasecmp(k->enums[i], value) == 0)
				return knob_set_num(k, d, i, err, errlen);
		char opts[256];
		enum_list(k, opts, sizeof opts);
		snprintf(err, errlen, "%s: expected one of %s, got \"%s\"", name, opts, value);
		return -1;
	}
	if (k->type == KNOB_BOOL) {
		if (!strcmp(value, "1") || !strcasecmp(value, "true") || !strcasecmp(value, "on"))
			return knob_set_num(k, d, 1, err, errlen);
		if (!strcmp(value, "0") || !strcasecmp(value, "false") || !strcasecmp(value, "off"))
			return knob_set_num(k, d, 0, err, errlen);
		snprintf(err, errlen, "%s: expected true or false, got \"%s\"", name, value);
		return -1;
	}
	if (k->offset == offsetof(design_t, rfc_sthld) && !strcasecmp(value, "dynamic"))
		return knob_set_num(k, d, RFC_STHLD_DYNAMIC, err, errlen);
	char *end;
	errno = 0;
	double v = strtod(value, &end);
	if (end == value || *end || errno) {
		if (k->type == KNOB_INT)
			snprintf(err, errlen, "%s: expected an integer in [%g, %g], got \"%s\"", name, k->lo, k->hi, value);
		else
			snprintf(err, errlen, "%s: expected a number in [%g, %g], got \"%s\"", name, k->lo, k->hi, value);
		return -1;
	}
	return knob_set_num(k, d, v, err, errlen);
}

void knob_format(const knob_t *k, const design_t *d, char *buf, size_t len)
{
	knob_format_value(k, knob_get(k, d), buf, len);
}

void knob_format_value(const knob_t *k, double v, char *buf, size_t len)
{
	/* a value outside the knob's spellings (only a foreign database holds one) prints as the
	 * number it is, never as a spelling it is not */
	if (k->type == KNOB_ENUM && v >= 0 && v <= k->hi && v == floor(v))
		snprintf(buf, len, "%s", k->enums[(int)v]);
	else if (k->type == KNOB_BOOL && (v == 0 || v == 1))
		snprintf(buf, len, "%s", v ? "true" : "false");
	else if (k->offset == offsetof(design_t, rfc_sthld) && v == RFC_STHLD_DYNAMIC)
		snprintf(buf, len, "dynamic");
	else
		snprintf(buf, len, "%.10g", v);
}

int knob_parse_value(const knob_t *k, const char *text, double *v, char *err, size_t errlen)
{
	design_t d;
	design_default(&d);
	if (knob_set(&d, k->name, text, err, errlen) < 0)
		return -1;
	*v = knob_get(k, &d);
	return 0;
}

int design_parse(const char *spec, design_t *d, char *err, size_t errlen)
{
	design_default(d);
	char buf[1024];
	if (strlen(spec) >= sizeof buf) {
		snprintf(err, errlen, "design too long");
		return -1;
	}
	strcpy(buf, spec);
	char *save = NULL;
	for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		while (*tok == ' ')
			tok++;
		if (!*tok)
			continue;
		char *eq = strchr(tok, '=');
		if (!eq) {
			snprintf(err, errlen, "\"%s\": expected knob=value", tok);
			return -1;
		}
		*eq = '\0';
		if (knob_set(d, tok, eq + 1, err, errlen) < 0)
			return -1;
	}
	return 0;
}
