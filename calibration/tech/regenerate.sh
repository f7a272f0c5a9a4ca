#!/usr/bin/env bash
# regenerate.sh -- rerun CACTI, NVSim and DSENT over the technology grid and rebuild the tables.
#
#   calibration/tech/regenerate.sh CACTI_DIR NVSIM_DIR DSENT_BIN DSENT_DIR GPUDSE OUT_DIR [JOBS]
#
#   CACTI_DIR  a built HewlettPackard/cacti checkout (runs ./cacti from there: it reads tech_params/)
#   NVSIM_DIR  a built SEAL-UCSB/NVSim checkout (./nvsim)
#   DSENT_BIN  a command-line build of gem5's ext/dsent: gem5 ships only a Python binding, so
#              build its sources (minus interface.cc) with calibration/tech/dsent_main.cc
#              (README.md here gives the two commands)
#   DSENT_DIR  the ext/dsent directory (its tech/tech_models/*.model are read)
#   GPUDSE     the gpudse binary (its `tech import` turns the raw outputs into tables)
#   OUT_DIR    where raw/ (one file per tool run) and the tables go
#
# Each raw file starts with "# key value" provenance lines (tool, commit, config, node_nm, date,
# held_out) followed by the tool's own output, verbatim. The grid is below: the shipped tables
# use sizes 4^k KiB and nodes 22/40 nm (crossbars 22/45 nm); the held-out runs (sizes 2x4^k KiB,
# 32 nm, crossbar shapes that are not powers of two) go to held-out tables that only the tests read.
set -euo pipefail
[ $# -ge 6 ] || { sed -n '2,20p' "$0" >&2; exit 1; }
CACTI_DIR=$(realpath "$1"); NVSIM_DIR=$(realpath "$2"); DSENT_BIN=$(realpath "$3")
DSENT_DIR=$(realpath "$4"); GPUDSE=$(realpath "$5"); OUT=$(realpath -m "$6"); JOBS=${7:-2}
HERE=$(cd "$(dirname "$0")" && pwd); CFG="$HERE/configs"
DATE=$(date -u +%Y-%m-%dT%H:%MZ)
commit_of() { git -C "$1" rev-parse HEAD 2>/dev/null || echo unknown; }
CACTI_COMMIT=$(commit_of "$CACTI_DIR"); NVSIM_COMMIT=$(commit_of "$NVSIM_DIR")
DSENT_COMMIT=${DSENT_COMMIT:-$(commit_of "$DSENT_DIR")}
mkdir -p "$OUT/raw" "$OUT/work"
JOBLIST="$OUT/work/jobs.txt"; : > "$JOBLIST"

# ---- the grid ---------------------------------------------------------------------------------
SHIP_KB="4 16 64 256 1024 4096"; HOLD_KB="8 32 128 512 2048"
LINE=128                          # bytes: a GPU L1/LLC line (FUSE, DC-L1, Morpheus); port width 1024 b
array_job() { # tool cell kind node kb assoc held_out
	local tool=$1 cell=$2 kind=$3 node=$4 kb=$5 assoc=$6 held=$7
	echo "array $tool $cell $kind $node $kb $assoc $held" >> "$JOBLIST"
}
for held in 0 1; do
	if [ $held = 0 ]; then nodes="22 40"; sizes=$SHIP_KB; assocs="4 8 16"
	else nodes="22"; sizes=$HOLD_KB; assocs="4 16"; fi
	for node in $nodes; do for kb in $sizes; do
		for assoc in $assocs; do
			# NVSim at 40 nm stops at 1 MiB and its held-out runs at 512 KiB: a 2-4 MiB run took
			# many minutes on the shared machine
			if { [ $node != 40 ] || [ $kb -le 1024 ]; } && { [ $held = 0 ] || [ $kb -le 512 ]; }; then
				array_job nvsim sram cache $node $kb $assoc $held
				array_job nvsim stt  cache $node $kb $assoc $held
			fi
			array_job cacti sram cache $node $kb $assoc $held
		done
		array_job cacti sram ram $node $kb 1 $held
	done; done
done
# Development split (held_out 2, tech-dev.csv, read by calibration/tech/nvsim_dev.py only):
# 4-way NVSim caches at 40 nm at the held-out sizes (8-512 KiB), for developing the model on runs that are
# neither shipped nor held out (the held-out runs are at 22 and 32 nm).
for kb in 8 32 128 512; do
	array_job nvsim sram cache 40 $kb 4 2; array_job nvsim stt cache 40 $kb 4 2
done
for kb in 16 32 128 512 1024; do   # held-out node: 32 nm lies between the shipped 22 and 40 nm
	array_job nvsim sram cache 32 $kb 8 1; array_job nvsim stt cache 32 $kb 8 1
	array_job cacti sram cache 32 $kb 8 1; array_job cacti sram ram 32 $kb 1 1
done
XBAR_BITS=256                     # 32 B flits (DC-L1 Table II)
XBAR_SIZE_HZ=0.5e9                # the clock every crossbar is sized for (see run_one)
# DSENT's nodes are its technology files (TG11LVT, Bulk22LVT, Bulk32LVT, Bulk45LVT): discrete
# parameter sets, not points on a curve (Bulk32 and Bulk45 share the 220 nm Intermediate pitch
# the crossbar wiring is laid on, so their crossbar areas are equal), so every file is a shipped
# node and the held-out crossbars are radices off the grid at each of them.
# Every input count from 2 to 8 (DC-L1's NoC#1 crossbars are 2x1, 4x1 and 8x1 in Pr40/Pr20/Pr10,
# 5-input ones in Sh40+C16, ...): below 8 inputs DSENT's clock follows the mux depth as much as the
# select fanout (tech.h [L3f]), so the model takes the clock of small crossbars only at input
# counts the table holds; from 8 up, powers of two.
for node in 11 22 32 45; do for nin in 2 3 4 5 6 7 8 16 32 64 128; do for nout in 1 4 16 64; do
	echo "xbar dsent - xbar $node $nin $nout 0" >> "$JOBLIST"
done; done; done
for shape in "80 32" "80 40" "40 32" "10 8" "20 2" "5 2" "48 24" "96 8" "3 40" "6 12"; do
	echo "xbar dsent - xbar 22 $shape 1" >> "$JOBLIST"
done
for node in 11 32 45; do for shape in "80 32" "24 8" "12 2" "96 48" "5 24"; do
	echo "xbar dsent - xbar $node $shape 1" >> "$JOBLIST"
done; done
# smallest runs first (field 6: KiB or inputs), so a long grid has its quick runs early
sort -s -n -k6,6 -o "$JOBLIST" "$JOBLIST"
case ${ONLY:-all} in            # ONLY=arrays|xbar|nvsim4 reruns one part of the grid
arrays) sed -i '/^xbar /d' "$JOBLIST";;
xbar) sed -i '/^array /d' "$JOBLIST";;
nvsim4) sed -i '/^array nvsim .* 4 [0-9]$/!d' "$JOBLIST";;   # the 4-way NVSim caches
esac

