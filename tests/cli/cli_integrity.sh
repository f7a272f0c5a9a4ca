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
"$GPUDSE" pareto --db $T/demo.db --format table | tail -n +4 | grep -E "^[0-9]" | awk '{$1=$1; gsub(/ /, ","); print}' > $T/p.tab
# the table shows the knobs the run varies at 6 significant digits; the CSV carries every knob at
# full precision: each table cell equals the CSV's cell of the same column (numbers at %.6g)
"$GPUDSE" pareto --db $T/demo.db --format table | sed -n 2p | awk '{$1=$1; gsub(/ \[[^]]*\]/, ""); gsub(/ /, ","); print}' > $T/p.head
awk -F, 'NR == FNR { for (i = 1; i <= NF; i++) want[i] = $i; nw = NF; next }
	FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	{ row = ""; for (i = 1; i <= nw; i++) { v = $(col[want[i]]);
		if (v ~ /^-?[0-9.]+(e[-+]?[0-9]+)?$/ && v ~ /[.e]/) v = sprintf("%.6g", v);
		row = row (i > 1 ? "," : "") v } print row }' $T/p.head $T/p.csv > $T/p.csvcut
expect_eq "pareto table and csv agree cell by cell" "$(cat $T/p.csvcut)" "$(cat $T/p.tab)"
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

# --- 4. any split that fits the space sweeps and merges, in any order and several steps
S=tests/data/engine-study.json
rows() { "$GPUDSE" export --db "$1" --run "${2:-latest}" --format csv | sort; }
run_status() { "$GPUDSE" list runs --db "$1" | awk -v r="$2" 'NR>2 && $1==r{print $3" "$4" "$6}'; }
expect_err "--shard N beyond 2^32 is not wrapped" 1 \
	'gpudse: sweep: --shard: 1/4294967297 asks for 4294967297 shards of a space of 594 points (at most one shard per point)' \
	"$GPUDSE" sweep $S --db $T/wrap.db --shard 1/4294967297
expect_err "--shard overflowing 64 bits" 1 'gpudse: sweep: --shard: expected K/N with 1 <= K <= N, got "1/99999999999999999999"' \
	"$GPUDSE" sweep $S --db $T/wrap.db --shard 1/99999999999999999999
expect_eq "no database created by a refused split" "$(ls $T/wrap.db 2>/dev/null)" ""
expect_ok "unsharded reference" "$GPUDSE" sweep $S --db $T/whole.db --quiet
for k in 1 2 3 500 594; do "$GPUDSE" sweep $S --db $T/k$k.db --shard $k/594 --quiet >/dev/null || cli_bad "shard $k/594"; done
expect_ok "merge step 1 (three shards of 594)" "$GPUDSE" merge $T/k1.db $T/k500.db $T/k3.db -o $T/m1.db
expect_ok "merge step 2 (two more)" "$GPUDSE" merge $T/k594.db $T/k2.db -o $T/m2.db
expect_ok "merge step 3 (the merged databases)" "$GPUDSE" merge $T/m2.db $T/m1.db -o $T/m3.db
expect_eq "merged set of 5 shards of 594" "$(run_status $T/m3.db 1)" "1-3,500,594/594 done 5"
expect_ok "resume runs the 589 missing shards" "$GPUDSE" sweep $S --db $T/m3.db --resume 1 --quiet
expect_eq "completed merged run is whole and done" "$(run_status $T/m3.db 1)" "1/1 done 594"
expect_eq "completed merged run == unsharded" "$(rows $T/m3.db | md5sum)" "$(rows $T/whole.db | md5sum)"
many=(); for i in $(seq 100); do many+=($T/k1.db $T/k2.db $T/k3.db); done
expect_ok "merge takes 300 inputs" "$GPUDSE" merge "${many[@]}" -o $T/m300.db
expect_eq "300 inputs: 3 shards" "$(run_status $T/m300.db 1)" "1-3/594 done 3"

