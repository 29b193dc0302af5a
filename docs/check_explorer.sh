#!/usr/bin/env bash
# The figure explorer page (explorer.html) in headless Chromium, from file://, driven by a probe.
#
# The script copies the shipped page (explorer.html, explorer.js, explorer.css and data/figure-payload.js from
# HTML_DIR) into OUT_DIR and adds docs/explorer/explorer_probe.js after explorer.js in the copy, so the shipped
# page carries no test code. The probe moves the controls, compares what the page shows with
# the payload and writes its findings into <pre id="probe-result">; this script reads them from
# the DOM that the browser session dumps (headless_chromium.sh). Checks (each FAILs the test):
#   readout_follows_m / _n   every slider position shows the payload's Gram value for (m, n)
#   lock_keeps_readout       with the offset locked, either slider moves both, readout unchanged
#   rope_peak_offset         selecting RoPE shows the payload's rope_peak offset
#   accuracy_rows            each scheme's accuracy row equals the tournament's means
#   filing_positions         the filing view shows as many positions as the payload's filing
#   filing_answers           every reader's answer at every position, for every seed
# Update times (performance.now() around each control update and a forced layout) are logged,
# not asserted. Screenshots: OUT_DIR/explorer.png (the page as it opens) and OUT_DIR/explorer-rope.png
# (RoPE selected, offset locked, via the URL fragment the page reads).
#
# usage: check_explorer.sh HTML_DIR OUT_DIR
# exit:  0 all checks pass; 1 a check failed or the page is missing; 77 chromium is not
#        installed (CTest reports the test as skipped, SKIP_RETURN_CODE 77).
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 HTML_DIR OUT_DIR" >&2
  exit 1
fi
html_dir=$1
out_dir=$2
source "$(dirname "${BASH_SOURCE[0]}")/headless_chromium.sh" "the figure explorer page was"

probe="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/explorer/explorer_probe.js"
for f in explorer.html explorer.js explorer.css data/figure-payload.js; do
  if [ ! -s "$html_dir/$f" ]; then
    echo "FAIL: $html_dir/$f is missing: build the docs first (cmake --build --preset docs)"
    exit 1
  fi
done

rm -rf "$out_dir"
mkdir -p "$out_dir/data"
cp "$html_dir/explorer.html" "$html_dir/explorer.js" "$html_dir/explorer.css" "$out_dir/"
cp "$html_dir/data/figure-payload.js" "$out_dir/data/"
cp "$probe" "$out_dir/explorer_probe.js"
# The probed copy: the shipped page with one more script after explorer.js.
if ! grep -q '<script src="explorer.js"></script>' "$out_dir/explorer.html"; then
  echo "FAIL: explorer.html does not load explorer.js with <script src=\"explorer.js\"></script>"
  exit 1
fi
sed 's#<script src="explorer.js"></script>#&\n<script src="explorer_probe.js"></script>#' \
  "$out_dir/explorer.html" > "$out_dir/explorer-probe.html"

page_url="file://$(realpath -s "$out_dir/explorer.html")"
# One browser: the probed copy in headless Chromium's default window (800 x 600), and the two
# screenshots of the shipped page.
{
  browser_job 800 600 "$out_dir/explorer-probe.dom.html" - "file://$(realpath -s "$out_dir/explorer-probe.html")"
  browser_job 1280 3700 - "$out_dir/explorer.png" "$page_url"
  browser_job 1280 3700 - "$out_dir/explorer-rope.png" "$page_url#scheme=rope&m=20&n=27&lock=1&seed=1"
} > "$out_dir/browser-jobs.txt"
browser_session "$out_dir/browser-jobs.txt"
touch "$out_dir/explorer-probe.dom.html"

result=$(sed -n '/<pre id="probe-result">/,/<\/pre>/p' "$out_dir/explorer-probe.dom.html" |
         sed -e 's/.*<pre id="probe-result">//' -e 's#</pre>.*##' |
         sed -e 's/&lt;/</g' -e 's/&gt;/>/g' -e "s/&#39;/'/g" -e 's/&quot;/"/g' -e 's/&amp;/\&/g')
echo "$result" > "$out_dir/probe-result.txt"
sed -n '/<pre id="probe-times">/,/<\/pre>/p' "$out_dir/explorer-probe.dom.html" |
  sed -e 's/.*<pre id="probe-times">//' -e 's#</pre>.*##' > "$out_dir/update-times.txt"
echo "$result"

failures=0
if ! grep -q '^DONE$' <<< "$result"; then
  echo "FAIL: the probe did not finish (no DONE in $out_dir/explorer-probe.dom.html)"
  failures=$((failures + 1))
fi
for name in readout_follows_m readout_follows_n lock_keeps_readout rope_peak_offset accuracy_rows \
            filing_positions filing_answers; do
  if ! grep -q "^CHECK $name PASS" <<< "$result"; then
    echo "FAIL: check $name did not pass"
    failures=$((failures + 1))
  fi
done
if grep -q '^CHECK [a-z_]* FAIL' <<< "$result"; then
  grep '^CHECK [a-z_]* FAIL' <<< "$result" | sed 's/^/FAIL: /'
  failures=$((failures + 1))
fi
for shot in explorer.png explorer-rope.png; do
  [ -s "$out_dir/$shot" ] || { echo "FAIL: chromium produced no screenshot $shot"; failures=$((failures + 1)); }
done

max_ms=$(sed -n 's/^TIMING all updates=[0-9]* max_ms=\([0-9.]*\).*/\1/p' <<< "$result")
median_ms=$(sed -n 's/^TIMING all .* median_ms=\([0-9.]*\).*/\1/p' <<< "$result")
echo "slowest update: ${max_ms:-unknown} ms, median ${median_ms:-unknown} ms (logged, not asserted; the page aims at < 50 ms;" \
     "every update's time in $out_dir/update-times.txt)"
echo "screenshots: $out_dir/explorer.png $out_dir/explorer-rope.png"
if [ "$failures" -gt 0 ]; then
  echo "$failures problem(s) on the figure explorer page"
  exit 1
fi
echo "figure explorer page: all checks pass"