# ---- the 4-way NVSim organisation rule -------------------------------------------------------------
# nvsim_org4 CELL KIB [describe]: the -Force lines that fix the data array's organisation of a 4-way
# cache (128 B lines, so 2 x KIB sets, one set of 4 x 1024 bits per row), or their one-line summary.
# NVSim's area search picks between near-tie layouts whose energies differ by 21-173%
# (nvsim-ties-40nm.txt) and the winner flips with size, so the 4-way caches are run as ONE family
# per cell (README "Organisation (NVSim 4-way caches)"):
#   SRAM: 4 mats stacked in one column (bank 4x1, all active), each two subarrays stacked (mat 2x1,
#         both active): 8 subarrays of 512 x mux columns, the only layout of a 1024-bit line that
#         NVSim finds at 4 KiB (8 rows: a wider subarray breaks its bank aspect-ratio bound).  The
#         sense-amplifier mux grows the subarray in one dimension per segment of the table
#         (4^k KiB): rows from 4 to 64 KiB (mux 1, rows = sets, 8..128), columns from 64 to
#         256 KiB (mux 1 -> 4, 128 rows), rows from 256 KiB to 1 MiB (mux 4, 128..512 rows),
#         columns above (512 rows): NVSim's H-tree energy here follows the subarray height, and a
#         segment along which both dimensions grow has no power law through its midpoint.
#   STT-MRAM: 2 mats stacked (bank 2x1, both active) of two subarrays stacked (mat 2x1, both
#         active): 4 subarrays of 1024 x mux columns; mux 1 (rows = sets) to 256 KiB, then the mux
#         grows with size (512 rows).  The area search's own pick at 4-256 KiB, one mat of two
#         subarrays with rows = sets, has no 1 MiB design with a mux of 1 or 4, only with 2 (so
#         the 256 KiB -> 1 MiB segment doubles rows and columns at once, and its midpoint's
#         leakage, which follows the wordline count, is 25-30% off any power law: 40 nm runs),
#         and none at 4 MiB.
# The tag array has a rule too (nvsim_tag4 below), but NVSim searches a cache's tag array in a
# fixed space of its own (main.cpp: REDUCE_SEARCH_SIZE before the tag search; the -Force lines are
# re-read only for the data array), so the 4-way caches run on a second NVSim binary,
# nvsim-tagforce, built here from NVSIM_DIR with nvsim-tagforce.sed: it re-reads the file named by
# NVSIM_TAG_FORCE after REDUCE_SEARCH_SIZE (build_nvsim_tagforce, below).
nvsim_org4() {
	local cell=$1 kb=$2 what=${3:-cfg} bank mat mux
	if [ "$cell" = sram ]; then
		bank="4x1, 4x1"; mat="2x1, 2x1"
		if [ "$kb" -le 64 ]; then mux=1
		elif [ "$kb" -le 256 ]; then mux=$((kb / 64))
		elif [ "$kb" -le 1024 ]; then mux=4
		else mux=$((kb / 256)); fi
	else
		bank="2x1, 2x1"; mat="2x1, 2x1"
		if [ "$kb" -le 256 ]; then mux=1; else mux=$((kb / 256)); fi
	fi
	if [ "$what" = describe ]; then
		echo "forced data array: bank ${bank%%,*} mat ${mat%%,*} all active; senseamp mux $mux"
	else
		printf -- '-ForceBank (Total AxB, Active CxD): %s\n-ForceMat (Total AxB, Active CxD): %s\n' "$bank" "$mat"
		printf -- '-ForceMuxSenseAmp: %s\n-ForceMuxOutputLev1: 1\n-ForceMuxOutputLev2: 1\n' "$mux"
	fi
}
export -f nvsim_org4
# nvsim_tag4 CELL KIB [describe]: the -Force lines of a 4-way cache's tag array (both cells alike),
# or their summary.  One subarray (bank 1x1, mat 1x1) holding one set of 4 tags per row after the
# sense-amplifier mux, the mux by the SRAM data array's rule (nvsim_org4): rows = sets from 4 to
# 64 KiB (mux 1, 8 -> 128 rows), columns from 64 to 256 KiB (128 rows, mux 1 -> 4), rows from
# 256 KiB to 1 MiB (mux 4, 128 -> 512 rows), columns above (512 rows, mux 16 at 4 MiB), so the
# subarray grows in one dimension per segment of the table.  The area search flipped between one
# subarray, two stacked half-width subarrays (SRAM at 64, 256 KiB, 1 MiB) and one 64 x 560
# subarray behind a 4:1 mux (SRAM at 128 KiB), whose read energy no power law through 64 and
# 256 KiB follows (-22.5% at 128 KiB, the held-out miss).  The first rule tried, rows = sets
# (mux 1) up to 1 MiB, has no 22 nm STT-MRAM tag array at 1 MiB (2048 rows: "No valid solutions
# for tags"; 40 nm has one).  Area cost against NVSim's own optimum: nvsim-forced-area.txt.
nvsim_tag4() {
	local kb=$2 what=${3:-cfg} mux
	if [ "$kb" -le 64 ]; then mux=1
	elif [ "$kb" -le 256 ]; then mux=$((kb / 64))
	elif [ "$kb" -le 1024 ]; then mux=4
	else mux=$((kb / 256)); fi
	if [ "$what" = describe ]; then
		echo "forced tag array: bank 1x1 mat 1x1; senseamp mux $mux"
	else
		printf -- '-ForceBank (Total AxB, Active CxD): 1x1, 1x1\n-ForceMat (Total AxB, Active CxD): 1x1, 1x1\n'
		printf -- '-ForceMuxSenseAmp: %s\n-ForceMuxOutputLev1: 1\n-ForceMuxOutputLev2: 1\n' "$mux"
	fi
}
export -f nvsim_tag4

