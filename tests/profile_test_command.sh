#!/usr/bin/env bash
# Where the README's test command spends its time (issue 61). In SOURCE_DIR, after a full build
# and one full run, it runs the test command (cmake --workflow --preset check) twice, once after
# touching nothing and once after touching a section unit (TOUCH, by default
# theorems/30-clocks/theorem1.cpp), and prints for each:
#   wall        the command from start to exit (bash's clock), and its two parts: configure and
#               build, and the tests (ctest's "Total Test time (real)")
#   per label   each CTest label's tests: how many, and their ctest times added up (a test with
#               two labels counts in both; on 2 cores the tests run two at a time)
#   batches     each GoogleTest program's one run (batch.TARGET): its ctest time, the time its
#               tests took by GoogleTest's own clock (the program's JSON), and the difference,
#               which is the program's start-up and shut-down, paid once per run
#   slowest     the ten slowest tests
# usage: profile_test_command.sh SOURCE_DIR [TOUCH] > PROFILE.txt
set -euo pipefail
src=$(realpath "${1:?usage: $0 SOURCE_DIR [TOUCH]}")
touch_file=${2:-theorems/30-clocks/theorem1.cpp}
cd "$src"
build=build/release
[ -f "$build/CMakeCache.txt" ] || { echo "no build in $src/$build: run the README's first command first" >&2; exit 1; }
[ -f "$touch_file" ] || { echo "no file $touch_file to touch" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

profile() {  # profile NAME: runs the test command, prints its profile
  local name=$1 slug log start end tests
  slug=$(tr -c 'A-Za-z0-9\n' '_' <<< "$name")
  log="$work/$slug.log"
  start=$(date +%s.%N)
  cmake --workflow --preset check > "$log" 2>&1 || { echo "# $name: the test command FAILED (log: $log)"; cat "$log" >&2; exit 1; }
  end=$(date +%s.%N)
  tests=$(sed -n 's/^Total Test time (real) = *\([0-9.]*\) sec$/\1/p' "$log")
  echo "## $name"
  printf '%-44s %8s\n' "wall s (the whole command)" "$(seconds "$start" "$end")"
  printf '%-44s %8s\n' "  configure and build s" "$(awk -v w="$(seconds "$start" "$end")" -v t="$tests" 'BEGIN { printf "%.1f", w - t }')"
  printf '%-44s %8s\n' "  tests s (ctest, 2 at a time)" "$tests"
  printf '%-44s %8s\n' "  tests run" "$(grep -cE '^ *[0-9]+/[0-9]+ Test +#' "$log")"
  # name<TAB>seconds for every test of the run
  sed -n 's/^ *[0-9]*\/[0-9]* Test *#[0-9]*: \([^ ]*\) \.*[^0-9]*\([0-9.]*\) sec$/\1\t\2/p' "$log" > "$work/$slug.times"
  echo
  printf '%-26s %6s %10s\n' "label" "tests" "summed s"
  for label in $(cd "$build" && ctest --print-labels 2>/dev/null | sed -n 's/^  //p'); do
    (cd "$build" && ctest -N -L "^${label}\$" -FA '.*' 2>/dev/null) | sed -n 's/^ *Test *#[0-9]*: //p' | sort > "$work/in_label"
    sort "$work/$slug.times" | join -t $'\t' "$work/in_label" - |
      awk -F'\t' -v l="$label" '{ n++; s += $2 } END { if (n) printf "%-26s %6d %10.1f\n", l, n, s }'
  done | sort -k3 -n -r
  echo
  printf '%-36s %9s %12s %10s\n' "batch (one run of a program)" "ctest s" "its tests s" "start-up s"
  for json in "$build"/tests/batch/*.json "$build"/docs/batch/*.json; do
    [ -f "$json" ] || continue
    local target batch_s own_s
    target=$(basename "$json" .json)
    batch_s=$(awk -F'\t' -v n="batch.$target" '$1 == n { print $2 }' "$work/$slug.times")
    own_s=$(grep -m 1 -o '"time": "[0-9.]*s"' "$json" | sed 's/[^0-9.]//g')
    [ -n "$batch_s" ] && [ -n "$own_s" ] &&
      printf '%-36s %9.2f %12.2f %10.2f\n' "$target" "$batch_s" "$own_s" "$(awk -v a="$batch_s" -v b="$own_s" 'BEGIN { print a - b }')"
  done | sort -k2 -n -r
  echo
  echo "slowest tests (ctest s):"
  sort -t $'\t' -k2 -n -r "$work/$slug.times" | head -10 | awk -F'\t' '{ printf "  %7.2f  %s\n", $2, $1 }'
  echo
}

echo "# The README's test command, profiled: $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (with changes)'), $(date -u +%Y-%m-%dT%H:%MZ)"
echo "# Machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# Tool: tests/profile_test_command.sh (bash's clock around cmake --workflow --preset check; ctest's"
echo "# times per test; GoogleTest's own clock in each program's results), after a full build and run."
echo "# A warm-up run first (not counted), so that both runs start from a report and docs of this commit."
cmake --workflow --preset check > "$work/warm-up.log" 2>&1 || { echo "the warm-up run FAILED" >&2; cat "$work/warm-up.log" >&2; exit 1; }
echo
profile "after touching nothing"
touch "$touch_file"
profile "after touching $touch_file"
