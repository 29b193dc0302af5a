/// @file
/// @brief The documentation generator's pieces: evaluated claims rendered as Doxygen
/// markdown, and narrative templates expanded into Doxygen pages.
///
/// The narrative pages (a section's in `theorems/NN-section/` beside its units, the others in
/// `docs/narrative/`) are written by hand but are not Doxygen input
/// themselves: pe_docgen expands them into `<build>/docs/generated/pages/`, and Doxygen reads
/// those. A template is Doxygen markdown plus these directives (unknown ones are errors):
///
/// | directive | on its own line? | becomes |
/// |---|---|---|
/// | `[[section NAME]]` | yes | nothing; declares the ledger section the page documents |
/// | `[[section]]` | yes | the same, for the section declared in the page's own folder (`theorems/NN-*/NAME_section.cpp`), so that its title is written once |
/// | `[[section-title]]` | no | the page's section's title, as the article prints it (in the page's heading) |
/// | `[[claims PREFIX ... !PREFIX ...]]` | yes | a table of the claims, from any section, whose id starts with one of the prefixes and with none of the `!` ones (a note when there are none yet) |
/// | `[[claims-rest]]` | yes | a table of the page's section's claims not shown by an earlier table on the page (a note when the section has none at all); appended at the end when absent |
/// | `[[unit NAME]]` | no | a link to `theorems/NN-section/NAME.cpp`; a unit that does not exist is an error |
/// | `[[recorded FILE]]` | yes | a recorded profile, docs/measurements/FILE, as a code block: its comment lines and table, the indented detail lines left in the file |
/// | `[[summary]]` | yes | the counts of claims, verdicts and errata, and the failing statements split by kind (the article's mathematics, setting-dependent, reproducing nowhere) |
/// | `[[training-selection]]` | yes | the rule that chose the training recipes, each family's grid with every recipe's validation figures, and the chosen recipes (Context::training_selection) |
/// | `[[harness]]` | yes | the article's 24 harness rows with the CTest name patterns that run each (theorems/ledger/harness.hpp) |
/// | `[[certification]]` | yes | the deterministic printed and bound claims not certified, each with its reason, and the certified ones whose floating-point route disagrees with the enclosure in the printed digits (report::certification_markdown) |
/// | `[[pages]]` | yes | a list of links to every generated page, in order |
/// | `[[argument-map]]` | yes | the article's statements as a graph (argument_map.hpp): a legend with each colour's count, then the SVG the docs build draws with Graphviz from argument_dot |
/// | `[[argument-table]]` | yes | one row per statement: label, section, verdict, evidence, standing |
/// | `[[external-lemmas]]` | yes | one row per external lemma the proofs cite: name, where it is proved, the claims and statements citing it |
/// | `[[annotated-article]]` | yes | a link to the annotated copy of the article (article.html) with its count of printed numbers, or how to write one when the build has no copy |
/// | `[[filing exhibit]]`, `[[filing exhibit N]]` | yes | the case study's exhibit filing as readable text, company mentions highlighted (filing_markup); with N, its first N tokens |
/// | `[[filing heldout K]]`, `[[filing heldout K N]]` | yes | held-out filing K (0-based) of the case study's corpus, likewise |
///
/// On a page with a section, the cards of `[[claims ...]]` and `[[claims-rest]]` are grouped by
/// statement, and each of the section's statements opens with one line: its label, standing and
/// evidence (argument_map.hpp, statement_blocks).
///
/// So the pages grow by themselves: a claim declared by a new unit appears in its section's
/// page (in a prefix table or the rest table), in the list of all claims, and, when it is an
/// erratum or disagrees with its expectation, in the errata page.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "cards.hpp"
#include "claims_render.hpp"
#include "synthetic_filings.hpp"
#include "ledger.hpp"
#include "statements.hpp"

