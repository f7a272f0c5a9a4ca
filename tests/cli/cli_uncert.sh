#!/bin/bash
# cli_uncert.sh -- issue 23: the error stored with every result (table uncertainty), its
# per-source switch, explain's interval, query/export --interval, the model-error table and
# its held-out coverage (validate --error-model), merge keeping the rows, sampled studies.
. "$(dirname "$0")/cli_lib.sh"
DB=$CLI_TMP/u.db
expect_ok "sweep demo (every source)" "$GPUDSE" sweep studies/demo.json --db "$DB" --quiet
# the demo has 7 exact profiles, one SHARDS-sampled one (p-2mm, rate 0.1, issue 18's inputs) and
# no parameter set: the model source for every workload (6 metrics each), the sampling source for
# p-2mm alone (26 of its 28 stored metrics: l1_apki and stt_wpki do not move, the draws keeping
# the offered L1 accesses (SHARDS_adj) as every salt does), no calibration source
expect_eq "model rows: 8 workloads x 6 metrics" "$(sqlite3 "$DB" "SELECT count(*) FROM uncertainty WHERE source = 'model'")" 48
expect_eq "no calibration rows without a parameter set" \
	"$(sqlite3 "$DB" "SELECT count(*) FROM uncertainty WHERE source = 'calibration'")" 0
expect_eq "sampling rows: the sampled profile's 26 moving metrics, no other workload" \
	"$(sqlite3 "$DB" "SELECT count(*) || ' ' || group_concat(DISTINCT w.name) FROM uncertainty u JOIN workloads w ON w.id = u.workload_id WHERE source = 'sampling'")" "26 p-2mm"
expect_ok "validate --error-model csv" "$GPUDSE" validate --error-model --format csv
cp "$CLI_TMP/out" "$CLI_TMP/me.csv"
# the stored row is the error model's: ipc log-sd from the development runs
sd_db=$(sqlite3 "$DB" "SELECT printf('%.6g', log_sd) FROM uncertainty WHERE workload_id = 0 AND metric = 'ipc'")
sd_me=$(awk -F, '$1 == "ipc" { print $4 }' "$CLI_TMP/me.csv")
expect_eq "stored ipc log-sd = validate --error-model's" "$sd_db" "$sd_me"
expect_eq "error-model columns" "$(head -1 "$CLI_TMP/me.csv")" \
	"metric,n_dev,bias,sd,shared,level,dev_in,dev_n,held_in,held_n,held_coverage"
# every metric has held-out runs; the speedup (a configuration over its base) has them since the
# sixth suite held out a configuration (heldout.txt "SM86_RTX3070 l1_32k", and the twelfth's
# "SM7_QV100 mshr8"): one pair per run of a held-out configuration, over that preset's base run
# of the same kernel; and one per run of another configuration held out alone (heldout.txt
# "PRESET CONFIG KERNEL", the ninth suite's sm20 runs)
expect_eq "held-out coverage is a share in [0, 1] for every metric with held-out runs" \
	"$(awk -F, 'NR > 1 && $10 > 0 && $11 >= 0 && $11 <= 1 && $11 == sprintf("%.4f", $9 / $10)' "$CLI_TMP/me.csv" | wc -l)" 6
expect_eq "speedup: one held-out pair per held-out l1_32k run and per held-out single run" \
	"$(awk -F, '$1 == "speedup" { print $10 }' "$CLI_TMP/me.csv")" \
	"$(( $(sed 's/#.*//' calibration/accelsim/heldout.txt | awk 'NF == 2 && $2 != "base" { print $1 "," $2 "," }' \
	       | while read -r pc; do grep -c "^$pc" calibration/accelsim/results.csv; done | awk '{ n += $1 } END { print n + 0 }') + \
	     $(sed 's/#.*//' calibration/accelsim/heldout.txt | awk 'NF == 3 && $2 != "base"' | wc -l) ))"
# one heldout.txt, read the same way by both (kernels, presets, configurations, single runs)
held_me=$(awk -F, '$1 == "ipc" { print $10 }' "$CLI_TMP/me.csv")
expect_ok "validate --accelsim, held-out half" "$GPUDSE" validate --accelsim --split heldout
expect_eq "the error model's held-out runs are validate --accelsim's" "$held_me" \
	"$(grep -o '^IPC: mean |relative error| [0-9]*% over [0-9]* runs' "$CLI_TMP/out" | awk '{print $(NF - 1)}')"