# ---- nvsim-tagforce: NVSim with the tag search honouring -Force lines --------------------------
# A copy of NVSIM_DIR in OUT_DIR/nvsim-tagforce with nvsim-tagforce.sed applied to main.cpp and
# rebuilt (NVSim's objects are reused; only main.o is recompiled).  Without NVSIM_TAG_FORCE its
# output is NVSim's, byte for byte (checked on the 4-way 128 KiB SRAM cache at 22 nm).
NVSIM_TAG_DIR="$OUT/nvsim-tagforce"
build_nvsim_tagforce() {
	[ -x "$NVSIM_TAG_DIR/nvsim" ] && grep -q NVSIM_TAG_FORCE "$NVSIM_TAG_DIR/main.cpp" && return 0
	rm -rf "$NVSIM_TAG_DIR"; cp -a "$NVSIM_DIR" "$NVSIM_TAG_DIR"
	sed -i -f "$HERE/nvsim-tagforce.sed" "$NVSIM_TAG_DIR/main.cpp"
	grep -q NVSIM_TAG_FORCE "$NVSIM_TAG_DIR/main.cpp" || { echo "nvsim-tagforce.sed did not apply to $NVSIM_DIR/main.cpp" >&2; exit 1; }
	(cd "$NVSIM_TAG_DIR" && rm -f nvsim main.o && nice make -j2 CXXFLAGS="-O2 -std=gnu++98 -w" > build-tagforce.log 2>&1) ||
		{ echo "nvsim-tagforce: build failed, $NVSIM_TAG_DIR/build-tagforce.log" >&2; exit 1; }
}
grep -q '^array nvsim .* 4 [0-9]$' "$JOBLIST" && build_nvsim_tagforce

