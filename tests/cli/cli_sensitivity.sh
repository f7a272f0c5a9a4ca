#!/bin/bash
# cli_sensitivity.sh -- gpudse sensitivity on the DC-L1 study (variants x boost: a full
# factorial once the variant-set knobs are aliased) and the FUSE study (constraints remove
# cells: least squares), its output shapes and its errors.
. "$(dirname "$0")/cli_lib.sh"
DB=$CLI_TMP/s.db
expect_ok "sweep dcl1" "$GPUDSE" sweep studies/dcl1-clusters.json --db "$DB" --quiet
expect_ok "sweep fuse" "$GPUDSE" sweep studies/fuse-ratio.json --db "$DB" --quiet

expect_ok "dcl1 sensitivity" "$GPUDSE" sensitivity --db "$DB" --run 1
expect_eq "dcl1 factors" "$(sed -n 1p "$CLI_TMP/out")" \
	"run 1 (dcl1-clusters): 12 designs x 6 workloads; factors: variant (6 levels), dcl1_boost (2 levels)"
expect_eq "dcl1 aliased knobs named" "$(sed -n 2p "$CLI_TMP/out")" \
	"set by the variants (aliased with variant, not separate factors): dcl1_org, dcl1_nodes, dcl1_clusters"
expect_eq "dcl1 is a full factorial" "$(grep -c '^a full factorial (12 cells, one design each); method: ANOVA' "$CLI_TMP/out")" 1
# ANOVA shares of one (metric, workload) add up to 1 (orthogonal terms + the rest)
expect_ok "dcl1 csv" "$GPUDSE" sensitivity --db "$DB" --run 1 --format csv --per-workload
expect_eq "dcl1 rows: (1 aggregate + 6 workloads) x 2 metrics x (3 terms + rest)" "$(tail -n +2 "$CLI_TMP/out" | wc -l)" 56
bad=$(awk -F, 'NR > 1 { s[$1 "/" $2] += $8 } END { for (k in s) if (s[k] < 0.999 || s[k] > 1.001) print k, s[k] }' "$CLI_TMP/out")
expect_eq "ANOVA shares sum to 1 for every metric and workload" "$bad" ""
expect_eq "csv header" "$(head -1 "$CLI_TMP/out")" "metric,workload,method,rank,term,df,ss,share"

expect_ok "fuse sensitivity" "$GPUDSE" sensitivity --db "$DB" --run 2 --metric speedup
expect_eq "fuse says it is not a full factorial" \
	"$(grep -c '^NOT a full factorial (22 designs for 30 cells' "$CLI_TMP/out")" 1
expect_eq "fuse: the L1 configuration ranks first" "$(awk '$4 == 1 { print $5 }' "$CLI_TMP/out")" "fuse_cfg"
expect_eq "fuse: interaction df = (4-1)(5-1) cells with every ratio" \
	"$(awk '$5 == "fuse_cfg" && $6 == "x" { print $8 }' "$CLI_TMP/out")" 12

expect_err "anova on a non-factorial" 1 \
	"gpudse: sensitivity: --method anova: the stored designs are not a full factorial (use lsq)" \
	"$GPUDSE" sensitivity --db "$DB" --run 2 --method anova
expect_err "unknown metric" 1 \
	"gpudse: sensitivity: --metric: unknown metric \"nope\" (gpudse help pareto lists them)" \
	"$GPUDSE" sensitivity --db "$DB" --metric nope
expect_err "unknown workload" 1 \
	"gpudse: sensitivity: --workload: run 2 has no workload \"nope\"" \
	"$GPUDSE" sensitivity --db "$DB" --workload nope
expect_ok "json" "$GPUDSE" sensitivity --db "$DB" --run 1 --format json --top 1
expect_eq "json: top 1 + rest per metric" "$(grep -c '"term"' "$CLI_TMP/out")" 4
# least squares on the demo (variants x 4 knobs, constraints): a term that adds no rank to the
# fit explains nothing (df 0 => ss 0), and every share is in [0, 1]
expect_ok "sweep demo" "$GPUDSE" sweep studies/demo.json --db "$DB" --quiet
expect_ok "demo sensitivity" "$GPUDSE" sensitivity --db "$DB" --run 3 --per-workload --format csv
expect_eq "df 0 => ss 0" "$(awk -F, 'NR > 1 && $6 == "0" && $7 != "0"' "$CLI_TMP/out" | wc -l)" 0
expect_eq "shares in [0, 1]" "$(awk -F, 'NR > 1 && ($8 < 0 || $8 > 1)' "$CLI_TMP/out" | wc -l)" 0
cli_done
