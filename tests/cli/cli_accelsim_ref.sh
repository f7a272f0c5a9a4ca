#!/usr/bin/env bash
# cli_accelsim_ref.sh -- `gpudse validate --accelsim` and `gpudse calibrate --accelsim` on one
# run of the Accel-Sim reference set (tests/data/accelsim-logs/SM7_QV100/base/c-blk.log.xz,
# a copy of calibration/accelsim/runs/...): the reference numbers come from the log, worked
# out by hand: 6226 cycles less one kernel's 5000-cycle launch latency = 1226; the profile of
# gpudse trace c-blk --size 20000 has 64735 warp instructions (gpudse trace --stats), so IPC =
# 64735 / 1226 = 52.8018; Accel-Sim ran 66655 = 64735 + 1920 EXITs (480 CTAs x 4 warps).
. "$(dirname "$0")/cli_lib.sh"
G=$GPUDSE
R=tests/data/accelsim-logs
expect_ok "validate csv" $G validate --accelsim --runs $R --format csv
row=$(sed -n 2p "$CLI_TMP/out")
f() { echo "$row" | cut -d, -f"$1"; }
expect_eq "one run" "$(wc -l < "$CLI_TMP/out")" 2
expect_eq "preset,config,kernel,size" "$(f 1-4)" "SM7_QV100,base,c-blk,20000"
expect_eq "SMs from the options echo" "$(f 5)" 80
expect_eq "profile instructions" "$(f 9)" 64735
expect_eq "kernels, launch cycles, kernel cycles" "$(f 10-12)" "1,5000,1226"
expect_eq "reference IPC 64735/1226" "$(f 13)" 52.8018
expect_eq "L1 and L2 hit rates (all miss)" "$(f 14-15)" "0,0"
expect_eq "the pending-hit columns before the half, named" "$(head -1 "$CLI_TMP/out" | awk -F, '{print $(NF-2) "," $(NF-1) "," $NF}')" \
	"ref_l1_pend,model_l1_pend,half"
expect_eq "c-blk has no L1 hit of any kind: both pending shares 0" "$(echo "$row" | awk -F, '{print $(NF-2) "," $(NF-1)}')" "0,0"
expect_eq "DRAM 7500 x 32 B over 1226 cycles at 1132 MHz" "$(f 16)" 221.599
expect_eq "Accel-Sim's warp instructions, the trace's warps" "$(f 22-23)" "66655,1920"
expect_eq "model columns present" "$(f 17-20 | tr ',' '\n' | grep -c '^[0-9.e+-]*$')" 4
expect_ok "validate table" $G validate --accelsim --runs $R
expect_eq "the trace ran exactly" "$(grep -c 'warp instructions = the profile.s + one EXIT per warp): 1 of 1 runs$' "$CLI_TMP/out")" 1
# (the sign of a 0% worst is rounding of bandwidth x time: either)
# the L2 is write-back with lazy fetch on read (dl2 L:B:m:L:P, llc_write_alloc 2): DRAM moves the
# loads' 7500 sectors (3 of c-blk's 5 arrays) and nothing is written back (models/llc_write.h)
expect_eq "DRAM bytes: 7500 x 32 B read, 0 written" "$(grep -c '^DRAM bytes (reads + writes over the run.*: mean |relative error| 0% over 1 runs, worst [+-]0%' "$CLI_TMP/out")" 1
expect_ok "validate markdown" $G validate --accelsim --runs $R --format markdown
expect_eq "markdown table" "$(grep -c '^| c-blk | dev | SM7_QV100 | base | 80 | 52.80 |' "$CLI_TMP/out")" 1
# calibration from the log: one kernel's mlp reproduces its one IPC exactly
expect_ok "calibrate mlp" $G calibrate --accelsim --runs $R --fit mlp -o "$CLI_TMP/p.json"
expect_eq "one parameter, three observations" "$(grep -c '^fit: 3 observations, 1 parameters' "$CLI_TMP/out")" 1
expect_eq "IPC fitted exactly" "$(grep -c '^fitted   ipc    : mean |relative error| 0.0%' "$CLI_TMP/out")" 1
expect_eq "parameter set written with the kernel's mlp" "$(grep -c '"c-blk@SM7_QV100.mlp"' "$CLI_TMP/p.json")" 1
# (issue 20: c-blk runs in one wave, so the lock step binds (models/lockstep.h): its time is the
# intervals' bottlenecks plus one warp's latencies, where dep_cycles enters only with the other
# fixed latencies; it is the first parameter, in the fit's order, these observations cannot
# tell apart from the others)
expect_err "underdetermined" 1 "gpudse: calibrate: parameter c-blk@SM7_QV100.dep_cycles is not determined separately from the others by these observations (fit fewer with --fit)" \
	$G calibrate --accelsim --runs $R -o "$CLI_TMP/q.json"
