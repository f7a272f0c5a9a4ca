#!/usr/bin/env bash
# make_profiles.sh -- regenerate the shipped workload profiles (run by `make profiles`).
#
# For every kernel of the workload library (`gpudse trace --list`) at its shipped size, GPU
# preset and seed 1, generate the address stream and profile it in process:
#   gpudse trace KERNEL --seed 1 --profile calibration/profiles/KERNEL.json --exact-classes
# which gives the same profile as `gpudse trace KERNEL -o T.trace && gpudse profile T.trace
# --exact-classes` without writing the (hundreds of MB) text trace; --exact-classes generates
# the stream a second time so that every l1 reuse is counted in its block's final read-level
# class (docs/profile-format.md).  The profile's "source" field records the
# exact command (kernel, size, GPU preset, seed).  Provenance and the comparison with the
# papers: docs/workloads.md.  Usage: calibration/make_profiles.sh [KERNEL...]
set -eu
cd "$(dirname "$0")/.."
GPUDSE=${GPUDSE:-./gpudse}
OUT=calibration/profiles
SEED=1
mkdir -p "$OUT"
if [ $# -gt 0 ]; then kernels=("$@"); else
	mapfile -t kernels < <("$GPUDSE" trace --list | awk 'NR > 1 { print $1 }')
fi
t0=$SECONDS
for k in "${kernels[@]}"; do
	t=$SECONDS
	"$GPUDSE" trace "$k" --seed "$SEED" --profile "$OUT/$k.json" --exact-classes
	printf '  %-16s %3ds  %6s KB\n' "$k" $((SECONDS - t)) "$(( $(stat -c %s "$OUT/$k.json") / 1024 ))"
done
echo "profiles: ${#kernels[@]} kernels in $((SECONDS - t0)) s -> $OUT/"
