#!/usr/bin/env bash
# Plants a defect in one built page and shows that a page check fails on it: the planted page goes
# into a copy of the built output (links to it) and the check must exit 1 with the message that
# names the defect. The defects themselves are listed by annotated_detects_defect.sh (the
# annotated article, docs/check_layout.sh) and map_detects_defect.sh (the map, docs/check_map.sh).
#
# usage: page_detects_defect.sh HTML_DIR PAGE DEFECT PLANT EXPECT CHECK [CHECK_ARG ...]
#   PLANT  a perl substitution run over PAGE (-0777: the whole page at once)
#   EXPECT text the check's output must contain
#   CHECK  the check script, run as: bash CHECK COPY [CHECK_ARG ...] PLANTED_PAGE
# exit:  0 the check caught it; 1 it did not; 77 chromium is not installed (CTest: skipped).
set -euo pipefail
html_dir=$(realpath "$1")
page=$2 defect=$3 plant=$4 expect=$5 check=$6
shift 6
check_name=$(basename "$check")
# The copy: a link to each of the output's files and folders (MathJax's thousands of files stay
# behind one link), the planted page beside them. In a ctest run the links are made once for every
# planted test (PE_PLANTED_DIR, docs/browser_fixture.sh) and the planted page gets a name of its
# own; otherwise this test makes its own links, the planted page in place of the page.
if [ -n "${PE_PLANTED_DIR:-}" ] && [ "$(readlink -f "$PE_PLANTED_DIR/index.html")" = "$html_dir/index.html" ]; then
  copy=$PE_PLANTED_DIR
  planted=${page%.html}-$defect.html
else
  copy=$(mktemp -d)
  trap 'rm -rf "$copy"' EXIT
  ln -s "$html_dir"/* "$copy/"
  planted=$page
  rm "$copy/$planted"
fi
perl -0777 -pe "$plant" "$html_dir/$page" > "$copy/$planted"
if cmp -s "$html_dir/$page" "$copy/$planted"; then
  echo "FAIL: planting $defect changed nothing in $page (has the page's markup changed?)"
  exit 1
fi
rc=0
out=$(bash "$check" "$copy" "$@" "$planted") || rc=$?
echo "$out"
[ "$rc" -ne 77 ] || exit 77
if [ "$rc" -eq 1 ] && grep -q "$expect" <<< "$out"; then
  echo "$check_name caught the planted defect ($defect)"
  exit 0
fi
echo "FAIL: $check_name did not report the planted defect ($defect: expected exit 1 and '$expect', got exit $rc)"
exit 1