namespace pe::docgen {



/// A filing as Doxygen markdown a person can read: an italic caption (`caption`, the filing's
/// length and how much is shown, its companies by order of first appearance) and its words as
/// one paragraph in a `<div class="pe-filing">`. Each company mention becomes
/// `<span class="pe-mention" title="token T, company K">Name<sub>K</sub></span>`, K being the
/// company's order of first appearance and T the mention's token position; every word is
/// escaped (report::escape_markdown), so no filing text can inject markup. `max_tokens` <= 0 shows every
/// token, otherwise the first `max_tokens`. Throws std::invalid_argument for a mention whose
/// company index is not one of the document's companies.
std::string filing_markup(const experiments::Document& document, const std::string& caption,
                          int max_tokens);


/// One page produced from a template.
struct Page {
  std::string file;     ///< output file name, e.g. "20-clocks.md"
  std::string label;    ///< the Doxygen page label from the `# Title {#label}` line
  std::string section;  ///< the ledger section, empty for pages without one
  std::string text;     ///< the expanded markdown
};


/// What one recorded run of `.ci/run` cost (docs/measurements/ci.log, written by
/// docs/record_ci_run.sh from the run's output): each step's wall seconds, the tests each ctest
/// run passed, and the slowest fixtures' times.
struct CiRun {
  std::string commit;
  std::vector<std::pair<std::string, long>> steps;  ///< step name, wall seconds
  long total_seconds = 0;
  /// Per ctest run in order, named by the step it ran in: tests passed of tests run, its wall time,
  /// and named tests' times (sweep.run, tournament.train, filings_study.prepare, docs.build).
  struct Tests {
    std::string run;
    int passed = 0, total = 0;
    double seconds = 0;
    std::vector<std::pair<std::string, double>> named;
  };
  std::vector<Tests> tests;
};

/// Reads a recorded run. Throws std::invalid_argument naming the line for a record that does
/// not have the form record_ci_run.sh writes.
CiRun parse_ci_run(const std::string& text);

/// "30 min 37 s", "22 s".
std::string minutes_text(double seconds);

/// The Markdown of [[ci-costs]]: the recorded run's steps and costs as a table and a sentence.
std::string ci_costs_markdown(const CiRun& run);

/// The Markdown of [[benchmarks NAME]]: a table of a recorded Google Benchmark run (the JSON that
/// `NAME --benchmark_format=json` prints, kept as docs/measurements/NAME.json): each benchmark's
/// wall and CPU time per iteration and its counters, then where and when it ran. Throws
/// std::invalid_argument for JSON that is not a Google Benchmark report.
std::string benchmarks_markdown(const std::string& name, const std::string& json);

/// The `{#label}` of a template's first `# ` heading. Throws std::invalid_argument (naming the
/// file) when there is none.
std::string page_label(const std::string& text, const std::string& file);

/// The NAME of a template's `[[section NAME]]` line, or for `[[section]]` the section declared in
/// the template's folder; "" when it has none. Throws std::invalid_argument when NAME is not one
/// of ledger::sections(), or when no section is declared in the folder of a `[[section]]`.
std::string page_section(const std::string& text, const std::string& file);

/// Expands one template. Throws std::invalid_argument naming the file and line for an unknown
/// or malformed directive.
Page expand_template(const std::string& text, const std::string& file, const Context& context);

/// A page for a ledger section that has no narrative template: heading and claims table.
Page section_page(const std::string& section, const Context& context);

/// The errata page: declared errata and claims whose verdict differs from the expectation.
Page errata_page(const Context& context);

/// The command that reruns one claim's test, as the page of every claim prints it (TEST stands
/// for the test a card names). In double quotes: Doxygen takes a backtick followed later by a
/// single quote for a pair of typographic quotes, and prints such a code span garbled. (Not a
/// code block: beside the page's floating table of contents it would scroll, half hidden.)
inline constexpr std::string_view kRerunCommand = "ctest --preset release -R \"^TEST$\"";

/// Every claim, grouped by section, each with its anchor.
Page all_claims_page(const Context& context);

}  // namespace pe::docgen
