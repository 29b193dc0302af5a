// The ledger's rules and its refusal of malformed declarations.
#include <fnmatch.h>
#include <gtest/gtest.h>

#include "json_text.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>

#include "claims_render.hpp"
#include "ledger.hpp"
#include "words.hpp"
#include "report.hpp"
#include "report_diff.hpp"
#include "statements.hpp"
#include "unit_order.hpp"
#include "clocks_section.hpp"

using namespace pe::ledger;
using namespace pe::report;

TEST(LedgerRegistry, FindsAClaimByItsIdAndNamesAnUnknownId) {
  // Every claims program links every unit, so all_claims() is never empty.
  const pe::ledger::Claim& first = pe::ledger::all_claims().front();
  EXPECT_EQ(&pe::ledger::claim_with_id(first.id), &first);
  try {
    pe::ledger::claim_with_id("thm9.no_such_claim");
    ADD_FAILURE() << "an unknown id was found";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("thm9.no_such_claim"), std::string::npos) << e.what();
  }
}

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
  EXPECT_EQ(printed(PrintedValue::of("0.748"), 0.7484).verdict, Verdict::holds);
  EXPECT_EQ(printed(PrintedValue::of("0.748"), 0.7476).verdict, Verdict::holds);
  EXPECT_EQ(printed(PrintedValue::of("0.748"), 0.7486).verdict, Verdict::fails);
  EXPECT_EQ(printed(PrintedValue::of("0.749"), 0.7481).verdict, Verdict::fails);
  EXPECT_EQ(printed(PrintedValue::of("3.69e29"), 3.6949e29).verdict, Verdict::holds);
  EXPECT_EQ(printed(PrintedValue::of("3.69e29"), 3.696e29).verdict, Verdict::fails);
}

TEST(LedgerRules, IdentityAndStatistical) {
  EXPECT_EQ(identity(1.0 + 1e-9, 1.0, 1e-8, "test").verdict, Verdict::holds);
  EXPECT_EQ(identity(1.0 + 1e-7, 1.0, 1e-8, "test").verdict, Verdict::fails);
  // 0.547 printed; estimate 0.55 with se 0.005: gap 0.003 <= 3 * 0.005 + 0.0005.
  EXPECT_EQ(statistical(PrintedValue::of("0.547"), 0.55, 0.005, 3).verdict, Verdict::holds);
  EXPECT_EQ(statistical(PrintedValue::of("0.547"), 0.57, 0.005, 3).verdict, Verdict::fails);
}

TEST(LedgerRules, FormatKeepsTenSignificantDigits) {
  EXPECT_EQ(format(0.74812345678901), "0.7481234568");
  EXPECT_EQ(format(3.6912345678e29), "3.691234568e+29");
}

namespace {
Claim sample_claim() {
  return Claim("test.sample").in_section(pe::theorems::kClocksSection).stating("a statement")
      .printed_as("0.5").decided_by([](const PrintedValue& article) { return printed(article, 0.5); });
}
}  // namespace

// A claim's fields are named where they are set: no positional form of a declaration compiles,
// so two of its adjacent strings (statement, article) cannot trade places unnoticed.
static_assert(!std::is_aggregate_v<Claim>, "a Claim declared as a positional aggregate");
static_assert(!std::is_constructible_v<Claim, const char*, const char*, const char*, const char*>,
              "a Claim constructed from its strings in order");
static_assert(!std::is_convertible_v<const char*, Claim>, "a Claim made implicitly from its id");

TEST(LedgerDeclarations, EachCallSetsTheFieldItNames) {
  const Claim c = Claim("test.named").in_section(pe::theorems::kClocksSection).stating("what it says")
                      .printed_as("0.25").expected_to_fail("why, and the corrected value");
  EXPECT_EQ(c.id, "test.named");
  EXPECT_EQ(c.section, std::string(pe::theorems::kClocksSection));
  EXPECT_EQ(c.statement, "what it says");
  EXPECT_EQ(c.article, "0.25");
  EXPECT_EQ(c.expected, Verdict::fails);
  EXPECT_EQ(c.erratum, "why, and the corrected value");
  EXPECT_EQ(c.reads, kNoRuns);
  EXPECT_EQ(Claim("test.runs").reads_runs(kFilingsRuns).reads, kFilingsRuns);
}

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

namespace {
/// Runs as the ledger sees them, something to hand from a program to a claim; these carry one
/// number.
struct OneNumberRuns : TrainedRuns {
  explicit OneNumberRuns(double v) : value(v) {}
  double value;
};
/// An experiment claim that prints the number of the runs it is given.
Claim experiment_sample() {
  Claim c = sample_claim();
  c.evaluate = nullptr;
  c.reads = kTournamentRuns;
  c.evaluate_on_runs = [](const TrainedRuns& runs) {
    return printed(PrintedValue::of("0.5"), dynamic_cast<const OneNumberRuns&>(runs).value);
  };
  return c;
}
}  // namespace

TEST(LedgerDeclarations, AnExperimentClaimIsEvaluatedOnTheRunsItIsGiven) {
  const Claim c = experiment_sample();
  const Record half = evaluate_record(c, OneNumberRuns(0.5)), more = evaluate_record(c, OneNumberRuns(0.75));
  EXPECT_EQ(half.computed, format(0.5));
  EXPECT_EQ(half.verdict, "holds");
  EXPECT_EQ(more.computed, format(0.75));
  EXPECT_EQ(more.verdict, "fails");
  const Record none = evaluate_record(c);
  EXPECT_EQ(none.verdict, "error");
  EXPECT_NE(none.note.find("reads the tournament runs and was given none"), std::string::npos) << none.note;
  // A claim that reads no runs ignores the runs a program gives every claim.
  EXPECT_EQ(evaluate_record(sample_claim(), OneNumberRuns(0.75)).computed, format(0.5));
}

