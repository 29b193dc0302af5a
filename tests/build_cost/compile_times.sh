#!/usr/bin/env bash
# Where the build's time goes: builds a preset from an empty folder (build/compile-times) with
# every compile timed, then prints the wall and CPU time of the build, the compile time by
# folder, the slowest translation units (a unity batch named with the files it holds), and for
# the slowest few where their time goes, compiled again alone: clang's -ftime-trace (front end,
# template instantiation, optimisation and code generation), or GCC's -ftime-report phases when
# the preset is configured with GCC.
#
#   bash tests/build_cost/compile_times.sh [--preset NAME] [--top N] [--explain N] [--reuse]
#
# Defaults: --preset release, --top 15, --explain 3. --reuse prints the last run's figures again
# without building (its preset's). Takes as long as a cold build plus one compile per
# explained unit.
set -euo pipefail
script=$(realpath "$0")
cd "$(dirname "$script")/../.."

preset=release top=15 explain=3 reuse=no
while [ $# -gt 0 ]; do
  case "$1" in
    --preset) preset="$2"; shift 2 ;;
    --top) top="$2"; shift 2 ;;
    --explain) explain="$2"; shift 2 ;;
    --reuse) reuse=yes; shift ;;
    -h|--help) sed -n '2,11p' "$script" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "compile_times.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
for n in "$top" "$explain"; do
  [[ "$n" =~ ^[0-9]+$ ]] || { echo "compile_times.sh: --top and --explain take a count, got '$n'" >&2; exit 2; }
done

root=$PWD
dir=build/compile-times
log=$dir/compile-times.log
if [ "$reuse" = no ]; then
  rm -rf "$dir"
  echo "compile_times: configuring preset '$preset' in $dir" >&2
  cmake --preset "$preset" -B "$dir" -DCMAKE_CXX_COMPILER_LAUNCHER="$root/tests/build_cost/time_compile.sh" >/dev/null
  echo "compile_times: building (every compile timed; progress below)" >&2
  # bash's own `time` (GNU time may be missing): wall, user and system seconds of the whole build,
  # compiles, links and the precompiled headers; the build's progress goes to stderr.
  TIMEFORMAT='%R %U %S'
  export PE_COMPILE_TIMES_LOG="$root/$log"
  if ! { time cmake --build "$dir" -j 2 2>&1 | tee "$dir/build-output.txt" |
      grep --line-buffered -E '^\[[0-9]+/[0-9]+\]' |
      while IFS= read -r line; do printf '\r  %s' "${line%% *}" >&3; done
  } 3>&2 2> "$dir/cpu.txt"; then
    echo >&2
    tail -n 30 "$dir/build-output.txt" >&2
    echo "compile_times: the build failed; its output is in $dir/build-output.txt" >&2
    exit 1
  fi
  echo >&2
  echo "$preset" > "$dir/preset.txt"
elif [ ! -f "$dir/cpu.txt" ]; then
  echo "compile_times: nothing to reuse in $dir: run without --reuse first" >&2
  exit 1
fi
read -r wall user sys < "$dir/cpu.txt"
preset=$(cat "$dir/preset.txt")

# A unity batch is named by the files it includes.
members() {
  local source=$1
  if [[ "$source" == */Unity/unity_*_cxx.cxx ]]; then
    sed -n 's|^#include "'"$root"'/\(.*\)"$|\1|p' "$source" | paste -sd' ' -
  else
    echo "${source#"$root"/}"
  fi
}
# A batch's folder is its first source file's; generated sources (each test program's one-line
# claims unit, in the build folder) do not count, and the precompiled headers are their own.
folder() {
  local first
  case "$1" in *cmake_pch.hxx.cxx) echo "precompiled-headers"; return ;; esac
  first=$(members "$1" | tr ' ' '\n' | grep -v '^build/' | head -n 1 || true)
  case "$first" in
    "") echo "generated" ;;
    */*) echo "${first%%/*}/" ;;
    *) echo "top-level" ;;
  esac
}

echo "== preset $preset: ${wall%.*} s wall, ${user%.*} s user + ${sys%.*} s system CPU, $(wc -l < "$log") compiles"
echo
echo "== compile seconds by folder (two compiles at a time)"
while read -r seconds source object; do
  echo "$seconds $(folder "$source")"
done < "$log" | awk '{ t[$2] += $1; n[$2]++; all += $1 } END {
  for (f in t) printf "%8.1f s  %3d compiles  %s\n", t[f], n[f], f | "sort -rn"
  close("sort -rn"); printf "%8.1f s  in all\n", all }'
echo
echo "== the $top slowest compiles"
sort -rn "$log" | awk -v n="$top" 'NR <= n' | while read -r seconds source object; do
  printf "%7.1f s  %s\n" "$seconds" "$(members "$source")"
done
[ "$explain" -eq 0 ] && exit 0
echo
echo "== where the time goes in the $explain slowest (compiled again alone)"
# clang: the totals of its -ftime-trace (written beside the object) and the three costliest
# instantiations; GCC: the phases of -ftime-report.
clang_phases() {
  python3 - "$1" <<'PY'
import json, sys
events = json.load(open(sys.argv[1]))["traceEvents"]
total = {e["name"]: e["dur"] / 1e6 for e in events if e.get("name", "").startswith("Total ")}
for label, name in [("front end", "Frontend"), ("  deferred instantiation", "PerformPendingInstantiations"),
                    ("back end", "Backend"), ("  optimisation", "Optimizer"),
                    ("  code generation", "CodeGenPasses"), ("TOTAL", "ExecuteCompiler")]:
    print("   %-28s %7.1f s" % (label, total.get("Total " + name, 0.0)))
costliest = sorted((e for e in events if e.get("name") == "InstantiateFunction"),
                   key=lambda e: -e["dur"])[:3]
for e in costliest:
    print("   %7.1f s  %s" % (e["dur"] / 1e6, e.get("args", {}).get("detail", "")[:100]))
PY
}
sort -rn "$log" | grep -v cmake_pch | awk -v n="$explain" 'NR <= n' | while read -r seconds source object; do
  command=$(ninja -C "$dir" -t commands "$object" | tail -n 1 | sed "s|^$root/tests/build_cost/time_compile.sh ||")
  echo "-- $(members "$source")"
  if [[ "$command" == *clang* ]]; then
    (cd "$dir" && eval "$command -ftime-trace" >/dev/null 2>&1) || true
    trace="$dir/${object%.o}.json"
    if [ -f "$trace" ]; then clang_phases "$trace"; else echo "   (no trace written at $trace)"; fi
  else
    report=$(cd "$dir" && eval "$command -ftime-report" 2>&1 >/dev/null || true)
    echo "$report" | grep -E '^ (phase parsing|phase lang. deferred|phase opt and generate|template instantiation|TOTAL) ' |
      awk -F: '{ gsub(/\([^)]*\)/, "", $2); split($2, f, " "); printf "   %-28s %7.1f s\n", $1, f[3] }'
  fi
done
