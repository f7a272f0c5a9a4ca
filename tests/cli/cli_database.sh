#!/usr/bin/env bash
# A database that explains itself, and outputs that scale: the metrics table and
# `gpudse list metrics`; the views answering the common questions in plain SQL through the
# sqlite3 command-line tool (wide view, per-design geometric means = pareto's aggregate, best
# design per workload); export streaming (memory flat in the rows) with NDJSON, CSV and JSON at
# full precision; explain --db; the front table (varying knobs only, units, equivalent
# designs collapsed).
. "$(dirname "$0")/cli_lib.sh"
T=$CLI_TMP
command -v sqlite3 >/dev/null || { cli_bad "the sqlite3 command-line tool is missing (make installs it)"; cli_done; exit; }
expect_ok "demo sweep" "$GPUDSE" sweep studies/demo.json --db $T/d.db --quiet
D=$T/d.db
q() { sqlite3 -batch "$D" "$1"; }

# --- the metrics table: one row per results column, direction and unit
expect_eq "metrics: a row per results column" \
	"$(q "SELECT count(*) FROM metrics") $(q "SELECT count(*) FROM pragma_table_info('results') WHERE name NOT IN ('run_id','design_id','workload_id')")" \
	"$(q "SELECT count(*) FROM metrics") $(q "SELECT count(*) FROM metrics")"
expect_eq "metrics: speedup is a ratio, maximised; energy in joules, minimised" \
	"$(q "SELECT name || ' ' || unit || ' ' || direction FROM metrics WHERE name IN ('speedup','energy_j') ORDER BY name")" \
	"energy_j J min
speedup x max"
expect_ok "list metrics --db" "$GPUDSE" list metrics --db $D --format csv
expect_eq "list metrics reads the database's table" "$(grep -c '^area_mm2,mm^2,min,' $CLI_TMP/out)" 1
# a database's own description wins: change a unit in a copy, list metrics and the tables show it
cp $D $T/u.db && sqlite3 $T/u.db "UPDATE metrics SET unit = 'joule' WHERE name = 'energy_j'"
expect_eq "list metrics shows the database's unit" "$("$GPUDSE" list metrics --db $T/u.db --format csv | grep -c '^energy_j,joule,min,')" 1
expect_eq "query's table header reads it" "$("$GPUDSE" query --db $T/u.db --columns design_id,energy_j --limit 1 | head -n 1)" "design_id  energy_j [joule]"
expect_eq "pareto's table header reads it" "$("$GPUDSE" pareto --db $T/u.db --max speedup --min energy_j | sed -n 2p | grep -o 'energy_j \[joule\]')" "energy_j [joule]"
expect_eq "export --units reads it" "$("$GPUDSE" export --db $T/u.db --units | head -n 1 | grep -o 'energy_j \[joule\]')" "energy_j [joule]"
"$GPUDSE" explain --db $T/u.db --design 9 --workload r-kmeans >$T/ex.out 2>&1
expect_eq "explain --db reads it" "$(grep -cE '^  energy_j +[0-9.e-]+  joule$' $T/ex.out)" 1

# --- the views, in plain SQL through the sqlite3 CLI
expect_eq "results_wide: one row per result, with names" \
	"$(q "SELECT count(*) FROM results_wide") $(q "SELECT count(DISTINCT workload) FROM results_wide WHERE run_id = 1")" "672 8"
expect_eq "results_wide: the knobs of the design beside its workload" \
	"$(q "SELECT variant || ' ' || dcl1_org || ' ' || fuse_cfg || ' ' || workload FROM results_wide WHERE design_id = 9 AND workload = 'r-kmeans'")" \
	"private-L1 base dy r-kmeans"
# design_summary = geometric mean of the design's rows (computed here independently)
expect_eq "design_summary: speedup is the geometric mean over workloads" \
	"$(q "SELECT count(*) FROM design_summary s JOIN (SELECT design_id, exp(avg(ln(speedup))) AS g FROM results GROUP BY design_id) x
		USING (design_id) WHERE abs(s.speedup - x.g) > 1e-12 * x.g")" 0
