#!/usr/bin/env bash
# CTest `docs.check_once`: docs/check_once.sh runs a check, replays its pass while the pages, its
# files, the browser and the command line are unchanged, runs it again when any of them changes
# (the browser's version included) or PE_RECHECK=1 asks, records neither a failure nor a skip, and returns the check's status.
# usage: check_once_test.sh SOURCE_DIR
set -euo pipefail
once="${1:?usage: check_once_test.sh SOURCE_DIR}/docs/check_once.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/html/mathjax" "$work/records"
echo '<p>page</p>' > "$work/html/a.html"
echo 'MathJax 2' > "$work/html/mathjax/MathJax.js"
echo 'css' > "$work/check.css"
echo 0 > "$work/runs"
cat > "$work/check.sh" <<'SCRIPT'
echo $(( $(cat "$1/runs") + 1 )) > "$1/runs"
echo "laid out"
exit "${2:-0}"
SCRIPT
# A browser and a package database of our own, first on PATH: the version is an input too.
mkdir -p "$work/bin"
printf '#!/bin/sh\ncat "%s/version"\n' "$work" > "$work/bin/dpkg-query"
chmod +x "$work/bin/dpkg-query"
echo 156.0 > "$work/version"
run() { PATH="$work/bin:$PATH" bash "$once" "$work/records" demo "$work/html" "$work/check.css" -- bash "$work/check.sh" "$work" "$@"; }
runs() { cat "$work/runs"; }
fail() { echo "FAIL: $1 (the check ran $(runs) times)"; exit 1; }

out=$(run) && [ "$(runs)" = 1 ] && grep -q "laid out" <<< "$out" || fail "the first run did not run the check"
out=$(run) && [ "$(runs)" = 1 ] || fail "an unchanged rerun ran the check"
grep -q "those of a passing run" <<< "$out" && grep -q "laid out" <<< "$out" || fail "the replay does not show the recorded output: $out"
echo '<p>page, changed</p>' > "$work/html/a.html"
run > /dev/null && [ "$(runs)" = 2 ] || fail "a changed page did not rerun the check"
echo 'css, changed' > "$work/check.css"
run > /dev/null && [ "$(runs)" = 3 ] || fail "a changed input file did not rerun the check"
echo 'MathJax 3' > "$work/html/mathjax/MathJax.js"
run > /dev/null && [ "$(runs)" = 4 ] || fail "a changed MathJax did not rerun the check"
run 0 > /dev/null && [ "$(runs)" = 5 ] || fail "another command line did not rerun the check"
echo 157.0 > "$work/version"
run 0 > /dev/null && [ "$(runs)" = 6 ] || fail "another browser version did not rerun the check"
run 0 > /dev/null && [ "$(runs)" = 6 ] || fail "an unchanged rerun after the new browser ran the check"
PE_RECHECK=1 run 0 > /dev/null && [ "$(runs)" = 7 ] || fail "PE_RECHECK=1 did not rerun the check"
rc=0; run 1 > /dev/null || rc=$?
[ "$rc" = 1 ] && [ "$(runs)" = 8 ] || fail "a failing check returned $rc"
rc=0; run 1 > /dev/null || rc=$?
[ "$rc" = 1 ] && [ "$(runs)" = 9 ] || fail "a failure was recorded as a pass (returned $rc)"
rc=0; run 77 > /dev/null || rc=$?
[ "$rc" = 77 ] && [ "$(runs)" = 10 ] || fail "a skip returned $rc"
rc=0; run 77 > /dev/null || rc=$?
[ "$(runs)" = 11 ] || fail "a skip was recorded as a pass"
# A check that reads no pages ("-") with a folder as its input: a file changed, added or removed
# at any depth reruns it; nothing changed replays it.
mkdir -p "$work/sources/deep"
echo 'int a;' > "$work/sources/deep/a.cpp"
folder_run() { PATH="$work/bin:$PATH" bash "$once" "$work/records" layout - "$work/sources" -- bash "$work/check.sh" "$work" 0; }
folder_run > /dev/null && [ "$(runs)" = 12 ] || fail "the first run on a folder did not run the check"
folder_run > /dev/null && [ "$(runs)" = 12 ] || fail "an unchanged folder reran the check"
echo 'int b;' > "$work/sources/deep/a.cpp"
folder_run > /dev/null && [ "$(runs)" = 13 ] || fail "a file changed deep in the folder did not rerun the check"
echo 'int c;' > "$work/sources/c.cpp"
folder_run > /dev/null && [ "$(runs)" = 14 ] || fail "a file added to the folder did not rerun the check"
rm "$work/sources/c.cpp"
folder_run > /dev/null && [ "$(runs)" = 15 ] || fail "a file removed from the folder did not rerun the check"
echo "check_once: runs, replays, reruns on every changed input, records no failure or skip"
