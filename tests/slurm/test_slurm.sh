#!/usr/bin/env bash
# tests/slurm/test_slurm.sh -- `make test-slurm`: SLURM job arrays on a real SLURM.
#
# Installs slurm-wlm and munge from Debian when missing, starts munged, slurmctld and slurmd on
# this machine as a one-node cluster (its own slurm.conf, sockets, spool and ports in a temp
# directory: nothing of the system's configuration is used or changed), submits the documented
# job script docs/slurm-sweep.sh as an array of 12 shards of studies/demo.json, waits, merges
# the shards' databases with gpudse merge and compares the merged database with an unsharded
# run of the same study row by row (designs and results, every column).  Stops the daemons it
# started (by their pid files) whatever happens.
set -u
cd "$(dirname "$0")/../.." || exit 2
repo=$PWD
GPUDSE=${GPUDSE:-$repo/gpudse}
SHARDS=${GPUDSE_SLURM_SHARDS:-12}
study=studies/demo.json
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
done_() { echo "slurm: $pass passed, $fail failed"; [ "$fail" -eq 0 ]; exit $?; }

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null ||
	! command -v sqlite3 >/dev/null; then
	echo "test-slurm: installing slurm-wlm, munge and sqlite3 with apt-get"
	SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
	$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
		--no-install-recommends slurm-wlm munge sqlite3 >/dev/null || { bad "apt-get install slurm-wlm munge"; done_; }
fi
[ "$(id -u)" = 0 ] || { bad "the one-node cluster's daemons run as root (slurmd must): run as root"; done_; }

T=$(mktemp -d /tmp/gpudse-slurm.XXXXXX)
chmod 755 "$T"
stop_daemons() {
	for p in slurmd slurmctld munged; do
		[ -s "$T/$p.pid" ] || continue
		pid=$(cat "$T/$p.pid")
		kill "$pid" 2>/dev/null || continue
		for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
		kill -9 "$pid" 2>/dev/null
	done
}
cleanup() { stop_daemons; rm -rf "$T"; }
trap cleanup EXIT
trap 'exit 1' INT TERM

# --- munge: its own key, socket and pid file ---
mkdir -p "$T/munge" && chmod 700 "$T/munge"
dd if=/dev/urandom of="$T/munge/munge.key" bs=1 count=1024 status=none && chmod 400 "$T/munge/munge.key"
munged --force --key-file="$T/munge/munge.key" --socket="$T/munge/munge.sock" \
	--pid-file="$T/munged.pid" --log-file="$T/munged.log" --seed-file="$T/munge/seed" ||
	{ bad "munged starts"; cat "$T/munged.log"; done_; }
ok "munged started (pid $(cat "$T/munged.pid"))"

# --- slurm: a one-node cluster on this machine ---
host=$(hostname -s)
port=$((20000 + $$ % 20000))
cpus=$(nproc)
mkdir -p "$T/state" "$T/spool" "$T/work"
cat >"$T/slurm.conf" <<EOF
ClusterName=gpudsetest
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$T/munge/munge.sock
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
SlurmdTimeout=30
InactiveLimit=0
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=512 State=UNKNOWN
PartitionName=gpudse Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$T/slurm.conf
slurmctld -i || { bad "slurmctld starts"; cat "$T/slurmctld.log"; done_; }
slurmd || { bad "slurmd starts"; cat "$T/slurmd.log"; done_; }
up=0
for _ in $(seq 60); do
	if sinfo -h -N -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then up=1; break; fi
	sleep 1
done
if [ $up = 1 ]; then ok "one-node cluster up: $(sinfo -h -N -o '%N %T %c cpus')"; else
	bad "the node becomes idle (sinfo: $(sinfo -h -N -o '%N %T' 2>&1))"; tail -n 20 "$T/slurmctld.log" "$T/slurmd.log"; done_
fi

# --- the job array: the documented script, SHARDS tasks ---
cd "$T/work" || exit 2
t0=$SECONDS
jobid=$(GPUDSE=$GPUDSE sbatch --parsable --array=1-"$SHARDS" --wait --time=20 --chdir="$T/work" \
	--output="$T/work/slurm-%A_%a.log" "$repo/docs/slurm-sweep.sh" "$repo/$study" shards)
