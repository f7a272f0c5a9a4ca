#!/usr/bin/env bash
# The engine end to end: sweep, recognition of a stored study, kill -9 and --resume, SIGINT,
# shards + merge, pareto, query/export, and every bad input with its pinned error line.
. "$(dirname "$0")/cli_lib.sh"
T=$CLI_TMP
S=tests/data/engine-study.json
B=tests/data/engine-big.json

# export rows without run ids, sorted: the comparison of two runs' contents
rows() { "$GPUDSE" export --db "$1" --run "${2:-latest}" --format csv | sort; }
run_status() { "$GPUDSE" list runs --db "$1" --format csv | awk -F, -v r="$2" '$1==r{print $4" "$6}'; }

# --- a sweep, and the same study again is recognised, not duplicated
expect_ok "sweep" "$GPUDSE" sweep $S --db $T/a.db
expect_eq "sweep summary" "$(grep -c '^run 1 (engine-test, shard 1/1): 594 points, 9 illegal, 1170 result rows' $CLI_TMP/out)" 1
expect_ok "sweep again" "$GPUDSE" sweep $S --db $T/a.db
expect_eq "rerun recognised" "$(grep -c 'is already run 1' $CLI_TMP/out)" 1
expect_eq "one run only" "$("$GPUDSE" list runs --db $T/a.db --format csv | wc -l)" 2
expect_eq "rows stored" "$(rows $T/a.db | wc -l)" 1171

