/*
 * commands.h -- every `gpudse` command.  Each takes the words after the command name
 * (argv[0] is the command itself) and returns the exit status.
 */
#ifndef GPUDSE_COMMANDS_H
#define GPUDSE_COMMANDS_H

typedef int (*cmd_fn)(int argc, char **argv);

typedef struct command {
	const char *name;
	cmd_fn fn;
	const char *summary;   /* one line for `gpudse help` */
	const char *help;      /* full text for `gpudse help NAME`: usage, options, an example */
} command_t;

int cmd_sweep(int argc, char **argv);
int cmd_pareto(int argc, char **argv);
int cmd_query(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_profile(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_calibrate(int argc, char **argv);
int cmd_model(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_characterise(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_tech(int argc, char **argv);
int cmd_preset(int argc, char **argv);
int cmd_sensitivity(int argc, char **argv);

/* `gpudse model NAME`: one file per model family, src/commands/cmd_model_NAME.c */
int cmd_model_hitrate(int argc, char **argv);
int cmd_model_queue(int argc, char **argv);
int cmd_model_bloom(int argc, char **argv);
int cmd_model_stt(int argc, char **argv);
int cmd_model_fuse(int argc, char **argv);
int cmd_model_dcl1(int argc, char **argv);
int cmd_model_morpheus(int argc, char **argv);
int cmd_model_rfcache(int argc, char **argv);

/* Each command's file defines its full help text (usage, every option, an example) as
 * help_<name>, e.g. help_sweep, help_model_hitrate.  The tables are in main.c and cmd_model.c. */
extern const char help_sweep[], help_pareto[], help_query[], help_export[], help_merge[],
	help_profile[], help_trace[], help_calibrate[], help_model[], help_explain[], help_list[],
	help_validate[], help_plot[], help_report[], help_tech[], help_preset[], help_sensitivity[],
	help_characterise[];
extern const char help_model_hitrate[], help_model_queue[], help_model_bloom[], help_model_stt[],
	help_model_fuse[], help_model_dcl1[], help_model_morpheus[], help_model_rfcache[];

extern const command_t gpudse_commands[];
extern const command_t model_commands[];
const command_t *command_find(const command_t *table, const char *name);
void command_print_help(const command_t *c, const char *prefix);

#endif