rc=$?
jobid=${jobid%%;*}
if [ $rc -eq 0 ]; then ok "sbatch --array=1-$SHARDS --wait: job $jobid, every task exit 0 ($((SECONDS - t0)) s)"; else
	bad "sbatch --array=1-$SHARDS --wait exit $rc"; tail -n 5 "$T"/work/slurm-*.log; done_
fi
n_db=$(ls shards/shard-*.db 2>/dev/null | wc -l)
[ "$n_db" -eq "$SHARDS" ] && ok "$SHARDS shard databases" || bad "$n_db shard databases, expected $SHARDS"
n_log=$(grep -lE "^sweep: run [0-9]+: [0-9]+/[0-9]+ points \(.*\), .* rows/s, ETA" "$T"/work/slurm-"${jobid}"_*.log 2>/dev/null | wc -l)
[ "$n_log" -eq "$SHARDS" ] && ok "every task's log shows the sweep's progress lines (points, rows/s, ETA)" ||
	{ bad "$n_log of $SHARDS task logs show a progress line"; cat "$T"/work/slurm-"${jobid}"_1.log; }
shards_done=$(for f in shards/shard-*.db; do sqlite3 "$f" "SELECT shard || ' ' || status FROM runs"; done | sort -t/ -k1n)
[ "$(grep -c " done$" <<<"$shards_done")" -eq "$SHARDS" ] && ok "each shard's run is done (1/$SHARDS .. $SHARDS/$SHARDS)" ||
	bad "shard runs: $shards_done"

# --- merge, then the unsharded run, then row by row ---
"$GPUDSE" merge shards/shard-*.db -o merged.db >merge.out 2>&1 && ok "merge: $(tail -n 1 merge.out)" ||
	{ bad "merge"; cat merge.out; }
"$GPUDSE" sweep "$repo/$study" --db whole.db --quiet >whole.out 2>&1 && ok "unsharded run: $(cat whole.out)" ||
	{ bad "unsharded sweep"; cat whole.out; }
"$GPUDSE" pareto --db merged.db --max speedup --min energy_j,area_mm2 >pareto.out 2>pareto.err &&
	! grep -q "warning" pareto.err && ok "pareto on the merged database, no incomplete-set warning" ||
	{ bad "pareto on merged.db"; cat pareto.err; }
[ "$(sqlite3 merged.db "SELECT shard || ' ' || status FROM runs")" = "1/1 done" ] &&
	ok "the merged run is whole (shard 1/1, done)" || bad "merged runs: $(sqlite3 merged.db 'SELECT id, shard, status FROM runs')"
