#!/usr/bin/env bash
# Data integrity (issue 15): no wrong value written, no row lost, no crash on hostile input.
# One block per item of the issue; each block failed on the commit before its fix.
. "$(dirname "$0")/cli_lib.sh"
T=$CLI_TMP
"$GPUDSE" sweep studies/demo.json --db $T/demo.db --quiet >/dev/null 2>&1 || cli_bad "demo sweep"

# --- 1. one value per cell in every format and command: JSON wrote 0 for true and dynamic
expect_ok "pareto json" "$GPUDSE" pareto --db $T/demo.db --format json
expect_eq "pareto json: booleans and dynamic as the table shows them" \
	"$(tr -d ' \t\n' < $CLI_TMP/out | grep -o '"mor_imov":true,"rfc_on":true,"rfc_sthld":"dynamic"' | head -1)" \
	'"mor_imov":true,"rfc_on":true,"rfc_sthld":"dynamic"'
"$GPUDSE" pareto --db $T/demo.db --format csv > $T/p.csv
"$GPUDSE" pareto --db $T/demo.db --format table | tail -n +4 | awk '{$1=$1; gsub(/ /, ","); print}' > $T/p.tab
expect_eq "pareto table and csv agree cell by cell" "$(tail -n +2 $T/p.csv)" "$(cat $T/p.tab)"
C=design_id,workload,mor_imov,rfc_on,rfc_sthld,dcl1_org,speedup
"$GPUDSE" query --db $T/demo.db --columns $C --where 'design_id = 9' --format csv > $T/q.csv
expect_eq "query prints the knob spellings of pareto and the study" "$(sed -n 2p $T/q.csv)" \
	"9,r-kmeans,true,true,dynamic,base,$(sed -n 2p $T/q.csv | cut -d, -f7)"
"$GPUDSE" query --db $T/demo.db --columns $C --where 'design_id = 9' --format json | tr -d ' \t\n' > $T/q.json
expect_eq "query json: same values as its csv" \
	"$(grep -o '"mor_imov":true,"rfc_on":true,"rfc_sthld":"dynamic","dcl1_org":"base"' $T/q.json | head -1)" \
	'"mor_imov":true,"rfc_on":true,"rfc_sthld":"dynamic","dcl1_org":"base"'
"$GPUDSE" export --db $T/demo.db --format csv > $T/e.csv
expect_eq "export: rfc_sthld spelled dynamic in every row" \
	"$(awk -F, 'NR==1{for(i=1;i<=NF;i++) if($i=="rfc_sthld") c=i; next} {print $c}' $T/e.csv | sort -u)" dynamic

# --- 2. one spelling everywhere: --where takes what the table shows, refuses what cannot match
n_true=$("$GPUDSE" query --db $T/demo.db --where 'rfc_on = true' --format csv | wc -l)
n_all=$("$GPUDSE" query --db $T/demo.db --format csv | wc -l)
expect_eq "--where rfc_on = true matches half the rows" "$(( (n_true - 1) * 2 ))" "$((n_all - 1))"
expect_eq "--where rfc_sthld = dynamic matches every row" \
	"$("$GPUDSE" query --db $T/demo.db --where 'rfc_sthld = dynamic' --format csv | wc -l)" "$n_all"
expect_err "--where unknown operator" 1 \
	"gpudse: query: --where: expected 'COLUMN OP VALUE' with OP one of = != < <= > >=, got \"speedup >> 1\"" \
	"$GPUDSE" query --db $T/demo.db --where 'speedup >> 1'
expect_err "--where text against a number" 1 'gpudse: query: --where: speedup: expected a number, got "abc"' \
	"$GPUDSE" query --db $T/demo.db --where 'speedup > abc'
expect_err "--where decimal comma" 1 'gpudse: query: --where: speedup: expected a number, got "1,5"' \
	"$GPUDSE" query --db $T/demo.db --where 'speedup < 1,5'
expect_err "--where bad boolean" 1 'gpudse: query: --where: rfc_on: expected true or false, got "maybe"' \
	"$GPUDSE" query --db $T/demo.db --where 'rfc_on = maybe'
expect_err "--where order on an enum" 1 'gpudse: query: --where: dcl1_org: a named value takes = or != only, got "<"' \
	"$GPUDSE" query --db $T/demo.db --where 'dcl1_org < shc'

# --- 3. no cap on arguments: the 300th word counts like the first
many=(); for i in $(seq 130); do many+=(--limit 100000); done
expect_ok "query after 260 words" "$GPUDSE" query --db $T/demo.db "${many[@]}" --where 'design_id = 9' --format csv
expect_eq "the --where after 260 words filters" "$(tail -n +2 $CLI_TMP/out | cut -d, -f1 | sort -u)" 9
q=(); for i in $(seq 300); do q+=(--quiet); done
expect_ok "sweep with --db after 300 words" "$GPUDSE" sweep tests/data/engine-study.json "${q[@]}" --jobs 1 --db $T/argv.db
expect_eq "the database named after 300 words is written" "$(ls $T/argv.db 2>/dev/null)" "$T/argv.db"

cli_done
