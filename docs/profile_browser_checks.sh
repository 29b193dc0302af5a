#!/usr/bin/env bash
# Where the browser checks of the docs spend their time (issue 42). Runs each CTest test that
# drives headless Chromium, one at a time, then all of them together as the test preset runs them
# (two at a time), and prints a profile:
#   wall         CTest's own time for the test (its "Passed  N sec" line)
#   cpu          user + system seconds of CTest and everything it started (/usr/bin/time): on
#                a loaded machine the wall time stretches, the CPU time much less; on two idle
#                cores the tests run together take at least half their CPU time
#   launches     Chromium processes the test started, and their wall time added up (a shim first
#                on PATH stamps each start and end: date +%s.%N)
#   start-up     launches times the wall time of one Chromium started on about:blank with the
#                checks' flags and stopped (the median of five): starting and stopping the browser
#   pages        the launches' remaining time: loading each page, MathJax typesetting it, the
#                page's probe (render_probe.js, explorer_probe.js), the DOM dump or screenshot
#   shell        wall minus the launches: the check script reading the dumped DOMs (grep, sed,
#                perl), copying planted pages, resolving links
# Where a browser session's driver logs its own phases (docs/browser_session.js, lines starting
# "session:"), those lines are printed too. The docs must be built already: the docs_html fixture
# and the fixtures it waits for are excluded (-FA), so only the checks themselves are timed, each
# with the shared browser's fixture (docs.browser_start, docs.browser_stop) when the build has
# one; docs.build, which brings the docs up to date (pe_docgen, gnuplot, dot, Doxygen: nothing
# when nothing changed) and starts no browser, is timed on its own at the end.
#
# usage: profile_browser_checks.sh BUILD_DIR > PROFILE.txt
set -euo pipefail
build_dir=$(realpath "${1:?usage: $0 BUILD_DIR}")
chromium_bin=$(command -v chromium || command -v chromium-browser || true)
[ -n "$chromium_bin" ] || { echo "chromium is not installed: nothing to profile" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/shim"
# The shim: Chromium under its own name, each run stamped in $PE_CHROMIUM_LOG.
cat > "$work/shim/chromium" <<EOF
#!/usr/bin/env bash
start=\$(date +%s.%N)
rc=0
"$chromium_bin" "\$@" || rc=\$?
echo "\$start \$(date +%s.%N)" >> "\${PE_CHROMIUM_LOG:-/dev/null}"
exit \$rc
EOF
chmod +x "$work/shim/chromium"

# The browser tests: every registered test whose command runs a docs/ or tests/ script that
# starts Chromium (headless_chromium.sh, or a script that calls such a check).
mapfile -t tests < <(ctest --test-dir "$build_dir" -N -R '^docs\.' -FA '.*' |
                     sed -n 's/^ *Test *#[0-9]*: \(docs\.[^ ]*\)$/\1/p' | grep -v -x -e docs.build -e docs.figure_payload -e docs.claim_anchors \
                                -e docs.statement_lines -e docs.sweep_figure -e docs.browser_start -e docs.browser_stop \
                                -e 'docs.own_words.*')
# The fixtures left out: the docs' build and what it waits for (the shared browser stays in).
not_browser='^(docs_html|tournament|filings_heads|sweep|claims_report)$'

seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# Start-up: about:blank with the checks' flags, five times, the median.
profile_dir=$(mktemp -d -p "$work")
startups=()
for _ in 1 2 3 4 5; do
  t0=$(date +%s.%N)
  timeout 60 "$chromium_bin" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile_dir" --virtual-time-budget=10000 --dump-dom about:blank > /dev/null 2>&1 || true
  startups+=("$(seconds "$t0" "$(date +%s.%N)")")
done
startup=$(printf '%s\n' "${startups[@]}" | sort -n | sed -n 3p)

echo "# Browser checks profile: $(date -u +%Y-%m-%dT%H:%MZ), $(git -C "$(dirname "$0")" rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "# Machine: $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg); $("$chromium_bin" --version 2>/dev/null)"
echo "# Tools: ctest (wall per test), /usr/bin/time (CPU), a chromium shim on PATH stamping each launch (date +%s.%N),"
echo "# bash's date around the run of all of them together (ctest -j 2)."
echo "# Chromium start-up and shut-down on about:blank, median of 5: ${startup} s (runs: ${startups[*]})"
echo
printf '%-36s %7s %6s %9s %9s %9s %9s %7s\n' test wall cpu launches 'in-browsr' start-up pages shell
total_wall=0
for test in "${tests[@]}"; do
  log="$work/$test.launches"
  : > "$log"
  out="$work/$test.out"
  PATH="$work/shim:$PATH" PE_CHROMIUM_LOG="$log" /usr/bin/time -f '%U %S' -o "$work/$test.cpu" \
    ctest --test-dir "$build_dir" -R "^${test//./\\.}\$" -FA "$not_browser" -V > "$out" 2>&1 || true
  result=$(grep -E "Test +#[0-9]+: ${test//./\\.} " "$out" | tail -n 1)
  wall=$(sed -n 's/.* \([0-9.]*\) sec.*/\1/p' <<< "$result")
  status=$(grep -o -e 'Passed' -e 'Failed' -e 'Skipped' -e 'Not Run' <<< "$result" | head -n 1 || true)
  launches=$(wc -l < "$log")
  in_browser=$(awk '{ s += $2 - $1 } END { printf "%.2f", s }' "$log")
  start_share=$(awk -v n="$launches" -v s="$startup" 'BEGIN { printf "%.2f", n * s }')
  pages=$(awk -v b="$in_browser" -v s="$start_share" 'BEGIN { printf "%.2f", b - s }')
  shell=$(awk -v w="${wall:-0}" -v b="$in_browser" 'BEGIN { printf "%.2f", w - b }')
  cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$work/$test.cpu")
  printf '%-36s %7s %6s %9s %9s %9s %9s %7s %s\n' "$test" "${wall:-?}" "$cpu" "$launches" "$in_browser" \
         "$start_share" "$pages" "$shell" "${status:-?}"
  grep -o 'session:.*' "$out" | sed "s/^/    $test /" || true
  total_wall=$(awk -v a="$total_wall" -v b="${wall:-0}" 'BEGIN { printf "%.2f", a + b }')
done
echo
echo "sum of the tests' walls, one at a time: $total_wall s"
regex="^($(printf '%s|' "${tests[@]}" | sed -e 's/\./\\./g' -e 's/|$//'))\$"
t0=$(date +%s.%N)
/usr/bin/time -f '%U %S' -o "$work/together.cpu" \
  ctest --test-dir "$build_dir" -R "$regex" -FA "$not_browser" -j 2 > "$work/together.out" 2>&1 || true
echo "all ${#tests[@]} together, ctest -j 2: $(seconds "$t0" "$(date +%s.%N)") s wall," \
     "$(awk '{ printf "%.1f", $1 + $2 }' "$work/together.cpu") s of CPU (user + system, /usr/bin/time);" \
     "$(grep -o '[0-9]*% tests passed.*' "$work/together.out")"
t0=$(date +%s.%N)
ctest --test-dir "$build_dir" -R '^docs\.build$' -FA '.*' > "$work/build.out" 2>&1 || true
echo "docs.build (the docs brought up to date and checked; no browser): $(seconds "$t0" "$(date +%s.%N)") s wall;" \
     "$(grep -o '[0-9]*% tests passed.*' "$work/build.out")"
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
