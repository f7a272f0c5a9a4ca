#!/usr/bin/env bash
# The README's (and docs/uncertainty.md's) examples are what the commands print:
# docs/readme_examples.sh --check re-runs every block marked <!-- example --> (and the
# `make run` block) and fails with the diff when one is stale (timings aside), so a model change
# that moves a number the README shows fails here until `docs/readme_examples.sh` rewrites it.
. "$(dirname "$0")/cli_lib.sh"
expect_ok "README examples re-run" env GPUDSE="$GPUDSE" bash docs/readme_examples.sh --check
expect_eq "every example matches" "$(tail -1 "$CLI_TMP/out")" "readme_examples: every example in README.md docs/uncertainty.md is what the commands print"
cli_done
