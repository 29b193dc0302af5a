# Sourced by the browser checks (check_rendering.sh, check_layout.sh, check_map.sh,
# check_explorer.sh) and browser_fixture.sh: finds Debian's chromium and node or exits 77 (CTest's
# skip code) saying what went unchecked, and defines browser_session and browser_job.
#
# usage: source headless_chromium.sh "WHAT WAS NOT CHECKED"
chromium_bin=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium_bin" ]; then
  echo "SKIPPED: chromium is not installed (Debian: apt-get install -y chromium); $1 not checked"
  exit 77
fi
node_bin=$(command -v node || command -v nodejs || true)
if [ -z "$node_bin" ]; then
  echo "SKIPPED: node is not installed (Debian: apt-get install -y nodejs), and it drives chromium; $1 not checked"
  exit 77
fi

# Opens every page of JOBS in headless Chromium (browser_session.js: a fresh profile, no
# network services, virtual time so that MathJax and the probes finish before the dump or the
# screenshot) and prints what it did. JOBS: the lines browser_job printed. The browser is the
# ctest run's shared one when PE_BROWSER_SESSION names its socket (browser_fixture.sh) and it
# answers there, else one of the check's own. A page that fails gets no output file; the
# caller's check fails on that.
browser_session() {
  local driver rc=0
  driver="$(dirname "${BASH_SOURCE[0]}")/browser_session.js"
  if [ -n "${PE_BROWSER_SESSION:-}" ]; then
    "$node_bin" "$driver" --connect "$PE_BROWSER_SESSION" "$1" || rc=$?
    [ "$rc" -eq 2 ] || return 0
    echo "session: starting a browser for this check alone"
  fi
  "$node_bin" "$driver" "$chromium_bin" "$1" || true
}

# One line of a job file: browser_job WIDTH HEIGHT DOM_OUT PNG_OUT URL >> JOBS, "-" for an output
# not wanted; the window is WIDTH x HEIGHT (--window-size), and a screenshot hides the scrollbars
# (--hide-scrollbars). Tab-separated, so paths may hold spaces.
browser_job() {
  printf '%s\t%s\t%s\t%s\t%s\n' "$@"
}

# The page to load for FILE: FILE itself, or, for the self-contained annotated article (body class
# pe-annotated), a copy in DIR with the layout probe added and the docs' MathJax linked beside it.
# usage: probed_page FILE DIR   (prints the path to load)
probed_page() {
  local file=$1 dir=$2 html
  html=$(dirname "$file")
  # A page of Doxygen's own (a class, a file, a listing) does not load the probe: a copy does,
  # its relative links resolved against the output folder.
  if ! grep -q '<body class="pe-annotated"' "$file" && ! grep -q 'render_probe.js' "$file"; then
    sed "s|<head>|<head><base href=\"file://$(realpath -s "$html")/\">|; s|</body>|<script src=\"render_probe.js\"></script></body>|" \
      "$file" > "$dir/$(basename "$file")"
    echo "$dir/$(basename "$file")"
    return
  fi
  if ! grep -q '<body class="pe-annotated"' "$file"; then echo "$file"; return; fi
  cp "$html/render_probe.js" "$dir/"
  [ -e "$dir/mathjax" ] || ln -s "$(realpath -s "$html")/mathjax" "$dir/mathjax"
  sed 's|</body>|<script src="render_probe.js"></script></body>|' "$file" > "$dir/$(basename "$file")"
  echo "$dir/$(basename "$file")"
}
