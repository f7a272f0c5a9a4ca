/* dbpath.h -- the default results database: db/results.db under the gpudse directory. */
#ifndef GPUDSE_DBPATH_H
#define GPUDSE_DBPATH_H

#include <stddef.h>
#include <stdio.h>

#include "gpu_json.h"

static inline const char *default_db_path(char *buf, size_t len)
{
	snprintf(buf, len, "%s/db/results.db", gpudse_root());
	return buf;
}

#endif