TEST(LedgerDeclarations, AClaimIsExactOrAnExperimentNeverBoth) {
  UnitClaims unit("test");
  Claim both = experiment_sample();
  both.evaluate = sample_claim().evaluate;
  EXPECT_THROW(unit.add(both), std::invalid_argument);
  Claim families_missing = experiment_sample();
  families_missing.reads = kNoRuns;
  EXPECT_THROW(unit.add(families_missing), std::invalid_argument);
  Claim evaluation_missing = sample_claim();
  evaluation_missing.reads = kFilingsRuns;
  EXPECT_THROW(unit.add(evaluation_missing), std::invalid_argument);
  Claim unknown_family = experiment_sample();
  unknown_family.reads = kAllRuns + 1;
  EXPECT_THROW(unit.add(unknown_family), std::invalid_argument);
  EXPECT_NO_THROW(unit.add(experiment_sample()));
  EXPECT_NO_THROW(unit.add(sample_claim()));
  // Each refusal names the mistake: a claim without runs lacks `evaluate`; an experiment claim
  // is evaluated by `evaluate_on_runs` alone.
  const auto refusal = [&unit](const Claim& c) {
    try {
      unit.add(c);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(refusal(families_missing).find(": no evaluation"), std::string::npos) << refusal(families_missing);
  EXPECT_NE(refusal(both).find("by `evaluate_on_runs` alone"), std::string::npos) << refusal(both);
}

TEST(LedgerRules, EachHelperStampsItsOwnRule) {
  EXPECT_EQ(printed(PrintedValue::of("0.5"), 0.5).rule, Rule::printed);
  EXPECT_EQ(identity(1, 1, 0, "exact").rule, Rule::identity);
  EXPECT_EQ(statistical(PrintedValue::of("0.5"), 0.5, 0.1, 3).rule, Rule::statistical);
  EXPECT_EQ(statistical_agreement(0.5, 0.5, 0.1, 3, "test").rule, Rule::statistical);
  EXPECT_EQ(statistical_test(true, "x", "k = 3").rule, Rule::statistical);
  EXPECT_EQ(bound(true, "x", "x <= 1").rule, Rule::bound);
  EXPECT_EQ(shape(true, "x", "a predicate").rule, Rule::shape);
  // 0.5 against 0.6 with se 0.01: 10 standard errors away, outside k = 3.
  EXPECT_EQ(statistical_agreement(0.5, 0.6, 0.01, 3, "test").verdict, Verdict::fails);
  EXPECT_EQ(statistical_agreement(0.5, 0.52, 0.01, 3, "test").verdict, Verdict::holds);
}

// An agreement's edge belongs to it: |1.5 - 1| = 0.5 is exactly 2 standard errors of 0.25 (every
// number exact in binary), so it holds; with se 0.125 the same gap is 4 of them, outside k = 3.
TEST(LedgerRules, AGapOfExactlyKStandardErrorsAgrees) {
  EXPECT_EQ(statistical_agreement(1.5, 1.0, 0.25, 2, "test").verdict, Verdict::holds);
  EXPECT_EQ(statistical_agreement(1.5, 1.0, 0.125, 3, "test").verdict, Verdict::fails);
}

// Every claim's unit is one PE_UNIT_ORDER lists, and the claims come in that list's order
// whatever order the linker ran the registrations in: the ranks never fall. A name that is no
// unit ranks last.
TEST(LedgerDeclarations, ClaimsComeInTheListedOrderOfTheirUnits) {
  constexpr std::size_t unlisted = std::numeric_limits<std::size_t>::max();
  std::size_t previous = 0;
  for (const Claim& c : all_claims()) {
    const std::size_t rank = unit_rank(c.unit);
    ASSERT_NE(rank, unlisted) << c.id << ": unit " << c.unit << " is not in PE_UNIT_ORDER";
    ASSERT_GE(rank, previous) << c.id << " (unit " << c.unit << ") comes after a later unit's claim";
    previous = rank;
  }
  EXPECT_EQ(unit_rank("no_such_unit"), unlisted);
}

// The rule is stated once, by the helper the body returns: a body returning a bare Outcome
// names no rule and cannot decide a claim, and the claim's rule is known before it is evaluated.
namespace {
const auto bare_outcome = [] { return Outcome{}; };
const auto decided_bound = [] { return bound(true, "1", "1 <= 2"); };
const auto given_article = [](const PrintedValue& article) { return printed(article, 0.5); };
}  // namespace
static_assert(!decides_a_claim<decltype(bare_outcome)>(), "a body whose outcome names no rule");
static_assert(decides_a_claim<decltype(decided_bound)>() && decides_a_claim<decltype(given_article)>());
static_assert(!decides_a_claim<decltype(given_article), TrainedRuns>(), "a body that takes no runs, given runs");

TEST(LedgerDeclarations, TheRuleIsTheBodysHelpersAndKnownBeforeEvaluation) {
  const Claim bounded = Claim("test.bounded").in_section(pe::theorems::kClocksSection).stating("a statement")
                            .printed_as("1 <= 2").decided_by(decided_bound);
  EXPECT_EQ(bounded.rule(), Rule::bound);
  EXPECT_EQ(evaluate_record(bounded).rule, "bound");
  // A record whose evaluation throws still names the rule its body would have decided by.
  const Claim throwing = Claim("test.throwing").in_section(pe::theorems::kClocksSection).stating("a statement")
                             .printed_as("0.5").decided_by([]() -> Decided<Rule::statistical> {
                               throw std::runtime_error("boom");
                             });
  const Record r = evaluate_record(throwing);
  EXPECT_EQ(r.verdict, "error");
  EXPECT_EQ(r.rule, "statistical");
}

// The article's value is parsed once, where the claim is declared, and given to its body.
TEST(LedgerDeclarations, TheBodyIsGivenTheArticlesValueParsed) {
  const Claim c = Claim("test.given").in_section(pe::theorems::kClocksSection).stating("a statement")
                      .printed_as("0.748").decided_by([](const PrintedValue& article) {
                        EXPECT_EQ(article.text, "0.748");
                        EXPECT_EQ(article.value, 0.748);
                        EXPECT_DOUBLE_EQ(article.half_unit, 0.0005);
                        return printed(article, 0.7476);
                      });
  EXPECT_EQ(evaluate_record(c).verdict, "holds");
  // A body that takes the value of an article that prints none is refused where it is declared.
  EXPECT_THROW(Claim("test.words").printed_as("falls on average").decided_by(given_article), std::invalid_argument);
  EXPECT_THROW(Claim("test.unset").decided_by(given_article), std::invalid_argument);
}

// A printed range ("about A to B") is parsed once too, both ends as printed values, and given to
// a body that takes a PrintedRange; text that is not a range is refused where it is declared.
TEST(LedgerDeclarations, TheBodyIsGivenTheArticlesRangeParsed) {
  const Claim c = Claim("test.range").in_section(pe::theorems::kClocksSection).stating("a statement")
                      .printed_as("about 0.31 to 0.68").decided_by([](const PrintedRange& article) {
                        EXPECT_EQ(article.low.text, "0.31");
                        EXPECT_EQ(article.high.text, "0.68");
                        EXPECT_DOUBLE_EQ(article.high.half_unit, 0.005);
                        return printed(article.high, article.high.value - article.low.value + 0.31);
                      });
  EXPECT_EQ(evaluate_record(c).verdict, "holds");
  EXPECT_EQ(PrintedRange::of("2 to 5").low.value, 2);
  const auto given_range = [](const PrintedRange& article) { return printed(article.low, 0.5); };
  EXPECT_THROW(Claim("test.one").printed_as("0.5").decided_by(given_range), std::invalid_argument);
  EXPECT_THROW(Claim("test.backwards").printed_as("about 0.68 to 0.31").decided_by(given_range),
               std::invalid_argument);
  EXPECT_THROW(Claim("test.words").printed_as("about 0.31 to many").decided_by(given_range), std::invalid_argument);
}

// A printed list ("A, B, C") is parsed once as well, each entry a printed value in order.
TEST(LedgerDeclarations, TheBodyIsGivenTheArticlesListParsed) {
  const Claim c = Claim("test.list").in_section(pe::theorems::kClocksSection).stating("a statement")
                      .printed_as("0.970, 0.956, 1.5").decided_by([](const PrintedList& article) {
                        EXPECT_EQ(article.values.size(), 3u);
                        EXPECT_EQ(article.values[1].text, "0.956");
                        EXPECT_DOUBLE_EQ(article.values[2].half_unit, 0.05);
                        return printed(article.values[2], 1.5);
                      });
  EXPECT_EQ(evaluate_record(c).verdict, "holds");
  const auto given_list = [](const PrintedList& article) { return printed(article.values.front(), 0.5); };
  EXPECT_THROW(Claim("test.one").printed_as("0.5").decided_by(given_list), std::invalid_argument);
  EXPECT_THROW(Claim("test.words").printed_as("0.5, many").decided_by(given_list), std::invalid_argument);
  EXPECT_THROW(Claim("test.trailing").printed_as("0.5, 0.6,").decided_by(given_list), std::invalid_argument);
}

TEST(LedgerDeclarations, RecordsWhereEachClaimIsDeclared) {
  UnitClaims unit("test");
  // The id's line, not the first or last line of the declaration around it.
  const int line = __LINE__ + 2;
  unit.add(
      Claim("test.located")
          .in_section(pe::theorems::kClocksSection).stating("a statement").printed_as("0.5")
          .decided_by([](const PrintedValue& article) { return printed(article, 0.5); }));
  EXPECT_EQ(unit.claims().back().source, "tests/ledger_test.cpp:" + std::to_string(line));
  EXPECT_EQ(evaluate_record(unit.claims().back()).source, unit.claims().back().source);
  // A copy keeps where the id was written; an id assigned anew is located where it is assigned.
  Claim copy = unit.claims().back();
  EXPECT_EQ(copy.id.declared_at, line);
  const int assigned_line = __LINE__ + 1;
  copy.id = std::string("test.moved");
  EXPECT_EQ(copy.id.declared_at, assigned_line);
}

TEST(LedgerDeclarations, EveryDeclaredClaimIsWellFormed) {
  // all_claims() validates each unit's declarations and the uniqueness of ids.
  const auto& claims = all_claims();
  EXPECT_GE(claims.size(), 40u);
  // Declared in a verification unit, in its section's folder, named relative to the
  // repository root; the unit is the file's name.
  const std::regex source_form("theorems/[0-9][0-9]-[a-z-]+/([a-z0-9_]+)\\.cpp:[0-9]+");
  for (const Claim& c : claims) {
    std::smatch m;
    EXPECT_TRUE(std::regex_match(c.source, m, source_form)) << c.id << ": " << c.source;
    EXPECT_EQ(m.size() > 1 ? m[1].str() : "", c.unit) << c.id;
  }
}

namespace {

/// The file name a claim id's family asks for: the id's first segment with its abbreviation
/// spelled out ("thm2" -> "theorem2", "exp" -> "experiment", "filings" as it is).
std::string unit_family_of(const std::string& id) {
  const std::string family = id.substr(0, id.find('.'));
  const std::size_t digits = family.find_first_of("0123456789");
  const std::string word = family.substr(0, digits);
  const std::string number = digits == std::string::npos ? "" : family.substr(digits);
  static const std::map<std::string, std::string> spelled_out = {
      {"def", "definition"}, {"prop", "proposition"}, {"thm", "theorem"},
      {"exp", "experiment"}, {"impl", "implementation"}};
  const auto it = spelled_out.find(word);
  return (it == spelled_out.end() ? word : it->second) + number;
}

/// A unit's file is named after the family of its ids, followed by its topic where the family
/// has several files: theorem2.cpp and theorem2_conditioning.cpp hold `thm2.*`.
bool id_names_unit(const std::string& id, const std::string& unit) {
  const std::string family = unit_family_of(id);
  return unit == family || unit.rfind(family + "_", 0) == 0;
}

}  // namespace

TEST(LedgerDeclarations, AnIdsFamilyNamesTheFileOfItsUnit) {
  EXPECT_TRUE(id_names_unit("thm2.cond.n16", "theorem2_conditioning"));
  EXPECT_TRUE(id_names_unit("prop1.position_exact", "proposition1"));
  EXPECT_TRUE(id_names_unit("filings.corpus.x", "filings_corpus"));
  EXPECT_FALSE(id_names_unit("thm2.cond.n16", "conditioning"));
  EXPECT_FALSE(id_names_unit("thm2.window", "theorem21"));  // a family ends at its number
  EXPECT_FALSE(id_names_unit("exp.bag.x", "bag_of_tokens"));
  for (const Claim& c : all_claims())
    EXPECT_TRUE(id_names_unit(c.id, c.unit))
        << c.id << " is declared in " << c.unit << ".cpp; its family asks for "
        << unit_family_of(c.id) << ".cpp or " << unit_family_of(c.id) << "_<topic>.cpp";
}

TEST(LedgerDeclarations, NoStatementAboutTheRecreatedCorpusCanBeCertified) {
  // The corpus was fitted to the printed statistics on one seed; a statistic is decided on the
  // seeds the fit never read, as a statistical claim, and only printed and bound claims are
  // ever certified on an enclosure.
  int corpus = 0;
  for (const Claim& c : all_claims()) {
    if (c.unit != "filings_corpus") continue;
    ++corpus;
    EXPECT_TRUE(c.rule() == Rule::statistical || c.rule() == Rule::shape) << c.id << " is " << to_string(c.rule());
    const Record r = evaluate_record(c);
    EXPECT_NE(r.certified, "true") << c.id;
    if (c.rule() == Rule::statistical)
      EXPECT_NE(r.note.find("never read"), std::string::npos) << c.id << ": " << r.note;
  }
  EXPECT_GT(corpus, 0);
}

TEST(LedgerReport, OnlySweptClaimsCarryAClassInClaimsJson) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "pe-ledger-class-test";
  fs::remove_all(dir);
  pe::report::begin_run(dir.string());
  const std::vector<pe::ledger::Claim>& claims = pe::ledger::all_claims();
  ASSERT_GE(claims.size(), 2u);
  const std::string exact_id = claims[0].id, swept_id = claims[1].id;
  for (const std::string& id : {exact_id, swept_id}) {
    pe::ledger::Record r;
    r.id = id;
    r.verdict = r.expected = "holds";
    if (id == exact_id) r.residual = "0.5", r.residual_unit = "d\u00b7eps";
    pe::report::write_fragment(dir.string(), r);
  }
  pe::report::ReportAnnotations annotations;
  annotations.annotate = [&](pe::ledger::Record& r) {
    r.reproduction = r.id == exact_id ? "exact" : "fragile";
  };
  pe::report::write_report(dir.string(), annotations);
  std::ifstream in(dir / "claims.json");
  std::string line, exact_line, swept_line;
  while (std::getline(in, line)) {
    if (line.find("\"id\": \"" + exact_id + "\"") != std::string::npos) exact_line = line;
    if (line.find("\"id\": \"" + swept_id + "\"") != std::string::npos) swept_line = line;
  }
  EXPECT_EQ(exact_line.find("\"class\""), std::string::npos) << exact_line;
  EXPECT_NE(swept_line.find("\"class\": \"fragile\""), std::string::npos) << swept_line;
  // A residual survives the fragment and reaches claims.json as a number with its unit.
  EXPECT_NE(exact_line.find("\"residual\": 0.5, \"residual_unit\": \"d\u00b7eps\""), std::string::npos) << exact_line;
  EXPECT_EQ(swept_line.find("\"residual\""), std::string::npos) << swept_line;
  fs::remove_all(dir);
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
  pe::report::begin_run(dir.string());
  EXPECT_EQ(pe::report::current_run(dir.string()), "1");
  pe::ledger::Record a;
  a.id = "thm1.a";
  a.verdict = a.expected = "holds";
  pe::report::write_fragment(dir.string(), a);
  pe::report::begin_run(dir.string());
  EXPECT_EQ(pe::report::current_run(dir.string()), "2");
  // The first run's record is still there, stamped with its run.
  std::ifstream in(dir / "claims.d" / "thm1.a.rec");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("run=1\n"), std::string::npos) << text;
  fs::remove_all(dir);
}

