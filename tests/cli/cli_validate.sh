# cli_validate.sh -- `gpudse validate`: one full run as JSON (its structure checked with awk, no
# python3 needed; every paper appears; the count of rows per status pinned: 131 rows, 25 exact,
# 46 close, 60 off, 0 n/a, measured on the merged model of issues 17, 18, 20, 21 and 22 (and issue 20's
# pending hits, which moved the Malekeh IPC row from close to off) with the
# profiles regenerated on it (issue 22 split the technology rows per tool;
# issue 20 the DC-L1 NoC#1 latency check, off); the structural rows pinned with status exact), the --paper filter,
# the table and markdown formats on the fast Malekeh rows, pinned error lines.
. "$(dirname "$0")/cli_lib.sh"
V="$GPUDSE validate"

# rows of a JSON report ($1) as "paper|quantity|paper_text|gpudse_text|status" lines (cJSON's
# pretty print puts one key per line; no jq dependency)
rows() {
	awk -F'":[ \t]*' '
		function v(x) { sub(/,$/, "", x); sub(/^"/, "", x); sub(/"$/, "", x); return x }
		/^[ \t]*\}/      { print p "|" q "|" pt "|" gt "|" st }
		/\{$/            { p = q = pt = gt = st = "" }
		/"paper":/       { p = v($2) }
		/"quantity":/    { q = v($2) }
		/"paper_text":/  { pt = v($2) }
		/"gpudse_text":/ { gt = v($2) }
		/"status":/      { st = v($2) }' "$1"
}

expect_ok "full report as JSON" $V --format json
cp "$CLI_TMP/out" "$CLI_TMP/all.json"
rows "$CLI_TMP/all.json" >"$CLI_TMP/rows"
# the JSON's structure without python3 or jq: "[" first, "]" last, and every object (cJSON puts
# one key per line) has exactly the ten keys, once each; prints the object count or "bad: ..."
shape() {
	awk '
		BEGIN { want = "paper quantity paper_value gpudse unit paper_text gpudse_text status tolerance source"
		        nk = split(want, k, " "); for (i = 1; i <= nk; i++) ok[k[i]] = 1 }
		NR == 1 && substr($0, 1, 1) != "[" { bad = "does not start with [" }
		{ last = $0 }
		# "}, {" closes one object and opens the next: the close rule first
		/^[ \t]*\}/ { if (got != nk) bad = "object " n ": " got " keys" }
		/^[ \t]*"[a-z_]+":/ { key = $0; sub(/^[ \t]*"/, "", key); sub(/".*/, "", key)
		        if (!(key in ok) || (key in seen)) bad = "object " n ": key " key; seen[key] = 1; got++ }
		/\{[ \t]*$/ { n++; delete seen; got = 0 }
		END { if (last !~ /\][ \t]*$/) bad = "does not end with ]"
		      print bad != "" ? "bad: " bad : n }' "$1"
}
expect_eq "the JSON is an array of objects with the ten keys, one object per parsed row" "$(shape "$CLI_TMP/all.json")" \
	"$(wc -l <"$CLI_TMP/rows" | tr -d ' ')"
for p in Morpheus DC-L1 FUSE Malekeh; do
	expect_eq "$p appears" "$(grep -c "^$p|" "$CLI_TMP/rows" | awk '{ print ($1 >= 5) ? "yes" : "no: " $1 }')" yes
