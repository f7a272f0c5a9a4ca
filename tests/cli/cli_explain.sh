#!/usr/bin/env bash
# cli_explain.sh -- `gpudse explain` on every GPU preset, its JSON, the effect of design knobs,
# and the pinned error lines of explain and of the preset loader (src/presets/gpu_json.c).
. "$(dirname "$0")/cli_lib.sh"

# A small profile: 8 SMs, each looping 6 times over 300 private blocks (10% writes).
awk 'BEGIN {
	for (sm = 0; sm < 8; sm++) print sm, "I 0 0 0";
	for (it = 0; it < 6; it++) for (b = 0; b < 300; b++) for (sm = 0; sm < 8; sm++)
		printf "%d %s %x\n", sm, (b % 10 == 0 ? "W" : "R"), (sm * 100000 + b) * 128;
	for (sm = 0; sm < 8; sm++) print sm, "I", 7200, 1800, 7200;
}' >"$CLI_TMP/loop.trace"
expect_ok "profile the test trace" "$GPUDSE" profile "$CLI_TMP/loop.trace" -o "$CLI_TMP/loop.json"
P="$CLI_TMP/loop.json"

# explain on every shipped preset, text and JSON
for g in rtx3080 dcl1-80 malekeh-2060 fuse-15 fuse-volta a100 h100; do
	expect_ok "explain on $g" "$GPUDSE" explain --gpu "$g" --workload "$P"
	expect_eq "$g: text names the GPU" "$(head -n 1 "$CLI_TMP/out" | awk '{print $2}')" "$g"
	expect_eq "$g: CPI stack section" "$(grep -c '^CPI stack' "$CLI_TMP/out")" 1
	expect_ok "explain --json on $g" "$GPUDSE" explain --gpu "$g" --workload "$P" --json
	expect_eq "$g: JSON has the metrics" "$(grep -c '"perf_per_watt"' "$CLI_TMP/out")" 1
	# issue 20: rf_banks; the pending-hit delay stations l1_pending_CLASS (models/pending.h) come
	# on top when some reuse falls inside a miss's fill window
	expect_eq "$g: JSON has 8 baseline stations besides the pending-hit delays (issue 20: rf_banks)" \
		"$(( $(grep -c '"visits_per_inst"' "$CLI_TMP/out") - $(grep -c '"l1_pending_' "$CLI_TMP/out") ))" 8
done

# issue 22: which baseline structures come from the preset's technology table (models/tech_gpu.h)
expect_ok "explain on dcl1-80-tech" "$GPUDSE" explain --gpu dcl1-80-tech --workload "$P"
expect_eq "dcl1-80-tech: NoC from the table" "$(grep -c '^  noc      table at 22 nm: 80x32 crossbar of 256-bit ports' "$CLI_TMP/out")" 1
expect_eq "dcl1-80-tech: RF from the table" "$(grep -c '^  rf       table at 22 nm: SRAM RAM of' "$CLI_TMP/out")" 1
expect_eq "dcl1-80-tech: LLC slice outside the table, constants and why" \
	"$(grep -c '^  llc      constants: .*outside the table' "$CLI_TMP/out")" 1
expect_ok "explain on fuse-15-tech" "$GPUDSE" explain --gpu fuse-15-tech --workload "$P"
expect_eq "fuse-15-tech: no 40 nm crossbar in DSENT's files" \
	"$(grep -c '^  noc      constants: crossbar at 40 nm: not a node of the table' "$CLI_TMP/out")" 1
expect_ok "explain on dcl1-80" "$GPUDSE" explain --gpu dcl1-80 --workload "$P"
expect_eq "dcl1-80: constants everywhere" "$(grep -c 'constants: no technology table in the preset' "$CLI_TMP/out")" 4

