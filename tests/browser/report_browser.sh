#!/usr/bin/env bash
# gpudse report in a real browser: headless Chromium (Debian's chromium) loads the page from
# disk, the page's own script counts the plots that decoded (data-plots-rendered), and a
# screenshot must show the plots' colours: the Pareto front's red and the CPI stack's DRAM black
# bar next to its LLC vermillion.  Exit 77 ("skipped") when chromium is absent.
# Usage: GPUDSE=build/gpudse bash tests/browser/report_browser.sh
set -u
GPUDSE=${GPUDSE:-./gpudse}
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROMIUM" ]; then
	echo "report_browser: skipped (no chromium; apt-get install chromium)"
	exit 77
fi
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
pass=0; fail=0
ok()  { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
cc -O1 -o $W/count tests/browser/png_colour_count.c $(pkg-config --cflags --libs cairo) || { echo "report_browser: cannot build the pixel counter" >&2; exit 1; }

"$GPUDSE" sweep tests/data/engine-study.json --db $W/a.db >/dev/null || bad "sweep"
"$GPUDSE" report --db $W/a.db -o $W/report.html >/dev/null || bad "report"
start=$(date +%s.%N)
timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars \
	--dump-dom "file://$W/report.html" > $W/dom.html 2>$W/chromium.err || bad "chromium --dump-dom: $(tail -2 $W/chromium.err)"
timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars \
	--window-size=1000,8000 --screenshot=$W/shot.png "file://$W/report.html" >/dev/null 2>>$W/chromium.err || bad "chromium --screenshot"
end=$(date +%s.%N)
nimg=$(grep -c '<img class="plot"' $W/report.html)
[ "$nimg" = 6 ] && ok || bad "report has $nimg plots, want 6 (front, 4 knob sweeps, CPI stack)"
grep -q "data-plots-rendered=\"$nimg\"" $W/dom.html && ok || bad "browser decoded $(grep -o 'data-plots-rendered="[0-9]*"' $W/dom.html) of $nimg plots"
[ -s $W/shot.png ] && ok || bad "no screenshot"
red=$($W/count $W/shot.png 191 41 31)        # the front's red (0.75, 0.16, 0.12)
ver=$($W/count $W/shot.png 213 94 0)         # llc's vermillion in the CPI stack (palette 5)
[ "${red:-0}" -gt 20 ] && ok || bad "screenshot: $red front-red pixels (want > 20)"
[ "${ver:-0}" -gt 500 ] && ok || bad "screenshot: $ver CPI-stack vermillion pixels (want > 500)"
grep -q 'src="http' $W/report.html && bad "the page loads something from the network" || ok
printf 'report_browser: %d passed, %d failed (chromium: %.1f s for the DOM and the screenshot)\n' \
	$pass $fail "$(echo "$end - $start" | bc 2>/dev/null || echo 0)"
[ $fail -eq 0 ]
