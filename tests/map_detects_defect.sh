#!/usr/bin/env bash
# Shows that docs/check_map.sh fails on a defect of the map page: plants DEFECT in a copy of the
# built output (links to it, the map page itself rewritten) and passes only when the
# check exits 1 with the message that names that defect.
#   drop-node   one statement's node removed from the drawing
#   break-link  one node's link aimed at an anchor no page has
#   small-font  the drawing's text set at 6 pt, as if dot had been told so
#
# usage: map_detects_defect.sh HTML_DIR STATEMENTS DEFECT
# exit:  0 the check caught it; 1 it did not; 77 chromium is not installed (CTest: skipped).
set -euo pipefail
html_dir=$(realpath "$1")
statements=$2
defect=$3
case "$defect" in
  drop-node)  plant='s{<g id="[^"]*" class="node">.*?</a>\s*</g>\s*</g>}{}s'; expect='has no node' ;;
  break-link) plant='s{(xlink:href="[^"#]*#)}{${1}nowhere-}'; expect='which is no anchor' ;;
  small-font) plant='s{(<div class="pe-map">.*?</svg>)}{$1 =~ s/font-size="[0-9.]+"/font-size="6.00"/gr}se'
              expect='is rendered at' ;;
  *) echo "unknown defect '$defect'" >&2; exit 1 ;;
esac
# The copy: a link to each of the output's files and folders (MathJax's thousands of files stay
# behind one link), the planted page beside them. In a ctest run the links are made once for every
# planted test (PE_PLANTED_DIR, browser_fixture.sh) and the planted page gets a name of its own;
# otherwise this test makes its own links, the planted page in place of argument.html's.
if [ -n "${PE_PLANTED_DIR:-}" ] && [ "$(readlink -f "$PE_PLANTED_DIR/index.html")" = "$html_dir/index.html" ]; then
  copy=$PE_PLANTED_DIR
  page=argument-$defect.html
else
  copy=$(mktemp -d)
  trap 'rm -rf "$copy"' EXIT
  ln -s "$html_dir"/* "$copy/"
  page=argument.html
  rm "$copy/$page"
fi
perl -0777 -pe "$plant" "$html_dir/argument.html" > "$copy/$page"
if cmp -s "$html_dir/argument.html" "$copy/$page"; then
  echo "FAIL: planting $defect changed nothing in argument.html (has the page's markup changed?)"
  exit 1
fi
rc=0
out=$(bash "$(dirname "${BASH_SOURCE[0]}")/../docs/check_map.sh" "$copy" "$statements" "$page") || rc=$?
echo "$out"
[ "$rc" -ne 77 ] || exit 77
if [ "$rc" -eq 1 ] && grep -q "$expect" <<< "$out"; then
  echo "check_map.sh caught the planted defect ($defect)"
  exit 0
fi
echo "FAIL: check_map.sh did not report the planted defect ($defect: expected exit 1 and '$expect', got exit $rc)"
exit 1
