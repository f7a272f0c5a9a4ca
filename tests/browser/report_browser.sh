#!/usr/bin/env bash
# gpudse report in a real browser: headless Chromium (Debian's chromium) loads the page from
# disk, the page's own script counts the plots that decoded (data-plots-rendered), and a
# screenshot must show the plots' colours: the Pareto front's red, the CPI stack's LLC vermillion
# and the blue bars of the sensitivity charts.  Negative control: the same page with the two
# sensitivity charts' PNG data broken must fail both the decode count and the blue check.
# Exit 77 ("skipped") when chromium is absent.
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
browse() { # PAGE: its DOM after load into PAGE.dom, a screenshot into PAGE.png
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--dump-dom "file://$1" > $1.dom 2>$W/chromium.err || bad "chromium --dump-dom $1: $(tail -2 $W/chromium.err)"
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--window-size=1000,8000 --screenshot=$1.png "file://$1" >/dev/null 2>>$W/chromium.err || bad "chromium --screenshot $1"
}
rendered() { grep -o 'data-plots-rendered="[0-9]*"' $1.dom | tr -dc 0-9; }
start=$(date +%s.%N)
browse $W/report.html
end=$(date +%s.%N)
nimg=$(grep -c '<img class="plot"' $W/report.html)
[ "$nimg" = 5 ] && ok || bad "report has $nimg plots, want 5 (front, 2 sensitivity charts, CPI stack, Accel-Sim)"
[ "$(rendered $W/report.html)" = "$nimg" ] && ok || bad "browser decoded $(rendered $W/report.html) of $nimg plots"
[ -s $W/report.html.png ] && ok || bad "no screenshot"
red=$($W/count $W/report.html.png 191 41 31)        # the front's red (0.75, 0.16, 0.12)
ver=$($W/count $W/report.html.png 213 94 0)         # llc's vermillion in the CPI stack (palette 5)
blue=$($W/count $W/report.html.png 0 114 178)       # the sensitivity charts' opaque bars (palette 0)
[ "${red:-0}" -gt 20 ] && ok || bad "screenshot: $red front-red pixels (want > 20)"
[ "${ver:-0}" -gt 500 ] && ok || bad "screenshot: $ver CPI-stack vermillion pixels (want > 500)"
[ "${blue:-0}" -gt 10000 ] && ok || bad "screenshot: $blue sensitivity-bar blue pixels (want > 10000)"
# negative control: the sensitivity charts' PNG signature broken, so they cannot decode
sed '/alt="sensitivity of/s/base64,iVBORw0KGgo/base64,AAAAAAAAAAA/' $W/report.html > $W/broken.html
[ "$(grep -c 'base64,AAAAAAAAAAA' $W/broken.html)" = 2 ] && ok || bad "negative control: the two charts were not broken"
browse $W/broken.html
[ "$(rendered $W/broken.html)" = "$((nimg - 2))" ] && ok || bad "negative control: browser decoded $(rendered $W/broken.html) plots of the broken page, want $((nimg - 2))"
nblue=$($W/count $W/broken.html.png 0 114 178)
[ "${nblue:-0}" -le 10000 ] && ok || bad "negative control: $nblue blue pixels without the sensitivity charts (want <= 10000)"
grep -q 'src="http' $W/report.html && bad "the page loads something from the network" || ok
printf 'report_browser: %d passed, %d failed (chromium: %.1f s for the DOM and the screenshot)\n' \
	$pass $fail "$(echo "$end - $start" | bc 2>/dev/null || echo 0)"
[ $fail -eq 0 ]
