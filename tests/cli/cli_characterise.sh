# cli_characterise.sh -- `gpudse characterise`: the model's classes of shipped profiles against
# the papers' (Morpheus Table 2: pb-mri-q compute-bound, r-kmeans memory-bound), the markdown
# block written into a file between its markers (appended once, then replaced in place), and
# the error line for a directory without profiles.
. "$(dirname "$0")/cli_lib.sh"
P="$GPUDSE_ROOT/calibration/profiles"
mkdir -p "$CLI_TMP/p" "$CLI_TMP/empty"
cp "$P/pb-mri-q.json" "$P/r-kmeans.json" "$P/p-2mm.json" "$CLI_TMP/p/"
expect_ok "characterise three profiles" $GPUDSE characterise --profiles "$CLI_TMP/p"
cp "$CLI_TMP/out" "$CLI_TMP/table"
expect_eq "one row per profile" "$(grep -cE '^\| (pb-mri-q|r-kmeans|p-2mm) \|' "$CLI_TMP/table")" 3
expect_eq "mri-q: compute-bound in the model and in Morpheus Table 2" \
	"$(grep '^| pb-mri-q |' "$CLI_TMP/table" | awk -F' [|] ' '{ print $6 "/" $7 }')" "compute/compute"
expect_eq "kmeans: memory-bound in both" \
	"$(grep '^| r-kmeans |' "$CLI_TMP/table" | awk -F' [|] ' '{ print $6 "/" $7 }')" "memory/memory"
expect_eq "p-2mm: DC-L1's class shown" "$(grep '^| p-2mm |' "$CLI_TMP/table" | awk -F' [|] ' '{ print $13 }')" "sensitive"
expect_eq "counts: both Morpheus workloads agree" \
	"$(grep -o 'Morpheus memory/compute-bound [0-9]* of [0-9]*' "$CLI_TMP/table")" "Morpheus memory/compute-bound 2 of 2"
# LLC sensitivity (Morpheus: every memory-bound workload is in the 4x-LLC geomean): the reason
# the model gives when the profile's global stream has little reuse between 5 and 20 MiB (lbm:
# one pass over 2 x 160 MB grids per step), and "unknown" when it has but the IPC does not follow
mkdir -p "$CLI_TMP/llc"
cp "$P/pb-lbm.json" "$P/pb-histo.json" "$CLI_TMP/llc/"
expect_ok "characterise lbm and histo" $GPUDSE characterise --profiles "$CLI_TMP/llc"
expect_eq "lbm: LLC-insensitive, the input's flat hit curve named" \
	"$(grep -c '^- Morpheus: pb-lbm .*reason: input: the global stream.s LLC hit ratio rises less than 2 points from 5 to 20 MiB' "$CLI_TMP/out")" 1
expect_eq "histo: the hit ratio rises, the reason is unknown" \
	"$(grep -c '^- Morpheus: pb-histo .*reason: unknown (the LLC hit ratio rises' "$CLI_TMP/out")" 1
# --update: appended with a heading the first time, replaced in place the second time
printf '# doc\n\ntext before\n' >"$CLI_TMP/doc.md"
expect_ok "update appends" $GPUDSE characterise --profiles "$CLI_TMP/p" --update "$CLI_TMP/doc.md"
expect_eq "markers once" "$(grep -c 'gpudse characterise: \(begin\|end\)' "$CLI_TMP/doc.md")" 2
expect_eq "text kept" "$(head -3 "$CLI_TMP/doc.md" | tail -1)" "text before"
cp "$CLI_TMP/doc.md" "$CLI_TMP/doc1.md"
printf 'text after\n' >>"$CLI_TMP/doc.md"
expect_ok "update replaces" $GPUDSE characterise --profiles "$CLI_TMP/p" --update "$CLI_TMP/doc.md"
expect_eq "replaced in place, text after kept" "$(diff <(cat "$CLI_TMP/doc1.md"; echo 'text after') "$CLI_TMP/doc.md" && echo same)" same
expect_err "no profiles" 1 "gpudse: characterise: --profiles $CLI_TMP/empty: no *.json profiles" \
	$GPUDSE characterise --profiles "$CLI_TMP/empty"
cli_done
