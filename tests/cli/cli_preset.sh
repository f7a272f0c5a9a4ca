#!/usr/bin/env bash
# cli_preset.sh -- `gpudse preset import` on gpgpu-sim's SM7_QV100 and SM86_RTX3070 tested
# configurations (tests/data/gpgpusim/, verbatim copies): every mapped number against the
# config lines it comes from, worked out by hand; the report; pinned errors.
. "$(dirname "$0")/cli_lib.sh"
G=$GPUDSE
D=$GPUDSE_ROOT/tests/data/gpgpusim
jv() { grep -o "\"$2\":[[:space:]]*[-0-9.e+]*" "$1" | grep -o '[-0-9.e+]*$'; }

# SM7_QV100 (-gpgpu_cache:dl1 ...,A:512:8,...: 512 MSHR entries): -gpgpu_n_clusters 80, -gpgpu_n_cores_per_cluster 1; -gpgpu_clock_domains
# 1132.0:1132.0:1132.0:850.0; -gpgpu_shader_core_pipeline 2048:32 -> 64 warps;
# -gpgpu_shader_registers 65536 -> 256 KiB; -gpgpu_num_reg_banks 16 / 4 schedulers -> 4;
# adaptive L1: -gpgpu_unified_l1d_size 128 with dl1 S:4:128:64 -> 128 KiB, 128*1024/(4*128) =
# 256 ways, 32 B sectors; -gpgpu_l1_latency 20; dl2 S:32:128:24 per sub-partition x (32 x 2)
# -> 32*128*24*64/1024 = 6144 KiB, 24 ways, 64 slices, 32 partitions; -gpgpu_l2_rop_latency 160;
# DRAM 32 channels x 16 B x 2 (DDR) x 850 MHz = 870.4 GB/s; -icnt_flit_size 40; dl2 L:B:m:L:P: write-back,
# lazy fetch on read -> llc_write_alloc 2.  DRAM READ LATENCY (src/presets/gpgpusim_config.c):
# -dram_latency 100 core cycles + (RCD=12 + CL=12 + -gpgpu_dram_burst_length 2 /
# -dram_data_command_freq_ratio 2) DRAM cycles x 1132/850 MHz = 100 + 25 x 1.3317647 = 133.29412.
expect_ok "import QV100" $G preset import "$D/SM7_QV100/gpgpusim.config" -o "$CLI_TMP/qv.json"
P=$CLI_TMP/qv.json
expect_eq "qv name" "$(grep -o '"name":[[:space:]]*"[^"]*"' "$P" | grep -o '"[^"]*"$')" '"SM7_QV100"'
for kv in n_sm=80 core_mhz=1132 noc_mhz=1132 warps_per_sm=64 subcores=4 rf_kib=256 rf_banks_per_subcore=4 \
	  ocu_per_subcore=2 l1_kib=128 l1_shmem_kib=128 l1_assoc=256 l1_write_evict=0 l1_lat=20 line_bytes=128 \
	  sector_bytes=32 llc_kib=6144 llc_assoc=24 llc_slices=64 llc_partitions=32 llc_lat=160 noc_sector_packets=1 \
	  llc_bytes_per_cycle_slice=32 dram_gbps=870.4 dram_channels=32 dram_lat=133.29411764705884 noc_flit_bytes=40 l1_mshr=512 l1_banks=4 llc_write_alloc=2 l1_alloc_fill=0; do
	expect_eq "qv ${kv%%=*}" "$(jv "$P" "${kv%%=*}")" "${kv#*=}"