mkdir -p "$CLI_TMP/empty"
expect_err "no logs" 1 "gpudse: $CLI_TMP/empty: no Accel-Sim logs (expected $CLI_TMP/empty/PRESET/CONFIG/KERNEL.log.xz)" \
	$G validate --accelsim --runs "$CLI_TMP/empty"
# the held-out split: DIR/../heldout.txt lists the held-out kernels (calibration/accelsim/heldout.txt)
S="$CLI_TMP/split"
mkdir -p "$S/runs" && cp -r $R/SM7_QV100 "$S/runs/"
expect_ok "no heldout.txt: every run in the csv is dev" $G validate --accelsim --runs "$S/runs" --format csv
expect_eq "half column" "$(sed -n 2p "$CLI_TMP/out" | awk -F, '{print $NF}')" dev
expect_err "no heldout.txt: no held-out half" 1 "gpudse: validate --accelsim: --split: $S/runs/../heldout.txt does not exist (no held-out half)" \
	$G validate --accelsim --runs "$S/runs" --split heldout
printf '# comment\n\nc-blk  # the one kernel\n' > "$S/heldout.txt"
expect_ok "held-out half" $G validate --accelsim --runs "$S/runs" --split heldout
expect_eq "held-out summary" "$(grep -c '^Held-out half .*(1 runs):$' "$CLI_TMP/out")" 1
expect_eq "no development summary" "$(grep -c '^Development half' "$CLI_TMP/out")" 0
expect_eq "held-out row" "$(grep -c '^c-blk        heldout SM7_QV100     base' "$CLI_TMP/out")" 1
expect_ok "development half is empty" $G validate --accelsim --runs "$S/runs" --split dev
expect_eq "no run shown" "$(grep -c '^c-blk' "$CLI_TMP/out")" 0
expect_eq "development summary of 0 runs" "$(grep -c '^Development half .*(0 runs):$' "$CLI_TMP/out")" 1
expect_ok "both halves" $G validate --accelsim --runs "$S/runs" --format csv
expect_eq "half column heldout" "$(sed -n 2p "$CLI_TMP/out" | awk -F, '{print $NF}')" heldout
printf 'SM7_QV100  # a preset: every run of it (a configuration held out)\n' > "$S/heldout.txt"
expect_ok "a preset held out" $G validate --accelsim --runs "$S/runs" --format csv
expect_eq "every run of the preset in the held-out half" "$(tail -n +2 "$CLI_TMP/out" | awk -F, '$1 == "SM7_QV100" && $NF != "heldout"' | wc -l)" 0
expect_eq "the preset has runs" "$(tail -n +2 "$CLI_TMP/out" | grep -c '^SM7_QV100,')" "$(ls "$S/runs/SM7_QV100"/*/*.log.xz | wc -l)"
mkdir -p "$S/runs/SM7_QV100/l2x4"   # a second configuration: the same run under another name
xz -dc "$S/runs/SM7_QV100/base/c-blk.log.xz" | sed '1s/config=base/config=l2x4/' | xz > "$S/runs/SM7_QV100/l2x4/c-blk.log.xz"
printf 'SM7_QV100 l2x4  # a preset and a configuration: that configuration'"'"'s runs\n' > "$S/heldout.txt"
expect_ok "a configuration held out" $G validate --accelsim --runs "$S/runs" --format csv
expect_eq "its runs are held out" "$(tail -n +2 "$CLI_TMP/out" | awk -F, '$1 == "SM7_QV100" && $2 == "l2x4" && $NF != "heldout"' | wc -l)" 0
expect_eq "the configuration has runs" "$(tail -n +2 "$CLI_TMP/out" | grep -c '^SM7_QV100,l2x4,')" "$(ls "$S/runs/SM7_QV100/l2x4"/*.log.xz | wc -l)"
expect_eq "the other configurations stay in the development half" "$(tail -n +2 "$CLI_TMP/out" | awk -F, '$2 != "l2x4" && $NF != "dev"' | wc -l)" 0
printf 'SM7_QV100 l2x4 c-blk  # a preset, a configuration and a kernel: that one run\n' > "$S/heldout.txt"
expect_ok "one run held out" $G validate --accelsim --runs "$S/runs" --format csv
expect_eq "that run is held out" "$(tail -n +2 "$CLI_TMP/out" | awk -F, '$1 == "SM7_QV100" && $2 == "l2x4" && $NF == "heldout"' | wc -l)" 1
expect_eq "the base run of the same kernel stays in the development half" "$(tail -n +2 "$CLI_TMP/out" | awk -F, '$2 != "l2x4" && $NF != "dev"' | wc -l)" 0
printf 'SM7_QV100 l2x4 no-such-kernel\n' > "$S/heldout.txt"
expect_err "unknown held-out run" 1 "gpudse: $S/runs/../heldout.txt: line 1: run \"SM7_QV100 l2x4 no-such-kernel\" has no log under $S/runs" \
	$G validate --accelsim --runs "$S/runs"