# --- 5. partial shards merge to a state that completes, and no merge drops rows
B=tests/data/engine-big.json
expect_ok "big reference" "$GPUDSE" sweep $B --db $T/bref.db --quiet
GPUDSE_TEST_DB_MAX_PAGES=60 "$GPUDSE" sweep $B --db $T/b1.db --shard 1/2 --quiet >/dev/null 2>&1
expect_eq "shard 1/2 stopped part way" "$(run_status $T/b1.db 1 | cut -d' ' -f2)" interrupted
expect_ok "shard 2/2" "$GPUDSE" sweep $B --db $T/b2.db --shard 2/2 --quiet
expect_ok "merge partial + complete" "$GPUDSE" merge $T/b1.db $T/b2.db -o $T/bm.db
expect_eq "merged: whole set, interrupted" "$(run_status $T/bm.db 1 | cut -d' ' -f1,2)" "1/1 interrupted"
cp $T/bm.db $T/bm2.db
expect_ok "resume the merged run" "$GPUDSE" sweep $B --db $T/bm.db --resume 1 --quiet
expect_eq "resumed merged run done" "$(run_status $T/bm.db 1 | cut -d' ' -f2)" done
expect_eq "resumed merged run == unsharded" "$(rows $T/bm.db | md5sum)" "$(rows $T/bref.db | md5sum)"
"$GPUDSE" sweep $B --db $T/b1.db --shard 1/2 --resume 1 --quiet >/dev/null 2>&1 || cli_bad "finish shard 1/2"
expect_ok "merge the finished shard into the partial merge" "$GPUDSE" merge $T/b1.db -o $T/bm2.db
expect_eq "now done" "$(run_status $T/bm2.db 1 | cut -d' ' -f1,2)" "1/1 done"
expect_eq "finished shard merged in == unsharded" "$(rows $T/bm2.db | md5sum)" "$(rows $T/bref.db | md5sum)"

# --- 6. a space's point count never wraps: 2^64 points printed "0 points ... done"
expect_err "2^64 points refused" 1 \
	'gpudse: tests/data/space-2e64.json: .space: the space has more than 2^63-1 points at dimension rfc_entries (288230376151711744 x 64): split the study' \
	"$GPUDSE" sweep tests/data/space-2e64.json --db $T/huge.db
expect_err "3 x 2^62 points refused" 1 \
	'gpudse: tests/data/space-2e63.json: .space: the space has more than 2^63-1 points at dimension rfc_entries (288230376151711744 x 48): split the study' \
	"$GPUDSE" sweep tests/data/space-2e63.json --db $T/huge.db
expect_eq "no database written for them" "$(ls $T/huge.db 2>/dev/null)" ""

# --- 7. non-finite metrics: refused where they enter, and pareto says what it leaves out
sed -e 's/"accesses": 120000,/"accesses": 1e308,/' -e '0,/"sd": {"cold": 63541/s//"sd": {"cold": 1e308/' \
	tests/data/mini-a.json > $T/inf.json
printf '{"name": "inf", "gpu": "rtx3080", "workloads": ["%s"], "space": {"llc_scale": [1, 2, 4]}}\n' $T/inf.json > $T/inf-study.json
expect_err "a profile count of 1e308 is refused" 1 "gpudse: $T/inf.json: .streams[0].accesses: expected a count of at most 2^53, got 1e+308" \
	"$GPUDSE" sweep $T/inf-study.json --db $T/inf.db
cp $T/demo.db $T/demo-inf.db
sqlite3 $T/demo-inf.db "UPDATE results SET energy_j = 9e999 WHERE design_id = 9 AND workload_id = 0"
expect_err "pareto: a design with an infinite objective is left out, and said" 0 \
	"gpudse: pareto: 1 design left out: an objective is not a finite number (inf or missing)" \
	"$GPUDSE" pareto --db $T/demo-inf.db
expect_eq "pareto: the front is not emptied" "$(grep -c 'designs on the Pareto front' $CLI_TMP/out) $(grep -c ' 0 of ' $CLI_TMP/out)" "1 0"