done
expect_eq "report: replacement and policies read" "$(grep -c 'replacement LRU, write-through, allocate on miss, lazy fetch on read, set index linear' "$CLI_TMP/out")" 1
expect_eq "report: L2 IPOLY set index" "$(grep -c 'L2 .*write-back.*set index IPOLY hash' "$CLI_TMP/out")" 1
expect_eq "report: unmapped fields listed" "$(grep -A3 '^not mapped' "$CLI_TMP/out" | grep -c 'noc_lat')" 1
expect_eq "report: unused options listed" "$(grep -c -- '-gpgpu_dram_timing_opt\|-gpgpu_mem_addr_mapping' "$CLI_TMP/out")" 1
expect_ok "the preset loads" $G explain --gpu "$P" --workload p-gemm
# SM86_RTX3070: 46 x 1 SMs; 1536:32 -> 48 warps; dl2 S:64:128:16 x (16 x 2) -> 4096 KiB;
# DRAM 16 channels x 2 B x 4 (GDDR6 data/command ratio) x 3500.5 MHz = 448.064 GB/s;
# -gpgpu_l1_latency 39; -gpgpu_l2_rop_latency 187; -dram_latency 254 + (RCD=24 + CL=24 + BL 16 / 4)
# x 1132/3500.5 = 254 + 52 x 0.32338237 = 270.81588.
expect_ok "import RTX3070" $G preset import "$D/SM86_RTX3070/gpgpusim.config" -o "$CLI_TMP/r.json" --name rtx3070-sim
P=$CLI_TMP/r.json
expect_eq "r name" "$(grep -o '"name":[[:space:]]*"[^"]*"' "$P" | grep -o '"[^"]*"$')" '"rtx3070-sim"'
for kv in n_sm=46 core_mhz=1132 warps_per_sm=48 l1_kib=128 l1_assoc=256 l1_lat=39 llc_kib=4096 llc_assoc=16 \
	  llc_slices=32 llc_partitions=16 llc_lat=187 dram_gbps=448.064 dram_channels=16 dram_lat=270.815883445222 l1_mshr=384 l1_banks=4 noc_sector_packets=1 llc_write_alloc=2; do
	expect_eq "r ${kv%%=*}" "$(jv "$P" "${kv%%=*}")" "${kv#*=}"
done
# a later file overrides an earlier one (trace.config after gpgpusim.config)
printf -- '-gpgpu_n_clusters 40 # half\n-gpgpu_dram_timing_opt "nbk=16:CCD=1\n   :RRD=3"\n' > "$CLI_TMP/over.config"
expect_ok "override" $G preset import "$D/SM7_QV100/gpgpusim.config" "$CLI_TMP/over.config" -o "$CLI_TMP/o.json"
expect_eq "override n_sm" "$(jv "$CLI_TMP/o.json" n_sm)" 40
expect_eq "quoted value over two lines" "$(grep -c 'gpgpu_dram_timing_opt nbk=16:CCD=1 :RRD=3' "$CLI_TMP/out")" 1
expect_eq "timing without RCD and CL: dram_latency alone" "$(jv "$CLI_TMP/o.json" dram_lat)" 100
expect_eq "timing without RCD and CL: reported" "$(grep -c 'no RCD= or CL=, not added to dram_lat' "$CLI_TMP/out")" 1
# GPGPU-Sim's legacy ordered form nbk:tCCD:tRRD:tRCD:tRAS:tRP:tRC:CL:... (gpu-sim.h): tRCD 14, CL 10
printf -- '-gpgpu_dram_timing_opt 16:2:6:14:28:12:40:10:4:5:12\n' > "$CLI_TMP/legacy.config"
expect_ok "legacy timing" $G preset import "$D/SM7_QV100/gpgpusim.config" "$CLI_TMP/legacy.config" -o "$CLI_TMP/l.json"
expect_eq "legacy timing: 100 + (14 + 10 + 1) x 1132/850" "$(jv "$CLI_TMP/l.json" dram_lat)" 133.29411764705884
printf -- '-gpgpu_dram_timing_opt 16:2:6:14:28:12:40:12:4:5:12\n-gpgpu_clock_domains 1132.0:1132.0:1132.0:1132.0\n' > "$CLI_TMP/legacy2.config"
expect_ok "legacy timing, DRAM at the core clock" $G preset import "$D/SM7_QV100/gpgpusim.config" "$CLI_TMP/legacy2.config" -o "$CLI_TMP/l2.json"
expect_eq "legacy timing: 100 + (14 + 12 + 1) x 1" "$(jv "$CLI_TMP/l2.json" dram_lat)" 127
printf -- '-gpgpu_dram_timing_opt "nbk=16:RCD=twelve:CL=12"\n' > "$CLI_TMP/badt.config"
expect_err "bad timing value" 1 "gpudse: $CLI_TMP/badt.config:1: -gpgpu_dram_timing_opt: expected a non-negative number after '=', got \"nbk=16:RCD=twelve:CL=12\"" \
	$G preset import "$D/SM7_QV100/gpgpusim.config" "$CLI_TMP/badt.config" -o "$CLI_TMP/x.json"
