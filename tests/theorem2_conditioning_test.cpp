// The window-conditioning library: its domain checks (a precision too low to resolve the
// condition number is rejected by name), the numerical-rank threshold, and agreement between
// double and the multiprecision routes where double suffices.
#include "constants.hpp"
#include "expect_invalid.hpp"
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "subspaces.hpp"
#include "window_conditioning.hpp"

using pe::testing::expect_invalid;

namespace {

using pe::kEps;  // numerics/constants.hpp


}  // namespace

TEST(WindowConditioning, RejectsAPrecisionTooLowToResolveTheConditionNumber) {
  // cond ~ 3.7e29 at n = 16: 50 digits leave lambda_min(P^T P) ~ 1e-58 below the rounding.
  expect_invalid([] { pe::window_condition_number(16, 16, 1e4, 50); }, "digits = 50 is too low");
  // 64 digits do give a positive lambda_min, but n d 10^-64 cond^2 ~ 3.5e-3 > 1e-6.
  expect_invalid([] { pe::window_condition_number(16, 16, 1e4, 64); }, "digits = 64 is too low");
  expect_invalid([] { pe::window_condition_number(64, 16, 1e4, 30); }, "digits = 30 is too low");
  expect_invalid([] { pe::window_condition_number(16, 16, 1e4, 15); }, "digits = 15");
  expect_invalid([] { pe::window_condition_enclosure(16, 16, 1e4, 10); }, "digits = 10");
  // 40 digits: P^T P's entries carry ~1e-38 of rounding, far above lambda_min ~ 7e-58.
  expect_invalid([] { pe::window_condition_enclosure(16, 16, 1e4, 40); }, "digits = 40 is too low");
}

TEST(WindowConditioning, TwentyDigitsIsTheLeastPrecisionAccepted) {
  // One plane over eight positions is well conditioned, so only the floor of 20 digits decides.
  expect_invalid([] { pe::window_condition_number(8, 2, 1e4, 19); }, "digits must be >= 20, got digits = 19");
  expect_invalid([] { pe::window_condition_enclosure(8, 2, 1e4, 19); }, "digits must be >= 20, got digits = 19");
  EXPECT_NO_THROW(pe::window_condition_number(8, 2, 1e4, 20));
  EXPECT_NO_THROW(pe::window_condition_enclosure(8, 2, 1e4, 20));
}

TEST(WindowConditioning, AcceptsAPrecisionThatResolvesIt) {
  // 75 digits: n d 10^-75 cond^2 ~ 3.5e-14 <= 1e-6, and the value matches 200 digits.
  const pe::MpConditionNumber low = pe::window_condition_number(16, 16, 1e4, 75);
  const pe::MpConditionNumber high = pe::window_condition_number(16, 16, 1e4, 200);
  EXPECT_LE(low.relative_error_bound, 1e-6);
  EXPECT_NEAR(low.value / high.value, 1.0, 1e-12);
}

TEST(WindowConditioning, RejectsBadShapes) {
  expect_invalid([] { pe::position_window(0, 16, 1e4); }, "n = 0");
  expect_invalid([] { pe::window_conditioning_double(8, 7, 1e4); }, "d = 7");
  expect_invalid([] { pe::window_conditioning_double(8, 16, 1.0); }, "base = 1");
  expect_invalid([] { pe::window_condition_enclosure(15, 16, 1e4, 200); }, "n = 15");
  expect_invalid([] { pe::window_condition_number(0, 16, 1e4, 200); }, "n = 0");
}

TEST(WindowConditioning, DoubleAndMultiprecisionAgreeOnAWellConditionedWindow) {
  // n = 4096: cond ~ 17.7, so double's singular values are good to ~ n eps cond.
  const pe::DoubleWindowConditioning dbl = pe::window_conditioning_double(4096, 16, 1e4);
  const pe::MpConditionNumber mp = pe::window_condition_number(4096, 16, 1e4, 200);
  EXPECT_NEAR(dbl.condition_number / mp.value, 1.0, 4096 * 16 * kEps * 17.7);
  EXPECT_EQ(dbl.numerical_rank, 16);
}

TEST(WindowConditioning, EnclosureContainsBothMultiprecisionRoutes) {
  for (int n : {16, 64}) {
    const pe::ConditionEnclosure e = pe::window_condition_enclosure(n, 16, 1e4, 200);
    const pe::MpConditionNumber gram = pe::window_condition_number(n, 16, 1e4, 300);
    const pe::Vector<pe::Mp200> sv = pe::window_singular_values_mp200(n, 16, pe::Mp200(1e4));
    const pe::Mp200 direct = sv(0) / sv(15);
    EXPECT_LE(pe::Mp200(e.lower), direct) << n;
    EXPECT_GE(pe::Mp200(e.upper), direct) << n;
    EXPECT_LE(pe::Mp200(e.lower), pe::Mp200(gram.decimal)) << n;
    EXPECT_GE(pe::Mp200(e.upper), pe::Mp200(gram.decimal)) << n;
    EXPECT_LT(e.lower_value, e.upper_value);
    ASSERT_EQ(e.singular_lower.size(), 16u);
    ASSERT_EQ(e.singular_upper.size(), 16u);
    for (int i = 0; i < 16; ++i) {  // every singular value, largest first
      EXPECT_LE(pe::Mp200(e.singular_lower[i]), sv(i)) << n << " sigma_" << i;
      EXPECT_GE(pe::Mp200(e.singular_upper[i]), sv(i)) << n << " sigma_" << i;
    }
  }
}

TEST(NumericalRank, UsesTheLapackThreshold) {
  EXPECT_DOUBLE_EQ(pe::rank_threshold(2.0, 64, 16), 2.0 * 64 * kEps);
  Eigen::VectorXd s(3);
  s << 1.0, 64 * kEps * 1.01, 64 * kEps * 0.99;
  EXPECT_EQ(pe::numerical_rank(s, 64, 3), 2);
  expect_invalid([] { pe::rank_threshold(-1, 2, 2); }, "sigma_max = -1");
  expect_invalid([] { pe::rank_threshold(1, 0, 2); }, "rows = 0");
  // A rank-2 matrix built from two outer products.
  Eigen::MatrixXd a = Eigen::VectorXd::LinSpaced(6, 1, 6) * Eigen::RowVectorXd::Ones(5) +
                      Eigen::VectorXd::Ones(6) * Eigen::RowVectorXd::LinSpaced(5, -2, 2);
  EXPECT_EQ(pe::numerical_rank(a), 2);
}
