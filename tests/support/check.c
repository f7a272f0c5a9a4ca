/* check.c -- bookkeeping for tests/support/check.h. */
#include "support/check.h"

int check_passed_;
int check_failed_;

void check_record(int ok, const char *file, int line, const char *what, const char *detail)
{
	if (ok) {
		check_passed_++;
		return;
	}
	check_failed_++;
	fprintf(stderr, "FAIL %s:%d: %s: %s\n", file, line, what, detail ? detail : "");
}

int check_summary(const char *suite)
{
	printf("%s: %d passed, %d failed\n", suite, check_passed_, check_failed_);
	return check_failed_ ? 1 : 0;
}