# 4x LLC: the LLC capacity in the report is 4x (5 MiB -> 20 MiB on rtx3080)
expect_ok "explain llc_scale=4" "$GPUDSE" explain --gpu rtx3080 --workload "$P" --design llc_scale=4 --json
expect_eq "4x LLC capacity" "$(grep '"llc_bytes"' "$CLI_TMP/out" | tr -dc '0-9')" 20971520
expect_eq "design echoed" "$(grep '"design"' "$CLI_TMP/out" | tr -d ' ",\t' )" "design:llc_scale=4"
# 8 active SMs with idle SMs gated: 60 gated in the report
expect_ok "explain active_sms=8,gate_idle" "$GPUDSE" explain --gpu rtx3080 --workload "$P" --design active_sms=8,gate_idle=1 --json
expect_eq "60 SMs gated" "$(grep '"n_gated"' "$CLI_TMP/out" | tr -dc '0-9')" 60
# a mechanism's stations appear in the network (DC-L1 Pr40 adds its NoC#1 stations)
expect_ok "explain Pr40 on dcl1-80" "$GPUDSE" explain --gpu dcl1-80 --workload "$P" --design dcl1_org=pr,dcl1_nodes=40 --json
expect_eq "Pr40: more than the 8 baseline stations" "$(grep -c '"visits_per_inst"' "$CLI_TMP/out" | awk '{print ($1 > 8)}')" 1
expect_eq "Pr40: 40 L1 instances" "$(grep '"l1_count"' "$CLI_TMP/out" | sed 's/.*: *//; s/,//' | tr -d '[:space:]')" 40
# --baseline: a design against itself has speedup 1; the comparison names the baseline
expect_ok "explain --baseline" "$GPUDSE" explain --gpu rtx3080 --workload "$P" --design active_sms=68 --baseline '' --json
expect_eq "self-comparison speedup 1" "$(grep -m1 '"speedup"' "$CLI_TMP/out" | sed 's/.*: *//; s/,//' | tr -d '[:space:]')" 1
expect_ok "explain --baseline text" "$GPUDSE" explain --gpu rtx3080 --workload "$P" --design llc_scale=2 --baseline ''
expect_eq "text comparison section" "$(grep -c '^versus baseline' "$CLI_TMP/out")" 1
expect_err "bad baseline" 1 'gpudse: explain: --baseline: illegal on rtx3080: active_sms must be in [0, n_sm]' \
	"$GPUDSE" explain --gpu rtx3080 --workload "$P" --baseline active_sms=99
expect_ok "help" "$GPUDSE" help explain
expect_eq "help names the options" "$(grep -c -- '--workload' "$CLI_TMP/out")" 7

# pinned error lines
expect_err "no --gpu" 1 'gpudse: explain: --gpu is required (gpudse list gpus)' \
	"$GPUDSE" explain --workload "$P"
expect_err "no --workload" 1 'gpudse: explain: --workload is required (gpudse list workloads)' \
	"$GPUDSE" explain --gpu rtx3080
expect_err "unknown preset" 1 'gpudse: unknown GPU preset "nope" (gpudse list gpus shows them)' \
	"$GPUDSE" explain --gpu nope --workload "$P"
expect_err "illegal design" 1 'gpudse: explain: --design: illegal on rtx3080: active_sms must be in [0, n_sm]' \
	"$GPUDSE" explain --gpu rtx3080 --workload "$P" --design active_sms=70
expect_err "cache-mode + active SMs" 1 'gpudse: explain: --design: illegal on rtx3080: active_sms + mor_cache_sms exceeds the GPU'"'"'s SMs' \
	"$GPUDSE" explain --gpu rtx3080 --workload "$P" --design active_sms=60,mor_cache_sms=20
expect_err "unknown workload" 1 'gpudse: --workload: no profile matches "nothere" (gpudse list workloads)' \
	"$GPUDSE" explain --gpu rtx3080 --workload nothere
expect_err "unknown option" 1 'gpudse: explain: unknown option --bogus (see gpudse help explain)' \
	"$GPUDSE" explain --gpu rtx3080 --workload "$P" --bogus

# preset files: errors name the file and the JSON path
B="$CLI_TMP/bad.json"
printf '{"name": "x", "source": "test", "n_sm": -3}\n' >"$B"
expect_err "negative n_sm" 1 "gpudse: $B: .n_sm: expected an integer in [1, 1024], got -3" \
	"$GPUDSE" explain --gpu "$B" --workload "$P"
printf '{"name": "x", "source": "test", "core_mhz": "fast"}\n' >"$B"
expect_err "string for a number" 1 "gpudse: $B: .core_mhz: expected a number in [1, 10000], got \"fast\"" \
	"$GPUDSE" explain --gpu "$B" --workload "$P"
