#!/usr/bin/env bash
# Runs a page check once per input: the built pages (every file of HTML_DIR but MathJax, which
# enters through its MathJax.js; HTML_DIR "-" for a check that reads no pages), the files FILE...
# (the check's scripts, the stylesheet, the statements list; a folder stands for every file in
# it, at any depth), the browser's version and the command line. When a run of the same check
# passed on exactly those inputs, the check's recorded output is printed again and nothing is
# laid out; else the check runs, and its output and the inputs' digest are recorded when it
# passes. A failing or skipped check records nothing, so it runs again next time. PE_RECHECK=1
# runs the check whatever is recorded.
#
# usage: check_once.sh RECORD_DIR NAME HTML_DIR FILE... -- COMMAND [ARG...]
# exit:  the check's exit status (0 also when its pass on these inputs is replayed).
set -euo pipefail

if [ $# -lt 5 ]; then
  echo "usage: $0 RECORD_DIR NAME HTML_DIR FILE... -- COMMAND [ARG...]" >&2
  exit 2
fi
record_dir=$1 name=$2 html_dir=$3
shift 3
inputs=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do inputs+=("$1"); shift; done
if [ $# -lt 2 ]; then
  echo "check_once.sh: no command after --" >&2
  exit 2
fi
shift

# The browser's version from its package (a query of dpkg's database, much faster than starting
# the browser), else from the browser itself.
browser_version=$(dpkg-query -W -f '${Version}' chromium 2>/dev/null ||
                  (chromium --version || chromium-browser --version) 2>/dev/null || echo "no chromium")
digest=$( {
  printf '%s\n' "$name" "$browser_version" "$*"
  if [ "$html_dir" != - ]; then
    (cd "$html_dir" && find . -path ./mathjax -prune -o -type f -print0 | sort -z | xargs -0 -r sha256sum)
    [ -f "$html_dir/mathjax/MathJax.js" ] && sha256sum "$html_dir/mathjax/MathJax.js"
  fi
  for input in "${inputs[@]}"; do
    if [ -d "$input" ]; then find "$input" -type f -print0 | sort -z | xargs -0 -r sha256sum
    else sha256sum "$input"; fi
  done
  true
} | sha256sum | cut -c1-64)

mkdir -p "$record_dir"
record="$record_dir/$name.passed"
if [ -z "${PE_RECHECK:-}" ] && [ -f "$record" ] && [ "$(head -n 1 "$record")" = "$digest" ]; then
  echo "$name: the pages, the check's files and the browser are those of a passing run" \
       "($(sed -n 2p "$record")); its output, not laid out again (PE_RECHECK=1 reruns it):"
  tail -n +3 "$record"
  exit 0
fi

rm -f "$record"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
"$@" 2>&1 | tee "$log" || rc=${PIPESTATUS[0]}
if [ "$rc" -eq 0 ]; then
  { echo "$digest"; date -u +"%Y-%m-%d %H:%M:%S UTC"; cat "$log"; } > "$record.partial"
  mv "$record.partial" "$record"
fi
exit "$rc"
