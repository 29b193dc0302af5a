#!/usr/bin/env bash
# Runs every libFuzzer target of build/fuzz for a bounded time (default 60 s each), starting from
# the seed corpus in tests/fuzz/corpus/<name> (copied, so new inputs stay out of the repository).
# The targets run side by side, as many at a time as the machine has cores (FUZZ_JOBS overrides):
# each still gets its full time on a core of its own. Exit status non-zero when any target finds
# a crash, a leak, a timeout or a sanitizer report; the input that triggered it is left in
# build/fuzz/artifacts/<name>/.
#     bash tests/fuzz/run_fuzz.sh [seconds]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
jobs=${FUZZ_JOBS:-$(nproc)}
case "$seconds:$jobs" in *[!0-9:]* | :* | *: | 0:* | *:0)
  echo "run_fuzz: seconds and FUZZ_JOBS must be whole numbers >= 1, got $seconds and $jobs" >&2; exit 2 ;;
esac
targets=(markup cache_entry printed_value json_text)

for name in "${targets[@]}"; do
  bin=build/fuzz/tests/fuzz/fuzz_$name
  [ -x "$bin" ] || { echo "run_fuzz: $bin is missing: cmake --preset fuzz && cmake --build --preset fuzz" >&2; exit 2; }
done

# One target: its status goes to build/fuzz/<name>.status, read after all have finished.
fuzz_one() {
  local name=$1 work=build/fuzz/corpus/$1 artifacts=build/fuzz/artifacts/$1 status=0
  rm -rf "$work"; mkdir -p "$work" "$artifacts"
  cp tests/fuzz/corpus/$name/* "$work"/
  "build/fuzz/tests/fuzz/fuzz_$name" "$work" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -max_len=4096 -print_final_stats=1 -artifact_prefix="$artifacts/" > "build/fuzz/$name.log" 2>&1 || status=$?
  echo "$status" > "build/fuzz/$name.status"
}

for name in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  echo "run_fuzz: $name for ${seconds} s ($(date -u +%H:%M:%S))"
  rm -f "build/fuzz/$name.status"
  fuzz_one "$name" &
done
wait

status=0
for name in "${targets[@]}"; do
  if [ "$(cat "build/fuzz/$name.status" 2>/dev/null || echo missing)" != 0 ]; then
    echo "run_fuzz: $name FAILED; see build/fuzz/$name.log and build/fuzz/artifacts/$name/" >&2
    tail -n 30 "build/fuzz/$name.log" >&2
    status=1
  else
    echo "run_fuzz: $name passed"
    grep -E "^stat::number_of_executed_units|^#[0-9]+.*DONE" "build/fuzz/$name.log" | tail -n 2 || true
  fi
done
exit $status