done
expect_eq "every status is exact, close, off or n/a" "$(cut -d'|' -f5 "$CLI_TMP/rows" | grep -vcE '^(exact|close|off|n/a)$')" 0
# the counts per status, pinned: a model change that moves a row moves one of these, and must
# say so (docs/validation.md is regenerated with it)
expect_eq "129 rows in all" "$(wc -l <"$CLI_TMP/rows" | tr -d ' ')" 129
# the merge of 2026-11-26 (issue 18: db-conv and db-rnn-train join the Malekeh study, and its
# GPU's kernels are Turing SASS, HMMA.1688), on the regenerated profiles: 50 -> 51 close,
# 54 -> 53 off (Malekeh RF dynamic energy stays close; the RF-cache hit ratio 56.7% -> 49.7%
# against 46.4%: off -> close); every other off row as before, each with its cause in
# docs/validation.md.  On main e1c9bbc's p-atax/p-bicg/p-mvt/p-gesummv at 4096 on fuse-15
# (merged into wl18e): 51 -> 53 close, 53 -> 51 off -- FUSE's Dy-FUSE outgoing memory
# references -62% -> -33% (paper -32%) and Malekeh's RF bank reads -57.7% -> -52.6% (paper
# -46.4%; p-atax and p-mvt are in its study: main's 14 workloads alone give -54.7%) go close
# wl18f (issue 18: p-gemm and p-2mm at 1024, p-syr2k at 512): 53 -> 52 close, 51 -> 52 off --
# DC-L1 Sh40+C10 miss-rate reduction 52% -> 13% (close -> off) and Sh40+C20 51% -> 46% (off ->
# close): p-syr2k's column walk camps on one home node at 512 (validate_causes.c); FUSE Volta
# Base-FUSE +25% -> +17% (close -> off: the FUSE study reads the same PolyBench profiles)
# tech22f (issue 22): 53 -> 55 close, 51 -> 49 off -- NVSim's held-out read/write energy 22.5% ->
# 6.1% (the 4-way tag arrays forced to one organisation on nvsim-tagforce) and DSENT's fmax
# under 8 inputs 35.4% -> 0.0% (every input count 2-8 a run; tech.h L3f refuses between them)
# after merging wl18f, tech22f and the lead's paper-size inputs (2026-11-26): 54 close, 50 off --
# wl18f's two DC-L1 moves and Volta Base-FUSE (close -> off), tech22f's NVSim energy (off ->
# close); the lead's inputs (pb-stencil 512x512x64 over 20 steps, p-2dconv 4096, p-fdtd-2d 2048,
# r-gaussian 1024, all 96 t-alexnet maps, CUDNN_SKIP_INPUT rnn kernels) move values, no status
# the benchmarks' default inputs (lead8: r-kmeans kdd_cup 494020 points, p-syr2k 1024, pb-lbm
# 16 steps): 54 -> 53 close, 50 -> 51 off -- DC-L1 Pr20 miss-rate reduction 44% -> 36% (close ->
# off: the geomean of the three replication-sensitive profiles moves with p-syr2k at 1024);
# Morpheus-ALL over BL -3% -> -7%
# (r-kmeans +68% -> +3%), DC-L1 Sh40+C10+Boost -27% -> -33%, FUSE Dy over FA +0.3% -> -1.8%
# the shipped profiles with issue 20's records (2026-11-27): 53 -> 52 close, 51 -> 52 off -- the
# Bloom predictor against perfect prediction -1.9% -> -2.4% (off by 0.4 pt; docs/validation.md)
expect_eq "52 close rows" "$(grep -c '|close$' "$CLI_TMP/rows")" 52
expect_eq "52 off rows (reported, exit 0)" "$(grep -c '|off$' "$CLI_TMP/rows")" 52
expect_eq "no row is n/a on the shipped data" "$(grep -c '|n/a$' "$CLI_TMP/rows")" 0

