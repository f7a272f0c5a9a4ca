#!/usr/bin/env bash
# Trace importers and calibration end to end: gpudse profile on the hand-written Accel-Sim
# trace (directory, list file, one kernel file, xz-compressed copy), an NVBit mem_trace file,
# --sample; gpudse calibrate on the synthetic-observation fixture and a sweep that uses the
# fitted parameter set; every bad input with its pinned error line.
. "$(dirname "$0")/cli_lib.sh"
T=$CLI_TMP
A=tests/data/accelsim
jnum() { grep -o "\"$2\": [-0-9.e+]*" "$1" | head -n 1 | awk '{print $2}'; }

# --- Accel-Sim: counts by hand in tests/data/accelsim/README.md (2 SMs)
expect_ok "accelsim dir" "$GPUDSE" profile $A -o $T/a.json --sms 2
expect_eq "accelsim summary" "$(cat $CLI_TMP/out)" "$T/a.json: 12 accesses from 2 SMs, 11 distinct blocks per SM (summed), 2 streams"
expect_eq "accelsim insts" "$(jnum $T/a.json insts)" 25
expect_eq "accelsim mem_insts" "$(jnum $T/a.json mem_insts)" 9
expect_eq "accelsim sectors" "$(jnum $T/a.json sectors)" 27
expect_eq "accelsim name" "$(grep -o '"name": "[^"]*"' $T/a.json | head -n 1)" '"name": "accelsim"'
expect_ok "accelsim list file" "$GPUDSE" profile $A/kernelslist.g -o $T/b.json --sms 2
expect_eq "list file = directory (name too: the trace directory's)" "$(grep -v '"source"' $T/b.json | md5sum)" \
	"$(grep -v '"source"' $T/a.json | md5sum)"
expect_ok "one kernel file" "$GPUDSE" profile $A/kernel-2-ctx_0x5581e0c2a3b0.traceg -o $T/k2.json --sms 2
expect_eq "kernel 2 alone" "$(jnum $T/k2.json insts) $(jnum $T/k2.json mem_insts) $(jnum $T/k2.json sectors)" "4 1 1"
mkdir -p $T/xz && cp $A/* $T/xz/ && xz -q $T/xz/kernel-1-ctx_0x5581e0c2a3b0.traceg &&
	sed -i 's/^kernel-1-ctx_0x5581e0c2a3b0.traceg$/&.xz/' $T/xz/kernelslist.g
expect_ok "xz kernel" "$GPUDSE" profile $T/xz -o $T/xz.json --sms 2
expect_eq "xz = plain" "$(jnum $T/xz.json sectors) $(jnum $T/xz.json insts)" "27 25"
expect_ok "per kernel" "$GPUDSE" profile $A -o $T/app.json --sms 2 --per-kernel
expect_eq "per-kernel instructions" "$(jnum $T/app-k1.json insts) $(jnum $T/app-k2.json insts) $(jnum $T/app-k3.json insts)" "16 4 5"
expect_eq "per-kernel names" "$(grep -c '"name": "accelsim-k2"' $T/app-k2.json)" 1
expect_ok "accelsim on a preset" "$GPUDSE" profile $A -o $T/g.json --gpu a100
expect_eq "a100 SMs" "$(jnum $T/g.json n_sm)" 108
expect_eq "preset in the provenance" "$(grep -c 'format accelsim --gpu a100' $T/g.json)" 1

# --- NVBit mem_trace output (auto-detected by content)
{
	echo "MEMTRACE: CTX 0x00005581e0c2a3b0 - LAUNCH - Kernel pc 0x00007f1a2c000000 - Kernel name k - grid launch id 0 - grid size 2,1,1 - block size 32,1,1 - nregs 8 - shmem 0 - cuda stream id 0"
	for c in 0 1; do
		printf 'MEMTRACE: CTX 0x00005581e0c2a3b0 - grid_launch_id 0 - CTA %d,0,0 - warp 0 - LDG.E - ' $c
		for l in $(seq 0 31); do printf '0x%016x ' $((0x7f1200000000 + c * 4096 + l * 4)); done; echo
	done
	echo "Result = PASS"
} > $T/nv.txt
expect_ok "nvbit" "$GPUDSE" profile $T/nv.txt -o $T/nv.json --sms 2
expect_eq "nvbit summary" "$(cat $CLI_TMP/out)" "$T/nv.json: 2 accesses from 2 SMs, 2 distinct blocks per SM (summed), 2 streams"
expect_eq "nvbit sectors" "$(jnum $T/nv.json sectors)" 8

# --- SHARDS sampling: a text trace, counts scaled back to the whole
for i in $(seq 0 3999); do printf '%d R %x\n' $((i % 2)) $(((i * 7919 % 2000) * 128)); done > $T/t.trace
expect_ok "exact" "$GPUDSE" profile $T/t.trace -o $T/t.json
expect_ok "sampled" "$GPUDSE" profile $T/t.trace -o $T/ts.json --sample 0.5
expect_eq "sampled provenance" "$(grep -c -- '--sample 0.5' $T/ts.json)" 1
expect_eq "SHARDS_adj: the l1 stream describes every offered access" "$(jnum $T/ts.json accesses)" 4000
# 2000 blocks at 0.5 sample ~1000 (< 10000): the note names the widest stream and the rate to use
expect_eq "few sampled blocks: a note with the rate to use" \
	"$(sed -E 's/about [0-9]+ distinct/about N distinct/' $CLI_TMP/err)" \
	'gpudse: note: --sample 0.5 sampled about N distinct blocks ("global" stream); curves from fewer than 10000 can be off by 0.01-0.05 in miss ratio (docs/trace-formats.md): use --sample 1 or more (exact)'
expect_ok "sampled, rate 1/4" "$GPUDSE" profile $T/t.trace -o $T/ts4.json --sample 0.25
expect_eq "the note again at 1/4" "$(grep -c 'sampled about [0-9]* distinct blocks' $CLI_TMP/err)" 1

# --- calibrate the synthetic-observation fixture; the parameter set drives a sweep
C=tests/data/calib/p-2mm-obs.json
expect_ok "calibrate" "$GPUDSE" calibrate $C -o $T/p.json --holdout 0.25
expect_eq "calibrate table" "$(grep -c '^gpu.dram_eff' $CLI_TMP/out)" 1
expect_eq "held-out line" "$(grep -c '^held out: 12 observations' $CLI_TMP/out)" 1
dram=$(grep -o '"dram_eff":[[:space:]]*[0-9.e+-]*' $T/p.json | head -n 1 | awk '{print $2}')
expect_eq "dram_eff recovered (true 0.72, synthetic)" "$(awk -v d="$dram" 'BEGIN{print (d > 0.70 && d < 0.74)}')" 1
expect_eq "provenance: model version" "$(grep -c '"model_version":[[:space:]]*"gpudse-models-1"' $T/p.json)" 1
expect_eq "provenance: profile hash" "$(grep -c '"p-2mm":[[:space:]]*"[0-9a-f]\{16\}"' $T/p.json)" 1
expect_ok "calibrate --gpu" "$GPUDSE" calibrate $C -o $T/p2.json --gpu rtx3080 --fit dram_eff,mlp
expect_eq "a100 predicted" "$(grep -c '^held out: 24 observations' $CLI_TMP/out)" 1
cat > $T/study.json <<JSON
{ "name": "calib-demo", "gpu": "rtx3080", "params": "$T/p.json",
  "workloads": ["$C"], "space": { "active_sms": [17, 34, 68], "mem_clock_scale": [1.0, 1.5] } }
JSON
sed 's/"params": "[^"]*",//' $T/study.json > $T/study0.json
expect_ok "sweep with params" "$GPUDSE" sweep $T/study.json --db $T/s.db
expect_ok "sweep without" "$GPUDSE" sweep $T/study0.json --db $T/s.db
expect_eq "two runs: calibrations are not mixed" "$("$GPUDSE" list runs --db $T/s.db --format csv | wc -l)" 3
q1=$("$GPUDSE" query --db $T/s.db --run 1 --columns ipc --format csv | tail -n 1)
q2=$("$GPUDSE" query --db $T/s.db --run 2 --columns ipc --format csv | tail -n 1)
expect_eq "the parameter set changes the results" "$([ "$q1" != "$q2" ] && echo differ)" differ

# --- pinned errors
expect_err "bad format" 1 'gpudse: profile: --format: expected text, accelsim or nvbit, got "foo"' \
	"$GPUDSE" profile $A -o $T/x.json --format foo
expect_err "per kernel on text" 1 'gpudse: profile: --per-kernel: only for Accel-Sim traces' \
	"$GPUDSE" profile $T/t.trace -o $T/x.json --per-kernel
expect_err "bad rate" 1 'gpudse: profile: --sample: expected a number in [1e-06, 1], got "2"' \
	"$GPUDSE" profile $T/t.trace -o $T/x.json --sample 2
mkdir -p $T/bad && cp $A/* $T/bad/ && sed -i 's/^insts = 6$/insts = 7/' $T/bad/kernel-1-ctx_0x5581e0c2a3b0.traceg
expect_err "insts mismatch" 1 "gpudse: $T/bad/kernel-1-ctx_0x5581e0c2a3b0.traceg:34: warp 0: \"insts = 7\" but 6 instruction lines" \
	"$GPUDSE" profile $T/bad -o $T/x.json --sms 2
cp $A/* $T/bad/ && sed -i 's/ 0x7f1200000080 4 0/ 0x7f1200000080/' $T/bad/kernel-1-ctx_0x5581e0c2a3b0.traceg
expect_err "mode 1 without stride" 1 "gpudse: $T/bad/kernel-1-ctx_0x5581e0c2a3b0.traceg:37: expected a hex base and a decimal stride (address mode 1) (line starts \"0010 0000000f 1 R4 LDG.E 1 R2 4 1 0x7f12\")" \
	"$GPUDSE" profile $T/bad -o $T/x.json --sms 2
cp $A/* $T/bad/ && echo "MemcpyDtoH 0x10 4" >> $T/bad/kernelslist.g
expect_err "bad list line" 1 "gpudse: $T/bad/kernelslist.g:6: expected \"MemcpyHtoD,0xADDRESS,BYTES\"" \
	"$GPUDSE" profile $T/bad -o $T/x.json --sms 2
cp $A/* $T/bad/ && echo "kernel-9.traceg" >> $T/bad/kernelslist.g
expect_err "missing kernel file" 1 "gpudse: $T/bad/kernel-9.traceg: No such file or directory" \
	"$GPUDSE" profile $T/bad -o $T/x.json --sms 2
echo "MEMTRACE: CTX 0x1 - grid_launch_id 0 - CTA 0,0 - warp 0 - LDG.E - 0x1000" > $T/nvbad.txt
expect_err "nvbit bad CTA" 1 "gpudse: $T/nvbad.txt:1: expected \"CTA x,y,z\" (x < 2^31, y and z <= 65535)" "$GPUDSE" profile $T/nvbad.txt -o $T/x.json
expect_err "calibrate without observations" 1 'gpudse: calibrate: the profiles carry no observations (docs/calibration.md: "observations")' \
	"$GPUDSE" calibrate tests/data/mini-a.json -o $T/x.json
expect_err "calibrate nothing" 1 'gpudse: calibrate: missing PROFILE.json (see gpudse help calibrate)' "$GPUDSE" calibrate
expect_err "calibrate --fit" 1 'gpudse: calibrate: --fit: expected dram_eff, dep_cycles or mlp separated by commas, got "foo"' \
	"$GPUDSE" calibrate $C --fit foo
expect_err "calibrate --gpu" 1 'gpudse: calibrate: --gpu: no observation is on preset "h100"' "$GPUDSE" calibrate $C --gpu h100
expect_err "calibrate --holdout" 1 'gpudse: calibrate: --holdout: expected a number in [0, 0.9], got "1"' \
	"$GPUDSE" calibrate $C --holdout 1
n=$(grep -n '"observations"' $C | cut -d: -f1)
{ head -n $((n + 1)) $C | sed '$ s/},$/}]/'; echo "}"; } > $T/one.json
expect_err "underdetermined" 1 'gpudse: calibrate: 1 fitted observation cannot determine 3 parameters (gpu.dram_eff, p-2mm.dep_cycles, p-2mm.mlp): add observations, or fit fewer with --fit' \
	"$GPUDSE" calibrate $T/one.json -o $T/x.json
cli_done