// ---- what the report shows ----------------------------------------------------------------

namespace {
/// A listed record of a claim: its verdict and its expectation, everything else the same.
pe::ledger::Record listed(const std::string& id, const std::string& verdict, const std::string& expected) {
  return {id, "theorem1", std::string(pe::theorems::kClocksSection), "statement of " + id, "0.5", "0.49", "printed",
          verdict, expected, "note"};
}

pe::ledger::Record failing(const std::string& id, const std::string& article, const std::string& computed) {
  pe::ledger::Record r;
  r.id = id;
  r.unit = "theorem1";
  r.statement = "statement of " + id;
  r.article = article;
  r.computed = computed;
  r.rule = "statistical";
  r.verdict = r.expected = "fails";
  r.reproduction = "does-not-reproduce";
  r.note = "Erratum: the reason | evidence";
  r.source = "theorems/30-clocks/theorem1.cpp:1";
  return r;
}
}  // namespace

// The renderer's counts, tested where the mutation sittings run them (docgen_test is labelled
// docs, which a sitting leaves out).
TEST(ReportListing, SummaryCountsVerdictsErrataAndDisagreements) {
  const std::vector<pe::ledger::Record> rs = {listed("a.x", "holds", "holds"), listed("a.y", "fails", "fails"),
                                              listed("a.z", "fails", "holds"), listed("a.w", "error", "holds")};
  const pe::report::Summary s = pe::report::summarise(rs);
  EXPECT_EQ(s.claims, 4);
  EXPECT_EQ(s.holds, 1);
  EXPECT_EQ(s.fails, 2);
  EXPECT_EQ(s.errors, 1);
  EXPECT_EQ(s.errata, 1);
  EXPECT_EQ(s.disagreements, 2);
  EXPECT_FALSE(pe::report::belongs_in_errata(rs[0]));
  EXPECT_TRUE(pe::report::belongs_in_errata(rs[1]));
  EXPECT_TRUE(pe::report::belongs_in_errata(rs[2]));
}

TEST(Summary, FailuresAreCountedByCause) {
  std::vector<Record> rs = {listed("thm9.a", "fails", "fails"),
                            listed("filings.corpus.b", "fails", "fails"),
                            listed("exp.c", "fails", "fails"),
                            listed("exp.d", "fails", "fails"),
                            listed("exp.e", "fails", "holds"),
                            listed("thm9.f", "holds", "holds")};
  rs[0].unit = "theorem9";
  rs[1].unit = "filings_corpus";
  for (Record* r : {&rs[0], &rs[1], &rs[5]}) r->reproduction = "exact";
  rs[2].reproduction = "setting-dependent";
  rs[3].reproduction = "does-not-reproduce";
  rs[4].reproduction = "not swept";
  EXPECT_EQ(pe::report::failure_cause(rs[0]), "mathematics");
  EXPECT_EQ(pe::report::failure_cause(rs[1]), "recreated-corpus");
  EXPECT_EQ(pe::report::failure_cause(rs[4]), "other");
  const pe::report::Summary s = pe::report::summarise(rs);
  EXPECT_EQ(s.fails_mathematics, 1);
  EXPECT_EQ(s.fails_recreated_corpus, 1);
  EXPECT_EQ(s.fails_setting_dependent, 1);
  EXPECT_EQ(s.fails_everywhere, 1);
  EXPECT_EQ(s.fails_not_swept, 1);
}

// Relations among the article's printed numbers (each section's consistency_NAME.cpp) are counted by grade, apart from
// the mathematics and the certified deterministic claims; one that cannot bite neither holds nor
// fails, and decides nothing for its statement.
TEST(Summary, RelationsAmongPrintedNumbersAreCountedApart) {
  std::vector<Record> rs = {listed("thm9.a", "holds", "holds"),
                            listed("consistency.filings_far.complement", "holds", "holds"),
                            listed("consistency.table_finance.granularity", "holds", "holds"),
                            listed("consistency.filings_exhibit.x", "fails", "fails"),
                            listed("consistency.filings_exhibit.y", "fails", "fails")};
  rs[0].unit = "theorem9";
  const char* grades[] = {"consistent", "cannot bite", "changes a conclusion", "wrong digit"};
  for (int i = 0; i < 5; ++i) {
    rs[i].reproduction = "exact";
    rs[i].rule = "bound";
    rs[i].certified = "true";
    if (i > 0) {
      rs[i].unit = "consistency";
      rs[i].consistency = grades[i - 1];
    }
  }
  const pe::report::Summary s = pe::report::summarise(rs);
  EXPECT_EQ(s.relations, 4);
  EXPECT_EQ(s.relations_consistent, 1);
  EXPECT_EQ(s.relations_cannot_bite, 1);
  EXPECT_EQ(s.relations_changing_conclusion, 1);
  EXPECT_EQ(s.relations_wrong_digit, 1);
  EXPECT_EQ(s.holds, 2);  // the cannot-bite relation is not among them
  EXPECT_EQ(s.cannot_bite, 1);
  EXPECT_EQ(s.fails, 2);
  EXPECT_EQ(s.fails_printed_numbers, 2);
  EXPECT_EQ(s.fails_mathematics, 0);
  EXPECT_EQ(s.mathematics_checked, 1);
  EXPECT_EQ(s.deterministic, 1);
  EXPECT_EQ(pe::report::failure_cause(rs[3]), "printed-numbers");
  // The finance table's only record here cannot bite: the table is not checked by it.
  for (const pe::ledger::StatementResult& r : pe::ledger::evaluate_statements(rs)) {
    if (r.statement->id == "table.finance") EXPECT_EQ(r.verdict, "not checked");
    if (r.statement->id == "filings.far") EXPECT_EQ(r.verdict, "holds");
    if (r.statement->id == "filings.exhibit") EXPECT_EQ(r.verdict, "fails");
  }
}

// The headline ends with this ctest run's failed checks, read from CTest's list, and says none
// failed when the list is older than the run (CTest leaves the last failing run's list behind).
TEST(LedgerReport, TheHeadlineNamesTheChecksThisRunFailed) {
  namespace fs = std::filesystem;
  const fs::path log = fs::temp_directory_path() / "pe-ledger-failed-checks.log";
  std::ofstream(log) << "1020:docs.layout\n1022:docs.map\n";
  const fs::file_time_type listed = fs::last_write_time(log);
  EXPECT_EQ(pe::report::ctest_checks_line(log, listed - std::chrono::seconds(60), true),
            "  Checks of this ctest run: 2 FAILED or did not run (the list above): docs.layout, docs.map.\n");
  EXPECT_EQ(pe::report::ctest_checks_line(log, listed + std::chrono::seconds(60), true),
            "  Checks of this ctest run: none failed.\n");
  EXPECT_EQ(pe::report::ctest_checks_line(log, listed, false), "");
  fs::remove(log);
  EXPECT_EQ(pe::report::ctest_checks_line(log, listed, true), "  Checks of this ctest run: none failed.\n");
}

// A relation's grade survives the fragment, reaches claims.json and the headline, and claims.md
// lists the relation in its own section.
// The experiment summary in claims.json counts the reading flags the headline prints, from
// records whose flags are written here by hand: a claim split between two readings (one of them
// ruled out elsewhere) and at the edge, and one that depends on the reading without splitting.
TEST(LedgerReport, TheExperimentSummaryCountsTheReadingFlagsTheHeadlinePrints) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "pe-ledger-reading-counts-test";
  fs::remove_all(dir);
  pe::report::begin_run(dir.string());
  for (const char* id : {"exp.tournament.rope.L64", "exp.tournament.rope.L128"})
    pe::report::write_fragment(dir.string(), listed(id, "holds", "holds"));
  pe::report::ReportAnnotations annotations;
  annotations.annotate = [](pe::ledger::Record& r) {
    r.reproduction = "reproduces";
    r.reading_dependent = true;
    using Reading = pe::ledger::Record::Reading;
    Reading holds{}, fails{}, ruled{};
    holds.id = "a";
    holds.verdict = "holds";
    fails.id = "b";
    fails.verdict = r.id == "exp.tournament.rope.L64" ? "fails" : "holds";
    ruled.id = "c";
    ruled.verdict = "holds";
    ruled.ruled_out_by = "exp.bag.no_mark_rule";
    r.readings = {holds, fails, ruled};
    if (r.id == "exp.tournament.rope.L64") r.edge = "one setting would turn it";
  };
  pe::report::write_report(dir.string(), annotations);
  std::ifstream in(dir / "claims.json");
  const pe::JsonValue report = pe::parse_json(std::string(std::istreambuf_iterator<char>(in), {}));
  const pe::JsonValue* experiments = report.member("summary")->member("experiments");
  ASSERT_NE(experiments, nullptr);
  EXPECT_EQ(experiments->text_of("reading_dependent"), "2");
  EXPECT_EQ(experiments->text_of("readings_split"), "1");
  EXPECT_EQ(experiments->text_of("readings_ruled_out"), "1");
  EXPECT_EQ(experiments->text_of("at_the_edge"), "1");
  std::ifstream headline_in(dir / "headline.txt");
  std::string flat;
  for (const std::string& word : pe::split_words(std::string(std::istreambuf_iterator<char>(headline_in), {})))
    flat += (flat.empty() ? "" : " ") + word;
  EXPECT_NE(flat.find("2 reading-dependent (1 split, 1 ruled out), 1 at the edge"), std::string::npos) << flat;
}

