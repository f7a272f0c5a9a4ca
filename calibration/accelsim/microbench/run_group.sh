#!/bin/bash
# run_group.sh GPU NAME...: run gen_group.py's traces on one tested configuration, one at a
# time, and print cycles (gpu_sim_cycle less the 5000-cycle launch) and the L1's counts
# (issue 20, loads in flight as one group: models/mlp_group.h).
export WORK=${WORK:-/work/accelsim-work}
gpu=$1; shift
for d in "$@"; do
  run=gpu20j-ub-$gpu-$d
  nice -n 19 /work/shared/accelsim/run_sim.sh $run $PWD/$d/kernelslist.g $gpu > /dev/null 2>&1
  f=$WORK/runs/$run/sim.log
  cyc=$(grep -m1 '^gpu_sim_cycle' $f | awk '{print $3 - 5000}')
  ins=$(grep -m1 'gpgpu_n_tot_w_icount' $f | awk '{print $3}')
  l1=$(grep -m1 'L1D_total_cache_accesses' $f | awk '{print $3}')
  l1m=$(grep -m1 'L1D_total_cache_misses' $f | awk '{print $3}')
  l1p=$(grep -m1 'L1D_total_cache_pending_hits' $f | awk '{print $3}')
  echo "$gpu $d cycles=$cyc warp_insts=$ins l1_acc=$l1 l1_miss=$l1m l1_pend=$l1p"
done
