#!/usr/bin/env bash
# Extracts from the output of `bash .ci/run` the lines the contributors' page formats its CI
# costs from ([[ci-costs]], docs/docgen.hpp parse_ci_run): the commit, each step with its
# start time, each ctest run's pass count and wall time, and the times of the fixtures that
# train or sweep. Record a passing fresh-clone run:
#
#   bash docs/record_ci_run.sh ci.log > docs/measurements/ci.log
#
# usage: record_ci_run.sh LOG [COMMIT]   (COMMIT for a log that does not name its commit)
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -r "$1" ]; then
  echo "usage: $0 LOG [COMMIT]  (LOG: the output of bash .ci/run)" >&2
  exit 2
fi
log=$1
commit=${2:-$(sed -n 's/^CI: commit \([0-9a-f]\{40\}\).*/\1/p' "$log" | head -n 1)}
if [ -z "$commit" ]; then
  echo "$0: $log names no commit ('CI: commit HASH'); give it as the second argument" >&2
  exit 2
fi
if ! grep -q '^CI: done (' "$log"; then
  echo "$0: $log did not reach 'CI: done': record only a run that passed" >&2
  exit 1
fi
echo "commit $commit"
grep -E -e '^CI: .* \([0-9]{2}:[0-9]{2}:[0-9]{2}\)$' \
  -e '^[0-9]+% tests passed, [0-9]+ tests failed out of [0-9]+$' \
  -e '^Total Test time \(real\) = +[0-9.]+ sec$' \
  -e 'Test +#[0-9]+: (sweep\.run|tournament\.train|filings_study\.prepare|docs\.build) \.+ +Passed' "$log" |
  sed -E -e 's/^ *[0-9]+\/[0-9]+ (Test +#)/\1/' -e 's/ \.+ +/ ... /'
