/* model_setup.c -- the shared setup of the `gpudse model` mechanism commands (model_setup.h). */
#include "commands/model_setup.h"

#include <string.h>

#include "cli.h"
#include "commands/json_tables.h"
#include "presets/gpu_json.h"
#include "knobs.h"

int model_setup_gpu(model_setup_t *s, const char *cmd, const char *gpu_name)
{
	memset(s, 0, sizeof *s);
	s->cmd = cmd;
	return gpu_load(gpu_name, &s->g);
}

int model_setup_profile(model_setup_t *s, const char *pfile)
{
	int rc = profile_load(pfile, &s->p);
	if (rc)
		return rc;
	s->pfile = pfile;
	const char *werr = NULL;
	s->w = wctx_alloc(&s->g, &s->p, &werr);
	if (!s->w)
		return err_user("%s: %s: %s", s->cmd, pfile, werr);
	return 0;
}

int model_setup_eval(model_setup_t *s, const design_t *d, const char *(*rule)(const char *why))
{
	design_t base;
	design_default(&base);
	const char *why = NULL;
	if (gpu_eval_detail(&s->g, &base, s->w, &s->msb, &s->mb, NULL, &why) != 0 ||
	    gpu_eval_detail(&s->g, d, s->w, &s->msd, &s->md, &s->det, &why) != 0)
		return err_user("%s: %s", s->cmd, rule ? rule(why) : why ? why : "illegal design");
	return 0;
}

int model_setup_knob(const char *cmd, design_t *d, const char *opt, const char *knob, const char *value)
{
	char err[256];
	if (knob_set(d, knob, value, err, sizeof err) != 0)
		return err_user("%s: %s: %s", cmd, opt, err);
	return 0;
}

void model_setup_memsys_json(cJSON *parent, const model_setup_t *s, const char *keys,
	const char *station_keys, int with_util, const char *fmt)
{
	cJSON *mo = cJSON_AddObjectToObject(parent, "memsys");
	json_add_keys(mo, &memsys_json, &s->msd, NULL, keys, fmt);
	cJSON *st = cJSON_AddArrayToObject(mo, "stations");
	for (int i = 0; i < s->msd.n_extra; i++) {
		const ms_station_t *x = &s->msd.extra[i];
		cJSON *o = cJSON_CreateObject();
		json_add_keys(o, &station_json, x, NULL, station_keys, fmt);
		for (int k = 0; with_util && k < s->det.n; k++)
			if (s->det.st[k].name && strcmp(s->det.st[k].name, x->name) == 0) {
				json_add_num(o, "util", s->det.st[k].util);
				json_add_num(o, "resid_per_inst", s->det.st[k].resid);
			}
		cJSON_AddItemToArray(st, o);
	}
}

void model_setup_free(model_setup_t *s)
{
	wctx_free(s->w);
	s->w = NULL;
	if (s->pfile)
		profile_free(&s->p);
	s->pfile = NULL;
}
