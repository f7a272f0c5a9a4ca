#!/bin/bash
# run_share.sh GPU NAME...: run gen_share.py's traces on one tested configuration, one at a time,
# and print cycles (gpu_sim_cycle less the 5000-cycle launch), the L2's read breakdown and its
# reservation fails by cause (issue 20, LLC MSHR merge limit).
export WORK=${WORK:-/work/accelsim-work}
gpu=$1; shift
for d in "$@"; do
  run=gpu20i-ub-$gpu-$d
  nice -n 19 /work/shared/accelsim/run_sim.sh $run $PWD/$d/kernelslist.g $gpu > /dev/null 2>&1
  f=$WORK/runs/$run/sim.log
  cyc=$(grep -m1 '^gpu_sim_cycle' $f | awk '{print $3 - 5000}')
  l2=$(grep 'L2_cache_stats_breakdown\[GLOBAL_ACC_R\]' $f | grep -v '= 0$' | sed 's/.*\]\[\(.*\)\] = \(.*\)/\1=\2/' | tr '\n' ' ')
  fail=$(grep 'L2_cache_stats_fail_breakdown\[GLOBAL_ACC_R\]' $f | grep -v '= 0$' | sed 's/.*\]\[\(.*\)\] = \(.*\)/\1=\2/' | tr '\n' ' ')
  l1f=$(grep -m1 'L1D_total_cache_reservation_fails' $f | awk '{print $3}')
  echo "$gpu $d cycles=$cyc $l2 fails: $fail l1_fails=$l1f"
done
