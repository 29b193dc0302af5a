/// @file
/// @brief The article's argument as a map: its statements (definitions, proposition and theorem
/// parts, tables, experiment and remark paragraphs) in the article's order, the claims each
/// owns, the evidence kind of each claim, and the edges between statements (uses, explains).
///
/// Every ledger claim belongs to exactly one statement (CTest `ledger` checks it); the report
/// computes each statement's verdict, standing and evidence from its claims' records.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ledger.hpp"

namespace pe::ledger {

/// How a claim's verdict was reached, weakest first (the order summaries take the minimum in).
enum class Evidence {
  by_construction,  ///< holds because the project built its inputs to match; never support
  trained,          ///< an experiment claim: read off trained heads (reproduction not "exact")
  sampled,          ///< seeded random instances; the statement's `domain` gives n and the domain
  exhaustive,       ///< every case of a stated finite domain, against an error-analysis tolerance
  proved,           ///< decided on a rigorous enclosure or in exact arithmetic
};
std::string to_string(Evidence evidence);

/// A claim whose evidence the rules in evidence_of would get wrong, with the reason.
struct EvidenceOverride {
  std::string pattern;  ///< over claim ids, as Statement::claims
  Evidence kind;
  std::string why;
};

struct Statement {
  std::string id;       ///< "thm2", "prop4.iii", "table.tournament"
  std::string label;    ///< as the article names it: "Proposition 4 (iii)"
  std::string kind;     ///< definition, proposition, theorem, table, experiment, remark, figure, implementation
  std::string section;  ///< one of sections()
  /// Where its text begins in the article (the first words); its text runs to the next
  /// statement's anchor, a section heading or one of statement_terminators().
  std::string anchor;
  std::vector<std::string> claims;    ///< shell-style patterns over claim ids (`*` crosses dots)
  std::vector<std::string> uses;      ///< statements its proof or definition cites
  /// For a uses-edge, the claims (patterns) of the used statement this one reads: what a failure
  /// brings down follows these. An edge not listed reads every claim of the statement it uses;
  /// one listed with no pattern reads none of its numbers (it restates the setup).
  std::map<std::string, std::vector<std::string>> reads;
  std::vector<std::string> explains;  ///< experiment statements the article accounts for by it
  /// For an edge (uses or explains) no numbered mention backs: the edge's target -> a verbatim
  /// phrase of this statement's text that shows the dependency (unbacked_edges checks it).
  std::map<std::string, std::string> backing;
  /// The evidence of its claims that no rule of evidence_of decides (uncertified deterministic
  /// checks), and for sampled or exhaustive evidence the instances: n and the domain.
  Evidence residual = Evidence::sampled;
  std::string domain;
  std::vector<EvidenceOverride> overrides;
};

/// The statements in the article's order (the sections' PE_STATEMENTS blocks, section_registry.hpp).
const std::vector<Statement>& statements();
/// Phrases of the article that end a statement's text without beginning another (paragraphs
/// that read a statement but belong to none: the harness list, caveats without claims).
const std::vector<std::string>& statement_terminators();

/// Where a statement's text lies: bytes [begin, end); both npos when its anchor is not in the text.
struct TextSpan {
  std::size_t begin = std::string::npos, end = std::string::npos;
};

/// Each statement's text, in statements() order: from its anchor to the next anchor, terminator
/// (statement_terminators()) or section heading.
std::vector<TextSpan> statement_spans(std::string_view article);
/// The same over any map and terminators (a hand-written map in a test).
std::vector<TextSpan> statement_spans(std::string_view article, const std::vector<Statement>& map,
                                      const std::vector<std::string>& terminators);

/// Where each of the article's section headings stands: its byte offset and its title, in order.
std::vector<std::pair<std::size_t, std::string>> section_headings(std::string_view article);

/// One mention in the article of one of its own numbered statements ("Theorem 3 (ii)",
/// "Proposition 2", "Figure A"), wherever it stands: other articles' statements ("its Definition
/// 2", "that topic’s Proposition 3", "their Theorem 2.1") and a statement's mention of its own
/// family are left out.
struct Mention {
  std::size_t line = 0;       ///< 1-based line of the article
  std::string text;           ///< as printed: "Theorem 3 (iii)"
  std::string from;           ///< the statement whose text holds it; "" when none does
  std::vector<std::string> to;  ///< the statements it names (every part of a family named whole)
};
std::vector<Mention> statement_mentions(std::string_view article);

/// A mention that is no edge of the map, with the reason: where it stands (a phrase of its line,
/// unique in the article) and what it names.
struct NonEdge {
  std::string phrase, mention, reason;
};
const std::vector<NonEdge>& mention_non_edges();

/// Whether `from` and `to` are joined by a uses or an explains edge, in either direction of
/// explains, within `map` (across families an edge of any part of `from`'s family counts; between
/// parts of one family only `from`'s own).
bool joined(const std::vector<Statement>& map, const std::string& from, const std::string& to);

/// Every mention that is neither an edge of `map` nor a declared non-edge, one line each
/// ("line 412: 'Theorem 1 (ii)' in the caveats, in no statement"); empty when every mention is
/// accounted for.
std::vector<std::string> undeclared_mentions(std::string_view article, const std::vector<Statement>& map,
                                             const std::vector<NonEdge>& non_edges);

/// Every `because` phrase (Statement::backing) that is not in its statement's own text span, or
/// that names a statement that is not one of its edges (uses or explains), one line each.
std::vector<std::string> misplaced_phrases(std::string_view article, const std::vector<Statement>& map,
                                           const std::vector<std::string>& terminators);

/// Every edge the text does not back, one line each: an edge is backed when removing it leaves a
/// mention undeclared (undeclared_mentions) or when its `because` phrase stands in the from-
/// statement's span; every misplaced phrase (misplaced_phrases) is a problem too. Empty when the
/// whole map is justified by the text.
std::vector<std::string> unbacked_edges(std::string_view article, const std::vector<Statement>& map,
                                        const std::vector<NonEdge>& non_edges,
                                        const std::vector<std::string>& terminators);

/// How an edge is backed: by a numbered mention that needs it, by a phrase, or not at all.
enum class EdgeBacking { mention, phrase, none };
/// The backing of the edge from map[from] to `to` (unbacked_edges' rule; a mention first).
EdgeBacking edge_backing(std::string_view article, const std::vector<Statement>& map, std::size_t from,
                         const std::string& to, const std::vector<NonEdge>& non_edges,
                         const std::vector<std::string>& terminators);

/// The statement with this id; nullptr when none.
const Statement* statement_with_id(std::string_view id);
/// Every statement whose patterns select the claim id (exactly one for a declared claim).
std::vector<const Statement*> statements_of_claim(std::string_view claim_id);
/// "thm3" for "thm3.ii" and "thm3.bound_values"; the id itself for tables and experiments.
std::string statement_family(std::string_view statement_id);

/// A claim's evidence from its record: an override of its statement, then by rule: the
/// re-created corpus (unit filings_corpus) by construction; a claim reading seeds or classed by
/// the sweep trained; certified, or carrying a proof (Record::proof), proved; statistical
/// sampled; the rest its statement's residual. A floating-point check with a tolerance of 0 is
/// exact on its instances, not a proof for every parameter: it takes its statement's kind.
Evidence evidence_of(const Record& record);
/// What the evidence rests on, where the kind alone does not say: an override's reason, or for
/// sampled and exhaustive claims the instances their statement names ("" otherwise).
std::string evidence_note(const Record& record);

/// One statement evaluated over the records of its claims.
struct StatementResult {
  const Statement* statement = nullptr;
  /// What its verdict and evidence are decided on: its own claims and those it prints again.
  std::vector<const Record*> claims;
  /// Its own relations that cannot bite at the printed precision (listed, never deciding).
  std::vector<const Record*> cannot_bite;
  std::string verdict;       ///< holds, fails, inconclusive, or "not checked" (no claim)
  std::string verdict_text;  ///< "holds", "3 of 20 claims fail (2 errata, expected)"
  std::string standing;      ///< what its verdict rests on, through its uses-edges
  Evidence weakest = Evidence::proved;
  std::map<Evidence, int> mix;  ///< claims per evidence kind
  std::string evidence_text;     ///< "sampled (200 seeded cases, d <= 64): 3 proved, 2 sampled"
  std::vector<std::string> flagged;  ///< explains-edges whose theorem holds and experiment does not
  /// A failing or inconclusive statement: every statement that reads one of its failing or
  /// inconclusive claims, and onward through uses-edges (claim_brings_down, through this one).
  std::vector<std::string> brings_down;
  /// For each of those, the chain from this statement to it (this one first).
  std::map<std::string, std::vector<std::string>> brings_down_path;
};

/// Every statement in order, evaluated on these records (claims without a record are left out, and
/// so are relations among printed numbers that cannot bite: Record::consistency): the claims it
/// owns, and the claims whose printed value it prints again (Claim::places), since a value printed
/// twice is one decision that bears on both statements.
std::vector<StatementResult> evaluate_statements(const std::vector<Record>& records);

/// The shortest chain of uses-edges from `from` down to `to` (both included); empty when `from`
/// does not rest on `to`.
std::vector<std::string> uses_path(const std::string& from, const std::string& to);

/// Whether `reader`'s uses-edge to `used` reads the claim (Statement::reads; false without the edge).
bool reads_claim(const Statement& reader, const std::string& used, std::string_view claim_id);

/// A statement a failing claim brings down and the chain that carries it there: the statement
/// that owns or prints the claim first, then each statement that reads the one before it.
struct Downstream {
  std::string statement;
  std::vector<std::string> path;
};
/// What the claim would bring down if it failed, from the map alone: each statement that prints
/// it again; each that reads it through a uses-edge to its statement (or to one that prints it);
/// then, breadth first, each that reads any number of one already brought down. Shortest chains.
std::vector<Downstream> claim_brings_down(std::string_view claim_id);
/// "a; b (through c, d)": each statement, with the statements between its first and last.
std::string downstream_text(const std::vector<Downstream>& down);
/// claim_brings_down as claims.json writes it: [{"statement": ..., "path": [...]}, ...].
std::string brings_down_json(const std::vector<Downstream>& down);
/// What a failing or inconclusive statement brings down, each with the statements between:
/// "caveat.heuristics (through exp.rescaled, table.rescaling)"; "nothing" when it brings down none.
std::string brings_down_text(const StatementResult& result);

/// One statement for a terminal: a mark (x fails, ? inconclusive, ^ rests on one that does not
/// hold, - no claim) and its id, then its label, verdict, evidence (the mix when it is mixed),
/// standing, what a failing or inconclusive one brings down, flagged explains-edges, and its
/// uses and explains edges, wrapped under the id column in lines of at most 100 columns (no
/// trailing newline).
std::string statement_line(const StatementResult& result);

}  // namespace pe::ledger
