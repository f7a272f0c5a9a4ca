#!/usr/bin/env bash
# gpudse tech: import of CACTI (cache, RAM), NVSim (cache) and DSENT (crossbar) outputs from
# tests/data/tech (real runs of the tools, calibration/tech/README.md), the figures read back
# against the numbers printed in those files, the shipped table's refusals, every bad input
# with its pinned error line.
. "$(dirname "$0")/cli_lib.sh"
T=$CLI_TMP
D=tests/data/tech
jnum() { grep -o "\"$2\":[[:space:]]*[-0-9.e+]*" "$1" | head -n 1 | awk '{print $NF}'; }
col() { awk -F, -v k="$2" -v c="$3" 'NR > 2 && $1 == k { print $c; exit }' "$1"; }

expect_ok "import four tool outputs" "$GPUDSE" tech import -o $T/t.csv \
	$D/cacti-sram-cache-22nm-64-4.txt $D/cacti-sram-ram-22nm-16-1.txt \
	$D/nvsim-stt-cache-22nm-16-4.txt $D/dsent-xbar-32nm-8x4.txt
expect_eq "import summary" "$(cat $CLI_TMP/out)" "imported 6 rows from 4 tool outputs into $T/t.csv"
# CACTI 64 KiB 4-way: "Data array: Area (mm2): 0.162478", efficiency 25.6523 %; tag 0.00177059
expect_eq "CACTI data area" "$(awk -F, 'NR > 2 && $1 == "data" && $4 == 65536 { print $10 }' $T/t.csv)" 0.162478
expect_eq "CACTI data cells" "$(awk -F, 'NR > 2 && $1 == "data" && $4 == 65536 { print $11 }' $T/t.csv)" 0.0416793
expect_eq "CACTI tag area" "$(awk -F, 'NR > 2 && $1 == "tag" && $4 == 65536 { print $10 }' $T/t.csv)" 0.00177059
expect_eq "CACTI RAM area" "$(col $T/t.csv ram 10)" 0.0414958
# NVSim 16 KiB STT: data "= 32242.308um^2" -> 0.0322423 mm^2, Read Dynamic Energy 247.910pJ
expect_eq "NVSim STT data area" "$(awk -F, 'NR > 2 && $1 == "data" && $2 == "stt" { print $10 }' $T/t.csv)" 0.0322423
expect_eq "NVSim STT read energy" "$(awk -F, 'NR > 2 && $1 == "data" && $2 == "stt" { print $14 }' $T/t.csv)" 0.24791
# DSENT 8x4 at 32 nm: area_m2 1.01503e-07 -> 0.101503 mm^2; fmax_hz 7.578304e+09
expect_eq "DSENT area" "$(col $T/t.csv xbar 10)" 0.101503
expect_eq "DSENT fmax" "$(col $T/t.csv xbar 17)" 7.5783
expect_eq "provenance" "$(col $T/t.csv xbar 18)" dsent

# figures read back from a table: a run itself comes back exactly
expect_ok "array at a run" "$GPUDSE" tech array --table $T/t.csv --cell stt --kind data --node 22 --bytes 16384
expect_eq "the run's area" "$(jnum $CLI_TMP/out area_mm2)" 0.0322423
expect_ok "xbar at a run" "$GPUDSE" tech xbar --table $T/t.csv --node 32 --in 8 --out 4
expect_eq "the run's fmax" "$(jnum $CLI_TMP/out fmax_ghz)" 7.5783

# refusals: no extrapolation
expect_err "size outside" 1 "gpudse: tech array: stt data array of 32768 bytes at 22 nm: outside the table's sizes [16384, 16384] bytes (no extrapolation)" \
	"$GPUDSE" tech array --table $T/t.csv --cell stt --kind data --node 22 --bytes 32768
expect_err "node outside" 1 "gpudse: tech xbar: crossbar at 22 nm: outside the table's nodes [32, 32] nm (no extrapolation)" \
	"$GPUDSE" tech xbar --table $T/t.csv --node 22 --in 8 --out 4