# the structural rows, pinned: paper value = gpudse value, status exact
pin() { # DESC 'paper|quantity|paper_text|gpudse_text|exact'
	expect_eq "$1" "$(grep -cxF "$2" "$CLI_TMP/rows")" 1
}
pin "Morpheus §4.2.1 192 KiB" "Morpheus|extended LLC per cache-mode SM, RF, 48 warps (48 sets x 32 ways x 128 B)|192 KiB|192 KiB|exact"
pin "Morpheus §5 239 KiB" "Morpheus|extended LLC per cache-mode SM, RF, 8 warps|239 KiB|239 KiB|exact"
pin "Morpheus §5 128 KiB" "Morpheus|extended LLC per cache-mode SM, L1 only|128 KiB|128 KiB|exact"
pin "Morpheus §5 328 KiB" "Morpheus|extended LLC per cache-mode SM, RF+L1 (32 RF + 16 L1 warps)|328 KiB|328 KiB|exact"
pin "Morpheus §4.1.3 51 SMs" "Morpheus|most SMs in cache mode (75% of 68)|51|51|exact"
pin "Morpheus §4.1.3 2448 sets" "Morpheus|extended-LLC sets, all cache-mode SMs|2448|2448|exact"
pin "Morpheus §4.1.3 256 sets" "Morpheus|extended-LLC sets per LLC partition|256|256|exact"
pin "Morpheus §4.1.2 16 KiB" "Morpheus|Bloom filters per partition (32 B x 2 x 256)|16 KiB|16 KiB|exact"
pin "Morpheus §7.5 21 KiB" "Morpheus|controller storage per partition (filters + 5 KiB query unit)|21 KiB|21 KiB|exact"
pin "Morpheus §6 210 KiB" "Morpheus|storage added to BL's LLC for a fair baseline|210 KiB|210 KiB|exact"
pin "DC-L1 Table I Pr80" "DC-L1|Pr80: NoC#1 + NoC#2 crossbars, peak L1 bandwidth drop|80x(1x1) + 1x(80x32), 4x drop|80x(1x1) + 1x(80x32), 4x drop|exact"
pin "DC-L1 Table I Pr40" "DC-L1|Pr40: NoC#1 + NoC#2 crossbars, peak L1 bandwidth drop|40x(2x1) + 1x(40x32), 8x drop|40x(2x1) + 1x(40x32), 8x drop|exact"
pin "DC-L1 Table I Pr20" "DC-L1|Pr20: NoC#1 + NoC#2 crossbars, peak L1 bandwidth drop|20x(4x1) + 1x(20x32), 16x drop|20x(4x1) + 1x(20x32), 16x drop|exact"
pin "DC-L1 Table I Pr10" "DC-L1|Pr10: NoC#1 + NoC#2 crossbars, peak L1 bandwidth drop|10x(8x1) + 1x(10x32), 32x drop|10x(8x1) + 1x(10x32), 32x drop|exact"
pin "DC-L1 §V-A Sh40" "DC-L1|Sh40: NoC#1 + NoC#2 crossbars, home bits|1x(80x40) + 1x(40x32), 6 home bits|1x(80x40) + 1x(40x32), 6 home bits|exact"
pin "DC-L1 §VI-A Sh40+C10" "DC-L1|Sh40+C10: NoC#1 + NoC#2 crossbars, home bits|10x(8x4) + 4x(10x8), 2 home bits|10x(8x4) + 4x(10x8), 2 home bits|exact"
pin "DC-L1 §VI-B 10 copies" "DC-L1|Sh40+C10: most copies of a line|10|10|exact"
pin "DC-L1 §VIII queues 6.25%" "DC-L1|40 nodes' queue storage over the 80 L1s|6.25%|6.25%|exact"
pin "DC-L1 §VI-C 8x4 boosts" "DC-L1|boost: Sh40+C10 NoC#1 (8x4) can run at 2x (1 = yes)|1|1|exact"
pin "DC-L1 §VI-C 80x40 does not" "DC-L1|boost: Sh40 NoC#1 (80x40) can run at 2x (0 = no)|0|0|exact"
pin "DC-L1 §VIII Sh40 zero replicas" "DC-L1|Sh40: replicas per resident line, mean of 3 replication-sensitive|0.0|0.0|exact"
pin "FUSE Table I 16 KB SRAM" "FUSE|hybrid of a 32 KB L1 area, SRAM half: SRAM bank|16.0 KB|16.0 KB|exact"
pin "Malekeh §VI-D 2 KB" "Malekeh|RF-cache storage per SM (4 sub-cores x 2 CCUs x 2 extra entries x 128 B)|2 KB|2 KB|exact"
pin "Malekeh §VI-D 0.78%" "Malekeh|RF-cache storage over the 256 KB register file|0.78%|0.78%|exact"
# the model fits and closed forms whose values are stable (not profile-dependent)
pin "DC-L1 Pr40 NoC area fit" "DC-L1|Pr40: NoC area over the 80x32 crossbar (fit)|-28%|-27%|close"
pin "DC-L1 Sh40 NoC area fit: off by 5 points" "DC-L1|Sh40: NoC area over the 80x32 crossbar (fit)|+69%|+74%|off"
pin "FUSE Fig. 18 1/16" "FUSE|L1 capacity with SRAM share 1/16 over share 1/2|+53%|+52%|close"
pin "FUSE Fig. 20a" "FUSE|CBF false positives, 3 hashes vs 1 (128 slots, 4 blocks per filter)|-98.4%|-97.6%|close"
expect_eq "25 exact rows in all (the pinned structural identities)" "$(grep -c '|exact$' "$CLI_TMP/rows")" 25

