# cli_lib.sh -- sourced by tests/cli/cli_*.sh.  $GPUDSE is the binary under test,
# $GPUDSE_ROOT the repository.  Each helper counts a pass or a failure; cli_done prints
# "N passed, N failed" and exits with the status.
set -u
: "${GPUDSE:?run through tests/run_all.sh}"
cd "$GPUDSE_ROOT" || exit 2
CLI_PASS=0; CLI_FAIL=0
CLI_TMP=$(mktemp -d); trap 'rm -rf "$CLI_TMP"' EXIT

cli_ok()   { CLI_PASS=$((CLI_PASS + 1)); }
cli_bad()  { CLI_FAIL=$((CLI_FAIL + 1)); echo "FAIL: $*" >&2; }

# expect_ok DESC CMD...: exit 0; stdout kept in $CLI_TMP/out, stderr in $CLI_TMP/err
expect_ok() {
	local desc=$1; shift
	if "$@" >"$CLI_TMP/out" 2>"$CLI_TMP/err"; then cli_ok; else
		cli_bad "$desc: exit $? from $*: $(head -c 400 "$CLI_TMP/err")"; fi
}

# expect_err DESC STATUS 'exact stderr line' CMD...: the command fails with STATUS and
# prints exactly one line on stderr, equal to the given text (the pinned error line).
expect_err() {
	local desc=$1 want_rc=$2 want=$3; shift 3
	"$@" >"$CLI_TMP/out" 2>"$CLI_TMP/err"; local rc=$?
	local got; got=$(cat "$CLI_TMP/err")
	local lines; lines=$(wc -l <"$CLI_TMP/err")
	if [ "$rc" -eq "$want_rc" ] && [ "$got" = "$want" ] && [ "$lines" -eq 1 ]; then cli_ok; else
		cli_bad "$desc: exit $rc (want $want_rc), stderr [$got] want [$want]"; fi
}

# expect_eq DESC GOT WANT
expect_eq() { if [ "$2" = "$3" ]; then cli_ok; else cli_bad "$1: got [$2] want [$3]"; fi; }

cli_done() { echo "$(basename "$0" .sh): $CLI_PASS passed, $CLI_FAIL failed"; [ "$CLI_FAIL" -eq 0 ]; }