TEST(LedgerReport, RelationsReachClaimsJsonTheHeadlineAndTheirSection) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "pe-ledger-relations-test";
  fs::remove_all(dir);
  pe::report::begin_run(dir.string());
  const std::vector<std::pair<std::string, std::string>> relations = {
      {"consistency.filings_far.complement", "consistent"},
      {"consistency.table_finance.granularity", "cannot bite"},
      {"consistency.filings_exhibit.fenwick_answers", "changes a conclusion"},
      {"consistency.filings_exhibit.clause_is_far", "changes a conclusion"},
      {"consistency.table_ruler.limit_bound.delta1", "wrong digit"}};
  for (const auto& [id, grade] : relations) {
    const bool consistent = grade == "consistent" || grade == "cannot bite";
    pe::ledger::Record r = listed(id, consistent ? "holds" : "fails", consistent ? "holds" : "fails");
    r.unit = "consistency";
    r.consistency = grade;
    pe::report::write_fragment(dir.string(), r);
  }
  pe::report::ReportAnnotations annotations;
  annotations.annotate = [](pe::ledger::Record& r) { r.reproduction = "exact"; };
  pe::report::write_report(dir.string(), annotations);
  const auto text = [&dir](const char* name) {
    std::ifstream in(dir / name);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  };
  const std::string json = text("claims.json"), headline = text("headline.txt"), md = text("claims.md");
  EXPECT_NE(json.find("\"consistency\": \"cannot bite\""), std::string::npos);
  // Each claim is listed under exactly one statement's "claims" (its own), the one that cannot
  // bite included; a value printed again elsewhere is under that statement's "reprints".
  const pe::JsonValue report = pe::parse_json(json);
  std::map<std::string, int> listings;
  for (const pe::JsonValue& statement : report.member("statements")->items)
    for (const pe::JsonValue& claim : statement.member("claims")->items) ++listings[claim.text];
  for (const auto& [id, grade] : relations) EXPECT_EQ(listings[id], 1) << id << " (" << grade << ")";
  EXPECT_NE(json.find("\"printed_relations\": {\"relations\": 5, \"consistent\": 1, \"inconsistent\": 3, "
                      "\"changes_a_conclusion\": 2, \"wrong_digit\": 1, \"cannot_bite\": 1}"),
            std::string::npos)
      << json.substr(0, 800);
  std::string flat;  // the headline's words, its wrapping undone
  for (const std::string& word : pe::split_words(headline)) flat += (flat.empty() ? "" : " ") + word;
  EXPECT_NE(flat.find("1 hold, 3 fail (all 3 errata, as expected). "
                      "Cannot fail at the printed precision: consistency.table_finance.granularity."),
            std::string::npos)
      << headline;
  EXPECT_NE(flat.find("5 relations among them: 1 consistent, 3 inconsistent (2 change a conclusion, 1 a digit)."),
            std::string::npos)
      << headline;
  std::istringstream lines(headline);
  for (std::string line; std::getline(lines, line);)
    EXPECT_LE(line.size(), pe::report::kReportWidth) << "a headline line wider than a report line: " << line;
  const auto section = md.find("## The printed numbers against each other");
  ASSERT_NE(section, std::string::npos);
  EXPECT_NE(md.find("`consistency.table_finance.granularity` (cannot bite)", section), std::string::npos);
  fs::remove_all(dir);
}

// read_report_records refuses a stale report and says why: a record written after the last merge,
// or a record older than the program that wrote it. One record against this build's claims is
// never a match, so a report that is not stale is refused for that reason instead.
TEST(LedgerReport, AReportIsStaleWhenARecordOrItsProgramIsNewerThanTheMerge) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "pe-ledger-stale-test";
  fs::remove_all(dir);
  pe::report::begin_run(dir.string());
  pe::ledger::Record r = listed("thm1.stationary", "holds", "holds");
  r.unit = "theorem1";
  pe::report::write_fragment(dir.string(), r);  // records this test program as the record's writer
  // A record of a claim no build declares any more (a claim removed since it ran): the merge
  // deletes it, so its age never makes the report stale.
  pe::ledger::Record gone = listed("thm9.removed", "holds", "holds");
  gone.unit = "theorem9";
  pe::report::write_fragment(dir.string(), gone);
  fs::last_write_time(dir / "claims.d" / "thm9.removed.rec", fs::last_write_time("/proc/self/exe") - std::chrono::seconds(5));
  pe::report::write_report(dir.string(), pe::report::ReportAnnotations{});
  EXPECT_FALSE(fs::exists(dir / "claims.d" / "thm9.removed.rec"));
  const auto refusal = [&dir] {
    try {
      pe::report::read_report_records(dir.string());
    } catch (const pe::report::StaleReport& e) {
      return std::string(e.what());
    }
    return std::string("read");
  };
  EXPECT_EQ(refusal().find("is stale"), std::string::npos) << refusal();
  EXPECT_NE(refusal().find("does not match the claims this build declares"), std::string::npos) << refusal();
  const fs::path fragment = dir / "claims.d" / "thm1.stationary.rec", headline = dir / "headline.txt";
  ASSERT_TRUE(fs::exists(fragment));
  fs::last_write_time(fragment, fs::last_write_time(headline) + std::chrono::seconds(5));
  EXPECT_NE(refusal().find("is stale: its last merge is older than the records"), std::string::npos) << refusal();
  // A record written before this program was built, and merged since.
  fs::last_write_time(fragment, fs::last_write_time("/proc/self/exe") - std::chrono::seconds(5));
  fs::last_write_time(headline, fs::file_time_type::clock::now());
  EXPECT_NE(refusal().find("the records of unit(s) theorem1 are older than their test programs"), std::string::npos)
      << refusal();
  fs::remove_all(dir);
}

TEST(Summary, AnEnclosureOfAValueBuiltToMatchIsNotCountedAsCertified) {
  std::vector<Record> rs = {listed("thm9.a", "holds", "holds"), listed("filings.corpus.queries", "holds", "holds"),
                            listed("exp.bag.exact.L32", "holds", "holds")};
  rs[1].unit = "filings_corpus";  // the re-created corpus: by construction
  for (Record& r : rs) {
    r.reproduction = "exact";
    r.certified = "true";
  }
  ASSERT_EQ(pe::ledger::evidence_of(rs[2]), pe::ledger::Evidence::by_construction);
  const pe::report::Summary s = pe::report::summarise(rs);
  EXPECT_EQ(s.deterministic, 3);
  EXPECT_EQ(s.certified, 1);
  EXPECT_EQ(s.certified_by_construction, 2);
}

TEST(Summary, TheHeadlineCountsMathematicsAndExperimentClassesApart) {
  std::vector<Record> rs = {listed("thm9.a", "fails", "fails"),
                            listed("thm9.b", "holds", "holds"),
                            listed("filings.corpus.c", "holds", "holds"),
                            listed("exp.d", "holds", "holds"),
                            listed("exp.e", "holds", "holds"),
                            listed("exp.f", "fails", "fails")};
  rs[0].unit = rs[1].unit = "theorem9";
  rs[2].unit = "filings_corpus";
  for (Record* r : {&rs[0], &rs[1], &rs[2]}) r->reproduction = "exact";
  rs[3].reproduction = "reproduces";
  rs[4].reproduction = "fragile";
  rs[5].reproduction = "inconclusive";
  rs[3].overprecise = "true";
  for (const char* reproduction : {"reproduces", "setting-dependent", "does-not-reproduce", "not swept"}) {
    rs.push_back(listed(std::string("exp.") + reproduction, "holds", "holds"));
    rs.back().reproduction = reproduction;
  }
  const pe::report::Summary s = pe::report::summarise(rs);
  EXPECT_EQ(s.mathematics_checked, 2);
  EXPECT_EQ(s.mathematics_holding, 1);
  EXPECT_EQ(s.corpus_checked, 1);
  EXPECT_EQ(s.corpus_holding, 1);
  EXPECT_EQ(s.reproduces, 2);
  EXPECT_EQ(s.fragile, 1);
  EXPECT_EQ(s.setting_dependent, 1);
  EXPECT_EQ(s.does_not_reproduce, 1);
  EXPECT_EQ(s.not_swept, 1);
  EXPECT_EQ(s.inconclusive, 1);
  EXPECT_EQ(s.fails_inconclusive, 1);
  EXPECT_EQ(s.overprecise, 1);
  EXPECT_EQ(pe::report::failure_cause(rs[5]), "inconclusive");
}

TEST(ReportListing, ClassTextCountsSettingsOnlyForSweptClasses) {
  pe::ledger::Record r = failing("a", "1", "2");
  for (const char* plain : {"", "exact", "not swept"}) {
    r.reproduction = plain;
    EXPECT_EQ(class_text(r), plain);
  }
  r.reproduction = "fragile";
  r.settings_held = 3;
  r.settings_evaluated = 4;
  // The class is decided on the readings' mean share, which need not be 3/4.
  r.share = 0.5;
  EXPECT_EQ(class_text(r),
            "fragile (share 0.50, each reading's share averaged: holds in 3 of 4 plausible settings in all)");
  r.reading_dependent = true;
  r.edge = "at the edge: one other setting (a/b) would change its class to reproduces";
  EXPECT_EQ(class_text(r), "fragile, reading-dependent (share 0.50, each reading's share averaged: holds in 3 of "
                           "4 plausible settings in all); at the edge: one other setting (a/b) would change its "
                           "class to reproduces");
}

