# cli_dcl1.sh -- `gpudse model dcl1`: Table I and §V/§VI shapes on the dcl1-80 preset, the
# workload terms on a profile, the study file, pinned error lines.
. "$(dirname "$0")/cli_lib.sh"
D="$GPUDSE model dcl1"

# first value of "KEY": in $CLI_TMP/out, rounded to 6 significant digits (no jq dependency)
val() { tr -d ' \t\n' <"$CLI_TMP/out" | grep -o "\"$1\":[^,}]*" | head -n 1 | cut -d: -f2 |
	awk '{ if ($0 == "null" || $0 == "true" || $0 == "false" || $0 ~ /^"/) print $0; else printf "%.6g\n", $0 }'; }

# Table I: Pr80/40/20/10 crossbars and peak L1 bandwidth drop
for row in "80 1 4" "40 2 8" "20 4 16" "10 8 32"; do
	set -- $row
	expect_ok "Pr$1" $D --org pr --nodes "$1"
	expect_eq "Pr$1 NoC#1 N x 1" "$(tr -d ' \t\n' <"$CLI_TMP/out" | grep -o '"noc1":{[^}]*}')" \
		"\"noc1\":{\"count\":$1,\"n_in\":$2,\"n_out\":1,\"direct_links\":$([ "$2" = 1 ] && echo true || echo false)}"
	expect_eq "Pr$1 NoC#2 Y x 32" "$(tr -d ' \t\n' <"$CLI_TMP/out" | grep -o '"noc2":{[^}]*}')" \
		"\"noc2\":{\"count\":1,\"n_in\":$1,\"n_out\":32,\"direct_links\":false}"
	expect_eq "Pr$1 peak BW 32 x Y (Table I)" "$(val peak_l1_bw_bytes_per_cycle)" "$((32 * $1))"
	expect_eq "Pr$1 peak BW drop (Table I)" "$(val peak_l1_bw_drop)" "$3"
done
# §V-A Sh40: 80 x 40, 6 home bits; §VI-A Sh40+C10: 10 x (8 x 4), 4 x (10 x 8), 2 home bits
expect_ok "Sh40" $D --org sh --nodes 40
expect_eq "Sh40 home bits" "$(val home_bits)" 6
expect_eq "Sh40 NoC#1" "$(tr -d ' \t\n' <"$CLI_TMP/out" | grep -o '"noc1":{[^}]*}')" \
	'"noc1":{"count":1,"n_in":80,"n_out":40,"direct_links":false}'
expect_eq "Sh40 NoC area +74% (paper +69%)" "$(val noc_area_ratio)" 1.744
expect_ok "Sh40 boost asked" $D --org sh --nodes 40 --boost
expect_eq "80x40 cannot run at 2x (§VI-C)" "$(val boost_applied)" false
expect_ok "Sh40+C10+Boost" $D --org shc --nodes 40 --clusters 10 --boost
expect_eq "C10 home bits" "$(val home_bits)" 2
expect_eq "C10 NoC#1" "$(tr -d ' \t\n' <"$CLI_TMP/out" | grep -o '"noc1":{[^}]*}')" \
	'"noc1":{"count":10,"n_in":8,"n_out":4,"direct_links":false}'
expect_eq "C10 NoC#2" "$(tr -d ' \t\n' <"$CLI_TMP/out" | grep -o '"noc2":{[^}]*}')" \
	'"noc2":{"count":4,"n_in":10,"n_out":8,"direct_links":false}'
expect_eq "8x4 boosted (§VI-C)" "$(val boost_applied)" true
expect_eq "boost: peak drop 4x instead of 8x (§VI-C)" "$(val peak_l1_bw_drop)" 4
expect_eq "DC-L1 latency 30 cycles at 2x (§VIII)" "$(val l1_lat_cycles)" 30
expect_eq "C10 NoC area -50% (§VI-B)" "$(val noc_area_ratio)" 0.496205
# the workload terms on a profile
expect_ok "with a profile" $D --org shc --nodes 40 --clusters 10 --profile tests/data/mini-a.json
expect_eq "copies at most Z" "$(val copies_per_line | awk '{ print ($1 >= 1 && $1 <= 10) ? "ok" : $1 }')" ok
expect_eq "replication in [0,1]" "$(val replication_ratio | awk '{ print ($1 >= 0 && $1 <= 1) ? "ok" : $1 }')" ok
expect_eq "NoC#1 stations in memsys" "$(grep -o '"name": *"dcl1_noc1_[a-z]*"' "$CLI_TMP/out" | wc -l | tr -d ' ')" 2
# the study parses and sweeps (on a shipped test profile in place of the PolyBench ones)
sed 's#"workloads": \[[^]]*\]#"workloads": ["tests/data/mini-a.json"]#' studies/dcl1-clusters.json >"$CLI_TMP/s.json"
expect_ok "dcl1-clusters study sweeps" $GPUDSE sweep "$CLI_TMP/s.json" --db "$CLI_TMP/r.db" --jobs 1 --quiet
expect_eq "12 points: 6 organisations x boost" "$(grep -o '[0-9]* points' "$CLI_TMP/out" | head -n 1)" "12 points"
# errors
expect_err "Y must divide X" 1 'gpudse: model dcl1: dcl1_nodes (Y) must divide the core count X (paper §IV-A)' \
	$D --org pr --nodes 30
expect_err "Z must divide Y" 1 'gpudse: model dcl1: dcl1_clusters (Z) must divide dcl1_nodes (Y) (paper §VI-A)' \
	$D --org shc --nodes 40 --clusters 3
expect_err "M must divide L" 1 'gpudse: model dcl1: nodes per cluster M = Y/Z must divide the LLC slice count L (paper §VI-A)' \
	$D --org shc --nodes 40 --clusters 1
expect_err "bad org" 1 'gpudse: model dcl1: --org: dcl1_org: expected one of base, pr, sh, shc, got "xx"' \
	$D --org xx
cli_done
