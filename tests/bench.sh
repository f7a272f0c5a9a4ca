#!/usr/bin/env bash
# make bench: the engine's throughput against a bare SQLite insert loop, pareto time over
# the rows, and the sweep's peak memory at two space sizes.  A benchmark, not a test: it
# prints figures (copy them into the README with the date and machine).
set -euo pipefail
build=${1:-build}
cd "$(dirname "$0")/.."
export GPUDSE_ROOT="$PWD"
g="$PWD/$build/gpudse"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# 20 workloads: the shipped profiles when there are enough, else renamed copies of the fixtures
mapfile -t profs < <(ls calibration/profiles/*.json 2>/dev/null | head -n 20)
if [ "${#profs[@]}" -lt 20 ]; then
	profs=()
	for i in $(seq 1 20); do
		src=tests/data/mini-$([ $((i % 2)) = 0 ] && echo a || echo b).json
		sed "s/\"name\": \"mini-[ab]\"/\"name\": \"bench-$i\"/" "$src" > "$tmp/bench-$i.json"
		profs+=("$tmp/bench-$i.json")
	done
fi
wl=$(printf '"%s",' "${profs[@]}"); wl="[${wl%,}]"

study() { # NAME STEP: a study over active SMs (8..68 by STEP) x 8 x 7 x 2 x 13 points
	cat > "$tmp/$1.json" <<JSON
{ "name": "$1", "gpu": "rtx3080", "workloads": $wl,
  "space": { "active_sms": {"from": 8, "to": 68, "step": $2},
             "llc_scale": [0.5, 0.75, 1, 1.5, 2, 3, 4, 8],
             "mem_clock_scale": [1.0, 1.03, 1.06, 1.09, 1.12, 1.16, 1.2],
             "gate_idle": [false, true],
             "mor_cache_sms": [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48] },
  "constraints": ["active_sms + mor_cache_sms <= 68 || active_sms == 68"] }
JSON
}
echo "== gpudse bench ($(nproc) cores, $(date -u +%Y-%m-%d)) =="
study small 6; study large 1
for s in small large; do
	out=$("$g" sweep "$tmp/$s.json" --db "$tmp/$s.db" --stats --quiet ${BENCH_JOBS:+--jobs $BENCH_JOBS})
	echo "$out" | sed 's/^/  sweep '"$s"': /'
	rows=$(echo "$out" | awk '/^stats:/{print $3}')
	eval "${s}_rows=$rows"
	eval "${s}_rate=$(echo "$out" | awk '/^stats:/{print $7}')"
	eval "${s}_rss=$(echo "$out" | awk '/^stats:/{print $9}')"
done
# issue 23: the same large sweep with the stored error switched off, side by side.  The error
# rows are computed once per run before the first point (src/stats/uncert_src.h), so the rates
# are compared by elapsed time of the whole command, not only the insert loop --stats times.
wall() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null; t1=$(date +%s.%N); awk -v a="$t0" -v b="$t1" 'BEGIN{print b - a}'; }
rm -f "$tmp/large.db"
large_wall=$(wall "$g" sweep "$tmp/large.json" --db "$tmp/large.db" --quiet ${BENCH_JOBS:+--jobs $BENCH_JOBS})
none_wall=$(wall "$g" sweep "$tmp/large.json" --db "$tmp/none.db" --quiet --uncert none ${BENCH_JOBS:+--jobs $BENCH_JOBS})
unc_rows=$(sqlite3 "$tmp/large.db" "SELECT count(*) FROM uncertainty" 2>/dev/null || echo "?")
bare=$("$build/bench_insert" "$tmp/bare.db" "$large_rows")
echo "  $bare"
bare_rate=$(echo "$bare" | awk '{print $7}')
t0=$(date +%s.%N)
"$g" pareto --db "$tmp/large.db" --max speedup --min energy_j --format csv > "$tmp/front.csv"
t1=$(date +%s.%N)
"$g" pareto --db "$tmp/large.db" --max speedup --min energy_j,area_mm2 --format csv > "$tmp/front3.csv"
t2=$(date +%s.%N)
# issue 21: a study with FUSE points on the fuse-15 preset (the same 20 workloads): L1
# configurations x SRAM shares x predictor accuracies x the GPU knobs above; every FUSE point
# runs fuse_effects, and each distinct organisation per workload one miniature simulation
fstudy() {
	cat > "$tmp/fuse.json" <<JSON
{ "name": "fuse", "gpu": "fuse-15", "workloads": $wl,
  "space": { "fuse_cfg": ["sram", "hybrid", "base", "fa", "dy"],
             "fuse_sram_frac": [0.125, 0.25, 0.5, 0.75],
             "fuse_pred_acc": [0.85, 0.95],
             "active_sms": {"from": 3, "to": 15, "step": 1},
             "llc_scale": [0.5, 0.75, 1, 1.5, 2, 3, 4, 8],
             "mem_clock_scale": [1.0, 1.03, 1.06, 1.09, 1.12, 1.16, 1.2],
             "gate_idle": [false, true] } }
JSON
}
fstudy
fout=$("$g" sweep "$tmp/fuse.json" --db "$tmp/fuse.db" --stats --quiet ${BENCH_JOBS:+--jobs $BENCH_JOBS})
echo "$fout" | sed 's/^/  sweep fuse: /'
fuse_rows=$(echo "$fout" | awk '/^stats:/{print $3}')
fuse_rate=$(echo "$fout" | awk '/^stats:/{print $7}')
fbare=$("$build/bench_insert" "$tmp/fbare.db" "$fuse_rows")
echo "  $fbare"
fbare_rate=$(echo "$fbare" | awk '{print $7}')
rm -f "$tmp/fuse.db" "$tmp/fbare.db"
awk -v s="$large_rate" -v b="$bare_rate" -v r="$large_rows" -v p2="$(awk -v a="$t0" -v b="$t1" 'BEGIN{print b-a}')" \
    -v p3="$(awk -v a="$t1" -v b="$t2" 'BEGIN{print b-a}')" -v rs="$small_rss" -v rl="$large_rss" -v ns="$small_rows" \
    -v fs="$fuse_rate" -v fb="$fbare_rate" -v fr="$fuse_rows" \
    -v f2="$(($(wc -l < "$tmp/front.csv") - 1))" -v f3="$(($(wc -l < "$tmp/front3.csv") - 1))" 'BEGIN{
	printf "\nresult rows                %d\n", r;
	printf "sweep rows/s               %.0f\n", s;
	printf "bare insert rows/s         %.0f\n", b;
	printf "ratio sweep/bare           %.2f   (bar: >= 0.70)\n", s / b;
	printf "fuse study rows/s          %.0f over %d rows, bare %.0f: ratio %.2f   (bar: >= 0.70)\n", fs, fr, fb, fs / fb;
	printf "pareto, 2 objectives       %.3f s over %d rows (%d on the front)   (bar: < 1 s)\n", p2, r, f2;
	printf "pareto, 3 objectives       %.3f s (%d on the front)\n", p3, f3;
	printf "peak RSS                   %d KiB at %d rows, %d KiB at %d rows\n", rs, ns, rl, r;
}'
awk -v r="$large_rows" -v b="$bare_rate" -v on="$large_wall" -v off="$none_wall" -v n="$unc_rows" 'BEGIN{
	printf "sweep, whole command, uncertainty on (%s error rows)   %.2f s = %.0f rows/s, ratio to bare %.2f   (bar: >= 0.70)\n", n, on, r / on, r / on / b;
	printf "sweep, whole command, --uncert none                   %.2f s = %.0f rows/s, ratio to bare %.2f\n", off, r / off, r / off / b;
	printf "ratio uncertainty on / off (rows/s)                   %.3f\n", off / on }'
[ -n "${BENCH_SWEEP_ONLY:-}" ] && exit 0

# ---- gpudse profile throughput (issue 8: importers and SHARDS sampling) -------------------
# A generated 100-million-reference trace: the first 10^8 lines of `gpudse trace p-2mm
# --size 740` (80 SMs, plain text, ~1.9 GB in $tmp).  Profiled exactly with the default
# streams (l1, group:2..64, global) on every CPU and on one thread, exactly with l1 + global
# only, and with SHARDS sampling at 0.01 (default streams).  Rates are references per second of elapsed time and of CPU time
# (user + sys; the machine may be shared).  Bars: exact >= 10 M/s, sampled >= 50 M/s.
ptrace="$tmp/p100m.trace"
"$g" trace p-2mm --size 740 --no-regs -o - | head -n 100000010 > "$ptrace" || true
nref=$(grep -c ' [RW] ' "$ptrace")
prof_rate() { # LABEL BAR ARGS...
	local label=$1 bar=$2; shift 2
	local t
	# peak RSS too where GNU time is installed (Debian package "time"; optional: "-" without it)
	if [ -x /usr/bin/time ]; then
		t=$( /usr/bin/time -f '%e %U %S %M' "$g" profile "$ptrace" -o "$tmp/prof.json" "$@" 2>&1 >/dev/null | tail -n 1)
	else
		t="$( { TIMEFORMAT='%R %U %S'; time "$g" profile "$ptrace" -o "$tmp/prof.json" "$@" >/dev/null; } 2>&1 | tail -n 1) -"
	fi
	awk -v n="$nref" -v t="$t" -v l="$label" -v b="$bar" 'BEGIN{split(t, a, " ");
		printf "%-34s %6.1f M refs/s elapsed, %6.1f M refs/s CPU (%.1f s, peak %s MiB)   (bar: >= %s)\n",
		       l, n / a[1] / 1e6, n / (a[2] + a[3]) / 1e6, a[1], a[4] == "-" ? "-" : sprintf("%.0f", a[4] / 1024), b}'
	last_el=$(echo "$t" | awk '{print $1}'); last_cpu=$(echo "$t" | awk '{print $2 + $3}')
}
echo
echo "profile, $nref references (p-2mm, 80 SMs)"
prof_rate "profile exact, 8 streams" 10
new_el=$last_el; new_cpu=$last_cpu
# issue 17: the same without the set-associative records (what exact profiling cost before them)
prof_rate "profile exact, 8 streams, --no-setassoc" 10 --no-setassoc
old_el=$last_el; old_cpu=$last_cpu
prof_rate "profile exact, 8 streams, 1 thread" 10 --threads 1
prof_rate "profile exact, l1 + global" 10 --groups none
prof_rate "profile --sample 0.01, 8 streams" 50 --sample 0.01
smp_el=$last_el; smp_cpu=$last_cpu
# the floor: reading and parsing the trace (and hashing each block for SHARDS), with almost no
# block sampled in
prof_rate "read/parse floor (--sample 1e-6)" - --sample 0.000001
awk -v ne="$new_el" -v nc="$new_cpu" -v oe="$old_el" -v oc="$old_cpu" -v se="$smp_el" -v sc="$smp_cpu" \
    -v fe="$last_el" -v fc="$last_cpu" 'BEGIN{
	printf "ratio exact with set-assoc records / without   %.2f elapsed, %.2f CPU   (bar: <= 1.5)\n", ne / oe, nc / oc;
	printf "ratio exact (with records) / sampled 1%%        %.2f elapsed, %.2f CPU   (bar: >= 5)\n", ne / se, nc / sc;
	printf "read/parse floor                               %.1f s elapsed, %.1f s CPU\n", fe, fc }'
prof_rate "profile --sample 0.01, l1 + global" 50 --sample 0.01 --groups none
rm -f "$ptrace"