expect_eq "design_summary: a design per row, n_workloads 8" "$(q "SELECT count(*), min(n_workloads), max(n_workloads) FROM design_summary")" "84|8|8"
expect_eq "design_summary: arithmetic mean where a value is 0 (ext_hit without Morpheus)" \
	"$(q "SELECT count(*) FROM design_summary s JOIN (SELECT design_id, avg(ext_hit) AS a, min(ext_hit) AS m FROM results GROUP BY design_id) x
		USING (design_id) WHERE x.m <= 0 AND s.ext_hit != x.a")" 0
# pareto's aggregate and design_summary are one definition: the front's values agree
"$GPUDSE" pareto --db $D --max speedup --min energy_j --format csv >$T/front.csv
mism=0
while IFS=, read -r id rest; do
	[ "$id" = design_id ] && continue
	sp=$(awk -F, -v id="$id" '$1 == id { print $(NF - 1) }' $T/front.csv)
	en=$(awk -F, -v id="$id" '$1 == id { print $NF }' $T/front.csv)
	ok=$(q "SELECT abs(speedup - $sp) <= 1e-12 * speedup AND abs(energy_j - $en) <= 1e-12 * energy_j FROM design_summary WHERE design_id = $id")
	[ "$ok" = 1 ] || mism=$((mism + 1))
done <$T/front.csv
expect_eq "pareto's front values = design_summary's (geomean, 1e-12 relative)" "$mism $(($(wc -l <$T/front.csv) - 1 > 0))" "0 1"
expect_eq "best_per_workload: one row per workload" "$(q "SELECT count(*), count(DISTINCT workload) FROM best_per_workload")" "8|8"
expect_eq "best_per_workload: the maximum speedup of each workload (brute force)" \
	"$(q "SELECT count(*) FROM best_per_workload b WHERE b.speedup != (SELECT max(speedup) FROM results_wide w WHERE w.workload = b.workload)")" 0
# design 9 = Dy-FUSE + RF cache, no Morpheus cache-mode SMs: 4.60x vs 4.55x (design 45, 8
# cache-mode SMs and compression).  Moved from design 45 (4.07x vs 4.06x) when the profile's FUSE
# sample took the middles of the SM strata (minisample.h, issue 21): r-kmeans' Dy-FUSE L1 hit
# ratio 0.860 -> 0.892 with the sampled SMs 8/25/42/59 instead of 0/17/34/51, so the FUSE gain
# outweighs lending SMs to the extended LLC; the two differ by less than the model's error
expect_eq "best_per_workload: r-kmeans's best is design 9" "$(q "SELECT design_id || ' ' || variant FROM best_per_workload WHERE workload = 'r-kmeans'")" "9 private-L1"
# a version-1 database's views are replaced when it is written again (design_summary was arithmetic)
cp $D $T/v1.db
sqlite3 $T/v1.db "DROP VIEW design_summary; CREATE VIEW design_summary AS SELECT run_id, design_id, avg(speedup) AS mean_speedup FROM results GROUP BY run_id, design_id; DROP TABLE metrics; UPDATE meta SET value = '1' WHERE key = 'schema_version'"
expect_ok "list metrics on a version-1 database (built-in table)" "$GPUDSE" list metrics --db $T/v1.db
expect_ok "writing a version-1 database" "$GPUDSE" sweep studies/dcl1-clusters.json --db $T/v1.db --quiet
expect_eq "version-1 database upgraded: geometric design_summary, metrics table" \
	"$(sqlite3 $T/v1.db "SELECT count(*) FROM pragma_table_info('design_summary') WHERE name = 'speedup'; SELECT count(*) > 0 FROM metrics; SELECT value FROM meta WHERE key = 'schema_version'" | tr '\n' ' ')" "1 1 3 "

