// The main of every verification unit's test program: one GoogleTest test per ledger claim of
// the units the program names in pe::tests::kClaimsUnit (comma-separated, in a generated
// one-line source; registered at run time, so listing the tests evaluates nothing), beside the
// unit's own property and unit tests linked into the same program. Compiled once, into
// pe_claims_main.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <sstream>
#include <string>

#include "report.hpp"
#include "runs.hpp"

#ifndef PE_REPORT_DIR
#error "PE_REPORT_DIR must name the report directory"
#endif

namespace pe::tests {
extern const char* const kClaimsUnit;  ///< defined by each program's generated source
}

namespace {

class ClaimCheck : public testing::Test {
 public:
  explicit ClaimCheck(const pe::ledger::Claim& claim) : claim_(claim) {}

  void TestBody() override {
    // An experiment claim is given the headline runs; any other claim takes none.
    const pe::ledger::Record r = pe::ledger::evaluate_record(claim_, pe::theorems::lab::headline_runs());
    RecordProperty("claim", r.id);
    RecordProperty("article", r.article);
    RecordProperty("computed", r.computed);
    RecordProperty("rule", r.rule);
    RecordProperty("verdict", r.verdict);
    RecordProperty("expected", r.expected);
    RecordProperty("note", r.note);
    std::cout << "claim " << r.id << " [" << r.rule << "]: article " << r.article
              << ", computed " << r.computed << ", verdict " << r.verdict << " (expected "
              << r.expected << ")\n  " << r.note << "\n";
    try {
      const double value = std::stod(r.computed);
      std::cout << "<CTestMeasurement type=\"numeric/double\" name=\"computed\">" << value
                << "</CTestMeasurement>\n";
    } catch (const std::exception&) {
      // A shape claim's computed value is a description, not a number.
    }
    pe::report::write_fragment(PE_REPORT_DIR, r);
    // A relation among printed numbers that no printed digits could break decides nothing:
    // reported as skipped, neither passed nor failed.
    if (r.consistency == "cannot bite" && r.verdict == r.expected)
      GTEST_SKIP() << r.note;
    EXPECT_EQ(r.verdict, r.expected)
        << "claim " << r.id << " (" << r.statement << "): article " << r.article
        << ", computed " << r.computed << "; " << r.note;
  }

 private:
  const pe::ledger::Claim& claim_;
};

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  std::istringstream units(pe::tests::kClaimsUnit);
  for (std::string unit; std::getline(units, unit, ',');)
    for (const pe::ledger::Claim* claim : pe::ledger::claims_of_unit(unit)) {
      const auto [suite, name] = pe::ledger::test_name(claim->id);
      testing::RegisterTest(suite.c_str(), name.c_str(), nullptr, nullptr, claim->id.declared_in,
                            claim->id.declared_at,
                            [claim]() -> testing::Test* { return new ClaimCheck(*claim); });
    }
  return RUN_ALL_TESTS();
}