# --- pareto: every front design is really non-dominated (checked by brute force in awk)
expect_ok "pareto csv" "$GPUDSE" pareto --db $T/a.db --max speedup --min energy_j --format csv
cp $CLI_TMP/out $T/front.csv
expect_ok "pareto json" "$GPUDSE" pareto --db $T/a.db --workload mini-a --max ipc --min area_mm2,energy_j --format json
expect_eq "pareto json is an array" "$(head -c 1 $CLI_TMP/out)" "["
"$GPUDSE" query --db $T/a.db --columns design_id,speedup,energy_j --format csv > $T/all.csv
dominated=$(awk -F, 'NR==FNR{ if (FNR>1) { front[$1]=1 } next }
	FNR>1 { d=$1; n[d]++; ls[d]+=log($2); le[d]+=log($3) }
	END { for (d in n) { s[d]=exp(ls[d]/n[d]); e[d]=exp(le[d]/n[d]) }
	      bad=0; for (f in front) for (d in n) if (s[d]>=s[f] && e[d]<=e[f] && (s[d]>s[f] || e[d]<e[f])) bad++;
	      missing=0; for (d in n) { dom=0; for (x in n) if (s[x]>=s[d] && e[x]<=e[d] && (s[x]>s[d] || e[x]<e[d])) { dom=1; break }
	                                 if (!dom && !(d in front)) missing++ }
	      print bad+missing }' $T/front.csv $T/all.csv)
expect_eq "pareto front equals brute force (dominated on front + missing)" "$dominated" 0

# --- plot: an SVG with one mark per design and the front highlighted (more in cli_plot.sh)
expect_ok "plot front" "$GPUDSE" plot --db $T/a.db --x energy_j --y speedup -o $T/front.svg
expect_eq "plot: one cloud mark per design (cairo fills them at opacity 0.55)" "$(grep -c 'fill-opacity:0.55' $T/front.svg)" 585
expect_eq "plot: front designs = pareto's" "$(grep -c "wrote .*: 585 designs, $(($(wc -l < $T/front.csv) - 1)) highlighted" $CLI_TMP/out)" 1
expect_ok "plot curve" "$GPUDSE" plot --db $T/a.db --x active_sms --y speedup -o $T/curve.svg
expect_eq "curve: best value at each of 33 SM counts" "$(grep -c 'wrote .*: 585 designs, 33 highlighted' $CLI_TMP/out)" 1
expect_err "plot: unknown x" 1 'gpudse: plot: --x: "nosuch" is neither a metric, a knob nor variant' \
	"$GPUDSE" plot --db $T/a.db --x nosuch --y speedup -o $T/x.svg

# --- query binds values: an injection attempt is just a value that matches nothing
expect_ok "query injection" "$GPUDSE" query --db $T/a.db --where "workload = x'; DROP TABLE results; --" --format csv
expect_eq "results still there" "$(rows $T/a.db | wc -l)" 1171
expect_err "query bad column" 1 'gpudse: query: --where: unknown column "speedup;drop" (gpudse help query)' \
	"$GPUDSE" query --db $T/a.db --where "speedup;drop > 1"

# --- kill -9 mid-sweep, then --resume: exactly the rows of an uninterrupted run
expect_ok "reference big sweep" "$GPUDSE" sweep $B --db $T/ref.db --quiet
killed=0
for attempt in 1 2 3 4 5; do
	rm -f $T/k.db*
	"$GPUDSE" sweep $B --db $T/k.db --quiet >/dev/null 2>&1 &
	pid=$!
	for i in $(seq 1 400); do
		st=$(run_status $T/k.db 1 2>/dev/null || true)
		[ -n "$st" ] && [ "${st#* }" -gt 0 ] && break
		sleep 0.01
	done
	kill -9 $pid 2>/dev/null && killed=1
	wait $pid 2>/dev/null
	st=$(run_status $T/k.db 1)
	[ "$killed" = 1 ] && [ "${st%% *}" = running ] && break
	killed=0
done
expect_eq "sweep was killed while running" "$killed $(run_status $T/k.db 1 | cut -d' ' -f1)" "1 running"
stored=$(run_status $T/k.db 1 | cut -d' ' -f2)
expect_eq "killed run holds whole batches only ($stored points)" "$(( $(rows $T/k.db | wc -l) - 1 ))" "$(( stored * 2 ))"
expect_err "unfinished run is not silently restarted" 1 \
	"gpudse: $B: run 1 of this study in $T/k.db is unfinished (running): finish it with gpudse sweep $B --db $T/k.db --resume 1" \
	"$GPUDSE" sweep $B --db $T/k.db
expect_ok "resume" "$GPUDSE" sweep $B --db $T/k.db --resume 1 --quiet
expect_eq "resumed == uninterrupted" "$(rows $T/k.db | md5sum)" "$(rows $T/ref.db | md5sum)"
expect_eq "resumed run done" "$(run_status $T/k.db 1 | cut -d' ' -f1)" done

# --- SIGINT: commits what is complete, marks the run interrupted, exit 130; resume finishes
rm -f $T/i.db*
"$GPUDSE" sweep $B --db $T/i.db --quiet >/dev/null 2>$T/int.err &
pid=$!
for i in $(seq 1 400); do
	st=$(run_status $T/i.db 1 2>/dev/null || true)
	[ -n "$st" ] && [ "${st#* }" -gt 0 ] && break
	sleep 0.01
done
kill -INT $pid; wait $pid; rc=$?
if [ "$rc" = 0 ]; then cli_ok; cli_ok; else  # finished before the signal landed: nothing to check
	expect_eq "SIGINT exit status" "$rc" 130
	expect_eq "SIGINT status" "$(run_status $T/i.db 1 | cut -d' ' -f1)" interrupted
fi
expect_ok "resume after SIGINT" "$GPUDSE" sweep $B --db $T/i.db --resume 1 --quiet
expect_eq "interrupted+resumed == uninterrupted" "$(rows $T/i.db | md5sum)" "$(rows $T/ref.db | md5sum)"

# --- shards merged == one run
expect_ok "shard 1/3" "$GPUDSE" sweep $S --db $T/s1.db --shard 1/3
expect_ok "shard 2/3" "$GPUDSE" sweep $S --db $T/s2.db --shard 2/3
expect_ok "shard 3/3" "$GPUDSE" sweep $S --db $T/s3.db --shard 3/3
expect_ok "merge" "$GPUDSE" merge $T/s1.db $T/s2.db $T/s3.db -o $T/m.db
expect_eq "merged == unsharded" "$(rows $T/m.db | md5sum)" "$(rows $T/a.db | md5sum)"
expect_eq "merged run whole and done" "$("$GPUDSE" list runs --db $T/m.db --format csv | awk -F, 'NR==2{print $3, $4, $5}')" "1/1 done 594"
expect_ok "merge again is idempotent" "$GPUDSE" merge $T/s2.db -o $T/m.db
expect_eq "still the same rows" "$(rows $T/m.db | md5sum)" "$(rows $T/a.db | md5sum)"

# --- bad input: one line, exit 1, nothing written
printf '{"name": "x", "gpu": "rtx3080", "workloads": ["tests/data/mini-a.json"], "space": {"llc_scale": [1, 2' > $T/trunc.json
expect_err "truncated study" 1 "gpudse: $T/trunc.json: malformed JSON: unexpected end of file (truncated?) at line 1" \
	"$GPUDSE" sweep $T/trunc.json --db $T/bad.db
cat > $T/ten.json <<'J'
{"name": "x", "gpu": "dcl1-80", "workloads": ["tests/data/mini-a.json"],
 "space": {"dcl1_clusters": [1, 5, "ten"]}}
J
expect_err "wrong type" 1 "gpudse: $T/ten.json: .space.dcl1_clusters[2]: expected an integer in [1, 4096], got \"ten\"" \
	"$GPUDSE" sweep $T/ten.json --db $T/bad.db
sed 's/"space"/"spcae"/' $T/ten.json > $T/key.json
expect_err "unknown key" 1 "gpudse: $T/key.json: .spcae: unknown key (expected one of: name, description, gpu, params, workloads, baseline, fixed, space, variants, derived, constraints, sample)" \
	"$GPUDSE" sweep $T/key.json --db $T/bad.db
cat > $T/range.json <<'J'
{"name": "x", "gpu": "rtx3080", "workloads": ["tests/data/mini-a.json"], "space": {"llc_scale": [1, 100]}}
J
expect_err "knob out of range" 1 "gpudse: $T/range.json: .space.llc_scale[1]: 100 is out of range [0.125, 64]" \
	"$GPUDSE" sweep $T/range.json --db $T/bad.db
cat > $T/knob.json <<'J'
{"name": "x", "gpu": "rtx3080", "workloads": ["tests/data/mini-a.json"], "space": {"llc_sclae": [1]}}
J
expect_err "unknown knob" 1 "gpudse: $T/knob.json: .space.llc_sclae: unknown knob (gpudse list knobs)" \
	"$GPUDSE" sweep $T/knob.json --db $T/bad.db
cat > $T/cons.json <<'J'
{"name": "x", "gpu": "rtx3080", "workloads": ["tests/data/mini-a.json"], "space": {"llc_scale": [1]},
 "constraints": ["llc_scale >< 2"]}
J
expect_err "bad constraint" 1 "gpudse: $T/cons.json: .constraints[0]: at column 12: unexpected character" \
	"$GPUDSE" sweep $T/cons.json --db $T/bad.db
cat > $T/nowl.json <<'J'
{"name": "x", "gpu": "rtx3080", "workloads": ["no-such-kernel"], "space": {"llc_scale": [1]}}
J
expect_err "unknown workload" 1 "gpudse: $T/nowl.json: .workloads[0]: no profile matches \"no-such-kernel\" (gpudse list workloads)" \
	"$GPUDSE" sweep $T/nowl.json --db $T/bad.db
expect_eq "no database written by failed sweeps" "$(ls $T/bad.db 2>/dev/null | wc -l)" 0
expect_err "missing database" 1 "gpudse: $T/none.db: no such database (run gpudse sweep first)" \
	"$GPUDSE" pareto --db $T/none.db
cp $T/a.db $T/ro.db; chmod 444 $T/ro.db
expect_err "read-only database" 1 "gpudse: $T/ro.db: database file is read-only (mode 444): refusing to write" \
	"$GPUDSE" sweep $S --db $T/ro.db
head -c 4096 /dev/urandom > $T/junk.db
expect_err "corrupt database" 1 "gpudse: $T/junk.db: not a gpudse database or corrupt (file is not a database)" \
	"$GPUDSE" pareto --db $T/junk.db
GPUDSE_TEST_DB_MAX_PAGES=60 "$GPUDSE" sweep $B --db $T/full.db --quiet >$CLI_TMP/out 2>$CLI_TMP/err; rc=$?
expect_eq "disk full: exit 1 and one line" "$rc $(wc -l < $CLI_TMP/err) $(grep -c 'database or disk is full' $CLI_TMP/err)" "1 1 1"
full=$(run_status $T/full.db 1)
expect_eq "disk full: run interrupted, rows match its progress" \
	"${full%% *} $(( $(rows $T/full.db | wc -l) - 1 ))" "interrupted $(( ${full#* } * 2 ))"
expect_err "bad shard" 1 'gpudse: sweep: --shard: expected K/N with 1 <= K <= N, got "3/2"' \
	"$GPUDSE" sweep $S --db $T/x.db --shard 3/2
expect_err "bad objective" 1 'gpudse: pareto: --max: unknown objective "sped" (gpudse help pareto lists them)' \
	"$GPUDSE" pareto --db $T/a.db --max sped --min energy_j
expect_err "unknown option" 1 'gpudse: sweep: unknown option --jbos (see gpudse help sweep)' \
	"$GPUDSE" sweep $S --jbos 2
cli_done
