// The ledger's rules and its refusal of malformed declarations.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>

#include "ledger.hpp"

using namespace pe::ledger;

TEST(LedgerRules, HalfUnitFollowsLastPrintedDigit) {
  EXPECT_DOUBLE_EQ(half_unit_of_printed("0.748"), 0.0005);
  EXPECT_DOUBLE_EQ(half_unit_of_printed("19869"), 0.5);
  EXPECT_DOUBLE_EQ(half_unit_of_printed("3.69e29"), 0.005e29);
  EXPECT_DOUBLE_EQ(half_unit_of_printed("1.15e-4"), 0.005e-4);
  EXPECT_DOUBLE_EQ(value_of_printed("-55.86"), -55.86);
}

TEST(LedgerRules, RejectsNonLiterals) {
  EXPECT_THROW(half_unit_of_printed("0.75 or so"), std::invalid_argument);
  EXPECT_THROW(half_unit_of_printed(""), std::invalid_argument);
  EXPECT_THROW(half_unit_of_printed("3.69 x 10^29"), std::invalid_argument);
}

TEST(LedgerRules, RefusesLiteralsOutsideTheRangeOfADoubleAsInvalid) {
  // std::stod and std::stoi would throw std::out_of_range; the contract is invalid_argument.
  for (const char* text : {"1e999", "1e-999", "1e99999999999", "0.5e-320"})
    EXPECT_THROW(value_of_printed(text), std::invalid_argument) << text;
  EXPECT_THROW(half_unit_of_printed(std::string(400, '9')), std::invalid_argument);
  EXPECT_DOUBLE_EQ(value_of_printed("1e300"), 1e300);
}

TEST(LedgerRules, PrintedHoldsWithinHalfUnitOnly) {
  EXPECT_EQ(printed("0.748", 0.7484).verdict, Verdict::holds);
  EXPECT_EQ(printed("0.748", 0.7476).verdict, Verdict::holds);
  EXPECT_EQ(printed("0.748", 0.7486).verdict, Verdict::fails);
  EXPECT_EQ(printed("0.749", 0.7481).verdict, Verdict::fails);
  EXPECT_EQ(printed("3.69e29", 3.6949e29).verdict, Verdict::holds);
  EXPECT_EQ(printed("3.69e29", 3.696e29).verdict, Verdict::fails);
}

TEST(LedgerRules, IdentityAndStatistical) {
  EXPECT_EQ(identity(1.0 + 1e-9, 1.0, 1e-8, "test").verdict, Verdict::holds);
  EXPECT_EQ(identity(1.0 + 1e-7, 1.0, 1e-8, "test").verdict, Verdict::fails);
  // 0.547 printed; estimate 0.55 with se 0.005: gap 0.003 <= 3 * 0.005 + 0.0005.
  EXPECT_EQ(statistical("0.547", 0.55, 0.005, 3).verdict, Verdict::holds);
  EXPECT_EQ(statistical("0.547", 0.57, 0.005, 3).verdict, Verdict::fails);
}

TEST(LedgerRules, FormatKeepsTenSignificantDigits) {
  EXPECT_EQ(format(0.74812345678901), "0.7481234568");
  EXPECT_EQ(format(3.6912345678e29), "3.691234568e+29");
}

namespace {
Claim sample_claim() {
  return {"test.sample", "Position as a set of clocks", "a statement", "0.5", Rule::printed,
          [] { return printed("0.5", 0.5); }};
}
}  // namespace

TEST(LedgerDeclarations, RejectsMalformedClaims) {
  UnitClaims unit("test");
  Claim bad_id = sample_claim();
  bad_id.id = "no_dot";
  EXPECT_THROW(unit.add(bad_id), std::invalid_argument);
  Claim bad_section = sample_claim();
  bad_section.section = "Nowhere";
  EXPECT_THROW(unit.add(bad_section), std::invalid_argument);
  Claim erratum_missing = sample_claim();
  erratum_missing.expected = Verdict::fails;
  EXPECT_THROW(unit.add(erratum_missing), std::invalid_argument);
  Claim bad_literal = sample_claim();
  bad_literal.article = "about a half";
  EXPECT_THROW(unit.add(bad_literal), std::invalid_argument);
  EXPECT_NO_THROW(unit.add(sample_claim()));
}

TEST(LedgerDeclarations, EvaluationErrorsBecomeErrorVerdicts) {
  Claim throwing = sample_claim();
  throwing.evaluate = []() -> Outcome { throw std::runtime_error("boom"); };
  const Record r = evaluate_record(throwing);
  EXPECT_EQ(r.verdict, "error");
  EXPECT_NE(r.note.find("boom"), std::string::npos);
}