# every column of designs and results except run_id; workloads by name
cols() { sqlite3 "$1" "SELECT group_concat('$3' || name, ', ') FROM pragma_table_info('$2') WHERE name NOT IN ('run_id', 'workload_id')"; }
q_designs="SELECT $(cols whole.db designs '') FROM designs"
q_results="SELECT w.name, $(cols whole.db results r.) FROM results r JOIN workloads w ON w.run_id = r.run_id AND w.id = r.workload_id"
dcols=$(cols whole.db designs '')
n_d=$(sqlite3 whole.db "SELECT count(*) FROM designs"); n_r=$(sqlite3 whole.db "SELECT count(*) FROM results")
diff_rows() { # table-query: rows in one database and not in the other, both ways
	sqlite3 merged.db "ATTACH 'whole.db' AS b;
		SELECT count(*) FROM (SELECT * FROM ($1) EXCEPT SELECT * FROM ($(sed 's/FROM designs/FROM b.designs/; s/FROM results r JOIN workloads w/FROM b.results r JOIN b.workloads w/' <<<"$1")));
		SELECT count(*) FROM (SELECT * FROM ($(sed 's/FROM designs/FROM b.designs/; s/FROM results r JOIN workloads w/FROM b.results r JOIN b.workloads w/' <<<"$1")) EXCEPT SELECT * FROM ($1));" | tr '\n' ' '
}
m_d=$(sqlite3 merged.db "SELECT count(*) FROM designs"); m_r=$(sqlite3 merged.db "SELECT count(*) FROM results")
[ "$m_d $m_r" = "$n_d $n_r" ] && ok "row counts equal: $n_d designs, $n_r results" || bad "merged $m_d designs $m_r results, unsharded $n_d $n_r"
d=$(diff_rows "$q_designs"); r=$(diff_rows "$q_results")
[ "$d" = "0 0 " ] && ok "designs equal row by row ($n_d rows, $(wc -w <<<"${dcols//,/}") columns; 0 only in merged, 0 only in unsharded)" ||
	bad "designs differ: only in merged, only in unsharded = $d"
[ "$r" = "0 0 " ] && ok "results equal row by row ($n_r rows, every metric exactly; 0 only in merged, 0 only in unsharded)" ||
	bad "results differ: only in merged, only in unsharded = $r"
# the comparison can fail: one metric moved by one part in 10^15 in a copy is found
cp merged.db merged.db.orig
sqlite3 merged.db "UPDATE results SET ipc = ipc * (1 + 1e-15) WHERE design_id = (SELECT min(design_id) FROM results) AND workload_id = 0"
r=$(diff_rows "$q_results")
[ "$r" = "1 1 " ] && ok "negative control: one ipc changed by 1e-15 relative is one differing row each way" ||
	bad "negative control: expected 1 1, got $r"
mv merged.db.orig merged.db
# --- a time limit: SIGTERM to a running task; exit 143, the run resumable; the same task
# resubmitted resumes it (the job script's resume path) and ends with the unsharded rows
sed "s|\"tests/data/|\"$repo/tests/data/|g; s/\"llc_scale\": \[[^]]*\]/\"llc_scale\": [0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1, 1.125, 1.25, 1.5, 1.75, 2, 2.5, 3, 3.5, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 64]/" \
	"$repo/tests/data/engine-big.json" >huge.json
jid=$(GPUDSE=$GPUDSE GPUDSE_TEST_PROGRESS_SECONDS=0.05 sbatch --parsable --array=1-1 --chdir="$T/work" \
	--output="$T/work/term-%a.log" "$repo/docs/slurm-sweep.sh" "$T/work/huge.json" tshards)
jid=${jid%%;*}
for _ in $(seq 600); do
	awk '/^sweep: run/ { split($4, a, "/"); if (a[1] + 0 >= 20000) f = 1 } END { exit !f }' term-1.log 2>/dev/null && break
	sleep 0.1
done
scancel --batch --signal=TERM "$jid"
for _ in $(seq 300); do [ -z "$(squeue -h -j "$jid" 2>/dev/null)" ] && break; sleep 0.2; done
exitcode=$(scontrol show job "${jid}_1" 2>/dev/null | grep -o ' ExitCode=[0-9:]*' | head -n 1)
st=$(sqlite3 tshards/shard-1.db "SELECT status || ' ' || next_index || '/' || n_points FROM runs" 2>/dev/null)
if grep -q '^gpudse: interrupted (SIGTERM)' term-1.log; then
	[ "$exitcode" = " ExitCode=143:0" ] && ok "scancel --signal=TERM: the task exits 143 ($exitcode), log: $(grep '^gpudse: interrupted' term-1.log | cut -c1-60)..." ||
		bad "SIGTERM exit code: [$exitcode]"
	[ "${st%% *}" = interrupted ] && ok "the run is interrupted and resumable ($st points stored)" || bad "after SIGTERM: $st"
	GPUDSE=$GPUDSE sbatch --wait --quiet --array=1-1 --chdir="$T/work" --output="$T/work/term2-%a.log" \
		"$repo/docs/slurm-sweep.sh" "$T/work/huge.json" tshards
	st2=$(sqlite3 tshards/shard-1.db "SELECT status || ' ' || next_index || '/' || n_points FROM runs")
	[ "$(sqlite3 tshards/shard-1.db "SELECT count(*) FROM runs")" = 1 ] && [ "${st2%% *}" = done ] &&
		ok "the resubmitted task resumed the same run: $st2 ($(grep -c 'ETA' term2-1.log) progress lines)" || bad "after resubmitting: $st2"
	"$GPUDSE" sweep huge.json --db huge-whole.db --quiet >/dev/null 2>&1
	a=$("$GPUDSE" export --db tshards/shard-1.db 2>/dev/null | md5sum); b=$("$GPUDSE" export --db huge-whole.db | md5sum)
	[ "$a" = "$b" ] && ok "interrupted + resumed under SLURM = one uninterrupted run ($(sqlite3 huge-whole.db 'SELECT count(*) FROM results') result rows)" ||
		bad "interrupted + resumed differs from the uninterrupted run"
else
	bad "the task was not interrupted by SIGTERM (log: $(tail -n 2 term-1.log | tr '\n' ' '))"
fi
echo "slurm array: $SHARDS tasks of $study, $n_d designs and $n_r result rows compared"
done_
