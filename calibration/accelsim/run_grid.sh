#!/bin/bash
# Regenerate the Accel-Sim reference set of calibration/accelsim/ (README.md there):
#   1. gpudse trace KERNEL --size S --gpu presets/PRESET.json --format accelsim  (kernels.txt)
#   2. Accel-Sim on each trace for each configuration of configs.txt, through the recipe
#      ../shared/accelsim/run_sim.sh (tested-cfgs gpgpusim.config + trace.config + options)
#   3. the run's log, trimmed to the lines gpudse reads (the options echo, the per-kernel
#      statistics) with a provenance header, to runs/PRESET/CONFIG/KERNEL.log.xz
# results.csv is then made from the logs by `gpudse accelsim table` (make_table.sh).
#
# usage: WORK=/scratch/accelsim-work [JOBS=2] [ONLY="preset config"] run_grid.sh
#   WORK   the folder build.sh built Accel-Sim in (WORK/accel-sim-framework/...)
#   JOBS   simulations at once (default 2), each under nice -n 10
#   ONLY   a regular expression on "PRESET CONFIG" (default: every line of configs.txt)
#   KERNELS a regular expression on kernel names (default: all of kernels.txt; a configs.txt
#           line can name its own subset with kernels=K1,K2,...)
#   CONFIGS_FILE  the grid (default configs.txt here; a sealed suite may name its own)
#   KERNELS_FILE, RUNS_DIR, PROFILES_DIR  the kernel list, and where the logs and the profiles go
#           (defaults kernels.txt, runs/, profiles/ here; a sealed held-out suite keeps its own,
#           which validate --accelsim does not read: sealed/README.md, how the third was made)
# A run whose log already exists is skipped (delete it to redo it).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
GPUDSE=${GPUDSE:-$ROOT/build/gpudse}
WORK=${WORK:?set WORK to the Accel-Sim build folder}
JOBS=${JOBS:-2}
ONLY=${ONLY:-.}
KERNELS=${KERNELS:-.}
CONFIGS_FILE=${CONFIGS_FILE:-$HERE/configs.txt}
KERNELS_FILE=${KERNELS_FILE:-$HERE/kernels.txt}
RUNS_DIR=${RUNS_DIR:-$HERE/runs}
PROFILES_DIR=${PROFILES_DIR:-$HERE/profiles}
RUN_SIM=${RUN_SIM:-$ROOT/../shared/accelsim/run_sim.sh}
[ -x "$RUN_SIM" ] || RUN_SIM=/work/shared/accelsim/run_sim.sh
SIM=$WORK/accel-sim-framework
ACCELSIM_COMMIT=$(git -C "$SIM" rev-parse HEAD)
GPGPUSIM_COMMIT=$(git -C "$SIM/gpu-simulator/gpgpu-sim" rev-parse HEAD)
GPUDSE_COMMIT=$(git -C "$ROOT" rev-parse HEAD)$(git -C "$ROOT" diff --quiet HEAD -- src models || echo +dirty)

# ---------------------------------------------------------------- 1. traces
mkdir -p "$WORK/gpudse-traces"
for preset in $(grep -v '^#' "$CONFIGS_FILE" | awk '{print $1}' | sort -u); do
  grep -v '^#' "$KERNELS_FILE" | while read -r k size _; do
    [ -n "$k" ] || continue
    echo "$k" | grep -Eq "$KERNELS" || continue
    out=$WORK/gpudse-traces/$preset/$k
    if [ ! -f "$out/kernelslist.g" ]; then
      rm -rf "$out"; mkdir -p "$(dirname "$out")"
      "$GPUDSE" trace "$k" --size "$size" --gpu "$HERE/presets/$preset.json" --format accelsim -o "$out"
    fi
    # the profile of the same stream, kept with the runs (validate --accelsim reads it)
    prof=$PROFILES_DIR/$preset/$k.json
    if [ ! -f "$prof" ]; then
      mkdir -p "$(dirname "$prof")"
      "$GPUDSE" trace "$k" --size "$size" --gpu "$HERE/presets/$preset.json" --profile "$prof" --sector-groups > /dev/null
    fi
  done
done

