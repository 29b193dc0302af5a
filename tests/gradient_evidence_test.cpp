// The gradient proofs' build product (experiments/gradient_evidence.hpp) and the claims that
// read it: the product reads back as written and refuses a product cut short, and the verdict
// on the evidence fails whenever the evidence says a step failed.
#include <gtest/gtest.h>

#include <sstream>

#include "gradient_evidence.hpp"
#include "implementation.hpp"

namespace pe::theorems {
namespace {

experiments::GradientEvidence proved_evidence() {
  experiments::GradientEvidence e;
  e.scheme = experiments::PositionScheme::rope;
  e.entries = 40;
  e.nonzero_entries = 38;
  e.tabulated = 4;
  e.recomputed = 2;
  e.runs = {"plain at d = 2 on 5 examples", "plain at d = 4 on 1 example"};
  e.difference_cases = 12;
  e.worst_relative = 3e-9;
  e.worst_case = "plain/query";
  e.smallest_norm = 0.01;
  e.smallest_case = "batch/key";
  return e;
}

TEST(GradientEvidence, ReadsBackAsWrittenAndRefusesAProductCutShort) {
  std::ostringstream out;
  experiments::GradientEvidence failing = proved_evidence();
  failing.scheme = experiments::PositionScheme::alibi;
  failing.head_failure = "plain at d = 2 on 3 examples: w_3 leaves 2*u_01";
  experiments::write_gradient_evidence(out, {proved_evidence(), failing});
  std::istringstream in(out.str());
  const auto read = experiments::read_gradient_evidence(in);
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[0].runs, proved_evidence().runs);
  EXPECT_EQ(read[0].worst_relative, 3e-9);
  EXPECT_EQ(read[1].scheme, experiments::PositionScheme::alibi);
  EXPECT_EQ(read[1].head_failure, failing.head_failure);
  const std::string text = out.str();
  std::istringstream cut(text.substr(0, text.find("end\n\n") + 10));
  EXPECT_THROW(experiments::read_gradient_evidence(cut), std::invalid_argument);
  std::istringstream foreign("scheme\trope\nweights\t3\nend\n");
  EXPECT_THROW(experiments::read_gradient_evidence(foreign), std::invalid_argument);
}

TEST(GradientEvidence, TheClaimFailsWheneverTheProductSaysAStepFailed) {
  EXPECT_EQ(gradients_verdict(proved_evidence()).verdict, ledger::Verdict::holds);
  const auto fails_when = [](auto plant) {
    experiments::GradientEvidence e = proved_evidence();
    plant(e);
    return gradients_verdict(e).verdict == ledger::Verdict::fails;
  };
  EXPECT_TRUE(fails_when([](auto& e) { e.head_failure = "plain at d = 2: w_0 leaves u_00"; }));
  EXPECT_TRUE(fails_when([](auto& e) { e.loss_failure = "l_01 leaves 1"; }));
  EXPECT_TRUE(fails_when([](auto& e) { e.nonzero_entries = 0; }));
  EXPECT_TRUE(fails_when([](auto& e) { e.recomputed = 0; }));
  EXPECT_TRUE(fails_when([](auto& e) { e.runs.clear(); }));
  EXPECT_TRUE(fails_when([](auto& e) { e.worst_relative = 1e-3; }));
  EXPECT_TRUE(fails_when([](auto& e) { e.smallest_norm = 0; }));
  EXPECT_TRUE(fails_when([](auto& e) { e.difference_cases = 0; }));
}

}  // namespace
}  // namespace pe::theorems
