/* dbpath.h -- the default results database: $GPUDSE_DB, else ./results.db in the working
 * directory.  Never a path beside the binary: a copied or installed (read-only) binary must
 * not look for, or write, a database next to itself.  `make run` passes --db db/results.db. */
#ifndef GPUDSE_DBPATH_H
#define GPUDSE_DBPATH_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static inline const char *default_db_path(char *buf, size_t len)
{
	const char *env = getenv("GPUDSE_DB");
	snprintf(buf, len, "%s", env && *env ? env : "results.db");
	return buf;
}

#endif
