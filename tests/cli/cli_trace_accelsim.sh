#!/usr/bin/env bash
# cli_trace_accelsim.sh -- `gpudse trace --format accelsim`: the files Accel-Sim reads, the
# profile of the written trace, pinned errors.  The leaf-by-leaf round trip is
# tests/unit/test_accelsim_write.c.
. "$(dirname "$0")/cli_lib.sh"
G=$GPUDSE
D=$CLI_TMP/gemm
# PolyBench GEMM, NI=NJ=NK=32: one launch, grid 1 x 4 CTAs of 32 x 8 threads (8 warps each)
expect_ok "write" $G trace p-gemm --size 32 --gpu dcl1-80 --format accelsim -o "$D"
expect_eq "kernelslist.g" "$(cat "$D/kernelslist.g")" "kernel-1.traceg"
expect_eq "header grid" "$(grep -c '^-grid dim = (1,4,1)$' "$D/kernel-1.traceg")" 1
expect_eq "header block" "$(grep -c '^-block dim = (32,8,1)$' "$D/kernel-1.traceg")" 1
expect_eq "tracer version 4" "$(grep -c '^-accelsim tracer version = 4$' "$D/kernel-1.traceg")" 1
expect_eq "4 CTAs" "$(grep -c '^#BEGIN_TB$' "$D/kernel-1.traceg")" 4
expect_eq "32 warps, one EXIT each" "$(grep -c ' EXIT 0 0$' "$D/kernel-1.traceg")" 32
expect_eq "loads carry registers" "$(grep -c ' 1 R[0-9]* LDG.E 1 R[0-9]* 4 ' "$D/kernel-1.traceg" | awk '{ print ($1 > 0) }')" 1
# 4160 line requests (cli_trace.sh's closed form) through the Accel-Sim reader
expect_ok "profile the written trace" $G profile "$D" --gpu dcl1-80 -o "$CLI_TMP/g.json"
expect_eq "4160 accesses" "$(grep -o '^[^ ]*: [0-9]* accesses' "$CLI_TMP/out" | grep -o '[0-9]* accesses')" "4160 accesses"
# a multi-launch kernel: one file per launch (PolyBench 2MM: two kernels)
expect_ok "two launches" $G trace p-2mm --size 32 --gpu dcl1-80 --format accelsim -o "$CLI_TMP/mm"
expect_eq "two kernel files" "$(tr '\n' ' ' < "$CLI_TMP/mm/kernelslist.g")" "kernel-1.traceg kernel-2.traceg "
expect_err "needs -o" 1 "gpudse: trace: --format accelsim needs -o DIR" $G trace p-gemm --format accelsim
expect_err "not stdout" 1 "gpudse: trace: --format accelsim: -o must name a directory, not stdout" $G trace p-gemm --format accelsim -o -
expect_err "bad format" 1 'gpudse: trace: --format: expected text or accelsim, got "sass"' $G trace p-gemm --format sass -o "$CLI_TMP/x"
expect_err "cannot create" 1 "gpudse: trace: $CLI_TMP/no/dir: cannot create the directory: No such file or directory" \
	$G trace p-gemm --size 32 --format accelsim -o "$CLI_TMP/no/dir"
cli_done
