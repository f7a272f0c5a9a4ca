#!/bin/bash
export WORK=${WORK:-/work/accelsim-work}
for d in "$@"; do
  nice -n 19 /work/shared/accelsim/run_sim.sh gpu20c-ub-$d $PWD/$d/kernelslist.g SM7_QV100 > /dev/null 2>&1
  f=$WORK/runs/gpu20c-ub-$d/sim.log
  echo "$d $(grep -m1 '^gpu_sim_cycle' $f) $(grep -m1 '^gpu_sim_insn' $f) $(grep -m1 gpgpu_n_tot_w_icount $f)"
done
