# Sourced by the browser checks (check_rendering.sh, check_lab.sh): finds Debian's chromium or
# exits 77 (CTest's skip code) saying what went unchecked, and defines chromium_run.
#
# usage: source headless_chromium.sh "WHAT WAS NOT CHECKED"
chromium_bin=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium_bin" ]; then
  echo "SKIPPED: chromium is not installed (Debian: apt-get install -y chromium); $1 not checked"
  exit 77
fi
chromium_profile=$(mktemp -d)
trap 'rm -rf "$chromium_profile"' EXIT

# A fresh profile, no network services, virtual time so scripts (MathJax, the lab's probe)
# finish before the dump or the screenshot.
chromium_run() {
  timeout 120 "$chromium_bin" --headless --no-sandbox --disable-gpu --disable-quic \
    --no-first-run --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$chromium_profile" --virtual-time-budget=10000 "$@" 2>/dev/null
}