expect_ok "the results_error view" sqlite3 "$DB" "SELECT sources FROM results_error WHERE workload = 'r-kmeans' AND metric = 'speedup'"
expect_eq "results_error names the sources (exact profile)" "$(cat "$CLI_TMP/out")" model
expect_ok "the results_error view, sampled profile" sqlite3 "$DB" "SELECT sources FROM results_error WHERE workload = 'p-2mm' AND metric = 'speedup'"
expect_eq "results_error names the sources (sampled profile)" "$(cat "$CLI_TMP/out")" model+sampling

DB0=$CLI_TMP/none.db
expect_ok "sweep --uncert none" "$GPUDSE" sweep studies/demo.json --db "$DB0" --quiet --uncert none
expect_eq "switched off: no rows" "$(sqlite3 "$DB0" "SELECT count(*) FROM uncertainty")" 0
expect_err "bad --uncert" 1 'gpudse: sweep: --uncert: expected all, none or a comma list of calibration, sampling, model; got "modle"' \
	"$GPUDSE" sweep studies/demo.json --db "$CLI_TMP/x.db" --uncert modle
expect_ok "pareto without stored error: the flat assumed one" "$GPUDSE" pareto --db "$DB0" --max speedup --min energy_j,area_mm2
expect_eq "flat line" "$(tail -1 "$CLI_TMP/out" | cut -c1-60)" "distinguishable: 6 of the 9 front designs (ties within a 0.1"  # 4 of 8 before r-kmeans at kdd_cup and p-syr2k at 1024 moved the demo front (cli_pareto_prob); 4 of 7 before the SRAM baseline came back on the demo front (issue 18 inputs: p-2mm 1024, t-alexnet 96 maps); 5 of 8 before issue 20's pending hits, 6 of 9 before the merged model of issues 17-22 moved the demo front
expect_ok "pareto with the stored error" "$GPUDSE" pareto --db "$DB" --max speedup --min energy_j,area_mm2
# speedup: the model's error (and p-2mm's sampling error); energy: p-2mm's sampling error alone
expect_eq "stored line names the sources' sizes" "$(tail -1 "$CLI_TMP/out" | grep -c "stored error: speedup log-sd [0-9.]*, 0.50 shared; energy_j log-sd [0-9.]*, 1.00 shared; area_mm2 not measured by any source")" 1

# explain: the stored interval of design 9 on r-kmeans, value x exp(bias -+ 1.645 sd)
expect_ok "explain --db" "$GPUDSE" explain --db "$DB" --design 9 --workload r-kmeans
line=$(grep '^  speedup ' "$CLI_TMP/out" | tail -1)
v=$(sqlite3 "$DB" "SELECT speedup FROM results_wide WHERE design_id = 9 AND workload = 'r-kmeans'")
want=$(sqlite3 "$DB" "SELECT printf('%.6g %.6g', $v * exp(log_bias - 1.6448536269514722 * log_sd), $v * exp(log_bias + 1.6448536269514722 * log_sd)) FROM results_error WHERE workload = 'r-kmeans' AND metric = 'speedup'")
expect_eq "explain's speedup interval" "$(echo "$line" | awk '{ print $3, $4 }')" "$want"
expect_ok "explain --uncert none" "$GPUDSE" explain --db "$DB" --design 9 --workload r-kmeans --uncert none
expect_eq "no uncertainty section" "$(grep -c '^uncertainty' "$CLI_TMP/out")" 0
expect_ok "explain without a database (sources evaluated now)" "$GPUDSE" explain --gpu rtx3080 --workload p-2mm --design llc_scale=2 --json
expect_eq "json interval of ipc" "$(grep -c '"uncertainty"' "$CLI_TMP/out")" 1

# query / export --interval
expect_ok "query --interval" "$GPUDSE" query --db "$DB" --columns design_id,workload,speedup,energy_j --interval 0.9 --format csv --limit 2
expect_eq "query header" "$(head -1 "$CLI_TMP/out")" "design_id,workload,speedup,speedup_lo,speedup_hi,energy_j,energy_j_lo,energy_j_hi"
expect_eq "lo < value < hi" "$(awk -F, 'NR > 1 && $4 < $3 && $3 < $5' "$CLI_TMP/out" | wc -l)" 2
expect_err "query --interval needs the workload" 1 "gpudse: query: --interval: the rows need the workload column (--columns ...,workload,...)" \
	"$GPUDSE" query --db "$DB" --columns design_id,speedup --interval 0.9
