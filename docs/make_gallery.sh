#!/usr/bin/env bash
# Regenerates docs/img/*.png and docs/gallery.md: every kind of `gpudse plot`, each picture
# made by the command printed under it.  Run from the repository root after `make`:
#   bash docs/make_gallery.sh            (about 10 s; uses ./gpudse and a temporary directory)
set -eu
GPUDSE=${GPUDSE:-./gpudse}
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
IMG=docs/img
OUT=docs/gallery.md
mkdir -p $IMG

# the data the pictures are made from
"$GPUDSE" sweep studies/demo.json --db $W/demo.db >/dev/null
"$GPUDSE" sweep tests/data/engine-big.json --db $W/big.db >/dev/null
"$GPUDSE" explain --gpu rtx3080 --workload r-kmeans --json > $W/baseline.json
"$GPUDSE" explain --gpu rtx3080 --workload r-kmeans --design mor_cache_sms=16,mor_compress=true --json > $W/morpheus16.json
"$GPUDSE" explain --gpu rtx3080 --workload r-kmeans --design dcl1_org=shc,dcl1_nodes=68,dcl1_clusters=17 --json > $W/sh68c17.json
"$GPUDSE" validate --format json > $W/validate.json 2>/dev/null || true

cat > $OUT <<'MD'
# Gallery: every plot `gpudse plot` draws

Each picture below was made by the command under it (regenerate them all with
`bash docs/make_gallery.sh`, which also rewrites this page).  The data: `studies/demo.json`
swept into `demo.db` (84 designs x 8 workloads), `tests/data/engine-big.json` into `big.db`
(49,920 designs), and three `gpudse explain --json` reports of r-kmeans on the RTX 3080 preset:
the baseline, 16 Morpheus cache-mode SMs with compression, and DC-L1 Sh68+C17.  Points are the
geometric mean over a run's workloads unless `--workload` picks one.  Plots are drawn with cairo;
the same commands write SVG or PDF when `-o` names a .svg or .pdf file.

MD

fig() {   # fig FILE.png "caption" gpudse-arguments...
	local png=$1 caption=$2; shift 2
	"$GPUDSE" "$@" -o $IMG/$png >/dev/null
	local shown
	shown=$(printf '%s ' "$@" | sed "s#$W/##g")
	printf '## %s\n\n![%s](img/%s)\n\n```\ngpudse %s-o %s\n```\n\n' "$caption" "$caption" "$png" "$shown" "$png" >> $OUT
}

fig front-variant.png "Pareto front as a staircase, cloud coloured by variant, front labelled" \
	plot --db $W/demo.db --x energy_j --y speedup --color variant --label-front
fig front-bool.png "Coloured by a boolean knob (categories, not a 0..1 scale)" \
	plot --db $W/demo.db --x area_mm2 --y speedup --color mor_compress
fig front-log.png "Log axes" \
	plot --db $W/demo.db --x energy_j --y ipc --logx --logy --color fuse_cfg
fig sweep-by.png "Sweep curve over a numeric knob, one line per value of a second knob" \
	plot --db $W/demo.db --x mor_cache_sms --y speedup --by variant --workload r-kmeans
fig sweep-cat.png "Sweep over a categorical knob (enum)" \
	plot --db $W/demo.db --x fuse_cfg --y speedup --by rfc_on
fig sweep-variant.png "Variant as the x axis" \
	plot --db $W/demo.db --x variant --y energy_j
fig density.png "49,920 designs: density (binned counts) instead of one mark per design" \
	plot --db $W/big.db --x energy_j --y speedup --color gate_idle
fig cpi-stack.png "CPI stack by component, several designs side by side" \
	plot --stack cpi --explain $W/baseline.json,$W/morpheus16.json,$W/sh68c17.json
fig energy-stack.png "Energy by component" \
	plot --stack energy --explain $W/baseline.json,$W/morpheus16.json,$W/sh68c17.json
fig area-stack.png "Area by component (the memory system's mm^2; core area is the large first segment)" \
	plot --stack area --explain $W/baseline.json,$W/morpheus16.json,$W/sh68c17.json
fig validation.png "Validation: gpudse against each paper number, with the row's tolerance band" \
	plot --validation $W/validate.json
fig validation-fuse.png "Validation, one paper" \
	plot --validation $W/validate.json --paper fuse
fig accelsim-ipc.png "Predicted versus simulated: gpudse against Accel-Sim, one point per run, with issue 20's band" \
	plot --accelsim calibration/accelsim/results.csv --metric ipc
fig accelsim-l2.png "Predicted versus simulated L2 hit rate" \
	plot --accelsim calibration/accelsim/results.csv --metric l2_hit
echo "wrote $OUT and $(ls $IMG/*.png | wc -l) pictures in $IMG"