# --- 8. workload names: after the trace directory, and no two alike in a study
mkdir -p $T/app1/traces $T/app2/traces
cp tests/data/accelsim/* $T/app1/traces/; cp tests/data/accelsim/* $T/app2/traces/
name_of() { grep -o '"name": "[^"]*"' "$1" | head -n 1; }
expect_ok "profile kernelslist.g" "$GPUDSE" profile $T/app1/traces/kernelslist.g -o $T/w1.json --sms 2
expect_eq "named after the application directory" "$(name_of $T/w1.json)" '"name": "app1"'
expect_ok "profile a directory with a trailing slash" "$GPUDSE" profile $T/app2/traces/ -o $T/w2.json --sms 2
expect_eq "trailing slash: still the directory's name" "$(name_of $T/w2.json)" '"name": "app2"'
expect_ok "profile one kernel" "$GPUDSE" profile $T/app1/traces/kernel-2-ctx_0x5581e0c2a3b0.traceg -o $T/w3.json --sms 2
expect_eq "one kernel: directory and kernel" "$(name_of $T/w3.json)" '"name": "app1-kernel-2-ctx_0x5581e0c2a3b0"'
expect_ok "profile kernelslist.g of app2" "$GPUDSE" profile $T/app2/traces/kernelslist.g -o $T/w4.json --sms 2
printf '{"name": "dup", "gpu": "rtx3080", "workloads": ["%s", "%s"], "space": {"llc_scale": [1, 2]}}\n' $T/w2.json $T/w4.json > $T/dup.json
expect_err "two workloads of one name are refused" 1 \
	"gpudse: $T/dup.json: .workloads: $T/w2.json and $T/w4.json are both named \"app2\": rename one (gpudse profile --name)" \
	"$GPUDSE" sweep $T/dup.json --db $T/dup.db

# --- 9. deeply nested expressions: a clear error, not a stack overflow (SIGSEGV)
deep() { # FIELD PREFIX-CHAR COUNT SUFFIX-CHAR
	{ printf '{"name": "deep", "gpu": "rtx3080", "workloads": ["tests/data/mini-a.json"], "space": {"llc_scale": [1, 2]}, %s' "$1"
	  head -c "$3" /dev/zero | tr '\0' "$2"; printf 1; [ -n "$4" ] && head -c "$3" /dev/zero | tr '\0' "$4"
	  case $1 in *derived*) printf '"}}\n';; *) printf '"]}\n';; esac; } > $T/deep.json
}
deep '"constraints": ["' '(' 20000 ')'
expect_err "20000 nested (" 1 "gpudse: $T/deep.json: .constraints[0]: at column 129: nested too deeply (more than 256 levels of ( ), - and !)" \
	"$GPUDSE" sweep $T/deep.json --db $T/deep.db
deep '"derived": {"active_sms": "' '-' 300000 ''
expect_err "300000 unary -" 1 "gpudse: $T/deep.json: .derived.active_sms: at column 256: nested too deeply (more than 256 levels of ( ), - and !)" \
	"$GPUDSE" sweep $T/deep.json --db $T/deep.db
deep '"constraints": ["' '!' 300000 ''
expect_err "300000 unary !" 1 "gpudse: $T/deep.json: .constraints[0]: at column 256: nested too deeply (more than 256 levels of ( ), - and !)" \
	"$GPUDSE" sweep $T/deep.json --db $T/deep.db

# --- 10. trace headers and fields range-checked before arithmetic (SIGFPE, signed overflow)
mkdir -p $T/as; cp tests/data/accelsim/* $T/as/
K=$T/as/kernel-1-ctx_0x5581e0c2a3b0.traceg
sed -i 's/^-block dim = .*/-block dim = (2147483648,2147483648,4)/' $K
expect_err "accelsim: a block of 2^64 threads" 1 \
	"gpudse: $K:4: expected \"-block dim = (x,y,z)\" within CUDA's limits (x, y <= 1024, z <= 64, at most 1024 threads)" \
	"$GPUDSE" profile $T/as -o $T/as.json --sms 2
sed -i 's/^-block dim = .*/-block dim = (1024,1024,1)/' $K
expect_err "accelsim: a block of 2^20 threads" 1 \
	"gpudse: $K:4: expected \"-block dim = (x,y,z)\" within CUDA's limits (x, y <= 1024, z <= 64, at most 1024 threads)" \
	"$GPUDSE" profile $T/as -o $T/as.json --sms 2
sed -i -e 's/^-block dim = .*/-block dim = (64,1,1)/' -e 's/^-grid dim = .*/-grid dim = (99999999999999999999,1,1)/' $K
expect_err "accelsim: a grid beyond 64 bits" 1 \
	"gpudse: $K:3: expected \"-grid dim = (x,y,z)\" within CUDA's limits (x < 2^31, y and z <= 65535)" \
	"$GPUDSE" profile $T/as -o $T/as.json --sms 2
