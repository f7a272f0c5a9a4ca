/* profile.c -- lookups over a profile_t and its release.  No I/O. */
#include "profile.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const rl_class_name[RL_NCLASS] = { "wm", "ri", "worm", "woro" };

const profile_stream_t *profile_stream(const profile_t *p, const char *name)
{
	for (size_t i = 0; i < p->n_streams; i++)
		if (strcmp(p->streams[i].name, name) == 0)
			return &p->streams[i];
	return NULL;
}

const profile_stream_t *profile_group(const profile_t *p, int g)
{
	for (size_t i = 0; i < p->n_streams; i++)
		if (p->streams[i].group == g)
			return &p->streams[i];
	return NULL;
}

void reuse_hist_free(reuse_hist_t *h)
{
	free(h->lo);
	free(h->hi);
	free(h->count);
	memset(h, 0, sizeof *h);
}

int reuse_hist_consistent(const reuse_hist_t *h)
{
	double sum = h->cold;
	if (!(h->cold >= 0.0))
		return 0;
	for (size_t i = 0; i < h->n; i++) {
		if (!(h->count[i] >= 0.0) || !(h->lo[i] < h->hi[i]) || (i > 0 && h->lo[i] < h->hi[i - 1]))
			return 0;
		sum += h->count[i];
	}
	return fabs(sum - h->total) <= 1e-9 * (h->total > 1.0 ? h->total : 1.0);
}

void profile_rgroups_free(profile_rgroups_t *rg)
{
	if (!rg)
		return;
	free(rg->sd);
	free(rg->rt);
	free(rg->sd_we);
	for (int c = 0; c < RL_NCLASS; c++)
		free(rg->cls[c]);
	free(rg->writes);
	free(rg);
}

void profile_free(profile_t *p)
{
	for (size_t i = 0; i < p->n_streams; i++) {
		profile_stream_t *s = &p->streams[i];
		reuse_hist_free(&s->sd);
		reuse_hist_free(&s->rt);
		reuse_hist_free(&s->sd_we);
		free(s->sa);
		free(s->sa_we);
		free(s->sa_wna);
		free(s->sa_deep);
		s->sa_deep = NULL;
		reuse_hist_free(&s->sd_exact);
		reuse_hist_free(&s->sd_sector);
		reuse_hist_free(&s->sector_sd);
		reuse_hist_free(&s->sector_sd_w);
		reuse_hist_free(&s->sector_wb);
		s->sa = s->sa_we = s->sa_wna = NULL;
		for (int c = 0; c < RL_NCLASS; c++)
			reuse_hist_free(&s->cls_sd[c]);
		profile_rgroups_free(s->rg);
		s->rg = NULL;
	}
	free(p->streams);
	reuse_hist_free(&p->reg_rd);
	for (size_t i = 0; i < p->n_phases; i++)
		reuse_hist_free(&p->phases[i].reg_rd);
	free(p->phases);
	for (size_t i = 0; i < p->n_homes; i++)
		free(p->homes[i].frac);
	free(p->homes);
	for (size_t i = 0; i < p->n_nodes; i++)
		free(p->nodes[i].set_counts);
	free(p->nodes);
	free(p->obs);
	profile_shape_free(&p->shape);
	free(p->fuse_sample.key_hash);
	free(p->fuse_sample.ref);
	memset(p, 0, sizeof *p);
}
