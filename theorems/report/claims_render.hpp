/// @file
/// @brief The one renderer of evaluated claims: the counts (summarise, summary_markdown), the
/// claims listing (claims_listing: claims.md's tables, the pages' cards), the list of what the
/// article gets wrong (wrong_list_markdown) and the escaper (escape_markdown). The report
/// (report/claims.md, GitHub Markdown; ledger.cpp) and the documentation pages (Doxygen
/// Markdown; docs/docgen.cpp) both call these: a column or a count added here reaches both.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "ledger.hpp"

namespace pe::report {

/// The Markdown a rendering is read by; it also picks the few words in which the report and the
/// pages differ.
enum class Markdown {
  github,   ///< report/claims.md: only what would break a table row is escaped
  doxygen,  ///< the documentation pages: Doxygen's commands and Markdown's markup escaped too
};

/// Makes arbitrary text literal in a table cell or a paragraph; newlines become `<br>`. For
/// Doxygen it also escapes Doxygen's command characters, Markdown's emphasis, code and link
/// characters and dash runs, and drops carriage returns.
std::string escape_markdown(std::string_view text, Markdown markdown);
/// As escape_markdown for a paragraph or a list item rather than a table cell: GitHub Markdown
/// reads a '|' there as itself, so claims.md's lists print "|a - b|" as a reader types it; the
/// Doxygen pages escape as escape_markdown.
std::string escape_markdown_text(std::string_view text, Markdown markdown);

/// "Position as a set of clocks" -> "position-as-a-set-of-clocks".
std::string slug(const std::string& text);

/// The anchor of a claim's card on the documentation's page of every claim: "claim-" followed by
/// the id with '.' as '-'. Throws std::invalid_argument when the id is not a ledger id
/// ([A-Za-z0-9_] parts joined by dots).
std::string card_anchor(std::string_view id);
/// The anchor of a statement's row on the documentation's argument map page: "map-statement-"
/// followed by the id with '.' as '-' (throws as card_anchor).
std::string statement_map_anchor(std::string_view id);

/// Counts over evaluated claims.
struct Summary {
  /// `holds` leaves out the relations that cannot bite (`cannot_bite`): they hold, but say nothing.
  int claims = 0, holds = 0, fails = 0, errors = 0, errata = 0, disagreements = 0, cannot_bite = 0;
  /// Failing statements by kind (ledger::Record::reproduction): exact claims (the article's
  /// mathematics), experiment claims that hold in some other training setting, and those that
  /// hold in none; `not_swept` when the sweep did not run.
  int fails_mathematics = 0, fails_setting_dependent = 0, fails_everywhere = 0, fails_not_swept = 0;
  /// Failing statements about the article's own corpus, which is not available: they are
  /// checked on this project's re-creation of it (unit filings_corpus), and a failure says the
  /// re-creation lacks the property, not that the article's mathematics is wrong.
  int fails_recreated_corpus = 0;
  /// Failing relations among the article's own printed numbers (each section's consistency_NAME.cpp): no values
  /// its digits allow satisfy them.
  int fails_printed_numbers = 0;
  /// The relations among printed numbers (ledger::Record::consistency), by grade; they are not counted as
  /// the article's mathematics, nor among the deterministic claims certified on enclosures.
  int relations = 0, relations_consistent = 0, relations_wrong_digit = 0, relations_changing_conclusion = 0,
      relations_cannot_bite = 0;
  /// Experiment claims that fail with an inconclusive decision (counted apart from the classes
  /// above: with their seeds the verdict could go either way).
  int fails_inconclusive = 0;
  /// The headline's shape: the article's mathematics (exact claims outside the corpus unit), the
  /// corpus statements, and the experiment claims by class (ledger::Record::reproduction).
  int mathematics_checked = 0, mathematics_holding = 0, corpus_checked = 0, corpus_holding = 0;
  int reproduces = 0, fragile = 0, setting_dependent = 0, does_not_reproduce = 0, inconclusive = 0,
      not_swept = 0;
  /// Printed values with more digits than three seeds support (ledger::Record::overprecise).
  int overprecise = 0;
  /// Swept claims that depend on the reading (ledger::Record::reading_dependent), those of them
  /// whose readings' own verdicts differ (readings_split), and those at the edge
  /// (ledger::Record::edge).
  int reading_dependent = 0, readings_split = 0, at_the_edge = 0;
  int not_run = 0;  ///< declared but not evaluated in this run (the report only)
  /// Printed and bound claims whose reproduction is "exact" (no trained head involved), and
  /// how many of them were decided on a rigorous enclosure.
  int deterministic = 0, certified = 0;
  int certified_by_construction = 0;  ///< enclosed, but by construction: never counted as certified
};
Summary summarise(const std::vector<ledger::Record>& records, int not_run = 0);

/// Why a failing statement fails, as the report, the headline and the errata page group them:
/// "mathematics", "printed-numbers" (a relation among the article's printed numbers), "recreated-corpus", "setting-dependent", "does-not-reproduce", "inconclusive"
/// or "other".
std::string failure_cause(const ledger::Record& record);

/// True for a claim the errata lists show: declared as an erratum, or verdict != expected.
bool belongs_in_errata(const ledger::Record& record);

/// The errata groups in order, each a title and the failure causes it lists (the report's and the
/// pages' errata sections both follow it).
const std::vector<std::pair<std::string, std::string>>& errata_groups();

/// Three tables: the counts of claims and verdicts, the experiment claims by class, then why
/// the failing statements fail. The
/// report counts an evaluation error as a failing statement and shows the claims not run; the
/// pages render a report that has every claim, so they show the evaluation errors instead.
std::string summary_markdown(const Summary& summary, Markdown markdown);

/// How the deterministic printed and bound claims were decided, as two Markdown lists: the
/// claims not certified, each with its reason, and the certified claims whose floating-point
/// route decides the printed digits otherwise than the enclosure. Each list says "none" when
/// empty.
std::string certification_markdown(const std::vector<ledger::Record>& records, Markdown markdown);

/// Every inconclusive claim (ledger::Record::inconclusive), holding or failing, as a Markdown list: id,
/// verdict, the article's and the computed value, the resolution and why it cannot decide; "none"
/// when empty.
std::string inconclusive_markdown(const std::vector<ledger::Record>& records, Markdown markdown);
/// One line per claim that depends on the reading: its class, the article's value and each
/// reading's result (readings_text); "None." when there is none.
std::string reading_dependent_markdown(const std::vector<ledger::Record>& records, Markdown markdown);

/// How a listing names a claim: its id (the pages add an anchor or a link) and where it is
/// declared (the pages add links to the source line, the unit and the test).
struct ClaimLinks {
  std::function<std::string(const ledger::Record&)> id, declared;
};

/// The id and "theorems/30-clocks/theorem1.cpp:142", both in code font.
ClaimLinks plain_links();

/// Where a failing or inconclusive value lies against the article's: "higher", "lower" or
/// "equal" when both are plain decimal numbers, "" otherwise.
std::string direction(const ledger::Record& record);

/// The reason an erratum's note gives: the note up to its first " | " (what follows is the
/// evidence: per-seed values, the other family, the rule's arithmetic).
std::string reason(const ledger::Record& record);

/// At most `width` characters (UTF-8 code points counted as one), cut with an ellipsis; the cut
/// moves back before a number it would split, so that a number appears whole or not at all.
std::string shortened(const std::string& text, std::size_t width);

/// `text` fitted into `width` characters for a table cell with its numbers kept whole: a mean
/// with its band reads "20 seeds: 0.670 ± 0.0383"; then every decimal with more significant
/// digits than needed loses digits, from 10 down to 3, an interval [a, b] rounded outward (a down,
/// b up) so that it still encloses, any other number to nearest; what still does not fit is
/// shortened. The cell's full text is given below the table whenever the two differ.
std::string compact_face(const std::string& text, std::size_t width);

/// The computed value as a face shows it (table row, card, errata line): `computed`, or, for a
/// claim whose computed value is a residual (ledger::Record::residual), what holds and how closely:
/// "holds to 0.5 d·eps", "holds exactly", "misses by 3 d·eps"; never the bare residual, which
/// would read as the statement's quantity ("det R(k) = 1, computed 0.5").
std::string computed_face(const ledger::Record& record);

/// The claim's class as a listing shows it: "exact", "not swept", or the experiment class with
/// how many plausible settings it holds in, and what one setting would change (Record::edge).
std::string class_text(const ledger::Record& record);
/// "holds with a shared mark row (0.984 +/- 0.006), fails with a row per marked symbol (0.995
/// +/- 0.004) (each in its selected recipe)" when the readings' own verdicts differ; ""
/// otherwise.
std::string readings_split(const ledger::Record& record);
/// A reading's quantity in its selected recipe with the half-width of the band it is decided
/// with there and the estimate's standard error, "0.995 +/- 0.004, se 0.002" (without the se,
/// the value alone, or "band +/- 0.004", when less is recorded; "" when nothing is).
std::string reading_value(const ledger::Record::Reading& reading);
/// The words a reader knows a reading by (experiments::ModelReading::name), from its id; the id
/// itself for a reading this build does not sweep.
std::string reading_name(const std::string& id);
/// The share behind a swept claim's class, to two decimals ("-" when not swept).
std::string format_share(const ledger::Record& record);
/// Each reading's result of a swept claim, one "; "-separated item per reading, named in words:
/// its verdict in its selected recipe (and "undecided" when its band there cannot decide),
/// its quantity there with its band (reading_value), and in how many of its plausible settings
/// it holds; or the claim that rules the reading out.
std::string readings_text(const ledger::Record& record);

/// The claims, each as a compact line (claim, article, computed, verdict, class) with its other
/// fields (statement, where declared, rule, expectation, certification, seeds, resolution,
/// settings it holds in, note) under it, every text escaped; `with_reason` also shows each
/// erratum's reason beside the compact line.
/// - GitHub (claims.md): a table of the compact lines, at most about 160 characters wide (long
///   values are shortened there and given in full below), then one list item per claim (its
///   lines as long as its fields: the report wraps them, wrap_report).
/// - Doxygen (the pages): one card per claim (`div.pe-claim`), the detail in a `<details>`
///   element a reader expands.
std::string claims_listing(const std::vector<const ledger::Record*>& records, Markdown markdown,
                           const ClaimLinks& links, bool with_reason = false);

/// Lines of claims.md's prose are wrapped at this width; its tables stay within kReportTableWidth.
constexpr std::size_t kReportWidth = 100, kReportTableWidth = 160;

/// GitHub Markdown with every line but a table row or a heading wrapped at kReportWidth; a list
/// item's continuation lines are indented to its text. A word longer than a line stands alone.
std::string wrap_report(const std::string& markdown);

/// The relations among the article's printed numbers (each section's consistency_NAME.cpp), one line each: the
/// inconsistent ones first, then those that cannot bite, then the consistent ones, each with the
/// relation as printed and the interval it computed; `link` names each claim. "None" without any.
std::string relations_markdown(const std::vector<ledger::Record>& records, Markdown markdown,
                               const std::function<std::string(const ledger::Record&)>& link,
                               bool with_consistent = true);

/// "What the article gets wrong": every claim that fails or whose failure its seeds cannot
/// decide, one line each (the article's value, this project's, the direction, the class),
/// grouped as errata_groups(); `link` gives each line's claim name (a link to its detail on the
/// pages). "None" when there is nothing to list.
std::string wrong_list_markdown(const std::vector<ledger::Record>& records, Markdown markdown,
                                const std::function<std::string(const ledger::Record&)>& link);

/// The claims that hold on an estimate within its resolution of the threshold: not wrong, not
/// decided either; one line each, as wrong_list_markdown.
std::string undecided_holding_markdown(const std::vector<ledger::Record>& records, Markdown markdown,
                                       const std::function<std::string(const ledger::Record&)>& link);

}  // namespace pe::report
