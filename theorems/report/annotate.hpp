/// @file
/// @brief `pe_report annotate`: a reader's copy of the article with each printed number marked by
/// the verdict of the claim that checks it (or as a declared non-claim, with its reason), and
/// each statement by its standing, as one self-contained HTML page or as text for a terminal.
///
/// The copy is the reader's: the project keeps none of the article's sentences, only the places
/// and non-claims that locate its numbers (article_numbers.hpp, non_claims.hpp). Where the copy
/// differs from the text they were declared against, each missing, changed, moved or unaccounted
/// number is listed with its line (ledger::Accounting::discrepancies), never skipped.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "non_claims.hpp"
#include "statements.hpp"

namespace pe::report {

/// `text` with &, <, > and " written as entities: safe inside an HTML element or attribute.
std::string html_escaped(std::string_view text);

/// What the report (claims.json) says of one claim, as a badge shows it.
struct ClaimFace {
  std::string verdict, expected, reproduction, klass, article, computed;
  bool inconclusive = false;  ///< its band cannot decide (the claim's `inconclusive` member)
  std::string evidence = {};  ///< "by construction" shows instead of the class: it supports nothing
};
/// What the report says of one statement.
struct StatementFace {
  std::string label, verdict, standing;
};
/// The faces of a claims.json report.
struct ReportFaces {
  std::map<std::string, ClaimFace> claims;
  std::map<std::string, StatementFace> statements;
};
/// Reads a claims.json report. Throws std::runtime_error for a file that cannot be read and
/// std::invalid_argument for one that is not a claims report.
ReportFaces read_report_faces(const std::string& claims_json);
/// The faces of claims evaluated in-process (the documentation's), with their statements.
ReportFaces faces_of(const std::vector<ledger::Record>& records, const std::vector<ledger::StatementResult>& statements);

/// How an annotated page links into the documentation: the directory of its HTML pages as a URL
/// ("" or "." beside them), whose claims.html holds each claim's card and argument.html each
/// statement's row.
struct DocsLinks {
  std::string base;
  std::string card(const std::string& claim_id) const;
  std::string statement(const std::string& statement_id) const;
  /// MathJax beside the docs (docs/CMakeLists.txt copies it to html/mathjax).
  std::string mathjax() const;
};

/// The copy as one HTML page, CSS inline and MathJax the one file read (DocsLinks::mathjax; without
/// it the formulas stay TeX between their delimiters): statements' standings at their
/// opening words, every number of `accounting` marked, a summary and the discrepancies on top.
std::string annotated_html(std::string_view article, const ledger::Accounting& accounting, const ReportFaces& faces,
                           const DocsLinks& links);

/// The copy as text in lines of at most 100 columns: "0.466[✓ exp.tournament.rope.L256]" after
/// each number a claim checks, "[? not accounted for]" after one nothing accounts for,
/// "[Theorem 2: holds]" before each statement; a summary line first.
std::string annotated_text(std::string_view article, const ledger::Accounting& accounting, const ReportFaces& faces);

/// The verdict mark of a claim: "✓" holds, "✗" fails, "?" a verdict its band cannot decide.
std::string verdict_mark(const ClaimFace& face);

}  // namespace pe::report