# --- export: NDJSON, JSON, CSV at full precision
expect_ok "export ndjson" "$GPUDSE" export --db $D --format ndjson
expect_eq "ndjson: one object per line, every row" "$(grep -c '^{.*}$' $CLI_TMP/out)" 672
expect_ok "export json" "$GPUDSE" export --db $D --format json
expect_eq "json: an array" "$(head -c 2 $CLI_TMP/out)$(tail -c 3 $CLI_TMP/out)" "[{}]"
expect_eq "json: every row an object" "$(grep -c '^		"design_id":	' $CLI_TMP/out)" 672
"$GPUDSE" export --db $D --format csv >$T/all.csv
# the stored doubles as exact decimal text (%!.20e) and the CSV's parsed by awk's strtod
# (correctly rounded): SQLite's own text-to-real conversion is not (CAST('0.0124215445089982'
# AS REAL) is one ulp off the double that text is the shortest form of, on SQLite 3.40)
sqlite3 -separator , $D "SELECT design_id, workload, printf('%!.20e', ipc), printf('%!.20e', energy_j),
	printf('%!.20e', time_s), printf('%!.20e', cpi_dram), printf('%!.20e', area_mm2) FROM results_wide" >$T/stored.csv
expect_eq "CSV reads back as exactly the stored doubles (every metric of every row)" \
	"$(awk -F, 'NR == FNR { s[$1 "," $2] = $3 "," $4 "," $5 "," $6 "," $7; next }
		FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ n++; k = $c["design_id"] "," $c["workload"]; split(s[k], v, ",")
		  if (!(k in s) || $c["ipc"] + 0 != v[1] + 0 || $c["energy_j"] + 0 != v[2] + 0 || $c["time_s"] + 0 != v[3] + 0 ||
		      $c["cpi_dram"] + 0 != v[4] + 0 || $c["area_mm2"] + 0 != v[5] + 0) bad++ }
		END { print bad + 0; print n }' $T/stored.csv $T/all.csv)" "0
672"
expect_eq "JSON carries the same doubles as CSV (ipc of the first row)" \
	"$(awk -v a="$("$GPUDSE" export --db $D --format ndjson | head -n 1 | grep -o '"ipc":[^,]*' | cut -d: -f2)" \
	       -v b="$(sed -n 2p $T/all.csv | cut -d, -f36)" 'BEGIN { print (a + 0 == b + 0 && length(b) > 12) }')" 1
expect_eq "CSV column 36 is ipc (after the knobs: issue 21's six FUSE knobs and issue 17's dcl1_gran)" "$(head -n 1 $T/all.csv | cut -d, -f36)" ipc
# memory flat in the rows: peak RSS while the output pipe is blocked, 99,840 rows vs 84
expect_ok "big sweep" "$GPUDSE" sweep tests/data/engine-big.json --db $T/big.db --quiet
hwm() { # DB: VmHWM (kB) of export --format json once its output pipe is full
	local fifo=$T/fifo.$RANDOM; mkfifo $fifo
	"$GPUDSE" export --db "$1" --format json >$fifo 2>/dev/null &
	local pid=$!
	exec 3<$fifo
	local h=0 i
	for i in $(seq 1 30); do sleep 0.1; h=$(awk '/^VmHWM/ { print $2 }' /proc/$pid/status 2>/dev/null); done
	cat <&3 >/dev/null; exec 3<&-; wait $pid; rm -f $fifo
	echo "${h:-0}"
}
small=$(hwm $D); big=$(hwm $T/big.db)
expect_eq "export json streams: peak memory for 99,840 rows within 16 MB of 672 rows ($big vs $small kB)" \
	"$(( big > 0 && small > 0 && big - small < 16384 ))" 1

# --- explain --db
expect_ok "explain --db" "$GPUDSE" explain --db $D --design 9 --workload r-kmeans
expect_eq "explain --db: the stored row reproduced" "$(grep -c '^re-evaluated: every stored metric reproduced exactly$' $CLI_TMP/out)" 1
expect_eq "explain --db: the design's knobs from the database" "$(grep '^design ' $CLI_TMP/out | grep -c 'fuse_cfg=dy')" 1
expect_eq "explain --db: same report as typing the knobs" \
	"$("$GPUDSE" explain --db $D --design 9 --workload r-kmeans | sed -n '/^workload rates/,/^result/p' | md5sum)" \
	"$("$GPUDSE" explain --gpu rtx3080 --workload r-kmeans --design "$(grep '^design ' $CLI_TMP/out | awk '{print $2}')" | sed -n '/^workload rates/,/^result/p' | md5sum)"