expect_err "no series" 1 "gpudse: tech array: no stt data array with 8 ways, 1024-bit port, 1 port(s) in the technology table" \
	"$GPUDSE" tech array --table $T/t.csv --cell stt --kind data --node 22 --bytes 16384 --assoc 8

# under 8 inputs a crossbar only at an input count the table holds (tech.h L3f): the shipped
# 22 nm crossbars of 2 and 4 inputs alone refuse 3x2; the shipped table (every count 2-8) has it
S=calibration/tech/tech-default.csv
{ grep '^#' $S; grep -m1 '^kind,' $S; awk -F, '$1 == "xbar" && $3 == 22 && ($8 == 2 || $8 == 4) && ($9 == 1 || $9 == 4)' $S; } > $T/x24.csv
expect_err "3 inputs between 2 and 4" 1 "gpudse: tech xbar: 3x2 crossbar of 256-bit ports at 22 nm: between the table's 2- and 4-input runs, and under 8 inputs its clock is taken only at an input count the table holds (tech.h L3f; no interpolation in the mux depth)" \
	"$GPUDSE" tech xbar --table $T/x24.csv --node 22 --in 3 --out 2
expect_ok "3x2 from the shipped table" "$GPUDSE" tech xbar --table $S --node 22 --in 3 --out 2
# DSENT 3x1 at 22 nm: fmax_hz 2.120378e+10 (calibration/tech/tech-default.csv, the 3x1 run's
# bisection); every output count takes the n_in x 1 clock
expect_eq "3x2 fmax = the 3-input clock" "$(jnum $CLI_TMP/out fmax_ghz)" 21.2038

# bad input
expect_err "no design" 1 "gpudse: tech import: $D/cacti-no-design.txt: no CACTI result (\"Cache Parameters:\" with size, block size, associativity): did the run find an organisation?" \
	"$GPUDSE" tech import -o $T/bad.csv $D/cacti-no-design.txt
expect_eq "nothing written" "$(ls $T/bad.csv 2>/dev/null)" ""
# a DSENT sizing run that missed timing is not a design (a 128-input crossbar asked for 1 GHz at
# 22 nm prints this warning and the figures of its failed upsizing)
awk '/^fmax-bisection/ && !w { print "[Warning] MultiplexerCrossbar -> Timing not met: Required delay = 1e-09"; w = 1 } { print }' \
	$D/dsent-xbar-32nm-8x4.txt > $T/dsent-late.txt
expect_err "timing not met" 1 "gpudse: tech import: $T/dsent-late.txt: DSENT's sizing run did not meet timing (\"Timing not met\"): its area, energy and leakage are not those of a design" \
	"$GPUDSE" tech import -o $T/bad.csv $T/dsent-late.txt
printf 'hello\n' > $T/raw.txt
expect_err "no provenance" 1 "gpudse: tech import: $T/raw.txt: missing provenance: the file must start with \"# tool\", \"# commit\", \"# config\", \"# date\", \"# node_nm\", \"# cell\", \"# kind\" lines" \
	"$GPUDSE" tech import -o $T/bad.csv $T/raw.txt
expect_err "missing -o" 1 "gpudse: tech import: missing -o TABLE.csv" "$GPUDSE" tech import $T/raw.txt
expect_err "missing table" 1 "gpudse: tech array: --table $T/none.csv: No such file or directory" \
	"$GPUDSE" tech array --table $T/none.csv --cell stt --kind data --node 22 --bytes 16384
expect_err "bad cell" 1 "gpudse: tech array: --cell must be sram or stt" \
	"$GPUDSE" tech array --table $T/t.csv --cell dram --kind data --node 22 --bytes 16384
expect_err "unknown subcommand" 1 "gpudse: tech: unknown subcommand \"frob\" (import, array or xbar)" "$GPUDSE" tech frob
cli_done
