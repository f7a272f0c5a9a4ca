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
# exact command (kernel, size, GPU preset, seed).  Kernels whose preset is dcl1-80 also get
# --write-evict: DC-L1's baseline L1 is write-evict (Table II), and the preset's
# l1_write_evict takes its L1 hit rates from the sd_we histograms this adds
# (docs/profile-format.md, docs/gpu-presets.md); and --dcl1-nodes for the DC-L1 organisations
# studies/dcl1-clusters.json and gpudse validate evaluate on dcl1-80 (16 KB 4-way L1 per core,
# IPOLY index): the private L1 (1:1, 32 sets), Pr40/Pr20/Pr10 (2:1, 4:1, 8:1), Sh40 (80:40),
# Sh40+C5/C10/C20 (16:8, 8:4, 4:2), line-interleaved, whose nodes then are exact (models/dcl1.h).
# Kernels too large to profile exactly in the time budget (the DC-L1 PolyBench kernels: p-gemm,
# p-2mm and p-syr2k at 1024, p-3mm at 512, p-3dconv at 256; docs/workloads.md says which inputs
# are PolyBench/GPU's defaults) are profiled with SHARDS sampling (--sample, src/profiling/shards.h) and
# set-sampled DC-L1 node records (--node-sets, src/profiling/nodesample.h); their set-associative
# records are absent (the models use Smith's binomial model on the sampled curves).  Accuracy
# against exact profiles at 512: docs/profile-format.md "Sampled profiles"
# (calibration/sample_accuracy.py).
# Provenance and the comparison with the
# papers: docs/workloads.md.  Usage: calibration/make_profiles.sh [KERNEL...]
# JOBS (default 2) kernels run at once, the most expensive first.
set -eu
cd "$(dirname "$0")/.."
GPUDSE=${GPUDSE:-./gpudse}
OUT=calibration/profiles
SEED=1
JOBS=${JOBS:-2}
DCL1_NODES=1:1:1:32:ipoly,2:1:1:64:ipoly,4:1:1:128:ipoly,8:1:1:256:ipoly,80:40:1:64:ipoly,16:8:1:64:ipoly,8:4:1:64:ipoly,4:2:1:64:ipoly
mkdir -p "$OUT"
if [ $# -gt 0 ]; then kernels=("$@"); else
	mapfile -t kernels < <("$GPUDSE" trace --list | awk 'NR > 1 { print $1 }')
	# the longest first, so that the parallel jobs finish together (measured CPU times, docs/workloads.md)
	first=(r-gaussian p-syr2k p-2mm r-bfs pb-lbm p-2dconv pagerank pb-stencil p-3mm p-gemm t-alexnet-conv2 t-alexnet db-rnn-train p-3dconv db-rnn)
	rest=()
	for k in "${kernels[@]}"; do
		case " ${first[*]} " in *" $k "*) ;; *) rest+=("$k") ;; esac
	done
	kernels=("${first[@]}" "${rest[@]}")
fi
# kernels generated for the dcl1-80 preset (the list's gpu column)
mapfile -t we_kernels < <("$GPUDSE" trace --list | awk 'NR > 1 && / dcl1-80 / { print $1 }')
# sampled kernels: SHARDS rate
sample_rate() {
	case "$1" in
	p-gemm | p-2mm | p-3mm | p-syr2k | p-3dconv) echo 0.1 ;;
	*) echo 1 ;;
	esac
}
# their node records' share of each geometry's sets (nodesample.h): 1/16 for p-gemm and p-2mm
# (and p-syr2k) at 1024, whose 4x more blocks per set than at 512 keep the sampled blocks per set of 512 at
# 1/4 (accuracy measured at 512: docs/profile-format.md "Sampled profiles"); p-3mm is still 512
node_sets() {
	case "$1" in
	p-gemm | p-2mm | p-syr2k) echo 0.0625 ;;
	*) echo 0.25 ;;
	esac
}
one() {
	local k=$1 t=$SECONDS
	local opt=()
	for w in "${we_kernels[@]}"; do
		if [ "$w" = "$k" ]; then opt=(--write-evict --dcl1-nodes "$DCL1_NODES"); fi
	done
	local r
	r=$(sample_rate "$k")
	if [ "$r" != 1 ]; then opt+=(--sample "$r" --node-sets "$(node_sets "$k")"); fi
	"$GPUDSE" trace "$k" --seed "$SEED" --profile "$OUT/$k.json" --exact-classes "${opt[@]}"
	printf '  %-16s %4ds  %6s KB%s\n' "$k" $((SECONDS - t)) "$(( $(stat -c %s "$OUT/$k.json") / 1024 ))" \
		"$([ "$r" != 1 ] && echo "  (sampled, rate $r)")"
}
# kernels whose exact profiling peaks above a third of a 24 GiB machine run with nothing beside
# them (measured peak RSS, 2026-11-27: r-gaussian 17.3 GB or more, pb-lbm 10 GB; the two together were
# killed by the OOM killer at JOBS=2)
alone=" r-gaussian pb-lbm "
t0=$SECONDS
fail=0
for k in "${kernels[@]}"; do
	case "$alone" in *" $k "*) lim=1 ;; *) lim=$JOBS ;; esac
	while [ "$(jobs -rp | wc -l)" -ge "$lim" ]; do
		wait -n || fail=1
	done
	one "$k" &
	case "$alone" in *" $k "*) wait -n || fail=1 ;; esac
done
while [ "$(jobs -rp | wc -l)" -gt 0 ]; do
	wait -n || fail=1
done
if [ "$fail" != 0 ]; then
	echo "make_profiles: a kernel failed (see above)" >&2
	exit 1
fi
echo "profiles: ${#kernels[@]} kernels in $((SECONDS - t0)) s wall ($JOBS at once) -> $OUT/"
# names must be unique across the shipped set (a study resolves workloads by name)
dups=$(grep -ho '^  "name": "[^"]*"' "$OUT"/*.json | sort | uniq -d)
if [ -n "$dups" ]; then
	echo "make_profiles: duplicate profile names in $OUT: $dups" >&2
	exit 1
fi
