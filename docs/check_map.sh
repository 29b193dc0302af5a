#!/usr/bin/env bash
# Lays out the argument map page (argument.html) in headless Chromium at a wide and a narrow
# window and fails when a reader could not use the map: a statement without its node, a node
# whose link lands on no anchor of the built pages, label text rendered smaller than a reader
# can read, the page wider than the window, or (at 720 px and wider) the drawing wider than its
# own frame (style.css, div.pe-map), where it would scroll and hide its arrows. The measurements are
# render_probe.js's.
#
# usage: check_map.sh HTML_DIR STATEMENTS [PAGE]
#        STATEMENTS: the statements' ids, one a line (pe_docgen's generated/map/statements.txt,
#        written from the ledger, not from the map); PAGE: the map page (default argument.html).
# exit:  0 the map reads; 1 it does not; 77 chromium is not installed (CTest: skipped).
set -euo pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: $0 HTML_DIR STATEMENTS [PAGE]" >&2
  exit 1
fi
html_dir=$1
statements=$2
source "$(dirname "${BASH_SOURCE[0]}")/headless_chromium.sh" "the argument map was"

widths=(1400 800 720)
screen_height=1000
# The smallest text the pages already ask a reader to read: a claim card's fold summary, 90% of
# the card's 90% of Doxygen's 14 px body text (11.3 px), rounded down.
min_font=11
page=${3:-argument.html}
file="$html_dir/$page"
for f in "$file" "$statements"; do
  if [ ! -s "$f" ]; then
    echo "FAIL: $f does not exist (build the docs first: cmake --build --preset docs)"
    exit 1
  fi
done
mapfile -t expected < <(grep -v '^$' "$statements")

# A link "PAGE#ANCHOR" resolves when PAGE is a file of the output with an element of that id.
resolves() {
  local target=${1%%#*} anchor=${1#*#}
  [ "$1" != none ] && [ "$target" != "$1" ] && [ -f "$html_dir/$target" ] &&
    grep -q "id=\"$anchor\"" "$html_dir/$target"
}

# Both widths in one browser.
dumps=$(mktemp -d)
trap 'rm -rf "$dumps"' EXIT
for width in "${widths[@]}"; do
  browser_job "$width" "$screen_height" "$dumps/$width.dom.html" - "file://$(realpath -s "$file")"
done > "$dumps/browser-jobs.txt"
browser_session "$dumps/browser-jobs.txt"

failures=0
for width in "${widths[@]}"; do
  dom=$(cat "$dumps/$width.dom.html" 2>/dev/null || true)
  body=$(grep -o '<body[^>]*>' <<< "$dom" | head -n 1 || true)
  attr() { sed -n "s/.* $1=\"\([^\"]*\)\".*/\1/p" <<< "$body"; }
  problems=()
  font=$(attr data-pe-map-font-min)
  if [ -z "$font" ]; then
    echo "FAIL $page at $width px: the map probe did not run (no div.pe-map svg on the page?)"
    failures=$((failures + 1))
    continue
  fi
  read -r -a nodes <<< "$(attr data-pe-map-nodes)"
  read -r -a links <<< "$(attr data-pe-map-links)"
  [ ${#nodes[@]} -eq ${#expected[@]} ] ||
    problems+=("${#nodes[@]} nodes for ${#expected[@]} statements")
  declare -A drawn=()
  for id in "${nodes[@]}"; do drawn[$id]=1; done
  for id in "${expected[@]}"; do
    [ -n "${drawn[$id]:-}" ] || problems+=("statement $id has no node")
  done
  broken=0
  for i in "${!nodes[@]}"; do
    if ! resolves "${links[$i]:-none}"; then
      broken=$((broken + 1))
      problems+=("node ${nodes[$i]} links to ${links[$i]:-nothing}, which is no anchor of the built pages")
    fi
  done
  awk -v f="$font" -v m="$min_font" 'BEGIN { exit !(f >= m) }' ||
    problems+=("text '$(attr data-pe-map-font-text)' is rendered at $font px (minimum $min_font px)")
  overflow=$(attr data-pe-overflow-x)
  [ "$overflow" -le 1 ] ||
    problems+=("the page is ${overflow} px wider than the window (widest: $(attr data-pe-overflow-by))")
  # A drawing wider than its frame hides its arrows off to the side: read at 720 px and wider, it fits.
  scroll=$(attr data-pe-map-scroll)
  [ "$width" -lt 720 ] || [ "$scroll" -le 1 ] ||
    problems+=("the drawing is ${scroll} px wider than its frame: it scrolls sideways and its arrows leave the view")
  if [ ${#problems[@]} -gt 0 ]; then
    for p in "${problems[@]}"; do echo "FAIL $page at $width px: $p"; done
    failures=$((failures + 1))
  else
    echo "map at $width px: ${#nodes[@]} nodes for ${#expected[@]} statements, every link resolves;" \
         "smallest text $font px; drawing $( [ "$scroll" -le 1 ] && echo "fits its frame" || echo "scrolls ${scroll} px inside its frame")"
  fi
done

if [ "$failures" -gt 0 ]; then
  echo "the argument map does not read at $failures width(s)"
  exit 1
fi
echo "the argument map reads at ${widths[*]} px: every statement a node, every link resolves, text at least $min_font px"
