#!/usr/bin/env bash
# Compiler launcher (CMAKE_CXX_COMPILER_LAUNCHER) for compile_times.sh: runs the compile command
# it is given and, when PE_COMPILE_TIMES_LOG is set, appends "<seconds> <source> <object>" to it.
set -uo pipefail
start=$(date +%s.%N)
"$@"
status=$?
end=$(date +%s.%N)
source="" object="" previous=""
for argument in "$@"; do
  case "$previous" in
    -c) source="$argument" ;;
    -o) object="$argument" ;;
  esac
  previous="$argument"
done
if [ -n "${PE_COMPILE_TIMES_LOG:-}" ] && [ -n "$source" ]; then
  awk -v s="$start" -v e="$end" -v f="$source" -v o="$object" \
    'BEGIN { printf "%.2f %s %s\n", e - s, f, o }' >> "$PE_COMPILE_TIMES_LOG"
fi
exit $status