L='MEMTRACE: CTX 0x1 - LAUNCH - Kernel pc 0x0 - Kernel name k - grid launch id 0 - grid size %s - block size 32,1,1 - nregs 8 - shmem 0 - cuda stream id 0\n'
{ printf "$L" 9223372036854775807,2,1; echo 'MEMTRACE: CTX 0x1 - grid_launch_id 0 - CTA 5,1,0 - warp 0 - LDG.E - 0x1000'; } > $T/nv1.txt
expect_err "nvbit: a grid whose linear CTA index overflows" 1 \
	"gpudse: $T/nv1.txt:1: LAUNCH line without \"grid size x,y,z\" (1 <= x < 2^31, y and z <= 65535)" \
	"$GPUDSE" profile $T/nv1.txt -o $T/nv.json --sms 2 --format nvbit
{ printf "$L" 2,1,1; echo 'MEMTRACE: CTX 0x1 - grid_launch_id 0 - CTA 1,99999999999999999999,0 - warp 0 - LDG.E - 0x1000'; } > $T/nv2.txt
expect_err "nvbit: a CTA index beyond 64 bits" 1 \
	"gpudse: $T/nv2.txt:2: expected \"CTA x,y,z\" (x < 2^31, y and z <= 65535)" \
	"$GPUDSE" profile $T/nv2.txt -o $T/nv.json --sms 2 --format nvbit
{ printf "$L" 2,1,1; echo 'MEMTRACE: CTX 0x1 - grid_launch_id 0 - CTA 1,0,0 - warp 0 - LDG.E - 0x1ffffffffffffffffff'; } > $T/nv3.txt
expect_err "nvbit: an address beyond 64 bits" 1 \
	"gpudse: $T/nv3.txt:2: expected a hex lane address, got \"0x1ffffffffffffffffff\"" \
	"$GPUDSE" profile $T/nv3.txt -o $T/nv.json --sms 2 --format nvbit

# --- 11. a NULL where gpudse writes a value: one line naming it, not SIGSEGV
cp $T/demo.db $T/null.db
sqlite3 $T/null.db "UPDATE designs SET fuse_cfg = NULL WHERE id = 9"
expect_err "pareto on a NULL enum" 1 "gpudse: $T/null.db: run 1, design 9: fuse_cfg: NULL (not a value gpudse writes)" \
	"$GPUDSE" pareto --db $T/null.db
sqlite3 $T/null.db "UPDATE designs SET fuse_cfg = 'dy', rfc_on = 7 WHERE id = 9"
expect_ok "query on a foreign boolean" "$GPUDSE" query --db $T/null.db --where 'design_id = 9' --columns rfc_on --format csv --limit 1
expect_eq "a foreign value prints as itself, not as true" "$(tail -1 $CLI_TMP/out)" 7

# --- 12. a 300,000-value list is checked for duplicates in n log n (it took over a minute)
big_list() { # LAST-VALUE: 300,000 distinct fractions, then LAST-VALUE
	{ printf '{"name": "long", "gpu": "rtx3080", "workloads": ["tests/data/mini-a.json"], "constraints": ["0"], "space": {"fuse_pred_acc": ['
	  awk 'BEGIN { for (i = 0; i < 300000; i++) printf "%.7f, ", i / 300000 }'; printf '%s]}}\n' "$1"; } > $T/long.json
}
big_list 0.5
t0=$(date +%s)
expect_err "duplicate found in a 300,001-value list" 1 "gpudse: $T/long.json: .space.fuse_pred_acc[300000]: duplicate value" \
	timeout 30 "$GPUDSE" sweep $T/long.json --db $T/long.db
big_list 1
expect_ok "300,001 distinct values" timeout 30 "$GPUDSE" sweep $T/long.json --db $T/long.db --quiet
expect_eq "both within 10 s" "$(( $(date +%s) - t0 < 10 ))" 1

# --- 13. an archived result is readable on a read-only directory, and readers leave no files
# (as root, permissions do not bind: the readers run as nobody through setpriv)
if [ "$(id -u)" != 0 ]; then as_reader() { "$@"; }; R=$(id -u)
elif command -v setpriv >/dev/null; then as_reader() { setpriv --reuid 65534 --regid 65534 --clear-groups "$@"; }; R=65534
else R=; echo "SKIP 13: root without setpriv cannot test a read-only directory" >&2; fi
if [ -n "$R" ]; then
	chmod 711 $T; mkdir -p $T/ro $T/wr; chmod 777 $T/wr
	cp $T/demo.db $T/ro/archive.db; chown $R $T/ro/archive.db 2>/dev/null; chmod 555 $T/ro
	for c in "pareto" "query --limit 3" "export" "list runs" "plot --x energy_j --y speedup -o $T/wr/p.svg"; do
		expect_ok "read-only directory: $c" as_reader "$GPUDSE" $c --db $T/ro/archive.db
	done
	expect_ok "read-only directory: merge input" as_reader "$GPUDSE" merge $T/ro/archive.db -o $T/wr/m.db
	expect_eq "nothing created in the read-only directory" "$(ls -A $T/ro)" archive.db
	chmod 755 $T/ro
