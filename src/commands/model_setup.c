/* model_setup.c -- the shared setup of the `gpudse model` mechanism commands (model_setup.h). */
#include "commands/model_setup.h"

#include <string.h>

#include "cli.h"
#include "gpu_json.h"

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

void model_setup_free(model_setup_t *s)
{
	wctx_free(s->w);
	s->w = NULL;
	if (s->pfile)
		profile_free(&s->p);
	s->pfile = NULL;
}
