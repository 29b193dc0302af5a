#!/usr/bin/env bash
# Lays out every page of the built documentation that shows claims in headless Chromium, at a
# wide and a narrow window, and fails when a reader could not read a claim: the content wider
# than its view (horizontal scrolling), a table column narrower than a few characters, a short
# word in a table cell broken over lines, a claim card taller than a screen with its detail
# closed, cards taller on average than a few lines of text allow (a page out of proportion to its
# claim count), an erratum's reason not fully visible, or a figure's text rendered smaller than
# the pages' own small print. On the annotated article (article.html, body class pe-annotated):
# no badge, a badge or statement's standing a reader cannot see or whose text is smaller than
# that small print, or one whose link lands on no anchor of the built pages. The annotated page is
# self-contained, so the probe is added to a copy of it. The measurements are render_probe.js's.
#
# usage: check_layout.sh HTML_DIR [--stylesheet FILE] [PAGE...]
#        PAGE...: the pages to lay out (default: every page with a claim card, every page made
#        from the narrative, cards or none, the annotated article when the build wrote one, and
#        a sample of Doxygen's own pages: its indexes and the largest page of each kind).
#        --stylesheet FILE replaces the pages' pe-proofs stylesheet (style.css) in a copy of
#        HTML_DIR: how the suite shows that the check fails on a layout that squeezes claims.
# exit:  0 every page reads; 1 a page does not; 77 chromium is not installed (CTest: skipped).
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 HTML_DIR [--stylesheet FILE] [PAGE...]" >&2
  exit 1
fi
html_dir=$1
shift
stylesheet=
if [ "${1:-}" = --stylesheet ]; then
  stylesheet=${2:?--stylesheet needs a file}
  shift 2
fi
source "$(dirname "${BASH_SOURCE[0]}")/headless_chromium.sh" "the pages' layout was"

