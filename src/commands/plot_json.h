/*
 * plot_json.h -- the plots of gpudse plot drawn from JSON reports rather than a study
 * database: stacked bars of `gpudse explain --json` breakdowns (CPI stack, energy or area by
 * component, one bar per file) and `gpudse validate --format json` as gpudse-versus-paper
 * with each row's tolerance band.
 */
#ifndef GPUDSE_COMMANDS_PLOT_JSON_H
#define GPUDSE_COMMANDS_PLOT_JSON_H

typedef struct plot_opts {
	const char *out;
	int fmt;                /* plot_format_t */
	int width, height;
	double font_size;
	const char *title;      /* NULL: a title saying what was drawn */
} plot_opts_t;

/* what: "cpi", "energy" or "area"; files: comma-separated explain --json outputs. */
int plot_explain_stack(const char *what, const char *files, const plot_opts_t *o);

/* file: a validate --format json array; paper: NULL or one paper's rows. */
int plot_validation(const char *file, const char *paper, const plot_opts_t *o);

#endif
