/*
 * model_json.h -- one field table (json_writer.h) per model struct that more than one command
 * prints; each command picks the keys it prints, in its order, with json_add_keys.
 */
#ifndef GPUDSE_MODEL_JSON_H
#define GPUDSE_MODEL_JSON_H

#include "bloom.h"
#include "gpu.h"
#include "json_writer.h"
#include "sttmram.h"

/* metrics_t, with speedup, energy_ratio and l1_miss_reduction derived against the baseline's
 * metrics (json_add_keys' `base`) */
extern const json_table_t metrics_json;
extern const json_table_t memsys_json;       /* memsys_t */
extern const json_table_t station_json;      /* ms_station_t */
extern const json_table_t stt_load_json;     /* stt_load_t */
extern const json_table_t stt_block_json;    /* stt_block_t */
extern const json_table_t tagsearch_json;    /* bloom_tagsearch_t */

#endif
