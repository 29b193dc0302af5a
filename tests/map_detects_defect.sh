#!/usr/bin/env bash
# Shows that docs/check_map.sh fails on a defect of the map page: plants DEFECT in
# argument.html (tests/page_detects_defect.sh) and passes only when the check exits 1 with the
# message that names that defect.
#   drop-node   one statement's node removed from the drawing
#   break-link  one node's link aimed at an anchor no page has
#   small-font  the drawing's text set at 6 pt, as if dot had been told so
#   wide-drawing the drawing 1,200 pt wide, as when its edges looped around the clusters
#
# usage: map_detects_defect.sh HTML_DIR STATEMENTS DEFECT
# exit:  0 the check caught it; 1 it did not; 77 chromium is not installed (CTest: skipped).
set -euo pipefail
html_dir=$1
statements=$2
defect=$3
case "$defect" in
  drop-node)  plant='s{<g id="[^"]*" class="node">.*?</a>\s*</g>\s*</g>}{}s'; expect='has no node' ;;
  break-link) plant='s{(xlink:href="[^"#]*#)}{${1}nowhere-}'; expect='which is no anchor' ;;
  small-font) plant='s{(<div class="pe-map">.*?</svg>)}{$1 =~ s/font-size="[0-9.]+"/font-size="6.00"/gr}se'
              expect='is rendered at' ;;
  wide-drawing) plant='s{(<div class="pe-map">.*?<svg width=")[0-9.]+pt}{${1}1200pt}s'; expect='wider than its frame' ;;
  *) echo "unknown defect '$defect'" >&2; exit 1 ;;
esac
here=$(dirname "${BASH_SOURCE[0]}")
exec bash "$here/page_detects_defect.sh" "$html_dir" argument.html "$defect" "$plant" "$expect" \
  "$here/../docs/check_map.sh" "$statements"
