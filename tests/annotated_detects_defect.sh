#!/usr/bin/env bash
# Shows that docs/check_layout.sh (or, for tex-source, docs/check_rendering.sh) fails on a defect
# of the annotated article: plants DEFECT in
# article.html (tests/page_detects_defect.sh) and passes only when the check exits 1 with the
# message that names that defect.
#   small-font   the badges' text set at 8 px
#   break-link   one badge's link aimed at an anchor no page has
#   hide-badges  the badges not displayed
#   tex-source   the formulas' delimiters removed, so MathJax leaves them as TeX source (as the
#                page was before it typeset them)
#
# usage: annotated_detects_defect.sh HTML_DIR DEFECT
# exit:  0 the check caught it; 1 it did not; 77 chromium is not installed (CTest: skipped).
set -euo pipefail
html_dir=$1
defect=$2
case "$defect" in
  small-font)  plant='s{(\.pe-badge, \.pe-standing \{ font: bold )12px}{${1}8px}'; expect='badge text rendered at' ;;
  break-link)  plant='s{(class="pe-badge [^"]*" href="[^"#]*#)}{${1}nowhere-}'; expect='land on no anchor' ;;
  hide-badges) plant='s{</style>}{.pe-badge { display: none; }\n</style>}'; expect='badges and standings not visible' ;;
  tex-source)  plant='s{(<body.*)}{my $b = $1; $b =~ s/\\[()\[\]]//g; $b}se'; expect='raw TeX in the rendered text' ;;
  *) echo "unknown defect '$defect'" >&2; exit 1 ;;
esac
here=$(dirname "${BASH_SOURCE[0]}")
if [ "$defect" = tex-source ]; then
  shots=$(mktemp -d)
  trap 'rm -rf "$shots"' EXIT
  bash "$here/page_detects_defect.sh" "$html_dir" article.html "$defect" "$plant" "$expect" \
    "$here/../docs/check_rendering.sh" "$shots"
else
  exec bash "$here/page_detects_defect.sh" "$html_dir" article.html "$defect" "$plant" "$expect" \
    "$here/../docs/check_layout.sh"
fi
