#!/usr/bin/env bash
# The README's examples, re-run: every fenced block preceded by the line `<!-- example -->`
# holds `$ COMMAND` lines, each followed by what the command prints; this script runs the
# commands in order (stdout and stderr, as a terminal shows them) and writes their output back,
# so no example can go stale.  A block preceded by `<!-- example: make run -->` holds the output
# of `make run` (the two commands the Makefile's `run` target echoes and runs).
#
#   docs/readme_examples.sh [FILE...]          rewrite the files in place
#   docs/readme_examples.sh --check [FILE...]  exit 1 and show a diff if one is stale
#
# FILE defaults to README.md and docs/uncertainty.md (its figures are command output too).
#
# Paths under /tmp/ and the default database db/results.db are redirected to a scratch
# directory (and written back as they appear in the README); the repository's absolute path
# is printed relative.  --check ignores timings (seconds and rows/s), which vary run to run.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
check=0
if [ "${1:-}" = "--check" ]; then
	check=1
	shift
fi
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(README.md docs/uncertainty.md)
bin=${GPUDSE:-$root/build/gpudse}   # the binary the examples run (the tests pass theirs)
[ -x "$bin" ] || { echo "readme_examples: $bin is missing (run make)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/tmp" "$work/db"
ln -s "$bin" "$work/bin/gpudse"
ln -s "$bin" "$work/gpudse"
export PATH="$work/bin:$PATH" GPUDSE_ROOT="$root"
unset GPUDSE_DB

# run one README command line; print what it prints, as the README shows it
run_cmd() {
	local cmd=$1
	cmd=${cmd//\/tmp\//$work\/tmp\/}
	cmd=${cmd//db\/results.db/$work\/db\/results.db}
	cmd=${cmd//.\/gpudse /$work\/gpudse }
	# the sweep's progress lines (drawn over on a terminal) are not part of the example
	(cd "$root" && bash -c "$cmd" 2>&1) | grep -v '^sweep: run [0-9]*: [0-9]*/' | sed -e "s#$work/tmp/#/tmp/#g" -e "s#$work/db/#db/#g" \
		-e "s#$work/gpudse#./gpudse#g" -e "s#$root/##g" || true
}

# rewrite (or check) one file; 1 when --check finds it stale
one_file() {
	local readme=$1
	local new="$work/new.md"
	: > "$new"
	marker=""
	inblock=0
	while IFS= read -r line || [ -n "$line" ]; do
		if [ "$inblock" = 1 ]; then
			if [ "$line" = '```' ]; then
				if [ "$marker" = "make run" ]; then
					while IFS= read -r mk; do
						printf '%s\n' "$mk" >> "$new"
						run_cmd "$mk" >> "$new"
					done < <(make -s -n run 2>/dev/null | grep '^\./gpudse ')
				else
					for c in "${cmds[@]}"; do
						printf '$ %s\n' "$c" >> "$new"
						run_cmd "$c" >> "$new"
					done
				fi
				printf '%s\n' "$line" >> "$new"
				inblock=0
				marker=""
			elif [ "${line:0:2}" = '$ ' ]; then
				cmds+=("${line:2}")
			fi
			continue
		fi
		printf '%s\n' "$line" >> "$new"
		case "$line" in
		'<!-- example -->') marker="example" ;;
		'<!-- example: make run -->') marker="make run" ;;
		'```'*)
			if [ -n "$marker" ]; then
				inblock=1
				cmds=()
			fi ;;
		*) marker="" ;;
		esac
	done < "$readme"


	if [ "$check" = 1 ]; then
		norm() { sed -E -e 's/[0-9]+(\.[0-9]+)? s\b/N s/g' -e 's/[0-9]+ rows\/s/N rows\/s/g' -e 's/ETA [0-9.]+ s/ETA N s/g' "$1"; }
		if ! diff -u <(norm "$readme") <(norm "$new") > "$work/diff"; then
			echo "readme_examples: $readme's examples are stale (docs/readme_examples.sh rewrites them):" >&2
			cat "$work/diff" >&2
			return 1
		fi
	else
		cp "$new" "$readme"
		echo "readme_examples: $readme rewritten"
	fi
}

stale=0
for f in "${files[@]}"; do
	one_file "$f" || stale=1
done
if [ "$check" = 1 ]; then
	[ "$stale" = 0 ] || exit 1
	echo "readme_examples: every example in ${files[*]} is what the commands print"
fi