# ---- one run ----------------------------------------------------------------------------------
run_one() {
	local what=$1 tool=$2 cell=$3 kind=$4 node=$5 a=$6 b=$7 held=$8
	local name="$tool-$cell-$kind-${node}nm-$a-$b" raw work cfg commit
	[ "$what" = xbar ] && name="dsent-xbar-${node}nm-${a}x${b}"
	raw="$OUT/raw/$name.txt"; work="$OUT/work/$name"; mkdir -p "$work"
	[ -s "$raw" ] && return 0
	case $tool in
	nvsim)
		cfg="$work/run.cfg"
		sed -e "s/@NODE@/$node/" -e "s/@KB@/$a/" -e "s/@WIDTH@/$((LINE * 8))/" -e "s/@ASSOC@/$b/" \
		    -e "s#@CELL@#$CFG/nvsim-$cell.cell#" "$CFG/nvsim-cache.cfg" > "$cfg"
		# NVSim's CACTI assumption (2 x 2 subarrays per mat) finds no SRAM cache of 4-16 KiB
		# ("No valid solutions"), so the 4-way caches (FUSE's banks, both cells alike) are
		# run without it, their data array in one organisation family per cell (nvsim_org4
		# above: one rule at every size, so that no segment between two runs spans a change of
		# layout).  The 8- and 16-way series keep the assumption (free organisation took over
		# 10 minutes per 1 MiB run on the shared machine).
		local org="CactiAssumption"
		if [ "$b" = 4 ]; then
			sed -i 's/^-UseCactiAssumption: Yes/-UseCactiAssumption: No/' "$cfg"
			nvsim_org4 "$cell" "$a" >> "$cfg"; nvsim_tag4 "$cell" "$a" > "$work/tag.cfg"
			org="$(nvsim_org4 "$cell" "$a" describe); $(nvsim_tag4 "$cell" "$a" describe)"
			commit="$NVSIM_COMMIT+nvsim-tagforce.sed"
			(cd "$NVSIM_TAG_DIR" && NVSIM_TAG_FORCE="$work/tag.cfg" nice ./nvsim "$cfg") > "$work/out.txt" 2>&1 || true
		else
			commit=$NVSIM_COMMIT
			(cd "$NVSIM_DIR" && nice ./nvsim "$cfg") > "$work/out.txt" 2>&1 || true
		fi
		conf="nvsim-cache.cfg nvsim-$cell.cell Capacity=${a}KB Associativity=$b WordWidth=$((LINE * 8)) ($org)"
		;;
	cacti)
		cfg="$work/run.cfg"
		local tu; tu=$(awk -v n="$node" 'BEGIN { printf "%.3f", n / 1000 }')
		local bytes=$((a * 1024)) width=$((LINE * 8)) line=$LINE
		sed -e "s/@BYTES@/$bytes/" -e "s/@LINE@/$line/" -e "s/@ASSOC@/$b/" -e "s/@TECH_U@/$tu/" \
		    -e "s/@WIDTH@/$width/" -e "s/@TYPE@/$kind/" -e "s/@PORTS@/1/" "$CFG/cacti.cfg" > "$cfg"
		local org=""
		if [ "$kind" = ram ]; then
			# The RAM family runs with one organisation at every size (README "Organisation"):
			# the one CACTI's area search picks at every size from 4 KiB to 1 MiB at 22, 32 and
			# 40 nm (Ndwl 2, Ndbl 2, Nspd 1, Ndcm 2, Ndsam 1/1; forced, those runs are
			# unchanged).  Its search switches at 2-4 MiB (Ndwl 4, Nspd 2, Ndcm 1, Ndsam 2),
			# a step no interpolation between 1 and 4 MiB follows (2 MiB write: 32% off).
			printf -- '-Force cache config - "true"\n-Ndwl 2\n-Ndbl 2\n-Nspd 1\n-Ndcm 2\n-Ndsam1 1\n-Ndsam2 1\n' >> "$cfg"
			org=" organisation=Ndwl2,Ndbl2,Nspd1,Ndcm2,Ndsam1/1(forced)"
		fi
		commit=$CACTI_COMMIT
		(cd "$CACTI_DIR" && nice ./cacti -infile "$cfg") > "$work/out.txt" 2>&1 || true
		conf="cacti.cfg size=${bytes}B block=${line}B assoc=$b bus=${width}b type=$kind ports=1rw$org"
		;;
	dsent)
		local model
		case $node in 11) model=TG11LVT;; 22) model=Bulk22LVT;; 32) model=Bulk32LVT;; 45) model=Bulk45LVT;; esac
		commit=$DSENT_COMMIT
		dsent_at() { # NumberInputs NumberOutputs Frequency
			(cd "$DSENT_DIR" && nice "$DSENT_BIN" "$CFG/dsent-crossbar.cfg" \
				"ElectricalTechModelFilename=tech/tech_models/$model.model" \
				NumberInputs=$1 NumberOutputs=$2 NumberBits=$XBAR_BITS Frequency=$3 2>&1); }
		# area, energy and leakage of the crossbar sized for XBAR_SIZE_HZ: a clock every grid
		# crossbar closes at every node (the slowest, 128 inputs at 45 nm, closes 0.64 GHz).  A
		# design whose sizing misses timing is not a design: at 1 GHz the 128-input ones miss it
		# at 22 nm (fmax 0.95 GHz) and DSENT reports the energy of its failed upsizing.  The
		# importer refuses a sizing run that says "Timing not met".
		dsent_at "$a" "$b" "$XBAR_SIZE_HZ" > "$work/out.txt"
		# ... and its fastest clock: the highest clock at which DSENT's timing optimiser closes
		# timing (no "Timing not met"), by bisection on ln f over [0.25, 16] GHz in 6 steps
		# (+-3.3%); a crossbar that closes at every step (2-input ones) is bisected again over
		# [16, 256] GHz.  The critical path is one n_in:1 multiplexer, so the grid bisects the
		# n_in x 1 crossbar once per input count and node (DSENT gave 32x1 and 32x64 the same
		# clock at 22 and 45 nm in every pair); a held-out crossbar is bisected on its own shape,
		# which checks that.
		local fa=$a fb=$b cache=""
		if [ "$held" = 0 ]; then fb=1; cache="$OUT/work/fmax-${node}nm-${a}x1.txt"; fi
		if [ -n "$cache" ] && [ -s "$cache" ]; then
			cat "$cache" >> "$work/out.txt"
		else
			meets() { case $(dsent_at "$fa" "$fb" "$1") in *"Timing not met"*) return 1;; *) return 0;; esac; }
			# fmax = the geometric mean of the highest clock that closed and the lowest that did
			# not, over every step of both brackets (a crossbar whose fmax is near 16 GHz closes
			# every step of the first bracket and misses every step of the second)
			local lo hi mid bracket fo="$work/fmax.txt" gmet=0 gfail=0
			echo "fmax-bisection on the ${fa}x${fb} crossbar" > "$fo"
			for bracket in "0.25e9 16e9" "16e9 256e9"; do
				set -- $bracket; lo=$1; hi=$2
				for _ in 1 2 3 4 5 6; do
					mid=$(awk -v l=$lo -v h=$hi 'BEGIN { printf "%.6e", sqrt(l * h) }')
					if meets "$mid"; then lo=$mid; gmet=$mid; else hi=$mid; gfail=$mid; fi
					echo "fmax-bisection: [$lo, $hi] Hz" >> "$fo"
				done
				[ "$gfail" = 0 ] || break
			done
			if [ "$gmet" != 0 ] && [ "$gfail" != 0 ]; then
				awk -v l=$gmet -v h=$gfail 'BEGIN { printf "fmax_hz %.6e\n", sqrt(l * h) }' >> "$fo"
			else
				echo "fmax-bisection: outside [0.25, 256] GHz" >> "$fo"
			fi
			cat "$fo" >> "$work/out.txt"
			[ -n "$cache" ] && cp "$fo" "$cache"
		fi
		conf="dsent-crossbar.cfg $model NumberInputs=$a NumberOutputs=$b NumberBits=$XBAR_BITS (sized for $XBAR_SIZE_HZ Hz; fmax: bisection on timing closure of the ${fa}x${fb} crossbar)"
		;;
	esac
	{
		echo "# tool $tool"
		echo "# commit $commit"
		echo "# config $conf"
		echo "# node_nm $node"
		echo "# cell $cell"
		echo "# kind $kind"
		echo "# held_out $held"
		echo "# date $DATE"
		[ "$what" = xbar ] && { echo "# xbar_inputs $a"; echo "# xbar_outputs $b"; echo "# xbar_bits $XBAR_BITS"; }
		cat "$work/out.txt"
	} > "$raw.tmp" && mv "$raw.tmp" "$raw"
}
export -f run_one
export OUT CFG LINE NVSIM_TAG_DIR XBAR_BITS XBAR_SIZE_HZ CACTI_DIR NVSIM_DIR DSENT_BIN DSENT_DIR CACTI_COMMIT NVSIM_COMMIT DSENT_COMMIT DATE
xargs -P "$JOBS" -L 1 bash -c 'run_one "$@"' _ < "$JOBLIST"