printf '{"source": "test"}\n' >"$B"
expect_err "missing name" 1 "gpudse: $B: .name: missing (required)" \
	"$GPUDSE" explain --gpu "$B" --workload "$P"
printf '{"name": "x", "source": "test", "l1_kib": 256, "l1_shmem_kib": 128}\n' >"$B"
expect_err "L1 larger than its storage" 1 "gpudse: $B: .l1_kib: 256 KiB exceeds l1_shmem_kib (128 KiB)" \
	"$GPUDSE" explain --gpu "$B" --workload "$P"
printf '{"name": "x", "source": "test", "n_smm": 3}\n' >"$B"
"$GPUDSE" explain --gpu "$B" --workload "$P" >"$CLI_TMP/out" 2>"$CLI_TMP/err"; rc=$?
expect_eq "unknown key: exit 1" "$rc" 1
expect_eq "unknown key: one line naming file and key" \
	"$(wc -l <"$CLI_TMP/err") $(cut -c1-$((${#B} + 39)) "$CLI_TMP/err")" "1 gpudse: $B: .n_smm: unknown key (expected"
printf '{"name": "x", "source": "test", ' >"$B"
"$GPUDSE" explain --gpu "$B" --workload "$P" >"$CLI_TMP/out" 2>"$CLI_TMP/err"; rc=$?
expect_eq "truncated preset: exit 1, one line" "$rc $(wc -l <"$CLI_TMP/err")" "1 1"
# a minimal preset: name and source, every other field defaulted
printf '{"name": "mini", "source": "test"}\n' >"$B"
expect_ok "minimal preset" "$GPUDSE" explain --gpu "$B" --workload "$P"
# issue 20: which access-stage figure and whether barrier phases ran (models/ldst.h, barrier_sync.h)
A=calibration/accelsim
expect_ok "explain an Accel-Sim profile" "$GPUDSE" explain --gpu $A/presets/SM7_QV100.json --workload $A/profiles/SM7_QV100/p-atax.json --uncert none
expect_eq "p-atax: the exact access stage, 4.875 cycles (test_ldst_rec derives it from the strides)" \
	"$(grep -c '^l1 access stage: 4.875 cycles per memory instruction at 4 banks, exact' "$CLI_TMP/out")" 1
expect_ok "explain a tensor-core GEMM" "$GPUDSE" explain --gpu $A/presets/SM7_QV100.json --workload $A/profiles/SM7_QV100/db-gemm.json --uncert none --json
expect_eq "db-gemm: barrier phases evaluated, one CTA per SM" \
	"$(tr -d ' \n\t' < "$CLI_TMP/out" | grep -o '"barrier_phases":1,' | wc -l) $(tr -d ' \n\t' < "$CLI_TMP/out" | grep -o '"ctas_per_sm":1,' | wc -l)" "1 1"
# issue 20: which LLC MSHR degrees the term used (models/llc_mshr.h [N'] with the sharers record, else [N])
expect_ok "explain p-gemm (sharers record)" "$GPUDSE" explain --gpu $A/presets/SM86_RTX3070.json --workload $A/profiles/SM86_RTX3070/p-gemm.json --uncert none
expect_eq "p-gemm: exact degrees 1..6, a third of the fills held with every sharer in the window (test_llc_mshr by hand)" \
	"$(grep -c "^llc mshr sharers: 2 other SMs per fill, exact degrees (the profile's sharers record: 3 degrees from 1 to 6, llc_mshr.h \[N'\]); held per fill with every sharer in the window 0.3333 (merge 4)" "$CLI_TMP/out")" 1
grep -v '^    "sharers": ' $A/profiles/SM86_RTX3070/p-gemm.json >"$CLI_TMP/nosharers.json"   # mlp follows it: still JSON
expect_ok "explain p-gemm without the record" "$GPUDSE" explain --gpu $A/presets/SM86_RTX3070.json --workload "$CLI_TMP/nosharers.json" --uncert none
expect_eq "without the record: [N]'s split of s = C_1 / C_g - 1 = 2 holds nothing at P_w = 1" \
	"$(grep -c '^llc mshr sharers: 2 other SMs per fill, the least-variance degrees of C_1 / C_g - 1 (llc_mshr.h \[N\]; the profile has no sharers record); held per fill with every sharer in the window 0 (merge 4)' "$CLI_TMP/out")" 1
cli_done
