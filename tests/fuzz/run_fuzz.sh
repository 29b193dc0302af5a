#!/usr/bin/env bash
# Runs every libFuzzer target of build/fuzz for a bounded time (default 60 s each), starting from
# the seed corpus in tests/fuzz/corpus/<name> (copied, so new inputs stay out of the repository).
# Exit status non-zero when any target finds a crash, a leak, a timeout or a sanitizer report;
# the input that triggered it is left in build/fuzz/artifacts/<name>/.
#     bash tests/fuzz/run_fuzz.sh [seconds]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
status=0
for name in markup cache_entry printed_value json_text; do
  bin=build/fuzz/tests/fuzz/fuzz_$name
  [ -x "$bin" ] || { echo "run_fuzz: $bin is missing: cmake --preset fuzz && cmake --build --preset fuzz" >&2; exit 2; }
  work=build/fuzz/corpus/$name
  artifacts=build/fuzz/artifacts/$name
  rm -rf "$work"; mkdir -p "$work" "$artifacts"
  cp tests/fuzz/corpus/$name/* "$work"/
  echo "run_fuzz: $name for ${seconds} s"
  if ! "$bin" "$work" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
        -print_final_stats=1 -artifact_prefix="$artifacts/" > "build/fuzz/$name.log" 2>&1; then
    echo "run_fuzz: $name FAILED; see build/fuzz/$name.log and $artifacts/" >&2
    tail -n 30 "build/fuzz/$name.log" >&2
    status=1
  else
    grep -E "^stat::number_of_executed_units|^#[0-9]+.*DONE" "build/fuzz/$name.log" | tail -n 2 || true
  fi
done
exit $status
