#!/bin/bash
# run_ldst.sh NAME [GPU [options]]: simulate ./NAME (gen_ldst.py) on GPU (SM7_QV100) and print
# its cycles less the 5000-cycle launch, warp instructions, L1D sector accesses, bank conflicts,
# reservation fails, sectors per cycle and cycles per warp instruction (WORK=/work/accelsim-work)
export WORK=${WORK:-/work/accelsim-work}
d=$1; gpu=${2:-SM7_QV100}; shift; [ $# -gt 0 ] && shift
nice -n 19 /work/shared/accelsim/run_sim.sh gpu20h-ub-$d-$gpu $PWD/$d/kernelslist.g $gpu "$@" > /dev/null 2>&1
f=$WORK/runs/gpu20h-ub-$d-$gpu/sim.log
cyc=$(grep -m1 '^gpu_sim_cycle' $f | awk '{print $3}')
acc=$(grep -m1 'L1D_total_cache_accesses' $f | awk '{print $3}')
ins=$(grep -m1 'gpgpu_n_tot_w_icount' $f | awk '{print $3}')
bk=$(grep -m1 'gpgpu_n_l1cache_bkconflict' $f | awk '{print $3}')
rf=$(grep -m1 'L1D_total_cache_reservation_fails' $f | awk '{print $3}')
echo "$d $gpu cycles=$cyc net=$((cyc-5000)) winsn=$ins l1acc=$acc bkconf=$bk resfail=$rf sect_per_cyc=$(echo "scale=3; $acc/($cyc-5000)" | bc) cyc_per_insn=$(echo "scale=3; ($cyc-5000)/$ins" | bc)"
