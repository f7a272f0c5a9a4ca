/* explain_uncert.c -- explain's uncertainty section (see explain_uncert.h). */
#include "commands/explain_uncert.h"

#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "columns.h"
#include "stats/uncert_src.h"

static int source_bit(const char *name)
{
	for (int i = 0; i < 3; i++)
		if (!strcmp(name, usrc_name[i]))
			return 1 << i;
	return 0;
}

int explain_uncert_combine(const store_uncert_t *rows, int n, unsigned mask, const char *metric,
	double *bias, double *sd)
{
	double b = 0, v = 0;
	int k = 0;
	for (int i = 0; i < n; i++)
		if (!strcmp(rows[i].metric, metric) && (source_bit(rows[i].source) & mask)) {
			b += rows[i].log_bias;
			v += rows[i].log_sd * rows[i].log_sd;
			k++;
		}
	*bias = b;
	*sd = sqrt(v);
	return k;
}

void explain_uncert_print(const metrics_t *m, const store_uncert_t *rows, int n, unsigned mask,
	double level, const char *origin)
{
	double z = gsl_cdf_ugaussian_Pinv((1 + level) / 2);
	printf("\nuncertainty: central %.0f%% interval = value x exp(bias -+ %.4g sd) over the sources %s\n",
		100 * level, z, origin);
	printf("  %-12s %14s %14s %14s  %s\n", "metric", "value", "low", "high", "sources: log-sd (bias)");
	int shown = 0;
	for (size_t c = 0; c < n_metric_cols; c++) {
		double b, sd;
		if (!explain_uncert_combine(rows, n, mask, metric_cols[c].name, &b, &sd))
			continue;
		double v = metric_value(&metric_cols[c], m);
		printf("  %-12s %14.6g %14.6g %14.6g  ", metric_cols[c].name, v, v * exp(b - z * sd), v * exp(b + z * sd));
		for (int i = 0; i < n; i++)
			if (!strcmp(rows[i].metric, metric_cols[c].name) && (source_bit(rows[i].source) & mask))
				printf("%s %.3g (%+.3g)  ", rows[i].source, rows[i].log_sd, rows[i].log_bias);
		printf("\n");
		shown++;
	}
	if (!shown)
		printf("  (no metric has a stated error from the chosen sources)\n");
	printf("  not quantified: every other metric (no source measures it)\n");
	const char *said[3] = { NULL, NULL, NULL };
	for (int i = 0; i < n; i++) {
		int b = source_bit(rows[i].source);
		int k = b == 1 ? 0 : b == 2 ? 1 : 2;
		if ((b & mask) && !said[k]) {
			said[k] = rows[i].detail;
			printf("  %s: %s\n", rows[i].source, rows[i].detail);
		}
	}
}

void explain_uncert_json(cJSON *report, const metrics_t *m, const store_uncert_t *rows, int n,
	unsigned mask, double level, const char *origin)
{
	double z = gsl_cdf_ugaussian_Pinv((1 + level) / 2);
	cJSON *u = cJSON_AddObjectToObject(report, "uncertainty");
	cJSON_AddNumberToObject(u, "level", level);
	cJSON_AddStringToObject(u, "origin", origin);
	cJSON *ms = cJSON_AddObjectToObject(u, "metrics");
	for (size_t c = 0; c < n_metric_cols; c++) {
		double b, sd;
		if (!explain_uncert_combine(rows, n, mask, metric_cols[c].name, &b, &sd))
			continue;
		double v = metric_value(&metric_cols[c], m);
		cJSON *e = cJSON_AddObjectToObject(ms, metric_cols[c].name);
		cJSON_AddNumberToObject(e, "value", v);
		cJSON_AddNumberToObject(e, "low", v * exp(b - z * sd));
		cJSON_AddNumberToObject(e, "high", v * exp(b + z * sd));
		cJSON_AddNumberToObject(e, "log_bias", b);
		cJSON_AddNumberToObject(e, "log_sd", sd);
		cJSON *src = cJSON_AddObjectToObject(e, "sources");
		for (int i = 0; i < n; i++)
			if (!strcmp(rows[i].metric, metric_cols[c].name) && (source_bit(rows[i].source) & mask)) {
				cJSON *s = cJSON_AddObjectToObject(src, rows[i].source);
				cJSON_AddNumberToObject(s, "log_sd", rows[i].log_sd);
				cJSON_AddNumberToObject(s, "log_bias", rows[i].log_bias);
				cJSON_AddNumberToObject(s, "shared", rows[i].shared);
				cJSON_AddStringToObject(s, "detail", rows[i].detail);
			}
	}
}
