/* gen_synth.c -- synthesized load -> use dependences; see gen_synth.h. */
#include "profiling/generators/gen_synth.h"

#include <string.h>

#include "profiling/trace_accelsim.h"

int gen_synth_inst(gen_synth_t *s, int is_load, int src[GEN_SYNTH_MAX_SRC], int *ns)
{
	*ns = 0;
	if (is_load) {                        /* a load writes a fresh register */
		int dst = GEN_SYNTH_REG0 + s->nextreg;
		s->nextreg = (s->nextreg + 1) % GEN_SYNTH_NREG;
		if (s->npend == GEN_SYNTH_MAX_SRC) {
			memmove(s->pend, s->pend + 1, (GEN_SYNTH_MAX_SRC - 1) * sizeof *s->pend);
			s->npend = GEN_SYNTH_MAX_SRC - 1;
		}
		s->pend[s->npend++] = dst;
		return dst;
	}
	for (int i = 0; i < s->npend; i++)   /* anything else consumes them */
		src[(*ns)++] = s->pend[i];
	s->npend = 0;
	return -1;
}

int gen_synth_width(const gen_inst_t *in, uint32_t mask, const uint64_t *a)
{
	int width = accelsim_opcode_width(gen_inst_opcode(in));
	if (width > 1 && a)
		for (int l = 0; l < GEN_WARP; l++)
			if (mask >> l & 1 && a[l] % (uint64_t)width)
				return 1;
	return width;
}