if [ -n "$stylesheet" ]; then
  # Links to the output's files and folders (not a copy of MathJax), the stylesheet replaced.
  copy=$(mktemp -d)
  ln -s "$(realpath -s "$html_dir")"/* "$copy/"
  rm "$copy/style.css"
  cp "$stylesheet" "$copy/style.css"
  html_dir=$copy
fi

# The windows: a desktop, a narrow laptop and a tablet held upright, all 1000 px high ("a screen").
widths=(1400 800 720)
screen_height=1000
# Narrowest readable table column: about six characters of Doxygen's 14 px font at 90%.
min_column=48
# Page height in proportion to the claims: on average at least two cards to a screen.
max_mean_card=$((screen_height / 2))
# Smallest rendered figure text, in px: no smaller than the smallest text the pages ask a reader
# to read, a claim card's detail line (style.css: 90% of the card's 90% of Doxygen's 14 px body,
# 11.3 px).
min_figure_text=11

# Doxygen's own pages in the default set are laid out at the narrow laptop's width only: the
# window where its lists and prototypes overflowed; the wide and upright ones add time, not
# findings.
declare -A reference_page=()
reference_widths=(800)
if [ $# -gt 0 ]; then
  pages=$(for page in "$@"; do echo "$html_dir/$page"; done)
else
  # Every page with a claim card or the annotated article, and every page made from the project's
  # narrative (each page pe_docgen writes, generated/pages beside the HTML folder, names its
  # anchor first; the main page is index.html), cards or none: the contributors' page too.
  narrative=()
  for md in "$(dirname "$html_dir")"/generated/pages/*.md; do
    [ -f "$md" ] || continue
    id=$(grep -o '{#[a-z_-]*}' "$md" | head -n 1 | tr -d '{#}')
    [ "$id" = mainpage ] && id=index
    [ -n "$id" ] && [ -f "$html_dir/$id.html" ] && narrative+=("$html_dir/$id.html")
  done
  # Doxygen's own pages, by a rule that does not look at their layout: its index pages, and of
  # each kind of reference page (class or struct, file, namespace, source listing, member list)
  # the largest, which holds the most names and the longest lines of its kind.
  reference=()
  for index in annotated classes hierarchy files namespaces; do
    [ -f "$html_dir/$index.html" ] && reference+=("$html_dir/$index.html")
  done
  largest() {  # the largest page of a kind: "page" (a class, struct, file or namespace), or a suffix
    # shellcheck disable=SC2068 # the patterns expand in the output folder
    (cd "$html_dir" && if [ "$1" = page ]; then ls -S ${@:2} 2>/dev/null | grep -v -- '-members.html$\|_source.html$\|^classes.html$'
                       else ls -S ./*"$1" 2>/dev/null; fi | head -n 1 | sed 's|^\./||') || true
  }
  for page in "$(largest page 'class*.html' 'struct*.html')" "$(largest page '*_8[ch]pp.html')" \
              "$(largest page 'namespace*.html')" "$(largest _source.html)" "$(largest -members.html)"; do
    [ -n "$page" ] && reference+=("$html_dir/${page#./}")
  done
  for page in "${reference[@]}"; do reference_page["$page"]=1; done
  pages=$({ grep -l 'class="pe-claim"\|<body class="pe-annotated"' "$html_dir"/*.html || true
            printf '%s\n' "${narrative[@]}" "${reference[@]}"; } | grep -v '^$' | sort -u)
fi
probed=$(mktemp -d)
trap 'rm -rf "$probed" "${copy:-}"' EXIT

# A link "PAGE#ANCHOR" resolves when PAGE is a file of the output with an element of that id.
# Prints the links of stdin that do not, one a line.
unresolved() {
  local link target
  declare -A ids=()
  while read -r link; do
    target=${link%%#*}
    if [ "$target" = "$link" ] || [ ! -f "$html_dir/$target" ]; then echo "$link"; continue; fi
    if [ -z "${ids[$target]:-}" ]; then
      ids[$target]=$(grep -o ' id="[^"]*"' "$html_dir/$target" | sed 's/ id="\(.*\)"/\1/' | tr '\n' ' ')
    fi
    [[ " ${ids[$target]} " == *" ${link#*#} "* ]] || echo "$link"
  done
}
if [ -z "$pages" ]; then
  echo "FAIL: no page in $html_dir shows a claim card"
  exit 1
fi

# The pages to lay out: the annotated article is self-contained, so the probe goes into a copy.
laid_out=()
for file in $pages; do
  page=$(basename "$file")
  if [ -f "$file" ]; then laid_out+=("$(probed_page "$file" "$probed")"); else laid_out+=("$file"); fi
done
pages_list=($pages)
# The widths a page is laid out at (these_widths).
page_widths() {
  if [ -n "${reference_page[$1]:-}" ]; then these_widths=("${reference_widths[@]}"); else these_widths=("${widths[@]}"); fi
}
# Every page at every width in one browser (file access lets the probe read the figures' SVG
# documents beside the page); page I at width W dumps its DOM into $probed/I-W.dom.html.
jobs=$probed/browser-jobs.txt
: > "$jobs"
for i in "${!laid_out[@]}"; do
  [ -f "${laid_out[$i]}" ] || continue
  page_widths "${pages_list[$i]}"
  for width in "${these_widths[@]}"; do
    browser_job "$width" "$screen_height" "$probed/$i-$width.dom.html" - "file://$(realpath -s "${laid_out[$i]}")" >> "$jobs"
  done
done
browser_session "$jobs"

failures=0
i=-1
for file in $pages; do
  i=$((i + 1))
  page=$(basename "$file")
  if [ ! -f "$file" ]; then
    echo "FAIL $page: $file does not exist (build the docs first: cmake --build --preset docs)"
    failures=$((failures + 1))
    continue
  fi
  annotated=false
  if grep -q '<body class="pe-annotated"' "$file"; then annotated=true; fi
  page_widths "$file"
  for width in "${these_widths[@]}"; do
    dom=$(cat "$probed/$i-$width.dom.html" 2>/dev/null || true)
    body=$(grep -o '<body[^>]*>' <<< "$dom" | head -n 1 || true)
    attr() { sed -n "s/.* $1=\"\([^\"]*\)\".*/\1/p" <<< "$body"; }
    cards=$(attr data-pe-cards)
    if [ -z "$cards" ]; then
      echo "FAIL $page at $width px: the layout probe did not run"
      failures=$((failures + 1))
      continue
    fi
    tallest=$(attr data-pe-card-max-height)
    total=$(attr data-pe-card-total-height)
    column=$(attr data-pe-column-min-width)
    overflow=$(attr data-pe-overflow-x)
    reasons=$(attr data-pe-reasons)
    hidden=$(attr data-pe-reasons-hidden)
    problems=()
    [ "$overflow" -le 1 ] || problems+=("content ${overflow} px wider than the window (horizontal scrolling; widest: $(attr data-pe-overflow-by))")
    if [ "$column" != none ] && [ "$column" -lt "$min_column" ]; then
      problems+=("table column '$(attr data-pe-column-narrowest)' is ${column} px wide (minimum $min_column)")
    fi
    [ "$tallest" -le "$screen_height" ] ||
      problems+=("card $(attr data-pe-card-tallest) is ${tallest} px tall with its detail closed (screen $screen_height)")
    if [ "$cards" -gt 0 ] && [ $((total / cards)) -gt "$max_mean_card" ]; then
      problems+=("cards are $((total / cards)) px tall on average (at most $max_mean_card): page $(attr data-pe-page-height) px for $cards claims")
    fi
    [ "$hidden" = 0 ] || problems+=("$hidden of $reasons erratum reasons not fully visible")
    wrapped=$(attr data-pe-wrapped-cells)
    [ "$wrapped" = 0 ] ||
      problems+=("$wrapped table cells of one short word break over lines (first: $(attr data-pe-wrapped-cell))")
    figures=$(attr data-pe-figures)
    unread=$(attr data-pe-figures-unread)
    text=$(attr data-pe-figure-text-min)
    [ "$unread" = 0 ] || problems+=("$unread of $figures figures' text could not be read")
    if [ "$text" != none ] && awk -v t="$text" -v m="$min_figure_text" 'BEGIN { exit !(t < m) }'; then
      problems+=("figure text rendered at ${text} px (minimum $min_figure_text): $(attr data-pe-figure-text-smallest)")
    fi
    if $annotated; then
      badges=$(attr data-pe-badges)
      badge_font=$(attr data-pe-badge-font-min)
      [ "$badges" -gt 0 ] || problems+=("no verdict badge or statement standing on the annotated article")
      [ "$(attr data-pe-badges-hidden)" = 0 ] ||
        problems+=("$(attr data-pe-badges-hidden) of $badges badges and standings not visible")
      if [ "$badge_font" != none ] && awk -v t="$badge_font" -v m="$min_figure_text" 'BEGIN { exit !(t < m) }'; then
        problems+=("badge text rendered at ${badge_font} px (minimum $min_figure_text): $(attr data-pe-badge-smallest)")
      fi
      broken=$(tr ' ' '\n' <<< "$(attr data-pe-badge-links)" | grep -v '^$' | unresolved | head -n 3 | tr '\n' ' ')
      [ -z "$broken" ] || problems+=("badge links that land on no anchor of the built pages: $broken")
    fi
    if [ ${#problems[@]} -gt 0 ]; then
      for p in "${problems[@]}"; do echo "FAIL $page at $width px: $p"; done
      failures=$((failures + 1))
    else
      echo "page $page at $width px: $cards cards, tallest $tallest px, mean $((cards ? total / cards : 0)) px," \
           "page $(attr data-pe-page-height) px; narrowest column ${column} px; reasons visible $reasons;" \
           "$figures figures, smallest text ${text} px$($annotated &&
             echo "; $(attr data-pe-badges) badges and standings, text at least $(attr data-pe-badge-font-min) px, every link resolves")"
    fi
  done
done

if [ "$failures" -gt 0 ]; then
  echo "$failures page layout(s) a reader cannot read"
  exit 1
fi
echo "every page laid out ($(wc -w <<< "$pages") pages, ${#reference_page[@]} of Doxygen's at ${reference_widths[*]} px only) reads at" \
     "${widths[*]} px: no horizontal scrolling, no squeezed column, cell or card"
