/*
 * json_tables.h -- one field table (json_writer.h) for every struct a command prints as JSON;
 * each command picks the keys it prints, in its order, with json_add_keys.  A new model's
 * outputs get their table here, next to the others.
 */
#ifndef GPUDSE_JSON_TABLES_H
#define GPUDSE_JSON_TABLES_H

#include "bfpred.h"
#include "bloom.h"
#include "dcl1.h"
#include "fuse.h"
#include "gpu.h"
#include "json_writer.h"
#include "morpheus.h"
#include "profiling/generators/gen.h"
#include "queue.h"
#include "malekeh.h"
#include "sthld_fsm.h"
#include "sttmram.h"

/* metrics_t, with speedup, energy_ratio and l1_miss_reduction derived against the baseline's
 * metrics (json_add_keys' `base`) */
extern const json_table_t metrics_json;
extern const json_table_t memsys_json;     /* memsys_t */
extern const json_table_t station_json;    /* ms_station_t */
extern const json_table_t station_report_json; /* gpu_station_report_t */
extern const json_table_t detail_json;     /* gpu_detail_t */
extern const json_table_t stt_load_json;   /* stt_load_t */
extern const json_table_t stt_block_json;  /* stt_block_t */
extern const json_table_t tagsearch_json;  /* bloom_tagsearch_t */
extern const json_table_t dcl1_eval_json;  /* dcl1_eval_t */
extern const json_table_t dcl1_shape_json; /* dcl1_shape_t */
extern const json_table_t fuse_hit_json;   /* fuse_hit_t */
extern const json_table_t fuse_eff_json;   /* fuse_eff_t */
extern const json_table_t mor_rf_set_json; /* mor_rf_set_t */
extern const json_table_t mor_layout_json; /* mor_layout_t */
extern const json_table_t mor_params_json; /* mor_params_t */
extern const json_table_t bfpred_json;     /* bfpred_result_t */
extern const json_table_t mor_eval_json;   /* mor_eval_t */
extern const json_table_t queue_open_json; /* queue_open_t */
extern const json_table_t queue_md1k_json; /* queue_md1k_t */
extern const json_table_t queue_xbar_json; /* queue_xbar_t */
extern const json_table_t malekeh_res_json;  /* malekeh_res_t */
extern const json_table_t malekeh_work_json; /* malekeh_work_t */
extern const json_table_t malekeh_dyn_json;  /* malekeh_dyn_t */
extern const json_table_t bloom_cbf_json;  /* bloom_cbf_t */
extern const json_table_t gen_stats_json;  /* gen_stats_t */

/* Every table above, NULL-terminated (test_json_writer checks each). */
extern const json_table_t *const json_tables_all[];

#endif
