# cli_morpheus.sh -- `gpudse model morpheus`: the paper's capacities and controller costs in
# the JSON, one design point on a shipped profile, pinned error lines.
. "$(dirname "$0")/cli_lib.sh"
M="$GPUDSE model morpheus"

# first value of "KEY": in $CLI_TMP/out, rounded to 6 significant digits (no jq dependency)
val() { tr -d ' \t\n' <"$CLI_TMP/out" | grep -o "\"$1\":[^,}]*" | head -n 1 | cut -d: -f2 |
	awk '{ if ($0 == "null" || $0 == "true" || $0 == "false") print $0; else printf "%.6g\n", $0 }'; }

expect_ok "default rf_l1" $M
expect_eq "§5: 32 RF + 16 L1 warps = 328 KiB" "$(val kib)" 328
expect_eq "RF part 200 KiB" "$(val rf_kib)" 200
expect_eq "§4.1.3: 256 sets per partition" "$(val sets_per_partition)" 256
expect_eq "§4.1.3: 2448 sets" "$(val max_sets)" 2448
expect_eq "§4.1.2: 16 KiB of filters" "$(val bf_kib_per_partition)" 16
expect_eq "§7.5: 21 KiB per partition" "$(val ctrl_kib_per_partition)" 21
expect_eq "§6: fair BL llc_scale" "$(val fair_llc_scale)" 1.04102
expect_ok "rf 48 warps" $M --impl rf
expect_eq "§4.2.1: 192 KiB" "$(val kib)" 192
expect_eq "§4.2.1: 42 registers per thread" "$(val regs_per_thread)" 42
expect_eq "§4.2.1: 32 ways" "$(val ways)" 32
expect_ok "rf 8 warps" $M --impl rf --rf-warps 8
expect_eq "§5: 239 KiB" "$(val kib)" 239
expect_ok "l1" $M --impl l1
expect_eq "§5: 128 KiB via L1" "$(val kib)" 128
expect_ok "compression layout" $M --comp 1,0,0
expect_eq "all 4x: 160 blocks per RF set" "$(tr -d ' \t\n' <"$CLI_TMP/out" | grep -o '"rf_set_compressed":{[^}]*}' | grep -o '"ways":[0-9]*' | cut -d: -f2)" 160
expect_ok "a design point" $M --workload calibration/profiles/p-2mm.json --design mor_cache_sms=24,mor_pred=none
expect_eq "eval on" "$(val on)" true
expect_eq "24 cache-mode SMs" "$(val n_cache)" 24
expect_eq "no predictor forwards every miss" "$(val p_fwd)" 1
expect_eq "§4.1.1 split: 24 x 328 / (24 x 328 + 5120)" "$(val ext_frac)" 0.605911
expect_ok "bloom design point" $M --workload calibration/profiles/p-2mm.json --design mor_cache_sms=24 --hashes 3
expect_eq "--hashes reaches the predictor" "$(val bf_hashes)" 3
expect_eq "no false negative" "$(val fn_rate)" 0
expect_ok "help" $GPUDSE help model morpheus
expect_eq "help has examples" "$(grep -c 'gpudse model morpheus --' "$CLI_TMP/out")" 2

# the shipped study on two shipped profiles: memory-bound r-kmeans, compute-bound pb-mri-q
sed 's#"workloads": \[[^]]*\]#"workloads": ["r-kmeans", "pb-mri-q"]#' studies/morpheus-cache-mode.json >"$CLI_TMP/s.json"
expect_ok "study sweep" $GPUDSE sweep "$CLI_TMP/s.json" --db "$CLI_TMP/m.db" --quiet
expect_eq "1917 legal points per workload (1 BL + 5 x 16 baselines + 51 x 36 Morpheus)" \
	"$(grep -o '[0-9]* result rows' "$CLI_TMP/out" | cut -d' ' -f1)" 3834
expect_ok "best Morpheus point, r-kmeans" $GPUDSE query --db "$CLI_TMP/m.db" --workload r-kmeans \
	--where 'variant = Morpheus' --columns mor_cache_sms,speedup --order -speedup --limit 1 --format csv
best=$(tail -n 1 "$CLI_TMP/out")
expect_eq "r-kmeans: cache-mode SMs help (best count > 0, speedup > 1 over BL)" \
	"$(echo "$best" | awk -F, '{ print ($1 > 0 && $2 > 1.05) ? "yes" : "no: " $0 }')" yes
expect_ok "best Morpheus point, pb-mri-q" $GPUDSE query --db "$CLI_TMP/m.db" --workload pb-mri-q \
	--where 'variant = Morpheus' --columns mor_cache_sms,speedup --order -speedup --limit 1 --format csv
expect_eq "pb-mri-q (compute-bound): every cache-mode SM costs (best stays BL)" \
	"$(tail -n 1 "$CLI_TMP/out" | awk -F, '{ print ($2 < 1) ? "yes" : "no: " $0 }')" yes

expect_err "bad impl" 1 'gpudse: model morpheus: --impl: expected rf, rf_l1 or l1, got "reg"' $M --impl reg
expect_err "bad comp" 1 'gpudse: model morpheus: --comp: expected three non-negative shares HIGH,LOW,NONE, got "1,2"' $M --comp 1,2
expect_err "design without workload" 1 'gpudse: model morpheus: --design needs --workload' $M --design mor_cache_sms=3
expect_err "too many warps" 1 'gpudse: model morpheus: --rf-warps + --l1-warps: 56 exceeds the 48 warps of an SM' $M --rf-warps 40
expect_err "bad hashes" 1 'gpudse: model morpheus: --hashes: expected an integer in [1, 16], got "0"' $M --hashes 0
expect_err "75% rule" 1 'gpudse: model morpheus: --design: illegal on rtx3080: mor_cache_sms exceeds 75% of the SMs (Morpheus §4.1.3)' $M --workload calibration/profiles/p-2mm.json --design mor_cache_sms=52
expect_err "unknown option" 1 'gpudse: model morpheus: unknown option --warps (see gpudse help model morpheus)' $M --warps 3
cli_done
