#!/usr/bin/env bash
# Shows that docs/check_layout.sh fails on a defect of the annotated article: plants DEFECT in a
# copy of the built output (links to it, article.html itself rewritten) and passes only
# when the check exits 1 with the message that names that defect.
#   small-font   the badges' text set at 8 px
#   break-link   one badge's link aimed at an anchor no page has
#   hide-badges  the badges not displayed
#
# usage: annotated_detects_defect.sh HTML_DIR DEFECT
# exit:  0 the check caught it; 1 it did not; 77 chromium is not installed (CTest: skipped).
set -euo pipefail
html_dir=$(realpath "$1")
defect=$2
case "$defect" in
  small-font)  plant='s{(\.pe-badge, \.pe-standing \{ font: bold )12px}{${1}8px}'; expect='badge text rendered at' ;;
  break-link)  plant='s{(class="pe-badge [^"]*" href="[^"#]*#)}{${1}nowhere-}'; expect='land on no anchor' ;;
  hide-badges) plant='s{</style>}{.pe-badge { display: none; }\n</style>}'; expect='badges and standings not visible' ;;
  *) echo "unknown defect '$defect'" >&2; exit 1 ;;
esac
# The copy: a link to each of the output's files and folders (MathJax's thousands of files stay
# behind one link), the planted page beside them. In a ctest run the links are made once for every
# planted test (PE_PLANTED_DIR, browser_fixture.sh) and the planted page gets a name of its own;
# otherwise this test makes its own links, the planted page in place of article.html's.
if [ -n "${PE_PLANTED_DIR:-}" ] && [ "$(readlink -f "$PE_PLANTED_DIR/index.html")" = "$html_dir/index.html" ]; then
  copy=$PE_PLANTED_DIR
  page=article-$defect.html
else
  copy=$(mktemp -d)
  trap 'rm -rf "$copy"' EXIT
  ln -s "$html_dir"/* "$copy/"
  page=article.html
  rm "$copy/$page"
fi
perl -0777 -pe "$plant" "$html_dir/article.html" > "$copy/$page"
if cmp -s "$html_dir/article.html" "$copy/$page"; then
  echo "FAIL: planting $defect changed nothing in article.html (has the page's markup changed?)"
  exit 1
fi
rc=0
out=$(bash "$(dirname "${BASH_SOURCE[0]}")/../docs/check_layout.sh" "$copy" "$page") || rc=$?
echo "$out"
[ "$rc" -ne 77 ] || exit 77
if [ "$rc" -eq 1 ] && grep -q "$expect" <<< "$out"; then
  echo "check_layout.sh caught the planted defect ($defect)"
  exit 0
fi
echo "FAIL: check_layout.sh did not report the planted defect ($defect: expected exit 1 and '$expect', got exit $rc)"
exit 1