printf 'SM7_QV100 no-such-config\n' > "$S/heldout.txt"
expect_err "unknown held-out configuration" 1 "gpudse: $S/runs/../heldout.txt: line 1: preset and configuration \"SM7_QV100 no-such-config\" have no run under $S/runs" \
	$G validate --accelsim --runs "$S/runs"
rm -r "$S/runs/SM7_QV100/l2x4"
printf 'c-blk\nno-such-kernel\n' > "$S/heldout.txt"
expect_err "unknown held-out kernel" 1 "gpudse: $S/runs/../heldout.txt: line 2: kernel or preset \"no-such-kernel\" has no run under $S/runs" \
	$G validate --accelsim --runs "$S/runs"
# a run that stopped before the trace's end (pagerank's GPGPU-Sim deadlock on SM7_QV100 after 4 of
# its 8 kernels): its cycles are another workload's, so it joins no figure and is named
rm "$S/heldout.txt"
mkdir -p "$S/runs/SM7_QV100/cut"
xz -dc "$S/runs/SM7_QV100/base/c-blk.log.xz" | sed '1s/config=base/config=cut/; s/^gpgpu_n_tot_w_icount = 66655/gpgpu_n_tot_w_icount = 33327/' \
	| xz > "$S/runs/SM7_QV100/cut/c-blk.log.xz"
expect_ok "a run cut short" $G validate --accelsim --runs "$S/runs"
expect_eq "named, with its count" "$(grep -c '^excluded from every figure: c-blk on SM7_QV100 cut, Accel-Sim ran 33327 of the trace.s 66655 warp instructions' "$CLI_TMP/out")" 1
expect_eq "the figures over the one whole run" "$(grep -c '^IPC: mean |relative error| .* over 1 runs' "$CLI_TMP/out")" 1
expect_ok "a run cut short, csv" $G validate --accelsim --runs "$S/runs" --format csv
expect_eq "not in the csv" "$(grep -c ',cut,' "$CLI_TMP/out")" 0
rm -r "$S/runs/SM7_QV100/cut"
expect_err "bad --split" 1 'gpudse: validate: --split: expected all, dev or heldout, got "half"' \
	$G validate --accelsim --runs $R --split half
expect_err "--split alone" 1 "gpudse: validate: --split needs --accelsim" $G validate --split dev
expect_err "--runs alone" 1 "gpudse: validate: --runs needs --accelsim" $G validate --runs $R
expect_err "--split alone" 1 "gpudse: calibrate: --split and --runs need --accelsim" $G calibrate --split p.json
expect_err "profiles and logs" 1 "gpudse: calibrate: --accelsim takes its profiles from the logs, not PROFILE.json" \
	$G calibrate --accelsim p.json
cli_done
