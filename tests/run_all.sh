#!/usr/bin/env bash
# Runs every test program in BUILD/tests and every tests/cli/cli_*.sh against BUILD/gpudse,
# adds up their "N passed, N failed" lines and prints the total the same way.
# Usage: tests/run_all.sh BUILD LABEL [NAME ...]
# With NAMEs (e.g. test_memo cli_threads), only those test programs and CLI tests run (the
# ThreadSanitizer pass: the ones that start threads).
set -u
build=$1; label=$2; shift 2; only=" $* "
picked() { [ "$only" = "  " ] || [[ "$only" == *" $1 "* ]]; }
cd "$(dirname "$0")/.." || exit 2
export GPUDSE="$PWD/$build/gpudse" GPUDSE_ROOT="$PWD"
total_pass=0; total_fail=0; broken=()
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
run_one() { # name command...
	local name=$1; shift
	local t0=$SECONDS
	"$@" >"$tmp/out" 2>&1; local rc=$?
	local line; line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$tmp/out" | tail -n 1)
	local p f
	p=$(grep -oE '[0-9]+ passed' <<<"$line" | grep -oE '[0-9]+'); f=$(grep -oE '[0-9]+ failed' <<<"$line" | grep -oE '[0-9]+')
	if [ -z "$line" ] || [ "$rc" -ne 0 ]; then
		cat "$tmp/out" | tail -n 40
		[ -n "$f" ] && [ "$f" -gt 0 ] || f=1
		broken+=("$name")
	fi
	total_pass=$((total_pass + ${p:-0})); total_fail=$((total_fail + ${f:-0}))
	printf '  %-28s %s (%ds)\n' "$name" "${line:-no summary line, exit $rc}" $((SECONDS - t0))
}
echo "== gpudse tests ($label) =="
for t in "$build"/tests/test_*; do
	[ -x "$t" ] && picked "$(basename "$t")" || continue
	run_one "$(basename "$t")" "$t"
done
for s in tests/cli/cli_*.sh; do
	[ -f "$s" ] && [ "$s" != tests/cli/cli_lib.sh ] || continue
	picked "$(basename "$s" .sh)" || continue
	run_one "$(basename "$s" .sh)" bash "$s"
done
[ ${#broken[@]} -eq 0 ] || echo "failing: ${broken[*]}"
echo "$label: $total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