# L1 banks (models/ldst.h): mapped only for a one-sector interleave and the linear hash
printf -- '-gpgpu_l1_banks_hashing_function 2\n' > "$CLI_TMP/hash.config"
expect_ok "import with a hashed L1 bank" $G preset import "$D/SM7_QV100/gpgpusim.config" "$CLI_TMP/hash.config" -o "$CLI_TMP/h.json"
expect_eq "hashed banks: l1_banks not set" "$(jv "$CLI_TMP/h.json" l1_banks)" ""
expect_eq "hashed banks: reported" "$(grep -c 'L1 banks 4 (gpgpu_l1_banks, 32 B interleave, hash 2): outside' "$CLI_TMP/out")" 1
sed 's/"l1_banks":[^,]*,/"l1_banks": 3,/' "$P" > "$CLI_TMP/b3.json"
expect_err "l1_banks 3 on 4-sector lines" 1 "gpudse: $CLI_TMP/b3.json: .l1_banks: 3 banks need line_bytes / sector_bytes (128 / 32) a whole number <= 16 that divides or is divided by them (models/ldst.h)" \
	$G explain --gpu "$CLI_TMP/b3.json" --workload p-gemm
# dl1 write policy 'L' (write-back local, write-through global: SM75_RTX2060_S): global stores write through
printf -- '-gpgpu_cache:dl1 S:1:128:512,L:L:s:N:L,A:256:8,16:0,32\n' > "$CLI_TMP/wl.config"
expect_ok "import with a write-back-local L1" $G preset import "$D/SM7_QV100/gpgpusim.config" "$CLI_TMP/wl.config" -o "$CLI_TMP/wl.json"
expect_eq "'L': write-through for global stores" "$(jv "$CLI_TMP/wl.json" l1_write_through)" 1
# its allocation 's' (streaming) is ON_FILL without the adaptive carve-out (gpgpu-sim gpu-cache.h
# STREAMING -> ON_FILL; wl.config keeps QV100's -gpgpu_adaptive_cache_config 1, ad0.config turns it
# off): l1_alloc_fill 1 only then; with it on, ON_MISS or ON_FILL per kernel, reported, not mapped
expect_eq "'s' with the adaptive carve-out: l1_alloc_fill not mapped" "$(jv "$CLI_TMP/wl.json" l1_alloc_fill)" ""
expect_eq "'s' with the adaptive carve-out: reported" "$(grep -c "L1 allocation 's' (streaming) with gpgpu_adaptive_cache_config 1" "$CLI_TMP/out")" 1
expect_eq "'L': its write-evict reported, not mapped" "$(grep -c "L1 write policy 'L': a global store that hits also invalidates its sectors" "$CLI_TMP/out")" 1
printf -- '-gpgpu_cache:dl1 S:1:128:512,L:L:s:N:L,A:256:8,16:0,32\n-gpgpu_adaptive_cache_config 0\n' > "$CLI_TMP/ad0.config"
expect_ok "import with a streaming L1, no carve-out" $G preset import "$D/SM7_QV100/gpgpusim.config" "$CLI_TMP/ad0.config" -o "$CLI_TMP/ad0.json"
expect_eq "'s' without the carve-out: allocate on fill" "$(jv "$CLI_TMP/ad0.json" l1_alloc_fill)" 1
expect_eq "report: l1_alloc_fill's source" "$(grep -c "l1_alloc_fill *1 *<- gpgpu_cache:dl1 allocation 's' (streaming: allocate on fill, no adaptive carve-out)" "$CLI_TMP/out")" 1
printf -- '-gpgpu_cache:dl1 S:4:128:64,L:T:f:N:L,A:512:8,16:0,32\n' > "$CLI_TMP/fill.config"
expect_ok "import with an allocate-on-fill L1" $G preset import "$D/SM7_QV100/gpgpusim.config" "$CLI_TMP/fill.config" -o "$CLI_TMP/fill.json"
expect_eq "'f': allocate on fill" "$(jv "$CLI_TMP/fill.json" l1_alloc_fill)" 1
printf -- '-gpgpu_cache:dl1 S:4:128:64,L:T:x:L:L,A:512:8,16:0,32\n' > "$CLI_TMP/badalloc.config"
expect_err "dl1 allocation letter not m, f or s" 1 "gpudse: $CLI_TMP/badalloc.config:1: -gpgpu_cache:dl1: expected the allocation policy (the third letter of rep:write:alloc) m, f or s, got \"S:4:128:64,L:T:x:L:L,A:512:8,16:0,32\"" \
	$G preset import "$D/SM7_QV100/gpgpusim.config" "$CLI_TMP/badalloc.config" -o "$CLI_TMP/x.json"
