# nvsim-tagforce.sed -- applied by regenerate.sh to a copy of NVSim's main.cpp (SEAL-UCSB/NVSim
# 6334d00) to build a second binary, nvsim-tagforce, outside this repository.
#
# Why: NVSim designs a cache's tag array before its data array, in a fixed search space of its
# own (main.cpp: REDUCE_SEARCH_SIZE right before the tag search; the configuration file is
# re-read only after it, for the data array), so no -Force line of the configuration reaches the
# tag array, and its area-optimal layout flips between sizes (the 4-way SRAM tag array: one
# 64 x 560 subarray behind a 4:1 sense-amplifier mux at 128 KiB, two-subarray layouts at 64 and
# 256 KiB).  The patch re-reads, right after REDUCE_SEARCH_SIZE, the file named by the
# environment variable NVSIM_TAG_FORCE (a file of -Force lines: InputParameter.cpp's own
# parser, so the same syntax and meaning as for the data array).  Without the variable the
# binary is NVSim's (checked: byte-identical output on a 4-way run, README).
/^#include "macros.h"/a #include <cstdlib>
/^\t\tREDUCE_SEARCH_SIZE;$/a if (getenv("NVSIM_TAG_FORCE")) inputParameter->ReadInputParameterFromFile(getenv("NVSIM_TAG_FORCE")); /* gpudse: tag-array -Force lines */
