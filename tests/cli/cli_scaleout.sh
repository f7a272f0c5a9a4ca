#!/usr/bin/env bash
# Scale-out and first contact: plain progress lines when stderr is not a terminal (a SLURM
# log), SIGTERM -> exit 143 and a resumable run, the printed resume command run as printed,
# the ETA after --resume from the resumed process's own rate, pareto/query/export warnings on
# an interrupted run and an incomplete shard set, the default database ($GPUDSE_DB or
# ./results.db in the working directory), --version, and make install under a PREFIX.
. "$(dirname "$0")/cli_lib.sh"
T=$CLI_TMP
S=tests/data/engine-study.json

# a study of 99,840 points (engine-big with twice the LLC sizes): long enough to signal
sed 's/"llc_scale": \[[^]]*\]/"llc_scale": [0.25, 0.5, 0.625, 0.75, 0.875, 1, 1.25, 1.5, 2, 2.5, 3, 4, 6, 8, 16, 32]/; s/"engine-big"/"engine-huge"/' \
	tests/data/engine-big.json >$T/huge.json
N=99840
B=$T/huge.json
rows() { "$GPUDSE" export --db "$1" --run "${2:-latest}" --format csv 2>/dev/null | sort; }
run_status() { "$GPUDSE" list runs --db "$1" --format csv | awk -F, -v r="$2" '$1==r{print $4" "$6}'; }
# start a sweep with progress lines every 20 ms; signal it once a line shows >= MIN points stored
sweep_and_signal() { # SIG DB ERRFILE MIN [extra args]
	local sig=$1 db=$2 err=$3 min=$4; shift 4
	GPUDSE_TEST_PROGRESS_SECONDS=0.02 "$GPUDSE" sweep $B --db "$db" --jobs 1 "$@" >/dev/null 2>"$err" &
	local pid=$! i
	for i in $(seq 1 1000); do
		awk -v m="$min" '/^sweep: run/ { split($4, a, "/"); if (a[1] + 0 >= m) f = 1 } END { exit !f }' "$err" 2>/dev/null && break
		sleep 0.01
	done
	kill -"$sig" $pid 2>/dev/null
	wait $pid
}

# --- progress lines: stderr is a file here, so plain lines (no \r, no bar)
GPUDSE_TEST_PROGRESS_SECONDS=0.001 "$GPUDSE" sweep tests/data/engine-big.json --db $T/p.db --jobs 1 >$T/p.out 2>$T/p.err
expect_eq "sweep to a file: exit 0" "$?" 0
expect_eq "no carriage return or bar on a non-terminal" "$(grep -c $'\r\|\[====' $T/p.err)" 0
expect_eq "first line: 0 points, ETA unknown" "$(head -n 1 $T/p.err)" \
	"sweep: run 1: 0/49920 points (0.0%), 0.00 s elapsed, 0 rows/s, ETA unknown"
expect_eq "last line: every point" "$(tail -n 1 $T/p.err | cut -d' ' -f1-6)" "sweep: run 1: 49920/49920 points (100.0%),"
expect_eq "periodic lines in between (points, elapsed, rows/s, ETA)" \
	"$(grep -cE '^sweep: run 1: [0-9]+/49920 points \([0-9.]+%\), [0-9.]+ s elapsed, [0-9]+ rows/s, ETA [0-9.]+ s$' $T/p.err | awk '{print ($1 >= 2)}')" 1
expect_ok "--quiet: no progress lines" "$GPUDSE" sweep $S --db $T/q.db --quiet
expect_eq "--quiet stderr empty" "$(wc -c <$CLI_TMP/err)" 0

