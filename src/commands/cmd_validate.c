/* cmd_validate.c -- `gpudse validate`: the paper-reproduction report.  Every gpudse value is
 * computed by the models (src/validation/validate_<paper>.c); the paper values are typed in from the
 * papers' text (../shared/papers, numbers sheet in its README). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands/commands.h"
#include "output.h"
#include "validation/validate.h"
#include "stats/model_error.h"
#include "validation/validate_accelsim.h"
#include "validation/validate_causes.h"
#include "presets/gpu_json.h"

const char help_validate[] =
	"usage: gpudse validate [--paper morpheus|dcl1|fuse|malekeh] [--format table|markdown|json|csv]\n"
	"                       [--workloads]\n"
	"       gpudse validate --accelsim [--runs DIR] [--split all|dev|heldout]\n"
	"                       [--format table|markdown|csv]\n"
	"       gpudse validate --error-model [--level L] [--format table|csv]\n"
	"\n"
	"The paper-reproduction report: each row compares a number one of the four source papers\n"
	"states with the value gpudse's models compute.  Structural numbers (capacities, crossbar\n"
	"shapes, storage) come from the models directly; performance magnitudes are geometric means\n"
	"over the shipped profiles of the paper's study (studies/*.json), against the study's own\n"
	"baseline, each workload loaded once.  Status:\n"
	"  exact  a structural identity, equal at the precision the paper gives\n"
	"  close  a model magnitude within the row's stated tolerance\n"
	"  off    outside it (reported plainly: several magnitudes are known to be off)\n"
	"  n/a    the model could not compute it\n"
	"The command exits 0 whatever the statuses (it is a report), 1 on a bad option.\n"
	"\n"
	"  --paper P     only the rows of paper P: morpheus, dcl1, fuse or malekeh (default: all)\n"
	"  --format F    table (default), markdown (the whole docs/validation.md page), json, csv\n"
	"  --workloads   also one row per workload under the main performance magnitudes\n"
	"                (\"  NAME: quantity\", against the paper's mean, not counted in the\n"
	"                summary), to see which workloads a mean hides\n"
	"\n"
	"  --accelsim    instead: gpudse against the Accel-Sim reference set, one row per simulation\n"
	"                log (IPC, L1 and L2 hit rates, DRAM bandwidth), the mean and worst errors,\n"
	"                the SM-count saturation point and the 4x-L2 speedup per kernel\n"
	"                (docs/validation.md \"Against Accel-Sim\"); csv: the rows as data\n"
	"  --runs DIR    the logs, DIR/PRESET/CONFIG/KERNEL.log.xz (default\n"
	"                calibration/accelsim/runs)\n"
	"  --split H     which runs: all (default; the development and held-out halves are\n"
	"                summarised separately), dev or heldout.  The held-out kernels are listed\n"
	"                in DIR/../heldout.txt (calibration/accelsim/heldout.txt states its rule)\n"
	"\n"
	"  --error-model the model-error source of every stored result's interval (issue 23,\n"
	"                src/stats/model_error.h): per metric the bias and sd of log(reference /\n"
	"                gpudse) over the development runs of calibration/accelsim/results.csv, the\n"
	"                share common to a kernel's configurations, and the coverage of the stated\n"
	"                central L interval (default 0.9) on the development and held-out runs\n"
	"\n"
	"example: gpudse validate --paper dcl1\n"
	"         gpudse validate --paper malekeh --workloads\n"
	"         gpudse validate --format markdown > docs/validation.md\n";

static const struct { const char *name; int bit; int (*fn)(vreport_t *); } papers[] = {
	{ "morpheus", VP_MORPHEUS, validate_morpheus },
	{ "dcl1", VP_DCL1, validate_dcl1 },
	{ "fuse", VP_FUSE, validate_fuse },
	{ "malekeh", VP_MALEKEH, validate_malekeh },
};
#define N_PAPERS (int)(sizeof papers / sizeof papers[0])

static const char *const paper_title[N_PAPERS] = {
	"Morpheus (MICRO 2022): cache-mode SMs as an extended LLC",
	"DC-L1 (HPCA 2021): decoupled, shared and clustered L1s",
	"FUSE (HPCA 2019): SRAM + STT-MRAM hybrid L1",
	"Malekeh (MICRO 2023): register-file cache in the operand collectors",
};
static const char *const paper_label[N_PAPERS] = { "Morpheus", "DC-L1", "FUSE", "Malekeh" };

/* Rows per status (exact, close, off, n/a) of one paper (NULL: all), per-workload rows left
 * out; returns the number of rows counted. */
