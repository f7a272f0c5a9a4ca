#!/bin/bash
# results.csv of the Accel-Sim reference set: per run the reference numbers read from its log,
# gpudse's figures and the run's provenance (gpudse validate --accelsim --format csv).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
GPUDSE=${GPUDSE:-$ROOT/build/gpudse}
"$GPUDSE" validate --accelsim --runs "$HERE/runs" --format csv > "$HERE/results.csv.tmp"
mv "$HERE/results.csv.tmp" "$HERE/results.csv"
echo "wrote $HERE/results.csv ($(($(wc -l < "$HERE/results.csv") - 1)) runs)"