sed 's/"l1_alloc_fill":[^,]*,/"l1_alloc_fill": 2,/' "$CLI_TMP/ad0.json" > "$CLI_TMP/af2.json"
expect_err "l1_alloc_fill 2" 1 "gpudse: $CLI_TMP/af2.json: .l1_alloc_fill: expected an integer in [0, 1], got 2" \
	$G explain --gpu "$CLI_TMP/af2.json" --workload p-gemm
# errors: one line naming the file and option, exit 1
printf -- '-gpgpu_n_clusters eighty\n' > "$CLI_TMP/bad.config"
expect_err "not a number" 1 "gpudse: $CLI_TMP/bad.config:1: -gpgpu_n_clusters: expected a number, got \"eighty\"" \
	$G preset import "$D/SM7_QV100/gpgpusim.config" "$CLI_TMP/bad.config" -o "$CLI_TMP/x.json"
printf -- '-gpgpu_cache:dl2 lots\n' > "$CLI_TMP/bad2.config"
expect_err "bad cache string" 1 "gpudse: $CLI_TMP/bad2.config:1: -gpgpu_cache:dl2: expected a cache configuration [type:]sets:line:ways,rep:write:alloc:write_alloc[:index],..., got \"lots\"" \
	$G preset import "$D/SM7_QV100/gpgpusim.config" "$CLI_TMP/bad2.config" -o "$CLI_TMP/x.json"
printf -- '-gpgpu_cache:dl1 S:4:128:64,L:T:m:L:L,A:512:8,16:0,99999999999999999999\n' > "$CLI_TMP/bad4.config"
expect_err "a cache field beyond a long: refused, not read as LONG_MAX" 1 "gpudse: $CLI_TMP/bad4.config:1: -gpgpu_cache:dl1: expected a cache configuration [type:]sets:line:ways,rep:write:alloc:write_alloc[:index],..., got \"S:4:128:64,L:T:m:L:L,A:512:8,16:0,99999999999999999999\"" \
	$G preset import "$D/SM7_QV100/gpgpusim.config" "$CLI_TMP/bad4.config" -o "$CLI_TMP/x.json"
printf -- '-gpgpu_n_clusters 5000\n' > "$CLI_TMP/bad3.config"
expect_err "out of range" 1 "gpudse: $CLI_TMP/bad3.config:1: -gpgpu_n_clusters: gives n_sm = 5000, outside the preset's range [1, 1024]" \
	$G preset import "$D/SM7_QV100/gpgpusim.config" "$CLI_TMP/bad3.config" -o "$CLI_TMP/x.json"
expect_eq "nothing written on error" "$(test -e "$CLI_TMP/x.json" && echo written || echo none)" none
expect_err "no -o" 1 "gpudse: preset import: -o PRESET.json is required" $G preset import "$D/SM7_QV100/gpgpusim.config"
expect_err "missing file" 1 "gpudse: $CLI_TMP/nope.config: No such file or directory" $G preset import "$CLI_TMP/nope.config" -o "$CLI_TMP/x.json"
expect_err "subcommand" 1 'gpudse: preset: unknown subcommand "export" (expected import)' $G preset export
cli_done