expect_ok "explain --db --json" "$GPUDSE" explain --db $D --design 9 --workload r-kmeans --json
expect_eq "explain --db --json: stored block" "$(grep -c '"metrics_differing_from_reevaluation":	0' $CLI_TMP/out)" 1
expect_err "explain --db: unknown design" 1 \
	"gpudse: explain: --design: run 1 of $D has no design 12 (ids of legal points: gpudse query --columns design_id)" \
	"$GPUDSE" explain --db $D --design 12 --workload r-kmeans
expect_err "explain --db: unknown workload" 1 "gpudse: explain: --workload: run 1 of $D has no workload \"x\"" \
	"$GPUDSE" explain --db $D --design 9 --workload x
expect_err "explain --db: design is an id" 1 \
	"gpudse: explain: --design: with --db, a design id (gpudse query --columns design_id), got \"llc_scale=2\"" \
	"$GPUDSE" explain --db $D --design llc_scale=2 --workload r-kmeans
expect_err "explain --db and --gpu" 1 "gpudse: explain: --db and --gpu exclude each other (the run's own preset is used)" \
	"$GPUDSE" explain --db $D --gpu rtx3080 --design 9 --workload r-kmeans

# --- the front table
expect_ok "demo front" "$GPUDSE" pareto --db $D --max speedup --min energy_j,area_mm2
head_line=$(sed -n 2p $CLI_TMP/out)
expect_eq "front: units in the header" "$(grep -o 'speedup \[x\]  energy_j \[J\]  area_mm2 \[mm^2\]' <<<"$head_line")" "speedup [x]  energy_j [J]  area_mm2 [mm^2]"
expect_eq "front: knobs the study fixes are hidden" "$(grep -cE 'mor_imov|rfc_sthld|fuse_sram_frac' <<<"$head_line")" 0
expect_eq "front: knobs the space varies are shown" "$(grep -o 'mor_cache_sms\|mor_compress\|fuse_cfg\|rfc_on\|dcl1_org' <<<"$head_line" | wc -l)" 5
expect_ok "dcl1-clusters" "$GPUDSE" sweep studies/dcl1-clusters.json --db $T/c.db --quiet
# two designs with identical objectives are one row: Sh40 with dcl1_boost false and true (its
# 80x40 NoC#1 cannot run at 2x, so boost changes nothing), on the front of the slowest and
# largest designs (Sh40's 80x40 NoC#1 is the largest area; since p-syr2k ships at 512 Sh40+C5
# is the slowest and most energy-hungry design, which put Sh40 off the speed/energy front)
expect_ok "dcl1-clusters front" "$GPUDSE" pareto --db $T/c.db --min speedup --max area_mm2
expect_eq "front: Sh40 with dcl1_boost false and true is one row" \
	"$(sed -n 2p $CLI_TMP/out; grep '^2  ' $CLI_TMP/out | awk '{print $1, $2, $3, $7}')" \
	"2 rows: designs whose objectives agree within 1e-09 (relative) are one row, \"same\" counts the others
2 +1 Sh40 false|true"
expect_ok "dcl1-clusters front csv" "$GPUDSE" pareto --db $T/c.db --min speedup --max area_mm2 --format csv
expect_eq "front csv: every design, no collapsing" \
	"$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "dcl1_boost") c = i; next } { printf "%s,%s ", $1, $c }' $CLI_TMP/out)" "2,false 8,true 3,false "  # 9,true (Sh40+C20 boosted) before issue 20's posted stores and pending hits moved the DC-L1 speedups
expect_ok "tolerance 0 keeps them apart only if they differ at all" "$GPUDSE" pareto --db $T/c.db --min speedup --max area_mm2 --tolerance 0
expect_eq "identical objectives stay one row at tolerance 0" "$(grep '^2  ' $CLI_TMP/out | awk '{print $2}')" "+1"

cli_done
