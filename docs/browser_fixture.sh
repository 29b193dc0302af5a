#!/usr/bin/env bash
# The headless Chromium that the browser checks of one ctest run share (CTest fixture `browser`,
# docs/CMakeLists.txt): `start` runs browser_session.js --serve in its own session, detached from
# the test that started it, and returns once the browser answers; the checks reach it through
# PE_BROWSER_SESSION=DIR/socket; `stop` closes it and prints what it ran. A run interrupted before
# `stop` leaves a browser that closes itself when idle (browser_session.js), and the next `start`
# stops it first. With HTML_DIR, `start` also links each of its files and folders into
# DIR/planted, once for all the tests that plant a defect in a page (PE_PLANTED_DIR: each writes
# its planted page there under a name of its own).
#
# usage: browser_fixture.sh start DIR [HTML_DIR]
#        browser_fixture.sh stop DIR
# exit:  0 done; 1 the browser did not start; 77 chromium or node is not installed (CTest:
#        skipped, as the checks are).
set -euo pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ] || { [ "$1" != start ] && [ "$1" != stop ]; }; then
  echo "usage: $0 start DIR [HTML_DIR] | stop DIR" >&2
  exit 1
fi
action=$1
dir=$2
socket="$dir/socket"
source "$(dirname "${BASH_SOURCE[0]}")/headless_chromium.sh" "the shared browser was not started, and the pages were"
driver="$(dirname "${BASH_SOURCE[0]}")/browser_session.js"

stop() {
  local rc=0
  "$node_bin" "$driver" --stop "$socket" || rc=$?
  # The driver has closed the browser before it exits; its log's lines are each page's time.
  if [ -f "$dir/session.log" ]; then
    echo "the shared browser's log ($dir/session.log):"
    sed 's/^/  /' "$dir/session.log"
  fi
  return "$rc"
}

if [ "$action" = stop ]; then
  rc=0
  stop || rc=$?
  [ "$rc" -ne 2 ] || echo "no shared browser was running at $socket"
  [ "$rc" -ne 1 ] || exit 1
  exit 0
fi

mkdir -p "$dir"
[ ! -S "$socket" ] || stop > /dev/null || true
if [ $# -eq 3 ]; then
  rm -rf "$dir/planted"
  mkdir "$dir/planted"
  ln -s "$(realpath "$3")"/* "$dir/planted/"
fi
rm -f "$dir/session.log"
# setsid and no inherited descriptors: CTest sees this test end while the browser runs on.
setsid "$node_bin" "$driver" --serve "$chromium_bin" "$socket" < /dev/null > "$dir/session.log" 2>&1 &
for _ in $(seq 1 600); do
  [ -S "$socket" ] && break
  sleep 0.1
done
if "$node_bin" "$driver" --ping "$socket"; then
  echo "shared browser up (pid $(sed -n 's/.*listening on .*, pid \([0-9]*\)$/\1/p' "$dir/session.log")), socket $socket"
  exit 0
fi
echo "FAIL: the shared browser did not start; its log:"
cat "$dir/session.log"
exit 1