TEST(ReportListing, EachReadingShowsWhereItHoldsItsValueOrWhatRulesItOut) {
  pe::ledger::Record r = failing("a", "1", "2");
  pe::ledger::Record::Reading shared{"shared_row+force_mark", "holds", 3, 4, 0.8812, 0.0123, "", 0.0412, true};
  pe::ledger::Record::Reading pairs{"pair_rows+force_mark", "fails", 1, 12};
  pe::ledger::Record::Reading ruled{"shared_row+resample", "holds", 0, 0};
  ruled.ruled_out_by = "exp.bag.no_mark_rule";
  r.readings = {shared, pairs, ruled};
  EXPECT_EQ(readings_text(r),
            "a shared mark row: holds, undecided, in its selected recipe (0.881 +/- 0.041, se 0.012), holds in 3 of 4 "
            "plausible settings; a row per marked symbol: fails in its selected recipe, holds in 1 of 12 "
            "plausible settings; a shared mark row, unmarked sequences drawn again: ruled out by "
            "exp.bag.no_mark_rule");
  // The value with its band and standard error, or whichever was recorded.
  EXPECT_EQ(reading_value(shared), "0.881 +/- 0.041, se 0.012");
  pe::ledger::Record::Reading without_se = shared;
  without_se.se = std::nan("");
  EXPECT_EQ(reading_value(without_se), "0.881 +/- 0.041");
  pe::ledger::Record::Reading positions = shared;  // a position, not an accuracy: one decimal
  positions.value = 14.3333, positions.band = 31.508, positions.se = 2.291;
  EXPECT_EQ(reading_value(positions), "14.3 +/- 31.5, se 2.291");
  pe::ledger::Record::Reading band_only = pairs;
  band_only.band = 0.25;
  EXPECT_EQ(reading_value(band_only), "band +/- 0.250");
  EXPECT_EQ(reading_value(pairs), "");
  // The two readings' own verdicts differ: the split names both with their values.
  EXPECT_EQ(readings_split(r), "holds with a shared mark row (0.881 +/- 0.041, se 0.012), fails with a row per marked "
                               "symbol (each in its selected recipe)");
  r.readings = {shared, ruled};  // a ruled-out reading splits nothing
  EXPECT_EQ(readings_split(r), "");
}

// The section on the reading: what a reading is and how the flag is decided, the ruled-out
// reading once, then one row a claim with its readings side by side, the claim whose readings'
// shares lie furthest apart first.
TEST(ReportListing, ClaimsThatDependOnTheReadingShowEachReadingSideBySide) {
  using pe::ledger::Record;
  auto claim = [](const std::string& id, int shared_held, const char* shared_verdict, int pairs_held,
                  const char* pairs_verdict) {
    Record r = failing(id, "0.980", "0.984");
    r.reproduction = "reproduces";
    r.reading_dependent = true;
    r.readings = {{"shared_row+force_mark", shared_verdict, shared_held, 7, 0.984, 0.002, "", 0.006},
                  {"pair_rows+force_mark", pairs_verdict, pairs_held, 7, 0.995, 0.002, "", 0.004},
                  {"shared_row+resample", "holds", 0, 0, 0.9, 0.01, "exp.bag.no_mark_rule"}};
    return r;
  };
  Record quiet = claim("not.flagged", 7, "holds", 7, "holds");
  quiet.reading_dependent = false;
  const std::vector<Record> records = {claim("small.gap", 7, "holds", 6, "fails"), quiet,
                                       claim("large.gap", 7, "holds", 0, "holds")};
  const std::string md = reading_dependent_markdown(records, pe::report::Markdown::github);
  EXPECT_EQ(md.find("A *reading* is one way"), 0u);
  EXPECT_NE(md.find("4 of 7 against 3 of 7, is the grain of the settings"), std::string::npos);
  EXPECT_NE(md.find("One reading, *a shared mark row, unmarked sequences drawn again* (`shared_row+resample`), "
                    "is ruled out by `exp.bag.no_mark_rule` and counts in no share and no flag."),
            std::string::npos);
  EXPECT_NE(md.find("| claim | class | article | a shared mark row | a row per marked symbol |\n"), std::string::npos);
  const std::size_t large = md.find("| `large.gap` | reproduces | 0.980 | holds (0.984 +/- 0.006, se 0.002), 7/7 | "
                                    "holds (0.995 +/- 0.004, se 0.002), 0/7 |\n");
  const std::size_t small = md.find("| `small.gap` | reproduces | 0.980 | holds (0.984 +/- 0.006, se 0.002), 7/7 | "
                                    "fails (0.995 +/- 0.004, se 0.002), 6/7 |\n");
  ASSERT_NE(large, std::string::npos) << md;
  ASSERT_NE(small, std::string::npos) << md;
  EXPECT_LT(large, small);
  EXPECT_EQ(md.find("not.flagged"), std::string::npos);
  // A card shows each reading's result on its face, where a reviewer looks first.
  const Record& small_gap = records[0];
  const std::string card = claims_listing({&small_gap}, pe::report::Markdown::doxygen, plain_links(), false);
  EXPECT_NE(card.find("<b>depends on the reading</b> a shared mark row: holds (0.984 +/- 0.006, se 0.002), 7 of 7 settings; "
                      "a row per marked symbol: fails (0.995 +/- 0.004, se 0.002), 6 of 7 settings</div>"),
            std::string::npos)
      << card;
  // Counted apart in the summary: two depend on the reading, one with its own verdicts split.
  const pe::report::Summary s = pe::report::summarise(records);
  EXPECT_EQ(s.reading_dependent, 2);
  EXPECT_EQ(s.readings_split, 1);
}

TEST(ReportListing, SlugsAreLowerCaseWordsJoinedByOneHyphen) {
  EXPECT_EQ(slug(std::string(pe::theorems::kClocksSection)), "position-as-a-set-of-clocks");
  EXPECT_EQ(slug("  RoPE: (rotations) -- 2x2!  "), "rope-rotations-2x2");
  EXPECT_EQ(slug("--"), "");
}

TEST(ReportListing, DirectionComparesPlainNumbersOnly) {
  EXPECT_EQ(direction(failing("a", "0.466", "0.5459")), "higher");
  EXPECT_EQ(direction(failing("a", "-55.86", "-59.54")), "lower");
  EXPECT_EQ(direction(failing("a", "5", "5")), "equal");
  EXPECT_EQ(direction(failing("a", "about 0.31 to 0.68", "0.4")), "");
  EXPECT_EQ(direction(failing("a", "0.5", "10 of 20 seeds")), "");
}

TEST(ReportListing, TheReasonIsTheNoteBeforeItsEvidence) {
  EXPECT_EQ(reason(failing("a", "1", "2")), "Erratum: the reason");
  pe::ledger::Record r = failing("a", "1", "2");
  r.note = "no evidence";
  EXPECT_EQ(reason(r), "no evidence");
}

TEST(ReportListing, ClaimsMarkdownFitsATerminal) {
  // Long values, a long statement and a long note: the table stays within kReportTableWidth and
  // every other line within kReportWidth, and nothing of the values is lost.
  const std::string long_value(300, 'x');
  pe::ledger::Record r = failing("filings.horizon.synthetic.seed0.width_of_the_head", long_value, "7 " + long_value);
  r.statement = std::string(50, 'w') + " " + std::string(700, 's').replace(100, 1, " ");
  r.note = "Erratum: " + std::string(40, 'r') + " | " + std::string(3000, 'e').replace(500, 1, " ");
  const std::string md = wrap_report(claims_listing({&r}, Markdown::github, plain_links(), true));
  std::istringstream lines(md);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t limit = line.rfind('|', 0) == 0 ? kReportTableWidth : kReportWidth;
    // A word longer than a line stands alone: only such lines may pass the limit.
    if (line.size() > limit) {
      EXPECT_EQ(line.find(' ', line.find_first_not_of(" -")), std::string::npos) << line;
    }
  }
  EXPECT_NE(md.find("  - article:\n    " + long_value + "\n"), std::string::npos) << md;
  EXPECT_NE(md.find("reason: Erratum:"), std::string::npos);
  EXPECT_NE(md.find("| fails | does-not-reproduce 0/0 |"), std::string::npos) << md;
}

// A class one other plausible setting would change is marked in claims.md's table and says how in
// the claim's detail lines, as on the cards.
TEST(ReportListing, ClaimsMarkdownMarksAClassAtTheEdge) {
  pe::ledger::Record r = failing("exp.edge", "0.947", "0.950");
  r.reproduction = "fragile";
  r.settings_held = 7;
  r.settings_evaluated = 14;
  r.share = 0.5;
  const std::string plain = claims_listing({&r}, Markdown::github, plain_links(), false);
  EXPECT_NE(plain.find("| fragile 7/14 |"), std::string::npos) << plain;
  EXPECT_EQ(plain.find("at the edge"), std::string::npos) << plain;
  r.edge = "at the edge: one other setting (a/b) would change its class to reproduces";
  const std::string md = claims_listing({&r}, Markdown::github, plain_links(), false);
  EXPECT_NE(md.find("| fragile 7/14, at the edge |"), std::string::npos) << md;
  EXPECT_NE(md.find("at the edge: one other setting (a/b) would change its class to reproduces"), std::string::npos)
      << md;
}

TEST(ReportListing, WrapKeepsAListItemTogether) {
  const std::string item = "- " + std::string(60, 'a') + " " + std::string(60, 'b') + "\n";
  EXPECT_EQ(wrap_report(item), "- " + std::string(60, 'a') + "\n  " + std::string(60, 'b') + "\n");
  const std::string row = "| " + std::string(150, 'c') + " |\n";
  EXPECT_EQ(wrap_report(row), row);  // table rows are never wrapped
}