fi
mkdir -p $T/rw; cp $T/demo.db $T/rw/r.db
for c in "pareto" "query --limit 3" "export" "list runs" "plot --x energy_j --y speedup -o $T/p.svg"; do
	"$GPUDSE" $c --db $T/rw/r.db >/dev/null 2>&1 || cli_bad "writable directory: $c"
done
expect_eq "readers leave no -wal or -shm behind" "$(ls -A $T/rw)" r.db
chmod 444 $T/rw/r.db
"$GPUDSE" query --db $T/rw/r.db --limit 1 >/dev/null 2>&1 || cli_bad "read-only file: query"
expect_eq "nor next to a read-only file" "$(ls -A $T/rw)" r.db

# --- 14. foreign and damaged databases: one line naming the file or option, exit 1
sqlite3 $T/alike.db "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES('schema_version', '1');
	CREATE TABLE runs(x); CREATE TABLE workloads(x); CREATE TABLE designs(x); CREATE TABLE results(x);"
expect_err "gpudse's table names, other columns" 1 "gpudse: $T/alike.db: not a gpudse results database (table runs has no column id)" \
	"$GPUDSE" pareto --db $T/alike.db
expect_err "... as a merge input" 1 "gpudse: $T/alike.db: not a gpudse results database (table runs has no column id)" \
	"$GPUDSE" merge $T/alike.db -o $T/alike-out.db
expect_err "query --columns ',,,'" 1 'gpudse: query: --columns: an empty column name in ",,,"' \
	"$GPUDSE" query --db $T/demo.db --columns ',,,'
expect_err "query --columns with a trailing comma" 1 'gpudse: query: --columns: an empty column name in "speedup,"' \
	"$GPUDSE" query --db $T/demo.db --columns 'speedup,'
sqlite3 $T/other.db "CREATE TABLE accounts(id INTEGER, owner TEXT); INSERT INTO accounts VALUES(1, 'x');"
expect_err "sweep into someone else's SQLite file" 1 \
	"gpudse: $T/other.db: an SQLite database of something else (1 tables, none of them gpudse's meta): refusing to add gpudse's tables to it" \
	"$GPUDSE" sweep tests/data/engine-study.json --db $T/other.db
expect_eq "... which keeps only its own table" "$(sqlite3 $T/other.db "SELECT group_concat(name) FROM sqlite_master")" accounts
cp $T/demo.db $T/damaged.db
# the last ten pages (results data, not the schema pages the open reads first) get bad headers
last=$(( $(wc -c < $T/damaged.db) / 4096 - 1 ))
for pg in $(seq $((last - 9)) $last); do printf '\177\177' | dd of=$T/damaged.db bs=1 seek=$((4096 * pg + 3)) conv=notrunc 2>/dev/null; done
"$GPUDSE" sweep tests/data/engine-study.json --db $T/damaged.db >/dev/null 2>$T/dmg.err; dmg_rc=$?
expect_eq "sweep checks integrity before writing a run" \
	"$dmg_rc $(wc -l < $T/dmg.err) $(sed 's/(quick_check: .*): not writing/(quick_check: X): not writing/' $T/dmg.err)" \
	"1 1 gpudse: $T/damaged.db: the database is damaged (quick_check: X): not writing a run into it"

# --- 15. one line on stderr, always, naming the study file and JSON path
mkdir -p $T/xz; cp tests/data/accelsim/kernel-1-ctx_0x5581e0c2a3b0.traceg $T/xz/plain.traceg.xz
expect_err "a .traceg.xz that is not xz" 1 "gpudse: $T/xz/plain.traceg.xz: not xz data (the name ends in .xz)" \
	"$GPUDSE" profile $T/xz/plain.traceg.xz -o $T/xz.json --sms 2
xz -c tests/data/accelsim/kernel-1-ctx_0x5581e0c2a3b0.traceg | head -c 300 > $T/xz/cut.traceg.xz
expect_err "a truncated .traceg.xz" 1 \
	"gpudse: $T/xz/cut.traceg.xz: xz -dc failed (exit 1): a corrupt or truncated .xz file, or no xz program" \
	"$GPUDSE" profile $T/xz/cut.traceg.xz -o $T/xz.json --sms 2
