#!/usr/bin/env bash
# CTest `source.layout`: the layout issue 28 fixed, kept.
#   1. The folders form layers, each including only its own headers and those of the layers
#      below: numerics/ -> experiments/ -> theorems/ledger/ -> theorems/lab/ -> theorems/article/
#      (the printed tables several sections read) -> theorems/NN-*/ (the units, one folder per
#      article section) -> theorems/report/. docs/ and tests/ sit on top and may include anything. The
#      ledger stands on the mathematics alone: it includes nothing from experiments/ (the
#      trained runs reach a claim through theorems/lab/, issue 39).
#   2. No file name is used in two folders (Doxygen's source pages are named by file alone).
#   3. No function in numerics/, experiments/, theorems/ or docs/ is longer than 80 lines: a
#      claim is one short declaration, and so is everything that serves it. A program's main()
#      is exempt: it reads the options and runs the steps in order, and its length is that list.
#   4. One namespace per folder (issue 39), so that what a folder declares is found in one place:
#      numerics/ opens pe, experiments/ pe::experiments, theorems/ledger/ pe::ledger,
#      theorems/lab/ pe::theorems::lab, theorems/report/ pe::report, docs/ pe::docgen, and each
#      section folder theorems/NN-*/ pe::theorems, where a unit file FILE may also keep its
#      declarations in FILE_claims (named after the file, so the unit is found from the name).
#      Two exceptions, named here: numerics/multiprecision.hpp (MPFR) and
#      numerics/symbolic_eigen.hpp (GiNaC) specialise Eigen's NumTraits, which Eigen looks up in
#      its own namespace.
#   6. No two modules (a header and its .cpp) include each other, directly or through a chain of
#      other modules (issue 63), and 7. theorems/report/
#      includes nothing from a section folder theorems/NN-*/ (a section reaches the report through
#      the ledger or a registry in theorems/lab/, as the readings' rule-outs do).
#   8. theorems/ledger/ holds no article data (issue 53): no section's title and no declaration of
#      a section's records (statement(...), non_claim(...), PE_SECTION ...); each section folder
#      declares its own (theorems/NN-*/NAME_section.cpp, section_registry.hpp).
#   9. A claim reads only the runs it is handed: no section folder calls lab::headline_runs().
#  10. The section folders include each other in no cycle of any length (issue 63): a section
#      may read another's title where it declares a claim of that section, but no chain of such
#      includes comes back to where it started.
#   5. Inside experiments/, the head sits below the scheme rules (issue 39): attention_head.hpp
#      and attention_head.cpp reach position_scheme.hpp through no chain of includes and never
#      name rule_of; whatever must ask a rule lives in position_scheme.* or above it.
# Prints the include graph between the layers. usage: source_layout.sh SOURCE_DIR
set -euo pipefail
root=${1:?usage: source_layout.sh SOURCE_DIR}
cd "$root"
readonly max_lines=80
command -v ctags-universal > /dev/null || { echo "source.layout: needs ctags-universal (Debian: universal-ctags)"; exit 1; }
layers=(numerics experiments theorems/ledger theorems/lab theorems/article theorems theorems/report)
problems=0

