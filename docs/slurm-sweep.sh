#!/bin/sh
# docs/slurm-sweep.sh -- one shard of a gpudse sweep as a SLURM job-array task (docs/slurm.md).
#
#   sbatch --array=1-8 docs/slurm-sweep.sh studies/demo.json shards
#
# Task K of an array of N runs shard K/N of STUDY into OUTDIR/shard-K.db (one database per
# task: no two tasks write the same SQLite file).  The sweep prints a progress line on stderr
# every few seconds (points, rows/s, ETA), which lands in the task's log.  At the time limit
# SLURM sends SIGTERM: the sweep commits what is complete and exits 143, and the same task
# resubmitted (sbatch --array=K) resumes where it stopped.
#SBATCH --job-name=gpudse-sweep
#SBATCH --cpus-per-task=1
#SBATCH --output=slurm-%A_%a.log
set -eu
study=$1
outdir=${2:-shards}
k=${SLURM_ARRAY_TASK_ID:?run this with sbatch --array=1-N}
n=${SLURM_ARRAY_TASK_COUNT:?run this with sbatch --array=1-N}
gpudse=${GPUDSE:-gpudse}
mkdir -p "$outdir"
db="$outdir/shard-$k.db"
# a database left by an interrupted attempt of this task: resume its run instead
run=$(sqlite3 "$db" "SELECT id FROM runs WHERE shard = '$k/$n' AND status != 'done' ORDER BY id DESC LIMIT 1" 2>/dev/null || true)
if [ -n "$run" ]; then
	exec "$gpudse" sweep "$study" --shard "$k/$n" --db "$db" --jobs "${SLURM_CPUS_PER_TASK:-1}" --resume "$run"
fi
exec "$gpudse" sweep "$study" --shard "$k/$n" --db "$db" --jobs "${SLURM_CPUS_PER_TASK:-1}"