# ---------------------------------------------------------------- 2. jobs
jobs_file=$(mktemp)
grep -v '^#' "$CONFIGS_FILE" | while read -r preset config opts; do
  [ -n "$preset" ] || continue
  echo "$preset $config" | grep -Eq "$ONLY" || continue
  only=
  case "$opts" in kernels=*) only=${opts%% *}; only=,${only#kernels=},; opts=${opts#kernels=* }; [ "${opts#kernels=}" = "$opts" ] || opts= ;; esac
  grep -v '^#' "$KERNELS_FILE" | while read -r k size _; do
    [ -n "$k" ] || continue
    echo "$k" | grep -Eq "$KERNELS" || continue
    [ -z "$only" ] || [ "${only#*,$k,}" != "$only" ] || continue
    [ -f "$RUNS_DIR/$preset/$config/$k.log.xz" ] && continue
    printf '%s\t%s\t%s\t%s\t%s\n' "$preset" "$config" "$k" "$size" "$opts" >> "$jobs_file"
  done
done
echo "$(wc -l < "$jobs_file") runs to do, $JOBS at a time"
if [ -n "${DRY:-}" ]; then cut -f1-3,5 "$jobs_file"; rm -f "$jobs_file"; exit 0; fi

run_one() {
  IFS=$'\t' read -r preset config k size opts <<< "$1"
  name=gpudse-$preset-$config-$k
  # shellcheck disable=SC2086
  nice -n 10 "$RUN_SIM" "$name" "$WORK/gpudse-traces/$preset/$k/kernelslist.g" "$preset" $opts > /dev/null 2>&1 || true
  rd=$WORK/runs/$name
  dest=$RUNS_DIR/$preset/$config
  mkdir -p "$dest"
  if ! grep -q "GPGPU-Sim: \*\*\* exit detected \*\*\*" "$rd/sim.log" 2>/dev/null; then
    echo "FAILED $preset $config $k (see $rd/sim.log)"; return 0
  fi
  # every kernel of the trace simulated (GPGPU-Sim's deadlock detection ends a run with "exit
  # detected" too: SM7_QV100 pagerank stopped after 4 of its 8 kernels), else no log is kept
  want=$(grep -c '\.traceg' "$WORK/gpudse-traces/$preset/$k/kernelslist.g")
  got=$(grep -c '^kernel_name' "$rd/sim.log" || true)
  if [ "$got" != "$want" ]; then
    echo "INCOMPLETE $preset $config $k: $got of $want kernels (see $rd/sim.log)"; return 0
  fi
  {
    echo "# gpudse-accelsim-run: preset=$preset config=$config kernel=$k"
    echo "# trace: gpudse trace $k --size $size --gpu calibration/accelsim/presets/$preset.json --format accelsim (gpudse $GPUDSE_COMMIT)"
    echo "# command: $(sed "s#$WORK#WORK#g" "$rd/cmd.txt")"
    echo "# config: gpgpu-sim configs/tested-cfgs/$preset/gpgpusim.config + accel-sim gpu-simulator/configs/tested-cfgs/$preset/trace.config + options: $opts"
    echo "# accel-sim-framework $ACCELSIM_COMMIT (dev), gpgpu-sim_distribution $GPGPUSIM_COMMIT (dev)"
    echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  $(cat "$rd/time.txt")"
    # the options echo (exact configuration) and the statistics gpudse reads
    grep -E '^-[a-z]|^kernel_name|^gpu_(sim|tot)_|^gpu_ipc|^gpgpu_n_tot_w_icount|^L2_BW|^[[:space:]]*L1D_total_cache_|^L2_total_cache_|^total dram (reads|writes)|CTA/core|Reconfigure L1|^gpgpu_simulation_(time|rate)' "$rd/sim.log"
  } | xz -9 > "$dest/$k.log.xz"
  echo "done $preset $config $k $(cat "$rd/time.txt")"
  rm -f "$rd/sim.log"
}
export -f run_one
export WORK HERE RUN_SIM ACCELSIM_COMMIT GPGPUSIM_COMMIT GPUDSE_COMMIT RUNS_DIR
tr '\n' '\0' < "$jobs_file" | xargs -0 -P "$JOBS" -I{} bash -c 'run_one "$@"' _ {}
rm -f "$jobs_file"
