// The harness table's helpers: pattern matching over CTest names, and the claim
// impl.harness.every_row_ran's count on rows that select nothing or a claim that disagrees.
#include <gtest/gtest.h>

#include "gradient_check.hpp"
#include "harness.hpp"
#include "runs.hpp"

namespace pe::theorems {
namespace {

TEST(HarnessRows, PatternsMatchWholeCTestNames) {
  EXPECT_TRUE(matches("prop1.*", "prop1.output_is_e_over_t_plus_1"));
  EXPECT_TRUE(matches("thm1.stationary", "thm1.stationary"));
  EXPECT_FALSE(matches("thm1.stationary", "thm1.stationary_extra"));
  // A claim id's later dots become '_' in its CTest name, so "exp.bag.*" selects nothing.
  EXPECT_FALSE(matches("exp.bag.*", "exp.bag_exact_L32"));
  EXPECT_TRUE(matches("exp.bag_*", "exp.bag_exact_L32"));
}

TEST(HarnessRows, ARowThatSelectsNoClaimIsNotCounted) {
  const HarnessRun run = run_one_claim_per_row({{1, "nothing", {"no_such_unit.*"}},
                                                {2, "Proposition 2", {"prop2.*"}}},
                                               lab::headline_runs());
  EXPECT_EQ(run.rows, 2);
  EXPECT_EQ(run.agreeing, 1);
  EXPECT_NE(run.detail.find("row 1: no ledger claim"), std::string::npos) << run.detail;
}

TEST(HarnessRows, EveryRowSelectsALedgerClaim) {
  for (const HarnessRow& row : harness_rows())
    EXPECT_FALSE(claims_of_row(row).empty()) << "row " << row.number << " selects no ledger claim";
}

// The gradient claims' comparison can fail: a step of 0.5 leaves a truncation error far above
// the bound.
TEST(GradientCheck, ACoarseStepExceedsTheBound) {
  const experiments::GradientCase c{experiments::PositionScheme::rope, "plain", "query"};
  EXPECT_LE(experiments::check_gradient(c).relative, experiments::kGradientRelativeBound);
  EXPECT_GT(experiments::check_gradient(c, 0.5).relative, experiments::kGradientRelativeBound);
}

// The cases' tokens must not depend on the compiler: the mark is drawn before the type.
TEST(GradientCheck, ARandomContentTokenDrawsItsMarkBeforeItsType) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Rng drawn(seed), by_hand(seed);
    const experiments::Token token = experiments::random_content_token(drawn);
    const bool marked = by_hand.bernoulli(0.3);
    const int symbol = static_cast<int>(by_hand.integer(0, 7));
    EXPECT_EQ(token.marked, marked) << "seed " << seed;
    EXPECT_EQ(token.symbol, symbol) << "seed " << seed;
    EXPECT_EQ(drawn.integer(0, 1000000), by_hand.integer(0, 1000000)) << "seed " << seed;
  }
}

TEST(GradientCheck, UnknownReadingIsRefused) {
  EXPECT_THROW(experiments::gradient_read_time_map("bogus"), std::invalid_argument);
}

}  // namespace
}  // namespace pe::theorems