( ulimit -f 400; "$GPUDSE" sweep tests/data/engine-big.json --db $T/fsize.db --quiet >$CLI_TMP/out 2>$CLI_TMP/err ); rc=$?
expect_eq "ulimit -f: exit 1 and one line, not SIGXFSZ" "$rc $(wc -l < $CLI_TMP/err)" "1 1"
expect_eq "ulimit -f: the line says the disk is full" "$(grep -cE "^gpudse: $T/fsize.db: database or disk is full \(.*: (File too large|short write)\)$" $CLI_TMP/err)" 1
expect_eq "ulimit -f: the run is marked interrupted" "$(run_status $T/fsize.db 1 | cut -d' ' -f2)" interrupted
printf '{"name": "g", "gpu": {"n_sm": 68}, "workloads": ["tests/data/mini-a.json"]}\n' > $T/inline.json
expect_err "inline gpu: the study and .gpu are named" 1 "gpudse: $T/inline.json: .gpu.name: missing (required)" \
	"$GPUDSE" sweep $T/inline.json --db $T/x.db
printf '{"name": "g", "gpu": "rtx9999", "workloads": ["tests/data/mini-a.json"]}\n' > $T/unknown.json
expect_err "unknown preset: the study and .gpu are named" 1 \
	"gpudse: $T/unknown.json: .gpu: unknown GPU preset \"rtx9999\" (gpudse list gpus shows them)" \
	"$GPUDSE" sweep $T/unknown.json --db $T/x.db
printf '{"name": "g", "gpu": "rtx3080", "params": "%s", "workloads": ["tests/data/mini-a.json"]}\n' $T/none.json > $T/params.json
expect_err "missing params file: the study and .params are named" 1 \
	"gpudse: $T/params.json: .params: $T/none.json: No such file or directory" \
	"$GPUDSE" sweep $T/params.json --db $T/x.db
expect_err "--db=" 1 "gpudse: pareto: --db: empty file name" "$GPUDSE" pareto --db=
expect_err "sweep --db=" 1 "gpudse: sweep: --db: empty file name" "$GPUDSE" sweep tests/data/engine-study.json --db=
# every command that reads a database takes --db the same way (cli.c args_db): report,
# sensitivity and explain said "gpudse: : no such database" on main e05e13c
for c in query plot report sensitivity; do
	expect_err "$c --db=" 1 "gpudse: $c: --db: empty file name" "$GPUDSE" $c --db=
done
expect_err "explain --db=" 1 "gpudse: explain: --db: empty file name" "$GPUDSE" explain --db= --design 1 --workload mini-a

# --- 16. two sweeps on one database: the second waits its turn (BEGIN IMMEDIATE + busy timeout)
"$GPUDSE" sweep tests/data/engine-big.json --db $T/conc.db --quiet >/dev/null 2>&1 &
pid=$!
for i in $(seq 1 300); do [ -n "$(run_status $T/conc.db 1 2>/dev/null)" ] && break; sleep 0.01; done
expect_ok "second sweep while the first runs" "$GPUDSE" sweep tests/data/engine-study.json --db $T/conc.db --quiet
wait $pid; expect_eq "first sweep finished too" "$?" 0
expect_eq "both runs done" "$(run_status $T/conc.db 1 | cut -d' ' -f2) $(run_status $T/conc.db 2 | cut -d' ' -f2)" "done done"

# --- 17. duplicate keys and non-UTF-8 bytes are refused with the JSON path
printf '{"name": "d", "gpu": "rtx3080", "workloads": ["tests/data/mini-a.json"], "space": {"llc_scale": [1, 2], "llc_scale": [4]}}\n' > $T/dupkey.json
expect_err "a key twice" 1 "gpudse: $T/dupkey.json: .space.llc_scale: duplicate key" "$GPUDSE" sweep $T/dupkey.json --db $T/x.db
printf '{"name": "d\377\376", "gpu": "rtx3080", "workloads": ["tests/data/mini-a.json"], "space": {"llc_scale": [1, 2]}}\n' > $T/latin.json
expect_err "a name that is not UTF-8" 1 "gpudse: $T/latin.json: .name: not UTF-8 text" "$GPUDSE" sweep $T/latin.json --db $T/x.db
printf '{"name": "d", "gpu": "rtx3080", "workloads": ["tests/data/mini-a.json"], "constraints": ["llc_scale > 1 \300\200"], "space": {"llc_scale": [1, 2]}}\n' > $T/overlong.json
expect_err "an overlong UTF-8 sequence" 1 "gpudse: $T/overlong.json: .constraints[0]: not UTF-8 text" "$GPUDSE" sweep $T/overlong.json --db $T/x.db
expect_eq "none of them wrote a database" "$(ls $T/x.db 2>/dev/null)" ""

cli_done