TEST(ReportListing, WhatTheArticleGetsWrongListsEachFailureOnceByGroup) {
  std::vector<pe::ledger::Record> rs = {failing("exp.a", "0.466", "0.55"), failing("exp.b", "0.2", "0.1")};
  rs[1].reproduction = "inconclusive";
  rs[1].inconclusive = "within its resolution";
  pe::ledger::Record holding = failing("exp.c", "0.3", "0.31");
  holding.verdict = holding.expected = "holds";
  holding.reproduction = "inconclusive";
  holding.inconclusive = "band too wide";
  rs.push_back(holding);
  pe::ledger::Record fine = failing("exp.d", "0.3", "0.3");
  fine.verdict = fine.expected = "holds";
  fine.reproduction = "reproduces";
  rs.push_back(fine);
  const std::string md = wrong_list_markdown(rs, Markdown::github, [](const pe::ledger::Record& r) { return r.id; });
  EXPECT_NE(md.find("- exp.a: article 0.466, computed 0.55 (higher); does-not-reproduce\n"), std::string::npos) << md;
  EXPECT_NE(md.find("- exp.b: article 0.2, computed 0.1 (lower); inconclusive\n"), std::string::npos) << md;
  // A claim that holds is not wrong: it is listed apart, with the other holding undecided ones.
  EXPECT_EQ(md.find("exp.c"), std::string::npos) << md;
  const std::string holding_md =
      undecided_holding_markdown(rs, Markdown::github, [](const pe::ledger::Record& r) { return r.id; });
  EXPECT_NE(holding_md.find("- exp.c: article 0.3, computed 0.31 (higher); inconclusive\n"), std::string::npos)
      << holding_md;
  EXPECT_EQ(holding_md.find("exp.a"), std::string::npos);
  EXPECT_EQ(md.find("exp.d"), std::string::npos);
  EXPECT_LT(md.find("exp.a"), md.find("exp.b"));  // errata_groups() order
  EXPECT_NE(wrong_list_markdown({fine}, Markdown::github, [](const pe::ledger::Record& r) { return r.id; })
                .find("None"),
            std::string::npos);
}

// A line keeps the value that decides: a relation's computed interval is not cut before its
// comparison's right-hand side.
TEST(ReportListing, AWrongListLineKeepsTheDecidingValue) {
  pe::ledger::Record r = failing("consistency.x", "76.6% for the first-named answer; 0.613 for the heads",
                                 "[0.7655, 0.7665] <= [0.6125, 0.6135] for no allowed value");
  const std::string md = wrong_list_markdown({r}, Markdown::github, [](const pe::ledger::Record& x) { return x.id; });
  EXPECT_NE(md.find("[0.7655, 0.7665] <= [0.6125, 0.6135] for no allowed value"), std::string::npos) << md;
}

// An exact proof's zero is the difference of the identity's sides, not the quantity (det R = 1
// must not read "computed 0"): it is the residual, exact; a remainder is what was computed.
TEST(LedgerRules, AnExactProofShowsItsDifferenceAsAnExactResidualNotAsTheQuantity) {
  const auto proved = proved_identity(true, "", "det R(k) = 1 for every k: reduces to 0",
                                      {{pe::StepKind::identity, pe::StepReach::decided, "det R(k) - 1 reduces to 0"}});
  EXPECT_EQ(proved.computed, "1 step decided (1 identity)");
  EXPECT_EQ(proved.residual, 0.0);
  EXPECT_EQ(proved.residual_unit, "exact");
  const auto refused = proved_identity(false, "sin(k)^2", "det R(k) = 2 for every k",
                                       {{pe::StepKind::identity, pe::StepReach::failed, "det R(k) - 2 = sin(k)^2"}});
  EXPECT_EQ(refused.computed, "remainder sin(k)^2");
  EXPECT_TRUE(std::isnan(refused.residual));
}

TEST(LedgerRules, AnIdentityAgainstZeroCarriesItsResidualInItsUnit) {
  const auto counted = identity(0.5, 0, 16, "16 units of d eps: LU determinant");
  EXPECT_EQ(counted.residual, 0.5);
  EXPECT_EQ(counted.residual_unit, "d\u00b7eps");
  EXPECT_EQ(identity(1e-16, 0, 1.776e-15, "8 eps: one normalisation").residual_unit, "absolute");
  EXPECT_EQ(identity(2, 0, 4, "4 eps: one pow").residual_unit, "eps");
  EXPECT_EQ(identity(1e-150, 0, 1e-140, "a bound", "relative").residual_unit, "relative");
  EXPECT_TRUE(std::isnan(identity(0.5, 0.5, 0, "exact").residual));  // computed is the quantity
  EXPECT_EQ(residual_unit_of(1, "one unit of 8 eps ||k_j||: an atan2"), "8\u00b7eps\u00b7||k_j||");
  EXPECT_EQ(residual_unit_of(64, "64 units of 16 eps (Bauer-Fike)"), "16\u00b7eps");
  EXPECT_EQ(residual_unit_of(4, "4 units of 16 (j+1) eps: exponents"), "16\u00b7(j+1)\u00b7eps");
  EXPECT_EQ(residual_unit_of(8, "8 units of (max position + 1) d eps: angle"), "(max position + 1)\u00b7d\u00b7eps");
  EXPECT_THROW(residual_unit_of(8, "8 units: rounding"), std::logic_error);  // the unit must be named
  const auto z = statistical_agreement(2.5, 0, 1, 4, "|z|");
  EXPECT_EQ(z.residual, 2.5);
  EXPECT_EQ(z.residual_unit, "standard errors");
  EXPECT_TRUE(std::isnan(statistical_agreement(2.5, 2.4, 1, 4, "a mean").residual));
  Claim c = Claim("unit.residual").in_section(sections()[0]).stating("det R = 1").printed_as("det R(k) = 1")
      .decided_by([] { return identity(0.5, 0, 16, "16 units of d eps: LU"); });
  const Record r = evaluate_record(c);
  EXPECT_EQ(r.computed, "0.5");  // kept: pe_report diff compares it
  EXPECT_EQ(r.residual, "0.5");
  EXPECT_EQ(r.residual_unit, "d\u00b7eps");
}

namespace {
/// The prop2.determinant_one record of a full run: its computed value is a residual.
Record determinant_residual(const std::string& verdict) {
  Record r = failing("prop2.determinant_one", "det R(k) = 1", "0.5");
  r.rule = "identity";
  r.verdict = r.expected = verdict;
  r.reproduction = "exact";
  r.residual = "0.5";
  r.residual_unit = "d\u00b7eps";
  return r;
}
}  // namespace

TEST(ReportListing, AResidualIsShownAsWhatHoldsNotAsTheComputedValue) {
  const Record holding = determinant_residual("holds");
  EXPECT_EQ(computed_face(holding), "holds to 0.5 d\u00b7eps");
  EXPECT_EQ(direction(holding), "");
  for (const Markdown markdown : {Markdown::github, Markdown::doxygen}) {
    const std::string md = claims_listing({&holding}, markdown, plain_links());
    EXPECT_NE(md.find("holds to 0.5 d\u00b7eps"), std::string::npos) << md;
    EXPECT_NE(md.find("residual"), std::string::npos) << md;  // its own field, with its unit
    EXPECT_EQ(md.find("| 0.5 |"), std::string::npos) << md;
    EXPECT_EQ(md.find("<b>computed</b> 0.5"), std::string::npos) << md;
  }
  EXPECT_NE(claims_listing({&holding}, Markdown::github, plain_links()).find("residual 0.5 d\u00b7eps"),
            std::string::npos);
  Record exact = holding;
  exact.residual = exact.computed = "0";
  EXPECT_EQ(computed_face(exact), "holds exactly");
  const std::string errata = wrong_list_markdown({determinant_residual("fails")}, Markdown::github,
                                                 [](const Record& r) { return r.id; });
  EXPECT_NE(errata.find("article det R(k) = 1, computed misses by 0.5 d\u00b7eps;"), std::string::npos) << errata;
  Record quantity = failing("exp.a", "0.466", "0.55");  // no residual: the computed value as it is
  EXPECT_EQ(computed_face(quantity), "0.55");
}

TEST(ReportListing, ASummaryNeverCutsANumber) {
  const std::string text = "long 0.123456 short 0.9";
  EXPECT_EQ(shortened(text, 10), "long \u2026");  // was "long 0.12…"
  EXPECT_EQ(shortened(text, 22), "long 0.123456 short \u2026");
  EXPECT_EQ(shortened(text, 15), "long 0.123456 \u2026");
  EXPECT_EQ(shortened(text, text.size()), text);
  EXPECT_EQ(shortened("[1.01472533871e+00, 1.02e+00]", 24), "[1.01472533871e+00, \u2026");
  // At every width a number is whole or absent.
  const std::regex number("[0-9][0-9.e+-]*");
  for (std::size_t width = 1; width < text.size(); ++width) {
    const std::string cut = shortened(text, width);
    for (auto m = std::sregex_iterator(cut.begin(), cut.end(), number); m != std::sregex_iterator(); ++m)
      EXPECT_TRUE(m->str() == "0.123456" || m->str() == "0.9") << width << ": " << cut;
  }
}

// A table cell keeps the deciding value: an enclosure loses digits outward and still encloses, a
// mean keeps its band and seed count, a name's digits (d=512) stay, and a text that fits is left.
TEST(ReportListing, ATableCellKeepsTheDecidingValueWithFewerDigits) {
  EXPECT_EQ(compact_face("[3.66331657435e-02, 3.66331657436e-02]", 24), "[3.6633e-02, 3.6634e-02]");
  EXPECT_EQ(compact_face("[0.4519542, 0.4533263] meets [0.4522562, 0.4536023]", 40),
            "[0.4519, 0.4534] meets [0.4522, 0.4537]");
  EXPECT_EQ(compact_face("mean of 20 seeds 0.6699979225, band +- 0.03834175293", 24), "20 seeds: 0.670 \u00b1 0.0383");
  EXPECT_EQ(compact_face("d=512: 0.02139792196, d=64: 0.01881967834", 32), "d=512: 0.021398, d=64: 0.018820");
  EXPECT_EQ(compact_face("0.9661509894", 24), "0.9661509894");
  // Rounded in decimal: an exact bound stays where it is, a negative one rounds outward too.
  EXPECT_EQ(compact_face("[2.00000000000e+00, 2.00000000000e+00]", 24), "[2.0000e+00, 2.0000e+00]");
  EXPECT_EQ(compact_face("[-23.7512345, -13.6512345] < [34]", 24), "[-23.76, -13.65] < [34]");
  EXPECT_EQ(compact_face("[0.99996, 0.99997] meets [0.99995, 1]", 32), "[0.999, 1.000] meets [0.999, 1]");
  // A text with no number to shorten is cut as before.
  EXPECT_EQ(compact_face("some allowed values satisfy every part", 24), shortened("some allowed values satisfy every part", 24));
}

