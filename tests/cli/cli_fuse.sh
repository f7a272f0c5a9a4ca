# cli_fuse.sh -- `gpudse model bloom|stt|fuse`: JSON values against closed forms and the paper,
# pinned error lines, and the fuse-ratio study.
. "$(dirname "$0")/cli_lib.sh"
M="$GPUDSE model"

# first value of "KEY": in $CLI_TMP/out, rounded to 6 significant digits (no jq dependency)
val() { tr -d ' \t\n' <"$CLI_TMP/out" | grep -o "\"$1\":[^,}]*" | head -n 1 | cut -d: -f2 |
	awk '{ if ($0 == "null" || $0 == "true" || $0 == "false") print $0; else printf "%.6g\n", $0 }'; }
# awk test on a value: ok_if DESC 'EXPR with x'
ok_if() { if awk -v x="$2" "BEGIN { exit !($3) }"; then cli_ok; else cli_bad "$1: x = $2, want $3"; fi; }

# bloom: (1 - (1 - 1/16)^12)^3 = 0.156633; Bin(12, 1/16) >= 3 = 0.0350747
expect_ok "bloom filter" $M bloom --m 16 --k 3 --n 4 --bits 2
expect_eq "textbook FP" "$(val fp_exact)" 0.156633
expect_eq "counter saturation" "$(val p_counter_saturates)" 0.0350747
expect_eq "k_opt" "$(val k_opt)" 3
expect_ok "tag search default" $M bloom --kind tagsearch
ok_if "FUSE tag search hit 1-2 cycles (§III-B)" "$(val cycles_hit)" 'x >= 1 && x <= 2.1'
expect_ok "tag search 16 counters" $M bloom --kind tagsearch --counters 16
ok_if "16 counters: ~12 cycles" "$(val cycles_hit)" 'x > 8'
expect_err "bloom missing n" 1 'gpudse: model bloom: --n: required for --kind filter' $M bloom --m 16 --k 3
expect_err "bloom bad kind" 1 'gpudse: model bloom: --kind: expected filter or tagsearch, got "cbf"' $M bloom --kind cbf
expect_err "tagsearch ways" 1 'gpudse: model bloom: --ways (64) must be at least --filters (128)' $M bloom --kind tagsearch --ways 64

# stt: 16 KB SRAM area as STT-MRAM = 16 x 140/36 KiB; Erlang loss rho/(1+rho) for the blocking bank
expect_ok "stt split" $M stt --sram-frac 0.5
expect_eq "STT KiB" "$(val stt_kib)" 62.2222
expect_eq "SRAM leakage Table I" "$(val sram)" 36
expect_ok "stt blocking" $M stt --lam-read 0.1 --lam-write 0.04 --blocking
expect_eq "K = 1 loss" "$(val p_block_tag_queue)" 0.230769
expect_err "stt lambdas" 1 'gpudse: model stt: --lam-evict + --lam-update (1) exceed --lam-write (0)' $M stt --lam-evict 1

# fuse on a shipped profile
P=calibration/profiles/p-atax.json
expect_ok "fuse dy" $M fuse --profile $P --cfg dy --sram-frac 0.5
ok_if "Dy-FUSE faster than L1-SRAM on ATAX" "$(val speedup)" 'x > 1'
ok_if "tag search within 1-2 cycles" "$(val cycles_hit)" 'x >= 1 && x <= 2.2'
expect_ok "fuse hybrid" $M fuse --profile $P --cfg hybrid --sram-frac 0.5
ok_if "Hybrid blocks the L1 (stall > 0)" "$(val stall_per_l1_access)" 'x > 0'
expect_err "fuse no profile" 1 'gpudse: model fuse: --profile: required' $M fuse
expect_err "fuse frac 1" 1 'gpudse: model fuse: fuse_sram_frac must be in (0, 1) for a hybrid L1 (FUSE Table I: 0.5)' $M fuse --profile $P --cfg dy --sram-frac 1
expect_ok "help" $GPUDSE help model fuse
# issue 21: a profile without the sampled stream is refused, not evaluated as the SRAM L1
expect_err "fuse without fuse_sample" 1 'gpudse: model fuse: tests/data/mini-a.json: no "fuse_sample" (profiles made before issue 21): regenerate it with gpudse profile / gpudse trace --profile' $M fuse --profile tests/data/mini-a.json --cfg dy

# explain shows the FUSE terms: the hybrid's capacity (half the L1 area SRAM, half STT-MRAM at
# 36 F^2 per cell against SRAM's 140: about 80 KB where L1-SRAM has 32 KB), its STT writes per
# instruction, and the stt queueing station
D='fuse_cfg=dy,fuse_sram_frac=0.5'
expect_ok "explain dy json" $GPUDSE explain --gpu fuse-15 --workload p-2mm --design "$D" --json
ok_if "Dy-FUSE L1 larger than the SRAM L1 in the same area" "$(val l1_bytes)" 'x > 2 * 32768'
ok_if "Dy-FUSE STT writes per instruction" "$(val stt_writes_per_inst)" 'x > 0'
expect_ok "explain sram json" $GPUDSE explain --gpu fuse-15 --workload p-2mm --design fuse_cfg=sram --json
expect_eq "L1-SRAM capacity" "$(val l1_bytes)" 32768
expect_eq "L1-SRAM has no STT writes" "$(val stt_writes_per_inst)" 0
expect_ok "explain dy text" $GPUDSE explain --gpu fuse-15 --workload p-2mm --design "$D"
expect_eq "explain names the STT writes" "$(grep -c 'STT writes/inst' "$CLI_TMP/out")" 1
expect_eq "explain lists the stt station" "$(grep -c '^stt ' "$CLI_TMP/out")" 1
# issue 21 knobs: capacities, ways, placement, migration; 8 KiB + 96 KiB = 106496 bytes
D2='fuse_cfg=fa,fuse_sram_kib=8,fuse_stt_kib=96,fuse_sram_ways=4,fuse_placement=oracle,fuse_migrate=false'
expect_ok "explain explicit banks" $GPUDSE explain --gpu fuse-15 --workload p-2mm --design "$D2" --json
expect_eq "L1 = the two banks given" "$(val l1_bytes)" 106496
expect_err "one capacity alone" 1 'gpudse: explain: --design: illegal on fuse-15: fuse_sram_kib and fuse_stt_kib are given together (0, 0: the area split by fuse_sram_frac)' \
	$GPUDSE explain --gpu fuse-15 --workload p-2mm --design fuse_cfg=fa,fuse_sram_kib=8

# the study runs: 6 configurations, 22 legal points (sram and stt once each)
expect_ok "fuse-ratio sweep" $GPUDSE sweep studies/fuse-ratio.json --db "$CLI_TMP/f.db" --quiet
expect_eq "legal points" "$(grep -o '30 points, 8 illegal' "$CLI_TMP/out" "$CLI_TMP/err" | head -n 1 | cut -d: -f2)" "30 points, 8 illegal"
cli_done
