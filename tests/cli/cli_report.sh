#!/usr/bin/env bash
# gpudse report: one self-contained HTML page (plots inlined, nothing fetched), with the front,
# per-workload tables, the CPI stack and the validation caveats; then the headless-Chromium
# check (tests/browser/report_browser.sh), skipped when chromium is not installed.
. "$(dirname "$0")/cli_lib.sh"
T=$CLI_TMP
"$GPUDSE" sweep tests/data/engine-study.json --db $T/a.db >/dev/null || cli_bad "sweep"
nfront=$("$GPUDSE" pareto --db $T/a.db --max speedup --min energy_j --format csv | tail -n +2 | wc -l)
expect_ok "report" "$GPUDSE" report --db $T/a.db -o $T/r.html
expect_eq "report summary" "$(cat $CLI_TMP/out)" "wrote $T/r.html: run 1, 585 designs, $nfront on the front"
expect_eq "html document" "$(head -c 15 $T/r.html)" "<!DOCTYPE html>"
# front + gpudse sensitivity's chart for speedup and for energy_j + the CPI stack + gpudse
# against Accel-Sim
expect_eq "five inlined PNG plots" "$(grep -c 'src="data:image/png;base64,iVBORw0KGgo' $T/r.html)" 5
expect_eq "the plots, in order" "$(grep -o 'alt="[^"]*"' $T/r.html | tr '\n' ' ')" \
	'alt="Pareto front" alt="sensitivity of speedup" alt="sensitivity of energy_j" alt="CPI stack" alt="gpudse against Accel-Sim" '
# the sensitivity table is gpudse sensitivity's own: one row per term it lists, the same terms
# and shares in the same order
"$GPUDSE" sensitivity --db $T/a.db --metric speedup,energy_j --top 8 --format csv > $T/sens.csv
expect_eq "sensitivity: one table row per term of gpudse sensitivity" "$(grep -c '^<tr class="sens">' $T/r.html)" "$(($(wc -l < $T/sens.csv) - 1))"
want=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { printf "%s %s %.1f%%\n", $c["metric"], $c["term"], 100 * $c["share"] }' $T/sens.csv)
got=$(sed -n 's|^<tr class="sens"><td>\([^<]*\)</td><td>[^<]*</td><td>[^<]*</td><td[^>]*>\([^<]*\)</td><td>[^<]*</td><td>\([^<]*\)</td></tr>$|\1 \2 \3|p' $T/r.html)
expect_eq "sensitivity: the report's terms and shares are gpudse sensitivity's" "$got" "$want"
expect_eq "the old per-knob sweep curves are gone" "$(grep -c 'alt="active_sms"' $T/r.html)" 0

expect_eq "nothing external" "$(grep -Ec '(src|href)="(https?:|//|file:)' $T/r.html)" 0
shown=$(( nfront < 12 ? nfront : 12 ))
expect_eq "one per-workload table per shown front design" "$(grep -c '^<h3>Design #' $T/r.html)" "$shown"
expect_eq "each with both workloads" "$(grep -Ec '^<tr><td>mini-(a|b)</td>' $T/r.html)" "$((2 * shown))"
"$GPUDSE" validate --format json > $T/v.json 2>/dev/null
noff=$(grep -c '"status":[[:space:]]*"off"' $T/v.json)
expect_eq "every off validation row listed" "$(grep -c '^<tr class="off">' $T/r.html)" "$noff"
expect_err "report needs -o" 1 'gpudse: report: -o FILE.html is required (gpudse help report)' \
	"$GPUDSE" report --db $T/a.db
expect_err "report: unwritable" 1 "gpudse: report: /nonexistent/r.html: cannot write" \
	"$GPUDSE" report --db $T/a.db -o /nonexistent/r.html

# the browser check: the page's plots decode and show in a screenshot
GPUDSE=$GPUDSE bash tests/browser/report_browser.sh > $T/browser.out 2>&1; rc=$?
if [ $rc -eq 77 ]; then
	cat $T/browser.out
elif [ $rc -eq 0 ]; then
	cli_ok
else
	cli_bad "report in headless chromium: $(cat $T/browser.out)"
fi
cli_done
