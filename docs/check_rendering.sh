#!/usr/bin/env bash
# Renders pages of the built documentation in headless Chromium and fails when a reader would
# see a broken page: a formula MathJax did not typeset (a MathJax error, or raw TeX such as
# \f$, \( or \[, or a TeX command such as \langle, left in the visible text), MathJax not
# loading at all, or an image or SVG plot that is missing or did not load. Writes the typeset DOM and a screenshot of each page.
#
# usage: check_rendering.sh HTML_DIR OUT_DIR PAGE...
# exit:  0 all pages render; 1 a page is broken or missing; 77 chromium is not installed
#        (CTest reports the test as skipped, SKIP_RETURN_CODE 77).
set -euo pipefail

if [ $# -lt 3 ]; then
  echo "usage: $0 HTML_DIR OUT_DIR PAGE..." >&2
  exit 1
fi
html_dir=$1
out_dir=$2
shift 2

source "$(dirname "${BASH_SOURCE[0]}")/headless_chromium.sh" "the rendered pages were"
mkdir -p "$out_dir"

failures=0
fail() {
  echo "FAIL $page: $*"
  failures=$((failures + 1))
}

# Every page once, in one browser: its DOM and a screenshot of the window, from the same load.
jobs="$out_dir/browser-jobs.txt"
probed=$(mktemp -d)
trap 'rm -rf "$probed"' EXIT
: > "$jobs"
for page in "$@"; do
  file="$html_dir/$page"
  [ -f "$file" ] || continue
  name=${page%.html}
  rm -f "$out_dir/$name.dom.html" "$out_dir/$name.png"
  browser_job 1280 2000 "$out_dir/$name.dom.html" "$out_dir/$name.png" \
    "file://$(realpath -s "$(probed_page "$file" "$probed")")" >> "$jobs"
done
browser_session "$jobs"

for page in "$@"; do
  file="$html_dir/$page"
  if [ ! -f "$file" ]; then
    fail "$file does not exist: build the docs first (cmake --build --preset docs)"
    continue
  fi
  name=${page%.html}
  dom="$out_dir/$name.dom.html"
  if [ ! -s "$dom" ]; then
    fail "chromium produced no DOM"
    continue
  fi
  [ -s "$out_dir/$name.png" ] || fail "chromium produced no screenshot"

  # What the probe (render_probe.js) recorded on <body>.
  body=$(grep -o '<body[^>]*>' "$dom" | head -n 1)
  attr() { sed -n "s/.* $1=\"\([^\"]*\)\".*/\1/p" <<< "$body"; }
  mathjax=$(attr data-pe-mathjax)
  formulas=$(attr data-pe-formulas)
  math_errors=$(attr data-pe-math-errors)
  images=$(attr data-pe-images)
  broken=$(attr data-pe-images-broken)
  if [ "$mathjax" = done ]; then
    [ "$math_errors" = 0 ] || fail "$math_errors formula(s) failed to typeset"
  else
    fail "MathJax did not finish typesetting (probe: '${mathjax:-no probe}')"
  fi
  [ "${broken:-?}" = none ] || fail "images that did not load: ${broken:-probe did not run}"

  # The visible text: scripts (MathJax keeps each formula's source in one) and tags removed.
  text=$(perl -0777 -pe 's{<script\b.*?</script>}{}gs; s{<style\b.*?</style>}{}gs; s{<[^>]*>}{}gs' "$dom")
  for raw in '\f$' '\f[' '\f]' '\(' '\)' '\[' '\]' 'Math Processing Error'; do
    if grep -qF -- "$raw" <<< "$text"; then
      fail "raw '$raw' in the rendered text: $(grep -oF -m 3 -- "$raw" <<< "$text" | head -n 1) near: $(grep -F -m 1 -- "$raw" <<< "$text" | cut -c 1-160)"
    fi
  done
  # A TeX command (\langle, \begin) a reader sees as source: MathJax missed its formula.
  if command=$(grep -oE -m 1 '\\(begin|end|[a-zA-Z]{2,})\b' <<< "$text" | head -n 1) && [ -n "$command" ]; then
    fail "raw TeX in the rendered text: $(grep -cE '\\[a-zA-Z]{2,}' <<< "$text") line(s), first '$command' near: $(grep -E -m 1 '\\[a-zA-Z]{2,}' <<< "$text" | cut -c 1-160)"
  fi
  if grep -q 'class="[^"]*MathJax_Error' "$dom"; then fail "MathJax error element in the DOM"; fi

  # Every image source is a file of the output, and a plot is a real SVG.
  while read -r src; do
    [ -n "$src" ] || continue
    case "$src" in http:* | https:*) fail "image from the network: $src"; continue ;; esac
    target="$html_dir/$src"
    if [ ! -s "$target" ]; then
      fail "image $src is missing"
    elif [[ "$src" == *.svg ]] && ! grep -q '<svg' "$target"; then
      fail "image $src is not an SVG"
    fi
  done < <(grep -o -e '<img [^>]*src="[^"]*"' -e '<object [^>]*data="[^"]*"' "$dom" |
           sed -e 's/.*src="\([^"]*\)"/\1/' -e 's/.*data="\([^"]*\)"/\1/' | sort -u)

  echo "page $page: MathJax $mathjax, $formulas formulas typeset, $math_errors errors;" \
       "$images images, broken: $broken; screenshot $out_dir/$name.png"
done

if [ "$failures" -gt 0 ]; then
  echo "$failures problem(s) in the rendered documentation"
  exit 1
fi
echo "all pages render: formulas typeset, images present"
