#!/usr/bin/env bash
# cli_trace.sh -- `gpudse trace`: listing, text traces, in-process profiles, pinned errors.
. "$(dirname "$0")/cli_lib.sh"
G=$GPUDSE

expect_ok "list" $G trace --list
expect_eq "at least 20 kernels" "$(awk 'NR > 1' "$CLI_TMP/out" | wc -l | awk '{ print ($1 >= 20) }')" 1

# A small GEMM: NI=NJ=NK=32 -> grid 1 x 4 CTAs of 32x8 threads (8 full warps each).
expect_ok "trace p-gemm" $G trace p-gemm --size 32 --gpu dcl1-80 -o "$CLI_TMP/g.trace"
expect_ok "stats p-gemm" $G trace p-gemm --size 32 --gpu dcl1-80 --stats
acc=$(grep -o '"accesses": [0-9]*' "$CLI_TMP/out" | grep -o '[0-9]*$')
# Closed form: 4 CTAs x 8 warps; per warp: prologue load+store of c, then 32 iterations of
# a (1 line), b (1 line), c load, c store  => 32 warps * (2 + 32*4) = 4160 line requests.
expect_eq "gemm accesses (closed form)" "$acc" 4160
expect_eq "trace access lines = stats" "$(grep -cE '^[0-9]+ [RW] ' "$CLI_TMP/g.trace")" "$acc"
expect_eq "X records present" "$(grep -cE '^[0-9]+ X ' "$CLI_TMP/g.trace" | awk '{ print ($1 > 0) }')" 1
# CTA c runs on SM c mod 80: 4 CTAs -> SMs 0..3 only
expect_eq "round-robin SMs" "$(grep -E '^[0-9]+ [RW] ' "$CLI_TMP/g.trace" | cut -d' ' -f1 | sort -un | tr '\n' ' ')" "0 1 2 3 "
# the same seed gives the same trace; another seed changes a data-dependent one
expect_ok "bfs seed 1" $G trace r-bfs --size 10 -o "$CLI_TMP/b1.trace" --no-regs
expect_ok "bfs seed 1 again" $G trace r-bfs --size 10 -o "$CLI_TMP/b2.trace" --no-regs
expect_ok "bfs seed 2" $G trace r-bfs --size 10 --seed 2 -o "$CLI_TMP/b3.trace" --no-regs
expect_eq "deterministic" "$(cmp -s "$CLI_TMP/b1.trace" "$CLI_TMP/b2.trace" && echo same)" same
expect_eq "seeded" "$(cmp -s "$CLI_TMP/b1.trace" "$CLI_TMP/b3.trace" || echo differ)" differ
# in-process profile
expect_ok "profile in process" $G trace p-gemm --size 32 --profile "$CLI_TMP/g.json"
expect_eq "profile source" "$(grep -o '"source": "[^"]*"' "$CLI_TMP/g.json")" '"source": "gpudse trace p-gemm --size 32 --gpu dcl1-80 --seed 1"'
# the text trace through `gpudse profile` gives the in-process profile, byte for byte, apart
# from the source, the BDI compressibility and the launch and code shape (the generator knows
# the arrays' contents and its templates; a text trace carries addresses only).  noshape drops
# the "shape" member and the comma before it.
# The sector records (sd_sector; sector_sd, sector_sd_w: the sectored caches' record) are
# compared too: the text trace's SECTORS field feeds the same hook as the generator (p-gemm is
# one launch without atomics, which the text format could not mark).
noshape() { sed '/^  "shape": {/,/^  }/d; s/,$//' "$1"; }
expect_ok "trace + profile" $G trace p-gemm --size 64 -o "$CLI_TMP/g64.trace" --profile "$CLI_TMP/g64a.json"
expect_ok "profile the text trace" $G profile "$CLI_TMP/g64.trace" -o "$CLI_TMP/g64b.json" --sms 80 --name p-gemm
expect_eq "text = in process" "$(noshape "$CLI_TMP/g64a.json" | grep -v '"source"\|"compressibility"' | md5sum)" "$(noshape "$CLI_TMP/g64b.json" | grep -v '"source"' | md5sum)"
expect_eq "in-process shape (docs/profile-format.md)" "$(grep -c '^  "shape": {' "$CLI_TMP/g64a.json")" 1
# the text trace carries no code shape; its shape is the sharers record alone (from the stream's
# addresses: profile_shape.h sharers), the in-process one's
expect_eq "text trace: the shape holds the sharers record only" \
	"$(sed -n '/^  "shape": {/,/^  }/p' "$CLI_TMP/g64b.json" | grep -vc '^  "shape": {\|^  }\|^    "sharers": ')" 0
expect_eq "text trace: the sharers record is the in-process one" \
	"$(grep '^    "sharers": ' "$CLI_TMP/g64b.json" | sed 's/,$//')" "$(grep '^    "sharers": ' "$CLI_TMP/g64a.json" | sed 's/,$//')"
expect_eq "in-process compressibility (p-gemm N=64: row 0 of 64 is zeros)" "$(grep -o '"compressibility": {[^}]*}' "$CLI_TMP/g64a.json")" '"compressibility": {"high": 0.015625, "low": 0, "none": 0.984375}'
expect_eq "text trace: no compressibility" "$(grep -c '"compressibility"' "$CLI_TMP/g64b.json")" 0
# exact read-level classes: the generator's second pass = gpudse profile --exact-classes
expect_ok "trace exact" $G trace p-gemm --size 64 --profile "$CLI_TMP/e1.json" --exact-classes
expect_ok "profile exact" $G profile "$CLI_TMP/g64.trace" -o "$CLI_TMP/e2.json" --sms 80 --name p-gemm --exact-classes
expect_eq "exact classes: text = in process" "$(noshape "$CLI_TMP/e1.json" | grep -v '"source"\|"compressibility"' | md5sum)" "$(noshape "$CLI_TMP/e2.json" | grep -v '"source"' | md5sum)"
# warp order (docs/workloads.md "Interleaving"): the 8 warps of CTA 0 on SM 0 each load then
# store their row of C (line 0x10020000 + 0x80 * warp) in the prologue.  lrr: the 8 loads,
# then the 8 stores; gto with a burst of 2: warp 0's load and store, then warp 1's, ...
sm0() { grep -E '^0 [RW] ' "$1" | head -"$2" | cut -d' ' -f2,3 | tr '\n' ' '; }
expect_ok "trace gto" $G trace p-gemm --size 32 --gpu dcl1-80 --sched gto --gto-burst 2 -o "$CLI_TMP/gto.trace" --stats
expect_eq "gto: same accesses" "$(grep -o '"accesses": [0-9]*' "$CLI_TMP/out" | grep -o '[0-9]*$')" 4160
expect_eq "lrr order" "$(sm0 "$CLI_TMP/g.trace" 4)" "R 10020000 R 10020080 R 10020100 R 10020180 "
expect_eq "gto order" "$(sm0 "$CLI_TMP/gto.trace" 4)" "R 10020000 W 10020000 R 10020080 W 10020080 "
# after the prologue (16 records) warp 0 issues one iteration: a[0][0] and b[0][0..31]
expect_eq "gto: warp 0 again after warp 7" "$(sm0 "$CLI_TMP/gto.trace" 18 | cut -d' ' -f33-)" "R 10000000 R 10010000 "
expect_eq "gto: same multiset of records" "$(grep -E '^[0-9]+ [RW] ' "$CLI_TMP/gto.trace" | sort | md5sum)" "$(grep -E '^[0-9]+ [RW] ' "$CLI_TMP/g.trace" | sort | md5sum)"
expect_ok "default --sched is lrr" $G trace p-gemm --size 32 --gpu dcl1-80 --sched lrr -o "$CLI_TMP/l.trace"
expect_eq "lrr = default" "$(cmp -s "$CLI_TMP/l.trace" "$CLI_TMP/g.trace" && echo same)" same
expect_ok "gto profile" $G trace p-gemm --size 32 --sched gto --profile "$CLI_TMP/gto.json"
expect_eq "gto profile source" "$(grep -o '"source": "[^"]*"' "$CLI_TMP/gto.json")" '"source": "gpudse trace p-gemm --size 32 --gpu dcl1-80 --seed 1 --sched gto --gto-burst 4"'
# gzip output
expect_ok "gz trace" $G trace p-2dconv --size 64 -o "$CLI_TMP/c.trace.gz"
expect_eq "gz readable" "$(gzip -dc "$CLI_TMP/c.trace.gz" | grep -cE '^[0-9]+ [RW] ' | awk '{ print ($1 > 0) }')" 1

expect_err "unknown kernel" 1 'gpudse: trace: unknown kernel "nope" (gpudse trace --list shows them)' $G trace nope --stats
expect_err "missing kernel" 1 'gpudse: trace: missing KERNEL (gpudse trace --list shows them)' $G trace --stats
expect_err "--sector-groups alone" 1 'gpudse: trace: --sector-groups needs --profile P.json' $G trace p-gemm --sector-groups --stats
# --sector-groups: the group:G streams carry the sectored-cache record too (and only then)
expect_ok "profile with sector groups" $G trace p-gemm --size 32 --profile "$CLI_TMP/sg.json" --sector-groups
expect_eq "sector records: l1, 6 groups, global" "$(grep -c '"sector_sd":' "$CLI_TMP/sg.json")" 8
expect_eq "without: l1 and global" "$(grep -c '"sector_sd":' "$CLI_TMP/g.json")" 2
expect_eq "source names the option" "$(grep -c '"source": "gpudse trace p-gemm --size 32 --gpu dcl1-80 --seed 1 --sector-groups"' "$CLI_TMP/sg.json")" 1
expect_err "size range" 1 'gpudse: trace: --size: p-gemm accepts 32..2048 (NI=NJ=NK), got 5' $G trace p-gemm --size 5 --stats
expect_err "size not a number" 1 'gpudse: trace: --size: expected an integer in [1, 1099511627776], got "x"' $G trace p-gemm --size x --stats
expect_err "nothing to do" 1 'gpudse: trace: nothing to do: give -o TRACE, --profile P.json or --stats' $G trace p-gemm
expect_err "unknown option" 1 'gpudse: trace: unknown option --bogus (see gpudse help trace)' $G trace p-gemm --bogus --stats
expect_err "unwritable" 1 'gpudse: trace: /nonexistent/t.trace: cannot write: No such file or directory' $G trace p-gemm --size 32 -o /nonexistent/t.trace
expect_err "size multiple" 1 'gpudse: trace: pb-sgemm: --size must be a multiple of 128, got 200' $G trace pb-sgemm --size 200 --stats
expect_err "exact needs profile" 1 'gpudse: trace: --exact-classes needs --profile P.json' $G trace p-gemm --exact-classes --stats
expect_err "bad sched" 1 'gpudse: trace: --sched: expected lrr or gto, got "fifo"' $G trace p-gemm --sched fifo --stats
expect_err "burst needs gto" 1 'gpudse: trace: --gto-burst needs --sched gto' $G trace p-gemm --gto-burst 4 --stats
expect_err "burst range" 1 'gpudse: trace: --gto-burst: expected an integer in [1, 1000000], got "0"' $G trace p-gemm --sched gto --gto-burst 0 --stats
cli_done
