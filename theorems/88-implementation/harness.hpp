/// @file
/// @brief The article's harness (its Implementation section: 24 tests, listed only as seven lines
/// of coverage) split by this project into 24 rows, each with the CTest names or name patterns
/// that run it. The split is the project's reading; the article names no single test.
///
/// The docs' Implementation page prints this table (`pe_harness` at a terminal); the CTest
/// test `harness.rows` checks that every pattern selects a test, and the claim
/// `impl.harness.every_row_ran` runs one ledger claim of every row.
#pragma once

#include <string>
#include <vector>

#include "ledger.hpp"

namespace pe::theorems {

struct HarnessRow {
  int number;         ///< 1..24, in the order of the article's coverage lines
  std::string check;  ///< what the article's check covers, in the project's words
  /// CTest test names or shell-style patterns over them (`*` any run of characters), as
  /// `ctest -R` would be given them; ledger claims' CTest names are ledger::test_name's
  /// "suite.name".
  std::vector<std::string> tests;
};

const std::vector<HarnessRow>& harness_rows();

/// The CTest name of a ledger claim: "thm1.ruler.d64.delta1" -> "thm1.ruler_d64_delta1".
std::string ctest_name(const ledger::Claim& claim);

/// Does the pattern (shell-style, `*` and `?`) match the whole CTest name?
bool matches(const std::string& pattern, const std::string& ctest_name);

/// The ledger claims a row's patterns select, in ledger order.
std::vector<const ledger::Claim*> claims_of_row(const HarnessRow& row);

/// One ledger claim of every row evaluated: the first its patterns select, leaving out the
/// claims that run this function (`impl.harness.*`); an experiment claim is evaluated on `runs`.
struct HarnessRun {
  int rows = 0;
  int agreeing = 0;    ///< rows whose claim gave its expected verdict
  std::string detail;  ///< per row: the claim run, its verdict, and how many the row selects
};
HarnessRun run_one_claim_per_row(const std::vector<HarnessRow>& rows, const ledger::TrainedRuns& runs);

/// The docs' table: a Markdown table with the columns #, the article's check, and tests.
std::string harness_markdown();

/// The same rows for a terminal: one Markdown list item per row ("- 24. the check: tests
/// `a`, `b`"), unwrapped; `pe_harness` wraps it to a terminal's width.
std::string harness_list();

}  // namespace pe::theorems
