#!/usr/bin/env bash
# CTest `source.layout_detects_knots`: tests/source_layout.sh on a copy of the sources with
# knots planted must fail naming each: docs/cards.hpp including docgen.hpp (whose module
# includes cards: a mutual pair), theorems/report/report.cpp including a section's header,
# article data in the ledger (a section's title and a statement declared in statements.cpp),
# a unit of the Implementation section fetching the headline runs instead of reading those handed,
# and theorem1.cpp (30-clocks) including the window section's title, which closes a cycle
# 30-clocks -> 60-window -> 30-clocks (experiment_sinusoidal_heads.cpp names the clocks section),
# and numerics/clocks.cpp including symbolic_identity.hpp, which closes a cycle of three modules
# (symbolic_identity includes attention, which includes clocks).
# usage: source_layout_plant.sh SOURCE_DIR
set -euo pipefail
root=${1:?usage: source_layout_plant.sh SOURCE_DIR}
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
cp -r "$root"/numerics "$root"/experiments "$root"/theorems "$root"/docs "$root"/tests "$copy"/
sed -i '0,/^#include "ledger.hpp"/s//#include "docgen.hpp"\n#include "ledger.hpp"/' "$copy/docs/cards.hpp"
sed -i '0,/^#include "report.hpp"/s//#include "report.hpp"\n#include "harness.hpp"/' "$copy/theorems/report/report.cpp"
sed -i '0,/^#include "clocks_section.hpp"/s//#include "clocks_section.hpp"\n#include "window_section.hpp"/' \
  "$copy/theorems/30-clocks/theorem1.cpp"
sed -i '0,/^#include "clocks.hpp"/s//#include "clocks.hpp"\n#include "symbolic_identity.hpp"/' "$copy/numerics/clocks.cpp"
echo 'static const auto& fetched = pe::theorems::lab::headline_runs();' \
  >> "$copy/theorems/88-implementation/implementation.cpp"
printf '%s\n' 'const char* const kPlantedTitle = "Honest caveats";' \
  'const auto kPlantedStatement = statement("planted").label("a planted statement");' >> "$copy/theorems/ledger/statements.cpp"
if out=$(bash "$root/tests/source_layout.sh" "$copy" 2>&1); then
  echo "the layout check passed a copy with knots planted:"; echo "$out"; exit 1
fi
echo "$out" | grep -E "include each other's modules|includes nothing from a section folder|article data in the ledger|fetches lab::headline_runs|in a cycle"
grep -q "include each other's modules (cards, docgen)" <<< "$out" &&
  grep -q "theorems/report/report.cpp includes theorems/88-implementation/harness.hpp" <<< "$out" &&
  grep -q 'statements.cpp:[0-9]*: the section title "Honest caveats": article data in the ledger' <<< "$out" &&
  grep -q 'statements.cpp:[0-9]*: const auto kPlantedStatement = statement("planted").*: article data in the ledger' <<< "$out" &&
  grep -q "theorems/88-implementation/implementation.cpp:[0-9]*: fetches lab::headline_runs()" <<< "$out" &&
  grep -q "modules include each other in a cycle: clocks -> symbolic_identity -> attention -> clocks" <<< "$out" &&
  grep -q "the section folders include each other in a cycle: theorems/30-clocks -> theorems/60-window -> theorems/30-clocks (first step: theorems/30-clocks/theorem1.cpp includes theorems/60-window/window_section.hpp)" <<< "$out"