# ---- tables -----------------------------------------------------------------------------------
# A run in which the tool found no design (CACTI: "ERROR: no ... organizations", e.g. a 4 KiB
# 16-way cache behind a 1024-bit port; NVSim: "No valid solutions") is listed, not imported.
# Tables: tech-default.csv holds NVSim caches (SRAM and STT-MRAM from the same tool, so their
# ratio compares like with like), CACTI RAMs and DSENT crossbars; tech-cacti-cache.csv holds
# CACTI's SRAM caches as an alternative SRAM source.  Each has a held-out twin for the tests.
# A run in which the tool found no design (CACTI: "ERROR: no ... organizations", e.g. a 4 KiB
# 16-way cache behind a 1024-bit port; NVSim: "No valid solutions") is listed, not imported.
def=(); defh=(); dev=(); cc=(); cch=(); : > "$OUT/failed-runs.txt"
for f in "$OUT"/raw/*.txt; do
	if grep -q -e '^ERROR: no ' -e 'No valid solutions' "$f"; then
		echo "$(basename "$f"): $(grep -m1 -e '^ERROR: no ' -e 'No valid solutions' "$f")" >> "$OUT/failed-runs.txt"
		continue
	fi
	held=0; grep -q '^# held_out 1' "$f" && held=1
	if grep -q '^# held_out 2' "$f"; then dev+=("$f"); continue; fi
	case $(basename "$f") in
	cacti-sram-cache-*) if [ $held = 1 ]; then cch+=("$f"); else cc+=("$f"); fi;;
	*)                  if [ $held = 1 ]; then defh+=("$f"); else def+=("$f"); fi;;
	esac
done
echo "$(wc -l < "$OUT/failed-runs.txt") runs found no design: $OUT/failed-runs.txt"
"$GPUDSE" tech import -o "$OUT/tech-default.csv" "${def[@]}"
"$GPUDSE" tech import -o "$OUT/tech-heldout.csv" "${defh[@]}"
[ ${#dev[@]} = 0 ] || "$GPUDSE" tech import -o "$OUT/tech-dev.csv" "${dev[@]}"
"$GPUDSE" tech import -o "$OUT/tech-cacti-cache.csv" "${cc[@]}"
"$GPUDSE" tech import -o "$OUT/tech-cacti-cache-heldout.csv" "${cch[@]}"
# tech-sram-gpu.csv: the SRAM-only GPUs' table (rtx3080-tech, malekeh-2060-tech): CACTI's SRAM
# caches (16-way from 64 KiB; NVSim finds no 16-way SRAM cache below 1 MiB, and those presets'
# LLC slices are 256 KiB), CACTI's RAMs and DSENT's crossbars, rows copied from the tables above
"$(dirname "$0")/sram_gpu_table.sh" "$OUT"
