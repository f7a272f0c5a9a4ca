/* fuzz_expr.c -- the expression compiler and evaluator (src/expr.c): the input as one
 * expression (NUL-terminated copy), evaluated on the default design when it compiles. */
#include "fuzz_common.h"
#include "expr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *src = malloc(size + 1);
	if (!src)
		abort();
	memcpy(src, data, size);
	src[size] = '\0';
	expr_t e;
	char err[256];
	if (expr_compile(&e, src, err, sizeof err) == 0) {
		design_t d;
		design_default(&d);
		(void)expr_eval(&e, &d);
		(void)expr_knobs(&e);
	}
	free(src);
	return 0;
}