# --- SIGTERM (SLURM's time limit): exit 143, run interrupted, the printed command finishes it
expect_ok "reference run" "$GPUDSE" sweep $B --db $T/ref.db --quiet
rm -f $T/t.db*
sweep_and_signal TERM $T/t.db $T/t.err 20000; rc=$?
if [ "$rc" = 0 ]; then cli_ok; cli_ok; cli_ok; cli_ok; else # finished before the signal: nothing to check
	expect_eq "SIGTERM exit status" "$rc" 143
	expect_eq "SIGTERM: run interrupted" "$(run_status $T/t.db 1 | cut -d' ' -f1)" interrupted
	hint=$(grep '^gpudse: interrupted' $T/t.err)
	stored=$(run_status $T/t.db 1 | cut -d' ' -f2)
	expect_eq "the interrupt line names the signal, the database and the resume command" "$hint" \
		"gpudse: interrupted (SIGTERM): run 1 stored $stored of $N points in $T/t.db; finish it with gpudse sweep $B --db $T/t.db --resume 1"
	# run the printed command as printed (the default database, ./results.db, is not it)
	cmd=${hint#*finish it with gpudse }
	GPUDSE_DB=$T/not-this.db "$GPUDSE" $cmd --jobs 1 >$T/r.out 2>$T/r.err
	expect_eq "the printed resume command works as printed" "$? $(run_status $T/t.db 1 | cut -d' ' -f1)" "0 done"
fi
expect_eq "interrupted + resumed == uninterrupted" "$(rows $T/t.db | md5sum)" "$(rows $T/ref.db | md5sum)"

# --resume without the run's --db: the default database is named, and not created
mkdir -p $T/nodb
(cd $T/nodb && "$GPUDSE" sweep "$GPUDSE_ROOT/studies/dcl1-clusters.json" --resume 1 >$T/nodb.out 2>$T/nodb.err)
expect_eq "--resume with no database: one line naming it, exit 1, nothing created" "$? $(cat $T/nodb.err) $(ls $T/nodb | wc -l)" \
	"1 gpudse: --resume: results.db does not exist (pass the --db the run was written to) 0"
expect_err "--resume of a run another database holds" 1 \
	"gpudse: --resume: $T/q.db has no run 7 (pass the --db the run was written to)" "$GPUDSE" sweep $S --db $T/q.db --resume 7

# --- the ETA after --resume: the resumed process's own rate over the points left,
# ETA = elapsed x (total - done) / (done - start), not elapsed x (total - done) / done
rm -f $T/e.db*
sweep_and_signal INT $T/e.db $T/e.err 50000; rc=$?
if [ "$rc" = 130 ]; then
	GPUDSE_TEST_PROGRESS_SECONDS=0.02 "$GPUDSE" sweep $B --db $T/e.db --resume 1 --jobs 1 >/dev/null 2>$T/e2.err
	start=$(head -n 1 $T/e2.err | awk '{ split($4, a, "/"); print a[1] }')
	expect_eq "resumed first line starts at the stored points, ETA unknown" \
		"$(head -n 1 $T/e2.err | sed 's/[0-9.]* s elapsed/X/')" \
		"sweep: run 1: $start/$N points ($(awk -v s=$start -v n=$N 'BEGIN{printf "%.1f", 100*s/n}')%), X, 0 rows/s, ETA unknown"
	# every line with >= 0.05 s elapsed: the printed ETA within rounding of the resumed-rate ETA
	verdict=$(awk -v s=$start -v total=$N '/elapsed/ && !/unknown/ { split($4, a, "/"); d = a[1]; el = $7; eta = $(NF - 1)
		if (el < 0.05 || d <= s || d == total) next
		want = el * (total - d) / (d - s); mixed = el * (total - d) / d
		if (want < 0.1) next   # below the printed precision the two cannot be told apart
		n++
		if (eta < want * 0.85 - 0.011 || eta > want * 1.15 + 0.011) bad++
		if (eta < mixed * 0.85 - 0.011 || eta > mixed * 1.15 + 0.011) distinct++ }
		END { print (n > 0 && bad == 0 && distinct == n) ? "ok" : "lines " n " off " bad " not-distinct " n - distinct }' $T/e2.err)
	expect_eq "ETA after --resume uses the resumed rate over the points left" "$verdict" ok
else
	cli_ok; cli_ok   # finished before the signal (or the signal came too early): nothing to check
fi

# --- pareto, query and export warn on an interrupted run and on an incomplete shard set
rm -f $T/w.db*
sweep_and_signal INT $T/w.db $T/w.err 1 >/dev/null
if [ "$(run_status $T/w.db 1 | cut -d' ' -f1)" = interrupted ]; then
	for c in pareto query export; do
		"$GPUDSE" $c --db $T/w.db >/dev/null 2>$T/warn
		expect_eq "$c warns on an interrupted run" "$(grep -c "gpudse: warning: $T/w.db: run 1 (engine-huge) is interrupted: " $T/warn)" 1
	done
else
	cli_ok; cli_ok; cli_ok
fi
expect_ok "shard 1/3" "$GPUDSE" sweep $S --db $T/s1.db --shard 1/3 --quiet
expect_ok "shard 2/3" "$GPUDSE" sweep $S --db $T/s2.db --shard 2/3 --quiet
expect_ok "merge 1,2 of 3" "$GPUDSE" merge $T/s1.db $T/s2.db -o $T/s12.db
for c in pareto query export; do
	"$GPUDSE" $c --db $T/s12.db >/dev/null 2>$T/warn
	expect_eq "$c warns on shard set 1,2/3" "$(cat $T/warn)" \
		"gpudse: warning: $T/s12.db: run 1 (engine-test) holds shard set 1-2/3 only, not the whole space (merge the other shards' databases with gpudse merge)"
done
expect_ok "shard 3/3" "$GPUDSE" sweep $S --db $T/s3.db --shard 3/3 --quiet
expect_ok "merge the third" "$GPUDSE" merge $T/s3.db -o $T/s12.db
"$GPUDSE" pareto --db $T/s12.db >/dev/null 2>$T/warn
expect_eq "whole shard set: no warning" "$(wc -c <$T/warn)" 0

# --- the default database: $GPUDSE_DB, else ./results.db in the working directory
mkdir -p $T/cwd
D=$GPUDSE_ROOT/studies/dcl1-clusters.json   # a shipped study: profiles by name, any directory
(cd $T/cwd && "$GPUDSE" sweep "$D" --quiet >/dev/null 2>&1)
expect_eq "no --db: ./results.db in the working directory" "$(ls $T/cwd)" "results.db"
(cd $T/cwd && "$GPUDSE" pareto >/dev/null 2>&1)
expect_eq "pareto reads ./results.db" "$?" 0
(cd $T && GPUDSE_DB=$T/env.db "$GPUDSE" sweep "$D" --quiet >/dev/null 2>&1)
expect_eq "\$GPUDSE_DB is the default" "$(cd $T && GPUDSE_DB=$T/env.db "$GPUDSE" list runs --format csv | wc -l)" 2
expect_eq "no results.db beside the binary" "$(ls "$(dirname "$GPUDSE")"/results.db "$(dirname "$GPUDSE")"/db/results.db 2>/dev/null | grep -c "$(dirname "$GPUDSE")/results.db")" 0

# --- --version
expect_ok "--version" "$GPUDSE" --version
expect_eq "--version: version and model version" "$(grep -cE '^gpudse [0-9]+\.[0-9]+\.[0-9]+ \(model version gpudse-models-[0-9]+\)$' $CLI_TMP/out)" 1

# --- make install PREFIX: a copied binary finds its presets and profiles under PREFIX/share
if command -v make >/dev/null 2>&1; then
	make -s --no-print-directory install PREFIX=$T/prefix >$T/inst.out 2>&1
	expect_eq "make install PREFIX" "$? $(echo $(ls $T/prefix/bin) $(ls $T/prefix/share/gpudse))" "0 gpudse calibration studies"
	# the installed binary is the normal build's ./gpudse; run it with no GPUDSE_ROOT from /
	chmod -R a-w $T/prefix
	(cd $T/cwd && rm -f results.db && env -u GPUDSE_ROOT $T/prefix/bin/gpudse list gpus >$T/gpus.out 2>&1)
	expect_eq "installed binary lists the presets under PREFIX/share/gpudse" "$(grep -c '^rtx3080 ' $T/gpus.out)" 1
	(cd $T/cwd && env -u GPUDSE_ROOT $T/prefix/bin/gpudse sweep $T/prefix/share/gpudse/studies/dcl1-clusters.json --quiet >$T/isw.out 2>&1)
	expect_eq "installed binary sweeps a shipped study (shipped profiles) into ./results.db" \
		"$? $(grep -c ' -> results.db$' $T/isw.out)" "0 1"
	chmod -R u+w $T/prefix
else
	cli_bad "make install: no make"
fi

cli_done