// ---- pe_report diff ------------------------------------------------------------------------

namespace {
std::string written(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path) << text;
  return path.string();
}
}  // namespace

TEST(ReportDiff, ListsChangedVerdictsClassesValuesAndMissingClaims) {
  const std::string before = written("pe-diff-before.json", R"({"build": {"commit": "a"}, "claims": [
    {"id": "thm1.a", "verdict": "holds", "reproduction": "exact", "article": "0.5", "computed": "0.49"},
    {"id": "exp.b", "verdict": "holds", "reproduction": "reproduces", "class": "reproduces", "article": "0.4", "computed": "0.41", "readings": {"x": "holds"}},
    {"id": "exp.c", "verdict": "fails", "reproduction": "fragile", "class": "fragile", "article": "0.4", "computed": "0.2"},
    {"id": "exp.f", "verdict": "holds", "reproduction": "reproduces", "class": "reproduces", "article": "0.9", "computed": "0.9"},
    {"id": "old.d", "verdict": "holds", "reproduction": "exact", "article": "1", "computed": "1"}]})");
  const std::string after = written("pe-diff-after.json", R"({"build": {"commit": "b"}, "claims": [
    {"id": "thm1.a", "verdict": "holds", "reproduction": "exact", "article": "0.5", "computed": "0.49"},
    {"id": "exp.b", "verdict": "fails", "reproduction": "fragile", "class": "fragile", "article": "0.4", "computed": "0.3"},
    {"id": "exp.c", "verdict": "fails", "reproduction": "fragile", "class": "fragile", "article": "0.4", "computed": "0.2\u0021"},
    {"id": "exp.f", "verdict": "holds", "reproduction": "reproduces", "class": "inconclusive", "article": "0.9", "computed": "0.9"},
    {"id": "new.e", "verdict": "holds", "reproduction": "exact", "article": "1", "computed": "1"}]})");
  int changed = -1;
  const std::string text = diff_reports(read_report_claims(before), read_report_claims(after), changed);
  EXPECT_EQ(changed, 5) << text;
  // In the record schema's order (record_fields.hpp).
  // A swept claim's class is its reproduction: the change is listed once, as the class.
  EXPECT_NE(text.find("exp.b: computed 0.41 -> 0.3; verdict holds -> fails; class reproduces -> fragile\n"),
            std::string::npos) << text;
  // The class is a field of its own: a change of class alone is listed.
  EXPECT_NE(text.find("exp.f: class reproduces -> inconclusive\n"), std::string::npos) << text;
  EXPECT_NE(text.find("exp.c: computed 0.2 -> 0.2!\n"), std::string::npos) << text;  // \u0021 read
  EXPECT_NE(text.find("old.d: only in the old report"), std::string::npos);
  EXPECT_NE(text.find("new.e: only in the new report"), std::string::npos);
  EXPECT_EQ(text.find("thm1.a"), std::string::npos);  // unchanged; the build differs, not a claim
  int none = -1;
  diff_reports(read_report_claims(after), read_report_claims(after), none);
  EXPECT_EQ(none, 0);
}

// A residual (with its unit), the reading flag, the statement and the evidence of a claim are
// compared, and so is the argument map's block of statements.
TEST(ReportDiff, ListsResidualsReadingFlagsEvidenceAndTheStatementsBlock) {
  const std::string before = written("pe-diff-more-before.json", R"({"claims": [
    {"id": "thm1.r", "verdict": "holds", "reproduction": "exact", "residual": 1e-30, "residual_unit": "absolute", "statement_id": "thm1", "evidence": "proved"},
    {"id": "exp.g", "verdict": "holds", "reproduction": "reproduces", "class": "reproduces", "reading_dependent": false}],
    "statements": [{"id": "thm1", "verdict": "holds", "standing": "holds", "flags": [], "brings_down": []},
                   {"id": "exp", "verdict": "holds", "standing": "holds", "flags": [], "brings_down": []}]})");
  const std::string after = written("pe-diff-more-after.json", R"({"claims": [
    {"id": "thm1.r", "verdict": "holds", "reproduction": "exact", "residual": 2e-30, "residual_unit": "absolute", "statement_id": "thm1", "evidence": "sampled"},
    {"id": "exp.g", "verdict": "holds", "reproduction": "reproduces", "class": "reproduces", "reading_dependent": true}],
    "statements": [{"id": "thm1", "verdict": "holds", "standing": "holds", "flags": [], "brings_down": []},
                   {"id": "exp", "verdict": "fails", "standing": "fails", "flags": [], "brings_down": ["thm1"]}]})");
  int changed = -1;
  const std::string claims = diff_reports(read_report_claims(before), read_report_claims(after), changed);
  EXPECT_EQ(changed, 2) << claims;
  EXPECT_NE(claims.find("thm1.r: residual 1e-30 -> 2e-30 (absolute); evidence proved -> sampled\n"), std::string::npos)
      << claims;
  EXPECT_NE(claims.find("exp.g: reading_dependent false -> true\n"), std::string::npos) << claims;
  const std::string statements =
      diff_statements(read_report_statements(before), read_report_statements(after), changed);
  EXPECT_EQ(changed, 1) << statements;
  EXPECT_NE(statements.find("statement exp: verdict holds -> fails; standing holds -> fails; brings_down [] -> "
                            "[thm1]\n"),
            std::string::npos)
      << statements;
}

