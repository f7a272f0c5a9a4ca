# cli_golden.sh -- the Pareto front of every shipped study (studies/*.json), swept into a fresh
# database and compared byte for byte with its golden front in tests/data/golden/STUDY.front.
# Every study must have an entry here; a study without one fails.  The objectives are each
# study's natural ones (tests/data/golden/README.md says why).
# Regenerate after a deliberate model change, and say why in the commit:
#   GOLDEN_UPDATE=1 GPUDSE=$PWD/build/gpudse GPUDSE_ROOT=$PWD bash tests/cli/cli_golden.sh
. "$(dirname "$0")/cli_lib.sh"

objectives() { # STUDY -> the pareto options for it
	case $1 in
	demo)                echo "--max speedup --min energy_j,area_mm2" ;;  # make run's front
	dcl1-clusters)       echo "--max speedup --min area_mm2" ;;           # DC-L1: speed vs NoC+L1 area
	fuse-ratio)          echo "--max speedup --min energy_j,stt_wpki" ;;  # FUSE: speed, energy, STT writes
	malekeh-sthld)       echo "--max speedup --min energy_j" ;;           # Malekeh: IPC vs RF energy
	morpheus-cache-mode) echo "--max speedup --min power_w" ;;            # Morpheus: cache-mode SMs vs gating
	*)                   echo "" ;;
	esac
}

for f in studies/*.json; do
	s=$(basename "$f" .json)
	golden=tests/data/golden/$s.front
	obj=$(objectives "$s")
	if [ -z "$obj" ]; then
		cli_bad "$s: no objectives in tests/cli/cli_golden.sh (every shipped study needs a golden front)"
		continue
	fi
	expect_ok "$s: sweep" "$GPUDSE" sweep "$f" --db "$CLI_TMP/$s.db" --quiet
	# shellcheck disable=SC2086  # $obj is a list of options
	expect_ok "$s: pareto $obj" "$GPUDSE" pareto --db "$CLI_TMP/$s.db" $obj
	if [ "${GOLDEN_UPDATE:-}" = 1 ]; then
		cp "$CLI_TMP/out" "$golden"
		echo "wrote $golden ($(head -n 1 "$golden"))"
	fi
	if [ ! -f "$golden" ]; then
		cli_bad "$s: no golden front $golden"
	elif cmp -s "$CLI_TMP/out" "$golden"; then
		cli_ok
	else
		cli_bad "$s: the front differs from $golden: $(diff "$golden" "$CLI_TMP/out" | head -n 12)"
	fi
	# the front is not empty and says which run and study it is
	expect_eq "$s: header" "$(head -n 1 "$CLI_TMP/out" | grep -cE "^run 1 \\($s\\): [1-9][0-9]* of [1-9][0-9]* designs on the Pareto front")" 1
done
# and the demo front is what make run prints (Makefile's run target uses the same objectives)
expect_eq "make run uses the demo objectives" "$(grep -c 'pareto --db db/results.db --max speedup --min energy_j,area_mm2$' Makefile)" 1
cli_done