TEST(LedgerRules, EachHelperStampsItsOwnRule) {
  EXPECT_EQ(printed("0.5", 0.5).rule, Rule::printed);
  EXPECT_EQ(identity(1, 1, 0, "exact").rule, Rule::identity);
  EXPECT_EQ(statistical("0.5", 0.5, 0.1, 3).rule, Rule::statistical);
  EXPECT_EQ(statistical_agreement(0.5, 0.5, 0.1, 3, "test").rule, Rule::statistical);
  EXPECT_EQ(statistical_test(true, "x", "k = 3").rule, Rule::statistical);
  EXPECT_EQ(bound(true, "x", "x <= 1").rule, Rule::bound);
  EXPECT_EQ(shape(true, "x", "a predicate").rule, Rule::shape);
  // 0.5 against 0.6 with se 0.01: 10 standard errors away, outside k = 3.
  EXPECT_EQ(statistical_agreement(0.5, 0.6, 0.01, 3, "test").verdict, Verdict::fails);
  EXPECT_EQ(statistical_agreement(0.5, 0.52, 0.01, 3, "test").verdict, Verdict::holds);
}

TEST(LedgerDeclarations, AClaimDecidedByAnotherRulesHelperIsRefused) {
  // Declared `identity`, decided by the bound helper: the verdict must not be the bound's.
  Claim mismatched = sample_claim();
  mismatched.rule = Rule::identity;
  mismatched.evaluate = [] { return bound(true, "1", "1 <= 2"); };
  const Record r = evaluate_record(mismatched);
  EXPECT_EQ(r.verdict, "error");
  EXPECT_NE(r.note.find("declared under the rule 'identity' but decided by the 'bound' helper"),
            std::string::npos)
      << r.note;
  Claim matched = mismatched;
  matched.rule = Rule::bound;
  EXPECT_EQ(evaluate_record(matched).verdict, "holds");
}

TEST(LedgerDeclarations, RecordsWhereEachClaimIsDeclared) {
  UnitClaims unit("test");
  const int line = __LINE__ + 1;
  unit.add({"test.located", "Position as a set of clocks", "a statement", "0.5", Rule::printed,
            [] { return printed("0.5", 0.5); }});
  EXPECT_EQ(unit.claims().back().source, "tests/ledger_test.cpp:" + std::to_string(line));
  EXPECT_EQ(evaluate_record(unit.claims().back()).source, unit.claims().back().source);
}

TEST(LedgerDeclarations, EveryDeclaredClaimIsWellFormed) {
  // all_claims() validates each unit's declarations and the uniqueness of ids.
  const auto& claims = all_claims();
  EXPECT_GE(claims.size(), 40u);
  // Declared in a verification unit, named relative to the repository root.
  const std::regex source_form("theorems/[a-z0-9_]+\\.cpp:[0-9]+");
  for (const Claim& c : claims) {
    EXPECT_FALSE(c.unit.empty()) << c.id;
    EXPECT_TRUE(std::regex_match(c.source, source_form)) << c.id << ": " << c.source;
  }
}

TEST(LedgerTestName, FirstDotSplitsLaterDotsBecomeUnderscores) {
  EXPECT_EQ(pe::ledger::test_name("thm1.ruler.d64.delta1"),
            (std::pair<std::string, std::string>{"thm1", "ruler_d64_delta1"}));
  EXPECT_EQ(pe::ledger::test_name("a.b"), (std::pair<std::string, std::string>{"a", "b"}));
  EXPECT_THROW(pe::ledger::test_name("nodot"), std::invalid_argument);
  EXPECT_THROW(pe::ledger::test_name(".x"), std::invalid_argument);
  EXPECT_THROW(pe::ledger::test_name("x."), std::invalid_argument);
}

TEST(LedgerReport, ANewRunKeepsEarlierRecordsAndCountsThemApart) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "pe-ledger-run-test";
  fs::remove_all(dir);
  pe::ledger::begin_run(dir.string());
  EXPECT_EQ(pe::ledger::current_run(dir.string()), "1");
  pe::ledger::Record a;
  a.id = "thm1.a";
  a.verdict = a.expected = "holds";
  pe::ledger::write_fragment(dir.string(), a);
  pe::ledger::begin_run(dir.string());
  EXPECT_EQ(pe::ledger::current_run(dir.string()), "2");
  // The first run's record is still there, stamped with its run.
  std::ifstream in(dir / "claims.d" / "thm1.a.rec");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("run=1\n"), std::string::npos) << text;
  fs::remove_all(dir);
}