TEST(ReportDiff, RefusesWhatIsNotAClaimsReport) {
  EXPECT_THROW(read_report_claims("/nonexistent/claims.json"), std::runtime_error);
  try {
    read_report_claims(written("pe-diff-broken.json", R"({"claims": [{"id": "a", )"));
    ADD_FAILURE() << "a truncated report was read";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("at byte"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_report_claims(written("pe-diff-other.json", R"({"claim": []})")), std::invalid_argument);
}

// ---- The argument map (theorems/ledger/statements.hpp) -----------------------------------

TEST(ArgumentMap, EveryClaimBelongsToExactlyOneStatement) {
  for (const Claim& c : all_claims()) {
    const auto owners = statements_of_claim(c.id);
    std::string names;
    for (const Statement* s : owners) names += " " + s->id;
    EXPECT_EQ(owners.size(), 1u) << c.id << " belongs to " << owners.size() << " statements:" << names;
    if (owners.size() == 1)  // a statement's claims are made where the statement is
      EXPECT_EQ(owners.front()->section, c.section) << c.id << " of " << owners.front()->id;
  }
}

TEST(ArgumentMap, StatementsAreWellFormed) {
  std::set<std::string> ids;
  const auto& names = sections();
  for (const Statement& s : statements()) {
    EXPECT_TRUE(ids.insert(s.id).second) << "duplicate statement id " << s.id;
    EXPECT_NE(std::find(names.begin(), names.end(), s.section), names.end()) << s.id << ": " << s.section;
    for (const std::string& pattern : s.claims) {
      const bool selects = std::any_of(all_claims().begin(), all_claims().end(), [&](const Claim& c) {
        return statements_of_claim(c.id) == std::vector<const Statement*>{&s} &&
               fnmatch(pattern.c_str(), c.id.c_str(), 0) == 0;
      });
      EXPECT_TRUE(selects) << s.id << ": pattern '" << pattern << "' selects no claim";
    }
    for (const EvidenceOverride& o : s.overrides) {
      EXPECT_FALSE(o.why.empty()) << s.id << ": override '" << o.pattern << "' gives no reason";
      const bool selects = std::any_of(all_claims().begin(), all_claims().end(), [&](const Claim& c) {
        return statements_of_claim(c.id) == std::vector<const Statement*>{&s} &&
               fnmatch(o.pattern.c_str(), c.id.c_str(), 0) == 0;
      });
      EXPECT_TRUE(selects) << s.id << ": override '" << o.pattern << "' selects none of its claims";
    }
    for (const auto* edges : {&s.uses, &s.explains})
      for (const std::string& to : *edges)
        EXPECT_NE(statement_with_id(to), nullptr) << s.id << ": edge to no statement '" << to << "'";
    // What an edge reads: an edge it has, and patterns that each select a claim the used statement
    // owns or prints again.
    for (const auto& edge : s.reads) {
      const std::string& used = edge.first;
      const std::vector<std::string>& patterns = edge.second;
      EXPECT_NE(std::find(s.uses.begin(), s.uses.end(), used), s.uses.end()) << s.id << " reads " << used << " without using it";
      for (const std::string& pattern : patterns) {
        const bool selects = std::any_of(all_claims().begin(), all_claims().end(), [&](const Claim& c) {
          const bool there = statements_of_claim(c.id) == std::vector<const Statement*>{statement_with_id(used)} ||
                             std::any_of(c.places.begin(), c.places.end(), [&](const Place& p) { return p.where == used; });
          return there && fnmatch(pattern.c_str(), c.id.c_str(), 0) == 0;
        });
        EXPECT_TRUE(selects) << s.id << " reads '" << pattern << "' of " << used << ": no such claim there";
      }
    }
  }
}

// What a failing number brings down, on the map as declared, each expectation read off the
// article: one learned-table cell is read only by the paragraph on the window ("every scheme but
// the first reads the task within the window"); RoPE's cell at 256 by the overview table, the
// paragraph past the window, Figure B and the rescaling table (both print it again) and, through that
// table, the rescaling paragraph and the heuristics caveat; the corpus's bursts by the horizon
// paragraph ("long stretches without a mention") and its caveat, not by the exhibit, which reads
// the first-named shares only; the no-position row by the bag-of-tokens paragraph; the caveat on
// the toy reads no number.
TEST(ArgumentMap, AFailingClaimBringsDownOnlyWhatReadsIt) {
  const auto down = [](const std::string& claim) {
    std::vector<std::string> ids;
    for (const Downstream& d : claim_brings_down(claim)) ids.push_back(d.statement);
    std::sort(ids.begin(), ids.end());
    return ids;
  };
  EXPECT_EQ(down("exp.tournament.learned.L32"), std::vector<std::string>{"exp.tournament_window"});
  EXPECT_EQ(down("exp.tournament.rope.L256"),
            (std::vector<std::string>{"caveat.heuristics", "exp.rescaled", "exp.tournament_past", "figure.b",
                                      "table.overview", "table.rescaling"}));
  EXPECT_EQ(down("filings.corpus.bursts_and_long_gaps"), (std::vector<std::string>{"caveat.horizon", "filings.horizon"}));
  const std::vector<std::string> no_position = down("exp.tournament.none.L256");
  EXPECT_NE(std::find(no_position.begin(), no_position.end(), "exp.bag"), no_position.end());
  EXPECT_EQ(down("filings.corpus.first_named_share"), std::vector<std::string>{"filings.exhibit"});
  for (const char* claim : {"exp.tournament.none.L32", "exp.tournament.alibi.L256", "exp.tournament.sinusoidal.L64"})
    for (const Downstream& d : claim_brings_down(claim)) EXPECT_NE(d.statement, "caveat.toy") << claim;
  // Each chain starts at the claim's statement and each step is an edge that reads, or a reprint.
  for (const Downstream& d : claim_brings_down("exp.tournament.rope.L256")) {
    EXPECT_EQ(d.path.front(), "table.tournament");
    EXPECT_EQ(d.path.back(), d.statement);
  }
  const std::vector<Downstream> heuristics = claim_brings_down("exp.tournament.rope.L256");
  const auto caveat = std::find_if(heuristics.begin(), heuristics.end(),
                                   [](const Downstream& d) { return d.statement == "caveat.heuristics"; });
  ASSERT_NE(caveat, heuristics.end());
  EXPECT_EQ(caveat->path, (std::vector<std::string>{"table.tournament", "table.rescaling", "exp.rescaled",
                                                     "caveat.heuristics"}));
  EXPECT_EQ(brings_down_json({{"s", {"t", "s"}}}), R"([{"statement": "s", "path": ["t", "s"]}])");
}

namespace {
Record map_record(std::string id, std::string verdict, std::string expected = "holds") {
  Record r;
  r.id = std::move(id);
  r.verdict = std::move(verdict);
  r.expected = std::move(expected);
  r.reproduction = "exact";
  r.rule = "identity";
  return r;
}
const StatementResult& result_of(const std::vector<StatementResult>& results, const std::string& id) {
  return *std::find_if(results.begin(), results.end(), [&](const auto& r) { return r.statement->id == id; });
}
}  // namespace

TEST(ArgumentMap, VerdictCountsFailuresAndStandingFollowsUses) {
  std::vector<Record> records = {map_record("prop2.homomorphism", "holds"),
                                 map_record("prop2.transpose_inverse", "fails"),
                                 map_record("prop2.determinant_one", "fails", "fails"),
                                 map_record("prop2.generator_exponential", "holds"),
                                 map_record("prop2.sphere", "holds")};
  records[3].certified = "true";
  const std::vector<StatementResult> results = evaluate_statements(records);
  EXPECT_EQ(result_of(results, "prop2.ii").verdict, "fails");
  EXPECT_EQ(result_of(results, "prop2.ii").verdict_text, "2 of 3 claims fail (1 errata, expected)");
  // prop2.generator uses prop2.ii: it holds, but rests on a failing statement.
  EXPECT_EQ(result_of(results, "prop2.generator").standing, "holds, but rests on prop2.ii (fails)");
  // What prop2.ii's failure brings down: prop2.generator among them, and each one it names rests on it.
  const std::vector<std::string>& down = result_of(results, "prop2.ii").brings_down;
  EXPECT_NE(std::find(down.begin(), down.end(), "prop2.generator"), down.end());
  for (const std::string& id : down)  // those this sample checks and finds holding say why they are weak
    if (result_of(results, id).verdict == "holds")
      EXPECT_NE(result_of(results, id).standing.find("prop2.ii (fails)"), std::string::npos) << id;
  EXPECT_TRUE(result_of(results, "prop2.iii").brings_down.empty());  // it holds
  std::string words;  // the line is wrapped: compare its words
  for (const std::string& word : pe::split_words(statement_line(result_of(results, "prop2.ii")))) words += word + " ";
  EXPECT_NE(words.find("brings down prop2.generator"), std::string::npos) << words;
  EXPECT_EQ(result_of(results, "prop2.generator").weakest, Evidence::proved);
  EXPECT_EQ(result_of(results, "prop2.iii").standing, "holds, and everything it uses holds");
  EXPECT_EQ(result_of(results, "def1").verdict, "not checked");
}

// The map's rules on records written by hand, each expected result written by hand too: an
// explains-edge is flagged when the theorem holds and the experiment fails or is inconclusive,
// never when the experiment holds; a failing table brings down the paragraphs that read it, each
// with the statements between; a restating caveat holds but rests on the table.
TEST(ArgumentMap, FlagsBringsDownAndStandingOnAHandWrittenCase) {
  const auto evaluate = [](const std::string& experiment_verdict, const std::string& table_verdict) {
    std::vector<Record> records = {map_record("thm3.ratio_bound", "holds"),
                                   map_record("filings.shape.alibi_loses_far", experiment_verdict),
                                   map_record("filings.acc.alibi.far", table_verdict),
                                   map_record("exp.rescaled.each_map_rescues", "holds"),
                                   map_record("consistency.caveat_heuristics.winner_depends_on_task", "holds")};
    return evaluate_statements(records);
  };
  const std::vector<StatementResult> failing = evaluate("fails", "holds");
  const std::vector<std::string> flag = {"explains filings.far (fails)"};
  EXPECT_EQ(result_of(failing, "thm3.iii").flagged, flag);
  EXPECT_TRUE(result_of(evaluate("holds", "holds"), "thm3.iii").flagged.empty());
  Record inconclusive = map_record("filings.shape.alibi_loses_far", "holds");
  inconclusive.reproduction = "inconclusive";
  const std::vector<StatementResult> undecided =
      evaluate_statements({map_record("thm3.ratio_bound", "holds"), inconclusive});
  EXPECT_EQ(result_of(undecided, "thm3.iii").flagged, std::vector<std::string>{"explains filings.far (inconclusive)"});
  // ALiBi's far cell fails: the far-queries paragraph and the overview's filings paragraph read
  // it and come down; the heuristics caveat reads only the rescalings' rows, and stands.
  const std::vector<StatementResult> table_fails = evaluate("holds", "fails");
  const StatementResult& table = result_of(table_fails, "table.finance");
  for (const char* id : {"filings.far", "para.overview_filings"})
    EXPECT_NE(std::find(table.brings_down.begin(), table.brings_down.end(), id), table.brings_down.end()) << id;
  EXPECT_EQ(std::find(table.brings_down.begin(), table.brings_down.end(), "caveat.heuristics"), table.brings_down.end());
  EXPECT_EQ(result_of(table_fails, "caveat.heuristics").standing, "holds, and everything it uses holds");
  // The PI-first claim fails: the caveat that restates it comes down, the far-queries paragraph not.
  const std::vector<StatementResult> pi_fails = evaluate_statements(
      {map_record("filings.shape.pi_first", "fails"), map_record("consistency.caveat_heuristics.winner_depends_on_task", "holds"),
       map_record("filings.shape.alibi_loses_far", "holds")});
  EXPECT_EQ(result_of(pi_fails, "caveat.heuristics").standing, "holds, but rests on table.finance (fails)");
  EXPECT_EQ(result_of(pi_fails, "filings.far").standing, "holds, and everything it uses holds");
  EXPECT_EQ(uses_path("caveat.heuristics", "table.rescaling"),
            (std::vector<std::string>{"caveat.heuristics", "exp.rescaled", "table.rescaling"}));
  EXPECT_TRUE(uses_path("table.finance", "caveat.heuristics").empty());  // edges point one way
  EXPECT_NE(brings_down_text(table).find("filings.far"), std::string::npos) << brings_down_text(table);
}

namespace {
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}
}  // namespace

TEST(ArgumentMap, EveryLineFitsOneHundredColumnsAndKeepsItsCounts) {
  std::vector<Record> records;
  for (const Claim& c : all_claims()) records.push_back(map_record(c.id, "fails", "fails"));
  for (const StatementResult& r : evaluate_statements(records))
    for (const std::string& line : lines_of(statement_line(r))) EXPECT_LE(line.size(), 100u) << line;
  // Wrapped, never cut: the whole verdict text of the longest statement survives.
  std::vector<Record> one_failing;
  for (const Claim& c : all_claims())
    one_failing.push_back(map_record(c.id, c.id == all_claims().back().id ? "fails" : "holds", "holds"));
  for (const StatementResult& r : evaluate_statements(one_failing)) {
    std::string joined;
    for (const std::string& word : pe::split_words(statement_line(r))) joined += word + " ";
    EXPECT_NE(joined.find(r.statement->label), std::string::npos) << joined;
    for (const std::string& word : pe::split_words(r.verdict_text))
      EXPECT_NE(joined.find(word), std::string::npos) << joined;
  }
}

TEST(ArgumentMap, EvidenceByRule) {
  Record corpus = map_record("filings.corpus.queries", "holds");
  corpus.unit = "filings_corpus";
  EXPECT_EQ(evidence_of(corpus), Evidence::by_construction);
  Record trained = map_record("exp.tournament.rope.L64", "holds");
  trained.reproduction = "reproduces";
  EXPECT_EQ(evidence_of(trained), Evidence::trained);
  // A floating-point check at tolerance 0 is exact on its instance, not proved for every
  // parameter: the statement's override says exhaustive over the printed H.
  Record exact = map_record("thm3.slopes.H8", "holds");
  exact.note = "|computed - 0| = 0 <= 0 (exact: powers of two)";
  EXPECT_EQ(evidence_of(exact), Evidence::exhaustive);
  Record proved = map_record("thm5.census.full_turn_planes.d16.L32", "holds");
  proved.note = "|computed - 0| = 0 <= 0 (exact: integer count)";
  EXPECT_EQ(evidence_of(proved), Evidence::exhaustive);  // thm5.i's kind, on its census
  proved.proof = "symbolic: reduces to 0";
  EXPECT_EQ(evidence_of(proved), Evidence::proved);
  EXPECT_EQ(evidence_of(map_record("prop2.sphere", "holds")), Evidence::sampled);  // the statement's residual
  Record inconclusive = map_record("exp.tournament.rope.L64", "holds");
  inconclusive.reproduction = "inconclusive";
  const auto results = evaluate_statements({inconclusive});
  EXPECT_EQ(result_of(results, "table.tournament").verdict, "inconclusive");
}