static int count(const vreport_t *r, const char *paper, int c[4])
{
	static const char *const st[4] = { "exact", "close", "off", "n/a" };
	memset(c, 0, 4 * sizeof *c);
	for (int i = 0; i < r->n; i++)
		if (!r->row[i].detail && (!paper || !strcmp(r->row[i].paper, paper)))
			for (int k = 0; k < 4; k++)
				if (!strcmp(r->row[i].status, st[k]))
					c[k]++;
	return c[0] + c[1] + c[2] + c[3];
}

/* A markdown cell: '|' escaped. */
static void md_cell(const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			putchar('\\');
		putchar(*s);
	}
}

static int print_markdown(const vreport_t *r)
{
	int c[4], total = count(r, NULL, c);
	printf("# gpudse validation: the paper-reproduction report\n\n"
	       "This page is generated by the command itself, from the models and the shipped profiles\n"
	       "as they were in the commit that last changed it; regenerate it after a model or profile\n"
	       "change:\n\n"
	       "    gpudse validate --format markdown > docs/validation.md\n\n"
	       "`gpudse validate --workloads` adds one row per workload under the main performance\n"
	       "magnitudes (which workloads a mean hides); `gpudse help validate` lists the options.\n\n"
	       "Each row compares a number a source paper states (typed in from the paper's text,\n"
	       "../shared/papers) with the value gpudse computes; nothing in the gpudse column is typed\n"
	       "in.  Structural numbers come from the models' closed forms; performance magnitudes are\n"
	       "geometric means over the shipped profiles of the paper's study (studies/*.json), against\n"
	       "the study's own baseline (hit ratios: arithmetic means).  Where the paper picks the\n"
	       "best SM count per application (Morpheus, Table 3), so does the report.\n\n"
	       "Status: **exact** = a structural identity, equal at the precision the paper states;\n"
	       "**close** = within the row's tolerance (absolute, in points for percentages, or\n"
	       "relative); **off** = outside it; **n/a** = not computable.  Off rows are the known\n"
	       "limits of the models and the synthetic profiles: read them before trusting a\n"
	       "magnitude.  `gpudse validate --format json` gives the same rows as data.\n\n"
	       "Summary: %d rows, %d exact, %d close, %d off, %d n/a.\n\n",
	       total, c[0], c[1], c[2], c[3]);
	for (int p = 0; p < N_PAPERS; p++) {
		count(r, paper_label[p], c);
		if (c[0] + c[1] + c[2] + c[3] == 0)
			continue;
		printf("## %s\n\n%d exact, %d close, %d off, %d n/a.\n\n", paper_title[p], c[0], c[1], c[2], c[3]);
		printf("| quantity | paper value | gpudse | status | tolerance | source |\n"
		       "| --- | ---: | ---: | --- | --- | --- |\n");
		for (int i = 0; i < r->n; i++) {
			const vrow_t *v = &r->row[i];
			if (strcmp(v->paper, paper_label[p]))
				continue;
			const char *cells[6] = { v->quantity, v->paper_txt, v->model_txt, v->status, v->tol, v->source };
			for (int k = 0; k < 6; k++) {
				fputs(k ? " | " : "| ", stdout);
				if (k == 3 && strcmp(v->status, "exact") && strcmp(v->status, "close"))
					printf("**%s**", v->status);
				else if (k == 0 && v->detail) {
					fputs("&emsp;", stdout);          /* per-workload row, indented */
					md_cell(cells[k] + strspn(cells[k], " "));
				} else
					md_cell(cells[k]);
			}
			puts(" |");
		}
		putchar('\n');
		/* the causes of the off rows (validate_causes.h) */
		int header = 0;
		for (int i = 0; i < r->n; i++) {
			const vrow_t *v = &r->row[i];
			if (strcmp(v->paper, paper_label[p]) || v->detail || strcmp(v->status, "off"))
				continue;
			if (!header++)
				printf("Why the off rows are off (\"checked\": traced with `gpudse explain`; \"likely\": not yet "
				       "verified; \"not traced\": only when the row moved):\n\n");
			const char *why = vr_cause_of(v->paper, v->quantity);
			fputs("- ", stdout);
			md_cell(v->quantity);
			printf(": %s\n", why ? why : "no cause recorded yet.");
		}
		if (header)
			putchar('\n');
	}
	if (r->paper_mask == VP_MORPHEUS + VP_DCL1 + VP_FUSE + VP_MALEKEH) {   /* the whole page */
		char dir[1100];
		snprintf(dir, sizeof dir, "%s/calibration/accelsim/runs", gpudse_root());
		int rc = validate_accelsim_section(dir);
		if (rc)
			return rc;
	}
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : err_internal("validate: cannot write stdout");
}

