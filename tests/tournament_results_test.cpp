// The statistical predicates the tournament's claims are decided by, each fed an instance on
// which it must fail as well as one on which it must hold.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "tournament_results.hpp"

namespace lab = pe::theorems::lab;

namespace {
lab::SeedValues seeds_of(std::vector<double> values) {
  lab::SeedValues s;
  s.degenerate.assign(values.size(), "");
  s.values = std::move(values);
  return s;
}
}  // namespace

TEST(PairedDifference, MeanAndStandardErrorOfTheItemDifferences) {
  // Differences 1, 0, 0, -1: mean 0, sample variance 2/3, se sqrt(2/3 / 4).
  const lab::PairedDifference d = lab::paired_difference({1, 0, 1, 0}, {0, 0, 1, 1});
  EXPECT_DOUBLE_EQ(d.mean, 0.0);
  EXPECT_NEAR(d.se, std::sqrt(2.0 / 3.0 / 4.0), 1e-15);
  // One reader right on 60 of 100 items the other gets wrong, the rest shared: far from a tie.
  std::vector<double> a(100, 1.0), b(100, 1.0);
  for (int i = 0; i < 60; ++i) b[i] = 0;
  const lab::PairedDifference apart = lab::paired_difference(a, b);
  EXPECT_GT(std::fabs(apart.mean), lab::kSigmas * apart.se);
  EXPECT_THROW(lab::paired_difference({1, 0}, {1}), std::invalid_argument);
}

TEST(ReachesArticle, FailsWellBelowThePrintedValueAndHoldsAtIt) {
  std::string detail;
  EXPECT_FALSE(lab::reaches_article("0.999", seeds_of(std::vector<double>(20, 0.90)), &detail));
  EXPECT_NE(detail.find(" < "), std::string::npos) << detail;
  EXPECT_TRUE(lab::reaches_article("0.999", seeds_of(std::vector<double>(20, 0.999)), nullptr));
  // Above the printed value always reaches it.
  EXPECT_TRUE(lab::reaches_article("0.900", seeds_of(std::vector<double>(20, 0.95)), nullptr));
}

TEST(RangeOfThree, FailsWhenTheSeedsNeverSpreadThatFar) {
  std::vector<double> tight, wide;
  for (int k = 0; k < 20; ++k) {
    tight.push_back(0.50 + 0.001 * k);  // any three span at most 0.019
    wide.push_back(0.20 + 0.03 * k);    // 0.20 .. 0.77
  }
  using pe::ledger::Verdict;
  EXPECT_EQ(lab::range_of_three("0.31", "0.68", seeds_of(tight)).verdict, Verdict::fails);
  EXPECT_EQ(lab::range_of_three("0.31", "0.68", seeds_of(wide)).verdict, Verdict::holds);
  EXPECT_EQ(lab::range_of_three("0.31", "0.68", seeds_of(wide)).rule, pe::ledger::Rule::statistical);
}