expect_ok "export --interval" "$GPUDSE" export --db "$DB" --interval 0.5
expect_eq "export has ipc_lo" "$(head -1 "$CLI_TMP/out" | tr , '\n' | grep -c '^ipc_lo$')" 1
# pareto --interval: one factor pair per objective (the aggregate's stored error)
expect_ok "pareto --interval" "$GPUDSE" pareto --db "$DB" --max speedup --min energy_j,area_mm2 --interval 0.9 --format csv
expect_eq "pareto interval columns (speedup and energy: area has no stated error)" \
	"$(head -1 "$CLI_TMP/out" | tr , '\n' | tail -4 | tr '\n' ' ')" "speedup_lo speedup_hi energy_j_lo energy_j_hi "
# geomean over 8 workloads: bias = the sum of every source's bias / 8, sd = sqrt(sum of every
# source's sd^2) / 8, the same factor for every design
want=$(sqlite3 "$DB" "SELECT printf('%.6f', exp(sum(log_bias) / count(DISTINCT workload_id) + 1.6448536269514722 * sqrt(sum(log_sd * log_sd)) / count(DISTINCT workload_id))) FROM uncertainty WHERE metric = 'speedup'")
expect_eq "speedup_hi / speedup = the aggregate's factor" "$(awk -F, -v OFS=, 'NR == 2 { printf "%.6f", $(NF - 2) / $(NF - 6) }' "$CLI_TMP/out")" "$want"

# merge keeps the rows
expect_ok "shard 1/2" "$GPUDSE" sweep studies/demo.json --db "$CLI_TMP/s1.db" --shard 1/2 --quiet
expect_ok "shard 2/2" "$GPUDSE" sweep studies/demo.json --db "$CLI_TMP/s2.db" --shard 2/2 --quiet
expect_ok "merge" "$GPUDSE" merge -o "$CLI_TMP/m.db" "$CLI_TMP/s1.db" "$CLI_TMP/s2.db"
expect_eq "merged run keeps its error rows" "$(sqlite3 "$CLI_TMP/m.db" "SELECT count(*) FROM uncertainty")" 74

# sampled studies feed sensitivity
expect_ok "sweep a Plackett-Burman sample" "$GPUDSE" sweep tests/data/sample-pb.json --db "$CLI_TMP/pb.db" --quiet
expect_eq "8 runs for 6 factors" "$(sqlite3 "$CLI_TMP/pb.db" "SELECT count(*) FROM designs")" 8
expect_eq "two levels per factor: each dimension's first and last value" \
	"$(sqlite3 "$CLI_TMP/pb.db" "SELECT count(DISTINCT mor_cache_sms) || ' ' || min(mor_cache_sms) || ' ' || max(mor_cache_sms) || ' ' || sum(mor_cache_sms = 24) FROM designs")" "2 0 24 4"
expect_ok "sensitivity on it" "$GPUDSE" sensitivity --db "$CLI_TMP/pb.db" --metric speedup
expect_eq "sensitivity says it is a sample" "$(grep -c 'from a plackett-burman sample (8 designs' "$CLI_TMP/out")" 1
expect_ok "sweep a Latin hypercube" "$GPUDSE" sweep tests/data/sample-lhs.json --db "$CLI_TMP/lhs.db" --quiet
expect_eq "24 points" "$(sqlite3 "$CLI_TMP/lhs.db" "SELECT count(*) FROM designs")" 24
expect_eq "each of llc_scale's 3 values in 8 of them (strata)" \
	"$(sqlite3 "$CLI_TMP/lhs.db" "SELECT group_concat(c) FROM (SELECT count(*) AS c FROM designs GROUP BY llc_scale)")" "8,8,8"
expect_ok "sensitivity on the hypercube" "$GPUDSE" sensitivity --db "$CLI_TMP/lhs.db" --metric speedup
expect_eq "says latin-hypercube" "$(grep -c 'from a latin-hypercube sample' "$CLI_TMP/out")" 1
printf '{"name":"x","gpu":"rtx3080","workloads":["p-2mm"],"space":{"llc_scale":[1,2]},"sample":{"kind":"sobol"}}' > "$CLI_TMP/bad.json"
expect_err "unknown sample kind" 1 "gpudse: $CLI_TMP/bad.json: .sample.kind: expected plackett-burman or latin-hypercube, got \"sobol\"" \
	"$GPUDSE" sweep "$CLI_TMP/bad.json" --db "$CLI_TMP/x.db"