static int print_rows(const vreport_t *r, enum out_format f)
{
	output_t *o;
	if (f == OUT_TABLE) {
		const char *cols[] = { "paper", "quantity", "paper value", "gpudse", "status", "tolerance", "source" };
		o = out_begin(f, 7, cols);
		for (int i = 0; i < r->n; i++) {
			const vrow_t *v = &r->row[i];
			const char *t[7] = { v->paper, v->quantity, v->paper_txt, v->model_txt, v->status, v->tol, v->source };
			out_row(o, t, NULL);
		}
	} else {
		const char *cols[] = { "paper", "quantity", "paper_value", "gpudse", "unit", "paper_text",
		                       "gpudse_text", "status", "tolerance", "source" };
		o = out_begin(f, 10, cols);
		for (int i = 0; i < r->n; i++) {
			const vrow_t *v = &r->row[i];
			char pv[32], mv[32];
			snprintf(pv, sizeof pv, "%.10g", v->paper_num);
			snprintf(mv, sizeof mv, "%.10g", v->model_num);
			int isnum[10] = { 0, 0, 1, 1, 0, 0, 0, 0, 0, 0 };
			const char *t[10] = { v->paper, v->quantity, !isnan(v->paper_num) ? pv : NULL,
			                      !isnan(v->model_num) ? mv : NULL, v->unit, v->paper_txt,
			                      v->model_txt, v->status, v->tol, v->source };
			out_row(o, t, isnum);
		}
	}
	int rc = out_end(o);
	if (rc == 0 && f == OUT_TABLE) {
		int c[4], total = count(r, NULL, c);
		printf("\n%d rows: %d exact, %d close, %d off, %d n/a%s\n", total, c[0], c[1], c[2], c[3],
		       r->detail ? " (per-workload rows not counted)" : "");
	}
	return rc;
}

int cmd_validate(int argc, char **argv)
{
	cli_args_t a;
	args_init(&a, "validate", argc - 1, argv + 1);
	const char *paper = args_str(&a, "--paper", NULL);
	const char *fmt = args_str(&a, "--format", "table");
	int detail = args_flag(&a, "--workloads");
	int accelsim = args_flag(&a, "--accelsim");
	const char *runs = args_str(&a, "--runs", NULL);
	const char *split = args_str(&a, "--split", NULL);
	int errmodel = args_flag(&a, "--error-model");
	double level = args_double(&a, "--level", 0.9, 0.01, 0.999);
	int rc = args_finish(&a, 0);
	if (rc)
		return rc;
	if (errmodel) {
		if (accelsim || paper || detail || runs || split)
			return err_user("validate: --error-model takes only --level and --format");
		if (strcmp(fmt, "table") && strcmp(fmt, "csv"))
			return err_user("validate: --format: expected table or csv with --error-model, got \"%s\"", fmt);
		char dir[1100];
		model_err_t me;
		snprintf(dir, sizeof dir, "%s/calibration/accelsim", gpudse_root());
		if ((rc = merr_load(dir, &me)))
			return rc;
		merr_print(&me, level, !strcmp(fmt, "csv"), stdout);
		merr_free(&me);
		return 0;
	}
	if (runs && !accelsim)
		return err_user("validate: --runs needs --accelsim");
	if (split && !accelsim)
		return err_user("validate: --split needs --accelsim");
	int sp = split ? as_split_parse(split) : AS_SPLIT_ALL;
	if (sp < 0)
		return err_user("validate: --split: expected all, dev or heldout, got \"%s\"", split);
	if (accelsim) {
		if (paper || detail)
			return err_user("validate: --accelsim does not take --paper or --workloads");
		char def[1100];
		snprintf(def, sizeof def, "%s/calibration/accelsim/runs", gpudse_root());
		return validate_accelsim(runs ? runs : def, fmt, (as_split_t)sp);
	}
	int markdown = !strcmp(fmt, "markdown");
	int f = markdown ? OUT_TABLE : out_format_parse(fmt);
	if (f < 0)
		return err_user("validate: --format: expected table, markdown, json or csv, got \"%s\"", fmt);
	vreport_t r;
	memset(&r, 0, sizeof r);
	r.detail = detail;
	for (int p = 0; p < N_PAPERS; p++)
		if (!paper || !strcmp(paper, papers[p].name))
			r.paper_mask |= papers[p].bit;
	if (!r.paper_mask)
		return err_user("validate: --paper: expected morpheus, dcl1, fuse or malekeh, got \"%s\"", paper);
	for (int p = 0; p < N_PAPERS && !rc; p++)
		if (r.paper_mask & papers[p].bit)
			rc = papers[p].fn(&r);
	if (!rc)
		rc = markdown ? print_markdown(&r) : print_rows(&r, (enum out_format)f);
	free(r.row);
	return rc;
}
