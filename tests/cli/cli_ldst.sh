#!/usr/bin/env bash
# cli_ldst.sh -- the load/store unit's access stage and the miss packets (models/ldst.h, issue
# 20) end to end: three of calibration/accelsim/microbench's Accel-Sim traces (gen_ldst.py
# hit, miss, stride), written here by awk, profiled (`gpudse profile --format accelsim`) and
# explained on the SM7_QV100 Accel-Sim preset; the model's loads per cycle against Accel-Sim's
# (microbench README, "Load/store unit throughput": loads / (gpu_sim_cycle - 5000)).
. "$(dirname "$0")/cli_lib.sh"
G=$GPUDSE
P=calibration/accelsim/presets/SM7_QV100.json

# gen MODE K W N: one CTA of W warps x N independent LDG.E (gen_ldst.py's streams)
gen() {
	local d=$CLI_TMP/$1_$2_$3
	mkdir -p "$d"
	awk -v mode="$1" -v k="$2" -v W="$3" -v N="$4" 'BEGIN {
		printf "-kernel name = ldst\n-kernel id = 1\n-grid dim = (1,1,1)\n-block dim = (%d,1,1)\n", 32 * W
		printf "-shmem = 0\n-nregs = 0\n-binary version = 70\n-cuda stream id = 0\n"
		printf "-shmem base_addr = 0x00007f0000000000\n-local mem base_addr = 0x00007e0000000000\n"
		printf "-nvbit version = none\n-accelsim tracer version = 4\n-enable lineinfo = 0\n\n"
		printf "#traces format = PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width [adrrescompress?] [mem_addresses]\n\n"
		printf "#BEGIN_TB\n\nthread block = 0,0,0\n\n"
		span = int((32 * k + 127) / 128) * 128
		for (w = 0; w < W; w++) {
			printf "warp = %d\ninsts = %d\n", w, N + 1
			for (i = 0; i < N; i++) {
				pc = 4096 + 16 * (i % 64)
				if (mode == "stride") {
					printf "%x ffffffff 1 R%d LDG.E 1 R1 4 1 0x%x 10896\n", pc, 2 + i % 16, 1073741824 + 4 * (i % 8)
					continue
				}
				base = (mode == "hit") ? 268435456 + span * (i % int(4096 / span)) : 536870912 + span * (w * N + i)
				line = sprintf("%x ffffffff 1 R%d LDG.E 1 R1 4 0", pc, 2 + i % 16)
				for (j = 0; j < 32; j++)
					line = line sprintf(" 0x%x", base + 32 * int(j * k / 32))
				print line
			}
			printf "1fff0 ffffffff 0 EXIT 0 0\n\n"
		}
		printf "#END_TB\n\n"
	}' > "$d/kernel-1.traceg"
	echo kernel-1.traceg > "$d/kernelslist.g"
	expect_ok "profile $1 $2 $3" $G profile "$d/kernelslist.g" --format accelsim --gpu $P --sector-groups -o "$d.lock.json"
	# the mechanisms of this test alone: without the wait intervals (.shape.waits), so that the
	# lock step of the waves (models/lockstep.h) stays off; its effect is checked below
	awk '/^    "waits": \[/ { skip = 1 }
	     skip { if ($0 ~ /\]\],?$/) { skip = 0; if ($0 !~ /,$/) sub(/,$/, "", prev) } next }
	     { if (NR > 1 && have) print prev; prev = $0; have = 1 }
	     END { if (have) print prev }' "$d.lock.json" > "$d.json"
}
ipc() { $G explain --gpu "$1" --workload "$2" | awk '/^  ipc /{print $2; exit}'; }
# within REL of WANT
near() { awk -v g="$2" -v w="$3" -v r="$4" 'BEGIN { exit !(g - w <= r * w && w - g <= r * w) }' && cli_ok || cli_bad "$1: got $2 want $3 rel $4"; }

gen hit 16 4 1000
gen miss 16 8 500
gen stride 32 8 500
# the preset without the two mechanisms: what the model gave before them
sed '/"l1_banks"/d; /"noc_sector_packets"/d' $P > "$CLI_TMP/off.json"

# hit: 16 contiguous sectors (4 whole lines), L1-resident: the access stage's k / 4 = 4 cycles
# per load; Accel-Sim 4000 loads in 17019 cycles (its 0.25 cycle per load of other stalls)
near "hit k=16 W=4 against Accel-Sim" "$(ipc $P $CLI_TMP/hit_16_4.json)" 0.2350 0.08
# miss: 16 new sectors per load, every one a packet each way at one per cycle per SM port;
# Accel-Sim 4000 loads in 64708 cycles (0.99 sectors per cycle)
near "miss k=16 W=8 against Accel-Sim" "$(ipc $P $CLI_TMP/miss_16_8.json)" 0.0618 0.05
off=$(ipc "$CLI_TMP/off.json" $CLI_TMP/miss_16_8.json)
expect_eq "without noc_sector_packets: 40 B flits, over 20% faster" "$(awk -v g="$off" 'BEGIN { print (g > 1.2 * 0.0618) }')" 1
# stride (t-alexnet's wide load): 32 lines, bank pairs, 2.0 sectors per cycle; the model's
# independent banks give 2.2 (ldst.h, assumptions): Accel-Sim 4000 loads in 66344 cycles
s=$(ipc $P $CLI_TMP/stride_32_8.json)
expect_eq "stride: model at or above Accel-Sim's 0.0603 and within the 2.2 / 2.0 of the bank assumption" \
	"$(awk -v g="$s" 'BEGIN { print (g >= 0.0603 && g <= 0.0603 * 2.22 / 2.0 * 1.03) }')" 1
off=$(ipc "$CLI_TMP/off.json" $CLI_TMP/stride_32_8.json)
expect_eq "without l1_banks: 4 sectors per cycle, about twice Accel-Sim" "$(awk -v g="$off" 'BEGIN { print (g > 1.8 * 0.0603) }')" 1
# with the wait intervals the lock step binds (one CTA, the loads' register reuse every 16
# loads a wait): slower than the steady state; on these traces it overstates the time, since
# the warps of one SM drift apart at its own port (lockstep.h, assumptions), printed here
lock=$(ipc $P $CLI_TMP/miss_16_8.lock.json)
expect_eq "miss with the lock step: slower than without" "$(awk -v g="$lock" -v s="$(ipc $P $CLI_TMP/miss_16_8.json)" 'BEGIN { print (g < s) }')" 1
echo "ipc: hit $(ipc $P $CLI_TMP/hit_16_4.json) miss $(ipc $P $CLI_TMP/miss_16_8.json) stride $s (Accel-Sim 0.2350 0.0618 0.0603); with the lock step: hit $(ipc $P $CLI_TMP/hit_16_4.lock.json) miss $lock stride $(ipc $P $CLI_TMP/stride_32_8.lock.json)"
cli_done