# the calibration source: a parameter set with its fit covariance (the synthetic fixture)
C=tests/data/calib/p-2mm-obs.json
expect_ok "calibrate the fixture" "$GPUDSE" calibrate $C -o "$CLI_TMP/p.json" --fit dram_eff,mlp
cat > "$CLI_TMP/cal.json" <<JSON
{ "name": "calib-unc", "gpu": "rtx3080", "params": "$CLI_TMP/p.json",
  "workloads": ["$C"], "space": { "active_sms": [17, 34, 68], "mem_clock_scale": [1.0, 1.5] } }
JSON
expect_ok "sweep with the parameter set" "$GPUDSE" sweep "$CLI_TMP/cal.json" --db "$CLI_TMP/cal.db" --quiet
expect_eq "calibration rows: ipc moves with the drawn parameters" \
	"$(sqlite3 "$CLI_TMP/cal.db" "SELECT count(*) FROM uncertainty WHERE source = 'calibration' AND metric = 'ipc' AND log_sd > 0 AND shared = 1 AND n = 32")" 1
# the fit's own dram_eff interval (95%, about +-0.7%) bounds how far the IPC can move
expect_eq "calibration ipc log-sd is small (fit from 2% noise on 48 observations)" \
	"$(sqlite3 "$CLI_TMP/cal.db" "SELECT log_sd < 0.02 FROM uncertainty WHERE source = 'calibration' AND metric = 'ipc'")" 1
expect_ok "sweep --uncert model (calibration switched off)" "$GPUDSE" sweep "$CLI_TMP/cal.json" --db "$CLI_TMP/cal2.db" --quiet --uncert model
expect_eq "no calibration rows when switched off" "$(sqlite3 "$CLI_TMP/cal2.db" "SELECT count(*) FROM uncertainty WHERE source = 'calibration'")" 0
expect_ok "explain shows the calibration part" "$GPUDSE" explain --db "$CLI_TMP/cal.db" --design 0 --workload p-2mm
expect_eq "explain names both sources of ipc" "$(grep -c '^  ipc .*model .*calibration\|^  ipc .*calibration .*model' "$CLI_TMP/out")" 1

# the sampling source: a SHARDS-sampled profile of a generated kernel
# p-2mm: its L1 misses include capacity misses, so the LLC's local hit ratio depends on which
# blocks were sampled (on a kernel whose every block fits in L1 and LLC, both levels miss only
# first touches and the ratio does not move in the draws: the SMs' sharing of a block is not
# drawn, src/stats/shards_resample.h)
expect_ok "trace a kernel" "$GPUDSE" trace p-2mm --size 128 --gpu rtx3080 -o "$CLI_TMP/k.trace"
expect_ok "profile it sampled" "$GPUDSE" profile "$CLI_TMP/k.trace" -o "$CLI_TMP/ks.json" --sample 0.2 --name k-sampled
cat > "$CLI_TMP/smp.json" <<JSON
{ "name": "sampled-unc", "gpu": "rtx3080", "workloads": ["$CLI_TMP/ks.json"], "space": { "llc_scale": [0.25, 1, 4] } }
JSON
expect_ok "sweep the sampled profile" "$GPUDSE" sweep "$CLI_TMP/smp.json" --db "$CLI_TMP/smp.db" --quiet
# the sampled blocks' error reaches every level (src/stats/shards_resample.h): the L1 and the
# LLC's local hit ratio, and through them the DRAM traffic and the IPC
for m in l1_hit llc_hit dram_bpki ipc; do
	expect_eq "sampling row for $m" \
		"$(sqlite3 "$CLI_TMP/smp.db" "SELECT count(*) FROM uncertainty WHERE source = 'sampling' AND metric = '$m' AND log_sd > 0 AND shared = 1 AND n = 32")" 1
done
expect_eq "the detail names the rate" "$(sqlite3 "$CLI_TMP/smp.db" "SELECT count(*) FROM uncertainty WHERE source = 'sampling' AND detail LIKE 'SHARDS rate 0.2,%'" | awk '{print ($1 > 0)}')" 1
expect_ok "sweep --uncert model,calibration" "$GPUDSE" sweep "$CLI_TMP/smp.json" --db "$CLI_TMP/smp2.db" --quiet --uncert model,calibration
expect_eq "sampling switched off" "$(sqlite3 "$CLI_TMP/smp2.db" "SELECT count(*) FROM uncertainty WHERE source = 'sampling'")" 0

