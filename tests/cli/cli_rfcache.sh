# cli_rfcache.sh -- `gpudse model rfcache`: §VI-D storage, the dynamic machine, the GPU-model
# view on a shipped profile, the study file, pinned error lines.
. "$(dirname "$0")/cli_lib.sh"
R="$GPUDSE model rfcache"

# first value of "KEY": in $CLI_TMP/out, rounded to 6 significant digits (no jq dependency)
val() { tr -d ' \t\n' <"$CLI_TMP/out" | grep -o "\"$1\":[^,}]*" | head -n 1 | cut -d: -f2 |
	awk '{ if ($0 == "null" || $0 == "true" || $0 == "false" || $0 ~ /^"/) print $0; else printf "%.6g\n", $0 }'; }
# 1 if a > b (numbers)
gt() { awk -v a="$1" -v b="$2" 'BEGIN { print (a > b) ? 1 : 0 }'; }

expect_ok "Table I design" $R --sthld 4
expect_eq "§VI-D: 4 x 2 x 2 x 128 B per SM" "$(val storage_bytes_per_sm)" 2048
expect_eq "§VI-D: 0.78% of 256 KB" "$(val storage_frac_of_rf)" 0.0078125
expect_eq "synthetic default is the §VI-B2 Rodinia average (36% > 3)" "$(val reuse_frac_gt3)" 0.360032
h4=$(val bank_read_reduction)
expect_ok "STHLD 8" $R --sthld 8
expect_eq "hit ratio grows with STHLD (§IV-B3)" "$(gt "$(val bank_read_reduction)" "$h4")" 1
expect_ok "GTO + LRU (Fig. 17)" $R --priority gto
expect_eq "GTO below Malekeh (§VI-C)" "$(gt "$h4" "$(val bank_read_reduction)")" 1
expect_ok "dynamic" $R --sthld dynamic --curve
expect_eq "dynamic settles" "$(val state_final)" '"settled"'
expect_eq "curve has 33 points" "$(tr -d ' \t\n' <"$CLI_TMP/out" | grep -o '"sthld":[0-9]*' | wc -l | tr -d ' ')" 34
expect_ok "more entries" $R --entries 16 --ccus 4 --rthld 8
expect_eq "storage 4 x 4 x 10 x 128 B" "$(val storage_bytes_per_sm)" 20480

# a shipped profile with register reuse distances, through the GPU model
if [ -f calibration/profiles/db-gemm.json ]; then
	expect_ok "db-gemm" $R --profile calibration/profiles/db-gemm.json --sthld dynamic
	expect_eq "reuse from the profile" "$(val reuse_source)" '"profilereg_rd"'
	expect_eq "GPU model sees the same hit ratio" "$(val rfc_hit)" "$(val bank_read_reduction)"
	expect_eq "bank reads fall" "$(gt "$(val rf_reads_per_inst_base)" "$(val rf_reads_per_inst)")" 1
fi

# errors
expect_err "STHLD too large" 1 'gpudse: model rfcache: rfc_sthld must be 0..32 or dynamic' $R --sthld 40
expect_err "bad priority" 1 'gpudse: model rfcache: --priority: rfc_priority: expected one of gto, malekeh, got "lru"' $R --priority lru
expect_err "entries below the OCU slots" 1 'gpudse: model rfcache: --entries: expected an integer in [6, 32], got "4"' $R --entries 4
expect_err "STHLD not a number" 1 'gpudse: model rfcache: --sthld: rfc_sthld: expected an integer in [-1, 1024], got "soon"' $R --sthld soon
expect_ok "help" "$GPUDSE" help model rfcache
# `model malekeh`: the mechanism's code name (models/malekeh.h) is an alias with the same output
$R --sthld 4 >"$CLI_TMP/a" 2>&1; "$GPUDSE" model malekeh --sthld 4 >"$CLI_TMP/b" 2>&1
expect_eq "model malekeh = model rfcache" "$(cmp -s "$CLI_TMP/a" "$CLI_TMP/b" && echo same)" same
cli_done