# --paper filter and the other formats, on the fast Malekeh rows
expect_ok "--paper malekeh as table" $V --paper malekeh
expect_eq "only Malekeh rows" "$(tail -n +3 "$CLI_TMP/out" | grep -v '^$' | grep -v ' rows: ' | grep -vc '^Malekeh ')" 0
expect_eq "summary line" "$(tail -n 1 "$CLI_TMP/out" | grep -cE '^[0-9]+ rows: [0-9]+ exact, [0-9]+ close, [0-9]+ off, [0-9]+ n/a$')" 1
expect_ok "--paper malekeh as markdown" $V --paper malekeh --format markdown
expect_eq "markdown: one section" "$(grep -c '^## ' "$CLI_TMP/out")" 1
expect_eq "markdown: says how it was generated" "$(grep -c 'gpudse validate --format markdown > docs/validation.md' "$CLI_TMP/out")" 1
expect_eq "markdown: the storage row" "$(grep -cF '| RF-cache storage over the 256 KB register file | 0.78% | 0.78% | exact | identity | §VI-D |' "$CLI_TMP/out")" 1
expect_eq "markdown: each off row with its cause (validate_causes.c)" \
	"$(grep -c '^- .*: \(Checked\|Likely\|Not traced\|As \|The \|DSENT\|Follows\|With \|Same \)' "$CLI_TMP/out")" \
	"$(grep -c '| \*\*off\*\* |' "$CLI_TMP/out")"
expect_eq "markdown: no off row without a cause" "$(grep -c 'no cause recorded' "$CLI_TMP/out")" 0
expect_ok "the whole page as markdown" $V --format markdown
expect_eq "whole page: every off row has a cause" "$(grep -c 'no cause recorded' "$CLI_TMP/out")" 0
expect_ok "--paper malekeh as csv" $V --paper malekeh --format csv
expect_eq "csv header" "$(head -n 1 "$CLI_TMP/out")" "paper,quantity,paper_value,gpudse,unit,paper_text,gpudse_text,status,tolerance,source"
expect_ok "--workloads" $V --paper malekeh --workloads
# studies/malekeh-sthld.json's 18 workloads (db-gemm-train, db-conv-train, db-lstm-train and
# db-gru-train joined it)
expect_eq "one hit-ratio row per study workload (18)" "$(grep -c '^Malekeh    [a-z0-9-]*: RF-cache hit ratio, dynamic STHLD ' "$CLI_TMP/out")" 18
expect_eq "per-workload rows left out of the summary" "$(tail -n 1 "$CLI_TMP/out")" \
	"7 rows: 2 exact, 3 close, 2 off, 0 n/a (per-workload rows not counted)"
expect_ok "--workloads markdown" $V --paper malekeh --workloads --format markdown
expect_eq "markdown: per-workload rows indented" "$(grep -c '^| &emsp;[a-z0-9-]*: IPC over the baseline' "$CLI_TMP/out")" 18
expect_ok "help" $GPUDSE help validate
expect_eq "help has an example" "$(grep -c '^example: gpudse validate --paper' "$CLI_TMP/out")" 1

expect_err "bad paper" 1 'gpudse: validate: --paper: expected morpheus, dcl1, fuse or malekeh, got "volta"' $V --paper volta
expect_err "bad format" 1 'gpudse: validate: --format: expected table, markdown, json or csv, got "html"' $V --format html
expect_err "unknown option" 1 'gpudse: validate: unknown option --fast (see gpudse help validate)' $V --fast
# a broken shipped profile: the load error, once, exit 1 (a copy of the data under another root)
mkdir -p "$CLI_TMP/root/studies" "$CLI_TMP/root/calibration"
cp -r studies/gpus studies/*.json "$CLI_TMP/root/studies/" && cp -r calibration/profiles "$CLI_TMP/root/calibration/"
printf '{"broken": \n' >"$CLI_TMP/root/calibration/profiles/p-2mm.json"
expect_err "broken profile" 1 "gpudse: $CLI_TMP/root/calibration/profiles/p-2mm.json: malformed JSON: unexpected end of file (truncated?) at line 2" \
	env GPUDSE_ROOT="$CLI_TMP/root" $V --paper dcl1
cli_done
