#!/usr/bin/env bash
# kill -9 at random moments (36 of them) during sweep, --resume and merge; after each kill the
# database holds whole batches only (stored results = 2 workloads x the progress marker), and
# the finished database equals an uninterrupted run row by row.  Bounded: about 30 s.
# The delays come from $RANDOM seeded with GPUDSE_KILL_SEED (printed, to replay a failure).
. "$(dirname "$0")/cli_lib.sh"
T=$CLI_TMP
B=tests/data/engine-big.json
seed=${GPUDSE_KILL_SEED:-$(( $(date +%s) % 32768 ))}
RANDOM=$seed
echo "cli_kill: seed $seed (GPUDSE_KILL_SEED=$seed replays it)"

rows() { "$GPUDSE" export --db "$1" --format csv | sort; }
# status, stored points and result rows of run 1 ("" before the run exists)
state() { sqlite3 "$1" "SELECT status, next_index, (SELECT count(*) FROM results WHERE run_id = 1) FROM runs WHERE id = 1" 2>/dev/null | tr '|' ' '; }
# run "$@" in the background and kill -9 it after a random 0..MAX_MS milliseconds; 1 if the
# kill landed (the process was still running), 0 if it had finished
kill_after() {
	local max_ms=$1; shift
	"$@" >/dev/null 2>&1 &
	local pid=$! ms=$(( RANDOM % max_ms ))
	sleep "$(printf '0.%03d' "$ms")"
	if kill -9 $pid 2>/dev/null; then wait $pid 2>/dev/null; return 1; fi
	wait $pid 2>/dev/null
	return 0
}

expect_ok "uninterrupted reference" "$GPUDSE" sweep $B --db $T/ref.db --quiet
rows $T/ref.db > $T/ref.rows
kills=0; whole=0; checks=0

# --- 1. sweep and --resume, killed until 14 kills have landed, then finished
while [ $kills -lt 14 ]; do
	st=$(state $T/s.db)
	if [ -z "$st" ]; then cmd=("$GPUDSE" sweep $B --db $T/s.db --quiet)
	elif [ "${st%% *}" = done ]; then rm -f $T/s.db*; continue    # finished before a kill: again
	else cmd=("$GPUDSE" sweep $B --db $T/s.db --resume 1 --quiet); fi
	kill_after 700 "${cmd[@]}" || kills=$((kills + 1))
	st=$(state $T/s.db)
	if [ -n "$st" ]; then
		set -- $st
		checks=$((checks + 1)); [ "$3" -eq $(( $2 * 2 )) ] && whole=$((whole + 1)) || echo "after kill $kills: $st" >&2
	fi
done
# the last kill may have landed before the run was created: then the study starts afresh
resume_arg() { [ -n "$(state "$1")" ] && echo "--resume 1"; }
expect_ok "resume after the kills" "$GPUDSE" sweep $B --db $T/s.db $(resume_arg $T/s.db) --quiet
expect_eq "killed sweep/resume: every state held whole batches ($checks states)" "$whole" "$checks"
rows $T/s.db > $T/s.rows
expect_eq "killed sweep/resume == uninterrupted, row by row" "$(diff $T/s.rows $T/ref.rows | grep -c '^[<>]')" 0
expect_eq "same row count" "$(wc -l < $T/s.rows)" "$(wc -l < $T/ref.rows)"

# --- 2. a sharded sweep: shard 2/3 killed and resumed (10 kills), shards 1/3 and 3/3 whole
"$GPUDSE" sweep $B --db $T/k1.db --shard 1/3 --quiet >/dev/null || cli_bad "shard 1/3"
"$GPUDSE" sweep $B --db $T/k3.db --shard 3/3 --quiet >/dev/null || cli_bad "shard 3/3"
n2=0
while [ $n2 -lt 10 ]; do
	st=$(state $T/k2.db)
	if [ -z "$st" ]; then cmd=("$GPUDSE" sweep $B --db $T/k2.db --shard 2/3 --quiet)
	elif [ "${st%% *}" = done ]; then rm -f $T/k2.db*; continue
	else cmd=("$GPUDSE" sweep $B --db $T/k2.db --shard 2/3 --resume 1 --quiet); fi
	kill_after 400 "${cmd[@]}" || n2=$((n2 + 1))
done
kills=$((kills + n2))
expect_ok "resume shard 2/3" "$GPUDSE" sweep $B --db $T/k2.db --shard 2/3 $(resume_arg $T/k2.db) --quiet

# --- 3. merge killed 12 times (one transaction per input: a kill leaves whole inputs), then run
n3=0
while [ $n3 -lt 12 ]; do
	kill_after 1200 "$GPUDSE" merge $T/k1.db $T/k2.db $T/k3.db -o $T/m.db && rm -f $T/m.db*   # finished: again
	[ $? -ne 0 ] && n3=$((n3 + 1))
	st=$(state $T/m.db)
	if [ -n "$st" ]; then
		set -- $st
		checks=$((checks + 1)); [ "$3" -eq $(( $2 * 2 )) ] && whole=$((whole + 1)) || echo "after merge kill $n3: $st" >&2
	fi
done
kills=$((kills + n3))
expect_ok "merge after the kills" "$GPUDSE" merge $T/k1.db $T/k2.db $T/k3.db -o $T/m.db
expect_eq "killed merges held whole inputs ($checks states)" "$whole" "$checks"
expect_eq "merged run whole and done" "$(state $T/m.db | cut -d' ' -f1,2)" "done 49920"
rows $T/m.db > $T/m.rows
expect_eq "killed shards + killed merges == uninterrupted, row by row" "$(diff $T/m.rows $T/ref.rows | grep -c '^[<>]')" 0
expect_eq "at least 30 kills landed" "$(( kills >= 30 ))" 1
echo "cli_kill: $kills kills landed (sweep/resume $((kills - n2 - n3)), sharded sweep $n2, merge $n3)"

cli_done