# a damaged reference table: one line naming the file, exit 1
mkdir -p "$CLI_TMP/root/calibration/accelsim"
cp calibration/accelsim/kernels.txt "$CLI_TMP/root/calibration/accelsim/"
sed '1s/model_ipc/model_ipx/' calibration/accelsim/results.csv > "$CLI_TMP/root/calibration/accelsim/results.csv"
expect_err "results.csv without model_ipc" 1 "gpudse: $CLI_TMP/root/calibration/accelsim/results.csv: no column \"model_ipc\" in its header" \
	env GPUDSE_ROOT="$CLI_TMP/root" "$GPUDSE" validate --error-model
# more held-out lines than the error model holds: refused, not cut
awk 'BEGIN { for (i = 0; i < 65; i++) print "kernel" i }' > "$CLI_TMP/root/calibration/accelsim/heldout.txt"
cp calibration/accelsim/results.csv "$CLI_TMP/root/calibration/accelsim/results.csv"
expect_err "65 held-out lines" 1 "gpudse: $CLI_TMP/root/calibration/accelsim/heldout.txt: more than 64 held-out lines" \
	env GPUDSE_ROOT="$CLI_TMP/root" "$GPUDSE" validate --error-model
rm "$CLI_TMP/root/calibration/accelsim/heldout.txt"
# line 3's ref_ipc (its column found by name: the table's rows and order change with the runs)
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "ref_ipc") c = i } NR == 3 { $c = "fifty" } 1' \
	calibration/accelsim/results.csv > "$CLI_TMP/root/calibration/accelsim/results.csv"
expect_err "a bad number" 1 "gpudse: $CLI_TMP/root/calibration/accelsim/results.csv: line 3: a reference or model figure is not a finite number" \
	env GPUDSE_ROOT="$CLI_TMP/root" "$GPUDSE" validate --error-model
# an installation without the reference: the model source drops out with one note
mkdir -p "$CLI_TMP/bare/calibration" && ln -s "$PWD/studies" "$CLI_TMP/bare/studies" && ln -s "$PWD/calibration/profiles" "$CLI_TMP/bare/calibration/profiles"
expect_ok "sweep without calibration/accelsim" env GPUDSE_ROOT="$CLI_TMP/bare" "$GPUDSE" sweep studies/demo.json --db "$CLI_TMP/bare.db" --quiet
expect_eq "no model rows" "$(sqlite3 "$CLI_TMP/bare.db" "SELECT count(*) FROM uncertainty WHERE source = 'model'")" 0
expect_eq "the note says why" "$(grep -c "calibration/accelsim/results.csv is absent: the model-error source is not stored" "$CLI_TMP/err")" 1

# a sampled profile's set-sampled DC-L1 node records carry their own sampling error
# (src/stats/node_resample.h): the detail names them, and Sh40's l1_hit (read from its node
# record) gets a larger log-sd than with the sampled sets' counts removed (SHARDS alone)
expect_ok "sampled profile with node records" "$GPUDSE" trace p-2mm --size 64 --profile "$CLI_TMP/n64.json" \
	--write-evict --dcl1-nodes 1:1:1:32:ipoly,80:40:1:64:ipoly --sample 0.2
python3 -c "import json; p = json.load(open('$CLI_TMP/n64.json'))
for n in p['dcl1_nodes']: del n['sampled_sets']
json.dump(p, open('$CLI_TMP/n64-nosets.json', 'w'))"
expect_ok "explain Sh40 on it" "$GPUDSE" explain --gpu dcl1-80 --workload "$CLI_TMP/n64.json" \
	--design dcl1_org=sh,dcl1_nodes=40,dcl1_clusters=1 --uncert sampling
expect_eq "the detail names the node records" "$(grep -c "2 set-sampled DC-L1 node records drawn from the between-set spread" "$CLI_TMP/out")" 1
sd_nodes=$(awk '$1 == "l1_hit" { print $6 }' "$CLI_TMP/out")
expect_ok "explain Sh40 without the sampled sets" "$GPUDSE" explain --gpu dcl1-80 --workload "$CLI_TMP/n64-nosets.json" \
	--design dcl1_org=sh,dcl1_nodes=40,dcl1_clusters=1 --uncert sampling
sd_shards=$(awk '$1 == "l1_hit" { print $6 }' "$CLI_TMP/out")
expect_eq "Sh40 l1_hit: the node records' error adds to SHARDS' ($sd_nodes > $sd_shards)" \
	"$(awk -v a="$sd_nodes" -v b="$sd_shards" 'BEGIN { print (a > b && b > 0) }')" 1
expect_eq "no node records drawn without their sets" "$(grep -c "node record" "$CLI_TMP/out")" 0
cli_done