# The layer index of a file's folder, or -1, in `layer` (no subshell: the check runs it per include).
layer_of() {
  local dir=${1%/*}
  [[ $dir =~ ^theorems/[0-9][0-9]-[a-z-]+$ ]] && dir=theorems  # a section's units
  layer=-1
  for i in "${!layers[@]}"; do [[ $dir == "${layers[$i]}" ]] && { layer=$i; return 0; }; done
  return 0
}

# The sources by walking the folders, not by asking git: the check also runs in copies that are
# not checkouts (tests/mutation's scratch copy).
mapfile -t sources < <(find numerics experiments theorems docs tests -name '*.cpp' -o -name '*.hpp' | sort)
mapfile -t ruled_sources < <(printf '%s\n' "${sources[@]}" | grep -E '^(numerics|experiments|theorems|docs)/')

# 2. unique file names
dups=$(printf '%s\n' "${sources[@]##*/}" | sort | uniq -d)
if [[ -n $dups ]]; then
  for name in $dups; do
    echo "file name used in more than one folder: $(printf '%s\n' "${sources[@]}" | grep "/$name\$" | tr '\n' ' ')"
  done
  problems=$((problems + 1))
fi

# 1. layers
declare -A where edges includes
for f in "${sources[@]}"; do where[${f##*/}]=$f; done
# Each file's quoted includes, one a line, read in one pass (a process per file costs seconds).
while IFS=: read -r f header; do
  includes[$f]+="$header"$'\n'
done < <(grep -H '^#include "' "${sources[@]}" | sed 's/^\([^:]*\):#include "\([^"]*\)".*/\1:\2/')
for f in "${sources[@]}"; do
  layer_of "$f"; from=$layer
  (( from < 0 )) && continue
  while read -r header; do
    [[ -z $header ]] && continue
    target=${where[${header##*/}]:-}
    [[ -z $target ]] && continue
    layer_of "$target"; to=$layer
    (( to < 0 )) && continue
    edges["${layers[$from]} -> ${layers[$to]}"]=$(( ${edges["${layers[$from]} -> ${layers[$to]}"]:-0} + 1 ))
    if (( to > from )); then
      echo "$f includes $target: ${layers[$to]}/ is above ${layers[$from]}/"
      problems=$((problems + 1))
    fi
    if [[ ${layers[$from]} == theorems/ledger && ${layers[$to]} == experiments ]]; then
      echo "$f includes $target: the ledger includes nothing from experiments/"
      problems=$((problems + 1))
    fi
  done <<< "${includes[$f]:-}"
done
echo "includes between layers (from -> to: count):"
for edge in "${!edges[@]}"; do
  [[ ${edge%% -> *} != "${edge##* -> }" ]] && echo "  $edge: ${edges[$edge]}"
done | sort

# 4. one namespace per folder: the folder and the only namespace its files may open
declare -A folder_namespace=([numerics]=pe [experiments]=pe::experiments [theorems/ledger]=pe::ledger
                             [theorems/lab]=pe::theorems::lab [theorems/article]=pe::theorems
                             [theorems/report]=pe::report [docs]=pe::docgen)
for section in theorems/[0-9][0-9]-*/; do folder_namespace[${section%/}]=pe::theorems; done
for folder in "${!folder_namespace[@]}"; do
  allowed=${folder_namespace[$folder]}
  sources=$(compgen -G "$folder/*.[ch]pp" || true)
  [[ -z $sources ]] && continue
  while IFS=: read -r file line text; do
    [[ $text =~ ^[[:space:]]*namespace\ ([A-Za-z0-9_:]+)\ \{ ]] && name=${BASH_REMATCH[1]}
    stem=${file%.*}; stem=${stem##*/}
    [[ $name == "$allowed" ]] && continue
    [[ $folder == theorems/[0-9][0-9]-* && ( $name == "${stem}_claims" || $name == "pe::theorems::${stem}_claims" ) ]] &&
      continue
    [[ ( $file == numerics/multiprecision.hpp || $file == numerics/symbolic_eigen.hpp ) && $name == Eigen ]] &&
      continue
    # GiNaC's cosine integral, declared where numerics' templates find it by argument-dependent lookup.
    [[ ( $file == numerics/symbolic_eigen.hpp || $file == numerics/symbolic_identity.cpp ) && $name == GiNaC ]] &&
      continue
    echo "$file:$line: $text: $folder/ opens no namespace but $allowed"
    problems=$((problems + 1))
  done < <(grep -Hn -E '^[[:space:]]*namespace [A-Za-z0-9_:]+ \{' $sources || true)
done

# 6. no two modules include each other (a module: a header and its .cpp, named by their stem),
#    and 7. the report's machinery includes nothing from a section folder (a section's data or
#    programs reach the report through the ledger, never by name)
declare -A module_includes
for f in "${ruled_sources[@]}"; do
  from=${f%.*}; from=${from##*/}
  while read -r header; do
    [[ -z $header ]] && continue
    target=${where[${header##*/}]:-}
    [[ -z $target ]] && continue
    to=${target%.*}; to=${to##*/}
    [[ $to != "$from" ]] && module_includes["$from>$to"]=$f
    if [[ $f == theorems/report/* && $target =~ ^theorems/[0-9][0-9]-[a-z-]+/ ]]; then
      echo "$f includes $target: the report's machinery includes nothing from a section folder"
      problems=$((problems + 1))
    fi
  done <<< "${includes[$f]:-}"
done
# first_cycle MIN EDGE...: depth-first over the edges "FROM TO", nodes and their successors in
# sorted order so that the report is the same on every run; prints the first cycle found of MIN
# or more nodes as "a -> b -> ... -> a", or nothing. Rules 6' and 10 both use it.
first_cycle() {
  local min=$1 edge node
  shift
  local -A next=() colour=()
  local stack=() found=""
  for edge in "$@"; do next[${edge%% *}]+="${edge##* } "; done
  visit() {
    local at=$1 to i
    colour[$at]=grey
    stack+=("$at")
    for to in $(tr ' ' '\n' <<< "${next[$at]:-}" | sort); do
      if [[ ${colour[$to]:-} == grey ]]; then
        for i in "${!stack[@]}"; do
          if [[ ${stack[$i]} == "$to" && -z $found ]] && (( ${#stack[@]} - i >= min )); then
            found="$(printf '%s -> ' "${stack[@]:$i}")$to"
          fi
        done
      elif [[ -z ${colour[$to]:-} ]]; then
        visit "$to"
      fi
    done
    unset 'stack[${#stack[@]}-1]'
    colour[$at]=black
  }
  for node in $(printf '%s\n' "${!next[@]}" | sort); do
    [[ -z ${colour[$node]:-} ]] && visit "$node"
  done
  echo "$found"
}

# 6'. nor do modules include each other through a longer chain (a cycle of two is reported above)
mapfile -t module_edge_list < <(for pair in "${!module_includes[@]}"; do echo "${pair%%>*} ${pair##*>}"; done)
module_cycle=$(first_cycle 3 "${module_edge_list[@]}")
if [[ -n $module_cycle ]]; then
  echo "modules include each other in a cycle: $module_cycle"
  problems=$((problems + 1))
fi

# 10. no cycle among the section folders, of any length (first_cycle over the folder-to-folder
#     includes)
declare -A section_edges
for f in "${ruled_sources[@]}"; do
  [[ $f =~ ^(theorems/[0-9][0-9]-[a-z-]+)/ ]] || continue
  from=${BASH_REMATCH[1]}
  while read -r header; do
    [[ -z $header ]] && continue
    target=${where[${header##*/}]:-}
    [[ $target =~ ^(theorems/[0-9][0-9]-[a-z-]+)/ ]] || continue
    to=${BASH_REMATCH[1]}
    [[ $to != "$from" && -z ${section_edges["$from $to"]:-} ]] && section_edges["$from $to"]="$f includes $target"
  done <<< "${includes[$f]:-}"
done
mapfile -t section_edge_list < <(printf '%s\n' "${!section_edges[@]}" | sort)
cycle=$(first_cycle 2 "${section_edge_list[@]}")
if [[ -n $cycle ]]; then
  start=${cycle%% *}
  first=${cycle#"$start -> "}; first=${first%% *}
  echo "the section folders include each other in a cycle: $cycle (first step: ${section_edges["$start $first"]})"
  problems=$((problems + 1))
fi

for pair in "${!module_includes[@]}"; do
  a=${pair%%>*} b=${pair##*>}
  if [[ $a < $b && -n ${module_includes["$b>$a"]:-} ]]; then
    echo "${module_includes[$pair]} and ${module_includes["$b>$a"]} include each other's modules ($a, $b)"
    problems=$((problems + 1))
  fi
done

# 9. a claim reads the runs it is handed: no file of a section folder fetches the headline runs
#    itself (the programs that hand runs to claims, tests/claims_main.cpp and pe_sweep, do)
while IFS=: read -r file line _; do
  echo "$file:$line: fetches lab::headline_runs(): a claim reads only the runs it is handed"
  problems=$((problems + 1))
done < <(grep -Hn -E '\bheadline_runs\(\)' $(printf '%s\n' "${ruled_sources[@]}" | grep -E '^theorems/[0-9][0-9]-') || true)

# 5. the head below the scheme rules: no include chain from the head's files to the registry
head_files=(experiments/attention_head.hpp experiments/attention_head.cpp)
declare -A reached=([experiments/attention_head.hpp]=start [experiments/attention_head.cpp]=start)
pending=("${head_files[@]}")
while (( ${#pending[@]} > 0 )); do
  f=${pending[0]}
  pending=("${pending[@]:1}")
  while read -r header; do
    [[ -z $header ]] && continue
    target=${where[${header##*/}]:-}
    [[ -z $target || -n ${reached[$target]:-} ]] && continue
    reached[$target]=$f
    pending+=("$target")
  done <<< "${includes[$f]:-}"
done
if [[ -n ${reached[experiments/position_scheme.hpp]:-} ]]; then
  chain=experiments/position_scheme.hpp
  while [[ ${reached[${chain%% *}]} != start ]]; do chain="${reached[${chain%% *}]} $chain"; done
  echo "${chain%% *} reaches the scheme registry: $(echo "$chain" | sed 's/ / -> /g'):" \
       "the head sits below the rules"
  problems=$((problems + 1))
fi
while IFS=: read -r file line text; do
  echo "$file:$line: names rule_of: the head asks no scheme rule (position_scheme.hpp does)"
  problems=$((problems + 1))
done < <(grep -Hn -w 'rule_of' "${head_files[@]}" || true)

# 8. the ledger holds no article data (issue 53): no section's title (each written once, in its
#    folder's theorems/NN-*/NAME_section.hpp) and no declaration of a section's records; the
#    section folders declare them through the registry (theorems/ledger/section_registry.hpp)
mapfile -t titles < <(sed -n 's/^inline constexpr char k[A-Za-z]*Section\[\] = "\(.*\)";$/\1/p' \
                        theorems/[0-9][0-9]-*/*_section.hpp)
if (( ${#titles[@]} == 0 )); then
  echo "source.layout: found no section title in theorems/NN-*/*_section.hpp"
  exit 1
fi
for title in "${titles[@]}"; do
  while IFS=: read -r file line _; do
    echo "$file:$line: the section title \"$title\": article data in the ledger (its section declares it)"
    problems=$((problems + 1))
  done < <(grep -HnF "\"$title\"" theorems/ledger/*.[ch]pp || true)
done
while IFS=: read -r file line text; do
  echo "$file:$line: ${text#"${text%%[![:space:]]*}"}: article data in the ledger (a section file declares its records)"
  problems=$((problems + 1))
done < <(grep -HnE '(^|[^A-Za-z_])(statement|non_claim|non_edge)\("|^[[:space:]]*PE_(SECTION|STATEMENTS|NON_CLAIMS|TERMINATORS|NON_EDGES)\(|(Statement|NonClaim)[[:space:]]*\{[[:space:]]*"' \
           theorems/ledger/*.[ch]pp | grep -vE '^[^:]+:[0-9]+:[[:space:]]*(//|#define)' || true)

# 3. function lengths in numerics/, experiments/, theorems/ and docs/ (main() exempt)
longest=0
while IFS=$'\t' read -r length place name; do
  (( length > longest )) && { longest=$length; longest_at="$place $name"; }
  if (( length > max_lines )); then
    echo "$place: $name is $length lines (at most $max_lines)"
    problems=$((problems + 1))
  fi
done < <(ctags-universal -o - --language-force=C++ --kinds-C++=f --fields=+ne \
           "${ruled_sources[@]}" |
         awk -F'\t' '{ l = e = 0; for (i = 4; i <= NF; ++i) { if ($i ~ /^line:/) l = substr($i, 6);
                       if ($i ~ /^end:/) e = substr($i, 5) }
                       if (l && e && $1 != "main") printf "%d\t%s:%d\t%s\n", e - l + 1, $2, l, $1 }')
if (( longest == 0 )); then
  echo "source.layout: ctags found no function in numerics/, experiments/, theorems/ or docs/"
  exit 1
fi
echo "longest function (main() exempt): $longest lines ($longest_at)"

if (( problems > 0 )); then
  echo "source.layout: $problems problem(s)"
  exit 1
fi
echo "source.layout: layers, file names, function lengths, one namespace per folder, the head" \
     "below the scheme rules, no article data in the ledger, and no cycle among the modules or the section folders, as required"
